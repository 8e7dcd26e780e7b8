"""``awaw log --turn`` reads only the span: the events the log's order puts in its game turn, found by binary search,
and the few whose own game time that order does not bound (annotations, approximate times stored at the turn their
range begins, events a ruling moved). It shows exactly the rows that filtering the whole log shows, and decodes a
number of events that follows the turn, not the game."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import awaw_events.store
import awaw_events.timeline
from awaw_events.codec import parse_event
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent
from awaw_events.gametime import GamePoint, parse_game_point
from awaw_events.store import GameStore
from awaw_events.stored import _SELECT_OFF_ORDER_INDEXED, OFF_ORDER_INDEX
from benchmarks.synthetic import events
from replays.logview import LogFilter, Row, select


def ev(tag: str, year: int, season: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, "year": year, "season": season, **fields})


def phase(year: int, season: str, side: str, name: str = "movement") -> AnyEvent:
    return ev("phase_started", year, season, side=side, phase=name)


LOG = [
    ev("game_created", 1939, "fall", phase="setup"),  # 1
    # pre-game history in the set-up, approximate: from 1936 Spring to 1940 Spring
    ev("chronicle_entry", 1936, "spring", until="1940-spring", text="rearmament", provenance="reported"),  # 2
    phase(1939, "fall", "axis"),  # 3
    ev("chronicle_entry", 1939, "fall", until="1940-summer", text="a long siege", provenance="reported"),  # 4
    phase(1939, "fall", "allied"),  # 5
    phase(1939, "winter", "axis"),  # 6
    ev("note_added", 1940, "spring", side="axis", about=6, text="a note dated in the spring, stored in the winter"),
    phase(1939, "winter", "allied"),  # 8
    phase(1940, "spring", "axis"),  # 9
    phase(1940, "spring", "axis", "combat"),  # 10
    phase(1940, "spring", "allied"),  # 11
    phase(1940, "summer", "axis"),  # 12
    ev("note_added", 1939, "fall", side="axis", about=3, text="a note on the first turn, recorded later"),  # 13
    ev("ruling", 1940, "summer", voids=[10], replacements=1, reason="the combat started later"),  # 14
    phase(1940, "spring", "axis", "combat"),  # 15: the replacement, stored after its span
    phase(1940, "summer", "allied"),  # 16
]


def whole_log(store: GameStore, game: str, log_filter: LogFilter) -> list[Row]:
    """What ``awaw log`` showed before it read spans: every record of the log through the filter."""
    rows = list(select(store, game, log_filter._replace(turn=None)))
    return [row for row in rows if log_filter.turn is None or log_filter.turn.contains(row.record.event)]


SPANS = ["1939-fall", "1939-fall/axis", "1939-winter", "1940-spring", "1940-spring/axis/combat", "1940-summer/allied"]


@pytest.mark.parametrize("span", SPANS)
@pytest.mark.parametrize("power", [None, "germany"])
def test_a_span_shows_the_rows_the_whole_log_shows(store: GameStore, span: str, power: str | None) -> None:
    store.create_game("g", LOG)  # on every backend: the store selects the events outside the order
    log_filter = LogFilter(parse_game_point(span), power)
    assert list(select(store, "g", log_filter)) == whole_log(store, "g", log_filter)


def test_the_events_outside_the_order_are_in_their_spans(store: GameStore) -> None:
    store.create_game("g", LOG)

    def seqs(span: str) -> list[int]:
        return [row.record.seq for row in select(store, "g", LogFilter(parse_game_point(span)))]

    assert seqs("1939-fall") == [1, 2, 3, 4, 5, 13]  # the approximate ones, and the note recorded later
    assert seqs("1940-spring") == [2, 4, 7, 9, 10, 11, 15]  # the replacement stored after the span
    assert seqs("1940-summer") == [4, 12, 14, 16]
    voided = list(select(store, "g", LogFilter(parse_game_point("1940-spring/axis/combat"))))
    assert [(row.record.seq, row.status) for row in voided] == [(10, "voided by 14"), (15, "replaces 10")]


def test_a_power_named_only_outside_the_span_is_not_called_misspelt(tmp_path: Path) -> None:
    with GameStore(str(tmp_path / "g.db")) as store:
        store.create_game(
            "g", [*LOG, ev("chronicle_entry", 1940, "summer", about=["spain"], text="x", provenance="reported")]
        )
        assert list(select(store, "g", LogFilter(parse_game_point("1939-fall"), "spain"))) == []
        with pytest.raises(InputError, match="no event of 'g' is by or about 'prussia'"):
            list(select(store, "g", LogFilter(parse_game_point("1939-fall"), "prussia")))


class _Counting:
    """A record decoder that counts what it decodes."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.decoded = 0

    def decode(self, data: bytes) -> Any:
        self.decoded += 1
        return self.inner.decode(data)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> _Counting:
    decoder = _Counting(awaw_events.store._RECORD_DECODER)
    monkeypatch.setattr(awaw_events.store, "_RECORD_DECODER", decoder)
    monkeypatch.setattr(awaw_events.timeline, "_RECORD_DECODER", decoder)
    return decoder


def test_a_span_of_a_long_game_decodes_its_turn_not_the_game(tmp_path: Path, counting: _Counting) -> None:
    log = list(events(20_000))
    with GameStore(str(tmp_path / "long.db")) as store:
        store.create_game("g", log)
        middle = log[12_000]
        turn = GamePoint(middle.year, middle.season)
        in_turn = sum(1 for e in log if (e.year, e.season) == (turn.year, turn.season))
        assert 200 < in_turn < 5_000  # a game turn of the campaign, a small part of it
        span = GamePoint(turn.year, turn.season, "axis")
        counting.decoded = 0
        rows = list(select(store, "g", LogFilter(span)))
        decoded = counting.decoded
        assert rows == whole_log(store, "g", LogFilter(span))
        assert rows and all(span.contains(row.record.event) for row in rows)
    # the turn's events, the binary search's few reads and the events outside the order (none in the campaign)
    assert in_turn <= decoded <= in_turn + 100, (decoded, in_turn)


def _scanned(store: GameStore, stream: str, gt: int, lte: int) -> list[tuple[int, str, bytes]]:
    """The off-order rows as a store without the index finds them (reading every row's bytes)."""
    indexed = store._db.indexed
    store._db.indexed = frozenset()
    try:
        return store._off_order_rows(stream, gt, lte)
    finally:
        store._db.indexed = indexed


def test_the_rows_outside_the_order_come_from_an_index_once_the_store_is_written(tmp_path: Path) -> None:
    """SQLite: the first write makes the index of the rows outside the order, and a read of a span names it (a
    query the index cannot serve is an error, INDEXED BY): the same rows as reading every row's bytes finds."""
    path = tmp_path / "g.db"
    with GameStore(str(path)) as store:
        store.create_game("g", LOG)
        assert OFF_ORDER_INDEX.name in store._db.indexed
        stream = store.timeline("g").stream
        for gt, lte in [(0, 16), (0, 5), (3, 13), (13, 16), (16, 16)]:
            rows = store._off_order_rows(stream, gt, lte)
            assert rows == _scanned(store, stream, gt, lte)
        assert [seq for seq, _topic, _state in store._off_order_rows(stream, 0, 16)] == [2, 4, 7, 13, 14]
    with sqlite3.connect(path) as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN " + _SELECT_OFF_ORDER_INDEXED.format(t="stored_events", state="state"), [stream, 0, 16]
        ).fetchall()
    assert any(OFF_ORDER_INDEX.name in str(step) for step in plan), plan


def test_a_store_without_the_index_reads_the_same_and_gets_it_at_its_next_write(tmp_path: Path) -> None:
    """A store written before the index (or whose index is of an older definition) is read by scanning, with the
    same rows; its next write makes the index and drops the older one."""
    path = tmp_path / "g.db"
    with GameStore(str(path)) as store:
        store.create_game("g", LOG)
        expected = {span: list(select(store, "g", LogFilter(parse_game_point(span)))) for span in SPANS}
    with sqlite3.connect(path) as conn:
        conn.execute(f'DROP INDEX "{OFF_ORDER_INDEX.name}"')
        conn.execute("CREATE INDEX awaw_off_order_0123456789ab ON stored_events (originator_id) WHERE topic = 'x'")
    with GameStore(str(path)) as store:
        assert OFF_ORDER_INDEX.name not in store._db.indexed
        assert {span: list(select(store, "g", LogFilter(parse_game_point(span)))) for span in SPANS} == expected
        store.append("g", [ev("note_added", 1940, "summer", side="allied", about=16, text="later")])
        assert OFF_ORDER_INDEX.name in store._db.indexed
        assert [row.record.seq for row in select(store, "g", LogFilter(parse_game_point("1940-summer")))] == [
            4,
            12,
            14,
            16,
            17,
        ]
    with sqlite3.connect(path) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {n for n in names if n.startswith("awaw_off_order")} == {OFF_ORDER_INDEX.name}
