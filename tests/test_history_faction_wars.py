"""Construction, redeployment, railheads and fortification builds read a war a report records between factions or
sides (``european_axis`` on ``western_allies``) as what it is: a war that may or may not include the powers a rule
names. Each check is judged three ways on the same event: no war, the powers' own war, and a war of factions, which
is "not checked" with its reason wherever the two readings disagree: never a finding, never a silent pass."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from awaw_events.events import (
    Event,
    FortificationBuilt,
    HexControlChanged,
    PartisansPlaced,
    RailheadBuilt,
    StatusChanged,
    WarDeclared,
    WinterPreparationChanged,
)
from projections.rules.mapdata import HexsideFacts, MapData
from tests.build import (
    FALL,
    WHEN,
    audit_check,
    built,
    controlled,
    declared,
    facts,
    make,
    map_data,
    move,
    moved,
    phase,
    placed,
    supplied,
    turn,
    unit,
)
from tests.conftest import created

Judged = tuple[list[str], list[str]]


def war(aggressor: str, target: str) -> WarDeclared:
    return make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor=aggressor, target=target, brp_cost=0)


def judged(events: Sequence[Event], check: str, data: MapData | None = None) -> Judged:
    """One check's finding messages, and what it says it cannot tell of a war of factions or sides."""
    listed = list(events)
    if data is not None:
        listed = [listed[0], declared(data), *listed[1:]]
    report = audit_check(listed, data, check)
    doubts = [s.reason for s in report.skipped if "faction or side" in s.reason]
    return [f.message for f in report.findings], doubts


def three_ways(
    before: Sequence[Event],
    after: Sequence[Event],
    check: str,
    own: tuple[str, str],
    factions: tuple[str, str],
    data: MapData | None = None,
) -> tuple[Judged, Judged, Judged]:
    """The check on ``before + after`` with no war, with the powers' own war and with a war of factions, each
    declared between the two."""
    return (
        judged([*before, *after], check, data),
        judged([*before, war(*own), *after], check, data),
        judged([*before, war(*factions), *after], check, data),
    )


def only_doubt(found: Judged, *words: str) -> None:
    """No finding, and one "not checked" naming the war of factions (and ``words``)."""
    messages, doubts = found
    assert messages == []
    assert len(doubts) == 1 and doubts[0].startswith("not checked: ")
    assert all(w in doubts[0] for w in words), doubts[0]


# ---------------------------------------------------------------------------------------------------------------------
# Construction (27.472, 27.61B, 27.92D)


def test_an_american_interceptor_in_the_atlantic_sw_box_after_a_war_of_factions_is_not_checked() -> None:
    """27.92D: new U.S. SW air units go to the SW box of a theater the U.S. is at war in."""
    interceptor = built("i", "interceptor", 1, "sw:atlantic", owner="usa")
    none, own, factions = three_ways(
        [created()], [interceptor], "sw_air_placement", ("germany", "usa"), ("european_axis", "western_allies")
    )
    assert len(none[0]) == 1 and own == ([], [])
    only_doubt(factions, "whether the U.S. and Germany or the U.S. and Italy are at war (27.92D)")
    # the Pacific box needs a war with Japan, which no reading of a European war gives: found every way
    pacific = built("i", "interceptor", 1, "sw:pacific", owner="usa")
    messages, doubts = judged([created(), war("european_axis", "western_allies"), pacific], "sw_air_placement")
    assert len(messages) == 1 and doubts == []


def test_a_us_paid_australian_unit_after_a_war_of_factions_is_not_checked() -> None:
    """27.472: the U.S. pays for Australian units only once it is at war with Japan (or Britain surrendered)."""
    australian = built(
        "a1",
        "infantry",
        3,
        "box:australia",
        owner="britain",
        nationality="commonwealth:australia",
        payer="usa",
        transports={"pacific": 1},
    )
    none, own, factions = three_ways(
        [created()], [australian], "minor_payer", ("japan", "usa"), ("japan", "western_allies")
    )
    assert len(none[0]) == 1 and own == ([], [])
    only_doubt(factions, "the U.S. and Japan", "(27.472)")


@pytest.mark.parametrize(("rate", "when_at_war"), [("usa", []), ("britain", ["at war"])])
def test_australian_naval_air_after_a_war_of_factions_is_not_checked(rate: str, when_at_war: list[str]) -> None:
    """27.61B: Australian naval air is built on Britain's rate until the U.S. is at war with Japan, then on the
    U.S.'s: under a war of Japan on the Western Allies neither can be told right."""
    nas = built(
        "n1", "nas", 1, "box:australia", owner="britain", nationality="commonwealth:australia", naval_air_rate=rate
    )
    none, own, factions = three_ways(
        [created()], [nas], "naval_air_rate", ("japan", "usa"), ("japan", "western_allies")
    )
    assert (len(none[0]), len(own[0])) == ((1, 0) if rate == "usa" else (0, 1))
    only_doubt(factions, "whether the U.S. is at war with Japan (27.61B)")


# ---------------------------------------------------------------------------------------------------------------------
# Redeployment (28.25, 28.27, 28.73D, 28.73E)


def test_a_redeployment_next_to_a_counter_of_a_faction_at_war_is_not_checked() -> None:
    """28.25: no redeployment next to an enemy counter: a French unit is an enemy's to Germany only if the European
    Axis's war on the Western Allies is Germany's on France."""
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("f1", "infantry", 3, "EUR:L34", owner="france"),
    ]
    sr = moved("g1", "SR", "EUR:K30", "EUR:L33")  # L33 is next to L34
    none, own, factions = three_ways(
        setup, [sr], "redeployment_enemy_adjacent", ("germany", "france"), ("european_axis", "western_allies")
    )
    assert none == ([], [])  # not at war (28.26A)
    assert own == (["g1's SR passes EUR:L33, next to an enemy counter in EUR:L34 (28.25)"], [])
    only_doubt(factions, "whether the counter in EUR:L34 is an enemy's (28.25)")


def test_an_nr_from_a_port_next_to_a_counter_of_a_faction_at_war_is_not_checked() -> None:
    """28.27: the sea part of an NR begins and ends in no port next to an enemy counter."""
    setup: list[Event] = [
        created(),
        placed("dd", "dd", 1, "EUR:N22", owner="britain"),
        placed("g1", "infantry", 3, "EUR:N23"),
    ]
    nr = moved("dd", "NR", "EUR:N22", "EUR:M20", side="allied")
    none, own, factions = three_ways(
        setup, [nr], "nr_ports_and_straits", ("germany", "britain"), ("european_axis", "western_allies")
    )
    assert none == ([], [])
    assert own == (["dd's NR begins or ends at EUR:N22, next to an enemy counter in EUR:N23 (28.27)"], [])
    only_doubt(factions, "whether the counter in EUR:N23 is an enemy's (28.27)")


def test_an_american_escort_of_an_atlantic_nr_after_a_war_of_factions_is_not_checked() -> None:
    """28.73D: American naval units protect no Atlantic NR before the U.S. is at war with Germany."""
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "box:us_atlantic", owner="britain"),
        placed("usdd", "dd", 1, "box:us_atlantic", owner="usa"),
    ]
    nrs = [
        moved("g1", "NR", "box:us_atlantic", "EUR:M20", side="allied", nr="conv"),
        moved("usdd", "NR", "box:us_atlantic", "EUR:M20", side="allied", nr="conv", escort=True),
    ]
    none, own, factions = three_ways(
        setup, nrs, "us_atlantic_escort", ("germany", "usa"), ("european_axis", "western_allies")
    )
    assert len(none[0]) == 1 and own == ([], [])
    only_doubt(factions, "whether the U.S. is at war with Germany (28.73D)")


@pytest.mark.parametrize("factions", [("japan", "allies"), ("axis", "allies")])
def test_russians_to_the_pacific_after_a_declaration_of_factions_are_not_checked(factions: tuple[str, str]) -> None:
    """28.73E: Russian units go to the Pacific once Japan declared war on Russia: a declaration of Japan (or the
    Axis) on the Allies may or may not be one on Russia."""
    setup: list[Event] = [created(), placed("r1", "infantry", 3, "box:urals", owner="russia")]
    to_pacific = moved("r1", "TR", "box:urals", "PAC:F18", side="allied")
    none, own, doubtful = three_ways(setup, [to_pacific], "russia_to_pacific", ("japan", "russia"), factions)
    assert len(none[0]) == 1 and own == ([], [])
    only_doubt(doubtful, "declared war on Russia", "(28.73E)")


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.654F)


def railhead(power: str, hex_: str) -> RailheadBuilt:
    return make(
        RailheadBuilt, **FALL, side="allied", phase="unit_construction", power=power, hex=hex_, brp_cost=5, rp_cost=2
    )


def test_an_american_railhead_after_a_war_of_factions_is_not_checked() -> None:
    """28.654F: the U.S. builds railheads only in a theater where it is at war (the Pacific map: with Japan)."""
    none, own, factions = three_ways(
        [created()], [railhead("usa", "PAC:K20")], "railhead_rules", ("japan", "usa"), ("japan", "western_allies")
    )
    assert len(none[0]) == 1 and own == ([], [])
    only_doubt(factions, "whether the U.S. is at war with Japan (28.654F)")


# ---------------------------------------------------------------------------------------------------------------------
# Fortifications (32.14B, 32.14E-H, 32.61)


def fort(power: str, hexes: list[str], kind: str = "fortification", **when: Any) -> FortificationBuilt:
    side = "axis" if power in ("germany", "italy", "japan") else "allied"
    return make(
        FortificationBuilt,
        **(when or WHEN),
        side=side,
        phase="unit_construction",
        power=power,
        kind=kind,
        hexes=hexes,
        brp_cost=5,
        rp_cost=1,
    )


def control(hex_: str, controller: str) -> HexControlChanged:
    return make(HexControlChanged, **WHEN, phase="setup", hex=hex_, controller=controller, cause="setup")


def test_an_island_group_britain_pays_after_a_war_of_factions_is_not_checked() -> None:
    """32.61: the U.S. pays for a Western Allied island group once it is at war with Japan."""
    group = fort("britain", ["PAC:X20"], kind="island_group")
    none, own, factions = three_ways(
        [created()], [group], "island_group_payer", ("japan", "usa"), ("japan", "western_allies")
    )
    assert none == ([], []) and len(own[0]) == 1
    only_doubt(factions, "the U.S. and Japan", "(32.61)")


def test_a_fortification_next_to_armor_of_a_faction_at_war_is_not_checked() -> None:
    """32.14B: no fortification in an enemy ZoC: Russian armor is an enemy's to Germany only if the European Axis's
    war is Germany's."""
    data = map_data(hexsides=[HexsideFacts(between=("EUR:J38", "EUR:J39"), river="river", rules=("test",))])
    setup: list[Event] = [created(), unit("rus-arm-1", "EUR:J39", "armor", "russia")]
    none, own, factions = three_ways(
        setup,
        [fort("germany", ["EUR:J38"])],
        "fortification_zoc",
        ("germany", "russia"),
        ("european_axis", "russia"),
        data,
    )
    assert none == ([], [])
    assert own == (
        ["EUR:J38 is in the ZoC of rus-arm-1 in EUR:J39; no fortification in an enemy ZoC (32.14B, 10.34)"],
        [],
    )
    only_doubt(factions, "whether rus-arm-1 in EUR:J39, next to EUR:J38, is an enemy's (32.14B)")


def test_an_american_fortification_after_a_war_of_factions_is_not_checked() -> None:
    """32.14G: the U.S. builds fortifications only in a theater where it is at war (Europe: with Germany or
    Italy)."""
    built_ = fort("usa", ["EUR:M20"])
    none, own, factions = three_ways(
        [created(), control("EUR:M20", "britain")],
        [built_],
        "fortification_nationality",
        ("germany", "usa"),
        ("european_axis", "western_allies"),
    )
    assert none == (["the U.S. builds only in a theater where it is at war (32.14G)"], []) and own == ([], [])
    only_doubt(factions, "(32.14E)")


def test_a_pacific_fortification_after_japan_s_war_on_the_western_allies_is_not_checked() -> None:
    """32.14H: Western Allied Pacific fortifications only after Japan's war on Britain (a turn before) or USJT 40:
    Japan's war on the Western Allies may or may not be on Britain."""
    pacific = fort("britain", ["PAC:DD11"], year=1941, season="fall")
    none, own, factions = three_ways(
        [created(), control("PAC:DD11", "britain")],
        [pacific],
        "fortification_nationality",
        ("japan", "britain"),
        ("japan", "western_allies"),
    )
    assert none == (["WA Pacific fortification before Japan's war on Britain or USJT 40 (32.14H)"], [])
    assert own == ([], [])
    only_doubt(factions, "Japan and Britain")


# ---------------------------------------------------------------------------------------------------------------------
# Enemy ZoCs (27.44, 28.654B, 13.41D, 11.353E): the armor of a faction at war


def _armor(owner: str = "germany", at: str = "EUR:P22", supply_of: str = "european_axis") -> list[Event]:
    """An armor unit in full supply (it exerts a ZoC, 10.34), with a game created before it."""
    side = "axis" if supply_of in ("european_axis", "japan") else "allied"
    return [created(), placed("arm", "armor", 4, at, owner=owner), supplied(supply_of, {"arm": "full"}, side=side)]


def test_a_unit_built_next_to_armor_of_a_faction_at_war_is_not_checked() -> None:
    """27.44: no unit is built in an enemy ZoC; a future enemy's armor, not yet at war, has none there. A French unit
    next to German armor after the European Axis's war on the Western Allies: Germany's war on France, or not."""
    near = built("f1", "infantry", 3, "EUR:P21", owner="france")  # P21 is next to P22
    none, own, factions = three_ways(
        _armor(), [near], "build_zoc", ("germany", "france"), ("european_axis", "western_allies")
    )
    assert none == ([], [])  # a future enemy's armor (27.44)
    assert own == (["f1 is built at EUR:P21, in the ZoC of enemy armor (27.44, 10.34)"], [])
    only_doubt(factions, "whether France and Germany are at war (27.44)")
    far = built("f1", "infantry", 3, "EUR:P25", owner="france")  # out of every reading's ZoC: no doubt to report
    assert judged([*_armor(), war("european_axis", "western_allies"), far], "build_zoc") == ([], [])


@pytest.mark.parametrize("factions", [("axis", "allies"), ("european_axis", "france")])
def test_a_zoc_of_a_side_or_of_a_faction_on_one_power_is_in_doubt_either_way_round(
    factions: tuple[str, str],
) -> None:
    """A war of sides (the Axis on the Allies) or of a faction on one power leaves Germany's war on France open too."""
    near = built("f1", "infantry", 3, "EUR:P21", owner="france")
    only_doubt(judged([*_armor(), war(*factions), near], "build_zoc"), "(27.44)")


def test_a_war_of_factions_that_cannot_hold_the_powers_is_read_as_no_war() -> None:
    """Japan's war on the Western Allies is no war of Germany's on France: the future enemy's armor has no ZoC (27.44),
    and the powers' own war beside a war of factions decides (a ZoC, found)."""
    near = built("f1", "infantry", 3, "EUR:P21", owner="france")
    assert judged([*_armor(), war("japan", "western_allies"), near], "build_zoc") == ([], [])
    both = [*_armor(), war("european_axis", "western_allies"), war("germany", "france"), near]
    assert judged(both, "build_zoc") == (["f1 is built at EUR:P21, in the ZoC of enemy armor (27.44, 10.34)"], [])


def test_a_unit_built_next_to_the_armor_of_a_minor_country_after_a_war_of_factions_is_not_checked() -> None:
    """27.44 and 10.34: a Polish armor unit Britain plays is at war with Germany whatever Britain's wars: under a war of
    the European Axis on Poland, Poland's war with Germany is the one in doubt (not Britain's, which it cannot be)."""
    setup: list[Event] = [
        created(),
        placed("pol-arm", "armor", 2, "EUR:P22", owner="britain", nationality="poland"),
        supplied("western_allies", {"pol-arm": "full"}, side="allied"),
    ]
    near = built("g1", "infantry", 3, "EUR:P21")
    none, own, factions = three_ways(setup, [near], "build_zoc", ("germany", "poland"), ("european_axis", "poland"))
    assert none == ([], [])
    assert own == (["g1 is built at EUR:P21, in the ZoC of enemy armor (27.44, 10.34)"], [])
    only_doubt(factions, "whether Germany and Poland are at war (27.44)")


def test_a_railhead_next_to_armor_of_a_faction_at_war_is_not_checked() -> None:
    """28.654B: no railhead in an enemy ZoC: Russian armor is an enemy's to Germany only if the European Axis's war
    on Russia is Germany's."""
    site = map_data([{"hex": "EUR:L40", "city": True, "objective": False}])
    setup: list[Event] = [
        created(),
        controlled("EUR:L40", "germany"),
        supplied("european_axis", {"EUR:L40": "full"}),
        placed("r-arm", "armor", 4, "EUR:L41", owner="russia"),
        supplied("russia", {"r-arm": "full"}, side="allied"),
    ]
    none, own, factions = three_ways(
        setup,
        [railhead("germany", "EUR:L40")],
        "railhead_site",
        ("germany", "russia"),
        ("european_axis", "russia"),
        site,
    )
    assert none == ([], [])
    assert own == (["Germany's railhead at EUR:L40: EUR:L40 is in an enemy ZoC (28.654B)"], [])
    only_doubt(factions, "whether Germany and Russia are at war (28.654B)")


def test_a_move_out_of_the_zoc_of_a_faction_at_war_is_not_checked() -> None:
    """13.41D: leaving a hex in an enemy armor ZoC costs 2 more MF. After a war of factions a move recorded with the
    surcharge is not flagged as over its cost, nor one recorded without it as under; a move that pays less than its
    certain cost is still found."""
    setup: list[Event] = [
        *_armor(owner="russia", at="EUR:J41", supply_of="russia"),
        placed("g1", "infantry", 3, "EUR:K40"),  # K40 is next to J41
    ]
    started = [turn(), phase("movement")]
    clear = map_data({h: {"terrain": "clear"} for h in ("EUR:J41", "EUR:K40", "EUR:L40")})
    paying = move("g1", "EUR:L40", mf=3)  # 1 to enter L40, 2 to leave the ZoC at K40
    none, own, factions = three_ways(
        setup, [*started, paying], "movement_cost", ("germany", "russia"), ("european_axis", "russia"), clear
    )
    assert len(none[0]) == 1 and "recorded 3" in none[0][0]  # no war: no ZoC, the move costs 1
    assert own == ([], [])
    only_doubt(factions, "whether Germany and Russia are at war (13.41D)")
    free = move("g1", "EUR:L40", mf=1)
    messages, doubts = judged([*setup, war("european_axis", "russia"), *started, free], "movement_cost", clear)
    assert messages == [] and len(doubts) == 1  # 1 is the cost under no war: not found, not checked
    under = move("g1", "EUR:L40", mf=0)
    messages, _ = judged([*setup, war("european_axis", "russia"), *started, under], "movement_cost", clear)
    assert len(messages) == 1 and "at least 1 MF" in messages[0]  # below every reading's cost: found


def test_the_zoc_query_names_the_war_in_doubt() -> None:
    """The one query every ZoC rule asks (:func:`projections.position.zoc.zoc_on`): a ZoC certain, none, or in
    doubt, three ways; partisans (11.353E) ask it too."""
    from projections import game
    from projections.position.core import Position
    from projections.position.zoc import zoc_on

    def zoc(*wars: Event) -> tuple[int, bool | None, str | None]:
        pos = Position(game.replay([*_armor(), *wars]), None)
        found = zoc_on(pos, "EUR:P21", owner="britain")
        unknown = found.not_checked(pos, "11.353E")
        return found.cost, found.present, unknown.reason if unknown is not None else None

    assert zoc() == (0, False, None)
    assert zoc(war("germany", "britain")) == (2, True, None)
    cost, present, reason = zoc(war("european_axis", "western_allies"))
    assert (cost, present) == (0, None)
    assert reason is not None and reason.startswith("not checked: whether Britain and Germany are at war (11.353E)")


# ---------------------------------------------------------------------------------------------------------------------
# Partisans (11.32A, 11.341B, 11.353B, 11.354)


def partisans(owner: str, hex_: str, area: str, side: str = "allied") -> PartisansPlaced:
    return make(
        PartisansPlaced, WHEN, side=side, phase="unit_construction", unit="p1", owner=owner, area=area, hex=hex_, cost=2
    )


def test_american_partisans_in_fallen_france_after_a_war_of_factions_are_not_checked() -> None:
    """11.354: Western Allied partisans are built by a power at war with Germany; 11.353B: in a hex of a power the
    builder is at war with. A war of the European Axis on the Western Allies may or may not be Germany's on the U.S."""
    before = [
        created(),
        war("germany", "russia"),
        make(StatusChanged, WHEN, phase="combat", country="france", status="fallen"),
        controlled("EUR:P22", "germany"),
        turn("allied"),
        phase("unit_construction", "allied"),
    ]
    after = [partisans("usa", "EUR:P22", "FR")]
    none, own, factions = three_ways(
        before, after, "partisan_builders", ("germany", "usa"), ("european_axis", "western_allies")
    )
    assert any("usa is not at war with Germany (11.354)" in m for m in none[0])
    assert own == ([], [])
    only_doubt(factions, "Germany", "11.33")


def test_a_war_of_the_western_allies_on_ireland_is_an_allied_declaration() -> None:
    """11.341B: German partisans in Ireland after a diplomatic result of 7 or more or an Allied declaration of war on
    Ireland: the Western Allies' war on Ireland is one, whichever of their powers declared it."""
    before = [
        created(),
        war("germany", "britain"),
        controlled("EUR:H15", "britain"),
        turn(),
        phase("unit_construction"),
    ]
    irish = [partisans("germany", "EUR:H15", "ireland", side="axis")]
    ireland = "Ireland has no diplomatic result of 7 or more and no Allied declaration of war (11.341B)"
    assert any(ireland in m for m in judged([*before, *irish], "partisan_builders")[0])
    for declarer in ("britain", "western_allies", "allies"):
        found = judged([*before, war(declarer, "ireland"), *irish], "partisan_builders")[0]
        assert not any(ireland in m for m in found), (declarer, found)


# ---------------------------------------------------------------------------------------------------------------------
# Winter preparation (34.432)


def test_automatic_winter_preparation_after_a_war_of_factions_on_russia_is_not_checked() -> None:
    """34.432: the European Axis gain the automatic +2 only while Germany is at war with Russia. A war of the Axis
    side on the Allies may or may not be Germany's on Russia."""
    setup = make(
        WinterPreparationChanged, year=1939, season="fall", phase="setup", faction="european_axis", level=0,
        cause="setup",
    )  # fmt: skip
    automatic = make(
        WinterPreparationChanged, year=1941, season="winter", phase="end_of_game_turn", faction="european_axis",
        level=2, cause="automatic",
    )  # fmt: skip
    none, own, factions = three_ways(
        [created(), setup], [automatic], "preparation_automatic", ("germany", "russia"), ("axis", "allies")
    )
    assert any("only while germany is at war with Russia (34.432)" in m for m in none[0])
    assert not any("at war with Russia" in m for m in own[0])
    assert not any("at war with Russia" in m for m in factions[0])
    assert any("34.432" in d for d in factions[1]), factions


# ---------------------------------------------------------------------------------------------------------------------
# Russian-German tensions (A3R App. E)


def test_the_at_war_count_of_rgt_after_a_war_of_factions_is_not_checked_where_it_decides_the_code() -> None:
    """A3R App. E: +1 if two or more major powers are at war with the European Axis, +2 if one, +3 if none. Britain's
    own war is certain; a war of the Western Allies on the European Axis may or may not also be France's and the
    U.S.'s: ST_AT_WAR_1 and ST_AT_WAR_2PLUS are each possible, ST_AT_WAR_0 is not."""
    from tests.audit.test_politics_checks import a3r, rgt

    setup = [
        a3r(),
        make(WarDeclared, year=1939, season="fall", phase="setup", aggressor="britain", target="germany", brp_cost=0),
    ]
    factions = make(
        WarDeclared,
        year=1939,
        season="fall",
        phase="setup",
        aggressor="western_allies",
        target="european_axis",
        brp_cost=0,
    )
    for code, value in (("ST_AT_WAR_1", 2), ("ST_AT_WAR_2PLUS", 1)):
        start = rgt(0, 1 + value, ("automatic", 1), (code, value))
        britain_alone = judged([*setup, start], "rgt_turn_start")[0]  # one power at war: ST_AT_WAR_1
        assert (britain_alone == []) == (code == "ST_AT_WAR_1"), (code, britain_alone)
        messages, doubts = judged([*setup, factions, start], "rgt_turn_start")
        assert not any("at war with the European Axis" in m for m in messages), (code, messages)
        assert any("European Axis" in d and "A3R App. E" in d for d in doubts), (code, doubts)
    none = rgt(0, 4, ("automatic", 1), ("ST_AT_WAR_0", 3))
    assert any("at war with the European Axis" in m for m in judged([*setup, factions, none], "rgt_turn_start")[0])


# ---------------------------------------------------------------------------------------------------------------------
# Oil (33.4421A)


def test_ploesti_oil_drawn_while_russia_holds_it_after_a_war_of_factions_is_not_checked() -> None:
    """33.4421A: the European Axis draw no Ploesti oil while Russia holds it and is at war with Germany (or RGT are
    45 or more). A war of the European Axis on Russia may or may not be Germany's."""
    from tests.audit.test_oil_production import produced

    ploesti = "EUR:V36"
    before = [created(), controlled(ploesti, "russia")]
    after = [produced("european_axis", "ploesti", 15, hex=ploesti)]
    none, own, factions = three_ways(
        before, after, "oil_source_access", ("germany", "russia"), ("european_axis", "russia")
    )
    assert none == ([], [])
    assert own[0] == [
        "European Axis drew oil from ploesti: Ploesti is Russian-held while at war or RGT >= 45 (33.4421A)"
    ]
    only_doubt(factions, "Germany", "Russia", "33.4421A")


# ---------------------------------------------------------------------------------------------------------------------
# Chindits (10.66)


def test_a_chindit_leaving_india_after_a_war_of_factions_is_not_checked() -> None:
    """10.66: Chindits stay in India until Britain and Japan are at war. A war of Japan on the Western Allies may or
    may not be Japan's on Britain (FICTIONAL hexes: Burma PAC:K31, India PAC:K30)."""
    data = map_data(
        [
            facts("PAC:K31", front="southeast_asian", country="burma"),
            facts("PAC:K30", front="southeast_asian", country="india"),
        ]
    )
    before = [created(), placed("ch1", "chindit", 1, "PAC:K30", owner="britain"), turn("allied")]
    after = [phase("movement", "allied"), move("ch1", "PAC:K31", mf=1, actor="britain", side="allied")]
    none, own, factions = three_ways(
        before, after, "hexes_entered", ("japan", "britain"), ("japan", "western_allies"), data
    )
    assert any("before Britain and Japan are at war (10.66)" in m for m in none[0])
    assert own == ([], [])
    only_doubt(factions, "Britain", "Japan", "10.66")
