"""The state of a game at any point (:mod:`replays.points` finds the event a point names), rulings, snapshots.

The state at a point is the fold of the *effective* log (rulings applied) up to it, started from the nearest snapshot
that is still valid: snapshots (the reader's own, :mod:`awaw_events.snapshots`) are keyed by the projection code
version and the chain hash of the events they fold, and one is skipped when a later ruling voids an event before it
or inserts one before it. They are kept every :data:`SNAPSHOT_EVERY` events as a fold passes and at a timeline's
end (:func:`keep`, :func:`keep_end`: after every write), so a command folds the events since the last one.

Every function here reads a :class:`awaw_events.timeline.Timeline` (``store.open(name)``): the timeline's length and
rulings read once, whatever the point and the fold ask.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from awaw_events.events import AnyEvent, Ruling
from awaw_events.snapshots import EVERY
from awaw_events.store import Timeline
from projections import game
from projections.game import GameState

SNAPSHOT_EVERY: Final = EVERY
"""Events between kept snapshots (:data:`awaw_events.snapshots.EVERY`, the grid the cache keeps whole): the state
at any point is at most this many events of folding away from one."""


def _touches(ruling: Ruling) -> int | None:
    """The first event a ruling changes the state after: the first it voids, or the one its insertion follows
    (the state after that event includes what is inserted after it)."""
    if ruling.insert_after is not None:
        return ruling.insert_after
    return min(ruling.voids, default=None)


def _valid_snapshot(timeline: Timeline, seq: int) -> tuple[int, GameState]:
    """The latest snapshot at or before ``seq`` that no ruling up to ``seq`` (and no correction in time anywhere in
    the timeline) makes stale: a ruling or an insertion makes stale only the snapshots after the first event it
    touches. Snapshots are kept only after every correction in time recorded so far (:func:`state_at`), so one
    made stale by a correction recorded later is known by the correction's number."""
    stale_from = seq
    relevant = [(s, r) for s, r in timeline.rulings if s <= seq or r.insert_after is not None]
    while stale_from > 0:
        found = timeline.snapshot_at_or_before(stale_from, game.CODE_VERSION)
        if found is None:
            break
        at, data = found
        touched = min((t for s, r in relevant if s > at and (t := _touches(r)) is not None), default=None)
        if touched is None or touched > at:
            return at, game.decode_state(data)
        stale_from = touched - 1
    return 0, game.initial()


def state_at(
    timeline: Timeline,
    seq: int,
    *,
    every: int = SNAPSHOT_EVERY,
    save: bool = True,
    progress: Callable[[int], None] | None = None,
) -> GameState:
    """The game state after event ``seq``: the nearest valid snapshot plus a short fold.

    With ``save``, snapshots are kept on the way, every ``every`` events, and at the end of the timeline when the
    fold reaches it (when no later ruling could make them stale), so the next query near here is fast.
    ``progress`` is told the event number reached, now and then.
    """
    start, state = _valid_snapshot(timeline, seq)
    return _fold_on(timeline, start, state, seq, every=every, save=save, progress=progress)


def _fold_on(
    timeline: Timeline,
    start: int,
    state: GameState,
    seq: int,
    *,
    every: int = SNAPSHOT_EVERY,
    save: bool = True,
    progress: Callable[[int], None] | None = None,
) -> GameState:
    """The state after ``seq``, folded on from ``state`` (after event ``start``), keeping snapshots (``save``)."""
    if start == seq:
        return state
    last_ruling = _last_correction(timeline, seq)
    moved = timeline.ruling_index(seq).replacement_of
    pending: list[tuple[int, AnyEvent]] = []
    for record in timeline.effective_events(start + 1, seq):
        pending.append((record.seq, record.event))
        if record.seq in moved:
            continue  # a replacement or an inserted event, folded out of its stored place: no snapshot here
        if progress is not None and record.seq % 1_000 == 0:
            progress(record.seq)
        if save and record.seq % every == 0 and record.seq >= last_ruling and record.seq > start:
            state = game.fold_numbered(state, pending)
            pending = []
            timeline.put_snapshot(record.seq, game.CODE_VERSION, game.encode_state(state), lasting=True)
    if progress is not None:
        progress(seq)
    state = game.fold_numbered(state, pending) if pending else state
    if save and seq == timeline.count and seq % every:
        keep(timeline, seq, state)  # the end: where the next command starts
    return state


def _last_correction(timeline: Timeline, seq: int) -> int:
    """The number of the last ruling up to ``seq`` or correction in time anywhere (0 if none): a snapshot before
    it could be made stale by it, so none is kept there."""
    return max((s for s, r in timeline.rulings if s <= seq or r.insert_after is not None), default=0)


def keep(timeline: Timeline, seq: int, state: GameState) -> bool:
    """Keep ``state`` (the state after event ``seq`` of ``timeline``'s effective log) as a snapshot, unless a
    ruling or a correction in time recorded after it could make it stale or ``seq`` is a replacement's place;
    whether it was kept. One on the grid (every :data:`SNAPSHOT_EVERY` events) is lasting, any other is a
    timeline's end (the cache keeps the latest few)."""
    if seq < 1 or seq < _last_correction(timeline, seq) or seq in timeline.ruling_index(seq).replacement_of:
        return False
    timeline.put_snapshot(seq, game.CODE_VERSION, game.encode_state(state), lasting=seq % SNAPSHOT_EVERY == 0)
    return True


KEEP_AFTER_WRITE: Final = 10_000
"""After a write that was not audited, the state at the new end is kept as a snapshot when at most this many events
separate it from the nearest one (folding them costs a small part of the write); after a longer import, the first
command that reads the end keeps it."""


def keep_end(timeline: Timeline) -> None:
    """Keep the state at the end of ``timeline`` (opened after a write) as a snapshot, and the grid's on the way:
    the fold of the events since the nearest snapshot (those just written, when the last command kept the end),
    when there are at most :data:`KEEP_AFTER_WRITE` of them."""
    seq = timeline.count
    start, state = _valid_snapshot(timeline, seq)
    if start != seq and seq - start <= KEEP_AFTER_WRITE:
        _fold_on(timeline, start, state, seq)


def build_snapshots(
    timeline: Timeline, *, every: int = SNAPSHOT_EVERY, progress: Callable[[int], None] | None = None
) -> int:
    """Fold a whole timeline once, from its first event, keeping a snapshot every ``every`` events; returns how
    many are on the grid."""
    _fold_on(timeline, 0, game.initial(), timeline.count, every=every, save=True, progress=progress)
    return timeline.count // every
