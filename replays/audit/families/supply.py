"""Supply (rule 30; A3R App. H and I): each check asks a query of :mod:`projections.position.supply` about the
recorded event (determinations, what units without supply may not do, elimination by isolation, sources, land and
sea supply lines, construction in supplied hexes: 27-30 checklist 2.11, S-01..S-25; A3R C-SUP-1, C-SUP-2)."""

from __future__ import annotations

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttritionOccupation,
    CounterPlaced,
    FortificationBuilt,
    PlayerTurnEnded,
    SeaSupplyResolved,
    SeaSupplyTraced,
    SupplyDetermined,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitRedeployed,
)
from projections.position import supply
from projections.position.supply import sea, sources, status
from replays.audit.engine import Family, judge

FAMILY = Family(
    "supply",
    judge(status.supply_determinations, "30.4", reads=(SupplyDetermined, PlayerTurnEnded), covers=("S-01",)),
    judge(status.post_combat_retrace, "30.43", reads=(SupplyDetermined,), covers=("S-02", "S-19")),
    judge(status.isolation_elimination, "30.541", reads=(UnitEliminated, PlayerTurnEnded), covers=("S-11", "S-19")),
    judge(
        status.isolated_units_stay,
        "30.16",
        reads=(UnitMoved, AdvanceAfterCombat, AttritionOccupation, UnitRedeployed),
        covers=("S-12", "AUD-13-04"),
    ),
    judge(
        status.partial_supply_impairments,
        "30.52",
        reads=(AirdropMade, UnitMoved, AirMissionFlown, AttackDeclared),
        covers=("S-13",),
    ),
    judge(status.automatic_supply, "30.551", reads=(SupplyDetermined, UnitMoved), covers=("S-17",)),
    judge(status.source_designation, "30.212", reads=(SupplyDetermined,), covers=("S-18",)),
    judge(sources.supply_sources, "30.2", reads=(SupplyDetermined,), covers=("S-14", "S-15", "S-16", "C-SUP-1")),
    judge(sources.ic_isolation_dm, "30.267", reads=(AttackDeclared,), covers=("S-24",)),
    judge(
        sources.construction_needs_full_supply,
        "30.61",
        reads=(UnitBuilt, CounterPlaced, FortificationBuilt),
        covers=("S-25",),
    ),
    judge(sources.russian_ic_supply, "A3R 37.71", reads=(SupplyDetermined, PlayerTurnEnded), covers=("C-SUP-2",)),
    judge(supply.land_supply_lines, "30.321", reads=(SupplyDetermined,), covers=("S-20", "S-21", "S-22", "S-23")),
    judge(sea.second_sea_attempt, "30.44", reads=(SeaSupplyTraced,), covers=("S-03",)),
    judge(sea.one_line_per_zone, "30.342", reads=(SeaSupplyTraced,), covers=("S-04",)),
    judge(sea.port_receives_or_sends, "30.331", reads=(SeaSupplyTraced,), covers=("S-05",)),
    judge(sea.sea_line_ends, "30.331", reads=(SeaSupplyTraced,), covers=("S-06",)),
    judge(sea.box_sea_supply, "30.331C", reads=(SeaSupplyTraced,), covers=("S-07",)),
    judge(sea.sea_supply_protection, "30.361", reads=(SeaSupplyTraced,), covers=("S-08",)),
    judge(sea.sea_supply_disruption, "30.381", reads=(SeaSupplyResolved,), covers=("S-09",)),
    judge(sea.sea_supplied_type, "30.332", reads=(SupplyDetermined,), covers=("S-10",)),
)
