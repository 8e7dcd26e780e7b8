"""Ground combat (AWAW 12, 13.5, 15, 16; A3R App. C-1): worked examples EX-18 to EX-24 and DT-01 to DT-09, DT-11,
DT-13 (10-16 extract 6.3, 6.5), T-C1 to T-C8 (A3R extract 7.2), plus derived and planted-fault cases."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.vocab import CombatResult, Season
from projections.rules.combat import (
    AWAW_DMS,
    BELOW_1_4,
    CRT,
    ODDS_COLUMNS,
    RESULT_ORDER,
    STACKING_LIMITS,
    AdvanceCandidate,
    BreakthroughArmor,
    DefendingUnit,
    DmClaim,
    HouseNationality,
    MixedCtlAttacker,
    OddsColumn,
    OverrunUnit,
    ResultContext,
    SideLoss,
    StackHex,
    advance_findings,
    attack_origin_findings,
    automatic_elimination,
    breakthrough_findings,
    check_round_result,
    column_findings,
    crt_lookup,
    crt_result,
    das_strength,
    defence_strength,
    dm_findings,
    early_german_applies,
    early_german_window,
    effective_ctl,
    ex_k_attacker_loss,
    exploitation_allowance,
    final_result,
    fleet_loss_findings,
    house_exploitation_allowance,
    house_may_start_round,
    invasion_destroyer_losses,
    involuntary_air_losses,
    loss_set_findings,
    losses_required,
    min_odds_findings,
    mixed_ctl_loss_findings,
    net_dm,
    next_round_findings,
    odds,
    odds_column,
    odds_stop_further_rounds,
    overrun_findings,
    overrun_odds_ok,
    permitted_results,
    result_findings,
    round_participants,
    stacking_findings,
    support_findings,
    unit_defence_strength,
)

# --- Odds (15.51, 15.52): EX-22, T-C1, DT-02, T-C2 --------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "attack", "defence", "ratio", "column"),
    [
        ("EX-22/T-C1 20v10", 20, 10, "2:1", "2:1"),
        ("EX-22/T-C1 19v10", 19, 10, "1:1", "1:1"),
        ("EX-22/T-C1 5v13", 5, 13, "1:3", "1:3"),
        ("EX-23 Suez 24v18", 24, 18, "1:1", "1:1"),
        ("DT-02 35v6", 35, 6, "5:1", "5:1"),
        ("DT-02 60v6", 60, 6, "10:1", "5:1"),
        ("DT-02 4v17", 4, 17, "1:5", BELOW_1_4),
        ("DT-02 4v16", 4, 16, "1:4", "1:4"),
        ("DT-02 10v13", 10, 13, "1:2", "1:2"),
        ("T-C2 50v8", 50, 8, "6:1", "5:1"),
        ("DT-04 5v4", 5, 4, "1:1", "1:1"),
        ("DT-05 6v15", 6, 15, "1:3", "1:3"),
        ("DT-06 33v11", 33, 11, "3:1", "3:1"),
    ],
)
def test_odds(case: str, attack: int, defence: int, ratio: str, column: str) -> None:
    o = odds(attack, defence)
    assert (o.ratio, o.column) == (ratio, column)
    assert odds_column(attack, defence) == column


def test_odds_flags() -> None:
    assert odds(4, 17).attacker_eliminated
    assert odds(60, 6).capped and not odds(30, 6).capped
    assert odds(9, 10).below_1_1 and not odds(10, 10).below_1_1


@pytest.mark.parametrize(("attack", "defence"), [(0, 5), (5, 0), (-1, 3)])
def test_odds_misuse(attack: int, defence: int) -> None:
    with pytest.raises(ValueError, match="positive"):
        odds(attack, defence)


@given(st.integers(1, 500), st.integers(1, 500))
def test_odds_never_favour_attacker(attack: int, defence: int) -> None:
    o = odds(attack, defence)
    if o.multiple:
        assert o.multiple * defence <= attack < (o.multiple + 1) * defence
    else:
        assert (o.divisor - 1) * attack < defence <= o.divisor * attack


def test_planted_fault_column_higher_than_odds() -> None:
    assert column_findings(19, 10, "2:1")[0].rule == "15.52"
    assert column_findings(19, 10, "1:1") == ()


@pytest.mark.parametrize(
    ("case", "scopes", "table", "rules"),
    [
        ("invasion at 1:2", {"invasion"}, "awaw", ["15.52 (21.5152)"]),
        ("fortified + french", {"fortified", "french_or_chinese"}, "awaw", ["15.52 (32.21A)", "15.52 (75.21, 80.21)"]),
        ("house invasion allowed", {"invasion"}, "a3r_house", []),
        ("house airdrop", {"airdrop"}, "a3r_house", ["A3R intro (AWAW 10.55C)"]),
    ],
)
def test_min_odds(case: str, scopes: set[str], table: str, rules: list[str]) -> None:
    found = min_odds_findings(10, 13, scopes, table=table)  # type: ignore[arg-type]
    assert sorted(b.rule for b in found) == sorted(rules)
    assert min_odds_findings(13, 13, scopes, table=table) == ()  # type: ignore[arg-type]
    assert min_odds_findings(10, 13, scopes, round_no=2, table=table) == ()  # type: ignore[arg-type]


def test_odds_stop_further_rounds() -> None:
    assert odds_stop_further_rounds(10, 13, {"invasion"})
    assert not odds_stop_further_rounds(10, 13, {"airdrop"})
    assert not odds_stop_further_rounds(10, 13, {"invasion"}, table="a3r_house")
    assert not odds_stop_further_rounds(13, 13, {"invasion"})


# --- DMs (15.3): EX-18 to EX-21, Suez ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "factors", "items", "strength"),
    [
        ("EX-18 2-5 armor clear", 2, [], 4),
        ("EX-19 Rumanian 2-3 vs exploiting armor", 2, ["exploiting_armor", "minor_outside_home"], 2),
        ("EX-20 4-5 Russian armor", 4, [], 8),
        ("EX-20 3-3 Russian infantry", 3, ["exploiting_armor"], 3),
        ("EX-21 3-2 across a river vs exploiting armor", 3, ["river", "exploiting_armor"], 6),
        ("EX-23 Suez fortification", 6, ["fortification"], 18),
        ("DT-05 3-3 forest", 3, ["rough"], 9),
        ("isolated 3 turns", 2, [DmClaim("isolated", turns=3)], 2),
        ("jungle/mountain", 1, ["jungle_mountain"], 4),
    ],
)
def test_awaw_defence_strength(case: str, factors: int, items: list[str | DmClaim], strength: int) -> None:
    assert unit_defence_strength(factors, items) == strength


def test_ex20_total() -> None:
    units = [DefendingUnit(4, net_dm([])), DefendingUnit(3, net_dm(["exploiting_armor"]))]
    assert defence_strength(units) == 11


@pytest.mark.parametrize(
    ("case", "items", "dm"),
    [
        ("house clear = face value", [], 1),
        ("house rough terrain +1", ["rough"], 2),
        ("house partisan in mountain", ["rough", "partisan"], 1),
        ("house partisan clear floors at 1", ["partisan"], 1),
        ("house fortress + rough", ["fortress", "rough"], 4),
        ("house airdrop only", ["airdrop_only"], 2),
        ("house a3r base item", [DmClaim("a3r_base", value=1)], 2),
    ],
)
def test_house_dm(case: str, items: list[str | DmClaim], dm: int) -> None:
    assert net_dm(items, variant="a3r_house") == dm


def test_dm_findings() -> None:
    assert dm_findings(["river", "rough"]) == ()
    assert [b.rule for b in dm_findings(["rough", "jungle_mountain"])] == ["15.32D"]
    assert [b.rule for b in dm_findings(["river", "west_wall_river_fort_split"])] == ["15.321"]
    assert dm_findings(["no_such_dm"])[0].rule == "15.3"
    assert dm_findings(["river", "river"])[0].rule == "15.35"
    off = dm_findings(["rough"], variant="a3r_house", options={"terrain.rough": "a3r"})
    assert off and "terrain.rough" in off[0].message
    assert dm_findings(["rough"], variant="a3r_house", options={"terrain.rough": "awaw"}) == ()
    with pytest.raises(ValueError, match="unknown"):
        net_dm(["maginot"])  # AWAW uses "fortress" for the Maginot line
    with pytest.raises(ValueError, match="turns"):
        net_dm([DmClaim("river", turns=2)])


def test_dm_catalogue_signs() -> None:
    negatives = {c for c, s in AWAW_DMS.items() if s.value < 0}
    assert {"exploiting_armor", "partisan", "winter", "chindit", "low_ctl"} <= negatives
    assert all(s.rule for s in AWAW_DMS.values())


def test_das_strength() -> None:
    assert das_strength(2) == 2
    assert das_strength(2, invasion=True) == 6
    assert defence_strength([DefendingUnit(3, 3)], 2) == 11


# --- CRT (15.6, 15.75): DT-01, DT-03, T-C3 ----------------------------------------------------------------------

EXTRACT_CRT_ROWS = """
A A A A a Ex Ex-1 Ex-2
A A A a Ex Ex-1 Ex-2 d
A A a Ex Ex-1 Ex-2 d D
A A Ex Ex-1 Ex-2 d D D
A Ex Ex Ex-2 d D D D
Ex Ex Ex d D D D D
"""


@pytest.mark.parametrize("table", ["awaw", "a3r_house"])
def test_crt_matches_extract(table: str) -> None:
    rows = [line.split() for line in EXTRACT_CRT_ROWS.strip().splitlines()]
    for r, cells in enumerate(rows, start=1):
        for column, cell in zip(ODDS_COLUMNS, cells, strict=True):
            assert crt_result(column, r, table=table) == cell  # type: ignore[arg-type]


def test_crt_shape() -> None:
    # 1:1 .. 5:1 are one diagonal: each column is the previous one shifted up a row (extract 1.7)
    for left, right in itertools.pairwise(ODDS_COLUMNS[3:]):
        assert CRT["awaw"][right][:-1] == CRT["awaw"][left][1:]
    for column in ODDS_COLUMNS:
        ranks = [RESULT_ORDER.index(r) for r in CRT["awaw"][column]]
        assert ranks == sorted(ranks)


@pytest.mark.parametrize(
    ("case", "column", "die", "round_no", "result"),
    [
        ("DT-01 1:4 6", "1:4", 6, 1, "Ex"),
        ("DT-01 1:2 3", "1:2", 3, 1, "a"),
        ("DT-01 1:1 4", "1:1", 4, 1, "Ex-1"),
        ("DT-01 3:1 4", "3:1", 4, 1, "d"),
        ("DT-01 5:1 1", "5:1", 1, 1, "Ex-2"),
        ("DT-01 5:1 2", "5:1", 2, 1, "d"),
        ("EX-23 Suez 1:1 6", "1:1", 6, 1, "d"),
        ("DT-03 2:1 round 2 die 3", "2:1", 3, 2, "Ex-2"),
        ("T-C3 1:1 round 2 die 5", "1:1", 5, 2, "d"),
        ("T-C3 1:1 round 3 die 6 clamps", "1:1", 6, 3, "d"),
    ],
)
def test_crt_cases(case: str, column: OddsColumn, die: int, round_no: int, result: str) -> None:
    assert crt_result(column, die, round_no) == result


def test_crt_clamp_flag() -> None:
    look = crt_lookup("1:1", 6, 3)
    assert (look.modified_die, look.row, look.clamped) == (8, 6, True)
    assert not crt_lookup("1:1", 5, 2).clamped


@pytest.mark.parametrize(("die", "round_no"), [(0, 1), (7, 1), (3, 0)])
def test_crt_misuse(die: int, round_no: int) -> None:
    with pytest.raises(ValueError):
        crt_result("1:1", die, round_no)


def test_crt_below_1_4_is_not_rolled() -> None:
    with pytest.raises(ValueError, match="below 1:4"):
        crt_lookup(BELOW_1_4, 3)  # type: ignore[arg-type]


@given(st.sampled_from(ODDS_COLUMNS), st.integers(1, 6), st.integers(1, 5))
def test_planted_fault_wrong_result_detected(column: OddsColumn, die: int, round_no: int) -> None:
    true = crt_result(column, die, round_no)
    assert check_round_result(column, die, round_no, true) == ()
    # a result better for the attacker than anything the rules allow is flagged
    allowed = permitted_results(true, ResultContext())
    wrong = next(r for r in reversed(RESULT_ORDER) if r not in allowed)
    assert check_round_result(column, die, round_no, wrong)


# --- Substitutions (15.53-15.551; house 15.54): EX-23, EX-24, T-C7 ------------------------------------------------


@pytest.mark.parametrize(
    ("case", "rolled", "ctx", "permitted"),
    [
        ("15.53 d -> Ex", "d", ResultContext(), {"d", "Ex"}),
        ("15.54 early German Ex -> Ex-1", "Ex", ResultContext(early_german=True), {"Ex-1"}),
        ("15.54 early German d -> Ex-1", "d", ResultContext(early_german=True), {"d", "Ex-1"}),
        ("EX-23 Suez CTL1 d", "d", ResultContext(fort_scope=True, lowest_attacking_ctl=1), {"d", "Ex", "Ex-1"}),
        ("15.55A CTL1 D", "D", ResultContext(fort_scope=True, lowest_attacking_ctl=1), {"Ex-1"}),
        ("15.55A CTL0 Ex-2", "Ex-2", ResultContext(fort_scope=True, lowest_attacking_ctl=0), {"Ex-1"}),
        ("15.55B CTL2 D", "D", ResultContext(fort_scope=True, lowest_attacking_ctl=2), {"Ex-2"}),
        ("15.55B CTL2 Ex-2 stays", "Ex-2", ResultContext(fort_scope=True, lowest_attacking_ctl=2), {"Ex-2"}),
        ("EX-24 15.55C CTL3 D", "D", ResultContext(fort_scope=True, lowest_attacking_ctl=3), {"Ex-3"}),
        ("EX-24 CTL4 d", "d", ResultContext(fort_scope=True, lowest_attacking_ctl=4), {"d", "Ex", "Ex-3"}),
        (
            "clean copy: defender option",
            "D",
            ResultContext(fort_scope=True, lowest_attacking_ctl=2, fort_conversion="defender_option"),
            {"D", "Ex-2"},
        ),
        (
            "Japanese surprise turn",
            "D",
            ResultContext(fort_scope=True, initial_japanese_surprise_turn=True),
            {"D"},
        ),
        ("house: no 15.55", "D", ResultContext(table="a3r_house", fort_scope=True), {"D"}),
        ("A stays A", "A", ResultContext(fort_scope=True, early_german=True), {"A"}),
    ],
)
def test_permitted_results(case: str, rolled: CombatResult, ctx: ResultContext, permitted: set[str]) -> None:
    assert permitted_results(rolled, ctx) == permitted


def test_final_result_choices() -> None:
    ctx = ResultContext(fort_scope=True, lowest_attacking_ctl=1)
    assert final_result("d", ctx) == "d"
    assert final_result("d", ctx, defender_converts=True) == "Ex-1"
    assert final_result("d", ctx, attacker_takes_ex=True, defender_converts=True) == "Ex-1"
    assert final_result("d", ctx, attacker_takes_ex=True, defender_converts=True, defender_first=False) == "Ex"


def test_planted_fault_d_kept_against_fortress() -> None:
    # AUD-15-11: a D result kept as D in a CTL-2 attack on a fortress
    found = result_findings("D", "D", ResultContext(fort_scope=True, lowest_attacking_ctl=2))
    assert found and found[0].rule == "15.55"


@pytest.mark.parametrize(
    ("case", "kwargs", "expected"),
    [
        ("T-C7 house west Spring 1940", {"area": "western_front", "western_offensive_turn": 1}, True),
        ("T-C7 house Poland Fall 1939", {"area": "poland", "year": 1939, "season": "fall"}, True),
        ("house Poland Spring 1940", {"area": "poland"}, False),
        ("house west third turn", {"area": "western_front", "western_offensive_turn": 3}, False),
        ("house west Fall 1940", {"area": "western_front", "western_offensive_turn": 2, "season": "fall"}, False),
    ],
)
def test_early_german_window_house(case: str, kwargs: dict[str, object], expected: bool) -> None:
    args: dict[str, object] = {"year": 1940, "season": "spring", **kwargs}
    assert early_german_window(table="a3r_house", **args) is expected  # type: ignore[arg-type]


def test_early_german_window_awaw() -> None:
    assert early_german_window("gs_minor", year=1939, season="fall")
    assert early_german_window("western_front", year=1940, season="spring", western_offensive_turn=2)
    assert not early_german_window(
        "western_front", year=1941, season="spring", western_offensive_turn=2, turns_since_war_began=5
    )
    assert early_german_window("poland", year=1939, season="fall", edition="classic")
    assert not early_german_window("poland", year=1939, season="fall")


def test_early_german_applies() -> None:
    assert early_german_applies(kind="exploitation", german=True, in_window=True)
    assert not early_german_applies(kind="overrun", german=True, in_window=True)
    assert early_german_applies(kind="overrun", german=True, in_window=True, table="a3r_house")
    assert not early_german_applies(kind="regular", german=True, in_window=True, table="a3r_house")


# --- Loss requirements (15.61, 15.62): DT-04 to DT-08, EX-23, T-C4, T-C5 ------------------------------------------


def _units(*pairs: tuple[int, int]) -> list[DefendingUnit]:
    return [DefendingUnit(f, dm) for f, dm in pairs]


@pytest.mark.parametrize(
    ("case", "result", "attack", "defenders", "das", "attacker", "defender"),
    [
        ("DT-04 A", "A", 5, [(2, 2)], 0, SideLoss(factors=4), SideLoss()),
        ("DT-04 a", "a", 5, [(2, 2)], 0, SideLoss(factors=2), SideLoss()),
        ("DT-04 Ex", "Ex", 5, [(2, 2)], 0, SideLoss(factors=4), SideLoss(everything=True)),
        ("A with too few attackers", "A", 3, [(2, 2)], 0, SideLoss(everything=True), SideLoss()),
        (
            "DT-05 Ex at 1:3",
            "Ex",
            6,
            [(3, 3), (2, 3)],
            0,
            SideLoss(everything=True),
            SideLoss(factors=6, measure="modified"),
        ),
        ("Ex tie", "Ex", 8, [(2, 4)], 0, SideLoss(everything=True), SideLoss(everything=True)),
        ("DT-06 Ex-1 with DAS", "Ex-1", 33, [(3, 3)], 2, SideLoss(factors=8), SideLoss(everything=True)),
        ("DT-07 Ex-2 at DM 2", "Ex-2", 20, [(3, 2)], 0, SideLoss(), SideLoss(everything=True)),
        ("EX-23 Suez Ex-1", "Ex-1", 24, [(6, 3)], 0, SideLoss(factors=12), SideLoss(everything=True)),
        ("EX-23 Suez Ex-2", "Ex-2", 24, [(6, 3)], 0, SideLoss(factors=6), SideLoss(everything=True)),
        ("T-C4 Ex-1 DM 1 DAS 2", "Ex-1", 24, [(6, 1)], 2, SideLoss(factors=2), SideLoss(everything=True)),
        ("Ex-3", "Ex-3", 40, [(4, 4)], 0, SideLoss(factors=4), SideLoss(everything=True)),
        ("DT-08 d", "d", 30, [(3, 2), (2, 2)], 0, SideLoss(), SideLoss(factors=3)),
        ("T-C5 a V=9", "a", 20, [(3, 3)], 0, SideLoss(factors=5), SideLoss()),
        ("D", "D", 30, [(3, 2)], 2, SideLoss(), SideLoss(everything=True)),
        ("none", "none", 30, [(3, 2)], 0, SideLoss(), SideLoss()),
    ],
)
def test_losses_required(
    case: str,
    result: CombatResult,
    attack: int,
    defenders: list[tuple[int, int]],
    das: int,
    attacker: SideLoss,
    defender: SideLoss,
) -> None:
    req = losses_required(result, attack=attack, defenders=_units(*defenders), das_factors=das)
    assert (req.attacker, req.defender) == (attacker, defender)


def test_d_base_option() -> None:
    units = _units((4, 2), (3, 2))  # T-C5: 7 defending factors -> 4
    assert losses_required("d", attack=30, defenders=units).defender == SideLoss(factors=4)
    awaw = losses_required("d", attack=30, defenders=units, das_factors=3)
    house = losses_required("d", attack=30, defenders=units, das_factors=3, table="a3r_house")
    assert awaw.defender == SideLoss(factors=4)
    assert house.defender == SideLoss(factors=5)


def test_invasion_das_counts_tripled() -> None:
    req = losses_required("Ex-1", attack=40, defenders=_units((2, 3)), das_factors=2, invasion=True)
    assert req.attacker == SideLoss(factors=2 * 2 + 6)


def test_ex_k_loss_helper() -> None:
    assert ex_k_attacker_loss(_units((6, 3)), 0, 1) == 12
    assert ex_k_attacker_loss(_units((3, 0)), 0, 1) == 0  # floored DM 1 - 1 = 0


def test_automatic_elimination() -> None:
    req = automatic_elimination()
    assert req.attacker.everything and req.defender == SideLoss()


@pytest.mark.parametrize(
    ("case", "lost", "pool", "need", "ok"),
    [
        ("DT-05 the 2-3 alone (6)", ["b"], {"a": 9, "b": 6}, 6, True),
        ("DT-05 the 3-3 alone (9)", ["a"], {"a": 9, "b": 6}, 6, True),
        ("DT-05 both: 2-3 unnecessary", ["a", "b"], {"a": 9, "b": 6}, 6, False),
        ("DT-08 the 3-3 alone", ["a"], {"a": 3, "b": 2}, 3, True),
        ("DT-08 the 2-3 alone too little", ["b"], {"a": 3, "b": 2}, 3, False),
        ("DT-08 both illegal", ["a", "b"], {"a": 3, "b": 2}, 3, False),
        ("everything required", ["a", "b"], {"a": 3, "b": 2}, None, True),
        ("everything required, one kept", ["a"], {"a": 3, "b": 2}, None, False),
        ("need above pool: all", ["a", "b"], {"a": 3, "b": 2}, 9, True),
        ("AUD-15-12 14 on a 12", ["a", "b", "c"], {"a": 6, "b": 6, "c": 2}, 12, False),
    ],
)
def test_loss_sets(case: str, lost: list[str], pool: dict[str, int], need: int | None, ok: bool) -> None:
    assert (loss_set_findings(lost, pool, need) == ()) is ok


def test_loss_set_misuse() -> None:
    with pytest.raises(ValueError, match="not in the pool"):
        loss_set_findings(["x"], {"a": 1}, 1)


SUEZ = _units((6, 3))


@pytest.mark.parametrize(
    ("case", "attackers", "lost", "ok"),
    [
        ("EX-23(a) 12 Italians lose 12", {"i1": (6, 1), "i2": (6, 1), "g": (12, 2)}, ["i1", "i2"], True),
        ("EX-23(a) only 6 of 12 Italians", {"i1": (6, 1), "i2": (6, 1), "g": (12, 2)}, ["i1"], False),
        ("EX-23(a) Germans to save Italians", {"i1": (6, 1), "i2": (6, 1), "g": (12, 2)}, ["g"], True),
        ("EX-23(b) 8 Italians, no more", {"i1": (4, 1), "i2": (4, 1), "g": (16, 2)}, ["i1", "i2"], True),
        (
            "EX-23(b) extra German unnecessary",
            {"i1": (4, 1), "i2": (4, 1), "g1": (3, 2), "g2": (13, 2)},
            ["i1", "i2", "g1"],
            False,
        ),
        ("EX-23(c) 4 Italians + 2 German", {"i": (4, 1), "g1": (2, 2), "g2": (18, 2)}, ["i", "g1"], True),
        ("EX-23(c) Italians alone too few", {"i": (4, 1), "g1": (2, 2), "g2": (18, 2)}, ["i"], False),
    ],
)
def test_ex23_mixed_ctl(case: str, attackers: dict[str, tuple[int, int]], lost: list[str], ok: bool) -> None:
    force = {u: MixedCtlAttacker(f, c) for u, (f, c) in attackers.items()}
    assert (mixed_ctl_loss_findings("d", force, lost, SUEZ) == ()) is ok


# --- Rounds and CTLs (15.7, 15.8; house 15.71-15.72): DT-03, T-C6 -------------------------------------------------


def test_dt03_ctl_rounds() -> None:
    force: dict[str, int | HouseNationality] = {"german": 2, "italian": 1}
    assert round_participants(1, force) == {"german", "italian"}
    assert round_participants(2, force) == {"german"}
    assert round_participants(3, force) == frozenset()


@pytest.mark.parametrize(
    ("case", "nationality", "round_no", "year", "season", "ok"),
    [
        ("T-C6 Russia Spring 1942", "russia", 2, 1942, "spring", False),
        ("T-C6 Russia Summer 1942", "russia", 2, 1942, "summer", True),
        ("T-C6 Germany round 3 1946", "germany", 3, 1946, "spring", True),
        ("T-C6 Germany round 3 1945", "germany", 3, 1945, "winter", False),
        ("T-C6 Germany round 2 1939", "germany", 2, 1939, "fall", True),
        ("T-C6 Italy round 2 1946", "italy", 2, 1946, "spring", True),
        ("T-C6 Italy round 2 1945", "italy", 2, 1945, "winter", False),
        ("T-C6 Italy round 3 never", "italy", 3, 1950, "spring", False),
        ("T-C6 partisans never", "partisan", 2, 1946, "spring", False),
        ("unlisted: one round", "other", 2, 1946, "spring", False),
        ("WA round 3 1946", "usa", 3, 1946, "spring", True),
        ("anyone round 1", "partisan", 1, 1939, "fall", True),
    ],
)
def test_house_rounds(
    case: str, nationality: HouseNationality, round_no: int, year: int, season: Season, ok: bool
) -> None:
    assert house_may_start_round(nationality, round_no, year, season) is ok


def test_house_mixed_rounds() -> None:
    force: dict[str, int | HouseNationality] = {"g": "germany", "i": "italy"}
    kw: dict[str, object] = {"model": "nationality_date", "year": 1943, "season": "summer"}
    assert round_participants(2, force, **kw) == frozenset()  # type: ignore[arg-type]
    assert round_participants(2, force, mixed="qualifying_units_continue", **kw) == {"g"}  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="year"):
        round_participants(2, force, model="nationality_date")


def test_next_round_findings() -> None:
    assert next_round_findings(2, attackers_alive=2, defenders_alive=1, participants={"g"}) == ()
    assert next_round_findings(2, attackers_alive=2, defenders_alive=0, participants={"g"})[0].rule == "15.71"
    assert next_round_findings(2, attackers_alive=2, defenders_alive=1, participants=())[0].rule == "15.82A"
    found = next_round_findings(
        2, attackers_alive=2, defenders_alive=1, participants={"g"}, attack=9, defence=10, scopes={"fortified"}
    )
    assert [b.rule for b in found] == ["15.74"]


def test_effective_ctl() -> None:
    assert effective_ctl(2, partial_supply_or_army_oil=True) == 1
    assert effective_ctl(1, partial_supply_or_army_oil=True, invasion_breakthrough_exploitation=True) == -1


# --- Support limits, air and fleet losses (15.63, 15.64, 18.614) --------------------------------------------------


def test_support_findings() -> None:
    assert support_findings(das=9, defending_ground_factors=3) == ()
    assert support_findings(das=10, defending_ground_factors=3)[0].rule == "18.614"
    assert support_findings(ground_support=13, attacking_ground_factors=4)[0].rule == "15.632"


@pytest.mark.parametrize(
    ("case", "table", "air", "ground", "final", "lost"),
    [
        ("house excess after losses", "a3r_house", 10, 2, False, 4),
        ("house final round too", "a3r_house", 10, 2, True, 4),
        ("house all ground dead", "a3r_house", 5, 0, True, 5),
        ("awaw 10-16 text: none", "awaw", 10, 2, False, 0),
    ],
)
def test_involuntary_air(case: str, table: str, air: int, ground: int, final: bool, lost: int) -> None:
    assert involuntary_air_losses(air, ground, final_round=final, table=table) == lost  # type: ignore[arg-type]


def test_involuntary_air_clean_copy() -> None:
    assert involuntary_air_losses(10, 2, final_round=False, model="non_final_rounds") == 4
    assert involuntary_air_losses(10, 2, final_round=True, model="non_final_rounds") == 0


def test_fleet_losses() -> None:
    assert invasion_destroyer_losses(9) == 3  # AUD-15-13
    assert invasion_destroyer_losses(8) == 2
    assert fleet_loss_findings(4, 4) == ()
    assert fleet_loss_findings(5, 4)[0].rule == "15.641"


# --- Advance and breakthrough (15.9, 16.1) ------------------------------------------------------------------------


def test_advance_findings() -> None:
    assert advance_findings(True, [AdvanceCandidate("a")]) == ()
    assert advance_findings(False, [AdvanceCandidate("a")])[0].rule == "15.91"
    assert advance_findings(True, [AdvanceCandidate("a", survived_final_round=False)])[0].rule == "15.91"
    assert advance_findings(True, [AdvanceCandidate("a", supplied=False)])[0].rule == "15.92A"
    assert advance_findings(True, [AdvanceCandidate("a", airdropped=True)])[0].rule == "15.92C"
    assert advance_findings(True, [AdvanceCandidate("a", defender=True)])[0].rule == "15.92D"
    assert advance_findings(False, []) == ()


GOOD_ARMOR = BreakthroughArmor(fully_supplied=True, mechanized_intact=True, ctl=1)


def test_breakthrough() -> None:
    ok = {"kind": "regular", "all_defenders_eliminated": True, "advanced": True}
    assert breakthrough_findings(final_round_armor=[GOOD_ARMOR], **ok) == ()  # type: ignore[arg-type]
    bad_armor = BreakthroughArmor(fully_supplied=True, mechanized_intact=True, ctl=0)
    assert breakthrough_findings(final_round_armor=[bad_armor], **ok)[0].rule == "16.11A"  # type: ignore[arg-type]
    nobody = {**ok, "advanced": False}
    assert breakthrough_findings(final_round_armor=[GOOD_ARMOR], **nobody)[0].rule == "16.11B"  # type: ignore[arg-type]
    assert (
        breakthrough_findings(
            kind="exploitation", all_defenders_eliminated=True, final_round_armor=[GOOD_ARMOR], advanced=True
        )[0].rule
        == "16.13"
    )


# --- Exploitation allowance (16.31, 15.82D; house 15.82): DT-11, T-C8 ---------------------------------------------


@pytest.mark.parametrize(
    ("case", "kwargs", "mf"),
    [
        ("DT-11 CTL 2 clear", {"ctl": 2}, 6),
        ("DT-11 CTL 1", {"ctl": 1}, 3),
        ("DT-11 CTL 1 forest, halve then -1", {"ctl": 1, "breakthrough_terrain": "forest"}, 2),
        (
            "DT-11 CTL 1 forest, -1 then halve",
            {"ctl": 1, "breakthrough_terrain": "forest", "order": "terrain_then_halve"},
            3,
        ),
        ("DT-11 invasion with CTL 1", {"ctl": 1, "invasion_breakthrough": True}, None),
        ("DT-11 Russian IC 3 defenders", {"ctl": 2, "russian_ic_or_objective_defenders": 3}, 3),
        ("Russian IC 2 defenders", {"ctl": 2, "russian_ic_or_objective_defenders": 2}, 6),
        ("EX-04 Turkish mountain", {"ctl": 2, "breakthrough_terrain": "mountain"}, 5),
        ("CTL 0", {"ctl": 0}, None),
        ("mechanized part negated", {"ctl": 2, "mechanized_intact": False}, None),
        ("Pacific jungle", {"ctl": 2, "theater": "pacific", "breakthrough_terrain": "jungle"}, None),
        (
            "Pacific jungle Japanese",
            {"ctl": 2, "theater": "pacific", "breakthrough_terrain": "jungle", "japanese": True},
            6,
        ),
        (
            "Pacific jungle/mountain Japanese",
            {"ctl": 2, "theater": "pacific", "breakthrough_terrain": "jungle_mountain", "japanese": True},
            None,
        ),
    ],
)
def test_exploitation_allowance(case: str, kwargs: dict[str, object], mf: int | None) -> None:
    assert exploitation_allowance(6, **kwargs) == mf  # type: ignore[arg-type]


def test_exploitation_minimum_one_hex() -> None:
    assert exploitation_allowance(3, ctl=1, breakthrough_terrain="swamp", russian_ic_or_objective_defenders=5) == 1


@pytest.mark.parametrize(
    ("case", "nationality", "year", "season", "mf"),
    [
        ("T-C8 Russia Fall 1941", "russia", 1941, "fall", 3),
        ("Russia Summer 1942", "russia", 1942, "summer", 5),
        ("Italy 1945", "italy", 1945, "winter", 3),
        ("Italy 1946", "italy", 1946, "spring", 5),
        ("Germany", "germany", 1939, "fall", 5),
    ],
)
def test_house_exploitation(case: str, nationality: HouseNationality, year: int, season: Season, mf: int) -> None:
    assert house_exploitation_allowance(5, nationality, year, season) == mf


# --- Overruns (13.5, 15.34): DT-09 --------------------------------------------------------------------------------

TWO_PANZERS = [OverrunUnit("armor", mf_left=6), OverrunUnit("armor", mf_left=6)]


def test_dt09_overrun() -> None:
    movement = defence_strength([DefendingUnit(1, net_dm([]))])  # DM 2 -> 2
    assert movement == 2 and not overrun_odds_ok(8, movement)
    exploiting = defence_strength([DefendingUnit(1, net_dm(["exploiting_armor"]))])  # DM 1 -> 1
    assert exploiting == 1 and overrun_odds_ok(8, exploiting)
    assert overrun_findings(TWO_PANZERS, attack=8, defence=exploiting) == ()
    found = overrun_findings(TWO_PANZERS, attack=8, defence=movement)
    assert [b.rule for b in found] == ["13.52"] and "6:1" in found[0].message


@pytest.mark.parametrize(
    ("case", "units", "kwargs", "rules"),
    [
        ("AUD-13-11 three units", [OverrunUnit("armor")] * 3, {}, ["13.52"]),
        ("two mech infantry", [OverrunUnit("mech_infantry")] * 2, {}, ["13.52"]),
        ("different hexsides", TWO_PANZERS, {"same_hexside": False}, ["13.52"]),
        ("AUD-13-13 no MF left", [OverrunUnit("armor", mf_left=1)], {}, ["13.52"]),
        ("infantry", [OverrunUnit("armor"), OverrunUnit("other")], {}, ["13.51"]),
        (
            "Pacific mech infantry",
            [OverrunUnit("armor"), OverrunUnit("mech_infantry")],
            {"theater": "pacific"},
            ["13.51"],
        ),
        ("negated armor", [OverrunUnit("armor", mechanized_intact=False)], {}, ["13.52"]),
        ("beach hex", TWO_PANZERS, {"beach_hex_by_invaders": True}, ["13.58"]),
    ],
)
def test_overrun_faults(case: str, units: list[OverrunUnit], kwargs: dict[str, object], rules: list[str]) -> None:
    found = overrun_findings(units, attack=12, defence=2, **kwargs)  # type: ignore[arg-type]
    assert [b.rule for b in found] == rules


# --- Stacking (12, 15.47): DT-13 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "kind", "ground", "specialized", "flak", "ok"),
    [
        ("DT-13 2 inf + 3 airborne + 3 flak", "standard", 2, 3, 3, True),
        ("DT-13 a third infantry", "standard", 3, 0, 0, False),
        ("DT-13 bridgehead 5 + 3", "bridgehead", 5, 3, 0, True),
        ("bridgehead 6", "bridgehead", 6, 0, 0, False),
        ("DT-13 one-hex island", "pacific_island", 1, 0, 0, True),
        ("one-hex island 2", "pacific_island", 2, 0, 0, False),
        ("island with port", "pacific_island_port", 2, 0, 0, True),
        ("4 flak factors", "standard", 0, 0, 4, False),
        ("4 specialized", "standard", 0, 4, 0, False),
        ("Pearl Harbor", "pearl_harbor", 5, 3, 3, True),
        ("box", "mapboard_box", 30, 10, 10, True),
        ("breakthrough hex", "breakthrough", 6, 0, 0, True),
    ],
)
def test_stacking(case: str, kind: StackHex, ground: int, specialized: int, flak: int, ok: bool) -> None:
    found = stacking_findings(kind, ground_units=ground, specialized_units=specialized, flak_factors=flak)
    assert (found == ()) is ok
    if not ok:
        assert found[0].rule == STACKING_LIMITS[kind].rule


def test_attack_origins() -> None:
    assert attack_origin_findings({"K37": ["ground", "ground", "airborne", "marine"]}) == ()
    assert attack_origin_findings({"K37": ["ground", "ground", "ground"]})[0].rule == "15.47"
    assert attack_origin_findings({"K37": ["breakthrough_armor"] * 4}) == ()
    shock = attack_origin_findings({"A1": ["shock_army"] * 2, "A2": ["shock_army"] * 2})
    assert [b.rule for b in shock] == ["12.16"]
