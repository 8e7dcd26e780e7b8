"""Naval construction and repair (27.7) and, in A3R games, strategic warfare and the Murmansk box (A3R App. L): every
item of the 27-30 extract's auditor checklist 2.6 (N-01..N-53), 2.5 A-03 and the A3R extract's 3.14
(C-SW-1..C-SW-3). Each check asks a query of :mod:`projections.position.naval` (charts, yards, repairs, SW) and names
the items it covers; ``docs/audit-coverage.md`` shows them.
"""

from __future__ import annotations

from awaw_events.events import (
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
)
from projections.position.naval import charts as c
from projections.position.naval import repairs as r
from projections.position.naval import sw
from projections.position.naval import yards as y
from replays.audit.engine import Family, judge

YARD_USE = (ShipLaidDown, ShipAdvanced, ShipLaunched, ShipRepairStarted, ShipRaised, UnitBuilt)
NO_ANCHOR = "the map data format has no anchor symbol, and no state gives a port's supply"
C_BRP_18 = (
    "the secondary round's take of at most 1 BRP per withheld submarine is checked here; that turn N's SR reductions "
    "and USAT use turn N-1's secondary BRPs plus turn N's naval SW BRPs is the ledger's (projections.rules.sw."
    "sr_usat_brps gives the sum, projections.sw keeps the previous turn's rounds)"
)

FAMILY = Family(
    "naval",
    judge(c.lay_down_cell, "27.7251", covers=("N-13",)),
    judge(c.lay_down_cost, "27.7251", covers=("N-04",)),
    judge(c.captured_yard, "27.713", covers=("N-12",)),
    judge(c.naval_build_type, "27.722", covers=("N-11", "N-14", "N-16", "N-17")),
    judge(c.cve_training_rate, "27.7223", covers=("A-03",)),
    judge(c.immediate_build, "27.721A", covers=("N-04",)),
    judge(c.chart_column, "27.7272", covers=("N-20", "N-21")),
    judge(c.advance_cell, "27.7272A", covers=("N-22", "N-23")),
    judge(c.advance_cost, "27.7272", covers=("N-04",)),
    judge(c.acceleration, "27.7272B", covers=("N-23", "N-24")),
    judge(c.deferral, "27.7272C", covers=("N-25", "N-26")),
    judge(c.launch, "27.7272D", covers=("N-04", "N-28")),
    judge(c.scuttle, "27.7272E", covers=("N-26",)),
    judge(c.due_ships_decided, "27.7272", covers=("N-27", "N-28")),
    judge(r.repair_cell, "27.7267", covers=("N-32",)),
    judge(r.repair_cost, "27.7267", covers=("N-04", "N-32")),
    judge(r.repair_allowed, "27.7261", covers=("N-30", "N-31", "N-34", "N-35")),
    judge(r.raise_ship, "27.7262", covers=("N-36",)),
    judge(r.never_damaged, "27.721", covers=("N-35",)),
    judge(y.yard_rate, "27.724A", reads=YARD_USE, covers=("N-01",)),
    judge(y.one_factor_rate, "27.7221A", reads=YARD_USE, covers=("N-02",)),
    judge(y.yard_capacity, "27.741", reads=(ShipLaidDown, ShipRepairStarted), covers=("N-03",)),
    judge(y.prewar_transports, "27.7322", covers=("N-50", "N-51", "N-52", "N-53"), partly={
        "N-52.A": "the limit on American BRP grants to Britain the U.S. share counts against (40.x) is not in the "
        "texts; the share of USAT - 25 and the U.S. construction limit are checked"}),
    judge(y.build_location, "27.711", partly={"N-10": (
        f"{NO_ANCHOR}: home-country ports (map data country and port), boxes, control and what Canada, Australia "
        "and the U.S. boxes build are checked")}),
    judge(y.repair_place_and_payer, "27.7264", covers=("N-05", "N-12"), partly={
        "N-33": f"{NO_ANCHOR}: the yard's controller, the boxes and the U.S. war condition are checked"}),
    judge(y.rate_change, "27.731", partly={"N-06": (
        "which tension triggered a U.S. mobilization is not recorded (mobilization_applied has no track), so the "
        "theater of its increase is not checked; a cause 'other' is taken as recorded")}),
    judge(y.us_fast_carriers, "27.7325", partly={"N-15": (
        "the Storm Over Asia entitlements (27.7325A-B: Japanese CVs launched, CVBs laid down in SOA) come from the "
        "game before this log and are taken as recorded (ship_laid_down.entitlement)")}),
    judge(y.australian_cap, "27.712D", covers=("N-18",)),
    judge(y.minor_naval_rebuild, "27.22C", covers=("N-19",)),
    judge(r.chart_ships_stay, "27.7281", covers=("N-37", "N-40")),
    judge(r.chart_ships_attacked, "27.7283", covers=("N-42",)),
    judge(r.displacement, "27.7281", partly={"N-41": (
        "that every ship of rows 2 and Launch was displaced when enemy ground units occupied the port is taken from "
        "the displacement events: no event records a port's occupation; a yard's capture is checked")}),
    judge(r.captured_chart_cleared, "27.71"),
    judge(sw.murmansk_unrestricted, "A3R App. L", covers=("C-SW-1",)),
    judge(sw.sw_round_units, "A3R App. L", covers=("C-SW-2", "C-SOP-5"),
          partly={"C-BRP-18": C_BRP_18}),
    judge(sw.sw_before_convoys, "A3R App. L"),
    judge(sw.murmansk_convoy, "A3R App. L", covers=("C-SW-3",)),
    judge(sw.sw_turn_losses, "A3R App. L", covers=("C-SW-3",)),
    judge(sw.naval_combat_modifiers, "A3R extract 4.0"),
)  # fmt: skip
"""Every naval check."""
