"""Weather and winter preparation checks (34; A3R App. K): weather types, winter rolls, fixed zones, rolls made,
preparation levels; worked examples TC-06, TC-07, TC-13 (31-34 extract) and T-W1 (A3R extract)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    DiceRolled,
    Event,
    GameTurnEnded,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier
from tests.build import findings, run
from tests.conftest import created

E = TypeVar("E", bound=Event)


def make(cls: type[E], **fields: Any) -> E:
    return cls(**fields)


def a3r(**options: str) -> Event:
    return created(rules="a3r", options=options)


def die(n: int, face: int, *, year: int = 1941, season: str = "winter", sides: int = 6) -> DiceRolled:
    return make(
        DiceRolled,
        year=year,
        season=season,
        phase="game_turn_start",
        roll=n,
        purpose="winter",
        dice=[face],
        sides=sides,
    )


def weather(
    zone: str,
    kind: str,
    level: int | None = None,
    roll: int | None = None,
    *,
    year: int = 1941,
    season: str = "winter",
    modifier: int | None = None,
) -> WeatherDetermined:
    mods = [Modifier(code="zone", value=modifier)] if modifier is not None else []
    return make(
        WeatherDetermined,
        year=year,
        season=season,
        phase="game_turn_start",
        zone=zone,
        weather=kind,
        level=level,
        roll=roll,
        modifiers=mods,
    )


def prep(faction: str, level: int, cause: str, *, year: int = 1941, season: str = "winter") -> WinterPreparationChanged:
    phase = "setup" if cause == "setup" else "end_of_game_turn"
    return make(
        WinterPreparationChanged, year=year, season=season, phase=phase, faction=faction, level=level, cause=cause
    )


def war(aggressor: str, target: str, *, year: int = 1941, season: str = "summer") -> WarDeclared:
    return make(
        WarDeclared,
        year=year,
        season=season,
        side="axis",
        phase="diplomacy",
        aggressor=aggressor,
        target=target,
        brp_cost=35,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Winter rolls (34.41): TC-13, T-W1
# ---------------------------------------------------------------------------------------------------------------------

ROLL_CASES = [
    # id, rules, zone, season, face, raw level
    ("TC-13 Russian zone die 3 -> 8", {}, "russian_winter", "winter", 3, 8),
    ("Siberia winter die 2 -> 7", {}, "siberia", "winter", 2, 7),
    ("Siberia fall die 3 -> 5", {}, "siberia", "fall", 3, 5),
    ("T-W1 house Russian zone die 4 -> 9", {"rules": "a3r"}, "russian_winter", "winter", 4, 9),
]


@pytest.mark.plants("31-34/W-02", "C-WEA-1")
@pytest.mark.parametrize(
    ("game", "zone", "season", "face", "raw"), [c[1:] for c in ROLL_CASES], ids=[c[0] for c in ROLL_CASES]
)
def test_winter_levels_from_the_worked_examples(
    game: dict[str, Any], zone: str, season: str, face: int, raw: int
) -> None:
    start = created(**game)
    modifier = raw - face
    good = [start, die(1, face, season=season), weather(zone, "winter", raw, 1, season=season, modifier=modifier)]
    assert findings(good, "34") == []
    bad = [start, die(1, face, season=season), weather(zone, "winter", raw - 1, 1, season=season)]
    zone_name = {"russian_winter": "the Russian winter zone", "siberia": "Siberia/Manchuria/Mongolia/Tannu Tuva"}[zone]
    assert findings(bad, "34") == [
        (3, "winter_roll", f"{zone_name}'s winter level is die {face} + {modifier} = {raw}; recorded {raw - 1}"),
    ]


@pytest.mark.plants("31-34/W-02")
def test_a_wrong_modifier_and_a_missing_or_wrong_die() -> None:
    events = [
        created(),
        die(1, 4),
        weather("russian_winter", "winter", 9, 1, modifier=2),
        weather("siberia", "winter", 7, None),
        die(2, 4, sides=10),
        weather("siberia", "winter", 9, 2),
    ]
    assert findings(events, "winter_roll") == [
        (3, "winter_roll", "the winter die for the Russian winter zone in winter is modified by +5; recorded +2"),
        (
            4,
            "winter_roll",
            "no winter die was rolled for Siberia/Manchuria/Mongolia/Tannu Tuva in Winter 1941 (34.32: one die + 5)",
        ),
        (6, "winter_roll", "the Winter Table takes one d6; roll #2 is 1d10"),
    ]


def test_the_house_table_rolls_for_the_russian_zone_only() -> None:
    events = [a3r(), die(1, 3, season="fall"), weather("siberia", "winter", 5, 1, season="fall")]
    assert findings(events, "34") == [
        (
            3,
            "fixed_winter_level",
            "no winter die is rolled for Siberia/Manchuria/Mongolia/Tannu Tuva in fall (34.32), but roll #1 was used",
        ),
        (3, "fixed_winter_level", "Siberia/Manchuria/Mongolia/Tannu Tuva has no winter level in fall; recorded 5"),
    ]


def test_standard_a3r_weather_is_not_checked() -> None:
    report = run([a3r(**{"weather.winter": "a3r"}), weather("russian_winter", "winter", 3)], "34")
    assert report.findings == ()
    assert sorted(s.check for s in report.skipped) == ["fixed_winter_level", "weather_type", "winter_roll"]


# ---------------------------------------------------------------------------------------------------------------------
# Fixed zones and weather types (34.2-34.3)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-01", "31-34/W-03", "C-WEA-1")
def test_fixed_winter_levels() -> None:
    events = [
        created(),
        weather("western", "winter", 6),
        weather("eastern_poland", "winter", 6),
        weather("mediterranean", "winter", 4),
        weather("monsoon", "clear"),
    ]
    assert findings(events, "34") == []
    faulty = [created(), weather("western", "winter", 5), die(1, 2), weather("mediterranean", "winter", 4, 1)]
    assert findings(faulty, "fixed_winter_level") == [
        (2, "fixed_winter_level", "the western front's winter level is fixed at 6 in winter (34.32); recorded 5"),
        (
            4,
            "fixed_winter_level",
            "no winter die is rolled for the continental Mediterranean front in winter (34.32), but roll #1 was used",
        ),
    ]


@pytest.mark.plants("31-34/W-04")
def test_weather_types_by_zone_and_season() -> None:
    events = [
        created(),
        weather("russian_winter", "clear", season="spring"),
        weather("monsoon", "monsoon", season="summer"),
        weather("monsoon", "clear", season="winter", year=1942),
    ]
    assert findings(events, "weather_type") == [
        (2, "weather_type", "the Russian winter zone has mud weather in spring, recorded clear (34.3)"),
    ]


def test_the_house_table_does_not_judge_mud() -> None:
    assert findings([a3r(), weather("russian_winter", "clear", season="spring")], "weather_type") == []


@pytest.mark.plants("31-34/W-01")
def test_weather_once_per_turn_and_rolls_made() -> None:
    turn_end = make(GameTurnEnded, year=1941, season="winter", phase="end_of_game_turn")
    events = [
        created(),
        die(1, 4),
        weather("russian_winter", "winter", 9, 1),
        weather("russian_winter", "winter", 9, 1),
        turn_end,
    ]
    assert findings(events, "34.2") == [
        (4, "weather_once", "the weather of the Russian winter zone is determined a second time in Winter 1941"),
    ]
    assert findings(events, "winter_rolls_made") == [
        (
            5,
            "winter_rolls_made",
            "no winter roll (one die + 5) was recorded for Siberia/Manchuria/Mongolia/Tannu Tuva "
            "in Winter 1941 (34.32)",
        ),
    ]
    report = run([created(), turn_end], "winter_rolls_made")
    assert report.findings == () and [s.reason for s in report.skipped] == ["the log records no weather"]


# ---------------------------------------------------------------------------------------------------------------------
# Winter preparation (34.4): TC-06, TC-07
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-12", "C-WEA-2")
def test_starting_preparation_levels() -> None:
    clean = [created(), *(prep(f, n, "setup") for f, n in [("european_axis", 0), ("japan", 2), ("russia", 6)])]
    assert findings(clean, "34") == []
    events = [created(), prep("japan", 0, "setup"), prep("western_allies", 7, "setup")]
    assert findings(events, "preparation_level") == [
        (2, "preparation_level", "Japan start with winter preparation 2, recorded 0"),
        (3, "preparation_level", "Western Allies' winter preparation is set to 7; it never exceeds 6"),
        (3, "preparation_level", "Western Allies start with winter preparation 0, recorded 7"),
    ]
    assert findings([a3r(), prep("japan", 0, "setup")], "preparation_level") == []


@pytest.mark.plants("31-34/W-14", "C-WEA-2")
def test_tc06_automatic_axis_preparation() -> None:
    """TC-06: Germany invades Russia in Summer 1941 and buys no preparation: 0 in Winter 1941, 2 in Winter 1942,
    4 in Winter 1943, 6 in Winter 1944 (the maximum)."""
    events = [
        created(),
        prep("european_axis", 0, "setup", year=1939, season="fall"),
        war("germany", "russia"),
        prep("european_axis", 2, "automatic", year=1941),
        prep("european_axis", 4, "automatic", year=1942),
        prep("european_axis", 6, "automatic", year=1943),
        prep("european_axis", 6, "automatic", year=1944),
    ]
    assert findings(events, "34") == []
    wrong = [*events[:4], prep("european_axis", 3, "automatic", year=1942)]
    assert findings(wrong, "34") == [
        (5, "preparation_automatic", "the automatic +2 takes European Axis from 2 to 4; recorded 3"),
    ]


def test_automatic_preparation_needs_a_winter_turn_and_a_war_with_russia() -> None:
    events = [
        created(),
        prep("european_axis", 0, "setup", year=1939, season="fall"),
        prep("european_axis", 2, "automatic", year=1941, season="spring"),
        prep("western_allies", 2, "automatic", year=1941),
    ]
    assert findings(events, "preparation_automatic") == [
        (
            3,
            "preparation_automatic",
            "European Axis' automatic winter preparation comes at the end of a winter game turn, not spring",
        ),
        (
            3,
            "preparation_automatic",
            "European Axis gain the automatic +2 only while germany is at war with Russia (34.432)",
        ),
        (
            4,
            "preparation_automatic",
            "Western Allies gain no automatic winter preparation; only the European Axis and Japan do (34.432)",
        ),
    ]


@pytest.mark.plants("31-34/W-13")
def test_tc07_produced_preparation_one_result_a_year() -> None:
    """TC-07: a result produced in 1940 (triggered in Winter 1940) and another revealed at the start of Winter 1941
    reduce winter effects on Axis units by two levels in Winter 1941."""
    events = [
        created(),
        prep("european_axis", 0, "setup", year=1939, season="fall"),
        prep("european_axis", 1, "produced", year=1940, season="winter"),
        prep("european_axis", 2, "produced", year=1941, season="winter"),
    ]
    assert findings(events, "34") == []
    twice = [*events[:3], prep("european_axis", 2, "produced", year=1940, season="winter")]
    assert findings(twice, "34.433") == [
        (
            4,
            "preparation_per_year",
            "European Axis produce winter preparation result number 2 in 1940; 34.433 allows one per year",
        ),
    ]


@pytest.mark.plants("31-34/W-13")
def test_russia_may_not_produce_and_a_result_is_one_level() -> None:
    events = [
        created(),
        prep("russia", 6, "setup", year=1939, season="fall"),
        prep("russia", 6, "research", year=1940),
        prep("japan", 2, "setup", year=1939, season="fall"),
        prep("japan", 4, "produced", year=1940),
    ]
    assert findings(events, "preparation_production") == [
        (3, "preparation_production", "Russia may not raise winter preparation by production (34.431, 42.24H)"),
        (5, "preparation_production", "one winter preparation result takes Japan from 2 to 3; recorded 4"),
    ]


@pytest.mark.plants("C-WEA-2")
def test_house_preparation_rules() -> None:
    house = [
        a3r(),
        prep("western_allies", 0, "setup", year=1939, season="fall"),
        prep("western_allies", 1, "wa_annual", year=1942),
        prep("european_axis", 0, "setup", year=1939, season="fall"),
        prep("european_axis", 2, "axis_restraint", year=1942),
    ]
    assert findings(house, "A3R App. K") == []
    faulty = [
        a3r(),
        prep("western_allies", 0, "setup", year=1939, season="fall"),
        prep("western_allies", 1, "wa_annual", year=1941),
        prep("european_axis", 0, "setup", year=1939, season="fall"),
        prep("european_axis", 3, "axis_restraint", year=1942),
    ]
    assert findings(faulty, "A3R App. K") == [
        (
            3,
            "preparation_house",
            "the Western Allies gain +1 winter preparation each winter from Winter 1942, not in Winter 1941 (App. K)",
        ),
        (
            5,
            "preparation_house",
            "the Axis restraint bonus is at most +2 (no exploitation, no offensive air); recorded 0 to 3",
        ),
    ]
    assert findings([created(), prep("western_allies", 1, "wa_annual", year=1942)], "A3R App. K") == [
        (
            2,
            "preparation_house",
            "Western Allies' wa_annual winter preparation is a house rule (App. K) this game does not use",
        ),
    ]
