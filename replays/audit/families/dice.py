"""Dice: every roll within its die, numbered without gaps, used once for its purpose, and (after the reveal) the
roll the committed seed gives (issue 3; see :mod:`awaw_events.dice`)."""

from __future__ import annotations

from typing import Any, Final

from awaw_events import dice
from awaw_events.codec import tag_of
from awaw_events.events import (
    AirCombatResolved,
    AttritionResolved,
    ColonyAlignmentRolled,
    CombatRoundResolved,
    DiceRolled,
    DiplomaticResult,
    GameCreated,
    NavalCombatResolved,
    ResearchResult,
    SeedCommitted,
    SeedRevealed,
    SwCombatResolved,
    WeatherDetermined,
)
from awaw_events.gametime import label
from replays.audit.engine import AuditContext, Check, Family, Finding, Missing, Result

FAMILY = Family("dice")

PURPOSES: Final[dict[type, frozenset[str]]] = {
    CombatRoundResolved: frozenset({"crt"}),
    AttritionResolved: frozenset({"attrition"}),
    WeatherDetermined: frozenset({"winter", "weather"}),
    AirCombatResolved: frozenset({"air_combat"}),
    NavalCombatResolved: frozenset({"naval_combat", "interception"}),
    SwCombatResolved: frozenset({"sw"}),
    DiplomaticResult: frozenset({"diplomacy", "vichy"}),
    ResearchResult: frozenset({"research"}),
    ColonyAlignmentRolled: frozenset({"colony_alignment"}),
}
"""Which roll purposes may decide which events."""

ROLL_USERS: Final = tuple(PURPOSES)


def rolls(ctx: AuditContext[Any]) -> dict[int, tuple[int, DiceRolled]]:
    """Rolls so far, by roll number: (event number, roll)."""
    found: dict[int, tuple[int, DiceRolled]] = ctx.scratch.setdefault("rolls", {})
    return found


@FAMILY.observe(DiceRolled)
def _remember_roll(ctx: AuditContext[DiceRolled]) -> None:
    rolls(ctx).setdefault(ctx.event.roll, (ctx.seq, ctx.event))
    ctx.scratch["next_roll"] = max(ctx.scratch.get("next_roll", 1), ctx.event.roll + 1)
    if ctx.event.source == "seeded":
        ctx.scratch.setdefault("seeded", []).append((ctx.seq, ctx.event))


@FAMILY.observe(GameCreated, SeedCommitted)
def _remember_commitment(ctx: AuditContext[Any]) -> None:
    event = ctx.event
    if isinstance(event, GameCreated) and event.seed_commitment:
        ctx.scratch.setdefault("commitments", []).append((1, event.seed_commitment))
    elif isinstance(event, SeedCommitted):
        ctx.scratch.setdefault("commitments", []).append((event.first_roll, event.seed_commitment))


@FAMILY.check("dice", "every face lies on its die (1 to its number of sides)", reads=(DiceRolled,))
def check_face_on_die(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    event = ctx.event
    for face in event.dice:
        if not 1 <= face <= event.sides:
            yield c.finding(
                ctx,
                expected=f"1 to {event.sides}",
                recorded=face,
                message=f"roll {event.roll} shows {face} on a d{event.sides}",
            )


@FAMILY.check("dice", "rolls are numbered without gaps, and no number is used twice", reads=(DiceRolled,))
def check_roll_numbering(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    event = ctx.event
    expected = ctx.scratch.get("next_roll", 1)
    if event.roll < expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.roll,
            message=f"roll number {event.roll} was already used (by event {rolls(ctx)[event.roll][0]})"
            if event.roll in rolls(ctx)
            else f"roll number {event.roll} goes backwards",
        )
    elif event.roll > expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.roll,
            message=f"rolls {expected} to {event.roll - 1} are missing: a log restarted to re-roll?",
        )


@FAMILY.check("dice", "physical rolls cannot be verified", reads=(DiceRolled,))
def check_physical_roll(c: Check, ctx: AuditContext[DiceRolled]) -> Result:
    if ctx.event.source == "physical":
        yield Missing(reason="rolls typed in from physical dice are unverifiable")


@FAMILY.check(
    "dice",
    "after the reveal, every seeded roll is the one the committed seed gives",
    reads=(SeedRevealed,),
)
def check_seeded_rolls(c: Check, ctx: AuditContext[SeedRevealed]) -> Result:
    event = ctx.event
    commitments: list[tuple[int, str]] = ctx.scratch.get("commitments", [])
    if not commitments:
        yield c.finding(
            ctx,
            expected="a committed seed",
            recorded="none",
            message="a seed is revealed, but the game never committed to one",
        )
        return
    first, commitment = commitments[-1]
    if dice.commitment(event.seed) != commitment:
        yield c.finding(
            ctx,
            expected=commitment,
            recorded=dice.commitment(event.seed),
            message="the revealed seed does not hash to the game's commitment",
        )
        return
    later = [f for f, _ in commitments if f > first]
    last_roll = min(later) - 1 if later else None
    for seq, roll in ctx.scratch.get("seeded", []):
        if roll.roll < first or (last_roll is not None and roll.roll > last_roll):
            continue
        truth = dice.roll_dice(event.seed, roll.roll, len(roll.dice), roll.sides)
        if truth != roll.dice:
            yield Finding(
                seq=seq,
                game_time=label(roll),
                event_type="dice_rolled",
                rule=c.rule,
                check=c.id,
                expected=str(truth),
                recorded=str(roll.dice),
                message=f"roll {roll.roll} shows {roll.dice}, but the revealed seed gives {truth}",
            )


@FAMILY.check("dice", "a roll decides one result, of its own purpose", reads=ROLL_USERS)
def check_roll_use(c: Check, ctx: AuditContext[Any]) -> Result:
    event: Any = ctx.event
    number = getattr(event, "roll", None)
    if number is None:
        return
    found = rolls(ctx).get(number)
    if found is None:
        yield c.finding(
            ctx,
            expected="an earlier dice_rolled event",
            recorded=f"roll {number}",
            message=f"refers to roll {number}, which was never rolled",
        )
        return
    seq, roll = found
    allowed = PURPOSES[type(event)]
    if roll.purpose not in allowed:
        yield c.finding(
            ctx,
            expected=" or ".join(sorted(allowed)),
            recorded=roll.purpose,
            message=f"uses roll {number} (event {seq}), which was rolled for {roll.purpose}",
        )
    used: dict[int, int] = ctx.scratch.setdefault("roll_used_by", {})
    if number in used:
        yield c.finding(
            ctx,
            expected="a fresh roll",
            recorded=f"roll {number}",
            message=f"roll {number} already decided event {used[number]} ({tag_of(event)} reuses it)",
        )
    else:
        used[number] = ctx.seq
