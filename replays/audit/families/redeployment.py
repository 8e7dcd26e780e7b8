"""Redeployment (28), railheads (28.65) and the inversion of air and naval units (27.8, 28.8; A3R option 13): each
check asks a query of :mod:`projections.position.redeployment` about the recorded event, the queries ``awaw redeploy``
asks of the redeployment it decides. Checks R-01..R-27, RH-01..RH-05 and I-02 of the 27-30 extract; C-RED-1..C-RED-8
and C-INV-1..C-INV-4 of the A3R extract.
"""

from __future__ import annotations

from awaw_events.events import (
    AirMissionFlown,
    BrpGrantMade,
    OverrunResolved,
    PlayerTurnEnded,
    UnitInversionChanged,
    UnitRedeployed,
)
from projections.position.redeployment import ends, inversion, phases, railheads
from projections.rules.redeployment import A3R_NATIONAL_CAPS_RULE
from replays.audit.engine import Family, judge

NR_OUTCOME = (
    "no event records how an interception of an NR ends (won, lost, aborted: 28.523), so units of a failed NR that "
    "are escorted again, or stay away from their base of origin, are not found"
)

FAMILY = Family(
    "redeployment",
    judge(phases.redeployment_phase, "28.11", covers=("R-01", "C-RED-1")),
    judge(phases.redeployment_segments, "28.13", covers=("R-01", "R-02", "C-RED-1")),
    judge(phases.sr_then_nr, "28.312", reads=(UnitRedeployed, PlayerTurnEnded), covers=("R-02",)),
    judge(phases.nr_defenders, "28.313", reads=(AirMissionFlown, UnitRedeployed), covers=("R-09",)),
    judge(phases.nr_groups, "28.32", covers=("R-10",)),
    judge(phases.tr_operations, "28.42", reads=(OverrunResolved, UnitRedeployed), covers=("R-15",)),
    judge(phases.tr_boxes, "28.45", covers=("R-16",)),
    judge(phases.box_stays, "28.72A", covers=("R-22",)),
    judge(phases.redeployment_eliminations, "28.91", covers=("R-26",)),
    judge(ends.redeployment_eligible, "28.22", covers=("R-03", "C-RED-2")),
    judge(
        ends.redeployment_path,
        "28.23",
        covers=("R-04", "R-05"),
        partly={"R-04.B": "an alliance partner's consent to redeployments through its hexes (28.23) is not recorded"},
    ),
    judge(
        ends.redeployment_enemy_adjacent,
        "28.25",
        covers=("R-06",),
        partly={
            "C-RED-7": "28.26B (an enemy that could not enter the hex for political reasons) is not known; neutral "
            "powers and water separation are"
        },
    ),
    judge(
        ends.nr_ports_and_straits,
        "28.27",
        covers=("R-07",),
        partly={
            "C-RED-6": "the Turkish Straits and Suez name no hexes in the texts; naval movement (21.211) is the naval "
            "family's",
            "R-07.B": "the 21.3612 ranges and AWAW's straits and canals (21.211, 21.212) are not in the texts; the "
            "A3R straits (28.514B) are checked",
        },
    ),
    judge(ends.ground_over_water, "28.321", covers=("R-11",)),
    judge(
        ends.air_range,
        "28.341",
        partly={"R-12": "over-water hops need a supplied far-shore base: base supply is not recorded"},
    ),
    judge(
        ends.air_transport,
        "28.36",
        partly={"R-14": "which ground units may be air transported (18.543) is outside the texts"},
    ),
    judge(ends.nr_origin, "28.511", covers=("R-17",)),
    judge(ends.sr_ends, "28.62A", covers=("R-19", "RH-05")),
    judge(
        ends.sr_caps,
        "28.62C",
        covers=("R-20", "C-SOP-5"),
        partly={"C-RED-3": f"the A3R national SR and NR caps ({A3R_NATIONAL_CAPS_RULE}) are not in the texts"},
    ),
    judge(ends.russia_wa_sr, "A3R 28.7", covers=("C-RED-4",)),
    judge(
        phases.box_users,
        "28.75",
        partly={"R-21": "the connections of 28.751-28.756 (map edges, SW boxes' transports) are not traced"},
    ),
    judge(phases.russia_to_pacific, "28.73E", covers=("R-23",)),
    judge(phases.us_atlantic_escort, "28.73D", covers=("R-24",)),
    judge(phases.us_box_transports, "28.76", reads=(UnitRedeployed, BrpGrantMade), covers=("R-25",)),
    judge(phases.naval_air_at_sea, "28.343", covers=("R-13",)),
    judge(
        inversion.inversion_holds,
        "27.82",
        reads=(UnitInversionChanged, AirMissionFlown),
        covers=("I-02", "C-INV-3", "R-27"),
    ),
    judge(inversion.mission_ready, "28.522", covers=("R-18", "C-INV-2", "C-INV-4")),
    judge(
        inversion.nr_attacked_on_board,
        "28.522",
        covers=("R-18",),
        partly={"R-18.C": NR_OUTCOME},
    ),
    judge(inversion.uninversion, "A3R 33.7", covers=("C-INV-1", "C-INV-2")),
    judge(railheads.railhead_cost, "28.652", covers=("RH-02", "C-BRP-12")),
    judge(railheads.railhead_rules, "28.654", covers=("RH-01", "RH-04")),
    judge(railheads.railhead_site, "28.653", covers=("RH-03", "C-RED-5")),
    judge(railheads.railhead_permanent, "28.656", covers=("RH-05",)),
)
