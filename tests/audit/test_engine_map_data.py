"""The audit engine hands checks the game's map data and geometry; a fact it lacks is "not checked", never a guess."""

from __future__ import annotations

import msgspec

from awaw_events.events import MapDataUsed, UnitMoved
from projections.rules.mapdata import MapData, MapFile
from replays import formatting
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
    assert skipped.reason.endswith(": the game declares no map data")


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


# ---------------------------------------------------------------------------------------------------------------------
# The summary: how many check applications needed map data, and how many the game's map data answered


GEOMETRY = Family("geometry test")


@GEOMETRY.check("13.4", "a check that needs no map data (geometry only)", reads=(UnitMoved,))
def check_geometry_only(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    if not ctx.grid.is_path(ctx.event.path):
        yield c.finding(ctx, expected="a path", recorded=ctx.event.path, message="not a path")


def test_the_summary_counts_what_needed_map_data_and_what_it_answered() -> None:
    known = _terrain_hex()
    events = [created(), _declared(), phase("movement"), _move(known), _move("EUR:K37"), _move("EUR:K38")]
    report = engine.run([*TEST.checks, *GEOMETRY.checks], records(events), maps=shipped_maps)
    assert report.applied == 6  # two checks, three moves
    assert (report.map_needed, report.map_unanswered, report.map_answered) == (3, 2, 1)
    assert report.map_used == ("rule-texts version 1",) and report.map_reason == ""
    assert formatting.map_words(report) == (
        "map data: rule-texts version 1 answered 1 of the 3 check applications that needed map facts (33.3 %)"
    )


def test_with_no_map_data_the_summary_says_so_in_words() -> None:
    events = [created(), phase("movement"), _move(_terrain_hex()), _move("EUR:K37")]
    report = engine.run(TEST.checks, records(events), maps=shipped_maps)
    assert (report.map_needed, report.map_answered, report.map_used) == (2, 0, ())
    assert formatting.map_words(report) == (
        "map data: none (the game declares no map data); 2 check applications needed map "
        "facts, and none of them could be checked against the map"
    )
    quiet = engine.run(GEOMETRY.checks, records(events), maps=shipped_maps)
    assert quiet.map_needed == 0
    assert formatting.map_words(quiet).endswith("; no check here needed map facts")


def test_joined_ranges_add_up_their_map_data_counts() -> None:
    events = [created(), _declared(), phase("movement"), _move(_terrain_hex()), _move("EUR:K37")]
    whole = engine.run(TEST.checks, records(events), maps=shipped_maps)
    first = engine.run(TEST.checks, records(events)[:4], maps=shipped_maps)
    rest = engine.run(TEST.checks, records(events), start=5, maps=shipped_maps)
    joined = engine.joined([first, rest])
    assert (joined.map_needed, joined.map_answered, joined.map_used) == (
        whole.map_needed,
        whole.map_answered,
        whole.map_used,
    )
