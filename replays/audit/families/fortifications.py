"""Fortifications (AWAW rule 32, 27.11D-F; A3R house App. G) and bridgeheads (AWAW rule 31): checks F-01..F-25,
C-FRT-1..C-FRT-4 and B-01..B-16. Each check asks a query of :mod:`projections.position.fortifications` (builds,
effects) or :mod:`projections.position.bridgeheads` about the recorded event; what the map data or the log does not
give is reported "not checked".
"""

from __future__ import annotations

from projections.position import bridgeheads as b
from projections.position.fortifications import builds as f
from projections.position.fortifications import effects as e
from replays.audit.engine import Family, judge

FAMILY = Family(
    "fortifications",
    judge(f.fortification_builder, "32.11", covers=("31-34/F-01",)),
    judge(f.fortification_phase, "32.11", covers=("F-02",)),
    judge(f.fortification_cost, "32.12", covers=("F-03",)),
    judge(f.island_group_payer, "32.61", covers=("F-04",)),
    judge(f.fortification_counters, "32.53", covers=("F-14",)),
    judge(f.fortification_per_turn, "32.14D", covers=("F-10",)),
    judge(f.fortification_hex, "32.14A", covers=("F-07", "F-15")),
    judge(f.fortification_control, "32.13C", covers=("F-06",)),
    judge(f.fortification_terrain, "32.13A", covers=("F-05",)),
    judge(f.fortification_zoc, "32.14B", covers=("F-08",)),
    judge(f.fortification_winter, "32.14C", covers=("F-09",)),
    judge(f.fortification_nationality, "32.14E", covers=("F-11", "F-12", "F-13")),
    judge(f.house_fortification, "A3R App. G 32.21", covers=("C-FRT-4", "C-BRP-12")),
    judge(f.island_group_islands, "32.65", covers=("F-24",)),
    judge(f.starting_fortifications, "32.4", covers=("F-25",)),
    judge(e.fortification_declared, "32.21A", covers=("F-16", "F-18")),
    judge(e.fortification_dm, "32.21B", covers=("F-17", "F-20", "F-23", "C-FRT-1", "C-FRT-2")),
    judge(e.siege_updated, "32.24", covers=("F-20", "F-21", "C-FRT-2")),
    judge(
        e.fortification_attrition,
        "32.221",
        covers=("F-19", "C-FRT-3"),
    ),
    judge(e.fortification_eliminated, "32.31", covers=("F-23",)),
    judge(e.fort_air_defense, "32.25", covers=("F-22",)),
)

BRIDGEHEADS = Family(
    "bridgeheads",
    judge(b.bridgehead_phase, "31.12", covers=("B-01", "B-07")),
    judge(b.bridgehead_seaborne, "31.22", covers=("B-02", "B-03")),
    judge(b.bridgehead_river, "31.23", covers=("B-05", "B-06")),
    judge(b.bridgehead_occupied, "31.32", covers=("B-09",)),
    judge(b.bridgehead_overrun, "31.24", covers=("B-08",)),
    judge(b.bridgehead_kept, "31.41", covers=("B-10",)),
    judge(b.bridgehead_removal, "31.41", covers=("B-10",)),
    judge(b.bridgehead_attack_out, "31.61", covers=("B-13",)),
    judge(b.bridgehead_attrition, "31.64", covers=("B-14",)),
    judge(b.bridgehead_superfluous, "31.41C", covers=("B-10",)),
    judge(b.bridgehead_stacking, "31.51", covers=("B-11", "B-12")),
    judge(b.bridgehead_defence, "31.63", covers=("B-15",)),
    judge(b.bridgehead_supply_source, "31.71", covers=("B-16",)),
)
