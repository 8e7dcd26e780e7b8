"""Large batches on every backend: a batch of any size is one transaction of bounded statements.

On PostgreSQL, one INSERT of 50,000 rows or more never returned (psycopg's pipeline waited for the server, the
server for the rest of the statement); these imports are larger than that.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from awaw_events.codec import encode
from awaw_events.log import verify_game
from awaw_events.store import GameStore
from benchmarks.synthetic import events
from tests.conftest import POSTGRES_DSN, _postgres_store

SIZE = 60_000
BACKENDS = ["sqlite", *(["postgres"] if POSTGRES_DSN else [])]


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "large.db")
    else:
        _postgres_store().close()
        assert POSTGRES_DSN is not None
        yield POSTGRES_DSN


def test_awaw_import_of_more_than_50000_events(db: str, tmp_path: Path) -> None:
    file = tmp_path / "large.jsonl"
    file.write_bytes(b"".join(encode(e) + b"\n" for e in events(SIZE)))
    done = subprocess.run(
        [sys.executable, "-m", "replays", "--db", db, "import", "g", str(file), "--no-audit"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"imported {SIZE} event(s) into g: events 1 to {SIZE}\n"
    with GameStore(db) as store:
        assert store.count("g") == SIZE
        assert verify_game(store, "g").ok
        exported = b"".join(encode(e) + b"\n" for e in store.events("g"))
    assert exported == file.read_bytes()


def test_one_library_batch_of_more_than_50000_events(db: str) -> None:
    batch = list(events(SIZE))
    with GameStore(db) as store:
        records = store.create_game("g", batch)
        assert [r.seq for r in records[:2]] == [1, 2]
        assert records[-1].seq == SIZE
        head = store.head_record("g")
        assert head is not None
        assert head.hash == records[-1].hash
        more = store.append("g", batch[1:3], head_only=True)  # the store checks order, not meaning
        assert [r.seq for r in more] == [SIZE + 2]
