"""The synthetic game's world: fronts laid out on the two mapboards, the units on them, and who holds which hex.

A *front* is a block of 9 rows and 8 columns of one mapboard where one Axis power faces one Allied power: in each row
one side holds the columns west of the front line and the other the columns east of it. The line moves one hex when
a hex on it is taken (an advance after combat, an occupation by movement or by attrition), and never so far that
either side keeps fewer than :data:`MARGIN` columns. Fronts fill bands of rows a row apart; side by side in a band
they face opposite ways, so that where two fronts touch the same side holds both edges. No front touches a hex the
shipped map data or a shipyard names, so that nothing here meets a rule about a particular place (the Maginot Line,
Sevastopol, a strait) that the generator does not play; the mapboards hold 72 fronts.

The counters of each power (infantry and armor factors, armor movement) are the scenario's, not rules; the costs,
limits and results the game pays and records come from :mod:`projections.rules`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Final, Literal

from awaw_events.vocab import FACTION_OF_POWER, Power, Side, WeatherZone
from awaw_events.vocab import Front as FrontName
from projections.rules.combat.stacking import STACKING_LIMITS
from projections.rules.construction.placement import HOME_BOXES as RULES_HOME_BOXES
from projections.rules.geometry import label, neighbours, parse

MapName = Literal["EUR", "PAC"]

ROWS: Final = 9
"""Rows of a front: a band of the mapboard (bands lie a row apart: rows 0-8, 10-18, 20-28, 30-38)."""
WIDTH: Final = 8
"""Columns of a front: four for each side at the start."""
MARGIN: Final = 2
"""Columns each side keeps at least: a front line that would leave fewer is not pushed further."""
BANDS: Final = (0, 10, 20, 30)
"""The first row of each band of fronts."""


STACK: Final = STACKING_LIMITS["standard"].ground_units or 0
"""Non-specialized ground units a hex holds at the end of a phase (12.11A)."""
BOX_STACK: Final = STACKING_LIMITS["mapboard_box"].ground_units
"""Ground units a mapboard box holds (None: any number, 12.18)."""


@dataclass(frozen=True, slots=True)
class Army:
    """A power's counters in this scenario: infantry and armor factors, armor's printed movement."""

    infantry: int
    armor: int | None
    armor_mf: int | None
    aaf: int | None
    prefix: str


ARMIES: Final[dict[Power, Army]] = {
    "germany": Army(3, 4, 6, 5, "ger"),
    "italy": Army(2, 2, 4, 3, "ita"),
    "japan": Army(3, 3, 4, 4, "jap"),
    "britain": Army(3, 3, 5, 4, "bri"),
    "france": Army(2, 3, 4, 3, "fra"),
    "usa": Army(3, 5, 6, 5, "usa"),
    "russia": Army(2, 3, 5, 3, "rus"),
    "china": Army(2, None, None, None, "chi"),
}

HOME_BOXES: Final[dict[Power, dict[MapName, str]]] = {
    "usa": {"EUR": "box:us_atlantic", "PAC": "box:us_pacific"},
    "russia": {"EUR": "box:urals", "PAC": "box:urals"},
}
"""Where the U.S. and Russia build their units: the U.S. boxes and the Urals box (27.42F-G). Every other power
builds in the rear of its front, whose country the map data does not give."""
assert all(set(boxes.values()) <= RULES_HOME_BOXES[power] for power, boxes in HOME_BOXES.items())


TEMPLATES: Final[dict[MapName, tuple[tuple[FrontName, Power, Power], ...]]] = {
    "EUR": (
        ("eastern", "germany", "russia"),
        ("western", "germany", "france"),
        ("mediterranean", "italy", "britain"),
        ("eastern", "germany", "russia"),
        ("western", "germany", "britain"),
        ("mediterranean", "italy", "usa"),
        ("eastern", "germany", "russia"),
        ("western", "germany", "usa"),
    ),
    "PAC": (
        ("asian", "japan", "china"),
        ("pacific", "japan", "usa"),
        ("southeast_asian", "japan", "britain"),
        ("asian", "japan", "china"),
    ),
}
"""Which powers face each other on the fronts of each mapboard, in the order fronts are opened."""


FRONT_ZONES: Final[dict[str, WeatherZone]] = {
    "eastern": "russian_winter",
    "western": "western",
    "mediterranean": "mediterranean",
    "southeast_asian": "monsoon",
}
"""The weather zone of the fronts of each name (the scenario's choice)."""


@functools.cache
def hex_id(map_: MapName, row: int, col: int) -> str:
    return label(map_, row, col)


@dataclass(slots=True, eq=False)
class Unit:
    """A counter: who owns it, what it is, where it stands (a hex, a chart, a box) and on which front."""

    id: str
    power: Power
    unit_type: str
    factors: int
    movement: int | None
    location: str
    front: int = -1

    @property
    def faction(self) -> str:
        return FACTION_OF_POWER[self.power]

    inverted: bool = False

    @property
    def ground(self) -> bool:
        return self.unit_type in ("infantry", "armor")


@dataclass(slots=True, eq=False)
class Front:
    """One front: its place, the two powers, which side holds the western columns, and the front line of each row
    (the first column of the eastern side)."""

    index: int
    name: FrontName
    map: MapName
    row0: int
    col0: int
    axis: Power
    allied: Power
    west: Side = "axis"
    line: list[int] = field(default_factory=list)
    coords: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Every hex of the front by id: (row, column)."""

    def __post_init__(self) -> None:
        if not self.line:
            self.line = [self.col0 + WIDTH // 2] * ROWS
        self.coords = {
            hex_id(self.map, r, c): (r, c)
            for r in range(self.row0, self.row0 + ROWS)
            for c in range(self.col0, self.col0 + WIDTH)
        }

    @property
    def weather_zone(self) -> WeatherZone | None:
        """The weather zone the front lies in (34.2-34.3): none for the Pacific and Chinese fronts here."""
        return FRONT_ZONES.get(self.name)

    @property
    def zone(self) -> str:
        """The attrition zone the front is (14.13): one per front."""
        return f"{self.name}-{self.index}"

    def power(self, side: Side) -> Power:
        return self.axis if side == "axis" else self.allied

    def rows(self) -> range:
        return range(self.row0, self.row0 + ROWS)

    def holds(self, hex_: str, side: Side) -> bool:
        """Whether ``side`` holds this hex of the front (False for a hex outside it)."""
        found = self.coords.get(hex_)
        if found is None:
            return False
        western = found[1] < self.line[found[0] - self.row0]
        return western == (side == self.west)

    def side_at(self, row: int, col: int) -> Side | None:
        """Who holds a hex of the front (None: outside it)."""
        if not (self.row0 <= row < self.row0 + ROWS and self.col0 <= col < self.col0 + WIDTH):
            return None
        western = col < self.line[row - self.row0]
        east: Side = "allied" if self.west == "axis" else "axis"
        return self.west if western else east

    def inward(self, side: Side) -> int:
        """The column step from the line into ``side``'s hexes (-1 for the western side)."""
        return -1 if side == self.west else 1

    def front_col(self, row: int, side: Side) -> int:
        """The column of ``side``'s hex on the front line in ``row``."""
        line = self.line[row - self.row0]
        return line - 1 if side == self.west else line

    def rear_col(self, side: Side) -> int:
        return self.col0 if side == self.west else self.col0 + WIDTH - 1

    def may_take(self, row: int, side: Side) -> bool:
        """Whether ``side`` may push the line in ``row`` one hex further (the other side keeps MARGIN columns)."""
        line = self.line[row - self.row0]
        if side == self.west:
            return self.col0 + WIDTH - line > MARGIN
        return line - self.col0 > MARGIN

    def take(self, row: int, side: Side) -> None:
        """``side`` took the other side's hex on the line in ``row``."""
        self.line[row - self.row0] += 1 if side == self.west else -1


def position(hex_: str) -> tuple[int, int]:
    found = parse(hex_)
    return found.row, found.col


def reserved_hexes(extra: list[str]) -> frozenset[str]:
    """Hexes no front may touch: every hex the shipped map data names (and their neighbours), and ``extra``."""
    from replays.maps import shipped_map_data

    data = shipped_map_data().data
    named = [h.hex for h in data.hexes] + [h for side in data.hexsides for h in side.between]
    named += [h for h in extra if h[:4] in ("EUR:", "PAC:")]
    return frozenset(n for h in named for n in (h, *neighbours(h)))


def lay_out(count: int | None, reserved: frozenset[str]) -> list[Front]:
    """``count`` fronts (None: as many as the mapboards hold), two European ones for each Pacific one while both
    have room, the powers of each as the templates order them.

    Each band of a mapboard is filled from west to east with fronts that clear the reserved hexes; fronts side by
    side face opposite ways (Axis-Allied, then Allied-Axis), so that the columns where they touch are held by the
    same side on both and no gap is needed between them.
    """
    free: dict[MapName, list[tuple[int, int, Side]]] = {"EUR": [], "PAC": []}
    for map_, places in free.items():
        for row0 in BANDS:
            col, previous = 0, None
            while col + WIDTH <= 100:
                block = {hex_id(map_, row0 + i, col + j) for i in range(ROWS) for j in range(WIDTH)}
                if block & reserved:
                    col += 1
                    continue
                west: Side = "allied" if previous == (col, "axis") else "axis"
                places.append((row0, col, west))
                col += WIDTH
                previous = (col, west)
    fronts: list[Front] = []
    used = {"EUR": 0, "PAC": 0}
    order: list[MapName] = ["EUR", "EUR", "PAC"]
    while count is None or len(fronts) < count:
        progress = False
        for map_ in order:
            if len(fronts) == count or used[map_] >= len(free[map_]):
                continue
            templates = TEMPLATES[map_]
            name, axis, allied = templates[used[map_] % len(templates)]
            row0, col0, west = free[map_][used[map_]]
            fronts.append(Front(len(fronts), name, map_, row0, col0, axis, allied, west))
            used[map_] += 1
            progress = True
        if not progress:
            if count is None:
                break
            raise ValueError(f"the mapboards hold at most {len(fronts)} fronts, not {count}")
    return fronts


@dataclass(slots=True)
class World:
    """Every unit (on the board, in a chart, in the force pool), the ground units standing in each hex, the fronts."""

    fronts: list[Front]
    units: dict[str, Unit] = field(default_factory=dict)
    stacks: dict[str, list[Unit]] = field(default_factory=dict)
    pool: dict[Power, list[Unit]] = field(default_factory=dict)
    air: dict[int, list[Unit]] = field(default_factory=dict)
    """The air units of each front."""
    inverted: list[Unit] = field(default_factory=list)
    """Units inverted in this player turn (missions flown, air built, ships launched): uninverted at its end."""
    """Units eliminated, back in their power's force pool (rebuilt in a later unit construction phase)."""

    def place(self, unit: Unit) -> None:
        self.units[unit.id] = unit
        if unit.ground and unit.location[:4] in ("EUR:", "PAC:", "box:"):
            self.stacks.setdefault(unit.location, []).append(unit)
        elif unit.unit_type == "aaf" and unit not in self.air.setdefault(unit.front, []):
            self.air[unit.front].append(unit)

    def move(self, unit: Unit, to: str) -> None:
        self.stacks[unit.location].remove(unit)
        unit.location = to
        self.stacks.setdefault(to, []).append(unit)

    def eliminate(self, unit: Unit) -> None:
        if unit.ground:
            self.stacks[unit.location].remove(unit)
        elif unit.unit_type == "aaf":
            self.air[unit.front].remove(unit)
        del self.units[unit.id]
        unit.inverted = False
        self.pool.setdefault(unit.power, []).append(unit)

    def at(self, hex_: str) -> list[Unit]:
        return self.stacks.get(hex_, [])

    def front_of(self, unit: Unit) -> Front:
        return self.fronts[unit.front]
