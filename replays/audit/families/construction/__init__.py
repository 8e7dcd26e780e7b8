"""Unit construction (27.1-27.6, 27.8-27.9): costs, multipliers and construction oil (:mod:`.costs`), construction
and location limits, Commonwealth payers and training rates (:mod:`.limits`), what may be rebuilt and where units are
placed (:mod:`.placement`). Checks C-01..C-05, L-01..L-12, O-01..O-06, P-01..P-11, A-01..A-04 and I-01, I-03..I-05
of the 27-30 extract's auditor checklist.

Everything running comes from the projections: the board's elimination registry (27.13A), the BRP ledger
(:mod:`projections.brp`: each power's construction limit with its parts, the limit it declared, the spending counted
against it), the oil projection (construction oil committed, 27.35A) and this turn's tallies
(:mod:`projections.redeployment`: naval air and CVEs built, builds at 27.47 locations, U.S. BRPs for Commonwealth
construction, the oil coverage claimed). A check reads them and computes nothing the ledger already computed, so the
audit and ``awaw state`` agree.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.construction import costs, limits, placement
from replays.audit.families.construction.costs import pricing, western_allies_track_oil
from replays.audit.families.construction.limits import (
    LimitInForce,
    Spending,
    computed_limit,
    limit_in_force,
    limit_spending,
)

FAMILY: Final = Family("construction")
"""Every construction check."""
for _part in (costs.CHECKS, limits.CHECKS, placement.CHECKS):
    FAMILY.checks.extend(_part.checks)

__all__ = [
    "FAMILY",
    "LimitInForce",
    "Spending",
    "computed_limit",
    "limit_in_force",
    "limit_spending",
    "pricing",
    "western_allies_track_oil",
]
