"""Rounds: odds, strengths, the CRT and its substitutions, prohibited odds, further rounds (AWAW 15.5-15.8; house
15.71-15.75)."""

from __future__ import annotations

from awaw_events.events import CombatRoundResolved
from projections.combat import house_nationality_of, round_column
from projections.position.common import die_face
from projections.rules import combat as rules
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.combat.attacks import (
    STANDARD_A3R,
    crt_table,
    fort_scope,
    min_odds_scopes,
    permitted,
    round_setup,
    table_of,
)

CHECKS = Family("ground combat")


@CHECKS.check(
    "15.52",
    "the odds column is the actual ratio of the recorded strengths",
    reads=(CombatRoundResolved,),
    covers=("AUD-15-09", "C-CRT-1"),
)
def check_odds_column(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    if crt_table(ctx) is None:
        yield Missing(reason=STANDARD_A3R)
        return
    a, d = event.attack_strength, event.defence_strength
    if a is None or d is None or event.odds is None:
        yield Missing(reason="the round does not record its strengths and odds")
        return
    if a <= 0 or d <= 0:
        return
    expected = rules.odds(a, d)
    if rules.recorded_column(event.odds) != expected.column:
        yield c.finding(
            ctx,
            expected=expected.column,
            recorded=event.odds,
            message=f"{a} vs {d} is {expected.ratio}, read on the {expected.column} column; recorded {event.odds} "
            "(fractions are dropped in the defender's favour, and the attacker may not pick a lower column)",
        )


@CHECKS.check(
    "15.51",
    "the recorded strengths are the declared units' factors, DMs and support",
    reads=(CombatRoundResolved,),
    covers=("AUD-15-09",),
)
def check_strengths(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    defence = attack.defence_now()
    if event.defence_strength is not None and event.defence_strength != defence:
        parts = " + ".join(f"{attack.left(u, d.factors)}x{attack.dm[u]}" for u, d in attack.defenders_alive().items())
        das = attack.das_left()
        if das:
            parts += f" + DAS {das}" + (f"x{rules.DAS_INVASION_MULTIPLIER}" if attack.invasion else "")
        yield c.finding(
            ctx,
            expected=defence,
            recorded=event.defence_strength,
            message=f"attack {event.attack} round {event.round}: the defence is {parts or '0'} = {defence} "
            f"(factors x DM, never below face value; 15.31, 15.35, 15.51), recorded {event.defence_strength}",
        )
    if event.attack_strength is None:
        return
    if fighting is None:
        yield Missing(reason="a later round needs every attacker's CTL")
        return
    full = attack.attack_now(fighting)
    ground = attack.ground_now(fighting)
    if event.round == 1 and event.attack_strength != full:
        yield c.finding(
            ctx,
            expected=full,
            recorded=event.attack_strength,
            message=f"attack {event.attack}: {ground} ground factors + {attack.support_left()} air and fleet "
            f"factors = {full} (15.51), recorded {event.attack_strength}",
        )
    elif event.round > 1 and not ground <= event.attack_strength <= full:
        yield c.finding(
            ctx,
            expected=f"{ground} to {full}",
            recorded=event.attack_strength,
            message=f"attack {event.attack} round {event.round}: the surviving attackers fighting this round give "
            f"{ground} ground factors and at most {full} with support (no new forces join, 15.73); recorded "
            f"{event.attack_strength}",
        )


@CHECKS.check(
    "15.6",
    "the result is the CRT cell for the column and die (+1 per previous round), or a permitted substitution",
    reads=(CombatRoundResolved,),
    covers=("AUD-15-10", "AUD-15-11", "C-CRT-2"),
)
def check_crt_result(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    column = round_column(event, attack, fighting)
    if column is None:
        yield Missing(reason="the round's odds cannot be determined")
        return
    if column == rules.BELOW_1_4:
        if event.result != "A":
            yield c.finding(
                ctx,
                expected="A (attacker eliminated)",
                recorded=event.result,
                message=f"attack {event.attack} is below 1:4: the attacker is eliminated with no loss to the "
                f"defender and no roll (15.52); recorded {event.result}",
            )
        return
    if column not in rules.ODDS_COLUMNS:
        return
    die = die_face(ctx.position, event.roll)
    if die is None:
        return
    lookup = rules.crt_lookup(column, die, event.round, table=table_of(attack))
    if lookup.clamped and rules.crt_above_6(ctx.meta.options) == "unconfirmed":
        yield Missing(
            reason="a modified combat die above 6 has no printed row (option combat.crt_above_6 = unconfirmed)"
        )
        return
    if event.modified_die is not None and event.modified_die != lookup.modified_die:
        yield c.finding(
            ctx,
            expected=lookup.modified_die,
            recorded=event.modified_die,
            message=f"round {event.round} adds +{event.round - 1} to the die (15.75): die {die} gives "
            f"{lookup.modified_die}, recorded {event.modified_die}",
        )
    allowed, unknown = permitted(ctx, attack, fighting or frozenset(), lookup.result)
    if unknown is not None:
        yield unknown
    if event.result not in allowed:
        options = ", ".join(r for r in rules.RESULT_ORDER if r in allowed)
        row = f"row {lookup.row}" + (" (read as 6: option combat.crt_above_6)" if lookup.clamped else "")
        rule = "15.55" if fort_scope(attack) else "15.6"
        yield c.finding(
            ctx,
            expected=options,
            recorded=event.result,
            message=f"attack {event.attack} round {event.round}: die {die} at {column} is {row}, "
            f"{lookup.result}; recorded {event.result} (permitted: {options}; {rule}, 15.53-15.54)",
        )


@CHECKS.check(
    "15.52",
    "no prohibited attack below 1:1 (AWAW: French or Chinese, airdrops, invasions, forts; house: airdrops)",
    reads=(CombatRoundResolved,),
    id="prohibited_odds",
    covers=("C-CRT-6",),
)
def check_prohibited_odds(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    if event.round != 1:
        return
    setup = round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    a = event.attack_strength if event.attack_strength is not None else attack.attack_now(fighting or frozenset())
    d = event.defence_strength if event.defence_strength is not None else attack.defence_now()
    if a <= 0 or d <= 0:
        return
    breaches = rules.min_odds_findings(
        a,
        d,
        min_odds_scopes(ctx, attack),
        round_no=1,
        table=table_of(attack),
        airdrop_rule=rules.airdrop_rule(ctx.meta.options),
    )
    for b in breaches:
        yield c.finding(
            ctx,
            expected="1:1 or better",
            recorded=rules.odds(a, d).ratio,
            message=f"attack {event.attack}: {b.message}, which {b.rule} prohibits",
        )


@CHECKS.check(
    "15.71",
    "a further round only when both sides have ground units and the CTL (house: nationality and date) allows it",
    reads=(CombatRoundResolved,),
    covers=("AUD-15-14", "C-CRT-4"),
)
def check_further_round(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    setup = round_setup(ctx)
    if isinstance(setup, Missing):
        yield setup
        return
    attack, fighting = setup
    if attack.ended:
        yield c.finding(
            ctx,
            expected="no further round",
            recorded=f"round {event.round}",
            message=f"attack {event.attack} has ended, yet round {event.round} is fought",
        )
        return
    if event.round != attack.last_round + 1:
        yield c.finding(
            ctx,
            expected=f"round {attack.last_round + 1}",
            recorded=f"round {event.round}",
            message=f"attack {event.attack}: round {event.round} follows round {attack.last_round} "
            "(rounds are fought in order; the DRM counts previous rounds, 15.75)",
        )
    if event.round < 2:
        return
    if fighting is None:
        yield Missing(reason="a later round needs every attacker's CTL")
        return
    table = table_of(attack)
    breaches = rules.next_round_findings(
        event.round,
        attackers_alive=len(attack.ground_alive()),
        defenders_alive=len(attack.defenders_alive()),
        participants=fighting,
        attack=attack.attack_now(fighting) if fighting else None,
        defence=attack.defence_now(),
        scopes=min_odds_scopes(ctx, attack),
        table=table,
    )
    for b in breaches:
        why = b.message
        if b.rule == "15.82A" or (table == "a3r_house" and "no attacker" in why):
            if table == "awaw":
                ctls = ", ".join(f"{u} CTL {attack.ctl[u]}" for u in sorted(attack.ground_alive()))
                why = f"{why}: {ctls}; CTL n allows n rounds"
            else:
                nats = sorted({house_nationality_of(ctx.state.board, u) for u in attack.ground_alive()})
                why = f"{why}: {', '.join(nats)} in {ctx.event.season} {ctx.event.year} (house 15.71-15.72)"
        yield c.finding(
            ctx,
            expected="no further round",
            recorded=f"round {event.round}",
            message=f"attack {event.attack}: {why} ({b.rule})",
        )
