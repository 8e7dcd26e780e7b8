"""Building oil and weather situations as events for the coverage tests: events at a game time, units, control,
map data naming places, and audits with that map data declared."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from awaw_events.events import (
    Event,
    HexControlChanged,
    MapDataUsed,
    OilReserveDefined,
    OilTrackingStarted,
    PlayerTurnEnded,
    UnitPlaced,
)
from projections.core import MapDataRef
from projections.rules.mapdata import HexFacts, HexsideFacts, MapData, MapFile
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from tests.audit.helpers import records

E = TypeVar("E", bound=Event)

C = 5
"""Fifths in an oil counter."""


def at(year: int, season: str, side: str | None = None, phase: str | None = None) -> dict[str, Any]:
    """A game time as event fields."""
    when: dict[str, Any] = {"year": year, "season": season}
    if side is not None:
        when["side"] = side
    if phase is not None:
        when["phase"] = phase
    return when


def make(cls: type[E], when: dict[str, Any], **fields: Any) -> E:
    return cls(**when, **fields)


def unit(
    uid: str,
    location: str,
    unit_type: str = "infantry",
    owner: str = "germany",
    factors: int = 3,
    nationality: str | None = None,
) -> UnitPlaced:
    return make(
        UnitPlaced,
        at(1939, "fall", phase="setup"),
        unit=uid,
        owner=owner,
        nationality=nationality or owner,
        unit_type=unit_type,
        factors=factors,
        location=location,
    )


def control(
    hex_: str, controller: str, when: dict[str, Any], cause: str = "occupation", ref: str | None = None
) -> Event:
    return make(HexControlChanged, when, hex=hex_, controller=controller, cause=cause, ref=ref)


def reserve(
    rid: str,
    faction: str,
    maximum: int,
    level: int | None = None,
    *,
    when: dict[str, Any] | None = None,
    trigger: str = "campaign_start",
) -> list[Event]:
    """A reserve defined at set-up, and its tracking started at ``level`` (None: untracked)."""
    setup = when or at(1939, "fall", phase="setup")
    events: list[Event] = [
        make(OilReserveDefined, setup, reserve=rid, faction=faction, location="pool", maximum=maximum)
    ]
    if level is not None:
        events.append(make(OilTrackingStarted, setup, reserve=rid, trigger=trigger, initial=level))
    return events


def end(when: dict[str, Any]) -> PlayerTurnEnded:
    return make(PlayerTurnEnded, {**when, "phase": "end_of_player_turn"})


def hexfacts(hex_: str, **facts: Any) -> HexFacts:
    return HexFacts(hex=hex_, rules=("test",), **facts)


def map_data(hexes: Sequence[HexFacts] = (), sides: Sequence[HexsideFacts] = ()) -> MapData:
    return MapData.of(
        MapFile(format="awaw-map-data/1", name="test", version="1", hexes=tuple(hexes), hexsides=tuple(sides))
    )


def named(**places: str) -> list[HexFacts]:
    """Map data entries naming places: ``named(berlin="EUR:L32")``."""
    return [hexfacts(h, name=p.replace("_", " ").title()) for p, h in places.items()]


def run_with(events: Sequence[Event], data: MapData | None = None) -> AuditReport:
    """Audit with ``data`` as the game's map data (declared right after ``game_created``)."""
    if data is not None:
        declared = MapDataUsed(year=1939, season="fall", phase="setup", name="test", version="1", sha256=data.sha256)
        events = [events[0], declared, *events[1:]]

    def maps(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return (data, None) if data is not None and ref.sha256 == data.sha256 else (None, "unknown")

    return audit(records(events), maps=maps)


def found(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """The messages of ``check``'s findings."""
    return [f.message for f in run_with(events, data).findings if f.check == check]


def skipped(events: Sequence[Event], check: str, data: MapData | None = None) -> list[str]:
    """Why ``check`` could not be made."""
    return [s.reason for s in run_with(events, data).skipped if s.check == check]
