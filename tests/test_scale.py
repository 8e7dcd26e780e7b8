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


PEAK = """
import runpy, sys
sys.argv = ["awaw", *sys.argv[1:]]
try:
    runpy.run_module("replays", run_name="__main__")
finally:  # this program's own high-water mark (VmHWM is the address space's: exec starts it afresh, unlike ru_maxrss)
    print(next(line for line in open("/proc/self/status") if line.startswith("VmHWM")), file=sys.stderr)
"""


def _peak_mib(args: list[str]) -> int:
    """Run ``awaw ARGS`` in a process of its own and return its peak resident memory."""
    done = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return int(done.stderr.split("VmHWM:")[-1].split()[0]) // 1024  # kB -> MiB


def test_an_import_six_times_longer_needs_no_more_memory(tmp_path: Path) -> None:
    """The README: the file is read as a stream and written in one transaction, so memory stays flat for a file of
    any length. The peak of an import of 60,000 events stays within 10 MiB of the peak of 10,000: holding the
    50,000 more events decoded would add about 28 MiB, their lines about 12 MiB."""
    archive = list(events(60_000))
    peaks = []
    for size in (10_000, 60_000):
        file = tmp_path / f"{size}.jsonl"
        file.write_bytes(b"".join(encode(e) + b"\n" for e in archive[:size]))
        peaks.append(_peak_mib(["--db", str(tmp_path / f"{size}.db"), "import", "g", str(file), "--no-audit"]))
    small, large = peaks
    assert large - small < 10, f"peak {small} MiB for 10,000 events, {large} MiB for 60,000"
