"""Repairs and raising (27.7261-27.7267), the naval units that are never damaged (27.721), and ships on a chart,
waiting for repair and sunk in port: who may move, how they may be attacked, what happens when their port is
occupied or their yard captured (27.7262, 27.71, 27.7281-27.7283): checks N-30..N-37, N-40..N-42.
"""

from __future__ import annotations

from typing import cast

from awaw_events.events import (
    PhaseStarted,
    ShipDamaged,
    ShipDisplacedFromChart,
    ShipRaised,
    ShipRepairStarted,
    ShipSunk,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.vocab import SIDE_OF_FACTION, Power, UnitType, type_words
from projections import naval as charts
from projections.position.common import before_the_game
from projections.position.core import Position, Unknown, breach
from projections.position.naval import (
    Verdict,
    cell_words,
    cost_words,
    faction_of,
    paid_words,
    ship_words,
    vichy_cost,
    where,
    yard_chart,
)
from projections.rules import naval as rules
from projections.rules.breach import Breach
from projections.rules.naval import LAUNCH_ROW


def _repair_ship(pos: Position, ship_id: str) -> tuple[charts.Ship | None, UnitType | None]:
    ship = pos.state.naval.ships.get(ship_id)
    unit_type = ship.unit_type if ship is not None else None
    if unit_type is None:
        unit = pos.board.units.get(ship_id)
        unit_type = cast(UnitType, unit.unit_type) if unit is not None else None
    return ship, unit_type


def repair_cell(pos: Position, event: ShipRepairStarted) -> Verdict:
    """27.7267: a repair starts on the Launch row, two columns on (named ship) or one (cruiser)."""
    ship, unit_type = _repair_ship(pos, event.ship)
    if unit_type is None:
        return (Unknown(reason="the type of a ship under repair is unknown (never placed, built or laid down)"),)
    try:
        truth = rules.repair_position(unit_type, event.season)
    except ValueError:
        return ()  # reported by repair_allowed
    if event.column == truth.column:
        return ()
    cell = where(truth.row, truth.column)
    message = (
        f"{ship_words(ship, event.ship)} ({type_words(unit_type)}) starting repair in {event.season.capitalize()} goes "
        f"to {cell}, not the {event.column.capitalize()} column (27.7267)"
    )
    return (breach("27.7267", message, cell, where(LAUNCH_ROW, event.column)),)


def repair_cost(pos: Position, event: ShipRepairStarted) -> Verdict:
    """27.7267: a repair start costs 1 SB + 3 BRPs for a named ship, nothing for a cruiser."""
    ship, unit_type = _repair_ship(pos, event.ship)
    if unit_type is None or before_the_game(pos, event):  # a set-up's repair was paid for in the game it came from
        return ()
    try:
        truth = vichy_cost(pos, event.ship, event.yard, rules.repair_cost(unit_type))
    except ValueError:
        return ()
    if (event.sb, event.brps) == (truth.sb, truth.brps):
        return ()
    message = (
        f"starting the repair of {ship_words(ship, event.ship)} ({type_words(unit_type)}) costs {cost_words(truth)}, "
        f"not {paid_words(event)} (27.7267)"
    )
    return (breach("27.7267", message, cost_words(truth), paid_words(event)),)


def _theater_of(location: str | None) -> str | None:
    """``european`` or ``pacific`` for a location on the European or Pacific map (27.7263); None for a box."""
    if location is None:
        return None
    return "european" if location.startswith("EUR:") else "pacific" if location.startswith("PAC:") else None


def repair_allowed(pos: Position, event: ShipRepairStarted) -> Verdict:
    """27.7261: repairs start from the yard's Waiting for Repair box, not in the player turn of the damage or
    raising."""
    ship, unit_type = _repair_ship(pos, event.ship)
    if ship is None or unit_type is None or before_the_game(pos, event):  # a set-up's repair began before it
        return ()
    now = f"{event.year}/{event.season}/{event.side or '-'}"
    chart = yard_chart(pos, event.yard)
    location = chart.location if chart is not None and chart.location else ""
    found = rules.repair_start_breaches(
        unit_type,
        cast(Power, ship.owner or "britain"),
        in_waiting_for_repair=ship.status == "waiting_for_repair" and ship.yard == event.yard,
        damaged_this_player_turn=ship.damaged_in == now and ship.raised_in != now,  # raising also marks damage
        raised_this_player_turn=ship.raised_in == now,
        in_pacific=location.startswith("PAC:") or rules.us_theater(event.yard) == "pacific",  # 27.7266B
    )
    name = ship_words(ship, event.ship)
    return [breach(b.rule, f"{name}: {b.message} ({b.rule})", "a legal repair start", event.yard) for b in found]


def raise_ship(pos: Position, event: ShipRaised) -> Verdict:
    """27.7262: only named ships sunk in port are raised, for 1 SB + 3 BRPs of one of the owner's yards."""
    ship = pos.state.naval.ships.get(event.ship)
    if ship is None or ship.unit_type is None:
        yield Unknown(reason="the raised ship was never placed or built in this log")
        return
    name = ship_words(ship, event.ship)
    if not rules.may_be_raised(ship.unit_type):
        message = (
            f"{name} is a {type_words(ship.unit_type)}: only named ships sunk in port may be raised; cruisers, DDs and "
            "CVEs sunk in port are gone (27.7262)"
        )
        yield breach("27.7262", message, "a named ship", ship.unit_type)
    elif ship.status != "sunk" or not ship.sunk_in_port:
        status = ship.status.replace("_", " ")
        yield breach(
            "27.7262", f"{name} is {status}, not sunk in port, so it cannot be raised (27.7262)", "sunk in port", status
        )
    if (event.sb, event.brps) != (rules.RAISE_COST.sb, rules.RAISE_COST.brps):
        message = f"raising {name} costs {cost_words(rules.RAISE_COST)}, not {paid_words(event)} (27.7262)"
        yield breach("27.7262", message, cost_words(rules.RAISE_COST), paid_words(event))
    if event.phase not in (None, "unit_construction"):
        phase = event.phase.replace("_", " ")
        message = f"{name} is raised in the {phase} phase; ships are raised during a unit construction phase (27.7262)"
        yield breach("27.7262", message, "the unit construction phase", phase)
    chart = yard_chart(pos, event.yard)
    theater = rules.us_theater(event.yard) if chart is not None and chart.owner == "usa" else None
    if theater is not None:
        gone = pos.board.eliminated.get(event.ship)
        lies = _theater_of(gone.unit.location if gone is not None else None)
        wanted = "european" if theater == "atlantic" else "pacific"
        if lies is None:
            reason = "where a ship sunk in port lies (the board's last record of it) is unknown"
            yield Unknown(reason=reason, kind="place")
        elif lies != wanted:
            message = (
                f"American {theater.capitalize()} shipbuilding may only raise ships in the {wanted} theater; {name} "
                f"lies in the {lies} theater (27.7263)"
            )
            yield breach("27.7263", message, f"a ship in the {wanted} theater", f"a ship in the {lies} theater")
    if chart is not None and ship.owner and chart.owner != ship.owner:
        message = (
            f"{name} is raised with SB of {event.yard} ({chart.owner}); the SB must come from a shipyard of its owner, "
            f"{ship.owner} (27.7263)"
        )
        yield breach("27.7263", message, f"a {ship.owner} shipyard", event.yard)


def never_damaged(pos: Position, event: ShipDamaged) -> Verdict:
    """27.721: destroyers, CVEs, submarines and ASW are never damaged (only sunk)."""
    ship = pos.state.naval.ships.get(event.ship)
    unit = pos.board.units.get(event.ship)
    unit_type = (
        ship.unit_type if ship is not None and ship.unit_type else (unit.unit_type if unit is not None else None)
    )
    if unit_type not in rules.ONE_FACTOR_TYPES or unit_type == "transport":
        return ()
    message = f"{event.ship} is a {type_words(str(unit_type))}: one-factor naval units are never damaged (27.721)"
    return (breach("27.721", message, "eliminated, not damaged", "damaged"),)


# ---------------------------------------------------------------------------------------------------------------------
# Ships on a chart, waiting for repair, sunk in port (27.71, 27.7262, 27.7281-27.7283)


def chart_ships_stay(pos: Position, event: UnitMoved | UnitRedeployed) -> Verdict:
    """27.7281: ships on a chart never move or redeploy (rows 2 and Launch only when displaced); a ship sunk in port
    and not raised never moves."""
    ship = pos.state.naval.ships.get(event.unit)
    if ship is None:
        return ()
    name = ship_words(ship, event.unit)
    done = "moved" if isinstance(event, UnitMoved) else "redeployed"
    if ship.status == "on_chart":
        row = ship.row or ""
        rule = "27.7282" if row not in ("2", LAUNCH_ROW) else "27.7281"
        message = (
            f"{name} is on {cell_words(row)} of {ship.yard}'s chart: ships under construction or repair never move or "
            f"redeploy ({rule}; rows 2 and Launch leave only when displaced)"
        )
        return (breach(rule, message, "stays on the chart", done),)
    if ship.status == "sunk" and ship.sunk_in_port:
        message = f"{name} was sunk in port and has not been raised: it may not move (27.7262)"
        return (breach("27.7262", message, "no move", done),)
    return ()


def chart_ships_attacked(pos: Position, event: ShipDamaged | ShipSunk) -> Verdict:
    """27.7283: ships on a chart are attacked only by strategic bombing; a damaged ship (waiting for repair, raised,
    displaced, on its way to repair) that is hit again is sunk, not damaged again."""
    ship = pos.state.naval.ships.get(event.ship)
    if ship is None:
        return ()
    name = ship_words(ship, event.ship)
    out: list[Breach | Unknown] = []
    if ship.status == "on_chart":
        if event.cause is None:
            out.append(Unknown(reason="the cause of a sinking is not recorded (ship_sunk.cause)"))
        elif event.cause != rules.CHART_ATTACK_CAUSE:
            message = (
                f"{name} is under construction or repair on {ship.yard}'s chart: it may only be attacked by strategic "
                "bombing (27.7283, 26.76)"
            )
            cause, allowed = event.cause.replace("_", " "), rules.CHART_ATTACK_CAUSE.replace("_", " ")
            out.append(breach("27.7283", message, allowed, cause))
    if isinstance(event, ShipDamaged) and ship.status in ("waiting_for_repair", "damaged"):
        message = (
            f"{name} is already damaged ({ship.status.replace('_', ' ')}): ships waiting for repair, displaced or on "
            "their way to a shipyard count as damaged, and another hit sinks them (27.7261, 27.7281, 27.7283)"
        )
        out.append(breach("27.7283", message, "sunk", "damaged"))
    return out


def displacement(pos: Position, event: ShipDisplacedFromChart) -> Verdict:
    """27.7281: a ship displaced from rows 2 or Launch becomes damaged; one in rows 3 to 5 is eliminated, and only
    when its yard comes under enemy control."""
    ship = pos.state.naval.ships.get(event.ship)
    if ship is None or ship.status != "on_chart" or ship.row is None:
        return ()
    name = ship_words(ship, event.ship)
    truth = rules.displacement_outcome(ship.row)
    claimed = "destroyed" if event.destroyed else "displaced"
    if truth == "destroyed" and event.reason != "yard_captured":
        message = (
            f"{name} on {cell_words(ship.row)} is not displaced when the port is occupied; ships in the third or "
            "higher rows are eliminated only when the yard comes under enemy control (27.7282)"
        )
        return (breach("27.7282", message, "stays on the chart", claimed),)
    if truth == claimed:
        return ()
    message = f"{name} on {cell_words(ship.row)} is {truth} when its yard is lost (27.71, 27.7281, 27.7282)"
    return (breach("27.7281", message, truth, claimed),)


def captured_chart_cleared(pos: Position, event: PhaseStarted) -> Verdict:
    """27.71: when an enemy captures a shipyard, the ships being built or repaired there leave its chart (displaced
    or eliminated) before the next phase."""
    state = pos.state.naval
    out: list[Breach] = []
    for yard, chart in sorted(state.charts.items()):
        if chart.mode not in rules.CAPTURED_MODES or not chart.cells:
            continue
        holder = _side(chart.controller)
        for ids in chart.cells.values():
            for ship_id in ids:
                ship = state.ships.get(ship_id)
                if ship is None or ship.owner is None or _side(ship.owner) in (None, holder):
                    continue
                message = (
                    f"{ship_words(ship, ship_id)} is still on {yard}'s chart after {chart.controller} captured the "
                    "yard: ships in rows 2 and Launch are displaced, the others eliminated (27.71, 27.7281, 27.7282)"
                )
                out.append(breach("27.71", message, "displaced or eliminated", "still on the chart"))
    return out


def _side(power_or_faction: str) -> str | None:
    faction = faction_of(power_or_faction)
    return SIDE_OF_FACTION.get(faction) if faction is not None else None  # type: ignore[call-overload]
