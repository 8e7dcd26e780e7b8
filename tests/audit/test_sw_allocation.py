"""A3R house sequence of play (d) (C-SOP-5): SW allocation changes come at the end of the owner's redeployment phase,
are not counted against redeployment limits, and units leaving SW duty are usable in the opposing player turn (units
allocated in turn N fight in N+1: ``sw_round_units`` recounts each SW round from the allocations). The test plants
each fault and shows the clean cases."""

from __future__ import annotations

import pytest

from awaw_events.events import AirMissionFlown, Event
from tests.build import SPRING, declared, make, map_data, moved, placed
from tests.build import found_at as found
from tests.conftest import created

OBJECTIVES = map_data([{"hex": "EUR:M30", "objective": True}, {"hex": "EUR:K30", "objective": True}])
SUMMER = {"year": 1940, "season": "summer"}


def game(sop: str = "best_of_awaw") -> Event:
    return created(rules="a3r", options={"sop.variant": sop})


def sr_out(sop: str) -> list[Event]:
    """Five British air factors go to SW duty from the objective M30, then one more factor SRs out of it."""
    return [
        game(sop),
        declared(OBJECTIVES),
        placed("raf-1", "aaf", 5, "EUR:M30", owner="britain"),
        placed("raf-2", "aaf", 1, "EUR:M30", owner="britain"),
        moved("raf-1", "SR", "EUR:M30", "sw:atlantic", side="allied", when=SPRING),
        moved("raf-2", "SR", "EUR:M30", "EUR:K30", side="allied", when=SPRING),
    ]


def from_sw_duty(origin: str) -> list[Event]:
    """An inverted destroyer NRs to EUR:M20 at the end of the Allied Spring turn and intercepts in the Axis Summer."""
    return [
        game(),
        placed("dd1", "dd", 2, origin, owner="britain", inverted=True),
        moved("dd1", "NR", origin, "EUR:M20", side="allied", when=SPRING),
        make(
            AirMissionFlown,
            **SUMMER,
            side="axis",
            phase="movement",
            mission="naval_interception",
            units=["dd1"],
            target="EUR:M19",
        ),
    ]


@pytest.mark.plants("C-SOP-5")
def test_sw_allocations_at_the_end_of_redeployment_and_outside_the_limits() -> None:
    assert found(sr_out("best_of_awaw"), "sr_caps", OBJECTIVES) == []
    assert found(sr_out("a3r"), "sr_caps", OBJECTIVES) == [
        (6, "raf-2 brings the air factors SRed out of EUR:M30 this turn to 6; 28.62C allows 5")
    ]
    # leaving SW duty, the destroyer is usable in the opposing player turn; from a port it is held (28.82B)
    assert found(from_sw_duty("sw:atlantic"), "inversion_holds") == []
    assert found(from_sw_duty("EUR:M21"), "inversion_holds") == [
        (4, "dd1 flies a naval interception mission, but it stays inverted through the next opposing player turn "
         "(28.82B)"),
    ]  # fmt: skip
    # an allocation in the combat phase
    early = [game(), placed("u-1", "submarine", 3, "EUR:H20"),
             moved("u-1", "NR", "EUR:H20", "sw:atlantic", when=SPRING, phase="combat")]  # fmt: skip
    assert [m for _, m in found(early, "sw_allocation_timing")] == [
        "u-1 changes SW allocation outside the owner's redeployment phase of a Spring, Summer or Fall turn (A3R "
        "intro, App. L)"
    ]
