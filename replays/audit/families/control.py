"""Hex control (rule 29): each check asks a query of :mod:`projections.position.control` about the recorded event
(occupation, allies and home countries, partisans, isolation, diplomacy, conquest, Japan's initial conquests, island
groups, joint control and counters in partners' hexes: 27-30 checklist 2.10, H-01..H-12)."""

from __future__ import annotations

from projections.position.control import occupation, transfers
from replays.audit.engine import Family, judge

FAMILY = Family(
    "hex control",
    judge(occupation.occupation_needs_a_unit, "29.21", covers=("H-02",)),
    judge(occupation.control_cause, "29.11", covers=("H-01",)),
    judge(occupation.ally_hexes, "29.24", covers=("H-03",)),
    judge(occupation.partisan_hexes_revert, "29.26", covers=("H-04",)),
    judge(occupation.joint_control, "29.25", covers=("H-11",)),
    judge(occupation.counters_in_partner_hexes, "29.24", covers=("H-12",)),
    judge(transfers.isolation_transfer, "29.31", covers=("H-05",)),
    judge(transfers.isolation_gains_unused, "29.32", covers=("H-06",)),
    judge(transfers.diplomatic_transfer, "29.41", covers=("H-07",)),
    judge(transfers.japanese_initial_conquests, "29.54", covers=("H-08",)),
    judge(transfers.minor_conquest, "29.51", covers=("H-09",)),
    judge(
        transfers.island_groups,
        "29.71",
        partly={
            "H-10": "29.71A-C need the islands' occupancy at the end of the previous player turn and during the "
            "opposing one, and the opponent's sea supply to the group, which the projections do not keep; the timing "
            "and the islands being unoccupied are checked"
        },
    ),
)
