"""One measure per process: ``python -m benchmarks.measures NAME --db STORE [options]`` prints one JSON line.

Each measure runs in a process of its own so that its peak memory is its own (the driver, ``benchmarks/run.py``,
reads it from the operating system when the process ends). Limits and references are measured the same way as our
figures, on the same rows and the same machine, in the same run: raw driver inserts and reads, and the eventsourcing
library's own application with its default transcoder (the peer).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from awaw_events.events import AnyEvent, DiceRolled, GameCreated
from awaw_events.snapshots import SnapshotCache
from awaw_events.store import GameStore, store_env

Result = dict[str, Any]
_RECORD = msgspec.json.Decoder(tuple[str, str, int, AnyEvent])
INSERT_ROWS = 2_000


def _is_postgres(db: str) -> bool:
    return db.startswith(("postgresql://", "postgres://"))


def _load(path: str, limit: int | None = None) -> list[AnyEvent]:
    decoder = msgspec.json.Decoder(AnyEvent)
    with open(path, "rb") as handle:
        return [decoder.decode(line) for n, line in enumerate(handle) if limit is None or n < limit]


def _own_rows(db: str, name: str) -> list[tuple[str, int, str, bytes]]:
    with GameStore(db) as store:
        stream = store.timeline(name).stream
        return [(stream, seq, topic, bytes(state)) for seq, topic, state in store.stored(name)]


# ---------------------------------------------------------------------------------------------------------------
# Writing


def library_import(args: argparse.Namespace) -> Result:
    """The store's import path with the events already in memory: one transaction, 5,000 events a statement batch."""
    events = _load(args.file)
    name = f"library-{time.time_ns()}"
    started = time.perf_counter()
    with GameStore(args.db) as store, store.transaction():
        store.create_game(name, events[:5000])
        for start in range(5000, len(events), 5000):
            store.append(name, events[start : start + 5000], head_only=True)
    return {"seconds": time.perf_counter() - started, "count": len(events)}


def raw_insert(args: argparse.Namespace) -> Result:
    """The limit: the same rows inserted with the driver's executemany into a table of the same definition, in one
    transaction of 2,000-row statements (the store's own statement size)."""
    rows = [("raw:" + stream, seq, topic, state) for stream, seq, topic, state in _own_rows(args.db, args.name)]
    if _is_postgres(args.db):
        import psycopg

        with psycopg.connect(args.db, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS raw_events")
            conn.execute("CREATE TABLE raw_events (LIKE awaw_events INCLUDING ALL)")
            started = time.perf_counter()
            with conn.transaction(), conn.cursor() as cursor:
                for start in range(0, len(rows), INSERT_ROWS):
                    cursor.executemany(
                        "INSERT INTO raw_events (originator_id, originator_version, topic, state) "
                        "VALUES (%s, %s, %s, %s)",
                        rows[start : start + INSERT_ROWS],
                    )
            seconds = time.perf_counter() - started
            conn.execute("DROP TABLE raw_events")
        return {"seconds": seconds, "count": len(rows)}
    path = args.scratch + "/raw.db"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(
        "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, "
        "PRIMARY KEY (originator_id, originator_version))"
    )
    started = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    for start in range(0, len(rows), INSERT_ROWS):
        conn.executemany("INSERT INTO stored_events VALUES (?, ?, ?, ?)", rows[start : start + INSERT_ROWS])
    conn.execute("COMMIT")
    seconds = time.perf_counter() - started
    conn.close()
    return {"seconds": seconds, "count": len(rows)}


def _roll(n: int) -> DiceRolled:
    return DiceRolled(year=1939, season="fall", side="axis", phase="combat", roll=n, purpose="crt", dice=[n % 6 + 1])


def single_appends(args: argparse.Namespace) -> Result:
    """Durable single appends: one event a transaction, each committed to disk before the next."""
    name = f"appends-{time.time_ns()}"
    with GameStore(args.db) as store:
        store.create_game(name, [GameCreated(year=1939, season="fall", phase="setup")])
        started = time.perf_counter()
        for n in range(1, args.appends + 1):
            store.append(name, [_roll(n)], expected_count=n)
        return {"seconds": time.perf_counter() - started, "count": args.appends}


def raw_single_inserts(args: argparse.Namespace) -> Result:
    """The limit for single appends: one row a transaction with the driver, committed as durably."""
    row = b'["0","t",0,{"type":"dice_rolled"}]'
    if _is_postgres(args.db):
        import psycopg

        with psycopg.connect(args.db, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS raw_single")
            conn.execute("CREATE TABLE raw_single (LIKE awaw_events INCLUDING ALL)")
            started = time.perf_counter()
            for n in range(args.appends):
                conn.execute(
                    "INSERT INTO raw_single (originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)",
                    ["raw", n, "x", row],
                )
            seconds = time.perf_counter() - started
            conn.execute("DROP TABLE raw_single")
        return {"seconds": seconds, "count": args.appends}
    path = args.scratch + "/raw-single.db"
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute(
        "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, topic TEXT, state BLOB, "
        "PRIMARY KEY (originator_id, originator_version))"
    )
    started = time.perf_counter()
    for n in range(args.appends):
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO stored_events VALUES (?, ?, ?, ?)", ("raw", n, "x", row))
        conn.execute("COMMIT")
    seconds = time.perf_counter() - started
    conn.close()
    return {"seconds": seconds, "count": args.appends}


# ---------------------------------------------------------------------------------------------------------------
# Reading


def read_decode_limit(args: argparse.Namespace) -> Result:
    """The limit for any replay: the rows read with the driver alone and each record decoded, nothing else."""
    with GameStore(args.db) as store:
        stream = store.timeline(args.name).stream
    count = 0
    started = time.perf_counter()
    decode = _RECORD.decode
    if _is_postgres(args.db):
        import psycopg

        with psycopg.connect(args.db) as conn, conn.cursor(binary=True) as cursor:
            cursor.execute(
                "SELECT state FROM awaw_events WHERE originator_id = %s ORDER BY originator_version", [stream]
            )
            while rows := cursor.fetchmany(5000):
                for (state,) in rows:
                    decode(state)
                count += len(rows)
    else:
        conn = sqlite3.connect(args.db)
        for (state,) in conn.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? ORDER BY originator_version", [stream]
        ):
            decode(state)
            count += 1
        conn.close()
    return {"seconds": time.perf_counter() - started, "count": count}


def _timed(db: str, work: Callable[[GameStore], int]) -> Result:
    with GameStore(db) as store:
        started = time.perf_counter()
        count = work(store)
        return {"seconds": time.perf_counter() - started, "count": count}


def read_decode(args: argparse.Namespace) -> Result:
    """Our read: every event of the timeline through ``GameStore.events``."""
    return _timed(args.db, lambda store: sum(1 for _ in store.events(args.name)))


def replay(args: argparse.Namespace) -> Result:
    """A full replay through the four projections (board, BRP, oil, naval)."""
    from projections.game import replay as fold

    def work(store: GameStore) -> int:
        fold(store.events(args.name))
        return store.count(args.name)

    return _timed(args.db, work)


def audit(args: argparse.Namespace) -> Result:
    """The audit with every check, over the whole timeline, as ``awaw audit`` ran it before it kept its reports
    (one process a core, from 30,000 events; ``awaw audit --jobs N`` still runs so)."""
    from replays.audit.timelines import audit_timeline, jobs_for

    def work(store: GameStore) -> int:
        return audit_timeline(store.open(args.name), reuse=False).events

    result = _timed(args.db, work)
    with GameStore(args.db) as store:
        result["jobs"] = jobs_for(store.open(args.name), 1, store.count(args.name), None)
    return result


def audit_from_snapshots(args: argparse.Namespace) -> Result:
    """The audit as ``awaw audit`` runs it, with the snapshots that ``state-at-points`` stored (in the same
    cache, as one person's ``awaw snapshot`` and ``awaw audit`` share theirs): each process starts from one."""
    from replays.audit.timelines import audit_timeline, jobs_for

    with GameStore(args.db) as store:
        store.snapshots = _snapshots(args)
        started = time.perf_counter()
        count = audit_timeline(store.open(args.name), reuse=False).events
        seconds = time.perf_counter() - started
        jobs = jobs_for(store.open(args.name), 1, store.count(args.name), None)
    return {"seconds": seconds, "count": count, "jobs": jobs}


def _snapshots(args: argparse.Namespace) -> SnapshotCache:
    """The snapshot cache of one person's keys directory in the scratch directory (as the CLI keeps it)."""
    from awaw_events.keys import KeyRing

    keys = KeyRing(args.scratch + "/keys")
    return SnapshotCache(keys.directory / "snapshots", keys.snapshot_key())


def audit_one_process(args: argparse.Namespace) -> Result:
    """The audit with every check, over the whole timeline, in this process alone."""
    from replays.audit.timelines import audit_timeline

    return _timed(args.db, lambda store: audit_timeline(store.open(args.name), jobs=1).events)


def audit_floor(args: argparse.Namespace) -> Result:
    """The audit's floor: the same engine, fold and calls, every check's body empty (``return ()``). What is left
    between this and the audit is the checks' own work; what is left between this and the replay, the engine's."""
    from dataclasses import replace

    from replays.audit import engine
    from replays.audit.catalogue import checks, store_maps

    def empty(c: engine.Check, ctx: engine.AuditContext[Any]) -> engine.Result:
        return ()

    hollow = [replace(c, function=empty) for c in checks()]

    def work(store: GameStore) -> int:
        last = store.count(args.name)
        report = engine.run(hollow, store.open(args.name).effective_events(1, last), maps=store_maps(store))
        return report.events

    result = _timed(args.db, work)
    with GameStore(args.db) as store:
        last = store.count(args.name)
        result["applied"] = engine.run(hollow, store.open(args.name).effective_events(1, last)).applied
    return result


def state_at_points(args: argparse.Namespace) -> Result:
    """The state at random points, from the nearest snapshot (built first, as ``awaw snapshot`` does)."""
    from replays.state import build_snapshots, state_at

    with GameStore(args.db) as store:
        store.snapshots = _snapshots(args)
        started = time.perf_counter()
        build_snapshots(store.open(args.name))
        built = time.perf_counter() - started
        count = store.count(args.name)
        rng = random.Random(7)
        latencies = []
        for point in sorted(rng.randint(1, count) for _ in range(args.points)):
            started = time.perf_counter()
            state_at(store.open(args.name), point, save=False)
            latencies.append((time.perf_counter() - started) * 1000)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, round(0.99 * (len(latencies) - 1)))]
    return {"median_ms": statistics.median(latencies), "p99_ms": p99, "snapshots_s": built, "points": args.points}


def branch(args: argparse.Namespace) -> Result:
    """A branch at the end of the long timeline, against one at the start of a 10-event game."""
    from awaw_events.keys import KeyRing
    from benchmarks.synthetic import events
    from replays.branching import create_branch

    suffix = str(time.time_ns())
    keys = KeyRing(args.scratch + "/keys")  # the branches' dice seeds (never in the store)
    with GameStore(args.db) as store:
        started = time.perf_counter()
        create_branch(store, args.name, None, f"end-{suffix}", keys=keys)
        at_end = time.perf_counter() - started
        tiny = f"tiny-{suffix}"
        store.create_game(tiny, list(events(10)))
        started = time.perf_counter()
        create_branch(store, tiny, "1", "start", keys=keys)
        at_start = time.perf_counter() - started
    return {"end_ms": at_end * 1000, "start_ms": at_start * 1000}


# ---------------------------------------------------------------------------------------------------------------
# The peer: the eventsourcing library's own application, default transcoder


def _peer_app(args: argparse.Namespace) -> Any:
    from eventsourcing.application import Application

    env = {k: v for k, v in store_env(args.db).items() if k not in ("ORIGINATOR_ID_TYPE",)}
    if not _is_postgres(args.db):
        env["SQLITE_DBNAME"] = args.scratch + "/peer.db"
    env["CREATE_TABLE"] = "y"
    return Application(env=env)


def _peer_events(count: int) -> Iterator[dict[str, Any]]:
    rng = random.Random(1)
    for n in range(count):
        yield {
            "year": 1939 + n // 100_000,
            "season": "fall",
            "side": "axis",
            "phase": "movement",
            "actor": "germany",
            "unit": f"ger-{n % 60}",
            "path": [f"EUR:K{rng.randint(1, 60)}", f"EUR:L{rng.randint(1, 60)}"],
        }


def peer(args: argparse.Namespace) -> Result:
    """The library's application with its default JSON transcoder: an aggregate saved 10,000 events at a time,
    then replayed by the repository (``repository.get``)."""
    from eventsourcing.domain import Aggregate, event

    class Unit(Aggregate):
        def __init__(self) -> None:
            self.moves = 0

        @event("Moved")
        def moved(self, year: int, season: str, side: str, phase: str, actor: str, unit: str, path: list[str]) -> None:
            self.moves += 1

    app = _peer_app(args)
    unit = Unit()
    started = time.perf_counter()
    for n, fields in enumerate(_peer_events(args.peer_events - 1), start=1):
        unit.moved(**fields)
        if n % 10_000 == 0:
            app.save(unit)
    app.save(unit)
    saved = time.perf_counter() - started
    started = time.perf_counter()
    again = app.repository.get(unit.id)
    replayed = time.perf_counter() - started
    assert again.moves == args.peer_events - 1
    app.close()
    return {"save_s": saved, "replay_s": replayed, "count": args.peer_events}


MEASURES: dict[str, Callable[[argparse.Namespace], Result]] = {
    f.__name__.replace("_", "-"): f
    for f in (
        library_import,
        raw_insert,
        single_appends,
        raw_single_inserts,
        read_decode_limit,
        read_decode,
        replay,
        audit,
        audit_one_process,
        audit_from_snapshots,
        audit_floor,
        state_at_points,
        branch,
        peer,
    )
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("measure", choices=sorted(MEASURES))
    parser.add_argument("--db", required=True)
    parser.add_argument("--name", default="synthetic")
    parser.add_argument("--file", help="the JSON Lines export (library-import)")
    parser.add_argument("--scratch", default=".", help="a directory for scratch databases")
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--points", type=int, default=100)
    parser.add_argument("--peer-events", type=int, default=200_000)
    args = parser.parse_args(argv)
    print(json.dumps(MEASURES[args.measure](args)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
