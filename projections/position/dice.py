"""The dice record asked of a position: every roll within its die, numbered without gaps, used once for its purpose,
and (after the reveal) the roll the committed seed gives (:mod:`awaw_events.dice`). The record of rolls is
:mod:`projections.dice`."""

from __future__ import annotations

from collections.abc import Iterator

from awaw_events import dice
from awaw_events.codec import tag_of
from awaw_events.events import DiceRolled, SeedRevealed
from projections.dice import PURPOSES, RollUser
from projections.position.core import Position, Unknown, Verdict, breach
from projections.rules.breach import Breach


def face_on_die(pos: Position, event: DiceRolled) -> Verdict:
    """dice: every face lies on its die (1 to its number of sides)"""
    return [
        breach("dice", f"roll #{event.roll} shows {face} on a d{event.sides}", f"1 to {event.sides}", face)
        for face in event.dice
        if not 1 <= face <= event.sides
    ]


def roll_numbering(pos: Position, event: DiceRolled, seq: int) -> Verdict:
    """Rolls are numbered without gaps, and no number is used twice (``seq``: the event's number in the log, where a
    correction in time may stand earlier than events recorded before it)."""
    record = pos.state.dice
    expected = record.next_roll
    if event.roll < expected:
        earlier = record.rolls.get(event.roll)
        if earlier is None and record.highest_at > seq:
            return ()  # the higher rolls were recorded after this one, by a correction in time that stands earlier
        message = (
            f"roll number #{event.roll} was already used (by event {earlier.seq})"
            if earlier is not None
            else f"roll number #{event.roll} goes backwards"
        )
        return (breach("dice", message, expected, event.roll),)
    if event.roll > expected:
        message = f"rolls #{expected} to #{event.roll - 1} are missing: a log restarted to re-roll?"
        return (breach("dice", message, expected, event.roll),)
    return ()


def physical_roll(pos: Position, event: DiceRolled) -> Verdict:
    """dice: physical rolls cannot be verified"""
    return (Unknown(reason="rolls typed in from physical dice are unverifiable"),) if event.source == "physical" else ()


def seed_commitment(pos: Position, event: SeedRevealed) -> Verdict:
    """dice: a revealed seed is the one the game committed to (its hash is the commitment)"""
    commitments = pos.state.dice.commitments
    if not commitments:
        return (breach("dice", "a seed is revealed, but the game never committed to one", "a committed seed", "none"),)
    latest = commitments[-1]
    if dice.commitment(event.seed) != latest.commitment:
        message = "the revealed seed does not hash to the game's commitment"
        return (breach("dice", message, latest.commitment, dice.commitment(event.seed)),)
    return ()


def seeded_rolls(pos: Position, event: SeedRevealed) -> Iterator[tuple[int, DiceRolled, Breach]]:
    """After the reveal, every seeded roll that is not the one the committed seed gives: the roll's event number,
    the roll and the breach (a finding of that earlier event)."""
    commitments = pos.state.dice.commitments
    if not commitments or dice.commitment(event.seed) != commitments[-1].commitment:
        return
    for made in pos.state.dice.seeded:
        roll = made.event
        if roll.roll < commitments[-1].first_roll:
            continue
        truth = dice.roll_dice(event.seed, roll.roll, len(roll.dice), roll.sides)
        if truth != roll.dice:
            message = f"roll #{roll.roll} shows {roll.dice}, but the revealed seed gives {truth}"
            yield made.seq, roll, breach("dice", message, str(truth), str(roll.dice))


def roll_use(pos: Position, event: RollUser) -> Verdict:
    """dice: a roll decides one result, of its own purpose"""
    number = event.roll
    if number is None:
        return ()
    record = pos.state.dice
    found = record.rolls.get(number)
    if found is None:
        if number < record.next_roll:
            message = f"roll #{number} already decided an event of an earlier game turn ({tag_of(event)} reuses it)"
            return (breach("dice", message, "a fresh roll", f"roll #{number}"),)
        message = f"refers to roll #{number}, which was never rolled"
        return (breach("dice", message, "an earlier dice_rolled event", f"roll #{number}"),)
    out = []
    allowed = PURPOSES[type(event)]
    if found.event.purpose not in allowed:
        message = f"uses roll #{number} (event {found.seq}), which was rolled for {found.event.purpose}"
        out.append(breach("dice", message, " or ".join(sorted(allowed)), found.event.purpose))
    if found.used_by is not None:
        message = f"roll #{number} already decided event {found.used_by} ({tag_of(event)} reuses it)"
        out.append(breach("dice", message, "a fresh roll", f"roll #{number}"))
    return out
