"""Who may redeploy, from where, to where and by which path (28.2, 28.3, 28.5, 28.6; A3R App. F): checks R-03..R-07,
R-11, R-12, R-14, R-17, R-19, R-20 of the 27-30 extract and C-RED-2..C-RED-4, C-RED-6, C-RED-7 of the A3R extract.
Stacking at the end of the phase (28.28: R-08, C-RED-8) is the stacking family's, which judges every phase's end.

Hex facts (objectives, ports, islands, hexsides) are the game's map data; a hex it does not describe is reported as
not checked. [Reading, as the control family's ZoC rules] a hexside the map data does not list is open land: all-water
hexsides are listed where they exist. Control is the board's; supply the last determination's (of the unit, or of
the hex where one listed it); this player turn's facts come from :mod:`projections.redeployment`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import pairwise
from typing import Final, cast

from awaw_events.events import UnitRedeployed
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, GROUND_TYPES, Faction, UnitType
from projections import brp, land, redeployment
from projections.board import Unit, units_in, war_between
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.redeployment import _faction, _is_hex, _unit
from projections.position.supply import supply_of
from projections.position.wars import doubt
from projections.rules.breach import Breach
from projections.rules.construction import country_of
from projections.rules.redeployment import (
    A3R_NATIONAL_CAPS_RULE,
    AIR_TR_RANGE,
    SR_CAPS,
    STRAIT_OF_HEX,
    STRAITS,
    SrTally,
    redeployment_ineligibility,
    strait_breach,
)


def hexes_of(event: UnitRedeployed) -> list[str]:
    """The hexes a redeployment begins in, passes and ends in, in order (boxes and SW boxes left out)."""
    return [h for h in (event.origin, *event.path, event.destination) if _is_hex(h)]


def _a3r(pos: Position) -> bool:
    return pos.meta.rules == "a3r"


# ---------------------------------------------------------------------------------------------------------------------
# Who may redeploy (28.22; A3R C-RED-2)
# ---------------------------------------------------------------------------------------------------------------------


def redeployment_eligible(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.22: isolated units, partisans and units of neutral or associated minors never redeploy (A3R: no partially
    supplied ground unit, nor one under the army oil effect, NRs)"""
    unit = _unit(pos, event)
    if unit is None:
        return (Unknown(reason="the redeployed unit is not on the board, so its type and supply are unknown"),)
    country = country_of(unit.nationality)
    minor = None if country in FACTION_OF_POWER else pos.state.board.statuses.get(country)
    if country in ("spain", "vichy"):
        return ()  # lent volunteers and Vichy units under a diplomatic result (52.5, 77.42): other rules
    supply, unknown = _supply(pos, unit)
    found = redeployment_ineligibility(
        cast(UnitType, unit.unit_type),
        supply=supply,
        minor_status=minor,
        kind=event.kind,
        ruleset="a3r" if _a3r(pos) else "awaw",
    )
    if found is None and _a3r(pos) and event.kind == "NR" and unit.unit_type in GROUND_TYPES:
        tallies = pos.state.redeployment
        this_turn = redeployment.this_player_turn(tallies, game_turn(event), event.side)
        if this_turn and tallies.oil_effects.get(event.unit) == "army":
            found = ("oil_nr", "a ground unit under the army oil effect may not NR (A3R 28.22, C-RED-2)")
    if found is not None:
        return (breach("28.22", f"{event.unit}: {found[1]}", "an eligible unit", found[0]),)
    if supply is None and unit.unit_type != "partisan":
        return unknown or (Unknown(reason="the redeployed unit's supply at the last determination is not recorded"),)
    return ()


def _supply(pos: Position, unit: Unit) -> tuple[str | None, tuple[Unknown, ...]]:
    """The unit's status at its last determination, else its supply traced on the map (which, in the moving
    side's redeployment phase, is its post-combat determination's: :mod:`projections.position.supply.trace`); a
    ground unit without supply is isolated (30.53, 28.22A)."""
    if unit.supply is not None or unit.unit_type == "partisan":
        return unit.supply, ()
    judged = supply_of(pos, unit.id)
    status = judged.answer
    if status == "unsupplied" and unit.unit_type in GROUND_TYPES:
        status = "isolated"
    return status, judged.unknown


# ---------------------------------------------------------------------------------------------------------------------
# The path: control, supply, enemy counters (28.23-28.27, 28.321, 28.341)
# ---------------------------------------------------------------------------------------------------------------------


def redeployment_path(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.23: redeployments pass only through hexes the faction controls, fully or partially supplied (air may
    overfly unsupplied friendly hexes); hexes taken this turn only if supplied at the post-combat determination. An
    alliance partner's hexes need its consent, which no event records: not checked"""
    unit = _unit(pos, event)
    if unit is None or event.kind == "NR":
        return ()
    own = _faction(unit.owner)
    state = pos.state
    control = state.board.control
    air = unit.unit_type in AIR_TYPES
    out: list[Breach | Unknown] = []
    for hex_ in (*event.path, event.destination):
        if not _is_hex(hex_):
            continue
        holder = control.get(hex_)
        if holder is None:
            out.append(Unknown(reason="who controls a hex on the redeployment's path is not recorded"))
            continue
        if _faction(holder) != own:
            if _faction(holder) is not None and brp.side_of(holder) == brp.side_of(unit.owner):
                why = f"{hex_} is held by {holder}, an alliance partner: whether the partner consents to a "
                why += "redeployment through its hexes (28.23) is not recorded"
                out.append(Unknown(reason=why))
                continue
            out.append(
                breach(
                    "28.23",
                    f"{event.unit} redeploys through {hex_}, controlled by {holder}; redeployments pass only "
                    "through controlled hexes (28.23, 28.342)",
                    f"a hex {own} controls",
                    f"{hex_} ({holder})",
                )
            )
            continue
        judged = supply_of(pos, hex_, cast("Faction | None", own))  # the faction's, recorded or traced on the map
        status = judged.answer
        taken = hex_ in state.land.changed_hands and land.same_player_turn(state.land, event)
        overfly = air and hex_ != event.destination
        if status is None:
            if taken:
                out.append(Unknown(reason="the post-combat supply of a hex taken this turn is not recorded (28.24)"))
            elif not overfly:
                out.extend(judged.unknown[:1])
        elif status in ("unsupplied", "isolated") and not overfly:
            rule = "28.24" if taken else "28.23"
            out.append(
                breach(
                    "28.23",
                    f"{event.unit} redeploys into {hex_}, {status} at the last supply determination; "
                    f"redeployments use only fully or partially supplied hexes ({rule})",
                    "fully or partially supplied",
                    f"{hex_} {status}",
                )
            )
    return out


def _hostile(pos: Position, owner: str, other: str) -> bool | None:
    """Whether ``other``'s counters bar ``owner``'s redeployment (28.25, 28.26A): a power (or minor's owner) of the
    other side at war with a power of ``owner``'s faction; None where only a war of factions or sides could make
    them so (:func:`projections.board.war_between`)."""
    mine, theirs = _faction(owner), _faction(other)
    if mine is None or theirs is None or brp.side_of(owner) == brp.side_of(other):
        return False
    board = pos.state.board
    wars = {war_between(board, p, other) for p in _powers_of(mine)}
    return True if True in wars else (None if None in wars else False)


@cache
def _powers_of(faction: str) -> tuple[str, ...]:
    """The powers of a faction (read from the vocabulary once, not at every pair of owners)."""
    return tuple(p for p, f in FACTION_OF_POWER.items() if f == faction)


def _holds_hostile(pos: Position, hex_: str, owner: str, pairs: dict[tuple[str, str], bool | None]) -> bool | None:
    """Whether a counter in ``hex_`` (unit, fortification, railhead) is hostile to ``owner`` (:func:`_hostile`, each
    pair of owners asked once an event: ``pairs``), read from the board's index of units by hex: None where no
    counter is known to be and one may be, by a war of factions."""
    board = pos.state.board
    here = units_in(board, hex_)
    fort = board.fortifications.get(hex_)
    railhead = board.railheads.get(hex_)
    units = board.units
    holders = [units[unit_id].owner for unit_id in here]
    holders += [h for h in (fort.owner if fort is not None else None, railhead) if h is not None]
    found: bool | None = False
    for other in holders:
        key = (owner, other)
        if key not in pairs:
            pairs[key] = _hostile(pos, owner, other)
        pair = pairs[key]
        if pair:
            return True
        if pair is None:
            found = None
    return found


def _water_between(pos: Position, a: str, b: str) -> bool:
    side = pos.map.hexside(a, b) if pos.map is not None else None
    return side is not None and side.all_water is not None


def enemy_neighbours(
    pos: Position, hex_: str, owner: str, *, water_separates: bool
) -> Iterator[tuple[str, bool | None]]:
    """Hexes next to ``hex_`` holding a counter hostile to ``owner`` (28.25-28.27), each with True, or None where
    only a war of factions or sides could make its counter hostile: across an all-water hexside they do not count
    where ``water_separates`` (28.26C); Z8 never bars Gibraltar (28.26D)."""
    hostile = pos.cached(_hostile_hexes)
    pairs = pos.cached(_hostile_owners)
    board = pos.state.board
    held = board.units_at  # read, never changed: a hex holding no unit, fortification or railhead is not hostile
    forts, railheads = board.fortifications, board.railheads
    for near in pos.grid.neighbours(hex_):
        if not held.get(near) and near not in forts and near not in railheads:
            continue
        if hex_ == "EUR:AA7" and near == "EUR:Z8":
            continue
        key = (near, owner)
        if key not in hostile:
            hostile[key] = _holds_hostile(pos, near, owner, pairs)
        found = hostile[key]
        if found is False:
            continue
        if water_separates and _water_between(pos, hex_, near):
            continue
        yield near, found


def _hostile_owners(pos: Position) -> dict[tuple[str, str], bool | None]:
    """(owner, other) -> :func:`_hostile`, asked once an event for each pair of owners."""
    return {}


def _hostile_hexes(pos: Position) -> dict[tuple[str, str], bool | None]:
    """(hex, owner) -> whether the hex holds a counter hostile to ``owner``'s redeployment: filled as the checks of
    one event ask (a path's hexes share neighbours; the redeployment checks read the state before the event)."""
    return {}


def redeployment_enemy_adjacent(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.25: no redeployment begins, ends or passes next to an enemy counter, unless water separates them (28.26)"""
    unit = _unit(pos, event)
    if unit is None or event.kind == "NR":
        return ()
    out: list[Breach | Unknown] = []
    for hex_ in hexes_of(event):
        for near, hostile in enemy_neighbours(pos, hex_, unit.owner, water_separates=True):
            if hostile is None:
                out.append(_enemy_in_doubt("28.25", near))
                continue
            out.append(
                breach(
                    "28.25",
                    f"{event.unit}'s {event.kind} passes {hex_}, next to an enemy counter in {near} (28.25)",
                    "no enemy counter adjacent",
                    f"{hex_} next to {near}",
                )
            )
            break
    return out


def _enemy_in_doubt(rule: str, near: str) -> Unknown:
    """A counter next to a redeployment that is an enemy's only if a war of factions or sides includes its owner."""
    return doubt(rule, f"whether the counter in {near} is an enemy's")


def nr_ports_and_straits(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.27: the sea part of an NR begins and ends in no port next to an enemy counter (Gibraltar excepted), and
    passes the straits only with the control 28.514 asks"""
    unit = _unit(pos, event)
    if unit is None or event.kind != "NR":
        return ()
    out: list[Breach | Unknown] = []
    for end in (event.origin, event.destination):
        if not _is_hex(end) or end == "EUR:AA7":
            continue
        for near, hostile in enemy_neighbours(pos, end, unit.owner, water_separates=False):
            if hostile is None:
                out.append(_enemy_in_doubt("28.27", near))
                continue
            out.append(
                breach(
                    "28.27",
                    f"{event.unit}'s NR begins or ends at {end}, next to an enemy counter in {near} (28.27)",
                    "no enemy counter next to the port",
                    f"{end} next to {near}",
                )
            )
            break
    if not _a3r(pos) or pos.meta.option("naval.strait_restrictions", "awaw_21_211_c_g") == "a3r":
        return out  # AWAW 28.514 refers to 21.211, which is not in the texts; the A3R house table is (extract 2.11)
    own = _faction(unit.owner) or ""
    seen: set[str] = set()
    for hex_ in hexes_of(event):
        name = STRAIT_OF_HEX.get(hex_)
        if name is None or name in seen:
            continue
        seen.add(name)
        strait = STRAITS[name]
        held = {h: _strait_holder(pos, h) for h in strait.hexes}
        why = strait_breach(
            strait, {h: v for h, v in held.items() if v is not None}, own, cast(UnitType, unit.unit_type)
        )
        if why is not None:
            out.append(
                breach(
                    "28.27",
                    f"{event.unit}'s NR passes the {name.replace('_', ' ')}: {why}",
                    "the strait's hexes friendly",
                    name.replace("_", " "),
                )
            )
    return out


def _strait_holder(pos: Position, hex_: str) -> str | None:
    """The faction holding a strait hex, ``neutral`` for a neutral minor, None when unknown."""
    holder = pos.state.board.control.get(hex_)
    if holder is None:
        return None
    faction = _faction(holder)
    if faction is not None:
        return faction
    return "neutral" if pos.state.board.statuses.get(holder, "neutral") == "neutral" else holder


def ground_over_water(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.321: ground units cross all-water hexsides only with sea escort or air transport"""
    if event.kind == "NR" or event.nr is not None or event.air_transport is not None:
        return ()
    unit = _unit(pos, event)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return ()
    if pos.map is None:
        return (Unknown(reason=f"no map data for the hexsides of the redeployment: {pos.map_reason}"),)
    steps = hexes_of(event)
    for a, b in pairwise(steps):
        if pos.grid.adjacent(a, b) and _water_between(pos, a, b):
            return (
                breach(
                    "28.321",
                    f"ground unit {event.unit} crosses the all-water hexside {a}|{b} without sea escort or "
                    "air transport (28.321)",
                    "sea escort or air transport",
                    f"{a}|{b}",
                ),
            )
    return ()


def air_range(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.341: air TRs and air transport reach at most 8 hexes in Europe and 6 in the Pacific; naval air SR chains
    have bases at most 6 hexes apart"""
    unit = _unit(pos, event)
    if unit is None or not (_is_hex(event.origin) and _is_hex(event.destination)):
        return ()
    carried = event.air_transport is not None
    if unit.unit_type == "nas" and event.kind == "SR" and not carried:
        return _naval_air_chain(pos, event, unit)
    if not ((event.kind == "TR" and unit.unit_type in AIR_TYPES) or carried):
        return ()
    board = event.origin[:3]
    if event.destination[:3] != board:
        return ()
    limit = AIR_TR_RANGE[board]
    hexes = max(pos.grid.distance(event.origin, event.destination), len(event.path) + 1 if event.path else 0)
    if hexes <= limit:
        return ()
    return (
        breach(
            "28.341",
            f"{event.unit}'s {'air transport' if carried else 'air TR'} covers {hexes} hexes; the limit is "
            f"{limit} on the {'European' if board == 'EUR' else 'Pacific'} map (28.341, 28.36A)",
            f"at most {limit} hexes",
            hexes,
        ),
    )


def _naval_air_chain(pos: Position, event: UnitRedeployed, unit: Unit) -> Verdict:
    if not event.path:
        return ()
    bases = hexes_of(event)
    for a, b in pairwise(bases):
        if a[:3] == b[:3] and pos.grid.distance(a, b) > 6:
            return (
                breach(
                    "28.341",
                    f"naval air unit {event.unit} SRs along bases {a} and {b}, {pos.grid.distance(a, b)} "
                    "hexes apart; a naval air chain's bases are at most 6 apart (28.341)",
                    "bases at most 6 hexes apart",
                    f"{a} to {b}",
                ),
            )
    return ()


def air_transport(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.36: air transport: an uninverted air transport unit in the ground unit's base carries it"""
    if event.air_transport is None:
        return ()
    carrier = pos.state.board.units.get(event.air_transport)
    if carrier is None:
        return (Unknown(reason="the air transport unit is not on the board"),)
    problems = []
    if carrier.unit_type != "air_transport":
        problems.append(f"{event.air_transport} is not an air transport unit")
    if carrier.inverted:
        problems.append(f"{event.air_transport} is inverted")
    if carrier.location != event.origin:
        problems.append(f"{event.air_transport} is at {carrier.location}, not at {event.origin}")
    return tuple(
        breach(
            "28.36",
            f"{event.unit} is air transported: {p} (28.36A)",
            "an uninverted air transport at the origin",
            event.air_transport,
        )
        for p in problems
    )


# ---------------------------------------------------------------------------------------------------------------------
# NR origins (28.511-28.512); SR ends and caps (28.62, 28.655A; A3R 28.62D, 28.14, 50.5)
# ---------------------------------------------------------------------------------------------------------------------


def nr_origin(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.511: an NR begins in a port, a one-hex island or a mapboard box; 28.512: from an unsupplied port it goes
    only to and through fully supplied ports or a mapboard box (the faction's supply, recorded or traced on the
    map; the text says "fully supplied", where the extract's R-17 reads "fully/partially")"""
    origin = event.origin
    if event.kind != "NR" or not _is_hex(origin):
        return ()
    facts = pos.hex(origin)
    if facts is None or (facts.port is None and facts.island is None):
        return (pos.missing_hex(origin, "port"),)
    if not (facts.port or facts.island):
        return (
            breach(
                "28.511",
                f"{event.unit} NRs from {origin}, which is neither a port nor a one-hex island (28.511)",
                "a port, one-hex island or box",
                origin,
            ),
        )
    unit = _unit(pos, event)
    faction = cast("Faction | None", _faction(unit.owner if unit is not None else event.actor))
    start = supply_of(pos, origin, faction)
    if start.answer is None:
        return start.unknown[:1]
    if start.answer not in ("unsupplied", "isolated"):
        return ()
    return list(_from_an_unsupplied_port(pos, event, faction))


def _from_an_unsupplied_port(pos: Position, event: UnitRedeployed, faction: Faction | None) -> Verdict:
    """28.512: the ports an NR from an unsupplied port reaches (its destination) and passes (the ports of its path)
    are fully supplied."""
    end = event.destination
    for hex_ in (*event.path, end):
        if not _is_hex(hex_) or hex_ == event.origin:
            continue
        if hex_ != end:
            facts = pos.hex(hex_)
            if facts is not None and facts.terrain == "sea":
                continue
            if facts is None or facts.port is None:
                yield pos.missing_hex(hex_, "port")
                continue
            if not facts.port:
                continue
        there = supply_of(pos, hex_, faction)
        if there.answer is None:
            yield from there.unknown[:1]
        elif there.answer != "full":
            reaches = "to" if hex_ == end else "through"
            yield breach(
                "28.511",
                f"{event.unit} NRs from the unsupplied port {event.origin} {reaches} {hex_}; from an unsupplied port "
                "units go only to and through fully supplied ports or a mapboard box (28.512)",
                "a fully supplied port or a box",
                hex_,
            )


def objective_end(pos: Position, end: str) -> bool | Unknown:
    """Whether an SR end hex counts as an objective (28.62A, 28.655A: a railhead city does): the map data's
    ``objective``; :class:`Missing` when the map data does not say."""
    if end in pos.state.board.railheads:
        return True
    facts = pos.hex(end)
    if facts is None or facts.objective is None:
        return pos.missing_hex(end, "objective")
    return facts.objective


def sr_ends(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.62A: an SR goes from one objective (or mapboard box) the faction controls to another"""
    if event.kind != "SR":
        return ()
    if event.origin == event.destination:
        return (
            breach(
                "28.62A",
                f"{event.unit} SRs from {event.origin} to the same place (28.62A)",
                "another objective",
                event.destination,
            ),
        )
    unit = _unit(pos, event)
    own = _faction(unit.owner) if unit is not None else None
    out: list[Breach | Unknown] = []
    for end in (event.origin, event.destination):
        if not _is_hex(end):
            continue
        objective = objective_end(pos, end)
        if isinstance(objective, Unknown):
            out.append(objective)
        elif not objective:
            out.append(
                breach(
                    "28.62A",
                    f"{event.unit} SRs from {event.origin} to {event.destination}; {end} is not an objective "
                    "(28.62A, 28.655A)",
                    "an objective, a railhead city or a box",
                    end,
                )
            )
        holder = pos.state.board.control.get(end)
        if holder is not None and own is not None and _faction(holder) != own:
            out.append(
                breach(
                    "28.62A",
                    f"{event.unit} SRs via {end}, which {holder} controls; SRs go between objectives the "
                    "faction controls (28.62A)",
                    f"controlled by {own}",
                    f"{end} ({holder})",
                )
            )
    return out


def sr_caps(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.62C: per objective and turn, at most 2 ground units and 5 air factors SR in, and as many out; mapboard boxes
    have no cap, but Ethiopia's (one unit a turn, 28.753E)"""
    if event.kind not in ("SR", "NR"):
        return
    if _a3r(pos) and pos.meta.option("redeploy.rules", "awaw_28_mod") == "awaw_28_mod":
        yield Unknown(reason=f"the A3R national SR and NR caps ({A3R_NATIONAL_CAPS_RULE}) are not in the texts")
    if event.kind != "SR" or event.origin == event.destination or redeployment.sw_allocation(event, pos.meta):
        return  # an SW allocation change is not counted against redeployment limits (house intro (d))
    found = redeployment.sr_of(pos.state.board, event, pos.meta.rules)
    if found is None:
        yield Unknown(reason="the redeployed unit is not on the board, so its type and size are unknown")
        return
    faction, tallies = found
    turn = game_turn(event)
    for tally in tallies:
        cap = SR_CAPS[tally.what]
        if tally.what == "units":  # Ethiopia's box: one unit a turn by SR (28.62C, 28.753E)
            yield from _ethiopia_cap(pos, event, faction, tally, turn)
            continue
        objective = objective_end(pos, tally.end)
        if isinstance(objective, Unknown):
            yield objective
            continue
        if not objective:
            continue  # not an objective: check_sr_ends says so
        before = redeployment.srs_counted(pos.state.redeployment, turn, faction, tally)
        after = before + tally.amount
        if before <= cap < after:
            words = "ground units" if tally.what == "ground" else "air factors"
            into = "into" if tally.direction == "in" else "out of"
            yield breach(
                "28.62C",
                f"{event.unit} brings the {words} SRed {into} {tally.end} this turn to {after}; 28.62C allows {cap}",
                f"<= {cap}",
                after,
            )


ETHIOPIA_BOTH_WAYS: Final = (
    "whether Ethiopia's one SR a turn (28.753E) counts SRs to and from it together or each way: 88.422C, which it "
    "cites, is not in the texts"
)


def _ethiopia_cap(pos: Position, event: UnitRedeployed, faction: str, tally: SrTally, turn: int) -> Verdict:
    """28.753E: one unit a turn SRs to or from Ethiopia. A second the same way is a breach under any reading; one
    each way is not judged (:data:`ETHIOPIA_BOTH_WAYS`)."""
    tallies = pos.state.redeployment
    cap = SR_CAPS["units"]
    same = redeployment.srs_counted(tallies, turn, faction, tally)
    if same + tally.amount > cap:
        way = "into" if tally.direction == "in" else "out of"
        yield breach(
            "28.753E",
            f"{event.unit} is unit {same + tally.amount} SRed {way} Ethiopia this turn; one unit a turn may SR to or "
            "from Ethiopia (28.62C, 28.753E)",
            f"<= {cap}",
            same + tally.amount,
        )
        return
    other = tally._replace(direction="out" if tally.direction == "in" else "in")
    if redeployment.srs_counted(tallies, turn, faction, other):
        yield Unknown(reason=ETHIOPIA_BOTH_WAYS)


def russia_wa_sr(pos: Position, event: UnitRedeployed) -> Verdict:
    """Russian units never SR through Western Allied objectives or railheads, nor Western Allied units through
    Russian ones (ground units too with redeploy.russia_wa_sr_ground = on)"""
    if event.kind != "SR" or not _a3r(pos):
        return ()
    unit = _unit(pos, event)
    if unit is None:
        return ()
    own = _faction(unit.owner)
    other = {"russia": "western_allies", "western_allies": "russia"}.get(own or "")
    if other is None:
        return ()
    if unit.unit_type in GROUND_TYPES and pos.meta.option("redeploy.russia_wa_sr_ground", "on") != "on":
        return ()
    board = pos.state.board
    for hex_ in hexes_of(event):
        holder = board.control.get(hex_)
        railhead = board.railheads.get(hex_)
        if (holder is not None and _faction(holder) == other) or (railhead is not None and _faction(railhead) == other):
            return (
                breach(
                    "A3R 28.7",
                    f"{event.unit} ({own}) SRs via {hex_}, a {other.replace('_', ' ')} objective or railhead "
                    "(A3R 28.7, 50.5)",
                    f"no {other.replace('_', ' ')} objective or railhead",
                    hex_,
                ),
            )
    return ()
