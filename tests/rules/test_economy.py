"""A3R economy house rules: 35.7 prorating and timing, deficit spending (A3R extract T-B1..T-B6, C-BRP-1..11)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.options import A3R_OPTIONS
from awaw_events.vocab import SEASONS, Season
from projections.rules.economy import (
    CHANGE_TIMING,
    PRORATE_PERCENT,
    apply_grant,
    batch_findings,
    conquest_credit,
    deficit_cap,
    deficit_findings,
    option1_end_of_turn_findings,
    prorate,
    prorate_batch,
    settle_deficit,
)

# --- 35.71 prorating ----------------------------------------------------------------------------------------------


def test_percentages() -> None:
    assert PRORATE_PERCENT == {"spring": 100, "summer": 75, "fall": 50, "winter": 25}


@pytest.mark.parametrize(
    ("case", "amount", "season", "expected"),
    [
        ("T-B1 / C-BRP-1 association in Summer", 20, "summer", 15),
        ("T-B1 association in Winter", 20, "winter", 5),
        ("Spring is 100 %", 20, "spring", 20),
        ("Fall rounds down", 15, "fall", 7),
        ("T-B4 KEA loss in Summer", -20, "summer", -15),
        ("T-B4 KEA + IC loss netted", -30, "summer", -22),
    ],
)
def test_prorate(case: str, amount: int, season: Season, expected: int) -> None:
    assert prorate(amount, season) == expected, case


def test_negative_rounding_option() -> None:
    assert prorate(-30, "summer") == -22
    assert prorate(-30, "summer", negative_rounding="floor") == -23
    assert prorate(-20, "summer", negative_rounding="floor") == -15


# --- 35.72 netting ------------------------------------------------------------------------------------------------


def test_t_b3_netting() -> None:
    assert prorate_batch([15, -5], "summer") == 7
    assert prorate(15, "summer") + prorate(-5, "summer") == 8  # prorating each item: wrong
    assert batch_findings([15, -5], "summer", 7) == ()
    planted = batch_findings([15, -5], "summer", 8)
    assert planted[0].rule == "35.71-35.72"


def test_c_brp_1_recorded_unprorated() -> None:
    assert batch_findings([20], "summer", 15) == ()
    assert batch_findings([20], "summer", 20)
    assert batch_findings([20], "summer", 20, option="a3r") == ()


def test_t_b4_kea_and_ic_same_phase() -> None:
    assert prorate_batch([-20, -10], "summer") == -22


@given(st.lists(st.integers(min_value=-60, max_value=60), max_size=6), st.sampled_from(SEASONS))
def test_prorate_magnitude_never_grows(items: list[int], season: Season) -> None:
    net = sum(items)
    applied = prorate_batch(items, season)
    assert abs(applied) <= abs(net)
    assert applied * net >= 0


# --- 35.73 timing -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "season", "side", "point", "due", "applied"),
    [
        ("T-B2 Spring conquest", "spring", "axis", "diplomatic_phase", "summer", 22),
        ("Summer conquest", "summer", "axis", "diplomatic_phase", "fall", 15),
        ("T-B2 Fall conquest", "fall", "axis", "diplomatic_phase", "winter", 7),
        ("T-B2 Axis Winter conquest", "winter", "axis", "yss", None, 30),
        ("Allied Winter conquest (default YSS)", "winter", "allied", "yss", None, 30),
    ],
)
def test_t_b2_conquest_credit(
    case: str, season: Season, side: str, point: str, due: Season | None, applied: int
) -> None:
    credit = conquest_credit(30, season, side)  # type: ignore[arg-type]
    assert (credit.point, credit.season, credit.applied) == (point, due, applied), case


def test_allied_winter_option() -> None:
    credit = conquest_credit(30, "winter", "allied", allied_winter="next_spring")
    assert (credit.point, credit.season, credit.next_year, credit.applied) == ("diplomatic_phase", "spring", True, 30)


def test_timing_table() -> None:
    assert CHANGE_TIMING["association"].point == "diplomatic_phase"
    assert CHANGE_TIMING["kea_capture"].whose == "capturing"
    assert CHANGE_TIMING["loss_of_colony"].point == "combat_phase_end"
    assert not CHANGE_TIMING["econ_interest_forfeit"].prorated


# --- deficit spending (intro; T-B5, T-B6) -------------------------------------------------------------------------


def test_option_values_match_the_recorded_options() -> None:
    assert A3R_OPTIONS["econ.deficit_spending"].values == ("none", "option1_grant_matched", "option2_base_reduction")
    assert A3R_OPTIONS["econ.deficit_limits_scope"].values == ("both_options", "option2_only")
    assert A3R_OPTIONS["econ.deficit_base_reduction"].values == ("one_for_one", "growth_rate_at_yss")


def test_t_b5_option2_britain_1940() -> None:
    base, available = 125, 3
    available -= 10
    deficit = -available
    assert deficit == 7
    assert deficit_cap(base) == 125
    assert deficit_findings("britain", 1940, deficit, option="option2_base_reduction", base=base) == ()
    grant = apply_grant(5, base_reducing_deficit=deficit)
    assert (grant.to_base_reducing, grant.to_other, grant.to_available) == (5, 0, 0)
    available += grant.to_base_reducing
    settled = settle_deficit(base, available)
    assert (settled.uncovered, settled.base_after, settled.available_after) == (2, 123, 0)


def test_t_b5_planted_deficit_in_1939() -> None:
    found = deficit_findings("britain", 1939, 7, option="option2_base_reduction", base=125)
    assert [b.message for b in found] == ["deficit spending by britain in 1939"]
    # Option 1 too, unless the limits bind Option 2 only (option 4a)
    assert deficit_findings("russia", 1939, 5, option="option1_grant_matched", base=100, grants_this_turn=10)
    assert (
        deficit_findings(
            "russia",
            1939,
            5,
            option="option1_grant_matched",
            base=100,
            grants_this_turn=10,
            limits_scope="option2_only",
        )
        == ()
    )


@pytest.mark.parametrize(("grants", "legal"), [(10, True), (8, True), (6, False)])
def test_t_b6_option1(grants: int, legal: bool) -> None:
    found = deficit_findings("russia", 1942, 8, option="option1_grant_matched", base=100, grants_this_turn=grants)
    assert (found == ()) is legal


def test_deficit_limits() -> None:
    assert deficit_cap(100, [20, 15]) == 65
    assert deficit_findings("germany", 1942, 65, option="option2_base_reduction", base=100,
                            uncontrolled_kea_values=[20, 15]) == ()  # fmt: skip
    over = deficit_findings("germany", 1942, 66, option="option2_base_reduction", base=100,
                            uncontrolled_kea_values=[20, 15])  # fmt: skip
    assert len(over) == 1
    assert deficit_findings("italy", 1942, 5, option="option2_base_reduction", base=80)
    assert deficit_findings("germany", 1942, 5, option="none", base=80)
    assert deficit_findings("germany", 1942, 5, option="option2_base_reduction", base=80, consent=False)
    assert deficit_findings("germany", 1942, 0, option="none", base=80) == ()


def test_grant_order() -> None:
    g = apply_grant(12, base_reducing_deficit=5, other_deficit=4)
    assert (g.to_base_reducing, g.to_other, g.to_available) == (5, 4, 3)
    g = apply_grant(3, base_reducing_deficit=5, other_deficit=4)
    assert (g.to_base_reducing, g.to_other, g.to_available) == (3, 0, 0)
    with pytest.raises(ValueError, match="not negative"):
        apply_grant(-1)


def test_settlement_variants() -> None:
    assert settle_deficit(100, 5) == settle_deficit(100, 5, reduction="growth_rate_at_yss")
    s = settle_deficit(100, -10, reduction="growth_rate_at_yss", growth_rate_percent=40)
    assert (s.base_after, s.available_after, s.yss_base_cut, s.yss_level_deduction) == (100, 0, 4, 6)
    assert option1_end_of_turn_findings("russia", 0) == ()
    assert option1_end_of_turn_findings("russia", -2)
