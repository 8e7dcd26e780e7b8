"""How events change the naval charts: one handler per event type (see :mod:`projections.naval`).

The running facts of the game turn (column sizes, deferrals, CVEs, Western Allied transport losses, pre-war
transports, SB per yard) start again when a new game turn begins (27-30 extract 4.9, ``TurnStarted``).
"""

from __future__ import annotations

from typing import Any, Final

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
    WarDeclared,
)
from awaw_events.vocab import CHART_TYPES, ChartRow, Season, UnitType
from projections.board import BoardState, Unit, at_war
from projections.core import Clock, Context, Handlers
from projections.naval.queries import prewar_shares, ships_in_column
from projections.naval.records import (
    Chart,
    ChartStep,
    PrewarTransports,
    Ship,
    ShipStatus,
    Spend,
    State,
    StepAction,
    YardSpend,
    cell_key,
    implicit_chart,
)
from projections.rules.naval import (
    FAST_CARRIER_TYPES,
    LAUNCH_ROW,
    ONE_FACTOR_TYPES,
    is_cash_and_carry_loss,
    launches_at_once,
    us_fast_carriers_restricted,
)

HANDLERS: Final = Handlers[State]()


# ---------------------------------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------------------------------


def _label(clock: Clock) -> str:
    return f"{clock.season.capitalize()} {clock.year}"


def _player_turn(clock: Clock) -> str:
    return f"{clock.year}/{clock.season}/{clock.side or '-'}"


def _chart(state: State, yard: str, owner: str | None = None) -> Chart:
    """The yard's chart, created when first used: an undefined yard gets an implicit chart (27.731)."""
    chart = state.charts.get(yard)
    if chart is None:
        chart = state.charts[yard] = implicit_chart(yard, owner)
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


def _chart_event(state: State, yard: str, season: Season) -> None:
    """Before a chart event at a yard: the first of the game turn there notes the size of the yard's current column
    (27.7272C)."""
    if yard not in state.column_sizes:
        state.column_sizes[yard] = len(ships_in_column(state, yard, season))


def _fast_carrier(state: State, event: ShipLaidDown, ctx: Context) -> None:
    """Count fast carriers laid down, and American ones laid down under the 27.7325 restriction by entitlement."""
    state.fast_carriers[event.owner] = state.fast_carriers.get(event.owner, 0) + 1
    if event.owner == "usa" and us_fast_carriers_restricted(
        event.year, event.season, at_war(ctx.game.board, "japan", "usa")
    ):
        kind = event.entitlement or ""
        state.us_restricted_carriers[kind] = state.us_restricted_carriers.get(kind, 0) + 1


# ---------------------------------------------------------------------------------------------------------------------
# A new game turn
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on_time_change
def _new_turn(state: State, event: AnyEvent, ctx: Context) -> None:
    """A new game turn: the per-turn SB counters and running facts start again (27.724A, 27-30 extract 4.9)."""
    now = ctx.now
    if now.season == state.season and now.year == state.year:
        return
    state.year = now.year
    state.season = now.season
    state.spent_last_turn = state.spent
    state.spent = {}
    state.spends = []
    state.column_sizes = {}
    state.deferrals = {}
    state.cve_factors = {}
    state.wa_transports_lost = {}
    state.prewar = PrewarTransports()


# ---------------------------------------------------------------------------------------------------------------------
# Shipyards
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(ShipyardDefined)
def _yard_defined(state: State, event: ShipyardDefined, ctx: Context) -> None:
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


@HANDLERS.on(ShipbuildingRateChanged)
def _rate_changed(state: State, event: ShipbuildingRateChanged, ctx: Context) -> None:
    state.charts[event.yard] = msgspec.structs.replace(_chart(state, event.yard), rate=event.rate)


@HANDLERS.on(MobilizationApplied)
def _mobilized(state: State, event: MobilizationApplied, ctx: Context) -> None:
    if event.shipbuilding_increase and event.yard:
        chart = _chart(state, event.yard, event.power)
        state.charts[event.yard] = msgspec.structs.replace(chart, rate=chart.rate + event.shipbuilding_increase)


@HANDLERS.on(ShipyardControlChanged)
def _control_changed(state: State, event: ShipyardControlChanged, ctx: Context) -> None:
    chart = _chart(state, event.yard)
    state.charts[event.yard] = msgspec.structs.replace(chart, controller=event.controller, mode=event.mode)


# ---------------------------------------------------------------------------------------------------------------------
# Construction: lay-down and the per-phase options (27.7251, 27.7272)
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(ShipLaidDown)
def _laid_down(state: State, event: ShipLaidDown, ctx: Context) -> None:
    now = ctx.now
    _chart_event(state, event.yard, event.season)
    if not event.setup and event.unit_type == "cve":
        state.cve_factors[event.owner] = state.cve_factors.get(event.owner, 0) + event.factors
    if not event.setup and event.unit_type in FAST_CARRIER_TYPES:
        _fast_carrier(state, event, ctx)
    old_ship = state.ships.get(event.ship)
    if old_ship is not None:
        _take_off(state, old_ship)
    _put(state, event.yard, event.row, event.column, event.ship, event.owner)
    step = ChartStep(
        turn=now.turn,
        when=_label(now),
        action="setup" if event.setup else "lay_down",
        yard=event.yard,
        row=event.row,
        column=event.column,
        sb=event.sb,
        brps=event.brps,
        side=now.side,
    )
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
        history=(*(old_ship.history if old_ship is not None else ()), step),
    )
    if not event.setup:
        one_factor = event.unit_type in ONE_FACTOR_TYPES
        _spend(state, event.yard, event.ship, "lay_down", event.sb, event.brps, one_factor, now)


@HANDLERS.on(ShipAdvanced)
def _advanced(state: State, event: ShipAdvanced, ctx: Context) -> None:
    now = ctx.now
    _chart_event(state, event.yard, event.season)
    ship = _known(state, event.ship)
    if event.mode != "continue" and ship.owner == "germany":
        state.german_acceleration_year = event.year
    _take_off(state, ship)
    record = _step_of(
        now, event.mode, yard=event.yard, ship=ship, row=event.row, column=event.column, sb=event.sb, brps=event.brps
    )
    if event.row == LAUNCH_ROW and launches_at_once(ctx.meta.options):
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


@HANDLERS.on(ShipDeferred)
def _deferred(state: State, event: ShipDeferred, ctx: Context) -> None:
    _chart_event(state, event.yard, event.season)
    state.deferrals[event.yard] = state.deferrals.get(event.yard, 0) + 1
    ship = _known(state, event.ship)
    row = ship.row if ship.status == "on_chart" and ship.row is not None else LAUNCH_ROW
    _take_off(state, ship)
    _put(state, event.yard, row, event.column, event.ship, ship.owner)
    step = _step_of(ctx.now, "defer", yard=event.yard, ship=ship, row=row, column=event.column)
    state.ships[event.ship] = msgspec.structs.replace(
        ship, status="on_chart", yard=event.yard, row=row, column=event.column, history=(*ship.history, step)
    )


@HANDLERS.on(ShipLaunched)
def _launched(state: State, event: ShipLaunched, ctx: Context) -> None:
    now = ctx.now
    _chart_event(state, event.yard, event.season)
    ship = _known(state, event.ship)
    if ship.status == "launched" and ship.launched_turn == now.turn and ship.yard == event.yard:
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


@HANDLERS.on(ShipScuttled)
def _scuttled(state: State, event: ShipScuttled, ctx: Context) -> None:
    _chart_event(state, event.yard, event.season)
    state.deferrals[event.yard] = state.deferrals.get(event.yard, 0) + 1
    _leave_chart(state, _known(state, event.ship), "scuttled", "scuttle", ctx.now, yard=event.yard)


# ---------------------------------------------------------------------------------------------------------------------
# Damage, sinking, raising and repair (27.7261-27.7267, 27.7281-27.7283)
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(ShipDisplacedFromChart)
def _displaced(state: State, event: ShipDisplacedFromChart, ctx: Context) -> None:
    ship = _known(state, event.ship)
    if event.destroyed:
        _leave_chart(state, ship, "destroyed", "destroyed", ctx.now, yard=event.yard)
    else:
        damaged_in = _player_turn(ctx.now)
        _leave_chart(state, ship, "damaged", "displaced", ctx.now, yard=event.yard, damaged_in=damaged_in)


@HANDLERS.on(ShipDamaged)
def _damaged(state: State, event: ShipDamaged, ctx: Context) -> None:
    ship = _known(state, event.ship)
    if ship.status in ("on_chart", "waiting_for_repair"):
        # damaged where it lies (strategic bombing of a chart, 27.7283): the cell is kept
        state.ships[event.ship] = msgspec.structs.replace(ship, damaged_in=_player_turn(ctx.now))
    else:
        state.ships[event.ship] = msgspec.structs.replace(ship, status="damaged", damaged_in=_player_turn(ctx.now))


@HANDLERS.on(ShipSunk)
def _sunk(state: State, event: ShipSunk, ctx: Context) -> None:
    _leave_chart(state, _known(state, event.ship), "sunk", "sunk", ctx.now, sunk_in_port=event.in_port)


@HANDLERS.on(ShipRaised)
def _raised(state: State, event: ShipRaised, ctx: Context) -> None:
    ship = _known(state, event.ship)
    now = _player_turn(ctx.now)
    state.ships[event.ship] = msgspec.structs.replace(
        ship, status="damaged", sunk_in_port=False, raised_in=now, damaged_in=now
    )
    # the SB comes from any shipyard of the owner (27.7263): counted at the yard named
    _spend(state, event.yard, event.ship, "raise", event.sb, event.brps, False, ctx.now)


@HANDLERS.on(ShipArrivedForRepair)
def _arrived(state: State, event: ShipArrivedForRepair, ctx: Context) -> None:
    ship = _known(state, event.ship)
    _take_off(state, ship)
    chart = _chart(state, event.yard, ship.owner)
    if event.ship not in chart.waiting:
        state.charts[event.yard] = msgspec.structs.replace(chart, waiting=(*chart.waiting, event.ship))
    step = _step_of(ctx.now, "arrive_for_repair", yard=event.yard, ship=ship)
    state.ships[event.ship] = msgspec.structs.replace(
        ship, status="waiting_for_repair", yard=event.yard, row=None, column=None, history=(*ship.history, step)
    )


@HANDLERS.on(ShipRepairStarted)
def _repair_started(state: State, event: ShipRepairStarted, ctx: Context) -> None:
    now = ctx.now
    _chart_event(state, event.yard, event.season)
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


# ---------------------------------------------------------------------------------------------------------------------
# Units on the board: chart-type ships entering play, SB of immediate builds, losses (27.721A, 27.7221A, 27.7322)
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(UnitPlaced)
def _placed(state: State, event: UnitPlaced, ctx: Context) -> None:
    if event.unit_type in CHART_TYPES:
        _register(state, event.unit, event.owner, event.unit_type, event.factors, event.name)


@HANDLERS.on(UnitBuilt)
def _built(state: State, event: UnitBuilt, ctx: Context) -> None:
    shares = prewar_shares(state, ctx.game.board, event)
    if shares is not None:
        old = state.prewar
        state.prewar = PrewarTransports(
            transports=old.transports + event.factors,
            us_brps=old.us_brps + shares[0],
            british_brps=old.british_brps + shares[1],
        )
    if event.unit_type in CHART_TYPES:
        _register(state, event.unit, event.owner, event.unit_type, event.factors, event.name)
    if event.yard is not None and (event.sb or event.unit_type in ONE_FACTOR_TYPES):
        # subs, ASW and transports use the yard's SB (27.7221A, 27.721A)
        one_factor = event.unit_type in ONE_FACTOR_TYPES
        _spend(state, event.yard, event.unit, "build", event.sb, event.cost, one_factor, ctx.now)


@HANDLERS.on(UnitEliminated)
def _unit_eliminated(state: State, event: UnitEliminated, ctx: Context) -> None:
    lost = _unit_lost(ctx.game.board, event.unit, ctx.now)
    if lost is not None and is_cash_and_carry_loss(lost.owner, lost.unit_type, event.side):
        state.wa_transports_lost[event.unit] = lost.factors
    gone = state.ships.get(event.unit)
    if gone is not None:
        _leave_chart(state, gone, "eliminated", "eliminated", ctx.now)


def _unit_lost(board: BoardState, unit_id: str, now: Clock) -> Unit | None:
    """The board's record of a unit this event eliminates. The board folds before the naval charts (its place in
    :data:`projections.game.PROJECTIONS`), so the unit is among the units eliminated in this player turn; a unit
    the board does not know yields ``None``."""
    unit = board.units.get(unit_id)
    if unit is not None:
        return unit  # the board has not folded the event yet
    gone = board.eliminated.get(unit_id)
    if gone is None or gone.turn != now.turn or gone.side != now.side:
        return None
    return gone.unit


@HANDLERS.on(UnitReduced)
def _unit_reduced(state: State, event: UnitReduced, ctx: Context) -> None:
    hit = state.ships.get(event.unit)
    if hit is not None and hit.factors is not None:
        left = hit.factors - event.factors_lost
        if left > 0:
            state.ships[event.unit] = msgspec.structs.replace(hit, factors=left)
        else:
            _leave_chart(state, hit, "eliminated", "eliminated", ctx.now)


@HANDLERS.on(WarDeclared)
def _war_declared(state: State, event: WarDeclared, ctx: Context) -> None:
    if state.war_outbreak_year is None:
        state.war_outbreak_year = event.since_year or event.year
