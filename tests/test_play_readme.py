"""The README's "A staged turn": the example's Fall 1939 Axis turn played through ``awaw play`` in a terminal, as
typed (Tab and every answer included), with an undo of a move and of an attack before its roll; every byte sent is
counted and printed, and must be at most a third of the 1,084 characters the verbs alone take."""

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
VERBS_ALONE = 1084
"""The characters of the README's "At the table" walk-through with the verbs alone (each command and its Enter)."""

PROMPT = r"club [a-z0-9 ]+>"


def section() -> str:
    start = README.index("### A staged turn\n")
    return README[start : README.index("\n### ", start + 1)]


def blocks() -> tuple[list[str], list[tuple[str, str | None]], list[str]]:
    """The shell lines before the prompt, the prompt's lines (what is typed, and the question it answers, if it
    answers one), and the shell lines after."""
    found = re.findall(r"```(\w+)\n(.*?)```", section(), flags=re.S)
    (_, before), (_, typed), (_, after) = found[:3]
    lines: list[tuple[str, str | None]] = []
    for line in typed.splitlines():
        text, _, comment = line.partition("  #")
        question = comment.strip()[2:].split(":")[0] if comment.strip().startswith("? ") else None
        lines.append((text.rstrip().replace("<Tab>", "\t"), question))
    return before.strip().splitlines(), lines, [a.split("  #")[0].strip() for a in after.strip().splitlines()]


def test_the_verbs_alone_take_the_characters_the_readme_says() -> None:
    start = README.index("### At the table\n")
    block = README.index("```sh\n", start) + len("```sh\n")
    lines = [line.split("  #")[0].strip() for line in README[block : README.index("```", block)].splitlines()]
    assert sum(len(line) + 1 for line in lines if line) == VERBS_ALONE


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_the_axis_turn_through_awaw_play_in_a_third_of_the_typing(tmp_path: Path) -> None:
    env = {**os.environ, "AWAW_DB": str(tmp_path / "club.db"), "AWAW_KEYS": str(tmp_path / "keys"),
           "NO_COLOR": "1", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "80"}  # fmt: skip
    before, typed, after = blocks()
    sent = 0
    said: list[str] = []

    def shell(command: str) -> str:
        nonlocal sent
        sent += len(command) + 1  # the command and its Enter
        argv = shlex.split(command)
        child = pexpect.spawn(sys.executable, ["-m", "replays", *argv[1:]], cwd=str(ROOT), env=env,
                              encoding="utf-8", timeout=180, dimensions=(40, 80))  # fmt: skip
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0, child.before
        return str(child.before)

    new, start = before
    shell(new)
    sent += len(start) + 1
    argv = shlex.split(start)
    child = pexpect.spawn(sys.executable, ["-m", "replays", *argv[1:]], cwd=str(ROOT), env=env, encoding="utf-8",
                          timeout=180, dimensions=(40, 80))  # fmt: skip
    for text, question in typed:
        child.expect(re.escape(question) if question else PROMPT)
        said.append(str(child.before))
        child.send(text + "\r")
        sent += len(text) + 1
        if text == "q":
            break
    child.expect(pexpect.EOF)
    said.append(str(child.before))
    child.close()
    transcript = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", "".join(said))
    assert child.exitstatus == 0, transcript
    assert "staged: w germany poland" in transcript
    assert "undone: m ger-inf-3 EUR:M33" in transcript  # the undo of a move
    assert "undone: a EUR:L34 from EUR:K34 ger-inf-1 ger-inf-2" in transcript  # an attack before its roll
    assert "23 against 8: the 2:1 column" in transcript  # the attack preview's odds
    assert "defender eliminated 97.2 %, breakthrough 97.2 %" in transcript
    assert "l34-1 round 1: 23 against 8 is 2:1; die 6 (#1) reads D" in transcript
    assert "Breakthrough created: " in transcript and "the audit finds nothing" in transcript
    audit = shell(after[0])
    assert re.search(r"club: clean \(\d+ events checked by \d+ checks", audit), audit
    print(f"\ncharacters typed through awaw play: {sent} (the verbs alone: {VERBS_ALONE})")
    assert sent <= VERBS_ALONE // 3
    assert f"{sent} characters in all" in README  # the README says what the test counts
