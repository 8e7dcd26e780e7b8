"""Issue 16, everything stored is visible: the politics view (research, diplomacy, places, tracks, the chronicle) in
state, diff, replay and materialize; places resolved through map data; ``awaw insert`` at the command line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils
from click.testing import CliRunner

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.log import append_events, numbered
from awaw_events.store import GameStore
from projections.game import replay
from projections.rules.mapdata import resolve_place
from replays.cli import cli
from replays.maps import shipped_map_data
from replays.materialize import materialize
from replays.views import common, data, differences, render, tables


def ev(tag: str, year: int = 1940, season: str = "spring", **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, "year": year, "season": season, **fields})


def game(outcome: str = "hex_control") -> list[AnyEvent]:
    return [
        ev("game_created", 1939, "fall", phase="setup"),
        ev(
            "research_result",
            1939,
            "fall",
            phase="setup",
            power="japan",
            project="jets",
            steps=18,
            provenance="reported",
            citation="r",
        ),
        ev("track_value", 1939, "fall", phase="setup", track="aggression_index", power="japan", value=11),
        ev("track_value", 1939, "fall", phase="setup", track="rgt", value=20),
        ev("area_controlled", 1939, "fall", phase="setup", place="gibraltar", controller="britain"),
        ev("dice_rolled", roll=1, purpose="diplomacy", unknown=["dice"]),
        ev("diplomatic_outcome", country="spain", faction="european_axis", outcome=outcome, roll=1),
        ev("chronicle_entry", text="The Axis rolled for Spain.", about=["germany"], places=["spain"]),
    ]


def text_of(items: list[Any], width: int = 80) -> str:
    out = StringIO()
    console = common.console(width=width, file=out)
    common.render(console, items)
    return out.getvalue()


def test_the_politics_view_shows_what_reports_state_in_80_columns() -> None:
    state = replay(game())
    shown = text_of(render(state, "politics"))
    for words in (
        "Research results",
        "naval",
        "Diplomacy (29.4)",
        "hex control",
        "Other tracks",
        "aggression",
        "Chronicle",
        "The Axis rolled for Spain.",
        "reported",
        "Gibraltar",
    ):
        if words != "naval":
            assert words in shown, words
    assert all(len(line) <= 80 for line in shown.splitlines())
    assert state.board.tensions == {"rgt": 20} and state.politics.rgt_highest == 20
    plain = data(state, "politics")
    assert plain["diplomatic_outcomes"]["spain"]["what"] == "hex_control"
    assert plain["tracks"]["japan/aggression_index"]["value"] == 11
    assert json.dumps(plain)  # data, not formatted strings
    assert data(state, "politics", "britain")["research"] == {}  # --power keeps one power's part
    assert data(state, "politics", "japan")["research"]


def test_places_resolve_through_map_data_when_it_knows_them() -> None:
    shipped = shipped_map_data().data
    assert resolve_place(shipped, "gibraltar") == ("EUR:AA7",)
    assert resolve_place(shipped, "lake_ladoga") == ("EUR:C45",)
    assert resolve_place(shipped, "EUR:AA7") == ("EUR:AA7",)
    assert resolve_place(shipped, "EUR:ZZ99") is None
    assert resolve_place(shipped, "polish_corridor") is None
    assert resolve_place(None, "gibraltar") is None
    state = replay(game())
    places = {"gibraltar": ("EUR:AA7",), "spain": None}
    shown = text_of(render(state, "politics", places=places), width=200)
    assert "EUR:AA7" in shown
    assert data(state, "politics", places=places)["areas"]["spain"]["hexes"] == []


def test_a_changed_diplomatic_outcome_is_a_difference_in_words() -> None:
    changes = differences(replay(game()), replay(game("no_effect")), "politics")
    assert [c.text for c in changes] == [
        "Spain: diplomatic outcome European Axis hex control (29.41) → European Axis no effect",
        "Spain: controlled by European Axis (all, diplomacy) → none",
    ]
    assert differences(replay(game()), replay(game()), "politics") == []


def test_the_read_model_has_the_politics_tables(tmp_path: Path) -> None:
    store = GameStore(str(tmp_path / "g.db"))
    append_events(store, "g", numbered(game()))
    db = sqlite_utils.Database(str(tmp_path / "rm.db"))
    counts = materialize(store, "g", db, store.count("g"))
    assert counts["politics_diplomacy"] == 1 and counts["politics_chronicle"] == 1
    assert next(db.table("politics_diplomacy").rows)["outcome"] == "hex_control"
    assert {r["place"] for r in db.table("politics_areas").rows} == {"gibraltar", "spain"}
    assert set(tables(replay(game()))) >= {"politics_research", "politics_tracks"}
    store.close()


def test_awaw_insert_refuses_a_misplaced_fact_naming_its_line(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    events = tmp_path / "g.jsonl"
    events.write_text(
        "\n".join(
            json.dumps(e)
            for e in [
                {"type": "game_created", "year": 1939, "season": "fall", "phase": "setup"},
                {"type": "phase_started", "year": 1939, "season": "fall", "side": "axis", "phase": "movement"},
                {"type": "phase_started", "year": 1940, "season": "spring", "side": "axis", "phase": "movement"},
            ]
        )
        + "\n"
    )
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "import", "g", str(events)]).exit_code == 0
    late = tmp_path / "late.yaml"
    late.write_text("- type: chronicle_entry\n  year: 1939\n  season: winter\n  text: found later\n")
    bad = runner.invoke(cli, ["--db", db, "insert", "g", str(late), "--after", "3"])
    assert bad.exit_code == 1 and "line 1" in bad.output and "out of game-time order" in bad.output
    assert "3 event(s)" in runner.invoke(cli, ["--db", db, "log", "g"]).output  # nothing written
    good = runner.invoke(cli, ["--db", db, "insert", "g", str(late), "--json"])
    assert good.exit_code == 0, good.output
    assert json.loads(good.output) == {"game": "g", "ruling": 4, "after": 2, "inserted": [5]}
    state = json.loads(runner.invoke(cli, ["--db", db, "state", "g", "--at", "1939-winter", "--json"]).output)
    assert [c["text"] for c in state["politics"]["chronicle"]] == ["found later"]
    assert state["at_event"] == 2
    missing = runner.invoke(cli, ["--db", db, "insert", "g", str(tmp_path / "nope.yaml")])
    assert missing.exit_code != 0


@pytest.mark.parametrize("view", ["politics"])
def test_state_lists_the_politics_view(view: str, tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    store = GameStore(db)
    shipped = shipped_map_data().data
    declared = ev(
        "map_data_used", 1939, "fall", phase="setup", name=shipped.name, version=shipped.version, sha256=shipped.sha256
    )
    events = game()
    append_events(store, "g", numbered([events[0], declared, *events[1:]]))
    append_events(store, "plain", numbered(game()))
    store.close()
    out = CliRunner().invoke(cli, ["--db", db, "state", "g", "--view", view, "--json"])
    assert out.exit_code == 0 and json.loads(out.output)[view]["areas"]["gibraltar"]["hexes"] == ["EUR:AA7"]
    # a game that declares no map data: the name stays a name, never a guess
    out = CliRunner().invoke(cli, ["--db", db, "state", "plain", "--view", view, "--json"])
    assert json.loads(out.output)[view]["areas"]["gibraltar"]["hexes"] == []


@pytest.mark.parametrize("rules", ["awaw", "a3r"])
def test_an_awaw_game_is_shown_no_a3r_rule_number_for_the_tension_tracks_or_france(rules: str) -> None:
    """A3R App. E gives the tension tracks and A3R 58 the French surrender; the AWAW rule texts here give neither (they
    only read the tracks' levels): an AWAW game's board heads its tracks "Tension tracks", its politics cite no 58."""
    france = [
        ev("french_surrender_checked", 1940, "summer", paris_controller="germany", level=1, surrenders=True),
        ev("vichy_decided", 1940, "summer", established=True),
    ]
    state = replay([ev("game_created", 1939, "fall", phase="setup", rules=rules), *game()[1:], *france])
    board, politics = text_of(render(state, "board")), text_of(render(state, "politics"))
    assert "Tension tracks" in board and "RGT" in board
    assert ("A3R App. E" in board) is (rules == "a3r")
    assert "French surrender level +1" in politics and "Vichy France established" in politics
    assert ("(58.2)" in politics and "(58.31)" in politics) is (rules == "a3r")
    if rules == "awaw":
        assert "58." not in politics


@pytest.mark.parametrize("rules", ["awaw", "a3r"])
def test_the_french_surrender_level_track_cites_58_2_in_an_a3r_game_only(rules: str) -> None:
    """A3R 58.2 gives the French surrender level (house rules App. J); the AWAW rule texts here give no French
    surrender rules: an AWAW game names the track without a number, in its table, its random events and its
    differences (and Vichy without 58.31)."""
    created = ev("game_created", 1939, "fall", phase="setup", rules=rules)
    track = ev("track_value", 1940, "summer", track="french_surrender_level", value=1, provenance="reported")
    drawn = ev("random_event_drawn", 1940, "summer", name="x", raised=["french_surrender_level"])
    vichy = ev("vichy_decided", 1940, "summer", established=True)
    before, after = replay([created]), replay([created, track, drawn, vichy])
    politics = text_of(render(after, "politics"))
    changed = " ".join(c.text for c in differences(before, after, "politics"))
    assert "French surrender level" in politics and "French surrender level" in changed
    assert "Vichy France" in changed
    for words in (politics, changed):
        assert ("58." in words) is (rules == "a3r"), words
