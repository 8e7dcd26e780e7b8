"""The naval rules that ask whether the U.S. (or Italy) is at war read a war of factions or sides as what it is: a
war the record cannot split into its powers. Each check is judged three ways on the same event: no war (the
finding), the powers' own war (clean), and a war of factions that may or may not include them ("not checked", with
its reason: never a finding, never a pass)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    Event,
    ShipArrivedForRepair,
    ShipbuildingRateChanged,
    ShipDamaged,
    ShipLaidDown,
    ShipRepairStarted,
)
from tests.audit.test_naval import (
    SPRING,
    WINTER_39,
    advance,
    box_yard,
    make,
    placed,
    setup_ship,
    tension,
    transports_game,
    us_limit,
    us_transport,
    war,
    yard,
)
from tests.build import run
from tests.conftest import created


def judged(events: list[Event], rule: str) -> tuple[list[str], list[str]]:
    """The check's findings (their checks) and what it reports not checked for a war of factions (the reasons)."""
    report = run(events, rule)
    doubts = [s.reason for s in report.skipped if "faction or side" in s.reason]
    return [f.check for f in report.findings], doubts


def three_ways(
    before: list[Event], after: list[Event], own: tuple[str, str], factions: tuple[str, str], rule: str
) -> tuple[Any, Any, Any]:
    return (
        judged([*before, *after], rule),
        judged([*before, war(*own), *after], rule),
        judged([*before, war(*factions), *after], rule),
    )


def test_a_us_box_raised_by_production_before_a_war_of_factions_is_not_checked() -> None:
    us = yard("us-pacific", "usa", 1, "us_box")
    raised = make(
        ShipbuildingRateChanged,
        **SPRING,
        side="allied",
        phase="research",
        yard="us-pacific",
        rate=2,
        cause="production",
    )
    none, own, factions = three_ways([created(), us], [raised], ("japan", "usa"), ("japan", "western_allies"), "27.73")
    assert none == (["rate_change"], [])
    assert own == ([], [])
    assert factions[0] == [] and factions[1] == [
        "not checked: whether the U.S. and Japan are at war (27.7321B): the record's war is one of a faction or "
        "side, which may or may not include them"
    ]
    # with USJT at 50 the theater is open either way: judged, and clean
    assert judged([created(), us, tension("usjt", 50), war("japan", "western_allies"), raised], "27.73") == ([], [])


def test_an_american_fast_carrier_before_a_war_of_sides_is_not_checked() -> None:
    cv = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cv1",
        owner="usa",
        unit_type="cv",
        factors=3,
        row="3",
        column="spring",
        sb=1,
        brps=3,
        entitlement="japanese_fast_carrier",
    )
    before = [created(), yard("us-pacific", "usa", 4, "us_box")]
    none, own, factions = three_ways(before, [cv], ("japan", "usa"), ("axis", "allies"), "27.7325")
    assert none[0] == ["us_fast_carriers"]
    assert own == ([], [])
    assert factions[0] == [] and len(factions[1]) == 1 and "Japan and the U.S." in factions[1][0]


def test_a_pre_war_transport_after_a_war_of_factions_is_not_checked() -> None:
    game = transports_game(29, 5)
    before, after = game[:3], [*game[3:], us_transport(1, "britain")]  # cash and carry before six losses (27.7322A)
    none, own, factions = three_ways(before, after, ("germany", "usa"), ("european_axis", "western_allies"), "27.7322")
    assert none[0] == ["prewar_transports"]
    assert own == ([], [])
    assert factions[0] == [] and len(factions[1]) == 1 and "Germany and the U.S." in factions[1][0]


def test_an_italian_acceleration_after_a_war_of_factions_is_not_checked() -> None:
    before: list[Event] = [
        created(),
        yard("genoa", "italy", 4),
        setup_ship("roma", "bb", 4, "4", "spring", at="genoa", owner="italy"),
    ]
    accelerated = advance("roma", "3", "winter", mode="accelerate_1", at="genoa", when=WINTER_39)
    none, own, factions = three_ways(
        before, [accelerated], ("italy", "britain"), ("european_axis", "western_allies"), "27.7272B"
    )
    assert none[0] == ["acceleration"]
    assert own == ([], [])
    assert factions[0] == [] and len(factions[1]) == 1 and "Italy and Britain" in factions[1][0]
    # a breach every reading finds is still found: a 2-factor ship is never accelerated
    small = [created(), yard("genoa", "italy", 4), setup_ship("cl", "ca", 2, "4", "spring", at="genoa", owner="italy")]
    clipped = advance("cl", "3", "winter", mode="accelerate_1", at="genoa", when=WINTER_39)
    assert judged([*small, war("european_axis", "western_allies"), clipped], "27.7272B") == (["acceleration"], [])


@pytest.mark.parametrize("ship_owner", ["britain"])
def test_a_british_repair_in_a_us_box_after_a_war_of_factions_is_not_checked(ship_owner: str) -> None:
    when = {"year": 1939, "season": "winter"}
    damaged: list[Event] = [
        placed("hood", "bc", 4, owner=ship_owner),
        make(ShipDamaged, **when, side="axis", phase="combat", ship="hood"),
        make(ShipArrivedForRepair, **when, side="allied", phase="redeployment", yard="us-atlantic", ship="hood"),
    ]
    started = make(
        ShipRepairStarted,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-atlantic",
        ship="hood",
        column="fall",
        sb=1,
        brps=3,
    )
    before = [created(), box_yard("us-atlantic", "usa", 5, "us_box")]
    none, own, factions = three_ways(
        before, [*damaged, started], ("germany", "usa"), ("european_axis", "western_allies"), "27.7264"
    )
    assert none[0] == ["repair_place_and_payer"]
    assert own == ([], [])
    assert factions[0] == [] and len(factions[1]) == 1 and "U.S. and Germany" in factions[1][0]


def test_whose_limit_a_cash_and_carry_transport_counts_against_after_a_war_of_factions_is_not_checked() -> None:
    """27.7322A charges Britain's cash-and-carry transport to the American limit only "prior to the outbreak of war
    between the U.S. and Germany". After a war of the European Axis on the Western Allies the record cannot tell
    whether that war has broken out: a U.S. limit the transport would exceed is not checked, with its reason."""
    game = transports_game(21, 6)
    over = [us_limit("britain", 0), us_limit("usa", 2), us_transport(1, "britain")]
    none, own, factions = three_ways(game, over, ("germany", "usa"), ("european_axis", "western_allies"), "27.31")
    assert none == (["construction_limit"], [])  # the U.S. limit, 27.7322A
    assert own == (["construction_limit"], [])  # Britain's own limit once the U.S.-German war began
    assert factions[0] == []
    assert factions[1] == [
        "not checked: 3 of the 3 BRPs counted this turn against the construction limit of the U.S. are British "
        "cash-and-carry transports, charged to it only before the U.S.-German war (27.7322A): the record's war is one "
        "of a faction or side, which may or may not be that war"
    ]
