"""The economy checks: spending within available BRPs and the deficit-spending options; A3R 35.7 prorated batches,
their timing and when accrued changes fall due (35.73A-D, 58.531A), the loss of a conquest, minor or colony debited
only if it was not retaken (35.73C, its hexes from the map data); Free French and would-be-Vichy colony BRPs (58.31B,
58.531A), Russian ICs (App. E, 37.711), raiding costs, the northern grant routes and the secondary SW round. A clean
case and a planted fault for each; worked examples T-B1 to T-B6 (A3R extract 7.7)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    Event,
    GameTurnEnded,
    IcValueChanged,
    KeaControlChanged,
    OffensiveDeclared,
    PlayerTurnEnded,
    RouteStatusChanged,
    SwCombatResolved,
    VichyDecided,
    WarDeclared,
)
from tests.build import at, control, ended, findings, found, make, map_data, seqs, skipped_with
from tests.build import facts as hexfacts
from tests.build import skipped_check as skipped
from tests.conftest import armor, created

E = TypeVar("E", bound=Event)

Y1940: dict[str, Any] = {"year": 1940, "season": "summer"}


def a3r(**options: str) -> Event:
    return created(rules="a3r", options=options)


def brps(power: str, available: int, base: int = 100, **when: Any) -> BrpsSet:
    return make(BrpsSet, **(when or Y1940), phase="setup", power=power, base=base, available=available)


def spent(power: str, amount: int, side: str = "allied", **when: Any) -> BrpSpent:
    return make(BrpSpent, **(when or Y1940), side=side, phase="combat", power=power, amount=amount, category="other")


def grant(donor: str, recipient: str, amount: int, side: str = "allied", **when: Any) -> BrpGrantMade:
    return make(
        BrpGrantMade,
        **(when or Y1940),
        side=side,
        phase="unit_construction",
        donor=donor,
        recipient=recipient,
        amount=amount,
    )


def end(side: str = "allied", **when: Any) -> PlayerTurnEnded:
    return make(PlayerTurnEnded, **(when or Y1940), side=side, phase="end_of_player_turn")


# ---------------------------------------------------------------------------------------------------------------------
# Spending within available BRPs (27.1)
# ---------------------------------------------------------------------------------------------------------------------


def test_spending_what_is_available_is_clean() -> None:
    dow = make(WarDeclared, **Y1940, side="axis", phase="diplomacy", aggressor="germany", target="belgium", brp_cost=10)
    offensive = make(
        OffensiveDeclared,
        **Y1940,
        side="axis",
        phase="combat",
        power="germany",
        front="western",
        kind="full",
        brp_cost=15,
    )
    events = [created(), brps("germany", 33), dow, offensive, spent("germany", 8, side="axis")]
    assert findings(events, "27.1") == []


@pytest.mark.plants("C-04", "C-BRP-7")
def test_spending_beyond_available_brps_without_a_deficit_option() -> None:
    dow = make(WarDeclared, **Y1940, side="axis", phase="diplomacy", aggressor="germany", target="belgium", brp_cost=10)
    events = [created(), brps("germany", 15), dow, spent("germany", 8, side="axis")]
    assert findings(events, "27.1") == [
        (
            4,
            "brp_available",
            "Germany spent 8 BRPs with 5 available: 3 beyond them, and this game does not allow "
            "deficit spending (econ.deficit_spending = none)",
        ),
    ]


def test_construction_and_grants_use_the_ledger() -> None:
    unit = armor(cost=8)  # a 1939 Fall armor unit of Germany costing 8 BRPs
    events = [
        created(),
        brps("germany", 10, year=1939, season="fall"),
        unit,
        grant("germany", "italy", 5, side="axis", year=1939, season="fall"),
    ]
    assert findings(events, "27.1") == [
        (
            4,
            "brp_available",
            "Germany spent 5 BRPs with 2 available: 3 beyond them, and this game does not allow "
            "deficit spending (econ.deficit_spending = none)",
        ),
    ]
    received = [created(), brps("italy", 0, year=1939, season="fall"), brps("germany", 10, year=1939, season="fall")]
    received += [grant("germany", "italy", 5, side="axis", year=1939, season="fall")]
    received += [spent("italy", 5, side="axis", year=1939, season="fall")]
    assert findings(received, "27.1") == []


# ---------------------------------------------------------------------------------------------------------------------
# Deficit spending (A3R intro): T-B5, T-B6
# ---------------------------------------------------------------------------------------------------------------------

OPTION2 = {"econ.deficit_spending": "option2_base_reduction"}
OPTION1 = {"econ.deficit_spending": "option1_grant_matched"}


@pytest.mark.plants("C-BRP-11")
def test_tb5_option2_deficit_cuts_the_base() -> None:
    """T-B5: Option 2, 1940, Britain base 125, available 3, spends 10 (deficit 7); a U.S. grant of 5 before the end
    of the Allied turn leaves 2, so the base falls to 123."""
    events = [
        a3r(**OPTION2),
        brps("britain", 3, base=125),
        brps("usa", 50, base=200),
        spent("britain", 10),
        grant("usa", "britain", 5),
    ]
    cut = make(
        BrpBaseChanged, **Y1940, side="allied", phase="end_of_player_turn", power="britain", delta=-2, cause="deficit"
    )
    assert findings([*events, cut, end()], "A3R intro") == []
    assert findings([*events, end()], "A3R intro") == [
        (
            6,
            "deficit_settled",
            "Britain ends its player turn 2 BRPs in deficit; under Option 2 its base falls from 125 "
            "to 123, recorded 125",
        ),
    ]


@pytest.mark.plants("C-BRP-8")
def test_tb5_the_same_spend_in_1939_is_a_finding_under_every_option() -> None:
    y1939: dict[str, Any] = {"year": 1939, "season": "fall"}
    for game in (a3r(**OPTION2), a3r(**OPTION1)):
        events = [game, brps("britain", 3, base=125, **y1939), spent("britain", 10, **y1939)]
        assert findings(events, "A3R intro") == [
            (
                3,
                "deficit_limits",
                "Britain spent 10 BRPs with 3 available, a deficit of 7 in 1939; deficit spending is "
                "not allowed in 1939",
            ),
        ]
    events = [created(), brps("britain", 3, base=125, **y1939), spent("britain", 10, **y1939)]
    assert [f[1] for f in findings(events)] == ["brp_available"]


@pytest.mark.plants("C-BRP-10")
@pytest.mark.parametrize(("grants", "legal"), [(10, True), (6, False)], ids=["T-B6 grants 10", "T-B6 grants 6"])
def test_tb6_option1_deficit_matched_by_the_turns_grants(grants: int, legal: bool) -> None:
    """T-B6: Option 1: Russia spends 8 beyond available; incoming grants of 10 that turn make it legal, 6 do not."""
    events = [
        a3r(**OPTION1),
        brps("russia", 0),
        brps("usa", 50, base=200),
        spent("russia", 8),
        grant("usa", "russia", grants),
        end(),
        make(GameTurnEnded, **Y1940, phase="end_of_game_turn"),
    ]
    expected = (
        []
        if legal
        else [
            (
                7,
                "deficit_covered_by_grants",
                "Russia ends the game turn 2 BRPs in deficit; under Option 1 a deficit must "
                "be matched by the turn's incoming grants (6 received)",
            ),
        ]
    )
    assert findings(events, "A3R intro") == expected


@pytest.mark.plants("C-BRP-9", "C-BRP-11")
def test_deficit_limits_option2_powers_and_the_kea_cap() -> None:
    kea = make(
        KeaControlChanged,
        **Y1940,
        side="axis",
        phase="combat",
        kea="ukraine",
        original_owner="russia",
        controller="germany",
        value=15,
    )
    events = [
        a3r(**OPTION2),
        brps("italy", 2, base=75),
        spent("italy", 5, side="axis"),
        brps("russia", 0, base=20),
        kea,
        spent("russia", 7),
    ]
    assert findings(events, "A3R intro") == [
        (
            3,
            "deficit_limits",
            "Italy spent 3 BRPs beyond those available; under Option 2 only Britain, Germany, Russia, the U.S. may",
        ),
        (
            6,
            "deficit_limits",
            "Russia's deficit reaches 7 BRPs; it may not exceed its base of 20 less 15 for "
            "uncontrolled key economic areas (5)",
        ),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7 prorating: T-B1, T-B3, T-B4
# ---------------------------------------------------------------------------------------------------------------------

PRORATING = {"econ.brp_prorating": "awaw_35_7"}


def accrue(power: str, amount: int, cause: str, season: str = "summer", phase: str = "diplomacy") -> BrpChangeAccrued:
    return make(
        BrpChangeAccrued, year=1940, season=season, side="axis", phase=phase, power=power, amount=amount, cause=cause
    )


def batch(
    power: str, net: int, percent: int, applied: int, season: str = "summer", phase: str = "diplomacy"
) -> BrpBatchApplied:
    return make(
        BrpBatchApplied,
        year=1940,
        season=season,
        side="axis",
        phase=phase,
        power=power,
        net=net,
        percent=percent,
        applied=applied,
    )


BATCHES = [
    # id, items, season, phase, percent, applied
    ("T-B1 +20 in Summer -> +15", [(20, "association")], "summer", "diplomacy", 75, 15),
    ("T-B1 +20 in Winter -> +5", [(20, "association")], "winter", "diplomacy", 25, 5),
    ("T-B3 +15 -5 in Summer -> +7", [(15, "association"), (-5, "diplomatic_withdrawal")], "summer", "diplomacy", 75, 7),
    (
        "T-B4 -20 KEA and -10 IC in Summer -> -22",
        [(-20, "kea_capture"), (-10, "ic_capture")],
        "summer",
        "combat",
        75,
        -22,
    ),
]


@pytest.mark.plants("C-BRP-1")
@pytest.mark.parametrize(
    ("items", "season", "phase", "percent", "applied"), [c[1:] for c in BATCHES], ids=[c[0] for c in BATCHES]
)
def test_prorated_batches_from_the_worked_examples(
    items: list[tuple[int, str]], season: str, phase: str, percent: int, applied: int
) -> None:
    power = "russia" if phase == "combat" else "germany"
    accrued = [accrue(power, v, cause, season, phase) for v, cause in items]
    net = sum(v for v, _ in items)
    good = [a3r(**PRORATING), *accrued, batch(power, net, percent, applied, season, phase)]
    assert findings(good, "A3R 35.7") == []
    bad = [a3r(**PRORATING), *accrued, batch(power, net, percent, applied + 1, season, phase)]
    listed = ", ".join(f"{v:+d}" for v, _ in items)
    name = power.title()
    assert findings(bad, "A3R 35.7") == [
        (
            len(bad),
            "brp_batch",
            f"{name}'s batch ({listed}) nets to {net:+d}; {percent} % in {season}, rounded down, "
            f"gives {applied:+d}; recorded {applied + 1:+d} (35.71-35.72)",
        ),
    ]


@pytest.mark.plants("C-BRP-2")
def test_tb3_prorating_each_item_separately_is_wrong() -> None:
    """T-B3: +15 and -5 in one Summer diplomatic phase net to +10 -> +7; prorating each item gives 11 - 3 = +8."""
    events = [a3r(**PRORATING), accrue("germany", 15, "association"), accrue("germany", -5, "diplomatic_withdrawal")]
    events.append(batch("germany", 10, 75, 8))
    assert findings(events, "A3R 35.7") == [
        (
            4,
            "brp_batch",
            "Germany's batch (+15, -5) nets to +10; 75 % in summer, rounded down, gives +7; recorded +8 (35.71-35.72)",
        ),
    ]


def test_tb4_with_floor_rounding_of_losses() -> None:
    events = [a3r(**PRORATING, **{"econ.prorate_negative_rounding": "floor"})]
    events += [
        accrue("russia", -20, "kea_capture", phase="combat"),
        accrue("russia", -10, "ic_capture", phase="combat"),
    ]
    assert findings([*events, batch("russia", -30, 75, -23, phase="combat")], "A3R 35.7") == []


def test_batch_net_percent_and_no_prorating_without_the_option() -> None:
    events = [a3r(**PRORATING), accrue("germany", 20, "association"), batch("germany", 18, 50, 15)]
    assert findings(events, "A3R 35.7") == [
        (3, "brp_batch", "Germany's batch nets +20 to +20; recorded +18 (35.72)"),
        (3, "brp_batch", "BRP changes applied in summer are prorated at 75 %; recorded 50 % (35.71)"),
    ]
    assert findings([a3r(), accrue("germany", 20, "association"), batch("germany", 20, 75, 7)], "A3R 35.7") == []


@pytest.mark.plants("C-BRP-1", "C-BRP-4")
def test_batch_timing_and_unprorated_gains() -> None:
    events = [
        a3r(**PRORATING),
        accrue("germany", 20, "association", phase="combat"),
        batch("germany", 20, 75, 15, phase="combat"),
        make(
            BrpGained,
            **Y1940,
            side="axis",
            phase="diplomacy",
            power="germany",
            amount=30,
            cause="conquest",
            area="denmark",
        ),
    ]
    assert findings(events, "A3R 35.73") == [
        (
            3,
            "brp_batch_timing",
            "the association change of +20 (event 2) is applied at the diplomatic phase (35.73B), "
            "not in the combat phase",
        ),
    ]
    assert findings(events, "brp_unprorated") == [
        (
            4,
            "brp_unprorated",
            "Germany gained 30 BRPs for conquest at once; under 35.7 the gain is prorated (summer: "
            "75 %) and applied at the diplomatic phase (35.73A)",
        ),
    ]
    assert findings([created(), *events[1:]], "A3R 35.7") == []


PRORATED = {"rules": "a3r", "options": {"econ.brp_prorating": "awaw_35_7"}}


def when(year: int, season: str) -> dict[str, Any]:
    return {"year": year, "season": season}


def accrue_at(
    power: str,
    amount: int,
    cause: str,
    at: dict[str, Any],
    side: str = "axis",
    phase: str = "combat",
    area: str | None = None,
) -> Event:
    return make(BrpChangeAccrued, **at, side=side, phase=phase, power=power, amount=amount, cause=cause, area=area)


def batch_at(
    power: str, net: int, percent: int, applied: int, at: dict[str, Any], side: str = "axis", phase: str = "diplomacy"
) -> Event:
    return make(BrpBatchApplied, **at, side=side, phase=phase, power=power, net=net, percent=percent, applied=applied)


# ---------------------------------------------------------------------------------------------------------------------
# When accrued changes fall due (35.73)


@pytest.mark.plants("C-BRP-3")
@pytest.mark.parametrize(
    ("conquered", "due", "percent", "applied", "phase"),
    [
        (when(1940, "spring"), when(1940, "summer"), 75, 22, "diplomacy"),
        (when(1940, "fall"), when(1940, "winter"), 25, 7, "diplomacy"),
        (when(1940, "winter"), when(1941, "spring"), 100, 30, "year_start"),
    ],
    ids=["T-B2 Spring -> +22 in Summer", "T-B2 Fall -> +7 in Winter", "T-B2 Axis Winter -> +30 at the YSS"],
)
def test_t_b2_conquests_are_credited_the_next_season(
    conquered: dict[str, Any], due: dict[str, Any], percent: int, applied: int, phase: str
) -> None:
    """T-B2: Germany conquers a 30-BRP minor in Spring: +22 at the end of its Summer diplomatic phase; a Fall
    conquest gives +7 in the Winter diplomatic phase; an Axis Winter conquest +30 at the YSS (unprorated)."""
    conquest = accrue_at("germany", 30, "conquest", conquered)
    side = None if phase == "year_start" else "axis"
    good = [created(**PRORATED), conquest, batch_at("germany", 30, percent, applied, due, side=side, phase=phase)]
    assert seqs(good, "brp_batch_timing") == []
    at_once = [created(**PRORATED), conquest, batch_at("germany", 30, 100, 30, conquered, phase="diplomacy")]
    assert seqs(at_once, "brp_batch_timing") == [3]


@pytest.mark.plants("C-BRP-6")
def test_a_captured_kea_is_debited_in_the_capturing_players_combat_phase() -> None:
    """T-B4's capture: Russia's KEA taken in the Axis Summer combat phase is debited at the end of that phase, with no
    chance to retake it first (35.73D)."""
    summer = when(1940, "summer")
    capture = accrue_at("russia", -20, "kea_capture", summer)
    assert (
        seqs(
            [created(**PRORATED), capture, batch_at("russia", -20, 75, -15, summer, phase="combat")], "brp_batch_timing"
        )
        == []
    )
    late = batch_at("russia", -20, 75, -15, summer, side="allied", phase="combat")
    assert seqs([created(**PRORATED), capture, late], "brp_batch_timing") == [3]


def test_minor_country_changes_are_credited_in_the_phase_they_occur() -> None:
    summer, fall = when(1940, "summer"), when(1940, "fall")
    association = accrue_at("germany", 20, "association", summer, phase="diplomacy")
    assert seqs([created(**PRORATED), association, batch_at("germany", 20, 75, 15, summer)], "brp_batch_timing") == []
    assert seqs([created(**PRORATED), association, batch_at("germany", 20, 50, 10, fall)], "brp_batch_timing") == [3]


@pytest.mark.plants("C-BRP-15")
def test_free_french_colony_brps_go_to_britain_and_not_to_the_axis() -> None:
    fall, winter = when(1940, "fall"), when(1940, "winter")
    ff = accrue_at("britain", 12, "free_french_colonies", fall, side="allied", phase="end_of_player_turn")
    credited = batch_at("britain", 12, 25, 3, winter, side="allied", phase="diplomacy")
    assert seqs([created(**PRORATED), ff, credited], "brp_batch_timing") == []
    assert seqs([created(**PRORATED), ff, batch_at("britain", 12, 50, 6, fall, side="allied")], "brp_batch_timing") == [
        3
    ]
    to_france = accrue_at("france", 12, "free_french_colonies", fall, side="allied")
    assert seqs([created(**PRORATED), to_france], "french_colony_brps") == [2]
    no_vichy = make(VichyDecided, **fall, side="axis", phase="diplomacy", established=False)
    colony = make(
        BrpGained, **fall, side="axis", phase="diplomacy", power="germany", amount=10, cause="conquest", area="algeria"
    )
    assert seqs([a3r(), no_vichy, colony], "french_colony_brps") == [3]
    assert seqs([a3r(), colony], "french_colony_brps") == []


# ---------------------------------------------------------------------------------------------------------------------
# Russian ICs (App. E, App. H)


def ic(value: int, cause: str, phase: str, at: dict[str, Any] | None = None) -> Event:
    return make(
        IcValueChanged,
        **(at or when(1941, "summer")),
        side="allied",
        phase=phase,
        hex="PAC:B20",
        value=value,
        cause=cause,
    )


@pytest.mark.plants("C-BRP-13")
def test_russian_ic_supply_use_costs_the_ic_and_russia_five() -> None:
    summer = when(1941, "summer")
    setup: list[Event] = [a3r(), ic(10, "setup", "setup")]
    use = ic(5, "supply_use", "initial_supply")
    loss = make(
        BrpLost, **summer, side="allied", phase="initial_supply", power="russia", amount=5, cause="ic_supply_use"
    )
    assert seqs([*setup, use], "ic_value") == []
    assert seqs([*setup, ic(7, "supply_use", "initial_supply")], "ic_value") == [3]
    assert seqs([*setup, ic(5, "supply_use", "combat")], "ic_value") == [3]
    assert seqs([*setup, use, loss, ended("allied", summer)], "ic_supply_cost") == []
    twice = [*setup, use, loss, ic(0, "supply_use", "initial_supply"), ended("allied", summer)]
    assert seqs(twice, "ic_supply_cost") == [6]  # two uses, one loss of 5
    assert skipped([*setup, use, ended("allied", summer)], "ic_supply_cost") == [
        "Russia's BRP loss for using ICs as supply sources is not recorded (brp_lost)"
    ]


def test_new_russian_ics_give_five_and_grow_by_five() -> None:
    assert seqs([a3r(), ic(5, "built", "unit_construction")], "ic_value") == []
    assert seqs([a3r(), ic(10, "built", "unit_construction")], "ic_value") == [2]
    grow = [a3r(), ic(5, "built", "unit_construction"), ic(10, "growth", "unit_construction", when(1941, "fall"))]
    assert seqs(grow, "ic_value") == []
    assert skipped([a3r(), ic(10, "growth", "unit_construction")], "ic_value") == [
        "the IC's value before the change is not recorded (ic_value_changed)"
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Costs, grant routes, the secondary SW round


def test_raiding_costs_one_brp_per_three_factors() -> None:
    raid = {"rules": "a3r", "options": {"econ.naval_raiding_cost": "one_brp_per_3ff"}}

    def spent(amount: int, factors: int | None) -> Event:
        return make(
            BrpSpent,
            **when(1941, "spring"),
            side="axis",
            phase="combat",
            power="germany",
            amount=amount,
            category="raiding",
            factors=factors,
        )

    assert seqs([created(**raid), spent(3, 7)], "raiding_cost") == []
    assert seqs([created(**raid), spent(2, 7)], "raiding_cost") == [2]
    assert skipped([created(**raid), spent(2, None)], "raiding_cost") == [
        "the naval factors of a raid (brp_spent.factors) are not recorded"
    ]


def _northern(season: str, route: str) -> Event:
    return make(
        BrpGrantMade,
        **when(1942, season),
        side="allied",
        phase="unit_construction",
        donor="britain",
        recipient="russia",
        amount=10,
        route=route,
    )


@pytest.mark.plants("C-BRP-17.A")
def test_grants_by_archangel_only_in_summer_and_fall() -> None:
    ok = [created(rules="a3r"), _northern("summer", "archangel"), _northern("fall", "archangel")]
    assert seqs(ok, "northern_routes") == []
    assert found([created(rules="a3r"), _northern("winter", "archangel")], "northern_routes") == [
        "Britain grants 10 BRPs to Russia by Archangel in winter; the Archangel route is open in Summer and Fall only "
        "(A3R intro)"
    ]
    assert seqs([created(rules="a3r"), _northern("spring", "archangel")], "northern_routes") == [2]


@pytest.mark.plants("C-BRP-17.B")
def test_grants_by_murmansk_all_year_while_its_route_is_open() -> None:
    seasons = [_northern(s, "murmansk") for s in ("spring", "summer", "fall", "winter")]
    assert seqs([created(rules="a3r"), *seasons], "northern_routes") == []
    closed = make(RouteStatusChanged, **when(1942, "spring"), phase="game_turn_start", route="murmansk", open=False)
    assert found([created(rules="a3r"), closed, _northern("summer", "murmansk")], "northern_routes") == [
        "Britain grants 10 BRPs to Russia by Murmansk, whose route is closed (A3R intro: a supply line A47/A50 - "
        "Vologda - east edge)"
    ]


def test_the_secondary_sw_round_takes_at_most_one_brp_a_submarine() -> None:
    def secondary(taken: int) -> Event:
        return make(
            SwCombatResolved,
            **when(1942, "summer"),
            side="allied",
            phase="redeployment",
            box="atlantic",
            round="secondary",
            submarines=2,
            killers=6,
            brps_taken=taken,
        )

    assert seqs([created(rules="a3r"), secondary(3)], "secondary_sw_take") == [2]
    assert skipped([created(rules="a3r"), secondary(2)], "secondary_sw_take") == [
        "the withheld Murmansk submarines of a secondary SW round are not recorded"
    ]


MAP = map_data([hexfacts("EUR:A30", country="Norway"), hexfacts("EUR:B30", country="Norway")])
LOST = at(1942, "summer", "allied", "combat")
DUE = at(1942, "fall", "axis", "combat")


def loss(area: str | None = "Norway") -> Event:
    return make(BrpChangeAccrued, LOST, power="germany", amount=-10, cause="loss_of_conquest", area=area)


def debit() -> Event:
    return make(BrpBatchApplied, DUE, power="germany", net=-10, percent=50, applied=-5)


def taken(by: str, when: dict[str, Any]) -> list[Event]:
    return [control("EUR:A30", by, when), control("EUR:B30", by, when)]


@pytest.mark.plants("C-BRP-5")
def test_a_loss_is_debited_only_if_the_area_was_not_retaken() -> None:
    lost = [created(**PRORATED), *taken("britain", LOST), loss()]
    assert found([*lost, debit()], "brp_batch_timing", MAP) == []
    # Germany retakes one hex only: the loss stands
    one = [control("EUR:A30", "germany", DUE)]
    assert found([*lost, *one, debit()], "brp_batch_timing", MAP) == []
    retaken = [*lost, *taken("italy", DUE), debit()]
    assert found(retaken, "brp_batch_timing", MAP) == [
        "Germany's loss of Norway (-10, event 5) is debited although its side holds every hex of Norway again: a loss "
        "stands only if the owner did not recapture the area by the end of its next combat phase (35.73C)"
    ]
    assert skipped_with([*retaken[:-1], debit()], "brp_batch_timing") == [
        "no map data names Norway (its hexes: whether Germany retook it, 35.73C)"
    ]
    assert skipped_with([created(**PRORATED), loss(None), debit()], "brp_batch_timing") == [
        "the loss of conquest (event 2) names no area: whether Germany retook it first (35.73C) is not checked"
    ]
