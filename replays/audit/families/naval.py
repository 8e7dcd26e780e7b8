"""Naval construction and repair (27.7): the mechanical checks of the 27-30 extract's auditor checklist 2.6
(N-01..N-04, N-11..N-14, N-16, N-17, N-20..N-28, N-30..N-32, N-35, N-36) and 2.5 A-03 (CVEs and training rates).

Chart geometry, costs, permissions and shipyard limits come from :mod:`projections.rules.naval`; the charts as
recorded before each event (each ship's cell and history, SB spent per yard this turn, counters on each chart) from
:mod:`projections.naval`. What the projection does not keep (German accelerations this year, the size of each
column when the phase began, deferrals this phase, CVEs laid down per turn) is kept here in ``ctx.scratch`` under
``nav_`` keys.

Choices:

* A ship "acts" once per unit construction phase: a lay-down, repair start, continue, acceleration or deferral this
  game turn (set-up placements do not count) bars another move or a launch (27.7272, N-21; open question 10).
* At the start of a redeployment phase every ship in the current column of the moving side's charts must have been
  decided (27.7272; N-27/N-28): ships on the Launch row launched, others continued, accelerated or deferred.
* France's deferral trigger (27.7272C) is known here only through an Italian declaration of war on Britain or France;
  without it a French deferral is reported as :class:`Missing` (the other triggers need map facts).
"""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.events import (
    Event,
    PhaseStarted,
    ShipAdvanced,
    ShipDamaged,
    ShipDeferred,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipScuttled,
    UnitBuilt,
    UnitEliminated,
    WarDeclared,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import (
    CHART_TYPES,
    FACTION_OF_POWER,
    NAVAL_TYPES,
    POWERS,
    SIDE_OF_FACTION,
    Power,
    Season,
    UnitType,
    power_name,
    type_words,
)
from projections import naval as charts
from projections.board import at_war
from projections.rules.calendar import shift_season
from projections.rules.construction import NAVAL_AIR_TRAINING_RATE, RuleBreach
from projections.rules.naval import (
    ACTION_COST,
    IMMEDIATE_TYPES,
    LAUNCH_ROW,
    ONE_FACTOR_TYPES,
    RAISE_COST,
    STARTING_SHIPYARDS,
    ChartAction,
    ChartPosition,
    NavalCost,
    NavalPolitics,
    UsTheater,
    apply_chart_action,
    build_type_breaches,
    chart_action_breaches,
    immediate_build_cost,
    launches_at_once,
    lay_down_cost,
    lay_down_position,
    may_be_raised,
    permissions_for,
    prewar_transport_breaches,
    repair_cost,
    repair_position,
    repair_start_breaches,
    shipyard_breaches,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("naval")

CAPTURED_MODES: Final = frozenset({"captured", "recaptured_by_ally"})
"""Yards that only repair (rate 1, capacity 2): captured, or recaptured by an ally of a surrendered owner (27.713)."""

ACTING_STEPS: Final = frozenset({"lay_down", "repair_start", "continue", "accelerate_1", "accelerate_2", "defer"})
"""Chart steps that use up a ship's one decision of the phase (27.7272; set-up placements do not)."""


def _cell(row: str, column: str) -> str:
    return "the Launch row" if row == LAUNCH_ROW else f"row {row}"


def _where(row: str, column: str) -> str:
    return f"{_cell(row, column)}, {column.capitalize()} column"


def _cost(cost: NavalCost) -> str:
    return f"{cost.sb} SB + {cost.brps} BRPs"


def _ship_words(ship: charts.Ship | None, ship_id: str) -> str:
    if ship is None:
        return ship_id
    return ship.name or ship_id


def _season(ctx: AuditContext[Event]) -> Season:
    return ctx.event.season


def _acted(ctx: AuditContext[Any], ship: charts.Ship) -> bool:
    """The ship was laid down, started repair or moved on its chart this game turn (27.7272, N-21)."""
    last = ship.last_step
    return last is not None and last.turn == game_turn(ctx.event) and last.action in ACTING_STEPS


def _chart(ctx: AuditContext[Any], yard: str) -> charts.Chart | None:
    """The yard's chart before the event; an undefined starting yard gets its 27.731 values."""
    chart = ctx.state.naval.charts.get(yard)
    if chart is not None:
        return chart
    start = STARTING_SHIPYARDS.get(yard)  # type: ignore[call-overload]
    if start is None:
        return None
    return charts.Chart(
        yard=yard, owner=start.owner, controller=start.owner, rate=start.rate, capacity_rule=start.capacity_rule
    )


def _us_theater(yard: str) -> UsTheater | None:
    key = yard.replace("-", "_").lower()
    if "pacific" in key:
        return "pacific"
    if "atlantic" in key:
        return "atlantic"
    return None


def _politics(ctx: AuditContext[Any]) -> NavalPolitics:
    board = ctx.state.board
    year = ctx.event.year
    italy_wa = any(at_war(board, "italy", p) for p in ("britain", "france", "usa"))
    return NavalPolitics(
        year=year,
        italy_at_war_with_western_allies=italy_wa,
        war_outbreak_year=ctx.scratch.get("nav_first_war_year"),
        germany_accelerated_this_year=ctx.scratch.get("nav_german_acceleration") == year,
        france_deferral_triggered=any(at_war(board, "italy", p) for p in ("britain", "france")),
        japan_us_at_war=at_war(board, "japan", "usa"),
        usjt=board.tensions.get("usjt", 0),
        germany_us_at_war=at_war(board, "germany", "usa"),
    )


@FAMILY.observe(WarDeclared)
def _first_war(ctx: AuditContext[Any]) -> None:
    """The year war broke out, for Britain's acceleration restriction in the full game (27.7272B)."""
    ctx.scratch.setdefault("nav_first_war_year", ctx.event.year)


# ---------------------------------------------------------------------------------------------------------------------
# Lay-down (27.7251, 27.713, 27.722)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check("27.7251", "a new ship goes to the chart cell 27.7251 gives", reads=(ShipLaidDown,))
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
            message=f"{_ship_words(None, event.name or event.ship)} cannot be laid down on a chart: {error}",
        )
        return
    if (event.row, event.column) != (truth.row, truth.column):
        yield c.finding(
            ctx,
            expected=_where(truth.row, truth.column),
            recorded=_where(event.row, event.column),
            message=f"{event.name or event.ship} ({event.factors}-factor {type_words(event.unit_type)}) laid down "
            f"in {event.season.capitalize()} goes to {_where(truth.row, truth.column)}, not "
            f"{_where(event.row, event.column)} (27.7251)",
        )


@FAMILY.check(
    "27.7251",
    "laying a ship down costs 1 SB + 3 BRPs (per factor for DDs and CVEs)",
    reads=(ShipLaidDown,),
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
            expected=_cost(truth),
            recorded=_cost(NavalCost(event.sb, event.brps)),
            message=f"laying down {event.name or event.ship} costs {_cost(truth)}, not "
            f"{_cost(NavalCost(event.sb, event.brps))} (27.7251)",
        )


@FAMILY.check(
    "27.713",
    "captured shipyards are never used for new construction",
    reads=(ShipLaidDown,),
    id="captured_yard",
)
def check_captured_yard(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    chart = ctx.state.naval.charts.get(event.yard)
    if event.setup or chart is None or chart.mode not in CAPTURED_MODES:
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
    chart = _chart(ctx, yard) if yard is not None else None
    builder: Power = owner
    if chart is not None and chart.owner in POWERS:
        builder = chart.owner
    return builder, owner


def _build_name(event: ShipLaidDown | UnitBuilt) -> str:
    if isinstance(event, ShipLaidDown):
        return event.name or event.ship
    return event.name or event.unit


@FAMILY.check(
    "27.722",
    "who may build which naval units: fast carriers (27.7222), CVEs (27.7223), Japanese DDs (27.7221A), "
    "German and Italian submarines only (27.93)",
    reads=(ShipLaidDown, UnitBuilt),
    id="naval_build_type",
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


@FAMILY.check(
    "27.7223",
    "CVEs laid down per turn stay within the training rate of the power they are for (27.61A)",
    reads=(ShipLaidDown,),
    id="cve_training_rate",
)
def check_cve_training_rate(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.setup or event.unit_type != "cve":
        return
    before = ctx.scratch.get("nav_cves", {}).get((game_turn(event), event.owner), 0)
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


@FAMILY.observe(ShipLaidDown)
def _count_cves(ctx: AuditContext[ShipLaidDown]) -> None:
    event = ctx.event
    if not event.setup and event.unit_type == "cve":
        table: dict[tuple[int, str], int] = ctx.scratch.setdefault("nav_cves", {})
        key = (game_turn(event), event.owner)
        table[key] = table.get(key, 0) + event.factors


@FAMILY.check(
    "27.721A",
    "subs, ASW and transports use 1 SB per factor of a recorded yard; chart ships are laid down, not built",
    reads=(UnitBuilt,),
    id="immediate_build",
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


# ---------------------------------------------------------------------------------------------------------------------
# Options each unit construction phase (27.7272)
# ---------------------------------------------------------------------------------------------------------------------

MOVE_EVENTS: Final = (ShipAdvanced, ShipDeferred, ShipLaunched, ShipScuttled)


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


def column_size(ctx: AuditContext[Any], yard: str) -> int:
    """Ships in the current column of a yard when the phase's chart decisions began (27.7272C: Japan and the U.S.
    without war or tension may defer only the excess over the rate)."""
    event: Any = ctx.event
    size = ctx.scratch.get("nav_column", {}).get((game_turn(event), yard))
    if size is None:
        size = len(charts.ships_in_column(ctx.state.naval, yard, event.season))
    return int(size)


class Move:
    """A chart option as the rules see it: the ship and its cell before the event, the action, the breaches."""

    __slots__ = ("action", "breaches", "chart", "position", "ship", "skip")

    def __init__(self, ctx: AuditContext[Any]) -> None:
        event: Any = ctx.event
        self.ship: charts.Ship | None = ctx.state.naval.ships.get(event.ship)
        self.chart = _chart(ctx, event.yard)
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
            theater = _us_theater(event.yard) if owner == "usa" else None
            if owner != "usa" or theater is not None:
                key = (game_turn(event), event.yard)
                permissions = permissions_for(
                    owner,
                    _politics(ctx),
                    us_theater=theater,
                    variant="full" if ctx.meta.variant == "full" else "classic",
                    deferrals_so_far=ctx.scratch.get("nav_deferred", {}).get(key, 0),
                    ships_in_column=column_size(ctx, event.yard),
                    rate=charts.effective_rate(self.chart) if self.chart is not None else 0,
                )
        kwargs: dict[str, Any] = {} if permissions is None else {"permissions": permissions}
        self.breaches = chart_action_breaches(
            self.action,
            unit_type=ship.unit_type,
            factors=ship.factors,
            position=self.position,
            season=_season(ctx),
            acted_this_phase=_acted(ctx, ship),
            **kwargs,
        )

    def of(self, *rules: str) -> list[RuleBreach]:
        return [b for b in self.breaches if b.rule in rules]


def move(ctx: AuditContext[Any]) -> Move:
    """The chart option of the current event, computed once and shared by the checks."""
    cached = ctx.scratch.get("nav_move")
    if cached is not None and cached[0] == ctx.seq:
        return cast(Move, cached[1])
    found = Move(ctx)
    ctx.scratch["nav_move"] = (ctx.seq, found)
    return found


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
            message=f"{_ship_words(m.ship, event.ship)} is not on a chart ({m.ship.status.replace('_', ' ')}), "
            "so it cannot be moved, launched or scuttled there (27.7272)",
        )


@FAMILY.check(
    "27.7272",
    "only ships in the current column are moved or launched, each once per phase, and never at placement",
    reads=MOVE_EVENTS,
    id="chart_column",
)
def check_chart_column(c: Check, ctx: AuditContext[Any]) -> Result:
    m = move(ctx)
    if m.skip is not None or m.position is None:
        yield from _not_on_chart(c, ctx, m)
        return
    assert m.ship is not None
    name = _ship_words(m.ship, m.ship.id)
    breaches = m.of("27.7272")
    wrong_column = [b for b in breaches if b.actual == m.position.column]
    for breach in wrong_column or breaches:  # a ship out of its column is reported once, for the column
        if breach.actual == m.position.column:
            yield c.finding(
                ctx,
                expected=f"{str(breach.allowed).capitalize()} column",
                recorded=f"{m.position.column.capitalize()} column",
                message=f"{name} is in the {m.position.column.capitalize()} column; in "
                f"{_season(ctx).capitalize()} only ships in the {_season(ctx).capitalize()} column may be "
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


@FAMILY.check("27.7272A", "an advance moves the ship to the cell its option gives", reads=(ShipAdvanced,))
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
            expected=_where(*truth),
            recorded=_where(*claimed),
            message=f"{_ship_words(m.ship, event.ship)} on {_where(m.position.row, m.position.column)}: "
            f"{event.mode.replace('_', ' ')} takes it to {_where(*truth)}, not {_where(*claimed)} (27.7272A-B)",
        )


@FAMILY.check(
    "27.7272",
    "continuing costs 1 SB + 3 BRPs; accelerating 1 SB + 6 or 9",
    reads=(ShipAdvanced,),
    id="advance_cost",
)
def check_advance_cost(c: Check, ctx: AuditContext[ShipAdvanced]) -> Result:
    event = ctx.event
    truth = ACTION_COST[event.mode]
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        yield c.finding(
            ctx,
            expected=_cost(truth),
            recorded=_cost(NavalCost(event.sb, event.brps)),
            message=f"{event.mode.replace('_', ' ')} of {event.ship} costs {_cost(truth)}, not "
            f"{_cost(NavalCost(event.sb, event.brps))} (27.7272A-B)",
        )


@FAMILY.check(
    "27.7272B",
    "acceleration: 3- to 5-factor ships, from rows 5, 4, 3, not at placement, by a power allowed to",
    reads=(ShipAdvanced,),
    id="acceleration",
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
        message=f"{_ship_words(m.ship, event.ship)} ({m.ship.factors}-factor {type_words(str(m.ship.unit_type))}, "
        f"{power_name(str(m.ship.owner))}) may not be accelerated: "
        + "; ".join(
            "it was placed or moved this phase" if b.message.startswith("ship already") else b.message for b in breaches
        )
        + " (27.7272B)",
    )


@FAMILY.observe(ShipAdvanced)
def _german_acceleration(ctx: AuditContext[ShipAdvanced]) -> None:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    if event.mode != "continue" and ship is not None and ship.owner == "germany":
        ctx.scratch["nav_german_acceleration"] = event.year


@FAMILY.check(
    "27.7272C",
    "a deferral moves the ship one column right, free, by a power allowed to defer",
    reads=(ShipDeferred,),
    id="deferral",
)
def check_deferral(c: Check, ctx: AuditContext[ShipDeferred]) -> Result:
    event = ctx.event
    m = move(ctx)
    if m.skip is not None or m.position is None:
        return
    assert m.ship is not None
    name = _ship_words(m.ship, event.ship)
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


@FAMILY.check(
    "27.7272D",
    "launches: from row 2 for 1 SB + 3 BRPs, or free from the Launch row; Launch-row ships are not moved",
    reads=(ShipAdvanced, ShipLaunched),
    id="launch",
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
                message=f"{_ship_words(m.ship, event.ship)} is on the Launch row: it is placed on the board, free, "
                "not moved (27.7272D)",
            )
        return
    assert isinstance(event, ShipLaunched)
    if m.skip is not None:
        if m.ship is not None and (event.sb or event.brps):
            yield c.finding(
                ctx,
                expected=_cost(NavalCost(0, 0)),
                recorded=_cost(NavalCost(event.sb, event.brps)),
                message=f"{_ship_words(m.ship, event.ship)} was paid for by its advance to the Launch row; the "
                "launch itself is free (27.7272D)",
            )
        return
    if m.position is None or m.action is None:
        return
    name = _ship_words(m.ship, event.ship)
    truth_move = apply_chart_action(m.position, m.action)
    if not truth_move.launched:
        yield c.finding(
            ctx,
            expected="row 2 or the Launch row",
            recorded=_cell(m.position.row, m.position.column),
            message=f"{name} is on {_cell(m.position.row, m.position.column)}: only ships on row 2 (paying "
            "1 SB + 3 BRPs) or on the Launch row (free) are launched (27.7272D)",
        )
        return
    truth = truth_move.cost
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        where = "row 2" if m.action == "continue" else "the Launch row"
        yield c.finding(
            ctx,
            expected=_cost(truth),
            recorded=_cost(NavalCost(event.sb, event.brps)),
            message=f"launching {name} from {where} costs {_cost(truth)}, not "
            f"{_cost(NavalCost(event.sb, event.brps))} (27.7272D)",
        )


@FAMILY.check(
    "27.7272E",
    "scuttling follows the deferral permissions; France never scuttles",
    reads=(ShipScuttled,),
    id="scuttle",
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
            message=f"{_ship_words(m.ship, event.ship)} ({power_name(str(m.ship.owner))}) may not be scuttled now "
            "(27.7272E)",
        )


@FAMILY.observe(*MOVE_EVENTS, ShipLaidDown, ShipRepairStarted)
def _column_sizes(ctx: AuditContext[Any]) -> None:
    """Ships in the current column at a yard's first chart event of the turn, and deferrals/scuttles so far
    (27.7272C: Japan and the U.S. may defer only the excess over the rate)."""
    event: Any = ctx.event
    key = (game_turn(event), event.yard)
    sizes: dict[tuple[int, str], int] = ctx.scratch.setdefault("nav_column", {})
    if key not in sizes:
        sizes[key] = len(charts.ships_in_column(ctx.state.naval, event.yard, event.season))
    if isinstance(event, ShipDeferred | ShipScuttled):
        done: dict[tuple[int, str], int] = ctx.scratch.setdefault("nav_deferred", {})
        done[key] = done.get(key, 0) + 1


@FAMILY.check(
    "27.7272",
    "by the end of unit construction every ship in the current column was continued, accelerated, deferred or launched",
    reads=(PhaseStarted,),
    id="due_ships_decided",
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
                    f"{_ship_words(ship, ship_id)} is still on the Launch row of {yard}'s "
                    f"{event.season.capitalize()} column after unit construction: it is placed on the board this "
                    "phase (27.7272D, 27.7273-27.7274)"
                )
            else:
                message = (
                    f"{_ship_words(ship, ship_id)} on {_where(ship.row, event.season)} at {yard} was neither "
                    "continued, accelerated nor deferred this unit construction phase (27.7272)"
                )
            yield c.finding(ctx, expected="a decision", recorded="none", message=message)


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


@FAMILY.check(
    "27.7267",
    "a repair starts on the Launch row, two columns on (named ship) or one (cruiser)",
    reads=(ShipRepairStarted,),
    id="repair_cell",
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
            expected=_where(truth.row, truth.column),
            recorded=_where(LAUNCH_ROW, event.column),
            message=f"{_ship_words(ship, event.ship)} ({type_words(unit_type)}) starting repair in "
            f"{event.season.capitalize()} goes to {_where(truth.row, truth.column)}, not the "
            f"{event.column.capitalize()} column (27.7267)",
        )


@FAMILY.check(
    "27.7267",
    "a repair start costs 1 SB + 3 BRPs for a named ship, nothing for a cruiser",
    reads=(ShipRepairStarted,),
    id="repair_cost",
)
def check_repair_cost(c: Check, ctx: AuditContext[ShipRepairStarted]) -> Result:
    event = ctx.event
    ship, unit_type = _repair_ship(ctx)
    if unit_type is None:
        return
    try:
        truth = repair_cost(unit_type)
    except ValueError:
        return
    if (event.sb, event.brps) != (truth.sb, truth.brps):
        yield c.finding(
            ctx,
            expected=_cost(truth),
            recorded=_cost(NavalCost(event.sb, event.brps)),
            message=f"starting the repair of {_ship_words(ship, event.ship)} ({type_words(unit_type)}) costs "
            f"{_cost(truth)}, not {_cost(NavalCost(event.sb, event.brps))} (27.7267)",
        )


@FAMILY.check(
    "27.7261",
    "repairs start from the yard's Waiting for Repair box, not in the player turn of the damage or raising",
    reads=(ShipRepairStarted,),
    id="repair_allowed",
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
    )
    for breach in breaches:
        yield c.finding(
            ctx,
            expected="a legal repair start",
            recorded=event.yard,
            message=f"{_ship_words(ship, event.ship)}: {breach.message} ({breach.rule})",
        )


@FAMILY.check(
    "27.7262",
    "only named ships sunk in port are raised, for 1 SB + 3 BRPs of one of the owner's yards",
    reads=(ShipRaised,),
    id="raise_ship",
)
def check_raise_ship(c: Check, ctx: AuditContext[ShipRaised]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    if ship is None or ship.unit_type is None:
        yield Missing(reason="the raised ship was never placed or built in this log")
        return
    name = _ship_words(ship, event.ship)
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
            expected=_cost(RAISE_COST),
            recorded=_cost(NavalCost(event.sb, event.brps)),
            message=f"raising {name} costs {_cost(RAISE_COST)}, not {_cost(NavalCost(event.sb, event.brps))} (27.7262)",
        )
    chart = _chart(ctx, event.yard)
    if chart is not None and ship.owner and chart.owner != ship.owner:
        yield c.finding(
            ctx,
            expected=f"a {ship.owner} shipyard",
            recorded=event.yard,
            message=f"{name} is raised with SB of {event.yard} ({chart.owner}); the SB must come from a shipyard "
            f"of its owner, {ship.owner} (27.7263)",
        )


@FAMILY.check(
    "27.721",
    "destroyers, CVEs, submarines and ASW are never damaged (only sunk)",
    reads=(ShipDamaged,),
    id="never_damaged",
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


# ---------------------------------------------------------------------------------------------------------------------
# Shipyard rate, one-factor share and capacity (27.724A, 27.7221A, 27.741)
# ---------------------------------------------------------------------------------------------------------------------

YARD_EVENTS: Final = (ShipLaidDown, ShipAdvanced, ShipLaunched, ShipRepairStarted, ShipRaised, UnitBuilt)


class YardUse:
    """What the current event spends at a yard, and the yard's standing before and after it."""

    __slots__ = ("after", "before", "chart", "counters", "one_factor", "sb", "yard")

    def __init__(self, ctx: AuditContext[Any], yard: str, sb: int, one_factor: bool, counters: int) -> None:
        state = ctx.state.naval
        self.yard = yard
        self.sb = sb
        self.one_factor = one_factor
        self.counters = counters
        self.chart = _chart(ctx, yard)
        same_turn = (state.year, state.season) == (ctx.event.year, ctx.event.season)
        spent = state.spent.get(yard) if same_turn else None
        sb_before = spent.sb if spent is not None else 0
        one_before = spent.one_factor_sb if spent is not None else 0
        on_chart = charts.counters_on_chart(state, yard)
        self.before = (sb_before, one_before, on_chart)
        self.after = (sb_before + sb, one_before + (sb if one_factor else 0), on_chart + counters)

    def new_breaches(self) -> list[RuleBreach]:
        if self.chart is None:
            return []
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
    """The current event's use of a yard (computed once per event)."""
    cached = ctx.scratch.get("nav_yard")
    if cached is not None and cached[0] == ctx.seq:
        return cast(YardUse | None, cached[1])
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
    ctx.scratch["nav_yard"] = (ctx.seq, found)
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


@FAMILY.check("27.724A", "SB spent at a shipyard in a turn stay within its rate", reads=YARD_EVENTS, id="yard_rate")
def check_yard_rate(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.724A")


@FAMILY.check(
    "27.7221A",
    "at most half a yard's rate (rounded up) goes to one-factor naval units each turn",
    reads=YARD_EVENTS,
    id="one_factor_rate",
)
def check_one_factor_rate(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.7221A")


@FAMILY.check(
    "27.741",
    "a chart never holds more ships than the yard's capacity",
    reads=(ShipLaidDown, ShipRepairStarted),
    id="yard_capacity",
)
def check_yard_capacity(c: Check, ctx: AuditContext[Any]) -> Result:
    yield from _yard_findings(c, ctx, "27.741")


# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322)
# ---------------------------------------------------------------------------------------------------------------------

WESTERN_ALLIES: Final = frozenset({"britain", "france", "usa"})


@FAMILY.observe(UnitEliminated)
def _wa_transports_lost(ctx: AuditContext[UnitEliminated]) -> None:
    """Western Allied transports lost in each Axis player turn (27.7322A: cash and carry needs more than five)."""
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    if event.side == "axis" and unit is not None and unit.unit_type == "transport" and unit.owner in WESTERN_ALLIES:
        lost: dict[int, int] = ctx.scratch.setdefault("nav_wa_transports_lost", {})
        turn = game_turn(event)
        lost[turn] = lost.get(turn, 0) + unit.factors


def _prewar_transport(ctx: AuditContext[Any]) -> tuple[str, int, int] | None:
    """(payer, U.S. BRPs, British BRPs) of a transport built in a U.S. box before the U.S.-German war, or ``None``."""
    event = ctx.event
    if not isinstance(event, UnitBuilt) or event.unit_type != "transport" or event.yard is None:
        return None
    chart = _chart(ctx, event.yard)
    board = ctx.state.board
    if chart is None or chart.owner != "usa" or at_war(board, "germany", "usa"):
        return None
    if _us_theater(event.yard) == "pacific" and at_war(board, "japan", "usa"):
        return None  # 27.7322C: rebuilt in the Pacific box once Japan and the U.S. are at war
    payer = event.payer or event.owner
    return payer, event.cost if payer == "usa" else 0, event.cost if payer != "usa" else 0


@FAMILY.check(
    "27.7322",
    "U.S.-built transports before war with Germany: U.S. BRPs <= USAT - 25, Britain pays only after > 5 losses",
    reads=(UnitBuilt,),
    id="prewar_transports",
)
def check_prewar_transports(c: Check, ctx: AuditContext[Any]) -> Result:
    found = _prewar_transport(ctx)
    if found is None:
        return
    event = ctx.event
    assert isinstance(event, UnitBuilt)
    _payer, us, british = found
    turn = game_turn(event)
    count, us_before, british_before = ctx.scratch.get("nav_prewar", {}).get(turn, (0, 0, 0))
    usat = ctx.state.board.tensions.get("usat", 0)
    lost = ctx.scratch.get("nav_wa_transports_lost", {}).get(turn, 0)

    def breaches(n: int, u: int, b: int) -> set[tuple[str, str]]:
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


@FAMILY.observe(UnitBuilt)
def _prewar_spent(ctx: AuditContext[Any]) -> None:
    found = _prewar_transport(ctx)
    if found is None:
        return
    event = ctx.event
    assert isinstance(event, UnitBuilt)
    table: dict[int, tuple[int, int, int]] = ctx.scratch.setdefault("nav_prewar", {})
    turn = game_turn(event)
    count, us, british = table.get(turn, (0, 0, 0))
    table[turn] = (count + event.factors, us + found[1], british + found[2])
