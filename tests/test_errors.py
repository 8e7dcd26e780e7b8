"""Errors a user meets, tried as a careless user would: each names what was wrong and what is allowed, and writes
nothing; points that do not exist are errors (exit 2), never the end state; --db before or after the command."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from replays.cli import cli
from tests.build import awaw as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
LAST = len(EXAMPLE.read_text().splitlines())


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("errors") / "game.db"
    result = CliRunner().invoke(cli, ["--db", str(path), "import", "g", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture
def db(example_db: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "game.db"
    shutil.copy(example_db, copy)
    return copy


def count(db: Path) -> int:
    return int(run(db, "head", "g")[1].split()[-1])


@pytest.mark.parametrize(
    ("words", "field", "allowed"),
    [
        (["dice_rolled", "purpose=crtt", "dice=[5]"], "purpose", ["crt", "air_combat", "winter"]),
        (["dice_rolled", "purpose=crt", "dice=[5]", "actor=germny"], "actor", ["germany", "britain", "referee"]),
        (["dice_rolled", "purpose=crt", "dice=[5]", "season=autumn"], "season", ["spring", "summer", "fall"]),
    ],
)
def test_an_invalid_enum_value_lists_the_valid_ones(db: Path, words: list[str], field: str, allowed: list[str]) -> None:
    before = count(db)
    code, out = run(db, "record", "g", *words)
    assert code == 1
    assert f"field {field!r}" in out and "is not allowed; expected one of:" in out
    for value in allowed:
        assert re.search(rf"\b{value}\b", out), value
    assert "Invalid enum value" not in out
    assert count(db) == before


@pytest.mark.parametrize("path", ['["K37"]', '["eur:K37"]', '["EUR:37K"]'])
def test_a_hex_without_its_map_prefix_names_the_expected_form(db: Path, path: str) -> None:
    before = count(db)
    code, out = run(db, "record", "g", "unit_moved", "unit=ger-inf-1", f"path={path}")
    assert code == 1
    assert "field 'path[0]'" in out and "EUR:K37" in out
    assert "regex" not in out and "(EUR|PAC)" not in out
    assert count(db) == before
    code, out = run(db, "record", "g", "bridgehead_placed", "hex=K37", "faction=european_axis", "cause=airdrop")
    assert code == 1
    assert "not a hex 'K37': expected a hex with its map prefix, as printed on the map: EUR:K37" in out


def test_import_names_the_line_and_lists_the_values(db: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    good = '{"type":"note_added","year":1940,"season":"spring","about":1,"text":"fine"}'
    wrong = '{"type":"dice_rolled","year":1940,"season":"spring","roll":40,"purpose":"crtt","dice":[5]}'
    bad.write_text(f"{good}\n{wrong}\n")
    before = count(db)
    code, out = run(db, "import", "g", str(bad))
    assert code == 1
    assert "line 2, field 'purpose': 'crtt' is not allowed; expected one of: air_combat" in out
    assert count(db) == before  # all or nothing


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["state", "g", "--at", "1945-spring"],
            f"'g' has not reached 1945-spring: its last event ({LAST}) is in Spring",
        ),
        (["state", "g", "--at", "1930-spring"], "'g' begins after 1930-spring"),
        (["state", "g", "--at", "99999"], f"'g' has events 1 to {LAST}, not 99999"),
        (["log", "g", "--turn", "1941-spring"], "'g' has not reached 1941-spring"),
        (["replay", "g", "--from", "500", "--to", "400"], "--from 500 (event 500) comes after --to 400 (event 400)"),
        (["replay", "g", "--from", "1941-spring"], "'g' has not reached 1941-spring"),
        (["materialize", "g", "-o", "x.db", "--at", "1950-fall"], "'g' has not reached 1950-fall"),
        (["branch", "g", "later", "--at", "1944-summer/axis"], "'g' has not reached 1944-summer/axis"),
        (["state", "g", "--at", "1940-autumn"], "unknown season 'autumn'"),
    ],
)
def test_points_that_do_not_exist_are_errors(db: Path, args: list[str], message: str) -> None:
    code, out = run(db, *args)
    assert code == 2, out
    assert message in out
    assert f"after event {LAST}" not in out  # never the end state


@pytest.mark.parametrize(
    "args",
    [["log", "g", "--turn", "1939-fall/setup"], ["state", "g", "--view", "brp"], ["games"], ["verify", "g"]],
)
def test_db_before_or_after_the_command_and_from_the_environment(example_db: Path, args: list[str]) -> None:
    runner = CliRunner()
    before = runner.invoke(cli, ["--db", str(example_db), *args])
    after = runner.invoke(cli, [*args, "--db", str(example_db)])
    env = runner.invoke(cli, args, env={"AWAW_DB": str(example_db)})
    assert before.exit_code == after.exit_code == env.exit_code == 0, before.output
    assert before.output == after.output == env.output
    assert "g" in before.output


def test_games_marks_the_main_line_after_promote(db: Path) -> None:
    assert run(db, "branch", "g", "alt", "--at", "300")[0] == 0
    assert run(db, "promote", "g/alt")[0] == 0
    code, out = run(db, "games")
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("*", "g"))]
    assert rows[0][:2] == ["*", "g"] and rows[0][-2] == "301"  # the promoted branch is the main line now
    assert rows[1][:2] == ["g/previous-main", "g"]
    data = json.loads(run(db, "games", "--json")[1])
    assert {t["name"]: t["main_line"] for t in data} == {"g": True, "g/previous-main": False}


def test_verify_names_an_event_once(db: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(db)
    row = conn.execute("select rowid, state from stored_events where originator_version = 6").fetchone()
    conn.execute("update stored_events set state = ? where rowid = ?", (row[1].replace(b"1939", b"1938"), row[0]))
    conn.commit()
    conn.close()
    code, out = run(db, "verify", "g")
    assert code == 1
    assert "event 6" in out
    assert not re.search(r"event (\d+): event \1\b", out)


def test_a_postgresql_address_without_the_driver_says_which_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the postgres extra were not installed
    result = CliRunner().invoke(cli, ["--db", "postgresql://u:p@localhost:1/x", "games"])
    assert result.exit_code == 1
    assert "pip install 'awaw-events[postgres]'" in result.output
    assert "PERSISTENCE_MODULE" not in result.output


def test_the_example_readme_counts_the_events_of_the_file() -> None:
    text = (ROOT / "examples" / "README.md").read_text()
    stated = int(re.search(r"(\d[\d,]*) events", text).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert stated == len(EXAMPLE.read_text().splitlines())


@pytest.mark.parametrize(
    ("args", "label"),
    [
        (["materialize", "g", "-o", "{tmp}/m.db"], "materializing"),
        (["verify", "g"], "verifying g"),
        (["snapshot", "g"], "folding"),
        (["state", "g", "--view", "oil"], "folding"),
    ],
)
def test_long_commands_show_progress_on_a_terminal(db: Path, tmp_path: Path, args: list[str], label: str) -> None:
    pexpect = pytest.importorskip("pexpect")
    awaw = shutil.which("awaw") or str(Path(sys.executable).parent / "awaw")
    words = [a.replace("{tmp}", str(tmp_path)) for a in args]
    child = pexpect.spawn(awaw, ["--db", str(db), *words], encoding="utf-8", timeout=60, dimensions=(24, 100))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert label in child.before
