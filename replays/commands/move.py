"""``awaw move``: a unit moves along a path of hexes, in the movement phase or exploiting from a breakthrough.

Decided with the position's movement queries (:mod:`projections.position.movement`), the ones the audit asks of a
recorded move: the record's refusals first (a unit in play and its player's, hexes spelt as the map spells them),
then the path's shape, the order and phase of movement, what the path costs (terrain, hexsides, ZoCs, overruns:
``mf_used`` is computed, never typed), the allowance, the hexsides and hexes it may not enter. A breach of any is a
refusal naming the rule; what the map data cannot decide is recorded at the least it can cost, and the preview's
audit names the missing fact. Then the exploitation allowance of a unit's first exploitation move (16.31), and the
control of the enemy hexes the unit enters (29.21). Armor placed on its breakthrough hex (16.21) pays nothing for
the placement (16.23): the move is priced from there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, UnitMoved
from awaw_events.vocab import GROUND_TYPES
from projections.position import Judged, Position, Unknown
from projections.position import movement as queries
from projections.position.combat import advance as exploitation
from projections.position.common import enemy_controller
from projections.rules.breach import Breach
from replays import records
from replays.commands.base import Refusal, acting, first_refusal, now

JUDGES: Final = (
    queries.mover,
    queries.order_of_movement,
    queries.path_shape,
    queries.occupied_hexes,
    queries.hexes_entered,
    queries.movement_cost,
)
"""The position's queries on a move, in the order a refusal names the first breach: the same functions the
movement family of the audit asks of a recorded move."""


class Move(NamedTuple):
    """Move ``unit`` along ``path`` (the hexes it enters, in order). ``breakthrough``: the breakthrough an exploiting
    unit moves from (the exploitation phase). ``actor``: the power that moves it, where control of the unit is
    open."""

    unit: str
    path: tuple[str, ...]
    breakthrough: str | None = None
    actor: str | None = None


def decide_move(pos: Position, command: Move) -> list[AnyEvent] | Refusal:
    """The events of a move, or why the rules refuse it."""
    found = acting(pos, command.unit, command.actor)
    if isinstance(found, Refusal):
        return found
    unit, power = found
    when = now(pos.state)
    off = records.on_board_problem(pos.board, unit.id, "unit")
    if off is not None:
        return Refusal(records.RULE, off.message)
    path = list(command.path)
    if not path:
        return Refusal(records.RULE, "a move names the hexes the unit enters: the path is empty")
    for hex_ in path:
        spelled = records.hex_problem(hex_, "path")
        if spelled is not None:
            return Refusal(records.RULE, spelled.message)
    exploiting = when["phase"] == "exploitation"
    fields: dict[str, Any] = {"type": "unit_moved", **when, "actor": power, "unit": unit.id, "path": path}
    if exploiting:
        fields |= {"exploitation": True, "breakthrough": command.breakthrough}
    draft = parse_event(fields, where="the move")
    assert isinstance(draft, UnitMoved)
    shape = _first_breach(queries.mover(pos, draft)) or _first_breach(queries.path_shape(pos, draft))
    if shape is not None:
        return _refusal(shape)
    start, route = queries.moving(pos, draft, unit)  # armor placed on its breakthrough hex moves on from there (16.21)
    ground = unit.unit_type in GROUND_TYPES
    cost = queries.path_cost(pos, start, route.path, draft, exploiting=exploiting) if ground else None
    fields["mf_used"] = cost.answer.least if cost is not None else len(path)
    move = parse_event(fields, where="the move")
    assert isinstance(move, UnitMoved)
    for judge in JUDGES:
        broken = _first_breach(judge(pos, move))
        if broken is not None:
            return _over_allowance(pos, move, broken, cost.answer if cost is not None else None, start.location)
    events: list[AnyEvent] = []
    if exploiting:
        found_allowance = _allowance(pos, command, when, power)
        if isinstance(found_allowance, Refusal):
            return found_allowance
        events += found_allowance
    events.append(move)
    if unit.unit_type in GROUND_TYPES:
        events += _control(pos, path, power, when, exploiting, command.breakthrough)
    return events


def _first_breach(found: Iterable[Breach | Unknown]) -> Breach | None:
    return next((b for b in found if type(b) is Breach), None)


def _refusal(found: Breach) -> Refusal:
    return Refusal(found.rule, found.message)


def _over_allowance(
    pos: Position, move: UnitMoved, found: Breach, cost: queries.PathCost | None, previous: str
) -> Refusal:
    """A move over the allowance, in the words of what the unit has left and what the path costs (13.42)."""
    unit = pos.board.units[move.unit]
    if found.rule != "13.42" or cost is None:
        return _refusal(found)
    left = queries.mf_left(pos, unit, move)
    parts = []
    for step, armor in zip(cost.steps, cost.zoc_of, strict=True):
        part = f"{step.terrain if step.terrain is not None else 1} to enter {step.hex}"
        if step.zoc:
            part += f", {step.zoc} more to leave the ZoC of {armor} at {previous} (13.41D)"
        if step.overrun:
            part += f", {step.overrun} more to overrun it (13.56)"
        parts.append(part)
        previous = step.hex
    at_least = "" if cost.exact else "at least "
    return Refusal(
        "13.42",
        f"{move.unit} has {left} MF left; the path costs {at_least}{cost.least} MF: {'; '.join(parts)}",
    )


def reach(pos: Position, unit_id: str, actor: str | None = None) -> Judged[tuple[queries.Reach, ...]] | Refusal:
    """Where a unit can move now, and at what cost (:func:`projections.position.movement.reachable`)."""
    found = acting(pos, unit_id, actor)
    if isinstance(found, Refusal):
        return found
    unit, power = found
    when = pos.state.clock
    trial = parse_event(
        {"type": "unit_moved", **now(pos.state), "actor": power, "unit": unit.id, "path": [unit.location]}
    )
    refused = first_refusal(pos, trial, (queries.mover, queries.order_of_movement))
    if refused is not None:
        return refused  # whether the unit may move now: the audit's judges of a recorded move
    return queries.reachable(pos, unit, when, exploiting=when.phase == "exploitation")


def _allowance(pos: Position, command: Move, when: dict[str, Any], power: str) -> list[AnyEvent] | Refusal:
    """An exploiting unit's breakthrough, and its exploitation allowance if it has none yet this turn (16.31)."""
    combat = pos.state.combat
    if command.breakthrough is None:
        names = ", ".join(sorted(combat.breakthroughs)) or "none this player turn"
        return Refusal("16.2", f"an exploiting unit moves from a breakthrough: name it (breakthroughs: {names})")
    breakthrough = combat.breakthroughs.get(command.breakthrough)
    if breakthrough is None:
        return Refusal("16.1", f"no breakthrough {command.breakthrough!r} was created this player turn")
    if command.unit in combat.allowances:
        return []
    found = exploitation.allowance(pos, command.unit, command.breakthrough, pos.state.clock)
    if isinstance(found, Unknown):
        return []  # not recorded: the preview's audit says what the position lacks to compute it
    fields = {"type": "exploitation_allowance", **when, "actor": power, "unit": command.unit,
              "breakthrough": command.breakthrough, "allowance": found[0] or 0}  # fmt: skip
    claimed = parse_event(fields, where="the exploitation allowance")
    refused = first_refusal(pos, claimed, (exploitation.exploitation_allowance,))  # 16.31: None, it may not exploit
    return [claimed] if refused is None else refused


def _control(
    pos: Position, path: list[str], power: str, when: dict[str, Any], exploiting: bool, ref: str | None
) -> list[AnyEvent]:
    """The enemy hexes a ground unit enters pass to its power (29.21): one control change each."""
    control = pos.board.control
    changes: list[AnyEvent] = []
    for hex_ in dict.fromkeys(path):
        if enemy_controller(pos, power, control.get(hex_)):
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
