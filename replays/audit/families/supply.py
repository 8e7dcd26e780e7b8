"""Supply (rule 30; A3R App. H and I): each check asks a query of :mod:`projections.position.supply` about the
recorded event (determinations, what units without supply may not do, elimination by isolation, sources, land and
sea supply lines, construction in supplied hexes: 27-30 checklist 2.11, S-01..S-25; A3R C-SUP-1, C-SUP-2)."""

from __future__ import annotations

from projections.position import supply
from projections.position.supply import sea, sources, status
from replays.audit.engine import Family, judge

FAMILY = Family(
    "supply",
    judge(status.supply_determinations, "30.4", covers=("S-01",)),
    judge(status.post_combat_retrace, "30.43", covers=("S-02", "S-19")),
    judge(status.isolation_elimination, "30.541", covers=("S-11", "S-19")),
    judge(
        status.isolated_units_stay,
        "30.16",
        covers=("S-12", "AUD-13-04"),
    ),
    judge(
        status.partial_supply_impairments,
        "30.52",
        covers=("S-13",),
    ),
    judge(status.automatic_supply, "30.551", covers=("S-17",)),
    judge(status.source_designation, "30.212", covers=("S-18",)),
    judge(sources.supply_sources, "30.2", covers=("S-14", "S-15", "S-16", "C-SUP-1")),
    judge(sources.ic_isolation_dm, "30.267", covers=("S-24",)),
    judge(
        sources.construction_needs_full_supply,
        "30.61",
        covers=("P-04", "S-25"),
    ),
    judge(sources.russian_ic_supply, "A3R 37.71", covers=("C-SUP-2",)),
    judge(supply.land_supply_lines, "30.321", covers=("S-20", "S-21", "S-22", "S-23")),
    judge(sea.second_sea_attempt, "30.44", covers=("S-03",)),
    judge(
        sea.one_line_per_zone,
        "30.342",
        covers=("S-04",),
        partly={
            "S-04.A": "where the map data cannot link two destinations by land (or one is an island or in an enemy "
            "ZoC), the zones are the ones the lines name, and a recorded ZoC split is taken as recorded",
            "S-04.B": "which island group an island belongs to is the zone the line names: the map data names no "
            "island groups",
        },
    ),
    judge(sea.port_receives_or_sends, "30.331", covers=("S-05",)),
    judge(sea.sea_line_ends, "30.331", covers=("S-06",)),
    judge(sea.box_sea_supply, "30.331C", covers=("S-07",)),
    judge(sea.sea_supply_protection, "30.361", covers=("S-08",)),
    judge(
        sea.sea_supply_disruption,
        "30.381",
        covers=("S-09",),
        partly={
            "S-09.A": "that an unprotected line is disrupted with no dice and no attacker losses, its attackers "
            "inverted, is not checked: only the outcome is",
            "S-09.B": "which air units a line's air cover held off is taken from sea_supply_resolved.blocked (only "
            "that the line had air cover, and that they are air units, is checked)",
        },
    ),
    judge(sea.sea_supplied_type, "30.332", covers=("S-10",)),
)
