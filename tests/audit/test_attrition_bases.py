"""14.523 (AUD-14-13, A3R C-ATT-10): when attrition removes every ground unit of a hex, an airbase or rocket base
there is eliminated. The test plants a base left in an emptied hex and shows the clean cases."""

from __future__ import annotations

import pytest

from awaw_events.events import AttritionDeclared, AttritionLossesTaken, CounterPlaced, CounterRemoved, Event
from awaw_events.events.base import UnitFactors
from tests.build import at, end, found, make, unit
from tests.conftest import created

COMBAT = at(1942, "summer", "axis", "combat")
BOARD = [
    unit("ger-inf-1", "EUR:J39"),
    unit("rus-inf-1", "EUR:J40", owner="russia"),
    unit("rus-inf-2", "EUR:J41", owner="russia"),
    unit("rus-inf-3", "EUR:J41", owner="russia"),
    make(CounterPlaced, at(1939, "fall", phase="setup"), power="russia", hex="EUR:J40", counter="airbase"),
    make(CounterPlaced, at(1939, "fall", phase="setup"), power="russia", hex="EUR:J41", counter="rocket_base"),
]


def attrition(*lost: str) -> list[Event]:
    return [
        make(
            AttritionDeclared,
            COMBAT,
            attrition="z1",
            attacker="european_axis",
            target="russia",
            front="eastern",
            factors=3,
            counted=[UnitFactors(unit="ger-inf-1", factors=3)],
        ),
        make(AttritionLossesTaken, COMBAT, attrition="z1", losses=[UnitFactors(unit=u, factors=3) for u in lost]),
    ]


@pytest.mark.plants("AUD-14-13", "C-ATT-10")
def test_a_base_goes_with_the_last_ground_unit_of_its_hex() -> None:
    base = [created(), *BOARD]
    # J41 keeps a unit: its rocket base stays
    assert found([*base, *attrition("rus-inf-2"), end(COMBAT)], "attrition_emptied_bases") == []
    # J40 is emptied: its airbase must go
    assert found([*base, *attrition("rus-inf-1"), end(COMBAT)], "attrition_emptied_bases") == [
        "attrition z1 removed every ground unit from EUR:J40: the airbase Russia placed there is eliminated with "
        "them (14.523); no counter_removed records it"
    ]
    removed = make(CounterRemoved, COMBAT, location="EUR:J40", counter="airbase", cause="attrition")
    assert found([*base, *attrition("rus-inf-1"), removed, end(COMBAT)], "attrition_emptied_bases") == []
    both = attrition("rus-inf-2", "rus-inf-3")
    assert found([*base, *both, end(COMBAT)], "attrition_emptied_bases") == [
        "attrition z1 removed every ground unit from EUR:J41: the rocket base Russia placed there is eliminated "
        "with them (14.523); no counter_removed records it"
    ]
