"""Bridgeheads (AWAW 31): the numbers of 31-34 extract 1.19, checklist 2.1 (B-xx) and worked example TC-17."""

from __future__ import annotations

import pytest

from awaw_events.vocab import SupplyStatus
from projections.rules.bridgeheads import (
    Bridgehead,
    BridgeheadAttacker,
    BridgeheadCause,
    Placement,
    acts_as_unlimited_supply_source,
    attack_out_findings,
    attrition_occupation_allowed,
    placement_findings,
    removal_reason,
    seaborne_condition,
    stacking_findings,
)

# --- TC-17 river bridgeheads (31.23 commentary) -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "dm_applied", "lost_to_airdrop", "legal"),
    [
        ("TC-17 defenders had the river DM", True, False, True),
        ("TC-17 DM lost only to a simultaneous airdrop", False, True, True),
        ("TC-17 attacker already across", False, False, False),
    ],
)
def test_tc17_river_bridgehead(case: str, dm_applied: bool, lost_to_airdrop: bool, legal: bool) -> None:
    p = Placement(
        cause="cross_river_attack",
        phase="combat",
        river_dm_applied=dm_applied,
        river_dm_lost_only_to_airdrop=lost_to_airdrop,
    )
    assert (placement_findings(p) == ()) is legal, case


# --- placement (B-01..B-09) ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cause", "phase", "legal"),
    [
        ("overrun", "movement", True),
        ("overrun", "combat", False),
        ("seaborne_invasion", "combat", True),
        ("seaborne_invasion", "movement", False),
        ("crossing_arrow_attack", "combat", True),
        ("cross_river_attack", "exploitation", False),
    ],
)
def test_b01_phase(cause: BridgeheadCause, phase: str, legal: bool) -> None:
    assert (placement_findings(Placement(cause=cause, phase=phase)) == ()) is legal  # type: ignore[arg-type]


def test_b03_seaborne_conditions() -> None:
    assert seaborne_condition(hex_friendly_when_invaded=False, could_fully_supply=True) == "A"
    assert seaborne_condition(hex_friendly_when_invaded=True, could_fully_supply=False) == "B"
    assert seaborne_condition(hex_friendly_when_invaded=True, could_fully_supply=True) is None
    bad = Placement(cause="seaborne_invasion", phase="combat", hex_friendly_when_invaded=True, could_fully_supply=True)
    assert [b.rule for b in placement_findings(bad)] == ["31.22"]


@pytest.mark.parametrize(
    ("case", "placement", "rule"),
    [
        ("B-02 no surviving invader", Placement(cause="seaborne_invasion", phase="combat",
                                                occupied_by_surviving_invader=False), "31.22"),
        ("B-04 zone could take sea supply", Placement(cause="seaborne_invasion", phase="combat", for_supply=True,
                                                      zone_could_take_sea_supply=True), "31.221"),
        ("B-07 from attrition", Placement(cause="cross_river_attack", phase="combat", from_attrition=True), "31.23"),
        ("B-09 after a decline", Placement(cause="cross_river_attack", phase="combat", declined_earlier=True), "31.32"),
    ],
)  # fmt: skip
def test_planted_placement_faults(case: str, placement: Placement, rule: str) -> None:
    assert rule in [b.rule for b in placement_findings(placement)], case


# --- removal (B-10) -----------------------------------------------------------------------------------------------

RIVER_EU = Bridgehead(cause="cross_river_attack", theater="europe")
SEABORNE_PAC = Bridgehead(cause="seaborne_invasion", theater="pacific", requires_sea_supply=True)
ISLAND_PAC = Bridgehead(cause="seaborne_invasion", theater="pacific", requires_sea_supply=False)


@pytest.mark.parametrize(
    ("case", "bh", "moment", "kw", "reason"),
    [
        ("A enemy control, at once", SEABORNE_PAC, "any", {"enemy_controls_hex": True}, "enemy_control"),
        ("B isolated at post-combat supply", RIVER_EU, "end_of_post_combat_supply", {"supply": "isolated"},
         "isolation"),
        ("B partial supply keeps it", RIVER_EU, "end_of_post_combat_supply", {"supply": "partial"}, None),
        ("C river, enemy 5 hexes (Europe)", RIVER_EU, "end_of_player_turn", {"nearest_enemy_land_distance": 5},
         "superfluous"),
        ("C river, enemy 4 hexes (Europe)", RIVER_EU, "end_of_player_turn", {"nearest_enemy_land_distance": 4}, None),
        ("C river, no enemy at all", RIVER_EU, "end_of_player_turn", {}, "superfluous"),
        ("C island, enemy 4 hexes (Pacific)", ISLAND_PAC, "end_of_player_turn", {"nearest_enemy_land_distance": 4},
         "superfluous"),
        ("C island, enemy 3 hexes (Pacific)", ISLAND_PAC, "end_of_player_turn", {"nearest_enemy_land_distance": 3},
         None),
        ("C beach needing sea supply stays", SEABORNE_PAC, "end_of_player_turn", {}, None),
        ("C not judged mid-turn", RIVER_EU, "end_of_post_combat_supply", {"supply": "full"}, None),
    ],
)  # fmt: skip
def test_b10_removal(case: str, bh: Bridgehead, moment: str, kw: dict[str, object], reason: str | None) -> None:
    assert removal_reason(bh, moment, **kw) == reason, case  # type: ignore[arg-type]


def test_b10_overrun_option() -> None:
    overrun = Bridgehead(cause="overrun", theater="europe")
    assert removal_reason(overrun, "end_of_player_turn") == "superfluous"
    assert removal_reason(overrun, "end_of_player_turn", overrun="not_superfluous") is None


# --- stacking, attacks, attrition, supply (B-11, B-13, B-14, B-16) ------------------------------------------------


@pytest.mark.parametrize(("ground", "specialized", "legal"), [(5, 3, True), (6, 0, False), (2, 4, False)])
def test_b11_stacking(ground: int, specialized: int, legal: bool) -> None:
    assert (stacking_findings(ground, specialized) == ()) is legal


def test_b13_attack_out_limit() -> None:
    two_inf = [BridgeheadAttacker("infantry"), BridgeheadAttacker("infantry")]
    assert attack_out_findings(two_inf) == ()
    assert attack_out_findings([*two_inf, BridgeheadAttacker("armor")])[0].rule == "31.61"
    exempt = [
        BridgeheadAttacker("airborne"),
        BridgeheadAttacker("marine"),
        BridgeheadAttacker("commando"),
        BridgeheadAttacker("chindit"),
        BridgeheadAttacker("armor", armor_in_breakthrough_hex=True),
        BridgeheadAttacker("infantry", russian_shock_army=True),
    ]
    assert attack_out_findings([*two_inf, *exempt]) == ()


def test_b14_attrition_occupation() -> None:
    assert attrition_occupation_allowed("seaborne_invasion")
    assert not attrition_occupation_allowed("cross_river_attack")
    assert not attrition_occupation_allowed("crossing_arrow_attack")
    assert not attrition_occupation_allowed("overrun")
    assert attrition_occupation_allowed("overrun", overrun="not_superfluous")


@pytest.mark.parametrize(
    ("cause", "this_turn", "segment", "source"),
    [
        ("seaborne_invasion", True, "post_combat_supply", True),
        ("seaborne_invasion", True, "initial_supply", False),
        ("seaborne_invasion", False, "post_combat_supply", False),
        ("cross_river_attack", True, "post_combat_supply", False),
    ],
)
def test_b16_supply_source(cause: BridgeheadCause, this_turn: bool, segment: str, source: bool) -> None:
    assert acts_as_unlimited_supply_source(cause, placed_this_player_turn=this_turn, segment=segment) is source  # type: ignore[arg-type]


def test_supply_statuses_literal() -> None:
    isolated: SupplyStatus = "isolated"
    assert removal_reason(RIVER_EU, "end_of_post_combat_supply", supply=isolated) == "isolation"
