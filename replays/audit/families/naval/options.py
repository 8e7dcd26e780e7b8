"""The options each unit construction phase: continue, accelerate, defer, launch, scuttle, and every due ship
decided (27.7272A-E; checks N-20..N-28)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import PhaseStarted, ShipAdvanced, ShipDeferred, ShipLaunched, ShipScuttled
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, power_name, type_words
from projections import naval as charts
from projections.rules.calendar import shift_season
from projections.rules.construction import RuleBreach
from projections.rules.naval import (
    ACTING_STEPS,
    ACTION_COST,
    LAUNCH_ROW,
    ChartAction,
    ChartPosition,
    NavalCost,
    apply_chart_action,
    chart_action_breaches,
    permissions_for,
    us_theater,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.naval.common import (
    acted,
    cell_words,
    cost_words,
    season,
    ship_words,
    vichy_cost,
    where,
    yard_chart,
)

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


# ---------------------------------------------------------------------------------------------------------------------
# Options each unit construction phase (27.7272)
# ---------------------------------------------------------------------------------------------------------------------


def _launched_by_advance(ctx: AuditContext[Any], ship: charts.Ship) -> bool:
    """The ship reached the Launch row by a paid advance this turn: the launch that follows is free (27.7272D)."""
    if ship.status == "launched" and ship.launched_turn == game_turn(ctx.event):
        return True
    last = ship.last_step
    return (
        ship.status == "on_chart"
        and ship.row == LAUNCH_ROW
        and last is not None
        and last.turn == game_turn(ctx.event)
        and last.action in ("continue", "accelerate_1", "accelerate_2")
    )


class Move:
    """A chart option as the rules see it: the ship and its cell before the event, the action, the breaches."""

    __slots__ = ("action", "breaches", "chart", "position", "ship", "skip")

    def __init__(self, ctx: AuditContext[Any]) -> None:
        event: Any = ctx.event
        self.ship: charts.Ship | None = ctx.state.naval.ships.get(event.ship)
        self.chart = yard_chart(ctx, event.yard)
        self.position: ChartPosition | None = self.ship.position if self.ship is not None else None
        self.action: ChartAction | None = None
        self.breaches: tuple[RuleBreach, ...] = ()
        self.skip: str | None = None
        ship = self.ship
        if ship is None or ship.unit_type is None or ship.factors is None:
            self.skip = "a ship that was never laid down or placed in this log"
            return
        if isinstance(event, ShipLaunched) and _launched_by_advance(ctx, ship):
            self.skip = "launched already by its advance from row 2"
            return
        if self.position is None:
            return
        match event:
            case ShipAdvanced():
                self.action = event.mode
            case ShipDeferred():
                self.action = "defer"
            case ShipScuttled():
                self.action = "scuttle"
            case ShipLaunched():
                self.action = "launch" if self.position.row == LAUNCH_ROW else "continue"
        assert self.action is not None
        owner = ship.owner or (self.chart.owner if self.chart is not None else "")
        permissions = None
        if owner in POWERS:
            theater = us_theater(event.yard) if owner == "usa" else None
            if owner != "usa" or theater is not None:
                naval = ctx.state.naval
                permissions = permissions_for(
                    owner,
                    charts.politics(naval, ctx.state.board, event.year),
                    us_theater=theater,
                    variant="full" if ctx.meta.variant == "full" else "classic",
                    deferrals_so_far=charts.deferrals_so_far(naval, event.yard, event.year, event.season),
                    ships_in_column=charts.column_size(naval, event.yard, event.year, event.season),
                    rate=charts.effective_rate(self.chart) if self.chart is not None else 0,
                )
        kwargs: dict[str, Any] = {} if permissions is None else {"permissions": permissions}
        self.breaches = chart_action_breaches(
            self.action,
            unit_type=ship.unit_type,
            factors=ship.factors,
            position=self.position,
            season=season(ctx),
            acted_this_phase=acted(ctx, ship),
            **kwargs,
        )

    def of(self, *rules: str) -> list[RuleBreach]:
        return [b for b in self.breaches if b.rule in rules]


def move(ctx: AuditContext[Any]) -> Move:
    """The chart option of the current event, computed once per event and shared by the checks."""
    return ctx.cached(Move)


def _not_on_chart(c: Check, ctx: AuditContext[Any], m: Move) -> Result:
    event: Any = ctx.event
    if m.skip is not None:
        if m.ship is None:
            yield Missing(reason=f"chart options of {m.skip}")
        return
    if m.position is None:
        assert m.ship is not None
        yield c.finding(
            ctx,
            expected="a ship on the chart",
            recorded=m.ship.status.replace("_", " "),
            message=f"{ship_words(m.ship, event.ship)} is not on a chart ({m.ship.status.replace('_', ' ')}), "
            "so it cannot be moved, launched or scuttled there (27.7272)",
        )


@CHECKS.check(
    "27.7272",
    "only ships in the current column are moved or launched, each once per phase, and never at placement",
    reads=(ShipAdvanced, ShipDeferred, ShipLaunched, ShipScuttled),
    id="chart_column",
    covers=(
        "N-20",
        "N-21",
    ),
)
def check_chart_column(c: Check, ctx: AuditContext[Any]) -> Result:
    m = move(ctx)
    if m.skip is not None or m.position is None:
        yield from _not_on_chart(c, ctx, m)
        return
    assert m.ship is not None
    name = ship_words(m.ship, m.ship.id)
    breaches = m.of("27.7272")
    wrong_column = [b for b in breaches if b.actual == m.position.column]
    for breach in wrong_column or breaches:  # a ship out of its column is reported once, for the column
        if breach.actual == m.position.column:
            yield c.finding(
                ctx,
                expected=f"{str(breach.allowed).capitalize()} column",
                recorded=f"{m.position.column.capitalize()} column",
                message=f"{name} is in the {m.position.column.capitalize()} column; in "
                f"{season(ctx).capitalize()} only ships in the {season(ctx).capitalize()} column may be "
                "moved or launched (27.7272)",
            )
        else:
            yield c.finding(
                ctx,
                expected="one decision per phase",
                recorded="a second one",
                message=f"{name} was already placed or moved on the chart this phase; it may not move again "
                "before its column next comes up (27.7272)",
            )


def _expected_cell(m: Move) -> tuple[str, str] | None:
    assert m.position is not None and m.action is not None
    try:
        result = apply_chart_action(m.position, m.action)
    except ValueError:
        return None
    if result.position is None:
        return (LAUNCH_ROW, m.position.column) if result.launched else None
    return (result.position.row, result.position.column)


@CHECKS.check(
    "27.7272A", "an advance moves the ship to the cell its option gives", reads=(ShipAdvanced,), covers=("N-22", "N-23")
)
def check_advance_cell(c: Check, ctx: AuditContext[ShipAdvanced]) -> Result:
    event = ctx.event
    m = move(ctx)
    if m.skip is not None or m.position is None or m.of("27.7272D"):
        return
    truth = _expected_cell(m)
    if truth is None:
        return
    claimed = (event.row, event.column)
    if event.row == LAUNCH_ROW and truth[0] == LAUNCH_ROW:
        return  # launched at once from row 2; the column is immaterial (27.7272D)
    if claimed != truth:
        assert m.ship is not None
        yield c.finding(
            ctx,
            expected=where(*truth),
            recorded=where(*claimed),
            message=f"{ship_words(m.ship, event.ship)} on {where(m.position.row, m.position.column)}: "
            f"{event.mode.replace('_', ' ')} takes it to {where(*truth)}, not {where(*claimed)} (27.7272A-B)",
        )


@CHECKS.check(
    "27.7272",
    "continuing costs 1 SB + 3 BRPs; accelerating 1 SB + 6 or 9",
    reads=(ShipAdvanced,),
    id="advance_cost",
    covers=("N-04",),
)
def check_advance_cost(c: Check, ctx: AuditContext[ShipAdvanced]) -> Result:
    event = ctx.event
    truth = vichy_cost(ctx, event.ship, event.yard, ACTION_COST[event.mode])
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        yield c.finding(
            ctx,
            expected=cost_words(truth),
            recorded=cost_words(NavalCost(event.sb, event.brps)),
            message=f"{event.mode.replace('_', ' ')} of {event.ship} costs {cost_words(truth)}, not "
            f"{cost_words(NavalCost(event.sb, event.brps))} (27.7272A-B)",
        )


@CHECKS.check(
    "27.7272B",
    "acceleration: 3- to 5-factor ships, from rows 5, 4, 3, not at placement, by a power allowed to",
    reads=(ShipAdvanced,),
    id="acceleration",
    covers=(
        "N-23",
        "N-24",
    ),
)
def check_acceleration(c: Check, ctx: AuditContext[ShipAdvanced]) -> Result:
    event = ctx.event
    m = move(ctx)
    breaches = m.of("27.7272B")
    if not breaches:
        return
    assert m.ship is not None
    yield c.finding(
        ctx,
        expected="a legal acceleration",
        recorded=event.mode,
        message=f"{ship_words(m.ship, event.ship)} ({m.ship.factors}-factor {type_words(str(m.ship.unit_type))}, "
        f"{power_name(str(m.ship.owner))}) may not be accelerated: "
        + "; ".join(
            "it was placed or moved this phase" if b.message.startswith("ship already") else b.message for b in breaches
        )
        + " (27.7272B)",
    )


@CHECKS.check(
    "27.7272C",
    "a deferral moves the ship one column right, free, by a power allowed to defer",
    reads=(ShipDeferred,),
    id="deferral",
    covers=(
        "N-25",
        "N-26",
    ),
)
def check_deferral(c: Check, ctx: AuditContext[ShipDeferred]) -> Result:
    event = ctx.event
    m = move(ctx)
    if m.skip is not None or m.position is None:
        return
    assert m.ship is not None
    name = ship_words(m.ship, event.ship)
    truth = shift_season(m.position.column, 1)
    if event.column != truth and m.position.row != LAUNCH_ROW:
        yield c.finding(
            ctx,
            expected=f"{truth.capitalize()} column",
            recorded=f"{event.column.capitalize()} column",
            message=f"deferring {name} moves it one column right, from {m.position.column.capitalize()} to "
            f"{truth.capitalize()}, not to {event.column.capitalize()} (27.7272C)",
        )
    if m.ship.owner == "france" and m.of("27.7272C"):
        yield Missing(reason="France's deferral triggers other than an Italian declaration of war are not tracked")
        return
    for breach in m.of("27.7272C", "27.7272D"):
        yield c.finding(
            ctx,
            expected="continue or launch",
            recorded="defer",
            message=f"{name} ({power_name(str(m.ship.owner))}) may not be deferred: {breach.message} ({breach.rule})",
        )


@CHECKS.check(
    "27.7272D",
    "launches: from row 2 for 1 SB + 3 BRPs, or free from the Launch row; Launch-row ships are not moved",
    reads=(ShipAdvanced, ShipLaunched),
    id="launch",
    covers=(
        "N-04",
        "N-28",
    ),
)
def check_launch(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    m = move(ctx)
    if isinstance(event, ShipAdvanced):
        for _breach in m.of("27.7272D"):
            yield c.finding(
                ctx,
                expected="launch",
                recorded=event.mode,
                message=f"{ship_words(m.ship, event.ship)} is on the Launch row: it is placed on the board, free, "
                "not moved (27.7272D)",
            )
        return
    assert isinstance(event, ShipLaunched)
    if m.skip is not None:
        if m.ship is not None and (event.sb or event.brps):
            yield c.finding(
                ctx,
                expected=cost_words(NavalCost(0, 0)),
                recorded=cost_words(NavalCost(event.sb, event.brps)),
                message=f"{ship_words(m.ship, event.ship)} was paid for by its advance to the Launch row; the "
                "launch itself is free (27.7272D)",
            )
        return
    if m.position is None or m.action is None:
        return
    name = ship_words(m.ship, event.ship)
    truth_move = apply_chart_action(m.position, m.action)
    if not truth_move.launched:
        yield c.finding(
            ctx,
            expected="row 2 or the Launch row",
            recorded=cell_words(m.position.row, m.position.column),
            message=f"{name} is on {cell_words(m.position.row, m.position.column)}: only ships on row 2 (paying "
            "1 SB + 3 BRPs) or on the Launch row (free) are launched (27.7272D)",
        )
        return
    truth = vichy_cost(ctx, event.ship, event.yard, truth_move.cost)
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        where = "row 2" if m.action == "continue" else "the Launch row"
        yield c.finding(
            ctx,
            expected=cost_words(truth),
            recorded=cost_words(NavalCost(event.sb, event.brps)),
            message=f"launching {name} from {where} costs {cost_words(truth)}, not "
            f"{cost_words(NavalCost(event.sb, event.brps))} (27.7272D)",
        )


@CHECKS.check(
    "27.7272E",
    "scuttling follows the deferral permissions; France never scuttles",
    reads=(ShipScuttled,),
    id="scuttle",
    covers=("N-26",),
)
def check_scuttle(c: Check, ctx: AuditContext[ShipScuttled]) -> Result:
    event = ctx.event
    m = move(ctx)
    if m.ship is None:
        return
    for _breach in m.of("27.7272E"):
        yield c.finding(
            ctx,
            expected="no scuttling",
            recorded="scuttled",
            message=f"{ship_words(m.ship, event.ship)} ({power_name(str(m.ship.owner))}) may not be scuttled now "
            "(27.7272E)",
        )


@CHECKS.check(
    "27.7272",
    "by the end of unit construction every ship in the current column was continued, accelerated, deferred or launched",
    reads=(PhaseStarted,),
    id="due_ships_decided",
    covers=(
        "N-27",
        "N-28",
    ),
)
def check_due_ships_decided(c: Check, ctx: AuditContext[PhaseStarted]) -> Result:
    event = ctx.event
    if event.phase != "redeployment" or event.side is None:
        return
    state = ctx.state.naval
    turn = game_turn(event)
    for yard, chart in sorted(state.charts.items()):
        if chart.owner not in POWERS or SIDE_OF_FACTION[FACTION_OF_POWER[chart.owner]] != event.side:
            continue
        for ship_id in charts.ships_in_column(state, yard, event.season):
            ship = state.ships.get(ship_id)
            if ship is None or ship.row is None:
                continue
            last = ship.last_step
            if last is not None and last.turn == turn and last.action in ACTING_STEPS:
                continue
            if ship.row == LAUNCH_ROW:
                message = (
                    f"{ship_words(ship, ship_id)} is still on the Launch row of {yard}'s "
                    f"{event.season.capitalize()} column after unit construction: it is placed on the board this "
                    "phase (27.7272D, 27.7273-27.7274)"
                )
            else:
                message = (
                    f"{ship_words(ship, ship_id)} on {where(ship.row, event.season)} at {yard} was neither "
                    "continued, accelerated nor deferred this unit construction phase (27.7272)"
                )
            yield c.finding(ctx, expected="a decision", recorded="none", message=message)
