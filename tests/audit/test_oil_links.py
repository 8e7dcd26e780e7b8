"""Oil linked to what it pays for: no oil on an uninversion (33.91; O-66), and units of the South Africa, India and
Australia boxes, free of oil effects only while used in their box (33.4715; O-68). Each test plants the fault of its
checklist item and shows the clean case."""

from __future__ import annotations

import pytest

from awaw_events.events import AirMissionFlown, OilExpended, UnitInversionChanged
from tests.audit.oil_helpers import C, at, found, make, reserve, unit
from tests.conftest import created

COMBAT = at(1943, "spring", "allied", "combat")
END = at(1943, "spring", "allied", "end_of_player_turn")
WA = reserve("wa_ind", "western_allies", 10, 10)
SHIPS = [
    unit("hms-warspite", "box:india", "bb", "britain", 4),
    unit("raf-223", "box:india", "aaf", "britain", 2),
    unit("hms-hood", "EUR:H20", "bb", "britain", 4),
]


def oil(purpose: str, amount: int, when: dict[str, object], **more: object) -> OilExpended:
    return make(OilExpended, when, faction="western_allies", reserve="wa_ind", purpose=purpose, amount=amount, **more)


def uninvert(ref: str | None) -> UnitInversionChanged:
    return make(UnitInversionChanged, END, unit="hms-warspite", inverted=False, cause="end_of_player_turn", ref=ref)


@pytest.mark.plants("31-34/O-66")
def test_no_oil_is_spent_on_an_uninversion() -> None:
    base = [created(), *WA, *SHIPS]
    assert found([*base, uninvert("u1")], "uninversion_oil") == []
    assert (
        found([*base, oil("heavy_ships", 1, COMBAT, pays_for=["hms-warspite"]), uninvert("u1")], "uninversion_oil")
        == []
    )
    paid_first = [*base, oil("heavy_ships", 1, END, pays_for=["u1"]), uninvert("u1")]
    assert found(paid_first, "uninversion_oil") == [
        "hms-warspite uninverts (u1) with oil paid for it in event 7: no oil is spent on uninversion (33.91)"
    ]
    paid_after = [*base, uninvert("u1"), oil("heavy_ships", 1, END, pays_for=["u1"])]
    assert found(paid_after, "uninversion_oil") == [
        "Western Allies pays oil for the uninversion u1 (event 7): no oil is spent on uninversion (33.91)"
    ]


@pytest.mark.plants("31-34/O-68")
def test_box_units_need_oil_once_used_outside_their_box() -> None:
    base = [created(), *WA, *SHIPS]
    # opposing raiders in the box, and air opposing bombing of it: no oil needed (33.4715B-C)
    at_home = make(AirMissionFlown, COMBAT, mission="naval_interception", units=["hms-warspite"], target="box:india")
    assert found([*base, at_home], "unoffset_operations") == []
    # an interception out of the box needs the naval offset (33.4715C)
    out = make(AirMissionFlown, COMBAT, mission="naval_interception", units=["hms-warspite"], target="PAC:CC10")
    assert found([*base, out], "unoffset_operations") == [
        "the Western Allies made a naval interception mission with no naval oil offset in force in any domain "
        "(33.61B, 33.72B)"
    ]
    offset = oil(
        "naval_general", C, at(1943, "spring", "allied", "initial_supply"), domain="india", nationality="britain"
    )
    assert found([*base, offset, out], "unoffset_operations") == []
    # air leaving the box to bomb needs the air offset (33.4715B)
    raid = make(AirMissionFlown, COMBAT, mission="bombing", units=["raf-223"], target="PAC:CC10")
    assert found([*base, raid], "unoffset_operations") == [
        "the Western Allies made a bombing mission with no air oil offset in force in any domain (33.61A, 33.71B-C)"
    ]
    # oil paid for a box unit is what lets it leave the box: not a fault (33.4715)
    assert found([*base, oil("heavy_ships", 1, COMBAT, pays_for=["hms-warspite"])], "paid_units") == []
