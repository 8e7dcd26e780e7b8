"""The column beside the maps of a board picture: the legend, the weather, notes, the units off the map (boxes,
SW boxes, shipyard charts: listed, never drawn at a position), the moves not drawn as arrows and what lies outside
the area."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from projections.board import BoardState, Unit
from projections.weather import Weather
from replays.pictures import counters
from replays.pictures.counters import COUNTER, INK, colour, counter, hexagon
from replays.pictures.scene import Group, Node, Polygon, Polyline, Rect, Text, arrow
from replays.pictures.units import Changes, stack_order, unit_group, unit_title
from replays.views.board import unit_words
from replays.views.common import country, location, name
from replays.views.weather import weather_words

PAD: Final = 24.0
SIDE: Final = 380.0
"""The width of the column."""


class Column:
    """The column beside the maps: lines of text, swatches and small counters, top to bottom."""

    def __init__(self, x: float, y: float, prefix: str) -> None:
        self.x, self.y, self.prefix = x, y, prefix
        self.group = Group(cls="legend")
        self.width = SIDE - PAD

    def heading(self, text: str) -> None:
        self.y += 10
        self.group.add(Text(x=self.x, y=self.y, text=text, size=12, bold=True, anchor="start"))
        self.y += 18

    def line(
        self,
        text: str,
        *,
        mark: Sequence[Node] | None = None,
        size: float = 10,
        cls: str | None = None,
        data: dict[str, str] | None = None,
    ) -> None:
        indent = 18 if mark is not None else 0
        for number, words in enumerate(_wrap(text, int((self.width - indent) / (0.58 * size)))):
            shapes: list[Node] = list(mark or []) if number == 0 else []
            shapes.append(Text(x=indent, y=0, text=words, size=size, anchor="start"))
            self.group.add(Group(children=shapes, x=self.x, y=self.y, cls=cls, data=dict(data or {})))
            self.y += size + 5

    def unit(self, unit: Unit, where: str, status: str, title: str) -> None:
        size = 16.0
        group = unit_group(unit, where, status, title, self.prefix)
        group.x, group.y = self.x + size / 2, self.y
        group.add(Group(children=counter(unit, crossed=status == "gone"), scale=size / COUNTER))
        words = unit_words(unit) + (
            "" if status == "in-play" else f" ({'no longer in play' if status == 'gone' else status})"
        )
        group.add(Text(x=size / 2 + 6, y=0, text=words, size=10, anchor="start"))
        self.group.add(group)
        self.y += size + 4


def _wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, max(10, width)) or [""]


def legend(
    column: Column,
    weather: Mapping[str, Weather],
    nationalities: Iterable[str],
    diffed: bool,
    notes: Iterable[str],
) -> None:
    """The colours of the nationalities drawn, the markers, each zone's weather (34), and the notes."""
    column.heading("Legend")
    for nationality in sorted(set(nationalities)):
        column.line(
            country(nationality), mark=[Rect(x=0, y=-6, w=12, h=12, fill=colour(nationality), stroke=INK, width=0.8)]
        )
    column.line(
        "hex control: a ring in the controller's colour",
        mark=[Polygon(points=tuple((6 + x, y) for x, y in hexagon(7)), stroke="#555555", width=2)],
    )
    column.line(
        "bridgehead (31): a flag in the faction's colour",
        mark=[Polygon(points=((2, -6), (2, 6), (11, 0)), fill="#999999", stroke=INK, width=1)],
    )
    column.line(
        "fortification (32): F, fortress FT, Maginot Line M, West Wall W, in the owner's colour",
        mark=[Polygon(points=((0, 4), (12, 4), (9, -4), (3, -4)), fill="#999999", stroke=INK, width=1)],
    )
    column.line(
        "counter: symbol or type, combat factors-movement; pale with a dashed edge when inverted, "
        "a red dot when damaged"
    )
    if diffed:
        column.line("moved since the earlier point", mark=arrow((0, 0), (14, 0)))
        column.line(
            "no longer in play (crossed out where it was)",
            mark=[
                Polyline(points=((0, -6), (12, 6)), stroke=counters.ELIMINATED, width=2.5),
                Polyline(points=((0, 6), (12, -6)), stroke=counters.ELIMINATED, width=2.5),
            ],
        )
    if weather:
        column.heading("Weather (34)")
        for zone, found in sorted(weather.items()):
            mark = [
                Rect(x=0, y=-6, w=12, h=12, stroke=counters.WEATHER_ZONE_COLOURS.get(zone, INK), width=1.5, dash=(3, 2))
            ]
            column.line(f"{name(zone)}: {weather_words(found)}", mark=mark, cls="weather", data={"zone": zone})
    for note in notes:
        column.line(note, size=9)


_LOCATION_ORDER: Final = {"box": 0, "sw": 1, "chart": 2}


def off_map(column: Column, off: dict[str, list[tuple[Unit, str]]], change: Changes | None, board: BoardState) -> None:
    if not off:
        return
    column.heading("Off the map")
    for where in sorted(off, key=lambda w: (_LOCATION_ORDER.get(w.partition(":")[0], 3), w)):
        column.line(location(where), size=10.5, cls="off-map-location", data={"location": where})
        for unit, status in sorted(off[where], key=lambda us: stack_order(us[0])):
            column.unit(unit, where, status, unit_title(unit, location(where), status, change, board))


def elsewhere(column: Column, moved: Mapping[str, tuple[str, str]], outside: Mapping[str, str]) -> None:
    """The moves not drawn as arrows (to or from a place off the map or outside the area), and how many units are
    on hexes outside the area."""
    if moved:
        column.heading("Moves not drawn as arrows")
        for unit_id, (a, b) in sorted(moved.items()):
            column.line(f"{unit_id}: {location(a)} → {location(b)}", cls="move-elsewhere", data={"unit": unit_id})
    if outside:
        column.heading("Outside the picture")
        column.line(f"{len(outside)} unit(s) on {len(set(outside.values()))} hex(es) outside the area drawn")
