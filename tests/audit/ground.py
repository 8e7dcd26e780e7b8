"""Builders for the ground-war audit tests (movement, stacking, specialized units, partisans): units, moves, phases
and small map-data files, and an audit that reads them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from awaw_events.events import (
    Event,
    GameCreated,
    MapDataUsed,
    PhaseStarted,
    PlayerTurnStarted,
    UnitMoved,
    UnitPlaced,
    WarDeclared,
)
from projections.core import MapDataRef
from projections.rules.mapdata import HexFacts, HexsideFacts, MapData, MapFile
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from tests.audit.helpers import records

YEAR, SEASON = 1941, "summer"
WHEN: dict[str, Any] = {"year": YEAR, "season": SEASON}


def created(rules: str = "awaw", **options: str) -> GameCreated:
    return GameCreated(year=1939, season="fall", phase="setup", rules=rules, options=options)  # type: ignore[arg-type]


def place(
    unit: str,
    owner: str,
    unit_type: str,
    location: str,
    *,
    factors: int = 3,
    movement: int | None = None,
    nationality: str | None = None,
) -> UnitPlaced:
    return UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit=unit,
        owner=owner,  # type: ignore[arg-type]
        nationality=nationality or owner,
        unit_type=unit_type,  # type: ignore[arg-type]
        factors=factors,
        location=location,
        movement=movement,
    )


def war(aggressor: str, target: str, **when: Any) -> WarDeclared:
    t = {**WHEN, "side": "axis", "phase": "diplomacy", **when}
    return WarDeclared(**t, aggressor=aggressor, target=target, brp_cost=35)  # type: ignore[arg-type]


def turn(side: str = "axis", **when: Any) -> PlayerTurnStarted:
    return PlayerTurnStarted(**{**WHEN, **when}, side=side)  # type: ignore[arg-type]


def phase(name: str, side: str = "axis", **when: Any) -> PhaseStarted:
    return PhaseStarted(**{**WHEN, **when}, side=side, phase=name)  # type: ignore[arg-type]


def move(
    unit: str,
    *path: str,
    mf: int | None = None,
    actor: str = "germany",
    side: str = "axis",
    phase: str = "movement",
    exploitation: bool = False,
    sea_transport: bool = False,
    **when: Any,
) -> UnitMoved:
    return UnitMoved(
        **{**WHEN, **when},
        side=side,  # type: ignore[arg-type]
        phase=phase,  # type: ignore[arg-type]
        actor=actor,  # type: ignore[arg-type]
        unit=unit,
        path=list(path),
        mf_used=mf,
        exploitation=exploitation,
        sea_transport=sea_transport,
    )


def make_map(hexes: dict[str, dict[str, Any]], sides: Sequence[dict[str, Any]] = ()) -> MapData:
    """Map data with these hex facts (``{"EUR:K37": {"terrain": "forest"}}``) and hexsides."""
    file = MapFile(
        format="awaw-map-data/1",
        name="test-map",
        version="1",
        hexes=tuple(HexFacts(hex=h, rules=("test",), **f) for h, f in hexes.items()),
        hexsides=tuple(HexsideFacts(rules=("test",), **s) for s in sides),
    )
    return MapData.of(file)


def declared(data: MapData) -> MapDataUsed:
    return MapDataUsed(
        year=1939, season="fall", phase="setup", name=data.name, version=data.version, sha256=data.sha256
    )


def run(events: Sequence[Event], data: MapData | None = None) -> AuditReport:
    """Audit the events with every check; ``data`` is the map data their ``map_data_used`` declares."""

    def maps(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return (data, None) if data is not None and ref.sha256 == data.sha256 else (None, "no such map data")

    prefix: list[Event] = [declared(data)] if data is not None else []
    listed = list(events)
    if data is not None and listed and isinstance(listed[0], GameCreated):
        listed = [listed[0], *prefix, *listed[1:]]
    return audit(records(listed), maps=maps)


def messages(report: AuditReport, check: str) -> list[str]:
    """The messages of one check's findings."""
    return [f.message for f in report.findings if f.check == check]


def skipped(report: AuditReport, check: str) -> list[str]:
    return [s.reason for s in report.skipped if s.check == check]
