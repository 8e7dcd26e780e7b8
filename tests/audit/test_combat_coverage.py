"""Planted faults for the combat, overrun and attrition checklist items (issues 12 and 13), the confirmed wrong
answers of issue 12 as named tests, and the worked examples: EX-15 (14.62B), EX-25 to EX-28 (the 16.47 chain),
A3R T-A1 (14.42D) and the A3R 15.54 example. Each test audits the clean case and the case with the fault planted."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AdvanceAfterCombat,
    AirCombatResolved,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    AttritionResolved,
    BreakthroughCreated,
    CombatRoundResolved,
    DiceRolled,
    Event,
    ExploitationAllowance,
    OffensiveDeclared,
    OverrunResolved,
    PhaseStarted,
    ResearchResult,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.board import SupplyResult
from awaw_events.events.combat import Defender
from replays.audit.catalogue import checks
from replays.audit.families import attrition, combat, overruns
from tests.audit.test_combat_checks import (
    BASIC,
    GERMANS,
    at,
    atk,
    ctl,
    declare,
    dfn,
    die,
    end,
    lose,
    poznan,
    resolve,
    setup,
    unit,
)
from tests.build import run
from tests.conftest import created

MINE = frozenset(
    c.id for c in checks() if c.family in (combat.FAMILY.name, attrition.FAMILY.name, overruns.FAMILY.name)
)


def found(events: list[Event], *ids: str) -> list[str]:
    """The messages of the findings of these checks (all of the combat, overrun and attrition families if none)."""
    wanted = set(ids) or MINE
    return [f.message for f in run(events).findings if f.check in wanted]


def skipped(events: list[Event]) -> list[str]:
    return [s.reason for s in run(events).skipped]


# --- attrition: the modifiers of 14.42B-D recomputed (issue 12) ---------------------------------------------------

A: dict[str, Any] = {"year": 1941, "season": "summer", "side": "axis", "phase": "attrition"}


def _army(prefix: str, n: int, nat: str, where: str, **kw: Any) -> list[UnitPlaced]:
    return [
        UnitPlaced(
            year=1939,
            season="fall",
            phase="setup",
            unit=f"{prefix}{i}",
            owner=kw.get("owner", nat),
            nationality=nat,
            unit_type=kw.get("unit_type", "infantry"),
            factors=3,
            location=where,
        )
        for i in range(n)
    ]


def _attrition(
    mods: tuple[tuple[str, int], ...],
    face: int,
    result: tuple[int, int],
    *,
    when: dict[str, Any] | None = None,
    attacker: str = "european_axis",
    target: str = "russia",
    rules: str = "awaw",
    **decl: Any,
) -> list[Event]:
    """15 German factors (11-20 column) against five Russian units, both ground CTL 2."""
    t = when or A
    return [
        created(rules=rules),
        *_army("g", 5, "germany", "EUR:K40"),
        *_army("r", 5, "russia", "EUR:K41"),
        ctl("european_axis", 2),
        ctl("russia", 2),
        AttritionDeclared(
            **t,
            attrition="z1",
            attacker=attacker,  # type: ignore[arg-type]
            target=target,
            front="eastern",
            counted=decl.pop("counted", [UnitFactors(unit=f"g{i}", factors=3) for i in range(5)]),
            factors=15,
            defenders=decl.pop("defenders", [UnitFactors(unit=f"r{i}", factors=3) for i in range(5)]),
            **decl,
        ),
        DiceRolled(**t, roll=1, purpose="attrition", dice=[face]),
        AttritionResolved(
            **t,
            attrition="z1",
            roll=1,
            modifiers=[Modifier(code=c, value=v) for c, v in mods],
            losses=result[0],
            hexes=result[1],
        ),
    ]


@pytest.mark.plants("AUD-14-07", "AUD-14-08")
def test_issue_12_ctl_plus_5_with_both_sides_at_ctl_2() -> None:
    """Both sides' ground CTL 2: 14.42B gives 0, so die 3 reads row 3 of the 11-20 column, 2C; the claimed "ctl +5"
    (modified die 8, 3C/2H) is two findings."""
    assert found(_attrition((("ctl", 0),), 3, (2, 0))) == []
    assert found(_attrition((), 3, (2, 0))) == []
    wrong = found(_attrition((("ctl", 5),), 3, (3, 2)))
    assert any("the state gives ctl +0" in m and "recorded +5" in m for m in wrong), wrong
    assert any("gives 2C" in m and "recorded 3C/2H" in m for m in wrong), wrong


def test_the_defenders_ctl_is_bounded_when_they_are_not_recorded() -> None:
    """Without the defending units engaged, the defender's CTL is its faction's or one less (partial supply): the
    +5 is still found, and the audit says what it took as recorded."""
    events = _attrition((("ctl", 5),), 3, (3, 2), defenders=[])
    assert any("the state gives ctl +0 or +1" in m for m in found(events))
    assert any("defending units engaged are not recorded" in r for r in skipped(events))


WINTER: dict[str, Any] = {"year": 1941, "season": "winter", "side": "allied", "phase": "attrition"}


def _winter_attrition(claim: int, result: tuple[int, int], rules: str = "awaw", year: int = 1941) -> list[Event]:
    """Russia attritions the Axis in the Russian winter zone: winter level 8, Russian preparation 6, Axis 2: +4."""
    when = {**WINTER, "year": year}
    events = _attrition(
        (("winter", claim),),
        1,
        result,
        when=when,
        attacker="russia",
        target="european_axis",
        rules=rules,
        counted=[UnitFactors(unit=f"r{i}", factors=3) for i in range(5)],
        defenders=[UnitFactors(unit=f"g{i}", factors=3) for i in range(5)],
        zone="russian_winter",
    )
    weather = [
        WeatherDetermined(
            **{**when, "phase": "game_turn_start", "side": None}, zone="russian_winter", weather="winter", level=8
        ),
        WinterPreparationChanged(
            year=1939, season="fall", phase="setup", faction="european_axis", level=2, cause="setup"
        ),
    ]
    return [*events[:5], *weather, *events[5:]]


@pytest.mark.plants("AUD-14-07")
def test_issue_12_winter_goes_through_the_same_path() -> None:
    """14.42C: a Russian 6 against an Axis 2 where the level is 8: +4 (die 1 + 4 = row 5 of 11-20, 1C/1H)."""
    assert found(_winter_attrition(4, (1, 1))) == []
    wrong = found(_winter_attrition(6, (3, 1)))
    assert any("the state gives winter +4" in m and "recorded +6" in m for m in wrong), wrong


@pytest.mark.plants("C-ATT-6")
def test_house_winter_preparation_difference() -> None:
    """After Spring 1942 (no house CTL simulation DRM, 14.42D) the winter difference alone decides."""
    assert found(_winter_attrition(4, (1, 1), rules="a3r", year=1943)) == []
    assert any("the state gives winter +4" in m for m in found(_winter_attrition(5, (2, 1), rules="a3r", year=1943)))


def _vichy_vs_partisans(claim: int, result: tuple[int, int]) -> list[Event]:
    """T-A1: Vichy French units attrition French partisans: +2 (>= 50 % French national factors, 14.42D)."""
    t = {**A, "year": 1943}
    return [
        created(rules="a3r"),
        *_army("v", 5, "vichy", "EUR:P20", owner="germany"),
        *_army("p", 2, "france", "EUR:P21", owner="britain", unit_type="partisan"),
        AttritionDeclared(
            **t,
            attrition="z1",
            attacker="european_axis",
            target="western_allies",
            front="western",
            counted=[UnitFactors(unit=f"v{i}", factors=3) for i in range(5)],
            factors=15,
            partisans=True,
            defenders=[UnitFactors(unit=f"p{i}", factors=3) for i in range(2)],
        ),
        DiceRolled(**t, roll=1, purpose="attrition", dice=[3]),
        AttritionResolved(
            **t,
            attrition="z1",
            roll=1,
            modifiers=[Modifier(code="ctl_sim_major_vs_partisan", value=claim)],
            losses=result[0],
            hexes=result[1],
        ),
    ]


@pytest.mark.plants("C-ATT-5")
def test_t_a1_vichy_against_french_partisans_is_plus_2() -> None:
    """A3R 14.42D: +2 (die 3 + 2 = row 5 of 11-20, 1C/1H); a claimed +1 (row 4, 2C) is found."""
    assert found(_vichy_vs_partisans(2, (1, 1))) == []
    wrong = found(_vichy_vs_partisans(1, (2, 0)))
    assert any("the state gives house +2" in m for m in wrong), wrong


@pytest.mark.plants("C-ATT-7")
def test_house_2c_only_for_1c_1h() -> None:
    t = {**A, "year": 1943}
    events = _attrition((), 4, (2, 0), when=t, rules="a3r")
    events[-1] = AttritionResolved(**t, attrition="z1", roll=1, losses=2, hexes=0, chose_2c=True)
    assert any("2C taken in place of 2C" in m for m in found(events))
    ok = _attrition((), 5, (2, 0), when=t, rules="a3r")
    ok[-1] = AttritionResolved(**t, attrition="z1", roll=1, losses=2, hexes=0, chose_2c=True)
    assert found(ok) == []


@pytest.mark.plants("AUD-14-02", "C-ATT-1")
def test_one_roll_per_enemy_zone() -> None:
    events = _attrition((), 3, (2, 0), attrition_zone="ukraine")
    second = AttritionDeclared(
        **A,
        attrition="z2",
        attacker="european_axis",
        target="russia",
        front="eastern",
        factors=3,
        counted=[UnitFactors(unit="g4", factors=3)],
        attrition_zone="ukraine",
    )
    assert found(events) == []
    assert any("already attritioned russia's zone ukraine" in m for m in found([*events, second]))
    house = _attrition((), 3, (2, 0), rules="a3r", when={**A, "year": 1943}, attrition_zone="ukraine")
    again = AttritionDeclared(
        **{**A, "year": 1943},
        attrition="z2",
        attacker="european_axis",
        target="russia",
        front="eastern",
        factors=3,
        counted=[UnitFactors(unit="g4", factors=3)],
        attrition_zone="ukraine",
    )
    assert any("one roll per faction per enemy zone" in m for m in found([*house, again]))


@pytest.mark.plants("AUD-14-01")
def test_attrition_comes_after_all_combat() -> None:
    events = _attrition((), 3, (2, 0))
    late = declare([atk("g0", 3, origin="EUR:K40")], [dfn("r0", 3, BASIC, hex_="EUR:K41")], **A)
    assert found(events) == []
    assert any(
        "attrition is resolved after all regular and exploitation combat (14.12)" in m for m in found([*events, late])
    )


@pytest.mark.plants("AUD-14-11")
def test_losses_per_nationality_within_the_units_in_contact() -> None:
    events = _attrition((), 3, (2, 0), defenders=[UnitFactors(unit="r0", factors=3)])
    ok = AttritionLossesTaken(**A, attrition="z1", losses=[UnitFactors(unit="r0", factors=3)])
    two = AttritionLossesTaken(**A, attrition="z1", losses=[UnitFactors(unit=f"r{i}", factors=3) for i in range(2)])
    assert found([*events, ok], "contact_limit") == []
    assert found([*events, two], "contact_limit") == [
        "attrition z1: 2 russia counters lost with 1 in contact with the attritioning units (14.52C, 14.522)"
    ]


# --- attrition occupation: EX-15 (14.62A-B) -------------------------------------------------------------------------

ALLIED: dict[str, Any] = {"year": 1943, "season": "summer", "side": "allied", "phase": "attrition"}


def _ex_15(face: int, result: tuple[int, int], lost: list[str], occupied: list[str]) -> list[Event]:
    """Two German 3-3 on a key hex (M20, x0 and x1), a third (x2) in N20; 15 British factors attrition them (11-20)."""
    events: list[Event] = [
        created(),
        *_army("b", 5, "britain", "EUR:M19"),
        *_army("x", 2, "germany", "EUR:M20"),
        *_army("y", 1, "germany", "EUR:N20"),
        ctl("western_allies", 1),
        ctl("european_axis", 1),
        AttritionDeclared(
            **ALLIED,
            attrition="z1",
            attacker="western_allies",
            target="european_axis",
            front="western",
            counted=[UnitFactors(unit=f"b{i}", factors=3) for i in range(5)],
            factors=15,
            defenders=[UnitFactors(unit=u, factors=3) for u in ("x0", "x1", "y0")],
        ),
        DiceRolled(**ALLIED, roll=1, purpose="attrition", dice=[face]),
        AttritionResolved(**ALLIED, attrition="z1", roll=1, losses=result[0], hexes=result[1]),
        AttritionLossesTaken(**ALLIED, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in lost]),
        *(UnitEliminated(**ALLIED, unit=u, cause="attrition", ref="z1") for u in lost),
    ]
    if occupied:
        events.append(
            AttritionOccupation(
                **ALLIED, attrition="z1", hexes=occupied, moves=[Move(unit="b0", to=h) for h in occupied]
            )
        )
    return events


@pytest.mark.plants("AUD-14-14")
@pytest.mark.parametrize(
    ("case", "face", "result", "lost", "problem"),
    [
        ("EX-15 roll 6, 2C/1H: both units lost, the hex is empty", 6, (2, 1), ["x0", "x1"], "14.62A"),
        ("EX-15 roll 5, 1C/1H: one unit lost from the key hex", 5, (1, 1), ["x0"], "14.62B"),
        ("roll 5, 1C/1H: the loss taken elsewhere", 5, (1, 1), ["y0"], None),
    ],
)
def test_ex_15_the_axis_keep_the_key_hex(
    case: str, face: int, result: tuple[int, int], lost: list[str], problem: str | None
) -> None:
    assert found(_ex_15(face, result, lost, [])) == [], case
    got = found(_ex_15(face, result, lost, ["EUR:M20"]))
    if problem is None:
        assert got == [], case
    else:
        assert any(f"({problem})" in m and "EUR:M20" in m for m in got), (case, got)


def test_occupation_beyond_h_and_away_from_the_attackers() -> None:
    got = found(_ex_15(5, (1, 1), ["y0"], ["EUR:M20", "EUR:N20"]))
    assert any("occupies 2 hexes for a 1H result" in m for m in got), got


# --- the 16.47 exploitation chain: EX-25 to EX-28 -------------------------------------------------------------------

EXPLOIT: dict[str, Any] = {**at(phase="exploitation")}


def _chain(*after: Event) -> list[Event]:
    """A breakthrough in K37 (attacked from K36); units 1 and 2 were placed from K36: unit 1 moves K38 J39, unit 2
    follows the same route, then J40 J41 (16.47). Defenders wait in the hexes the exploitation attacks."""
    targets = ("EUR:K39", "EUR:J38", "EUR:I41", "EUR:K40", "EUR:I42", "EUR:J42", "EUR:K41")
    return [
        created(),
        unit("att", unit_type="armor", factors=4, location="EUR:K36", movement=6),
        unit("u1", unit_type="armor", factors=4, location="EUR:K36", movement=6),
        unit("u2", unit_type="armor", factors=4, location="EUR:K36", movement=6),
        unit("d0", nationality="russia", factors=1, location="EUR:K37"),
        *(unit(f"e{i}", nationality="russia", factors=1, location=h) for i, h in enumerate(targets)),
        ctl("european_axis", 2),
        SupplyDetermined(
            **at(phase="initial_supply"),
            faction="european_axis",
            determination="initial",
            results=[SupplyResult(subject=u, status="full", source="berlin") for u in ("att", "u1", "u2")],
        ),
        die(1, 6),
        AttackDeclared(
            **at(),
            attack="a1",
            defender_hexes=["EUR:K37"],
            attackers=[atk("att", 4, origin="EUR:K36", armor=True)],
            defenders=[dfn("d0", 1, BASIC, hex_="EUR:K37")],
        ),
        resolve(4, 2, "2:1", 1, "D"),
        lose("defender", ("d0", 1)),
        end(reason="defender_eliminated"),
        AdvanceAfterCombat(**at(), attack="a1", moves=[Move(unit="att", to="EUR:K37")]),
        BreakthroughCreated(**at(), breakthrough="bt1", attack="a1", hex="EUR:K37", armor="att"),
        ExploitationAllowance(**EXPLOIT, unit="u1", breakthrough="bt1", allowance=6),
        ExploitationAllowance(**EXPLOIT, unit="u2", breakthrough="bt1", allowance=6),
        UnitMoved(
            **EXPLOIT,
            unit="u1",
            path=["EUR:K37", "EUR:K38", "EUR:J39"],
            mf_used=3,
            exploitation=True,
            breakthrough="bt1",
        ),
        UnitMoved(
            **EXPLOIT,
            unit="u2",
            path=["EUR:K37", "EUR:K38", "EUR:J39", "EUR:J40", "EUR:J41"],
            mf_used=5,
            exploitation=True,
            breakthrough="bt1",
        ),
        *after,
    ]


def _exploit_attack(n: int, mover: str, target: str) -> list[Event]:
    """An exploitation attack by ``mover`` on the lone 1-factor defender of ``target``, cleared, and the advance."""
    origin = {"u1": "EUR:J39", "u2": "EUR:J41"}[mover]
    defender = {
        "EUR:K39": "e0",
        "EUR:J38": "e1",
        "EUR:I41": "e2",
        "EUR:K40": "e3",
        "EUR:I42": "e4",
        "EUR:J42": "e5",
        "EUR:K41": "e6",
    }[target]
    aid = f"x{n}"
    return [
        die(n + 1, 6, phase="exploitation"),
        AttackDeclared(
            **EXPLOIT,
            attack=aid,
            kind="exploitation",
            defender_hexes=[target],
            attackers=[atk(mover, 4, origin=origin, armor=True)],
            defenders=[Defender(unit=defender, factors=1, hex=target, dms=[Modifier(code="basic", value=2)])],
        ),
        CombatRoundResolved(
            **EXPLOIT, attack=aid, attack_strength=4, defence_strength=2, odds="2:1", roll=n + 1, result="D"
        ),
        lose("defender", (defender, 1), aid=aid, phase="exploitation"),
        end(reason="defender_eliminated", aid=aid, phase="exploitation"),
        AdvanceAfterCombat(**EXPLOIT, attack=aid, moves=[Move(unit=mover, to=target)]),
    ]


def test_the_chain_is_clean_as_printed() -> None:
    assert found(_chain()) == []


@pytest.mark.plants("AUD-16-13")
@pytest.mark.parametrize(
    ("case", "moves", "unit2_gone", "breaks"),
    [
        ("EX-25 unit 1 to K39 keeps the chain", [("u1", "EUR:K39")], False, False),
        ("EX-25 unit 1 to J38 cuts unit 2 off", [("u1", "EUR:J38")], False, True),
        ("EX-26 unit 1 to J38 once unit 2 is gone", [("u1", "EUR:J38")], True, False),
        ("EX-27 unit 2 to I41", [("u2", "EUR:I41")], False, False),
        ("EX-27 unit 2 to K40", [("u2", "EUR:K40")], False, False),
        ("EX-27 unit 2 to K40 after unit 1 advanced to K39", [("u1", "EUR:K39"), ("u2", "EUR:K40")], False, False),
        ("EX-28 unit 2 may not advance to I42", [("u2", "EUR:I42")], False, True),
        ("EX-28 unit 2 may not advance to J42", [("u2", "EUR:J42")], False, True),
        ("EX-28 unit 2 may not advance to K41", [("u2", "EUR:K41")], False, True),
    ],
)
def test_16_47_the_exploitation_chain(case: str, moves: list[tuple[str, str]], unit2_gone: bool, breaks: bool) -> None:
    after: list[Event] = []
    if unit2_gone:
        after.append(UnitEliminated(**EXPLOIT, unit="u2", cause="combat", ref="elsewhere"))
    for n, (mover, target) in enumerate(moves, start=1):
        after += _exploit_attack(n, mover, target)
    got = found(_chain(*after))
    assert bool([m for m in got if "breaks the chain" in m]) == breaks, (case, got)
    assert [m for m in got if "breaks the chain" not in m] == [], (case, got)


@pytest.mark.plants("AUD-16-07", "AUD-16-11")
def test_exploitation_routes_and_their_order() -> None:
    too_far = UnitMoved(
        **EXPLOIT, unit="u1", path=["EUR:J40", "EUR:J41", "EUR:J42"], mf_used=3, exploitation=True, breakthrough="bt1"
    )
    events = _chain()
    events[-2] = events[-2].__class__(**{**_fields(events[-2]), "path": ["EUR:K37", "EUR:K38", "EUR:J39", "EUR:J40"]})
    got = found(events)
    assert any("goes 3 hexes" in m for m in got), got
    late = _chain(*_exploit_attack(1, "u1", "EUR:K39"), too_far)
    assert any("after an exploitation attack was announced" in m for m in found(late))


def _fields(event: Any) -> dict[str, Any]:
    return {f: getattr(event, f) for f in event.__struct_fields__}


@pytest.mark.plants("AUD-16-09", "AUD-16-10", "AUD-16-12")
def test_exploitation_attackers() -> None:
    infantry = unit("inf9", location="EUR:J40")
    events = _chain()
    events.insert(1, infantry)
    attack = declare(
        [atk("u1", 4, origin="EUR:J39", armor=True), atk("inf9", 3, origin="EUR:J40")],
        [dfn("e0", 1, BASIC, hex_="EUR:K39")],
        kind="exploitation",
        phase="exploitation",
        shore_bombardment=[UnitFactors(unit="bb1", factors=4)],
    )
    got = found([*events, attack], "exploitation_attackers")
    assert "exploitation attack a1: inf9 is infantry (16.41)" in got
    assert any("shore bombardment" in m for m in got)
    clean = declare(
        [atk("u1", 4, origin="EUR:J39", armor=True)],
        [dfn("e0", 1, BASIC, hex_="EUR:K39")],
        kind="exploitation",
        phase="exploitation",
    )
    assert found([*_chain(), clean], "exploitation_attackers") == []
    # 16.45: three armor units attack out of a breakthrough hex; three other units out of one hex break 15.47
    three = [atk(u, 4, origin="EUR:L34", role="reserve_armor") for u in ("arm1", "arm2", "arm3")]
    extra = unit("arm3", unit_type="armor", factors=4, location="EUR:L34")
    assert found([*setup(), extra, declare(three, [dfn("pol3", 3, BASIC)])], "attack_origins") == []
    plain = [atk(u, 4, origin="EUR:L33") for u in ("arm1", "arm2", "inf1")]
    assert found([*setup(), declare(plain, [dfn("pol3", 3, BASIC)])], "attack_origins")


# --- attacks: 15.46, 15.8 --------------------------------------------------------------------------------------------


@pytest.mark.plants("AUD-15-07")
def test_a_defender_is_attacked_once_in_regular_combat() -> None:
    first = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3, BASIC)])
    second = declare([atk("inf2", 3, origin="EUR:K34")], [dfn("pol3", 3, BASIC)], aid="a2")
    assert found([*setup(), first], "attacked_once") == []
    assert found([*setup(), first, second], "attacked_once") == [
        "attack a2: pol3 was already attacked in attack a1 this combat phase (15.46: once in regular combat, except "
        "by a second alliance faction)"
    ]


@pytest.mark.plants("AUD-15-15")
def test_a_claimed_ctl_is_the_factions() -> None:
    assert found([*setup(), declare([atk("inf1", 3, ctl_=2, origin="EUR:K34")], [dfn("pol3", 3, BASIC)])]) == []
    got = found([*setup(), declare([atk("inf1", 3, ctl_=3, origin="EUR:K34")], [dfn("pol3", 3, BASIC)])])
    assert any("inf1 claims CTL 3" in m and "gives 2" in m for m in got), got


def test_attackers_stand_next_to_the_attacked_hex() -> None:
    got = found([*setup(), declare([atk("inf1", 3, origin="EUR:N36")], [dfn("pol3", 3, BASIC)])], "attackers")
    assert got == [
        "attack a1: inf1 attacks EUR:L34 from EUR:N36, which is not next to it (15.21; in a multi-hex attack every "
        "attacker is next to every attacked hex, 15.44)"
    ]


# --- the CRT: rolls above 6, attacks below 1:4, the early-German window -------------------------------------------


def _round_three(options: dict[str, str]) -> list[Event]:
    """A 1:1 attack in its third round with die 6: modified 8."""
    return [
        created(options=options),
        *GERMANS[2:],
        die(1, 3),
        declare([atk("inf1", 3, ctl_=3, origin="EUR:K34")], [dfn("pol3", 3, ("basic", 1))]),
        CombatRoundResolved(
            **at(), attack="a1", round=1, attack_strength=3, defence_strength=3, odds="1:1", roll=1, result="Ex"
        ),
    ]


@pytest.mark.plants("AUD-15-10")
def test_a_modified_die_above_6_is_a_named_option() -> None:
    """Issue 12 item 4: ``combat.crt_above_6`` = ``read_as_6`` (the extracts' default) reads 8 as row 6;
    ``unconfirmed`` leaves such a round unchecked, and says so."""
    rnd = CombatRoundResolved(**at(), attack="a1", round=2, odds="1:1", roll=2, modified_die=7, result="A")
    events = [*_round_three({}), die(2, 6), rnd]
    assert any("row 6 (read as 6: option combat.crt_above_6), d" in m for m in found(events, "crt_result"))
    unconfirmed = [*_round_three({"combat.crt_above_6": "unconfirmed"}), die(2, 6), rnd]
    assert found(unconfirmed, "crt_result") == []
    assert any("combat.crt_above_6 = unconfirmed" in r for r in skipped(unconfirmed))


@pytest.mark.plants("AUD-15-09")
def test_a_1_5_attack_needs_no_roll() -> None:
    """15.51: below 1:4 the attacker is eliminated, no roll; the round is recorded with odds below_1:4 and no roll."""
    attack = declare(
        [atk("inf1", 3, origin="EUR:K34")], [dfn(u, f, BASIC) for u, f in (("pol1", 2), ("pol2", 2), ("pol3", 3))]
    )
    below = CombatRoundResolved(
        **at(), attack="a1", attack_strength=3, defence_strength=14, odds="below_1:4", result="A"
    )
    events = [*setup(), attack, below, lose("attacker", ("inf1", 3)), end(reason="below_1to4")]
    # the shared set-up stacks four German units in L33 and three Polish in L34, which the stacking check reports
    # (12.11A); the attack itself is clean
    assert [f.message for f in run(events).findings if f.check != "stacks"] == []
    wrong = CombatRoundResolved(**at(), attack="a1", attack_strength=3, defence_strength=14, odds="1:4", result="A")
    assert found([*setup(), attack, wrong], "odds_column")


def _poland_exploitation(result: str, *, country: str | None = "poland", year: int = 1939) -> list[Event]:
    """A German exploitation attack on pol1 (2 factors, house DM 1) with 4 armor factors: 2:1, die 2, Ex."""
    when = {"year": year, "season": "fall", "side": "axis", "phase": "exploitation"}
    return [
        created(rules="a3r"),
        *GERMANS,
        DiceRolled(**when, roll=1, purpose="crt", dice=[2]),
        declare(
            [atk("arm1", 4, origin="EUR:L33", armor=True)],
            [dfn("pol1", 2)],
            kind="exploitation",
            country=country,
            **when,
        ),
        CombatRoundResolved(
            **when, attack="a1", attack_strength=4, defence_strength=2, odds="2:1", roll=1, result=result
        ),  # type: ignore[arg-type]
    ]


@pytest.mark.plants("C-CRT-2")
def test_a3r_15_54_an_exploitation_ex_in_poland_in_fall_1939_is_ex_1() -> None:
    assert found(_poland_exploitation("Ex-1"), "crt_result") == []
    assert any("permitted: Ex-1" in m for m in found(_poland_exploitation("Ex"), "crt_result"))
    assert found(_poland_exploitation("Ex", year=1941), "crt_result") == []
    assert found(_poland_exploitation("Ex", country=None), "crt_result") == []
    assert any(
        "whether the early-German Ex-1 (15.54) applies" in r for r in skipped(_poland_exploitation("Ex", country=None))
    )


# --- the house combat table ------------------------------------------------------------------------------------------


@pytest.mark.plants("C-CRT-3")
def test_house_a_result_without_unnecessary_losses() -> None:
    """House: 7 against pol3 (3 x 1) + 2 DAS = 5 is 1:1; die 2 is "a": the attacker loses ceil(5 / 2) = 3."""
    base = [
        created(rules="a3r"),
        *GERMANS,
        unit("das1", nationality="poland", unit_type="aaf", factors=2),
        die(1, 2),
        declare(
            [atk("arm1", 4, origin="EUR:L33", armor=True), atk("inf1", 3, origin="EUR:K34")],
            [dfn("pol3", 3)],
            das=[UnitFactors(unit="das1", factors=2)],
        ),
        resolve(7, 5, "1:1", 1, "a"),
    ]
    assert found([*base, lose("attacker", ("inf1", 3))], "losses") == []
    assert any("unnecessary" in m for m in found([*base, lose("attacker", ("inf1", 3), ("arm1", 4))], "losses"))


@pytest.mark.plants("C-CRT-6")
def test_house_airdrop_at_1_1_or_better_in_round_1() -> None:
    para = unit("ab1", unit_type="airborne", factors=1, location="EUR:L34")
    weak = unit("pol9", nationality="poland", factors=1, location="EUR:L34")

    def drop(defender: str, factors: int, odds: str) -> list[Event]:
        return [
            created(rules="a3r"),
            *GERMANS,
            para,
            weak,
            die(1, 6),
            declare(
                [atk("ab1", 1, origin="EUR:L34", role="airdropped", hexside="airdrop")],
                [dfn(defender, factors, ("airdrop_only", 1))],
                kind="airdrop",
            ),
            resolve(1, 2 * factors, odds, 1, "D" if odds == "1:2" else "d"),
        ]

    assert any("1:1" in m for m in found(drop("pol3", 3, "1:6"), "prohibited_odds"))
    assert found(drop("pol9", 1, "1:2"), "prohibited_odds")
    clean = [
        created(rules="a3r"),
        *GERMANS,
        para,
        weak,
        die(1, 6),
        declare(
            [atk("ab1", 1, origin="EUR:L34", role="airdropped", hexside="airdrop")],
            [Defender(unit="pol9", factors=1, hex="EUR:L34", dms=[Modifier(code="basic", value=0)])],
            kind="airdrop",
        ),
    ]
    assert found(clean, "prohibited_odds", "attackers") == []


@pytest.mark.plants("C-CRT-8")
def test_house_partisan_dm_only_for_partisans() -> None:
    partisan = unit("par1", nationality="poland", unit_type="partisan", factors=1, location="EUR:L34")
    base = [created(rules="a3r"), *GERMANS, partisan]
    ok = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("par1", 1, ("partisan", -1))])
    bad = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3, ("partisan", -1))])
    assert found([*base, ok], "dm_applies") == []
    assert found([*base, bad], "dm_applies") == [
        "attack a1: pol3 claims the partisan DM, but pol3 is not a partisan unit (15.33C)"
    ]


@pytest.mark.plants("C-AIR-5")
def test_house_das_within_3_to_1() -> None:
    options = {"air.combat": "awaw_17_19_house"}
    das = [UnitFactors(unit="aaf1", factors=5), UnitFactors(unit="aaf2", factors=5)]
    attack = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3)], das=das)
    got = found([created(rules="a3r", options=options), *GERMANS, attack], "support_limits")
    assert got == ["10 DAS factors in attack a1; 3:1 allows 9 for 3 ground factors (18.614)"]
    fewer = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3)], das=das[:1])
    assert found([created(rules="a3r", options=options), *GERMANS, fewer], "support_limits") == []


# --- overruns ------------------------------------------------------------------------------------------------------

MOVE: dict[str, Any] = at(phase="movement")


def _overrun(**kw: Any) -> OverrunResolved:
    base: dict[str, Any] = {
        "overrun": "o1",
        "units": [UnitFactors(unit="arm1", factors=4), UnitFactors(unit="arm2", factors=4)],
        "target": "EUR:L34",
        "defence_strength": 1,
        "attack_strength": 8,
        "success": True,
        "defenders": ["pol9"],
        "defending": [Defender(unit="pol9", factors=1, dms=[Modifier(code="basic", value=1)])],
        "origin": "EUR:L33",
    }
    return OverrunResolved(**{**MOVE, **base, **kw})


POL9 = unit("pol9", nationality="poland", unit_type="replacement", factors=1, location="EUR:L34")


@pytest.mark.plants("AUD-13-12")
def test_overrun_defence_from_the_defenders_dms() -> None:
    """DT-09 in exploitation: a replacement at DM 2 - 1 = 1 gives 1, 8:1; claimed at DM 1 in movement it is 2, 4:1."""
    assert found([*setup(), POL9, _overrun()], "overrun_strengths") == []
    dm2 = [Defender(unit="pol9", factors=1, dms=[Modifier(code="basic", value=2)])]
    assert found([*setup(), POL9, _overrun(defending=dm2)], "overrun_strengths") == [
        "overrun o1: the defence is 1x2 = 2 (DMs apply to overruns, 13.51, 15.34), recorded 1"
    ]


@pytest.mark.plants("AUD-13-18")
def test_no_overrun_of_the_beach_hex_by_invaders() -> None:
    assert any("13.58" in m for m in found([*setup(), POL9, _overrun(invading=True)], "overrun"))


@pytest.mark.plants("AUD-13-14")
def test_two_armor_units_from_a_breakthrough_hex_into_one_hex() -> None:
    extra = unit("arm3", unit_type="armor", factors=4, location="EUR:L34")
    first = _overrun(**{**EXPLOIT, "origin": "EUR:L34", "target": "EUR:L35"})
    second = _overrun(
        **{**EXPLOIT, "overrun": "o2", "origin": "EUR:L34", "target": "EUR:L35"},
        units=[UnitFactors(unit="arm3", factors=4)],
        attack_strength=4,
    )
    events = poznan()
    events[1:1] = [extra, POL9]
    events.append(first)
    assert found(events, "breakthrough_overruns") == []
    assert found([*events, second], "breakthrough_overruns") == [
        "3 armor units move from breakthrough hex EUR:L34 into EUR:L35 to overrun (13.522: no more than 2)"
    ]


@pytest.mark.plants("AUD-13-15", "AUD-13-16")
def test_overrun_results_and_failed_overruns() -> None:
    combat_phase = PhaseStarted(**at(phase="exploitation"))
    done = [*setup(), POL9, _overrun(), UnitEliminated(**MOVE, unit="pol9", cause="overrun", ref="o1"), combat_phase]
    assert found(done, "failed_overrun") == []
    assert any("still on the board" in m for m in found([*setup(), POL9, _overrun(), combat_phase], "failed_overrun"))
    failed = _overrun(
        success=False,
        defence_strength=2,
        attack_strength=8,
        defending=[Defender(unit="pol9", factors=1, dms=[Modifier(code="basic", value=2)])],
    )
    again = _overrun(overrun="o2")
    assert any("follows the failed overrun" in m for m in found([*setup(), POL9, failed, again], "failed_overrun"))
    assert any("must attack the hex" in m for m in found([*setup(), POL9, failed, combat_phase], "failed_overrun"))
    attacked = declare([atk("arm1", 4, origin="EUR:L33"), atk("arm2", 4, origin="EUR:L33")], [dfn("pol9", 1, BASIC)])
    assert found([*setup(), POL9, failed, attacked, combat_phase], "failed_overrun") == []


@pytest.mark.plants("AUD-13-20", "AUD-13-17")
def test_an_overrun_is_an_offensive_operation_without_airdrops() -> None:
    offensive = OffensiveDeclared(**MOVE, power="germany", front="eastern", kind="full", brp_cost=15)
    assert found([*setup(), POL9, offensive, _overrun()], "overrun_operation") == []
    assert found([*setup(), POL9, _overrun()], "overrun_operation") == [
        "overrun o1 of EUR:L34: germany paid for no offensive operation this player turn; overruns are offensive "
        "operations (13.51, rule 9)"
    ]
    para = unit("ab1", unit_type="airborne", factors=1, location="EUR:L33")
    drop = AirdropMade(**MOVE, unit="ab1", base="EUR:L32", target="EUR:L34")
    got = found([*setup(), para, POL9, offensive, drop, _overrun()], "overrun_operation")
    assert got == [
        "ab1 dropped on EUR:L34 in the movement phase to assist overrun o1; airdrops never assist overruns in the "
        "movement phase (13.532)"
    ]


@pytest.mark.plants("AUD-15-13")
def test_a_third_of_invasion_losses_are_destroyers() -> None:
    dd = unit("dd1", unit_type="dd", factors=2, location="EUR:L33")
    invasion = declare(
        [atk("inf1", 3, origin="EUR:L33", role="invading"), atk("inf2", 3, origin="EUR:L33", role="invading")],
        [dfn("pol3", 3, BASIC, ("invasion", 1))],
        kind="invasion",
    )
    base = [*setup(), dd, die(1, 1), invasion, resolve(6, 9, "1:2", 1, "A")]
    assert found([*base, lose("attacker", ("inf1", 3), ("dd1", 2))], "destroyer_losses") == []
    assert found([*base, lose("attacker", ("inf1", 3), ("inf2", 3))], "destroyer_losses") == [
        "invasion a1: 6 factors lost, 0 of them destroyers; at least a third (2) must be (15.642, 21.517H)"
    ]


@pytest.mark.plants("C-CRT-5")
def test_house_supporting_air_dies_with_the_last_ground_unit() -> None:
    """House 15.632: inf1 (3) with 5 air factors at 1:1 rolls an "A": the ground unit dies, and all its air too."""
    air_support = [UnitFactors(unit="aaf1", factors=5)]
    base = [
        created(rules="a3r"),
        *GERMANS,
        die(1, 1),
        declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3), dfn("pol2", 2)], ground_support=air_support),
        resolve(8, 5, "1:1", 1, "A"),
    ]
    clean = [*base, lose("attacker", ("inf1", 3), ("aaf1", 5)), end(reason="attacker_eliminated")]
    assert found(clean, "involuntary_air") == []
    kept = [*base, lose("attacker", ("inf1", 3)), end(reason="attacker_eliminated")]
    assert found(kept, "involuntary_air") == [
        "attack a1 ends with the attacker's 5 supporting air factors above 3:1 of its 0 ground factors (all of them "
        "when none is left): the excess is eliminated (house 15.632)"
    ]


@pytest.mark.plants("AUD-16-02")
def test_no_breakthrough_in_an_undefended_hex_but_by_invasion() -> None:
    events = poznan()
    bt = next(i for i, e in enumerate(events) if isinstance(e, BreakthroughCreated))
    moved = [
        *events[:bt],
        BreakthroughCreated(**at(), breakthrough="bt2", attack="a1", hex="EUR:L35", armor="arm1"),
    ]
    assert any("16.14" in m for m in found(moved, "breakthrough"))
    assert found(events[: bt + 1], "breakthrough") == []


@pytest.mark.plants("AUD-14-15")
def test_a_hex_cleared_by_an_attack_is_not_occupied_by_attrition() -> None:
    events = _ex_15(5, (1, 1), ["y0"], [])
    z0 = [*_army("z", 1, "germany", "EUR:M21"), *_army("c", 1, "britain", "EUR:L21")]
    attack = AttackDeclared(
        **{**ALLIED, "phase": "combat"},
        attack="a1",
        defender_hexes=["EUR:M21"],
        attackers=[atk("c0", 3, ctl_=1, origin="EUR:L21")],
        defenders=[dfn("z0", 3, BASIC, hex_="EUR:M21")],
    )
    cleared = [
        DiceRolled(**{**ALLIED, "phase": "combat"}, roll=9, purpose="crt", dice=[6]),
        CombatRoundResolved(**{**ALLIED, "phase": "combat"}, attack="a1", odds="1:2", roll=9, result="Ex"),
        lose("defender", ("z0", 3), side="allied", phase="combat", year=1943, season="summer"),
    ]
    decl = next(i for i, e in enumerate(events) if isinstance(e, AttritionDeclared))
    events = [*events[:1], *z0, *events[1:decl], attack, *cleared, *events[decl:]]
    occupy = AttritionOccupation(**ALLIED, attrition="z1", hexes=["EUR:M21"], moves=[Move(unit="b0", to="EUR:M21")])
    assert any("(14.63)" in m for m in found([*events, occupy], "attrition_occupation"))


def _designations(loss: list[str], occupy: list[str], *, rules: str = "awaw") -> list[Event]:
    """A Russian winter attrition (5C/2H) with its 14.521 designations; the limit is 4 (levels 2 and 6; house 6 - 2)."""
    events = _winter_attrition(4, (1, 1), rules=rules, year=1943)
    res = events[-1]
    assert isinstance(res, AttritionResolved)
    events[-1] = AttritionResolved(
        **{**WINTER, "year": 1943},
        attrition="z1",
        roll=1,
        modifiers=res.modifiers,
        losses=1,
        hexes=1,
        loss_hexes=loss,
        occupation_hexes=occupy,
    )
    return events


@pytest.mark.plants("C-ATT-11")
def test_russian_winter_designations() -> None:
    assert found(_designations(["EUR:K40"], ["EUR:K39"]), "winter_designations") == []
    assert any(
        "designated for both" in m for m in found(_designations(["EUR:K40"], ["EUR:K40"]), "winter_designations")
    )
    too_many = _designations(["EUR:K40", "EUR:K39"], [])
    assert any("2 loss hexes for 1C" in m for m in found(too_many, "winter_designations"))
    house = _designations(["EUR:K40"], ["EUR:K39"], rules="a3r")
    assert found(house, "winter_designations") == []
    second = AttritionResolved(
        **{**WINTER, "year": 1943},
        attrition="z2",
        roll=2,
        losses=3,
        hexes=2,
        loss_hexes=["EUR:K41", "EUR:K42", "EUR:K43"],
        occupation_hexes=[],
    )
    decl2 = AttritionDeclared(
        **{**WINTER, "year": 1943},
        attrition="z2",
        attacker="russia",
        target="european_axis",
        front="eastern",
        factors=3,
        counted=[UnitFactors(unit="r0", factors=3)],
    )
    assert any(
        "5 hexes designated this turn, the limit is 4" in m
        for m in found([*house, decl2, second], "winter_designations")
    )


HOUSE_AIR: dict[str, Any] = {"rules": "a3r", "options": {"air.combat": "awaw_17_19_house"}}


def _air_battle(row: int, *, case: str | None = None, rnd: int = 1) -> list[Event]:
    """4 AAF + 2 jets (row 10) against 6 AAF."""
    t = {**A, "phase": "movement"}
    return [
        created(**HOUSE_AIR),
        unit("aaf1", unit_type="aaf", factors=4),
        unit("jet1", unit_type="jet", factors=2),
        unit("raf1", nationality="britain", unit_type="aaf", factors=6),
        DiceRolled(**t, roll=1, purpose="air_combat", dice=[3, 3, 3, 3]),
        AirCombatResolved(
            **t,
            battle="b1",
            round=rnd,
            attacker_factors=row,
            defender_factors=6,
            roll=1,
            attacker_units=[UnitFactors(unit="aaf1", factors=4), UnitFactors(unit="jet1", factors=2)],
            defender_units=[UnitFactors(unit="raf1", factors=6)],
            case=case,  # type: ignore[arg-type]
        ),
    ]


@pytest.mark.plants("C-AIR-1", "C-AIR-8")
def test_air_combat_rows_and_single_rounds() -> None:
    assert found(_air_battle(10), "air_rows") == []
    assert found(_air_battle(6), "air_rows") == [
        "air battle b1: the attacker's units read row 10 (AAF + 3 x jet factors; 17.55, 19.2), recorded 6"
    ]
    assert found(_air_battle(10, case="counterair_naval_base"), "air_rows") == []
    assert any("19.12" in m for m in found(_air_battle(10, case="counterair_naval_base", rnd=2), "air_rows"))


@pytest.mark.plants("AUD-15-01")
def test_the_order_of_the_combat_phase() -> None:
    late = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3, BASIC)], aid="a9")
    got = found([*_chain(), late], "combat_order")
    assert got == [
        "regular attack a9 is declared after exploitation movement from EUR:K37 began (15.11-15.14, 16.21: "
        "exploitation follows all regular combat)"
    ]
    para = unit("ab1", unit_type="airborne", factors=1, location="EUR:L33")
    drop = AirdropMade(**at(), unit="ab1", base="EUR:L32", target="EUR:L35")
    attack = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol3", 3, BASIC)])
    assert found([*setup(), para, drop, attack], "combat_order") == []
    assert any("regular airdrops come before" in m for m in found([*setup(), para, attack, drop], "combat_order"))


@pytest.mark.plants("AUD-16-05")
def test_exploiting_armor_meets_stacking_after_exploitation() -> None:
    crowd = [unit(f"c{i}", location="EUR:J41") for i in range(2)]
    events = _chain(PhaseStarted(**at(phase="attrition")))
    assert found(events, "exploitation_stacking") == []
    events[1:1] = crowd
    assert found(events, "exploitation_stacking") == [
        "after exploitation, EUR:J41: 3 ground units in a standard hex (limit 2) (16.51: armor that leaves the "
        "breakthrough hex meets normal stacking; 12.11A, 12.12)"
    ]


@pytest.mark.plants("AUD-14-09")
def test_fewer_than_c_while_a_unit_in_contact_survives() -> None:
    events = _attrition((), 3, (2, 0))
    one = AttritionLossesTaken(**A, attrition="z1", losses=[UnitFactors(unit="r0", factors=3)])
    two = AttritionLossesTaken(**A, attrition="z1", losses=[UnitFactors(unit=f"r{i}", factors=3) for i in range(2)])
    assert found([*events, two], "attrition_losses") == []
    assert found([*events, one], "attrition_losses") == [
        "attrition z1: 1 counters removed for a 2C result while r1, r2, r3, r4, in contact and eligible, survived "
        "(14.51: exactly C, fewer only when no eligible unit is left)"
    ]


@pytest.mark.plants("C-AIR-4")
def test_jets_need_a_13_result_and_cost_3_a_factor() -> None:
    t = {**A, "phase": "unit_construction"}

    def jet(cost: int) -> UnitBuilt:
        return UnitBuilt(**t, unit="jet9", owner="germany", nationality="germany", unit_type="jet", factors=2,
                         location="EUR:L32", cost=cost)  # fmt: skip

    research = ResearchResult(**{**t, "phase": "research"}, power="germany", project="jets", result="13+")
    assert found([created(**HOUSE_AIR), research, jet(6)], "jet_builds") == []
    got = found([created(**HOUSE_AIR), jet(4)], "jet_builds")
    assert any("without a 13+ research result" in m for m in got) and any("cost 6 BRPs, paid 4" in m for m in got)
    ground = AirMissionFlown(**{**t, "phase": "combat"}, mission="ground_support", units=["jet1"], target="EUR:L34")
    base = [created(**HOUSE_AIR), unit("jet1", unit_type="jet", factors=2)]
    assert any("17.531" in m for m in found([*base, ground], "jet_missions"))
    escort = AirMissionFlown(**{**t, "phase": "combat"}, mission="escort", units=["jet1"], target="EUR:L34")
    assert found([*base, escort], "jet_missions") == []


@pytest.mark.plants("AUD-16-14")
def test_armor_that_exploited_is_supplied_and_does_not_exploit_next_turn() -> None:
    winter: dict[str, Any] = {"year": 1939, "season": "winter", "side": "axis"}
    supply = SupplyDetermined(
        **winter, phase="initial_supply", faction="european_axis", determination="initial",
        results=[SupplyResult(subject="u1", status="partial")],
    )  # fmt: skip
    assert any("automatically supplied" in m for m in found([*_chain(), supply], "exploitation_supply"))
    full = SupplyDetermined(
        **winter, phase="initial_supply", faction="european_axis", determination="initial",
        results=[SupplyResult(subject="u1", status="full")],
    )  # fmt: skip
    assert found([*_chain(), full], "exploitation_supply") == []
    again = UnitMoved(**winter, phase="exploitation", unit="u1", path=["EUR:J40"], exploitation=True)
    assert any("may not exploit (16.61)" in m for m in found([*_chain(), again], "exploitation_supply"))
    moved = UnitRedeployed(
        **winter, phase="redeployment", unit="u1", kind="TR", origin="EUR:J39", destination="EUR:K37"
    )
    assert found([*_chain(), moved, supply], "exploitation_supply") == []


def _mixed(lost: list[tuple[str, int]], aborted: list[tuple[str, int]], *, case: str | None = None) -> list[Event]:
    """T-AIR1 (19.63): a 1/1 result against 3 American AAF + 1 British AAF: one American eliminated, one British
    aborted. The German attacker's 1 factor rolls 8: row 1, column 8, 1/1."""
    t = {**A, "phase": "movement"}
    return [
        created(**HOUSE_AIR),
        unit("ger1", unit_type="aaf", factors=1),
        unit("us1", nationality="usa", unit_type="aaf", factors=3),
        unit("uk1", nationality="britain", unit_type="aaf", factors=1),
        DiceRolled(**t, roll=1, purpose="air_combat", dice=[4, 4, 1, 1]),
        AirCombatResolved(
            **t,
            battle="b1",
            attacker_factors=1,
            defender_factors=4,
            roll=1,
            defender_eliminated=1,
            defender_aborted=1,
            attacker_units=[UnitFactors(unit="ger1", factors=1)],
            defender_units=[UnitFactors(unit="us1", factors=3), UnitFactors(unit="uk1", factors=1)],
            defender_losses=[UnitFactors(unit=u, factors=f) for u, f in lost],
            defender_aborts=[UnitFactors(unit=u, factors=f) for u, f in aborted],
            case=case,  # type: ignore[arg-type]
        ),
    ]


@pytest.mark.plants("C-AIR-3")
def test_t_air1_mixed_force_losses() -> None:
    """1 AAF rolling 8 reads 1/1 (row 1, column 8): one American eliminated, one British aborted (19.61-19.63)."""
    assert found(_mixed([("us1", 1)], [("uk1", 1)]), "air_losses") == []
    assert found(_mixed([("uk1", 1)], [("us1", 1)]), "air_losses")


@pytest.mark.plants("C-AIR-7")
def test_deferred_das_and_das_interception() -> None:
    das = [UnitFactors(unit="aaf9", factors=2)]
    polish_air = unit("aaf9", nationality="poland", unit_type="aaf", factors=2)
    weak = declare([atk("inf1", 3, origin="EUR:K34")], [dfn("pol1", 2, BASIC), dfn("pol2", 2, BASIC)], das=das)
    deferred = AirMissionFlown(**at(), mission="deferred_das", units=["aaf9"], ref="a1", target="EUR:L34")
    base = [created(**HOUSE_AIR), *GERMANS, polish_air, weak, deferred]
    assert found(base, "das") == []
    assert any("never resolved" in m for m in found([*base, PhaseStarted(**at(phase="exploitation"))], "das"))
    strong = declare(
        [atk("arm1", 4, origin="EUR:L33"), atk("arm2", 4, origin="EUR:L33")], [dfn("pol3", 3, BASIC)], das=das
    )
    late = AirMissionFlown(**at(), mission="deferred_das", units=["aaf9"], ref="a1", target="EUR:L34")
    assert any("below 1:1" in m for m in found([created(**HOUSE_AIR), *GERMANS, polish_air, strong, late], "das"))
    fight = AirCombatResolved(
        **at(), battle="i1", attacker_factors=5, defender_factors=2, roll=1, defender_eliminated=1,
        attacker_units=[UnitFactors(unit="aaf1", factors=5)], defender_units=das, case="das_interception", ref="a1",
    )  # fmt: skip
    rnd = CombatRoundResolved(
        **at(), attack="a1", attack_strength=8, defence_strength=8, odds="1:1", roll=2, result="A"
    )
    events = [created(**HOUSE_AIR), *GERMANS, polish_air, die(1, 6), strong, fight, die(2, 1), rnd]
    assert any("only 1 were neither eliminated nor aborted" in m for m in found(events, "das"))


@pytest.mark.plants("C-ATT-8")
def test_attrition_losses_from_the_zone_or_a_supply_zone() -> None:
    events = _attrition((), 3, (2, 0))
    away = _army("q", 1, "russia", "box:urals")
    events[1:1] = away
    boxed = AttritionLossesTaken(**A, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in ("r0", "q0")])
    assert found([*events, boxed], "loss_sources") == []  # AWAW: the Urals box's zone may lose units (14.52B)
    house = _attrition((), 3, (2, 0), rules="a3r", when={**A, "year": 1943})
    house[1:1] = away
    boxed_house = AttritionLossesTaken(
        **{**A, "year": 1943}, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in ("r0", "q0")]
    )
    assert any("mapboard boxes" in m for m in found([*house, boxed_house], "loss_sources"))
    remote = AttritionLossesTaken(
        **A, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in ("r0", "r1")], from_supply_zone=["r1"]
    )
    assert any("were not fully supplied" in m for m in found([*events, remote], "loss_sources"))
    supplied = SupplyDetermined(
        **{**A, "phase": "initial_supply"}, faction="russia", determination="initial",
        results=[SupplyResult(subject=f"r{i}", status="full") for i in range(5)],
    )  # fmt: skip
    assert found([*events[:-3], supplied, *events[-3:], remote], "loss_sources") == []


def _irish_partisans(claim: int, result: tuple[int, int]) -> list[Event]:
    """T-A2: Irish partisans attrition British units (the UK a US minor ally by then): -2 (14.42D)."""
    t = {**A, "year": 1944, "side": "allied"}
    return [
        created(rules="a3r"),
        *_army("ir", 5, "ireland", "EUR:H10", owner="germany", unit_type="partisan"),
        *_army("uk", 3, "britain", "EUR:H11"),
        AttritionDeclared(
            **t,
            attrition="z1",
            attacker="european_axis",
            target="western_allies",
            front="western",
            counted=[UnitFactors(unit=f"ir{i}", factors=3) for i in range(5)],
            factors=15,
            partisans=True,
            defenders=[UnitFactors(unit=f"uk{i}", factors=3) for i in range(3)],
        ),
        DiceRolled(**t, roll=1, purpose="attrition", dice=[6]),
        AttritionResolved(
            **t,
            attrition="z1",
            roll=1,
            modifiers=[Modifier(code="ctl_sim_partisan_vs_major", value=claim)],
            losses=result[0],
            hexes=result[1],
        ),
    ]


@pytest.mark.plants("C-ATT-5")
def test_t_a2_irish_partisans_against_british_units_is_minus_2() -> None:
    """Die 6 - 2 = row 4 of the 11-20 column, 2C; a claimed -1 (row 5, 1C/1H) is found."""
    assert found(_irish_partisans(-2, (2, 0))) == []
    assert any("the state gives house -2" in m for m in found(_irish_partisans(-1, (1, 1))))
