"""The construction checks (27.1-27.6, 27.8-27.9): costs; construction oil (27.35A-F); limits and their inputs
(27.3); location limits (27.47; DT-18); Commonwealth payers and transports (27.472-27.475); training rates (27.61);
the research-phase SW builds (27.91A). A clean case and a planted fault for each, and the 27-30 extract's derived
cases DT-1 to DT-7 (redeployment and railheads: test_redeployment_checks.py; placement: test_placement_checks.py)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    ConstructionLimitDeclared,
    Event,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
    OilEffectAccepted,
    OilExpended,
    OilReserveDefined,
    OilTrackingStarted,
    ShipLaidDown,
    UnitBuilt,
    UnitEliminated,
    UnitPlaced,
    WarDeclared,
)
from tests.build import FALL, WINTER, brps, built, declared, findings, make, map_data, run, seqs
from tests.build import audit_check as audit
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created

E = TypeVar("E", bound=Event)


def build(
    unit: str,
    unit_type: str,
    factors: int,
    cost: int,
    *,
    owner: str = "germany",
    multiplier: int = 1,
    oil: int | None = None,
    when: dict[str, Any] = FALL,
    side: str = "axis",
    phase: str = "unit_construction",
    inverted: bool | None = None,
) -> UnitBuilt:
    extra: dict[str, Any] = {} if inverted is None else {"inverted": inverted}
    return make(
        UnitBuilt,
        **when,
        side=side,
        phase=phase,
        unit=unit,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,
        factors=factors,
        location="EUR:L32",
        cost=cost,
        multiplier=multiplier,
        oil_covered_brps=oil,
        **extra,
    )


def placed(unit: str, unit_type: str, factors: int, *, owner: str = "germany", at: str = "EUR:L32") -> UnitPlaced:
    return make(
        UnitPlaced,
        **FALL,
        phase="setup",
        unit=unit,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,
        factors=factors,
        location=at,
    )


def eliminated(unit: str, cause: str, *, when: dict[str, Any] = FALL, side: str = "axis") -> UnitEliminated:
    return make(UnitEliminated, **when, side=side, phase="post_combat_supply", unit=unit, cause=cause)


# ---------------------------------------------------------------------------------------------------------------------
# Costs (27.11, 27.13, 27.14, 27.35B)


@pytest.mark.plants("C-01")
def test_a_unit_costs_its_27_11_rate() -> None:
    events: list[Event] = [created(), build("ger-arm-7", "armor", 4, 8), build("ger-arm-8", "armor", 4, 4)]
    assert findings(events, "27.11") == [
        (3, "unit_cost", "Germany paid 4 BRPs for a 4-factor armor unit; 27.11 gives 8 (2 per factor)"),
    ]


@pytest.mark.parametrize(
    ("unit_type", "factors", "cost"),
    [("infantry", 3, 3), ("armor", 3, 6), ("airborne", 1, 3), ("aaf", 5, 15), ("nas", 2, 2), ("submarine", 1, 3)],
)
def test_27_11_rates_audit_clean(unit_type: str, factors: int, cost: int) -> None:
    assert findings([created(), build("u-1", unit_type, factors, cost, inverted=True)], "27.11") == []


@pytest.mark.plants("C-02.A")
def test_same_turn_rebuild_of_a_voluntarily_eliminated_unit_is_doubled() -> None:
    events: list[Event] = [
        created(),
        placed("ger-arm-1", "armor", 4),
        eliminated("ger-arm-1", "voluntary"),
        build("ger-arm-1", "armor", 4, 8),
    ]
    assert findings(events, "27.13") == [
        (
            4,
            "same_turn_rebuild",
            "ger-arm-1 was eliminated (voluntary) in Fall 1939 and is rebuilt in the same game turn: 27.13A doubles "
            "its cost to 16 BRPs, not 8",
        ),
    ]
    events[3] = build("ger-arm-1", "armor", 4, 16, multiplier=2)
    assert findings(events, "27.1") == []


@pytest.mark.plants("C-03")
def test_a_rebuild_after_combat_or_in_a_later_turn_pays_normal_cost() -> None:
    events: list[Event] = [
        created(),
        placed("ger-arm-1", "armor", 4),
        placed("ger-inf-1", "infantry", 3),
        eliminated("ger-arm-1", "isolation"),
        eliminated("ger-inf-1", "combat"),
        build("ger-inf-1", "infantry", 3, 3),
        build("ger-arm-1", "armor", 4, 16, multiplier=2, when=WINTER, oil=8),
    ]
    assert findings(events, "27.13") == [
        (
            7,
            "same_turn_rebuild",
            "Germany paid 16 BRPs (x2) for ger-arm-1, but it was eliminated (isolation) in Fall 1939, which does not "
            "double the cost and oil covers it: normal cost 8 (27.13A)",
        ),
    ]


@pytest.mark.parametrize(
    ("case", "when", "oil", "cost", "multiplier", "expected"),
    [
        ("DT-6 no coverage", FALL, 0, 9, 3, []),
        ("DT-6 with coverage", FALL, 3, 6, 2, []),
        ("DT-6 next turn, coverage", WINTER, 3, 3, 1, []),
        (
            "DT-6 doubled, not tripled",
            FALL,
            0,
            6,
            2,
            [
                (
                    4,
                    "triple_cost",
                    "ger-inf-1 was eliminated (isolation) in Fall 1939 and is rebuilt the same game turn with 3 of "
                    "its 3 BRPs not covered by oil: 27.14 triples that part (not x4), 9 BRPs in all, not 6",
                )
            ],
        ),
    ],
)
@pytest.mark.plants("C-02.C")
def test_dt6_triple_cost(
    case: str, when: dict[str, Any], oil: int, cost: int, multiplier: int, expected: list[tuple[int, str, str]]
) -> None:
    events: list[Event] = [
        created(),
        placed("ger-inf-1", "infantry", 3),
        eliminated("ger-inf-1", "isolation"),
        build("ger-inf-1", "infantry", 3, cost, multiplier=multiplier, oil=oil, when=when),
    ]
    assert findings(events, "27.1") == expected, case


def committed(faction: str, counters: int) -> OilExpended:
    return make(
        OilExpended,
        **FALL,
        side="axis",
        phase="unit_construction",
        faction=faction,
        reserve="ea",
        purpose="construction",
        amount=5 * counters,
    )


@pytest.mark.plants("C-02.B")
def test_dt5_builds_beyond_the_oil_coverage_cost_double() -> None:
    events: list[Event] = [
        created(),
        committed("european_axis", 1),
        build("ger-arm-9", "armor", 3, 12, multiplier=2, oil=0),
        build("ger-arm-10", "armor", 3, 6, oil=0),
        build("ger-arm-11", "armor", 3, 9, oil=3),
    ]
    assert findings(events, "27.35") == [
        (
            4,
            "oil_doubling",
            "6 of the 6 BRPs of ger-arm-10 lie beyond the oil coverage: 27.35B doubles them, 12 BRPs in all, not 6",
        ),
    ]


def test_a_doubling_without_recorded_oil_coverage_is_reported_as_not_checked() -> None:
    report = run([created(), build("ger-arm-9", "armor", 3, 12, multiplier=2)], "27.35")
    assert report.findings == ()
    assert [(s.check, s.times) for s in report.skipped] == [("oil_doubling", 1)]


@pytest.mark.plants("27-30/O-03")
def test_the_us_never_pays_oil_doubling() -> None:
    events: list[Event] = [created(), build("usa-inf-1", "infantry", 3, 6, owner="usa", side="allied", multiplier=2)]
    assert findings(events, "27.13") == [
        (
            2,
            "same_turn_rebuild",
            "The U.S. paid 6 BRPs (x2) for usa-inf-1, but it was not eliminated this game turn and oil covers it: "
            "normal cost 3 (27.13A)",
        ),
    ]


def test_a3r_option_switches_the_same_turn_penalty_off() -> None:
    events: list[Event] = [
        created(rules="a3r", options={"econ.same_turn_rebuild": "a3r"}),
        placed("ger-arm-1", "armor", 4),
        eliminated("ger-arm-1", "voluntary"),
        build("ger-arm-1", "armor", 4, 8),
    ]
    assert findings(events, "27.1") == []


# ---------------------------------------------------------------------------------------------------------------------
# Timing, specialized units, inversion, naval air


@pytest.mark.plants("C-05")
def test_construction_happens_in_the_unit_construction_phase() -> None:
    events: list[Event] = [
        created(),
        build("ger-inf-1", "infantry", 3, 3, phase="redeployment"),
        build("ger-int-1", "interceptor", 1, 3, phase="research", inverted=False),
    ]
    assert findings(events, "27.11") == [
        (
            2,
            "construction_phase",
            "ger-inf-1 is built in the redeployment phase; construction happens in the unit construction phase "
            "(27.11, 27.91)",
        ),
    ]


@pytest.mark.plants("P-01")
def test_specialized_units_wait_a_player_turn() -> None:
    events: list[Event] = [
        created(),
        placed("ger-ab-1", "airborne", 1),
        eliminated("ger-ab-1", "combat"),
        build("ger-ab-1", "airborne", 1, 3),
        build("ger-ab-1", "airborne", 1, 3, when=WINTER),
    ]
    assert findings(events, "27.21") == [
        (
            4,
            "specialized_rebuild",
            "airborne unit ger-ab-1 was eliminated in this player turn and may not be rebuilt before the next (27.21)",
        ),
    ]


@pytest.mark.plants("I-01")
def test_new_air_units_enter_inverted() -> None:
    events: list[Event] = [
        created(),
        build("ger-aaf-6", "aaf", 5, 15),
        build("ger-aaf-7", "aaf", 5, 15, inverted=False),
    ]
    assert findings(events, "27.81") == [
        (
            3,
            "built_inverted",
            "new army air unit ger-aaf-7 is placed uninverted; constructed air and naval units enter play inverted "
            "(27.81)",
        ),
    ]


@pytest.mark.plants("A-01.A")
def test_naval_air_within_the_training_rate() -> None:
    events: list[Event] = [
        created(),
        build("ger-nas-1", "nas", 1, 1),
        build("ger-nas-2", "nas", 1, 1),
        build("ger-nas-3", "nas", 1, 1),
        build("jap-nas-1", "nas", 3, 3, owner="japan"),
        build("ger-nas-2", "nas", 1, 1, when=WINTER),
    ]
    assert findings(events, "27.61") == [
        (
            3,
            "naval_air_rate",
            "2 naval air factors are now built on Germany's training rate this turn; the rate is 1 (27.61)",
        ),
    ]


@pytest.mark.plants("A-01.B")
@pytest.mark.parametrize("power", ["france", "russia", "china"])
def test_france_russia_and_china_build_no_naval_air(power: str) -> None:
    """27.61: France, Russia and China may never build naval air units; their other air units are not naval air's."""
    assert findings([created(), build(f"{power}-af-1", "aaf", 1, 3, owner=power, side="allied")], "27.61") == []
    assert findings([created(), build(f"{power}-nas-1", "nas", 1, 1, owner=power, side="allied")], "27.61") == [
        (
            2,
            "naval_air_rate",
            f"1 naval air factors are now built on {power.capitalize()}'s training rate this turn; the rate is 0 "
            "(27.61)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits (27.3): DT-1..DT-4


def limit(power: str, value: int, *, when: dict[str, Any] = FALL, side: str = "axis") -> ConstructionLimitDeclared:
    return make(ConstructionLimitDeclared, **when, side=side, phase="unit_construction", power=power, limit=value)


def base(power: str, value: int) -> BrpsSet:
    return make(BrpsSet, **FALL, phase="setup", power=power, base=value, available=value)


@pytest.mark.parametrize(("brp_base", "expected"), [(150, 50), (151, 50), (152, 50), (153, 51)])
def test_dt1_basic_limit(brp_base: int, expected: int) -> None:
    assert findings([created(), base("germany", brp_base), limit("germany", expected)], "27.3") == []
    wrong = findings([created(), base("germany", brp_base), limit("germany", expected + 1)], "27.3")
    assert wrong == [
        (
            3,
            "limit_declared",
            f"Germany declares a construction limit of {expected + 1}; 27.32-27.34 give {expected} "
            f"(base {brp_base} / 3 = {expected})",
        )
    ]


def lost(power: str, amount: int, cause: str) -> BrpLost:
    return make(BrpLost, **FALL, side="allied", phase="combat", power=power, amount=amount, cause=cause)


@pytest.mark.plants("L-02")
def test_dt2_pooled_losses_and_rockets() -> None:
    events: list[Event] = [
        created(),
        base("germany", 150),
        lost("germany", 4, "bombing"),
        lost("germany", 4, "partisans"),
        limit("germany", 48),
        lost("germany", 2, "rocket"),
        limit("germany", 46),
        limit("germany", 47),
    ]
    assert findings(events, "27.3") == [
        (
            8,
            "limit_declared",
            "Germany declares a construction limit of 47; 27.32-27.34 give 46 (base 150 / 3 = 50 - 4 (losses, grants "
            "given, iron ore))",
        ),
    ]


def test_dt3_grants_move_both_limits() -> None:
    grant = make(
        BrpGrantMade, **FALL, side="allied", phase="unit_construction", donor="britain", recipient="russia", amount=10
    )
    events: list[Event] = [
        created(),
        base("britain", 125),
        base("russia", 90),
        grant,
        limit("britain", 38, side="allied"),
        limit("russia", 33, side="allied"),
    ]
    assert findings(events, "27.3") == []


@pytest.mark.plants("L-04")
def test_dt4_iron_ore_is_five_not_cumulative() -> None:
    cut = make(IronOreStatusChanged, **FALL, phase="combat", cut=True)
    events: list[Event] = [created(), base("germany", 150), cut, cut, limit("germany", 45), limit("germany", 40)]
    assert [f[:2] for f in findings(events, "27.3")] == [(6, "limit_declared")]


@pytest.mark.plants("L-01")
def test_spending_over_the_limit() -> None:
    events: list[Event] = [
        created(),
        base("germany", 150),
        limit("germany", 50),
        build("ger-aaf-1", "aaf", 5, 15),
        build("ger-aaf-2", "aaf", 5, 15),
        build("ger-aaf-3", "aaf", 5, 15),
        build("ger-arm-1", "armor", 4, 8),
        build("ger-inf-1", "infantry", 3, 3),
        build("ger-arm-1", "armor", 4, 8, when=WINTER),
    ]
    assert findings(events, "27.31") == [
        (
            7,
            "construction_limit",
            "Germany has now spent 53 BRPs on construction this turn; the construction limit 27.32-27.34 give is 50 "
            "(27.31)",
        ),
    ]


def test_enemy_held_keas_count_in_the_limit() -> None:
    """27.335: the ledger deducts an original KEA in enemy hands; the audit reads that limit (it used to stand aside
    with "not checked")."""
    kea = make(
        KeaControlChanged, **FALL, phase="combat", kea="ruhr", original_owner="germany", controller="russia", value=15
    )
    events: list[Event] = [created(), base("germany", 150), kea, limit("germany", 50), limit("germany", 45)]
    report = run(events, "27.3")
    assert [(f.seq, f.check, f.expected) for f in report.findings] == [(4, "limit_declared", "45")]
    assert "adjusted base 135 / 3 = 45" in report.findings[0].message
    assert report.skipped == ()


@pytest.mark.plants("L-12")
def test_russian_limits_are_checked_once_the_log_records_ic_values() -> None:
    ic = make(IcValueChanged, **FALL, side="allied", phase="unit_construction", hex="EUR:K37", value=9, cause="built")
    without = run([created(), base("russia", 150), limit("russia", 51, side="allied")], "27.32")
    assert without.findings == ()  # a higher claim could be right: unrecorded ICs raise the limit
    assert [(s.check, s.reason) for s in without.skipped] == [
        ("limit_declared", "the log does not record the BRP value of Russian ICs (27.32A)")
    ]
    with_ics = findings([created(), base("russia", 150), ic, limit("russia", 51, side="allied")], "27.32")
    assert [(seq, check) for seq, check, _ in with_ics] == [(4, "limit_declared")]
    assert "adjusted base 159 / 3 = 53" in with_ics[0][2]


def test_repairs_paid_as_brp_spent_count_against_the_limit() -> None:
    repair = make(
        BrpSpent, **FALL, side="axis", phase="unit_construction", power="germany", amount=3, category="repair"
    )
    events: list[Event] = [created(), base("germany", 150), build("ger-aaf-1", "aaf", 16, 48), repair]
    assert [(seq, check) for seq, check, _ in findings(events, "27.31")] == [(4, "construction_limit")]
    excluded = [created(options={"econ.limit_counts_repairs": "excluded"}), *events[1:]]
    assert findings(excluded, "27.31") == []


def test_western_allied_oil_is_read_from_the_oil_reserves() -> None:
    """27.35G: British builds pay no oil doubling until the Western Allies track oil; the oil projection says when."""
    doubled = build("bri-arm-1", "armor", 3, 12, owner="britain", side="allied", multiplier=2)
    before = findings([created(), doubled], "27.13")
    assert [(seq, check) for seq, check, _ in before] == [(2, "same_turn_rebuild")]
    reserve = make(
        OilReserveDefined,
        **FALL,
        phase="setup",
        reserve="wa-1",
        faction="western_allies",
        location="EUR:A1",
        maximum=50,
    )
    started = make(
        OilTrackingStarted, **FALL, phase="oil_adjustment", reserve="wa-1", trigger="fall_of_france", initial=5
    )
    report = run([created(), reserve, started, doubled], "27.")
    assert report.findings == ()
    assert [s.check for s in report.skipped if s.check in ("oil_doubling", "construction_limit")] == [
        "oil_doubling",
        "construction_limit",
    ]


def test_spending_against_a_declared_limit_without_a_base() -> None:
    events: list[Event] = [created(), limit("italy", 5), build("ita-arm-1", "armor", 3, 6, owner="italy")]
    assert findings(events, "27.31") == [
        (
            3,
            "construction_limit",
            "Italy has now spent 6 BRPs on construction this turn; the construction limit it declared is 5 (27.31)",
        ),
    ]


def oil_committed(faction: str, counters: int, *, side: str = "axis") -> OilExpended:
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


def limit_of(power: str, value: int, side: str = "axis", **components: int) -> ConstructionLimitDeclared:
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
        oil_committed("european_axis", 1),
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
    assert seqs([created(), oil_committed("european_axis", 2), *events[2:]], "oil_coverage") == []


@pytest.mark.plants("27-30/O-04")
def test_oil_counters_do_not_raise_the_limit() -> None:
    events: list[Event] = [
        created(),
        brps("germany", 30),
        oil_committed("european_axis", 4),
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
    assert seqs(
        [created(), oil_committed("western_allies", 1, side="allied"), accepted], "construction_oil_effect"
    ) == [3]


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits and their inputs (27.32-27.34)


@pytest.mark.plants("L-03")
def test_box_reductions_are_capped() -> None:
    """27.331B, 27.333: bombing at the Australia box reduces the British limit by at most 3 a turn."""
    bombed = make(
        BrpLost, **FALL, side="axis", phase="combat", power="britain", amount=30, cause="bombing", target="australia"
    )
    events: list[Event] = [created(), brps("britain", 120), bombed]
    assert seqs([*events, limit_of("britain", 37, side="allied")], "limit_declared") == []
    assert seqs([*events, limit_of("britain", 30, side="allied")], "limit_declared") == [4]


@pytest.mark.plants("L-05")
def test_dt3_grants_move_both_limits_but_not_for_the_commonwealth() -> None:
    to_russia = make(
        BrpGrantMade, **FALL, side="allied", phase="unit_construction", donor="britain", recipient="russia", amount=10
    )
    to_australia = make(
        BrpGrantMade, **FALL, side="allied", phase="unit_construction", donor="usa", recipient="australia", amount=10
    )
    base: list[Event] = [created(), brps("britain", 125), brps("usa", 90)]
    assert seqs([*base, to_russia, limit_of("britain", 38, side="allied")], "limit_declared") == []
    assert seqs([*base, to_australia, limit_of("britain", 41, side="allied")], "limit_declared") == []
    assert seqs([*base, to_australia, limit_of("britain", 44, side="allied")], "limit_declared") == [5]


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
    assert seqs([*events, limit_of("britain", 13, side="allied")], "limit_declared") == []
    assert seqs([*events, limit_of("britain", 6, side="allied")], "limit_declared") == [4]


@pytest.mark.plants("L-07")
def test_no_economic_preparation_in_the_classic_game() -> None:
    events: list[Event] = [created(), brps("germany", 150)]
    assert seqs([*events, limit_of("germany", 50)], "limit_declared") == []
    assert seqs([*events, limit_of("germany", 53, econ_prep=3)], "limit_declared") == [3]


@pytest.mark.plants("L-08")
def test_v_weapons_raise_the_german_limit_this_turn() -> None:
    hit = make(
        BrpLost, **FALL, side="axis", phase="combat", power="britain", amount=6, cause="flying_bomb", attacker="germany"
    )
    events: list[Event] = [created(), brps("germany", 150), hit]
    assert seqs([*events, limit_of("germany", 56)], "limit_declared") == []
    assert seqs([*events, limit_of("germany", 50)], "limit_declared") == [4]


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


@pytest.mark.plants("L-09.B", "L-09.C", "L-09.D")
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
        "not checked: no map data for PAC:Q20 (country): the game declares no map data"
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

    assert seqs([created(), sa("s1", 10, transports={"atlantic": 1})], "minor_transports") == [2]
    assert seqs([created(), sa("s1", 6, transports={"atlantic": 1})], "minor_transports") == []  # rounding: not checked
    assert seqs([created(), sa("s1", 6, transports={"atlantic": 2})], "minor_transports") == []
    assert seqs([created(), sa("s1", 6, transports={"pacific": 2})], "minor_transports") == [2]
    assert skipped([created(), sa("s1", 6)], "minor_transports") == [
        "the transports used for U.S.-paid Commonwealth construction are not recorded"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Training rates (27.61)


def _australian_nas(unit: str, rate: str | None) -> Event:
    return built(
        unit, "nas", 1, "box:australia", owner="britain", nationality="commonwealth:australia", naval_air_rate=rate
    )


_JAPAN_USA = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="usa", brp_cost=35)


@pytest.mark.plants("A-02.B")
def test_australian_naval_air_on_britains_rate_only_until_the_us_is_at_war_with_japan() -> None:
    """27.61B: Britain may use its naval air training rate for Australian squadrons until the U.S. is at war with
    Japan (and they count against it: a third factor exceeds Britain's 2)."""
    assert findings([created(), _australian_nas("n1", "britain"), _australian_nas("n2", "britain")], "27.61") == []
    assert findings([created(), _JAPAN_USA, _australian_nas("n1", "britain")], "27.61") == [
        (
            3,
            "naval_air_rate",
            "Australian naval air unit n1 is built on Britain's training rate; 27.61B allows Australia or the U.S. now",
        ),
    ]
    three = [created(), *(_australian_nas(f"n{i}", "britain") for i in range(3))]
    assert seqs(three, "naval_air_rate") == [4]


@pytest.mark.plants("A-02.C")
def test_australian_naval_air_on_the_us_rate_only_once_the_us_is_at_war_with_japan() -> None:
    """27.61B: the U.S. may use its rate for Australian squadrons if it is at war with Japan."""
    assert findings([created(), _JAPAN_USA, _australian_nas("n1", "usa")], "27.61") == []
    assert findings([created(), _australian_nas("n1", "usa")], "27.61") == [
        (
            2,
            "naval_air_rate",
            "Australian naval air unit n1 is built on the U.S.'s training rate; 27.61B allows Australia or Britain now",
        ),
    ]


def test_australian_naval_air_on_australias_own_rate_is_allowed_and_not_checked() -> None:
    """27.61B: Australia's own naval air training rate may be used at any time; its size is not in the texts, so the
    build is never accused, only reported as not checked (A-02.A stays partial)."""
    assert findings([created(), _australian_nas("n1", "australia")], "27.61") == []
    assert findings([created(), _JAPAN_USA, _australian_nas("n1", "australia")], "27.61") == []
    assert skipped([created(), _australian_nas("n1", "australia")], "naval_air_rate") == [
        "Australian naval air on Australia's own training rate, which the rules do not give"
    ]
    assert skipped([created(), _australian_nas("n1", None)], "naval_air_rate") == [
        "whose training rate an Australian naval air unit is built on (naval_air_rate)"
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


def _research(unit: str, owner: str) -> Event:
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


@pytest.mark.plants("I-04.A")
def test_the_axis_place_research_builds_first() -> None:
    assert seqs([created(), _research("g", "germany"), _research("b", "britain")], "research_build_order") == []
    late = audit([created(), _research("b", "britain"), _research("g", "germany")], None, "research_build_order")
    assert [(f.seq, f.message) for f in late.findings] == [
        (
            3,
            "Germany places new interceptor unit g after the Allies placed theirs; the Axis place their "
            "research-phase SW builds first (27.91A)",
        )
    ]


@pytest.mark.plants("I-04.B")
def test_research_builds_count_against_that_turns_construction_limit() -> None:
    """27.91A: a research-phase build counts against the construction limit of the turn: Germany's base of 9 gives
    a limit of 3, one interceptor (3 BRPs) fits, a second does not."""
    spring = {"year": 1941, "season": "spring"}
    one = [created(), brps("germany", 9, when=spring), _research("g", "germany")]
    assert [f.seq for f in audit(one, None, "construction_limit").findings] == []
    over = [*one, _research("g2", "germany")]
    assert [(f.seq, f.rule) for f in audit(over, None, "construction_limit").findings] == [(4, "27.31")]


@pytest.mark.plants("27-30/O-06")
def test_the_oil_committed_to_construction_exists_in_the_reserve() -> None:
    """O-06 (33.5): the counters committed to construction come out of the faction's reserve; the check lives in the
    oil family (``oil_available``)."""
    from awaw_events.events import OilReserveDefined, OilTrackingStarted

    reserve = make(
        OilReserveDefined, **FALL, phase="setup", reserve="r", faction="european_axis", location="EUR:L32", maximum=50
    )
    started = make(OilTrackingStarted, **FALL, phase="setup", reserve="r", trigger="start", initial=10)
    assert seqs([created(), reserve, started, oil_committed("european_axis", 2)], "oil_available") == []
    assert seqs([created(), reserve, started, oil_committed("european_axis", 3)], "oil_available") == [4]
