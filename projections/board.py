"""The board: units and force pools, hex control, bridgeheads, fortifications, railheads, and the wars, tensions,
statuses and CTLs every rule family reads.

Sources: 10-16 extract 4 (per-unit and per-hex state, 4.6 event transitions), 27-30 extract 4.4 and 4.6-4.7,
31-34 extract 4.1 (bridgeheads, fortifications), A3R extract 5.1. Weather and winter preparation are
:mod:`projections.weather`.

What the board trusts: it shows the game as the players recorded it. Losses claimed by ``combat_losses_taken`` or
``attrition_losses_taken`` are claims for the audit; the board removes units on ``unit_eliminated`` and
``unit_reduced``. Advances after combat and attrition occupations move the units they name. Ships on a shipyard
chart are units located on ``chart:<yard>`` until launched.

One handler per event type (:data:`HANDLERS`). What is not the board proper lives beside it: the French surrender,
Vichy and research results in :mod:`projections.politics`; this turn's running facts of control, supply,
bridgeheads and fortifications (hexes entered, determinations made, forts lost ...) in :mod:`projections.land`.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    CounterPlaced,
    CounterRemoved,
    CtlSet,
    DiplomaticOutcome,
    DiplomaticResult,
    Event,
    ForcePoolChanged,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    FrenchForcesAssigned,
    HexControlChanged,
    PartisansPlaced,
    PowerConquered,
    RailheadBuilt,
    ShipArrivedForRepair,
    ShipDamaged,
    ShipDisplacedFromChart,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipScuttled,
    ShipSunk,
    StatusChanged,
    SupplyDetermined,
    TensionChanged,
    TrackValue,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    UnitReduced,
    UnitTransferred,
    WarDeclared,
)
from awaw_events.events.chronicle import TENSION_TRACKS
from awaw_events.gametime import label
from awaw_events.vocab import powers_of
from projections.core import Clock, Context, Handlers
from projections.rules.control import OUTCOME_STATUS, is_major
from projections.rules.fortifications import ADDED_COUNTER_KINDS


class Unit(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A counter in play (or on a shipyard chart)."""

    id: str
    owner: str
    nationality: str
    unit_type: str
    factors: int
    location: str
    name: str | None = None
    inverted: bool = False
    damaged: bool = False
    supply: str | None = None
    movement: int | None = None
    """The movement factors printed on the counter, when the log gives them (``unit_placed.movement``,
    ``unit_built.movement``)."""


class Eliminated(msgspec.Struct, frozen=True, kw_only=True):
    """A counter out of play: the last record of it, why, and when (27.13A needs the game turn and cause)."""

    unit: Unit
    cause: str
    turn: int
    year: int
    season: str
    side: str | None
    ref: str | None = None


class Bridgehead(msgspec.Struct, frozen=True, kw_only=True):
    faction: str
    cause: str
    placed: str
    ref: str | None = None


class Fortification(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The fortification counters of a hex (32): its main counter (``kind``: fortification, fortress, maginot,
    west_wall, beach_defense, island_group, port), and when a beach defense or an island-group fortification was
    added to a fortified hex in a later turn (32.56, 32.66), when it was. ``faces``: the hexes a directional
    fortification faces (32.43-32.44, ``fortification_placed.hexsides``)."""

    kind: str
    owner: str
    built: str
    faces: tuple[str, ...] = ()
    beach_defense: str | None = None
    island_group: str | None = None


class Known(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """How a fact of the board is known when it was not recorded at the table: when (a range of turns
    for an approximate date), the provenance, the source, and the fields the record does not know. ``value`` is
    what a fact the board cannot place says: the controller of a hex the record does not name."""

    when: str
    provenance: str = "table"
    citation: str = ""
    unknown: tuple[str, ...] = ()
    value: str = ""
    seq: int = 0
    """The event that stated it (a set-up restates the fact in its place: :mod:`replays.setup_history`)."""


def _doubtful(event: Event) -> bool:
    return event.provenance != "table" or event.until is not None or bool(event.unknown)


def _note_known(state: BoardState, key: str, event: Event, ctx: Context, value: str = "") -> None:
    """Keep how the fact under ``key`` is known when it is not a table record, forget it when a table record
    replaces it (only doubtful facts cost anything)."""
    if _doubtful(event):
        state.known[key] = Known(
            when=label(event),
            provenance=event.provenance,
            citation=event.citation,
            unknown=tuple(event.unknown),
            value=value,
            seq=ctx.now.seq,
        )
    elif state.known:
        state.known.pop(key, None)


class BoardState(msgspec.Struct, kw_only=True):
    """The board at one point of the game. Treat it as a value: only the fold machinery mutates a fresh clone."""

    units: dict[str, Unit] = {}
    units_at: dict[str, set[str]] = {}
    """The ids of the units in :attr:`units` by their location (hex, box or chart), every type: kept in step with
    ``units`` by this module's handlers, so that "what stands in this hex" (ZoCs, enemy counters next to a path) is
    a lookup, not a pass over every unit (:func:`units_in`)."""
    eliminated: dict[str, Eliminated] = {}
    force_pools: dict[str, int] = {}
    control: dict[str, str] = {}
    bridgeheads: dict[str, Bridgehead] = {}
    fortifications: dict[str, Fortification] = {}
    railheads: dict[str, str] = {}
    """Railheads in play, by hex -> the power whose side uses it: its builder, then the major power that takes the
    hex (28.656: railheads are never moved or destroyed; captured ones serve the side which controls them)."""
    counters: dict[str, str] = {}
    """Airbases, rocket bases and port counters in play, as ``hex/kind`` -> the power that placed them (29.24,
    29.31B)."""
    wars: dict[str, str] = {}
    declared: dict[str, str] = {}
    """Who declared each war, by its key: the aggressor the record names (a set-up restates the war with it)."""
    tensions: dict[str, int] = {}
    statuses: dict[str, str] = {}
    diplomacy: dict[str, int] = {}
    ctl: dict[str, int] = {}
    known: dict[str, Known] = {}
    """How the facts above are known when a record was not made at the table, by ``control:HEX``,
    ``war:KEY``, ``status:COUNTRY``, ``diplomacy:COUNTRY``, ``tension:TRACK``; and, under ``control?SEQ``, hex
    control a source gives without the hex (never put on a hex: the record does not know which)."""


def initial() -> BoardState:
    return BoardState()


def war_key(a: str, b: str) -> str:
    """Wars are symmetric: one key per pair of belligerents."""
    return "|".join(sorted((a, b)))


def at_war(state: BoardState, a: str, b: str) -> bool:
    return war_key(a, b) in state.wars


def war_between(state: BoardState, a: str, b: str) -> bool | None:
    """Whether two powers are at war, where a record may name factions and sides as belligerents: True for a war
    between them; None when the only war that could include them is one of a faction or side that holds either (the
    European Axis on the Western Allies: does it include the U.S.? the record does not say); False otherwise. A war
    on a faction is not split into wars on its powers (a report's "war on the Allies" in 1939 is not a war on the
    U.S.): a rule that needs the power asks this and says where it cannot tell."""
    if war_key(a, b) in state.wars:
        return True
    for key in state.wars:
        x, _, y = key.partition("|")
        left, right = (x, *powers_of(x)), (y, *powers_of(y))
        if (a in left and b in right) or (b in left and a in right):
            return None
    return False


def units_in(state: BoardState, location: str) -> set[str] | frozenset[str]:
    """The ids of the units (of every type) in a hex, box or chart: read it, never change it."""
    return state.units_at.get(location) or frozenset()


def _put(state: BoardState, unit: Unit) -> None:
    """Put a unit's record in play, in its location (replacing its earlier record, wherever that stood)."""
    unit_id = unit.id
    old = state.units.get(unit_id)
    state.units[unit_id] = unit
    if old is not None:
        if old.location == unit.location:
            return
        _leave(state.units_at, unit_id, old.location)
    here = state.units_at.get(unit.location)
    if here is None:
        state.units_at[unit.location] = {unit_id}
    else:
        here.add(unit_id)


def _leave(units_at: dict[str, set[str]], unit_id: str, location: str) -> None:
    there = units_at.get(location)
    if there is not None:
        there.discard(unit_id)
        if not there:
            del units_at[location]


def _move(state: BoardState, unit_id: str, location: str, **changes: Any) -> None:
    unit = state.units.get(unit_id)
    if unit is not None:
        _put(state, msgspec.structs.replace(unit, location=location, **changes))


def _change(units: dict[str, Unit], unit_id: str, **changes: Any) -> None:
    """Replace a unit's record with one that has ``changes`` (nothing happens to a unit not in play)."""
    unit = units.get(unit_id)
    if unit is not None:
        units[unit_id] = msgspec.structs.replace(unit, **changes)


def _eliminate(state: BoardState, unit_id: str, cause: str, clock: Clock, ref: str | None = None) -> None:
    unit = state.units.pop(unit_id, None)
    if unit is not None:
        _leave(state.units_at, unit_id, unit.location)
        state.eliminated[unit_id] = Eliminated(
            unit=unit, cause=cause, turn=clock.turn, year=clock.year, season=clock.season, side=clock.side, ref=ref
        )


HANDLERS: Final = Handlers[BoardState]()


# ---------------------------------------------------------------------------------------------------------------------
# Units: placed, built, moved, reduced, eliminated, handed over


@HANDLERS.on(UnitPlaced, UnitBuilt)
def _unit_placed(state: BoardState, event: UnitPlaced | UnitBuilt, ctx: Context) -> None:
    gone = state.eliminated.pop(event.unit, None)
    printed = event.movement if event.movement is not None or gone is None else gone.unit.movement
    _put(
        state,
        Unit(
            id=event.unit,
            owner=event.owner,
            nationality=event.nationality,
            unit_type=event.unit_type,
            factors=event.factors,
            location=event.location,
            name=event.name,
            inverted=event.inverted,
            movement=printed,
        ),
    )


@HANDLERS.on(PartisansPlaced)
def _partisans_placed(state: BoardState, event: PartisansPlaced, ctx: Context) -> None:
    _put(
        state,
        Unit(
            id=event.unit,
            owner=event.owner,
            nationality=event.owner,
            unit_type="partisan",
            factors=event.factors,
            location=event.hex,
        ),
    )


@HANDLERS.on(UnitMoved)
def _unit_moved(state: BoardState, event: UnitMoved, ctx: Context) -> None:
    _move(state, event.unit, event.path[-1])


@HANDLERS.on(UnitRedeployed)
def _unit_redeployed(state: BoardState, event: UnitRedeployed, ctx: Context) -> None:
    _move(state, event.unit, event.destination)


@HANDLERS.on(AdvanceAfterCombat, AttritionOccupation)
def _advanced(state: BoardState, event: AdvanceAfterCombat | AttritionOccupation, ctx: Context) -> None:
    for move in event.moves:
        _move(state, move.unit, move.to)


@HANDLERS.on(AirdropMade)
def _airdropped(state: BoardState, event: AirdropMade, ctx: Context) -> None:
    _move(state, event.unit, event.target)


@HANDLERS.on(UnitEliminated)
def _unit_eliminated(state: BoardState, event: UnitEliminated, ctx: Context) -> None:
    _eliminate(state, event.unit, event.cause, ctx.now, event.ref)


@HANDLERS.on(UnitReduced)
def _unit_reduced(state: BoardState, event: UnitReduced, ctx: Context) -> None:
    unit = state.units.get(event.unit)
    if unit is None:
        return
    left = unit.factors - event.factors_lost
    if left > 0:
        state.units[event.unit] = msgspec.structs.replace(unit, factors=left)
    else:
        _eliminate(state, event.unit, "combat", ctx.now, event.ref)


@HANDLERS.on(UnitInversionChanged)
def _inversion_changed(state: BoardState, event: UnitInversionChanged, ctx: Context) -> None:
    _change(state.units, event.unit, inverted=event.inverted)


@HANDLERS.on(UnitTransferred)
def _unit_transferred(state: BoardState, event: UnitTransferred, ctx: Context) -> None:
    unit = state.units.get(event.unit)
    if unit is not None:
        state.units[event.unit] = msgspec.structs.replace(
            unit, owner=event.new_owner, nationality=event.nationality or unit.nationality
        )


@HANDLERS.on(ForcePoolChanged)
def _force_pool_changed(state: BoardState, event: ForcePoolChanged, ctx: Context) -> None:
    key = "/".join(p for p in (event.power, event.unit_type, event.area) if p)
    state.force_pools[key] = state.force_pools.get(key, 0) + event.delta


@HANDLERS.on(SupplyDetermined)
def _supply_determined(state: BoardState, event: SupplyDetermined, ctx: Context) -> None:
    for result in event.results:
        _change(state.units, result.subject, supply=result.status)


@HANDLERS.on(FrenchForcesAssigned)
def _french_forces_assigned(state: BoardState, event: FrenchForcesAssigned, ctx: Context) -> None:
    """Free French and Vichy units change nationality; the rest leave play (58.6, 58.621, 58.631)."""
    for unit_id in event.free_french:
        _change(state.units, unit_id, nationality="free_french")
    for unit_id in event.vichy:
        _change(state.units, unit_id, nationality="vichy")
    for unit_id in (*event.to_british_pool, *event.eliminated):
        _eliminate(state, unit_id, "surrender", ctx.now)


# ---------------------------------------------------------------------------------------------------------------------
# Ships: on a shipyard chart they are units located on chart:<yard>


@HANDLERS.on(ShipLaidDown)
def _ship_laid_down(state: BoardState, event: ShipLaidDown, ctx: Context) -> None:
    _put(
        state,
        Unit(
            id=event.ship,
            owner=event.owner,
            nationality=event.owner,
            unit_type=event.unit_type,
            factors=event.factors,
            location=f"chart:{event.yard}",
            name=event.name,
        ),
    )


@HANDLERS.on(ShipLaunched)
def _ship_launched(state: BoardState, event: ShipLaunched, ctx: Context) -> None:
    _move(state, event.ship, event.location, inverted=True, damaged=False)


@HANDLERS.on(ShipScuttled)
def _ship_scuttled(state: BoardState, event: ShipScuttled, ctx: Context) -> None:
    _eliminate(state, event.ship, "voluntary", ctx.now)


@HANDLERS.on(ShipSunk)
def _ship_sunk(state: BoardState, event: ShipSunk, ctx: Context) -> None:
    _eliminate(state, event.ship, "naval_combat", ctx.now, event.ref)


@HANDLERS.on(ShipDamaged)
def _ship_damaged(state: BoardState, event: ShipDamaged, ctx: Context) -> None:
    _change(state.units, event.ship, damaged=True)


@HANDLERS.on(ShipRaised)
def _ship_raised(state: BoardState, event: ShipRaised, ctx: Context) -> None:
    gone = state.eliminated.pop(event.ship, None)
    if gone is not None:
        _put(state, msgspec.structs.replace(gone.unit, damaged=True))


@HANDLERS.on(ShipArrivedForRepair)
def _ship_arrived_for_repair(state: BoardState, event: ShipArrivedForRepair, ctx: Context) -> None:
    _move(state, event.ship, f"chart:{event.yard}")


@HANDLERS.on(ShipDisplacedFromChart)
def _ship_displaced(state: BoardState, event: ShipDisplacedFromChart, ctx: Context) -> None:
    if event.destroyed:
        _eliminate(state, event.ship, "naval_combat", ctx.now)
    else:
        _change(state.units, event.ship, damaged=True)


# ---------------------------------------------------------------------------------------------------------------------
# Hexes: control, bridgeheads, fortifications, railheads


@HANDLERS.on(HexControlChanged)
def _control_changed(state: BoardState, event: HexControlChanged, ctx: Context) -> None:
    if "hex" in event.unknown:  # a source gives the controller, not the hex: nothing is put on a hex
        _note_known(state, f"control?{ctx.now.seq}", event, ctx, event.controller)
        return
    state.control[event.hex] = event.controller
    if event.hex in state.railheads and is_major(event.controller):
        state.railheads[event.hex] = event.controller  # captured railheads serve their new controller (28.656)
    _note_known(state, f"control:{event.hex}", event, ctx)


@HANDLERS.on(BridgeheadPlaced)
def _bridgehead_placed(state: BoardState, event: BridgeheadPlaced, ctx: Context) -> None:
    state.bridgeheads[event.hex] = Bridgehead(
        faction=event.faction, cause=event.cause, placed=ctx.now.label, ref=event.ref
    )


@HANDLERS.on(BridgeheadRemoved)
def _bridgehead_removed(state: BoardState, event: BridgeheadRemoved, ctx: Context) -> None:
    state.bridgeheads.pop(event.hex, None)


@HANDLERS.on(FortificationPlaced)
def _fortification_placed(state: BoardState, event: FortificationPlaced, ctx: Context) -> None:
    state.fortifications[event.hex] = Fortification(
        kind=event.kind, owner=event.owner, built="setup", faces=tuple(event.hexsides)
    )


@HANDLERS.on(FortificationBuilt)
def _fortification_built(state: BoardState, event: FortificationBuilt, ctx: Context) -> None:
    label = ctx.now.label
    forts = state.fortifications
    hexes = event.islands if event.kind == "island_group" and event.islands else event.hexes
    for hex_ in hexes:
        there = forts.get(hex_)
        if there is not None and there.kind not in ADDED_COUNTER_KINDS and there.kind != "port":
            if event.kind in ADDED_COUNTER_KINDS:  # a beach defense or island group added to a fortified hex
                forts[hex_] = msgspec.structs.replace(there, **{event.kind: label})
                continue
            if event.kind == "port":  # a port does not replace the fortification of its hex
                continue
        built = Fortification(kind=event.kind, owner=event.power, built=label)
        if there is not None and there.kind in ADDED_COUNTER_KINDS and event.kind not in ADDED_COUNTER_KINDS:
            built = msgspec.structs.replace(built, **{there.kind: there.built})  # a fortification added later
        elif there is not None and there.kind not in ADDED_COUNTER_KINDS:
            built = msgspec.structs.replace(built, beach_defense=there.beach_defense, island_group=there.island_group)
        forts[hex_] = built


@HANDLERS.on(FortificationEliminated)
def _fortification_eliminated(state: BoardState, event: FortificationEliminated, ctx: Context) -> None:
    state.fortifications.pop(event.hex, None)


@HANDLERS.on(RailheadBuilt)
def _railhead_built(state: BoardState, event: RailheadBuilt, ctx: Context) -> None:
    state.railheads[event.hex] = event.power


@HANDLERS.on(CounterPlaced)
def _counter_placed(state: BoardState, event: CounterPlaced, ctx: Context) -> None:
    state.counters[f"{event.hex}/{event.counter}"] = event.power


@HANDLERS.on(CounterRemoved)
def _counter_removed(state: BoardState, event: CounterRemoved, ctx: Context) -> None:
    if event.counter == "railhead":
        state.railheads.pop(event.location, None)
    else:
        state.counters.pop(f"{event.location}/{event.counter}", None)


# ---------------------------------------------------------------------------------------------------------------------
# Wars, tensions, statuses, diplomacy, CTLs (read by every family; the French surrender, Vichy and research results
# are :mod:`projections.politics`)


@HANDLERS.on(WarDeclared)
def _war_declared(state: BoardState, event: WarDeclared, ctx: Context) -> None:
    season, year = event.since_season or ctx.now.season, event.since_year or ctx.now.year  # set-ups: since when
    since = f"{season} {year}"
    until = event.since_until if event.since_year is not None else event.until
    if until is not None:  # an approximate date: the range of turns
        until_year, _, until_season = until.partition("-")
        since += f" to {until_season} {until_year}"
    key = war_key(event.aggressor, event.target)
    state.wars[key] = since
    state.declared[key] = event.aggressor
    _note_known(state, f"war:{key}", event, ctx)


@HANDLERS.on(TensionChanged)
def _tension_changed(state: BoardState, event: TensionChanged, ctx: Context) -> None:
    state.tensions[event.track] = event.new
    _note_known(state, f"tension:{event.track}", event, ctx)


@HANDLERS.on(StatusChanged)
def _status_changed(state: BoardState, event: StatusChanged, ctx: Context) -> None:
    state.statuses[event.country] = event.status
    _note_known(state, f"status:{event.country}", event, ctx)


@HANDLERS.on(PowerConquered)
def _power_conquered(state: BoardState, event: PowerConquered, ctx: Context) -> None:
    """A conquered major power is out of the war until it re-enters it (29.61; 30.23, 30.263: a power that
    "surrenders and reenters the war"): its status is ``conquered`` and every war it is in ends."""
    state.statuses[event.power] = "conquered"
    for key in [k for k in state.wars if event.power in k.split("|")]:
        del state.wars[key]
        state.declared.pop(key, None)


@HANDLERS.on(DiplomaticResult)
def _diplomatic_result(state: BoardState, event: DiplomaticResult, ctx: Context) -> None:
    state.diplomacy[event.country] = event.result
    _note_known(state, f"diplomacy:{event.country}", event, ctx)


@HANDLERS.on(DiplomaticOutcome)
def _diplomatic_outcome(state: BoardState, event: DiplomaticOutcome, ctx: Context) -> None:
    if event.result is not None:
        state.diplomacy[event.country] = event.result
        _note_known(state, f"diplomacy:{event.country}", event, ctx)
    if event.outcome in OUTCOME_STATUS:  # a minor that associates or activates (29.42, 29.43)
        state.statuses[event.country] = OUTCOME_STATUS[event.outcome]
        _note_known(state, f"status:{event.country}", event, ctx)


@HANDLERS.on(TrackValue)
def _track_value(state: BoardState, event: TrackValue, ctx: Context) -> None:
    if event.track in TENSION_TRACKS:
        state.tensions[event.track] = event.value
        _note_known(state, f"tension:{event.track}", event, ctx)


@HANDLERS.on(CtlSet)
def _ctl_set(state: BoardState, event: CtlSet, ctx: Context) -> None:
    state.ctl[f"{event.nationality or event.faction}/{event.domain}"] = event.level
