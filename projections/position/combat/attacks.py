"""What the ground combat queries share: the table a game plays, the attack an event names and the round it fights,
the CTL a unit fights at, who may attack together, and the facts of an attack that need the board (15.52, 15.54,
15.53-15.551).

The attack itself (its rounds, losses, advances, its end) is projection state (:mod:`projections.combat`); the rules
are :mod:`projections.rules.combat`. Nothing here remembers anything but what :meth:`Position.cached` keeps while
the state stays as it is."""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import AttackDeclared, CombatRoundResolved
from awaw_events.vocab import CombatResult
from projections import combat
from projections.board import Unit
from projections.combat import Attack, unit_ctl
from projections.movement import faction_of, side_of
from projections.position.core import Position, Timed, Unknown, Verdict, breach, turn_of
from projections.rules import combat as rules

STANDARD_A3R: Final = "the standard A3R combat rules (combat.crt = a3r) are not in the extracts"


def crt_table(pos: Position) -> rules.CrtTable | None:
    """The combat table the game plays now (``None``: the standard A3R CRT, which the queries cannot judge)."""
    return rules.crt_table(pos.meta.rules, pos.meta.options)


def attack_of(pos: Position, attack_id: str) -> Attack | Unknown:
    """The attack declared this player turn under a table the queries know, or why a question cannot be decided."""
    if crt_table(pos) is None:
        return Unknown(reason=STANDARD_A3R)
    found = pos.state.combat.attacks.get(attack_id)
    if found is None or found.table is None:
        return Unknown(reason=f"attack {attack_id} was not declared (no attack_declared) in this player turn")
    return found


def round_setup(pos: Position, event: CombatRoundResolved) -> tuple[Attack, frozenset[str] | None] | Unknown:
    """The attack a round belongs to, and the attackers that may fight the round (``None``: a CTL is unknown);
    computed once for the several queries of a round."""
    return pos.cached(_round_setup, event.attack, event.round, event.year, event.season)


def _round_setup(
    pos: Position, attack_id: str, number: int, year: int, season: str
) -> tuple[Attack, frozenset[str] | None] | Unknown:
    found = attack_of(pos, attack_id)
    if isinstance(found, Unknown):
        return found
    state = pos.state
    return found, combat.participants(
        found,
        number,
        board=state.board,
        options=state.meta.options,
        year=year,
        season=season,  # type: ignore[arg-type]
    )


def table_of(attack: Attack) -> rules.CrtTable:
    """The table of an attack :func:`attack_of` found (it has one)."""
    assert attack.table is not None
    return attack.table


# ---------------------------------------------------------------------------------------------------------------------
# The CTL a unit fights at (15.8, 15.81, 33.61C, 10.11, 10.23, 11.48; A3R house 14.42B, 15.81)

NO_CTL_IN_A3R: Final = "CTLs are not part of A3R (house 14.42B, 15.81: rounds and exploitation go by nationality)"


def under_army_oil(pos: Position, owner: str, when: Timed | None = None) -> bool:
    """Whether ``owner``'s faction accepted the army oil effect this player turn (33.61C; the effect is not kept past
    its player turn): :func:`projections.combat.under_army_oil` at ``when`` (default: the state's clock)."""
    at = when if when is not None else pos.state.clock
    return combat.under_army_oil(pos.state.movement, owner, turn_of(at), at.side)


def ctl(pos: Position, unit_id: str, when: Timed | None = None) -> int | Unknown | None:
    """The CTL a ground unit fights at now (15.81): its nation's ground CTL (its alliance faction's where that is
    the nation's own, :data:`~projections.rules.combat.FACTION_CTL_NATIONALITIES`; Italy's and a minor country's
    only where the log records it, 14.43 and 15.551 giving Italy 1 beside Germany's 2), one less in partial supply
    or under its faction's army oil effect this player turn, not both (15.81, 33.61C, 10.11), replacements one less
    again (10.23), partisans always 1 (11.48).

    The one answer the commands and every CTL check share. ``None``: the game has no CTLs (A3R: they are not part
    of its rules, house 14.42B, 15.81; the house rules simulate them by nationality and date); an
    :class:`Unknown` when the log does not give the level (never read as 0)."""
    if pos.meta.rules == "a3r":
        return None
    unit = pos.board.units.get(unit_id)
    if unit is None:
        return Unknown(reason=f"{unit_id} is not on the board: its CTL is not known")
    level = unit_ctl(pos.board, unit_id, army_oil=under_army_oil(pos, unit.owner, when))
    if level is None:
        return Unknown(reason=ctl_missing(unit))
    return level


def ctl_missing(unit: Unit) -> str:
    """Why a unit's CTL is not known: its faction's level, or its own nation's, was never recorded."""
    if rules.ctl_is_factions(unit.nationality, faction_of(unit.owner)):
        return f"the ground CTL of {unit.owner}'s faction is not recorded (ctl_set)"
    return f"the ground CTL of {unit.nationality} is not recorded (ctl_set with its nationality: 15.81, 14.43)"


def known(found: int | Unknown | None) -> int | None:
    """A CTL where the position gives one (None where the game has none or the log does not say)."""
    return found if isinstance(found, int) else None


# ---------------------------------------------------------------------------------------------------------------------
# Who attacks together (15.551, 15.46)


def joint_attack(pos: Position, event: AttackDeclared) -> Verdict:
    """15.551: the powers of one alliance faction may attack together (a joint German-Italian force, 15.551's Suez
    example), a power of another faction only under ``combat.joint_attacks = side``, and never the other side's.

    Reading chosen: 15.551 shows a joint attack of two powers of one faction, and 15.46 treats attacks by two
    factions on one hex as two attacks, so by default one faction attacks together; players who let the Western
    Allies and Russia fight one attack record ``combat.joint_attacks = side``."""
    units = pos.board.units
    actor = event.actor
    lead = (
        actor
        if faction_of(actor) is not None
        else next((u.owner for a in event.attackers if (u := units.get(a.unit)) is not None), None)
    )
    if lead is None:
        return ()
    faction = faction_of(lead)
    if all((u := units.get(a.unit)) is None or faction_of(u.owner) == faction for a in event.attackers):
        return ()  # the common case: one faction's attack
    by_side = rules.joint_attacks(pos.meta.options) == "side"
    out = []
    for a in event.attackers:
        unit = units.get(a.unit)
        if unit is None or faction_of(unit.owner) == faction:
            continue
        if side_of(unit.owner) == side_of(lead) and by_side:
            continue
        whose = "another faction of its side" if side_of(unit.owner) == side_of(lead) else "the other side"
        message = f"attack {event.attack} by {lead} includes {a.unit} of {unit.owner}, {whose}: the powers of one "
        message += "alliance faction attack together (15.551; option combat.joint_attacks = side lets a side's "
        message += "factions)"
        out.append(breach("15.551", message, f"units of the {faction}", a.unit))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# What the board says about an attack (15.52, 15.54, 15.53-15.551)


def fort_scope(attack: Attack) -> bool:
    """15.55 applies to the attack (AWAW invasions and fortified hexes; 32.21C)."""
    return rules.fort_scope(attack.declared, table_of(attack))


def min_odds_scopes(pos: Position, attack: Attack) -> frozenset[rules.MinOddsScope]:
    """The 15.52 scopes of an attack (invasion, airdrop, fortified hex, French or Chinese attackers)."""
    units = pos.board.units
    nationalities = [unit.nationality for a in attack.declared.attackers if (unit := units.get(a.unit)) is not None]
    return rules.min_odds_scopes(attack.declared, nationalities)


def attack_place(pos: Position, attack: Attack) -> tuple[str | None, str | None]:
    """The country and front of an attack's (first) hex: as declared, else from the game's map data."""
    declared = attack.declared
    facts = pos.hex(declared.defender_hexes[0])
    country = declared.country or (facts.country if facts is not None else None)
    front = declared.front or (facts.front if facts is not None else None)
    return country, front


def early_german(pos: Position, attack: Attack, when: Timed) -> rules.EarlyGerman:
    """Whether 15.54 applies to the attack (:func:`projections.rules.combat.early_german_status`)."""
    units = pos.board.units
    table = table_of(attack)
    german = rules.german_attack(
        ((u.nationality, u.unit_type, a.armor) for a in attack.declared.attackers if (u := units.get(a.unit))),
        table=table,
    )
    country, front = attack_place(pos, attack)
    return rules.early_german_status(
        kind=rules.attack_kind(attack.declared.kind),
        german=german,
        table=table,
        year=when.year,
        season=when.season,  # type: ignore[arg-type]
        country=country,
        front=front,
        turn=turn_of(when),
        western_offensive_turns=pos.state.combat.western_offensive_turns,
        edition="classic" if pos.meta.variant == "classic" else "full",
    )


def result_context(pos: Position, attack: Attack, fighting: frozenset[str]) -> rules.ResultContext:
    """The facts that decide the substitutions of a round (15.53-15.551): the lowest CTL fighting it (15.551)."""
    ctls = [c for u in fighting if (c := attack.ctl.get(u)) is not None]
    return rules.ResultContext(
        table=table_of(attack),
        fort_scope=fort_scope(attack),
        lowest_attacking_ctl=min(ctls) if ctls else 1,
        fort_conversion=rules.fort_conversion(pos.meta.options),
    )


def permitted(
    pos: Position, attack: Attack, fighting: frozenset[str], rolled: CombatResult, when: Timed
) -> tuple[frozenset[CombatResult], Unknown | None]:
    """The results the players may apply for a rolled result (15.53-15.551), with the early-German ones (15.54) where
    it applies, and why the answer is incomplete when the log cannot tell whether it does."""
    context = result_context(pos, attack, fighting)
    status = early_german(pos, attack, when)
    if status == "applies":
        return frozenset(rules.permitted_results(rolled, msgspec.structs.replace(context, early_german=True))), None
    allowed = frozenset(rules.permitted_with_early_german(rolled, context, early_german_possible=status == "unknown"))
    if status == "unknown" and allowed != frozenset(rules.permitted_results(rolled, context)):
        why = "the attacked hex's country and front are not known (attack_declared.country, front; map data)"
        return allowed, Unknown(reason=f"whether the early-German Ex-1 (15.54) applies: {why}")
    return allowed, None
