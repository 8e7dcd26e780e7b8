"""Ground combat checks: DMs, odds, strengths, the CRT, substitutions, losses, rounds, support, advance,
breakthroughs, exploitation allowances, overruns and stacking (AWAW 12, 13.5, 15, 16; A3R house App. C-1).

Worked examples: 10-16 extract EX-18 to EX-23, DT-01 to DT-11; A3R extract T-C1 to T-C8."""

from __future__ import annotations

from typing import Any, cast

import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AttackDeclared,
    AttackEnded,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    CtlSet,
    DiceRolled,
    Event,
    ExploitationAllowance,
    OverrunResolved,
    Ruling,
    UnitPlaced,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from awaw_events.log import append_events, numbered
from awaw_events.options import resolve_options
from awaw_events.store import GameStore
from replays.audit.catalogue import checks
from replays.audit.families import attrition, combat, overruns
from replays.audit.timelines import audit_timeline
from tests.build import findings
from tests.conftest import created

MINE = frozenset(
    c.id for c in checks() if c.family in (combat.FAMILY.name, attrition.FAMILY.name, overruns.FAMILY.name)
)

T: dict[str, Any] = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}


def at(**kw: Any) -> dict[str, Any]:
    return {**T, **kw}


def found(events: list[Event]) -> list[tuple[int, str, str]]:
    return [f for f in findings(events) if f[1] in MINE]


def unit(
    uid: str,
    *,
    nationality: str = "germany",
    unit_type: str = "infantry",
    factors: int = 3,
    location: str = "EUR:L33",
    movement: int | None = None,
) -> UnitPlaced:
    owner = (
        nationality
        if nationality in ("germany", "italy", "britain", "france", "usa", "russia", "japan")
        else ("germany")
    )
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=uid,
        owner=owner,  # type: ignore[arg-type]
        nationality=nationality,
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=factors,
        location=location,
        movement=movement,
    )


def ctl(faction: str, level: int) -> CtlSet:
    return CtlSet(year=1939, season="fall", phase="setup", faction=faction, domain="ground", level=level)  # type: ignore[arg-type]


def die(n: int, face: int, **kw: Any) -> DiceRolled:
    return DiceRolled(**at(**kw), roll=n, purpose="crt", dice=[face])


def atk(uid: str, factors: int, *, ctl_: int | None = 2, origin: str | None = None, **kw: Any) -> Attacker:
    return Attacker(unit=uid, factors=factors, origin=origin, ctl=ctl_, **kw)


def dfn(uid: str, factors: int, *dms: tuple[str, int], hex_: str = "EUR:L34") -> Defender:
    return Defender(unit=uid, factors=factors, hex=hex_, dms=[Modifier(code=c, value=v) for c, v in dms])


def declare(attackers: list[Attacker], defenders: list[Defender], aid: str = "a1", **kw: Any) -> AttackDeclared:
    extra = {k: kw.pop(k) for k in ("year", "season", "side", "phase") if k in kw}
    return AttackDeclared(
        **at(**extra), attack=aid, defender_hexes=["EUR:L34"], attackers=attackers, defenders=defenders, **kw
    )


def resolve(
    a: int | None,
    d: int | None,
    odds: str | None,
    roll: int,
    result: str,
    *,
    rnd: int = 1,
    mod: int | None = None,
    aid: str = "a1",
    **kw: Any,
) -> CombatRoundResolved:
    return CombatRoundResolved(
        **at(**kw),
        attack=aid,
        round=rnd,
        attack_strength=a,
        defence_strength=d,
        odds=odds,
        roll=roll,
        modified_die=mod,
        result=result,  # type: ignore[arg-type]
    )


def lose(loser: str, *units: tuple[str, int], rnd: int = 1, aid: str = "a1", **kw: Any) -> CombatLossesTaken:
    return CombatLossesTaken(
        **at(**kw),
        attack=aid,
        round=rnd,
        loser=loser,  # type: ignore[arg-type]
        losses=[UnitFactors(unit=u, factors=f) for u, f in units],
    )


def end(after: int = 1, reason: str = "result", aid: str = "a1", **kw: Any) -> AttackEnded:
    return AttackEnded(**at(**kw), attack=aid, after_round=after, reason=reason)  # type: ignore[arg-type]


def advance(*moves: tuple[str, str], aid: str = "a1", **kw: Any) -> AdvanceAfterCombat:
    return AdvanceAfterCombat(**at(**kw), attack=aid, moves=[Move(unit=u, to=h) for u, h in moves])


BASIC = ("basic", 2)

AROUND_L34 = ("EUR:L33", "EUR:L35", "EUR:K34", "EUR:K35", "EUR:M33", "EUR:M34")
"""The six hexes next to EUR:L34 (10-16 extract 1.15)."""

GERMANS = [
    unit("arm1", unit_type="armor", factors=4, movement=6),
    unit("arm2", unit_type="armor", factors=4, movement=6),
    unit("inf1"),
    unit("inf2"),
    unit("inf3", location="EUR:M35"),
    unit("aaf1", unit_type="aaf", factors=5),
    unit("aaf2", unit_type="aaf", factors=5),
    unit("pol1", nationality="poland", factors=2, location="EUR:L34"),
    unit("pol2", nationality="poland", factors=2, location="EUR:L34"),
    unit("pol3", nationality="poland", factors=3, location="EUR:L34"),
    ctl("european_axis", 2),
]


def setup(**kw: Any) -> list[Event]:
    return [created(**kw), *GERMANS]


def poznan() -> list[Event]:
    """The example game's first attack: 17 ground + 10 air vs 2 x 2-3 at DM 2 = 27 vs 8, 3:1, die 5: D."""
    return [
        *setup(),
        die(1, 5),
        declare(
            [
                atk("arm1", 4, armor=True, origin="EUR:L33"),
                atk("arm2", 4, armor=True, origin="EUR:L33"),
                atk("inf1", 3, origin="EUR:K34"),
                atk("inf2", 3, origin="EUR:K34"),
                atk("inf3", 3, origin="EUR:M34"),
            ],
            [dfn("pol1", 2, BASIC), dfn("pol2", 2, BASIC)],
            ground_support=[UnitFactors(unit="aaf1", factors=5), UnitFactors(unit="aaf2", factors=5)],
            terrain="clear",
        ),
        resolve(27, 8, "3:1", 1, "D", mod=5),
        lose("defender", ("pol1", 2), ("pol2", 2)),
        end(reason="defender_eliminated"),
        advance(("arm1", "EUR:L34")),
        BreakthroughCreated(**T, breakthrough="bt1", attack="a1", hex="EUR:L34", armor="arm1"),
        ExploitationAllowance(**at(phase="exploitation"), unit="arm2", breakthrough="bt1", allowance=6),
    ]


def test_a_clean_attack_breakthrough_and_exploitation() -> None:
    assert found(poznan()) == []


# --- odds (15.51, 15.52; EX-22, T-C1, T-C2, DT-02) ---------------------------------------------------------


@pytest.mark.plants("AUD-15-09", "C-CRT-1")
@pytest.mark.parametrize(
    ("case", "a", "d", "recorded", "expected"),
    [
        ("EX-22/T-C1 20 vs 10", 20, 10, "2:1", None),
        ("EX-22/T-C1 19 vs 10", 19, 10, "1:1", None),
        ("EX-22/T-C1 5 vs 13", 5, 13, "1:3", None),
        ("T-C2 50 vs 8 on 5:1", 50, 8, "5:1", None),
        ("T-C2 50 vs 8 as 6:1", 50, 8, "6:1", None),
        ("DT-02 4 vs 16", 4, 16, "1:4", None),
        ("DT-02 4 vs 17", 4, 17, "below_1:4", None),
        ("DT-02 10 vs 13", 10, 13, "1:2", None),
        ("EX-22 19 vs 10 on 2:1", 19, 10, "2:1", "19 vs 10 is 1:1, read on the 1:1 column; recorded 2:1"),
        ("DT-02 4 vs 17 on 1:4", 4, 17, "1:4", "4 vs 17 is 1:5, read on the below_1:4 column; recorded 1:4"),
    ],
)
def test_odds_column(case: str, a: int, d: int, recorded: str, expected: str | None) -> None:
    events = [*setup(), die(1, 1), resolve(a, d, recorded, 1, "A")]
    got = [f for f in found(events) if f[1] == "odds_column"]
    want = (
        []
        if expected is None
        else [
            (
                14,
                "odds_column",
                f"{expected} (fractions are dropped in the defender's favour, and the attacker may "
                "not pick a lower column)",
            )
        ]
    )
    assert got == want, case


# --- DMs and strengths (15.3, 15.31, 15.35; EX-18 to EX-21) --------------------------------------------------


@pytest.mark.parametrize(
    ("case", "defenders", "strength"),
    [
        ("EX-18 2-5 armor in clear", [dfn("pol1", 2, BASIC)], 4),
        (
            "EX-19 Rumanian 2-3 floored at 1",
            [dfn("pol1", 2, BASIC, ("exploiting_armor", -1), ("minor_outside_home", -1))],
            2,
        ),
        (
            "EX-20 4-5 armor + 3-3 infantry",
            [dfn("pol1", 4, BASIC), dfn("pol3", 3, BASIC, ("exploiting_armor", -1))],
            11,
        ),
        ("EX-21 3-2 across a river", [dfn("pol3", 3, BASIC, ("river", 1), ("exploiting_armor", -1))], 6),
        ("base added when not claimed", [dfn("pol3", 3, ("river", 1))], 9),
    ],
)
def test_defence_strength_examples(case: str, defenders: list[Defender], strength: int) -> None:
    clean = [*setup(), die(1, 1), declare([atk("inf1", 3)], defenders), resolve(3, strength, None, 1, "A")]
    assert [f for f in found(clean) if f[1] == "strengths"] == [], case
    wrong = [*clean[:-1], resolve(3, strength - 1, None, 1, "A")]
    got = [f for f in found(wrong) if f[1] == "strengths"]
    assert len(got) == 1 and f"= {strength} (factors x DM" in got[0][2], case


def test_ex_19_recorded_at_dm_zero() -> None:
    events = [
        *setup(),
        die(1, 1),
        declare([atk("inf1", 3)], [dfn("pol1", 2, BASIC, ("exploiting_armor", -1), ("minor_outside_home", -1))]),
        resolve(3, 0, None, 1, "A"),
    ]
    assert [f for f in found(events) if f[1] == "strengths"] == [
        (
            15,
            "strengths",
            "attack a1 round 1: the defence is 2x1 = 2 (factors x DM, never below face value; 15.31, "
            "15.35, 15.51), recorded 0",
        ),
    ]


@pytest.mark.plants("AUD-15-09")
def test_attack_strength_must_count_the_declared_units() -> None:
    events = [*poznan()[:14], resolve(25, 8, "3:1", 1, "D", mod=5)]
    assert found(events) == [
        (15, "strengths", "attack a1: 17 ground factors + 10 air and fleet factors = 27 (15.51), recorded 25"),
    ]


def test_dm_item_values_and_exclusions() -> None:
    events = [
        *setup(),
        declare(
            [atk("inf1", 3)],
            [dfn("pol3", 3, BASIC, ("river", 2)), dfn("pol1", 2, ("rough", 1), ("jungle_mountain", 2))],
        ),
    ]
    assert found(events) == [
        (13, "dm_items", "pol3: DM item river is worth +1 (15.32C), recorded +2"),
        (13, "dm_items", "pol1: DM items 'rough' and 'jungle_mountain' cannot both apply (15.32D)"),
    ]


# --- the CRT (15.6, 15.75; DT-01, DT-03, T-C3) and substitutions (15.53-15.55) ------------------------------


@pytest.mark.parametrize(
    ("case", "odds", "face", "rnd", "result"),
    [
        ("DT-01 1:4 die 6", "1:4", 6, 1, "Ex"),
        ("DT-01 1:2 die 3", "1:2", 3, 1, "a"),
        ("DT-01 1:1 die 4", "1:1", 4, 1, "Ex-1"),
        ("DT-01 3:1 die 4", "3:1", 4, 1, "d"),
        ("DT-01 5:1 die 1", "5:1", 1, 1, "Ex-2"),
        ("DT-01 5:1 die 2", "5:1", 2, 1, "d"),
        ("DT-03 2:1 round 2 die 3", "2:1", 3, 2, "Ex-2"),
        ("T-C3 1:1 round 2 die 5", "1:1", 5, 2, "d"),
        ("T-C3 1:1 round 3 die 6 read as row 6", "1:1", 6, 3, "d"),
        ("15.53 d taken as Ex", "1:1", 6, 1, "Ex"),
    ],
)
def test_crt_cells(case: str, odds: str, face: int, rnd: int, result: str) -> None:
    events: list[Event] = [*setup(), declare([atk("inf1", 3, ctl_=3)], [dfn("pol3", 3)])]
    for r in range(1, rnd):
        events += [die(r, 1), resolve(None, None, odds, r, PRIOR[(odds, r)], rnd=r)]
    events += [die(rnd, face), resolve(None, None, odds, rnd, result, rnd=rnd, mod=face + rnd - 1)]
    assert [f for f in found(events) if f[1] == "crt_result"] == [], case


PRIOR: dict[tuple[str, int], str] = {("2:1", 1): "a", ("1:1", 1): "A", ("1:1", 2): "a"}
"""Rounds before the one under test, each with a die of 1 (row = round number)."""


@pytest.mark.plants("AUD-15-10")
def test_a_die_of_6_at_1_1_recorded_as_d_is_wrong() -> None:
    events = [*setup(), declare([atk("inf1", 3)], [dfn("pol3", 3)]), die(1, 6), resolve(None, None, "1:1", 1, "D")]
    assert [f for f in found(events) if f[1] == "crt_result"] == [
        (
            15,
            "crt_result",
            "attack a1 round 1: die 6 at 1:1 is row 6, d; recorded D (permitted: Ex, d; 15.6, 15.53-15.54)",
        ),
    ]


@pytest.mark.plants("AUD-15-10")
def test_round_two_adds_one_to_the_die() -> None:
    events = [
        *setup(),
        declare([atk("inf1", 3, ctl_=2), atk("inf2", 3, ctl_=2)], [dfn("pol3", 3), dfn("pol1", 2)]),
        die(1, 2),
        resolve(None, None, "1:1", 1, "a", mod=2),
        lose("attacker", ("inf1", 3)),
        die(2, 3),
        resolve(None, None, "2:1", 2, "Ex-1", rnd=2, mod=3),
    ]
    assert [f for f in found(events) if f[1] == "crt_result"] == [
        (18, "crt_result", "round 2 adds +1 to the die (15.75): die 3 gives 4, recorded 3"),
        (
            18,
            "crt_result",
            "attack a1 round 2: die 3 at 2:1 is row 4, Ex-2; recorded Ex-1 (permitted: Ex-2; 15.6, 15.53-15.54)",
        ),
    ]


@pytest.mark.plants("AUD-15-11")
def test_15_55_a_d_kept_against_a_fortress_by_ctl_2() -> None:
    events = [
        *setup(),
        declare([atk("inf1", 3, ctl_=2)], [dfn("pol3", 1, BASIC, ("fortress", 2))], fortification="fortress"),
        die(1, 6),
        resolve(None, None, "2:1", 1, "D"),
    ]
    assert [f for f in found(events) if f[1] == "crt_result"] == [
        (
            15,
            "crt_result",
            "attack a1 round 1: die 6 at 2:1 is row 6, D; recorded D (permitted: Ex-2; 15.55, 15.53-15.54)",
        ),
    ]


def test_early_german_ex_1_is_accepted_for_a_german_exploitation_attack() -> None:
    events = [
        *setup(),
        declare([atk("arm1", 4, armor=True)], [dfn("pol3", 3)], kind="exploitation"),
        die(1, 3),
        resolve(None, None, "1:1", 1, "Ex-1"),
    ]
    assert [f for f in found(events) if f[1] == "crt_result"] == []
    events[-3] = declare([atk("inf1", 3)], [dfn("pol3", 3)], kind="exploitation")
    assert [f[2] for f in found(events) if f[1] == "crt_result"] == [
        "attack a1 round 1: die 3 at 1:1 is row 3, Ex; recorded Ex-1 (permitted: Ex; 15.6, 15.53-15.54)"
    ]


def test_below_1_4_the_attacker_is_eliminated() -> None:
    base = [*setup(), declare([atk("inf1", 3)], [dfn("pol3", 3, ("fortress", 2)), dfn("pol1", 2)]), die(1, 6)]
    clean = [*base, resolve(3, 16, "below_1:4", 1, "A"), lose("attacker", ("inf1", 3)), end(reason="below_1to4")]
    assert found(clean) == []
    wrong = [*base, resolve(3, 16, "below_1:4", 1, "Ex"), end(reason="below_1to4")]
    assert found(wrong) == [
        (
            15,
            "crt_result",
            "attack a1 is below 1:4: the attacker is eliminated with no loss to the defender and no "
            "roll (15.52); recorded Ex",
        ),
        (
            16,
            "losses_recorded",
            "attack a1 round 1: the odds below 1:4 (15.52) require the attacker to lose "
            "everything, but no combat_losses_taken was recorded",
        ),
    ]


def test_prohibited_invasion_below_1_1() -> None:
    events = [
        *setup(),
        declare(
            [atk("inf1", 3, hexside="sea", role="invading")], [dfn("pol3", 3, BASIC, ("invasion", 1))], kind="invasion"
        ),
        die(1, 6),
        resolve(3, 9, "1:3", 1, "Ex"),
    ]
    assert [f for f in found(events) if f[1] == "prohibited_odds"] == [
        (15, "prohibited_odds", "attack a1: invasion attack at 1:3 (below 1:1), which 15.52 (21.5152) prohibits"),
    ]


# --- losses (15.61, 15.62, 15.551; DT-04, DT-05, DT-06, DT-08, EX-23, T-C4, T-C5) ---------------------------


def _one_round(
    defenders: list[Defender], attackers: list[Attacker], face: int, result: str, *more: Event, **kw: Any
) -> list[Event]:
    return [*setup(), declare(attackers, defenders, **kw), die(1, face), resolve(None, None, None, 1, result), *more]


@pytest.mark.parametrize(
    ("case", "face", "result", "loser", "lost", "problem"),
    [
        ("DT-04 A: attacker loses 4", 1, "A", "attacker", [("inf1", 3), ("inf2", 3)], None),
        ("DT-04 A short", 1, "A", "attacker", [("inf1", 3)], "losses 3 do not meet the requirement (4)"),
        ("DT-04 a: ceil(4/2) = 2", 2, "a", "attacker", [("inf1", 3)], None),
        (
            "DT-04 a: one unit too many",
            2,
            "a",
            "attacker",
            [("inf1", 3), ("inf2", 3)],
            "unnecessary losses: ['inf1', 'inf2'] could be spared",
        ),
    ],
)
def test_dt_04_a_results(
    case: str, face: int, result: str, loser: str, lost: list[tuple[str, int]], problem: str | None
) -> None:
    events = _one_round([dfn("pol1", 2)], [atk("inf1", 3), atk("inf2", 3)], face, result, lose(loser, *lost))
    want = [] if problem is None else [problem]
    assert [f[2].split("; ", 1)[1].rsplit(" (", 1)[0] for f in found(events) if f[1] == "losses"] == want, case


@pytest.mark.plants("AUD-15-12")
@pytest.mark.parametrize(
    ("case", "lost", "problem"),
    [
        ("DT-05 the 2-3 alone (6)", [("pol1", 2)], None),
        ("DT-05 the 3-3 alone (9)", [("pol3", 3)], None),
        ("DT-05 both", [("pol1", 2), ("pol3", 3)], "unnecessary losses: ['pol1', 'pol3'] could be spared"),
    ],
)
def test_dt_05_ex_at_bad_odds(case: str, lost: list[tuple[str, int]], problem: str | None) -> None:
    forest = [dfn("pol3", 3, BASIC, ("rough", 1)), dfn("pol1", 2, BASIC, ("rough", 1))]
    events = _one_round(
        forest,
        [atk("inf1", 3), atk("inf2", 3)],
        5,
        "Ex",
        lose("attacker", ("inf1", 3), ("inf2", 3)),
        lose("defender", *lost),
    )
    got = [f[2] for f in found(events) if f[1] in ("losses", "crt_result", "odds_column")]
    assert got == (
        []
        if problem is None
        else [
            f"attack a1 round 1: Ex requires the defender to lose 6 strength; {problem} (15.62: no unnecessary "
            "eliminations)"
        ]
    ), case


def test_dt_06_ex_1_with_das_costs_the_attacker_8() -> None:
    attackers = [atk(f"g{i}", 3, origin=AROUND_L34[i // 2]) for i in range(11)]
    placed = [unit(f"g{i}") for i in range(11)] + [unit("das1", nationality="poland", unit_type="aaf", factors=2)]
    base = [
        *setup(),
        *placed,
        declare(attackers, [dfn("pol3", 3, BASIC, ("rough", 1))], das=[UnitFactors(unit="das1", factors=2)]),
        die(1, 2),
        resolve(33, 11, "3:1", 1, "Ex-1"),
        lose("defender", ("pol3", 3), ("das1", 2)),
    ]
    clean = [*base, lose("attacker", ("g0", 3), ("g1", 3), ("g2", 3))]
    assert found(clean) == []
    short = [*base, lose("attacker", ("g0", 3), ("g1", 3))]
    assert [f[2] for f in found(short)] == [
        "attack a1 round 1: Ex-1 requires the attacker to lose 8 factors; losses 6 do not meet the requirement (8) "
        "(15.62)"
    ]


@pytest.mark.plants("AUD-15-12")
@pytest.mark.parametrize(
    ("case", "lost", "problem"),
    [
        ("DT-08 the 3-3 alone", [("pol3", 3)], None),
        ("DT-08 the 2-3 alone", [("pol1", 2)], "losses 2 do not meet the requirement (3) (15.62)"),
        (
            "DT-08 both",
            [("pol3", 3), ("pol1", 2)],
            "unnecessary losses: ['pol1'] could be spared (15.62: no unnecessary eliminations)",
        ),
    ],
)
def test_dt_08_d_halves_the_face_factors(case: str, lost: list[tuple[str, int]], problem: str | None) -> None:
    events = _one_round([dfn("pol3", 3), dfn("pol1", 2)], [atk("inf1", 3)], 6, "d", lose("defender", *lost))
    want = [] if problem is None else [f"attack a1 round 1: d requires the defender to lose 3 factors; {problem}"]
    assert [f[2] for f in found(events) if f[1] == "losses"] == want, case


SUEZ_UNITS = [unit(f"it{i}", nationality="italy") for i in range(7)] + [unit(f"ge{i}") for i in range(7)]


def _suez(italians: int, germans: int, lost: list[str]) -> list[Event]:
    attackers = [atk(f"it{i}", 3, ctl_=1) for i in range(italians)] + [atk(f"ge{i}", 3, ctl_=2) for i in range(germans)]
    return [
        *setup(),
        *SUEZ_UNITS,
        declare(attackers, [dfn("pol3", 6, BASIC, ("fortification", 1))], fortification="fortification"),
        die(1, 6),
        resolve(24, 18, "1:1", 1, "Ex-1", mod=6),
        lose("defender", ("pol3", 6)),
        lose("attacker", *[(u, 3) for u in lost]),
    ]


@pytest.mark.parametrize(
    ("case", "italians", "germans", "lost", "problem"),
    [
        ("EX-23a 12 Italian factors lose 12", 4, 4, ["it0", "it1", "it2", "it3"], None),
        ("EX-23a Germans taken first to keep the Italians", 4, 4, ["ge0", "ge1", "ge2", "ge3"], None),
        ("EX-23b 9 Italian factors: removing them meets Ex-2", 3, 5, ["it0", "it1", "it2"], None),
        ("EX-23b a German too many", 3, 5, ["it0", "it1", "it2", "ge0"], "unnecessary losses: ['ge0'] could be spared"),
        ("EX-23c 3 Italian + 3 German factors", 1, 7, ["it0", "ge0"], None),
        ("EX-23c Italians only", 1, 7, ["it0"], "losses 3 do not meet the requirement (6)"),
    ],
)
def test_ex_23_suez_mixed_ctl(case: str, italians: int, germans: int, lost: list[str], problem: str | None) -> None:
    got = [f[2] for f in found(_suez(italians, germans, lost))]
    if problem is None:
        assert got == [], case
    else:
        assert len(got) == 1 and problem in got[0] and "15.551" in got[0], (case, got)


def test_losses_by_a_unit_that_did_not_fight() -> None:
    events = _one_round([dfn("pol1", 2)], [atk("inf1", 3)], 1, "A", lose("attacker", ("inf2", 3), ("inf1", 3)))
    assert found(events)[0] == (
        16,
        "losses",
        "attack a1: inf2 lost as attacker losses, but did not fight this round (or has fewer factors left)",
    )


def test_air_factors_are_lost_factor_by_factor() -> None:
    """The example game's Lodz attack: Ex at 18 vs 12 paid with three 3-3 and 3 of 5 air factors."""
    events = [
        *setup(),
        unit("i4"),
        unit("i5"),
        unit("i6"),
        unit("aaf3", unit_type="aaf", factors=5),
        declare(
            [atk("arm1", 4, armor=True), atk("i4", 3), atk("i5", 3), atk("i6", 3)],
            [dfn("pol1", 2, BASIC), dfn("pol2", 2, BASIC), dfn("pol3", 2, BASIC)],
            ground_support=[UnitFactors(unit="aaf3", factors=5)],
        ),
        die(1, 3),
        resolve(18, 12, "1:1", 1, "Ex", mod=3),
        lose("attacker", ("i4", 3), ("i5", 3), ("i6", 3), ("aaf3", 3)),
        lose("defender", ("pol1", 2), ("pol2", 2), ("pol3", 2)),
        end(reason="defender_eliminated"),
    ]
    assert found(events) == []
    events[-3] = lose("attacker", ("i4", 3), ("i5", 3), ("i6", 3), ("aaf3", 4))
    assert [f[1] for f in found(events)] == ["losses"]


@pytest.mark.plants("AUD-15-12")
def test_losses_missing_when_the_attack_ends() -> None:
    events = _one_round([dfn("pol1", 2)], [atk("inf1", 3), atk("inf2", 3)], 1, "A", end())
    assert found(events) == [
        (
            16,
            "losses_recorded",
            "attack a1 round 1: A requires the attacker to lose 4, but no combat_losses_taken was recorded",
        ),
    ]


# --- further rounds (15.7, 15.8; house 15.71-15.72; DT-03, T-C6) --------------------------------------------


def _two_rounds(attackers: list[Attacker], **kw: Any) -> list[Event]:
    first = {k: v for k, v in kw.items() if k in ("year", "season")}
    return [
        declare(attackers, [dfn("pol3", 3), dfn("pol1", 2)], **first),
        die(1, 2, **first),
        resolve(None, None, "1:1", 1, "a", **first),
        lose("attacker", (attackers[0].unit, 3), **first),
        die(2, 2, **first),
        resolve(None, None, "1:1", 2, "Ex", rnd=2, **first),
    ]


@pytest.mark.plants("AUD-15-14")
def test_dt_03_a_ctl_1_attacker_may_not_fight_round_2() -> None:
    ok = [*setup(), *_two_rounds([atk("inf1", 3, ctl_=2), atk("inf2", 3, ctl_=2), atk("inf3", 3, ctl_=1)])]
    assert [f for f in found(ok) if f[1] == "further_round"] == []
    bad = [*setup(), *_two_rounds([atk("inf1", 3, ctl_=2), atk("inf3", 3, ctl_=1)])]
    assert [f for f in found(bad) if f[1] == "further_round"] == [
        (
            18,
            "further_round",
            "attack a1: no attacker may fight round 2 (CTL): inf3 CTL 1; CTL n allows n rounds (15.82A)",
        ),
    ]


@pytest.mark.plants("C-CRT-4")
@pytest.mark.parametrize(
    ("case", "season", "year", "ok"),
    [("T-C6 Russians in Spring 1942", "spring", 1942, False), ("T-C6 Russians in Summer 1942", "summer", 1942, True)],
)
def test_t_c6_house_rounds_by_nationality_and_date(case: str, season: str, year: int, ok: bool) -> None:
    russians = [unit("r1", nationality="russia"), unit("r2", nationality="russia")]
    events = [
        created(rules="a3r"),
        *GERMANS,
        *russians,
        *_two_rounds([atk("r1", 3, ctl_=None), atk("r2", 3, ctl_=None)], year=year, season=season),
    ]
    got = [f[2] for f in found(events) if f[1] == "further_round"]
    assert got == (
        []
        if ok
        else [
            f"attack a1: no attacker may fight round 2 (nationality and date): russia in {season} {year} "
            "(house 15.71-15.72) (15.71)"
        ]
    ), case


def test_no_round_after_the_attack_ended() -> None:
    events = [
        *_one_round([dfn("pol1", 2)], [atk("inf1", 3)], 1, "A", lose("attacker", ("inf1", 3)), end()),
        die(2, 1),
        resolve(None, None, "1:1", 2, "A", rnd=2),
    ]
    assert [f[2] for f in found(events) if f[1] == "further_round"] == ["attack a1 has ended, yet round 2 is fought"]


# --- support limits (15.632, 18.614; house 15.642) ----------------------------------------------------------


def test_ground_support_and_shore_bombardment_limits() -> None:
    air = [UnitFactors(unit="aaf1", factors=5), UnitFactors(unit="aaf2", factors=5)]
    events = [*setup(), declare([atk("inf1", 3)], [dfn("pol3", 3)], ground_support=air)]
    assert found(events) == [
        (13, "support_limits", "10 ground support factors in attack a1; 3:1 allows 9 for 3 ground factors (15.632)"),
    ]
    fleet = [UnitFactors(unit="ca1", factors=10)]
    house = [
        created(rules="a3r"),
        *GERMANS,
        declare([atk("inf1", 3, role="invading")], [dfn("pol3", 3)], kind="invasion", shore_bombardment=fleet),
    ]
    assert [f[2] for f in found(house) if f[1] == "support_limits"] == [
        "10 shore bombardment factors in attack a1; the house 3:1 limit allows 9 for 3 invading ground factors (15.642)"
    ]


# --- stacking (12, 15.47) -----------------------------------------------------------------------------------


@pytest.mark.plants("AUD-15-08")
def test_attack_origin_and_advance_stacking() -> None:
    events = [
        *setup(),
        declare([atk(u, f, origin="EUR:L33") for u, f in (("inf1", 3), ("inf2", 3), ("arm1", 4))], [dfn("pol1", 2)]),
        die(1, 6),
        resolve(None, None, "5:1", 1, "D"),
        lose("defender", ("pol1", 2)),
        advance(("inf1", "EUR:L34"), ("inf2", "EUR:L34"), ("arm1", "EUR:L34")),
    ]
    assert [f for f in found(events) if f[1] in ("attack_origins", "advance_stacking")] == [
        (13, "attack_origins", "attack a1: 3 ground units attack out of EUR:L33 (limit 2) (15.47)"),
        (17, "advance_stacking", "advance into EUR:L34: 3 ground units in a standard hex (limit 2) (12.11A, 12.12)"),
    ]


def test_advance_stacking_counts_dropped_airborne_whatever_the_crt() -> None:
    """12.12 does not depend on the combat table: under the standard A3R CRT (``combat.crt = a3r``, whose rounds are
    not checked) the airborne dropped on the hex still count against the specialized limit. (The audit used to forget
    attacks declared under that table, and with them the drops.)"""
    paras = [unit(f"para{i}", unit_type="airborne", location="EUR:L34") for i in range(3)]
    events = [
        *setup(rules="a3r", options={"combat.crt": "a3r"}),
        unit("cmdo", unit_type="commando"),
        *paras,
        declare([atk(p.unit, 3, role="airdropped") for p in paras] + [atk("cmdo", 3)], [dfn("pol1", 2)]),
        die(1, 6),
        resolve(None, None, "5:1", 1, "D"),
        lose("defender", ("pol1", 2)),
        advance(("cmdo", "EUR:L34")),
    ]
    assert [f[2] for f in found(events) if f[1] == "advance_stacking"] == [
        "advance into EUR:L34: 4 specialized units in a standard hex (limit 3) (12.11A, 12.12)"
    ]


# --- advance after combat (15.9) ----------------------------------------------------------------------------


@pytest.mark.plants("AUD-15-16")
def test_a_unit_that_dropped_out_after_round_1_may_not_advance() -> None:
    def events(mover: str) -> list[Event]:
        return [
            *setup(),
            declare([atk("inf1", 3), atk("inf2", 3), atk("inf3", 3, ctl_=1)], [dfn("pol1", 2), dfn("pol3", 3)]),
            die(1, 3),
            resolve(None, None, "1:2", 1, "a"),
            lose("attacker", ("inf1", 3)),
            die(2, 5),
            resolve(None, None, "3:1", 2, "D", rnd=2),
            lose("defender", ("pol1", 2), ("pol3", 3), rnd=2),
            end(after=2, reason="defender_eliminated"),
            advance((mover, "EUR:L34")),
        ]

    assert [f for f in found(events("inf2")) if f[1] == "advance"] == []
    assert [f for f in found(events("inf3")) if f[1] == "advance"] == [
        (21, "advance", "attack a1: inf3 did not fight and survive the final round (15.91)"),
    ]


@pytest.mark.plants("AUD-15-16")
def test_no_advance_while_defenders_survive() -> None:
    events = _one_round(
        [dfn("pol1", 2)], [atk("inf1", 3)], 2, "a", lose("attacker", ("inf1", 3)), advance(("pol1", "EUR:L34"))
    )
    assert [f[2] for f in found(events) if f[1] == "advance"] == [
        "attack a1: advance although not all defending ground units were eliminated (15.91)",
        "attack a1: defending unit pol1 advanced (15.92D)",
    ]


# --- breakthroughs and exploitation (16.1, 16.31; DT-11, T-C8) ----------------------------------------------


@pytest.mark.plants("AUD-16-01")
def test_breakthrough_without_an_advance_or_from_an_exploitation_attack() -> None:
    events = poznan()
    no_advance = [e for e in events if not isinstance(e, AdvanceAfterCombat | ExploitationAllowance)]
    assert [f[2] for f in found(no_advance)] == [
        "breakthrough bt1 in EUR:L34: no surviving attacker (other than a dropped airborne) advanced (16.11B)"
    ]
    infantry = [e for e in events if not isinstance(e, ExploitationAllowance)]
    infantry[-1] = BreakthroughCreated(**T, breakthrough="bt1", attack="a1", hex="EUR:L34", armor="inf1")
    assert [f[2] for f in found(infantry)] == [
        "breakthrough bt1 in EUR:L34: inf1 is not an armor unit that fought the final round (16.11A)"
    ]


def _exploit(level: int, allowance: int, *, terrain: str = "clear", kind: str = "regular") -> list[Event]:
    events = poznan()
    events[11] = ctl("european_axis", level)
    decl = events[13]
    assert isinstance(decl, AttackDeclared)
    attackers = [
        atk(a.unit, a.factors, ctl_=level, origin=a.origin or "EUR:L33", armor=a.armor) for a in decl.attackers
    ]
    chosen: dict[str, Any] = {"kind": kind, "terrain": terrain}
    events[13] = AttackDeclared(
        **T,
        attack="a1",
        defender_hexes=decl.defender_hexes,
        attackers=attackers,
        defenders=decl.defenders,
        ground_support=decl.ground_support,
        **chosen,
    )
    events[-1] = ExploitationAllowance(**at(phase="exploitation"), unit="arm2", breakthrough="bt1", allowance=allowance)
    return events


@pytest.mark.plants("AUD-16-03")
@pytest.mark.parametrize(
    ("case", "level", "terrain", "kind", "allowance", "expected"),
    [
        ("DT-11 CTL 2 clear", 2, "clear", "regular", 6, None),
        ("DT-11 CTL 1 clear", 1, "clear", "regular", 3, None),
        ("DT-11 CTL 1 forest: halve, then -1", 1, "forest", "regular", 2, None),
        ("DT-11 CTL 1 clear, claimed 6", 1, "clear", "regular", 6, "3"),
        ("DT-11 CTL 2 forest, claimed 6", 2, "forest", "regular", 6, "5"),
        ("DT-11 invasion breakthrough at CTL 1", 1, "clear", "invasion", 3, "no exploitation"),
    ],
)
def test_dt_11_exploitation_allowance(
    case: str, level: int, terrain: str, kind: str, allowance: int, expected: str | None
) -> None:
    got = [
        (f[1], f[2])
        for f in found(_exploit(level, allowance, terrain=terrain, kind=kind))
        if f[1] == "exploitation_allowance"
    ]
    if expected is None:
        assert got == [], case
    else:
        assert len(got) == 1, (case, got)
        assert (expected == "no exploitation") == ("may not exploit" in got[0][1]), (case, got)
        if expected != "no exploitation":
            assert got[0][1].startswith(f"arm2 exploits with {expected} MF"), (case, got)


def test_exploitation_order_is_an_option_a_game_can_record() -> None:
    """16.31D with CTL 1 from a forest hex: halve then -1 (the extract's order, 6 -> 3 -> 2) or, with ``combat.
    exploit_order = terrain_then_halve``, -1 then halve (6 -> 5 -> 3). The audit read the option before ``awaw new``
    accepted it."""
    assert resolve_options("awaw", {"combat.exploit_order": "terrain_then_halve"}) == {
        "combat.exploit_order": "terrain_then_halve"
    }
    default = _exploit(1, 2, terrain="forest")
    assert [f for f in found(default) if f[1] == "exploitation_allowance"] == []
    other = [created(options={"combat.exploit_order": "terrain_then_halve"}), *default[1:]]
    assert [f[2] for f in found(other) if f[1] == "exploitation_allowance"] == [
        "arm2 exploits with 3 MF (16.31: printed MF 6, CTL 1, forest breakthrough hex), recorded 2"
    ]
    assert [
        f for f in found([*other[:-1], _exploit(1, 3, terrain="forest")[-1]]) if f[1] == "exploitation_allowance"
    ] == []


@pytest.mark.plants("C-CRT-7")
def test_t_c8_house_russian_exploitation_halved_before_summer_1942() -> None:
    russians = [unit("rarm", nationality="russia", unit_type="armor", factors=4, movement=5)]
    base = [created(rules="a3r"), *GERMANS, *russians]

    def allowance(n: int, year: int, season: Any) -> ExploitationAllowance:
        return ExploitationAllowance(
            year=year,
            season=season,
            side="allied",
            phase="exploitation",
            unit="rarm",
            breakthrough="bt9",
            allowance=n,
        )

    assert found([*base, allowance(3, 1941, "fall")]) == []
    assert [f[2] for f in found([*base, allowance(5, 1941, "fall")])] == [
        "rarm exploits with 3 MF (house 15.82: WA and Russian armor halved before Summer 1942, Italian before "
        "1946), recorded 5"
    ]
    assert found([*base, allowance(5, 1942, "summer")]) == []


# --- overruns (13.5; DT-09) ---------------------------------------------------------------------------------


@pytest.mark.plants("AUD-13-11")
@pytest.mark.parametrize(
    ("case", "defence", "success", "problem"),
    [
        ("DT-09 exploitation, DM 1: 8 vs 1", 1, True, None),
        ("DT-09 movement phase, DM 2: 8 vs 2", 2, True, "overrun at 4:1; 6:1 needed (13.52)"),
        ("DT-09 failed at 4:1", 2, False, None),
        ("DT-09 failed at 8:1", 1, False, "recorded as failed at 8:1, which succeeds (13.531)"),
    ],
)
def test_dt_09_overrun_odds(case: str, defence: int, success: bool, problem: str | None) -> None:
    event = OverrunResolved(
        **at(phase="movement"),
        overrun="o1",
        units=[UnitFactors(unit="arm1", factors=4), UnitFactors(unit="arm2", factors=4)],
        target="EUR:L34",
        defence_strength=defence,
        attack_strength=8,
        success=success,
        defenders=["pol1"],
    )
    got = [f[2] for f in found([*setup(), event]) if f[1] == "overrun"]
    want = [] if problem is None else [f"overrun o1 of EUR:L34 (8 vs {defence}): {problem}"]
    assert got == want, case


@pytest.mark.plants("AUD-13-11")
def test_overrun_by_infantry() -> None:
    event = OverrunResolved(
        **at(phase="movement"),
        overrun="o1",
        units=[UnitFactors(unit="inf1", factors=3)],
        target="EUR:L34",
        defence_strength=1,
        attack_strength=9,
        success=True,
    )
    assert [f[2] for f in found([*setup(), event]) if f[1] == "overrun"] == [
        "overrun o1 of EUR:L34 (9 vs 1): no armor unit in the overrun (13.52)",
        "overrun o1 of EUR:L34 (9 vs 1): unit 0 (other) may not overrun (13.51)",
    ]


# --- rulings: the audit reads the effective log --------------------------------------------------------------


def test_a_ruling_replacing_a_wrong_result_clears_the_finding() -> None:
    events: list[Event] = [
        *setup(),
        declare([atk("inf1", 3)], [dfn("pol3", 3)]),
        die(1, 6),
        resolve(None, None, "1:1", 1, "D"),
    ]
    store = GameStore(":memory:")
    try:
        append_events(store, "g", numbered(cast(Any, events)))
        report = audit_timeline(store.open("g"))
        assert [(f.seq, f.check) for f in report.findings if f.check in MINE] == [(15, "crt_result")]
        ruling = Ruling(**T, voids=[15], replacements=1, rule="15.6", reason="die 6 at 1:1 is d")
        fixed = resolve(None, None, "1:1", 1, "d")
        append_events(store, "g", numbered([ruling, fixed], first=len(events) + 1))
        report = audit_timeline(store.open("g"))
        assert [f for f in report.findings if f.check in MINE] == []
    finally:
        store.close()
