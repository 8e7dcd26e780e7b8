"""Oil checks (33): spending what a reserve holds, purpose costs, timing, sea shipments, reserve maxima and retained
partial counters; the 31-34 extract's worked examples TC-02 (Casablanca), TC-04 and TC-15 (partial counters) and
TC-08 (the South Africa cap)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    Event,
    OilCountersEliminated,
    OilExpended,
    OilMoved,
    OilReserveDefined,
    OilTrackingStarted,
    PlayerTurnEnded,
)
from tests.build import findings, run
from tests.conftest import created

E = TypeVar("E", bound=Event)

WHEN: dict[str, Any] = {"year": 1941, "season": "summer"}


def make(cls: type[E], **fields: Any) -> E:
    return cls(**fields)


def reserve(rid: str, faction: str, level: int, maximum: int = 50, *, tracked: bool = True) -> list[Event]:
    events: list[Event] = [
        make(OilReserveDefined, **WHEN, phase="setup", reserve=rid, faction=faction, location="pool", maximum=maximum)
    ]
    if tracked:
        events.append(make(OilTrackingStarted, **WHEN, phase="setup", reserve=rid, trigger="test", initial=level))
    return events


def spend(
    purpose: str,
    amount: int,
    *,
    rid: str = "japan",
    faction: str = "japan",
    side: str = "axis",
    phase: str = "oil_adjustment",
    **detail: int,
) -> OilExpended:
    return make(
        OilExpended,
        **WHEN,
        side=side,
        phase=phase,
        faction=faction,
        reserve=rid,
        purpose=purpose,
        amount=amount,
        detail=detail,
    )


def ship(amount: int, transports: int, *, faction: str = "western_allies", phase: str = "initial_supply") -> OilMoved:
    return make(
        OilMoved,
        **WHEN,
        side="allied",
        phase=phase,
        faction=faction,
        origin="us_atlantic_box",
        destination="wa_europe",
        amount=amount,
        mode="sea",
        sw_box="atlantic",
        transports=transports,
    )


def end(side: str = "axis") -> PlayerTurnEnded:
    return make(PlayerTurnEnded, **WHEN, side=side, phase="end_of_player_turn")


# ---------------------------------------------------------------------------------------------------------------------
# Spending only what is held (33.5)
# ---------------------------------------------------------------------------------------------------------------------


def test_spending_within_the_reserve_is_clean() -> None:
    events = [created(), *reserve("japan", "japan", 4), spend("strategic_air", 4, phase="combat", air_factors=20)]
    assert findings(events, "oil_available") == []


def test_a_fifth_counter_from_a_reserve_of_four_is_a_finding() -> None:
    events = [created(), *reserve("japan", "japan", 4), spend("army", 5)]
    assert findings(events, "oil_available") == [
        (4, "oil_available", "Japan spent 5 fifths (1 counter) from japan, which held 4 fifths: 1 short"),
    ]


def test_an_untracked_reserve_is_not_counted() -> None:
    events = [created(), *reserve("european_axis", "european_axis", 0, tracked=False)]
    events.append(spend("army", 5, rid="european_axis", faction="european_axis"))
    assert findings(events, "oil_available") == []


def test_moving_more_than_a_reserve_holds() -> None:
    move = make(
        OilMoved,
        **WHEN,
        side="allied",
        phase="initial_supply",
        faction="western_allies",
        origin="wa_sa",
        destination="wa_india",
        amount=10,
        mode="land",
    )
    events = [created(), *reserve("wa_sa", "western_allies", 5, maximum=15), move]
    assert findings(events, "oil_available") == [
        (
            4,
            "oil_available",
            "Western Allies moved 10 fifths (2 counters) from wa_sa, which held 5 fifths (1 counter): 5 short",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Purpose costs (33.6-33.8): TC-04, TC-15
# ---------------------------------------------------------------------------------------------------------------------

COST_CASES = [
    # (id, purpose, quantity key, quantity, paid, clean?)
    ("TC-04 1 counter = 25 BRPs", "construction", "brps", 25, 5, True),
    ("TC-04 1 counter + 1 fifth = 30 BRPs", "construction", "brps", 30, 6, True),
    ("TC-04 1 counter + 2 fifths = 35 BRPs", "construction", "brps", 35, 7, True),
    ("TC-04 3 fifths = 15 BRPs", "construction", "brps", 15, 3, True),
    ("TC-15 air 1 fifth = 5 factors", "strategic_air", "air_factors", 5, 1, True),
    ("TC-15 air 2 fifths = 10 factors", "strategic_air", "air_factors", 10, 2, True),
    ("TC-15 1 fifth = 1 heavy ship", "heavy_ships", "ships", 1, 1, True),
    ("TC-15 2 fifths = 2 heavy ships", "heavy_ships", "ships", 2, 2, True),
    ("TC-15 1 fifth = 1-5 sub factors", "submarines", "sub_factors", 5, 1, True),
    ("TC-15 2 fifths = 6-10 sub factors", "submarines", "sub_factors", 6, 2, True),
    ("TC-15 growth 2 fifths = 10 BRPs", "brp_growth", "brps", 10, 2, True),
    ("a full counter covers all strategic air", "strategic_air", "air_factors", 40, 5, True),
    ("a full counter may pay for 2 heavy ships", "heavy_ships", "ships", 2, 5, True),
]


@pytest.mark.parametrize(
    ("purpose", "key", "quantity", "paid"), [c[1:5] for c in COST_CASES], ids=[c[0] for c in COST_CASES]
)
def test_purpose_costs_from_the_worked_examples(purpose: str, key: str, quantity: int, paid: int) -> None:
    phase = {"construction": "unit_construction", "brp_growth": "year_start"}.get(purpose, "combat")
    expended = make(
        OilExpended,
        **WHEN,
        side="axis",
        phase=phase,
        faction="japan",
        reserve="japan",
        purpose=purpose,
        amount=paid,
        detail={key: quantity},
    )
    events = [created(), *reserve("japan", "japan", 50), expended]
    assert findings(events, "oil_cost") == []


FAULT_CASES = [
    (
        "army with 4 fifths",
        spend("army", 4),
        "Japan paid 4 fifths for army (an offset); 33.61C takes 5 fifths (1 counter)",
    ),
    (
        "TC-04 35 BRPs paid 6 fifths",
        spend("construction", 6, phase="unit_construction", brps=35),
        "Japan paid 6 fifths (1 counter + 1) for construction (35 brps); 33.61D, 33.82C: 7 fifths (1 counter + 2)",
    ),
    (
        "TC-15 12 air factors paid 2 fifths",
        spend("strategic_air", 2, phase="combat", air_factors=12),
        "Japan paid 2 fifths for strategic_air (12 air factors); 33.71D, 33.82A: 3 fifths or one full counter",
    ),
    (
        "submarines overpaid",
        spend("submarines", 3, phase="combat", sub_factors=6),
        "Japan paid 3 fifths for submarines (6 sub factors); 33.72D, 33.82B: 2 fifths",
    ),
]


@pytest.mark.plants("31-34/O-50", "31-34/O-54", "31-34/O-56", "31-34/O-57", "31-34/O-80", "31-34/O-82")
@pytest.mark.parametrize(("event", "message"), [c[1:] for c in FAULT_CASES], ids=[c[0] for c in FAULT_CASES])
def test_wrong_oil_amounts_for_the_purpose(event: OilExpended, message: str) -> None:
    events = [created(), *reserve("japan", "japan", 50), event]
    assert findings(events, "oil_cost") == [(4, "oil_cost", message)]


def test_a_quantity_the_log_does_not_give_is_reported_as_not_checked() -> None:
    report = run([created(), *reserve("japan", "japan", 50), spend("brp_growth", 2, phase="year_start")], "oil_cost")
    assert report.findings == ()
    assert [(s.check, s.times) for s in report.skipped] == [("oil_cost", 1)]


@pytest.mark.plants("31-34/O-51")
def test_offsets_are_bought_only_in_oil_adjustment_or_supply_determination() -> None:
    events = [
        created(),
        *reserve("japan", "japan", 50),
        spend("army", 5, phase="initial_supply"),
        spend("air_general", 5, phase="movement"),
        spend("construction", 2, phase="redeployment", brps=10),
        spend("heavy_ships", 1, phase="movement", ships=1),
    ]
    assert findings(events, "oil_timing") == [
        (
            5,
            "oil_timing",
            "Japan bought air_general oil in the movement phase; 33.61A, 33.71B-C allows it only in "
            "initial supply or oil adjustment or post combat supply",
        ),
        (
            6,
            "oil_timing",
            "Japan bought construction oil in the redeployment phase; 33.61D, 33.82C allows it only in "
            "unit construction",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Sea shipments (33.43)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-29", "31-34/O-30")
def test_sea_shipments_need_whole_counters_transports_and_the_right_segment() -> None:
    events = [created(), ship(10, 2), ship(7, 1, phase="movement"), ship(5, 1, faction="russia")]
    assert findings(events, "oil_shipment") == [
        (
            3,
            "oil_shipment",
            "Western Allies shipped oil by sea in the allied player turn's movement phase; sea "
            "shipments are made only in the owner's initial or post-combat supply determination (33.43)",
        ),
        (
            3,
            "oil_shipment",
            "Western Allies shipped 7 fifths (1 counter + 2) by sea; only whole oil counters move by sea (33.43B)",
        ),
        (4, "oil_shipment", "Russia may not ship oil by sea (33.43B)"),
    ]


@pytest.mark.plants("31-34/O-30")
def test_one_transport_per_counter() -> None:
    events = [created(), ship(15, 2)]
    assert findings(events, "oil_shipment") == [
        (2, "oil_shipment", "Western Allies shipped 3 oil counters with 2 transports; each counter needs one (33.43B)"),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# End of a player turn: maxima (33.422) and retained partials (33.83)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.plants("31-34/O-20")
def test_a_reserve_over_its_maximum_at_the_end_of_the_player_turn() -> None:
    events = [created(), *reserve("japan", "japan", 58), end()]
    assert findings(events, "reserve_maximum") == [
        (
            4,
            "reserve_maximum",
            "reserve japan holds 58 fifths (11 counters + 3) at the end of the axis player turn, "
            "above its maximum of 50 fifths (10 counters); the 5 excess fifths were not eliminated (33.422)",
        ),
    ]


def test_eliminating_the_excess_is_clean_and_eliminating_more_is_not() -> None:
    def eliminate(n: int) -> OilCountersEliminated:
        return make(
            OilCountersEliminated,
            **WHEN,
            side="axis",
            phase="end_of_player_turn",
            faction="japan",
            reserve="japan",
            amount=n,
            reason="over_reserve_max",
        )

    assert findings([created(), *reserve("japan", "japan", 58), eliminate(5), end()], "33.422") == []
    assert findings([created(), *reserve("japan", "japan", 58), eliminate(10), end()], "33.422") == [
        (
            4,
            "over_maximum_elimination",
            "10 fifths (2 counters) eliminated from japan as over its maximum, but it "
            "held 58 fifths (11 counters + 3) against a maximum of 50 fifths (10 counters) (8 over)",
        ),
    ]


def test_tc08_south_africa_keeps_at_most_three_counters() -> None:
    """TC-08: the WA hold more than 3 counters in the South Africa box; at the end of their player turn at most 3."""
    base = [created(), *reserve("wa_sa", "western_allies", 20, maximum=15)]
    assert findings([*base, end("allied")], "reserve_maximum") == [
        (
            4,
            "reserve_maximum",
            "reserve wa_sa holds 20 fifths (4 counters) at the end of the allied player turn, "
            "above its maximum of 15 fifths (3 counters); the 5 excess fifths were not eliminated (33.422)",
        ),
    ]
    eliminated = make(
        OilCountersEliminated,
        **WHEN,
        side="allied",
        phase="end_of_player_turn",
        faction="western_allies",
        reserve="wa_sa",
        amount=5,
        reason="over_reserve_max",
    )
    assert findings([*base, eliminated, end("allied")], "reserve_maximum") == []


def test_a_reserve_id_33422_does_not_name_is_said_to_be_held_to_its_declared_maximum() -> None:
    """33.422F: the South Africa box holds at most 3 counters whatever is declared. Its id spelt "sa_box" (no kind
    given) is none of 33.422's: the audit cannot give its maximum, and says so at each player turn's end instead of
    holding it in silence to the declared 5; named wa_sa, the declared 5 gives way to the rules' 3 (TC-08)."""
    odd = [created(), *reserve("sa_box", "western_allies", 20, maximum=25), end("allied")]
    said = [s.reason for s in run(odd).skipped if s.check == "reserve_maximum"]
    assert said == [
        "reserve 'sa_box' is none the 33.422 names (oil_reserve_defined.kind): its maximum is the one declared, not "
        "the rules' (33.422A-I)"
    ]
    named = [created(), *reserve("wa_sa", "western_allies", 20, maximum=25), end("allied")]
    assert [f[2] for f in findings(named, "reserve_maximum")] == [
        "reserve wa_sa holds 20 fifths (4 counters) at the end of the allied player turn, above its maximum of 15 "
        "fifths (3 counters); the 5 excess fifths were not eliminated (33.422)"
    ]
    assert [s.reason for s in run(named).skipped if s.check == "reserve_maximum"] == []


def test_tc02_casablanca_reserve_edge_case() -> None:
    """TC-02: WA Europe 4 counters; 3 pay air, naval and army in Britain (1 left); 6 shipped in by 6 Atlantic
    transports (7); the maximum is 6, so unless one more counter is spent one is eliminated at the end of the turn."""
    offsets = [
        spend(p, 5, rid="wa_europe", faction="western_allies", side="allied")
        for p in ("air_general", "naval_general", "army")
    ]
    base = [created(), *reserve("wa_europe", "western_allies", 20, maximum=30), *offsets, ship(30, 6)]
    more = spend("army", 5, rid="wa_europe", faction="western_allies", side="allied", phase="post_combat_supply")
    assert findings([*base, more, end("allied")], "33.422") == []
    assert findings([*base, end("allied")], "33.422") == [
        (
            8,
            "reserve_maximum",
            "reserve wa_europe holds 35 fifths (7 counters) at the end of the allied player turn, "
            "above its maximum of 30 fifths (6 counters); the 5 excess fifths were not eliminated (33.422)",
        ),
    ]


@pytest.mark.plants("31-34/O-81")
def test_a_faction_keeps_at_most_four_partial_fifths() -> None:
    events = [
        created(),
        *reserve("wa_sa", "western_allies", 14, maximum=15),
        *reserve("wa_india", "western_allies", 3, maximum=15),
        end("axis"),
        end("allied"),
    ]
    assert findings(events, "partial_retained") == [
        (
            7,
            "partial_retained",
            "Western Allies end their player turn with 7 partial oil fifths (wa_india 3, wa_sa 4); "
            "33.83 lets an alliance faction keep at most 4: 5 should have been consolidated into full counters",
        ),
    ]
    clean = [created(), *reserve("wa_sa", "western_allies", 14, maximum=15), end("allied")]
    assert findings(clean, "partial_retained") == []
