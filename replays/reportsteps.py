"""What the HTML report shows step by step, read in the one walk that draws it (:mod:`replays.walk`): the set-up
as a step of its own, then each player turn (the start of a game turn goes with its first player turn, the end with
its last), each with the area where things happened, its board drawn once from the fold at the end of the step,
and what changed in words; and the events phase by phase, in words, for the timeline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from awaw_events.gametime import label
from awaw_events.store import Record
from projections.core import clone
from projections.game import GameState
from replays.eventwords import describe, who
from replays.pictures.board import map_hex
from replays.views import VIEWS, Change, differences
from replays.walk import Reader, Touched

Draw = Callable[[GameState, GameState | None, frozenset[str], str, str], str]
"""Draws a step's board: the state at its end, the state at the step before, the hexes of its action, its title
and the prefix of its SVG ids; returns inline SVG."""

HEX_FIELDS = ("hex", "hexes", "defender_hexes", "target", "location", "destination", "origin", "path")
"""The fields of an event that name the hexes where it happens (attacks, control, bridgeheads, air missions...)."""


class Step(NamedTuple):
    """One step of the report: the set-up, or a player turn."""

    number: int
    title: str
    setup: bool
    first: int
    last: int
    events: int
    board: str
    """Inline SVG of the board at the end of the step ('' when not drawn)."""
    action: tuple[str, ...]
    """The hexes where things happened, in order."""
    changes: dict[str, list[Change]]
    units: dict[str, tuple[int, int]]
    """Units in play and their factors, by owner, at the end of the step."""
    available: dict[str, int | None]
    """BRPs available by major power at the end of the step."""


class _Open:
    def __init__(self, setup: bool, year: int, season: str, side: str | None, first: int) -> None:
        self.setup, self.year, self.season, self.side = setup, year, season, side
        self.first = self.last = first
        self.events = 0
        self.action: dict[str, None] = {}

    def title(self) -> str:
        if self.setup:
            return "Set-up"
        turn = f"{self.season.capitalize()} {self.year}"
        return f"{turn} {self.side.capitalize()} player turn" if self.side else f"{turn} game turn"


def _hexes(event: Any) -> list[str]:
    found = []
    for field in HEX_FIELDS:
        value = getattr(event, field, None)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, list):
            found += [v for v in value if isinstance(v, str)]
    return found


class Steps(Reader):
    """The report's steps, closed as the walk crosses from the set-up to play, from one player turn to the next and
    from one game turn to the next; each drawn (``draw``) and compared with the step before when it closes."""

    def __init__(self, first: GameState, draw: Draw | None) -> None:
        self.draw = draw
        self.previous = clone(first)
        self.steps: list[Step] = []
        self.current: _Open | None = None
        self.played = False

    def before(self, record: Record, state: GameState) -> None:
        event = record.event
        setup = not self.played and event.phase == "setup"
        if not setup:
            self.played = True
        now = self.current
        if now is not None:
            boundary = (
                now.setup != setup
                or (not setup and (now.year, now.season) != (event.year, event.season))
                or (not setup and now.side is not None and event.side is not None and now.side != event.side)
            )
            if boundary:
                self._close(state)
                now = None
        if now is None:
            now = self.current = _Open(setup, event.year, event.season, event.side, record.seq)
        elif now.side is None and event.side is not None and not setup:
            now.side = event.side  # the start of a game turn goes with its first player turn
        now.last = record.seq
        now.events += 1

    def after(self, record: Record, state: GameState, touched: Touched) -> None:
        now = self.current
        if now is None:
            return
        action = now.action
        for key, was in touched.items():
            if was is not None:
                action[was.location] = None
            unit = state.board.units.get(key)
            if unit is not None:
                action[unit.location] = None
        for place in _hexes(record.event):
            action[place] = None

    def finish(self, state: GameState) -> None:
        if self.current is not None:
            self._close(state)

    def _close(self, state: GameState) -> None:
        now = self.current
        assert now is not None
        self.current = None
        number = len(self.steps)
        action = tuple(h for h in (map_hex(p) for p in now.action) if h is not None)
        title = now.title()
        board = ""
        if self.draw is not None:
            before = None if now.setup else self.previous
            board = self.draw(state, before, frozenset() if now.setup else frozenset(action), title, f"s{number}-")
        changes = {view: differences(self.previous, state, view) for view in VIEWS}
        units: dict[str, list[int]] = {}
        for unit in state.board.units.values():
            if not unit.location.startswith("chart:"):
                counted = units.setdefault(unit.owner, [0, 0])
                counted[0] += 1
                counted[1] += unit.factors
        self.steps.append(
            Step(
                number=number,
                title=title,
                setup=now.setup,
                first=now.first,
                last=now.last,
                events=now.events,
                board=board,
                action=action,
                changes=changes,
                units={owner: (n, f) for owner, (n, f) in sorted(units.items())},
                available=dict(state.brp.available),
            )
        )
        self.previous = clone(state)


class Phase(NamedTuple):
    """The events of one phase, in words, for the timeline."""

    title: str
    events: list[tuple[int, str, str]]
    """Each event's number, who recorded it, and the event in words."""


class Phases(Reader):
    """The timeline: the events phase by phase (a phase is one span of game time: year, season, side, phase)."""

    def __init__(self) -> None:
        self.phases: list[Phase] = []
        self._key: tuple[Any, ...] | None = None

    def before(self, record: Record, state: GameState) -> None:
        event = record.event
        key = (event.year, event.season, event.side, event.phase, event.until)
        if key != self._key:
            self._key = key
            self.phases.append(Phase(label(event), []))
        self.phases[-1].events.append((record.seq, who(event), describe(event)))


__all__ = ["HEX_FIELDS", "Draw", "Phase", "Phases", "Step", "Steps"]
