"""Naval construction and repair (27.7).

Worked examples: 27-30 extract 6.1-6.4 (EX-N1..N3, EX-R1..R2, EX-A1..A3, EX-T1..T3), 6.14 DT-8..DT-16, and the
full cost/time tables of extract 1.12 recomputed through the chart functions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.vocab import SEASONS, ChartRow, Power, Season, UnitType
from projections.rules.calendar import add_turns, seasons_until, shift_season, turn_at, turn_index, turns_between
from projections.rules.naval import (
    ACCELERATION_EXTRA_BRPS,
    NAVAL_REPAIR_AND_CONSTRUCTION,
    RAISE_COST,
    STARTING_SHIPYARDS,
    ChartAction,
    ChartPermissions,
    ChartPosition,
    NavalCost,
    NavalPolitics,
    UsTheater,
    apply_chart_action,
    build_type_breaches,
    cash_and_carry_allowed,
    chart_action_breaches,
    construction_kind,
    deferral_allowance,
    expected_launch,
    is_cash_and_carry_loss,
    is_due,
    lay_down_cost,
    lay_down_position,
    lend_lease_max_us_brps,
    max_prewar_transports,
    may_accelerate,
    may_be_raised,
    new_construction_total,
    one_factor_sb_cap,
    permissions_for,
    plan_prewar_transports,
    prewar_transport_breaches,
    prewar_transport_shares,
    repair_cost,
    repair_position,
    repair_start_breaches,
    scuttle_allowance,
    shipyard_breaches,
    shipyard_capacity,
    simulate_construction,
    starting_rate,
    us_theater,
)

# --- calendar ---------------------------------------------------------------------------------------------------------


def test_winter_carries_its_year() -> None:
    assert add_turns(1940, "fall", 1) == (1940, "winter")
    assert add_turns(1940, "winter", 1) == (1941, "spring")
    assert add_turns(1941, "spring", -1) == (1940, "winter")
    assert turns_between((1939, "fall"), (1942, "spring")) == 10
    assert shift_season("winter", 1) == "spring"
    assert shift_season("spring", -1) == "winter"
    assert seasons_until("fall", "spring") == 2


@given(year=st.integers(min_value=1930, max_value=1950), season=st.sampled_from(SEASONS))
def test_turn_index_round_trip(year: int, season: Season) -> None:
    assert turn_at(turn_index(year, season)) == (year, season)


# --- table 27.721 -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit_type", "factors", "kind", "sb", "brps", "turns"),
    [
        ("transport", 1, "transport", 1, 3, 0),
        ("submarine", 1, "sub_asw", 1, 3, 0),
        ("asw", 2, "sub_asw", 2, 6, 0),
        ("dd", 1, "dd_cve", 1, 3, 1),
        ("cve", 1, "dd_cve", 1, 3, 1),
        ("ca", 2, "cruiser", 2, 6, 2),
        ("pb", 2, "named_2", 2, 6, 4),
        ("bc", 3, "named_3", 3, 9, 8),
        ("bb", 4, "named_4", 4, 12, 12),
        ("bb", 5, "named_5", 5, 15, 16),
    ],
)
def test_table_1_12_normal_construction(
    unit_type: UnitType, factors: int, kind: str, sb: int, brps: int, turns: int
) -> None:
    assert construction_kind(unit_type, factors) == kind
    assert new_construction_total(unit_type, factors) == NavalCost(sb, brps)
    run = simulate_construction(unit_type, factors, (1940, "spring"))
    assert (run.cost, run.turns) == (NavalCost(sb, brps), turns)
    assert NAVAL_REPAIR_AND_CONSTRUCTION[construction_kind(unit_type, factors)].new_turns == turns


@pytest.mark.parametrize(
    ("factors", "accel", "turns", "brps"),
    [
        (3, "accelerate_2", 6, 15),
        (4, "accelerate_2", 8, 24),
        pytest.param(5, "accelerate_2", 10, 33, id="DT-12-five-factor-knights-moves"),
        (3, "accelerate_1", 7, 12),
        (4, "accelerate_1", 10, 18),
        (5, "accelerate_1", 13, 24),
    ],
)
def test_table_1_12_maximum_acceleration(factors: int, accel: ChartAction, turns: int, brps: int) -> None:
    run = simulate_construction("bb", factors, (1940, "spring"), [accel] * (factors - 2))
    assert (run.turns, run.cost) == (turns, NavalCost(factors, brps))


@given(
    factors=st.integers(min_value=3, max_value=5),
    start=st.sampled_from(SEASONS),
    data=st.data(),
)
def test_general_acceleration_formula(factors: int, start: Season, data: st.DataObject) -> None:
    plan: list[ChartAction] = data.draw(
        st.lists(
            st.sampled_from(["continue", "accelerate_1", "accelerate_2"]), min_size=factors - 2, max_size=factors - 2
        )
    )
    run = simulate_construction("cv", factors, (1941, start), plan)
    interval = {"continue": 4, "accelerate_1": 3, "accelerate_2": 2}
    assert run.turns == 4 + sum(interval[a] for a in plan)
    assert run.cost == NavalCost(factors, 3 * factors + sum(ACCELERATION_EXTRA_BRPS.get(a, 0) for a in plan))


@given(row=st.sampled_from(["5", "4", "3", "2"]), column=st.sampled_from(SEASONS), now=st.sampled_from(SEASONS))
def test_expected_launch_matches_simulation(row: ChartRow, column: Season, now: Season) -> None:
    # a ship sitting at (row, column) in the ``now`` turn of 1941, continued normally from its next due turn
    position = ChartPosition(row, column)
    expected = expected_launch(position, current=(1941, now), acted_this_phase=True)
    wait = seasons_until(now, column) or 4
    due = add_turns(1941, now, wait)
    current, launched = position, due
    for _ in range(int(row) - 2):
        move = apply_chart_action(current, "continue")
        assert move.position is not None
        current = move.position
        launched = add_turns(*launched, 4)
    assert current.row == "2"
    assert apply_chart_action(current, "continue").launched
    assert expected == launched


# --- placement: EX-N1..N3, EX-R1..R2, DT-11, DT-14, DT-15 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit_type", "factors", "season", "row", "column", "cost"),
    [
        pytest.param("bc", 3, "spring", "3", "spring", NavalCost(1, 3), id="EX-N1-three-factor-spring"),
        pytest.param("ca", 2, "spring", "2", "fall", NavalCost(1, 3), id="EX-N2-cruiser-spring"),
        pytest.param("dd", 1, "winter", "launch", "spring", NavalCost(1, 3), id="EX-N3-destroyer-winter"),
        pytest.param("cve", 2, "winter", "launch", "spring", NavalCost(2, 6), id="EX-N3-cve-per-factor"),
        pytest.param("ca", 2, "winter", "2", "summer", NavalCost(1, 3), id="DT-14-cruiser-winter"),
        pytest.param("bb", 5, "spring", "5", "spring", NavalCost(1, 3), id="DT-11-five-factor"),
        ("cvl", 2, "fall", "2", "fall", NavalCost(1, 3)),
        ("bb", 4, "summer", "4", "summer", NavalCost(1, 3)),
    ],
)
def test_lay_down(
    unit_type: UnitType, factors: int, season: Season, row: ChartRow, column: Season, cost: NavalCost
) -> None:
    assert lay_down_position(unit_type, factors, season) == ChartPosition(row, column)
    assert lay_down_cost(unit_type, factors) == cost


@pytest.mark.parametrize(
    ("unit_type", "factors"),
    [("submarine", 1), ("transport", 1), ("ca", 4), ("bb", 6), ("bb", 1), ("infantry", 3)],
)
def test_lay_down_misuse(unit_type: UnitType, factors: int) -> None:
    with pytest.raises(ValueError, match=r"."):
        lay_down_position(unit_type, factors, "spring")


def test_ex_n2_cruiser_launch_in_fall() -> None:
    position = lay_down_position("ca", 2, "spring")
    assert chart_action_breaches("continue", unit_type="ca", factors=2, position=position, season="fall") == ()
    move = apply_chart_action(position, "continue")
    assert move == apply_chart_action(position, "continue")
    assert (move.launched, move.position, move.cost) == (True, None, NavalCost(1, 3))
    run = simulate_construction("ca", 2, (1940, "spring"))
    assert (run.launched, run.cost) == ((1940, "fall"), NavalCost(2, 6))


def test_ex_n3_destroyer_launched_free_next_turn() -> None:
    run = simulate_construction("dd", 1, (1940, "winter"))
    assert run.launched == (1941, "spring")
    assert run.steps[-1].action == "launch"
    assert run.steps[-1].cost == NavalCost(0, 0)


@pytest.mark.parametrize(
    ("unit_type", "season", "column", "cost", "launched"),
    [
        pytest.param("bb", "spring", "fall", NavalCost(1, 3), (1942, "fall"), id="EX-R1-named-spring"),
        pytest.param("ca", "spring", "summer", NavalCost(0, 0), (1942, "summer"), id="EX-R2-cruiser-spring"),
        pytest.param("bc", "fall", "spring", NavalCost(1, 3), (1943, "spring"), id="DT-15-named-fall"),
    ],
)
def test_repairs(
    unit_type: UnitType, season: Season, column: Season, cost: NavalCost, launched: tuple[int, Season]
) -> None:
    assert repair_position(unit_type, season) == ChartPosition("launch", column)
    assert repair_cost(unit_type) == cost
    run = simulate_construction(unit_type, 3, (1942, season), work="repair")
    assert (run.launched, run.cost) == (launched, cost)


def test_repair_of_one_factor_unit_is_misuse() -> None:
    with pytest.raises(ValueError, match="never"):
        repair_position("dd", "spring")


def test_dt11_full_timeline() -> None:
    run = simulate_construction("bb", 5, (1940, "spring"))
    assert [(s.turn, s.position) for s in run.steps] == [
        ((1940, "spring"), ChartPosition("5", "spring")),
        ((1941, "spring"), ChartPosition("4", "spring")),
        ((1942, "spring"), ChartPosition("3", "spring")),
        ((1943, "spring"), ChartPosition("2", "spring")),
        ((1944, "spring"), None),
    ]
    assert (run.cost, run.turns) == (NavalCost(5, 15), 16)
    assert expected_launch(ChartPosition("5", "spring"), current=(1940, "spring"), acted_this_phase=True) == (
        1944,
        "spring",
    )


def test_dt12_knights_move_path() -> None:
    run = simulate_construction("bb", 5, (1940, "spring"), ["accelerate_2"] * 3)
    assert [(s.turn, s.position, s.cost.brps) for s in run.steps] == [
        ((1940, "spring"), ChartPosition("5", "spring"), 3),
        ((1941, "spring"), ChartPosition("4", "fall"), 9),
        ((1941, "fall"), ChartPosition("3", "spring"), 9),
        ((1942, "spring"), ChartPosition("2", "fall"), 9),
        ((1942, "fall"), None, 3),
    ]


# --- per-phase options: EX-A1..A3, DT-13 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "action", "to", "cost", "next_due"),
    [
        pytest.param(
            ChartPosition("4", "summer"), "accelerate_1", ChartPosition("3", "spring"), NavalCost(1, 6), 3, id="EX-A1"
        ),
        pytest.param(
            ChartPosition("5", "spring"), "accelerate_2", ChartPosition("4", "fall"), NavalCost(1, 9), 2, id="EX-A2"
        ),
        pytest.param(
            ChartPosition("3", "winter"),
            "accelerate_2",
            ChartPosition("2", "summer"),
            NavalCost(1, 9),
            2,
            id="EX-A2-wrap",
        ),
        pytest.param(
            ChartPosition("3", "winter"), "defer", ChartPosition("3", "spring"), NavalCost(0, 0), 1, id="DT-13-defer"
        ),
        (ChartPosition("5", "fall"), "continue", ChartPosition("4", "fall"), NavalCost(1, 3), 0),
    ],
)
def test_chart_moves(
    position: ChartPosition, action: ChartAction, to: ChartPosition, cost: NavalCost, next_due: int
) -> None:
    move = apply_chart_action(position, action)
    assert (move.position, move.cost) == (to, cost)
    assert seasons_until(position.column, to.column) == next_due


@pytest.mark.parametrize(
    ("action", "unit_type", "factors", "position", "acted", "permissions", "rules"),
    [
        pytest.param(
            "accelerate_1", "bb", 4, ChartPosition("4", "spring"), False, ChartPermissions(), [], id="EX-A1-legal"
        ),
        pytest.param(
            "accelerate_2",
            "bb",
            4,
            ChartPosition("4", "spring"),
            True,
            ChartPermissions(),
            ["27.7272B"],
            id="EX-A3-first-placement",
        ),
        pytest.param(
            "accelerate_1",
            "bb",
            4,
            ChartPosition("2", "spring"),
            False,
            ChartPermissions(),
            ["27.7272B"],
            id="EX-A3-row-2",
        ),
        pytest.param(
            "accelerate_1",
            "ca",
            2,
            ChartPosition("2", "spring"),
            False,
            ChartPermissions(),
            ["27.7272B", "27.7272B"],
            id="EX-A3-cruiser",
        ),
        pytest.param(
            "accelerate_2",
            "pb",
            2,
            ChartPosition("2", "spring"),
            False,
            ChartPermissions(),
            ["27.7272B", "27.7272B"],
            id="EX-A3-two-factor",
        ),
        pytest.param(
            "accelerate_1",
            "bb",
            4,
            ChartPosition("4", "spring"),
            False,
            ChartPermissions(accelerate=False),
            ["27.7272B"],
            id="no-permission",
        ),
        pytest.param(
            "continue",
            "bb",
            4,
            ChartPosition("4", "fall"),
            False,
            ChartPermissions(),
            ["27.7272"],
            id="N-20-wrong-column",
        ),
        pytest.param(
            "scuttle", "bb", 4, ChartPosition("4", "fall"), False, ChartPermissions(), [], id="scuttle-any-column"
        ),
        pytest.param(
            "scuttle",
            "bb",
            4,
            ChartPosition("4", "fall"),
            False,
            ChartPermissions(scuttle=False),
            ["27.7272E"],
            id="scuttle-forbidden",
        ),
        pytest.param(
            "defer",
            "bb",
            4,
            ChartPosition("4", "spring"),
            False,
            ChartPermissions(defer=False),
            ["27.7272C"],
            id="defer-forbidden",
        ),
        pytest.param(
            "defer",
            "dd",
            1,
            ChartPosition("launch", "spring"),
            False,
            ChartPermissions(),
            ["27.7272D"],
            id="defer-launch-row",
        ),
        pytest.param(
            "launch", "dd", 1, ChartPosition("launch", "spring"), False, ChartPermissions(), [], id="free-launch"
        ),
        pytest.param(
            "launch",
            "bb",
            4,
            ChartPosition("2", "spring"),
            False,
            ChartPermissions(),
            ["27.7272D"],
            id="free-launch-not-on-launch-row",
        ),
        pytest.param(
            "continue",
            "bb",
            4,
            ChartPosition("4", "spring"),
            True,
            ChartPermissions(),
            ["27.7272"],
            id="N-21-placed-this-phase",
        ),
    ],
)
def test_chart_action_breaches(
    action: ChartAction,
    unit_type: UnitType,
    factors: int,
    position: ChartPosition,
    acted: bool,
    permissions: ChartPermissions,
    rules: list[str],
) -> None:
    found = chart_action_breaches(
        action,
        unit_type=unit_type,
        factors=factors,
        position=position,
        season="spring",
        acted_this_phase=acted,
        permissions=permissions,
    )
    assert [b.rule for b in found] == rules


def test_is_due() -> None:
    assert is_due(ChartPosition("3", "fall"), "fall")
    assert not is_due(ChartPosition("3", "fall"), "winter")


def test_illegal_plan_is_misuse() -> None:
    with pytest.raises(ValueError, match="illegal plan"):
        simulate_construction("ca", 2, (1940, "spring"), ["accelerate_1"])


# --- permissions 27.7272B-C, E ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "politics", "theater", "allowed"),
    [
        ("germany", NavalPolitics(year=1939), None, True),
        ("italy", NavalPolitics(year=1940), None, False),
        ("italy", NavalPolitics(year=1940, italy_at_war_with_western_allies=True), None, True),
        pytest.param("britain", NavalPolitics(year=1939), None, False, id="britain-1939-without-germany"),
        ("britain", NavalPolitics(year=1939, germany_accelerated_this_year=True), None, True),
        ("britain", NavalPolitics(year=1940), None, True),
        ("japan", NavalPolitics(year=1940, usjt=39), None, False),
        ("japan", NavalPolitics(year=1940, usjt=40), None, True),
        ("japan", NavalPolitics(year=1940, japan_us_at_war=True), None, True),
        ("usa", NavalPolitics(year=1940, usjt=45), "pacific", True),
        ("usa", NavalPolitics(year=1940, usjt=45), "atlantic", False),
        ("usa", NavalPolitics(year=1940, germany_us_at_war=True), "atlantic", True),
        ("france", NavalPolitics(year=1939), None, True),
        ("russia", NavalPolitics(year=1939), None, True),
    ],
)
def test_may_accelerate(power: Power, politics: NavalPolitics, theater: UsTheater | None, allowed: bool) -> None:
    assert may_accelerate(power, politics, us_theater=theater) is allowed


def test_britain_full_variant_uses_recorded_outbreak_year() -> None:
    politics = NavalPolitics(year=1939, war_outbreak_year=1938)
    assert may_accelerate("britain", politics, variant="full")
    assert not may_accelerate("britain", NavalPolitics(year=1938, war_outbreak_year=1938), variant="full")


@pytest.mark.parametrize(
    ("power", "politics", "theater", "ships", "rate", "defer", "scuttle"),
    [
        ("germany", NavalPolitics(year=1940), None, 3, 2, None, None),
        ("italy", NavalPolitics(year=1940), None, 3, 2, 0, 0),
        ("france", NavalPolitics(year=1940), None, 2, 2, 0, 0),
        ("france", NavalPolitics(year=1940, france_deferral_triggered=True), None, 2, 2, None, 0),
        ("japan", NavalPolitics(year=1940, usjt=20), None, 4, 3, 1, 1),
        ("japan", NavalPolitics(year=1940, usjt=20), None, 3, 3, 0, 0),
        ("japan", NavalPolitics(year=1940, usjt=40), None, 3, 3, None, None),
        ("usa", NavalPolitics(year=1940), "atlantic", 3, 1, 2, 2),
        ("usa", NavalPolitics(year=1940, germany_us_at_war=True), "atlantic", 3, 1, None, None),
        ("usa", NavalPolitics(year=1940, japan_us_at_war=True), "pacific", 1, 1, None, None),
    ],
)
def test_deferral_and_scuttle(
    power: Power,
    politics: NavalPolitics,
    theater: UsTheater | None,
    ships: int,
    rate: int,
    defer: int | None,
    scuttle: int | None,
) -> None:
    assert deferral_allowance(power, politics, us_theater=theater, ships_in_column=ships, rate=rate) == defer
    assert scuttle_allowance(power, politics, us_theater=theater, ships_in_column=ships, rate=rate) == scuttle


def test_permissions_for_counts_deferrals_made() -> None:
    politics = NavalPolitics(year=1940, usjt=20)
    first = permissions_for("japan", politics, ships_in_column=4, rate=3)
    second = permissions_for("japan", politics, ships_in_column=4, rate=3, deferrals_so_far=1)
    assert (first.defer, first.accelerate, second.defer) == (True, False, False)


def test_us_needs_theater() -> None:
    with pytest.raises(ValueError, match="us_theater"):
        may_accelerate("usa", NavalPolitics(year=1940))


# --- shipyards 27.731, 27.724B, 27.743, 27.713, 27.7221A: DT-8..DT-10 ------------------------------------------------


@pytest.mark.parametrize(
    ("power", "rate"),
    [
        ("germany", 2),
        ("italy", 2),
        ("japan", 3),
        ("russia", 2),
        ("britain", 6),
        ("france", 2),
        ("usa", 2),
        ("china", 0),
    ],
)
def test_starting_rates_27_731(power: Power, rate: int) -> None:
    assert starting_rate(power) == rate


@pytest.mark.parametrize(
    ("rate", "rule", "capacity"),
    [
        pytest.param(2, "double_rate", 4, id="DT-8-kiel"),
        (4, "double_rate", 8),
        pytest.param(1, "us_box", 10, id="DT-10-rate-1"),
        pytest.param(5, "us_box", 10, id="DT-10-rate-5"),
        pytest.param(6, "us_box", 12, id="DT-10-rate-6"),
        (4, "captured", 2),
    ],
)
def test_shipyard_capacity(rate: int, rule: str, capacity: int) -> None:
    assert shipyard_capacity(rate, rule) == capacity  # type: ignore[arg-type]


def test_starting_yard_capacities() -> None:
    caps = {y: shipyard_capacity(s.rate, s.capacity_rule) for y, s in STARTING_SHIPYARDS.items()}
    assert caps["kiel"] == 4
    assert caps["glasgow"] == 8
    assert caps["tokyo"] == 6
    assert caps["us_atlantic"] == caps["us_pacific"] == 10
    assert caps["genoa"] == caps["canada"] == caps["lorient"] == 2


@pytest.mark.parametrize(
    ("rate", "cap"),
    [
        pytest.param(2, 1, id="DT-9-kiel"),
        (1, 1),
        (3, 2),
        (4, 2),
        pytest.param(5, 3, id="EX-T3-three-transports"),
        (6, 3),
    ],
)
def test_one_factor_half_rate(rate: int, cap: int) -> None:
    assert one_factor_sb_cap(rate) == cap


@pytest.mark.parametrize(
    ("kwargs", "rules"),
    [
        pytest.param(
            {"rate": 2, "sb_spent": 2, "one_factor_sb_spent": 1, "counters_on_chart": 4}, [], id="DT-8-kiel-full"
        ),
        pytest.param(
            {"rate": 2, "sb_spent": 2, "one_factor_sb_spent": 1, "counters_on_chart": 5}, ["27.741"], id="DT-8-fifth"
        ),
        pytest.param(
            {"rate": 2, "sb_spent": 3, "one_factor_sb_spent": 0, "counters_on_chart": 0}, ["27.724A"], id="N-01"
        ),
        pytest.param(
            {"rate": 2, "sb_spent": 2, "one_factor_sb_spent": 2, "counters_on_chart": 0}, ["27.7221A"], id="DT-9-N-02"
        ),
        pytest.param(
            {"rate": 4, "capacity_rule": "captured", "sb_spent": 2, "one_factor_sb_spent": 0, "counters_on_chart": 3},
            ["27.724A", "27.741"],
            id="captured-yard",
        ),
    ],
)
def test_shipyard_breaches(kwargs: dict[str, int], rules: list[str]) -> None:
    assert [b.rule for b in shipyard_breaches(**kwargs)] == rules  # type: ignore[arg-type]


# --- who builds what -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("power", "unit_type", "year", "season", "usat", "for_power", "rules"),
    [
        ("germany", "cvl", 1940, "spring", 0, None, []),
        ("germany", "cv", 1940, "spring", 0, None, ["27.7222"]),
        ("russia", "cvl", 1940, "spring", 0, None, ["27.7222"]),
        ("japan", "cvb", 1940, "spring", 0, None, []),
        ("germany", "cve", 1940, "spring", 40, None, ["27.7223A"]),
        ("usa", "cve", 1941, "spring", 27, "britain", ["27.7223"]),
        ("usa", "cve", 1941, "spring", 28, "britain", []),
        ("usa", "cve", 1941, "spring", 34, None, ["27.7223"]),
        ("usa", "cve", 1941, "spring", 35, None, []),
        ("japan", "dd", 1939, "summer", 0, None, ["27.7221A"]),
        ("japan", "dd", 1939, "fall", 0, None, []),
        ("germany", "transport", 1940, "spring", 0, None, ["27.93"]),
        ("italy", "submarine", 1940, "spring", 0, None, []),
        ("britain", "asw", 1940, "spring", 0, None, []),
    ],
)
def test_build_type_breaches(
    power: Power, unit_type: UnitType, year: int, season: Season, usat: int, for_power: Power | None, rules: list[str]
) -> None:
    found = build_type_breaches(power, unit_type, year=year, season=season, usat=usat, for_power=for_power)
    assert [b.rule for b in found] == rules


# --- repairs and raising: DT-16 --------------------------------------------------------------------------------------


def test_dt16_raising() -> None:
    assert NavalCost(1, 3) == RAISE_COST
    assert may_be_raised("bb")
    assert not may_be_raised("ca")
    assert not may_be_raised("dd")
    raised_now = repair_start_breaches("bb", "britain", in_waiting_for_repair=False, raised_this_player_turn=True)
    assert [b.rule for b in raised_now] == ["27.7261", "27.7262"]
    assert repair_start_breaches("bb", "britain", in_waiting_for_repair=True) == ()


@pytest.mark.parametrize(
    ("unit_type", "owner", "damaged_now", "pacific", "rules"),
    [
        ("ca", "italy", True, False, ["27.7266A"]),
        ("bb", "russia", False, True, ["27.7266B"]),
        ("dd", "germany", False, False, ["27.721"]),
    ],
)
def test_repair_start_breaches(
    unit_type: UnitType, owner: Power, damaged_now: bool, pacific: bool, rules: list[str]
) -> None:
    found = repair_start_breaches(
        unit_type, owner, in_waiting_for_repair=True, damaged_this_player_turn=damaged_now, in_pacific=pacific
    )
    assert [b.rule for b in found] == rules


# --- U.S. pre-war transports 27.7322: EX-T1..T3 -----------------------------------------------------------------------


def test_ex_t1_cash_and_carry() -> None:
    assert cash_and_carry_allowed(6)
    assert lend_lease_max_us_brps(21) == 0
    payment = plan_prewar_transports(21, 6, 2)
    assert payment is not None
    assert (payment.us_brps, payment.british_brps, payment.us_limit_charge, payment.grant_limit_charge) == (0, 6, 6, 0)
    kw = {"year": 1940, "season": "fall", "usat": 21, "wa_transports_lost": 6, "transports": 2}
    assert prewar_transport_breaches(us_brps=0, british_brps=6, **kw) == ()  # type: ignore[arg-type]


def test_ex_t2_lend_lease_one_transport() -> None:
    assert not cash_and_carry_allowed(5)
    assert lend_lease_max_us_brps(29) == 4
    assert max_prewar_transports(29, 5, british_brps=10) == 1
    payment = plan_prewar_transports(29, 5, 1)
    assert payment is not None
    assert (payment.us_brps, payment.british_brps) == (3, 0)
    assert plan_prewar_transports(29, 5, 2) is None
    kw = {"year": 1940, "season": "winter", "usat": 29, "wa_transports_lost": 5, "transports": 2}
    assert [b.rule for b in prewar_transport_breaches(us_brps=4, british_brps=2, **kw)] == ["27.7322A"]  # type: ignore[arg-type]
    assert [b.rule for b in prewar_transport_breaches(us_brps=6, british_brps=0, **kw)] == ["27.7322B"]  # type: ignore[arg-type]


def test_ex_t3_combined() -> None:
    assert lend_lease_max_us_brps(33) == 8
    assert max_prewar_transports(33, 7) == 2
    assert max_prewar_transports(33, 7, british_brps=1) == 3
    payment = plan_prewar_transports(33, 7, 3)
    assert payment is not None
    assert (payment.us_brps, payment.british_brps) == (8, 1)
    assert (payment.us_limit_charge, payment.grant_limit_charge) == (9, 8)
    kw = {"year": 1941, "season": "spring", "usat": 33, "wa_transports_lost": 7, "transports": 3}
    assert prewar_transport_breaches(us_brps=8, british_brps=1, **kw) == ()  # type: ignore[arg-type]
    assert prewar_transport_breaches(us_brps=0, british_brps=9, **kw) == ()  # type: ignore[arg-type]


def test_prewar_transport_dates_and_exceptions() -> None:
    kw = {"season": "summer", "usat": 30, "wa_transports_lost": 0, "transports": 1, "us_brps": 3, "british_brps": 0}
    assert [b.rule for b in prewar_transport_breaches(year=1939, **kw)] == ["27.7322"]  # type: ignore[arg-type]
    assert prewar_transport_breaches(year=1939, us_at_war_with_germany=True, **kw) == ()  # type: ignore[arg-type]
    big = {
        "year": 1942,
        "season": "spring",
        "usat": 10,
        "wa_transports_lost": 0,
        "transports": 3,
        "us_brps": 9,
        "british_brps": 0,
    }
    assert prewar_transport_breaches(pacific_rebuild_of_japanese_sinkings=True, **big) == ()  # type: ignore[arg-type]
    assert prewar_transport_breaches(**big)  # type: ignore[arg-type]


def test_kiel_derived_dt8_and_shifts() -> None:
    # DT-8: four counters fill Kiel; a launch in the same phase frees space (27.742)
    cap = shipyard_capacity(STARTING_SHIPYARDS["kiel"].rate)
    assert cap == 4
    assert shipyard_breaches(rate=2, sb_spent=1, one_factor_sb_spent=0, counters_on_chart=4 - 1 + 1) == ()
    assert shift_season(lay_down_position("ca", 2, "fall").column, 0) == "spring"


@pytest.mark.parametrize(
    ("yard", "theater"),
    [("us-pacific", "pacific"), ("us_atlantic", "atlantic"), ("US-Atlantic", "atlantic"), ("kiel", None)],
)
def test_the_us_box_of_a_yard_is_read_from_its_name(yard: str, theater: str | None) -> None:
    assert us_theater(yard) == theater


@pytest.mark.parametrize(
    ("owner", "unit_type", "side", "counts"),
    [
        ("britain", "transport", "axis", True),
        ("usa", "transport", "axis", True),
        ("france", "transport", "axis", True),
        ("britain", "transport", "allied", False),  # lost in the Allied player turn
        ("britain", "dd", "axis", False),
        ("russia", "transport", "axis", False),
        ("japan", "transport", "axis", False),
    ],
)
def test_cash_and_carry_counts_western_allied_transports_lost_in_axis_turns(
    owner: str, unit_type: str, side: str, counts: bool
) -> None:
    assert is_cash_and_carry_loss(owner, unit_type, side) is counts


def test_prewar_transport_shares_follow_the_payer_until_the_wars_begin() -> None:
    kw = {"yard_owner": "usa", "theater": "atlantic", "cost": 6, "germany_us_at_war": False, "japan_us_at_war": False}
    assert prewar_transport_shares(payer="usa", **kw) == (6, 0)  # type: ignore[arg-type]
    assert prewar_transport_shares(payer="britain", **kw) == (0, 6)  # type: ignore[arg-type]
    assert prewar_transport_shares(payer="usa", **{**kw, "germany_us_at_war": True}) is None  # type: ignore[arg-type]
    assert prewar_transport_shares(payer="usa", **{**kw, "yard_owner": "britain"}) is None  # type: ignore[arg-type]
    pacific = {**kw, "theater": "pacific", "japan_us_at_war": True}
    assert prewar_transport_shares(payer="usa", **pacific) is None  # type: ignore[arg-type]  # 27.7322C
    assert prewar_transport_shares(payer="usa", **{**kw, "japan_us_at_war": True}) == (6, 0)  # type: ignore[arg-type]
