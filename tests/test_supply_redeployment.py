"""Redeployments asked of the supply of their faction (28.23, 28.512): the status that faction's determination
records for a hex, else the one traced on a FICTIONAL map fragment (made up for these tests, never the printed map
of *A World at War*), never what the other side's determination says of the hex.
"""

from __future__ import annotations

import pytest

from awaw_events.events import Event
from projections.rules.mapdata import MapData
from tests.build import audit as run_audit
from tests.build import created, declared, held, map_data, moved, place, skipped_with, supplied, turn_of
from tests.test_supply_trace import fragment, strip


def _found(events: list[Event], data: MapData, check: str) -> list[str]:
    return [f.message for f in run_audit(events, data=data).findings if f.check == check]


def _german_zones() -> tuple[list[Event], MapData]:
    """FICTIONAL: a German strip EUR:K28-K32 with Berlin at K28 and a German island strip EUR:N28-N29 with no source
    and no port; ger-inf-8 stands in K30. Nothing records a supply determination of the Axis."""
    land = {**strip("EUR:K", 28, 32, "germany"), **strip("EUR:N", 28, 29, "germany")}
    data = fragment(land, names={"EUR:K28": "Berlin"})
    events: list[Event] = [
        created(),
        *[held(h, "germany") for h in land],
        place("ger-inf-8", "germany", "EUR:K30"),
        turn_of("fall", 1939, "axis"),
    ]
    return events, data


@pytest.mark.plants("R-04.A")
def test_a_redeployment_uses_the_hexes_its_faction_supplies_on_the_map() -> None:
    """28.23: redeployments pass only through controlled hexes "that are fully or partially supplied". EUR:K31
    traces to Berlin; the island EUR:N29 to no source. Russia's determination calling K31 unsupplied is Russia's
    supply, not Germany's: no finding."""
    events, data = _german_zones()
    russian_view = supplied("russia", {"EUR:K31": "unsupplied"}, side="allied")
    legal = moved("ger-inf-8", "TR", "EUR:K30", "EUR:K31")
    assert _found([*events, legal], data, "redeployment_path") == []
    assert skipped_with([*events, legal], "redeployment_path", data) == []
    assert _found([*events, russian_view, legal], data, "redeployment_path") == []
    assert _found([*events, moved("ger-inf-8", "TR", "EUR:K30", "EUR:N29")], data, "redeployment_path") == [
        "ger-inf-8 redeploys into EUR:N29, unsupplied at the last supply determination; redeployments use only fully "
        "or partially supplied hexes (28.23)"
    ]


PORTS = map_data(
    [
        {"hex": "EUR:N22", "port": True},
        {"hex": "EUR:M20", "port": True},
        {"hex": "EUR:M21", "port": True},
        {"hex": "EUR:N21", "terrain": "sea"},
    ]
)
"""FICTIONAL: three ports and a sea hex between them."""


@pytest.mark.plants("R-17.A", "R-17.B")
def test_an_nr_from_an_unsupplied_port_goes_only_to_and_through_fully_supplied_ports() -> None:
    """28.512: "Naval units, transports and ASW may redeploy from an unsupplied port but only to and through fully
    supplied ports or a mapboard box" (the rule's words; the extract's R-17 reads "fully/partially"). The Western
    Allies' determination has EUR:N22 unsupplied, EUR:M20 full, EUR:M21 partial; the Axis's later one calling M21
    full is the Axis's supply, not the Allies'."""
    setup: list[Event] = [
        created(),
        declared(PORTS),
        place("dd", "britain", "EUR:N22", "dd", 1),
        supplied("western_allies", {"EUR:N22": "unsupplied", "EUR:M20": "full", "EUR:M21": "partial"}, side="allied"),
        supplied("european_axis", {"EUR:M21": "full"}),
    ]

    def nr(destination: str, path: list[str]) -> Event:
        return moved("dd", "NR", "EUR:N22", destination, side="allied", path=path)

    assert _found([*setup, nr("EUR:M20", ["EUR:N21"])], PORTS, "nr_origin") == []
    assert _found([*setup, nr("box:us_atlantic", [])], PORTS, "nr_origin") == []
    assert _found([*setup, nr("EUR:M21", ["EUR:N21"])], PORTS, "nr_origin") == [
        "dd NRs from the unsupplied port EUR:N22 to EUR:M21; from an unsupplied port units go only to and through "
        "fully supplied ports or a mapboard box (28.512)"
    ]
    assert _found([*setup, nr("EUR:M20", ["EUR:M21"])], PORTS, "nr_origin") == [
        "dd NRs from the unsupplied port EUR:N22 through EUR:M21; from an unsupplied port units go only to and "
        "through fully supplied ports or a mapboard box (28.512)"
    ]
    not_a_port = map_data([{"hex": "EUR:N22", "port": False, "island": False}])
    assert _found([*setup[:1], declared(not_a_port), *setup[2:], nr("EUR:M20", [])], not_a_port, "nr_origin") == [
        "dd NRs from EUR:N22, which is neither a port nor a one-hex island (28.511)"
    ]
