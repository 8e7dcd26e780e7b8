"""Air combat (A3R App. C-2, optional rule ``air.combat``): worked examples T-AIR1 to T-AIR4 (A3R extract 7.3), the
table's generator (A3R extract 2.4.1), mixed-force losses (19.6), counterair (19.64), jets (17.5), DAS limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from projections.rules.air import (
    AIR_COMBAT_TABLE,
    AirResult,
    AirSide,
    AirType,
    air_combat_modifier,
    air_combat_result,
    air_combat_round,
    air_combat_strength,
    air_loss_findings,
    air_round_findings,
    air_rounds_findings,
    allocate_air_losses,
    clamp_air_dice,
    counterair_losses,
    das_findings,
    das_limit,
    deferred_das_allowed,
    jet_build_findings,
    jet_findings,
    nationality_drm,
)

# --- The table (19.2) ---------------------------------------------------------------------------------------------


def _generated(row: int, dice: int) -> str:
    """A3R extract 2.4.1 generator for rows 5-20: s = 1/2, 1/2, 1/3, 1/3, then k/k, k/(k+1), k/(k+2) for k >= 2."""
    seq = ["1/2", "1/2", "1/3", "1/3"]
    k = 2
    while len(seq) < 40:
        seq += [f"{k}/{k}", f"{k}/{k + 1}", f"{k}/{k + 2}"]
        k += 1
    return seq[(row - 5) + (dice - 2)]


def test_table_generator_rows_5_to_20() -> None:
    for row in range(5, 21):
        for dice in range(2, 13):
            assert AIR_COMBAT_TABLE[row][dice - 2].label == _generated(row, dice)


def test_table_rows_1_to_4_shift_two() -> None:
    """Rows 1-4 follow their own pattern: each row is the previous one shifted two columns (A3R extract 0.2)."""
    for row in range(2, 5):
        assert AIR_COMBAT_TABLE[row][:9] == AIR_COMBAT_TABLE[row - 1][2:]


@pytest.mark.parametrize(
    ("case", "strength", "roll", "result"),
    [
        ("row 1 dice 2", 1, 2, "0/0"),
        ("row 1 dice 12", 1, 12, "1/3"),
        ("row 15 dice 9 (OCR 6fl)", 15, 9, "6/7"),
        ("T-AIR2 German row 7 roll 9", 7, 9, "3/5"),
        ("T-AIR2 British row 5 roll 6", 5, 6, "2/2"),
        ("T-AIR3 27 factors roll 7", 27, 7, "10/11"),
        ("45 factors: 20 + 20 + 5 = 7/8 + 7/8 + 2/3", 45, 7, "16/19"),
        ("T-AIR4 roll 1 reads as 2", 6, 1, "1/2"),
        ("roll 15 reads 12+", 20, 15, "9/9"),
        ("no aircraft", 0, 7, "0/0"),
    ],
)
def test_air_results(case: str, strength: int, roll: int, result: str) -> None:
    assert air_combat_result(strength, roll).label == result


@given(st.integers(-10, 30))
def test_clamp(roll: int) -> None:
    assert 2 <= clamp_air_dice(roll) <= 12


def test_more_factors_never_worse() -> None:
    for dice in range(2, 13):
        for row in range(1, 20):
            a, b = AIR_COMBAT_TABLE[row][dice - 2], AIR_COMBAT_TABLE[row + 1][dice - 2]
            assert (b.eliminated, b.eliminated + b.aborted) >= (a.eliminated, a.eliminated + a.aborted)


def test_negative_strength() -> None:
    with pytest.raises(ValueError, match="negative"):
        air_combat_result(-1, 7)


# --- Strength and modifiers (17.55, 19.31) -------------------------------------------------------------------------


def test_strength() -> None:
    assert air_combat_strength(4, 2) == 10  # T-AIR4: 4 AAF + 2 jets read row 10
    assert air_combat_strength(2, 1, 4, in_squadrons=True) == 6 + 9 + 4
    with pytest.raises(ValueError, match="in_squadrons"):
        air_combat_strength(1, 0, 3)


def test_t_air2_round() -> None:
    german, british = AirSide((1,)), AirSide((0,))
    rnd = air_combat_round(7, 8, 5, 7, german, british)
    assert (rnd.a_modifier, rnd.b_modifier, rnd.a_roll, rnd.b_roll) == (1, -1, 9, 6)
    assert (rnd.a_inflicts, rnd.b_inflicts) == (AirResult(3, 5), AirResult(2, 2))
    # 3 British eliminated, 2 aborted: the other aborts are excess and ignored
    ok = air_round_findings(7, 9, recorded_eliminated=3, recorded_aborted=2, enemy_factors=5)
    assert ok == ()
    fault = air_round_findings(7, 9, recorded_eliminated=2, recorded_aborted=3, enemy_factors=5)
    assert [b.rule for b in fault] == ["19.42", "19.42"]


def test_t_air4_jets() -> None:
    jets, plain = AirSide((0,), jets=2), AirSide((0,))
    assert air_combat_modifier(jets, plain) == 2
    assert air_combat_modifier(plain, jets) == -2
    rnd = air_combat_round(10, 5, 6, 3, jets, plain)
    assert rnd.b_roll == 1 and rnd.b_inflicts == air_combat_result(6, 2)


@pytest.mark.parametrize(
    ("case", "side", "enemy", "modifier"),
    [
        ("mixed side uses lowest DRM", AirSide((2, 0)), AirSide((1,)), -1),
        ("net jets", AirSide((0,), jets=3), AirSide((0,), jets=1), 2),
        ("jet squadrons /3", AirSide((0,), jet_squadrons=6), AirSide((0,)), 2),
        ("air cover adverse 1", AirSide((0,), attacking_naval_units_vs_air_cover=True), AirSide((0,)), -1),
        ("enemy attacks vs our CAP", AirSide((0,)), AirSide((0,), attacking_naval_units_vs_air_cover=True), 1),
    ],
)
def test_modifiers(case: str, side: AirSide, enemy: AirSide, modifier: int) -> None:
    assert air_combat_modifier(side, enemy) == modifier
    assert air_combat_modifier(enemy, side) == -modifier


def test_nationality_drm() -> None:
    assert nationality_drm(2, nationality="finland") == 0
    assert nationality_drm(2, winter_level=8) == 1
    assert nationality_drm(2, winter_level=7) == 2
    assert nationality_drm(1, russian_unprepared=True) == 0


# --- Mixed-force losses (19.6) and counterair (19.64) ---------------------------------------------------------------


def test_t_air1() -> None:
    alloc = allocate_air_losses(AirResult(1, 1), [AirType("usa", 3), AirType("britain", 1)])
    assert alloc.per_type == {"usa": AirResult(1, 0), "britain": AirResult(0, 1)}
    assert not alloc.owner_choice


@pytest.mark.parametrize(
    ("case", "result", "types", "expected"),
    [
        (
            "tie on factors: lower DRM takes remnant",
            AirResult(1, 0),
            [("a", 2, 1), ("b", 2, 0)],
            {"a": (0, 0), "b": (1, 0)},
        ),
        (
            "cap at a type's factors",
            AirResult(2, 2),
            [("usa", 3, 0), ("britain", 1, 0)],
            {"usa": (1, 2), "britain": (1, 0)},
        ),
        (
            "excess aborts ignored",
            AirResult(1, 9),
            [("usa", 2, 0), ("britain", 1, 0)],
            {"usa": (1, 1), "britain": (0, 1)},
        ),
        (
            "remnant all to largest",
            AirResult(2, 0),
            [("a", 5, 0), ("b", 4, 0), ("c", 3, 0)],
            {"a": (2, 0), "b": (0, 0), "c": (0, 0)},
        ),
        ("jets are a type", AirResult(2, 1), [("army", 4, 0), ("jets", 2, 0)], {"army": (1, 1), "jets": (1, 0)}),
    ],
)
def test_allocation(
    case: str, result: AirResult, types: list[tuple[str, int, int]], expected: dict[str, tuple[int, int]]
) -> None:
    alloc = allocate_air_losses(result, [AirType(n, f, d) for n, f, d in types])
    assert {k: (v.eliminated, v.aborted) for k, v in alloc.per_type.items()} == expected


def test_spread_remnant() -> None:
    types = [AirType("a", 5), AirType("b", 4), AirType("c", 3)]
    alloc = allocate_air_losses(AirResult(2, 0), types, remnant="spread")
    assert {k: v.eliminated for k, v in alloc.per_type.items()} == {"a": 1, "b": 1, "c": 0}


def test_owner_choice_ties() -> None:
    types = [AirType("italy", 2, 0), AirType("germany_jets", 2, 0)]
    alloc = allocate_air_losses(AirResult(1, 0), types)
    assert alloc.owner_choice
    recorded = {"italy": AirResult(0, 0), "germany_jets": AirResult(1, 0)}
    assert air_loss_findings(AirResult(1, 0), types, recorded) == ()  # either tied type may take it
    wrong = {"italy": AirResult(1, 0), "germany_jets": AirResult(1, 0)}
    assert air_loss_findings(AirResult(1, 0), types, wrong)[0].rule == "19.6"


def test_planted_fault_allocation() -> None:
    types = [AirType("usa", 3), AirType("britain", 1)]
    wrong = {"usa": AirResult(1, 1), "britain": AirResult(0, 0)}
    assert air_loss_findings(AirResult(1, 1), types, wrong)


@pytest.mark.parametrize(
    ("case", "result", "uninverted", "inverted", "expected"),
    [
        ("all on uninverted", AirResult(2, 1), 4, 3, (2, 1, 0)),
        ("surplus eliminations on inverted", AirResult(5, 2), 3, 4, (3, 0, 2)),
        ("aborts never hit inverted", AirResult(0, 5), 2, 4, (0, 2, 0)),
    ],
)
def test_counterair(
    case: str, result: AirResult, uninverted: int, inverted: int, expected: tuple[int, int, int]
) -> None:
    got = counterair_losses(result, uninverted=uninverted, inverted=inverted)
    assert (got.uninverted_eliminated, got.uninverted_aborted, got.inverted_eliminated) == expected


# --- Jets and missions (17.5, 18.6, 19.12) --------------------------------------------------------------------------


def test_jets() -> None:
    assert jet_findings("counterair") == ()
    assert jet_findings("ground_support")[0].rule == "17.531"
    assert jet_findings("das")[0].rule == "17.531"
    assert jet_build_findings(2, 6, 13) == ()
    assert [b.rule for b in jet_build_findings(2, 4, 12)] == ["17.54", "17.54"]


def test_das_limit() -> None:
    assert das_limit(3) == 9
    assert das_findings(9, 3) == ()
    assert das_findings(10, 3)[0].rule == "18.614"


def test_deferred_das() -> None:
    assert deferred_das_allowed(9, 10)
    assert not deferred_das_allowed(10, 10)


def test_single_round_cases() -> None:
    assert air_rounds_findings("counterair_naval_base", 2)[0].rule == "19.12"
    assert air_rounds_findings("strategic_bombing", 2) == ()
    assert air_rounds_findings("strategic_bombing", 2, rules="awaw")
    assert air_rounds_findings("counterair", 5) == ()
