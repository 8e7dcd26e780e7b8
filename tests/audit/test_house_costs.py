"""A3R extract 2.5 (C-BRP-12): the item costs of the house rules, each planted wrong in an A3R game and shown right:
jets 3 a factor after a 13+ result, a railhead 5, a German fortification 5 and West Wall upgrades 5 a hex, a
same-turn rebuild of a unit eliminated voluntarily or unsupplied at double cost, raiding 1 per 3 naval factors, and
the declarations of war (an independent ex-French colony 10, an Allied one on a Vichy colony 10, Russia on Germany
35)."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.events import (
    BrpSpent,
    Event,
    FortificationBuilt,
    RailheadBuilt,
    ResearchResult,
    UnitBuilt,
    UnitEliminated,
    WarDeclared,
)
from tests.build import at, found, make, unit
from tests.conftest import created

OPTIONS = {"air.combat": "awaw_17_19_house", "econ.naval_raiding_cost": "one_brp_per_3ff"}
BUILD = at(1943, "spring", "axis", "unit_construction")


def game() -> Event:
    return created(rules="a3r", options=OPTIONS)


def jet(cost: int) -> UnitBuilt:
    return make(
        UnitBuilt, BUILD, unit="jet9", owner="germany", nationality="germany", unit_type="jet", factors=2,
        location="EUR:L32", cost=cost,
    )  # fmt: skip


def war(aggressor: str, target: str, cost: int) -> WarDeclared:
    return make(
        WarDeclared, at(1943, "spring", "allied", "diplomacy"), aggressor=aggressor, target=target, brp_cost=cost
    )


def rebuild(cost: int, multiplier: int) -> list[Event]:
    return [
        unit("ger-inf-9", "EUR:L32"),
        make(UnitEliminated, at(1943, "spring", "axis", "post_combat_supply"), unit="ger-inf-9", cause="voluntary"),
        make(
            UnitBuilt,
            BUILD,
            unit="ger-inf-9",
            owner="germany",
            nationality="germany",
            unit_type="infantry",
            factors=3,
            location="EUR:L32",
            cost=cost,
            multiplier=multiplier,
        ),
    ]


CASES: list[tuple[str, str, list[Any], list[Any]]] = [
    (
        "jets",
        "jet_builds",
        [make(ResearchResult, at(1943, "spring", "axis", "research"), power="germany", project="jets", result="13+"),
         jet(6)],
        [make(ResearchResult, at(1943, "spring", "axis", "research"), power="germany", project="jets", result="13+"),
         jet(4)],
    ),
    (
        "railhead",
        "railhead_cost",
        [make(RailheadBuilt, BUILD, power="germany", hex="EUR:L40", brp_cost=5, rp_cost=0)],
        [make(RailheadBuilt, BUILD, power="germany", hex="EUR:L40", brp_cost=4, rp_cost=0)],
    ),
    (
        "German fortification",
        "house_fortification",
        [make(ResearchResult, at(1943, "spring", "axis", "research"), power="germany", project="fortifications",
              result="8"),
         make(FortificationBuilt, BUILD, power="germany", kind="fortification", hexes=["EUR:L32"], brp_cost=5,
              rp_cost=0)],
        [make(ResearchResult, at(1943, "spring", "axis", "research"), power="germany", project="fortifications",
              result="8"),
         make(FortificationBuilt, BUILD, power="germany", kind="fortification", hexes=["EUR:L32"], brp_cost=3,
              rp_cost=0)],
    ),
    ("same-turn rebuild", "same_turn_rebuild", rebuild(6, 2), rebuild(3, 1)),
    (
        "raiding",
        "raiding_cost",
        [make(BrpSpent, BUILD, power="germany", amount=3, category="raiding", factors=7)],
        [make(BrpSpent, BUILD, power="germany", amount=2, category="raiding", factors=7)],
    ),
    ("ex-French colony", "declaration_cost", [war("britain", "syria", 10)], [war("britain", "syria", 35)]),
    ("Vichy colony", "declaration_cost", [war("usa", "morocco", 10)], [war("usa", "morocco", 15)]),
    ("Russia on Germany", "declaration_cost", [war("russia", "germany", 35)], [war("russia", "germany", 10)]),
]  # fmt: skip


@pytest.mark.plants("C-BRP-12")
@pytest.mark.parametrize(("item", "check", "right", "wrong"), CASES, ids=[c[0] for c in CASES])
def test_house_item_costs(item: str, check: str, right: list[Event], wrong: list[Event]) -> None:
    assert found([game(), *right], check) == [], item
    assert found([game(), *wrong], check) != [], item
