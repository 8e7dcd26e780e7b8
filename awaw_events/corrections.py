"""Corrections in time: a fact found later, inserted at its own game time without renumbering anything.

:func:`insert_events` is ``awaw insert``: it appends a ``ruling`` with ``insert_after`` and the events it inserts,
after the checks of an import and of :mod:`awaw_events.placement` (the events fit at their place). Every event keeps
its number, so branches, bookmarks, notes and hand-offs keep pointing where they did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from awaw_events.errors import InputError
from awaw_events.events import Ruling
from awaw_events.gametime import TimeKey, time_key
from awaw_events.gate import TrustGate
from awaw_events.keys import KeyRing
from awaw_events.log import (
    BatchRejected,
    LogContext,
    Numbered,
    Referee,
    check_batch,
    context_of,
    retry_on_conflict,
    time_of,
)
from awaw_events.placement import check_insertions, insertion_point
from awaw_events.store import GameStore, Record

MAX_INSERTED: Final = 100
"""The most events one correction inserts (a ruling's ``replacements``)."""


def _groups(places: Sequence[int], events: Sequence[Numbered]) -> list[tuple[int, list[Numbered]]]:
    """The events by the place they go, in the log's order of places; each place's events in game-time order (in the
    file's order where their game times are equal)."""
    by_place: dict[int, list[Numbered]] = {}
    for place, numbered in zip(places, events, strict=True):
        by_place.setdefault(place, []).append(numbered)
    return [(p, sorted(by_place[p], key=lambda n: time_key(n.event))) for p in sorted(by_place)]


def insertion_points(store: GameStore, timeline: str, events: Sequence[Numbered]) -> list[int]:
    """Where each fact belongs in the log (:func:`insertion_point`), asked once per game time."""
    found: dict[TimeKey, int] = {}
    places = []
    for numbered in events:
        key = time_key(numbered.event)
        if key not in found:
            found[key] = insertion_point(store, timeline, numbered.event)
        places.append(found[key])
    return places


@retry_on_conflict
def insert_events(
    store: GameStore,
    timeline: str,
    events: Sequence[Numbered],
    *,
    after: int | None = None,
    reason: str = "",
    agreed_by: Sequence[str] = (),
    rule: str = "",
    referee: Referee | None = None,
    keys: KeyRing | None = None,
) -> list[Record]:
    """``awaw insert``: append a correction in time (a ``ruling`` with ``insert_after``) and the events it inserts,
    all or nothing. ``after`` is the event they stand after; by default the place their game time gives
    (:func:`insertion_point` of each: a file of facts of different dates is inserted each at its own place, by one
    correction per place). Every check of an import applies, and the events must fit at their
    place in game-time order; ``referee`` looks at the events where they stand (:class:`awaw_events.log.Referee`)."""
    if not events:
        raise InputError("nothing to insert: the file holds no events")
    if not store.exists(timeline):
        raise InputError(f"no game or branch named {timeline!r}")
    if len(events) > MAX_INSERTED:
        raise InputError(f"a correction inserts at most {MAX_INSERTED} events; split the file ({len(events)} events)")
    context: LogContext = context_of(store, timeline)
    places = [after] * len(events) if after is not None else insertion_points(store, timeline, events)
    for place in places:
        if not 1 <= place <= context.size:
            raise InputError(f"{timeline!r} has events 1 to {context.size}: cannot insert after event {place}")
    time = time_of(store, timeline)
    batch: list[Numbered] = []
    groups = _groups(places, events) if after is None else [(after, list(events))]
    for place, group in groups:
        ruling = Ruling(
            **time,
            actor="referee",
            voids=[],
            replacements=len(group),
            insert_after=place,
            rule=rule,
            agreed_by=list(agreed_by),
            reason=reason,
        )
        batch += [
            Numbered(
                "the correction" if len(groups) == 1 else f"the correction after event {place}",
                ruling,
            ),
            *group,
        ]
    check_batch(context, batch)
    problems = check_insertions(store, timeline, context.size + 1, batch)
    if not problems:
        gate = TrustGate(store, timeline, keys=keys)  # trust events and rolls as an import takes them
        gate.begin(context.size)
        problems = gate.check(context.size + 1, batch)
    if not problems and referee is not None:
        referee.begin(store, timeline, context.size)
        problems = referee.check(context.size + 1, batch)
    if problems:
        raise BatchRejected(problems)
    return store.append(timeline, [n.event for n in batch], expected_count=context.size)
