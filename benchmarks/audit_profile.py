"""Where the audit's time goes: ``python -m benchmarks.audit_profile [--events N] [--db STORE] [--top 10]``.

Builds the synthetic archive in a store (or uses ``--db`` if it already holds the game ``synthetic``), then times,
each in the same process and on the same rows: the read and decode of the timeline, the replay (read + fold) and the
audit with every check. A second audit wraps every check in a timer, which gives the time of each check and the
split of the audit between the read, the fold, the checks and the engine around them (the wrappers' own cost is
measured and taken off). A third audit runs under cProfile; its heaviest functions by own time are printed too.
Prints the machine's load average first: other work on the cores slows every figure.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from awaw_events.store import GameStore  # noqa: E402
from benchmarks.synthetic import MAX_EVENTS, build  # noqa: E402
from projections.game import Fold  # noqa: E402
from replays.audit import engine  # noqa: E402
from replays.audit.catalogue import checks  # noqa: E402
from replays.maps import resolve_map_data  # noqa: E402

NAME = "synthetic"


def timed(work: Callable[[], Any]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def run_audit(store: GameStore, selected: Iterable[engine.Check]) -> engine.AuditReport:
    """The audit as ``audit_timeline`` runs it, with the checks given."""
    last = store.count(NAME)

    def maps(declared: Any) -> Any:
        found = resolve_map_data(store, declared)
        return found.data, found.reason

    return engine.run(selected, store.open(NAME).effective_events(1, last), maps=maps)


def with_timers(selected: list[engine.Check], spent: dict[str, float], calls: dict[str, int]) -> list[engine.Check]:
    """The checks, each wrapped to add its time (and its calls) to ``spent`` (and ``calls``)."""
    clock = time.perf_counter

    def wrap(check: engine.Check) -> engine.Check:
        inner = check.function
        key = check.id

        def timed_check(c: engine.Check, ctx: engine.AuditContext[Any]) -> engine.Result:
            started = clock()
            out = inner(c, ctx)
            found = tuple(out) if out else ()  # a generator does its work when iterated
            spent[key] = spent.get(key, 0.0) + clock() - started
            calls[key] = calls.get(key, 0) + 1
            return found

        return replace(check, function=timed_check)

    return [wrap(c) for c in selected]


def wrapper_cost(samples: int = 200_000) -> float:
    """Seconds one timer wrapper adds to a call, measured on an empty check."""
    spent: dict[str, float] = {}
    calls: dict[str, int] = {}
    empty = engine.Check("empty", "-", "-", (), lambda c, ctx: (), "-")
    wrapped = with_timers([empty], spent, calls)[0]
    started = time.perf_counter()
    for _ in range(samples):
        wrapped.function(wrapped, None)  # type: ignore[arg-type]
    with_wrapper = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(samples):
        empty.function(empty, None)  # type: ignore[arg-type]
    return max(0.0, (with_wrapper - (time.perf_counter() - started)) / samples)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=200_000, help=f"archive size (at most {MAX_EVENTS:,})")
    parser.add_argument("--db", help="a store holding the game 'synthetic' (default: build one in a scratch file)")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} (others sharing the cores slow every figure)")
    db = args.db or str(Path(tempfile.mkdtemp(prefix="awaw-profile-")) / "synthetic.db")
    with GameStore(db) as store:
        present = store.exists(NAME)
    if not present:
        print(f"building {args.events:,} synthetic events in {db}", flush=True)
        build(db, args.events)
    with GameStore(db) as store:
        report(store, args.top)


def report(store: GameStore, top: int) -> None:
    count = store.count(NAME)
    selected = checks()
    read = timed(lambda: sum(1 for _ in store.open(NAME).effective_events(1, count)))

    def fold() -> None:
        f = Fold()
        for r in store.open(NAME).effective_events(1, count):
            f.push(r.seq, r.event)

    replay = timed(fold)
    audit = timed(lambda: run_audit(store, selected))
    spent: dict[str, float] = {}
    calls: dict[str, int] = {}
    wrapped = timed(lambda: run_audit(store, with_timers(selected, spent, calls)))
    overhead = wrapper_cost() * sum(calls.values())
    in_checks = sum(spent.values()) - overhead
    print(f"{count:,} events: read + decode {read:.2f} s, replay {replay:.2f} s, audit {audit:.2f} s")
    print(f"audit / replay: {replay / audit:.2f} of the replay's speed ({audit / replay:.2f}x its time)")
    engine_part = audit - replay - in_checks
    print(
        f"the audit's time: read + decode {read / audit:.0%}, fold {(replay - read) / audit:.0%}, "
        f"checks {in_checks / audit:.0%}, engine {engine_part / audit:.0%} "
        f"(timed audit {wrapped:.2f} s, {sum(calls.values()):,} check calls, wrappers {overhead:.2f} s taken off)"
    )
    per_call = overhead / max(1, sum(calls.values()))
    ranked = sorted(spent, key=lambda k: spent[k] - per_call * calls[k], reverse=True)
    print(f"\nthe {top} costliest checks (time in the check, its share of the audit, calls, per call):")
    for key in ranked[:top]:
        own = spent[key] - per_call * calls[key]
        print(f"  {key:34s} {own:7.2f} s {own / audit:6.1%} {calls[key]:>10,} {own / calls[key] * 1e6:8.1f} us")
    profiler = cProfile.Profile()
    profiler.enable()
    run_audit(store, selected)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
    text = out.getvalue()
    print("\nunder cProfile, the heaviest functions by own time:")
    print(text[text.index("   ncalls") :].rstrip() if "   ncalls" in text else text)


if __name__ == "__main__":
    main()
