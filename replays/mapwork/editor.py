"""``awaw map edit``: one self-contained HTML page (no network) that edits a map-data file over the map's image.

The page shows the hex grid (over the calibrated image with ``--image``, else on its own), lets a person paint hex
facts (terrain, country, weather zone, front) by clicking or dragging over hexes, click hexsides for rivers, canals,
crossing arrows (straits) and all-water sides, confirm sampled facts in bulk (every one at or above a confidence,
of one fact or all), and save the file (the browser's download; the page's script writes the same format the file
was read in, one entry a line). Painting a fact, or clicking a sampled river, confirms it: a person's fact carries
no provenance. The script and its style are this package's ``editor.js`` and ``editor.css``, inlined.

The hexes drawn: with an image, every hex of its fitted maps whose centre is on it; without, the map's extent, or the
block of rows and columns holding the file's hexes (with a margin). The image is embedded (reduced to at most
:data:`MAX_SIDE` pixels a side, read in bands) only when asked for: the page then carries the group's image, and
says so.
"""

from __future__ import annotations

import base64
import html
import importlib.resources
import io
import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final, NamedTuple, get_args

import msgspec

from awaw_events.vocab import Front, WeatherZone
from projections.rules.geometry import COLUMNS, ROW_LABELS, Grid, MapName, hexside_key, label, parse
from projections.rules.mapdata import MapData, Terrain
from replays.maps import load_map_file
from replays.mapwork.fit import Affine, MapFit
from replays.mapwork.grids import CalibratedImage, open_calibrated
from replays.mapwork.raster import Raster, open_raster
from replays.mapwork.sampling import hexes_on_image, hexsides_between
from replays.pictures.counters import TERRAIN_COLOURS, WEATHER_ZONE_COLOURS

MAX_SIDE: Final = 4096
"""The longest side of the image as the page carries it (a reduced copy: enough to see every hex)."""
RADIUS: Final = 20.0
"""Page units from a hex's centre to a corner, without an image."""
MARGIN: Final = 1
LAYERS: Final = ("terrain", "country", "weather_zone", "front")
SIDE_TOOLS: Final = ("river", "canal", "crossing_arrow", "all_water", "none")
FRONT_COLOURS: Final = {
    "western": "#c0504d",
    "eastern": "#4f81bd",
    "mediterranean": "#f79646",
    "pacific": "#4bacc6",
    "asian": "#9bbb59",
    "southeast_asian": "#8064a2",
}


class Page(NamedTuple):
    """The page, and what it shows (for the command's summary)."""

    html: str
    hexes: int
    hexsides: int
    sampled: int
    image: bool


def thumbnail(raster: Raster, max_side: int = MAX_SIDE) -> tuple[bytes, float]:
    """The image reduced by a whole factor to at most ``max_side`` pixels a side, read band by band, as JPEG; and
    the scale from full-resolution pixels to the reduced image's."""
    from PIL import Image

    width, height = raster.size
    k = max(1, math.ceil(max(width, height) / max_side))
    rows = max(k, raster.band_rows() - raster.band_rows() % k)
    out = Image.new("RGB", (math.ceil(width / k), math.ceil(height / k)), "white")
    for band in raster.bands(rows):
        part = Image.fromarray(band.pixels)
        out.paste(part.reduce(k) if k > 1 else part, (0, band.top // k))
    buffer = io.BytesIO()
    out.save(buffer, "JPEG", quality=85)
    return buffer.getvalue(), raster.scale / k


def _block(hexes: Iterable[str]) -> list[str]:
    """The block of rows and columns holding ``hexes``, on each map, with :data:`MARGIN`."""
    bounds: dict[MapName, list[int]] = {}
    for h in hexes:
        p = parse(h)
        b = bounds.setdefault(p.map, [p.row, p.row, p.col, p.col])
        b[:] = [min(b[0], p.row), max(b[1], p.row), min(b[2], p.col), max(b[3], p.col)]
    found = []
    for m, (r0, r1, c0, c1) in sorted(bounds.items()):
        for r in range(max(0, r0 - MARGIN), min(len(ROW_LABELS) - 1, r1 + MARGIN) + 1):
            for c in range(max(0, c0 - MARGIN), min(len(COLUMNS) - 1, c1 + MARGIN) + 1):
                found.append(label(m, r, c))
    return found


def _cells(data: MapData, calibrated: CalibratedImage | None) -> tuple[list[str], dict[MapName, MapFit]]:
    """The hexes to draw and, per map, the affine map from grid coordinates to page units."""
    if calibrated is not None:
        on_image = calibrated.grid.fits()
        cells = [h for f in on_image.values() for h in hexes_on_image(f, calibrated.info.width, calibrated.info.height)]
        return cells, on_image
    extents = {e.map for e in data.extent}
    cells = [h for m in sorted(extents) for h in sorted(data.extent_of(m) or (), key=parse)]
    others = [f.hex for f in data.written_hexes if parse(f.hex).map not in extents]
    others += [h for s in data.written_hexsides for h in s.between if parse(h).map not in extents]
    cells += _block(others)
    if not cells:
        cells = _block(["EUR:K30", "EUR:P42"])  # an empty file: a block of the European map to start from
    fits: dict[MapName, MapFit] = {}
    top = 0.0
    for m in ("EUR", "PAC"):
        mine = [h for h in cells if parse(h).map == m]
        if not mine:
            continue
        grid = Grid("as_european")
        us = [grid.centre(h)[0] for h in mine]
        vs = [grid.centre(h)[1] for h in mine]
        affine = Affine(RADIUS, 0, RADIUS * (2 - min(us)), 0, RADIUS, top + RADIUS * (2 - min(vs)))
        fits[m] = MapFit(m, "as_european", affine, (), ())
        top += RADIUS * (max(vs) - min(vs) + 4)
    return cells, fits


def _page_geometry(cells: list[str], fits: Mapping[MapName, MapFit], scale: float) -> dict[str, object]:
    hexagon = [(math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k))) for k in range(6)]
    shapes = []
    for h in cells:
        fit = fits[parse(h).map]
        u, v = Grid(fit.grid).centre(h)
        points = [fit.affine(u + dx, v + dy) for dx, dy in hexagon]
        shapes.append({"hex": h, "points": " ".join(f"{x * scale:.1f},{y * scale:.1f}" for x, y in points)})
    lines = []
    for m, fit in fits.items():
        grid = Grid(fit.grid)
        for a, b in hexsides_between([h for h in cells if parse(h).map == m], grid):
            (au, av), (bu, bv) = grid.centre(a), grid.centre(b)
            mu, mv = (au + bu) / 2, (av + bv) / 2
            nu, nv = (bu - au) / math.sqrt(3), (bv - av) / math.sqrt(3)
            (x1, y1), (x2, y2) = fit.affine(mu - nv / 2, mv + nu / 2), fit.affine(mu + nv / 2, mv - nu / 2)
            key = hexside_key(a, b)
            lines.append(
                {
                    "between": f"{key[0]}|{key[1]}",
                    "x1": x1 * scale,
                    "y1": y1 * scale,
                    "x2": x2 * scale,
                    "y2": y2 * scale,
                }
            )
    return {"shapes": shapes, "lines": lines}


def _asset(name: str) -> str:
    return importlib.resources.files("replays.mapwork").joinpath(name).read_text(encoding="utf-8")


def edit_page(map_file: Path, *, image: Path | None = None, grid: Path | None = None) -> Page:
    """The editing page of ``map_file`` (over ``image`` and its grid file when given)."""
    loaded = load_map_file(map_file)
    data = loaded.data
    calibrated = open_calibrated(image, grid) if image is not None else None
    cells, fits = _cells(data, calibrated)
    embedded = None
    scale = 1.0
    width = height = 0.0
    if calibrated is not None:
        jpeg, scale = thumbnail(open_raster(calibrated.source))
        embedded = "data:image/jpeg;base64," + base64.b64encode(jpeg).decode("ascii")
        width, height = calibrated.info.width * scale, calibrated.info.height * scale
    geometry = _page_geometry(cells, fits, scale)
    if calibrated is None:
        xs = [float(p.split(",")[0]) for s in geometry["shapes"] for p in s["points"].split()]  # type: ignore[attr-defined]
        ys = [float(p.split(",")[1]) for s in geometry["shapes"] for p in s["points"].split()]  # type: ignore[attr-defined]
        width, height = max(xs) + 2 * RADIUS, max(ys) + 2 * RADIUS
    as_written = {
        "format": "awaw-map-data/1",
        "name": data.name,
        "version": data.version,
        "description": data.description,
        "extent": msgspec.to_builtins(data.extent),
        "hexes": msgspec.to_builtins(data.written_hexes),
        "hexsides": msgspec.to_builtins(data.written_hexsides),
    }
    payload = {
        "file": map_file.name,
        "map": as_written,
        "rows": list(ROW_LABELS),
        "vocab": {
            "terrain": list(get_args(Terrain)),
            "weather_zone": list(get_args(WeatherZone)),
            "front": list(get_args(Front)),
            "country": None,
        },
        "colours": {
            "terrain": dict(TERRAIN_COLOURS),
            "weather_zone": dict(WEATHER_ZONE_COLOURS),
            "front": FRONT_COLOURS,
        },
        "image": embedded is not None,
    }
    sampled = sum(len(f.provenance) for f in data.written_hexes) + sum(len(s.provenance) for s in data.written_hexsides)
    document = _document(map_file.name, payload, geometry, embedded, width, height, sampled, calibrated)
    return Page(document, len(cells), len(geometry["lines"]), sampled, embedded is not None)  # type: ignore[arg-type]


def _options(values: Iterable[str]) -> str:
    return "".join(f'<option value="{html.escape(v)}">{html.escape(v.replace("_", " "))}</option>' for v in values)


def _document(
    name: str,
    payload: Mapping[str, object],
    geometry: Mapping[str, object],
    image: str | None,
    width: float,
    height: float,
    sampled: int,
    calibrated: CalibratedImage | None,
) -> str:
    esc = html.escape
    shapes = "".join(
        f'<polygon data-hex="{s["hex"]}" points="{s["points"]}"><title>{s["hex"]}</title></polygon>'
        for s in geometry["shapes"]  # type: ignore[attr-defined]
    )
    lines = "".join(
        f'<line data-between="{ln["between"]}" x1="{ln["x1"]:.1f}" y1="{ln["y1"]:.1f}" x2="{ln["x2"]:.1f}" '
        f'y2="{ln["y2"]:.1f}"><title>{ln["between"].replace("|", "/")}</title></line>'
        for ln in geometry["lines"]  # type: ignore[attr-defined]
    )
    picture = f'<image href="{image}" x="0" y="0" width="{width:.1f}" height="{height:.1f}"/>' if image else ""
    warning = (
        f'<p class="warning">This page holds your map image ({esc(calibrated.source.label())}): keep it to your '
        "group. The map-data file it saves does not.</p>"
        if calibrated is not None
        else ""
    )
    data = json.dumps(payload, separators=(",", ":")).replace("</", "<\\/")
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f"<title>awaw map edit: {esc(name)}</title><style>{_asset('editor.css')}</style></head><body>"
        f'<header><h1>{esc(name)}</h1>{warning}</header><div class="work"><aside id="tools">'
        "<fieldset><legend>Hexes: click or drag to paint</legend>"
        f'<label>fact <select id="layer">{_options(LAYERS)}</select></label>'
        '<label>value <select id="value"></select>'
        '<input id="value-word" placeholder="a country: germany" hidden></label>'
        "</fieldset>"
        "<fieldset><legend>Hexsides: click one</legend>"
        f'<label>line <select id="side-tool">{_options(SIDE_TOOLS)}</select></label>'
        "<p>A click sets it (or confirms a sampled one); a second click takes it off.</p></fieldset>"
        f'<fieldset><legend>Sampled facts: <span id="sampled-count">{sampled}</span> unconfirmed</legend>'
        '<label>fact <select id="confirm-fact"><option value="all">all</option>'
        '<option value="terrain">terrain</option><option value="river">river</option></select></label>'
        '<label>confidence at least <span id="confidence-shown">0.80</span>'
        '<input id="confidence" type="range" min="0" max="1" step="0.01" value="0.8"></label>'
        '<button id="confirm" type="button">Confirm</button>'
        "<p>Dashed: sampled, unconfirmed; no check relies on it until you confirm it.</p></fieldset>"
        '<p><button id="zoom-out" type="button">\u2212</button> <button id="zoom-in" type="button">+</button> zoom</p>'
        f'<button id="save" type="button">Save {esc(name)}</button><p id="status"></p></aside>'
        f'<main><svg id="map" viewBox="0 0 {width:.1f} {height:.1f}" '
        f'width="{width:.0f}" height="{height:.0f}">{picture}<g id="hexes">{shapes}</g><g id="sides">{lines}</g>'
        "</svg></main></div>"
        f'<script id="awaw-map" type="application/json">{data}</script>'
        f"<script>{_asset('editor.js')}</script></body></html>\n"
    )
