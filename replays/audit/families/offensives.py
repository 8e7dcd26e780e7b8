"""Offensive operations and the attrition they leave room for (A3R App. D 9.61-9.64 and intro; AWAW 27.12, 9.6):
each check asks the position's queries (:mod:`projections.position.offensives`) of the recorded event."""

from __future__ import annotations

from typing import Final

from projections.position import offensives as q
from replays.audit.engine import Family, judge

FAMILY: Final = Family(
    "offensives",
    judge(q.offensive_front_total, "A3R 9.62", after=True, covers=("C-OFF-1",)),
    judge(q.attrition_permitted, "A3R 9.61", after=True, covers=("C-OFF-2", "C-OFF-3")),
    judge(q.operation_paid_once, "A3R 9.63", covers=("C-OFF-4",)),
    judge(q.operations_paid_and_used, "A3R 9.63", covers=("C-OFF-4",)),
    judge(q.no_lent_italians, "A3R intro", covers=("C-OFF-5",)),
    judge(q.usat_offensives, "A3R intro", covers=("C-OFF-6",)),
)
