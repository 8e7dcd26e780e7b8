"""``awaw map edit``: the page in headless Chromium (tests/chromium.py) over a calibrated synthetic image: a person
paints a hex, clicks a hexside, confirms sampled facts in bulk and saves; the saved file is read back. And the page
needs no network, and carries the image only when asked."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.rules.geometry import Grid, hexside_key
from replays.cli import cli
from replays.maps import load_map_file
from replays.mapwork.proposing import sample_image
from replays.mapwork.synthetic import Drawn
from tests import chromium
from tests.mapwork.kit import clicks, drawn, hex_args


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["map", *args])
    return result.exit_code, result.output


@pytest.fixture
def sampled(tmp_path: Path) -> Drawn:
    """The synthetic image calibrated and sampled, its sea and forest named: a file of sampled facts."""
    picture = drawn(tmp_path)
    assert run("calibrate", str(picture.path), *hex_args(clicks(picture)))[0] == 0
    sea = next(h for h, t in sorted(picture.terrain.items()) if t == "sea")
    forest = next(h for h, t in sorted(picture.terrain.items()) if t == "forest")
    done = sample_image(picture.path, names={sea: "sea", forest: "forest"})
    assert done.text is not None
    done.output.write_text(done.text)
    return picture


def _click(page: chromium.Page, selector: str) -> None:
    """A real mouse click (pressed, released) at the middle of the element."""
    box = page.evaluate(
        f"(() => {{ const e = document.querySelector({selector!r}); e.scrollIntoView({{block: 'center', "
        "inline: 'center'}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
    )
    for kind in ("mousePressed", "mouseReleased"):
        page.call(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1},
            session=True,
        )


def _choose(page: chromium.Page, select: str, value: str) -> None:
    page.evaluate(
        f"(() => {{ const s = document.getElementById({select!r}); s.value = {value!r}; "
        "s.dispatchEvent(new Event('change')); s.dispatchEvent(new Event('input')); })()"
    )


def test_a_person_paints_clicks_confirms_and_saves(sampled: Drawn, page: chromium.Page, tmp_path: Path) -> None:
    source = tmp_path / "map.sampled.yaml"
    before = load_map_file(source).data
    code, out = run("edit", str(source), "--image", str(sampled.path))
    assert code == 0, out
    html_page = tmp_path / "map.sampled.edit.html"
    assert out.startswith(f"wrote {html_page}: ") and "(the page carries your map image)" in out
    page.load(html_page, width=1400, height=900)
    assert page.errors == []
    assert page.evaluate("document.querySelector('svg#map image').href.baseVal.startsWith('data:image/jpeg')")
    shown = page.evaluate("document.querySelectorAll('#hexes polygon').length")
    assert shown > 160
    width = page.evaluate("document.getElementById('map').getBoundingClientRect().width")
    _click(page, "#zoom-in")
    assert page.evaluate("document.getElementById('map').getBoundingClientRect().width") == pytest.approx(1.25 * width)
    # paint a clear hex as forest, and give a hexside a river
    target = next(h for h, t in sorted(sampled.terrain.items()) if t == "clear")
    _choose(page, "layer", "terrain")
    _choose(page, "value", "forest")
    _click(page, f'#hexes polygon[data-hex="{target}"]')
    # a country is a word typed; a weather zone is chosen
    _choose(page, "layer", "country")
    page.evaluate(
        "(() => { const w = document.getElementById('value-word'); w.value = 'Ruritania'; "
        "w.dispatchEvent(new Event('input')); })()"
    )
    _click(page, f'#hexes polygon[data-hex="{target}"]')
    _choose(page, "layer", "weather_zone")
    _choose(page, "value", "eastern_poland")
    _click(page, f'#hexes polygon[data-hex="{target}"]')
    lines = set(page.evaluate("[...document.querySelectorAll('#sides line')].map(l => l.dataset.between)"))
    a, b = next(
        hexside_key(h, n)
        for h in sorted(sampled.terrain)
        for n in Grid().neighbours(h)
        if "|".join(hexside_key(h, n)) in lines
        and hexside_key(h, n) not in sampled.rivers
        and sampled.terrain[h] == sampled.terrain.get(n) == "clear"
        and target not in (h, n)
    )
    _choose(page, "side-tool", "river")
    _click(page, f'#sides line[data-between="{a}|{b}"]')
    assert page.evaluate(f"document.querySelector('#sides line[data-between=\"{a}|{b}\"]').dataset.what") == "river"
    # confirm every sampled terrain at 0.9 or more
    _choose(page, "confirm-fact", "terrain")
    page.evaluate(
        "(() => { const c = document.getElementById('confidence'); c.value = '0.9'; "
        "c.dispatchEvent(new Event('input')); })()"
    )
    to_confirm = sum(
        1
        for f in before.written_hexes
        for p in f.provenance
        if p.fact == "terrain" and p.confidence >= 0.9 and f.hex != target
    )
    assert page.evaluate("document.getElementById('confirm').textContent") == f"Confirm {to_confirm}"
    _click(page, "#confirm")
    assert page.errors == []
    # save: the browser's download, under the file's own name
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    page.call("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    _click(page, "#save")
    saved = downloads / "map.sampled.yaml"
    deadline = time.monotonic() + 30
    while not saved.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert saved.exists(), list(downloads.iterdir())
    after = load_map_file(saved).data
    painted = after.hex(target)
    assert painted is not None and painted.terrain == "forest" and painted.provenance == ()  # a person's fact
    assert (painted.country, painted.weather_zone) == ("ruritania", "eastern_poland")
    river = after.hexside(a, b)
    assert river is not None and river.river == "river" and river.rules == ("map",)
    left = {f.hex for f in after.written_hexes if f.provenance}
    assert left == {f.hex for f in before.written_hexes for p in f.provenance if p.confidence < 0.9} - {target}
    assert all(after.hex(f.hex) is not None for f in before.written_hexes)  # nothing else lost
    assert page.errors == []


def test_the_page_needs_no_network_and_carries_the_image_only_when_asked(sampled: Drawn, tmp_path: Path) -> None:
    source = tmp_path / "map.sampled.yaml"
    code, out = run("edit", str(source), "-o", str(tmp_path / "plain.html"))
    assert code == 0, out and "carries your map image" not in out
    plain = (tmp_path / "plain.html").read_text()
    assert "data:image" not in plain and "<image" not in plain
    assert run("edit", str(source), "--image", str(sampled.path), "-o", str(tmp_path / "over.html"))[0] == 0
    for text in (plain, (tmp_path / "over.html").read_text()):
        assert "http://" not in text and "https://" not in text and " src=" not in text


def test_edit_refuses_what_it_cannot_open(sampled: Drawn, tmp_path: Path) -> None:
    code, out = run("edit", str(tmp_path / "none.yaml"))
    assert code == 1 and "cannot read the map-data file" in out
    other = drawn(tmp_path, "other.jpg", seed=4)
    code, out = run("edit", str(tmp_path / "map.sampled.yaml"), "--image", str(other.path))
    assert code == 1 and "calibrate the image first" in out
