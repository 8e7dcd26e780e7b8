"""Oil rules (AWAW 33): worked examples TC-xx of the 31-34 extract section 6, derived cases and planted faults."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_events.vocab import Faction
from projections.rules.oil import (
    FIFTHS_ALLOWED_PURPOSES,
    FIFTHS_PER_COUNTER,
    MAX_RETAINED_FIFTHS,
    OIL_CENTERS,
    RESERVE_START_FIFTHS,
    DrawContext,
    available_findings,
    capture_damage_markers,
    construction_allowance_brps,
    counters,
    double_cost_brps,
    draw_findings,
    draw_partial,
    ea_tracking_starts,
    embargo_findings,
    expenditure_findings,
    growth_allowance_brps,
    india_reserve_max,
    international_market_fifths,
    japanese_plants_available,
    japanese_resistance_oil,
    oil_allowance,
    oil_center_max_damage,
    oil_center_production,
    oil_cost_fifths,
    oil_plant_findings,
    oil_plant_rp_cost,
    oil_shipping_capacity,
    pearl_harbor_strike_loss,
    repair_findings,
    reserve_cap_excess,
    reserve_max_fifths,
    retain_partial,
    retention_findings,
    russia_oil_brp_equivalent,
    russia_shipment_findings,
    russia_tracking_start_fifths,
    russia_tracking_stops,
    shipment_findings,
    synthetic_plant_production,
    urals_production,
    wa_europe_reserve_status,
)

ALL_GERMAN = {"berlin", "breslau", "cologne", "essen", "leipzig"}
ALL_RUSSIAN = {"moscow", "leningrad", "stalingrad", "grozny", "maikop", "urals_box"}


# --- TC-01 Japanese oil embargo (33.4521 example) -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "turns_since", "expected"),
    [
        ("TC-01 Summer 1941 (embargo turn)", 0, None),
        ("TC-01 Fall 1941", 1, 15),
        ("TC-01 Winter 1941", 2, 15),
        ("TC-01 Spring 1942", 3, 0),
        ("TC-01 Summer 1942", 4, 0),
        ("no embargo", None, None),
    ],
)
def test_tc01_embargo_schedule(turn: str, turns_since: int | None, expected: int | None) -> None:
    assert international_market_fifths(turns_since) == expected, turn


def test_embargo_war_and_dei_flags() -> None:
    assert international_market_fifths(None, at_war_with_usa=True) == 0
    assert international_market_fifths(None, at_war_with_usa=True, war_declared_this_turn=True) is None
    # DEI flags only outside Classic (33.45211B)
    assert international_market_fifths(1, japanese_dei_flags=1, british_dei_flags=2) == 15
    assert international_market_fifths(1, japanese_dei_flags=1, british_dei_flags=2, rules="full") == 10
    assert international_market_fifths(3, japanese_dei_flags=2, rules="full") == 10
    assert international_market_fifths(1, british_dei_flags=5, rules="full") == 0


def test_embargo_needs_usjt_20() -> None:
    assert embargo_findings(20) == ()
    assert embargo_findings(19)[0].rule == "33.45211A"


# --- TC-02 Casablanca, WA Spring 1943 (33.533 example) -----------------------------------------------------------


def test_tc02_casablanca() -> None:
    reserve = counters(4)
    offsets = sum(oil_cost_fifths(p) for p in ("air_general", "naval_general", "army"))
    assert offsets == 15
    assert available_findings(reserve, offsets) == ()
    reserve -= offsets
    assert reserve == counters(1)
    # 6 counters shipped into the WA Europe reserve during initial supply determination
    assert shipment_findings("western_allies", counters(6), transports=6, transports_available=22) == ()
    reserve += counters(6)
    assert reserve == counters(7)
    maximum = reserve_max_fifths("wa_eu", {"birmingham", "london", "manchester"})
    assert maximum == counters(6)
    assert reserve_cap_excess(reserve, maximum) == counters(1)
    # 2 more counters for Morocco (air + army): 8 counters shipped in all, limit ceil(22/2) = 11
    assert oil_shipping_capacity(22, "western_allies") == 11
    assert (
        shipment_findings(
            "western_allies", counters(2), transports=2, shipped_this_turn_fifths=counters(6), transports_available=22
        )
        == ()
    )
    twelfth = shipment_findings(
        "western_allies", counters(1), transports=1, shipped_this_turn_fifths=counters(11), transports_available=22
    )
    assert [b.rule for b in twelfth] == ["33.473"]


# --- TC-03 Mosul and Basra (33.534 example) ----------------------------------------------------------------------


def test_tc03_mosul_covers_three_offsets() -> None:
    produced = oil_center_production("mosul")
    assert produced == 3 * oil_cost_fifths("army")
    assert draw_findings("western_allies", "mosul", produced, DrawContext(controller="western_allies")) == ()
    assert draw_findings("western_allies", "mosul", produced, DrawContext(controller="european_axis"))


# --- TC-04 / TC-15 partial counters (33.81, 33.82) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "fifths", "brps"),
    [
        ("TC-04 one counter", 5, 25),
        ("TC-04 counter + 1 fifth", 6, 30),
        ("TC-04 counter + 2 fifths", 7, 35),
        ("TC-04 fifths alone (derived)", 3, 15),
        ("TC-15 one fifth", 1, 5),
        ("TC-15 two fifths", 2, 10),
    ],
)
def test_tc04_construction_allowance(case: str, fifths: int, brps: int) -> None:
    assert construction_allowance_brps(fifths) == brps, case
    assert growth_allowance_brps(fifths) == brps, case


def test_tc04_builds_beyond_allowance_cost_double() -> None:
    assert double_cost_brps(40, 6) == 10
    assert double_cost_brps(25, 5) == 0
    assert double_cost_brps(12, 0) == 12


def test_china_growth_exempt() -> None:
    assert growth_allowance_brps(0, power="china") is None


@pytest.mark.parametrize(
    ("case", "purpose", "fifths", "allowance"),
    [
        ("TC-15 air 1", "strategic_air", 1, 5),
        ("TC-15 air 2", "hump", 2, 10),
        ("TC-15 ships 1", "heavy_ships", 1, 1),
        ("TC-15 ships 2", "heavy_ships", 2, 2),
        ("TC-15 subs 1", "submarines", 1, 5),
        ("TC-15 subs 2", "submarines", 2, 10),
    ],
)
def test_tc15_partial_increments(case: str, purpose: str, fifths: int, allowance: int) -> None:
    assert oil_allowance(purpose, fifths) == allowance, case  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("purpose", "quantity", "cost"),
    [
        ("submarines", 1, 1),
        ("submarines", 5, 1),
        ("submarines", 6, 2),
        ("submarines", 10, 2),
        ("submarines", 11, 3),
        ("strategic_air", 5, 1),
        ("strategic_air", 12, 3),
        ("strategic_air", 40, 5),  # a full counter covers all strategic air (33.71D)
        ("heavy_ships", 3, 3),
        ("heavy_ships", 8, 5),
        ("construction", 30, 6),
        ("construction", 31, 7),
        ("brp_growth", 25, 5),
        ("air_general", 0, 5),
        ("naval_general", 0, 5),
        ("army", 0, 5),
        ("japanese_resistance", 2, 10),
    ],
)
def test_oil_cost_by_purpose(purpose: str, quantity: int, cost: int) -> None:
    assert oil_cost_fifths(purpose, quantity) == cost  # type: ignore[arg-type]


def test_fifths_only_for_33_81_purposes() -> None:
    assert {"air_general", "naval_general", "army"}.isdisjoint(FIFTHS_ALLOWED_PURPOSES)
    assert {"strategic_air", "hump", "heavy_ships", "submarines", "construction", "brp_growth"} <= (
        FIFTHS_ALLOWED_PURPOSES
    )
    with pytest.raises(ValueError, match="not paid by the fifth"):
        oil_allowance("army", 3)


# --- planted faults: spending ------------------------------------------------------------------------------------


def test_planted_fifth_counter_from_reserve_of_four() -> None:
    breaches = available_findings(counters(4), counters(5))
    assert len(breaches) == 1
    assert "5 short" in breaches[0].message


def test_planted_general_offset_paid_in_fifths() -> None:
    assert expenditure_findings("air_general", 5) == ()
    assert expenditure_findings("air_general", 3)[0].rule == "33.81"
    assert expenditure_findings("army", 10)


def test_planted_submarines_underpaid() -> None:
    assert expenditure_findings("submarines", 2, quantity=10) == ()
    assert expenditure_findings("submarines", 1, quantity=6)


def test_planted_resistance_underpaid() -> None:
    assert expenditure_findings("japanese_resistance", 10, quantity=2) == ()
    assert expenditure_findings("japanese_resistance", 5, quantity=2)


# --- TC-08 South Africa cap, reserves (33.422) -------------------------------------------------------------------


def test_tc08_south_africa_cap() -> None:
    maximum = reserve_max_fifths("wa_sa", ())
    assert maximum == counters(3)
    assert reserve_cap_excess(counters(5), maximum) == counters(2)
    assert reserve_cap_excess(counters(3), maximum) == 0


def test_starting_reserves_o22() -> None:
    assert RESERVE_START_FIFTHS == {
        "ea": 50,
        "jp": 50,
        "ru": 30,
        "wa_eu": 30,
        "wa_ind": 15,
        "wa_sa": 15,
        "wa_ph": 15,
        "wa_aus": 0,
        "wa_mnl": 15,
    }


@pytest.mark.parametrize(
    ("reserve", "controlled", "expected_counters"),
    [
        ("ea", ALL_GERMAN, 10),
        ("ea", ALL_GERMAN - {"berlin", "essen"}, 6),
        ("jp", {"tokyo", "osaka", "kagoshima", "harbin", "mukden"}, 10),
        ("jp", {"tokyo"}, 2),
        ("ru", ALL_RUSSIAN, 6),
        ("ru", ALL_RUSSIAN - {"maikop"}, 5),
        ("ru", set(), 1),  # minimum of one (33.422C)
        ("wa_eu", {"london", "birmingham"}, 4),
        ("wa_ph", {"pearl_harbor"}, 3),
        ("wa_ph", set(), 0),  # Q10 default
        ("wa_aus", set(), 3),
        ("wa_ind", set(), 3),
    ],
)
def test_reserve_maximum(reserve: str, controlled: set[str], expected_counters: int) -> None:
    assert reserve_max_fifths(reserve, controlled) == counters(expected_counters)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("steps", "results", "expected"), [(0, 0, 1), (3, 0, 2), (3, 1, 3), (9, 1, 4), (9, 2, 5), (0, 2, 5)]
)
def test_india_reserve_ladder(steps: int, results: int, expected: int) -> None:
    assert india_reserve_max(rules="full", research_steps=steps, research_results=results) == expected
    assert india_reserve_max(research_steps=steps, research_results=results) == 3


def test_wa_europe_33_425() -> None:
    assert wa_europe_reserve_status({"paris"}) == "normal"
    assert wa_europe_reserve_status({"paris", "london"}) == "us_sea_supply_only"
    assert wa_europe_reserve_status({"paris", "london", "birmingham", "manchester"}) == "eliminated"


# --- TC-21 deemed reserves and tracking (33.4424, 33.4624, 33.48) -------------------------------------------------


def test_tc21_tracking() -> None:
    assert not ea_tracking_starts(germany_russia_war_before_this_turn=False, rgt=44)
    assert ea_tracking_starts(germany_russia_war_before_this_turn=False, rgt=45)
    assert ea_tracking_starts(germany_russia_war_before_this_turn=True, rgt=10)
    assert russia_tracking_start_fifths(ALL_RUSSIAN - {"maikop"}) == counters(5)
    assert russia_tracking_stops(russian_controlled=ALL_RUSSIAN | {"baku"}, reserve_fifths=counters(6))
    assert not russia_tracking_stops(russian_controlled=ALL_RUSSIAN | {"baku"}, reserve_fifths=counters(5))
    assert not russia_tracking_stops(russian_controlled=ALL_RUSSIAN, reserve_fifths=counters(6))


# --- TC-09 / TC-10 transports assigned to oil (33.4523, 33.473) ---------------------------------------------------


@pytest.mark.parametrize(
    ("case", "transports", "japan", "wa"),
    [
        ("TC-09/10", 1, 1, 1),
        ("TC-09/10", 3, 2, 2),
        ("TC-09/10", 5, 3, 3),
        ("TC-09/10", 7, 4, 4),
        ("TC-09/10", 9, 5, 5),
        ("TC-09", 11, 6, 6),
        ("derived", 2, 1, 1),
        ("derived", 4, 2, 2),
        ("derived", 6, 3, 3),
        ("derived", 12, 6, 6),
        ("TC-10 derived", 22, 6, 11),
        ("none", 0, 0, 0),
    ],
)
def test_tc09_tc10_shipping_capacity(case: str, transports: int, japan: int, wa: int) -> None:
    assert oil_shipping_capacity(transports, "japan") == japan, case
    assert oil_shipping_capacity(transports, "western_allies") == wa, case


def test_shipment_escorts_and_russia() -> None:
    assert shipment_findings("russia", 5)[0].rule == "33.43B"
    assert shipment_findings("european_axis", counters(2), destroyer_factors=6) == ()
    assert shipment_findings("european_axis", counters(2), destroyer_factors=5)
    assert shipment_findings("japan", counters(2), transports=1, transports_available=10)
    assert shipment_findings("japan", 7, transports=2, transports_available=10)  # not whole counters
    # planted: a 7th Japanese counter with 14 transports (cap 6)
    seventh = shipment_findings(
        "japan", counters(1), transports=1, shipped_this_turn_fifths=counters(6), transports_available=14
    )
    assert [b.rule for b in seventh] == ["33.4523"]


# --- TC-11 / TC-12 damage (33.33A, B, C) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("case", "center", "markers", "fifths"),
    [
        ("TC-11", "ploesti", 0, 15),
        ("TC-11", "ploesti", 1, 13),
        ("TC-11", "ploesti", 2, 10),
        ("table 1.3", "ploesti", 3, 8),
        ("table 1.3", "ploesti", 4, 5),
        ("table 1.3", "ploesti", 5, 3),
        ("TC-11", "ploesti", 6, 0),
        ("table 1.3", "baku", 1, 8),
        ("table 1.3", "baku", 3, 3),
        ("table 1.3", "baku", 4, 0),
        ("table 1.3", "grozny", 1, 3),
        ("table 1.3", "maikop", 2, 0),
    ],
)
def test_tc11_oil_center_damage(case: str, center: str, markers: int, fifths: int) -> None:
    assert oil_center_production(center, markers) == fifths, case  # type: ignore[arg-type]


def test_max_damage() -> None:
    assert {c: oil_center_max_damage(c) for c in OIL_CENTERS} == {
        "ploesti": 6,
        "mosul": 6,
        "abadan": 6,
        "ahwaz": 6,
        "baku": 4,
        "grozny": 2,
        "maikop": 2,
        "palembang": 6,
        "brunei": 6,
    }


@pytest.mark.parametrize(
    ("case", "defense", "center", "existing", "markers"),
    [
        ("TC-12", 0, "ploesti", 0, 0),
        ("TC-12", 4, "ploesti", 0, 0),
        ("TC-12", 5, "ploesti", 0, 1),
        ("TC-12", 9, "ploesti", 0, 1),
        ("TC-12", 10, "ploesti", 0, 2),
        ("TC-12", 14, "ploesti", 0, 2),
        ("TC-12 derived", 23, "ploesti", 0, 4),
        ("TC-12 Grozny capped", 17, "grozny", 0, 2),
        ("capped by existing", 23, "ploesti", 4, 2),
    ],
)
def test_tc12_capture_damage(case: str, defense: int, center: str, existing: int, markers: int) -> None:
    assert capture_damage_markers(defense, center, existing) == markers, case  # type: ignore[arg-type]


def test_repairs() -> None:
    assert repair_findings("germany", 2) == ()
    assert repair_findings("germany", 3)
    assert repair_findings("italy", 1)


# --- plants (33.23, 33.234, 33.32) TC-20 -------------------------------------------------------------------------


@pytest.mark.parametrize(("breakthroughs", "rps"), [(0, 5), (1, 4), (2, 3), (7, 0)])
def test_tc20_plant_cost(breakthroughs: int, rps: int) -> None:
    assert oil_plant_rp_cost(breakthroughs) == rps


def test_plant_production_and_limits() -> None:
    assert [synthetic_plant_production(k) for k in range(7)] == [5, 4, 3, 2, 1, 0, 0]
    assert japanese_plants_available(14) == 0
    assert japanese_plants_available(15) == 1
    assert japanese_plants_available(18) == 2
    assert oil_plant_findings("germany", "essen", {"berlin": 1}) == ()
    assert oil_plant_findings("germany", "berlin", {"berlin": 1})  # second before all five have one
    full = dict.fromkeys(ALL_GERMAN, 1)
    assert oil_plant_findings("germany", "berlin", full) == ()
    assert oil_plant_findings("germany", "essen", full | {"berlin": 2})  # a 7th plant
    assert oil_plant_findings("germany", "munich", {})
    assert oil_plant_findings("russia", "moscow", {})[0].rule == "33.233"
    assert oil_plant_findings("japan", "harbin", {}, research_steps=15) == ()
    assert oil_plant_findings("japan", "harbin", {}, research_steps=10)
    assert oil_plant_findings("japan", "harbin", {"harbin": 1}, research_steps=18)
    assert oil_plant_findings("japan", "tokyo", {}, research_steps=18)


def test_urals() -> None:
    assert urals_production() == 5
    assert urals_production(2) == 15


# --- access (33.44-33.47; O-02, O-04, O-05) ----------------------------------------------------------------------


def test_access_rules() -> None:
    ea: Faction = "european_axis"
    assert draw_findings(ea, "abadan", 15, DrawContext(controller=ea))[0].rule == "33.44-33.47"
    assert draw_findings(ea, "ploesti", 15, DrawContext(controller="neutral")) == ()
    assert draw_findings(ea, "ploesti", 15, DrawContext(controller="russia", rgt=45))
    assert draw_findings(ea, "ploesti", 15, DrawContext(controller="russia", germany_russia_at_war=True))
    assert draw_findings(ea, "ploesti", 15, DrawContext(controller="western_allies"))
    assert draw_findings(ea, "maikop", 5, DrawContext(controller=ea)) == ()
    assert draw_findings(ea, "maikop", 5, DrawContext(controller=ea, captured_this_turn=True))[0].rule == "33.43"
    assert draw_findings(ea, "maikop", 5, DrawContext(controller="partisan"))[0].rule == "33.33B"
    ru: Faction = "russia"
    ok_persia = DrawContext(controller=ru, persian_route_opened_previous_turn=True)
    assert draw_findings(ru, "abadan", 5, ok_persia) == ()
    assert draw_findings(ru, "abadan", 10, ok_persia)  # two counters from Persia
    assert draw_findings(ru, "ahwaz", 5, DrawContext(controller=ru, persian_route_opened_previous_turn=True,
                                                     persia_already_drawn_fifths=5))  # fmt: skip
    assert draw_findings(ru, "abadan", 5, DrawContext(controller=ru))
    assert draw_findings(ru, "mosul", 15, DrawContext(controller=ru))
    assert draw_findings(ru, "mosul", 15, DrawContext(controller=ru, allies_control_turkey=True)) == ()
    jp: Faction = "japan"
    assert draw_findings(jp, "brunei", 15, DrawContext(controller=jp)) == ()
    assert draw_findings(jp, "brunei", 15, DrawContext(controller=jp, controlled_at_start_of_player_turn=False))
    assert draw_findings("western_allies", "abadan", 15, DrawContext(controller="neutral")) == ()
    assert draw_findings("china", "us_atlantic_box", 5, DrawContext(controller="china"))


# --- TC-14 Pearl Harbor, TC-16 resistance, TC-19 oil to Russia ---------------------------------------------------


@pytest.mark.parametrize(("result", "lost"), [(0, 0), (1, 5), (2, 10), (3, 15), (5, 15)])
def test_tc14_pearl_harbor(result: int, lost: int) -> None:
    assert pearl_harbor_strike_loss(result) == lost
    assert pearl_harbor_strike_loss(result, reserve_fifths=5) == min(lost, 5)


@pytest.mark.parametrize(
    ("delta", "modifier", "payer", "fifths"),
    [
        (0, 0, None, 0),
        (1, 0, None, 0),
        (2, 1, "japan", 5),
        (5, 1, "japan", 5),
        (6, 2, "japan", 10),
        (9, 2, "japan", 10),
        (-2, -1, "western_allies", 5),
        (-6, -2, "western_allies", 10),
    ],
)
def test_tc16_resistance(delta: int, modifier: int, payer: str | None, fifths: int) -> None:
    purchase = japanese_resistance_oil(delta)
    assert (purchase.modifier, purchase.payer, purchase.fifths) == (modifier, payer, fifths)


def test_tc19_oil_to_russia() -> None:
    assert russia_shipment_findings("murmansk", counters(2), transports=2) == ()
    assert russia_shipment_findings("persia", counters(1)) == ()
    assert russia_oil_brp_equivalent(counters(2)) + russia_oil_brp_equivalent(counters(1)) == 30
    assert russia_shipment_findings("murmansk", counters(3), transports=3)
    assert russia_shipment_findings("murmansk", counters(2), transports=1)
    assert russia_shipment_findings("siberia", counters(1), route_open=False)


# --- retention (33.83) -------------------------------------------------------------------------------------------


def test_retention() -> None:
    assert retain_partial(4).retained_fifths == 4
    r = retain_partial(13)
    assert (r.consolidated_counters, r.retained_fifths) == (2, 3)
    assert retention_findings(4) == ()
    assert retention_findings(5)[0].rule == "33.83"


@given(st.integers(min_value=0, max_value=500))
def test_retention_property(fifths: int) -> None:
    r = retain_partial(fifths)
    assert r.retained_fifths <= MAX_RETAINED_FIFTHS
    assert r.consolidated_counters * FIFTHS_PER_COUNTER + r.retained_fifths == fifths


@given(st.integers(min_value=0, max_value=60), st.integers(min_value=0, max_value=4))
def test_draw_partial_property(fifths: int, retained: int) -> None:
    d = draw_partial(fifths, retained)
    assert retained + d.counters_broken * FIFTHS_PER_COUNTER == fifths + d.retained_after
    assert 0 <= d.retained_after <= MAX_RETAINED_FIFTHS


@given(st.sampled_from(OIL_CENTERS), st.integers(min_value=0, max_value=5))
def test_damage_monotonic(center: str, markers: int) -> None:
    assert oil_center_production(center, markers + 1) <= oil_center_production(center, markers)  # type: ignore[arg-type]


def test_misuse_raises() -> None:
    with pytest.raises(ValueError, match="negative"):
        counters(-1)
    with pytest.raises(ValueError, match="must not be negative"):
        available_findings(-1, 0)
