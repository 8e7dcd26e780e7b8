"""Ground movement (AWAW 13.1-13.4, 10.1-10.3 movement factors and zones of control; A3R C-MOV-1): who may move a
unit, along what path, for how many movement factors, across which hexsides and into which hexes, in what order, and
voluntary eliminations.

Sources: 10-16 extract 1.1-1.3, checklists 2.1 and 2.5 (AUD-10-01, AUD-10-06 to 10-09, AUD-13-01 to 13-09), worked
examples 6.1 (EX-01, EX-02); A3R extract 3.10 (C-MOV-1) and options 18-20; issue 11 (a move of a unit that does not
exist, of another power's unit, or by a jump). Every number comes from :mod:`projections.rules.movement`; running
facts (MF spent this phase, overruns, who moved first, where ground units stand) from :mod:`projections.movement`.

How a move is costed: each hex entered costs its terrain (map data; unknown terrain counts 1, the least it can
cost), plus the ZoC surcharge for leaving a hex in a hostile armor ZoC (the armor positions from the board; whether a
ZoC reaches a hex from the map data), plus 1 for the hex a unit overruns. The recorded ``mf_used`` must be at least
that; the MF spent in the phase (recorded, or the least cost where it is higher) must stay within the unit's
allowance, except a supplied unit's single hex (13.411). What the map data does not give is reported "not checked".

Not checked here: exploitation allowances and chains (the ground combat family, AUD-16-06/07), weather limits
(AUD-13-10), the ZoC of enemy armor under its own army oil effect (the effect is not kept past its player turn), and
rule 5's conditions for entering and leaving the map (not in the extracts).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final

from awaw_events.events import SupplyDetermined, UnitEliminated, UnitMoved
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES, POWERS, Theater
from projections import land
from projections import movement as facts
from projections.board import Unit, at_war
from projections.movement import around
from projections.rules import movement as rules
from projections.rules import partisans, units
from projections.rules.combat.stacking import OVERRUN_EXTRA_MF
from projections.rules.control import theater_of
from projections.rules.geometry import GeometryError
from projections.rules.mapdata import no_map_data
from projections.rules.supply import immobile
from replays.audit.common import ZocAt, hostile_armor_zoc
from replays.audit.engine import AuditContext, Check, Family, Finding, Missing, Outcome, Result

FAMILY = Family("movement")

ON_MAP: Final = rules.MAP_PREFIXES
BOX: Final = rules.BOX_PREFIX
MOVABLE: Final = rules.MOVABLE_PREFIXES


def _on_map(location: str) -> bool:
    return location.startswith(ON_MAP)


def _no_map_data(ctx: AuditContext[Any], hex_: str, fact: str) -> Missing:
    """``ctx.missing_hex``; when the game has no map data at all, the same ``Missing`` for the same hex and fact
    (every move would otherwise build the same words again)."""
    if ctx.map is not None:
        return ctx.missing_hex(hex_, fact)
    return _missing_everywhere(hex_, fact, ctx.map_reason)


@functools.lru_cache(maxsize=65_536)
def _missing_everywhere(hex_: str, fact: str, map_reason: str) -> Missing:
    reason = f"{no_map_data(hex_, fact)}: {map_reason}"
    return Missing(reason=reason, kind=f"no map data ({fact})")


def _unit(ctx: AuditContext[Any], unit_id: str) -> Unit | None:
    return ctx.state.board.units.get(unit_id)


# ---------------------------------------------------------------------------------------------------------------------
# Who moves what (issue 11; 13.11, 13.4)


@FAMILY.check(
    "13.4",
    "a move names a unit in play, moved by its owner; ground units move in their own player turn, airdropped units "
    "not until the next game turn",
    reads=(UnitMoved,),
    covers=("AUD-10-25",),
)
def check_mover(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    drops = ctx.state.movement.airdrops
    if (
        unit is not None
        and not (drops and event.unit in drops)
        and rules.who_moves(owner=unit.owner, nationality=unit.nationality, actor=event.actor) == "owner"
        and unit.location.startswith(MOVABLE)
        and (
            event.side is None
            or unit.unit_type not in GROUND_TYPES
            or facts.side_of(unit.owner) == event.side
            or event.phase == rules.RETREAT_PHASE
        )
    ):
        return ()  # the common case
    return _mover(c, ctx)


def _mover(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    event = ctx.event
    board = ctx.state.board
    unit = board.units.get(event.unit)
    if unit is None:
        gone = board.eliminated.get(event.unit)
        why = (
            f"it was eliminated ({gone.cause.replace('_', ' ')}) in {gone.season.capitalize()} {gone.year}"
            if gone is not None
            else "no such unit was ever placed or built"
        )
        yield c.finding(
            ctx,
            expected="a unit in play",
            recorded=event.unit,
            message=f"{event.unit} moves, but {why}",
        )
        return
    if not (_on_map(unit.location) or unit.location.startswith(BOX)):
        yield c.finding(
            ctx,
            expected="a unit on the map or in a mapboard box",
            recorded=unit.location,
            message=f"{event.unit} moves from {unit.location}, which is not on the map (a unit in a force pool, on a "
            "shipyard chart or in an SW box does not move)",
        )
    if event.unit in ctx.state.movement.airdrops:
        yield c.finding(
            ctx,
            expected="no move until the next game turn",
            recorded=f"{event.unit} moves",
            message=f"{event.unit} was airdropped this game turn and moves: it may not advance after combat or move "
            "until the next game turn, except by redeployment (10.56, 15.92C)",
        )
    actor = event.actor
    wrong_actor = rules.who_moves(owner=unit.owner, nationality=unit.nationality, actor=actor) != "owner"
    own_side = facts.side_of(unit.owner)
    retreat = event.phase == rules.RETREAT_PHASE
    wrong_side = unit.unit_type in GROUND_TYPES and event.side is not None and own_side != event.side and not retreat
    if wrong_actor or wrong_side:
        problems = []
        if wrong_actor:
            problems.append(f"{actor} moves it")
        if wrong_side:
            problems.append(f"it moves in the {event.side} player turn")
        yield c.finding(
            ctx,
            expected=f"moved by {unit.owner} in the {own_side} player turn",
            recorded=f"moved by {actor} in the {event.side} player turn",
            message=f"{event.unit} belongs to {unit.owner} ({own_side}), but {' and '.join(problems)}: a power moves "
            "its own units, and ground units move in their own player turn (13.11, 13.4)",
        )


@FAMILY.check(
    "13.4",
    "each step of a path joins adjacent hexes, from where the unit stands; no ground move between mapboard boxes",
    reads=(UnitMoved,),
    id="path",
    partly={"AUD-13-08": "rule 5's conditions for entering and leaving the map through a box are not in the extracts"},
)
def check_path(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    unit = _unit(ctx, ctx.event.unit)
    if unit is None or unit.unit_type in AIR_TYPES:
        return ()
    previous, neighbours = unit.location, ctx.grid.neighbours
    for hex_ in ctx.event.path:
        if previous.startswith("EUR:"):  # one grid in Europe: the cached neighbourhood is exact
            if hex_ not in around(previous):
                return _path(c, ctx, unit)
        elif not (previous.startswith(ON_MAP) and hex_ in neighbours(previous)):
            return _path(c, ctx, unit)
        previous = hex_
    return ()


def _path(c: Check, ctx: AuditContext[UnitMoved], unit: Unit) -> Result:
    event = ctx.event
    chain = [unit.location, *event.path]
    if event.path[0] == unit.location:
        yield c.finding(
            ctx,
            expected="the hexes entered",
            recorded=f"a path starting with {unit.location}",
            message=f"{event.unit}'s path starts with the hex it stands in ({unit.location}); a path lists only the "
            "hexes entered",
        )
        return
    for i in range(1, len(chain)):
        a, b = chain[i - 1], chain[i]
        if _on_map(a) and _on_map(b):
            if not ctx.grid.adjacent(a, b):
                try:
                    apart = f"{ctx.grid.distance(a, b)} hexes apart"
                except GeometryError:
                    apart = "on different maps"
                yield c.finding(
                    ctx,
                    expected=f"a hex adjacent to {a}",
                    recorded=b,
                    message=f"{event.unit} steps from {a} to {b}, which are not adjacent ({apart}): a unit moves "
                    "hex by hex (10-16 extract 1.15)",
                )
            continue
        yield from _box_step(c, ctx, a, b)


def _box_step(c: Check, ctx: AuditContext[UnitMoved], a: str, b: str) -> Result:
    event = ctx.event
    for loc in (a, b):
        if not (_on_map(loc) or loc.startswith(BOX)):
            yield c.finding(
                ctx,
                expected="hexes or mapboard boxes",
                recorded=loc,
                message=f"{event.unit}'s path goes to {loc}, which is neither a hex nor a mapboard box",
            )
            return
    if a.startswith(BOX) and b.startswith(BOX):
        if event.phase == "movement":
            yield c.finding(
                ctx,
                expected="no move from box to box",
                recorded=f"{a} to {b}",
                message=f"{event.unit} moves from {a} to {b}: ground movement between mapboard boxes in the movement "
                "phase is prohibited (13.44)",
            )
        return
    hex_, box = (a, b) if _on_map(a) else (b, a)
    hex_facts = ctx.hex(hex_)
    if hex_facts is None or hex_facts.box is None:
        yield ctx.missing_hex(hex_, "box")
        return
    if hex_facts.box != box.removeprefix(BOX):
        yield c.finding(
            ctx,
            expected=f"a hex that leads to {box}",
            recorded=hex_,
            message=f"{event.unit} moves between {hex_} and {box}, but {hex_} leads to box:{hex_facts.box} "
            "(13.44; rule 5)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Order of movement (13.11, 13.33, 30.42)


@FAMILY.check(
    "13.11",
    "ground units move in the movement and exploitation phases, after their faction's air and naval units and its "
    "initial supply determination",
    reads=(UnitMoved, SupplyDetermined),
    id="order_of_movement",
    covers=("AUD-13-01",),
)
def check_order_of_movement(c: Check, ctx: AuditContext[UnitMoved | SupplyDetermined]) -> Result:
    event = ctx.event
    if isinstance(event, UnitMoved):
        unit = ctx.state.board.units.get(event.unit)
        if unit is None or (
            unit.unit_type in GROUND_TYPES and event.phase in rules.MOVE_PHASES and not event.sea_transport
        ):
            return ()  # the common case
    return _order(c, ctx)


def _order(c: Check, ctx: AuditContext[UnitMoved | SupplyDetermined]) -> Result:
    event = ctx.event
    moves = ctx.state.movement
    if isinstance(event, SupplyDetermined):
        if event.determination != "initial":
            return
        first = moves.first_ground_move.get(event.faction)
        if first is not None and moves.player_turn == (game_turn(event), event.side):
            yield c.finding(
                ctx,
                expected="before the first ground move",
                recorded=f"after event {first}",
                message=f"the {event.faction.replace('_', ' ')} initial supply determination comes after its ground "
                f"units moved (event {first}): supply is determined after air and naval movement and before ground "
                "movement (13.33, 30.42)",
            )
        return
    unit = _unit(ctx, event.unit)
    if unit is None or event.phase is None:
        return
    faction = facts.faction_of(unit.owner)
    if unit.unit_type in GROUND_TYPES and not event.sea_transport:
        retreat = event.phase == rules.RETREAT_PHASE and facts.side_of(unit.owner) != event.side
        if event.phase not in rules.MOVE_PHASES and not retreat:
            yield c.finding(
                ctx,
                expected="the movement or exploitation phase",
                recorded=event.phase,
                message=f"{event.unit} moves in the {event.phase.replace('_', ' ')} phase: ground units move in the "
                "movement phase and, exploiting, in exploitation (13.4, 16.3); advances are advance_after_combat",
            )
        return
    if event.phase != "movement" or faction is None or facts.side_of(unit.owner) != event.side:
        return
    if moves.player_turn != (game_turn(event), event.side):
        return
    ground = moves.first_ground_move.get(faction)
    naval = moves.first_naval_move.get(faction)
    supply = moves.initial_supply.get(faction)
    later_than = [(s, what) for s, what in ((ground, "ground units"), (supply, "its initial supply determination"))]
    if unit.unit_type in AIR_TYPES:
        later_than.append((naval, "naval units"))
    for seq, what in later_than:
        if seq is not None:
            kind = "air" if unit.unit_type in AIR_TYPES else "naval"
            yield c.finding(
                ctx,
                expected=f"{kind} units move before {what}",
                recorded=f"after event {seq}",
                message=f"{event.unit} ({kind}) moves after {what} of its faction (event {seq}): a faction moves its "
                "air units, then its naval units, then determines supply, then moves its ground units (13.11, "
                "13.33)",
            )
            return


# ---------------------------------------------------------------------------------------------------------------------
# What a move costs, and the allowance (13.41, 13.411, 13.42, 10.11-10.33, 10.63; AUD-10-01, AUD-13-05, AUD-13-06)

STANDARD_A3R_TERRAIN: Final = "the standard A3R terrain costs (terrain.rough = a3r) are not in the extracts"


def _steps(
    ctx: AuditContext[UnitMoved], unit: Unit, allow: rules.Allowance, overruns: Mapping[str, tuple[str, ...]]
) -> list[rules.Step] | Missing:
    """Each hex the move enters, with its terrain, the ZoC surcharge for leaving the hex before it, and the overrun
    surcharge (13.41B-E)."""
    event = ctx.event
    meta = ctx.state.meta
    armor_near = ctx.state.movement.armor_near
    mapped = ctx.map is not None
    jungle = rules.is_jungle_mover(unit.unit_type, unit.nationality)
    exploiting = event.exploitation or event.phase == "exploitation"
    japanese = unit.nationality == "japan"
    negatable = allow.mechanized and unit.unit_type == "armor"
    rough = meta.option(rules.ROUGH_OPTION, rules.HOUSE_ROUGH)
    steps: list[rules.Step] = []
    previous = unit.location
    for hex_ in event.path:
        terrain_cost: int | None = rules.ENTER_COST
        negated: bool | None = False
        if hex_.startswith(ON_MAP):
            hex_facts = ctx.hex(hex_) if mapped else None
            terrain = hex_facts.terrain if hex_facts is not None else None
            terrain_cost = rules.enter_cost(terrain, jungle_mover=jungle, rules=meta.rules, rough_option=rough)
            if terrain is not None and terrain_cost is None:
                return Missing(reason=STANDARD_A3R_TERRAIN)
            if negatable:
                negated = rules.negates_mechanized(terrain, theater=theater_of(hex_), japanese=japanese)
        zoc = NO_ZOC
        if previous in armor_near:  # no armor next to it: no ZoC can reach it
            zoc = hostile_armor_zoc(ctx, previous, owner=unit.owner, exploitation=exploiting)
        overrun = OVERRUN_EXTRA_MF if overruns and event.unit in overruns.get(hex_, ()) else 0
        steps.append(rules.Step(hex_, terrain_cost, zoc.cost, zoc.unknown, overrun, negated))
        previous = hex_
    return steps


NO_ZOC: Final = ZocAt(0)


@FAMILY.check(
    "13.41",
    "a ground move costs at least its terrain, ZoC and overrun MF, and the MF spent in a phase stay within the "
    "unit's allowance for its theater and status",
    reads=(UnitMoved,),
    id="movement_cost",
    covers=("AUD-10-01", "AUD-13-05", "AUD-13-06", "AUD-10-07", "AUD-10-08", "AUD-10-09", "AUD-10-29", "C-MOV-1"),
)
def check_movement_cost(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES or event.sea_transport:
        return ()  # sea transport is naval movement (21.43): no MF, terrain or ZoC costs
    land_facts = ctx.state.land
    isolated = land_facts.isolated
    if isolated and event.unit in isolated and land.same_player_turn(land_facts, event):
        return ()  # an unsupplied unit may not move at all: the 30.16 check says so
    moves = ctx.state.movement
    turn = game_turn(event)
    this_phase = moves.phase == (turn, event.side, event.phase)
    path = event.path
    theater: Theater = (
        "pacific" if (unit.location if unit.location[:4] in ON_MAP else path[-1])[:4] == "PAC:" else "europe"
    )
    oil = bool(moves.army_oil) and moves.player_turn == (turn, event.side)
    allow = rules.allowance(
        unit.unit_type,
        theater,
        unit.movement,
        unit.supply == "partial",
        oil and unit.unit_type in rules.MECHANIZED_TYPES and facts.faction_of(unit.owner) in moves.army_oil,
    )
    overruns = moves.overruns if this_phase else {}
    spent_before = moves.spent.get(event.unit, 0) if this_phase else 0
    armor_near = moves.armor_near
    if (
        ctx.map is None
        and not overruns
        and (not armor_near or (unit.location not in armor_near and not any(h in armor_near for h in path[:-1])))
    ):
        # the common case without map data: one MF a hex, the terrain of each unknown, no ZoC, no overrun
        claimed = event.mf_used
        least = len(path)
        mf = allow.mf
        if (claimed is None or claimed >= least) and mf is not None and spent_before + max(claimed or 0, least) <= mf:
            first = path[0] if path[0].startswith(ON_MAP) else next((h for h in path if h.startswith(ON_MAP)), None)
            return (_no_map_data(ctx, first, "terrain"),) if first is not None else ()
        first = next((h for h in path if h.startswith(ON_MAP)), None)
        steps: list[rules.Step] = []
        costed = rules.Costed(least, ((first, "terrain"),) if first is not None else ())
    else:
        found = _steps(ctx, unit, allow, overruns)
        if isinstance(found, Missing):
            return (found,)
        steps = found
        infantry = rules.infantry_allowance(theater) if allow.mechanized and unit.unit_type == "armor" else None
        costed = rules.cost_of(steps, spent_before=spent_before, infantry_mf=infantry)
    out: list[Outcome] = []
    claimed = event.mf_used
    exact = not costed.unknown
    if claimed is not None and (claimed < costed.least or (exact and claimed > costed.least)):
        out.append(
            c.finding(
                ctx,
                expected=f"{'' if exact else 'at least '}{costed.least}",
                recorded=claimed,
                message=f"{event.unit}'s move into {', '.join(event.path)} costs {'' if exact else 'at least '}"
                f"{costed.least} MF ({_cost_words(steps, path)}; 13.41), recorded {claimed}",
            )
        )
    if costed.stop_at is not None:
        stop = steps[costed.stop_at].hex
        out.append(
            c.finding(
                ctx,
                expected=f"stop in {stop}",
                recorded=f"moves on to {event.path[costed.stop_at + 1]}",
                message=f"{event.unit} has spent its infantry allowance of {rules.infantry_allowance(theater)} MF in "
                f"{stop}, where its mechanized part is negated: it moves no further this phase (10.33)",
            )
        )
    if not (event.exploitation or event.phase == "exploitation"):
        entered = (moves.entered.get(event.unit, 0) if this_phase else 0) + len(event.path)
        overrun = any(s.overrun for s in steps)
        out.extend(_over_budget(c, ctx, unit, allow, overrun, spent=spent_before, least=costed.least, hexes=entered))
    if costed.unknown and not any(type(o) is Finding for o in out):
        hex_, fact = costed.unknown[0]
        out.append(_no_map_data(ctx, hex_, fact))
    return out


def _over_budget(
    c: Check,
    ctx: AuditContext[UnitMoved],
    unit: Unit,
    allow: rules.Allowance,
    overrun: bool,
    *,
    spent: int,
    least: int,
    hexes: int,
) -> tuple[Outcome, ...]:
    event = ctx.event
    if allow.mf is None:
        return (Missing(reason=allow.why),)
    total = spent + max(event.mf_used or 0, least)
    if total <= allow.mf:
        return ()
    supplied = unit.supply is None or not immobile(unit.supply)
    meta = ctx.state.meta
    one_hex_rule = meta.rules != "a3r" or meta.option(rules.MIN_ONE_HEX_OPTION, "on") == "on"
    if one_hex_rule and rules.min_one_hex(hexes_this_phase=hexes, overrun=overrun, supplied=supplied):
        return ()
    finding = c.finding(
        ctx,
        expected=f"at most {allow.mf} MF",
        recorded=f"{total} MF",
        message=f"{event.unit} spends {total} MF in this {event.phase or 'movement'} phase"
        + (f" ({spent} before this move)" if spent else "")
        + f"; its allowance is {allow.mf} ({allow.why}; {allow.rule}), and MF are not saved or shared (13.42)",
    )
    return (finding,)


def _cost_words(steps: list[rules.Step], path: list[str]) -> str:
    if not steps:
        return ", ".join(f"1 to enter {h}" for h in path)
    parts = []
    for s in steps:
        bits = [f"{s.terrain if s.terrain is not None else 1} to enter {s.hex}"]
        if s.zoc:
            bits.append(f"+{s.zoc} ZoC")
        if s.overrun:
            bits.append(f"+{s.overrun} overrun")
        parts.append(" ".join(bits))
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------------------------------
# Hexsides and hexes a ground unit may not enter (13.43, 13.46; C-MOV-1)


@FAMILY.check(
    "13.43",
    "ground units cross no all-water (but at a crossing arrow), Qattara, Himalaya or outback hexside, nor the Chott "
    "el Jerid in Winter under the A3R house rule; Chindits stay on their front, and in India until Britain and Japan "
    "are at war; partisans stay in their country",
    reads=(UnitMoved,),
    id="hexes_entered",
    covers=("AUD-13-07", "AUD-10-33", "AUD-11-09"),
)
def check_hexes_entered(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES or event.sea_transport:
        return ()
    if ctx.map is not None:
        return _entered(c, ctx, unit)
    first = event.path[0]
    if not first.startswith(ON_MAP):
        first = next((h for h in event.path if h.startswith(ON_MAP)), "")
        if not first:
            return ()
    hexside = _no_map_data(ctx, first, "hexside")
    if unit.unit_type == units.CHINDIT:
        return (hexside, _no_map_data(ctx, first, "front"))
    if event.unit in ctx.state.movement.partisans:
        return (hexside, _no_map_data(ctx, first, "country"))
    return (hexside,)


def _entered(c: Check, ctx: AuditContext[UnitMoved], unit: Unit) -> Result:
    yield from _hexsides(c, ctx, unit)
    if unit.unit_type == units.CHINDIT:
        yield from _chindit_area(c, ctx)
    area = ctx.state.movement.partisans.get(ctx.event.unit)
    if area is not None:
        yield from _partisan_country(c, ctx, area)


def _hexsides(c: Check, ctx: AuditContext[UnitMoved], unit: Unit) -> Result:
    event = ctx.event
    assert ctx.map is not None
    meta = ctx.state.meta
    chott = meta.rules == "a3r" and meta.option(rules.CHOTT_OPTION, "on") == "on"
    winter = event.season == "winter"
    previous = unit.location
    for hex_ in event.path:  # a hexside the map data does not list is open (projections/rules/zoc.py's reading)
        if _on_map(previous) and _on_map(hex_) and ctx.grid.adjacent(previous, hex_):
            side = ctx.map.hexside(previous, hex_)
            ban = rules.crossing_ban(side, ctx.hex(hex_), winter=winter, chott_closed=chott)
            if ban is not None:
                yield c.finding(
                    ctx,
                    expected="a passable hexside",
                    recorded=f"{previous} to {hex_}",
                    message=f"{event.unit} crosses from {previous} into {hex_}: no ground movement across it ({ban})",
                )
                return
        previous = hex_


def _chindit_area(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    """Chindits stay on the Southeast Asian front, in India until Britain and Japan are at war (10.66)."""
    event = ctx.event
    at_war_with_japan = at_war(ctx.state.board, "britain", "japan")
    for hex_ in event.path:
        found = ctx.hex(hex_) if _on_map(hex_) else None
        front = found.front if found else None
        country = found.country if found else None
        if front is None or (not at_war_with_japan and country is None):
            yield ctx.missing_hex(hex_, "front" if front is None else "country")
            return
        if front != units.CHINDIT_FRONT:
            yield c.finding(
                ctx,
                expected="the Southeast Asian front",
                recorded=f"{hex_} ({front})",
                message=f"Chindit {event.unit} enters {hex_} on the {front} front: Chindits stay on the Southeast "
                "Asian front (10.66)",
            )
            return
        if not at_war_with_japan and country != units.CHINDIT_HOME:
            yield c.finding(
                ctx,
                expected="India",
                recorded=f"{hex_} ({country})",
                message=f"Chindit {event.unit} leaves India ({hex_}, {country}) before Britain and Japan are at war "
                "(10.66)",
            )
            return


def _partisan_country(c: Check, ctx: AuditContext[UnitMoved], area: str) -> Result:
    """Partisans stay in their country, with the exceptions of 11.42 (the countries of their area)."""
    event = ctx.event
    home = partisans.countries(area)
    for hex_ in event.path:
        found = ctx.hex(hex_) if _on_map(hex_) else None
        if found is None or found.country is None:
            yield ctx.missing_hex(hex_, "country")
            return
        if found.country not in home:
            yield c.finding(
                ctx,
                expected=" or ".join(sorted(home)),
                recorded=f"{hex_} ({found.country})",
                message=f"partisan {event.unit} of {area} enters {hex_} in {found.country}: partisans stay in their "
                "country (11.42)",
            )
            return


@FAMILY.check(
    "13.46",
    "ground units enter no hex holding the other side's ground units, except by overrun (enemy flak alone excepted)",
    reads=(UnitMoved,),
    id="occupied_hexes",
    covers=("AUD-13-09",),
)
def check_occupied_hexes(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    at = ctx.state.movement.at
    for h in ctx.event.path:
        if h in at:
            return _occupied(c, ctx)
    return ()  # the common case: only empty hexes entered


def _occupied(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    event = ctx.event
    state = ctx.state
    unit = state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return
    side = facts.side_of(unit.owner)
    moves = state.movement
    overrun = moves.overruns if facts.same_phase(moves, game_turn(event), event.side, event.phase) else {}
    units = state.board.units
    for hex_ in event.path:
        there = moves.at.get(hex_)
        if not there or hex_ in overrun:
            continue
        hostile = sorted(
            u
            for u in there
            if (other := units.get(u)) is not None
            and facts.side_of(other.owner) not in (side, None)
            and other.unit_type != "flak"
        )
        if hostile:
            yield c.finding(
                ctx,
                expected="no enemy ground units",
                recorded=", ".join(hostile),
                message=f"{event.unit} enters {hex_}, held by {', '.join(hostile)}: ground units enter or pass "
                "through hexes with hostile ground units only by overrun (13.46, 13.5)",
            )
            return


# ---------------------------------------------------------------------------------------------------------------------
# Voluntary elimination (13.21, 13.22)


@FAMILY.check(
    "13.21",
    "voluntary eliminations come just before the owner's movement or at the end of its redeployment, never of "
    "launched ships, of a neutral power's units or of a minor's before it is active",
    reads=(UnitEliminated,),
    id="voluntary_elimination",
    covers=("AUD-13-02",),
)
def check_voluntary_elimination(c: Check, ctx: AuditContext[UnitEliminated]) -> Result:
    event = ctx.event
    if event.cause != "voluntary":
        return
    board = ctx.state.board
    unit = board.units.get(event.unit)
    if unit is None:
        return
    problems: list[str] = []
    own_side = facts.side_of(unit.owner)
    faction = facts.faction_of(unit.owner)
    moves = ctx.state.movement
    if event.side is not None and own_side != event.side:
        problems.append(f"in the {event.side} player turn, not its owner's (13.21)")
    elif event.phase is not None and event.phase not in rules.VOLUNTARY_PHASES:
        problems.append(f"in the {event.phase.replace('_', ' ')} phase (13.21: before movement, end of redeployment)")
    elif event.phase == "movement" and moves.player_turn == (game_turn(event), event.side):
        first = moves.first_move.get(faction) if faction is not None else None
        if first is not None:
            problems.append(f"after its faction began to move (event {first}; 13.21)")
    if unit.unit_type in NAVAL_TYPES and not unit.location.startswith("chart:"):
        problems.append(f"a launched naval unit ({rules.VOLUNTARY_NAVAL_RULE})")
    if not any(unit.owner in key.split("|") for key in board.wars):
        problems.append(f"{unit.owner} is a neutral major power (13.22A)")
    nationality = unit.nationality
    if nationality not in POWERS and ":" not in nationality and nationality not in ("free_french", "vichy"):
        status = board.statuses.get(nationality)
        if status is None:
            yield Missing(reason=f"the status of {nationality} (minor units: 13.22B) is not recorded")
        elif status not in rules.ACTIVE_MINOR_STATUSES:
            problems.append(f"{nationality} is {status.replace('_', ' ')}, not yet activated or associated (13.22B)")
    if problems:
        yield c.finding(
            ctx,
            expected="a legal voluntary elimination",
            recorded="; ".join(problems),
            message=f"{event.unit} is voluntarily eliminated {'; '.join(problems)}",
        )
