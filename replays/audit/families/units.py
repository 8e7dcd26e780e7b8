"""What each ground unit type may do (AWAW 10.1-10.9): each check asks the position's unit queries
(:mod:`projections.position.units`) about the recorded event."""

from __future__ import annotations

from typing import Final

from projections.position import units as q
from replays.audit.engine import Family, judge

CHINDITS = "the conversion of three Indian infantry factors (10.65A) is not recorded; where it is built needs the "
CHINDITS += "map data's country"

FAMILY: Final = Family(
    "unit types",
    judge(q.non_combatants, "10.23", covers=("AUD-10-04", "AUD-10-37")),
    judge(q.unit_counters, "10.25", covers=("AUD-10-05", "AUD-10-10")),
    judge(q.infantry_ctl, "10.11", covers=("AUD-10-02",)),
    judge(q.negated_mechanized, "10.32", covers=("AUD-10-06", "AUD-10-03")),
    judge(q.airdrop_timing, "10.52", covers=("AUD-10-15",)),
    judge(q.airdrop_unit, "10.53", covers=("AUD-10-14", "AUD-10-19", "AUD-10-28", "AUD-10-17")),
    judge(q.airdrop_flight, "10.53A", covers=("AUD-10-20", "AUD-10-16", "AUD-10-27")),
    judge(q.airdropped_units, "10.55", covers=("AUD-10-22", "AUD-10-23", "AUD-10-25")),
    judge(q.chindit_attrition, "10.64B", covers=("AUD-10-31",)),
    judge(q.chindit_count, "10.65", partly={"AUD-10-32": CHINDITS}),
    judge(q.airdrop_offensive, "10.53C", covers=("AUD-10-18",)),
    judge(q.airdrop_no_automatic_supply, "10.57", covers=("AUD-10-26", "AUD-10-28")),
)
