"""The README's "Seeing the game" and "Shell completion": the commands it shows do what it says."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _section(title: str) -> str:
    start = README.index(f"### {title}\n")
    end = README.index("\n### ", start + 1)
    return README[start:end]


def _blocks(text: str) -> list[str]:
    return re.findall(r"```(?:sh)?\n(.*?)```", text, re.S)


def test_the_state_view_shown_is_what_the_command_prints(tmp_path: Path) -> None:
    commands, shown = _blocks(_section("Seeing the game"))[:2]
    words = shlex.split(commands.split("#")[0])
    assert words[:2] == ["awaw", "state"]
    db = str(tmp_path / "awaw.db")
    runner = CliRunner()
    imported = runner.invoke(cli, ["--db", db, "import", "campaign-1939", str(ROOT / "examples/campaign-1939.jsonl")])
    assert imported.exit_code == 0
    result = runner.invoke(cli, ["--db", db, *words[1:]], env={"COLUMNS": None})
    assert result.exit_code == 0, result.output
    printed = [line.rstrip() for line in result.output.splitlines()]
    lines = [line.rstrip() for line in shown.splitlines() if line.strip()]
    start = printed.index(lines[0])
    assert [line for line in printed[start:] if line][: len(lines)] == lines


def test_the_chart_shown_is_what_the_command_draws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    image = pytest.importorskip("matplotlib.image", reason="the charts extra (matplotlib) is not installed")
    section = _section("Seeing the game")
    commands = next(b for b in _blocks(section) if "awaw plot" in b).splitlines()
    plot = shlex.split(next(c for c in commands if c.startswith("awaw plot")))
    picture = re.search(r"!\[[^\]]+\]\((docs/[^)]+\.png)\)", section)
    assert picture is not None and picture[1] == plot[plot.index("-o") + 1]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    runner = CliRunner()
    assert runner.invoke(cli, ["import", "campaign-1939", str(ROOT / "examples/campaign-1939.jsonl")]).exit_code == 0
    result = runner.invoke(cli, plot[1:])
    assert result.exit_code == 0, result.output
    drawn = image.imread(io.BytesIO((tmp_path / picture[1]).read_bytes()), format="png")
    shipped = image.imread(io.BytesIO((ROOT / picture[1]).read_bytes()), format="png")
    assert drawn.shape == shipped.shape
    assert abs(drawn - shipped).mean() < 0.01  # the same chart (fonts may render a hair apart elsewhere)
    assert shipped[..., :3].std() > 0.05
    for other in ("report", "materialize"):
        line = shlex.split(next(c for c in commands if c.startswith(f"awaw {other}")))
        assert runner.invoke(cli, line[1:]).exit_code == 0
    assert '<section id="charts">' in (tmp_path / "report.html").read_text()
    metadata = json.loads((tmp_path / "game.metadata.json").read_text())
    queries = metadata["databases"]["game"]["queries"]
    titles = {q["title"] for q in queries.values()}
    assert titles == {
        "BRP ledger of one power",
        "All findings",
        "Units in a hex at a point",
        "Attacks and their rounds",
        "Search notes, the chronicle and citations",
    }
    readme = " ".join(section.split()).lower()
    assert all(f'"{t.lower()}"' in readme for t in titles), titles  # the README names each


def test_the_board_shown_is_what_the_command_draws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's board is what its command draws today, at the end of the example's first game turn, with every
    unit in play there in its hex."""
    section = _section("Seeing the game")
    line = next(b for b in _blocks(section) if "awaw board" in b).strip()
    words = shlex.split(line)
    assert words[:2] == ["awaw", "board"] and "\n" not in line
    picture = re.search(r"!\[[^\]]+\]\((docs/[^)]+\.svg)\)", section)
    assert picture is not None and picture[1] == words[words.index("-o") + 1]
    assert section.index(line) < section.index(picture[0]) < section.index("The economy over time")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    runner = CliRunner()
    assert runner.invoke(cli, ["import", "campaign-1939", str(ROOT / "examples/campaign-1939.jsonl")]).exit_code == 0
    result = runner.invoke(cli, words[1:])
    assert result.exit_code == 0, result.output
    shipped = (ROOT / picture[1]).read_text()
    assert (tmp_path / picture[1]).read_text() == shipped, "regenerate the README's board: " + line

    at = words[words.index("--at") + 1]
    found = json.loads(runner.invoke(cli, ["state", "campaign-1939", "--at", at, "--view", "board", "--json"]).output)
    events = [json.loads(e) for e in (ROOT / "examples/campaign-1939.jsonl").read_text().splitlines()]
    first = next(e for e in events if e.get("phase") != "setup")  # the first event of the first game turn
    turn = (first["year"], first["season"])
    assert found["at_event"] == max(n for n, e in enumerate(events, 1) if (e["year"], e["season"]) == turn)
    assert found["game_time"].endswith("end of game turn")
    svg = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(shipped)
    hexes = {u.get("data-hex"): (u.get("x"), u.get("y")) for u in root.iter(f"{svg}use")}
    drawn = {}
    for g in root.iter(f"{svg}g"):
        if "unit" in g.get("class", "").split():
            drawn[g.get("data-unit")] = g.get("data-hex") or g.get("data-location")
            if g.get("data-hex"):
                x, y = re.findall(r"[-\d.]+", g.get("transform", ""))[:2]
                assert (x, y) == hexes[g.get("data-hex")]
    assert drawn == {k: u["location"] for k, u in found["board"]["units"].items()}


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_as_the_readme_shows(shell: str) -> None:
    lines = _blocks(_section("Shell completion"))[0].splitlines()
    line = next(line for line in lines if f"{shell}_source" in line)
    variable, _, value = re.search(r"(_AWAW_COMPLETE=\w+)", line)[1].partition("=")  # type: ignore[index]
    source = CliRunner().invoke(cli, [], prog_name="awaw", env={variable: value})
    assert source.exit_code == 0
    assert "awaw" in source.output and "_AWAW_COMPLETE" in source.output
    where = "sta" if shell == "fish" else "1"  # fish passes the word being completed, bash and zsh its index
    env = {"_AWAW_COMPLETE": f"{shell}_complete", "COMP_WORDS": "awaw sta", "COMP_CWORD": where}
    completed = CliRunner().invoke(cli, [], prog_name="awaw", env={**os.environ, **env})
    assert "state" in completed.output
