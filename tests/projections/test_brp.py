"""The BRP ledger projection: who pays for what, construction limits (27.3), A3R 35.7 prorating, deficit spending
and the multi-turn ledger.

Worked examples: 27-30 extract 6.1-6.2 (EX-N1..N3, EX-R1), 6.14 (DT-1..DT-4, DT-11, DT-12, DT-16); A3R extract 7.7
(T-B1..T-B6).
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_events.events import (
    AnyEvent,
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    ConstructionLimitDeclared,
    FortificationBuilt,
    GameCreated,
    GameTurnStarted,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
    MobilizationApplied,
    NoteAdded,
    OffensiveDeclared,
    OilFacilityRepaired,
    PartisansPlaced,
    PlayerTurnEnded,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipyardControlChanged,
    ShipyardDefined,
    StatusChanged,
    UnitBuilt,
    UnitPlaced,
    WarDeclared,
)
from awaw_events.options import LIMIT_COUNTS_REPAIRS
from projections import brp
from projections.core import clone
from projections.game import GameState, decode_state, encode_state, fold, replay
from projections.rules.construction import build_cost, unit_cost
from projections.rules.economy import prorate
from replays.views import brp as brp_view

When = tuple[int, str, str | None, str | None]

SETUP: When = (1939, "fall", None, "setup")
F39_AXIS: When = (1939, "fall", "axis", "unit_construction")
F39_ALLIED: When = (1939, "fall", "allied", "unit_construction")
W39_AXIS: When = (1939, "winter", "axis", "unit_construction")
W39_ALLIED: When = (1939, "winter", "allied", "unit_construction")


def at(when: When, cls: type[Any], **fields: Any) -> AnyEvent:
    year, season, side, phase = when
    event: AnyEvent = cls(year=year, season=season, side=side, phase=phase, **fields)
    return event


def created(rules: str = "awaw", **options: str) -> AnyEvent:
    return GameCreated(year=1939, season="fall", phase="setup", rules=rules, options=dict(options))  # type: ignore[arg-type]


def brps(power: str, base: int, available: int | None = None, when: When = SETUP) -> AnyEvent:
    return at(when, BrpsSet, power=power, base=base, available=base if available is None else available)


def built(
    owner: str,
    unit_type: str,
    factors: int,
    cost: int,
    *,
    payer: str | None = None,
    unit: str = "u1",
    when: When = F39_AXIS,
) -> AnyEvent:
    return at(
        when,
        UnitBuilt,
        unit=unit,
        owner=owner,
        nationality=owner,
        unit_type=unit_type,
        factors=factors,
        location="EUR:K30",
        cost=cost,
        payer=payer,
    )


def lost(power: str, amount: int, cause: str, when: When = F39_AXIS, **extra: Any) -> AnyEvent:
    return at(when, BrpLost, power=power, amount=amount, cause=cause, **extra)


def grant(donor: str, recipient: str, amount: int, when: When = F39_ALLIED) -> AnyEvent:
    return at(when, BrpGrantMade, donor=donor, recipient=recipient, amount=amount)


def lay(
    ship: str, owner: str, unit_type: str, factors: int, brps_: int, when: When = F39_AXIS, **extra: Any
) -> AnyEvent:
    return at(
        when,
        ShipLaidDown,
        yard="kiel",
        ship=ship,
        owner=owner,
        unit_type=unit_type,
        factors=factors,
        row=extra.pop("row", "3"),
        column=extra.pop("column", "fall"),
        sb=brps_ // 3,
        brps=brps_,
        **extra,
    )


def ledger(events: list[AnyEvent]) -> brp.State:
    return replay(events).brp


def spend_lines(state: brp.State) -> list[tuple[str, str, int, bool]]:
    return [(x.power, x.category, -x.amount, x.limit) for x in state.lines if x.kind == "expenditure"]


KIEL = at(SETUP, ShipyardDefined, yard="kiel", owner="germany", location="EUR:K30", rate=2)
BASES = [brps(p, 150) for p in ("germany", "britain", "usa", "russia", "italy", "france", "japan")]

# ---------------------------------------------------------------------------------------------------------------------
# Who pays for what (each cost on exactly one event)
# ---------------------------------------------------------------------------------------------------------------------

COST_CASES: list[tuple[str, list[AnyEvent], list[tuple[str, str, int, bool]]]] = [
    ("unit_built-owner", [built("germany", "armor", 3, 6)], [("germany", "construction", 6, True)]),
    (
        "unit_built-payer",
        [built("britain", "infantry", 2, 2, payer="usa")],
        [("usa", "construction", 2, True)],
    ),
    ("EX-N1-named-ship-3-brps", [lay("bismarck", "germany", "bb", 4, 3)], [("germany", "construction", 3, True)]),
    ("EX-N3-dd-per-factor", [lay("dd1", "germany", "dd", 2, 6, row="launch")], [("germany", "construction", 6, True)]),
    ("ship-setup-free", [lay("tirpitz", "germany", "bb", 4, 0, setup=True)], []),
    (
        "EX-N2-cruiser-launch-from-row-2",
        [
            lay("ca1", "germany", "ca", 2, 3, row="2"),
            at(F39_AXIS, ShipLaunched, yard="kiel", ship="ca1", mode="paid_from_row2", location="EUR:K30", brps=3),
        ],
        [("germany", "construction", 3, True), ("germany", "construction", 3, True)],
    ),
    (
        "advance-unknown-ship-yard-owner",
        [at(F39_AXIS, ShipAdvanced, yard="kiel", ship="x", row="2", column="fall", brps=3)],
        [("germany", "construction", 3, True)],
    ),
    (
        "EX-R1-repair-yard-owner",
        [
            at(
                SETUP,
                UnitPlaced,
                unit="ital-bb",
                owner="italy",
                nationality="italy",
                unit_type="bb",
                factors=4,
                location="EUR:K30",
            ),
            at(F39_AXIS, ShipRepairStarted, ship="ital-bb", yard="kiel", column="spring", sb=1, brps=3),
        ],
        [("germany", "repair", 3, True)],
    ),
    (
        "repair-captured-yard-ship-owner",
        [
            at(
                SETUP,
                UnitPlaced,
                unit="ital-bb",
                owner="italy",
                nationality="italy",
                unit_type="bb",
                factors=4,
                location="EUR:K30",
            ),
            at(F39_AXIS, ShipyardControlChanged, yard="kiel", controller="italy", mode="captured"),
            at(F39_AXIS, ShipRepairStarted, ship="ital-bb", yard="kiel", column="spring", sb=1, brps=3),
        ],
        [("italy", "repair", 3, True)],
    ),
    (
        "DT-16-raise",
        [
            at(
                SETUP,
                UnitPlaced,
                unit="hood",
                owner="britain",
                nationality="britain",
                unit_type="bc",
                factors=4,
                location="EUR:K30",
            ),
            at(F39_ALLIED, ShipRaised, ship="hood", yard="kiel", brps=3),
        ],
        [("britain", "raise", 3, True)],
    ),
    (
        "C-06-dow-major-35",
        [at(F39_ALLIED, WarDeclared, aggressor="britain", target="germany", brp_cost=35)],
        [("britain", "declaration_of_war", 35, False)],
    ),
    (
        "C-06-full-offensive-15",
        [at(F39_AXIS, OffensiveDeclared, power="germany", front="eastern", kind="full", brp_cost=15)],
        [("germany", "offensive", 15, False)],
    ),
    (
        "fortification-5",
        [at(F39_AXIS, FortificationBuilt, power="germany", kind="fortification", hexes=["EUR:K30"], brp_cost=5)],
        [("germany", "fortification", 5, True)],
    ),
    (
        "railhead-5",
        [at(F39_AXIS, RailheadBuilt, power="germany", hex="EUR:K31", brp_cost=5)],
        [("germany", "railhead", 5, True)],
    ),
    (
        "partisans-2-per-factor",
        [at(F39_ALLIED, PartisansPlaced, unit="p1", owner="russia", area="poland", hex="EUR:K31", factors=2, cost=4)],
        [("russia", "construction", 4, True)],
    ),
    (
        "oil-facility-repair",
        [at(F39_AXIS, OilFacilityRepaired, facility="ploesti", power="germany", markers=1, brp_cost=4)],
        [("germany", "oil_repair", 4, False)],
    ),
    (
        "brp_spent-categories",
        [
            at(F39_AXIS, BrpSpent, power="germany", amount=3, category="repair"),
            at(F39_AXIS, BrpSpent, power="germany", amount=2, category="raiding"),
            at(F39_AXIS, BrpSpent, power="germany", amount=1, category="research"),
        ],
        [("germany", "repair", 3, True), ("germany", "offensive", 2, False), ("germany", "other", 1, False)],
    ),
    ("grant-to-power", [grant("britain", "france", 9)], [("britain", "grant_given", 9, False)]),
]


@pytest.mark.parametrize(("events", "expected"), [(e, x) for _, e, x in COST_CASES], ids=[c[0] for c in COST_CASES])
def test_who_pays(events: list[AnyEvent], expected: list[tuple[str, str, int, bool]]) -> None:
    state = ledger([created(), KIEL, *BASES, *events])
    assert spend_lines(state) == expected
    for power, _, _, _ in expected:
        spent = sum(a for p, _, a, _ in expected if p == power)
        assert brp.available_of(state, power) == 150 - spent
        assert brp.total(state, power, "spent") == spent
        assert brp.construction_spent(state, power) == sum(a for p, _, a, c in expected if p == power and c)


def test_lines_point_at_their_events() -> None:
    events = [created(), *BASES, built("germany", "armor", 3, 6), grant("britain", "france", 9)]
    state = ledger(events)
    by_seq = {x.seq: x for x in state.lines if x.kind != "set"}
    assert by_seq[len(BASES) + 2].ref == "u1"
    grant_lines = [x for x in state.lines if x.seq == len(events)]
    assert [(x.power, x.kind, x.amount, x.before, x.after) for x in grant_lines] == [
        ("britain", "expenditure", -9, 150, 141),
        ("france", "addition", 9, 150, 159),
    ]
    assert all(x.side == "allied" and x.phase == "unit_construction" for x in grant_lines)


def test_grant_to_minor_charges_donor_only() -> None:
    state = ledger([created(), *BASES, grant("usa", "australia", 10)])
    assert brp.available_of(state, "usa") == 140
    assert brp.available_of(state, "britain") == 150
    assert [x.power for x in state.lines if x.kind != "set"] == ["usa"]


def test_repairs_option_excludes_them_from_the_limit() -> None:
    events = [
        created(**{LIMIT_COUNTS_REPAIRS: "excluded"}),
        KIEL,
        *BASES,
        at(F39_AXIS, ShipRepairStarted, ship="s", yard="kiel", column="spring", sb=1, brps=3),
    ]
    state = ledger(events)
    assert spend_lines(state) == [("germany", "repair", 3, False)]
    assert brp.construction_spent(state, "germany") == 0


def test_unknown_payer_is_unattributed() -> None:
    state = ledger([created(), *BASES, at(F39_AXIS, ShipAdvanced, yard="taranto", ship="x", row="2", column="fall")])
    assert [(x.power, x.amount) for x in state.lines if x.kind == "expenditure"] == [("", -3)]
    assert "unattributed" in brp_view.data(state)["powers"]


def test_yard_owners_come_from_the_naval_charts() -> None:
    """A starting shipyard the log never defines (27.731: Genoa is Italian) is known to the naval projection, and the
    ledger charges its owner; a repair there after the yard's capture is paid by the ship's owner (27.7264)."""
    advance = at(F39_AXIS, ShipAdvanced, yard="genoa", ship="x", row="2", column="fall")
    assert spend_lines(ledger([created(), *BASES, advance])) == [("italy", "construction", 3, True)]
    bb = at(
        SETUP,
        UnitPlaced,
        unit="g-bb",
        owner="germany",
        nationality="germany",
        unit_type="bb",
        factors=4,
        location="EUR:K30",
    )
    repair = at(F39_AXIS, ShipRepairStarted, ship="g-bb", yard="genoa", column="spring", sb=1, brps=3)
    assert spend_lines(ledger([created(), *BASES, bb, repair])) == [("italy", "repair", 3, True)]
    captured = at(F39_AXIS, ShipyardControlChanged, yard="genoa", controller="germany", mode="captured")
    assert spend_lines(ledger([created(), *BASES, bb, captured, repair])) == [("germany", "repair", 3, True)]


def test_the_expenditure_of_an_event_is_its_line() -> None:
    events = [created(), *BASES, built("germany", "armor", 3, 6), grant("britain", "france", 9)]
    state = ledger(events)
    unit = brp.expenditure_at(state, len(events) - 1)
    assert unit is not None and (unit.power, unit.amount, unit.before, unit.after, unit.limit) == (
        "germany",
        -6,
        150,
        144,
        True,
    )
    given = brp.expenditure_at(state, len(events))
    assert given is not None and (given.power, given.category, given.limit) == ("britain", "grant_given", False)
    assert brp.expenditure_at(state, 1) is None  # game_created spends nothing
    assert brp.expenditure_at(state, len(events) + 1) is None


def test_base_cuts_are_kept_for_the_player_turn() -> None:
    cut = at(F39_ALLIED, BrpBaseChanged, power="britain", delta=-3, cause="deficit")
    state = ledger([created(), *BASES, cut, at(F39_ALLIED, BrpBaseChanged, power="britain", delta=2, cause="other")])
    assert state.base_cuts == {"britain": -3}
    assert state.base["britain"] == 149
    ended = ledger([created(), *BASES, cut, at(F39_ALLIED, PlayerTurnEnded)])
    assert ended.base_cuts == {}


def test_limit_gaps_name_what_the_log_does_not_record() -> None:
    meta = replay([created()]).meta
    state = ledger([created(), *BASES])
    assert brp.limit_gap(state, "germany", meta) is None
    assert brp.limit_gap(state, "russia", meta) == "the BRP value of Russian ICs (27.32A)"
    ic = at(F39_ALLIED, IcValueChanged, hex="EUR:K37", value=9, cause="built")
    assert brp.limit_gap(ledger([created(), *BASES, ic]), "russia", meta) is None
    full = replay([GameCreated(year=1939, season="fall", phase="setup", variant="full")]).meta
    assert brp.limit_gap(state, "germany", full) == "economic preparation levels (27.336, 27.34C)"


@pytest.mark.parametrize(
    ("unit_type", "factors", "cause", "oil", "expected"),
    [
        ("armor", 3, None, True, 6),  # C-01: 2 per armor factor (27.11B)
        ("armor", 3, None, False, 12),  # DT-5: not oil-covered, doubled (27.35B)
        ("infantry", 3, "isolation", False, 9),  # DT-6: same-turn rebuild and no oil: tripled (27.14)
        ("infantry", 3, "isolation", True, 6),  # DT-6 with oil coverage
        ("aaf", 2, None, True, 6),  # 27.11C
    ],
)
def test_priced_builds_reach_the_ledger(
    unit_type: str, factors: int, cause: str | None, oil: bool, expected: int
) -> None:
    """The 27.11-27.14 prices (rules module) recorded as claims: the ledger charges exactly them."""
    cost = build_cost(unit_type, factors, eliminated_this_game_turn_by=cause, oil_covered=oil)  # type: ignore[arg-type]
    assert cost == expected
    state = ledger([created(), *BASES, built("germany", unit_type, factors, cost)])
    assert brp.construction_spent(state, "germany") == expected
    assert brp.construction_remaining(state, "germany") == 50 - expected


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits (27.3)
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("base", "limit"), [(150, 50), (151, 50), (152, 50), (153, 51)], ids=lambda v: str(v))
def test_dt1_basic_limit(base: int, limit: int) -> None:
    state = ledger([created(), brps("germany", base)])
    assert state.limits["germany"].limit == limit
    assert state.limits["germany"].basic == limit


def test_dt2_pooled_losses_and_rockets() -> None:
    events = [created(), brps("britain", 150), lost("britain", 4, "bombing"), lost("britain", 4, "partisans")]
    state = ledger(events)
    assert state.limits["britain"].pooled_reduction == 2
    assert state.limits["britain"].limit == 48
    state = ledger([*events, lost("britain", 2, "rocket")])
    assert state.limits["britain"].rocket_reduction == 2
    assert state.limits["britain"].limit == 46
    assert brp.available_of(state, "britain") == 140
    assert brp.total(state, "britain", "lost") == 10


def test_dt3_grants_move_limits_both_ways() -> None:
    state = ledger([created(), *BASES, grant("britain", "russia", 10)])
    assert state.limits["britain"].limit == 47
    assert state.limits["russia"].limit == 53
    assert state.limits["russia"].grant_increase == 3
    state = ledger([created(), *BASES, grant("usa", "australia", 10)])
    assert state.limits["britain"].limit == 50
    assert state.limits["usa"].limit == 47


def test_dt4_iron_ore_not_cumulative() -> None:
    cut = at(F39_AXIS, IronOreStatusChanged, cut=True)
    state = ledger([created(), brps("germany", 150), cut, cut])
    assert state.limits["germany"].limit == 45
    assert state.limits["germany"].iron_ore_reduction == 5
    state = ledger([created(), brps("germany", 150), cut, cut, at(F39_AXIS, IronOreStatusChanged, cut=False)])
    assert state.limits["germany"].limit == 50


def test_iron_ore_persists_across_turns() -> None:
    state = ledger(
        [
            created(),
            brps("germany", 150),
            at(F39_AXIS, IronOreStatusChanged, cut=True),
            brps("germany", 150, when=W39_AXIS),
        ]
    )
    assert state.limits["germany"].limit == 45


def test_kea_under_enemy_control_net_of_same_turn_bombing() -> None:
    """27.335: the KEA's value leaves the base; bombing in the capture turn is deducted from the value first."""
    kea = at(F39_AXIS, KeaControlChanged, kea="lille", original_owner="france", controller="germany", value=30)
    events = [created(), brps("france", 150), lost("france", 6, "bombing", target="lille"), kea]
    state = ledger(events)
    # adj base 150 - (30 - 6) = 126 -> 42; pooled bombing 6 -> -2
    assert state.limits["france"].adj_base == 126
    assert state.limits["france"].limit == 40
    # next turn: the bombing was last turn, the whole value is deducted, no pooled losses
    state = ledger([*events, brps("france", 150, when=W39_ALLIED)])
    assert state.limits["france"].adj_base == 120
    assert state.limits["france"].limit == 40
    # an ally holding it is not the enemy; recaptured -> no deduction
    state = ledger(
        [
            *events,
            at(W39_ALLIED, KeaControlChanged, kea="lille", original_owner="france", controller="britain", value=30),
        ]
    )
    assert state.limits["france"].adj_base == 150


def test_commonwealth_portion_kept_for_britain() -> None:
    kea = at(F39_AXIS, KeaControlChanged, kea="london", original_owner="britain", controller="germany", value=45)
    state = ledger([created(), brps("britain", 60), kea])
    assert state.limits["britain"].adj_base == 40
    assert state.limits["britain"].limit == 13
    surrendered = at(F39_AXIS, StatusChanged, country="australia", status="surrendered")
    state = ledger([created(), brps("britain", 60), kea, surrendered])
    assert state.limits["britain"].adj_base == 15


def test_box_losses_capped() -> None:
    """27.331B/27.333: the Russian limit falls at most 15 per turn from the Urals box, all causes together."""
    events = [created(), brps("russia", 150), lost("russia", 60, "bombing", target="urals", attacker="germany")]
    state = ledger(events)
    assert state.limits["russia"].box_reduction == 15
    assert state.limits["russia"].limit == 35
    events = [created(), brps("britain", 150), lost("britain", 9, "rocket", target="australia", attacker="japan")]
    assert ledger(events).limits["britain"].box_reduction == 3


def test_vweapons_raise_the_german_limit() -> None:
    """27.34B: each BRP Britain loses to German rockets +1 to the German limit this turn only."""
    events = [created(), brps("germany", 150), brps("britain", 150), lost("britain", 4, "rocket", attacker="germany")]
    state = ledger(events)
    assert state.limits["germany"].vweapon_increase == 4
    assert state.limits["germany"].limit == 54
    assert state.limits["britain"].limit == 46
    state = ledger([*events, brps("britain", 146, when=W39_ALLIED)])
    assert state.limits["germany"].limit == 50


def test_mobilization_raises_the_limit_this_turn_once() -> None:
    """27.32A: base increases from mobilizations count in the turn in which they occur; a mobilization recorded by
    both events is one change."""
    mob = at(F39_ALLIED, MobilizationApplied, power="usa", brp_base_increase=30)
    changed = at(F39_ALLIED, BrpBaseChanged, power="usa", delta=30, cause="mobilization")
    for events in ([mob], [changed], [mob, changed], [changed, mob]):
        state = ledger([created(), brps("usa", 150), *events])
        assert state.base["usa"] == 180
        assert state.limits["usa"].limit == 60


def test_russian_ics_count_in_the_limit() -> None:
    ic = at(F39_ALLIED, IcValueChanged, hex="EUR:K37", value=9, cause="built")
    state = ledger([created(), brps("russia", 150), ic])
    assert state.limits["russia"].limit == 53
    state = ledger(
        [created(), brps("russia", 150), ic, at(W39_AXIS, IcValueChanged, hex="EUR:K37", value=9, cause="capture")]
    )
    assert state.limits["russia"].limit == 50


def test_declared_limit_kept_beside_the_computed_one() -> None:
    events = [
        created(),
        brps("germany", 150),
        at(F39_AXIS, ConstructionLimitDeclared, power="germany", limit=52, components={"basic": 52}),
        built("germany", "armor", 10, 20),
    ]
    data = brp_view.data(ledger(events))
    view = data["powers"]["germany"]
    assert (view["construction_limit"], view["limit_declared"], view["construction_spent"]) == (50, 52, 20)
    assert (view["construction_remaining"], view["remaining_declared"]) == (30, 32)
    parts = data["construction_limits"]["germany"]
    assert (parts["basic"], parts["limit"], parts["declared"], parts["declared_components"]) == (
        50,
        50,
        52,
        {"basic": 52},
    )


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7 prorating
# ---------------------------------------------------------------------------------------------------------------------

A3R = created("a3r", **{"econ.brp_prorating": "awaw_35_7"})


def accrue(power: str, amount: int, cause: str, when: When) -> AnyEvent:
    return at(when, BrpChangeAccrued, power=power, amount=amount, cause=cause)


def batch(power: str, net: int, percent: int, applied: int, when: When) -> AnyEvent:
    return at(when, BrpBatchApplied, power=power, net=net, percent=percent, applied=applied)


def diplomacy(year: int, season: str, side: str = "axis") -> When:
    return (year, season, side, "diplomacy")


PRORATE_CASES = [
    ("T-B1-summer", [(20, "association")], "summer", 15),
    ("T-B1-winter", [(20, "association")], "winter", 5),
    ("T-B2-spring-conquest-in-summer", [(30, "conquest")], "summer", 22),
    ("T-B2-fall-conquest-in-winter", [(30, "conquest")], "winter", 7),
    ("T-B3-netting", [(15, "association"), (-5, "diplomatic_withdrawal")], "summer", 7),
    ("T-B4-kea-and-ic", [(-20, "kea_capture"), (-10, "ic_capture")], "summer", -22),
    ("spring-100", [(13, "minor_activation")], "spring", 13),
]


@pytest.mark.parametrize(
    ("items", "season", "expected"), [c[1:] for c in PRORATE_CASES], ids=[c[0] for c in PRORATE_CASES]
)
def test_prorated_batches(items: list[tuple[int, str]], season: str, expected: int) -> None:
    when = diplomacy(1941, season)
    events = [A3R, brps("germany", 150, when=(1941, season, None, "year_start"))]
    events += [accrue("germany", amount, cause, when) for amount, cause in items]
    pct = {"spring": 100, "summer": 75, "fall": 50, "winter": 25}[season]
    events.append(batch("germany", sum(a for a, _ in items), pct, expected, when))
    state = ledger(events)
    line = state.lines[-1]
    assert (line.kind, line.amount, line.rules) == ("batch", expected, expected)
    assert brp.available_of(state, "germany") == 150 + expected
    assert state.accrued == {}


def test_t_b3_prorating_items_separately_differs() -> None:
    assert prorate(15, "summer") + prorate(-5, "summer") == 8


def test_batch_keeps_the_claim_and_the_rules_amount() -> None:
    when = diplomacy(1941, "summer")
    events = [A3R, brps("germany", 150, when=(1941, "summer", None, "year_start"))]
    events += [accrue("germany", 15, "association", when), accrue("germany", -5, "diplomatic_withdrawal", when)]
    state = ledger([*events, batch("germany", 10, 75, 8, when)])
    line = state.lines[-1]
    assert (line.amount, line.rules) == (8, 7)
    assert brp.available_of(state, "germany") == 158  # as recorded
    assert brp.total(state, "germany", "batch_rules") == 7


def test_accruals_wait_across_turns() -> None:
    events = [A3R, brps("germany", 150), accrue("germany", 30, "conquest", (1941, "spring", "axis", "combat"))]
    state = ledger(events)
    assert [a.amount for a in state.accrued["germany"]] == [30]
    assert brp.available_of(state, "germany") == 150
    state = ledger([*events, batch("germany", 30, 75, 22, diplomacy(1941, "summer"))])
    assert state.lines[-1].rules == 22
    assert brp_view.power_view(state, "germany")["accrued_net"] == 0


def test_negative_rounding_option() -> None:
    when = diplomacy(1941, "summer")
    opts = {"econ.brp_prorating": "awaw_35_7", "econ.prorate_negative_rounding": "floor"}
    events = [created("a3r", **opts), brps("russia", 150)]
    events += [accrue("russia", -30, "kea_capture", when), batch("russia", -30, 75, -23, when)]
    assert ledger(events).lines[-1].rules == -23


def test_without_prorating_the_rules_amount_is_the_net() -> None:
    when = diplomacy(1941, "summer")
    events = [created("a3r", **{"econ.brp_prorating": "a3r"}), brps("germany", 150)]
    events += [accrue("germany", 20, "association", when), batch("germany", 20, 100, 20, when)]
    assert ledger(events).lines[-1].rules == 20


# ---------------------------------------------------------------------------------------------------------------------
# Deficit spending (A3R intro; extract 5.3)
# ---------------------------------------------------------------------------------------------------------------------

A40 = (1940, "spring", "allied", "unit_construction")
A40_END = (1940, "spring", "allied", "end_of_player_turn")


def option2(**extra: str) -> AnyEvent:
    return created("a3r", **{"econ.deficit_spending": "option2_base_reduction", **extra})


def test_t_b5_option2_deficit_cuts_the_base() -> None:
    events = [
        option2(),
        brps("britain", 125, 3, when=(1940, "spring", None, "year_start")),
        at(A40, BrpSpent, power="britain", amount=10, category="other"),
    ]
    state = ledger(events)
    assert brp.deficit_of(state, "britain") == 7
    assert brp.deficit_cap_of(state, "britain") == 125
    events.append(grant("usa", "britain", 5, when=A40))
    state = ledger(events)
    assert brp.deficit_of(state, "britain") == 2
    assert state.deficit_peak["britain"] == 7
    state = ledger([*events, at(A40_END, PlayerTurnEnded)])
    settle = state.lines[-1]
    assert (settle.kind, settle.amount, settle.after, settle.rules) == ("settlement", 2, 0, 123)
    assert brp.available_of(state, "britain") == 0
    # the base cut is recorded by the players (the audit compares it with the rules' 123)
    state = ledger(
        [*events, at(A40, BrpBaseChanged, power="britain", delta=-2, cause="deficit"), at(A40_END, PlayerTurnEnded)]
    )
    assert state.base["britain"] == 123
    assert state.limits["britain"].limit == 41 + 1  # 123 // 3, + 5 // 3 for the U.S. grant received (27.34A)


def test_t_b5_in_1939_the_deficit_is_shown() -> None:
    events = [
        option2(),
        brps("britain", 125, 3),
        at(F39_ALLIED, BrpSpent, power="britain", amount=10, category="other"),
    ]
    assert brp.available_of(ledger(events), "britain") == -7


def test_settlement_only_for_the_side_ending_its_turn() -> None:
    events = [
        option2(),
        brps("germany", 100, 0),
        brps("britain", 100, 0),
        at(A40, BrpSpent, power="germany", amount=4, category="other"),
        at(A40, BrpSpent, power="britain", amount=4, category="other"),
        at(A40_END, PlayerTurnEnded),
    ]
    state = ledger(events)
    assert brp.available_of(state, "germany") == -4
    assert brp.available_of(state, "britain") == 0


@pytest.mark.parametrize(("option", "left"), [("none", -8), ("option1_grant_matched", 2)])
def test_t_b6_no_settlement_without_option2(option: str, left: int) -> None:
    events = [
        created("a3r", **{"econ.deficit_spending": option}),
        brps("russia", 100, 0),
        at(A40, BrpSpent, power="russia", amount=8, category="other"),
    ]
    if option == "option1_grant_matched":
        events.append(grant("britain", "russia", 10, when=A40))
    state = ledger([*events, at(A40_END, PlayerTurnEnded)])
    assert brp.available_of(state, "russia") == left
    assert all(x.kind != "settlement" for x in state.lines)
    assert brp.total(state, "russia", "grant_received") == (10 if left > 0 else 0)


def test_growth_rate_reduction_waits_for_the_yss() -> None:
    events = [
        option2(**{"econ.deficit_base_reduction": "growth_rate_at_yss"}),
        brps("britain", 100, 0),
        at(A40, BrpSpent, power="britain", amount=6, category="other"),
        at(A40_END, PlayerTurnEnded),
    ]
    state = ledger(events)
    assert (brp.available_of(state, "britain"), state.yss_deficit["britain"]) == (0, 6)
    assert state.lines[-1].rules is None
    state = ledger([*events, brps("britain", 98, 40, when=(1941, "spring", None, "year_start"))])
    assert state.yss_deficit == {}


def test_deficit_cap_less_uncontrolled_keas() -> None:
    kea = at(F39_AXIS, KeaControlChanged, kea="ruhr", original_owner="germany", controller="britain", value=40)
    assert brp.deficit_cap_of(ledger([created(), brps("germany", 150), kea]), "germany") == 110


# ---------------------------------------------------------------------------------------------------------------------
# The multi-turn ledger
# ---------------------------------------------------------------------------------------------------------------------


def knights_move_timeline() -> list[AnyEvent]:
    """DT-12: a 5-factor ship, knight's moves: 3 + 9 + 9 + 9 + 3 = 33 BRPs over 10 turns (27.7272B)."""

    def adv(year: int, season: str, row: str, column: str, brps_: int) -> AnyEvent:
        when = (year, season, "axis", "unit_construction")
        mode = "accelerate_2" if brps_ == 9 else "continue"
        return at(when, ShipAdvanced, yard="kiel", ship="h", mode=mode, row=row, column=column, brps=brps_)

    return [
        created(),
        KIEL,
        brps("germany", 150, when=(1940, "spring", None, "year_start")),
        lay("h", "germany", "bb", 5, 3, when=(1940, "spring", "axis", "unit_construction"), row="5", column="spring"),
        adv(1941, "spring", "4", "fall", 9),
        adv(1941, "fall", "3", "spring", 9),
        adv(1942, "spring", "2", "fall", 9),
        at(
            (1942, "fall", "axis", "unit_construction"),
            ShipLaunched,
            yard="kiel",
            ship="h",
            mode="paid_from_row2",
            location="EUR:K30",
            brps=3,
        ),
        at((1942, "fall", "allied", "movement"), NoteAdded, text="annotations do not move the turn", about=1),
        at((1942, "winter", None, "game_turn_start"), GameTurnStarted),
    ]


def test_dt12_knights_move_costs_across_turns() -> None:
    state = ledger(knights_move_timeline())
    spent = {(s.year, s.season): s.construction_spent for s in state.history if s.power == "germany"}
    assert sum(spent.values()) == 33
    assert spent == {
        (1940, "spring"): 3,
        (1941, "spring"): 9,
        (1941, "fall"): 9,
        (1942, "spring"): 9,
        (1942, "fall"): 3,
    }
    assert state.lines == []  # the current turn (Winter 1942) has no lines: finished turns are archived
    assert brp.available_of(state, "germany") == 150 - 33


def test_dt11_full_timeline_cost() -> None:
    """DT-11: 5 SB and 15 BRPs, one installment of 3 a year (27.72)."""
    events: list[AnyEvent] = [created(), KIEL, brps("germany", 150)]
    events.append(
        lay("s", "germany", "bb", 5, 3, when=(1940, "spring", "axis", "unit_construction"), row="5", column="spring")
    )
    for year, row in ((1941, "4"), (1942, "3"), (1943, "2")):
        events.append(
            at(
                (year, "spring", "axis", "unit_construction"),
                ShipAdvanced,
                yard="kiel",
                ship="s",
                row=row,
                column="spring",
            )
        )
    events.append(
        at(
            (1944, "spring", "axis", "unit_construction"),
            ShipLaunched,
            yard="kiel",
            ship="s",
            mode="paid_from_row2",
            location="EUR:K30",
            brps=3,
        )
    )
    state = ledger(events)
    assert 150 - brp.available_of(state, "germany") == 15  # type: ignore[operator]
    assert unit_cost("bb", 5) == 15


def two_turns() -> list[AnyEvent]:
    return [
        created(),
        brps("germany", 150, 100),
        brps("britain", 120, 80),
        built("germany", "armor", 5, 10),
        at(F39_AXIS, OffensiveDeclared, power="germany", front="eastern", kind="full", brp_cost=15),
        lost("britain", 6, "bombing", attacker="germany"),
        grant("britain", "france", 9),
        at(F39_AXIS, BrpGained, power="germany", amount=12, cause="conquest", area="poland"),
        # Winter 1939
        built("germany", "infantry", 4, 4, unit="u2", when=W39_AXIS),
        built("britain", "armor", 2, 4, unit="u3", when=W39_ALLIED),
    ]


def test_turn_boundary_archives_lines() -> None:
    state = ledger(two_turns())
    assert [x.seq for x in state.lines] == [9, 10]
    fall = {s.power: s for s in state.history}
    g, b = fall["germany"], fall["britain"]
    assert (g.opening, g.closing, g.spent, g.additions, g.construction_spent, g.limit) == (100, 87, 25, 12, 10, 50)
    assert g.by_category == {"construction": 10, "offensive": 15, "gained": 12}
    assert (b.opening, b.closing, b.losses, b.spent, b.limit, b.lines) == (80, 65, 6, 9, 35, 3)
    assert fall["france"].closing is None  # France's BRPs were never set: the line carries no balance
    assert state.opening == {"germany": 87, "britain": 65}
    assert brp.available_of(state, "germany") == 83
    # Winter: per-turn limit inputs are reset (the bombing and the grant were last turn)
    assert state.limits["britain"].limit == 40
    assert brp.construction_spent(state, "germany") == 4


def test_balance_identity_each_turn() -> None:
    state = ledger(two_turns())
    for s in state.history:
        if s.opening is not None and s.closing is not None:
            assert s.closing == s.opening + s.additions - s.losses - s.spent + s.adjustments


def test_yss_opens_the_turn() -> None:
    events = [*two_turns(), brps("germany", 160, 120, when=(1940, "spring", None, "year_start"))]
    state = ledger(events)
    assert state.opening["germany"] == 120
    assert state.base_opening["germany"] == 160
    winter = next(s for s in state.history if s.season == "winter" and s.power == "germany")
    assert (winter.opening, winter.closing) == (87, 83)


def test_midturn_set_is_an_adjustment() -> None:
    events = [*two_turns(), brps("germany", 150, 90, when=W39_ALLIED)]
    state = ledger(events)
    assert brp.total(state, "germany", "adjustments") == 7
    assert brp.available_of(state, "germany") == 90
    assert state.opening["germany"] + brp.total(state, "germany", "spent") * -1 + 7 == 90


def test_example_campaign_matches_the_recorded_limits() -> None:
    """The shipped example game: final balances as its own test computes them; computed limits = declared."""
    from pathlib import Path

    from awaw_events.events import AnyEvent as Any_

    decoder = msgspec.json.Decoder(Any_)
    path = Path(__file__).resolve().parents[2] / "examples" / "campaign-1939.jsonl"
    events = [decoder.decode(line) for line in path.read_bytes().splitlines() if line.strip()]
    state = ledger(events)
    assert brp.available_of(state, "germany") == 114
    assert brp.available_of(state, "britain") == 106
    for s in state.history:
        assert s.limit == s.limit_declared
        assert s.construction_spent <= (s.limit or 0)


# ---------------------------------------------------------------------------------------------------------------------
# Views, snapshots, fold laws
# ---------------------------------------------------------------------------------------------------------------------


def test_summary_is_json() -> None:
    state = ledger(two_turns())
    data = brp_view.data(state)
    assert json.loads(json.dumps(data, sort_keys=True)) == data
    assert data["turn"] == "Winter 1939"
    assert data["powers"]["germany"]["available"] == 83
    assert data["history"][0]["power"] == "britain"


def test_tables_are_flat() -> None:
    state = ledger(two_turns())
    rows = brp_view.tables(state)
    assert set(rows) == {"powers", "lines", "turns", "accruals"}
    for name, table in rows.items():
        for row in table:
            assert all(v is None or isinstance(v, str | int | bool) for v in row.values()), name
    assert [r["key"] for r in rows["turns"]][:2] == [
        f"{state.history[0].turn}:britain",
        f"{state.history[0].turn}:france",
    ]
    assert rows["lines"][0]["seq"] == 9


def test_differences_in_words() -> None:
    a = ledger(two_turns())
    b = ledger([*two_turns()[:3], built("germany", "armor", 5, 16), *two_turns()[4:]])
    words = [c.text for c in brp_view.differences(a, b)]
    assert "Germany: 6 BRPs fewer available, 83 → 77" in words
    assert "Germany: 6 BRPs fewer at the end of Fall 1939, 87 → 81" in words
    change = brp_view.differences(a, b)[0]
    assert (change.subject, change.what, change.a, change.b) == ("germany", "available", 83, 77)
    assert brp_view.differences(a, a) == []


def test_snapshot_round_trip() -> None:
    state = replay(two_turns())
    again = decode_state(encode_state(state))
    assert again.brp == state.brp


def test_clone_is_independent() -> None:
    state = ledger(two_turns())
    copy = clone(state)
    copy.lines.append(copy.lines[0])
    copy.available["germany"] = 0
    assert len(state.lines) == 2
    assert state.available["germany"] == 83


POWER = st.sampled_from(["germany", "britain", "russia"])
WHEN = st.sampled_from([F39_AXIS, F39_ALLIED, W39_AXIS, W39_ALLIED, (1940, "spring", "axis", "combat")])


@st.composite
def ledger_events(draw: st.DrawFn) -> AnyEvent:
    kind = draw(st.sampled_from(["build", "lost", "gained", "grant", "spent", "set"]))
    power = draw(POWER)
    amount = draw(st.integers(0, 30))
    when = draw(WHEN)
    if kind == "build":
        return built(power, "infantry", min(amount, 99), amount, when=when)
    if kind == "lost":
        return lost(power, amount, draw(st.sampled_from(["bombing", "rocket", "partisans", "sw"])), when=when)
    if kind == "gained":
        return at(when, BrpGained, power=power, amount=amount)
    if kind == "grant":
        return grant(power, draw(POWER), amount, when=when)
    if kind == "spent":
        return at(when, BrpSpent, power=power, amount=amount, category="other")
    return brps(power, 100 + amount, amount, when=when)


def _sorted_by_time(events: list[AnyEvent]) -> list[AnyEvent]:
    order = {"fall": 0, "winter": 1, "spring": 2}
    return sorted(events, key=lambda e: (order[e.season], e.side or ""))


@settings(max_examples=60, deadline=None)
@given(st.lists(ledger_events(), max_size=30), st.integers(0, 30))
def test_fold_law_and_identity(events: list[AnyEvent], cut: int) -> None:
    events = [created(), brps("germany", 100), brps("britain", 100), brps("russia", 100), *_sorted_by_time(events)]
    whole = replay(events)
    split = fold(fold(GameState(), events[:cut]), events[cut:])
    assert split.brp == whole.brp
    state = whole.brp
    for s in state.history:
        assert s.closing == s.opening + s.additions - s.losses - s.spent + s.adjustments  # type: ignore[operator]
    for power, left in state.available.items():
        assert left == state.opening[power] + state.totals.get(f"{power}/net", 0)


def test_lines_before_game_time_first_moves_are_archived_with_their_turn() -> None:
    """Events at the default clock (Fall 1939, no side or phase) move no game time; their lines still belong to
    Fall 1939 and are archived when the next turn opens."""
    untimed = BrpsSet(year=1939, season="fall", power="germany", base=150, available=150)
    spent = BrpSpent(year=1939, season="fall", power="germany", amount=5, category="other")
    state = ledger([untimed, spent, built("germany", "armor", 3, 6, when=W39_AXIS)])
    fall = [s for s in state.history if s.power == "germany"]
    assert [(s.season, s.spent, s.closing) for s in fall] == [("fall", 5, 145)]
    assert brp.total(state, "germany", "spent") == 6


def test_a_repair_in_a_starting_yard_never_defined_is_charged_to_its_owner() -> None:
    """27.731 gives the U.S. Pacific yard to the U.S.: written ``us-pacific`` and never defined, the ledger charges
    the repair there as the naval charts see that yard (27.7264), not to nobody."""
    ship = at(
        SETUP,
        UnitPlaced,
        unit="enterprise",
        owner="usa",
        nationality="usa",
        unit_type="cv",
        factors=4,
        location="PAC:DD11",
    )
    repair = at(F39_ALLIED, ShipRepairStarted, ship="enterprise", yard="us-pacific", column="fall", sb=1, brps=3)
    assert [(p, c, n) for p, c, n, _ in spend_lines(ledger([*BASES, ship, repair]))] == [("usa", "repair", 3)]
