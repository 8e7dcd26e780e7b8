"""Snapshots kept as the log grows: each command folds the events since the nearest snapshot, not the game.

The projection fold is counted (every event a fold applies goes through ``projections.game._step``) while the CLI
runs in this process with a keys directory of its own, so its snapshot cache is the one a player's shell keeps.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.codec import tag_of
from awaw_events.io import write_jsonl
from awaw_events.snapshots import EVERY, HEADS, Entry, SnapshotCache
from benchmarks.synthetic import events
from replays.cli import cli
from tests.conftest import Folds

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
FIRST = 700
"""Events of the example imported first (the game so far); the rest (64) are the opponent's turn."""


@pytest.fixture
def awaw(tmp_path: Path) -> list[str]:
    return ["--db", str(tmp_path / "g.db"), "--keys", str(tmp_path / "keys")]


def _halves(tmp_path: Path) -> tuple[Path, Path, int]:
    lines = EXAMPLE.read_text().splitlines(keepends=True)
    head, turn = tmp_path / "head.jsonl", tmp_path / "turn.jsonl"
    head.write_text("".join(lines[:FIRST]))
    turn.write_text("".join(lines[FIRST:]))
    return head, turn, len(lines) - FIRST


def run(awaw: list[str], *argv: str) -> str:
    result = CliRunner().invoke(cli, [*awaw, *argv], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_an_import_of_a_turn_folds_only_the_events_since_the_nearest_snapshot(
    tmp_path: Path, awaw: list[str], folds: Folds
) -> None:
    head, turn, size = _halves(tmp_path)
    run(awaw, "import", "g", str(head))
    assert folds.reset() == FIRST  # the first import folds the game once, in its audit
    run(awaw, "import", "g", str(turn))
    assert folds.reset() == size  # the opponent's turn: its own events, audited from the snapshot at its start
    run(awaw, "state", "g", "--view", "brp")
    assert folds.reset() == 0  # the end, kept by the import's audit
    run(awaw, "state", "g", "--at", str(FIRST + 10), "--view", "brp")
    assert folds.reset() == 10  # from the end the first import kept


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, int, int]:
    """The benchmark's campaign, past two points of the snapshot grid, cut as a player's cycle cuts it: the game so
    far (to the last whole game turn but one) and the opponent's turn (that game turn, both player turns), each in a
    file; and how many events each holds."""
    log = list(events(2 * EVERY + 600))
    starts = [i for i, e in enumerate(log) if tag_of(e) == "phase_started" and e.phase == "diplomacy"]
    first, end = starts[-3], starts[-1]
    where = tmp_path_factory.mktemp("long")
    head, turn = where / "head.jsonl", where / "turn.jsonl"
    with head.open("wb") as handle:
        write_jsonl(log[:first], handle)
    with turn.open("wb") as handle:
        write_jsonl(log[first:end], handle)
    assert first > 2 * EVERY and first % EVERY  # the game so far ends between two points of the grid
    return head, turn, first, end - first


@pytest.mark.parametrize("end_kept", [True, False], ids=["end-kept", "only-the-grid"])
def test_an_import_of_a_turn_onto_a_long_game_folds_no_more_than_the_events_since_the_nearest_snapshot(
    tmp_path: Path, awaw: list[str], folds: Folds, long_game: tuple[Path, Path, int, int], end_kept: bool
) -> None:
    head, turn, size, turn_size = long_game
    run(awaw, "import", "g", str(head), "--no-audit")
    assert folds.reset() == size  # the end kept, the grid on the way
    snapshots = tmp_path / "keys" / "snapshots"
    if not end_kept:  # the end is gone from the cache (a player's other games took its place): the grid is left
        for path in snapshots.rglob("*.end.snap"):
            path.unlink()
    nearest = size if end_kept else size - size % EVERY
    assert any(snapshots.rglob(f"{nearest}-*.snap"))
    shown = run(awaw, "import", "g", str(turn))
    assert f"imported {turn_size} event(s) into g: events {size + 1} to {size + turn_size}" in shown
    assert folds.reset() == size - nearest + turn_size  # once from the nearest snapshot, then the turn, checked
    run(awaw, "state", "g", "--view", "brp")
    assert folds.reset() == 0  # the end, kept by the import's audit


def test_an_import_without_its_audit_keeps_the_end_too(tmp_path: Path, awaw: list[str], folds: Folds) -> None:
    head, turn, size = _halves(tmp_path)
    run(awaw, "import", "g", str(head), "--no-audit")
    folds.reset()
    run(awaw, "import", "g", str(turn), "--no-audit")
    assert folds.reset() == size
    run(awaw, "state", "g")
    assert folds.reset() == 0


def test_a_recorded_event_folds_one_event(tmp_path: Path, awaw: list[str], folds: Folds) -> None:
    run(awaw, "import", "g", str(EXAMPLE))
    folds.reset()
    run(awaw, "note", "g", "1", "a remark")
    run(awaw, "state", "g")
    assert folds.reset() == 1


def test_without_a_usable_keys_directory_the_answers_are_the_same(tmp_path: Path, awaw: list[str]) -> None:
    run(awaw, "import", "g", str(EXAMPLE), "--no-audit")
    cached = run(awaw, "state", "g", "--view", "brp", "--json")
    (tmp_path / "blocked").write_text("")
    bare = ["--db", awaw[1], "--keys", str(tmp_path / "blocked" / "keys")]
    result = CliRunner().invoke(cli, [*bare, "state", "g", "--view", "brp", "--json"])
    assert result.exit_code == 0, result.output
    assert "snapshots are not kept" in result.output
    assert result.output.splitlines()[-len(cached.splitlines()) :] == cached.splitlines()


def test_a_ruling_makes_stale_only_the_snapshots_after_what_it_voids(
    tmp_path: Path, awaw: list[str], folds: Folds
) -> None:
    run(awaw, "import", "g", str(EXAMPLE), "--no-audit")
    end = len(EXAMPLE.read_text().splitlines())
    run(awaw, "snapshot", "g", "--every", "100")
    run(awaw, "rule", "g", "--void", "650", "--reason", "a slip", "--by", "alice")  # event end + 1
    folds.reset()
    shown = run(awaw, "state", "g", "--json")
    assert folds.reset() == 0  # the state with the ruling, kept after it was written
    for path in (tmp_path / "keys" / "snapshots").rglob(f"{end + 1}-*.snap"):
        path.unlink()
    assert run(awaw, "state", "g", "--json") == shown
    # from the snapshot at 600, the last before the voided event (those at 700 and at the old end are stale):
    # events 601 to the ruling, less the one it voids
    assert folds.reset() == end + 1 - 600 - 1
    run(awaw, "state", "g", "--at", "600")
    assert folds.reset() == 0
    fresh = ["--db", awaw[1], "--keys", str(tmp_path / "fresh")]
    assert run(fresh, "state", "g", "--json") == shown  # the same answer folded from the first event


def _cache(tmp_path: Path, budget: int) -> SnapshotCache:
    return SnapshotCache(tmp_path / "cache", b"k" * 32, budget=budget)


def test_the_cache_keeps_the_grid_and_the_latest_few_ends(tmp_path: Path) -> None:
    cache = _cache(tmp_path, 1 << 30)
    root = "a" * 64
    for i in range(1, 4):
        cache.keep(root, "v1", Entry(i * EVERY, f"{i:064x}"), b"grid", lasting=True)
    for i in range(1, HEADS + 5):
        cache.keep(root, "v1", Entry(3 * EVERY + i, f"{i + 100:064x}"), b"end")
        os.utime(next((tmp_path / "cache").rglob(f"{3 * EVERY + i}-*.snap")), (i, i))  # written in this order
    kept = cache.entries(root, "v1")
    assert [e.seq for e in kept if e.seq % EVERY == 0] == [3 * EVERY, 2 * EVERY, EVERY]
    assert [e.seq for e in kept if e.seq % EVERY] == [3 * EVERY + i for i in range(HEADS + 4, 4, -1)]
    assert all(cache.load(root, "v1", e) in (b"grid", b"end") for e in kept)


def test_the_cache_stays_within_its_budget_dropping_the_least_recently_used(tmp_path: Path) -> None:
    cache = _cache(tmp_path, 64 * 1024)
    root = "b" * 64
    data = os.urandom(20 * 1024)  # does not compress
    for i in range(1, 8):
        cache.keep(root, "v1", Entry(i * EVERY, f"{i:064x}"), data, lasting=True)
    assert cache.size() <= 64 * 1024
    assert cache.entries(root, "v1")[0].seq == 7 * EVERY  # the newest stays


def test_a_snapshot_file_that_is_a_link_is_never_read(tmp_path: Path) -> None:
    cache = _cache(tmp_path, 1 << 30)
    root, entry = "c" * 64, Entry(EVERY, "d" * 64)
    cache.keep(root, "v1", entry, b"state", lasting=True)
    (path,) = (tmp_path / "cache").rglob("*.snap")
    target = tmp_path / "elsewhere"
    target.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(target)
    assert cache.load(root, "v1", entry) is None
