"""Counters and markers as shapes: nationality colours, NATO-style type symbols, factors; the colours of terrain and
weather zones. Every counter is drawn on a 40 by 40 pixel square centred on (0, 0), to be moved and scaled into
its hex by :mod:`replays.pictures.board`.

Nothing here is a rule: these are the picture's choices (colours near those of the printed counters; a NATO box
for ground units, the counter's abbreviation for air and naval units).
"""

from __future__ import annotations

import functools
import hashlib
import math
from typing import Final

from awaw_events.vocab import AIR_TYPES, NAVAL_TYPES
from projections.board import Unit
from replays.pictures.scene import Ellipse, Group, Node, Polyline, Rect, Text

COUNTER: Final = 40.0
"""The side of a counter as drawn before scaling, in pixels."""

POWER_COLOURS: Final[dict[str, str]] = {
    "germany": "#9aa3a8",
    "italy": "#9cc46a",
    "japan": "#f2c94c",
    "britain": "#d2b07a",
    "france": "#79a6e6",
    "usa": "#6f8f3f",
    "russia": "#d0533f",
    "china": "#4fb3a9",
    "free_french": "#a9c8f0",
    "vichy": "#a08fd6",
    "communist_china": "#e07a7a",
    "commonwealth": "#e3c79a",
    # the alliance factions (bridgeheads, control shared by a faction)
    "european_axis": "#9aa3a8",
    "western_allies": "#d2b07a",
}
"""Counter colours of the major powers, the nationalities that change sides, and the factions."""

MINOR_COLOURS: Final = (
    "#e8d0d0",
    "#d0e0e8",
    "#e0e8d0",
    "#e8e0c8",
    "#d8d0e8",
    "#c8e8e0",
    "#f0d8b8",
    "#d0d0d0",
)
"""Minor countries: a pale colour picked by their name (the same colour in every picture)."""

TERRAIN_COLOURS: Final[dict[str, str]] = {
    "clear": "#f4f0dc",
    "forest": "#b9d6a0",
    "mountain": "#cdb592",
    "swamp": "#a9cbb9",
    "jungle": "#86b57f",
    "jungle_mountain": "#a0a872",
    "desert": "#f2e0a2",
    "outback": "#e9cb8c",
    "lake": "#a6cdee",
    "sea": "#c4def3",
}
"""Fill of a hex whose terrain the map data gives (13.41; 10-16 extract 4.1)."""

UNKNOWN_HEX: Final = "#fbfaf6"
"""Fill of a hex the map data says nothing about: no terrain is drawn that the data does not give."""

WEATHER_ZONE_COLOURS: Final[dict[str, str]] = {
    "russian_winter": "#3b6fb6",
    "siberia": "#6a3bb6",
    "eastern_poland": "#3bb6a8",
    "western": "#b67a3b",
    "mediterranean": "#b63b6f",
    "monsoon": "#3b9a3b",
    "clear": "#888888",
}
"""Outline colour of the hexes of each weather zone (31-34 extract 5.5), where the map data gives zones."""

GROUND_WORDS: Final[dict[str, str]] = {
    "replacement": "RP",
    "chindit": "CHN",
    "marine": "MAR",
    "snlf": "SNLF",
    "commando": "CDO",
    "flak": "AA",
    "partisan": "PTN",
}
"""Ground types without a NATO line symbol here: a short word in the box instead."""

TYPE_WORDS: Final[dict[str, str]] = {
    "aaf": "AAF",
    "jet": "JET",
    "air_transport": "ATR",
    "strategic_bomber": "SB",
    "interceptor": "INT",
    "nas": "NAS",
    "kamikaze": "KAM",
    "dd": "DD",
    "cve": "CVE",
    "ca": "CA",
    "bb": "BB",
    "bc": "BC",
    "pb": "PB",
    "cv": "CV",
    "cvb": "CVB",
    "cvl": "CVL",
    "transport": "TR",
    "submarine": "SS",
    "asw": "ASW",
}
"""The abbreviation printed on air and naval counters."""

INK: Final = "#1e1e1e"
ELIMINATED: Final = "#c01010"


@functools.lru_cache(maxsize=1 << 10)
def colour(nationality: str | None) -> str:
    """The colour of a nationality, power, faction or minor country (``commonwealth:canada`` as the Commonwealth)."""
    if not nationality:
        return "#cccccc"
    found = POWER_COLOURS.get(nationality) or POWER_COLOURS.get(nationality.partition(":")[0])
    if found:
        return found
    index = hashlib.sha256(nationality.encode()).digest()[0] % len(MINOR_COLOURS)
    return MINOR_COLOURS[index]


@functools.lru_cache(maxsize=1 << 10)
def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 120 else "#ffffff"


@functools.lru_cache(maxsize=1 << 10)
def darker(fill: str, by: float = 0.55) -> str:
    r, g, b = (int(int(fill[i : i + 2], 16) * by) for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


def type_symbol(unit_type: str, ink: str) -> list[Node]:
    """The type of a counter: a NATO box (infantry X, armour oval, airborne X and canopy) for ground units, the
    abbreviation for air and naval units; drawn in the upper part of the counter."""
    if unit_type in TYPE_WORDS:
        return [
            Text(
                x=0,
                y=-8,
                text=TYPE_WORDS[unit_type],
                size=12 if len(TYPE_WORDS[unit_type]) < 4 else 9.5,
                bold=True,
                fill=ink,
            )
        ]
    left, top, w, h = -13.0, -16.0, 26.0, 15.0
    box: list[Node] = [Rect(x=left, y=top, w=w, h=h, stroke=ink, width=1.4)]
    cross = [
        Polyline(points=((left, top), (left + w, top + h)), stroke=ink, width=1.2),
        Polyline(points=((left, top + h), (left + w, top)), stroke=ink, width=1.2),
    ]
    oval = Ellipse(cx=0, cy=top + h / 2, rx=8.5, ry=4.2, stroke=ink, width=1.2)
    if unit_type == "infantry":
        return box + cross
    if unit_type == "armor":
        return [*box, oval]
    if unit_type == "mech_infantry":
        return [*box, *cross, oval]
    if unit_type == "airborne":
        canopy = Polyline(
            points=((-5, top + h), (-3.5, top + h - 3), (0, top + h - 4), (3.5, top + h - 3), (5, top + h)),
            stroke=ink,
            width=1.2,
        )
        return [*box, *cross, canopy]
    word = GROUND_WORDS.get(unit_type, unit_type[:3].upper())
    return [*box, Text(x=0, y=top + h / 2, text=word, size=7.5 if len(word) < 4 else 6, bold=True, fill=ink)]


def factors_words(unit: Unit) -> str:
    """What the counter prints below its symbol: combat factors, and movement when the log gives it (``4-6``)."""
    return f"{unit.factors}-{unit.movement}" if unit.movement is not None else str(unit.factors)


def counter(unit: Unit, *, crossed: bool = False) -> list[Node]:
    """A counter on the 40-pixel square: nationality colour, type symbol, factors; paler with a dashed edge when
    inverted, a red dot when damaged, a red cross when it is gone (``crossed``). A board draws the same few kinds of
    counter again and again (a long game's report, thousands a step): each is made once, from what it shows."""
    shown = (unit.nationality, unit.owner, unit.unit_type, unit.factors, unit.movement, unit.inverted, unit.damaged)
    return list(_counter(*shown, crossed))


@functools.lru_cache(maxsize=1 << 12)
def _counter(
    nationality: str,
    owner: str,
    unit_type: str,
    factors: int,
    movement: int | None,
    inverted: bool,
    damaged: bool,
    crossed: bool,
) -> tuple[Node, ...]:
    unit = Unit(
        id="",
        owner=owner,
        nationality=nationality,
        unit_type=unit_type,
        factors=factors,
        location="",
        inverted=inverted,
        damaged=damaged,
        movement=movement,
    )
    fill = colour(unit.nationality)
    ink = ink_on(fill)
    half = COUNTER / 2
    edge = darker(fill) if unit.owner == unit.nationality else colour(unit.owner)
    shapes: list[Node] = [
        Rect(
            x=-half,
            y=-half,
            w=COUNTER,
            h=COUNTER,
            fill=fill,
            stroke=edge,
            width=2.5,
            opacity=0.55 if unit.inverted else 1.0,
            dash=(4.0, 2.5) if unit.inverted else (),
        ),
        *type_symbol(unit.unit_type, ink),
        Text(x=0, y=11, text=factors_words(unit), size=13 if unit.movement is None else 11.5, bold=True, fill=ink),
    ]
    if unit.damaged:
        shapes.append(Ellipse(cx=half - 5, cy=-half + 5, rx=3.5, ry=3.5, fill=ELIMINATED))
    if crossed:
        shapes += [
            Polyline(points=((-half, -half), (half, half)), stroke=ELIMINATED, width=4),
            Polyline(points=((-half, half), (half, -half)), stroke=ELIMINATED, width=4),
        ]
    return tuple(shapes)


def type_kind(unit_type: str) -> str:
    """``ground``, ``air`` or ``naval`` (10-16 extract 7.1), for the counter's ``data-kind``."""
    return "air" if unit_type in AIR_TYPES else "naval" if unit_type in NAVAL_TYPES else "ground"


def hexagon(radius: float) -> tuple[tuple[float, float], ...]:
    """A pointy-top hexagon around (0, 0), as :meth:`projections.rules.geometry.Grid.centre` lays the hexes out."""
    return tuple(
        (radius * math.cos(math.radians(a)), radius * math.sin(math.radians(a))) for a in (-90, -30, 30, 90, 150, 210)
    )


def swatch(fill: str, size: float = 12.0) -> Group:
    return Group(children=[Rect(x=0, y=-size / 2, w=size, h=size, fill=fill, stroke=darker(fill), width=1)])
