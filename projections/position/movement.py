"""Ground movement asked of a position (AWAW 13.1-13.4, 10.1-10.3; A3R C-MOV-1): who may move a unit, along what
path, what the path costs, what the unit has left and where it can go, and which hexsides and hexes it may not enter
(voluntary eliminations: :mod:`projections.position.voluntary`).

Sources: 10-16 extract 1.1-1.3, checklists 2.1 and 2.5 (AUD-10-01, AUD-10-06 to 10-09, AUD-13-01 to 13-09), worked
examples 6.1 (EX-01, EX-02); A3R extract 3.10 (C-MOV-1) and options 18-20. Every number comes from
:mod:`projections.rules.movement`; running facts (MF spent this phase, overruns, who moved first, where ground units
stand) from :mod:`projections.movement`; ZoCs from :mod:`projections.position.zoc`.

How a move is costed (:func:`path_cost`): each hex entered costs its terrain (map data; unknown terrain counts 1,
the least it can cost, and is named as unknown), plus the ZoC surcharge for leaving a hex in a hostile armor ZoC,
plus 1 for the hex a unit overruns. The queries on a move (:func:`mover`, :func:`path_shape`,
:func:`order_of_movement`, :func:`movement_cost`, :func:`hexes_entered`, :func:`occupied_hexes`) take the move as a
``unit_moved`` event, the claim: ``awaw move`` asks them of the move it is about to record, the audit of the move
that was recorded. Each returns the breaches of its rule and what it could not decide.

Not decided here: exploitation allowances and chains (:mod:`projections.position.combat`), weather limits
(AUD-13-10), the ZoC of enemy armor under its own army oil effect (the effect is not kept past its player turn), and
rule 5's conditions for entering and leaving the map (not in the extracts).
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterable, Mapping
from typing import Final, NamedTuple

import msgspec

from awaw_events.events import SupplyDetermined, UnitMoved
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, Theater
from projections import land
from projections import movement as facts
from projections.board import Unit, war_between
from projections.movement import around
from projections.position.combat.advance import placed_on
from projections.position.core import Judged, Position, Timed, Unknown, breach, turn_of
from projections.position.core import Verdict as Verdict  # re-exported: queries of other families import it here
from projections.position.wars import war_doubt
from projections.position.zoc import NO_ZOC, ZocAt, zoc_on
from projections.rules import movement as rules
from projections.rules import partisans, units
from projections.rules.breach import Breach
from projections.rules.combat.stacking import OVERRUN_EXTRA_MF
from projections.rules.control import theater_of
from projections.rules.geometry import GeometryError
from projections.rules.mapdata import no_map_data
from projections.rules.supply import immobile
from projections.rules.weather import winter_terrain

ON_MAP: Final = rules.MAP_PREFIXES
BOX: Final = rules.BOX_PREFIX
MOVABLE: Final = rules.MOVABLE_PREFIXES
STANDARD_A3R_TERRAIN: Final = "the standard A3R terrain costs (terrain.rough = a3r) are not in the extracts"


def _on_map(location: str) -> bool:
    return location.startswith(ON_MAP)


def unknown_fact(pos: Position, hex_: str, fact: str) -> Unknown:
    """``pos.missing_hex``; when the game has no map data at all, the same value for the same hex and fact (every
    move would otherwise build the same words again)."""
    if pos.map is not None:
        return pos.missing_hex(hex_, fact)
    return _missing_everywhere(hex_, fact, pos.map_reason)


@functools.lru_cache(maxsize=65_536)
def _missing_everywhere(hex_: str, fact: str, map_reason: str) -> Unknown:
    return Unknown(reason=f"{no_map_data(hex_, fact)}: {map_reason}", kind=f"no map data ({fact})")


def moving(pos: Position, event: UnitMoved, unit: Unit) -> tuple[Unit, UnitMoved]:
    """Where a move starts and the hexes it enters: armor placed on its breakthrough hex (16.21, which costs no
    movement and ignores ZoCs, 16.23) moves from there along the rest of its path
    (:func:`projections.position.combat.advance.placed_on`); any other move from where the unit stands."""
    placed = placed_on(pos, event) if event.exploitation else None
    if placed is None:
        return unit, event
    return msgspec.structs.replace(unit, location=placed), msgspec.structs.replace(event, path=event.path[1:])


# ---------------------------------------------------------------------------------------------------------------------
# Who moves what (13.11, 13.4)


def mover(pos: Position, event: UnitMoved) -> Verdict:
    """13.4: a move names a unit in play (on the map or in a mapboard box), moved by its owner; ground units move in
    their own player turn (the other side's only to retreat after attrition, 14.7); airdropped units not until the
    next game turn (10.56, 15.92C)."""
    unit = pos.state.board.units.get(event.unit)
    drops = pos.state.movement.airdrops
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
    return tuple(_mover(pos, event))


def _mover(pos: Position, event: UnitMoved) -> Iterable[Breach]:
    board = pos.state.board
    unit = board.units.get(event.unit)
    if unit is None:
        gone = board.eliminated.get(event.unit)
        why = (
            f"it was eliminated ({gone.cause.replace('_', ' ')}) in {gone.season.capitalize()} {gone.year}"
            if gone is not None
            else "no such unit was ever placed or built"
        )
        yield breach("13.4", f"{event.unit} moves, but {why}", "a unit in play", event.unit)
        return
    if not (_on_map(unit.location) or unit.location.startswith(BOX)):
        yield breach(
            "13.4",
            f"{event.unit} moves from {unit.location}, which is not on the map (a unit in a force pool, on a "
            "shipyard chart or in an SW box does not move)",
            "a unit on the map or in a mapboard box",
            unit.location,
        )
    drop = pos.state.movement.airdrops.get(event.unit)
    if drop is not None and unit.unit_type == units.CHINDIT:
        if event.phase == "combat" and drop.phase == "combat" and drop.side == event.side:
            yield breach(
                "10.61D",
                f"Chindit {event.unit} airdropped in this combat phase and moves in it: Chindits may not move in the "
                "combat phase in which they airdrop (10.61D, 10.63)",
                "no move in the combat phase of the drop",
                f"{event.unit} moves",
            )
    elif drop is not None:
        yield breach(
            "10.56",
            f"{event.unit} was airdropped this game turn and moves: it may not advance after combat or move "
            "until the next game turn, except by redeployment (10.56, 15.92C)",
            "no move until the next game turn",
            f"{event.unit} moves",
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
        yield breach(
            "13.4",
            f"{event.unit} belongs to {unit.owner} ({own_side}), but {' and '.join(problems)}: a power moves "
            "its own units, and ground units move in their own player turn (13.11, 13.4)",
            f"moved by {unit.owner} in the {own_side} player turn",
            f"moved by {actor} in the {event.side} player turn",
        )


# ---------------------------------------------------------------------------------------------------------------------
# The shape of a path (13.4, 13.44; 10-16 extract 1.15)


def path_shape(pos: Position, event: UnitMoved) -> Verdict:
    """13.4: each step of a path joins adjacent hexes, from where the unit stands; a path lists only the hexes
    entered; no ground move between mapboard boxes (13.44), and a hex leads only to its own box."""
    unit = pos.state.board.units.get(event.unit)
    if unit is None or unit.unit_type in AIR_TYPES:
        return ()
    if event.exploitation:
        unit, event = moving(pos, event, unit)
    previous, neighbours = unit.location, pos.grid.neighbours
    for hex_ in event.path:
        if previous.startswith("EUR:"):  # one grid in Europe: the cached neighbourhood is exact
            if hex_ not in around(previous):
                return tuple(_path(pos, event, unit))
        elif not (previous.startswith(ON_MAP) and hex_ in neighbours(previous)):
            return tuple(_path(pos, event, unit))
        previous = hex_
    return ()


def _path(pos: Position, event: UnitMoved, unit: Unit) -> Verdict:
    if event.path[0] == unit.location:
        yield breach(
            "13.4",
            f"{event.unit}'s path starts with the hex it stands in ({unit.location}); a path lists only the "
            "hexes entered",
            "the hexes entered",
            f"a path starting with {unit.location}",
        )
        return
    chain = [unit.location, *event.path]
    for a, b in itertools.pairwise(chain):
        if _on_map(a) and _on_map(b):
            if not pos.grid.adjacent(a, b):
                try:
                    apart = f"{pos.grid.distance(a, b)} hexes apart"
                except GeometryError:
                    apart = "on different maps"
                yield breach(
                    "10-16 extract 1.15",
                    f"{event.unit} steps from {a} to {b}, which are not adjacent ({apart}): a unit moves hex by hex "
                    "(10-16 extract 1.15)",
                    f"a hex adjacent to {a}",
                    b,
                )
            continue
        yield from _box_step(pos, event, a, b)


def _box_step(pos: Position, event: UnitMoved, a: str, b: str) -> Verdict:
    for loc in (a, b):
        if not (_on_map(loc) or loc.startswith(BOX)):
            yield breach(
                "13.4",
                f"{event.unit}'s path goes to {loc}, which is neither a hex nor a mapboard box",
                "hexes or mapboard boxes",
                loc,
            )
            return
    if a.startswith(BOX) and b.startswith(BOX):
        if event.phase == "movement":
            yield breach(
                "13.44",
                f"{event.unit} moves from {a} to {b}: ground movement between mapboard boxes in the movement "
                "phase is prohibited (13.44)",
                "no move from box to box",
                f"{a} to {b}",
            )
        return
    hex_, box = (a, b) if _on_map(a) else (b, a)
    hex_facts = pos.hex(hex_)
    if hex_facts is None or hex_facts.box is None:
        yield pos.missing_hex(hex_, "box")
        return
    if hex_facts.box != box.removeprefix(BOX):
        yield breach(
            "13.44",
            f"{event.unit} moves between {hex_} and {box}, but {hex_} leads to box:{hex_facts.box} (13.44; rule 5)",
            f"a hex that leads to {box}",
            hex_,
        )


# ---------------------------------------------------------------------------------------------------------------------
# Order of movement (13.11, 13.33, 30.42)


def order_of_movement(pos: Position, event: UnitMoved | SupplyDetermined) -> Verdict:
    """13.11: ground units move in the movement and exploitation phases, after their faction's air and naval units
    and its initial supply determination (13.33, 30.42)."""
    if isinstance(event, UnitMoved):
        unit = pos.state.board.units.get(event.unit)
        if unit is None or (
            unit.unit_type in GROUND_TYPES and event.phase in rules.MOVE_PHASES and not event.sea_transport
        ):
            return ()  # the common case
    return tuple(_order(pos, event))


def _order(pos: Position, event: UnitMoved | SupplyDetermined) -> Iterable[Breach]:
    moves = pos.state.movement
    if isinstance(event, SupplyDetermined):
        if event.determination != "initial":
            return
        first = moves.first_ground_move.get(event.faction)
        if first is not None and moves.player_turn == (turn_of(event), event.side):
            yield breach(
                "13.33",
                f"the {event.faction.replace('_', ' ')} initial supply determination comes after its ground "
                f"units moved (event {first}): supply is determined after air and naval movement and before ground "
                "movement (13.33, 30.42)",
                "before the first ground move",
                f"after event {first}",
            )
        return
    unit = pos.state.board.units.get(event.unit)
    if unit is None or event.phase is None:
        return
    faction = facts.faction_of(unit.owner)
    if unit.unit_type in GROUND_TYPES and not event.sea_transport:
        retreat = event.phase == rules.RETREAT_PHASE and facts.side_of(unit.owner) != event.side
        if event.phase not in rules.MOVE_PHASES and not retreat:
            yield breach(
                "13.11",
                f"{event.unit} moves in the {event.phase.replace('_', ' ')} phase: ground units move in the "
                "movement phase and, exploiting, in exploitation (13.4, 16.3); advances are advance_after_combat",
                "the movement or exploitation phase",
                event.phase,
            )
        return
    if event.phase != "movement" or faction is None or facts.side_of(unit.owner) != event.side:
        return
    if moves.player_turn != (turn_of(event), event.side):
        return
    ground = moves.first_ground_move.get(faction)
    naval = moves.first_naval_move.get(faction)
    supply = moves.initial_supply.get(faction)
    later_than = [(ground, "ground units"), (supply, "its initial supply determination")]
    if unit.unit_type in AIR_TYPES:
        later_than.append((naval, "naval units"))
    for seq, what in later_than:
        if seq is not None:
            kind = "air" if unit.unit_type in AIR_TYPES else "naval"
            yield breach(
                "13.11",
                f"{event.unit} ({kind}) moves after {what} of its faction (event {seq}): a faction moves its "
                "air units, then its naval units, then determines supply, then moves its ground units (13.11, "
                "13.33)",
                f"{kind} units move before {what}",
                f"after event {seq}",
            )
            return


# ---------------------------------------------------------------------------------------------------------------------
# What a path costs, the allowance and what is left (13.41, 13.411, 13.42, 10.11-10.33, 10.63)


class PathCost(NamedTuple):
    """What a path costs a unit: each step (its terrain, ZoC and overrun MF), the least the path certainly costs,
    and the facts that may add to it (:attr:`unknown`, each (hex, fact); empty: the cost is exact)."""

    steps: tuple[rules.Step, ...]
    least: int
    unknown: tuple[tuple[str, str], ...] = ()
    stop_at: int | None = None
    """The index of a step after which armor had to stop (10.33), if a later step follows."""
    zoc_of: tuple[str | None, ...] = ()
    """For each step, an armor unit whose ZoC the unit leaves there (None: none)."""
    doubts: tuple[Unknown, ...] = ()
    """ZoCs the path may leave that the least cost leaves out, because the record cannot tell whether the armor's
    nation is at war with the unit's (a war of factions or sides: :attr:`projections.position.zoc.ZocAt.doubt`)."""

    @property
    def exact(self) -> bool:
        return not self.unknown and not self.doubts

    def words(self) -> str:
        """``1 to enter EUR:L36, 1 to enter EUR:K36 +2 ZoC``."""
        parts = []
        for s in self.steps:
            bits = [f"{s.terrain if s.terrain is not None else 1} to enter {s.hex}"]
            if s.zoc:
                bits.append(f"+{s.zoc} ZoC")
            if s.overrun:
                bits.append(f"+{s.overrun} overrun")
            parts.append(" ".join(bits))
        return ", ".join(parts)


def theater_of_move(unit: Unit, path: tuple[str, ...] | list[str]) -> Theater:
    """The theater whose allowances a move uses: where the unit stands, or where the path ends (from a box)."""
    return "pacific" if (unit.location if unit.location[:4] in ON_MAP else path[-1])[:4] == "PAC:" else "europe"


def allowance(pos: Position, unit: Unit, theater: Theater, when: Timed) -> rules.Allowance:
    """A ground unit's movement factor for the phase of ``when`` (10.11-10.33, 13.41F): by type, theater, printed MF,
    partial supply and its faction's army oil effect this player turn (33.61C)."""
    moves = pos.state.movement
    oil = bool(moves.army_oil) and moves.player_turn == (turn_of(when), when.side)
    return rules.allowance(
        unit.unit_type,
        theater,
        unit.movement,
        unit.supply == "partial",
        oil and unit.unit_type in rules.MECHANIZED_TYPES and facts.faction_of(unit.owner) in moves.army_oil,
    )


def spent_this_phase(pos: Position, unit_id: str, when: Timed) -> tuple[int, int]:
    """The MF a unit spent and the hexes it entered so far in the phase of ``when`` (13.41, 13.411)."""
    moves = pos.state.movement
    if moves.phase != (turn_of(when), when.side, when.phase):
        return 0, 0
    return moves.spent.get(unit_id, 0), moves.entered.get(unit_id, 0)


def _overruns(pos: Position, when: Timed) -> Mapping[str, tuple[str, ...]]:
    moves = pos.state.movement
    return moves.overruns if moves.phase == (turn_of(when), when.side, when.phase) else {}


def path_cost(
    pos: Position, unit: Unit, path: tuple[str, ...] | list[str], when: Timed, *, exploiting: bool = False
) -> Judged[PathCost]:
    """What ``path`` costs ``unit`` moving at ``when`` (13.41B-E, 10.32-10.33): terrain, the ZoC surcharge to leave a
    hex in a hostile armor ZoC, 1 for each hex it overran. Breaks 10.33 where armor whose mechanized part is
    negated spends its infantry allowance and moves on. Unknown: the standard A3R terrain costs (not in the
    extracts)."""
    meta = pos.state.meta
    moves = pos.state.movement
    armor_near = moves.armor_near
    overruns = _overruns(pos, when)
    theater = theater_of_move(unit, path)
    allow = allowance(pos, unit, theater, when)
    jungle = rules.is_jungle_mover(unit.unit_type, unit.nationality)
    japanese = unit.nationality == "japan"
    negatable = allow.mechanized and unit.unit_type == "armor"
    rough = meta.option(rules.ROUGH_OPTION, rules.HOUSE_ROUGH)
    mapped = pos.map is not None
    steps: list[rules.Step] = []
    zoc_of: list[str | None] = []
    doubts: list[Unknown] = []
    previous = unit.location
    for hex_ in path:
        terrain_cost: int | None = rules.ENTER_COST
        negated: bool | None = False
        if hex_.startswith(ON_MAP):
            hex_facts = pos.hex(hex_) if mapped else None
            terrain: str | None = hex_facts.terrain if hex_facts is not None else None
            if terrain == "swamp":  # frozen on the eastern front in winter: clear (AWAW 34.23C; A3R: not decided)
                frozen = winter_terrain(terrain, season=when.season, front=hex_facts.front if hex_facts else None)
                terrain = frozen if meta.rules == "awaw" or frozen == "swamp" else None
            terrain_cost = rules.enter_cost(terrain, jungle_mover=jungle, rules=meta.rules, rough_option=rough)
            if terrain is not None and terrain_cost is None:
                return Judged(PathCost((), len(path)), (), (Unknown(reason=STANDARD_A3R_TERRAIN),))
            if negatable:
                negated = rules.negates_mechanized(terrain, theater=theater_of(hex_), japanese=japanese)
        zoc: ZocAt = NO_ZOC
        if previous in armor_near:  # no armor next to it: no ZoC can reach it
            zoc = zoc_on(pos, previous, owner=unit.owner, when=when, exploitation=exploiting)
        overrun = OVERRUN_EXTRA_MF if overruns and unit.id in overruns.get(hex_, ()) else 0
        steps.append(rules.Step(hex_, terrain_cost, zoc.cost, zoc.unknown, overrun, negated))
        zoc_of.append(zoc.armor)
        if zoc.doubt and zoc.unknown is None:
            doubt = zoc.not_checked(pos, "13.41D")
            if doubt is not None and doubt not in doubts:
                doubts.append(doubt)
        previous = hex_
    spent, _ = spent_this_phase(pos, unit.id, when)
    infantry = rules.infantry_allowance(theater) if negatable else None
    costed = rules.cost_of(steps, spent_before=spent, infantry_mf=infantry)
    cost = PathCost(tuple(steps), costed.least, costed.unknown, costed.stop_at, tuple(zoc_of), tuple(doubts))
    if costed.stop_at is None:
        return Judged(cost)
    stop = steps[costed.stop_at].hex
    stopped = breach(
        "10.33",
        f"{unit.id} has spent its infantry allowance of {rules.infantry_allowance(theater)} MF in {stop}, where its "
        "mechanized part is negated: it moves no further this phase (10.33)",
        f"stop in {stop}",
        f"moves on to {path[costed.stop_at + 1]}",
    )
    return Judged(cost, (stopped,))


def _first_on_map(path: Iterable[str]) -> str | None:
    return next((h for h in path if h.startswith(ON_MAP)), None)


def _cheap(pos: Position, unit: Unit, path: tuple[str, ...] | list[str]) -> bool:
    """The common case without map data: one MF a hex, no ZoC near, no overrun this phase."""
    armor_near = pos.state.movement.armor_near
    return pos.map is None and (
        not armor_near or (unit.location not in armor_near and not any(h in armor_near for h in path[:-1]))
    )


def movement_cost(pos: Position, event: UnitMoved) -> Verdict:
    """13.41: a ground move costs at least its terrain, ZoC and overrun MF (the recorded ``mf_used`` is that
    cost), armor whose mechanized part is negated stops when it has spent its infantry allowance (10.33), and the MF
    spent in a phase stay within the unit's allowance for its theater and status (13.42), except a supplied unit's
    single hex (13.411)."""
    unit = pos.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES or event.sea_transport:
        return ()  # sea transport is naval movement (21.43): no MF, terrain or ZoC costs
    if event.exploitation:
        unit, event = moving(pos, event, unit)
        if not event.path:
            return ()  # placed on the breakthrough hex, and no further: no movement (16.23)
    land_facts = pos.state.land
    isolated = land_facts.isolated
    if isolated and event.unit in isolated and land.same_player_turn(land_facts, event):
        return ()  # an unsupplied unit may not move at all: the 30.16 check says so
    path = event.path
    exploiting = event.exploitation or event.phase == "exploitation"
    spent, entered = spent_this_phase(pos, event.unit, event)
    overruns = _overruns(pos, event)
    if not overruns and _cheap(pos, unit, path):
        claimed = event.mf_used
        least = len(path)
        allow = allowance(pos, unit, theater_of_move(unit, path), event)
        mf = allow.mf
        if (claimed is None or claimed >= least) and mf is not None and spent + max(claimed or 0, least) <= mf:
            first = _first_on_map(path)
            return (unknown_fact(pos, first, "terrain"),) if first is not None else ()
        first = _first_on_map(path)
        cost = PathCost((), least, ((first, "terrain"),) if first is not None else ())
        judged = Judged(cost)
    else:
        judged = path_cost(pos, unit, path, event, exploiting=exploiting)
        if judged.unknown:
            return judged.unknown
        cost = judged.answer
    out: list[Breach | Unknown] = []
    claimed = event.mf_used
    exact = cost.exact
    if claimed is not None and (claimed < cost.least or (exact and claimed > cost.least)):
        words = cost.words() if cost.steps else ", ".join(f"1 to enter {h}" for h in path)
        at_least = "" if exact else "at least "
        out.append(
            breach(
                "13.41",
                f"{event.unit}'s move into {', '.join(path)} costs {at_least}{cost.least} MF ({words}; 13.41), "
                f"recorded {claimed}",
                f"{at_least}{cost.least}",
                claimed,
            )
        )
    out.extend(judged.breaches)
    if not exploiting:
        overrun = any(s.overrun for s in cost.steps)
        hexes = entered + len(path)
        out.extend(_over_budget(pos, event, unit, overrun, spent=spent, least=cost.least, hexes=hexes))
    if not cost.exact and not any(type(o) is Breach for o in out):
        if cost.unknown:
            hex_, fact = cost.unknown[0]
            out.append(unknown_fact(pos, hex_, fact))
        else:
            out.append(cost.doubts[0])
    return out


def _over_budget(
    pos: Position, event: UnitMoved, unit: Unit, overrun: bool, *, spent: int, least: int, hexes: int
) -> tuple[Breach | Unknown, ...]:
    allow = allowance(pos, unit, theater_of_move(unit, event.path), event)
    if allow.mf is None:
        return (Unknown(reason=allow.why),)
    total = spent + max(event.mf_used or 0, least)
    if total <= allow.mf:
        return ()
    if _one_hex_allowed(pos, unit, hexes=hexes, overrun=overrun):
        return ()
    over = breach(
        "13.42",
        f"{event.unit} spends {total} MF in this {event.phase or 'movement'} phase"
        + (f" ({spent} before this move)" if spent else "")
        + f"; its allowance is {allow.mf} ({allow.why}; {allow.rule}), and MF are not saved or shared (13.42)",
        f"at most {allow.mf} MF",
        f"{total} MF",
    )
    return (over,)


def _one_hex_allowed(pos: Position, unit: Unit, *, hexes: int, overrun: bool) -> bool:
    """13.411 (A3R ``move.min_one_hex``): a supplied ground unit may always move one hex, but not to overrun."""
    supplied = unit.supply is None or not immobile(unit.supply)
    meta = pos.state.meta
    one_hex_rule = meta.rules != "a3r" or meta.option(rules.MIN_ONE_HEX_OPTION, "on") == "on"
    return one_hex_rule and rules.min_one_hex(hexes_this_phase=hexes, overrun=overrun, supplied=supplied)


def mf_left(pos: Position, unit: Unit, when: Timed) -> int | None:
    """The MF a ground unit has left in the phase of ``when`` (its allowance less what it spent; None when the log
    does not give its allowance)."""
    allow = allowance(pos, unit, "pacific" if unit.location.startswith("PAC:") else "europe", when)
    if allow.mf is None:
        return None
    spent, _ = spent_this_phase(pos, unit.id, when)
    return allow.mf - spent


# ---------------------------------------------------------------------------------------------------------------------
# Hexsides and hexes a ground unit may not enter (13.43, 13.46, 10.66, 11.42; C-MOV-1)


def crossing(pos: Position, unit: Unit, a: str, b: str, season: str) -> str | None:
    """Why ground movement may not cross from ``a`` into the adjacent ``b`` (the rule), or None where nothing the
    map data says forbids it (13.43A-D; A3R Chott el Jerid in Winter)."""
    if pos.map is None or not (_on_map(a) and _on_map(b)) or not pos.grid.adjacent(a, b):
        return None
    meta = pos.state.meta
    chott = meta.rules == "a3r" and meta.option(rules.CHOTT_OPTION, "on") == "on"
    return rules.crossing_ban(pos.map.hexside(a, b), pos.hex(b), winter=season == "winter", chott_closed=chott)


def hexes_entered(pos: Position, event: UnitMoved) -> Verdict:
    """13.43: ground units cross no all-water (but at a crossing arrow), Qattara, Himalaya or outback hexside, nor
    the Chott el Jerid in Winter under the A3R house rule; Chindits stay on their front, and in India until Britain
    and Japan are at war (10.66); partisans stay in their country (11.42)."""
    unit = pos.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES or event.sea_transport:
        return ()
    if event.exploitation:
        unit, event = moving(pos, event, unit)
    if pos.map is not None:
        return tuple(_entered(pos, event, unit))
    first = _first_on_map(event.path)
    if first is None:
        return ()
    hexside = unknown_fact(pos, first, "hexside")
    if unit.unit_type == units.CHINDIT:
        return (hexside, unknown_fact(pos, first, "front"))
    if event.unit in pos.state.movement.partisans:
        return (hexside, unknown_fact(pos, first, "country"))
    return (hexside,)


def _entered(pos: Position, event: UnitMoved, unit: Unit) -> Verdict:
    previous = unit.location
    for hex_ in event.path:  # a hexside the map data does not list is open (projections/rules/zoc.py's reading)
        ban = crossing(pos, unit, previous, hex_, event.season)
        if ban is not None:
            yield breach(
                "13.43",
                f"{event.unit} crosses from {previous} into {hex_}: no ground movement across it ({ban})",
                "a passable hexside",
                f"{previous} to {hex_}",
            )
            break
        previous = hex_
    if unit.unit_type == units.CHINDIT:
        yield from _chindit_area(pos, event)
    area = pos.state.movement.partisans.get(event.unit)
    if area is not None:
        yield from _partisan_country(pos, event, area)


def _chindit_area(pos: Position, event: UnitMoved) -> Verdict:
    """Chindits stay on the Southeast Asian front, in India until Britain and Japan are at war (10.66)."""
    war = war_between(pos.state.board, "britain", "japan")
    at_war_with_japan = war is True
    for hex_ in event.path:
        found = pos.hex(hex_) if _on_map(hex_) else None
        front = found.front if found else None
        country = found.country if found else None
        if front is None or (not at_war_with_japan and country is None):
            yield pos.missing_hex(hex_, "front" if front is None else "country")
            return
        if front != units.CHINDIT_FRONT:
            yield breach(
                "10.66",
                f"Chindit {event.unit} enters {hex_} on the {front} front: Chindits stay on the Southeast Asian front "
                "(10.66)",
                "the Southeast Asian front",
                f"{hex_} ({front})",
            )
            return
        if not at_war_with_japan and country != units.CHINDIT_HOME:
            if war is None:  # the record's only war of Britain on Japan is one of a faction or side
                yield war_doubt({("britain", "japan"): None}, "10.66")
                return
            yield breach(
                "10.66",
                f"Chindit {event.unit} leaves India ({hex_}, {country}) before Britain and Japan are at war (10.66)",
                "India",
                f"{hex_} ({country})",
            )
            return


def _partisan_country(pos: Position, event: UnitMoved, area: str) -> Verdict:
    """Partisans stay in their country, with the exceptions of 11.42 (the countries of their area)."""
    home = partisans.countries(area)
    for hex_ in event.path:
        found = pos.hex(hex_) if _on_map(hex_) else None
        if found is None or found.country is None:
            yield pos.missing_hex(hex_, "country")
            return
        if found.country not in home:
            yield breach(
                "11.42",
                f"partisan {event.unit} of {area} enters {hex_} in {found.country}: partisans stay in their country "
                "(11.42)",
                " or ".join(sorted(home)),
                f"{hex_} ({found.country})",
            )
            return


def hostile_ground(pos: Position, hex_: str, side: str | None) -> list[str]:
    """The ground units of the other side in a hex (enemy flak alone does not bar it: 13.46)."""
    there = pos.state.movement.at.get(hex_)
    if not there:
        return []
    units_ = pos.state.board.units
    return sorted(
        u
        for u in there
        if (other := units_.get(u)) is not None
        and facts.side_of(other.owner) not in (side, None)
        and other.unit_type != "flak"
    )


def occupied_hexes(pos: Position, event: UnitMoved) -> Verdict:
    """13.46: ground units enter no hex holding the other side's ground units, except by overrun (13.5; enemy flak
    alone excepted)."""
    at = pos.state.movement.at
    if not any(h in at for h in event.path):
        return ()  # the common case: only empty hexes entered
    unit = pos.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return ()
    side = facts.side_of(unit.owner)
    overrun = _overruns(pos, event)
    for hex_ in event.path:
        if hex_ in overrun:
            continue
        hostile = hostile_ground(pos, hex_, side)
        if hostile:
            return (
                breach(
                    "13.46",
                    f"{event.unit} enters {hex_}, held by {', '.join(hostile)}: ground units enter or pass through "
                    "hexes with hostile ground units only by overrun (13.46, 13.5)",
                    "no enemy ground units",
                    ", ".join(hostile),
                ),
            )
    return ()


# ---------------------------------------------------------------------------------------------------------------------
# Where a unit can go (13.41-13.46): the hexes within what it has left


class Reach(NamedTuple):
    """A hex a unit can reach this phase: the least it costs, the path, and whether the cost is exact."""

    hex: str
    cost: int
    path: tuple[str, ...]
    exact: bool


def reachable(pos: Position, unit: Unit, when: Timed, *, exploiting: bool = False) -> Judged[tuple[Reach, ...]]:
    """Every hex ``unit`` can move to at ``when`` with the MF it has left, by the cheapest path (Dijkstra over the
    grid; a path that costs no more than what is left and breaks none of 13.43, 13.46 or 10.33), nearest first. A
    step whose cost the map data cannot give counts the least it can cost (the answer's ``exact`` says so); unknown:
    the unit's allowance, when the log does not give it. A supplied unit may always move one hex (13.411)."""
    if unit.unit_type not in GROUND_TYPES:
        return Judged(
            (), (), (Unknown(reason=f"{unit.id} is {unit.unit_type}: reach by MF is for ground units (13.41)"),)
        )
    left = mf_left(pos, unit, when)
    if left is None:
        allow = allowance(pos, unit, "pacific" if unit.location.startswith("PAC:") else "europe", when)
        return Judged((), (), (Unknown(reason=allow.why),))
    _, entered = spent_this_phase(pos, unit.id, when)
    one_hex = _one_hex_allowed(pos, unit, hexes=entered + 1, overrun=False)
    side = facts.side_of(unit.owner)
    best: dict[str, tuple[int, tuple[str, ...], bool]] = {unit.location: (0, (), True)}
    queue: list[tuple[int, tuple[str, ...], bool]] = [(0, (), True)]
    found: list[Reach] = []
    while queue:
        cost, path, exact = heapq.heappop(queue)
        here = path[-1] if path else unit.location
        if best[here][0] < cost:
            continue
        if path:
            found.append(Reach(here, cost, path, exact))
        if not _on_map(here):
            continue
        for step in pos.grid.neighbours(here):
            if step in path or step == unit.location:
                continue
            if hostile_ground(pos, step, side) or crossing(pos, unit, here, step, when.season) is not None:
                continue
            new_path = (*path, step)
            judged = path_cost(pos, unit, new_path, when, exploiting=exploiting)
            over = judged.answer.least > left and not (one_hex and len(new_path) == 1)
            if judged.breaches or judged.unknown or over:
                continue
            total = judged.answer.least
            seen = best.get(step)
            if seen is None or total < seen[0]:
                best[step] = (total, new_path, judged.answer.exact)
                heapq.heappush(queue, (total, new_path, judged.answer.exact))
    found.sort(key=lambda r: (r.cost, r.hex))
    return Judged(tuple(found))
