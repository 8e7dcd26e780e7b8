"""What the ground combat checks share: the attack an event names, the round it fights, and the rules facts about the
attack that need the board (nationalities for 15.52 and 15.54, the results 15.53-15.551 permit).

The attack itself (its rounds, losses, advances, its end) is projection state (:mod:`projections.combat`); the rules
are :mod:`projections.rules.combat`. Nothing here remembers anything.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

from awaw_events.events import CombatRoundResolved
from awaw_events.gametime import game_turn
from awaw_events.vocab import CombatResult
from projections import combat
from projections.combat import Attack
from projections.rules import combat as rules
from projections.rules.breach import Breach
from replays.audit.engine import AuditContext, Missing

STANDARD_A3R: Final = "the standard A3R combat rules (combat.crt = a3r) are not in the extracts"


def crt_table(ctx: AuditContext[Any]) -> rules.CrtTable | None:
    """The combat table the game plays now (``None``: the standard A3R CRT, which the checks cannot make)."""
    return rules.crt_table(ctx.meta.rules, ctx.meta.options)


def attack_of(ctx: AuditContext[Any], attack_id: str) -> Attack | Missing:
    """The attack declared this player turn under a table the checks know, or why a check cannot be made."""
    if crt_table(ctx) is None:
        return Missing(reason=STANDARD_A3R)
    found = ctx.state.combat.attacks.get(attack_id)
    if found is None or found.table is None:
        return Missing(reason=f"attack {attack_id} was not declared (no attack_declared) in this player turn")
    return found


def round_setup(ctx: AuditContext[CombatRoundResolved]) -> tuple[Attack, frozenset[str] | None] | Missing:
    """The attack a round belongs to, and the attackers that may fight the round (``None``: a CTL is unknown);
    computed once for the several checks of a round."""
    return ctx.cached(_round_setup)


def _round_setup(ctx: AuditContext[CombatRoundResolved]) -> tuple[Attack, frozenset[str] | None] | Missing:
    event = ctx.event
    found = attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        return found
    fighting = combat.participants(
        found, event.round, board=ctx.state.board, options=ctx.meta.options, year=event.year, season=event.season
    )
    return found, fighting


def breach_text(breaches: tuple[Breach, ...]) -> str:
    return "; ".join(f"{b.message} ({b.rule})" for b in breaches)


def table_of(attack: Attack) -> rules.CrtTable:
    """The table of an attack :func:`attack_of` found (it has one)."""
    assert attack.table is not None
    return attack.table


def fort_scope(attack: Attack) -> bool:
    """15.55 applies to the attack (AWAW invasions and fortified hexes; 32.21C)."""
    return rules.fort_scope(attack.declared, table_of(attack))


def attacker_nationalities(ctx: AuditContext[Any], attack: Attack) -> list[str]:
    units = ctx.state.board.units
    return [unit.nationality for a in attack.declared.attackers if (unit := units.get(a.unit)) is not None]


def min_odds_scopes(ctx: AuditContext[Any], attack: Attack) -> frozenset[rules.MinOddsScope]:
    return rules.min_odds_scopes(attack.declared, attacker_nationalities(ctx, attack))


def attack_place(ctx: AuditContext[Any], attack: Attack) -> tuple[str | None, str | None]:
    """The country and front of an attack's (first) hex: as declared, else from the game's map data."""
    declared = attack.declared
    facts = ctx.hex(declared.defender_hexes[0])
    country = declared.country or (facts.country if facts is not None else None)
    front = declared.front or (facts.front if facts is not None else None)
    return country, front


def early_german(ctx: AuditContext[Any], attack: Attack) -> rules.EarlyGerman:
    """Whether 15.54 applies to the attack (:func:`projections.rules.combat.early_german_status`)."""
    units = ctx.state.board.units
    table = table_of(attack)
    german = rules.german_attack(
        (
            (unit.nationality, unit.unit_type, a.armor)
            for a in attack.declared.attackers
            if (unit := units.get(a.unit)) is not None
        ),
        table=table,
    )
    country, front = attack_place(ctx, attack)
    event = ctx.event
    return rules.early_german_status(
        kind=rules.attack_kind(attack.declared.kind),
        german=german,
        table=table,
        year=event.year,
        season=event.season,
        country=country,
        front=front,
        turn=game_turn(event),
        western_offensive_turns=ctx.state.combat.western_offensive_turns,
    )


def permitted(
    ctx: AuditContext[Any], attack: Attack, fighting: frozenset[str], rolled: CombatResult
) -> tuple[frozenset[str], Missing | None]:
    """The results the players may apply for a rolled result (15.53-15.551), with the early-German ones (15.54) where
    it applies, and why the check is incomplete when the log cannot tell whether it does."""
    ctls = [c for u in fighting if (c := attack.ctl.get(u)) is not None]
    context = rules.ResultContext(
        table=table_of(attack),
        fort_scope=fort_scope(attack),
        lowest_attacking_ctl=min(ctls) if ctls else 1,
        fort_conversion=rules.fort_conversion(ctx.meta.options),
    )
    status = early_german(ctx, attack)
    if status == "applies":
        return frozenset(rules.permitted_results(rolled, replace(context, early_german=True))), None
    allowed = frozenset(rules.permitted_with_early_german(rolled, context, early_german_possible=status == "unknown"))
    if status == "unknown" and allowed != frozenset(rules.permitted_results(rolled, context)):
        why = "the attacked hex's country and front are not known (attack_declared.country, front; map data)"
        return allowed, Missing(reason=f"whether the early-German Ex-1 (15.54) applies: {why}")
    return allowed, None
