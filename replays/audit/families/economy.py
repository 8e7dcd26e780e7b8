"""The BRP economy (27.1; A3R intro, App. B 35.7, App. E, App. L): spending within the BRPs available or the game's
deficit-spending option, the 35.7 prorated batches and their timing, Russian ICs, raiding costs, grant routes and
the secondary SW take. Each check asks a query of :mod:`projections.position.economy`.
"""

from __future__ import annotations

from projections import brp
from projections.position import economy as q
from replays.audit.engine import Family, judge

SECONDARY = (
    "the withheld submarines are not recorded apart from the SW box's, so the take is held to 1 BRP per submarine of "
    "the round; the SR and USAT carry-over is the SW family's"
)

FAMILY = Family(
    "economy",
    judge(q.brp_available, "27.1", reads=brp.EXPENDITURE_EVENTS, after=True, covers=("C-04", "C-BRP-7")),
    judge(q.deficit_limits, "A3R intro", reads=brp.EXPENDITURE_EVENTS, after=True,
          covers=("C-BRP-8", "C-BRP-9", "C-BRP-11")),
    judge(q.deficit_covered_by_grants, "A3R intro", covers=("C-BRP-10",)),
    judge(q.deficit_settled, "A3R intro", covers=("C-BRP-11",)),
    judge(q.brp_batch, "A3R 35.7", covers=("C-BRP-1", "C-BRP-2")),
    judge(q.brp_batch_timing, "A3R 35.73", covers=("C-BRP-3", "C-BRP-4", "C-BRP-5", "C-BRP-6", "C-BRP-15")),
    judge(q.brp_unprorated, "A3R 35.7", covers=("C-BRP-1",)),
    judge(q.french_colony_brps, "A3R 58.531A", covers=("C-BRP-15",)),
    judge(q.ic_value, "A3R 37.711", partly={
        "C-BRP-13": "the year's IC value that caps a regain, and the full supply a regain needs, are not in the texts",
        "C-BRP-14": "the year's IC value (the cap of the growth) is not in the texts",
    }),
    judge(q.ic_supply_cost, "A3R 37.711", covers=("C-BRP-13",)),
    judge(q.raiding_cost, "A3R intro", covers=("C-BRP-12",)),
    judge(q.northern_routes, "A3R intro", covers=("C-BRP-17",), partly={
        "C-BRP-17.C": "whether a route's supply line (A47/A50 - Vologda - the east edge) is open is taken from "
                      "route_status_changed, not traced on the map"}),
    judge(q.secondary_sw_take, "A3R App. L", partly={"C-BRP-18": SECONDARY}),
)  # fmt: skip
"""Every economy check."""
