"""Ships on a chart, waiting for repair and sunk in port: who may move, how they may be attacked, what happens when
their port is occupied or their yard captured (27.7262, 27.71, 27.7281-27.7283; checks N-37, N-40, N-41, N-42)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    PhaseStarted,
    ShipDamaged,
    ShipDisplacedFromChart,
    ShipSunk,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, SIDE_OF_FACTION
from projections.rules.naval import CAPTURED_MODES, CHART_ATTACK_CAUSE, LAUNCH_ROW, displacement_outcome
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.naval.common import cell_words, ship_words

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


@CHECKS.check(
    "27.7281",
    "ships on a chart never move or redeploy (rows 2 and Launch only when displaced); a ship sunk in port and not "
    "raised never moves",
    reads=(UnitMoved, UnitRedeployed),
    id="chart_ships_stay",
    covers=("N-37", "N-40"),
)
def check_chart_ships_stay(c: Check, ctx: AuditContext[UnitMoved | UnitRedeployed]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.unit)
    if ship is None:
        return ()
    name = ship_words(ship, event.unit)
    if ship.status == "on_chart":
        row = ship.row or ""
        rule = "27.7282" if row not in ("2", LAUNCH_ROW) else "27.7281"
        return (
            c.finding(
                ctx,
                expected="stays on the chart",
                recorded="moved" if isinstance(event, UnitMoved) else "redeployed",
                message=f"{name} is on {cell_words(row, '')} of {ship.yard}'s chart: ships under construction or "
                f"repair never move or redeploy ({rule}; rows 2 and Launch leave only when displaced)",
            ),
        )
    if ship.status == "sunk" and ship.sunk_in_port:
        return (
            c.finding(
                ctx,
                expected="no move",
                recorded="moved" if isinstance(event, UnitMoved) else "redeployed",
                message=f"{name} was sunk in port and has not been raised: it may not move (27.7262)",
            ),
        )
    return ()


@CHECKS.check(
    "27.7283",
    "ships on a chart are attacked only by strategic bombing; a damaged ship (waiting for repair, raised, displaced, "
    "on its way to repair) that is hit again is sunk, not damaged again",
    reads=(ShipDamaged, ShipSunk),
    id="chart_ships_attacked",
    covers=("N-42",),
)
def check_chart_ships_attacked(c: Check, ctx: AuditContext[ShipDamaged | ShipSunk]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    if ship is None:
        return ()
    name = ship_words(ship, event.ship)
    found: list[Any] = []
    if ship.status == "on_chart":
        if event.cause is None:
            found.append(Missing(reason="the cause of a sinking is not recorded (ship_sunk.cause)"))
        elif event.cause != CHART_ATTACK_CAUSE:
            found.append(
                c.finding(
                    ctx,
                    expected=CHART_ATTACK_CAUSE.replace("_", " "),
                    recorded=event.cause.replace("_", " "),
                    message=f"{name} is under construction or repair on {ship.yard}'s chart: it may only be attacked "
                    "by strategic bombing (27.7283, 26.76)",
                )
            )
    if isinstance(event, ShipDamaged) and ship.status in ("waiting_for_repair", "damaged"):
        found.append(
            c.finding(
                ctx,
                expected="sunk",
                recorded="damaged",
                message=f"{name} is already damaged ({ship.status.replace('_', ' ')}): ships waiting for repair, "
                "displaced or on their way to a shipyard count as damaged, and another hit sinks them (27.7261, "
                "27.7281, 27.7283)",
            )
        )
    return found


@CHECKS.check(
    "27.7281",
    "a ship displaced from rows 2 or Launch becomes damaged; one in rows 3 to 5 is eliminated, and only when its "
    "yard comes under enemy control",
    reads=(ShipDisplacedFromChart,),
    id="displacement",
    partly={
        "N-41": "that every ship of rows 2 and Launch was displaced when enemy ground units occupied the port is "
        "taken from the displacement events: no event records a port's occupation; a yard's capture is checked",
    },
)
def check_displacement(c: Check, ctx: AuditContext[ShipDisplacedFromChart]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    if ship is None or ship.status != "on_chart" or ship.row is None:
        return ()
    name = ship_words(ship, event.ship)
    truth = displacement_outcome(ship.row)
    claimed = "destroyed" if event.destroyed else "displaced"
    if truth == "destroyed" and event.reason != "yard_captured":
        return (
            c.finding(
                ctx,
                expected="stays on the chart",
                recorded=claimed,
                message=f"{name} on {cell_words(ship.row, '')} is not displaced when the port is occupied; ships in "
                "the third or higher rows are eliminated only when the yard comes under enemy control (27.7282)",
            ),
        )
    if truth != claimed:
        return (
            c.finding(
                ctx,
                expected=truth,
                recorded=claimed,
                message=f"{name} on {cell_words(ship.row, '')} is {truth} when its yard is lost (27.71, 27.7281, "
                "27.7282)",
            ),
        )
    return ()


def _side(power_or_faction: str) -> str | None:
    faction = power_or_faction if power_or_faction in FACTIONS else FACTION_OF_POWER.get(power_or_faction)  # type: ignore[call-overload]
    return SIDE_OF_FACTION.get(faction) if faction is not None else None


@CHECKS.check(
    "27.71",
    "when an enemy captures a shipyard, the ships being built or repaired there leave its chart (displaced or "
    "eliminated) before the next phase",
    reads=(PhaseStarted,),
    id="captured_chart_cleared",
)
def check_captured_chart_cleared(c: Check, ctx: AuditContext[PhaseStarted]) -> Result:
    state = ctx.state.naval
    found = []
    for yard, chart in sorted(state.charts.items()):
        if chart.mode not in CAPTURED_MODES or not chart.cells:
            continue
        holder = _side(chart.controller)
        for ids in chart.cells.values():
            for ship_id in ids:
                ship = state.ships.get(ship_id)
                if ship is None or ship.owner is None or _side(ship.owner) in (None, holder):
                    continue
                found.append(
                    c.finding(
                        ctx,
                        expected="displaced or eliminated",
                        recorded="still on the chart",
                        message=f"{ship_words(ship, ship_id)} is still on {yard}'s chart after {chart.controller} "
                        "captured the yard: ships in rows 2 and Launch are displaced, the others eliminated (27.71, "
                        "27.7281, 27.7282)",
                    )
                )
    return found
