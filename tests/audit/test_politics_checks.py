"""Options (A3R 1.1-1.2), the house sequence of play (A3R intro) and the Russian-German tensions (A3R App. E): each
check with its fault planted and without it; worked examples T-R1, T-R2 and the USAT rule of T-U1."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AttackDeclared,
    AttritionResolved,
    CombatRoundResolved,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    GameCreated,
    GameTurnEnded,
    MobilizationApplied,
    OffensiveDeclared,
    PhaseStarted,
    PlayerTurnEnded,
    RailheadBuilt,
    ResearchResult,
    RuleOptionChanged,
    StatusChanged,
    SwCombatResolved,
    TensionChanged,
    UnitInversionChanged,
    UnitMoved,
    UnitRedeployed,
    WarDeclared,
)
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker, Defender
from awaw_events.options import defaults
from projections.rules.economy import usat_offensive_modifier as usat_offensive_increase
from tests.build import check_messages as findings
from tests.build import checks_found, facts, map_data, place, skipped, when
from tests.build import turn_of as turn
from tests.conftest import created


def a3r(**options: str) -> GameCreated:
    return GameCreated(year=1939, season="fall", phase="setup", rules="a3r", options={**defaults("a3r"), **options})


def rgt(old: int, new: int, *mods: tuple[str, int], **moment: Any) -> TensionChanged:
    at = moment or {"year": 1939, "season": "fall", "phase": "game_turn_start"}
    return TensionChanged(**at, track="rgt", old=old, new=new, modifiers=[Modifier(code=c, value=v) for c, v in mods])


def war(aggressor: str, target: str, cost: int = 10, **at: Any) -> WarDeclared:
    moment = at or when("fall", 1939, "axis", "diplomacy")
    return WarDeclared(**moment, aggressor=aggressor, target=target, brp_cost=cost)  # type: ignore[arg-type]


def test_declaration_and_full_offensive_costs() -> None:
    events = [
        created(),
        war("germany", "poland"),
        war("germany", "russia"),
        OffensiveDeclared(**when(phase="combat"), power="germany", front="eastern", kind="full", brp_cost=15),
        OffensiveDeclared(**when(phase="combat"), power="germany", front="western", kind="full", brp_cost=12),
    ]
    assert findings(events, "27.12") == [
        (
            "declaration_cost",
            "germany paid 10 BRPs to declare war on russia; a declaration against a major power costs 35 (27.12)",
        ),
        (
            "full_offensive_cost",
            "germany paid 12 BRPs for a full offensive on the western front; a full offensive costs 15 (27.12)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Options


@pytest.mark.plants("C-OPT-1")
def test_an_a3r_game_records_every_option_and_no_event_it_disables() -> None:
    assert checks_found([a3r()], "A3R 1.1") == []
    partial = GameCreated(year=1939, season="fall", phase="setup", rules="a3r", options={"sop.variant": "best_of_awaw"})
    assert (
        findings([partial], "A3R 1.1")[0][1]
        == "an A3R game records every house-rule option at creation, defaults included (A3R 1.1)"
    )
    wrong = a3r(**{"sop.variant": "sometimes"})
    assert checks_found([wrong], "A3R 1.1") == ["options_recorded"]
    railhead = RailheadBuilt(**when(phase="unit_construction"), power="germany", hex="EUR:K30", brp_cost=5)
    assert findings([a3r(), railhead], "A3R 1.1") == [
        (
            "options_recorded",
            "the game plays redeploy.railheads=off, under which this event cannot happen: railheads exist only with "
            "option 17a (28.65) (A3R 1.2)",
        ),
    ]
    assert checks_found([a3r(**{"redeploy.railheads": "on"}), railhead], "A3R 1.1") == []
    change = RuleOptionChanged(**when(phase="diplomacy"), option="air.combat", old="a3r", new="maybe")
    assert checks_found([a3r(), change], "A3R 1.1") == ["options_recorded"]
    assert checks_found([created(), railhead], "A3R 1.1") == []  # an AWAW game has no table 1.2


@pytest.mark.plants("C-OPT-2")
def test_deficit_spending_needs_every_players_consent() -> None:
    players = {"players": {"ann": "axis", "bob": "allied"}}
    option = {"econ.deficit_spending": "option2_base_reduction"}
    game = {"year": 1939, "season": "fall", "phase": "setup", "rules": "a3r", "options": {**defaults("a3r"), **option}}
    both = GameCreated(**game, consented_by={"econ.deficit_spending": ["ann", "bob"]}, **players)  # type: ignore[arg-type]
    one = GameCreated(**game, consented_by={"econ.deficit_spending": ["ann"]}, **players)  # type: ignore[arg-type]
    assert checks_found([both], "A3R intro") == []
    assert findings([one], "A3R intro") == [
        (
            "deficit_consent",
            "deficit spending (option2_base_reduction) needs the mutual consent of the players; bob did not consent "
            "(A3R intro)",
        ),
    ]
    later = RuleOptionChanged(
        **when(phase="diplomacy"),
        option="econ.deficit_spending",
        old="none",
        new="option1_grant_matched",
        consented_by=["ann"],
    )
    base = GameCreated(year=1939, season="fall", phase="setup", rules="a3r", options=defaults("a3r"), **players)
    assert checks_found([base, later], "A3R intro") == ["deficit_consent"]


@pytest.mark.plants("C-OPT-3")
def test_options_that_contradict_each_other() -> None:
    assert checks_found([a3r()], "A3R 1.2") == []
    clash = a3r(**{"diplo.russian_unpreparedness": "approach1", "diplo.rgt_russian_garrison": "on"})
    assert findings([clash], "A3R 1.2") == [
        (
            "options_consistent",
            "diplo.rgt_russian_garrison must be 'off' with diplo.russian_unpreparedness=approach1 (A3R App. E)",
        ),
    ]
    vichy = RuleOptionChanged(**when(phase="diplomacy"), option="france.vichy_interactions", old="off", new="on")
    assert checks_found([a3r(), vichy], "A3R 1.2") == ["options_consistent"]
    assert checks_found([a3r(**{"france.surrender": "awaw_58_house"}), vichy], "A3R 1.2") == []


# ---------------------------------------------------------------------------------------------------------------------
# Sequence of play


@pytest.mark.plants("C-SOP-1")
def test_the_axis_move_first() -> None:
    assert checks_found([a3r(), turn(side_="axis"), turn(side_="allied")], "A3R intro") == []
    assert findings([a3r(), turn(side_="allied")], "A3R intro") == [
        ("axis_first", "the Axis move first each game turn, with no initiative from BRP levels (A3R intro)"),
    ]
    assert checks_found([a3r(), turn(side_="axis"), turn(side_="allied"), turn(side_="axis")], "A3R intro") == [
        "axis_first"
    ]
    assert checks_found([created(), turn(side_="allied")], "A3R intro") == []  # AWAW: not the house sequence


@pytest.mark.plants("C-SOP-2")
def test_one_joint_research_phase_opens_the_game_turn() -> None:
    research = PhaseStarted(year=1941, season="summer", phase="research")
    result = ResearchResult(year=1941, season="summer", phase="research", power="germany", project="jets", steps=1)
    end = GameTurnEnded(year=1941, season="summer", phase="end_of_game_turn")
    assert checks_found([a3r(), research, result, turn(), turn(side_="allied"), end], "A3R intro") == []
    assert checks_found([a3r(), research, research, turn(), end], "A3R intro") == ["joint_research"]
    late = ResearchResult(**when(phase="diplomacy"), power="germany", project="jets", steps=1)
    assert checks_found([a3r(), research, turn(), late, end], "A3R intro") == ["joint_research"]
    assert findings([a3r(), turn(), end], "A3R intro") == [
        ("joint_research", "each game turn opens with one joint research phase (A3R intro)"),
    ]


@pytest.mark.plants("C-SOP-3")
def test_diplomacy_in_the_own_diplomatic_phase() -> None:
    own = DiplomaticPointsAllocated(
        **when(side_="allied", phase="diplomacy"), faction="western_allies", target="rgt", dps=1
    )
    wrong = DiplomaticPointsAllocated(
        **when(side_="axis", phase="diplomacy"), faction="western_allies", target="rgt", dps=1
    )
    assert checks_found([a3r(), turn(), turn(side_="allied"), own], "A3R intro") == []
    assert findings([a3r(), turn(side_="axis"), wrong], "A3R intro") == [
        (
            "diplomacy_in_own_turn",
            "each side's diplomacy happens in the diplomatic phase at the start of its own player turn (A3R intro)",
        ),
    ]
    result = DiplomaticResult(
        **when(phase="movement"), actor="germany", country="rumania", faction="european_axis", result=3
    )
    assert checks_found([a3r(), turn(), result], "A3R intro") == ["diplomacy_in_own_turn"]


@pytest.mark.plants("C-SOP-4")
def test_strategic_warfare_in_the_combat_phase() -> None:
    primary = SwCombatResolved(**when(phase="combat"), box="atlantic", submarines=7, killers=6)
    early = SwCombatResolved(**when(phase="movement"), box="atlantic", submarines=7, killers=6)
    secondary = SwCombatResolved(
        **when(side_="allied", phase="redeployment"), box="atlantic", round="secondary", submarines=9, killers=6
    )
    assert checks_found([a3r(), turn(), primary, turn(side_="allied"), secondary], "A3R intro") == []
    assert checks_found([a3r(), turn(), early], "A3R intro") == ["sw_in_combat_phase"]


def test_sw_allocations_at_the_end_of_the_owners_redeployment_phase() -> None:
    sub = place("u-1", "germany", "EUR:K20", unit_type="submarine", factors=1, inverted=True)
    allocate = UnitRedeployed(
        **when(phase="redeployment"), unit="u-1", kind="NR", origin="EUR:K20", destination="sw:atlantic"
    )
    early = UnitRedeployed(**when(phase="combat"), unit="u-1", kind="NR", origin="EUR:K20", destination="sw:atlantic")
    assert checks_found([a3r(), sub, turn(), allocate], "A3R intro") == []
    assert checks_found([a3r(), sub, turn(), early], "A3R intro") == ["sw_allocation_timing"]
    winter = UnitRedeployed(
        **when("winter", phase="redeployment"), unit="u-1", kind="NR", origin="EUR:K20", destination="sw:atlantic"
    )
    assert checks_found([a3r(), sub, turn("winter"), winter], "A3R intro") == ["sw_allocation_timing"]
    up = UnitInversionChanged(**when(side_="allied", phase="combat"), unit="u-1", inverted=False)
    assert checks_found([a3r(), sub, turn(), allocate, turn(side_="allied"), up], "A3R intro") == [
        "sw_allocation_timing"
    ]
    later = UnitInversionChanged(**when("fall", phase="combat"), unit="u-1", inverted=False)
    assert checks_found([a3r(), sub, turn(), allocate, turn("fall"), later], "A3R intro") == []


@pytest.mark.plants("C-SOP-6")
def test_an_attacked_minor_moves_with_the_side_that_did_not_attack_it() -> None:
    base = [
        a3r(),
        place("yug-1", "britain", "EUR:Z30", nationality="yugoslavia"),
        war("germany", "yugoslavia", **when(phase="diplomacy")),
    ]
    wrong = UnitMoved(**when(phase="movement"), unit="yug-1", path=["EUR:Z31"])
    right = UnitMoved(**when(side_="allied", phase="movement"), unit="yug-1", path=["EUR:Z31"])
    assert checks_found([*base, turn(), turn(side_="allied"), right], "A3R intro") == []
    assert findings([*base, wrong], "A3R intro") == [
        (
            "attacked_minor_moves_with_defender",
            "yugoslavia is not aligned and was attacked by the axis side: its units move and fight with the other side "
            "(A3R intro)",
        ),
    ]


@pytest.mark.plants("C-SOP-7")
def test_attrition_comes_after_all_combat() -> None:
    attrition = AttritionResolved(**when(phase="attrition"), attrition="t1", roll=1, losses=1, hexes=0)
    attack = AttackDeclared(
        **when(phase="attrition"), attack="a1", defender_hexes=["EUR:K30"], attackers=[Attacker(unit="g", factors=3)]
    )
    exploit = AttackDeclared(
        **when(phase="attrition"),
        attack="x1",
        kind="exploitation",
        defender_hexes=["EUR:K31"],
        attackers=[Attacker(unit="g", factors=3)],
    )
    round_ = CombatRoundResolved(**when(phase="combat"), attack="a1", roll=1, result="D")
    assert checks_found([a3r(), turn(), attack, round_, attrition], "14.12") == []
    assert findings([a3r(), turn(), attrition, attack, exploit], "14.12") == [
        (
            "attrition_last",
            "attack a1 (regular) follows an attrition in the same player turn: attrition comes after all regular "
            "and exploitation combat (14.12, A3R intro)",
        ),
        (
            "attrition_last",
            "attack x1 (exploitation) follows an attrition in the same player turn: attrition comes after all "
            "regular and exploitation combat (14.12, A3R intro)",
        ),
    ]
    fall = AttackDeclared(
        **when("fall", phase="combat"),
        attack="a2",
        defender_hexes=["EUR:K30"],
        attackers=[Attacker(unit="g", factors=3)],
    )
    assert checks_found([a3r(), turn(), attrition, turn("fall"), fall], "14.12") == []


# ---------------------------------------------------------------------------------------------------------------------
# RGT


@pytest.mark.plants("C-RGT-1", "C-RGT-3")
def test_example_t_r1_rgt_in_fall_1939() -> None:
    """T-R1: Fall 1939: automatic +1, two major powers at war with the Axis +1, Poland unconquered at the end of the
    Axis player turn +5 -> RGT 7."""
    wars = [war(p, "germany", 35, **when("fall", 1939, "allied", "diplomacy")) for p in ("britain", "france")]
    # the example's wars stand at the start of the turn
    setup = [
        a3r(),
        *[
            WarDeclared(year=1939, season="fall", phase="setup", aggressor=p, target="germany", brp_cost=35)
            for p in ("britain", "france")
        ],
    ]
    start = rgt(0, 2, ("automatic", 1), ("ST_AT_WAR_2PLUS", 1))
    poland = rgt(2, 7, ("ST_POLAND_UNCONQUERED", 5), **when("fall", 1939, "axis", "end_of_player_turn"))
    end_axis = PlayerTurnEnded(**when("fall", 1939, "axis", "end_of_player_turn"))
    end = GameTurnEnded(year=1939, season="fall", phase="end_of_game_turn")
    assert wars and checks_found([*setup, start, turn("fall", 1939), poland, end_axis, end], "A3R App. E") == []
    assert findings([*setup, start, turn("fall", 1939), end_axis], "A3R App. E") == [
        ("rgt_turn_start", "Poland is unconquered at the end of the Axis player turn: RGT +5 (A3R App. E)"),
    ]
    wrong = rgt(0, 4, ("automatic", 1), ("ST_AT_WAR_0", 3))
    assert findings([*setup, wrong], "A3R App. E") == [
        (
            "rgt_turn_start",
            "2 major power(s) at war with the European Axis at the start of the turn give ST_AT_WAR_2PLUS (A3R App. E)",
        ),
    ]
    sums = rgt(0, 3, ("automatic", 1), ("ST_AT_WAR_2PLUS", 1))
    assert findings([*setup, sums], "A3R App. E")[0] == (
        "rgt_turn_start",
        "RGT stood at 0; its modifiers add 2 (A3R App. E: a cumulative total)",
    )
    assert findings([*setup, turn("fall", 1939), end], "A3R App. E") == [
        ("rgt_turn_start", "RGT gains +1 at the start of every game turn, Fall 1939 included (A3R App. E)"),
    ]
    twice = rgt(2, 3, ("automatic", 1), ("ST_AT_WAR_2PLUS", 1), **when("fall", 1939, "axis", "diplomacy"))
    assert "rgt_turn_start" in checks_found([*setup, start, twice], "A3R App. E")


@pytest.mark.plants("C-RGT-2")
def test_dp_limits() -> None:
    def dp(faction: str, target: str, side: str = "allied") -> DiplomaticPointsAllocated:
        return DiplomaticPointsAllocated(**when(side_=side, phase="diplomacy"), faction=faction, target=target, dps=1)  # type: ignore[arg-type]

    assert (
        checks_found(
            [a3r(), turn(side_="allied"), dp("western_allies", "rgt"), dp("western_allies", "usat")], "A3R App. E"
        )
        == []
    )
    assert findings(
        [a3r(), turn(side_="allied"), dp("western_allies", "rgt"), dp("western_allies", "rgt")], "A3R App. E"
    ) == [
        (
            "dp_limits",
            "the allied side places 2 DPs into RGT this game turn; each side may place at most 1 (A3R App. E, intro)",
        ),
    ]
    assert findings([a3r(), turn(side_="allied"), dp("russia", "rgt")], "A3R App. E") == [
        ("dp_limits", "Russian DPs may not be placed into RGT (A3R App. E)"),
    ]


@pytest.mark.plants("C-RGT-4")
def test_event_modifiers_once_negated_on_recapture_and_again() -> None:
    moment = when("summer", 1940, "axis", "combat")
    take = rgt(10, 12, ("EV_PARIS", 2), **moment)
    lose = rgt(12, 10, ("EV_PARIS", -2), **moment)
    again = rgt(10, 12, ("EV_PARIS", 2), **moment)
    assert (
        checks_found(
            [
                a3r(),
                TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=10),
                take,
                lose,
                again,
            ],
            "A3R App. E",
        )
        == []
    )
    base = [a3r(), TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=10), take]
    assert findings([*base, rgt(12, 14, ("EV_PARIS", 2), **moment)], "A3R App. E") == [
        (
            "rgt_event_modifiers",
            "EV_PARIS is already in force: a territorial event modifier applies once, is negated when the territory is "
            "recaptured, and applies again on a second change of hands (A3R App. E)",
        ),
    ]
    unheld = rgt(10, 8, ("EV_PARIS", -2), **moment)
    assert checks_found(
        [a3r(), TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=10), unheld],
        "A3R App. E",
    ) == ["rgt_event_modifiers"]
    dow = war("russia", "finland", **when("winter", 1939, "allied", "diplomacy"))
    minus = rgt(10, 9, ("EV_RUSSIAN_DOW_MINOR", -1), **when("winter", 1939, "allied", "diplomacy"))
    end = PlayerTurnEnded(**when("winter", 1939, "allied", "end_of_player_turn"))
    start = [TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=30)]
    assert (
        checks_found(
            [
                a3r(),
                *start,
                turn("winter", 1939, "allied"),
                dow,
                rgt(30, 29, ("EV_RUSSIAN_DOW_MINOR", -1), **when("winter", 1939, "allied", "diplomacy")),
                end,
            ],
            "A3R App. E",
        )
        == []
    )
    assert checks_found([a3r(), *start, turn("winter", 1939, "allied"), dow, end], "A3R App. E") == [
        "rgt_event_modifiers"
    ]
    assert minus


@pytest.mark.plants("C-RGT-5")
def test_russian_declarations_of_war_follow_rgt() -> None:
    at = when("summer", 1941, "allied", "diplomacy")
    level = [a3r(), TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=30)]
    assert checks_found([*level, war("russia", "germany", 35, **at)], "A3R App. E") == ["russian_declarations"]
    assert checks_found([*level, war("russia", "turkey", **at)], "A3R App. E") == []
    low = [a3r(), TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=20)]
    assert findings([*low, war("russia", "turkey", **at)], "A3R App. E") == [
        ("russian_declarations", "Russia may not declare war on turkey: RGT is below 25 (A3R App. E)"),
    ]
    assert checks_found([*low, war("russia", "baltic_states", **at)], "A3R App. E") == []
    middle = [a3r(), TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=27)]
    assert skipped([*middle, war("russia", "turkey", **at)], "A3R App. E")[0].startswith(
        "whether Germany has an economic interest"
    )
    german = war("germany", "russia", 35, **when("summer", 1941, "axis", "diplomacy"))
    end = PlayerTurnEnded(**when("summer", 1941, "allied", "end_of_player_turn"))
    assert checks_found([*level, german, turn(side_="allied"), end], "A3R App. E") == ["russian_declarations"]
    raised = rgt(30, 50, ("german_dow", 20), **when("summer", 1941, "allied", "diplomacy"))
    assert checks_found([*level, german, turn(side_="allied"), raised, end], "A3R App. E") == []


@pytest.mark.plants("C-RGT-6")
def test_mobilization_ics() -> None:
    def ic(city: str, season: str, year: int = 1940, origin: str = "mobilization") -> MobilizationApplied:
        return MobilizationApplied(
            **when(season, year, "allied", "unit_construction"),
            power="russia",
            ic_city=city,
            ic_origin=origin,  # type: ignore[arg-type]
        )

    level = TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=21)
    ok = [a3r(), level, ic("kuibyshev", "spring"), ic("magnitogorsk", "fall")]
    assert checks_found(ok, "A3R App. E") == []
    assert findings([a3r(), level, ic("magnitogorsk", "spring")], "A3R App. E") == [
        (
            "mobilization_ics",
            "Russian ICs go to Kuibyshev, Magnitogorsk and Sverdlovsk in that order: kuibyshev comes first "
            "(A3R App. E)",
        ),
    ]
    assert checks_found([a3r(), level, ic("kuibyshev", "spring"), ic("magnitogorsk", "summer")], "A3R App. E") == [
        "mobilization_ics"
    ]
    three = [a3r(), level, ic("kuibyshev", "spring"), ic("magnitogorsk", "fall"), ic("sverdlovsk", "spring", 1941)]
    assert checks_found(three, "A3R App. E") == ["mobilization_ics"]  # RGT 21 gives two
    research = ic("magnitogorsk", "spring", origin="research")
    assert checks_found([a3r(), level, ic("kuibyshev", "spring"), research], "A3R App. E") == []


@pytest.mark.plants("C-RGT-7")
def test_the_german_east_front_garrison() -> None:
    data = map_data([facts("EUR:K40", front="eastern"), facts("EUR:K30", front="western")])
    level = TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=21)
    end = PlayerTurnEnded(**when(phase="end_of_player_turn"))
    east = [place(f"ger-{n}", "germany", "EUR:K40", factors=5) for n in range(4)]
    poland = StatusChanged(year=1939, season="fall", phase="setup", country="poland", status="conquered")
    level = [level, poland]  # type: ignore[assignment]
    west = place("ger-w", "germany", "EUR:K30", factors=9)
    assert checks_found([a3r(), *level, *east, west, turn(), end], "A3R App. E", data) == []
    assert findings([a3r(), *level, *east[:3], west, turn(), end], "A3R App. E", data) == [
        (
            "german_garrison",
            "RGT 21 requires 20 German ground factors on the East front at the end of the Axis player turn "
            "(A3R App. E)",
        ),
    ]
    assert checks_found([a3r(), *level, *east[:3], turn(), end], "A3R App. E") == []  # fronts unknown: not checked


def test_the_usat_offensive_modifier_example_t_u1() -> None:
    assert [usat_offensive_increase(s) for s in (7, 8, 15, 22, 23, 30, 38)] == [0, 1, 1, 1, 2, 2, 3]


def test_example_t_r2_unpreparedness_approach_2_at_rgt_36() -> None:
    """T-R2: approach 2, DoW at RGT 36: infantry -1 DM yes, air DRM no, reduced ZoC yes, reduced MF for infantry
    only."""
    game = a3r(**{"diplo.russian_unpreparedness": "approach2_experimental"})
    level = TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=36)
    base = [
        game,
        level,
        place("rus-inf", "russia", "EUR:K50"),
        place("rus-arm", "russia", "EUR:K52", unit_type="armor", factors=4),
        turn(),
        war("germany", "russia", 35, **when(phase="diplomacy")),
    ]
    moves = [
        UnitMoved(**when(side_="allied", phase="movement"), unit="rus-arm", path=["EUR:K53", "EUR:K54", "EUR:K55"]),
        UnitMoved(**when(side_="allied", phase="movement"), unit="rus-inf", path=["EUR:K49"]),
    ]
    assert checks_found([*base, turn(side_="allied"), *moves], "A3R App. E") == []
    far = UnitMoved(**when(side_="allied", phase="movement"), unit="rus-inf", path=["EUR:K49", "EUR:K48"])
    assert findings([*base, turn(side_="allied"), far], "A3R App. E") == [
        (
            "unpreparedness",
            "in the Russian player turn after the German attack (RGT 36 at the DoW, approach2_experimental), Russian "
            "infantry moves at most 1 (A3R App. E)",
        ),
    ]


@pytest.mark.plants("C-RGT-9")
def test_unpreparedness_dm_of_russian_infantry() -> None:
    game = a3r(**{"diplo.russian_unpreparedness": "approach1"})
    base = [
        game,
        TensionChanged(year=1939, season="fall", phase="setup", track="rgt", old=0, new=30),
        place("rus-inf", "russia", "EUR:K50"),
        turn(),
        war("germany", "russia", 35, **when(phase="diplomacy")),
    ]

    def attack(dms: list[Modifier]) -> AttackDeclared:
        return AttackDeclared(
            **when(phase="combat"),
            attack="a",
            defender_hexes=["EUR:K50"],
            attackers=[Attacker(unit="g", factors=9, armor=True)],
            defenders=[Defender(unit="rus-inf", factors=3, hex="EUR:K50", dms=dms)],
        )

    assert checks_found([*base, attack([Modifier(code="russian_unprepared", value=-1)])], "A3R App. E") == []
    assert checks_found([*base, attack([])], "A3R App. E") == ["unpreparedness"]


def test_rgt_in_a_game_without_the_house_table_is_taken_as_recorded_and_says_so() -> None:
    change = rgt(0, 4, ("automatic", 1), ("ST_AT_WAR_0", 3))
    own = a3r(**{"diplo.rgt": "a3r"})  # A3R's own RGT table, not the house one
    assert checks_found([own, change], "A3R App. E") == []
    assert skipped([own, change], "A3R App. E") == [
        "RGT modifiers are taken as recorded: the game does not play the house RGT table (A3R App. E), and AWAW's own "
        "table is not in the rule texts"
    ]
    assert skipped([a3r(), change], "A3R App. E") == []
    # an AWAW game is not judged by the A3R table: the AWAW rule texts give no tension rules
    assert checks_found([created(), change], "A3R App. E") == []
    assert set(skipped([created(), change], "A3R App. E")) == {
        "not checked: the AWAW rule texts give no rule for the Russian-German tensions"
    }
