"""Where a correction in time may stand: the checks the log makes of a batch that inserts facts found later,
against the stored log, and where a fact belongs when its place is not given.

A correction is a ``ruling`` with ``insert_after`` and the events it inserts right after it in the log; the effective
log (:mod:`awaw_events.rulings`) reads them right after the event they follow. :func:`check_insertions` makes sure
they fit there (the place names an event of the log itself; the events fall in game-time order between their
neighbours); :func:`insertion_point` finds the place their game time gives. ``awaw insert`` is
:func:`awaw_events.corrections.insert_events`.

Pre-game history keeps its own order: events dated before the game starts stand in the set-up, in date order among
themselves, whatever the set-up's own game time; an inserted one is placed among them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, NamedTuple

from awaw_events import rulings as rulings_mod
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent, Ruling
from awaw_events.gametime import TimeKey, before_start, label, time_key
from awaw_events.options import PHASELESS, PHASELESS_AT_END
from awaw_events.ordering import SEASON_END, falls_before, phaseless
from awaw_events.store import GameStore, Record

Where = tuple[str, AnyEvent]
"""An event read from input, with where it came from (``line 12``): :class:`awaw_events.log.Numbered`."""

SCAN: Final = 10_000
"""How far (in events) the neighbours of an insertion's place are looked for before giving up on a bound."""


class Neighbours(NamedTuple):
    """The game times around a place in the effective log: the events before it and after it, of the game proper
    and of the pre-game history (None where there is none within reach)."""

    before: TimeKey | None
    after: TimeKey | None
    history_before: TimeKey | None
    history_after: TimeKey | None
    in_setup: bool
    """No event of the game proper (after the set-up) stands at or before the place."""


def _timed(record: Record, moved: dict[int, int]) -> bool:
    return not record.event.annotation and record.seq not in moved


def neighbours(
    store: GameStore, timeline: str, anchor: int, index: rulings_mod.RulingIndex, *, count: int | None = None
) -> Neighbours:
    """The game times around the place right after event ``anchor`` (and after what earlier corrections inserted
    there), in the effective log of the timeline's first ``count`` events."""
    total = store.count(timeline) if count is None else count
    first = store.record_at(timeline, 1)
    start = time_key(first.event) if first is not None else None
    moved = index.replacement_of
    before = history_before = None
    in_setup = True
    # what stands at or before the place: the earlier insertions there, then the log backwards from the anchor
    earlier = [r for r in (store.record_at(timeline, s) for s in index.inserted_after.get(anchor, ())) if r]
    backwards: Iterator[Record] = reversed(list(store.records(timeline, start=max(1, anchor - SCAN), stop=anchor)))
    for record in [*reversed(earlier), *backwards]:
        if record.event.annotation or (record.seq in moved and record.seq not in index.inserted_after.get(anchor, ())):
            continue
        key = time_key(record.event)
        if before_start(key, start):
            history_before = key if history_before is None else max(history_before, key)
        else:
            if before is None:
                before = key
            if start is not None and key > start:
                in_setup = False
        if before is not None and (history_before is not None or not in_setup):
            break
    after = history_after = None
    for record in store.records(timeline, start=anchor + 1, stop=min(total, anchor + SCAN)):
        if not _timed(record, moved):
            continue
        key = time_key(record.event)
        if before_start(key, start):
            if history_after is None:
                history_after = key
        elif after is None:
            after = key
            if start is not None and key > start:
                break  # no history can follow an event of the game proper
    return Neighbours(before, after, history_before, history_after, in_setup)


def check_insertions(store: GameStore, timeline: str, first: int, batch: Sequence[Where]) -> list[InputError]:
    """The problems of the corrections in time of a batch (to be appended as events ``first``...) against the
    stored log: the place names an event of the log itself, not one a ruling moved or voided, and every inserted
    event fits there in game-time order (pre-game history among the history of the set-up)."""
    errors: list[InputError] = []
    index: rulings_mod.RulingIndex | None = None
    for i, (where, event) in enumerate(batch):
        if not isinstance(event, Ruling) or event.insert_after is None:
            continue
        anchor = event.insert_after
        if anchor >= first:
            errors.append(InputError(f"insert after an event already in the log, not {anchor}", where=where))
            continue
        if index is None:
            index = rulings_mod.index(store.rulings(timeline))
        if anchor in index.replacement_of or anchor in index.voided_by:
            how = "voided" if anchor in index.voided_by else "itself moved by a ruling (a replacement or an insertion)"
            errors.append(
                InputError(
                    f"event {anchor} is {how}: insert after an event that stands in the log in its own place",
                    where=where,
                    field="insert_after",
                )
            )
            continue
        around = neighbours(store, timeline, anchor, index, count=first - 1)
        errors.extend(_fit(around, batch[i + 1 : i + 1 + event.replacements], time_key(_first_event(store, timeline))))
    return errors


def _first_event(store: GameStore, timeline: str) -> AnyEvent:
    record = store.record_at(timeline, 1)
    assert record is not None
    return record.event


def _fit(around: Neighbours, inserted: Sequence[Where], start: TimeKey) -> list[InputError]:
    """Whether inserted events fit between their neighbours, in game-time order among themselves."""
    errors: list[InputError] = []
    before, history_before = around.before, around.history_before
    for where, event in inserted:
        if event.annotation:
            errors.append(
                InputError("a correction inserts events of the game, not annotations", where=where, field="type")
            )
            continue
        key = time_key(event)
        if before_start(key, start):
            if not around.in_setup:
                errors.append(
                    InputError(
                        f"{label(event)} is before the game starts: pre-game history goes in the set-up (insert it "
                        "after an event of the set-up)",
                        where=where,
                        field="year",
                    )
                )
            elif (history_before is not None and falls_before(key, history_before, phaseless(event))) or (
                around.history_after is not None and falls_before(around.history_after, key, phaseless(event))
            ):
                errors.append(_misplaced(event, where, "the pre-game history around its place"))
            history_before = key if history_before is None else max(history_before, key)
            continue
        loose = phaseless(event)  # dated only by its season: it fits anywhere in it
        if (before is not None and falls_before(key, before, loose)) or (
            around.after is not None and falls_before(around.after, key, loose)
        ):
            errors.append(_misplaced(event, where, "the events around its place"))
        if before is None or not loose or key[:2] > before[:2]:
            before = key
    return errors


def _misplaced(event: AnyEvent, where: str, what: str) -> InputError:
    return InputError(
        f"out of game-time order at its place: {label(event)} does not fall between {what} (insert it after another "
        "event, or let `awaw insert` find its place)",
        where=where,
        field="season",
    )


def insertion_point(store: GameStore, timeline: str, event: AnyEvent) -> int:
    """Where a fact belongs in the log: after the last event (of the log itself, in its own place) whose game time
    is not after the fact's; pre-game history after the last history not after it, or after the set-up's first
    event. Corrections already inserted at that place stay before it."""
    index = rulings_mod.index(store.rulings(timeline))
    moved = index.replacement_of
    count = store.count(timeline)
    first = _first_event(store, timeline)
    key = time_key(event)
    start = time_key(first)
    if phaseless(event) and getattr(first, "options", {}).get(PHASELESS) == PHASELESS_AT_END:
        key = TimeKey(key.year, key.season, *SEASON_END)  # it stands at the end of its season
    elif phaseless(event) and key[:2] == start[:2]:
        key = max(key, start)  # at the start of the game's first season: after the set-up
    if before_start(key, start):
        found = 1
        for record in store.records(timeline, start=1, stop=count):
            if not _timed(record, moved):
                continue
            other = time_key(record.event)
            if before_start(other, start):
                if other > key:
                    break
                found = record.seq
            elif other > start:
                break
        return found
    found = 1
    for record in store.records(timeline, start=1, stop=count):
        if _timed(record, moved):
            if time_key(record.event) > key and not before_start(time_key(record.event), start):
                break
            found = record.seq  # after the pre-game history too: it stands in the set-up, before the game proper
    return found
