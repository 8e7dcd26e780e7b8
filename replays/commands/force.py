"""``--force``: a move the position forbids, recorded anyway as a disputed action, for the rare table that agrees to
bend a rule. The move is the one the player asked for, with the ``mf_used`` the position computes for its path
(never a number typed in), no control change drawn from it, and a ``note_added`` on it that names it disputed and
quotes the refusal; the audit then lists its findings like any other claim's.

What the record refuses (a unit that is not on the board, a misspelt hex, another side's unit) is never forced:
those are not rules a table can agree to bend, they are a log that cannot be read.
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.vocab import GROUND_TYPES
from projections.position import Position
from projections.position import movement as queries
from replays import records
from replays.commands.base import Refusal, now, own_unit
from replays.commands.move import Move, decide_move

DISPUTED: Final = "disputed (--force): "
"""How a forced action's note begins, so that a reader of the log (and ``awaw log``) sees it for what it is."""


def forced_move(pos: Position, command: Move) -> list[AnyEvent] | Refusal:
    """The move as decided when the rules allow it; otherwise the move as asked, its note, and no control change.
    A refusal of the record itself stands."""
    decided = decide_move(pos, command)
    if not isinstance(decided, Refusal):
        return decided
    found = own_unit(pos, command.unit, command.actor)
    if isinstance(found, Refusal):
        return found
    unit, power = found
    if not command.path:
        return decided
    problem = records.on_board_problem(pos.board, unit.id, "unit") or next(
        (p for p in (records.hex_problem(h, "path") for h in command.path) if p is not None), None
    )
    if problem is not None:
        return Refusal(records.RULE, problem.message)
    when = now(pos.state)
    exploiting = when.get("phase") == "exploitation"
    fields: dict[str, Any] = {"type": "unit_moved", **when, "actor": power, "unit": unit.id, "path": list(command.path)}
    if exploiting:
        fields |= {"exploitation": True, "breakthrough": command.breakthrough}
    draft = parse_event(fields, where="the move")
    if unit.unit_type in GROUND_TYPES:
        cost = queries.path_cost(pos, unit, list(command.path), draft, exploiting=exploiting)
        fields["mf_used"] = cost.answer.least
    else:
        fields["mf_used"] = len(command.path)
    move = parse_event(fields, where="the move")
    note = parse_event(
        {"type": "note_added", **when, "actor": power, "about": pos.state.clock.seq + 1,
         "text": f"{DISPUTED}{decided}"},
        where="the note",
    )  # fmt: skip
    return [move, note]
