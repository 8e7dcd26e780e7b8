"""Game time: ordering events by the sequence of play, and parsing points of a game (``1940-spring/axis``).

A game turn is a season; Winter carries the year in which it begins (27-30 extract 5.2). Within a game turn, the
game-turn level phases (year start, research, game-turn start) come first, then the Axis player turn, then the
Allied player turn (A3R option ``sop.variant``: the Axis always move first), then the end of the game turn.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from awaw_events.errors import PointError
from awaw_events.events import Event
from awaw_events.vocab import GAME_TURN_PHASES, PLAYER_TURN_PHASES, SEASONS, SIDES, Phase, Season, Side

SEASON_INDEX: Final[dict[str, int]] = {s: i for i, s in enumerate(SEASONS)}
_SIDE_RANK: Final[dict[str | None, int]] = {None: 0, "axis": 1, "allied": 2}
_PHASE_RANK: Final[dict[str | None, int]] = {None: 0} | {
    p: i + 1 for i, p in enumerate(("setup", *GAME_TURN_PHASES[1:], *PLAYER_TURN_PHASES, "end_of_game_turn"))
}
_END_OF_GAME_TURN_RANK: Final = 3


class TimeKey(NamedTuple):
    """A sortable position in the sequence of play."""

    year: int
    season: int
    side: int
    phase: int


def time_key(event: Event) -> TimeKey:
    """Where an event stands in the sequence of play; events of a log never go backwards in it."""
    side = _SIDE_RANK[event.side]
    if event.phase == "end_of_game_turn":
        side = _END_OF_GAME_TURN_RANK
    return TimeKey(event.year, SEASON_INDEX[event.season], side, _PHASE_RANK[event.phase])


def before_start(key: TimeKey, start: TimeKey | None) -> bool:
    """Whether a game time is before the game starts (an earlier game turn than ``game_created``'s): pre-game
    history, which the log accepts in the set-up and the audit never charges."""
    return start is not None and key[:2] < start[:2]


def span_key(year: int, season: str, side: str | None = None, phase: str | None = None) -> tuple[int, ...]:
    """The prefix of :class:`TimeKey` that a span of game time fixes (two to four parts)."""
    key: list[int] = [year, SEASON_INDEX[season]]
    if side is not None or phase is not None:
        key.append(_END_OF_GAME_TURN_RANK if phase == "end_of_game_turn" else _SIDE_RANK[side])
        if phase is not None:
            key.append(_PHASE_RANK[phase])
    return tuple(key)


def turn_index(year: int, season: str) -> int:
    """Game turns since 1900 Spring: consecutive seasons differ by one (Winter 1940 -> Spring 1941)."""
    return (year - 1900) * 4 + SEASON_INDEX[season]


def game_turn(event: Event) -> int:
    """The game turn of an event as an index (consecutive seasons differ by one)."""
    return turn_index(event.year, event.season)


def label(event: Event) -> str:
    """A short readable game time: ``Fall 1939 Axis combat``; an approximate one with its range of turns,
    ``Spring 1939 to Summer 1939``."""
    parts = [event.season.capitalize(), str(event.year)]
    if event.until is not None:
        year, _, season = event.until.partition("-")
        parts += ["to", season.capitalize(), year]
    if event.side:
        parts.append(event.side.capitalize())
    if event.phase:
        parts.append(event.phase.replace("_", " "))
    return " ".join(parts)


class GamePoint(NamedTuple):
    """A span of game time named by the user: a game turn, a player turn in it, or a phase in that."""

    year: int
    season: Season
    side: Side | None = None
    phase: Phase | None = None

    def contains(self, event: Event) -> bool:
        """Whether an event falls inside this span (an approximate one: whether its range of turns meets it)."""
        if event.until is not None:
            year, _, season = event.until.partition("-")
            turn = turn_index(self.year, self.season)
            if not turn_index(event.year, event.season) <= turn <= turn_index(int(year), season):
                return False
        elif (event.year, event.season) != (self.year, self.season):
            return False
        if self.side is not None and event.side != self.side:
            return False
        return self.phase is None or event.phase == self.phase

    def __str__(self) -> str:
        return "/".join(str(p) for p in (f"{self.year}-{self.season}", self.side, self.phase) if p)


_POINT = re.compile(r"^(?P<year>\d{4})-(?P<season>[a-z]+)(?:/(?P<side>[a-z_]+))?(?:/(?P<phase>[a-z_]+))?$")


def parse_game_point(text: str) -> GamePoint:
    """Parse ``1940-spring``, ``1940-spring/axis``, ``1940-spring/axis/combat`` or a game-turn level phase,
    ``1939-fall/setup``, ``1940-spring/research``."""
    match = _POINT.match(text.strip().lower())
    if not match:
        raise PointError(f"not a game time: {text!r} (expected e.g. '1940-spring', '1940-spring/axis/combat')")
    season, side, phase = match["season"], match["side"], match["phase"]
    if phase is None and side is not None and side not in SIDES and side in _PHASE_RANK:
        side, phase = None, side  # a game-turn level phase: 1939-fall/setup, 1940-spring/research
    if season not in SEASONS:
        raise PointError(f"unknown season {season!r} in {text!r}; expected one of {', '.join(SEASONS)}")
    if side is not None and side not in SIDES:
        raise PointError(f"unknown side {side!r} in {text!r}; expected 'axis' or 'allied'")
    if phase is not None and phase not in _PHASE_RANK:
        known = ", ".join(p for p in _PHASE_RANK if p)
        raise PointError(f"unknown phase {phase!r} in {text!r}; expected one of {known}")
    return GamePoint(int(match["year"]), season, side, phase)  # type: ignore[arg-type]
