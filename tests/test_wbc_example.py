"""Issue 16, the real game: WBC 2023 Game 1 rebuilt from its report (examples/wbc-2023-game-1). Its README is walked
through command by command, and what it promises is checked: every fact recorded, an audit with no finding that
comes only from what the report leaves out, a what-if whose diplomatic outcome `diff` shows, and a fact found later
that keeps every number, bookmark and branch."""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.io import read_events
from replays.audit.catalogue import audit
from replays.cli import cli
from tests.build import records

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "examples" / "wbc-2023-game-1"
README = (HERE / "README.md").read_text(encoding="utf-8")


class Game:
    def __init__(self, db: str) -> None:
        self.db = db

    def run(self, *args: str, code: int = 0) -> str:
        result = CliRunner().invoke(cli, ["--db", self.db, *args], catch_exceptions=False)
        assert result.exit_code == code, (args, result.output)
        return result.output

    def json(self, *args: str, code: int = 0) -> Any:
        return json.loads(self.run(*args, "--json", code=code))


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "200")
    found = Game(str(tmp_path / "w.db"))
    found.run("import", "wbc23", "examples/wbc-2023-game-1/game.yaml")
    return found


def blocks(language: str) -> list[str]:
    """The README's fenced blocks of one language (``""`` for the plain ones), in order."""
    found: list[str] = []
    current: list[str] | None = None
    kind = ""
    for line in README.splitlines():
        if line.startswith("```"):
            if current is None:
                current, kind = [], line[3:].strip()
            else:
                if kind == language:
                    found.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    return found


def commands() -> Iterator[list[str]]:
    """The `awaw` commands of the README's sh blocks, in order."""
    for block in blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                assert words[0] == "awaw", line
                yield words[1:]


def output_blocks() -> list[str]:
    return blocks("")


def test_the_readme_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "200")
    game = Game(str(tmp_path / "readme.db"))
    outputs: dict[str, list[str]] = {}
    for words in commands():
        out = game.run(*words, code=1 if words[0] == "diff" else 0)
        outputs.setdefault(words[0], []).append(out)
    audit_line, diff_block = output_blocks()
    assert audit_line.strip() == "\n".join(outputs["audit"][0].strip().splitlines()[-2:])  # the closing lines
    assert diff_block.strip() in outputs["diff"][0]
    # inserted in both timelines, only the what-if still differs
    last = outputs["diff"][-1].split("state at the end of")[1]
    assert "Spain: diplomatic outcome" in last and "Russia kept out" not in last and "Pacific" not in last
    assert "Russia kept out" in outputs["diff"][1]  # before it was inserted in the branch, the branch lacked it


def test_every_fact_of_the_report_is_recorded(game: Game) -> None:
    found_later = game.json("insert", "wbc23", "examples/wbc-2023-game-1/found-later.yaml")["inserted"]
    state = game.json("state", "wbc23")
    politics, board = state["politics"], state["board"]
    assert {p: (a["holder"], a["what"]) for p, a in politics["areas"].items()} == {
        "czechoslovakia": ("germany", "all"),
        "danzig": ("germany", "all"),
        "polish_corridor": ("germany", "all"),
        "china": ("japan", "most"),
        "southeast_asia": ("japan", "some"),  # "a strong position", inferred
        "baltic_states": ("germany", "all"),  # Russia held none of them (found later) until Germany took them
        "spain": ("european_axis", "all"),
    }
    assert sorted(board["wars"]) == ["britain|germany", "france|germany"]
    assert {k: v["steps"] for k, v in politics["research"].items()} == {
        "japan/jets": 18,
        "japan/naval_air_training": 18,
    }
    assert {k: v["value"] for k, v in politics["tracks"].items()} == {"japan/aggression_index": 11}
    assert board["tensions"] == {"usjt": 0}
    assert politics["french_surrender"]["level"] == 1
    assert board["statuses"] == {"france": "surrendered", "vichy": "vichy_activated"}
    assert politics["vichy"] is True
    assert politics["diplomatic_outcomes"]["spain"]["what"] == "hex_control"
    texts = [c["text"] for c in politics["chronicle"]]
    assert len(texts) == 7
    # what was to come: two implications of the early war and Japan's plan, each with its game turn where given
    assert [(o["holder"], o["what"], o.get("planned_for"), o["cause"]) for o in politics["plans"]] == [
        ("european_axis", "attack against Russia", "1940-summer", "implication"),
        ("usa", "war entry against the European Axis", None, "implication"),
        ("japan", "attack against the Western Allies", "1941-summer", "plan"),
    ]
    assert politics["plans"][1]["unknown"] == ["planned_for"]
    # the quiet Pacific (found later) is the report's word on a theater over 1939, not a chronicle line
    assert [(q["what"], q["when"]) for q in politics["quiet"]] == [
        ("pacific", "Spring 1939 to Winter 1939 game turn start")
    ]
    # the random event is an event of its own: what the report says of it, its name unknown
    assert [(r["power"], r["raised"], r["unknown"]) for r in politics["random_events"]] == [
        ("japan", ["aggression_index"], ["name"])
    ]
    # the attack in Egypt is an operation reported without its hexes, not a chronicle line
    assert [(o["holder"], o["what"], o["cause"]) for o in politics["operations"]] == [
        ("germany", "attack in Egypt against Britain", "success")
    ]
    for words in (
        "hard time",
        "dominant in China",
        "strong in Southeast Asia",
        "never saw combat",
        "two turns",
        "Baltic States on purpose",
        "lucky",
    ):
        assert any(words in t for t in texts), words
    created = json.loads(game.run("log", "wbc23", "--type", "game_created", "--json"))["event"]
    assert created["variant"] == "full" and len(created["players"]) == 4
    # in game-time order: the facts found later stand in 1939, before France falls
    order = [c["seq"] for c in politics["chronicle"]]
    assert all(order.index(seq) < order.index(22) for seq in found_later if seq in order)
    russia = list(map(json.loads, game.run("log", "wbc23", "--type", "area_controlled", "--json").splitlines()))
    assert [(e["event"]["controller"], e["event"]["extent"]) for e in russia if e["seq"] in found_later] == [
        ("russia", "none")
    ]


def test_every_reported_event_cites_its_source_and_nothing_is_a_table_record() -> None:
    for name in ("game.yaml", "found-later.yaml", "spain-fails.yaml"):
        with (HERE / name).open() as handle:
            for item in read_events(handle, "yaml"):
                event = item.event
                assert event.provenance in ("reported", "inferred", "invented"), (name, item.where)
                assert event.citation, (name, item.where)


def test_the_audit_of_the_sparse_record_finds_nothing_and_says_what_it_could_not_check(game: Game) -> None:
    report = game.json("audit", "wbc23")
    assert report["findings"] == [] and report["clean"]
    reasons = {s["reason"] for s in report["not_checked"]}
    assert "not checked: unknown paris_controller (french_surrender_checked)" in reasons
    assert "not graded: inferred values (war_declared)" in reasons
    assert report["applied"] > report["unchecked"] > 0 and 0 < report["checked_share"] < 1
    assert report["events_read_by_no_check"] >= 0
    # the sweeps of the state at every event (12.11 stacking at a phase's end) need no value of a doubtful event
    assert not any(s["check"] in ("stacks", "gone_by_phase_end") for s in report["not_checked"])


def _events(name: str) -> list[Any]:
    with (HERE / name).open() as handle:
        return [n.event for n in read_events(handle, "yaml")]


@pytest.mark.parametrize(
    ("change", "check"),
    [
        ({"brp_cost": 35, "provenance": "reported"}, "declaration_cost"),  # the war began before the game
        ({"phase": "diplomacy", "side": "axis", "provenance": "reported", "until": None}, "declaration_cost"),
    ],
)
def test_the_audit_of_the_sparse_record_still_finds_real_faults(change: dict[str, Any], check: str) -> None:
    import msgspec

    events = _events("game.yaml")
    index = next(i for i, e in enumerate(events) if type(e).__name__ == "WarDeclared")
    events[index] = msgspec.structs.replace(events[index], **change)
    assert check in {f.check for f in audit(records(events)).findings}


def test_a_fact_found_later_keeps_numbers_bookmarks_and_branches(game: Game) -> None:
    game.run("bookmark", "wbc23", "before-spain", "--at", "22")
    game.run("branch", "wbc23", "spain-fails", "--at", "before-spain")
    hashes = [r["hash"] for r in map(json.loads, game.run("log", "wbc23", "--json").splitlines())]
    done = game.json("insert", "wbc23", "examples/wbc-2023-game-1/found-later.yaml", "--reason", "second reading")
    assert done == {"game": "wbc23", "ruling": 32, "after": 19, "inserted": [33, 34, 35]}
    rows = list(map(json.loads, game.run("log", "wbc23", "--json").splitlines()))
    assert [r["hash"] for r in rows][: len(hashes)] == hashes
    assert [r.get("stands_after") for r in rows[32:]] == [19, 19, 19]
    at = game.json("state", "wbc23", "--at", "before-spain", "--view", "politics")
    assert at["at_event"] == 22
    assert [q["what"] for q in at["politics"]["quiet"]] == ["pacific"]
    assert any("Baltic States on purpose" in c["text"] for c in at["politics"]["chronicle"])
    branch = [t for t in game.json("games") if t["name"] == "wbc23/spain-fails"]
    assert branch[0]["fork_at"] == 22 and branch[0]["events"] == 23  # forked where it was, nothing added to it
    steps = [json.loads(line) for line in game.run("replay", "wbc23", "--to", "1939-summer", "--json").splitlines()]
    seqs = [e["seq"] for step in steps for e in step["events"]]
    assert seqs.index(33) < seqs.index(20) and seqs.index(19) < seqs.index(33)


def test_a_what_if_that_changes_the_diplomatic_outcome_shows_in_diff(game: Game) -> None:
    game.run("branch", "wbc23", "spain-fails", "--at", "22")
    game.run("import", "wbc23/spain-fails", "examples/wbc-2023-game-1/spain-fails.yaml")
    found = game.json("diff", "wbc23", "wbc23/spain-fails", code=1)
    politics = found["differences"]["politics"]
    assert {(c["subject"], c["what"]) for c in politics} >= {("spain", "diplomatic_outcome"), ("spain", "area")}
    same = game.json("diff", "wbc23", "wbc23", code=0)
    assert not any(same["differences"].values())


def test_places_are_resolved_through_map_data_when_it_knows_them(game: Game, tmp_path: Path) -> None:
    state = game.json("state", "wbc23", "--view", "politics")
    assert state["politics"]["areas"]["danzig"]["hexes"] == []  # the shipped map data does not name it
    out = game.run("state", "wbc23", "--view", "politics")
    assert "not in the map data" in out
    assert os.environ["COLUMNS"] == "200"
