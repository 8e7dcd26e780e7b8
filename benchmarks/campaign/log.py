"""The writer of the synthetic game: game time, events, the game so far, and the dice (seeded or physical, numbered
without gaps).

Every event is appended to ``out`` and folded into the game so far (:attr:`Log.position`, the state the audit folds
and the shipped map data the game declares): a player's action is decided by :mod:`replays.commands` on that position
(:meth:`Log.play`; a refusal stops the generator), what no command decides yet is made here (:meth:`Log.emit`) with
the current game time (year, season, player turn, phase). The campaign hands ``out`` to its caller a player turn at a
time. Rolls are numbered 1, 2, 3 ... for the whole game. A
game turn is played either with the dice server (seeded rolls: the faces ``awaw_events.dice`` gives for the seed
committed at the time, so ``awaw verify`` and the audit can check them once the seed is revealed) or at a table with
physical dice (faces typed in, unverifiable), as a league game alternates between e-mail and face-to-face sessions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from awaw_events.dice import commitment, roll_dice
from awaw_events.events import AnyEvent, DiceRolled, Event, GameCreated, MapDataUsed, SeedCommitted, SeedRevealed
from awaw_events.vocab import Phase, Season, Side
from projections.game import Fold
from projections.position import Position
from replays.commands.base import Refusal
from replays.maps import shipped_map_data

Decide = Callable[[Position], "list[AnyEvent] | Refusal"]
"""A command bound to its arguments (``lambda pos: decide_move(pos, Move(...))``)."""


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
        self.fold = Fold()
        self.map = shipped_map_data().data
        self.position = Position(self.fold.state, self.map)
        """The game so far, on the map data it declares (the shipped one): what the commands decide on."""

    def new_seed(self) -> str:
        return f"{self.rng.getrandbits(256):064x}"

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def emit(self, cls: type[Event], actor: str = "system", **fields: Any) -> Any:
        """An event of type ``cls`` at the current game time; returns it."""
        event = cls(year=self.year, season=self.season, side=self.side, phase=self.phase, actor=actor, **fields)  # type: ignore[arg-type]
        self.append(event)
        return event

    def append(self, event: Any) -> None:
        self.out.append(event)
        self.made += 1
        self.fold.push(self.made, event)
        if isinstance(event, GameCreated | MapDataUsed):  # the options and the map data the game plays under
            self.position.follow(self.map, "")
        self.position.moved()

    def play(self, decide: Decide) -> list[AnyEvent]:
        """A player's action, decided by a command on the game so far; a refusal stops the generator."""
        decided = decide(self.position)
        if isinstance(decided, Refusal):
            raise ValueError(f"event {self.made + 1}: the rules refuse it: {decided}")
        for event in decided:
            self.append(event)
        if decided and not type(decided[-1]).annotation:
            last = decided[-1]
            self.year, self.season, self.side, self.phase = last.year, last.season, last.side, last.phase  # type: ignore[assignment]
        return decided

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
