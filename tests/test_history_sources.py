"""What a historical record cites and whom it concerns: citations of any length, and ``awaw log --power`` for a
minor country or a faction as well as a major power (a name no event gives is refused as most likely misspelt)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.codec import decode, encode, parse_event
from awaw_events.errors import InputError
from replays.cli import cli

REPORT = "WBC 2023 report, Game 1: " + "the whole paragraph, word for word, as the club's historian copied it. " * 80


def _game(tmp_path: Path, *rows: dict[str, Any]) -> tuple[CliRunner, str]:
    db, runner = str(tmp_path / "g.db"), CliRunner()
    game = tmp_path / "game.jsonl"
    first = {"type": "game_created", "year": 1939, "season": "spring", "phase": "setup"}
    game.write_text("".join(json.dumps(r) + "\n" for r in (first, *rows)))
    done = runner.invoke(cli, ["--db", db, "import", "g", str(game)])
    assert done.exit_code == 0, done.output
    return runner, db


def test_a_citation_of_any_length_is_recorded_and_read_back_whole(tmp_path: Path) -> None:
    assert len(REPORT) > 5_000
    row = {"type": "chronicle_entry", "year": 1939, "season": "fall", "text": "x", "citation": REPORT}
    event = parse_event(row)
    assert decode(encode(event)) == event and event.citation == REPORT
    runner, db = _game(tmp_path, {**row, "provenance": "reported"})
    shown = [json.loads(line) for line in runner.invoke(cli, ["--db", db, "log", "g", "--json"]).output.splitlines()]
    assert shown[-1]["event"]["citation"] == REPORT


def test_a_short_citation_encodes_as_it_always_did() -> None:
    event = parse_event({"type": "chronicle_entry", "year": 1939, "season": "fall", "text": "x", "citation": "p. 3"})
    assert encode(event) == (b'{"type":"chronicle_entry","year":1939,"season":"fall","citation":"p. 3","text":"x"}')


def test_a_citation_is_still_text() -> None:
    with pytest.raises(InputError, match="citation"):
        parse_event({"type": "chronicle_entry", "year": 1939, "season": "fall", "text": "x", "citation": 7})


def _seqs(runner: CliRunner, db: str, *args: str) -> list[int]:
    out = runner.invoke(cli, ["--db", db, "log", "g", "--json", *args])
    assert out.exit_code == 0, out.output
    return [json.loads(line)["seq"] for line in out.output.splitlines()]


def test_log_power_takes_a_minor_country_and_a_faction(tmp_path: Path) -> None:
    runner, db = _game(
        tmp_path,
        {"type": "status_changed", "year": 1939, "season": "fall", "country": "poland", "status": "conquered"},
        {
            "type": "diplomatic_outcome",
            "year": 1940,
            "season": "spring",
            "country": "spain",
            "faction": "european_axis",
            "outcome": "hex_control",
        },
        {"type": "chronicle_entry", "year": 1940, "season": "summer", "text": "Spain waits", "about": ["spain"]},
        {
            "type": "war_declared",
            "year": 1940,
            "season": "summer",
            "aggressor": "italy",
            "target": "greece",
            "brp_cost": 10,
        },
    )
    assert _seqs(runner, db, "--power", "spain") == [3, 4]
    assert _seqs(runner, db, "--power", "poland") == [2]
    assert _seqs(runner, db, "--power", "greece") == [5]
    assert _seqs(runner, db, "--power", "european_axis") == [3, 5]  # and Italy's declaration: Italy is of it
    assert _seqs(runner, db, "--power", "britain") == []  # a major power named by no event: nothing, no error


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("spian", "no event of 'g' is by or about 'spian'"),
        ("Spain", "not a power or country: 'Spain'"),
    ],
)
def test_log_power_refuses_a_name_no_event_gives(tmp_path: Path, name: str, words: str) -> None:
    runner, db = _game(
        tmp_path, {"type": "chronicle_entry", "year": 1939, "season": "fall", "text": "x", "about": ["spain"]}
    )
    out = runner.invoke(cli, ["--db", db, "log", "g", "--power", name])
    assert out.exit_code == 1 and words in " ".join(out.output.split())
