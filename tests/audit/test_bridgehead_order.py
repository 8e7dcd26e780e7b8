"""31.32 (B-09): an attack bridgehead is placed right after the first surviving ground unit occupies the hex, and
declining it is final. The test plants a placement after a decline and one after the next attack was declared, and
shows the clean case."""

from __future__ import annotations

import pytest

from awaw_events.events import AdvanceAfterCombat
from awaw_events.events.base import Move
from awaw_events.events.combat import Attacker
from tests.audit.test_fortification_checks import WHEN, attack, make
from tests.audit.test_fortification_coverage import found, river_attack


@pytest.mark.plants("B-09")
def test_a_bridgehead_follows_its_advance_and_a_decline_is_final() -> None:
    events = river_attack("EUR:J40", ["river"])
    assert found(events, "bridgehead_occupied") == []
    declined = make(
        AdvanceAfterCombat,
        **WHEN,
        side="axis",
        phase="combat",
        attack="rhine",
        moves=[Move(unit="ger-inf-0", to="EUR:J40")],
        bridgehead_declined=True,
    )
    assert found([*events[:3], declined, events[4]], "bridgehead_occupied") == [
        "attack rhine's bridgehead in EUR:J40 was declined when its units advanced; declining is final (31.32)"
    ]
    later = attack("next", "EUR:K41", [Attacker(unit="ger-inf-5", factors=3)])
    assert found([*events[:4], later, events[4]], "bridgehead_occupied") == [
        "attack rhine's bridgehead in EUR:J40 is placed after attack next was declared: it is placed as the first "
        "surviving ground unit occupies the hex, before the advance ends (31.32)"
    ]
