"""The writer of the synthetic game: game time, events, and the dice (seeded or physical, numbered without gaps).

Every event is made here with the current game time (year, season, player turn, phase) and appended to ``out``; the
campaign hands ``out`` to its caller a player turn at a time. Rolls are numbered 1, 2, 3 ... for the whole game. A
game turn is played either with the dice server (seeded rolls: the faces ``awaw_events.dice`` gives for the seed
committed at the time, so ``awaw verify`` and the audit can check them once the seed is revealed) or at a table with
physical dice (faces typed in, unverifiable), as a league game alternates between e-mail and face-to-face sessions.
"""

from __future__ import annotations

import random
from typing import Any

from awaw_events.dice import commitment, roll_dice
from awaw_events.events import AnyEvent, DiceRolled, Event, SeedCommitted, SeedRevealed
from awaw_events.vocab import Phase, Season, Side


class Log:
    """The events of the game so far (not yet handed over), the game time, the dice and the seed in force."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.out: list[AnyEvent] = []
        self.year = 1939
        self.season: Season = "fall"
        self.side: Side | None = None
        self.phase: Phase | None = "setup"
        self.rolls = 0
        self.seed = self.new_seed()
        self.seeded = True
        """Whether this game turn's rolls come from the dice server (the committed seed) or from physical dice."""
        self.made = 0
        """Events made so far (handed over or not)."""

    def new_seed(self) -> str:
        return f"{self.rng.getrandbits(256):064x}"

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def emit(self, cls: type[Event], actor: str = "system", **fields: Any) -> Any:
        """An event of type ``cls`` at the current game time; returns it."""
        event = cls(year=self.year, season=self.season, side=self.side, phase=self.phase, actor=actor, **fields)  # type: ignore[arg-type]
        self.out.append(event)  # type: ignore[arg-type]
        self.made += 1
        return event

    def enter(self, phase: Phase | None) -> None:
        self.phase = phase

    def roll(
        self, purpose: str, count: int = 1, *, ref: str | None = None, actor: str = "system"
    ) -> tuple[int, list[int]]:
        """Roll ``count`` six-sided dice for ``purpose``: (the roll number, the faces)."""
        self.rolls += 1
        if self.seeded:
            faces = roll_dice(self.seed, self.rolls, count)
            source = "seeded"
        else:
            faces = [self.rng.randint(1, 6) for _ in range(count)]
            source = "physical"
        self.emit(DiceRolled, actor=actor, roll=self.rolls, purpose=purpose, dice=faces, source=source, ref=ref)
        return self.rolls, faces

    def reveal_and_reseed(self) -> None:
        """Publish the seed in force (its rolls can be checked from now on) and commit a new one for the rolls that
        follow (``awaw reveal`` then ``awaw reseed``)."""
        self.emit(SeedRevealed, seed=self.seed)
        self.seed = self.new_seed()
        self.emit(SeedCommitted, seed_commitment=self.commitment, first_roll=self.rolls + 1)
