"""Season arithmetic: game turns as consecutive integers, and the four-column wrap of naval charts.

A game turn is one season; Winter carries the year in which it begins, so Fall 1940 -> Winter 1940 -> Spring 1941
(27-30 extract 5.2; 27.7322 example; 28.81 example). The naval construction chart has one column per season and
wraps Winter -> Spring (27.7251C, 27.7272C). The turn index is the one of ``awaw_events.gametime.turn_index``, so
indices computed here and there agree.
"""

from __future__ import annotations

from typing import Final

from awaw_events.gametime import turn_index as _gametime_turn_index
from awaw_events.vocab import SEASONS, Season

SEASONS_PER_YEAR: Final[int] = len(SEASONS)
"""Four game turns a year, Spring to Winter (27-30 extract 5.2)."""

_SEASON_POSITION: Final[dict[Season, int]] = {s: i for i, s in enumerate(SEASONS)}


def season_position(season: Season) -> int:
    """0 for Spring .. 3 for Winter: the column order of a naval construction chart (27.723)."""
    return _SEASON_POSITION[season]


def turn_index(year: int, season: Season) -> int:
    """A game turn as an integer; consecutive game turns differ by one (Winter 1940 + 1 = Spring 1941)."""
    return _gametime_turn_index(year, season)


def turn_at(index: int) -> tuple[int, Season]:
    """The ``(year, season)`` of a turn index (inverse of :func:`turn_index`)."""
    base = turn_index(0, SEASONS[0])
    years, pos = divmod(index - base, SEASONS_PER_YEAR)
    return years, SEASONS[pos]


def add_turns(year: int, season: Season, turns: int) -> tuple[int, Season]:
    """The game turn ``turns`` seasons after ``(year, season)`` (negative goes back)."""
    return turn_at(turn_index(year, season) + turns)


def turns_between(start: tuple[int, Season], end: tuple[int, Season]) -> int:
    """Game turns from ``start`` to ``end`` (negative if ``end`` comes first)."""
    return turn_index(*end) - turn_index(*start)


def shift_season(season: Season, columns: int) -> Season:
    """The chart column ``columns`` to the right (negative: left), wrapping Winter -> Spring (27.7251, 27.7272)."""
    return SEASONS[(season_position(season) + columns) % SEASONS_PER_YEAR]


def seasons_until(current: Season, column: Season) -> int:
    """Turns from the ``current`` season until ``column`` next comes up: 0 if it is the current column, else 1..3."""
    return (season_position(column) - season_position(current)) % SEASONS_PER_YEAR


def is_before(a: tuple[int, Season], b: tuple[int, Season]) -> bool:
    """Whether game turn ``a`` comes before game turn ``b``."""
    return turn_index(*a) < turn_index(*b)
