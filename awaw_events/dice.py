"""Verifiable dice: rolls derived from a committed secret seed.

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

Shared dice (``dice_mode: shared``, scheme ``hmac-sha256-v2-shared``): every dice player ``p`` commits
``sha256(secret_p)``; their contribution to roll ``n`` is ``HMAC-SHA256(secret_p, "awaw-dice/v2/contribution/{n}")``
(:func:`contribution`); the faces of roll ``n`` are those of the v1 construction above keyed by the XOR of every
player's contribution to ``n`` (:func:`shared_faces`). A contribution is fixed by the secret committed before any
was published, so whoever publishes last cannot choose it, and one secret alone (any contribution unknown) leaves
the key uniform: no single player determines a roll. Published contributions let anyone recompute each roll at
once; a player's reveal lets anyone check that player's contributions against the commitment.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from awaw_events.events import DiceContributed, DiceRolled, Event, GameCreated, SeedCommitted, SeedRevealed

SCHEME = "hmac-sha256-v1"
SHARED_SCHEME = "hmac-sha256-v2-shared"


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


def contribution(secret: str, roll: int) -> str:
    """A dice player's contribution to roll number ``roll`` of a shared dice game (hex)."""
    return hmac.new(bytes.fromhex(secret), f"awaw-dice/v2/contribution/{roll}".encode(), hashlib.sha256).hexdigest()


def contributions(secret: str, first: int, count: int) -> list[str]:
    """The contributions of ``secret`` to rolls ``first`` .. ``first + count - 1``."""
    return [contribution(secret, n) for n in range(first, first + count)]


def shared_key(values: Iterable[str]) -> str:
    """The key of one roll of a shared dice game: the XOR of every dice player's contribution to it (hex)."""
    key = 0
    for value in values:
        key ^= int(value, 16)
    return f"{key:064x}"


def shared_faces(values: Iterable[str], roll: int, count: int = 1, sides: int = 6) -> list[int]:
    """The faces of roll number ``roll`` of a shared dice game, from every dice player's contribution to it."""
    return roll_dice(shared_key(values), roll, count, sides)


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


class Ledger:
    """The dice commitments, reveals and contributions of a log, as its events pass (one event at a time).

    Shared by :class:`RollChecker` (``verify``) and the trust gate (:mod:`awaw_events.gate`), so that what may be
    written and what is checked afterwards are one reading. Single-host dice keep their commitments under the
    player ``""``; shared dice under each dice player's name.
    """

    def __init__(self) -> None:
        self.mode = "host"
        self.players: tuple[str, ...] = ("",)
        self.commitments: dict[str, list[tuple[int, str]]] = {}  # player -> [(first roll, commitment)], in order
        self.revealed: dict[str, tuple[str, int]] = {}  # commitment -> (seed, reveal event)
        self.revealed_before: dict[str, int] = {}  # commitment -> the next roll when it was revealed
        self.contributed: dict[str, dict[int, str]] = {}  # player -> roll -> contribution
        self.next_roll = 1

    @property
    def committed(self) -> bool:
        """Whether the game rolls committed dice (shared dice, or a commitment was made at some point)."""
        return self.mode == "shared" or any(self.commitments.values())

    def in_force(self, player: str = "") -> str | None:
        """The commitment of ``player`` that their next contribution (or the host's next roll) comes from."""
        made = self.commitments.get(player)
        return made[-1][1] if made else None

    def for_roll(self, player: str, roll: int) -> str | None:
        """The commitment of ``player`` in force for roll number ``roll``."""
        active = [c for first, c in self.commitments.get(player, []) if first <= roll]
        return active[-1] if active else None

    def next_contribution(self, player: str) -> int:
        """The roll the next contribution of ``player`` is for."""
        done = self.contributed.get(player)
        first = self.commitments.get(player, [(1, "")])[-1][0]
        return max(first, (max(done) + 1) if done else 1)

    def missing(self, roll: int) -> list[str]:
        """The dice players whose contribution to ``roll`` is not published yet (shared dice)."""
        return [p for p in self.players if roll not in self.contributed.get(p, {})]

    def see(self, seq: int, event: Event) -> None:
        if isinstance(event, GameCreated):
            self.mode = event.dice_mode
            if event.dice_mode == "shared":
                self.players = tuple(sorted(event.dice_players))
            elif event.seed_commitment:
                self.commitments.setdefault("", []).append((1, event.seed_commitment))
        elif isinstance(event, SeedCommitted):
            self.commitments.setdefault(event.player or "", []).append((event.first_roll, event.seed_commitment))
        elif isinstance(event, SeedRevealed):
            current = self.in_force(event.player or "")
            if current is not None and commitment(event.seed) == current and current not in self.revealed:
                self.revealed[current] = (event.seed, seq)
                self.revealed_before[current] = self.next_roll
        elif isinstance(event, DiceContributed):
            mine = self.contributed.setdefault(event.player, {})
            for offset, value in enumerate(event.values):
                mine.setdefault(event.first_roll + offset, value)
        elif isinstance(event, DiceRolled):
            self.next_roll = max(self.next_roll, event.roll + 1)

    def faces(self, roll: DiceRolled) -> list[int] | None:
        """What a seeded shared roll must show, from the contributions published (None: some are missing)."""
        if self.missing(roll.roll):
            return None
        return shared_faces(
            [self.contributed[p][roll.roll] for p in self.players], roll.roll, len(roll.dice), roll.sides
        )


class RollChecker:
    """Checks every roll of a log, one event at a time (so that ``verify`` checks the dice in its one walk).

    Rolls are numbered without gaps or reuse; each seeded roll is recomputed from its seed once the seed is
    revealed; a seeded roll made after its seed was revealed is a problem (anyone holding the log could have
    predicted it). A seed's commitment comes from ``game_created`` (rolls from 1) or ``seed_committed`` (rolls from
    its ``first_roll``); ``seed_revealed`` publishes the seed of the commitment in force, which must hash to it.
    In a shared dice game each roll is recomputed at once from the published contributions, and each player's
    contributions are checked against their secret once they reveal it.
    """

    def __init__(self) -> None:
        self.ledger = Ledger()
        self.problems: list[DiceProblem] = []
        self.seeded: list[tuple[int, DiceRolled]] = []
        self.contributions: list[tuple[int, DiceContributed]] = []
        self.physical = 0
        self.expected = 1

    def see(self, seq: int, event: Event) -> None:
        if isinstance(event, SeedRevealed):
            self._reveal(seq, event)
        elif isinstance(event, DiceContributed):
            self.contributions.append((seq, event))
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
                if self.ledger.mode == "shared":
                    self._shared_roll(seq, event)
        self.ledger.see(seq, event)

    def _reveal(self, seq: int, event: SeedRevealed) -> None:
        whose = f" of {event.player!r}" if event.player else ""
        current = self.ledger.in_force(event.player or "")
        if current is None:
            self.problems.append(DiceProblem(seq, f"event {seq} reveals a seed{whose}, but no seed was ever committed"))
            return
        if commitment(event.seed) != current:
            self.problems.append(
                DiceProblem(
                    seq, f"event {seq} reveals a seed{whose} that does not match the commitment {current[:12]}..."
                )
            )

    def _shared_roll(self, seq: int, roll: DiceRolled) -> None:
        truth = self.ledger.faces(roll)
        if truth is None:
            missing = ", ".join(repr(p) for p in self.ledger.missing(roll.roll))
            self.problems.append(
                DiceProblem(seq, f"event {seq}: roll #{roll.roll} was made before {missing} contributed to it")
            )
        elif truth != roll.dice:
            self.problems.append(
                DiceProblem(
                    seq,
                    f"event {seq}: roll #{roll.roll} shows {dice_words(roll.dice)}, but the players' contributions "
                    f"give {dice_words(truth)}",
                )
            )

    def report(self) -> DiceReport:
        problems = list(self.problems)
        if self.ledger.mode == "shared":
            return self._shared_report(problems)
        verified = unrevealed = 0
        ledger = self.ledger
        for seq, roll in self.seeded:
            active = ledger.for_roll("", roll.roll)
            if active is None:
                problems.append(
                    DiceProblem(seq, f"event {seq}: roll #{roll.roll} claims a seed, but none was committed")
                )
                continue
            if active not in ledger.revealed:
                unrevealed += 1
                continue
            seed, reveal_seq = ledger.revealed[active]
            if roll.roll >= ledger.revealed_before[active]:
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

    def _shared_report(self, problems: list[DiceProblem]) -> DiceReport:
        """Each contribution against its player's revealed secret; a roll is verified once every contribution to it
        is (its faces were recomputed from them as it passed)."""
        ledger = self.ledger
        checked: set[tuple[str, int]] = set()
        for seq, event in self.contributions:
            for offset, value in enumerate(event.values):
                number = event.first_roll + offset
                active = ledger.for_roll(event.player, number)
                if active is None:
                    problems.append(
                        DiceProblem(seq, f"event {seq}: {event.player!r} contributes to roll #{number} uncommitted")
                    )
                    continue
                if active not in ledger.revealed:
                    continue
                if contribution(ledger.revealed[active][0], number) != value:
                    problems.append(
                        DiceProblem(
                            seq,
                            f"event {seq}: {event.player!r}'s contribution to roll #{number} is not the one their "
                            "revealed secret gives: it was chosen, not derived",
                        )
                    )
                    continue
                checked.add((event.player, number))
        verified = unrevealed = 0
        for _seq, roll in self.seeded:
            if all((p, roll.roll) in checked for p in ledger.players):
                verified += 1
            else:
                unrevealed += 1
        problems.sort(key=lambda p: p.seq)
        return DiceReport(tuple(problems), verified, unrevealed, self.physical)


def check_rolls(events: Iterable[tuple[int, Event]]) -> DiceReport:
    """Check every roll of a log (``(sequence number, event)`` pairs in order): see :class:`RollChecker`."""
    checker = RollChecker()
    for seq, event in events:
        checker.see(seq, event)
    return checker.report()
