"""Movement's running facts: what the rules of ground movement (13), stacking (12), specialized units (10.4-10.9) and
partisans (11) remember from earlier in the phase, player turn or game turn, and where the ground units stand.

Sources: 10-16 extract 4.2-4.6 (``mf_used_this_phase``, overrun history, airdrops, builds this turn, pending
overstacks), checklists 2.1-2.5.

* Where each ground unit stands, hex by hex (the board keeps units by id; the rules ask "who is in this hex"): kept
  in step with the board after every event that places, moves or removes a unit (this projection folds after it).
* This phase (forgotten when the phase changes): MF spent and hexes entered by each unit (13.41, 13.411, 13.42), the
  hexes of successful overruns and the units that made them (13.52, 13.56).
* This player turn: each faction's first move and first ground move of its movement phase and its initial supply
  determination (13.11, 13.21, 13.33), factions under the army oil effect (33.61C), units air-transported (10.53B).
* This game turn: airdrops (10.25 ... 10.57), partisans placed by faction and area and the free Russian one (11.352,
  11.353C).
* The Russian surprise of a German attack on Russia (10.344): the RGT when Germany declared war and the hexes the Axis
  controlled then.
* At the end of each phase whose stacks the rules judge: every hex a ground unit entered since the last judgement,
  with the units in it, and what may stay overstacked a while (12.14, 12.17): :class:`Judgement`, read by the
  stacking checks on the event that opened the next phase.

The handlers read the board as it is after the event (this projection folds after :mod:`projections.board`); the
change-of-time handler runs before any event handler, so a judgement sees the board at the end of the phase.
"""

from __future__ import annotations

import functools
from typing import Any, Final

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttritionOccupation,
    FrenchForcesAssigned,
    OffensiveDeclared,
    OilEffectAccepted,
    OverrunResolved,
    PartisansPlaced,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    UnitReduced,
    UnitTransferred,
    WarDeclared,
)
from awaw_events.vocab import FACTION_OF_POWER, NAVAL_TYPES, SIDE_OF_POWER
from projections.board import BoardState
from projections.core import Clock, Context, Handlers
from projections.rules.geometry import PACIFIC_GRIDS, Grid
from projections.rules.movement import MAP_PREFIXES, RETREAT_PHASE
from projections.rules.stacks import (
    RETREAT_DEADLINE_PHASE,
    STACKED_TYPES,
    breakthrough_may_wait,
    judged,
)


class Piece(msgspec.Struct, frozen=True, kw_only=True):
    """A ground unit in a judged stack."""

    unit: str
    owner: str
    unit_type: str
    factors: int


class Airdrop(msgspec.Struct, frozen=True, kw_only=True):
    """An airdrop this game turn (10.5, 10.6): where, when, by which event."""

    hex: str
    seq: int
    side: str | None
    phase: str | None


class Surprise(msgspec.Struct, frozen=True, kw_only=True):
    """A German attack on Russia (10.344, 63.51F): the game turn, the RGT before the declaration (None: not
    recorded), and the hexes whose control was recorded then, with those the Axis held."""

    turn: int
    rgt: int | None
    axis_hexes: frozenset[str] = frozenset()
    known_hexes: frozenset[str] = frozenset()


class Judgement(msgspec.Struct, frozen=True, kw_only=True):
    """The stacks at the end of a phase (12.11-12.19, 12.23), taken when event ``seq`` opened the next one."""

    seq: int
    turn: int
    side: str | None
    phase: str | None
    ends_player_turn: bool
    occupied: tuple[str, ...] = ()
    """Each hex a ground unit entered since the last judgement that still holds ground units (12.23)."""
    hexes: dict[str, tuple[Piece, ...]] = {}
    """Those of them holding more than one ground unit, with the units (12.11-12.19, 10.56, 10.94)."""
    waiting: dict[str, tuple[str, ...]] = {}
    """Hexes whose overstack may still wait, with the sides it may wait for: a breakthrough hex until the end of the
    redeployment phase (12.14), an attrition retreat until the end of the retreating side's next movement phase
    (12.17)."""
    airdropped: tuple[str, ...] = ()
    """Units airdropped this game turn (10.56: eliminated if they share a hex with enemy units after combat)."""
    shock_armies: tuple[str, ...] = ()
    """Shock armies of this player turn's attacks still in play at the end of the combat phase (12.16)."""
    partisans_of_surrendered: tuple[tuple[str, str], ...] = ()
    """(unit, builder) of partisans still in play whose builder has surrendered (11.38)."""


class MovementState(msgspec.Struct, kw_only=True):
    """The running facts at one point of the game. Treat it as a value: only the fold mutates a fresh clone."""

    at: dict[str, set[str]] = {}
    """Ground units by the hex (or box) they stand in."""
    where: dict[str, str] = {}
    """Where each ground unit in :attr:`at` stands."""
    phase: tuple[int, str | None, str | None] = (-1, None, None)
    """The phase (game turn index, side, phase) the per-phase facts belong to."""
    spent: dict[str, int] = {}
    """MF spent by each unit this phase: as recorded (``mf_used``), else one a hex (13.41B)."""
    entered: dict[str, int] = {}
    """Hexes each unit entered this phase (13.411)."""
    overruns: dict[str, tuple[str, ...]] = {}
    """Hexes overrun with success this phase, and the units that overran them (13.52, 13.56)."""
    failed_overrun_units: set[str] = set()
    """Units that attempted an overrun that failed this phase (12.15: the excess is eliminated from the others)."""
    player_turn: tuple[int, str | None] = (-1, None)
    first_move: dict[str, int] = {}
    """The first unit move of each faction in this player turn's movement phase (13.21)."""
    first_ground_move: dict[str, int] = {}
    """The first ground unit move of each faction in this player turn's movement phase (13.11, 13.33)."""
    first_naval_move: dict[str, int] = {}
    """The first naval unit move of each faction in this player turn's movement phase (13.11)."""
    initial_supply: dict[str, int] = {}
    """Each faction's initial supply determination this player turn (13.33, 30.42)."""
    initial_results: dict[str, str] = {}
    """The results of this player turn's initial supply determinations, by unit or hex (10.53A: an airdrop's base)."""
    army_oil: set[str] = set()
    """Factions that accepted the army oil effect this player turn (33.61C)."""
    offensives: set[str] = set()
    """``power/front`` of the offensives declared this player turn (10.53C: an airdrop is an offensive operation)."""
    air_transported: set[str] = set()
    """Units air- or sea-transported this player turn (10.53B)."""
    by_sea: dict[str, str] = {}
    """Ground units moved by sea this player turn (``unit_moved.sea_transport``), with the hex their last sea move
    ended in (13.58: a unit carried by sea into an enemy-held hex is invading it)."""
    game_turn: int = -1
    airdrops: dict[str, Airdrop] = {}
    """Units airdropped this game turn (10.25, 10.56, 10.57)."""
    airdropped_last_turn: set[str] = set()
    """Units airdropped in the previous game turn (10.57: no automatic supply in the game turn after the drop)."""
    partisan_builds: dict[str, int] = {}
    """Partisans placed this game turn, by ``faction/area`` (11.353C)."""
    free_partisans: dict[str, int] = {}
    """Partisans placed free this game turn, by faction (11.352)."""
    partisans: dict[str, str] = {}
    """Partisan units in play, with the area each was built for (11.38, 11.42)."""
    declarations: set[str] = set()
    """``faction/target`` of every declaration of war (11.34: no partisans where the faction declared war)."""
    surprise: Surprise | None = None
    armor_near: dict[str, int] = {}
    armor_at: dict[str, set[str]] = {}
    """The armor units among :attr:`at`, by hex: where a hex holds none, no ZoC comes from it."""
    """How many armor units stand next to each hex (under either reading of the Pacific grid): where none does, no
    ZoC can reach the hex and the checks need look no further."""
    touched: set[str] = set()
    """Hexes ground units entered since the last judgement of stacks."""
    retreats: dict[str, str] = {}
    """Hexes attrition retreats entered, and the retreating side, until its next movement phase ends (12.17)."""
    judgement: Judgement | None = None
    """The last judgement of stacks (read on the event whose ``seq`` it carries)."""


HANDLERS: Final = Handlers[MovementState]()


def initial() -> MovementState:
    return MovementState()


# ---------------------------------------------------------------------------------------------------------------------
# Reading the facts


def side_of(owner: str) -> str | None:
    """The side (``axis``/``allied``) of a unit's owner, None for an owner that is not a major power."""
    return SIDE_OF_POWER.get(owner)


def faction_of(owner: str) -> str | None:
    """The alliance faction of a unit's owner (None for an owner that is not a major power)."""
    found: str | None = FACTION_OF_POWER.get(owner)  # type: ignore[call-overload]
    return found


def units_in(state: MovementState, hex_: str) -> frozenset[str]:
    """The ground units standing in a hex (or box)."""
    found = state.at.get(hex_)
    return frozenset(found) if found else frozenset()


# ---------------------------------------------------------------------------------------------------------------------
# Game time: judge the stacks of the phase that ended, then forget what belonged to it


@HANDLERS.on_time_change
def _time_moved(state: MovementState, event: object, ctx: Context) -> None:
    previous, now = ctx.previous, ctx.now
    ends_player_turn = ctx.new_player_turn
    if previous.seq > 0 and judged(previous.phase, player_turn_ends=ends_player_turn):
        _judge(state, ctx, ends_player_turn=ends_player_turn)
    if previous.phase == RETREAT_DEADLINE_PHASE and state.retreats:
        state.retreats = {h: s for h, s in state.retreats.items() if s != previous.side}
    state.phase = (now.turn, now.side, now.phase)
    state.spent = {}
    state.entered = {}
    state.overruns = {}
    state.failed_overrun_units = set()
    if ends_player_turn:
        state.player_turn = (now.turn, now.side)
        state.first_move = {}
        state.first_ground_move = {}
        state.first_naval_move = {}
        state.initial_supply = {}
        state.initial_results = {}
        state.army_oil = set()
        state.offensives = set()
        state.air_transported = set()
        state.by_sea = {}
    if ctx.new_turn:
        state.airdropped_last_turn = set(state.airdrops) if now.turn == state.game_turn + 1 else set()
        state.game_turn = now.turn
        state.airdrops = {}
        state.partisan_builds = {}
        state.free_partisans = {}


def _judge(state: MovementState, ctx: Context, *, ends_player_turn: bool) -> None:
    """Take the stacks of the phase that just ended (the board is as the phase left it)."""
    state.judgement, state.touched = judgement_of(state, ctx.game, ctx.previous, ctx.now.seq, ends_player_turn)


def judgement_of(
    state: MovementState, game: Any, phase: Clock, seq: int, ends_player_turn: bool
) -> tuple[Judgement, set[str]]:
    """The stacks to judge were ``phase`` (its turn, side and phase) to end at event ``seq`` with the board as it
    stands in ``game`` (a :class:`projections.game.GameState`), and the hexes whose overstack may wait past it."""
    board: BoardState = game.board
    units = board.units
    hexes: dict[str, tuple[Piece, ...]] = {}
    at = state.at
    occupied = tuple(sorted(h for h in state.touched if h in at))
    for hex_ in occupied:
        found = at[hex_]
        if len(found) > 1:
            hexes[hex_] = tuple(
                Piece(unit=u.id, owner=u.owner, unit_type=u.unit_type, factors=u.factors)
                for u in (units[i] for i in sorted(found) if i in units)
            )
    waiting: dict[str, tuple[str, ...]] = {}
    carry: set[str] = set()
    if breakthrough_may_wait(phase.phase, player_turn_ends=ends_player_turn):
        for b in game.combat.breakthroughs.values():
            if b.hex in hexes and phase.side is not None:
                waiting[b.hex] = (phase.side,)
                carry.add(b.hex)
    for hex_, side in state.retreats.items():
        deadline = phase.phase == RETREAT_DEADLINE_PHASE and phase.side == side
        if hex_ in hexes and not deadline:
            waiting[hex_] = (*waiting.get(hex_, ()), side)
            carry.add(hex_)
    shock: tuple[str, ...] = ()
    if phase.phase == "combat" or ends_player_turn:
        shock = tuple(
            sorted(
                a.unit
                for attack in game.combat.attacks.values()
                for a in attack.declared.attackers
                if a.role == "shock_army" and a.unit in units
            )
        )
    surrendered = tuple(
        (p, units[p].owner)
        for p in sorted(state.partisans)
        if p in units and board.statuses.get(units[p].owner) == "surrendered"
    )
    airdropped = tuple(sorted(u for u in state.airdrops if u in units))
    judgement = Judgement(
        seq=seq,
        turn=phase.turn,
        side=phase.side,
        phase=phase.phase,
        ends_player_turn=ends_player_turn,
        occupied=occupied,
        hexes=hexes,
        waiting=waiting,
        airdropped=airdropped,
        shock_armies=shock,
        partisans_of_surrendered=surrendered,
    )
    return judgement, carry


# ---------------------------------------------------------------------------------------------------------------------
# Where ground units stand


def _sync(state: MovementState, board: BoardState, unit_id: str) -> None:
    """Put a unit where the board has it (nowhere, if it left play or is not a ground unit)."""
    unit = board.units.get(unit_id)
    new = unit.location if unit is not None and unit.unit_type in STACKED_TYPES else None
    _relocate(state, unit_id, state.where.get(unit_id), new, armor=unit is not None and unit.unit_type == ARMOR)
    if new is None:
        state.partisans.pop(unit_id, None)


def _relocate(state: MovementState, unit_id: str, old: str | None, new: str | None, *, armor: bool) -> None:
    if old == new:
        return
    at = state.at
    if old is not None:
        there = at.get(old)
        if there is not None:
            there.discard(unit_id)
            if not there:
                del at[old]
        held = state.armor_at.get(old)
        if held is not None and unit_id in held:  # an armor unit leaving, even one out of play (armor unknown)
            held.discard(unit_id)
            if not held:
                del state.armor_at[old]
        if armor:
            _count_armor(state.armor_near, old, -1)
    if new is None:
        state.where.pop(unit_id, None)
        return
    state.where[unit_id] = new
    there = at.get(new)
    if there is None:
        at[new] = {unit_id}
    else:
        there.add(unit_id)
    state.touched.add(new)
    if armor:
        _count_armor(state.armor_near, new, 1)
        held = state.armor_at.get(new)
        if held is None:
            state.armor_at[new] = {unit_id}
        else:
            held.add(unit_id)


ARMOR: Final = "armor"
ON_MAP: Final = MAP_PREFIXES


def _count_armor(near: dict[str, int], hex_: str, delta: int) -> None:
    if not hex_.startswith(ON_MAP):
        return
    for n in around(hex_):
        count = near.get(n, 0) + delta
        if count:
            near[n] = count
        else:
            near.pop(n, None)


@functools.cache
def around(hex_: str) -> frozenset[str]:
    """The hexes adjacent to ``hex_`` under either reading of the Pacific grid (the European one is fixed)."""
    return frozenset(n for pacific in PACIFIC_GRIDS for n in Grid(pacific).neighbours(hex_))


@HANDLERS.on(UnitPlaced, UnitBuilt, UnitEliminated, UnitReduced, UnitTransferred)
def _unit_changed(
    state: MovementState, event: UnitPlaced | UnitBuilt | UnitEliminated | UnitReduced | UnitTransferred, ctx: Context
) -> None:
    _sync(state, ctx.game.board, event.unit)


@HANDLERS.on(PartisansPlaced)
def _partisans_placed(state: MovementState, event: PartisansPlaced, ctx: Context) -> None:
    _sync(state, ctx.game.board, event.unit)
    state.partisans[event.unit] = event.area
    owner = event.owner
    key = f"{FACTION_OF_POWER.get(owner, owner)}/{event.area}"
    state.partisan_builds[key] = state.partisan_builds.get(key, 0) + 1
    if event.cost == 0:
        state.free_partisans[owner] = state.free_partisans.get(owner, 0) + 1


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: MovementState, event: UnitRedeployed, ctx: Context) -> None:
    _sync(state, ctx.game.board, event.unit)
    if event.kind == "air_transport":
        state.air_transported.add(event.unit)


@HANDLERS.on(AdvanceAfterCombat, AttritionOccupation)
def _advanced(state: MovementState, event: AdvanceAfterCombat | AttritionOccupation, ctx: Context) -> None:
    board = ctx.game.board
    for move in event.moves:
        _sync(state, board, move.unit)


@HANDLERS.on(FrenchForcesAssigned)
def _french_forces(state: MovementState, event: FrenchForcesAssigned, ctx: Context) -> None:
    board = ctx.game.board
    for unit_id in (*event.free_french, *event.vichy, *event.to_british_pool, *event.eliminated):
        _sync(state, board, unit_id)


@HANDLERS.on(AirdropMade)
def _airdropped(state: MovementState, event: AirdropMade, ctx: Context) -> None:
    _sync(state, ctx.game.board, event.unit)
    now = ctx.now
    state.airdrops[event.unit] = Airdrop(hex=event.target, seq=now.seq, side=now.side, phase=now.phase)


# ---------------------------------------------------------------------------------------------------------------------
# Moves, overruns, supply, oil, the German attack on Russia


@HANDLERS.on(UnitMoved)
def _moved(state: MovementState, event: UnitMoved, ctx: Context) -> None:
    # on the hot path of every replay: a unit moving is the commonest event
    unit_id = event.unit
    unit = ctx.game.board.units.get(unit_id)
    if unit is None:
        return
    path = event.path
    last = path[-1]
    mf = event.mf_used
    if mf is None:
        overruns = state.overruns
        mf = len(path) + (1 if overruns and unit_id in overruns.get(last, ()) else 0)
    spent, entered = state.spent, state.entered
    spent[unit_id] = spent.get(unit_id, 0) + mf
    entered[unit_id] = entered.get(unit_id, 0) + len(path)
    unit_type = unit.unit_type
    ground = unit_type in STACKED_TYPES
    if event.sea_transport:
        state.air_transported.add(unit_id)
        if ground:
            state.by_sea[unit_id] = last
    if ground:
        old = state.where.get(unit_id)
        if unit_type == ARMOR or old is None or old not in state.at:
            _relocate(state, unit_id, old, last, armor=unit_type == ARMOR)
        elif old != last:  # the common case, inline: a unit leaves one hex for another
            at = state.at
            there = at[old]
            there.discard(unit_id)
            if not there:
                del at[old]
            state.where[unit_id] = last
            here = at.get(last)
            if here is None:
                at[last] = {unit_id}
            else:
                here.add(unit_id)
            state.touched.add(last)
    owner = unit.owner
    phase = event.phase
    if phase != "movement":
        if phase == RETREAT_PHASE and ground:
            side = SIDE_OF_POWER.get(owner)
            if side is not None and side != event.side:
                state.retreats[last] = side
        return
    if SIDE_OF_POWER.get(owner) != event.side:
        return
    faction = faction_of(owner)
    if faction is None:
        return
    seq = ctx.now.seq
    state.first_move.setdefault(faction, seq)
    if ground and not event.sea_transport:
        state.first_ground_move.setdefault(faction, seq)
    elif unit_type in NAVAL_TYPES or event.sea_transport:  # sea transport is naval movement (13.32, 21.43)
        state.first_naval_move.setdefault(faction, seq)


@HANDLERS.on(OverrunResolved)
def _overrun(state: MovementState, event: OverrunResolved, ctx: Context) -> None:
    if event.success:
        state.overruns[event.target] = (*state.overruns.get(event.target, ()), *(u.unit for u in event.units))
    else:
        state.failed_overrun_units.update(u.unit for u in event.units)


@HANDLERS.on(SupplyDetermined)
def _supply(state: MovementState, event: SupplyDetermined, ctx: Context) -> None:
    if event.determination == "initial":
        state.initial_supply.setdefault(event.faction, ctx.now.seq)
        state.initial_results.update((r.subject, r.status) for r in event.results)


@HANDLERS.on(OffensiveDeclared)
def _offensive(state: MovementState, event: OffensiveDeclared, ctx: Context) -> None:
    state.offensives.add(f"{event.power}/{event.front}")


@HANDLERS.on(OilEffectAccepted)
def _oil_effect(state: MovementState, event: OilEffectAccepted, ctx: Context) -> None:
    if event.service == "army":
        state.army_oil.add(event.faction)


RGT: Final = "rgt"


@HANDLERS.on(WarDeclared)
def _war_declared(state: MovementState, event: WarDeclared, ctx: Context) -> None:
    # a power's declaration is its faction's; a faction or side that declared is kept as named (11.34 reads a
    # faction's declaration on a partisan area: a side's, the Axis's or the Allies', is not taken as any faction's)
    declarer = faction_of(event.aggressor) if event.aggressor in FACTION_OF_POWER else event.aggressor
    state.declarations.add(f"{declarer}/{event.target}")
    if event.aggressor != "germany" or event.target != "russia" or state.surprise is not None:
        return
    board: BoardState = ctx.game.board
    axis = frozenset(h for h, c in board.control.items() if side_of(c) == "axis")
    state.surprise = Surprise(
        turn=ctx.now.turn, rgt=board.tensions.get(RGT), axis_hexes=axis, known_hexes=frozenset(board.control)
    )
