"""The position's combat queries, asked by ``awaw attack``, ``round``, ``losses``, ``advance`` and ``move`` and by the
audit alike: the wrong accusations they no longer make, each from the rules text it follows, and the worked example
of 15.551 (the Suez attack) decided through the commands and audited clean.

Positions are written in one line (:mod:`replays.notation`). No map data is used: the hexes only stand for the
places the rules name (the 15.551 example names no hexes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.codec import parse_event
from awaw_events.events import (
    AnyEvent,
    AttackDeclared,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    Event,
    UnitMoved,
)
from awaw_events.log import append_events, numbered
from awaw_events.store import GameStore
from projections import game
from projections.position import Position
from projections.position.combat.attacks import ctl
from projections.rules.breach import Breach
from replays.audit.engine import AuditReport
from replays.cli import cli
from replays.commands.attack import Advance, Attack, Losses, decide_advance, decide_attack, decide_losses
from replays.commands.base import Die, Refusal
from replays.commands.move import Move, decide_move
from replays.commands.phase import decide_end_phase
from replays.commands.runner import commit
from tests.build import audit, position

Step = Callable[[Position], "list[AnyEvent] | Refusal"]


def play(events: Sequence[Event | AnyEvent], *steps: Step) -> list[Any]:
    """The events after each command decides on the position the earlier ones leave (refused: the test fails)."""
    played = list(events)
    for step in steps:
        decided = step(Position(game.replay(played)))  # type: ignore[arg-type]
        assert not isinstance(decided, Refusal), decided
        played += decided
    return played


def findings(report: AuditReport, *checks: str) -> list[str]:
    return [f.message for f in report.findings if not checks or f.check in checks]


def event(**fields: Any) -> Any:
    return parse_event(fields, where="the test")


COMBAT = {"year": 1941, "season": "summer", "side": "axis", "phase": "combat"}


# ---------------------------------------------------------------------------------------------------------------------
# 1. A CTL claim under the army oil effect (15.81, 33.61C)


OIL = "1941-summer axis combat | ger: arm-1 4-6 EUR:L33 | brit: inf-1 EUR:L34 | ctl ger 2, brit 1 | war ger brit"


def _oil_attack(claimed: int) -> list[Any]:
    accepted = event(type="oil_effect_accepted", **COMBAT, faction="european_axis", domain="germany", service="army")
    declared = event(
        type="attack_declared", **COMBAT, actor="germany", attack="a1", defender_hexes=["EUR:L34"],
        attackers=[{"unit": "ger-arm-1", "factors": 4, "origin": "EUR:L33", "ctl": claimed, "armor": True}],
        defenders=[{"unit": "brit-inf-1", "factors": 3, "hex": "EUR:L34", "dms": [{"code": "basic", "value": 2}]}],
    )  # fmt: skip
    return [*position(OIL), accepted, declared]


def test_a_ctl_1_claim_under_the_army_oil_effect_is_the_units_ctl() -> None:
    """15.81: "The CTL of ground units in partial supply or subject to army oil effects is reduced by one (30.522A,
    33.61C). This reduction is not cumulative." 33.61C, if not offset: "CTL -1 for all ground units of every type".
    German armor of CTL 2 under the army oil effect attacks at CTL 1: the claim is right, CTL 2 is the fault."""
    assert findings(audit(_oil_attack(1)), "attackers", "infantry_ctl") == []
    wrong = findings(audit(_oil_attack(2)), "attackers")
    assert len(wrong) == 1 and "claims CTL 2" in wrong[0] and "gives 1" in wrong[0]
    # the one query the command and every CTL check ask
    pos = Position(game.replay(_oil_attack(1)[:-1]))
    assert ctl(pos, "ger-arm-1") == 1
    decided = decide_attack(pos, Attack("a1", ("EUR:L34",), ("ger-arm-1",)), Die(face=3))
    assert not isinstance(decided, Refusal)
    (declared,) = [e for e in decided if isinstance(e, AttackDeclared)]
    assert declared.attackers[0].ctl == 1


# ---------------------------------------------------------------------------------------------------------------------
# 2. Breakthroughs in a game without CTLs (A3R house rules 14.42B, 15.81), and a CTL the log does not give


def _breakthrough(line: str) -> list[Any]:
    return play(
        position(line),
        lambda p: decide_attack(p, Attack("a1", ("EUR:L34",), ("ger-arm-1",)), Die(face=4)),
        lambda p: decide_losses(p, Losses("a1", "defender")),
        lambda p: decide_advance(p, Advance("a1", ("ger-arm-1",), breakthrough="b1")),
    )


def test_an_a3r_breakthrough_asks_no_ctl() -> None:
    """A3R house rules, CTL simulation: 14.42B (the AWAW CTL modifier) "Does not apply to A3R", and 15.81's CTL
    assumptions are replaced by nationality and date ("CTL = combat training level (an AWAW concept, simulated
    here)"): 16.11A's "armor CTL of 1 or more" is no condition of an A3R breakthrough."""
    events = _breakthrough("1941-summer axis combat | rules a3r | ger: arm-1 4-6 EUR:L33 | brit: inf-1 1 EUR:L34")
    assert any(isinstance(e, BreakthroughCreated) for e in events)
    report = audit(events)
    assert findings(report, "breakthrough") == []
    assert not [s for s in report.skipped if s.check == "breakthrough"]  # nothing left undecided: no CTL in A3R


def test_an_awaw_ctl_the_log_does_not_give_is_not_checked_rather_than_read_as_0() -> None:
    """15.82C, 16.22A: "Armor units with a CTL of zero or less may not create breakthroughs or exploit." A CTL the
    log never recorded is not known to be zero: the audit says it could not check, and accuses nobody."""
    report = audit(_breakthrough("1941-summer axis combat | ger: arm-1 4-6 EUR:L33 | brit: inf-1 1 EUR:L34"))
    assert findings(report, "breakthrough") == []
    assert [s.reason for s in report.skipped if s.check == "breakthrough"] == [
        "whether the armor of attack a1 has CTL 1 or more (16.11A): no CTL recorded"
    ]
    zero = "1941-summer axis combat | ger: arm-1 4-6 EUR:L33 | brit: inf-1 1 EUR:L34 | ctl ger 0"
    fought = play(
        position(zero),
        lambda p: decide_attack(p, Attack("a1", ("EUR:L34",), ("ger-arm-1",)), Die(face=4)),
        lambda p: decide_losses(p, Losses("a1", "defender")),
    )
    refused = decide_advance(Position(game.replay(fought)), Advance("a1", ("ger-arm-1",), breakthrough="b1"))
    assert isinstance(refused, Refusal) and refused.rule == "16.11A"  # CTL 0: the command refuses it
    advanced = play(fought, lambda p: decide_advance(p, Advance("a1", ("ger-arm-1",))))
    created = event(type="breakthrough_created", **COMBAT, actor="germany", breakthrough="b1", attack="a1",
                    hex="EUR:L34", armor="ger-arm-1")  # fmt: skip
    assert any("CTL >= 1" in m for m in findings(audit([*advanced, created]), "breakthrough"))  # and the audit says so


# ---------------------------------------------------------------------------------------------------------------------
# 3. Armor placed on the breakthrough hex (16.21, 16.23)

PLACED = "1941-summer axis combat | ger: arm-1 4-6 EUR:L33, arm-2 4-6 EUR:L32 | brit: inf-1 1 EUR:L34 | ctl ger 2"


def _exploitation(line: str = PLACED) -> list[Any]:
    played = _breakthrough(line)
    supplied = event(
        type="supply_determined", **{**COMBAT, "phase": "movement"}, faction="european_axis", determination="initial",
        results=[{"subject": "ger-arm-2", "status": "full"}],
    )  # fmt: skip
    return play([*played[:3], supplied, *played[3:]], decide_end_phase)


def test_armor_placed_on_the_breakthrough_hex_two_hexes_away_makes_no_move_step() -> None:
    """16.21: armor "adjacent to or stacked with any attacking ground unit which attacked the breakthrough hex may
    be placed on that breakthrough hex"; 16.23: "Exploiting armor units are placed on a breakthrough hex without
    regard to available movement factors, enemy ZoCs or stacking limits." ger-arm-2 in L32, next to the attack's
    origin L33 and two hexes from the breakthrough hex L34, is placed on L34 and exploits to L35: one hex entered,
    1 MF, no step from L32 to L34."""
    before = _exploitation()
    decided = play(before, lambda p: decide_move(p, Move("ger-arm-2", ("EUR:L34", "EUR:L35"), breakthrough="b1")))
    (move,) = [e for e in decided[len(before) :] if isinstance(e, UnitMoved)]
    assert move.mf_used == 1
    report = audit(decided)
    assert findings(report) == []
    assert not [s for s in report.skipped if s.check == "path"]


def test_armor_too_far_from_the_attack_is_not_placed() -> None:
    """16.21's "adjacent to or stacked with any attacking ground unit": armor three hexes from the attack's origin
    is not placed on the breakthrough hex (the placement check's planted fault)."""
    line = PLACED.replace("arm-2 4-6 EUR:L32", "arm-2 4-6 EUR:L30")
    before = _exploitation(line)
    moved = event(
        type="unit_moved", **{**COMBAT, "phase": "exploitation"}, actor="germany", unit="ger-arm-2",
        path=["EUR:L34", "EUR:L35"], mf_used=1, exploitation=True, breakthrough="b1",
    )  # fmt: skip
    assert any("neither in nor next to" in m for m in findings(audit([*before, moved]), "placement"))


# ---------------------------------------------------------------------------------------------------------------------
# 4. The Suez joint attack (15.551; 10-16 extract EX-23)

SUEZ_HEXES = ("EUR:NN39", "EUR:NN41", "EUR:MM40", "EUR:MM41")  # the four hexes next to EUR:NN40, two attackers each


def suez(italians: int) -> str:
    """A joint German-Italian force of 24 factors (eight 3-factor infantry) around a fortified Suez (EUR:NN40) held
    by six British factors; German CTL 2, Italian CTL 1."""
    units = [("ita", f"inf-{i}") for i in range(italians)] + [("ger", f"inf-{i}") for i in range(8 - italians)]
    by_nation: dict[str, list[str]] = {}
    for n, (nation, name) in enumerate(units):
        by_nation.setdefault(nation, []).append(f"{name} 3-3 {SUEZ_HEXES[n // 2]}")
    sections = " | ".join(f"{nation}: {', '.join(items)}" for nation, items in by_nation.items())
    return (
        f"1941-summer axis combat | {sections} | brit: inf-1 6 EUR:NN40 | fort fortification EUR:NN40 brit"
        " | ctl ger 2, ita 1, brit 1 | war ger brit, ita brit"
    )


def suez_attack_command(italians: int) -> Attack:
    """The attack Germany declares on Suez with all eight units, the defender converting the result (15.55)."""
    attackers = tuple(u for u in ("ger-inf-0", *(f"ita-inf-{i}" for i in range(italians)),
                                  *(f"ger-inf-{i}" for i in range(1, 8 - italians))))  # fmt: skip
    return Attack(
        "suez", ("EUR:NN40",), attackers, dms={"*": ("fortification",)}, actor="germany", defender_converts=True
    )


def _suez_attack(italians: int) -> tuple[list[Any], list[Any]]:
    opening = position(suez(italians))
    played = play(
        opening,
        lambda p: decide_attack(p, suez_attack_command(italians), Die(face=6)),
        lambda p: decide_losses(p, Losses("suez", "defender")),
    )
    return opening, played


@pytest.mark.parametrize(
    ("case", "italians", "lost", "refusal"),
    [
        ("(a) 12 Italian factors: the Axis lose 12", 4, ("ita-inf-0", "ita-inf-1", "ita-inf-2", "ita-inf-3"), None),
        (
            "(a) German factors taken to keep the Italians",
            4,
            ("ger-inf-0", "ger-inf-1", "ger-inf-2", "ger-inf-3"),
            None,
        ),
        ("(b) 9 Italian factors: removing them meets Ex-2's 6", 3, ("ita-inf-0", "ita-inf-1", "ita-inf-2"), None),
        ("(b) a German factor too many", 3, ("ita-inf-0", "ita-inf-1", "ita-inf-2", "ger-inf-0"), "ger-inf-0"),
        ("(c) 3 Italian and 3 German factors", 1, ("ita-inf-0", "ger-inf-0"), None),
        ("(c) the Italians alone fall short", 1, ("ita-inf-0",), "do not meet the requirement (6)"),
    ],
)
def test_the_suez_joint_attack_is_decided_and_audited_as_15_551_works_it(
    case: str, italians: int, lost: tuple[str, ...], refusal: str | None
) -> None:
    """15.551: "A joint German-Italian force of 24 factors attacks six British factors in a fortified Suez at 24:18
    (1:1) odds. The German CTL is two and the Italian CTL is 1. The Axis combat die roll is a "6", but the "d" result
    is reduced to an "Ex-1" result, based on the CTL of the Italian units. The maximum loss from an "Ex-1" result
    against six defending factors with a DM of 3 is 12 factors." With 12 or more Italian factors the Axis lose 12;
    with 6 to 11, once the Italians are removed the requirement is Ex-2's (German CTL 2), 6 factors, already met;
    with fewer than 6, German factors are removed up to 6; German factors may be taken first."""
    _, played = _suez_attack(italians)
    declared = next(e for e in played if isinstance(e, AttackDeclared))
    assert declared.actor == "germany"
    assert {a.unit: a.ctl for a in declared.attackers if a.unit.startswith("ita")} == dict.fromkeys(
        (f"ita-inf-{i}" for i in range(italians)), 1
    )  # each unit's CTL is its own nation's
    resolved = next(e for e in played if isinstance(e, CombatRoundResolved))
    assert (resolved.attack_strength, resolved.defence_strength, resolved.odds) == (24, 18, "1:1")
    # the d read at 1:1, die 6, reduced to Ex-1 on the Italian CTL 1 (15.55A: at the defender's option)
    assert (resolved.modified_die, resolved.result, resolved.conversion) == (6, "Ex-1", "15.55")
    attacker = decide_losses(Position(game.replay(played)), Losses("suez", "attacker", dict.fromkeys(lost)))
    if refusal is not None:
        assert isinstance(attacker, Refusal) and attacker.rule == "15.551" and refusal in attacker.message, case
        return
    assert not isinstance(attacker, Refusal), (case, attacker)
    (taken,) = [e for e in attacker if isinstance(e, CombatLossesTaken)]
    assert sum(u.factors for u in taken.losses) == 3 * len(lost)
    assert findings(audit([*played, *attacker])) == [], case


def test_the_record_keeps_a_joint_attack_declared_by_germany() -> None:
    """13.4 ("a power moves its own units") is no bar to a joint attack: the record layer refused the Suez attack
    declared by Germany with Italian units among the attackers. It is recorded, and the audit is clean."""
    with GameStore(":memory:") as store:
        append_events(store, "g", numbered(position(suez(4))))
        attackers = (
            "ger-inf-0",
            "ita-inf-0",
            "ita-inf-1",
            "ita-inf-2",
            "ita-inf-3",
            "ger-inf-1",
            "ger-inf-2",
            "ger-inf-3",
        )
        attack = Attack(
            "suez", ("EUR:NN40",), attackers, dms={"*": ("fortification",)}, actor="germany", defender_converts=True
        )
        recorded = commit(store, "g", lambda p: decide_attack(p, attack, Die(face=6)))
        assert not isinstance(recorded, Refusal), recorded
        assert store.count("g") == len(position(suez(4))) + 3


def test_the_italians_advance_into_suez_after_the_joint_attack() -> None:
    """15.91: "Whenever ground combat results in the elimination of all the defender's ground units, the attacker's
    surviving ground units may advance": in the joint attack the attacker's surviving units are German and Italian.
    The advance is recorded with Germany, who declared the attack, as its actor; the record layer read it as
    "germany cannot move ita-inf-3" (13.4) and the audit's ``record_units`` flagged it."""
    _, played = _suez_attack(4)
    italians = tuple(f"ita-inf-{i}" for i in range(4))
    lost = play(
        played, lambda p: decide_losses(p, Losses("suez", "attacker", dict.fromkeys(("ger-inf-0", *italians[:3]))))
    )
    advanced = play(lost, lambda p: decide_advance(p, Advance("suez", ("ita-inf-3", "ger-inf-1"))))
    assert findings(audit(advanced)) == []
    with GameStore(":memory:") as store:
        append_events(store, "g", numbered(position(suez(4))))
        for step in (
            lambda p: decide_attack(p, suez_attack_command(4), Die(face=6)),
            lambda p: decide_losses(p, Losses("suez", "defender")),
            lambda p: decide_losses(p, Losses("suez", "attacker", dict.fromkeys(("ger-inf-0", *italians[:3])))),
            lambda p: decide_advance(p, Advance("suez", ("ita-inf-3", "ger-inf-1"))),
        ):
            recorded = commit(store, "g", step)
            assert not isinstance(recorded, Refusal), recorded
        board = game.replay(list(store.events("g"))).board
    assert board.units["ita-inf-3"].location == board.units["ger-inf-1"].location == "EUR:NN40"


def test_a_faction_of_the_other_side_or_another_faction_may_not_join() -> None:
    """15.551's joint force is of one alliance faction; by default the Western Allies and Russia attack apart
    (15.46 counts two factions' attacks on one hex as two attacks), and ``combat.joint_attacks = side`` lets them
    join."""
    line = ("1942-summer allied combat | brit: inf-1 EUR:L33 | rus: inf-1 EUR:L35 | ger: inf-1 EUR:L34"
            " | ctl brit 2, rus 2 | war brit ger, rus ger")  # fmt: skip
    joint = Attack("j1", ("EUR:L34",), ("brit-inf-1", "rus-inf-1"), actor="britain")
    pos = Position(game.replay(position(line)))
    refused = decide_attack(pos, joint, Die(face=3))
    assert isinstance(refused, Refusal) and refused.rule == "15.551" and "rus-inf-1" in refused.message
    allowed = Position(game.replay(position(f"{line} | option combat.joint_attacks=side")))
    decided = decide_attack(allowed, joint, Die(face=3))
    assert not isinstance(decided, Refusal), decided
    assert findings(audit([*position(f"{line} | option combat.joint_attacks=side"), *decided]), "joint_attack") == []
    ours = decide_attack(pos, Attack("j2", ("EUR:L34",), ("ger-inf-1",), actor="britain"), Die(face=3))
    assert isinstance(ours, Refusal)  # the enemy's units are never the attacker's


def test_awaw_attack_decides_the_suez_attack_from_the_cli(tmp_path: Any) -> None:
    """``awaw attack`` with ``--as germany`` and Italian units among the attackers records the joint attack;
    ``awaw losses`` records the British loss and case (a)'s 12 Axis factors (15.551: "If there were 12 or more
    attacking Italian factors, the Axis lose 12 factors"), each with ``--strict``; ``awaw audit`` finds nothing."""
    db = str(tmp_path / "g.db")
    with GameStore(db) as store:
        append_events(store, "g", numbered(position(suez(4))))
    units = "ger-inf-0,ita-inf-0,ita-inf-1,ita-inf-2,ita-inf-3,ger-inf-1,ger-inf-2,ger-inf-3"
    run = CliRunner()
    done = run.invoke(
        cli, ["--db", db, "attack", "g", "suez", "--on", "EUR:NN40", "--with", units, "--dm", "fortification",
              "--as", "germany", "--defender-converts", "--die", "6", "--yes", "--strict"],
    )  # fmt: skip
    assert done.exit_code == 0, done.output
    with GameStore(db) as store:
        last = list(store.events("g"))[-1]
    assert isinstance(last, CombatRoundResolved) and last.result == "Ex-1"
    italians = [f"ita-inf-{i}" for i in range(4)]
    for side, lost in (("defender", []), ("attacker", italians)):
        taken = run.invoke(cli, ["--db", db, "losses", "g", "suez", "--side", side, *lost, "--yes", "--strict"])
        assert taken.exit_code == 0, taken.output
    with GameStore(db) as store:
        recorded = [e for e in store.events("g") if isinstance(e, CombatLossesTaken)]
    assert [(e.loser, sum(u.factors for u in e.losses)) for e in recorded] == [("defender", 6), ("attacker", 12)]
    audited = run.invoke(cli, ["--db", db, "audit", "g"])
    assert audited.exit_code == 0, audited.output


def test_a_breach_names_its_rule() -> None:
    """The queries return the rules' breaches: what the command refuses under and the audit reports."""
    from projections.position.combat.attacks import joint_attack

    pos = Position(game.replay(position(OIL)))
    draft = event(
        type="attack_declared", **COMBAT, actor="britain", attack="x", defender_hexes=["EUR:L34"],
        attackers=[{"unit": "ger-arm-1", "factors": 4}], defenders=[],
    )  # fmt: skip
    found = list(joint_attack(pos, draft))
    assert [type(b) for b in found] == [Breach] and found[0].rule == "15.551"  # type: ignore[union-attr]
