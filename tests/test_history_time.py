"""Facts placed at their own time: an event dated only by its season stands in it (at its start, or by option its
end); every game-time order error names the earlier event and offers ``awaw insert``; a file of facts of different
dates is inserted each at its own place; an approximate date's range error reads the right way round."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.codec import parse_event
from awaw_events.corrections import insert_events
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent, Ruling
from awaw_events.log import LogContext, Numbered, append_events, numbered, validate_batch
from awaw_events.store import GameStore
from replays.cli import cli

INSERT = "to record a fact found later at its own game time, use `awaw insert`"


def ev(tag: str, year: int, season: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, "year": year, "season": season, **fields})


def created(season: str = "spring", **options: str) -> AnyEvent:
    return ev("game_created", 1939, season, phase="setup", options=options)


def chronicle(year: int, season: str, text: str = "a fact", **fields: Any) -> AnyEvent:
    return ev("chronicle_entry", year, season, text=text, provenance="reported", **fields)


def phase(year: int, season: str, name: str, side: str = "axis") -> AnyEvent:
    return ev("phase_started", year, season, side=side, phase=name)


def problems(events: list[AnyEvent]) -> list[tuple[str, str | None, str]]:
    return [(e.where or "", e.field, e.message) for e in validate_batch(LogContext(), numbered(events))[1]]


def test_an_event_without_a_phase_stands_after_the_set_up_of_its_season() -> None:
    # the report's "Spring 1939 to Winter 1939", with no phase, after a set-up dated Spring 1939
    assert problems([created(), chronicle(1939, "spring", until="1939-winter")]) == []
    assert problems([created(), chronicle(1938, "fall"), chronicle(1939, "spring"), chronicle(1938, "winter")]) == []


def test_an_event_without_a_phase_may_follow_its_season_but_does_not_move_time_back() -> None:
    events = [created(), phase(1939, "spring", "combat"), chronicle(1939, "spring"), phase(1939, "spring", "movement")]
    assert problems(events) == [
        (
            "event 4",
            "phase",
            "out of game-time order: Spring 1939 Axis movement comes before event 2 (phase_started, Spring 1939 Axis "
            f"combat); {INSERT}",
        )
    ]
    # the season start (the default): the rest of its season may follow it
    assert problems([created(), chronicle(1939, "summer"), phase(1939, "summer", "movement")]) == []
    # an earlier season may not
    found = problems([created(), phase(1939, "summer", "movement"), chronicle(1939, "spring")])
    assert found[0][:2] == ("event 3", "season") and "before event 2 (phase_started" in found[0][2]


def test_by_option_an_event_without_a_phase_stands_at_the_end_of_its_season() -> None:
    end = {"history.phaseless": "season_end"}
    assert problems([created(**end), chronicle(1939, "summer"), phase(1940, "spring", "movement")]) == []
    assert problems([created(**end), phase(1939, "summer", "combat"), chronicle(1939, "summer")]) == []
    assert problems([created(**end), chronicle(1939, "summer"), phase(1939, "summer", "movement")]) == [
        (
            "event 3",
            "phase",
            "out of game-time order: Summer 1939 Axis movement comes before event 2 (chronicle_entry, Summer 1939) "
            f"(it stands at the end of its season: option history.phaseless); {INSERT}",
        )
    ]


def test_the_option_is_one_a_game_may_record() -> None:
    from awaw_events.options import resolve_options

    assert resolve_options("awaw", {"history.phaseless": "season_end"})["history.phaseless"] == "season_end"
    with pytest.raises(InputError, match="season_start, season_end"):
        resolve_options("awaw", {"history.phaseless": "middle"})


def test_a_stored_event_without_a_phase_is_read_back_as_it_was_validated(store: GameStore) -> None:
    append_events(store, "g", numbered([created(), phase(1939, "spring", "combat"), chronicle(1939, "spring")]))
    # the log's game time is still the combat phase: the movement phase cannot follow
    with pytest.raises(InputError, match=r"before event 2 \(phase_started, Spring 1939 Axis combat\)"):
        append_events(store, "g", [Numbered("line 1", phase(1939, "spring", "movement"))])
    append_events(store, "g", [Numbered("line 1", phase(1939, "spring", "exploitation"))])


def test_a_late_fact_sent_through_import_names_the_earlier_event_and_offers_awaw_insert(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    runner = CliRunner()
    game = tmp_path / "game.jsonl"
    rows = [
        {"type": "game_created", "year": 1939, "season": "spring", "phase": "setup"},
        {"type": "phase_started", "year": 1940, "season": "fall", "side": "axis", "phase": "movement"},
    ]
    game.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert runner.invoke(cli, ["--db", db, "import", "g", str(game)]).exit_code == 0
    late = tmp_path / "late.jsonl"
    late.write_text(json.dumps({"type": "chronicle_entry", "year": 1939, "season": "fall", "text": "x"}) + "\n")
    bad = runner.invoke(cli, ["--db", db, "import", "g", str(late)])
    assert bad.exit_code == 1
    words = " ".join(bad.output.split())
    assert "line 1" in words and "before event 2 (phase_started, Fall 1940 Axis movement)" in words
    assert "awaw insert" in words
    good = runner.invoke(cli, ["--db", db, "insert", "g", str(late), "--json"])
    assert good.exit_code == 0, good.output
    assert json.loads(good.output)["after"] == 1


@pytest.fixture
def history(store: GameStore) -> GameStore:
    """A game begun in Spring 1939 with two facts of its pre-game history and two turns of the game proper."""
    append_events(
        store,
        "g",
        numbered(
            [
                created(),  # 1
                chronicle(1938, "fall", "Czechoslovakia"),  # 2
                chronicle(1938, "winter", "Danzig"),  # 3
                phase(1939, "spring", "movement"),  # 4
                phase(1939, "summer", "movement"),  # 5
            ]
        ),
    )
    return store


def _order(store: GameStore) -> list[tuple[int, str, str]]:
    found = store.open("g").effective_events(1, store.count("g"))
    return [(n.seq, str(n.event.year), n.event.season) for n in found if not n.event.annotation]


def test_a_file_of_facts_of_different_dates_is_inserted_each_at_its_own_place(history: GameStore) -> None:
    store = history
    facts = [chronicle(1939, "summer", "found later, 1939"), chronicle(1938, "winter", "found later, 1938")]
    records = insert_events(store, "g", numbered(facts, prefix="line"), reason="a second reading")
    rulings = [(r.seq, r.event.insert_after) for r in records if isinstance(r.event, Ruling)]
    assert rulings == [(6, 3), (8, 4)]  # one correction per place, in the log's order of places
    assert _order(store) == [
        (1, "1939", "spring"),
        (2, "1938", "fall"),
        (3, "1938", "winter"),
        (7, "1938", "winter"),
        (4, "1939", "spring"),
        (9, "1939", "summer"),
        (5, "1939", "summer"),
    ]


def test_insert_at_a_place_named_keeps_the_files_order_and_checks_it(history: GameStore) -> None:
    store = history
    facts = [chronicle(1938, "winter", "a"), chronicle(1938, "fall", "b")]
    with pytest.raises(InputError, match="out of game-time order at its place: Fall 1938"):
        insert_events(store, "g", numbered(facts, prefix="line"), after=3)
    # a fact of the set-up's season, without a phase, stands after the set-up
    records = insert_events(store, "g", numbered([chronicle(1939, "spring", "c")], prefix="line"))
    assert isinstance(records[0].event, Ruling) and records[0].event.insert_after == 3


def test_the_cli_reports_each_place_of_an_insert(tmp_path: Path) -> None:
    db, runner = str(tmp_path / "g.db"), CliRunner()
    game = tmp_path / "game.jsonl"
    rows: list[dict[str, Any]] = [
        {"type": "game_created", "year": 1939, "season": "spring", "phase": "setup"},
        {"type": "chronicle_entry", "year": 1938, "season": "winter", "text": "Danzig"},
        {"type": "phase_started", "year": 1939, "season": "summer", "side": "axis", "phase": "movement"},
    ]
    game.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert runner.invoke(cli, ["--db", db, "import", "g", str(game)]).exit_code == 0
    facts = tmp_path / "found.jsonl"
    rows = [
        {"type": "chronicle_entry", "year": 1939, "season": "summer", "text": "late", "provenance": "reported"},
        {"type": "chronicle_entry", "year": 1938, "season": "fall", "text": "early", "provenance": "reported"},
    ]
    facts.write_text("".join(json.dumps(r) + "\n" for r in rows))
    text = runner.invoke(cli, ["--db", db, "insert", "g", str(facts), "--reason", "second reading"])
    assert text.exit_code == 0, text.output
    assert text.output.splitlines() == [
        "inserted 1 event(s) into g after event 1: ruling 4, events 5 to 5",
        "inserted 1 event(s) into g after event 2: ruling 6, events 7 to 7",
        "every other event keeps its number",
    ]


@pytest.mark.parametrize(
    ("until", "words"),
    [
        ("1940-spring", "until '1940-spring' comes before or at its start, Fall 1940; give a later game turn"),
        ("1940-fall", "until '1940-fall' comes before or at its start, Fall 1940"),
    ],
)
def test_an_approximate_date_that_ends_before_it_begins_reads_the_right_way_round(until: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        chronicle(1940, "fall", until=until)
    assert caught.value.field == "until" and words in caught.value.message
    chronicle(1940, "fall", until="1940-winter")
