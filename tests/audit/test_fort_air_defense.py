"""32.25 air defense: a fortification adds 1 to its hex's air defense level, a fortress 2 (F-22). The test plants a
wrong fortification component on an air mission and shows the clean cases."""

from __future__ import annotations

import pytest

from awaw_events.events import AirMissionFlown, FortificationPlaced
from awaw_events.events.base import Modifier
from tests.build import at, found, make, unit
from tests.build import skipped_with as skipped
from tests.conftest import created

SETUP = at(1939, "fall", phase="setup")
COMBAT = at(1941, "summer", "allied", "combat")
BOARD = [
    make(FortificationPlaced, SETUP, hex="EUR:P24", kind="fortification", owner="germany"),
    make(FortificationPlaced, SETUP, hex="EUR:V38", kind="fortress", owner="russia"),
    unit("raf-1", "EUR:M20", "aaf", "britain", 5),
]


def mission(target: str, *components: tuple[str, int]) -> AirMissionFlown:
    return make(
        AirMissionFlown,
        COMBAT,
        mission="bombing",
        units=["raf-1"],
        target=target,
        air_defense=[Modifier(code=code, value=value) for code, value in components],
    )


@pytest.mark.plants("F-22")
def test_fortifications_add_to_the_air_defense_level() -> None:
    base = [created(), *BOARD]
    clean = [mission("EUR:P24", ("fortification", 1)), mission("EUR:V38", ("fortress", 2)), mission("EUR:K10")]
    assert found([*base, *clean], "fort_air_defense") == []
    assert found([*base, mission("EUR:V38", ("fortress", 1))], "fort_air_defense") == [
        "the bombing mission on EUR:V38 meets an air defense with +1 for fortifications; its fortress there gives +2 "
        "(32.251: a fortification +1, 32.252: a fortress +2)"
    ]
    assert found([*base, mission("EUR:K10", ("fortification", 1))], "fort_air_defense") == [
        "the bombing mission on EUR:K10 meets an air defense with +1 for fortifications; no fortification there gives "
        "+0 (32.251: a fortification +1, 32.252: a fortress +2)"
    ]
    # other components of the level are the game's own rules, not 32.25's
    assert found([*base, mission("EUR:P24", ("fortification", 1), ("city", 2))], "fort_air_defense") == []
    assert skipped([*base, mission("EUR:P24")], "fort_air_defense") == [
        "air_mission_flown records no air defense level for the fortified hex EUR:P24 (32.25)"
    ]
