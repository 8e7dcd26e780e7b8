"""One walk of a timeline: every event folded once, and the readers that draw from it (the report's steps, the
losses chart, the read model's rows) shown the state before and after each event.

A reader's :meth:`Reader.before` sees the state before an event, :meth:`Reader.after` the state after it with the
units the event touched (each as it stood before the event, ``None`` for one that was not in play): a unit gone
from play, reduced, moved or changed is found without a pass over every unit. The state is the fold's working
state: read it, never change it or keep it past the call (clone what must outlive the next event).

The audit can drive the same fold (:meth:`Walk.records` hands it the records and runs the readers between them;
the audit folds each record it is given), so a report or a read model of a long game folds it once and audits it
in the same pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from awaw_events.store import Record
from projections import board
from projections.game import Fold, GameState

Touched = Mapping[str, board.Unit | None]
"""The units an event touched, each as it stood before the event (``None``: not in play before it)."""


class Reader:
    """What a walk shows a reader; override what it needs."""

    def begin(self, walk: Walk) -> None:
        """Called once, when the walk is made (a reader that needs the walk's :attr:`Walk.units` keeps it)."""

    def before(self, record: Record, state: GameState) -> None:
        """Called with the state before ``record``."""

    def after(self, record: Record, state: GameState, touched: Touched) -> None:
        """Called with the state after ``record`` and the units it touched."""

    def finish(self, state: GameState) -> None:
        """Called once, with the state after the last record."""


class WatchedUnits(dict[str, board.Unit]):
    """The board's units during a walk: a dict that notes, for every key written or removed since it was last
    asked (:meth:`take`), its value before the first change (``None``: absent). It also numbers each key by when it
    entered the dict (``order``), the dict's own order: a key written again keeps its place, one removed and
    written again goes last, as in any dict."""

    def __init__(self, units: dict[str, board.Unit]) -> None:
        super().__init__(units)
        self.was: dict[str, board.Unit | None] = {}
        self.order: dict[str, int] = {key: n for n, key in enumerate(units)}
        self.entered = len(units)

    def take(self) -> dict[str, board.Unit | None]:
        was, self.was = self.was, {}
        return was

    def _touch(self, key: str) -> None:
        if key not in self.was:
            self.was[key] = dict.get(self, key)

    def _enter(self, key: str) -> None:
        self._touch(key)
        if key not in self:
            self.entered += 1
            self.order[key] = self.entered

    def __setitem__(self, key: str, value: board.Unit) -> None:
        self._enter(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._touch(key)
        super().__delitem__(key)

    def pop(self, key: str, *default: Any) -> Any:
        self._touch(key)
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, board.Unit]:
        key, value = super().popitem()
        self.was.setdefault(key, value)
        return key, value

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._enter(key)
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        for key in self:
            self._touch(key)
        super().clear()

    def __ior__(self, other: dict[str, board.Unit]) -> WatchedUnits:  # type: ignore[override,misc]
        self.update(other)
        return self


class Walk:
    """A fold from ``state`` (default: the start of the game) with readers. Drive it with :meth:`run`, or let the
    audit drive it: ``audit(walk.records(records), fold=walk.fold)`` then :meth:`finish`."""

    def __init__(self, readers: Sequence[Reader], state: GameState | None = None) -> None:
        self.fold = Fold(state)
        self.readers = tuple(readers)
        self.units = self._watch()
        self.finished: GameState | None = None
        for reader in self.readers:
            reader.begin(self)

    def _watch(self) -> WatchedUnits:
        watched = WatchedUnits(self.fold.state.board.units)
        self.fold.state.board.units = watched
        return watched

    def _touched(self) -> dict[str, board.Unit | None]:
        units = self.fold.state.board.units
        if units is self.units:
            return self.units.take()
        # a handler replaced the dict: every unit of the old and new dict is touched this time; watch the new one
        old = self.units
        was: dict[str, board.Unit | None] = {key: dict.get(old, key) for key in old}
        was.update(old.take())
        was.update({key: None for key in units if key not in was})
        self.units = self._watch()
        return was

    def records(self, records: Iterable[Record]) -> Iterator[Record]:
        """``records`` passed on to whoever folds them (the audit): each reader sees the state before a record when
        it is handed over, and after it when the next is asked for (the one handed over has been folded by then)."""
        readers = self.readers
        for record in records:
            state = self.fold.state
            for reader in readers:
                reader.before(record, state)
            yield record
            touched = self._touched()
            for reader in readers:
                reader.after(record, state, touched)

    def run(self, records: Iterable[Record]) -> GameState:
        """Fold ``records`` with the readers (no audit) and finish."""
        push = self.fold.push
        for record in self.records(records):
            push(record.seq, record.event)
        return self.finish()

    def finish(self) -> GameState:
        """Tell the readers the walk ended; the state after the last record (the fold's, handed over)."""
        if self.finished is not None:
            return self.finished
        state = self.fold.state
        for reader in self.readers:
            reader.finish(state)
        state.board.units = dict(state.board.units)
        self.finished = self.fold.result()
        return self.finished


__all__ = ["Reader", "Touched", "Walk", "WatchedUnits"]
