"""Benchmarks with their references in the same run: ``python benchmarks/run.py [--events N] [--postgres DSN]``.

Writes ``benchmarks/RESULTS.md`` (``--out``): the machine, then for SQLite (and PostgreSQL when ``--postgres`` names
a server: a scratch database is created on it and dropped after) every figure beside its reference, the ratio
and the target. Commands are timed as users meet them, as whole processes (start-up included); every measure runs
in a process of its own, so its peak memory (the operating system's maximum resident set) is its own. A measure
that misses its target is run again under cProfile and its profile goes into the file, to show where the time went.

The archive is ``benchmarks/synthetic.py``'s: one synthetic campaign shaped like a real game, its first N events
(default and most: ``MAX_EVENTS``, 250,000; one game cannot hold more, see ``benchmarks/synthetic.py``), exported as
JSON Lines and imported with ``awaw import``. The report describes it first: its size, its dice, the faults planted
in it on purpose, and its mix of events beside the example game's. Asserts nothing; ``tests/test_benchmarks.py``
only checks that a small run completes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import pstats
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from awaw_events.codec import encode, tag_of  # noqa: E402
from awaw_events.events import DiceRolled  # noqa: E402
from awaw_events.gametime import label  # noqa: E402
from benchmarks import userflows  # noqa: E402
from benchmarks.inputs import nested_aliases  # noqa: E402
from benchmarks.synthetic import MAX_EVENTS, campaign, cut, fronts_for  # noqa: E402

NAME = "synthetic"
SMALL = 100_000
"""Events of the game that ``awaw materialize`` is timed on (the issue's figure)."""
FULL = 200_000
"""Archives this large or larger are held to the import target (the issue's figure was for a million events, more
than one synthetic campaign holds)."""
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
AUDIT_SPEED = 0.8
"""The audit's events/s as a share of the full replay's that issue 10 sets as its target."""


class Run(NamedTuple):
    """One process: its wall time, peak memory (MiB) and the JSON it printed (if any)."""

    wall: float
    peak_mib: float
    data: dict[str, Any]


def child(argv: list[str], scratch: Path, *, refused: bool = False) -> Run:
    """Run a process to its end; its wall time and its own peak memory (from ``wait4``). ``refused``: the process
    is expected to refuse its input (exit 1)."""
    err_path = scratch / "stderr.txt"
    with err_path.open("wb") as err:
        started = time.perf_counter()
        process = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=err)
        assert process.stdout is not None
        out = process.stdout.read()
        _pid, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stdout.close()
    if process.returncode != (1 if refused else 0):
        raise SystemExit(f"{' '.join(argv)} failed ({process.returncode}):\n{err_path.read_text()[-3000:]}")
    text = out.decode().strip().splitlines()
    data: dict[str, Any] = {}
    if text and text[-1].startswith("{"):
        data = json.loads(text[-1])
    return Run(wall, usage.ru_maxrss / 1024, data)


def awaw_argv(*args: str) -> list[str]:
    found = shutil.which("awaw", path=str(Path(sys.executable).parent))
    return [found, *args] if found else [sys.executable, "-m", "replays", *args]


def measure(name: str, db: str, scratch: Path, *extra: str) -> Run:
    return child(
        [sys.executable, "-m", "benchmarks.measures", name, "--db", db, "--scratch", str(scratch), *extra], scratch
    )


def profile(argv: list[str], scratch: Path, top: int = 14) -> str:
    """The heaviest functions (own time) of a run under cProfile, as text."""
    out = scratch / "profile.out"
    module = argv[argv.index("-m") + 1] if "-m" in argv else None
    rest = argv[argv.index("-m") + 2 :] if module else argv[1:]
    target = ["-m", module] if module else [shutil.which(argv[0]) or argv[0]]
    child([sys.executable, "-m", "cProfile", "-o", str(out), *target, *rest], scratch)
    lines: list[str] = []

    class Sink:
        def write(self, text: str) -> None:
            lines.append(text)

    stats = pstats.Stats(str(out), stream=Sink())  # type: ignore[arg-type]
    stats.sort_stats("tottime").print_stats(top)
    body = "".join(lines)
    return body[body.index("   ncalls") :].rstrip() if "   ncalls" in body else body.rstrip()


# ---------------------------------------------------------------------------------------------------------------
# The measures of one backend


def bench_backend(db: str, export: Path, small: Path, scratch: Path, args: argparse.Namespace) -> dict[str, Run]:
    runs: dict[str, Run] = {}
    print(f"  awaw import of {args.events:,} events", flush=True)
    runs["cli-import"] = child(awaw_argv("--db", db, "import", NAME, str(export), "--no-audit"), scratch)
    print(f"  awaw import of {args.events:,} events, with the audit of the new events", flush=True)
    runs["cli-import-audited"] = child(awaw_argv("--db", db, "import", f"{NAME}-audited", str(export)), scratch)
    print("  library import and the raw-insert limit", flush=True)
    runs["library-import"] = measure("library-import", db, scratch, "--file", str(export))
    runs["raw-insert"] = measure("raw-insert", db, scratch, "--name", NAME)
    print("  single appends", flush=True)
    runs["single-appends"] = measure("single-appends", db, scratch, "--appends", str(args.appends))
    runs["raw-single-inserts"] = measure("raw-single-inserts", db, scratch, "--appends", str(args.appends))
    print("  read, replay, audit", flush=True)
    runs["read-decode-limit"] = measure("read-decode-limit", db, scratch, "--name", NAME)
    runs["read-decode"] = measure("read-decode", db, scratch, "--name", NAME)
    runs["replay"] = measure("replay", db, scratch, "--name", NAME)
    runs["audit"] = measure("audit", db, scratch, "--name", NAME)
    runs["audit-one-process"] = measure("audit-one-process", db, scratch, "--name", NAME)
    runs["audit-floor"] = measure("audit-floor", db, scratch, "--name", NAME)
    print("  state at a point, branch", flush=True)
    runs["state"] = measure("state-at-points", db, scratch, "--name", NAME, "--points", str(args.points))
    runs["branch"] = measure("branch", db, scratch, "--name", NAME)
    runs["audit-snapshots"] = measure("audit-from-snapshots", db, scratch, "--name", NAME)
    print(f"  the eventsourcing application ({args.peer_events:,} events)", flush=True)
    runs["peer"] = measure("peer", db, scratch, "--peer-events", str(args.peer_events))
    print(f"  awaw materialize of {min(SMALL, args.events):,} events", flush=True)
    child(awaw_argv("--db", db, "import", "small", str(small), "--no-audit"), scratch)
    runs["materialize"] = child(awaw_argv("--db", db, "materialize", "small", "-o", str(scratch / "m.db")), scratch)
    print("  awaw new --map-data of a kilobyte of nested YAML aliases (refused)", flush=True)
    bomb = scratch / "bomb.yaml"
    bomb.write_text(nested_aliases())
    runs["map-bomb"] = child(awaw_argv("--db", db, "new", "bomb", "--map-data", str(bomb)), scratch, refused=True)
    return runs


class Row(NamedTuple):
    measure: str
    figure: str
    peak: str
    reference: str
    ratio: str
    target: str
    met: bool | None
    key: str = ""  # the run to profile when the target is missed


def rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.0f}"


def rows_for(kind: str, runs: dict[str, Run], n: int, args: argparse.Namespace) -> list[Row]:
    """The table of one backend: every figure beside its reference and the ratio."""

    def peak(key: str) -> str:
        return f"{runs[key].peak_mib:,.0f}"

    def secs(key: str) -> float:
        return float(runs[key].data["seconds"])

    cli, lib, raw = runs["cli-import"], runs["library-import"], runs["raw-insert"]
    audited = runs["cli-import-audited"]
    cli_rate, lib_rate = n / cli.wall, lib.data["count"] / secs("library-import")
    raw_rate = raw.data["count"] / secs("raw-insert")
    single, raw_single = runs["single-appends"], runs["raw-single-inserts"]
    limit, ours = runs["read-decode-limit"], runs["read-decode"]
    replay, audit = runs["replay"], runs["audit"]
    state, branch, peer = runs["state"].data, runs["branch"].data, runs["peer"].data
    replay_x = secs("replay") / secs("read-decode")
    audit_speed = secs("replay") / secs("audit")
    jobs = int(audit.data.get("jobs", 1))
    floor = runs["audit-floor"]
    calls = max(1, floor.data["applied"])
    per_call = (secs("audit-one-process") - secs("audit-floor")) / calls
    budget = (secs("replay") / AUDIT_SPEED - secs("audit-floor")) / calls
    state_target = 20.0 if kind == "postgresql" else 50.0
    small = min(SMALL, n)
    full = n >= FULL
    return [
        Row(
            f"`awaw import --no-audit` of {n:,} events (whole process)",
            f"{cli_rate:,.0f} events/s ({cli.wall:.1f} s)",
            peak("cli-import"),
            f"library import {lib_rate:,.0f} events/s",
            f"{lib_rate / cli_rate:.2f}x the library's time",
            ">= 100,000 events/s, peak < 200 MiB" if full else f"({FULL:,} events or more)",
            (cli_rate >= 100_000 and cli.peak_mib < 200) if full else None,
            "cli-import",
        ),
        Row(
            f"`awaw import` of {n:,} events with the audit of the new events (the default)",
            f"{n / audited.wall:,.0f} events/s ({audited.wall:.1f} s)",
            peak("cli-import-audited"),
            f"`--no-audit` {cli_rate:,.0f} events/s",
            f"{audited.wall / cli.wall:.2f}x its time",
            "",
            None,
        ),
        Row(
            "library import (events in memory, one transaction)",
            f"{lib_rate:,.0f} events/s",
            peak("library-import"),
            f"raw `executemany` {raw_rate:,.0f} rows/s",
            f"{raw_rate / lib_rate:.2f}x the limit's time",
            "<= 2x",
            raw_rate / lib_rate <= 2,
            "library-import",
        ),
        Row(
            "durable single appends (one event a transaction)",
            f"{rate(single.data['count'], single.data['seconds'])} appends/s",
            peak("single-appends"),
            f"raw one-row transactions {rate(raw_single.data['count'], raw_single.data['seconds'])}/s",
            f"{single.data['seconds'] / raw_single.data['seconds']:.2f}x the limit's time",
            "",
            None,
        ),
        Row(
            "read + decode (`GameStore.events`)",
            f"{rate(ours.data['count'], secs('read-decode'))} events/s",
            peak("read-decode"),
            f"driver read + decode {rate(limit.data['count'], secs('read-decode-limit'))} events/s",
            f"{secs('read-decode') / secs('read-decode-limit'):.2f}x the limit's time",
            "",
            None,
        ),
        Row(
            "full replay through all four projections",
            f"{rate(replay.data['count'], secs('replay'))} events/s",
            peak("replay"),
            f"read + decode (`GameStore.events`) {rate(ours.data['count'], secs('read-decode'))} events/s",
            f"{replay_x:.2f}x the read's time",
            "<= 3x",
            replay_x <= 3,
            "replay",
        ),
        Row(
            "audit with every check, as `awaw audit` runs it "
            + (f"({jobs} processes: one a core, each a range of the timeline)" if jobs > 1 else "(one process)"),
            f"{rate(audit.data['count'], secs('audit'))} events/s",
            peak("audit") + (" (the largest process)" if jobs > 1 else ""),
            "full replay",
            f"{audit_speed:.2f} of the replay's speed",
            f">= {AUDIT_SPEED}",
            audit_speed >= AUDIT_SPEED,
            "audit-one-process",
        ),
        Row(
            "the same, with the snapshots `state` stored (each process starts from one)",
            f"{rate(runs['audit-snapshots'].data['count'], secs('audit-snapshots'))} events/s",
            peak("audit-snapshots") + (" (the largest process)" if jobs > 1 else ""),
            "full replay",
            f"{secs('replay') / secs('audit-snapshots'):.2f} of the replay's speed",
            f">= {AUDIT_SPEED}",
            secs("replay") / secs("audit-snapshots") >= AUDIT_SPEED,
        ),
        Row(
            "audit with every check, in one process",
            f"{rate(runs['audit-one-process'].data['count'], secs('audit-one-process'))} events/s",
            peak("audit-one-process"),
            "full replay",
            f"{secs('replay') / secs('audit-one-process'):.2f} of the replay's speed",
            f">= {AUDIT_SPEED}",
            secs("replay") / secs("audit-one-process") >= AUDIT_SPEED,
        ),
        Row(
            f"the audit's floor: every check's body empty ({floor.data['applied']:,} check calls, "
            f"{floor.data['applied'] / floor.data['count']:.1f} an event)",
            f"{rate(floor.data['count'], secs('audit-floor'))} events/s",
            peak("audit-floor"),
            "full replay",
            f"{secs('replay') / secs('audit-floor'):.2f} of the replay's speed",
            "",
            None,
        ),
        Row(
            "the checks' own work, per check call (the audit's time less its floor's)",
            f"{per_call * 1e6:.2f} us",
            "",
            f"what {AUDIT_SPEED} of the replay's speed leaves them: {budget * 1e6:.3f} us a call",
            f"{per_call / budget:.0f}x that" if budget > 0 else "no time left",
            "",
            None,
        ),
        Row(
            f"state at a random point ({args.points} points, snapshots every 2,000 events)",
            f"median {state['median_ms']:.1f} ms, p99 {state['p99_ms']:.1f} ms",
            peak("state"),
            f"snapshots built in {state['snapshots_s']:.1f} s",
            "",
            f"median < {state_target:.0f} ms",
            state["median_ms"] < state_target,
            "state",
        ),
        Row(
            "branch at the end of the long timeline / at the start of a 10-event game",
            f"{branch['end_ms']:.1f} ms / {branch['start_ms']:.1f} ms",
            peak("branch"),
            "the 10-event game",
            f"{branch['end_ms'] / branch['start_ms']:.2f}x",
            "about 1x",
            None,
        ),
        Row(
            f"peer: eventsourcing `Application.save`, default transcoder ({peer['count']:,} events)",
            f"{rate(peer['count'], peer['save_s'])} events/s",
            peak("peer"),
            f"our library import {lib_rate:,.0f} events/s",
            f"ours {lib_rate / (peer['count'] / peer['save_s']):.1f}x faster",
            "",
            None,
        ),
        Row(
            "peer: eventsourcing `repository.get` replay (same events)",
            f"{rate(peer['count'], peer['replay_s'])} events/s",
            peak("peer"),
            f"our full replay {rate(replay.data['count'], secs('replay'))} events/s",
            f"ours {(replay.data['count'] / secs('replay')) / (peer['count'] / peer['replay_s']):.1f}x faster",
            "",
            None,
        ),
        Row(
            f"`awaw materialize` of {small:,} events (whole process)",
            f"{runs['materialize'].wall:.2f} s",
            peak("materialize"),
            "",
            "",
            "< 3 s" if small == SMALL else "(100,000 events)",
            runs["materialize"].wall < 3 if small == SMALL else None,
            "materialize",
        ),
        Row(
            "`awaw new --map-data` refusing 1 KB of nested YAML aliases (whole process)",
            f"{runs['map-bomb'].wall:.2f} s",
            peak("map-bomb"),
            "",
            "",
            "< 1 s",
            runs["map-bomb"].wall < 1,
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------
# The report


def machine(pg: dict[str, str] | None) -> list[str]:
    cpu = platform.processor() or "unknown"
    mem = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                mem = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    import psycopg

    lines = [
        f"- date: {dt.datetime.now(dt.UTC):%Y-%m-%d %H:%M} UTC",
        f"- machine: {cpu}, {os.cpu_count()} cores, {mem} memory; {platform.system()} {platform.release()}",
        f"- load average when the run started: {os.getloadavg()[0]:.1f} (other work sharing the cores slows every "
        "figure, references included; the ratios hold better than the rates)",
        f"- Python {platform.python_version()}, SQLite {sqlite3.sqlite_version} (WAL, synchronous=FULL: every "
        f"commit on disk), psycopg {psycopg.__version__} ({psycopg.pq.__impl__} implementation)",
    ]
    if pg:
        lines.append(
            f"- PostgreSQL {pg['server_version']} on this machine (fsync={pg['fsync']}, "
            f"synchronous_commit={pg['synchronous_commit']})"
        )
    return lines


def table(rows: list[Row]) -> list[str]:
    out = [
        "| measure | figure | peak MiB | reference (same run) | ratio | target | met |",
        "|---|---|---:|---|---|---|---|",
    ]
    for r in rows:
        met = "" if r.met is None else ("yes" if r.met else "**no**")
        out.append(f"| {r.measure} | {r.figure} | {r.peak} | {r.reference} | {r.ratio} | {r.target} | {met} |")
    return out


def postgres_settings(dsn: str) -> dict[str, str]:
    import psycopg

    with psycopg.connect(dsn) as conn:
        return {
            name: str(conn.execute(f"SHOW {name}").fetchone()[0])  # type: ignore[index]
            for name in ("server_version", "fsync", "synchronous_commit")
        }


def scratch_database(dsn: str) -> tuple[str, str]:
    """A new database on the server for the run (dropped after): (its address, its name)."""
    import psycopg

    name = f"awaw_bench_{os.getpid()}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    base, _, _old = dsn.rpartition("/")
    return f"{base}/{name}", name


def drop_database(dsn: str, name: str) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=MAX_EVENTS)
    parser.add_argument("--postgres", metavar="DSN", help="a PostgreSQL server to measure too (fsync on, please)")
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "RESULTS.md"))
    parser.add_argument("--points", type=int, default=100)
    parser.add_argument("--appends", type=int, default=500)
    parser.add_argument("--peer-events", type=int, default=200_000)
    parser.add_argument("--no-profiles", action="store_true", help="do not profile the measures that miss a target")
    args = parser.parse_args()
    args.peer_events = min(args.peer_events, args.events)
    kept = userflows.section_of(Path(args.out))
    work = Path(tempfile.mkdtemp(prefix="awaw-bench-"))
    export, small = work / "synthetic.jsonl", work / "small.jsonl"
    print(f"load average {os.getloadavg()[0]:.1f} (others sharing the cores slow every figure)", flush=True)
    print(f"writing {args.events:,} synthetic events to {export}", flush=True)
    archive = write_archive(args.events, export, small)
    report = ["# Benchmark results", "", f"Generated by `python benchmarks/run.py --events {args.events}`.", ""]
    pg = postgres_settings(args.postgres) if args.postgres else None
    report += ["## Machine", "", *machine(pg), "", *archive]
    helps = [child(awaw_argv("--help"), work).wall for _ in range(10)]
    backends: list[tuple[str, str, str]] = [("SQLite", "sqlite", str(work / "awaw.db"))]
    cleanup: tuple[str, str] | None = None
    if args.postgres:
        db, name = scratch_database(args.postgres)
        cleanup = (args.postgres, name)
        backends.append(("PostgreSQL", "postgresql", db))
    replay_rates: dict[str, float] = {}
    state_medians: dict[str, float] = {}
    profiles: list[str] = []
    try:
        for title, kind, db in backends:
            print(f"{title}:", flush=True)
            scratch = work / kind
            scratch.mkdir()
            runs = bench_backend(db, export, small, scratch, args)
            rows = rows_for(kind, runs, args.events, args)
            replay_rates[kind] = runs["replay"].data["count"] / runs["replay"].data["seconds"]
            state_medians[kind] = runs["state"].data["median_ms"]
            report += [f"## {title}", "", *table(rows), "", *audit_note(runs), ""]
            if not args.no_profiles:
                profiles += profile_misses(title, rows, db, export, small, scratch, args)
    finally:
        if cleanup:
            drop_database(*cleanup)
    help_median = statistics.median(helps)
    report += [
        "## Both",
        "",
        "| measure | figure | reference | ratio | target | met |",
        "|---|---|---|---|---|---|",
        f"| `awaw --help` (whole process, median of 10) | {help_median * 1000:.0f} ms | | | < 150 ms | "
        f"{'yes' if help_median < 0.15 else '**no**'} |",
    ]
    if "postgresql" in replay_rates:
        ratio = replay_rates["postgresql"] / replay_rates["sqlite"]
        report.append(
            f"| full replay on PostgreSQL | {replay_rates['postgresql']:,.0f} events/s | SQLite "
            f"{replay_rates['sqlite']:,.0f} events/s | {ratio:.2f} of SQLite's speed | >= 0.5 | "
            f"{'yes' if ratio >= 0.5 else '**no**'} |"
        )
    report.append("")
    if profiles:
        report += ["## Profiles of the measures that missed a target", "", *profiles]
    Path(args.out).write_text("\n".join(report) + "\n", encoding="utf-8")
    if kept:  # the whole commands' table (benchmarks/userflows.py) is another run's: it stays as it was
        userflows.write(Path(args.out), kept)
    print(f"wrote {args.out}")
    shutil.rmtree(work, ignore_errors=True)


def audit_note(runs: dict[str, Run]) -> list[str]:
    """Why the audit's speed is where it is, in the figures of this run: the floor (the engine, the fold and one call
    per applicable check, every body empty) against the budget that the target leaves the checks' own work."""

    def secs(key: str) -> float:
        return float(runs[key].data["seconds"])

    floor, count = runs["audit-floor"].data, runs["audit"].data["count"]
    calls = max(1, floor["applied"])
    budget = (secs("replay") / AUDIT_SPEED - secs("audit-floor")) / calls
    per_call = (secs("audit-one-process") - secs("audit-floor")) / calls
    jobs = int(runs["audit"].data.get("jobs", 1))
    left = (
        f"could take {budget * 1e6:.3f} us a call on average (about what one attribute read costs in CPython)"
        if budget > 0
        else "would have no time at all: the floor alone is below the target"
    )
    return [
        f"The audit applies {calls / count:.1f} checks an event on average ({calls:,} calls). With every check's "
        f"body empty it runs at {secs('replay') / secs('audit-floor'):.2f} of the replay's speed: the engine and "
        f"the calls alone. For {AUDIT_SPEED} of the replay's speed the checks' own work {left}; it takes "
        f"{per_call * 1e6:.2f} us a call, {secs('audit-one-process') - secs('audit-floor'):.2f} s in all, in one "
        "process. Cutting the calls does not close that gap: the work is in the bodies, each recomputing from the "
        "state what its rule gives."
        + (
            f" `awaw audit` shares the work among {jobs} processes, one a core, each auditing a range of the "
            "timeline after folding the events before it: "
            f"{secs('replay') / secs('audit'):.2f} of the replay's speed on this machine, "
            f"{secs('replay') / secs('audit-snapshots'):.2f} when each process starts from a stored snapshot."
            if jobs > 1
            else ""
        ),
    ]


def write_archive(count: int, export: Path, small: Path) -> list[str]:
    """Write the archive (and its first :data:`SMALL` events apart); the report's description of it."""
    game = campaign(count)
    kinds: Counter[str] = Counter()
    seeded = rolls = 0
    last = ""
    with export.open("wb") as handle, small.open("wb") as head:
        for n, event in enumerate(cut(game, count)):
            line = encode(event) + b"\n"
            handle.write(line)
            if n < SMALL:
                head.write(line)
            kind = tag_of(event)
            kinds[kind] += 1
            if isinstance(event, DiceRolled):
                rolls += 1
                seeded += event.source == "seeded"
            last = label(event)
    planted = Counter(check for seq, check in game.planted if seq <= count)
    example = Counter(
        json.loads(line)["type"] for line in EXAMPLE.read_text().splitlines() if '"phase":"setup"' not in line
    )
    lines = [
        "## The archive",
        "",
        f"One synthetic campaign (`benchmarks/synthetic.py`): {fronts_for(count)} fronts, {count:,} events from the "
        f"set-up to {last}; {rolls:,} rolls, {seeded / max(rolls, 1):.0%} of them seeded (the rest physical). "
        f"Planted faults, which the audit should find and nothing else: "
        + (", ".join(f"{n} `{check}`" for check, n in sorted(planted.items())) or "none")
        + ".",
        "",
        "| event | share of the archive | share of the example game (after its set-up) |",
        "|---|---:|---:|",
    ]
    total, shown = sum(kinds.values()), sum(example.values())
    for kind, n in kinds.most_common(20):
        lines.append(f"| `{kind}` | {n / total:.1%} | {example.get(kind, 0) / shown:.1%} |")
    return [*lines, ""]


def profile_misses(
    title: str, rows: list[Row], db: str, export: Path, small: Path, scratch: Path, args: argparse.Namespace
) -> list[str]:
    """Each missed target's measure again under cProfile (the heaviest functions by own time)."""
    out: list[str] = []
    for row in rows:
        if row.met is not False or not row.key:
            continue
        print(f"  profiling: {row.measure}", flush=True)
        if row.key == "cli-import":
            argv = [
                sys.executable,
                "-m",
                "replays",
                "--db",
                db,
                "import",
                f"{NAME}-profiled",
                str(export),
                "--no-audit",
            ]
        elif row.key == "materialize":
            argv = [sys.executable, "-m", "replays", "--db", db, "materialize", "small", "-o", str(scratch / "p.db")]
        else:
            name = {"state": "state-at-points"}.get(row.key, row.key)
            argv = [sys.executable, "-m", "benchmarks.measures", name, "--db", db, "--scratch", str(scratch)]
            argv += ["--file", str(export), "--name", NAME, "--points", str(args.points)]
        out += [f"### {title}: {row.measure}", "", "```", profile(argv, scratch), "```", ""]
    return out


if __name__ == "__main__":
    main()
