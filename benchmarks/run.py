"""Benchmarks: ``python benchmarks/run.py [--events N] [--db PATH]``. Prints figures and ratios; asserts nothing.

Measures, on a synthetic archive of valid events (``benchmarks/synthetic.py``):

* read + decode alone (the limit for any replay), and a full replay through all four projections, with the ratio
  (target: replay within 3x of read + decode);
* the state at 100 random points with snapshots (target: median under 50 ms);
* the audit over the whole archive against the full replay (target: at least half the replay's speed);
* creating a branch at the end of the long timeline against at the start of a 10-event one (target: about equal);
* appending (import) throughput.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from awaw_events.codec import decode
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore
from benchmarks.synthetic import build, events
from projections.game import replay
from replays.audit.catalogue import audit_timeline
from replays.branching import create_branch
from replays.state import SNAPSHOT_EVERY, build_snapshots, state_at


def timed(label: str, count: int, func: object) -> float:
    started = time.perf_counter()
    func()  # type: ignore[operator]
    seconds = time.perf_counter() - started
    print(f"{label:<44} {seconds:8.2f} s  {count / seconds:>12,.0f} events/s")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--db", help="reuse (or create) this archive; default: a temporary file")
    parser.add_argument("--points", type=int, default=100)
    args = parser.parse_args()
    path = args.db or os.path.join(tempfile.mkdtemp(), "synthetic.db")
    name = "synthetic"
    if not Path(path).exists():
        seconds = build(path, args.events, name=name)
        print(f"{'append (10,000-event batches)':<44} {seconds:8.2f} s  {args.events / seconds:>12,.0f} events/s")
    with GameStore(path) as store:
        count = store.count(name)
        print(f"archive: {count:,} events in {path}")

        def read_decode() -> None:
            for _ in store.events(name):
                pass

        def raw_rows() -> None:
            for _version, _topic, state in store._rows(name, 1, None):
                decode(state[state.index(b",{") + 1 : -1])

        limit = timed("read + decode (store.events)", count, read_decode)
        timed("read + decode (rows, event bytes only)", count, raw_rows)
        full = timed("full replay through all four projections", count, lambda: replay(store.events(name)))
        print(f"{'replay / read+decode':<44} {full / limit:8.2f} x  (target <= 3)")

        audited = timed("audit (every check)", count, lambda: audit_timeline(store, name))
        print(f"{'audit speed / replay speed':<44} {full / audited:8.2f}    (target >= 0.5)")

        started = time.perf_counter()
        snapshots = build_snapshots(store, name)
        print(
            f"{'build snapshots':<44} {time.perf_counter() - started:8.2f} s  ({snapshots} snapshots, "
            f"one every {SNAPSHOT_EVERY})"
        )
        rng = random.Random(7)
        latencies = []
        for point in sorted(rng.randint(1, count) for _ in range(args.points)):
            started = time.perf_counter()
            state_at(store, name, point, save=False)
            latencies.append((time.perf_counter() - started) * 1000)
        print(
            f"{'state at a random point (median)':<44} {statistics.median(latencies):8.2f} ms "
            f"(p90 {statistics.quantiles(latencies, n=10)[-1]:.2f} ms, max {max(latencies):.2f} ms; target < 50)"
        )

        suffix = str(time.time_ns())
        keys = KeyRing(tempfile.mkdtemp())  # the branches' dice seeds (never in the store)
        started = time.perf_counter()
        create_branch(store, name, None, f"bench-end-{suffix}", keys=keys)
        at_end = time.perf_counter() - started
        tiny = f"tiny-{suffix}"
        store.create_game(tiny, list(events(10)))
        started = time.perf_counter()
        create_branch(store, tiny, "1", "bench-start", keys=keys)
        at_start = time.perf_counter() - started
        print(f"{'branch at the end of the long timeline':<44} {at_end * 1000:8.2f} ms")
        print(
            f"{'branch at the start of a 10-event game':<44} {at_start * 1000:8.2f} ms  (ratio {at_end / at_start:.2f})"
        )


if __name__ == "__main__":
    main()
