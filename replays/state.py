"""The state of a game at any point: points (event numbers, game times, bookmarks), rulings, snapshots.

A point is an event number (``250``), a game time (``1940-spring``, ``1940-spring/axis``,
``1940-spring/axis/combat``: the end of that span, or its start with ``before=True``) or a bookmark's name. The
state at a point is the fold of the *effective* log (rulings applied) up to it, started from the nearest snapshot
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

from awaw_events.errors import PointError
from awaw_events.events import AnyEvent, Ruling
from awaw_events.gametime import GamePoint, TimeKey, label, parse_game_point, span_key, time_key
from awaw_events.snapshots import EVERY
from awaw_events.store import Record, Timeline
from projections import game
from projections.game import GameState

SNAPSHOT_EVERY: Final = EVERY
"""Events between kept snapshots (:data:`awaw_events.snapshots.EVERY`, the grid the cache keeps whole): the state
at any point is at most this many events of folding away from one."""


def _key(timeline: Timeline, seq: int, moved: dict[int, int] | None = None) -> TimeKey:
    """The game time of event ``seq`` in the log's own order: an annotation, or an event a ruling moved (a
    replacement, an event inserted by a correction in time), stands at the time of the last event before it that
    is neither (annotations and moved events carry times outside the stored order); pre-game history stands in the
    set-up, at the game's start."""
    while True:
        record = timeline.record_at(seq)
        assert record is not None
        if seq <= 1 or not (record.event.annotation or (moved is not None and seq in moved)):
            key = time_key(record.event)
            if seq > 1 and key[:2] < _start(timeline)[:2]:
                return _start(timeline)
            return key
        seq -= 1


def last_in_place(timeline: Timeline) -> Record | None:
    """The last event of a timeline that stands where it is stored in the game: not an annotation, not moved by a
    ruling (a replacement or a correction's insertion). Its game time is the time the timeline has reached."""
    moved = timeline.ruling_index().replacement_of
    seq = timeline.count
    while seq >= 1:
        record = timeline.record_at(seq)
        assert record is not None
        if seq == 1 or not (record.event.annotation or seq in moved):
            return record
        seq -= 1
    return None


def _start(timeline: Timeline) -> TimeKey:
    """The game time the game starts at (its first event, ``game_created``)."""
    first = timeline.record_at(1)
    assert first is not None
    return time_key(first.event)


def seq_for_game_time(timeline: Timeline, point: GamePoint, *, before: bool = False) -> int:
    """The number of events up to the end of a span of game time (or up to its start, ``before=True``).

    Game time never goes backwards in a log (annotations and the events rulings move aside, which stand at the
    time of the event before them), so this is a binary search: a few reads, whatever the length of the game. The
    events a correction in time inserts count from their place on (:func:`state_at` folds them there).
    """
    target = span_key(*point)
    depth = len(target)
    low, high = 0, timeline.count  # invariant: events 1..low are within; events after high are not
    moved = timeline.ruling_index().replacement_of

    def within(seq: int) -> bool:
        key = tuple(_key(timeline, seq, moved))[:depth]
        return key < target if before else key <= target

    while low < high:
        middle = (low + high + 1) // 2
        if within(middle):
            low = middle
        else:
            high = middle - 1
    return low


def check_span(timeline: Timeline, point: GamePoint) -> None:
    """Refuse a span of game time the timeline never reaches (or that ends before its first event): a point that
    does not exist is an error, never the end state or an empty answer."""
    count = timeline.count
    target = span_key(*point)
    if count == 0:
        raise PointError(f"{timeline.name!r} has no events, so no {point}")
    moved = timeline.ruling_index().replacement_of
    reached = _key(timeline, count, moved)  # the events rulings moved stand earlier: they reach nothing
    first = timeline.record_at(1)
    assert first is not None
    if tuple(reached)[: len(target)] < target:
        last = timeline.record_at(count)
        assert last is not None
        raise PointError(
            f"{timeline.name!r} has not reached {point}: its last event ({count}) is in {label(last.event)}"
        )
    if tuple(time_key(first.event))[: len(target)] > target:
        raise PointError(f"{timeline.name!r} begins after {point}: its first event is in {label(first.event)}")


def resolve_point(timeline: Timeline, text: str | None, *, before: bool = False) -> int:
    """The event number a point names (the end of the timeline when ``text`` is None)."""
    count = timeline.count
    if text is None:
        return count
    text = text.strip()
    if text.isdigit():
        seq = int(text)
        if not 0 <= seq <= count:
            raise PointError(f"{timeline.name!r} has events 1 to {count}, not {seq}")
        return seq - 1 if before and seq > 0 else seq
    for _, bookmark in reversed(timeline.bookmarks):
        if bookmark.name == text:
            return bookmark.at - 1 if before else bookmark.at
    try:
        point = parse_game_point(text)
    except PointError:
        if text[:4].isdigit() and text[4:5] == "-":
            raise  # meant as a game time: say what is wrong with it
        names = sorted({b.name for _, b in timeline.bookmarks})
        known = f"; bookmarks: {', '.join(names)}" if names else ""
        raise PointError(
            f"{text!r} is neither an event number, a game time (1940-spring, 1940-spring/axis/combat) "
            f"nor a bookmark of {timeline.name!r}{known}"
        ) from None
    check_span(timeline, point)
    return seq_for_game_time(timeline, point, before=before)


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
