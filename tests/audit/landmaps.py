"""Builders for the control, supply and politics audit tests: units, control, supply results, and map data of a few
hexes declared by the game (so that checks that need a hex's facts can be tried with and without them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from awaw_events.events import (
    Event,
    HexControlChanged,
    MapDataUsed,
    PlayerTurnStarted,
    SupplyDetermined,
    UnitPlaced,
)
from awaw_events.events.board import SupplyResult
from projections.core import MapDataRef
from projections.rules.mapdata import HexFacts, HexsideFacts, MapData, MapFile
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from tests.audit.helpers import records

RULE = ("test",)


def facts(hex_: str, **kw: Any) -> HexFacts:
    """The facts of one hex, for a test's map data."""
    return HexFacts(hex=hex_, rules=RULE, **kw)


def side(a: str, b: str, **kw: Any) -> HexsideFacts:
    return HexsideFacts(between=(a, b), rules=RULE, **kw)


def map_data(hexes: Sequence[HexFacts], hexsides: Sequence[HexsideFacts] = ()) -> MapData:
    return MapData.of(
        MapFile(format="awaw-map-data/1", name="test-map", version="1", hexes=tuple(hexes), hexsides=tuple(hexsides))
    )


def declared(data: MapData) -> MapDataUsed:
    return MapDataUsed(
        year=1939, season="fall", phase="setup", name=data.name, version=data.version, sha256=data.sha256
    )


def run(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> AuditReport:
    """Audit ``events`` with the checks of ``rule``; with ``data``, a ``map_data_used`` for it goes in after the first
    event and the audit resolves it."""
    if data is None:
        return audit(records(events), rule_prefix=rule)

    def maps(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return (data, None) if ref.sha256 == data.sha256 else (None, "not the test map")

    return audit(records([events[0], declared(data), *events[1:]]), rule_prefix=rule, maps=maps)


def findings(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> list[tuple[str, str]]:
    """(check id, message) of every finding."""
    return [(f.check, f.message) for f in run(events, rule, data).findings]


def checks_found(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> list[str]:
    return [f.check for f in run(events, rule, data).findings]


def skipped(events: Sequence[Event], rule: str | None = None, data: MapData | None = None) -> list[str]:
    return [s.reason for s in run(events, rule, data).skipped]


def when(
    season: str = "summer", year: int = 1941, side_: str | None = "axis", phase: str | None = None
) -> dict[str, Any]:
    found: dict[str, Any] = {"year": year, "season": season}
    if side_ is not None:
        found["side"] = side_
    if phase is not None:
        found["phase"] = phase
    return found


def turn(season: str = "summer", year: int = 1941, side_: str = "axis") -> PlayerTurnStarted:
    return PlayerTurnStarted(**when(season, year, side_))


def place(
    unit: str,
    owner: str,
    hex_: str,
    unit_type: str = "infantry",
    factors: int = 3,
    nationality: str | None = None,
    **kw: Any,
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
        location=hex_,
        **kw,
    )


def held(hex_: str, controller: str) -> HexControlChanged:
    """Control at set-up."""
    return HexControlChanged(year=1939, season="fall", phase="setup", hex=hex_, controller=controller, cause="setup")


def res(subject: str, status: str = "full", source: str | None = None, **kw: Any) -> SupplyResult:
    return SupplyResult(subject=subject, status=status, source=source, **kw)  # type: ignore[arg-type]


def supply(
    faction: str,
    determination: str,
    results: Sequence[SupplyResult],
    season: str = "summer",
    year: int = 1941,
    side_: str | None = None,
) -> SupplyDetermined:
    from awaw_events.vocab import SIDE_OF_FACTION

    phase = "initial_supply" if determination == "initial" else "post_combat_supply"
    return SupplyDetermined(
        **when(season, year, side_ or SIDE_OF_FACTION[faction], phase),  # type: ignore[index]
        faction=faction,  # type: ignore[arg-type]
        determination=determination,  # type: ignore[arg-type]
        results=list(results),
    )
