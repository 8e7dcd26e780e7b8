"""Bundles: one file that holds a game with its variations (``awaw export --with-branches``), or a hand-off (the
new events of a timeline, the head they reach and their signature), the way a PGN file holds a game, its
variations and its comments. The format is in ``docs/bundle.md``; in short, JSON Lines:

* line 1, the header: ``{"awaw_bundle": 1, "kind": "game" | "handoff", "game": NAME, "timelines": [...]}``; each
  timeline says its name, its parent and the event it forks after, which of its events the bundle carries
  (``from`` to ``to``) and the hashes of the chain just before them (``base``) and at the end (``head``);
* for each timeline, parents first, a line ``{"timeline": NAME, "from": N}`` and then its events, one a line, in
  their canonical encoding (what ``awaw export`` writes): a branch from the event after its fork, so that the
  events it shares with its parent are written once;
* the map-data files the game declares, one a line: ``{"map_data": SHA256, "content": TEXT}``;
* last, ``{"end": {"events": N}}``: a bundle cut short is refused.

Bookmarks, notes, rulings, dice commitments and signed hand-offs are events, so they travel with their timeline.
An event keeps its bytes, so it keeps its hash: a same-dice branch's rolls check against its parent's seed and a
signed hand-off's signature against the head it signed, in the store that imports the bundle as in the one that
wrote it.

Importing (:func:`import_bundle`) restores every timeline, whole or not at all, in one transaction of the store:
into a store that holds some of them already it appends only what each lacks, and it refuses a timeline that parts
from the stored one (the event, the field and both values) or forks elsewhere. A reader of version 1 ignores header
fields it does not know (room for what a later writer adds) and refuses a version or a kind it does not know.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, Final, Literal, NamedTuple

import msgspec

from awaw_events.codec import encode, parse_json_event
from awaw_events.errors import InputError, StoreError
from awaw_events.events import MapDataUsed, SeedCommitted
from awaw_events.keys import KeyRing
from awaw_events.log import Divergence, Numbered, Referee, context_of, import_events, parting
from awaw_events.store import GENESIS_HASH, GameStore, TimelineEntry, chain_hash

VERSION: Final = 1
"""The bundle format's version: a reader refuses a bundle of a later version."""

MAX_LINE: Final = 1 << 24
"""The longest line a bundle may hold (a map-data file is one line): 16 MiB."""

Kind = Literal["game", "handoff"]
_SHORT: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_HEX64: Final = re.compile(r"^[0-9a-f]{64}$")


class BundledTimeline(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=False):
    """One timeline of a bundle: where it forks (``parent``, ``fork_at``), the events it carries (``from`` to
    ``to``), the chain's hash before them (``base``: the hash of event ``from - 1``) and at ``to`` (``head``)."""

    name: str
    parent: str | None = None
    fork_at: int = 0
    first: int = msgspec.field(name="from")
    last: int = msgspec.field(name="to")
    base: str
    head: str


class Header(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=False):
    """The first line of a bundle."""

    awaw_bundle: int
    kind: Kind = "game"
    game: str
    timelines: list[BundledTimeline]
    map_data: list[str] = []


class _Section(msgspec.Struct, frozen=True, kw_only=True):
    timeline: str
    first: int = msgspec.field(name="from")


class _MapData(msgspec.Struct, frozen=True, kw_only=True):
    map_data: str
    content: str


class _End(msgspec.Struct, frozen=True, kw_only=True):
    end: dict[str, int]


_HEADER: Final = msgspec.json.Decoder(Header)
_SECTION: Final = msgspec.json.Decoder(_Section)
_MAP: Final = msgspec.json.Decoder(_MapData)
_END: Final = msgspec.json.Decoder(_End)
_ENCODER: Final = msgspec.json.Encoder()


def is_bundle(start: bytes) -> bool:
    """Whether a file that starts with these bytes is a bundle (its first key is ``awaw_bundle``)."""
    return start.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b'{"awaw_bundle"')


# ---------------------------------------------------------------------------------------------------------------------
# Writing


def _parents_first(timelines: Sequence[TimelineEntry]) -> list[TimelineEntry]:
    ordered: list[TimelineEntry] = []
    placed: set[str] = set()
    waiting = list(timelines)
    while waiting:
        ready = [t for t in waiting if t.parent is None or t.parent in placed]
        if not ready:  # pragma: no cover - a registry always has roots
            raise StoreError(f"the timelines {', '.join(t.name for t in waiting)} have no root to start from")
        ordered += ready
        placed.update(t.name for t in ready)
        waiting = [t for t in waiting if t.name not in placed]
    return ordered


class Written(NamedTuple):
    """A bundle written: its game, its timelines (with the events each carries) and its events in all."""

    game: str
    timelines: tuple[BundledTimeline, ...]
    events: int


def _entry(store: GameStore, timeline: TimelineEntry, first: int) -> BundledTimeline:
    last = store.count(timeline.name)
    before = store.record_at(timeline.name, first - 1) if first > 1 else None
    head = store.record_at(timeline.name, last) if last else None
    return BundledTimeline(
        name=timeline.name,
        parent=timeline.parent,
        fork_at=timeline.fork_at,
        first=first,
        last=last,
        base=before.hash if before is not None else GENESIS_HASH,
        head=head.hash if head is not None else GENESIS_HASH,
    )


def write_game(store: GameStore, game: str, handle: IO[str]) -> Written:
    """Write ``game`` with every timeline it has (each branch from the event after its fork), its map data and
    the end line, streaming its events (the game need not fit in memory)."""
    with store.timelines_held():
        timelines = [t for t in store.timelines() if t.game == store.timeline(game).game]
        ordered = _parents_first(timelines)
        entries = [_entry(store, t, t.fork_at + 1) for t in ordered]
        maps = sorted(
            {
                r.event.sha256
                for t in ordered
                for r in store.tagged(t.name, ("map_data_used",))
                if isinstance(r.event, MapDataUsed) and store.map_data(r.event.sha256) is not None
            }
        )
        header = Header(
            awaw_bundle=VERSION, kind="game", game=store.timeline(game).game, timelines=entries, map_data=maps
        )
        return _write(store, header, handle)


def write_handoff(store: GameStore, timeline: str, after: int, handle: IO[str]) -> Written:
    """Write a hand-off: the events of ``timeline`` after event ``after`` (the head the receiver holds), the head
    they reach, and the signature among them (a ``handoff_signed`` event, when the sender signed)."""
    info = store.timeline(timeline)
    count = store.count(timeline)
    if not 0 <= after <= count:
        raise InputError(f"{timeline!r} has events 1 to {count}, not {after}", field="after")
    header = Header(awaw_bundle=VERSION, kind="handoff", game=info.game, timelines=[_entry(store, info, after + 1)])
    return _write(store, header, handle)


def _write(store: GameStore, header: Header, handle: IO[str]) -> Written:
    handle.write(_ENCODER.encode(header).decode() + "\n")
    events = 0
    for entry in header.timelines:
        handle.write(_ENCODER.encode(_Section(timeline=entry.name, first=entry.first)).decode() + "\n")
        for event in store.events(entry.name, start=entry.first):
            handle.write(encode(event).decode() + "\n")
            events += 1
    for sha in header.map_data:
        content = store.map_data(sha)
        if content is not None:
            line = _MapData(map_data=sha, content=content.decode("utf-8"))
            handle.write(_ENCODER.encode(line).decode() + "\n")
    handle.write(_ENCODER.encode(_End(end={"events": events})).decode() + "\n")
    return Written(header.game, tuple(header.timelines), events)


# ---------------------------------------------------------------------------------------------------------------------
# Reading


class _Lines:
    """The lines of a bundle, numbered, each refused past :data:`MAX_LINE` or when it is not UTF-8 JSON."""

    def __init__(self, handle: IO[bytes]) -> None:
        self.handle = handle
        self.number = 0
        self.pending: bytes | None = None

    def next(self) -> bytes | None:
        if self.pending is not None:
            line, self.pending = self.pending, None
            return line
        while True:
            raw = self.handle.readline(MAX_LINE + 1)
            if not raw:
                return None
            self.number += 1
            if len(raw) > MAX_LINE:
                raise InputError(f"longer than {MAX_LINE:,} bytes: not a bundle line", where=self.where)
            if self.number == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            line = raw.strip()
            if line:
                return line

    def back(self, line: bytes) -> None:
        self.pending = line

    @property
    def where(self) -> str:
        return f"line {self.number}"


def _decode(decoder: msgspec.json.Decoder[Any], line: bytes, where: str, what: str) -> Any:
    try:
        return decoder.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise InputError(f"not {what}: {exc}", where=where) from None


def read_header(lines: _Lines) -> Header:
    first = lines.next()
    if first is None or not is_bundle(first):
        raise InputError("not a bundle: its first line is not an awaw_bundle header", where="line 1")
    header: Header = _decode(_HEADER, first, "line 1", "a bundle header")
    if header.awaw_bundle != VERSION:
        raise InputError(
            f"a bundle of version {header.awaw_bundle}; this version of awaw reads version {VERSION}", where="line 1"
        )
    names = [t.name for t in header.timelines]
    if len(set(names)) != len(names):
        raise InputError("the header names a timeline twice", where="line 1")
    known: set[str] = set()
    for t in header.timelines:
        if t.name != header.game and not (t.name.startswith(header.game + "/") and _SHORT.match(t.name.split("/")[1])):
            raise InputError(f"timeline {t.name!r} is not {header.game!r} or one of its branches", where="line 1")
        if t.parent is not None and t.parent not in known and header.kind == "game":
            raise InputError(f"timeline {t.name!r} comes before its parent {t.parent!r}", where="line 1")
        if not (_HEX64.match(t.base) and _HEX64.match(t.head)) or t.first < 1 or t.last < t.first - 1:
            raise InputError(f"timeline {t.name!r}: its span or hashes are not what a bundle holds", where="line 1")
        known.add(t.name)
    return header


class Section(NamedTuple):
    """One timeline's part of a bundle: its entry and its events as they are read."""

    entry: BundledTimeline
    events: Iterator[Numbered | InputError]


def sections(handle: IO[bytes]) -> tuple[Header, Iterator[Section], Callable[[], dict[str, bytes]]]:
    """The header, each timeline's section in order (read one after the other: a section's events must be taken
    before the next section), and, once every section is read, the map-data files and the end checked."""
    lines = _Lines(handle)
    header = read_header(lines)
    maps: dict[str, bytes] = {}

    def events_of(entry: BundledTimeline) -> Iterator[Numbered | InputError]:
        count = 0
        while (line := lines.next()) is not None:
            if not line.startswith(b'{"type"') and line.startswith(b'{"'):
                lines.back(line)
                break
            count += 1
            where = f"{lines.where} (event {entry.first + count - 1} of {entry.name})"
            try:
                yield Numbered(where, parse_json_event(line, where=where))
            except InputError as exc:
                yield exc
        if count != entry.last - entry.first + 1:
            yield InputError(
                f"{entry.name!r}: the bundle holds {count} of its events, the header says "
                f"{entry.last - entry.first + 1} (events {entry.first} to {entry.last})",
                where=lines.where,
            )

    def walk() -> Iterator[Section]:
        for entry in header.timelines:
            line = lines.next()
            if line is None:
                raise InputError(f"the bundle ends before the events of {entry.name!r}: it was cut short")
            section: _Section = _decode(_SECTION, line, lines.where, f"the start of {entry.name!r}'s events")
            if (section.timeline, section.first) != (entry.name, entry.first):
                raise InputError(
                    f"expected the events of {entry.name!r} from event {entry.first}, found {section.timeline!r} "
                    f"from {section.first}",
                    where=lines.where,
                )
            yield Section(entry, events_of(entry))

    def finish() -> dict[str, bytes]:
        while (line := lines.next()) is not None:
            if line.startswith(b'{"end"'):
                _decode(_END, line, lines.where, "the end of a bundle")
                if lines.next() is not None:
                    raise InputError("lines after the end of the bundle", where=lines.where)
                return maps
            found: _MapData = _decode(_MAP, line, lines.where, "a map-data line")
            if found.map_data not in header.map_data:
                raise InputError(f"map data {found.map_data[:12]}... is not in the header", where=lines.where)
            maps[found.map_data] = found.content.encode("utf-8")
        raise InputError("the bundle has no end line: it was cut short, and nothing was imported")

    return header, walk(), finish


# ---------------------------------------------------------------------------------------------------------------------
# Importing


class TimelineImported(NamedTuple):
    """One timeline of a bundle imported: its name here, the events the bundle carried and those it appended
    (``first`` to ``last``; none when the store held them all)."""

    name: str
    carried: int
    first: int
    last: int
    created: bool

    @property
    def written(self) -> int:
        return self.last - self.first + 1 if self.last else 0


def _renamed(name: str, old: str, new: str) -> str:
    return new + name[len(old) :] if name == old or name.startswith(old + "/") else name


class _Shared:
    """A section's events walked against what the store holds of the timeline from the same event: those both hold
    (byte for byte, so with the same hash) are skipped, the first that differs is refused (:class:`Divergence`),
    and the rest is passed on to be appended."""

    def __init__(self, store: GameStore, name: str, entry: BundledTimeline, items: Iterable[Numbered | InputError]):
        self.items = items
        self.name = name
        held = store.count(name)
        if held < entry.first - 1:
            raise InputError(
                f"{name!r} holds events 1 to {held} here; the bundle's start at event {entry.first}: the events "
                "between are missing (import them first)",
                where=name,
            )
        before = store.record_at(name, entry.first - 1) if entry.first > 1 else None
        self.previous = before.hash if before is not None else GENESIS_HASH
        if self.previous != entry.base:
            raise Divergence(
                f"{name!r} holds another event {entry.first - 1} than the bundle's (their hashes differ): the bundle's "
                f"events from {entry.first} do not follow it; refusing to merge diverged copies",
                where=f"event {entry.first - 1}",
            )
        self.stored = store.records(name, start=entry.first)
        self.held = 0

    def __iter__(self) -> Iterator[Numbered | InputError]:
        stored: Iterator[Any] | None = self.stored
        for item in self.items:
            if isinstance(item, InputError) or stored is None:
                yield item
                continue
            record = next(stored, None)
            if record is None:
                stored = None
                yield item
                continue
            digest = chain_hash(self.previous, encode(item.event))
            if digest != record.hash:
                raise Divergence(
                    parting(self.name, record, item.event).replace("this copy", "the bundle"), where=item.where
                )
            self.previous = digest
            self.held += 1


def import_bundle(
    store: GameStore,
    handle: IO[bytes],
    *,
    game: str | None = None,
    referee: Callable[[str], Referee | None] | None = None,
    progress: Callable[[int], None] | None = None,
    keys: KeyRing | None = None,
) -> tuple[Header, list[TimelineImported]]:
    """Import a bundle into ``store`` (as ``game``, default the bundle's own name: its branches follow the name),
    whole or not at all: each timeline is created where it is missing (a branch at its fork) and given the events
    the store lacks; a timeline that parts from the stored one or forks elsewhere is refused, and so is a bundle
    whose timelines do not end at the heads its header gives. ``referee(name)`` looks at each timeline's new events
    (:class:`awaw_events.log.Referee`); the trust gate at every trust event and roll, as ``awaw import`` does, with
    the importer's ``keys``.

    A branch with its own dice starts with the commitment of its seed, which ``awaw branch`` writes at the fork with
    no signature (the parent's seed being still secret there, the gate would refuse it from a file): a branch the
    store lacks gets that first commitment as ``awaw branch`` writes it, checked to be what it would write (its
    first roll the one after the fork's), and every later event through the gate."""
    header, parts, finish = sections(handle)
    target = game or header.game
    if header.kind == "handoff" and len(header.timelines) != 1:
        raise InputError("a hand-off bundle holds one timeline", where="line 1")
    done: list[TimelineImported] = []
    read = 0
    with store.transaction():
        for part in parts:
            entry = part.entry
            name = _renamed(entry.name, header.game, target)
            parent = _renamed(entry.parent, header.game, target) if entry.parent is not None else None
            created = _ensure(store, name, target, parent, entry, header.kind)
            shared = _Shared(store, name, entry, part.events)  # what the store holds of it, skipped (none if new)
            events: Iterable[Numbered | InputError] = shared
            committed = 0
            if created and parent is not None:
                events, committed = _forked(store, name, parent, entry, part.events)
            counting = _count(events, progress, read)
            imported = import_events(store, name, counting, referee=referee(name) if referee else None, keys=keys)
            read += imported.read + shared.held
            first = committed or imported.first
            last = imported.last or committed
            done.append(TimelineImported(name, entry.last - entry.first + 1, first, last, created))
            head = store.record_at(name, entry.last) if entry.last else None
            if (head.hash if head is not None else GENESIS_HASH) != entry.head:
                raise StoreError(
                    f"{name!r} does not reach the head the bundle gives at event {entry.last}; nothing was imported"
                )
        for sha, content in finish().items():
            store.put_map_data(sha, content)
    return header, done


def _forked(
    store: GameStore, name: str, parent: str, entry: BundledTimeline, items: Iterator[Numbered | InputError]
) -> tuple[Iterator[Numbered | InputError], int]:
    """A new branch's events: its own dice commitment at the fork (if it has one) written now, as ``awaw branch``
    writes it (and its number: 0 if none); the rest to be imported after it."""
    first = next(items, None)
    if first is None:
        return iter(()), 0
    event = first if isinstance(first, InputError) else first.event
    if isinstance(event, SeedCommitted) and entry.first == entry.fork_at + 1 and not event.player:
        expected = context_of(store, parent, entry.fork_at).last_roll + 1
        if event.first_roll != expected:
            raise InputError(
                f"{name!r}: a branch's own dice commitment is for the rolls after its fork, from #{expected}",
                where=first.where if isinstance(first, Numbered) else None,
            )
        store.append(name, [event], expected_count=entry.fork_at)
        return items, entry.fork_at + 1
    return itertools.chain([first], items), 0


def _count(
    items: Iterable[Numbered | InputError], progress: Callable[[int], None] | None, start: int
) -> Iterator[Numbered | InputError]:
    n = start
    for item in items:
        n += 1
        if progress is not None and n % 1_000 == 0:
            progress(n)
        yield item


def _ensure(store: GameStore, name: str, game: str, parent: str | None, entry: BundledTimeline, kind: Kind) -> bool:
    """The timeline exists as the bundle has it (made here if missing: True); one that forks elsewhere is refused."""
    if store.exists(name):
        here = store.timeline(name)
        if kind == "game" and (here.parent, here.fork_at) != (parent, entry.fork_at):

            def where(p: str | None, at: int) -> str:
                return f"forks from {p!r} after event {at}" if p is not None else "is a main line"

            raise Divergence(
                f"{name!r} {where(here.parent, here.fork_at)} here, and {where(parent, entry.fork_at)} in the "
                "bundle; refusing to merge diverged copies",
                where=name,
            )
        return False
    if kind == "handoff":
        raise InputError(f"a hand-off extends a timeline this store holds: there is no {name!r} here")
    if parent is not None and not store.exists(parent):
        raise InputError(f"{name!r} forks from {parent!r}, which neither this store nor the bundle holds")
    store.add_timeline(TimelineEntry(name, game, "", parent, entry.fork_at if parent is not None else 0, ""))
    return True


__all__ = [
    "VERSION",
    "BundledTimeline",
    "Header",
    "TimelineImported",
    "Written",
    "import_bundle",
    "is_bundle",
    "read_header",
    "sections",
    "write_game",
    "write_handoff",
]
