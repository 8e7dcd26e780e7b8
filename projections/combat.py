"""The combat of the current player turn: attacks declared (with what the board looked like when they were) and what
has happened to each since (rounds, losses, advances, its end), overruns, breakthroughs, attrition combats and their
results, the units that attacked, and the units counted for attrition this game turn.

Sources: 10-16 extract 4.5 (combat-phase state, reset each player turn), 4.6 (event transitions). The rules read
these running facts (a unit attacks once a turn, 15.1; a further round needs survivors, 15.71; the losses a result
requires, 15.61; an advance belongs to an attack; a breakthrough to a regular attack, 16.11; a bridgehead to the
attack or attrition that made it, 31.1; a unit attritions once a game turn, 14.21), and so do the audit's checks:
they are state, folded once here, not memory kept by a check.

How an attack is followed (10-16 extract 5.3): ground units are lost whole; air (ground support, DAS) and fleet
(shore bombardment) factors factor by factor. Each round records, from :mod:`projections.rules.combat`, who could
fight it (15.71, 15.82A; house 15.71-15.72), the CRT reading of its die (from the dice record), the losses its
result requires (15.61, 15.62) and what each side could lose at its start, so the losses recorded after it are
checked against the round as it was fought. Nothing is computed for an A3R game on the standard CRT (``combat.crt =
a3r``, not in our sources: :func:`~projections.rules.combat.readings.crt_table`).

Everything here is forgotten at the start of the next player turn, except the units counted for attrition, which
are forgotten at the start of the next game turn (14.21).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, cast

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AirCombatResolved,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttackEnded,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionResolved,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    ExploitationAllowance,
    OffensiveDeclared,
    OverrunResolved,
    ResearchResult,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.events.combat import Defender
from awaw_events.vocab import FACTION_OF_POWER, CombatResult, Power, Season
from projections import dice
from projections.board import BoardState, Unit
from projections.core import Context, Handlers
from projections.movement import MovementState
from projections.rules import air as air_rules
from projections.rules import attrition as attrition_rules
from projections.rules import combat as rules
from projections.rules.combat import CrtTable, DefendingUnit, LossPool, LossRequirement
from projections.rules.dice import DIE_FACES


class Round(msgspec.Struct, frozen=True, kw_only=True):
    """A round resolved: the result applied, what the rules read from it, and what each side could lose at its
    start."""

    number: int
    result: CombatResult
    rolled: CombatResult | None = None
    """The CRT result of the round's die before substitutions (``None``: no die known, or below 1:4)."""
    below_1_4: bool = False
    participants: frozenset[str] = frozenset()
    """The ground attackers fighting the round (15.71, 15.82A; house 15.71-15.72)."""
    requirement: LossRequirement | None = None
    """The losses the result requires of each side (15.61, 15.62; below 1:4: the attacker's whole force, 15.52)."""
    attacker_pool: LossPool
    """What the attacker could lose: the ground units fighting the round, ground support and bombardment factors."""
    defender_face_pool: LossPool
    """What the defender could lose, at face value."""
    defender_modified_pool: LossPool
    """What the defender could lose, at DM-modified strength (an Ex whose loss is counted in strength, 15.61)."""
    defending: tuple[DefendingUnit, ...] = ()
    das: int = 0
    """DAS strength at the start of the round (tripled against an invasion)."""
    losses_seen: frozenset[str] = frozenset()
    """The sides (``attacker``, ``defender``) whose losses for this round were recorded."""


class Attack(msgspec.Struct, frozen=True, kw_only=True):
    """An attack declared this player turn: the declaration, its event number, who controlled each defending hex
    when it was declared, and what has happened to it since."""

    seq: int
    declared: AttackDeclared
    hex_control: dict[str, str | None] = {}
    table: CrtTable | None = None
    """The combat table in force when it was declared (``None``: the standard A3R CRT, not in our sources)."""
    ground: dict[str, int] = {}
    """Attacking ground units and their factors."""
    air: dict[str, int] = {}
    """Ground support factors by air unit."""
    fleet: dict[str, int] = {}
    """Shore bombardment factors by fleet."""
    das: dict[str, int] = {}
    """Defensive air support factors by air unit."""
    defenders: dict[str, Defender] = {}
    ctl: dict[str, int | None] = {}
    """Each ground attacker's CTL: as claimed, else its faction's ground CTL, -1 in partial supply (15.8, 15.81)."""
    dm: dict[str, int] = {}
    """Each defender's multiplier from the DM items claimed (15.31, 15.35)."""
    lost: dict[str, int] = {}
    """Factors lost so far, by unit (a ground unit's whole factors when it is lost)."""
    rounds: dict[int, Round] = {}
    last_round: int = 0
    ended: bool = False
    advanced: dict[str, tuple[str, ...]] = {}
    """Units that advanced after combat, by the hex they entered."""

    @property
    def invasion(self) -> bool:
        return self.declared.kind == "invasion"

    def left(self, unit: str, factors: int) -> int:
        """What is left of ``factors`` of ``unit`` after its losses."""
        return max(0, factors - self.lost.get(unit, 0))

    def ground_alive(self) -> dict[str, int]:
        """Ground attackers with factors left, with their printed factors."""
        return {u: f for u, f in self.ground.items() if self.left(u, f) > 0}

    def defenders_alive(self) -> dict[str, Defender]:
        return {u: d for u, d in self.defenders.items() if self.left(u, d.factors) > 0}

    def all_defenders_gone(self, hex_: str | None = None) -> bool:
        """No defending ground unit is left (in ``hex_``, when given; defenders without a hex count everywhere)."""
        return not any(hex_ is None or d.hex in (None, hex_) for d in self.defenders_alive().values())

    def defending_units(self) -> list[DefendingUnit]:
        """The surviving defenders, factors left and multiplier."""
        return [DefendingUnit(self.left(u, d.factors), self.dm[u]) for u, d in self.defenders_alive().items()]

    def das_left(self) -> int:
        return sum(self.left(u, f) for u, f in self.das.items())

    def support_left(self) -> int:
        """Ground support and shore bombardment factors left."""
        return sum(self.left(u, f) for u, f in self.air.items()) + sum(self.left(u, f) for u, f in self.fleet.items())

    def ground_now(self, fighting: frozenset[str]) -> int:
        """Ground factors left of the attackers ``fighting``."""
        return sum(self.left(u, self.ground[u]) for u in fighting)

    def defence_now(self) -> int:
        """The defence strength now (15.41, 15.51)."""
        return rules.defence_strength(self.defending_units(), self.das_left(), invasion=self.invasion)

    def attack_now(self, fighting: frozenset[str]) -> int:
        """The attack strength of the attackers ``fighting`` with all the support left (15.51)."""
        return rules.attack_strength(self.ground_now(fighting), self.support_left())

    def final_fighters(self) -> frozenset[str]:
        """The attackers that fought the last round resolved."""
        last = self.rounds.get(self.last_round)
        return last.participants if last is not None else frozenset()


class Breakthrough(msgspec.Struct, frozen=True, kw_only=True):
    """A breakthrough created this player turn (16.1): the attack it came from, its hex, and the exploitation routes
    of the armor exploiting from it, in the order they moved (16.32-16.36: the hexes each entered after leaving the
    breakthrough hex)."""

    seq: int
    attack: str
    hex: str
    routes: dict[str, tuple[str, ...]] = {}


class HexLoss(msgspec.Struct, frozen=True, kw_only=True):
    """One hex an attrition's losses came from (14.62B): the units lost there and the units it held before the
    losses, each with its combat factors."""

    lost: tuple[tuple[str, int], ...] = ()
    held: tuple[tuple[str, int], ...] = ()

    @property
    def emptied(self) -> bool:
        """No ground unit is left in the hex."""
        gone = {u for u, _ in self.lost}
        return all(u in gone for u, _ in self.held)

    @property
    def largest_taken(self) -> bool:
        """The losses include a unit with the largest combat factor of the hex (14.62B)."""
        top = max((f for _, f in self.held), default=0)
        return any(f >= top for _, f in self.lost)


class CombatState(msgspec.Struct, kw_only=True):
    """This player turn's combat. Treat it as a value: only the fold mutates a fresh clone."""

    turn: tuple[int, str | None] = (-1, None)
    """The player turn (game turn index, side) these facts belong to."""
    attacks: dict[str, Attack] = {}
    attritions: dict[str, AttritionDeclared] = {}
    breakthroughs: dict[str, Breakthrough] = {}
    overruns: dict[str, OverrunResolved] = {}
    attacked: set[str] = set()
    """Units that attacked (or overran) this player turn."""
    attrition_results: dict[str, int] = {}
    """Counters lost (C) by attrition id, as recorded (``attrition_resolved.losses``)."""
    attrition_hexes: dict[str, int] = {}
    """Hexes the attacker may occupy (H) by attrition id, as recorded (``attrition_resolved.hexes``)."""
    attrition_losses: dict[str, dict[str, HexLoss]] = {}
    """Where each attrition's losses were taken, by hex (14.62B), from ``attrition_losses_taken``."""
    regular_defenders: dict[str, tuple[str, str | None]] = {}
    """Defending units attacked in regular combat this player turn: the attack and the attacking faction (15.46)."""
    allowances: dict[str, int] = {}
    """Exploitation allowances claimed this player turn, by unit (``exploitation_allowance``; 16.31)."""
    deferred_das: set[str] = set()
    """Attacks against which deferred DAS was flown this player turn (18.619: they must be completed)."""
    das_left: dict[str, int] = {}
    """DAS factors that may support an attack after its interception: those neither eliminated nor aborted by the
    interceptors' final roll (18.563), by attack."""
    winter_designations: int = 0
    """Hexes designated in this player turn's Russian winter attritions, losses and occupation together (14.521)."""
    airdrops: dict[str, tuple[str, str | None]] = {}
    """Airdrops made this player turn: unit -> (the hex it dropped on, the phase) (13.532, 15.22)."""
    offensives: set[tuple[str, str]] = set()
    """Offensive operations paid for this player turn: (power, front) (13.51: an overrun is one)."""
    exploited: dict[str, int] = {}
    """Armor that exploited, and the game turn (index) it last did, until it redeploys or a game turn passes (16.61:
    automatically supplied, and no exploitation, in the next game turn)."""
    jet_research: dict[str, int] = {}
    """The best jet research result of each power so far (17.54: jets are built after a 13+ result); kept all game."""
    western_offensive_turns: tuple[int, ...] = ()
    """The first two game turns (indexes) whose Axis player turn had western-front offensive operations (15.54B);
    kept for the whole game."""
    counted: dict[str, str] = {}
    """Units counted for attrition this game turn, and the attrition that first counted each (14.21, 14.23B)."""

    def counted_in(self, game_turn: int) -> Mapping[str, str]:
        """The units counted for attrition in game turn ``game_turn`` (an index, :func:`awaw_events.gametime.
        game_turn`): :attr:`counted` if it is this state's game turn, else nothing (for an event that opens a new
        game turn, read against the state before it)."""
        return self.counted if self.turn[0] == game_turn else {}


HANDLERS: Final = Handlers[CombatState]()


def initial() -> CombatState:
    return CombatState()


# ---------------------------------------------------------------------------------------------------------------
# What the rules read from the board and an attack (the fold and the audit share these)
# ---------------------------------------------------------------------------------------------------------------


def unit_ctl(board: BoardState, unit_id: str, *, army_oil: bool = False) -> int | None:
    """A unit's CTL on ``board``: its nation's ground CTL (``ctl_set`` with its nationality, or its alliance faction's
    where that is the nation's own, :func:`~projections.rules.combat.ctl_is_factions`), -1 in partial supply or
    under the army oil effect (``army_oil``; not both, 15.81, 33.61C), -1 for replacements (10.23), always 1 for
    partisans (11.48); ``None`` when the unit or its CTL is not known (an Italian or minor unit whose own level the
    log does not record: 15.81, 14.43). The position's :func:`projections.position.combat.attacks.ctl` adds the
    oil effect of the player turn and the A3R rule."""
    unit = board.units.get(unit_id)
    if unit is None:
        return None
    if unit.unit_type == "partisan":
        return rules.PARTISAN_CTL
    level = recorded_ctl(board, unit)
    if level is None:
        return None
    return rules.effective_ctl(
        level,
        partial_supply_or_army_oil=unit.supply == "partial" or army_oil,
        replacement=unit.unit_type == "replacement",
    )


def recorded_ctl(board: BoardState, unit: Unit) -> int | None:
    """The ground CTL the log records for a unit's nation (its own, else its faction's where that is the nation's),
    before any reduction (15.81)."""
    level = board.ctl.get(f"{unit.nationality}/ground")
    faction = FACTION_OF_POWER.get(cast(Power, unit.owner))
    if level is None and rules.ctl_is_factions(unit.nationality, faction):
        level = board.ctl.get(f"{faction}/ground")
    return level


def known_ctl(board: BoardState, unit_id: str) -> int | None:
    """:func:`unit_ctl` without the oil effect (its name in the families that read it)."""
    return unit_ctl(board, unit_id)


def under_army_oil(moves: MovementState, owner: str, turn: int, side: str | None) -> bool:
    """Whether ``owner``'s faction accepted the army oil effect in the player turn (``turn``, ``side``) (33.61C; the
    effect is not kept past its player turn)."""
    return (
        bool(moves.army_oil)
        and moves.player_turn == (turn, side)
        and (FACTION_OF_POWER.get(cast(Power, owner)) in moves.army_oil)
    )


def house_nationality_of(board: BoardState, unit_id: str) -> rules.HouseNationality:
    """A unit's row of the house rounds and exploitation tables (``other`` when it is not on the board)."""
    unit = board.units.get(unit_id)
    return "other" if unit is None else rules.house_nationality(unit.nationality, unit.unit_type)


def participants(
    attack: Attack, round_no: int, *, board: BoardState, options: Mapping[str, str], year: int, season: Season
) -> frozenset[str] | None:
    """The surviving ground attackers that may fight round ``round_no`` (15.71, 15.82A; house 15.71-15.72), or
    ``None`` when a CTL it needs is unknown."""
    alive = attack.ground_alive()
    if round_no == 1:
        return frozenset(alive)
    if attack.table == "awaw":
        ctls = {u: attack.ctl.get(u) for u in alive}
        if any(c is None for c in ctls.values()):
            return None
        return rules.round_participants(round_no, cast(dict[str, int], ctls), model="ctl")
    return rules.round_participants(
        round_no,
        {u: house_nationality_of(board, u) for u in alive},
        model="nationality_date",
        year=year,
        season=season,
        mixed=rules.mixed_rounds(options),
    )


def round_column(event: CombatRoundResolved, attack: Attack, fighting: frozenset[str] | None) -> str | None:
    """The CRT column of a round: as recorded, else from the recorded strengths, else from the attack's strengths
    now (15.51, 15.52); ``None`` when it cannot be told."""
    if event.odds is not None:
        return rules.recorded_column(event.odds)
    if event.attack_strength and event.defence_strength:
        return rules.odds_column(event.attack_strength, event.defence_strength)
    if fighting is None:
        return None
    a, d = attack.attack_now(fighting), attack.defence_now()
    return rules.odds_column(a, d) if a > 0 and d > 0 else None


def die_face(dice_state: dice.DiceState, number: int | None) -> int | None:
    """The face of the single die of roll ``number`` (None when unknown or not a face of a six-sided die)."""
    faces = dice.faces(dice_state, number) if number is not None else None
    if not faces:
        return None
    face = faces[0]
    return face if 1 <= face <= DIE_FACES else None


# ---------------------------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------------------------


@HANDLERS.on_time_change
def _new_turn(state: CombatState, event: object, ctx: Context) -> None:
    if ctx.new_player_turn:
        state.turn = (ctx.now.turn, ctx.now.side)
        state.attacks = {}
        state.attritions = {}
        state.breakthroughs = {}
        state.overruns = {}
        state.attacked = set()
        state.attrition_results = {}
        state.attrition_hexes = {}
        state.attrition_losses = {}
        state.regular_defenders = {}
        state.allowances = {}
        state.airdrops = {}
        state.offensives = set()
        state.winter_designations = 0
        state.deferred_das = set()
        state.das_left = {}
    if ctx.new_turn:
        state.counted = {}
        now = ctx.now.turn
        state.exploited = {u: t for u, t in state.exploited.items() if t >= now - 1}


def _factors(supports: list[Any]) -> dict[str, int]:
    found: dict[str, int] = {}
    for s in supports:
        found[s.unit] = found.get(s.unit, 0) + s.factors
    return found


@HANDLERS.on(AttackDeclared)
def _attack(state: CombatState, event: AttackDeclared, ctx: Context) -> None:
    board = ctx.game.board
    control = board.control
    table = rules.crt_table(ctx.meta.rules, ctx.meta.options)
    state.attacks[event.attack] = Attack(
        seq=ctx.now.seq,
        declared=event,
        hex_control={h: control.get(h) for h in event.defender_hexes},
        table=table,
        ground={a.unit: a.factors for a in event.attackers},
        air=_factors(event.ground_support),
        fleet=_factors(event.shore_bombardment),
        das=_factors(event.das),
        defenders={d.unit: d for d in event.defenders},
        ctl={a.unit: a.ctl if a.ctl is not None else _ctl(ctx, a.unit) for a in event.attackers},
        dm={d.unit: rules.claimed_dm(d.dms, variant=table) for d in event.defenders} if table is not None else {},
    )
    state.attacked.update(a.unit for a in event.attackers)
    if event.kind != "exploitation":
        faction = attacking_faction(board, event)
        for d in event.defenders:
            state.regular_defenders.setdefault(d.unit, (event.attack, faction))


def _ctl(ctx: Context, unit_id: str) -> int | None:
    unit = ctx.game.board.units.get(unit_id)
    oil = unit is not None and under_army_oil(ctx.game.movement, unit.owner, ctx.now.turn, ctx.now.side)
    return unit_ctl(ctx.game.board, unit_id, army_oil=oil)


def attacking_faction(board: BoardState, event: AttackDeclared) -> str | None:
    """The alliance faction of an attack's first attacker on the board (15.46 allows a second faction's attack)."""
    for a in event.attackers:
        unit = board.units.get(a.unit)
        if unit is not None:
            return FACTION_OF_POWER.get(cast(Power, unit.owner))
    return None


@HANDLERS.on(CombatRoundResolved)
def _round(state: CombatState, event: CombatRoundResolved, ctx: Context) -> None:
    attack = state.attacks.get(event.attack)
    if attack is None or attack.table is None:
        return
    table = attack.table
    options = ctx.meta.options
    fighting = participants(
        attack, event.round, board=ctx.game.board, options=options, year=event.year, season=event.season
    )
    if fighting is None:
        fighting = frozenset(attack.ground_alive())
    column = round_column(event, attack, fighting)
    die = die_face(ctx.game.dice, event.roll)
    rolled = None
    if column in rules.ODDS_COLUMNS and die is not None:
        lookup = rules.crt_lookup(column, die, event.round, table=table)
        if not lookup.clamped or rules.crt_above_6(options) == "read_as_6":
            rolled = lookup.result
    below = column == rules.BELOW_1_4
    defending = attack.defending_units()
    if below:
        requirement = rules.automatic_elimination()
    else:
        requirement = rules.losses_required(
            event.result,
            attack=attack.attack_now(fighting),
            defenders=defending,
            das_factors=attack.das_left(),
            invasion=attack.invasion,
            table=table,
            d_base=rules.d_base(options, table),
        )
    alive = attack.defenders_alive()
    ground = {u: DefendingUnit(attack.left(u, d.factors), attack.dm[u]) for u, d in alive.items()}
    das = {u: attack.left(u, f) for u, f in attack.das.items()}
    played = Round(
        number=event.round,
        result=event.result,
        rolled=rolled,
        below_1_4=below,
        participants=fighting,
        requirement=requirement,
        attacker_pool=rules.attacker_loss_pool(
            {u: attack.left(u, attack.ground[u]) for u in fighting},
            {u: attack.left(u, f) for u, f in attack.air.items()},
            {u: attack.left(u, f) for u, f in attack.fleet.items()},
        ),
        defender_face_pool=rules.defender_loss_pool(ground, das, modified=False),
        defender_modified_pool=rules.defender_loss_pool(ground, das, modified=True, invasion=attack.invasion),
        defending=tuple(defending),
        das=rules.das_strength(attack.das_left(), invasion=attack.invasion),
    )
    state.attacks[event.attack] = msgspec.structs.replace(
        attack, rounds={**attack.rounds, event.round: played}, last_round=max(attack.last_round, event.round)
    )


@HANDLERS.on(CombatLossesTaken)
def _losses(state: CombatState, event: CombatLossesTaken, ctx: Context) -> None:
    attack = state.attacks.get(event.attack)
    if attack is None:
        return
    lost = dict(attack.lost)
    for u in event.losses:
        whole = attack.ground.get(u.unit) if event.loser == "attacker" else None
        if whole is None and event.loser == "defender" and u.unit in attack.defenders:
            whole = attack.defenders[u.unit].factors
        lost[u.unit] = lost.get(u.unit, 0) + (whole if whole is not None else u.factors)
    rounds = attack.rounds
    played = rounds.get(event.round)
    if played is not None:
        seen = msgspec.structs.replace(played, losses_seen=played.losses_seen | {event.loser})
        rounds = {**rounds, event.round: seen}
    state.attacks[event.attack] = msgspec.structs.replace(attack, lost=lost, rounds=rounds)


@HANDLERS.on(AttackEnded)
def _ended(state: CombatState, event: AttackEnded, ctx: Context) -> None:
    attack = state.attacks.get(event.attack)
    if attack is not None:
        state.attacks[event.attack] = msgspec.structs.replace(attack, ended=True)


@HANDLERS.on(AdvanceAfterCombat)
def _advanced(state: CombatState, event: AdvanceAfterCombat, ctx: Context) -> None:
    attack = state.attacks.get(event.attack)
    if attack is None or not event.moves:
        return
    advanced = dict(attack.advanced)
    for m in event.moves:
        advanced[m.to] = (*advanced.get(m.to, ()), m.unit)
    state.attacks[event.attack] = msgspec.structs.replace(attack, advanced=advanced)


@HANDLERS.on(OverrunResolved)
def _overrun(state: CombatState, event: OverrunResolved, ctx: Context) -> None:
    state.overruns[event.overrun] = event
    state.attacked.update(u.unit for u in event.units)


@HANDLERS.on(BreakthroughCreated)
def _breakthrough(state: CombatState, event: BreakthroughCreated, ctx: Context) -> None:
    state.breakthroughs[event.breakthrough] = Breakthrough(seq=ctx.now.seq, attack=event.attack, hex=event.hex)


@HANDLERS.on(ExploitationAllowance)
def _allowance(state: CombatState, event: ExploitationAllowance, ctx: Context) -> None:
    state.allowances[event.unit] = event.allowance


@HANDLERS.on(UnitMoved)
def _exploited(state: CombatState, event: UnitMoved, ctx: Context) -> None:
    if not event.exploitation or event.breakthrough is None:
        return
    found = state.breakthroughs.get(event.breakthrough)
    if found is None:
        return
    route = rules.exploitation_route(found.hex, event.path)
    routes = {**found.routes, event.unit: found.routes.get(event.unit, ()) + route}
    state.breakthroughs[event.breakthrough] = msgspec.structs.replace(found, routes=routes)
    state.exploited[event.unit] = ctx.now.turn


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: CombatState, event: UnitRedeployed, ctx: Context) -> None:
    if state.exploited:
        state.exploited.pop(event.unit, None)


@HANDLERS.on(ResearchResult)
def _research(state: CombatState, event: ResearchResult, ctx: Context) -> None:
    if air_rules.JET_PROJECT not in event.project.lower():
        return
    digits = "".join(ch for ch in event.result if ch.isdigit())
    if digits:
        state.jet_research[event.power] = max(state.jet_research.get(event.power, 0), int(digits))


@HANDLERS.on(AirMissionFlown)
def _mission(state: CombatState, event: AirMissionFlown, ctx: Context) -> None:
    if event.mission == "deferred_das" and event.ref is not None:
        state.deferred_das.add(event.ref)


@HANDLERS.on(AirCombatResolved)
def _air_battle(state: CombatState, event: AirCombatResolved, ctx: Context) -> None:
    if event.case == "das_interception" and event.ref is not None and event.defender_units:
        engaged = sum(u.factors for u in event.defender_units)
        state.das_left[event.ref] = max(0, engaged - event.defender_eliminated - event.defender_aborted)


@HANDLERS.on(AirdropMade)
def _airdrop(state: CombatState, event: AirdropMade, ctx: Context) -> None:
    state.airdrops[event.unit] = (event.target, event.phase)


@HANDLERS.on(OffensiveDeclared)
def _offensive(state: CombatState, event: OffensiveDeclared, ctx: Context) -> None:
    state.offensives.add((event.power, event.front))
    turns = state.western_offensive_turns
    if len(turns) >= rules.EARLY_GERMAN_WESTERN_TURNS or event.front != "western" or event.side != "axis":
        return
    now = ctx.now.turn
    if now not in turns:
        state.western_offensive_turns = (*turns, now)


@HANDLERS.on(AttritionDeclared)
def _attrition(state: CombatState, event: AttritionDeclared, ctx: Context) -> None:
    state.attritions[event.attrition] = event
    for u in event.counted:
        state.counted.setdefault(u.unit, event.attrition)


@HANDLERS.on(AttritionResolved)
def _attrition_result(state: CombatState, event: AttritionResolved, ctx: Context) -> None:
    state.attrition_results[event.attrition] = event.losses
    state.attrition_hexes[event.attrition] = event.hexes
    state.winter_designations += len(event.loss_hexes) + len(event.occupation_hexes)


def unit_hex(board: BoardState, unit_id: str) -> tuple[str, int] | None:
    """Where a unit is (or was last, if eliminated) and its combat factors."""
    unit = board.units.get(unit_id)
    if unit is None:
        gone = board.eliminated.get(unit_id)
        unit = gone.unit if gone is not None else None
    return (unit.location, unit.factors) if unit is not None else None


@HANDLERS.on(AttritionLossesTaken)
def _attrition_losses(state: CombatState, event: AttritionLossesTaken, ctx: Context) -> None:
    board = ctx.game.board
    lost: dict[str, list[tuple[str, int]]] = {}
    for u in event.losses:
        found = unit_hex(board, u.unit)
        if found is not None:
            lost.setdefault(found[0], []).append((u.unit, found[1]))
    if not lost:
        return
    held: dict[str, list[tuple[str, int]]] = {h: list(units) for h, units in lost.items()}
    gone = {u for units in lost.values() for u, _ in units}
    for unit in board.units.values():  # one pass per attrition (rare): the other units of the loss hexes
        if unit.location in held and unit.id not in gone and unit.unit_type in attrition_rules.OCCUPATION_HOLDERS:
            held[unit.location].append((unit.id, unit.factors))
    record = dict(state.attrition_losses.get(event.attrition, {}))
    for h, units in lost.items():
        before = record.get(h, HexLoss())
        record[h] = HexLoss(lost=(*before.lost, *units), held=tuple(dict.fromkeys((*before.held, *held[h]))))
    state.attrition_losses[event.attrition] = record
