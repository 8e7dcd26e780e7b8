"""The ``awaw`` command line, through click's CliRunner: exact outputs and exit codes."""

from __future__ import annotations

import importlib
import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from awaw_events import codec
from replays import maps
from replays.cli import COMMANDS, cli
from replays.cli.common import Context, command, keys_option
from replays.cli.maps import MAP_COMMANDS, map_
from tests.conftest import armor, created, phase, roll


@pytest.fixture
def run(db_path: str):  # type: ignore[no-untyped-def]
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
        return runner.invoke(cli, ["--db", db_path, *args], input=input, catch_exceptions=False)

    return invoke


def jsonl(*events: object) -> str:
    return "".join(codec.encode(e).decode() + "\n" for e in events)  # type: ignore[arg-type]


@pytest.fixture
def game_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text(jsonl(created(title="test"), phase("combat"), roll(1), roll(2), armor("ger-arm-1")))
    return path


def test_new_records_rules_options_and_commitment(run, keys_dir: Path) -> None:  # type: ignore[no-untyped-def]
    result = run("new", "g", "--rules", "a3r", "--option", "econ.deficit_spending=option1_grant_matched")
    assert result.exit_code == 0
    shipped = maps.shipped_map_data().data
    assert result.output == (
        f"created g: a3r rules, 2 event(s), seeded dice (commitment recorded; the seed is in {keys_dir})\n"
        f"map data: rule-texts version {shipped.version}, {len(shipped.hexes)} hexes, {len(shipped.hexsides)} "
        f"hexsides, sha256 {shipped.sha256[:12]}... (shipped)\n"
    )
    first = json.loads(run("log", "g", "--json").output.splitlines()[0])["event"]
    assert first["type"] == "game_created"
    assert first["options"]["econ.deficit_spending"] == "option1_grant_matched"
    assert first["options"]["combat.crt"] == "awaw_15_house"
    assert len(first["seed_commitment"]) == 64


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("econ.deficit=none", "Error: field 'econ.deficit': unknown option 'econ.deficit' for a3r games"),
        (
            "econ.deficit_spending=lots",
            "Error: field 'econ.deficit_spending': option 'econ.deficit_spending' takes one of none, "
            "option1_grant_matched, option2_base_reduction, not 'lots'",
        ),
    ],
)
def test_new_rejects_unknown_options(run, option: str, message: str) -> None:  # type: ignore[no-untyped-def]
    result = run("new", "g", "--rules", "a3r", "--option", option)
    assert result.exit_code == 1
    assert result.output.startswith(message)
    assert run("games").output.startswith("no games yet")


def test_import_then_export_gives_back_the_same_events(run, game_file: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = run("import", "g", str(game_file))
    assert result.output == "imported 5 event(s) into g: events 1 to 5\nthe audit finds nothing\n"
    exported = run("export", "g").output
    assert exported == game_file.read_text()
    yaml_path = tmp_path / "g.yaml"
    assert run("export", "g", "-o", str(yaml_path)).exit_code == 0
    assert (
        run("import", "h", str(yaml_path)).output
        == "imported 5 event(s) into h: events 1 to 5\nthe audit finds nothing\n"
    )
    assert run("export", "h").output == exported
    assert run("head", "g").output == run("head", "h").output


def test_a_bad_event_among_good_ones_rejects_the_file(run, game_file: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    lines = [jsonl(roll(n)) for n in range(3, 40)]
    lines[20] = lines[20].replace('"dice":[', '"dice":[7,')
    bad = tmp_path / "more.jsonl"
    bad.write_text("".join(lines))
    result = run("import", "g", str(bad))
    assert result.exit_code == 1
    assert result.output == "Error: line 21, field 'dice[0]': a d6 shows 1 to 6, got 7; nothing was written\n"
    assert run("head", "g").output.endswith(" 5\n")


def test_several_problems_are_all_listed(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(jsonl(created()) + '{"type":"phase_started","year":1939}\n' + "not json\n")
    result = run("import", "g", str(bad))
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        "Error: 2 problems, nothing was written:",
        "  line 2, field 'season': missing required field 'season'",
        "  line 3: not valid JSON: JSON is malformed: invalid character (byte 4)",
    ]


def test_import_reads_standard_input(run, game_file: Path) -> None:  # type: ignore[no-untyped-def]
    result = run("import", "g", "-", input=game_file.read_text())
    assert result.output == "imported 5 event(s) into g: events 1 to 5\nthe audit finds nothing\n"


def test_record_fills_game_time_and_roll_number(run, game_file: Path) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    result = run("record", "g", "dice_rolled", "purpose=attrition", "dice=[3]", "actor=germany")
    assert result.output == (
        "recorded event 6 (Fall 1939 Axis unit construction): Dice rolled: roll #3 for attrition: die 3\n"
        "the audit finds nothing wrong with it\n"
    )
    last = json.loads(run("log", "g", "--json", "--type", "dice").output.splitlines()[-1])["event"]
    assert last == {
        "type": "dice_rolled",
        "year": 1939,
        "season": "fall",
        "side": "axis",
        "phase": "unit_construction",
        "actor": "germany",
        "roll": 3,
        "purpose": "attrition",
        "dice": [3],
    }
    bad = run("record", "g", "unit_built", "unit=x", "factors=four")
    assert bad.exit_code == 1
    assert bad.output.startswith("Error: the event, field 'factors': Expected `int`, got `str`")
    assert run("record", "g", "dice_rolled", "purpose").output == (
        "Error: argument 1: expected FIELD=VALUE, got 'purpose'\n"
    )


def test_roll_and_reveal(run) -> None:  # type: ignore[no-untyped-def]
    run("new", "g")
    first = run("roll", "g", "--purpose", "crt", "--dice", "2")
    assert re.fullmatch(r"roll #1: dice [1-6] and [1-6] = \d+ \(event 3\)\n", first.output)
    assert re.fullmatch(r"roll #2: die [1-6] \(event 4\)\n", run("roll", "g", "--purpose", "weather").output)
    assert run("reveal", "g").output == "seed revealed in event 5; `awaw verify g` now checks every seeded roll\n"


def test_log_filters(run, game_file: Path) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    rows = [json.loads(line)["seq"] for line in run("log", "g", "--json", "--power", "germany").output.splitlines()]
    assert rows == [5]
    rows = [json.loads(line)["seq"] for line in run("log", "g", "--json", "--type", "dice_rolled").output.splitlines()]
    assert rows == [3, 4]
    rows = [
        json.loads(line)["seq"] for line in run("log", "g", "--json", "--turn", "1939-fall/axis").output.splitlines()
    ]
    assert rows == [2, 3, 4, 5]
    assert run("log", "g", "--turn", "1939-autumn").output.startswith("Error: unknown season 'autumn'")
    assert run("log", "g", "--power", "prussia").output.startswith(
        "Error: field 'power': no event of 'g' is by or about 'prussia'"
    )
    table = run("log", "g", "--type", "units").output
    assert "Unit built: ger-arm-1" in table and "unit_built" not in table  # the event in words, not its type
    assert "ger-arm-1" in table
    assert "dice_rolled" not in table


def test_verify_detects_tampering(run, game_file: Path, db_path: str) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    ok = run("verify", "g")
    assert ok.exit_code == 0
    assert ok.output.splitlines()[0] == "g: 5 events, hash chain intact"
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute(
            "UPDATE stored_events SET state = replace(state, X'22636F7374223A38', X'22636F7374223A34') "
            "WHERE originator_id LIKE 'game:%' AND originator_version = 5"
        )
    conn.close()
    bad = run("verify", "g")
    assert bad.exit_code == 1
    assert bad.output.splitlines() == [
        "g: 1 problem(s) in 5 events",
        "  event 5 (unit_built) does not match its hash: it was changed, moved, or an event before it was removed",
        "dice: 0 seeded roll(s) verified, 0 awaiting the seed's reveal, 2 physical (unverifiable)",
        "signed hand-offs: none",
    ]


def test_games_lists_timelines(run, game_file: Path) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    data = json.loads(run("games", "--json").output)
    assert [(d["name"], d["events"], d["parent"]) for d in data] == [("g", 5, None)]
    assert "g " in run("games").output


def test_unknown_game_is_an_error(run) -> None:  # type: ignore[no-untyped-def]
    result = run("log", "nope")
    assert result.exit_code == 1
    assert result.output == "Error: no game or timeline named 'nope' (known: none yet)\n"


def test_schema_is_json_schema_of_the_union(run) -> None:  # type: ignore[no-untyped-def]
    schema = json.loads(run("schema").output)
    assert "anyOf" in schema
    assert len(schema["anyOf"]) == len(codec.EVENT_CLASSES)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_help(command: str) -> None:
    result = CliRunner().invoke(cli, [command, "--help"])
    assert result.exit_code == 0
    loaded = cli.get_command(click.Context(cli), command)
    assert loaded is not None
    assert len(loaded.help or "") > 20
    # `awaw --help` shows the recorded one-line help without importing the command: it must be the command's own
    assert COMMANDS[command][1] == loaded.get_short_help_str(limit=150)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_has_help_with_an_example_and_its_one_line_help_once(command: str) -> None:
    """Each command's help ends with an example of it, within 80 columns; its one-line help is written in
    ``COMMANDS`` alone (the group puts it in front of the command's own text, which does not repeat it)."""
    result = CliRunner().invoke(cli, [command, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    assert re.search(rf"^  Examples?( \(.*\))?:\n    awaw {command}\b", result.output, re.M), result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    module, _, name = COMMANDS[command][0].partition(":")
    own = getattr(importlib.import_module(module), name).callback.__doc__ or ""
    assert " ".join(COMMANDS[command][1].split()) not in " ".join(own.split())
    assert " ".join(result.output.split()).count(" ".join(COMMANDS[command][1].split())) == 1


@pytest.mark.parametrize("command", sorted(MAP_COMMANDS))
def test_every_map_command_has_help_with_an_example(command: str) -> None:
    result = CliRunner().invoke(cli, ["map", command, "--help"])
    assert result.exit_code == 0, result.output
    assert f"Example:\n    awaw map {command} " in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80
    loaded = map_.get_command(click.Context(map_), command)
    assert loaded is not None
    assert MAP_COMMANDS[command][1] == loaded.get_short_help_str(limit=150)


def test_the_map_commands_import_no_image_library_until_they_run() -> None:
    """Pillow and numpy (the maps extra) are imported inside the map commands, never at start-up."""
    code = (
        "import sys; from click.testing import CliRunner; from replays.cli import cli; "
        "r = CliRunner().invoke(cli, ['map', '--help']); assert r.exit_code == 0, r.output; "
        "r = CliRunner().invoke(cli, ['map', 'calibrate', '--help']); assert r.exit_code == 0, r.output; "
        "print(sorted(m for m in ('PIL', 'numpy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_db_is_accepted_after_the_command_too(tmp_path: Path, game_file: Path) -> None:
    db = str(tmp_path / "after.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["import", "g", str(game_file), "--db", db]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "head", "g"]).output.endswith(" 5\n")
    assert runner.invoke(cli, ["head", "g", "--db", db]).output.endswith(" 5\n")
    # after the command wins over before it, and over AWAW_DB
    other = str(tmp_path / "other.db")
    result = runner.invoke(cli, ["--db", other, "head", "g", "--db", db], env={"AWAW_DB": other})
    assert result.output.endswith(" 5\n")
    assert runner.invoke(cli, ["head", "g"], env={"AWAW_DB": db}).output.endswith(" 5\n")
    # given before the command, --db wins over AWAW_DB too (the variable must not reach the command's own option)
    assert runner.invoke(cli, ["--db", db, "head", "g"], env={"AWAW_DB": other}).output.endswith(" 5\n")


def test_reimporting_a_copy_appends_only_the_new_events(run, game_file: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("import", "g", str(game_file))
    assert run("import", "g", str(game_file)).output == (
        "g already holds all 5 event(s) of the file; nothing was written\n"
    )
    extended = tmp_path / "extended.jsonl"
    extended.write_text(game_file.read_text() + jsonl(armor("ger-arm-2")))
    assert run("import", "g", str(extended)).output == (
        "imported 1 event(s) into g: events 6 to 6\nthe audit finds nothing wrong with it\n"
    )
    edited = tmp_path / "edited.jsonl"
    edited.write_text(game_file.read_text().replace('"dice":[3]', '"dice":[6]'))
    result = run("import", "g", str(edited))
    assert result.exit_code == 1
    assert result.output == (
        "Error: event 4: this copy parts from 'g' at event 4 (Fall 1939 Axis combat, dice_rolled): field "
        "'dice[0]': the store has 3, the file has 6; refusing to merge diverged copies\n"
    )
    assert run("head", "g").output.endswith(" 6\n")


def test_keys_given_before_the_command_win_over_awaw_keys(tmp_path: Path) -> None:
    """The keys directory named on the command line is the one used, before or after the command, whatever
    AWAW_KEYS says; the variable counts only when no --keys is given."""
    chosen, other = str(tmp_path / "mine"), str(tmp_path / "env")
    seen: list[str | None] = []

    def probe() -> None:
        seen.append(click.get_current_context().ensure_object(Context).keys_dir)

    group = keys_option(click.Group(commands={"probe": command("probe")(probe)}))
    runner = CliRunner()
    for args, expected in (
        (["--keys", chosen, "probe"], chosen),
        (["probe", "--keys", chosen], chosen),
        (["probe"], other),
    ):
        seen.clear()
        assert runner.invoke(group, args, env={"AWAW_KEYS": other}).exit_code == 0
        assert seen == [expected], args
