"""Unit construction (27.1-27.6, 27.8-27.9): costs, multipliers, construction oil, limits, payers and training
rates, what may be rebuilt and where units are placed. Checks C-01..C-05, L-01..L-12, O-01..O-06, P-01..P-11,
A-01..A-04 and I-01, I-03..I-05 of the 27-30 extract's auditor checklist; each asks a query of
:mod:`projections.position.construction` (:mod:`.costs <projections.position.construction.costs>`,
:mod:`.placement <projections.position.construction.placement>`).
"""

from __future__ import annotations

from typing import Final

from awaw_events.events import (
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
)
from projections import brp
from projections.position.construction import costs as c
from projections.position.construction import placement as p
from replays.audit.engine import Family, judge

OIL_STATUS = (
    "the oil status a new unit takes from its hex or box (27.43A) is not checked: unit_built records only the supply "
    "status, and no event records a hex's or a box's oil status"
)

GRANT_ORDER = (
    "27.34A's 'after all reductions' changes the figure only if a limit the reductions take below 0 stops at 0 before "
    "the increase, which the texts do not say (27-30 extract 1.4 [UNSURE] (b)): a limit either reading gives is not "
    "judged"
)

FAMILY: Final = Family(
    "construction",
    judge(c.construction_phase, "27.11", covers=("C-05",),
          reads=(UnitBuilt, ShipLaidDown, ShipAdvanced, ShipRepairStarted, ShipRaised, RailheadBuilt)),
    judge(c.unit_cost, "27.11", covers=("C-01",)),
    judge(c.same_turn_rebuild, "27.13", covers=("C-02", "C-03", "AUD-13-03", "C-BRP-12", "27-30/O-03")),
    judge(c.triple_cost, "27.14", covers=("C-02",)),
    judge(c.oil_doubling, "27.35B", covers=("C-02", "27-30/O-01", "27-30/O-03")),
    judge(c.specialized_rebuild, "27.21", covers=("P-01",)),
    judge(c.built_inverted, "27.81", covers=("I-01",)),
    judge(c.oil_coverage, "27.35A", covers=("27-30/O-01", "27-30/O-02")),
    judge(c.construction_oil_effect, "27.35E", covers=("27-30/O-05",)),
    judge(c.limit_declared, "27.32", after=True,
          covers=("L-02", "L-03", "L-04", "L-05", "L-06", "L-07", "L-08", "L-12"), partly={"L-05.B": GRANT_ORDER}),
    judge(c.construction_limit, "27.31", reads=brp.LIMIT_EVENTS, after=True, covers=("L-01", "27-30/O-04")),
    judge(c.location_limits, "27.47", covers=("L-09",)),
    judge(c.minor_payer, "27.472", partly={
        "L-10": "the U.S. pre-war grant limit its pre-war payments count against (40.x) is not in the texts"}),
    judge(c.minor_transports, "27.472B", covers=("L-11",)),
    judge(c.naval_air_rate, "27.61", covers=("A-01", "A-02"), partly={
        "A-02.A": "Australia's own naval air training rate (27.61B) is not in the texts: an Australian squadron built "
                  "on it is not checked"}),
    judge(c.cve_rate, "27.61A", covers=("A-03",)),
    judge(p.never_rebuilt, "27.22", covers=("P-02",), partly={
        "P-02.C": "the rebuild rates of Vlasov, Wang and INA units (27.22B) are in rules outside the texts"}),
    judge(p.elite_rebuilt, "27.23", covers=("A-04",)),
    judge(p.home_country, "27.42", covers=("P-03",)),
    judge(p.canada_and_chindit, "27.475A", covers=("P-10",)),
    judge(p.colonial_rebuild, "27.477", covers=("P-09",)),
    judge(p.build_supply, "27.43A", covers=("S-25",), partly={"P-11": OIL_STATUS, "S-25.A": OIL_STATUS}),
    judge(p.russian_build_supply, "27.43B", covers=("P-05",)),
    judge(p.build_control, "27.45", covers=("P-07",)),
    judge(p.build_zoc, "27.44", covers=("P-06",)),
    judge(p.sw_air_placement, "27.92", covers=("I-03",)),
    judge(p.research_build_order, "27.91A", covers=("I-04",)),
    judge(p.sw_naval_placement, "27.93", covers=("I-05",)),
    judge(p.sw_box_transfer, "27.94", covers=("I-05",)),
)  # fmt: skip
"""Every construction check."""
