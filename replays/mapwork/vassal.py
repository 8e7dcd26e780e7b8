"""The board images, hex grids and grid numbering of a VASSAL module, read as points for the grid fit.

A module (``.vmod``) is a zip: ``buildFile.xml`` (``buildFile`` before VASSAL 3.5) describes it in XML whose
element names are VASSAL's class names, and the board images are under ``images/``. What is read here, with
VASSAL's own meaning (``vassal-app/.../boardPicker/board/HexGrid.java``, ``mapgrid/HexGridNumbering.java``,
``RegularGridNumbering.java``, ``ObliqueHexGridNumbering.java``, ``Zone.java``, ``ZonedGrid.java``):

* a ``Board`` (``name``, ``image``) holds a ``HexGrid``, or a ``ZonedGrid`` of ``Zone`` s (``path``: a polygon
  ``x,y;x,y;...``; ``locationFormat``; ``useParentGrid``), each with its own ``HexGrid`` or the zoned grid's
  background one; a zone's grid is in the board's pixels, and a zone wins over the background where it lies;
* ``HexGrid``: ``dx``, ``dy`` (defaults ``sqrt(3)/2 * 64`` and 64), origin ``x0``, ``y0`` (0, 32) and ``sideways``.
  VASSAL's raw cell ``(nx, ny)`` is centred at ``u = dx*nx + x0``, ``v = dy*ny + y0`` (plus ``dy/2`` in odd
  columns ``nx``), with ``(x, y) = (u, v)``, or ``(v, u)`` for a sideways grid (the origin is not swapped);
* ``HexGridNumbering`` (``first``, ``sep``, ``hType``/``vType`` ``A`` or ``N``, ``hLeading``/``vLeading``,
  ``hOff``/``vOff``, ``hDescend``/``vDescend``, ``stagger``, ``locationFormat``): the name of a cell, letters
  ``A`` ... ``Z``, ``AA``, ``BB`` ... as the AWAW rows are; ``ObliqueHexGridNumbering`` slants one coordinate (the
  AWAW map's columns run slanted: a sideways grid with oblique numbering, ``stagger="false"``, names every hex as
  printed).

Each cell whose name reads as an AWAW hex id becomes a :class:`~replays.mapwork.fit.Point` at its centre, so a
module that numbers its hexes as printed calibrates with no click, and the fit's residual checks that the module's
numbering really is the AWAW one. Where it is not (most modules number offset columns), the module's grid still
gives every centre exactly: points a person gives are moved to the centre of the module's cell under them
(:func:`snap`).
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final, NamedTuple

from awaw_events.errors import InputError
from projections.rules.geometry import GeometryError, MapName, canonical
from replays.mapwork.fit import Point

SQRT3_2: Final = math.sqrt(3) / 2
BUILD_FILES: Final = ("buildFile.xml", "buildFile")
_AWAW_ID: Final = re.compile(r"(?:^|[^A-Z0-9])([A-Z]|AA|BB|CC|DD|EE|FF|GG|HH|II|JJ|KK|LL|MM|NN)-?(\d{1,2})$")


class ModuleError(InputError):
    """A VASSAL module that cannot be read, or has no board with a hex grid where one was asked for."""


class Numbering(NamedTuple):
    """A ``HexGridNumbering`` (or its oblique kind) with VASSAL's defaults."""

    first: str = "H"
    sep: str = ""
    h_type: str = "N"
    v_type: str = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descending: bool = False
    v_descending: bool = False
    stagger: bool = True
    oblique: bool = False
    location_format: str = "$gridLocation$"


class HexGrid(NamedTuple):
    """A ``HexGrid``: cell size, origin, orientation and numbering (None: the module names no cell)."""

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool
    numbering: Numbering | None


class Zone(NamedTuple):
    """A ``Zone`` of a zoned grid: its polygon, its location format, and its grid (None: no grid of its own and no
    use of the parent's)."""

    name: str
    polygon: tuple[tuple[int, int], ...]
    location_format: str
    grid: HexGrid | None


class Board(NamedTuple):
    """A board with its image (a member of the module) and its hex grids: a background grid and zones."""

    name: str
    image: str
    grid: HexGrid | None
    zones: tuple[Zone, ...]

    @property
    def has_hex_grid(self) -> bool:
        return self.grid is not None or any(z.grid is not None for z in self.zones)


def _kind(element: ET.Element) -> str:
    return element.tag.rsplit(".", 1)[-1]


def _bool(value: str | None, default: bool) -> bool:
    return default if value is None else value.strip().lower() == "true"


def _number(element: ET.Element, name: str, default: float, where: str) -> float:
    value = element.get(name)
    if value is None or not value.strip():
        return default
    try:
        found = float(value)
    except ValueError:
        raise ModuleError(f"{where}: {name}={value!r} is not a number") from None
    if not math.isfinite(found):
        raise ModuleError(f"{where}: {name}={value!r} is not a number")
    return found


def _numbering(element: ET.Element, where: str) -> Numbering:
    d = Numbering()

    def letter(name: str, default: str) -> str:
        value = (element.get(name) or default).strip() or default
        return value[0]

    def integer(name: str, default: int) -> int:
        return int(_number(element, name, default, where))

    return Numbering(
        first=letter("first", d.first),
        sep=element.get("sep", d.sep),
        h_type=letter("hType", d.h_type),
        v_type=letter("vType", d.v_type),
        h_leading=integer("hLeading", d.h_leading),
        v_leading=integer("vLeading", d.v_leading),
        h_off=integer("hOff", d.h_off),
        v_off=integer("vOff", d.v_off),
        h_descending=_bool(element.get("hDescend"), d.h_descending),
        v_descending=_bool(element.get("vDescend"), d.v_descending),
        stagger=_bool(element.get("stagger"), d.stagger),
        oblique=_kind(element) == "ObliqueHexGridNumbering",
        location_format=element.get("locationFormat") or d.location_format,
    )


def _hex_grid(element: ET.Element, where: str) -> HexGrid:
    dy = _number(element, "dy", 64.0, where)
    dx = _number(element, "dx", SQRT3_2 * dy, where)
    if dx <= 0 or dy <= 0:
        raise ModuleError(f"{where}: a hex grid's dx and dy are more than 0 (dx={dx:g}, dy={dy:g})")
    numbering = next(
        (_numbering(c, where) for c in element if _kind(c) in ("HexGridNumbering", "ObliqueHexGridNumbering")), None
    )
    return HexGrid(
        dx=dx,
        dy=dy,
        x0=int(_number(element, "x0", 0, where)),
        y0=int(_number(element, "y0", 32, where)),
        sideways=_bool(element.get("sideways"), False),
        numbering=numbering,
    )


def _polygon(path: str) -> tuple[tuple[int, int], ...]:
    points = []
    for pair in path.split(";"):
        xs, _, ys = pair.partition(",")
        try:
            points.append((int(xs.strip()), int(ys.strip())))
        except ValueError:
            continue  # VASSAL skips a point it cannot read (PolygonEditor.parseString)
    return tuple(points)


def _board(element: ET.Element) -> Board | None:
    name = element.get("name") or "(unnamed board)"
    image = element.get("image") or ""
    where = f"board {name!r}"
    grid: HexGrid | None = None
    zones: list[Zone] = []
    for child in element:
        kind = _kind(child)
        if kind == "HexGrid":
            grid = _hex_grid(child, where)
        elif kind == "ZonedGrid":
            background = next((_hex_grid(c, where) for c in child if _kind(c) == "HexGrid"), None)
            grid = background
            for z in child:
                if _kind(z) != "Zone":
                    continue
                zone_grid = next(
                    (_hex_grid(c, f"{where}, zone {z.get('name')!r}") for c in z if _kind(c) == "HexGrid"), None
                )
                if zone_grid is None and _bool(z.get("useParentGrid"), False):
                    zone_grid = background
                zones.append(
                    Zone(
                        name=z.get("name") or "",
                        polygon=_polygon(z.get("path") or ""),
                        location_format=z.get("locationFormat") or "$gridLocation$",
                        grid=zone_grid,
                    )
                )
    if not image:
        return None
    return Board(name=name, image=image, grid=grid, zones=tuple(zones))


def read_module(path: Path) -> tuple[Board, ...]:
    """Every board of a module that has an image, in the order of its build file."""
    try:
        with zipfile.ZipFile(path) as module:
            names = set(module.namelist())
            build = next((b for b in BUILD_FILES if b in names), None)
            if build is None:
                raise ModuleError(f"{str(path)!r} holds no buildFile.xml: is it a VASSAL module?")
            info = module.getinfo(build)
            if info.file_size > 64 * 1024 * 1024:
                raise ModuleError(f"{str(path)!r}: its {build} is {info.file_size} bytes, too large to be a build file")
            text = module.read(build)
    except FileNotFoundError:
        raise ModuleError(f"no such file: {str(path)!r}") from None
    except zipfile.BadZipFile as exc:
        raise ModuleError(f"{str(path)!r} is not a VASSAL module (a zip file): {exc}") from None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ModuleError(f"{str(path)!r}: its {build} is not XML: {exc}") from None
    boards = [b for b in (_board(e) for e in root.iter() if _kind(e) == "Board") if b is not None]
    return tuple(boards)


def image_member(path: Path, board: Board) -> str:
    """The zip member of a board's image (``images/NAME``; VASSAL also finds an image at the top of the zip)."""
    with zipfile.ZipFile(path) as module:
        names = set(module.namelist())
    for candidate in (f"images/{board.image}", board.image):
        if candidate in names:
            return candidate
    raise ModuleError(f"board {board.name!r} names the image {board.image!r}, which {str(path)!r} does not hold")


def choose_board(boards: Sequence[Board], name: str | None, path: Path) -> Board:
    """The board to calibrate: the one named, or the only one with a hex grid (else the names to choose from)."""
    gridded = [b for b in boards if b.has_hex_grid]
    if name is not None:
        found = next((b for b in boards if b.name == name), None)
        if found is None:
            known = ", ".join(repr(b.name) for b in boards) or "none"
            raise ModuleError(f"{str(path)!r} has no board {name!r} (boards with an image: {known})")
        return found
    if len(gridded) == 1:
        return gridded[0]
    if not gridded:
        raise ModuleError(
            f"{str(path)!r} has no board with a hex grid: give three hexes with --hex "
            + (f"and the board with --board ({', '.join(repr(b.name) for b in boards)})" if len(boards) > 1 else "")
        )
    raise ModuleError(
        f"{str(path)!r} has {len(gridded)} boards with a hex grid: choose one with --board "
        f"({', '.join(repr(b.name) for b in gridded)})"
    )


MAP_WORDS: Final[dict[MapName, tuple[str, ...]]] = {
    "EUR": ("eur", "europe", "european", "eto"),
    "PAC": ("pac", "pacific", "pto"),
}


def map_of_board(board: Board) -> MapName | None:
    """The mapboard a board's name says it is (``Europe`` -> EUR, ``Pacific map`` -> PAC), or None."""
    words = set(re.findall(r"[a-z]+", board.name.lower()))
    found = [m for m, names in MAP_WORDS.items() if words & set(names)]
    return found[0] if len(found) == 1 else None


# ---------------------------------------------------------------------------------------------------------------------
# Cells and their names, as VASSAL computes them


def _java_div(a: int, b: int) -> int:
    """Java's integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _java_round(x: float) -> int:
    return math.floor(x + 0.5)


def _letters(value: int) -> str:
    """VASSAL's alphabetic name of a coordinate: 0 -> A ... 25 -> Z, 26 -> AA, 27 -> BB (the AWAW rows' scheme)."""
    text = "-" if value < 0 else ""
    value = abs(value)
    while True:
        text += chr(ord("A") + value % 26)
        value -= 26
        if value < 0:
            return text


def _coordinate(value: int, kind: str, leading: int) -> str:
    if kind == "A":
        return _letters(value)
    text = "-" if value < 0 else ""
    value = abs(value)
    while leading > 0 and value < 10**leading:
        text += "0"
        leading -= 1
    return text + str(value)


def centre(grid: HexGrid, nx: int, ny: int) -> tuple[float, float]:
    """The pixel centre of VASSAL's raw cell ``(nx, ny)`` (HexGrid.hexPointCenterFromRawIndex, unrounded)."""
    u = grid.dx * nx + grid.x0
    v = grid.dy * ny + grid.y0 + (grid.dy / 2 if nx % 2 else 0.0)
    return (v, u) if grid.sideways else (u, v)


def cell_name(grid: HexGrid, nx: int, ny: int, size: tuple[int, int]) -> str | None:
    """VASSAL's location name of a raw cell (HexGridNumbering.getRow/getColumn, RegularGridNumbering.getName and
    the location format), ``size`` being its container's (for descending numbering); None without numbering."""
    n = grid.numbering
    if n is None:
        return None
    max_rows = math.floor(size[1] / grid.dx + 0.5)
    max_columns = math.floor(size[0] / grid.dy + 0.5)
    column = nx
    if n.v_descending and grid.sideways:
        column = max_rows - column
    if n.h_descending and not grid.sideways:
        column = max_columns - column
    row = ny
    if n.v_descending and not grid.sideways:
        row = max_rows - row
    if n.h_descending and grid.sideways:
        row = max_columns - row
    if n.stagger and nx % 2:
        descending = n.h_descending if grid.sideways else n.v_descending
        row += -1 if descending else 1
    if n.oblique:
        row = _java_div(column, 2) + row if n.stagger else row - _java_div(column, 2) + 1
    row_name = _coordinate(row + n.v_off, n.v_type, n.v_leading)
    column_name = _coordinate(column + n.h_off, n.h_type, n.h_leading)
    location = column_name + n.sep + row_name if n.first == "H" else row_name + n.sep + column_name
    return (
        n.location_format.replace("$gridLocation$", location)
        .replace("$row$", row_name)
        .replace("$column$", column_name)
    )


def _inside(polygon: Sequence[tuple[int, int]], x: float, y: float) -> bool:
    """Even-odd rule, as java.awt.Polygon.contains."""
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _raw_cells(grid: HexGrid, width: int, height: int) -> Iterator[tuple[int, int, float, float]]:
    """Every raw cell of ``grid`` whose centre is on a ``width`` x ``height`` image."""
    across, down = (height, width) if grid.sideways else (width, height)
    for nx in range(math.floor(-grid.x0 / grid.dx) - 1, math.ceil((across - grid.x0) / grid.dx) + 2):
        for ny in range(math.floor(-grid.y0 / grid.dy) - 1, math.ceil((down - grid.y0) / grid.dy) + 2):
            x, y = centre(grid, nx, ny)
            if 0 <= x < width and 0 <= y < height:
                yield nx, ny, x, y


class Cell(NamedTuple):
    """A grid cell on the board's image: its centre and its name (None where nothing names it)."""

    x: float
    y: float
    name: str | None


def cells(board: Board, width: int, height: int) -> Iterator[Cell]:
    """Every cell of the board's grids with its centre on the image: a zone's cells inside its polygon, the
    background grid's elsewhere (ZonedGrid.locationName: the first zone containing a point wins)."""
    for zone in board.zones:
        if zone.grid is None or len(zone.polygon) < 3:
            continue
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        size = (max(xs) - min(xs), max(ys) - min(ys))
        for nx, ny, x, y in _raw_cells(zone.grid, width, height):
            if _zone_at(board, x, y) is zone:
                name = cell_name(zone.grid, nx, ny, size)
                if name is not None:  # Zone.locationName: the zone's format around the grid's name
                    name = zone.location_format.replace("$name$", zone.name).replace("$gridLocation$", name)
                yield Cell(x, y, name)
    if board.grid is not None:
        for nx, ny, x, y in _raw_cells(board.grid, width, height):
            if _zone_at(board, x, y) is None:
                yield Cell(x, y, cell_name(board.grid, nx, ny, (width, height)))


def _zone_at(board: Board, x: float, y: float) -> Zone | None:
    return next((z for z in board.zones if len(z.polygon) >= 3 and _inside(z.polygon, x, y)), None)


def hex_id(name: str | None, map_: MapName) -> str | None:
    """The AWAW hex id a cell's name gives (``K37``, ``K-37``, ``Europe K37``), or None."""
    if not name:
        return None
    match = _AWAW_ID.search(name.strip())
    if match is None:
        return None
    try:
        return canonical(f"{map_}:{match.group(1)}{int(match.group(2))}")
    except GeometryError:
        return None


def named_points(board: Board, map_: MapName, width: int, height: int) -> tuple[list[Point], int]:
    """The cells whose names read as AWAW ids of ``map_``, as points (each id once: a name two cells share is
    left out), and how many cells there are in all."""
    found: dict[str, Point] = {}
    twice: set[str] = set()
    total = 0
    for cell in cells(board, width, height):
        total += 1
        h = hex_id(cell.name, map_)
        if h is None:
            continue
        if h in found:
            twice.add(h)
        found[h] = Point(h, cell.x, cell.y)
    return [p for h, p in found.items() if h not in twice], total


def snap(board: Board, x: float, y: float) -> tuple[float, float] | None:
    """The centre of the module's cell nearest to a pixel (its zone's grid, else the background), or None when no
    grid covers it."""
    zone = _zone_at(board, x, y)
    grid = zone.grid if zone is not None else board.grid
    if grid is None:
        return None
    u, v = (y, x) if grid.sideways else (x, y)
    nx0 = math.floor((u - grid.x0) / grid.dx)
    best: tuple[float, float] | None = None
    best_d = math.inf
    for nx in range(nx0 - 1, nx0 + 3):
        ny0 = math.floor((v - grid.y0 - (grid.dy / 2 if nx % 2 else 0)) / grid.dy)
        for ny in range(ny0 - 1, ny0 + 3):
            cx, cy = centre(grid, nx, ny)
            d = math.hypot(cx - x, cy - y)
            if d < best_d:
                best, best_d = (cx, cy), d
    return best


def describe(board: Board) -> str:
    """One line about a board's grid, for the grid file's ``source``."""
    grids = [g for g in (board.grid, *(z.grid for z in board.zones)) if g is not None]
    g = grids[0]
    numbering = "no numbering" if g.numbering is None else ("oblique numbering" if g.numbering.oblique else "numbering")
    zones = f", {len(board.zones)} zones" if board.zones else ""
    side = ", sideways" if g.sideways else ""
    return (
        f"VASSAL board {board.name!r}: hex grid dx={g.dx:g} dy={g.dy:g} x0={g.x0} y0={g.y0}{side}, {numbering}{zones}"
    )
