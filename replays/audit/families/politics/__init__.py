"""Politics: declarations of war and offensives (27.12), the rule options of an A3R game (A3R 1.1-1.2, C-OPT-1..3),
the house sequence of play (A3R intro, C-SOP-1..7) and the Russian-German tensions (A3R App. E, C-RGT-1..9). Each
check asks a query of :mod:`projections.position.politics` or :mod:`projections.position.tensions`.
"""

from __future__ import annotations

from typing import Final

from projections.position import politics as p
from projections.position import tensions as t
from replays.audit.engine import Family, judge

UNPREPARED = (
    "the Air Nationality DRM and the reduced ZoC effect are not checked (the air combat and movement events do not "
    "name the Russian side's modifier); movement and the infantry DM are"
)

FAMILY: Final = Family(
    "politics",
    judge(p.declaration_cost, "27.12", covers=("C-06", "C-BRP-12"),
          needs=("aggressor", "target", "brp_cost", "since_year")),
    judge(p.full_offensive_cost, "27.12", covers=("C-06",)),
    judge(p.options_recorded, "A3R 1.1", covers=("C-OPT-1",)),
    judge(p.deficit_consent, "A3R intro", covers=("C-OPT-2",)),
    judge(p.options_consistent, "A3R 1.2", covers=("C-OPT-3",)),
    judge(p.axis_first, "A3R intro", covers=("C-SOP-1",)),
    judge(p.joint_research, "A3R intro", covers=("C-SOP-2",)),
    judge(p.diplomacy_in_own_turn, "A3R intro", covers=("C-SOP-3",)),
    judge(p.sw_in_combat_phase, "A3R intro", covers=("C-SOP-4",)),
    judge(p.sw_allocation_timing, "A3R intro", covers=("C-SOP-5",)),
    judge(p.attacked_minor_moves_with_defender, "A3R intro", covers=("C-SOP-6",)),
    judge(p.attrition_last, "14.12", covers=("C-SOP-7",)),
    judge(t.rgt_turn_start, "A3R App. E", covers=("C-RGT-1", "C-RGT-3")),
    judge(t.dp_limits, "A3R App. E", covers=("C-RGT-2",)),
    judge(t.rgt_event_modifiers, "A3R App. E", covers=("C-RGT-4",)),
    judge(t.russian_declarations, "A3R App. E", covers=("C-RGT-5",)),
    judge(t.mobilization_ics, "A3R App. E", covers=("C-RGT-6",)),
    judge(t.german_garrison, "A3R App. E", covers=("C-RGT-7",)),
    judge(t.unpreparedness, "A3R App. E", partly={"C-RGT-9": UNPREPARED}),
)  # fmt: skip
"""Every politics check."""
