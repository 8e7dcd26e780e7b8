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
from collections.abc import Iterable
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


def check_rolls(events: Iterable[tuple[int, Event]]) -> DiceReport:
    """Check every roll of a log: numbering without gaps or reuse, and each seeded roll against its revealed seed.

    ``events`` are ``(sequence number, event)`` pairs in order. A seed's commitment comes from ``game_created``
    (rolls from 1) or ``seed_committed`` (rolls from its ``first_roll``); ``seed_revealed`` publishes the seed of
    the commitment in force, which must hash to it.
    """
    problems: list[DiceProblem] = []
    commitments: list[tuple[int, str]] = []  # (first roll, commitment), in order
    seeded: list[tuple[int, DiceRolled]] = []
    revealed: dict[str, str] = {}
    physical = 0
    expected = 1
    for seq, event in events:
        if isinstance(event, GameCreated) and event.seed_commitment:
            commitments.append((1, event.seed_commitment))
        elif isinstance(event, SeedCommitted):
            commitments.append((event.first_roll, event.seed_commitment))
        elif isinstance(event, SeedRevealed):
            if not commitments:
                problems.append(DiceProblem(seq, f"event {seq} reveals a seed, but no seed was ever committed"))
            elif commitment(event.seed) != commitments[-1][1]:
                problems.append(
                    DiceProblem(
                        seq,
                        f"event {seq} reveals a seed that does not match the commitment {commitments[-1][1][:12]}...",
                    )
                )
            else:
                revealed[commitments[-1][1]] = event.seed
        elif isinstance(event, DiceRolled):
            if event.roll != expected:
                what = "reuses" if event.roll < expected else "skips to"
                problems.append(
                    DiceProblem(seq, f"event {seq} {what} roll number {event.roll}; the next roll was {expected}")
                )
            expected = max(expected, event.roll + 1)
            if event.source == "physical":
                physical += 1
            else:
                seeded.append((seq, event))
    verified = unrevealed = 0
    for seq, roll in seeded:
        active = [c for first, c in commitments if first <= roll.roll]
        if not active:
            problems.append(DiceProblem(seq, f"event {seq}: roll {roll.roll} claims a seed, but none was committed"))
            continue
        seed = revealed.get(active[-1])
        if seed is None:
            unrevealed += 1
            continue
        truth = roll_dice(seed, roll.roll, len(roll.dice), roll.sides)
        if truth != roll.dice:
            problems.append(
                DiceProblem(
                    seq, f"event {seq}: roll {roll.roll} shows {roll.dice}, but the revealed seed gives {truth}"
                )
            )
        else:
            verified += 1
    return DiceReport(tuple(problems), verified, unrevealed, physical)
