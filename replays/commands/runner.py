"""Running a command against a stored game: decide against the state at the end of the log, show what it would
append with the audit of it, then append (only the store appends) and audit what was appended.

:func:`look` reads the position (the state and the map data); :func:`preview` audits decided events against it without
writing anything; :func:`commit` decides again inside the store's write transaction (so nothing can land between
the decision and the append) and appends with :func:`replays.recording.append_decided`. A preview the game has moved
past since (another writer appended) is not committed: the player looks again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from awaw_events import dice
from awaw_events.errors import ConflictError
from awaw_events.events import AnyEvent
from awaw_events.keys import KeyRing
from awaw_events.log import numbered
from awaw_events.seeds import seed_for_rolling, seed_in_force
from awaw_events.store import GameStore
from awaw_events.store import Numbered as StoredEvent
from projections.core import MapDataRef
from projections.position import Position
from projections.rules.mapdata import MapData
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from replays.commands.base import Die, Refusal, Roller
from replays.maps import resolve_map_data
from replays.recording import Recorded, append_decided
from replays.state import state_at

Decide = Callable[[Position], "list[AnyEvent] | Refusal"]
"""A command bound to its arguments: the events it decides on a position, or a refusal."""


class Look(NamedTuple):
    """The position at the end of a timeline, and the number of events it was read after."""

    position: Position
    size: int


def look(store: GameStore, timeline: str, at: int | None = None) -> Look:
    """The state at the end of a timeline (or after event ``at``) and the game's map data (without writing
    snapshots)."""
    opened = store.open(timeline)
    count = opened.count if at is None else at
    state = state_at(opened, count, save=False)
    declared = state.meta.map_data
    if declared is None:
        return Look(Position(state, map_reason="the game declares no map data"), count)
    found = resolve_map_data(store, declared)
    return Look(Position(state, found.data, map_reason=found.reason), count)


def preview(seen: Look, events: Sequence[AnyEvent]) -> AuditReport:
    """The audit of decided events against the position they were decided on (nothing is written)."""

    def maps(_declared: MapDataRef) -> tuple[MapData | None, str | None]:
        position = seen.position
        return position.map, position.map_reason if position.map is None else None

    first = seen.size + 1
    records = [StoredEvent(first + i, e) for i, e in enumerate(events)]
    return audit(records, start=first, state=seen.position.state, maps=maps)


def seeded_roller(store: GameStore, keys: KeyRing | None, timeline: str) -> Roller:
    """The game's committed seed as a roller (refused where nobody here holds it, or it was revealed)."""
    seed = seed_for_rolling(store, keys, timeline)
    return lambda number, count: dice.roll_dice(seed, number, count, 6)


def seeded(store: GameStore, timeline: str) -> bool:
    """Whether the game rolls from a committed seed (otherwise every die is typed in from physical dice)."""
    in_force = seed_in_force(store, timeline)
    return in_force.commitment is not None and in_force.revealed_at is None


def die_for(store: GameStore, keys: KeyRing | None, timeline: str, face: int | None) -> Die:
    """The die of a command: the face typed in, else the game's next seeded roll."""
    if face is not None:
        return Die(face=face)
    return Die(roller=seeded_roller(store, keys, timeline))


def commit(
    store: GameStore,
    timeline: str,
    decide: Decide,
    *,
    expected_count: int | None = None,
    strict: bool = False,
) -> Recorded | Refusal:
    """Decide on the game as it is now and append the events, under the store's write lock; ``expected_count``: the
    events the player saw when they agreed (a conflict if the game has moved since)."""
    with store.transaction():
        seen = look(store, timeline)
        if expected_count is not None and seen.size != expected_count:
            raise ConflictError(
                f"{timeline!r} has {seen.size} events now, not the {expected_count} you saw: someone appended "
                "meanwhile, so nothing was written; look again"
            )
        decided = decide(seen.position)
        if isinstance(decided, Refusal):
            return decided
        if not decided:
            return Recorded(0, 0, (), None)
        return append_decided(
            store, timeline, numbered(decided, first=seen.size + 1), expected_count=seen.size, strict=strict
        )
