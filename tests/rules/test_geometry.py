"""Hex geometry (10-16 extract 1.15): every adjacency and distance statement of 1.15 and of the 16.47 example
(extract 6.4, EX-25 to EX-28), the hexsides the texts name, and the laws of a distance (Hypothesis)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.options import INTERPRETATION_OPTIONS, resolve_options
from projections.rules import geometry
from projections.rules.geometry import (
    DEFAULT_GRID,
    ROW_LABELS,
    GeometryError,
    Grid,
    HexId,
    adjacent,
    canonical,
    common_neighbours,
    distance,
    grid,
    hexes_of,
    is_path,
    neighbours,
    parse,
    path_breaks,
    rectangle,
    ring,
    within,
)

E = "EUR:"

# ---------------------------------------------------------------------------------------------------------------
# Extract 1.15, statement by statement


@pytest.mark.parametrize(("a", "b"), [("K37", "K38"), ("K38", "J39"), ("J39", "J40"), ("J40", "J41")])
def test_the_exploitation_path_of_the_16_47_example_is_a_chain_of_neighbours(a: str, b: str) -> None:
    assert adjacent(E + a, E + b)
    assert adjacent(E + b, E + a)
    assert distance(E + a, E + b) == 1


def test_k39_is_adjacent_to_both_k38_and_j39() -> None:
    assert adjacent("EUR:K39", "EUR:K38")
    assert adjacent("EUR:K39", "EUR:J39")


def test_j38_is_adjacent_to_k37_and_j39() -> None:
    assert adjacent("EUR:J38", "EUR:K37")
    assert adjacent("EUR:J38", "EUR:J39")


def test_i41_and_k40_are_the_only_common_neighbours_of_j40_and_j41() -> None:
    assert set(common_neighbours("EUR:J40", "EUR:J41")) == {"EUR:I41", "EUR:K40"}


@pytest.mark.parametrize(("hex_id", "expected"), [("I42", 3), ("J42", 3), ("K41", 3), ("I41", 2), ("K40", 2)])
def test_distances_from_j39_are_what_the_example_says(hex_id: str, expected: int) -> None:
    assert distance("EUR:J39", E + hex_id) == expected


def test_the_neighbours_of_row_r_column_c_are_the_six_of_extract_1_15() -> None:
    # (r, c-1), (r, c+1), (r-1, c), (r-1, c+1), (r+1, c-1), (r+1, c): J is the row before K.
    assert set(neighbours("EUR:K37")) == {"EUR:K36", "EUR:K38", "EUR:J37", "EUR:J38", "EUR:L36", "EUR:L37"}
    assert set(neighbours("EUR:AA7")) == {"EUR:AA6", "EUR:AA8", "EUR:Z7", "EUR:Z8", "EUR:BB6", "EUR:BB7"}


def test_distance_is_the_axial_formula() -> None:
    # q = column, r = row: (|dq| + |dr| + |dq + dr|) / 2.
    for a, b in [("K37", "A1"), ("NN99", "A0"), ("C45", "V38"), ("Z8", "EE1")]:
        pa, pb = parse(E + a), parse(E + b)
        dq, dr = pa.col - pb.col, pa.row - pb.row
        assert distance(E + a, E + b) == (abs(dq) + abs(dr) + abs(dq + dr)) // 2


# ---------------------------------------------------------------------------------------------------------------
# Hexsides the texts name are hexsides


@pytest.mark.parametrize(
    ("a", "b", "rule"),
    [
        ("EUR:MM26", "EUR:NN26", "13.43B Qattara"),
        ("EUR:NN25", "EUR:NN26", "13.43B Qattara"),
        ("EUR:V38", "EUR:U38", "32.43B Sevastopol"),
        ("EUR:V38", "EUR:U39", "32.43B Sevastopol"),
        ("EUR:GG13", "EUR:HH12", "A3R Chott el Jerid"),
        ("EUR:GG13", "EUR:HH13", "A3R Chott el Jerid"),
        ("EUR:GG14", "EUR:HH13", "A3R Chott el Jerid"),
        ("EUR:GG14", "EUR:HH14", "A3R Chott el Jerid"),
        ("EUR:GG15", "EUR:HH14", "A3R Chott el Jerid"),
        ("EUR:Z8", "EUR:AA7", "28.26D: Z8 is next to Gibraltar (AA7, A3R App. F 28.514B)"),
        ("PAC:R15", "PAC:R16", "13.43C Himalaya"),
    ],
)
def test_hexsides_named_by_the_texts_join_adjacent_hexes(a: str, b: str, rule: str) -> None:
    assert adjacent(a, b), rule
    assert DEFAULT_GRID.hexside(a, b) == DEFAULT_GRID.hexside(b, a)


def test_the_chott_el_jerid_hexsides_make_one_unbroken_row() -> None:
    # "the row of hex sides that is immediately south of the Tunisian mountains" (A3R intro): consecutive hexsides
    # share a hex, alternating GG/HH, as a zigzag between two rows must.
    sides = [("GG13", "HH12"), ("GG13", "HH13"), ("GG14", "HH13"), ("GG14", "HH14"), ("GG15", "HH14")]
    for (a1, b1), (a2, b2) in itertools.pairwise(sides):
        assert {a1, b1} & {a2, b2}


# ---------------------------------------------------------------------------------------------------------------
# The 16.47 example: EX-25 to EX-28 (the chain test of extract 5.8, built on geometry alone)

BREAKTHROUGH = "EUR:K37"
PASSED = ("EUR:K38", "EUR:J39", "EUR:J40", "EUR:J41")


def _linked(x: str, y: str) -> bool:
    """Extract 5.8 ``linked`` on the European map: adjacent, or two hexes apart with a passed hex next to both."""
    if distance(x, y) <= 1:
        return True
    return distance(x, y) == 2 and any(h in PASSED for h in common_neighbours(x, y))


def _chain_ok(positions: Sequence[str]) -> bool:
    """Every exploiting unit reachable from the breakthrough hex through linked steps between chain members."""
    nodes = [BREAKTHROUGH, *positions]
    reached = {BREAKTHROUGH}
    frontier = [BREAKTHROUGH]
    while frontier:
        here = frontier.pop()
        for other in nodes:
            if other not in reached and _linked(here, other):
                reached.add(other)
                frontier.append(other)
    return all(p in reached for p in positions)


def test_ex_25_unit_1_may_advance_only_into_k39() -> None:
    allowed = {h for h in neighbours("EUR:J39") if _chain_ok([h, "EUR:J41"])}
    assert allowed == {"EUR:K39"}
    assert _chain_ok(["EUR:J39", "EUR:J41"])  # the chain before any advance


def test_ex_26_with_unit_2_gone_unit_1_may_also_advance_into_j38() -> None:
    assert not _chain_ok(["EUR:J38", "EUR:J41"])
    assert _chain_ok(["EUR:J38"])
    assert _chain_ok(["EUR:K39"])


@pytest.mark.parametrize("unit_1", ["EUR:J39", "EUR:K39"])
@pytest.mark.parametrize("target", ["EUR:I41", "EUR:K40"])
def test_ex_27_unit_2_may_advance_laterally_into_i41_or_k40(unit_1: str, target: str) -> None:
    assert adjacent("EUR:J41", target)
    assert _chain_ok([unit_1, target])


@pytest.mark.parametrize("target", ["EUR:I42", "EUR:J42", "EUR:K41"])
def test_ex_28_unit_2_may_not_advance_three_hexes_from_j39(target: str) -> None:
    assert adjacent("EUR:J41", target)
    assert distance("EUR:J39", target) == 3
    assert not _chain_ok(["EUR:J39", target])


# ---------------------------------------------------------------------------------------------------------------
# Ids, ranges, paths, blocks


def test_ids_parse_once_into_map_row_and_column() -> None:
    assert parse("EUR:K37") == HexId("EUR", 10, 37)
    assert parse("PAC:DD11") == HexId("PAC", 29, 11)
    assert parse("EUR:NN0") == HexId("EUR", 39, 0)
    assert str(parse("PAC:DD11")) == "PAC:DD11"
    assert ROW_LABELS[25:28] == ("Z", "AA", "BB")
    assert parse("EUR:K37") is parse("EUR:K37")  # cached


def test_one_spelling_per_hex() -> None:
    assert canonical("EUR:K07") == "EUR:K7"
    assert adjacent("EUR:K07", "EUR:K8")
    assert neighbours("EUR:K07") == neighbours("EUR:K7")


@pytest.mark.parametrize("bad", ["K37", "EUR:k37", "EUR:AB3", "EUR:K", "EUR:K100", "ASIA:K37", "EUR:OO3", ""])
def test_bad_ids_are_refused_by_name(bad: str) -> None:
    with pytest.raises(GeometryError, match="not a hex id"):
        parse(bad)


def test_no_distance_joins_the_two_maps() -> None:
    with pytest.raises(GeometryError, match="different maps"):
        distance("EUR:A23", "PAC:A23")
    assert not adjacent("EUR:A23", "PAC:A24")


def test_edges_of_the_id_space_have_fewer_neighbours() -> None:
    assert set(neighbours("EUR:A0")) == {"EUR:A1", "EUR:B0"}
    assert len(neighbours("EUR:NN99")) == 2
    assert len(neighbours("EUR:K37")) == 6


def test_ranges_and_rings() -> None:
    assert within("EUR:K37", 0) == {"EUR:K37"}
    assert within("EUR:K37", 1) == {"EUR:K37", *neighbours("EUR:K37")}
    assert len(within("EUR:K37", 3)) == 1 + 6 + 12 + 18
    assert len(ring("EUR:K37", 3)) == 18
    assert {"EUR:I42", "EUR:J42", "EUR:K41"} <= ring("EUR:J39", 3)
    with pytest.raises(GeometryError):
        within("EUR:K37", -1)


def test_paths() -> None:
    assert is_path(["EUR:K37", "EUR:K38", "EUR:J39", "EUR:J40", "EUR:J41"])
    assert path_breaks(["EUR:L42", "EUR:K40", "EUR:K39"]) == (1,)  # the old example's rus-inf-7 move
    assert path_breaks(["EUR:K33", "EUR:K33", "EUR:K32"]) == (1,)  # staying put is not a step
    assert is_path(["EUR:K37"]) and is_path([])


def test_blocks_of_rows_and_columns() -> None:
    block = rectangle("EUR:K30..P42")
    assert len(block) == 6 * 13
    assert block[0] == "EUR:K30" and block[-1] == "EUR:P42"
    assert rectangle("EUR:K30..EUR:L31") == ("EUR:K30", "EUR:K31", "EUR:L30", "EUR:L31")
    assert hexes_of(["EUR:K31", "EUR:K30..K31", "EUR:K07"]) == ("EUR:K31", "EUR:K30", "EUR:K7")
    for bad, message in [
        ("EUR:K30", "not a block"),
        ("EUR:P42..K30", "north-west"),
        ("EUR:K30..PAC:P42", "one map"),
    ]:
        with pytest.raises(GeometryError, match=message):
            rectangle(bad)


# ---------------------------------------------------------------------------------------------------------------
# The Pacific map: the option map.pacific_grid


def test_the_pacific_map_reads_as_the_european_by_default() -> None:
    assert INTERPRETATION_OPTIONS["map.pacific_grid"].default == "as_european"
    assert grid({}) == grid(None) == Grid("as_european")
    assert {h.removeprefix("PAC:") for h in neighbours("PAC:K37")} == {
        h.removeprefix("EUR:") for h in neighbours("EUR:K37")
    }


def test_the_mirrored_reading_offsets_rows_the_other_way() -> None:
    mirrored = grid(resolve_options("awaw", {"map.pacific_grid": "mirrored"}))
    assert mirrored == Grid("mirrored")
    assert set(mirrored.neighbours("PAC:K37")) == {
        "PAC:K36",
        "PAC:K38",
        "PAC:J36",
        "PAC:J37",
        "PAC:L37",
        "PAC:L38",
    }
    assert mirrored.distance("PAC:K37", "PAC:J36") == 1 and DEFAULT_GRID.distance("PAC:K37", "PAC:J36") == 2
    assert mirrored.neighbours("EUR:K37") == neighbours("EUR:K37")  # the European map never changes
    assert mirrored.adjacent("PAC:R15", "PAC:R16")  # the Himalaya hexside holds in both readings


def test_an_unknown_reading_is_refused() -> None:
    with pytest.raises(GeometryError, match=r"map\.pacific_grid"):
        grid({"map.pacific_grid": "sideways"})


def test_centres_follow_rows_and_columns() -> None:
    x0, y0 = DEFAULT_GRID.centre("EUR:K37")
    for n in neighbours("EUR:K37"):
        x, y = DEFAULT_GRID.centre(n)
        assert abs(((x - x0) ** 2 + (y - y0) ** 2) ** 0.5 - 3**0.5) < 1e-9


# ---------------------------------------------------------------------------------------------------------------
# The laws of a distance, on both maps and both readings

GRIDS = st.sampled_from([Grid("as_european"), Grid("mirrored")])


@st.composite
def hexes(draw: st.DrawFn, map_: str | None = None) -> str:
    chosen = map_ or draw(st.sampled_from(["EUR", "PAC"]))
    return geometry.label(chosen, draw(st.integers(0, 39)), draw(st.integers(0, 99)))  # type: ignore[arg-type]


@st.composite
def same_map(draw: st.DrawFn, n: int) -> list[str]:
    chosen = draw(st.sampled_from(["EUR", "PAC"]))
    return [draw(hexes(chosen)) for _ in range(n)]


@given(GRIDS, same_map(2))
def test_distance_is_symmetric_and_zero_only_on_itself(g: Grid, pair: list[str]) -> None:
    a, b = pair
    assert g.distance(a, b) == g.distance(b, a)
    assert (g.distance(a, b) == 0) == (a == b)


@given(GRIDS, same_map(3))
def test_triangle_inequality(g: Grid, triple: list[str]) -> None:
    a, b, c = triple
    assert g.distance(a, c) <= g.distance(a, b) + g.distance(b, c)


@given(GRIDS, hexes())
def test_neighbours_are_at_distance_1_and_adjacency_is_symmetric(g: Grid, h: str) -> None:
    found = g.neighbours(h)
    assert len(set(found)) == len(found) <= 6
    for n in found:
        assert g.distance(h, n) == 1
        assert g.adjacent(n, h)
        assert h in g.neighbours(n)
    p = parse(h)
    if 0 < p.row < 39 and 0 < p.col < 99:
        assert len(found) == 6


@given(GRIDS, hexes(), st.integers(0, 4))
def test_distance_counts_the_steps_of_a_shortest_chain(g: Grid, h: str, n: int) -> None:
    # A breadth-first walk over neighbours reaches, in k steps, exactly the hexes at distance <= k.
    assert g.within(h, n) == {x for x in g.within(h, n + 1) if g.distance(h, x) <= n}
    for x in g.within(h, n):
        assert g.distance(h, x) <= n
