"""Offensive operations and attrition permission (A3R App. D 9.61-9.64, intro; 27.12): a clean case and a planted fault
for each check, and the USAT worked example T-U1 (A3R extract 7.7)."""

from __future__ import annotations

import pytest

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    Event,
    OffensiveDeclared,
    TensionChanged,
    UnitTransferred,
)
from awaw_events.events.combat import Attacker
from tests.build import FALL, ended, findings, make, placed, seqs
from tests.build import found_at as found
from tests.build import skipped_check as skipped
from tests.conftest import created

A3R = {"rules": "a3r"}


def paid(power: str, brps: int, kind: str = "limited", front: str = "eastern", ops: tuple[str, ...] = ()) -> Event:
    side = "allied" if power in ("britain", "france", "usa", "russia") else "axis"
    return make(
        OffensiveDeclared,
        **FALL,
        side=side,
        phase="combat",
        power=power,
        front=front,
        kind=kind,
        brp_cost=brps,
        operations=list(ops),
    )


def attrition(faction: str = "european_axis", front: str = "eastern") -> Event:
    return make(
        AttritionDeclared,
        **FALL,
        side="axis",
        phase="attrition",
        attrition="att-1",
        attacker=faction,
        target="russia",
        front=front,
        factors=20,
    )


def attack(attack_id: str, unit: str, front: str | None = None) -> Event:
    return make(
        AttackDeclared,
        **FALL,
        side="axis",
        phase="combat",
        attack=attack_id,
        defender_hexes=["EUR:L40"],
        attackers=[Attacker(unit=unit, factors=3)],
        front=front,
    )


@pytest.mark.plants("C-OFF-1")
def test_limited_offensives_stop_at_14_without_a_full_offensive() -> None:
    assert seqs([created(**A3R), paid("germany", 10), paid("italy", 4)], "offensive_front_total") == []
    assert found([created(**A3R), paid("germany", 10), paid("italy", 5)], "offensive_front_total") == [
        (
            3,
            "European Axis has now spent 15 BRPs of offensive operations on the eastern front this turn with no major "
            "power paying a full offensive there (15 BRPs); limited offensives stop at 14 (9.62, 9.63)",
        )
    ]
    assert seqs([created(**A3R), paid("germany", 15, "full"), paid("italy", 5)], "offensive_front_total") == []
    assert seqs([created(**A3R), paid("germany", 10, "full")], "full_offensive_cost") == [
        2
    ]  # 27.12: a full one costs 15


@pytest.mark.plants("C-OFF-2", "C-OFF-3")
def test_attrition_needs_less_than_15_brps_of_offensives() -> None:
    assert seqs([created(**A3R), paid("germany", 10), attrition()], "attrition_permitted") == []
    assert seqs([created(**A3R), paid("germany", 15, "full"), attrition()], "attrition_permitted") == [3]
    assert seqs([created(**A3R), paid("germany", 15, "full"), attrition(front="western")], "attrition_permitted") == []
    # exploitation on the attrition front may not push the total past 14 (9.64)
    assert (
        seqs(
            [created(**A3R), paid("germany", 10), attrition(), paid("germany", 4, "exploitation")],
            "attrition_permitted",
        )
        == []
    )
    assert seqs(
        [created(**A3R), paid("germany", 10), attrition(), paid("germany", 5, "exploitation")], "attrition_permitted"
    ) == [4]


@pytest.mark.plants("C-OFF-4")
def test_each_operation_is_paid_once_and_carried_out() -> None:
    setup: list[Event] = [
        created(**A3R),
        placed("g1", "infantry", 3, "EUR:L39"),
        placed("i1", "infantry", 3, "EUR:L38", owner="italy"),
    ]
    twice = [*setup, paid("germany", 3, ops=("a1",)), paid("italy", 3, ops=("a1",))]
    assert found(twice, "operation_paid_once") == [
        (5, "Italy pays for operation a1, which the payment of event 4 (Germany) already paid for (9.63)")
    ]
    used = [*setup, paid("germany", 3, ops=("a1",)), attack("a1", "g1"), ended()]
    assert seqs(used, "operations_paid_and_used") == []
    unused = [*setup, paid("germany", 3, ops=("a1",)), ended()]
    assert found(unused, "operations_paid_and_used") == [
        (5, "Germany paid for operation a1 (event 4), which was never carried out this player turn (9.62-9.63)")
    ]
    # Italy paid offensive BRPs naming no operation: which payment a2 was is not known
    unnamed = [*setup, paid("germany", 3, ops=("a1",)), paid("italy", 3), attack("a1", "g1"), attack("a2", "i1")]
    assert skipped([*unnamed, ended()], "operations_paid_and_used") == [
        "which payment an operation was paid with (offensive_declared.operations)"
    ]
    # Italy spent nothing on offensives this turn: no payment can be a2's (the gap: this said "not checked")
    unpaid = [*setup, paid("germany", 3, ops=("a1",)), attack("a1", "g1"), attack("a2", "i1"), ended()]
    assert skipped(unpaid, "operations_paid_and_used") == []
    assert found(unpaid, "operations_paid_and_used") == [
        (
            7,
            "operation a2 (event 6) by Italy: they spent no BRPs on offensive operations this turn, so no payment can "
            "be its (9.63)",
        )
    ]
    elsewhere = [*setup, paid("italy", 3, front="western"), attack("a2", "i1", "eastern"), ended()]
    assert [m for _, m in found(elsewhere, "operations_paid_and_used")] == [
        "operation a2 (event 5) by Italy: they spent no BRPs on offensive operations on the eastern front this "
        "turn, so no payment can be its (9.63)"
    ]
    partner = [
        *setup,
        paid("germany", 15, "full", ops=("a1",)),
        attack("a1", "g1"),
        attack("a2", "i1", "eastern"),
        ended(),
    ]
    assert found(partner, "operations_paid_and_used") == [
        (
            7,
            "operation a2 (event 6) by Italy is named by no payment, and they paid no full offensive on the eastern "
            "front (9.63)",
        )
    ]
    full = [*setup, paid("germany", 15, "full"), paid("italy", 15, "full"), attack("a2", "i1"), ended()]
    assert audit_clean(full)


def audit_clean(events: list[Event]) -> bool:
    return seqs(events, "operations_paid_and_used") == [] and skipped(events, "operations_paid_and_used") == []


@pytest.mark.plants("C-OFF-5")
def test_no_lent_italian_units() -> None:
    lent = placed("i1", "infantry", 3, "EUR:L38", owner="germany", nationality="italy")
    assert seqs([created(**A3R), lent], "no_lent_italians") == [2]
    assert seqs([created(), lent], "no_lent_italians") == []  # AWAW: not the house rule
    handed = make(UnitTransferred, **FALL, side="axis", phase="combat", unit="i2", new_owner="germany")
    own = placed("i2", "infantry", 3, "EUR:L38", owner="italy")
    assert seqs([created(**A3R), own, handed], "no_lent_italians") == [3]


def usat(delta: int, cause: str = "axis_offensives") -> Event:
    return make(
        TensionChanged,
        **FALL,
        side="axis",
        phase="end_of_player_turn",
        track="usat",
        old=10,
        new=10 + delta,
        cause=cause,
    )


@pytest.mark.plants("C-OFF-6")
@pytest.mark.parametrize(("spent", "delta"), [(7, 0), (8, 1), (15, 1), (22, 1), (23, 2), (30, 2), (38, 3)])
def test_t_u1_usat_from_axis_offensive_brps(spent: int, delta: int) -> None:
    """T-U1: USAT +1 per 15 Axis offensive BRPs, a remnant of 8 or more counting: 7 -> 0, 8 -> 1, 15 -> 1, 22 -> 1,
    23 -> 2, 30 -> 2, 38 -> 3."""
    setup: list[Event] = [created(**A3R), paid("germany", min(spent, 15), "full" if spent >= 15 else "limited")]
    if spent > 15:
        setup.append(paid("germany", spent - 15, "limited", front="western"))
    assert seqs([*setup, usat(delta)], "usat_offensives") == []
    assert seqs([*setup, usat(delta + 1)], "usat_offensives") == [len(setup) + 1]


def test_the_a3r_full_offensive_modifier_is_replaced() -> None:
    assert seqs([created(**A3R), paid("germany", 15, "full"), usat(1, "axis_full_offensives")], "usat_offensives") == [
        3
    ]


def _dow(target: str, cost: int) -> Event:
    from awaw_events.events import WarDeclared

    return make(WarDeclared, **FALL, side="axis", phase="diplomacy", aggressor="germany", target=target, brp_cost=cost)


@pytest.mark.plants("C-06.A")
def test_declarations_of_war_cost_35_against_a_major_power_and_10_against_a_minor() -> None:
    """C-06.A (27.12): 35 BRPs against a major power, 10 against a minor (the check is the politics family's
    ``declaration_cost``)."""
    assert findings([created(), _dow("france", 35), _dow("belgium", 10)], "27.12") == []
    assert findings([created(), _dow("france", 10), _dow("belgium", 35)], "27.12") == [
        (
            2,
            "declaration_cost",
            "germany paid 10 BRPs to declare war on france; a declaration against a major power costs 35 (27.12)",
        ),
        (
            3,
            "declaration_cost",
            "germany paid 35 BRPs to declare war on belgium; a declaration against a minor power costs 10 (27.12)",
        ),
    ]


@pytest.mark.plants("C-06.B")
def test_a_full_offensive_costs_15() -> None:
    """C-06.B (27.12): a full offensive costs 15 BRPs (``full_offensive_cost``); a limited one is not its business."""
    assert findings([created(), paid("germany", 15, "full"), paid("germany", 5)], "27.12") == []
    assert findings([created(), paid("germany", 14, "full")], "27.12") == [
        (
            2,
            "full_offensive_cost",
            "germany paid 14 BRPs for a full offensive on the eastern front; a full offensive costs 15 (27.12)",
        ),
    ]
