"""``awaw move``: a unit moves along a path of hexes, in the movement phase or exploiting from a breakthrough.

Decided here: that the unit is on the board and its player's (the record's refusals), that ground units move in
their own player turn and in the movement or exploitation phase (13.11, 16.3), that a path steps from hex to
adjacent hex from where the unit stands (10-16 extract 1.15), the movement factors spent (13.41: one a hex entered
when the player gives none; the audit prices terrain and zones of control from the map data), the exploitation
allowance of a unit's first exploitation move (16.31), and the control of the enemy hexes the unit enters (29.21).
The audit of the decided events runs before they are appended, so a cost or an allowance it disputes is shown then.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.vocab import GROUND_TYPES
from projections.combat import unit_ctl
from projections.rules import combat as combat_rules
from projections.rules.geometry import GeometryError
from projections.rules.sequence import MOVE_PHASES
from replays import records
from replays.commands.base import Refusal, Table, enemy_controller, now, own_unit, side_of


class Move(NamedTuple):
    """Move ``unit`` along ``path`` (the hexes it enters, in order). ``mf``: the movement factors spent, when the
    player counts them (default: one a hex entered). ``breakthrough``: the breakthrough an exploiting unit moves
    from (the exploitation phase). ``actor``: the power that moves it, where control of the unit is open."""

    unit: str
    path: tuple[str, ...]
    mf: int | None = None
    breakthrough: str | None = None
    actor: str | None = None


def decide_move(table: Table, command: Move) -> list[AnyEvent] | Refusal:
    """The events of a move, or why the rules refuse it."""
    found = own_unit(table, command.unit, command.actor)
    if isinstance(found, Refusal):
        return found
    unit, power = found
    when = now(table.state)
    phase, side = when["phase"], when["side"]
    if phase not in MOVE_PHASES:
        return Refusal("13.11", f"units move in the movement or exploitation phase; this is the {phase} phase")
    if unit.unit_type in GROUND_TYPES and side is not None and side_of(unit.owner) != side:
        return Refusal("13.11", f"{unit.id} is {side_of(unit.owner)}: ground units move in their own player turn")
    off = records.on_board_problem(table.board, unit.id, "unit")
    if off is not None:
        return Refusal(records.RULE, off.message)
    path = list(command.path)
    broken = _path_problem(table, unit.location, path)
    if broken is not None:
        return broken
    events: list[AnyEvent] = []
    exploiting = phase == "exploitation"
    if exploiting:
        found_allowance = _allowance(table, command, when, power)
        if isinstance(found_allowance, Refusal):
            return found_allowance
        events += found_allowance
    fields: dict[str, Any] = {
        "type": "unit_moved",
        **when,
        "actor": power,
        "unit": unit.id,
        "path": path,
        "mf_used": command.mf if command.mf is not None else len(path),
    }
    if exploiting:
        fields |= {"exploitation": True, "breakthrough": command.breakthrough}
    events.append(parse_event(fields, where="the move"))
    if unit.unit_type in GROUND_TYPES:
        events += _control(table, path, power, when, exploiting, command.breakthrough)
    return events


def _path_problem(table: Table, start: str, path: list[str]) -> Refusal | None:
    if not path:
        return Refusal("13.4", "a move names the hexes the unit enters: the path is empty")
    if path[0] == start:
        return Refusal("13.4", f"a path lists the hexes the unit enters, not the one it stands in ({start})")
    grid = table.grid
    previous = start
    for hex_ in path:
        spelled = records.hex_problem(hex_, "path")
        if spelled is not None:
            return Refusal(records.RULE, spelled.message)
        try:
            adjacent = previous.startswith(("EUR:", "PAC:")) and grid.adjacent(previous, hex_)
        except GeometryError as exc:
            return Refusal("10-16 extract 1.15", str(exc))
        if not adjacent:
            return Refusal(
                "10-16 extract 1.15", f"{hex_} is not next to {previous}: a unit moves from hex to adjacent hex"
            )
        previous = hex_
    return None


def _allowance(table: Table, command: Move, when: dict[str, Any], power: str) -> list[AnyEvent] | Refusal:
    """An exploiting unit's breakthrough, and its exploitation allowance if it has none yet this turn (16.31)."""
    combat = table.state.combat
    if command.breakthrough is None:
        names = ", ".join(sorted(combat.breakthroughs)) or "none this player turn"
        return Refusal("16.2", f"an exploiting unit moves from a breakthrough: name it (breakthroughs: {names})")
    breakthrough = combat.breakthroughs.get(command.breakthrough)
    if breakthrough is None:
        return Refusal("16.1", f"no breakthrough {command.breakthrough!r} was created this player turn")
    if command.unit in combat.allowances:
        return []
    allowance = exploitation_allowance(table, command.unit, breakthrough.attack)
    if allowance is None:
        return Refusal("16.31", f"{command.unit} may not exploit (CTL 0 or less, or the breakthrough hex forbids it)")
    return [
        parse_event(
            {
                "type": "exploitation_allowance",
                **when,
                "actor": power,
                "unit": command.unit,
                "breakthrough": command.breakthrough,
                "allowance": allowance,
            },
            where="the exploitation allowance",
        )
    ]


def exploitation_allowance(table: Table, unit_id: str, attack_id: str) -> int | None:
    """The exploitation movement allowance of a unit from the breakthrough of an attack (16.31; house 15.82), from
    its printed movement factors (0 when the log does not give them: the audit says what it could not check)."""
    state = table.state
    unit = state.board.units[unit_id]
    printed = unit.movement or 0
    attack = state.combat.attacks.get(attack_id)
    crt = attack.table if attack is not None else None
    if crt == "a3r_house":
        nationality = combat_rules.house_nationality(unit.nationality, unit.unit_type)
        return combat_rules.house_exploitation_allowance(printed, nationality, state.clock.year, state.clock.season)
    if attack is None:
        return printed
    ctl = unit_ctl(state.board, unit_id)
    declared = attack.declared
    return combat_rules.exploitation_allowance(
        printed,
        ctl=ctl if ctl is not None else 0,
        theater=combat_rules.theater_of(declared.defender_hexes[0]),
        breakthrough_terrain=combat_rules.breakthrough_terrain(declared.terrain),
        japanese=unit.nationality == "japan",
        invasion_breakthrough=attack.invasion,
        order=combat_rules.exploit_order(state.meta.options),
    )


def _control(
    table: Table, path: list[str], power: str, when: dict[str, Any], exploiting: bool, ref: str | None
) -> list[AnyEvent]:
    """The enemy hexes a ground unit enters pass to its power (29.21): one control change each."""
    control = table.board.control
    changes: list[AnyEvent] = []
    for hex_ in dict.fromkeys(path):
        if enemy_controller(table, power, control.get(hex_)):
            fields: dict[str, Any] = {
                "type": "hex_control_changed",
                **when,
                "hex": hex_,
                "controller": power,
                "cause": "exploitation" if exploiting else "movement",
            }
            if ref is not None:
                fields["ref"] = ref
            changes.append(parse_event(fields, where="the control change"))
    return changes
