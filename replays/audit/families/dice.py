"""Dice (:mod:`projections.position.dice`): every roll within its die, numbered without gaps, used once for its
purpose, and (after the reveal) the roll the committed seed gives."""

from __future__ import annotations

from awaw_events.events import DiceRolled, SeedRevealed
from awaw_events.gametime import label
from projections.position import dice as queries
from replays.audit.engine import AuditContext, Check, Family, Finding, Result, check, judge


def check_roll_numbering(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    """Rolls are numbered without gaps (the position judges; the event's number in the log is the audit's)."""
    return queries.roll_numbering(ctx.position, ctx.event, ctx.seq)


def check_seeded_rolls(c: Check, ctx: AuditContext[SeedRevealed]) -> Result:
    """The revealed seed and each seeded roll it contradicts; a roll's finding is the earlier roll event's (the
    audit's own record-keeping: the position judges, :func:`projections.position.dice.seeded_rolls`)."""
    yield from queries.seed_commitment(ctx.position, ctx.event)
    for seq, roll, b in queries.seeded_rolls(ctx.position, ctx.event):
        yield Finding(
            seq=seq,
            game_time=label(roll),
            event_type="dice_rolled",
            rule=c.rule,
            check=c.id,
            expected=str(b.allowed),
            recorded=str(b.actual),
            message=b.message,
        )


FAMILY = Family(
    "dice",
    judge(queries.face_on_die, "dice"),
    check(
        check_roll_numbering,
        "dice",
        "rolls are numbered without gaps, and no number is used twice",
        reads=(DiceRolled,),
    ),
    judge(queries.physical_roll, "dice"),
    check(
        check_seeded_rolls,
        "dice",
        "after the reveal, every seeded roll is the one the committed seed gives",
        reads=(SeedRevealed,),
    ),
    judge(queries.roll_use, "dice"),
)
