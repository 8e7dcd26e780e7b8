"""Unit construction rules (27.1-27.6): costs, multipliers, oil, limits, sub-limits, naval air.

Worked examples: 27-30 extract 6.14 DT-1..DT-7 and DT-18 (derived cases of the extract)."""

from __future__ import annotations

from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.events.units import EliminationCause
from awaw_events.vocab import UNIT_TYPES, UnitType
from projections.rules.construction import (
    BEACH_DEFENSE_COUNTERS_PER_PURCHASE,
    BRP_COST_PER_FACTOR,
    DECLARATION_OF_WAR_COST,
    EXCLUDED_FROM_LOCATION_LIMITS,
    FULL_OFFENSIVE_COST,
    NAVAL_AIR_TRAINING_RATE,
    OIL_COUNTER_COVERS_BRPS,
    BoxLosses,
    BuildItem,
    CounterItem,
    EnemyHeldKea,
    LimitInput,
    LocationBuild,
    adjusted_base,
    australian_nas_rate_sources,
    box_limit_reduction,
    build_cost,
    construction_limit,
    construction_oil_effect_incurred,
    construction_oil_tracked,
    cost_multiplier,
    counter_cost,
    grant_limit_effect,
    grant_raises_limit_of,
    limit_breaches,
    location_limit_breaches,
    naval_air_breaches,
    oil_coverage,
    oil_faction_builds,
    price_builds,
    specialized_rebuild_allowed,
    unit_cost,
)

# --- 27.11 / 27.12 costs ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit_type", "factors", "cost"),
    [
        ("infantry", 3, 3),
        ("replacement", 2, 2),
        ("nas", 4, 4),
        ("kamikaze", 1, 1),
        ("flak", 3, 3),
        ("armor", 3, 6),  # C-01: 3 armor factors cost 6, not 3
        ("partisan", 2, 4),
        ("airborne", 1, 3),
        ("chindit", 1, 3),
        ("marine", 1, 3),
        ("commando", 1, 3),
        ("aaf", 5, 15),
        ("jet", 2, 6),
        ("air_transport", 1, 3),
        ("strategic_bomber", 2, 6),
        ("interceptor", 3, 9),
        ("dd", 2, 6),
        ("bb", 4, 12),
        ("transport", 1, 3),
        ("submarine", 3, 9),
        ("asw", 1, 3),
    ],
)
def test_unit_cost_27_11(unit_type: UnitType, factors: int, cost: int) -> None:
    assert unit_cost(unit_type, factors) == cost


def test_every_unit_type_has_a_cost() -> None:
    assert set(BRP_COST_PER_FACTOR) == set(UNIT_TYPES)
    assert set(BRP_COST_PER_FACTOR.values()) == {1, 2, 3}


@pytest.mark.parametrize(
    ("item", "counters", "cost"),
    [
        ("fortification", 1, 5),
        ("fortification", 2, 10),
        ("railhead", 1, 5),
        ("beach_defense", 2, 5),
        ("beach_defense", 4, 10),
        ("beach_defense", 3, 10),
        ("port", 1, 10),
    ],
)
def test_counter_cost_27_11d_f(item: CounterItem, counters: int, cost: int) -> None:
    assert counter_cost(item, counters) == cost


def test_chart_27_12_other_costs() -> None:
    assert DECLARATION_OF_WAR_COST == {"major": 35, "minor": 10}
    assert FULL_OFFENSIVE_COST == 15
    assert BEACH_DEFENSE_COUNTERS_PER_PURCHASE == 2


def test_negative_factors_is_misuse() -> None:
    with pytest.raises(ValueError, match="factors"):
        unit_cost("infantry", -1)


# --- multipliers 27.13, 27.14, 27.35B-C ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cause", "covered", "mult"),
    [
        (None, True, 1),
        (None, False, 2),
        ("isolation", True, 2),
        ("isolated_unpaid_offensive", True, 2),
        ("voluntary", True, 2),
        ("isolation", False, 3),
        ("voluntary", False, 3),
        ("combat", True, 1),
        ("combat", False, 2),
        ("attrition", True, 1),
    ],
)
def test_cost_multiplier(cause: EliminationCause | None, covered: bool, mult: int) -> None:
    assert cost_multiplier(cause, covered) == mult


def test_a3r_option_switches_same_turn_penalty_off() -> None:
    assert cost_multiplier("isolation", True, same_turn_rebuild="a3r") == 1
    assert cost_multiplier("voluntary", False, same_turn_rebuild="a3r") == 2


@pytest.mark.parametrize(
    ("case", "cause", "covered", "cost"),
    [
        pytest.param("DT-6 no oil", "isolation", False, 9, id="DT-6-triple"),
        pytest.param("DT-6 oil", "isolation", True, 6, id="DT-6-double"),
        pytest.param("DT-6 next turn", None, True, 3, id="DT-6-normal-next-turn"),
    ],
)
def test_dt6_triple(case: str, cause: EliminationCause | None, covered: bool, cost: int) -> None:
    assert build_cost("infantry", 3, eliminated_this_game_turn_by=cause, oil_covered=covered) == cost


@pytest.mark.parametrize(
    ("unit_type", "this_player_turn", "allowed"),
    [
        pytest.param("airborne", True, False, id="DT-7-airborne-same-player-turn"),
        ("airborne", False, True),
        ("marine", True, False),
        ("snlf", True, False),
        ("infantry", True, True),
    ],
)
def test_dt7_specialized_delay(unit_type: UnitType, this_player_turn: bool, allowed: bool) -> None:
    assert specialized_rebuild_allowed(unit_type, eliminated_this_player_turn=this_player_turn) is allowed


# --- construction oil 27.35 -----------------------------------------------------------------------------------------


def test_oil_coverage_blocks() -> None:
    assert OIL_COUNTER_COVERS_BRPS == 25
    assert [oil_coverage(n) for n in range(5)] == [0, 25, 50, 75, 100]


def test_dt5_european_axis_pooled_oil() -> None:
    builds = {
        "germany": [BuildItem(30, label="german infantry")],
        "italy": [BuildItem(20, label="italian infantry")],
        "japan": [BuildItem(9, label="japanese")],
    }
    axis = oil_faction_builds(builds, "european_axis")  # type: ignore[arg-type]
    assert [b.label for b in axis] == ["german infantry", "italian infantry"]
    priced = price_builds((*axis, BuildItem(unit_cost("armor", 3), label="armor")), 2)
    assert [p.cost for p in priced] == [30, 20, 12]
    assert priced[2].covered_normal == 0


@pytest.mark.parametrize(
    ("split", "costs", "used"),
    [("split", [20, 15, 4], [20, 5, 0]), ("whole_build", [20, 20, 2], [20, 0, 2])],
)
def test_oil_block_boundary(split: str, costs: list[int], used: list[int]) -> None:
    priced = price_builds([BuildItem(20), BuildItem(10), BuildItem(2)], 1, split=split)  # type: ignore[arg-type]
    assert [p.cost for p in priced] == costs
    assert [p.coverage_used for p in priced] == used


@pytest.mark.parametrize(("measure", "cost"), [("normal_cost", 30), ("paid_cost", 33)])
def test_oil_block_measure_for_same_turn_rebuild(measure: str, cost: int) -> None:
    item = BuildItem(15, eliminated_this_game_turn_by="isolation")
    (priced,) = price_builds([item], 1, measure=measure)  # type: ignore[arg-type]
    assert priced.cost == cost


def test_untracked_faction_builds_at_normal_cost() -> None:
    priced = price_builds([BuildItem(40), BuildItem(6, eliminated_this_game_turn_by="voluntary")], None)
    assert [p.cost for p in priced] == [40, 12]


@given(
    costs=st.lists(st.integers(min_value=0, max_value=30), max_size=8),
    counters=st.integers(min_value=0, max_value=4),
)
def test_oil_pricing_bounds(costs: list[int], counters: int) -> None:
    priced = price_builds([BuildItem(c) for c in costs], counters)
    assert sum(p.coverage_used for p in priced) <= oil_coverage(counters)
    for p in priced:
        assert p.normal_cost <= p.cost <= 2 * p.normal_cost
    assert sum(p.cost for p in priced) == sum(costs) + max(0, sum(costs) - oil_coverage(counters))


@pytest.mark.parametrize(
    ("power", "tracking", "tracked"),
    [
        ("usa", True, False),
        ("britain", False, False),
        ("britain", True, True),
        ("france", True, False),
        ("germany", False, True),
        ("japan", False, True),
        ("russia", False, True),
    ],
)
def test_construction_oil_tracked_27_35g(power: str, tracking: bool, tracked: bool) -> None:
    assert construction_oil_tracked(power, western_allies_tracking=tracking) is tracked  # type: ignore[arg-type]


def test_resistance_oil_effect_27_35e() -> None:
    assert construction_oil_effect_incurred("britain", 0)
    assert not construction_oil_effect_incurred("britain", 1)
    assert construction_oil_effect_incurred("russia", 0)
    assert not construction_oil_effect_incurred("germany", 0)


# --- construction limits 27.3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("base", "limit"),
    [pytest.param(b, lim, id=f"DT-1-base-{b}") for b, lim in [(150, 50), (151, 50), (152, 50), (153, 51)]],
)
def test_dt1_basic_limit(base: int, limit: int) -> None:
    assert construction_limit(LimitInput(power="germany", brp_base=base)).limit == limit


def test_dt2_pooled_losses_and_rockets() -> None:
    pooled = construction_limit(LimitInput(power="britain", brp_base=150, bombing_losses=4, partisan_losses=4))
    assert pooled.pooled_reduction == 2
    assert pooled.limit == 48
    rockets = construction_limit(
        LimitInput(power="britain", brp_base=150, bombing_losses=4, partisan_losses=4, rocket_losses=2)
    )
    assert rockets.rocket_reduction == 2
    assert rockets.limit == 46


def test_dt3_grants() -> None:
    assert grant_limit_effect(10) == 3
    britain = construction_limit(LimitInput(power="britain", brp_base=150, grants_given=10))
    russia = construction_limit(LimitInput(power="russia", brp_base=90, grants_received=10))
    assert britain.limit == 47
    assert russia.limit == 33
    assert grant_raises_limit_of("usa", "australia") is None
    assert grant_raises_limit_of("usa", "canada") is None
    assert grant_raises_limit_of("usa", "britain") == "britain"


@pytest.mark.parametrize(
    ("cut", "limit"), [pytest.param(True, 45, id="DT-4-cut"), pytest.param(False, 50, id="DT-4-restored")]
)
def test_dt4_iron_ore(cut: bool, limit: int) -> None:
    result = construction_limit(LimitInput(power="germany", brp_base=150, iron_ore_cut=cut))
    assert result.limit == limit
    assert result.iron_ore_reduction == (5 if cut else 0)


def test_iron_ore_is_germany_only() -> None:
    with pytest.raises(ValueError, match=r"27\.332"):
        construction_limit(LimitInput(power="italy", brp_base=75, iron_ore_cut=True))


def test_kea_deduction_net_of_capture_turn_bombing() -> None:
    keas = (EnemyHeldKea(20, bombing_loss_when_captured=5),)
    assert adjusted_base("germany", 150, enemy_held_keas=keas) == 135
    assert construction_limit(LimitInput(power="germany", brp_base=150, enemy_held_keas=keas)).basic == 45


@pytest.mark.parametrize(
    ("portion", "adj", "limit"),
    [pytest.param(40, 40, 13, id="L-06-commonwealth-kept"), pytest.param(0, 20, 6, id="after-surrender")],
)
def test_commonwealth_portion_27_335(portion: int, adj: int, limit: int) -> None:
    data = LimitInput(power="britain", brp_base=100, enemy_held_keas=(EnemyHeldKea(80),), commonwealth_portion=portion)
    result = construction_limit(data)
    assert (result.adj_base, result.limit) == (adj, limit)


def test_russian_ics_count_for_russia_only() -> None:
    assert construction_limit(LimitInput(power="russia", brp_base=90, russian_ic_value=30)).limit == 40
    assert adjusted_base("germany", 90, russian_ic_value=30) == 90


@pytest.mark.parametrize(
    ("power", "box", "ratio", "reduction"),
    [
        ("britain", BoxLosses("australia", bombing=12), "pooled", 3),
        ("britain", BoxLosses("australia", bombing=6), "pooled", 2),
        ("britain", BoxLosses("australia", bombing=2), "pooled", 0),
        ("britain", BoxLosses("australia", bombing=2), "one_to_one", 2),
        ("britain", BoxLosses("india", rockets=5), "pooled", 3),
        ("russia", BoxLosses("urals", bombing=30, rockets=10, adjacency=30), "pooled", 15),
        ("russia", BoxLosses("urals", bombing=9, rockets=4), "pooled", 7),
    ],
)
def test_box_caps_l03(power: str, box: BoxLosses, ratio: str, reduction: int) -> None:
    result = construction_limit(LimitInput(power=power, brp_base=150, box_losses=(box,)), box_loss_ratio=ratio)  # type: ignore[arg-type]
    assert result.box_reduction == reduction
    assert result.limit == 50 - reduction


def test_box_losses_pool_with_other_losses() -> None:
    data = LimitInput(
        power="britain", brp_base=150, transport_shortage_losses=2, box_losses=(BoxLosses("australia", bombing=1),)
    )
    result = construction_limit(data)
    assert (result.pooled_reduction, result.box_reduction, result.limit) == (0, 1, 49)


def test_box_of_other_power_is_misuse() -> None:
    with pytest.raises(ValueError, match="urals"):
        construction_limit(LimitInput(power="britain", brp_base=150, box_losses=(BoxLosses("urals", bombing=3),)))


@pytest.mark.parametrize(
    ("power", "levels", "variant", "limit"),
    [
        ("germany", 0, "classic", 50),
        ("germany", 0, "full", 47),
        ("germany", 1, "full", 48),
        ("germany", 2, "full", 49),
        ("germany", 3, "full", 50),
        ("germany", 4, "full", 51),
        ("germany", 6, "full", 53),
        ("japan", 5, "full", 52),
        ("italy", 0, "full", 50),
        ("britain", 6, "classic", 50),
    ],
)
def test_econ_prep_l07(power: str, levels: int, variant: str, limit: int) -> None:
    data = LimitInput(power=power, brp_base=150, econ_prep_levels=levels, variant=variant)  # type: ignore[arg-type]
    assert construction_limit(data).limit == limit


@pytest.mark.parametrize(("mode", "limit"), [("allow_then_add", 0), ("clamp_before_increases", 3)])
def test_negative_limit_before_increases(mode: str, limit: int) -> None:
    data = LimitInput(power="britain", brp_base=30, grants_given=45, grants_received=9)
    assert construction_limit(data, negative_limit=mode).limit == limit  # type: ignore[arg-type]


def test_vweapon_bonus_l08() -> None:
    result = construction_limit(LimitInput(power="germany", brp_base=150, vweapon_bonus=7))
    assert (result.vweapon_increase, result.limit) == (7, 57)


def test_limit_breach_l01() -> None:
    assert limit_breaches(50, 50) == ()
    (breach,) = limit_breaches(51, 50)
    assert (breach.rule, breach.allowed, breach.actual) == ("27.31", 50, 51)


# --- location limits 27.47 -------------------------------------------------------------------------------------------


def _b(unit_type: UnitType, factors: int, paid: int | None = None) -> LocationBuild:
    normal = unit_cost(unit_type, factors)
    return LocationBuild(unit_type, factors, normal if paid is None else paid, normal)


@pytest.mark.parametrize(
    ("location", "builds", "rules"),
    [
        pytest.param("korea_manchuria", [_b("infantry", 2), _b("infantry", 2)], ["27.471"], id="DT-18-four-infantry"),
        pytest.param("korea_manchuria", [_b("infantry", 3)], [], id="DT-18-three-infantry"),
        pytest.param("korea_manchuria", [_b("armor", 1)], ["27.471"], id="DT-18-armor"),
        pytest.param("australia", [_b("infantry", 3), _b("aaf", 1), _b("dd", 1)], [], id="australia-9"),
        pytest.param("australia", [_b("infantry", 4)], ["27.473B"], id="australia-4-infantry"),
        pytest.param("australia", [_b("aaf", 2)], ["27.473B"], id="australia-2-aaf"),
        pytest.param("australia", [_b("infantry", 2), _b("armor", 4)], ["27.473B"], id="australia-10-brps"),
        pytest.param("india", [_b("chindit", 1), _b("infantry", 3)], [], id="india-chindit-excluded"),
        pytest.param("india", [_b("infantry", 4)], ["27.474B, 27.474D"], id="india-4-brps"),
        pytest.param("siberia", [_b("armor", 3, paid=12)], [], id="siberia-normal-cost"),
        pytest.param("siberia", [_b("armor", 3), _b("infantry", 1)], ["27.476"], id="siberia-7"),
        pytest.param("siberia", [_b("submarine", 1)], ["27.476"], id="siberia-naval"),
    ],
)
def test_location_limits_l09(location: str, builds: list[LocationBuild], rules: list[str]) -> None:
    assert [b.rule for b in location_limit_breaches(location, builds)] == rules  # type: ignore[arg-type]


def test_dt18_fortifications_do_not_count() -> None:
    assert {"fortification", "railhead"} == EXCLUDED_FROM_LOCATION_LIMITS


def test_australia_limit_reduced_by_box_losses() -> None:
    reduction = box_limit_reduction(BoxLosses("australia", bombing=3, rockets=5))
    assert reduction == 3
    builds = [_b("infantry", 3), _b("aaf", 1)]  # 6 BRPs
    assert location_limit_breaches("australia", builds, box_reduction=reduction) == ()
    assert location_limit_breaches("australia", [*builds, _b("replacement", 1)], box_reduction=reduction)


# --- naval air 27.6 ---------------------------------------------------------------------------------------------------


def test_naval_air_training_rates() -> None:
    assert NAVAL_AIR_TRAINING_RATE == {
        "usa": 4,
        "japan": 3,
        "britain": 2,
        "germany": 1,
        "italy": 1,
        "france": 0,
        "russia": 0,
        "china": 0,
    }


@pytest.mark.parametrize(
    ("power", "built", "increase", "ok"),
    [
        ("usa", 4, 0, True),
        ("usa", 5, 0, False),
        ("germany", 2, 1, True),
        ("france", 1, 3, False),
        ("japan", 3, 0, True),
    ],
)
def test_naval_air_a01(power: str, built: int, increase: int, ok: bool) -> None:
    assert (naval_air_breaches(power, built, rate_increase=increase) == ()) is ok  # type: ignore[arg-type]


def test_australian_nas_a02() -> None:
    assert australian_nas_rate_sources(us_at_war_with_japan=False) == {"australia", "britain"}
    assert australian_nas_rate_sources(us_at_war_with_japan=True) == {"australia", "usa"}


def test_elimination_cause_literal_is_shared() -> None:
    assert {"isolation", "voluntary", "isolated_unpaid_offensive"} <= set(get_args(EliminationCause))
