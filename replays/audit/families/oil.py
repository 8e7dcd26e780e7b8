"""Oil (AWAW rule 33): sources, production and damage, reserves and tracking, shipping, consumption and effects,
partial counters (checks O-01..O-82 of the 31-34 extract). Each check asks a query of
:mod:`projections.position.oil` about the recorded event; where the map data does not name a place the rules name,
or the log lacks a fact, the check says "not checked". What the log cannot record at all is listed in
``replays/audit/notes/oil.yaml`` (supply lines and zones, oil domains of units).
"""

from __future__ import annotations

from projections.position.oil import consumption, ledger, production, reserves
from replays.audit.engine import Family, judge

NO_DOMAIN = "which oil domain a unit draws on (the log records no unit's oil domain or oil status)"

FAMILY = Family(
    "oil",
    judge(consumption.fought_without_oil, "33.73C", covers=("31-34/O-65",)),
    judge(consumption.patrol_oil, "33.535", covers=("31-34/O-71",)),
    judge(consumption.offset_per_domain, "33.55", covers=("31-34/O-50",)),
    judge(
        consumption.paid_units, "33.82", covers=("31-34/O-54", "31-34/O-56", "31-34/O-57", "31-34/O-58", "31-34/O-66")
    ),
    judge(consumption.uninversion_oil, "33.91", covers=("31-34/O-66",)),
    judge(consumption.payment_in_force, "33.541", covers=("31-34/O-52", "31-34/O-70")),
    judge(
        consumption.unoffset_operations,
        "33.61",
        covers=("31-34/O-68",),
        partly={"31-34/O-53": NO_DOMAIN, "31-34/O-55": NO_DOMAIN, "31-34/O-59": NO_DOMAIN},
    ),
    judge(consumption.construction_oil, "33.61D", covers=("31-34/O-61",)),
    judge(consumption.construction_oil_source, "33.63", covers=("31-34/O-62",)),
    judge(consumption.british_construction_effect, "33.63", covers=("31-34/O-62",)),
    judge(consumption.growth_oil, "33.61E", covers=("31-34/O-63",)),
    judge(consumption.resistance_oil, "33.74", covers=("31-34/O-64",)),
    judge(consumption.no_chinese_oil, "33.49", covers=("31-34/O-67",)),
    judge(ledger.oil_available, "33.5", covers=("27-30/O-06",)),
    judge(
        ledger.oil_cost,
        "33.6",
        covers=("31-34/O-50", "31-34/O-54", "31-34/O-56", "31-34/O-57", "31-34/O-80", "31-34/O-82"),
    ),
    judge(ledger.oil_timing, "33.52", covers=("31-34/O-51",)),
    judge(ledger.oil_shipment, "33.43", covers=("31-34/O-29", "31-34/O-30")),
    judge(ledger.reserve_maximum, "33.422", covers=("31-34/O-20", "31-34/O-38")),
    judge(ledger.over_maximum_elimination, "33.422"),
    judge(ledger.partial_retained, "33.83", covers=("31-34/O-81",)),
    judge(production.oil_output, "33.2", covers=("31-34/O-01", "31-34/O-10", "31-34/O-11")),
    judge(production.market_oil, "33.4521", covers=("31-34/O-33",)),
    judge(production.embargo, "33.45211", covers=("31-34/O-33",)),
    judge(production.oil_source_access, "33.44", covers=("31-34/O-02", "31-34/O-04", "31-34/O-05")),
    judge(production.capture_damage, "33.33B", covers=("31-34/O-06",)),
    judge(production.damage_maximum, "33.33C", covers=("31-34/O-07",)),
    judge(production.oil_repair, "33.331", covers=("31-34/O-08",)),
    judge(production.oil_plant_built, "33.234", covers=("31-34/O-09",)),
    judge(reserves.reserve_declared, "33.422", covers=("31-34/O-20",)),
    judge(reserves.reserve_maximum_by_control, "33.422", covers=("31-34/O-20",)),
    judge(reserves.tracking_started, "33.4424", covers=("31-34/O-22", "31-34/O-23")),
    judge(reserves.tracking_due, "33.4424", covers=("31-34/O-23",)),
    judge(reserves.tracking_stopped, "33.4624", covers=("31-34/O-24",)),
    judge(reserves.no_captured_oil, "33.423", covers=("31-34/O-25",)),
    judge(reserves.reserve_losses, "33.424", covers=("31-34/O-26", "31-34/O-27")),
    judge(reserves.wa_europe_usable, "33.425", covers=("31-34/O-28",)),
    judge(reserves.stale_oil, "33.431", covers=("31-34/O-21",)),
    judge(ledger.shipping_capacity, "33.473", covers=("31-34/O-31",)),
    judge(ledger.japanese_dei_oil, "33.4523", covers=("31-34/O-32",)),
    judge(ledger.russia_oil, "33.4623", covers=("31-34/O-34",)),
    judge(
        ledger.wa_restricted_oil,
        "33.4722",
        partly={
            "31-34/O-35": "where the oil is used: the supply zone of the units and hexes it serves is not recorded"
        },
    ),
    judge(ledger.wa_sea_routes, "33.4731", covers=("31-34/O-36",)),
    judge(ledger.prewar_transports, "33.4732A", covers=("31-34/O-37",)),
)
