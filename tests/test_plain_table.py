"""A table laid out by :func:`replays.views.common.plain_table` prints the same characters as rich prints it.

``show`` lays out a table itself where the console has no colour and the table fits (a file, a pipe, a script): rich
measures and renders every cell through several layers, 0.1-0.3 s for the rows of one ``awaw log --turn``. Each
case here prints one table both ways and compares the text; where the layout declines (None), rich prints it.
"""

from __future__ import annotations

import contextlib
import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box
from rich.console import Console
from rich.errors import MarkupError
from rich.table import Table
from rich.text import Text

from replays.views import common
from replays.views.common import plain_table


def console(width: int = common.WIDE) -> Console:
    return Console(file=io.StringIO(), width=width, color_system=None, highlight=False, soft_wrap=False)


def by_rich(table: Table, width: int = common.WIDE) -> str:
    out = console(width)
    out.print(table)
    return out.file.getvalue()  # type: ignore[attr-defined]


def laid_out(table: Table, width: int = common.WIDE) -> str | None:
    out = console(width)
    plain = plain_table(out, table)
    if plain is None:
        return None
    out.print(plain)
    return out.file.getvalue()  # type: ignore[attr-defined]


def views_table() -> Table:
    """A table as the views make it (:func:`replays.views.common.table`)."""
    found = common.table("Axis: BRP ledgers, Fall 1953", ["", "Germany", "Italy"], right=["Germany", "Italy"])
    found.add_row(*common.cells("BRP base", 1995, 1089))
    found.add_row(*common.cells("spent", 98, None))
    found.add_row(*common.cells("construction limit remaining (27.31)", 597, 341))
    return found


def log_like() -> Table:
    """A table as ``awaw log`` makes it: centred title, padded edges, str and Text cells, a ruling column."""
    found = Table(title="g: 3 event(s)", box=box.SIMPLE_HEAD, expand=False)
    for header, justify in (("#", "right"), ("game time", "left"), ("by", "left"), ("what happened", "left")):
        found.add_column(header, justify=justify, overflow="fold")  # type: ignore[arg-type]
    found.add_row("9", "Fall 1953 Allied", "germany", Text("Germany moved ger-12 from EUR:K37 to EUR:K38"))
    found.add_row("10", "Fall 1953", "-", Text("[sic] a note: with brackets and :colons: in it"))
    found.add_row("1234", "Spring 1954 Axis/combat", "britain", Text("日本 wide characters"))
    return found


def board_like() -> Table:
    """Cells of several lines, as the board view lists a hex's units."""
    found = common.table("Britain: 3 units in play", ["where", "units", "factors"], right=["factors"])
    found.add_row(*common.cells("EUR:K37", "bri-1 infantry 3\nbri-2 AAF 4\nbri-3 armor 5 (full supply)", 12))
    found.add_row(*common.cells("EUR:K38", "bri-4 infantry 3", "3\n4"))
    return found


def test_the_views_tables_are_laid_out_and_print_as_rich_prints_them() -> None:
    for make in (views_table, log_like, board_like):
        assert laid_out(make()) is not None, make.__name__  # the layout takes the tables the commands print
        assert laid_out(make()) == by_rich(make()), make.__name__


def test_a_title_wider_than_the_table_wraps_as_rich_wraps_it() -> None:
    found = common.table("Axis: earlier turns, BRPs available at the end (of the base)", ["turn", "Germany"])
    found.add_row(*common.cells("1939 fall", 5))
    assert laid_out(found) == by_rich(found)
    found.caption = "a caption longer than the table is wide, wrapped at its spaces too"
    assert laid_out(found) == by_rich(found)


def test_rich_prints_what_the_layout_declines() -> None:
    narrow = log_like()
    assert laid_out(narrow, width=40) is None  # wider than the console: rich wraps it
    lined = views_table()
    lined.show_lines = True
    assert laid_out(lined) is None
    tabbed = views_table()
    tabbed.add_row(*common.cells("a\ttab", 1, 2))
    assert laid_out(tabbed) is None
    coloured = Console(file=io.StringIO(), width=200, color_system="truecolor", force_terminal=True)
    assert plain_table(coloured, views_table()) is None


TEXT = st.text(alphabet=st.sampled_from(list("ab Z9:[]/-日\n")), max_size=14)
JUSTIFY = st.sampled_from(["left", "right", "center", "full", "default"])
BOXES = st.sampled_from([box.SIMPLE_HEAD, box.ROUNDED, box.ASCII, box.MINIMAL, box.HEAVY_HEAD, box.SQUARE])


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    columns=st.integers(1, 4),
    rows=st.integers(0, 4),
    chosen_box=BOXES,
    pad_edge=st.booleans(),
    show_edge=st.booleans(),
    show_header=st.booleans(),
    title=st.one_of(st.none(), TEXT),
    caption=st.one_of(st.none(), TEXT),
    title_justify=JUSTIFY,
    width=st.sampled_from([common.WIDE, 60, 25]),
)
def test_any_table_the_layout_takes_prints_as_rich_prints_it(
    data: st.DataObject,
    columns: int,
    rows: int,
    chosen_box: box.Box,
    pad_edge: bool,
    show_edge: bool,
    show_header: bool,
    title: str | None,
    caption: str | None,
    title_justify: str,
    width: int,
) -> None:
    found = Table(
        title=title,
        caption=caption,
        box=chosen_box,
        pad_edge=pad_edge,
        show_edge=show_edge,
        show_header=show_header,
        title_justify=title_justify,  # type: ignore[arg-type]
        expand=False,
    )
    for _ in range(columns):
        found.add_column(
            data.draw(TEXT),
            justify=data.draw(JUSTIFY),
            vertical=data.draw(st.sampled_from(["top", "middle", "bottom"])),
            overflow="fold",
        )
    for _ in range(rows):
        found.add_row(
            *(
                data.draw(st.one_of(TEXT, TEXT.map(Text), st.builds(Text, TEXT, justify=JUSTIFY)))
                for _ in range(columns)
            )
        )
    try:
        theirs = by_rich(found, width)
    except MarkupError:  # "[/]" in a plain string: rich refuses it; the layout refuses it too, or declines first
        with contextlib.suppress(MarkupError):
            assert laid_out(found, width) is None
        return
    ours = laid_out(found, width)
    if ours is not None:
        assert ours == theirs
