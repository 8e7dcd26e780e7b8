"""Weather checks that read the state and the map data (34; A3R App. K): each faction's level, held and triggered
preparation, the automatic increase's units, the Winter Table's gates, the Axis operations limit, mud, monsoon,
mountains and lakes. Each test plants the fault of its checklist items and shows the clean case; worked examples
TC-06 (34.432), TC-07 (34.434), TC-13 (34.23E) and T-W1 (App. K)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    BreakthroughCreated,
    DiceRolled,
    Event,
    ExploitationAllowance,
    OverrunResolved,
    RailheadBuilt,
    UnitMoved,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from tests.build import at, found, make, map_data, unit
from tests.build import facts as hexfacts
from tests.build import skipped_with as skipped
from tests.conftest import created

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


def prep(faction: str, level: int, cause: str, when: dict[str, Any], **more: Any) -> WinterPreparationChanged:
    return make(WinterPreparationChanged, when, faction=faction, level=level, cause=cause, **more)


SETUP = at(1939, "fall", phase="setup")
START = [prep("european_axis", 0, "setup", SETUP), prep("russia", 6, "setup", SETUP)]
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
    held_1940 = prep("european_axis", 0, "produced", at(1940, "spring", phase="research"), held=True)
    trigger_1940 = prep("european_axis", 1, "triggered", at(1940, "winter", phase="game_turn_start"))
    held_1941 = prep("european_axis", 1, "produced", at(1941, "spring", phase="research"), held=True)
    trigger_1941 = prep("european_axis", 2, "triggered", at(1941, "winter", phase="game_turn_start"))
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
    raised = prep("european_axis", 1, "produced", at(1940, "spring", phase="research"), held=True)
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
    auto = prep("european_axis", 2, "automatic", WINTER_END, units=["ger-inf-1"])
    assert found([*base, auto], "preparation_automatic", MAP) == []
    outside = prep("european_axis", 2, "automatic", WINTER_END, units=["ger-fj-1"])
    assert found([*base, outside], "preparation_automatic", MAP) == [
        "the automatic +2 needs a European Axis ground unit in the Russian winter zone at the end of the winter turn "
        "(34.432); none of ger-fj-1 is"
    ]
    assert skipped([*base, prep("european_axis", 2, "automatic", WINTER_END)], "preparation_automatic", MAP) == [
        "an automatic winter preparation increase without the units in the zone (units)"
    ]


@pytest.mark.plants("31-34/W-14")
def test_an_automatic_plus_three_is_a_finding_even_with_no_starting_level_recorded() -> None:
    """The log never recorded the Axis level: the rules start it at 0 (34.41A), so +3 is caught, never waved through."""
    auto = prep("european_axis", 3, "automatic", WINTER_END, units=["ger-inf-1"])
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
    two = prep("european_axis", 2, "produced", at(1941, "winter", phase="research"))
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
    prepared = prep("european_axis", 2, "produced", at(1941, "winter", phase="research"))
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
    assert found([*base, prep("european_axis", 1, "axis_restraint", bonus)], "preparation_house", MAP) == []
    assert found([*base, prep("european_axis", 2, "axis_restraint", bonus)], "preparation_house", MAP) == [
        "the Axis exploited in the Russian winter zone last Fall: their restraint bonus is +1 (App. K); recorded 0 to 2"
    ]
    assert (
        found([game, *START, *UNITS, prep("european_axis", 2, "axis_restraint", bonus)], "preparation_house", MAP) == []
    )
