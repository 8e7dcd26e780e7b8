"""Stacks at the end of each phase and the units that must be gone by then (AWAW 12; 10.41E, 10.56, 10.94, 11.38):
each check asks the position's stacking queries (:mod:`projections.position.stacking`) of the state after the event
that opened the next phase."""

from __future__ import annotations

from typing import Final

from awaw_events.events import EVENT_TYPES
from projections.position import stacking as q
from replays.audit.engine import Family, judge

PHASE_EVENTS: Final = tuple(kind for kind in EVENT_TYPES if not kind.annotation)
"""Any event may be the first of a new phase (the judgement is read on it)."""
BUILT = "units built are judged with the player turn's stacks at the end of redeployment, not at placement (12.22, "
BUILT += "28.91 read as letting construction overstack until then; 27.46 reads stricter)"
AIRDROPPED = "the elimination of airdropped units sharing a hex with the enemy after combat (10.56)"
FLAK = "flak eliminated when the enemy enters its hex (10.94)"

FAMILY: Final = Family(
    "stacking",
    judge(
        q.stacks,
        "12.11",
        reads=PHASE_EVENTS,
        after=True,
        covers=("AUD-12-01", "AUD-10-11", "AUD-12-05", "AUD-12-04", "AUD-12-02", "R-08", "C-RED-8", "AUD-16-05"),
        partly={"P-08": BUILT},
    ),
    judge(
        q.gone_by_phase_end,
        "12.16",
        reads=PHASE_EVENTS,
        after=True,
        covers=("AUD-12-03", "AUD-11-08"),
        partly={"AUD-10-25": AIRDROPPED, "AUD-10-37": FLAK},
    ),
    judge(q.overstack_choice, "12.15", covers=("AUD-12-02",)),
    judge(q.stacks_at_the_end, "12.11", reads=(), at_end=True),
)
