"""Economy checks: spending within available BRPs, the deficit-spending options, A3R 35.7 prorated batches and
their timing; worked examples T-B1, T-B3, T-B4, T-B5, T-B6 (A3R extract 7.7)."""

from __future__ import annotations

from typing import Any, TypeVar

import pytest

from awaw_events.events import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpSpent,
    BrpsSet,
    Event,
    GameTurnEnded,
    KeaControlChanged,
    OffensiveDeclared,
    PlayerTurnEnded,
    WarDeclared,
)
from tests.build import findings
from tests.conftest import armor, created

E = TypeVar("E", bound=Event)

Y1940: dict[str, Any] = {"year": 1940, "season": "summer"}


def make(cls: type[E], **fields: Any) -> E:
    return cls(**fields)


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

PRORATED = {"econ.brp_prorating": "awaw_35_7"}


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
    good = [a3r(**PRORATED), *accrued, batch(power, net, percent, applied, season, phase)]
    assert findings(good, "A3R 35.7") == []
    bad = [a3r(**PRORATED), *accrued, batch(power, net, percent, applied + 1, season, phase)]
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
    events = [a3r(**PRORATED), accrue("germany", 15, "association"), accrue("germany", -5, "diplomatic_withdrawal")]
    events.append(batch("germany", 10, 75, 8))
    assert findings(events, "A3R 35.7") == [
        (
            4,
            "brp_batch",
            "Germany's batch (+15, -5) nets to +10; 75 % in summer, rounded down, gives +7; recorded +8 (35.71-35.72)",
        ),
    ]


def test_tb4_with_floor_rounding_of_losses() -> None:
    events = [a3r(**PRORATED, **{"econ.prorate_negative_rounding": "floor"})]
    events += [
        accrue("russia", -20, "kea_capture", phase="combat"),
        accrue("russia", -10, "ic_capture", phase="combat"),
    ]
    assert findings([*events, batch("russia", -30, 75, -23, phase="combat")], "A3R 35.7") == []


def test_batch_net_percent_and_no_prorating_without_the_option() -> None:
    events = [a3r(**PRORATED), accrue("germany", 20, "association"), batch("germany", 18, 50, 15)]
    assert findings(events, "A3R 35.7") == [
        (3, "brp_batch", "Germany's batch nets +20 to +20; recorded +18 (35.72)"),
        (3, "brp_batch", "BRP changes applied in summer are prorated at 75 %; recorded 50 % (35.71)"),
    ]
    assert findings([a3r(), accrue("germany", 20, "association"), batch("germany", 20, 75, 7)], "A3R 35.7") == []


@pytest.mark.plants("C-BRP-1", "C-BRP-4")
def test_batch_timing_and_unprorated_gains() -> None:
    events = [
        a3r(**PRORATED),
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
