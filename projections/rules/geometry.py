"""Hex geometry of the two mapboards: hex ids, neighbours, distance, ranges, paths (10-16 extract 1.15).

A hex id is ``MAP:ROWCOLUMN`` (``EUR:K37``, ``PAC:DD11``): rows ``A`` to ``Z`` then ``AA``, ``BB`` ... ``NN`` (row
index 0 to 39, north to south), columns 0 to 99 (west to east); the ``Hex`` pattern of
:mod:`awaw_events.events.base` is the same. An id is parsed once (cached) into a :class:`HexId`.

**The European map (10-16 extract 1.15, derived from the 16.47 example).** The six neighbours of row ``r``,
column ``c`` are::

    (r, c-1)  (r, c+1)  (r-1, c)  (r-1, c+1)  (r+1, c-1)  (r+1, c)       (r-1: the row before, J before K)

which is axial coordinates ``q = c``, ``r = row``, with ``distance = (|dq| + |dr| + |dq + dr|) / 2``. The extract
checks it against every hex of the 16.47 example and against the Qattara hexsides MM26-NN26 and NN25-NN26 of
13.43B; ``tests/rules/test_geometry.py`` reproduces each of those statements.

**The Pacific map** is marked [UNSURE] in the extract: no rule text states its orientation. The named option
``map.pacific_grid`` (:mod:`awaw_events.options`) chooses:

* ``as_european`` (the default, the extract's): the same neighbours as the European map. The edge ranges the texts
  print are consistent with it (28.754F "O9 to CC2" and 30.225C "A23 to F18" both lose columns going south, as the
  European edges "A23 to EE1" and "A62 to Z53" do); that is circumstantial, not proof.
* ``mirrored``: rows offset the other way: ``(r-1, c-1)``, ``(r-1, c)``, ``(r+1, c)``, ``(r+1, c+1)`` and the two
  in the row (axial ``q = c - r``).

Geometry knows nothing of map edges, lakes, partial hexes or boxes: every row-and-column pair of the id space
exists here, and whether a hex is on the map, passable or a box is map data (:mod:`projections.rules.mapdata`).
Never infer legality from coordinates alone (10-16 extract 1.15 [DESIGN]).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal, NamedTuple, get_args

from awaw_events.errors import InputError
from awaw_events.options import INTERPRETATION_OPTIONS

MapName = Literal["EUR", "PAC"]
"""The two mapboards: the European (``EUR``) and the Pacific (``PAC``)."""

PacificGrid = Literal["as_european", "mirrored"]
"""The readings of the Pacific map's orientation (option ``map.pacific_grid``)."""

PACIFIC_GRID_OPTION: Final = "map.pacific_grid"
PACIFIC_GRIDS: Final[tuple[PacificGrid, ...]] = get_args(PacificGrid)
DEFAULT_PACIFIC_GRID: Final[PacificGrid] = "as_european"
assert INTERPRETATION_OPTIONS[PACIFIC_GRID_OPTION].values == PACIFIC_GRIDS
assert INTERPRETATION_OPTIONS[PACIFIC_GRID_OPTION].default == DEFAULT_PACIFIC_GRID

ROW_LABELS: Final[tuple[str, ...]] = tuple(chr(c) for c in range(ord("A"), ord("Z") + 1)) + tuple(
    chr(c) * 2 for c in range(ord("A"), ord("N") + 1)
)
"""Row labels north to south: A ... Z, then AA, BB ... NN (10-16 extract 1.15; 27-30 extract 5.5)."""
ROW_INDEX: Final[dict[str, int]] = {label: index for index, label in enumerate(ROW_LABELS)}
COLUMNS: Final = range(100)
"""Column numbers an id can carry (one or two digits)."""

_HEX_ID = re.compile(r"^(EUR|PAC):([A-Z]|AA|BB|CC|DD|EE|FF|GG|HH|II|JJ|KK|LL|MM|NN)(\d{1,2})$")


class HexId(NamedTuple):
    """A parsed hex id: the map, the row index (A = 0 ... NN = 39) and the column."""

    map: MapName
    row: int
    col: int

    def __str__(self) -> str:
        return f"{self.map}:{ROW_LABELS[self.row]}{self.col}"


class GeometryError(InputError):
    """A hex id that cannot be read, or a question geometry cannot answer (a distance between the two maps)."""


@functools.cache
def parse(hex_id: str) -> HexId:
    """``"EUR:K37"`` -> ``HexId("EUR", 10, 37)`` (cached: each id is parsed once per process).

    Raises :class:`GeometryError` for anything that is not a map-qualified hex id.
    """
    match = _HEX_ID.match(hex_id)
    if match is None:
        raise GeometryError(
            f"not a hex id: {hex_id!r} (expected the map, a colon, the row letters and the column, "
            "e.g. 'EUR:K37' or 'PAC:DD11')"
        )
    map_, row, col = match.groups()
    return HexId(map_, ROW_INDEX[row], int(col))  # type: ignore[arg-type]


def label(map_: MapName, row: int, col: int) -> str:
    """The canonical id of a row index and column (``label("EUR", 10, 37) == "EUR:K37"``)."""
    if not (0 <= row < len(ROW_LABELS) and col in COLUMNS):
        raise GeometryError(f"row {row}, column {col} is outside the hex id space (rows A-NN, columns 0-99)")
    return f"{map_}:{ROW_LABELS[row]}{col}"


@functools.cache
def canonical(hex_id: str) -> str:
    """The id in its one spelling (``EUR:K07`` -> ``EUR:K7``), so that ids compare equal when the hexes do."""
    return str(parse(hex_id))


def _in_space(row: int, col: int) -> bool:
    return 0 <= row < len(ROW_LABELS) and 0 <= col < len(COLUMNS)


# The six neighbour offsets (row, column) of each orientation; the order is west, east, then the row above, then
# the row below, each west to east.
_OFFSETS: Final[dict[PacificGrid, tuple[tuple[int, int], ...]]] = {
    "as_european": ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0)),
    "mirrored": ((0, -1), (0, 1), (-1, -1), (-1, 0), (1, 0), (1, 1)),
}


def _orientation(h: HexId, pacific: PacificGrid) -> PacificGrid:
    return pacific if h.map == "PAC" else "as_european"


def _axial(h: HexId, pacific: PacificGrid) -> tuple[int, int]:
    """Axial (q, r) of a hex: q = column on the European grid, q = column - row on the mirrored one."""
    if _orientation(h, pacific) == "mirrored":
        return h.col - h.row, h.row
    return h.col, h.row


@functools.cache
def _neighbours(hex_id: str, pacific: PacificGrid) -> tuple[str, ...]:
    h = parse(hex_id)
    return tuple(
        label(h.map, h.row + dr, h.col + dc)
        for dr, dc in _OFFSETS[_orientation(h, pacific)]
        if _in_space(h.row + dr, h.col + dc)
    )


class Grid(NamedTuple):
    """The geometry of both maps under one reading of the Pacific orientation (``map.pacific_grid``).

    Every method takes hex ids as strings (any spelling :func:`parse` accepts) and returns canonical ids.
    """

    pacific: PacificGrid = DEFAULT_PACIFIC_GRID

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """The (up to) six hexes adjacent to ``hex_id``: west, east, the two in the row above, the two below.

        Fewer than six only at the edge of the id space (row A, row NN, column 0, column 99); the printed map's
        edges are map data.
        """
        return _neighbours_of(hex_id, self.pacific)

    def adjacent(self, a: str, b: str) -> bool:
        """Do ``a`` and ``b`` share a hexside? (Hexes of different maps never do.)"""
        return _adjacent(a, b, self.pacific)

    def distance(self, a: str, b: str) -> int:
        """Hexes from ``a`` to ``b`` on the grid (0 for the same hex), ignoring terrain, edges and hexsides.

        Raises :class:`GeometryError` for hexes on different maps: no grid distance joins them.
        """
        ha, hb = parse(a), parse(b)
        if ha.map != hb.map:
            raise GeometryError(f"{a!r} and {b!r} are on different maps: no distance joins them")
        return self._distance(ha, hb)

    def _distance(self, ha: HexId, hb: HexId) -> int:
        qa, ra = _axial(ha, self.pacific)
        qb, rb = _axial(hb, self.pacific)
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def within(self, hex_id: str, n: int) -> frozenset[str]:
        """Every hex at most ``n`` hexes from ``hex_id`` (itself included): a range, a radius, a zone of reach."""
        if n < 0:
            raise GeometryError(f"a range is 0 or more hexes, not {n}")
        found = {canonical(hex_id)}
        frontier = set(found)
        for _ in range(n):
            frontier = {x for h in frontier for x in self.neighbours(h)} - found
            found |= frontier
        return frozenset(found)

    def ring(self, hex_id: str, n: int) -> frozenset[str]:
        """The hexes exactly ``n`` hexes from ``hex_id``."""
        return frozenset(h for h in self.within(hex_id, n) if self.distance(hex_id, h) == n)

    def common_neighbours(self, a: str, b: str) -> tuple[str, ...]:
        """The hexes adjacent to both ``a`` and ``b`` (two for adjacent hexes, at most two at distance 2)."""
        theirs = set(self.neighbours(b))
        return tuple(h for h in self.neighbours(a) if h in theirs)

    def path_breaks(self, path: Sequence[str]) -> tuple[int, ...]:
        """The indexes ``i`` at which ``path[i]`` is not adjacent to ``path[i - 1]`` (empty: every step is a move
        to an adjacent hex). A step that stays in the same hex is a break too."""
        return tuple(i for i in range(1, len(path)) if not self.adjacent(path[i - 1], path[i]))

    def is_path(self, path: Sequence[str]) -> bool:
        """Is ``path`` a chain of adjacent steps?"""
        return not self.path_breaks(path)

    def hexside(self, a: str, b: str) -> tuple[str, str]:
        """The hexside between two adjacent hexes as a canonical, ordered pair (the same for ``(a, b)`` and
        ``(b, a)``), the key map data uses. Raises :class:`GeometryError` if they are not adjacent."""
        if not self.adjacent(a, b):
            raise GeometryError(f"{a!r} and {b!r} are not adjacent: no hexside joins them")
        return hexside_key(a, b)

    def centre(self, hex_id: str) -> tuple[float, float]:
        """The centre of a hex, east and south of A0's centre, for pictures: pointy-top hexes of radius 1 (centre to
        corner), so neighbours' centres are sqrt(3) apart; the same row and column the rules use."""
        q, r = _axial(parse(hex_id), self.pacific)
        return math.sqrt(3) * (q + r / 2), 1.5 * r


@functools.cache
def _neighbours_of(hex_id: str, pacific: PacificGrid) -> tuple[str, ...]:
    """:meth:`Grid.neighbours` of any spelling of an id (cached: the audit asks for the same hexes again and again)."""
    return _neighbours(canonical(hex_id), pacific)


@functools.lru_cache(maxsize=1 << 16)
def _adjacent(a: str, b: str, pacific: PacificGrid) -> bool:
    ha, hb = parse(a), parse(b)
    return ha.map == hb.map and Grid(pacific)._distance(ha, hb) == 1


@functools.lru_cache(maxsize=1 << 16)
def hexside_key(a: str, b: str) -> tuple[str, str]:
    """Two hex ids as a canonical, ordered pair (no adjacency test: see :meth:`Grid.hexside`)."""
    ca, cb = canonical(a), canonical(b)
    pa, pb = parse(ca), parse(cb)
    return (ca, cb) if pa <= pb else (cb, ca)


def grid(options: Mapping[str, str] | None = None) -> Grid:
    """The grid a game plays on, from its options (``Meta.options``): ``map.pacific_grid`` or the default."""
    value = (options or {}).get(PACIFIC_GRID_OPTION, DEFAULT_PACIFIC_GRID)
    if value not in PACIFIC_GRIDS:
        raise GeometryError(f"option {PACIFIC_GRID_OPTION!r} takes one of {', '.join(PACIFIC_GRIDS)}, not {value!r}")
    return Grid(value)


DEFAULT_GRID: Final = Grid()
"""Both maps with the extract's reading (the Pacific as the European)."""


def rectangle(spec: str) -> tuple[str, ...]:
    """The hexes of a block of rows and columns, ``"EUR:K30..P42"`` (rows K to P, columns 30 to 42, both
    inclusive; the second corner may repeat the map: ``"EUR:K30..EUR:P42"``), row by row, west to east.

    A block of rows and columns as printed ids, not a geometric rectangle on the map (rows are offset).
    """
    first, sep, second = spec.partition("..")
    if not sep:
        raise GeometryError(f"not a block of hexes: {spec!r} (expected e.g. 'EUR:K30..P42')")
    a = parse(first.strip())
    second = second.strip()
    b = parse(second if ":" in second else f"{a.map}:{second}")
    if a.map != b.map:
        raise GeometryError(f"a block of hexes lies on one map: {spec!r}")
    if a.row > b.row or a.col > b.col:
        raise GeometryError(f"a block runs from its north-west corner to its south-east corner: {spec!r}")
    return tuple(label(a.map, r, c) for r in range(a.row, b.row + 1) for c in range(a.col, b.col + 1))


def hexes_of(specs: Iterable[str]) -> tuple[str, ...]:
    """Single ids and blocks (``"EUR:K37"``, ``"EUR:K30..P42"``) as one tuple of canonical ids, in order, once each."""
    seen: dict[str, None] = {}
    for spec in specs:
        for h in rectangle(spec) if ".." in spec else (canonical(spec),):
            seen.setdefault(h)
    return tuple(seen)


# The default grid's methods as functions, for checks that need no option (European hexes, or the extract's reading).
neighbours = DEFAULT_GRID.neighbours
adjacent = DEFAULT_GRID.adjacent
distance = DEFAULT_GRID.distance
within = DEFAULT_GRID.within
ring = DEFAULT_GRID.ring
common_neighbours = DEFAULT_GRID.common_neighbours
path_breaks = DEFAULT_GRID.path_breaks
is_path = DEFAULT_GRID.is_path
