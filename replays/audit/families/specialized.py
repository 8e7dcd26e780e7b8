"""Specialized units in combat (AWAW 10.41E-F, 10.55D-E, 10.64A, 10.7, 10.8, 12.19): each check asks the position's
queries (:mod:`projections.position.specialized`) about the recorded attack."""

from __future__ import annotations

from typing import Final

from projections.position import specialized as q
from replays.audit.engine import Family, judge

FAMILY: Final = Family(
    "specialized units in combat",
    judge(q.unit_type_dms, "10.41F", covers=("AUD-10-13", "AUD-10-24", "AUD-10-30", "AUD-10-34")),
    judge(q.invasion_stack, "10.41E", covers=("AUD-10-12", "AUD-10-35")),
    judge(q.commando_raid, "10.81", covers=("AUD-10-36",)),
    judge(q.pearl_harbor_defenders, "12.19", covers=("AUD-12-04",)),
)
