"""The board: units and force pools, hex control, bridgeheads, fortifications, partisans, weather, politics.

Sources: 10-16 extract 4 (per-unit and per-hex state, 4.6 event transitions), 27-30 extract 4.4 and 4.6-4.7,
31-34 extract 4.1 (bridgeheads, fortifications, weather), A3R extract 5.1.

What the board trusts: it shows the game as the players recorded it. Losses claimed by ``combat_losses_taken`` or
``attrition_losses_taken`` are claims for the audit; the board removes units on ``unit_eliminated`` and
``unit_reduced``. Advances after combat and attrition occupations move the units they name. Ships on a shipyard
chart are units located on ``chart:<yard>`` until launched.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AnyEvent,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    CounterRemoved,
    CtlSet,
    DiplomaticResult,
    ForcePoolChanged,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    FrenchForcesAssigned,
    HexControlChanged,
    PartisansPlaced,
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
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    UnitReduced,
    UnitTransferred,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from projections.core import Clock, Context


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
    """The movement factors printed on the counter, when the log gives them (``unit_placed.movement``)."""


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


class Fortification(msgspec.Struct, frozen=True, kw_only=True):
    kind: str
    owner: str
    built: str


class Weather(msgspec.Struct, frozen=True, kw_only=True):
    weather: str
    level: int | None = None
    turn: str = ""


class BoardState(msgspec.Struct, kw_only=True):
    """The board at one point of the game. Treat it as a value: only the fold machinery mutates a fresh clone."""

    units: dict[str, Unit] = {}
    eliminated: dict[str, Eliminated] = {}
    force_pools: dict[str, int] = {}
    control: dict[str, str] = {}
    bridgeheads: dict[str, Bridgehead] = {}
    fortifications: dict[str, Fortification] = {}
    railheads: dict[str, str] = {}
    weather: dict[str, Weather] = {}
    winter_preparation: dict[str, int] = {}
    wars: dict[str, str] = {}
    tensions: dict[str, int] = {}
    statuses: dict[str, str] = {}
    diplomacy: dict[str, int] = {}
    ctl: dict[str, int] = {}


def initial() -> BoardState:
    return BoardState()


def clone(state: BoardState) -> BoardState:
    """A state with fresh containers (records are frozen and shared)."""
    return BoardState(
        units=dict(state.units),
        eliminated=dict(state.eliminated),
        force_pools=dict(state.force_pools),
        control=dict(state.control),
        bridgeheads=dict(state.bridgeheads),
        fortifications=dict(state.fortifications),
        railheads=dict(state.railheads),
        weather=dict(state.weather),
        winter_preparation=dict(state.winter_preparation),
        wars=dict(state.wars),
        tensions=dict(state.tensions),
        statuses=dict(state.statuses),
        diplomacy=dict(state.diplomacy),
        ctl=dict(state.ctl),
    )


def war_key(a: str, b: str) -> str:
    """Wars are symmetric: one key per pair of belligerents."""
    return "|".join(sorted((a, b)))


def at_war(state: BoardState, a: str, b: str) -> bool:
    return war_key(a, b) in state.wars


def _move(units: dict[str, Unit], unit_id: str, location: str, **changes: Any) -> None:
    unit = units.get(unit_id)
    if unit is not None:
        units[unit_id] = msgspec.structs.replace(unit, location=location, **changes)


def _eliminate(state: BoardState, unit_id: str, cause: str, clock: Clock, ref: str | None = None) -> None:
    unit = state.units.pop(unit_id, None)
    if unit is not None:
        state.eliminated[unit_id] = Eliminated(
            unit=unit, cause=cause, turn=clock.turn, year=clock.year, season=clock.season, side=clock.side, ref=ref
        )


HANDLED: Final[frozenset[type]] = frozenset(
    {
        AdvanceAfterCombat,
        AirdropMade,
        AttritionOccupation,
        BridgeheadPlaced,
        BridgeheadRemoved,
        CounterRemoved,
        CtlSet,
        DiplomaticResult,
        ForcePoolChanged,
        FortificationBuilt,
        FortificationEliminated,
        FortificationPlaced,
        FrenchForcesAssigned,
        HexControlChanged,
        PartisansPlaced,
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
        UnitBuilt,
        UnitEliminated,
        UnitInversionChanged,
        UnitMoved,
        UnitPlaced,
        UnitRedeployed,
        UnitReduced,
        UnitTransferred,
        WarDeclared,
        WeatherDetermined,
        WinterPreparationChanged,
    }
)
"""The event types this projection reacts to: ``step`` returns at once for any other (the fold's fast path;
a test keeps this set equal to the classes ``step`` matches)."""


def step(state: BoardState, event: AnyEvent, ctx: Context) -> None:
    """Apply one event to a private working state (see :mod:`projections.core`)."""
    units = state.units
    now = ctx.now
    if type(event) not in HANDLED:
        return
    match event:
        case UnitPlaced() | UnitBuilt():
            state.eliminated.pop(event.unit, None)
            units[event.unit] = Unit(
                id=event.unit,
                owner=event.owner,
                nationality=event.nationality,
                unit_type=event.unit_type,
                factors=event.factors,
                location=event.location,
                name=event.name,
                inverted=event.inverted,
                movement=event.movement if isinstance(event, UnitPlaced) else None,
            )
        case PartisansPlaced():
            units[event.unit] = Unit(
                id=event.unit,
                owner=event.owner,
                nationality=event.owner,
                unit_type="partisan",
                factors=event.factors,
                location=event.hex,
            )
        case UnitMoved():
            _move(units, event.unit, event.path[-1])
        case UnitRedeployed():
            _move(units, event.unit, event.destination)
        case AdvanceAfterCombat() | AttritionOccupation():
            for move in event.moves:
                _move(units, move.unit, move.to)
        case AirdropMade():
            _move(units, event.unit, event.target)
        case UnitEliminated():
            _eliminate(state, event.unit, event.cause, now, event.ref)
        case UnitReduced():
            unit = units.get(event.unit)
            if unit is not None:
                left = unit.factors - event.factors_lost
                if left > 0:
                    units[event.unit] = msgspec.structs.replace(unit, factors=left)
                else:
                    _eliminate(state, event.unit, "combat", now, event.ref)
        case UnitInversionChanged():
            unit = units.get(event.unit)
            if unit is not None:
                units[event.unit] = msgspec.structs.replace(unit, inverted=event.inverted)
        case UnitTransferred():
            unit = units.get(event.unit)
            if unit is not None:
                units[event.unit] = msgspec.structs.replace(
                    unit, owner=event.new_owner, nationality=event.nationality or unit.nationality
                )
        case ForcePoolChanged():
            key = "/".join(p for p in (event.power, event.unit_type, event.area) if p)
            state.force_pools[key] = state.force_pools.get(key, 0) + event.delta
        case CtlSet():
            state.ctl[f"{event.faction}/{event.domain}"] = event.level
        case SupplyDetermined():
            for result in event.results:
                unit = units.get(result.subject)
                if unit is not None:
                    units[result.subject] = msgspec.structs.replace(unit, supply=result.status)
        case HexControlChanged():
            state.control[event.hex] = event.controller
        case BridgeheadPlaced():
            state.bridgeheads[event.hex] = Bridgehead(
                faction=event.faction, cause=event.cause, placed=now.label, ref=event.ref
            )
        case BridgeheadRemoved():
            state.bridgeheads.pop(event.hex, None)
        case FortificationPlaced():
            state.fortifications[event.hex] = Fortification(kind=event.kind, owner=event.owner, built="setup")
        case FortificationBuilt():
            for hex_ in event.hexes:
                state.fortifications[hex_] = Fortification(kind=event.kind, owner=event.power, built=now.label)
        case FortificationEliminated():
            state.fortifications.pop(event.hex, None)
        case RailheadBuilt():
            state.railheads[event.hex] = event.power
        case CounterRemoved():
            if event.counter == "railhead":
                state.railheads.pop(event.location, None)
        case WeatherDetermined():
            state.weather[event.zone] = Weather(
                weather=event.weather, level=event.level, turn=f"{now.season} {now.year}"
            )
        case WinterPreparationChanged():
            state.winter_preparation[event.faction] = event.level
        case WarDeclared():
            state.wars[war_key(event.aggressor, event.target)] = f"{now.season} {now.year}"
        case TensionChanged():
            state.tensions[event.track] = event.new
        case StatusChanged():
            state.statuses[event.country] = event.status
        case DiplomaticResult():
            state.diplomacy[event.country] = event.result
        case FrenchForcesAssigned():
            for unit_id in event.free_french:
                unit = units.get(unit_id)
                if unit is not None:
                    units[unit_id] = msgspec.structs.replace(unit, nationality="free_french")
            for unit_id in event.vichy:
                unit = units.get(unit_id)
                if unit is not None:
                    units[unit_id] = msgspec.structs.replace(unit, nationality="vichy")
            for unit_id in (*event.to_british_pool, *event.eliminated):
                _eliminate(state, unit_id, "surrender", now)
        # ships: on a chart they are units located on chart:<yard>
        case ShipLaidDown():
            units[event.ship] = Unit(
                id=event.ship,
                owner=event.owner,
                nationality=event.owner,
                unit_type=event.unit_type,
                factors=event.factors,
                location=f"chart:{event.yard}",
                name=event.name,
            )
        case ShipLaunched():
            _move(units, event.ship, event.location, inverted=True, damaged=False)
        case ShipScuttled():
            _eliminate(state, event.ship, "voluntary", now)
        case ShipSunk():
            _eliminate(state, event.ship, "naval_combat", now, event.ref)
        case ShipDamaged():
            unit = units.get(event.ship)
            if unit is not None:
                units[event.ship] = msgspec.structs.replace(unit, damaged=True)
        case ShipRaised():
            gone = state.eliminated.pop(event.ship, None)
            if gone is not None:
                units[event.ship] = msgspec.structs.replace(gone.unit, damaged=True)
        case ShipArrivedForRepair():
            _move(units, event.ship, f"chart:{event.yard}")
        case ShipDisplacedFromChart():
            if event.destroyed:
                _eliminate(state, event.ship, "naval_combat", now)
            else:
                unit = units.get(event.ship)
                if unit is not None:
                    units[event.ship] = msgspec.structs.replace(unit, damaged=True)
        case _:
            pass
