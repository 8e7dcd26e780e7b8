"""``awaw attack`` and its follow-ups ``awaw round``, ``awaw losses``, ``awaw advance``: a ground attack declared from
the board, its rounds read on the CRT, the losses taken and the advance after combat (AWAW 15, 16.1).

The declaration lists each attacker's factors, hex and CTL (the attackers may be several powers of one alliance
faction, 15.551), every enemy ground unit in the attacked hexes with the basic DM, its fortification's and the DM
items the player claims (15.3), and the ground support flown for it. A round is read on the CRT for its odds and die
(the next committed seeded roll, or a physical die typed in), with the substitutions the players choose or the rules
impose (15.53-15.551); below 1:4 the attacker is eliminated without a roll (15.52). The losses are the units the
player names (or everything the result takes); the advance ends the attack, moves survivors into the emptied hex,
takes its control (29.21) and creates a breakthrough when armor advances (16.11).

Each decided event is asked the position's queries (:mod:`projections.position.combat` and the unit, partisan and
specialized ones), the ones the audit asks of a recorded event, and refused at the first breach with its rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AdvanceAfterCombat, AnyEvent, AttackEnded, BreakthroughCreated, BridgeheadPlaced
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections import combat, game
from projections.combat import Attack as AttackState
from projections.position import Position, bridgeheads, partisans, specialized, units
from projections.position.combat import advance, declarations, losses, rounds
from projections.position.combat.attacks import STANDARD_A3R, ctl, joint_attack, known, table_of
from projections.position.common import enemy_controller
from projections.position.fortifications import effects as fortifications
from projections.rules import combat as rules
from projections.rules.bridgeheads import RIVER_CAUSES
from projections.rules.combat.strength import BASIC_DM_ITEM, EXPLOITING_ARMOR_DM_TYPES
from projections.rules.fortifications import FORT_DM_CODES
from projections.rules.sequence import ATTACK_PHASES
from replays import records
from replays.commands.base import (
    COMMAND,
    Die,
    Query,
    Refusal,
    faction_of,
    first_refusal,
    judged_in_turn,
    now,
    own_unit,
    side_of,
    unit_in_play,
)

DECLARATION: Final[tuple[Query, ...]] = (
    joint_attack,
    declarations.attackers,
    units.non_combatants,
    units.infantry_ctl,
    partisans.partisan_limits,
    declarations.attack_origins,
    specialized.invasion_stack,
    specialized.commando_raid,
    declarations.dm_items,
    declarations.dm_applies,
    fortifications.fortification_dm,
    specialized.unit_type_dms,
    partisans.partisan_status,
    specialized.pearl_harbor_defenders,
    declarations.support_limits,
    declarations.attacked_once,
    declarations.exploitation_attackers,
    units.airdropped_units,
    declarations.combat_order,
)
"""The position's queries on a declaration, in the order a refusal names the first breach (the ground combat
family asks them of a recorded one)."""
BEFORE_THE_ROLL: Final = (
    losses.losses_recorded,
    rounds.further_round,
    rounds.prohibited_odds,
    rounds.odds_column,
    rounds.strengths,
    units.airdropped_units,
)
AFTER_THE_ROLL: Final = (rounds.crt_result,)
LOSSES: Final = (losses.losses, losses.destroyer_losses)
ADVANCE: Final[dict[type, tuple[Query, ...]]] = {
    AttackEnded: (losses.losses_recorded, losses.involuntary_air),
    AdvanceAfterCombat: (advance.advance, advance.advance_stacking, advance.chain_advance, units.airdropped_units),
    BreakthroughCreated: (advance.breakthrough, units.negated_mechanized),
    BridgeheadPlaced: (
        bridgeheads.bridgehead_phase,
        bridgeheads.bridgehead_seaborne,
        bridgeheads.bridgehead_river,
        bridgeheads.bridgehead_occupied,
    ),
}


class Attack(NamedTuple):
    """Declare attack ``attack`` on ``hexes`` with the ground units ``attackers``; ``support``: air units flying
    ground support (all their factors); ``das``: the defender's air units flying defensive air support; ``dms``:
    DM items claimed, by defending unit, or for every defender under ``*`` (15.3: ``rough``, ``fortification``,
    ``invasion`` ...; the basic DM is always counted); ``terrain`` of the attacked hex (default: the map data's, else
    clear). ``attacker_takes_ex`` and ``defender_converts`` are the players' choices of 15.53 and 15.55. ``sea``: the
    sea hex the attackers land from, in a seaborne invasion (kind ``invasion``; the defenders get the invasion DM,
    15.32B); ``bombardment``: naval units giving shore bombardment (their factors count in the attack strength,
    15.51)."""

    attack: str
    hexes: tuple[str, ...]
    attackers: tuple[str, ...]
    support: tuple[str, ...] = ()
    das: tuple[str, ...] = ()
    dms: Mapping[str, tuple[str, ...]] = {}
    terrain: str | None = None
    kind: str | None = None
    attacker_takes_ex: bool = False
    defender_converts: bool = False
    actor: str | None = None
    force: bool = False
    """``--force`` (``awaw play``): a declaration the position's judges forbid is drafted anyway, for the audit to
    list as a disputed action; what the command itself refuses (no enemy, no such DM item, a unit not in play)
    stands."""
    sea: str | None = None
    bombardment: tuple[str, ...] = ()


class Round(NamedTuple):
    """Fight the next round of ``attack`` (15.7), with the players' choices of 15.53 and 15.55."""

    attack: str
    attackers: tuple[str, ...] = ()
    """The attackers fighting it, when they are fewer than those the rules allow (default: all that may)."""
    attacker_takes_ex: bool = False
    defender_converts: bool = False


class Losses(NamedTuple):
    """The losses ``side`` (``attacker`` or ``defender``) takes for the last round of ``attack``: units lost whole,
    or ``unit=factors`` for air and fleet factors. Empty: everything, when the result takes everything."""

    attack: str
    side: str
    units: Mapping[str, int | None] = {}


class Advance(NamedTuple):
    """End ``attack``; ``units`` advance into the attacked hex (``to``: which one, when it attacked several); with
    ``breakthrough``, the first armor unit to advance creates that breakthrough (16.11)."""

    attack: str
    units: tuple[str, ...] = ()
    to: str | None = None
    breakthrough: str | None = None
    reason: str | None = None


class Bridgehead(NamedTuple):
    """The first unit that advanced into ``hex`` after ``attack`` places a bridgehead there (31.12, 31.32): a
    seaborne invasion's (31.22), or, for another attack, the ``cause`` given (``cross_river_attack`` or
    ``crossing_arrow_attack``, 31.23), which the map data's hexsides judge."""

    attack: str
    hex: str | None = None
    cause: str | None = None


Missions = tuple[list[AnyEvent], list[dict[str, int | str]]] | Refusal


def _event(fields: dict[str, Any], where: str) -> AnyEvent:
    return parse_event(fields, where=where)


# ---------------------------------------------------------------------------------------------------------------
# Declaration


def dm_items(pos: Position, codes: list[str], unit_id: str, hex_: str, power: str) -> list[dict[str, Any]] | Refusal:
    """A defender's DM items: the basic DM, the items claimed, and its fortification's, which the board gives where
    none is claimed: an enemy fortification or fortress on the hex is +1 or +2 (32.21B), counted for the player. A
    fortification item claimed is the player's, judged with the declaration (the fortifications queries: none where
    the hex holds none, 32.31; the board's, 32.21B); so are the items of a directional line, whose attacked side
    needs the hexsides."""
    crt = rules.crt_table(pos.meta.rules, pos.meta.options) or "awaw"
    catalogue = rules.AWAW_DMS if crt == "awaw" else rules.HOUSE_DMS
    fortified = [c for c in codes if rules.catalogue_code(c) in FORT_DM_CODES]
    omni = _fortified(pos, hex_, power).get("fortification")
    code, rule = BASIC_DM_ITEM[crt]
    items: list[dict[str, Any]] = [{"code": code, "value": rules.DM_BASE[crt], "rule": rule}]
    for given in [*codes, omni] if omni is not None and not fortified else codes:
        spec = catalogue.get(rules.catalogue_code(given))
        if spec is None:
            known_codes = ", ".join(sorted(catalogue))
            return Refusal(COMMAND, f"{unit_id}: {given!r} is no DM item of the {crt} rules (known: {known_codes})")
        items.append({"code": rules.catalogue_code(given), "value": spec.value, "rule": spec.rule})
    return items


def _attackers(pos: Position, command: Attack) -> tuple[str, list[dict[str, Any]]] | Refusal:
    """The power that declares the attack (the actor, else the first attacker's owner) and each attacker as the
    declaration lists it, with its CTL (:func:`projections.position.combat.attacks.ctl`)."""
    first = own_unit(pos, command.attackers[0], command.actor, "attacks with")
    if isinstance(first, Refusal):
        return first
    power = first[1]
    listed: list[dict[str, Any]] = []
    for unit_id in command.attackers:
        problem = records.attacker_problem(pos.board, unit_id, power, "unit")
        if problem is not None and problem.refused:
            return Refusal(records.RULE, problem.message)  # the record family's check asks the same function
        unit = pos.board.units[unit_id]
        entry: dict[str, Any] = {"unit": unit_id, "factors": unit.factors, "origin": unit.location}
        if command.sea is not None:
            entry |= {"origin": command.sea, "hexside": "sea", "role": "invading"}
        level = known(ctl(pos, unit_id))
        if level is not None and level >= 0:  # a CTL below 0 is recorded as none: the fold reads it from the board
            entry["ctl"] = level
        if unit.unit_type == "armor":
            entry["armor"] = True
        listed.append(entry)
    return power, listed


def decide_declaration(pos: Position, command: Attack) -> list[AnyEvent] | Refusal:
    """The ground support missions and the declaration of an attack, or why the rules refuse it."""
    when = now(pos.state)
    if when.get("phase") not in ATTACK_PHASES:
        return Refusal("15.1", f"attacks are made in the combat or exploitation phase; this is the {when.get('phase')}")
    if command.attack in pos.state.combat.attacks:
        return Refusal("15.2", f"attack {command.attack!r} was already declared this player turn: name a new one")
    if not command.attackers:
        return Refusal(records.RULE, "an attack needs at least one attacking ground unit")
    found = _attackers(pos, command)
    if isinstance(found, Refusal):
        return found
    power, attackers = found
    kind = command.kind or (
        "invasion" if command.sea is not None
        else "exploitation" if when.get("phase") == "exploitation"
        else "regular"
    )  # fmt: skip
    if command.sea is not None and kind != "invasion":
        return Refusal(COMMAND, f"units land from the sea ({command.sea}) in a seaborne invasion, not a {kind} attack")
    exploiting_armor = any(a.get("armor") and a.get("ctl", 0) >= rules.EXPLOITING_ARMOR_DM_MIN_CTL for a in attackers)
    defenders: list[dict[str, Any]] = []
    for hex_ in command.hexes:
        there = [u for u in pos.board.units.values() if u.location == hex_ and u.unit_type in GROUND_TYPES]
        enemies = [u for u in there if side_of(u.owner) != side_of(power)]  # none: the attackers query judges the hex
        for u in enemies:  # in the board's order: the order the units were placed
            codes = [*command.dms.get("*", ()), *command.dms.get(u.id, ())]
            if kind == "exploitation" and exploiting_armor and u.unit_type in EXPLOITING_ARMOR_DM_TYPES:
                codes = [*codes, "exploiting_armor"] if "exploiting_armor" not in codes else codes
            if kind == "invasion" and "invasion" not in map(rules.catalogue_code, codes):
                codes = [*codes, "invasion"]  # 15.32B: the defender of a seaborne invasion
            items = dm_items(pos, codes, u.id, hex_, power)
            if isinstance(items, Refusal):
                return items
            defenders.append({"unit": u.id, "factors": u.factors, "hex": hex_, "dms": items})
    unknown = set(command.dms) - {"*", *(d["unit"] for d in defenders)}
    if unknown:
        return Refusal(COMMAND, f"DM items claimed for {', '.join(sorted(unknown))}, which do not defend here")
    target, ref = command.hexes[0], command.attack
    support = missions(pos, command.support, "ground_support", target, ref, when, power)
    if isinstance(support, Refusal):
        return support
    das = missions(pos, command.das, "das", target, ref, when, None)
    if isinstance(das, Refusal):
        return das
    fleet = missions(pos, command.bombardment, "shore_bombardment", target, ref, when, power)
    if isinstance(fleet, Refusal):
        return fleet
    declared = _event(
        {
            "type": "attack_declared",
            **when,
            "actor": power,
            "attack": command.attack,
            "kind": kind,
            "defender_hexes": list(command.hexes),
            "attackers": attackers,
            "defenders": defenders,
            "ground_support": support[1],
            "das": das[1],
            "shore_bombardment": fleet[1],
            "terrain": command.terrain or _terrain(pos, command.hexes[0]),
            **_fortified(pos, command.hexes[0], power),
        },
        "the attack",
    )
    stop = None if command.force else first_refusal(pos, declared, DECLARATION)
    return stop if stop is not None else [*support[0], *fleet[0], *das[0], declared]


def _fortified(pos: Position, hex_: str, power: str) -> dict[str, str]:
    """The enemy fortification or fortress on the attacked hex, as the board has it (15.55 applies, 32.21); a
    directional line (Maginot, West Wall) is left out: whether it is attacked from behind needs the hexsides."""
    fort = pos.board.fortifications.get(hex_)
    omni = fort is not None and rules.FORT_FEATURES.get(fort.kind, "").startswith("omni_")
    if fort is None or not omni or side_of(fort.owner) == side_of(power):
        return {}
    return {"fortification": fort.kind}


def _terrain(pos: Position, hex_: str) -> str:
    facts = pos.hex(hex_)
    terrain = facts.terrain if facts is not None else None
    known_terrain = ("city", "clear", "desert", "forest", "jungle", "mountain", "swamp")
    return terrain if terrain in known_terrain else "clear"


def missions(
    pos: Position,
    unit_ids: Sequence[str],
    mission: str,
    target: str,
    ref: str,
    when: dict[str, Any],
    power: str | None,
) -> Missions:
    """Air missions flown for an attack or an overrun ``ref`` on ``target`` (its ground support, or the defender's
    DAS) and the shore bombardment of an invasion's naval units: one ``air_mission_flown`` and the unit's inversion
    each, and the units and factors the declaration lists."""
    events: list[AnyEvent] = []
    listed: list[dict[str, int | str]] = []
    for unit_id in unit_ids:
        found = own_unit(pos, unit_id, power, "flies")
        if isinstance(found, Refusal):
            return found
        unit, acting = found
        if mission == "shore_bombardment" and unit.unit_type not in NAVAL_TYPES:
            return Refusal(COMMAND, f"{unit_id} is {unit.unit_type}, not a naval unit: it gives no shore bombardment")
        if mission != "shore_bombardment" and unit.unit_type not in AIR_TYPES:
            return Refusal("15.4", f"{unit_id} is {unit.unit_type}, not an air unit: it flies no {mission}")
        if unit.inverted:
            return Refusal("27.8", f"{unit_id} is inverted (used this turn): it flies no mission until it uninverts")
        base = {**when, "actor": acting}
        flown = {"type": "air_mission_flown", **base, "mission": mission, "units": [unit_id], "target": target,
                 "ref": ref}  # fmt: skip
        events.append(_event(flown, "the air mission"))
        inverted = {"type": "unit_inversion_changed", **base, "unit": unit_id, "inverted": True, "cause": "mission"}
        events.append(_event(inverted, "the inversion"))
        listed.append({"unit": unit_id, "factors": unit.factors})
    return events, listed


# ---------------------------------------------------------------------------------------------------------------
# Rounds


def decide_attack(pos: Position, command: Attack, die: Die) -> list[AnyEvent] | Refusal:
    """The declaration, the roll and the first round of an attack, or why the rules refuse it."""
    declared = decide_declaration(pos, command)
    if isinstance(declared, Refusal):
        return declared
    after = Position(game.fold(pos.state, declared), pos.map, map_reason=pos.map_reason)
    rolled = _round(after, Round(command.attack, (), command.attacker_takes_ex, command.defender_converts), 1, die)
    return rolled if isinstance(rolled, Refusal) else [*declared, *rolled]


def decide_round(pos: Position, command: Round, die: Die) -> list[AnyEvent] | Refusal:
    """The roll and the next round of an attack, or why it cannot be fought."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    if attack.ended:
        return Refusal("15.7", f"attack {command.attack} has ended")
    return _round(pos, command, attack.last_round + 1, die)


def _attack_of(pos: Position, attack_id: str) -> AttackState | Refusal:
    attack = pos.state.combat.attacks.get(attack_id)
    if attack is None:
        names = ", ".join(sorted(pos.state.combat.attacks)) or "none"
        return Refusal("15.2", f"no attack {attack_id!r} was declared this player turn (attacks: {names})")
    if attack.table is None:
        return Refusal(COMMAND, STANDARD_A3R)
    return attack


def _round(pos: Position, command: Round, number: int, die: Die) -> list[AnyEvent] | Refusal:
    attack_id, chosen = command.attack, command.attackers
    attack = _attack_of(pos, attack_id)
    if isinstance(attack, Refusal):
        return attack
    state, when = pos.state, now(pos.state)
    clock = state.clock
    fighting = combat.participants(
        attack, number, board=state.board, options=state.meta.options, year=clock.year, season=clock.season
    )
    if fighting is None:
        return Refusal("15.8", f"the CTL of an attacker of {attack_id} is not recorded (ctl_set)")
    if chosen:
        extra = set(chosen) - fighting
        if extra:
            return Refusal(
                COMMAND,
                f"{', '.join(sorted(extra))} may not fight round {number} of {attack_id}: "
                "name attackers the rules let fight it (15.71)",
            )
        fighting = frozenset(chosen)
    a, d = attack.attack_now(fighting), attack.defence_now()
    actor = attack.declared.actor
    fields: dict[str, Any] = {"type": "combat_round_resolved", **when, "actor": actor, "attack": attack_id,
                              "round": number}  # fmt: skip
    column = rules.odds_column(a, d) if a > 0 and d > 0 else None
    if column is not None:
        fields |= {"attack_strength": a, "defence_strength": d, "odds": column}
    draft = _event({**fields, "result": "A"}, "the round")
    stop = first_refusal(pos, draft, BEFORE_THE_ROLL)
    if stop is not None:
        return stop
    if column is None:
        return Refusal(COMMAND, f"attack {attack_id}: {a} against {d} factors: no round to resolve")
    if column == rules.BELOW_1_4:
        return [draft]
    if not die.known:
        return []  # a preview: the roll is made when the player confirms
    number_rolled = state.dice.next_roll
    faces, source = die.roll(number_rolled)
    roll = _event({"type": "dice_rolled", **when, "actor": actor, "roll": number_rolled, "purpose": "crt",
                   "dice": faces, "source": source, "ref": attack_id}, "the roll")  # fmt: skip
    lookup = rules.crt_lookup(column, faces[0], number, table=table_of(attack))
    result, conversion = rounds.applied_result(
        pos,
        attack,
        fighting,
        lookup.result,
        clock,
        attacker_takes_ex=command.attacker_takes_ex,
        defender_converts=command.defender_converts,
    )
    resolved = {**fields, "roll": number_rolled, "modified_die": lookup.modified_die, "result": result}
    if conversion != "none":
        resolved["conversion"] = conversion
    decided = _event(resolved, "the round")
    stop = first_refusal(
        Position(game.fold(state, [roll]), pos.map, map_reason=pos.map_reason), decided, AFTER_THE_ROLL
    )
    return stop if stop is not None else [roll, decided]


# ---------------------------------------------------------------------------------------------------------------
# Losses and advance


def decide_losses(pos: Position, command: Losses) -> list[AnyEvent] | Refusal:
    """The losses one side records for the last round of an attack, and each unit's elimination or reduction."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    if command.side not in ("attacker", "defender"):
        return Refusal(COMMAND, f"the side that loses is the attacker or the defender, not {command.side!r}")
    when = now(pos.state)
    actor = attack.declared.actor if command.side == "attacker" else "system"  # as the example records them
    base = {"type": "combat_losses_taken", **when, "actor": actor, "attack": command.attack,
            "round": max(attack.last_round, 1), "loser": command.side}  # fmt: skip
    played = attack.rounds.get(attack.last_round)
    if played is None or played.requirement is None or command.side in played.losses_seen:
        return first_refusal(pos, _event(base, "the losses"), LOSSES) or Refusal(
            COMMAND, f"attack {command.attack}: no round's {command.side} losses are left to record"
        )  # the losses query: a round not fought, or its losses recorded (15.61)
    pool = _pool(attack, command.side, played.participants)
    need = played.requirement.attacker if command.side == "attacker" else played.requirement.defender
    chosen = dict(command.units)
    if not chosen and need.everything:
        chosen = dict.fromkeys(pool)
    elif not chosen and not need.factors:
        return Refusal(COMMAND, f"round {attack.last_round} ({played.result}) costs the {command.side} nothing")
    lost: list[dict[str, Any]] = []
    after: list[AnyEvent] = []
    for unit_id, factors in chosen.items():
        unit = unit_in_play(pos, unit_id)
        if isinstance(unit, Refusal):
            return unit
        left = pool.get(unit_id, unit.factors)  # a unit that did not fight: the losses query refuses it (15.62)
        whole = unit.unit_type in GROUND_TYPES or factors is None or factors >= left
        amount = left if whole else factors
        if amount is None or amount <= 0:
            return Refusal(records.RULE, f"{unit_id} loses at least one factor")
        lost.append({"unit": unit_id, "factors": amount})
        after.append(_removal(unit.unit_type, unit_id, amount, whole and amount >= unit.factors, command.attack, when))
    taken = _event({**base, "losses": lost}, "the losses")
    stop = first_refusal(pos, taken, LOSSES)
    return stop if stop is not None else [taken, *after]


def _pool(attack: AttackState, side: str, fighting: frozenset[str]) -> dict[str, int]:
    """What each unit of a side has left to lose in the attack: ground factors, air and fleet factors."""
    if side == "attacker":
        units = {u: attack.ground[u] for u in fighting} | attack.air | attack.fleet
    else:
        units = {u: d.factors for u, d in attack.defenders.items()} | attack.das
    return {u: attack.left(u, f) for u, f in units.items() if attack.left(u, f) > 0}


def _removal(unit_type: str, unit_id: str, lost: int, gone: bool, ref: str, when: dict[str, Any]) -> AnyEvent:
    if unit_type in NAVAL_TYPES and gone:
        return _event({"type": "ship_sunk", **when, "ship": unit_id, "ref": ref}, "the loss")
    if gone:
        return _event({"type": "unit_eliminated", **when, "unit": unit_id, "cause": "combat", "ref": ref}, "the loss")
    return _event({"type": "unit_reduced", **when, "unit": unit_id, "factors_lost": lost, "ref": ref}, "the loss")


def decide_advance(pos: Position, command: Advance) -> list[AnyEvent] | Refusal:
    """The end of an attack, the advance after combat into the emptied hex and its control (15.9, 29.21), and a
    breakthrough (16.11), or why the rules refuse them."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    if attack.ended:
        return Refusal("15.7", f"attack {command.attack} has already ended")
    if not attack.rounds:  # attack_ended names the round it ends after
        return Refusal(records.RULE, f"attack {command.attack} has no round resolved yet: it ends after one")
    to = command.to or attack.declared.defender_hexes[0]
    reason = command.reason or (
        "defender_eliminated" if not attack.defenders_alive()
        else "attacker_eliminated" if not attack.ground_alive()
        else "result"
    )  # fmt: skip
    base = {**now(pos.state), "actor": attack.declared.actor, "attack": command.attack}
    ended = _event({"type": "attack_ended", **base, "after_round": attack.last_round, "reason": reason}, "the end")
    stop = first_refusal(pos, ended, ADVANCE[AttackEnded])
    if stop is not None:
        return stop
    if not command.units:
        if command.breakthrough is not None:
            return Refusal(COMMAND, "a breakthrough names the armor that advances into the attacked hex: name it")
        return [ended]
    moves = [{"unit": u, "to": to} for u in command.units]
    events: list[AnyEvent] = [ended, _event({"type": "advance_after_combat", **base, "moves": moves}, "the advance")]
    actor = attack.declared.actor
    if enemy_controller(pos, actor, pos.board.control.get(to)):
        when = {k: v for k, v in base.items() if k not in ("actor", "attack")}
        control = {"type": "hex_control_changed", **when, "hex": to, "controller": actor,
                   "cause": "advance_after_combat", "ref": command.attack}  # fmt: skip
        events.append(_event(control, "the control change"))
    if command.breakthrough is not None:  # armor that fought the final round (16.11A): the breakthrough query judges
        armor = [u for u in command.units if (unit := pos.board.units.get(u)) and unit.unit_type == "armor"]
        armor = armor or list(command.units)
        created = {"type": "breakthrough_created", **base, "breakthrough": command.breakthrough, "hex": to,
                   "armor": armor[0]}  # fmt: skip
        events.append(_event(created, "the breakthrough"))
    return judged_in_turn(pos, events, ADVANCE)


def decide_bridgehead(pos: Position, command: Bridgehead) -> list[AnyEvent] | Refusal:
    """The bridgehead the first unit to advance after an attack places (31.32), or why the rules refuse it."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    entered = {h: units for h, units in attack.advanced.items() if units}
    hex_ = command.hex or next(iter(entered), None)
    if hex_ not in entered:
        where = ", ".join(entered) or "no hex"
        return Refusal(COMMAND, f"no unit of attack {command.attack} advanced into {hex_ or 'a hex'} to place a "
                       f"bridgehead there (its units advanced into {where})")  # fmt: skip
    cause = "seaborne_invasion" if attack.invasion else command.cause
    allowed = ("seaborne_invasion",) if attack.invasion else RIVER_CAUSES  # 31.22, 31.23
    if cause not in allowed:
        return Refusal(
            COMMAND,
            f"the bridgehead of attack {command.attack} ({attack.declared.kind}) is {' or '.join(allowed)}, "
            f"not {cause!r}",
        )
    first = entered[hex_][0]
    actor = attack.declared.actor
    placed = {"type": "bridgehead_placed", **now(pos.state), "actor": actor, "hex": hex_, "faction": faction_of(actor),
              "cause": cause, "ref": command.attack, "first_unit": first}  # fmt: skip
    across = next((a.origin for a in attack.declared.attackers if a.unit == first), None)
    if cause != "seaborne_invasion" and across is not None:
        placed["across"] = across
    return judged_in_turn(pos, [_event(placed, "the bridgehead")], ADVANCE)


def preview_odds(pos: Position, events: Sequence[AnyEvent], attack_id: str) -> tuple[int, int, str] | None:
    """The strengths and odds column of the first round of a declared attack (for the question before the roll)."""
    attack = game.fold(pos.state, events).combat.attacks.get(attack_id)
    if attack is None or attack.table is None:
        return None
    a, d = attack.attack_now(frozenset(attack.ground_alive())), attack.defence_now()
    return (a, d, rules.odds_column(a, d)) if a > 0 and d > 0 else None


__all__ = [
    "Advance",
    "Attack",
    "Bridgehead",
    "Losses",
    "Round",
    "decide_advance",
    "decide_attack",
    "decide_bridgehead",
    "decide_declaration",
    "decide_losses",
    "decide_round",
    "dm_items",
    "missions",
    "preview_odds",
]
