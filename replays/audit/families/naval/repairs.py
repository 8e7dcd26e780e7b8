"""Repairs and raising (27.7261-27.7267) and the naval units that are never damaged (27.721; checks N-30..N-36)."""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import ShipDamaged, ShipRaised, ShipRepairStarted
from awaw_events.vocab import Power, UnitType, type_words
from projections import naval as charts
from projections.rules.naval import (
    LAUNCH_ROW,
    ONE_FACTOR_TYPES,
    RAISE_COST,
    NavalCost,
    may_be_raised,
    repair_cost,
    repair_position,
    repair_start_breaches,
    us_theater,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.naval.common import cost_words, ship_words, vichy_cost, where, yard_chart

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


# ---------------------------------------------------------------------------------------------------------------------
# Repairs and raising (27.7261-27.7267, 27.721)
# ---------------------------------------------------------------------------------------------------------------------


def _player_turn(event: Any) -> str:
    return f"{event.year}/{event.season}/{event.side or '-'}"


def _repair_ship(ctx: AuditContext[Any]) -> tuple[charts.Ship | None, UnitType | None]:
    event: Any = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    unit_type = ship.unit_type if ship is not None else None
    if unit_type is None:
        unit = ctx.state.board.units.get(event.ship)
        unit_type = cast(UnitType, unit.unit_type) if unit is not None else None
    return ship, unit_type


@CHECKS.check(
    "27.7267",
    "a repair starts on the Launch row, two columns on (named ship) or one (cruiser)",
    reads=(ShipRepairStarted,),
    id="repair_cell",
    covers=("N-32",),
)
def check_repair_cell(c: Check, ctx: AuditContext[ShipRepairStarted]) -> Result:
    event = ctx.event
    ship, unit_type = _repair_ship(ctx)
    if unit_type is None:
        yield Missing(reason="the type of a ship under repair is unknown (never placed, built or laid down)")
        return
    try:
        truth = repair_position(unit_type, event.season)
    except ValueError:
        return  # reported by repair_allowed
    if event.column != truth.column:
        yield c.finding(
            ctx,
            expected=where(truth.row, truth.column),
            recorded=where(LAUNCH_ROW, event.column),
            message=f"{ship_words(ship, event.ship)} ({type_words(unit_type)}) starting repair in "
            f"{event.season.capitalize()} goes to {where(truth.row, truth.column)}, not the "
            f"{event.column.capitalize()} column (27.7267)",
        )


@CHECKS.check(
    "27.7267",
    "a repair start costs 1 SB + 3 BRPs for a named ship, nothing for a cruiser",
    reads=(ShipRepairStarted,),
    id="repair_cost",
    covers=(
        "N-04",
        "N-32",
    ),
)
def check_repair_cost(c: Check, ctx: AuditContext[ShipRepairStarted]) -> Result:
    event = ctx.event
    ship, unit_type = _repair_ship(ctx)
    if unit_type is None:
        return
    try:
        truth = vichy_cost(ctx, event.ship, event.yard, repair_cost(unit_type))
    except ValueError:
        return
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        yield c.finding(
            ctx,
            expected=cost_words(truth),
            recorded=cost_words(NavalCost(event.sb, event.brps)),
            message=f"starting the repair of {ship_words(ship, event.ship)} ({type_words(unit_type)}) costs "
            f"{cost_words(truth)}, not {cost_words(NavalCost(event.sb, event.brps))} (27.7267)",
        )


def _in_pacific(ctx: AuditContext[Any], yard: str) -> bool:
    """The yard is in the Pacific theater: on the Pacific map, or the Pacific U.S. box (27.7266B)."""
    chart = yard_chart(ctx, yard)
    location = chart.location if chart is not None and chart.location else ""
    return location.startswith("PAC:") or us_theater(yard) == "pacific"


def _theater_of(location: str | None) -> str | None:
    """``european`` or ``pacific`` for a location on the European or Pacific map (27.7263); None for a box."""
    if location is None:
        return None
    if location.startswith("EUR:"):
        return "european"
    if location.startswith("PAC:"):
        return "pacific"
    return None


@CHECKS.check(
    "27.7261",
    "repairs start from the yard's Waiting for Repair box, not in the player turn of the damage or raising",
    reads=(ShipRepairStarted,),
    id="repair_allowed",
    covers=(
        "N-30",
        "N-31",
        "N-34",
    ),
)
def check_repair_allowed(c: Check, ctx: AuditContext[ShipRepairStarted]) -> Result:
    event = ctx.event
    ship, unit_type = _repair_ship(ctx)
    if ship is None or unit_type is None:
        return
    now = _player_turn(event)
    breaches = repair_start_breaches(
        unit_type,
        cast(Power, ship.owner or "britain"),
        in_waiting_for_repair=ship.status == "waiting_for_repair" and ship.yard == event.yard,
        damaged_this_player_turn=ship.damaged_in == now and ship.raised_in != now,  # raising also marks damage
        raised_this_player_turn=ship.raised_in == now,
        in_pacific=_in_pacific(ctx, event.yard),
    )
    for breach in breaches:
        yield c.finding(
            ctx,
            expected="a legal repair start",
            recorded=event.yard,
            message=f"{ship_words(ship, event.ship)}: {breach.message} ({breach.rule})",
        )


@CHECKS.check(
    "27.7262",
    "only named ships sunk in port are raised, for 1 SB + 3 BRPs of one of the owner's yards",
    reads=(ShipRaised,),
    id="raise_ship",
    covers=("N-36",),
)
def check_raise_ship(c: Check, ctx: AuditContext[ShipRaised]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    if ship is None or ship.unit_type is None:
        yield Missing(reason="the raised ship was never placed or built in this log")
        return
    name = ship_words(ship, event.ship)
    if not may_be_raised(ship.unit_type):
        yield c.finding(
            ctx,
            expected="a named ship",
            recorded=ship.unit_type,
            message=f"{name} is a {type_words(ship.unit_type)}: only named ships sunk in port may be raised; "
            "cruisers, DDs and CVEs sunk in port are gone (27.7262)",
        )
    elif ship.status != "sunk" or not ship.sunk_in_port:
        yield c.finding(
            ctx,
            expected="sunk in port",
            recorded=ship.status.replace("_", " "),
            message=f"{name} is {ship.status.replace('_', ' ')}, not sunk in port, so it cannot be raised (27.7262)",
        )
    if (event.sb, event.brps) != (RAISE_COST.sb, RAISE_COST.brps):
        yield c.finding(
            ctx,
            expected=cost_words(RAISE_COST),
            recorded=cost_words(NavalCost(event.sb, event.brps)),
            message=f"raising {name} costs {cost_words(RAISE_COST)}, not "
            f"{cost_words(NavalCost(event.sb, event.brps))} (27.7262)",
        )
    if event.phase not in (None, "unit_construction"):
        yield c.finding(
            ctx,
            expected="the unit construction phase",
            recorded=event.phase.replace("_", " "),
            message=f"{name} is raised in the {event.phase.replace('_', ' ')} phase; ships are raised during a unit "
            "construction phase (27.7262)",
        )
    chart = yard_chart(ctx, event.yard)
    theater = us_theater(event.yard) if chart is not None and chart.owner == "usa" else None
    if theater is not None:
        gone = ctx.state.board.eliminated.get(event.ship)
        lies = _theater_of(gone.unit.location if gone is not None else None)
        wanted = "european" if theater == "atlantic" else "pacific"
        if lies is None:
            yield Missing(
                reason="where a ship sunk in port lies (the board's last record of it) is unknown", kind="place"
            )
        elif lies != wanted:
            yield c.finding(
                ctx,
                expected=f"a ship in the {wanted} theater",
                recorded=f"a ship in the {lies} theater",
                message=f"American {theater.capitalize()} shipbuilding may only raise ships in the {wanted} theater; "
                f"{name} lies in the {lies} theater (27.7263)",
            )
    if chart is not None and ship.owner and chart.owner != ship.owner:
        yield c.finding(
            ctx,
            expected=f"a {ship.owner} shipyard",
            recorded=event.yard,
            message=f"{name} is raised with SB of {event.yard} ({chart.owner}); the SB must come from a shipyard "
            f"of its owner, {ship.owner} (27.7263)",
        )


@CHECKS.check(
    "27.721",
    "destroyers, CVEs, submarines and ASW are never damaged (only sunk)",
    reads=(ShipDamaged,),
    id="never_damaged",
    covers=("N-35",),
)
def check_never_damaged(c: Check, ctx: AuditContext[ShipDamaged]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    unit = ctx.state.board.units.get(event.ship)
    unit_type = ship.unit_type if ship is not None and ship.unit_type else (unit.unit_type if unit else None)
    if unit_type in ONE_FACTOR_TYPES and unit_type != "transport":
        yield c.finding(
            ctx,
            expected="eliminated, not damaged",
            recorded="damaged",
            message=f"{event.ship} is a {type_words(str(unit_type))}: one-factor naval units are never damaged "
            "(27.721)",
        )
