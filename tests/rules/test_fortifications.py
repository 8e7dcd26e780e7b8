"""Fortifications (AWAW 32, A3R App. G): worked examples TC-05, TC-18 (31-34 extract), T-F1, T-F2 (A3R extract)."""

from __future__ import annotations

import pytest

from awaw_events.vocab import Power
from projections.rules.fortifications import (
    STARTING_FORTIFICATIONS_CLASSIC,
    FortBuild,
    FortFeature,
    SiegeState,
    fort_build_findings,
    fort_cost,
    fort_dm,
    fort_research_result,
    fort_variant,
    german_fort_research,
    house_build_counts,
    house_german_fort_cost,
    house_german_fort_findings,
    house_siege_hex_dm,
    house_submarines_unimpaired,
    ic_siege_delay_turns,
    island_group_payer,
    mandatory_ex_applies,
    odds_minimum_applies,
    siege_excess_isolation,
    siege_fort_dm,
    siege_step,
    starting_fortifications,
    submarine_siege_drm,
)

# --- TC-18 costs (32.12, 32.53) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "power", "kind", "brps", "rps"),
    [
        ("TC-18 Germany", "germany", "fortification", 5, 1),
        ("TC-18 Japan", "japan", "fortification", 5, 0),
        ("TC-18 beach defenses", "britain", "beach_defenses", 5, 1),
        ("island group", "usa", "island_group", 5, 1),
    ],
)
def test_tc18_costs(case: str, power: Power, kind: str, brps: int, rps: int) -> None:
    cost = fort_cost(power, kind)  # type: ignore[arg-type]
    assert (cost.brps, cost.rps) == (brps, rps), case


def test_island_group_payer() -> None:
    assert island_group_payer(usa_at_war_with_japan=True) == "usa"
    assert island_group_payer(usa_at_war_with_japan=False) == "britain"
    assert island_group_payer(usa_at_war_with_japan=False, group_occupied_by_usa=True) == "usa"


def _build(**kw: object) -> FortBuild:
    base: dict[str, object] = {
        "power": "germany",
        "faction": "european_axis",
        "kind": "fortification",
        "phase": "unit_construction",
        "brps_paid": 5,
        "rps_paid": 1,
    }
    base.update(kw)
    return FortBuild(**base)  # type: ignore[arg-type]


def test_legal_build() -> None:
    assert fort_build_findings(_build()) == ()
    assert fort_build_findings(_build(power="japan", faction="japan", rps_paid=0)) == ()
    assert fort_build_findings(_build(hex_already_fortified=True, west_wall_hex=True)) == ()


@pytest.mark.parametrize(
    ("case", "changes", "rule"),
    [
        ("F-01 Italy builds", {"power": "italy"}, "32.11"),
        ("F-02 wrong phase", {"phase": "movement"}, "32.11"),
        ("F-03 no RP paid", {"rps_paid": 0}, "32.12"),
        ("F-03 Japan pays an RP", {"power": "japan", "faction": "japan", "rps_paid": 1}, "32.12"),
        ("F-10 second build", {"builds_this_turn_before": 1}, "32.14D"),
        ("F-09 winter level 5", {"winter_level": 5}, "32.14C"),
        ("F-07 already fortified", {"hex_already_fortified": True}, "32.14A"),
        ("F-11 Sicily before Italy surrenders", {"hex_country": "sicily"}, "32.14E"),
        ("F-14 second beach defense", {"kind": "beach_defenses", "beach_defenses_in_hex": 1}, "32.54"),
        ("F-14 one-hex island", {"kind": "beach_defenses", "one_hex_island": True}, "32.52"),
        (
            "F-12 WA in a French hex",
            {"power": "britain", "faction": "western_allies", "hex_controller": "france"},
            "32.14F",
        ),
        (
            "F-12 U.S. not at war",
            {"power": "usa", "faction": "western_allies", "hex_controller": "usa"},
            "32.14G",
        ),
        (
            "F-13 WA Pacific too early",
            {"power": "britain", "faction": "western_allies", "theater": "pacific", "usjt": 39},
            "32.14H",
        ),
    ],
)
def test_planted_build_faults(case: str, changes: dict[str, object], rule: str) -> None:
    rules = [b.rule for b in fort_build_findings(_build(**changes))]
    assert rule in rules, case


def test_winter_level_4_allows_builds() -> None:
    assert fort_build_findings(_build(winter_level=4)) == ()
    assert fort_build_findings(_build(hex_country="sicily", italy_surrendered=True)) == ()
    pacific = {"power": "britain", "faction": "western_allies", "theater": "pacific"}
    assert fort_build_findings(_build(**pacific, usjt=40)) == ()
    assert fort_build_findings(_build(**pacific, japan_war_on_britain_before_this_turn=True)) == ()


# --- DMs (32.21B, 32.55, 32.56, 32.65, 32.66; App. G) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "features", "attack", "from_rear", "dm"),
    [
        ("omni fortification", ("omni_fortification",), "land", False, 1),
        ("omni fortress", ("omni_fortress",), "seaborne", False, 2),
        ("Maginot frontal", ("maginot",), "land", False, 2),
        ("Maginot airdrop", ("maginot",), "airdrop", False, 2),
        ("Maginot from the rear", ("maginot",), "land", True, 0),
        ("West Wall frontal", ("west_wall",), "land", False, 1),
        ("Sevastopol", ("sevastopol",), "land", False, 2),
        ("Singapore seaborne", ("singapore",), "seaborne", False, 2),
        ("Singapore by land", ("singapore",), "land", False, 0),
        ("beach defense seaborne", ("beach_defense",), "seaborne", False, 1),
        ("beach defense by land", ("beach_defense",), "land", False, 0),
        ("32.56 beach + fort vs seaborne", ("beach_defense", "omni_fortification"), "seaborne", False, 2),
        ("32.56 beach + fort vs land", ("beach_defense", "omni_fortification"), "land", False, 1),
        ("32.65 island group", ("island_group",), "seaborne", False, 1),
        ("32.66 island group + fort", ("island_group", "omni_fortification"), "seaborne", False, 2),
    ],
)
def test_f17_fort_dm(case: str, features: tuple[FortFeature, ...], attack: str, from_rear: bool, dm: int) -> None:
    assert fort_dm(features, attack, from_rear=from_rear) == dm, case  # type: ignore[arg-type]


def test_beach_defense_lost_when_also_attacked_from_land() -> None:
    assert fort_dm(["beach_defense"], "seaborne", beach_also_attacked_from_land=True) == 0


def test_house_dms() -> None:
    assert fort_dm(["maginot"], "land", variant="a3r_house") == 2
    assert fort_dm(["west_wall"], "land", from_rear=True, variant="a3r_house") == 0
    with pytest.raises(ValueError, match="sevastopol"):
        fort_dm(["sevastopol"], "land", variant="a3r_house")


def test_odds_minimum_and_mandatory_ex() -> None:
    assert odds_minimum_applies(["omni_fortification"])
    assert not odds_minimum_applies(["maginot"], from_rear=True)
    assert not odds_minimum_applies(["omni_fortification"], variant="a3r_house")
    assert mandatory_ex_applies(["omni_fortress"], "land")
    assert not mandatory_ex_applies(["beach_defense"], "land")
    assert mandatory_ex_applies(["beach_defense"], "seaborne")
    assert not mandatory_ex_applies(["west_wall"], "land", from_rear=True)
    assert not mandatory_ex_applies(["omni_fortress"], "land", tactical_atomic=True)
    assert not mandatory_ex_applies(["omni_fortress"], "land", variant="a3r_house")


# --- starting fortifications (32.4, F-25) -------------------------------------------------------------------------


def test_starting_fortifications() -> None:
    classic = {f.location: f.kind for f in STARTING_FORTIFICATIONS_CLASSIC}
    assert classic == {
        "gibraltar": "omni_fortress",
        "malta": "omni_fortress",
        "maginot": "dir_fortress",
        "sevastopol": "dir_fortress",
        "singapore": "dir_fortress_vs_seaborne",
        "west_wall": "dir_fortification",
    }
    full = starting_fortifications(rules="full")
    assert {f.location for f in full} == {"gibraltar", "malta", "maginot", "sevastopol"}
    assert next(f for f in full if f.location == "maginot").kind == "dir_fortification"
    upgraded = starting_fortifications(rules="full", maginot_upgraded=True, west_wall_researched=True)
    assert {f.location for f in upgraded} >= {"west_wall"}
    assert next(f for f in upgraded if f.location == "maginot").kind == "dir_fortress"
    singapore = [f for f in starting_fortifications(rules="full", singapore_steps=9, singapore_results=1)
                 if f.location == "singapore"]  # fmt: skip
    assert [(f.kind, f.rule) for f in singapore] == [
        ("dir_fortress_vs_seaborne", "6.911B"),
        ("dir_fortification", "6.911C"),
    ]


# --- siege (32.24; F-20, F-21; TC-05) -----------------------------------------------------------------------------


def test_siege_sequence() -> None:
    s = SiegeState()
    dms = []
    for _ in range(4):
        s = siege_step(s, fully_supplied=False)
        dms.append(siege_fort_dm(2, s.siege_turns))
    assert dms == [1, 0, 0, 0]
    assert siege_excess_isolation(2, s.siege_turns) == 2
    s = siege_step(s, fully_supplied=True)
    assert siege_fort_dm(2, s.siege_turns) == 2  # restored at once (32.246)


def test_siege_russian_ic_delay() -> None:
    assert ic_siege_delay_turns(12) == 2
    s = SiegeState()
    turns = []
    for _ in range(4):
        s = siege_step(s, fully_supplied=False, ic_brps=10)
        turns.append(s.siege_turns)
    assert turns == [0, 0, 1, 2]


@pytest.mark.parametrize(
    ("case", "turns_without_full_supply", "extra"),
    [
        ("TC-05 Spring 1942 (cut)", 1, 0),
        ("TC-05 Summer 1942", 2, -1),
        ("TC-05 Fall 1942", 3, -2),
        ("no limit", 7, -6),
    ],
)
def test_tc05_malta_submarines(case: str, turns_without_full_supply: int, extra: int) -> None:
    assert submarine_siege_drm(turns_without_full_supply) == extra, case


@pytest.mark.parametrize(
    ("case", "turns", "dm"),
    [
        ("T-F2 Spring 1942 (normal)", 0, 4),
        ("T-F2 Axis Summer 1942", 1, 3),
        ("T-F2 Axis Fall 1942", 2, 2),
        ("T-F2 Axis Winter 1942", 3, 1),
        ("face value", 9, 0),
    ],
)
def test_t_f2_house_malta_siege(case: str, turns: int, dm: int) -> None:
    assert house_siege_hex_dm(2, 2, turns) == dm, case


def test_t_f2_invasion_in_winter_1942() -> None:
    seaborne_bonus = 1
    assert house_siege_hex_dm(2, 2, 3) + seaborne_bonus == 2


def test_house_siege_supplied_units_keep_other_dms() -> None:
    assert house_siege_hex_dm(2, 2, 3, isolated=False) == 2
    assert house_submarines_unimpaired(2, 2)
    assert not house_submarines_unimpaired(2, 3)
    assert not house_submarines_unimpaired(1, 2)


# --- German fortification research (App. G; T-F1) -----------------------------------------------------------------


def test_t_f1_berlin_and_three_west_wall_hexes() -> None:
    assert house_german_fort_cost(1, 3) == 20
    assert house_german_fort_findings(9, 1, 3, 20) == ()


@pytest.mark.parametrize(
    ("result", "west_wall", "forts", "upgrade"),
    [(1, False, False, False), (5, False, False, False), (6, True, False, False), (8, True, True, False),
     (9, True, True, True), (12, True, True, True)],
)  # fmt: skip
def test_research_table(result: int, west_wall: bool, forts: bool, upgrade: bool) -> None:
    row = german_fort_research(result)
    assert (row.west_wall_fortified, row.may_build_forts, row.may_upgrade_west_wall) == (west_wall, forts, upgrade)


def test_planted_house_fort_faults() -> None:
    assert house_german_fort_findings(6, 1, 0, 5)  # needs 7+
    assert house_german_fort_findings(8, 0, 1, 5)  # upgrade needs 9+
    assert house_german_fort_findings(9, 2, 0, 10)  # one fort per turn
    assert house_german_fort_findings(9, 1, 3, 15)  # underpaid
    assert house_german_fort_findings(9, 0, 6, 30)  # at most 5 hexes


def test_the_fortification_rules_a_game_plays() -> None:
    assert fort_variant("awaw", "a3r") == "awaw"
    assert fort_variant("a3r", "awaw_32_2_mod") == "a3r_house"
    assert fort_variant("a3r", "a3r") is None


def test_reading_germanys_fortification_research() -> None:
    assert fort_research_result("germany", "fortifications", "9 (upgrades)") == 9
    assert fort_research_result("germany", "west_wall_forts", "result 7") == 7
    assert fort_research_result("germany", "fortifications", "pending") is None
    assert fort_research_result("germany", "jets", "9") is None
    assert fort_research_result("britain", "fortifications", "9") is None


def test_what_a_house_build_counts() -> None:
    assert house_build_counts(upgrade=False, hexes=1) == (1, 0)
    assert house_build_counts(upgrade=True, hexes=3) == (0, 3)
