"""Unknown and approximate values are shown as such in every view and in ``--json``, with the provenance and the
range of turns, never filled with a placeholder: a hex control a source gives without the hex is put on no hex; a
cause the record does not know reads "unknown", not the schema's default; an event dated "Summer to Winter 1939"
says so on the board as in the politics view; ``log`` shows an unknown value as unknown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from replays.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# a fictional log (these facts are made up for the test): a source says the U.S. held a hex without naming it,
# France surrendered at some turn from Summer to Winter 1939, Germany took Norway without saying how
EVENTS = [
    '{"type":"game_created","year":1939,"season":"summer","phase":"setup","provenance":"inferred"}',
    '{"type":"status_changed","year":1939,"season":"summer","phase":"setup","until":"1939-winter",'
    '"country":"france","status":"surrendered","provenance":"reported","citation":"a report"}',
    '{"type":"hex_control_changed","year":1940,"season":"spring","hex":"EUR:A1","controller":"usa","cause":"other",'
    '"unknown":["hex"],"provenance":"reported","citation":"a report: the U.S. held a hex of Iceland"}',
    '{"type":"area_controlled","year":1940,"season":"spring","place":"norway","controller":"germany",'
    '"unknown":["cause"],"provenance":"reported"}',
]


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = str(tmp_path / "u.db")
    runner = CliRunner()
    (tmp_path / "u.jsonl").write_text("\n".join(EVENTS) + "\n")

    def invoke(*args: str) -> str:
        result = runner.invoke(cli, ["--db", db, *args], env={"COLUMNS": "80"})
        assert result.exit_code == 0, result.output
        return result.output

    invoke("import", "u", str(tmp_path / "u.jsonl"))
    return invoke


def test_a_hex_control_without_its_hex_is_put_on_no_hex(run) -> None:  # type: ignore[no-untyped-def]
    board = run("state", "u", "--view", "board")
    assert "EUR:A1" not in board
    assert "Hex control a source gives without its hex: U.S. (reported, Spring 1940; not" in board
    data = json.loads(run("state", "u", "--view", "board", "--json"))["board"]
    assert data["control"] == {}
    assert data["control_without_hex"] == [
        {
            "when": "Spring 1940",
            "provenance": "reported",
            "citation": "a report: the U.S. held a hex of Iceland",
            "unknown": ["hex"],
            "value": "usa",
            "seq": 3,  # the event that stated it (a set-up restates it in its place)
        }
    ]
    assert "a hex the record does not name now controlled by U.S." in " ".join(run("log", "u").split())


def test_an_approximate_date_and_its_provenance_are_on_the_board_and_in_json(run) -> None:  # type: ignore[no-untyped-def]
    board = " ".join(run("state", "u", "--view", "board").split())
    assert "France surrendered - reported, Summer 1939 to Winter 1939 setup" in board
    known = json.loads(run("state", "u", "--view", "board", "--json"))["board"]["known"]
    assert known["status:france"] == {
        "when": "Summer 1939 to Winter 1939 setup",
        "provenance": "reported",
        "citation": "a report",
        "seq": 2,
    }


def test_an_unknown_cause_reads_unknown_not_its_default(run) -> None:  # type: ignore[no-untyped-def]
    politics = " ".join(run("state", "u", "--view", "politics").split())
    assert "Norway Germany all unknown Spring reported" in politics  # (the date wraps: "Spring 1940")
    data = json.loads(run("state", "u", "--view", "politics", "--json"))["politics"]["areas"]["norway"]
    assert data["unknown"] == ["cause"]


def test_the_historical_example_shows_its_unknowns(tmp_path: Path) -> None:
    db = str(tmp_path / "w.db")
    runner = CliRunner()
    assert (
        runner.invoke(cli, ["--db", db, "import", "w", str(EXAMPLES / "wbc-2023-game-1" / "game.yaml")]).exit_code == 0
    )
    log = " ".join(runner.invoke(cli, ["--db", db, "log", "w"], env={"COLUMNS": "80"}).output.split())
    assert "paris controller unknown" in log and "paris_controller=" not in log
    assert "roll #1 for diplomacy: dice unknown" in log
