"""Faults: processes killed (SIGKILL) at random points of large imports and of many small appends, and damaged
database files. Afterwards every game is whole or absent, the chain verifies, no row is left unreachable, and a
damaged store gives an error message, never a traceback.

Bounded in time (a few seconds per backend); the kill points come from a seeded generator, printed on failure
(``AWAW_FAULT_SEED`` replays a run).
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from awaw_events.codec import encode
from awaw_events.log import verify_game
from awaw_events.store import GameStore
from benchmarks.synthetic import events
from tests.conftest import POSTGRES_DSN, _postgres_store

SEED = int(os.environ.get("AWAW_FAULT_SEED", "1939"))
BACKENDS = ["sqlite", *(["postgres"] if POSTGRES_DSN else [])]
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "faults.db")
    else:
        _postgres_store().close()
        assert POSTGRES_DSN is not None
        yield POSTGRES_DSN


def _awaw(db: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "replays", "--db", db, *args], capture_output=True, text=True, timeout=120, check=False
    )


def _kill_after(command: list[str], seconds: float) -> int | None:
    """Start a process, SIGKILL it after ``seconds`` (unless it ended first); its exit code if it ended."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGKILL)
        process.wait()
        return None


def test_sigkill_during_large_imports_leaves_each_game_whole_or_absent(db: str, tmp_path: Path) -> None:
    size = 30_000
    file = tmp_path / "big.jsonl"
    file.write_bytes(b"".join(encode(e) + b"\n" for e in events(size)))
    command = [sys.executable, "-m", "replays", "--db", db, "import"]
    started = time.perf_counter()
    assert _kill_after([*command, "whole", str(file)], 120) == 0
    duration = time.perf_counter() - started
    rng = random.Random(SEED)
    outcomes = []
    for round_ in range(6):
        delay = rng.uniform(0.1, duration)
        outcomes.append((round_, round(delay, 2), _kill_after([*command, f"g{round_}", str(file)], delay)))
    with GameStore(db) as store:
        for round_, delay, code in outcomes:
            name = f"g{round_}"
            why = f"seed {SEED}, round {round_}, killed after {delay} s (exit {code})"
            if store.exists(name):
                assert store.count(name) == size, why
                assert verify_game(store, name).ok, why
            else:
                assert code is None, why
        assert store.unreachable() == [], f"seed {SEED}: {outcomes}"
        assert verify_game(store, "whole").ok


_APPENDER = """
import sys
from awaw_events.events import DiceRolled
from awaw_events.store import GameStore
with GameStore(sys.argv[1]) as store:
    while True:
        n = store.head_record("g").rolls
        batch = [
            DiceRolled(year=1939, season="fall", side="axis", phase="combat", roll=n + i, purpose="crt", dice=[3])
            for i in (1, 2, 3)
        ]
        store.append("g", batch, expected_count=store.count("g"))
"""


def _appended(db: str, past: int, bound: float) -> bool:
    """Wait until game g holds more than ``past`` events, looking every 50 ms; False if it still does not after
    ``bound`` seconds (generous: a loaded machine may take many seconds to start a process)."""
    deadline = time.monotonic() + bound
    while True:
        with GameStore(db) as store:
            if store.count("g") > past:
                return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def test_sigkill_during_many_small_appends_leaves_each_batch_whole_or_absent(db: str) -> None:
    """Five times: start an appender, wait until it has appended (however long its start takes), then SIGKILL it at
    a random point of its appends."""
    with GameStore(db) as store:
        store.create_game("g", list(events(2)))
    rng = random.Random(SEED)
    for round_ in range(5):
        with GameStore(db) as store:
            before = store.count("g")
        with subprocess.Popen([sys.executable, "-c", _APPENDER, db], stderr=subprocess.PIPE, text=True) as appender:
            try:
                running = _appended(db, before, 300)
                time.sleep(rng.uniform(0.0, 0.5))
                assert appender.poll() is None, f"the appender stopped by itself: {appender.communicate()[1]}"
            finally:
                appender.send_signal(signal.SIGKILL)
                appender.wait()
        assert running, f"round {round_}: the appender never appended: the test tests nothing"
    with GameStore(db) as store:
        count = store.count("g")
        assert (count - 2) % 3 == 0, f"seed {SEED}: a batch of three was torn ({count} events)"
        rolls = [r.event.roll for r in store.records("g", start=3)]  # type: ignore[attr-defined]
        assert rolls == list(range(1, count - 1))
        assert verify_game(store, "g").ok
        assert store.unreachable() == []


# ---------------------------------------------------------------------------------------------------------------
# Damaged stores


def _clean_error(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode in (1, 2), (result.returncode, result.stdout, result.stderr)
    assert result.stderr.startswith("Error: "), result.stderr


@pytest.fixture
def example_db(tmp_path: Path) -> str:
    db = str(tmp_path / "example.db")
    assert _awaw(db, "import", "g", str(EXAMPLES / "campaign-1939.jsonl")).returncode == 0
    return db


COMMANDS = [
    ("games",),
    ("log", "g"),
    ("verify", "g"),
    ("export", "g"),
    ("state", "g"),
    ("audit", "g"),
    ("head", "g"),
    ("record", "g", "note_added", "about=1", "text=x"),
]


def test_a_file_that_is_not_a_database_gives_an_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(random.Random(SEED).randbytes(64 * 1024))
    for command in COMMANDS:
        result = _awaw(str(junk), *command)
        _clean_error(result)
        assert "cannot open the store" in result.stderr or "not a database" in result.stderr


@pytest.mark.parametrize("keep", [0.5, 0.1])
def test_a_truncated_database_gives_errors_not_tracebacks(example_db: str, keep: float) -> None:
    size = os.path.getsize(example_db)
    assert not os.path.exists(example_db + "-wal") or os.path.getsize(example_db + "-wal") == 0
    with open(example_db, "r+b") as handle:
        handle.truncate(int(size * keep))
    failed = 0
    for command in COMMANDS:
        result = _awaw(example_db, *command)
        assert "Traceback" not in result.stderr, (command, result.stderr)
        if result.returncode != 0:
            _clean_error(result)
            failed += 1
    assert failed >= 4  # most commands read what was cut off


def test_unreadable_event_bytes_give_an_error_naming_the_event(example_db: str, tmp_path: Path) -> None:
    with sqlite3.connect(example_db) as conn:
        conn.execute(
            "UPDATE stored_events SET state = X'00FF7B' WHERE originator_id LIKE 'game:%' AND originator_version = 40"
        )
    fresh = ("--keys", str(tmp_path / "another-reader"))  # no snapshot of this game: every state is folded
    commands = [("log", "g"), ("export", "g"), ("state", "g", "--at", "50"), ("replay", "g", "--to", "50")]
    for command in [*commands, (*fresh, "state", "g")]:
        result = _awaw(example_db, *command)
        _clean_error(result)
        assert "event 40 of 'g' cannot be read from the store" in result.stderr, result.stderr
    # the importer's own snapshot of the end, made while event 40 was readable, still answers at the end (a cache of
    # the fold; README, Trust); verify names the damage
    assert _awaw(example_db, "state", "g").returncode == 0
    assert "event 40" in _awaw(example_db, "verify", "g").stdout
    audit = _awaw(example_db, "audit", "g")
    assert audit.returncode == 2  # the README's promise: 2 for an unreadable log
    assert "event 40" in audit.stderr


@pytest.mark.skipif(POSTGRES_DSN is None, reason="needs AWAW_TEST_POSTGRES_DSN")
def test_unreadable_event_bytes_on_postgres(tmp_path: Path) -> None:
    assert POSTGRES_DSN is not None
    _postgres_store().close()
    assert _awaw(POSTGRES_DSN, "import", "g", str(EXAMPLES / "campaign-1939.jsonl")).returncode == 0
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute(
            "UPDATE awaw_events SET state = '\\x00ff7b'::bytea "
            "WHERE originator_id LIKE 'game:%' AND originator_version = 40"
        )
    result = _awaw(POSTGRES_DSN, "log", "g")
    _clean_error(result)
    assert "event 40 of 'g' cannot be read from the store" in result.stderr


def test_an_unreachable_server_gives_an_error() -> None:
    result = _awaw("postgresql://nobody@127.0.0.1:1/none", "games")
    _clean_error(result)
    assert "cannot open the store" in result.stderr
