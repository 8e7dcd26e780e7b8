"""Points of a game's log: an event number (``250``), a game time (``1940-spring``, ``1940-spring/axis``,
``1940-spring/axis/combat``: the end of that span, or its start with ``before=True``) or a bookmark's name, found
in a :class:`awaw_events.store.Timeline` by a few reads (game time never goes backwards in a log: a binary search).
Nothing here folds the game, so a command that only reads the log (``awaw log --turn``) imports no projection.
"""

from __future__ import annotations

from awaw_events.errors import PointError
from awaw_events.gametime import GamePoint, TimeKey, label, parse_game_point, span_key, time_key
from awaw_events.store import Record, Timeline


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
