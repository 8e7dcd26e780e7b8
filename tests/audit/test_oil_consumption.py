"""Oil consumption: offsets per domain, extra operations paid by the unit, operations and the oil they rely on,
construction and growth oil, Japanese resistance, China (33.5-33.8, 33.49, 33.74): each test plants the fault of its
checklist items and shows the clean case; worked examples TC-04 (33.81, construction) and TC-16 (33.74)."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    BrpsSet,
    Event,
    OilExpended,
    OilMoved,
    PlayerTurnStarted,
    UnitBuilt,
)
from awaw_events.events.combat import Attacker
from tests.build import C, at, end, found, make, reserve, unit
from tests.build import skipped_with as skipped
from tests.conftest import created

FALL = at(1941, "fall", "axis", "oil_adjustment")
WINTER = at(1941, "winter", "axis", "oil_adjustment")


def spend(
    purpose: str,
    amount: int,
    when: dict[str, object] = FALL,
    *,
    rid: str = "european_axis",
    faction: str = "european_axis",
    **more: object,
) -> OilExpended:
    return make(OilExpended, when, faction=faction, reserve=rid, purpose=purpose, amount=amount, **more)


EA = reserve("european_axis", "european_axis", 50, 50)
WA = [*reserve("wa_europe", "western_allies", 30, 30), *reserve("wa_sa", "western_allies", 15, 15)]


# ---------------------------------------------------------------------------------------------------------------------
# Offsets per domain and nationality (O-50)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-50")
def test_an_offset_is_bought_once_per_domain_and_by_the_wa_per_nationality() -> None:
    once = spend("air_general", C, domain="berlin")
    assert found([created(), *EA, once, spend("air_general", C, domain="rome")], "offset_per_domain") == []
    assert found([created(), *EA, once, spend("air_general", C, domain="berlin")], "offset_per_domain") == [
        "the European Axis bought the air general offset for berlin twice this player turn (event 4): one counter "
        "per oil domain (33.61)"
    ]
    assert found([created(), *EA, once, spend("air_general", C, WINTER, domain="berlin")], "offset_per_domain") == []
    allied = at(1943, "spring", "allied", "oil_adjustment")
    uk = spend("army", C, allied, rid="wa_europe", faction="western_allies", domain="london", nationality="britain")
    us = spend("army", C, allied, rid="wa_europe", faction="western_allies", domain="london", nationality="usa")
    assert found([created(), *WA, uk, us], "offset_per_domain") == []
    french = spend("army", C, allied, rid="wa_europe", faction="western_allies", domain="paris", nationality="france")
    assert found([created(), *WA, french], "offset_per_domain") == [
        "Western Allied oil is bought for British or American units (33.55); not for France"
    ]
    anyone = spend("army", C, allied, rid="wa_europe", faction="western_allies", domain="paris")
    assert skipped([created(), *WA, anyone], "offset_per_domain") == [
        "a Western Allied offset that does not say whose (British or American) it is"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Extra operations paid by the unit (O-54, O-56..O-58, O-66, O-68)
# ---------------------------------------------------------------------------------------------------------------------

BOMBERS = [
    unit("he-111", "EUR:L32", "strategic_bomber", factors=5),
    unit("ju-88", "EUR:L32", "strategic_bomber", factors=7),
]


@pytest.mark.plants("31-34/O-54")
def test_strategic_air_oil_is_recomputed_from_the_units_paid_for() -> None:
    """33.71D, 33.82A: a fifth per 5 air factors; 12 factors need 3 fifths (or a full counter)."""
    paid = spend(
        "strategic_air", 3, at(1941, "fall", "axis", "combat"), pays_for=["he-111", "ju-88"], detail={"air_factors": 12}
    )
    assert found([created(), *EA, *BOMBERS, paid], "paid_units") == []
    claimed = spend(
        "strategic_air", 2, at(1941, "fall", "axis", "combat"), pays_for=["he-111", "ju-88"], detail={"air_factors": 10}
    )
    assert found([created(), *EA, *BOMBERS, claimed], "paid_units") == [
        "the units paid for (he-111, ju-88) come to 12 air factors; recorded 10",
        "European Axis: strategic_air: 12 air_factors need 3 fifths, paid 2 for he-111, ju-88 (33.71D, 33.82A)",
    ]


@pytest.mark.plants("31-34/O-54")
def test_a_fifth_is_never_split_between_british_and_american_units() -> None:
    planes = [
        unit("lanc", "EUR:M20", "strategic_bomber", "britain", 5),
        unit("b17", "EUR:M20", "strategic_bomber", "usa", 5),
    ]
    allied = at(1943, "spring", "allied", "combat")
    mixed = spend(
        "strategic_air",
        2,
        allied,
        rid="wa_europe",
        faction="western_allies",
        nationality="britain",
        pays_for=["lanc", "b17"],
        detail={"air_factors": 10},
    )
    assert found([created(), *WA, *planes, mixed], "paid_units") == [
        "Britain oil paid for b17, a the U.S. unit: a fifth is never split between British and American units "
        "(33.82A, 33.55)"
    ]


@pytest.mark.plants("31-34/O-56", "31-34/O-57")
def test_heavy_ships_and_submarines_paid_by_the_unit() -> None:
    ships = [
        unit("bismarck", "EUR:H28", "bb", factors=5),
        unit("graf-spee", "EUR:H28", "bb", factors=3),
        unit("u-boats", "EUR:H28", "submarine", factors=7),
        unit("kamikaze-1", "EUR:H28", "kamikaze", "japan", 1),
    ]
    combat = at(1941, "fall", "axis", "combat")
    assert found([created(), *EA, *ships, spend("heavy_ships", 1, combat, pays_for=["bismarck"])], "paid_units") == []
    assert found([created(), *EA, *ships, spend("heavy_ships", 1, combat, pays_for=["graf-spee"])], "paid_units") == [
        "European Axis paid heavy ships oil for graf-spee: the general naval offset covers it, not heavy-ship oil "
        "(33.72B-C)"
    ]
    assert found([created(), *EA, *ships, spend("submarines", 2, combat, pays_for=["u-boats"])], "paid_units") == []
    assert found([created(), *EA, *ships, spend("submarines", 1, combat, pays_for=["u-boats"])], "paid_units") == [
        "European Axis: submarines: 7 sub_factors need 2 fifths, paid 1 for u-boats (33.72D, 33.82B)"
    ]
    assert (
        "kamikazes use no oil"
        in found([created(), *EA, *ships, spend("strategic_air", 1, combat, pays_for=["kamikaze-1"])], "paid_units")[0]
    )


@pytest.mark.plants("31-34/O-58")
def test_naval_units_in_sw_boxes_use_no_oil_but_wa_indian_ocean_ships() -> None:
    subs = [unit("u-atl", "sw:atlantic", "submarine", factors=5)]
    combat = at(1941, "fall", "axis", "combat")
    assert found([created(), *EA, *subs, spend("submarines", 1, combat, pays_for=["u-atl"])], "paid_units") == [
        "European Axis paid submarines oil for u-atl: naval units in SW boxes use no oil (33.72E, 33.4716E)"
    ]
    carrier = [unit("illustrious", "sw:indian_ocean", "cv", "britain", 4)]
    allied = at(1943, "spring", "allied", "combat")
    from_sa = spend(
        "heavy_ships", 1, allied, rid="wa_sa", faction="western_allies", nationality="britain", pays_for=["illustrious"]
    )
    assert found([created(), *WA, *carrier, from_sa], "paid_units") == []
    from_europe = spend(
        "heavy_ships",
        1,
        allied,
        rid="wa_europe",
        faction="western_allies",
        nationality="britain",
        pays_for=["illustrious"],
    )
    assert (
        "draw oil from the South Africa, India or Australia"
        in found([created(), *WA, *carrier, from_europe], "paid_units")[0]
    )


# ---------------------------------------------------------------------------------------------------------------------
# Operations and the oil they rely on (O-52, O-70)
# ---------------------------------------------------------------------------------------------------------------------


def attack(name: str, when: dict[str, object]) -> AttackDeclared:
    return make(
        AttackDeclared,
        when,
        attack=name,
        defender_hexes=["EUR:J40"],
        attackers=[Attacker(unit="ger-inf-1", factors=3, origin="EUR:J39")],
    )


@pytest.mark.plants("31-34/O-52")
def test_an_offset_lasts_to_the_end_of_the_next_friendly_initial_supply_determination() -> None:
    """33.541: the army oil bought in the Fall 1941 Axis oil adjustment phase lasts into the Winter 1941 Axis
    movement phase, not its combat phase."""
    paid = spend("army", C, pays_for=["a-9"])
    assert found([created(), *EA, paid, attack("a-9", at(1941, "fall", "axis", "combat"))], "payment_in_force") == []
    assert (
        found([created(), *EA, paid, attack("a-9", at(1941, "winter", "axis", "movement"))], "payment_in_force") == []
    )
    assert found([created(), *EA, paid, attack("a-9", at(1941, "winter", "axis", "combat"))], "payment_in_force") == [
        "a-9 relies on army oil paid in event 4, which lasted only to the end of the next friendly initial supply "
        "determination (33.541)"
    ]


@pytest.mark.plants("31-34/O-70")
def test_extra_operation_oil_is_paid_when_the_operation_is_conducted() -> None:
    paid = spend("strategic_air", C, at(1941, "fall", "axis", "combat"), pays_for=["raid-1"])
    raid = make(AirMissionFlown, at(1941, "fall", "axis", "combat"), mission="bombing", units=["he-111"], ref="raid-1")
    assert found([created(), *EA, *BOMBERS, paid, raid], "payment_in_force") == []
    later = make(
        AirMissionFlown, at(1941, "winter", "axis", "movement"), mission="bombing", units=["he-111"], ref="raid-1"
    )
    assert found([created(), *EA, *BOMBERS, paid, later], "payment_in_force") == [
        "raid-1 relies on strategic air oil paid in an earlier player turn (event 6); oil for extra air and naval "
        "units is consumed when the operation is conducted (33.73A)"
    ]


def test_operations_with_no_offset_in_force_in_any_domain() -> None:
    """33.61A-C in part: a tracked faction with no offset at all flies no offensive air and makes no airdrop."""
    units = [unit("ju-87", "EUR:L32", "aaf"), unit("fj-1", "EUR:L32", "airborne")]
    combat = at(1941, "fall", "axis", "combat")
    mission = make(AirMissionFlown, combat, mission="ground_support", units=["ju-87"])
    drop = make(AirdropMade, combat, unit="fj-1", base="EUR:L32", target="EUR:J40")
    assert found([created(), *EA, *units, mission, drop], "unoffset_operations") == [
        "the European Axis made a ground support mission with no air oil offset in force in any domain (33.61A, "
        "33.71B-C)",
        "the European Axis made an airdrop with no army oil offset in force in any domain (33.61C)",
    ]
    offsets = [spend("air_general", C), spend("army", C)]
    assert found([created(), *EA, *units, *offsets, mission, drop], "unoffset_operations") == []
    untracked = reserve("european_axis", "european_axis", 50)
    assert found([created(), *untracked, *units, mission, drop], "unoffset_operations") == []


# ---------------------------------------------------------------------------------------------------------------------
# Construction and growth oil (O-61, O-63; TC-04)
# ---------------------------------------------------------------------------------------------------------------------


def build(uid: str, cost: int, covered: int, owner: str = "germany") -> UnitBuilt:
    return make(
        UnitBuilt,
        at(1941, "fall", "axis", "unit_construction"),
        unit=uid,
        owner=owner,
        nationality=owner,
        unit_type="infantry",
        factors=cost // 3 or 1,
        location="EUR:L32",
        cost=cost,
        oil_covered_brps=covered,
    )


@pytest.mark.plants("31-34/O-61")
def test_tc04_builds_at_normal_cost_are_covered_by_construction_oil() -> None:
    """TC-04 (33.81): 1 counter covers 25 BRPs, 1 counter and 1 fifth 30, 1 counter and 2 fifths 35."""
    turn = at(1941, "fall", "axis", "unit_construction")
    builds = [build("i1", 15, 15), build("i2", 15, 15), build("i3", 5, 5)]
    assert (
        found(
            [created(), *EA, spend("construction", 7, turn, detail={"brps": 35}), *builds, end(turn)],
            "construction_oil",
        )
        == []
    )
    assert found(
        [created(), *EA, spend("construction", 6, turn, detail={"brps": 30}), *builds, end(turn)], "construction_oil"
    ) == [
        "the European Axis's builds this player turn claim 35 BRPs at normal cost covered by oil; 6 fifths "
        "(1 counter + 1) of construction oil covers 30 (33.61D, 33.82C, 27.13B)"
    ]
    untracked = reserve("european_axis", "european_axis", 50)
    assert found([created(), *untracked, *builds, end(turn)], "construction_oil") == []


@pytest.mark.plants("31-34/O-63")
def test_bpr_growth_at_the_yss_is_covered_by_growth_oil() -> None:
    jp = reserve("japan", "japan", 50, 50)
    yss = at(1942, "spring", phase="year_start")
    setup = make(BrpsSet, at(1939, "fall", phase="setup"), power="japan", base=90, available=60)
    grow = make(BrpsSet, yss, power="japan", base=105, available=105, growth=15)
    start = make(PlayerTurnStarted, at(1942, "spring", "axis"))
    oil = make(OilExpended, yss, faction="japan", reserve="japan", purpose="brp_growth", amount=2, detail={"brps": 10})
    assert found([created(), *jp, setup, grow, oil, start], "growth_oil") == [
        "the Japan's BRP bases grew by 15 at the Year Start Sequence; 2 fifths of growth oil covers 10 (33.61E, 33.82D)"
    ]
    enough = make(
        OilExpended, yss, faction="japan", reserve="japan", purpose="brp_growth", amount=3, detail={"brps": 15}
    )
    assert found([created(), *jp, setup, grow, enough, start], "growth_oil") == []


# ---------------------------------------------------------------------------------------------------------------------
# Japanese resistance (O-64; TC-16) and China (O-67)
# ---------------------------------------------------------------------------------------------------------------------

TC16 = [
    # (delta, payer, steps, clean)
    (3, "japan", 1, True),
    (6, "japan", 2, True),
    (-6, "western_allies", 2, True),
    (3, "japan", 2, False),
    (1, "japan", 1, False),
    (3, "western_allies", 1, False),
]


@pytest.mark.plants("31-34/O-64")
@pytest.mark.parametrize(("delta", "payer", "steps", "clean"), TC16)
def test_tc16_japanese_resistance_oil(delta: int, payer: str, steps: int, clean: bool) -> None:
    """TC-16 (33.74): 2-5 island groups more -> +1 for a Japanese counter; 6 or more -> +2 for two; mirror for the
    WA. The side the difference favours pays, at the end of the game turn."""
    rid = "japan" if payer == "japan" else "wa_europe"
    paid = make(
        OilExpended,
        at(1943, "summer", phase="end_of_game_turn"),
        faction=payer,
        reserve=rid,
        purpose="japanese_resistance",
        amount=steps * C,
        detail={"modifier_steps": steps, "island_group_delta": delta},
    )
    events: list[Event] = [created(), *reserve("japan", "japan", 50, 50), *WA, paid]
    assert (found(events, "resistance_oil") == []) is clean


def test_china_has_no_oil() -> None:
    moved = make(
        OilMoved,
        at(1943, "spring", "allied", "initial_supply"),
        faction="china",
        origin="kunming",
        destination="chungking",
        amount=C,
    )
    assert found([created(), moved], "no_chinese_oil") == [
        "China has no oil effects at all, the Flying Tigers included (33.49)"
    ]


def test_construction_oil_comes_from_the_home_reserve() -> None:
    """33.63 in part: construction oil is the home country's; the South Africa box is not Britain's home."""
    allied = at(1943, "spring", "allied", "unit_construction")
    home = spend("construction", 5, allied, rid="wa_europe", faction="western_allies", detail={"brps": 25})
    abroad = spend("construction", 5, allied, rid="wa_sa", faction="western_allies", detail={"brps": 25})
    assert found([created(), *WA, home], "construction_oil_source") == []
    assert found([created(), *WA, abroad], "construction_oil_source") == [
        "the Western Allies paid construction oil from wa_sa; construction oil comes from the oil status of a "
        "home-country supply zone (33.63)"
    ]


@pytest.mark.plants("31-34/O-67")
def test_no_oil_counters_for_chinese_or_unaligned_minor_units() -> None:
    """33.49: China has no oil effects; 33.25: a minor country's units draw oil from its capital until association
    or activation."""
    from awaw_events.events import StatusChanged

    planes = [
        unit("avg", "PAC:M20", "aaf", "usa", 1, nationality="communist_china"),
        unit("rum-aaf", "EUR:W35", "aaf", "germany", 1, nationality="rumania"),
    ]
    combat = at(1941, "fall", "axis", "combat")
    tigers = spend("strategic_air", 1, combat, pays_for=["avg"])
    assert found([created(), *EA, *planes, tigers], "no_chinese_oil") == [
        "the European Axis paid oil for avg: Chinese units have no oil effects, the Flying Tigers included (33.49)"
    ]
    rumanian = spend("strategic_air", 1, combat, pays_for=["rum-aaf"])
    assert found([created(), *EA, *planes, rumanian], "no_chinese_oil") == [
        "the European Axis paid oil for rum-aaf: Rumania draws oil from its capital until associated or activated "
        "(33.25)"
    ]
    joined = make(
        StatusChanged,
        at(1940, "fall", "axis", "diplomacy"),
        country="rumania",
        status="associated",
        faction="european_axis",
    )
    assert found([created(), *EA, *planes, joined, rumanian], "no_chinese_oil") == []
