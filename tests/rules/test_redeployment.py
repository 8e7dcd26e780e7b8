"""Redeployment (28): segments, SR caps, railheads, inversion.

Worked examples: 27-30 extract 6.5 (EX-I1..I3, the 28.81 example) and 6.14 DT-17; A3R extract 2.10 / 6.4 variants."""

from __future__ import annotations

from typing import get_args

import pytest

from awaw_events.vocab import Power, RuleSet, UnitType
from projections.rules.redeployment import (
    INVERSION_RULES,
    SEGMENTS,
    InversionCase,
    RailheadCost,
    RedeploymentKind,
    Segment,
    SrMove,
    air_redeployment_case,
    may_act_in_next_opposing_turn,
    may_defend_nr,
    naval_redeployment_case,
    railhead_breaches,
    railhead_cost,
    segment_eligibility_breaches,
    segment_order_breaches,
    sr_cap_breaches,
    sr_ground_units,
)

# --- segments 28.13 ----


def test_segment_order_r01() -> None:
    assert SEGMENTS == ("TR1", "SR_pre_NR", "NR", "SR", "TR2")
    assert segment_order_breaches(["TR1", "TR1", "SR_pre_NR", "NR", "NR", "SR", "TR2"]) == ()
    (breach,) = segment_order_breaches(["TR1", "NR", "SR", "NR", "TR2"])
    assert (breach.rule, breach.actual) == ("28.13", "NR")


@pytest.mark.parametrize(
    ("segment", "kind", "nrs", "moved", "rules"),
    [
        ("TR1", "TR", False, False, []),
        ("TR1", "SR", False, False, ["28.13"]),
        ("SR_pre_NR", "SR", True, False, []),
        ("SR_pre_NR", "SR", False, False, ["28.312"]),
        ("NR", "NR", False, False, []),
        ("TR2", "TR", False, True, []),
        ("TR2", "TR", False, False, ["28.315"]),
    ],
)
def test_segment_eligibility_r02(
    segment: Segment, kind: RedeploymentKind, nrs: bool, moved: bool, rules: list[str]
) -> None:
    found = segment_eligibility_breaches(segment, kind, nrs_this_phase=nrs, nred_or_sred_this_phase=moved)
    assert [b.rule for b in found] == rules


# --- SR caps 28.62C: DT-17 -----------------------------------------------------------------------------------------


def _sr(unit_type: UnitType, factors: int, origin: str = "Munich", destination: str = "Berlin", **kw: object) -> SrMove:
    return SrMove(unit_type, factors, origin, destination, **kw)  # type: ignore[arg-type]


def _into_berlin(*moves: SrMove) -> list[SrMove]:
    """The moves, each from its own origin, so only the caps at Berlin are in play."""
    return [
        SrMove(m.unit_type, m.factors, f"Origin{i}", m.destination, air_transport_factors=m.air_transport_factors)
        for i, m in enumerate(moves)
    ]


@pytest.mark.parametrize(
    ("moves", "ruleset", "rules"),
    [
        pytest.param(
            _into_berlin(_sr("infantry", 3), _sr("armor", 4), _sr("infantry", 3)), "awaw", ["28.62C"], id="DT-17-three"
        ),
        pytest.param(_into_berlin(_sr("infantry", 3), _sr("armor", 4)), "awaw", [], id="two-ground-units"),
        pytest.param(_into_berlin(_sr("infantry", 3), _sr("flak", 3)), "awaw", [], id="DT-17-flak-one-unit"),
        pytest.param([_sr("flak", 3)], "a3r", ["28.62C", "28.62C"], id="a3r-flak-per-factor-in-and-out"),
        pytest.param([_sr("flak", 2)], "a3r", [], id="a3r-flak-two-factors"),
        pytest.param(_into_berlin(_sr("aaf", 3), _sr("jet", 3)), "awaw", ["28.62C"], id="DT-17-six-air"),
        pytest.param(_into_berlin(_sr("aaf", 3), _sr("jet", 2)), "awaw", [], id="five-air"),
        pytest.param(
            [_sr("infantry", 3, origin="Berlin", destination="Munich")] * 2 + [_sr("infantry", 3)] * 2,
            "awaw",
            [],
            id="in-and-out-independent",
        ),
        pytest.param(
            [_sr("infantry", 3, origin=f"O{i}") for i in range(3)],
            "awaw",
            ["28.62C"],
            id="three-from-different-origins",
        ),
        pytest.param(
            [_sr("infantry", 3, origin="US Atlantic", origin_kind="box", destination=f"Port{i}") for i in range(4)],
            "awaw",
            [],
            id="box-unlimited",
        ),
        pytest.param(
            [_sr("infantry", 3, destination="Ethiopia", destination_kind="ethiopia", origin=f"O{i}") for i in range(2)],
            "awaw",
            ["28.753E"],
            id="ethiopia-one-unit",
        ),
        pytest.param([_sr("infantry", 3, origin="Berlin")], "awaw", ["28.62A"], id="same-origin-destination"),
        pytest.param(
            _into_berlin(_sr("aaf", 4), _sr("airborne", 1, air_transport_factors=2)),
            "awaw",
            ["28.62C"],
            id="air-transport-counts",
        ),
    ],
)
def test_sr_caps_r20(moves: list[SrMove], ruleset: RuleSet, rules: list[str]) -> None:
    assert [b.rule for b in sr_cap_breaches(moves, ruleset=ruleset)] == rules


@pytest.mark.parametrize(
    ("unit_type", "factors", "ruleset", "units"),
    [
        ("infantry", 3, "awaw", 1),
        ("flak", 3, "awaw", 1),
        ("flak", 3, "a3r", 3),
        ("flak", 1, "a3r", 1),
        ("aaf", 3, "awaw", 0),
        ("armor", 4, "a3r", 1),
    ],
)
def test_sr_ground_units(unit_type: UnitType, factors: int, ruleset: RuleSet, units: int) -> None:
    assert sr_ground_units(unit_type, factors, ruleset=ruleset) == units


# --- railheads 28.65 -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("breakthrough", "ruleset", "cost"),
    [(False, "awaw", RailheadCost(5, 2)), (True, "awaw", RailheadCost(5, 1)), (False, "a3r", RailheadCost(5, 0))],
)
def test_railhead_cost_rh02(breakthrough: bool, ruleset: RuleSet, cost: RailheadCost) -> None:
    assert railhead_cost(military_breakthrough=breakthrough, ruleset=ruleset) == cost


@pytest.mark.parametrize(
    ("power", "kwargs", "rules"),
    [
        ("germany", {"railheads_by_faction_this_turn": 0}, []),
        ("france", {"railheads_by_faction_this_turn": 0}, ["28.651"]),
        ("china", {"railheads_by_faction_this_turn": 0}, ["28.651"]),
        ("italy", {"railheads_by_faction_this_turn": 1, "italian_place": True}, ["28.654D"]),
        ("germany", {"railheads_by_faction_this_turn": 0, "hex_has_railhead": True}, ["28.654A"]),
        ("russia", {"railheads_by_faction_this_turn": 0, "effective_winter_level": 5}, ["28.654C"]),
        ("russia", {"railheads_by_faction_this_turn": 0, "effective_winter_level": 4}, []),
        ("italy", {"railheads_by_faction_this_turn": 0}, ["28.654E"]),
        ("italy", {"railheads_by_faction_this_turn": 0, "ruleset": "a3r"}, []),
        ("usa", {"railheads_by_faction_this_turn": 0}, ["28.654F"]),
        ("usa", {"railheads_by_faction_this_turn": 0, "us_at_war_in_theater": True}, []),
    ],
)
def test_railhead_breaches_rh01_rh04(power: Power, kwargs: dict[str, object], rules: list[str]) -> None:
    assert [b.rule for b in railhead_breaches(power, **kwargs)] == rules  # type: ignore[arg-type]


# --- inversion: EX-I1..I3 and table 1.20 ---------------------------------------------------------------------------


def test_inversion_table_is_complete() -> None:
    assert set(INVERSION_RULES) == set(get_args(InversionCase))


def test_ex_i1_redeployed_old_air_unit_defends_next_turn() -> None:
    case = air_redeployment_case(inverted=False, redeployed=True, kinds=frozenset({"NR"}), box_sr_only=True)
    assert case == "air_stays_or_no_sr_or_staged_or_box_sr"
    assert may_act_in_next_opposing_turn(case)


def test_ex_i2_new_air_unit_redeployed_stays_inverted() -> None:
    case = air_redeployment_case(inverted=True, newly_constructed=True, redeployed=True, kinds=frozenset({"NR"}))
    assert case == "new_air_redeployed"
    assert not may_act_in_next_opposing_turn(case)
    stay = air_redeployment_case(inverted=True, newly_constructed=True, redeployed=False)
    assert may_act_in_next_opposing_turn(stay)


def test_ex_i3_nred_units_do_not_defend_other_nrs() -> None:
    assert not may_defend_nr(nred_or_committed_to_nr=True)
    assert not may_defend_nr(nred_or_committed_to_nr=False, sred_before_nr=True)
    assert may_defend_nr(nred_or_committed_to_nr=False)


@pytest.mark.parametrize(
    ("kwargs", "case", "inverted"),
    [
        ({"kinds": frozenset({"SR"}), "changed_front": True}, "air_sr_to_other_front", True),
        ({"kinds": frozenset({"TR", "SR"}), "changed_front": True}, "air_sr_to_other_front", True),
        ({"kinds": frozenset({"TR"}), "changed_front": True}, "air_stays_or_no_sr_or_staged_or_box_sr", False),
        (
            {"kinds": frozenset({"SR"}), "changed_front": True, "staged_to_new_front": True},
            "air_stays_or_no_sr_or_staged_or_box_sr",
            False,
        ),
        ({"kinds": frozenset({"SR"}), "changed_front": False}, "air_stays_or_no_sr_or_staged_or_box_sr", False),
        ({"kinds": frozenset({"TR"}), "used_this_player_turn": True}, "air_used_then_tr", True),
    ],
)
def test_air_inversion_28_81(kwargs: dict[str, object], case: InversionCase, inverted: bool) -> None:
    got = air_redeployment_case(inverted=False, redeployed=True, **kwargs)  # type: ignore[arg-type]
    assert got == case
    assert INVERSION_RULES[got].inverted is inverted


def test_inverted_air_redeployed_stays_inverted_28_81d() -> None:
    case = air_redeployment_case(inverted=True, redeployed=True, kinds=frozenset({"TR"}))
    assert case == "inverted_air_or_naval_redeployed"
    assert not may_act_in_next_opposing_turn(case)


@pytest.mark.parametrize(
    ("kwargs", "case", "acts_next_turn"),
    [
        ({"inverted": False, "nred": True}, "uninverted_naval_redeployed", True),
        ({"inverted": True, "nred": True}, "inverted_air_or_naval_redeployed", False),
        ({"inverted": True, "newly_launched": True, "nred": False}, "new_naval_not_nred", True),
        ({"inverted": True, "newly_launched": True, "nred": True}, "new_naval_nred", False),
        ({"inverted": False, "nred": True, "out_of_sw_box": True}, "naval_nr_out_of_sw_box", False),
    ],
)
def test_naval_inversion_27_82b_28_82(kwargs: dict[str, bool], case: InversionCase, acts_next_turn: bool) -> None:
    got = naval_redeployment_case(**kwargs)
    assert got == case
    assert may_act_in_next_opposing_turn(got) is acts_next_turn


def test_new_sw_units_and_cves_28_83() -> None:
    assert may_act_in_next_opposing_turn("new_sw_in_sw_box")
    assert not may_act_in_next_opposing_turn("new_cve_to_sw_box")
    assert INVERSION_RULES["constructed_or_repaired"].inverted
