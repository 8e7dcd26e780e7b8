"""The README's "At the table" (issue 11, item 6): one player turn of the example played with the verbs alone, in a
terminal, as a user would: every line of the README's walk-through is typed, every question answered (yes to each
append, the physical die when asked), and the turn audits clean."""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DICE = {"pol-1": "6"}
"""The physical die the player rolls for each attack (the README's transcript shows die 6)."""

QUESTIONS = [
    r"Append these events\? \[[Yy]/[Nn]\]: ",
    r"Roll and append\? \[[Yy]/[Nn]\]: ",
    r"die for roll #\d+ \(1-6\): ",
]


def walkthrough() -> list[str]:
    """The commands of the README's "At the table" walk-through (its first ``sh`` block), comments dropped."""
    start = README.index("### At the table\n")
    block = README.index("```sh\n", start) + len("```sh\n")
    end = README.index("```", block)
    return [line.split("  #")[0].strip() for line in README[block:end].splitlines() if line.strip()]


def type_in(command: str, env: dict[str, str]) -> tuple[int, str]:
    """Run one command in a terminal, answering its questions; its exit code and what it printed."""
    argv = shlex.split(command)
    assert argv[0] == "awaw"
    child = pexpect.spawn(
        sys.executable, ["-m", "replays", *argv[1:]], cwd=str(ROOT), env=env, encoding="utf-8", timeout=120,
        dimensions=(50, 200),
    )  # fmt: skip
    attack = argv[3] if len(argv) > 3 and argv[1] == "attack" else None  # awaw attack GAME ATTACK ...
    seen: list[str] = []
    while True:
        found = child.expect([*QUESTIONS, pexpect.EOF])
        seen.append(child.before if isinstance(child.before, str) else "")
        if found == len(QUESTIONS):
            break
        seen.append(str(child.after))
        child.sendline(DICE[attack] if found == 2 and attack is not None else "y")
    child.close()
    return child.exitstatus, "".join(seen).replace("\r\n", "\n")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_one_player_turn_played_with_the_verbs_alone(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "AWAW_DB": str(tmp_path / "club.db"),
        "AWAW_KEYS": str(tmp_path / "keys"),
        "NO_COLOR": "1",
        "TERM": "dumb",
        "COLUMNS": "200",
    }
    commands = walkthrough()
    assert commands[0].startswith("awaw new club --setup examples/setup-1939.yaml")
    assert commands[-1].startswith("awaw audit club")
    verbs = {shlex.split(c)[1] for c in commands}
    assert {"move", "attack", "losses", "advance", "build", "redeploy", "spend", "end-phase"} <= verbs
    said: list[str] = []
    for command in commands:
        code, output = type_in(command, env)
        said.append(output)
        assert code == 0, f"{command}\n{output}"
    transcript = "\n".join(said)
    assert "then: 23 against 8, the 2:1 column; roll #1 and read the CRT (15.6)" in transcript
    # the preview's exact chances, as the README shows them (awaw odds on the declared attack)
    start = README.index("then: 23 against 8, the 2:1 column")
    shown = README[start : README.index("Roll and append?", start)].strip().splitlines()
    assert all(line.strip() in transcript for line in shown), shown
    assert "pol-1 round 1: 23 against 8 is 2:1; die 6 (#1) reads D" in transcript
    assert re.search(r"club: clean \(\d+ events checked by \d+ checks", said[-1]), said[-1]
