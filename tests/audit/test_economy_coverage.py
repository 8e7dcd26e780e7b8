"""The A3R BRP ledger beyond prorating: when accrued changes fall due (35.73A-D, 58.531A; T-B2), Free French and
would-be-Vichy colony BRPs (58.31B, 58.531A), Russian ICs (App. E, 37.711), raiding costs, the northern grant routes
and the secondary SW round. A clean case and a planted fault for each."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    Event,
    IcValueChanged,
    RouteStatusChanged,
    SwCombatResolved,
    VichyDecided,
)
from tests.build import ended, make, seqs
from tests.build import skipped_check as skipped
from tests.conftest import created

PRORATED = {"rules": "a3r", "options": {"econ.brp_prorating": "awaw_35_7"}}


def when(year: int, season: str) -> dict[str, Any]:
    return {"year": year, "season": season}


def accrue(
    power: str,
    amount: int,
    cause: str,
    at: dict[str, Any],
    side: str = "axis",
    phase: str = "combat",
    area: str | None = None,
) -> Event:
    return make(BrpChangeAccrued, **at, side=side, phase=phase, power=power, amount=amount, cause=cause, area=area)


def batch(
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
    conquest = accrue("germany", 30, "conquest", conquered)
    side = None if phase == "year_start" else "axis"
    good = [created(**PRORATED), conquest, batch("germany", 30, percent, applied, due, side=side, phase=phase)]
    assert seqs(good, "brp_batch_timing") == []
    at_once = [created(**PRORATED), conquest, batch("germany", 30, 100, 30, conquered, phase="diplomacy")]
    assert seqs(at_once, "brp_batch_timing") == [3]


@pytest.mark.plants("C-BRP-6")
def test_a_captured_kea_is_debited_in_the_capturing_players_combat_phase() -> None:
    """T-B4's capture: Russia's KEA taken in the Axis Summer combat phase is debited at the end of that phase, with no
    chance to retake it first (35.73D)."""
    summer = when(1940, "summer")
    capture = accrue("russia", -20, "kea_capture", summer)
    assert (
        seqs([created(**PRORATED), capture, batch("russia", -20, 75, -15, summer, phase="combat")], "brp_batch_timing")
        == []
    )
    late = batch("russia", -20, 75, -15, summer, side="allied", phase="combat")
    assert seqs([created(**PRORATED), capture, late], "brp_batch_timing") == [3]


def test_minor_country_changes_are_credited_in_the_phase_they_occur() -> None:
    summer, fall = when(1940, "summer"), when(1940, "fall")
    association = accrue("germany", 20, "association", summer, phase="diplomacy")
    assert seqs([created(**PRORATED), association, batch("germany", 20, 75, 15, summer)], "brp_batch_timing") == []
    assert seqs([created(**PRORATED), association, batch("germany", 20, 50, 10, fall)], "brp_batch_timing") == [3]


@pytest.mark.plants("C-BRP-15")
def test_free_french_colony_brps_go_to_britain_and_not_to_the_axis() -> None:
    fall, winter = when(1940, "fall"), when(1940, "winter")
    ff = accrue("britain", 12, "free_french_colonies", fall, side="allied", phase="end_of_player_turn")
    credited = batch("britain", 12, 25, 3, winter, side="allied", phase="diplomacy")
    assert seqs([created(**PRORATED), ff, credited], "brp_batch_timing") == []
    assert seqs([created(**PRORATED), ff, batch("britain", 12, 50, 6, fall, side="allied")], "brp_batch_timing") == [3]
    to_france = accrue("france", 12, "free_french_colonies", fall, side="allied")
    assert seqs([created(**PRORATED), to_france], "french_colony_brps") == [2]
    no_vichy = make(VichyDecided, **fall, side="axis", phase="diplomacy", established=False)
    colony = make(
        BrpGained, **fall, side="axis", phase="diplomacy", power="germany", amount=10, cause="conquest", area="algeria"
    )
    assert seqs([created(), no_vichy, colony], "french_colony_brps") == [3]
    assert seqs([created(), colony], "french_colony_brps") == []


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
    setup: list[Event] = [created(), ic(10, "setup", "setup")]
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
    assert seqs([created(), ic(5, "built", "unit_construction")], "ic_value") == []
    assert seqs([created(), ic(10, "built", "unit_construction")], "ic_value") == [2]
    grow = [created(), ic(5, "built", "unit_construction"), ic(10, "growth", "unit_construction", when(1941, "fall"))]
    assert seqs(grow, "ic_value") == []
    assert skipped([created(), ic(10, "growth", "unit_construction")], "ic_value") == [
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


@pytest.mark.plants("C-BRP-17")
def test_northern_grant_routes() -> None:
    def grant(season: str, route: str) -> Event:
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

    assert (
        seqs([created(rules="a3r"), grant("summer", "archangel"), grant("winter", "murmansk")], "northern_routes") == []
    )
    assert seqs([created(rules="a3r"), grant("winter", "archangel")], "northern_routes") == [2]
    closed = make(RouteStatusChanged, **when(1942, "spring"), phase="game_turn_start", route="murmansk", open=False)
    assert seqs([created(rules="a3r"), closed, grant("summer", "murmansk")], "northern_routes") == [3]


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
