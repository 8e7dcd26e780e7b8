"""Sea supply (30.33-30.38): one line per zone, no second attempt after combat, ports that receive do not send,
legal origins and destinations, transports from the mapboard boxes, protection, disruption, and the supply a line
carries (27-30 checklist 2.11, S-03..S-10; worked examples 30.332, 30.342, 30.363, 30.543).

The lines are ``sea_supply_traced`` / ``sea_supply_declined`` / ``sea_supply_resolved`` events; this player turn's
lines and their outcomes are running facts of :mod:`projections.land`; a result names the line its supply came
through (``supply_result.sea_line``). The rules are :mod:`projections.rules.supply`.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import SeaSupplyResolved, SeaSupplyTraced, SupplyDetermined
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, NAVAL_TYPES, SIDE_OF_FACTION
from projections.land import SeaLine
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.supply import supply_of
from projections.position.supply.facts import _is_hex
from projections.position.supply.trace import supply_zone
from projections.rules.control import controller_side
from projections.rules.movement import BOX_PREFIX
from projections.rules.supply import (
    BOX_DESTINATION_PURPOSES,
    BOX_DESTINATIONS,
    BOX_SUPPLY,
    ONE_HEX_BEACHES,
    RANK,
    RETRY_EXCEPTIONS,
    SECOND_LINE_EXCEPTIONS,
    line_type,
)
from projections.rules.zoc import exerts, extends


def _zone(event: SeaSupplyTraced) -> str:
    return event.zone or event.destination


def _lines(pos: Position, faction: str) -> list[SeaLine]:
    return [line for line in pos.state.land.sea_lines.values() if line.traced.faction == faction]


def second_sea_attempt(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.44: no second sea supply attempt to a zone after combat once it was tried or declined at the initial
    determination (unless a newly captured port or an upgrade allows it)"""
    if event.determination != "post_combat" or event.purpose != "supply":
        return ()
    zone = _zone(event)
    tried = any(
        line.traced.determination == "initial" and _zone(line.traced) == zone and line.traced.purpose == "supply"
        for line in _lines(pos, event.faction)
    )
    declined = (event.faction, zone, "initial") in pos.state.land.sea_declined
    if not tried and not declined:
        return ()
    if event.exception == "new_port":
        facts = pos.state.land
        if (
            event.destination in facts.changed_hands
            and controller_side(pos.state.board.control.get(event.destination)) == SIDE_OF_FACTION[event.faction]
        ):
            return ()
    elif event.exception in RETRY_EXCEPTIONS:
        return (
            Unknown(
                reason=f"line {event.line}: the upgrade exception of 30.46 is taken as recorded (whether an upgraded "
                "line could have been tried at the initial determination)",
                kind="30.46 upgrade",
            ),
        )
    return (
        breach(
            "30.44",
            f"sea supply to {zone} was {'tried' if tried else 'declined'} at the initial determination: it "
            "may not be traced again after combat (30.44; 30.45 only for a newly captured port)",
            "no second attempt",
            f"line {event.line} to {zone}",
        ),
    )


def one_line_per_zone(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.342: one sea supply line to one port or bridgehead per supply zone (or island group) per determination.
    Where the map data decides it, the zone is the land the line's destination links to (:func:`_same_zone`): two
    lines into one zone are a fault whatever the zones are called, and a second line into a zone that enemy ZoCs
    cut off from the first is what 30.342 allows; elsewhere the zones are the ones the lines name."""
    if event.purpose != "supply":
        return ()
    zone = _zone(event)
    same: list[str] = []
    undecided: list[str] = []
    for line in _lines(pos, event.faction):
        traced = line.traced
        if traced.determination != event.determination or traced.purpose != "supply":
            continue
        named_alike = _zone(traced) == zone
        linked = _same_zone(pos, event, traced)
        if linked is True:
            same.append(traced.line)
        elif linked is None and named_alike:
            undecided.append(traced.line)
    if same:
        named = "" if all(_zone(pos.state.land.sea_lines[o].traced) == zone for o in same) else " (named apart)"
        return (
            breach(
                "30.342",
                f"{zone} already has a sea supply line this determination ({', '.join(same)}{named}): one line to "
                "one designated port or bridgehead per supply zone (30.342, 30.343A)",
                "one line per supply zone",
                f"lines {', '.join(same)} and {event.line} to {zone}",
            ),
        )
    if not undecided:
        return ()
    if event.exception in SECOND_LINE_EXCEPTIONS:
        return (
            Unknown(
                reason=f"line {event.line}: that enemy ZoCs split {zone} is taken as recorded (30.342)",
                kind="30.342 ZoC split",
            ),
        )
    return (
        breach(
            "30.342",
            f"{zone} already has a sea supply line this determination ({', '.join(undecided)}): one line to one "
            "designated port or bridgehead per supply zone (30.342, 30.343A)",
            "one line per supply zone",
            f"lines {', '.join(undecided)} and {event.line} to {zone}",
        ),
    )


def _same_zone(pos: Position, event: SeaSupplyTraced, other: SeaSupplyTraced) -> bool | None:
    """Whether the destinations of two lines lie in one supply zone (30.342) by the map: a land supply line links
    them (:func:`~projections.position.supply.trace.supply_zone`). None where the map cannot say, or where the land
    is not what decides: an island (island groups are one zone, 30.343), a box, a destination in an enemy ZoC (a
    port there takes supply for itself only, 30.332A)."""
    a, b = event.destination, other.destination
    if a == b:
        return True
    if not (_is_hex(a) and _is_hex(b)):
        return None
    side = SIDE_OF_FACTION[event.faction]
    for hex_ in (a, b):
        facts = pos.hex(hex_)
        if facts is None or facts.island is not False or _enemy_zoc(pos, hex_, side) is not False:
            return None
    zone = supply_zone(pos, a, event.faction)
    if zone.answer is None:
        return None
    if b in zone.answer:
        return True
    return None if zone.unknown else False


def port_receives_or_sends(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.331: a port does not both receive and send sea supply in a player turn"""
    lines = _lines(pos, event.faction)
    received = {line.traced.destination: line.traced.line for line in lines}
    sent = {line.traced.origin: line.traced.line for line in lines}
    if event.origin in received:
        yield breach(
            "30.331",
            f"line {event.line} leaves {event.origin}, which received sea supply this player turn: a port "
            "may not both receive and send sea supply (30.331A, 30.332B)",
            "a port other than the one that received",
            f"{event.origin} received line {received[event.origin]}",
        )
    if event.destination in sent:
        yield breach(
            "30.331",
            f"line {event.line} ends in {event.destination}, which sends sea supply this player turn (30.331A-B)",
            "a port that sends no line",
            f"{event.destination} sent line {sent[event.destination]}",
        )


def _enemy_zoc(pos: Position, hex_: str, side: str) -> bool | None:
    unknown = False
    fortified = hex_ in pos.state.board.fortifications
    for unit in pos.state.board.units.values():
        if not exerts(unit.unit_type, unit.supply) or controller_side(unit.owner) in (None, side):
            continue
        if unit.location not in pos.grid.neighbours(hex_):
            continue
        covered = extends(unit.location, hex_, map_data=pos.map, enemy_fortified=fortified, neutral=False)
        if covered:
            return True
        unknown = unknown or covered is None
    return None if unknown else False


def sea_line_ends(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.331: sea supply lines leave a box, a port that is a source or a land-supplied port not in an enemy ZoC,
    and end in a port, a seaborne bridgehead or a one-hex island; never in a box except to ship oil or BRPs"""
    if event.destination.startswith(BOX_PREFIX):
        box = event.destination.removeprefix(BOX_PREFIX)
        if event.purpose not in BOX_DESTINATION_PURPOSES or box not in BOX_DESTINATIONS:
            yield breach(
                "30.331",
                "sea supply lines may not end in a mapboard box, except to ship oil or BRPs to the South "
                "Africa, India or Australia box (30.331D)",
                "no sea supply to a mapboard box",
                f"line {event.line} to {event.destination} ({event.purpose})",
            )
    else:
        yield from _destination(pos, event)
    if not event.origin.startswith(BOX_PREFIX):
        yield from _origin(pos, event)


def _destination(pos: Position, event: SeaSupplyTraced) -> Verdict:
    hex_ = event.destination
    bridgehead = pos.state.board.bridgeheads.get(hex_)
    if bridgehead is not None and bridgehead.cause == "seaborne_invasion":
        return
    facts = pos.hex(hex_)
    if facts is None or (facts.port is None and facts.island is None):
        yield pos.missing_hex(hex_, "port")
    elif not (facts.port or facts.island or facts.name in ONE_HEX_BEACHES):
        yield breach(
            "30.331",
            f"line {event.line} ends in {hex_}, which is no port, seaborne bridgehead or one-hex island (30.331B)",
            "a port, seaborne bridgehead or one-hex island",
            f"{hex_}",
        )


def _origin(pos: Position, event: SeaSupplyTraced) -> Verdict:
    hex_ = event.origin
    facts = pos.hex(hex_)
    if facts is None or facts.port is None:
        yield pos.missing_hex(hex_, "port")
        return
    if not facts.port:
        yield breach("30.331", f"line {event.line} leaves {hex_}, which is no port (30.331A)", "a port", hex_)
        return
    zoc = _enemy_zoc(pos, hex_, SIDE_OF_FACTION[event.faction])
    if zoc:
        yield breach(
            "30.331",
            f"line {event.line} leaves {hex_}, which is in an enemy ZoC (30.331A)",
            "a port not in an enemy ZoC",
            f"{hex_} in an enemy armor ZoC",
        )
    status = supply_of(pos, hex_, event.faction, this_player_turn=True).answer
    if status is not None and status not in ("full", "partial"):
        yield breach(
            "30.331",
            f"line {event.line} leaves {hex_}, which has no supply this determination (30.331A)",
            "a port supplied by land",
            f"{hex_} {status}",
        )


def box_sea_supply(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.331C: sea supply from a mapboard box uses the right transports and goes where that box's supply may go"""
    if not event.origin.startswith(BOX_PREFIX):
        return ()
    box = event.origin.removeprefix(BOX_PREFIX)
    spec = BOX_SUPPLY.get(box)
    if spec is None:
        return (Unknown(reason=f"{event.origin} is not a box that sea supply leaves from (30.331C)", kind="box"),)
    found: list[Any] = []
    have = event.transports.get(spec.transport, 0)
    if have < 1:
        found.append(
            breach(
                "30.331C",
                f"sea supply from the {box.replace('_', ' ')} box needs one {spec.transport.replace('_', ' ')} "
                f"transport per {'destination hex' if spec.per == 'destination' else 'line'} (30.331C)",
                f"1 {spec.transport.replace('_', ' ')} transport",
                f"{have} ({', '.join(f'{n} {k}' for k, n in event.transports.items()) or 'none'})",
            )
        )
    if spec.entry and event.path and event.path[0] not in spec.entry:
        found.append(
            breach(
                "30.331C",
                f"sea supply from the {box} box enters the map at {' or '.join(sorted(spec.entry))} (30.331C)",
                f"entering at {' or '.join(sorted(spec.entry))}",
                f"entering at {event.path[0]}",
            )
        )
    if spec.ends:
        names = {f.name for h in (*event.path, event.destination) if (f := pos.hex(h)) is not None and f.name}
        if not names & spec.ends:
            if pos.hex(event.destination) is None:
                found.append(pos.missing_hex(event.destination, "name"))
            else:
                found.append(
                    breach(
                        "30.331C",
                        f"sea supply from the {box.replace('_', ' ')} box must end in or pass "
                        f"{', '.join(sorted(spec.ends))} (30.331C)",
                        f"ending in or passing {', '.join(sorted(spec.ends))}",
                        event.destination,
                    )
                )
    if box == "india":
        facts = pos.hex(event.destination)
        if facts is not None and (facts.front == "pacific" or facts.country == "australia"):
            found.append(
                breach(
                    "30.331C",
                    "sea supply from the India box may not extend into Australia or the Pacific front (30.331C)",
                    "not into Australia or the Pacific front",
                    event.destination,
                )
            )
    return found


def _sw_box(event: SeaSupplyTraced, pos: Position) -> tuple[set[str], set[str]]:
    """The SW boxes whose naval units may protect the line (30.3611C-F), and those that may too but whose right
    depends on the front of the line's destination, which the map data does not give: a protector there is not
    judged (30.3611D-E name the front; where it is unknown the query cannot say, and never accuses)."""
    boxes: set[str] = set()
    if event.origin == "box:us_atlantic":
        boxes.add("sw:atlantic")
    if event.faction == "japan":
        boxes.add("sw:pacific")
    if event.faction != "western_allies":
        return boxes, set()
    facts = pos.hex(event.destination)
    front = facts.front if facts is not None else None
    if front in ("pacific", "asian"):
        boxes.add("sw:pacific")
    if front == "southeast_asian" or (facts is not None and facts.name in ("Suez", "Basra", "Abadan")):
        boxes.add("sw:indian_ocean")
    unknown = {"sw:pacific", "sw:indian_ocean"} - boxes if front is None else set()
    return boxes, unknown


def sea_supply_protection(pos: Position, event: SeaSupplyTraced) -> Verdict:
    """30.361: protecting naval units are uninverted, fully supplied, free of naval oil effects, based where the
    line may draw them from, and include a destroyer factor unless a transport carries the supply"""
    if not event.protection:
        return
    units = pos.state.board.units
    boxes, undecided = _sw_box(event, pos)
    places = {event.origin, *event.path} | boxes
    oil = pos.state.land.naval_oil_effects.get(event.faction) == game_turn(event)
    for unit_id in event.protection:
        unit = units.get(unit_id)
        if unit is None:
            continue
        problems = []
        if unit.unit_type not in NAVAL_TYPES:
            problems.append("not a naval unit")
        if unit.inverted:
            problems.append("inverted")
        if unit.supply not in (None, "full"):
            problems.append(f"{unit.supply} supply")
        if oil:
            problems.append("under naval oil effects")
        if unit.location in undecided:
            yield pos.missing_hex(event.destination, "front")
        elif unit.location not in places:
            problems.append(f"based in {unit.location}")
        if problems:
            yield breach(
                "30.361",
                f"{unit_id} may not protect line {event.line}: {', '.join(problems)} (30.361B, 30.3611)",
                "uninverted, fully supplied, free of oil effects, in the line's port or SW box",
                f"{unit_id}: {', '.join(problems)}",
            )
        elif unit.supply is None:
            yield Unknown(reason=f"{unit_id}'s supply is not recorded (30.361B)", kind="protector supply")
    if not any(units[u].unit_type == "dd" for u in event.protection if u in units) and not sum(
        event.transports.values()
    ):
        yield breach(
            "30.361",
            f"line {event.line} is protected without a destroyer, and no transport carries it (30.361B)",
            "at least one destroyer factor",
            ", ".join(event.protection),
        )


def sea_supply_disruption(pos: Position, event: SeaSupplyResolved) -> Verdict:
    """30.381: an unprotected line attacked by any enemy air or naval unit is disrupted; a protected one only once
    its protection is gone"""
    line = pos.state.land.sea_lines.get(event.line)
    if line is None:
        return (
            breach(
                "30.381",
                f"sea supply line {event.line} was not traced this player turn (30.33)",
                "a line traced this player turn",
                event.line,
            ),
        )
    side = SIDE_OF_FACTION[line.traced.faction]
    units = pos.state.board.units
    found: list[Any] = []
    wrong = [
        u
        for u in event.attackers
        if (unit := units.get(u)) is not None
        and (
            controller_side(unit.owner) == side
            or (unit.unit_type not in AIR_TYPES and unit.unit_type not in NAVAL_TYPES)
        )
    ]
    if wrong:
        found.append(
            breach(
                "30.381",
                f"only enemy air and naval units attack a sea supply line (30.37): {', '.join(wrong)}",
                "enemy air or naval units",
                ", ".join(wrong),
            )
        )
    covered = bool(line.traced.air_cover)
    unblockable = [
        u
        for u in event.blocked
        if not covered or ((unit := units.get(u)) is not None and unit.unit_type not in AIR_TYPES)
    ]
    if unblockable:
        why = f"line {event.line} had no air cover" if not covered else "only air units are held off by air cover"
        found.append(
            breach(
                "30.381",
                f"{', '.join(unblockable)} recorded as blocked, but {why}: air cover keeps enemy air units from "
                "attacking a sea supply line (30.364, 30.381A)",
                "air units held off by the line's air cover",
                ", ".join(unblockable),
            )
        )
    blocked = set(event.blocked) - set(unblockable)
    attacking = [u for u in event.attackers if u not in blocked and u not in wrong]
    protected = bool(line.traced.protection)
    expected = _outcome(protected, bool(attacking), event.protection_lost)
    if event.outcome == "abandoned":
        if not (protected and attacking):
            found.append(
                breach(
                    "30.381",
                    f"line {event.line} may be abandoned only when its protecting force is attacked (30.382)",
                    expected,
                    "abandoned",
                )
            )
    elif event.outcome != expected:
        found.append(
            breach(
                "30.381",
                f"line {event.line} was {'protected' if protected else 'unprotected'} and "
                f"{'attacked' if attacking else 'not attacked'}"
                f"{' after losing its protection' if protected and event.protection_lost else ''}: it is "
                f"{expected} (30.381)",
                expected,
                event.outcome,
            )
        )
    return found


def _outcome(protected: bool, attacked: bool, protection_lost: bool) -> str:
    if not attacked:
        return "delivered"
    if not protected or protection_lost:
        return "disrupted"
    return "delivered"


def sea_supplied_type(pos: Position, event: SupplyDetermined) -> Verdict:
    """30.332: supply that came by sea is no better than the zone or source the line left from, and none comes
    through a disrupted line"""
    lines = pos.state.land.sea_lines
    statuses = _origin_statuses(pos, event)
    for result in event.results:
        if result.sea_line is None:
            continue
        line = lines.get(result.sea_line)
        if line is None:
            yield breach(
                "30.332",
                f"{result.subject} names sea supply line {result.sea_line}, which was not traced (30.33)",
                "a line traced this player turn",
                result.sea_line,
            )
            continue
        where = result.subject if result.subject[:4] in ("EUR:", "PAC:") else _location(pos, result.subject)
        if where is not None and where != line.traced.destination and where in line.traced.path:
            yield breach(
                "30.332",
                f"line {line.traced.line} only touches {where} on its way to {line.traced.destination}: a "
                "line that touches a port gives that port and its zone no supply (30.3341, 30.363)",
                f"supply only where line {line.traced.line} ends ({line.traced.destination})",
                f"{result.subject} in {where}, which the line only touches",
            )
            continue
        carried = _carried(pos, line, statuses, lines)
        if carried is None:
            yield Unknown(
                reason=f"the supply of {line.traced.origin}, where line {line.traced.line} leaves, is not recorded",
                kind="origin supply",
            )
        elif RANK.get(result.status, 0) > RANK.get(carried, 0):
            why = (
                f"line {line.traced.line} was {line.outcome}"
                if carried == "unsupplied"
                else f"line {line.traced.line} carries {carried} supply from {line.traced.origin}"
            )
            yield breach(
                "30.332",
                f"{result.subject} gets {result.status} supply by sea, but {why} (30.332C, 30.333, 30.383)",
                f"{carried} at best",
                result.status,
            )


def _location(pos: Position, unit_id: str) -> str | None:
    unit = pos.state.board.units.get(unit_id)
    return unit.location if unit is not None else None


def _origin_statuses(pos: Position, event: SupplyDetermined) -> dict[str, str]:
    """The hex results of the faction this player turn, with this determination's results over them."""
    record = pos.state.land.faction_supply.get(event.faction)
    statuses = dict(record.statuses) if record is not None and record.player_turn == pos.state.land.player_turn else {}
    for result in event.results:
        if result.subject[:4] in ("EUR:", "PAC:"):
            statuses[result.subject] = result.status
    return statuses


def _carried(
    pos: Position, line: SeaLine, statuses: dict[str, str], lines: dict[str, SeaLine], depth: int = 0
) -> str | None:
    """The supply a line delivers: none if disrupted or abandoned; else that of the box (full) or of the origin
    port's zone, following the line that supplied the origin if it came by sea (30.332B-C)."""
    if line.outcome in ("disrupted", "abandoned"):
        return "unsupplied"
    origin = line.traced.origin
    if origin.startswith(BOX_PREFIX):
        return "full"
    feeding = [other for other in lines.values() if other.traced.destination == origin and other is not line]
    if feeding and depth < 10:
        found = [_carried(pos, other, statuses, lines, depth + 1) for other in feeding]
        known = [f for f in found if f is not None]
        best = max(known, key=lambda s: RANK.get(s, 0)) if known else None
        if best is not None and statuses.get(origin) is None:
            return best
    status = statuses.get(origin)
    return line_type(status) if status is not None else None
