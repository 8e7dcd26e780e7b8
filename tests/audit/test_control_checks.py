"""Hex control (rule 29): each check with its fault planted and without it, and the 29.32 worked example (EX-H1)."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AirMissionFlown,
    CounterPlaced,
    DiplomaticResult,
    HexControlChanged,
    JointControlChanged,
    PartisansPlaced,
    PlayerTurnEnded,
    RouteStatusChanged,
    StatusChanged,
    UnitEliminated,
    UnitMoved,
    WarDeclared,
)
from awaw_events.events.base import Move
from tests.build import check_messages as findings
from tests.build import checks_found, facts, held, map_data, place, res, skipped, supply, when
from tests.build import turn_of as turn
from tests.conftest import created

AXIS_MOVE = when(phase="movement")
AXIS_COMBAT = when(phase="combat")


def change(hex_: str, controller: str, cause: str = "occupation", **kw: object) -> HexControlChanged:
    moment = {**AXIS_COMBAT, **kw}
    return HexControlChanged(**moment, hex=hex_, controller=controller, cause=cause)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------------------------
# H-01, H-02, H-03


@pytest.mark.plants("H-01.A", "H-01.B")
def test_sea_hexes_and_causes_the_rules_do_not_allow() -> None:
    data = map_data(
        [facts("EUR:K30", terrain="sea"), facts("EUR:K31", terrain="clear"), facts("EUR:K32", terrain="clear")]
    )
    base = [created(), place("ger-1", "germany", "EUR:K31"), held("EUR:K32", "france"), turn()]
    clean = [*base, change("EUR:K31", "germany", "setup", side=None, phase="setup", season="fall", year=1939)]
    assert checks_found([*clean[:3], clean[-1]], "29.11", data) == []
    faulty = [
        *base,
        change("EUR:K30", "germany", "diplomacy"),
        change("EUR:K31", "germany", "setup"),
        change("EUR:K32", "germany", "surrender"),
    ]
    assert findings(faulty, "29.11", data) == [
        ("control_cause", "EUR:K30 is a sea hex: sea hexes are not controlled by anyone (29.11)"),
        (
            "control_cause",
            "EUR:K31: a control change by set-up during play (29.11: control at the start is the scenario's; later "
            "it changes only by the causes of 29.2-29.7)",
        ),
        (
            "control_cause",
            "EUR:K32 changes by surrender, but france, which held it, has not surrendered (29.61)",
        ),
    ]
    surrendered = [*base, StatusChanged(**AXIS_COMBAT, country="france", status="surrendered"), faulty[-1]]
    assert checks_found(surrendered, "29.11", data) == []
    # without map data the sea rule is not checked, and says so; "other" is taken as recorded, and says so
    reasons = skipped([*base, change("EUR:K31", "germany", "other")], "29.11")
    assert reasons == [
        "not checked: no map data for EUR:K32 (terrain): the game declares no map data",
        "control change cause 'other' is taken as recorded (EUR:K31)",
    ]


@pytest.mark.plants("H-01.A")
def test_association_needs_the_minor_associated_with_that_faction() -> None:
    base = [created(), held("EUR:X40", "rumania"), turn()]
    fault = change("EUR:X40", "germany", "association", phase="diplomacy")
    assert checks_found([*base, fault], "29.11") == ["control_cause"]
    associated = StatusChanged(
        **when(phase="diplomacy"), country="rumania", status="associated", faction="european_axis"
    )
    assert checks_found([*base, associated, fault], "29.11") == []


@pytest.mark.plants("H-02.B")
def test_control_by_occupation_needs_a_unit_that_entered() -> None:
    events = [
        created(),
        place("ger-1", "germany", "EUR:K30"),
        turn(),
        UnitMoved(**AXIS_MOVE, unit="ger-1", path=["EUR:K31", "EUR:K32"]),
        change("EUR:K31", "germany", "movement", phase="movement"),
        change("EUR:K32", "germany", "movement", phase="movement"),
        change("EUR:K33", "germany", "advance_after_combat"),
    ]
    assert findings(events, "29.21") == [
        (
            "occupation_needs_a_unit",
            "EUR:K33 changes to germany by advance_after_combat, but no ground unit of that side stands in the hex "
            "(29.21: ZoC or killing the defenders alone changes nothing)",
        ),
    ]


@pytest.mark.plants("H-03.A")
def test_moving_through_an_allys_hex_changes_nothing() -> None:
    events = [
        created(),
        place("us-1", "usa", "EUR:K30"),
        held("EUR:K31", "britain"),
        turn(side_="allied"),
        UnitMoved(**when(side_="allied", phase="movement"), unit="us-1", path=["EUR:K31"]),
        change("EUR:K31", "usa", "movement", side="allied", phase="movement"),
    ]
    assert findings(events, "29.24") == [
        (
            "ally_hexes",
            "EUR:K31 is held by britain, an ally of usa: moving through an ally's hex does not change its control "
            "(29.24)",
        ),
    ]
    # 29.22C: entering a hex a friendly partisan holds takes it
    partisan = PartisansPlaced(
        **when(side_="allied", phase="movement"), unit="p", owner="britain", area="x", hex="EUR:K31"
    )
    taken = change("EUR:K31", "britain", "partisans", side="allied", phase="movement")
    german = held("EUR:K31", "germany")
    assert checks_found([*events[:2], german, events[3], partisan, taken, *events[4:]], "29.24") == []


@pytest.mark.plants("H-03.B")
def test_an_ally_recapturing_a_home_country_hex_returns_it_to_its_home_power() -> None:
    data = map_data([facts("EUR:P25", country="france"), facts("EUR:K40", country="poland")])
    base = [created(), place("brit-1", "britain", "EUR:P24"), held("EUR:P25", "germany"), turn(side_="allied")]
    move = UnitMoved(**when(side_="allied", phase="movement"), unit="brit-1", path=["EUR:P25"])
    wrong = change("EUR:P25", "britain", "movement", side="allied", phase="movement")
    right = change("EUR:P25", "france", "home_reversion", side="allied", phase="movement")
    assert findings([*base, move, wrong], "29.24", data) == [
        ("ally_hexes", "EUR:P25 is in france's home country: recaptured by an ally it reverts to france (29.22B)"),
    ]
    assert checks_found([*base, move, right], "29.24", data) == []
    # not after France's surrender (29.22B), and not for a country no major power calls home
    fallen = StatusChanged(**when(side_="allied", phase="diplomacy"), country="france", status="surrendered")
    assert checks_found([*base, fallen, move, wrong], "29.24", data) == []
    assert checks_found([*base, fallen, move, right], "29.24", data) == ["ally_hexes"]
    # without map data the reversion cannot be decided: not checked, never guessed
    assert checks_found([*base, move, wrong], "29.24") == []
    assert skipped([*base, move, wrong], "29.24")[0].startswith("not checked: no map data for EUR:P25 (country)")


# ---------------------------------------------------------------------------------------------------------------------
# H-04 partisans


@pytest.mark.plants("H-04")
def test_a_partisan_hex_reverts_when_the_partisans_leave() -> None:
    base = [
        created(),
        held("EUR:Z30", "germany"),
        turn(side_="allied"),
        PartisansPlaced(
            **when(side_="allied", phase="movement"), unit="yug-p", owner="britain", area="yugoslavia", hex="EUR:Z30"
        ),
        change("EUR:Z30", "britain", "partisans", side="allied", phase="movement"),
        UnitEliminated(**when(side_="allied", phase="combat"), unit="yug-p", cause="combat"),
    ]
    end = PlayerTurnEnded(**when(side_="allied", phase="end_of_player_turn"))
    assert findings([*base, end], "29.26") == [
        (
            "partisan_hexes_revert",
            "EUR:Z30: no britain partisan is there any more, so the hex reverts to germany (29.26)",
        ),
    ]
    reverted = change("EUR:Z30", "germany", "partisans", side="allied", phase="combat")
    assert checks_found([*base, reverted, end], "29.26") == []
    wrong = change("EUR:Z30", "italy", "partisans", side="allied", phase="combat")
    assert findings([*base, wrong], "29.26") == [
        (
            "partisan_hexes_revert",
            "EUR:Z30: a hex partisans held reverts to germany, which controlled it before them (29.26, 11.61)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# H-05, H-06 isolation

POCKET = "EUR:M40"
RING = ("EUR:M39", "EUR:L40", "EUR:L41", "EUR:M41", "EUR:N39", "EUR:N40")
"""The six neighbours of the pocket hex (10-16 extract 1.15)."""


def _pocket(russian_supply: str = "isolated", russian_next_door: bool = False) -> list[object]:
    events: list[object] = [created(), held(POCKET, "russia")]
    events += [held(h, "germany") for h in RING]
    events.append(place("ger-1", "germany", "EUR:M39"))
    if russian_next_door:
        events.append(place("rus-9", "russia", "EUR:N40"))
    events += [
        turn("summer", side_="allied"),
        supply("russia", "initial", [res(POCKET, russian_supply)], "summer", side_="allied"),
        turn("fall", side_="axis"),
        supply("european_axis", "initial", [res("ger-1")], "fall"),
        supply("european_axis", "post_combat", [res("EUR:M39")], "fall"),
    ]
    return events


def _isolation(phase: str = "post_combat_supply", hex_: str = POCKET) -> HexControlChanged:
    return HexControlChanged(**when("fall", phase=phase), hex=hex_, controller="germany", cause="isolation")


@pytest.mark.plants("H-05")
def test_pockets_evaporate_only_when_29_31_holds() -> None:
    assert checks_found([*_pocket(), _isolation()], "29.31") == []
    assert findings([*_pocket(), _isolation("combat")], "29.31") == [
        (
            "isolation_transfer",
            "EUR:M40: isolated hexes change hands at the end of the moving side's post-combat supply determination "
            "segment (29.31)",
        ),
    ]
    assert findings([*_pocket("partial"), _isolation()], "29.31") == [
        (
            "isolation_transfer",
            "EUR:M40 had partial supply in russia's previous player turn: it does not evaporate (29.31A)",
        ),
    ]
    assert findings([*_pocket(russian_next_door=True), _isolation()], "29.31") == [
        (
            "isolation_transfer",
            "EUR:M40: the allied side had a unit or counter in EUR:N40 when the player turn began, so the hex does "
            "not evaporate (29.31B)",
        ),
    ]


@pytest.mark.plants("H-05.A", "H-05.B")
def test_a_pocket_needs_a_supplied_neighbour_of_the_moving_side_and_an_ic_keeps_it() -> None:
    inner = "EUR:M43"  # two hexes in: no German neighbour
    events = [*_pocket(), held(inner, "russia"), _isolation(hex_=inner)]
    assert findings(events, "29.31") == [
        (
            "isolation_transfer",
            "EUR:M43 is next to no hex the axis side controls (29.31C)",
        ),
    ]
    data = map_data([facts(POCKET, industrial_centre=True)])
    assert checks_found([*_pocket(), _isolation()], "29.31", data) == ["isolation_transfer"]
    # a neutral minor's hexes do not evaporate in the turn it is first attacked
    minor = [*_pocket()[:-3], turn("fall"), held("EUR:M41", "rumania")]
    dow = WarDeclared(**when("fall", phase="diplomacy"), aggressor="germany", target="rumania", brp_cost=10)
    made = [
        supply("european_axis", "initial", [res("ger-1")], "fall"),
        supply("european_axis", "post_combat", [], "fall"),
    ]
    assert checks_found([*minor, dow, *made, _isolation(hex_="EUR:M41")], "29.31") == ["isolation_transfer"]


@pytest.mark.plants("H-06")
def test_hexes_gained_by_isolation_serve_no_air_unit_and_no_supply_line_this_turn() -> None:
    base = [*_pocket(), place("ger-air", "germany", POCKET, unit_type="aaf", factors=5), _isolation()]
    flown = AirMissionFlown(**when("fall", phase="post_combat_supply"), mission="das", units=["ger-air"])
    assert findings([*base, flown], "29.32") == [
        (
            "isolation_gains_unused",
            "ger-air flies from EUR:M40, gained by isolation this player turn: such hexes serve no air or naval "
            "unit until the next turn (29.32)",
        ),
    ]
    line = supply("japan", "post_combat", [res("EUR:M41", path=["EUR:M39", POCKET, "EUR:M41"])], "fall")
    assert checks_found([*base, line], "29.32") == ["isolation_gains_unused"]
    assert (
        checks_found(
            [*base, supply("japan", "post_combat", [res("EUR:M41", path=["EUR:M39", "EUR:M40"])], "fall")], "29.32"
        )
        == []
    )


# ---------------------------------------------------------------------------------------------------------------------
# H-07..H-10


@pytest.mark.plants("H-07.A", "H-07.B")
def test_diplomatic_transfers_need_the_result_and_skip_hexes_of_other_factions() -> None:
    base = [created(), held("EUR:X40", "rumania"), held("EUR:X41", "rumania"), turn()]
    result = DiplomaticResult(**when(phase="diplomacy"), country="rumania", faction="european_axis", result=8)
    low = DiplomaticResult(**when(phase="diplomacy"), country="rumania", faction="european_axis", result=7)
    gain = change("EUR:X40", "germany", "diplomacy", phase="diplomacy")
    assert checks_found([*base, result, gain], "29.41") == []
    assert findings([*base, low, gain], "29.41") == [
        (
            "diplomatic_transfer",
            "a diplomatic result of 7 does not give european_axis control of rumania's hexes (29.41)",
        ),
    ]
    assert checks_found([*base, gain], "29.41") == ["diplomatic_transfer"]
    occupied = [
        *base,
        place("rus-1", "russia", "EUR:X41"),
        result,
        change("EUR:X41", "germany", "diplomacy", phase="diplomacy"),
    ]
    assert findings(occupied, "29.41") == [
        (
            "diplomatic_transfer",
            "EUR:X41 is occupied by another faction's units (rus-1): a diplomatic result does not give it (29.41)",
        ),
    ]


@pytest.mark.plants("H-08.A", "H-08.B")
def test_japans_initial_transfers() -> None:
    pacific = when("winter", 1941, "axis", "combat")
    conquered = [
        StatusChanged(**pacific, country=c, status="conquered", faction="japan")
        for c in ("java", "sumatra", "south_borneo")
    ]
    base = [created(), held("PAC:HH30", "britain"), held("PAC:HH31", "britain"), turn("winter", 1941)]
    dei = HexControlChanged(**pacific, hex="PAC:HH30", controller="japan", cause="dei_initial")
    assert checks_found([*base, *conquered, dei], "29.54") == []
    assert findings([*base, *conquered[:2], dei], "29.54") == [
        (
            "japanese_initial_conquests",
            "PAC:HH30: the Dutch East Indies pass to Japan only once Java, Sumatra and South Borneo are conquered "
            "(29.54, 89.23)",
        ),
    ]
    occupied = HexControlChanged(**pacific, hex="PAC:HH31", controller="japan", cause="dei_initial")
    assert checks_found([*base, place("dutch-1", "britain", "PAC:HH31"), *conquered, occupied], "29.54") == [
        "japanese_initial_conquests"
    ]
    early = HexControlChanged(
        **{**pacific, "phase": "movement"}, hex="PAC:HH30", controller="japan", cause="dei_initial"
    )
    assert checks_found([*base, *conquered, early], "29.54") == ["japanese_initial_conquests"]
    later = HexControlChanged(
        **when("spring", 1942, "axis", "combat"), hex="PAC:HH31", controller="japan", cause="dei_initial"
    )
    assert checks_found([*base, *conquered, dei, turn("spring", 1942), later], "29.54") == [
        "japanese_initial_conquests"
    ]


@pytest.mark.plants("H-08.A")
def test_the_philippines_pass_with_manila_and_their_allied_units_surrender() -> None:
    data = map_data([facts("PAC:V30", name="Manila")])
    pacific = when("winter", 1941, "axis", "combat")
    base = [
        created(),
        held("PAC:V30", "usa"),
        held("PAC:V31", "usa"),
        place("us-9", "usa", "PAC:V31"),
        turn("winter", 1941),
    ]
    manila = HexControlChanged(**pacific, hex="PAC:V30", controller="japan", cause="advance_after_combat")
    rest = HexControlChanged(**pacific, hex="PAC:V31", controller="japan", cause="philippines_initial")
    end = PlayerTurnEnded(**when("winter", 1941, "axis", "end_of_player_turn"))
    surrender = UnitEliminated(**pacific, unit="us-9", cause="surrender")
    assert checks_found([*base, place("jap-1", "japan", "PAC:V30"), manila, rest, surrender, end], "29.54", data) == []
    assert findings([*base, rest], "29.54", data) == [
        (
            "japanese_initial_conquests",
            "PAC:V31: the Philippines pass to Japan only once Japan controls Manila (29.54)",
        ),
    ]
    assert findings([*base, place("jap-1", "japan", "PAC:V30"), manila, rest, end], "29.54", data) == [
        (
            "japanese_initial_conquests",
            "when the Philippines pass to Japan, surviving Allied ground units there surrender and U.S. naval units "
            "are displaced (29.54): us-9 remain",
        ),
    ]


@pytest.mark.plants("H-09.A", "H-09.B")
def test_a_conquered_minor_passes_at_the_end_of_the_conquerors_player_turn() -> None:
    base = [created(), held("EUR:O35", "poland"), held("EUR:AA10", "france"), turn("fall", 1939)]
    fallen = StatusChanged(
        **when("fall", 1939, phase="post_combat_supply"), country="poland", status="conquered", faction="european_axis"
    )
    at_end = HexControlChanged(
        **when("fall", 1939, phase="end_of_player_turn"), hex="EUR:O35", controller="germany", cause="conquest"
    )
    early = HexControlChanged(
        **when("fall", 1939, phase="combat"), hex="EUR:O35", controller="germany", cause="conquest"
    )
    assert checks_found([*base, fallen, at_end], "29.51") == []
    assert findings([*base, early], "29.51") == [
        (
            "minor_conquest",
            "EUR:O35: a conquered minor's hexes pass at the end of the conquering power's player turn (29.51, 83.22)",
        ),
    ]
    assert checks_found([*base, at_end], "29.51") == ["minor_conquest"]  # Poland not conquered
    colony = HexControlChanged(
        **when("fall", 1939, phase="end_of_player_turn"), hex="EUR:AA10", controller="germany", cause="conquest"
    )
    assert findings([*base, fallen, colony], "29.51") == [
        (
            "minor_conquest",
            "EUR:AA10 is held by france: colonies count as conquered before the game, so taking a colonial capital "
            "does not pass the colony's hexes (29.53); only a minor's hexes pass by conquest",
        ),
    ]


def test_island_groups_pass_only_after_the_post_combat_determination_and_unoccupied() -> None:
    base = [created(), held("PAC:X40", "usa"), place("us-1", "usa", "PAC:X40"), turn(), supply("japan", "initial", [])]
    early = HexControlChanged(**when(phase="combat"), hex="PAC:X40", controller="japan", cause="island_group")
    assert checks_found([*base, early], "29.71") == ["island_groups", "island_groups"]


@pytest.mark.plants("H-11")
def test_joint_control_needs_its_wars() -> None:
    wars = [
        WarDeclared(**when("fall", 1939, "allied", "diplomacy"), aggressor=p, target="germany", brp_cost=35)
        for p in ("britain", "france")
    ]
    joint = JointControlChanged(**when("summer", 1941, "allied", "diplomacy"), pair="britain_france", active=True)
    russia = WarDeclared(**when("summer", 1941, "axis", "diplomacy"), aggressor="germany", target="russia", brp_cost=35)
    assert checks_found([created(), *wars, russia, joint], "29.25") == []
    assert findings([created(), *wars, joint], "29.25") == [
        (
            "joint_control",
            "joint britain-france control needs Russia at war with Germany, and Britain and France both at war with "
            "Germany (29.25): the wars recorded do not satisfy it",
        ),
    ]
    pacific = JointControlChanged(
        **when("summer", 1941, "allied", "diplomacy"), pair="britain_usa", theater="pacific", active=True
    )
    assert checks_found([created(), pacific], "29.25") == ["joint_control"]


@pytest.mark.plants("H-12")
def test_counters_go_only_in_hexes_of_the_placers_faction() -> None:
    base = [created(), held("EUR:H50", "russia"), held("EUR:H20", "britain"), turn(side_="allied")]
    ours = CounterPlaced(
        **when(side_="allied", phase="unit_construction"), power="usa", hex="EUR:H20", counter="airbase"
    )
    theirs = CounterPlaced(
        **when(side_="allied", phase="unit_construction"), power="britain", hex="EUR:H50", counter="airbase"
    )
    assert checks_found([*base, ours], "29.24") == []
    assert findings([*base, theirs], "29.24") == [
        (
            "counters_in_partner_hexes",
            "britain places a airbase in EUR:H50, held by russia: only hexes of an alliance faction partner take them; "
            "the Western Allies and Russia never in each other's (29.24A-B)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# EX-H1 (29.32 example)


@pytest.mark.plants("H-05", "H-12")
def test_example_29_32_the_pocket_evaporates_one_ring_a_turn() -> None:
    """Summer 1941: German armor encircles Russian infantry; they are eliminated at the end of the Russian Summer 1941
    post-combat determination. Fall 1941: no German airbase in the pocket (still Russian); at the end of the German
    post-combat determination the pocket hexes next to supplied German hexes become German; the inner ones do not."""
    inner = "EUR:M42"
    events = [
        created(),
        held(POCKET, "russia"),
        held("EUR:M41", "russia"),
        held(inner, "russia"),
        *[held(h, "germany") for h in RING if h != "EUR:M41"],
        place("ger-arm-1", "germany", "EUR:M39", unit_type="armor", factors=4),
        place("rus-inf-1", "russia", POCKET),
        turn("summer", side_="allied"),
        supply(
            "russia",
            "initial",
            [res("rus-inf-1", "isolated"), res(POCKET, "isolated"), res(inner, "isolated")],
            "summer",
        ),
        supply("russia", "post_combat", [res("rus-inf-1", "isolated")], "summer"),
        UnitEliminated(
            **when("summer", side_="allied", phase="post_combat_supply"), unit="rus-inf-1", cause="isolation"
        ),
        turn("fall"),
        supply("european_axis", "initial", [res("ger-arm-1"), res("EUR:M39")], "fall"),
        supply("european_axis", "post_combat", [], "fall"),
        _isolation(),
    ]
    assert checks_found(events, "29") == []
    airbase = CounterPlaced(**when("fall", phase="movement"), power="germany", hex=POCKET, counter="airbase")
    assert checks_found([*events[:-3], airbase], "29.24") == ["counters_in_partner_hexes"]
    assert checks_found([*events, _isolation(hex_=inner)], "29.31") == ["isolation_transfer"]


# ---------------------------------------------------------------------------------------------------------------------
# H-01, H-02, H-07, H-08, H-09 clause by clause (27-30 checklist 2.10)


@pytest.mark.plants("H-01.B")
def test_a_land_hex_may_change_hands_a_sea_hex_never() -> None:
    data = map_data([facts("EUR:K30", terrain="sea"), facts("EUR:K31", terrain="clear")])
    base = [created(), place("ger-1", "germany", "EUR:K30"), held("EUR:K31", "russia"), turn()]
    entered = UnitMoved(**AXIS_MOVE, unit="ger-1", path=["EUR:K31"])
    assert checks_found([*base, entered, change("EUR:K31", "germany", "movement", phase="movement")], "29", data) == []
    at_sea = change("EUR:K30", "germany", "movement", phase="movement")
    assert findings([*base, entered, at_sea], "29.11", data) == [
        ("control_cause", "EUR:K30 is a sea hex: sea hexes are not controlled by anyone (29.11)"),
    ]


@pytest.mark.plants("H-01.A")
def test_a_persian_hex_passes_only_by_the_open_persian_route() -> None:
    base = [created(), held("EUR:Z50", "persia"), turn(side_="allied")]
    opened = RouteStatusChanged(**when(side_="allied", phase="diplomacy"), route="persia", open=True)
    gain = change("EUR:Z50", "britain", "persia_route", side="allied", phase="diplomacy")
    assert skipped([*base, opened, gain], "29.11") == [
        "not checked: no map data for EUR:Z50 (terrain): the game declares no map data"
    ]
    assert checks_found([*base, opened, gain], "29.11") == []
    assert findings([*base, gain], "29.11") == [
        (
            "control_cause",
            "EUR:Z50: Persian hexes go to the Western Allies when they activate the Persian BRP route (29.44)",
        ),
    ]
    russian = change("EUR:Z50", "russia", "persia_route", side="allied", phase="diplomacy")
    assert checks_found([*base, opened, russian], "29.11") == ["control_cause"]


@pytest.mark.plants("H-02.A")
def test_occupation_needs_a_ground_unit_not_an_air_unit() -> None:
    base = [
        created(),
        place("ger-1", "germany", "EUR:K30"),
        place("ger-air", "germany", "EUR:K30", unit_type="aaf", factors=5),
        held("EUR:K31", "russia"),
        turn(),
    ]
    taken = change("EUR:K31", "germany", "movement", phase="movement")
    ground = UnitMoved(**AXIS_MOVE, unit="ger-1", path=["EUR:K31"])
    assert checks_found([*base, ground, taken], "29.21") == []
    air = UnitMoved(**AXIS_MOVE, unit="ger-air", path=["EUR:K31"])
    assert findings([*base, air, taken], "29.21") == [
        (
            "occupation_needs_a_unit",
            "EUR:K31 changes to germany by movement, but no ground unit of that side stands in the hex (29.21: ZoC "
            "or killing the defenders alone changes nothing)",
        ),
    ]


@pytest.mark.plants("H-02.B")
def test_armor_zoc_alone_or_killing_the_defenders_without_advancing_changes_nothing() -> None:
    base = [
        created(),
        place("ger-arm", "germany", "EUR:K30", unit_type="armor", factors=4),
        place("rus-1", "russia", "EUR:K31"),
        held("EUR:K31", "russia"),
        held("EUR:K29", "russia"),
        turn(),
    ]
    zoc = change("EUR:K29", "germany", "occupation", phase="movement")  # next to the armor, never entered
    assert checks_found([*base, zoc], "29.21") == ["occupation_needs_a_unit"]
    killed = UnitEliminated(**AXIS_COMBAT, unit="rus-1", cause="combat")
    taken = change("EUR:K31", "germany", "advance_after_combat")
    assert checks_found([*base, killed, taken], "29.21") == ["occupation_needs_a_unit"]
    advanced = AdvanceAfterCombat(**AXIS_COMBAT, attack="a1", moves=[Move(unit="ger-arm", to="EUR:K31")])
    assert checks_found([*base, killed, advanced, taken], "29.21") == []


@pytest.mark.plants("H-07.A")
def test_an_allied_diplomatic_result_gives_the_hexes_at_minus_one_or_less() -> None:
    base = [created(), held("EUR:X40", "rumania"), turn(side_="allied")]
    gain = change("EUR:X40", "russia", "diplomacy", side="allied", phase="diplomacy")
    for result, wanted in ((-1, []), (-3, []), (0, ["diplomatic_transfer"]), (8, ["diplomatic_transfer"])):
        outcome = DiplomaticResult(
            **when(side_="allied", phase="diplomacy"), country="rumania", faction="russia", result=result
        )
        assert checks_found([*base, outcome, gain], "29.41") == wanted, result


@pytest.mark.plants("H-07.B")
def test_a_hex_another_factions_air_unit_occupies_stays_out_of_a_diplomatic_transfer() -> None:
    base = [created(), held("EUR:X40", "rumania"), held("EUR:X41", "rumania"), turn()]
    result = DiplomaticResult(**when(phase="diplomacy"), country="rumania", faction="european_axis", result=9)
    plane = place("rus-air", "russia", "EUR:X41", unit_type="aaf", factors=3)
    gain = change("EUR:X40", "germany", "diplomacy", phase="diplomacy")
    assert checks_found([*base, plane, result, gain], "29.41") == []
    occupied = change("EUR:X41", "germany", "diplomacy", phase="diplomacy")
    assert findings([*base, plane, result, occupied], "29.41") == [
        (
            "diplomatic_transfer",
            "EUR:X41 is occupied by another faction's units (rus-air): a diplomatic result does not give it (29.41)",
        ),
    ]
    # a unit of the faction itself, or of an alliance partner in the same faction, does not keep the hex out
    ours = place("ita-1", "italy", "EUR:X41")
    assert checks_found([*base, ours, result, occupied], "29.41") == []


@pytest.mark.plants("H-08.B")
def test_after_the_initial_transfer_the_dutch_east_indies_follow_the_normal_rules() -> None:
    pacific = when("winter", 1941, "axis", "combat")
    conquered = [
        StatusChanged(**pacific, country=c, status="conquered", faction="japan")
        for c in ("java", "sumatra", "south_borneo")
    ]
    base = [
        created(),
        held("PAC:HH30", "britain"),
        held("PAC:HH31", "britain"),
        place("jap-1", "japan", "PAC:HH29"),
        place("dutch-1", "britain", "PAC:HH31"),
        turn("winter", 1941),
        *conquered,
        HexControlChanged(**pacific, hex="PAC:HH30", controller="japan", cause="dei_initial"),
        turn("spring", 1942),
    ]
    spring = when("spring", 1942, "axis", "movement")
    # the hex left out (Allied units in it) is taken later by occupation: a Japanese unit entering it
    normal = [
        UnitEliminated(**spring, unit="dutch-1", cause="combat"),
        UnitMoved(**spring, unit="jap-1", path=["PAC:HH31"]),
        HexControlChanged(**spring, hex="PAC:HH31", controller="japan", cause="movement"),
    ]
    assert checks_found([*base, *normal], "29.54") == []
    assert checks_found([*base, *normal], "29.21") == []
    again = HexControlChanged(
        **when("spring", 1942, "axis", "combat"), hex="PAC:HH31", controller="japan", cause="dei_initial"
    )
    assert findings([*base, UnitEliminated(**spring, unit="dutch-1", cause="combat"), again], "29.54") == [
        (
            "japanese_initial_conquests",
            "PAC:HH31: the initial transfer (dei_initial) happened in an earlier turn; later conquests follow the "
            "normal rules (29.54, 83.22A)",
        ),
    ]


@pytest.mark.plants("H-09.A")
def test_a_conquered_minor_passes_in_the_conquerors_own_player_turn() -> None:
    base = [created(), held("EUR:O35", "poland"), turn("fall", 1939)]
    fallen = StatusChanged(
        **when("fall", 1939, phase="post_combat_supply"), country="poland", status="conquered", faction="european_axis"
    )
    own = HexControlChanged(
        **when("fall", 1939, phase="end_of_player_turn"), hex="EUR:O35", controller="germany", cause="conquest"
    )
    assert checks_found([*base, fallen, own], "29.51") == []
    theirs = HexControlChanged(
        **when("fall", 1939, "allied", "end_of_player_turn"), hex="EUR:O35", controller="germany", cause="conquest"
    )
    assert findings([*base, fallen, turn("fall", 1939, "allied"), theirs], "29.51") == [
        (
            "minor_conquest",
            "EUR:O35: a minor passes at the end of the conquering power's own player turn (29.51)",
        ),
    ]
