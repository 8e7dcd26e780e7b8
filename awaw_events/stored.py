"""What the store keeps, in the shapes it keeps them: records, registry records, the verify report, and the
settings for a store's address. Split from :mod:`awaw_events.store`, which re-exports the public names."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import uuid
from typing import Final, NamedTuple
from urllib.parse import unquote, urlparse

import msgspec

from awaw_events import backend
from awaw_events.errors import UnreadableEventError
from awaw_events.events import EVENT_TYPES, AnyEvent

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


class TimelineEntry(NamedTuple):
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


_RECORD_DECODER: Final[msgspec.json.Decoder[tuple[str, str, int, AnyEvent]]] = msgspec.json.Decoder(
    tuple[str, str, int, AnyEvent]
)
_RAW_DECODER: Final[msgspec.json.Decoder[tuple[str, str, int, msgspec.Raw]]] = msgspec.json.Decoder(
    tuple[str, str, int, msgspec.Raw]
)


_TAGS: dict[type, str] = {}
"""Event tags by class, filled as events are written."""


def _unreadable(name: str, seq: int, exc: Exception) -> UnreadableEventError:
    return UnreadableEventError(
        f"event {seq} of {name!r} cannot be read from the store ({exc}): the store was damaged or edited; "
        f"`awaw verify {name}` lists every such event"
    )


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
            # The schema is created once, by the first opener (see awaw_events.backend), not on every open.
            "CREATE_TABLE": "n",
            # A long import holds a transaction open between bounded statements; a stalled client gives up its
            # lock after this long (the library's default, 5 s, is short for a slow pipe on standard input).
            "POSTGRES_IDLE_IN_TRANSACTION_SESSION_TIMEOUT": "60",
            "POSTGRES_CONNECT_TIMEOUT": "5",
            # A command needs one connection (two while it copies between stores): open one, not the library's 5.
            "POSTGRES_POOL_SIZE": "1",
            "POSTGRES_MAX_OVERFLOW": "4",
        }
        return env
    if url.startswith("sqlite:///"):
        url = url.removeprefix("sqlite:///")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": url if url != ":memory:" else "file:awaw-memory-" + uuid.uuid4().hex + "?mode=memory",
        "SQLITE_LOCK_TIMEOUT": str(backend.LOCK_TIMEOUT_S),
        "ORIGINATOR_ID_TYPE": "text",
        "CREATE_TABLE": "n",
    }


# {state}: SQLite keeps whatever an SQL edit stored, so it reads CAST(state AS BLOB): a number or text in the state
# column must read as bytes that fail to decode (a clean error), not as a value no decoder takes.
_SELECT_AFTER: Final = (
    "SELECT originator_version, topic, {state} FROM {t} WHERE originator_id = ? AND originator_version > ? "
    "ORDER BY originator_version LIMIT ?"
)
_SELECT_BETWEEN: Final = (
    "SELECT originator_version, topic, {state} FROM {t} WHERE originator_id = ? AND originator_version > ? "
    "AND originator_version <= ? ORDER BY originator_version LIMIT ?"
)
_SELECT_LAST: Final = (
    "SELECT originator_version, topic, {state} FROM {t} WHERE originator_id = ? AND originator_version > ? "
    "AND originator_version <= ? ORDER BY originator_version DESC LIMIT 1"
)
_SELECT_OFF_ORDER: Final = (
    "SELECT originator_version, topic, {state} FROM {t} WHERE originator_id = ? AND originator_version > ? "
    "AND originator_version <= ? AND (topic IN ({tags}) OR {holds}) ORDER BY originator_version"
)
"""The rows of a stream that the log's order of game time does not place: ``{tags}``, the annotation types' marks;
``{holds}``, the backend's test that the stored bytes hold :data:`APPROXIMATE_PATTERN`."""
APPROXIMATE_PATTERN: Final = b'"until":'
"""Stored bytes holding an approximate game time: ``until`` is encoded only when given (``omit_defaults``), and a
quote inside a string is escaped, so only the field matches (a nested field of that name too: the caller decodes
what this finds and keeps what it needs)."""
ANNOTATION_TAGS: Final = tuple(sorted(str(c.__struct_config__.tag) for c in EVENT_TYPES if c.annotation))
"""The types of annotations (notes, rulings, bookmarks, seeds ...): they carry a game time outside the log's order."""
assert all(re.fullmatch(r"[a-z_]+", tag) for tag in ANNOTATION_TAGS)  # written into SQL as literals below
OFF_ORDER_INDEX: Final = backend.PartialIndex(
    "awaw_off_order",
    f"topic IN ({', '.join(repr(tag) for tag in ANNOTATION_TAGS)}) "
    f"OR instr(CAST(state AS BLOB), X'{APPROXIMATE_PATTERN.hex()}') > 0",
)
"""The rows :data:`_SELECT_OFF_ORDER` selects, indexed (SQLite): a read of a span of game time finds them in the
index instead of reading the whole log's bytes (0.07 s of CPU on a 60,000-event game). Its clause is the query's
with the values written in, so that the query below names it and is planned on it."""
_SELECT_OFF_ORDER_INDEXED: Final = (
    f"SELECT originator_version, topic, {{state}} FROM {{t}} INDEXED BY {OFF_ORDER_INDEX.name} "
    "WHERE originator_id = ? AND originator_version > ? AND originator_version <= ? "
    f"AND ({OFF_ORDER_INDEX.where}) ORDER BY originator_version"
)
""":data:`_SELECT_OFF_ORDER` through :data:`OFF_ORDER_INDEX`, once it exists."""
_LAST_VERSION: Final = 2**62
"""Above any sequence number: "no upper bound" in the queries."""

_OWNER = re.compile(r"(?:^|:)((?:game|branch):[0-9a-f]{32})$")
"""The timeline stream a stream belongs to (its own events, or an index, snapshot or secret stream beside them)."""


class Unreachable(NamedTuple):
    """Stored rows that no timeline reaches: a stream and what is beside it (indexes, snapshots, secrets)."""

    stream: str
    rows: int
    size: int
    reason: str


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
