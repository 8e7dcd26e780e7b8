"""``awaw map calibrate IMAGE --hex ...``: the grid file, the figures it prints, and a hostile user's mistakes (each
refused with nothing written). The image is synthetic (tests/mapwork/kit.py), never the AWAW map."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.rules.geometry import parse, rectangle
from replays.cli import cli
from replays.mapwork.calibration import calibrate_image
from replays.mapwork.grids import default_path, read_grid
from tests.mapwork.kit import REGION, clicks, drawn, hex_args


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["map", *args])
    return result.exit_code, result.output


def test_turned_3_degrees_and_scaled_0_7_every_hex_centre_lands_within_a_quarter_hex(
    tmp_path: Path, figure: Callable[[str], None]
) -> None:
    picture = drawn(tmp_path, rotate=3.0, scale=0.7)
    done = calibrate_image(picture.path, clicks(picture))
    fit = done.fits["EUR"]
    hex_px = fit.affine.hex_px
    errors = [math.dist(fit.centre(h), picture.centre(h)) / hex_px for h in rectangle(REGION)]
    figure(f"calibration, 3 degrees and 0.7: worst hex centre {max(errors):.3f} hex off, RMS {fit.rms:.3f}")
    assert max(errors) < 0.25
    assert fit.affine.rotation == pytest.approx(3.0, abs=0.5)
    assert hex_px == pytest.approx(picture.affine.hex_px, rel=0.02)


def test_calibrate_writes_the_grid_file_beside_the_image(tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    code, out = run("calibrate", str(picture.path), *hex_args(clicks(picture)))
    assert code == 0, out
    grid_path = tmp_path / "map.grid.json"
    assert grid_path == default_path(picture.path)
    assert out.splitlines()[0] == f"wrote {grid_path} (the grid of {picture.path}, {picture.size[0]}x{picture.size[1]})"
    assert out.splitlines()[1].startswith("  EUR: 5 points, RMS residual 0.0")
    grid = read_grid(grid_path)
    assert grid.image.file == "map.jpg"  # beside it: the grid file moves with the image
    assert (grid.image.width, grid.image.height) == picture.size
    assert [p.hex for p in grid.maps[0].points] == [p.hex for p in clicks(picture)]
    assert b"JFIF" not in grid_path.read_bytes() and grid_path.stat().st_size < 4000  # no pixel of the image
    code, out = run(
        "calibrate", str(picture.path), *hex_args(clicks(picture)), "--json", "-o", str(tmp_path / "g.json")
    )
    data = json.loads(out)
    assert data["grid_file"] == str(tmp_path / "g.json")
    assert data["maps"][0]["map"] == "EUR" and data["maps"][0]["rms"] < 0.1


def test_a_wrong_click_is_refused_naming_it_and_nothing_is_written(tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    points = clicks(picture)
    wrong = points[4]._replace(hex="EUR:L39")  # the hex beside the one clicked
    code, out = run("calibrate", str(picture.path), *hex_args([*points[:4], wrong]))
    assert code == 1
    assert "Error: the hexes given for EUR disagree: RMS residual" in out
    assert "the worst is EUR:L39=" in out
    assert not (tmp_path / "map.grid.json").exists()


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--hex", "EUR:A23"], 2, "expected MAP:HEX=X,Y"),
        (["--hex", "EUR:H36=10,10", "--hex", "EUR:Q45=20,20"], 1, "EUR has 2 hex(es) given"),
        (["--hex", "EUR:H36=10,10", "--hex", "EUR:Q45=20,20", "--hex", "EUR:Q30=99999,5"], 1, "is outside"),
        (["--board", "Europe", "--hex", "EUR:H36=10,10"], 2, "--board and --map are for a VASSAL module"),
        ([], 1, "no hexes given"),
    ],
)
def test_careless_calls_are_refused(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    picture = drawn(tmp_path)
    got, out = run("calibrate", str(picture.path), *args)
    assert got == code and message in out, out
    assert not (tmp_path / "map.grid.json").exists()


def test_not_an_image_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.jpg").write_text("not a picture")
    code, out = run("calibrate", str(tmp_path / "notes.jpg"), "--hex", "EUR:A1=1,1")
    assert code == 1 and "is not an image Pillow can read" in out
    code, out = run("calibrate", str(tmp_path / "none.png"), "--hex", "EUR:A1=1,1")
    assert code == 1 and "no such file" in out


def test_a_grid_file_edited_by_hand_is_refused(tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    calibrated = calibrate_image(picture.path, clicks(picture))
    path = tmp_path / "g.grid.json"
    from replays.mapwork.grids import GridError, encode

    text = encode(calibrated.grid).decode().replace('"as_european"', '"sideways"', 1)
    path.write_text(text)
    with pytest.raises(GridError, match="is not a grid file"):
        read_grid(path)
    with pytest.raises(GridError, match="calibrate the image first"):
        read_grid(tmp_path / "missing.grid.json")


@pytest.mark.parametrize("drawn_as", ["as_european", "mirrored"])
def test_the_pacific_image_settles_map_pacific_grid(tmp_path: Path, drawn_as: str) -> None:
    """A Pacific map drawn under either reading of map.pacific_grid: the fit finds the one it shows, says so, and the
    grid file records it; forcing the other is refused (its hexes would not be regular)."""
    from replays.mapwork.synthetic import render

    terrain = {h: "sea" if parse(h).col % 3 else "clear" for h in rectangle("PAC:K20..P30")}
    picture = render(terrain, (), tmp_path / "pacific.jpg", grid=drawn_as)  # type: ignore[arg-type]
    points = clicks(picture, ("PAC:K20", "PAC:K30", "PAC:P20", "PAC:P30", "PAC:M25"))
    code, out = run("calibrate", str(picture.path), *hex_args(points))
    assert code == 0, out
    assert f"the image shows map.pacific_grid={drawn_as}" in out
    assert f"start games on this map with --option map.pacific_grid={drawn_as}" in out
    grid = read_grid(tmp_path / "pacific.grid.json").maps[0]
    assert (grid.map, grid.grid, grid.shows) == ("PAC", drawn_as, drawn_as)
    other = "mirrored" if drawn_as == "as_european" else "as_european"
    code, out = run("calibrate", str(picture.path), *hex_args(points), "--pacific-grid", other)
    assert code == 1 and re.search(r"stretch the grid (19[5-9]|20[0-5])% more", out), out
