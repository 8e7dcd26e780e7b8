"""Ground attacks and attrition on the fronts of the synthetic game, every number from :mod:`projections.rules`.

An attack (15) is declared against the other side's hex on the line from every unit next to it that has not attacked
this turn (at most two out of a hex, 15.47, as stacking allows no more), the defenders each with the basic DM of +2
(15.32A); only at 1:1 or better. Each round rolls one die and reads the CRT (15.6, +1 a round after the first, 15.75);
the losses are those the result requires (15.61), chosen so that no unit could be spared (15.62, checked with
:func:`projections.rules.combat.loss_set_findings`). A further round is fought, sometimes, when both sides have units
left and the attackers' CTL allows it (15.71, 15.82A). Surviving attackers of the last round advance into a hex
emptied of defenders, at most two (15.91, 12.11), and take it (29.11).

Attrition (14) is rolled on a front where the side made no attack, counting its units in contact with the enemy in
part of the front (14.213 lets it leave units out), with the factor bonus, the CTL difference and the winter
difference of 14.42; the defender loses C counters from its units in contact (14.51, 14.522) and, where that
eliminated every defender of the zone (14.65), the attacker occupies up to H empty enemy hexes on the line next to
its counted units (14.6).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from typing import Final

from awaw_events.events import (
    AdvanceAfterCombat,
    AirMissionFlown,
    AttackDeclared,
    AttackEnded,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    AttritionResolved,
    CombatLossesTaken,
    CombatRoundResolved,
    HexControlChanged,
    UnitEliminated,
    UnitInversionChanged,
    UnitReduced,
)
from awaw_events.events.base import Modifier, Move, UnitFactors
from awaw_events.events.combat import Attacker, Defender
from awaw_events.vocab import FACTION_OF_POWER, CombatResult, Side
from benchmarks.campaign.economy import Economy
from benchmarks.campaign.log import Log
from benchmarks.campaign.world import Front, Unit, World, hex_id
from projections.rules import attrition as attrition_rules
from projections.rules import combat as rules
from projections.rules.geometry import distance, neighbours
from projections.rules.weather import GROUND_ATTACK_BAN_LEVEL

BASIC_DM: Final = Modifier(code="basic", value=rules.DM_BASE["awaw"], rule="15.32A")
ATTACK_SHARE: Final = 0.3
"""Share of the rows of a front where a side looks for an attack each player turn, at the start (the campaign
raises or lowers it so that the archive fills the game turns it should)."""
FURTHER_ROUND_SHARE: Final = 0.5
"""How often an attacker that may fight a further round does."""
ATTRITION_SHARE: Final = 0.6
"""How often a side rolls attrition on a front where it made no attack."""
ATTRITION_ROWS: Final = 6
"""Rows of a front whose units in contact an attrition counts."""
AIR_RANGE: Final = 4
"""Hexes from its base an air unit flies ground support here (the scenario keeps its air close to the line)."""
SUPPORT_SHARE: Final = 0.9
"""How often an attack gets ground support when an air unit is ready."""
TAKE_EX_SHARE: Final = 0.3
"""How often an attacker takes Ex for a d to clear the hex (15.53)."""


def choose_losses(pool: dict[str, int], need: int | None) -> list[str]:
    """The units to lose to meet ``need`` (None: everything) with none that could be spared (15.62)."""
    if need is None or sum(pool.values()) <= need:
        return list(pool)
    if need <= 0:
        return []
    singles = [u for u, v in pool.items() if v >= need]
    if singles:
        chosen = [min(singles, key=lambda u: (pool[u], u))]
    else:
        chosen, total = [], 0
        for u in sorted(pool, key=lambda u: (-pool[u], u)):
            chosen.append(u)
            total += pool[u]
            if total >= need:
                break
        for u in sorted(chosen, key=lambda u: (pool[u], u)):
            if total - pool[u] >= need:
                chosen.remove(u)
                total -= pool[u]
    if rules.loss_set_findings(chosen, pool, need):
        chosen = _smallest_legal(pool, need)
    return chosen


def _smallest_legal(pool: dict[str, int], need: int) -> list[str]:
    for size in range(1, len(pool) + 1):
        for subset in itertools.combinations(sorted(pool), size):
            if not rules.loss_set_findings(subset, pool, need):
                return list(subset)
    return list(pool)


@dataclass(slots=True)
class Battle:
    attack: str
    front: Front
    row: int
    target: str
    attackers: list[Unit]
    defenders: list[Unit]
    ctl: int
    air: list[Unit] = field(default_factory=list)
    """Air units flying ground support (15.632: at most three air factors for each ground factor)."""
    lost: set[str] = field(default_factory=set)
    air_left: dict[str, int] = field(default_factory=dict)


class Combat:
    """The combat and attrition phases of the side whose player turn it is."""

    def __init__(self, log: Log, world: World, economy: Economy, rng: random.Random, ctl: dict[str, int]) -> None:
        self.log = log
        self.world = world
        self.economy = economy
        self.rng = rng
        self.ctl = ctl
        self.attacks = 0
        self.attack_share = ATTACK_SHARE
        self.attrition_count = 0
        self.winter: dict[str, int] = {}
        """This game turn's winter level of each weather zone that has one."""
        self.preparation: dict[str, int] = {}

    # -- planning (before the initial supply determination) ----------------------------------------------------

    def plan(self, side: Side) -> list[Battle]:
        """The attacks the side will make this turn, paying an offensive on each front it attacks on (27.12)."""
        other: Side = "allied" if side == "axis" else "axis"
        battles: list[Battle] = []
        used: set[str] = set()
        for front in self.world.fronts:
            if self.winter.get(front.weather_zone or "", 0) >= GROUND_ATTACK_BAN_LEVEL:
                continue
            power = front.power(side)
            rows = list(front.rows())
            self.rng.shuffle(rows)
            for row in rows[: round(len(rows) * self.attack_share)]:
                target = hex_id(front.map, row, front.front_col(row, other))
                defenders = list(self.world.at(target))
                if not defenders or not front.may_take(row, side):
                    continue
                attackers = [
                    u
                    for n in neighbours(target)
                    if n[:3] == front.map and front.side_at(*_rc(n)) == side
                    for u in self.world.at(n)
                    if u.id not in used and u.power == power
                ]
                if not attackers:
                    continue
                attack = sum(u.factors for u in attackers)
                defence = rules.defence_strength([rules.DefendingUnit(u.factors, BASIC_DM.value) for u in defenders])
                if rules.odds(attack, defence).below_1_1:
                    continue
                if not self.economy.plan_offensive(power, front.name):
                    break
                self.attacks += 1
                used.update(u.id for u in attackers)
                ctl = self.ctl[attackers[0].faction]
                battle = Battle(f"a{self.attacks}", front, row, target, attackers, defenders, ctl)
                battle.air = self.support(front, power, target, attack, used)
                battles.append(battle)
        return battles

    def support(self, front: Front, power: str, target: str, ground: int, used: set[str]) -> list[Unit]:
        """An uninverted air unit of the power within range gives ground support, within 3:1 (15.632)."""
        if self.rng.random() >= SUPPORT_SHARE:
            return []
        for air in self.world.air.get(front.index, []):
            if (
                air.id not in used
                and not air.inverted
                and air.power == power
                and air.factors <= rules.air_support_limit(ground)
                and distance(air.location, target) <= AIR_RANGE
            ):
                used.add(air.id)
                return [air]
        return []

    def missions(self, battles: list[Battle], side: Side) -> None:
        """The ground support missions of the turn's attacks, flown before any attack (15.11); the units invert."""
        for battle in battles:
            if not battle.air:
                continue
            power = battle.front.power(side)
            self.log.emit(
                AirMissionFlown,
                actor=power,
                mission="ground_support",
                units=[a.id for a in battle.air],
                target=battle.target,
                ref=battle.attack,
            )
            for a in battle.air:
                a.inverted = True
                self.world.inverted.append(a)
                self.log.emit(UnitInversionChanged, actor=power, unit=a.id, inverted=True, cause="mission")

    # -- the combat phase --------------------------------------------------------------------------------------

    def fight(self, battle: Battle, side: Side) -> None:
        """Declare the attack, fight its rounds, take the losses, end it, advance."""
        log = self.log
        power = battle.front.power(side)
        log.emit(
            AttackDeclared,
            actor=power,
            attack=battle.attack,
            defender_hexes=[battle.target],
            attackers=[
                Attacker(unit=u.id, factors=u.factors, origin=u.location, ctl=battle.ctl) for u in battle.attackers
            ],
            defenders=[
                Defender(unit=u.id, factors=u.factors, hex=battle.target, dms=[BASIC_DM]) for u in battle.defenders
            ],
            ground_support=[UnitFactors(unit=a.id, factors=a.factors) for a in battle.air],
            front=battle.front.name,
        )
        battle.air_left = {a.id: a.factors for a in battle.air}
        round_no, fighting = 1, list(battle.attackers)
        while True:
            self.round(battle, round_no, fighting, power)
            alive = [u for u in battle.attackers if u.id not in battle.lost]
            defenders = [u for u in battle.defenders if u.id not in battle.lost]
            if not defenders or not alive:
                reason = "defender_eliminated" if not defenders else "attacker_eliminated"
                break
            nxt = rules.round_participants(round_no + 1, {u.id: battle.ctl for u in alive})
            if not nxt:
                reason = "ctl_limit"
                break
            attack = sum(u.factors for u in alive if u.id in nxt)
            defence = rules.defence_strength([rules.DefendingUnit(u.factors, BASIC_DM.value) for u in defenders])
            if rules.odds(attack, defence).below_1_1 or self.rng.random() >= FURTHER_ROUND_SHARE:
                reason = "abandoned"
                break
            round_no += 1
            fighting = [u for u in alive if u.id in nxt]
        log.emit(AttackEnded, actor=power, attack=battle.attack, after_round=round_no, reason=reason)
        if reason == "defender_eliminated":
            self.advance(battle, [u for u in fighting if u.id not in battle.lost], side)

    def round(self, battle: Battle, round_no: int, fighting: list[Unit], power: str) -> None:
        defenders = [u for u in battle.defenders if u.id not in battle.lost]
        attack = rules.attack_strength(sum(u.factors for u in fighting), sum(battle.air_left.values()))
        defending = {u.id: rules.DefendingUnit(u.factors, BASIC_DM.value) for u in defenders}
        defence = rules.defence_strength(defending.values())
        column = rules.odds_column(attack, defence)
        roll, (die,) = self.log.roll("crt", ref=battle.attack, actor=power)
        lookup = rules.crt_lookup(column, die, round_no)  # type: ignore[arg-type]
        result = self.applied(lookup.result)
        self.log.emit(
            CombatRoundResolved,
            actor=power,
            attack=battle.attack,
            round=round_no,
            attack_strength=attack,
            defence_strength=defence,
            odds=column,
            roll=roll,
            modified_die=lookup.modified_die,
            result=result,
        )
        need = rules.losses_required(result, attack=attack, defenders=list(defending.values()))
        a_pool = rules.attacker_loss_pool({u.id: u.factors for u in fighting}, battle.air_left, {}).units
        side_loss = need.attacker
        if side_loss.everything or side_loss.factors > 0:
            chosen = choose_losses(a_pool, None if side_loss.everything else side_loss.factors)
            air = {a: sum(1 for t in chosen if t.startswith(f"{a}#")) for a in battle.air_left}
            self.lose(battle, "attacker", round_no, [u for u in fighting if u.id in chosen], power, air)
        side_loss = need.defender
        if side_loss.everything or side_loss.factors > 0:
            modified = side_loss.measure == "modified"
            d_pool = rules.defender_loss_pool(defending, {}, modified=modified).units
            chosen = choose_losses(d_pool, None if side_loss.everything else side_loss.factors)
            self.lose(battle, "defender", round_no, [u for u in defenders if u.id in chosen], power)

    def applied(self, rolled: CombatResult) -> CombatResult:
        """The result the players apply: the CRT's, or Ex for a d when the attacker wants the hex (15.53)."""
        if rolled == "d" and self.rng.random() < TAKE_EX_SHARE:
            return "Ex"
        return rolled

    def lose(
        self,
        battle: Battle,
        loser: str,
        round_no: int,
        units: list[Unit],
        power: str,
        air: dict[str, int] | None = None,
    ) -> None:
        """Record a side's losses: ground units eliminated whole, air factor by factor (15.62, 15.63)."""
        air = {a: n for a, n in (air or {}).items() if n}
        self.log.emit(
            CombatLossesTaken,
            actor=power if loser == "attacker" else "system",
            attack=battle.attack,
            round=round_no,
            loser=loser,
            losses=[UnitFactors(unit=u.id, factors=u.factors) for u in units]
            + [UnitFactors(unit=a, factors=n) for a, n in air.items()],
        )
        for u in units:
            battle.lost.add(u.id)
            self.world.eliminate(u)
            self.log.emit(UnitEliminated, unit=u.id, cause="combat", ref=battle.attack)
        for a, n in air.items():
            unit = self.world.units[a]
            battle.air_left[a] -= n
            if n >= unit.factors:
                del battle.air_left[a]
                self.world.eliminate(unit)
                self.log.emit(UnitEliminated, unit=a, cause="combat", ref=battle.attack)
            else:
                unit.factors -= n
                self.log.emit(UnitReduced, unit=a, factors_lost=n, ref=battle.attack)

    def advance(self, battle: Battle, survivors: list[Unit], side: Side) -> None:
        """Up to two surviving attackers of the last round advance into the emptied hex and take it (15.91)."""
        if not survivors:
            return
        movers = survivors[:2]
        power = battle.front.power(side)
        self.log.emit(
            AdvanceAfterCombat,
            actor=power,
            attack=battle.attack,
            moves=[Move(unit=u.id, to=battle.target) for u in movers],
        )
        for u in movers:
            self.world.move(u, battle.target)
        battle.front.take(battle.row, side)
        self.log.emit(
            HexControlChanged,
            actor=power,
            hex=battle.target,
            controller=power,
            cause="advance_after_combat",
            ref=battle.attack,
        )

    # -- attrition ---------------------------------------------------------------------------------------------

    def attrition(self, side: Side, attacked: set[str], fronts_attacked: set[int]) -> None:
        """Attrition where the side made no attack, on a front where its faction bought no offensive (9.61)."""
        bought = {(FACTION_OF_POWER[p], name) for p, name in self.economy.offensives}
        for front in self.world.fronts:
            if front.index in fronts_attacked or self.rng.random() >= ATTRITION_SHARE:
                continue
            if (FACTION_OF_POWER[front.power(side)], front.name) in bought:
                continue
            self.attrition_on(front, side, attacked)

    def attrition_on(self, front: Front, side: Side, attacked: set[str]) -> None:
        other: Side = "allied" if side == "axis" else "axis"
        power = front.power(side)
        first = front.row0 + self.rng.randrange(len(front.line) - ATTRITION_ROWS + 1)
        counted: list[Unit] = []
        engaged: dict[str, Unit] = {}
        for row in range(first, first + ATTRITION_ROWS):
            for unit in self.world.at(hex_id(front.map, row, front.front_col(row, side))):
                if unit.id in attacked or unit.power != power:
                    continue
                enemies = [
                    e for n in neighbours(unit.location) for e in self.world.at(n) if e.power == front.power(other)
                ]
                if enemies:
                    counted.append(unit)
                    engaged.update((e.id, e) for e in enemies)
        if not counted:
            return
        self.attrition_count += 1
        ident = f"att{self.attrition_count}"
        factors = sum(u.factors for u in counted)
        defenders = sorted(engaged.values(), key=lambda u: u.id)
        zone = front.weather_zone
        self.log.emit(
            AttritionDeclared,
            actor=power,
            attrition=ident,
            attacker=counted[0].faction,
            target=front.power(other),
            front=front.name,
            counted=[UnitFactors(unit=u.id, factors=u.factors) for u in counted],
            factors=factors,
            zone=zone,
            defenders=[UnitFactors(unit=u.id, factors=u.factors) for u in defenders],
            attrition_zone=front.zone,
        )
        mods = self.attrition_modifiers(counted, defenders, zone)
        roll, (die,) = self.log.roll("attrition", ref=ident, actor=power)
        outcome = attrition_rules.resolve_attrition(
            factors, die, modifiers=[m.value for m in mods], pacific=front.map == "PAC"
        )
        bonus = attrition_rules.factor_modifier(factors)
        if bonus:
            mods.append(Modifier(code="factors", value=bonus, rule="14.42A"))
        self.log.emit(
            AttritionResolved,
            actor=power,
            attrition=ident,
            roll=roll,
            modifiers=mods,
            modified_die=outcome.modified_roll,
            column=outcome.column_label,
            losses=outcome.result.counters,
            hexes=outcome.result.hexes,
        )
        lost = sorted(defenders, key=lambda u: (u.factors, u.id))[: outcome.result.counters]
        if lost:
            self.log.emit(
                AttritionLossesTaken, attrition=ident, losses=[UnitFactors(unit=u.id, factors=u.factors) for u in lost]
            )
            emptied = set()
            for u in lost:
                where = u.location
                self.world.eliminate(u)
                if not self.world.at(where):
                    emptied.add(where)
                self.log.emit(UnitEliminated, unit=u.id, cause="attrition", ref=ident)
        else:
            emptied = set()
        if defenders and len(lost) == len(defenders):
            # Only where the attrition eliminated every defender of the zone may the attacker take the empty enemy
            # hexes next to its units (14.65); otherwise a hex selected must hold a non-partisan enemy ground unit
            # (14.61, 14.62A), which would retreat (14.7): the campaign takes none (14.61: it need not take any).
            self.occupy(front, side, ident, counted, outcome.result.hexes, emptied)

    def attrition_modifiers(self, counted: list[Unit], defenders: list[Unit], zone: str | None) -> list[Modifier]:
        """The CTL (14.42B) and winter (14.42C) differences."""
        mods: list[Modifier] = []
        ctl = attrition_rules.ctl_modifier(
            [(self.ctl[u.faction], u.factors) for u in counted], [(self.ctl[u.faction], u.factors) for u in defenders]
        )
        if ctl:
            mods.append(Modifier(code="ctl", value=ctl, rule="14.42B"))
        level = self.winter.get(zone or "")
        if self.log.season in ("fall", "winter") and level is not None:
            winter = attrition_rules.winter_modifier(
                [(self.preparation[u.faction], u.factors) for u in counted],
                [(self.preparation[u.faction], u.factors) for u in defenders],
                level,
            )
            if winter:
                mods.append(Modifier(code="winter", value=winter, rule="14.42C"))
        return mods

    def occupy(self, front: Front, side: Side, ident: str, counted: list[Unit], hexes: int, emptied: set[str]) -> None:
        """Occupy up to ``hexes`` empty enemy hexes on the line next to counted units (14.61, 14.62A, 14.64)."""
        other: Side = "allied" if side == "axis" else "axis"
        moves: list[Move] = []
        taken: list[tuple[int, str]] = []
        used: set[str] = set()
        for row in front.rows():
            if len(taken) == hexes:
                break
            target = hex_id(front.map, row, front.front_col(row, other))
            if self.world.at(target) or target in emptied or not front.may_take(row, side):
                continue
            mover = next(
                (
                    u
                    for u in counted
                    if u.id not in used and u.id in self.world.units and target in neighbours(u.location)
                ),
                None,
            )
            if mover is None:
                continue
            used.add(mover.id)
            moves.append(Move(unit=mover.id, to=target))
            taken.append((row, target))
        if not moves:
            return
        power = front.power(side)
        self.log.emit(AttritionOccupation, actor=power, attrition=ident, hexes=[t for _, t in taken], moves=moves)
        for m in moves:
            self.world.move(self.world.units[m.unit], m.to)
        for row, target in taken:
            front.take(row, side)
            self.log.emit(
                HexControlChanged, actor=power, hex=target, controller=power, cause="attrition_occupation", ref=ident
            )


def _rc(hex_: str) -> tuple[int, int]:
    from benchmarks.campaign.world import position

    return position(hex_)
