"""The naval construction charts: one chart per shipyard, the ships on them, and SB spent per yard per turn (27.7).

Sources: 27-30 extract 1.8-1.18 (tables), 2.6 (checks N-01..N-53), 3.4 (events), 4.5 and 4.9 (state and how events
change it), 6.1-6.3 (worked examples), checked against the seed text 27.7. Rule arithmetic (capacity, effective rate,
the half-rate cap on one-factor units, expected launch) comes from :mod:`projections.rules.naval` and
:mod:`projections.rules.calendar`.

What the projection trusts: it shows the charts **as recorded**. A ship goes to the row and column its
``ship_laid_down`` / ``ship_advanced`` / ``ship_repair_started`` event claims, ``ship_deferred`` moves it to the
claimed column, and every SB point and BRP is the claimed amount. Whether the claimed cell and cost are the ones the
rules give (27.7251, 27.7267, 27.7272) is the audit's question; this state gives it what it needs: the cell before
each event (walk the fold), each ship's chart history with the cell it left, SB spent per yard this turn (before
each expenditure, as the fold is walked), counters on each chart, and each ship's expected launch turn.

State layout:

* ``charts``: yard id -> :class:`Chart` (owner, controller, mode, rate, capacity rule, cells, Waiting for Repair).
  Cells are keyed ``"<row>/<column>"`` (``"3/spring"``, ``"launch/fall"``) and hold ship ids in the order they
  entered. A yard used before any ``shipyard_defined`` gets an implicit chart from the starting table 27.731
  (``defined=False``).
* ``ships``: ship id -> :class:`Ship` for every DD, CVE, cruiser and named ship the projection has seen: laid down,
  or placed/built on the board (status ``afloat``) so that damage, sinking, raising and repair know the ship's type.
* ``spent``: yard id -> :class:`YardSpend`, SB points (all and one-factor) and BRPs spent at that yard in the
  current game turn (27.724A, 27.7221A); ``spent_last_turn`` keeps the previous turn's totals; ``spends`` lists this
  turn's payments one by one. All three reset when a new game turn begins (27-30 extract 4.9, ``TurnStarted``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal

import msgspec

from awaw_events.events import (
    AnyEvent,
    MobilizationApplied,
    ShipAdvanced,
    ShipArrivedForRepair,
    ShipbuildingRateChanged,
    ShipDamaged,
    ShipDeferred,
    ShipDisplacedFromChart,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipScuttled,
    ShipSunk,
    ShipyardControlChanged,
    ShipyardDefined,
    UnitBuilt,
    UnitEliminated,
    UnitPlaced,
    UnitReduced,
)
from awaw_events.gametime import turn_index
from awaw_events.vocab import CHART_ROWS, CHART_TYPES, SEASONS, ChartRow, Season, UnitType
from projections.core import Clock, Context
from projections.rules.calendar import add_turns, season_position, seasons_until, turn_at
from projections.rules.naval import (
    FULL_CYCLE,
    LAUNCH_ROW,
    ONE_FACTOR_TYPES,
    STARTING_SHIPYARDS,
    CapacityRule,
    ChartPosition,
    expected_launch,
    one_factor_sb_cap,
    shipyard_capacity,
    shipyard_rate,
)

# ---------------------------------------------------------------------------------------------------------------------
# Local vocabulary
# ---------------------------------------------------------------------------------------------------------------------

ShipStatus = Literal[
    "afloat",
    "on_chart",
    "waiting_for_repair",
    "launched",
    "damaged",
    "sunk",
    "scuttled",
    "destroyed",
    "eliminated",
]
"""Where a ship stands (27-30 extract 4.5): ``afloat`` (on the board, never on a chart here), ``on_chart`` (under
construction or repair, 27.724C), ``waiting_for_repair`` (27.724D, 27.7261), ``launched`` (placed on the board from a
chart, 27.7272D), ``damaged`` (27.7266A, raised 27.7262, displaced 27.7281), ``sunk`` (``sunk_in_port`` tells whether
it may be raised, 27.7262), ``scuttled`` (27.7272E), ``destroyed`` (eliminated on a captured chart, 27.7282),
``eliminated`` (``unit_eliminated`` of any other cause)."""

StepAction = Literal[
    "setup",
    "lay_down",
    "continue",
    "accelerate_1",
    "accelerate_2",
    "defer",
    "launch",
    "scuttle",
    "arrive_for_repair",
    "repair_start",
    "displaced",
    "destroyed",
    "sunk",
    "eliminated",
]
"""What happened to a ship on or at a chart (one :class:`ChartStep` each): placement (``setup`` 27.724E,
``lay_down`` 27.7251), the options of 27.7272A-E, the repair path (27.7261, 27.7267), and leaving the chart by
displacement, capture (27.71, 27.7281-27.7282), sinking or elimination."""

MOVE_ACTIONS: Final[frozenset[str]] = frozenset({"continue", "accelerate_1", "accelerate_2", "defer"})
"""Chart options that move a ship within the chart (27.7272A-C): what "how it last moved" reports."""

WorkKind = Literal["new", "repair"]
"""Construction or repair: treated alike once begun (27.7271), but the audit prices the start differently."""

AdvanceToLaunch = Literal["launch_at_once", "stay_on_launch_row"]
"""Option ``naval.advance_to_launch``: what a recorded ``ship_advanced`` to the Launch row does.

``launch_at_once`` (default): a ship moved down from row 2 to Launch "is immediately placed on the board" (27.7272D,
27-30 extract 4.9: "if to Launch from row 2 -> also ShipLaunched"), so it leaves the chart and frees capacity in
the same phase (27.742); a later ``ship_launched`` only adds its mode, location and any payment.
``stay_on_launch_row``: the ship waits on the Launch row until a ``ship_launched`` is recorded (for logs that
always record the launch separately and want the capacity counted until then)."""

ADVANCE_TO_LAUNCH_OPTION: Final[str] = "naval.advance_to_launch"
ADVANCE_TO_LAUNCH_DEFAULT: Final[AdvanceToLaunch] = "launch_at_once"

UNKNOWN_OWNER: Final[str] = ""
"""Owner of an implicit chart whose yard is not in the starting table 27.731 and whose first event names no owner."""


# ---------------------------------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------------------------------


class ChartStep(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One step of a ship's chart history: when (game turn index and label), what, where it went and where from,
    at which yard, and what was claimed for it (SB points, BRPs)."""

    turn: int
    when: str
    action: StepAction
    yard: str | None = None
    row: ChartRow | None = None
    column: Season | None = None
    from_row: ChartRow | None = None
    from_column: Season | None = None
    sb: int = 0
    brps: int = 0
    side: str | None = None


class Ship(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A DD, CVE, cruiser or named ship as the naval charts see it (27-30 extract 4.5).

    ``owner``/``unit_type``/``factors`` are ``None`` only for a ship first met in a damage or repair event without
    having been placed, built or laid down in this log. ``row``/``column`` are set while ``status == "on_chart"``;
    ``yard`` is the chart it is on, waiting at, or was last built/repaired at. ``damaged_in``/``raised_in`` name
    the player turn (``"1940/spring/axis"``) for 27.7266A and 27.7262.
    """

    id: str
    status: ShipStatus
    owner: str | None = None
    unit_type: UnitType | None = None
    factors: int | None = None
    name: str | None = None
    yard: str | None = None
    row: ChartRow | None = None
    column: Season | None = None
    work: WorkKind | None = None
    setup: bool = False
    laid_down_turn: int | None = None
    laid_down: str | None = None
    work_started_turn: int | None = None
    launched_turn: int | None = None
    launched: str | None = None
    launch_mode: str | None = None
    damaged_in: str | None = None
    raised_in: str | None = None
    sunk_in_port: bool = False
    history: tuple[ChartStep, ...] = ()

    @property
    def label(self) -> str:
        """How a player names the ship: its name, else type and id."""
        if self.name:
            return self.name
        return f"{self.unit_type} {self.id}" if self.unit_type else self.id

    @property
    def last_move(self) -> ChartStep | None:
        """The last continue / accelerate / defer (27.7272A-C) of the current construction or repair, if any."""
        for step in reversed(self.history):
            if step.action in MOVE_ACTIONS:
                return step
            if step.action in ("lay_down", "setup", "repair_start"):
                return None
        return None

    @property
    def last_step(self) -> ChartStep | None:
        return self.history[-1] if self.history else None

    @property
    def position(self) -> ChartPosition | None:
        """The chart cell while on a chart."""
        if self.status != "on_chart" or self.row is None or self.column is None:
            return None
        return ChartPosition(self.row, self.column)


class Chart(msgspec.Struct, frozen=True, kw_only=True):
    """One shipyard's Naval Construction Chart (27.723, 27.724; 27-30 extract 4.5).

    ``rate`` is the recorded shipbuilding rate; the rate and capacity in force follow from ``mode`` (a captured or
    ally-recaptured yard: rate 1, capacity 2, 27.713) via :func:`effective_rate` and :func:`capacity`. ``cells`` maps
    ``"<row>/<column>"`` to the ship ids in that cell; ``waiting`` is the Waiting for Repair box (27.724D), which does
    not count against capacity (27.724B). Replaced, never changed: a new cells dict per change.
    """

    yard: str
    owner: str
    controller: str
    mode: str = "owned"
    location: str | None = None
    rate: int = 0
    capacity_rule: CapacityRule = "double_rate"
    defined: bool = True
    cells: dict[str, tuple[str, ...]] = {}
    waiting: tuple[str, ...] = ()


class YardSpend(msgspec.Struct, frozen=True, kw_only=True):
    """What one yard spent in one game turn: SB points (27.724A), SB on one-factor units (27.7221A), BRPs (27.72)."""

    sb: int = 0
    one_factor_sb: int = 0
    brps: int = 0


class Spend(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One naval payment of the current game turn, as claimed: the yard whose SB it used, the unit, why."""

    yard: str
    unit: str
    action: str
    sb: int
    brps: int
    one_factor: bool = False
    side: str | None = None
    phase: str | None = None


class State(msgspec.Struct, kw_only=True):
    """The naval charts at one point of the game. Treat it as a value: only the fold machinery mutates a clone."""

    year: int = 0
    season: str = ""
    charts: dict[str, Chart] = {}
    ships: dict[str, Ship] = {}
    spent: dict[str, YardSpend] = {}
    spent_last_turn: dict[str, YardSpend] = {}
    spends: list[Spend] = []
    brps_total: dict[str, int] = {}
    sb_total: dict[str, int] = {}


def initial() -> State:
    return State()


def clone(state: State) -> State:
    """A state with fresh containers (records are frozen and shared)."""
    return State(
        year=state.year,
        season=state.season,
        charts=dict(state.charts),
        ships=dict(state.ships),
        spent=dict(state.spent),
        spent_last_turn=dict(state.spent_last_turn),
        spends=list(state.spends),
        brps_total=dict(state.brps_total),
        sb_total=dict(state.sb_total),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Fold
# ---------------------------------------------------------------------------------------------------------------------

_ROW_ORDER: Final[dict[str, int]] = {r: i for i, r in enumerate(CHART_ROWS)}


def cell_key(row: str, column: str) -> str:
    """The key of a chart cell: ``"3/spring"``, ``"launch/fall"``."""
    return f"{row}/{column}"


def _label(clock: Clock) -> str:
    return f"{clock.season.capitalize()} {clock.year}"


def _player_turn(clock: Clock) -> str:
    return f"{clock.year}/{clock.season}/{clock.side or '-'}"


def _chart(state: State, yard: str, owner: str | None = None) -> Chart:
    """The yard's chart; a yard not yet defined gets an implicit chart from the starting table (27.731; ids match
    with ``-`` or ``_``: ``us-atlantic`` is ``us_atlantic``)."""
    chart = state.charts.get(yard)
    if chart is None:
        start = STARTING_SHIPYARDS.get(yard.replace("-", "_"))  # type: ignore[call-overload]
        if start is not None:
            chart = Chart(
                yard=yard,
                owner=start.owner,
                controller=start.owner,
                rate=start.rate,
                capacity_rule=start.capacity_rule,
                defined=False,
            )
        else:
            who = owner or UNKNOWN_OWNER
            chart = Chart(yard=yard, owner=who, controller=who, defined=False)
        state.charts[yard] = chart
    return chart


def _spend(state: State, yard: str, unit: str, action: str, sb: int, brps: int, one_factor: bool, clock: Clock) -> None:
    if sb == 0 and brps == 0:
        return
    old = state.spent.get(yard) or YardSpend()
    state.spent[yard] = YardSpend(
        sb=old.sb + sb, one_factor_sb=old.one_factor_sb + (sb if one_factor else 0), brps=old.brps + brps
    )
    state.sb_total[yard] = state.sb_total.get(yard, 0) + sb
    state.brps_total[yard] = state.brps_total.get(yard, 0) + brps
    state.spends.append(
        Spend(
            yard=yard,
            unit=unit,
            action=action,
            sb=sb,
            brps=brps,
            one_factor=one_factor,
            side=clock.side,
            phase=clock.phase,
        )
    )


def _take_off(state: State, ship: Ship) -> None:
    """Remove a ship from its chart cell or Waiting for Repair box, wherever the state has it."""
    if ship.yard is None:
        return
    chart = state.charts.get(ship.yard)
    if chart is None:
        return
    if ship.status == "on_chart" and ship.row is not None and ship.column is not None:
        key = cell_key(ship.row, ship.column)
        ids = chart.cells.get(key, ())
        if ship.id in ids:
            left = tuple(i for i in ids if i != ship.id)
            cells = dict(chart.cells)
            if left:
                cells[key] = left
            else:
                del cells[key]
            state.charts[ship.yard] = msgspec.structs.replace(chart, cells=cells)
    elif ship.status == "waiting_for_repair" and ship.id in chart.waiting:
        state.charts[ship.yard] = msgspec.structs.replace(
            chart, waiting=tuple(i for i in chart.waiting if i != ship.id)
        )


def _put(state: State, yard: str, row: ChartRow, column: Season, ship_id: str, owner: str | None) -> None:
    chart = _chart(state, yard, owner)
    key = cell_key(row, column)
    state.charts[yard] = msgspec.structs.replace(
        chart, cells={**chart.cells, key: (*chart.cells.get(key, ()), ship_id)}
    )


def _step_of(
    clock: Clock,
    action: StepAction,
    *,
    yard: str | None,
    ship: Ship | None,
    row: ChartRow | None = None,
    column: Season | None = None,
    sb: int = 0,
    brps: int = 0,
) -> ChartStep:
    on_chart = ship is not None and ship.status == "on_chart"
    return ChartStep(
        turn=clock.turn,
        when=_label(clock),
        action=action,
        yard=yard,
        row=row,
        column=column,
        from_row=ship.row if on_chart and ship is not None else None,
        from_column=ship.column if on_chart and ship is not None else None,
        sb=sb,
        brps=brps,
        side=clock.side,
    )


def _known(state: State, ship_id: str) -> Ship:
    ship = state.ships.get(ship_id)
    return ship if ship is not None else Ship(id=ship_id, status="afloat")


def _leave_chart(
    state: State,
    ship: Ship,
    status: ShipStatus,
    action: StepAction,
    clock: Clock,
    *,
    yard: str | None = None,
    **changes: Any,
) -> None:
    """Take a ship off its chart or waiting box and give it a new status, recording the step if it was at a yard."""
    at_yard = ship.status in ("on_chart", "waiting_for_repair")
    _take_off(state, ship)
    history = ship.history
    if at_yard or yard is not None:
        history = (*history, _step_of(clock, action, yard=yard or ship.yard, ship=ship))
    state.ships[ship.id] = msgspec.structs.replace(
        ship, status=status, row=None, column=None, history=history, yard=yard or ship.yard, **changes
    )


def _new_turn(state: State, now: Clock) -> None:
    """A new game turn: the per-turn SB counters start again (27.724A, 27-30 extract 4.9)."""
    state.year = now.year
    state.season = now.season
    state.spent_last_turn = state.spent
    state.spent = {}
    state.spends = []


HANDLED: Final[frozenset[type]] = frozenset(
    {
        MobilizationApplied,
        ShipAdvanced,
        ShipArrivedForRepair,
        ShipDamaged,
        ShipDeferred,
        ShipDisplacedFromChart,
        ShipLaidDown,
        ShipLaunched,
        ShipRaised,
        ShipRepairStarted,
        ShipScuttled,
        ShipSunk,
        ShipbuildingRateChanged,
        ShipyardControlChanged,
        ShipyardDefined,
        UnitBuilt,
        UnitEliminated,
        UnitPlaced,
        UnitReduced,
    }
)
"""The event types this projection reacts to: ``step`` returns at once for any other (the fold's fast path;
a test keeps this set equal to the classes ``step`` matches)."""


def step(state: State, event: AnyEvent, ctx: Context) -> None:
    """Apply one event to a private working state (see :mod:`projections.core`)."""
    now = ctx.now
    if now.season != state.season or now.year != state.year:
        _new_turn(state, now)
    if type(event) not in HANDLED:
        return
    match event:
        case ShipyardDefined():
            old = state.charts.get(event.yard)
            state.charts[event.yard] = Chart(
                yard=event.yard,
                owner=event.owner,
                controller=event.owner,
                location=event.location,
                rate=event.rate,
                capacity_rule=event.capacity_rule,
                cells=old.cells if old is not None else {},
                waiting=old.waiting if old is not None else (),
            )
        case ShipbuildingRateChanged():
            chart = _chart(state, event.yard)
            state.charts[event.yard] = msgspec.structs.replace(chart, rate=event.rate)
        case MobilizationApplied():
            if event.shipbuilding_increase and event.yard:
                chart = _chart(state, event.yard, event.power)
                state.charts[event.yard] = msgspec.structs.replace(chart, rate=chart.rate + event.shipbuilding_increase)
        case ShipyardControlChanged():
            chart = _chart(state, event.yard)
            state.charts[event.yard] = msgspec.structs.replace(chart, controller=event.controller, mode=event.mode)
        case ShipLaidDown():
            old_ship = state.ships.get(event.ship)
            if old_ship is not None:
                _take_off(state, old_ship)
            action: StepAction = "setup" if event.setup else "lay_down"
            _put(state, event.yard, event.row, event.column, event.ship, event.owner)
            state.ships[event.ship] = Ship(
                id=event.ship,
                status="on_chart",
                owner=event.owner,
                unit_type=event.unit_type,
                factors=event.factors,
                name=event.name,
                yard=event.yard,
                row=event.row,
                column=event.column,
                work="new",
                setup=event.setup,
                laid_down_turn=now.turn,
                laid_down=_label(now),
                work_started_turn=now.turn,
                history=(
                    *(old_ship.history if old_ship is not None else ()),
                    ChartStep(
                        turn=now.turn,
                        when=_label(now),
                        action=action,
                        yard=event.yard,
                        row=event.row,
                        column=event.column,
                        sb=event.sb,
                        brps=event.brps,
                        side=now.side,
                    ),
                ),
            )
            if not event.setup:
                _spend(
                    state,
                    event.yard,
                    event.ship,
                    action,
                    event.sb,
                    event.brps,
                    event.unit_type in ONE_FACTOR_TYPES,
                    now,
                )
        case ShipAdvanced():
            ship = _known(state, event.ship)
            _take_off(state, ship)
            record = _step_of(
                now,
                event.mode,
                yard=event.yard,
                ship=ship,
                row=event.row,
                column=event.column,
                sb=event.sb,
                brps=event.brps,
            )
            launch_now = event.row == LAUNCH_ROW and (
                ctx.meta.option(ADVANCE_TO_LAUNCH_OPTION, ADVANCE_TO_LAUNCH_DEFAULT) == "launch_at_once"
            )
            if launch_now:
                state.ships[event.ship] = msgspec.structs.replace(
                    ship,
                    status="launched",
                    yard=event.yard,
                    row=None,
                    column=None,
                    launched_turn=now.turn,
                    launched=_label(now),
                    launch_mode="paid_from_row2",
                    history=(*ship.history, record),
                )
            else:
                _put(state, event.yard, event.row, event.column, event.ship, ship.owner)
                state.ships[event.ship] = msgspec.structs.replace(
                    ship,
                    status="on_chart",
                    yard=event.yard,
                    row=event.row,
                    column=event.column,
                    history=(*ship.history, record),
                )
            _spend(state, event.yard, event.ship, event.mode, event.sb, event.brps, False, now)
        case ShipDeferred():
            ship = _known(state, event.ship)
            row = ship.row if ship.status == "on_chart" and ship.row is not None else LAUNCH_ROW
            _take_off(state, ship)
            _put(state, event.yard, row, event.column, event.ship, ship.owner)
            state.ships[event.ship] = msgspec.structs.replace(
                ship,
                status="on_chart",
                yard=event.yard,
                row=row,
                column=event.column,
                history=(
                    *ship.history,
                    _step_of(now, "defer", yard=event.yard, ship=ship, row=row, column=event.column),
                ),
            )
        case ShipLaunched():
            ship = _known(state, event.ship)
            already = ship.status == "launched" and ship.launched_turn == now.turn and ship.yard == event.yard
            if already:
                # the paid advance from row 2 has launched it already (option naval.advance_to_launch)
                state.ships[event.ship] = msgspec.structs.replace(ship, launch_mode=event.mode)
            else:
                _take_off(state, ship)
                record = _step_of(now, "launch", yard=event.yard, ship=ship, sb=event.sb, brps=event.brps)
                state.ships[event.ship] = msgspec.structs.replace(
                    ship,
                    status="launched",
                    yard=event.yard,
                    row=None,
                    column=None,
                    launched_turn=now.turn,
                    launched=_label(now),
                    launch_mode=event.mode,
                    history=(*ship.history, record),
                )
            one_factor = ship.unit_type in ONE_FACTOR_TYPES if ship.unit_type else False
            _spend(state, event.yard, event.ship, "launch", event.sb, event.brps, one_factor, now)
        case ShipScuttled():
            ship = _known(state, event.ship)
            _leave_chart(state, ship, "scuttled", "scuttle", now, yard=event.yard)
        case ShipDisplacedFromChart():
            ship = _known(state, event.ship)
            if event.destroyed:
                _leave_chart(state, ship, "destroyed", "destroyed", now, yard=event.yard)
            else:
                _leave_chart(state, ship, "damaged", "displaced", now, yard=event.yard, damaged_in=_player_turn(now))
        case ShipDamaged():
            ship = _known(state, event.ship)
            if ship.status in ("on_chart", "waiting_for_repair"):
                # damaged where it lies (strategic bombing of a chart, 27.7283): the cell is kept
                state.ships[event.ship] = msgspec.structs.replace(ship, damaged_in=_player_turn(now))
            else:
                state.ships[event.ship] = msgspec.structs.replace(ship, status="damaged", damaged_in=_player_turn(now))
        case ShipSunk():
            ship = _known(state, event.ship)
            _leave_chart(state, ship, "sunk", "sunk", now, sunk_in_port=event.in_port)
        case ShipRaised():
            ship = _known(state, event.ship)
            state.ships[event.ship] = msgspec.structs.replace(
                ship, status="damaged", sunk_in_port=False, raised_in=_player_turn(now), damaged_in=_player_turn(now)
            )
            # the SB comes from any shipyard of the owner (27.7263): counted at the yard named
            _spend(state, event.yard, event.ship, "raise", event.sb, event.brps, False, now)
        case ShipArrivedForRepair():
            ship = _known(state, event.ship)
            _take_off(state, ship)
            chart = _chart(state, event.yard, ship.owner)
            if event.ship not in chart.waiting:
                state.charts[event.yard] = msgspec.structs.replace(chart, waiting=(*chart.waiting, event.ship))
            state.ships[event.ship] = msgspec.structs.replace(
                ship,
                status="waiting_for_repair",
                yard=event.yard,
                row=None,
                column=None,
                history=(*ship.history, _step_of(now, "arrive_for_repair", yard=event.yard, ship=ship)),
            )
        case ShipRepairStarted():
            ship = _known(state, event.ship)
            _take_off(state, ship)
            _put(state, event.yard, LAUNCH_ROW, event.column, event.ship, ship.owner)
            record = _step_of(
                now,
                "repair_start",
                yard=event.yard,
                ship=ship,
                row=LAUNCH_ROW,
                column=event.column,
                sb=event.sb,
                brps=event.brps,
            )
            state.ships[event.ship] = msgspec.structs.replace(
                ship,
                status="on_chart",
                yard=event.yard,
                row=LAUNCH_ROW,
                column=event.column,
                work="repair",
                work_started_turn=now.turn,
                history=(*ship.history, record),
            )
            _spend(state, event.yard, event.ship, "repair_start", event.sb, event.brps, False, now)
        case UnitPlaced():
            if event.unit_type in CHART_TYPES:
                _register(state, event.unit, event.owner, event.unit_type, event.factors, event.name)
        case UnitBuilt():
            if event.unit_type in CHART_TYPES:
                _register(state, event.unit, event.owner, event.unit_type, event.factors, event.name)
            if event.yard is not None and (event.sb or event.unit_type in ONE_FACTOR_TYPES):
                # subs, ASW and transports use the yard's SB (27.7221A, 27.721A)
                _spend(
                    state,
                    event.yard,
                    event.unit,
                    "build",
                    event.sb,
                    event.cost,
                    event.unit_type in ONE_FACTOR_TYPES,
                    now,
                )
        case UnitEliminated():
            gone = state.ships.get(event.unit)
            if gone is not None:
                _leave_chart(state, gone, "eliminated", "eliminated", now)
        case UnitReduced():
            hit = state.ships.get(event.unit)
            if hit is not None and hit.factors is not None:
                left = hit.factors - event.factors_lost
                if left > 0:
                    state.ships[event.unit] = msgspec.structs.replace(hit, factors=left)
                else:
                    _leave_chart(state, hit, "eliminated", "eliminated", now)
        case _:
            pass


def _register(state: State, unit: str, owner: str, unit_type: UnitType, factors: int, name: str | None) -> None:
    """A chart-type naval counter entering play on the board: known afloat, so later damage knows its type."""
    old = state.ships.get(unit)
    if old is not None and old.status in ("on_chart", "waiting_for_repair"):
        return
    if old is None:
        state.ships[unit] = Ship(id=unit, status="afloat", owner=owner, unit_type=unit_type, factors=factors, name=name)
    else:
        state.ships[unit] = msgspec.structs.replace(
            old, status="afloat", owner=owner, unit_type=unit_type, factors=factors, name=name or old.name
        )


# ---------------------------------------------------------------------------------------------------------------------
# Helpers for the audit (derived views, 27-30 extract 4.5)
# ---------------------------------------------------------------------------------------------------------------------


def effective_rate(chart: Chart) -> int:
    """The rate in force: the recorded rate, or 1 at a captured / ally-recaptured yard (27.713)."""
    return shipyard_rate(chart.rate, capacity_rule_of(chart))


def capacity_rule_of(chart: Chart) -> CapacityRule:
    """The capacity rule in force: ``captured`` while the yard is held by an enemy or recaptured by an ally of its
    surrendered owner (27.713); otherwise the rule the yard was defined with (2 x rate, U.S. box 27.724B/27.743)."""
    if chart.mode in ("captured", "recaptured_by_ally"):
        return "captured"
    return chart.capacity_rule


def capacity(chart: Chart) -> int:
    """Counters the chart may hold (27.724B, 27.741, 27.743, 27.713): 2 x rate; U.S. box 10 while rate <= 5;
    captured yard 2."""
    return shipyard_capacity(chart.rate, capacity_rule_of(chart))


def one_factor_cap(chart: Chart) -> int:
    """Most SB per turn this yard may spend on DDs, CVEs, subs, ASW and transports: ceil(rate / 2) (27.7221A)."""
    return one_factor_sb_cap(effective_rate(chart))


def counters_on_chart(state: State, yard: str) -> int:
    """DD, CVE, cruiser and named-ship counters on the chart, all rows and columns; the Waiting for Repair box does
    not count (27.724B, 27.741; check N-03)."""
    chart = state.charts.get(yard)
    if chart is None:
        return 0
    return sum(len(ids) for ids in chart.cells.values())


def free_capacity(state: State, yard: str) -> int:
    """Capacity left on a chart (negative when over capacity, 27.741)."""
    chart = state.charts.get(yard)
    if chart is None:
        return 0
    return capacity(chart) - counters_on_chart(state, yard)


def _sorted_cell_ids(chart: Chart, keys: Iterable[str]) -> list[str]:
    ordered = sorted(keys, key=lambda k: _ROW_ORDER[k.split("/", 1)[0]])
    return [ship for key in ordered for ship in chart.cells[key]]


def ships_in_column(state: State, yard: str, column: Season | None = None) -> list[str]:
    """Ship ids in one column of a yard's chart, row 5 down to Launch (27.7272: the ships that must be decided this
    unit construction phase when ``column`` is the current season, the default)."""
    chart = state.charts.get(yard)
    if chart is None:
        return []
    col = column or state.season
    return _sorted_cell_ids(chart, [k for k in chart.cells if k.endswith("/" + col)])


def ships_on_chart(state: State, yard: str) -> list[str]:
    """Every ship id on a yard's chart, by row then column."""
    chart = state.charts.get(yard)
    if chart is None:
        return []
    keys = sorted(chart.cells, key=lambda k: (_ROW_ORDER[k.split("/", 1)[0]], season_position(k.split("/", 1)[1])))  # type: ignore[arg-type]
    return [ship for key in keys for ship in chart.cells[key]]


def cells(state: State, yard: str) -> dict[str, list[str]]:
    """A yard's chart as ``{"3/spring": [ship ids], ...}``, every cell of rows 5..Launch x Spring..Winter."""
    chart = state.charts.get(yard)
    found = chart.cells if chart is not None else {}
    return {cell_key(r, c): list(found.get(cell_key(r, c), ())) for r in CHART_ROWS for c in SEASONS}


def acted_this_turn(state: State, ship: Ship) -> bool:
    """Whether the ship was placed or moved on its chart in the current game turn (the owner's one decision per
    unit construction phase, check N-21): then a ship in the current column is next due four turns on."""
    last = ship.last_step
    return (
        last is not None
        and state.season != ""
        and last.turn == turn_index(state.year, state.season)
        and last.action in ("setup", "lay_down", "repair_start", *MOVE_ACTIONS)
    )


def expected_launch_turn(state: State, ship_id: str) -> tuple[int, Season] | None:
    """The game turn a ship on a chart reaches the board if every later step is a normal continue (27.7272A, D;
    :func:`projections.rules.naval.expected_launch`); ``None`` off the chart."""
    ship = state.ships.get(ship_id)
    if ship is None or state.season == "":
        return None
    position = ship.position
    if position is None:
        return None
    season: Season = state.season  # type: ignore[assignment]
    return expected_launch(position, current=(state.year, season), acted_this_phase=acted_this_turn(state, ship))


def next_due_turn(state: State, ship_id: str) -> tuple[int, Season] | None:
    """The next game turn a ship on a chart is in the current column and must be decided (27.7272): now if it has
    not acted this turn, else when its column next comes up (four turns on for the same column, 27.7272A)."""
    ship = state.ships.get(ship_id)
    if ship is None or state.season == "" or ship.position is None or ship.column is None:
        return None
    season: Season = state.season  # type: ignore[assignment]
    wait = seasons_until(season, ship.column)
    if wait == 0 and acted_this_turn(state, ship):
        wait = FULL_CYCLE
    return add_turns(state.year, season, wait)


def turns_on_chart(ship: Ship) -> int | None:
    """Game turns from lay-down (or repair start) to launch, once launched (27.721 table: 3-factor ship 8 turns)."""
    if ship.launched_turn is None or ship.work_started_turn is None:
        return None
    return ship.launched_turn - ship.work_started_turn


def _turn_label(turn: tuple[int, Season] | None) -> str | None:
    return None if turn is None else f"{turn[1].capitalize()} {turn[0]}"


def turn_label(index: int) -> str:
    """``"Fall 1940"`` for a game turn index."""
    year, season = turn_at(index)
    return f"{season.capitalize()} {year}"
