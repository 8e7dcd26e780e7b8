"""Rounds: odds, strengths, the CRT and its substitutions, prohibited odds, further rounds (AWAW 15.5-15.8; house
15.71-15.75), asked of a recorded round and of the round ``awaw attack`` and ``awaw round`` decide."""

from __future__ import annotations

import msgspec

from awaw_events.events import CombatRoundResolved
from awaw_events.vocab import CombatResult
from projections.combat import Attack, house_nationality_of, round_column
from projections.position.combat.attacks import (
    STANDARD_A3R,
    crt_table,
    early_german,
    fort_scope,
    min_odds_scopes,
    permitted,
    result_context,
    round_setup,
    table_of,
)
from projections.position.common import die_face
from projections.position.core import Position, Timed, Unknown, Verdict, breach
from projections.rules import combat as rules
from projections.rules.breach import Breach


def odds_column(pos: Position, event: CombatRoundResolved) -> Verdict:
    """15.52: the odds column is the actual ratio of the recorded strengths."""
    if crt_table(pos) is None:
        return (Unknown(reason=STANDARD_A3R),)
    a, d = event.attack_strength, event.defence_strength
    if a is None or d is None or event.odds is None:
        return (Unknown(reason="the round does not record its strengths and odds"),)
    if a <= 0 or d <= 0:
        return ()
    expected = rules.odds(a, d)
    if rules.recorded_column(event.odds) == expected.column:
        return ()
    message = f"{a} vs {d} is {expected.ratio}, read on the {expected.column} column; recorded {event.odds} "
    message += "(fractions are dropped in the defender's favour, and the attacker may not pick a lower column)"
    return (breach("15.52", message, expected.column, event.odds),)


def strengths(pos: Position, event: CombatRoundResolved) -> Verdict:
    """15.51: the recorded strengths are the declared units' factors, DMs and support."""
    setup = round_setup(pos, event)
    if isinstance(setup, Unknown):
        yield setup
        return
    attack, fighting = setup
    defence = attack.defence_now()
    where = f"attack {event.attack} round {event.round}"
    if event.defence_strength is not None and event.defence_strength != defence:
        parts = " + ".join(f"{attack.left(u, d.factors)}x{attack.dm[u]}" for u, d in attack.defenders_alive().items())
        das = attack.das_left()
        if das:
            parts += f" + DAS {das}" + (f"x{rules.DAS_INVASION_MULTIPLIER}" if attack.invasion else "")
        message = f"{where}: the defence is {parts or '0'} = {defence} (factors x DM, never below face value; 15.31, "
        message += f"15.35, 15.51), recorded {event.defence_strength}"
        yield breach("15.51", message, defence, event.defence_strength)
    if event.attack_strength is None:
        return
    if fighting is None:
        yield Unknown(reason="a later round needs every attacker's CTL")
        return
    full, ground = attack.attack_now(fighting), attack.ground_now(fighting)
    if event.round == 1 and event.attack_strength != full:
        message = f"attack {event.attack}: {ground} ground factors + {attack.support_left()} air and fleet factors = "
        message += f"{full} (15.51), recorded {event.attack_strength}"
        yield breach("15.51", message, full, event.attack_strength)
    elif event.round > 1 and not ground <= event.attack_strength <= full:
        message = f"{where}: the surviving attackers fighting this round give {ground} ground factors and at most "
        message += f"{full} with support (no new forces join, 15.73); recorded {event.attack_strength}"
        yield breach("15.73", message, f"{ground} to {full}", event.attack_strength)


def crt_result(pos: Position, event: CombatRoundResolved) -> Verdict:
    """15.6: the result is the CRT cell for the column and die (+1 per previous round), or a permitted
    substitution."""
    setup = round_setup(pos, event)
    if isinstance(setup, Unknown):
        yield setup
        return
    attack, fighting = setup
    column = round_column(event, attack, fighting)
    if column is None:
        yield Unknown(reason="the round's odds cannot be determined")
        return
    if column == rules.BELOW_1_4:
        if event.result != "A":
            message = f"attack {event.attack} is below 1:4: the attacker is eliminated with no loss to the defender "
            message += f"and no roll (15.52); recorded {event.result}"
            yield breach("15.52", message, "A (attacker eliminated)", event.result)
        return
    die = die_face(pos, event.roll)
    if column not in rules.ODDS_COLUMNS or die is None:
        return
    lookup = rules.crt_lookup(column, die, event.round, table=table_of(attack))
    if lookup.clamped and rules.crt_above_6(pos.meta.options) == "unconfirmed":
        yield Unknown(
            reason="a modified combat die above 6 has no printed row (option combat.crt_above_6 = unconfirmed)"
        )
        return
    if event.modified_die is not None and event.modified_die != lookup.modified_die:
        message = f"round {event.round} adds +{event.round - 1} to the die (15.75): die {die} gives "
        message += f"{lookup.modified_die}, recorded {event.modified_die}"
        yield breach("15.75", message, lookup.modified_die, event.modified_die)
    allowed, unknown = permitted(pos, attack, fighting or frozenset(), lookup.result, event)
    if unknown is not None:
        yield unknown
    if event.result not in allowed:
        options = ", ".join(r for r in rules.RESULT_ORDER if r in allowed)
        row = f"row {lookup.row}" + (" (read as 6: option combat.crt_above_6)" if lookup.clamped else "")
        rule = "15.55" if fort_scope(attack) else "15.6"
        message = f"attack {event.attack} round {event.round}: die {die} at {column} is {row}, {lookup.result}; "
        message += f"recorded {event.result} (permitted: {options}; {rule}, 15.53-15.54)"
        yield breach(rule, message, options, event.result)


def prohibited_odds(pos: Position, event: CombatRoundResolved) -> Verdict:
    """15.52: no prohibited attack below 1:1 (AWAW: French or Chinese, airdrops, invasions, forts; house:
    airdrops)."""
    if event.round != 1:
        return ()
    setup = round_setup(pos, event)
    if isinstance(setup, Unknown):
        return (setup,)
    attack, fighting = setup
    a = event.attack_strength if event.attack_strength is not None else attack.attack_now(fighting or frozenset())
    d = event.defence_strength if event.defence_strength is not None else attack.defence_now()
    if a <= 0 or d <= 0:
        return ()
    return tuple(
        breach(
            b.rule,
            f"attack {event.attack}: {b.message}, which {b.rule} prohibits",
            "1:1 or better",
            rules.odds(a, d).ratio,
        )
        for b in _below_1_1(pos, attack, a, d, 1)
    )


def _below_1_1(pos: Position, attack: Attack, a: int, d: int, number: int) -> tuple[Breach, ...]:
    scopes = min_odds_scopes(pos, attack)
    rule = rules.airdrop_rule(pos.meta.options)
    return rules.min_odds_findings(a, d, scopes, round_no=number, table=table_of(attack), airdrop_rule=rule)


def further_round(pos: Position, event: CombatRoundResolved) -> Verdict:
    """15.71: a further round only when both sides have ground units and the CTL (house: nationality and date)
    allows it."""
    setup = round_setup(pos, event)
    if isinstance(setup, Unknown):
        yield setup
        return
    attack, fighting = setup
    where = f"round {event.round}"
    if attack.ended:
        yield breach("15.71", f"attack {event.attack} has ended, yet {where} is fought", "no further round", where)
        return
    if event.round != attack.last_round + 1:
        message = f"attack {event.attack}: {where} follows round {attack.last_round} (rounds are fought in order; the "
        message += "DRM counts previous rounds, 15.75)"
        yield breach("15.75", message, f"round {attack.last_round + 1}", where)
    if event.round < 2:
        return
    if fighting is None:
        yield Unknown(reason="a later round needs every attacker's CTL")
        return
    for b in next_round(pos, attack, event.round, fighting, event):
        yield breach(b.rule, f"attack {event.attack}: {b.message} ({b.rule})", "no further round", where)


def next_round(pos: Position, attack: Attack, number: int, fighting: frozenset[str], when: Timed) -> list[Breach]:
    """Why round ``number`` may not be fought by ``fighting`` (15.71-15.74, 15.82A; house 15.71-15.72), each reason
    in a player's words: the CTLs (or nationalities and date) that stop it."""
    table = table_of(attack)
    found = rules.next_round_findings(
        number,
        attackers_alive=len(attack.ground_alive()),
        defenders_alive=len(attack.defenders_alive()),
        participants=fighting,
        attack=attack.attack_now(fighting) if fighting else None,
        defence=attack.defence_now(),
        scopes=min_odds_scopes(pos, attack),
        table=table,
    )
    out = []
    for b in found:
        why = b.message
        if b.rule == "15.82A" or (table == "a3r_house" and "no attacker" in why):
            if table == "awaw":
                ctls = ", ".join(f"{u} CTL {attack.ctl[u]}" for u in sorted(attack.ground_alive()))
                why = f"{why}: {ctls}; CTL n allows n rounds"
            else:
                nats = sorted({house_nationality_of(pos.board, u) for u in attack.ground_alive()})
                why = f"{why}: {', '.join(nats)} in {when.season} {when.year} (house 15.71-15.72)"
        out.append(Breach(b.rule, why))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# The round a command decides (15.51-15.6)


def applied_result(
    pos: Position,
    attack: Attack,
    fighting: frozenset[str],
    rolled: CombatResult,
    when: Timed,
    *,
    attacker_takes_ex: bool = False,
    defender_converts: bool = False,
) -> tuple[CombatResult, str]:
    """The result applied for a rolled result with the players' choices (15.53-15.551; 15.54 where it applies), and
    the conversion it records."""
    context = result_context(pos, attack, fighting)
    early = early_german(pos, attack, when) == "applies"
    context = msgspec.structs.replace(context, early_german=True) if early else context
    result = rules.final_result(
        rolled, context, attacker_takes_ex=attacker_takes_ex, defender_converts=defender_converts
    )
    if result == rolled:
        return result, "none"
    if rolled == "d" and attacker_takes_ex:
        return result, "d_to_Ex" if result == "Ex" else "d_to_Ex-1"
    if early and result == "Ex-1":
        return result, "early_german_Ex-1"
    return result, "15.55"
