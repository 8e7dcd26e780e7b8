"""The audit of a stored timeline: in one process, or, for a long one, cut into ranges audited side by side.

The audit is CPU work, and each check is a pure function of an event and the state before it. A range of events
audited from the state before it (from the nearest stored snapshot, as ``awaw state`` reads it, or else folded from
the first event, unchecked: the same state) finds what one audit of the whole finds in that range, so the reports of
consecutive ranges, joined in order (:func:`replays.audit.engine.joined`), are the report of one process, field by
field (a test holds them equal on the benchmark's campaign with its planted faults and on the shipped examples).

Processes are used when the timeline has at least :data:`PARALLEL_FROM` events to check, the machine more than one
core, the store lives in a file or on a server (not ``:memory:``), and no ruling changes the log up to the end of the
audit (the log with rulings applied is read whole, by one process). Each process opens the store itself; it takes
as much memory as one audit, so ``jobs`` processes take ``jobs`` times as much. With snapshots near the start of
every range (kept as folds pass, or by ``awaw snapshot``), the ranges are equal; without, a range that starts later
is shorter, since its process folds every event before it.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from awaw_events.snapshots import Snapshots
from awaw_events.store import GameStore, Timeline
from projections.game import CODE_VERSION, Fold
from replays.audit.catalogue import audit, store_maps
from replays.audit.engine import AuditReport, joined
from replays.audit.reuse import audit_reusing
from replays.state import SNAPSHOT_EVERY, keep, state_at

PARALLEL_FROM: Final = 30_000
"""Events to check from which the audit goes to several processes when the caller leaves the choice to it: below
it, starting a process (about half a second: it imports the checks) costs more than it saves."""

MAX_JOBS: Final = 8
"""Processes the audit starts at most when left to choose (one per core, up to this)."""

CHECKS_OVER_FOLD: Final = 2.3
"""The checks' time per event over the replay's (read, decode and fold), measured on the benchmark's campaign
(``benchmarks/RESULTS.md``). It places the cuts: a range that starts later is folded to, unchecked, from the first
event, so it is given fewer events to check and every process has about the same work."""

MIN_RANGE: Final = 1_000
"""The fewest events a range is given (more processes than that would leave ranges of a handful of events)."""


def audit_timeline(
    timeline: Timeline,
    *,
    start: int = 1,
    stop: int | None = None,
    rule_prefix: str | None = None,
    progress: Callable[[int], None] | None = None,
    jobs: int | None = None,
    reuse: bool = True,
) -> AuditReport:
    """Audit events ``start..stop`` of a timeline (the effective log; the events before ``start`` are folded).

    ``jobs``: how many processes to audit in; None lets the audit choose; 1 keeps it in this process. ``reuse``: the
    reports of ranges an earlier audit kept in the reader's cache are used again where nothing they depend on changed,
    and the others are kept (:mod:`replays.audit.reuse`): in this process, unless ``jobs`` asks for more (the ranges
    of an audit in several processes are neither kept nor used again). Without ``reuse``, None chooses one process a
    core, up to :data:`MAX_JOBS`, for at least :data:`PARALLEL_FROM` events. ``progress`` is called with the number
    of events checked so far."""
    last = timeline.count if stop is None else stop
    processes = jobs_for(timeline, start, last, jobs if jobs is not None or not reuse else 1)
    with collector_at_rest():
        if processes == 1 and reuse and 1 <= start <= last:
            return audit_reusing(timeline, start, last, rule_prefix, progress)
        if processes == 1:  # from the state before ``start`` as ``awaw state`` reads it, unless a ruling is read whole
            ruled = bool(timeline.rulings_up_to(last))
            return _audit_range(timeline, start, last, rule_prefix, progress, from_snapshot=not ruled)
        even = cuts(start, last, processes, snapshots=True)
        snapshots = all(_snapshot_near(timeline, first - 1) for first, _ in even[1:])
        ranges = even if snapshots else cuts(start, last, processes)
        store = timeline.store
        return _in_processes(store.url, store.snapshots, timeline.name, ranges, rule_prefix, progress)


GC_THRESHOLD: Final = 50_000
"""Allocations between two collections of the youngest generation while an audit runs (Python's default: 700)."""


@contextlib.contextmanager
def collector_at_rest() -> Iterator[None]:
    """Python's cyclic garbage collector kept from re-examining, again and again, what the audit cannot free while it
    runs: the objects already alive when it starts (the checks, the rules tables, the map data: frozen, out of every
    collection) and the state the fold grows (collections of the youngest generation every :data:`GC_THRESHOLD`
    allocations instead of 700, so far fewer of the older ones). The audit makes few cycles; what it leaves is
    collected as usual after it. Measured on the 60,000-event campaign, in one process: the audit 5.51 -> 4.71 s CPU
    (the last session's figure; reading the kept ranges of a cached audit 0.50 -> 0.33 s).

    Restored on the way out: the thresholds as they were, and the objects frozen here unfrozen (unless the caller
    had frozen some, whose choice it is)."""
    thresholds = gc.get_threshold()
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if not frozen_before:
            gc.unfreeze()


def _snapshot_near(timeline: Timeline, seq: int) -> bool:
    """Whether the state after ``seq`` is at most two snapshot intervals of folding away."""
    found = timeline.snapshot_at_or_before(seq, CODE_VERSION)
    return found is not None and seq - found[0] <= 2 * SNAPSHOT_EVERY


def cores() -> int:
    """The cores this process may run on (all of the machine's where the system does not say)."""
    if hasattr(os, "sched_getaffinity"):  # Linux; elsewhere the machine's count
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def jobs_for(timeline: Timeline, start: int, last: int, jobs: int | None) -> int:
    """How many processes the audit of ``start..last`` takes when asked for ``jobs`` (None: its own choice)."""
    events = last - start + 1
    if jobs is None:
        jobs = min(cores(), MAX_JOBS) if events >= PARALLEL_FROM else 1
    if jobs <= 1 or timeline.store.url == ":memory:" or timeline.rulings_up_to(last):
        return 1
    return max(1, min(jobs, events // MIN_RANGE))


def cuts(start: int, last: int, jobs: int, *, snapshots: bool = False) -> list[tuple[int, int]]:
    """``start..last`` cut into ``jobs`` consecutive ranges of about the same work: a range ``first..end`` costs
    ``end`` events folded and ``end - first + 1`` events checked (:data:`CHECKS_OVER_FOLD` times a fold each); with
    ``snapshots`` (a stored state near the start of every range), only its own events, so the ranges are equal."""
    if jobs <= 1 or last - start + 1 < 2:
        return [(start, last)]
    if snapshots:
        size, extra = divmod(last - start + 1, jobs)
        bounds = list(itertools.accumulate((size + (i < extra) for i in range(jobs)), initial=start - 1))
        return [(bounds[i] + 1, bounds[i + 1]) for i in range(jobs) if bounds[i + 1] > bounds[i]]
    r = CHECKS_OVER_FOLD

    def ends(budget: float) -> list[int]:
        found, first = [], start
        for _ in range(jobs):
            size = int((budget - (first - 1)) / (1 + r))  # budget = (first - 1) + size * (1 + r)
            end = min(last, first - 1 + max(1, size))
            found.append(end)
            first = end + 1
            if end == last:
                break
        return found

    low, high = 0.0, float(last + r * (last - start + 1))
    for _ in range(60):  # the least budget whose ranges reach the last event
        middle = (low + high) / 2
        low, high = (middle, high) if ends(middle)[-1] < last else (low, middle)
    found = ends(high)
    return [(first, end) for first, end in zip([start, *(e + 1 for e in found[:-1])], found, strict=True)]


def _audit_range(
    timeline: Timeline,
    start: int,
    last: int,
    rule_prefix: str | None,
    progress: Callable[[int], None] | None,
    *,
    from_snapshot: bool = False,
    at_end: bool = True,
) -> AuditReport:
    """The audit of ``start..last``: the events before ``start`` folded from the first, or (``from_snapshot``) the
    state before it read as ``awaw state`` reads it (the nearest valid snapshot and a short fold: the same state).
    An audit that reaches the timeline's end keeps the state there as a snapshot (the next command's start).
    ``at_end``: ``last`` is where the audit stops (its end checks are asked there), not a range's end inside it."""
    if from_snapshot and start > 1:
        state = state_at(timeline, start - 1)
        records = timeline.effective_events(start, last)
    else:
        state, records = None, timeline.effective_events(1, last)
    maps = store_maps(timeline.store)
    fold = Fold(state)
    report = audit(
        records, rule_prefix=rule_prefix, start=start, progress=progress, maps=maps, fold=fold, at_end=at_end
    )
    if last == timeline.count:
        keep(timeline, last, fold.state)
    return report


_DONE: Any = None
"""In a worker process: the shared counts of events checked, one slot per range (set by :func:`_start_worker`)."""


def _start_worker(done: Any, parent: int) -> None:
    global _DONE
    _DONE = done
    threading.Thread(target=_outlive_not, args=(parent,), daemon=True, name="parent-watch").start()


PARENT_WATCH: Final = 0.5
"""Seconds between a worker's looks at whether the process that started it is still alive."""


def _outlive_not(parent: int) -> None:
    """End this worker when the audit that started it is gone (killed, say): its task and result queues hold no
    write end the parent could close, so a worker would otherwise wait on them for ever."""
    while True:
        time.sleep(PARENT_WATCH)
        if os.getppid() != parent:
            os._exit(1)


def _worker(
    url: str,
    snapshots: Snapshots,
    timeline: str,
    index: int,
    start: int,
    last: int,
    rule_prefix: str | None,
    final: bool,
) -> AuditReport:
    def advance(count: int) -> None:
        _DONE[index] = count

    with GameStore(url) as store, collector_at_rest():
        store.snapshots = snapshots  # the snapshots this audit's caller keeps (their own cache)
        opened = store.open(timeline)
        return _audit_range(opened, start, last, rule_prefix, advance, from_snapshot=True, at_end=final)


def _in_processes(
    url: str,
    snapshots: Snapshots,
    timeline: str,
    ranges: Sequence[tuple[int, int]],
    rule_prefix: str | None,
    progress: Callable[[int], None] | None,
) -> AuditReport:
    import multiprocessing  # here, not at the top: an audit in one process (every turn's) never loads them
    from concurrent.futures import FIRST_EXCEPTION, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing of this one's store is inherited
    done = context.Array("q", len(ranges), lock=False)
    with ProcessPoolExecutor(
        len(ranges), mp_context=context, initializer=_start_worker, initargs=(done, os.getpid())
    ) as pool:
        futures = [
            pool.submit(_worker, url, snapshots, timeline, index, first, end, rule_prefix, index == len(ranges) - 1)
            for index, (first, end) in enumerate(ranges)
        ]
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, timeout=0.25, return_when=FIRST_EXCEPTION)
            for future in finished:
                done[futures.index(future)] = future.result().events  # a worker's error is this audit's, at once
            if progress is not None:
                progress(sum(done))
        return joined([f.result() for f in futures])
