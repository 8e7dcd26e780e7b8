"""The HTML game report: one self-contained page with the right numbers, checked as text and in Debian's headless
Chromium (no console error, every section and chart there, the turn stepper works, a screenshot that is not blank).
"""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import chromium
from tests.build import awaw as run

pytest.importorskip("matplotlib", reason="the report's charts need the charts extra (matplotlib)")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
EXAMPLE_EVENTS = len((EXAMPLES / "campaign-1939.jsonl").read_text().splitlines())
DISPUTED = (EXAMPLES / "disputed-turn.jsonl").read_text().splitlines()
DISPUTED_EVENTS = len(DISPUTED)
LODZ = next(n for n, line in enumerate(DISPUTED, 1) if "combat_round_resolved" in line and '"pol-2"' in line)
SIDES = ("Axis", "Allied")
SECTIONS = ["summary", "turns", "timeline", "charts", "ledgers", "branches", "audit"]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The disputed turn (one audit finding, at the Lodz combat result) with the Lodz ruling on a branch."""
    folder = tmp_path_factory.mktemp("report")
    db = folder / "game.db"
    assert run(db, "import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"))[0] == 0
    assert run(db, "branch", "disputed", "ruled")[0] == 0
    assert run(db, "import", "disputed/ruled", str(EXAMPLES / "lodz-ruling.jsonl"))[0] == 0
    page = folder / "report.html"
    code, out = run(db, "report", "disputed", "-o", str(page))
    assert code == 0, out
    return db, page


def test_the_page_is_self_contained(report: tuple[Path, Path]) -> None:
    text = report[1].read_text()
    for link in re.findall(r'(?:src|href)="([^"]*)"', text):
        assert link.startswith(("#", "data:image/png;base64,")), link
    assert "<link" not in text and "@import" not in text and "url(" not in text
    assert "http://" not in text and "https://" not in text


def test_sections_have_the_right_numbers(report: tuple[Path, Path]) -> None:
    db, page = report
    text = page.read_text()
    assert re.findall(r'<section id="([a-z]+)"', text) == SECTIONS
    assert len(re.findall(r'<tr id="event-\d+"', text)) == DISPUTED_EVENTS
    assert f'<tr id="finding-{LODZ}-0"><td class=num><a href="#event-{LODZ}">{LODZ}</a>' in text
    assert re.search(rf'<tr id="event-{LODZ}" class=has-finding>.*?href="#finding-{LODZ}-0">15\.6</a>', text)
    brp = json.loads(run(db, "state", "disputed", "--view", "brp", "--json")[1])["brp"]["powers"]
    ledger = re.search(r"<caption>Axis: BRP ledgers.*?</table>", text, re.S)
    assert ledger is not None
    available = re.search(r"<th>BRPs available</th>|<td>BRPs available</td>((?:<td class=num>\d+</td>)+)", ledger[0])
    assert available is not None
    assert re.findall(r"\d+", available[1]) == [str(brp[p]["available"]) for p in ("germany", "italy", "japan")]
    assert "disputed → disputed/ruled" in text
    branches = text.split('id="branches"')[1]
    assert "ger-inf-4 infantry 3 (full supply): EUR:M35 → eliminated (combat)" in branches  # the ruling's losses


def test_from_and_to(report: tuple[Path, Path], tmp_path: Path) -> None:
    db = report[0]
    page = tmp_path / "part.html"
    code, out = run(db, "report", "disputed", "--from", "300", "--to", "1939-fall/axis/combat", "-o", str(page))
    assert code == 0, out
    text = page.read_text()
    rows = [int(n) for n in re.findall(r'<tr id="event-(\d+)"', text)]
    assert rows[0] == 300 and rows == list(range(300, rows[-1] + 1))
    assert "Audit of events 300 to" in text
    assert run(db, "report", "disputed", "--to", "1942-spring", "-o", str(page))[0] == 2


@pytest.fixture(scope="module")
def example_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole example game (three game turns) with a branch that stops before the Norwegian landing."""
    folder = tmp_path_factory.mktemp("example-report")
    db = folder / "game.db"
    assert run(db, "import", "g", str(EXAMPLES / "campaign-1939.jsonl"))[0] == 0
    assert run(db, "branch", "g", "no-norway", "--at", "1940-spring/axis/movement")[0] == 0
    page = folder / "report.html"
    assert run(db, "report", "g", "-o", str(page))[0] == 0
    return page


@pytest.fixture
def page(tmp_path: Path) -> Iterator[chromium.Page]:
    browser = chromium.executable()
    if browser is None:
        if os.environ.get("CI"):
            pytest.fail("CI installs Debian's chromium (.ci/run); it is missing")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    opened = chromium.Page(browser, tmp_path / "profile")
    try:
        yield opened
    finally:
        opened.close()


def _screen(png: bytes) -> Any:
    from matplotlib import image

    return image.imread(io.BytesIO(png), format="png")


def test_the_report_in_headless_chromium(example_report: Path, report: tuple[Path, Path], page: chromium.Page) -> None:
    page.load(example_report)
    assert page.errors == []
    assert page.evaluate("[...document.querySelectorAll('section')].map(s => s.id)") == SECTIONS
    assert page.evaluate("document.querySelectorAll('#events tbody tr').length") == EXAMPLE_EVENTS
    assert page.evaluate("document.getElementById('summary-events-reported').textContent") == f"1 to {EXAMPLE_EVENTS}"
    audit = page.evaluate("document.getElementById('audit-result').textContent")
    assert audit.startswith(f"clean: {EXAMPLE_EVENTS} events")
    assert page.evaluate("document.querySelector('#branches h3').textContent") == "g → g/no-norway"
    images = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")
    assert images == [True, True, True, True]
    turns = page.evaluate("document.querySelectorAll('article.turn').length")
    titles = page.evaluate("[...document.querySelectorAll('article.turn h3')].map(h => h.firstChild.textContent)")
    assert [t.strip() for t in titles] == [
        *(f"{turn} {side} player turn" for turn in ("Fall 1939", "Winter 1939", "Spring 1940") for side in SIDES),
        f"Spring 1940 end of game turn (event {EXAMPLE_EVENTS})",
    ]
    assert page.evaluate("document.getElementById('position').textContent") == f"1 of {turns}"
    page.evaluate("document.getElementById('next').click()")
    assert page.evaluate("document.getElementById('position').textContent") == f"2 of {turns}"
    assert page.evaluate("[...document.querySelectorAll('article.turn')].filter(a => !a.hidden).length") == 1
    pixels = _screen(page.screenshot())
    assert pixels.shape[:2] == (900, 1280)
    assert pixels[..., :3].std() > 0.02  # text and tables, not a blank page
    assert page.errors == []
    page.load(report[1])  # the disputed turn: its finding is linked to its event
    assert page.evaluate("document.querySelector('#findings tbody tr td').textContent") == str(LODZ)
    page.evaluate("document.querySelector('#findings a').click()")
    assert page.evaluate("location.hash") == f"#event-{LODZ}"
    assert page.evaluate("document.querySelector(':target').className") == "has-finding"
    assert page.errors == []


def test_each_step_shows_the_board_with_its_units(example_report: Path, page: chromium.Page) -> None:
    """Each player turn's figure is the board at that step: every unit in play there (from ``awaw state``) drawn or
    listed once, and the units gone since the step before crossed out."""
    db = example_report.parent / "game.db"
    page.load(example_report)
    assert page.errors == []
    steps = page.evaluate(
        "[...document.querySelectorAll('article.turn')].map(a => ({seq: +a.dataset.seq, "
        "units: [...a.querySelectorAll('figure.board svg .unit:not(.gone)')].map(u => u.dataset.unit), "
        "gone: [...a.querySelectorAll('figure.board svg .unit.gone')].map(u => u.dataset.unit), "
        "hexes: a.querySelectorAll('figure.board svg use.hex').length}))"
    )
    assert len(steps) == 7
    previous: set[str] = set()
    for step in steps:
        code, out = run(db, "state", "g", "--at", str(step["seq"]), "--view", "board", "--json")
        assert code == 0, out
        units = set(json.loads(out)["board"]["units"])
        assert sorted(step["units"]) == sorted(units), step["seq"]
        assert set(step["gone"]) == previous - units  # before the first step: event 0, no units
        assert step["hexes"] == steps[0]["hexes"] > 1000  # one area for every step: the map stays still
        previous = units
    assert any(step["gone"] for step in steps)
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "an id is used twice in the page"
    shown = page.evaluate(
        "document.querySelector('article.turn:not([hidden]) figure.board svg').getBoundingClientRect().width"
    )
    assert 0 < shown <= 1280


def test_the_browser_check_catches_a_broken_page(
    report: tuple[Path, Path], page: chromium.Page, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text(report[1].read_text().replace("</body>", "<script>noSuchFunction();</script></body>"))
    page.load(broken)
    assert any("noSuchFunction" in error for error in page.errors)
