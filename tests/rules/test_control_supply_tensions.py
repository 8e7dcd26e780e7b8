"""Rules tables and formulas of hex control (29), supply (30), armor ZoCs (10.34), the A3R tensions (App. E), the
house sequence of play and the French surrender parts (58.21), as tables of cases restated from the extracts."""

from __future__ import annotations

import pytest

from awaw_events.errors import InputError
from awaw_events.options import inconsistencies, resolve_options
from projections.rules.control import diplomatic_control, joint_control_holds, reversion
from projections.rules.economy import usat_offensive_modifier as usat_offensive_increase
from projections.rules.france import (
    FREE_FRENCH_FORCES,
    VICHY_FORCES,
    anglo_french_part,
    city_part,
    fleet_part,
    ground_part,
    turn_part,
    vichy_fsl_modifier,
)
from projections.rules.mapdata import HexFacts, HexsideFacts, MapData, MapFile
from projections.rules.sequence import sw_allocation_allowed
from projections.rules.supply import (
    A3R_SOURCES,
    AWAW_SOURCES,
    automatic_supply_valid,
    designated_active,
    downgrade,
    isolation_exception,
    may_draw,
    sources,
)
from projections.rules.tensions import (
    at_war_code,
    german_garrison,
    mobilization_ics_due,
    reduced_mf,
    russian_minor_dow,
)
from projections.rules.zoc import exerts, extends


@pytest.mark.parametrize(
    ("faction", "result", "gives"),
    [("european_axis", 8, True), ("european_axis", 7, False), ("western_allies", -1, True), ("russia", 0, False)],
)
def test_diplomatic_results_give_control_at_8_or_minus_1(faction: str, result: int, gives: bool) -> None:
    assert diplomatic_control(faction, result) is gives  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("country", "recapturer", "surrendered", "expected"),
    [
        ("france", "britain", frozenset(), "france"),
        ("france", "britain", frozenset({"france"}), None),
        ("germany", "italy", frozenset(), "germany"),
        ("france", "germany", frozenset(), None),  # an enemy takes it: no reversion
        ("china", "russia", frozenset(), "communist_china"),
        ("china", "usa", frozenset(), "china"),
        ("poland", "britain", frozenset(), None),
    ],
)
def test_home_country_reversion_29_22b(
    country: str, recapturer: str, surrendered: frozenset[str], expected: str | None
) -> None:
    assert reversion(country, recapturer, surrendered=surrendered) == expected


def test_joint_control_29_25() -> None:
    wars = {"britain|germany", "france|germany"}
    assert not joint_control_holds("britain_france", None, wars)
    assert joint_control_holds("britain_france", None, wars | {"germany|russia"})
    assert joint_control_holds("britain_usa", "europe", {"italy|usa"})
    assert not joint_control_holds("britain_usa", "pacific", {"germany|usa"})


@pytest.mark.parametrize(
    ("user", "owner", "nationality", "expected"),
    [
        ("western_allies", "russia", None, "no"),
        ("russia", "western_allies", None, "no"),
        ("japan", "russia", None, "no"),
        ("china", "western_allies", None, "yes"),
        ("china", "russia", None, "yes"),
        ("western_allies", "china", None, "limited"),
        ("russia", "russia", "communist_china", "yes"),
        ("china", "russia", "communist_china", "yes"),
        ("european_axis", "japan", None, "no"),
    ],
)
def test_who_may_draw_on_whose_sources_30_29(user: str, owner: str, nationality: str | None, expected: str) -> None:
    assert may_draw(user, owner, nationality=nationality) == expected  # type: ignore[arg-type]


def test_the_source_tables_of_each_rule_set() -> None:
    assert sources("awaw", {}) is AWAW_SOURCES
    assert sources("a3r", {"supply.sources": "awaw_30_2_mod"}) is A3R_SOURCES
    assert sources("a3r", {"supply.sources": "a3r"}) is AWAW_SOURCES
    assert "moscow" not in AWAW_SOURCES and A3R_SOURCES["moscow"].kind == "unlimited"
    assert AWAW_SOURCES["lyon"].kind == "limited" and AWAW_SOURCES["vladivostok"].scope == "in_hex"
    assert "australia" not in A3R_SOURCES  # the house list has no Pacific sources


def test_supply_is_kept_until_the_next_initial_determination() -> None:
    assert downgrade("full", "partial") and downgrade("partial", "isolated")
    assert not downgrade("isolated", "full") and not downgrade("full", "full")


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        ({"naval_or_air": True}, "air_naval"),
        ({"fortified": True}, "fort"),
        ({"pacific": True, "port_or_island": True}, "pacific_port"),
        (
            {"pacific": True, "port_or_island": False, "owner": "japan", "nationality": "japan", "terrain": "jungle"},
            "japanese_jungle",
        ),
        (
            {
                "pacific": True,
                "port_or_island": False,
                "owner": "japan",
                "nationality": "thailand",
                "terrain": "jungle",
            },
            None,
        ),
        (
            {"pacific": True, "port_or_island": False, "owner": "china", "nationality": "china", "country": "china"},
            "chinese_in_china",
        ),
        ({"pacific": True, "port_or_island": None}, "unknown"),
        ({}, None),
    ],
)
def test_isolation_exceptions_30_542(kw: dict[str, object], expected: str | None) -> None:
    base: dict[str, object] = {
        "naval_or_air": False,
        "fortified": False,
        "pacific": False,
        "port_or_island": None,
        "nationality": "germany",
        "owner": "germany",
        "terrain": None,
        "country": None,
    }
    assert isolation_exception(**{**base, **kw}) == expected  # type: ignore[arg-type]


def test_automatic_supply_and_designation() -> None:
    assert automatic_supply_valid(10, 11, redeployed=False)
    assert not automatic_supply_valid(10, 11, redeployed=True)
    assert not automatic_supply_valid(10, 12, redeployed=False)
    # 30.212, next_turn: the turn of designation keeps the old state
    assert not designated_active(True, 5, 5, "next_turn") and designated_active(True, 5, 6, "next_turn")
    assert designated_active(False, 5, 5, "next_turn") and not designated_active(False, 5, 6, "next_turn")
    assert not designated_active(False, 5, 5, "off_at_once")


def _map(hexes: list[HexFacts], sides: list[HexsideFacts]) -> MapData:
    return MapData.of(
        MapFile(format="awaw-map-data/1", name="t", version="1", hexes=tuple(hexes), hexsides=tuple(sides))
    )


def test_armor_zocs_10_34() -> None:
    assert exerts("armor", "full") and not exerts("armor", "partial") and not exerts("infantry", "full")
    assert extends("EUR:K30", "EUR:K31", map_data=None, enemy_fortified=False, neutral=False)
    assert not extends("EUR:K30", "EUR:K31", map_data=None, enemy_fortified=True, neutral=False)
    assert not extends("EUR:K30", "EUR:K31", map_data=None, enemy_fortified=False, neutral=True)
    water = _map([], [HexsideFacts(between=("EUR:K30", "EUR:K31"), all_water="ocean", rules=("t",))])
    assert not extends("EUR:K30", "EUR:K31", map_data=water, enemy_fortified=False, neutral=False)
    assert extends("PAC:K30", "PAC:K31", map_data=None, enemy_fortified=False, neutral=False) is None
    jungle = _map([HexFacts(hex="PAC:K31", terrain="jungle", rules=("t",))], [])
    assert not extends("PAC:K30", "PAC:K31", map_data=jungle, enemy_fortified=False, neutral=False)
    clear = _map([HexFacts(hex="PAC:K31", terrain="clear", rules=("t",))], [])
    assert extends("PAC:K30", "PAC:K31", map_data=clear, enemy_fortified=False, neutral=False)


def test_rgt_tables() -> None:
    assert [at_war_code(n) for n in (0, 1, 2, 3)] == [
        "ST_AT_WAR_0",
        "ST_AT_WAR_1",
        "ST_AT_WAR_2PLUS",
        "ST_AT_WAR_2PLUS",
    ]
    assert [mobilization_ics_due(r) for r in (9, 10, 29, 50, 70)] == [0, 1, 2, 5, 5]
    assert [german_garrison(r) for r in (9, 10, 27, 55)] == [0, 10, 20, 50]
    assert [german_garrison(r, "exact") for r in (20, 27)] == [20, 0]
    assert russian_minor_dow(20, "turkey", axis_controlled=False) == "too_low"
    assert russian_minor_dow(20, "baltic_states", axis_controlled=False) == "allowed"
    assert russian_minor_dow(30, "turkey", axis_controlled=False) == "unknown_interest"
    assert russian_minor_dow(36, "turkey", axis_controlled=True) == "axis_controlled"
    assert russian_minor_dow(36, "turkey", axis_controlled=False) == "allowed"
    # T-R2 and approach 1
    assert reduced_mf("approach2_experimental", 36) == "infantry_only"
    assert reduced_mf("approach2_experimental", 25) == "all"
    assert reduced_mf("approach2_experimental", 45) == "none"
    assert reduced_mf("approach1", 39) == "all" and reduced_mf("approach1", 40) == "none"
    # T-U1
    assert [usat_offensive_increase(s) for s in (7, 8, 15, 22, 23, 30, 38)] == [0, 1, 1, 1, 2, 2, 3]


def test_sw_allocation_windows() -> None:
    assert sw_allocation_allowed("redeployment", "spring")
    assert not sw_allocation_allowed("redeployment", "winter")
    assert sw_allocation_allowed("year_start", "spring")
    assert not sw_allocation_allowed("combat", "summer")


def test_french_surrender_parts_58_21() -> None:
    assert city_part("FSL_PARIS", "germany") == 2 and city_part("FSL_LYON", "italy") == 1
    assert city_part("FSL_MARSEILLES", "france") == 0
    assert [ground_part(g) for g in (0, 1, 10, 11, 18)] == [0, -1, -1, -2, -2]  # round up (T-FR1: 18 -> -2)
    assert [fleet_part(f) for f in (27, 30, 25, 24, 21)] == [0, 0, 0, 1, 2]
    assert fleet_part(25, "up") == 1
    assert [turn_part(1940, s) for s in ("spring", "summer", "fall", "winter")] == [2, 0, -2, -4]
    assert turn_part(1939, "winter") == 2 and turn_part(1941, "spring") == -4
    assert anglo_french_part(7) == -1 and anglo_french_part(6) == 0 and anglo_french_part(None) == 0
    assert [vichy_fsl_modifier(f) for f in (2, 0, -1)] == [1, 0, -1]


def test_forces_tables_are_as_printed() -> None:
    assert FREE_FRENCH_FORCES[True][1] == (2, 0, 0, 0)  # T-FR2
    assert VICHY_FORCES[1] == (12, 0, 3, 10)  # T-FR2
    assert FREE_FRENCH_FORCES[False][-3] == (9, 1, 2, 14)  # T-FR4
    assert set(VICHY_FORCES) == set(range(-3, 4)) == set(FREE_FRENCH_FORCES[True]) == set(FREE_FRENCH_FORCES[False])


def test_option_consistency_c_opt_3() -> None:
    assert inconsistencies({"diplo.russian_unpreparedness": "approach1", "diplo.rgt_russian_garrison": "on"})
    assert inconsistencies({"france.vichy_interactions": "on"})
    assert not inconsistencies({"france.vichy_interactions": "on", "france.surrender": "awaw_58_house"})
    with pytest.raises(InputError, match=r"france\.vichy_interactions needs france\.surrender=awaw_58_house"):
        resolve_options("a3r", {"france.vichy_interactions": "on"})
    assert (
        resolve_options("a3r", {"france.vichy_interactions": "on", "france.surrender": "awaw_58_house"})[
            "france.vichy_interactions"
        ]
        == "on"
    )
