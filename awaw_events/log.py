"""The game log: what may enter a timeline, and the library functions behind ``awaw new``, ``import`` and ``record``.

The store keeps batches whole and ordered; this module keeps the log *sound*: a game starts with ``game_created``,
game time never goes backwards (annotations aside), dice are numbered without gaps, and references point at events
and rolls that exist. Every check names the event (line or document index) and the field, and a batch with any
problem is rejected whole, before anything is written.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Concatenate, NamedTuple, ParamSpec, Protocol, TypeVar

import msgspec

from awaw_events import dice, signatures
from awaw_events import rulings as rulings_mod
from awaw_events.codec import encode, first_difference, parse_event, tag_of
from awaw_events.errors import AwawError, ConflictError, InputError
from awaw_events.errors import BatchRejected as BatchRejected  # defined beside the other errors, named here too
from awaw_events.events import (
    AnyEvent,
    DiceRolled,
    Event,
    GameCreated,
    MapDataUsed,
    Ruling,
)
from awaw_events.gametime import GamePoint, label
from awaw_events.gate import TrustGate
from awaw_events.keys import KeyRing, public_hex
from awaw_events.options import resolve_options
from awaw_events.ordering import MAX_ERRORS as MAX_ERRORS  # the order of a log is its own module, re-exported here
from awaw_events.ordering import NOT_HISTORY as NOT_HISTORY
from awaw_events.ordering import LogContext as LogContext
from awaw_events.ordering import Numbered as Numbered
from awaw_events.ordering import context_of as context_of
from awaw_events.ordering import last_roll_of as last_roll_of
from awaw_events.ordering import validate_batch as validate_batch
from awaw_events.placement import check_insertions
from awaw_events.seeds import seed_for_rolling
from awaw_events.store import GENESIS_HASH, GameStore, Record, chain_hash
from awaw_events.verification import Extension as Extension  # verification is its own module, re-exported here
from awaw_events.verification import Verification as Verification
from awaw_events.verification import extends as extends
from awaw_events.verification import verify_game as verify_game


def check_batch(context: LogContext, batch: Sequence[Numbered]) -> None:
    """Raise a :class:`BatchRejected` with every problem of the batch, or return if it may be appended."""
    _, errors = validate_batch(context, batch)
    if errors:
        raise BatchRejected(errors)


class Referee(Protocol):
    """What a higher layer may add to the log's own checks: a look at each event against the game as it stands
    (``replays.records.Referee`` refuses a move of a unit that is not on the board). The log calls ``begin`` inside
    the write transaction, when it knows the timeline's size, then ``check`` with each batch in order (``first``:
    the number the batch's first event will have); the problems it returns reject the batch."""

    def begin(self, store: GameStore, timeline: str, size: int) -> None: ...

    def check(self, first: int, batch: Sequence[Numbered]) -> list[InputError]: ...


def new_game(store: GameStore, name: str, created: GameCreated, extra: Sequence[AnyEvent] = ()) -> list[Record]:
    """Start a game with its ``game_created`` event (and any set-up events after it)."""
    batch = [Numbered("event 1", created), *(Numbered(f"event {i}", e) for i, e in enumerate(extra, start=2))]
    check_batch(LogContext(), batch)
    return store.create_game(name, [created, *extra])


class Imported(NamedTuple):
    """What an import did: how many events the input held, and the numbers of those it appended (0, 0: none)."""

    read: int
    first: int
    last: int

    @property
    def written(self) -> int:
        return self.last - self.first + 1 if self.last else 0


IMPORT_CHUNK = 5_000
"""Events validated and written at a time by an import (one transaction whatever the input's length)."""


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while an import runs. Events hold no reference cycles: each batch
    is freed by reference counting once written, so memory stays flat; but the collector ran every 700 new objects
    and walked the batch in hand each time, about a seventh of an import's time."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def import_events(
    store: GameStore,
    timeline: str,
    items: Iterable[Numbered | InputError],
    *,
    expected_count: int | None = None,
    chunk: int = IMPORT_CHUNK,
    progress: Callable[[int], None] | None = None,
    referee: Referee | None = None,
    keys: KeyRing | None = None,
) -> Imported:
    """Validate a stream of events against the timeline's end and append it, all or nothing, in flat memory.

    ``items`` are events read from input, or the :class:`InputError` of an event that could not be read (see
    :func:`awaw_events.io.iter_events`). One transaction holds the store's write lock from the first look at the
    timeline to the commit, so nothing changes underneath; events are validated and written ``chunk`` at a time.
    The game is created when the timeline does not exist and the input starts with ``game_created``; a copy of the
    whole game (starting with its ``game_created``) appends only what the timeline lacks, and is refused where the
    two part (:class:`Divergence`). Every problem (up to :data:`MAX_ERRORS`) is reported, each with its line, in
    one :class:`BatchRejected`, and then nothing is written. ``progress`` gets the number of events read so far.
    ``referee`` looks at every event the log's own checks let through (:class:`Referee`); the trust gate
    (:class:`awaw_events.gate.TrustGate`, with the writer's ``keys``) at every trust event and roll.
    """
    errors: list[InputError] = []
    read = first = last = 0
    unreadable = False
    with _collector_paused(), store.transaction():
        exists = store.exists(timeline)
        context = context_of(store, timeline) if exists else LogContext()
        if expected_count is not None and expected_count != context.size:
            raise ConflictError(
                f"{timeline!r} has {context.size} events, not the {expected_count} this batch was written against"
            )
        copy: _SharedPrefix | None = None
        pending: list[Numbered] = []
        gate = TrustGate(store, timeline, keys=keys)
        gate.begin(context.size)
        if referee is not None:
            referee.begin(store, timeline, context.size)

        def flush() -> None:
            nonlocal context, exists, first, last
            batch = copy.skip(pending) if copy is not None else pending
            if not batch:
                return
            before = context.size
            context, found = validate_batch(context, batch)
            errors.extend(found)
            if exists and not errors and any(type(n.event) is Ruling for n in batch):
                errors.extend(check_insertions(store, timeline, before + 1, batch))
            if not errors:
                errors.extend(gate.check(before + 1, batch)[:MAX_ERRORS])
            if errors:
                return
            if referee is not None:
                errors.extend(referee.check(before + 1, batch)[: MAX_ERRORS - len(errors)])
                if errors:
                    return
            events = [n.event for n in batch]
            records = store.append(timeline, events, head_only=True) if exists else store.create_game(timeline, events)
            exists = True
            last = records[-1].seq
            first = first or last - len(events) + 1  # head_only: the records hold the last event alone

        for item in items:
            if isinstance(item, InputError):
                errors.append(item)
                unreadable = True  # after an unreadable event, later checks would only repeat it: look for more
                if len(errors) >= MAX_ERRORS:
                    break
                continue
            read += 1
            if unreadable:
                continue
            if read == 1 and exists and isinstance(item.event, GameCreated):
                copy = _SharedPrefix(store, timeline)
            pending.append(item)
            if len(pending) >= chunk:
                flush()
                pending = []
                if progress:
                    progress(read)
                if len(errors) >= MAX_ERRORS:
                    break
        if not unreadable and len(errors) < MAX_ERRORS:
            flush()
        if progress:
            progress(read)
        if errors:
            raise BatchRejected(errors[:MAX_ERRORS])
    return Imported(read, first, last)


def append_events(
    store: GameStore,
    timeline: str,
    batch: Sequence[Numbered],
    *,
    expected_count: int | None = None,
    chunk: int = IMPORT_CHUNK,
    progress: Callable[[int], None] | None = None,
) -> list[Record]:
    """Validate a batch against the timeline's end, then append it atomically (all or nothing): an import of
    events already in memory (:func:`import_events`), returning the records it appended."""
    done = import_events(store, timeline, batch, expected_count=expected_count, chunk=chunk, progress=progress)
    if not done.last:
        return []
    return list(store.records(timeline, start=done.first, stop=done.last))


class Divergence(InputError):
    """A file that claims to be a copy of a game (it starts with its ``game_created``) but parts from it."""


class _SharedPrefix:
    """A copy of a game walked against the stored timeline: the events both hold, byte for byte, are skipped; the
    first event where they part raises :class:`Divergence`."""

    def __init__(self, store: GameStore, timeline: str) -> None:
        self.timeline = timeline
        self.stored: Iterator[Record] | None = store.records(timeline)
        self.previous = GENESIS_HASH

    def skip(self, batch: list[Numbered]) -> list[Numbered]:
        for index, (_where, event) in enumerate(batch):
            record = next(self.stored, None) if self.stored is not None else None
            if record is None:
                self.stored = None
                return batch[index:]
            digest = chain_hash(self.previous, encode(event))
            if digest != record.hash:
                raise Divergence(parting(self.timeline, record, event), where=f"event {record.seq}")
            self.previous = digest
        return []


def parting(timeline: str, record: Record, event: AnyEvent) -> str:
    """Where a copy parts from a stored timeline, in words: the event, its game time and type, and the first field
    that differs with the value on each side (``field 'result': the store has "Ex", the file has "D"``)."""
    found = first_difference(record.event, event)
    what = (
        found.words("the store", "the file")
        if found is not None
        else "the same fields, but the store's hash chain differs before it"
    )
    return (
        f"this copy parts from {timeline!r} at event {record.seq} ({label(record.event)}, {tag_of(record.event)}): "
        f"{what}; refusing to merge diverged copies"
    )


def shared_prefix(store: GameStore, timeline: str, events: Sequence[AnyEvent]) -> int:
    """How many leading events of ``events`` the timeline already holds, byte for byte.

    ``events`` must start at event 1 of the game. Raises :class:`Divergence` naming the first event where the
    two part, if the timeline and the events disagree before either ends.
    """
    rest = _SharedPrefix(store, timeline).skip(numbered(events))
    return len(events) - len(rest)


def numbered(events: Iterable[AnyEvent], first: int = 1, prefix: str = "event") -> list[Numbered]:
    """Number events for validation messages (``event 3``)."""
    return [Numbered(f"{prefix} {i}", e) for i, e in enumerate(events, start=first)]


# -------------------------------------------------------------------------------------------------------------
# Commands that make events

RETRIES = 10
"""How many times a single-event command is decided afresh when another writer appended first."""

_P = ParamSpec("_P")
_R = TypeVar("_R")


def retry_on_conflict(command: Callable[Concatenate[GameStore, _P], _R]) -> Callable[Concatenate[GameStore, _P], _R]:
    """Decide and append a single-event command while holding the store's write lock, so that what it decided
    against (the next roll number, the last game time) is still the end of the timeline when its event lands.

    Writers take turns: eight processes recording at once all succeed, none overwrites another. Should a writer
    that ignores the lock append first anyway (:class:`ConflictError`), the command is decided again against the
    new state, up to :data:`RETRIES` times with a short random pause, and then the conflict is raised.
    """

    def run(store: GameStore, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        for attempt in range(RETRIES):
            try:
                with store.transaction():
                    return command(store, *args, **kwargs)
            except ConflictError:
                if attempt == RETRIES - 1:
                    raise
                time.sleep(random.uniform(0, 0.005 * 2 ** min(attempt, 6)))
        raise AssertionError("unreachable")  # pragma: no cover

    functools.update_wrapper(run, command)
    return run


class MapDataFile(NamedTuple):
    """Map data a new game declares: its identity (read and hashed by ``replays.maps``, which knows the format)
    and the file's bytes, kept in the store under the hash so that the game's audit can find them."""

    name: str
    version: str
    sha256: str
    source: str
    content: bytes
    hexes: int = 0
    hexsides: int = 0


def start_game(
    store: GameStore,
    name: str,
    *,
    rules: str = "awaw",
    options: Mapping[str, str] | None = None,
    title: str = "",
    start: GamePoint | None = None,
    variant: str = "classic",
    scenario: str = "campaign-1939",
    setup: Sequence[Numbered] = (),
    seeded: bool = True,
    keys: KeyRing | None = None,
    player_keys: Mapping[str, str] | None = None,
    map_data: MapDataFile | None = None,
    dice_players: Sequence[str] = (),
    resumes: str | None = None,
) -> list[Record]:
    """``awaw new``: record ``game_created`` with the rule set, every option, the dice commitment and the players'
    public keys (and, for a game set up from a position taken during play, where play ``resumes``).

    A fresh secret seed goes into ``keys`` (the keys directory of whoever hosts the dice), never into the store;
    ``seeded=False`` for games rolled with physical dice only. ``map_data`` is recorded next (``map_data_used``) and
    its file kept in the store under its hash. ``setup`` events (a scenario file) follow in the same atomic batch.
    With ``dice_players``, the game rolls shared dice (:mod:`awaw_events.shared_dice`): no host seed; each of
    those players (each with a key in ``player_keys``) commits a secret of their own.
    """
    point = start or GamePoint(1939, "fall")
    if dice_players:
        unkeyed = sorted(set(dice_players) - set(player_keys or {}))
        if unkeyed:
            raise InputError(
                f"shared dice need every dice player's public key: register {', '.join(unkeyed)} with --player",
                field="dice_players",
            )
        seeded = False
    if seeded and keys is None:
        raise AwawError("a seeded game needs a keys directory for its secret seed (or physical dice)")
    seed = dice.new_seed() if seeded else None
    created = parse_event(
        {
            "type": "game_created",
            "year": point.year,
            "season": point.season,
            "phase": "setup",
            "title": title,
            "rules": rules,
            "variant": variant,
            "scenario": scenario,
            "options": resolve_options(rules, options or {}),
            "seed_commitment": dice.commitment(seed) if seed else None,
            "player_keys": dict(player_keys or {}),
            "creator_key": public_hex(keys.creator_key()) if keys is not None else None,
            "dice_mode": "shared" if dice_players else "host",
            "dice_players": sorted(set(dice_players)),
            "resumes": resumes,
        },
        where="the new game",
    )
    batch = [Numbered("game_created", created)]
    if map_data is not None:
        used = MapDataUsed(
            year=point.year,
            season=point.season,
            phase="setup",
            name=map_data.name,
            version=map_data.version,
            sha256=map_data.sha256,
            source=map_data.source,
            hexes=map_data.hexes,
            hexsides=map_data.hexsides,
        )
        batch.append(Numbered("map_data_used", used))
    batch.extend(setup)
    check_batch(LogContext(), batch)
    if seed and keys is not None:
        # The seed is kept before the game exists: a game whose commitment nobody holds is never created.
        keys.put_seed(dice.commitment(seed), seed)
    if map_data is not None:
        # Likewise the map data it declares (content-addressed: a copy kept for a game that fails is harmless).
        store.put_map_data(map_data.sha256, map_data.content)
    return store.create_game(name, [n.event for n in batch])


_TIME_FIELDS = ("year", "season", "side", "phase")


def _typed_value(text: str) -> Any:
    """A value typed at the command line: JSON for lists, objects, quoted strings and null; otherwise the text
    (numbers and booleans are converted by the event's own field types)."""
    stripped = text.strip()
    if stripped == "null":
        return None
    if stripped[:1] in ("[", "{", '"'):
        try:
            return msgspec.json.decode(stripped)
        except (msgspec.DecodeError, RecursionError) as exc:
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            raise InputError(f"not valid JSON: {reason}") from None
    return text


@retry_on_conflict
def record_event(
    store: GameStore,
    timeline: str,
    tag: str,
    assignments: Sequence[str],
    *,
    keys: KeyRing | None = None,
    referee: Referee | None = None,
) -> Record:
    """``awaw record``: one event typed as ``FIELD=VALUE`` words, appended at the end of a timeline.

    Game time (year, season, side, phase) defaults to that of the timeline's last event; a ``dice_rolled`` event's
    ``roll`` defaults to the next roll number; ``actor`` defaults to ``system``. A ``seeded`` roll is checked at
    once against the seed in force (which ``keys`` must hold) and refused if it differs. ``referee`` looks at the
    event against the game as it stands (:class:`Referee`).
    """
    fields: dict[str, Any] = {"type": tag}
    for index, word in enumerate(assignments, start=1):
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise InputError(f"expected FIELD=VALUE, got {word!r}", where=f"argument {index}")
        try:
            fields[key.strip()] = _typed_value(value)
        except InputError as exc:
            raise InputError(exc.message, where=f"argument {index}", field=key) from None
    context = context_of(store, timeline)
    last = store.head_record(timeline)
    if last is not None:
        timed = _last_timed(store, timeline) or last.event
        for name in _TIME_FIELDS:
            fields.setdefault(name, getattr(timed, name))
    if tag == "dice_rolled":
        fields.setdefault("roll", context.last_roll + 1)
    fields = {k: v for k, v in fields.items() if v is not None or k not in _TIME_FIELDS}
    event = parse_event(fields, where="the event", strict=False)
    if isinstance(event, MapDataUsed) and event.signature is None and keys is not None:
        event = _signed_by_creator(store, timeline, event, keys)
    check_batch(context, [Numbered("the event", event)])
    gate = TrustGate(store, timeline, keys=keys, owner_only=True)
    gate.begin(context.size)
    refused = gate.check(context.size + 1, [Numbered("the event", event)])
    if refused:
        raise BatchRejected(refused)
    if referee is not None:
        referee.begin(store, timeline, context.size)
        problems = referee.check(context.size + 1, [Numbered("the event", event)])
        if problems:
            raise BatchRejected(problems)
    if isinstance(event, DiceRolled) and event.source == "seeded":
        seed = seed_for_rolling(store, keys, timeline)
        if dice.roll_dice(seed, event.roll, len(event.dice), event.sides) != event.dice:
            raise InputError(
                f"roll #{event.roll} does not match the committed seed: a seeded roll is the seed's, not typed in "
                "(record real dice with source=physical, or use `awaw roll`)",
                where="the event",
                field="dice",
            )
    return store.append(timeline, [event], expected_count=context.size)[0]


def _signed_by_creator(store: GameStore, timeline: str, event: MapDataUsed, keys: KeyRing) -> MapDataUsed:
    """A map-data change recorded by the game's creator, signed with their key for its place (others' stay
    unsigned, for the trust gate to refuse)."""
    first, head = store.record_at(timeline, 1), store.head_record(timeline)
    creator = first.event.creator_key if first is not None and isinstance(first.event, GameCreated) else None
    if creator is None or head is None or not keys.holds_creator_key(creator):
        return event
    data = signatures.message(event, head.seq, head.hash)
    assert data is not None
    return msgspec.structs.replace(event, signature=signatures.sign(keys.creator_key(), data))


def _last_timed(store: GameStore, timeline: str) -> Event | None:
    """The last event that is not an annotation (annotations carry no meaningful game time) nor a correction's
    inserted event (it stands earlier in the game)."""
    count = store.count(timeline)
    start = max(1, count - 200)
    inserted = rulings_mod.inserted_events(store.rulings(timeline, stop=count))
    for record in reversed(list(store.records(timeline, start=start, stop=count))):
        if not record.event.annotation and record.seq not in inserted:
            return record.event
    return None


def time_of(store: GameStore, timeline: str) -> dict[str, Any]:
    """The game time (year, season, side, phase) of a timeline's last event that is not an annotation: the time an
    annotation appended now carries."""
    timed = _last_timed(store, timeline)
    if timed is None:
        raise InputError(f"{timeline!r} has no events")
    return {name: getattr(timed, name) for name in _TIME_FIELDS if getattr(timed, name) is not None}
