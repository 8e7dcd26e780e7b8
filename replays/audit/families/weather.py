"""Weather and winter preparation (AWAW rule 34; A3R house App. K when ``weather.winter = awaw_34_41_house``): checks
W-01..W-18 and C-WEA-1..C-WEA-4. Each check asks a query of :mod:`projections.position.weather` about the recorded
event; under ``weather.winter = a3r`` (standard A3R weather, not in the extracts) and where the map data does not give
a hex's weather zone, they report themselves as not made.
"""

from __future__ import annotations

from projections.position.weather import fronts, operations, preparation, zones
from replays.audit.engine import Family, judge

LEVELS_7_8 = "the CTL, DM and Nationality DRM effects of levels 7-8"

FAMILY = Family(
    "weather",
    judge(fronts.mud_offensives, "34.22A", after=True, covers=("31-34/W-05",)),
    judge(fronts.russian_mud_ctl, "34.221", covers=("31-34/W-05",)),
    judge(fronts.spring_allowance, "34.25", after=True, covers=("31-34/W-16",)),
    judge(fronts.border_war, "34.32C", covers=("31-34/W-18",)),
    judge(
        operations.winter_gates,
        "34.41",
        covers=("C-WEA-4", "31-34/W-18"),
        partly={
            "31-34/W-07": f"{LEVELS_7_8}, the ZoC (10) and armor (11) effects: the events record no modifier by "
            "component for them"
        },
    ),
    judge(
        operations.winter_exploitation_cut,
        "34.41",
        covers=("31-34/W-18",),
        partly={"31-34/W-07": f"{LEVELS_7_8} and the ZoC and armor effects"},
    ),
    judge(operations.axis_winter_ops, "34.23E", covers=("31-34/W-06", "31-34/W-17", "C-WEA-3")),
    judge(operations.mud, "34.22", covers=("31-34/W-05", "AUD-13-19")),
    judge(operations.monsoon, "34.24", covers=("31-34/W-11", "AUD-15-02")),
    judge(operations.winter_mountains, "34.23B", covers=("31-34/W-09",)),
    judge(
        operations.frozen_lakes,
        "34.23C",
        covers=("31-34/W-10",),  # the frozen swamps are the movement_cost, dm_applies and attrition_occupation's
    ),
    judge(
        operations.winter_invasions,
        "34.23A",
        partly={
            "31-34/W-08": "the invasion's naval path through western- or eastern-front sea hexes: no event records it"
        },
    ),
    judge(preparation.preparation_level, "34.41", covers=("31-34/W-12", "C-WEA-2")),
    judge(preparation.preparation_production, "34.431", covers=("31-34/W-13", "31-34/W-15")),
    judge(preparation.preparation_per_year, "34.433", covers=("31-34/W-13",)),
    judge(preparation.preparation_automatic, "34.432", covers=("31-34/W-14", "C-WEA-2")),
    judge(preparation.preparation_house, "A3R App. K", covers=("C-WEA-2",)),
    judge(zones.weather_type, "34.3", covers=("31-34/W-04",)),
    judge(zones.weather_once, "34.23", covers=("31-34/W-01",)),
    judge(zones.winter_roll, "34.41", covers=("31-34/W-02", "C-WEA-1")),
    judge(zones.fixed_winter_level, "34.32", covers=("31-34/W-01", "31-34/W-03", "C-WEA-1")),
    judge(zones.winter_rolls_made, "34.32", covers=("31-34/W-01",)),
    judge(zones.faction_levels, "34.41", covers=("31-34/W-03", "31-34/W-15", "C-WEA-1")),
)
