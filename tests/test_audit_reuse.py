"""Kept audit reports (replays.audit.reuse): an audit that uses the reports an earlier one kept gives exactly what an
audit from scratch gives, and keeps using them only where nothing they depend on changed.

Each case audits a game, changes it (a ruling, an insertion, a branch, an edited event, the map data), then compares
the audit that may use what was kept with one made from scratch (``reuse=False``), field by field, and counts the
events folded to show how much was used again. The game is the benchmark's campaign with faults planted (a CRT
result misread in one combat round in five, a build paid one BRP too many in one in twenty), long enough for
four ranges of the snapshot grid.
"""

from __future__ import annotations

import gc
import itertools
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from awaw_events.errors import UnreadableEventError
from awaw_events.events import AnyEvent, Ruling
from awaw_events.snapshots import EVERY, MemorySnapshots, SnapshotCache
from awaw_events.store import GameStore
from benchmarks.campaign import Faults
from benchmarks.synthetic import events
from replays.audit import catalogue, reuse
from replays.audit.engine import AuditReport
from replays.audit.timelines import GC_THRESHOLD, audit_timeline
from replays.maps import DeclaredMapData
from tests.conftest import Folds

SIZE = 3 * EVERY + 500
"""Three ranges of the grid and a part of a fourth."""


@pytest.fixture(scope="module")
def log() -> list[AnyEvent]:
    return list(events(SIZE, faults=Faults(crt=0.2, cost=0.05)))


@pytest.fixture
def store(log: list[AnyEvent]) -> Iterator[GameStore]:
    with GameStore(":memory:") as opened:
        opened.create_game("g", log)
        yield opened


def plain(store: GameStore, name: str = "g", **options: object) -> AuditReport:
    """The audit from scratch (no report kept or used), from a cache of its own so that no snapshot is shared."""
    kept, store.snapshots = store.snapshots, MemorySnapshots()
    try:
        return audit_timeline(store.open(name), reuse=False, **options)  # type: ignore[arg-type]
    finally:
        store.snapshots = kept


def cached(store: GameStore, name: str = "g", **options: object) -> AuditReport:
    return audit_timeline(store.open(name), **options)  # type: ignore[arg-type]


def faulty_seq(report: AuditReport, low: int, high: int) -> int:
    """An event of ``low..high`` that the audit finds a fault in."""
    found = [f.seq for f in report.findings if low <= f.seq <= high]
    assert found, f"no finding in {low}..{high}: the case would prove little"
    return found[0]


def test_a_kept_audit_is_the_audit_from_scratch_and_folds_nothing(store: GameStore, folds: Folds) -> None:
    scratch = plain(store)
    folds.reset()
    first = cached(store)
    assert folds.reset() == SIZE  # nothing kept yet: every event folded and checked
    again = cached(store)
    assert folds.reset() == 0  # every range kept: read and decoded, not folded
    assert first == again == scratch
    assert scratch.findings and scratch.skipped and scratch.map_needed
    assert {f.seq // EVERY for f in scratch.findings} >= {0, 1, 2}  # findings in the kept ranges, not only the last


def test_a_ruling_invalidates_the_ranges_from_the_first_event_it_touches(store: GameStore, folds: Folds) -> None:
    before = cached(store)
    voided = faulty_seq(before, EVERY + 1, 2 * EVERY)
    last = store.open("g").record_at(SIZE)
    assert last is not None
    when = last.event
    store.append("g", [Ruling(year=when.year, season=when.season, phase=when.phase, voids=[voided], reason="void")])
    folds.reset()
    after = cached(store)
    refolded = folds.reset()
    assert after == plain(store)
    assert after != before and voided not in {f.seq for f in after.findings}
    assert refolded == SIZE + 1 - EVERY - 1  # from the range of the voided event on (less the voided event), no more
    folds.reset()
    assert cached(store) == after and folds.reset() == 0  # the ranges after the ruling were kept with their state


def test_an_insertion_invalidates_the_ranges_from_its_place(
    store: GameStore, folds: Folds, log: list[AnyEvent]
) -> None:
    before = cached(store)
    anchor = faulty_seq(before, 2 * EVERY + 1, 3 * EVERY)
    when = log[-1]
    inserted = log[anchor - 1]  # the faulty event once more, right after itself
    ruling = Ruling(year=when.year, season=when.season, phase=when.phase, insert_after=anchor, replacements=1)
    store.append("g", [ruling, inserted])
    folds.reset()
    after = cached(store)
    refolded = folds.reset()
    assert after == plain(store) and after != before
    assert refolded <= SIZE + 3 - 2 * EVERY  # the first two ranges used again
    folds.reset()
    assert cached(store) == after and folds.reset() == 0


def test_a_branch_uses_its_parents_ranges_up_to_its_fork(store: GameStore, folds: Folds, log: list[AnyEvent]) -> None:
    cached(store)
    fork = 2 * EVERY + 300
    store.create_branch("g", "what-if", fork)
    store.append("what-if", log[fork + 50 :])  # the rest of the war, without 50 of its events
    folds.reset()
    branch = cached(store, "what-if")
    assert folds.reset() == store.count("what-if") - 2 * EVERY  # the first two ranges were the parent's
    assert branch == plain(store, "what-if")
    scratch = plain(store)
    folds.reset()
    assert cached(store) == scratch and folds.reset() == 0  # the parent's kept reports are still its own


def test_a_rule_selection_keeps_its_own_reports(store: GameStore, folds: Folds) -> None:
    everything = cached(store)
    folds.reset()
    combat = cached(store, rule_prefix="15")
    assert folds.reset() == SIZE  # the reports of every check are not those of a selection
    assert combat == plain(store, rule_prefix="15") != everything
    folds.reset()
    assert cached(store, rule_prefix="15") == combat and folds.reset() == 0


@pytest.mark.parametrize("start", [1_500, EVERY + 1, 3 * EVERY + 100])
def test_an_audit_from_a_point_is_the_audit_from_scratch(store: GameStore, folds: Folds, start: int) -> None:
    cached(store)
    scratch = plain(store, start=start)
    assert cached(store, start=start) == scratch
    folds.reset()
    assert cached(store, start=start) == scratch
    assert folds.reset() == 0
    assert cached(store, start=start, stop=SIZE - 7) == plain(store, start=start, stop=SIZE - 7)


def test_an_audit_of_a_longer_game_checks_only_the_range_that_grew(log: list[AnyEvent], folds: Folds) -> None:
    with GameStore(":memory:") as store:
        store.create_game("g", log[: SIZE - 400])
        cached(store)
        store.append("g", log[SIZE - 400 :])
        folds.reset()
        grown = cached(store)
        assert folds.reset() == SIZE - 3 * EVERY  # from the snapshot at the start of the last range
        assert grown == plain(store)


def _edit(db: Path, stream: str, seq: int, change: dict[str, object]) -> None:
    """Edit event ``seq`` as it is stored, leaving its chain hash as it was (what a forger of one event does)."""
    with sqlite3.connect(db) as raw:
        (state,) = raw.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?", (stream, seq)
        ).fetchone()
        record = json.loads(state)
        record[3] = {**record[3], **change}
        raw.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            (json.dumps(record).encode(), stream, seq),
        )


def _file_store(path: Path, keys: Path, log: list[AnyEvent]) -> None:
    with GameStore(str(path)) as store:
        store.create_game("g", log)


def _open(path: Path, keys: Path) -> GameStore:
    store = GameStore(str(path))
    store.snapshots = SnapshotCache(keys, b"k" * 32)
    return store


def test_an_event_edited_in_the_store_is_audited_again_with_every_range_after_it(
    tmp_path: Path, log: list[AnyEvent], folds: Folds
) -> None:
    db, keys = tmp_path / "g.db", tmp_path / "keys"
    _file_store(db, keys, log)
    with _open(db, keys) as store:
        before = cached(store)
        edited = faulty_seq(before, 1, EVERY)
        stream = store.timeline("g").stream
    change: dict[str, object] = {"year": 1950}  # out of game time: the audit of it differs, whatever the event
    _edit(db, stream, edited, change)
    with _open(db, keys) as store:
        folds.reset()
        after = cached(store)
        assert folds.reset() == SIZE  # the range of the edited event, and every range after it: the state differs
        assert after == plain(store) != before


def test_a_kept_range_whose_bytes_are_damaged_is_still_the_audits_error(tmp_path: Path, log: list[AnyEvent]) -> None:
    db, keys = tmp_path / "g.db", tmp_path / "keys"
    _file_store(db, keys, log)
    with _open(db, keys) as store:
        cached(store)
        stream = store.timeline("g").stream
    with sqlite3.connect(db) as raw:
        raw.execute(
            "UPDATE stored_events SET state = X'00FF7B' WHERE originator_id = ? AND originator_version = 40", (stream,)
        )
    with _open(db, keys) as store, pytest.raises(UnreadableEventError, match="event 40 of 'g'"):
        cached(store)


def test_another_readers_cache_is_not_used(tmp_path: Path, log: list[AnyEvent], folds: Folds) -> None:
    db, keys = tmp_path / "g.db", tmp_path / "keys"
    _file_store(db, keys, log)
    with _open(db, keys) as store:
        first = cached(store)
    with GameStore(str(db)) as store:
        store.snapshots = SnapshotCache(keys, b"another key, another reader....")  # the same files, another key
        folds.reset()
        assert cached(store) == first
        assert folds.reset() == SIZE


def test_map_data_that_no_longer_resolves_is_audited_again(
    store: GameStore, folds: Folds, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = cached(store)
    assert before.map_used  # the campaign declares the shipped map data

    def gone(_store: GameStore, declared: object) -> DeclaredMapData:
        return DeclaredMapData(None, declared, "declared map data not available (removed for the test)")  # type: ignore[arg-type]

    monkeypatch.setattr(catalogue, "resolve_map_data", gone)
    folds.reset()
    after = cached(store)
    assert folds.reset() > SIZE - EVERY  # every range after the declaration
    assert after == plain(store) != before
    assert not after.map_used


def test_other_code_uses_none_of_the_reports_kept(
    store: GameStore, folds: Folds, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = cached(store)
    monkeypatch.setattr(reuse, "code_hash", lambda: "0" * 64)  # what a change to any source file does
    folds.reset()
    assert cached(store) == first
    assert folds.reset() == SIZE


@pytest.mark.parametrize(("first", "last"), [(1, 1), (1, EVERY), (7, 3 * EVERY + 1), (EVERY + 1, 5 * EVERY)])
def test_the_ranges_end_on_the_snapshot_grid(first: int, last: int) -> None:
    found = reuse.ranges(first, last)
    assert found[0][0] == first and found[-1][1] == last
    assert all(high % EVERY == 0 for _, high in found[:-1])
    assert all(a[1] + 1 == b[0] for a, b in itertools.pairwise(found))


def test_the_collector_rests_while_the_audit_runs_and_is_restored_after(store: GameStore) -> None:
    before = gc.get_threshold()
    seen: list[tuple[tuple[int, int, int], int]] = []
    cached(store, progress=lambda _: seen.append((gc.get_threshold(), gc.get_freeze_count())))
    assert seen and all(threshold[0] == GC_THRESHOLD and frozen > 0 for threshold, frozen in seen)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
