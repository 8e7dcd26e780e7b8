"""The attrition checks (AWAW 14; A3R house App. C) and the air combat checks (A3R house App. C-2, 19.2), with
14.523 (AUD-14-13, A3R C-ATT-10): when attrition removes every ground unit of a hex, an airbase or rocket base there
is eliminated. Worked examples: 10-16 extract EX-06, EX-15 to EX-17, DT-10; A3R extract T-A3 to T-A10, T-AIR2 to
T-AIR4."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AirCombatResolved,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionResolved,
    CounterPlaced,
    CounterRemoved,
    CtlSet,
    DiceRolled,
    Event,
    UnitPlaced,
)
from awaw_events.events.base import Modifier, UnitFactors
from awaw_events.events.combat import Attacker
from replays.audit.catalogue import checks
from replays.audit.families import attrition, combat, overruns
from tests.build import at, end, findings, make, skipped_with, unit
from tests.build import found as said
from tests.conftest import created

MINE = frozenset(
    c.id for c in checks() if c.family in (combat.FAMILY.name, attrition.FAMILY.name, overruns.FAMILY.name)
)

T: dict[str, Any] = {"year": 1939, "season": "fall", "side": "axis", "phase": "attrition"}


def found(events: list[Event]) -> list[tuple[int, str, str]]:
    return [f for f in findings(events) if f[1] in MINE]


def place(
    uid: str, factors: int, *, where: str = "EUR:L33", unit_type: Any = "infantry", nat: Any = "germany"
) -> UnitPlaced:
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=uid,
        owner=nat,
        nationality=nat,
        unit_type=unit_type,
        factors=factors,
        location=where,
    )


def army(total: int, *, where: str = "EUR:L33", nat: str = "germany") -> tuple[list[UnitPlaced], list[UnitFactors]]:
    """Units making up ``total`` factors: 3-factor infantry and a remainder unit."""
    sizes = [3] * (total // 3) + ([total % 3] if total % 3 else [])
    units = [place(f"u{i}", f, where=where, nat=nat) for i, f in enumerate(sizes)]
    return units, [UnitFactors(unit=u.unit, factors=u.factors) for u in units]


def declare(
    counted: list[UnitFactors], *, front: str = "eastern", aid: str = "z1", factors: int | None = None, **kw: Any
) -> AttritionDeclared:
    total = sum(u.factors for u in counted) if factors is None else factors
    return AttritionDeclared(
        **{**T, **kw},
        attrition=aid,
        attacker="european_axis",
        target="russia",
        front=front,  # type: ignore[arg-type]
        counted=counted,
        factors=total,
    )


def roll(n: int, *faces: int, purpose: str = "attrition", **kw: Any) -> DiceRolled:
    return DiceRolled(**{**T, **kw}, roll=n, purpose=purpose, dice=list(faces))  # type: ignore[arg-type]


def resolve(
    losses: int,
    hexes: int,
    *,
    mods: tuple[tuple[str, int], ...] = (),
    modified: int | None = None,
    column: str | None = None,
    chose_2c: bool = False,
    aid: str = "z1",
    **kw: Any,
) -> AttritionResolved:
    return AttritionResolved(
        **{**T, **kw},
        attrition=aid,
        roll=1,
        modifiers=[Modifier(code=c, value=v) for c, v in mods],
        modified_die=modified,
        column=column,
        losses=losses,
        hexes=hexes,
        chose_2c=chose_2c,
    )


def game(
    total: int, face: int, losses: int, hexes: int, *, pacific: bool = False, rules: str = "awaw", **kw: Any
) -> list[Event]:
    units, counted = army(total, where="PAC:N18" if pacific else "EUR:L33", nat="japan" if pacific else "germany")
    options = {"rules": rules} if rules != "awaw" else {}
    return [created(**options), *units, declare(counted), roll(1, face), resolve(losses, hexes, **kw)]


@pytest.mark.plants("AUD-14-08.A")
@pytest.mark.parametrize(
    ("case", "total", "face", "mods", "pacific", "chose_2c", "result"),
    [
        ("DT-10 23 factors, roll 4", 23, 4, (), False, False, (2, 1)),
        ("DT-10 75 factors, die 5, CTL +1", 75, 5, (("ctl", 1),), False, False, (9, 5)),
        ("DT-10 the same on the Pacific map", 75, 5, (("ctl", 1),), True, False, (9, 2)),
        ("DT-10 5 factors, die 1, CTL -2: row 0", 5, 1, (("ctl", -2),), False, False, (0, 0)),
        ("DT-10 40 factors, die 1: 1C/1H", 40, 1, (), False, False, (1, 1)),
        ("DT-10 40 factors, die 1: 2C instead", 40, 1, (), False, True, (2, 0)),
        ("EX-15/T-A3 11-20, modified 6", 15, 6, (), False, False, (2, 1)),
        ("EX-15/T-A4 11-20, modified 5", 15, 5, (), False, False, (1, 1)),
        ("EX-16/T-A5 21-30, Pacific, modified 6", 25, 6, (), True, False, (3, 1)),
        ("EX-17 23 factors, result 4", 23, 4, (), False, False, (2, 1)),
        ("EX-06 71 factors +1: die 3 reads row 4", 71, 3, (("factors", 1),), False, False, (7, 4)),
        ("EX-06 70 factors: no bonus", 70, 3, (), False, False, (7, 3)),
        ("T-A10 the largest result, Europe", 61, 6, (("winter", 6),), False, False, (12, 6)),
        ("T-A10 the largest result, Pacific", 61, 6, (("winter", 6),), True, False, (12, 3)),
    ],
)
def test_attrition_table_examples(
    case: str,
    total: int,
    face: int,
    mods: tuple[tuple[str, int], ...],
    pacific: bool,
    chose_2c: bool,
    result: tuple[int, int],
) -> None:
    events = game(total, face, *result, pacific=pacific, mods=mods, chose_2c=chose_2c)
    assert found(events) == [], case
    wrong = game(total, face, result[0] + 1, result[1], pacific=pacific, mods=mods, chose_2c=chose_2c)
    got = [f for f in found(wrong) if f[1] == "attrition_result"]
    assert len(got) == 1 and "14.41" in got[0][2], (case, got)


@pytest.mark.parametrize(
    ("case", "total", "face", "mods", "result"),
    [
        ("T-A8 75 GF, d6 4", 75, 4, (), (8, 4)),
        ("T-A8 70 GF, d6 4", 70, 4, (), (7, 4)),
        ("T-A9 15 GF, d6 6, +7", 15, 6, (("winter", 7),), (5, 3)),
    ],
)
def test_house_attrition_examples(
    case: str, total: int, face: int, mods: tuple[tuple[str, int], ...], result: tuple[int, int]
) -> None:
    """No other DRM: after Spring 1942 the German-heavy house DRMs are gone (14.42D)."""
    assert found(game(total, face, *result, rules="a3r", mods=mods, year=1943)) == [], case


@pytest.mark.plants("AUD-14-08.D")
def test_two_c_only_in_place_of_1c_1h() -> None:
    events = game(23, 4, 2, 0, chose_2c=True)
    assert found(events) == [
        (
            12,
            "attrition_result",
            "attrition z1: die 4, row 4, column 21-30 gives 2C/1H; 2C taken in place of 2C/1H "
            "(only 1C/1H may be changed) (14.44)",
        ),
        (
            12,
            "attrition_result",
            "attrition z1: die 4, row 4, column 21-30 gives 2C/1H; recorded 2C, table gives 2C/1H (row 4) (14.41)",
        ),
    ]


@pytest.mark.plants("AUD-14-06.A")
def test_column_and_modified_roll() -> None:
    events = game(20, 4, 2, 0, column="21-30", modified=5)
    assert found(events) == [
        (11, "attrition_result", "attrition z1: 20 factors read the 11-20 column, recorded 21-30 (14.41)"),
        (
            11,
            "attrition_result",
            "attrition z1: die 4 +0 = 4 (factor bonus +0 and the 14.42B-D modifiers the state gives), recorded 5",
        ),
    ]


@pytest.mark.plants("AUD-14-06.B")
def test_no_attrition_with_no_factors() -> None:
    """14.41: the column is found from the attritioning factors; with none there is no attrition to roll."""
    legal = game(3, 4, 0, 0)
    assert found(legal) == []
    none = [created(), declare([], factors=0), roll(1, 4), resolve(0, 0)]
    assert found(none) == [(4, "attrition_result", "attrition z1 is resolved with no attritioning factors (14.41)")]


@pytest.mark.plants("AUD-14-08.B")
def test_pacific_hexes_are_halved_rounding_down() -> None:
    """14.41: on the Pacific map H is halved, rounded down (DT-10: 75 factors, die 5, CTL +1 read 9C/5H; 9C/2H
    there)."""
    assert found(game(75, 5, 9, 2, pacific=True, mods=(("ctl", 1),))) == []
    unhalved = game(75, 5, 9, 5, pacific=True, mods=(("ctl", 1),))
    assert [f[2] for f in found(unhalved) if f[1] == "attrition_result"] == [
        "attrition z1: die 5, row 7, column 61+ gives 9C/5H, H halved on the Pacific map; recorded 9C/5H, table "
        "gives 9C/2H (row 7) (14.41)"
    ]


@pytest.mark.plants("AUD-14-08.C")
def test_one_c_one_h_becomes_two_c_and_nothing_more() -> None:
    """14.44: a 1C/1H result may be taken as 2C at the attacker's option (DT-10: 40 factors, die 1), never as more
    counters."""
    assert found(game(40, 1, 2, 0, chose_2c=True)) == []
    assert found(game(40, 1, 1, 1)) == []
    three = game(40, 1, 3, 0, chose_2c=True)
    assert [f[2] for f in found(three) if f[1] == "attrition_result"] == [
        "attrition z1: die 1, row 1, column 31-40 gives 1C/1H; recorded 3C, table gives 2C (row 1) (14.41)"
    ]


@pytest.mark.plants("AUD-14-07", "C-ATT-5")
def test_factor_bonus_and_house_modifiers() -> None:
    events = game(70, 3, 7, 3, mods=(("factors", 1),))
    assert [f[2] for f in found(events) if f[1] == "attrition_modifiers"] == [
        "attrition z1: 70 factors give +0 (+1 per full ten over 61, 14.42A), recorded +1"
    ]
    house = game(15, 4, 2, 0, rules="a3r", mods=(("ctl", 1),), year=1943)
    assert [f[2] for f in found(house) if f[1] == "attrition_modifiers"] == [
        "attrition z1 claims a CTL difference of +1; the house rules replace it with the 14.42D DRMs (14.42B does "
        "not apply to A3R)"
    ]
    late = game(15, 4, 1, 1, rules="a3r", mods=(("ctl_sim_german_vs_allied", 1),), year=1942, season="summer")
    assert [f[2] for f in found(late) if f[1] == "attrition_modifiers"] == [
        "attrition z1: the state gives house +0 (house 14.42D: the CTL simulation DRM for the date and both sides' "
        "compositions); recorded +1"
    ]


@pytest.mark.plants("AUD-14-06.A", "C-ATT-4")
def test_counted_factors_and_units() -> None:
    units, counted = army(9)
    repl = place("r1", 1, unit_type="replacement")
    events = [created(), *units, repl, declare([*counted, UnitFactors(unit="r1", factors=1)], factors=12)]
    assert found(events) == [
        (6, "attrition_factors", "attrition z1: the counted units total 10 factors, recorded 12"),
        (
            6,
            "attrition_factors",
            "attrition z1 counts r1, a replacement unit: replacements, flak, partisans (in a "
            "conventional attrition), air and naval units are never counted (14.23)",
        ),
    ]


@pytest.mark.plants("C-ATT-2", "C-ATT-3")
def test_units_that_attacked_or_were_counted_before() -> None:
    units, counted = army(6)
    attack = AttackDeclared(
        **{**T, "phase": "combat"}, attack="a1", defender_hexes=["EUR:L34"], attackers=[Attacker(unit="u0", factors=3)]
    )
    events = [created(), *units, attack, declare(counted), declare(counted[1:], aid="z2")]
    assert [f for f in found(events) if f[1] == "attrition_units_once"] == [
        (5, "attrition_units_once", "attrition z1 counts u0, which attacked in this combat phase (14.23A)"),
        (
            6,
            "attrition_units_once",
            "attrition z2 counts u1, already counted in attrition z1 this game turn (14.21, 14.23B)",
        ),
    ]


def test_counters_lost() -> None:
    events = game(23, 4, 2, 1)
    lost = AttritionLossesTaken(**T, attrition="z1", losses=[UnitFactors(unit=f"r{i}", factors=3) for i in range(3)])
    assert found([*events, lost]) == [
        (len(events) + 1, "attrition_losses", "attrition z1: 3 counters removed for a 2C result (14.51: exactly C)"),
    ]
    ok = AttritionLossesTaken(**T, attrition="z1", losses=[UnitFactors(unit=f"r{i}", factors=3) for i in range(2)])
    assert found([*events, ok]) == []


# --- air combat (19.2-19.42) ---------------------------------------------------------------------------------

AIR = {"rules": "a3r", "options": {"air.combat": "awaw_17_19_house"}}


def air(
    a: int,
    d: int,
    mod: int,
    dice: tuple[int, ...],
    *,
    a_elim: int,
    a_abort: int,
    d_elim: int,
    d_abort: int,
    options: dict[str, Any] | None = None,
) -> list[Event]:
    return [
        created(**(AIR if options is None else options)),
        roll(1, *dice, purpose="air_combat", phase="movement"),
        AirCombatResolved(
            **{**T, "phase": "movement"},
            battle="b1",
            attacker_factors=a,
            defender_factors=d,
            roll=1,
            modifiers=[Modifier(code="air_nationality", value=mod)] if mod else [],
            attacker_eliminated=a_elim,
            attacker_aborted=a_abort,
            defender_eliminated=d_elim,
            defender_aborted=d_abort,
        ),
    ]


@pytest.mark.parametrize(
    ("case", "a", "d", "mod", "dice", "losses"),
    [
        ("T-AIR2 7 German vs 5 British, +1", 7, 5, 1, (4, 4, 3, 4), (2, 2, 3, 2)),
        ("T-AIR4 4 AAF + 2 jets (row 10, +2) vs 6, roll 1 read as 2", 10, 6, 2, (1, 1, 1, 1), (1, 2, 3, 3)),
        ("T-AIR3 27 factors, roll 7: 10/11", 27, 30, 0, (3, 4, 1, 1), (7, 10, 10, 11)),
    ],
)
def test_air_combat_examples(
    case: str, a: int, d: int, mod: int, dice: tuple[int, ...], losses: tuple[int, ...]
) -> None:
    a_elim, a_abort, d_elim, d_abort = losses
    events = air(a, d, mod, dice, a_elim=a_elim, a_abort=a_abort, d_elim=d_elim, d_abort=d_abort)
    assert found(events) == [], case


def test_air_combat_wrong_result_and_option_off() -> None:
    events = air(7, 5, 1, (4, 4, 3, 4), a_elim=2, a_abort=2, d_elim=2, d_abort=2)
    assert found(events) == [
        (
            3,
            "air_combat",
            "air battle b1 round 1: the attacker's 7 factors roll 9 (9 on the table) = 3/5 against the "
            "defender's 5 factors; 2 eliminated, table gives 3/5 -> 3 (19.42)",
        ),
    ]
    assert found(air(7, 5, 1, (4, 4, 3, 4), a_elim=0, a_abort=0, d_elim=0, d_abort=0, options={"rules": "a3r"})) == []


def test_air_combat_needs_four_dice() -> None:
    from tests.build import run

    report = run(air(7, 5, 1, (4, 4), a_elim=0, a_abort=0, d_elim=0, d_abort=0))
    assert [(s.check, s.reason) for s in report.skipped if s.check == "air_combat"] == [
        ("air_combat", "an air combat roll needs four dice: the attacker's 2d6, then the defender's")
    ]


COMBAT = at(1942, "summer", "axis", "combat")
BOARD = [
    unit("ger-inf-1", "EUR:J39"),
    unit("rus-inf-1", "EUR:J40", owner="russia"),
    unit("rus-inf-2", "EUR:J41", owner="russia"),
    unit("rus-inf-3", "EUR:J41", owner="russia"),
    make(CounterPlaced, at(1939, "fall", phase="setup"), power="russia", hex="EUR:J40", counter="airbase"),
    make(CounterPlaced, at(1939, "fall", phase="setup"), power="russia", hex="EUR:J41", counter="rocket_base"),
]


def attrition(*lost: str) -> list[Event]:
    return [
        make(
            AttritionDeclared,
            COMBAT,
            attrition="z1",
            attacker="european_axis",
            target="russia",
            front="eastern",
            factors=3,
            counted=[UnitFactors(unit="ger-inf-1", factors=3)],
        ),
        make(AttritionLossesTaken, COMBAT, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in lost]),
    ]


@pytest.mark.plants("AUD-14-13", "C-ATT-10")
def test_a_base_goes_with_the_last_ground_unit_of_its_hex() -> None:
    base = [created(), *BOARD]
    # J41 keeps a unit: its rocket base stays
    assert said([*base, *attrition("rus-inf-2"), end(COMBAT)], "attrition_emptied_bases") == []
    # J40 is emptied: its airbase must go
    assert said([*base, *attrition("rus-inf-1"), end(COMBAT)], "attrition_emptied_bases") == [
        "attrition z1 removed every ground unit from EUR:J40: the airbase Russia placed there is eliminated with "
        "them (14.523); no counter_removed records it"
    ]
    removed = make(CounterRemoved, COMBAT, location="EUR:J40", counter="airbase", cause="attrition")
    assert said([*base, *attrition("rus-inf-1"), removed, end(COMBAT)], "attrition_emptied_bases") == []
    both = attrition("rus-inf-2", "rus-inf-3")
    assert said([*base, *both, end(COMBAT)], "attrition_emptied_bases") == [
        "attrition z1 removed every ground unit from EUR:J41: the rocket base Russia placed there is eliminated "
        "with them (14.523); no counter_removed records it"
    ]


def _ctls(axis: int, russia: int) -> list[Event]:
    return [
        CtlSet(**{**T, "phase": "setup"}, faction="european_axis", domain="ground", level=axis),
        CtlSet(**{**T, "phase": "setup"}, faction="russia", domain="ground", level=russia),
    ]


def _with_italians(italian_factors: int, claimed: int) -> list[Event]:
    """Germans of 12 factors (the European Axis CTL, 3) and Italians of ``italian_factors`` (whose CTL no event
    states) attrition Russian defenders of 6 factors (CTL 2); the attacker claims a CTL difference of ``claimed``."""
    germans, counted = army(12)
    italians = [place(f"ita{i}", 2, nat="italy") for i in range(italian_factors // 2)]
    defenders = [place("rus1", 3, where="EUR:L34", nat="russia"), place("rus2", 3, where="EUR:L34", nat="russia")]
    counted = [*counted, *(UnitFactors(unit=u.unit, factors=u.factors) for u in italians)]
    engaged = [UnitFactors(unit=u.unit, factors=u.factors) for u in defenders]
    return [
        created(),
        *_ctls(3, 2),
        *germans,
        *italians,
        *defenders,
        declare(counted, defenders=engaged),
        roll(1, 4),
        resolve(2, 1, mods=(("ctl", claimed),)),
    ]


@pytest.mark.plants("AUD-14-07")
def test_a_ctl_difference_is_checked_when_the_units_of_unknown_ctl_cannot_decide_it() -> None:
    """14.42B: "the CTL of the largest group of units involved (by factors)". 12 German factors at CTL 3 beside 4
    Italian factors of unknown CTL: whatever the Italians' level, the German group is the largest, so the
    difference is 3 - 2 = +1, and a claimed +2 is wrong. With 12 Italian factors the Italians could outweigh the
    Germans: taken as recorded, as before."""
    assert said(_with_italians(4, 2), "attrition_modifiers") == [
        "attrition z1: the state gives ctl +1 (14.42B: attacker CTL - defender CTL, each its largest group's, the "
        "lower on a tie); recorded +2"
    ]
    assert said(_with_italians(4, 1), "attrition_modifiers") == []
    assert "no ground CTL known for ita0 (14.42B taken as recorded)" not in skipped_with(
        _with_italians(4, 1), "attrition_modifiers"
    )
    assert said(_with_italians(12, 2), "attrition_modifiers") == []
    assert skipped_with(_with_italians(12, 2), "attrition_modifiers") == [
        "no ground CTL known for ita0 (14.42B taken as recorded)"
    ]


def test_an_italian_ctl_the_log_states_decides_the_largest_group() -> None:
    """14.42B with the Italian CTL stated (ctl_set with its nationality, 15.81: each unit's CTL is its own
    nation's): 12 German factors at CTL 3 beside 12 Italian factors at CTL 1 tie, and a tie takes the lower CTL:
    1 - 2 = -1. Without the Italian level this was taken as recorded; with it a claimed +1 is a finding."""
    italian = CtlSet(**{**T, "phase": "setup"}, faction="european_axis", domain="ground", level=1, nationality="italy")

    def stated(claimed: int) -> list[Event]:
        events = _with_italians(12, claimed)
        return [events[0], italian, *events[1:]]

    assert said(stated(1), "attrition_modifiers") == [
        "attrition z1: the state gives ctl -1 (14.42B: attacker CTL - defender CTL, each its largest group's, the "
        "lower on a tie); recorded +1"
    ]
    assert said(stated(-1), "attrition_modifiers") == []
    assert [r for r in skipped_with(stated(-1), "attrition_modifiers") if "14.42B" in r] == []
    assert [r for r in skipped_with(_with_italians(12, -1), "attrition_modifiers") if "14.42B" in r] != []
