"""Issue 21's property for attacks: over generated positions (Hypothesis, every value of every game option at least
once), every event that ``awaw attack``, ``round``, ``losses`` and ``advance`` decide audits clean, and every breach
the audit finds in a wrong claim made from them (another result, strength or odds, another set of losses, a DM item
that does not apply, an advance or breakthrough the rules forbid) is refused by the command that decides such an
event.

The positions are one line each (:mod:`replays.notation`): German armor and infantry, with Italian infantry or not
(a joint attack, 15.551; each nation at its own CTL or none, under the army oil effect or not), attacking British
infantry, fortified or not. The wrong claims include each attacker's CTL one off (15.81, 10.11). No map data: hexes
are geometry.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from awaw_events.codec import parse_event
from awaw_events.events import (
    AdvanceAfterCombat,
    AttackDeclared,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
)
from awaw_events.events.base import Modifier, Move
from projections import game
from projections.combat import Attack as AttackState
from projections.position import Position
from projections.rules import combat as rules
from projections.rules.combat.strength import BASIC_DM_ITEM
from replays.commands import attack as commands
from replays.commands.attack import Advance, Attack, Losses, Round
from replays.commands.base import Die, Refusal, first_refusal
from tests.build import audit, position
from tests.test_rules_core import ROUNDS

ATTACKED = "EUR:L34"
ORIGINS = ("EUR:L33", "EUR:L33", "EUR:K34", "EUR:K34")  # two attackers a hex next to EUR:L34 (15.47)
ROUND_CHECKS = frozenset({"odds_column", "strengths", "crt_result", "prohibited_odds", "further_round"})
LOSS_CHECKS = frozenset({"losses", "destroyer_losses"})
DM_CHECKS = frozenset({"dm_items", "dm_applies", "unit_type_dms"})
ADVANCE_CHECKS = frozenset({"advance", "advance_stacking", "breakthrough", "chain_advance"})


@st.composite
def battles(draw: st.DrawFn) -> dict[str, Any]:
    """A German attack on British infantry: the line, the attackers, the dice and the players' choices."""
    kinds = draw(st.lists(st.sampled_from(["arm", "inf", "ita"]), min_size=1, max_size=4))
    attackers = [  # (nation, counter): Italian infantry joins the Germans (15.551)
        ("ita" if k == "ita" else "ger", f"{'inf' if k == 'ita' else k}-{i} {draw(st.integers(1, 6))}-"
         f"{6 if k == 'arm' else 4} {ORIGINS[i]}")
        for i, k in enumerate(kinds)
    ]  # fmt: skip
    defenders = [f"inf-{i} {draw(st.integers(1, 4))}-3 {ATTACKED}" for i in range(draw(st.integers(1, 2)))]
    nations = " | ".join(
        f"{n}: {', '.join(c for m, c in attackers if m == n)}"
        for n in ("ger", "ita")
        if any(m == n for m, _ in attackers)
    )
    line = f"1941-summer axis combat | {nations} | brit: {', '.join(defenders)} | war ger brit, ita brit"
    ctls = {n: draw(st.sampled_from([None, 0, 1, 2, 3])) for n in ("ger", "ita")}
    known = [f"{n} {level}" for n, level in ctls.items() if level is not None]
    line += f" | ctl {', '.join(known)}" if known else ""
    line += " | fort fortification EUR:L34 brit" if draw(st.booleans()) else ""
    return {
        "line": line,
        "attackers": tuple(f"{n}-{c.split()[0]}" for n, c in attackers),
        "oil": draw(st.booleans()),
        "dms": tuple(draw(st.lists(st.sampled_from(["fortification", "rough", "low_ctl", "isolated"]), max_size=2))),
        "dice": draw(st.lists(st.integers(1, 6), min_size=3, max_size=3)),
        "takes_ex": draw(st.booleans()),
        "converts": draw(st.booleans()),
    }


def opening(battle: dict[str, Any], rules_: str, options: dict[str, str]) -> list[Any]:
    chosen = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
    line = (
        battle["line"] + (f" | rules {rules_}" if rules_ != "awaw" else "") + (f" | option {chosen}" if chosen else "")
    )
    events = list(position(line))
    if battle["oil"]:
        when = {"year": 1941, "season": "summer", "side": "axis", "phase": "combat"}
        events.append(parse_event({"type": "oil_effect_accepted", **when, "faction": "european_axis",
                                   "domain": "germany", "service": "army"}, where="the test"))  # fmt: skip
    return events


def at(events: Sequence[Any]) -> Position:
    return Position(game.replay(list(events)))


def attack_of(events: Sequence[Any]) -> AttackState | None:
    return game.replay(list(events)).combat.attacks.get("a1")


def loss_choices(attack: AttackState, side: str) -> list[dict[str, int | None]]:
    """The sets of units a side may name for the last round, smallest first (nothing named: everything)."""
    played = attack.rounds[attack.last_round]
    pool = commands._pool(attack, side, played.participants)
    units = sorted(pool)
    sets = [dict.fromkeys(c) for n in range(1, len(units) + 1) for c in itertools.combinations(units, n)]
    return [{}, *sets]


def fight(events: list[Any], battle: dict[str, Any]) -> list[Any]:
    """The attack through the commands: declaration and rounds, the losses each result requires (the first set the
    command accepts), then the end and an advance (with a breakthrough where the command gives one)."""
    pos = at(events)
    first = Attack("a1", (ATTACKED,), battle["attackers"], dms={"*": battle["dms"]} if battle["dms"] else {},
                   attacker_takes_ex=battle["takes_ex"], defender_converts=battle["converts"])  # fmt: skip
    decided = commands.decide_attack(pos, first, Die(face=battle["dice"][0]))
    if isinstance(decided, Refusal):
        return events
    events = [*events, *decided]
    for face in battle["dice"][1:]:
        events = pay(events)
        attack = attack_of(events)
        if attack is None or attack.table is None:
            return events
        more = commands.decide_round(
            at(events), Round("a1", (), battle["takes_ex"], battle["converts"]), Die(face=face)
        )
        if isinstance(more, Refusal):
            break
        events = [*events, *more]
    events = pay(events)
    attack = attack_of(events)
    if attack is None or attack.table is None or attack.ended or not attack.rounds:
        return events
    survivors = tuple(u for u in sorted(attack.final_fighters()) if u in attack.ground_alive())
    for units, bt in ((survivors, "b1"), (survivors, None), (survivors[:1], None), ((), None)):
        advanced = commands.decide_advance(at(events), Advance("a1", units, breakthrough=bt))
        if not isinstance(advanced, Refusal):
            return [*events, *advanced]
    raise AssertionError("the attack could not be ended")


def pay(events: list[Any]) -> list[Any]:
    """Each side's losses the last round requires, as the first set the command accepts."""
    for side in ("attacker", "defender"):
        attack = attack_of(events)
        if attack is None or not attack.rounds or side in attack.rounds[attack.last_round].losses_seen:
            continue
        played = attack.rounds[attack.last_round]
        need = played.requirement.attacker if side == "attacker" else played.requirement.defender  # type: ignore[union-attr]
        if not need.everything and not need.factors:
            continue
        for chosen in loss_choices(attack, side):
            taken = commands.decide_losses(at(events), Losses("a1", side, chosen))
            if not isinstance(taken, Refusal):
                events = [*events, *taken]
                break
        else:
            if commands._pool(attack, side, played.participants):
                raise AssertionError(f"no loss set of the {side} is accepted for {played.result}")
    return events


def wrong_claims(events: list[Any]) -> list[tuple[int, Any]]:
    """Claims made from the decided events, each wrong or not: (index of the event replaced, the new event)."""
    out: list[tuple[int, Any]] = []
    for i, e in enumerate(events):
        if isinstance(e, CombatRoundResolved):
            out += [(i, msgspec.structs.replace(e, result=r)) for r in rules.RESULT_ORDER if r != e.result]
            if e.attack_strength is not None:
                out.append((i, msgspec.structs.replace(e, attack_strength=e.attack_strength + 1)))
        elif isinstance(e, AttackDeclared):
            for code, spec in rules.AWAW_DMS.items():
                dm = Modifier(code=code, value=spec.value, rule=spec.rule)
                defenders = [msgspec.structs.replace(d, dms=[*d.dms, dm]) for d in e.defenders]
                out.append((i, msgspec.structs.replace(e, defenders=defenders)))
        elif isinstance(e, AdvanceAfterCombat) and e.moves:
            at_end = len(events) - isinstance(events[-1], BreakthroughCreated)
            for u in [a.unit for a in attack_of(events[:i]).declared.attackers]:  # type: ignore[union-attr]
                when = {"year": e.year, "season": e.season, "side": e.side, "phase": e.phase}
                created = BreakthroughCreated(
                    **when, actor=e.actor, breakthrough="b1", attack="a1", hex=ATTACKED, armor=u
                )
                out.append((at_end, created))
        if isinstance(e, AdvanceAfterCombat):
            everyone = [m.unit for m in e.moves] + [a.unit for a in attack_of(events[:i]).declared.attackers]  # type: ignore[union-attr]
            out += [(i, msgspec.structs.replace(e, moves=[Move(unit=u, to=ATTACKED)])) for u in dict.fromkeys(everyone)]
    return out


def refused_by_the_command(before: list[Any], claim: Any) -> bool:
    """Whether the command deciding such an event refuses the claim (the player's own words, where the claim is a
    choice: DM items, losses, advancing units; the command's judges of its own draft, where it computes it)."""
    pos = at(before)
    if isinstance(claim, AttackDeclared):
        basic = BASIC_DM_ITEM["awaw"][0], BASIC_DM_ITEM["a3r_house"][0]
        dms = {d.unit: tuple(m.code for m in d.dms if m.code not in basic) for d in claim.defenders}
        command = Attack("a1", tuple(claim.defender_hexes), tuple(a.unit for a in claim.attackers), dms=dms)
        return isinstance(commands.decide_declaration(pos, command), Refusal)
    if isinstance(claim, CombatLossesTaken):
        chosen = {u.unit: u.factors for u in claim.losses}
        return isinstance(commands.decide_losses(pos, Losses(claim.attack, claim.loser, chosen)), Refusal)
    if isinstance(claim, AdvanceAfterCombat | BreakthroughCreated):
        return first_refusal(pos, claim, commands.ADVANCE[type(claim)]) is not None
    return first_refusal(pos, claim, (*commands.BEFORE_THE_ROLL, *commands.AFTER_THE_ROLL)) is not None


def ctl_claims(events: list[Any]) -> list[tuple[int, Any]]:
    """Each declared attacker's CTL one more and one less than the command recorded (or a level where it recorded
    none): the CTL a unit fights at is the command's to compute (15.81, 10.11), never the player's to give."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, AttackDeclared):
            for n, a in enumerate(e.attackers):
                for level in (0, 2) if a.ctl is None else (a.ctl - 1, a.ctl + 1):
                    if level >= 0:
                        claimed = [*e.attackers[:n], msgspec.structs.replace(a, ctl=level), *e.attackers[n + 1 :]]
                        out.append((i, msgspec.structs.replace(e, attackers=claimed)))
    return out


def loss_claims(events: list[Any]) -> list[tuple[int, Any]]:
    """Every other set of losses a side could name for each recorded loss."""
    out = []
    for i, e in enumerate(events):
        if isinstance(e, CombatLossesTaken):
            attack = attack_of(events[:i])
            assert attack is not None
            for chosen in loss_choices(attack, e.loser)[1:]:
                pool = commands._pool(attack, e.loser, attack.rounds[attack.last_round].participants)
                losses = [{"unit": u, "factors": pool[u]} for u in chosen]
                out.append(
                    (i, msgspec.structs.replace(e, losses=[msgspec.convert(x, type(e.losses[0])) for x in losses]))
                )
    return out


CTL_CHECKS = frozenset({"attackers", "infantry_ctl", "joint_attack"})
MINE = ROUND_CHECKS | LOSS_CHECKS | DM_CHECKS | ADVANCE_CHECKS | CTL_CHECKS


@pytest.mark.parametrize(("rules_", "options"), ROUNDS, ids=[f"{r}-{i}" for i, (r, _) in enumerate(ROUNDS)])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battle=battles())
def test_what_the_commands_decide_audits_clean_and_what_the_audit_flags_they_refuse(
    rules_: str, options: dict[str, str], battle: dict[str, Any]
) -> None:
    start = opening(battle, rules_, options)
    events = fight(start, battle)
    decided = events[len(start) :]
    report = audit(events)
    assert [(f.check, f.message) for f in report.findings] == [], (battle, decided)
    event(f"decided {sum(isinstance(e, CombatRoundResolved) for e in decided)} rounds")
    for i, claim in [*wrong_claims(events), *loss_claims(events)]:
        if i < len(start):
            continue
        wrong = audit([*events[:i], claim])
        flagged = [f for f in wrong.findings if f.seq == i + 1 and f.check in MINE]
        if flagged:
            event(f"a wrong {type(claim).__name__} refused ({flagged[0].check})")
            assert refused_by_the_command(events[:i], claim), ([f.message for f in flagged], claim)
    for i, claim in ctl_claims(events):
        if i < len(start):
            continue
        found = [f for f in audit([*events[:i], claim]).findings if f.seq == i + 1]
        flagged = [f for f in found if f.check in CTL_CHECKS]
        if flagged:
            event(f"a wrong CTL refused ({flagged[0].check})")
            refused = first_refusal(at(events[:i]), claim, commands.DECLARATION)
            assert refused is not None and refused.message in {f.message for f in found}, (flagged, claim)


def test_every_value_of_every_option_is_played() -> None:
    """The rounds of :data:`tests.test_rules_core.ROUNDS` give each option each of its values (that test's)."""
    assert {r for r, _ in ROUNDS} == {"awaw", "a3r"}
    assert any(o.get("combat.joint_attacks") == "side" for _, o in ROUNDS)
