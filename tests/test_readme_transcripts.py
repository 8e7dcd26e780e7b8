"""The README's disputed turn shows what the commands print: each transcript there is the output of the command
above it, run here on the shipped files (so a count of checks or a figure cannot go stale)."""

from __future__ import annotations

import itertools
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def _section(title: str) -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index(f"### {title}\n")
    end = text.index("\n### ", start + 1)
    return text[start:end]


def _pairs(section: str) -> list[tuple[list[list[str]], str]]:
    """Each ``sh`` block whose next block is a bare transcript: its commands (continuations joined, comments off)
    and the output of the last."""
    blocks = re.findall(r"```(\w*)\n(.*?)```", section, flags=re.S)
    found = []
    for (kind, commands), (next_kind, output) in itertools.pairwise(blocks):
        if kind == "sh" and next_kind == "":
            lines = commands.replace("\\\n", " ").strip().splitlines()
            found.append(([shlex.split(line.split("#")[0]) for line in lines], output))
    return found


def _words(text: str) -> list[str]:
    """What a transcript says, whatever the width it was printed at: its words, table rules left out."""
    return [w for w in text.split() if w.strip("─")]


def _same(printed: str, shown: str) -> str | None:
    """None when the README shows what the command prints, else where they part."""
    ours, theirs = _words(printed), _words(shown)
    for n, (a, b) in enumerate(zip(ours, theirs, strict=False)):
        if a != b:
            readme, command = " ".join(theirs[n : n + 8]), " ".join(ours[n : n + 8])
            return f"word {n}: the README shows {readme!r}, the command prints {command!r}"
    return None if len(ours) == len(theirs) else f"the README shows {len(theirs)} words, the command prints {len(ours)}"


def test_the_disputed_turn_prints_what_the_readme_shows(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").symlink_to(EXAMPLES)
    # the commands run as written, with the files that ship: nothing is made here for them
    runner = CliRunner()
    pairs = _pairs(_section("Settling a disputed turn"))
    assert len(pairs) >= 2  # the audit that finds the fault, the ruling that settles it
    for commands, shown in pairs:
        for words in commands:
            assert words[0] == "awaw", words
            result = runner.invoke(cli, ["--db", "g.db", *words[1:]], terminal_width=200)
        assert _same(result.output, shown) is None, " ".join(words)
