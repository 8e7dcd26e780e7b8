"""The HTML game report: one self-contained page with the right numbers, drawn in one walk, checked as text and in
Debian's headless Chromium at a phone's width (390 pixels) and a desktop's (1,600): no console error, nothing wider
than the page, every counter on each step's board at least 24 pixels across, the set-up as a step of its own, each
player turn's area of action with its changes in words, the timeline by phase, zoom and pan; screenshots of both
widths are saved in the test output directory (``AWAW_TEST_OUTPUT``, default ``tests/output``) and their paths
printed."""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from tests import chromium
from tests.build import awaw as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
EXAMPLE_EVENTS = len((EXAMPLES / "campaign-1939.jsonl").read_text().splitlines())
SETUP_EVENTS = sum('"phase":"setup"' in line for line in (EXAMPLES / "campaign-1939.jsonl").read_text().splitlines())
DISPUTED = (EXAMPLES / "disputed-turn.jsonl").read_text().splitlines()
DISPUTED_EVENTS = len(DISPUTED)
LODZ = next(n for n, line in enumerate(DISPUTED, 1) if "combat_round_resolved" in line and '"pol-2"' in line)
SIDES = ("Axis", "Allied")
SECTIONS = ["summary", "turns", "timeline", "charts", "ledgers", "branches", "audit"]
PHONE, DESKTOP = (390, 844), (1600, 1000)
OUTPUT = Path(os.environ.get("AWAW_TEST_OUTPUT") or ROOT / "tests" / "output")


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
    assert len(re.findall(r'<li id="event-\d+"', text)) == DISPUTED_EVENTS
    assert f'<tr id="finding-{LODZ}-0"><td class=num><a href="#event-{LODZ}">{LODZ}</a>' in text
    assert re.search(rf'<li id="event-{LODZ}" class=has-finding>.*?href="#finding-{LODZ}-0">15\.6</a>', text)
    assert "combat_round_resolved" not in text.split('id="audit"')[1]  # the finding's event in words
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
    rows = [int(n) for n in re.findall(r'<li id="event-(\d+)"', text)]
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


def test_the_report_is_drawn_in_one_walk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every event is folded once by the walk (no refolding per step), on a main line; the audit folds each event
    once more only when the reader's cache keeps no report of its range, and keeps them: the next report of the
    game folds every event once in all, and says what the first said."""
    from awaw_events.store import GameStore
    from projections import game as game_module
    from replays.pictures.steps import report_draw
    from replays.report import build_report

    db = tmp_path / "g.db"
    assert run(db, "import", "g", str(EXAMPLES / "campaign-1939.jsonl"), "--no-audit")[0] == 0
    pushed: list[int] = []
    original = game_module.Fold.push

    def counted(self: Any, seq: int, event: Any) -> None:
        pushed.append(seq)
        original(self, seq, event)

    monkeypatch.setattr(game_module.Fold, "push", counted)
    steps = game_module.fold_numbered
    monkeypatch.setattr(game_module, "fold_numbered", lambda *a: pytest.fail("folded again"))  # type: ignore[misc]
    store = GameStore(str(db))
    try:
        first = build_report(store, "g", draw=report_draw)
        assert sorted(pushed) == sorted([*range(1, EXAMPLE_EVENTS + 1)] * 2)  # the walk's, and the audit's
        pushed.clear()
        page = build_report(store, "g", draw=report_draw)
    finally:
        store.close()
        monkeypatch.setattr(game_module, "fold_numbered", steps)
    assert sorted(pushed) == list(range(1, EXAMPLE_EVENTS + 1))
    assert page == first
    assert page.count('<article class="turn"') == 7


def _screen(png: bytes) -> Any:
    from matplotlib import image

    return image.imread(io.BytesIO(png), format="png")


def test_the_report_in_headless_chromium(example_report: Path, report: tuple[Path, Path], page: chromium.Page) -> None:
    page.load(example_report)
    assert page.errors == []
    assert page.evaluate("[...document.querySelectorAll('section')].map(s => s.id)") == SECTIONS
    assert page.evaluate("document.querySelectorAll('ol.events li').length") == EXAMPLE_EVENTS
    assert page.evaluate("document.getElementById('summary-events-reported').textContent") == f"1 to {EXAMPLE_EVENTS}"
    audit = page.evaluate("document.getElementById('audit-result').textContent")
    assert audit.startswith(f"clean: {EXAMPLE_EVENTS} events")
    assert page.evaluate("document.querySelector('#branches h3').textContent") == "g → g/no-norway"
    images = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 0)")
    assert images == [True, True, True, True]
    turns = page.evaluate("document.querySelectorAll('article.turn').length")
    titles = page.evaluate("[...document.querySelectorAll('article.turn h3')].map(h => h.firstChild.textContent)")
    assert [t.strip() for t in titles] == [
        "Set-up",
        *(f"{turn} {side} player turn" for turn in ("Fall 1939", "Winter 1939", "Spring 1940") for side in SIDES),
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
    assert page.evaluate("document.querySelector(':target').closest('details').open")  # its phase is open
    assert page.errors == []


STEPS_JS = (
    "[...document.querySelectorAll('article.turn')].map(a => ({seq: +a.dataset.seq, setup: 'setup' in a.dataset, "
    "title: a.querySelector('h3').firstChild.textContent.trim(), "
    "units: [...a.querySelectorAll('figure.board svg .unit[data-hex]:not(.gone)')].map(u => u.dataset.unit), "
    "gone: [...a.querySelectorAll('figure.board svg .unit.gone')].map(u => u.dataset.unit), "
    "moved: [...a.querySelectorAll('figure.board svg .move')].map(m => m.dataset.unit), "
    "hexes: [...a.querySelectorAll('figure.board svg use.hex')].map(h => h.dataset.hex), "
    "changes: [...a.querySelectorAll('ul.changes li')].map(li => li.textContent)}))"
)


def test_each_step_shows_its_area_of_action_and_what_changed(example_report: Path, page: chromium.Page) -> None:
    """The set-up is a step of its own (the whole opening position, its changes folded); each player turn draws the
    area where things happened, the units in play there, its moves as arrows and its losses crossed out, and lists
    what changed in words."""
    db = example_report.parent / "game.db"
    page.load(example_report)
    assert page.errors == []
    steps = page.evaluate(STEPS_JS)
    assert len(steps) == 7
    setup, *turns = steps
    assert setup["setup"] and setup["seq"] == SETUP_EVENTS
    opening = json.loads(run(db, "state", "g", "--at", str(SETUP_EVENTS), "--view", "board", "--json")[1])
    on_map = {u for u, v in opening["board"]["units"].items() if v["location"].startswith(("EUR:", "PAC:"))}
    assert set(setup["units"]) == on_map  # the whole opening position
    assert not page.evaluate("document.querySelector('article.turn details.changes').open")  # folded
    previous = opening["board"]["units"]
    for step in turns:
        board = json.loads(run(db, "state", "g", "--at", str(step["seq"]), "--view", "board", "--json")[1])["board"]
        units = board["units"]
        assert set(step["units"]) <= set(units), step["title"]
        for unit in step["units"]:  # each drawn in the hex it stands in
            assert units[unit]["location"] in step["hexes"]
        assert set(step["gone"]) <= set(previous) - set(units)
        for unit in step["moved"]:
            assert units[unit]["location"] != previous[unit]["location"]
        assert len(step["hexes"]) < len(setup["hexes"])  # the area of action, not the whole board
        assert step["changes"] and not any("_" in c for c in step["changes"])
        previous = units
    fall_axis = turns[0]
    assert {"ger-inf-3", "ger-arm-1", "ger-arm-2"} <= set(fall_axis["moved"])  # moved, advanced, exploited
    assert "pol-inf-1" in fall_axis["gone"]
    assert "ger-inf-3 infantry: moved EUR:L32 → EUR:M34" in fall_axis["changes"]  # in the words of the views
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map(e => e.id)")
    assert len(ids) == len(set(ids)), "an id is used twice in the page"


def test_the_timeline_is_grouped_by_phase(example_report: Path) -> None:
    text = example_report.read_text()
    timeline = text.split('<section id="timeline">')[1].split("</section>")[0]
    phases = re.findall(r'<details class=phase id="phase-\d+"[^>]*><summary>([^<]+) <small>', timeline)
    lines = [json.loads(line) for line in (EXAMPLES / "campaign-1939.jsonl").read_text().splitlines()]
    spans = []
    for event in lines:
        key = (event["year"], event["season"], event.get("side"), event.get("phase"))
        if not spans or spans[-1] != key:
            spans.append(key)
    assert len(phases) == len(spans)
    assert phases[0] == "Fall 1939 setup" and "Fall 1939 Axis combat" in phases
    assert "Unit moved: ger-inf-3 moves to EUR:M34 through EUR:L33, EUR:M33 (3 MF)" in timeline
    assert "unit_moved" not in timeline


def _save(page: chromium.Page, name: str, what: str) -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / name
    path.write_bytes(page.screenshot())
    print(f"screenshot: {path}")
    chromium.SCREENSHOTS.append(f"{path}: {what}")
    return path


VISIBLE_COUNTERS_JS = (
    "(() => { const v = document.querySelector('article.turn:not([hidden]) .viewport'); "
    "if (!v) { return []; } const b = v.getBoundingClientRect(); "
    "return [...v.querySelectorAll('g.unit[data-hex]')].map(u => u.getBoundingClientRect())"
    ".filter(r => r.width > 0 && r.right > b.left && r.bottom > b.top && r.left < b.right && r.top < b.bottom)"
    ".map(r => r.width); })()"
)


@pytest.mark.parametrize(("width", "height"), [PHONE, DESKTOP], ids=["phone-390", "desktop-1600"])
def test_the_report_reads_on_a_phone_and_a_desktop(
    example_report: Path, page: chromium.Page, width: int, height: int
) -> None:
    """At 390 and 1,600 pixels: nothing wider than the page, every counter on each step's board at least 24 pixels
    across, the zoom and pan work; a screenshot of each width is saved and its path printed."""
    page.load(example_report, width=width, height=height)
    assert page.errors == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    steps = page.evaluate("document.querySelectorAll('article.turn').length")
    shown = 0
    for number in range(steps):
        page.evaluate("document.querySelector('article.turn:not([hidden]) figure.board').scrollIntoView()")
        sizes = page.evaluate(VISIBLE_COUNTERS_JS)
        assert all(s >= 24 for s in sizes), (number, min(sizes))
        shown += len(sizes)
        if number == 1:
            _save(page, f"report-{width}.png", f"the report at {width} pixels, its second step")
            assert _screen(page.screenshot())[..., :3].std() > 0.02
        page.evaluate("document.getElementById('next').click()")
    assert shown > steps  # counters were on the boards shown
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.load(example_report, width=width, height=height)
    view = "document.querySelector('article.turn:not([hidden]) svg').getAttribute('viewBox')"
    before = page.evaluate(view)
    page.evaluate("document.querySelector('article.turn:not([hidden]) [data-zoom=in]').click()")
    zoomed = page.evaluate(view)
    assert float(zoomed.split()[2]) < float(before.split()[2])
    page.evaluate("document.querySelector('article.turn:not([hidden]) [data-zoom=all]').click()")
    assert float(page.evaluate(view).split()[2]) > float(zoomed.split()[2])
    assert page.errors == []


def test_the_browser_check_catches_a_broken_page(
    report: tuple[Path, Path], page: chromium.Page, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.html"
    broken.write_text(report[1].read_text().replace("</body>", "<script>noSuchFunction();</script></body>"))
    page.load(broken)
    assert any("noSuchFunction" in error for error in page.errors)
