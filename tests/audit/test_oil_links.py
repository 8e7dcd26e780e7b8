"""Oil linked to what it pays for: no oil on an uninversion (33.91; O-66), and units of the South Africa, India and
Australia boxes, free of oil effects only while used in their box (33.4715; O-68). Each test plants the fault of its
checklist item and shows the clean case."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AirCombatResolved,
    AirMissionFlown,
    DiceRolled,
    Event,
    NavalCombatResolved,
    OilExpended,
    PhaseStarted,
    UnitBuilt,
    UnitInversionChanged,
    UnitMoved,
)
from awaw_events.events.base import Modifier, UnitFactors
from tests.build import C, at, control, found, make, map_data, reserve, unit
from tests.build import facts as hexfacts
from tests.build import skipped_with as skipped
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


# ---------------------------------------------------------------------------------------------------------------------
# Units that fought without oil (O-65)
# ---------------------------------------------------------------------------------------------------------------------

EA = reserve("european_axis", "european_axis", 50, 50)
AIR = [unit("lw-1", "EUR:L32", "aaf", "germany", 5), unit("raf-2", "EUR:M20", "aaf", "britain", 5)]
FLEET = [unit("kms-tirpitz", "EUR:H28", "bb", "germany", 4), unit("hms-kgv", "EUR:H20", "bb", "britain", 4)]
AXIS_COMBAT = at(1943, "spring", "axis", "combat")


def air_battle(without: list[str] | None, *drms: int) -> list[Event]:
    return [
        make(DiceRolled, AXIS_COMBAT, roll=1, purpose="air_combat", dice=[3, 4, 2, 5]),
        make(
            AirCombatResolved,
            AXIS_COMBAT,
            battle="ab1",
            attacker_factors=5,
            defender_factors=5,
            roll=1,
            attacker_units=[UnitFactors(unit="lw-1", factors=5)],
            defender_units=[UnitFactors(unit="raf-2", factors=5)],
            modifiers=[Modifier(code="no_oil", value=v) for v in drms],
            without_oil=without,
        ),
    ]


def naval_battle(without: list[str] | None, roller: str | None, *drms: int) -> NavalCombatResolved:
    return make(
        NavalCombatResolved,
        AXIS_COMBAT,
        battle="nb1",
        location="EUR:H24",
        attacker_units=["kms-tirpitz"],
        defender_units=["hms-kgv"],
        modifiers=[Modifier(code="no_oil", value=v) for v in drms],
        roller=roller,
        without_oil=without,
    )


@pytest.mark.plants("31-34/O-65")
def test_units_that_fought_without_oil_take_minus_one() -> None:
    axis_air = oil_ea("air_general", at(1943, "spring", "axis", "initial_supply"))
    base = [created(), *EA, *WA, *AIR]
    # the Axis had air oil, the Western Allies (tracked) had none in force: the defender fought without oil, +1 net
    assert found([*base, axis_air, *air_battle(["defender"], 1)], "fought_without_oil") == []
    assert found([*base, axis_air, *air_battle(["defender"])], "fought_without_oil") == [
        "ab1: the defender fought without oil, which gives +1 to the net air modifier; recorded +0 (33.73C: -1 "
        "Nationality DRM for units without oil)"
    ]
    # the log says both sides had oil, but the Western Allies had no air offset anywhere and paid nothing for it
    assert found([*base, axis_air, *air_battle([], 1)], "fought_without_oil") == [
        "ab1: the defender's faction had no air offset in force in any oil domain and no oil paid for the battle or "
        "its units, so its units fought without oil (33.73C)"
    ]
    # with no offset for either side, both take -1: net 0
    assert found([*base, *air_battle(["attacker", "defender"], -1, 1)], "fought_without_oil") == []
    # naval combat: the roller's own lack of oil
    ships = [created(), *EA, *WA, *FLEET, oil_ea("naval_general", at(1943, "spring", "axis", "initial_supply"))]
    assert found([*ships, naval_battle(["defender"], "defender", -1)], "fought_without_oil") == []
    assert found([*ships, naval_battle(["defender"], "attacker", -1)], "fought_without_oil") == [
        "nb1: the defender fought without oil, which gives +0 to the roll; recorded -1 (33.73C: -1 Nationality DRM "
        "for units without oil)"
    ]
    assert skipped([*ships, naval_battle(["defender"], None)], "fought_without_oil") == [
        "nb1: naval_combat_resolved does not say whose roll it is (roller)"
    ]


def oil_ea(purpose: str, when: dict[str, object]) -> OilExpended:
    return make(
        OilExpended, when, faction="european_axis", reserve="european_axis", purpose=purpose, amount=C, domain="berlin"
    )


# ---------------------------------------------------------------------------------------------------------------------
# Naval patrols that stay into the combat phase (O-71)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-71")
def test_a_patrol_that_stays_needs_this_turns_naval_oil() -> None:
    last_turn = oil("naval_general", C, at(1943, "spring", "allied", "oil_adjustment"), domain="india",
                    nationality="britain")  # fmt: skip
    fleet = [unit("hms-exeter", "PAC:CC10", "ca", "britain", 2)]
    movement = at(1943, "summer", "allied", "movement")
    patrol = make(AirMissionFlown, movement, mission="naval_patrol", units=["hms-exeter"], target="PAC:CC10")
    combat = make(PhaseStarted, at(1943, "summer", "allied", "combat"))
    base = [created(), *WA, *fleet, last_turn, patrol]
    assert found([*base, combat], "patrol_oil") == [
        "the naval patrol of event 6 (hms-exeter) is still in PAC:CC10 as the combat phase starts, with no naval oil "
        "offset of this player turn in force for the Western Allies: a patrol that stays needs the current turn's "
        "naval oil (33.535)"
    ]
    this_turn = oil("naval_general", C, at(1943, "summer", "allied", "oil_adjustment"), domain="india",
                    nationality="britain")  # fmt: skip
    assert found([created(), *WA, *fleet, this_turn, patrol, combat], "patrol_oil") == []
    back = make(UnitMoved, movement, unit="hms-exeter", path=["PAC:CC11"])
    assert found([*base, back, combat], "patrol_oil") == []


# ---------------------------------------------------------------------------------------------------------------------
# Britain's automatic construction effect (O-62)
# ---------------------------------------------------------------------------------------------------------------------

BRITAIN = map_data([hexfacts("EUR:M20", country="Britain"), hexfacts("EUR:M21", country="Britain")])


def british_build(multiplier: int) -> UnitBuilt:
    return make(
        UnitBuilt, at(1943, "spring", "allied", "unit_construction"), unit="uk-inf-9", owner="britain",
        nationality="britain", unit_type="infantry", factors=3, location="box:canada", cost=3 * multiplier,
        multiplier=multiplier,
    )  # fmt: skip


@pytest.mark.plants("31-34/O-62")
def test_britain_lost_means_no_british_build_at_normal_cost() -> None:
    axis = at(1942, "fall", "axis", "combat")
    one = [created(), *WA, control("EUR:M20", "germany", axis)]
    assert found([*one, british_build(1)], "british_construction_effect", BRITAIN) == []
    lost = [*one, control("EUR:M21", "germany", axis)]
    assert found([*lost, british_build(1)], "british_construction_effect", BRITAIN) == [
        "every hex of Britain is isolated or Axis-held, so the construction oil effect applies to Britain "
        "automatically (33.63): uk-inf-9 is built at normal cost"
    ]
    assert found([*lost, british_build(2)], "british_construction_effect", BRITAIN) == []
    assert skipped([*lost, british_build(1)], "british_construction_effect") == [
        "no map data gives the hexes of Britain (33.63: all isolated or Axis-held?)"
    ]
