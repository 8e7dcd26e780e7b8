"""The README's disputed turn: the audit finds the wrong CRT result, the ruling settles it (issue 3 and 6)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from replays.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def test_the_shipped_files_are_what_the_script_makes() -> None:
    names = ("disputed-turn.jsonl", "lodz-ruling.jsonl", "lodz-fix.jsonl")
    before = {name: (EXAMPLES / name).read_bytes() for name in names}
    subprocess.run([sys.executable, str(EXAMPLES / "make_disputed_turn.py")], check=True, capture_output=True)
    assert {name: (EXAMPLES / name).read_bytes() for name in before} == before


def test_audit_then_ruling(tmp_path: Path) -> None:
    db = str(tmp_path / "d.db")

    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, ["--db", db, *args], catch_exceptions=False)
        return result.exit_code, result.output

    assert run("import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"))[0] == 0
    code, out = run("audit", "disputed", "--from", "1939-fall/axis/combat", "--to", "1939-fall/axis/combat", "--json")
    assert code == 1
    report = json.loads(out)
    assert [(f["seq"], f["rule"], f["expected"], f["recorded"]) for f in report["findings"]] == [
        (321, "15.6", "Ex", "D")
    ]
    board_before = json.loads(run("state", "disputed", "--view", "board", "--json")[1])["board"]["units"]
    assert "ger-inf-4" in board_before

    assert run("import", "disputed", str(EXAMPLES / "lodz-ruling.jsonl"))[0] == 0
    code, out = run("audit", "disputed", "--from", "1939-fall/axis/combat", "--json")
    assert code == 0, out
    assert json.loads(out)["clean"]
    board_after = json.loads(run("state", "disputed", "--view", "board", "--json")[1])["board"]
    assert "ger-inf-4" not in board_after["units"]
    assert board_after["eliminated"]["ger-inf-4"]["cause"] == "combat"
    rows = [json.loads(line) for line in run("log", "disputed", "--json")[1].splitlines()]
    assert rows[320]["voided_by"] == 330
    assert rows[330]["replaces"] == [321]


def test_a_copy_that_parts_from_the_stored_game_names_the_field_and_both_values(tmp_path: Path) -> None:
    """The example game holds Ex at Lodz; the disputed copy says D there: the import names the event, the field and
    both values, and writes nothing."""
    db = str(tmp_path / "d.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "import", "g", str(EXAMPLES / "campaign-1939.jsonl")]).exit_code == 0
    result = runner.invoke(cli, ["--db", db, "import", "g", str(EXAMPLES / "disputed-turn.jsonl")])
    assert result.exit_code == 1
    assert (
        "this copy parts from 'g' at event 321 (Fall 1939 Axis combat, combat_round_resolved): field 'result': "
        'the store has "Ex", the file has "D"; refusing to merge diverged copies'
    ) in result.output
    recorded = len((EXAMPLES / "campaign-1939.jsonl").read_bytes().splitlines())
    assert runner.invoke(cli, ["--db", db, "head", "g"]).output.endswith(f" {recorded}\n")  # nothing was written


def test_a_difference_deep_in_an_event_names_its_path() -> None:
    from awaw_events.codec import first_difference, parse_json_event

    lines = (EXAMPLES / "campaign-1939.jsonl").read_text().splitlines()
    losses = next(line for line in lines if '"combat_losses_taken"' in line and '"pol-2"' in line)
    a = parse_json_event(losses)
    b = parse_json_event(losses.replace('{"unit":"ger-inf-5","factors":3}', '{"unit":"ger-inf-5","factors":2}'))
    found = first_difference(a, b)
    assert found is not None and (found.field, found.first, found.second) == ("losses[1].factors", "3", "2")
    assert first_difference(a, a) is None
    other = parse_json_event(lines[0])
    assert first_difference(a, other) == ("type", '"combat_losses_taken"', '"game_created"')
