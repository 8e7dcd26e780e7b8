"""A timeline opened for reading: what a command reads of it once, handed down as a value.

:meth:`awaw_events.store.GameStore.open` reads, in one read transaction, the timeline's entry in the registry (and
its parents'), the number of events it holds and its rulings; the :class:`awaw_events.store.Timeline` it returns
keeps them. Every later read goes straight to the timeline's streams, up to that number of events: the log is
append-only, so what was there when the timeline was opened never changes, and a reader of the state at a point, the
audit or a command asks nothing of the registry or the rulings again (on PostgreSQL each such look-up was a round
trip).

Events appended after the timeline was opened are not part of it: open it again to see them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Protocol

import msgspec

from awaw_events import rulings as rulings_mod
from awaw_events.codec import decode
from awaw_events.events import BookmarkSet, Ruling
from awaw_events.snapshots import Entry, Snapshots
from awaw_events.stored import _RECORD_DECODER, Numbered, Record, TimelineEntry, _unreadable

Segment = tuple[str, int, int]
"""A piece of a timeline: ``(stream, after, up_to)``, the events ``after + 1 .. up_to`` of one stream."""


class Streams(Protocol):
    """The reads a timeline makes of its store (:class:`awaw_events.store.GameStore` provides them)."""

    def _stream_rows(self, stream: str, gt: int, lte: int | None) -> Iterator[tuple[int, str, bytes]]: ...

    def _last_row(self, stream: str, gt: int, lte: int) -> tuple[int, str, bytes] | None: ...

    def _off_order_rows(self, stream: str, gt: int, lte: int) -> list[tuple[int, str, bytes]]: ...

    @property
    def snapshots(self) -> Snapshots:
        """Where this reader keeps projection snapshots (:mod:`awaw_events.snapshots`)."""
        ...


class TimelineView:
    """One timeline of a game as it stood when it was opened (:class:`awaw_events.store.Timeline`, made by
    :meth:`awaw_events.store.GameStore.open`, is this read through a store).

    ``count`` is its number of events; ``rulings`` its rulings up to there, with their sequence numbers. Its events
    are read from its own stream and, before its fork, its parents' (the ``segments``), never past ``count``.
    """

    def __init__(
        self,
        store: Streams,
        entry: TimelineEntry,
        segments: Sequence[Segment],
        count: int,
        rulings: Sequence[tuple[int, Ruling]],
    ) -> None:
        self.store: Streams = store
        self.entry = entry
        self.segments: tuple[Segment, ...] = tuple(segments)
        self.count = count
        self.rulings: tuple[tuple[int, Ruling], ...] = tuple(rulings)
        self._indexes: dict[int | None, rulings_mod.RulingIndex] = {}

    def __repr__(self) -> str:
        return f"<Timeline {self.name!r}: {self.count} events, {len(self.rulings)} ruling(s)>"

    @property
    def name(self) -> str:
        return self.entry.name

    # -- rulings -------------------------------------------------------------------------------------------------

    def rulings_up_to(self, stop: int | None) -> list[tuple[int, Ruling]]:
        """The rulings recorded up to event ``stop`` (all of them for None)."""
        return [(s, r) for s, r in self.rulings if stop is None or s <= stop]

    def ruling_index(self, stop: int | None = None) -> rulings_mod.RulingIndex:
        """The rulings standing at event ``stop`` (the end for None), indexed (:func:`awaw_events.rulings.index`)."""
        found = self._indexes.get(stop)
        if found is None:
            found = self._indexes[stop] = rulings_mod.index(self.rulings, stop=stop)
        return found

    @functools.cached_property
    def bookmarks(self) -> tuple[tuple[int, BookmarkSet], ...]:
        """The bookmarks of the timeline (and of its parents before the fork), read the first time they are asked
        for."""
        found: list[tuple[int, BookmarkSet]] = []
        for stream, after, up_to in self.segments:
            for version, _topic, state in self.store._stream_rows(f"awaw:bookmarks:{stream}", after, up_to):
                try:
                    event = decode(state)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    raise _unreadable(self.name, version, exc) from None
                assert isinstance(event, BookmarkSet)
                found.append((version, event))
        return tuple(found)

    # -- events --------------------------------------------------------------------------------------------------

    def pieces(self, start: int = 1, stop: int | None = None) -> list[Segment]:
        """The segments that hold events ``start..stop`` (``stop`` at most :attr:`count`)."""
        upper = self.count if stop is None else min(stop, self.count)
        return [
            (stream, max(after, start - 1), min(up_to, upper))
            for stream, after, up_to in self.segments
            if after < upper and up_to >= start
        ]

    def rows(self, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, str, bytes]]:
        """The stored rows ``(seq, topic, bytes)`` of events ``start..stop``, undecoded."""
        for stream, after, up_to in self.pieces(start, stop):
            yield from self.store._stream_rows(stream, after, up_to)

    def records(self, start: int = 1, stop: int | None = None) -> Iterator[Record]:
        """The stored records of events ``start..stop`` (as stored: no ruling applied)."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self.rows(start, stop):
            try:
                hash_, recorded_at, rolls, event = decoder(state)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(self.name, version, exc) from None
            yield Record(version, event, hash_, recorded_at, rolls)

    def numbered(self, start: int = 1, stop: int | None = None) -> Iterator[Numbered]:
        """The events ``start..stop`` with their numbers (no hash or recording time decoded)."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self.rows(start, stop):
            try:
                yield Numbered(version, decoder(state)[3])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(self.name, version, exc) from None

    def off_order(self, start: int = 1, stop: int | None = None) -> Iterator[Record]:
        """The records of events ``start..stop`` whose own game time the log's order does not bound: annotations
        (a note, a ruling, a seed carry any time) and events with an approximate time (``until``: stored at the
        turn their range begins, they reach later ones). The store selects them by their type and stored bytes, so
        a reader of a span of game time decodes these and the span's own events, not the whole log."""
        decoder = _RECORD_DECODER.decode
        for stream, after, up_to in self.pieces(start, stop):
            for version, _topic, state in self.store._off_order_rows(stream, after, up_to):
                try:
                    hash_, recorded_at, rolls, event = decoder(state)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    raise _unreadable(self.name, version, exc) from None
                yield Record(version, event, hash_, recorded_at, rolls)

    def record_at(self, seq: int) -> Record | None:
        """The record of event ``seq`` (None outside ``1..count``)."""
        return next(self.records(seq, seq), None) if seq >= 1 else None

    def effective_records(self, start: int, stop: int) -> Iterator[Record]:
        """The records ``start..stop`` of the effective log: the rulings standing at ``stop`` applied, and every
        correction in time inserted after an event up to ``stop``, wherever its ruling stands."""

        def fetch(seq: int) -> Record:
            record = self.record_at(seq)
            assert record is not None
            return record

        return rulings_mod.effective(self.records(start, stop), self.ruling_index(stop), fetch)

    def effective_events(self, start: int, stop: int) -> Iterator[Numbered]:
        """Like :meth:`effective_records`, but only the events and their numbers (the fold's and the audit's
        path)."""
        index = self.ruling_index(stop)
        numbered = self.numbered(start, stop)
        if index.empty:
            return numbered

        def fetch(seq: int) -> Numbered:
            return next(self.numbered(seq, seq))

        return rulings_mod.effective(numbered, index, fetch)

    # -- snapshots -----------------------------------------------------------------------------------------------

    @functools.cached_property
    def root(self) -> str | None:
        """The chain hash of the first event: which game this is, in any store (None for an empty timeline)."""
        first = self.record_at(1)
        return first.hash if first is not None else None

    def snapshot_at_or_before(self, seq: int, key: str) -> tuple[int, bytes] | None:
        """The latest snapshot at or before event ``seq`` that the reader keeps for these events (the chain hash
        at its event is this timeline's there: a branch's own snapshots past its fork are not its parent's) and
        that passes its check (:mod:`awaw_events.snapshots`); ``key`` names the projection code version."""
        root = self.root
        if root is None:
            return None
        snapshots = self.store.snapshots
        upper = min(seq, self.count)
        for entry in snapshots.entries(root, key):
            if entry.seq > upper or entry.seq < 1:
                continue
            record = self.record_at(entry.seq)
            if record is None or record.hash != entry.chain:
                continue  # another timeline's (a branch after its fork, or a copy that parts from this one)
            data = snapshots.load(root, key, entry)
            if data is not None:
                return entry.seq, data
        return None

    def put_snapshot(self, seq: int, key: str, data: bytes, *, lasting: bool = False) -> None:
        """Keep a projection snapshot at event ``seq``; ``key`` names the projection code version. It is keyed by
        the chain hash at ``seq``, so it is used only for the events it was made from. ``lasting``: one of the
        snapshots every so many events, kept while the cache has room (others are the ends of timelines, of which
        the cache keeps the latest few)."""
        record = self.record_at(seq)
        root = self.root
        if record is not None and root is not None:
            self.store.snapshots.keep(root, key, Entry(seq, record.hash), data, lasting=lasting)
