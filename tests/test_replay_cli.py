"""Replays, branches, diffs, bookmarks and notes from the command line; the interactive stepper in a pty."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from awaw_events.store import GameStore
from replays.cli import cli
from replays.replay import steps
from replays.stepper import Stepper
from tests.build import awaw

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game.db"
    result = CliRunner().invoke(cli, ["--db", str(path), "import", "g", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def db(example_db: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "game.db"
    shutil.copy(example_db, copy)
    return copy


def run(db: Path, *args: str) -> tuple[int, str]:
    return awaw(db, *args, catch_exceptions=False)


def _seq_of(fragment: str) -> int:
    """The event number (line) of the first example event containing ``fragment``."""
    for number, line in enumerate(EXAMPLE.read_text().splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(fragment)


def test_replay_narrates_each_step_and_its_changes(db: Path) -> None:
    sunk = _seq_of('"type":"ship_sunk"')
    code, out = run(db, "replay", "g", "--from", str(sunk), "--to", str(sunk + 2))
    assert code == 0
    assert out.splitlines() == [
        f"== Spring 1940 Axis combat (event {sunk})",
        f"  {sunk}. Ship sunk: ship ger-ca-1, ref oslo (system)",
        "    ger-ca-1 CA Blücher 2 (inverted): EUR:E33 → eliminated (naval combat)",
        f"== Spring 1940 Axis combat (event {sunk + 1})",
        f"  {sunk + 1}. Combat losses taken: losses of oslo (defender): nor-inf-1 2 (system)",
        f"== Spring 1940 Axis combat (event {sunk + 2})",
        f"  {sunk + 2}. Unit eliminated: nor-inf-1 eliminated: combat (oslo) (system)",
        "    nor-inf-1 infantry 2 (Norway): EUR:D33 → eliminated (combat)",
    ]
    code, out = run(
        db,
        "replay",
        "g",
        "--from",
        "1940-spring/axis/combat",
        "--to",
        "1940-spring/axis/combat",
        "--by",
        "phase",
        "--json",
    )
    steps_json = [json.loads(line) for line in out.splitlines()]
    assert len(steps_json) == 1
    assert steps_json[0]["events"][0]["type"] == "phase_started"


def test_branch_record_diff_from_the_cli(db: Path) -> None:
    assert run(db, "branch", "g", "no-norway", "--at", "1940-spring/axis/movement")[1].startswith(
        "created g/no-norway: forks from g after event "
    )
    code, out = run(db, "games", "--json")
    names = [t["name"] for t in json.loads(out)]
    assert names == ["g", "g/no-norway"]
    code, out = run(db, "diff", "g", "g/no-norway", "--view", "board")
    assert code == 1  # they differ, like diff(1)
    assert "they part at event" in out
    assert "state at the end of Spring 1940 Axis movement" in out and "no differences" in out
    code, out = run(db, "diff", "g", "g/no-norway", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["only_b"][0]["event"]["type"] == "seed_committed"
    assert data["at"] == "1940-spring/axis/movement" and data["same"] is False
    code, out = run(db, "diff", "g", "g/no-norway", "--at", "1940-spring/axis/combat")
    assert code == 2
    assert "'g/no-norway' has not reached 1940-spring/axis/combat" in out
    assert run(db, "diff", "g", "g")[0] == 0


def test_bookmarks_and_notes(db: Path) -> None:
    landing = _seq_of('"attack":"oslo","kind":"invasion"')
    code, out = run(db, "bookmark", "g", "oslo landing", "--at", str(landing))
    assert code == 0, out
    state = json.loads(run(db, "state", "g", "--at", "oslo landing", "--view", "board", "--json")[1])
    assert state["at_event"] == landing
    assert run(db, "note", "g", str(landing + 2), "disputed: was the 15.55 conversion right?")[0] == 0
    last = json.loads(run(db, "log", "g", "--json", "--type", "trust")[1].splitlines()[-1])
    assert last["event"]["about"] == landing + 2


def test_promote_and_prune(db: Path) -> None:
    run(db, "branch", "g", "alt", "--at", "400")
    code, out = run(db, "promote", "g/alt")
    assert out == "g/alt is now g; the old main line is g/previous-main\n"
    code, out = run(db, "prune", "g/previous-main")
    assert code == 1
    assert out == "Error: 'g/previous-main' cannot be deleted: g fork(s) from it\n"


def test_step_needs_a_terminal(db: Path) -> None:
    code, out = run(db, "replay", "g", "--step")
    assert code == 2
    assert "--step needs a terminal" in out


def test_stepper_keys_without_a_terminal(db: Path) -> None:
    keys = iter(["n", "p", "v", "g", "t", "e", "q"])
    answers = iter(["20", "1939-winter"])
    shown: list[str] = []
    with GameStore(str(db)) as store:
        Stepper(
            steps(store, "g", by="phase"),
            read_key=lambda: next(keys),
            prompt=lambda _: next(answers),
            echo=shown.append,
        ).run()
    text = "\n".join(shown)
    assert "-- view: board --" in text
    assert "== Winter 1939" in text
    assert shown[-1].startswith("-- end of the game (")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_step_mode_reaches_the_end_of_the_example_game_in_a_pty(db: Path) -> None:
    awaw = shutil.which("awaw") or f"{sys.executable} -m replays"
    child = pexpect.spawn(
        f"{awaw} --db {db} replay g --step --by phase", encoding="utf-8", timeout=60, dimensions=(50, 200)
    )
    child.expect(r"-- step 1, view all")
    shown = 1
    while True:
        child.send("n")
        index = child.expect([r"-- end of the game \((\d+) steps\) --", r"-- step (\d+), view all"])
        if index == 0:
            break
        shown += 1
        assert int(child.match.group(1)) == shown
        assert shown < 1000
    assert int(child.match.group(1)) == shown
    child.send("q")
    child.expect(pexpect.EOF)
