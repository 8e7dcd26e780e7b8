"""What several families of checks share: reading rolls, naming things in messages."""

from __future__ import annotations

from typing import Any

from awaw_events.events import DiceRolled
from projections import dice
from projections.rules.dice import DIE_FACES
from replays.audit.engine import AuditContext


def rolled(ctx: AuditContext[Any], number: int | None) -> DiceRolled | None:
    """The ``dice_rolled`` event of roll ``number``, if the dice record holds it (the dice family reports a roll that
    was never made)."""
    if number is None:
        return None
    found = dice.roll(ctx.state.dice, number)
    return found.event if found is not None else None


def die_face(ctx: AuditContext[Any], number: int | None) -> int | None:
    """The face of the single die of roll ``number`` (None when unknown or not a face of a six-sided die)."""
    found = rolled(ctx, number)
    if found is None or not found.dice:
        return None
    face = found.dice[0]
    return face if 1 <= face <= DIE_FACES else None
