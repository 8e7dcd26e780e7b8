"""The audit of a long timeline in several processes, each a range of it, gives the report of one process: the same
findings in the same order, the same checks not made with the same first event and count, the same counts."""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.errors import UnreadableEventError
from awaw_events.store import GameStore
from benchmarks.campaign import Faults
from benchmarks.synthetic import events
from replays.audit import timelines
from replays.audit.timelines import audit_timeline, cuts
from replays.cli import cli
from replays.state import build_snapshots
from tests.conftest import POSTGRES_DSN, Folds, _postgres_store

ROOT = Path(__file__).resolve().parents[2]
EVENTS = 12_000


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The benchmark's campaign (its first 12,000 events) in a store file, with faults planted in every range: a
    combat die typed in wrong in one physical round in five, a build recorded one BRP too cheap in one in 33."""
    db = str(tmp_path_factory.mktemp("parallel") / "campaign.db")
    with GameStore(db) as store:
        store.create_game("synthetic", list(events(EVENTS, faults=Faults(crt=0.2, cost=0.03))))
    return db


@given(
    start=st.integers(1, 5_000),
    size=st.integers(1, 50_000),
    jobs=st.integers(1, 9),
)
def test_the_ranges_are_consecutive_and_cover_the_span_once(start: int, size: int, jobs: int) -> None:
    last = start + size - 1
    ranges = cuts(start, last, jobs)
    assert 1 <= len(ranges) <= jobs
    assert ranges[0][0] == start and ranges[-1][1] == last
    for (first, end), (after, _) in itertools.pairwise(ranges):
        assert first <= end and after == end + 1
    if len(ranges) > 1:  # a range that starts later folds more before it: it is given fewer events to check
        sizes = [end - first + 1 for first, end in ranges]
        assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize(("jobs", "start", "rule"), [(2, 1, None), (3, 1, None), (2, 2_500, None), (3, 1, "27")])
def test_the_audit_in_processes_is_the_audit_in_one(campaign: str, jobs: int, start: int, rule: str | None) -> None:
    with GameStore(campaign) as store:
        one = audit_timeline(store.open("synthetic"), start=start, rule_prefix=rule, jobs=1)
        seen: list[int] = []
        several = audit_timeline(
            store.open("synthetic"), start=start, rule_prefix=rule, jobs=jobs, progress=seen.append
        )
    ranges = cuts(start, EVENTS, jobs)
    hit = {i for f in one.findings for i, (first, end) in enumerate(ranges) if first <= f.seq <= end}
    assert len(hit) >= 2, "findings in more than one range, or the join would prove little"
    assert one.skipped
    assert several == one
    assert seen and seen[-1] == EVENTS - start + 1  # progress reaches every event checked


def _import(db: str, game: str, name: str) -> None:
    result = CliRunner().invoke(cli, ["--db", db, "import", game, str(ROOT / "examples" / name), "--no-audit"])
    assert result.exit_code == 0, result.output


def test_the_join_keeps_the_order_of_an_example_with_many_checks_not_made(tmp_path: Path) -> None:
    # the shipped campaign is short: its ranges are cut by hand, down to a few hundred events each
    db = str(tmp_path / "example.db")
    _import(db, "g", "campaign-1939.jsonl")
    with GameStore(db) as store:
        last = store.count("g")
        one = audit_timeline(store.open("g"), jobs=1)
    several = timelines._in_processes(db, store.snapshots, "g", cuts(1, last, 3), None, None)
    assert len(one.skipped) > 5
    assert several == one


def test_a_timeline_with_a_ruling_is_audited_in_one_process(tmp_path: Path) -> None:
    db = str(tmp_path / "ruled.db")
    _import(db, "g", "disputed-turn.jsonl")
    _import(db, "g", "lodz-ruling.jsonl")
    with GameStore(db) as store:
        last = store.count("g")
        assert store.rulings("g", stop=last)
        assert timelines.jobs_for(store.open("g"), 1, last, 4) == 1  # its effective log is read whole


def test_an_unreadable_event_in_a_later_range_is_the_audits_error(campaign: str, tmp_path: Path) -> None:
    db = tmp_path / "damaged.db"
    db.write_bytes(Path(campaign).read_bytes())
    with GameStore(str(db)) as store:
        stream = store.timeline("synthetic").stream
    with sqlite3.connect(db) as raw:
        raw.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            (b"not json", stream, EVENTS - 10),
        )
    with GameStore(str(db)) as store, pytest.raises(UnreadableEventError, match=f"event {EVENTS - 10}"):
        audit_timeline(store.open("synthetic"), jobs=2)


def test_awaw_audit_jobs_prints_what_one_process_prints(campaign: str) -> None:
    runner = CliRunner()
    outputs = []
    for jobs in ("1", "2"):
        result = runner.invoke(cli, ["--db", campaign, "audit", "synthetic", "--jobs", jobs, "--json"])
        assert result.exit_code == 1, result.output  # the planted faults
        outputs.append(json.loads(result.output))
    assert outputs[0] == outputs[1]
    assert outputs[0]["findings"]


@pytest.mark.skipif(not POSTGRES_DSN, reason="needs AWAW_TEST_POSTGRES_DSN")
def test_the_audit_in_processes_on_postgresql_is_the_audit_in_one() -> None:
    with _postgres_store() as store:
        store.create_game("synthetic", list(events(4_000, faults=Faults(crt=0.05, cost=0.01))))
        one = audit_timeline(store.open("synthetic"), jobs=1)
        several = audit_timeline(store.open("synthetic"), jobs=2)
    assert one.findings
    assert several == one


@pytest.mark.parametrize("jobs", [2, 3])
def test_ranges_started_from_stored_snapshots_give_the_audit_in_one(campaign: str, tmp_path: Path, jobs: int) -> None:
    db = tmp_path / "snapshots.db"
    db.write_bytes(Path(campaign).read_bytes())
    with GameStore(str(db)) as store:
        build_snapshots(store.open("synthetic"))
        even = cuts(1, EVENTS, jobs, snapshots=True)
        assert all(timelines._snapshot_near(store.open("synthetic"), first - 1) for first, _ in even[1:])
        one = audit_timeline(store.open("synthetic"), jobs=1)
        several = audit_timeline(store.open("synthetic"), jobs=jobs)
    assert several == one


def test_a_snapshot_made_under_another_key_is_not_used_and_changes_nothing(campaign: str, tmp_path: Path) -> None:
    db = tmp_path / "foreign.db"
    db.write_bytes(Path(campaign).read_bytes())
    with GameStore(str(db)) as store:
        build_snapshots(store.open("synthetic"))
    with GameStore(str(db)) as store:  # another key: those snapshots are not this reader's
        assert not timelines._snapshot_near(store.open("synthetic"), EVENTS // 2)
        assert audit_timeline(store.open("synthetic"), jobs=2) == audit_timeline(store.open("synthetic"), jobs=1)


def test_left_to_choose_the_audit_takes_one_process_a_core_from_30000_events(campaign: str) -> None:
    cores = min(timelines.cores(), timelines.MAX_JOBS)
    with GameStore(campaign) as store:
        assert timelines.jobs_for(store.open("synthetic"), 1, 29_999, None) == 1
        assert timelines.jobs_for(store.open("synthetic"), 1, 30_000, None) == cores
        assert timelines.jobs_for(store.open("synthetic"), 20_001, 50_000, None) == cores  # the events checked count
        assert timelines.jobs_for(store.open("synthetic"), 1, 30_000, 1) == 1  # --jobs 1
    with GameStore(":memory:") as memory:
        memory.create_game("m", list(events(100)))
        assert timelines.jobs_for(memory.open("m"), 1, 50_000, 4) == 1  # no other process can open it


def test_a_range_starts_from_the_snapshot_before_it_instead_of_folding_from_the_first_event(
    campaign: str, tmp_path: Path, folds: Folds
) -> None:
    db = tmp_path / "snapshots.db"
    db.write_bytes(Path(campaign).read_bytes())
    with GameStore(str(db)) as store:
        build_snapshots(store.open("synthetic"))  # one every 2,000 events
        folds.reset()
        from_snapshot = timelines._audit_range(store.open("synthetic"), 10_001, 12_000, None, None, from_snapshot=True)
        assert folds.reset() == 2_000  # the snapshot at event 10,000, then the range itself
        from_start = timelines._audit_range(store.open("synthetic"), 10_001, 12_000, None, None)
        assert folds.reset() == 12_000
    assert from_snapshot == from_start


def _workers_of(parent: int) -> list[int]:
    """The processes (Linux /proc) whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _has_open(pid: int, file: str) -> bool:
    """Whether process ``pid`` holds ``file`` open (Linux /proc)."""
    try:
        return any(os.path.realpath(fd) == file for fd in (Path("/proc") / str(pid) / "fd").iterdir())
    except OSError:
        return False


def _until(condition: Callable[[], bool], bound: float) -> bool:
    """Wait until ``condition`` holds, looking every 50 ms; False if it still does not after ``bound`` seconds (a
    bound generous enough for a loaded machine: it only turns a wait for ever into a failure)."""
    deadline = time.monotonic() + bound
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)")
def test_a_killed_audit_leaves_no_worker_behind(campaign: str) -> None:
    """SIGKILL the process of an audit in two processes while its workers audit: they end on their own instead of
    waiting for ever on queues whose other ends no one will close. The kill waits until both workers have the store
    open (they run their range, past their start-up), however long a loaded machine takes to get there."""
    import signal
    import subprocess
    import sys

    store = os.path.realpath(campaign)
    audit = subprocess.Popen(
        [sys.executable, "-m", "replays", "--db", campaign, "audit", "synthetic", "--jobs", "2", "--json"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []

    def auditing() -> bool:
        nonlocal workers
        workers = [pid for pid in _workers_of(audit.pid) if _has_open(pid, store)]
        return len(workers) >= 2 or audit.poll() is not None

    try:
        assert _until(auditing, 300), "the audit started no workers: the test tests nothing"
        assert audit.poll() is None and len(workers) >= 2, "the audit ended before its kill: the test tests nothing"
        audit.send_signal(signal.SIGKILL)
        audit.wait()
        assert _until(lambda: not any(_alive(w) for w in workers), 120), "workers outlived the audit that started them"
    finally:
        if audit.poll() is None:
            audit.kill()
