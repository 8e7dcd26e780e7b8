"""The naval construction and repair items of the 27-30 extract (2.6) the first naval tests leave unplanted, and the
derived cases DT-10 to DT-12: each fault planted and found, beside its clean case."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    Event,
    FrenchForcesAssigned,
    MobilizationApplied,
    PhaseStarted,
    ShipArrivedForRepair,
    ShipbuildingRateChanged,
    ShipDamaged,
    ShipDisplacedFromChart,
    ShipLaidDown,
    ShipRaised,
    ShipRepairStarted,
    ShipSunk,
    ShipyardControlChanged,
    ShipyardDefined,
    StatusChanged,
    TensionChanged,
    UnitBuilt,
    UnitPlaced,
    UnitRedeployed,
    WarDeclared,
)
from projections.game import replay
from projections.rules.naval import shipyard_capacity
from tests.audit.test_naval_checks import SPRING, advance, launch, lay, make, placed, setup_ship, yard
from tests.build import findings, run
from tests.conftest import created

SUMMER_39 = {"year": 1939, "season": "summer"}
FALL_39 = {"year": 1939, "season": "fall"}
WINTER_39 = {"year": 1939, "season": "winter"}


def box_yard(name: str, owner: str, rate: int, rule: str = "double_rate") -> ShipyardDefined:
    """A shipyard in a mapboard box (``us-atlantic`` is in ``box:us_atlantic``)."""
    return make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard=name,
        owner=owner,
        location=f"box:{name.replace('-', '_')}",
        rate=rate,
        capacity_rule=rule,
    )


def checks(events: list[Event], check: str) -> list[str]:
    """The messages of one check's findings."""
    return [m for _, c, m in findings(events) if c == check]


def built(unit: str, owner: str, unit_type: str, location: str, **fields: Any) -> UnitBuilt:
    base: dict[str, Any] = {
        "year": 1940,
        "season": "spring",
        "side": "allied",
        "phase": "unit_construction",
        "unit": unit,
        "owner": owner,
        "nationality": owner,
        "unit_type": unit_type,
        "factors": 1,
        "location": location,
        "cost": 3,
    }
    return make(UnitBuilt, **(base | fields))


def war(a: str, b: str, when: dict[str, Any] = FALL_39) -> WarDeclared:
    return make(WarDeclared, **when, side="axis", phase="diplomacy", aggressor=a, target=b, brp_cost=35)


def tension(track: str, new: int) -> TensionChanged:
    return make(TensionChanged, year=1939, season="fall", phase="setup", track=track, old=0, new=new)


# ---------------------------------------------------------------------------------------------------------------------
# Who may build what, and when (27.7221A, 27.7223, 27.61A, 27.7322)


@pytest.mark.plants("N-16", "N-17", "A-03")
def test_cves_and_japanese_destroyers() -> None:
    us = box_yard("us-atlantic", "usa", 12, "us_box")
    cve = lay("cve1", "cve", 5, "launch", "summer", at="us-atlantic", owner="usa", sb=5, brps=15, side="allied")
    british = lay("cve2", "cve", 1, "launch", "summer", at="us-atlantic", owner="britain", side="allied")
    events: list[Event] = [created(), us, tension("usat", 30), cve, british]
    found = findings(events, "27.722")
    assert [c for _, c, _ in found] == ["naval_build_type", "cve_training_rate"]
    assert "USAT too low for usa CVEs" in found[0][2]
    assert "its naval air training rate, 4" in found[1][2]
    assert findings([created(), us, tension("usat", 35), british], "27.722") == []
    tokyo = yard("tokyo", "japan", 3)
    early = lay("jdd", "dd", 1, "launch", "fall", when=SUMMER_39, at="tokyo", owner="japan")
    assert checks([created(), tokyo, early], "naval_build_type") == [
        "Japan builds destroyer jdd: Japan may not build destroyers before Fall 1939 (27.7221A)"
    ]
    on_time = lay("jdd", "dd", 1, "launch", "winter", when=FALL_39, at="tokyo", owner="japan")
    assert checks([created(), tokyo, on_time], "naval_build_type") == []


def us_transport(box: str, when: dict[str, Any], unit: str = "tr1") -> UnitBuilt:
    yard_id = box.removeprefix("box:").replace("_", "-")
    return built(unit, "usa", "transport", box, **when, yard=yard_id, sb=1, payer="usa")


@pytest.mark.plants("N-50", "N-53")
def test_us_transports_from_fall_1939_and_pacific_rebuilds() -> None:
    atlantic = yard("us-atlantic", "usa", 2, "us_box")
    pacific = yard("us-pacific", "usa", 2, "us_box")
    early = checks(
        [created(), atlantic, tension("usat", 30), us_transport("box:us_atlantic", SUMMER_39)], "prewar_transports"
    )
    assert len(early) == 1 and "no U.S. transports before Fall 1939" in early[0]
    base: list[Event] = [created(), atlantic, pacific, war("japan", "usa")]
    spring = {"year": 1940, "season": "spring"}
    assert checks([*base, us_transport("box:us_pacific", spring)], "prewar_transports") == []
    in_atlantic = checks([*base, us_transport("box:us_atlantic", spring)], "prewar_transports")
    assert len(in_atlantic) == 1 and "U.S. pays more than USAT - 25" in in_atlantic[0]


# ---------------------------------------------------------------------------------------------------------------------
# Repairs: captured yards, the Pacific, raising, where and who pays (27.713, 27.7263-27.7266)


def damaged_then_repaired(ship: str, owner: str, at: str, **repair_fields: Any) -> list[Event]:
    winter = {"year": 1939, "season": "winter"}
    return [
        make(
            UnitPlaced,
            year=1939,
            season="fall",
            phase="setup",
            unit=ship,
            owner=owner,
            nationality=owner,
            unit_type="ca",
            factors=2,
            location="EUR:H20",
        ),
        make(ShipDamaged, **winter, side="axis", phase="combat", ship=ship),
        make(ShipArrivedForRepair, **winter, side="allied", phase="redeployment", ship=ship, yard=at),
        make(
            ShipRepairStarted,
            **SPRING,
            side="allied",
            phase="unit_construction",
            ship=ship,
            yard=at,
            column="summer",
            **repair_fields,
        ),
    ]


@pytest.mark.plants("N-12")
def test_captured_yards_repair_only_after_the_owner_surrendered() -> None:
    captured = make(
        ShipyardControlChanged,
        **WINTER_39,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    events = [created(), yard(), captured, *damaged_then_repaired("rus-ca", "russia", "kiel")]
    found = checks(events, "captured_yard")
    assert found == [
        "kiel is a captured shipyard: it repairs only once its original owner, Germany, has surrendered (27.713)"
    ]
    surrendered = make(
        StatusChanged, **WINTER_39, side="allied", phase="combat", country="germany", status="surrendered"
    )
    assert (
        checks(
            [created(), yard(), captured, surrendered, *damaged_then_repaired("rus-ca", "russia", "kiel")],
            "captured_yard",
        )
        == []
    )


@pytest.mark.plants("N-34")
def test_russian_ships_in_the_pacific_are_not_repaired() -> None:
    pacific = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="vladivostok",
        owner="russia",
        location="PAC:F30",
        rate=1,
    )
    found = checks([created(), pacific, *damaged_then_repaired("rus-ca", "russia", "vladivostok")], "repair_allowed")
    assert found == ["rus-ca: Russian ships in the Pacific may not be repaired (27.7266B)"]
    leningrad = yard("leningrad", "russia", 1)
    assert (
        checks([created(), leningrad, *damaged_then_repaired("rus-ca", "russia", "leningrad")], "repair_allowed") == []
    )


@pytest.mark.plants("N-36")
def test_raising_in_the_unit_construction_phase_with_sb_of_the_right_theater() -> None:
    us = yard("us-atlantic", "usa", 2, "us_box")
    ship = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="arizona",
        owner="usa",
        nationality="usa",
        unit_type="bb",
        factors=4,
        location="PAC:K40",
    )
    sunk = make(ShipSunk, **SPRING, side="axis", phase="combat", ship="arizona", in_port=True)
    raised = make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="us-atlantic", ship="arizona")
    found = checks([created(), us, ship, sunk, raised], "raise_ship")
    assert found == [
        "American Atlantic shipbuilding may only raise ships in the european theater; arizona lies in "
        "the pacific theater (27.7263)"
    ]
    pacific = yard("us-pacific", "usa", 2, "us_box")
    right = make(ShipRaised, **SPRING, side="allied", phase="unit_construction", yard="us-pacific", ship="arizona")
    assert checks([created(), pacific, ship, sunk, right], "raise_ship") == []
    moving = make(ShipRaised, **SPRING, side="allied", phase="movement", yard="us-pacific", ship="arizona")
    assert checks([created(), pacific, ship, sunk, moving], "raise_ship") == [
        "arizona is raised in the movement phase; ships are raised during a unit construction phase (27.7262)"
    ]


@pytest.mark.plants("N-05")
def test_who_pays_a_repair() -> None:
    glasgow = yard("glasgow", "britain", 4)
    right = damaged_then_repaired("york", "britain", "glasgow", payer="britain")
    assert checks([created(), glasgow, *right], "repair_place_and_payer") == []
    wrong = damaged_then_repaired("york", "britain", "glasgow", payer="usa")
    assert checks([created(), glasgow, *wrong], "repair_place_and_payer") == [
        "the repair of york at glasgow is paid by Britain: the shipyard's owner, or the ship's owner in a captured "
        "shipyard (27.7264)"
    ]
    captured = make(
        ShipyardControlChanged,
        **WINTER_39,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    surrendered = make(
        StatusChanged, **WINTER_39, side="allied", phase="combat", country="germany", status="surrendered"
    )
    by_yard_owner = damaged_then_repaired("rus-ca", "russia", "kiel", payer="germany")
    assert checks([created(), yard(), captured, surrendered, *by_yard_owner], "repair_place_and_payer") == [
        "the repair of rus-ca at kiel is paid by Russia: the shipyard's owner, or the ship's owner in a captured "
        "shipyard (27.7264)"
    ]


@pytest.mark.plants("N-05")
def test_vichy_repairs_at_marseilles_cost_no_brps_until_vichy_associates() -> None:
    marseilles = yard("marseilles", "france", 1)
    placed_ = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="dunkerque",
        owner="france",
        nationality="france",
        unit_type="bc",
        factors=3,
        location="EUR:V21",
    )
    vichy = make(FrenchForcesAssigned, **WINTER_39, side="allied", phase="end_of_player_turn", vichy=["dunkerque"])

    def game(brps: int, *extra: Event) -> list[Event]:
        return [
            created(),
            marseilles,
            placed_,
            vichy,
            *extra,
            make(ShipDamaged, **WINTER_39, side="axis", phase="combat", ship="dunkerque"),
            make(
                ShipArrivedForRepair,
                **WINTER_39,
                side="allied",
                phase="redeployment",
                ship="dunkerque",
                yard="marseilles",
            ),
            make(
                ShipRepairStarted,
                **SPRING,
                side="allied",
                phase="unit_construction",
                ship="dunkerque",
                yard="marseilles",
                column="fall",
                sb=1,
                brps=brps,
            ),
        ]

    assert checks(game(0), "repair_cost") == []
    assert checks(game(3), "repair_cost") == [
        "starting the repair of dunkerque (bc) costs 1 SB + 0 BRPs, not 1 SB + 3 BRPs (27.7267)"
    ]
    activated = make(StatusChanged, **WINTER_39, side="axis", phase="diplomacy", country="vichy", status="activated")
    assert checks(game(3, activated), "repair_cost") == []


def test_repair_locations() -> None:
    glasgow = yard("glasgow", "britain", 4)
    us = box_yard("us-atlantic", "usa", 2, "us_box")
    german = damaged_then_repaired("ger-ca", "germany", "glasgow")
    assert checks([created(), glasgow, *german], "repair_place_and_payer") == [
        "ger-ca (Germany) may not be repaired at glasgow: repairs only in a port controlled by the owner's alliance "
        "faction (27.7264)"
    ]
    british = damaged_then_repaired("york", "britain", "us-atlantic")
    assert checks([created(), us, *british], "repair_place_and_payer") == [
        "york (Britain) may not be repaired at us-atlantic: the U.S. boxes repair other WA ships once the U.S. is at "
        "war (27.7264)"
    ]
    assert checks([created(), us, war("germany", "usa"), *british], "repair_place_and_payer") == []


# ---------------------------------------------------------------------------------------------------------------------
# Rates, where ships are built, American fast carriers, Australia, minor countries


def test_shipbuilding_rate_changes() -> None:
    def change(at: str, rate: int, cause: str) -> ShipbuildingRateChanged:
        return make(ShipbuildingRateChanged, **SPRING, side="allied", phase="research", yard=at, rate=rate, cause=cause)

    leningrad, us = yard("leningrad", "russia", 1), yard("us-pacific", "usa", 1, "us_box")
    assert checks([created(), leningrad, change("leningrad", 2, "rp")], "rate_change") == [
        "leningrad (Russia): russia's shipbuilding rate may not be increased (27.731)"
    ]
    assert len(checks([created(), us, change("us-pacific", 2, "rp")], "rate_change")) == 1
    assert len(checks([created(), us, change("us-pacific", 2, "production")], "rate_change")) == 1
    assert checks([created(), us, tension("usjt", 50), change("us-pacific", 2, "production")], "rate_change") == []
    assert len(checks([created(), yard(), change("kiel", 5, "gift")], "rate_change")) == 1
    mobilized = make(
        MobilizationApplied,
        **SPRING,
        side="allied",
        phase="diplomacy",
        power="usa",
        shipbuilding_increase=2,
        yard="us-pacific",
    )
    assert checks([created(), us, mobilized], "rate_change") == [
        "us-pacific (the U.S.): one shipbuilding point per mobilization (27.7321A)"
    ]
    report = run([created(), yard(), change("kiel", 3, "other")], "27.731")
    assert report.findings == () and report.skipped


def test_where_ships_are_built() -> None:
    assert len(checks([created(), built("sub", "germany", "submarine", "box:canada")], "build_location")) == 1
    assert checks([created(), built("asw", "britain", "asw", "box:canada")], "build_location") == []
    canada = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="canada",
        owner="britain",
        location="box:canada",
        rate=2,
    )
    bb = lay("bb", "bb", 3, "3", "spring", at="canada", owner="britain", side="allied")
    assert len(checks([created(), canada, bb], "build_location")) == 1
    dd = lay("dd", "dd", 1, "launch", "summer", at="canada", owner="britain", side="allied")
    assert checks([created(), canada, dd], "build_location") == []
    report = run([created(), built("sub", "britain", "submarine", "EUR:H20")], "27.711")
    assert report.findings == () and any("no map data for EUR:H20" in s.reason for s in report.skipped)


@pytest.mark.plants("N-18", "N-19")
def test_australian_cap_and_minor_country_ships() -> None:
    australia = make(
        ShipyardDefined,
        year=1939,
        season="fall",
        phase="setup",
        yard="australia",
        owner="britain",
        location="box:australia",
        rate=2,
    )
    aus_dd = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="aus-dd",
        owner="britain",
        nationality="commonwealth:australia",
        unit_type="dd",
        factors=2,
        location="box:australia",
    )
    dd = lay("aus-dd-2", "dd", 1, "launch", "summer", at="australia", owner="britain", side="allied")
    assert checks([created(), australia, aus_dd, dd], "australian_cap") == [
        "Australia would have 3 destroyer factors in play; no more than 2 may be (27.712D, 27.473B)"
    ]
    assert checks([created(), australia, dd], "australian_cap") == []
    assert checks(
        [created(), built("rum-sub", "germany", "submarine", "EUR:X40", nationality="rumania")], "minor_naval_rebuild"
    ) == [
        "submarine rum-sub is a rumania naval unit: minor-country naval units may not be rebuilt, except Australian "
        "cruisers and destroyers (27.22C)"
    ]
    aus_ca = built("aus-ca", "britain", "ca", "box:australia", nationality="commonwealth:australia", factors=2)
    assert checks([created(), aus_ca], "minor_naval_rebuild") == []


def test_american_fast_carriers_before_war_with_japan() -> None:
    us = yard("us-pacific", "usa", 4, "us_box")
    tokyo = yard("tokyo", "japan", 3)
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
    found = checks([created(), us, cv], "us_fast_carriers")
    assert found == [
        "cv1 would be American fast carrier 1 laid down for japanese fast carriers, but only 0 were laid "
        "down (27.7325C, 27.733)"
    ]
    japanese = lay("shokaku", "cv", 3, "3", "winter", when=WINTER_39, at="tokyo", owner="japan")
    assert checks([created(), us, tokyo, japanese, cv], "us_fast_carriers") == []
    cvl = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cvl1",
        owner="usa",
        unit_type="cvl",
        factors=2,
        row="2",
        column="spring",
        sb=1,
        brps=3,
        entitlement="japanese_fast_carrier",
    )
    assert any("one CV" in m for m in checks([created(), us, tokyo, japanese, cvl], "us_fast_carriers"))
    unnamed = make(
        ShipLaidDown,
        **SPRING,
        side="allied",
        phase="unit_construction",
        yard="us-pacific",
        ship="cv2",
        owner="usa",
        unit_type="cv",
        factors=3,
        row="3",
        column="spring",
        sb=1,
        brps=3,
    )
    report = run([created(), us, unnamed], "27.7325")
    assert report.findings == () and any("names no entitlement" in s.reason for s in report.skipped)
    assert checks([created(), us, war("japan", "usa"), cv], "us_fast_carriers") == []


# ---------------------------------------------------------------------------------------------------------------------
# Ships on a chart, sunk in port, displaced (27.7262, 27.71, 27.7281-27.7283)


def redeploy(unit: str, when: dict[str, Any] = SPRING) -> UnitRedeployed:
    return make(
        UnitRedeployed,
        **when,
        side="axis",
        phase="redeployment",
        unit=unit,
        kind="NR",
        origin="EUR:J30",
        destination="EUR:H31",
    )


@pytest.mark.plants("N-37", "N-40")
def test_ships_on_a_chart_and_sunk_in_port_do_not_move() -> None:
    events = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter"), redeploy("bismarck")]
    assert checks(events, "chart_ships_stay") == [
        "bismarck is on row 3 of kiel's chart: ships under construction or repair never move or redeploy (27.7282; "
        "rows 2 and Launch leave only when displaced)"
    ]
    lutzow = make(
        UnitPlaced,
        year=1939,
        season="fall",
        phase="setup",
        unit="lutzow",
        owner="germany",
        nationality="germany",
        unit_type="pb",
        factors=2,
        location="EUR:J30",
    )
    sunk = make(ShipSunk, **WINTER_39, side="allied", phase="combat", ship="lutzow", in_port=True)
    assert checks([created(), lutzow, sunk, redeploy("lutzow")], "chart_ships_stay") == [
        "lutzow was sunk in port and has not been raised: it may not move (27.7262)"
    ]
    damaged = make(ShipDamaged, **WINTER_39, side="allied", phase="combat", ship="lutzow")
    waiting = make(ShipArrivedForRepair, **WINTER_39, side="axis", phase="redeployment", ship="lutzow", yard="kiel")
    assert checks([created(), yard(), lutzow, damaged, waiting, redeploy("lutzow")], "chart_ships_stay") == []


@pytest.mark.plants("N-42")
def test_ships_on_a_chart_are_only_bombed_and_damaged_ships_are_sunk() -> None:
    base = [created(), yard(), setup_ship("bismarck", "bb", 4, "3", "winter")]

    def sunk(cause: str) -> ShipSunk:
        return make(ShipSunk, **SPRING, side="allied", phase="combat", ship="bismarck", cause=cause)

    assert checks([*base, sunk("strategic_bombing")], "chart_ships_attacked") == []
    assert checks([*base, sunk("naval_combat")], "chart_ships_attacked") == [
        "bismarck is under construction or repair on kiel's chart: it may only be attacked by strategic bombing "
        "(27.7283, 26.76)"
    ]
    renown = [
        created(),
        yard("glasgow", "britain", 4),
        placed("renown", "bc", 3),
        make(ShipDamaged, **WINTER_39, side="axis", phase="movement", ship="renown"),
        make(ShipArrivedForRepair, **WINTER_39, side="allied", phase="movement", ship="renown", yard="glasgow"),
    ]
    again = make(ShipDamaged, **SPRING, side="axis", phase="combat", ship="renown")
    assert len(checks([*renown, again], "chart_ships_attacked")) == 1
    assert (
        checks([*renown, make(ShipSunk, **SPRING, side="axis", phase="combat", ship="renown")], "chart_ships_attacked")
        == []
    )


def test_displacement_and_captured_charts() -> None:
    base = [
        created(),
        yard(rate=4),
        setup_ship("bismarck", "bb", 4, "3", "winter"),
        setup_ship("ger-ca", "ca", 2, "2", "spring"),
    ]

    def displaced(ship: str, reason: str, destroyed: bool) -> ShipDisplacedFromChart:
        return make(
            ShipDisplacedFromChart,
            **SPRING,
            side="allied",
            phase="combat",
            ship=ship,
            yard="kiel",
            reason=reason,
            destroyed=destroyed,
        )

    assert len(checks([*base, displaced("bismarck", "port_occupied", False)], "displacement")) == 1
    assert len(checks([*base, displaced("ger-ca", "yard_captured", True)], "displacement")) == 1
    captured = make(
        ShipyardControlChanged,
        **SPRING,
        side="allied",
        phase="combat",
        yard="kiel",
        controller="russia",
        mode="captured",
    )
    cleared = [
        *base,
        captured,
        displaced("bismarck", "yard_captured", True),
        displaced("ger-ca", "yard_captured", False),
    ]
    next_phase = make(PhaseStarted, **SPRING, side="allied", phase="exploitation")
    assert findings([*cleared, next_phase], "27.71") == []
    left = checks([*base, captured, displaced("ger-ca", "yard_captured", False), next_phase], "captured_chart_cleared")
    assert len(left) == 1 and left[0].startswith("bismarck is still on kiel's chart")


# ---------------------------------------------------------------------------------------------------------------------
# DT-10 to DT-12


@pytest.mark.plants("N-03")
@pytest.mark.parametrize(("rate", "capacity"), [(1, 10), (5, 10), (6, 12)])
def test_dt10_us_box_capacity(rate: int, capacity: int) -> None:
    assert shipyard_capacity(rate, "us_box") == capacity
    us = yard("us-atlantic", "usa", rate, "us_box")
    ships = [setup_ship(f"dd{n}", "dd", 1, "launch", "spring", at="us-atlantic", owner="usa") for n in range(capacity)]
    extra = lay("dd-x", "dd", 1, "launch", "summer", at="us-atlantic", owner="usa", side="allied")
    found = checks([created(), us, *ships[:-1], extra], "yard_capacity")
    assert found == []
    assert checks([created(), us, *ships, extra], "yard_capacity") == [
        f"us-atlantic's chart now holds {capacity + 1} ships; its capacity is {capacity} (27.741; launches earlier in "
        "the phase free space, 27.742)"
    ]


def spring(year: int) -> dict[str, Any]:
    return {"year": year, "season": "spring"}


def fall(year: int) -> dict[str, Any]:
    return {"year": year, "season": "fall"}


@pytest.mark.plants("N-22", "N-04")
def test_dt11_a_five_factor_ship_in_sixteen_turns() -> None:
    events: list[Event] = [created(), yard(), lay("h", "bb", 5, "5", "spring", when=spring(1940))]
    for year, row in ((1941, "4"), (1942, "3"), (1943, "2")):
        events.append(advance("h", row, "spring", when=spring(year)))
    events.append(launch("h", when=spring(1944), paid=True))
    assert findings(events, "27.7") == []
    state = replay(events)
    assert (state.naval.sb_total["kiel"], state.naval.brps_total["kiel"]) == (5, 15)
    assert state.naval.ships["h"].status == "launched"
    skipped = [*events[:4], advance("h", "3", "spring", when=spring(1942), mode="accelerate_1", brps=3)]
    assert sorted(c for _, c, _ in findings(skipped, "27.7")) == ["advance_cell", "advance_cost"]


@pytest.mark.plants("N-23", "N-04")
def test_dt12_knights_moves_take_ten_turns_and_33_brps() -> None:
    events: list[Event] = [
        created(),
        yard(),
        lay("h", "bb", 5, "5", "spring", when=spring(1940)),
        advance("h", "4", "fall", mode="accelerate_2", when=spring(1941)),
        advance("h", "3", "spring", mode="accelerate_2", when=fall(1941)),
        advance("h", "2", "fall", mode="accelerate_2", when=spring(1942)),
        launch("h", when=fall(1942), paid=True),
    ]
    assert findings(events, "27.7") == []
    assert replay(events).naval.brps_total["kiel"] == 33
    cheap = [*events[:4], advance("h", "3", "spring", mode="accelerate_2", when=fall(1941), brps=6)]
    assert [c for _, c, _ in findings(cheap, "27.7")] == ["advance_cost"]
