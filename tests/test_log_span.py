"""``awaw log --turn`` reads only the span: the events the log's order puts in its game turn, found by binary search,
and the few whose own game time that order does not bound (annotations, approximate times stored at the turn their
range begins, events a ruling moved). It shows exactly the rows that filtering the whole log shows, and decodes a
number of events that follows the turn, not the game."""

from __future__ import annotations

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
