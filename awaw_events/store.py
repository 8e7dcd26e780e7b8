"""The event store: one stream per timeline of a game, on the ``eventsourcing`` library.

SQLite (``eventsourcing.sqlite``, WAL mode) is the embedded default; PostgreSQL (``eventsourcing.postgres``) is the
server option. Both keep the library's table ``stored_events(originator_id, originator_version, topic, state)``,
where the originator is a timeline's stream and the version is the event's sequence number in its timeline.

Each stored record is a small JSON array ``[hash, recorded_at, rolls, event]``: the event in its canonical encoding,
the wall-clock time it was recorded (metadata, never hashed), the number of dice rolled so far (so the next roll
number at any point is one read) and ``hash = sha256(previous hash || event bytes)``, so that
any change to a stored event, a deletion or a reordering breaks the chain that :meth:`GameStore.verify` walks.
Because the hash covers only the canonical event bytes, two copies of a game with the same events have the same
chain in any store: ``awaw head`` of one can be checked against the other.

Timelines live in a registry stream of their own. A branch names its parent and the sequence number it forks at;
its stream holds only its own events, numbered on from the fork, so creating a branch copies nothing and reading it
is the parent's prefix followed by its own events.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any, Final, NamedTuple
from urllib.parse import unquote, urlparse

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Mapper, StoredEvent, Transcoder
from eventsourcing.sqlite import SQLiteAggregateRecorder

from awaw_events.codec import decode, encode, tag_of
from awaw_events.errors import AwawError, ConflictError, GameExistsError, GameNotFoundError, InputError
from awaw_events.events import AnyEvent, BookmarkSet, DiceRolled, Event, Ruling

GENESIS_HASH: Final = "0" * 64
"""The hash before the first event of a game."""

REGISTRY_STREAM: Final = "awaw:registry"
PAGE: Final = 5_000
"""Events read per query when walking a stream."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def chain_hash(previous: str, event_bytes: bytes) -> str:
    """The hash of an event given the hash before it: ``sha256(bytes.fromhex(previous) + event_bytes)``."""
    return hashlib.sha256(bytes.fromhex(previous) + event_bytes).hexdigest()


# ---------------------------------------------------------------------------------------------------------------
# The registry of timelines


class TimelineCreated(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, tag="timeline_created"):
    """A timeline: a game's main line (no parent) or a branch forking from ``parent`` after event ``fork_at``."""

    name: str
    game: str
    stream: str
    parent: str | None = None
    fork_at: int = 0
    created_at: str = ""


class TimelineRenamed(msgspec.Struct, frozen=True, kw_only=True, tag="timeline_renamed"):
    """A timeline takes a new name (promoting a branch swaps names with the main line)."""

    old: str
    new: str


class TimelineDeleted(msgspec.Struct, frozen=True, kw_only=True, tag="timeline_deleted"):
    """A branch deleted (only a branch from which nothing forks)."""

    name: str


RegistryRecord = TimelineCreated | TimelineRenamed | TimelineDeleted
_REGISTRY_DECODER: Final[msgspec.json.Decoder[RegistryRecord]] = msgspec.json.Decoder(RegistryRecord)


class Timeline(NamedTuple):
    """A timeline as the registry knows it."""

    name: str
    game: str
    stream: str
    parent: str | None
    fork_at: int
    created_at: str

    @property
    def is_branch(self) -> bool:
        return self.parent is not None


# ---------------------------------------------------------------------------------------------------------------
# Records


class Record(NamedTuple):
    """One stored event of a timeline: its sequence number, the event, its chain hash and when it was recorded."""

    seq: int
    event: AnyEvent
    hash: str
    recorded_at: str
    rolls: int = 0
    """The number of dice rolls in the timeline up to and including this event (the last roll's number)."""


class Numbered(NamedTuple):
    """An event and its sequence number in its timeline."""

    seq: int
    event: AnyEvent


class _Row(NamedTuple):
    """A stored row as read back: its version (the event's sequence number), topic and state."""

    version: int
    topic: str
    state: bytes


class _Pending(NamedTuple):
    """A record on its way into the store (the eventsourcing "domain event" our mapper turns into a row)."""

    originator_id: str
    originator_version: int
    topic: str
    state: bytes


class _PassThroughMapper(Mapper[str]):
    """The project's mapper: records are encoded with msgspec before they reach it (the library's default mapper
    reads ``__dict__``, which msgspec Structs lack), so it only moves fields into the library's ``StoredEvent``."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=domain_event.topic,
            state=domain_event.state,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        return _Pending(
            str(stored_event.originator_id), stored_event.originator_version, stored_event.topic, stored_event.state
        )


class _NullTranscoder(Transcoder):
    def encode(self, obj: Any) -> bytes:  # pragma: no cover - never called
        raise NotImplementedError

    def decode(self, data: bytes) -> Any:  # pragma: no cover - never called
        raise NotImplementedError


class _EventStoreApp(Application[str]):
    """The eventsourcing application that owns the recorder."""

    name = "awaw"

    def construct_mapper(self) -> Mapper[str]:
        return _PassThroughMapper(transcoder=_NullTranscoder())


_RECORD_DECODER: Final[msgspec.json.Decoder[tuple[str, str, int, AnyEvent]]] = msgspec.json.Decoder(
    tuple[str, str, int, AnyEvent]
)
_RAW_DECODER: Final[msgspec.json.Decoder[tuple[str, str, int, msgspec.Raw]]] = msgspec.json.Decoder(
    tuple[str, str, int, msgspec.Raw]
)


def _record_bytes(hash_: str, recorded_at: str, rolls: int, event_bytes: bytes) -> bytes:
    """``[hash, recorded_at, rolls so far, event]``: the running roll count makes "the next roll number" at any
    point one read, whatever the length of the timeline (branches fork in constant time)."""
    return b'["%s","%s",%d,%s]' % (hash_.encode(), recorded_at.encode(), rolls, event_bytes)


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# ---------------------------------------------------------------------------------------------------------------
# Verification


class Problem(NamedTuple):
    """Something wrong with a stored timeline: the event it concerns and what."""

    seq: int
    message: str


class VerifyReport(NamedTuple):
    """What ``verify`` found: the events checked, the head hash, and the problems (none when intact)."""

    timeline: str
    events: int
    head: str
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


# ---------------------------------------------------------------------------------------------------------------
# The store


def store_env(url: str) -> dict[str, str]:
    """The eventsourcing settings for a store address: a SQLite path, ``:memory:``, or ``postgresql://...``."""
    if url.startswith(("postgresql://", "postgres://")):
        parts = urlparse(url)
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": parts.path.lstrip("/") or "awaw",
            "POSTGRES_HOST": parts.hostname or "localhost",
            "POSTGRES_PORT": str(parts.port or 5432),
            "POSTGRES_USER": unquote(parts.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parts.password or ""),
            "ORIGINATOR_ID_TYPE": "text",
            "CREATE_TABLE": "y",
        }
        return env
    if url.startswith("sqlite:///"):
        url = url.removeprefix("sqlite:///")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": url if url != ":memory:" else "file:awaw-memory-" + uuid.uuid4().hex + "?mode=memory",
        "SQLITE_LOCK_TIMEOUT": "10",
        "ORIGINATOR_ID_TYPE": "text",
        "CREATE_TABLE": "y",
    }


class GameStore:
    """Games and their timelines, stored as event streams on the eventsourcing library.

    The store validates nothing about the game itself (that is :mod:`awaw_events.log`'s job); it guarantees that a
    batch is appended whole or not at all, at the position the writer expected, with an unbroken hash chain.
    """

    def __init__(self, url: str = "awaw.db") -> None:
        self.url = url
        env = store_env(url)
        # Keys are read as AWAW_<KEY> first, then <KEY>; pass them under our application's name so that the
        # user's environment cannot redirect the store behind the caller's back.
        self._app = _EventStoreApp(env={f"AWAW_{k}": v for k, v in env.items()})
        self._recorder = self._app.recorder
        self._timelines: dict[str, Timeline] | None = None
        self._registry_version = 0
        self.snapshot_key: bytes = secrets.token_bytes(32)
        """The key that authenticates stored snapshots: snapshots are written with its MAC and only those that
        carry it are used. A fresh one per store object unless the caller sets a kept one (the CLI reads it from
        the keys directory), so a snapshot edited in the database is never used (issue 17)."""

    def close(self) -> None:
        self._app.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- registry ------------------------------------------------------------------------------------------------

    def _load_registry(self) -> dict[str, Timeline]:
        rows = self._recorder.select_events(REGISTRY_STREAM, gt=self._registry_version)
        timelines = dict(self._timelines or {})
        for row in rows:
            rec = _REGISTRY_DECODER.decode(row.state)
            if isinstance(rec, TimelineCreated):
                timelines[rec.name] = Timeline(rec.name, rec.game, rec.stream, rec.parent, rec.fork_at, rec.created_at)
            elif isinstance(rec, TimelineRenamed):
                old = timelines.pop(rec.old)
                timelines[rec.new] = old._replace(name=rec.new)
                for name, tl in list(timelines.items()):
                    if tl.parent == rec.old:
                        timelines[name] = tl._replace(parent=rec.new)
            else:
                timelines.pop(rec.name, None)
            self._registry_version = row.originator_version
        self._timelines = timelines
        return timelines

    def _append_registry(self, *records: RegistryRecord) -> None:
        self._load_registry()
        base = self._registry_version
        pending = [
            _Pending(REGISTRY_STREAM, base + i, str(rec.__struct_config__.tag), msgspec.json.encode(rec))
            for i, rec in enumerate(records, start=1)
        ]
        try:
            self._app.events.put(pending)
        except IntegrityError:
            raise ConflictError("another writer changed the list of timelines first; try again") from None
        self._load_registry()

    def timelines(self) -> list[Timeline]:
        """Every timeline of every game, main lines first, in creation order."""
        return list(self._load_registry().values())

    def timeline(self, name: str) -> Timeline:
        """The timeline of that name (a game's name is its main line)."""
        timelines = self._load_registry()
        if name not in timelines:
            known = ", ".join(sorted(timelines)) or "none yet"
            raise GameNotFoundError(f"no game or timeline named {name!r} (known: {known})")
        return timelines[name]

    def exists(self, name: str) -> bool:
        return name in self._load_registry()

    # -- writing -------------------------------------------------------------------------------------------------

    def create_game(self, name: str, events: Sequence[Event]) -> list[Record]:
        """Start a game: register its main line and append its first events (``game_created`` first)."""
        if not _NAME.match(name):
            raise InputError(
                f"invalid game name {name!r}: use letters, digits, '.', '_' or '-', starting with a letter or digit"
            )
        if self.exists(name):
            raise GameExistsError(f"a game named {name!r} already exists")
        stream = "game:" + uuid.uuid4().hex
        records = self._append(stream, 0, GENESIS_HASH, events)
        self._append_registry(TimelineCreated(name=name, game=name, stream=stream, created_at=_now()))
        return records

    def create_branch(self, parent: str, name: str, fork_at: int) -> Timeline:
        """A new timeline sharing ``parent``'s first ``fork_at`` events, copying none of them (cost O(1))."""
        source = self.timeline(parent)
        if not _NAME.match(name.replace("/", "-", 1)) or name.count("/") > 1:
            raise InputError(f"invalid branch name {name!r}")
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

    def rename(self, old: str, new: str) -> None:
        self._append_registry(TimelineRenamed(old=old, new=new))

    def delete_timeline(self, name: str) -> None:
        self._append_registry(TimelineDeleted(name=name))

    def append(self, name: str, events: Sequence[Event], *, expected_count: int | None = None) -> list[Record]:
        """Append a batch atomically at the end of a timeline.

        ``expected_count`` is the number of events the writer saw; if someone appended since, nothing is written
        and :class:`ConflictError` is raised. Without it, the batch goes after whatever is there now (still
        atomically: a concurrent writer that wins the race makes this one fail, never interleave).
        """
        timeline = self.timeline(name)
        head = self.head_record(name)
        count = head.seq if head else 0
        if expected_count is not None and expected_count != count:
            raise ConflictError(
                f"{name!r} has {count} events, not the {expected_count} this batch was written against; "
                "someone appended first, so nothing was written"
            )
        previous = head.hash if head else GENESIS_HASH
        return self._append(timeline.stream, count, previous, events, head.rolls if head else 0)

    def _append(self, stream: str, count: int, previous: str, events: Sequence[Event], rolls: int = 0) -> list[Record]:
        now = _now()
        pending: list[_Pending] = []
        records: list[Record] = []
        rulings: list[_Pending] = []
        for seq, event in enumerate(events, start=count + 1):
            data = encode(event)
            previous = chain_hash(previous, data)
            if isinstance(event, DiceRolled):
                rolls = max(rolls, event.roll)
            pending.append(_Pending(stream, seq, tag_of(event), _record_bytes(previous, now, rolls, data)))
            records.append(Record(seq, event, previous, now, rolls))  # type: ignore[arg-type]
            if isinstance(event, Ruling | BookmarkSet):
                # Indexes of rulings and bookmarks beside the stream, written in the same transaction, so that
                # reading a timeline's rulings or bookmarks never scans its events.
                kind = "rulings" if isinstance(event, Ruling) else "bookmarks"
                rulings.append(_Pending(f"awaw:{kind}:{stream}", seq, tag_of(event), data))
        pending.extend(rulings)
        if not pending:
            return []
        try:
            self._app.events.put(pending)
        except IntegrityError:
            raise ConflictError(
                f"someone appended to this timeline at event {count + 1} first; nothing of this batch was written"
            ) from None
        return records

    # -- reading -------------------------------------------------------------------------------------------------

    def _segments(self, timeline: Timeline, stop: int | None) -> list[tuple[str, int, int | None]]:
        """The (stream, after, up_to) pieces that make up a timeline, oldest first."""
        pieces: list[tuple[str, int, int | None]] = []
        current: Timeline | None = timeline
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
        for stream, after, up_to in self._segments(self.timeline(name), stop):
            yield from self._stream_rows(stream, max(after, start - 1), up_to)

    def _stream_rows(self, stream: str, gt: int, lte: int | None) -> Iterator[_Row]:
        """Rows of one stream after ``gt`` up to ``lte``, a page at a time.

        On SQLite this reads through the library's datastore with a lean query (the library's ``select_events``
        builds a ``StoredEvent`` per row, which costs more than decoding the event); elsewhere it uses
        ``select_events``.
        """
        datastore = getattr(self._recorder, "datastore", None)
        if isinstance(self._recorder, SQLiteAggregateRecorder) and datastore is not None:
            table = self._recorder.events_table_name
            while True:
                # CAST: SQLite keeps whatever an SQL edit stored; a number or text in the state column must read as
                # bytes that fail to decode (a clean error), not as a value no decoder takes.
                sql = f"SELECT originator_version, topic, CAST(state AS BLOB) FROM {table} WHERE originator_id = ? "
                params: list[object] = [stream]
                sql += "AND originator_version > ? "
                params.append(gt)
                if lte is not None:
                    sql += "AND originator_version <= ? "
                    params.append(lte)
                sql += "ORDER BY originator_version LIMIT ?"
                params.append(PAGE)
                with datastore.transaction(commit=False) as cursor:
                    cursor.execute(sql, params)
                    rows = [_Row(r[0], r[1], r[2]) for r in cursor.fetchall()]
                yield from rows
                if len(rows) < PAGE:
                    return
                gt = rows[-1].version
        while True:
            page = self._recorder.select_events(stream, gt=gt, lte=lte, limit=PAGE)
            yield from (_Row(r.originator_version, r.topic, r.state) for r in page)
            if len(page) < PAGE:
                return
            gt = page[-1].originator_version

    def records(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[Record]:
        """The stored records of a timeline, from event ``start`` to ``stop`` inclusive."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self._rows(name, start, stop):
            hash_, recorded_at, rolls, event = decoder(state)
            yield Record(version, event, hash_, recorded_at, rolls)

    def numbered(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[Numbered]:
        """The events of a timeline with their sequence numbers (no hash or recording time decoded)."""
        decoder = _RECORD_DECODER.decode
        for version, _topic, state in self._rows(name, start, stop):
            yield Numbered(version, decoder(state)[3])

    def events(self, name: str, *, start: int = 1, stop: int | None = None) -> Iterator[AnyEvent]:
        """The events of a timeline alone (the fold's fast path)."""
        decoder = _RECORD_DECODER.decode
        for _version, _topic, state in self._rows(name, start, stop):
            yield decoder(state)[3]

    def head_record(self, name: str) -> Record | None:
        """The last record of a timeline (None for an empty one)."""
        timeline = self.timeline(name)
        rows = self._recorder.select_events(timeline.stream, desc=True, limit=1)
        if rows:
            hash_, recorded_at, rolls, event = _RECORD_DECODER.decode(rows[0].state)
            return Record(rows[0].originator_version, event, hash_, recorded_at, rolls)
        if timeline.parent is None:
            return None
        return self.record_at(timeline.parent, timeline.fork_at)

    def record_at(self, name: str, seq: int) -> Record | None:
        """The record with sequence number ``seq`` (None if the timeline is shorter)."""
        return next(self.records(name, start=seq, stop=seq), None)

    def count(self, name: str) -> int:
        """The number of events in a timeline."""
        head = self.head_record(name)
        return head.seq if head else 0

    def own_count(self, name: str) -> int:
        """The number of events a timeline holds itself (a branch's own events after its fork)."""
        timeline = self.timeline(name)
        return self.count(name) - timeline.fork_at

    # -- rulings and snapshots ------------------------------------------------------------------------------------

    def rulings(self, name: str, *, stop: int | None = None) -> list[tuple[int, Ruling]]:
        """The rulings of a timeline up to event ``stop``, with their sequence numbers, from the ruling index."""
        found: list[tuple[int, Ruling]] = []
        for stream, after, up_to in self._segments(self.timeline(name), stop):
            for row in self._recorder.select_events("awaw:rulings:" + stream, gt=after, lte=up_to):
                event = decode(row.state)
                assert isinstance(event, Ruling)
                found.append((row.originator_version, event))
        return found

    def bookmarks(self, name: str, *, stop: int | None = None) -> list[tuple[int, BookmarkSet]]:
        """The bookmarks of a timeline (and its parents before the fork), with their sequence numbers."""
        found: list[tuple[int, BookmarkSet]] = []
        for stream, after, up_to in self._segments(self.timeline(name), stop):
            for row in self._recorder.select_events("awaw:bookmarks:" + stream, gt=after, lte=up_to):
                event = decode(row.state)
                assert isinstance(event, BookmarkSet)
                found.append((row.originator_version, event))
        return found

    def _snapshot_stream(self, key: str, stream: str) -> str:
        key_id = hashlib.sha256(self.snapshot_key).hexdigest()[:16]
        return f"awaw:snapshot:{key}:{key_id}:{stream}"

    def _snapshot_mac(self, key: str, seq: int, chain: str, data: bytes) -> bytes:
        message = b"awaw-snapshot/v1\0%s\0%d\0%s" % (key.encode(), seq, chain.encode()) + data
        return hmac.new(self.snapshot_key, message, hashlib.sha256).digest()

    def _open_snapshot(self, key: str, seq: int, chain: str | None, stored: bytes) -> bytes | None:
        """The snapshot's data if it carries this store's MAC for the event's chain hash (else None)."""
        if chain is None or not isinstance(stored, bytes | bytearray | memoryview) or len(stored) < 32:
            return None
        stored = bytes(stored)
        mac, data = stored[:32], stored[32:]
        return data if hmac.compare_digest(mac, self._snapshot_mac(key, seq, chain, data)) else None

    def put_snapshot(self, name: str, seq: int, key: str, data: bytes) -> None:
        """Keep a projection snapshot of a timeline at event ``seq``; ``key`` names the projection code version.

        The snapshot is stored with a MAC (under :attr:`snapshot_key`) of the event's chain hash and the data, so
        it is used only by whoever holds the key and only for the chain it was made from. A snapshot is only a
        cache: a conflicting writer (someone stored the same one first) is ignored.
        """
        record = self.record_at(name, seq)
        if record is None:
            return
        stream = self._snapshot_stream(key, self.timeline(name).stream)
        stored = self._snapshot_mac(key, seq, record.hash, data) + data
        with contextlib.suppress(IntegrityError):
            self._app.events.put([_Pending(stream, seq, "snapshot", stored)])

    def snapshot_at_or_before(self, name: str, seq: int, key: str) -> tuple[int, bytes] | None:
        """The latest snapshot at or before event ``seq`` of this timeline or (before its fork) its parents that
        carries a valid MAC; one that does not (edited, or made for another chain) is passed over."""
        timeline: Timeline | None = self.timeline(name)
        upper = seq
        while timeline is not None:
            stream = self._snapshot_stream(key, timeline.stream)
            while upper > timeline.fork_at:
                rows = self._recorder.select_events(stream, gt=timeline.fork_at, lte=upper, desc=True, limit=1)
                if not rows:
                    break
                at = rows[0].originator_version
                record = self.record_at(name, at)
                data = self._open_snapshot(key, at, record.hash if record else None, rows[0].state)
                if data is not None:
                    return at, data
                upper = at - 1
            if timeline.parent is None:
                break
            upper = min(upper, timeline.fork_at)
            timeline = self.timeline(timeline.parent)
        return None

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
        datastore = getattr(self._recorder, "datastore", None)
        if isinstance(self._recorder, SQLiteAggregateRecorder) and datastore is not None:
            marks = ",".join("?" * len(tags))
            sql = (
                f"SELECT originator_version, CAST(state AS BLOB) FROM {self._recorder.events_table_name} "
                f"WHERE originator_id = ? AND originator_version > ? AND topic IN ({marks})"
            )
            params: list[object] = [stream, gt, *tags]
            if lte is not None:
                sql += " AND originator_version <= ?"
                params.append(lte)
            sql += " ORDER BY originator_version" + (" DESC LIMIT 1" if last else "")
            with datastore.transaction(commit=False) as cursor:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
            yield from ((r[0], r[1]) for r in rows)
            return
        upper = lte
        lower = gt
        while True:
            if last:
                page = self._recorder.select_events(stream, gt=gt, lte=upper, desc=True, limit=PAGE)
            else:
                page = self._recorder.select_events(stream, gt=lower, lte=lte, limit=PAGE)
            for row in page:
                if row.topic in tags:
                    yield row.originator_version, row.state
            if len(page) < PAGE:
                return
            if last:
                upper = page[-1].originator_version - 1
            else:
                lower = page[-1].originator_version

    def legacy_secret(self, name: str) -> str | None:
        """The dice seed that stores made before issue 17 kept in the database beside a timeline, if any.

        Seeds now live in the keys directory of whoever hosts the dice (:mod:`awaw_events.keys`); the dice
        commands move a seed found here there on first use and then :meth:`forget_legacy_secret` it.
        """
        stream = "awaw:secret:" + self.timeline(name).stream
        rows = self._recorder.select_events(stream, desc=True, limit=1)
        if not rows:
            return None
        state = rows[0].state
        text = bytes(state).decode("ascii", "replace").strip() if isinstance(state, bytes | bytearray) else ""
        return text if _HEX64.match(text) else None

    def forget_legacy_secret(self, name: str) -> None:
        """Delete a timeline's legacy seed rows from the database (overwriting them on SQLite)."""
        stream = "awaw:secret:" + self.timeline(name).stream
        datastore: Any = getattr(self._recorder, "datastore", None)
        table = getattr(self._recorder, "events_table_name", "stored_events")
        if isinstance(self._recorder, SQLiteAggregateRecorder) and datastore is not None:
            with datastore.transaction(commit=True) as cursor:
                cursor.execute("PRAGMA secure_delete = ON")
                cursor.execute(f"DELETE FROM {table} WHERE originator_id = ?", (stream,))
            return
        if datastore is not None and hasattr(datastore, "schema"):
            from psycopg.sql import SQL, Identifier

            statement = SQL("DELETE FROM {schema}.{table} WHERE originator_id = %s").format(
                schema=Identifier(datastore.schema), table=Identifier(table)
            )
            with datastore.transaction(commit=True) as cursor:
                cursor.execute(statement, (stream,))

    # -- map data ------------------------------------------------------------------------------------------------

    def put_map_data(self, sha256: str, content: bytes) -> None:
        """Keep a map-data file's bytes beside the games, keyed by the hash of its facts (``map_data_used``).

        Content-addressed and shared by every game of the store: keeping the same file twice is a no-op.
        """
        if not re.fullmatch(r"[0-9a-f]{64}", sha256):
            raise InputError(f"not a SHA-256 digest: {sha256!r}")
        with contextlib.suppress(IntegrityError):
            self._app.events.put([_Pending("awaw:mapdata:" + sha256, 1, "map_data", content)])

    def map_data(self, sha256: str) -> bytes | None:
        """The bytes of the map-data file kept under that hash, if this store holds it."""
        rows = self._recorder.select_events("awaw:mapdata:" + sha256, limit=1)
        return rows[0].state if rows else None

    # -- verification --------------------------------------------------------------------------------------------

    def verify(
        self,
        name: str,
        *,
        visit: Callable[[Record], None] | None = None,
        snapshot_keys: Sequence[str] = (),
    ) -> VerifyReport:
        """Walk the hash chain of a timeline: every event present, in order, readable and unchanged since it was
        written; the parts of each row the hash does not cover (the type column, the roll count) agree with the
        event; the rulings and bookmarks indexes hold exactly the timeline's rulings and bookmarks; and every
        snapshot of the projection versions ``snapshot_keys`` carries this store's MAC.

        ``visit`` is called with each readable record, in order (the dice and signature checks ride on this walk).
        """
        problems: list[Problem] = []
        timeline = self.timeline(name)
        pieces = self._segments(timeline, None)
        snapshots = self._snapshot_rows(pieces, snapshot_keys)
        hashes_at: dict[int, str] = dict.fromkeys((seq for _, seq, _ in snapshots), "")
        indexed: dict[str, dict[int, bytes]] = {"ruling": {}, "bookmark_set": {}}
        previous: str | None = GENESIS_HASH
        expected = 1
        rolls = 0
        for row in self._rows(name, 1, None):
            seq = row.version
            if seq != expected:
                missing = f"event {expected}" if seq == expected + 1 else f"events {expected} to {seq - 1}"
                problems.append(Problem(expected, f"{missing} missing from the store"))
            expected = seq + 1
            try:
                stored_hash, recorded_at, stored_rolls, raw = _read_row(row.state)
                event = decode(raw)
            except (msgspec.MsgspecError, TypeError, ValueError, RecursionError) as exc:
                problems.append(Problem(seq, f"event {seq} cannot be read: {_short(exc)}"))
                previous = None
                continue
            if previous is not None and chain_hash(previous, raw) != stored_hash:
                problems.append(
                    Problem(
                        seq,
                        f"event {seq} ({tag_of(event)}) does not match its hash: it was changed, "
                        "moved, or an event before it was removed",
                    )
                )
            previous = stored_hash
            tag = tag_of(event)
            if row.topic != tag:
                problems.append(Problem(seq, f"event {seq} is a {tag!r}, but its row's type column says {row.topic!r}"))
            if isinstance(event, DiceRolled):
                rolls = max(rolls, event.roll)
            if stored_rolls != rolls:
                problems.append(
                    Problem(
                        seq,
                        f"event {seq}'s stored roll count is {stored_rolls}, but the events up to it made {rolls} "
                        "roll(s): the count (not covered by the hash) was edited",
                    )
                )
            if tag in indexed:
                indexed[tag][seq] = raw
            if seq in hashes_at:
                hashes_at[seq] = stored_hash
            if visit is not None:
                visit(Record(seq, event, stored_hash, recorded_at, stored_rolls))
        problems.extend(self._check_indexes(pieces, indexed))
        problems.extend(self._check_snapshots(snapshots, hashes_at))
        problems.sort(key=lambda p: p.seq)
        return VerifyReport(name, expected - 1, previous or "", tuple(problems))

    def _check_indexes(
        self, pieces: list[tuple[str, int, int | None]], indexed: dict[str, dict[int, bytes]]
    ) -> list[Problem]:
        """Recompute the rulings and bookmarks indexes from the chain and name every difference."""
        problems: list[Problem] = []
        for tag, kind, what in (("ruling", "rulings", "ruling"), ("bookmark_set", "bookmarks", "bookmark")):
            truth = indexed[tag]
            seen: set[int] = set()
            for stream, after, up_to in pieces:
                for row in self._recorder.select_events(f"awaw:{kind}:{stream}", gt=after, lte=up_to):
                    seq = row.originator_version
                    seen.add(seq)
                    if seq not in truth:
                        problems.append(
                            Problem(
                                seq,
                                f"the {kind} index holds a {what} at event {seq} that the log does not have: "
                                f"it was inserted behind the log's back (it would change what `awaw state` shows)",
                            )
                        )
                    elif bytes(row.state) != truth[seq]:
                        problems.append(Problem(seq, f"the {kind} index entry for event {seq} differs from the log"))
            for seq in sorted(set(truth) - seen):
                problems.append(
                    Problem(seq, f"the {what} of event {seq} is missing from the {kind} index: it would be ignored")
                )
        return problems

    def _snapshot_rows(
        self, pieces: list[tuple[str, int, int | None]], keys: Sequence[str]
    ) -> list[tuple[str, int, bytes]]:
        found: list[tuple[str, int, bytes]] = []
        for key in keys:
            for stream, after, up_to in pieces:
                rows = self._recorder.select_events(self._snapshot_stream(key, stream), gt=after, lte=up_to)
                found.extend((key, row.originator_version, row.state) for row in rows)
        return found

    def _check_snapshots(self, snapshots: list[tuple[str, int, bytes]], hashes_at: dict[int, str]) -> list[Problem]:
        problems: list[Problem] = []
        for key, seq, stored in snapshots:
            if self._open_snapshot(key, seq, hashes_at.get(seq) or None, stored) is None:
                problems.append(
                    Problem(
                        seq,
                        f"the snapshot at event {seq} ({key}) does not carry a valid MAC for the event's hash: it was "
                        "edited or made for another chain (`awaw state` does not use it)",
                    )
                )
        return problems


def _read_row(state: object) -> tuple[str, str, int, bytes]:
    """A stored row's parts, or an exception naming what is wrong with its bytes."""
    if isinstance(state, str):  # SQLite keeps what an SQL edit made of the blob (replace() gives text)
        state = state.encode("utf-8", "surrogateescape")
    if not isinstance(state, bytes | bytearray | memoryview):
        raise TypeError(f"its row holds {type(state).__name__}, not bytes")
    stored_hash, recorded_at, rolls, raw = _RAW_DECODER.decode(state)
    if not _HEX64.match(stored_hash):
        raise ValueError(f"its stored hash {stored_hash[:70]!r} is not a SHA-256")
    return stored_hash, recorded_at, rolls, bytes(raw)


def _short(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text if len(text) <= 200 else text[:200] + "..."


def open_store(url: str) -> GameStore:
    """Open (creating if needed) the store at a SQLite path, ``:memory:``, or a ``postgresql://`` address."""
    try:
        return GameStore(url)
    except AwawError:
        raise
    except Exception as exc:  # the library raises OSError / psycopg errors for unreachable stores
        raise AwawError(f"cannot open the store {url!r}: {exc}") from exc


def iter_chunks(items: Iterable[Event], size: int) -> Iterator[list[Event]]:
    """Split an iterable of events into lists of at most ``size``."""
    chunk: list[Event] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk
