"""Attrition (AWAW 14.4; A3R App. C): worked examples EX-06 to EX-10, EX-15 to EX-17, DT-10 (10-16 extract 6.2,
6.5), T-A1 to T-A11 (A3R extract 7.1), the table's ladder property, and planted faults."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.vocab import Season
from projections.rules.attrition import (
    ATTRITION_COLUMNS,
    ATTRITION_TABLES,
    AttritionResult,
    HouseAttritionKind,
    HouseCategory,
    attrition_column,
    attrition_findings,
    attrition_losses_required,
    attrition_result,
    attrition_row,
    ctl_modifier,
    factor_modifier,
    house_ctl_sim_drm,
    level_of_largest_group,
    resolve_attrition,
    russian_winter_designation_limit,
    winter_modifier,
)

# The extracts' tables, as printed there (10-16 extract 1.6; A3R extract 2.2).
EXTRACT_TABLE = """
- - 1C 2C 2C/1H 3C/2H 5C/2H
- 1C 2C 1C/1H 3C/1H 4C/2H 5C/3H
- 1C 2C 2C/1H 3C/2H 5C/2H 6C/3H
- 2C 1C/1H 3C/1H 4C/2H 5C/3H 7C/3H
- 2C 2C/1H 3C/2H 5C/2H 6C/3H 7C/4H
1C 1C/1H 3C/1H 4C/2H 5C/3H 7C/3H 8C/4H
1C 2C/1H 3C/2H 5C/2H 6C/3H 7C/4H 9C/4H
2C 3C/1H 4C/2H 5C/3H 7C/3H 8C/4H 9C/5H
2C 3C/2H 5C/2H 6C/3H 7C/4H 9C/4H 10C/5H
1C/1H 4C/2H 5C/3H 7C/3H 8C/4H 9C/5H 11C/5H
2C/1H 5C/2H 6C/3H 7C/4H 9C/4H 10C/5H 11C/6H
3C/1H 5C/3H 7C/3H 8C/4H 9C/5H 11C/5H 12C/6H
"""


@pytest.mark.parametrize("variant", ["awaw", "a3r_house"])
def test_table_matches_extract(variant: str) -> None:
    rows = [line.split() for line in EXTRACT_TABLE.strip().splitlines()]
    assert len(rows) == 12
    for row, cells in enumerate(rows):
        assert [r.label for r in ATTRITION_TABLES[variant][row]] == cells  # type: ignore[index]


LADDER = [
    "-", "1C", "2C", "1C/1H", "2C/1H", "3C/1H", "3C/2H", "4C/2H", "5C/2H", "5C/3H",
    "6C/3H", "7C/3H", "7C/4H", "8C/4H", "9C/4H", "9C/5H", "10C/5H", "11C/5H", "11C/6H", "12C/6H",
]  # fmt: skip


def test_ladder_property() -> None:
    """10-16 extract 1.6: columns 31-40 .. 61+ are L(r+2), L(r+4), L(r+6), L(r+8)."""
    table = ATTRITION_TABLES["awaw"]
    for r in range(12):
        for col, shift in ((3, 2), (4, 4), (5, 6), (6, 8)):
            assert table[r][col].label == LADDER[r + shift]
        if r >= 3:
            assert table[r][2].label == LADDER[r]
        if r >= 5:
            assert table[r][1].label == LADDER[r - 2]


@pytest.mark.parametrize(
    ("factors", "label"),
    [(1, "1-10"), (10, "1-10"), (11, "11-20"), (20, "11-20"), (23, "21-30"), (40, "31-40"), (61, "61+"), (300, "61+")],
)
def test_columns(factors: int, label: str) -> None:
    assert ATTRITION_COLUMNS[attrition_column(factors)].label == label


def test_no_factors() -> None:
    with pytest.raises(ValueError, match="attritioning factors"):
        attrition_column(0)


@pytest.mark.parametrize(
    ("case", "factors", "bonus"),
    [
        ("EX-06 61", 61, 0),
        ("EX-06 70", 70, 0),
        ("EX-06/T-A7 71", 71, 1),
        ("EX-06/T-A7 80", 80, 1),
        ("EX-06/T-A7 81", 81, 2),
        ("T-A7 91-100", 95, 3),
        ("EX-06 101-110", 110, 4),
        ("EX-06 111-120", 111, 5),
        ("EX-06 121-130", 130, 6),
        ("small", 5, 0),
    ],
)
def test_factor_modifier(case: str, factors: int, bonus: int) -> None:
    assert factor_modifier(factors) == bonus


@pytest.mark.parametrize(
    ("case", "attacker", "defender", "drm"),
    [
        ("EX-07 21 German + 12 Italian", [(2, 21), (1, 12)], [(1, 30)], 1),
        ("EX-08 14 German + 14 Italian", [(2, 14), (1, 14)], [(1, 30)], 0),
        ("EX-09 14 G + 12 I + 3 partial I", [(2, 14), (1, 12), (0, 3)], [(1, 30)], 1),
        ("lower defender CTL", [(1, 10)], [(0, 6), (2, 6)], 1),
    ],
)
def test_ctl_modifier(case: str, attacker: list[tuple[int, int]], defender: list[tuple[int, int]], drm: int) -> None:
    assert ctl_modifier(attacker, defender) == drm


def test_largest_group_groups_by_level() -> None:
    # factors are grouped by level, not by nationality (third 14.43 example)
    assert level_of_largest_group([(1, 6), (1, 6), (2, 10)]) == 1
    with pytest.raises(ValueError, match="no units"):
        level_of_largest_group([])


@pytest.mark.parametrize(
    ("case", "attacker", "defender", "level", "drm"),
    [
        ("EX-10 Balkans: Russian 6 counts as 4", [(6, 10)], [(2, 10)], 4, 2),
        ("EX-10 no winter in Egypt", [(6, 10)], [(2, 10)], None, 0),
        ("T-W1 Russian zone level 9", [(6, 20)], [(2, 20)], 9, 4),
        ("defender better prepared", [(0, 10)], [(3, 10)], 11, -3),
    ],
)
def test_winter_modifier(
    case: str, attacker: list[tuple[int, int]], defender: list[tuple[int, int]], level: int | None, drm: int
) -> None:
    assert winter_modifier(attacker, defender, level) == drm


@pytest.mark.parametrize(
    ("case", "factors", "die", "mods", "pacific", "take_2c", "row", "result"),
    [
        ("DT-10/EX-17 23 factors roll 4", 23, 4, [], False, False, 4, AttritionResult(2, 1)),
        ("DT-10 75 German vs Russia die 5", 75, 5, [1], False, False, 7, AttritionResult(9, 5)),
        ("DT-10 same on the Pacific map", 75, 5, [1], True, False, 7, AttritionResult(9, 2)),
        ("DT-10 5 factors die 1 CTL -2", 5, 1, [-2], False, False, 0, AttritionResult(0, 0)),
        ("DT-10 40 factors die 1", 40, 1, [], False, False, 1, AttritionResult(1, 1)),
        ("DT-10 40 factors die 1, 2C taken", 40, 1, [], False, True, 1, AttritionResult(2, 0)),
        ("EX-15/T-A3 11-20 roll 6", 15, 6, [], False, False, 6, AttritionResult(2, 1)),
        ("EX-15/T-A4 11-20 roll 5", 15, 5, [], False, False, 5, AttritionResult(1, 1)),
        ("EX-16/T-A5 21-30 roll 6 Pacific", 25, 6, [], True, False, 6, AttritionResult(3, 1)),
        ("T-A8 75 GF d6 4", 75, 4, [], False, False, 5, AttritionResult(8, 4)),
        ("T-A8 70 GF d6 4", 70, 4, [], False, False, 4, AttritionResult(7, 4)),
        ("T-A9 15 GF d6 1 CTL_SIM -1", 15, 1, [-1], False, False, 0, AttritionResult(0, 0)),
        ("T-A9 15 GF d6 6 +7", 15, 6, [7], False, False, 11, AttritionResult(5, 3)),
        ("T-A10 max Europe", 61, 6, [9], False, False, 11, AttritionResult(12, 6)),
        ("T-A10 max Pacific", 61, 6, [9], True, False, 11, AttritionResult(12, 3)),
        ("2C on another cell changes nothing", 23, 4, [], False, True, 4, AttritionResult(2, 1)),
    ],
)
def test_resolve(
    case: str,
    factors: int,
    die: int,
    mods: list[int],
    pacific: bool,
    take_2c: bool,
    row: int,
    result: AttritionResult,
) -> None:
    out = resolve_attrition(factors, die, modifiers=mods, pacific=pacific, take_2c=take_2c)
    assert (out.row, out.result) == (row, result)


@given(st.integers(-20, 30))
def test_row_clamp(modified: int) -> None:
    assert 0 <= attrition_row(modified) <= 11
    assert attrition_row(modified) == modified or modified < 0 or modified > 11


def test_die_misuse() -> None:
    with pytest.raises(ValueError, match="1-6"):
        resolve_attrition(10, 7)


def test_planted_faults() -> None:
    out = resolve_attrition(23, 4)  # 2C/1H
    assert attrition_findings(out, recorded_counters=2, recorded_hexes=1) == ()
    # AUD-14-08: 2C taken instead of 2C/1H
    found = attrition_findings(out, recorded_counters=2, recorded_hexes=0, chose_2c=True)
    assert {b.rule for b in found} == {"14.44", "14.41"}
    # AUD-14-06: the 21-30 column used for 20 factors
    out20 = resolve_attrition(20, 4)
    assert attrition_findings(out20, recorded_counters=2, recorded_hexes=1)[0].rule == "14.41"
    # 1C/1H may be recorded as 2C
    out11 = resolve_attrition(40, 1)
    assert attrition_findings(out11, recorded_counters=2, recorded_hexes=0, chose_2c=True) == ()


def test_pacific_1c1h_choice() -> None:
    assert attrition_result(40, 1, pacific=True) == AttritionResult(1, 0)
    assert attrition_result(40, 1, pacific=True, take_2c=True) == AttritionResult(2, 0)


def test_losses_required() -> None:
    assert attrition_losses_required(3, 5) == 3
    assert attrition_losses_required(3, 2) == 2


@pytest.mark.parametrize(
    ("case", "kind", "side", "attackers", "defenders", "year", "season", "drm"),
    [
        ("T-A1 Vichy vs French partisans", "against_partisans", "axis", {"french_national": 6}, {}, 1942, "fall", 2),
        ("T-A2 Irish partisans vs UK", "by_partisans", "allied", {}, {"british": 8}, 1943, "spring", -2),
        (
            "Allied vs German zone Spring 1942",
            "conventional",
            "allied",
            {},
            {"german": 5, "italian": 5},
            1942,
            "spring",
            -1,
        ),
        ("Allied vs German zone Summer 1942", "conventional", "allied", {}, {"german": 10}, 1942, "summer", 0),
        ("Axis German-heavy 1941", "conventional", "axis", {"german": 10, "italian": 9}, {}, 1941, "summer", 1),
        ("Axis Italian-heavy 1941", "conventional", "axis", {"german": 4, "italian": 9}, {}, 1941, "summer", 0),
        ("partisans vs 60 % Italian", "by_partisans", "allied", {}, {"italian": 6, "german": 4}, 1943, "spring", -1),
        (
            "partisans vs 50/50 German/Italian",
            "by_partisans",
            "allied",
            {},
            {"italian": 5, "german": 5},
            1943,
            "spring",
            -2,
        ),
        ("partisans vs 50 % minor", "by_partisans", "allied", {}, {"minor": 5, "other": 5}, 1943, "spring", 0),
        ("minors vs partisans", "against_partisans", "axis", {"minor": 6, "german": 2}, {}, 1943, "spring", 1),
    ],
)
def test_house_ctl_sim(
    case: str,
    kind: HouseAttritionKind,
    side: str,
    attackers: dict[HouseCategory, int],
    defenders: dict[HouseCategory, int],
    year: int,
    season: Season,
    drm: int,
) -> None:
    got = house_ctl_sim_drm(
        kind,
        attacker_side=side,  # type: ignore[arg-type]
        attackers=attackers,
        defenders=defenders,
        year=year,
        season=season,
    )
    assert got == drm


def test_russian_winter_limit() -> None:
    assert russian_winter_designation_limit(variant="a3r_house", axis_preparation=2) == 4  # T-A11
    assert russian_winter_designation_limit(russian_level=3, german_level=7) == 4  # 14.521D
    assert russian_winter_designation_limit(russian_level=0, german_level=0) == 0
