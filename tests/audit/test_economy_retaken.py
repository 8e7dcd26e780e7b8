"""A3R 35.73C (C-BRP-5): the loss of a conquest, minor or colony is debited at the end of the owner's next combat
phase, and only if the owner's side did not recapture the area by then; the area's hexes come from the map data.
The test plants a debit after the area was retaken and shows the clean cases."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import BrpBatchApplied, BrpChangeAccrued, Event
from tests.build import at, control, found, make, map_data
from tests.build import facts as hexfacts
from tests.build import skipped_with as skipped
from tests.conftest import created

PRORATED = {"rules": "a3r", "options": {"econ.brp_prorating": "awaw_35_7"}}
MAP = map_data([hexfacts("EUR:A30", country="Norway"), hexfacts("EUR:B30", country="Norway")])
LOST = at(1942, "summer", "allied", "combat")
DUE = at(1942, "fall", "axis", "combat")


def loss(area: str | None = "Norway") -> Event:
    return make(BrpChangeAccrued, LOST, power="germany", amount=-10, cause="loss_of_conquest", area=area)


def debit() -> Event:
    return make(BrpBatchApplied, DUE, power="germany", net=-10, percent=50, applied=-5)


def taken(by: str, when: dict[str, Any]) -> list[Event]:
    return [control("EUR:A30", by, when), control("EUR:B30", by, when)]


@pytest.mark.plants("C-BRP-5")
def test_a_loss_is_debited_only_if_the_area_was_not_retaken() -> None:
    lost = [created(**PRORATED), *taken("britain", LOST), loss()]
    assert found([*lost, debit()], "brp_batch_timing", MAP) == []
    # Germany retakes one hex only: the loss stands
    one = [control("EUR:A30", "germany", DUE)]
    assert found([*lost, *one, debit()], "brp_batch_timing", MAP) == []
    retaken = [*lost, *taken("italy", DUE), debit()]
    assert found(retaken, "brp_batch_timing", MAP) == [
        "Germany's loss of Norway (-10, event 5) is debited although its side holds every hex of Norway again: a loss "
        "stands only if the owner did not recapture the area by the end of its next combat phase (35.73C)"
    ]
    assert skipped([*retaken[:-1], debit()], "brp_batch_timing") == [
        "no map data names Norway (its hexes: whether Germany retook it, 35.73C)"
    ]
    assert skipped([created(**PRORATED), loss(None), debit()], "brp_batch_timing") == [
        "the loss of conquest (event 2) names no area: whether Germany retook it first (35.73C) is not checked"
    ]
