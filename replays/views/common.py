"""What the views share: names in the words of the rules, tables that wrap instead of cutting, the console, and
changes between two states as data with a sentence for people.

A view never computes a rule: figures that need the rules (a limit, what remains of it, an expected launch) come
from the projection's queries or from :mod:`projections.rules`.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, cast

import msgspec
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
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


def _plain(value: Any) -> str:
    return value.plain if isinstance(value, Text) else "" if value is None else str(value)


def fits(out: Console, item: Table) -> bool:
    """Whether a table fits the console's width without cutting a word (an id, a number) in two, each column at
    least as wide as its longest word; where it must wrap, the columns' widths are set so that it wraps at spaces
    (rich left to itself may fold a word to make room for a wider column)."""
    texts = [[_plain(c.header), *(_plain(cell) for cell in c.cells)] for c in item.columns]
    if not texts:
        return True
    lows = [max((len(w) for t in column for w in t.split()), default=1) for column in texts]
    highs = [
        max((max((len(line) for line in t.splitlines()), default=0) for t in column), default=1) for column in texts
    ]
    widths = [c.width for c in item.columns]
    for column in item.columns:
        column.width = 1
    overhead = Measurement.get(out, out.options, item).maximum - len(item.columns)
    for column, width in zip(item.columns, widths, strict=True):
        column.width = width
    if sum(highs) + overhead <= out.width:
        return True
    room = out.width - overhead - sum(lows)
    if room < 0:
        return False
    spare = [high - low for low, high in zip(lows, highs, strict=True)]
    total = sum(spare) or 1
    for column, low, extra in zip(item.columns, lows, spare, strict=True):
        column.width = low + room * extra // total
    return True


def wrapped(text: str, width: int, indent: str = "", hang: str | None = None) -> list[str]:
    """Lines of at most ``width`` characters, broken only at spaces (a word, an id or a number is never split; one
    longer than the line stands alone on its line)."""
    return textwrap.wrap(
        text,
        width=max(20, width),
        initial_indent=indent,
        subsequent_indent=indent if hang is None else hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def width() -> int:
    """The width text for people is set to: the terminal's, or ``COLUMNS``; :data:`WIDE` in a file or a pipe."""
    return console().width


def folded(text: str, indent: str = "  ", columns: int | None = None) -> str:
    """Plain text wrapped to :func:`width` (or ``columns``, when a caller folding many lines has read it once) at
    spaces, each line on its own (continuations indented), as a terminal of that width shows it without cutting a
    word; unchanged at full width."""
    columns = width() if columns is None else columns
    if columns >= WIDE:
        return text
    return "\n".join(part for line in text.split("\n") for part in wrapped(line, columns, "", indent))


def plain_words(text: str) -> str:
    """A message written for people with internal names in it (an event's type, a field's path such as
    ``attrition_declared.defenders``) read in words: underscores become spaces, a path's dots a colon."""
    return _SNAKE_PATH.sub(lambda m: m[0].replace(".", ": ").replace("_", " "), text.replace("``", ""))


_SNAKE_PATH: Final = re.compile(r"(?<![\w:/-])[a-z][a-z0-9]*_[a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*(?![\w-])")


def stacked(item: Table, width: int) -> list[Text]:
    """A table too wide for the console, one row after another: the row's first cell as its heading, then each
    other cell under its column's name, wrapped at spaces."""
    lines = [Text(_plain(item.title), style="bold")] if item.title else []
    columns = [(_plain(c.header), list(c.cells)) for c in item.columns]
    for row in range(item.row_count):
        first = _plain(columns[0][1][row]) if columns else ""
        lines += [Text(line) for line in wrapped(first, width, "  ", "    ")]  # the row's heading
        for header, cells_ in columns[1:]:
            value = _plain(cells_[row])
            if value.strip():
                lines += [Text(line) for line in wrapped(f"{header}: {value}", width, "    ", "      ")]
    if item.caption:
        lines += [Text(line) for line in wrapped(_plain(item.caption), width)]
    return lines


def show(out: Console, item: RenderableType) -> None:
    """Print one renderable: a table as a table where it fits the console, one row after another where it does not;
    text wrapped at spaces."""
    if isinstance(item, Table) and (plain := plain_table(out, item)) is not None:
        out.print(plain)
        return
    if isinstance(item, Table) and not fits(out, item):
        for row in stacked(item, out.width):
            out.print(row)
        return
    if isinstance(item, Text) and out.width < WIDE:
        for part in wrapped(item.plain, out.width, "", "  "):
            out.print(Text(part, style=str(item.style)))
        return
    out.print(item)


class _Lines:
    """A table laid out by :func:`plain_table`: its lines, between its title and caption (which rich renders, as it
    does a table's)."""

    def __init__(self, item: Table, width: int, lines: list[str]) -> None:
        self.item = item
        self.width = width
        self.lines = lines

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        item = self.item
        render_options = options.update(width=self.width, highlight=item.highlight, height=None)
        if item.title:
            yield from self._annotation(
                console, render_options, item.title, item.title_style, "table.title", item.title_justify
            )
        for text in self.lines:
            yield Segment(text)
            yield Segment.line()
        if item.caption:
            yield from self._annotation(
                console, render_options, item.caption, item.caption_style, "table.caption", item.caption_justify
            )

    @staticmethod
    def _annotation(
        console: Console, options: ConsoleOptions, text: Any, style: Any, fallback: str, justify: Any
    ) -> Iterable[Segment]:
        """A title or a caption, as :meth:`rich.table.Table.__rich_console__` renders them."""
        if isinstance(text, str):
            text = console.render_str(text, style=Style.pick_first(style, fallback), highlight=False)
        return console.render(text, options=options.update(justify=justify))


_JUSTIFY: Final = {"left": "left", "default": "left", "full": "left", "right": "right", "center": "center"}
"""How one line of a cell is laid out for each of rich's justify methods (rich justifies each line of a cell as a
paragraph of its own, and ``full`` leaves a paragraph's last line as ``left`` and ``default`` do, the cell padded)."""

_VERTICAL: Final = frozenset({"top", "middle", "bottom"})


def plain_table(out: Console, item: Table) -> _Lines | None:
    """What rich prints for a table on a console without colour where it fits at its natural width, laid out here
    in one pass (rich measures and renders each cell through several layers: 0.1-0.3 s for the few hundred rows of
    ``awaw log --turn``). None where the table uses anything this does not lay out as rich does (colour, tabs, a
    line ending in a space, fixed or ratio widths, row lines, a footer, a table wider than the console): rich
    prints those itself. ``tests/test_plain_table.py`` holds the two to the same characters."""
    if out.color_system is not None or item.box is None or not item.columns or out.options.legacy_windows:
        return None
    if item.expand or item.width is not None or item.min_width is not None or item.show_footer or item.show_lines:
        return None
    if item.leading or any(row.end_section for row in item.rows) or item.collapse_padding:
        return None
    top, pad_right, bottom, pad_left = item.padding
    if top or bottom:
        return None
    columns = item.columns
    count = len(columns)
    laid: list[list[list[str]]] = []  # per column, per row: the cell's lines, padded to the column's width
    verticals: list[str] = []
    widths: list[int] = []
    for index, column in enumerate(columns):
        if column.width is not None or column.min_width is not None or column.max_width is not None or column.ratio:
            return None
        default = _JUSTIFY.get(column.justify)
        if default is None or column.vertical not in _VERTICAL:
            return None
        cells_ = [column.header, *column.cells] if item.show_header else list(column.cells)
        if not cells_:
            return None  # rich gives a column without cells the console's width
        column_lines: list[list[str]] = []
        column_justify: list[str] = []
        for cell in cells_:
            if isinstance(cell, str):
                cell = out.render_str(cell, highlight=False)
            elif not isinstance(cell, Text):
                return None
            text = cell.plain
            if "\t" in text or (text and text[-1].isspace()):
                return None
            lines_ = text.split("\n")
            if len(lines_) > 1 and (text.splitlines() != lines_ or any(p and p[-1].isspace() for p in lines_)):
                return None
            how = _JUSTIFY.get(cell.justify) if cell.justify else default
            if how is None:
                return None
            column_lines.append(lines_)
            column_justify.append(how)
        left = 0 if not item.pad_edge and index == 0 else pad_left
        right = 0 if not item.pad_edge and index == count - 1 else pad_right
        width = max((cell_len(p) for lines_ in column_lines for p in lines_), default=0) + left + right or 1
        inner = width - left - right
        widths.append(width)
        laid.append(
            [
                [f"{' ' * left}{_justified(p, inner, how)}{' ' * right}" for p in lines_]
                for lines_, how in zip(column_lines, column_justify, strict=True)
            ]
        )
        verticals.append(column.vertical)
    edge = item.show_edge
    table_width = sum(widths) + (2 if edge else 0) + count - 1
    if table_width > out.width:
        return None
    box_ = item.box.substitute(out.options, safe=item.safe_box if item.safe_box is not None else out.safe_box)
    box_ = box_ if item.show_header else box_.get_plain_headed_box()
    lines: list[str] = []
    if edge:
        lines.append(box_.get_top(widths))
    rows = len(laid[0])
    for row in range(rows):
        first, last = row == 0, row == rows - 1
        if first:
            left_edge, right_edge, divider = box_.head_left, box_.head_right, box_.head_vertical
        elif last:
            left_edge, right_edge, divider = box_.foot_left, box_.foot_right, box_.foot_vertical
        else:
            left_edge, right_edge, divider = box_.mid_left, box_.mid_right, box_.mid_vertical
        header = first and item.show_header
        cells_of_row = [laid[c][row] for c in range(count)]
        height = max(len(cell) for cell in cells_of_row)
        shaped = [
            _aligned(cell, widths[c], height, "bottom" if header else verticals[c])
            for c, cell in enumerate(cells_of_row)
        ]
        for line_no in range(height):
            body = divider.join(cell[line_no] for cell in shaped)
            lines.append(f"{left_edge}{body}{right_edge}" if edge else body)
        if header:
            lines.append(box_.get_row(widths, "head", edge=edge))
    if edge:
        lines.append(box_.get_bottom(widths))
    return _Lines(item, table_width, lines)


def _aligned(cell: list[str], width: int, height: int, vertical: str) -> list[str]:
    """A cell's lines in a row ``height`` lines high, as rich's ``Segment.align_top/middle/bottom`` place them."""
    room = height - len(cell)
    if not room:
        return cell
    blank = " " * width
    above = 0 if vertical == "top" else room if vertical == "bottom" else room // 2
    return [blank] * above + cell + [blank] * (room - above)


def _justified(text: str, width: int, how: str) -> str:
    """One line in ``width`` cells as rich lays it out: ``left`` pads on the right; ``right`` and ``center`` drop
    trailing spaces and pad on the left (``center``: half the room, rounded down, the rest on the right)."""
    if how == "left":
        return text + " " * (width - cell_len(text))
    text = text.rstrip()
    room = width - cell_len(text)
    if how == "right":
        return " " * room + text
    return " " * (room // 2) + text + " " * (room - room // 2)


def render(out: Console, renderables: Iterable[RenderableType]) -> None:
    for item in renderables:
        show(out, item)
