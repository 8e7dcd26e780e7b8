"""The position: the game state at a point, the game's map data and its grid, in one value that rules questions are
asked of.

A *query* (the modules of this package) is a pure function of a :class:`Position` and what is asked (a unit, a path,
a hex, a claim) that applies the rules of :mod:`projections.rules` to the position and returns a :class:`Judged`: its
answer, the :class:`~projections.rules.breach.Breach` of each rule the thing asked about breaks, and the facts the
position lacks to decide (:class:`Unknown`: "no map data for EUR:K37 (terrain)"). The same query is asked by the
command that decides an action (``awaw move`` prices the path and refuses what breaks a rule), by the audit's check
of a recorded claim (which turns each breach into a finding and each unknown into "not checked") and by the pictures
(the hexes a unit can reach). python-chess's ``Board.is_legal`` is the model: one predicate, reached from the move a
player makes and from the game a reader replays.

A position never reads the log and never writes: the audit builds one over the state its fold updates in place (the
state before each event), a command one over the state at the end of the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Generic, NamedTuple, Protocol, TypeVar

import msgspec

from awaw_events.gametime import turn_index
from projections.board import BoardState
from projections.core import Meta
from projections.game import GameState
from projections.rules.breach import Breach
from projections.rules.geometry import Grid, grid
from projections.rules.mapdata import HexFacts, HexsideFacts, MapData, no_map_data, unconfirmed_reason

T = TypeVar("T")

NO_MAP_DECLARED: Final = "the game declares no map data"
NO_MAP_DATA_KIND: Final = "no map data"
"""The kind (:attr:`Unknown.kind`) of every question left undecided for want of a map fact (``no map data
(terrain)``)."""
SAMPLED_KIND: Final = "sampled, unconfirmed"
"""The kind of a question left undecided because the fact it needs was sampled and nobody confirmed it."""


class Unknown(msgspec.Struct, frozen=True, kw_only=True):
    """A question the position cannot decide because the log or the map data lacks a fact: why (in words a player
    reads: ``not checked: no map data for EUR:K37 (terrain)``), and what it is grouped by in a report."""

    reason: str
    kind: str | None = None
    """What a report groups by (default: one line per question): ``no map data (terrain)`` keeps hexes whose
    terrain is unknown on a line of their own, which names the first such hex and counts the rest."""


class Judged(NamedTuple, Generic[T]):
    """What a query answers: the answer, the rules the thing asked about breaks, and what the position cannot
    decide (empty where it decided everything)."""

    answer: T
    breaches: tuple[Breach, ...] = ()
    unknown: tuple[Unknown, ...] = ()

    @property
    def legal(self) -> bool:
        """No rule is broken for certain (some may still be undecided: see ``unknown``)."""
        return not self.breaches


Verdict = Iterable[Breach | Unknown]
"""What a query on a claim returns: the breaches of its rule and what it could not decide (``()``: nothing)."""


class Timed(Protocol):
    """A moment of the sequence of play: an event's game time, or the clock of a state."""

    @property
    def year(self) -> int: ...
    @property
    def season(self) -> str: ...
    @property
    def side(self) -> str | None: ...
    @property
    def phase(self) -> str | None: ...


def turn_of(when: Timed) -> int:
    """The game turn of a moment, as an index (consecutive seasons differ by one)."""
    return turn_index(when.year, when.season)


class Position:
    """The state at a point, the map data the game uses (None when it has none: ``map_reason`` says why) and the
    hex grid under the game's options. Read it, never change it.

    The audit keeps one position over the state its fold updates in place and calls :meth:`moved` after each event,
    which forgets what :meth:`cached` remembered of the state before it.
    """

    __slots__ = ("_map", "_memo", "_missing", "asked", "grid", "map_reason", "state")

    def __init__(
        self,
        state: GameState,
        map: MapData | None = None,
        *,
        map_reason: str | None = None,
        grid_: Grid | None = None,
    ) -> None:
        self.state = state
        self._map = map
        self.asked = False
        """Set whenever :attr:`map` is read: the audit counts the check applications that needed map data."""
        self.map_reason = map_reason if map_reason is not None else ("" if map is not None else NO_MAP_DECLARED)
        self.grid: Grid = grid_ if grid_ is not None else grid(state.meta.options)
        self._memo: dict[Any, Any] | None = None
        self._missing: dict[tuple[str, str | None], Unknown] = {}

    @property
    def map(self) -> MapData | None:
        """The map data the game uses (None when it has none: ``map_reason`` says why); reading it sets
        :attr:`asked`."""
        self.asked = True
        return self._map

    @property
    def board(self) -> BoardState:
        return self.state.board

    @property
    def meta(self) -> Meta:
        return self.state.meta

    @property
    def next_roll(self) -> int:
        """The number the game's next roll takes."""
        return self.state.dice.next_roll

    def follow(self, map: MapData | None, map_reason: str) -> None:
        """The game's options or its map data changed (the audit's fold passed an event that changes them)."""
        self.grid = grid(self.state.meta.options)
        self._map, self.map_reason = map, map_reason
        self._missing = {}
        self._memo = None

    def moved(self) -> None:
        """The state changed under the position: forget what was computed from it."""
        self._memo = None

    def hex(self, hex_id: str) -> HexFacts | None:
        """The map data's facts of a hex (None when there is no map data or no entry for the hex)."""
        return self.map.hex(hex_id) if self.map is not None else None

    def hexside(self, a: str, b: str) -> HexsideFacts | None:
        """The map data's facts of the hexside between two adjacent hexes (None when it lists none)."""
        return self.map.hexside(a, b) if self.map is not None else None

    def missing_hex(self, hex_id: str, fact: str | None = None) -> Unknown:
        """``not checked: no map data for EUR:K37 (terrain)``, grouped by the fact (the same value for the same hex
        and fact while the map data stays the same: every move would build the words again). Where the fact is in
        the map data but was sampled and nobody confirmed it: ``not checked: sampled, unconfirmed: EUR:K37
        (terrain)``, never a finding on it."""
        key = (hex_id, fact)
        found = self._missing.get(key)
        if found is None:
            sampled = unconfirmed_reason(self.map, hex_id, fact)
            if sampled is not None:
                found = self._missing[key] = Unknown(reason=sampled, kind=f"{SAMPLED_KIND} ({fact})")
                return found
            reason = no_map_data(hex_id, fact)
            if self.map is None:
                reason += f": {self.map_reason}"
            kind = f"{NO_MAP_DATA_KIND} ({fact})" if fact else NO_MAP_DATA_KIND
            found = self._missing[key] = Unknown(reason=reason, kind=kind)
        return found

    def cached(self, function: Callable[..., T], *key: Any) -> T:
        """``function(self, *key)``, computed once while the state stays as it is, however many callers ask."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        else:
            found = memo.get((function, key), _ABSENT)
            if found is not _ABSENT:
                return found  # type: ignore[no-any-return]
        value = memo[function, key] = function(self, *key)
        return value


_ABSENT: Final = object()


def breach(rule: str, message: str, allowed: object = None, actual: object = None) -> Breach:
    """A breach with its figures as the words a report prints (``allowed``, ``actual``: what the rule gives and what
    was claimed, None where no figure is at stake)."""
    return Breach(rule, message, _words(allowed), _words(actual))


def _words(value: object) -> int | str | None:
    if value is None or isinstance(value, int | str):
        return value
    return str(value)
