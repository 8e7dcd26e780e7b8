"""The faults a real log has, planted on purpose in a clean campaign so that the audit has something to find.

The campaign is played clean (every action decided by the commands or written as the rules give it); this step then
changes a few recorded events, one event per fault, so that exactly that event is wrong and nothing after it
depends on the change:

- ``crt_result``: a physical combat die typed in wrong (one pip off, where that row of the CRT gives a result the
  recorded one cannot stand for, 15.6): the round keeps the result the players applied, so the CRT check finds the
  result and the recorded die disagree. Seeded rolls are left alone (the revealed seed would show the die changed).
- ``unit_cost``: a build recorded one BRP cheaper than 27.11 prices it (a unit paid without oil coverage or a
  multiplier, costing 2 BRPs or more): the BRPs and the construction limit it leaves are only larger, so no other
  check of the spending is touched.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

import msgspec

from awaw_events.events import AnyEvent, CombatRoundResolved, DiceRolled, UnitBuilt
from projections.rules import combat as rules


@dataclass(frozen=True, slots=True)
class Faults:
    """Mistakes a real log has, planted at these rates so that the audit has something to find: a combat die typed in
    wrong (per round rolled with physical dice), a build recorded one BRP too cheap (per build)."""

    crt: float = 0.002
    cost: float = 0.0005

    @classmethod
    def none(cls) -> Faults:
        return cls(0.0, 0.0)


class Tamper:
    """Plants the faults in the events as they pass, numbering them from 1; :attr:`planted` lists (event number, the
    audit check that finds it)."""

    def __init__(self, faults: Faults, rng: random.Random) -> None:
        self.faults = faults
        self.rng = rng
        self.planted: list[tuple[int, str]] = []
        self.seq = 0

    def batch(self, events: Iterable[AnyEvent]) -> list[AnyEvent]:
        out: list[AnyEvent] = []
        for event in events:
            self.seq += 1
            if isinstance(event, CombatRoundResolved) and self.faults.crt:
                event = self.misread(event, out)
            elif isinstance(event, UnitBuilt) and self.faults.cost:
                event = self.underpaid(event)
            out.append(event)
        return out

    def misread(self, event: CombatRoundResolved, before: list[AnyEvent]) -> CombatRoundResolved:
        roll = before[-1] if before else None
        if (
            not isinstance(roll, DiceRolled)
            or roll.roll != event.roll
            or roll.source != "physical"
            or event.odds not in rules.ODDS_COLUMNS
            or self.rng.random() >= self.faults.crt
        ):
            return event
        die = roll.dice[0]
        for other in (die + 1, die - 1):
            if not 1 <= other <= 6:
                continue
            lookup = rules.crt_lookup(event.odds, other, event.round)  # type: ignore[arg-type]
            if event.result not in rules.permitted_results(lookup.result, rules.ResultContext()):
                before[-1] = msgspec.structs.replace(roll, dice=[other])
                self.planted.append((self.seq, "crt_result"))
                return msgspec.structs.replace(event, modified_die=lookup.modified_die)
        return event

    def underpaid(self, event: UnitBuilt) -> UnitBuilt:
        if event.oil_covered_brps is not None or event.multiplier != 1 or event.cost < 2:
            return event
        if self.rng.random() >= self.faults.cost:
            return event
        self.planted.append((self.seq, "unit_cost"))
        return msgspec.structs.replace(event, cost=event.cost - 1)
