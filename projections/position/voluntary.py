"""Voluntary eliminations asked of a position (AWAW 13.21, 13.22): when a unit may be eliminated by its owner, and
which units and counters never may.

How the facts are read:

* When: just before the owner's movement phase, or in it before the faction's first move, and at the end of its
  redeployment phase (:data:`projections.rules.movement.VOLUNTARY_PHASES`, 13.21).
* Minor country units, Vichy French ones included, only after activation or association (13.22B): a minor's status
  is the board's (``status_changed``, diplomatic outcomes); Vichy's is ``vichy``'s, or France's ``vichy_activated``
  (:func:`projections.rules.movement.vichy_active`). A status the log does not give is "not checked".
* Airbase counters (13.22D): "may not be voluntarily eliminated, but may be recycled each turn (18.143)": a
  ``counter_removed`` of an airbase whose cause is ``voluntary`` is the fault; any other cause (``recycled``, an
  attrition that emptied the hex, 14.523) is not judged here.
"""

from __future__ import annotations

from awaw_events.events import CounterRemoved, UnitEliminated
from awaw_events.vocab import NAVAL_TYPES, POWERS
from projections import movement as facts
from projections.position.core import Position, Unknown, Verdict, breach, turn_of
from projections.rules import movement as rules
from projections.rules.breach import Breach


def voluntary_elimination(pos: Position, event: UnitEliminated | CounterRemoved) -> Verdict:
    """13.21: voluntary eliminations come just before the owner's movement or at the end of its redeployment, never
    of launched ships (13.22C), of a neutral power's units (13.22A), of a minor's (Vichy's too) before it is active
    (13.22B), or of an airbase counter (13.22D)."""
    if isinstance(event, CounterRemoved):
        if event.counter == "airbase" and event.cause == rules.VOLUNTARY_CAUSE:
            message = f"the airbase counter in {event.location} is voluntarily eliminated: airbase counters never are, "
            message += "they may only be recycled each turn (13.22D, 18.143)"
            return (breach("13.22D", message, "no voluntary elimination of an airbase", event.location),)
        return ()
    if event.cause != rules.VOLUNTARY_CAUSE:
        return ()
    board = pos.state.board
    unit = board.units.get(event.unit)
    if unit is None:
        return ()
    out: list[Breach | Unknown] = []
    problems: list[str] = []
    own_side = facts.side_of(unit.owner)
    faction = facts.faction_of(unit.owner)
    moves = pos.state.movement
    if event.side is not None and own_side != event.side:
        problems.append(f"in the {event.side} player turn, not its owner's (13.21)")
    elif event.phase is not None and event.phase not in rules.VOLUNTARY_PHASES:
        problems.append(f"in the {event.phase.replace('_', ' ')} phase (13.21: before movement, end of redeployment)")
    elif event.phase == "movement" and moves.player_turn == (turn_of(event), event.side):
        first = moves.first_move.get(faction) if faction is not None else None
        if first is not None:
            problems.append(f"after its faction began to move (event {first}; 13.21)")
    if unit.unit_type in NAVAL_TYPES and not unit.location.startswith("chart:"):
        problems.append(f"a launched naval unit ({rules.VOLUNTARY_NAVAL_RULE})")
    if not any(unit.owner in key.split("|") for key in board.wars):
        problems.append(f"{unit.owner} is a neutral major power (13.22A)")
    nationality = unit.nationality
    if nationality == "vichy":
        active = rules.vichy_active(board.statuses)
        if active is None:
            out.append(Unknown(reason="whether Vichy France is activated or associated (13.22B) is not recorded"))
        elif not active:
            problems.append("Vichy France is not yet activated or associated (13.22B)")
    elif nationality not in POWERS and ":" not in nationality and nationality != "free_french":
        status = board.statuses.get(nationality)
        if status is None:
            out.append(Unknown(reason=f"the status of {nationality} (minor units: 13.22B) is not recorded"))
        elif status not in rules.ACTIVE_MINOR_STATUSES:
            problems.append(f"{nationality} is {status.replace('_', ' ')}, not yet activated or associated (13.22B)")
    if problems:
        out.append(
            breach(
                "13.21",
                f"{event.unit} is voluntarily eliminated {'; '.join(problems)}",
                "a legal voluntary elimination",
                "; ".join(problems),
            )
        )
    return out
