"""The supply field (``projections/position/supply/trace.py``: one search from every full source of a faction per
position) against the search out of each hex it replaces, on random FICTIONAL boards (made up for the test, never
the printed map of *A World at War*): land, sea and unmapped hexes, German, Russian and unrecorded control, enemy
armor and its ZoCs, water hexsides with and without crossing arrows, hexes gained by isolation, Berlin (full) and
Breslau (partial) anywhere, a Urals way in on the fragment's eastern column, the board's edge at the fragment's
(an extent) or not said. Wherever either says a hex is fully
supplied, both do, and every other answer is the search's own.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any, Final

from hypothesis import example, given, settings
from hypothesis import strategies as st

from awaw_events.events import Event, HexControlChanged
from awaw_events.vocab import Faction
from projections import game
from projections.position import Position
from projections.position.supply import trace
from projections.rules.geometry import DEFAULT_GRID
from projections.rules.mapdata import FORMAT, HexFacts, MapData, MapExtent, MapFile
from tests.build import created, facts, held, place, side, turn_of, when

ROWS = ("EUR:K", "EUR:L", "EUR:M", "EUR:N")
HEXES = [f"{row}{column}" for row in ROWS for column in range(28, 35)]
EAST = {h for h in HEXES if h.endswith("34")}

cell = st.tuples(
    st.sampled_from(["clear"] * 8 + ["sea", "sea", "unmapped"]),
    st.sampled_from(["germany"] * 5 + ["russia"] * 4 + [None]),
    st.sampled_from([None, None, "armor"]),
    st.booleans(),
)


Layout = tuple[list[tuple[str, str | None, str | None, bool]], str, str, list[tuple[str, int, bool]], bool]
"""A board drawn: each hex's (terrain, holder, armor, gained by isolation), Berlin's hex, Breslau's, water hexsides
(a hex, a direction, a crossing arrow) and whether the map data gives the fragment's extent."""

layouts = st.tuples(
    st.lists(cell, min_size=len(HEXES), max_size=len(HEXES)),
    st.sampled_from(HEXES),
    st.sampled_from(HEXES),
    st.lists(st.tuples(st.sampled_from(HEXES), st.integers(0, 5), st.booleans()), max_size=6),
    st.booleans(),
)


def board_of(layout: Layout) -> tuple[list[Event], MapData]:
    cells, berlin, breslau, waters, bounded = layout
    entries: list[HexFacts] = []
    events: list[Event] = [created()]
    gained: list[Event] = []
    for hex_, (terrain, holder, armor, isolated) in zip(HEXES, cells, strict=True):
        if terrain == "unmapped":
            continue
        name = "Berlin" if hex_ == berlin else "Breslau" if hex_ == breslau else None
        box = "urals" if hex_ in EAST and holder == "russia" else None
        entries.append(facts(hex_, terrain=terrain, country=None, name=name, port=False, island=False, box=box))
        if terrain == "sea" or holder is None:
            continue
        events.append(held(hex_, holder))
        if armor:
            events.append(place(f"{holder}-armor-{hex_}", holder, hex_, "armor", 4))
        if isolated:
            gained.append(
                HexControlChanged(
                    **when("fall", 1941, "axis", "post_combat_supply"), hex=hex_, controller=holder, cause="isolation"
                )
            )
    sides = []
    for hex_, direction, arrow in waters:
        near = DEFAULT_GRID.neighbours(hex_)[direction % 6]
        if near in HEXES:
            sides.append(side(hex_, near, all_water="ocean", crossing_arrow=arrow))
    unique = {tuple(sorted(s.between)): s for s in sides}
    extent = (MapExtent(map="EUR", hexes=tuple(f"{row}28..{row[4:]}34" for row in ROWS)),) if bounded else ()
    data = MapData.of(
        MapFile(format=FORMAT, name="fictional-field", version="1", extent=extent, hexes=tuple(entries),
                hexsides=tuple(unique.values()))
    )  # fmt: skip
    return [*events, turn_of("fall", 1941, "axis"), *gained], data


def _searched(pos: Position, hex_: str, faction: Faction, to_urals: bool) -> tuple[str | None, tuple[str, ...]]:
    found = trace._trace(pos, hex_, faction, None, frozenset(), to_urals)
    return (found.answer.status if found.answer else None), tuple(u.reason for u in found.unknown)


_HELD: Final = ("clear", "germany", None, False)
_WAY_ROUND: Final[Layout] = (
    [_HELD, _HELD, ("clear", "germany", None, True), *[_HELD] * 5, ("clear", "germany", None, True), _HELD,
     ("clear", "russia", "armor", False), *[_HELD] * 17],
    "EUR:L30",
    "EUR:K28",
    [],
    False,
)  # fmt: skip
"""Found by the property (main at 4b53638): Berlin at L30 and EUR:M30 both in the ZoC of the Russian armor at L31,
K30 and L29 gained by isolation. 30.322 lets M30 trace by a way round out of the source (L30 - M29 - M30, M29 free of
ZoCs), which the field found; the search out of M30 ran on from M29 before it met Berlin, never came back to it, and
said "cannot decide" for want of terrain beyond the fragment (EUR:O28)."""


@settings(max_examples=60, deadline=None)
@given(layouts)
@example(_WAY_ROUND)
def test_the_field_says_full_exactly_where_the_search_from_the_hex_does(layout: Layout) -> None:
    events, data = board_of(layout)
    for faction, to_urals in (("european_axis", False), ("russia", False), ("russia", True)):
        pos = Position(game.fold(game.initial(), list(events)), data)  # type: ignore[arg-type]
        for hex_ in HEXES:
            asked = trace.trace_supply(pos, hex_, faction, to_urals=to_urals)  # type: ignore[arg-type]
            answer = ((asked.answer.status if asked.answer else None), tuple(u.reason for u in asked.unknown))
            assert answer == _searched(pos, hex_, faction, to_urals), (faction, to_urals, hex_)  # type: ignore[arg-type]
            if asked.answer is not None and asked.answer.status == "full" and len(asked.answer.line) > 1:
                line = asked.answer.line
                assert line[-1] == hex_ and all(b in DEFAULT_GRID.neighbours(a) for a, b in pairwise(line))


def test_the_benchmark_runs_and_both_ways_agree(capsys: Any) -> None:
    """benchmarks/supply_field.py on a small board: it runs, and the field and the searches give the same
    statuses (all full on its fictional board)."""
    from benchmarks import supply_field

    supply_field.main(["--rows", "3", "--units", "12"])
    assert "statuses agree: True (['full'])" in capsys.readouterr().out
