"""Partisans (AWAW 11): builds, builders, placement, movement limits, CTL, supply, control and attrition."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    Event,
    HexControlChanged,
    PartisansPlaced,
    StatusChanged,
    SupplyDetermined,
    UnitRedeployed,
)
from awaw_events.events.base import Modifier, UnitFactors
from awaw_events.events.board import SupplyResult
from awaw_events.events.combat import Attacker, Defender
from tests.build import WHEN, created, messages, move, phase, turn, war
from tests.build import map_data as make_map
from tests.build import place_typed as place
from tests.build import run_created as run

ALLIED: dict[str, Any] = {**WHEN, "side": "allied"}
AXIS: dict[str, Any] = {**WHEN, "side": "axis"}


def partisan(
    unit: str,
    hex_: str = "EUR:P22",
    *,
    owner: str = "britain",
    area: str = "FR",
    cost: int = 2,
    phase_: str = "unit_construction",
    **when: Any,
) -> PartisansPlaced:
    return PartisansPlaced(**{**ALLIED, **when}, phase=phase_, unit=unit, owner=owner, area=area, hex=hex_, cost=cost)  # type: ignore[arg-type]


def control(hex_: str, who: str) -> HexControlChanged:
    return HexControlChanged(year=1939, season="fall", phase="setup", hex=hex_, controller=who, cause="setup")


def fallen_france(*more: Event) -> list[Event]:
    return [
        created(),
        war("germany", "britain"),
        war("germany", "russia"),
        StatusChanged(year=1940, season="summer", phase="combat", country="france", status="fallen"),
        *(control(h, "germany") for h in ("EUR:P22", "EUR:P23", "EUR:Q22", "EUR:P20")),
        *more,
        turn("allied"),
        phase("unit_construction", "allied"),
    ]


@pytest.mark.plants("AUD-11-03", "AUD-11-04")
def test_partisans_are_placed_in_construction_for_two_brps() -> None:
    assert messages(run([*fallen_france(), partisan("p1")]), "partisan_builds") == []
    early = run([*fallen_france(), phase("movement", "allied"), partisan("p1", phase_="movement")])
    assert "is placed in the movement phase" in messages(early, "partisan_builds")[0]
    cheap = run([*fallen_france(), partisan("p1", cost=1)])
    assert "costs 1 BRPs: a partisan costs 2" in messages(cheap, "partisan_builds")[0]
    free = run([*fallen_france(), partisan("p1", cost=0)])
    assert "only Russia's first in Russia/Siberia costs nothing" in messages(free, "partisan_builds")[0]
    russia = [
        created(),
        war("germany", "russia"),
        *(control(h, "germany") for h in ("EUR:K45", "EUR:K46")),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]
    one_free = partisan("r1", "EUR:K45", owner="russia", area="RU+EPOL", cost=0)
    two_free = partisan("r2", "EUR:K46", owner="russia", area="RU+EPOL", cost=0)
    found = messages(run([*russia, one_free, two_free]), "partisan_builds")
    assert found == [
        "partisan r2 is free, but a second free Russian partisan this turn costs nothing (11.352; the Communist "
        "Chinese free partisan needs a Sinkiang Road result)"
    ]


@pytest.mark.plants("AUD-11-05.A")
def test_one_partisan_per_faction_and_country_a_turn_russia_two() -> None:
    two = run([*fallen_france(), partisan("p1"), partisan("p2", "EUR:P23", owner="usa")])
    assert "is the 2th western allies partisan in FR this turn" in messages(two, "partisan_builds")[0]
    later = [
        *fallen_france(),
        partisan("p1"),
        phase("unit_construction", "allied", season="fall"),
        partisan("p2", "EUR:P23", owner="usa", season="fall"),
    ]
    assert not [m for m in messages(run(later), "partisan_builds") if "this turn" in m]


@pytest.mark.plants("AUD-11-01")
def test_partisans_stay_within_the_major_power_partisan_table() -> None:
    events = [*fallen_france(), partisan("p1")]
    events += [phase("unit_construction", "allied", season="fall"), partisan("p2", "EUR:P23", season="fall")]
    events += [phase("unit_construction", "allied", season="winter"), partisan("p3", "EUR:Q22", season="winter")]
    found = messages(run(events), "partisan_builds")
    assert found == [
        "partisan p3 makes 3 western allies partisans in FR: the Major Power Partisan Table allows 2 at most (11.22)"
    ]


@pytest.mark.plants("AUD-11-02", "AUD-11-07.A", "AUD-11-07.B")
def test_partisans_are_built_where_and_by_whom_the_rules_allow() -> None:
    standing = [
        created(),
        war("germany", "britain"),
        war("germany", "russia"),
        control("EUR:P22", "germany"),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]
    assert "france has not surrendered (11.33A)" in messages(run([*standing, partisan("p1")]), "partisan_builders")[0]
    usa = run([*fallen_france(), partisan("p1", owner="usa")])
    assert any("usa is not at war with Germany (11.354)" in m for m in messages(usa, "partisan_builders"))
    axis = [created(), war("germany", "britain"), control("EUR:N22", "britain"), turn(), phase("unit_construction")]
    italian = partisan("x1", "EUR:N22", owner="italy", area="GB", **{"side": "axis"})
    found = " ".join(messages(run([*axis, italian]), "partisan_builders"))
    assert "European Axis partisans are built by Germany (11.355)" in found
    assert "the european axis have no partisans in GB (11.22)" in found
    germany = partisan("x1", "EUR:K30", owner="britain", area="germany")
    assert (
        "no partisans are built in germany (11.33E)"
        in messages(run([*fallen_france(), germany]), "partisan_builders")[0]
    )


@pytest.mark.plants("AUD-11-06.D")
def test_partisans_go_in_vacant_enemy_hexes_out_of_enemy_zocs() -> None:
    hexes = {h: {"country": "france", "terrain": "clear"} for h in ("EUR:P22", "EUR:P23", "EUR:P21", "EUR:O23")}
    data = make_map(hexes)
    armor = place("ga1", "germany", "armor", "EUR:P21", factors=4, movement=6)
    found = messages(
        run([*fallen_france(armor, control("EUR:P21", "germany")), partisan("p1")], data), "partisan_placement"
    )
    assert found == ["partisan p1 is placed in EUR:P22, but it is in the ZoC of ga1 (11.353E)"]
    assert messages(run([*fallen_france(), partisan("p1", "EUR:P23")], data), "partisan_placement") == []
    occupied = fallen_france(place("gi1", "germany", "infantry", "EUR:P23"))
    assert (
        "an enemy unit stands there"
        in messages(run([*occupied, partisan("p1", "EUR:P23")], data), "partisan_placement")[0]
    )
    own = [created(), control("EUR:P20", "britain"), turn("allied"), phase("unit_construction", "allied")]
    assert (
        "is held by britain, not by the enemy"
        in messages(run([*own, partisan("p1", "EUR:P20")], data), "partisan_placement")[0]
    )


@pytest.mark.plants("AUD-11-09", "AUD-11-10.A")
def test_partisans_stay_in_their_country_and_never_redeploy_or_attack() -> None:
    data = make_map({"EUR:P23": {"country": "france"}, "EUR:P24": {"country": "germany"}})
    base = [*fallen_france(), partisan("p1"), turn("allied", season="fall"), phase("movement", "allied", season="fall")]
    home = move("p1", "EUR:P23", mf=1, actor="britain", side="allied", season="fall")
    assert messages(run([*base, home], data), "hexes_entered") == []
    out = move("p1", "EUR:P23", "EUR:P24", mf=2, actor="britain", side="allied", season="fall")
    assert (
        "enters EUR:P24 in germany: partisans stay in their country"
        in messages(run([*base, out], data), "hexes_entered")[0]
    )
    sea = UnitRedeployed(
        **{**ALLIED, "season": "fall"},
        phase="redeployment",
        actor="britain",
        unit="p1",
        kind="SR",
        origin="EUR:P22",
        destination="EUR:M20",
    )
    assert "p1 redeploys (SR)" in messages(run([*base, sea]), "partisan_limits")[0]
    attack = AttackDeclared(
        **{**ALLIED, "season": "fall"},
        phase="combat",
        actor="britain",
        attack="a1",
        defender_hexes=["EUR:P23"],
        attackers=[Attacker(unit="p1", factors=1, origin="EUR:P22")],
    )
    assert "partisan p1 attacks" in messages(run([*base, attack]), "partisan_limits")[0]


@pytest.mark.plants("AUD-11-11", "AUD-11-15.A", "AUD-11-15.B")
def test_partisans_defend_at_ctl_one_minus_one_dm_always_supplied_never_attritioned() -> None:
    base = [*fallen_france(), partisan("p1"), place("g1", "germany", "infantry", "EUR:P23"), turn()]
    defender = Defender(unit="p1", factors=1, hex="EUR:P22", ctl=2, dms=[Modifier(code="basic", value=2)])
    attack = AttackDeclared(
        **AXIS,
        phase="combat",
        actor="germany",
        attack="a1",
        defender_hexes=["EUR:P22"],
        attackers=[Attacker(unit="g1", factors=3, origin="EUR:P23")],
        defenders=[defender],
    )
    found = messages(run([*base, phase("combat"), attack]), "partisan_status")
    assert found == [
        "partisan p1 defends at CTL 2: partisans have CTL 1 (11.48)",
        "attack a1: partisan p1 defends without its -1 DM (11.46, 15.33C)",
    ]
    isolated = SupplyDetermined(
        **ALLIED,
        phase="movement",
        faction="western_allies",
        determination="initial",
        results=[SupplyResult(subject="p1", status="isolated")],
    )
    assert (
        "partisans are always supplied (11.51)"
        in messages(run([*fallen_france(), partisan("p1"), isolated]), "partisan_status")[0]
    )
    attrition = AttritionDeclared(
        **AXIS,
        phase="attrition",
        attrition="t1",
        attacker="european_axis",
        target="britain",
        front="western",
        counted=[UnitFactors(unit="g1", factors=3)],
        factors=3,
        partisans=True,
    )
    assert (
        "partisans may not be attritioned"
        in messages(run([*base, phase("attrition"), attrition]), "partisan_status")[0]
    )


@pytest.mark.plants("AUD-11-05.B")
def test_russia_adds_a_second_partisan_in_russia_at_full_cost() -> None:
    """11.353C: Russia may build a second partisan a turn in Russia/eastern Poland or Siberia, at full cost (the
    first may be its free one, 11.352); a third is the fault, and so is a second that is also free."""
    base = [
        created(),
        war("germany", "russia"),
        *(control(h, "germany") for h in ("EUR:J50", "EUR:J51", "EUR:J52")),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]

    def russian(unit: str, hex_: str, cost: int) -> PartisansPlaced:
        return partisan(unit, hex_, owner="russia", area="RU+EPOL", cost=cost)

    two = [*base, russian("r1", "EUR:J50", 0), russian("r2", "EUR:J51", 2)]
    assert messages(run(two), "partisan_builds") == []
    assert messages(run([*two, russian("r3", "EUR:J52", 2)]), "partisan_builds") == [
        "partisan r3 is the 3th russia partisan in RU+EPOL this turn: one per faction and country a turn, Russia two "
        "(11.353C)"
    ]
    free_twice = run([*base, russian("r1", "EUR:J50", 0), russian("r2", "EUR:J51", 0)])
    assert [m for m in messages(free_twice, "partisan_builds") if "(11.352" in m] == [
        "partisan r2 is free, but a second free Russian partisan this turn costs nothing (11.352; the Communist "
        "Chinese free partisan needs a Sinkiang Road result)"
    ]


@pytest.mark.plants("AUD-11-07.C")
def test_nationalist_chinese_partisans_are_built_by_nationalist_china() -> None:
    """11.356: Nationalist Chinese partisans are built by Nationalist China, not by another Western Allied power."""
    base = [created(), war("japan", "china"), war("japan", "britain"), control("PAC:K10", "japan"), turn("allied")]
    base.append(phase("unit_construction", "allied"))

    def builders(owner: str) -> list[str]:
        placed = partisan("c1", "PAC:K10", owner=owner, area="CN")
        return [m for m in messages(run([*base, placed]), "partisan_builders") if "11.356" in m]

    assert builders("china") == []
    assert builders("britain") == [
        "partisan c1 (britain, CN): Nationalist Chinese partisans are built by Nationalist China (11.356)"
    ]


@pytest.mark.plants("AUD-11-10.B", "AUD-11-10.C")
def test_partisans_are_never_counted_in_or_lost_to_attrition_and_never_get_das() -> None:
    """11.45: partisans are never counted in an attrition nor taken as its losses; 11.47, 18.611D: no defensive air
    support for partisans alone (non-partisan units attacked with them may have it)."""
    from awaw_events.events import AttritionLossesTaken

    base = [*fallen_france(), partisan("p1"), place("b1", "britain", "infantry", "EUR:P22"), turn("allied")]
    base.append(phase("attrition", "allied"))

    def counted(*units: str) -> AttritionDeclared:
        return AttritionDeclared(
            **ALLIED, phase="attrition", attrition="t1", attacker="western_allies", target="germany",
            front="western", counted=[UnitFactors(unit=u, factors=1) for u in units], factors=len(units),
        )  # fmt: skip

    assert messages(run([*base, counted("b1")]), "partisan_limits") == []
    assert messages(run([*base, counted("b1", "p1")]), "partisan_limits") == [
        "partisan p1 is counted in an attrition: partisans never move by sea or redeploy, make offensive operations "
        "or take part in attrition (11.43-11.45)"
    ]
    lost = AttritionLossesTaken(**AXIS, phase="attrition", attrition="t9", losses=[UnitFactors(unit="p1", factors=1)])
    assert messages(run([*fallen_france(), partisan("p1"), turn(), phase("attrition"), lost]), "partisan_limits") == [
        "partisan p1 is taken as an attrition loss: partisans never move by sea or redeploy, make offensive "
        "operations or take part in attrition (11.43-11.45)"
    ]
    units = [place("b1", "britain", "infantry", "EUR:P22"), place("g1", "germany", "infantry", "EUR:P23")]
    units.append(place("raf", "britain", "aaf", "EUR:P20", factors=5))
    attacked = [*fallen_france(), partisan("p1"), *units, turn(), phase("combat")]

    def das_for(*defenders: str) -> list[str]:
        attack = AttackDeclared(
            **AXIS, phase="combat", actor="germany", attack="a1", defender_hexes=["EUR:P22"],
            attackers=[Attacker(unit="g1", factors=3, origin="EUR:P23")],
            defenders=[Defender(unit=d, factors=1, hex="EUR:P22") for d in defenders],
            das=[UnitFactors(unit="raf", factors=5)],
        )  # fmt: skip
        return messages(run([*attacked, attack]), "partisan_limits")

    assert das_for("p1", "b1") == []
    assert das_for("p1") == ["attack a1: defensive air support for partisans alone (11.47, 18.611D)"]


@pytest.mark.plants("AUD-11-12")
def test_partisans_control_only_the_hex_they_stand_in() -> None:
    def held(hex_: str) -> HexControlChanged:
        return HexControlChanged(**ALLIED, phase="unit_construction", hex=hex_, controller="britain", cause="partisans")

    assert messages(run([*fallen_france(), partisan("p1"), held("EUR:P22")]), "partisan_status") == []
    assert (
        "no partisan stands there"
        in messages(run([*fallen_france(), partisan("p1"), held("EUR:P23")]), "partisan_status")[0]
    )


@pytest.mark.plants("AUD-11-02")
def test_special_cases_ireland_india_the_ukraine_and_minor_countries() -> None:
    from awaw_events.events import DiplomaticResult, ResearchResult

    axis = [created(), war("germany", "britain"), control("EUR:H15", "britain"), turn(), phase("unit_construction")]
    irish = partisan("x1", "EUR:H15", owner="germany", area="ireland", side="axis")
    found = messages(run([*axis, irish]), "partisan_builders")
    assert any("Ireland has no diplomatic result of 7 or more" in m for m in found)
    seven = DiplomaticResult(
        year=1939, season="fall", phase="setup", country="ireland", faction="european_axis", result=7
    )
    assert not any("Ireland" in m for m in messages(run([axis[0], seven, *axis[1:], irish]), "partisan_builders"))
    subversion = ResearchResult(year=1939, season="fall", phase="setup", power="japan", project="indian_subversion")
    india = [
        created(),
        subversion,
        war("japan", "britain"),
        *(control(h, "britain") for h in ("PAC:K29", "PAC:K28", "PAC:K27")),
        turn(),
        phase("unit_construction"),
    ]
    three = [
        partisan(f"j{n}", h, owner="japan", area="INDIA", side="axis") for n, h in enumerate(("PAC:K29", "PAC:K28"))
    ]
    later = partisan("j9", "PAC:K27", owner="japan", area="INDIA", side="axis", season="fall")
    found = messages(run([*india, *three, phase("unit_construction", season="fall"), later]), "partisan_builders")
    assert any("Japan has 2 Indian partisans already" in m for m in found)
    data = make_map({"EUR:M45": {"country": "ukraine"}})
    ukraine = DiplomaticResult(
        year=1939, season="fall", phase="setup", country="ukraine", faction="european_axis", result=6
    )
    russia = [
        created(),
        ukraine,
        war("germany", "russia"),
        control("EUR:M45", "germany"),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]
    red = partisan("r1", "EUR:M45", owner="russia", area="RU+EPOL")
    assert any(
        "the Ukraine has a diplomatic result of 6" in m
        for m in messages(run([*russia, red], data), "partisan_builders")
    )
    minor = [
        created(),
        war("germany", "britain"),
        war("britain", "norway"),
        control("EUR:D33", "germany"),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]
    norse = partisan("n1", "EUR:D33", area="norway")
    assert any(
        "the western allies declared war on norway (11.34)" in m
        for m in messages(run([*minor, norse]), "partisan_builders")
    )
