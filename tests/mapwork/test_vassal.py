"""``awaw map calibrate MODULE.vmod``: a small hand-made VASSAL module (a zip: buildFile.xml and a board image drawn
from the fictional test region) calibrates with no click where its numbering names the hexes as printed; where it
does not, a person's clicks are moved to the module's cells; VASSAL's naming rules (HexGridNumbering,
ObliqueHexGridNumbering, zones) as VASSAL's source gives them."""

from __future__ import annotations

import json
import math
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.rules.geometry import rectangle
from replays.cli import cli
from replays.mapwork import vassal
from replays.mapwork.calibration import calibrate_module
from replays.mapwork.fit import CalibrationError, Point
from replays.mapwork.grids import read_grid
from replays.mapwork.synthetic import Drawn, render
from replays.mapwork.vassal import Board, HexGrid, Numbering, Zone, cell_name, hex_id
from tests.mapwork.kit import REGION, fictional_region, hex_args

R = 20.0
DX, DY = 1.5 * R, math.sqrt(3) * R  # a sideways grid: dx between rows (down the image), dy along a row
X0, Y0, K = -150, -100, -29  # the origin; K: VASSAL's raw column ny = AWAW column + floor(row / 2) + K
SIZE = (780, 390)

OBLIQUE = (
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering color="0,0,0" first="H" '
    f'fontSize="9" hOff="0" hType="A" sep="" stagger="false" vLeading="0" vOff="{-(K + 1)}" vType="N" '
    'visible="false"/>'
)
OFFSET = (
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="H" hOff="0" hType="A" '
    'stagger="true" vLeading="0" vOff="1" vType="N"/>'
)


def build_file(boards: list[tuple[str, str, str]]) -> str:
    """A build file with one map and these boards: (name, image, what goes inside the Board element)."""
    inner = "".join(
        f'<VASSAL.build.module.map.boardPicker.Board image="{image}" name="{name}" reversible="false">{grid}'
        "</VASSAL.build.module.map.boardPicker.Board>"
        for name, image, grid in boards
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
        '<VASSAL.launch.BasicModule name="Fictional test module" version="0.1" VassalVersion="3.7.0">'
        '<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>'
        f"{inner}</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.launch.BasicModule>"
    )


def hex_grid(numbering: str, **attrs: str) -> str:
    values = {"dx": repr(DX), "dy": repr(DY), "x0": str(X0), "y0": str(Y0), "sideways": "true", **attrs}
    text = " ".join(f'{k}="{v}"' for k, v in values.items())
    tag = "VASSAL.build.module.map.boardPicker.board.HexGrid"
    return f"<{tag} {text}>{numbering}</{tag}>"


def board_image(tmp_path: Path) -> Drawn:
    """The fictional region drawn where the module's grid puts it: grid point (0, 0) at (dy K + y0, x0)."""
    terrain, rivers = fictional_region()
    return render(
        terrain, rivers, tmp_path / "europe.png", radius=R, rotate=0, scale=1, origin=(DY * K + Y0, X0), size=SIZE
    )


def module(tmp_path: Path, boards: list[tuple[str, str, str]], name: str = "fictional.vmod") -> Path:
    path = tmp_path / name
    picture = board_image(tmp_path)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile.xml", build_file(boards))
        z.write(picture.path, "images/europe.png")
        z.writestr("moduledata", "<data/>")
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["map", *args])
    return result.exit_code, result.output


def test_a_module_that_numbers_its_hexes_as_printed_calibrates_with_no_click(tmp_path: Path) -> None:
    path = module(tmp_path, [("Europe", "europe.png", hex_grid(OBLIQUE))])
    picture = board_image(tmp_path)
    code, out = run("calibrate", str(path))
    assert code == 0, out
    grid = read_grid(tmp_path / "fictional.grid.json")
    assert (grid.image.member, grid.image.board) == ("images/europe.png", "Europe")
    assert grid.maps[0].source.startswith("VASSAL board 'Europe': hex grid dx=30 dy=34.641")
    assert "oblique numbering" in grid.maps[0].source
    fit = grid.fits()["EUR"]
    assert grid.maps[0].rms < 1e-6
    assert max(math.dist(fit.centre(h), picture.centre(h)) for h in rectangle(REGION)) < 1e-6
    lines = out.splitlines()
    assert lines[1] == "  board 'Europe', image images/europe.png"
    assert "cells on the image are named as AWAW hexes" in lines[2]
    assert lines[3].startswith("  EUR: ") and "RMS residual 0.000 hex" in lines[3]


def test_a_module_with_offset_numbering_takes_clicks_moved_to_its_cells(tmp_path: Path) -> None:
    path = module(tmp_path, [("Europe", "europe.png", hex_grid(OFFSET))])
    picture = board_image(tmp_path)
    code, out = run("calibrate", str(path))
    assert code == 1
    assert "does not follow the AWAW hex ids" in out and "give three hexes with --hex" in out
    assert not (tmp_path / "fictional.grid.json").exists()
    # clicks 6 px off on a 35 px hex: each is moved to the centre of the module's cell under it
    sloppy = []
    for i, h in enumerate(("EUR:H36", "EUR:Q30", "EUR:Q45", "EUR:L38")):
        x, y = picture.centre(h)
        sloppy.append(Point(h, round(x + (6 if i % 2 else -6)), round(y + 5)))
    code, out = run("calibrate", str(path), *hex_args(sloppy))
    assert code == 0, out
    assert "each point moved to the centre of the module's grid cell under it" in out
    fit = read_grid(tmp_path / "fictional.grid.json").fits()["EUR"]
    assert max(math.dist(fit.centre(h), picture.centre(h)) for h in rectangle(REGION)) < 1e-6


def test_which_board_and_which_map(tmp_path: Path) -> None:
    two = [("Europe", "europe.png", hex_grid(OBLIQUE)), ("Main", "europe.png", hex_grid(OBLIQUE))]
    path = module(tmp_path, two)
    code, out = run("calibrate", str(path))
    assert code == 1 and "has 2 boards with a hex grid: choose one with --board ('Europe', 'Main')" in out
    code, out = run("calibrate", str(path), "--board", "Main")
    assert code == 1 and "which mapboard is board 'Main'? name it with --map EUR or --map PAC" in out
    code, out = run("calibrate", str(path), "--board", "Main", "--map", "EUR", "--json")
    assert code == 0, out
    assert json.loads(out)["grid_file"] == str(tmp_path / "fictional-Main.grid.json")
    code, out = run("calibrate", str(path), "--board", "Pacific")
    assert code == 1 and "has no board 'Pacific' (boards with an image: 'Europe', 'Main')" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "is not a VASSAL module (a zip file)"),
        ({"moduledata": "<x/>"}, "holds no buildFile.xml"),
        ({"buildFile.xml": "<not xml"}, "is not XML"),
        ({"buildFile.xml": build_file([("Europe", "nowhere.png", hex_grid(OBLIQUE))])}, "does not hold"),
        ({"buildFile.xml": build_file([("Europe", "europe.png", hex_grid(OBLIQUE, dx="wide"))])}, "is not a number"),
        ({"buildFile.xml": build_file([("Europe", "europe.png", "")])}, "has no board with a hex grid"),
    ],
)
def test_a_module_that_cannot_calibrate_says_why(tmp_path: Path, content: dict[str, str] | None, message: str) -> None:
    path = tmp_path / "bad.vmod"
    if content is None:
        path.write_text("not a zip")
    else:
        with zipfile.ZipFile(path, "w") as z:
            for name, text in content.items():
                z.writestr(name, text)
    code, out = run("calibrate", str(path))
    assert code == 1 and message in out, out


def test_the_old_build_file_name_is_read(tmp_path: Path) -> None:
    path = tmp_path / "old.vmod"
    picture = board_image(tmp_path)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("buildFile", build_file([("European map", "europe.png", hex_grid(OBLIQUE))]))
        z.write(picture.path, "images/europe.png")
    done = calibrate_module(path)
    assert set(done.fits) == {"EUR"}  # the board's name says which map


# ---------------------------------------------------------------------------------------------------------------------
# VASSAL's naming, rule by rule


@pytest.mark.parametrize(("value", "name"), [(0, "A"), (25, "Z"), (26, "AA"), (27, "BB"), (39, "NN"), (-1, "-B")])
def test_letters_follow_vassal_and_the_awaw_rows(value: int, name: str) -> None:
    assert vassal._letters(value) == name


@pytest.mark.parametrize(("value", "leading", "name"), [(5, 1, "05"), (12, 1, "12"), (5, 2, "005"), (5, 0, "5")])
def test_leading_zeros(value: int, leading: int, name: str) -> None:
    assert vassal._coordinate(value, "N", leading) == name


def test_plain_numbering_of_an_upright_grid() -> None:
    # VASSAL's defaults: columns then rows, numeric, one leading zero, starting at 1; odd columns one lower
    grid = HexGrid(dx=50, dy=58, x0=0, y0=32, sideways=False, numbering=Numbering())
    assert cell_name(grid, 0, 0, (1000, 1000)) == "0101"
    assert cell_name(grid, 1, 0, (1000, 1000)) == "0202"  # stagger: the odd column's first cell is numbered higher
    assert cell_name(grid, 2, 3, (1000, 1000)) == "0304"
    assert vassal.centre(grid, 1, 0) == (50, 61)
    descending = grid._replace(numbering=Numbering(v_descending=True, stagger=False))
    assert cell_name(descending, 0, 0, (1000, 1000)) == f"01{math.floor(1000 / 50 + 0.5) + 1:02d}"


def test_a_location_format_and_a_zone_name_the_hex() -> None:
    numbering = Numbering(
        first="H", h_type="A", h_off=0, v_type="N", v_leading=0, v_off=-(K + 1), stagger=False, oblique=True
    )
    grid = HexGrid(
        dx=DX, dy=DY, x0=X0, y0=Y0, sideways=True, numbering=numbering._replace(location_format="Hex $gridLocation$")
    )
    zone = Zone("West", ((0, 0), (300, 0), (300, 390), (0, 390)), "$name$ $gridLocation$", grid)
    board = Board("Europe", "europe.png", grid, (zone,))
    names = {c.name for c in vassal.cells(board, *SIZE)}
    assert any(n and n.startswith("West Hex ") for n in names)
    assert any(n and n.startswith("Hex ") for n in names)
    assert hex_id("West Hex K37", "EUR") == "EUR:K37"
    assert hex_id("K-07", "PAC") == "PAC:K7"
    assert hex_id("0101", "EUR") is None and hex_id("XK37", "EUR") is None


def test_a_name_two_cells_share_is_left_out() -> None:
    numbering = Numbering(h_type="A", h_off=0, v_type="N", v_off=0, stagger=False)  # the same name in every row
    grid = HexGrid(dx=DX, dy=DY, x0=X0, y0=Y0, sideways=True, numbering=numbering._replace(v_type="A", h_type="A"))
    board = Board("Europe", "europe.png", grid, ())
    points, total = vassal.named_points(board, "EUR", *SIZE)
    assert total > 100
    assert len({p.hex for p in points}) == len(points)


def test_the_fit_refuses_a_board_the_wrong_way_round(tmp_path: Path) -> None:
    # a module whose rows are numbered from the bottom draws the map mirrored against the ids
    path = module(
        tmp_path, [("Europe", "europe.png", hex_grid(OBLIQUE.replace('first="H"', 'first="H" hDescend="true"')))]
    )
    with pytest.raises(CalibrationError, match="does not follow the AWAW hex ids"):
        calibrate_module(path)
