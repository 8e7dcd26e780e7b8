"""Losses: what a round's result requires, recorded in full and without unnecessary eliminations (AWAW 15.61, 15.62,
15.551, 15.642; house 15.632)."""

from __future__ import annotations

from collections.abc import Iterator

from awaw_events.events import AttackEnded, CombatLossesTaken, CombatRoundResolved
from projections.combat import Attack
from projections.position.combat.attacks import attack_of, crt_table, fort_scope, table_of
from projections.position.core import Position, Unknown, Verdict, breach
from projections.rules import combat as rules


def losses(pos: Position, event: CombatLossesTaken) -> Verdict:
    """15.62: losses meet the result's requirement (rounded up) without unnecessary eliminations, recorded once for
    a round that was fought (15.61)."""
    attack = attack_of(pos, event.attack)
    if isinstance(attack, Unknown):
        yield attack
        return
    rnd = attack.rounds.get(event.round)
    where = f"attack {event.attack} round {event.round}"
    if rnd is None:
        message = f"losses for round {event.round} of attack {event.attack}, which was not fought"
        yield breach("15.61", message, "a resolved round", f"round {event.round}")
        return
    if event.loser in rnd.losses_seen:
        message = f"{where}: the {event.loser}'s losses are already recorded: a side takes them once (15.61)"
        yield breach("15.61", message, "the losses recorded once", f"{event.loser} losses again")
        return
    if rnd.requirement is None:
        return
    side = rnd.requirement.attacker if event.loser == "attacker" else rnd.requirement.defender
    if event.loser == "attacker":
        pool = rnd.attacker_pool
    else:
        pool = rnd.defender_modified_pool if side.measure == "modified" else rnd.defender_face_pool
    units = pool.units
    lost, strays = rules.lost_tokens(units, [(u.unit, u.factors) for u in event.losses])
    if strays:
        message = f"attack {event.attack}: {', '.join(strays)} lost as {event.loser} losses, but did not fight this "
        message += "round (or has fewer factors left)"
        yield breach("15.62", message, f"units of the {event.loser}", ", ".join(strays))
    need = None if side.everything else side.factors
    label = (
        "everything" if side.everything else f"{side.factors} {'strength' if side.measure == 'modified' else 'factors'}"
    )
    rolled = rnd.rolled
    mixed = (
        event.loser == "attacker"
        and fort_scope(attack)
        and rolled is not None
        and rnd.result in rules.EX_K_RESULTS
        and len({attack.ctl.get(u) for u in rnd.participants}) > 1
    )
    if mixed and rolled is not None:
        attackers = {u: rules.MixedCtlAttacker(v, None if "#" in u else attack.ctl.get(u)) for u, v in units.items()}
        found = rules.mixed_ctl_loss_findings(rolled, attackers, lost, rnd.defending, rnd.das)
        label = f"{label} (15.551: by the lowest CTL still attacking)"
    else:
        found = rules.loss_set_findings(lost, units, need)
    table = table_of(attack)
    if (
        found
        and table == "a3r_house"
        and pool.air
        and rules.legal_after_involuntary_air_losses(lost, pool, need, table=table)
    ):
        found = ()
    for b in found:
        spare = "unnecessary" in b.message
        message = f"{where}: {rnd.result} requires the {event.loser} to lose {label}; {b.message} "
        message += f"({'15.62: no unnecessary eliminations' if spare else b.rule})"
        yield breach(b.rule, message, label, sum(units[u] for u in lost))


def unpaid(attack: Attack) -> Iterator[tuple[str, str]]:
    """The sides whose losses the last round requires and nobody recorded: (side, what it must lose)."""
    rnd = attack.rounds.get(attack.last_round)
    if rnd is None or rnd.requirement is None:
        return
    requirement = rnd.requirement
    for loser, side in (("attacker", requirement.attacker), ("defender", requirement.defender)):
        if loser in rnd.losses_seen or not (side.everything or side.factors > 0):
            continue
        if (rnd.attacker_pool if loser == "attacker" else rnd.defender_face_pool).units:
            yield loser, "everything" if side.everything else f"{side.factors}"


def losses_recorded(pos: Position, event: CombatRoundResolved | AttackEnded) -> Verdict:
    """15.61: every loss a round's result requires is recorded before the attack goes on or ends."""
    attack = pos.state.combat.attacks.get(event.attack)
    if attack is None or attack.table is None or crt_table(pos) is None or not attack.rounds or attack.ended:
        return ()
    if isinstance(event, CombatRoundResolved) and event.round <= attack.last_round:
        return ()
    rnd = attack.rounds[attack.last_round]
    what = "the odds below 1:4 (15.52) require" if rnd.below_1_4 else f"{rnd.result} requires"
    return [
        breach(
            "15.61",
            f"attack {event.attack} round {rnd.number}: {what} the {loser} to lose {amount}, but no "
            "combat_losses_taken was recorded",
            f"{loser} loses {amount}",
            "no losses",
        )
        for loser, amount in unpaid(attack)
    ]


def destroyer_losses(pos: Position, event: CombatLossesTaken) -> Verdict:
    """15.642: at least a third of an invasion's ground losses are destroyer factors."""
    attack = pos.state.combat.attacks.get(event.attack)
    if attack is None or not attack.invasion or event.loser != "attacker" or crt_table(pos) != "awaw":
        return ()
    units = pos.board.units
    total = sum(u.factors for u in event.losses)
    destroyers = sum(u.factors for u in event.losses if (unit := units.get(u.unit)) and unit.unit_type == "dd")
    need = rules.invasion_destroyer_losses(total)
    if destroyers >= need:
        return ()
    message = f"invasion {event.attack}: {total} factors lost, {destroyers} of them destroyers; at least a third "
    message += f"({need}) must be (15.642, 21.517H)"
    return (breach("15.642", message, f"at least {need} destroyer factors", destroyers),)


def involuntary_air(pos: Position, event: AttackEnded) -> Verdict:
    """15.632: house: when an attack ends, no supporting air is left above 3:1 of the ground units, none if they
    are all gone."""
    attack = pos.state.combat.attacks.get(event.attack)
    if attack is None or attack.table != "a3r_house":
        return
    for side, ground, air in (
        ("attacker", sum(attack.left(u, f) for u, f in attack.ground.items()), attack.air),
        ("defender", sum(attack.left(u, d.factors) for u, d in attack.defenders.items()), attack.das),
    ):
        left = sum(attack.left(u, f) for u, f in air.items())
        excess = rules.involuntary_air_losses(left, ground, final_round=True, table="a3r_house")
        if excess > 0:
            message = f"attack {event.attack} ends with the {side}'s {left} supporting air factors above 3:1 of its "
            message += f"{ground} ground factors (all of them when none is left): the excess is eliminated (house "
            message += "15.632)"
            allowed = f"{excess} more air factors lost"
            yield breach("15.632", message, allowed, f"{left} air factors with {ground} ground factors")
