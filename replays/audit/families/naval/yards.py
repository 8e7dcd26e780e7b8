"""Shipyard limits each turn (rate, the one-factor share, capacity: 27.724A, 27.7221A, 27.741; checks N-11..N-14) and
American pre-war transports (27.7322; checks N-50..N-53)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import ShipAdvanced, ShipLaidDown, ShipLaunched, ShipRaised, ShipRepairStarted, UnitBuilt
from projections import naval as charts
from projections.rules.construction import RuleBreach
from projections.rules.naval import (
    LAUNCH_ROW,
    ONE_FACTOR_TYPES,
    launches_at_once,
    prewar_transport_breaches,
    shipyard_breaches,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.naval.common import yard_chart

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


# ---------------------------------------------------------------------------------------------------------------------
# Shipyard rate, one-factor share and capacity (27.724A, 27.7221A, 27.741)
# ---------------------------------------------------------------------------------------------------------------------


class YardUse:
    """What the current event spends at a yard, and the yard's standing before and after it."""

    __slots__ = ("_new", "after", "before", "chart", "counters", "one_factor", "sb", "yard")

    def __init__(self, ctx: AuditContext[Any], yard: str, sb: int, one_factor: bool, counters: int) -> None:
        state = ctx.state.naval
        self.yard = yard
        self.sb = sb
        self.one_factor = one_factor
        self.counters = counters
        self._new: list[RuleBreach] | None = None
        self.chart = yard_chart(ctx, yard)
        same_turn = charts.this_turn(state, ctx.event.year, ctx.event.season)
        spent = state.spent.get(yard) if same_turn else None
        sb_before = spent.sb if spent is not None else 0
        one_before = spent.one_factor_sb if spent is not None else 0
        on_chart = charts.counters_on_chart(state, yard)
        self.before = (sb_before, one_before, on_chart)
        self.after = (sb_before + sb, one_before + (sb if one_factor else 0), on_chart + counters)

    def new_breaches(self) -> list[RuleBreach]:
        """The breaches the event makes that the yard's standing before it did not (the three yard checks of an
        event share them: computed once)."""
        if self.chart is None:
            return []
        if self._new is None:
            self._new = self._breaches()
        return self._new

    def _breaches(self) -> list[RuleBreach]:
        assert self.chart is not None
        rule = charts.capacity_rule_of(self.chart)

        def breaches(sb: int, one: int, counters: int) -> tuple[RuleBreach, ...]:
            return shipyard_breaches(
                rate=self.chart.rate if self.chart else 0,
                capacity_rule=rule,
                sb_spent=sb,
                one_factor_sb_spent=one,
                counters_on_chart=counters,
            )

        old = {b.rule for b in breaches(*self.before)}
        return [b for b in breaches(*self.after) if b.rule not in old]


def yard_use(ctx: AuditContext[Any]) -> YardUse | None:
    """The current event's use of a yard (computed once per event and shared by the checks)."""
    return ctx.cached(_yard_use)


def _yard_use(ctx: AuditContext[Any]) -> YardUse | None:
    event: Any = ctx.event
    found: YardUse | None = None
    naval = ctx.state.naval
    match event:
        case ShipLaidDown() if not event.setup:
            found = YardUse(ctx, event.yard, event.sb, event.unit_type in ONE_FACTOR_TYPES, 1)
        case ShipAdvanced():
            launched = event.row == LAUNCH_ROW and launches_at_once(ctx.meta.options)
            found = YardUse(ctx, event.yard, event.sb, False, -1 if launched else 0)
        case ShipLaunched():
            ship = naval.ships.get(event.ship)
            on_chart = ship is not None and ship.status == "on_chart" and ship.yard == event.yard
            one = ship is not None and ship.unit_type in ONE_FACTOR_TYPES
            found = YardUse(ctx, event.yard, event.sb, one, -1 if on_chart else 0)
        case ShipRepairStarted():
            found = YardUse(ctx, event.yard, event.sb, False, 1)
        case ShipRaised():
            found = YardUse(ctx, event.yard, event.sb, False, 0)
        case UnitBuilt() if event.yard is not None:
            found = YardUse(ctx, event.yard, event.sb, event.unit_type in ONE_FACTOR_TYPES, 0)
    return found


def _yard_findings(c: Check, ctx: AuditContext[Any], rule: str) -> Result:
    use = yard_use(ctx)
    if use is None:
        return
    if use.chart is None:
        if rule == "27.724A":
            yield Missing(reason="a shipyard used before it was defined (shipyard_defined)")
        return
    for breach in use.new_breaches():
        if breach.rule != rule:
            continue
        sb, one, counters = use.after
        if rule == "27.724A":
            message = f"{use.yard} has now spent {sb} SB this turn; its shipbuilding rate is {breach.allowed} (27.724A)"
        elif rule == "27.7221A":
            message = (
                f"{use.yard} has now spent {one} SB on destroyers, CVEs, submarines, ASW and transports this turn; "
                f"at most half its rate, rounded up, {breach.allowed}, may go to one-factor units (27.7221A)"
            )
        else:
            message = (
                f"{use.yard}'s chart now holds {counters} ships; its capacity is {breach.allowed} "
                "(27.741; launches earlier in the phase free space, 27.742)"
            )
        yield c.finding(ctx, expected=f"<= {breach.allowed}", recorded=breach.actual, message=message)


@CHECKS.check(
    "27.724A",
    "SB spent at a shipyard in a turn stay within its rate",
    reads=(ShipLaidDown, ShipAdvanced, ShipLaunched, ShipRepairStarted, ShipRaised, UnitBuilt),
    id="yard_rate",
    covers=("N-01",),
)
def check_yard_rate(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.724A")


@CHECKS.check(
    "27.7221A",
    "at most half a yard's rate (rounded up) goes to one-factor naval units each turn",
    reads=(ShipLaidDown, ShipAdvanced, ShipLaunched, ShipRepairStarted, ShipRaised, UnitBuilt),
    id="one_factor_rate",
    covers=("N-02",),
)
def check_one_factor_rate(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.7221A")


@CHECKS.check(
    "27.741",
    "a chart never holds more ships than the yard's capacity",
    reads=(ShipLaidDown, ShipRepairStarted),
    id="yard_capacity",
    covers=("N-03",),
)
def check_yard_capacity(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.741")


# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.7322",
    "U.S.-built transports before war with Germany: U.S. BRPs <= USAT - 25, Britain pays only after > 5 losses",
    reads=(UnitBuilt,),
    id="prewar_transports",
    covers=(
        "N-50",
        "N-51",
        "N-52",
        "N-53",
    ),
)
def check_prewar_transports(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    naval = ctx.state.naval
    found = charts.prewar_shares(naval, ctx.state.board, event)
    if found is None:
        return
    us, british = found
    before = charts.prewar_transports(naval, event.year, event.season)
    count, us_before, british_before = before.transports, before.us_brps, before.british_brps
    usat = ctx.state.board.tensions.get("usat", 0)
    lost = charts.wa_transports_lost(naval, event.year, event.season)

    def breaches(n: int, u: int, b: int) -> set[tuple[str, str]]:
        if n == 0:
            return set()  # nothing built yet: no breach (27.7322's date rule included)
        return {
            (x.rule, x.message)
            for x in prewar_transport_breaches(
                year=event.year,
                season=event.season,
                usat=usat,
                wa_transports_lost=lost,
                transports=n,
                us_brps=u,
                british_brps=b,
            )
            if x.message != "payments do not add up to the transports' cost"  # priced by the 27.11 check
        }

    new = breaches(count + event.factors, us_before + us, british_before + british) - breaches(
        count, us_before, british_before
    )
    for rule, message in sorted(new):
        yield c.finding(
            ctx,
            expected="a legal pre-war transport",
            recorded=f"U.S. {us_before + us} BRPs, Britain {british_before + british} BRPs",
            message=f"transport {event.unit} built in {event.yard} before the U.S. is at war with Germany (USAT "
            f"{usat}, {lost} WA transports lost in the Axis player turn): {message} ({rule})",
        )
