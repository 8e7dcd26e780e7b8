"""The French surrender, Vichy and the Free French (A3R App. J, rule 58): each check with its fault planted and
without it, and the worked examples T-FR1..T-FR4 (the surrender level recomputed part by part, issue 13)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from awaw_events.events import (
    ColonyAlignmentRolled,
    DiceRolled,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    FrenchForcesAssigned,
    FrenchSurrenderChecked,
    GameCreated,
    ResearchResult,
    StatusChanged,
    TensionChanged,
    VichyDecided,
    WarDeclared,
)
from awaw_events.events.base import Modifier
from awaw_events.options import defaults
from tests.build import check_messages as findings
from tests.build import checks_found, facts, held, map_data, place, skipped, when
from tests.conftest import armor, created


def house() -> GameCreated:
    """An A3R game under the house French rules (``france.surrender=awaw_58_house``): the games these checks judge
    (an AWAW game is not judged by A3R text: tests/audit/test_awaw_rulesets.py)."""
    return created(rules="a3r", options={**defaults("a3r"), "france.surrender": "awaw_58_house"})


PARIS, LYON, MARSEILLES, NANTES = "EUR:P21", "EUR:T22", "EUR:V22", "EUR:Q18"
FRANCE = map_data(
    [
        facts(PARIS, name="Paris", country="france", objective=True),
        facts(LYON, name="Lyon", country="france", objective=True),
        facts(MARSEILLES, name="Marseilles", country="france", objective=True),
        facts(NANTES, country="france"),
    ]
)


def surrender(season: str = "fall", year: int = 1940, **kw: Any) -> FrenchSurrenderChecked:
    base: dict[str, Any] = {"paris_controller": "germany", "surrenders": True}
    base.update(kw)
    return FrenchSurrenderChecked(**when(season, year, "allied", "end_of_player_turn"), **base)


def board(
    paris: str = "germany", lyon: str = "france", marseilles: str = "germany", ground: int = 18, fleet: int = 27
) -> list[Any]:
    """France at the surrender: who holds the three cities, French ground factors in France, the French fleet."""
    events: list[Any] = [house(), held(PARIS, paris), held(LYON, lyon), held(MARSEILLES, marseilles)]
    events += [place(f"fra-inf-{n}", "france", NANTES, factors=3) for n in range(ground // 3)]
    if ground % 3:
        events.append(place("fra-inf-x", "france", NANTES, factors=ground % 3))
    events += [place(f"fra-bb-{n}", "france", "EUR:Q17", unit_type="bb", factors=3) for n in range(fleet // 3)]
    return events


# ---------------------------------------------------------------------------------------------------------------------
# C-FRA-1: when France surrenders


@pytest.mark.plants("C-FRA-1")
def test_france_surrenders_with_paris_lost_or_voluntarily_from_fall_1940() -> None:
    events = [
        house(),
        surrender("summer", paris_controller="germany", surrenders=False),
        surrender("summer", paris_controller="france", voluntary=True, level=1),
    ]
    assert findings(events, "A3R 58.11") == [
        (
            "french_surrender_trigger",
            "Paris is held by germany at the end of the Allied player turn, so France surrenders (58.11)",
        ),
        ("french_surrender_trigger", "France may surrender voluntarily only from Fall 1940 (58.12)"),
    ]
    assert (
        checks_found([house(), surrender("fall", paris_controller="france", voluntary=True, level=1)], "A3R 58.11")
        == []
    )
    # the recorded controller of Paris is checked against the board when the map data names Paris
    claim = surrender(paris_controller="france", surrenders=False)
    assert findings([*board(), claim], "A3R 58.11", FRANCE) == [
        ("french_surrender_trigger", f"Paris ({PARIS}) is held by germany, not france (58.11)"),
        (
            "french_surrender_trigger",
            "Paris is held by germany at the end of the Allied player turn, so France surrenders (58.11)",
        ),
    ]


@pytest.mark.plants("C-FRA-1")
def test_no_french_builds_after_the_surrender() -> None:
    french = msgspec.structs.replace(
        armor("fra-arm-9"),
        owner="france",
        nationality="france",
        actor="france",
        side="allied",
        year=1940,
        season="summer",
    )
    before = [house(), french, surrender("summer", level=2, components={"FSL_PARIS": 2})]
    assert findings(before, "A3R 58.12") == []
    after = [house(), surrender("summer", level=2), msgspec.structs.replace(french, season="fall", unit="fra-arm-10")]
    assert findings(after, "A3R 58.12") == [
        ("no_french_builds_after_surrender", "a French unit is built after France surrendered (58.12)"),
    ]


def test_a3r_games_keeping_the_a3r_french_rules_are_not_checked_against_the_house_rules() -> None:
    game = GameCreated(year=1939, season="fall", phase="setup", rules="a3r", options=defaults("a3r"))
    assert (
        skipped([game, surrender(level=-3)], "A3R 58")
        == ["the game keeps A3R's own French surrender rules (france.surrender=a3r), which are not in the rule texts"]
        * 2
    )  # the trigger and the level


# ---------------------------------------------------------------------------------------------------------------------
# C-FRA-2: the surrender level, part by part (58.21, issue 13)


@pytest.mark.plants("C-FRA-2")
def test_example_t_fr1_the_surrender_level_recomputed_part_by_part() -> None:
    """T-FR1: France falls in Fall 1940 with Paris (+2) and Marseilles (+1) Axis-held, 18 French ground factors in
    France (-2), turn -2: FSL -1."""
    parts = {"FSL_PARIS": 2, "FSL_MARSEILLES": 1, "FSL_GROUND": -2, "FSL_TURN": -2}
    assert checks_found([*board(), surrender(components=parts, level=-1)], "A3R 58.22", FRANCE) == []
    # the sum of altered parts adds up, but a part does not match the state: found
    lied = {**parts, "FSL_GROUND": -1}
    assert findings([*board(), surrender(components=lied, level=0)], "A3R 58.22", FRANCE) == [
        ("french_surrender_level", "FSL_GROUND is -2 from the state at the surrender, not -1 (58.21)"),
        (
            "french_surrender_level",
            "the French surrender level is -1 (parts -1, clamped to -3..+3), not 0 (58.21-58.22)",
        ),
    ]
    # Marseilles held by France: its +1 is not due
    assert checks_found([*board(marseilles="france"), surrender(components=parts, level=-1)], "A3R 58.22", FRANCE) == [
        "french_surrender_level",
        "french_surrender_level",
    ]
    # a fleet short of 27 factors adds +1 per 3 factors; a part the rules do not name is found
    short = [*board(fleet=21), surrender(components={**parts, "FSL_FLEET": 2}, level=1)]
    assert checks_found(short, "A3R 58.22", FRANCE) == []
    odd = [*board(), surrender(components={**parts, "FSL_MORALE": 1}, level=0)]
    assert findings(odd, "A3R 58.22", FRANCE)[0] == (
        "french_surrender_level",
        "FSL_MORALE is no part of the French surrender level (58.21A-F)",
    )


@pytest.mark.plants("C-FRA-2")
def test_example_t_fr3_the_level_is_clamped() -> None:
    """T-FR3: a Spring 1940 fall with Paris, Lyon and Marseilles Axis-held and 5 French ground factors: +2 +1 +1 -1 +2 =
    +5, clamped to +3."""
    events = board(lyon="germany", ground=5)
    parts = {"FSL_PARIS": 2, "FSL_LYON": 1, "FSL_MARSEILLES": 1, "FSL_GROUND": -1, "FSL_TURN": 2}
    assert checks_found([*events, surrender("spring", components=parts, level=3)], "A3R 58.22", FRANCE) == []
    assert checks_found([*events, surrender("spring", components=parts, level=2)], "A3R 58.22", FRANCE) == [
        "french_surrender_level"
    ]


@pytest.mark.plants("C-FRA-2")
def test_dps_research_and_voluntary_surrender_in_the_level() -> None:
    dps = [
        DiplomaticPointsAllocated(
            **when("spring", 1940, "axis", "diplomacy"), faction="european_axis", target="france", dps=3
        ),
        DiplomaticPointsAllocated(
            **when("spring", 1940, "allied", "diplomacy"),
            faction="western_allies",
            target="france",
            dps=2,
            covert_reductions=1,
        ),
    ]
    research = ResearchResult(
        year=1940, season="spring", phase="research", power="britain", project="anglo_french", steps=7
    )
    parts = {
        "FSL_PARIS": 2,
        "FSL_MARSEILLES": 1,
        "FSL_GROUND": -2,
        "FSL_TURN": -2,
        "FSL_DPS": 2,
        "FSL_ANGLO_FRENCH": -1,
    }
    assert checks_found([*board(), *dps, research, surrender(components=parts, level=0)], "A3R 58.22", FRANCE) == []
    assert checks_found([*board(), surrender(components=parts, level=0)], "A3R 58.22", FRANCE) == [
        "french_surrender_level",
        "french_surrender_level",
        "french_surrender_level",
    ]
    assert findings([house(), surrender(voluntary=True, level=2)], "A3R 58.22") == [
        ("french_surrender_level", "a voluntary surrender sets the French surrender level to +1 (58.21)"),
    ]
    # without map data the parts that need it are not checked, and say so
    reasons = skipped([house(), surrender(components=parts, level=0)], "A3R 58.22")
    assert "no map data lists the European objectives (58.21A)" in reasons


# ---------------------------------------------------------------------------------------------------------------------
# C-FRA-3, C-FRA-4: Vichy and the colonies


@pytest.mark.plants("C-FRA-3", "C-FRA-4")
def test_vichy_and_colony_rolls() -> None:
    colony = when("fall", 1940, "allied", "end_of_player_turn")
    events = [
        house(),
        surrender(level=-3),
        VichyDecided(**colony, established=True),
        DiceRolled(**colony, roll=1, purpose="colony_alignment", dice=[1]),
        ColonyAlignmentRolled(**colony, group="levant", roll=1, fsl=-3, vichy_bonus=3, outcome="free_french"),
        DiceRolled(**colony, roll=2, purpose="colony_alignment", dice=[2]),
        ColonyAlignmentRolled(**colony, group="north_africa", roll=2, fsl=-3, vichy_bonus=3, outcome="vichy"),
        WarDeclared(**when("winter", 1940, "axis", "diplomacy"), aggressor="germany", target="usa", brp_cost=35),
        VichyDecided(**when("winter", 1940, "allied", "end_of_player_turn"), established=True),
    ]
    assert findings(events, "A3R 58") == [
        ("colony_alignment", "north_africa: die 2 + FSL -3 + 3 = 2 gives free french, not vichy (58.53)"),
        (
            "vichy_allowed",
            "Vichy France may not be established when France surrenders after the US and Germany are at war (58.31)",
        ),
    ]


@pytest.mark.plants("C-FRA-4")
def test_one_roll_per_colony_group_after_the_vichy_decision() -> None:
    colony = when("fall", 1940, "allied", "end_of_player_turn")
    roll = DiceRolled(**colony, roll=1, purpose="colony_alignment", dice=[6])
    levant = ColonyAlignmentRolled(**colony, group="levant", roll=1, fsl=1, vichy_bonus=3, outcome="vichy")
    assert (
        checks_found(
            [house(), surrender(level=1, voluntary=True), VichyDecided(**colony, established=True), roll, levant],
            "A3R 58.53",
        )
        == []
    )
    assert checks_found([house(), surrender(level=1, voluntary=True), roll, levant], "A3R 58.53") == [
        "colony_alignment"
    ]
    twice = [
        house(),
        surrender(level=1, voluntary=True),
        VichyDecided(**colony, established=True),
        roll,
        levant,
        levant,
    ]
    assert checks_found(twice, "A3R 58.53") == ["colony_alignment"]
    # T-FR2: a voluntary surrender gives +1; with Vichy every roll is d6 + 1 + 3 >= 5: always Vichy
    low = DiceRolled(**colony, roll=1, purpose="colony_alignment", dice=[1])
    free = ColonyAlignmentRolled(**colony, group="levant", roll=1, fsl=1, vichy_bonus=3, outcome="free_french")
    assert checks_found(
        [house(), surrender(level=1, voluntary=True), VichyDecided(**colony, established=True), low, free],
        "A3R 58.53",
    ) == ["colony_alignment"]


# ---------------------------------------------------------------------------------------------------------------------
# C-FRA-5: the forces


def _forces_game(level: int, vichy: bool, *, voluntary: bool = False) -> list[Any]:
    colony = when("fall", 1940, "allied", "end_of_player_turn")
    units = [place(f"fra-i{n}", "france", NANTES, factors=3) for n in range(6)]
    units += [place(f"fra-a{n}", "france", NANTES, unit_type="aaf", factors=1) for n in range(3)]
    units += [place(f"fra-n{n}", "france", "EUR:Q17", unit_type="bb", factors=5) for n in range(3)]
    units.append(place("fra-arm", "france", NANTES, unit_type="armor", factors=3))
    units.append(place("fra-i2f", "france", NANTES, factors=2))
    return [house(), *units, surrender(level=level, voluntary=voluntary), VichyDecided(**colony, established=vichy)]


@pytest.mark.plants("C-FRA-5")
def test_examples_t_fr2_and_t_fr4_the_forces_tables() -> None:
    """T-FR2: FSL +1 with Vichy: Vichy 12 infantry, 3 air, 10 naval factors; Free French 2 infantry. T-FR4: FSL -3
    without Vichy: Free French 9 infantry, one 3-5, 2 air, 14 naval factors."""
    colony = when("fall", 1940, "allied", "end_of_player_turn")
    vichy = FrenchForcesAssigned(
        **colony, vichy=["fra-i0", "fra-i1", "fra-i2", "fra-i3", "fra-a0", "fra-a1", "fra-a2", "fra-n0", "fra-n1"]
    )
    free = FrenchForcesAssigned(**colony, free_french=["fra-i2f"])
    assert checks_found([*_forces_game(1, True, voluntary=True), free, vichy], "A3R 58.6") == []
    too_many = FrenchForcesAssigned(**colony, free_french=["fra-i5"])
    assert findings([*_forces_game(1, True, voluntary=True), too_many], "A3R 58.6") == [
        (
            "french_forces",
            "Free French forces exceed their table row for FSL +1 with Vichy (58.621)",
        ),
    ]
    assert checks_found([*_forces_game(1, True, voluntary=True), vichy, free], "A3R 58.6") == ["french_forces"]
    t_fr4 = FrenchForcesAssigned(
        **colony, free_french=["fra-i0", "fra-i1", "fra-i2", "fra-arm", "fra-a0", "fra-a1", "fra-n0", "fra-n1"]
    )
    assert checks_found([*_forces_game(-3, False), t_fr4], "A3R 58.6") == []
    assert checks_found(
        [*_forces_game(-3, False), msgspec.structs.replace(t_fr4, free_french=[*t_fr4.free_french, "fra-n2"])],
        "A3R 58.6",
    ) == ["french_forces"]


# ---------------------------------------------------------------------------------------------------------------------
# C-FRA-6, C-FRA-7: Vichy diplomacy


@pytest.mark.plants("C-FRA-6")
def test_axis_declarations_on_vichy_and_colonial_declarations() -> None:
    game = GameCreated(
        year=1939, season="fall", phase="setup", rules="a3r",
        options={**defaults("a3r"), "france.surrender": "awaw_58_house", "france.vichy_interactions": "on"},
    )  # fmt: skip
    dow = WarDeclared(**when("spring", 1941, "axis", "diplomacy"), aggressor="germany", target="vichy", brp_cost=10)
    assert findings([game, dow], "A3R 58.7") == [
        ("vichy_declarations", "the Axis may declare war on Vichy only once the Axis and the US are at war (58.72)"),
    ]
    us = WarDeclared(**when("winter", 1940, "axis", "diplomacy"), aggressor="germany", target="usa", brp_cost=35)
    assert checks_found([game, us, dow], "A3R 58.7") == []
    colonial = WarDeclared(
        **when("spring", 1941, "allied", "diplomacy"), aggressor="britain", target="vichy:levant", brp_cost=10
    )
    usat = TensionChanged(
        **when("spring", 1941, "allied", "diplomacy"), track="usat", old=10, new=11, cause="vichy_colonial_dow"
    )
    assert checks_found([game, colonial, usat], "A3R 58.7") == ["vichy_declarations"]
    assert checks_found([game, colonial], "A3R 58.7") == []


@pytest.mark.plants("C-FRA-7", "C-FRA-6")
def test_vichy_roll_modifiers() -> None:
    game = GameCreated(
        year=1939,
        season="fall",
        phase="setup",
        rules="a3r",
        options={**defaults("a3r"), "france.surrender": "awaw_58_house"},
    )
    moment = when("spring", 1941, "allied", "diplomacy")

    def vichy_roll(number: int, *mods: tuple[str, int], **at: Any) -> list[Any]:
        at = at or moment
        roll = DiceRolled(
            **at, roll=number, purpose="vichy", dice=[3], modifiers=[Modifier(code=c, value=v) for c, v in mods]
        )
        return [roll, DiplomaticResult(**at, country="vichy", faction="western_allies", result=3, roll=number)]

    base = [game, surrender(level=2)]
    assert checks_found([*base, *vichy_roll(1, ("fsl", 1))], "A3R 58.8") == []
    assert findings([*base, *vichy_roll(1, ("fsl", 1), ("france_8plus", 1))], "A3R 58.8") == [
        (
            "vichy_roll_modifiers",
            "the A3R modifier +1 for an 8+ result for France is removed under these rules (58.8)",
        ),
    ]
    assert checks_found([*base, *vichy_roll(1)], "A3R 58.8") == ["vichy_roll_modifiers"]
    colonial = WarDeclared(
        **when("winter", 1940, "allied", "diplomacy"), aggressor="britain", target="vichy:levant", brp_cost=10
    )
    assert checks_found([*base, colonial, *vichy_roll(1, ("fsl", 1), ("colonial_dow", 1))], "A3R 58.8") == []
    assert checks_found([*base, colonial, *vichy_roll(1, ("fsl", 1))], "A3R 58.8") == ["vichy_roll_modifiers"]
    # Germany's reaction roll in its next diplomatic phase does not count the current colonial attack
    react = when("spring", 1941, "axis", "diplomacy")
    reaction = DiceRolled(**react, roll=1, purpose="vichy", dice=[3], modifiers=[Modifier(code="fsl", value=1)])
    result = DiplomaticResult(**react, segment="reaction", country="vichy", faction="european_axis", result=3, roll=1)
    assert checks_found([*base, colonial, reaction, result], "A3R 58.8") == []
    counted = msgspec.structs.replace(
        reaction, modifiers=[Modifier(code="fsl", value=1), Modifier(code="colonial_dow", value=1)]
    )
    assert checks_found([*base, colonial, counted, result], "A3R 58.8") == ["vichy_roll_modifiers"]
    assert StatusChanged  # the Vichy diplomatic table itself is A3R's (58.8), not in the texts
