"""What every projection shares: the game's rule set and options (``Meta``) and where the game stands (``Clock``).

How the folds are built (read this before writing one):

* A projection is a module with a state class, ``initial()`` and ``HANDLERS``: one handler per
  event type it reacts to (:class:`Handlers`; ``@HANDLERS.on(UnitMoved)``). A handler updates a state **in place**
  and is private to the fold machinery; the public API is
  :func:`projections.game.fold` and :func:`projections.game.apply`, which clone the state they are given once and
  return a new state, never touching their input. So every state a caller holds is a value: a pure function of
  the events folded into it (no I/O, no clock, no randomness).
* Records inside a state (a unit, a ship, a ledger line) are frozen structs, replaced, never changed; containers
  (dicts, lists) belong to one state and are copied by :func:`clone` (one for every state: it reads the state's
  annotations). Cloning is shallow and cheap, and a fold over a
  million events clones once, which is what keeps full replays within a small factor of reading the events.
  (We depart here from "a frozen State per event": copying every container on every event would cost more than the
  rest of the fold together.)
* Events a projection does not care about leave its state unchanged.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, Generic, TypeVar, get_args, get_origin, get_type_hints

import msgspec

from awaw_events.events import AnyEvent, Event, GameCreated, MapDataChanged, MapDataUsed
from awaw_events.gametime import turn_index
from awaw_events.vocab import Phase, Season, Side


class MapDataRef(msgspec.Struct, frozen=True, kw_only=True):
    """The map data a game declared (``map_data_used``): its name, version and the hash of its facts."""

    name: str
    version: str = ""
    sha256: str


class Meta(msgspec.Struct, frozen=True, kw_only=True):
    """The rule set and house-rule options of the game (from ``game_created`` and ``rule_option_changed``), and the
    map data it declared (``map_data_used``; None when it declared none)."""

    rules: str = "awaw"
    variant: str = "classic"
    options: dict[str, str] = {}
    start_year: int = 1939
    start_season: Season = "fall"
    map_data: MapDataRef | None = None
    resumes: str | None = None
    """Where play resumes, for a game started from a position taken during play (``game_created.resumes``)."""

    def option(self, name: str, default: str) -> str:
        """An option's value, or ``default`` when the game did not record it."""
        return self.options.get(name, default)


class Clock(msgspec.Struct, frozen=True, kw_only=True):
    """Where the game stands after the last event folded: game time and the number of events."""

    seq: int = 0
    year: int = 1939
    season: Season = "fall"
    side: Side | None = None
    phase: Phase | None = None

    @property
    def turn(self) -> int:
        """The game turn as an index (consecutive seasons differ by one)."""
        return turn_index(self.year, self.season)

    @property
    def label(self) -> str:
        parts = [self.season.capitalize(), str(self.year)]
        if self.side:
            parts.append(self.side.capitalize())
        if self.phase:
            parts.append(self.phase.replace("_", " "))
        return " ".join(parts)


class Context(msgspec.Struct, frozen=True, kw_only=True):
    """What a projection's ``step`` may read besides its own state: the game's meta and the clock *before* the
    event (``previous``) and *at* it (``now``), so turn boundaries are visible."""

    meta: Meta
    previous: Clock
    now: Clock
    game: Any = None
    """The whole game state being folded (a :class:`projections.game.GameState`), to read only: for a projection
    that records what another one showed when the event happened (who controlled a hex when it was attacked)."""

    @property
    def new_turn(self) -> bool:
        """The event is the first of a new game turn."""
        return self.now.turn != self.previous.turn

    @property
    def time_moved(self) -> bool:
        """The event's game time (year, season, side, phase) differs from the previous event's."""
        now, previous = self.now, self.previous
        return (
            now.phase != previous.phase
            or now.side != previous.side
            or now.season != previous.season
            or now.year != previous.year
        )

    @property
    def new_player_turn(self) -> bool:
        return self.new_turn or (self.now.side is not None and self.now.side != self.previous.side)


def meta_from(event: GameCreated) -> Meta:
    return Meta(
        rules=event.rules,
        variant=event.variant,
        options=dict(event.options),
        start_year=event.year,
        start_season=event.season,
        resumes=event.resumes,
    )


def map_data_ref(event: MapDataUsed | MapDataChanged) -> MapDataRef:
    return MapDataRef(name=event.name, version=event.version, sha256=event.sha256)


def clock_after(clock: Clock, event: AnyEvent, seq: int) -> Clock:
    """The clock after an event: annotations (notes, rulings ...) do not move game time."""
    if event.annotation:
        return msgspec.structs.replace(clock, seq=seq)
    return Clock(seq=seq, year=event.year, season=event.season, side=event.side, phase=event.phase)


S = TypeVar("S")


def clone(state: S) -> S:
    """A state with fresh containers (records are frozen and shared): every dict, list and set field copied, a dict's
    values too where they are containers (a hex's set of units), and a nested state (a mutable struct) cloned the same
    way. Which fields to copy, and how, is read once per state class from its annotations, so a clone costs what
    hand-written copies cost."""
    fresh = copy.copy(state)
    kind: type = type(state)
    for name, copier in _plan(kind):
        setattr(fresh, name, copier(getattr(state, name)))
    return fresh


def _container(kind: Any) -> Callable[[Any], Any] | None:
    origin = get_origin(kind) or kind
    return origin if origin in (dict, list, set) else None


def _copier(kind: Any) -> Callable[[Any], Any] | None:
    """How to copy a value of this annotated type, or None where it is shared (frozen, immutable)."""
    origin = get_origin(kind) or kind
    if origin is dict:
        inner = _container(get_args(kind)[1]) if get_args(kind) else None
        if inner is not None:
            return lambda d: {k: inner(v) for k, v in d.items()}
        return dict
    if (copier := _container(kind)) is not None:
        return copier
    if isinstance(origin, type) and issubclass(origin, msgspec.Struct) and not origin.__struct_config__.frozen:
        return clone
    return None


@functools.cache
def _plan(cls: type) -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    hints = get_type_hints(cls)
    fields: tuple[str, ...] = getattr(cls, "__struct_fields__", ())
    return tuple((name, c) for name in fields if (c := _copier(hints[name])) is not None)


Handler = Callable[[S, Any, Context], None]
"""``handler(state, event, ctx)``: apply one event to a projection's private working state."""


class Handlers(Generic[S]):
    """A projection's handlers, one per event type (``@HANDLERS.on(UnitPlaced, UnitBuilt)`` adds one for both).

    The fold looks handlers up by the event's exact type, so a projection pays nothing for the events it ignores.
    """

    def __init__(self) -> None:
        self.by_type: dict[type[Event], Handler[S]] = {}
        self.time_changed: Handler[S] | None = None
        """Called before the event's own handler whenever game time moves (a new phase, player turn or game
        turn), for every event type: where a projection closes a period (archives a turn's ledger)."""

    def on_time_change(self, handler: Handler[S]) -> Handler[S]:
        """Register the handler that runs whenever game time moves (see :attr:`time_changed`)."""
        if self.time_changed is not None:
            raise ValueError("two handlers for a change of game time")
        self.time_changed = handler
        return handler

    def on(
        self, *kinds: type[Event]
    ) -> Callable[[Callable[[S, Any, Context], None]], Callable[[S, Any, Context], None]]:
        def add(handler: Callable[[S, Any, Context], None]) -> Callable[[S, Any, Context], None]:
            for kind in kinds:
                if kind in self.by_type:
                    raise ValueError(f"two handlers for {kind.__name__}")
                self.by_type[kind] = handler
            return handler

        return add
