"""What the views share: names in the words of the rules, tables that wrap instead of cutting, the console, and
changes between two states as data with a sentence for people.

A view never computes a rule: figures that need the rules (a limit, what remains of it, an expected launch) come
from the projection's queries or from :mod:`projections.rules`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any, Final, cast

import msgspec
from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, Power

WIDE: Final = 100_000
"""The console width when output goes to a file or a pipe: tables take their natural width, nothing is wrapped."""

SPECIAL_NAMES: Final[dict[str, str]] = {
    # powers and factions (27-30 extract section 5)
    "usa": "U.S.",
    "european_axis": "European Axis",
    "western_allies": "Western Allies",
    "free_french": "Free French",
    # the U.S. boxes (27.5, 40.x): "U.S. Atlantic box", never "Us Atlantic box"
    "us_atlantic": "U.S. Atlantic",
    "us_pacific": "U.S. Pacific",
    # unit types as printed on the counters (10; 27.11)
    "aaf": "AAF",
    "nas": "NAS",
    "snlf": "SNLF",
    "asw": "ASW",
    "dd": "DD",
    "cve": "CVE",
    "ca": "CA",
    "bb": "BB",
    "bc": "BC",
    "pb": "pocket battleship",
    "cv": "CV",
    "cvb": "CVB",
    "cvl": "CVL",
    "mech_infantry": "mech infantry",
    # tension tracks (A3R App. E)
    "rgt": "RGT",
    "usat": "USAT",
    "usjt": "USJT",
    # fortification kinds (32)
    "west_wall": "West Wall",
    "maginot": "Maginot Line",
}
"""Names that are not the id with its underscores turned into spaces and its first letter capitalised."""

TRACK_NAMES: Final[dict[str, str]] = {
    "rgt": "Russian-German tension (RGT)",
    "usat": "U.S. Atlantic tension (USAT)",
    "usjt": "U.S.-Japanese tension (USJT)",
}
"""The tension tracks (A3R App. E; 27.7322)."""


def name(key: str | None) -> str:
    """A game term as the rules write it: ``air_combat`` -> ``air combat``, ``aaf`` -> ``AAF``."""
    if not key:
        return "-"
    return SPECIAL_NAMES.get(key) or key.replace("_", " ")


def country(key: str | None) -> str:
    """A power, country or faction id as a proper name (``poland`` -> ``Poland``, ``usa`` -> ``U.S.``)."""
    if not key:
        return "-"
    return SPECIAL_NAMES.get(key) or key.replace("_", " ").title()


def faction_of(power: str) -> str | None:
    """The alliance faction of a major power (27-30 extract section 5), for views filtered by power."""
    return FACTION_OF_POWER.get(cast(Power, power))


def side_of(power: str) -> str | None:
    faction = faction_of(power)
    return None if faction is None else SIDE_OF_FACTION[cast(Any, faction)]


def powers_by_side(powers: Iterable[str]) -> list[tuple[str, list[str]]]:
    """Powers split into Axis and Allies (in the order of :data:`POWERS`), others last."""
    order: dict[str, int] = {p: i for i, p in enumerate(POWERS)}
    listed = sorted(set(powers), key=lambda p: (order.get(p, len(order)), p))
    groups = [
        ("Axis", [p for p in listed if side_of(p) == "axis"]),
        ("Allies", [p for p in listed if side_of(p) == "allied"]),
        ("Others", [p for p in listed if side_of(p) is None]),
    ]
    return [(title, members) for title, members in groups if members]


def location(where: str) -> str:
    """Where a counter is, in words: a hex stays as printed on the map (``EUR:K37``); charts and boxes are named."""
    kind, _, rest = where.partition(":")
    if kind in ("EUR", "PAC") or not rest:
        return where
    if kind == "chart":
        return f"{country(rest.replace('-', '_'))} naval construction chart"
    if kind == "sw":
        return f"{country(rest)} SW box"
    if kind == "box":
        return f"{country(rest)} box"
    return where


def number(value: int | None) -> str:
    return "-" if value is None else str(value)


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def console(*, width: int | None = None, file: Any = None) -> Console:
    """A console on standard output: the terminal's width on a terminal; full width (no wrapping, no forced
    column count) when written to a file or a pipe, unless ``COLUMNS`` or ``width`` says otherwise."""
    if width is not None:
        return Console(highlight=False, soft_wrap=False, width=width, file=file, color_system=None)
    plain = Console(highlight=False, soft_wrap=False, file=file)
    if plain.is_terminal:
        return plain
    columns = os.environ.get("COLUMNS", "")
    wide = int(columns) if columns.isdigit() and int(columns) > 0 else WIDE
    return Console(highlight=False, soft_wrap=False, width=wide, file=file, color_system=None)


def table(title: str | None, columns: Sequence[str], *, right: Iterable[str] = (), caption: str | None = None) -> Table:
    """A table whose cells wrap at word boundaries when the console is narrow, and are never cut with an ellipsis."""
    found = Table(
        title=title,
        caption=caption,
        box=box.SIMPLE_HEAD,
        title_justify="left",
        caption_justify="left",
        expand=False,
        pad_edge=False,
    )
    aligned = set(right)
    for column in columns:
        found.add_column(column, overflow="fold", justify="right" if column in aligned else "left")
    return found


def cells(*values: Any) -> list[Text]:
    """Table cells as plain text (no markup is read from the data)."""
    return [Text("" if v is None else str(v)) for v in values]


def heading(text: str) -> Text:
    return Text(text, style="bold")


def line(text: str) -> Text:
    return Text(text)


class Change(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One difference between two states: what it is about (a power, a unit, a hex), which figure, its value in
    the first state and in the second, and the sentence a player reads ("Germany: 15 BRPs fewer available,
    100 → 85"). ``a`` and ``b`` are plain data (``None`` where the first or second state lacks it)."""

    view: str
    subject: str
    what: str
    a: Any = None
    b: Any = None
    text: str = ""

    def as_json(self, first: str = "a", second: str = "b") -> dict[str, Any]:
        """The change as data, its two values under the names given (``before``/``after`` in a replay)."""
        return {"subject": self.subject, "what": self.what, first: self.a, second: self.b, "text": self.text}


def change_of_number(view: str, subject: str, what: str, a: int | None, b: int | None, unit: str) -> Change:
    """A change of a count, in plain words: ``Germany: 15 BRPs fewer available, 100 → 85``."""
    who = country(subject) if subject else "-"
    if a is None or b is None:
        text = f"{who}: {what} {arrow(a, b)}"
    else:
        more = "more" if b > a else "fewer"
        text = f"{who}: {abs(b - a)} {unit} {more} {what}, {a} → {b}"
    return Change(view=view, subject=subject, what=what, a=a, b=b, text=text)


def change_of_value(view: str, subject: str, what: str, a: Any, b: Any) -> Change:
    """A change of a figure, in plain words: ``Germany: construction limit 50 → 55``."""
    who = country(subject) if subject else "-"
    return Change(view=view, subject=subject, what=what, a=a, b=b, text=f"{who}: {what} {arrow(a, b)}")


def arrow(a: Any, b: Any) -> str:
    """``a → b``, with "none" for a missing value."""
    return f"{'none' if a is None else a} → {'none' if b is None else b}"


def render(out: Console, renderables: Iterable[RenderableType]) -> None:
    for item in renderables:
        out.print(item)
