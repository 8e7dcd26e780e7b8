"""Redeployment (28), railheads (28.65) and inversion (27.8, 28.8; A3R option 13): a clean case and a planted fault for
each check, the 28.81 worked examples EX-I1..EX-I3 and the derived case DT-17 (27-30 extract 6.5, 6.14)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    AirMissionFlown,
    CounterRemoved,
    Event,
    OilEffectAccepted,
    OverrunResolved,
    RailheadBuilt,
    ResearchResult,
    StatusChanged,
    UnitMoved,
    WarDeclared,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.base import UnitFactors
from tests.build import (
    FALL,
    SPRING,
    WINTER,
    built,
    controlled,
    declared,
    eliminated,
    ended,
    make,
    map_data,
    mission,
    moved,
    placed,
    seqs,
    supplied,
    uninverted,
)
from tests.build import audit_check as audit
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created

A3R = {"rules": "a3r"}

# ---------------------------------------------------------------------------------------------------------------------
# The phase and its segments (28.11-28.13, 28.31)


@pytest.mark.plants("R-01", "R-02", "C-RED-1")
def test_redeployment_phase_and_segment_order() -> None:
    events: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:K30"),
        moved("g1", "SR", "EUR:K30", "EUR:L32", phase="movement"),
        moved("g1", "NR", "EUR:K30", "EUR:L33", segment="NR"),
        moved("g1", "TR", "EUR:L33", "EUR:L34", segment="TR2"),
        moved("g2", "TR", "EUR:K30", "EUR:L33", segment="TR1"),
        moved("g3", "TR", "EUR:K30", "EUR:L33", segment="TR2"),
    ]
    assert seqs(events, "redeployment_phase") == [3]
    assert found(events, "redeployment_segments") == [
        (6, "g2 redeploys in segment TR1 after segment TR2 has begun (28.13, 28.31)"),
        (7, "g3: final TRs only by units that NRed or SRed this phase (28.315)"),
    ]
    assert seqs(events[:5], "redeployment_segments") == []


@pytest.mark.plants("R-02")
def test_an_sr_before_the_nrs_is_followed_by_the_units_nr() -> None:
    base: list[Event] = [created(), placed("g1", "infantry", 3, "EUR:K30"), placed("g2", "infantry", 3, "EUR:K31")]
    sr_b = moved("g1", "SR", "EUR:K30", "EUR:L32", segment="SR_pre_NR")
    nr = moved("g1", "NR", "EUR:L32", "EUR:N22", segment="NR")
    later = moved("g2", "SR", "EUR:K31", "EUR:L33", segment="SR")
    assert seqs([*base, sr_b, nr, later, ended()], "sr_then_nr") == []
    assert found([*base, sr_b, later, ended()], "sr_then_nr") == [
        (5, "g1 SRed in segment B, which only units about to NR may do, and did not NR (28.312)")
    ]
    assert seqs([*base, sr_b, ended()], "sr_then_nr") == [5]  # no later segment: judged at the end of the turn


@pytest.mark.plants("R-26")
def test_redeployment_eliminations_are_recorded_as_voluntary() -> None:
    events: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("g2", "infantry", 3, "EUR:K31"),
        eliminated("g1", "voluntary", phase="redeployment"),
        eliminated("g2", "combat", phase="redeployment"),
    ]
    assert seqs(events, "redeployment_eliminations") == [5]


# ---------------------------------------------------------------------------------------------------------------------
# Who may redeploy (28.22; A3R 28.22)


@pytest.mark.plants("R-03", "C-RED-2")
def test_ineligible_units_do_not_redeploy() -> None:
    setup: list[Event] = [
        created(**A3R),
        placed("part", "partisan", 1, "EUR:K30", owner="britain"),
        placed("iso", "infantry", 3, "EUR:K31"),
        placed("swe", "infantry", 3, "EUR:K32", owner="germany", nationality="sweden"),
        placed("part2", "infantry", 3, "EUR:K33"),
        placed("ok", "infantry", 3, "EUR:K34"),
        placed("oil", "infantry", 3, "EUR:K35"),
        make(StatusChanged, **FALL, phase="setup", country="sweden", status="neutral"),
        supplied("european_axis", {"iso": "isolated", "part2": "partial", "ok": "full", "oil": "full", "swe": "full"}),
        make(
            OilEffectAccepted,
            **FALL,
            side="axis",
            phase="oil_adjustment",
            faction="european_axis",
            domain="europe",
            service="army",
            units=["oil"],
        ),
    ]
    events = [
        *setup,
        moved("iso", "SR", "EUR:K31", "EUR:L32"),
        moved("swe", "SR", "EUR:K32", "EUR:L33"),
        moved("part2", "NR", "EUR:K33", "EUR:N22"),
        moved("ok", "NR", "EUR:K34", "EUR:N22"),
        moved("oil", "NR", "EUR:K35", "EUR:N22"),
        moved("part", "TR", "EUR:K30", "EUR:K29", side="allied"),
    ]
    assert [m.split(":", 1)[1].strip() for _, m in found(events, "redeployment_eligible")] == [
        "isolated units may not be redeployed (28.22A)",
        "units of a neutral minor country may not be redeployed (28.22)",
        "a partially supplied ground unit may not NR (A3R 28.22, C-RED-2)",
        "a ground unit under the army oil effect may not NR (A3R 28.22, C-RED-2)",
        "partisans may not be redeployed (28.22C)",
    ]
    assert seqs(events, "redeployment_eligible") == [11, 12, 13, 15, 16]


# ---------------------------------------------------------------------------------------------------------------------
# Paths and enemy counters (28.23-28.27, 28.321, 28.341, 28.343, 28.36)


@pytest.mark.plants("R-04.A", "R-05")
def test_redeployment_paths_through_controlled_supplied_hexes() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:K30"),
        controlled("EUR:K31", "germany"),
        controlled("EUR:K32", "france"),
        controlled("EUR:K33", "germany"),
        controlled("EUR:K34", "germany"),
        supplied("european_axis", {"EUR:K31": "full", "EUR:K33": "unsupplied"}),
        controlled("EUR:K34", "germany", cause="occupation", side="axis", phase="combat"),
    ]
    assert seqs([*setup, moved("g1", "TR", "EUR:K30", "EUR:K31")], "redeployment_path") == []
    assert found([*setup, moved("g1", "TR", "EUR:K30", "EUR:K32")], "redeployment_path") == [
        (
            9,
            "g1 redeploys through EUR:K32, controlled by france; redeployments pass only through controlled hexes "
            "(28.23, 28.342)",
        )
    ]
    assert seqs([*setup, moved("g1", "TR", "EUR:K30", "EUR:K33")], "redeployment_path") == [9]
    assert skipped([*setup, moved("g1", "TR", "EUR:K30", "EUR:K34")], "redeployment_path") == [
        "the post-combat supply of a hex taken this turn is not recorded (28.24)"
    ]
    taken_unsupplied = [*setup, supplied("european_axis", {"EUR:K34": "unsupplied"}, determination="post_combat")]
    assert seqs([*taken_unsupplied, moved("g1", "TR", "EUR:K30", "EUR:K34")], "redeployment_path") == [10]


@pytest.mark.plants("R-04.B")
def test_a_redeployment_through_an_alliance_partners_hex_is_not_judged() -> None:
    """28.23: "units may be redeployed over hexes controlled by an alliance or coalition partner if the partner
    consents": no event records the consent, so a Russian TR through a British hex is not checked; through a German
    hex it is a finding."""
    setup: list[Event] = [
        created(),
        placed("r1", "infantry", 3, "EUR:K30", owner="russia"),
        controlled("EUR:K31", "britain"),
        controlled("EUR:K32", "germany"),
        supplied("russia", {"EUR:K31": "full", "EUR:K32": "full"}, side="allied"),
    ]
    partner = [*setup, moved("r1", "TR", "EUR:K30", "EUR:K31", side="allied")]
    assert seqs(partner, "redeployment_path") == []
    assert skipped(partner, "redeployment_path") == [
        "EUR:K31 is held by britain, an alliance partner: whether the partner consents to a redeployment through its "
        "hexes (28.23) is not recorded"
    ]
    assert seqs([*setup, moved("r1", "TR", "EUR:K30", "EUR:K32", side="allied")], "redeployment_path") == [6]


@pytest.mark.plants("R-06", "C-RED-7")
def test_no_redeployment_next_to_an_enemy_counter() -> None:
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="france", brp_cost=35)
    setup: list[Event] = [
        created(),
        war,
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("f1", "infantry", 3, "EUR:L34", owner="france"),
    ]
    sr = moved("g1", "SR", "EUR:K30", "EUR:L33")  # L33 is next to L34
    assert found([*setup, sr], "redeployment_enemy_adjacent") == [
        (5, "g1's SR passes EUR:L33, next to an enemy counter in EUR:L34 (28.25)")
    ]
    assert seqs([*setup[:1], *setup[2:], sr], "redeployment_enemy_adjacent") == []  # not at war (28.26A)
    water = map_data(hexsides=[{"between": ("EUR:L33", "EUR:L34"), "all_water": "ocean"}])
    assert seqs([*setup, declared(water), sr], "redeployment_enemy_adjacent", water) == []  # 28.26C


@pytest.mark.plants("R-07.A", "R-07.B", "C-RED-6")
def test_nr_ports_and_straits() -> None:
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="britain", brp_cost=35)
    setup: list[Event] = [
        created(**A3R),
        war,
        placed("dd", "dd", 1, "EUR:N22", owner="britain"),
        placed("sub", "submarine", 1, "EUR:AA8", owner="britain"),
        placed("g1", "infantry", 3, "EUR:N23"),
        controlled("EUR:AA7", "germany"),
    ]
    assert found([*setup, moved("dd", "NR", "EUR:N22", "EUR:M20", side="allied")], "nr_ports_and_straits") == [
        (7, "dd's NR begins or ends at EUR:N22, next to an enemy counter in EUR:N23 (28.27)")
    ]
    through = moved("dd", "NR", "EUR:M20", "EUR:CC10", side="allied", path=["EUR:AA7"])
    assert [m for _, m in found([*setup, through], "nr_ports_and_straits")] == [
        "dd's NR passes the gibraltar: EUR:AA7 must be friendly (A3R 28.514B); it is held by european_axis"
    ]
    sub = moved("sub", "NR", "EUR:AA8", "EUR:CC10", side="allied", path=["EUR:AA7"])
    assert seqs([*setup, sub], "nr_ports_and_straits") == []  # submarines are exempt


@pytest.mark.plants("R-11")
def test_ground_units_cross_water_only_escorted() -> None:
    water = map_data(hexsides=[{"between": ("EUR:K30", "EUR:K31"), "all_water": "ocean"}])
    setup: list[Event] = [created(), declared(water), placed("g1", "infantry", 3, "EUR:K30")]
    assert found([*setup, moved("g1", "TR", "EUR:K30", "EUR:K31")], "ground_over_water", water) == [
        (4, "ground unit g1 crosses the all-water hexside EUR:K30|EUR:K31 without sea escort or air transport (28.321)")
    ]
    assert seqs([*setup, moved("g1", "NR", "EUR:K30", "EUR:K31", nr="n1")], "ground_over_water", water) == []


@pytest.mark.plants("R-13")
def test_naval_air_does_not_fly_to_a_carrier_at_sea() -> None:
    sea = map_data([{"hex": "PAC:M20", "terrain": "sea"}, {"hex": "PAC:M22", "terrain": "clear"}])
    setup: list[Event] = [created(), declared(sea), placed("nas", "nas", 1, "PAC:M22", owner="japan")]
    assert seqs([*setup, moved("nas", "TR", "PAC:M22", "PAC:M20")], "naval_air_at_sea", sea) == [4]
    assert seqs([*setup, moved("nas", "TR", "PAC:M22", "PAC:M21")], "naval_air_at_sea", sea) == []


def test_air_range_and_naval_air_chains() -> None:
    setup: list[Event] = [created(), placed("aaf", "aaf", 3, "EUR:K30"), placed("nas", "nas", 1, "EUR:K30")]
    assert seqs([*setup, moved("aaf", "TR", "EUR:K30", "EUR:K38")], "air_range") == []
    assert found([*setup, moved("aaf", "TR", "EUR:K30", "EUR:K39")], "air_range") == [
        (4, "aaf's air TR covers 9 hexes; the limit is 8 on the European map (28.341, 28.36A)")
    ]
    chain = moved("nas", "SR", "EUR:K30", "EUR:K45", path=["EUR:K37"])
    assert seqs([*setup, chain], "air_range") == [4]


def test_air_transport_needs_an_uninverted_transport_in_the_base() -> None:
    setup: list[Event] = [
        created(),
        placed("ab", "airborne", 1, "EUR:K30"),
        placed("at", "air_transport", 1, "EUR:K30"),
        placed("at2", "air_transport", 1, "EUR:K31", inverted=True),
    ]
    assert seqs([*setup, moved("ab", "TR", "EUR:K30", "EUR:K33", air_transport="at")], "air_transport") == []
    bad = moved("ab", "TR", "EUR:K30", "EUR:K33", air_transport="at2")
    assert [m for _, m in found([*setup, bad], "air_transport")] == [
        "ab is air transported: at2 is inverted (28.36A)",
        "ab is air transported: at2 is at EUR:K31, not at EUR:K30 (28.36A)",
    ]


@pytest.mark.plants("R-15")
def test_tring_units_make_no_overruns_or_sea_transport() -> None:
    overrun = make(
        OverrunResolved,
        **FALL,
        side="axis",
        phase="redeployment",
        overrun="o1",
        units=[UnitFactors(unit="g1", factors=4)],
        target="EUR:K31",
        defence_strength=1,
        attack_strength=4,
        success=True,
    )
    setup: list[Event] = [created(), placed("g1", "armor", 4, "EUR:K30")]
    assert seqs([*setup, overrun], "tr_operations") == [3]
    assert seqs([*setup, moved("g1", "TR", "EUR:K30", "EUR:K31", nr="n1")], "tr_operations") == [3]
    assert seqs([*setup, moved("g1", "TR", "EUR:K30", "EUR:K31")], "tr_operations") == []


@pytest.mark.plants("R-16")
def test_trs_use_only_the_australia_india_and_urals_boxes() -> None:
    setup: list[Event] = [created(), placed("r1", "infantry", 3, "EUR:A62", owner="russia")]
    assert seqs([*setup, moved("r1", "TR", "EUR:A62", "box:urals", side="allied")], "tr_boxes") == []
    assert seqs([*setup, moved("r1", "TR", "EUR:A62", "box:us_atlantic", side="allied")], "tr_boxes") == [3]


@pytest.mark.plants("R-17")
def test_nrs_begin_in_ports() -> None:
    facts = map_data(
        [
            {"hex": "EUR:N22", "port": True},
            {"hex": "EUR:N23", "port": False, "island": False},
            {"hex": "EUR:M20", "port": True},
        ]
    )
    setup: list[Event] = [created(), declared(facts), placed("dd", "dd", 1, "EUR:N22", owner="britain")]
    assert seqs([*setup, moved("dd", "NR", "EUR:N22", "EUR:M20", side="allied")], "nr_origin", facts) == []
    assert seqs([*setup, moved("dd", "NR", "EUR:N23", "EUR:M20", side="allied")], "nr_origin", facts) == [4]
    unsupplied = [*setup, supplied("western_allies", {"EUR:N22": "unsupplied", "EUR:M20": "partial"}, side="allied")]
    assert seqs([*unsupplied, moved("dd", "NR", "EUR:N22", "EUR:M20", side="allied")], "nr_origin", facts) == [5]


# ---------------------------------------------------------------------------------------------------------------------
# NRs: who defends, what goes together (28.313, 28.32, 28.73D); EX-I3


@pytest.mark.plants("R-09")
def test_ex_i3_units_nred_do_not_defend_other_nrs() -> None:
    """EX-I3: an American air unit that deployed to Britain by NR in the Fall 1942 Allied redeployment phase may not
    attack Axis naval units intercepting the sea escort of an Allied unit from Britain to Norway in the same phase;
    a unit that only TRed may (28.313)."""
    when = {"year": 1942, "season": "fall"}
    setup: list[Event] = [
        created(),
        placed("us-aaf", "aaf", 3, "box:us_atlantic", owner="usa"),
        placed("bri-aaf", "aaf", 3, "EUR:M21", owner="britain"),
    ]
    deploy = moved("us-aaf", "NR", "box:us_atlantic", "EUR:M20", side="allied", when=when, segment="NR", nr="us")
    tr = moved("bri-aaf", "TR", "EUR:M21", "EUR:M20", side="allied", when=when, segment="TR1")
    defend = mission(["us-aaf"], "interception", side="allied", when=when, phase="redeployment")
    assert found([*setup, deploy, defend], "nr_defenders") == [
        (5, "us-aaf NRed in this redeployment phase and may not defend other NRs (28.313)")
    ]
    assert (
        seqs(
            [*setup, tr, mission(["bri-aaf"], "interception", side="allied", when=when, phase="redeployment")],
            "nr_defenders",
        )
        == []
    )
    assert seqs([*setup, defend, deploy], "nr_defenders") == [5]  # committed: the NR comes after it defended


@pytest.mark.plants("R-10")
def test_nr_groups_one_destination_and_escorts() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("g2", "infantry", 3, "EUR:M20", owner="britain"),
        placed("dd", "dd", 1, "EUR:M20", owner="britain"),
    ]
    one = moved("g1", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    two = moved("g2", "NR", "EUR:M20", "EUR:N23", side="allied", nr="bef")
    assert seqs([*setup, one, two], "nr_groups") == [6]
    escort = moved("dd", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef", escort=True)
    assert seqs([*setup, one, escort], "nr_groups") == []
    alone = moved("dd", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    assert found([*setup, one, alone], "nr_groups") == [
        (
            6,
            "naval unit dd NRs on its own in bef, which carries ground or air units; NRs of naval units not "
            "escorting do not combine with those of ground and air units (28.32)",
        )
    ]


@pytest.mark.plants("R-24")
def test_american_naval_units_protect_no_atlantic_nr_before_war_with_germany() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "box:us_atlantic", owner="britain"),
        placed("usdd", "dd", 1, "box:us_atlantic", owner="usa"),
    ]
    nrs = [
        moved("g1", "NR", "box:us_atlantic", "EUR:M20", side="allied", nr="conv"),
        moved("usdd", "NR", "box:us_atlantic", "EUR:M20", side="allied", nr="conv", escort=True),
    ]
    assert seqs([*setup, *nrs], "us_atlantic_escort") == [5]
    assert seqs([*setup, *reversed(nrs)], "us_atlantic_escort") == [5]
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="usa", brp_cost=35)
    assert seqs([*setup, war, *nrs], "us_atlantic_escort") == []


# ---------------------------------------------------------------------------------------------------------------------
# SRs: ends, objectives, caps (28.62, 28.655A; A3R 28.62D, 28.14, 28.7); DT-17


OBJECTIVES = map_data(
    [
        {"hex": "EUR:K30", "objective": True},
        {"hex": "EUR:K31", "objective": True},
        {"hex": "EUR:K32", "objective": True},
        {"hex": "EUR:K33", "objective": True},
        {"hex": "EUR:K34", "objective": True},
        {"hex": "EUR:K35", "objective": True},
        {"hex": "EUR:L32", "objective": True},
        {"hex": "EUR:M30", "objective": True},
        {"hex": "EUR:M31", "objective": False},
        {"hex": "EUR:M32", "objective": False, "city": True},
    ]
)


@pytest.mark.plants("R-20")
def test_dt17_sr_caps() -> None:
    """DT-17: three ground units SR into one objective in one turn: the third is illegal; a 3-factor flak counts as
    one ground unit; six air factors into one objective: illegal."""
    events: list[Event] = [
        created(),
        declared(OBJECTIVES),
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("g2", "infantry", 3, "EUR:K31"),
        placed("g3", "infantry", 3, "EUR:K32"),
        placed("flak", "flak", 3, "EUR:K33"),
        placed("air1", "aaf", 5, "EUR:K34"),
        placed("air2", "aaf", 1, "EUR:K35"),
        moved("g1", "SR", "EUR:K30", "EUR:L32"),
        moved("flak", "SR", "EUR:K33", "EUR:L32"),
        moved("g2", "SR", "EUR:K31", "EUR:L32"),
        moved("g3", "SR", "EUR:K32", "box:urals"),
        moved("air1", "SR", "EUR:K34", "EUR:M30"),
        moved("air2", "SR", "EUR:K35", "EUR:M30"),
    ]
    assert found(events, "sr_caps", OBJECTIVES) == [
        (11, "g2 brings the ground units SRed into EUR:L32 this turn to 3; 28.62C allows 2"),
        (14, "air2 brings the air factors SRed into EUR:M30 this turn to 6; 28.62C allows 5"),
    ]


def test_sr_caps_without_map_data_are_not_checked() -> None:
    events: list[Event] = [created(), placed("g1", "infantry", 3, "EUR:K30"), moved("g1", "SR", "EUR:K30", "EUR:L32")]
    report = audit(events, None, "sr_caps")
    assert report.findings == ()
    assert [s.reason for s in report.skipped] == [
        "not checked: no map data for EUR:L32 (objective): the game declares no map data"
    ]


@pytest.mark.plants("R-19.A", "R-19.B", "R-19.C")
def test_srs_go_between_controlled_objectives() -> None:
    setup: list[Event] = [
        created(),
        declared(OBJECTIVES),
        placed("g1", "infantry", 3, "EUR:K30"),
        controlled("EUR:L32", "germany"),
        controlled("EUR:M30", "france"),
    ]
    assert seqs([*setup, moved("g1", "SR", "EUR:K30", "EUR:L32")], "sr_ends", OBJECTIVES) == []
    assert found([*setup, moved("g1", "SR", "EUR:K30", "EUR:M31")], "sr_ends", OBJECTIVES) == [
        (6, "g1 SRs from EUR:K30 to EUR:M31; EUR:M31 is not an objective (28.62A, 28.655A)")
    ]
    assert seqs([*setup, moved("g1", "SR", "EUR:K30", "EUR:M30")], "sr_ends", OBJECTIVES) == [6]
    assert seqs([*setup, moved("g1", "SR", "EUR:K30", "EUR:K30")], "sr_ends", OBJECTIVES) == [6]
    railhead = make(
        RailheadBuilt,
        **FALL,
        side="axis",
        phase="unit_construction",
        power="germany",
        hex="EUR:M32",
        brp_cost=5,
        rp_cost=2,
    )
    assert seqs([*setup, railhead, moved("g1", "SR", "EUR:K30", "EUR:M32")], "sr_ends", OBJECTIVES) == []


@pytest.mark.plants("C-RED-4")
def test_russian_units_do_not_sr_through_western_allied_objectives() -> None:
    setup: list[Event] = [
        created(**A3R),
        placed("r1", "infantry", 3, "EUR:K30", owner="russia"),
        controlled("EUR:L32", "britain"),
        controlled("EUR:L33", "russia"),
    ]
    assert seqs([*setup, moved("r1", "SR", "EUR:K30", "EUR:L32", side="allied")], "russia_wa_sr") == [5]
    assert seqs([*setup, moved("r1", "SR", "EUR:K30", "EUR:L33", side="allied")], "russia_wa_sr") == []
    off = [created(rules="a3r", options={"redeploy.russia_wa_sr_ground": "a3r"}), *setup[1:]]
    assert seqs([*off, moved("r1", "SR", "EUR:K30", "EUR:L32", side="allied")], "russia_wa_sr") == []


def test_a3r_national_caps_are_reported_as_not_checked() -> None:
    events: list[Event] = [
        created(**A3R),
        placed("g1", "infantry", 3, "EUR:K30"),
        moved("g1", "NR", "EUR:K30", "EUR:L32"),
    ]
    assert skipped(events, "sr_caps") == ["the A3R national SR and NR caps (A3R 20.11-20.16) are not in the texts"]


# ---------------------------------------------------------------------------------------------------------------------
# Boxes and theaters (28.72-28.76)


def test_box_users_by_nationality() -> None:
    setup: list[Event] = [
        created(),
        placed("r1", "infantry", 3, "EUR:K30", owner="russia"),
        placed("c1", "infantry", 3, "EUR:K31", owner="britain", nationality="commonwealth:canada"),
    ]
    assert seqs([*setup, moved("r1", "SR", "EUR:K30", "box:us_atlantic", side="allied")], "box_users") == [4]
    assert seqs([*setup, moved("c1", "SR", "EUR:K31", "box:us_atlantic", side="allied")], "box_users") == []
    assert seqs([*setup, moved("r1", "SR", "EUR:K30", "box:urals", side="allied")], "box_users") == []


@pytest.mark.plants("R-22")
def test_a_unit_that_redeployed_into_a_box_stays() -> None:
    setup: list[Event] = [
        created(),
        placed("b1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("u1", "infantry", 3, "box:us_atlantic", owner="usa"),
    ]
    into = moved("b1", "NR", "EUR:M20", "box:south_africa", side="allied")
    out = moved("b1", "NR", "box:south_africa", "EUR:CC30", side="allied")
    assert seqs([*setup, into, out], "box_stays") == [5]
    us = [
        moved("u1", "SR", "box:us_atlantic", "box:us_pacific", side="allied"),
        moved("u1", "NR", "box:us_pacific", "PAC:M20", side="allied"),
    ]
    assert seqs([*setup, *us], "box_stays") == []  # one box for units that began in either U.S. box


@pytest.mark.plants("R-23")
def test_russians_go_to_the_pacific_only_under_28_73e() -> None:
    setup: list[Event] = [created(), placed("r1", "infantry", 3, "box:urals", owner="russia")]
    to_pacific = moved("r1", "TR", "box:urals", "PAC:F18", side="allied")
    assert seqs([*setup, to_pacific], "russia_to_pacific") == [3]
    japan = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="russia", brp_cost=35)
    assert seqs([*setup, japan, to_pacific], "russia_to_pacific") == []
    germany = make(
        WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="russia", brp_cost=35
    )
    assert skipped([*setup, germany, to_pacific], "russia_to_pacific") == [
        "whether Russia holds all of Russia, eastern Poland and the Baltic States (28.73E)"
    ]
    surrender = make(StatusChanged, **FALL, phase="combat", country="germany", status="surrendered")
    assert seqs([*setup, germany, surrender, to_pacific], "russia_to_pacific") == []


@pytest.mark.plants("R-25")
def test_transports_from_the_us_boxes() -> None:
    from awaw_events.events import BrpGrantMade

    setup: list[Event] = [created(), placed("u1", "infantry", 6, "box:us_atlantic", owner="usa")]
    short = moved("u1", "NR", "box:us_atlantic", "EUR:M20", side="allied", transports={"atlantic": 1})
    enough = moved("u1", "NR", "box:us_atlantic", "EUR:M20", side="allied", transports={"atlantic": 2})
    assert found([*setup, short], "us_box_transports") == [
        (
            3,
            "6 ground and air factors have left the U.S. boxes for the board this turn; one transport per 5, "
            "rounded up, is 2; 1 recorded (28.76)",
        )
    ]
    assert seqs([*setup, enough], "us_box_transports") == []
    grant = make(
        BrpGrantMade,
        **FALL,
        side="allied",
        phase="unit_construction",
        donor="usa",
        recipient="britain",
        amount=10,
        transports={"atlantic": 1},
    )
    assert seqs([created(), grant], "us_box_transports") == [2]


# ---------------------------------------------------------------------------------------------------------------------
# Inversion (27.82, 28.81-28.83; A3R option 13): EX-I1, EX-I2


FALL42 = {"year": 1942, "season": "fall"}
WINTER42 = {"year": 1942, "season": "winter"}


def _ex_i(built_now: bool) -> list[Event]:
    """The 28.81 example: an American air unit deploys from the Atlantic U.S. box to Britain in the Allied Fall 1942
    redeployment phase, then flies defensive air support in the Axis Winter 1942 player turn."""
    events: list[Event] = [created()]
    if built_now:
        events.append(built("us-aaf", "aaf", 3, "box:us_atlantic", owner="usa", when=FALL42))
    else:
        events.append(placed("us-aaf", "aaf", 3, "box:us_atlantic", owner="usa"))
    events += [
        moved("us-aaf", "SR", "box:us_atlantic", "EUR:M20", side="allied", when=FALL42, segment="SR"),
        ended("allied", FALL42),
        mission(["us-aaf"], "das", side="axis", when=WINTER42),
    ]
    return events


@pytest.mark.plants("I-02", "C-INV-3")
def test_ex_i1_and_ex_i2_new_air_units_redeployed_stay_inverted() -> None:
    assert seqs(_ex_i(built_now=False), "inversion_holds") == []  # EX-I1: it may fly DAS in the Axis Winter turn
    assert found(_ex_i(built_now=True), "inversion_holds") == [  # EX-I2: not if built this turn
        (5, "us-aaf flies a das mission, but it stays inverted through the next opposing player turn (27.82A)")
    ]
    # uninverting it at the end of the Allied turn does not free it
    early = _ex_i(built_now=True)
    early.insert(3, uninverted("us-aaf", side="allied", when=FALL42))
    assert seqs(early, "inversion_holds") == [4, 6]


@pytest.mark.plants("I-02")
def test_a_new_unit_uninverts_only_at_the_end_of_its_player_turn() -> None:
    setup: list[Event] = [created(), built("g-aaf", "aaf", 3, "EUR:L32")]
    assert seqs([*setup, uninverted("g-aaf")], "inversion_holds") == []
    assert seqs([*setup, uninverted("g-aaf", phase="redeployment")], "inversion_holds") == [3]
    assert seqs([*setup, mission(["g-aaf"], "ground_support", phase="redeployment")], "inversion_holds") == [3]


@pytest.mark.plants("R-27")
def test_air_units_srd_to_another_front_are_inverted() -> None:
    fronts = map_data(
        [
            {"hex": "EUR:L32", "front": "western"},
            {"hex": "EUR:L40", "front": "eastern"},
            {"hex": "EUR:L35", "front": "western"},
        ]
    )
    setup: list[Event] = [created(), declared(fronts), placed("aaf", "aaf", 3, "EUR:L32")]
    next_turn = mission(["aaf"], "das", side="allied")
    assert seqs([*setup, moved("aaf", "SR", "EUR:L32", "EUR:L40"), ended(), next_turn], "inversion_holds", fronts) == [
        6
    ]
    assert seqs([*setup, moved("aaf", "SR", "EUR:L32", "EUR:L35"), ended(), next_turn], "inversion_holds", fronts) == []
    recorded = moved("aaf", "SR", "EUR:K1", "EUR:K2", origin_front="western", destination_front="eastern")
    assert seqs([created(), placed("aaf", "aaf", 3, "EUR:K1"), recorded, ended(), next_turn], "inversion_holds") == [5]
    via_box = moved("aaf", "SR", "EUR:L32", "box:urals")
    assert seqs([*setup, via_box, ended(), next_turn], "inversion_holds", fronts) == []  # 28.81C
    staged = make(UnitMoved, **FALL, side="axis", phase="movement", unit="aaf", path=["EUR:L33"])
    assert (
        seqs([*setup, staged, moved("aaf", "SR", "EUR:L33", "EUR:L40"), ended(), next_turn], "inversion_holds", fronts)
        == []
    )  # 28.81B: staged first
    unknown = [created(), placed("aaf", "aaf", 3, "EUR:A1"), moved("aaf", "SR", "EUR:A1", "EUR:A9"), ended(), next_turn]
    assert [r.split(":")[0] for r in skipped(unknown, "inversion_holds")] == ["not checked"]


@pytest.mark.plants("R-18.A", "C-INV-2", "C-INV-4")
def test_only_uninverted_units_fly_and_a_mission_inverts() -> None:
    setup: list[Event] = [
        created(),
        placed("a1", "aaf", 3, "EUR:L32"),
        placed("a2", "aaf", 3, "EUR:L33", inverted=True),
    ]
    assert seqs([*setup, mission(["a2"], "interception", side="allied")], "mission_ready") == [4]
    twice = [*setup, mission(["a1"], "das", side="allied"), mission(["a1"], "das", side="allied")]
    assert seqs(twice, "mission_ready") == [5]
    again = [*setup, mission(["a1"], "das", side="allied"), uninverted("a1", side="axis"), mission(["a1"], "das")]
    assert seqs(again, "mission_ready") == []
    later = [*setup, mission(["a1"], "das", side="allied"), mission(["a1"], "das", when=WINTER)]
    assert skipped(later, "mission_ready") == [
        "whether a unit was uninverted since its mission of an earlier player turn"
    ]
    patrol = [*setup, mission(["a1"], "naval_patrol"), mission(["a1"], "naval_patrol")]
    assert seqs(patrol, "mission_ready") == []  # AWAW: a patrol does not invert
    assert seqs([created(**A3R), *patrol[1:]], "mission_ready") == [5]  # A3R option 13: one operation a player turn


@pytest.mark.plants("C-INV-1", "C-INV-2")
def test_a3r_uninversion_rules() -> None:
    setup: list[Event] = [
        created(**A3R),
        placed("a1", "aaf", 3, "EUR:L32", inverted=True),
        supplied("european_axis", {"a1": "full"}),
    ]
    assert seqs([*setup, uninverted("a1")], "uninversion") == []
    assert seqs([*setup, uninverted("a1", side="allied")], "uninversion") == [4]
    partial = [*setup, supplied("european_axis", {"a1": "partial"})]
    assert seqs([*partial, uninverted("a1")], "uninversion") == [5]
    oil = make(
        OilEffectAccepted,
        **FALL,
        side="axis",
        phase="oil_adjustment",
        faction="european_axis",
        domain="europe",
        service="air",
        units=["a1"],
    )
    assert seqs([*setup, oil, uninverted("a1")], "uninversion") == [5]
    flew = [
        *setup,
        uninverted("a1", phase="movement"),
        mission(["a1"], "ground_support"),
        uninverted("a1", phase="combat"),
    ]
    assert seqs(flew, "uninversion") == [6]


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.65)


def railhead(power: str, hex_: str, brps: int = 5, rps: int = 2, when: dict[str, Any] = FALL) -> RailheadBuilt:
    side = "allied" if power in ("britain", "usa", "russia") else "axis"
    return make(
        RailheadBuilt, **when, side=side, phase="unit_construction", power=power, hex=hex_, brp_cost=brps, rp_cost=rps
    )


@pytest.mark.plants("RH-02")
def test_railhead_cost() -> None:
    events: list[Event] = [created(), railhead("germany", "EUR:L40"), railhead("japan", "PAC:K20", brps=4)]
    assert found(events, "railhead_cost") == [
        (3, "Japan paid 4 BRPs for the railhead at PAC:K20; a railhead costs 5 (27.11D, 28.652A)"),
    ]
    cheap = [created(), railhead("germany", "EUR:L40", rps=1)]
    assert skipped(cheap, "railhead_cost") == [
        "a railhead at 1 RP without a military breakthrough recorded (research_result)"
    ]
    breakthrough = make(
        ResearchResult, **FALL, phase="research", power="germany", project="military_breakthrough", steps=1
    )
    assert audit([created(), breakthrough, cheap[1]], None, "railhead_cost").skipped == ()
    assert seqs([created(), railhead("germany", "EUR:L40", rps=3)], "railhead_cost") == [2]


@pytest.mark.plants("RH-01.B", "RH-01.C", "RH-01.D", "RH-04")
def test_railhead_builders_and_one_per_faction() -> None:
    events: list[Event] = [created(), railhead("germany", "EUR:L40"), railhead("germany", "EUR:L41")]
    assert found(events, "railhead_rules") == [
        (3, "Germany's railhead at EUR:L41: european_axis already built a railhead this turn (28.654D)"),
    ]
    assert seqs([created(), railhead("france", "EUR:P20")], "railhead_rules") == [2]
    assert seqs(
        [created(), railhead("germany", "EUR:L40"), railhead("germany", "EUR:L40", when=WINTER)], "railhead_rules"
    ) == [3]  # one per hex
    a3r = [created(**A3R), railhead("germany", "EUR:L40", rps=0)]
    assert seqs(a3r, "railhead_rules") == [2]  # option redeploy.railheads is off
    italy = map_data(
        [{"hex": "EUR:AA20", "country": "italy"}, {"hex": "EUR:EE20", "country": "libya", "front": "mediterranean"}]
    )
    assert seqs([created(), declared(italy), railhead("italy", "EUR:AA20")], "railhead_rules", italy) == []
    assert seqs([created(), declared(italy), railhead("italy", "EUR:EE20")], "railhead_rules", italy) == [3]
    with_unit = [
        created(),
        declared(italy),
        placed("i1", "infantry", 3, "EUR:EE20", owner="italy"),
        railhead("italy", "EUR:EE20"),
    ]
    assert seqs(with_unit, "railhead_rules", italy) == []
    assert seqs([created(), railhead("usa", "PAC:K20")], "railhead_rules") == [2]  # not at war in the Pacific


@pytest.mark.plants("RH-05.A")
def test_railheads_stay() -> None:
    removed = make(CounterRemoved, **SPRING, phase="combat", location="EUR:L40", counter="railhead", cause="capture")
    assert seqs([created(), railhead("germany", "EUR:L40"), removed], "railhead_permanent") == [3]
    assert seqs([created(), railhead("germany", "EUR:L40")], "railhead_permanent") == []
    # moved: taken off to be built again elsewhere
    lifted = make(CounterRemoved, **SPRING, phase="redeployment", location="EUR:L40", counter="railhead")
    again = railhead("germany", "EUR:L45", when=SPRING)
    assert found([created(), railhead("germany", "EUR:L40"), lifted, again], "railhead_permanent") == [
        (3, "the railhead at EUR:L40 is removed; railheads are never moved or destroyed (28.656)")
    ]
    # another counter removed is no railhead's business
    airbase = make(CounterRemoved, **SPRING, phase="combat", location="EUR:L40", counter="airbase", cause="capture")
    assert seqs([created(), railhead("germany", "EUR:L40"), airbase], "railhead_permanent") == []


RAILHEAD_CITY = map_data(
    [
        {"hex": "EUR:K30", "objective": True},
        {"hex": "EUR:K31", "objective": True},
        {"hex": "EUR:L40", "objective": False, "city": True},
    ]
)


@pytest.mark.plants("RH-05.B")
def test_a_captured_railhead_serves_the_side_that_controls_it() -> None:
    base: list[Event] = [
        created(),
        declared(RAILHEAD_CITY),
        controlled("EUR:K30", "russia"),
        controlled("EUR:K31", "germany"),
        controlled("EUR:L40", "germany"),
        placed("r1", "infantry", 3, "EUR:K30", owner="russia"),
        placed("g1", "infantry", 3, "EUR:K31"),
        railhead("germany", "EUR:L40"),
        make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="russia", brp_cost=35),
    ]
    taken = controlled("EUR:L40", "russia", cause="movement", side="allied", when=SPRING, phase="movement")
    russian = moved("r1", "SR", "EUR:K30", "EUR:L40", side="allied", when=SPRING)
    assert seqs([*base, taken, russian], "sr_ends", RAILHEAD_CITY) == []  # the Russians SR to the railhead city
    german = moved("g1", "SR", "EUR:K31", "EUR:L40", side="axis", when=SPRING)
    assert found([*base, taken, german], "sr_ends", RAILHEAD_CITY) == [
        (
            11,
            "g1 SRs via EUR:L40, which russia controls; SRs go between objectives the faction controls (28.62A)",
        )
    ]
    # before the capture the railhead was German: a Russian redeployment next to it passes next to an enemy counter
    near = moved("r1", "TR", "EUR:K30", "EUR:L41", side="allied", when=SPRING)
    next_to_railhead = "r1's TR passes EUR:L41, next to an enemy counter in EUR:L40 (28.25)"
    assert next_to_railhead in [m for _, m in found([*base, near], "redeployment_enemy_adjacent")]
    assert next_to_railhead not in [m for _, m in found([*base, taken, near], "redeployment_enemy_adjacent")]


@pytest.mark.plants("RH-05.C")
def test_an_isolated_railhead_stays() -> None:
    base: list[Event] = [created(), railhead("germany", "EUR:L40")]
    isolated = supplied("european_axis", {"EUR:L40": "isolated"}, when=SPRING)
    removed = make(CounterRemoved, **SPRING, phase="combat", location="EUR:L40", counter="railhead", cause="isolation")
    assert seqs([*base, isolated], "railhead_permanent") == []
    assert found([*base, isolated, removed], "railhead_permanent") == [
        (4, "the railhead at EUR:L40 is removed; railheads are never moved or destroyed (28.656)")
    ]


@pytest.mark.plants("RH-03", "C-RED-5")
def test_railhead_site() -> None:
    site = map_data(
        [
            {"hex": "EUR:L40", "city": True, "objective": False, "weather_zone": "russian_winter"},
            {"hex": "EUR:L41", "city": True, "objective": True},
        ]
    )
    setup: list[Event] = [
        created(),
        declared(site),
        controlled("EUR:L40", "germany"),
        controlled("EUR:L41", "germany"),
        supplied("european_axis", {"EUR:L40": "full", "EUR:L41": "full"}),
    ]
    assert seqs([*setup, railhead("germany", "EUR:L40")], "railhead_site", site) == []
    assert seqs([*setup, railhead("germany", "EUR:L41")], "railhead_site", site) == [6]  # an objective
    winter = [
        *setup,
        make(WeatherDetermined, **FALL, phase="game_turn_start", zone="russian_winter", weather="winter", level=7),
        make(
            WinterPreparationChanged, **FALL, phase="game_turn_start", faction="european_axis", level=2, cause="setup"
        ),
    ]
    assert seqs([*winter, railhead("germany", "EUR:L40")], "railhead_site", site) == [8]  # 7 - 2 = 5
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="russia", brp_cost=35)
    armor = [war, placed("r-arm", "armor", 4, "EUR:L41", owner="russia"), supplied("russia", {"r-arm": "full"})]
    assert found([*setup, *armor, railhead("germany", "EUR:L40")], "railhead_site", site) == [
        (9, "Germany's railhead at EUR:L40: EUR:L40 is in an enemy ZoC (28.654B)")
    ]


# ---------------------------------------------------------------------------------------------------------------------
# RH-05 clause by clause (27-30 checklist 2.8, 2.9)


@pytest.mark.plants("R-02.A")
def test_only_units_about_to_nr_sr_in_segment_b() -> None:
    base: list[Event] = [created(), placed("g1", "infantry", 3, "EUR:K30"), placed("g2", "infantry", 3, "EUR:K31")]
    to_port = moved("g1", "SR", "EUR:K30", "EUR:L32", segment="SR_pre_NR")
    sails = moved("g1", "NR", "EUR:L32", "EUR:N22", segment="NR")
    after = moved("g2", "SR", "EUR:K31", "EUR:L33", segment="SR")
    assert seqs([*base, to_port, sails, after, ended()], "sr_then_nr") == []
    stays = moved("g2", "SR", "EUR:K31", "EUR:L33", segment="SR_pre_NR")  # g2 never NRs
    assert found([*base, to_port, stays, sails, after, ended()], "sr_then_nr") == [
        (7, "g2 SRed in segment B, which only units about to NR may do, and did not NR (28.312)")
    ]


@pytest.mark.plants("R-02.B")
def test_final_trs_only_by_units_that_nred_or_sred() -> None:
    base: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("g2", "infantry", 3, "EUR:L32"),
        placed("g3", "infantry", 3, "EUR:K32"),
    ]
    sr = moved("g1", "SR", "EUR:K30", "EUR:L33", segment="SR")
    nr = moved("g2", "NR", "EUR:L32", "EUR:N22", segment="NR")
    tr = moved("g3", "TR", "EUR:K32", "EUR:K33", segment="TR1")
    finals = [
        moved("g1", "TR", "EUR:L33", "EUR:L34", segment="TR2"),
        moved("g2", "TR", "EUR:N22", "EUR:N23", segment="TR2"),
    ]
    assert seqs([*base, tr, nr, sr, *finals], "redeployment_segments") == []
    again = moved("g3", "TR", "EUR:K33", "EUR:K34", segment="TR2")  # only TRed before: no second TR
    assert found([*base, tr, nr, sr, *finals, again], "redeployment_segments") == [
        (10, "g3: final TRs only by units that NRed or SRed this phase (28.315)")
    ]


@pytest.mark.plants("R-09.A")
def test_naval_units_committed_to_an_nr_do_not_defend_another() -> None:
    when = {"year": 1942, "season": "fall"}
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("ca", "ca", 2, "EUR:M20", owner="britain"),
        placed("bb", "bb", 3, "EUR:M21", owner="britain"),
    ]
    one = moved("g1", "NR", "EUR:M20", "EUR:N22", side="allied", when=when, segment="NR", nr="a")
    own = moved("ca", "NR", "EUR:M20", "EUR:N22", side="allied", when=when, segment="NR", nr="a", escort=True)
    protect = mission(["bb"], "naval_interception", side="allied", when=when, phase="redeployment")
    assert seqs([*setup, one, own, protect], "nr_defenders") == []  # bb is not NRed: it may protect
    bb_nr = moved("bb", "NR", "EUR:M21", "EUR:N30", side="allied", when=when, segment="NR", nr="b")
    assert found([*setup, one, own, bb_nr, protect], "nr_defenders") == [
        (8, "bb NRed in this redeployment phase and may not defend other NRs (28.313)")
    ]
    # committed to an NR: it defended first, then NRs
    assert found([*setup, one, own, protect, bb_nr], "nr_defenders") == [
        (
            8,
            "bb NRs after defending another NR in this redeployment phase; units committed to an NR may not "
            "defend other NRs (28.313)",
        )
    ]


@pytest.mark.plants("R-09.B")
def test_air_units_sred_before_the_nrs_do_not_defend_them() -> None:
    when = {"year": 1942, "season": "fall"}
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("aaf", "aaf", 3, "EUR:M25", owner="britain"),
    ]
    nr = moved("g1", "NR", "EUR:M20", "EUR:N22", side="allied", when=when, segment="NR", nr="a")
    defend = mission(["aaf"], "interception", side="allied", when=when, phase="redeployment")
    tr = moved("aaf", "TR", "EUR:M25", "EUR:M21", side="allied", when=when, segment="TR1")
    assert seqs([*setup, tr, nr, defend], "nr_defenders") == []  # a TR does not impair it (28.313)
    to_port = moved("aaf", "SR", "EUR:M25", "EUR:M21", side="allied", when=when, segment="SR_pre_NR")
    assert found([*setup, to_port, nr, defend], "nr_defenders") == [
        (6, "aaf SRed before the NRs in this redeployment phase and may not defend other NRs (28.313)")
    ]


@pytest.mark.plants("R-10.A")
def test_naval_units_not_escorting_nr_apart_from_ground_and_air() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("a1", "aaf", 2, "EUR:M20", owner="britain"),
        placed("dd", "dd", 1, "EUR:M20", owner="britain"),
        placed("ca", "ca", 2, "EUR:M20", owner="britain"),
    ]
    ground = moved("g1", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    air = moved("a1", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    escort = moved("dd", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef", escort=True)
    apart = moved("ca", "NR", "EUR:M20", "EUR:N22", side="allied", nr="fleet")  # same destination, its own NR
    assert seqs([*setup, ground, air, escort, apart], "nr_groups") == []
    joined = moved("ca", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    assert found([*setup, air, joined], "nr_groups") == [
        (
            7,
            "naval unit ca NRs on its own in bef, which carries ground or air units; NRs of naval units not "
            "escorting do not combine with those of ground and air units (28.32)",
        )
    ]


@pytest.mark.plants("R-10.B")
def test_nrs_to_different_destinations_are_protected_separately() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "EUR:M20", owner="britain"),
        placed("g2", "infantry", 3, "EUR:M22", owner="britain"),
        placed("dd", "dd", 1, "EUR:M20", owner="britain"),
    ]
    one = moved("g1", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef")
    # 28.32A: from different ports to the same destination they may sail together
    two = moved("g2", "NR", "EUR:M22", "EUR:N22", side="allied", nr="bef")
    escort = moved("dd", "NR", "EUR:M20", "EUR:N22", side="allied", nr="bef", escort=True)
    assert seqs([*setup, one, two, escort], "nr_groups") == []
    elsewhere = moved("g2", "NR", "EUR:M22", "EUR:N25", side="allied", nr="bef")
    assert found([*setup, one, elsewhere, escort], "nr_groups") == [
        (
            6,
            "g2 NRs with bef to EUR:N25, but bef goes to EUR:N22; NRs to different destinations are protected "
            "separately (28.32, 28.533)",
        )
    ]


@pytest.mark.plants("R-20.A")
def test_sr_caps_count_in_and_out_of_each_objective_separately() -> None:
    events: list[Event] = [
        created(),
        declared(OBJECTIVES),
        placed("g1", "infantry", 3, "EUR:L32"),
        placed("g2", "infantry", 3, "EUR:L32"),
        placed("g3", "infantry", 3, "EUR:K30"),
        placed("g4", "infantry", 3, "EUR:K31"),
        placed("a1", "aaf", 5, "EUR:L32"),
        # two ground units and five air factors out of EUR:L32, two ground units in: each within its own cap
        moved("g1", "SR", "EUR:L32", "EUR:K32"),
        moved("g2", "SR", "EUR:L32", "EUR:K33"),
        moved("a1", "SR", "EUR:L32", "EUR:K34"),
        moved("g3", "SR", "EUR:K30", "EUR:L32"),
        moved("g4", "SR", "EUR:K31", "EUR:L32"),
    ]
    assert seqs(events, "sr_caps", OBJECTIVES) == []
    third = [*events[:7], placed("g5", "infantry", 3, "EUR:L32"), *events[7:], moved("g5", "SR", "EUR:L32", "EUR:K35")]
    assert found(third, "sr_caps", OBJECTIVES) == [
        (14, "g5 brings the ground units SRed out of EUR:L32 this turn to 3; 28.62C allows 2"),
    ]
    air = [*events[:7], placed("a2", "aaf", 1, "EUR:L32"), *events[7:], moved("a2", "SR", "EUR:L32", "EUR:K35")]
    assert found(air, "sr_caps", OBJECTIVES) == [
        (14, "a2 brings the air factors SRed out of EUR:L32 this turn to 6; 28.62C allows 5"),
    ]
    # next turn the counts start again
    later = moved("g1", "SR", "EUR:K32", "EUR:L32", when=WINTER)
    assert seqs([*third[:-1], later], "sr_caps", OBJECTIVES) == []


@pytest.mark.plants("R-20.B")
def test_a_flak_unit_of_up_to_three_factors_counts_as_one_ground_unit() -> None:
    base: list[Event] = [
        created(),
        declared(OBJECTIVES),
        placed("g1", "infantry", 3, "EUR:K30"),
        placed("f1", "flak", 3, "EUR:K31"),
        placed("f2", "flak", 1, "EUR:K33"),
    ]
    two = [*base, moved("g1", "SR", "EUR:K30", "EUR:L32"), moved("f1", "SR", "EUR:K31", "EUR:L32")]
    assert seqs(two, "sr_caps", OBJECTIVES) == []  # a 3-factor flak is one unit, not three
    assert found([*two, moved("f2", "SR", "EUR:K33", "EUR:L32")], "sr_caps", OBJECTIVES) == [
        (8, "f2 brings the ground units SRed into EUR:L32 this turn to 3; 28.62C allows 2"),
    ]


@pytest.mark.plants("R-20.C")
def test_boxes_take_any_number_of_srs_but_ethiopia_one_unit_a_turn() -> None:
    units = [placed(f"g{i}", "infantry", 3, f"EUR:K3{i}", owner="britain") for i in range(4)]
    base: list[Event] = [created(), declared(OBJECTIVES), *units]
    into_box = [moved(f"g{i}", "SR", f"EUR:K3{i}", "box:south_africa", side="allied") for i in range(4)]
    assert seqs([*base, *into_box], "sr_caps", OBJECTIVES) == []  # no cap at a box (28.62C)
    from_box = [
        placed("s1", "infantry", 3, "box:south_africa", owner="britain"),
        placed("s2", "infantry", 3, "box:south_africa", owner="britain"),
        placed("e1", "infantry", 3, "box:ethiopia", owner="britain"),
    ]
    one = moved("s1", "SR", "box:south_africa", "box:ethiopia", side="allied")
    assert seqs([*base, *from_box, one], "sr_caps", OBJECTIVES) == []
    second = moved("s2", "SR", "box:south_africa", "box:ethiopia", side="allied")
    assert found([*base, *from_box, one, second], "sr_caps", OBJECTIVES) == [
        (
            11,
            "s2 is unit 2 SRed into Ethiopia this turn; one unit a turn may SR to or from Ethiopia (28.62C, 28.753E)",
        ),
    ]
    # one unit each way: a breach if the one unit counts both ways together, not if it counts each way: not judged
    out = moved("e1", "SR", "box:ethiopia", "box:south_africa", side="allied")
    assert seqs([*base, *from_box, one, out], "sr_caps", OBJECTIVES) == []
    assert skipped([*base, *from_box, one, out], "sr_caps", OBJECTIVES) == [
        "whether Ethiopia's one SR a turn (28.753E) counts SRs to and from it together or each way: 88.422C, which it "
        "cites, is not in the texts"
    ]
    next_turn = moved("s2", "SR", "box:south_africa", "box:ethiopia", side="allied", when=WINTER)
    assert seqs([*base, *from_box, one, next_turn], "sr_caps", OBJECTIVES) == []


RUSSIAN_LANDS = map_data(
    [
        {"hex": "EUR:H50", "country": "russia"},
        {"hex": "EUR:D40", "country": "estonia", "name": "Saare"},
        {"hex": "EUR:E42", "country": "latvia"},
        {"hex": "EUR:K37", "country": "germany"},
    ]
)


@pytest.mark.plants("R-23")
def test_russians_go_to_the_pacific_only_while_russia_holds_its_lands() -> None:
    """28.73E: at war with Germany, and Germany not surrendered, Russian units go from Europe or the Urals box to
    the Pacific only while Russia controls all of Russia, eastern Poland and the Baltic States; German control of
    Saare does not stop ground and air units from the Urals box."""
    germany = make(
        WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target="russia", brp_cost=35
    )
    setup: list[Event] = [
        created(),
        declared(RUSSIAN_LANDS),
        controlled("EUR:H50", "russia"),
        controlled("EUR:E42", "russia"),
        controlled("EUR:D40", "russia"),
        controlled("EUR:K37", "germany"),
        placed("r1", "infantry", 3, "box:urals", owner="russia"),
        placed("r2", "infantry", 3, "EUR:H50", owner="russia"),
        germany,
    ]
    east = moved("r1", "TR", "box:urals", "PAC:F18", side="allied")
    # every hex of its lands the board and the map data know is Russian: that all are is not known
    assert seqs([*setup, east], "russia_to_pacific", RUSSIAN_LANDS) == []
    assert skipped([*setup, east], "russia_to_pacific", RUSSIAN_LANDS) == [
        "whether Russia holds all of Russia, eastern Poland and the Baltic States (28.73E)"
    ]
    lost = controlled("EUR:H50", "germany", cause="movement", side="axis", phase="movement")
    assert found([*setup, lost, east], "russia_to_pacific", RUSSIAN_LANDS) == [
        (
            11,
            "Russian unit r1 redeploys from box:urals to the Pacific while germany controls EUR:H50 (russia); with "
            "Germany not surrendered, 28.73E allows it only once Russia controls all of Russia, eastern Poland and "
            "the Baltic States",
        )
    ]
    baltic = controlled("EUR:E42", "germany", cause="movement", side="axis", phase="movement")
    assert seqs([*setup, baltic, east], "russia_to_pacific", RUSSIAN_LANDS) == [11]
    # Saare: not for ground or air units from the Urals box; for a unit from Europe it counts
    saare = controlled("EUR:D40", "germany", cause="movement", side="axis", phase="movement")
    assert seqs([*setup, saare, east], "russia_to_pacific", RUSSIAN_LANDS) == []
    from_europe = moved("r2", "SR", "EUR:H50", "PAC:F18", side="allied")
    assert seqs([*setup, saare, from_europe], "russia_to_pacific", RUSSIAN_LANDS) == [11]
    # once Germany surrendered, or Japan declared war on Russia, its lands no longer matter
    surrender = make(StatusChanged, **FALL, phase="combat", country="germany", status="surrendered")
    assert seqs([*setup, lost, surrender, east], "russia_to_pacific", RUSSIAN_LANDS) == []
    japan = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="russia", brp_cost=35)
    assert seqs([*setup, lost, japan, east], "russia_to_pacific", RUSSIAN_LANDS) == []
    # a German hex held by Germany is no Russian land
    assert seqs([*setup, east], "russia_to_pacific", RUSSIAN_LANDS) == []


def flown(units: list[str], kind: str, target: str) -> Event:
    """A mission the Axis flies in the Allied redeployment phase of Fall 1939 (or the Allies, for their own units)."""
    return make(AirMissionFlown, **FALL, side="allied", phase="redeployment", mission=kind, units=units, target=target)


@pytest.mark.plants("R-18.B")
def test_nrs_to_and_from_boxes_are_attacked_only_on_the_board() -> None:
    setup: list[Event] = [
        created(),
        placed("g1", "infantry", 3, "box:us_atlantic", owner="britain"),
        placed("ger-aaf", "aaf", 3, "EUR:L20"),
        placed("ger-ss", "sub", 2, "sw:atlantic"),
        placed("bri-aaf", "aaf", 3, "EUR:M21", owner="britain"),
        moved("g1", "NR", "box:us_atlantic", "EUR:M20", side="allied", nr="convoy"),
    ]
    assert seqs([*setup, flown(["ger-aaf"], "naval_interception", "EUR:M19")], "nr_attacked_on_board") == []
    assert found([*setup, flown(["ger-ss"], "naval_interception", "sw:atlantic")], "nr_attacked_on_board") == [
        (
            7,
            "ger-ss fly a naval interception mission against a redeployment in sw:atlantic; NRs to and from mapboard "
            "boxes may only be attacked and intercepted in on-board sea hexes (28.522, 28.531)",
        )
    ]
    assert seqs([*setup, flown(["ger-aaf"], "interception", "box:us_atlantic")], "nr_attacked_on_board") == [7]
    # the moving side's own units protecting the NR from the SW box are not attacking it (28.532)
    assert seqs([*setup, flown(["bri-aaf"], "escort", "sw:atlantic")], "nr_attacked_on_board") == []
