"""The audit engine hands checks the game's map data and geometry; a fact it lacks is "not checked", never a guess."""

from __future__ import annotations

import msgspec

from awaw_events.events import MapDataUsed, UnitMoved
from projections.rules.mapdata import MapData, MapFile
from replays.audit import engine
from replays.audit.catalogue import shipped_maps
from replays.audit.engine import AuditContext, Check, Family, Result
from replays.maps import shipped_map_data
from tests.build import records
from tests.conftest import created, phase

TEST = Family("map test")


@TEST.check("13.41", "the terrain of the hex entered is known", reads=(UnitMoved,))
def check_terrain_known(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    target = ctx.event.path[-1]
    facts = ctx.hex(target)
    if facts is None or facts.terrain is None:
        yield ctx.missing_hex(target, "terrain")
        return
    if not ctx.grid.adjacent(ctx.event.path[0], target) and len(ctx.event.path) == 2:
        yield c.finding(ctx, expected="adjacent", recorded=target, message=f"{target} is not next to the step before")


def _declared() -> MapDataUsed:
    data = shipped_map_data().data
    return MapDataUsed(
        year=1939, season="fall", phase="setup", name=data.name, version=data.version, sha256=data.sha256
    )


def _move(*path: str) -> UnitMoved:
    return UnitMoved(
        year=1939, season="fall", side="axis", phase="movement", actor="germany", unit="u", path=list(path)
    )


def _terrain_hex() -> str:
    """A hex whose terrain the shipped map data gives."""
    return next(h.hex for h in shipped_map_data().data.hexes if h.terrain is not None)


def test_a_check_reads_the_declared_map_data() -> None:
    known = _terrain_hex()
    events = [created(), _declared(), phase("movement"), _move(known)]
    report = engine.run(TEST.checks, records(events), maps=shipped_maps)
    assert report.findings == ()
    assert report.skipped == ()
    assert (report.applied, report.unchecked) == (1, 0)


def test_a_hex_the_map_data_lacks_is_not_checked_and_named() -> None:
    events = [created(), _declared(), phase("movement"), _move("EUR:K37"), _move("EUR:K38"), _move("EUR:K39")]
    report = engine.run(TEST.checks, records(events), maps=shipped_maps)
    assert report.findings == ()
    assert (report.applied, report.unchecked) == (3, 3)
    [skipped] = report.skipped  # one line for every hex whose terrain is unknown, naming the first
    assert skipped.reason == "not checked: no map data for EUR:K37 (terrain)"
    assert (skipped.times, skipped.first_seq) == (3, 4)


def test_without_declared_map_data_the_reason_says_so() -> None:
    report = engine.run(TEST.checks, records([created(), phase("movement"), _move(_terrain_hex())]))
    [skipped] = report.skipped
    assert skipped.reason.endswith(": the game declares no map data (no map_data_used event)")


def test_map_data_that_cannot_be_had_is_named() -> None:
    def nowhere(_: object) -> tuple[None, str]:
        return None, "declared map data not available"

    report = engine.run(TEST.checks, records([created(), _declared(), _move(_terrain_hex())]), maps=nowhere)
    assert [s.reason.rsplit(": ", 1)[1] for s in report.skipped] == ["declared map data not available"]


def test_a_sampled_fact_nobody_confirmed_is_not_checked_never_a_finding() -> None:
    def data(provenance: tuple[dict[str, object], ...]) -> MapData:
        entry = {"hex": "EUR:K38", "terrain": "clear", "rules": ["map image"], "provenance": list(provenance)}
        raw = {"format": "awaw-map-data/1", "name": "sampled", "version": "1", "hexes": [entry]}
        return MapData.of(msgspec.convert(raw, MapFile))

    def audit(map_data: MapData) -> engine.AuditReport:
        declared = MapDataUsed(
            year=1939, season="fall", phase="setup", name="sampled", version="1", sha256=map_data.sha256
        )
        events = [created(), declared, phase("movement"), _move("EUR:K30", "EUR:K38")]  # a jump: the finding
        return engine.run(TEST.checks, records(events), maps=lambda _: (map_data, None))

    confirmed = audit(data(()))
    assert [f.check for f in confirmed.findings] == ["terrain_known"]
    sampled = audit(data(({"fact": "terrain", "source": "sampled", "confidence": 0.97},)))
    assert sampled.findings == ()
    [skipped] = sampled.skipped
    assert skipped.reason == "not checked: sampled, unconfirmed: EUR:K38 (terrain)"
    assert skipped.kind == "sampled, unconfirmed (terrain)"
