"""The oil rules' running facts beside the ledger: facilities and their damage, the last control change of each hex,
repairs this turn, the embargo, open routes, builds' oil coverage, YSS growth and the payments linked to what they
pay for (33.23, 33.3, 33.43, 33.4521, 33.4623, 33.61D-E, 33.541; 31-34 extract 4.1).

What is trusted: damage and repairs change a facility's markers by what the events claim (the audit compares them
with the rules); a build's ``oil_covered_brps`` and a YSS's growth are tallied as recorded. What is derived: a
synthetic plant is destroyed when its hex passes to the enemy or it carries five markers (33.32B).
"""

from __future__ import annotations

from typing import cast

import msgspec

from awaw_events.events import (
    AirMissionFlown,
    BrpsSet,
    HexControlChanged,
    OilEmbargoImposed,
    OilExpended,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilPlantBuilt,
    OilProduced,
    RouteStatusChanged,
    UnitBuilt,
    UnitInversionChanged,
)
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.core import Context
from projections.oil.state import HANDLERS, Capture, Facility, Patrol, Payment, State
from projections.rules.control import controller_faction
from projections.rules.oil import OFFSET_PURPOSES, OIL_CENTERS, SYNTHETIC_PLANT_DESTROYED_AT

PAYMENT_TURNS_KEPT = 1
"""Payments are kept for the game turn they were made in and the next: an offset lasts until the end of initial
supply determination of the next friendly player turn (33.541)."""


def facility_kind(name: str) -> str:
    """An oil center is named by its source (33.22); any other facility is a synthetic plant (33.23)."""
    return "center" if name in OIL_CENTERS else "plant"


def _facility(state: State, name: str) -> Facility:
    found = state.facilities.get(name)
    if found is None:
        kind = facility_kind(name)
        found = Facility(kind="center" if kind == "center" else "plant", source=name if kind == "center" else "plant")
    return found


def learn_source(state: State, event: OilProduced) -> None:
    """Production names a center (by its source) or a plant (by ``facility``): keep the hex it gives."""
    name = event.facility if event.source == "synthetic_plant" and event.facility else event.source
    if name not in OIL_CENTERS and event.source != "synthetic_plant":
        return
    facility = _facility(state, name)
    if event.hex is not None and facility.hex != event.hex:
        state.facilities[name] = msgspec.structs.replace(facility, hex=event.hex)
        if facility.kind == "plant" and facility.destroyed is None:
            state.plant_hexes[name] = event.hex
    elif name not in state.facilities:
        state.facilities[name] = facility


def offset_key(faction: str, purpose: str, domain: str | None, nationality: str | None) -> str:
    """What one general offset buys: a service for an oil domain, per nationality for the WA (33.55, 33.61)."""
    return f"{faction}/{purpose}/{domain or '-'}/{nationality or '-'}"


def record_payment(state: State, event: OilExpended, ctx: Context) -> None:
    """Keep the general offsets in force, and link each thing an expenditure pays for to the payment
    (``oil_expended.pays_for``)."""
    if not event.pays_for and event.purpose not in OFFSET_PURPOSES:
        return
    now = ctx.now
    payment = Payment(
        seq=now.seq,
        turn=now.turn,
        side=now.side,
        phase=now.phase,
        faction=event.faction,
        purpose=event.purpose,
        reserve=event.reserve,
    )
    if event.purpose in OFFSET_PURPOSES:
        state.offsets[offset_key(event.faction, event.purpose, event.domain, event.nationality)] = payment
    for ref in event.pays_for:
        state.payments[ref] = payment


def forget_old_payments(state: State, turn: int) -> None:
    """At a new game turn, drop the payments no operation may rely on any more (33.541)."""
    if state.payments:
        state.payments = {r: p for r, p in state.payments.items() if p.turn >= turn - PAYMENT_TURNS_KEPT}
    if state.offsets:
        state.offsets = {k: p for k, p in state.offsets.items() if p.turn >= turn - PAYMENT_TURNS_KEPT}


@HANDLERS.on(HexControlChanged)
def _control_changed(state: State, event: HexControlChanged, ctx: Context) -> None:
    now = ctx.now
    state.captures[event.hex] = Capture(
        turn=now.turn, side=now.side, controller=event.controller, cause=event.cause, seq=now.seq, ref=event.ref
    )
    if event.hex not in state.plant_hexes.values():
        return
    new = controller_faction(event.controller)
    for name, where in list(state.plant_hexes.items()):
        facility = state.facilities[name]
        owner = FACTION_OF_POWER.get(cast(Power, facility.power)) if facility.power else None
        if where == event.hex and owner is not None and new != owner:
            state.facilities[name] = msgspec.structs.replace(facility, destroyed="enemy_control")
            del state.plant_hexes[name]


@HANDLERS.on(OilFacilityDamaged)
def _damaged(state: State, event: OilFacilityDamaged, ctx: Context) -> None:
    facility = _facility(state, event.facility)
    markers = facility.markers + event.markers
    destroyed = facility.destroyed
    if facility.kind == "plant" and markers >= SYNTHETIC_PLANT_DESTROYED_AT and destroyed is None:
        destroyed = "damage"
        state.plant_hexes.pop(event.facility, None)
    state.facilities[event.facility] = msgspec.structs.replace(
        facility, markers=markers, hex=event.hex or facility.hex, destroyed=destroyed
    )
    if facility.kind == "plant" and destroyed is None and event.hex is not None:
        state.plant_hexes[event.facility] = event.hex


@HANDLERS.on(OilFacilityRepaired)
def _repaired(state: State, event: OilFacilityRepaired, ctx: Context) -> None:
    facility = _facility(state, event.facility)
    state.facilities[event.facility] = msgspec.structs.replace(
        facility, markers=max(0, facility.markers - event.markers)
    )
    key = f"{event.power}/plant" if event.automatic else event.power
    state.repairs[key] = state.repairs.get(key, 0) + event.markers


@HANDLERS.on(OilPlantBuilt)
def _plant_built(state: State, event: OilPlantBuilt, ctx: Context) -> None:
    state.facilities[event.facility] = Facility(
        kind="plant",
        source="synthetic_plant",
        power=event.power,
        location=event.location,
        hex=event.hex,
        built=ctx.now.turn,
    )
    if event.hex is not None:
        state.plant_hexes[event.facility] = event.hex


@HANDLERS.on(OilEmbargoImposed)
def _embargo(state: State, event: OilEmbargoImposed, ctx: Context) -> None:
    if state.embargo is None:
        state.embargo = ctx.now.turn


@HANDLERS.on(RouteStatusChanged)
def _route(state: State, event: RouteStatusChanged, ctx: Context) -> None:
    if event.open:
        state.routes.setdefault(event.route, ctx.now.turn)
    else:
        state.routes.pop(event.route, None)


@HANDLERS.on(UnitBuilt)
def _built(state: State, event: UnitBuilt, ctx: Context) -> None:
    if event.oil_covered_brps:
        faction = FACTION_OF_POWER[event.payer or event.owner]
        state.covered[faction] = state.covered.get(faction, 0) + event.oil_covered_brps


@HANDLERS.on(UnitInversionChanged)
def _inverted(state: State, event: UnitInversionChanged, ctx: Context) -> None:
    if not event.inverted and event.ref is not None:
        state.uninversions[event.ref] = ctx.now.seq
    if not event.inverted or ctx.game is None:
        return
    unit = ctx.game.board.units.get(event.unit)
    if (
        unit is not None
        and unit.unit_type == "transport"
        and unit.location.startswith("sw:")
        and FACTION_OF_POWER.get(cast(Power, unit.owner)) == "western_allies"
    ):
        box = unit.location[3:]
        state.inverted[box] = state.inverted.get(box, 0) + 1


@HANDLERS.on(BrpsSet)
def _brps_set(state: State, event: BrpsSet, ctx: Context) -> None:
    if event.phase != "year_start":
        return
    if event.growth is not None:
        grown = event.growth
    else:
        before = ctx.game.brp.base.get(event.power)
        grown = event.base - before if before is not None else 0
    if grown > 0:
        faction = FACTION_OF_POWER[event.power]
        state.growth[faction] = state.growth.get(faction, 0) + grown


def plants_of(state: State, power: str) -> dict[str, int]:
    """A power's synthetic plants in play, counted by the objective they stand in (33.231C, 33.234)."""
    found: dict[str, int] = {}
    for facility in state.facilities.values():
        if facility.kind == "plant" and facility.power == power and facility.destroyed is None:
            where = facility.location or facility.hex or "?"
            found[where] = found.get(where, 0) + 1
    return found


@HANDLERS.on(AirMissionFlown)
def _patrol(state: State, event: AirMissionFlown, ctx: Context) -> None:
    if event.mission != "naval_patrol" or event.target is None:
        return
    now = ctx.now
    if state.patrols and any(p.turn != now.turn or p.side != now.side for p in state.patrols.values()):
        state.patrols = {}  # a new player turn: last turn's patrols are over
    state.patrols[str(now.seq)] = Patrol(turn=now.turn, side=now.side, target=event.target, units=tuple(event.units))
