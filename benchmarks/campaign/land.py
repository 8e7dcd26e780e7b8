"""Ground movement, supply and redeployment on the fronts of the synthetic game.

Movement (13.4): a unit moves through hexes its side holds, each step to an adjacent hex (10-16 extract 1.15), paying
1 MF a hex and the ZoC surcharge for leaving a hex next to enemy armor (13.41D), within its movement factor (10.11,
10.31, 13.41F); it never enters a hex holding enemy ground units (13.46) and no hex holds more than two ground units
when the phase ends (12.11). The moving side first takes the empty enemy hexes on the line (an occupation, 29.21),
then fills its own line from the second line, then brings units from the rear forward.

Supply (30.4): the moving side determines the supply of its units that will attack at the initial determination
and of the hexes it will build in at the post-combat one, all fully supplied from their faction's capital or home
source (30.22). Redeployment (28.6): a few rear units strategically redeploy to another rear hex of a front of
their power, at most two into and out of any hex a turn (28.62C).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Sequence
from typing import Final

from awaw_events.events import HexControlChanged, SupplyDetermined, UnitMoved, UnitRedeployed
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import FACTION_OF_POWER, Power, Side
from benchmarks.campaign.log import Log
from benchmarks.campaign.world import (
    ARMIES,
    HOME_BOXES,
    ROWS,
    WIDTH,
    Front,
    Unit,
    World,
    hex_id,
    infantry_mf,
    position,
    zoc_exit_mf,
)
from projections.rules.combat.stacking import STACKING_LIMITS
from projections.rules.geometry import neighbours
from projections.rules.redeployment import SR_GROUND_UNITS_PER_OBJECTIVE
from projections.rules.supply import AWAW_SOURCES

STACK: Final = STACKING_LIMITS["standard"].ground_units or 0
"""Non-specialized ground units a hex holds at the end of a phase (12.11A)."""

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
SR_PER_FRONT: Final = 5
"""Strategic redeployments a side makes from a front in a redeployment phase."""


def mf_of(unit: Unit, front: Front) -> int:
    """The unit's movement factor: infantry by map (10.11, 13.41F), armor as printed (10.31)."""
    if unit.unit_type == "infantry":
        return infantry_mf(front.map)
    assert unit.movement is not None
    return unit.movement


class Land:
    """Movement, supply determinations and redeployment of the side whose player turn it is."""

    def __init__(self, log: Log, world: World, rng: random.Random) -> None:
        self.log = log
        self.world = world
        self.rng = rng

    # -- geometry of one front ---------------------------------------------------------------------------------

    def zoc(self, front: Front, side: Side) -> set[str]:
        """Hexes next to the other side's armor on this front (leaving one costs the ZoC surcharge, 13.41D)."""
        other: Side = "allied" if side == "axis" else "axis"
        found: set[str] = set()
        for row in front.rows():
            for depth in (0, 1, 2):
                col = front.front_col(row, other) + depth * front.inward(other)
                if not front.col0 <= col < front.col0 + WIDTH:
                    continue
                for u in self.world.at(hex_id(front.map, row, col)):
                    if u.unit_type == "armor":
                        found.update(neighbours(u.location))
        return found

    def reach(self, front: Front, unit: Unit, side: Side, zoc: set[str]) -> dict[str, tuple[int, list[str]]]:
        """Every hex the unit can reach this phase through its side's hexes: (MF spent, the hexes entered)."""
        budget = mf_of(unit, front)
        exit_cost = zoc_exit_mf(front.map)
        best: dict[str, tuple[int, list[str]]] = {unit.location: (0, [])}
        queue = [(0, unit.location)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > best[here][0]:
                continue
            cost = spent + 1 + (exit_cost if here in zoc else 0)
            if cost > budget:
                continue
            for n in neighbours(here):
                if (n not in best or cost < best[n][0]) and front.holds(n, side):
                    best[n] = (cost, [*best[here][1], n])
                    heapq.heappush(queue, (cost, n))
        return best

    def towards(self, front: Front, goal: str, side: Side, zoc: set[str], depth: int) -> dict[str, tuple[int, str]]:
        """What it costs to reach ``goal`` from every hex of the side within ``depth`` MF: (MF, the next hex)."""
        exit_cost = zoc_exit_mf(front.map)
        best: dict[str, tuple[int, str]] = {goal: (0, goal)}
        queue = [(0, goal)]
        while queue:
            spent, here = heapq.heappop(queue)
            if spent > best[here][0]:
                continue
            for n in neighbours(here):
                if not front.holds(n, side):
                    continue
                cost = spent + 1 + (exit_cost if n in zoc else 0)
                if cost <= depth and (n not in best or cost < best[n][0]):
                    best[n] = (cost, here)
                    heapq.heappush(queue, (cost, n))
        return best

    # -- movement ----------------------------------------------------------------------------------------------

    def movement(self, side: Side) -> None:
        moved: set[str] = set()
        for front in self.world.fronts:
            zoc = self.zoc(front, side)
            self.occupy(front, side, zoc, moved)
            self.fill(front, side, zoc, moved)
            self.forward(front, side, zoc, moved)
            self.regroup(front, side, zoc, moved)

    def move(self, unit: Unit, path: list[str], mf: int, moved: set[str]) -> None:
        moved.add(unit.id)
        self.world.move(unit, path[-1])
        self.log.emit(UnitMoved, actor=unit.power, unit=unit.id, path=path, mf_used=mf)

    def occupy(self, front: Front, side: Side, zoc: set[str], moved: set[str]) -> None:
        """Enter the empty enemy hexes on the line next to a unit that can pay for the step (29.21)."""
        power = front.power(side)
        for row in front.rows():
            other: Side = "allied" if side == "axis" else "axis"
            target = hex_id(front.map, row, front.front_col(row, other))
            if self.world.at(target) or not front.may_take(row, side):
                continue
            for n in neighbours(target):
                if not front.holds(n, side):
                    continue
                unit = next((u for u in self.world.at(n) if u.id not in moved and len(self.world.at(n)) > 1), None)
                if unit is None:
                    continue
                cost = 1 + (zoc_exit_mf(front.map) if n in zoc else 0)
                if cost > mf_of(unit, front):
                    continue
                self.move(unit, [target], cost, moved)
                front.take(row, side)
                self.log.emit(HexControlChanged, actor=power, hex=target, controller=power, cause="occupation")
                break

    def fill(self, front: Front, side: Side, zoc: set[str], moved: set[str]) -> None:
        """Fill the gaps in the side's line from units behind it."""
        line = [hex_id(front.map, row, front.front_col(row, side)) for row in front.rows()]
        gaps = [h for h in line if len(self.world.at(h)) < STACK]
        self.rng.shuffle(gaps)
        on_line = set(line)
        depth = max(ARMIES[front.power(side)].armor_mf or 0, infantry_mf(front.map))
        for gap in gaps[: int(len(gaps) * FILL_SHARE + 0.5)]:
            costs = self.towards(front, gap, side, zoc, depth)
            found = sorted(
                (spent, u.id, u)
                for h, (spent, _) in costs.items()
                if h not in on_line
                for u in self.world.at(h)
                if u.id not in moved and spent <= mf_of(u, front)
            )
            if not found:
                continue
            spent, _, unit = found[0]
            path, here = [], unit.location
            while here != gap:
                here = costs[here][1]
                path.append(here)
            self.move(unit, path, spent, moved)

    def forward(self, front: Front, side: Side, zoc: set[str], moved: set[str]) -> None:
        """Bring units from the rear columns toward the line, as far as they can go into hexes with room."""
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
            options = [
                (abs(position(h)[1] - front.front_col(position(h)[0], side)), spent, h, path)
                for h, (spent, path) in self.reach(front, unit, side, zoc).items()
                if path and len(self.world.at(h)) < STACK
            ]
            if not options:
                continue
            _, spent, _, path = min(options)
            self.move(unit, path, spent, moved)

    def regroup(self, front: Front, side: Side, zoc: set[str], moved: set[str]) -> None:
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
            options = sorted(
                (h, spent, path)
                for h, (spent, path) in self.reach(front, unit, side, zoc).items()
                if path and h not in line and len(self.world.at(h)) < STACK
            )
            if options:
                _, spent, path = self.rng.choice(options)
                self.move(unit, path, spent, moved)

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
