"""Attrition (AWAW rule 14; A3R house App. C when ``combat.attrition = awaw_14_house``) and air combat (A3R house
App. C-2, only when ``air.combat = awaw_17_19_house``): each check asks a query of :mod:`projections.position.attrition`
about the recorded event, the queries ``awaw attrition`` asks of the attrition it decides.
"""

from __future__ import annotations

from projections.position.attrition import air, modifiers, occupation
from replays.audit.engine import Family, judge

FAMILY = Family(
    "attrition and air combat",
    judge(
        modifiers.attrition_factors,
        "14.41",
        covers=("AUD-14-06", "C-ATT-4"),
        partly={
            "AUD-14-04": "adjacency to enemy units on the front and across passable hexsides needs fronts and hexside "
            "data; the offensive-operation and once-a-turn rules are checked"
        },
    ),
    judge(modifiers.attrition_units_once, "14.23", covers=("C-ATT-2", "C-ATT-3")),
    judge(modifiers.attrition_modifiers, "14.42", covers=("AUD-14-07", "C-ATT-5", "C-ATT-6")),
    judge(modifiers.attrition_result, "14.41", covers=("AUD-14-08", "C-ATT-7")),
    judge(modifiers.attrition_losses, "14.51", covers=("AUD-14-09",)),
    judge(modifiers.contact_limit, "14.522", covers=("AUD-14-11",)),
    judge(
        modifiers.attrition_last,
        "14.12",
        covers=("AUD-14-01",),
        partly={
            "AUD-15-01": "the order checked: attrition last (14.12), exploitation movement before exploitation attacks "
            "(16.44); air missions, airdrops and the return of naval units are not ordered"
        },
    ),
    judge(modifiers.one_roll_per_zone, "14.31", covers=("AUD-14-02", "C-ATT-1")),
    judge(
        modifiers.loss_sources,
        "14.52",
        covers=("C-ATT-8",),
        partly={
            "AUD-14-10": "the supply zones and their sources are not map data: the source of each loss is as recorded"
        },
    ),
    judge(
        occupation.attrition_occupation,
        "14.62",
        covers=("AUD-14-14", "AUD-14-15", "C-ATT-9", "31-34/W-10"),
        partly={
            "AUD-14-16": "all of the zone's units eliminated is read as all the defending units engaged eliminated "
            "(zone membership is not recorded)",
        },
    ),
    judge(
        occupation.winter_designations,
        "14.521",
        covers=("C-ATT-11",),
        partly={
            "AUD-14-12": "the Pact line, the Russian winter zone and the 3 hexes by land of other losses need map "
            "data; the designations' counts, limit and timing are checked"
        },
    ),
    judge(occupation.attrition_emptied_bases, "14.523", covers=("AUD-14-13", "C-ATT-10")),
    judge(
        air.air_combat,
        "19.42",
        partly={
            "C-AIR-2": "the Air Nationality DRMs (A3R Table 26.6) are not in the sources: the recorded net modifier is "
            "applied, equal and opposite",
        },
    ),
    judge(air.jet_missions, "17.531"),
    judge(air.air_rows, "19.2", covers=("C-AIR-1", "C-AIR-8")),
    judge(air.jet_builds, "17.54", covers=("C-AIR-4", "C-BRP-12")),
    judge(air.air_losses, "19.6", covers=("C-AIR-3",)),
    judge(air.das, "18.619", covers=("C-AIR-7",)),
)
"""Every attrition and air combat check."""
