"""Naval construction: the lay-down of a new ship, who may build which naval units, CVEs and training rates,
and the units built at once (27.7251, 27.713, 27.721A, 27.722, 27.7223; checks N-01..N-04, N-16, A-03)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import ShipLaidDown, ShipRepairStarted, UnitBuilt
from awaw_events.vocab import CHART_TYPES, NAVAL_TYPES, POWERS, Power, power_name, type_words
from projections import naval as charts
from projections.rules.construction import NAVAL_AIR_TRAINING_RATE
from projections.rules.naval import (
    CAPTURED_MODES,
    IMMEDIATE_TYPES,
    NavalCost,
    build_type_breaches,
    immediate_build_cost,
    lay_down_cost,
    lay_down_position,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.naval.common import cost_words, ship_words, this_turn, where, yard_chart

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


# ---------------------------------------------------------------------------------------------------------------------
# Lay-down (27.7251, 27.713, 27.722)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check("27.7251", "a new ship goes to the chart cell 27.7251 gives", reads=(ShipLaidDown,), covers=("N-13",))
def check_lay_down_cell(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.setup:
        return
    try:
        truth = lay_down_position(event.unit_type, event.factors, event.season)
    except ValueError as error:
        yield c.finding(
            ctx,
            expected="a DD, CVE, 2-factor cruiser or named ship of 2 to 5 factors",
            recorded=f"{event.unit_type}{event.factors}",
            message=f"{ship_words(None, event.name or event.ship)} cannot be laid down on a chart: {error}",
        )
        return
    if (event.row, event.column) != (truth.row, truth.column):
        yield c.finding(
            ctx,
            expected=where(truth.row, truth.column),
            recorded=where(event.row, event.column),
            message=f"{event.name or event.ship} ({event.factors}-factor {type_words(event.unit_type)}) laid down "
            f"in {event.season.capitalize()} goes to {where(truth.row, truth.column)}, not "
            f"{where(event.row, event.column)} (27.7251)",
        )


@CHECKS.check(
    "27.7251",
    "laying a ship down costs 1 SB + 3 BRPs (per factor for DDs and CVEs)",
    reads=(ShipLaidDown,),
    covers=("N-04",),
)
def check_lay_down_cost(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.setup:
        return
    try:
        truth = lay_down_cost(event.unit_type, event.factors)
    except ValueError:
        return  # reported by lay_down_cell
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        yield c.finding(
            ctx,
            expected=cost_words(truth),
            recorded=cost_words(NavalCost(event.sb, event.brps)),
            message=f"laying down {event.name or event.ship} costs {cost_words(truth)}, not "
            f"{cost_words(NavalCost(event.sb, event.brps))} (27.7251)",
        )


@CHECKS.check(
    "27.713",
    "captured shipyards are never used for new construction, and repair only once the yard's owner has surrendered",
    reads=(ShipLaidDown, ShipRepairStarted),
    id="captured_yard",
    covers=("N-12",),
)
def check_captured_yard(c: Check, ctx: AuditContext[ShipLaidDown | ShipRepairStarted]) -> Result:
    event = ctx.event
    chart = ctx.state.naval.charts.get(event.yard)
    if chart is None or chart.mode not in CAPTURED_MODES:
        return
    if isinstance(event, ShipRepairStarted):
        status = ctx.state.board.statuses.get(chart.owner)
        if status != "surrendered":
            yield c.finding(
                ctx,
                expected=f"{chart.owner} surrendered",
                recorded=status or "not surrendered",
                message=f"{event.yard} is a captured shipyard: it repairs only once its original owner, "
                f"{power_name(chart.owner) if chart.owner in POWERS else chart.owner}, has surrendered (27.713)",
            )
        return
    if event.setup:
        return
    yield c.finding(
        ctx,
        expected="repairs only",
        recorded=f"{event.ship} laid down",
        message=f"{event.yard} is a captured shipyard ({chart.mode.replace('_', ' ')}): it may only repair "
        f"cruisers and named ships, not build {event.name or event.ship} (27.713)",
    )


def _build_power(ctx: AuditContext[Any], event: ShipLaidDown | UnitBuilt) -> tuple[Power, Power | None]:
    """(builder, power the ship is for): CVEs are built by the yard's owner (the U.S.) for their owner (27.7223)."""
    owner = event.owner
    if event.unit_type != "cve":
        return owner, None
    yard = event.yard
    chart = yard_chart(ctx, yard) if yard is not None else None
    builder: Power = owner
    if chart is not None and chart.owner in POWERS:
        builder = chart.owner
    return builder, owner


def _build_name(event: ShipLaidDown | UnitBuilt) -> str:
    if isinstance(event, ShipLaidDown):
        return event.name or event.ship
    return event.name or event.unit


@CHECKS.check(
    "27.722",
    "who may build which naval units: fast carriers (27.7222), CVEs (27.7223), Japanese DDs (27.7221A), "
    "German and Italian submarines only (27.93)",
    reads=(ShipLaidDown, UnitBuilt),
    id="naval_build_type",
    covers=(
        "N-11",
        "N-14",
        "N-16",
        "N-17",
    ),
)
def check_naval_build_type(c: Check, ctx: AuditContext[ShipLaidDown | UnitBuilt]) -> Result:
    event = ctx.event
    if isinstance(event, ShipLaidDown) and event.setup:
        return
    if event.unit_type not in NAVAL_TYPES:
        return
    builder, for_power = _build_power(ctx, event)
    usat = ctx.state.board.tensions.get("usat", 0)
    for breach in build_type_breaches(
        builder, event.unit_type, year=event.year, season=event.season, usat=usat, for_power=for_power
    ):
        yield c.finding(
            ctx,
            expected=breach.allowed if breach.allowed is not None else "not allowed",
            recorded=breach.actual,
            message=f"{power_name(builder)} builds {type_words(event.unit_type)} "
            f"{_build_name(event)}: {breach.message} "
            f"({breach.rule})",
        )


@CHECKS.check(
    "27.7223",
    "CVEs laid down per turn stay within the training rate of the power they are for (27.61A)",
    reads=(ShipLaidDown,),
    id="cve_training_rate",
    covers=("A-03",),
)
def check_cve_training_rate(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.setup or event.unit_type != "cve":
        return
    before = charts.cves_laid_down(ctx.state.naval, event.owner, *this_turn(ctx))
    after = before + event.factors
    rate = NAVAL_AIR_TRAINING_RATE[event.owner]
    if before <= rate < after:
        yield c.finding(
            ctx,
            expected=f"<= {rate}",
            recorded=after,
            message=f"{after} CVE factors laid down for {power_name(event.owner)} this turn; CVEs are limited by its "
            f"naval air training rate, {rate} (27.7223, 27.61A)",
        )


@CHECKS.check(
    "27.721A",
    "subs, ASW and transports use 1 SB per factor of a recorded yard; chart ships are laid down, not built",
    reads=(UnitBuilt,),
    id="immediate_build",
    covers=("N-04",),
)
def check_immediate_build(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type in CHART_TYPES:
        yield c.finding(
            ctx,
            expected="ship_laid_down",
            recorded="unit_built",
            message=f"{type_words(event.unit_type)} {event.name or event.unit} is built at once, but DDs, CVEs, "
            "cruisers and named ships go through a shipyard chart (27.7251)",
        )
        return
    if event.unit_type not in IMMEDIATE_TYPES:
        return
    if event.yard is None:
        yield Missing(reason="the shipyard whose SB a sub, ASW or transport used is not recorded (yard)")
        return
    truth = immediate_build_cost(event.unit_type, event.factors)
    if event.sb != truth.sb:
        yield c.finding(
            ctx,
            expected=f"{truth.sb} SB",
            recorded=f"{event.sb} SB",
            message=f"{event.factors}-factor {type_words(event.unit_type)} {event.unit} uses {truth.sb} SB at "
            f"{event.yard}, not {event.sb} (1 SB + 3 BRPs per factor, 27.721A)",
        )
