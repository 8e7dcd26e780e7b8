"""Dice checks: faces on the die, numbering, purpose and single use, seeded rolls against the revealed seed."""

from __future__ import annotations

from awaw_events import dice
from awaw_events.events import AttritionResolved, CombatRoundResolved, DiceRolled, SeedRevealed
from tests.build import findings, run
from tests.conftest import created, phase

SEED = "17" * 32


def _roll(n: int, faces: list[int], *, purpose: str = "crt", source: str = "physical", sides: int = 6) -> DiceRolled:
    return DiceRolled(
        year=1939,
        season="fall",
        side="axis",
        phase="combat",
        roll=n,
        purpose=purpose,  # type: ignore[arg-type]
        dice=faces,
        source=source,
        sides=sides,
    )  # type: ignore[arg-type]


def _crt(roll: int) -> CombatRoundResolved:
    return CombatRoundResolved(year=1939, season="fall", side="axis", phase="combat", attack="a", roll=roll, result="D")


def test_a_clean_log_has_no_dice_findings() -> None:
    report = run([created(), phase("combat"), _roll(1, [3]), _crt(1)], rule="dice")
    assert report.findings == ()
    assert [(s.check, s.times) for s in report.skipped] == [("physical_roll", 1)]


def test_faces_off_the_die_gaps_and_reuse() -> None:
    events = [created(), phase("combat"), _roll(1, [7]), _roll(3, [2]), _roll(3, [4])]
    assert findings(events, "dice") == [
        (3, "face_on_die", "roll #1 shows 7 on a d6"),
        (4, "roll_numbering", "rolls #2 to #2 are missing: a log restarted to re-roll?"),
        (5, "roll_numbering", "roll number #3 was already used (by event 4)"),
    ]


def test_a_roll_decides_one_result_of_its_purpose() -> None:
    attrition = AttritionResolved(
        year=1939, season="fall", side="axis", phase="combat", attrition="z", roll=1, losses=1, hexes=0
    )
    events = [created(), phase("combat"), _roll(1, [3]), _crt(1), _crt(1), attrition, _crt(9)]
    assert findings(events, "dice") == [
        (5, "roll_use", "roll #1 already decided event 4 (combat_round_resolved reuses it)"),
        (6, "roll_use", "uses roll #1 (event 3), which was rolled for crt"),
        (6, "roll_use", "roll #1 already decided event 4 (attrition_resolved reuses it)"),
        (7, "roll_use", "refers to roll #9, which was never rolled"),
    ]


def test_seeded_rolls_are_checked_against_the_revealed_seed() -> None:
    good = dice.roll_dice(SEED, 1, 2, 6)
    truth2 = dice.roll_dice(SEED, 2, 1, 10)
    forged = [truth2[0] % 10 + 1]
    events = [
        created(seed_commitment=dice.commitment(SEED)),
        phase("combat"),
        _roll(1, good, source="seeded"),
        _roll(2, forged, source="seeded", sides=10, purpose="other"),
        SeedRevealed(year=1939, season="fall", side="axis", phase="combat", seed=SEED),
    ]
    assert findings(events, "dice") == [
        (4, "seeded_rolls", f"roll #2 shows {forged}, but the revealed seed gives {truth2}"),
    ]


def test_a_reveal_must_match_the_commitment() -> None:
    events = [created(seed_commitment=dice.commitment(SEED)), SeedRevealed(year=1939, season="fall", seed="00" * 32)]
    assert findings(events, "dice") == [(2, "seeded_rolls", "the revealed seed does not hash to the game's commitment")]


def test_a_roll_used_in_an_earlier_game_turn_cannot_decide_again() -> None:
    """The dice record forgets used rolls at the next game turn but still knows they are spent."""
    spring = DiceRolled(year=1940, season="spring", side="axis", phase="combat", roll=2, purpose="crt", dice=[4])
    late = CombatRoundResolved(year=1940, season="spring", side="axis", phase="combat", attack="b", roll=1, result="D")
    events = [created(), phase("combat"), _roll(1, [3]), _crt(1), spring, late]
    assert findings(events, "dice") == [
        (6, "roll_use", "roll #1 already decided an event of an earlier game turn (combat_round_resolved reuses it)")
    ]
    state = run(events[:5], rule="dice")
    assert state.findings == ()


def test_an_unused_roll_stays_usable_in_a_later_game_turn() -> None:
    spring = DiceRolled(year=1940, season="spring", side="axis", phase="combat", roll=2, purpose="crt", dice=[4])
    late = CombatRoundResolved(year=1940, season="spring", side="axis", phase="combat", attack="b", roll=1, result="D")
    events = [created(), phase("combat"), _roll(1, [3]), spring, late]
    assert findings(events, "dice") == []


def test_the_report_counts_what_it_could_not_check() -> None:
    """Each application of a check is either made or not (a physical roll cannot be verified): the report says
    how much of the game could be checked."""
    report = run([created(), phase("combat"), _roll(1, [3]), _crt(1), _roll(2, [5])], rule="dice")
    # three checks read each roll and one each roll use: 3 + 1 + 3 applications; two physical rolls unverifiable
    assert (report.applied, report.unchecked) == (7, 2)
    assert report.checked_share == 5 / 7
    assert [(s.check, s.times, s.first_seq) for s in report.skipped] == [("physical_roll", 2, 3)]
