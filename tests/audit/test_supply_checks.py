"""Supply (rule 30; A3R App. H and I): determinations, isolation, sources, land lines, ICs and construction, each
with its fault planted and without it; the worked examples of 30.543 (EX-S5, EX-S6) and 30.27 (EX-S7)."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttritionOccupation,
    BridgeheadPlaced,
    GameCreated,
    IcValueChanged,
    PlayerTurnEnded,
    RouteStatusChanged,
    StatusChanged,
    SupplySourceDesignated,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.events.base import Modifier, Move
from awaw_events.events.combat import Attacker, Defender
from awaw_events.options import defaults
from tests.build import check_messages as findings
from tests.build import checks_found, facts, held, map_data, place, res, skipped, supply, when
from tests.build import turn_of as turn
from tests.conftest import created

END = PlayerTurnEnded(**when(phase="end_of_player_turn"))


def a3r() -> GameCreated:
    return GameCreated(year=1939, season="fall", phase="setup", rules="a3r", options=defaults("a3r"))


# ---------------------------------------------------------------------------------------------------------------------
# Determinations (S-01, S-02, S-19)


@pytest.mark.plants("S-01.A")
def test_supply_is_determined_for_the_moving_side_initial_then_post_combat() -> None:
    events = [
        created(),
        turn(),
        supply("european_axis", "initial", []),
        supply("european_axis", "initial", []),
        supply("japan", "post_combat", []),
    ]
    assert findings(events, "30.4") == [
        (
            "supply_determinations",
            "a second initial supply determination for european_axis in this player turn (30.41-30.43)",
        ),
        (
            "supply_determinations",
            "japan: the post-combat supply determination follows an initial one in the movement phase (30.42, 30.43)",
        ),
    ]
    clean = [created(), turn(), supply("european_axis", "initial", []), supply("european_axis", "post_combat", [])]
    assert checks_found(clean, "30.4") == []


@pytest.mark.plants("S-01.B")
def test_the_opponents_supply_is_not_determined_in_the_moving_players_turn() -> None:
    """30.14, 30.41: only the moving player's units are determined; the other side's status stays as it was."""
    own = [created(), turn(), supply("european_axis", "initial", []), supply("european_axis", "post_combat", [])]
    assert checks_found(own, "30.4") == []
    russia = [*own[:2], supply("russia", "initial", [], side_="axis"), *own[2:]]
    assert findings(russia, "30.4") == [
        (
            "supply_determinations",
            "russia supply determined in the axis player turn: only the moving player's units are determined (30.41)",
        ),
    ]
    allied = [created(), turn("summer", 1941, "allied"), supply("russia", "initial", [], side_="allied")]
    assert checks_found([*allied, supply("russia", "post_combat", [], side_="allied")], "30.4") == []


@pytest.mark.plants("S-01.A")
def test_units_isolated_at_the_initial_determination_are_determined_again() -> None:
    base = [
        created(),
        place("ger-1", "germany", "EUR:K30"),
        turn(),
        supply("european_axis", "initial", [res("ger-1", "isolated")]),
    ]
    assert findings([*base, END], "30.4") == [
        (
            "supply_determinations",
            "european_axis had units without supply at the initial determination but made no post-combat "
            "determination: their supply is resolved then (30.43, 30.541)",
        ),
    ]
    again = supply("european_axis", "post_combat", [res("ger-1")])
    assert checks_found([*base, again, END], "30.4") == []


@pytest.mark.plants("S-02", "S-19")
def test_supply_obtained_at_the_initial_determination_is_kept() -> None:
    base = [created(), place("ger-1", "germany", "EUR:K30"), place("ger-2", "germany", "EUR:K31"), turn()]
    initial = supply("european_axis", "initial", [res("ger-1"), res("ger-2", "isolated")])
    worse = supply("european_axis", "post_combat", [res("ger-1", "isolated"), res("ger-2")])
    assert findings([*base, initial, worse], "30.43") == [
        (
            "post_combat_retrace",
            "ger-1 had full supply at the initial determination: it keeps it until the next initial determination, "
            "and post-combat supply re-traces only to what was not fully supplied (30.43, 30.47)",
        ),
    ]
    better = supply("european_axis", "post_combat", [res("ger-2", "partial")])
    assert checks_found([*base, initial, better], "30.43") == []


# ---------------------------------------------------------------------------------------------------------------------
# Isolation (S-11, S-12) and partial supply (S-13)


def _isolated(*units: str, post: str = "isolated") -> list[object]:
    return [
        supply("european_axis", "initial", [res(u, "isolated") for u in units]),
        supply("european_axis", "post_combat", [res(u, post) for u in units]),
    ]


@pytest.mark.plants("S-11.A", "S-11.B", "S-19")
def test_units_isolated_at_both_determinations_are_eliminated() -> None:
    base = [created(), place("ger-1", "germany", "EUR:K30"), turn()]
    clear = map_data([facts("EUR:K30", terrain="clear")])  # fictional: the hex has an entry, and no fortress
    gone = UnitEliminated(**when(phase="post_combat_supply"), unit="ger-1", cause="isolation")
    assert checks_found([*base, *_isolated("ger-1"), gone, END], "30.541", clear) == []
    assert findings([*base, *_isolated("ger-1"), END], "30.541", clear) == [
        (
            "isolation_elimination",
            "ger-1 had no supply at either determination and no exception of 30.542 applies: it is eliminated at the "
            "end of the post-combat supply determination (30.541)",
        ),
    ]
    # without an entry for the hex, whether a fortress is printed there (30.542A) is not known: never guessed
    assert checks_found([*base, *_isolated("ger-1"), END], "30.541") == []
    assert any("fort, port, terrain or country (30.542)" in r for r in skipped([*base, *_isolated("ger-1"), END]))
    assert findings([*base, *_isolated("ger-1", post="partial"), gone], "30.541") == [
        (
            "isolation_elimination",
            "ger-1 is eliminated by isolation, but it got partial supply after combat (30.541)",
        ),
    ]
    early = UnitEliminated(**when(phase="combat"), unit="ger-1", cause="isolation")
    assert checks_found([*base, supply("european_axis", "initial", [res("ger-1", "isolated")]), early], "30.541") == [
        "isolation_elimination"
    ]
    air = [created(), place("ger-air", "germany", "EUR:K30", unit_type="aaf"), turn(), *_isolated("ger-air")]
    gone_air = UnitEliminated(**when(phase="post_combat_supply"), unit="ger-air", cause="isolation")
    assert findings([*air, gone_air], "30.541")[0][1].endswith(
        "air and naval units are never eliminated by isolation (30.16, 30.542E)"
    )


@pytest.mark.plants("S-11")
def test_fortifications_save_isolated_units() -> None:
    from awaw_events.events import FortificationPlaced

    fort = FortificationPlaced(
        year=1939, season="fall", phase="setup", hex="EUR:K30", kind="fortification", owner="germany"
    )
    base = [created(), fort, place("ger-1", "germany", "EUR:K30"), turn(), *_isolated("ger-1")]
    assert checks_found([*base, END], "30.541") == []
    gone = UnitEliminated(**when(phase="post_combat_supply"), unit="ger-1", cause="isolation")
    assert findings([*base, gone], "30.541") == [
        ("isolation_elimination", "ger-1 in EUR:K30 is not eliminated by isolation (fort, 30.542A)"),
    ]


@pytest.mark.plants("S-12.A", "S-12.B")
def test_units_without_supply_do_not_move_advance_occupy_or_redeploy() -> None:
    base = [
        created(),
        place("ger-1", "germany", "EUR:K30"),
        place("ger-2", "germany", "EUR:K35"),
        turn(),
        supply("european_axis", "initial", [res("ger-1", "isolated"), res("ger-2")]),
    ]
    moves = [
        UnitMoved(**when(phase="movement"), unit="ger-2", path=["EUR:K36"]),
        UnitMoved(**when(phase="movement"), unit="ger-1", path=["EUR:K31"]),
        AdvanceAfterCombat(**when(phase="combat"), attack="a1", moves=[Move(unit="ger-1", to="EUR:K31")]),
        AttritionOccupation(**when(phase="attrition"), attrition="t1", moves=[Move(unit="ger-1", to="EUR:K31")]),
    ]
    assert checks_found([*base, *moves], "30.16") == ["isolated_units_stay"] * 3
    post = supply("european_axis", "post_combat", [res("ger-1", "isolated")])
    redeploy = UnitRedeployed(
        **when(phase="redeployment"), unit="ger-1", kind="SR", origin="EUR:K30", destination="EUR:K20"
    )
    assert findings([*base, post, redeploy], "30.16") == [
        ("isolated_units_stay", "ger-1 has no supply (isolated) and may not redeploy (30.531, 30.61E)"),
    ]
    resupplied = supply("european_axis", "post_combat", [res("ger-1")])
    assert checks_found([*base, resupplied, redeploy], "30.16") == []


@pytest.mark.plants("S-13.A", "S-13.B", "S-13.C", "S-13.D")
def test_partially_supplied_units_keep_their_impairments() -> None:
    base = [
        created(),
        place("ger-arm", "germany", "EUR:K30", unit_type="armor", factors=4),
        place("ger-ab", "germany", "EUR:K31", unit_type="airborne", factors=1),
        place("ger-air", "germany", "EUR:K32", unit_type="aaf", factors=5),
        turn(),
        supply(
            "european_axis", "initial", [res("ger-arm", "partial"), res("ger-ab", "partial"), res("ger-air", "partial")]
        ),
    ]
    faults = [
        UnitMoved(**when(phase="movement"), unit="ger-arm", path=["EUR:K29", "EUR:K28"], mf_used=4),
        AirdropMade(**when(phase="combat"), unit="ger-ab", base="EUR:K31", target="EUR:K33"),
        AirMissionFlown(**when(phase="combat"), mission="ground_support", units=["ger-air"], target="EUR:K34"),
        AirMissionFlown(**when(phase="combat"), mission="das", units=["ger-air"], target="EUR:K34"),
        AttackDeclared(
            **when(phase="combat"),
            attack="inv",
            kind="invasion",
            defender_hexes=["EUR:K33"],
            attackers=[Attacker(unit="ger-ab", factors=1, role="invading")],
        ),
    ]
    assert checks_found([*base, *faults], "30.52") == ["partial_supply_impairments"] * 5
    fine = [
        UnitMoved(**when(phase="movement"), unit="ger-arm", path=["EUR:K29"], mf_used=3),
        AirMissionFlown(**when(phase="combat"), mission="das", units=["ger-air"], target="EUR:K32"),
    ]
    assert checks_found([*base, *fine], "30.52") == []


@pytest.mark.plants("S-13.E")
def test_naval_units_in_a_partially_supplied_port_do_not_intercept() -> None:
    """30.524A (22.11B): naval units based in a partially supplied port may not intercept, except submarines in a
    fortified port (32.248); fully supplied ones may. The ports are of a FICTIONAL map made up for the test."""
    from awaw_events.events import FortificationPlaced

    ports = map_data([facts(h, terrain="clear", port=True) for h in ("EUR:K29", "EUR:K30")])
    fort = FortificationPlaced(year=1939, season="fall", phase="setup", hex="EUR:K30", kind="fortress", owner="germany")
    base = [
        created(),
        place("ger-ca", "germany", "EUR:K29", unit_type="ca", factors=2),
        place("ger-ss", "germany", "EUR:K29", unit_type="submarine", factors=1),
        place("ger-ss2", "germany", "EUR:K30", unit_type="submarine", factors=1),
        place("ger-dd", "germany", "EUR:K30", unit_type="dd", factors=1),
        fort,
        turn(),
    ]
    partial = supply("european_axis", "initial", [res(u, "partial") for u in ("ger-ca", "ger-ss", "ger-ss2", "ger-dd")])

    def intercept(*units: str) -> AirMissionFlown:
        return AirMissionFlown(
            **when(phase="movement"), mission="naval_interception", units=list(units), target="EUR:K28"
        )

    full = supply("european_axis", "initial", [res("ger-ca"), res("ger-ss")])
    assert checks_found([*base, full, intercept("ger-ca", "ger-ss")], "30.52", ports) == []
    assert checks_found([*base, partial, intercept("ger-ss2")], "30.52", ports) == []  # a sub in a fortress
    assert findings([*base, partial, intercept("ger-ca")], "30.52", ports) == [
        ("partial_supply_impairments", "ger-ca is based in a partial hex and may not intercept (22.11B, 30.524A)"),
    ]
    assert (
        checks_found([*base, partial, intercept("ger-ss", "ger-dd")], "30.52", ports)
        == ["partial_supply_impairments"] * 2
    )
    assert checks_found([*base, partial, intercept("ger-ss")], "30.52") == []  # no map data: the port may be fortified
    assert skipped([*base, partial, intercept("ger-ss")], "30.52") == [
        "not checked: no map data for EUR:K29 (fortification (30.524A: a submarine in a fortified port is not "
        "impaired)): the game declares no map data"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Sources (S-14, S-15, S-16, C-SUP-1, C-SUP-2)


@pytest.mark.plants("S-14", "C-SUP-1")
def test_sources_supply_their_own_faction_and_limited_ones_only_partially() -> None:
    base = [created(), place("brit-1", "britain", "EUR:H20"), place("rus-1", "russia", "EUR:H50"), turn(side_="allied")]
    results = [res("brit-1", "full", "urals"), res("rus-1", "full", "urals")]
    assert findings([*base, supply("western_allies", "initial", results[:1])], "30.2") == [
        (
            "supply_sources",
            "brit-1 (western_allies) may not draw supply from urals, a russia source (30.29: no Western Allied and "
            "Russian sharing, no Japanese use of Russian sources)",
        ),
    ]
    assert checks_found([*base, supply("russia", "initial", results[1:])], "30.2") == []
    limited = [*base, supply("western_allies", "initial", [res("brit-1", "full", "lyon")])]
    assert findings(limited, "30.2") == [
        ("supply_sources", "brit-1 draws full supply from lyon, but lyon is a limited source (30.26)"),
    ]
    assert checks_found([*base, supply("western_allies", "initial", [res("brit-1", "partial", "lyon")])], "30.2") == []
    # the house list (A3R App. I): Moscow is an unlimited Russian source; in AWAW it is no source by name
    moscow = [
        place("rus-1", "russia", "EUR:H50"),
        turn(side_="allied"),
        supply("russia", "initial", [res("rus-1", "full", "moscow")]),
    ]
    assert checks_found([a3r(), *moscow], "30.2") == []
    assert skipped([created(), *moscow], "30.2") == [
        "'moscow' is not a supply source the rules name (30.2); a hex source is named by its hex id"
    ]


_SHARING = "(30.29: no Western Allied and Russian sharing, no Japanese use of Russian sources)"


@pytest.mark.plants("S-14.A")
def test_western_allied_and_russian_units_do_not_share_sources_except_nationalist_china() -> None:
    """30.291: Western Allied units may not draw on Russian sources nor Russian units on Western Allied ones;
    Nationalist Chinese units may draw on Russian sources (and Western Allied ones, 30.294)."""
    base = [
        created(),
        place("brit-1", "britain", "EUR:H20"),
        place("rus-1", "russia", "EUR:H50"),
        place("chi-1", "china", "PAC:M10"),
        turn(side_="allied"),
    ]
    assert checks_found([*base, supply("russia", "initial", [res("rus-1", "full", "urals")])], "30.2") == []
    assert checks_found([*base, supply("western_allies", "initial", [res("brit-1", "full", "london")])], "30.2") == []
    assert checks_found([*base, supply("china", "initial", [res("chi-1", "full", "urals")])], "30.2") == []
    assert checks_found([*base, supply("china", "initial", [res("chi-1", "full", "australia")])], "30.2") == []
    assert findings([*base, supply("russia", "initial", [res("rus-1", "full", "australia")])], "30.2") == [
        ("supply_sources", f"rus-1 (russia) may not draw supply from australia, a western_allies source {_SHARING}"),
    ]
    assert findings([*base, supply("western_allies", "initial", [res("brit-1", "full", "urals")])], "30.2") == [
        ("supply_sources", f"brit-1 (western_allies) may not draw supply from urals, a russia source {_SHARING}"),
    ]


@pytest.mark.plants("S-14.B")
def test_japanese_units_do_not_draw_on_russian_sources() -> None:
    """30.293: Japanese units may not draw supply from Russian sources (Vladivostok, Irkutsk, the Urals box)."""
    base = [created(), place("jap-1", "japan", "PAC:D20"), turn()]
    assert checks_found([*base, supply("japan", "initial", [res("jap-1", "full", "tokyo")])], "30.2") == []
    assert findings([*base, supply("japan", "initial", [res("jap-1", "partial", "vladivostok")])], "30.2") == [
        ("supply_sources", f"jap-1 (japan) may not draw supply from vladivostok, a russia source {_SHARING}"),
    ]


@pytest.mark.plants("S-14.C")
def test_axis_units_draw_limited_supply_from_a_captured_ic_for_the_units_in_it_only() -> None:
    """30.292 (with 30.267A): a Russian IC the Axis captured gives limited supply to the Axis units in its hex and no
    other; A3R's house rule (App. I 30.292) takes even that away."""
    ic = IcValueChanged(year=1939, season="fall", phase="setup", hex="EUR:J50", value=10, cause="setup")
    base = [
        created(),
        ic,
        held("EUR:J50", "germany"),
        place("ger-1", "germany", "EUR:J50"),
        place("ger-2", "germany", "EUR:J52"),
        turn(),
    ]
    assert checks_found([*base, supply("european_axis", "initial", [res("ger-1", "partial", "EUR:J50")])], "30.2") == []
    assert findings([*base, supply("european_axis", "initial", [res("ger-1", "full", "EUR:J50")])], "30.2") == [
        ("supply_sources", "an IC is a limited source (30.267A): ger-1 gets at most partial supply from it"),
    ]
    assert findings([*base, supply("european_axis", "initial", [res("ger-2", "partial", "EUR:J50")])], "30.2") == [
        (
            "supply_sources",
            "an IC supplies only the units in its own hex (30.267A, A3R 37.71): ger-2 is not in EUR:J50",
        ),
    ]


@pytest.mark.plants("S-14.D")
def test_nationalist_chinese_sources_give_western_allied_units_only_limited_supply() -> None:
    """30.294: Nationalist Chinese sources supply Western Allied units, but only with limited supply (the exception,
    the Flying Tigers, is an air unit no event marks: an air unit drawing full supply is not checked)."""
    base = [
        created(),
        place("brit-1", "britain", "PAC:M10"),
        place("chi-1", "china", "PAC:M11"),
        place("brit-air", "britain", "PAC:M10", unit_type="aaf", factors=1),
        turn(side_="allied"),
    ]
    wa = "western_allies"
    assert checks_found([*base, supply(wa, "initial", [res("brit-1", "partial", "chungking")])], "30.2") == []
    assert checks_found([*base, supply("china", "initial", [res("chi-1", "full", "chungking")])], "30.2") == []
    assert findings([*base, supply(wa, "initial", [res("brit-1", "full", "chungking")])], "30.2") == [
        (
            "supply_sources",
            "brit-1 draws full supply from chungking, but a Nationalist Chinese source gives western_allies units "
            "only limited supply (30.294)",
        ),
    ]
    flying_tigers = [*base, supply(wa, "initial", [res("brit-air", "full", "chungking")])]
    assert checks_found(flying_tigers, "30.2") == []
    assert skipped(flying_tigers, "30.2") == [
        "whether brit-air, an air unit drawing full supply from chungking, is the Flying Tigers (30.294: Nationalist "
        "Chinese sources give other Western Allied units only limited supply)"
    ]


@pytest.mark.plants("S-15.A", "S-15.B")
def test_capitals_after_surrender_are_limited_and_enemy_held_ones_supply_no_one() -> None:
    data = map_data([facts("EUR:P21", name="Paris")])
    base = [created(), held("EUR:P21", "france"), place("fra-1", "france", "EUR:P22"), turn(side_="allied")]
    fallen = StatusChanged(**when(side_="allied", phase="diplomacy"), country="france", status="surrendered")
    full = supply("western_allies", "initial", [res("fra-1", "full", "paris")])
    partial = supply("western_allies", "initial", [res("fra-1", "partial", "paris")])
    assert checks_found([*base, full], "30.2", data) == []
    assert findings([*base, fallen, full], "30.2", data) == [
        ("supply_sources", "fra-1 draws full supply from paris, but france has surrendered (30.23, 30.263)"),
    ]
    assert checks_found([*base, fallen, partial], "30.2", data) == []
    taken = held("EUR:P21", "germany")
    assert findings([*base[:2], taken, *base[2:], partial], "30.2", data) == [
        (
            "supply_sources",
            "paris is held by germany while france has not surrendered: it supplies neither side (30.263)",
        ),
    ]


@pytest.mark.plants("S-16")
def test_a_bridgehead_is_a_source_only_at_the_post_combat_determination_of_its_turn() -> None:
    base = [
        created(),
        place("ger-1", "germany", "EUR:E33"),
        turn(),
        supply("european_axis", "initial", [res("ger-1")]),
        BridgeheadPlaced(**when(phase="combat"), hex="EUR:E33", faction="european_axis", cause="seaborne_invasion"),
    ]
    post = supply("european_axis", "post_combat", [res("EUR:E33", "full", "bridgehead")])
    assert checks_found([*base, post], "30.2") == []
    later = [turn("fall"), supply("european_axis", "initial", [res("ger-1", "full", "EUR:E33")], "fall")]
    assert findings([*base, post, *later], "30.2") == [
        (
            "supply_sources",
            "ger-1 draws supply from the bridgehead in EUR:E33: a bridgehead placed by seaborne invasion is a source "
            "only at the post-combat supply determination of the player turn it is placed (30.25A-B)",
        ),
    ]
    zoc = place("brit-arm", "britain", "EUR:E34", unit_type="armor", factors=4)
    assert findings([*base[:2], zoc, *base[2:], post], "30.2") == [
        (
            "supply_sources",
            "the bridgehead in EUR:E33 is in an enemy ZoC: no supply may be traced out of it (30.25A, 30.321)",
        ),
    ]


@pytest.mark.plants("C-SUP-2")
def test_a_russian_ic_as_a_source_supplies_russian_units_in_it_declared_initially_and_paid_for() -> None:
    ic = IcValueChanged(year=1939, season="fall", phase="setup", hex="EUR:J50", value=10, cause="setup")
    base = [a3r(), ic, place("rus-1", "russia", "EUR:J50"), place("ger-1", "germany", "EUR:J50"), turn(side_="allied")]
    used = supply("russia", "initial", [res("rus-1", "full", "EUR:J50")])
    paid = IcValueChanged(**when(side_="allied", phase="initial_supply"), hex="EUR:J50", value=5, cause="supply_use")
    end = PlayerTurnEnded(**when(side_="allied", phase="end_of_player_turn"))
    assert checks_found([*base, used, paid, end], "A3R 37.71") == []
    assert findings([*base, used, end], "A3R 37.71") == [
        (
            "russian_ic_supply",
            "the IC in EUR:J50 supplied units this player turn, which costs the IC and Russia 5 BRPs "
            "(A3R App. H 37.711)",
        ),
    ]
    late = supply("russia", "post_combat", [res("rus-1", "full", "EUR:J50")])
    assert checks_found([*base, supply("russia", "initial", []), late, paid], "A3R 37.71") == ["russian_ic_supply"]


@pytest.mark.plants("S-14")
def test_an_ic_supplies_only_the_units_in_it_example_30_27() -> None:
    """EX-S7: units that begin their turn in a Russian IC may move out once their supply is determined; units elsewhere
    may not draw on it."""
    ic = IcValueChanged(year=1939, season="fall", phase="setup", hex="EUR:J50", value=10, cause="setup")
    base = [
        created(),
        ic,
        place("rus-1", "russia", "EUR:J50"),
        place("rus-2", "russia", "EUR:J52"),
        turn(side_="allied"),
    ]
    inside = supply("russia", "initial", [res("rus-1", "partial", "EUR:J50")])
    out = UnitMoved(**when(side_="allied", phase="movement"), unit="rus-1", path=["EUR:J51"])
    assert checks_found([*base, inside, out], "30") == []
    elsewhere = supply("russia", "initial", [res("rus-2", "partial", "EUR:J50")])
    assert findings([*base, elsewhere], "30.2") == [
        (
            "supply_sources",
            "an IC supplies only the units in its own hex (30.267A, A3R 37.71): rus-2 is not in EUR:J50",
        ),
    ]
    assert checks_found([*base, supply("russia", "initial", [res("rus-1", "full", "EUR:J50")])], "30.2") == [
        "supply_sources"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Automatic supply (S-17) and designation (S-18)


@pytest.mark.plants("S-17.A", "S-17.B")
def test_exploiting_armor_is_supplied_automatically_the_next_turn_only() -> None:
    base = [
        created(),
        place("ger-arm", "germany", "EUR:K30", unit_type="armor", factors=4),
        turn("summer"),
        UnitMoved(**when("summer", phase="exploitation"), unit="ger-arm", path=["EUR:K31"], exploitation=True),
    ]
    next_turn = [turn("fall"), supply("european_axis", "initial", [res("ger-arm", "full", "exploitation")], "fall")]
    assert checks_found([*base, *next_turn], "30.551") == []
    late = [turn("winter"), supply("european_axis", "initial", [res("ger-arm", "full", "exploitation")], "winter")]
    assert checks_found([*base, *late], "30.551") == ["automatic_supply"]
    redeployed = UnitRedeployed(
        **when("summer", phase="redeployment"), unit="ger-arm", kind="SR", origin="EUR:K31", destination="EUR:K20"
    )
    assert findings([*base, redeployed, *next_turn], "30.551") == [
        (
            "automatic_supply",
            "ger-arm claims exploiting armor's automatic supply, but it redeployed in the player turn it exploited "
            "(30.552) (30.551A)",
        ),
    ]
    exploit_again = UnitMoved(**when("fall", phase="exploitation"), unit="ger-arm", path=["EUR:K32"], exploitation=True)
    assert findings([*base, *next_turn, exploit_again], "30.551") == [
        (
            "automatic_supply",
            "ger-arm is supplied only automatically after its exploitation: it may not exploit this turn unless "
            "supplied normally (30.551A)",
        ),
    ]


@pytest.mark.plants("S-18")
def test_a_source_switched_on_supplies_only_from_the_next_turn() -> None:
    base = [created(), place("ger-1", "germany", "EUR:K30"), turn("summer")]
    on = SupplySourceDesignated(
        **when("summer", phase="initial_supply"), faction="european_axis", source="EUR:K31", active=True
    )
    now = supply("european_axis", "initial", [res("ger-1", "partial", "EUR:K31")], "summer")
    assert checks_found([*base, on, now], "30.212") == ["source_designation"]
    later = [turn("fall"), supply("european_axis", "initial", [res("ger-1", "partial", "EUR:K31")], "fall")]
    assert checks_found([*base, on, *later], "30.212") == []
    off = SupplySourceDesignated(
        **when("summer", phase="initial_supply"), faction="european_axis", source="berlin", active=False
    )
    assert checks_found(
        [*base, off, *[turn("fall"), supply("european_axis", "initial", [res("ger-1", "full", "berlin")], "fall")]],
        "30.212",
    ) == ["source_designation"]


# ---------------------------------------------------------------------------------------------------------------------
# Land supply lines (S-20..S-23)


def _line(path: list[str], source: str | None = None, status: str = "full") -> object:
    return supply("european_axis", "initial", [res("ger-1", status, source, path=path)])


@pytest.mark.plants("S-20")
def test_a_land_line_is_a_chain_of_friendly_hexes_free_of_enemy_zocs_and_partisans() -> None:
    line = ["EUR:K28", "EUR:K29", "EUR:K30"]
    base = [created(), *[held(h, "germany") for h in line], place("ger-1", "germany", "EUR:K30"), turn()]
    assert checks_found([*base, _line(line)], "30.321") == []
    assert findings([*base, _line(["EUR:K27", "EUR:K29", "EUR:K30"])], "30.321")[0] == (
        "land_supply_lines",
        "ger-1's supply line jumps from EUR:K27 to EUR:K29 (30.321)",
    )
    enemy = [*base[:2], held("EUR:K29", "france"), *base[4:]]
    assert findings([*enemy, _line(line)], "30.321") == [
        (
            "land_supply_lines",
            "ger-1's supply line runs through EUR:K29, held by france: a land supply line is a line of hexes its side "
            "controls (30.321, 30.323)",
        ),
    ]
    armor = place("fra-arm", "france", "EUR:J29", unit_type="armor", factors=4)
    assert findings([*base, armor, _line(line)], "30.321") == [
        ("land_supply_lines", "ger-1's supply line runs through EUR:K29, in an enemy armor ZoC (30.321)"),
    ]
    partisans = place("fra-p", "france", "EUR:K29", unit_type="partisan", factors=1)
    assert findings([*base, partisans, _line(line)], "30.321") == [
        ("land_supply_lines", "ger-1's supply line runs through enemy partisans in EUR:K29 (30.324)"),
    ]
    # a ZoC does not reach into a hex the tracing side has fortified (30.322)
    from awaw_events.events import FortificationPlaced

    fort = FortificationPlaced(
        year=1939, season="fall", phase="setup", hex="EUR:K29", kind="fortification", owner="germany"
    )
    assert checks_found([*base, armor, fort, _line(line)], "30.321") == []
    # with no line recorded and no map data to trace one on, nothing is claimed checked
    assert skipped([*base, _line([])], "30.321") == [
        "cannot decide: no map data for EUR:K30 (terrain): the game declares no map data"
    ]


@pytest.mark.plants("S-21.A", "S-21.B")
def test_no_full_supply_into_or_out_of_new_guinea_jungle() -> None:
    data = map_data(
        [
            facts("PAC:MM30", area="New Guinea", terrain="jungle_mountain"),
            facts("PAC:MM31", area="New Guinea", terrain="jungle_mountain", name="Port Moresby"),
        ]
    )
    base = [
        created(),
        held("PAC:MM30", "japan"),
        held("PAC:MM31", "japan"),
        place("jap-1", "japan", "PAC:MM30"),
        turn(),
    ]
    into = supply("japan", "initial", [res("jap-1", "full", path=["PAC:MM31", "PAC:MM30"])])
    assert checks_found([*base, into], "30.321", data) == ["land_supply_lines", "land_supply_lines"]
    partial = supply("japan", "initial", [res("jap-1", "partial", path=["PAC:MM31", "PAC:MM30"])])
    assert checks_found([*base, partial], "30.321", data) == []


@pytest.mark.plants("S-22")
def test_western_allied_land_supply_to_china_only_by_the_burma_road() -> None:
    data = map_data(
        [
            facts("PAC:P10", name="Mandalay", country="burma"),
            facts("PAC:P11", name="Kunming", country="china"),
            facts("PAC:P12", country="china"),
        ]
    )
    road = ["PAC:P10", "PAC:P11", "PAC:P12"]
    base = [created(), *[held(h, "britain") for h in road], place("brit-1", "britain", "PAC:P12"), turn(side_="allied")]
    line = supply("western_allies", "initial", [res("brit-1", "full", "india", path=road)])
    route = RouteStatusChanged(year=1939, season="fall", phase="setup", route="burma_road", open=True)
    assert checks_found([*base, route, line], "30.321", data) == []
    assert findings([*base, line], "30.321", data) == [
        (
            "land_supply_lines",
            "the Western Allies trace land supply to China only with the Burma Road result (30.326)",
        ),
    ]
    around = supply("western_allies", "initial", [res("brit-1", "full", "india", path=["PAC:P11", "PAC:P12"])])
    assert checks_found([*base, route, around], "30.321", data) == ["land_supply_lines"]


@pytest.mark.plants("S-23")
def test_russian_supply_through_persia_only_with_the_route_open() -> None:
    data = map_data([facts("EUR:Z55", country="persia", box="urals")])
    base = [
        created(),
        held("EUR:Z55", "russia"),
        held("EUR:Z54", "russia"),
        place("rus-1", "russia", "EUR:Z54"),
        turn(side_="allied"),
    ]
    line = supply("russia", "initial", [res("rus-1", "full", "urals", path=["EUR:Z55", "EUR:Z54"])])
    assert findings([*base, line], "30.321", data) == [
        (
            "land_supply_lines",
            "Russia traces supply through the Persian edge hexes only with the Persian BRP route open "
            "(30.225B, 30.325)",
        ),
    ]
    route = RouteStatusChanged(year=1939, season="fall", phase="setup", route="persia", open=True)
    assert checks_found([*base, route, line], "30.321", data) == []


# ---------------------------------------------------------------------------------------------------------------------
# ICs (S-24) and construction (S-25)


@pytest.mark.plants("S-24")
def test_an_isolated_ic_hex_defends_lower_after_its_delay() -> None:
    ic = IcValueChanged(year=1939, season="fall", phase="setup", hex="EUR:J50", value=10, cause="setup")
    events: list[object] = [created(), ic, place("rus-1", "russia", "EUR:J50")]
    for season, year in (("spring", 1942), ("summer", 1942), ("fall", 1942)):
        events += [
            turn(season, year, "allied"),
            supply("russia", "initial", [res("EUR:J50", "partial", "EUR:J50")], season, year),
        ]

    def attack(dms: list[Modifier]) -> AttackDeclared:
        return AttackDeclared(
            **when("winter", 1942, "axis", "combat"),
            attack="a1",
            defender_hexes=["EUR:J50"],
            attackers=[Attacker(unit="ger-x", factors=9)],
            defenders=[Defender(unit="rus-1", factors=3, hex="EUR:J50", dms=dms)],
        )

    events.append(turn("winter", 1942))
    right = attack([Modifier(code="isolated", value=-1)])
    assert checks_found([*events, right], "30.267") == []  # three turns, delayed two by 10 BRPs
    assert findings([*events, attack([])], "30.267") == [
        (
            "ic_isolation_dm",
            "rus-1 in the IC hex EUR:J50: 3 turn(s) of isolation, delayed 2 by the IC's 10 BRPs, give a DM of -1 "
            "(30.267B)",
        ),
    ]


@pytest.mark.plants("S-25")
def test_construction_only_in_fully_supplied_hexes() -> None:
    base = [
        created(),
        turn(),
        supply("european_axis", "initial", [res("EUR:K30", "partial"), res("EUR:K31")]),
    ]

    def build(hex_: str) -> UnitBuilt:
        return UnitBuilt(
            **when(phase="unit_construction"), unit="ger-9", owner="germany", nationality="germany",
            unit_type="infantry", factors=3, location=hex_, cost=3,
        )  # fmt: skip

    assert checks_found([*base, build("EUR:K31")], "30.61") == []
    assert findings([*base, build("EUR:K30")], "30.61") == [
        (
            "construction_needs_full_supply",
            "ger-9 is built in EUR:K30, which is in partial supply: construction needs full supply (27.43A, 30.61A, "
            "30.61D)",
        ),
    ]
    # not recorded, and no map data to trace it on
    assert skipped([*base, build("EUR:K40")], "30.61") == [
        "cannot decide: no map data for EUR:K40 (terrain): the game declares no map data"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The worked examples of 30.543


@pytest.mark.plants("S-11", "S-12")
def test_example_30_543_supply_by_land() -> None:
    """EX-S5: Summer 1941, Russian units isolated by the German invasion. (a) Counterattacks break the ring: supplied
    after combat, nothing removed. (b) No line at either determination: removed at the end of the Russian Summer 1941
    post-combat determination. Either way they may not move in the movement phase."""
    turn_ = "summer"
    base = [
        created(),
        place("rus-1", "russia", "EUR:M40"),
        place("rus-2", "russia", "EUR:M41"),
        turn(turn_, side_="allied"),
        supply("russia", "initial", [res("rus-1", "isolated"), res("rus-2", "isolated")], turn_),
    ]
    end = PlayerTurnEnded(**when(turn_, side_="allied", phase="end_of_player_turn"))
    broken = supply("russia", "post_combat", [res("rus-1"), res("rus-2")], turn_)
    assert checks_found([*base, broken, end], "30") == []
    still = supply("russia", "post_combat", [res("rus-1", "isolated"), res("rus-2", "isolated")], turn_)
    removed = [
        UnitEliminated(**when(turn_, side_="allied", phase="post_combat_supply"), unit=u, cause="isolation")
        for u in ("rus-1", "rus-2")
    ]
    assert checks_found([*base, still, *removed, end], "30") == []
    steppe = map_data([facts("EUR:M40", terrain="clear"), facts("EUR:M41", terrain="clear")])  # fictional entries
    assert checks_found([*base, still, removed[0], end], "30", steppe) == ["isolation_elimination"]
    assert checks_found([*base, still, removed[0], end], "30") == []  # no entry: a printed fortress is not ruled out
    moved = UnitMoved(**when(turn_, side_="allied", phase="movement"), unit="rus-1", path=["EUR:M39"])
    assert checks_found([*base, moved], "30.16") == ["isolated_units_stay"]


@pytest.mark.plants("S-11")
def test_example_30_543_supply_by_sea_the_port_exception() -> None:
    """EX-S6: Allied Fall 1944, sea supply to Rabaul cut: the U.S. 2-2 in Rabaul (a Pacific port) survives, the 1-2 in
    the beach hex south-west of it is eliminated at the end of the post-combat determination."""
    data = map_data([facts("PAC:II40", name="Rabaul", port=True), facts("PAC:JJ39", port=False, island=False)])
    when_ = {"season": "fall", "year": 1944, "side_": "allied"}
    base = [
        created(),
        place("us-2-2", "usa", "PAC:II40", factors=2),
        place("us-1-2", "usa", "PAC:JJ39", factors=1),
        turn("fall", 1944, "allied"),
        supply("western_allies", "initial", [res("us-2-2", "isolated"), res("us-1-2", "isolated")], "fall", 1944),
        supply("western_allies", "post_combat", [res("us-2-2", "isolated"), res("us-1-2", "isolated")], "fall", 1944),
    ]
    end = PlayerTurnEnded(**when("fall", 1944, "allied", "end_of_player_turn"))

    def gone(unit: str) -> UnitEliminated:
        return UnitEliminated(**when("fall", 1944, "allied", "post_combat_supply"), unit=unit, cause="isolation")

    assert when_ and checks_found([*base, gone("us-1-2"), end], "30.541", data) == []
    assert findings([*base, gone("us-2-2"), gone("us-1-2"), end], "30.541", data) == [
        ("isolation_elimination", "us-2-2 in PAC:II40 is not eliminated by isolation (pacific port, 30.542B)"),
    ]
    assert checks_found([*base, end], "30.541", data) == ["isolation_elimination"]
    # without map data, whether the hexes are ports is not known: not checked, never guessed
    assert checks_found([*base, end], "30.541") == []
