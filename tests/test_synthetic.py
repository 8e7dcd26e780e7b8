"""The benchmark's synthetic campaign (``benchmarks/synthetic.py``): a valid log, shaped like a game, that the audit
finds clean but for the faults planted in it on purpose."""

from __future__ import annotations

import io
from collections import Counter
from typing import Any

import pytest

from awaw_events.codec import encode, tag_of
from awaw_events.events import (
    AdvanceAfterCombat,
    AnyEvent,
    AttackDeclared,
    DiceRolled,
    PhaseStarted,
    SeedRevealed,
    UnitMoved,
    UnitPlaced,
)
from awaw_events.io import iter_events
from awaw_events.log import LogContext, Numbered, validate_batch, verify_game
from awaw_events.store import GameStore
from awaw_events.stored import Record
from benchmarks.campaign import Faults
from benchmarks.campaign.world import ARMIES
from benchmarks.synthetic import MAX_EVENTS, campaign, cut, events
from projections.game import Fold
from projections.rules.combat.stacking import STACKED_GROUND_TYPES
from projections.rules.geometry import adjacent, path_breaks
from replays.audit.catalogue import audit

SIZE = 12_000


@pytest.fixture(scope="module")
def archive() -> list[AnyEvent]:
    return list(events(SIZE, faults=Faults.none()))


def _audit(log: list[AnyEvent]) -> Any:
    return audit([Record(seq, event, "", "") for seq, event in enumerate(log, start=1)])


def test_the_archive_is_a_log_awaw_import_accepts(archive: list[AnyEvent]) -> None:
    data = b"".join(encode(e) + b"\n" for e in archive)
    read = list(iter_events(io.BytesIO(data), "jsonl"))
    assert [r.event for r in read if isinstance(r, Numbered)] == archive
    _, errors = validate_batch(LogContext(), read)  # type: ignore[arg-type]
    assert errors == []
    with GameStore(":memory:") as store:
        store.create_game("g", archive)
        assert store.count("g") == SIZE


def test_the_archive_is_the_same_every_time(archive: list[AnyEvent]) -> None:
    again = list(events(SIZE, faults=Faults.none()))
    assert [encode(e) for e in again] == [encode(e) for e in archive]
    other = list(events(SIZE, seed=7, faults=Faults.none()))
    assert [encode(e) for e in other] != [encode(e) for e in archive]


def test_a_campaign_without_planted_faults_audits_clean(archive: list[AnyEvent]) -> None:
    report = _audit(archive)
    assert report.findings == ()
    reasons = " ".join(s.reason for s in report.skipped)
    assert "was not declared" not in reasons  # every round belongs to a declared attack
    assert "strengths and odds" not in reasons  # every round records them
    kinds = Counter(tag_of(e) for e in archive)
    for kind in ("attack_declared", "combat_losses_taken", "advance_after_combat", "attrition_resolved",
                 "unit_built", "unit_redeployed", "ship_laid_down", "ship_launched", "oil_expended",
                 "supply_determined", "air_mission_flown", "seed_revealed"):  # fmt: skip
        assert kinds[kind] > 0, kind


def test_the_audit_finds_exactly_the_faults_planted(archive: list[AnyEvent]) -> None:
    game = campaign(SIZE, faults=Faults(crt=0.2, cost=0.02))
    log = list(cut(game, SIZE))
    planted = sorted((seq, check) for seq, check in game.planted if seq <= SIZE)
    assert {check for _, check in planted} == {"crt_result", "unit_cost"}
    found = sorted((f.seq, f.check) for f in _audit(log).findings)
    assert found == planted
    # the game is played clean, then tampered: only the planted events (and a misread round's die) differ
    changed = {seq for seq, (a, b) in enumerate(zip(archive, log, strict=True), start=1) if a != b}
    dice = {seq - 1 for seq, check in planted if check == "crt_result"}
    assert changed == {seq for seq, _ in planted} | dice
    assert all(isinstance(log[seq - 1], DiceRolled) and log[seq - 1].source == "physical" for seq in dice)


def test_moves_step_between_adjacent_hexes_within_the_allowance_and_the_stacking_limit(
    archive: list[AnyEvent],
) -> None:
    fold = Fold()
    board = fold.state.board
    checked = 0
    for seq, event in enumerate(archive, start=1):
        if isinstance(event, UnitMoved):
            unit = board.units[event.unit]
            assert path_breaks([unit.location, *event.path]) == (), f"event {seq}: {unit.location} {event.path}"
            if unit.unit_type == "armor":  # printed MF (a rebuilt unit's is not on the board: unit_built has none)
                allowance = unit.movement or ARMIES[unit.owner].armor_mf  # type: ignore[index]
            else:  # infantry: 3 MF in Europe, 2 in the Pacific (10.11, 13.41F)
                allowance = 3 if unit.location[:3] == "EUR" else 2
            assert event.mf_used is not None and len(event.path) <= event.mf_used <= (allowance or 0), seq
            checked += 1
        elif isinstance(event, AttackDeclared):
            for a in event.attackers:
                assert a.origin == board.units[a.unit].location
                assert all(adjacent(a.origin, h) for h in event.defender_hexes), f"event {seq}: {a.unit}"
        elif isinstance(event, AdvanceAfterCombat):
            assert all(adjacent(board.units[m.unit].location, m.to) for m in event.moves)
        elif isinstance(event, PhaseStarted):
            stacks = Counter(
                u.location for u in board.units.values() if u.unit_type in STACKED_GROUND_TYPES and ":" in u.location
            )
            crowded = {h: n for h, n in stacks.items() if n > 2 and not h.startswith("box:")}
            assert crowded == {}, f"event {seq}"
        fold.push(seq, event)
    assert checked > 500


def test_rolls_are_seeded_and_physical_and_the_seeds_are_revealed(archive: list[AnyEvent]) -> None:
    sources = Counter(e.source for e in archive if tag_of(e) == "dice_rolled")  # type: ignore[attr-defined]
    assert sources["seeded"] > 0 and sources["physical"] > 0
    assert any(isinstance(e, SeedRevealed) for e in archive)
    with GameStore(":memory:") as store:
        store.create_game("g", archive)
        verified = verify_game(store, "g")
        assert verified.ok and verified.dice.verified > 0


def test_the_war_grows_with_the_archive() -> None:
    small = sum(1 for e in events(3_000) if isinstance(e, UnitPlaced))
    large = sum(1 for e in events(60_000) if isinstance(e, UnitPlaced))
    assert large > 5 * small


def test_more_events_than_a_campaign_holds_are_refused() -> None:
    with pytest.raises(ValueError, match=r"at most 250,000 events, not 250,001"):
        events(MAX_EVENTS + 1)
