"""``awaw board --image``: the shipped example's board over the synthetic image of the fictional region (drawn from
known data, calibrated from five clicks). Every counter stands where the image shows its hex: its position on the
board, carried through the picture's placement, lands on the hex centre the image was drawn with; and the picture
under it is that hex's. Without --image, no picture is embedded."""

from __future__ import annotations

import base64
import io
import math
import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image

from replays.cli import cli
from replays.mapwork.fit import Affine
from tests.mapwork.kit import clicks, drawn, hex_args

ROOT = Path(__file__).resolve().parents[2]
AREA = "EUR:H30..Q45"


def run(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), *args])
    return result.exit_code, result.output


@pytest.fixture
def game(tmp_path: Path) -> Path:
    db = tmp_path / "g.db"
    code, out = run(db, "import", "g", str(ROOT / "examples" / "campaign-1939.jsonl"), "--no-audit")
    assert code == 0, out
    return db


def _units(svg: str) -> list[tuple[str, str, float, float]]:
    """Each counter drawn: its unit, its hex, and where it stands on the board."""
    found = re.findall(
        r"<g [^>]*data-unit=\"([^\"]+)\"[^>]*data-hex=\"([^\"]+)\" transform=\"translate\(([-\d.]+) ([-\d.]+)\)\"", svg
    )
    return [(u, h, float(x), float(y)) for u, h, x, y in found]


def test_the_counters_stand_on_their_hexes_of_the_image(
    game: Path, tmp_path: Path, figure: Callable[[str], None]
) -> None:
    picture = drawn(tmp_path)
    assert CliRunner().invoke(cli, ["map", "calibrate", str(picture.path), *hex_args(clicks(picture))]).exit_code == 0
    out_svg = tmp_path / "board.svg"
    code, out = run(
        game, "board", "g", "--at", "1939-fall", "--area", AREA, "--image", str(picture.path), "-o", str(out_svg)
    )
    assert code == 0, out
    svg = out_svg.read_text()
    image = re.search(
        r'<image x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" href="data:image/jpeg;base64,([^"]+)"'
        r' preserveAspectRatio="none" data-image-affine="([^"]+)"',
        svg,
    )
    assert image is not None
    x0, y0, w, h = (float(v) for v in image.groups()[:4])
    to_image = Affine(*(float(v) for v in image.group(6).split()))
    under = np.asarray(Image.open(io.BytesIO(base64.b64decode(image.group(5)))).convert("RGB"), dtype=float)
    original = np.asarray(Image.open(picture.path).convert("RGB"), dtype=float)
    units = [u for u in _units(svg) if u[1] in picture.terrain]
    assert len(units) > 10
    hex_px = picture.affine.hex_px
    worst = 0.0
    for unit, hex_id, x, y in units:
        tx, ty = picture.centre(hex_id)
        ix, iy = to_image(x, y)
        worst = max(worst, math.dist((ix, iy), (tx, ty)) / hex_px)
        # the picture under the counter is the image at the point the placement names (the warp is the placement)
        px, py = (x - x0) * under.shape[1] / w, (y - y0) * under.shape[0] / h
        shown = under[int(py) - 1 : int(py) + 2, int(px) - 1 : int(px) + 2].mean(axis=(0, 1))
        truth = original[int(iy) - 1 : int(iy) + 2, int(ix) - 1 : int(ix) + 2].mean(axis=(0, 1))
        assert np.abs(shown - truth).max() < 40, (unit, hex_id, shown, truth)
    figure(f"board over the image: {len(units)} counters, the worst {worst:.3f} hex from its hex's centre")
    assert worst < 0.25


def test_without_an_image_no_picture_is_embedded(game: Path, tmp_path: Path) -> None:
    out_svg = tmp_path / "board.svg"
    code, out = run(game, "board", "g", "--at", "1939-fall", "-o", str(out_svg))
    assert code == 0, out
    assert "<image" not in out_svg.read_text()
    code, out = run(game, "report", "g", "-o", str(tmp_path / "r.html"))
    assert code == 0, out
    assert "data:image/jpeg" not in (tmp_path / "r.html").read_text()


def test_an_image_not_calibrated_is_refused(game: Path, tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    code, out = run(game, "board", "g", "--image", str(picture.path), "-o", str(tmp_path / "b.svg"))
    assert code == 1 and "calibrate the image first" in out
    assert not (tmp_path / "b.svg").exists()


def test_the_report_draws_its_boards_over_the_image_only_when_asked(game: Path, tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    assert CliRunner().invoke(cli, ["map", "calibrate", str(picture.path), *hex_args(clicks(picture))]).exit_code == 0
    code, out = run(
        game, "report", "g", "--to", "1939-fall", "--image", str(picture.path), "-o", str(tmp_path / "r.html")
    )
    assert code == 0, out
    page = (tmp_path / "r.html").read_text()
    boards = page.count('<figure class="board"')
    assert boards > 0 and page.count("data:image/jpeg;base64,") == boards
    assert "Beneath: the map image" in page
