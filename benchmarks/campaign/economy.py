"""The synthetic game's economy: BRPs and construction limits, offensives, builds, the naval construction charts and
oil, each paid at the cost :mod:`projections.rules` gives.

Every power's BRPs are set at the set-up and at each Year Start Sequence (``brps_set``); it spends them on
declarations of war and offensives (27.12), on units rebuilt from its force pool (27.11) and on its shipyards
(27.72), never below zero (the game plays ``econ.deficit_spending = none``) and never more construction than the
limit it declares each turn (27.31, 27.32: :func:`projections.rules.construction.construction_limit`). A shipyard
decides every ship due in the current column (launch from the Launch row free, from row 2 paid, continue otherwise:
27.7272) before it lays down new ones, within its rate, its one-factor cap and its capacity (27.724, 27.7221,
27.741). The factions whose oil is tracked (Japan from the start, the European Axis from 1941) produce it, buy their
army and air offsets each oil adjustment phase (33.61), cover their construction with it (33.61D, 27.35B) and their
BRP growth at the Year Start Sequence (33.61E), and lose what stands over their reserve's maximum at the end of the
player turn (33.422).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from awaw_events.events import (
    BrpsSet,
    ConstructionLimitDeclared,
    OffensiveDeclared,
    OilCountersEliminated,
    OilExpended,
    OilProduced,
    OilReserveDefined,
    OilTrackingStarted,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipyardDefined,
    UnitBuilt,
)
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SEASONS, Power, Side
from benchmarks.campaign.log import Log
from benchmarks.campaign.world import BOX_STACK, STACK, Unit, World
from projections.rules.construction import (
    FULL_OFFENSIVE_COST,
    LimitInput,
    construction_limit,
    cost_multiplier,
    unit_cost,
)
from projections.rules.naval.chart import ChartPosition, apply_chart_action, lay_down_cost, lay_down_position
from projections.rules.naval.costs import BRPS_PER_SB, DD_CVE_TYPES
from projections.rules.naval.shipyards import (
    STARTING_SHIPYARDS,
    build_type_breaches,
    one_factor_sb_cap,
    shipyard_capacity,
)
from projections.rules.naval.status import yard_kind
from projections.rules.oil.consumption import construction_allowance_brps, growth_allowance_brps, oil_cost_fifths
from projections.rules.oil.fifths import FIFTHS_PER_COUNTER
from projections.rules.oil.production import SYNTHETIC_PLANT_FIFTHS

HISTORICAL_BASE: Final[dict[Power, int]] = {
    "germany": 150,
    "italy": 75,
    "japan": 90,
    "britain": 125,
    "france": 85,
    "usa": 200,
    "russia": 90,
    "china": 24,
}
"""BRP bases of the 1939 campaign (the example game's set-up); a power fighting on several fronts here gets more."""
BASE_PER_FRONT: Final = 120
"""BRP base a power gets for each front it fights on (the synthetic war is wider than the historical one)."""
MAX_BASE: Final = 1995
GROWTH_PERCENT: Final = 5
"""BRP base growth at each Year Start Sequence (taken as recorded: the extracts do not give the YSS)."""

YARD_PLACES: Final[dict[str, str]] = {
    "kiel": "EUR:J30",
    "genoa": "EUR:T23",
    "trieste": "EUR:S26",
    "tokyo": "PAC:K30",
    "leningrad": "EUR:D44",
    "sevastopol": "EUR:V38",
    "glasgow": "EUR:H20",
    "canada": "box:canada",
    "australia": "box:australia",
    "lorient": "EUR:R17",
    "marseilles": "EUR:V21",
    "us_atlantic": "box:us_atlantic",
    "us_pacific": "box:us_pacific",
}
"""Where each starting shipyard is (the example game's map positions and boxes)."""

COVERED: Final = cost_multiplier(None, True)
UNCOVERED: Final = cost_multiplier(None, False)
"""The cost multipliers of a build covered by oil and of one beyond the oil coverage (27.13B, 27.35B)."""
KEEP: Final = 10
"""BRPs a power keeps back beyond what its shipyards will need."""
OIL_KEPT: Final = 10
"""Fifths a tracked faction keeps back from construction and growth for its next offsets (two counters)."""

SHIP_PLAN: Final[tuple[tuple[str, int], ...]] = (("dd", 1), ("ca", 2), ("bb", 4), ("dd", 1), ("ca", 2))
"""The ships a yard lays down in turn (type, factors)."""
SMALL_YARD_PLAN: Final[tuple[tuple[str, int], ...]] = (("dd", 1), ("ca", 2))
"""What Canada and Australia lay down: destroyers and cruisers (27.712C-D: :func:`projections.rules.naval.status.
chart_build_breaches`)."""


@dataclass(slots=True)
class Ship:
    id: str
    owner: Power
    unit_type: str
    factors: int
    position: ChartPosition
    placed: int
    """The game turn it was laid down (not moved in that turn's phase: 27.7272)."""


@dataclass(slots=True)
class Yard:
    id: str
    owner: Power
    location: str
    rate: int
    capacity: int
    ships: list[Ship] = field(default_factory=list)
    plan: int = 0


@dataclass(slots=True)
class Reserve:
    id: str
    faction: str
    power: Power
    maximum: int
    amount: int = 0
    tracked: bool = False
    sources: tuple[tuple[str, int], ...] = ()


class Economy:
    """BRPs, limits, shipyards and oil of every power."""

    def __init__(self, log: Log, world: World, rng: random.Random) -> None:
        self.log = log
        self.world = world
        self.rng = rng
        fronts: dict[Power, int] = {}
        for f in world.fronts:
            for p in (f.axis, f.allied):
                fronts[p] = fronts.get(p, 0) + 1
        self.base = {p: min(MAX_BASE, HISTORICAL_BASE[p] + BASE_PER_FRONT * fronts.get(p, 0)) for p in POWERS}
        self.available = {p: self.base[p] * 2 // 3 for p in POWERS}
        self.limit: dict[Power, int] = {}
        self.construction: dict[Power, int] = {}
        self.offensives: set[tuple[Power, str]] = set()
        self.declared: set[tuple[Power, str]] = set()
        self.yards = {
            y: Yard(y.replace("_", "-"), s.owner, YARD_PLACES[y], s.rate, shipyard_capacity(s.rate, s.capacity_rule))
            for y, s in STARTING_SHIPYARDS.items()
        }
        self.capacity_rules = {y: s.capacity_rule for y, s in STARTING_SHIPYARDS.items()}
        plants = (("synthetic_plant", SYNTHETIC_PLANT_FIFTHS),)
        self.reserves: dict[str, Reserve] = {
            "japan": Reserve(
                "japan",
                "japan",
                "japan",
                50,
                sources=(("palembang", 15), ("brunei", 15)) + plants * (fronts.get("japan", 0) // 2),
            ),
            "european_axis": Reserve(
                "european_axis",
                "european_axis",
                "germany",
                50,
                sources=(("ploesti", 15),) + plants * (1 + fronts.get("germany", 0) // 2),
            ),
        }
        self.ships = 0
        self.turn = 0
        self.ea_tracking_due = False
        """Germany and Russia are at war: the European Axis reserve is tracked from the next Axis player turn."""

    # -- set-up and the Year Start Sequence ---------------------------------------------------------------------

    def setup(self) -> None:
        log = self.log
        for p in POWERS:
            log.emit(BrpsSet, power=p, base=self.base[p], available=self.available[p])
        for key, yard in self.yards.items():
            log.emit(
                ShipyardDefined,
                yard=yard.id,
                owner=yard.owner,
                location=yard.location,
                rate=yard.rate,
                capacity_rule=self.capacity_rules[key],
            )
        for r in self.reserves.values():
            log.emit(OilReserveDefined, reserve=r.id, faction=r.faction, location=self.home(r.power), maximum=r.maximum)
        self.track("japan", "campaign_start")

    def home(self, power: Power) -> str:
        """Where a power's reserve counters stand: its first shipyard's hex or box."""
        return next(y.location for y in self.yards.values() if y.owner == power)

    def track(self, reserve: str, trigger: str) -> None:
        r = self.reserves[reserve]
        r.tracked, r.amount = True, r.maximum
        self.log.emit(OilTrackingStarted, reserve=r.id, trigger=trigger, initial=r.amount)

    def year_start(self) -> None:
        """The Year Start Sequence: each base grows, and the year's BRPs are the new base (taken as recorded); oil
        tracked factions pay for their growth (33.61E)."""
        log = self.log
        for p in POWERS:
            growth = min(MAX_BASE - self.base[p], self.base[p] * GROWTH_PERCENT // 100)
            reserve = self.tracked_reserve(p)
            if reserve is not None:  # growth needs oil where oil is tracked (33.61E)
                growth = min(growth, growth_allowance_brps(max(0, reserve.amount - OIL_KEPT)) or 0)
            self.base[p] += growth
            self.available[p] = self.base[p]
            log.emit(BrpsSet, power=p, base=self.base[p], available=self.available[p], growth=growth)
            if reserve is not None and growth:
                self.spend_oil(reserve, "brp_growth", oil_cost_fifths("brp_growth", growth), {"brps": growth}, p)

    # -- BRPs --------------------------------------------------------------------------------------------------

    def new_turn(self, turn: int) -> None:
        self.turn = turn
        self.limit = {}
        self.construction = {}
        self.offensives = set()
        self.declared = set()

    def affords(self, power: Power, amount: int, *, construction: bool = False) -> bool:
        if self.available[power] < amount:
            return False
        if construction:
            return self.construction.get(power, 0) + amount <= self.limit.get(power, 0)
        return True

    def pay(self, power: Power, amount: int, *, construction: bool = False) -> None:
        if not self.affords(power, amount, construction=construction):
            raise AssertionError(f"{power} cannot pay {amount} BRPs")
        self.available[power] -= amount
        if construction:
            self.construction[power] = self.construction.get(power, 0) + amount

    def naval_due(self, power: Power) -> int:
        """BRPs the power's shipyards will need this turn for the ships due (kept back from offensives)."""
        due = 0
        for y in self.yards.values():
            if y.owner == power:
                due += sum(
                    BRPS_PER_SB for s in y.ships if s.position.column == self.log.season and s.position.row != "launch"
                )
        return due

    def plan_offensive(self, power: Power, front: str) -> bool:
        """Plan a full offensive on ``front`` for this turn's combat phase (27.12), keeping back what the power's
        shipyards need; False if it cannot pay one."""
        if (power, front) in self.offensives:
            return True
        planned = FULL_OFFENSIVE_COST * sum(1 for p, _ in self.offensives if p == power)
        keep = self.naval_due(power) + self.kept(power)
        if self.available[power] - planned < FULL_OFFENSIVE_COST + keep:
            return False
        self.offensives.add((power, front))
        return True

    def kept(self, power: Power) -> int:
        """BRPs kept back for the power's shipyards in the game turns left before the next Year Start Sequence (a
        ship due must be paid for or deferred, and this game does not defer)."""
        turns_left = (SEASONS.index("spring") - SEASONS.index(self.log.season) - 1) % len(SEASONS)
        rate = sum(y.rate for y in self.yards.values() if y.owner == power)
        return BRPS_PER_SB * rate * turns_left + KEEP

    def declare_offensives(self) -> None:
        """Pay and declare the offensives planned this player turn."""
        for power, front in sorted(self.offensives - self.declared):
            self.declared.add((power, front))
            self.pay(power, FULL_OFFENSIVE_COST)
            self.log.emit(
                OffensiveDeclared, actor=power, power=power, front=front, kind="full", brp_cost=FULL_OFFENSIVE_COST
            )

    # -- unit construction ---------------------------------------------------------------------------------------

    def declare_limit(self, power: Power) -> None:
        """The power's construction limit this turn (27.32A; no losses or grants in this game)."""
        limit = construction_limit(LimitInput(power=power, brp_base=self.base[power])).limit
        self.limit[power] = limit
        self.log.emit(ConstructionLimitDeclared, actor=power, power=power, limit=limit, components={"basic": limit})

    def tracked_reserve(self, power: Power) -> Reserve | None:
        r = self.reserves.get(FACTION_OF_POWER[power])
        return r if r is not None and r.tracked else None

    def construct(self, power: Power, places: dict[int, list[str]], supplied: set[str]) -> list[tuple[Unit, str]]:
        """The power's construction: its shipyards, then units rebuilt from its force pool in the hexes ``places``
        (each fully supplied, at most two ground units a hex). Where its oil is tracked, oil covers what it can
        (33.61D) and the rest costs double (27.35B). Returns the units built and where."""
        self.declare_limit(power)
        reserve = self.tracked_reserve(power)
        budget = min(self.available[power] - self.kept(power), self.limit[power])
        naval = self.plan_yards(power, budget)
        spent = sum(cost for _, cost in naval)
        oil = construction_allowance_brps(max(0, reserve.amount - OIL_KEPT)) if reserve is not None else None
        covering = min(oil, spent) if oil is not None else 0
        pool = self.world.pool.get(power, [])
        builds: list[tuple[Unit, str, int, int | None]] = []
        free = {h: self.room(h, len(pool)) for hs in places.values() for h in hs}
        for unit in list(pool):
            normal = unit_cost(unit.unit_type, unit.factors)  # type: ignore[arg-type]
            covered = None if oil is None else min(normal, oil - covering)
            cost = normal if covered is None else covered * COVERED + (normal - covered) * UNCOVERED
            ground = unit.ground
            where = next((h for h in places.get(unit.front, ()) if (free[h] > 0 or not ground) and h in supplied), None)
            if where is None or spent + cost > budget:
                continue
            free[where] -= ground
            spent += cost
            covering += covered or 0
            builds.append((unit, where, cost, covered))
        if reserve is not None and covering:
            self.spend_oil(
                reserve, "construction", oil_cost_fifths("construction", covering), {"brps": covering}, power
            )
        for action, _ in naval:
            action()  # type: ignore[operator]
        for unit, where, cost, covered in builds:
            pool.remove(unit)
            self.build(unit, where, cost, covered)
        return [(u, w) for u, w, *_ in builds]

    def room(self, where: str, wanted: int) -> int:
        """Ground units ``where`` takes: a hex to its stacking limit (12.11A), a box as many as are wanted when its
        stacking is unlimited (12.18)."""
        if where[:4] != "box:":
            return STACK - len(self.world.at(where))
        return wanted if BOX_STACK is None else BOX_STACK - len(self.world.at(where))

    def build(self, unit: Unit, where: str, cost: int, covered: int | None) -> None:
        """A unit from the force pool built in ``where``; air units enter play inverted (27.81)."""
        normal = unit_cost(unit.unit_type, unit.factors)  # type: ignore[arg-type]
        self.pay(unit.power, cost, construction=True)
        unit.location = where
        unit.inverted = unit.unit_type == "aaf"
        if unit.inverted:
            self.world.inverted.append(unit)
        self.world.place(unit)
        self.log.emit(
            UnitBuilt,
            actor=unit.power,
            unit=unit.id,
            owner=unit.power,
            nationality=unit.power,
            unit_type=unit.unit_type,
            factors=unit.factors,
            location=where,
            cost=cost,
            multiplier=UNCOVERED if covered == 0 and normal else COVERED,
            oil_covered_brps=covered,
            inverted=unit.inverted,
        )

    # -- shipyards ---------------------------------------------------------------------------------------------

    def plan_yards(self, power: Power, budget: int) -> list[tuple[object, int]]:
        """What the power's yards do this turn, as (action, BRPs) in order: every due ship decided, then new ships
        laid down while the rate, the capacity, the column and the budget allow."""
        plan: list[tuple[object, int]] = []
        spent = 0
        season = self.log.season
        for yard in self.yards.values():
            if yard.owner != power:
                continue
            sb = 0
            for ship in list(yard.ships):
                if ship.position.column != season or ship.placed == self.turn:
                    continue
                if ship.position.row == "launch":
                    plan.append((lambda y=yard, s=ship: self.launch(y, s, paid=False), 0))
                    continue
                sb += 1
                spent += BRPS_PER_SB
                if ship.position.row == "2":
                    plan.append((lambda y=yard, s=ship: self.launch(y, s, paid=True), BRPS_PER_SB))
                else:
                    plan.append((lambda y=yard, s=ship: self.advance(y, s), BRPS_PER_SB))
            one_factor = 0
            laid = 0
            while sb < yard.rate and laid < 2:
                plan_of = SMALL_YARD_PLAN if yard_kind(yard.id, None) in ("canada", "australia") else SHIP_PLAN
                unit_type, factors = plan_of[yard.plan % len(plan_of)]
                cost = lay_down_cost(unit_type, factors)  # type: ignore[arg-type]
                cell = lay_down_position(unit_type, factors, season)  # type: ignore[arg-type]
                dd = unit_type in DD_CVE_TYPES
                on_chart = len(yard.ships) + laid
                column_load = sum(
                    1 for s in yard.ships if s.position.column == cell.column and s.position.row != "launch"
                )
                blocked = (
                    sb + cost.sb > yard.rate
                    or (dd and one_factor + cost.sb > one_factor_sb_cap(yard.rate))
                    or on_chart >= yard.capacity
                    or (not dd and column_load >= yard.rate)
                    or spent + cost.brps > budget
                    or build_type_breaches(power, unit_type, year=self.log.year, season=season)  # type: ignore[arg-type]
                )
                if blocked:
                    break
                yard.plan += 1
                sb += cost.sb
                one_factor += cost.sb if dd else 0
                spent += cost.brps
                laid += 1
                plan.append((lambda y=yard, t=unit_type, f=factors: self.lay_down(y, t, f), cost.brps))
        return plan

    def lay_down(self, yard: Yard, unit_type: str, factors: int) -> None:
        cost = lay_down_cost(unit_type, factors)  # type: ignore[arg-type]
        cell = lay_down_position(unit_type, factors, self.log.season)  # type: ignore[arg-type]
        self.ships += 1
        ship = Ship(f"{yard.owner[:3]}-{unit_type}-{self.ships}", yard.owner, unit_type, factors, cell, self.turn)
        yard.ships.append(ship)
        self.pay(yard.owner, cost.brps, construction=True)
        self.log.emit(
            ShipLaidDown,
            actor=yard.owner,
            yard=yard.id,
            ship=ship.id,
            owner=yard.owner,
            unit_type=unit_type,
            factors=factors,
            row=cell.row,
            column=cell.column,
            sb=cost.sb,
            brps=cost.brps,
        )

    def advance(self, yard: Yard, ship: Ship) -> None:
        moved = apply_chart_action(ship.position, "continue")
        assert moved.position is not None
        ship.position = moved.position
        self.pay(yard.owner, moved.cost.brps, construction=True)
        self.log.emit(
            ShipAdvanced,
            actor=yard.owner,
            yard=yard.id,
            ship=ship.id,
            mode="continue",
            row=moved.position.row,
            column=moved.position.column,
            sb=moved.cost.sb,
            brps=moved.cost.brps,
        )

    def launch(self, yard: Yard, ship: Ship, *, paid: bool) -> None:
        cost = apply_chart_action(ship.position, "continue" if paid else "launch").cost
        yard.ships.remove(ship)
        self.pay(yard.owner, cost.brps, construction=True)
        self.log.emit(
            ShipLaunched,
            actor=yard.owner,
            yard=yard.id,
            ship=ship.id,
            mode="paid_from_row2" if paid else "free",
            location=yard.location,
            sb=cost.sb,
            brps=cost.brps,
        )
        launched = Unit(ship.id, ship.owner, ship.unit_type, ship.factors, None, yard.location, inverted=True)
        self.world.place(launched)
        self.world.inverted.append(launched)

    # -- oil ---------------------------------------------------------------------------------------------------

    def spend_oil(self, reserve: Reserve, purpose: str, fifths: int, detail: dict[str, int], power: Power) -> None:
        if reserve.amount < fifths:
            raise AssertionError(f"{reserve.id} holds {reserve.amount} fifths, not {fifths}")
        reserve.amount -= fifths
        self.log.emit(
            OilExpended,
            actor=power,
            faction=reserve.faction,
            reserve=reserve.id,
            purpose=purpose,
            amount=fifths,
            domain=reserve.faction,
            nationality=power,
            detail=detail,
        )

    def oil_adjustment(self, side: Side) -> None:
        """Oil produced, then the army and air offsets bought (a counter each, 33.61A-C). The European Axis reserve
        is tracked from the first Axis player turn after war between Germany and Russia (33.4424)."""
        ea = self.reserves["european_axis"]
        if side == "axis" and self.ea_tracking_due and not ea.tracked:
            self.track(ea.id, "war_germany_russia")
        for r in self.reserves.values():
            if not r.tracked or FACTION_OF_POWER[r.power] not in self.side_factions(side):
                continue
            for source, amount in r.sources:
                r.amount += amount
                self.log.emit(OilProduced, actor=r.power, faction=r.faction, source=source, amount=amount, reserve=r.id)
            for purpose in ("army", "air_general"):
                if r.amount >= FIFTHS_PER_COUNTER:
                    self.spend_oil(r, purpose, oil_cost_fifths(purpose), {}, r.power)

    def side_factions(self, side: Side) -> set[str]:
        return {
            FACTION_OF_POWER[p]
            for p in POWERS
            if (FACTION_OF_POWER[p] in ("european_axis", "japan")) == (side == "axis")
        }

    def end_of_player_turn(self, side: Side) -> None:
        """Oil over a reserve's maximum is eliminated (33.422)."""
        for r in self.reserves.values():
            if r.tracked and r.faction in self.side_factions(side) and r.amount > r.maximum:
                excess = r.amount - r.maximum
                r.amount = r.maximum
                self.log.emit(
                    OilCountersEliminated, faction=r.faction, reserve=r.id, amount=excess, reason="over_reserve_max"
                )
