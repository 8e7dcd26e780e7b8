"""The whole game state: the projections (board, BRP ledgers, oil, naval charts, weather, and the dice record, this
turn's combat, politics and land-war running facts the rules read) folded together.

``fold(state, events)`` and ``apply(state, event)`` are pure: they clone the state they are given once, apply the
events to the clone, and return it (see :mod:`projections.core` for why the working copy is mutated in place).
Rulings are honoured by :func:`effective_events`, which a caller applies to a timeline's records before folding.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any, Final

import msgspec

from awaw_events.events import AnyEvent, Event, GameCreated, MapDataChanged, MapDataUsed, RuleOptionChanged
from projections import board, brp, combat, dice, land, movement, naval, oil, politics, redeployment, sw, weather
from projections.core import Clock, Context, Handler, Meta, clock_after, clone, map_data_ref, meta_from

CODE_VERSION: Final = "projections-17-operation-words"
"""Bump when any fold changes meaning: stored snapshots are keyed by it and rebuilt when it differs."""


class GameState(msgspec.Struct, kw_only=True):
    """Everything the projections know after ``clock.seq`` events. Treat it as a value."""

    meta: Meta = Meta()
    clock: Clock = Clock()
    board: board.BoardState = msgspec.field(default_factory=board.initial)
    brp: brp.State = msgspec.field(default_factory=brp.initial)
    oil: oil.State = msgspec.field(default_factory=oil.initial)
    naval: naval.State = msgspec.field(default_factory=naval.initial)
    weather: weather.WeatherState = msgspec.field(default_factory=weather.initial)
    dice: dice.DiceState = msgspec.field(default_factory=dice.initial)
    combat: combat.CombatState = msgspec.field(default_factory=combat.initial)
    politics: politics.PoliticsState = msgspec.field(default_factory=politics.initial)
    land: land.LandState = msgspec.field(default_factory=land.initial)
    redeployment: redeployment.RedeploymentState = msgspec.field(default_factory=redeployment.initial)
    sw: sw.SwState = msgspec.field(default_factory=sw.initial)
    movement: movement.MovementState = msgspec.field(default_factory=movement.initial)


def initial() -> GameState:
    """The state before the first event."""
    return GameState()


PROJECTIONS: Final[tuple[tuple[str, ModuleType], ...]] = (
    ("land", land),  # before the board: its handlers read the board as it was before the event
    ("board", board),
    ("movement", movement),  # after the board (it reads where units went), before combat (whose turn it reads)
    ("oil", oil),
    ("naval", naval),
    ("brp", brp),
    ("weather", weather),
    ("dice", dice),
    ("combat", combat),
    ("politics", politics),
    ("redeployment", redeployment),
    ("sw", sw),  # after the board: an SW round's allocation reads the units there
)
"""Every projection: the name of its part of :class:`GameState` and its module, in the order they fold each event.
A projection that reads another's state of the same event comes after it: the BRP ledger reads ship and shipyard
owners from the naval charts, the redeployment tallies read units from the board."""


def _dispatch() -> dict[type[Event], tuple[tuple[str, Handler[Any]], ...]]:
    """For each event type, the projections that react to it and their handler (projection order)."""
    table: dict[type[Event], list[tuple[str, Handler[Any]]]] = {}
    for name, module in PROJECTIONS:
        handlers = getattr(module, "HANDLERS", None)
        for kind, handler in (handlers.by_type if handlers is not None else {}).items():
            table.setdefault(kind, []).append((name, handler))
    return {kind: tuple(found) for kind, found in table.items()}


_DISPATCH: Final = _dispatch()
_TIME_CHANGED: Final = tuple(
    (name, module.HANDLERS.time_changed)
    for name, module in PROJECTIONS
    if getattr(module, "HANDLERS", None) is not None and module.HANDLERS.time_changed is not None
)
_EVERY_EVENT: Final = tuple((name, module.step) for name, module in PROJECTIONS if not hasattr(module, "HANDLERS"))
"""Projections still folding with one ``step`` that sees every event (being converted to handlers)."""


_META_EVENTS: Final = frozenset({GameCreated, RuleOptionChanged, MapDataUsed, MapDataChanged})
"""The events that change the game's meta (its rules, options and map data)."""


def _step(state: GameState, event: AnyEvent, seq: int) -> None:
    # the hot path of every replay and audit: one dispatch-table lookup per event, no per-event scan
    previous = state.clock
    now = clock_after(previous, event, seq)
    kind = type(event)
    if kind in _META_EVENTS:
        _meta_changed(state, event)
    ctx = Context(meta=state.meta, previous=previous, now=now, game=state)
    for name, step in _EVERY_EVENT:
        step(getattr(state, name), event, ctx)
    if _TIME_CHANGED and ctx.time_moved:
        for name, handler in _TIME_CHANGED:
            handler(getattr(state, name), event, ctx)
    for name, handler in _DISPATCH.get(kind, ()):
        handler(getattr(state, name), event, ctx)
    state.clock = now


def _meta_changed(state: GameState, event: AnyEvent) -> None:
    if isinstance(event, GameCreated):
        state.meta = meta_from(event)
    elif isinstance(event, RuleOptionChanged):
        state.meta = msgspec.structs.replace(state.meta, options={**state.meta.options, event.option: event.new})
    elif isinstance(event, (MapDataUsed, MapDataChanged)):
        state.meta = msgspec.structs.replace(state.meta, map_data=map_data_ref(event))


class Fold:
    """An incremental fold over a private clone, for walkers that look at the state between events (the audit,
    step-by-step replays). ``state`` is the live working state: read it, never change it or keep it past the next
    :meth:`push`; :meth:`result` hands it over (and ends the fold)."""

    def __init__(self, state: GameState | None = None) -> None:
        self.state = clone(state) if state is not None else initial()

    def push(self, seq: int, event: AnyEvent) -> None:
        _step(self.state, event, seq)

    def result(self) -> GameState:
        state, self.state = self.state, clone(self.state)
        return state


def fold(state: GameState, events: Iterable[AnyEvent]) -> GameState:
    """The state after ``events``, starting from ``state`` (which is left unchanged); events are numbered on from
    the state's last sequence number."""
    work = clone(state)
    for seq, event in enumerate(events, start=work.clock.seq + 1):
        _step(work, event, seq)
    return work


def fold_numbered(state: GameState, numbered: Iterable[tuple[int, AnyEvent]]) -> GameState:
    """Like :func:`fold`, for events that carry their own sequence numbers (a log with rulings applied, where
    voided events leave gaps and replacements stand in the place of what they replace)."""
    work = clone(state)
    for seq, event in numbered:
        _step(work, event, seq)
    return work


def apply(state: GameState, event: AnyEvent) -> GameState:
    """The state after one more event."""
    return fold(state, (event,))


def replay(events: Iterable[AnyEvent]) -> GameState:
    """The state after a whole sequence of events, from the beginning."""
    return fold(initial(), events)


def steps(state: GameState, events: Iterable[AnyEvent]) -> Iterator[GameState]:
    """Every intermediate state, one per event (each a separate value, for step-by-step replays)."""
    current = state
    for event in events:
        current = apply(current, event)
        yield current


def encode_state(state: GameState) -> bytes:
    """A snapshot of the state (msgpack)."""
    return msgspec.msgpack.encode(state)


_STATE_DECODER: Final = msgspec.msgpack.Decoder(GameState)


def decode_state(data: bytes) -> GameState:
    return _STATE_DECODER.decode(data)
