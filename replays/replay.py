"""Replays: walk a game event by event, or phase by phase, showing what each step changed in each projection.

A step is one event, or all the events of one phase (one span of game time: year, season, side, phase). For each
step the replay gives the events and, per projection, the differences between the state before and after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal, NamedTuple

from awaw_events.codec import to_builtins
from awaw_events.gametime import label
from awaw_events.store import GameStore, Record
from projections.game import GameState, fold_numbered
from replays.eventwords import describe, who
from replays.state import state_at
from replays.views import VIEWS, Change, differences
from replays.views.common import wrapped

By = Literal["event", "phase"]


class Step(NamedTuple):
    """One step of a replay: its events, the state after it, and what changed in each projection."""

    number: int
    records: tuple[Record, ...]
    state: GameState
    changes: dict[str, list[Change]]

    @property
    def title(self) -> str:
        first, last = self.records[0], self.records[-1]
        span = f"event {first.seq}" if first is last else f"events {first.seq}-{last.seq}"
        return f"{label(last.event)} ({span})"

    def as_json(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "game_time": label(self.records[-1].event),
            "events": [{"seq": r.seq, "game_time": label(r.event), **to_builtins(r.event)} for r in self.records],
            "changes": {k: [c.as_json("before", "after") for c in v] for k, v in self.changes.items() if v},
        }


def changes(before: GameState, after: GameState, views: tuple[str, ...] = VIEWS) -> dict[str, list[Change]]:
    """What a step changed, per projection: each change as data, with its sentence."""
    return {view: differences(before, after, view) for view in views}


def _phase_key(record: Record) -> tuple[Any, ...]:
    event = record.event
    return (event.year, event.season, event.side, event.phase)


def _groups(records: Iterator[Record], by: By) -> Iterator[list[Record]]:
    group: list[Record] = []
    for record in records:
        if group and (by == "event" or _phase_key(record) != _phase_key(group[-1])):
            yield group
            group = []
        group.append(record)
    if group:
        yield group


def steps(
    store: GameStore,
    timeline: str,
    *,
    start: int = 1,
    stop: int | None = None,
    by: By = "event",
    views: tuple[str, ...] = VIEWS,
) -> Iterator[Step]:
    """The steps of a replay from event ``start`` to ``stop`` (the effective log, rulings applied)."""
    last = store.count(timeline) if stop is None else stop
    opened = store.open(timeline)
    state = state_at(opened, start - 1) if start > 1 else state_at(opened, 0)
    for index, group in enumerate(_groups(opened.effective_records(start, last), by), start=1):
        after = fold_numbered(state, ((r.seq, r.event) for r in group))
        yield Step(index, tuple(group), after, changes(state, after, views))
        state = after


def narrative(step: Step, width: int | None = None) -> list[str]:
    """A step as readable lines: its events in words (who recorded each), then what changed; with ``width``,
    wrapped at spaces to it (never a word split)."""

    def fit(text: str, indent: str, hang: str) -> list[str]:
        return [indent + text] if width is None else wrapped(text, width, indent, hang)

    lines = fit(f"== {step.title}", "", "   ")
    for r in step.records:
        lines += fit(f"{r.seq}. {describe(r.event)} ({who(r.event)})", "  ", "      ")
    for items in step.changes.values():
        for item in items:
            lines += fit(item.text, "    ", "      ")
    return lines
