"""The naval construction charts projection (27.7): worked examples EX-N1..N3, EX-R1..R2, EX-A1..A2 through the
fold, the derived full-time table (27.721), capacity (27.724B, 27.741, 27.743, 27.713), SB per turn, wording."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_events.events import (
    AnyEvent,
    GameCreated,
    GameTurnStarted,
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
    WarDeclared,
)
from awaw_events.options import NAVAL_ADVANCE_TO_LAUNCH
from awaw_events.vocab import CHART_ROWS, ChartRow, Season
from projections import game, naval
from projections.rules.calendar import add_turns, turn_index
from projections.rules.naval import NAVAL_REPAIR_AND_CONSTRUCTION, construction_kind, lay_down_position, repair_position
from replays.views import naval as naval_view

UC: dict[str, Any] = {"side": "axis", "phase": "unit_construction"}


def at(year: int, season: Season, **extra: Any) -> dict[str, Any]:
    return {"year": year, "season": season, **UC, **extra}


def kiel(year: int = 1939, season: Season = "fall", rate: int = 2) -> ShipyardDefined:
    return ShipyardDefined(
        year=year, season=season, phase="setup", yard="kiel", owner="germany", location="EUR:kiel", rate=rate
    )


def lay(
    ship: str,
    unit_type: str,
    factors: int,
    year: int,
    season: Season,
    *,
    yard: str = "kiel",
    owner: str = "germany",
    name: str | None = None,
    row: str | None = None,
    column: Season | None = None,
    sb: int | None = None,
    brps: int | None = None,
    setup: bool = False,
) -> ShipLaidDown:
    """A lay-down at the cell the rules give (27.7251) unless another cell is claimed."""
    pos = lay_down_position(unit_type, factors, season)  # type: ignore[arg-type]
    per = factors if unit_type in ("dd", "cve") else 1
    return ShipLaidDown(
        **at(year, season),
        yard=yard,
        ship=ship,
        owner=owner,  # type: ignore[arg-type]
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=factors,
        name=name,
        row=row or pos.row,  # type: ignore[arg-type]
        column=column or pos.column,
        sb=0 if setup else (per if sb is None else sb),
        brps=0 if setup else (3 * per if brps is None else brps),
        setup=setup,
    )


def fold(*events: AnyEvent) -> naval.State:
    return game.replay([kiel(), *events]).naval


# ---------------------------------------------------------------------------------------------------------------------
# EX-N1..N3: placement (27.7251)
# ---------------------------------------------------------------------------------------------------------------------


def test_ex_n1_three_factor_ship_row_3_current_column() -> None:
    state = fold(lay("ger-bb-x", "bb", 3, 1940, "spring", name="X"))
    assert naval.cells(state, "kiel")["3/spring"] == ["ger-bb-x"]
    ship = state.ships["ger-bb-x"]
    assert (ship.status, ship.row, ship.column, ship.laid_down) == ("on_chart", "3", "spring", "Spring 1940")
    assert state.spent["kiel"] == naval.YardSpend(sb=1, one_factor_sb=0, brps=3)
    # continued normally: Spring 1941 to row 2, Spring 1942 to Launch (27.721: 8 turns)
    assert naval.expected_launch_turn(state, "ger-bb-x") == (1942, "spring")
    assert naval.next_due_turn(state, "ger-bb-x") == (1941, "spring")


def test_ex_n2_cruiser_row_2_two_columns_on_then_paid_launch() -> None:
    laid = lay("ger-ca-1", "ca", 2, 1940, "spring")
    assert (laid.row, laid.column) == ("2", "fall")
    state = fold(laid)
    assert naval.cells(state, "kiel")["2/fall"] == ["ger-ca-1"]
    assert naval.expected_launch_turn(state, "ger-ca-1") == (1940, "fall")
    advance = ShipAdvanced(**at(1940, "fall"), yard="kiel", ship="ger-ca-1", row="launch", column="fall")
    state = fold(laid, advance)
    ship = state.ships["ger-ca-1"]
    assert (ship.status, ship.launched, ship.launch_mode) == ("launched", "Fall 1940", "paid_from_row2")
    assert naval.counters_on_chart(state, "kiel") == 0
    assert naval.turns_on_chart(ship) == 2
    assert state.spent["kiel"] == naval.YardSpend(sb=1, brps=3)  # the Fall payment only: Spring's was reset
    assert ship.last_move is not None and (ship.last_move.action, ship.last_move.from_row) == ("continue", "2")


def test_ex_n3_destroyer_in_winter_launch_row_spring_then_free_launch() -> None:
    laid = lay("ger-dd-1", "dd", 1, 1940, "winter")
    assert (laid.row, laid.column, laid.sb, laid.brps) == ("launch", "spring", 1, 3)
    state = fold(laid)
    assert naval.cells(state, "kiel")["launch/spring"] == ["ger-dd-1"]
    assert state.spent["kiel"] == naval.YardSpend(sb=1, one_factor_sb=1, brps=3)
    assert naval.expected_launch_turn(state, "ger-dd-1") == (1941, "spring")
    state = fold(
        laid, ShipLaunched(**at(1941, "spring"), yard="kiel", ship="ger-dd-1", mode="free", location="EUR:kiel")
    )
    ship = state.ships["ger-dd-1"]
    assert (ship.status, ship.launched, naval.turns_on_chart(ship)) == ("launched", "Spring 1941", 1)
    assert "kiel" not in state.spent  # a free launch spends nothing


# ---------------------------------------------------------------------------------------------------------------------
# EX-R1..R2: repair placement (27.7267)
# ---------------------------------------------------------------------------------------------------------------------


def _damaged(ship: str, unit_type: str, factors: int, name: str | None = None) -> list[AnyEvent]:
    return [
        UnitPlaced(
            year=1939,
            season="fall",
            phase="setup",
            unit=ship,
            owner="germany",
            nationality="germany",
            unit_type=unit_type,  # type: ignore[arg-type]
            factors=factors,
            location="EUR:atlantic",
            name=name,
        ),
        ShipDamaged(year=1939, season="winter", side="allied", phase="combat", ship=ship),
        ShipArrivedForRepair(year=1939, season="winter", side="axis", phase="redeployment", ship=ship, yard="kiel"),
    ]


@pytest.mark.parametrize(
    ("example", "unit_type", "factors", "sb", "brps", "column", "launch_turn"),
    [
        pytest.param("EX-R1", "bc", 3, 1, 3, "fall", (1940, "fall"), id="EX-R1-named-ship-launch-row-fall"),
        pytest.param("EX-R2", "ca", 2, 0, 0, "summer", (1940, "summer"), id="EX-R2-cruiser-launch-row-summer"),
    ],
)
def test_ex_r_repair_start_in_spring(
    example: str, unit_type: str, factors: int, sb: int, brps: int, column: Season, launch_turn: tuple[int, Season]
) -> None:
    before = _damaged("ger-x", unit_type, factors, name="Gneisenau")
    state = fold(*before)
    assert state.charts["kiel"].waiting == ("ger-x",)
    assert state.ships["ger-x"].status == "waiting_for_repair"
    assert naval.counters_on_chart(state, "kiel") == 0  # Waiting for Repair does not count (27.724B)
    assert repair_position(unit_type, "spring").column == column  # type: ignore[arg-type]
    start = ShipRepairStarted(**at(1940, "spring"), ship="ger-x", yard="kiel", column=column, sb=sb, brps=brps)
    state = fold(*before, start)
    assert naval.cells(state, "kiel")[f"launch/{column}"] == ["ger-x"]
    assert state.charts["kiel"].waiting == ()
    assert naval.counters_on_chart(state, "kiel") == 1  # repairs count against capacity
    ship = state.ships["ger-x"]
    assert (ship.status, ship.work) == ("on_chart", "repair")
    assert state.spent.get("kiel", naval.YardSpend()) == naval.YardSpend(sb=sb, brps=brps)
    assert naval.expected_launch_turn(state, "ger-x") == launch_turn
    launched = ShipLaunched(**at(*launch_turn), yard="kiel", ship="ger-x", location="EUR:kiel")
    ship = fold(*before, start, launched).ships["ger-x"]
    assert ship.status == "launched"
    kind = construction_kind(unit_type, factors)  # type: ignore[arg-type]
    assert naval.turns_on_chart(ship) == NAVAL_REPAIR_AND_CONSTRUCTION[kind].damaged_turns


# ---------------------------------------------------------------------------------------------------------------------
# EX-A1..A2: acceleration (27.7272B)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "brps", "column", "next_due", "launch"),
    [
        # one column left of Spring is Winter: due in 3 turns instead of 4
        pytest.param("accelerate_1", 6, "winter", (1941, "winter"), (1942, "winter"), id="EX-A1-one-column-left"),
        # knight's move: two columns over, Fall; due in 2 turns
        pytest.param("accelerate_2", 9, "fall", (1941, "fall"), (1942, "fall"), id="EX-A2-knights-move"),
    ],
)
def test_ex_a_acceleration_from_row_4(
    mode: str, brps: int, column: Season, next_due: tuple[int, Season], launch: tuple[int, Season]
) -> None:
    laid = lay("ger-bb-t", "bb", 4, 1940, "spring", name="Tirpitz")
    advance = ShipAdvanced(
        **at(1941, "spring"),
        yard="kiel",
        ship="ger-bb-t",
        mode=mode,  # type: ignore[arg-type]
        row="3",
        column=column,
        brps=brps,
    )
    normal = fold(laid, ShipAdvanced(**at(1941, "spring"), yard="kiel", ship="ger-bb-t", row="3", column="spring"))
    state = fold(laid, advance)
    assert naval.cells(state, "kiel")[f"3/{column}"] == ["ger-bb-t"]
    ship = state.ships["ger-bb-t"]
    move = ship.last_move
    assert move is not None
    assert (move.action, move.from_row, move.from_column, move.sb, move.brps) == (mode, "4", "spring", 1, brps)
    assert state.spent["kiel"] == naval.YardSpend(sb=1, brps=brps)
    assert naval.next_due_turn(state, "ger-bb-t") == next_due
    assert naval.next_due_turn(normal, "ger-bb-t") == (1942, "spring")
    gain = turn_index(1942, "spring") - turn_index(*next_due)
    assert gain == {"accelerate_1": 1, "accelerate_2": 2}[mode]
    assert naval.expected_launch_turn(state, "ger-bb-t") == launch
    assert naval.expected_launch_turn(normal, "ger-bb-t") == (1943, "spring")


# ---------------------------------------------------------------------------------------------------------------------
# Derived full-time table (27.721, extract 1.12): continued normally, a ship launches 4 x (rows) turns on
# ---------------------------------------------------------------------------------------------------------------------


def _normal_construction(unit_type: str, factors: int, start: tuple[int, Season]) -> list[AnyEvent]:
    """Lay down, then continue every time the ship's column comes up, until it leaves the chart (27.7272A, D)."""
    laid = lay("ship", unit_type, factors, *start, name="Ship")
    events: list[AnyEvent] = [laid]
    row: ChartRow = laid.row
    column = laid.column
    when = start
    rows: tuple[ChartRow, ...] = CHART_ROWS
    while True:
        when = add_turns(*when, (turn_index(2000, column) - turn_index(2000, when[1])) % 4 or 4)
        if row == "launch":
            events.append(ShipLaunched(**at(*when), yard="kiel", ship="ship", location="EUR:kiel"))
            return events
        row = rows[rows.index(row) + 1]
        events.append(ShipAdvanced(**at(*when), yard="kiel", ship="ship", row=row, column=column))
        if row == "launch":
            return events


@pytest.mark.parametrize(
    ("unit_type", "factors", "turns", "sb"),
    [
        pytest.param("dd", 1, 1, 1, id="DD-1-turn"),
        pytest.param("ca", 2, 2, 2, id="CA2-2-turns"),
        pytest.param("cvl", 2, 4, 2, id="named-2-4-turns"),
        pytest.param("bb", 3, 8, 3, id="named-3-8-turns"),
        pytest.param("bb", 4, 12, 4, id="named-4-12-turns"),
        pytest.param("bb", 5, 16, 5, id="DT-11-named-5-16-turns"),
    ],
)
@pytest.mark.parametrize("season", ["spring", "winter"])
def test_full_time_table(unit_type: str, factors: int, turns: int, sb: int, season: Season) -> None:
    events = _normal_construction(unit_type, factors, (1940, season))
    at_lay_down = fold(events[0])
    state = fold(kiel(rate=5), *events)
    ship = state.ships["ship"]
    assert ship.status == "launched"
    assert naval.turns_on_chart(ship) == turns
    kind = construction_kind(unit_type, factors)  # type: ignore[arg-type]
    assert NAVAL_REPAIR_AND_CONSTRUCTION[kind].new_turns == turns
    assert state.sb_total["kiel"] == sb
    assert state.brps_total["kiel"] == 3 * sb
    assert naval.expected_launch_turn(at_lay_down, "ship") == add_turns(1940, season, turns)
    assert naval.counters_on_chart(state, "kiel") == 0


def test_three_factor_ship_launches_eight_turns_after_lay_down() -> None:
    events = _normal_construction("bb", 3, (1940, "spring"))
    assert [(msgspec.to_builtins(e)["type"], e.year, e.season) for e in events] == [
        ("ship_laid_down", 1940, "spring"),
        ("ship_advanced", 1941, "spring"),
        ("ship_advanced", 1942, "spring"),
    ]
    ship = fold(*events).ships["ship"]
    assert (ship.laid_down, ship.launched) == ("Spring 1940", "Spring 1942")
    assert [s.action for s in ship.history] == ["lay_down", "continue", "continue"]
    assert [(s.from_row, s.row) for s in ship.history[1:]] == [("3", "2"), ("2", "launch")]


def test_deferral_moves_one_column_right_and_delays_one_turn() -> None:
    # DT-13: row 3 / Winter deferred in Winter -> row 3 / Spring, free, due next turn
    laid = lay("ger-bb-x", "bb", 3, 1940, "winter")
    defer = ShipDeferred(**at(1941, "winter"), yard="kiel", ship="ger-bb-x", column="spring")
    state = fold(laid, defer)
    assert naval.cells(state, "kiel")["3/spring"] == ["ger-bb-x"]
    assert "kiel" not in state.spent
    assert naval.next_due_turn(state, "ger-bb-x") == (1942, "spring")
    assert naval.expected_launch_turn(state, "ger-bb-x") == (1943, "spring")
    assert naval.expected_launch_turn(fold(laid), "ger-bb-x") == (1942, "winter")
    move = state.ships["ger-bb-x"].last_move
    assert move is not None and (move.action, move.from_column, move.column) == ("defer", "winter", "spring")


# ---------------------------------------------------------------------------------------------------------------------
# Capacity (27.724B, 27.741, 27.742, 27.743, 27.713) and the current column
# ---------------------------------------------------------------------------------------------------------------------


def _kiel_start() -> list[AnyEvent]:
    """DT-8: four counters on Kiel's chart at rate 2 (capacity 4)."""
    return [
        lay("ger-bb-tirpitz", "bb", 4, 1939, "fall", name="Tirpitz", setup=True),
        lay("ger-bb-bismarck", "bb", 4, 1939, "fall", name="Bismarck", row="3", setup=True),
        lay("ger-cvl-gz", "cvl", 2, 1939, "fall", name="Graf Zeppelin", setup=True),
        lay("ger-ca-9", "ca", 2, 1939, "fall", row="2", column="winter", setup=True),
    ]


def test_kiel_capacity_full_then_launch_frees_it() -> None:
    state = fold(*_kiel_start())
    chart = state.charts["kiel"]
    assert (naval.capacity(chart), naval.counters_on_chart(state, "kiel"), naval.free_capacity(state, "kiel")) == (
        4,
        4,
        0,
    )
    assert naval.one_factor_cap(chart) == 1  # DT-9
    assert "kiel" not in state.spent  # set-up placements pay nothing
    assert naval.ships_in_column(state, "kiel") == ["ger-bb-tirpitz", "ger-bb-bismarck", "ger-cvl-gz"]
    assert naval.ships_in_column(state, "kiel", "winter") == ["ger-ca-9"]
    assert naval.ships_on_chart(state, "kiel") == ["ger-bb-tirpitz", "ger-bb-bismarck", "ger-cvl-gz", "ger-ca-9"]
    # a fifth counter: the projection records it, the capacity check sees 5 > 4 (N-03)
    over = fold(*_kiel_start(), lay("ger-dd-1", "dd", 1, 1939, "fall"))
    assert naval.free_capacity(over, "kiel") == -1
    # Graf Zeppelin launched from row 2 (27.7272D): capacity freed in the same phase (27.742)
    launch = ShipAdvanced(**at(1939, "fall"), yard="kiel", ship="ger-cvl-gz", row="launch", column="fall")
    state = fold(*_kiel_start(), launch)
    assert naval.free_capacity(state, "kiel") == 1
    # a damaged ship waiting for repair does not count
    state = fold(*_kiel_start(), launch, *_damaged("ger-bc-s", "bc", 3))
    assert state.charts["kiel"].waiting == ("ger-bc-s",)
    assert naval.counters_on_chart(state, "kiel") == 3


@pytest.mark.parametrize(
    ("rule", "rate", "mode", "capacity", "effective_rate"),
    [
        pytest.param("double_rate", 2, "owned", 4, 2, id="kiel-2x"),
        pytest.param("double_rate", 4, "owned", 8, 4, id="glasgow-2x"),
        pytest.param("us_box", 1, "owned", 10, 1, id="DT-10-us-box-rate-1"),
        pytest.param("us_box", 5, "owned", 10, 5, id="DT-10-us-box-rate-5"),
        pytest.param("us_box", 6, "owned", 12, 6, id="DT-10-us-box-rate-6"),
        pytest.param("double_rate", 4, "captured", 2, 1, id="captured-27.713"),
        pytest.param("double_rate", 4, "recaptured_by_ally", 2, 1, id="ally-recaptured-27.713"),
        pytest.param("double_rate", 4, "recaptured_by_owner", 8, 4, id="owner-recaptured-27.713"),
    ],
)
def test_capacity_rules(rule: str, rate: int, mode: str, capacity: int, effective_rate: int) -> None:
    state = game.replay(
        [
            ShipyardDefined(
                year=1939,
                season="fall",
                phase="setup",
                yard="y",
                owner="usa",
                location="box",
                rate=1,
                capacity_rule=rule,  # type: ignore[arg-type]
            ),
            ShipbuildingRateChanged(year=1940, season="spring", yard="y", rate=rate, cause="rp"),
            ShipyardControlChanged(year=1940, season="spring", yard="y", controller="japan", mode=mode),  # type: ignore[arg-type]
        ]
    ).naval
    chart = state.charts["y"]
    assert (naval.capacity(chart), naval.effective_rate(chart)) == (capacity, effective_rate)
    assert chart.controller == "japan"


def test_mobilization_raises_the_named_yard_and_implicit_yards_use_the_starting_table() -> None:
    mob = MobilizationApplied(year=1940, season="spring", power="usa", shipbuilding_increase=1, yard="us_atlantic")
    state = game.replay([mob]).naval
    chart = state.charts["us_atlantic"]
    # not defined in the log: the starting table gives rate 1, U.S. box (27.731G), then +1
    assert (chart.defined, chart.owner, chart.rate, naval.capacity(chart)) == (False, "usa", 2, 10)
    state = game.replay([mob, mob, mob, mob, mob]).naval
    assert naval.capacity(state.charts["us_atlantic"]) == 12


# ---------------------------------------------------------------------------------------------------------------------
# SB per turn (27.724A, 27.7221A)
# ---------------------------------------------------------------------------------------------------------------------


def _sub(unit: str, year: int, season: Season) -> UnitBuilt:
    return UnitBuilt(
        **at(year, season),
        unit=unit,
        owner="germany",
        nationality="germany",
        unit_type="submarine",
        factors=1,
        location="EUR:kiel",
        cost=3,
        yard="kiel",
        sb=1,
    )


def test_sb_spent_per_turn_accumulates_and_resets() -> None:
    spring: list[AnyEvent] = [
        lay("ger-bb-x", "bb", 3, 1940, "spring"),
        _sub("ger-sub-1", 1940, "spring"),
        lay("ger-dd-1", "dd", 1, 1940, "spring"),
    ]
    state = fold(*spring)
    assert state.spent["kiel"] == naval.YardSpend(sb=3, one_factor_sb=2, brps=9)
    assert [(s.unit, s.action, s.sb, s.one_factor) for s in state.spends] == [
        ("ger-bb-x", "lay_down", 1, False),
        ("ger-sub-1", "build", 1, True),
        ("ger-dd-1", "lay_down", 1, True),
    ]
    assert state.ships["ger-dd-1"].status == "on_chart"
    assert "ger-sub-1" not in state.ships  # subs never go on a chart (27.724B)
    # the next game turn starts the counters again; last turn's totals stay readable
    state = fold(*spring, GameTurnStarted(year=1940, season="summer"))
    assert state.spent == {}
    assert state.spends == []
    assert state.spent_last_turn["kiel"] == naval.YardSpend(sb=3, one_factor_sb=2, brps=9)
    assert (state.sb_total["kiel"], state.brps_total["kiel"]) == (3, 9)
    state = fold(*spring, _sub("ger-sub-2", 1940, "summer"))
    assert state.spent["kiel"] == naval.YardSpend(sb=1, one_factor_sb=1, brps=3)
    assert state.sb_total["kiel"] == 4


def test_annotations_do_not_reset_the_turn() -> None:
    from awaw_events.events import NoteAdded

    state = fold(_sub("ger-sub-1", 1940, "spring"), NoteAdded(year=1939, season="fall", about=1, text="a note"))
    assert state.spent["kiel"].sb == 1


# ---------------------------------------------------------------------------------------------------------------------
# Sinking, raising, displacement, scuttling (27.7262, 27.71, 27.7281-27.7282, 27.7272E)
# ---------------------------------------------------------------------------------------------------------------------


def test_dt16_sunk_in_port_raised_then_repaired() -> None:
    events: list[AnyEvent] = [
        _damaged("ger-bb-b", "bb", 4, name="Bismarck")[0],
        ShipSunk(year=1940, season="spring", side="allied", phase="combat", ship="ger-bb-b", in_port=True),
    ]
    state = fold(*events)
    assert (state.ships["ger-bb-b"].status, state.ships["ger-bb-b"].sunk_in_port) == ("sunk", True)
    events.append(ShipRaised(**at(1940, "summer"), ship="ger-bb-b", yard="kiel"))
    state = fold(*events)
    ship = state.ships["ger-bb-b"]
    assert (ship.status, ship.raised_in, ship.unit_type, ship.factors) == ("damaged", "1940/summer/axis", "bb", 4)
    assert state.spent["kiel"] == naval.YardSpend(sb=1, brps=3)
    events += [
        ShipArrivedForRepair(
            year=1940, season="summer", side="axis", phase="redeployment", ship="ger-bb-b", yard="kiel"
        ),
        ShipRepairStarted(**at(1940, "fall"), ship="ger-bb-b", yard="kiel", column="spring", sb=1, brps=3),
    ]
    state = fold(*events)
    assert naval.cells(state, "kiel")["launch/spring"] == ["ger-bb-b"]
    assert [s.action for s in state.ships["ger-bb-b"].history] == ["arrive_for_repair", "repair_start"]
    assert naval.expected_launch_turn(state, "ger-bb-b") == (1941, "spring")  # DT-15


def test_displacement_and_destruction_on_capture() -> None:
    events: list[AnyEvent] = [
        *_kiel_start(),
        ShipDisplacedFromChart(
            year=1941,
            season="spring",
            side="allied",
            phase="combat",
            ship="ger-cvl-gz",
            yard="kiel",
            reason="port_occupied",
        ),
        ShipDisplacedFromChart(
            year=1941,
            season="spring",
            side="allied",
            phase="combat",
            ship="ger-bb-tirpitz",
            yard="kiel",
            reason="yard_captured",
            destroyed=True,
        ),
    ]
    state = fold(*events)
    gz, tirpitz = state.ships["ger-cvl-gz"], state.ships["ger-bb-tirpitz"]
    assert (gz.status, gz.damaged_in, gz.row) == ("damaged", "1941/spring/allied", None)
    assert tirpitz.status == "destroyed"
    assert gz.history[-1].from_row == "2"
    assert naval.counters_on_chart(state, "kiel") == 2


def test_scuttle_and_elimination_free_capacity() -> None:
    events: list[AnyEvent] = [
        *_kiel_start(),
        ShipScuttled(**at(1940, "spring"), yard="kiel", ship="ger-ca-9"),
        UnitEliminated(
            year=1940, season="spring", side="allied", phase="combat", unit="ger-cvl-gz", cause="air_combat"
        ),
    ]
    state = fold(*events)
    assert (state.ships["ger-ca-9"].status, state.ships["ger-cvl-gz"].status) == ("scuttled", "eliminated")
    assert naval.ships_on_chart(state, "kiel") == ["ger-bb-tirpitz", "ger-bb-bismarck"]


def test_option_stay_on_launch_row_waits_for_the_launch_event() -> None:
    created = GameCreated(
        year=1939, season="fall", phase="setup", options={NAVAL_ADVANCE_TO_LAUNCH: "stay_on_launch_row"}
    )
    laid = lay("ger-ca-1", "ca", 2, 1940, "spring")
    advance = ShipAdvanced(**at(1940, "fall"), yard="kiel", ship="ger-ca-1", row="launch", column="fall")
    launched = ShipLaunched(
        **at(1940, "fall"), yard="kiel", ship="ger-ca-1", mode="paid_from_row2", location="EUR:kiel"
    )
    state = game.replay([created, kiel(), laid, advance]).naval
    assert naval.cells(state, "kiel")["launch/fall"] == ["ger-ca-1"]
    state = game.replay([created, kiel(), laid, advance, launched]).naval
    assert state.ships["ger-ca-1"].status == "launched"
    assert naval.counters_on_chart(state, "kiel") == 0
    # default: launched by the advance; the launch event afterwards only adds its mode
    default = fold(laid, advance, launched).ships["ger-ca-1"]
    assert (default.status, default.launch_mode, len(default.history)) == ("launched", "paid_from_row2", 2)


# ---------------------------------------------------------------------------------------------------------------------
# Views: differences, summary, tables
# ---------------------------------------------------------------------------------------------------------------------


def test_differences_wording() -> None:
    common: list[AnyEvent] = [
        lay("ger-bb-bismarck", "bb", 2, 1939, "fall", name="Bismarck", column="fall", setup=True),
        GameTurnStarted(year=1940, season="fall"),
    ]
    advance = ShipAdvanced(**at(1940, "fall"), yard="kiel", ship="ger-bb-bismarck", row="launch", column="fall")
    a, b = fold(*common, advance), fold(*common)
    lines = [c.text for c in naval_view.differences(a, b)]
    assert "Bismarck: launched in Fall 1940 → on row 2" in lines
    assert "Kiel shipyard: SB spent this turn 1 → 0" in lines
    assert naval_view.differences(a, a) == []
    deferred = fold(*common, ShipDeferred(**at(1940, "fall"), yard="kiel", ship="ger-bb-bismarck", column="winter"))
    assert [c.text for c in naval_view.differences(deferred, b)] == [
        "Bismarck: on row 2, Winter column → on row 2, Fall column"
    ]
    faster = fold(
        *common[:1],
        GameTurnStarted(year=1940, season="fall"),
        ShipbuildingRateChanged(year=1940, season="fall", yard="kiel", rate=3),
    )
    assert [c.text for c in naval_view.differences(faster, b)] == [
        "Kiel shipyard: shipbuilding rate 3 → 2",
        "Kiel shipyard: capacity 6 → 4",
    ]


def test_summary_and_tables_are_plain_data() -> None:
    state = fold(*_kiel_start(), lay("ger-dd-1", "dd", 1, 1939, "fall"))
    data = naval_view.data(state)
    assert msgspec.json.decode(msgspec.json.encode(data)) == data
    kiel_view = data["charts"]["kiel"]
    assert (kiel_view["capacity"], kiel_view["counters"], kiel_view["sb_spent"]) == (4, 5, 1)
    assert kiel_view["cells"]["launch/winter"] == ["ger-dd-1"]
    assert data["ships"]["ger-bb-bismarck"]["expected_launch"] == "Fall 1941"
    rows = naval_view.tables(state)
    assert set(rows) == {"yards", "ships", "cells", "steps", "spends"}  # materialized as naval_<name>
    for name, table in rows.items():
        for row in table:
            assert all(not isinstance(v, dict | list) for v in row.values()), name
    assert next(iter(rows["yards"][0])) == "yard"
    assert len(rows["cells"]) == 5


def test_snapshot_round_trip() -> None:
    state = game.replay([kiel(), *_kiel_start(), _sub("ger-sub-1", 1939, "fall")])
    assert game.decode_state(game.encode_state(state)) == state


# ---------------------------------------------------------------------------------------------------------------------
# Fold law (Hypothesis)
# ---------------------------------------------------------------------------------------------------------------------


def _script() -> list[AnyEvent]:
    events: list[AnyEvent] = [kiel(), *_kiel_start(), *_damaged("ger-bc-s", "bc", 3)]
    events += _normal_construction("bb", 3, (1940, "spring"))
    events += [
        ShipRepairStarted(**at(1943, "spring"), ship="ger-bc-s", yard="kiel", column="fall", sb=1, brps=3),
        _sub("ger-sub-1", 1943, "spring"),
        ShipLaunched(**at(1943, "fall"), yard="kiel", ship="ger-bc-s", location="EUR:kiel"),
    ]
    return events


SCRIPT = _script()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=len(SCRIPT)))
def test_fold_is_associative(cut: int) -> None:
    whole = game.replay(SCRIPT)
    split = game.fold(game.replay(SCRIPT[:cut]), SCRIPT[cut:])
    assert split.naval == whole.naval
    assert whole.naval.ships["ger-bc-s"].status == "launched"
    assert whole.naval.ships["ship"].launched == "Spring 1942"


@pytest.mark.parametrize(("in_port", "lines"), [(False, []), (True, ["Scharnhorst: afloat → sunk in port"])])
def test_differences_leave_ships_at_sea_to_the_board(in_port: bool, lines: list[str]) -> None:
    placed = _damaged("ger-bc-s", "bc", 3, name="Scharnhorst")[0]
    sunk = ShipSunk(year=1940, season="spring", side="allied", phase="combat", ship="ger-bc-s", in_port=in_port)
    a, b = fold(placed), fold(placed, sunk)
    assert [c.text for c in naval_view.differences(a, b)] == lines
    assert ("ger-bc-s" in naval_view.data(b)["ships"]) is in_port


# ---------------------------------------------------------------------------------------------------------------------
# Running facts of the game turn the rules read (27.7223, 27.7272B-E, 27.7322)
# ---------------------------------------------------------------------------------------------------------------------


def us_yard(name: str = "us-atlantic") -> ShipyardDefined:
    return ShipyardDefined(
        year=1939,
        season="fall",
        phase="setup",
        yard=name,
        owner="usa",
        location="EUR:A1",
        rate=2,
        capacity_rule="us_box",
    )


def transport(unit: str, year: int, season: Season, payer: str, *, yard: str = "us-atlantic") -> UnitBuilt:
    return UnitBuilt(
        year=year,
        season=season,
        side="allied",
        phase="unit_construction",
        unit=unit,
        owner="britain",
        nationality="britain",
        unit_type="transport",
        factors=1,
        location="EUR:A1",
        cost=3,
        payer=payer,  # type: ignore[arg-type]
        yard=yard,
        sb=1,
    )


def test_column_size_is_noted_at_the_yards_first_chart_event_of_the_turn() -> None:
    setup = [
        lay("a", "bb", 3, 1939, "fall", row="3", column="spring", setup=True),
        lay("b", "bb", 4, 1939, "fall", row="4", column="spring", setup=True),
    ]
    defer = ShipDeferred(**at(1940, "spring"), yard="kiel", ship="a", column="summer")
    state = fold(*setup, defer)
    assert state.column_sizes == {"kiel": 2}  # before the deferral moved "a" out of the Spring column
    assert naval.column_size(state, "kiel", 1940, "spring") == 2
    assert naval.deferrals_so_far(state, "kiel", 1940, "spring") == 1
    assert naval.deferrals_so_far(state, "kiel", 1940, "summer") == 0  # another turn: none so far
    later = fold(*setup, defer, ShipDeferred(**at(1940, "summer"), yard="kiel", ship="a", column="fall"))
    assert later.deferrals == {"kiel": 1}  # the Spring deferral was forgotten with the turn
    assert later.column_sizes == {"kiel": 1}


def test_cves_laid_down_are_counted_per_power_for_the_turn() -> None:
    cve = {"unit_type": "cve", "yard": "us-atlantic", "row": "launch", "column": "summer", "sb": 2, "brps": 6}
    events = [
        us_yard(),
        ShipLaidDown(**at(1942, "spring"), ship="c1", owner="britain", factors=2, **cve),  # type: ignore[arg-type]
        ShipLaidDown(**at(1942, "spring"), ship="c2", owner="britain", factors=1, **cve),  # type: ignore[arg-type]
        ShipLaidDown(**at(1942, "spring"), ship="c3", owner="usa", factors=1, **cve),  # type: ignore[arg-type]
    ]
    state = game.replay(events).naval
    assert state.cve_factors == {"britain": 3, "usa": 1}
    assert naval.cves_laid_down(state, "britain", 1942, "spring") == 3
    assert naval.cves_laid_down(state, "britain", 1942, "summer") == 0


def test_war_outbreak_and_german_acceleration_years() -> None:
    events = [
        lay("a", "bb", 3, 1939, "fall", row="3", column="spring", setup=True),
        WarDeclared(year=1939, season="fall", side="axis", aggressor="germany", target="poland", brp_cost=0),
        WarDeclared(year=1940, season="spring", side="axis", aggressor="germany", target="france", brp_cost=0),
        ShipAdvanced(
            **at(1940, "spring"), yard="kiel", ship="a", mode="accelerate_1", row="2", column="winter", brps=6
        ),
    ]
    state = fold(*events)
    assert (state.war_outbreak_year, state.german_acceleration_year) == (1939, 1940)
    assert naval.politics(state, game.replay([kiel(), *events]).board, 1940).germany_accelerated_this_year
    assert not naval.politics(state, game.replay([kiel(), *events]).board, 1941).germany_accelerated_this_year


def test_western_allied_transports_lost_in_the_axis_turn_count_for_cash_and_carry() -> None:
    def placed(unit: str, owner: str, unit_type: str = "transport") -> UnitPlaced:
        return UnitPlaced(
            year=1939, season="fall", phase="setup", unit=unit, owner=owner, nationality=owner,  # type: ignore[arg-type]
            unit_type=unit_type, factors=2, location="EUR:A1",  # type: ignore[arg-type]
        )  # fmt: skip

    def lost(unit: str, side: str) -> UnitEliminated:
        return UnitEliminated(year=1941, season="spring", side=side, phase="combat", unit=unit, cause="naval_combat")  # type: ignore[arg-type]

    setup = [placed("t1", "britain"), placed("t2", "usa"), placed("t3", "italy"), placed("d1", "britain", "dd")]
    state = fold(*setup, lost("t1", "axis"), lost("t2", "axis"), lost("t3", "axis"), lost("d1", "axis"))
    assert state.wa_transports_lost == {"t1": 2, "t2": 2}  # two British and two American transport factors
    assert naval.wa_transports_lost(state, 1941, "spring") == 4
    assert naval.wa_transports_lost(state, 1941, "summer") == 0
    again = fold(*setup, lost("t1", "axis"), lost("t1", "axis"))
    assert naval.wa_transports_lost(again, 1941, "spring") == 2  # a unit already gone is not lost twice
    allied = fold(*setup, lost("t1", "allied"))
    assert allied.wa_transports_lost == {}


def test_prewar_transports_are_tallied_by_payer_until_the_us_german_war() -> None:
    events = [us_yard(), us_yard("us-pacific"), transport("t1", 1941, "spring", "usa")]
    events += [transport("t2", 1941, "spring", "britain"), transport("t3", 1941, "spring", "britain", yard="kiel")]
    state = game.replay([kiel(), *events]).naval
    assert state.prewar == naval.PrewarTransports(transports=2, us_brps=3, british_brps=3)
    assert naval.prewar_transports(state, 1941, "summer") == naval.PrewarTransports()
    war = WarDeclared(year=1941, season="summer", side="axis", aggressor="japan", target="usa", brp_cost=0)
    pacific = [war, transport("t4", 1941, "summer", "usa", yard="us-pacific")]
    assert game.replay([*events, *pacific]).naval.prewar == naval.PrewarTransports()  # 27.7322C
    atlantic = [war, transport("t4", 1941, "summer", "usa")]
    assert game.replay([*events, *atlantic]).naval.prewar.transports == 1
    german = WarDeclared(year=1941, season="summer", side="axis", aggressor="germany", target="usa", brp_cost=0)
    assert game.replay([*events, german, transport("t5", 1941, "summer", "usa")]).naval.prewar.transports == 0
