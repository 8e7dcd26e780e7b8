"""The dice record: which rolls were made, which event each decided, and the seed commitments they answer to.

Die rolls are events of their own (``dice_rolled``), numbered without gaps; the events a roll decides name it by its
number (``roll``). This projection is the index the rules and the audit read: the next roll number, this game turn's
rolls by number with the event that used each, the rolls not yet used, the seed commitments (``game_created``,
``seed_committed``) and the seeded rolls since the latest commitment, to check against the seed once it is revealed.

It stays small in a long game: a roll that was used leaves the record at the next game turn (what remains of it is
the next roll number, so a later reference to it is known to be spent); unused rolls stay until used.
"""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import (
    AirCombatResolved,
    AttritionResolved,
    ColonyAlignmentRolled,
    CombatRoundResolved,
    DiceRolled,
    DiplomaticOutcome,
    DiplomaticResult,
    GameCreated,
    NavalCombatResolved,
    ResearchResult,
    SeedCommitted,
    SeedRevealed,
    SwCombatResolved,
    WeatherDetermined,
)
from projections.core import Context, Handlers

PURPOSES: Final[dict[type, frozenset[str]]] = {
    CombatRoundResolved: frozenset({"crt"}),
    AttritionResolved: frozenset({"attrition"}),
    WeatherDetermined: frozenset({"winter", "weather"}),
    AirCombatResolved: frozenset({"air_combat"}),
    NavalCombatResolved: frozenset({"naval_combat", "interception"}),
    SwCombatResolved: frozenset({"sw"}),
    DiplomaticResult: frozenset({"diplomacy", "vichy"}),
    DiplomaticOutcome: frozenset({"diplomacy", "vichy"}),
    ResearchResult: frozenset({"research"}),
    ColonyAlignmentRolled: frozenset({"colony_alignment"}),
}
"""The events a roll decides, and the roll purposes each may use (``dice_rolled.purpose``)."""

ROLL_USERS: Final = tuple(PURPOSES)

RollUser = (
    CombatRoundResolved
    | AttritionResolved
    | WeatherDetermined
    | AirCombatResolved
    | NavalCombatResolved
    | SwCombatResolved
    | DiplomaticResult
    | DiplomaticOutcome
    | ResearchResult
    | ColonyAlignmentRolled
)


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """A roll made: the event that rolled it, its number in the log, and the event it decided (if any yet)."""

    seq: int
    event: DiceRolled
    used_by: int | None = None


class Commitment(msgspec.Struct, frozen=True, kw_only=True):
    """A seed commitment (SHA-256 of the secret seed), in force from roll ``first_roll`` on."""

    first_roll: int
    commitment: str


class DiceState(msgspec.Struct, kw_only=True):
    """The dice record at one point of the game. Treat it as a value: only the fold mutates a fresh clone."""

    next_roll: int = 1
    """The number the next roll should have (one more than the highest so far)."""
    highest_at: int = 0
    """The event that made the highest roll so far (its stored number: a correction in time inserts a roll that is
    recorded after the rolls it stands before, so they read as lower numbers without going backwards)."""
    rolls: dict[int, Roll] = {}
    """Rolls by number: this game turn's, and earlier ones not used yet."""
    turn: int = -1
    """The game turn ``rolls`` was last pruned at."""
    commitments: list[Commitment] = []
    seeded: list[Roll] = []
    """Seeded rolls since the latest commitment (checked against the seed when it is revealed)."""


HANDLERS: Final = Handlers[DiceState]()


def initial() -> DiceState:
    return DiceState()


def roll(state: DiceState, number: int) -> Roll | None:
    """The roll of that number, if it was made this game turn or is still unused."""
    return state.rolls.get(number)


def faces(state: DiceState, number: int) -> list[int] | None:
    """The faces of roll ``number`` (None when the record no longer holds it, it was never made, or the record
    does not know its faces)."""
    found = state.rolls.get(number)
    return found.event.dice if found is not None and found.event.faces_known else None


def faces_unknown(state: DiceState, number: int) -> bool:
    """Whether roll ``number`` was made but its faces are unknown (a roll a report mentions)."""
    found = state.rolls.get(number)
    return found is not None and not found.event.faces_known


@HANDLERS.on(DiceRolled)
def _rolled(state: DiceState, event: DiceRolled, ctx: Context) -> None:
    turn = ctx.now.turn
    if turn != state.turn:
        state.rolls = {n: r for n, r in state.rolls.items() if r.used_by is None}
        state.turn = turn
    made = Roll(seq=ctx.now.seq, event=event)
    state.rolls.setdefault(event.roll, made)
    if event.roll + 1 > state.next_roll:
        state.next_roll, state.highest_at = event.roll + 1, ctx.now.seq
    if event.source == "seeded":
        state.seeded.append(made)


@HANDLERS.on(*ROLL_USERS)
def _used(state: DiceState, event: RollUser, ctx: Context) -> None:
    number = event.roll
    if number is None:
        return
    found = state.rolls.get(number)
    if found is not None and found.used_by is None:
        state.rolls[number] = msgspec.structs.replace(found, used_by=ctx.now.seq)


@HANDLERS.on(GameCreated)
def _created(state: DiceState, event: GameCreated, ctx: Context) -> None:
    if event.seed_commitment:
        state.commitments.append(Commitment(first_roll=1, commitment=event.seed_commitment))
        state.seeded = []


@HANDLERS.on(SeedCommitted)
def _committed(state: DiceState, event: SeedCommitted, ctx: Context) -> None:
    state.commitments.append(Commitment(first_roll=event.first_roll, commitment=event.seed_commitment))


@HANDLERS.on(SeedRevealed)
def _revealed(state: DiceState, event: SeedRevealed, ctx: Context) -> None:
    state.seeded = []
