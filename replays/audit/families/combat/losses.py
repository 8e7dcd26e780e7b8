"""Losses: what a round's result requires, recorded in full and without unnecessary eliminations (AWAW 15.61, 15.62,
15.551; house 15.632)."""

from __future__ import annotations

from collections.abc import Iterator

from awaw_events.events import AttackEnded, CombatLossesTaken, CombatRoundResolved
from projections.combat import Attack
from projections.rules import combat as rules
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.combat.attacks import attack_of, crt_table, fort_scope, table_of

CHECKS = Family("ground combat")


@CHECKS.check(
    "15.62",
    "losses meet the result's requirement (rounded up) without unnecessary eliminations",
    reads=(CombatLossesTaken,),
    covers=("AUD-15-12", "C-CRT-3"),
)
def check_losses(c: Check, ctx: AuditContext[CombatLossesTaken]) -> Result:
    event = ctx.event
    found = attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    rnd = attack.rounds.get(event.round)
    if rnd is None:
        yield c.finding(
            ctx,
            expected="a resolved round",
            recorded=f"round {event.round}",
            message=f"losses for round {event.round} of attack {event.attack}, which was not fought",
        )
        return
    requirement = rnd.requirement
    if requirement is None:
        return
    side = requirement.attacker if event.loser == "attacker" else requirement.defender
    if event.loser == "attacker":
        pool = rnd.attacker_pool
    else:
        pool = rnd.defender_modified_pool if side.measure == "modified" else rnd.defender_face_pool
    units = pool.units
    lost, strays = rules.lost_tokens(units, [(u.unit, u.factors) for u in event.losses])
    if strays:
        yield c.finding(
            ctx,
            expected=f"units of the {event.loser}",
            recorded=", ".join(strays),
            message=f"attack {event.attack}: {', '.join(strays)} lost as {event.loser} losses, but did not fight "
            "this round (or has fewer factors left)",
        )
    need: int | None = None if side.everything else side.factors
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
        breaches = rules.mixed_ctl_loss_findings(rolled, attackers, lost, rnd.defending, rnd.das)
        label = f"{label} (15.551: by the lowest CTL still attacking)"
    else:
        breaches = rules.loss_set_findings(lost, units, need)
    table = table_of(attack)
    retry = breaches and table == "a3r_house" and pool.air
    if retry and rules.legal_after_involuntary_air_losses(lost, pool, need, table=table):
        breaches = ()
    for b in breaches:
        total = sum(units[u] for u in lost)
        spare = "unnecessary" in b.message
        yield c.finding(
            ctx,
            expected=label,
            recorded=total,
            message=f"attack {event.attack} round {event.round}: {rnd.result} requires the {event.loser} to lose "
            f"{label}; {b.message} ({'15.62: no unnecessary eliminations' if spare else b.rule})",
        )


def _unpaid(attack: Attack) -> Iterator[tuple[str, str]]:
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


@CHECKS.check(
    "15.61",
    "every loss a round's result requires is recorded before the attack goes on or ends",
    reads=(CombatRoundResolved, AttackEnded),
)
def check_losses_recorded(c: Check, ctx: AuditContext[CombatRoundResolved | AttackEnded]) -> Result:
    event = ctx.event
    attack = ctx.state.combat.attacks.get(event.attack)
    if attack is None or attack.table is None or crt_table(ctx) is None or not attack.rounds or attack.ended:
        return ()
    if isinstance(event, CombatRoundResolved) and event.round <= attack.last_round:
        return ()
    rnd = attack.rounds[attack.last_round]
    what = "the odds below 1:4 (15.52) require" if rnd.below_1_4 else f"{rnd.result} requires"
    return [
        c.finding(
            ctx,
            expected=f"{loser} loses {amount}",
            recorded="no losses",
            message=f"attack {event.attack} round {rnd.number}: {what} the {loser} to lose {amount}, but no "
            "combat_losses_taken was recorded",
        )
        for loser, amount in _unpaid(attack)
    ]


@CHECKS.check(
    "15.642",
    "at least a third of an invasion's ground losses are destroyer factors",
    reads=(CombatLossesTaken,),
    covers=("AUD-15-13",),
)
def check_destroyer_losses(c: Check, ctx: AuditContext[CombatLossesTaken]) -> Result:
    event = ctx.event
    attack = ctx.state.combat.attacks.get(event.attack)
    if attack is None or not attack.invasion or event.loser != "attacker" or crt_table(ctx) != "awaw":
        return
    units = ctx.state.board.units
    total = sum(u.factors for u in event.losses)
    destroyers = sum(
        u.factors for u in event.losses if (unit := units.get(u.unit)) is not None and unit.unit_type == "dd"
    )
    need = rules.invasion_destroyer_losses(total)
    if destroyers < need:
        yield c.finding(
            ctx,
            expected=f"at least {need} destroyer factors",
            recorded=destroyers,
            message=f"invasion {event.attack}: {total} factors lost, {destroyers} of them destroyers; at least a third "
            f"({need}) must be (15.642, 21.517H)",
        )


@CHECKS.check(
    "15.632",
    "house: when an attack ends, no supporting air is left above 3:1 of the ground units, none if they are all gone",
    reads=(AttackEnded,),
    id="involuntary_air",
    covers=("C-CRT-5",),
)
def check_involuntary_air(c: Check, ctx: AuditContext[AttackEnded]) -> Result:
    event = ctx.event
    attack = ctx.state.combat.attacks.get(event.attack)
    if attack is None or attack.table != "a3r_house":
        return
    for side, ground, air in (
        ("attacker", sum(attack.left(u, f) for u, f in attack.ground.items()), attack.air),
        ("defender", sum(attack.left(u, d.factors) for u, d in attack.defenders.items()), attack.das),
    ):
        left = sum(attack.left(u, f) for u, f in air.items())
        excess = rules.involuntary_air_losses(left, ground, final_round=True, table="a3r_house")
        if excess > 0:
            yield c.finding(
                ctx,
                expected=f"{excess} more air factors lost",
                recorded=f"{left} air factors with {ground} ground factors",
                message=f"attack {event.attack} ends with the {side}'s {left} supporting air factors above 3:1 of its "
                f"{ground} ground factors (all of them when none is left): the excess is eliminated (house 15.632)",
            )
