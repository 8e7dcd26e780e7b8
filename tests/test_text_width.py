"""Every text a player reads, at 80 columns: each view and command output of the example game
(``examples/campaign-1939.jsonl``, with the disputed turn, its ruling and a branch) and of the historical example
(``examples/wbc-2023-game-1``) is run in an 80-column terminal and read line by line. No line is over 80
characters; no id or number is split across lines (every token of the full-width output with a digit or a colon
in it is whole at 80 columns); nothing reads ``{N entries}``, ``key=value``, a field path or a Python value; and no
snake_case token appears but the names a game gives things.

How a name is told from an internal one: the names are the game's own vocabulary, read from the example files
themselves (the values players wrote in the fields that name things: oil reserves, places as sources name them,
refs, attacks, yards, bookmarks, texts and citations) and the house-rule options players type after ``--option``.
Event types, check ids and field names are none of these, so any of them in a text is a failure.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from awaw_events.options import A3R_OPTIONS, AWAW_OPTIONS, INTERPRETATION_OPTIONS
from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WBC = EXAMPLES / "wbc-2023-game-1"
WIDTH = 80

SNAKE = re.compile(r"(?<![\w/.-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
ENTRIES = re.compile(r"\{\d+ entries\}")
KEY_VALUE = re.compile(r"(?<![\w-])[a-z][a-z_]*=")
FIELD_PATH = re.compile(r"\b[a-z][a-z_]*\[\d+\]")
PYTHON = re.compile(r"\('[^']*',?\)|\[\'|\bTrue\b|\bFalse\b|\bNone\b")
GAME_NAMES = ("reserve", "ref", "place", "places", "yard", "attack", "attrition", "breakthrough", "battle", "overrun")
GAME_TEXTS = ("text", "citation", "title", "reason", "name")


def _events() -> Iterator[dict[str, object]]:
    for line in (EXAMPLES / "campaign-1939.jsonl").read_text().splitlines():
        yield json.loads(line)
    for name in ("game.yaml", "spain-fails.yaml", "found-later.yaml"):
        yield from yaml.safe_load((WBC / name).read_text()) or []


def _names() -> frozenset[str]:
    """The game's own names: what the example files wrote in the fields that name things, and the options."""
    found: set[str] = set()

    def take(value: object) -> None:
        if isinstance(value, str):
            found.update(SNAKE.findall(value))
        elif isinstance(value, list):
            for item in value:
                take(item)

    for event in _events():
        for key in (*GAME_NAMES, *GAME_TEXTS):
            take(event.get(key))
    for options in (A3R_OPTIONS, AWAW_OPTIONS, INTERPRETATION_OPTIONS):
        for option, spec in options.items():
            found.update(SNAKE.findall(option))
            for value in spec.values:
                found.update(SNAKE.findall(value))
    return frozenset(found)


NAMES = _names()


def test_the_vocabulary_holds_names_and_no_internal_names() -> None:
    assert {"polish_corridor", "baltic_states", "wa_europe", "wa_south_africa"} <= NAMES
    assert not {"unit_moved", "combat_round_resolved", "physical_roll", "defence_strength", "paris_controller"} & NAMES


class Session:
    """The CLI on one store, printing as an 80-column terminal would (and, to compare, at full width)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = str(folder / "g.db")
        self.keys = str(folder / "keys")
        self.outputs: list[tuple[str, str, str]] = []

    def run(self, *args: str, compare: bool = True, code: int | None = 0) -> str:
        runner = CliRunner()
        line = ["--db", self.db, "--keys", self.keys, *args]
        narrow = runner.invoke(cli, line, env={"COLUMNS": str(WIDTH)}, terminal_width=WIDTH)
        if code is not None:
            assert narrow.exit_code == code, (args, narrow.output)
        wide = runner.invoke(cli, line, env={"COLUMNS": None}).output if compare else narrow.output
        self.outputs.append((" ".join(args), narrow.output, wide))
        return narrow.output


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    folder = tmp_path_factory.mktemp("width")
    s = Session(folder)
    s.run("import", "g", str(EXAMPLES / "campaign-1939.jsonl"), compare=False)
    s.run("import", "wbc23", str(WBC / "game.yaml"), compare=False)
    s.run("import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"), compare=False, code=0)
    s.run("branch", "g", "what-if", "--at", "1939-winter", "--same-dice", compare=False)
    s.run("branch", "wbc23", "spain-fails", "--at", "22", "--same-dice", compare=False)
    s.run("import", "wbc23/spain-fails", str(WBC / "spain-fails.yaml"), compare=False)
    s.run("bookmark", "g", "the end", compare=False)
    s.run("note", "g", "321", "Lodz: the CRT gives Ex at 1:1 with a 3", compare=False)
    for game in ("g", "wbc23", "disputed"):
        s.run("verify", game)
        s.run("head", game)
        s.run("log", game)
        s.run("state", game)
        s.run("state", game, "--view", "all", "--power", "germany")
        s.run("replay", game)
        s.run("replay", game, "--by", "phase")
        s.run("audit", game, code=None)
    for point in ("1939-fall", "1939-fall/axis/combat", "300", "1939-winter/allied"):
        s.run("state", "g", "--at", point)
    s.run("state", "g", "--at", "1939-fall", "--before", "--view", "oil")
    s.run("log", "g", "--power", "germany", "--turn", "1939-fall/axis")
    s.run("log", "g", "--type", "naval")
    s.run("games")
    s.run("audit", "--list-checks")
    s.run("audit", "disputed", "--from", "1939-fall/axis/combat", "--to", "1939-fall/axis/combat", code=1)
    s.run("diff", "g", "g/what-if", code=None)
    s.run("diff", "wbc23", "wbc23/spain-fails", "--view", "politics", code=None)
    s.run("rule", "disputed", "--void", "321", "--replace", str(EXAMPLES / "lodz-fix.jsonl"), "--reason",
          "18 against 12 is 1:1 and the die was 3", "--by", "axis player", "--dry-run")  # fmt: skip
    s.run("board", "g", "--at", "1939-fall", "-o", str(folder / "b.svg"), compare=False)
    s.run("plot", "g", "--view", "losses", "-o", str(folder / "l.png"), compare=False)
    s.run("materialize", "g", "-o", str(folder / "g-model.db"), compare=False)
    s.run("snapshot", "g", compare=False)
    # at the table: the verbs' previews of what they would append
    s.run("new", "club", "--setup", str(EXAMPLES / "setup-1939.yaml"), "--physical-dice", compare=False)
    for _ in range(5):
        s.run("end-phase", "club", "--yes", compare=False)
    s.run("move", "club", "ger-inf-3", "EUR:L33", "EUR:M33", "EUR:M34", "--dry-run")
    s.run("spend", "club", "germany", "offensive", "--front", "eastern", "--dry-run")
    return s.outputs


def _problems(text: str, wide: str) -> Iterator[str]:
    for line in text.splitlines():
        if len(line) > WIDTH:
            yield f"{len(line)} characters: {line!r}"
        for pattern, what in ((ENTRIES, "a count of entries"), (KEY_VALUE, "key=value"), (FIELD_PATH, "a field path")):
            if pattern.search(line):
                yield f"{what}: {line!r}"
        if PYTHON.search(line):
            yield f"a Python value: {line!r}"
        for token in SNAKE.findall(line):
            if token not in NAMES:
                yield f"an internal name {token!r}: {line!r}"
    narrow_tokens = {t.strip(".,;:()[]'\"") for t in text.split()}
    for token in {t.strip(".,;:()[]'\"") for t in wide.split()}:
        if re.search(r"[0-9]", token) and token not in narrow_tokens:
            yield f"split: {token!r} is not whole at {WIDTH} columns"


def test_no_text_view_has_a_long_line_a_split_id_or_an_internal_name(outputs: list[tuple[str, str, str]]) -> None:
    problems = [f"awaw {command}: {p}" for command, narrow, wide in outputs for p in _problems(narrow, wide)]
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(dict.fromkeys(problems[:60]))


def test_the_checks_find_what_they_look_for() -> None:
    """Each check fails on the kind of text it is for (a test of the test)."""
    bad = {
        "x" * 81: "characters",
        "first attacker {5 entries}": "a count of entries",
        "  details defence_strength=1": "key=value",
        "attackers[0] is not there": "a field path",
        "unknown=('dice',)": "a Python value",
        "the unit_moved event": "an internal name",
    }
    for line, what in bad.items():
        assert any(what in p for p in _problems(line, line)), line
    assert list(_problems("roll #3 at EUR:L3\n4", "roll #3 at EUR:L34")) != []
    assert list(_problems("polish_corridor and wa_europe", "polish_corridor and wa_europe")) == []
