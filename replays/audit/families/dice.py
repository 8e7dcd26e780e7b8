"""Dice: every roll within its die, numbered without gaps, used once for its purpose, and (after the reveal) the
roll the committed seed gives (see :mod:`awaw_events.dice`). The record of rolls is :mod:`projections.dice`."""

from __future__ import annotations

from awaw_events import dice
from awaw_events.codec import tag_of
from awaw_events.events import DiceRolled, SeedRevealed
from awaw_events.gametime import label
from projections.dice import PURPOSES, ROLL_USERS, RollUser
from replays.audit.engine import AuditContext, Check, Family, Finding, Missing, Result

FAMILY = Family("dice")


@FAMILY.check("dice", "every face lies on its die (1 to its number of sides)", reads=(DiceRolled,))
def check_face_on_die(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    event = ctx.event
    for face in event.dice:
        if not 1 <= face <= event.sides:
            yield c.finding(
                ctx,
                expected=f"1 to {event.sides}",
                recorded=face,
                message=f"roll #{event.roll} shows {face} on a d{event.sides}",
            )


@FAMILY.check("dice", "rolls are numbered without gaps, and no number is used twice", reads=(DiceRolled,))
def check_roll_numbering(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    event = ctx.event
    record = ctx.state.dice
    expected = record.next_roll
    if event.roll < expected:
        earlier = record.rolls.get(event.roll)
        if earlier is None and record.highest_at > ctx.seq:
            return  # the higher rolls were recorded after this one, by a correction in time that stands earlier
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.roll,
            message=f"roll number #{event.roll} was already used (by event {earlier.seq})"
            if earlier is not None
            else f"roll number #{event.roll} goes backwards",
        )
    elif event.roll > expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.roll,
            message=f"rolls #{expected} to #{event.roll - 1} are missing: a log restarted to re-roll?",
        )


@FAMILY.check("dice", "physical rolls cannot be verified", reads=(DiceRolled,))
def check_physical_roll(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    if ctx.event.source == "physical":
        yield Missing(reason="rolls typed in from physical dice are unverifiable")


@FAMILY.check("dice", "after the reveal, every seeded roll is the one the committed seed gives", reads=(SeedRevealed,))
def check_seeded_rolls(c: Check, ctx: AuditContext[SeedRevealed]) -> Result:
    event = ctx.event
    commitments = ctx.state.dice.commitments
    if not commitments:
        yield c.finding(
            ctx,
            expected="a committed seed",
            recorded="none",
            message="a seed is revealed, but the game never committed to one",
        )
        return
    latest = commitments[-1]
    if dice.commitment(event.seed) != latest.commitment:
        yield c.finding(
            ctx,
            expected=latest.commitment,
            recorded=dice.commitment(event.seed),
            message="the revealed seed does not hash to the game's commitment",
        )
        return
    for made in ctx.state.dice.seeded:
        roll = made.event
        if roll.roll < latest.first_roll:
            continue
        truth = dice.roll_dice(event.seed, roll.roll, len(roll.dice), roll.sides)
        if truth != roll.dice:
            yield Finding(
                seq=made.seq,
                game_time=label(roll),
                event_type="dice_rolled",
                rule=c.rule,
                check=c.id,
                expected=str(truth),
                recorded=str(roll.dice),
                message=f"roll #{roll.roll} shows {roll.dice}, but the revealed seed gives {truth}",
            )


@FAMILY.check("dice", "a roll decides one result, of its own purpose", reads=ROLL_USERS)
def check_roll_use(c: Check, ctx: AuditContext[RollUser]) -> Result:
    event = ctx.event
    number = event.roll
    if number is None:
        return
    record = ctx.state.dice
    found = record.rolls.get(number)
    if found is None:
        if number < record.next_roll:
            yield c.finding(
                ctx,
                expected="a fresh roll",
                recorded=f"roll #{number}",
                message=f"roll #{number} already decided an event of an earlier game turn ({tag_of(event)} reuses it)",
            )
        else:
            yield c.finding(
                ctx,
                expected="an earlier dice_rolled event",
                recorded=f"roll #{number}",
                message=f"refers to roll #{number}, which was never rolled",
            )
        return
    allowed = PURPOSES[type(event)]
    if found.event.purpose not in allowed:
        yield c.finding(
            ctx,
            expected=" or ".join(sorted(allowed)),
            recorded=found.event.purpose,
            message=f"uses roll #{number} (event {found.seq}), which was rolled for {found.event.purpose}",
        )
    if found.used_by is not None:
        yield c.finding(
            ctx,
            expected="a fresh roll",
            recorded=f"roll #{number}",
            message=f"roll #{number} already decided event {found.used_by} ({tag_of(event)} reuses it)",
        )
