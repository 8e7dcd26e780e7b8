"""Audit reports kept and used again: an audit of a long game pays for the events no earlier audit saw, and for
reading the others.

The audit cuts the events it reads into *ranges* on the snapshot grid (``1..2000``, ``2001..4000`` ... and the last
range up to where it stops: :data:`awaw_events.snapshots.EVERY`). Each range's report (its findings, its checks not
made, its counts) is kept in the reader's own cache beside the snapshots: the same directory, key (each file under
the MAC of the reader's snapshot key: one edited or copied from someone else's cache is never used) and budget
(:mod:`awaw_events.snapshots`), in a directory of its own per code and check selection (:func:`cache_code`). Its
file is named by the range's last event and the chain hash there.

A kept report is used again only when its *fingerprint* is the one the audit computes from what it reads now. The
fingerprint of a range is a hash of the previous range's fingerprint (so of everything before it), the range's
bounds, the event it starts checking at (``--from``), whether the audit stops at its end (the end-of-log checks),
the stored bytes of every event read for it (each event's number, record and chain hash: an event edited in the
store, even one whose chain hash was left as it was, changes it), what the rulings standing at the audit's end do
to its events (which are voided, what stands in their place, what is inserted after them), and how each map data it
declares resolves in this store (found, or the reason it is not). The cache's directory is named by the hash of the
audit's code (:mod:`replays.audit.version`) and the ``--rule`` selection; the game's options are events, in the
bytes. So a ruling or an insertion changes the fingerprint of the range holding the first event it touches and of
every range after it, and of none before; a branch shares its parent's ranges up to its fork.

Every range is still read and decoded, kept or not: a damaged event is the audit's error (exit 2) whatever the
cache holds (README, Trust). A kept range costs that read and its hashing: no fold, no checks. From the first range
not kept on, the audit folds and checks as one audit in one process would, from the state before that range: the
snapshot there as ``awaw state`` reads it (:func:`replays.state.state_at`) where no ruling changes the events before
it, else the state the kept range before it holds (a kept report of a range at or after the first event a ruling
touches keeps the state at its end with it). The reports joined (:func:`replays.audit.engine.joined`) are the
report of one audit, field by field: a test holds a cached audit equal to one from scratch after a ruling, an
insertion, on a branch, with ``--rule`` and ``--from``, and after an event was edited in the store.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Final

import msgspec

from awaw_events import rulings as rulings_mod
from awaw_events.codec import tag_of
from awaw_events.events import Event, MapDataChanged, MapDataUsed
from awaw_events.rulings import RulingIndex
from awaw_events.snapshots import EVERY, Entry, Snapshots
from awaw_events.store import Timeline
from awaw_events.stored import _RECORD_DECODER, Numbered, _unreadable
from projections import game
from projections.core import MapDataRef, map_data_ref
from projections.game import Fold, GameState
from replays.audit import engine
from replays.audit.catalogue import checks, store_maps
from replays.audit.engine import AuditReport
from replays.audit.version import code_hash
from replays.state import keep, state_at

KIND: Final = "audit"
"""The first word of the cache directories of kept audit reports (beside the snapshots' code versions)."""

_FORMAT: Final = b"awaw-audit-range/v1\0"

DECLARING: Final[frozenset[type[Event]]] = frozenset({MapDataUsed, MapDataChanged})
"""The events that declare a game's map data (what :attr:`projections.core.Meta.map_data` follows)."""
MAP_TAGS: Final = (tag_of(MapDataUsed), tag_of(MapDataChanged))


class Kept(msgspec.Struct, frozen=True, array_like=True):
    """A range's report as kept: the fingerprint it answers, the report, and (for a range at or after the first
    event a ruling touches, whose end no snapshot may hold) the state at its end
    (:func:`projections.game.encode_state`)."""

    fingerprint: str
    report: AuditReport
    state: bytes | None = None


_ENCODER: Final = msgspec.msgpack.Encoder()
_DECODER: Final = msgspec.msgpack.Decoder(Kept)


def cache_code(rule_prefix: str | None) -> str:
    """The cache directory's name for the reports of this code (:func:`replays.audit.version.code_hash`) with this
    ``--rule`` selection (None: every check)."""
    digest = hashlib.sha256(b"awaw-audit-reports/v1\0%s\0" % code_hash().encode())
    digest.update(b"every check" if rule_prefix is None else b"rule\0" + rule_prefix.encode())
    return f"{KIND}-{digest.hexdigest()[:40]}"


def ranges(first: int, last: int, every: int = EVERY) -> list[tuple[int, int]]:
    """``first..last`` cut on the grid of ``every`` events: each range ends at a multiple of it, but the last."""
    found: list[tuple[int, int]] = []
    low = first
    while low <= last:
        high = min(last, ((low - 1) // every + 1) * every)
        found.append((low, high))
        low = high + 1
    return found


def first_touched(index: RulingIndex) -> int | None:
    """The first event whose place in the effective log the rulings change (voided, replaced, moved, or followed by
    inserted events): the state after any event before it is the fold of the events as stored."""
    return min((*index.voided_by, *index.replacement_of, *index.inserted_after), default=None)


class _Reader:
    """Reads ranges of a timeline's effective log (the rulings standing at the audit's end), decoding every event and
    hashing what it reads into the range's fingerprint."""

    def __init__(
        self,
        timeline: Timeline,
        index: RulingIndex,
        maps: Callable[[MapDataRef], tuple[object | None, str | None]],
    ) -> None:
        self.timeline = timeline
        self.index = index
        self.maps = maps
        self.chain = ""
        """The chain hash of the last event of the range last read ('' if it was not read)."""
        self._resolved: dict[MapDataRef, bytes] = {}

    def resolution(self, declared: MapDataRef) -> bytes:
        """How the map data a game declares resolves in this store: found (its hash), or why not."""
        found = self._resolved.get(declared)
        if found is None:
            data, why = self.maps(declared)
            answer = b"found" if data is not None else (why or "").encode()
            found = self._resolved[declared] = b"map\0%s\0%s\0" % (declared.sha256.encode(), answer)
        return found

    def _stored(self, low: int, high: int, digest: hashlib._Hash) -> tuple[list[Numbered], str]:
        """The events stored at ``low..high``, decoded, and the chain hash of the last if it is ``high`` (else '').
        Their bytes go into ``digest`` as stored, one after the other (a record is one JSON text, so where one ends
        the next begins), with the number of an event that is not the one after the last."""
        decode = _RECORD_DECODER.decode
        update = digest.update
        events: list[Numbered] = []
        append = events.append
        expected, chain = low, ""
        for seq, _topic, state in self.timeline.rows(low, high):
            if seq != expected:
                update(b"@%d\0" % seq)
            expected = seq + 1
            update(state)
            try:
                chain, _recorded_at, _rolls, event = decode(state)
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise _unreadable(self.timeline.name, seq, exc) from None
            append(Numbered(seq, event))
        return events, chain if expected == high + 1 else ""

    def read(self, low: int, high: int, digest: hashlib._Hash) -> list[Numbered]:
        """The effective events stored at ``low..high`` (and those the rulings put among them), in order."""
        events, self.chain = self._stored(low, high, digest)
        index = self.index
        if not index.empty:
            digest.update(_ruled(index, low, high))

            def fetch(seq: int) -> Numbered:
                digest.update(b"fetched\0%d\0" % seq)
                found, _ = self._stored(seq, seq, digest)
                if not found:  # pragma: no cover - a ruling names only events of its timeline
                    raise LookupError(f"event {seq} of {self.timeline.name!r} is not in the store")
                return found[0]

            events = list(rulings_mod.effective(events, index, fetch))
        for numbered in events:
            if type(numbered.event) in DECLARING:
                digest.update(self.resolution(map_data_ref(numbered.event)))  # type: ignore[arg-type]
        return events


def _ruled(index: RulingIndex, low: int, high: int) -> bytes:
    """What the rulings do to the events stored at ``low..high``, as bytes (empty when they touch none)."""
    voided = index.voided_by

    def inside(seqs: dict[int, object]) -> list[int]:
        return sorted(s for s in seqs if low <= s <= high)

    def standing(seqs: tuple[int, ...]) -> list[int]:
        return [s for s in seqs if s not in voided]

    facts = (
        inside(voided),  # type: ignore[arg-type]
        inside(index.replacement_of),  # type: ignore[arg-type]
        [(s, standing(index.replacements_at[s])) for s in inside(index.replacements_at)],  # type: ignore[arg-type]
        [(s, standing(index.inserted_after[s])) for s in inside(index.inserted_after)],  # type: ignore[arg-type]
    )
    return msgspec.msgpack.encode(facts) if any(facts) else b""


def _declared(timeline: Timeline, seq: int) -> MapDataRef | bytes | None:
    """The map data that the last declaration among events ``1..seq`` names, found by the stored type (the events are
    as stored: no ruling touches them), in the timeline's own streams; None when none declares any, and bytes
    saying so when that event cannot be read (the audit's fold says what it is, if it reads it)."""
    store = timeline.store
    for stream, after, up_to in reversed(timeline.pieces(1, seq)):
        for _version, state in store._tagged_rows(stream, after, up_to, MAP_TAGS, True):
            try:
                event = _RECORD_DECODER.decode(state)[3]
            except (msgspec.DecodeError, msgspec.ValidationError):
                return b"unreadable declaration\0"
            if isinstance(event, MapDataUsed | MapDataChanged):
                return map_data_ref(event)
    return None


def _load(kept: Snapshots, root: str, code: str, entry: Entry, fingerprint: str) -> Kept | None:
    data = kept.load(root, code, entry)
    if data is None:
        return None
    try:
        found = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None  # another version's layout: not used
    return found if found.fingerprint == fingerprint else None


def audit_reusing(
    timeline: Timeline,
    start: int,
    last: int,
    rule_prefix: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> AuditReport:
    """The audit of events ``start..last`` of ``timeline`` (``1 <= start <= last``), in this process, using the
    reports its reader keeps for ranges whose fingerprint is unchanged and keeping those of the others."""
    root = timeline.root
    assert root is not None and 1 <= start <= last
    kept = timeline.store.snapshots
    selected = checks(rule_prefix)
    maps = store_maps(timeline.store)
    index = timeline.ruling_index(last)
    touched = first_touched(index)
    # where the read starts: the event checked first, when the state before it is the snapshot's (no ruling changes
    # the events before it), else the first event (the effective log read whole, as one audit reads it)
    read_from = start if start > 1 and (touched is None or start - 1 < touched) else 1
    code = cache_code(rule_prefix)
    reader = _Reader(timeline, index, maps)
    head = hashlib.sha256(_FORMAT)
    if read_from > 1:  # the events before, as stored (their chain hash), and the map data they declare
        before = timeline.record_at(read_from - 1)
        assert before is not None
        head.update(b"from\0%d\0%s\0" % (read_from - 1, before.hash.encode()))
        declared = _declared(timeline, read_from - 1)
        if declared is not None:
            head.update(reader.resolution(declared) if isinstance(declared, MapDataRef) else declared)
    fingerprint = head.digest()
    spans = ranges(read_from, last)
    reports: list[AuditReport] = []
    fold: Fold | None = None
    previous: Kept | None = None
    checked = 0

    def advance(count: int) -> None:
        if progress is not None:
            progress(checked + count)

    for low, high in spans:
        final = high == last
        digest = hashlib.sha256(fingerprint)
        digest.update(b"range\0%d\0%d\0%d\0%d\0" % (low, high, max(start, low), final))
        records = reader.read(low, high, digest)
        fingerprint = digest.digest()
        entry = Entry(high, reader.chain) if reader.chain else None
        if fold is None:
            found = _load(kept, root, code, entry, fingerprint.hex()) if entry is not None else None
            if found is not None:
                reports.append(found.report)
                previous = found
                checked += found.report.events
                advance(0)
                continue
            fold = Fold(_state_before(timeline, low, read_from, touched, previous))
        report = engine.run(selected, records, start=start, progress=advance, maps=maps, fold=fold, at_end=final)
        reports.append(report)
        checked += report.events
        advance(0)
        with_state = touched is not None and high >= touched
        if entry is not None:
            made = Kept(fingerprint.hex(), report, game.encode_state(fold.state) if with_state else None)
            kept.keep(root, code, entry, _ENCODER.encode(made), lasting=high % EVERY == 0)
        if not with_state and not final:
            keep(timeline, high, fold.state)  # a snapshot on the grid: where a later audit starts if this range changes
    if fold is not None and last == timeline.count:
        keep(timeline, last, fold.state)  # the end: the next command's start
    return engine.joined(reports)


def _state_before(
    timeline: Timeline,
    low: int,
    read_from: int,
    touched: int | None,
    previous: Kept | None,
) -> GameState | None:
    """The state before event ``low``, the first of a range not kept (None: the state before the first event)."""
    if low == 1:
        return None
    if low == read_from or touched is None or low - 1 < touched:
        return state_at(timeline, low - 1)  # the events before are as stored: the snapshot's state is theirs
    assert previous is not None and previous.state is not None  # kept with every range at or after ``touched``
    return game.decode_state(previous.state)
