"""Read models for other tools: the projections as plain SQLite tables (sqlite-utils), a browser of the game in
Datasette.

Every table is rebuilt whole on each run, so a read model is the state at one point of one timeline (``awaw_meta``
says which), plus what happened up to it: every event (``events``), where each unit stood from which event to which
(``unit_history``) and the audit's findings (``findings``), linked to their events.
:func:`replays.readmodel.metadata` gives Datasette the titles, the column descriptions and the canned queries ("BRP
ledger of one power", "all findings", "units in a hex at a point"); ``awaw materialize`` writes it beside the
database (``datasette game.db -m game.metadata.json``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Final

import msgspec
import sqlite_utils

from awaw_events.codec import encode, tag_of
from awaw_events.gametime import label
from awaw_events.store import GameStore, Record
from projections import board
from projections.game import Fold
from replays.readmodel import EMPTY_SCHEMAS, EVENT_SCHEMA, TABLE_PREFIXES, TABLES
from replays.views import tables

if TYPE_CHECKING:
    from replays.audit.engine import AuditReport


class _Watched(dict[str, board.Unit]):
    """The board's units during a walk: a dict that notes every key written or removed since it was last asked
    (:meth:`take`), so that finding what an event changed costs what it changed, not the number of units. It also
    numbers each key by when it entered the dict (``order``), which is the dict's own order: a key written again
    keeps its place, one removed and written again goes last, as in any dict."""

    def __init__(self, units: dict[str, board.Unit]) -> None:
        super().__init__(units)
        self.touched: set[str] = set(units)
        self.order: dict[str, int] = {key: n for n, key in enumerate(units)}
        self.entered = len(units)

    def take(self) -> set[str]:
        touched, self.touched = self.touched, set()
        return touched

    def _enter(self, key: str) -> None:
        self.touched.add(key)
        if key not in self:
            self.entered += 1
            self.order[key] = self.entered

    def __setitem__(self, key: str, value: board.Unit) -> None:
        self._enter(key)
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self.touched.add(key)
        super().__delitem__(key)

    def pop(self, key: str, *default: Any) -> Any:
        self.touched.add(key)
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, board.Unit]:
        key, value = super().popitem()
        self.touched.add(key)
        return key, value

    def setdefault(self, key: str, default: Any = None) -> Any:
        self._enter(key)
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def clear(self) -> None:
        self.touched.update(self)
        super().clear()

    def __ior__(self, other: dict[str, board.Unit]) -> _Watched:  # type: ignore[override,misc]
        self.update(other)
        return self


BATCH: Final = 10_000
"""Rows of the events table and of the units' history written at a time as the walk goes (memory stays flat)."""


class _Table:
    """A new table created as sqlite-utils creates one (the same column types and keys), its rows (tuples in the
    schema's column order) written :data:`BATCH` at a time with one ``executemany``: no dict and no per-value
    conversion per row."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        name: str,
        schema: dict[str, type],
        *,
        pk: str | None = None,
        foreign_keys: list[tuple[str, str, str]] | None = None,
    ) -> None:
        db.table(name).create(schema, pk=pk, foreign_keys=foreign_keys or [])
        self.conn = db.conn
        self.sql = f"INSERT INTO [{name}] VALUES ({', '.join('?' * len(schema))})"
        self.rows: list[tuple[Any, ...]] = []
        self.count = 0

    def add(self, row: tuple[Any, ...]) -> None:
        self.rows.append(row)
        if len(self.rows) >= BATCH:
            self.flush()

    def flush(self) -> None:
        if self.rows:
            self.conn.executemany(self.sql, self.rows)
            self.count += len(self.rows)
            self.rows = []


class _Spans:
    """Where each unit stood from which event to which, recorded as the board changes: after each board event,
    the units written or removed since the last one are compared with where they stood (their ``Unit`` value is
    replaced whenever anything about them changes), so a unit's span ends at the board event that changed, moved
    or removed it."""

    def __init__(self, fold: Fold, table: _Table) -> None:
        self.fold = fold
        self.units = self._watch()
        self.standing: dict[str, tuple[int, board.Unit, int]] = {}
        """Each unit on the board: since which event, as what, and its place in the order units came (or came
        back) onto the board, which orders the spans that end at the same event."""
        self.placed = 0
        self.table = table

    def _watch(self) -> _Watched:
        watched = _Watched(self.fold.state.board.units)
        self.fold.state.board.units = watched
        return watched

    def after(self, seq: int) -> None:
        """Close and open the spans of the units the events up to ``seq`` (a board event) changed."""
        units = self.fold.state.board.units
        if units is self.units:
            touched = self.units.take()
        else:  # a handler replaced the dict: compare every unit this time, and watch the new one
            touched = set(self.standing) | set(units)
            self.units = self._watch()
            self.units.take()
            units = self.units
        if not touched:
            return
        standing = self.standing
        gone = [key for key in touched if key in standing and units.get(key) is not standing[key][1]]
        if len(gone) > 1:
            gone.sort(key=lambda key: standing[key][2])
        for key in gone:
            since, unit, _ = standing.pop(key)
            self.table.add(_span(unit, since, seq))
        came = [key for key in touched if key not in standing and key in units]
        if len(came) > 1:
            came.sort(key=self.units.order.__getitem__)  # in the board's own order
        for key in came:
            self.placed += 1
            standing[key] = (seq, units[key], self.placed)

    def finish(self) -> None:
        """Every span written, the units still standing last (their span open)."""
        for since, unit, _ in self.standing.values():
            self.table.add(_span(unit, since, None))
        self.table.flush()
        self.fold.state.board.units = dict(self.units)


def _span(unit: board.Unit, since: int, until: int | None) -> tuple[Any, ...]:
    return (
        unit.id,
        unit.owner,
        unit.nationality,
        unit.unit_type,
        unit.factors,
        unit.location,
        unit.inverted,
        since,
        until,
    )


class _Walk:
    """One fold of the timeline for the whole read model: the audit drives it, and between events this collects
    the events table's rows and the units' spans."""

    def __init__(self, progress: Callable[[int], None] | None, events: _Table, history: _Table) -> None:
        self.fold = Fold()
        self.spans = _Spans(self.fold, history)
        self.events = events
        self.progress = progress
        self._labels: dict[tuple[int, str, str | None, str | None, str | None], str] = {}
        """Game-time labels by what they are made of (few differ: most events share their phase's)."""

    def records(self, records: Iterable[Record]) -> Iterator[Record]:
        """``records`` passed on to the audit; when it asks for the next, it has folded the one before."""
        board_events = board.HANDLERS.by_type
        add, labels, progress = self.events.add, self._labels, self.progress
        kinds: dict[type, tuple[str, str]] = {}
        for record in records:
            yield record
            event = record.event
            key = (event.year, event.season, event.side, event.phase, event.until)
            game_time = labels.get(key)
            if game_time is None:
                game_time = labels[key] = label(event)
            kind = type(event)
            names = kinds.get(kind)
            if names is None:
                names = kinds[kind] = (tag_of(kind), kind.family)
            data = msgspec.json.format(encode(event), indent=0).decode()  # json.dumps' spacing, as before
            add((record.seq, game_time, *key[:4], event.actor, *names, data, record.hash))
            if kind in board_events:
                self.spans.after(record.seq)
            if progress is not None and record.seq % 1_000 == 0:
                progress(record.seq)


def _findings(report: AuditReport) -> list[tuple[Any, ...]]:
    """The findings' rows, each numbered among the findings of its event."""
    counts: dict[int, int] = {}
    rows = []
    for f in report.findings:
        n = counts.get(f.seq, 0)
        counts[f.seq] = n + 1
        rows.append((f.seq, n, f.game_time, f.event_type, f.rule, f.check, f.expected, f.recorded, f.message))
    return rows


_LINKED: Final = ("brp_lines", "oil_lines", "findings")
"""Tables whose ``seq`` links to the event (a foreign key Datasette follows)."""


def materialize(
    store: GameStore,
    timeline: str,
    db: sqlite_utils.Database,
    seq: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Write the state of ``timeline`` after event ``seq`` into ``db``, with the events, the units' history and the
    audit findings up to it; returns the row count of each table. ``progress`` is told the event number reached.

    One transaction: the read model is replaced whole or not at all, and written to disk once (a commit per
    100-row chunk, sqlite-utils' default, spent most of the time waiting for the disk)."""
    with db.atomic():
        return _write(store, timeline, db, seq, progress)


def _write(
    store: GameStore,
    timeline: str,
    db: sqlite_utils.Database,
    seq: int,
    progress: Callable[[int], None] | None,
) -> dict[str, int]:
    from replays.audit.catalogue import audit, store_maps

    for name in db.table_names():
        if name in TABLES or name.split("_", 1)[0] in TABLE_PREFIXES:
            db.table(name).drop(ignore=True)
    events = _Table(db, "events", EVENT_SCHEMA, pk="seq")
    history = _Table(db, "unit_history", EMPTY_SCHEMAS["unit_history"])
    walk = _Walk(progress, events, history)
    report = audit(walk.records(store.open(timeline).effective_records(1, seq)), maps=store_maps(store), fold=walk.fold)
    if progress is not None:
        progress(seq)
    events.flush()
    walk.spans.finish()
    state = walk.fold.result()
    counts: dict[str, int] = {"events": events.count}
    for name, rows in tables(state).items():
        if not rows and name in EMPTY_SCHEMAS:
            db.table(name).create(EMPTY_SCHEMAS[name])  # the canned queries read them even when empty
        if rows:
            keys = [("seq", "events", "seq")] if name in _LINKED and counts["events"] else []
            db.table(name).insert_all(rows, alter=True, foreign_keys=keys)
        counts[name] = len(rows)
    findings = _findings(report)
    links = [("seq", "events", "seq")] if findings and counts["events"] else []
    table = _Table(db, "findings", EMPTY_SCHEMAS["findings"], foreign_keys=links)
    for row in findings:
        table.add(row)
    table.flush()
    counts["findings"] = len(findings)
    counts["unit_history"] = history.count
    if history.count:
        db.table("unit_history").create_index(["location", "from_seq"], if_not_exists=True)
    meta = db.table("awaw_meta")
    meta.insert({"timeline": timeline, "at_event": seq, "game_time": state.clock.label})
    return counts
