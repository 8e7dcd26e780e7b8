"""Fortifications (AWAW rule 32, 27.11D-F; A3R house App. G) and bridgeheads (AWAW rule 31): checks F-01..F-25,
C-FRT-1..C-FRT-4 and B-01..B-16. Each check asks a query of :mod:`projections.position.fortifications` (builds,
effects) or :mod:`projections.position.bridgeheads` about the recorded event; what the map data or the log does not
give is reported "not checked".
"""

from __future__ import annotations

from awaw_events.events import (
    AirMissionFlown,
    AttackDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    PlayerTurnEnded,
    PlayerTurnStarted,
    SiegeUpdated,
    SupplyDetermined,
)
from projections.position import bridgeheads as b
from projections.position.fortifications import builds as f
from projections.position.fortifications import effects as e
from replays.audit.engine import Family, judge

ACROSS = "are checked: which enemy hexes the counted units attrition across is not recorded"

FAMILY = Family(
    "fortifications",
    judge(f.fortification_builder, "32.11", reads=(FortificationBuilt,), covers=("31-34/F-01",)),
    judge(f.fortification_phase, "32.11", reads=(FortificationBuilt,), covers=("F-02",)),
    judge(f.fortification_cost, "32.12", reads=(FortificationBuilt,), covers=("F-03",)),
    judge(f.island_group_payer, "32.61", reads=(FortificationBuilt,), covers=("F-04",)),
    judge(f.fortification_counters, "32.53", reads=(FortificationBuilt,), covers=("F-14",)),
    judge(f.fortification_per_turn, "32.14D", reads=(FortificationBuilt,), covers=("F-10",)),
    judge(f.fortification_hex, "32.14A", reads=(FortificationBuilt,), covers=("F-07", "F-15")),
    judge(f.fortification_control, "32.13C", reads=(FortificationBuilt,), covers=("F-06",)),
    judge(f.fortification_terrain, "32.13A", reads=(FortificationBuilt,), covers=("F-05",)),
    judge(f.fortification_zoc, "32.14B", reads=(FortificationBuilt,), covers=("F-08",)),
    judge(f.fortification_winter, "32.14C", reads=(FortificationBuilt,), covers=("F-09",)),
    judge(f.fortification_nationality, "32.14E", reads=(FortificationBuilt,), covers=("F-11", "F-12", "F-13")),
    judge(f.house_fortification, "A3R App. G 32.21", reads=(FortificationBuilt,), covers=("C-FRT-4", "C-BRP-12")),
    judge(f.island_group_islands, "32.65", reads=(FortificationBuilt,), covers=("F-24",)),
    judge(f.starting_fortifications, "32.4", reads=(FortificationPlaced, PlayerTurnStarted), covers=("F-25",)),
    judge(e.fortification_declared, "32.21A", reads=(AttackDeclared,), covers=("F-16", "F-18")),
    judge(e.fortification_dm, "32.21B", reads=(AttackDeclared,), covers=("F-17", "F-20", "F-23", "C-FRT-1", "C-FRT-2")),
    judge(e.siege_updated, "32.24", reads=(SiegeUpdated,), covers=("F-20", "F-21", "C-FRT-2")),
    judge(e.fortification_attrition, "32.221", reads=(AttritionOccupation, AttritionLossesTaken),
          partly={"F-19": f"only occupations {ACROSS}", "C-FRT-3": f"only occupations and losses {ACROSS}"}),
    judge(e.fortification_eliminated, "32.31", reads=(PlayerTurnEnded, FortificationEliminated), covers=("F-23",)),
    judge(e.fort_air_defense, "32.25", reads=(AirMissionFlown,), covers=("F-22",)),
)  # fmt: skip

BRIDGEHEADS = Family(
    "bridgeheads",
    judge(b.bridgehead_phase, "31.12", reads=(BridgeheadPlaced,), covers=("B-01", "B-07")),
    judge(b.bridgehead_seaborne, "31.22", reads=(BridgeheadPlaced,), covers=("B-02", "B-03")),
    judge(b.bridgehead_river, "31.23", reads=(BridgeheadPlaced,), covers=("B-05", "B-06")),
    judge(b.bridgehead_occupied, "31.32", reads=(BridgeheadPlaced,), covers=("B-09",)),
    judge(b.bridgehead_overrun, "31.24", reads=(BridgeheadPlaced,), covers=("B-08",)),
    judge(b.bridgehead_kept, "31.41", reads=(PlayerTurnEnded,), covers=("B-10",)),
    judge(b.bridgehead_removal, "31.41", reads=(BridgeheadRemoved,), covers=("B-10",)),
    judge(b.bridgehead_attack_out, "31.61", reads=(AttackDeclared,), covers=("B-13",)),
    judge(b.bridgehead_attrition, "31.64", reads=(AttritionOccupation,), covers=("B-14",)),
    judge(b.bridgehead_superfluous, "31.41C", reads=(PlayerTurnEnded,), covers=("B-10",)),
    judge(b.bridgehead_stacking, "31.51", reads=(PlayerTurnEnded,), covers=("B-11", "B-12")),
    judge(b.bridgehead_defence, "31.63", reads=(AttackDeclared,), covers=("B-15",)),
    judge(b.bridgehead_supply_source, "31.71", reads=(SupplyDetermined,), covers=("B-16",)),
)  # fmt: skip
