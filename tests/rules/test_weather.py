"""Weather (AWAW 34, A3R App. K): worked examples TC-06, TC-07, TC-13 (31-34 extract) and T-W1 (A3R extract)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.vocab import SEASONS, Season, WeatherZone
from projections.rules.weather import (
    MAX_WINTER_LEVEL,
    axis_fall_restraint_bonus,
    axis_winter_ops_allowed,
    axis_winter_ops_findings,
    effective_winter_level,
    exploiting_armor_movement,
    minor_winter_preparation,
    mud_findings,
    preparation_production_findings,
    raw_winter_level,
    weather_for,
    winter_attrition_drm,
    winter_effects,
    winter_level,
    winter_preparation,
    winter_roll_findings,
    winter_roll_required,
)

ZONES: tuple[WeatherZone, ...] = (
    "russian_winter",
    "siberia",
    "eastern_poland",
    "western",
    "mediterranean",
    "monsoon",
    "clear",
)


# --- table 1.20: weather by zone and season (W-04) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("zone", "expected"),
    [
        ("russian_winter", ("mud", "clear", "clear", "winter")),
        ("siberia", ("mud", "clear", "winter", "winter")),
        ("eastern_poland", ("clear", "clear", "clear", "winter")),
        ("western", ("clear", "clear", "clear", "winter")),
        ("mediterranean", ("clear", "clear", "clear", "winter")),
        ("monsoon", ("clear", "monsoon", "clear", "clear")),
        ("clear", ("clear", "clear", "clear", "clear")),
    ],
)
def test_weather_for(zone: WeatherZone, expected: tuple[str, ...]) -> None:
    assert tuple(weather_for(zone, s) for s in SEASONS) == expected


@pytest.mark.parametrize(
    ("zone", "season", "awaw", "house"),
    [
        ("russian_winter", "winter", True, True),
        ("russian_winter", "fall", False, False),
        ("siberia", "fall", True, False),
        ("siberia", "winter", True, False),
        ("siberia", "spring", False, False),
        ("western", "winter", False, False),
    ],
)
def test_w01_roll_required(zone: WeatherZone, season: Season, awaw: bool, house: bool) -> None:
    assert winter_roll_required(zone, season) is awaw
    assert winter_roll_required(zone, season, table="a3r_house") is house


@pytest.mark.parametrize(
    ("zone", "season", "die", "raw"),
    [
        ("russian_winter", "winter", 1, 6),
        ("russian_winter", "winter", 6, 11),
        ("siberia", "winter", 4, 9),
        ("siberia", "fall", 1, 3),
        ("siberia", "fall", 6, 8),
        ("western", "winter", None, 6),
        ("eastern_poland", "winter", None, 6),
        ("mediterranean", "winter", None, 4),
        ("western", "summer", None, 0),
        ("clear", "winter", None, 0),
    ],
)
def test_w02_raw_levels(zone: WeatherZone, season: Season, die: int | None, raw: int) -> None:
    assert raw_winter_level(die, zone, season) == raw


# --- TC-13 Axis winter operations (34.23E) ------------------------------------------------------------------------


def test_tc13_end_to_end() -> None:
    assert raw_winter_level(3, "russian_winter", "winter") == 8
    assert winter_level(3, "russian_winter", "winter", preparation=6) == 2
    axis = winter_level(3, "russian_winter", "winter", preparation=0)
    assert axis == 8
    assert axis_winter_ops_allowed(axis) == 1
    prepared = winter_level(3, "russian_winter", "winter", preparation=2)
    assert prepared == 6
    assert axis_winter_ops_allowed(prepared) == 3
    assert winter_effects(prepared).exploitation_banned


@pytest.mark.parametrize(("level", "ops"), [(11, 0), (9, 0), (8, 1), (7, 2), (6, 3), (5, 4), (4, 5), (1, 8), (0, 9)])
def test_tc13_ops_by_level(level: int, ops: int) -> None:
    assert axis_winter_ops_allowed(level) == ops


@pytest.mark.parametrize(
    ("case", "level", "attacks", "air", "exploits", "legal"),
    [
        ("TC-13 '8': one attack, < 15 air", 8, 1, 14, 0, True),
        ("TC-13 '8': all air, no attack", 8, 0, 40, 0, True),
        ("TC-13 '8': not both", 8, 1, 15, 0, False),
        ("TC-13 '7': 1 attack + >= 15 air", 7, 1, 15, 0, True),
        ("TC-13 '7': 2 attacks, < 15 air", 7, 2, 10, 0, True),
        ("TC-13 '7': 2 attacks + 15 air", 7, 2, 15, 0, False),
        ("TC-13 '6': 2 attacks + >= 15 air", 6, 2, 20, 0, True),
        ("TC-13 '6': 3 attacks, < 15 air", 6, 3, 14, 0, True),
        ("TC-13 '6': no breakthrough exploitation", 6, 1, 0, 1, False),
        ("TC-13 '5': 3 attacks + >= 15 air", 5, 3, 15, 0, True),
        ("TC-13 '5': 4 attacks, < 15 air", 5, 4, 0, 0, True),
        ("TC-13 '5': fewer attacks + exploitation", 5, 2, 15, 1, True),
        ("TC-13 '0': nine in all", 0, 8, 15, 0, True),
        ("TC-13 '0': not ten", 0, 8, 15, 1, False),
        ("TC-13 '9': no attacks", 9, 1, 0, 0, False),
        ("TC-13 '9': no air of 15+", 9, 0, 15, 0, False),
        ("TC-13 '9': 14 air factors are free", 9, 0, 14, 0, True),
    ],
)
def test_tc13_ops_examples(case: str, level: int, attacks: int, air: int, exploits: int, legal: bool) -> None:
    assert (axis_winter_ops_findings(level, attacks, air, exploits) == ()) is legal, case


# --- T-W1 (A3R extract 7.7) ---------------------------------------------------------------------------------------


def test_t_w1_house_table() -> None:
    raw = raw_winter_level(4, "russian_winter", "winter", table="a3r_house")
    assert raw == 9
    axis = winter_level(4, "russian_winter", "winter", preparation=2, table="a3r_house")
    assert axis == 7
    assert axis_winter_ops_allowed(axis) == 2
    assert winter_effects(axis).exploitation_banned
    assert winter_level(4, "russian_winter", "winter", preparation=6, table="a3r_house") == 3
    assert winter_attrition_drm(raw, attacker_preparation=6, defender_preparation=2) == 4


def test_attrition_drm_capped_by_area_level() -> None:
    # raw 6: Russia (6) at 0, Axis (2) at 4 -> +4; Axis with 0 -> +6; a fixed level 4 caps the gain at 4
    assert winter_attrition_drm(6, 6, 0) == 6
    assert winter_attrition_drm(4, 6, 0) == 4
    assert winter_attrition_drm(9, 2, 6) == -4


# --- planted faults: weather result that does not match its roll --------------------------------------------------


def test_planted_roll_mismatch() -> None:
    assert winter_roll_findings(3, "russian_winter", "winter", 8) == ()
    assert winter_roll_findings(3, "russian_winter", "winter", 9)[0].rule == "34.41"
    assert winter_roll_findings(3, "siberia", "fall", 5) == ()
    assert winter_roll_findings(3, "siberia", "fall", 8)  # +5 used in fall
    assert winter_roll_findings(3, "russian_winter", "summer", 8)[0].rule == "34.32"
    assert winter_roll_findings(3, "siberia", "winter", 8, table="a3r_house")  # no Siberia roll in the house rules


def test_misuse_raises() -> None:
    with pytest.raises(ValueError, match="1-6"):
        raw_winter_level(7, "russian_winter", "winter")
    with pytest.raises(ValueError, match="needs a winter die"):
        raw_winter_level(None, "russian_winter", "winter")
    with pytest.raises(ValueError, match="no winter die"):
        raw_winter_level(3, "western", "winter")
    with pytest.raises(ValueError, match="0-11"):
        winter_effects(12)


# --- fixed levels and preparation (W-03, Q12) ---------------------------------------------------------------------


def test_fixed_levels_and_preparation() -> None:
    assert winter_level(None, "western", "winter", preparation=2) == 4
    assert winter_level(None, "western", "winter", preparation=2, fixed_preparation="not_reduced") == 6
    assert winter_level(None, "mediterranean", "winter", preparation=6) == 0
    assert winter_level(None, "western", "fall", preparation=0) == 0
    assert effective_winter_level(11, 9) == 5  # preparation never counts above 6


# --- Winter Table effects (W-07) ----------------------------------------------------------------------------------


def test_w07_winter_effects() -> None:
    e = winter_effects(3)
    assert (e.exploitation_movement_cut, e.overruns_and_airdrops_banned, e.exploitation_banned) == (3, True, False)
    e5 = winter_effects(5)
    assert e5.fortifications_and_railheads_banned
    assert not winter_effects(4).fortifications_and_railheads_banned
    e7 = winter_effects(7)
    assert (e7.ctl_reduced, e7.infantry_dm, e7.air_nationality_drm) == (True, -1, 0)
    assert winter_effects(8).air_nationality_drm == -1
    assert winter_effects(9).ground_attacks_and_offensive_air_banned
    assert winter_effects(10).armor_zoc_exit_one_mf
    assert not winter_effects(10, "pacific").armor_zoc_exit_one_mf
    assert winter_effects(11).armor_as_infantry
    assert winter_effects(0) == winter_effects(0, "pacific")


@pytest.mark.parametrize(
    ("ma", "level", "theater", "moves"),
    [
        (6, 0, "europe", 6),
        (6, 2, "europe", 4),
        (6, 5, "europe", 1),
        (4, 5, "europe", 1),  # always at least one hex
        (6, 5, "pacific", 4),  # cut halved, rounded down: 5 -> 2
        (6, 3, "pacific", 5),
        (6, 6, "europe", 0),  # exploitation prohibited
    ],
)
def test_exploiting_armor_movement(ma: int, level: int, theater: str, moves: int) -> None:
    assert exploiting_armor_movement(ma, level, theater) == moves  # type: ignore[arg-type]


@given(st.integers(min_value=1, max_value=6), st.integers(min_value=0, max_value=6))
def test_level_never_exceeds_table(die: int, preparation: int) -> None:
    level = winter_level(die, "russian_winter", "winter", preparation=preparation)
    assert 0 <= level <= MAX_WINTER_LEVEL
    assert level == max(0, die + 5 - preparation)


# --- winter preparation (34.4; App. K) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "winter_year", "qualifying", "expected"),
    [
        ("TC-06 Winter 1941", 1941, 0, 0),
        ("TC-06 Winter 1942", 1942, 1, 2),
        ("TC-06 Winter 1943", 1943, 2, 4),
        ("TC-06 Winter 1944", 1944, 3, 6),
        ("TC-06 Winter 1945 (max 6)", 1945, 4, 6),
    ],
)
def test_tc06_automatic_axis_preparation(case: str, winter_year: int, qualifying: int, expected: int) -> None:
    assert winter_preparation("european_axis", qualifying_winters=qualifying) == expected, case
    # the house rule: Axis +2 per previous qualifying winter as well
    assert winter_preparation("european_axis", qualifying_winters=qualifying, table="a3r_house") == expected, case


def test_tc07_triggered_results() -> None:
    assert winter_preparation("european_axis", produced_results=1) == 1  # Winter 1940
    assert winter_preparation("european_axis", produced_results=2) == 2  # Winter 1941: two levels
    assert winter_level(3, "russian_winter", "winter", preparation=2) == 6


def test_starting_preparation() -> None:
    assert winter_preparation("japan") == 2
    assert winter_preparation("japan", table="a3r_house") == 0
    assert winter_preparation("russia") == 6
    assert winter_preparation("russia", produced_results=3) == 6
    assert winter_preparation("western_allies") == 0
    assert winter_preparation("european_axis", germany_first_turn_exception=True) == 2
    assert minor_winter_preparation("finland", 2) == 6
    assert minor_winter_preparation("rumania", 2) == 2
    assert minor_winter_preparation("partisans", 0, table="a3r_house") == 6
    assert minor_winter_preparation("partisans", 0) == 0


@pytest.mark.parametrize(("year", "expected"), [(1941, 0), (1942, 1), (1943, 2), (1944, 3)])
def test_house_wa_annual_preparation(year: int, expected: int) -> None:
    assert winter_preparation("western_allies", winter_year=year, table="a3r_house") == expected
    assert winter_preparation("western_allies", winter_year=year) == 0


def test_house_axis_fall_restraint() -> None:
    assert axis_fall_restraint_bonus(exploited_in_fall=False, offensive_air_in_fall=False) == 2
    assert axis_fall_restraint_bonus(exploited_in_fall=True, offensive_air_in_fall=False) == 1
    assert axis_fall_restraint_bonus(exploited_in_fall=True, offensive_air_in_fall=True) == 0
    assert winter_preparation("european_axis", fall_restraint_bonus=2, table="a3r_house") == 2
    assert winter_preparation("european_axis", fall_restraint_bonus=2) == 0


def test_w13_production_limits() -> None:
    assert preparation_production_findings("european_axis", {1940: 1, 1941: 1}) == ()
    assert preparation_production_findings("european_axis", {1940: 2})[0].rule == "34.433"
    assert preparation_production_findings("russia", {1942: 1})[0].rule == "34.431"


# --- mud (34.22, W-05) --------------------------------------------------------------------------------------------


def test_w05_mud() -> None:
    assert mud_findings("european_axis", 14) == ()
    assert mud_findings("european_axis", 15)[0].rule == "34.22"
    assert len(mud_findings("european_axis", 0, overruns=1, exploitations=1, breakthroughs_in_mud=1)) == 3
    assert mud_findings("russia", 45, overruns=2, exploitations=1) == ()


@pytest.mark.parametrize("zone", ZONES)
def test_no_roll_outside_winter_zones(zone: WeatherZone) -> None:
    for season in SEASONS:
        rolled = winter_roll_required(zone, season)
        assert rolled == (weather_for(zone, season) == "winter" and zone in ("russian_winter", "siberia"))
