"""A synthetic map image drawn from known map data, to test calibration and sampling (never the AWAW map).

The picture is made the way a printed map and its scan spoil a clean drawing: each hex filled with its terrain's
colour (varied a little from hex to hex, as print is), the terrain's symbol drawn in it (peaks, trees, tufts, dots),
hex outlines, the hex id printed at the top of each hex, rivers drawn as curves that leave the hexside by up to
:data:`RIVER_BEND` of a hex, then noise on every pixel, the whole turned and scaled (as a scan is), and saved as a
JPEG. :class:`Drawn` says where every hex ended up (the true affine map), so that a test compares what the fit and
the sampler recover with what was drawn.

The colours are this module's own (:data:`COLOURS`): a test names the clusters the sampler finds by looking at one
hex of each, as a person does, never by reading this table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final, NamedTuple

from projections.rules.geometry import Grid, PacificGrid, hexside_key, parse
from projections.rules.mapdata import MapData
from replays.mapwork.fit import Affine

COLOURS: Final[dict[str, tuple[int, int, int]]] = {
    "clear": (239, 231, 201),
    "forest": (150, 190, 128),
    "mountain": (201, 168, 119),
    "swamp": (176, 198, 170),
    "jungle": (112, 160, 96),
    "jungle_mountain": (150, 154, 92),
    "desert": (243, 217, 142),
    "outback": (227, 185, 138),
    "lake": (111, 166, 214),
    "sea": (168, 205, 232),
}
SYMBOLS: Final[dict[str, tuple[int, int, int]]] = {
    "forest": (70, 115, 60),
    "mountain": (110, 79, 46),
    "swamp": (80, 130, 115),
    "jungle": (40, 90, 45),
    "jungle_mountain": (90, 80, 40),
    "desert": (190, 160, 80),
    "outback": (170, 120, 80),
}
RIVER: Final = (42, 95, 176)
CANAL: Final = (20, 150, 140)
OUTLINE: Final = (110, 104, 96)
LABEL: Final = (60, 56, 52)
RIVER_BEND: Final = 0.15
"""The farthest a river's curve leaves its hexside, in hexes (centre to neighbouring centre)."""


class Drawn(NamedTuple):
    """What was drawn: the image file, the true affine map of each map's grid onto it, and the facts drawn."""

    path: Path
    affine: Affine
    grid: PacificGrid
    terrain: dict[str, str]
    rivers: frozenset[tuple[str, str]]
    size: tuple[int, int]
    canals: frozenset[tuple[str, str]] = frozenset()

    def centre(self, hex_id: str) -> tuple[float, float]:
        return self.affine(*Grid(self.grid).centre(hex_id))


def _corners(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + r * math.cos(math.radians(30 + 60 * k)), cy + r * math.sin(math.radians(30 + 60 * k))) for k in range(6)
    ]


def _symbol(draw: object, terrain: str, cx: float, cy: float, r: float, rng: random.Random) -> None:
    from PIL import ImageDraw

    assert isinstance(draw, ImageDraw.ImageDraw)
    ink = SYMBOLS.get(terrain)
    if ink is None:
        return
    s = 0.18 * r
    if terrain in ("mountain", "jungle_mountain"):
        for dx in (-0.22, 0.22):
            x, y = cx + dx * r, cy + 0.12 * r
            draw.polygon([(x - s, y), (x, y - 1.6 * s), (x + s, y)], fill=ink)
    elif terrain in ("forest", "jungle"):
        for dx, dy in ((-0.25, 0.1), (0.0, -0.15), (0.25, 0.1)):
            x, y = cx + dx * r, cy + dy * r
            draw.ellipse([x - 0.8 * s, y - 0.8 * s, x + 0.8 * s, y + 0.8 * s], fill=ink)
    elif terrain == "swamp":
        for dy in (-0.15, 0.05, 0.25):
            y = cy + dy * r
            draw.line([(cx - 0.3 * r, y), (cx + 0.3 * r, y)], fill=ink, width=max(1, round(0.07 * r)))
    else:  # desert, outback: dots
        for _ in range(7):
            x, y = cx + rng.uniform(-0.35, 0.35) * r, cy + rng.uniform(-0.3, 0.3) * r
            draw.ellipse([x - 0.06 * r, y - 0.06 * r, x + 0.06 * r, y + 0.06 * r], fill=ink)


def _bezier(
    a: tuple[float, float], c: tuple[float, float], b: tuple[float, float], n: int = 16
) -> list[tuple[float, float]]:
    return [
        (
            (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
            (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1],
        )
        for t in (i / n for i in range(n + 1))
    ]


def render(
    terrain: Mapping[str, str],
    rivers: Iterable[tuple[str, str]],
    path: Path,
    *,
    radius: float = 28.0,
    rotate: float = 3.0,
    scale: float = 0.7,
    quality: int = 70,
    noise: float = 6.0,
    jitter: float = 6.0,
    grid: PacificGrid = "as_european",
    seed: int = 1,
    origin: tuple[float, float] | None = None,
    size: tuple[int, int] | None = None,
    canals: Iterable[tuple[str, str]] = (),
) -> Drawn:
    """Draw the hexes of ``terrain`` (hex -> terrain), the ``rivers`` (hexside pairs) and the ``canals`` (drawn
    straight along their hexsides, in a paler blue) as a map image at
    ``path`` (JPEG at ``quality``, or PNG by its suffix): hexes of ``radius`` pixels, then turned ``rotate`` degrees
    (clockwise) and scaled by ``scale``. Deterministic for a ``seed``.

    ``origin`` and ``size`` draw on an image of that size with grid point (0, 0) at ``origin`` (as a VASSAL
    module's board image is, for a grid the module defines); by default the hexes fill the image with a margin."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    rng = random.Random(seed)
    geometry = Grid(grid)
    hexes = sorted(terrain, key=parse)
    coords = {h: geometry.centre(h) for h in hexes}
    us = [u for u, _ in coords.values()]
    vs = [v for _, v in coords.values()]
    margin = 2.0
    width = round(radius * (max(us) - min(us) + 2 * margin))
    height = round(radius * (max(vs) - min(vs) + 2 * margin))
    ox, oy = radius * (margin - min(us)), radius * (margin - min(vs))
    if origin is not None:
        ox, oy = origin
    if size is not None:
        width, height = size

    def at(h: str) -> tuple[float, float]:
        u, v = coords[h]
        return (ox + radius * u, oy + radius * v)

    image = Image.new("RGB", (width, height), (250, 248, 240))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=max(6, round(0.3 * radius)))
    for h in hexes:
        cx, cy = at(h)
        base = COLOURS[terrain[h]]
        fill = tuple(max(0, min(255, round(c + rng.uniform(-jitter, jitter)))) for c in base)
        draw.polygon(_corners(cx, cy, radius), fill=fill, outline=OUTLINE)
        _symbol(draw, terrain[h], cx, cy, radius, rng)
        name = h.split(":", 1)[1]
        draw.text((cx, cy - 0.62 * radius), name, fill=LABEL, font=font, anchor="mm")
    drawn_rivers = []
    for a, b in sorted(rivers, key=lambda side: (parse(side[0]), parse(side[1]))):
        key = hexside_key(a, b)
        if key[0] not in coords or key[1] not in coords:
            continue
        drawn_rivers.append(key)
        (ax, ay), (bx, by) = at(key[0]), at(key[1])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax) / (math.sqrt(3) * radius), (by - ay) / (math.sqrt(3) * radius)
        half = radius / 2
        start, end = (mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half)
        bend = rng.uniform(-RIVER_BEND, RIVER_BEND) * math.sqrt(3) * radius
        control = (mx + ux * 2 * bend, my + uy * 2 * bend)  # a quadratic curve reaches half its control's offset
        draw.line(_bezier(start, control, end), fill=RIVER, width=max(2, round(0.14 * radius)), joint="curve")
    drawn_canals = []
    for a, b in sorted(canals, key=lambda side: (parse(side[0]), parse(side[1]))):
        key = hexside_key(a, b)
        if key[0] not in coords or key[1] not in coords:
            continue
        drawn_canals.append(key)
        (ax, ay), (bx, by) = at(key[0]), at(key[1])
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax) / (math.sqrt(3) * radius), (by - ay) / (math.sqrt(3) * radius)
        half = radius / 2
        draw.line(
            [(mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half)],
            fill=CANAL,
            width=max(2, round(0.12 * radius)),
        )
    pixels = np.asarray(image, dtype=np.float32)
    pixels = pixels + np.random.default_rng(seed).normal(0.0, noise, pixels.shape).astype(np.float32)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
    # turn and scale: output pixel p shows input pixel M^-1 (p - t); M turns clockwise by `rotate` and scales
    theta = math.radians(rotate)
    cos, sin = math.cos(theta) * scale, math.sin(theta) * scale
    corners = [(0, 0), (width, 0), (0, height), (width, height)]
    turned = [(cos * x - sin * y, sin * x + cos * y) for x, y in corners]
    tx, ty = -min(x for x, _ in turned), -min(y for _, y in turned)
    out_w = math.ceil(max(x for x, _ in turned) + tx)
    out_h = math.ceil(max(y for _, y in turned) + ty)
    det = cos * cos + sin * sin
    ia, ib, id_, ie = cos / det, sin / det, -sin / det, cos / det
    data = (ia, ib, -(ia * tx + ib * ty), id_, ie, -(id_ * tx + ie * ty))
    if (rotate, scale) == (0, 1):
        out, (out_w, out_h), tx, ty = image, (width, height), 0.0, 0.0
    else:
        out = image.transform(
            (out_w, out_h), Image.Transform.AFFINE, data, resample=Image.Resampling.BICUBIC, fillcolor=(255, 255, 255)
        )
    if path.suffix.lower() in (".jpg", ".jpeg"):
        out.save(path, "JPEG", quality=quality)
    else:
        out.save(path)
    # grid (u, v) -> drawn pixel (ox + R u, oy + R v) -> turned and scaled
    affine = Affine(
        cos * radius,
        -sin * radius,
        cos * ox - sin * oy + tx,
        sin * radius,
        cos * radius,
        sin * ox + cos * oy + ty,
    )
    return Drawn(path, affine, grid, dict(terrain), frozenset(drawn_rivers), (out_w, out_h), frozenset(drawn_canals))


def vassal_module(
    terrain: Mapping[str, str], rivers: Iterable[tuple[str, str]], path: Path, *, radius: float = 20.0, seed: int = 1
) -> Drawn:
    """A fictional VASSAL module at ``path`` (a zip: ``buildFile.xml`` and ``images/board.png``) whose board is the
    image of ``terrain`` and ``rivers`` with a hex grid and an oblique grid numbering that names every hex as
    printed (see :mod:`replays.mapwork.vassal`), for the workshop's demonstrations and benchmarks."""
    import zipfile

    grid = Grid()
    hexes = list(terrain)
    rows = [parse(h).row for h in hexes]
    first_row = min(rows)
    dx, dy = 1.5 * radius, math.sqrt(3) * radius
    x0 = round(2 * radius - dx * first_row)  # VASSAL's raw column nx is the AWAW row
    k = -min(parse(h).col + parse(h).row // 2 for h in hexes) + 2  # raw row ny = column + floor(row / 2) + k
    y0 = round(radius)
    origin = (dy * k + y0, x0)
    us = [radius * grid.centre(h)[0] + origin[0] for h in hexes]
    vs = [radius * grid.centre(h)[1] + origin[1] for h in hexes]
    size = (math.ceil(max(us) + 2 * radius), math.ceil(max(vs) + 2 * radius))
    png = path.with_suffix(".board.png")
    drawn = render(terrain, rivers, png, radius=radius, rotate=0, scale=1, origin=origin, size=size, seed=seed)
    numbering = (
        '<VASSAL.build.module.map.boardPicker.board.mapgrid.ObliqueHexGridNumbering first="H" hOff="0" hType="A" '
        f'sep="" stagger="false" vLeading="0" vOff="{-(k + 1)}" vType="N"/>'
    )
    hex_grid = (
        f'<VASSAL.build.module.map.boardPicker.board.HexGrid dx="{dx!r}" dy="{dy!r}" x0="{x0}" y0="{y0}" '
        f'sideways="true">{numbering}</VASSAL.build.module.map.boardPicker.board.HexGrid>'
    )
    build = (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
        '<VASSAL.launch.BasicModule name="A fictional map (not AWAW)" version="1">'
        '<VASSAL.build.module.Map mapName="Main Map"><VASSAL.build.module.map.BoardPicker>'
        f'<VASSAL.build.module.map.boardPicker.Board image="board.png" name="Europe">{hex_grid}'
        "</VASSAL.build.module.map.boardPicker.Board></VASSAL.build.module.map.BoardPicker>"
        "</VASSAL.build.module.Map></VASSAL.launch.BasicModule>"
    )
    with zipfile.ZipFile(path, "w") as module:
        module.writestr("buildFile.xml", build)
        module.write(png, "images/board.png")
    png.unlink()
    return drawn._replace(path=path)


def name_legend(legend: str, drawn: Drawn) -> str:
    """A legend named as a person would name it looking at the map: each ``?`` replaced by what most of the examples
    its line lists show, the terrain drawn there (``-`` for the paper round the map), or ``river`` (``canal``) for a
    line whose examples mostly have a river (a canal) drawn (``-`` otherwise). For tests and benchmarks on a
    synthetic image only."""
    import re
    from collections import Counter

    from replays.mapwork.legend import parse_side

    def seen(kind: str, example: str) -> str:
        if kind == "hex":
            return drawn.terrain.get(example, "-")
        side = parse_side(example)
        return "river" if side in drawn.rivers else "canal" if side in drawn.canals else "-"

    out = []
    for line in legend.splitlines():
        fields = line.split()
        if len(fields) > 2 and fields[0] in ("hex", "line") and fields[2] == "?":
            listed = re.search(r"e\.g\. (.+)$", line)
            if listed is not None:
                votes = Counter(seen(fields[0], example) for example in listed.group(1).split())
                line = line.replace(" ? ", f" {votes.most_common(1)[0][0]} ", 1)
        out.append(line)
    return "\n".join(out) + "\n"


def facts_of(data: MapData, hexes: Iterable[str]) -> tuple[dict[str, str], set[tuple[str, str]], set[tuple[str, str]]]:
    """The terrain, river hexsides and canal hexsides that map data gives (as written, sampled or not) for the
    hexes of a region: what :func:`render` draws from it."""
    region = set(hexes)
    terrain: dict[str, str] = {
        f.hex: f.terrain for f in data.written_hexes if f.hex in region and f.terrain is not None
    }
    inside = [s for s in data.written_hexsides if set(s.between) <= set(terrain)]
    rivers = {s.between for s in inside if s.river == "river"}
    canals = {s.between for s in inside if s.river == "canal"}
    return terrain, rivers, canals
