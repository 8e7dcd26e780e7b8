"""The grid fit (replays/mapwork/fit.py): least squares from a person's points, each refusal with the point to look
at, and the Pacific orientation the image shows (map.pacific_grid, 10-16 extract 1.15). No image, no file."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.rules.geometry import Grid, PacificGrid
from replays.mapwork.fit import (
    HEX,
    MAX_RMS,
    Affine,
    CalibrationError,
    Point,
    affine_fit,
    agreement,
    fit_map,
    fit_maps,
    point_of,
)

# a scan: 20 px a hex radius, turned 3 degrees clockwise, offset
TRUE = Affine(20 * math.cos(0.05), -20 * math.sin(0.05), 130.0, 20 * math.sin(0.05), 20 * math.cos(0.05), 90.0)


def pixel(hex_id: str, affine: Affine = TRUE, grid: PacificGrid = "as_european") -> tuple[float, float]:
    return affine(*Grid(grid).centre(hex_id))


def points(*hexes: str, affine: Affine = TRUE, grid: PacificGrid = "as_european", error: float = 0.0) -> list[Point]:
    rng = random.Random(7)
    found = []
    for h in hexes:
        x, y = pixel(h, affine, grid)
        found.append(Point(h, x + rng.uniform(-error, error), y + rng.uniform(-error, error)))
    return found


def test_three_points_give_the_grid_exactly() -> None:
    fit = fit_map(points("EUR:A23", "EUR:K37", "EUR:NN5"))
    assert fit.exact and fit.rms < 1e-9
    for h in ("EUR:A0", "EUR:Z53", "EUR:NN60", "EUR:M33"):
        assert math.dist(fit.centre(h), pixel(h)) < 1e-6
    assert fit.affine.hex_px == pytest.approx(20 * HEX)
    assert fit.affine.rotation == pytest.approx(math.degrees(0.05))


def test_more_points_are_fitted_by_least_squares_and_the_residual_says_how_well() -> None:
    clicked = points("EUR:A23", "EUR:K37", "EUR:NN5", "EUR:Z53", "EUR:M33", "EUR:F10", error=2.0)
    fit = fit_map(clicked)
    assert not fit.exact
    # clicks 2 px off on a 35 px hex: a few hundredths of a hex
    assert 0.005 < fit.rms < MAX_RMS
    worst = max(range(6), key=lambda i: fit.residuals[i])
    assert fit.worst == clicked[worst]
    assert all(math.dist(fit.centre(h), pixel(h)) < 0.1 * 20 * HEX for h in ("EUR:A0", "EUR:NN62"))


def test_a_wrong_point_is_refused_by_name() -> None:
    clicked = points("EUR:A23", "EUR:K37", "EUR:NN5", "EUR:Z53", "EUR:M33")
    wrong = Point("EUR:M34", clicked[4].x, clicked[4].y)  # the hex beside the one clicked
    with pytest.raises(CalibrationError, match=r"disagree: RMS residual 0\.\d\d hex .*the worst is EUR:M34="):
        fit_map([*clicked[:4], wrong])


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ([], "no hexes given"),
        (["EUR:A23", "EUR:K37"], "EUR has 2 hex"),
        (["EUR:A23", "EUR:A23", "EUR:K37"], "EUR:A23 is given twice"),
        (["EUR:K10", "EUR:K20", "EUR:K30", "EUR:K40"], "lie in one line"),
        (["EUR:K10", "EUR:K20", "EUR:L15"], "lie in one line"),  # one row off: the second direction is a guess
    ],
)
def test_too_few_repeated_or_aligned_points_are_refused(given: list[str], message: str) -> None:
    with pytest.raises(CalibrationError, match=message):
        fit_map(points(*given))


def test_two_rows_off_the_line_is_enough() -> None:
    assert fit_map(points("EUR:K10", "EUR:K20", "EUR:M15")).exact


def test_a_mirrored_fit_is_refused() -> None:
    swapped = [Point(p.hex, p.y, p.x) for p in points("EUR:A23", "EUR:K37", "EUR:NN5")]
    with pytest.raises(CalibrationError, match="mirrored: check that each point is X,Y"):
        fit_map(swapped)


def test_an_id_read_wrong_shears_the_grid_and_is_refused() -> None:
    # three points always fit an affine map; K73 for K37 shears it far from regular hexagons
    clicked = points("EUR:A23", "EUR:K37", "EUR:NN5")
    with pytest.raises(CalibrationError, match=r"stretch the grid \d+% more"):
        fit_map([clicked[0], Point("EUR:K73", clicked[1].x, clicked[1].y), clicked[2]])


def test_each_map_is_fitted_on_its_own() -> None:
    other = Affine(15.0, 0.0, 4000.0, 0.0, 15.0, 50.0)
    fits = fit_maps(points("EUR:A23", "EUR:K37", "EUR:NN5") + points("PAC:A30", "PAC:M10", "PAC:DD40", affine=other))
    assert set(fits) == {"EUR", "PAC"}
    assert math.dist(fits["PAC"].centre("PAC:K20"), pixel("PAC:K20", other)) < 1e-6
    assert math.dist(fits["EUR"].centre("EUR:K20"), pixel("EUR:K20")) < 1e-6
    with pytest.raises(CalibrationError, match="mixes maps"):
        fit_map(points("EUR:A23", "EUR:K37") + points("PAC:A30"))


@pytest.mark.parametrize("drawn", ["as_european", "mirrored"])
def test_the_pacific_fit_says_which_orientation_the_image_shows(drawn: PacificGrid) -> None:
    clicked = points("PAC:A30", "PAC:M10", "PAC:DD40", "PAC:NN20", grid=drawn, error=1.0)
    fit = fit_map(clicked)
    assert (fit.shows, fit.grid) == (drawn, drawn)
    assert fit.affine.distortion < 0.01
    other: PacificGrid = "mirrored" if drawn == "as_european" else "as_european"
    assert (
        agreement({"PAC": fit}, other)
        == f"the Pacific image shows the grid {drawn!r}, not {other!r} (map.pacific_grid)"
    )
    assert agreement({"PAC": fit}, drawn) is None
    # the other reading draws sheared hexes: asked for, it is refused
    with pytest.raises(CalibrationError, match=r"stretch the grid 200% more"):
        fit_map(clicked, pacific=other)


def test_the_european_map_has_one_orientation() -> None:
    fit = fit_map(points("EUR:A23", "EUR:K37", "EUR:NN5"), pacific="mirrored")
    assert (fit.grid, fit.shows) == ("as_european", None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("EUR:A23=412,80", Point("EUR:A23", 412.0, 80.0)), ("EUR:K07=1.5,2.25", Point("EUR:K7", 1.5, 2.25))],
)
def test_a_point_is_a_hex_and_its_pixel(text: str, expected: Point) -> None:
    assert point_of(text) == expected


@pytest.mark.parametrize("text", ["EUR:A23", "EUR:A23=412", "A23=1,2", "EUR:A23=x,2", "EUR:A23=nan,2", "EUR:ZZ1=1,2"])
def test_a_bad_point_names_the_form(text: str) -> None:
    with pytest.raises(CalibrationError, match=r"expected MAP:HEX=X,Y, e\.g\. EUR:A23=412,80"):
        point_of(text)


@settings(deadline=None)  # arithmetic only; a loaded machine must not fail it on time
@given(
    st.floats(5, 80),
    st.floats(-20, 20),
    st.floats(0.85, 1.15),
    st.floats(-5000, 5000),
    st.floats(-5000, 5000),
)
def test_any_scan_is_recovered_from_four_points(
    radius: float, degrees: float, aspect: float, tx: float, ty: float
) -> None:
    t = math.radians(degrees)
    affine = Affine(
        radius * math.cos(t),
        -radius * math.sin(t),
        tx,
        aspect * radius * math.sin(t),
        aspect * radius * math.cos(t),
        ty,
    )
    fit = fit_map(points("EUR:B3", "EUR:B60", "EUR:MM4", "EUR:LL55", affine=affine))
    assert fit.rms < 1e-6
    assert math.dist(fit.centre("EUR:Q30"), affine(*Grid().centre("EUR:Q30"))) < 1e-6 * radius


def test_the_fit_is_least_squares() -> None:
    # four points, one pulled: the fitted map minimises the squared residuals (a nudge makes them larger)
    coords = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (10.0, 10.0)]
    pixels = [(0.0, 0.0), (10.0, 0.0), (0.0, 10.0), (11.0, 10.5)]
    best = affine_fit(coords, pixels)

    def cost(a: Affine) -> float:
        return sum(math.dist(a(u, v), p) ** 2 for (u, v), p in zip(coords, pixels, strict=True))

    for i in range(6):
        nudged = list(best)
        nudged[i] += 0.01
        assert cost(Affine(*nudged)) > cost(best)
