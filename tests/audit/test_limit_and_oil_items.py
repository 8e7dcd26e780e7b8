"""The construction limit's inputs (L-04, L-05, L-11, L-12) and construction oil (O-01, O-03, O-05) of the 27-30
extract's auditor checklist (2.2, 2.3), clause by clause: each legal case audits clean, each planted fault is found
with its rule, and where the texts leave a reading open (27.34A's order, 27.472B's rounding) the audit says "not
checked" instead of choosing one (27-30 extract 1.4 [UNSURE] (b), open question 15)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    BrpBaseChanged,
    BrpGrantMade,
    BrpLost,
    BrpsSet,
    ConstructionLimitDeclared,
    Event,
    IcValueChanged,
    IronOreStatusChanged,
    OilEffectAccepted,
    OilExpended,
    OilReserveDefined,
    OilTrackingStarted,
    UnitBuilt,
    WarDeclared,
)
from tests.build import FALL, WINTER, built, make, seqs
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created

ALLIED = {"side": "allied"}


def base(power: str, value: int) -> BrpsSet:
    return make(BrpsSet, **FALL, phase="setup", power=power, base=value, available=value)


def limit(power: str, value: int, *, when: dict[str, Any] = FALL) -> ConstructionLimitDeclared:
    side = "axis" if power in ("germany", "italy", "japan") else "allied"
    return make(ConstructionLimitDeclared, **when, side=side, phase="unit_construction", power=power, limit=value)


def grant(donor: str, recipient: str, amount: int) -> BrpGrantMade:
    return make(
        BrpGrantMade, **FALL, **ALLIED, phase="unit_construction", donor=donor, recipient=recipient, amount=amount
    )


def iron_ore(cut: bool, when: dict[str, Any] = FALL) -> IronOreStatusChanged:
    return make(IronOreStatusChanged, **when, side="allied", phase="combat", cut=cut)


def ic(hex_: str, value: int, cause: str = "built") -> IcValueChanged:
    return make(IcValueChanged, **FALL, **ALLIED, phase="unit_construction", hex=hex_, value=value, cause=cause)


def oil_for_construction(faction: str, fifths: int, *, side: str = "axis") -> OilExpended:
    return make(
        OilExpended,
        **FALL,
        side=side,
        phase="unit_construction",
        faction=faction,
        reserve="r",
        purpose="construction",
        amount=fifths,
    )


def build(unit: str, cost: int, *, owner: str = "germany", oil: int | None = None, **kw: Any) -> UnitBuilt:
    """An armor unit of 5 factors (10 BRPs at normal cost, 27.11) at the cost recorded."""
    return built(unit, "armor", 5, "EUR:L32", owner=owner, cost=cost, oil_covered_brps=oil, **kw)


# ---------------------------------------------------------------------------------------------------------------------
# L-04 Swedish iron ore (27.332)


@pytest.mark.plants("L-04.A")
def test_iron_ore_takes_exactly_five_and_not_twice() -> None:
    cut = [created(), base("germany", 150), iron_ore(True)]  # basic 50
    assert seqs([*cut, limit("germany", 45)], "limit_declared") == []
    assert found([*cut, limit("germany", 46)], "limit_declared") == [
        (
            4,
            "Germany declares a construction limit of 46; 27.32-27.34 give 45 (base 150 / 3 = 50 - 5 (losses, grants "
            "given, iron ore))",
        )
    ]
    assert seqs([*cut, limit("germany", 44)], "limit_declared") == [4]
    # cut off again while cut off: not cumulative
    assert seqs([*cut, iron_ore(True), limit("germany", 45)], "limit_declared") == []
    assert seqs([*cut, iron_ore(True), limit("germany", 40)], "limit_declared") == [5]
    # and still 5 the next turn, while the shipments stay cut off
    assert seqs([*cut, limit("germany", 45, when=WINTER)], "limit_declared") == []


@pytest.mark.plants("L-04.B")
def test_iron_ore_restored_takes_nothing() -> None:
    restored = [created(), base("germany", 150), iron_ore(True), iron_ore(False, WINTER)]
    assert seqs([*restored, limit("germany", 50, when=WINTER)], "limit_declared") == []
    assert found([*restored, limit("germany", 45, when=WINTER)], "limit_declared") == [
        (5, "Germany declares a construction limit of 45; 27.32-27.34 give 50 (base 150 / 3 = 50)")
    ]


# ---------------------------------------------------------------------------------------------------------------------
# L-05 grants (27.334, 27.34A)


@pytest.mark.plants("L-05.A")
def test_a_grant_moves_both_limits_by_a_third_rounded_down() -> None:
    events: list[Event] = [created(), base("usa", 90), base("britain", 125), grant("usa", "britain", 11)]
    # the U.S. 30 - floor(11 / 3) = 27; Britain 41 + 3 = 44: the same 3 both ways
    assert seqs([*events, limit("usa", 27), limit("britain", 44)], "limit_declared") == []
    assert found([*events, limit("usa", 26)], "limit_declared") == [
        (
            5,
            "The U.S. declares a construction limit of 26; 27.32-27.34 give 27 (base 90 / 3 = 30 - 3 (losses, grants "
            "given, iron ore))",
        )
    ]
    assert found([*events, limit("britain", 45)], "limit_declared") == [
        (
            5,
            "Britain declares a construction limit of 45; 27.32-27.34 give 44 (base 125 / 3 = 41 + 3 (grants "
            "received, V-weapons))",
        )
    ]
    assert seqs([*events, limit("britain", 41)], "limit_declared") == [5]  # the recipient's increase forgotten


@pytest.mark.plants("L-05.C")
def test_us_grants_to_the_commonwealth_do_not_raise_the_british_limit() -> None:
    events: list[Event] = [created(), base("usa", 90), base("britain", 125), grant("usa", "australia", 12)]
    assert seqs([*events, limit("usa", 26), limit("britain", 41)], "limit_declared") == []
    assert found([*events, limit("britain", 45)], "limit_declared") == [
        (5, "Britain declares a construction limit of 45; 27.32-27.34 give 41 (base 125 / 3 = 41)")
    ]
    assert seqs([*events, limit("usa", 30)], "limit_declared") == [5]  # the donor's limit still falls


def test_a_grant_to_a_power_whose_reductions_pass_its_limit_is_judged_under_both_readings() -> None:
    """27.34A: increases are 'taken into account after all reductions'. Britain: basic 10, 45 BRPs bombed (-15), a
    30-BRP grant received (+10): 5 if the increase is added to -5, 10 if the limit stops at 0 first. The texts do not
    say which (27-30 extract 1.4 [UNSURE] (b)): either declared is not judged, and spending up to the higher is not
    over the limit; any other figure is a finding."""
    bombed = make(BrpLost, **FALL, side="axis", phase="combat", power="britain", amount=45, cause="bombing")
    events: list[Event] = [created(), base("usa", 90), base("britain", 30), bombed, grant("usa", "britain", 30)]
    assert seqs([*events, limit("britain", 5)], "limit_declared") == []
    assert seqs([*events, limit("britain", 10)], "limit_declared") == []
    assert skipped([*events, limit("britain", 10)], "limit_declared") == [
        "27.34A adds grant increases 'after all reductions': whether a limit the reductions take below 0 counts from "
        "0 or from below it is not stated (27-30 extract 1.4 [UNSURE] (b))"
    ]
    assert seqs([*events, limit("britain", 7)], "limit_declared") == [6]
    spent = [*events, built("b1", "armor", 4, "EUR:L32", owner="britain"), built("b2", "infantry", 2, "EUR:L32")]
    assert seqs(spent, "construction_limit") == []  # 10 BRPs: within the higher reading
    over = [*spent[:-1], built("b2", "infantry", 3, "EUR:L32", owner="britain")]
    assert seqs(over, "construction_limit") == [7]  # 11 BRPs: over under both


# ---------------------------------------------------------------------------------------------------------------------
# L-12 Russian ICs and mobilizations (27.32A)


@pytest.mark.plants("L-12.A")
def test_the_russian_limit_includes_the_ics_russia_controls() -> None:
    events: list[Event] = [created(), base("russia", 150), ic("EUR:K37", 9), ic("EUR:K40", 6)]  # (150 + 15) / 3
    assert seqs([*events, limit("russia", 55)], "limit_declared") == []
    assert seqs([*events, limit("russia", 50)], "limit_declared") == [5]  # the ICs left out
    captured = [*events, ic("EUR:K40", 6, cause="capture")]  # no longer under Russian control: (150 + 9) / 3
    assert seqs([*captured, limit("russia", 53)], "limit_declared") == []
    assert found([*captured, limit("russia", 55)], "limit_declared") == [
        (6, "Russia declares a construction limit of 55; 27.32-27.34 give 53 (adjusted base 159 / 3 = 53)")
    ]


@pytest.mark.plants("L-12.B")
def test_ic_and_mobilization_increases_count_in_the_turn_they_occur() -> None:
    grown = [created(), base("russia", 150), ic("EUR:K37", 9), ic("EUR:K37", 12, cause="growth")]
    assert seqs([*grown, limit("russia", 54)], "limit_declared") == []
    assert seqs([*grown, limit("russia", 53)], "limit_declared") == [5]  # the old value
    mobilized = make(
        BrpBaseChanged, **FALL, side="axis", phase="diplomacy", power="germany", delta=15, cause="mobilization"
    )
    events: list[Event] = [created(), base("germany", 150), mobilized]
    assert seqs([*events, limit("germany", 55)], "limit_declared") == []
    assert found([*events, limit("germany", 50)], "limit_declared") == [
        (4, "Germany declares a construction limit of 50; 27.32-27.34 give 55 (base 165 / 3 = 55)")
    ]


# ---------------------------------------------------------------------------------------------------------------------
# L-11 transports for U.S.-paid Commonwealth units (27.472B, 27.473C, 27.474C)


def commonwealth(unit: str, factors: int, country: str, transports: dict[str, int]) -> UnitBuilt:
    return built(
        unit,
        "infantry",
        factors,
        f"box:{country}",
        owner="britain",
        nationality=f"commonwealth:{country}",
        payer="usa",
        transports=transports,
    )


@pytest.mark.plants("L-11.A")
def test_one_atlantic_transport_for_every_five_us_brps_for_south_africa() -> None:
    assert seqs([created(), commonwealth("s1", 10, "south_africa", {"atlantic": 2})], "minor_transports") == []
    assert found([created(), commonwealth("s1", 10, "south_africa", {"atlantic": 1})], "minor_transports") == [
        (
            2,
            "the U.S. has now paid 10 BRPs for south africa units this turn: one atlantic transport per 5 BRPs, "
            "rounded up, is 2; 1 recorded (27.472B-27.474C)",
        )
    ]
    # Pacific transports do not carry South Africa's
    assert seqs([created(), commonwealth("s1", 10, "south_africa", {"pacific": 2})], "minor_transports") == [2]
    # the turn's U.S. BRPs add up: a second unit needs its transports too
    two = [
        created(),
        commonwealth("s1", 5, "south_africa", {"atlantic": 1}),
        commonwealth("s2", 5, "south_africa", {"atlantic": 0}),
    ]
    assert seqs(two, "minor_transports") == [3]
    # 6 BRPs with one transport: 'for every five' does not say whether the remainder needs one more
    six = [created(), commonwealth("s1", 6, "south_africa", {"atlantic": 1})]
    assert seqs(six, "minor_transports") == []
    assert skipped(six, "minor_transports") == [
        "whether the transports for a remainder of U.S. BRPs below five round up is not stated (27.472B-27.474C: "
        "'for every five'; extract open question 15)"
    ]


@pytest.mark.plants("L-11.B")
def test_one_pacific_transport_for_every_five_us_brps_for_australia_and_india() -> None:
    war = make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="japan", target="usa", brp_cost=35)
    for country in ("australia", "india"):
        assert seqs([created(), war, commonwealth("a1", 5, country, {"pacific": 1})], "minor_transports") == []
        assert seqs([created(), war, commonwealth("a1", 5, country, {"atlantic": 1})], "minor_transports") == [3]
        assert seqs([created(), war, commonwealth("a1", 10, country, {"pacific": 1})], "minor_transports") == [3]


# ---------------------------------------------------------------------------------------------------------------------
# O-01 oil coverage (27.35A-B), O-03 the Western Allies (27.35G), O-05 resistance (27.35E)


@pytest.mark.plants("27-30/O-01.A")
def test_normal_cost_builds_stay_within_25_brps_an_oil_counter() -> None:
    one = [created(), oil_for_construction("european_axis", 5)]
    fit = [
        *one,
        build("g1", 10, oil=10),
        build("g2", 10, oil=10),
        built("g3", "armor", 3, "EUR:L32", cost=6, oil_covered_brps=5),
    ]
    assert seqs(fit, "oil_coverage") == []  # 25 BRPs covered
    over = [*one, build("g1", 10, oil=10), build("g2", 10, oil=10), build("g3", 10, oil=10)]
    assert found(over, "oil_coverage") == [
        (
            5,
            "g3 claims 10 BRPs covered by oil; European Axis committed 1 counter(s) and 0 fifth(s) to construction "
            "this turn, covering 25 BRPs at 25 a counter (Germany and Italy share it, 27.35F), 20 of them already "
            "used (27.35A-B)",
        )
    ]
    # no counter: nothing is covered
    assert seqs([created(), build("g1", 10, oil=10)], "oil_coverage") == [2]


@pytest.mark.plants("27-30/O-01.B")
def test_the_builds_beyond_the_coverage_cost_double() -> None:
    one = [created(), oil_for_construction("european_axis", 5), build("g1", 10, oil=10), build("g2", 10, oil=10)]
    # the third build: 5 of its 10 BRPs covered, the other 5 doubled
    assert seqs([*one, build("g3", 15, oil=5)], "oil_doubling") == []
    assert found([*one, build("g3", 10, oil=5)], "oil_doubling") == [
        (
            5,
            "5 of the 10 BRPs of g3 lie beyond the oil coverage: 27.35B doubles them, 15 BRPs in all, not 10",
        )
    ]
    assert seqs([*one, build("g3", 20, oil=0), build("g4", 10, oil=0)], "oil_doubling") == [6]


def western_allies_tracking() -> list[Event]:
    """The Western Allies' oil tracked from the turn after the Fall of France (27.35G, 33.48)."""
    return [
        make(
            OilReserveDefined,
            **FALL,
            phase="setup",
            reserve="wa",
            faction="western_allies",
            location="pool",
            maximum=50,
        ),
        make(OilTrackingStarted, **FALL, phase="oil_adjustment", reserve="wa", trigger="fall_of_france", initial=5),
    ]


def doubled(unit: str, owner: str, **kw: Any) -> UnitBuilt:
    return build(unit, 20, owner=owner, oil=0, multiplier=2, **kw)


@pytest.mark.plants("27-30/O-03.A")
def test_no_western_allied_construction_oil_effect_before_the_fall_of_france() -> None:
    assert seqs([created(), doubled("b1", "britain")], "same_turn_rebuild") == [2]
    assert seqs([created(), build("b1", 10, owner="britain")], "same_turn_rebuild") == []
    assert seqs([created(), *western_allies_tracking(), doubled("b1", "britain")], "same_turn_rebuild") == []
    assert seqs([created(), *western_allies_tracking(), doubled("b1", "britain")], "oil_doubling") == []


@pytest.mark.plants("27-30/O-03.B")
def test_the_us_never_has_a_construction_oil_effect() -> None:
    assert seqs([created(), *western_allies_tracking(), build("u1", 10, owner="usa")], "same_turn_rebuild") == []
    assert found([created(), *western_allies_tracking(), doubled("u1", "usa")], "same_turn_rebuild") == [
        (
            4,
            "The U.S. paid 20 BRPs (x2) for u1, but it was not eliminated this game turn and oil covers it: normal "
            "cost 10 (27.13A)",
        )
    ]


@pytest.mark.plants("27-30/O-03.C")
def test_after_the_fall_of_france_only_british_construction_needs_oil() -> None:
    tracked = [created(), *western_allies_tracking()]
    assert seqs([*tracked, doubled("b1", "britain")], "same_turn_rebuild") == []
    assert seqs([*tracked, doubled("f1", "france")], "same_turn_rebuild") == [4]
    # a Commonwealth unit the U.S. pays for needs no oil; one Britain pays for does
    sa = {"nationality": "commonwealth:south_africa"}
    assert seqs([*tracked, doubled("s1", "britain", payer="usa", **sa)], "same_turn_rebuild") == [4]
    assert seqs([*tracked, doubled("s1", "britain", payer="britain", **sa)], "same_turn_rebuild") == []


def accepted(faction: str) -> OilEffectAccepted:
    return make(
        OilEffectAccepted,
        **FALL,
        **ALLIED,
        phase="unit_construction",
        faction=faction,
        domain="x",
        service="construction",
    )


@pytest.mark.plants("27-30/O-05")
def test_britain_and_russia_incur_the_construction_oil_effect_unless_a_counter_was_used() -> None:
    for faction in ("russia", "western_allies"):
        assert seqs([created(), accepted(faction)], "construction_oil_effect") == []  # no oil: incurred
        part = [created(), oil_for_construction(faction, 4, side="allied"), accepted(faction)]
        assert seqs(part, "construction_oil_effect") == []  # four fifths are not a counter
        used = [created(), oil_for_construction(faction, 5, side="allied"), accepted(faction)]
        assert seqs(used, "construction_oil_effect") == [3]
    assert found(
        [created(), oil_for_construction("russia", 10, side="allied"), accepted("russia")], "construction_oil_effect"
    ) == [
        (
            3,
            "Russia accepts the construction oil effect after committing 2 oil counter(s) to construction this turn; "
            "Russia incur it only when no counter was used (27.35E)",
        )
    ]
    # the European Axis has no such flag
    axis = [created(), oil_for_construction("european_axis", 5), accepted("european_axis")]
    assert seqs(axis, "construction_oil_effect") == []
