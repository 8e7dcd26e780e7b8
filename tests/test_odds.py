"""Battle odds: the exact distribution of an attack's end states over every round (15.5-15.8) and of an attrition's
results (14.41), checked against cases worked by hand, and ``awaw odds`` printing them."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from projections.rules.combat.outcomes import (
    Attacker,
    Battle,
    Defender,
    ProhibitedAttack,
    attrition_distribution,
    distribution,
)
from projections.rules.combat.results import ResultContext
from tests.build import awaw

SIXTH = Fraction(1, 6)


def test_one_round_at_2_to_1_worked_by_hand() -> None:
    # Attackers: armor A 5 (CTL 1), infantry B 4 and C 3 = 12. Defenders: P 2 and Q 1 factors at the basic DM 2
    # = 4 + 2 = 6. 12 against 6 is 2:1 (15.51); CTL 1 fights one round (15.82A). The 2:1 column (15.6) reads
    # a, Ex, Ex-1, Ex-2, d, D for dice 1-6:
    #   1 a:    the attacker loses ceil(6 / 2) = 3 factors: C (3) exactly.            losses 3 / 0
    #   2 Ex:   12 > 6, the defender loses all, the attacker 6: the fewest factors
    #           that reach 6 are B + C = 7 (A alone is 5): A survives, breakthrough.  losses 7 / 3
    #   3 Ex-1: the attacker loses 2 x (2-1) + 1 x (2-1) = 3: C; breakthrough.         losses 3 / 3
    #   4 Ex-2: the attacker loses 2 x 0 + 1 x 0 = 0; breakthrough.                    losses 0 / 3
    #   5 d:    the defender loses ceil(3 / 2) = 2 face factors: P.                    losses 0 / 2
    #   6 D:    the defender loses all; breakthrough.                                  losses 0 / 3
    # Defender eliminated and breakthrough 4/6; mean losses 13/6 and 14/6.
    battle = Battle(
        (Attacker("A", 5, armor=True), Attacker("B", 4), Attacker("C", 3)),
        (Defender("P", 2, 2), Defender("Q", 1, 2)),
    )
    found = distribution(battle)
    assert (found.attack, found.defence, found.column) == (12, 6, "2:1")
    assert found.first_round == tuple((r, SIXTH) for r in ("a", "Ex", "Ex-1", "Ex-2", "d", "D"))
    assert found.chance(defender_eliminated=True) == Fraction(4, 6)
    assert found.chance(breakthrough=True) == Fraction(4, 6)
    assert found.attacker_eliminated == 0
    assert found.expected_losses() == (Fraction(13, 6), Fraction(14, 6))
    assert set(found.losses()) == {(0, 3, 2 * SIXTH), (0, 2, SIXTH), (3, 0, SIXTH), (3, 3, SIXTH), (7, 3, SIXTH)}
    ex = next(s for s, _ in found.outcomes if s.results == ("Ex",))
    assert ex.attackers_left == ("A",)
    assert all(s.rounds == 1 for s, _ in found.outcomes)


def test_two_rounds_at_1_to_1_worked_by_hand() -> None:
    # Attackers: infantry X 3 and Y 3, CTL 2 (two rounds, 15.82A) = 6. Defender: Z 3 factors at DM 2 = 6. 1:1.
    # Round 1 (1:1 column, dice 1-6): A, a, Ex, Ex-1, Ex-2, d.
    #   1 A:    the attacker loses 6 = everything.                                     end: - / Z
    #   2 a:    the attacker loses 3: Y (the unit listed last of two equal ones). Round 2: X 3 against 6 is 1:2, the
    #           die +1 (15.75) reads rows 2, 3, 4, 5, 6 and 7 (as 6): A, a, Ex, Ex, Ex, Ex.
    #           A and a: X (3) is all the attacker has: it is eliminated.               end: - / Z   (2/36)
    #           Ex: 3 < 6, the attacker loses all, the defender at least 3 counted with
    #           its DM: Z (6).                                                         end: - / -   (4/36)
    #   3 Ex:   6 = 6, both sides lose everything.                                     end: - / -
    #   4 Ex-1: the attacker loses 3 x (2-1) = 3 (Y), the defender all.                 end: X / -
    #   5 Ex-2: the attacker loses 0, the defender all.                                end: X Y / -
    #   6 d:    the defender loses ceil(3 / 2) = 2 face factors: Z, its only unit.      end: X Y / -
    # So: attacker eliminated 6/36 + 2/36 + 6/36 + 4/36 = 18/36; defender eliminated 24/36 + 4/36 = 28/36; the
    # states (-, Z) 8/36, (-, -) 10/36, (X, -) 6/36, (X Y, -) 12/36; one die in 36 read row 7 as row 6.
    battle = Battle((Attacker("X", 3, ctl=2), Attacker("Y", 3, ctl=2)), (Defender("Z", 3, 2),))
    found = distribution(battle)
    assert found.column == "1:1"
    by_state: dict[tuple[tuple[str, ...], tuple[str, ...]], Fraction] = {}
    for s, p in found.outcomes:
        key = (s.attackers_left, s.defenders_left)
        by_state[key] = by_state.get(key, Fraction(0)) + p
    assert by_state == {
        ((), ("Z",)): Fraction(8, 36),
        ((), ()): Fraction(10, 36),
        (("X",), ()): Fraction(6, 36),
        (("X", "Y"), ()): Fraction(12, 36),
    }
    assert found.attacker_eliminated == Fraction(1, 2)
    assert found.chance(defender_eliminated=True) == Fraction(28, 36)
    assert found.chance(breakthrough=True) == 0
    assert sum(p for s, p in found.outcomes if s.read_above_6) == Fraction(1, 36)
    assert max(s.rounds for s, _ in found.outcomes) == 2


def test_rounds_stop_where_asked_and_where_the_ctl_stops() -> None:
    one = distribution(Battle((Attacker("X", 3, ctl=2), Attacker("Y", 3, ctl=2)), (Defender("Z", 3, 2),), max_rounds=1))
    assert max(s.rounds for s, _ in one.outcomes) == 1
    mixed = distribution(Battle((Attacker("X", 3, ctl=2), Attacker("Y", 3, ctl=1)), (Defender("Z", 3, 2),)))
    # after an "a" Y (listed last) is lost and X fights on; after Ex-1 the defender is gone anyway
    assert {s.results for s, _ in mixed.outcomes if s.rounds == 2} == {("a", r) for r in ("A", "a", "Ex")}


def test_below_1_4_eliminates_the_attacker_with_no_roll() -> None:
    found = distribution(Battle((Attacker("X", 1),), (Defender("Z", 5, 2),)))
    assert found.column == "below_1:4"
    assert found.outcomes[0][0].attackers_left == () and found.outcomes[0][1] == 1
    assert found.first_round == (("A", Fraction(1)),)


def test_a_prohibited_attack_names_the_rule() -> None:
    with pytest.raises(ProhibitedAttack, match=r"invasion attack at 1:2 \(below 1:1\) is prohibited \(15.52"):
        distribution(Battle((Attacker("X", 3),), (Defender("Z", 3, 2),), scopes=frozenset({"invasion"})))


def test_early_german_turns_ex_into_ex_1() -> None:
    battle = Battle(
        (Attacker("A", 5, armor=True), Attacker("B", 4), Attacker("C", 3)),
        (Defender("P", 2, 2), Defender("Q", 1, 2)),
        context=ResultContext(early_german=True),
        kind="exploitation",
    )
    found = distribution(battle)
    assert dict(found.first_round) == {"a": SIXTH, "Ex-1": 2 * SIXTH, "Ex-2": SIXTH, "d": SIXTH, "D": SIXTH}
    assert found.chance(breakthrough=True) == 0  # no breakthrough from an exploitation attack (16.13)


def test_ground_support_is_lost_first_and_counts() -> None:
    # X 4 + 2 air = 6 against 3 x 2 = 6: 1:1. An "a" (die 2) costs ceil(6 / 2) = 3: the two air factors fall short,
    # X alone (4) is fewer than X and the air (6), so X is lost and the air survives (AWAW: no 3:1 culling, 15.632).
    found = distribution(Battle((Attacker("X", 4),), (Defender("Z", 3, 2),), support=2))
    assert found.attack == 6
    a = next(s for s, _ in found.outcomes if s.results == ("a",))
    assert (a.attackers_left, a.support_left) == ((), 2)
    # with 3 air factors (7 against 6, 1:1) the "a" takes the three air factors: 3 is fewer than X's 4
    found = distribution(Battle((Attacker("X", 4),), (Defender("Z", 3, 2),), support=3))
    a = next(s for s, _ in found.outcomes if s.results == ("a",))
    assert (a.attackers_left, a.support_left) == (("X",), 0)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 6), st.booleans(), st.integers(0, 3)), min_size=1, max_size=4),
    st.lists(st.tuples(st.integers(1, 6), st.integers(1, 4)), min_size=1, max_size=3),
    st.integers(0, 4),
)
def test_every_distribution_sums_to_one(
    attackers: list[tuple[int, bool, int]], defenders: list[tuple[int, int]], support: int
) -> None:
    battle = Battle(
        tuple(Attacker(f"a{i}", f, ctl=c, armor=arm) for i, (f, arm, c) in enumerate(attackers)),
        tuple(Defender(f"d{i}", f, dm) for i, (f, dm) in enumerate(defenders)),
        support=support,
    )
    found = distribution(battle)
    assert sum(p for _, p in found.outcomes) == 1
    assert sum(p for _, p in found.first_round) == 1
    for state, _ in found.outcomes:
        assert state.breakthrough <= (not state.defenders_left)
        assert state.rounds == len(state.results) <= max(1, *(c for _, _, c in attackers))


def test_attrition_worked_by_hand() -> None:
    # 25 factors: the 21-30 column; +1: modified rolls 2-7 read 2C, 1C/1H, 2C/1H, 3C/1H, 3C/2H, 4C/2H (14.41).
    assert attrition_distribution(25, 1) == (
        ((2,), "2C", SIXTH),
        ((3,), "1C/1H", SIXTH),
        ((4,), "2C/1H", SIXTH),
        ((5,), "3C/1H", SIXTH),
        ((6,), "3C/2H", SIXTH),
        ((7,), "4C/2H", SIXTH),
    )
    # 5 factors, no modifier: 1-10 column, rows 1-4 "-", rows 5-6 1C
    assert attrition_distribution(5, 0) == (((1, 2, 3, 4), "-", 4 * SIXTH), ((5, 6), "1C", 2 * SIXTH))


def test_awaw_odds_prints_the_distribution(tmp_path: Path) -> None:
    code, out = awaw(tmp_path / "o.db", "odds", "--attackers", "5a,4,3", "--defenders", "2x2,1x2")
    assert code == 0, out
    assert "12 against 6: the 2:1 column; one round" in out
    assert "defender eliminated 66.7 %, breakthrough 66.7 %, attacker eliminated 0.0 %" in out
    assert "mean losses: attacker 2.17 factors, defender 2.33 factors" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    code, out = awaw(tmp_path / "o.db", "odds", "--attackers", "3,3", "--defenders", "3", "--ctl", "2", "--json")
    data = json.loads(out)
    assert data["attacker_eliminated"] == {"exact": "1/2", "p": 0.5}
    assert data["defender_eliminated"]["exact"] == "7/9"
    assert sum(Fraction(s["exact"]) for s in data["end_states"]) == 1


def test_awaw_odds_attrition_and_bad_input(tmp_path: Path) -> None:
    code, out = awaw(tmp_path / "o.db", "odds", "--attrition", "5")
    assert code == 0 and "66.7 %       1-4        -" in out
    code, out = awaw(tmp_path / "o.db", "odds", "--attackers", "5b", "--defenders", "3")
    assert code == 2 and "'5b' is not FACTORS[a][/CTL]" in out
    code, out = awaw(tmp_path / "o.db", "odds", "--attackers", "1", "--defenders", "9", "--invasion")
    assert code == 1 and "prohibited (15.52" in out
    code, out = awaw(tmp_path / "o.db", "odds")
    assert code == 2 and "give --attackers and --defenders" in out
    assert not (tmp_path / "o.db").exists()


def test_the_readme_shows_what_awaw_odds_prints(tmp_path: Path) -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    command = "awaw odds --attackers 5a,4,3 --defenders 2x2,1x2"
    start = readme.index(f"```sh\n{command}")
    shown = readme.index("```\n", readme.index("```\n", start) + 4) + 4
    transcript = readme[shown : readme.index("```", shown)]
    code, out = awaw(tmp_path / "o.db", *command.split()[1:])
    assert code == 0 and out == transcript
