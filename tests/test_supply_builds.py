"""Builds and fortifications asked of the supply tracer (``projections/position/supply/trace.py``) where no
determination records the hex, on FICTIONAL map fragments (made up for these tests, never the printed map of *A
World at War*): the status a new unit takes (27.43A), Russian builds only where supply traces to the Urals box
(27.43B) and fortifications only in fully supplied hexes (32.13B). Each rule's legal case stays clean; each planted
fault is found.
"""

from __future__ import annotations

import pytest

from awaw_events.events import Event, FortificationBuilt, UnitBuilt
from projections.rules.mapdata import FORMAT, MapData, MapExtent, MapFile
from tests.build import audit as run_audit
from tests.build import created, facts, held, make, skipped_with, turn_of, when
from tests.test_supply_trace import fragment, pos_of, strip

FALL_1941 = ("fall", 1941)


def _found(events: list[Event], data: MapData, check: str) -> list[str]:
    return [f.message for f in run_audit(events, data=data).findings if f.check == check]


def _german_zones() -> tuple[list[Event], MapData]:
    """FICTIONAL: a German strip EUR:K28-K32 with Berlin at K28 (full supply); a German island strip EUR:N28-N29
    with Breslau at N28 (a limited source, 30.262A: partial supply); nothing records a supply determination."""
    land = {**strip("EUR:K", 28, 32, "germany"), **strip("EUR:N", 28, 29, "germany")}
    data = fragment(land, names={"EUR:K28": "Berlin", "EUR:N28": "Breslau"})
    return [created(), turn_of("fall", 1941, "axis")], data


def _german_build(hex_: str, supply: str | None) -> UnitBuilt:
    return UnitBuilt(
        **when("fall", 1941, "axis", "unit_construction"), unit="ger-9", owner="germany", nationality="germany",
        unit_type="infantry", factors=3, location=hex_, cost=3, supply=supply,  # type: ignore[arg-type]
    )  # fmt: skip


@pytest.mark.plants("P-11", "S-25.A")
def test_a_new_unit_takes_the_status_the_map_gives_its_hex() -> None:
    """27.43A: "New units take the supply/oil status of their hex". EUR:K31 traces to Berlin (full), EUR:N29 only
    to Breslau (partial): a unit built in N29 and recorded fully supplied is a finding; recorded partial it is not
    (that the hex is not fully supplied is construction_needs_full_supply's, once)."""
    events, data = _german_zones()
    assert _found([*events, _german_build("EUR:K31", "full")], data, "build_supply") == []
    assert skipped_with([*events, _german_build("EUR:K31", "full")], "build_supply", data) == []
    assert _found([*events, _german_build("EUR:N29", "partial")], data, "build_supply") == []
    assert _found([*events, _german_build("EUR:N29", "full")], data, "build_supply") == [
        "ger-9 takes the supply status of its hex, partial (27.43A); recorded full"
    ]


def _russia() -> tuple[list[Event], MapData]:
    """FICTIONAL: a Russian strip EUR:K28-K36 whose hex K36 is the fragment's way into the Urals box (its "eastern
    edge", 30.225B); a Russian island EUR:N30-N31 with an IC at N30 (partial supply for its own hex, 30.267A) and no
    line to the Urals."""
    land = {**strip("EUR:K", 28, 36, "russia"), **strip("EUR:N", 30, 31, "russia")}
    data = fragment(land, urals=["EUR:K36"], ics=["EUR:N30"])
    return [created(), turn_of("fall", 1941, "allied")], data


def _russian_build(hex_: str) -> UnitBuilt:
    return UnitBuilt(
        **when("fall", 1941, "allied", "unit_construction"), unit="rus-9", owner="russia", nationality="russia",
        unit_type="infantry", factors=3, location=hex_, cost=3,
    )  # fmt: skip


def _russian_fort(hex_: str) -> FortificationBuilt:
    return make(
        FortificationBuilt, **when("fall", 1941, "allied", "unit_construction"), power="russia",
        kind="fortification", hexes=[hex_], brp_cost=5, rp_cost=1,
    )  # fmt: skip


@pytest.mark.plants("P-05")
def test_russian_builds_go_where_the_map_traces_supply_to_the_urals() -> None:
    """27.43B: "Russian units (incl. forts) only in hexes that trace supply to the Urals box". No determination
    records either hex: EUR:K30 traces to the Urals through K36; the IC hex EUR:N30 has supply from its IC alone,
    which is no line to the Urals, for a unit or a fortification."""
    events, data = _russia()
    for legal in (_russian_build("EUR:K30"), _russian_fort("EUR:K30")):
        assert _found([*events, legal], data, "russian_build_supply") == []
        assert skipped_with([*events, legal], "russian_build_supply", data) == []
    assert _found([*events, _russian_build("EUR:N30")], data, "russian_build_supply") == [
        "Russian unit rus-9 is built at EUR:N30, no line to the Urals box (traced on the map: unsupplied); Russian "
        "units are built only where supply traces from the Urals box (27.43B, 30.225)"
    ]
    assert _found([*events, _russian_fort("EUR:N30")], data, "russian_build_supply") == [
        "a Russian fortification is built at EUR:N30, no line to the Urals box (traced on the map: unsupplied); "
        "Russian units are built only where supply traces from the Urals box (27.43B, 30.225)"
    ]


def test_the_urals_supply_the_pacific_map_through_its_western_edge() -> None:
    """30.225B: the Urals box supplies the Pacific map "via Russian western-edge hexes A23-F18, and G18-L15 if
    Communist China is a Russian minor ally". FICTIONAL: a Pacific map whose extent is rows C and H, columns 20 to
    25, all Russian land: row C traces to the Urals through its western hex C20; row H's way depends on an alliance
    no event records, so it is undecided, never "unsupplied"."""
    from projections.position.supply.trace import trace_supply

    land = [*strip("PAC:C", 20, 25, "russia"), *strip("PAC:H", 20, 25, "russia")]
    data = MapData.of(
        MapFile(
            format=FORMAT,
            name="fictional-pacific-edge",
            version="1",
            extent=(MapExtent(map="PAC", hexes=("PAC:C20..C25", "PAC:H20..H25")),),
            hexes=tuple(facts(h, terrain="clear", country="russia", port=False) for h in land),
        )
    )
    pos = pos_of([created(), turn_of("fall", 1941, "allied")], data)
    found = trace_supply(pos, "PAC:C24", "russia", to_urals=True).answer
    assert found is not None and (found.status, found.source, found.line[0]) == ("full", "urals", "PAC:C20")
    undecided = trace_supply(pos, "PAC:H24", "russia", to_urals=True)
    assert undecided.answer is None
    assert "whether Communist China is a Russian minor ally" in undecided.unknown[0].reason


def _german_fort(hex_: str) -> FortificationBuilt:
    return make(
        FortificationBuilt, **when(*FALL_1941, "axis", "unit_construction"), power="germany", kind="fortification",
        hexes=[hex_], brp_cost=5, rp_cost=1,
    )  # fmt: skip


@pytest.mark.plants("F-06")
def test_a_fortification_goes_only_where_the_map_traces_full_supply() -> None:
    """32.13B: "the hex is fully supplied". No determination records these hexes: a fortification in EUR:K31
    (traced to Berlin) is legal; in EUR:N29 (traced only to Breslau, partial) it is a finding."""
    events, data = _german_zones()
    events = [events[0], *(held(h, "germany") for h in ("EUR:K31", "EUR:N29")), *events[1:]]
    assert _found([*events, _german_fort("EUR:K31")], data, "fortification_control") == []
    assert skipped_with([*events, _german_fort("EUR:K31")], "fortification_control", data) == []
    assert _found([*events, _german_fort("EUR:N29")], data, "fortification_control") == [
        "EUR:N29 is not fully supplied (partial); fortifications and beach defenses go only in fully supplied hexes "
        "(32.13B, 32.52)"
    ]
