"""Weather that differs along a front (34.22, 34.221, 34.25, 34.32C): the 14-BRP limit on offensives in mud, Russian
armor's CTL in mud, the spring allowance of free limited offensives east of the pact line, and the Bessarabian border
war that winter does not touch. Each test plants the fault of its checklist item and shows the clean case."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    BreakthroughCreated,
    CtlSet,
    DiceRolled,
    Event,
    ExploitationAllowance,
    OffensiveDeclared,
    UnitMoved,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker, Defender
from tests.build import at, found, make, map_data, unit
from tests.build import facts as hexfacts
from tests.build import skipped_with as skipped
from tests.conftest import created

EAST = "EUR:J40"
"""East of the pact line: the Russian winter zone, in mud in spring."""
WEST = "EUR:M36"
"""The eastern front west of the pact line."""

MAP = map_data(
    [
        hexfacts("EUR:J39", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts(EAST, weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:J41", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts("EUR:K41", weather_zone="russian_winter", terrain="clear", front="eastern"),
        hexfacts(WEST, weather_zone="eastern_poland", terrain="clear", front="eastern"),
        hexfacts("EUR:M37", weather_zone="eastern_poland", terrain="clear", front="eastern"),
    ]
)

UNITS = [
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


@pytest.mark.plants("31-34/W-05")
def test_at_most_14_brps_of_offensives_in_mud() -> None:
    base = [created(), *UNITS, *MUD]
    clean = [offensive("germany", 9, "russian_winter"), offensive("italy", 5, "russian_winter")]
    assert found([*base, *clean], "mud_offensives", MAP) == []
    # West of the pact line there is no mud: a full offensive there is not counted; nor are offensives on partisans
    west = offensive("germany", 15, "eastern_poland", "full")
    partisans = offensive("germany", 10, "russian_winter", against_partisans=True)
    assert found([*base, *clean, west, partisans], "mud_offensives", MAP) == []
    over = [*clean, offensive("germany", 1, "russian_winter")]
    assert found([*base, *over], "mud_offensives", MAP) == [
        "European Axis now has 15 BRPs of offensive operations in mud in the Russian winter zone this turn: at most 14 "
        "(34.22A; only Russia may run full offensives in mud, 34.221)"
    ]
    # Russia is exempt (34.221)
    allied = at(1942, "spring", "allied", "combat")
    assert found([*base, offensive("russia", 15, "russian_winter", "full", when=allied)], "mud_offensives", MAP) == []


def test_an_offensive_with_no_zone_is_not_judged_against_the_mud_limit() -> None:
    reasons = skipped([created(), *UNITS, *MUD, offensive("germany", 15, None, "full")], "mud_offensives", MAP)
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


@pytest.mark.plants("31-34/W-05")
def test_russian_armor_exploiting_through_mud_loses_a_ctl() -> None:
    base = [created(), *UNITS, *MUD]
    assert found([*base, *_exploit(2, ["EUR:J41", EAST])], "russian_mud_ctl", MAP) == []
    assert found([*base, *_exploit(3, ["EUR:J41", EAST])], "russian_mud_ctl", MAP) == [
        "attack x1: Russian armor rus-arm-1 exploits from or through mud (EUR:J41) and attacks with CTL 3; its CTL 3 "
        "less 1 gives 2 (34.221, 41.925)"
    ]
    # from a breakthrough west of the pact line, through clear weather only: no reduction
    dry = [*UNITS[:2], unit("rus-arm-1", "EUR:M37", "armor", owner="russia")]
    assert found([created(), *dry, *MUD, *_exploit(3, [WEST, "EUR:M37"])], "russian_mud_ctl", MAP) == []


# ---------------------------------------------------------------------------------------------------------------------
# The spring allowance east of the pact line (W-16)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/W-16")
def test_free_limited_offensives_east_of_the_pact_line() -> None:
    base = [created(), *UNITS, *MUD, offensive("germany", 15, "eastern_poland", "full")]
    free = offensive("germany", 0, "russian_winter", free_brps=14)
    assert found([*base, free], "spring_allowance", MAP) == []
    # more than 14 free BRPs
    more = offensive("germany", 0, "russian_winter", free_brps=1)
    assert found([*base, free, more], "spring_allowance", MAP) == [
        "Germany carries out 1 BRPs of offensive operations at no cost: at most 14 BRPs a turn; now 15 (34.25)"
    ]
    # no full offensive west of the line
    no_full = [created(), *UNITS, *MUD, offensive("germany", 10, "eastern_poland"), free]
    assert found(no_full, "spring_allowance", MAP) == [
        "Germany carries out 14 BRPs of offensive operations at no cost: only with a full offensive of the European "
        "Axis on the eastern front outside it (34.25)"
    ]
    # not west of the line, not in summer
    wrong_zone = offensive("germany", 0, "eastern_poland", free_brps=5)
    assert "only in the Russian winter zone" in found([*base, wrong_zone], "spring_allowance", MAP)[0]
    summer = offensive("germany", 0, "russian_winter", free_brps=5, when=at(1942, "summer", "axis", "combat"))
    assert "only in a spring turn" in found([created(), *UNITS, summer], "spring_allowance", MAP)[0]
    # and no attrition on that front
    attrition = make(
        AttritionDeclared, AXIS, attrition="a1", attacker="european_axis", target="russia", front="eastern", factors=9
    )
    assert found([*base, free, attrition], "spring_allowance", MAP) == [
        "European Axis attritions on the eastern front in a turn it carried out 14 BRPs of free limited offensives "
        "under 34.25, which allows no attrition combat"
    ]
    assert found([*base, attrition], "spring_allowance", MAP) == []


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
    base = [created(), *UNITS, *_winter(3)]
    assert found([*base, *_border_exploit(-2)], "winter_exploitation_cut", MAP) == []
    assert found([*base, war, *_border_exploit(0)], "winter_exploitation_cut", MAP) == []
    assert found([*base, war, *_border_exploit(-2)], "winter_exploitation_cut", MAP) == [
        "rus-arm-1 exploits from EUR:J41 at winter level 0: the Winter Table cuts its movement by 0 (34.41; halved in "
        "the Pacific); recorded -2"
    ]
    # a general war involving Russia ends the exemption
    general = make(
        WarDeclared, at(1941, "summer", "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=35
    )
    assert found([*base, war, general, *_border_exploit(-2)], "winter_exploitation_cut", MAP) == []
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
    assert found([created(), *UNITS, *weather, strike], "winter_gates", MAP) != []
    assert found([created(), *UNITS, war, *weather, strike], "winter_gates", MAP) == []
