"""Verifiable dice: rolls derived from a committed secret seed (issue 3).

Construction (``hmac-sha256-v1``), checkable with ten lines of Python::

    import hashlib, hmac
    def face(seed_hex: str, roll: int, index: int, sides: int) -> int:
        key = bytes.fromhex(seed_hex)
        limit = 2**64 - (2**64 % sides)          # reject the biased tail: every face equally likely
        counter = 0
        while True:
            msg = f"awaw-dice/v1/{roll}/{index}/{counter}".encode()
            value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
            if value < limit:
                return value % sides + 1
            counter += 1

The game's first event publishes ``sha256(seed)`` (the commitment); the seed stays private in the store until
``awaw reveal`` publishes it, after which anyone holding the log can recompute every seeded roll and check the
commitment. Each roll's number is gap-free, so a log restarted to re-roll shows the gap.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from awaw_events.events import DiceRolled, Event, GameCreated, SeedCommitted, SeedRevealed

SCHEME = "hmac-sha256-v1"


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes, hex."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The public commitment to a seed: ``sha256(seed bytes)``, hex."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def face(seed: str, roll: int, index: int, sides: int) -> int:
    """The face of die ``index`` (0-based) of roll number ``roll``: uniform on 1..sides by rejection sampling."""
    if sides < 2:
        raise ValueError(f"a die has at least 2 sides, not {sides}")
    key = bytes.fromhex(seed)
    limit = 2**64 - (2**64 % sides)
    counter = 0
    while True:
        msg = f"awaw-dice/v1/{roll}/{index}/{counter}".encode()
        value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
        if value < limit:
            return value % sides + 1
        counter += 1


def dice_words(faces: Sequence[int]) -> str:
    """A roll's faces as wargamers say them: ``die 5``, ``dice 4 and 2`` (never a bare number, which reads as a
    roll's sequence number, shown ``#3``)."""
    shown = [str(f) for f in faces]
    if len(shown) == 1:
        return f"die {shown[0]}"
    return "dice " + ", ".join(shown[:-1]) + " and " + shown[-1] if shown else "no dice"


def roll_dice(seed: str, roll: int, count: int = 1, sides: int = 6) -> list[int]:
    """The faces of roll number ``roll``."""
    return [face(seed, roll, index, sides) for index in range(count)]


class DiceProblem(NamedTuple):
    """A roll that cannot be what the log says: its event number and what is wrong."""

    seq: int
    message: str


class DiceReport(NamedTuple):
    """What checking the rolls of a log found."""

    problems: tuple[DiceProblem, ...]
    verified: int
    """seeded rolls recomputed from a revealed seed and found equal"""
    unrevealed: int
    """seeded rolls whose seed is not revealed yet (checkable later)"""
    physical: int
    """rolls typed in from real dice (unverifiable)"""


class RollChecker:
    """Checks every roll of a log, one event at a time (so that ``verify`` checks the dice in its one walk).

    Rolls are numbered without gaps or reuse; each seeded roll is recomputed from its seed once the seed is
    revealed; a seeded roll made after its seed was revealed is a problem (anyone holding the log could have
    predicted it). A seed's commitment comes from ``game_created`` (rolls from 1) or ``seed_committed`` (rolls from
    its ``first_roll``); ``seed_revealed`` publishes the seed of the commitment in force, which must hash to it.
    """

    def __init__(self) -> None:
        self.problems: list[DiceProblem] = []
        self.commitments: list[tuple[int, str]] = []  # (first roll, commitment), in order
        self.seeded: list[tuple[int, DiceRolled]] = []
        self.revealed: dict[str, str] = {}
        self.revealed_from: dict[str, tuple[int, int]] = {}  # commitment -> (first roll after it, reveal event)
        self.physical = 0
        self.expected = 1

    def see(self, seq: int, event: Event) -> None:
        if isinstance(event, GameCreated) and event.seed_commitment:
            self.commitments.append((1, event.seed_commitment))
        elif isinstance(event, SeedCommitted):
            self.commitments.append((event.first_roll, event.seed_commitment))
        elif isinstance(event, SeedRevealed):
            self._reveal(seq, event)
        elif isinstance(event, DiceRolled):
            if event.roll != self.expected:
                what = "reuses" if event.roll < self.expected else "skips to"
                self.problems.append(
                    DiceProblem(seq, f"event {seq} {what} roll #{event.roll}; the next roll was #{self.expected}")
                )
            self.expected = max(self.expected, event.roll + 1)
            if event.source == "physical":
                self.physical += 1
            else:
                self.seeded.append((seq, event))

    def _reveal(self, seq: int, event: SeedRevealed) -> None:
        if not self.commitments:
            self.problems.append(DiceProblem(seq, f"event {seq} reveals a seed, but no seed was ever committed"))
            return
        current = self.commitments[-1][1]
        if commitment(event.seed) != current:
            self.problems.append(
                DiceProblem(seq, f"event {seq} reveals a seed that does not match the commitment {current[:12]}...")
            )
            return
        self.revealed[current] = event.seed
        self.revealed_from.setdefault(current, (self.expected, seq))

    def report(self) -> DiceReport:
        problems = list(self.problems)
        verified = unrevealed = 0
        for seq, roll in self.seeded:
            active = [c for first, c in self.commitments if first <= roll.roll]
            if not active:
                problems.append(
                    DiceProblem(seq, f"event {seq}: roll #{roll.roll} claims a seed, but none was committed")
                )
                continue
            seed = self.revealed.get(active[-1])
            if seed is None:
                unrevealed += 1
                continue
            first_after, reveal_seq = self.revealed_from[active[-1]]
            if roll.roll >= first_after:
                problems.append(
                    DiceProblem(
                        seq,
                        f"event {seq}: roll #{roll.roll} comes from a seed already revealed in event {reveal_seq}: "
                        "anyone holding the log could predict it (a new seed must be committed first)",
                    )
                )
                continue
            truth = roll_dice(seed, roll.roll, len(roll.dice), roll.sides)
            if truth != roll.dice:
                problems.append(
                    DiceProblem(
                        seq,
                        f"event {seq}: roll #{roll.roll} shows {dice_words(roll.dice)}, but the revealed seed gives "
                        f"{dice_words(truth)}",
                    )
                )
            else:
                verified += 1
        return DiceReport(tuple(problems), verified, unrevealed, self.physical)


def check_rolls(events: Iterable[tuple[int, Event]]) -> DiceReport:
    """Check every roll of a log (``(sequence number, event)`` pairs in order): see :class:`RollChecker`."""
    checker = RollChecker()
    for seq, event in events:
        checker.see(seq, event)
    return checker.report()
