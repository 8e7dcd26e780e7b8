"""Read models for other tools: the projections as plain SQLite tables (sqlite-utils), a browser of the game in
Datasette.

Every table is rebuilt whole on each run, so a read model is the state at one point of one timeline (``awaw_meta``
says which), plus what happened up to it: every event (``events``), where each unit stood from which event to which
(``unit_history``), the moves, attacks (with their units and rounds), rolls, builds and redeployments as tables of
their own (:mod:`replays.eventrows`), the texts players search (notes, the chronicle, citations, rulings' reasons,
bookmarks) with a full-text index, and the audit's findings (``findings``), each linked to its event. One walk of
the timeline writes them all; the findings are the audit's own (:func:`replays.audit.timelines.audit_timeline`, in
this process), taken from the reports your cache keeps for the ranges nothing changed in, and only the other ranges
folded and checked (and kept for the next time).
:func:`replays.readmodel.metadata` gives Datasette the titles, the column descriptions and the canned queries ("BRP
ledger of one power", "all findings", "units in a hex at a point"); ``awaw materialize`` writes it beside the
database (``datasette game.db -m game.metadata.json``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import msgspec
import sqlite_utils

from awaw_events.codec import encode, tag_of
from awaw_events.gametime import label
from awaw_events.store import GameStore, Record
from projections import board
from projections.game import GameState
from replays.eventrows import FOREIGN_KEYS, ORDER, PRIMARY_KEYS, SCHEMAS, EventRows
from replays.readmodel import EMPTY_SCHEMAS, EVENT_SCHEMA, TABLE_PREFIXES, TABLES
from replays.views import tables
from replays.walk import Reader, Touched, Walk

if TYPE_CHECKING:
    from replays.audit.engine import AuditReport


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


class _Spans(Reader):
    """Where each unit stood from which event to which, recorded as the board changes: after each event, the units
    it touched are compared with where they stood (their ``Unit`` value is replaced whenever anything about them
    changes), so a unit's span ends at the event that changed, moved or removed it."""

    def __init__(self, table: _Table) -> None:
        self.order: dict[str, int] = {}
        self.standing: dict[str, tuple[int, board.Unit, int]] = {}
        """Each unit on the board: since which event, as what, and its place in the order units came (or came
        back) onto the board, which orders the spans that end at the same event."""
        self.placed = 0
        self.table = table

    def begin(self, walk: Walk) -> None:
        self.order = walk.units.order

    def after(self, record: Record, state: GameState, touched: Touched) -> None:
        """Close and open the spans of the units ``record`` changed."""
        if not touched:
            return
        seq = record.seq
        units = state.board.units
        standing = self.standing
        gone = [key for key in touched if key in standing and units.get(key) is not standing[key][1]]
        if len(gone) > 1:
            gone.sort(key=lambda key: standing[key][2])
        for key in gone:
            since, unit, _ = standing.pop(key)
            self.table.add(_span(unit, since, seq))
        came = [key for key in touched if key not in standing and key in units]
        if len(came) > 1:
            came.sort(key=self.order.__getitem__)  # in the board's own order
        for key in came:
            self.placed += 1
            standing[key] = (seq, units[key], self.placed)

    def finish(self, state: GameState) -> None:
        """Every span written, the units still standing last (their span open)."""
        for since, unit, _ in self.standing.values():
            self.table.add(_span(unit, since, None))
        self.table.flush()


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


class _Events(Reader):
    """The events table's rows, as the walk goes."""

    def __init__(self, table: _Table, progress: Callable[[int], None] | None) -> None:
        self.add = table.add
        self.progress = progress
        self._labels: dict[tuple[int, str, str | None, str | None, str | None], str] = {}
        """Game-time labels by what they are made of (few differ: most events share their phase's)."""
        self._kinds: dict[type, tuple[str, str]] = {}

    def before(self, record: Record, state: GameState) -> None:
        event = record.event
        key = (event.year, event.season, event.side, event.phase, event.until)
        game_time = self._labels.get(key)
        if game_time is None:
            game_time = self._labels[key] = label(event)
        kind = type(event)
        names = self._kinds.get(kind)
        if names is None:
            names = self._kinds[kind] = (tag_of(kind), kind.family)
        data = msgspec.json.format(encode(event), indent=0).decode()  # json.dumps' spacing, as before
        self.add((record.seq, game_time, *key[:4], event.actor, *names, data, record.hash))
        if self.progress is not None and record.seq % 1_000 == 0:
            self.progress(record.seq)


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
    from replays.audit.timelines import audit_timeline, collector_at_rest

    for name in db.table_names():
        if name in TABLES or name.split("_", 1)[0] in TABLE_PREFIXES:
            db.table(name).drop(ignore=True)
    for name in [n for n in db.table_names() if n.startswith("texts_fts")]:
        db.table(name).drop(ignore=True)
    events = _Table(db, "events", EVENT_SCHEMA, pk="seq")
    history = _Table(db, "unit_history", EMPTY_SCHEMAS["unit_history"])
    happened = {
        name: _Table(db, name, SCHEMAS[name], pk=PRIMARY_KEYS.get(name), foreign_keys=FOREIGN_KEYS[name])
        for name in ORDER
    }
    walk = Walk(
        [_Events(events, progress), _Spans(history), EventRows({name: table.add for name, table in happened.items()})]
    )
    opened = store.open(timeline)
    report = audit_timeline(opened, stop=seq, jobs=1)
    with collector_at_rest():
        state = walk.run(opened.effective_records(1, seq))
    if progress is not None:
        progress(seq)
    events.flush()
    counts: dict[str, int] = {"events": events.count}
    for name, table in happened.items():
        table.flush()
        counts[name] = table.count
    if happened["texts"].count:
        db.table("texts").enable_fts(["text"], fts_version="FTS5", create_triggers=False)
    for name, rows in tables(state).items():
        if not rows and name in EMPTY_SCHEMAS:
            db.table(name).create(EMPTY_SCHEMAS[name])  # the canned queries read them even when empty
        if rows:
            keys = [("seq", "events", "seq")] if name in _LINKED and counts["events"] else []
            db.table(name).insert_all(rows, alter=True, foreign_keys=keys)
        if rows or name in EMPTY_SCHEMAS:
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
    counts["awaw_meta"] = 1
    return counts
