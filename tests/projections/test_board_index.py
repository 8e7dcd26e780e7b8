"""The board's index of units by location (``BoardState.units_at``) and the movement facts' index of armor by hex
(``MovementState.armor_at``) stay in step with the board's units after every event: over the shipped example game, a
synthetic campaign (moves, redeployments, eliminations, ships laid down, launched and sunk), the events that put a
unit back in play, and a snapshot decoded."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

from awaw_events.events import ShipLaidDown, ShipLaunched, ShipRaised, ShipSunk, UnitEliminated, UnitMoved, UnitPlaced
from awaw_events.io import iter_events
from awaw_events.log import Numbered
from benchmarks.campaign import Faults
from benchmarks.synthetic import events
from projections import board
from projections.game import Fold, GameState, decode_state, encode_state

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "campaign-1939.jsonl"
BASE: dict[str, Any] = {"year": 1939, "season": "fall", "phase": "setup"}


def by_location(state: board.BoardState) -> dict[str, set[str]]:
    found: dict[str, set[str]] = defaultdict(set)
    for unit in state.units.values():
        found[unit.location].add(unit.id)
    return dict(found)


def armor_by_hex(state: GameState) -> dict[str, set[str]]:
    """Every armor unit on the board, by where the board has it (and the movement facts agree)."""
    found: dict[str, set[str]] = defaultdict(set)
    for hex_, ids in state.movement.at.items():
        for unit_id in ids:
            if state.board.units[unit_id].unit_type == "armor":
                found[hex_].add(unit_id)
    on_board: dict[str, set[str]] = defaultdict(set)
    for unit in state.board.units.values():
        if unit.unit_type == "armor":
            on_board[unit.location].add(unit.id)
    assert dict(found) == dict(on_board)
    return dict(found)


def test_the_index_follows_every_event_of_the_example_game() -> None:
    with EXAMPLE.open("rb") as handle:
        read = [r for r in iter_events(handle, "jsonl") if isinstance(r, Numbered)]
    fold = Fold()
    for seq, item in enumerate(read, start=1):
        fold.push(seq, item.event)
        assert fold.state.board.units_at == by_location(fold.state.board), seq
        assert fold.state.movement.armor_at == armor_by_hex(fold.state), seq
    assert len(fold.state.board.units_at) > 50  # the set-up spreads units over many hexes


def test_the_index_follows_a_synthetic_campaign_and_survives_a_snapshot() -> None:
    fold = Fold()
    for seq, event in enumerate(events(6_000, faults=Faults.none()), start=1):
        fold.push(seq, event)
        if seq % 50 == 0:
            assert fold.state.board.units_at == by_location(fold.state.board), seq
            assert fold.state.movement.armor_at == armor_by_hex(fold.state), seq
    assert fold.state.movement.armor_at  # the campaign has armor in play
    again = decode_state(encode_state(fold.state))
    assert again.board.units_at == by_location(fold.state.board)
    assert again.movement.armor_at == armor_by_hex(fold.state)


def test_a_unit_placed_again_raised_or_moved_leaves_its_old_hex() -> None:
    fold = Fold()
    steps = [
        UnitPlaced(**BASE, unit="u", owner="germany", nationality="germany", unit_type="infantry", factors=3,
                   location="EUR:K40"),
        UnitPlaced(**BASE, unit="u", owner="germany", nationality="germany", unit_type="infantry", factors=3,
                   location="EUR:K41"),
        UnitMoved(**{**BASE, "phase": "movement"}, unit="u", path=["EUR:K42"]),
        ShipLaidDown(**BASE, ship="s", owner="germany", unit_type="dd", factors=1, yard="kiel", row=1, column="fall"),
        ShipLaunched(**BASE, ship="s", yard="kiel", location="EUR:G40"),
        ShipSunk(**BASE, ship="s"),
        ShipRaised(**BASE, ship="s", yard="kiel"),
        UnitEliminated(**BASE, unit="u", cause="combat"),
    ]  # fmt: skip
    seen = []
    for seq, event in enumerate(steps, start=1):
        fold.push(seq, event)
        seen.append({k: set(v) for k, v in fold.state.board.units_at.items()})
        assert fold.state.board.units_at == by_location(fold.state.board), seq
    assert seen[1] == {"EUR:K41": {"u"}} and seen[2] == {"EUR:K42": {"u"}}
    assert seen[5] == {"EUR:K42": {"u"}} and seen[6] == {"EUR:K42": {"u"}, "EUR:G40": {"s"}}
    assert seen[7] == {"EUR:G40": {"s"}}
    assert board.units_in(fold.state.board, "EUR:G40") == {"s"} and not board.units_in(fold.state.board, "EUR:K42")
