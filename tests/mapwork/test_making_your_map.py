"""The README's "Making your map" walk, run as it is written: from a fictional VASSAL module (tests/mapwork/kit.py's
region drawn as its board image, with a hex grid and a numbering that names the hexes as printed; never the AWAW
map) to a checked map file. Each ``awaw`` line the section shows is run here on the module (the two that name
the pixels and hexes of the reader's own image are parsed, not run), the legend is named as a person would, the
sampled facts are confirmed and saved in the editor in headless Chromium, ``awaw map check`` reads the saved file,
and a game starts on it and draws its board over the image. The figures the section gives for the module are
those of this walk."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from replays.cli import cli
from replays.maps import load_map_file, shipped_map_data
from replays.mapwork.legend import parse_legend
from replays.mapwork.synthetic import Drawn, name_legend, vassal_module
from tests import chromium
from tests.mapwork.kit import fictional_region, rule_texts_lost

ROOT = Path(__file__).resolve().parents[2]
SHOWN_ONLY = {
    "awaw map calibrate europe.jpg": "a scan: its pixels are those of the reader's image",
    "awaw map sample AWAW.vmod --name": "pointing at hexes of the reader's map (tests/mapwork/test_sample.py)",
}
"""The lines the walk parses but does not run (by how they start), and why."""


def _section() -> str:
    text = (ROOT / "README.md").read_text()
    start = text.index("### Making your map\n")
    return text[start : text.index("\n### ", start + 1)]


def _commands(section: str) -> list[list[str]]:
    """Every ``awaw`` line of the section's ``sh`` blocks, comments off."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", section, flags=re.S):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line.split("#")[0])
            if words:
                assert words[0] == "awaw", line
                found.append(words[1:])
    return found


def _shown_only(words: list[str]) -> bool:
    line = " ".join(["awaw", *words])
    return any(line.startswith(start) for start in SHOWN_ONLY)


def _run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, f"awaw {' '.join(args)}:\n{result.output}"
    return result.output


def _confirm_all_and_save(page: chromium.Page, html: Path, downloads: Path) -> Path:
    """What the person does in the page: every sampled fact confirmed (of all facts, at any confidence), saved."""
    page.load(html, width=1400, height=900)
    assert page.errors == []
    page.evaluate(
        "(() => { const s = document.getElementById('confirm-fact'); s.value = 'all'; "
        "s.dispatchEvent(new Event('change')); const c = document.getElementById('confidence'); c.value = '0'; "
        "c.dispatchEvent(new Event('input')); document.getElementById('confirm').click(); })()"
    )
    assert page.evaluate("document.getElementById('sampled-count').textContent") == "0"
    downloads.mkdir()
    page.call("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page.evaluate("document.getElementById('save').click()")
    saved = downloads / "AWAW.sampled.yaml"
    deadline = time.monotonic() + 30
    while not saved.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert saved.exists(), list(downloads.iterdir())
    assert page.errors == []
    return saved


def _parse(words: list[str]) -> None:
    """Parse a command line as ``awaw`` would, down to its subcommand, without running it (an unknown command or
    option, or a missing argument, raises)."""
    import click

    command: click.Command = cli
    context = cli.make_context("awaw", [], resilient_parsing=True)
    rest = list(words)
    while isinstance(command, click.Group):
        found = command.get_command(context, rest[0])
        assert found is not None, f"no command {rest[0]!r} in awaw {' '.join(words)}"
        command, rest = found, rest[1:]
        context = command.make_context(command.name or "", [], parent=context, resilient_parsing=True)
    command.make_context(command.name or "", rest, parent=context.parent)


def test_every_line_the_section_shows_is_a_command_that_exists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _commands(_section())
    assert len(commands) >= 9
    for words in commands:
        for word in words:
            if word.endswith((".vmod", ".jpg", ".yaml")):
                (tmp_path / word).touch()  # the files it names are there: only the command line is read
        _parse(words)
    for start in SHOWN_ONLY:
        assert any(" ".join(["awaw", *w]).startswith(start) for w in commands), start
    with pytest.raises(click.UsageError):
        _parse(["map", "check", "AWAW.sampled.yaml", "--no-such-option"])


def test_the_walk_from_a_vassal_module_to_a_checked_map_file(
    page: chromium.Page, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    terrain, rivers = fictional_region()
    drawn: Drawn = vassal_module(terrain, rivers, tmp_path / "AWAW.vmod")
    section = _section()
    ran: list[str] = []
    said: dict[str, str] = {}
    legend_lines = 0
    for words in _commands(section):
        if _shown_only(words):
            continue
        if words[:2] == ["map", "edit"]:
            said["edit"] = _run(*words)
            saved = _confirm_all_and_save(page, tmp_path / "AWAW.sampled.edit.html", tmp_path / "downloads")
            saved.replace(tmp_path / "AWAW.sampled.yaml")  # the saved file, where the person keeps it
        else:
            said[" ".join(words[:2])] = _run(*words)
        ran.append(" ".join(words[:2]))
        if words[:2] == ["map", "sample"] and (tmp_path / "AWAW.legend").exists() and not legend_lines:
            legend = tmp_path / "AWAW.legend"
            legend.write_text(name_legend(legend.read_text(), drawn))  # the person names each colour once
            legend_lines = sum(1 for e in parse_legend(legend.read_text()) if e.kind != "grid")
            said["map sample"] = _run(*words)  # and runs it again, as the section says
    assert ran[:3] == ["map calibrate", "map sample", "map edit"], ran
    assert {"map check", "new GAME", "board GAME", "report GAME"} <= set(ran), ran
    assert ran.index("map check") < ran.index("new GAME")
    assert (tmp_path / "AWAW.grid.json").exists()
    # the sampled file proposed the drawn terrain and rivers, every fact marked sampled
    assert f"terrain of {len(terrain)} hexes, {len(rivers)} river hexsides" in said["map sample"]
    # the saved file: every fact the drawing shows, confirmed by the person
    data = load_map_file(tmp_path / "AWAW.sampled.yaml").data
    shipped = shipped_map_data().data
    given = {f.hex: f.terrain for f in shipped.written_hexes if f.terrain is not None}  # the rule texts' (C45 lake)
    assert {f.hex: f.terrain for f in data.written_hexes if f.terrain is not None} == terrain | given
    # and the rule texts' facts beside them, each with its rules
    assert rule_texts_lost(data) == []
    assert {s.between for s in data.written_hexsides if s.river == "river"} == set(rivers)
    assert all(not f.provenance for f in data.written_hexes) and all(not s.provenance for s in data.written_hexsides)
    # the check reads it: complete terrain, none sampled, and the movement rules unlocked
    check = said["map check"]
    # terrain over every hex the file describes: the drawn ones, and the rule texts' hexes off the image (the
    # module draws 160 hexes of a mapboard, the rule texts name hexes all over it; only C45's terrain is a rule's)
    eur = {h for h in terrain if h.startswith("EUR:")}
    n = len(eur) + len({h for h in given if h.startswith("EUR:")} - eur)
    of = len(eur | {f.hex for f in shipped.written_hexes if f.hex.startswith("EUR:")})
    assert re.search(rf"^  terrain +{n} of {of} \(", check, flags=re.M), check
    assert "every one is here, and none is contradicted" in check
    assert "sampled, unconfirmed" not in check
    unlocked = re.search(r"^Rules this file unlocks \((\d+) checks\)", check, flags=re.M)
    assert unlocked is not None and int(unlocked.group(1)) > 0, check
    assert " movement_cost: terrain " in check and " bridgehead_river: hexside " in check
    # the README's figures for this module are this walk's
    shown = " ".join(section.split())
    assert f"for its {len(terrain)} hexes" in shown
    assert f"{legend_lines} legend lines to name" in shown
    kept = re.search(r"and the rule texts' (\d+) facts, confirmed, with their rules", said["map sample"])
    assert kept is not None and f"the {kept.group(1)} facts of Lake Ladoga" in shown, said["map sample"]
    assert f"{len(terrain)}/{len(terrain)} terrain, {len(rivers)}/{len(rivers)} river hexsides" in shown
    # the game records the file; its board and report carry the image, as asked
    assert "map data: AWAW-sampled version 1" in said["new GAME"]
    assert (tmp_path / "board.svg").read_text().count("data:image/") == 1
    assert "data:image/" in (tmp_path / "report.html").read_text()
