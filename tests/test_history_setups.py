"""A set-up keeps every kind of state the record holds: research results, places controlled, diplomatic outcomes,
tracks beyond the tension tracks, powers conquered and the chronicle (``awaw setup --at`` writes them as the
``history``; ``awaw new --setup`` records them at their own game turns)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
KEPT = ("research", "diplomatic_outcomes", "areas", "tracks", "chronicle", "conquered", "random_events")


def _awaw(db: str, *args: str) -> str:
    out = CliRunner().invoke(cli, ["--db", db, *args])
    assert out.exit_code == 0, out.output
    return out.output


def _politics(db: str, game: str, *at: str) -> dict[str, Any]:
    data = json.loads(_awaw(db, "state", game, *at, "--view", "politics", "--json"))
    return data.get("politics", data)


def _without_numbers(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_numbers(v) for k, v in value.items() if k != "seq"}
    if isinstance(value, list):
        return [_without_numbers(v) for v in value]
    return value


def test_a_set_up_at_a_point_keeps_research_places_outcomes_tracks_and_the_chronicle(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    _awaw(db, "import", "wbc23", str(ROOT / "examples/wbc-2023-game-1/game.yaml"))
    setup = tmp_path / "spring-1940.yaml"
    _awaw(db, "setup", "wbc23", "--at", "1940-spring", "-o", str(setup))
    assert "history:" in setup.read_text()
    _awaw(db, "new", "again", "--setup", str(setup), "--physical-dice")
    before, after = _politics(db, "wbc23", "--at", "1940-spring"), _politics(db, "again")
    assert before["research"] and before["areas"] and before["chronicle"] and before["diplomatic_outcomes"]
    assert before["random_events"]
    for kind in KEPT:
        assert _without_numbers(after[kind]) == _without_numbers(before[kind]), kind
    # how each fact is known is kept with it
    assert after["areas"]["china"]["provenance"] == "inferred"
    assert after["chronicle"][0]["when"] == "Spring 1935 to Winter 1938"
    # and the new game's audit reads them as history, charging nothing
    assert "clean" in _awaw(db, "audit", "again")


def test_a_set_up_with_no_political_facts_has_no_history(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    _awaw(db, "new", "plain", "--physical-dice")
    assert "history" not in _awaw(db, "setup", "plain")
