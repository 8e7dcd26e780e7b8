"""Partisans (AWAW 11): each check asks the position's partisan queries (:mod:`projections.position.partisans`)
about the recorded event."""

from __future__ import annotations

from typing import Final

from projections.position import partisans as q
from replays.audit.engine import Family, judge

CONTROL = "control by partisans only where one stands; reversion when it leaves and the uses a partisan-held hex "
CONTROL += "denies (air basing, redeployment, objectives) are not checked"

FAMILY: Final = Family(
    "partisans",
    judge(q.partisan_builds, "11.35", covers=("AUD-11-03", "AUD-11-04", "AUD-11-05", "AUD-11-01")),
    judge(q.partisan_builders, "11.33", covers=("AUD-11-07", "AUD-11-02")),
    judge(q.partisan_placement, "11.353", covers=("AUD-11-06",)),
    judge(q.partisan_limits, "11.42", covers=("AUD-11-10",)),
    judge(q.partisan_status, "11.48", covers=("AUD-11-11", "AUD-11-15"), partly={"AUD-11-12": CONTROL}),
)
