"""Reading the map off its image: each hex's colours and each hexside's lines, grouped so that a person names each
colour once.

**Where the pixels are read.** Every position is a point of the grid mapped by the grid file's fit, so the samples
turn and stretch with the image: a disk of :data:`DISK` hex radii around each hex's centre (inside the outline, and
below the id printed at the top of a hex), and across each hexside a band :data:`ACROSS` hex radii deep on each
side (a river drawn as a curve leaves the hexside by up to 15 % of a hex, 0.26 radii) at :data:`ALONG` positions
from one corner to the other (the corners, where three hexsides meet, are left out). The image is read band by
band (:mod:`replays.mapwork.raster`).

**Hexes.** The disks' pixels are clustered into a palette (k-means in CIELAB, where distance is the difference the
eye sees). A hex's *fill* is the palette colour most of its pixels have; its *mark* is the next one when it covers
at least :data:`MARK_SHARE` of them (a terrain symbol: peaks, trees, tufts). Hexes of the same fill and mark form a
group, which a person names once ("this blue is sea").

**Hexsides.** Across each hexside, a pixel far from both hexes' fills (:data:`SALIENT`) is a line's; those pixels are
clustered into line colours, and a line colour *covers* a hexside where it is seen at :data:`LINE_COVERAGE` of the
positions along it. A colour that covers most hexsides is the printed hex outline (never a fact); each other one is
a group a person names once ("this blue line is a river").

**Confidence.** A hex's is how closely its pixels' colours agree with its group's typical hex (one less half the
sum of the differences of their shares); a hexside's is the share of the positions along it where its line is seen.

Pure numpy on arrays of colours; :func:`read` is the only part that reads the image.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from projections.rules.geometry import Grid, MapName, canonical, hexside_key, label, parse
from replays.mapwork.fit import MapFit
from replays.mapwork.raster import Raster

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    Floats = NDArray[np.float64]
    Ints = NDArray[np.int64]

DISK: Final = 0.5
"""The radius of a hex's sampled disk, in hex radii (centre to corner)."""
DISK_STEP: Final = 0.08
"""The spacing of the disk's sample points, in hex radii (about 120 points a hex)."""
ALONG: Final = tuple(0.2 + 0.6 * i / 8 for i in range(9))
"""Where a hexside is sampled, from one corner (0) to the other (1)."""
ACROSS: Final = 0.35
"""How far across a hexside its band reaches on each side, in hex radii."""
ACROSS_STEPS: Final = 15
PALETTE: Final = 16
"""The most colours the hexes' pixels are clustered into (before near twins are merged)."""
LINE_COLOURS: Final = 10
LINE_MERGE: Final = 12.0
"""Two line colours closer than this are one: a thin line's colour varies more with the fills beside it."""
MERGE: Final = 8.0
"""Two cluster colours closer than this (CIELAB delta E) are one colour: print and scan vary a colour by a few
units, and the paper around a map may be within 12 of its palest terrain."""
SALIENT: Final = 18.0
"""A pixel across a hexside this far (delta E) from both hexes' fills belongs to a line."""
MARK_SHARE: Final = 0.06
MARK_DISTANCE: Final = 20.0
"""A mark is at least this far (delta E) from its hex's fill: a symbol's ink, not a shade of the fill."""
"""A colour covering this share of a hex's disk, after its fill, is its mark (a terrain symbol)."""
LINE_COVERAGE: Final = 0.6
"""A line colour seen at this share of a hexside's positions covers the hexside."""
GRID_SHARE: Final = 0.5
"""A line colour covering this share of all hexsides is the printed hex outline."""
INSIDE: Final = 0.9
"""A hex is sampled when this share of its disk lies on the image."""


# ---------------------------------------------------------------------------------------------------------------------
# Colours


def lab(rgb: NDArray[np.uint8], chunk: int = 131_072) -> Floats:
    """sRGB (0-255, D65) to CIELAB, row by row (a chunk of rows at a time: a mapboard's million samples would
    otherwise hold a few hundred megabytes of intermediate arrays)."""
    import numpy as np

    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    out: Floats = np.zeros((len(rgb), 3))
    for start in range(0, len(rgb), chunk):
        c = rgb[start : start + chunk].astype(np.float64) / 255.0
        linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
        xyz = linear @ m.T / np.array([0.95047, 1.0, 1.08883])
        f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
        out[start : start + chunk] = np.stack(
            [116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1
        )
    return out


def _rgb(colour: Floats) -> tuple[float, float, float]:
    """CIELAB back to sRGB (0-255), for showing a cluster's colour."""
    import numpy as np

    lightness, a, b = (float(v) for v in colour)
    fy = (lightness + 16) / 116
    f = np.array([fy + a / 500, fy, fy - b / 200])
    xyz = np.where(f > 0.206893, f**3, (f - 16 / 116) / 7.787) * np.array([0.95047, 1.0, 1.08883])
    m = np.array([[3.2406, -1.5372, -0.4986], [-0.9689, 1.8758, 0.0415], [0.0557, -0.2040, 1.0570]])
    linear = np.clip(m @ xyz, 0, 1)
    srgb = np.where(linear <= 0.0031308, 12.92 * linear, 1.055 * linear ** (1 / 2.4) - 0.055)
    return (float(srgb[0]) * 255, float(srgb[1]) * 255, float(srgb[2]) * 255)


def hex_colour(rgb: Sequence[float]) -> str:
    """``#rrggbb`` of a colour."""
    r, g, b = (max(0, min(255, round(float(v)))) for v in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def _nearest(points: Floats, centres: Floats, chunk: int = 65_536) -> tuple[Ints, Floats]:
    """Each point's nearest centre and its distance (a chunk of points at a time: the distances of a million
    points to sixteen centres would take a quarter of a gigabyte at once)."""
    import numpy as np

    labels = np.zeros(len(points), np.int64)
    dist = np.zeros(len(points))
    for start in range(0, len(points), chunk):
        part = points[start : start + chunk]
        d = ((part[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
        found = d.argmin(axis=1)
        labels[start : start + chunk] = found
        dist[start : start + chunk] = np.sqrt(d[np.arange(len(part)), found])
    return labels, dist


def cluster(
    points: Floats, k: int, *, merge: float = MERGE, rare: int = 5, iterations: int = 12, most: int = 30_000
) -> Floats:
    """Cluster centres of ``points`` (CIELAB): k-means++ seeded from a fixed generator (the same image always gives
    the same colours), on at most ``most`` points, then centres closer than ``merge`` merged. A colour k-means
    missed (one lake among a thousand hexes, one canal) is added where at least ``rare`` points lie within
    ``merge`` of a point farther than twice ``merge`` from every centre (fewer are noise)."""
    import numpy as np

    if len(points) == 0:
        return np.zeros((0, 3))
    rng = np.random.default_rng(0)
    if len(points) > most:
        points = points[rng.choice(len(points), most, replace=False)]
    k = min(k, len(points))
    centres = [points[rng.integers(len(points))]]
    d2 = ((points - centres[0]) ** 2).sum(axis=1)
    for _ in range(1, k):
        if d2.sum() == 0:
            break
        centres.append(points[rng.choice(len(points), p=d2 / d2.sum())])
        d2 = np.minimum(d2, ((points - centres[-1]) ** 2).sum(axis=1))
    found = np.array(centres)
    for _ in range(2):
        for _ in range(iterations):
            labels, _ = _nearest(points, found)
            found = np.array([points[labels == j].mean(axis=0) for j in range(len(found)) if (labels == j).any()])
        found = _merged(found, points, merge)
    return _with_rare(points, found, merge, rare)


def _with_rare(points: Floats, found: Floats, merge: float, rare: int) -> Floats:
    import numpy as np

    noise = np.zeros(len(points), bool)
    for _ in range(8):
        _, dist = _nearest(points, found)
        dist[noise] = 0.0
        i = int(dist.argmax())
        if dist[i] <= 2 * merge:
            break
        near = np.linalg.norm(points - points[i], axis=1) < merge
        if near.sum() < rare:
            noise |= near
            continue
        found = np.vstack([found, points[near].mean(axis=0)])  # kept where it is: k-means would pull it away
    return found


def _merged(centres: Floats, points: Floats, merge: float) -> Floats:
    """Centres closer than ``merge`` joined (weighted by their points), largest first."""
    import numpy as np

    labels, _ = _nearest(points, centres)
    counts = np.bincount(labels, minlength=len(centres))
    order = np.argsort(-counts)
    kept: list[tuple[Floats, int]] = []
    for j in order:
        if counts[j] == 0:
            continue
        for i, (c, n) in enumerate(kept):
            if np.linalg.norm(c - centres[j]) < merge:
                kept[i] = ((c * n + centres[j] * counts[j]) / (n + counts[j]), n + int(counts[j]))
                break
        else:
            kept.append((centres[j], int(counts[j])))
    return np.array([c for c, _ in kept])


# ---------------------------------------------------------------------------------------------------------------------
# Where to look


def _disk_offsets() -> list[tuple[float, float]]:
    steps = int(DISK / DISK_STEP)
    return [
        (i * DISK_STEP, j * DISK_STEP)
        for i in range(-steps, steps + 1)
        for j in range(-steps, steps + 1)
        if math.hypot(i * DISK_STEP, j * DISK_STEP) <= DISK
    ]


def side_corners(grid: Grid, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners of the hexside between ``a`` and ``b``, in grid units (hex radius 1)."""
    (ax, ay), (bx, by) = grid.centre(a), grid.centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = (bx - ax) / math.sqrt(3), (by - ay) / math.sqrt(3)
    return (mx - uy / 2, my + ux / 2), (mx + uy / 2, my - ux / 2)


def hexsides_between(hexes: Iterable[str], grid: Grid) -> list[tuple[str, str]]:
    """Every hexside between two of ``hexes`` (each once, in order)."""
    have = set(hexes)
    return sorted(
        {hexside_key(h, n) for h in have for n in grid.neighbours(h) if n in have},
        key=lambda s: (parse(s[0]), parse(s[1])),
    )


def hexes_on_image(fit: MapFit, width: int, height: int) -> list[str]:
    """The hexes of a map whose centre lies on the image, in row and column order."""
    back = fit.affine.inverse()
    corners = [back(x, y) for x, y in ((0, 0), (width, 0), (0, height), (width, height))]
    grid = Grid(fit.grid)
    found = []
    rows = range(40)
    vs = [v for _, v in corners]
    rows = range(max(0, math.floor(min(vs) / 1.5) - 1), min(39, math.ceil(max(vs) / 1.5) + 1) + 1)
    for r in rows:
        for c in range(100):
            h = label(fit.map, r, c)
            x, y = fit.affine(*grid.centre(h))
            if 0 <= x < width and 0 <= y < height:
                found.append(h)
    return found


class Positions(NamedTuple):
    """Every pixel position to read: ``x``, ``y`` (full resolution) and what each belongs to."""

    x: Floats
    y: Floats
    owner: Ints
    """The hex (index into ``hexes``) of a disk sample, or ``len(hexes) + hexside index`` for a hexside's."""
    along: Ints
    """For a hexside sample, its position along the hexside (index into :data:`ALONG`); -1 for a disk sample."""


def positions(fits: Mapping[MapName, MapFit], hexes: Sequence[str], sides: Sequence[tuple[str, str]]) -> Positions:
    import numpy as np

    disk = np.array(_disk_offsets())
    xs: list[Floats] = []
    ys: list[Floats] = []
    owners: list[Ints] = []
    alongs: list[Ints] = []
    for i, h in enumerate(hexes):
        fit = fits[parse(h).map]
        u, v = Grid(fit.grid).centre(h)
        a = fit.affine
        px = a.a * (u + disk[:, 0]) + a.b * (v + disk[:, 1]) + a.c
        py = a.d * (u + disk[:, 0]) + a.e * (v + disk[:, 1]) + a.f
        xs.append(px)
        ys.append(py)
        owners.append(np.full(len(disk), i))
        alongs.append(np.full(len(disk), -1))
    across = np.linspace(-ACROSS, ACROSS, ACROSS_STEPS)
    t_index, s_grid = np.meshgrid(np.arange(len(ALONG)), across, indexing="ij")
    t = np.array(ALONG)[t_index.ravel()]
    off = s_grid.ravel()
    for j, (a_hex, b_hex) in enumerate(sides):
        fit = fits[parse(a_hex).map]
        grid = Grid(fit.grid)
        (x0, y0), (x1, y1) = side_corners(grid, a_hex, b_hex)
        (ax, ay), (bx, by) = grid.centre(a_hex), grid.centre(b_hex)
        nx, ny = (bx - ax) / math.sqrt(3), (by - ay) / math.sqrt(3)
        gu = x0 + (x1 - x0) * t + nx * off
        gv = y0 + (y1 - y0) * t + ny * off
        a = fit.affine
        xs.append(a.a * gu + a.b * gv + a.c)
        ys.append(a.d * gu + a.e * gv + a.f)
        owners.append(np.full(len(t), len(hexes) + j))
        alongs.append(t_index.ravel().astype(np.int64))
    return Positions(np.concatenate(xs), np.concatenate(ys), np.concatenate(owners), np.concatenate(alongs))


def read(
    raster: Raster, x: Floats, y: Floats, progress: Callable[[int], None] | None = None
) -> tuple[NDArray[np.uint8], NDArray[np.bool_]]:
    """The RGB of the image at each position (nearest pixel, at the raster's working scale), read band by band,
    and whether it lies on the image."""
    import numpy as np

    w, h = raster.size
    ix = np.floor(x * raster.scale).astype(np.int64)
    iy = np.floor(y * raster.scale).astype(np.int64)
    on = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
    rgb = np.zeros((len(x), 3), np.uint8)
    order = np.argsort(np.where(on, iy, -1), kind="stable")
    sorted_y = np.where(on, iy, -1)[order]
    for band in raster.bands():
        top, bottom = band.top, band.top + band.pixels.shape[0]
        lo, hi = np.searchsorted(sorted_y, [top, bottom])
        chosen = order[lo:hi]
        # a JPEG decoded at a reduced scale may be a pixel narrower than the scale says (its size rounds up)
        rgb[chosen] = band.pixels[iy[chosen] - top, np.minimum(ix[chosen], band.pixels.shape[1] - 1)]
        if progress is not None:
            progress(bottom)
    return rgb, on


# ---------------------------------------------------------------------------------------------------------------------
# What the pixels say


class HexColours(NamedTuple):
    """The hexes read: each one's share of every palette colour, its fill and its mark (-1: none)."""

    hexes: tuple[str, ...]
    palette: Floats
    """The palette in CIELAB (one row a colour)."""
    palette_rgb: tuple[str, ...]
    shares: Floats
    fill: Ints
    mark: Ints


class SideLines(NamedTuple):
    """The hexsides read: how much of each is lined, the colour of its line, and the line colours found."""

    sides: tuple[tuple[str, str], ...]
    coverage: Floats
    """The share of each hexside's positions where a pixel far from both hexes' fills is seen."""
    line: Ints
    """Each hexside's line colour (index into ``lines``), -1 where it is not lined (coverage too low)."""
    agreement: Floats
    """The share of each hexside's positions whose line pixel is nearest its line colour."""
    lines: Floats
    lines_rgb: tuple[str, ...]
    grid: frozenset[int]
    """The line colours on most hexsides: the printed hex outline."""


class Reading(NamedTuple):
    hexes: HexColours
    sides: SideLines


def _mean_rgb(rgb: NDArray[np.uint8], labels: Ints, count: int) -> tuple[str, ...]:

    found = []
    for j in range(count):
        members = rgb[labels == j]
        found.append(hex_colour(members.mean(axis=0)) if len(members) else "#000000")
    return tuple(found)


def analyse(
    rgb: NDArray[np.uint8],
    on: NDArray[np.bool_],
    where: Positions,
    hexes: Sequence[str],
    sides: Sequence[tuple[str, str]],
) -> Reading:
    """Cluster the colours read at ``where`` into hex fills and marks and hexside lines (see the module's docstring).
    Hexes with less than :data:`INSIDE` of their disk on the image, and hexsides beside them, are left out."""
    import numpy as np

    colours = lab(rgb)
    n = len(hexes)
    disk = where.along < 0
    owner = where.owner
    on_disk = np.bincount(owner[disk], weights=on[disk].astype(np.float64), minlength=n)
    total = np.maximum(np.bincount(owner[disk], minlength=n), 1)
    kept = on_disk / total >= INSIDE
    use = disk & on & kept[np.minimum(owner, n - 1)]
    palette = cluster(colours[use], PALETTE)
    labels, _ = _nearest(colours[use], palette)
    shares = np.zeros((n, len(palette)))
    np.add.at(shares, (owner[use], labels), 1.0)
    shares = shares / np.maximum(shares.sum(axis=1, keepdims=True), 1.0)
    ranked = np.argsort(-shares, axis=1)
    fill = ranked[:, 0]
    # a mark is another ink (a symbol), not a shade of the fill: the most frequent colour far enough from it
    apart = np.linalg.norm(palette[:, None, :] - palette[None, :, :], axis=2) >= MARK_DISTANCE
    mark = np.full(n, -1)
    for i in range(n):
        for j in ranked[i, 1:]:
            if shares[i, j] < MARK_SHARE:
                break
            if apart[fill[i], j]:
                mark[i] = j
                break
    index = {h: i for i, h in enumerate(hexes)}
    keep = [i for i in range(n) if kept[i]]
    hex_colours = HexColours(
        hexes=tuple(hexes[i] for i in keep),
        palette=palette,
        palette_rgb=_mean_rgb(rgb[use], labels, len(palette)),
        shares=shares[keep],
        fill=fill[keep],
        mark=mark[keep],
    )
    # hexsides: a pixel far from both hexes' fills belongs to a line; at each position the line's pixel is the
    # most salient one (the core of a thick line, rather than a thin outline blurred into the fills beside it)
    side_ok = [j for j, (a, b) in enumerate(sides) if kept[index[a]] and kept[index[b]]]
    first = np.array([index[a] for a, _ in sides] or [0])
    other = np.array([index[b] for _, b in sides] or [0])
    across = ~disk & on
    side_of = np.where(across, owner - n, 0)
    ok = np.zeros(len(sides) + 1, bool)
    ok[side_ok] = True
    across &= ok[side_of]
    c = colours[across]
    sides_across = side_of[across]
    near = np.zeros(len(c))
    for start in range(0, len(c), 131_072):  # a chunk at a time: a mapboard has a million such pixels
        part = slice(start, start + 131_072)
        near[part] = np.minimum(
            np.linalg.norm(c[part] - palette[fill[first[sides_across[part]]]], axis=1),
            np.linalg.norm(c[part] - palette[fill[other[sides_across[part]]]], axis=1),
        )
    salient = near > SALIENT
    slot = (side_of[across] * len(ALONG) + where.along[across])[salient]
    strength = near[salient]
    best = np.full(len(sides) * len(ALONG), -1.0)
    np.maximum.at(best, slot, strength)
    top = strength >= best[slot]
    top_colour = np.zeros((len(sides) * len(ALONG), 3))
    top_colour[slot[top]] = c[salient][top]
    seen = (best > 0).reshape(len(sides), len(ALONG))
    coverage = seen.mean(axis=1)
    slots = top_colour.reshape(len(sides), len(ALONG), 3)
    lined = [j for j in side_ok if coverage[j] >= LINE_COVERAGE]
    medians = np.array([np.median(slots[j][seen[j]], axis=0) for j in lined]).reshape(len(lined), 3)
    lines = cluster(medians, LINE_COLOURS, merge=LINE_MERGE, rare=1)
    line = np.full(len(sides), -1)
    agreement = np.zeros(len(sides))
    lines_rgb: tuple[str, ...] = ()
    if len(lines):
        groups, _ = _nearest(medians, lines)
        line[lined] = groups
        for j, g in zip(lined, groups, strict=True):
            nearest, _ = _nearest(slots[j][seen[j]], lines)
            agreement[j] = float((nearest == g).mean()) * coverage[j]
        lines_rgb = tuple(hex_colour(_rgb(lines[g])) for g in range(len(lines)))
    grid = frozenset(g for g in range(len(lines)) if side_ok and (line[side_ok] == g).mean() >= GRID_SHARE)
    side_lines = SideLines(
        sides=tuple(sides[j] for j in side_ok),
        coverage=coverage[side_ok],
        line=line[side_ok],
        agreement=agreement[side_ok],
        lines=lines,
        lines_rgb=lines_rgb,
        grid=grid,
    )
    return Reading(hex_colours, side_lines)


def sample(
    raster: Raster,
    fits: Mapping[MapName, MapFit],
    hexes: Sequence[str],
    progress: Callable[[int], None] | None = None,
) -> Reading:
    """Read ``hexes`` (and every hexside between two of them) off the image."""
    hexes = [canonical(h) for h in hexes]
    by_map: dict[MapName, list[str]] = {}
    for h in hexes:
        by_map.setdefault(parse(h).map, []).append(h)
    sides = [s for m, hs in by_map.items() for s in hexsides_between(hs, Grid(fits[m].grid))]
    where = positions(fits, hexes, sides)
    rgb, on = read(raster, where.x, where.y, progress)
    return analyse(rgb, on, where, hexes, sides)
