"""The weather and winter preparation checks (34; A3R App. K): weather types, winter rolls, fixed zones and rolls
made; each faction's preparation level, held and triggered, and the automatic increase's units; the Winter Table's
gates, the Axis operations limit, mud, monsoon, mountains and lakes; and weather that differs along a front (34.22,
34.221, 34.25, 34.32C: the 14-BRP limit on offensives in mud, Russian armor's CTL in mud, the spring allowance of
free limited offensives east of the pact line, the Bessarabian border war winter does not touch). Each test plants
the fault of its checklist items and shows the clean case; worked examples TC-06 (34.432), TC-07 (34.434), TC-13
(34.23E) of the 31-34 extract and T-W1 (App. K) of the A3R extract."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttritionDeclared,
    BreakthroughCreated,
    CtlSet,
    DiceRolled,
    Event,
    ExploitationAllowance,
    FortificationBuilt,
    GameTurnEnded,
    OffensiveDeclared,
    OverrunResolved,
    RailheadBuilt,
    UnitMoved,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from tests.build import at, findings, found, make, map_data, run, unit
from tests.build import facts as hexfacts
from tests.build import skipped_with as skipped
from tests.conftest import created

E = TypeVar("E", bound=Event)


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


@pytest.mark.plants("31-34/W-02.B", "C-WEA-1")
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


@pytest.mark.plants("31-34/W-02.A", "31-34/W-02.B")
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


@pytest.mark.plants("31-34/W-01.C", "31-34/W-03", "C-WEA-1")
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


@pytest.mark.plants("31-34/W-04.A")
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


@pytest.mark.plants("31-34/W-04.A", "31-34/W-04.B")
def test_mud_in_spring_in_siberia_and_monsoon_exactly_in_summer() -> None:
    """34.31, 34.33: mud in spring in Siberia/Manchuria/Mongolia/Tannu Tuva as in the Russian winter zone; monsoon
    in summer in India, Ceylon, Burma, Thailand and French Indochina, and only then."""
    clean = [
        created(),
        weather("siberia", "mud", season="spring"),
        weather("monsoon", "monsoon", season="summer"),
        weather("monsoon", "clear", season="fall"),
    ]
    assert findings(clean, "weather_type") == []
    faulty = [
        created(),
        weather("siberia", "clear", season="spring"),
        weather("monsoon", "clear", season="summer"),
        weather("monsoon", "monsoon", season="fall"),
    ]
    assert findings(faulty, "weather_type") == [
        (2, "weather_type", "Siberia/Manchuria/Mongolia/Tannu Tuva has mud weather in spring, recorded clear (34.3)"),
        (3, "weather_type", "the monsoon zone has monsoon weather in summer, recorded clear (34.3)"),
        (4, "weather_type", "the monsoon zone has clear weather in fall, recorded monsoon (34.3)"),
    ]


def test_the_house_table_does_not_judge_mud() -> None:
    assert findings([a3r(), weather("russian_winter", "clear", season="spring")], "weather_type") == []


@pytest.mark.plants("31-34/W-01.B")
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


@pytest.mark.plants("31-34/W-01.A", "31-34/W-01.B")
def test_the_russian_winter_roll_each_winter_and_the_siberian_each_fall() -> None:
    """34.32: the Russian winter zone rolls at the start of every winter game turn; Siberia/Manchuria/Mongolia/Tannu
    Tuva at the start of every fall and every winter game turn. A winter turn with only the Siberian roll lacks the
    Russian one; a fall turn without the Siberian roll lacks it; a fall turn with it (and no Russian roll) is
    complete."""
    winter_end = make(GameTurnEnded, year=1941, season="winter", phase="end_of_game_turn")
    fall_end = make(GameTurnEnded, year=1941, season="fall", phase="end_of_game_turn")
    siberian = [die(1, 2), weather("siberia", "winter", 7, 1)]
    assert findings([created(), *siberian, winter_end], "winter_rolls_made") == [
        (4, "winter_rolls_made", "no winter roll (one die + 5) was recorded for the Russian winter zone in Winter 1941 "
         "(34.32)"),
    ]  # fmt: skip
    fall = [die(1, 3, season="fall"), weather("siberia", "winter", 5, 1, season="fall", modifier=2)]
    assert findings([created(), *fall, fall_end], "34") == []
    other = weather("russian_winter", "clear", season="fall")
    assert findings([created(), other, fall_end], "winter_rolls_made") == [
        (3, "winter_rolls_made", "no winter roll (one die + 2) was recorded for Siberia/Manchuria/Mongolia/Tannu Tuva "
         "in Fall 1941 (34.32)"),
    ]  # fmt: skip


# ---------------------------------------------------------------------------------------------------------------------
# Winter preparation (34.4): TC-06, TC-07
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-12.A", "31-34/W-12.B", "C-WEA-2")
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


@pytest.mark.plants("31-34/W-13.A")
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


@pytest.mark.plants("31-34/W-13.B")
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
    assert findings(
        [a3r(**{"weather.winter": "a3r"}), prep("western_allies", 1, "wa_annual", year=1942)], "A3R App. K"
    ) == [
        (
            2,
            "preparation_house",
            "Western Allies' wa_annual winter preparation is a house rule (App. K) this game does not use",
        ),
    ]
    # an AWAW game: the AWAW rule (34.43) gives no such increase, and the finding cites it
    awaw = run([created(), prep("western_allies", 1, "wa_annual", year=1942)], "A3R App. K").findings
    assert [(f.rule, f.message) for f in awaw] == [
        (
            "34.43",
            "Western Allies' wa_annual winter preparation is no increase the AWAW rules give: by production "
            "(34.431) or automatically (34.432) only; it is an A3R house rule (App. K)",
        )
    ]


ZONE = "EUR:J40"
"""A hex of the Russian winter zone (map data below)."""

MAP = map_data(
    [
        hexfacts("EUR:J39", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts(ZONE, weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:J41", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:K41", weather_zone="russian_winter", terrain="mountain", front="eastern"),
        hexfacts("EUR:X30", weather_zone="mediterranean", terrain="mountain", front="mediterranean"),
        hexfacts("EUR:L32", weather_zone="western", terrain="clear", front="western"),
        hexfacts("PAC:R15", weather_zone="monsoon", terrain="jungle"),
        hexfacts("PAC:R16", weather_zone="monsoon", terrain="clear"),
    ]
)

UNITS = [
    unit("ger-inf-1", "EUR:J39"),
    unit("ger-inf-2", "EUR:J39"),
    unit("ger-inf-3", "EUR:J39"),
    unit("ger-inf-4", "EUR:J39"),
    unit("ger-arm-1", "EUR:J39", "armor"),
    unit("ger-fj-1", "EUR:L32", "airborne"),
    unit("ger-aaf-1", "EUR:L32", "aaf", factors=5),
    unit("fin-inf-1", "EUR:J39", owner="germany", nationality="finland"),
    unit("rus-inf-1", ZONE, owner="russia"),
    unit("rus-arm-1", "EUR:J41", "armor", owner="russia"),
]


def winter(face: int, *, year: int = 1941, season: str = "winter", levels: dict[str, int] | None = None) -> list[Event]:
    """The Russian winter zone's weather this turn: one die + 5."""
    when = at(year, season, phase="game_turn_start")
    return [
        make(DiceRolled, when, roll=1, purpose="winter", dice=[face]),
        make(
            WeatherDetermined,
            when,
            zone="russian_winter",
            weather="winter",
            level=face + 5,
            roll=1,
            modifiers=[Modifier(code="russian_winter", value=5)],
            levels=levels or {},
        ),
    ]


def prep_at(faction: str, level: int, cause: str, when: dict[str, Any], **more: Any) -> WinterPreparationChanged:
    return make(WinterPreparationChanged, when, faction=faction, level=level, cause=cause, **more)


SETUP = at(1939, "fall", phase="setup")
START = [prep_at("european_axis", 0, "setup", SETUP), prep_at("russia", 6, "setup", SETUP)]
COMBAT = at(1941, "winter", "axis", "combat")


def attack(name: str, attackers: list[str], target: str = ZONE, kind: str = "regular", **more: Any) -> AttackDeclared:
    return make(
        AttackDeclared,
        more.pop("when", COMBAT),
        attack=name,
        kind=kind,
        defender_hexes=[target],
        attackers=[Attacker(unit=u, factors=3, origin="EUR:J39") for u in attackers],
        defenders=[Defender(unit="rus-inf-1", factors=3, hex=target)],
        **more,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Each faction's level (W-03, W-15; TC-13, TC-07)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-03", "C-WEA-1")
def test_tc13_each_side_has_its_own_level() -> None:
    """TC-13: die 3 -> raw 8; Russia (preparation 6) at 2, the Axis (0) at 8."""
    assert found([created(), *START, *winter(3, levels={"russia": 2, "european_axis": 8})], "faction_levels") == []
    assert found([created(), *START, *winter(3, levels={"russia": 2, "european_axis": 7})], "faction_levels") == [
        "the European Axis are at winter level 8 in the Russian winter zone (8 less their preparation 0, as announced "
        "so far: 34.41, 34.434B); recorded 7"
    ]


@pytest.mark.plants("31-34/W-15")
def test_tc07_a_held_result_counts_only_once_triggered() -> None:
    """TC-07 (34.434): a result produced in 1940 and triggered in Winter 1940, and a second revealed at the start of
    Winter 1941, reduce winter effects on the Axis by two levels in Winter 1941."""
    held_1940 = prep_at("european_axis", 0, "produced", at(1940, "spring", phase="research"), held=True)
    trigger_1940 = prep_at("european_axis", 1, "triggered", at(1940, "winter", phase="game_turn_start"))
    held_1941 = prep_at("european_axis", 1, "produced", at(1941, "spring", phase="research"), held=True)
    trigger_1941 = prep_at("european_axis", 2, "triggered", at(1941, "winter", phase="game_turn_start"))
    history = [created(), *START, held_1940, trigger_1940, held_1941]
    assert found([*history, trigger_1941, *winter(4, levels={"european_axis": 7})], "faction_levels") == []
    assert found([*history, trigger_1941, *winter(4)], "preparation_production") == []
    assert found([*history, *winter(4, levels={"european_axis": 7}), trigger_1941], "faction_levels") == [
        "the European Axis are at winter level 8 in the Russian winter zone (9 less their preparation 1, as announced "
        "so far: 34.41, 34.434B); recorded 7"
    ]
    assert found([created(), *START, trigger_1940], "preparation_production") == [
        "European Axis trigger a winter preparation result they hold none of (34.434B: only a result produced and "
        "held back is triggered later)"
    ]
    raised = prep_at("european_axis", 1, "produced", at(1940, "spring", phase="research"), held=True)
    assert found([created(), *START, raised], "preparation_production") == [
        "a result European Axis hold back leaves them at 0 until triggered (34.434B); recorded 1"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The automatic increase (W-14; TC-06) and a level the log never recorded
# ---------------------------------------------------------------------------------------------------------------------

WAR = make(WarDeclared, at(1941, "summer", "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=35)
WINTER_END = at(1941, "winter", phase="end_of_game_turn")


@pytest.mark.plants("31-34/W-14", "C-WEA-2")
def test_the_automatic_increase_needs_a_unit_in_the_zone() -> None:
    """TC-06 (34.432): at war with Russia with ground units in the Russian winter zone, +2 at the end of the winter."""
    base = [created(), *UNITS, WAR]
    auto = prep_at("european_axis", 2, "automatic", WINTER_END, units=["ger-inf-1"])
    assert found([*base, auto], "preparation_automatic", MAP) == []
    outside = prep_at("european_axis", 2, "automatic", WINTER_END, units=["ger-fj-1"])
    assert found([*base, outside], "preparation_automatic", MAP) == [
        "the automatic +2 needs a European Axis ground unit in the Russian winter zone at the end of the winter turn "
        "(34.432); none of ger-fj-1 is"
    ]
    assert skipped([*base, prep_at("european_axis", 2, "automatic", WINTER_END)], "preparation_automatic", MAP) == [
        "an automatic winter preparation increase without the units in the zone (units)"
    ]


@pytest.mark.plants("31-34/W-14")
def test_an_automatic_plus_three_is_a_finding_even_with_no_starting_level_recorded() -> None:
    """The log never recorded the Axis level: the rules start it at 0 (34.41A), so +3 is caught, never waved through."""
    auto = prep_at("european_axis", 3, "automatic", WINTER_END, units=["ger-inf-1"])
    assert found([created(), *UNITS, WAR, auto], "preparation_automatic", MAP) == [
        "the automatic +2 takes European Axis from 0 to 2; recorded 3"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The Axis operations limit (W-06, W-17, C-WEA-3; TC-13, T-W1)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-06", "C-WEA-3")
def test_tc13_axis_operations_in_the_russian_winter_zone() -> None:
    """TC-13: raw 8; the Axis at level 8 have one operation; with preparation 2, level 6, three, and no
    breakthrough to exploit from."""
    base = [created(), *START, *UNITS, *winter(3)]
    one = [attack("a1", ["ger-inf-1"])]
    assert found([*base, *one], "axis_winter_ops", MAP) == []
    assert found([*base, *one, attack("a2", ["ger-inf-2"])], "axis_winter_ops", MAP) == [
        "the Axis make 2 operations in the Russian winter zone this turn at winter level 8: 9 - 8 = 1 allowed (34.23E)"
    ]
    two = prep_at("european_axis", 2, "produced", at(1941, "winter", phase="research"))
    three = [attack(f"a{i}", [f"ger-inf-{i}"]) for i in (1, 2, 3)]
    prepared = [created(), *START, *UNITS, two, *winter(3)]
    assert found([*prepared, *three], "axis_winter_ops", MAP) == []
    assert len(found([*prepared, *three, attack("a4", ["ger-inf-4"])], "axis_winter_ops", MAP)) == 1
    broke = make(BreakthroughCreated, COMBAT, breakthrough="b1", attack="a1", hex=ZONE, armor="ger-arm-1")
    assert found([*prepared, attack("a1", ["ger-inf-1"]), broke], "axis_winter_ops", MAP) == [
        "an Axis breakthrough in the Russian winter zone at winter level 6: breaking through and exploiting needs "
        "level 5 or less (34.23E)"
    ]


@pytest.mark.plants("31-34/W-17")
def test_finns_attack_beyond_the_axis_limit_up_to_their_own() -> None:
    """34.26: at raw 8 the EA (0) have 1 operation; Finnish units (6) up to 7 in all."""
    base = [created(), *START, *UNITS, *winter(3)]
    axis_and_finns = [attack("a1", ["ger-inf-1"]), attack("f1", ["fin-inf-1"]), attack("f2", ["fin-inf-1"])]
    assert found([*base, *axis_and_finns], "axis_winter_ops", MAP) == []
    assert len(found([*base, *axis_and_finns, attack("a2", ["ger-inf-2"])], "axis_winter_ops", MAP)) == 1


@pytest.mark.plants("C-WEA-3", "C-WEA-4")
def test_t_w1_the_house_winter_table() -> None:
    """T-W1 (App. K): die 4 -> raw 9; the Axis (preparation 2) at 7: two operations, no exploitation; Russia (6) at
    3: no overruns."""
    game = created(rules="a3r")
    prepared = prep_at("european_axis", 2, "produced", at(1941, "winter", phase="research"))
    base = [game, *START, *UNITS, prepared, *winter(4)]
    two = [attack("a1", ["ger-inf-1"]), attack("a2", ["ger-inf-2"])]
    assert found([*base, *two], "axis_winter_ops", MAP) == []
    assert len(found([*base, *two, attack("a3", ["ger-inf-3"])], "axis_winter_ops", MAP)) == 1
    exploit = attack("x1", ["ger-arm-1"], kind="exploitation")
    assert found([*base, exploit], "winter_gates", MAP) == [
        "an exploitation attack in EUR:J40 (the Russian winter zone) at winter level 7 for the European Axis: banned "
        "from level 6 (34.41)"
    ]
    overrun = make(
        OverrunResolved,
        at(1941, "winter", "allied", "movement"),
        overrun="o1",
        units=[UnitFactors(unit="rus-arm-1", factors=3)],
        target="EUR:J39",
        defence_strength=1,
        attack_strength=9,
        success=True,
    )
    assert found([*base, overrun], "winter_gates", MAP) == [
        "an overrun in EUR:J39 (the Russian winter zone) at winter level 3 for the Russia: banned from level 3 (34.41)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The Winter Table's gates (C-WEA-4, W-07 in part)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("C-WEA-4")
def test_the_winter_table_gates_by_level() -> None:
    """At raw 10 the Axis (0) are at level 10: no overruns, airdrops, railheads, exploitation, ground attacks on
    non-partisans or offensive air; defensive air support only over its own base."""
    base = [created(), *START, *UNITS, *winter(5)]
    move = at(1941, "winter", "axis", "movement")
    banned = [
        make(
            OverrunResolved,
            move,
            overrun="o1",
            units=[UnitFactors(unit="ger-arm-1", factors=3)],
            target=ZONE,
            defence_strength=1,
            attack_strength=9,
            success=True,
        ),
        make(AirdropMade, COMBAT, unit="ger-fj-1", base="EUR:L32", target=ZONE),
        make(RailheadBuilt, at(1941, "winter", "axis", "unit_construction"), power="germany", hex=ZONE, brp_cost=5),
        attack("a1", ["ger-inf-1"]),
        make(AirMissionFlown, COMBAT, mission="ground_support", units=["ger-aaf-1"], target=ZONE),
    ]
    messages = [m.split(": banned")[0] for m in found([*base, *banned], "winter_gates", MAP)]
    assert messages == [
        "an overrun in EUR:J40 (the Russian winter zone) at winter level 10 for the European Axis",
        "an airdrop in EUR:J40 (the Russian winter zone) at winter level 10 for the European Axis",
        "a railhead in EUR:J40 (the Russian winter zone) at winter level 10 for the European Axis",
        "a ground attack on non-partisan units in EUR:J40 (the Russian winter zone) at winter level 10 for the "
        "European Axis",
        "offensive air in EUR:J40 (the Russian winter zone) at winter level 10 for the European Axis",
    ]
    mild = [created(), *START, *UNITS, *winter(1)]  # raw 6: the Axis at 6 may still attack, overrun no more
    assert [m.split(": banned")[0].replace(" 6 ", " 10 ") for m in found([*mild, *banned], "winter_gates", MAP)] == (
        messages[:3]
    )
    das = make(
        AttackDeclared,
        at(1941, "winter", "allied", "combat"),
        attack="r1",
        defender_hexes=["EUR:J39"],
        attackers=[Attacker(unit="rus-inf-1", factors=3, origin=ZONE)],
        das=[UnitFactors(unit="ger-aaf-1", factors=5)],
    )
    assert found([*base, das], "winter_gates", MAP) == [
        "at winter level 10 ger-aaf-1 gives defensive air support only in the hex where it is based (34.41 level 9), "
        "not from EUR:L32"
    ]


def _axis_at(level: int) -> list[Event]:
    """The Axis at winter ``level`` in the Russian winter zone: a raw 8 (die 3) less a preparation of 8 - level (a
    raw 9 and none for level 9); Russia prepared to 6 as at set-up."""
    face = 3 if level <= 8 else level - 5
    preps = [prep_at("european_axis", face + 5 - level, "setup", SETUP), prep_at("russia", 6, "setup", SETUP)]
    return [created(rules="a3r"), *preps, *UNITS, *winter(face)]


def _gate(level: int, ban: int) -> str:
    return f"at winter level {level} for the European Axis: banned from level {ban} (34.41)"


def _gated(events: list[Event], check: str = "winter_gates") -> list[str]:
    return [m.split(" (the Russian winter zone) ")[1] for m in found(events, check, MAP)]


_OVERRUN = make(
    OverrunResolved,
    at(1941, "winter", "axis", "movement"),
    overrun="o1",
    units=[UnitFactors(unit="ger-arm-1", factors=3)],
    target=ZONE,
    defence_strength=1,
    attack_strength=9,
    success=True,
)
_AIRDROP = make(AirdropMade, COMBAT, unit="ger-fj-1", base="EUR:L32", target=ZONE)


@pytest.mark.plants("C-WEA-4.A")
def test_from_winter_level_3_no_overruns_or_airdrops() -> None:
    assert _gated([*_axis_at(2), _OVERRUN, _AIRDROP]) == []
    assert _gated([*_axis_at(3), _OVERRUN, _AIRDROP]) == [_gate(3, 3)] * 2


@pytest.mark.plants("C-WEA-4.B")
def test_from_winter_level_5_no_fortification_or_railhead_is_built() -> None:
    """A3R App. K level 5 (AWAW 34.41): the winter gates judge both; in an AWAW game the fortification is
    32.14C's (fortification_winter, which says the zone's level and the preparation), judged once."""
    build = at(1941, "winter", "axis", "unit_construction")
    railhead = make(RailheadBuilt, build, power="germany", hex=ZONE, brp_cost=5)
    fort = make(FortificationBuilt, build, power="germany", kind="fortification", hexes=[ZONE], brp_cost=5, rp_cost=1)
    assert _gated([*_axis_at(4), railhead]) == []
    assert _gated([*_axis_at(4), fort]) == []
    assert _gated([*_axis_at(5), railhead]) == [_gate(5, 5)]
    assert _gated([*_axis_at(5), fort]) == [_gate(5, 5)]
    awaw = [created(), *_axis_at(5)[1:]]  # AWAW: 32.14C's check says it, once
    assert _gated([*awaw, fort]) == []
    assert found([*awaw, fort], "fortification_winter", MAP) == [
        "EUR:J40 is under winter level 5 for the European Axis (russian_winter zone 8, less preparation); no "
        "fortification at 5 or worse (32.14C)"
    ]


@pytest.mark.plants("C-WEA-4.C")
def test_from_winter_level_6_no_exploitation() -> None:
    exploit = attack("x1", ["ger-arm-1"], kind="exploitation")
    moves = make(
        UnitMoved, at(1941, "winter", "axis", "exploitation"), unit="ger-arm-1", path=[ZONE], exploitation=True
    )
    assert _gated([*_axis_at(5), exploit, moves]) == []
    assert _gated([*_axis_at(6), exploit]) == [_gate(6, 6)]
    assert found([*_axis_at(6), moves], "winter_gates", MAP) == [
        f"exploitation in EUR:J39 (the Russian winter zone) {_gate(6, 6)}"
    ]


@pytest.mark.plants("C-WEA-4.D")
def test_from_winter_level_9_no_ground_attacks_on_non_partisans_no_offensive_air_and_das_over_its_base() -> None:
    ground_support = make(AirMissionFlown, COMBAT, mission="ground_support", units=["ger-aaf-1"], target=ZONE)
    das = make(
        AttackDeclared,
        at(1941, "winter", "allied", "combat"),
        attack="r1",
        defender_hexes=["EUR:J39"],
        attackers=[Attacker(unit="rus-inf-1", factors=3, origin=ZONE)],
        das=[UnitFactors(unit="ger-aaf-1", factors=5)],
    )
    assert _gated([*_axis_at(8), attack("a1", ["ger-inf-1"]), ground_support]) == []
    assert found([*_axis_at(8), das], "winter_gates", MAP) == []
    assert _gated([*_axis_at(9), attack("a1", ["ger-inf-1"])]) == [_gate(9, 9)]
    assert _gated([*_axis_at(9), ground_support]) == [_gate(9, 9)]
    assert found([*_axis_at(9), das], "winter_gates", MAP) == [
        "at winter level 9 ger-aaf-1 gives defensive air support only in the hex where it is based (34.41 level 9), "
        "not from EUR:L32"
    ]


def test_where_the_map_data_gives_no_zone_the_gate_is_not_checked() -> None:
    base = [created(), *START, *UNITS, *winter(5)]
    report = skipped([*base, attack("a1", ["ger-inf-1"])], "winter_gates")
    assert report and report[0].startswith("not checked: no map data for EUR:J40 (weather zone)")


def test_the_winter_cut_of_an_exploitation_allowance() -> None:
    """34.41 levels 1-5: exploiting armor loses movement equal to the level (Russia at 8 - 6 = 2)."""
    base = [created(), *START, *UNITS, *winter(3)]
    allied = at(1941, "winter", "allied", "combat")
    broke = make(BreakthroughCreated, allied, breakthrough="b1", attack="r1", hex="EUR:J41", armor="rus-arm-1")
    right = make(
        ExploitationAllowance,
        allied,
        unit="rus-arm-1",
        breakthrough="b1",
        allowance=2,
        modifiers=[Modifier(code="winter", value=-2)],
    )
    assert found([*base, broke, right], "winter_exploitation_cut", MAP) == []
    wrong = make(
        ExploitationAllowance,
        allied,
        unit="rus-arm-1",
        breakthrough="b1",
        allowance=3,
        modifiers=[Modifier(code="winter", value=-1)],
    )
    assert found([*base, broke, wrong], "winter_exploitation_cut", MAP) == [
        "rus-arm-1 exploits from EUR:J41 at winter level 2: the Winter Table cuts its movement by 2 (34.41; halved "
        "in the Pacific); recorded -1"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Mud, monsoon, mountains, lakes (W-05, W-09, W-10, W-11)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-05.B", "AUD-13-19")
def test_no_overruns_in_mud_but_by_russia() -> None:
    spring = at(1942, "spring", phase="game_turn_start")
    mud = make(WeatherDetermined, spring, zone="russian_winter", weather="mud")
    move = at(1942, "spring", "axis", "movement")
    german = make(
        OverrunResolved,
        move,
        overrun="o1",
        units=[UnitFactors(unit="ger-arm-1", factors=3)],
        target=ZONE,
        defence_strength=1,
        attack_strength=9,
        success=True,
    )
    russian = make(
        OverrunResolved,
        at(1942, "spring", "allied", "movement"),
        overrun="o2",
        units=[UnitFactors(unit="rus-arm-1", factors=3)],
        target="EUR:J39",
        defence_strength=1,
        attack_strength=9,
        success=True,
    )
    assert found([created(), *UNITS, mud, german, russian], "mud", MAP) == [
        "an overrun by the European Axis in EUR:J40, in mud (the Russian winter zone): no overruns, exploitation or "
        "breakthroughs in mud (34.22; only Russia, 34.221)"
    ]


@pytest.mark.plants("31-34/W-09")
def test_no_breakthrough_in_a_mountain_hex_in_winter() -> None:
    base = [created(), *START, *UNITS, *winter(1)]
    mountain = make(BreakthroughCreated, COMBAT, breakthrough="b1", attack="a1", hex="EUR:K41", armor="ger-arm-1")
    assert found([*base, mountain], "winter_mountains", MAP) == [
        "a breakthrough in EUR:K41, a mountain hex, in a winter turn (34.23B)"
    ]
    italy = make(BreakthroughCreated, COMBAT, breakthrough="b2", attack="a2", hex="EUR:X30", armor="ger-arm-1")
    assert found([*base, italy], "winter_mountains", MAP) == []
    fall = make(
        BreakthroughCreated,
        at(1941, "fall", "axis", "combat"),
        breakthrough="b3",
        attack="a3",
        hex="EUR:K41",
        armor="ger-arm-1",
    )
    assert found([created(), *UNITS, fall], "winter_mountains", MAP) == []


def test_no_air_base_on_lake_ladoga_in_winter() -> None:
    to_ladoga = make(UnitMoved, at(1941, "winter", "axis", "movement"), unit="ger-aaf-1", path=["EUR:C45"])
    assert found([created(), *UNITS, to_ladoga], "frozen_lakes") == [
        "ger-aaf-1 bases at EUR:C45 (Lake Ladoga) in a winter turn: air units may not (34.23C)"
    ]
    summer = make(UnitMoved, at(1942, "summer", "axis", "movement"), unit="ger-aaf-1", path=["EUR:C45"])
    assert found([created(), *UNITS, summer], "frozen_lakes") == []


@pytest.mark.plants("31-34/W-11")
def test_the_monsoon_closes_jungle_hexes() -> None:
    summer = at(1942, "summer", phase="game_turn_start")
    monsoon = make(WeatherDetermined, summer, zone="monsoon", weather="monsoon")
    units = [unit("ind-inf-1", "PAC:R16", owner="britain"), unit("jap-inf-1", "PAC:R16", owner="japan")]
    move = at(1942, "summer", "allied", "movement")
    into = make(UnitMoved, move, unit="ind-inf-1", path=["PAC:R15"])
    assert found([created(), *units, monsoon, into], "monsoon", MAP) == [
        "ind-inf-1 enters PAC:R15 (jungle) in the monsoon: monsoon closes swamp, jungle and jungle/mountain hexes "
        "(34.24A-B)"
    ]
    clear = make(UnitMoved, move, unit="ind-inf-1", path=["PAC:R16"])
    assert found([created(), *units, monsoon, clear], "monsoon", MAP) == []
    japanese = make(UnitMoved, at(1942, "summer", "axis", "movement"), unit="jap-inf-1", path=["PAC:R15"])
    surprise = make(
        WarDeclared,
        at(1942, "summer", "axis", "diplomacy"),
        aggressor="japan",
        target="britain",
        brp_cost=35,
        surprise=True,
    )
    assert found([created(), *units, monsoon, surprise, japanese], "monsoon", MAP) == []
    assert len(found([created(), *units, monsoon, japanese], "monsoon", MAP)) == 1


# ---------------------------------------------------------------------------------------------------------------------
# The house Axis restraint bonus (C-WEA-2)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("C-WEA-2")
def test_the_axis_restraint_bonus_follows_the_fall() -> None:
    """App. K: +1 for no exploitation in the Russian winter zone in the Fall, +1 for no offensive air there."""
    game = created(rules="a3r")
    fall = at(1941, "fall", "axis", "combat")
    exploited = attack("x1", ["ger-arm-1"], kind="exploitation", when=fall)
    bonus = at(1941, "winter", phase="game_turn_start")
    base = [game, *START, *UNITS, exploited]
    assert found([*base, prep_at("european_axis", 1, "axis_restraint", bonus)], "preparation_house", MAP) == []
    assert found([*base, prep_at("european_axis", 2, "axis_restraint", bonus)], "preparation_house", MAP) == [
        "the Axis exploited in the Russian winter zone last Fall: their restraint bonus is +1 (App. K); recorded 0 to 2"
    ]
    assert (
        found([game, *START, *UNITS, prep_at("european_axis", 2, "axis_restraint", bonus)], "preparation_house", MAP)
        == []
    )


EAST = "EUR:J40"
"""East of the pact line: the Russian winter zone, in mud in spring."""
WEST = "EUR:M36"
"""The eastern front west of the pact line."""

FRONT_MAP = map_data(
    [
        hexfacts("EUR:J39", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts(EAST, weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:J41", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:K41", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts(WEST, weather_zone="eastern_poland", terrain="clear", front="eastern"),
        hexfacts("EUR:M37", weather_zone="eastern_poland", terrain="clear", front="eastern"),
    ]
)

FRONT_UNITS = [
    unit("ger-inf-1", "EUR:J39"),
    unit("rus-inf-1", EAST, owner="russia"),
    unit("rus-arm-1", "EUR:J41", "armor", owner="russia"),
    unit("rum-inf-1", "EUR:K41", owner="germany", nationality="rumania"),
]

SPRING = at(1942, "spring", phase="game_turn_start")
MUD = [
    make(WeatherDetermined, SPRING, zone="russian_winter", weather="mud"),
    make(WeatherDetermined, SPRING, zone="eastern_poland", weather="clear"),
]
AXIS = at(1942, "spring", "axis", "combat")


def offensive(power: str, cost: int, zone: str | None, kind: str = "limited", **more: Any) -> OffensiveDeclared:
    return make(
        OffensiveDeclared,
        more.pop("when", AXIS),
        power=power,
        front=more.pop("front", "eastern"),
        kind=kind,
        brp_cost=cost,
        weather_zone=zone,
        **more,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Mud (W-05)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-05.A")
def test_at_most_14_brps_of_offensives_in_mud() -> None:
    base = [created(), *FRONT_UNITS, *MUD]
    clean = [offensive("germany", 9, "russian_winter"), offensive("italy", 5, "russian_winter")]
    assert found([*base, *clean], "mud_offensives", FRONT_MAP) == []
    # West of the pact line there is no mud: a full offensive there is not counted; nor are offensives on partisans
    west = offensive("germany", 15, "eastern_poland", "full")
    partisans = offensive("germany", 10, "russian_winter", against_partisans=True)
    assert found([*base, *clean, west, partisans], "mud_offensives", FRONT_MAP) == []
    over = [*clean, offensive("germany", 1, "russian_winter")]
    assert found([*base, *over], "mud_offensives", FRONT_MAP) == [
        "European Axis now has 15 BRPs of offensive operations in mud in the Russian winter zone this turn: at most 14 "
        "(34.22A; only Russia may run full offensives in mud, 34.221)"
    ]
    # Russia is exempt (34.221)
    allied = at(1942, "spring", "allied", "combat")
    assert (
        found([*base, offensive("russia", 15, "russian_winter", "full", when=allied)], "mud_offensives", FRONT_MAP)
        == []
    )


def test_an_offensive_with_no_zone_is_not_judged_against_the_mud_limit() -> None:
    reasons = skipped(
        [created(), *FRONT_UNITS, *MUD, offensive("germany", 15, None, "full")], "mud_offensives", FRONT_MAP
    )
    assert reasons == ["offensive_declared records no weather zone: the mud limit (34.22A) is not judged"]


def _exploit(ctl: int, hexes: list[str]) -> list[Event]:
    allied = at(1942, "spring", "allied", "combat")
    return [
        make(CtlSet, at(1939, "fall", phase="setup"), faction="russia", domain="ground", level=3),
        make(BreakthroughCreated, allied, breakthrough="b1", attack="r1", hex=hexes[0], armor="rus-arm-1"),
        make(
            UnitMoved,
            at(1942, "spring", "allied", "exploitation"),
            unit="rus-arm-1",
            path=hexes[1:] or hexes[:1],
            exploitation=True,
            breakthrough="b1",
        ),
        make(
            AttackDeclared,
            at(1942, "spring", "allied", "exploitation"),
            attack="x1",
            kind="exploitation",
            defender_hexes=["EUR:J39"],
            attackers=[Attacker(unit="rus-arm-1", factors=4, ctl=ctl, armor=True)],
            defenders=[Defender(unit="ger-inf-1", factors=3, hex="EUR:J39")],
        ),
    ]


@pytest.mark.plants("31-34/W-05.C")
def test_russian_armor_exploiting_through_mud_loses_a_ctl() -> None:
    base = [created(), *FRONT_UNITS, *MUD]
    assert found([*base, *_exploit(2, ["EUR:J41", EAST])], "russian_mud_ctl", FRONT_MAP) == []
    assert found([*base, *_exploit(3, ["EUR:J41", EAST])], "russian_mud_ctl", FRONT_MAP) == [
        "attack x1: Russian armor rus-arm-1 exploits from or through mud (EUR:J41) and attacks with CTL 3; its CTL 3 "
        "less 1 gives 2 (34.221, 41.925)"
    ]
    # from a breakthrough west of the pact line, through clear weather only: no reduction
    dry = [*FRONT_UNITS[:2], unit("rus-arm-1", "EUR:M37", "armor", owner="russia")]
    assert found([created(), *dry, *MUD, *_exploit(3, [WEST, "EUR:M37"])], "russian_mud_ctl", FRONT_MAP) == []


# ---------------------------------------------------------------------------------------------------------------------
# The spring allowance east of the pact line (W-16)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-16")
def test_free_limited_offensives_east_of_the_pact_line() -> None:
    base = [created(), *FRONT_UNITS, *MUD, offensive("germany", 15, "eastern_poland", "full")]
    free = offensive("germany", 0, "russian_winter", free_brps=14)
    assert found([*base, free], "spring_allowance", FRONT_MAP) == []
    # more than 14 free BRPs
    more = offensive("germany", 0, "russian_winter", free_brps=1)
    assert found([*base, free, more], "spring_allowance", FRONT_MAP) == [
        "Germany carries out 1 BRPs of offensive operations at no cost: at most 14 BRPs a turn; now 15 (34.25)"
    ]
    # no full offensive west of the line
    no_full = [created(), *FRONT_UNITS, *MUD, offensive("germany", 10, "eastern_poland"), free]
    assert found(no_full, "spring_allowance", FRONT_MAP) == [
        "Germany carries out 14 BRPs of offensive operations at no cost: only with a full offensive of the European "
        "Axis on the eastern front outside it (34.25)"
    ]
    # not west of the line, not in summer
    wrong_zone = offensive("germany", 0, "eastern_poland", free_brps=5)
    assert "only in the Russian winter zone" in found([*base, wrong_zone], "spring_allowance", FRONT_MAP)[0]
    summer = offensive("germany", 0, "russian_winter", free_brps=5, when=at(1942, "summer", "axis", "combat"))
    assert "only in a spring turn" in found([created(), *FRONT_UNITS, summer], "spring_allowance", FRONT_MAP)[0]
    # and no attrition on that front
    attrition = make(
        AttritionDeclared, AXIS, attrition="a1", attacker="european_axis", target="russia", front="eastern", factors=9
    )
    assert found([*base, free, attrition], "spring_allowance", FRONT_MAP) == [
        "European Axis attritions on the eastern front in a turn it carried out 14 BRPs of free limited offensives "
        "under 34.25, which allows no attrition combat"
    ]
    assert found([*base, attrition], "spring_allowance", FRONT_MAP) == []


# ---------------------------------------------------------------------------------------------------------------------
# The Bessarabian border war (W-18)
# ---------------------------------------------------------------------------------------------------------------------

WINTER = at(1941, "winter", phase="game_turn_start")


def _winter(face: int) -> list[Event]:
    setup = at(1939, "fall", phase="setup")
    return [
        make(WinterPreparationChanged, setup, faction="russia", level=6, cause="setup"),
        make(DiceRolled, WINTER, roll=1, purpose="winter", dice=[face]),
        make(
            WeatherDetermined,
            WINTER,
            zone="russian_winter",
            weather="winter",
            level=face + 5,
            roll=1,
            modifiers=[Modifier(code="russian_winter", value=5)],
        ),
    ]


def _border_exploit(cut: int) -> list[Event]:
    allied = at(1941, "winter", "allied", "combat")
    return [
        make(BreakthroughCreated, allied, breakthrough="b1", attack="r1", hex="EUR:J41", armor="rus-arm-1"),
        make(
            ExploitationAllowance,
            allied,
            unit="rus-arm-1",
            breakthrough="b1",
            allowance=4 + cut,
            modifiers=[Modifier(code="winter", value=cut)] if cut else [],
        ),
    ]


@pytest.mark.plants("31-34/W-18")
def test_no_winter_effects_in_the_border_war_over_bessarabia() -> None:
    """Russia's winter level 8 - 6 = 2 would cut an exploitation by 2; in the border war there is no cut."""
    war = make(
        WarDeclared,
        at(1940, "summer", "allied", "diplomacy"),
        aggressor="russia",
        target="rumania",
        brp_cost=10,
        border_war=True,
    )
    base = [created(), *FRONT_UNITS, *_winter(3)]
    assert found([*base, *_border_exploit(-2)], "winter_exploitation_cut", FRONT_MAP) == []
    assert found([*base, war, *_border_exploit(0)], "winter_exploitation_cut", FRONT_MAP) == []
    assert found([*base, war, *_border_exploit(-2)], "winter_exploitation_cut", FRONT_MAP) == [
        "rus-arm-1 exploits from EUR:J41 at winter level 0: the Winter Table cuts its movement by 0 (34.41; halved in "
        "the Pacific); recorded -2"
    ]
    # a general war involving Russia ends the exemption
    general = make(
        WarDeclared, at(1941, "summer", "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=35
    )
    assert found([*base, war, general, *_border_exploit(-2)], "winter_exploitation_cut", FRONT_MAP) == []
    # only Russia and Rumania fight a border war
    wrong = make(
        WarDeclared,
        at(1940, "summer", "allied", "diplomacy"),
        aggressor="russia",
        target="finland",
        brp_cost=10,
        border_war=True,
    )
    assert found([created(), wrong], "border_war") == [
        "the war of Russia on Finland is marked a border war: only the border war between Russia and Rumania over "
        "Bessarabia is spared winter effects (34.32C)"
    ]
    assert found([created(), war], "border_war") == []


@pytest.mark.plants("31-34/W-18")
def test_the_winter_gates_spare_the_border_war() -> None:
    """At level 9 (die 4 + 5, Russia's preparation 0 here) ground attacks are banned, but not in the border war."""
    setup = at(1939, "fall", phase="setup")
    weather = [
        make(WinterPreparationChanged, setup, faction="russia", level=0, cause="setup"),
        *_winter(4)[1:],
    ]
    strike = make(
        AttackDeclared,
        at(1941, "winter", "allied", "combat"),
        attack="r9",
        defender_hexes=["EUR:K41"],
        attackers=[Attacker(unit="rus-inf-1", factors=3, origin=EAST)],
        defenders=[Defender(unit="rum-inf-1", factors=3, hex="EUR:K41")],
    )
    war = make(
        WarDeclared,
        at(1940, "summer", "allied", "diplomacy"),
        aggressor="russia",
        target="rumania",
        brp_cost=10,
        border_war=True,
    )
    assert found([created(), *FRONT_UNITS, *weather, strike], "winter_gates", FRONT_MAP) != []
    assert found([created(), *FRONT_UNITS, war, *weather, strike], "winter_gates", FRONT_MAP) == []


@pytest.mark.plants("31-34/W-05.B", "31-34/W-05.C")
def test_no_exploitation_or_breakthrough_in_mud_but_by_russia() -> None:
    """34.22: in mud "no overruns, exploitation or breakthroughs" (only Russia, 34.221). German exploitation
    movement into the Russian winter zone in mud and a German breakthrough in a mud hex are findings; a Russian
    breakthrough there is not; a German breakthrough in a hex whose weather zone the map data lacks is named as
    not checked (the mud ban runs only where the map data gives the zone)."""
    base = [created(), *FRONT_UNITS, *MUD]
    moved = make(
        UnitMoved, at(1942, "spring", "axis", "exploitation"), unit="ger-inf-1", path=[EAST], exploitation=True
    )
    assert found([*base, moved], "mud", FRONT_MAP) == [
        f"exploitation by the European Axis in {EAST}, in mud (the Russian winter zone): no overruns, exploitation or "
        "breakthroughs in mud (34.22; only Russia, 34.221)"
    ]
    german = make(BreakthroughCreated, AXIS, breakthrough="b1", attack="a1", hex=EAST, armor="ger-inf-1")
    assert found([*base, german], "mud", FRONT_MAP) == [
        f"a breakthrough by the European Axis in {EAST}, in mud (the Russian winter zone): no overruns, exploitation "
        "or breakthroughs in mud (34.22; only Russia, 34.221)"
    ]
    allied = at(1942, "spring", "allied", "combat")
    russian = make(BreakthroughCreated, allied, breakthrough="b2", attack="r1", hex="EUR:J39", armor="rus-arm-1")
    assert found([*base, russian], "mud", FRONT_MAP) == []
    unmapped = make(BreakthroughCreated, AXIS, breakthrough="b3", attack="a3", hex="EUR:Q50", armor="ger-inf-1")
    assert skipped([*base, unmapped], "mud", FRONT_MAP) == ["not checked: no map data for EUR:Q50 (weather zone)"]


@pytest.mark.plants("AUD-13-19")
def test_no_overrun_at_winter_level_3_or_more() -> None:
    """13.57: "no overruns ... where the overrunning faction's winter level is 3 or more" (34.41: the raw level
    less the faction's winter preparation). Winter die 1: raw level 6 in the Russian winter zone. With no Axis
    preparation the German overrun there is at level 6, a finding; with preparation 4, at level 2, it is legal."""

    def overrun() -> Event:
        return make(
            OverrunResolved,
            at(1941, "winter", "axis", "movement"),
            overrun="o1",
            units=[UnitFactors(unit="ger-arm-1", factors=4)],
            target=ZONE,
            defence_strength=1,
            attack_strength=9,
            success=True,
        )

    cold = [created(), *START, *UNITS, *winter(1), overrun()]
    assert found(cold, "overrun_winter", MAP) == [
        "overrun o1 of EUR:J40 at winter level 6 (raw 6 less preparation 0); level 3 and above prohibit overruns "
        "(13.57, 34.41)"
    ]
    ready = [created(), *START, prep_at("european_axis", 4, "production", at(1941, "summer", "axis")), *UNITS]
    assert found([*ready, *winter(1), overrun()], "overrun_winter", MAP) == []
