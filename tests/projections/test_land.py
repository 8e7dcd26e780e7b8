"""The land projection: this turn's running facts of control (29), supply (30), bridgeheads (31) and fortifications
(32), folded once and forgotten at the right boundary."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AdvanceAfterCombat,
    AnyEvent,
    BridgeheadPlaced,
    BridgeheadRemoved,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    HexControlChanged,
    PlayerTurnEnded,
    PlayerTurnStarted,
    StatusChanged,
    SupplyDetermined,
    UnitMoved,
    UnitPlaced,
)
from awaw_events.events.base import Move
from awaw_events.events.board import SupplyResult
from projections import land
from projections.game import GameState, decode_state, encode_state, fold, replay
from projections.land import Due, Taken
from tests.conftest import created

AXIS: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis"}
ALLIED: dict[str, Any] = {"year": 1941, "season": "summer", "side": "allied"}
NEXT_AXIS: dict[str, Any] = {"year": 1941, "season": "fall", "side": "axis"}


def placed(unit: str, owner: str, hex_: str, unit_type: str = "infantry") -> UnitPlaced:
    return UnitPlaced(
        year=1941,
        season="summer",
        phase="setup",
        unit=unit,
        owner=owner,  # type: ignore[arg-type]
        nationality=owner,  # type: ignore[arg-type]
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=3,
        location=hex_,
    )


def moved(unit: str, *path: str, when: dict[str, Any] = AXIS) -> UnitMoved:
    return UnitMoved(**when, phase="movement", unit=unit, path=list(path))


def taken(hex_: str, controller: str, cause: str = "occupation", when: dict[str, Any] = AXIS) -> HexControlChanged:
    return HexControlChanged(**when, phase="combat", hex=hex_, controller=controller, cause=cause)  # type: ignore[arg-type]


def supply(faction: str, determination: str, *results: tuple[str, str], when: dict[str, Any] = AXIS) -> AnyEvent:
    return SupplyDetermined(
        **when,
        phase="initial_supply" if determination == "initial" else "post_combat_supply",
        faction=faction,  # type: ignore[arg-type]
        determination=determination,  # type: ignore[arg-type]
        results=[SupplyResult(subject=s, status=status) for s, status in results],  # type: ignore[arg-type]
    )


def fort(power: str, hexes: list[str], *, kind: str = "fortification", upgrade: bool = False, **when: Any) -> AnyEvent:
    return FortificationBuilt(
        **(when or AXIS),
        phase="unit_construction",
        power=power,  # type: ignore[arg-type]
        kind=kind,  # type: ignore[arg-type]
        hexes=hexes,
        brp_cost=5,
        upgrade=upgrade,
    )


def test_hexes_entered_by_ground_units_this_player_turn() -> None:
    state = replay(
        [
            created(),
            placed("ger-1", "germany", "EUR:K30"),
            placed("ger-ca-1", "germany", "EUR:K30", "ca"),
            placed("ita-1", "italy", "EUR:K40"),
            PlayerTurnStarted(**AXIS),
            moved("ger-1", "EUR:K31", "EUR:K32"),
            moved("ger-ca-1", "EUR:K33"),
            AdvanceAfterCombat(**AXIS, phase="combat", attack="a", moves=[Move(unit="ita-1", to="EUR:K41")]),
        ]
    )
    assert state.land.entered == {"european_axis": {"EUR:K31", "EUR:K32", "EUR:K41"}}
    assert state.land.player_turn == (state.clock.turn, "axis")
    control = taken("EUR:K31", "germany")
    assert land.entered(state.land, control, "EUR:K31", "european_axis")
    assert not land.entered(state.land, control, "EUR:K33", "european_axis"), "the cruiser is no ground unit"
    assert not land.entered(state.land, control, "EUR:K31", "russia")
    assert not land.entered(state.land, taken("EUR:K31", "germany", when=NEXT_AXIS), "EUR:K31", "european_axis")
    after = fold(state, [PlayerTurnStarted(**ALLIED)])
    assert after.land.entered == {}
    further = fold(state, [moved("ger-1", "EUR:K33")])
    assert further.land.entered == {"european_axis": {"EUR:K31", "EUR:K32", "EUR:K33", "EUR:K41"}}
    assert state.land.entered == {"european_axis": {"EUR:K31", "EUR:K32", "EUR:K41"}}, "folding on changed the start"


def test_the_player_turn_boundary_is_game_time_not_a_marker() -> None:
    """Facts are forgotten when the player turn changes even without player_turn_started, and not by an event
    outside any player turn (a status change recorded without a side)."""
    base = [created(), PlayerTurnStarted(**AXIS), taken("EUR:J38", "germany")]
    assert replay(base).land.changed_hands == {"EUR:J38"}
    aside = StatusChanged(year=1941, season="summer", phase="combat", country="greece", status="conquered")
    assert replay([*base, aside, taken("EUR:J39", "germany")]).land.changed_hands == {"EUR:J38", "EUR:J39"}
    assert replay([*base, taken("EUR:J40", "germany", when=NEXT_AXIS)]).land.changed_hands == {"EUR:J40"}
    state = replay(base)
    next_turn = taken("EUR:J40", "germany", when=NEXT_AXIS)
    assert land.same_player_turn(state.land, base[-1])
    assert not land.same_player_turn(state.land, next_turn)


def test_supply_determinations_and_units_without_supply() -> None:
    state = replay(
        [
            created(),
            PlayerTurnStarted(**AXIS),
            supply("european_axis", "initial", ("ger-1", "isolated"), ("ger-2", "unsupplied"), ("ger-3", "full")),
            supply("european_axis", "post_combat", ("ger-1", "full")),
        ]
    )
    assert state.land.determinations == {("european_axis", "initial"), ("european_axis", "post_combat")}
    assert state.land.isolated == {"ger-1": "isolated", "ger-2": "unsupplied"}
    again = fold(state, [supply("european_axis", "initial", ("ger-2", "partial"))])
    assert again.land.isolated == {"ger-1": "isolated"}
    assert fold(state, [PlayerTurnStarted(**ALLIED)]).land.isolated == {}


def test_fortifications_lost_until_the_player_turn_ends() -> None:
    maginot = FortificationPlaced(
        year=1941, season="summer", phase="setup", hex="EUR:P24", kind="maginot", owner="france"
    )
    west_wall = FortificationPlaced(
        year=1941, season="summer", phase="setup", hex="EUR:M27", kind="west_wall", owner="germany"
    )
    events: list[AnyEvent] = [
        created(),
        maginot,
        west_wall,
        PlayerTurnStarted(**AXIS),
        taken("EUR:P24", "germany"),
        taken("EUR:M27", "germany"),  # its own side: nothing lost
        taken("EUR:P25", "germany"),  # no fortification there
    ]
    state = replay(events)
    assert state.land.forts_lost == {"EUR:P24": Taken(seq=5, controller="germany")}
    assert replay([*events[:4], taken("EUR:P24", "germany", cause="setup")]).land.forts_lost == {}
    gone = FortificationEliminated(**AXIS, phase="combat", hex="EUR:P24")
    assert fold(state, [gone]).land.forts_lost == {}
    assert fold(state, [PlayerTurnEnded(**AXIS, phase="end_of_player_turn")]).land.forts_lost == {}


def test_bridgeheads_due_for_removal_and_their_supply() -> None:
    bridgehead = BridgeheadPlaced(
        **AXIS, phase="combat", hex="EUR:D33", faction="european_axis", cause="seaborne_invasion", ref="oslo"
    )
    base: list[AnyEvent] = [created(), placed("ger-1", "germany", "EUR:D33"), PlayerTurnStarted(**AXIS), bridgehead]
    retaken = replay([*base, taken("EUR:D33", "britain")])
    assert retaken.land.bridgeheads_due == {"EUR:D33": Due(reason="enemy_control", seq=5, detail="britain")}
    # the best result among the bridgehead's units counts; a full or partial one keeps it
    kept = replay([*base, supply("european_axis", "post_combat", ("ger-1", "partial"), ("EUR:D33", "isolated"))])
    assert kept.land.bridgehead_supply == {"EUR:D33": "partial"}
    assert kept.land.bridgeheads_due == {}
    cut = replay([*base, supply("european_axis", "post_combat", ("ger-1", "isolated"))])
    assert cut.land.bridgehead_supply == {"EUR:D33": "isolated"}
    assert cut.land.bridgeheads_due == {"EUR:D33": Due(reason="isolation", seq=5, detail="isolated")}
    # another faction's determination does not speak for the bridgehead
    other = replay([*base, supply("western_allies", "post_combat", ("EUR:D33", "isolated"))])
    assert other.land.bridgehead_supply == {}
    removed = fold(cut, [BridgeheadRemoved(**AXIS, phase="post_combat_supply", hex="EUR:D33", reason="isolation")])
    assert removed.land.bridgehead_supply == {}
    assert removed.land.bridgeheads_due, "judged at the end of the player turn"
    assert fold(removed, [PlayerTurnEnded(**AXIS, phase="end_of_player_turn")]).land.bridgeheads_due == {}


def test_fortification_builds_of_this_game_turn() -> None:
    events: list[AnyEvent] = [
        created(),
        fort("germany", ["EUR:L32"]),
        fort("italy", ["EUR:T23"]),
        fort("germany", ["EUR:M27", "EUR:N26"], upgrade=True),
        fort("britain", ["EUR:M20"], kind="port", **ALLIED),
        fort("britain", ["EUR:M20", "EUR:M21"], kind="beach_defense", **ALLIED),
    ]
    state = replay(events)
    assert state.land.fort_builds == {"european_axis": (2, 3, 4), "western_allies": (6,)}
    assert state.land.german_house_builds == (1, 2)
    assert land.fort_builds(state.land, events[1], "european_axis") == (2, 3, 4)
    later = fort("germany", ["EUR:K30"], **NEXT_AXIS)
    assert land.fort_builds(state.land, later, "european_axis") == ()
    assert land.german_house_builds(state.land, later) == (0, 0)
    next_turn = fold(state, [later])
    assert next_turn.land.fort_builds == {"european_axis": (7,)}
    assert next_turn.land.german_house_builds == (1, 0)


def test_a_snapshot_of_the_running_facts_folds_on_like_the_whole_game() -> None:
    events: list[AnyEvent] = [
        created(),
        placed("ger-1", "germany", "EUR:K30"),
        PlayerTurnStarted(**AXIS),
        moved("ger-1", "EUR:K31"),
        supply("european_axis", "initial", ("ger-1", "isolated")),
        taken("EUR:K31", "germany"),
        fort("germany", ["EUR:L32"]),
    ]
    rest: list[AnyEvent] = [fort("germany", ["EUR:L33"]), PlayerTurnStarted(**ALLIED)]
    cut = decode_state(encode_state(replay(events)))
    assert cut.land == replay(events).land
    assert fold(cut, rest) == fold(GameState(), [*events, *rest])
