"""Oil sources, production, damage, repair, synthetic plants and the embargo (33.2, 33.3, 33.4521): each test plants
the fault of its checklist items and shows the clean case; worked examples TC-01 (33.4521, the embargo), TC-11
(33.33A), TC-12 (33.33B), TC-20 and the 33.234 plant output."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AttackDeclared,
    Event,
    OilEmbargoImposed,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilPlantBuilt,
    OilProduced,
    RouteStatusChanged,
    StatusChanged,
    TensionChanged,
    WarDeclared,
)
from awaw_events.events.combat import Attacker, Defender
from tests.build import at, control, found, make, unit
from tests.build import skipped_with as skipped
from tests.conftest import created

AXIS_OIL = at(1942, "summer", "axis", "oil_adjustment")
ALLIED_OIL = at(1942, "summer", "allied", "oil_adjustment")


def produced(faction: str, source: str, amount: int, when: dict[str, object] = AXIS_OIL, **more: object) -> OilProduced:
    return make(OilProduced, when, faction=faction, source=source, amount=amount, **more)


def damage(
    facility: str, markers: int, cause: str = "bombing", when: dict[str, object] = AXIS_OIL, **more: object
) -> Event:
    return make(OilFacilityDamaged, when, facility=facility, markers=markers, cause=cause, **more)


# ---------------------------------------------------------------------------------------------------------------------
# What a source produces (O-01, O-10, O-11; TC-11, 33.234)
# ---------------------------------------------------------------------------------------------------------------------

TC11 = [
    # (center, markers, production)
    ("ploesti", 0, 15),
    ("ploesti", 1, 13),
    ("ploesti", 2, 10),
    ("ploesti", 6, 0),
    ("baku", 3, 3),
    ("grozny", 1, 3),
]


@pytest.mark.plants("31-34/O-01")
@pytest.mark.parametrize(("center", "markers", "fifths"), TC11)
def test_tc11_a_damaged_center_produces_less(center: str, markers: int, fifths: int) -> None:
    """TC-11: odd markers take 2 fifths, even ones 3 more; Ploesti with 1 marker gives 13 fifths, with 6 none."""
    hurt = [damage(center, markers, when=at(1942, "spring", "allied", "combat"))] if markers else []
    faction = "european_axis" if center == "ploesti" else "russia"
    when = AXIS_OIL if faction == "european_axis" else ALLIED_OIL
    assert found([created(), *hurt, produced(faction, center, fifths, when)], "oil_output") == []
    wrong = found([created(), *hurt, produced(faction, center, fifths + 2, when)], "oil_output")
    assert len(wrong) == 1 and f"produces {fifths} fifth" in wrong[0]


@pytest.mark.plants("31-34/O-01", "31-34/O-10")
def test_synthetic_plant_output_33_234() -> None:
    """33.234: a plant built at the start of the Axis player turn gives a counter that turn; 33.32A: less a fifth a
    damage marker; 33.32B: none once its hex is the enemy's."""
    built = make(
        OilPlantBuilt,
        at(1942, "summer", "axis", "oil_adjustment"),
        power="germany",
        facility="leuna",
        rp_cost=5,
        location="leipzig",
        hex="EUR:M31",
        breakthroughs=0,
    )
    plant_oil = {"facility": "leuna"}
    assert found([created(), built, produced("european_axis", "synthetic_plant", 5, **plant_oil)], "oil_output") == []
    hurt = damage("leuna", 2, when=at(1942, "summer", "allied", "combat"))
    later = at(1942, "fall", "axis", "oil_adjustment")
    assert (
        found(
            [created(), built, hurt, produced("european_axis", "synthetic_plant", 3, later, **plant_oil)], "oil_output"
        )
        == []
    )
    assert found(
        [created(), built, hurt, produced("european_axis", "synthetic_plant", 5, later, **plant_oil)], "oil_output"
    ) == ["plant leuna with 2 damage markers (33.32A) produces 3 fifths; European Axis recorded 5 fifths (1 counter)"]
    lost = control("EUR:M31", "russia", at(1942, "summer", "allied", "combat"), "advance_after_combat")
    assert found(
        [created(), built, lost, produced("european_axis", "synthetic_plant", 5, later, **plant_oil)], "oil_output"
    ) == [
        "plant leuna is destroyed (its hex passed to the enemy, 33.32B) and produces no "
        "oil; recorded 5 fifths (1 counter)"
    ]


def test_a_damaged_plant_under_the_undamaged_only_reading() -> None:
    from awaw_events.events import GameCreated

    game = GameCreated(year=1939, season="fall", phase="setup", options={"oil.damaged_plant": "undamaged_only"})
    built = make(OilPlantBuilt, AXIS_OIL, power="germany", facility="leuna", rp_cost=5, location="leipzig")
    hurt = damage("leuna", 1, when=at(1942, "summer", "allied", "combat"))
    later = at(1942, "fall", "axis", "oil_adjustment")
    assert (
        found(
            [game, built, hurt, produced("european_axis", "synthetic_plant", 0, later, facility="leuna")], "oil_output"
        )
        == []
    )
    assert (
        found(
            [game, built, hurt, produced("european_axis", "synthetic_plant", 4, later, facility="leuna")], "oil_output"
        )
        != []
    )


@pytest.mark.plants("31-34/O-11")
def test_the_urals_box_produces_one_counter_and_one_per_diverted_ic() -> None:
    assert found([created(), produced("russia", "urals_box", 15, ALLIED_OIL, ics_diverted=2)], "oil_output") == []
    assert found([created(), produced("russia", "urals_box", 5, ALLIED_OIL)], "oil_output") == []
    assert found([created(), produced("russia", "urals_box", 10, ALLIED_OIL, ics_diverted=2)], "oil_output") == [
        "the Urals box with 2 IC(s) diverted (33.21B, 37.65) produces 15 fifths (3 counters); Russia recorded 10 "
        "fifths (2 counters)"
    ]
    assert found([created(), produced("russia", "urals_box", 3, ALLIED_OIL)], "oil_output") != []
    assert skipped([created(), produced("russia", "urals_box", 10, ALLIED_OIL)], "oil_output") == [
        "Urals production above one counter without the ICs diverted (ics_diverted)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The embargo (O-33; TC-01)
# ---------------------------------------------------------------------------------------------------------------------


def _japan(year: int, season: str, amount: int) -> OilProduced:
    return produced(
        "japan", "international_market", amount, at(year, season, "axis", "oil_adjustment"), reserve="japan"
    )


TC01 = [(1941, "summer", 40), (1941, "fall", 15), (1941, "winter", 15), (1942, "spring", 0), (1942, "summer", 0)]


@pytest.mark.plants("31-34/O-33")
def test_tc01_the_market_after_the_embargo() -> None:
    """TC-01: embargo in Summer 1941 (after the Japanese player turn); Summer unlimited, Fall and Winter 1941 three
    counters, from Spring 1942 none."""
    usjt = make(TensionChanged, at(1941, "spring", phase="game_turn_start"), track="usjt", old=15, new=20)
    embargo = make(OilEmbargoImposed, at(1941, "summer", "allied", "diplomacy"), usjt=20)
    printed = [_japan(1941, "summer", 40), embargo, *(_japan(y, s, n) for y, s, n in TC01[1:])]
    assert found([created(), usjt, *printed], "market_oil") == []
    altered = [_japan(1941, "summer", 40), embargo, _japan(1941, "fall", 25), _japan(1942, "spring", 15)]
    assert found([created(), usjt, *altered], "market_oil") == [
        "Japan receives 15 fifths (3 counters) from the international market: the embargo was imposed 1 game turn "
        "ago (33.4521); recorded 25 fifths (5 counters)",
        "Japan receives 0 fifths from the international market: the embargo was imposed 3 game turns ago (33.4521); "
        "recorded 15 fifths (3 counters)",
    ]


@pytest.mark.plants("31-34/O-33")
def test_the_embargo_needs_usjt_20_and_war_with_the_us_ends_the_market() -> None:
    early = make(OilEmbargoImposed, at(1941, "summer", "allied", "diplomacy"), usjt=15)
    assert found([created(), early, early], "embargo") == [
        "the U.S. imposed the oil embargo at USJT 15; it needs 20 (33.45211A)",
        "the oil embargo on Japan is imposed a second time; it is never lifted (33.45211)",
        "the U.S. imposed the oil embargo at USJT 15; it needs 20 (33.45211A)",
    ]
    war = make(WarDeclared, at(1941, "winter", "axis", "diplomacy"), aggressor="japan", target="usa", brp_cost=0)
    assert found([created(), war, _japan(1941, "winter", 30)], "market_oil") == []  # the turn of going to war
    assert found([created(), war, _japan(1942, "spring", 15)], "market_oil") == [
        "Japan receives 0 fifths from the international market: Japan is at war with the U.S.; recorded 15 fifths "
        "(3 counters)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Who draws on what (O-02, O-04, O-05)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-02.A", "31-34/O-02.C")
def test_a_faction_draws_only_on_sources_it_may_use() -> None:
    assert found([created(), produced("european_axis", "abadan", 15, hex="EUR:NN60")], "oil_source_access") == [
        "European Axis drew oil from abadan: european_axis may never draw oil from abadan (33.44-33.47)"
    ]
    opened = make(RouteStatusChanged, at(1942, "spring", "allied", "diplomacy"), route="persia", open=True)
    held = [control(h, "russia", at(1941, "fall", "allied", "combat")) for h in ("EUR:NN60", "EUR:NN61")]
    persia = produced("russia", "abadan", 5, ALLIED_OIL, hex="EUR:NN60")
    assert found([created(), *held, opened, persia], "oil_source_access") == []  # route opened on an earlier turn
    same_turn = make(RouteStatusChanged, at(1942, "summer", "allied", "diplomacy"), route="persia", open=True)
    assert found([created(), *held, same_turn, persia], "oil_source_access") == [
        "Russia drew oil from abadan: Persian oil before the Persian route opened on a previous turn (33.4622)"
    ]
    too_much = produced("russia", "ahwaz", 5, ALLIED_OIL, hex="EUR:NN61")
    assert found([created(), *held, opened, persia, too_much], "oil_source_access") == [
        "Russia drew oil from ahwaz: more than one counter per turn from Persia (33.4622)"
    ]
    assert found([created(), opened, persia], "oil_source_access") == [
        "Russia drew oil from abadan: russia draws from abadan held by neutral (33.41A)"
    ]
    assert found([created(), produced("china", "urals_box", 5, ALLIED_OIL)], "oil_source_access") == [
        "China have no oil: China is exempt from every oil rule (33.49)"
    ]


@pytest.mark.plants("31-34/O-02.A")
def test_a_center_held_by_the_enemy_gives_no_oil() -> None:
    taken = control("EUR:Z44", "germany", at(1942, "spring", "axis", "combat"), "advance_after_combat")
    assert found(
        [created(), taken, produced("russia", "maikop", 5, ALLIED_OIL, hex="EUR:Z44")], "oil_source_access"
    ) == ["Russia drew oil from maikop: russia draws from maikop held by european_axis (33.41A)"]
    assert found([created(), taken, produced("european_axis", "maikop", 5, hex="EUR:Z44")], "oil_source_access") == []


@pytest.mark.plants("31-34/O-02.B", "31-34/O-02.D", "31-34/O-02.E")
def test_ploesti_mosul_and_the_indies_by_who_holds_them() -> None:
    """33.4421: the European Axis draw no Ploesti oil when Russia holds it and is at war with Germany (or RGT are 45
    or more), nor when the Western Allies hold it; 33.4622: Russia draws Mosul oil only while the Allies control
    Turkey; 33.4522: Japan draws Brunei or Palembang oil only if the center was Japanese at the start of the
    Japanese player turn."""
    ploesti = "EUR:V36"
    axis_held = [created(), control(ploesti, "germany", at(1941, "fall", "axis", "combat"))]
    assert found([*axis_held, produced("european_axis", "ploesti", 15, hex=ploesti)], "oil_source_access") == []
    war = make(WarDeclared, at(1941, "summer", "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=0)
    russian = [created(), war, control(ploesti, "russia", at(1942, "spring", "allied", "combat"))]
    assert found([*russian, produced("european_axis", "ploesti", 15, hex=ploesti)], "oil_source_access") == [
        "European Axis drew oil from ploesti: Ploesti is Russian-held while at war or RGT >= 45 (33.4421A)"
    ]
    british = [created(), control(ploesti, "britain", at(1942, "spring", "allied", "combat"))]
    assert found([*british, produced("european_axis", "ploesti", 15, hex=ploesti)], "oil_source_access") == [
        "European Axis drew oil from ploesti: Ploesti is WA-controlled (33.4421B)"
    ]
    mosul = "EUR:NN50"
    held = [created(), control(mosul, "russia", at(1941, "fall", "allied", "combat"))]
    drawn = produced("russia", "mosul", 5, ALLIED_OIL, hex=mosul)
    assert found([*held, drawn], "oil_source_access") == [
        "Russia drew oil from mosul: Russian Mosul oil while the Allies do not control Turkey (33.4622)"
    ]
    allied = make(StatusChanged, at(1942, "spring", "allied", "diplomacy"), country="turkey", status="associated",
                  faction="western_allies")  # fmt: skip
    assert found([*held, allied, drawn], "oil_source_access") == []
    palembang = "PAC:V20"
    taken = control(palembang, "japan", at(1942, "summer", "axis", "combat"))
    japanese = produced("japan", "palembang", 15, hex=palembang)
    assert found([created(), control(palembang, "japan", at(1942, "spring", "axis", "combat")), japanese],
                 "oil_source_access") == []  # fmt: skip
    assert "Japan drew oil from palembang: palembang was not Japanese at the start of the Japanese player turn " \
        "(33.4522)" in found([created(), taken, japanese], "oil_source_access")  # fmt: skip


@pytest.mark.plants("31-34/O-04")
def test_no_oil_from_a_center_in_the_turn_it_was_captured() -> None:
    """33.43: a center taken in the Axis combat phase gives no usable oil in that game turn."""
    taken = control("EUR:Z44", "germany", at(1942, "summer", "axis", "combat"), "advance_after_combat")
    same_turn = produced("european_axis", "maikop", 5, at(1942, "summer", "axis", "post_combat_supply"), hex="EUR:Z44")
    assert found([created(), taken, same_turn], "oil_source_access") == [
        "European Axis drew oil from maikop: maikop was captured this turn; its oil may not be used (33.43)"
    ]
    marked = make(
        OilProduced,
        at(1942, "summer", "axis", "post_combat_supply"),
        faction="european_axis",
        source="maikop",
        amount=5,
        hex="EUR:Z44",
        usable=False,
    )
    next_turn = produced("european_axis", "maikop", 5, at(1942, "fall", "axis", "oil_adjustment"), hex="EUR:Z44")
    assert found([created(), taken, marked, next_turn], "oil_source_access") == []


@pytest.mark.plants("31-34/O-05")
def test_no_oil_from_a_center_held_by_partisans() -> None:
    rising = control("EUR:Y46", "russia", at(1942, "spring", "allied", "combat"), "partisans")
    assert found(
        [created(), rising, produced("russia", "grozny", 5, ALLIED_OIL, hex="EUR:Y46")], "oil_source_access"
    ) == ["Russia drew oil from grozny: grozny is held by partisans and produces no oil (33.33B)"]


def test_a_center_whose_hex_is_unknown_is_not_checked_for_control() -> None:
    report = skipped([created(), produced("russia", "maikop", 5, ALLIED_OIL)], "oil_source_access")
    assert report and "no map data names Maikop" in report[0]


# ---------------------------------------------------------------------------------------------------------------------
# Damage and repair (O-06, O-07, O-08; TC-12)
# ---------------------------------------------------------------------------------------------------------------------


def _capture(
    target: str, center_hex: str, defenders: list[tuple[str, int]], cause: str = "advance_after_combat"
) -> list[Event]:
    when = at(1942, "summer", "axis", "combat")
    units = [unit(u, center_hex, owner="russia", factors=f) for u, f in defenders]
    units.append(unit("ger-arm-1", "EUR:X43", "armor"))
    declared = make(
        AttackDeclared,
        when,
        attack="a1",
        defender_hexes=[center_hex],
        attackers=[Attacker(unit="ger-arm-1", factors=3, origin="EUR:X43")],
        defenders=[Defender(unit=u, factors=f, hex=center_hex) for u, f in defenders],
    )
    return [*units, declared, control(center_hex, "germany", when, cause, ref="a1")]


TC12 = [
    # (center, defenders, markers): defence with DM = factors x 2 (15.32A)
    ("maikop", [("r1", 2)], 0),  # 4 -> 0
    ("ploesti", [("r1", 3)], 1),  # 6 -> 1
    ("ploesti", [("r1", 3), ("r2", 3)], 2),  # 12 -> 2
    ("ploesti", [("r1", 6), ("r2", 6)], 4),  # 24 -> 4 (TC-12: 23 -> 4)
    ("grozny", [("r1", 5), ("r2", 4)], 2),  # 18 -> 3, capped at 2 (TC-12: Grozny against 17)
]


@pytest.mark.plants("31-34/O-06")
@pytest.mark.parametrize(("center", "defenders", "markers"), TC12)
def test_tc12_capture_damage(center: str, defenders: list[tuple[str, int]], markers: int) -> None:
    """TC-12 (33.33B): floor(defence with DM / 5) markers, at most the level that stops production."""
    events = [created(), *_capture(center, "EUR:Z40", defenders)]
    when = at(1942, "summer", "axis", "combat")
    if markers:
        assert (
            found([*events, damage(center, markers, "capture", when, ref="a1", hex="EUR:Z40")], "capture_damage") == []
        )
    wrong = found([*events, damage(center, markers + 1, "capture", when, ref="a1", hex="EUR:Z40")], "capture_damage")
    assert len(wrong) == 1 and f"is {markers}; recorded {markers + 1}" in wrong[0]


@pytest.mark.plants("31-34/O-06")
def test_no_capture_damage_without_ground_combat_or_on_a_friendly_center() -> None:
    when = at(1942, "summer", "axis", "combat")
    diplomatic = control("EUR:Z40", "germany", when, "diplomacy")
    assert found([created(), diplomatic, damage("ploesti", 1, "capture", when, hex="EUR:Z40")], "capture_damage") == [
        "ploesti changed hands by diplomacy, not ground combat: it takes no capture damage (33.33B)"
    ]
    assert found([created(), damage("ploesti", 1, "capture", when, hex="EUR:Z40")], "capture_damage") == [
        "ploesti (EUR:Z40) did not change hands this turn: no capture damage (33.33B)"
    ]
    russian = control("EUR:Z44", "russia", at(1942, "spring", "allied", "combat"))
    bombing = make(
        OilFacilityDamaged, {**when, "actor": "russia"}, facility="maikop", markers=1, cause="bombing", hex="EUR:Z44"
    )
    assert found([created(), russian, bombing], "capture_damage") == [
        "Russia damaged maikop, which its own side holds (33.33B)"
    ]


@pytest.mark.plants("31-34/O-07")
def test_damage_never_passes_the_zero_production_level() -> None:
    when = at(1942, "summer", "allied", "combat")
    assert found([created(), damage("grozny", 2, when=when)], "damage_maximum") == []
    assert found([created(), damage("grozny", 2, when=when), damage("grozny", 1, when=when)], "damage_maximum") == [
        "grozny carries 2 damage markers and takes 1 more: its maximum damage is 2, the level that stops its "
        "production (33.33C)"
    ]
    built = make(OilPlantBuilt, AXIS_OIL, power="germany", facility="leuna", rp_cost=5, location="leipzig")
    assert found(
        [created(), built, damage("leuna", 4, when=when), damage("leuna", 2, when=when)], "damage_maximum"
    ) == ["plant leuna is destroyed at 5 markers (33.32B); it carried 4 and is given 2"]
    assert found(
        [created(), built, damage("leuna", 5, when=when), damage("leuna", 1, when=when)], "damage_maximum"
    ) == ["plant leuna is already destroyed (33.32B)"]


def repaired(
    facility: str, markers: int, power: str = "germany", automatic: bool = False, when: dict[str, object] | None = None
) -> Event:
    return make(
        OilFacilityRepaired,
        when or at(1942, "summer", "axis", "end_of_player_turn"),
        facility=facility,
        power=power,
        markers=markers,
        automatic=automatic,
    )


@pytest.mark.plants("31-34/O-08")
def test_repairs_two_markers_a_turn_at_the_end_of_the_own_player_turn() -> None:
    hurt = damage("ploesti", 4, when=at(1942, "spring", "allied", "combat"), hex="EUR:Z40")
    held = control("EUR:Z40", "germany", at(1941, "spring", "axis", "combat"))
    base = [created(), held, hurt]
    assert found([*base, repaired("ploesti", 2)], "oil_repair") == []
    assert found([*base, repaired("ploesti", 1), repaired("ploesti", 2)], "oil_repair") == [
        "Germany removed 3 damage markers this turn; at most 2 (33.331)"
    ]
    assert found([*base, repaired("ploesti", 1, "italy")], "oil_repair") == [
        "Italy may not repair oil facilities (33.331)"
    ]
    assert found([*base, repaired("ploesti", 1, when=at(1942, "summer", "axis", "combat"))], "oil_repair") == [
        "Germany repaired oil damage outside the end of its own player turn (33.331)"
    ]
    russian = control("EUR:Z40", "russia", at(1942, "spring", "allied", "combat"))
    assert found([*base, russian, repaired("ploesti", 1)], "oil_repair") == [
        "Germany repaired ploesti, which it does not hold (33.331)"
    ]


@pytest.mark.plants("31-34/O-08")
def test_a_plant_repairs_itself_one_marker_a_turn() -> None:
    built = make(OilPlantBuilt, AXIS_OIL, power="germany", facility="leuna", rp_cost=5, location="leipzig")
    hurt = damage("leuna", 3, when=at(1942, "summer", "allied", "combat"))
    base = [created(), built, hurt]
    assert found([*base, repaired("leuna", 1, automatic=True), repaired("leuna", 2)], "oil_repair") == []
    assert found([*base, repaired("leuna", 2, automatic=True)], "oil_repair") == [
        "a plant loses one damage marker a turn by itself (26.72B, 33.32A); recorded 2"
    ]
    from awaw_events.events import GameCreated

    counted = GameCreated(year=1939, season="fall", phase="setup", options={"oil.plant_self_repair": "counted"})
    assert found([counted, built, hurt, repaired("leuna", 1, automatic=True), repaired("leuna", 2)], "oil_repair") == [
        "Germany removed 3 damage markers this turn; at most 2 (33.331)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Synthetic plants (O-09; TC-20)
# ---------------------------------------------------------------------------------------------------------------------


def plant(location: str, rp: int = 5, power: str = "germany", facility: str | None = None, **more: object) -> Event:
    return make(
        OilPlantBuilt,
        AXIS_OIL,
        power=power,
        facility=facility or f"{power}-{location}",
        rp_cost=rp,
        location=location,
        **more,
    )


@pytest.mark.plants("31-34/O-09.A", "31-34/O-09.C", "31-34/O-09.E", "31-34/O-09.F")
def test_tc20_plant_cost_place_and_number() -> None:
    """TC-20: 5 RPs less one per military breakthrough (2 breakthroughs: 3 RPs); at most 6 German plants, each in a
    different German objective until all five have one."""
    assert found([created(), plant("berlin", 3, breakthroughs=2)], "oil_plant_built") == []
    assert found([created(), plant("berlin", 4, breakthroughs=2)], "oil_plant_built") == [
        "a synthetic plant costs 5 RPs less 1 per military breakthrough: 2 breakthrough(s) make 3; recorded 4 "
        "(33.234, 42.24F)"
    ]
    assert found([created(), plant("berlin", 6)], "oil_plant_built") == [
        "a synthetic plant costs 5 RPs (33.234); recorded 6"
    ]
    assert found([created(), plant("berlin"), plant("berlin", facility="b2")], "oil_plant_built") == [
        "Germany built a synthetic plant at berlin: second German plant at 'berlin' before every objective has one "
        "(33.231C)"
    ]
    five = [plant(o) for o in ("berlin", "breslau", "cologne", "essen", "leipzig")]
    assert found([created(), *five, plant("berlin", facility="b2")], "oil_plant_built") == []
    assert (
        "the maximum is 6"
        in found([created(), *five, plant("berlin", facility="b2"), plant("essen", facility="e2")], "oil_plant_built")[
            0
        ]
    )
    assert found([created(), plant("munich")], "oil_plant_built") == [
        "Germany built a synthetic plant at munich: German plant at 'munich': not a German objective (33.231C)"
    ]
    assert found([created(), plant("moscow", power="russia")], "oil_plant_built") == [
        "Russia may not produce synthetic oil plants (33.233)"
    ]


@pytest.mark.plants("31-34/O-09.B", "31-34/O-09.D", "31-34/O-09.E")
def test_japanese_plants_need_research_and_go_to_harbin_or_mukden() -> None:
    assert found([created(), plant("harbin", power="japan", research_steps=15)], "oil_plant_built") == []
    both = [plant("harbin", power="japan", research_steps=15), plant("mukden", power="japan", research_steps=18)]
    assert found([created(), *both], "oil_plant_built") == []
    third = plant("harbin", power="japan", research_steps=18, facility="h2")
    assert "Japan built a synthetic plant at harbin: japan already has 2 plants; the maximum is 2 (33.234)" in found(
        [created(), *both, third], "oil_plant_built"
    )
    second = plant("mukden", power="japan", research_steps=15)
    assert found([created(), plant("harbin", power="japan", research_steps=15), second], "oil_plant_built") == [
        "Japan built a synthetic plant at mukden: Japanese plant 2 needs more research (15 steps) (33.232B)"
    ]
    late = make(
        OilPlantBuilt,
        at(1942, "summer", "allied", "unit_construction"),
        power="germany",
        facility="x",
        rp_cost=5,
        location="essen",
    )
    assert found([created(), late], "oil_plant_built") == [
        "synthetic plants are produced at the start of the Axis player turn (33.234)"
    ]
