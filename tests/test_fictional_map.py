"""The fictional test map (examples/maps): it says it is fictional, it is complete for its region, it keeps every fact
the rule texts give, and the shipped example game audits with no finding with it (its legal play stays legal)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from awaw_events.codec import decode
from awaw_events.events import Event, MapDataUsed
from awaw_events.store import Numbered
from projections.rules.geometry import DEFAULT_GRID, ROW_LABELS, hexes_of
from projections.rules.mapdata import MapData
from projections.rules.zoc import extends
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from replays.maps import load_map_file, shipped_map_data

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "examples" / "maps"
TEST_MAP_FILE = MAPS / "fictional-test-map.yaml"
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
REGION = hexes_of([f"EUR:{ROW_LABELS[r]}24..{ROW_LABELS[r]}44" for r in range(6, 18)])
"""Rows G to R, columns 24 to 44 of the European map: where the test map is complete."""
LAND_FACTS = (
    "country",
    "front",
    "weather_zone",
    "capital",
    "objective",
    "city",
    "port",
    "coastal",
    "beach",
    "island",
    "industrial_centre",
    "oil_centre",
    "partial",
)
"""The facts every land hex of the region gives (yes-or-no facts given yes or no)."""


@pytest.fixture(scope="module")
def test_map() -> MapData:
    return load_map_file(TEST_MAP_FILE).data


def test_it_says_it_is_fictional_everywhere() -> None:
    yaml_text = TEST_MAP_FILE.read_text(encoding="utf-8")
    assert yaml_text.startswith("# FICTIONAL TEST MAP - NOT THE MAP OF A WORLD AT WAR.\n")
    source = (MAPS / "fictional-test-map.awmap").read_text(encoding="utf-8")
    assert source.startswith("# FICTIONAL TEST MAP - NOT THE MAP OF A WORLD AT WAR.\n")
    readme = (MAPS / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# The fictional test map (FICTIONAL: not the map of *A World at War*)")
    assert load_map_file(TEST_MAP_FILE).data.description.startswith("FICTIONAL: a made-up map")
    assert "never" in readme.lower() and "real game" in readme


def test_every_fact_on_every_hex_of_the_region(test_map: MapData) -> None:
    assert len(REGION) == 252
    sea = []
    for h in REGION:
        facts = test_map.hex(h)
        assert facts is not None and facts.terrain is not None, h
        if facts.terrain == "sea":
            sea.append(h)
            assert facts.country is None, h
            continue
        missing = [name for name in LAND_FACTS if getattr(facts, name) is None]
        assert not missing, f"{h} lacks {missing}"
    assert 40 < len(sea) < 60
    # every land-sea hexside of the region is a coast, and a hex is coastal exactly when it has one
    for h in REGION:
        facts = test_map.hex(h)
        assert facts is not None
        if facts.terrain == "sea":
            continue
        sea_next = [n for n in DEFAULT_GRID.neighbours(h) if n in REGION and test_map.hex(n).terrain == "sea"]  # type: ignore[union-attr]
        for n in sea_next:
            side = test_map.hexside(h, n)
            assert side is not None and side.coast is True, (h, n)
        if all(n in REGION for n in DEFAULT_GRID.neighbours(h)):
            assert facts.coastal is bool(sea_next), h


def test_it_keeps_every_fact_the_rule_texts_give(test_map: MapData) -> None:
    shipped = shipped_map_data().data
    for entry in shipped.written_hexes:
        ours = test_map.written(entry.hex)
        assert ours is not None, entry.hex
        for name, value in msgspec.structs.asdict(entry).items():
            if name == "rules":
                assert set(value) <= set(ours.rules), entry.hex
            elif value not in (None, (), ""):
                assert getattr(ours, name) == value, (entry.hex, name)
    for side in shipped.written_hexsides:
        assert test_map.written_side(*side.between) == side
    extent = test_map.extent_of("EUR")
    assert extent is not None and all(h in extent for h in ("EUR:A23", "EUR:EE1", "EUR:A62", "EUR:Z53"))
    assert test_map.extent_of("PAC") is None  # the file does not say which Pacific hexes exist


def _example_with(data: MapData) -> list[Event]:
    """The shipped example, started with ``data`` instead of the shipped map data (its event 2)."""
    events = [decode(line) for line in EXAMPLE.read_bytes().splitlines()]
    assert isinstance(events[1], MapDataUsed)
    events[1] = msgspec.structs.replace(
        events[1], name=data.name, version=data.version, sha256=data.sha256, source=TEST_MAP_FILE.name
    )
    return events


def _audit(events: list[Event], data: MapData) -> AuditReport:
    records = [Numbered(n, e) for n, e in enumerate(events, start=1)]
    return audit(records, maps=lambda ref: (data, None) if ref.sha256 == data.sha256 else (None, "not the test map"))


def test_the_example_audits_with_no_finding_with_it(test_map: MapData) -> None:
    report = _audit(_example_with(test_map), test_map)
    assert [(f.seq, f.check, f.message) for f in report.findings] == []
    shipped = _audit([decode(line) for line in EXAMPLE.read_bytes().splitlines()], shipped_map_data().data)
    assert shipped.findings == ()
    assert report.applied == shipped.applied
    assert report.unchecked < shipped.unchecked - 80  # the region's facts answer what the shipped data cannot
    assert report.map_needed == shipped.map_needed and report.map_answered > shipped.map_answered + 80
    answered = {s.check for s in shipped.skipped if "no map data" in s.reason} - {
        s.check for s in report.skipped if "no map data" in s.reason
    }
    # every application of these needs only the region (the others also read hexes outside it: D43 in Finland ...)
    assert {"movement_cost", "fortification_terrain", "fortification_winter", "fortification_nationality", "mud"} <= (
        answered
    )


def test_the_moves_the_position_needs_in_fall_1939(test_map: MapData) -> None:
    # ger-arm-3 from M35 through L36 to K36 in the Fall 1939 movement phase: L36 is a clear Polish hex beside the
    # Polish armor in Warsaw (L37), which the ZoC reaches (10.341A-B: Poland is at war, no all-water or impassable
    # hexside between); K36 is clear and out of that ZoC: 1 + 1 + 2 MF (13.41B, D)
    m35, l36, k36, l37 = (test_map.hex(h) for h in ("EUR:M35", "EUR:L36", "EUR:K36", "EUR:L37"))
    assert m35 is not None and l36 is not None and k36 is not None and l37 is not None
    assert (l36.terrain, l36.country, k36.terrain, l37.name) == ("clear", "poland", "clear", "Warsaw")
    assert DEFAULT_GRID.is_path(["EUR:M35", "EUR:L36", "EUR:K36"])
    assert DEFAULT_GRID.adjacent("EUR:L37", "EUR:L36")
    assert not DEFAULT_GRID.adjacent("EUR:L37", "EUR:K36") and not DEFAULT_GRID.adjacent("EUR:L37", "EUR:M35")
    assert test_map.hexside("EUR:L36", "EUR:L37") is None  # nothing on that hexside: it is open
    assert extends("EUR:L37", "EUR:L36", map_data=test_map, enemy_fortified=False, neutral=False) is True
    events = [decode(line) for line in EXAMPLE.read_bytes().splitlines()]
    placed = {e.unit: e.location for e in events if type(e).__name__ == "UnitPlaced"}  # type: ignore[attr-defined]
    assert (placed["ger-arm-3"], placed["pol-arm-1"]) == ("EUR:M35", "EUR:L37")


def test_the_hexes_the_example_names_are_where_the_example_puts_them(test_map: MapData) -> None:
    named = {f.name: f.hex for f in test_map.hexes if f.name}
    assert {k: named[k] for k in ("Berlin", "Warsaw", "Kiel", "Wilhelmshaven", "Konigsberg", "Copenhagen")} == {
        "Berlin": "EUR:L32",
        "Warsaw": "EUR:L37",
        "Kiel": "EUR:J30",
        "Wilhelmshaven": "EUR:K29",
        "Konigsberg": "EUR:J38",
        "Copenhagen": "EUR:H32",
    }
    berlin = test_map.hex("EUR:L32")
    assert berlin is not None and (berlin.capital, berlin.country, berlin.city) == (True, "germany", True)
