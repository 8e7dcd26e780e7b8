"""Read models for other tools: the projections as plain SQLite tables (sqlite-utils), Datasette-friendly.

Every table is rebuilt whole on each run, so a read model is always the state at one point of one timeline; the
``awaw_meta`` table says which.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlite_utils

from awaw_events.codec import tag_of, to_builtins
from awaw_events.gametime import label
from awaw_events.store import GameStore
from replays.state import effective_records, state_at
from replays.views import tables


def materialize(
    store: GameStore,
    timeline: str,
    db: sqlite_utils.Database,
    seq: int,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Write the state of ``timeline`` after event ``seq`` into ``db``; returns the row count of each table.
    ``progress`` is told the event number reached, now and then."""
    state = state_at(store, timeline, seq, progress=progress)
    counts: dict[str, int] = {}
    for name, rows in tables(state).items():
        table = db.table(name)
        table.drop(ignore=True)
        if rows:
            table.insert_all(rows, alter=True)
        counts[name] = len(rows)
    events = db.table("events")
    events.drop(ignore=True)
    events.insert_all(
        (
            {
                "seq": r.seq,
                "game_time": label(r.event),
                "year": r.event.year,
                "season": r.event.season,
                "side": r.event.side,
                "phase": r.event.phase,
                "actor": r.event.actor,
                "type": tag_of(r.event),
                "family": type(r.event).family,
                "data": to_builtins(r.event),
                "hash": r.hash,
            }
            for r in effective_records(store, timeline, 1, seq)
        ),
        pk="seq",
        alter=True,
    )
    counts["events"] = events.count
    meta = db.table("awaw_meta")
    meta.drop(ignore=True)
    meta.insert({"timeline": timeline, "at_event": seq, "game_time": state.clock.label})
    return counts
