"""Ground movement, supply and redeployment on the fronts of the synthetic game.

Movement (13.4): a unit moves through hexes its side holds, each step to an adjacent hex, along a path the position
prices within what the unit has left (:func:`projections.position.movement.path_cost`, ``mf_left``), and each move is
decided by ``awaw move`` (:func:`replays.commands.move.decide_move`: the cost recorded, the control of an enemy hex
entered); no hex is planned to hold more than two ground units when the phase ends (12.11). The moving side first
takes the empty enemy hexes on the line (an occupation, 29.21), then fills its own line from the second line, then
brings units from the rear forward; the units that will attack this turn stay where they are.

Supply (30.4): the moving side determines the supply of its units that will attack at the initial determination
and of the hexes it will build in at the post-combat one, all fully supplied from their faction's capital or home
source (30.22). Redeployment (28.6): a few rear units strategically redeploy to another rear hex of a front of
their power, at most two into and out of any hex a turn (28.62C).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from awaw_events.events import SupplyDetermined, UnitRedeployed
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import FACTION_OF_POWER, Power, Side
from benchmarks.campaign.log import Log
from benchmarks.campaign.world import (
    HOME_BOXES,
    ROWS,
    STACK,
    Front,
    Unit,
    World,
    hex_id,
    position,
)
from projections.position import movement
from projections.rules.geometry import neighbours
from projections.rules.redeployment import SR_GROUND_UNITS_PER_OBJECTIVE
from projections.rules.supply import AWAW_SOURCES
from replays.commands.move import Move, decide_move

SOURCE_OF: Final[dict[str, str]] = {
    "european_axis": "berlin",
    "japan": "tokyo",
    "western_allies": "london",
    "russia": "urals",
    "china": "chungking",
}
"""The unlimited source each faction traces to (30.22)."""
assert all(AWAW_SOURCES[s].faction == f for f, s in SOURCE_OF.items())

FILL_SHARE: Final = 0.8
"""Share of the gaps in its line a side fills in a movement phase."""
FORWARD_MOVES: Final = 2
"""Rear units a side brings forward on a front in a movement phase."""
REGROUP_SHARE: Final = 0.05
"""Share of its units behind the line a side regroups on a front in a movement phase (to another hex with room)."""
REACH: Final = 6
"""The most hexes a move is planned to enter (the longest printed armor allowance here)."""
TRIES: Final = 4
"""Paths a side prices for one move before it gives that move up."""
SR_PER_FRONT: Final = 5
"""Strategic redeployments a side makes from a front in a redeployment phase."""


class Land:
    """Movement, supply determinations and redeployment of the side whose player turn it is."""

    def __init__(self, log: Log, world: World, rng: random.Random) -> None:
        self.log = log
        self.world = world
        self.rng = rng

    # -- movement ----------------------------------------------------------------------------------------------

    def hops(self, front: Front, start: str, side: Side, depth: int) -> dict[str, tuple[int, str]]:
        """The side's hexes of the front within ``depth`` steps of ``start``: (steps, the hex one step nearer)."""
        found: dict[str, tuple[int, str]] = {start: (0, start)}
        edge = [start]
        for steps in range(1, depth + 1):
            nxt = []
            for here in edge:
                for n in neighbours(here):
                    if n not in found and front.holds(n, side):
                        found[n] = (steps, here)
                        nxt.append(n)
            edge = nxt
        return found

    @staticmethod
    def path_to(hops: dict[str, tuple[int, str]], hex_: str) -> list[str]:
        """The hexes entered from the start of :meth:`hops` to ``hex_``."""
        path = [hex_]
        while hops[path[-1]][0] > 1:
            path.append(hops[path[-1]][1])
        return path[::-1]

    def left(self, unit: Unit) -> int:
        """The MF the unit has left, as the position gives it (0 where the log does not give its allowance)."""
        pos = self.log.position
        return movement.mf_left(pos, pos.board.units[unit.id], pos.state.clock) or 0

    def affords(self, unit: Unit, path: list[str]) -> bool:
        """Whether the position prices ``path`` within what the unit has left (13.41-13.42)."""
        pos = self.log.position
        on_board = pos.board.units[unit.id]
        cost = movement.path_cost(pos, on_board, path, pos.state.clock)
        return not cost.breaches and cost.answer.least <= self.left(unit)

    def movement(self, side: Side, keep: set[str]) -> None:
        """The side's ground moves, each decided by ``awaw move`` (the units in ``keep`` stay: they attack)."""
        moved: set[str] = set(keep)
        for front in self.world.fronts:
            self.occupy(front, side, moved)
            self.fill(front, side, moved)
            self.forward(front, side, moved)
            self.regroup(front, side, moved)

    def move(self, unit: Unit, path: list[str], moved: set[str]) -> None:
        moved.add(unit.id)
        self.log.play(lambda pos: decide_move(pos, Move(unit.id, tuple(path))))
        self.world.move(unit, path[-1])

    def occupy(self, front: Front, side: Side, moved: set[str]) -> None:
        """Enter the empty enemy hexes on the line next to a unit that can pay for the step (29.21)."""
        for row in front.rows():
            other: Side = "allied" if side == "axis" else "axis"
            target = hex_id(front.map, row, front.front_col(row, other))
            if self.world.at(target) or not front.may_take(row, side):
                continue
            for n in neighbours(target):
                if not front.holds(n, side):
                    continue
                unit = next((u for u in self.world.at(n) if u.id not in moved and len(self.world.at(n)) > 1), None)
                if unit is None or not self.affords(unit, [target]):
                    continue
                self.move(unit, [target], moved)
                front.take(row, side)
                break

    def fill(self, front: Front, side: Side, moved: set[str]) -> None:
        """Fill the gaps in the side's line from units behind it, the nearest that can pay for the path."""
        line = [hex_id(front.map, row, front.front_col(row, side)) for row in front.rows()]
        gaps = [h for h in line if len(self.world.at(h)) < STACK]
        self.rng.shuffle(gaps)
        on_line = set(line)
        for gap in gaps[: int(len(gaps) * FILL_SHARE + 0.5)]:
            near = self.hops(front, gap, side, REACH)
            found = sorted(
                (steps, u.id, u)
                for h, (steps, _) in near.items()
                if h not in on_line
                for u in self.world.at(h)
                if u.id not in moved
            )
            for _, _, unit in found[:TRIES]:
                path = [*self.path_to(near, unit.location)[::-1][1:], gap]
                if self.affords(unit, path):
                    self.move(unit, path, moved)
                    break

    def options(self, front: Front, unit: Unit, side: Side) -> list[tuple[str, list[str]]]:
        """The side's hexes with room the unit could move to (nearest first), each with its path."""
        near = self.hops(front, unit.location, side, min(REACH, self.left(unit)))
        return [
            (h, self.path_to(near, h))
            for h, (steps, _) in sorted(near.items(), key=lambda kv: (kv[1][0], kv[0]))
            if steps and len(self.world.at(h)) < STACK
        ]

    def forward(self, front: Front, side: Side, moved: set[str]) -> None:
        """Bring units from the rear columns toward the line, as near to it as they can pay for, into room."""
        rear = front.rear_col(side)
        step = -front.inward(side)
        units = [
            u
            for row in front.rows()
            for col in (rear, rear + step)
            for u in self.world.at(hex_id(front.map, row, col))
            if u.id not in moved
        ]
        self.rng.shuffle(units)
        for unit in units[:FORWARD_MOVES]:
            options = sorted(
                self.options(front, unit, side),
                key=lambda o: (abs(position(o[0])[1] - front.front_col(position(o[0])[0], side)), len(o[1]), o[0]),
            )
            path = next((p for _, p in options[:TRIES] if self.affords(unit, p)), None)
            if path is not None:
                self.move(unit, path, moved)

    def regroup(self, front: Front, side: Side, moved: set[str]) -> None:
        """Move some units behind the line to another hex of the side with room, as players regroup."""
        line = {hex_id(front.map, row, front.front_col(row, side)) for row in front.rows()}
        units = [
            u
            for h in front.coords
            if h not in line and front.holds(h, side)
            for u in self.world.at(h)
            if u.id not in moved
        ]
        self.rng.shuffle(units)
        for unit in units[: int(len(units) * REGROUP_SHARE)]:
            options = [(h, p) for h, p in self.options(front, unit, side) if h not in line]
            self.rng.shuffle(options)
            path = next((p for _, p in options[:TRIES] if self.affords(unit, p)), None)
            if path is not None:
                self.move(unit, path, moved)

    # -- supply ------------------------------------------------------------------------------------------------

    def determine(self, side: Side, determination: str, subjects: Sequence[Unit | tuple[Power, str]]) -> None:
        """One supply determination per faction of the side (30.41-30.43): every subject fully supplied."""
        by_faction: dict[str, list[SupplyResult]] = {}
        for s in subjects:
            power, subject = (s.power, s.id) if isinstance(s, Unit) else s
            faction: str = FACTION_OF_POWER[power]
            by_faction.setdefault(faction, []).append(
                SupplyResult(subject=subject, status="full", source=SOURCE_OF[faction])
            )
        for faction, results in sorted(by_faction.items()):
            self.log.emit(
                SupplyDetermined,
                actor=self.power_of(faction),
                faction=faction,
                determination=determination,
                results=results,
            )

    @staticmethod
    def power_of(faction: str) -> str:
        return next(p for p, f in FACTION_OF_POWER.items() if f == faction)

    def build_places(self, front: Front, side: Side, count: int) -> list[str]:
        """Hexes in the side's rear column of a front with room for new units."""
        rear = front.rear_col(side)
        rows = list(front.rows())
        self.rng.shuffle(rows)
        found = []
        for row in rows:
            h = hex_id(front.map, row, rear)
            if len(self.world.at(h)) < STACK:
                found.append(h)
            if len(found) == count:
                break
        return found

    # -- redeployment ------------------------------------------------------------------------------------------

    def from_box(self, front: Front, side: Side, into: dict[str, int]) -> None:
        """Units built in their power's home box this turn or before SR to the rear of their front (28.6)."""
        box = HOME_BOXES.get(front.power(side), {}).get(front.map)
        if box is None:
            return
        waiting = [u for u in self.world.at(box) if u.front == front.index]
        rows = list(front.rows())
        self.rng.shuffle(rows)
        rear = front.rear_col(side)
        for row in rows:
            dest = hex_id(front.map, row, rear)
            while waiting and len(self.world.at(dest)) < STACK and into.get(dest, 0) < SR_GROUND_UNITS_PER_OBJECTIVE:
                unit = waiting.pop()
                into[dest] = into.get(dest, 0) + 1
                self.world.move(unit, dest)
                self.log.emit(
                    UnitRedeployed,
                    actor=unit.power,
                    unit=unit.id,
                    kind="SR",
                    origin=box,
                    destination=dest,
                    segment="SR",
                )

    def redeployment(self, side: Side, busy: set[str]) -> None:
        """Strategic redeployments (SR, 28.6) of rear units to the rear of another front of their power (or of
        their own), at most two into and two out of any hex (28.62C)."""
        into: dict[str, int] = {}
        out: dict[str, int] = {}
        for front in self.world.fronts:
            self.from_box(front, side, into)
        for front in self.world.fronts:
            power = front.power(side)
            targets = [f for f in self.world.fronts if f.power(side) == power and f.map == front.map]
            rear = front.rear_col(side)
            units = [
                u
                for row in front.rows()
                for u in self.world.at(hex_id(front.map, row, rear))
                if u.id not in busy and u.power == power
            ]
            self.rng.shuffle(units)
            for unit in units[:SR_PER_FRONT]:
                to = self.rng.choice(targets)
                row = to.row0 + self.rng.randrange(ROWS)
                dest = hex_id(to.map, row, to.rear_col(side))
                origin = unit.location
                if (
                    dest == origin
                    or len(self.world.at(dest)) >= STACK
                    or into.get(dest, 0) >= SR_GROUND_UNITS_PER_OBJECTIVE
                    or out.get(origin, 0) >= SR_GROUND_UNITS_PER_OBJECTIVE
                ):
                    continue
                into[dest] = into.get(dest, 0) + 1
                out[origin] = out.get(origin, 0) + 1
                self.world.move(unit, dest)
                unit.front = to.index
                self.log.emit(
                    UnitRedeployed, actor=power, unit=unit.id, kind="SR", origin=origin, destination=dest, segment="SR"
                )
