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
    before = {name: (EXAMPLES / name).read_bytes() for name in ("disputed-turn.jsonl", "lodz-ruling.jsonl")}
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
