"""Construction caps besides the limit: per-location sub-limits (27.47) and naval air training rates (27.61).

Sources: 27-30 extract sections 1.6, 1.7, 2.3-2.5.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

import msgspec

from awaw_events.vocab import (
    AIR_TYPES,
    GROUND_TYPES,
    Power,
    UnitType,
)
from projections.rules.construction.costs import CounterItem, RuleBreach

# ---------------------------------------------------------------------------------------------------------------------
# 3b. Per-location construction sub-limits (27.47)
# ---------------------------------------------------------------------------------------------------------------------

ConstructionLocation = Literal["australia", "india", "siberia", "korea_manchuria"]


class LocationLimit(msgspec.Struct, frozen=True):
    """Per-turn construction caps at a location outside a home country (27.47). ``None``: no cap of that kind."""

    payer_powers: frozenset[Power]
    brps: int | None = None
    infantry_factors: int | None = None
    aaf_factors: int | None = None
    allowed_types: frozenset[UnitType] | None = None
    excluded_types: frozenset[UnitType] = frozenset()
    """Types whose cost does not count against this location's BRP cap (but does count for the payer)."""
    measure_normal_cost: bool = False
    """Count BRPs at normal cost (Siberia: "at the normal BRP cost", 27.476) rather than as paid."""
    rule: str = ""


LOCATION_LIMITS: Final[Mapping[ConstructionLocation, LocationLimit]] = {
    "australia": LocationLimit(
        payer_powers=frozenset({"britain", "usa"}),
        brps=9,
        infantry_factors=3,
        aaf_factors=1,
        rule="27.473B",
    ),
    "india": LocationLimit(
        payer_powers=frozenset({"britain", "usa"}),
        brps=3,
        excluded_types=frozenset({"chindit"}),
        rule="27.474B, 27.474D",
    ),
    "siberia": LocationLimit(
        payer_powers=frozenset({"russia"}),
        brps=6,
        allowed_types=GROUND_TYPES | AIR_TYPES,
        measure_normal_cost=True,
        rule="27.476",
    ),
    "korea_manchuria": LocationLimit(
        payer_powers=frozenset({"japan"}),
        infantry_factors=3,
        allowed_types=frozenset({"infantry"}),
        rule="27.471",
    ),
}
"""Per-turn limits: Australia 9 BRPs, <= 3 infantry factors, <= 1 AAF (27.473B); India 3 BRPs, the Chindit not
counted (27.474B, D); Siberia <= 6 BRPs of ground/air at normal cost (27.476); Japan <= 3 infantry factors in Korea
and Manchuria together, infantry only (27.471). The spending also counts against the payer's limit."""

LOCATION_LIMIT_OWNERS: Final[frozenset[Power]] = frozenset({"russia", "japan"})
"""Major powers whose own units 27.47 limits outside the home country (Siberia 27.476, Korea and Manchuria 27.471);
Australian and Indian units are limited by nationality (27.473B, 27.474B)."""

EXCLUDED_FROM_LOCATION_LIMITS: Final[frozenset[CounterItem]] = frozenset({"fortification", "railhead"})
"""Forts and railheads do not count against the 27.47 location limits (27.47)."""


class LocationBuild(msgspec.Struct, frozen=True):
    """A unit built at a 27.47 location this turn: type, factors, BRPs paid and normal cost."""

    unit_type: UnitType
    factors: int
    brps_paid: int
    normal_cost: int


def location_limit_breaches(
    location: ConstructionLocation,
    builds: Sequence[LocationBuild],
    *,
    box_reduction: int = 0,
) -> tuple[RuleBreach, ...]:
    """Check one turn's builds at a location against its 27.47 caps (forts and railheads are not passed in).

    ``box_reduction``: the Australian/Indian limit reduction this turn from bombing, rockets and adjacent Japanese
    units (27.331B/D, 27.333; at most 3), see :func:`box_limit_reduction`.
    """
    lim = LOCATION_LIMITS[location]
    found: list[RuleBreach] = []
    if lim.allowed_types is not None:
        for b in builds:
            if b.unit_type not in lim.allowed_types:
                found.append(RuleBreach(lim.rule, f"{b.unit_type} may not be built in {location}", None, b.unit_type))
    if lim.brps is not None:
        counted = [b for b in builds if b.unit_type not in lim.excluded_types]
        spent = sum(b.normal_cost if lim.measure_normal_cost else b.brps_paid for b in counted)
        allowed = max(0, lim.brps - box_reduction)
        if spent > allowed:
            found.append(RuleBreach(lim.rule, f"{location} construction BRPs exceed its limit", allowed, spent))
    if lim.infantry_factors is not None:
        inf = sum(b.factors for b in builds if b.unit_type == "infantry")
        if inf > lim.infantry_factors:
            found.append(RuleBreach(lim.rule, f"too many infantry factors in {location}", lim.infantry_factors, inf))
    if lim.aaf_factors is not None:
        aaf = sum(b.factors for b in builds if b.unit_type == "aaf")
        if aaf > lim.aaf_factors:
            found.append(RuleBreach(lim.rule, f"too many AAF factors in {location}", lim.aaf_factors, aaf))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# 4. Naval air training (27.6)
# ---------------------------------------------------------------------------------------------------------------------

NAVAL_AIR_TRAINING_RATE: Final[Mapping[Power, int]] = {
    "usa": 4,
    "japan": 3,
    "britain": 2,
    "germany": 1,
    "italy": 1,
    "france": 0,
    "russia": 0,
    "china": 0,
}
"""NAS factors (new and rebuilt) a power may build per turn (27.61, 27.61A); raised by production RPs (42.23D).
France, Russia and China may never build naval air."""

NEVER_BUILD_NAVAL_AIR: Final[frozenset[Power]] = frozenset({"france", "russia", "china"})
"""27.61: these powers may never build naval air units (production cannot change that)."""

NasRateSource = Literal["australia", "britain", "usa"]


def australian_naval_air(nationality: str) -> bool:
    """Australian naval air is built on Australia's own training rate (27.61B), which the rules do not give."""
    return "australia" in nationality


def australian_nas_rate_sources(*, us_at_war_with_japan: bool) -> frozenset[NasRateSource]:
    """Whose training rate may build Australian NAS (27.61B): Australia's own; Britain's until the U.S. is at war
    with Japan; the U.S.'s once it is. [Reading of open question 13: Britain's rate stops when the U.S. rate starts.]"""
    return frozenset({"australia", "usa"}) if us_at_war_with_japan else frozenset({"australia", "britain"})


def naval_air_breaches(power: Power, nas_factors_built: int, *, rate_increase: int = 0) -> tuple[RuleBreach, ...]:
    """NAS factors built this turn vs the training rate (27.61, 27.61A)."""
    allowed = 0 if power in NEVER_BUILD_NAVAL_AIR else NAVAL_AIR_TRAINING_RATE[power] + rate_increase
    if nas_factors_built > allowed:
        return (
            RuleBreach("27.61", f"{power} built more NAS factors than its training rate", allowed, nas_factors_built),
        )
    return ()
