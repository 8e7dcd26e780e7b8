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
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

CHECKS = Family("supply")


def _zone(event: SeaSupplyTraced) -> str:
    return event.zone or event.destination


def _lines(ctx: AuditContext[Any], faction: str) -> list[SeaLine]:
    return [line for line in ctx.state.land.sea_lines.values() if line.traced.faction == faction]


@CHECKS.check(
    "30.44",
    "no second sea supply attempt to a zone after combat once it was tried or declined at the initial determination "
    "(unless a newly captured port or an upgrade allows it)",
    reads=(SeaSupplyTraced,),
    covers=("S-03",),
)
def check_second_sea_attempt(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    if event.determination != "post_combat" or event.purpose != "supply":
        return ()
    zone = _zone(event)
    tried = any(
        line.traced.determination == "initial" and _zone(line.traced) == zone and line.traced.purpose == "supply"
        for line in _lines(ctx, event.faction)
    )
    declined = (event.faction, zone, "initial") in ctx.state.land.sea_declined
    if not tried and not declined:
        return ()
    if event.exception == "new_port":
        facts = ctx.state.land
        if (
            event.destination in facts.changed_hands
            and controller_side(ctx.state.board.control.get(event.destination)) == SIDE_OF_FACTION[event.faction]
        ):
            return ()
    elif event.exception in RETRY_EXCEPTIONS:
        return (
            Missing(
                reason=f"line {event.line}: the upgrade exception of 30.46 is taken as recorded (whether an upgraded "
                "line could have been tried at the initial determination)",
                kind="30.46 upgrade",
            ),
        )
    return (
        c.finding(
            ctx,
            expected="no second attempt",
            recorded=f"line {event.line} to {zone}",
            message=f"sea supply to {zone} was {'tried' if tried else 'declined'} at the initial determination: it "
            "may not be traced again after combat (30.44; 30.45 only for a newly captured port)",
        ),
    )


@CHECKS.check(
    "30.342",
    "one sea supply line to one port or bridgehead per supply zone (or island group) per determination",
    reads=(SeaSupplyTraced,),
    covers=("S-04",),
)
def check_one_line_per_zone(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    if event.purpose != "supply":
        return ()
    zone = _zone(event)
    others = [
        line.traced.line
        for line in _lines(ctx, event.faction)
        if line.traced.determination == event.determination
        and line.traced.purpose == "supply"
        and _zone(line.traced) == zone
    ]
    if not others:
        return ()
    if event.exception in SECOND_LINE_EXCEPTIONS:
        return (
            Missing(
                reason=f"line {event.line}: that enemy ZoCs split {zone} is taken as recorded (30.342)",
                kind="30.342 ZoC split",
            ),
        )
    return (
        c.finding(
            ctx,
            expected="one line per supply zone",
            recorded=f"lines {', '.join(others)} and {event.line} to {zone}",
            message=f"{zone} already has a sea supply line this determination ({', '.join(others)}): one line to one "
            "designated port or bridgehead per supply zone (30.342, 30.343A)",
        ),
    )


@CHECKS.check(
    "30.331",
    "a port does not both receive and send sea supply in a player turn",
    reads=(SeaSupplyTraced,),
    covers=("S-05",),
)
def check_port_receives_or_sends(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    lines = _lines(ctx, event.faction)
    received = {line.traced.destination: line.traced.line for line in lines}
    sent = {line.traced.origin: line.traced.line for line in lines}
    found = []
    if event.origin in received:
        found.append(
            c.finding(
                ctx,
                expected="a port other than the one that received",
                recorded=f"{event.origin} received line {received[event.origin]}",
                message=f"line {event.line} leaves {event.origin}, which received sea supply this player turn: a port "
                "may not both receive and send sea supply (30.331A, 30.332B)",
            )
        )
    if event.destination in sent:
        found.append(
            c.finding(
                ctx,
                expected="a port that sends no line",
                recorded=f"{event.destination} sent line {sent[event.destination]}",
                message=f"line {event.line} ends in {event.destination}, which sends sea supply this player turn "
                "(30.331A-B)",
            )
        )
    return found


def _enemy_zoc(ctx: AuditContext[Any], hex_: str, side: str) -> bool | None:
    unknown = False
    fortified = hex_ in ctx.state.board.fortifications
    for unit in ctx.state.board.units.values():
        if not exerts(unit.unit_type, unit.supply) or controller_side(unit.owner) in (None, side):
            continue
        if unit.location not in ctx.grid.neighbours(hex_):
            continue
        covered = extends(unit.location, hex_, map_data=ctx.map, enemy_fortified=fortified, neutral=False)
        if covered:
            return True
        unknown = unknown or covered is None
    return None if unknown else False


@CHECKS.check(
    "30.331",
    "sea supply lines leave a box, a port that is a source or a land-supplied port not in an enemy ZoC, and end in "
    "a port, a seaborne bridgehead or a one-hex island; never in a box except to ship oil or BRPs",
    reads=(SeaSupplyTraced,),
    id="sea_line_ends",
    covers=("S-06",),
)
def check_sea_line_ends(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    found: list[Any] = []
    if event.destination.startswith(BOX_PREFIX):
        box = event.destination.removeprefix(BOX_PREFIX)
        if event.purpose not in BOX_DESTINATION_PURPOSES or box not in BOX_DESTINATIONS:
            found.append(
                c.finding(
                    ctx,
                    expected="no sea supply to a mapboard box",
                    recorded=f"line {event.line} to {event.destination} ({event.purpose})",
                    message="sea supply lines may not end in a mapboard box, except to ship oil or BRPs to the South "
                    "Africa, India or Australia box (30.331D)",
                )
            )
    else:
        found.extend(_destination(c, ctx, event))
    if not event.origin.startswith(BOX_PREFIX):
        found.extend(_origin(c, ctx, event))
    return found


def _destination(c: Check, ctx: AuditContext[SeaSupplyTraced], event: SeaSupplyTraced) -> Result:
    hex_ = event.destination
    bridgehead = ctx.state.board.bridgeheads.get(hex_)
    if bridgehead is not None and bridgehead.cause == "seaborne_invasion":
        return
    facts = ctx.hex(hex_)
    if facts is None or (facts.port is None and facts.island is None):
        yield ctx.missing_hex(hex_, "port")
    elif not (facts.port or facts.island or facts.name in ONE_HEX_BEACHES):
        yield c.finding(
            ctx,
            expected="a port, seaborne bridgehead or one-hex island",
            recorded=f"{hex_}",
            message=f"line {event.line} ends in {hex_}, which is no port, seaborne bridgehead or one-hex island "
            "(30.331B)",
        )


def _origin(c: Check, ctx: AuditContext[SeaSupplyTraced], event: SeaSupplyTraced) -> Result:
    hex_ = event.origin
    facts = ctx.hex(hex_)
    if facts is None or facts.port is None:
        yield ctx.missing_hex(hex_, "port")
        return
    if not facts.port:
        yield c.finding(
            ctx,
            expected="a port",
            recorded=hex_,
            message=f"line {event.line} leaves {hex_}, which is no port (30.331A)",
        )
        return
    zoc = _enemy_zoc(ctx, hex_, SIDE_OF_FACTION[event.faction])
    if zoc:
        yield c.finding(
            ctx,
            expected="a port not in an enemy ZoC",
            recorded=f"{hex_} in an enemy armor ZoC",
            message=f"line {event.line} leaves {hex_}, which is in an enemy ZoC (30.331A)",
        )
    record = ctx.state.land.faction_supply.get(event.faction)
    status = (
        record.statuses.get(hex_) if record is not None and record.player_turn == ctx.state.land.player_turn else None
    )
    if status is not None and status not in ("full", "partial"):
        yield c.finding(
            ctx,
            expected="a port supplied by land",
            recorded=f"{hex_} {status}",
            message=f"line {event.line} leaves {hex_}, which has no supply this determination (30.331A)",
        )


@CHECKS.check(
    "30.331C",
    "sea supply from a mapboard box uses the right transports and goes where that box's supply may go",
    reads=(SeaSupplyTraced,),
    covers=("S-07",),
)
def check_box_sea_supply(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    if not event.origin.startswith(BOX_PREFIX):
        return ()
    box = event.origin.removeprefix(BOX_PREFIX)
    spec = BOX_SUPPLY.get(box)
    if spec is None:
        return (Missing(reason=f"{event.origin} is not a box that sea supply leaves from (30.331C)", kind="box"),)
    found: list[Any] = []
    have = event.transports.get(spec.transport, 0)
    if have < 1:
        found.append(
            c.finding(
                ctx,
                expected=f"1 {spec.transport.replace('_', ' ')} transport",
                recorded=f"{have} ({', '.join(f'{n} {k}' for k, n in event.transports.items()) or 'none'})",
                message=f"sea supply from the {box.replace('_', ' ')} box needs one {spec.transport.replace('_', ' ')} "
                f"transport per {'destination hex' if spec.per == 'destination' else 'line'} (30.331C)",
            )
        )
    if spec.entry and event.path and event.path[0] not in spec.entry:
        found.append(
            c.finding(
                ctx,
                expected=f"entering at {' or '.join(sorted(spec.entry))}",
                recorded=f"entering at {event.path[0]}",
                message=f"sea supply from the {box} box enters the map at {' or '.join(sorted(spec.entry))} (30.331C)",
            )
        )
    if spec.ends:
        names = {f.name for h in (*event.path, event.destination) if (f := ctx.hex(h)) is not None and f.name}
        if not names & spec.ends:
            if ctx.hex(event.destination) is None:
                found.append(ctx.missing_hex(event.destination, "name"))
            else:
                found.append(
                    c.finding(
                        ctx,
                        expected=f"ending in or passing {', '.join(sorted(spec.ends))}",
                        recorded=event.destination,
                        message=f"sea supply from the {box.replace('_', ' ')} box must end in or pass "
                        f"{', '.join(sorted(spec.ends))} (30.331C)",
                    )
                )
    if box == "india":
        facts = ctx.hex(event.destination)
        if facts is not None and (facts.front == "pacific" or facts.country == "australia"):
            found.append(
                c.finding(
                    ctx,
                    expected="not into Australia or the Pacific front",
                    recorded=event.destination,
                    message="sea supply from the India box may not extend into Australia or the Pacific front "
                    "(30.331C)",
                )
            )
    return found


def _sw_box(event: SeaSupplyTraced, ctx: AuditContext[Any]) -> set[str]:
    """SW boxes whose naval units may protect the line (30.3611C-F)."""
    boxes: set[str] = set()
    if event.origin == "box:us_atlantic":
        boxes.add("sw:atlantic")
    if event.faction == "japan":
        boxes.add("sw:pacific")
    facts = ctx.hex(event.destination)
    front = facts.front if facts is not None else None
    if event.faction == "western_allies" and front in ("pacific", "asian"):
        boxes.add("sw:pacific")
    if event.faction == "western_allies" and (
        front == "southeast_asian" or (facts is not None and facts.name in ("Suez", "Basra", "Abadan"))
    ):
        boxes.add("sw:indian_ocean")
    return boxes


@CHECKS.check(
    "30.361",
    "protecting naval units are uninverted, fully supplied, free of naval oil effects, based where the line may "
    "draw them from, and include a destroyer factor unless a transport carries the supply",
    reads=(SeaSupplyTraced,),
    covers=("S-08",),
)
def check_sea_supply_protection(c: Check, ctx: AuditContext[SeaSupplyTraced]) -> Result:
    event = ctx.event
    if not event.protection:
        return ()
    units = ctx.state.board.units
    places = {event.origin, *event.path} | _sw_box(event, ctx)
    found: list[Any] = []
    oil = ctx.state.land.naval_oil_effects.get(event.faction) == game_turn(ctx.event)
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
        if unit.location not in places:
            problems.append(f"based in {unit.location}")
        if problems:
            found.append(
                c.finding(
                    ctx,
                    expected="uninverted, fully supplied, free of oil effects, in the line's port or SW box",
                    recorded=f"{unit_id}: {', '.join(problems)}",
                    message=f"{unit_id} may not protect line {event.line}: {', '.join(problems)} (30.361B, 30.3611)",
                )
            )
        elif unit.supply is None:
            found.append(Missing(reason=f"{unit_id}'s supply is not recorded (30.361B)", kind="protector supply"))
    if not any(units[u].unit_type == "dd" for u in event.protection if u in units) and not sum(
        event.transports.values()
    ):
        found.append(
            c.finding(
                ctx,
                expected="at least one destroyer factor",
                recorded=", ".join(event.protection),
                message=f"line {event.line} is protected without a destroyer, and no transport carries it (30.361B)",
            )
        )
    return found


@CHECKS.check(
    "30.381",
    "an unprotected line attacked by any enemy air or naval unit is disrupted; a protected one only once its "
    "protection is gone",
    reads=(SeaSupplyResolved,),
    covers=("S-09",),
)
def check_sea_supply_disruption(c: Check, ctx: AuditContext[SeaSupplyResolved]) -> Result:
    event = ctx.event
    line = ctx.state.land.sea_lines.get(event.line)
    if line is None:
        return (
            c.finding(
                ctx,
                expected="a line traced this player turn",
                recorded=event.line,
                message=f"sea supply line {event.line} was not traced this player turn (30.33)",
            ),
        )
    side = SIDE_OF_FACTION[line.traced.faction]
    units = ctx.state.board.units
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
            c.finding(
                ctx,
                expected="enemy air or naval units",
                recorded=", ".join(wrong),
                message=f"only enemy air and naval units attack a sea supply line (30.37): {', '.join(wrong)}",
            )
        )
    attacking = [u for u in event.attackers if u not in set(event.blocked) and u not in wrong]
    protected = bool(line.traced.protection)
    expected = _outcome(protected, bool(attacking), event.protection_lost)
    if event.outcome == "abandoned":
        if not (protected and attacking):
            found.append(
                c.finding(
                    ctx,
                    expected=expected,
                    recorded="abandoned",
                    message=f"line {event.line} may be abandoned only when its protecting force is attacked (30.382)",
                )
            )
    elif event.outcome != expected:
        found.append(
            c.finding(
                ctx,
                expected=expected,
                recorded=event.outcome,
                message=f"line {event.line} was {'protected' if protected else 'unprotected'} and "
                f"{'attacked' if attacking else 'not attacked'}"
                f"{' after losing its protection' if protected and event.protection_lost else ''}: it is "
                f"{expected} (30.381)",
            )
        )
    return found


def _outcome(protected: bool, attacked: bool, protection_lost: bool) -> str:
    if not attacked:
        return "delivered"
    if not protected or protection_lost:
        return "disrupted"
    return "delivered"


@CHECKS.check(
    "30.332",
    "supply that came by sea is no better than the zone or source the line left from, and none comes through a "
    "disrupted line",
    reads=(SupplyDetermined,),
    covers=("S-10",),
)
def check_sea_supplied_type(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    lines = ctx.state.land.sea_lines
    found: list[Any] = []
    statuses = _origin_statuses(ctx, event)
    for result in event.results:
        if result.sea_line is None:
            continue
        line = lines.get(result.sea_line)
        if line is None:
            found.append(
                c.finding(
                    ctx,
                    expected="a line traced this player turn",
                    recorded=result.sea_line,
                    message=f"{result.subject} names sea supply line {result.sea_line}, which was not traced (30.33)",
                )
            )
            continue
        where = result.subject if result.subject[:4] in ("EUR:", "PAC:") else _location(ctx, result.subject)
        if where is not None and where != line.traced.destination and where in line.traced.path:
            found.append(
                c.finding(
                    ctx,
                    expected=f"supply only where line {line.traced.line} ends ({line.traced.destination})",
                    recorded=f"{result.subject} in {where}, which the line only touches",
                    message=f"line {line.traced.line} only touches {where} on its way to {line.traced.destination}: a "
                    "line that touches a port gives that port and its zone no supply (30.3341, 30.363)",
                )
            )
            continue
        carried = _carried(ctx, line, statuses, lines)
        if carried is None:
            found.append(
                Missing(
                    reason=f"the supply of {line.traced.origin}, where line {line.traced.line} leaves, is not recorded",
                    kind="origin supply",
                )
            )
        elif RANK.get(result.status, 0) > RANK.get(carried, 0):
            why = (
                f"line {line.traced.line} was {line.outcome}"
                if carried == "unsupplied"
                else f"line {line.traced.line} carries {carried} supply from {line.traced.origin}"
            )
            found.append(
                c.finding(
                    ctx,
                    expected=f"{carried} at best",
                    recorded=result.status,
                    message=f"{result.subject} gets {result.status} supply by sea, but {why} (30.332C, 30.333, 30.383)",
                )
            )
    return found


def _location(ctx: AuditContext[Any], unit_id: str) -> str | None:
    unit = ctx.state.board.units.get(unit_id)
    return unit.location if unit is not None else None


def _origin_statuses(ctx: AuditContext[Any], event: SupplyDetermined) -> dict[str, str]:
    """The hex results of the faction this player turn, with this determination's results over them."""
    record = ctx.state.land.faction_supply.get(event.faction)
    statuses = dict(record.statuses) if record is not None and record.player_turn == ctx.state.land.player_turn else {}
    for result in event.results:
        if result.subject[:4] in ("EUR:", "PAC:"):
            statuses[result.subject] = result.status
    return statuses


def _carried(
    ctx: AuditContext[Any], line: SeaLine, statuses: dict[str, str], lines: dict[str, SeaLine], depth: int = 0
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
        found = [_carried(ctx, other, statuses, lines, depth + 1) for other in feeding]
        known = [f for f in found if f is not None]
        best = max(known, key=lambda s: RANK.get(s, 0)) if known else None
        if best is not None and statuses.get(origin) is None:
            return best
    status = statuses.get(origin)
    return line_type(status) if status is not None else None
