"""Sampling (replays/mapwork/sampling.py) as arithmetic on arrays, no file: colours, clusters, where the pixels are
read, and how fills, marks and lines come out of made-up pixels."""

from __future__ import annotations

import math

import numpy as np
import pytest

from projections.rules.geometry import Grid
from replays.mapwork import sampling
from replays.mapwork.fit import Affine, MapFit, Point

FIT = MapFit("EUR", "as_european", Affine(20.0, 0.0, -500.0, 0.0, 20.0, -100.0), (Point("EUR:A1", 0, 0),), (0.0,))


@pytest.mark.parametrize(
    ("rgb", "expected"),
    [((255, 255, 255), (100.0, 0.0, 0.0)), ((0, 0, 0), (0.0, 0.0, 0.0)), ((255, 0, 0), (53.24, 80.09, 67.20))],
)
def test_cielab_of_known_colours(rgb: tuple[int, int, int], expected: tuple[float, float, float]) -> None:
    got = sampling.lab(np.array([rgb], dtype=np.uint8))[0]
    assert got == pytest.approx(expected, abs=0.1)
    assert sampling.hex_colour(sampling._rgb(got)) == sampling.hex_colour(rgb)


def test_clusters_are_the_same_every_time_and_near_twins_merge() -> None:
    rng = np.random.default_rng(3)
    modes = np.array([[90.0, 0, 10], [60, -20, 20], [40, 10, -40]])
    points = np.concatenate([m + rng.normal(0, 1.5, (500, 3)) for m in modes])
    first = sampling.cluster(points, 12)
    assert len(first) == 3  # twelve seeds, three colours: the twins merge
    assert np.allclose(sorted(first[:, 0]), sorted(modes[:, 0]), atol=1)
    assert np.array_equal(first, sampling.cluster(points, 12))


def test_the_hexside_corners_are_the_ends_of_the_shared_side() -> None:
    grid = Grid()
    for a, b in (("EUR:K37", "EUR:K38"), ("EUR:K37", "EUR:J37"), ("EUR:K37", "EUR:L36")):
        p, q = sampling.side_corners(grid, a, b)
        assert math.dist(p, q) == pytest.approx(1.0)  # a side is one radius long
        for corner in (p, q):
            assert math.dist(corner, grid.centre(a)) == pytest.approx(1.0)
            assert math.dist(corner, grid.centre(b)) == pytest.approx(1.0)


def test_the_hexes_on_an_image_are_those_whose_centre_it_shows() -> None:
    on = sampling.hexes_on_image(FIT, 400, 200)
    assert on and all(0 <= FIT.centre(h)[0] < 400 and 0 <= FIT.centre(h)[1] < 200 for h in on)
    just_off = [h for h in ("EUR:A10", "EUR:F40", "EUR:Z99") if h not in on]
    assert all(not (0 <= FIT.centre(h)[0] < 400 and 0 <= FIT.centre(h)[1] < 200) for h in just_off)
    assert sampling.hexsides_between(["EUR:K37", "EUR:K38", "EUR:L37", "EUR:M40"], Grid()) == [
        ("EUR:K37", "EUR:K38"),
        ("EUR:K37", "EUR:L37"),
        ("EUR:K38", "EUR:L37"),
    ]


def _painted(
    hexes: list[str], sides: list[tuple[str, str]], paint: dict[str, tuple[int, int, int]], line: set[tuple[str, str]]
) -> tuple[np.ndarray, np.ndarray, sampling.Positions]:
    """The pixels a map would show at each sampled position: each hex's fill (with a dark mark on the left third
    of the forest disks), and a blue line across the sides in ``line``."""
    where = sampling.positions({"EUR": FIT}, hexes, sides)
    rgb = np.zeros((len(where.x), 3), np.uint8)
    for i, h in enumerate(hexes):
        mine = where.owner == i
        rgb[mine] = paint[h]
        if paint[h] == (150, 190, 128):
            cx, _ = FIT.centre(h)
            rgb[mine & (where.x < cx - 3)] = (40, 80, 30)
    for j, side in enumerate(sides):
        mine = where.owner == len(hexes) + j
        a, _ = side
        rgb[mine] = paint[a]
        if side in line:
            (ax, ay), (bx, by) = FIT.centre(side[0]), FIT.centre(side[1])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            ux, uy = (bx - ax) / math.hypot(bx - ax, by - ay), (by - ay) / math.hypot(bx - ax, by - ay)
            across = (where.x - mx) * ux + (where.y - my) * uy
            rgb[mine & (np.abs(across) < 1.5)] = (40, 90, 180)
    return rgb, np.ones(len(where.x), bool), where


def test_fills_marks_and_lines_from_made_up_pixels() -> None:
    hexes = ["EUR:K37", "EUR:K38", "EUR:K39", "EUR:L36", "EUR:L37", "EUR:L38"]
    paint = dict.fromkeys(hexes, (239, 231, 201)) | {"EUR:K39": (150, 190, 128), "EUR:L38": (168, 205, 232)}
    sides = sampling.hexsides_between(hexes, Grid())
    river = {("EUR:K37", "EUR:K38"), ("EUR:K37", "EUR:L37")}
    rgb, on, where = _painted(hexes, sides, paint, river)
    reading = sampling.analyse(rgb, on, where, hexes, sides)
    h = reading.hexes
    fills = {hx: h.palette_rgb[f] for hx, f in zip(h.hexes, h.fill, strict=True)}
    assert fills["EUR:K37"] == fills["EUR:L36"] == "#efe7c9"
    assert fills["EUR:L38"] == "#a8cde8"
    marks = dict(zip(h.hexes, h.mark, strict=True))
    assert [hx for hx, m in marks.items() if m >= 0] == ["EUR:K39"]
    s = reading.sides
    lined = {side for side, g in zip(s.sides, s.line, strict=True) if g >= 0}
    assert lined == river
    assert all(s.coverage[s.sides.index(side)] == 1.0 for side in river)


def test_a_hex_mostly_off_the_image_is_left_out() -> None:
    hexes = ["EUR:K37", "EUR:K38"]
    sides = sampling.hexsides_between(hexes, Grid())
    rgb, on, where = _painted(hexes, sides, dict.fromkeys(hexes, (239, 231, 201)), set())
    on[where.owner == 1] = False
    reading = sampling.analyse(rgb, on, where, hexes, sides)
    assert reading.hexes.hexes == ("EUR:K37",) and reading.sides.sides == ()
