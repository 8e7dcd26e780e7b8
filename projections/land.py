"""The land war's running facts: what the rules of hex control (29), supply (30), bridgeheads (31) and
fortifications (32) remember from earlier in the turn.

Sources: 27-30 extract 4.4 and 4.6 (per-player-turn supply state), checklists 2.10 (H-02) and 2.11 (S-01, S-12);
31-34 extract 4.1 (bridgeheads) and 4.6 (fortifications), checks B-10 and F-07, F-10, F-21.

* This player turn (forgotten when the next one starts): the hexes ground units entered, by faction (a unit moving
  through a hex enters it, 29.21); the hexes that changed hands (a fortification goes only in a hex held since the
  start of the player turn, 32.13C); the supply determinations made (one initial and one post-combat per faction,
  30.41-30.43); the units with no supply at the initial determination (they may not move, 30.16, 30.531).
* Until the end of the player turn: fortifications whose hex the enemy took (eliminated at once, 32.31, 32.57) and
  bridgeheads due for removal (enemy control, 31.41A; no supply at post-combat supply, 31.41B), each with the event
  that made it so.
* The post-combat supply of each bridgehead in play (31.41B), until the bridgehead is removed.
* This game turn: the fortification-type builds of each faction (one a turn, 32.14D) and Germany's house builds
  (App. G: one fortification, 1-5 West Wall upgrades).
* This player turn: the latest supply result of each hex recorded as a subject (32.13B, 31.22B).
* Sieges: each fortified hex its owner's supply determinations leave without full supply, with the turns counted
  (32.241; App. G 32.242; one count a game turn, 31-34 extract Q8); full supply ends a siege at once (32.246).
* Bridgeheads removed since their owner's player turn last ended (31.52: the units over normal stacking go at its
  end).
* Supply (27-30 extract 4.7): this player turn's results at each determination (30.43, 30.47), the sea supply lines
  traced and declined (30.33-30.44), the bridgeheads placed (30.25A), the hexes that came under control by isolation
  (29.32); each faction's hex results in its latest player turn (29.31A); the hexes where each side had units or
  counters when the player turn began (29.31B); armor that exploited and when (30.551A, 30.552); supply sources
  switched on or off (30.212); the turns each IC hex has been isolated (30.267B); hexes partisans hold and whom they
  revert to (29.26).

The handlers read the board as it was before the event (this projection folds before :mod:`projections.board`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Final, Literal, cast

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    Event,
    FortificationBuilt,
    FortificationEliminated,
    HexControlChanged,
    IcValueChanged,
    OilEffectAccepted,
    PlayerTurnEnded,
    SeaSupplyDeclined,
    SeaSupplyResolved,
    SeaSupplyTraced,
    SupplyDetermined,
    SupplySourceDesignated,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, GROUND_TYPES, SIDE_OF_FACTION, SIDE_OF_POWER, Faction, SupplyStatus
from projections.board import BoardState, Unit
from projections.core import Context, Handlers
from projections.rules.bridgeheads import Bridgehead, BridgeheadCause, removal_reason
from projections.rules.control import SETUP_CAUSE, controller_faction, theater_of
from projections.rules.fortifications import SIEGE_KINDS, SiegeState, house_build_counts, siege_step
from projections.rules.supply import RANK, immobile


class Taken(msgspec.Struct, frozen=True, kw_only=True):
    """A hex the enemy took: the event that recorded it, and the new controller."""

    seq: int
    controller: str


class Due(msgspec.Struct, frozen=True, kw_only=True):
    """A bridgehead due for removal (31.41A-B): why, the event that made it so, and what happened (the controller
    who took the hex, or the supply result)."""

    reason: Literal["enemy_control", "isolation"]
    seq: int
    detail: str


class Siege(msgspec.Struct, frozen=True, kw_only=True):
    """A fortified hex under siege (32.241; 31-34 extract 4.6): turns without full supply, siege turns counted (after
    any Russian-IC delay), delay turns left, and the game turn last counted (one count a game turn, at the owner's
    supply determination: extract Q8)."""

    without: int = 0
    turns: int = 0
    delay: int = 0
    counted: int = -1


class SeaLine(msgspec.Struct, frozen=True, kw_only=True):
    """A sea supply line of this player turn (30.33-30.38): the event that traced it and how it ended."""

    seq: int
    traced: SeaSupplyTraced
    outcome: str | None = None
    """``delivered``, ``disrupted`` or ``abandoned`` once resolved (None: not resolved yet)."""


class HexSupply(msgspec.Struct, frozen=True, kw_only=True):
    """A faction's hex results in one of its player turns: the best status of each hex (29.31A)."""

    player_turn: tuple[int, str | None]
    statuses: dict[str, str] = {}


class PartisanHold(msgspec.Struct, frozen=True, kw_only=True):
    """A hex partisans hold (29.26): the power whose partisans took it, and who held it before (None: not known)."""

    partisan_power: str
    previous: str | None


class LandState(msgspec.Struct, kw_only=True):
    """The running facts at one point of the game. Treat it as a value: only the fold mutates a fresh clone."""

    player_turn: tuple[int, str | None] = (-1, None)
    """The player turn (game turn index, side) the per-player-turn facts belong to."""
    entered: dict[str, set[str]] = {}
    """Hexes ground units of each faction entered or moved through this player turn, by faction (29.21)."""
    changed_hands: set[str] = set()
    """Hexes whose control changed this player turn (32.13C)."""
    determinations: set[tuple[str, str]] = set()
    """(faction, determination): the supply determinations made this player turn (30.41-30.43)."""
    isolated: dict[str, str] = {}
    """Units with no supply at this player turn's initial determination, and their status (30.16, 30.531)."""
    forts_lost: dict[str, Taken] = {}
    """Fortifications whose hex an enemy faction took since the last player turn ended, by hex (32.31)."""
    bridgeheads_due: dict[str, Due] = {}
    """Bridgeheads due for removal since the last player turn ended, by hex (31.41A-B)."""
    bridgehead_supply: dict[str, str] = {}
    """The latest post-combat supply result of each bridgehead in play, by hex (31.41B)."""
    game_turn: int = -1
    """The game turn the fortification builds belong to."""
    fort_builds: dict[str, tuple[int, ...]] = {}
    """Fortification-type builds this game turn, by faction: the events that recorded them (32.14D)."""
    german_house_builds: tuple[int, int] = (0, 0)
    """Germany's fortifications and West Wall hexes upgraded this game turn (App. G)."""
    hex_supply: dict[str, str] = {}
    """This player turn's latest supply result of each hex recorded as a subject (``EUR:K37``), by hex (32.13B)."""
    sieges: dict[str, Siege] = {}
    """Fortified hexes that have failed to receive full supply, by hex (32.24; App. G 32.242)."""
    bridgeheads_removed: dict[str, str] = {}
    """Bridgeheads removed since their owner's player turn last ended, by hex: the owning faction (31.52)."""
    initial_status: dict[str, str] = {}
    """Every subject's result at this player turn's initial determination (30.43, 30.47)."""
    post_status: dict[str, str] = {}
    """Every subject's result at this player turn's post-combat determination (30.43, 30.541)."""
    sea_lines: dict[str, SeaLine] = {}
    """This player turn's sea supply lines, by line id (30.33-30.38)."""
    sea_declined: set[tuple[str, str, str]] = set()
    """(faction, zone, determination): sea supply declined this player turn (30.351, 30.44)."""
    bridgeheads_placed: set[str] = set()
    """Hexes where bridgeheads were placed this player turn (30.25A, 30.551E)."""
    bridgeheads_declined: set[str] = set()
    """``"<attack>|<hex>"``: attack bridgeheads declined this player turn (``advance_after_combat``; 31.32)."""
    isolation_gained: dict[str, int] = {}
    """Hexes that came under control by isolation this player turn, and the event (29.32)."""
    presence: dict[str, frozenset[str]] = {}
    """By side, the hexes where it had a unit, bridgehead, railhead, fortification or counter when this player turn
    began (29.31B)."""
    faction_supply: dict[str, HexSupply] = {}
    """By faction, its hex results in its latest player turn with a determination (29.31A, 30.61)."""
    exploited: dict[str, tuple[int, bool]] = {}
    """Armor that exploited: the game turn, and whether it redeployed in that player turn (30.551A, 30.552)."""
    designations: dict[str, tuple[bool, int]] = {}
    """``faction/source`` -> (active, the game turn of the designation) (30.212)."""
    ic_isolation: dict[str, int] = {}
    """IC hexes: the player turns their units have gone without supply from another source (30.267B)."""
    ic_isolation_turn: dict[str, tuple[int, str | None]] = {}
    """The player turn each IC hex's count last moved (once a player turn)."""
    partisan_held: dict[str, PartisanHold] = {}
    """Hexes partisans hold (29.26, 11.61)."""
    automatic: set[str] = set()
    """Units whose supply this player turn was exploiting armor's automatic supply (30.551A)."""
    ic_used: dict[str, int] = {}
    """Russian ICs declared supply sources this player turn, and the event (A3R App. H 37.71)."""
    ic_paid: set[str] = set()
    """Russian ICs whose value paid for their use as a source this player turn (A3R 37.711)."""
    naval_oil_effects: dict[str, int] = {}
    """Factions under a naval oil effect, and the game turn they accepted it (30.361B)."""


HANDLERS: Final = Handlers[LandState]()


def initial() -> LandState:
    return LandState()


# ---------------------------------------------------------------------------------------------------------------------
# Reading the facts for an event (the state before it may still hold the previous turn's)


def same_player_turn(state: LandState, event: Event) -> bool:
    """Whether the per-player-turn facts are those of the event's player turn (an event outside any player turn
    reads what there is)."""
    return event.side is None or state.player_turn == (game_turn(event), event.side)


def fort_builds(state: LandState, event: Event, faction: str) -> tuple[int, ...]:
    """The fortification-type builds of a faction in the event's game turn, before it (32.14D)."""
    return state.fort_builds.get(faction, ()) if state.game_turn == game_turn(event) else ()


def german_house_builds(state: LandState, event: Event) -> tuple[int, int]:
    """Germany's house fortifications and West Wall upgrades in the event's game turn, before it (App. G)."""
    return state.german_house_builds if state.game_turn == game_turn(event) else (0, 0)


def entered(state: LandState, event: Event, hex_: str, faction: str) -> bool:
    """Whether a ground unit of the faction entered the hex in the event's player turn (29.21)."""
    hexes = state.entered.get(faction)
    return hexes is not None and hex_ in hexes and same_player_turn(state, event)


def bridgehead_rules(board: BoardState, hex_: str) -> Bridgehead:
    """The bridgehead in a hex as the rules of 31 see it (its cause and theater)."""
    return Bridgehead(cause=cast(BridgeheadCause, board.bridgeheads[hex_].cause), theater=theater_of(hex_))


# ---------------------------------------------------------------------------------------------------------------------
# Handlers


@HANDLERS.on_time_change
def _time_moved(state: LandState, event: object, ctx: Context) -> None:
    now = ctx.now
    if now.side is not None and (now.turn, now.side) != state.player_turn:
        state.player_turn = (now.turn, now.side)
        state.entered = {}
        state.changed_hands = set()
        state.determinations = set()
        state.isolated = {}
        state.hex_supply = {}
        state.initial_status = {}
        state.post_status = {}
        state.sea_lines = {}
        state.sea_declined = set()
        state.bridgeheads_placed = set()
        state.bridgeheads_declined = set()
        state.isolation_gained = {}
        state.automatic = set()
        state.ic_used = {}
        state.ic_paid = set()
        state.presence = presence(ctx.game.board)
        if state.exploited:
            state.exploited = {u: e for u, e in state.exploited.items() if e[0] >= now.turn - 2}


def presence(board: BoardState) -> dict[str, frozenset[str]]:
    """By side, the hexes where it has a unit (of any type), a bridgehead, railhead, fortification, airbase, rocket
    base or port counter (29.31B; ICs are map data)."""
    # once a player turn, over every unit: one pass grouping the hexes by owner, then a side per owner
    where: defaultdict[str, list[str]] = defaultdict(list)
    for unit in board.units.values():
        where[unit.owner].append(unit.location)
    found: dict[str, set[str]] = {"axis": set(), "allied": set()}
    for owner, hexes in where.items():
        side = SIDE_OF_POWER.get(owner)
        if side is not None:
            found[side].update(hexes)
    for hex_, bridgehead in board.bridgeheads.items():
        found[SIDE_OF_FACTION[bridgehead.faction]].add(hex_)  # type: ignore[index]
    for hex_, owner in board.railheads.items():
        _add(found, owner, hex_)
    for hex_, fort in board.fortifications.items():
        _add(found, fort.owner, hex_)
    for key, owner in board.counters.items():
        _add(found, owner, key.split("/", 1)[0])
    return {side: frozenset(hexes) for side, hexes in found.items()}


def _side_of(power: str) -> str | None:
    faction = FACTION_OF_POWER.get(power)  # type: ignore[call-overload]
    return SIDE_OF_FACTION[faction] if faction is not None else None


def _add(found: dict[str, set[str]], owner: str, hex_: str) -> None:
    side = _side_of(owner)
    if side is not None:
        found[side].add(hex_)


def _ground_faction(unit: Unit | None) -> str | None:
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return None
    return controller_faction(unit.owner)


@HANDLERS.on(UnitMoved)
def _moved(state: LandState, event: UnitMoved, ctx: Context) -> None:
    # on the hot path of every replay: a unit moving is the commonest event
    unit = ctx.game.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return
    faction = FACTION_OF_POWER.get(unit.owner)
    if faction is not None:
        hexes = state.entered.get(faction)
        if hexes is None:
            state.entered[faction] = set(event.path)
        else:
            hexes.update(event.path)
    if event.exploitation and unit.unit_type == "armor":
        state.exploited[event.unit] = (ctx.now.turn, False)


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: LandState, event: UnitRedeployed, ctx: Context) -> None:
    """Armor that redeploys in the player turn it exploited gets no automatic supply (30.552)."""
    found = state.exploited.get(event.unit)
    if found is not None and found[0] == ctx.now.turn and not found[1]:
        state.exploited[event.unit] = (found[0], True)


@HANDLERS.on(AirdropMade)
def _airdropped(state: LandState, event: AirdropMade, ctx: Context) -> None:
    _entered(state, _ground_faction(ctx.game.board.units.get(event.unit)), event.target)


@HANDLERS.on(AdvanceAfterCombat, AttritionOccupation)
def _advanced(state: LandState, event: AdvanceAfterCombat | AttritionOccupation, ctx: Context) -> None:
    units = ctx.game.board.units
    for move in event.moves:
        _entered(state, _ground_faction(units.get(move.unit)), move.to)
    if isinstance(event, AdvanceAfterCombat) and event.bridgehead_declined:
        state.bridgeheads_declined.update(f"{event.attack}|{move.to}" for move in event.moves)


def _entered(state: LandState, faction: str | None, hex_: str) -> None:
    if faction is not None:
        state.entered.setdefault(faction, set()).add(hex_)


@HANDLERS.on(HexControlChanged)
def _control_changed(state: LandState, event: HexControlChanged, ctx: Context) -> None:
    """A hex changed hands: a fortification or bridgehead of another faction in it is now in enemy hands."""
    hex_ = event.hex
    state.changed_hands.add(hex_)
    if event.cause == SETUP_CAUSE:
        return
    _partisans(state, event, ctx)
    if event.cause == "isolation":
        state.isolation_gained[hex_] = ctx.now.seq
    new = controller_faction(event.controller)
    if new is None:
        return
    board: BoardState = ctx.game.board
    fort = board.fortifications.get(hex_)
    if fort is not None and new != controller_faction(fort.owner):
        state.forts_lost[hex_] = Taken(seq=ctx.now.seq, controller=event.controller)
    bridgehead = board.bridgeheads.get(hex_)
    if bridgehead is not None and new != bridgehead.faction:
        state.bridgeheads_due[hex_] = Due(reason="enemy_control", seq=ctx.now.seq, detail=event.controller)


def _partisans(state: LandState, event: HexControlChanged, ctx: Context) -> None:
    """A partisan in the hex takes it for its power (29.26, 11.61): remember who held it before; any other change
    ends the hold."""
    if event.cause != "partisans" and not state.partisan_held:
        return
    hex_ = event.hex
    held = state.partisan_held.pop(hex_, None)
    board: BoardState = ctx.game.board
    if event.cause != "partisans" or (held is not None and event.controller == held.previous):
        return
    if any(u.location == hex_ and u.unit_type == "partisan" and u.owner == event.controller for u in _in(board, hex_)):
        state.partisan_held[hex_] = PartisanHold(partisan_power=event.controller, previous=board.control.get(hex_))


def _in(board: BoardState, hex_: str) -> list[Unit]:
    return [u for u in board.units.values() if u.location == hex_]


@HANDLERS.on(SupplyDetermined)
def _supply_determined(state: LandState, event: SupplyDetermined, ctx: Context) -> None:
    state.determinations.add((event.faction, event.determination))
    hexes = state.hex_supply
    for result in event.results:
        if result.subject[3:4] == ":":  # a hex (EUR:K37, PAC:DD11), not a unit
            hexes[result.subject] = result.status
    statuses = state.initial_status if event.determination == "initial" else state.post_status
    ics = ctx.game.brp.ics
    for result in event.results:
        statuses[result.subject] = result.status
        source = result.source
        if source == "exploitation":
            state.automatic.add(result.subject)
        elif source is not None and source in ics:
            state.ic_used.setdefault(source, ctx.now.seq)
    if event.determination == "initial":
        isolated = state.isolated
        for result in event.results:
            if immobile(result.status):
                isolated[result.subject] = result.status
            else:
                isolated.pop(result.subject, None)
    else:
        _bridgehead_supply(state, event, ctx)
    if ctx.game.board.fortifications:
        _siege(state, event, ctx)
    _faction_supply(state, event, ctx)


def _siege(state: LandState, event: SupplyDetermined, ctx: Context) -> None:
    """Count a siege turn for each fortified hex of the faction that this determination leaves without full supply
    (the hex's own result, or the best result of its units); full supply ends the siege at once (32.241, 32.246).
    A turn is counted once a game turn (31-34 extract Q8). The Russian-IC delay (32.241, 37.72) is not applied: the
    BRPs of an IC are not in the state (the audit says so)."""
    board: BoardState = ctx.game.board
    forts = board.fortifications
    units = board.units
    best: dict[str, str] = {}
    for result in event.results:
        hex_: str | None = result.subject if result.subject in forts else None
        if hex_ is None:
            unit = units.get(result.subject)
            hex_ = unit.location if unit is not None and unit.location in forts else None
        if hex_ is not None and best.get(hex_) != "full":
            best[hex_] = result.status
    turn = ctx.now.turn
    for hex_, status in best.items():
        fort = forts[hex_]
        if fort.kind not in SIEGE_KINDS:
            continue
        holder = controller_faction(board.control.get(hex_) or fort.owner)
        if holder != event.faction:
            continue
        siege = state.sieges.get(hex_)
        if status == "full":
            state.sieges.pop(hex_, None)
        elif siege is None or siege.counted != turn:
            before = SiegeState(siege.turns, siege.delay, siege.without) if siege is not None else SiegeState()
            after = siege_step(before, fully_supplied=False)
            state.sieges[hex_] = Siege(
                without=after.turns_without_full_supply,
                turns=after.siege_turns,
                delay=after.ic_delay_remaining,
                counted=turn,
            )


def _bridgehead_supply(state: LandState, event: SupplyDetermined, ctx: Context) -> None:
    """Post-combat supply of the faction's bridgehead hexes (31.41B): the hex's own result, or the best result of
    its units; a bridgehead with no supply is due for removal."""
    board: BoardState = ctx.game.board
    bridgeheads = board.bridgeheads
    if not bridgeheads:
        return
    status: dict[str, SupplyStatus] = {}
    for result in event.results:
        hex_: str | None = result.subject if result.subject in bridgeheads else None
        if hex_ is None:
            unit = board.units.get(result.subject)
            hex_ = unit.location if unit is not None and unit.location in bridgeheads else None
        if hex_ is None or bridgeheads[hex_].faction != event.faction:
            continue
        if status.get(hex_) in ("full", "partial"):
            continue
        status[hex_] = result.status
    state.bridgehead_supply.update(status)
    for hex_, found in status.items():
        reason = removal_reason(bridgehead_rules(board, hex_), "end_of_post_combat_supply", supply=found)
        if reason == "isolation":
            state.bridgeheads_due[hex_] = Due(reason="isolation", seq=ctx.now.seq, detail=found)


def _faction_supply(state: LandState, event: SupplyDetermined, ctx: Context) -> None:
    """The faction's hex results this player turn (the best of both determinations, 29.31A), and the isolation
    count of IC hexes (30.267B: a turn without supply from another source adds one; full supply resets it)."""
    turn = (ctx.now.turn, ctx.now.side)
    found = state.faction_supply.get(event.faction)
    statuses = dict(found.statuses) if found is not None and found.player_turn == turn else {}
    ics = ctx.game.brp.ics
    for result in event.results:
        subject = result.subject
        if subject[:4] in ("EUR:", "PAC:"):
            if RANK.get(result.status, 0) >= RANK.get(statuses.get(subject, "isolated"), 0):
                statuses[subject] = result.status
            if subject in ics and event.determination == "initial":
                _ic_isolation(state, subject, result.status, result.source, turn)
    state.faction_supply[event.faction] = HexSupply(player_turn=turn, statuses=statuses)


def _ic_isolation(state: LandState, hex_: str, status: str, source: str | None, turn: tuple[int, str | None]) -> None:
    if status == "full":
        state.ic_isolation.pop(hex_, None)
    elif (status != "partial" or source == hex_) and state.ic_isolation_turn.get(hex_) != turn:
        state.ic_isolation[hex_] = state.ic_isolation.get(hex_, 0) + 1
    state.ic_isolation_turn[hex_] = turn


@HANDLERS.on(BridgeheadPlaced)
def _bridgehead_placed(state: LandState, event: BridgeheadPlaced, ctx: Context) -> None:
    state.bridgeheads_placed.add(event.hex)


@HANDLERS.on(SeaSupplyTraced)
def _sea_supply_traced(state: LandState, event: SeaSupplyTraced, ctx: Context) -> None:
    state.sea_lines[event.line] = SeaLine(seq=ctx.now.seq, traced=event)


@HANDLERS.on(SeaSupplyResolved)
def _sea_supply_resolved(state: LandState, event: SeaSupplyResolved, ctx: Context) -> None:
    found = state.sea_lines.get(event.line)
    if found is not None:
        state.sea_lines[event.line] = msgspec.structs.replace(found, outcome=event.outcome)


@HANDLERS.on(SeaSupplyDeclined)
def _sea_supply_declined(state: LandState, event: SeaSupplyDeclined, ctx: Context) -> None:
    state.sea_declined.add((event.faction, event.zone, event.determination))


@HANDLERS.on(IcValueChanged)
def _ic_value_changed(state: LandState, event: IcValueChanged, ctx: Context) -> None:
    if event.cause == "supply_use":
        state.ic_paid.add(event.hex)


@HANDLERS.on(OilEffectAccepted)
def _oil_effect(state: LandState, event: OilEffectAccepted, ctx: Context) -> None:
    if event.service in ("naval", "heavy_ships"):
        state.naval_oil_effects[event.faction] = ctx.now.turn


@HANDLERS.on(SupplySourceDesignated)
def _designated(state: LandState, event: SupplySourceDesignated, ctx: Context) -> None:
    state.designations[f"{event.faction}/{event.source}"] = (event.active, ctx.now.turn)


@HANDLERS.on(BridgeheadRemoved)
def _bridgehead_removed(state: LandState, event: BridgeheadRemoved, ctx: Context) -> None:
    state.bridgehead_supply.pop(event.hex, None)
    bridgehead = ctx.game.board.bridgeheads.get(event.hex)
    if bridgehead is not None:
        state.bridgeheads_removed[event.hex] = bridgehead.faction


@HANDLERS.on(FortificationBuilt)
def _fortification_built(state: LandState, event: FortificationBuilt, ctx: Context) -> None:
    if event.kind == "port":
        return
    turn = ctx.now.turn
    if turn != state.game_turn:
        state.game_turn = turn
        state.fort_builds = {}
        state.german_house_builds = (0, 0)
    faction = FACTION_OF_POWER[event.power]
    state.fort_builds[faction] = (*state.fort_builds.get(faction, ()), ctx.now.seq)
    if event.power == "germany":
        forts, upgrades = house_build_counts(upgrade=event.upgrade, hexes=len(event.hexes))
        done = state.german_house_builds
        state.german_house_builds = (done[0] + forts, done[1] + upgrades)


@HANDLERS.on(FortificationEliminated)
def _fortification_eliminated(state: LandState, event: FortificationEliminated, ctx: Context) -> None:
    state.forts_lost.pop(event.hex, None)
    state.sieges.pop(event.hex, None)


@HANDLERS.on(PlayerTurnEnded)
def _player_turn_ended(state: LandState, event: PlayerTurnEnded, ctx: Context) -> None:
    """What had to be removed by the end of the player turn has been judged (32.31, 31.41)."""
    state.forts_lost = {}
    state.bridgeheads_due = {}
    if state.bridgeheads_removed and event.side is not None:
        state.bridgeheads_removed = {
            h: f for h, f in state.bridgeheads_removed.items() if SIDE_OF_FACTION.get(cast(Faction, f)) != event.side
        }
