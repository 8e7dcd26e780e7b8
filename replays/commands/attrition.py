"""``awaw attrition``: attrition combat on a front (AWAW 14; house App. C), and its follow-ups through ``awaw losses``
and ``awaw advance`` (the defender's losses, 14.5; the hexes the attacker occupies, 14.6).

:func:`decide_attrition` counts the units named (their factors from the board, 14.41), rolls the die (the next
seeded roll, or a physical die), adds the factor bonus (14.42A) and the modifiers the state gives (14.42B-D: the
position's :func:`~projections.position.attrition.modifiers.expected_modifiers`, which the audit asks too), and reads
the Attrition Table (14.41, 14.43 Pacific H halved, 14.44 the 2C option). Each drafted event is refused at the first
breach that the audit's queries on such an event find (:data:`DECLARATION_JUDGES`, :data:`LOSS_JUDGES`,
:data:`OCCUPATION_JUDGES`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, AttritionResolved
from awaw_events.vocab import FACTIONS
from projections import game
from projections.position import Position, offensives
from projections.position.attrition import STANDARD_A3R, game_variant, modifiers, occupation
from projections.position.attrition.modifiers import expected_modifiers
from projections.position.common import enemy_controller
from projections.rules import attrition as rules
from replays.commands.base import (
    COMMAND,
    Die,
    Refusal,
    faction_of,
    first_refusal,
    judged_in_turn,
    now,
    own_unit,
    unit_in_play,
)

ATTRITION_PHASE: Final = "attrition"

MODIFIER_CODES: Final = {"ctl": ("ctl", "14.42B"), "winter": ("winter", "14.42C"), "house": ("ctl_sim", "14.42D")}
"""The codes and rules a decided attrition records its 14.42B-D modifiers under (read back by
:func:`projections.rules.attrition.modifier_part`)."""


DECLARATION_JUDGES: Final = (modifiers.attrition_factors, modifiers.attrition_units_once, modifiers.one_roll_per_zone)
"""The position's queries on an attrition's declaration, in the order a refusal names the first breach."""

DECLARED_JUDGES: Final = (offensives.attrition_permitted,)
"""The position's queries on the state after an attrition's declaration (A3R 9.61: the offensives on its front)."""

LOSS_JUDGES: Final = (modifiers.attrition_losses, modifiers.contact_limit, modifiers.loss_sources)
"""The position's queries on an attrition's losses."""

OCCUPATION_JUDGES: Final = (occupation.attrition_occupation,)
"""The position's queries on an attrition's occupation."""


class Attrition(NamedTuple):
    """Attrition ``attrition`` against ``target`` (a country or faction) on ``front`` by the ground units
    ``units``; ``defenders``: the enemy units in contact with them (their CTLs give 14.42B exactly); ``zone``: the
    weather zone; ``take_2c``: the 14.44 choice of 2C for 1C/1H."""

    attrition: str
    target: str
    front: str
    units: tuple[str, ...]
    defenders: tuple[str, ...] = ()
    zone: str | None = None
    take_2c: bool = False
    actor: str | None = None


class AttritionLosses(NamedTuple):
    """The units the defender loses to attrition ``attrition`` (14.51)."""

    attrition: str
    units: tuple[str, ...]


class Occupation(NamedTuple):
    """The attacker's units advancing into the hexes attrition ``attrition`` lets it occupy (14.6): unit -> hex."""

    attrition: str
    moves: Mapping[str, str]


def decide_declaration(pos: Position, command: Attrition) -> list[AnyEvent] | Refusal:
    """The declaration of an attrition, or the first rule it breaks."""
    event = draft_declaration(pos, command)
    if isinstance(event, Refusal):
        return event
    return judged_in_turn(pos, [event], {type(event): DECLARATION_JUDGES}, DECLARED_JUDGES)


def draft_declaration(pos: Position, command: Attrition) -> AnyEvent | Refusal:
    """The ``attrition_declared`` event of a command, as the record has it (the units in play, their factors from
    the board), before the rules are asked; or why the record refuses it."""
    when = now(pos.state)
    if when.get("phase") != ATTRITION_PHASE:
        return Refusal("14.1", f"attrition is resolved in the attrition phase; this is the {when.get('phase')}")
    if command.attrition in pos.state.combat.attritions:
        return Refusal("14.2", f"attrition {command.attrition!r} was already declared this player turn")
    if not command.units:
        return Refusal(COMMAND, "an attrition counts at least one ground unit: name them")
    counted: list[dict[str, Any]] = []
    power = command.actor
    for unit_id in command.units:
        found = own_unit(pos, unit_id, command.actor, "attritions with")
        if isinstance(found, Refusal):
            return found
        unit, acting = found  # a unit that may not be counted: the attrition_factors query judges (14.41, 14.23)
        power = power or acting
        counted.append({"unit": unit_id, "factors": unit.factors})
    assert power is not None
    defenders: list[dict[str, Any]] = []
    for unit_id in command.defenders:
        defender = unit_in_play(pos, unit_id)
        if isinstance(defender, Refusal):
            return defender
        defenders.append({"unit": unit_id, "factors": defender.factors})
    faction = faction_of(power)
    if faction is None or faction not in FACTIONS:
        return Refusal("14.2", f"{power} belongs to no alliance faction")
    fields: dict[str, Any] = {
        "type": "attrition_declared",
        **when,
        "actor": power,
        "attrition": command.attrition,
        "attacker": faction,
        "target": command.target,
        "front": command.front,
        "counted": counted,
        "factors": sum(int(c["factors"]) for c in counted),
        "defenders": defenders,
    }
    if command.zone is not None:
        fields["zone"] = command.zone
    return parse_event(fields, where="the attrition")


def decide_attrition(pos: Position, command: Attrition, die: Die) -> list[AnyEvent] | Refusal:
    """The declaration, the roll and the result of an attrition, or why the rules refuse it."""
    declared = decide_declaration(pos, command)
    if isinstance(declared, Refusal) or not die.known:
        return declared
    after = Position(game.fold(pos.state, declared), pos.map)
    when = now(after.state)
    actor = declared[0].actor
    number = after.next_roll
    faces, source = die.roll(number)
    roll = parse_event(
        {
            "type": "dice_rolled",
            **when,
            "actor": actor,
            "roll": number,
            "purpose": "attrition",
            "dice": faces,
            "source": source,
            "ref": command.attrition,
        },
        where="the roll",
    )
    draft = AttritionResolved(**when, attrition=command.attrition, roll=number, losses=0, hexes=0)
    rolled = Position(game.fold(after.state, [roll]), after.map)
    variant = game_variant(rolled)
    if variant is None:
        return Refusal(COMMAND, STANDARD_A3R)
    expected = expected_modifiers(rolled, draft)
    decl = after.state.combat.attritions[command.attrition]
    modifiers: list[dict[str, Any]] = []
    bonus = rules.factor_modifier(decl.factors)
    if bonus:
        modifiers.append({"code": "factors", "value": bonus, "rule": "14.42A"})
    for part, (code, rule) in MODIFIER_CODES.items():
        allowed = getattr(expected, part) if expected is not None else None
        value = min(allowed) if allowed else 0
        if value:
            modifiers.append({"code": code, "value": value, "rule": rule})
    units = after.board.units
    pacific = rules.on_pacific_map((units[u.unit].location for u in decl.counted if u.unit in units), decl.front)
    outcome = rules.resolve_attrition(
        decl.factors,
        faces[0],
        modifiers=[m["value"] for m in modifiers if m["code"] != "factors"],
        pacific=pacific,
        take_2c=command.take_2c,
        variant=variant,
    )
    resolved = parse_event(
        {
            "type": "attrition_resolved",
            **when,
            "actor": actor,
            "attrition": command.attrition,
            "roll": number,
            "modifiers": modifiers,
            "modified_die": outcome.modified_roll,
            "column": outcome.column_label,
            "losses": outcome.result.counters,
            "hexes": outcome.result.hexes,
            "chose_2c": command.take_2c,
        },
        where="the attrition result",
    )
    return [*declared, roll, resolved]


def decide_attrition_losses(pos: Position, command: AttritionLosses) -> list[AnyEvent] | Refusal:
    """The defender's units lost to an attrition and their elimination (14.51)."""
    decl = pos.state.combat.attritions.get(command.attrition)
    if decl is None:
        return Refusal("14.5", f"no attrition {command.attrition!r} was declared this player turn")
    counters = pos.state.combat.attrition_results.get(command.attrition)
    if counters is None:
        return Refusal("14.5", f"attrition {command.attrition} has no result yet")
    when = now(pos.state)
    losses: list[dict[str, Any]] = []
    removed: list[AnyEvent] = []
    for unit_id in command.units:
        unit = unit_in_play(pos, unit_id)
        if isinstance(unit, Refusal):
            return unit
        losses.append({"unit": unit_id, "factors": unit.factors})
        removed.append(
            parse_event(
                {"type": "unit_eliminated", **when, "unit": unit_id, "cause": "attrition", "ref": command.attrition},
                where="the loss",
            )
        )
    taken = parse_event(
        {"type": "attrition_losses_taken", **when, "attrition": command.attrition, "losses": losses},
        where="the attrition losses",
    )
    refused = first_refusal(pos, taken, LOSS_JUDGES)
    return [taken, *removed] if refused is None else refused


def decide_occupation(pos: Position, command: Occupation) -> list[AnyEvent] | Refusal:
    """The hexes an attrition's attacker occupies, the units that advance into them, and their control (14.6)."""
    decl = pos.state.combat.attritions.get(command.attrition)
    if decl is None:
        return Refusal("14.6", f"no attrition {command.attrition!r} was declared this player turn")
    hexes = pos.state.combat.attrition_hexes.get(command.attrition, 0)
    wanted = list(dict.fromkeys(command.moves.values()))
    if len(wanted) > hexes:
        return Refusal(
            "14.61", f"attrition {command.attrition} lets the attacker occupy {hexes} hex(es), not {len(wanted)}"
        )
    when = now(pos.state)  # a unit that was not counted: the attrition_occupation query judges (14.62)
    power = decl.actor
    occupied = parse_event(
        {
            "type": "attrition_occupation",
            **when,
            "actor": power,
            "attrition": command.attrition,
            "hexes": wanted,
            "moves": [{"unit": u, "to": h} for u, h in command.moves.items()],
        },
        where="the occupation",
    )
    refused = first_refusal(pos, occupied, OCCUPATION_JUDGES)
    if refused is not None:
        return refused
    events: list[AnyEvent] = [occupied]
    for hex_ in wanted:
        if enemy_controller(pos, power, pos.board.control.get(hex_)):
            events.append(
                parse_event(
                    {
                        "type": "hex_control_changed",
                        **when,
                        "hex": hex_,
                        "controller": power,
                        "cause": "attrition_occupation",
                        "ref": command.attrition,
                    },
                    where="the control change",
                )
            )
    return events


def preview_column(events: Sequence[AnyEvent]) -> str | None:
    """The Attrition Table column of a declared attrition (for the question before the roll)."""
    for e in events:
        factors = getattr(e, "factors", None)
        if isinstance(factors, int) and hasattr(e, "counted"):
            return rules.ATTRITION_COLUMNS[rules.attrition_column(factors)].label if factors > 0 else None
    return None
