"""The hex grid of a mapboard fitted to an image: an affine map from the grid's own coordinates to pixels.

**The model.** :meth:`projections.rules.geometry.Grid.centre` gives every hex's centre in the grid's own units
(hex radius 1, neighbours ``sqrt(3)`` apart), an affine function of its row and column. A picture of the map (a
scan, a photo taken square on, a VASSAL board image, scaled and turned a little) is an affine image of that grid, so
six numbers place every hex: ``x = a*u + b*v + c``, ``y = d*u + e*v + f`` for grid coordinates ``(u, v)``. Three
hexes a person points at fix them; more are fitted by least squares, and the residual says how well they agree.

**One fit a mapboard.** The European and the Pacific maps are separate boards, often separate images: each map's
points are fitted on their own (:func:`fit_maps`).

**What is refused, and why** (:class:`CalibrationError`, naming the point to look at):

* fewer than three hexes on a map, a hex given twice, hexes in one line (they fix no second direction);
* an RMS residual over :data:`MAX_RMS` (0.1 hex): the points disagree, and the worst one is named;
* a fit that mirrors the map (``x`` and ``y`` swapped, or an id read upside down);
* a fit whose hexes are not regular hexagons (more than :data:`MAX_DISTORTION` apart in their two directions):
  an id read wrong shears the grid while three points still fit exactly.

**The Pacific orientation** (``map.pacific_grid``, 10-16 extract 1.15 [UNSURE]). Both readings of the Pacific grid
are affine images of each other, so any three points fit both exactly; only one of them draws regular hexagons (the
other shears the grid by ``2 / sqrt(3)``, a distortion of 200 %). Each Pacific fit is tried under both readings and
:attr:`MapFit.shows` says which one the image shows, or None when the points cannot tell.

Pure arithmetic (no numpy, no files), so that every case is a one-line test.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, NamedTuple

from awaw_events.errors import InputError
from projections.rules.geometry import PACIFIC_GRIDS, Grid, MapName, PacificGrid, canonical, parse

MAX_RMS: Final = 0.1
"""The largest RMS residual accepted, in hexes (one hex: the distance between neighbouring centres)."""
MAX_DISTORTION: Final = 0.25
"""The largest difference between the grid's scale in its two principal directions (0.25: 25 %). A scan or a VASSAL
image is within a few per cent; a wrong id, or the wrong Pacific orientation (200 %), is far outside."""
MIN_SPREAD: Final = 0.5
"""The smallest spread of the points off their best line (RMS, in hexes): three hexes with one of them two rows off
the line of the others spread 0.8; one row off, 0.4, and the second direction is a guess."""
HEX: Final = math.sqrt(3)
"""One hex (centre to neighbouring centre) in the grid's own units."""


class CalibrationError(InputError):
    """Points that cannot calibrate a map: too few, in one line, disagreeing, mirrored or shearing the grid."""


class Point(NamedTuple):
    """A hex a person points at: its id and the pixel of its centre (``x`` across, ``y`` down)."""

    hex: str
    x: float
    y: float


class Affine(NamedTuple):
    """``x = a*u + b*v + c``, ``y = d*u + e*v + f``: from grid coordinates ``(u, v)`` to pixels ``(x, y)``."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def __call__(self, u: float, v: float) -> tuple[float, float]:
        return (self.a * u + self.b * v + self.c, self.d * u + self.e * v + self.f)

    @property
    def determinant(self) -> float:
        return self.a * self.e - self.b * self.d

    def inverse(self) -> Affine:
        """The map back from pixels to grid coordinates."""
        det = self.determinant
        if det == 0:
            raise CalibrationError("the fit is degenerate: it has no inverse")
        a, b, d, e = self.e / det, -self.b / det, -self.d / det, self.a / det
        return Affine(a, b, -(a * self.c + b * self.f), d, e, -(d * self.c + e * self.f))

    def scales(self) -> tuple[float, float]:
        """The largest and smallest stretch of the linear part (its singular values)."""
        p, q = (self.a + self.e) / 2, (self.d - self.b) / 2
        r, s = (self.a - self.e) / 2, (self.d + self.b) / 2
        rotation, reflection = math.hypot(p, q), math.hypot(r, s)
        return rotation + reflection, abs(rotation - reflection)

    @property
    def distortion(self) -> float:
        """How far the grid's hexes are from regular: the ratio of the two scales, less one (0 for a similarity)."""
        big, small = self.scales()
        return math.inf if small == 0 else big / small - 1

    @property
    def hex_px(self) -> float:
        """One hex (centre to neighbouring centre) in pixels, the mean of the two directions' scales."""
        big, small = self.scales()
        return HEX * math.sqrt(big * small)

    @property
    def rotation(self) -> float:
        """The angle, in degrees clockwise on the image, by which the grid's rows are turned."""
        return math.degrees(math.atan2(self.d - self.b, self.a + self.e))


class MapFit(NamedTuple):
    """One mapboard's grid on the image: the reading of its grid, the affine map, the points and their residuals."""

    map: MapName
    grid: PacificGrid
    affine: Affine
    points: tuple[Point, ...]
    residuals: tuple[float, ...]
    """Each point's distance from where the fit puts its hex, in hexes."""
    shows: PacificGrid | None = None
    """For the Pacific map: the orientation the image shows (None: the points cannot tell; always None for EUR)."""

    @property
    def rms(self) -> float:
        return math.sqrt(sum(r * r for r in self.residuals) / len(self.residuals))

    @property
    def worst(self) -> Point:
        return self.points[max(range(len(self.points)), key=lambda i: self.residuals[i])]

    @property
    def exact(self) -> bool:
        """Three points fit any affine map exactly: the residual checks nothing until a fourth is given."""
        return len(self.points) <= 3

    def centre(self, hex_id: str) -> tuple[float, float]:
        """The pixel of a hex's centre (any hex of this map, on the image or not)."""
        return self.affine(*Grid(self.grid).centre(hex_id))

    def grid_at(self, x: float, y: float) -> tuple[float, float]:
        """The grid coordinates of a pixel."""
        return self.affine.inverse()(x, y)


def _solve3(m: Sequence[Sequence[float]], rhs: Sequence[float]) -> tuple[float, float, float]:
    """``m @ x = rhs`` for a 3x3 system (Cramer's rule; the caller has refused a singular one)."""

    def det(k: Sequence[Sequence[float]]) -> float:
        return (
            k[0][0] * (k[1][1] * k[2][2] - k[1][2] * k[2][1])
            - k[0][1] * (k[1][0] * k[2][2] - k[1][2] * k[2][0])
            + k[0][2] * (k[1][0] * k[2][1] - k[1][1] * k[2][0])
        )

    whole = det(m)
    found = []
    for col in range(3):
        k = [[rhs[r] if c == col else m[r][c] for c in range(3)] for r in range(3)]
        found.append(det(k) / whole)
    return found[0], found[1], found[2]


def spread(coords: Sequence[tuple[float, float]]) -> float:
    """How far the points spread off their best line, in hexes (the smaller principal spread, RMS)."""
    n = len(coords)
    mu = sum(u for u, _ in coords) / n
    mv = sum(v for _, v in coords) / n
    suu = sum((u - mu) ** 2 for u, _ in coords) / n
    svv = sum((v - mv) ** 2 for _, v in coords) / n
    suv = sum((u - mu) * (v - mv) for u, v in coords) / n
    half = (suu + svv) / 2
    smallest = half - math.sqrt(max(0.0, half * half - (suu * svv - suv * suv)))
    return math.sqrt(max(0.0, smallest)) / HEX


def affine_fit(coords: Sequence[tuple[float, float]], pixels: Sequence[tuple[float, float]]) -> Affine:
    """The least-squares affine map taking grid coordinates ``coords`` to ``pixels`` (three or more pairs, not all
    in one line). Centred first, so that hex coordinates in the hundreds lose no precision."""
    n = len(coords)
    mu = sum(u for u, _ in coords) / n
    mv = sum(v for _, v in coords) / n
    mx = sum(x for x, _ in pixels) / n
    my = sum(y for _, y in pixels) / n
    cu = [(u - mu, v - mv) for u, v in coords]
    cp = [(x - mx, y - my) for x, y in pixels]
    suu = sum(u * u for u, _ in cu)
    svv = sum(v * v for _, v in cu)
    suv = sum(u * v for u, v in cu)
    normal = ((suu, suv, 0.0), (suv, svv, 0.0), (0.0, 0.0, float(n)))
    rows = []
    for k in range(2):
        su = sum(u * p[k] for (u, _), p in zip(cu, cp, strict=True))
        sv = sum(v * p[k] for (_, v), p in zip(cu, cp, strict=True))
        rows.append(_solve3(normal, (su, sv, 0.0)))
    (a, b, _), (d, e, _) = rows
    return Affine(a, b, mx - a * mu - b * mv, d, e, my - d * mu - e * mv)


def residuals(
    affine: Affine, coords: Sequence[tuple[float, float]], pixels: Sequence[tuple[float, float]]
) -> tuple[float, ...]:
    """Each pixel's distance from where ``affine`` puts its grid point, in hexes (measured on the grid, so that a
    stretched image does not weigh one direction more)."""
    back = affine.inverse()
    found = []
    for (u, v), (x, y) in zip(coords, pixels, strict=True):
        gu, gv = back(x, y)
        found.append(math.hypot(gu - u, gv - v) / HEX)
    return tuple(found)


def _one_reading(map_: MapName, grid: PacificGrid, points: Sequence[Point]) -> MapFit:
    coords = [Grid(grid).centre(p.hex) for p in points]
    pixels = [(p.x, p.y) for p in points]
    affine = affine_fit(coords, pixels)
    if affine.determinant == 0:
        raise CalibrationError(f"the hexes given for {map_} fix no grid: they lie in one line")
    return MapFit(map_, grid, affine, tuple(points), residuals(affine, coords, pixels))


def _refuse(fit: MapFit) -> None:
    """Raise if a reading of a map's points is not a calibration (mirrored, sheared, or disagreeing points)."""
    where = ", ".join(f"{p.hex}={p.x:g},{p.y:g}" for p in fit.points[:4]) + (" ..." if len(fit.points) > 4 else "")
    if fit.affine.determinant < 0:
        raise CalibrationError(
            f"the hexes given for {fit.map} ({where}) draw the map mirrored: check that each point is X,Y "
            "(across from the left edge, then down from the top) and that each id is the hex under it"
        )
    if fit.affine.distortion > MAX_DISTORTION:
        raise CalibrationError(
            f"the hexes given for {fit.map} ({where}) stretch the grid {fit.affine.distortion:.0%} more in one "
            f"direction than the other (at most {MAX_DISTORTION:.0%}: printed hexes are regular): check each id "
            "and its X,Y"
        )
    if fit.rms > MAX_RMS:
        worst = fit.worst
        raise CalibrationError(
            f"the hexes given for {fit.map} disagree: RMS residual {fit.rms:.2f} hex (at most {MAX_RMS:g}); the "
            f"worst is {worst.hex}={worst.x:g},{worst.y:g}, {max(fit.residuals):.2f} hex from where the others put "
            "it: check its id and its X,Y, or leave it out"
        )


def fit_map(points: Sequence[Point], *, pacific: PacificGrid | None = None) -> MapFit:
    """The grid of one mapboard from its points (all on one map). For the Pacific map, each reading of
    ``map.pacific_grid`` is tried: the fit uses ``pacific`` if given, else the reading the image shows.

    Raises :class:`CalibrationError` naming what to fix (see the module's list)."""
    if not points:
        raise CalibrationError("no hexes given: name three or more, e.g. --hex EUR:A23=412,80")
    ids = [canonical(p.hex) for p in points]
    map_ = parse(ids[0]).map
    if any(parse(h).map != map_ for h in ids):
        raise CalibrationError(f"one fit is one map: {sorted(set(ids))} mixes maps")
    seen: dict[str, Point] = {}
    for p, h in zip(points, ids, strict=True):
        if h in seen:
            raise CalibrationError(f"{h} is given twice ({seen[h].x:g},{seen[h].y:g} and {p.x:g},{p.y:g})")
        seen[h] = p
    points = [Point(h, p.x, p.y) for p, h in zip(points, ids, strict=True)]
    if len(points) < 3:
        raise CalibrationError(
            f"{map_} has {len(points)} hex(es) given: three or more, not in one line, fix its grid (four or more "
            "also check each other)"
        )
    readings: tuple[PacificGrid, ...] = PACIFIC_GRIDS if map_ == "PAC" else ("as_european",)
    coords = [Grid(readings[0]).centre(p.hex) for p in points]
    if spread(coords) < MIN_SPREAD:
        raise CalibrationError(
            f"the hexes given for {map_} ({', '.join(p.hex for p in points)}) lie in one line: add a hex "
            "at least two rows or columns off it"
        )
    fits = {g: _one_reading(map_, g, points) for g in readings}
    if map_ != "PAC":
        _refuse(fits["as_european"])
        return fits["as_european"]
    regular = [g for g, f in fits.items() if f.affine.determinant > 0 and f.affine.distortion <= MAX_DISTORTION]
    shows = regular[0] if len(regular) == 1 else None
    chosen = pacific or shows
    if chosen is None:
        # neither reading draws regular hexes (or, with points close to one line, both do): say why with the
        # reading the extract proposes
        _refuse(fits["as_european"])
        chosen = "as_european"
    fit = fits[chosen]
    _refuse(fit)
    return fit._replace(shows=shows)


def fit_maps(points: Iterable[Point], *, pacific: PacificGrid | None = None) -> dict[MapName, MapFit]:
    """Each mapboard's grid from the points given on it (see :func:`fit_map`), by map."""
    by_map: dict[MapName, list[Point]] = {}
    for p in points:
        by_map.setdefault(parse(p.hex).map, []).append(p)
    if not by_map:
        raise CalibrationError("no hexes given: name three or more on each map, e.g. --hex EUR:A23=412,80")
    return {m: fit_map(ps, pacific=pacific) for m, ps in sorted(by_map.items())}


def point_of(text: str) -> Point:
    """``"EUR:A23=412,80"`` -> ``Point("EUR:A23", 412.0, 80.0)``; raises :class:`CalibrationError` naming the form."""
    hex_id, sep, xy = text.partition("=")
    xs, comma, ys = xy.partition(",")
    try:
        if not (sep and comma):
            raise ValueError
        x, y = float(xs), float(ys)
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
        return Point(canonical(hex_id.strip()), x, y)
    except ValueError as exc:
        detail = f" ({exc})" if str(exc) else ""
        raise CalibrationError(
            f"not a hex and its pixel: {text!r}{detail}; expected MAP:HEX=X,Y, e.g. EUR:A23=412,80"
        ) from None


def agreement(fits: Mapping[MapName, MapFit], chosen: PacificGrid) -> str | None:
    """A sentence when the Pacific image shows another orientation than the one ``chosen`` (else None)."""
    pac = fits.get("PAC")
    if pac is None or pac.shows is None or pac.shows == chosen:
        return None
    return f"the Pacific image shows the grid {pac.shows!r}, not {chosen!r} (map.pacific_grid)"
