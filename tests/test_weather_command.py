"""``awaw weather``: every zone's weather this game turn (34.1-34.3) with the Winter Table's rolls (34.41), as the
example game records it; refused, writing nothing, where a die is missing, given for a zone that rolls none, off
the die, or where the weather was determined already; rolled from the game's seed once the player agrees."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from replays.cli import cli

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines(keepends=True)
FALL_START = 279
"""The example's Fall 1939 ``game_turn_started``: its weather follows, events 280-286 (one Siberian roll)."""
WINTER_START = next(
    n for n, line in enumerate(LINES, 1) if b'"game_turn_started","year":1939,"season":"winter"' in line
)


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[int, Path]:
    """The example up to the start of its Fall and its Winter 1939 game turns, each in a store (physical dice)."""
    folder = tmp_path_factory.mktemp("weather")
    found = {}
    for end in (FALL_START, WINTER_START):
        head = folder / f"head-{end}.jsonl"
        head.write_bytes(b"".join(LINES[:end]))
        db = folder / f"start-{end}.db"
        result = CliRunner().invoke(cli, ["--db", str(db), "import", "g", str(head), "--no-audit"])
        assert result.exit_code == 0, result.output
        found[end] = db
    return found


def game(stores: dict[int, Path], tmp_path: Path, end: int):  # type: ignore[no-untyped-def]
    db = tmp_path / "g.db"
    shutil.copy(stores[end], db)

    def invoke(*args: str, input: str | None = None) -> Result:
        return CliRunner().invoke(cli, ["--db", str(db), *args], input=input)

    return invoke


def exported(awaw, first: int) -> list[bytes]:  # type: ignore[no-untyped-def]
    out = awaw("export", "g")
    assert out.exit_code == 0, out.output
    return [line + b"\n" for line in out.stdout_bytes.splitlines()[first - 1 :]]


@pytest.mark.parametrize(
    ("end", "dice"), [(FALL_START, ["siberia=3"]), (WINTER_START, ["russian_winter=4", "siberia=2"])]
)
def test_the_weather_is_the_examples(stores, tmp_path: Path, end: int, dice: list[str]) -> None:  # type: ignore[no-untyped-def]
    awaw = game(stores, tmp_path, end)
    done = awaw("weather", "g", *(a for d in dice for a in ("--die", d)), "--yes")
    assert done.exit_code == 0, done.output
    assert "the audit finds nothing" in done.output
    written = exported(awaw, end + 1)
    assert written == LINES[end : end + len(written)]
    assert len(written) == 6 + len(dice)  # six zones, one roll per rolled zone


def test_a_physical_game_needs_every_rolled_zones_die(stores, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    awaw = game(stores, tmp_path, WINTER_START)
    before = awaw("head", "g").output
    missing = awaw("weather", "g", "--die", "siberia=2", "--yes")
    assert missing.exit_code == 2
    assert "give the Winter Table die of each zone (--die russian_winter=N)" in missing.output
    elsewhere = awaw("weather", "g", "--die", "western=3", "--die", "siberia=2", "--die", "russian_winter=4", "--yes")
    assert elsewhere.exit_code == 1
    assert "--die: no winter die is rolled for western (zones rolled: russian_winter, siberia)" in elsewhere.output
    for bad in ("siberia=7", "siberia", "siberia=x"):
        off = awaw("weather", "g", "--die", bad, "--yes")
        assert off.exit_code == 2 and "--die" in off.output and "1-6" in off.output, off.output
    assert awaw("head", "g").output == before


def test_the_weather_is_determined_once_a_game_turn(stores, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    awaw = game(stores, tmp_path, FALL_START)
    assert awaw("weather", "g", "--die", "siberia=3", "--yes").exit_code == 0
    before = awaw("head", "g").output
    again = awaw("weather", "g", "--die", "siberia=5", "--yes", "--json")
    assert again.exit_code == 1
    assert json.loads(again.stdout)["rule"] == "34.23"
    assert awaw("head", "g").output == before
    assert awaw("end-phase", "g", "--yes").exit_code == 0  # into the Axis player turn
    late = awaw("weather", "g", "--die", "siberia=5", "--yes")
    assert late.exit_code == 1 and "at the start of a game turn" in late.output


def test_a_seeded_game_rolls_once_the_player_agrees(stores, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    awaw = game(stores, tmp_path, WINTER_START)
    assert awaw("reseed", "g").exit_code == 0
    shown = awaw("weather", "g", "--dry-run", "--json")
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.stdout)
    assert [e["event"]["type"] for e in data["events"]] == []  # the first zone rolls: nothing before its die
    assert data["then"] == "then: roll one die each for russian_winter, siberia on the Winter Table (34.41)"
    done = awaw("weather", "g", "--die", "siberia=2", "--yes", "--json")
    assert done.exit_code == 0, done.output
    rolls = [e["event"] for e in json.loads(done.stdout)["events"] if e["event"]["type"] == "dice_rolled"]
    assert [(r["ref"], r.get("source", "physical")) for r in rolls] == [
        ("winter-table:russian_winter", "seeded"),
        ("winter-table:siberia", "physical"),
    ]
    assert awaw("reveal", "g").exit_code == 0
    assert awaw("verify", "g").exit_code == 0  # the roll is the seed's
