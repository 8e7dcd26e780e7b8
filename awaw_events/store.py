"""The event store: one stream per timeline of a game, on the ``eventsourcing`` library.

SQLite (``eventsourcing.sqlite``, WAL mode) is the embedded default; PostgreSQL (``eventsourcing.postgres``) is the
server option. Both keep the library's table ``stored_events(originator_id, originator_version, topic, state)``,
where the originator is a timeline's stream and the version is the event's sequence number in its timeline.

Each stored record is a small JSON array ``[hash, recorded_at, rolls, event]``: the event in its canonical encoding,
the wall-clock time it was recorded (metadata, never hashed), the number of dice rolled so far (so the next roll
number at any point is one read) and ``hash = sha256(previous hash || event bytes)``, so that
any change to a stored event, a deletion or a reordering breaks the chain that
:func:`awaw_events.integrity.verify_chain` walks.
Because the hash covers only the canonical event bytes, two copies of a game with the same events have the same
chain in any store: ``awaw head`` of one can be checked against the other.

Timelines live in a registry stream of their own. A branch names its parent and the sequence number it forks at;
its stream holds only its own events, numbered on from the fork, so creating a branch copies nothing and reading it
is the parent's prefix followed by its own events.

Every write is a transaction that holds the store's write lock (:meth:`GameStore.transaction`,
:mod:`awaw_events.backend`): a game's registration and its first events, a whole import, or a command's decision
and its event land together or not at all, and nobody writes in between.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import uuid
from binascii import hexlify
from collections.abc import Collection, Iterable, Iterator, Sequence
from typing import Any

import msgspec

from awaw_events import backend
from awaw_events.codec import decode, encode, tag_of
from awaw_events.errors import (
    AwawError,
    ConflictError,
    GameExistsError,
    GameNotFoundError,
    InputError,
    StoreError,
)
from awaw_events.events import AnyEvent, BookmarkSet, DiceRolled, Event, Ruling
from awaw_events.snapshots import MemorySnapshots, Snapshots
from awaw_events.stored import (
    _HEX64,
    _LAST_VERSION,
    _NAME,
    _OWNER,
    _RAW_DECODER,
    _RECORD_DECODER,
    _REGISTRY_DECODER,
    _SELECT_AFTER,
    _SELECT_BETWEEN,
    _SELECT_LAST,
    _SELECT_OFF_ORDER,
    _SELECT_OFF_ORDER_INDEXED,
    _TAGS,
    ANNOTATION_TAGS,
    APPROXIMATE_PATTERN,
    GENESIS_HASH,
    OFF_ORDER_INDEX,
    PAGE,
    REGISTRY_STREAM,
    Numbered,
    Problem,
    Record,
    RegistryRecord,
    TimelineCreated,
    TimelineDeleted,
    TimelineEntry,
    TimelineRenamed,
    Unreachable,
    VerifyReport,
    _now,
    _Row,
    _unreadable,
    chain_hash,
    store_env,
)
from awaw_events.timeline import TimelineView

__all__ = [  # the shapes the store keeps, defined in awaw_events.stored
    "GENESIS_HASH",
    "PAGE",
    "REGISTRY_STREAM",
    "GameStore",
    "Numbered",
    "Problem",
    "Record",
    "RegistryRecord",
    "Timeline",
    "TimelineCreated",
    "TimelineDeleted",
    "TimelineEntry",
    "TimelineRenamed",
    "Unreachable",
    "VerifyReport",
    "chain_hash",
    "open_store",
    "store_env",
]


class Timeline(TimelineView):
    """A timeline opened for reading by :meth:`GameStore.open` (:mod:`awaw_events.timeline`): its length and
    rulings read once, its events read up to that length from the store it was opened in."""

    store: GameStore


class GameStore:
    """Games and their timelines, stored as event streams on the eventsourcing library.

    The store validates nothing about the game itself (that is :mod:`awaw_events.log`'s job); it guarantees that a
    batch is appended whole or not at all, at the position the writer expected, with an unbroken hash chain.
    Writes hold the store's write lock (:meth:`transaction`), so a game's creation with its first events, or an
    import of any size, is one transaction: whole or absent, whatever happens to the process.
    """

    def __init__(self, url: str = "awaw.db") -> None:
        self.url = url
        env = store_env(url)
        # Keys are read as AWAW_<KEY> first, then <KEY>; pass them under our application's name so that the
        # user's environment cannot redirect the store behind the caller's back.
        self._app = backend.EventStoreApp(env={f"AWAW_{k}": v for k, v in env.items()})
        self._recorder = self._app.recorder
        try:
            self._db = backend.backend_for(self._recorder, (OFF_ORDER_INDEX,))
        except BaseException:
            self._app.close()
            raise
        self._tx: backend.Transaction | None = None
        self._reading: backend.Transaction | None = None
        self._timelines: dict[str, TimelineEntry] | None = None
        self._registry_version = 0
        self._registry_fresh = False
        """The registry was read inside the open transaction: nobody else can change it until it ends."""
        self._registry_held = 0
        """Inside :meth:`timelines_held` (nested depth): outside a transaction, the registry read first is used."""
        self.snapshots: Snapshots = MemorySnapshots()
        """Where this reader keeps projection snapshots: in this process alone unless the caller gives a cache of
        its own (the CLI gives the keys directory's, :class:`awaw_events.snapshots.SnapshotCache`). The store
        holds none (:mod:`awaw_events.snapshots` says why)."""

    def close(self) -> None:
        self._app.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def kind(self) -> str:
        """The database behind the store: ``sqlite`` or ``postgresql``."""
        return self._db.kind

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Make every write inside one transaction that holds the store's write lock: all of it lands, or none.

        Reads inside see the transaction's own writes, and what they find stays true until it commits (other
        writers wait, up to :data:`awaw_events.backend.LOCK_TIMEOUT_S` seconds). A nested call joins the open one.
        """
        if self._tx is not None:
            yield
            return
        try:
            with self._db.write() as tx:
                self._tx = tx
                try:
                    yield
                finally:
                    self._tx, self._registry_fresh = None, False
        except BaseException:
            self._timelines, self._registry_version = None, 0  # the cache may hold what was rolled back
            raise

    @contextlib.contextmanager
    def reading(self) -> Iterator[None]:
        """Make every read inside one read transaction: all of them see the store as the first one found it (inside
        a write transaction, or a read transaction already open, the block joins it)."""
        if self._tx is not None or self._reading is not None:
            yield
            return
        with self._db.reading() as tx:
            self._reading = tx
            try:
                yield
            finally:
                self._reading = None

    def _read(self, sql: str, params: Sequence[object]) -> list[tuple[Any, ...]]:
        tx = self._tx or self._reading
        return tx.read(sql, params) if tx is not None else self._db.read(sql, params)

    def _insert(self, rows: Sequence[backend.Row], conflict: str) -> None:
        """Insert rows inside the open transaction; a taken key is a :class:`ConflictError` saying ``conflict``."""
        assert self._tx is not None, "writes happen inside GameStore.transaction()"
        try:
            self._tx.insert(rows)
        except backend.Conflict:
            raise ConflictError(conflict) from None

    # -- registry ------------------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def timelines_held(self) -> Iterator[None]:
        """Read the list of timelines once for the whole block, not once a call: a read of the state at a point
        looks a timeline up half a dozen times, a round trip each on PostgreSQL. Inside the block a read
        sees the list as it stood when the block began (as one query would), except that a write transaction reads
        it afresh and this store's own changes are seen at once; other writers' changes are seen after the block."""
        if self._registry_held == 0:
            self._load_registry()
        self._registry_held += 1
        try:
            yield
        finally:
            self._registry_held -= 1

    def _load_registry(self) -> dict[str, TimelineEntry]:
        if self._timelines is not None and (self._registry_fresh or (self._registry_held and self._tx is None)):
            return self._timelines
        rows = self._read(_SELECT_AFTER, [REGISTRY_STREAM, self._registry_version, _LAST_VERSION])
        self._registry_fresh = self._tx is not None
        if not rows and self._timelines is not None:
            return self._timelines
        timelines = dict(self._timelines or {})
        for version, _topic, state in rows:
            rec = _REGISTRY_DECODER.decode(state)
            if isinstance(rec, TimelineCreated):
                timelines[rec.name] = TimelineEntry(
                    rec.name, rec.game, rec.stream, rec.parent, rec.fork_at, rec.created_at
                )
            elif isinstance(rec, TimelineRenamed):
                old = timelines.pop(rec.old)
                timelines[rec.new] = old._replace(name=rec.new)
                for name, tl in list(timelines.items()):
                    if tl.parent == rec.old:
                        timelines[name] = tl._replace(parent=rec.new)
            else:
                timelines.pop(rec.name, None)
            self._registry_version = version
        self._timelines = timelines
        return timelines

    def _append_registry(self, *records: RegistryRecord) -> None:
        with self.transaction():
            self._load_registry()
            base = self._registry_version
            rows = [
                (REGISTRY_STREAM, base + i, str(rec.__struct_config__.tag), msgspec.json.encode(rec))
                for i, rec in enumerate(records, start=1)
            ]
            self._insert(rows, "another writer changed the list of timelines first; try again")
            self._registry_fresh = False
            self._load_registry()

    def timelines(self) -> list[TimelineEntry]:
        """Every timeline of every game, main lines first, in creation order."""
        return list(self._load_registry().values())

    def timeline(self, name: str) -> TimelineEntry:
        """The timeline of that name (a game's name is its main line)."""
        timelines = self._load_registry()
        if name not in timelines:
            known = ", ".join(sorted(timelines)) or "none yet"
            raise GameNotFoundError(f"no game or timeline named {name!r} (known: {known})")
        return timelines[name]

    def exists(self, name: str) -> bool:
        return name in self._load_registry()

    def open(self, name: str) -> Timeline:
        """The timeline of that name opened for reading: its registry entry, its number of events and its rulings
        read once, in one read transaction, and kept by the :class:`Timeline` returned, which reads its events up
        to that number with no further look-up."""
        with self.reading(), self.timelines_held():
            entry = self.timeline(name)
            head = self._last_row(entry.stream, 0, _LAST_VERSION)
            count = int(head[0]) if head is not None else entry.fork_at if entry.parent is not None else 0
            segments = [
                (s, after, count if up_to is None else up_to) for s, after, up_to in self._segments(entry, count)
            ]
            found: list[tuple[int, Ruling]] = []
            for stream, after, up_to in segments:
                for version, _topic, state in self._stream_rows(f"awaw:rulings:{stream}", after, up_to):
                    try:
                        event = decode(state)
                    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                        raise _unreadable(name, version, exc) from None
                    assert isinstance(event, Ruling)
                    found.append((version, event))
        return Timeline(self, entry, segments, count, found)

    # -- writing -------------------------------------------------------------------------------------------------

    def create_game(self, name: str, events: Sequence[Event]) -> list[Record]:
        """Start a game: register its main line and append its first events (``game_created`` first), in one
        transaction: of several processes creating the same game at once, one succeeds and the others get a
        :class:`GameExistsError`; a process killed half-way leaves nothing behind."""
        if not _NAME.match(name):
            raise InputError(
                f"invalid game name {name!r}: use letters, digits, '.', '_' or '-', starting with a letter or digit"
            )
        with self.transaction():
            if self.exists(name):
                raise GameExistsError(f"a game named {name!r} already exists")
            stream = "game:" + uuid.uuid4().hex
            records = self._append(stream, 0, GENESIS_HASH, events)
            self._append_registry(TimelineCreated(name=name, game=name, stream=stream, created_at=_now()))
        return records

    def create_branch(self, parent: str, name: str, fork_at: int) -> TimelineEntry:
        """A new timeline sharing ``parent``'s first ``fork_at`` events, copying none of them (cost O(1))."""
        if not _NAME.match(name.replace("/", "-", 1)) or name.count("/") > 1:
            raise InputError(f"invalid branch name {name!r}")
        with self.transaction():
            source = self.timeline(parent)
            if self.exists(name):
                raise GameExistsError(f"a timeline named {name!r} already exists")
            count = self.count(parent)
            if not 1 <= fork_at <= count:
                raise InputError(f"cannot fork {parent!r} at event {fork_at}: it has events 1 to {count}")
            stream = "branch:" + uuid.uuid4().hex
            self._append_registry(
                TimelineCreated(
                    name=name, game=source.game, stream=stream, parent=parent, fork_at=fork_at, created_at=_now()
                )
            )
            return self.timeline(name)

    def add_timeline(self, like: TimelineEntry) -> TimelineEntry:
        """Register a timeline as another store has it (name, game, parent, fork point, creation time), with no
        events yet: the first step of a copy (:func:`awaw_events.copying.copy_games`)."""
        with self.transaction():
            if self.exists(like.name):
                raise GameExistsError(f"a timeline named {like.name!r} already exists in {self.url!r}")
            if like.parent is not None:
                count = self.count(like.parent)
                if not 1 <= like.fork_at <= count:
                    raise InputError(f"cannot fork {like.parent!r} at event {like.fork_at}: it has events 1 to {count}")
            stream = ("branch:" if like.parent is not None else "game:") + uuid.uuid4().hex
            self._append_registry(
                TimelineCreated(
                    name=like.name,
                    game=like.game,
                    stream=stream,
                    parent=like.parent,
                    fork_at=like.fork_at,
                    created_at=like.created_at or _now(),
                )
            )
            return self.timeline(like.name)

    def rename(self, old: str, new: str) -> None:
        self._append_registry(TimelineRenamed(old=old, new=new))

    def delete_timeline(self, name: str) -> None:
        self._append_registry(TimelineDeleted(name=name))

    def append(
        self, name: str, events: Sequence[Event], *, expected_count: int | None = None, head_only: bool = False
    ) -> list[Record]:
        """Append a batch atomically at the end of a timeline; returns the records written.

        ``expected_count`` is the number of events the writer saw; if someone appended since, nothing is written
        and :class:`ConflictError` is raised. Without it, the batch goes after whatever is there now (still
        atomically: writers take turns, never interleave). ``head_only`` returns the last record alone (an import
        has no use for a record per event).
        """
        with self.transaction():
            timeline = self.timeline(name)
            head = self.head_record(name)
            count = head.seq if head else 0
            if expected_count is not None and expected_count != count:
                raise ConflictError(
                    f"{name!r} has {count} events, not the {expected_count} this batch was written against; "
                    "someone appended first, so nothing was written"
                )
            previous = head.hash if head else GENESIS_HASH
            return self._append(
                timeline.stream, count, previous, events, head.rolls if head else 0, head_only=head_only
            )

    def _append(
        self,
        stream: str,
        count: int,
        previous: str,
        events: Sequence[Event],
        rolls: int = 0,
        *,
        head_only: bool = False,
    ) -> list[Record]:
        """Write events after event ``count`` of a stream whose last hash is ``previous``; the records written (or,
        with ``head_only``, the last alone)."""
        if not events:
            return []
        now = _now()
        middle = b'","%s",' % now.encode()  # the stored record: ["hash","recorded at",rolls,event]
        rows: list[backend.Row] = []
        records: list[Record] = []
        indexes: list[backend.Row] = []
        digest = bytes.fromhex(previous)
        sha256 = hashlib.sha256
        tags = _TAGS
        seq = count
        event: Event | None = None
        for event in events:
            seq += 1
            data = encode(event)
            digest = sha256(digest + data).digest()
            kind = type(event)
            tag = tags.get(kind) or tags.setdefault(kind, tag_of(event))
            if kind is DiceRolled:
                rolls = max(rolls, event.roll)  # type: ignore[attr-defined]
            elif kind is Ruling or kind is BookmarkSet:
                # Indexes of rulings and bookmarks beside the stream, written in the same transaction, so that
                # reading a timeline's rulings or bookmarks never scans its events.
                index = "rulings" if kind is Ruling else "bookmarks"
                indexes.append((f"awaw:{index}:{stream}", seq, tag, data))
            rows.append((stream, seq, tag, b'["%s%s%d,%s]' % (hexlify(digest), middle, rolls, data)))
            if not head_only:
                records.append(Record(seq, event, digest.hex(), now, rolls))  # type: ignore[arg-type]
        if head_only:
            records.append(Record(seq, event, digest.hex(), now, rolls))  # type: ignore[arg-type]
        with self.transaction():
            self._insert(
                rows + indexes,
                f"someone appended to this timeline at event {count + 1} first; nothing of this batch was written",
            )
        return records

    def append_stored(self, name: str, rows: Iterable[tuple[int, str, bytes]]) -> Record | None:
        """Append records exactly as another store holds them (``(seq, topic, stored bytes)``: their recording time
        and roll count kept), checking that each one's number follows and that its hash chains onto the
        timeline's head: a damaged copy is refused whole. Returns the new head record."""
        with self.transaction():
            timeline = self.timeline(name)
            head = self.head_record(name)
            count = head.seq if head else 0
            previous = head.hash if head else GENESIS_HASH
            made = head.rolls if head else 0
            last: Record | None = head
            batch: list[backend.Row] = []
            for seq, topic, state in rows:
                try:
                    stored_hash, recorded_at, rolls, raw = _RAW_DECODER.decode(state)
                    event = decode(bytes(raw))
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    raise StoreError(f"event {seq} of {name!r} cannot be read: {exc}") from None
                if seq != count + 1 or chain_hash(previous, bytes(raw)) != stored_hash:
                    raise StoreError(
                        f"event {seq} of {name!r} does not chain onto event {count} (hash or number differs): "
                        "the source is damaged; nothing was copied"
                    )
                made = max(made, event.roll) if isinstance(event, DiceRolled) else made
                if topic != tag_of(event) or rolls != made:  # the parts of a row the hash does not cover
                    what = "type column" if topic != tag_of(event) else "roll count"
                    raise StoreError(
                        f"event {seq} of {name!r} has an edited {what} (not covered by the hash): the source is "
                        "damaged (`awaw verify` names it); nothing was copied"
                    )
                batch.append((timeline.stream, seq, topic, state))
                if isinstance(event, Ruling | BookmarkSet):
                    index = "rulings" if isinstance(event, Ruling) else "bookmarks"
                    batch.append((f"awaw:{index}:{timeline.stream}", seq, topic, bytes(raw)))
                count, previous = seq, stored_hash
                last = Record(seq, event, stored_hash, recorded_at, rolls)
                if len(batch) >= PAGE:
                    self._insert(batch, f"someone appended to {name!r} first; nothing was copied")
                    batch = []
            self._insert(batch, f"someone appended to {name!r} first; nothing was copied")
            return last

    # -- reading -------------------------------------------------------------------------------------------------

    def _segments(self, timeline: TimelineEntry, stop: int | None) -> list[tuple[str, int, int | None]]:
        """The (stream, after, up_to) pieces that make up a timeline, oldest first."""
        pieces: list[tuple[str, int, int | None]] = []
        current: TimelineEntry | None = timeline
        upper = stop
        while current is not None:
            lower = current.fork_at
            if upper is None or upper > lower:
                pieces.append((current.stream, lower, upper))
            if current.parent is None:
                break
            upper = lower if upper is None else min(upper, lower)
            current = self.timeline(current.parent)
        pieces.reverse()
        return pieces

    def _rows(self, name: str, start: int, stop: int | None) -> Iterator[_Row]:
        for version, topic, state in self._raw_rows(name, start, stop):
            yield _Row(version, topic, state)

    def _raw_rows(self, name: str, start: int, stop: int | None) -> Iterator[tuple[int, str, bytes]]:
        for stream, after, up_to in self._segments(self.timeline(name), stop):
            yield from self._stream_rows(stream, max(after, start - 1), up_to)

    def _stream_rows(self, stream: str, gt: int, lte: int | None) -> Iterator[tuple[int, str, bytes]]:
        """Rows ``(version, topic, state)`` of one stream after ``gt`` up to ``lte``, a page at a time (a lean
        query of three columns, plain tuples: the library's ``select_events`` builds an object per row)."""
        upper = _LAST_VERSION if lte is None else lte
        while True:
            rows = self._read(_SELECT_BETWEEN, [stream, gt, upper, PAGE])
            yield from rows
            if len(rows) < PAGE:
                return
            gt = rows[-1][0]

    def records(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[Record]:
        """The stored records of a timeline, from event ``start`` to ``stop`` inclusive."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self._raw_rows(name, start, stop):
            try:
                hash_, recorded_at, rolls, event = decoder(state)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(name, version, exc) from None
            yield Record(version, event, hash_, recorded_at, rolls)

    def numbered(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[Numbered]:
        """The events of a timeline with their sequence numbers (no hash or recording time decoded)."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self._raw_rows(name, start, stop):
            try:
                yield Numbered(version, decoder(state)[3])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(name, version, exc) from None

    def events(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[AnyEvent]:
        """The events of a timeline alone (the fold's fast path)."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self._raw_rows(name, start, stop):
            try:
                event = decoder(state)[3]
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(name, version, exc) from None
            yield event

    def stored(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[tuple[int, str, bytes]]:
        """The stored bytes of a timeline's records, ``(seq, topic, bytes)``, undecoded (for copies)."""
        return self._raw_rows(name, start, stop)

    def _off_order_rows(self, stream: str, gt: int, lte: int) -> list[tuple[int, str, bytes]]:
        """The rows of one stream after ``gt`` up to ``lte`` that the log's order of game time does not place
        (:meth:`awaw_events.timeline.TimelineView.off_order`), selected by the store, not decoded here: found in
        :data:`OFF_ORDER_INDEX` where it exists (SQLite, once written to by this version), else by reading the
        stretch's stored bytes."""
        if OFF_ORDER_INDEX.name in self._db.indexed:
            return self._read(_SELECT_OFF_ORDER_INDEXED, [stream, gt, lte])
        tags = ANNOTATION_TAGS
        sql = _SELECT_OFF_ORDER.replace("{tags}", ", ".join("?" * len(tags)))
        return self._read(sql, [stream, gt, lte, *tags, APPROXIMATE_PATTERN])

    def _last_row(self, stream: str, gt: int, lte: int) -> tuple[int, str, bytes] | None:
        rows = self._read(_SELECT_LAST, [stream, gt, lte])
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    def head_record(self, name: str) -> Record | None:
        """The last record of a timeline (None for an empty one)."""
        timeline = self.timeline(name)
        row = self._last_row(timeline.stream, 0, _LAST_VERSION)
        if row is not None:
            try:
                hash_, recorded_at, rolls, event = _RECORD_DECODER.decode(row[2])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(name, row[0], exc) from None
            return Record(row[0], event, hash_, recorded_at, rolls)
        if timeline.parent is None:
            return None
        return self.record_at(timeline.parent, timeline.fork_at)

    def record_at(self, name: str, seq: int) -> Record | None:
        """The record with sequence number ``seq`` (None if the timeline is shorter)."""
        return next(self.records(name, start=seq, stop=seq), None)

    def count(self, name: str) -> int:
        """The number of events in a timeline."""
        timeline = self.timeline(name)
        row = self._last_row(timeline.stream, 0, _LAST_VERSION)
        if row is not None:
            return int(row[0])
        return timeline.fork_at if timeline.parent is not None else 0

    def own_count(self, name: str) -> int:
        """The number of events a timeline holds itself (a branch's own events after its fork)."""
        timeline = self.timeline(name)
        return self.count(name) - timeline.fork_at

    # -- rulings and snapshots ------------------------------------------------------------------------------------

    def _index(self, kind: str, name: str, stop: int | None) -> Iterator[tuple[int, AnyEvent]]:
        for stream, after, up_to in self._segments(self.timeline(name), stop):
            for version, _topic, state in self._stream_rows(f"awaw:{kind}:{stream}", after, up_to):
                try:
                    yield version, decode(state)
                except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                    raise _unreadable(name, version, exc) from None

    def rulings(self, name: str, *, stop: int | None = None) -> list[tuple[int, Ruling]]:
        """The rulings of a timeline up to event ``stop``, with their sequence numbers, from the ruling index."""
        found: list[tuple[int, Ruling]] = []
        for seq, event in self._index("rulings", name, stop):
            assert isinstance(event, Ruling)
            found.append((seq, event))
        return found

    def bookmarks(self, name: str, *, stop: int | None = None) -> list[tuple[int, BookmarkSet]]:
        """The bookmarks of a timeline (and its parents before the fork), with their sequence numbers."""
        found: list[tuple[int, BookmarkSet]] = []
        for seq, event in self._index("bookmarks", name, stop):
            assert isinstance(event, BookmarkSet)
            found.append((seq, event))
        return found

    def put_snapshot(self, name: str, seq: int, key: str, data: bytes, *, lasting: bool = False) -> None:
        """Keep a projection snapshot of a timeline at event ``seq`` (:meth:`Timeline.put_snapshot`)."""
        self.open(name).put_snapshot(seq, key, data, lasting=lasting)

    def snapshot_at_or_before(self, name: str, seq: int, key: str) -> tuple[int, bytes] | None:
        """The latest valid snapshot at or before event ``seq`` (:meth:`Timeline.snapshot_at_or_before`)."""
        return self.open(name).snapshot_at_or_before(seq, key)

    # -- rows no timeline reaches ---------------------------------------------------------------------------------

    def unreachable(self) -> list[Unreachable]:
        """Streams whose rows no timeline reaches: events of imports that an older version left half-done (the
        events committed, the game never registered), and the events of pruned branches; with the indexes,
        snapshots and secrets beside them."""
        timelines = self._load_registry()
        live = {t.stream for t in timelines.values()}
        ever = {
            rec.stream
            for _v, _t, state in self._stream_rows(REGISTRY_STREAM, 0, None)
            if isinstance(rec := _REGISTRY_DECODER.decode(state), TimelineCreated)
        }
        found: list[Unreachable] = []
        for stream, rows, size in self._read(
            "SELECT originator_id, COUNT(*), SUM(LENGTH(state)) FROM {t} GROUP BY originator_id ORDER BY originator_id",
            [],
        ):
            match = _OWNER.search(stream)
            if match is None or match.group(1) in live:
                continue
            reason = "a pruned branch" if match.group(1) in ever else "never registered (an interrupted import)"
            found.append(Unreachable(stream, int(rows), int(size or 0), reason))
        return found

    def remove_unreachable(self) -> list[Unreachable]:
        """Delete the rows :meth:`unreachable` lists (found again inside the write lock); returns what went."""
        with self.transaction():
            found = self.unreachable()
            assert self._tx is not None
            for item in found:
                self._tx.execute("DELETE FROM {t} WHERE originator_id = ?", [item.stream])
        return found

    # -- dice and secrets ----------------------------------------------------------------------------------------

    def tagged(self, name: str, tags: Collection[str], *, stop: int | None = None, last: bool = False) -> list[Record]:
        """The records of a timeline whose type is one of ``tags`` (in order), or only the last one (``last``).

        Found by the stored type column, then decoded and checked; used for the few dice events (commitments,
        reveals, the last roll), so that a roll needs no fold of the timeline.
        """
        found: list[Record] = []
        pieces = self._segments(self.timeline(name), stop)
        for stream, after, up_to in reversed(pieces) if last else pieces:
            for version, state in self._tagged_rows(stream, after, up_to, tuple(tags), last):
                hash_, recorded_at, rolls, event = _RECORD_DECODER.decode(state)
                if tag_of(event) in tags:
                    found.append(Record(version, event, hash_, recorded_at, rolls))
                    if last:
                        return found
        return found

    def _tagged_rows(
        self, stream: str, gt: int, lte: int | None, tags: tuple[str, ...], last: bool
    ) -> Iterator[tuple[int, bytes]]:
        marks = ", ".join("?" * len(tags))
        sql = (
            "SELECT originator_version, {state} FROM {t} WHERE originator_id = ? AND originator_version > ? "
            f"AND originator_version <= ? AND topic IN ({marks}) ORDER BY originator_version"
        )
        sql += " DESC LIMIT 1" if last else ""
        rows = self._read(sql, [stream, gt, _LAST_VERSION if lte is None else lte, *tags])
        yield from ((r[0], r[1]) for r in rows)

    def legacy_secret(self, name: str) -> str | None:
        """The dice seed that stores of earlier versions kept in the database beside a timeline, if any.

        Seeds now live in the keys directory of whoever hosts the dice (:mod:`awaw_events.keys`); the dice
        commands move a seed found here there on first use and then :meth:`forget_legacy_secret` it.
        """
        stream = "awaw:secret:" + self.timeline(name).stream
        row = self._last_row(stream, 0, _LAST_VERSION)
        if row is None:
            return None
        state = row[2]
        text = bytes(state).decode("ascii", "replace").strip() if isinstance(state, bytes | bytearray) else ""
        return text if _HEX64.match(text) else None

    def forget_legacy_secret(self, name: str) -> None:
        """Delete a timeline's legacy seed rows from the database (overwriting them on SQLite)."""
        stream = "awaw:secret:" + self.timeline(name).stream
        with self.transaction():
            assert self._tx is not None
            if self.kind == "sqlite":
                self._tx.execute("PRAGMA secure_delete = ON")
            self._tx.execute("DELETE FROM {t} WHERE originator_id = ?", [stream])

    # -- map data ------------------------------------------------------------------------------------------------

    def put_map_data(self, sha256: str, content: bytes) -> None:
        """Keep a map-data file's bytes beside the games, keyed by the hash of its facts (``map_data_used``).

        Content-addressed and shared by every game of the store: keeping the same file twice is a no-op.
        """
        if not re.fullmatch(r"[0-9a-f]{64}", sha256):
            raise InputError(f"not a SHA-256 digest: {sha256!r}")
        stream = "awaw:mapdata:" + sha256
        with self.transaction():
            if self._last_row(stream, 0, 1) is None:
                self._insert([(stream, 1, "map_data", content)], "map data was stored twice")

    def map_data(self, sha256: str) -> bytes | None:
        """The bytes of the map-data file kept under that hash, if this store holds it."""
        row = self._last_row("awaw:mapdata:" + sha256, 0, 1)
        return bytes(row[2]) if row else None


def open_store(url: str) -> GameStore:
    """Open (creating if needed) the store at a SQLite path, ``:memory:``, or a ``postgresql://`` address."""
    try:
        return GameStore(url)
    except StoreError as exc:
        raise StoreError(f"cannot open the store {url!r}: {exc}") from None
    except AwawError:
        raise
    except Exception as exc:  # the library raises OSError / psycopg errors for unreachable stores
        raise StoreError(f"cannot open the store {url!r}: {backend.why_unreachable(url) or exc}") from None
