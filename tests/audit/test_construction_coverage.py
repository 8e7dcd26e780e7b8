"""Construction checks of the 27-30 extract beyond costs: construction oil (27.35A-F), limits and their inputs (27.3),
location limits (27.47; DT-18), Commonwealth payers and transports (27.472-27.475), training rates (27.61), the
research-phase SW builds (27.91A). A clean case and a planted fault for each."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    BrpGrantMade,
    BrpLost,
    ConstructionLimitDeclared,
    Event,
    KeaControlChanged,
    OilEffectAccepted,
    OilExpended,
    ShipLaidDown,
    WarDeclared,
)
from tests.build import FALL, brps, built, declared, make, map_data, seqs
from tests.build import audit_check as audit
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created


def committed(faction: str, counters: int, *, side: str = "axis") -> OilExpended:
    return make(
        OilExpended,
        **FALL,
        side=side,
        phase="unit_construction",
        faction=faction,
        reserve="r",
        purpose="construction",
        amount=5 * counters,
    )


def limit(power: str, value: int, side: str = "axis", **components: int) -> ConstructionLimitDeclared:
    return make(
        ConstructionLimitDeclared,
        **FALL,
        side=side,
        phase="unit_construction",
        power=power,
        limit=value,
        components=components,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Construction oil (27.35)


@pytest.mark.plants("27-30/O-01", "27-30/O-02")
def test_oil_covers_25_brps_a_counter_shared_by_germany_and_italy() -> None:
    """DT-5: the European Axis commits oil counters; Germany and Italy draw on one amount (27.35F)."""
    events: list[Event] = [
        created(),
        committed("european_axis", 1),
        built("g-arm", "armor", 10, "EUR:L32", oil_covered_brps=20),
        built("i-inf", "infantry", 5, "EUR:Y23", owner="italy", oil_covered_brps=5),
    ]
    assert seqs(events, "oil_coverage") == []
    events.append(built("i-inf2", "infantry", 3, "EUR:Y23", owner="italy", oil_covered_brps=3))
    assert found(events, "oil_coverage") == [
        (
            5,
            "i-inf2 claims 3 BRPs covered by oil; European Axis committed 1 counter(s) and 0 fifth(s) to construction "
            "this turn, covering 25 BRPs at 25 a counter (Germany and Italy share it, 27.35F), 25 of them already "
            "used (27.35A-B)",
        )
    ]
    assert seqs([created(), committed("european_axis", 2), *events[2:]], "oil_coverage") == []


@pytest.mark.plants("27-30/O-04")
def test_oil_counters_do_not_raise_the_limit() -> None:
    events: list[Event] = [
        created(),
        brps("germany", 30),
        committed("european_axis", 4),
        built("g-aaf", "aaf", 4, "EUR:L32", oil_covered_brps=12),
    ]
    assert [f.check for f in audit(events, None, "construction_limit").findings] == ["construction_limit"]


def test_britain_accepting_the_construction_oil_effect_after_using_a_counter() -> None:
    accepted = make(
        OilEffectAccepted,
        **FALL,
        side="allied",
        phase="unit_construction",
        faction="western_allies",
        domain="europe",
        service="construction",
    )
    assert seqs([created(), accepted], "construction_oil_effect") == []
    assert seqs([created(), committed("western_allies", 1, side="allied"), accepted], "construction_oil_effect") == [3]


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits and their inputs (27.32-27.34)


@pytest.mark.plants("L-03")
def test_box_reductions_are_capped() -> None:
    """27.331B, 27.333: bombing at the Australia box reduces the British limit by at most 3 a turn."""
    bombed = make(
        BrpLost, **FALL, side="axis", phase="combat", power="britain", amount=30, cause="bombing", target="australia"
    )
    events: list[Event] = [created(), brps("britain", 120), bombed]
    assert seqs([*events, limit("britain", 37, side="allied")], "limit_declared") == []
    assert seqs([*events, limit("britain", 30, side="allied")], "limit_declared") == [4]


@pytest.mark.plants("L-05")
def test_dt3_grants_move_both_limits_but_not_for_the_commonwealth() -> None:
    to_russia = make(
        BrpGrantMade, **FALL, side="allied", phase="unit_construction", donor="britain", recipient="russia", amount=10
    )
    to_australia = make(
        BrpGrantMade, **FALL, side="allied", phase="unit_construction", donor="usa", recipient="australia", amount=10
    )
    base: list[Event] = [created(), brps("britain", 125), brps("usa", 90)]
    assert seqs([*base, to_russia, limit("britain", 38, side="allied")], "limit_declared") == []
    assert seqs([*base, to_australia, limit("britain", 41, side="allied")], "limit_declared") == []
    assert seqs([*base, to_australia, limit("britain", 44, side="allied")], "limit_declared") == [5]


@pytest.mark.plants("L-06")
def test_the_commonwealth_portion_stays_in_the_british_base() -> None:
    lost = make(
        KeaControlChanged,
        **FALL,
        phase="combat",
        kea="london",
        original_owner="britain",
        controller="germany",
        value=100,
    )
    events: list[Event] = [created(), brps("britain", 120), lost]
    assert seqs([*events, limit("britain", 13, side="allied")], "limit_declared") == []
    assert seqs([*events, limit("britain", 6, side="allied")], "limit_declared") == [4]


@pytest.mark.plants("L-07")
def test_no_economic_preparation_in_the_classic_game() -> None:
    events: list[Event] = [created(), brps("germany", 150)]
    assert seqs([*events, limit("germany", 50)], "limit_declared") == []
    assert seqs([*events, limit("germany", 53, econ_prep=3)], "limit_declared") == [3]


@pytest.mark.plants("L-08")
def test_v_weapons_raise_the_german_limit_this_turn() -> None:
    hit = make(
        BrpLost, **FALL, side="axis", phase="combat", power="britain", amount=6, cause="flying_bomb", attacker="germany"
    )
    events: list[Event] = [created(), brps("germany", 150), hit]
    assert seqs([*events, limit("germany", 56)], "limit_declared") == []
    assert seqs([*events, limit("germany", 50)], "limit_declared") == [4]


# ---------------------------------------------------------------------------------------------------------------------
# Location limits (27.47): DT-18


KOREA = map_data(
    [
        {"hex": "PAC:K20", "country": "korea"},
        {"hex": "PAC:K21", "country": "manchuria"},
        {"hex": "PAC:K30", "country": "japan"},
        {"hex": "PAC:A23", "country": "russia", "area": "siberia"},
    ]
)


@pytest.mark.plants("L-09")
def test_dt18_korea_and_manchuria_and_the_commonwealth_limits() -> None:
    """DT-18: 2 infantry factors in Korea and 2 in Manchuria in one turn: illegal (3 in all); armor in Korea:
    illegal; Japan's home islands do not count."""
    setup: list[Event] = [created(), declared(KOREA)]
    two = built("j1", "infantry", 2, "PAC:K20", owner="japan")
    more = built("j2", "infantry", 2, "PAC:K21", owner="japan")
    home = built("j3", "infantry", 3, "PAC:K30", owner="japan")
    assert found([*setup, two, home, more], "location_limits", KOREA) == [
        (5, "j2 (a 2-factor infantry unit): too many infantry factors in korea_manchuria this turn (27.471)")
    ]
    armor = built("j4", "armor", 1, "PAC:K20", owner="japan")
    assert seqs([*setup, armor], "location_limits", KOREA) == [3]
    siberia = [built(f"r{i}", "infantry", 2, "PAC:A23", owner="russia") for i in range(4)]
    assert seqs([*setup, *siberia], "location_limits", KOREA) == [6]  # 8 BRPs > 6
    aus = [
        built(f"a{i}", "infantry", 2, "box:australia", owner="britain", nationality="commonwealth:australia")
        for i in range(2)
    ]
    assert seqs([created(), *aus], "location_limits") == [3]  # 4 infantry factors > 3
    india = [
        built("c1", "chindit", 1, "box:india", owner="britain", nationality="commonwealth:india"),
        built("i1", "infantry", 3, "box:india", owner="britain", nationality="commonwealth:india"),
        built("i2", "infantry", 1, "box:india", owner="britain", nationality="commonwealth:india"),
    ]
    assert seqs([created(), *india], "location_limits") == [4]  # the Chindit does not count (27.474D)
    assert skipped([created(), built("j5", "infantry", 1, "PAC:Q20", owner="japan")], "location_limits") == [
        "not checked: no map data for PAC:Q20 (country): the game declares no map data (no map_data_used event)"
    ]


def test_the_us_pays_for_australian_units_only_after_the_pacific_war() -> None:
    unit = built(
        "a1",
        "infantry",
        3,
        "box:australia",
        owner="britain",
        nationality="commonwealth:australia",
        payer="usa",
        transports={"pacific": 1},
    )
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="usa", brp_cost=35)
    assert seqs([created(), unit], "minor_payer") == [2]
    assert seqs([created(), war, unit], "minor_payer") == []
    france = built(
        "a2",
        "infantry",
        3,
        "box:south_africa",
        owner="britain",
        nationality="commonwealth:south_africa",
        payer="france",
    )
    assert seqs([created(), france], "minor_payer") == [2]


@pytest.mark.plants("L-11")
def test_transports_for_us_paid_commonwealth_construction() -> None:
    def sa(unit: str, factors: int, **kw: Any) -> Event:
        return built(
            unit,
            "infantry",
            factors,
            "box:south_africa",
            owner="britain",
            nationality="commonwealth:south_africa",
            payer="usa",
            **kw,
        )

    assert seqs([created(), sa("s1", 6, transports={"atlantic": 1})], "minor_transports") == [2]
    assert seqs([created(), sa("s1", 6, transports={"atlantic": 2})], "minor_transports") == []
    assert seqs([created(), sa("s1", 6, transports={"pacific": 2})], "minor_transports") == [2]
    assert skipped([created(), sa("s1", 6)], "minor_transports") == [
        "the transports used for U.S.-paid Commonwealth construction are not recorded"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Training rates (27.61)


@pytest.mark.plants("A-02")
def test_australian_naval_air_uses_the_rate_the_war_allows() -> None:
    def nas(unit: str, rate: str | None) -> Event:
        return built(
            unit, "nas", 1, "box:australia", owner="britain", nationality="commonwealth:australia", naval_air_rate=rate
        )

    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="usa", brp_cost=35)
    assert seqs([created(), nas("n1", "britain")], "naval_air_rate") == []
    assert seqs([created(), war, nas("n1", "britain")], "naval_air_rate") == [3]
    assert seqs([created(), nas("n1", "usa")], "naval_air_rate") == [2]
    assert seqs([created(), nas("n1", "britain"), nas("n2", "britain"), nas("n3", "britain")], "naval_air_rate") == [4]
    assert skipped([created(), nas("n1", "australia")], "naval_air_rate") == [
        "Australian naval air on Australia's own training rate, which the rules do not give"
    ]


@pytest.mark.plants("A-03")
def test_cves_within_the_training_rate() -> None:
    def cve(n: int, owner: str = "usa") -> ShipLaidDown:
        return make(
            ShipLaidDown,
            **FALL,
            side="allied",
            phase="unit_construction",
            yard="us_atlantic",
            ship=f"cve-{n}",
            owner=owner,
            unit_type="cve",
            factors=1,
            row="launch",
            column="winter",
            sb=1,
            brps=3,
        )

    assert seqs([created(), *(cve(n) for n in range(4))], "cve_rate") == []
    assert seqs([created(), *(cve(n) for n in range(5))], "cve_rate") == [6]
    assert seqs([created(), *(cve(n, "britain") for n in range(3))], "cve_rate") == [4]


# ---------------------------------------------------------------------------------------------------------------------
# Research-phase SW builds (27.91A)


@pytest.mark.plants("I-04")
def test_the_axis_place_research_builds_first() -> None:
    def research(unit: str, owner: str) -> Event:
        return built(
            unit,
            "interceptor",
            1,
            "sw:atlantic",
            owner=owner,
            phase="research",
            side=None,
            inverted=False,
            when={"year": 1941, "season": "spring"},
        )

    assert seqs([created(), research("g", "germany"), research("b", "britain")], "research_build_order") == []
    assert seqs([created(), research("b", "britain"), research("g", "germany")], "research_build_order") == [3]
    over = [
        created(),
        brps("germany", 9, when={"year": 1941, "season": "spring"}),
        research("g", "germany"),
        research("g2", "germany"),
    ]
    assert [f.seq for f in audit(over, None, "construction_limit").findings] == [4]  # counted against the limit


@pytest.mark.plants("27-30/O-06")
def test_the_oil_committed_to_construction_exists_in_the_reserve() -> None:
    """O-06 (33.5): the counters committed to construction come out of the faction's reserve; the check lives in the
    oil family (``oil_available``)."""
    from awaw_events.events import OilReserveDefined, OilTrackingStarted

    reserve = make(
        OilReserveDefined, **FALL, phase="setup", reserve="r", faction="european_axis", location="EUR:L32", maximum=50
    )
    started = make(OilTrackingStarted, **FALL, phase="setup", reserve="r", trigger="start", initial=10)
    assert seqs([created(), reserve, started, committed("european_axis", 2)], "oil_available") == []
    assert seqs([created(), reserve, started, committed("european_axis", 3)], "oil_available") == [4]
