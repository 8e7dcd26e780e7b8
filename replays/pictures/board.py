"""The board picture (``awaw board``): the hexes of an area at their true positions, every unit in its hex, hex
control, bridgeheads, fortifications, the terrain and weather zones the map data gives, and, against an earlier
board, the moves as arrows and the units gone crossed out.

**Positions come from the geometry, nothing else.** A hex's centre is :meth:`projections.rules.geometry.Grid.centre`
of its id (the Pacific map by the game's ``map.pacific_grid`` option) times :data:`HEX_RADIUS` pixels, plus the
origin of its map's panel; neighbours are therefore one hex width (``sqrt(3) * HEX_RADIUS``) apart. Row letters and
column numbers sit on the edges, where the next hex of the row or the column would be.

**An area** is one or more blocks of rows and columns as printed on the map (``EUR:K30..P42``; rows are offset,
so a block is a parallelogram on the page). By default it is, on each map, the block of rows and columns that
holds every hex the units, hex control, bridgeheads and fortifications touch (at both points, with a diff), with
a margin of one hex. **Only hexes that exist are drawn**: where the map data gives a map's extent, the hexes of the
area outside it are left out (a unit on one is listed as outside the area); where it gives none, every hex of the
area is drawn.

**What the map data gives is drawn, and nothing else**: each hex's terrain (a sampled terrain nobody confirmed is
drawn paler, marked ``data-sampled``), coasts (a coast hexside, or a sea hex beside a land hex), rivers, canals,
impassable and all-water hexsides and printed fortifications, weather zones and place names; a hex the data says
nothing about is drawn blank. Each hex's id is written in it, except where a fortification marker takes the place.

**Every unit in its hex**: a unit's group is placed at its hex's centre (``transform="translate(x y)"``, and
``data-hex``); the counters of a stack are laid out in a grid inside the hex, each the same distance from the
centre in every picture of the same stack. Units off the map (boxes, SW boxes, shipyard charts) are listed beside
the map, never drawn at a position; units on a hex outside the area are counted there.

Each hex and unit carries its id in the SVG: a ``<title>`` (the tooltip a pointer shows), ``data-hex`` /
``data-unit``, and an ``id`` (with a prefix, so that several boards can share one HTML page).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from typing import Final, NamedTuple

from projections.board import BoardState, Unit
from projections.game import GameState
from projections.rules.geometry import (
    COLUMNS,
    ROW_LABELS,
    GeometryError,
    Grid,
    canonical,
    grid,
    hexes_of,
    hexside_key,
    label,
    parse,
)
from projections.rules.mapdata import HexFacts, MapData
from replays.pictures import counters
from replays.pictures.counters import COUNTER, INK, colour, counter, darker, hexagon
from replays.pictures.legend import PAD, SIDE, Column, elsewhere, legend, off_map
from replays.pictures.scene import Group, Node, Picture, Polygon, Polyline, Scene, Text, Use, arrow
from replays.pictures.units import Changes, changes, ident, stack_order, unit_group, unit_title
from replays.views.common import country, name

HEX_RADIUS: Final = 30.0
"""Pixels from a hex's centre to a corner: neighbouring centres are ``sqrt(3) * HEX_RADIUS`` apart."""
HEX_WIDTH: Final = math.sqrt(3) * HEX_RADIUS
MARGIN: Final = 1
"""Hexes added on each side of the default area."""
MAPS: Final = ("EUR", "PAC")
MAP_NAMES: Final = {"EUR": "European map (EUR)", "PAC": "Pacific map (PAC)"}
STACK: Final = 1.22 * HEX_RADIUS
"""The side of the square, centred in the hex, that holds a stack's counters (inside the hex: at most 1.268 R)."""
LARGEST: Final = 0.8 * HEX_RADIUS
"""The largest counter drawn (a unit alone in its hex)."""
HEX_EDGE: Final = "#b8b2a2"

Area = Mapping[str, frozenset[str]]
"""The hexes to draw, by map (``EUR``, ``PAC``)."""
Underlay = Callable[[str, tuple[float, float], float, tuple[float, float, float, float]], Picture | None]
"""``(map, origin, radius, (x, y, width, height))`` -> the picture beneath a map's panel: its hex at grid
coordinates ``(u, v)`` drawn at ``origin + radius * (u, v)`` (:mod:`replays.mapwork.underlay`), or None."""


# ---------------------------------------------------------------------------------------------------------------------
# Areas


def area_of(specs: Iterable[str]) -> dict[str, frozenset[str]]:
    """The area ``--area`` values name: blocks ``EUR:K30..P42`` (or single hexes), on one map or both.

    Raises :class:`GeometryError` naming the value that is not a block of hexes."""
    found: dict[str, set[str]] = {}
    for spec in specs:
        try:
            hexes = hexes_of([spec.strip()])
        except GeometryError as exc:
            raise GeometryError(
                f"not an area: {spec!r}: {exc}; an area is rows and columns as printed on the map, 'EUR:K30..P42'"
            ) from None
        for h in hexes:
            found.setdefault(parse(h).map, set()).add(h)
    return {m: frozenset(found[m]) for m in MAPS if m in found}


@functools.cache
def map_hex(where: str) -> str | None:
    """The canonical id of a location that is a hex of a map, or None (boxes, charts, SW boxes, countries)."""
    if not where.startswith(("EUR:", "PAC:")):
        return None
    try:
        return canonical(where)
    except GeometryError:
        return None


def touched_hexes(board: BoardState) -> set[str]:
    """The hexes the board's units, hex control, bridgeheads and fortifications are on."""
    places = [u.location for u in board.units.values()]
    places += [*board.control, *board.bridgeheads, *board.fortifications]
    return {h for h in map(map_hex, places) if h is not None}


def default_area(hexes: Iterable[str], margin: int = MARGIN) -> dict[str, frozenset[str]]:
    """On each map, the block of rows and columns holding ``hexes``, widened by ``margin`` (within the id space)."""
    bounds: dict[str, list[int]] = {}
    for h in hexes:
        p = parse(h)
        b = bounds.setdefault(p.map, [p.row, p.row, p.col, p.col])
        b[:] = [min(b[0], p.row), max(b[1], p.row), min(b[2], p.col), max(b[3], p.col)]
    area: dict[str, frozenset[str]] = {}
    for m in MAPS:
        if m in bounds:
            r0, r1, c0, c1 = bounds[m]
            rows = range(max(0, r0 - margin), min(len(ROW_LABELS) - 1, r1 + margin) + 1)
            cols = range(max(0, c0 - margin), min(len(COLUMNS) - 1, c1 + margin) + 1)
            area[m] = frozenset(label(m, r, c) for r in rows for c in cols)
    return area


def area_for(state: GameState, before: GameState | None = None) -> dict[str, frozenset[str]]:
    """The default area of a board (and of the board it is compared with)."""
    return default_area(touched_hexes(state.board) | (touched_hexes(before.board) if before is not None else set()))


def on_the_map(area: Area, map_data: MapData | None) -> tuple[dict[str, frozenset[str]], int]:
    """The hexes of ``area`` that exist (on a map whose extent the map data gives; every hex where it gives none),
    and how many were left out."""
    found: dict[str, frozenset[str]] = {}
    dropped = 0
    for m, hexes in area.items():
        extent = map_data.extent_of(m) if map_data is not None else None
        kept = hexes if extent is None else hexes & extent
        dropped += len(hexes) - len(kept)
        if kept:
            found[m] = frozenset(kept)
    return found, dropped


def area_words(area: Area) -> str:
    """An area in words: each map's block of rows and columns (``EUR:C6..FF50``)."""
    parts = []
    for m, hexes in area.items():
        ps = [parse(h) for h in hexes]
        r0, r1 = min(p.row for p in ps), max(p.row for p in ps)
        c0, c1 = min(p.col for p in ps), max(p.col for p in ps)
        parts.append(f"{m}:{ROW_LABELS[r0]}{c0}..{ROW_LABELS[r1]}{c1}")
    return ", ".join(parts)


# ---------------------------------------------------------------------------------------------------------------------
# The drawing


class BoardPicture(NamedTuple):
    """The scene, and what it shows as data (``awaw board --json``, tests): the hexes drawn, each unit drawn in a
    hex, each unit listed off the map, the units on hexes outside the area, the moves drawn as arrows and the units
    crossed out."""

    scene: Scene
    area: Area
    hexes: int
    on_map: dict[str, str]
    off_map: dict[str, str]
    outside: dict[str, str]
    arrows: dict[str, tuple[str, str]]
    crossed: dict[str, str]
    panels: tuple[PanelPlace, ...] = ()
    """Where each map's panel is on the page (:func:`hex_centre` of any hex)."""
    not_on_the_map: int = 0
    """How many hexes of the area the map data's extent says do not exist (not drawn)."""


HEXAGON: Final = hexagon(HEX_RADIUS)
CONTROL_RING: Final = hexagon(0.86 * HEX_RADIUS)
ZONE_RING: Final = hexagon(0.95 * HEX_RADIUS)


class PanelPlace(NamedTuple):
    """Where one map's panel is on the page: the page point (pixels) of the grid's origin (the centre of the map's
    A0, drawn or not), and the panel's top, bottom and width. With :func:`page_point`, every point the grid gives
    (:meth:`Grid.centre`, in hex radii) lands on the page: what an image underlay calibrated on the grid needs."""

    map: str
    origin: tuple[float, float]
    top: float
    bottom: float
    width: float


def page_point(place: PanelPlace, point: tuple[float, float]) -> tuple[float, float]:
    """A point of the grid (hex radii east and south of A0's centre, as :meth:`Grid.centre` gives them) on the page,
    in pixels: the one computation that puts every hex centre of the picture where it is drawn."""
    return (place.origin[0] + HEX_RADIUS * point[0], place.origin[1] + HEX_RADIUS * point[1])


def hex_centre(place: PanelPlace, geometry: Grid, hex_id: str) -> tuple[float, float]:
    """The page position (pixels) of a hex's centre on a board drawn with this panel and grid."""
    return page_point(place, geometry.centre(hex_id))


class _Panel:
    """One map's hexes on the page: pixel centres from the geometry, and where the panel's edges are."""

    def __init__(self, map_: str, hexes: frozenset[str], geometry: Grid, top: float) -> None:
        self.map = map_
        self.grid = geometry
        self.hexes = sorted(hexes, key=parse)
        a0 = geometry.centre(f"{map_}:A0")
        step_col = _minus(geometry.centre(f"{map_}:A1"), a0)
        step_row = _minus(geometry.centre(f"{map_}:B0"), a0)
        self._affine = (a0, step_row, step_col)
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for h in self.hexes:
            p = parse(h)
            rows.setdefault(p.row, []).append(p.col)
            cols.setdefault(p.col, []).append(p.row)
        self.row_labels = [(r, min(c) - 1, max(c) + 1) for r, c in sorted(rows.items())]
        self.col_labels = [(c, min(r) - 1, max(r) + 1) for c, r in sorted(cols.items())]
        points = [geometry.centre(h) for h in self.hexes]
        points += [self._unit_centre(r, c) for r, west, east in self.row_labels for c in (west, east)]
        points += [self._unit_centre(r, c) for c, north, south in self.col_labels for r in (north, south)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.origin = (PAD - HEX_RADIUS * min(xs) + HEX_WIDTH / 2, top + 30 - HEX_RADIUS * min(ys) + HEX_RADIUS)
        self.width = HEX_RADIUS * (max(xs) - min(xs)) + HEX_WIDTH + 2 * PAD
        self.top = top
        self.bottom = top + 30 + HEX_RADIUS * (max(ys) - min(ys)) + 2 * HEX_RADIUS

    def _unit_centre(self, row: int, col: int) -> tuple[float, float]:
        """The centre (in hex radii) of any row and column, even beyond the id space (for the edge labels): the
        geometry's centres are an affine function of the row and column."""
        (x0, y0), (rx, ry), (cx, cy) = self._affine
        return (x0 + row * rx + col * cx, y0 + row * ry + col * cy)

    @property
    def place(self) -> PanelPlace:
        return PanelPlace(self.map, self.origin, self.top, self.bottom, self.width)

    def at(self, hex_id: str) -> tuple[float, float]:
        return hex_centre(self.place, self.grid, hex_id)

    def at_row_col(self, row: int, col: int) -> tuple[float, float]:
        return page_point(self.place, self._unit_centre(row, col))


def _minus(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return (a[0] - b[0], a[1] - b[1])


def _hex_title(hex_id: str, board: BoardState, facts: HexFacts | None) -> str:
    lines = [hex_id + (f" {facts.name}" if facts is not None and facts.name else "")]
    controller = board.control.get(hex_id)
    if controller:
        lines.append(f"controlled by {country(controller)}")
    bridgehead = board.bridgeheads.get(hex_id)
    if bridgehead:
        lines.append(f"bridgehead of the {country(bridgehead.faction)} ({name(bridgehead.cause)}, {bridgehead.placed})")
    fort = board.fortifications.get(hex_id)
    if fort:
        built = "at set-up" if fort.built == "setup" else fort.built
        lines.append(f"{name(fort.kind)} of {country(fort.owner)} ({built})")
    if facts is not None:
        known = [
            f"{what} {name(str(value))}"
            for what, value in (("terrain", facts.terrain), ("weather zone", facts.weather_zone))
            if value
        ]
        if facts.fortification:
            known.append(f"printed {name(facts.fortification)}")
        lines += [f"map data: {', '.join(known)}"] if known else []
    return "\n".join(lines)


def hex_shape(terrain: str | None, sampled: bool = False) -> str:
    """The name of the definition a hex is drawn with: its fill is the terrain the map data gives, if any (paler,
    dashed, for a terrain sampled from an image that nobody confirmed)."""
    return (f"hex-{terrain}" + ("-sampled" if sampled else "")) if terrain else "hex"


HEX_SHAPES: Final = {
    **{
        hex_shape(terrain): [
            Polygon(
                points=HEXAGON, fill=counters.TERRAIN_COLOURS.get(terrain or "", counters.UNKNOWN_HEX), stroke=HEX_EDGE
            )
        ]
        for terrain in (None, *counters.TERRAIN_COLOURS)
    },
    **{
        hex_shape(terrain, sampled=True): [
            Polygon(points=HEXAGON, fill=counters.UNKNOWN_HEX, stroke=HEX_EDGE),
            Polygon(points=HEXAGON, fill=fill, opacity=0.45, stroke=HEX_EDGE, dash=(2, 2)),
        ]
        for terrain, fill in counters.TERRAIN_COLOURS.items()
    },
}
OVER_IMAGE: Final = "hex-over-image"
"""The definition of a hex drawn over the map's image: clear (the image shows it), still under the pointer."""
OVER_IMAGE_SHAPE: Final = (Polygon(points=HEXAGON, fill="#ffffff", opacity=0.0),)


def _extent(panel: _Panel) -> tuple[float, float, float, float]:
    """The box the panel's hexes fill (x, y, width, height), a hex radius round them."""
    points = [panel.at(h) for h in panel.hexes]
    x0 = min(x for x, _ in points) - HEX_RADIUS
    y0 = min(y for _, y in points) - HEX_RADIUS
    return (x0, y0, max(x for x, _ in points) + HEX_RADIUS - x0, max(y for _, y in points) + HEX_RADIUS - y0)


HEX_ID_Y: Final = -0.72 * HEX_RADIUS
"""Where a hex's id is written: near its top, above the counters' square (which reaches 0.61 R)."""


def _hex(
    hex_id: str, at: tuple[float, float], board: BoardState, facts: HexFacts | None, written: HexFacts | None
) -> tuple[Use, list[Group]]:
    """A hex (one ``<use>`` of its terrain's hexagon) and what is drawn over it: weather zone, control, name, id.
    ``facts`` are the confirmed facts, ``written`` the entry as written (a sampled terrain is drawn as such)."""
    terrain = facts.terrain if facts is not None else None
    sampled = terrain is None and written is not None and written.terrain is not None
    if sampled:
        assert written is not None
        terrain = written.terrain
    zone = facts.weather_zone if facts is not None else None
    data = {"hex": hex_id}
    over: list[Group] = []
    if terrain:
        data["terrain"] = terrain
    if sampled:
        data["sampled"] = "terrain"
    if zone:
        data["weather-zone"] = zone
        ring = Polygon(points=ZONE_RING, stroke=counters.WEATHER_ZONE_COLOURS[zone], width=1.5, dash=(3, 2))
        over.append(Group(children=[ring], x=at[0], y=at[1], cls="weather-zone", data={"hex": hex_id, "zone": zone}))
    controller = board.control.get(hex_id)
    if controller:
        data["controller"] = controller
        ring = Polygon(points=CONTROL_RING, stroke=darker(colour(controller), 0.85), width=3.5)
        over.append(
            Group(
                children=[ring],
                x=at[0],
                y=at[1],
                cls="control",
                title=f"{hex_id}: controlled by {country(controller)}",
                data={"hex": hex_id, "controller": controller},
            )
        )
    if facts is not None and facts.name:
        words = Text(x=0, y=0.75 * HEX_RADIUS, text=facts.name, size=6.5, fill="#555555")
        over.append(Group(children=[words], x=at[0], y=at[1], cls="place-name", data={"hex": hex_id}))
    if hex_id not in board.fortifications:  # the fortification marker takes the top of the hex
        short = hex_id.split(":", 1)[1]
        words = Text(x=0, y=HEX_ID_Y, text=short, size=6.5, fill="#8a8474")
        over.append(Group(children=[words], x=at[0], y=at[1], cls="hex-id", data={"hex": hex_id}))
    title = _hex_title(hex_id, board, facts) + ("\nmap data: terrain sampled, unconfirmed" if sampled else "")
    hexagon = Use(ref=hex_shape(terrain, sampled), x=at[0], y=at[1], cls="hex", title=title, data=data)
    return hexagon, over


FORT_LETTERS: Final = {"fortress": "FT", "fortification": "F", "maginot": "M", "west_wall": "W"}


def _markers(hex_id: str, at: tuple[float, float], board: BoardState, prefix: str) -> list[Group]:
    found = []
    r = HEX_RADIUS
    fort = board.fortifications.get(hex_id)
    if fort is not None:
        fill = colour(fort.owner)
        shape = Polygon(
            points=((-0.34 * r, -0.64 * r), (0.34 * r, -0.64 * r), (0.17 * r, -0.9 * r), (-0.17 * r, -0.9 * r)),
            fill=fill,
            stroke=INK,
            width=2 if fort.kind == "fortress" else 1,
        )
        letters = Text(
            x=0, y=-0.76 * r, text=FORT_LETTERS.get(fort.kind, "F"), size=6, bold=True, fill=counters.ink_on(fill)
        )
        found.append(
            Group(
                children=[shape, letters],
                x=at[0],
                y=at[1],
                ident=ident(prefix, "fortification", hex_id),
                cls="fortification",
                title=f"{name(fort.kind)} of {country(fort.owner)} at {hex_id}",
                data={"hex": hex_id, "kind": fort.kind, "owner": fort.owner},
            )
        )
    bridgehead = board.bridgeheads.get(hex_id)
    if bridgehead is not None:
        flag = Polygon(
            points=((-0.84 * r, -0.24 * r), (-0.84 * r, 0.24 * r), (-0.64 * r, 0)),
            fill=colour(bridgehead.faction),
            stroke=INK,
            width=1.2,
        )
        found.append(
            Group(
                children=[flag],
                x=at[0],
                y=at[1],
                ident=ident(prefix, "bridgehead", hex_id),
                cls="bridgehead",
                title=f"bridgehead of the {country(bridgehead.faction)} at {hex_id} ({name(bridgehead.cause)})",
                data={"hex": hex_id, "faction": bridgehead.faction},
            )
        )
    return found


def slots(count: int) -> list[tuple[float, float, float]]:
    """Where the counters of a stack of ``count`` go in their hex: (dx, dy) from its centre and their size, in a
    grid of ``ceil(sqrt(count))`` columns inside the hex's central square."""
    columns = max(1, math.ceil(math.sqrt(count)))
    rows = math.ceil(count / columns)
    cell = STACK / columns
    size = min(LARGEST, 0.9 * cell)
    found = []
    for i in range(count):
        row, col = divmod(i, columns)
        in_row = min(columns, count - row * columns)
        dx = (col - (in_row - 1) / 2) * cell
        dy = (row - (rows - 1) / 2) * cell
        found.append((dx, dy, size))
    return found


Stacks = dict[str, list[tuple[Unit, str]]]
"""Units by where they are drawn (a hex, or a place off the map), each with its status: ``in-play``, ``moved``,
``new`` (since the board compared with) or ``gone`` (drawn crossed out where it was)."""


def _place(board: BoardState, change: Changes | None, drawn: set[str]) -> tuple[Stacks, Stacks, dict[str, str]]:
    """The units of the board (and those gone since the board compared with) on the hexes drawn, off the map, and
    on hexes outside the area."""
    stacks: Stacks = {}
    off: Stacks = {}
    outside: dict[str, str] = {}
    placed = [(u, "in-play") for u in board.units.values()]
    if change is not None:
        placed = [(u, "moved" if u.id in change.moved else "new" if u.id in change.new else s) for u, s in placed]
        placed += [(u, "gone") for u in change.gone.values()]
    for unit, status in placed:
        h = map_hex(unit.location)
        if h is None:
            off.setdefault(unit.location, []).append((unit, status))
        elif h in drawn:
            stacks.setdefault(h, []).append((unit, status))
        else:
            outside[unit.id] = h
    return stacks, off, outside


def draw_board(
    state: GameState,
    *,
    map_data: MapData | None = None,
    area: Area | None = None,
    before: GameState | None = None,
    title: str = "",
    subtitle: str = "",
    notes: Iterable[str] = (),
    prefix: str = "",
    underlay: Underlay | None = None,
) -> BoardPicture:
    """The board of ``state`` over ``area`` (default: :func:`default_area` of what the board touches), with the
    hex facts of ``map_data``; with ``before``, the units moved since then drawn with arrows and the units gone
    crossed out. ``prefix`` starts every ``id`` (several boards in one page); ``notes`` go under the legend.
    ``underlay`` gives the picture to draw beneath a map's hexes (the calibrated image of ``awaw board --image``):
    its hexes are then drawn clear, so that the image shows through."""
    board = state.board
    geometry = grid(state.meta.options)
    change = changes(before.board, board) if before is not None else None
    if area is None:
        area = area_for(state, before)
    area, dropped = on_the_map(area, map_data)
    if dropped:
        notes = [*notes, f"{dropped:,} hexes of the area are not on the map (the map data's extent): not drawn."]
    drawn = {h for hexes in area.values() for h in hexes}
    stacks, off, outside = _place(board, change, drawn)
    scene = Scene(
        width=0,
        height=0,
        title=title,
        cls="awaw-board",
        defs=HEX_SHAPES if underlay is None else {**HEX_SHAPES, OVER_IMAGE: OVER_IMAGE_SHAPE},
        prefix=prefix,
        data={"hex-radius": f"{HEX_RADIUS:g}", "area": area_words(area)},
    )
    scene.children.append(Text(x=PAD, y=22, text=title, size=18, bold=True, anchor="start"))
    if subtitle:
        scene.children.append(Text(x=PAD, y=44, text=subtitle, size=12, anchor="start"))
    top = 62.0
    panels = []
    arrows: dict[str, tuple[str, str]] = {}
    on_map: dict[str, str] = {}
    for map_ in MAPS:
        if map_ not in area:
            continue
        panel = _Panel(map_, area[map_], geometry, top)
        panels.append(panel)
        group, drawn_arrows = _draw_panel(panel, board, map_data, stacks, change, prefix, underlay)
        scene.children.append(group)
        arrows.update(drawn_arrows)
        on_map.update({u.id: h for h in panel.hexes for u, status in stacks.get(h, []) if status != "gone"})
        top = panel.bottom + 16
    maps_width = max((p.width for p in panels), default=2 * PAD)
    column = Column(maps_width, 62.0, prefix)
    nationalities = [u.nationality for stack in (*stacks.values(), *off.values()) for u, _ in stack]
    if not panels:
        notes = [*notes, "No hex to draw: no unit, hex control, bridgehead or fortification on a map here."]
    legend(column, state.weather.zones, nationalities, change is not None, notes)
    off_map(column, off, change, board)
    elsewhere(column, {k: v for k, v in change.moved.items() if k not in arrows} if change else {}, outside)
    scene.children.append(column.group)
    scene.width = math.ceil(maps_width + SIDE)
    scene.height = math.ceil(max(top, column.y) + PAD)
    crossed = {u.id: u.location for stack in (*stacks.values(), *off.values()) for u, s in stack if s == "gone"}
    return BoardPicture(
        scene=scene,
        area=area,
        hexes=len(drawn),
        on_map=on_map,
        off_map={u.id: where for where, units in off.items() for u, s in units if s != "gone"},
        outside=outside,
        arrows=arrows,
        crossed=crossed,
        panels=tuple(p.place for p in panels),
        not_on_the_map=dropped,
    )


def _draw_panel(
    panel: _Panel,
    board: BoardState,
    map_data: MapData | None,
    stacks: dict[str, list[tuple[Unit, str]]],
    change: Changes | None,
    prefix: str,
    underlay: Underlay | None = None,
) -> tuple[Group, dict[str, tuple[str, str]]]:
    hexes = Group(cls="hexes")
    beneath = underlay(panel.map, panel.origin, HEX_RADIUS, _extent(panel)) if underlay is not None else None
    decorations = Group(cls="hex-marks")
    markers = Group(cls="markers")
    units = Group(cls="units")
    moves = Group(cls="moves")
    labels = Group(cls="labels")
    drawn = set(panel.hexes)
    for h in panel.hexes:
        at = panel.at(h)
        facts = map_data.hex(h) if map_data is not None else None
        written = map_data.written(h) if map_data is not None and map_data.sampled(h) else facts
        hexagon, over = _hex(h, at, board, facts, written)
        if beneath is not None:
            hexagon.ref = OVER_IMAGE  # the image shows the hex
        hexes.add(hexagon)
        decorations.add(*over)
        markers.add(*_markers(h, at, board, prefix))
        stack = sorted(stacks.get(h, []), key=lambda us: (us[1] == "gone", *stack_order(us[0])))
        for (unit, status), (dx, dy, size) in zip(stack, slots(len(stack)), strict=True):
            group = unit_group(unit, h, status, unit_title(unit, h, status, change, board), prefix)
            group.x, group.y = at
            group.add(Group(children=counter(unit, crossed=status == "gone"), x=dx, y=dy, scale=size / COUNTER))
            units.add(group)
    if map_data is not None:
        hexes.add(*_hexsides(panel, map_data, drawn))
    arrows: dict[str, tuple[str, str]] = {}
    for unit_id, (a, b) in sorted((change.moved if change is not None else {}).items()):
        ha, hb = map_hex(a), map_hex(b)
        if ha in drawn and hb in drawn:
            assert ha is not None and hb is not None
            arrows[unit_id] = (ha, hb)
            moves.add(
                Group(
                    children=arrow(panel.at(ha), panel.at(hb)),
                    cls="move",
                    ident=ident(prefix, "move", unit_id),
                    title=f"{unit_id}: {ha} → {hb}",
                    data={"unit": unit_id, "from": ha, "to": hb},
                )
            )
    for row, west, east in panel.row_labels:
        for col, side in ((west, "west"), (east, "east")):
            x, y = panel.at_row_col(row, col)
            labels.add(
                Group(
                    children=[Text(x=x, y=y, text=ROW_LABELS[row], size=12, bold=True, fill="#6b6657")],
                    cls="row-label",
                    data={"row": ROW_LABELS[row], "edge": side},
                )
            )
    for col, north, south in panel.col_labels:
        for row, side in ((north, "north"), (south, "south")):
            x, y = panel.at_row_col(row, col)
            labels.add(
                Group(
                    children=[Text(x=x, y=y, text=str(col), size=11, bold=True, fill="#6b6657")],
                    cls="column-label",
                    data={"column": str(col), "edge": side},
                )
            )
    heading = Text(x=PAD, y=panel.top + 12, text=MAP_NAMES[panel.map], size=13, bold=True, anchor="start")
    group = Group(
        children=[heading, *([beneath] if beneath else []), hexes, decorations, labels, markers, units, moves],
        cls="map",
        data={"map": panel.map},
    )
    return group, arrows


HEXSIDE_STYLES: Final = {
    "coast": ("#5b7f9e", 1.6),
    "river": ("#3a78c2", 3.0),
    "canal": ("#3a78c2", 2.0),
    "feature": ("#8a5a2b", 4.0),
    "fortification": ("#222222", 4.0),
    "all_water": ("#6fa8dc", 3.0),
}


def _side_line(panel: _Panel, a: str, b: str, what: str) -> Polyline:
    """A line along the side two adjacent hexes share: perpendicular to the line of their centres, one hex radius
    long, centred between them."""
    stroke, width = HEXSIDE_STYLES[what]
    (ax, ay), (bx, by) = panel.at(a), panel.at(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = (bx - ax) / HEX_WIDTH, (by - ay) / HEX_WIDTH
    half = HEX_RADIUS / 2
    return Polyline(
        points=((mx - uy * half, my + ux * half), (mx + uy * half, my - ux * half)), stroke=stroke, width=width
    )


def _is_sea(facts: HexFacts | None) -> bool | None:
    terrain = facts.terrain if facts is not None else None
    return None if terrain is None else terrain == "sea"


def _hexsides(panel: _Panel, map_data: MapData, drawn: set[str]) -> list[Node]:
    """The hexsides the map data describes between two hexes drawn (a line along the side they share), and the
    coasts: a coast hexside, or the side between a sea hex and a land hex."""
    found: list[Node] = []
    coasts: set[tuple[str, str]] = set()
    for side in map_data.hexsides:
        a, b = side.between
        if a not in drawn or b not in drawn or not panel.grid.adjacent(a, b):
            continue
        if side.coast:
            coasts.add(side.between)
        what = (
            side.river
            or ("feature" if side.feature else "fortification" if side.fortification else None)
            or ("all_water" if side.all_water else None)
        )
        if what is None:
            continue
        found.append(
            Group(
                children=[_side_line(panel, a, b, what)],
                cls="hexside",
                title=f"{a}-{b}: "
                + ", ".join(name(str(v)) for v in (side.river, side.feature, side.fortification, side.all_water) if v),
                data={"between": f"{a} {b}", "kind": what},
            )
        )
    for facts in map_data.hexes:
        if facts.hex in drawn and facts.terrain == "sea":
            for n in panel.grid.neighbours(facts.hex):
                if n in drawn and _is_sea(map_data.hex(n)) is False:
                    coasts.add(hexside_key(facts.hex, n))
    for a, b in sorted(coasts, key=lambda s: (parse(s[0]), parse(s[1]))):
        found.append(
            Group(
                children=[_side_line(panel, a, b, "coast")],
                cls="coast",
                title=f"{a}-{b}: coast",
                data={"between": f"{a} {b}", "kind": "coast"},
            )
        )
    return found
