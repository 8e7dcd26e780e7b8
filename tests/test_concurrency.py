"""Concurrent processes on one store (SQLite file and PostgreSQL): creators race, writers interleave, first opens
race each other's schema creation. Real processes, not threads: each opens the store on its own, as users' do."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import psycopg
import pytest

from awaw_events.codec import encode
from awaw_events.events import DiceRolled
from awaw_events.log import record_event, verify_game
from awaw_events.store import GameStore
from tests.conftest import POSTGRES_DSN, _postgres_store, created, phase

WORKERS = 8
BACKENDS = ["sqlite", *(["postgres"] if POSTGRES_DSN else [])]


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "race.db")
    else:
        _postgres_store().close()  # an empty database, its schema created
        assert POSTGRES_DSN is not None
        yield POSTGRES_DSN


def _awaw(db: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "replays", "--db", db, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _all(processes: list[subprocess.Popen[str]]) -> list[tuple[int, str]]:
    done = []
    for p in processes:
        out, err = p.communicate(timeout=120)
        assert "Traceback" not in err, err
        done.append((p.returncode, out + err))
    return done


def test_one_of_eight_creators_wins_the_others_hear_it_exists(db: str) -> None:
    results = _all([_awaw(db, "new", "race") for _ in range(WORKERS)])
    winners = [out for code, out in results if code == 0]
    assert len(winners) == 1, results
    assert winners[0].startswith("created race")
    for code, out in results:
        assert code == 0 or out == "Error: a game named 'race' already exists\n", out
    with GameStore(db) as store:
        assert [t.name for t in store.timelines()] == ["race"]
        assert store.count("race") == 2  # game_created, map_data_used
        assert store.unreachable() == []


def test_eight_imports_of_one_file_into_a_new_game_create_it_once(db: str, tmp_path: Path) -> None:
    game = tmp_path / "game.jsonl"
    events = [created(), phase("combat"), *(_roll(n) for n in range(1, 200))]
    game.write_bytes(b"".join(encode(e) + b"\n" for e in events))
    results = _all([_awaw(db, "import", "race", str(game)) for _ in range(WORKERS)])
    outputs = sorted(out for _code, out in results)
    assert all(code == 0 for code, _ in results), results
    assert outputs == sorted(
        [f"imported {len(events)} event(s) into race: events 1 to {len(events)}\nthe audit finds nothing\n"]
        + [f"race already holds all {len(events)} event(s) of the file; nothing was written\n"] * (WORKERS - 1)
    )
    with GameStore(db) as store:
        assert [t.name for t in store.timelines()] == ["race"]
        assert store.count("race") == len(events)
        assert store.unreachable() == []


def _roll(n: int) -> DiceRolled:
    return DiceRolled(year=1939, season="fall", side="axis", phase="combat", roll=n, purpose="crt", dice=[n % 6 + 1])


def _record_many(db: str, worker: int, count: int) -> list[int]:
    """One writer: ``count`` single-event appends through ``record`` (retrying when another wrote first)."""
    numbers = []
    with GameStore(db) as store:
        for i in range(count):
            record = record_event(store, "g", "dice_rolled", ["purpose=crt", f"dice=[{(i + worker) % 6 + 1}]"])
            assert isinstance(record.event, DiceRolled)
            numbers.append(record.event.roll)
    return numbers


def test_eight_writers_lose_nothing_and_each_append_succeeds(db: str) -> None:
    per_writer = 25
    with GameStore(db) as store:
        store.create_game("g", [created(), phase("combat")])
    with ProcessPoolExecutor(WORKERS) as pool:
        rolled = list(pool.map(_record_many, [db] * WORKERS, range(WORKERS), [per_writer] * WORKERS))
    every = sorted(n for numbers in rolled for n in numbers)
    assert every == list(range(1, WORKERS * per_writer + 1))  # each writer's rolls: none lost, none twice
    with GameStore(db) as store:
        assert store.count("g") == 2 + WORKERS * per_writer
        checked = verify_game(store, "g")
        assert checked.ok, checked
        assert [r.event.roll for r in store.records("g", start=3)] == every  # type: ignore[attr-defined]


@pytest.mark.skipif(POSTGRES_DSN is None, reason="needs AWAW_TEST_POSTGRES_DSN")
def test_postgres_schema_is_created_once_and_recognised_after() -> None:
    """Eight first opens of an empty database race to create the schema: all succeed; later opens run no DDL."""
    assert POSTGRES_DSN is not None
    _postgres_store().close()
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS awaw_events CASCADE")
    with ProcessPoolExecutor(WORKERS) as pool:
        assert list(pool.map(_open_and_count, [POSTGRES_DSN] * WORKERS)) == [0] * WORKERS
    with psycopg.connect(POSTGRES_DSN, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS ddl_seen (tag text)")
        conn.execute("TRUNCATE ddl_seen")
        conn.execute(
            "CREATE OR REPLACE FUNCTION note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS "
            "$$ BEGIN INSERT INTO ddl_seen VALUES (tg_tag); END $$"
        )
        conn.execute("DROP EVENT TRIGGER IF EXISTS note_ddl")
        conn.execute("CREATE EVENT TRIGGER note_ddl ON ddl_command_start EXECUTE FUNCTION note_ddl()")
        try:
            with ProcessPoolExecutor(WORKERS) as pool:
                assert list(pool.map(_open_and_count, [POSTGRES_DSN] * WORKERS)) == [0] * WORKERS
            seen = conn.execute("SELECT tag FROM ddl_seen").fetchall()
        finally:
            conn.execute("DROP EVENT TRIGGER note_ddl")
            conn.execute("DROP TABLE ddl_seen")
    assert seen == []


def _open_and_count(db: str) -> int:
    with GameStore(db) as store:
        return len(store.timelines())


def _snapshot_key(directory: str) -> str:
    from awaw_events.keys import KeyRing

    return KeyRing(Path(directory)).snapshot_key().hex()


def test_eight_processes_making_the_snapshot_key_at_once_all_read_the_one_whole_key(tmp_path: Path) -> None:
    # The key file used to be created empty and then written: a process reading it in between was told it "does
    # not hold a key" (seen in CI as a warning on one of eight concurrent imports). It now takes its name whole.
    for attempt in range(5):
        directory = str(tmp_path / f"keys-{attempt}")
        with ProcessPoolExecutor(WORKERS) as pool:
            keys = list(pool.map(_snapshot_key, [directory] * (WORKERS * 4)))
        assert len(set(keys)) == 1, keys
        assert sorted(p.name for p in Path(directory).iterdir()) == ["snapshot.key"]


def test_a_key_being_written_has_no_name_until_it_is_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The window above is short; this makes it deterministic: at the moment the bytes are flushed to disk, a reader
    # looking for the key must find no file (it then makes or waits for one), never an empty or partial one.
    import awaw_events.keys as keys_module

    seen: list[bool] = []
    real_fsync = os.fsync

    def watching_fsync(fd: int) -> None:
        seen.append((tmp_path / "keys" / "snapshot.key").exists())
        real_fsync(fd)

    monkeypatch.setattr(keys_module.os, "fsync", watching_fsync)
    key = keys_module.KeyRing(tmp_path / "keys").snapshot_key()
    assert seen == [False]
    assert keys_module.KeyRing(tmp_path / "keys").snapshot_key() == key
