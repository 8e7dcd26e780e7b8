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
    partly={
        "C-CRT-5": "air above the 3:1 ratio after a round is accepted as a loss; the elimination of all supporting "
        "air when every ground unit dies is not required"
    },
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
