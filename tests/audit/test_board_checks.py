"""Control (29), supply determinations (30), declaration and offensive costs (27.12), France and Vichy (A3R 58)."""

from __future__ import annotations

from awaw_events.events import (
    ColonyAlignmentRolled,
    DiceRolled,
    FrenchSurrenderChecked,
    HexControlChanged,
    OffensiveDeclared,
    PlayerTurnStarted,
    SupplyDetermined,
    UnitMoved,
    UnitPlaced,
    VichyDecided,
    WarDeclared,
)
from awaw_events.events.board import SupplyResult
from tests.audit.helpers import findings
from tests.conftest import armor, created

T = {"year": 1940, "season": "summer"}
AXIS = {**T, "side": "axis"}
ALLIED = {**T, "side": "allied"}


def _placed(unit: str, owner: str, hex_: str, unit_type: str = "infantry") -> UnitPlaced:
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=owner,  # type: ignore[arg-type]
        unit_type=unit_type,
        factors=3,
        location=hex_,
    )  # type: ignore[arg-type]


def test_control_by_occupation_needs_a_unit_that_entered() -> None:
    events = [
        created(),
        _placed("ger-1", "germany", "EUR:K30"),
        PlayerTurnStarted(**AXIS),
        UnitMoved(**AXIS, phase="movement", unit="ger-1", path=["EUR:K31", "EUR:K32"]),
        HexControlChanged(**AXIS, phase="movement", hex="EUR:K31", controller="germany", cause="movement"),
        HexControlChanged(**AXIS, phase="movement", hex="EUR:K32", controller="germany", cause="movement"),
        HexControlChanged(**AXIS, phase="combat", hex="EUR:K33", controller="germany", cause="advance_after_combat"),
        HexControlChanged(**AXIS, phase="combat", hex="EUR:K34", controller="germany", cause="diplomacy"),
    ]
    assert findings(events, "29") == [
        (
            7,
            "occupation_needs_a_unit",
            "EUR:K33 changes to germany by advance_after_combat, but no ground unit of "
            "that side stands in the hex (29.21: ZoC or killing the defenders alone changes nothing)",
        ),
    ]


def _supply(faction: str, determination: str, side: str, results: list[SupplyResult] | None = None) -> SupplyDetermined:
    return SupplyDetermined(
        **T,
        side=side,
        phase="initial_supply"
        if determination == "initial"  # type: ignore[arg-type]
        else "post_combat_supply",
        faction=faction,
        determination=determination,  # type: ignore[arg-type]
        results=results or [],
    )


def test_supply_is_determined_for_the_moving_side_once_per_segment() -> None:
    events = [
        created(),
        PlayerTurnStarted(**AXIS),
        _supply("european_axis", "initial", "axis"),
        _supply("european_axis", "initial", "axis"),
        _supply("russia", "post_combat", "axis"),
        PlayerTurnStarted(**ALLIED),
        _supply("russia", "initial", "allied"),
    ]
    assert findings(events, "30.4") == [
        (
            4,
            "supply_determinations",
            "a second initial supply determination for european_axis in this player turn (30.41-30.43)",
        ),
        (
            5,
            "supply_determinations",
            "russia supply determined in the axis player turn: only the moving player's units are determined (30.41)",
        ),
    ]


def test_isolated_units_do_not_move() -> None:
    events = [
        created(),
        _placed("ger-1", "germany", "EUR:K30"),
        _placed("ger-2", "germany", "EUR:K35"),
        PlayerTurnStarted(**AXIS),
        _supply(
            "european_axis",
            "initial",
            "axis",
            [SupplyResult(subject="ger-1", status="isolated"), SupplyResult(subject="ger-2", status="full")],
        ),
        UnitMoved(**AXIS, phase="movement", unit="ger-2", path=["EUR:K36"]),
        UnitMoved(**AXIS, phase="movement", unit="ger-1", path=["EUR:K31"]),
    ]
    assert findings(events, "30.16") == [
        (
            7,
            "isolated_units_stay",
            "ger-1 was isolated at this player turn's initial supply determination and may "
            "not move or advance (30.16, 30.531)",
        ),
    ]


def test_declaration_and_full_offensive_costs() -> None:
    events = [
        created(),
        WarDeclared(**AXIS, phase="diplomacy", aggressor="germany", target="poland", brp_cost=10),
        WarDeclared(**AXIS, phase="diplomacy", aggressor="germany", target="russia", brp_cost=10),
        OffensiveDeclared(**AXIS, phase="combat", power="germany", front="eastern", kind="full", brp_cost=15),
        OffensiveDeclared(**AXIS, phase="combat", power="germany", front="western", kind="full", brp_cost=12),
    ]
    assert findings(events, "27.12") == [
        (
            3,
            "declaration_cost",
            "germany paid 10 BRPs to declare war on russia; a declaration against a major power costs 35 (27.12)",
        ),
        (
            5,
            "full_offensive_cost",
            "germany paid 12 BRPs for a full offensive on the western front; a full offensive costs 15 (27.12)",
        ),
    ]


def _surrender(**kw: object) -> FrenchSurrenderChecked:
    base: dict[str, object] = {
        **ALLIED,
        "phase": "end_of_player_turn",
        "paris_controller": "germany",
        "surrenders": True,
    }
    base.update(kw)
    return FrenchSurrenderChecked(**base)  # type: ignore[arg-type]


def test_french_surrender_trigger_and_level() -> None:
    events = [
        created(),
        _surrender(paris_controller="germany", surrenders=False),
        _surrender(paris_controller="france", voluntary=True, level=1),
        _surrender(components={"FSL_PARIS": 2, "FSL_GROUND": -3, "FSL_TURN": -2, "FSL_OBJECTIVES": -1}, level=-4),
        _surrender(components={"FSL_PARIS": 2, "FSL_TURN": 0}, level=2),
    ]
    assert findings(events, "A3R 58") == [
        (
            2,
            "french_surrender_trigger",
            "Paris is held by germany at the end of the Allied player turn, so France surrenders (58.11)",
        ),
        (3, "french_surrender_trigger", "France may surrender voluntarily only from Fall 1940 (58.12)"),
        (
            4,
            "french_surrender_level",
            "the French surrender level is -3 (components {'FSL_PARIS': 2, 'FSL_GROUND': "
            "-3, 'FSL_TURN': -2, 'FSL_OBJECTIVES': -1}, clamped to -3..+3), not -4 (58.21-58.22)",
        ),
    ]


def test_vichy_and_colony_rolls() -> None:
    from awaw_events.events import WarDeclared as War

    colony = {**ALLIED, "phase": "end_of_player_turn"}
    events = [
        created(),
        _surrender(components={"FSL_PARIS": 2, "FSL_GROUND": -1, "FSL_TURN": -4}, level=-3),
        VichyDecided(**colony, established=True),
        DiceRolled(**colony, roll=1, purpose="colony_alignment", dice=[1]),
        ColonyAlignmentRolled(**colony, group="levant", roll=1, fsl=-3, vichy_bonus=3, outcome="free_french"),
        DiceRolled(**colony, roll=2, purpose="colony_alignment", dice=[2]),
        ColonyAlignmentRolled(**colony, group="north_africa", roll=2, fsl=-3, vichy_bonus=3, outcome="vichy"),
        War(**{**T, "season": "fall"}, side="axis", phase="diplomacy", aggressor="germany", target="usa", brp_cost=35),
        VichyDecided(**{**T, "season": "fall"}, side="allied", phase="end_of_player_turn", established=True),
    ]
    assert findings(events, "A3R 58") == [
        (7, "colony_alignment", "north_africa: die 2 + FSL -3 + 3 = 2 gives free french, not vichy (58.53)"),
        (
            9,
            "vichy_allowed",
            "Vichy France may not be established when France surrenders after the US and Germany are at war (58.31)",
        ),
    ]


def test_no_french_builds_after_the_surrender() -> None:
    import msgspec

    french = msgspec.structs.replace(
        armor("fra-arm-9"),
        owner="france",
        nationality="france",
        actor="france",
        side="allied",
        year=1940,
        season="summer",
    )
    before = [created(), french, _surrender(components={"FSL_PARIS": 2}, level=2)]
    assert findings(before, "A3R 58.12") == []
    after = [
        created(),
        _surrender(components={"FSL_PARIS": 2}, level=2),
        msgspec.structs.replace(french, season="fall", unit="fra-arm-10"),
    ]
    assert findings(after, "A3R 58.12") == [
        (3, "no_french_builds_after_surrender", "a French unit is built after France surrendered (58.12)"),
    ]


def test_colony_rolls_use_the_fsl_of_the_surrender() -> None:
    colony = {**ALLIED, "phase": "end_of_player_turn"}
    events = [
        created(),
        _surrender(components={"FSL_PARIS": 2}, level=2),
        VichyDecided(**colony, established=True),
        DiceRolled(**colony, roll=1, purpose="colony_alignment", dice=[1]),
        ColonyAlignmentRolled(**colony, group="levant", roll=1, fsl=-3, vichy_bonus=3, outcome="free_french"),
        DiceRolled(**colony, roll=2, purpose="colony_alignment", dice=[1]),
        ColonyAlignmentRolled(**colony, group="north_africa", roll=2, fsl=2, vichy_bonus=3, outcome="vichy"),
    ]
    assert findings(events, "A3R 58.53") == [
        (
            5,
            "colony_alignment",
            "levant: the colony roll uses FSL -3, but France surrendered at FSL 2 (event 2; 58.53)",
        ),
    ]
    # before any surrender is recorded, the roll's own FSL is all there is
    assert findings([events[0], *events[2:5]], "A3R 58.53") == []
