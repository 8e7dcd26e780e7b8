"""Overruns (AWAW 13.5, 15.34; A3R house App. C-1): each check asks the position's overrun queries
(:mod:`projections.position.overruns`) about the recorded overrun."""

from __future__ import annotations

from typing import Final

from projections.position import overruns as q
from replays.audit.engine import Family, judge

FAILED = "the mandatory attacks of failed overruns are checked; those after airdrops on enemy units, uninterfered "
FAILED += "invasions and tactical atomic attacks are not"

FAMILY: Final = Family(
    "overruns",
    judge(q.overrun, "13.52", covers=("AUD-13-11", "AUD-13-18")),
    judge(q.overrun_strengths, "15.34", covers=("AUD-13-12",)),
    judge(q.breakthrough_overruns, "13.522", covers=("AUD-13-14",)),
    judge(q.failed_overrun, "13.531", covers=("AUD-13-15", "AUD-13-16"), partly={"AUD-15-03": FAILED}),
    judge(q.overrun_winter, "13.57", covers=("AUD-13-19",)),  # mud: the weather family's mud (34.22)
    judge(q.overrun_operation, "13.51", covers=("AUD-13-17", "AUD-13-20")),
)
