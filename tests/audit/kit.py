"""Event makers and map data for the construction, redeployment, offensive and economy audit tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from awaw_events.events import (
    AirMissionFlown,
    BrpsSet,
    Event,
    HexControlChanged,
    MapDataUsed,
    PlayerTurnEnded,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.events.board import SupplyResult
from projections.rules.mapdata import FORMAT, HexFacts, HexsideFacts, MapData, MapFile
from replays.audit import engine
from replays.audit.catalogue import checks
from replays.audit.engine import AuditReport
from tests.audit.helpers import records

E = TypeVar("E", bound=Event)

FALL: dict[str, Any] = {"year": 1939, "season": "fall"}
WINTER: dict[str, Any] = {"year": 1939, "season": "winter"}
SPRING: dict[str, Any] = {"year": 1940, "season": "spring"}


def make(cls: type[E], **fields: Any) -> E:
    """An event from loosely typed test fields."""
    return cls(**fields)


def placed(
    unit: str,
    unit_type: str,
    factors: int,
    at: str,
    *,
    owner: str = "germany",
    nationality: str | None = None,
    **kw: Any,
) -> UnitPlaced:
    return make(
        UnitPlaced,
        **FALL,
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=nationality or owner,
        unit_type=unit_type,
        factors=factors,
        location=at,
        **kw,
    )


def built(
    unit: str,
    unit_type: str,
    factors: int,
    at: str,
    *,
    owner: str = "germany",
    cost: int | None = None,
    when: dict[str, Any] = FALL,
    side: str | None = None,
    phase: str = "unit_construction",
    **kw: Any,
) -> UnitBuilt:
    from projections.rules.construction import unit_cost

    return make(
        UnitBuilt,
        **when,
        side=side or ("allied" if owner in ("britain", "france", "usa", "russia", "china") else "axis"),
        phase=phase,
        unit=unit,
        owner=owner,
        nationality=kw.pop("nationality", owner),
        unit_type=unit_type,
        factors=factors,
        location=at,
        cost=unit_cost(unit_type, factors) if cost is None else cost,  # type: ignore[arg-type]
        **kw,
    )


def moved(
    unit: str,
    kind: str,
    origin: str,
    destination: str,
    *,
    side: str = "axis",
    segment: str | None = None,
    when: dict[str, Any] = FALL,
    phase: str = "redeployment",
    **kw: Any,
) -> UnitRedeployed:
    return make(
        UnitRedeployed,
        **when,
        side=side,
        phase=phase,
        unit=unit,
        kind=kind,
        origin=origin,
        destination=destination,
        segment=segment,
        **kw,
    )


def mission(
    units: Sequence[str], kind: str = "das", *, side: str = "axis", when: dict[str, Any] = FALL, phase: str = "combat"
) -> AirMissionFlown:
    return make(AirMissionFlown, **when, side=side, phase=phase, mission=kind, units=list(units))


def uninverted(
    unit: str,
    *,
    side: str = "axis",
    when: dict[str, Any] = FALL,
    phase: str = "end_of_player_turn",
    inverted: bool = False,
) -> UnitInversionChanged:
    return make(UnitInversionChanged, **when, side=side, phase=phase, unit=unit, inverted=inverted)


def eliminated(
    unit: str, cause: str, *, when: dict[str, Any] = FALL, side: str = "axis", phase: str = "combat"
) -> UnitEliminated:
    return make(UnitEliminated, **when, side=side, phase=phase, unit=unit, cause=cause)


def controlled(
    hex_: str,
    controller: str,
    *,
    cause: str = "setup",
    side: str | None = None,
    when: dict[str, Any] = FALL,
    phase: str = "setup",
) -> HexControlChanged:
    return make(HexControlChanged, **when, side=side, phase=phase, hex=hex_, controller=controller, cause=cause)


def supplied(
    faction: str,
    results: dict[str, str],
    *,
    side: str = "axis",
    when: dict[str, Any] = FALL,
    determination: str = "initial",
    source: str | None = None,
) -> SupplyDetermined:
    return make(
        SupplyDetermined,
        **when,
        side=side,
        phase="initial_supply" if determination == "initial" else "post_combat_supply",
        faction=faction,
        determination=determination,
        results=[SupplyResult(subject=k, status=v, source=source) for k, v in results.items()],  # type: ignore[arg-type]
    )


def ended(side: str = "axis", when: dict[str, Any] = FALL) -> PlayerTurnEnded:
    return make(PlayerTurnEnded, **when, side=side, phase="end_of_player_turn")


def brps(power: str, base: int, available: int | None = None, when: dict[str, Any] = FALL) -> BrpsSet:
    return make(
        BrpsSet, **when, phase="setup", power=power, base=base, available=base if available is None else available
    )


# ---------------------------------------------------------------------------------------------------------------------
# Map data


def map_data(hexes: Sequence[dict[str, Any]] = (), hexsides: Sequence[dict[str, Any]] = ()) -> MapData:
    """Map data of the given hex and hexside entries (each a dict of :class:`HexFacts` fields, ``rules`` filled in)."""
    return MapData.of(
        MapFile(
            format=FORMAT,
            name="test-map",
            version="1",
            hexes=tuple(HexFacts(rules=("test",), **h) for h in hexes),
            hexsides=tuple(HexsideFacts(rules=("test",), **s) for s in hexsides),
        )
    )


def declared(data: MapData) -> MapDataUsed:
    return make(MapDataUsed, **FALL, phase="setup", name=data.name, version=data.version, sha256=data.sha256)


def audit(events: Sequence[Event], data: MapData | None = None, check: str | None = None) -> AuditReport:
    """The audit of ``events`` with the map data ``data`` (declared by the caller) and only the checks whose id is
    ``check`` (all when None)."""

    def maps(_: object) -> tuple[MapData | None, str | None]:
        return data, None if data is not None else "no map data in this test"

    chosen = [c for c in checks() if check is None or c.id == check]
    return engine.run(chosen, records(events), maps=maps)


def found(events: Sequence[Event], check: str, data: MapData | None = None) -> list[tuple[int, str]]:
    """(event number, message) of the findings of one check."""
    return [(f.seq, f.message) for f in audit(events, data, check).findings]


def seqs(events: Sequence[Event], check: str, data: MapData | None = None) -> list[int]:
    """The event numbers of one check's findings."""
    return [f.seq for f in audit(events, data, check).findings]


def skipped(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """The reasons one check could not be made."""
    return [s.reason for s in audit(events, data, check).skipped]
