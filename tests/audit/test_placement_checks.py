"""What may be rebuilt and where new units go (27.22-27.23, 27.42-27.477, 27.91-27.94): a clean case and a planted
fault for each check, with map data where the rule needs a hex's country."""

from __future__ import annotations

import pytest

from awaw_events.events import Event, WarDeclared
from tests.build import (
    FALL,
    built,
    controlled,
    declared,
    eliminated,
    make,
    map_data,
    moved,
    placed,
    seqs,
    supplied,
)
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created

PLACES = map_data(
    [
        {"hex": "EUR:Y23", "country": "italy"},
        {"hex": "EUR:Z25", "country": "italy", "area": "sicily"},
        {"hex": "EUR:AA20", "country": "italy", "area": "sardinia"},
        {"hex": "EUR:EE10", "country": "algeria"},
        {"hex": "EUR:EE5", "country": "morocco"},
        {"hex": "EUR:EE11", "country": "algeria"},
        {"hex": "PAC:CC5", "country": "burma"},
        {"hex": "PAC:CC3", "country": "india"},
        {"hex": "EUR:K29", "country": "germany", "port": True},
        {"hex": "PAC:K30", "country": "japan", "port": True},
    ]
)


_LATER = {"when": {"year": 1940, "season": "spring"}}


@pytest.mark.plants("P-02.A")
def test_dutch_units_in_the_pacific_are_never_rebuilt() -> None:
    """27.22A: Dutch units in the Pacific may not be rebuilt once eliminated; a British one may."""
    setup: list[Event] = [
        created(),
        placed("nl", "infantry", 1, "PAC:R30", owner="britain", nationality="netherlands"),
        placed("br", "infantry", 1, "PAC:R30", owner="britain", nationality="britain"),
        eliminated("nl", "combat", side="allied"),
        eliminated("br", "combat", side="allied"),
    ]
    british = built("br", "infantry", 1, "PAC:R30", owner="britain", nationality="britain", **_LATER)
    dutch = built("nl", "infantry", 1, "PAC:R30", owner="britain", nationality="netherlands", **_LATER)
    assert seqs([*setup, british], "never_rebuilt") == []
    assert seqs([*setup, dutch], "never_rebuilt") == [6]


@pytest.mark.plants("P-02.B")
def test_minor_country_naval_units_are_never_rebuilt_but_australian_cruisers_and_destroyers() -> None:
    """27.22C: a minor country's naval units are not rebuilt, except Australian cruisers and destroyers."""
    setup: list[Event] = [
        created(),
        placed("rum-dd", "dd", 1, "EUR:X40", owner="germany", nationality="rumania"),
        placed("aus-ca", "ca", 2, "box:australia", owner="britain", nationality="commonwealth:australia"),
        placed("aus-dd", "dd", 1, "box:australia", owner="britain", nationality="commonwealth:australia"),
        eliminated("rum-dd", "naval_combat"),
        eliminated("aus-ca", "naval_combat", side="allied"),
        eliminated("aus-dd", "naval_combat", side="allied"),
    ]
    australian = [
        built("aus-ca", "ca", 2, "box:australia", owner="britain", nationality="commonwealth:australia", **_LATER),
        built("aus-dd", "dd", 1, "box:australia", owner="britain", nationality="commonwealth:australia", **_LATER),
    ]
    rumanian = built("rum-dd", "dd", 1, "EUR:X40", owner="germany", nationality="rumania", **_LATER)
    assert seqs([*setup, *australian], "never_rebuilt") == []
    assert seqs([*setup, rumanian], "never_rebuilt") == [8]


@pytest.mark.plants("A-04")
def test_elite_japanese_naval_air_comes_back_normal() -> None:
    setup: list[Event] = [created(), placed("nas", "nas", 1, "PAC:K30", owner="japan"), eliminated("nas", "combat")]
    again = {"when": {"year": 1939, "season": "winter"}}
    assert seqs([*setup, built("nas", "nas", 1, "PAC:K30", owner="japan", elite=True, **again)], "elite_rebuilt") == [4]
    assert seqs([*setup, built("nas", "nas", 1, "PAC:K30", owner="japan", **again)], "elite_rebuilt") == []


@pytest.mark.plants("P-03")
def test_units_are_built_in_the_home_country() -> None:
    setup: list[Event] = [created(), declared(PLACES)]
    assert seqs([*setup, built("i1", "infantry", 3, "EUR:Z25", owner="italy")], "home_country", PLACES) == []
    assert seqs([*setup, built("i1", "infantry", 3, "EUR:AA20", owner="italy")], "home_country", PLACES) == [3]
    assert seqs([*setup, built("i1", "infantry", 3, "EUR:EE10", owner="italy")], "home_country", PLACES) == [3]
    assert seqs([*setup, built("u1", "infantry", 3, "box:us_pacific", owner="usa")], "home_country", PLACES) == []
    assert seqs([*setup, built("u1", "infantry", 3, "EUR:M20", owner="usa")], "home_country", PLACES) == [3]
    assert seqs(
        [*setup, built("s1", "infantry", 2, "box:india", owner="britain", nationality="commonwealth:south_africa")],
        "home_country",
        PLACES,
    ) == [3]
    assert skipped([created(), built("i1", "infantry", 3, "EUR:Y23", owner="italy")], "home_country") == [
        "not checked: no map data for EUR:Y23 (country): the game declares no map data"
    ]


@pytest.mark.plants("P-04", "P-11")
def test_units_are_built_in_fully_supplied_hexes() -> None:
    """27.43A, 30.61D: built only in fully supplied hexes (construction_needs_full_supply judges it, once), and the
    new unit takes its hex's status (build_supply)."""
    setup: list[Event] = [created(), supplied("european_axis", {"EUR:L32": "full", "EUR:L33": "partial"})]
    legal = built("g1", "infantry", 3, "EUR:L32", supply="full")
    assert seqs([*setup, legal], "build_supply") == []
    assert seqs([*setup, legal], "construction_needs_full_supply") == []
    assert seqs([*setup, built("g1", "infantry", 3, "EUR:L33")], "construction_needs_full_supply") == [3]
    assert seqs([*setup, built("g1", "infantry", 3, "EUR:L33")], "build_supply") == []  # one finding, not two
    assert seqs([*setup, built("g1", "infantry", 3, "EUR:L32", supply="partial")], "build_supply") == [3]
    assert skipped([created(), built("g1", "infantry", 3, "EUR:L32", supply="full")], "build_supply") == [
        "cannot decide: no map data for EUR:L32 (terrain): the game declares no map data"
    ]


@pytest.mark.plants("P-05")
def test_russian_units_are_built_where_supply_traces_to_the_urals() -> None:
    """27.43B, where the map cannot decide: the source the last determination recorded for the hex."""
    urals = [created(), supplied("russia", {"EUR:H49": "full"}, side="allied", source="box:urals")]
    moscow = [created(), supplied("russia", {"EUR:H49": "full"}, side="allied", source="ic:EUR:H49")]
    assert seqs([*urals, built("r1", "infantry", 3, "EUR:H49", owner="russia")], "russian_build_supply") == []
    assert seqs([*moscow, built("r1", "infantry", 3, "EUR:H49", owner="russia")], "russian_build_supply") == [3]


@pytest.mark.plants("P-07")
def test_units_are_built_in_hexes_held_since_the_turn_began() -> None:
    setup: list[Event] = [created(), controlled("EUR:L32", "germany"), controlled("EUR:L33", "france")]
    assert seqs([*setup, built("g1", "infantry", 3, "EUR:L32")], "build_control") == []
    assert seqs([*setup, built("g1", "infantry", 3, "EUR:L33")], "build_control") == [4]
    retaken = controlled("EUR:L33", "germany", cause="occupation", side="axis", phase="combat")
    assert seqs([*setup, retaken, built("g1", "infantry", 3, "EUR:L33")], "build_control") == [5]


@pytest.mark.plants("P-09")
def test_french_colonial_infantry_is_rebuilt_in_its_colony() -> None:
    setup: list[Event] = [
        created(),
        declared(PLACES),
        placed("col", "infantry", 1, "EUR:EE10", owner="france"),
        eliminated("col", "combat", side="allied"),
    ]
    later = {"when": {"year": 1940, "season": "spring"}}
    home = built("col", "infantry", 1, "EUR:EE11", owner="france", **later)
    away = built("col", "infantry", 1, "EUR:EE5", owner="france", **later)
    assert seqs([*setup, home], "colonial_rebuild", PLACES) == []
    assert seqs([*setup, away], "colonial_rebuild", PLACES) == [5]


@pytest.mark.plants("P-10.A")
def test_canadian_armor_and_infantry_are_built_in_canada() -> None:
    canada = {"owner": "britain", "nationality": "commonwealth:canada"}
    assert seqs([created(), built("c1", "armor", 4, "box:canada", **canada)], "canada_and_chindit") == []
    assert seqs([created(), built("c2", "infantry", 3, "box:canada", **canada)], "canada_and_chindit") == []
    assert found([created(), built("c1", "armor", 4, "EUR:M20", **canada)], "canada_and_chindit") == [
        (2, "Canadian armor unit c1 is built at EUR:M20; it is built in Canada (27.475A)")
    ]
    assert seqs([created(), built("c2", "infantry", 3, "box:india", **canada)], "canada_and_chindit") == [2]


@pytest.mark.plants("P-10.B")
def test_the_chindit_is_built_in_an_indian_hex_or_the_india_box() -> None:
    chindit = {"owner": "britain", "nationality": "britain"}
    setup: list[Event] = [created(), declared(PLACES)]
    assert seqs([*setup, built("ch", "chindit", 1, "PAC:CC3", **chindit)], "canada_and_chindit", PLACES) == []
    assert seqs([*setup, built("ch", "chindit", 1, "box:india", **chindit)], "canada_and_chindit", PLACES) == []
    assert found([*setup, built("ch", "chindit", 1, "PAC:CC5", **chindit)], "canada_and_chindit", PLACES) == [
        (3, "the Chindit ch is built at PAC:CC5; it is built in an Indian hex or the India box (27.474D)")
    ]
    assert skipped([created(), built("ch", "chindit", 1, "PAC:CC3", **chindit)], "canada_and_chindit") == [
        "not checked: no map data for PAC:CC3 (country): the game declares no map data"
    ]


def _sw_air(owner: str, at: str, front: str | None = None) -> Event:
    return built("i", "interceptor", 1, at, owner=owner, front=front)


_WRONG_BOX = "new interceptor unit i: new SW air units go to the SW box the rule names (27.92)"


@pytest.mark.plants("I-03.A")
def test_new_sw_air_units_go_to_their_powers_sw_box() -> None:
    """27.92A-C, E: Germany and Britain the Atlantic SW box, Japan the Pacific, Russia either, on the eastern or
    Asian front; any front for the others."""
    for owner, box, front in (("germany", "sw:atlantic", "western"), ("britain", "sw:atlantic", "mediterranean"),
                              ("japan", "sw:pacific", "asian"), ("russia", "sw:atlantic", "eastern"),
                              ("russia", "sw:pacific", "asian")):  # fmt: skip
        assert seqs([created(), _sw_air(owner, box, front)], "sw_air_placement") == [], (owner, box)
    assert found([created(), _sw_air("germany", "sw:pacific")], "sw_air_placement") == [(2, _WRONG_BOX)]
    assert found([created(), _sw_air("japan", "sw:atlantic")], "sw_air_placement") == [(2, _WRONG_BOX)]
    assert found([created(), _sw_air("russia", "sw:pacific", "western")], "sw_air_placement") == [
        (2, "new interceptor unit i: Russian SW air units go on the eastern or Asian front (27.92E)")
    ]


@pytest.mark.plants("I-03.B")
def test_new_us_sw_air_units_go_to_a_us_box_while_not_at_war_in_its_theater() -> None:
    """27.92D: the U.S. places them in the SW box of a theater it is at war in, and in the U.S. box of one it is not
    at war in."""
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="usa", brp_cost=35)
    assert seqs([created(), _sw_air("usa", "box:us_atlantic")], "sw_air_placement") == []
    assert seqs([created(), _sw_air("usa", "box:us_pacific")], "sw_air_placement") == []
    assert found([created(), _sw_air("usa", "sw:atlantic")], "sw_air_placement") == [(2, _WRONG_BOX)]
    assert seqs([created(), war, _sw_air("usa", "sw:atlantic")], "sw_air_placement") == []
    assert seqs([created(), war, _sw_air("usa", "box:us_pacific")], "sw_air_placement") == []
    assert found([created(), war, _sw_air("usa", "sw:pacific")], "sw_air_placement") == [(3, _WRONG_BOX)]
    assert found([created(), war, _sw_air("usa", "box:us_atlantic")], "sw_air_placement") == [(3, _WRONG_BOX)]


@pytest.mark.plants("I-05")
def test_new_submarines_asw_and_transports() -> None:
    setup: list[Event] = [created(), declared(PLACES)]
    assert seqs([*setup, built("u1", "submarine", 1, "EUR:K29")], "sw_naval_placement", PLACES) == []
    assert seqs([*setup, built("a1", "asw", 1, "EUR:K29")], "sw_naval_placement", PLACES) == [3]
    assert seqs(
        [*setup, built("t1", "transport", 1, "box:us_atlantic", owner="britain")], "sw_naval_placement", PLACES
    ) == [3]
    jap = [*setup, built("js", "submarine", 1, "PAC:K30", owner="japan")]
    assert seqs([*jap, moved("js", "NR", "PAC:K30", "sw:indian_ocean")], "sw_box_transfer", PLACES) == []
    assert seqs([*jap, moved("js", "NR", "PAC:K30", "sw:atlantic")], "sw_box_transfer", PLACES) == [4]


@pytest.mark.plants("P-06")
def test_no_units_are_built_in_an_enemy_zoc() -> None:
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="france", brp_cost=35)
    setup: list[Event] = [
        created(),
        placed("g-arm", "armor", 4, "EUR:P22"),
        supplied("european_axis", {"g-arm": "full"}),
    ]
    near = built("f1", "infantry", 3, "EUR:P21", owner="france")  # P21 is next to P22
    assert seqs([*setup, war, near], "build_zoc") == [5]
    assert seqs([*setup, near], "build_zoc") == []  # a future enemy's armor, not at war (27.44)
    far = built("f1", "infantry", 3, "EUR:P25", owner="france")
    assert seqs([*setup, war, far], "build_zoc") == []
    water = map_data(hexsides=[{"between": ("EUR:P21", "EUR:P22"), "all_water": "ocean"}])
    assert seqs([*setup, war, declared(water), near], "build_zoc", water) == []
