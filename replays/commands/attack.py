"""``awaw attack`` and its follow-ups ``awaw round``, ``awaw losses``, ``awaw advance``: a ground attack declared from
the board, its rounds read on the CRT, the losses taken and the advance after combat (AWAW 15, 16.1).

* :func:`decide_declaration`: the declaration from the board (each attacker's factors, hex and CTL; every enemy
  ground unit in the attacked hexes, with the basic DM and the DM items the player claims, 15.3), and the ground
  support flown for it (each air unit inverted by its mission).
* :func:`decide_attack`: the declaration, the roll (the next committed seeded roll, or a physical die typed in) and
  the first round: strengths and odds from the projection of the attack (15.41, 15.51, 15.52), the CRT cell for the
  column and die (15.6), the substitutions the players choose or the rules impose (15.53-15.551). Below 1:4 there is
  no roll and the attacker is eliminated (15.52). An attack the odds prohibit (15.52) is refused.
* :func:`decide_round`: a further round (15.7), refused when the rules stop the attack (15.71-15.74) or the last
  round's losses are not all recorded (15.61).
* :func:`decide_losses`: the losses one side takes for the last round (ground units whole, air and fleet factors),
  and each unit's elimination or reduction.
* :func:`decide_advance`: the end of the attack, the advance of surviving attackers into the emptied hex, its
  control (29.21), and a breakthrough when armor advances (16.11).

Every number is the rules' (:mod:`projections.rules.combat`) read from the state the projections fold
(:mod:`projections.combat`): the strengths the audit will check are the ones decided here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, cast

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, AttackDeclared, CombatRoundResolved
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections import combat, game
from projections.combat import Attack as AttackState
from projections.combat import unit_ctl
from projections.position import Position
from projections.rules import combat as rules
from projections.rules.combat.strength import (
    AWAW_DMS,
    BASIC_DM_ITEM,
    DM_BASE,
    EXPLOITING_ARMOR_DM_MIN_CTL,
    EXPLOITING_ARMOR_DM_TYPES,
    HOUSE_DMS,
    catalogue_code,
)
from projections.rules.sequence import ATTACK_PHASES
from replays.audit.families.combat import attacks as audit_attacks
from replays.commands.base import Die, Refusal, enemy_controller, now, own_unit, probe, side_of, unit_in_play


class Attack(NamedTuple):
    """Declare attack ``attack`` on ``hexes`` with the ground units ``attackers``; ``support``: air units flying
    ground support (all their factors); ``das``: the defender's air units flying defensive air support; ``dms``:
    DM items claimed, by defending unit, or for every defender under ``*`` (15.3: ``rough``, ``fortification``,
    ``invasion`` ...; the basic DM is always counted); ``terrain`` of the attacked hex (default: the map data's, else
    clear). ``attacker_takes_ex`` and ``defender_converts`` are the players' choices of 15.53 and 15.55."""

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


# ---------------------------------------------------------------------------------------------------------------
# Declaration


def _dm_table(pos: Position) -> rules.CrtTable:
    found = rules.crt_table(pos.state.meta.rules, pos.state.meta.options)
    return found if found is not None else "awaw"


def _dm_items(crt: rules.CrtTable, codes: Sequence[str], where: str) -> list[dict[str, Any]] | Refusal:
    catalogue = AWAW_DMS if crt == "awaw" else HOUSE_DMS
    code, rule = BASIC_DM_ITEM[crt]
    items: list[dict[str, Any]] = [{"code": code, "value": DM_BASE[crt], "rule": rule}]
    for given in codes:
        spec = catalogue.get(catalogue_code(given))
        if spec is None:
            known = ", ".join(sorted(catalogue))
            return Refusal("15.3", f"{where}: {given!r} is no DM item of the {crt} rules (known: {known})")
        items.append({"code": catalogue_code(given), "value": spec.value, "rule": spec.rule})
    return items


def decide_declaration(pos: Position, command: Attack) -> list[AnyEvent] | Refusal:
    """The ground support missions and the declaration of an attack, or why the rules refuse it."""
    when = now(pos.state)
    if when.get("phase") not in ATTACK_PHASES:
        return Refusal("15.1", f"attacks are made in the combat or exploitation phase; this is the {when.get('phase')}")
    if command.attack in pos.state.combat.attacks:
        return Refusal("15.2", f"attack {command.attack!r} was already declared this player turn: name a new one")
    if not command.attackers:
        return Refusal("15.21", "an attack needs at least one attacking ground unit")
    attackers: list[dict[str, Any]] = []
    power = command.actor
    exploiting_armor = False
    for unit_id in command.attackers:
        found = own_unit(pos, unit_id, command.actor, "attacks with")
        if isinstance(found, Refusal):
            return found
        unit, acting = found
        if unit.unit_type not in GROUND_TYPES:
            return Refusal("15.21", f"{unit_id} is {unit.unit_type}: ground units attack; air units support")
        if unit.unit_type in rules.NEVER_ATTACK:
            return Refusal("15.21", f"{unit_id} is a {unit.unit_type} unit, which never attacks")
        power = power or acting
        ctl = unit_ctl(pos.board, unit_id)
        entry: dict[str, Any] = {"unit": unit_id, "factors": unit.factors, "origin": unit.location}
        if ctl is not None:
            entry["ctl"] = ctl
        if unit.unit_type == "armor":
            entry["armor"] = True
            exploiting_armor = exploiting_armor or (ctl or 0) >= EXPLOITING_ARMOR_DM_MIN_CTL
        attackers.append(entry)
    assert power is not None
    kind = command.kind or ("exploitation" if when.get("phase") == "exploitation" else "regular")
    crt = _dm_table(pos)
    defenders: list[dict[str, Any]] = []
    for hex_ in command.hexes:
        there = [u for u in pos.board.units.values() if u.location == hex_ and u.unit_type in GROUND_TYPES]
        enemies = [u for u in there if side_of(u.owner) != side_of(power)]
        if not enemies and not enemy_controller(pos, power, pos.board.control.get(hex_)):
            return Refusal("15.21", f"{hex_} holds no enemy ground unit and is not an enemy hex: nothing to attack")
        for u in enemies:  # in the board's order: the order the units were placed
            codes = [*command.dms.get("*", ()), *command.dms.get(u.id, ())]
            if kind == "exploitation" and exploiting_armor and u.unit_type in EXPLOITING_ARMOR_DM_TYPES:
                codes = [*codes, "exploiting_armor"] if "exploiting_armor" not in codes else codes
            items = _dm_items(crt, codes, u.id)
            if isinstance(items, Refusal):
                return items
            defenders.append({"unit": u.id, "factors": u.factors, "hex": hex_, "dms": items})
    unknown = set(command.dms) - {"*", *(d["unit"] for d in defenders)}
    if unknown:
        return Refusal("15.3", f"DM items claimed for {', '.join(sorted(unknown))}, which do not defend here")
    events: list[AnyEvent] = []
    support = _missions(pos, command.support, "ground_support", command.hexes[0], command.attack, when, power)
    if isinstance(support, Refusal):
        return support
    das = _missions(pos, command.das, "das", command.hexes[0], command.attack, when, None)
    if isinstance(das, Refusal):
        return das
    events += support[0] + das[0]
    terrain = command.terrain or _terrain(pos, command.hexes[0])
    declared: dict[str, Any] = {
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
        "terrain": terrain,
    }
    events.append(parse_event(declared, where="the attack"))
    return events


def _terrain(pos: Position, hex_: str) -> str:
    facts = pos.map.hex(hex_) if pos.map is not None else None
    terrain = facts.terrain if facts is not None else None
    known = ("city", "clear", "desert", "forest", "jungle", "mountain", "swamp")
    return terrain if terrain in known else "clear"


def _missions(
    pos: Position,
    units: Sequence[str],
    mission: str,
    target: str,
    ref: str,
    when: dict[str, Any],
    power: str | None,
) -> tuple[list[AnyEvent], list[dict[str, int | str]]] | Refusal:
    """Air missions flown for an attack: one ``air_mission_flown`` and the unit's inversion each, and the units and
    factors the declaration lists."""
    events: list[AnyEvent] = []
    listed: list[dict[str, int | str]] = []
    for unit_id in units:
        found = own_unit(pos, unit_id, power, "flies")
        if isinstance(found, Refusal):
            return found
        unit, acting = found
        if unit.unit_type not in AIR_TYPES:
            return Refusal("15.4", f"{unit_id} is {unit.unit_type}, not an air unit: it flies no {mission}")
        if unit.inverted:
            return Refusal("27.8", f"{unit_id} is inverted (used this turn): it flies no mission until it uninverts")
        base = {**when, "actor": acting}
        events.append(
            parse_event(
                {
                    "type": "air_mission_flown",
                    **base,
                    "mission": mission,
                    "units": [unit_id],
                    "target": target,
                    "ref": ref,
                },
                where="the air mission",
            )
        )
        events.append(
            parse_event(
                {"type": "unit_inversion_changed", **base, "unit": unit_id, "inverted": True, "cause": "mission"},
                where="the inversion",
            )
        )
        listed.append({"unit": unit_id, "factors": unit.factors})
    return events, listed


# ---------------------------------------------------------------------------------------------------------------
# Rounds


def decide_attack(pos: Position, command: Attack, die: Die) -> list[AnyEvent] | Refusal:
    """The declaration, the roll and the first round of an attack, or why the rules refuse it."""
    declared = decide_declaration(pos, command)
    if isinstance(declared, Refusal):
        return declared
    after = Position(game.fold(pos.state, declared), pos.map)
    rolled = _round(after, command.attack, 1, die, command.attacker_takes_ex, command.defender_converts, ())
    if isinstance(rolled, Refusal):
        return rolled
    return [*declared, *rolled]


def decide_round(pos: Position, command: Round, die: Die) -> list[AnyEvent] | Refusal:
    """The roll and the next round of an attack, or why it cannot be fought."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    if attack.ended:
        return Refusal("15.7", f"attack {command.attack} has ended")
    pending = _losses_pending(attack)
    if pending is not None and attack.last_round:
        return pending
    return _round(
        pos,
        command.attack,
        attack.last_round + 1,
        die,
        command.attacker_takes_ex,
        command.defender_converts,
        command.attackers,
    )


def _attack_of(pos: Position, attack_id: str) -> AttackState | Refusal:
    attack = pos.state.combat.attacks.get(attack_id)
    if attack is None:
        known = ", ".join(sorted(pos.state.combat.attacks)) or "none"
        return Refusal("15.2", f"no attack {attack_id!r} was declared this player turn (attacks: {known})")
    if attack.table is None:
        return Refusal("15.6", audit_attacks.STANDARD_A3R)
    return attack


def _round(
    pos: Position,
    attack_id: str,
    number: int,
    die: Die,
    attacker_takes_ex: bool,
    defender_converts: bool,
    chosen: Sequence[str],
) -> list[AnyEvent] | Refusal:
    attack = _attack_of(pos, attack_id)
    if isinstance(attack, Refusal):
        return attack
    state, when = pos.state, now(pos.state)
    fighting = combat.participants(
        attack, number, board=state.board, options=state.meta.options, year=state.clock.year, season=state.clock.season
    )
    if fighting is None:
        return Refusal("15.8", f"the CTL of an attacker of {attack_id} is not recorded (ctl_set)")
    if chosen:
        extra = set(chosen) - fighting
        if extra:
            return Refusal("15.71", f"{', '.join(sorted(extra))} may not fight round {number} of {attack_id}")
        fighting = frozenset(chosen)
    a, d = attack.attack_now(fighting), attack.defence_now()
    draft = CombatRoundResolved(**when, attack=attack_id, round=number, result="none")
    ctx = probe(pos, draft, state.clock.seq + 1)
    scopes = audit_attacks.min_odds_scopes(ctx, attack)
    crt = audit_attacks.table_of(attack)
    if number > 1:
        breaches = rules.next_round_findings(
            number,
            attackers_alive=len(attack.ground_alive()),
            defenders_alive=len(attack.defenders_alive()),
            participants=fighting,
            attack=a,
            defence=d,
            scopes=scopes,
            table=crt,
        )
        if breaches:
            return Refusal(breaches[0].rule, f"attack {attack_id}: {breaches[0].message}")
    if a <= 0 or d <= 0:
        return Refusal("15.51", f"attack {attack_id}: {a} against {d} factors is no attack")
    breaches = rules.min_odds_findings(
        a, d, scopes, round_no=number, table=crt, airdrop_rule=rules.airdrop_rule(state.meta.options)
    )
    if breaches:
        return Refusal(breaches[0].rule, f"attack {attack_id}: {breaches[0].message} is prohibited")
    column = rules.odds_column(a, d)
    fields: dict[str, Any] = {
        "type": "combat_round_resolved",
        **when,
        "actor": attack.declared.actor,
        "attack": attack_id,
        "round": number,
        "attack_strength": a,
        "defence_strength": d,
        "odds": column,
    }
    if column == rules.BELOW_1_4:
        return [parse_event({**fields, "result": "A"}, where="the round")]
    if not die.known:
        return []  # a preview: the roll is made when the player confirms
    roll_no = state.dice.next_roll
    roll, faces = _roll(die, roll_no, {**when, "actor": attack.declared.actor}, attack_id)
    lookup = rules.crt_lookup(column, faces[0], number, table=crt)
    result, conversion = _result(ctx, attack, fighting, lookup.result, attacker_takes_ex, defender_converts)
    resolved = {**fields, "roll": roll_no, "modified_die": lookup.modified_die, "result": result}
    if conversion != "none":
        resolved["conversion"] = conversion
    return [roll, parse_event(resolved, where="the round")]


def _roll(die: Die, number: int, base: dict[str, Any], ref: str) -> tuple[AnyEvent, list[int]]:
    """A combat die of roll ``number``: the ``dice_rolled`` event and its faces."""
    faces, source = die.roll(number)
    fields = {"type": "dice_rolled", **base, "roll": number, "purpose": "crt", "dice": faces, "source": source,
              "ref": ref}  # fmt: skip
    return parse_event(fields, where="the roll"), faces


def _result(
    ctx: Any,
    attack: AttackState,
    fighting: frozenset[str],
    rolled: str,
    attacker_takes_ex: bool,
    defender_converts: bool,
) -> tuple[str, str]:
    """The result applied for a rolled result (15.53-15.551 with the players' choices; 15.54 where it applies) and
    the conversion it records."""
    ctls = [c for u in fighting if (c := attack.ctl.get(u)) is not None]
    context = rules.ResultContext(
        table=audit_attacks.table_of(attack),
        fort_scope=audit_attacks.fort_scope(attack),
        lowest_attacking_ctl=min(ctls) if ctls else 1,
        fort_conversion=rules.fort_conversion(ctx.meta.options),
        early_german=audit_attacks.early_german(ctx, attack) == "applies",
    )
    result = cast(
        str,
        rules.final_result(
            cast(Any, rolled), context, attacker_takes_ex=attacker_takes_ex, defender_converts=defender_converts
        ),
    )
    if result == rolled:
        return result, "none"
    if rolled == "d" and attacker_takes_ex:
        return result, "d_to_Ex" if result == "Ex" else "d_to_Ex-1"
    if context.early_german and result == "Ex-1":
        return result, "early_german_Ex-1"
    return result, "15.55"


# ---------------------------------------------------------------------------------------------------------------
# Losses and advance


def decide_losses(pos: Position, command: Losses) -> list[AnyEvent] | Refusal:
    """The losses one side records for the last round of an attack, and each unit's elimination or reduction."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    played = attack.rounds.get(attack.last_round)
    if played is None or played.requirement is None:
        return Refusal("15.61", f"attack {command.attack} has no round resolved yet: roll it first")
    if command.side not in ("attacker", "defender"):
        return Refusal("15.61", f"the side that loses is the attacker or the defender, not {command.side!r}")
    if command.side in played.losses_seen:
        return Refusal("15.61", f"the {command.side}'s losses of round {attack.last_round} are already recorded")
    pool = _pool(attack, command.side, played.participants)
    need = played.requirement.attacker if command.side == "attacker" else played.requirement.defender
    chosen = dict(command.units)
    if not chosen:
        if not need.everything and not need.factors:
            return Refusal("15.61", f"round {attack.last_round} ({played.result}) costs the {command.side} nothing")
        if not need.everything:
            return Refusal(
                "15.62",
                f"round {attack.last_round} ({played.result}) costs the {command.side} at least {need.factors} "
                "factors: name the units it loses",
            )
        chosen = dict.fromkeys(pool)
    when = now(pos.state)
    actor = attack.declared.actor if command.side == "attacker" else "system"  # as the example records them
    losses: list[dict[str, Any]] = []
    after: list[AnyEvent] = []
    for unit_id, factors in chosen.items():
        if unit_id not in pool:
            return Refusal(
                "15.62",
                f"{unit_id} did not fight round {attack.last_round} of {command.attack} as "
                f"the {command.side}: it loses nothing there",
            )
        left = pool[unit_id]
        unit = unit_in_play(pos, unit_id)
        if isinstance(unit, Refusal):
            return unit
        whole = unit.unit_type in GROUND_TYPES or factors is None or factors >= left
        lost = left if whole else factors
        if lost is None or lost <= 0:
            return Refusal("15.62", f"{unit_id} loses at least one factor")
        losses.append({"unit": unit_id, "factors": lost})
        after.append(_removal(unit.unit_type, unit_id, lost, whole and lost >= unit.factors, command.attack, when))
    taken = parse_event(
        {
            "type": "combat_losses_taken",
            **when,
            "actor": actor,
            "attack": command.attack,
            "round": attack.last_round,
            "loser": command.side,
            "losses": losses,
        },
        where="the losses",
    )
    return [taken, *after]


def _pool(attack: AttackState, side: str, fighting: frozenset[str]) -> dict[str, int]:
    """What each unit of a side has left to lose in the attack: ground factors, air and fleet factors."""
    if side == "attacker":
        units = {u: attack.ground[u] for u in fighting} | attack.air | attack.fleet
    else:
        units = {u: d.factors for u, d in attack.defenders.items()} | attack.das
    return {u: attack.left(u, f) for u, f in units.items() if attack.left(u, f) > 0}


def _removal(unit_type: str, unit_id: str, lost: int, gone: bool, ref: str, when: dict[str, Any]) -> AnyEvent:
    if unit_type in NAVAL_TYPES and gone:
        return parse_event({"type": "ship_sunk", **when, "ship": unit_id, "ref": ref}, where="the loss")
    if gone:
        return parse_event(
            {"type": "unit_eliminated", **when, "unit": unit_id, "cause": "combat", "ref": ref}, where="the loss"
        )
    return parse_event(
        {"type": "unit_reduced", **when, "unit": unit_id, "factors_lost": lost, "ref": ref}, where="the loss"
    )


def _losses_pending(attack: AttackState) -> Refusal | None:
    """The losses the last round requires of a side that are not recorded yet (15.61)."""
    played = attack.rounds.get(attack.last_round)
    if played is None:
        return Refusal("15.61", f"attack {attack.declared.attack} has no round resolved yet")
    if played.requirement is not None:
        for side, need in (("attacker", played.requirement.attacker), ("defender", played.requirement.defender)):
            if need != rules.NO_LOSS and side not in played.losses_seen:
                return Refusal("15.61", f"the {side}'s losses for round {attack.last_round} are not recorded yet")
    return None


def decide_advance(pos: Position, command: Advance) -> list[AnyEvent] | Refusal:
    """The end of an attack, the advance after combat into the emptied hex and its control (15.9, 29.21), and a
    breakthrough (16.11), or why the rules refuse them."""
    attack = _attack_of(pos, command.attack)
    if isinstance(attack, Refusal):
        return attack
    if attack.ended:
        return Refusal("15.7", f"attack {command.attack} has already ended")
    pending = _losses_pending(attack)
    if pending is not None:
        return pending
    hexes = attack.declared.defender_hexes
    to = command.to or hexes[0]
    if to not in hexes:
        return Refusal("15.91", f"{to} was not attacked in {command.attack} ({', '.join(hexes)})")
    reason = command.reason or (
        "defender_eliminated" if not attack.defenders_alive()
        else "attacker_eliminated" if not attack.ground_alive()
        else "result"
    )  # fmt: skip
    base = {**now(pos.state), "actor": attack.declared.actor, "attack": command.attack}
    ended = {"type": "attack_ended", **base, "after_round": attack.last_round, "reason": reason}
    events: list[AnyEvent] = [parse_event(ended, where="the end of the attack")]
    if not command.units:
        if command.breakthrough is not None:
            return Refusal("16.11", "a breakthrough needs armor that advances into the attacked hex")
        return events
    advanced = _advance(pos, attack, command, to, base)
    return advanced if isinstance(advanced, Refusal) else [*events, *advanced]


def _advance(
    pos: Position, attack: AttackState, command: Advance, to: str, base: dict[str, Any]
) -> list[AnyEvent] | Refusal:
    """The advance into an emptied hex, its control, and the breakthrough (15.91, 29.21, 16.11)."""
    if not attack.all_defenders_gone(to):
        return Refusal("15.91", f"{to} still holds defenders: attackers advance only into a hex emptied of them")
    survivors = attack.final_fighters()
    for unit_id in command.units:
        if unit_id not in survivors or unit_id not in attack.ground_alive():
            return Refusal("15.91", f"{unit_id} is no surviving attacker of the final round of {command.attack}")
    moves = [{"unit": u, "to": to} for u in command.units]
    events = [parse_event({"type": "advance_after_combat", **base, "moves": moves}, where="the advance")]
    actor = attack.declared.actor
    if enemy_controller(pos, actor, pos.board.control.get(to)):
        when = {k: v for k, v in base.items() if k not in ("actor", "attack")}
        control = {"type": "hex_control_changed", **when, "hex": to, "controller": actor,
                   "cause": "advance_after_combat", "ref": command.attack}  # fmt: skip
        events.append(parse_event(control, where="the control change"))
    if command.breakthrough is not None:
        armor = [u for u in command.units if pos.board.units[u].unit_type == "armor"]
        if not armor:
            return Refusal("16.11", "a breakthrough needs armor that advances into the attacked hex")
        created = {"type": "breakthrough_created", **base, "breakthrough": command.breakthrough, "hex": to,
                   "armor": armor[0]}  # fmt: skip
        events.append(parse_event(created, where="the breakthrough"))
    return events


def declared_of(events: Sequence[AnyEvent]) -> AttackDeclared | None:
    """The declaration among decided events (for the preview's odds)."""
    return next((e for e in events if isinstance(e, AttackDeclared)), None)


def preview_odds(pos: Position, events: Sequence[AnyEvent], attack_id: str) -> tuple[int, int, str] | None:
    """The strengths and odds column of the first round of a declared attack (for the question before the roll)."""
    state = game.fold(pos.state, events)
    attack = state.combat.attacks.get(attack_id)
    if attack is None or attack.table is None:
        return None
    a, d = attack.attack_now(frozenset(attack.ground_alive())), attack.defence_now()
    return (a, d, rules.odds_column(a, d)) if a > 0 and d > 0 else None


__all__ = [
    "Advance",
    "Attack",
    "Losses",
    "Round",
    "decide_advance",
    "decide_attack",
    "decide_declaration",
    "decide_losses",
    "decide_round",
    "preview_odds",
]
