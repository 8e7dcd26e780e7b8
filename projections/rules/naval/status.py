"""Where naval units are built and repaired, who pays, how shipyard rates change, the American fast-carrier
restriction, and what happens to ships on a chart (27.22C, 27.71-27.713, 27.7263-27.7265, 27.7281-27.7283, 27.731,
27.7321, 27.7325, 27.733; 27-30 extract checks N-05, N-06, N-10, N-15, N-18, N-19, N-33, N-37, N-40-N-42).

Choices:

* Home-country ports (27.711A, 27.712A) are read from the map data: a hex whose ``country`` is the power's id
  (Italy's ports in Sicily carry ``italy``; Britain's in Ulster ``britain``). Whether a port has an anchor symbol is
  not in the map data format, and whether it is fully supplied is not in the state: the checks say so.
* Minor-country naval units (27.22C): a counter whose nationality is neither a major power, nor Vichy or Free
  French, nor of the Commonwealth (``commonwealth:canada``: British forces); Australian counters (a nationality
  naming Australia) are minor-country ones, of which cruisers and destroyers may be rebuilt.
* Vichy France "has associated or activated" (27.7265): the status of ``vichy`` is ``associated`` or
  ``activated``, or France's is ``vichy_activated``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from awaw_events.vocab import CHART_TYPES, NAMED_SHIP_TYPES, POWERS, Power, Season
from projections.rules.calendar import turn_index
from projections.rules.construction import RuleBreach
from projections.rules.naval.shipyards import CAPTURED_YARD_RATE, FAST_CARRIER_TYPES, RATE_NEVER_INCREASED

# ---------------------------------------------------------------------------------------------------------------------
# Where (27.711, 27.712, 27.7264)
# ---------------------------------------------------------------------------------------------------------------------

US_BOXES: Final[frozenset[str]] = frozenset({"box:us_atlantic", "box:us_pacific"})
CANADA_BOX: Final = "box:canada"
AUSTRALIA_BOX: Final = "box:australia"

IMMEDIATE_BUILD_BOXES: Final[Mapping[Power, frozenset[str]]] = {
    "usa": US_BOXES,
    "britain": frozenset({CANADA_BOX}),
}
"""Boxes where subs, ASW and transports may be built besides home-country ports: either U.S. box (U.S.), Canada
(Britain) (27.711B-C)."""


def immediate_build_box_allowed(power: str, location: str) -> bool:
    """A box is a legal place for a power's subs, ASW and transports (27.711B-C)."""
    return location in IMMEDIATE_BUILD_BOXES.get(power, frozenset())  # type: ignore[call-overload]


def yard_kind(yard: str, location: str | None) -> str:
    """``us_box``, ``canada``, ``australia`` or ``port``: which clause of 27.712 a yard falls under, by its
    location (``box:us_atlantic``) or, undefined, its id."""
    where = (location or f"box:{yard.replace('-', '_')}").lower()
    if where in US_BOXES or where.startswith("box:us"):
        return "us_box"
    if where == CANADA_BOX:
        return "canada"
    if where == AUSTRALIA_BOX:
        return "australia"
    return "port"


def chart_build_breaches(
    kind: str, builder: str, unit_type: str, factors: int, *, australian: bool
) -> tuple[RuleBreach, ...]:
    """What a yard of ``kind`` may lay down (27.712B-D): U.S. boxes U.S. ships and British CVEs; Canada British
    destroyers, cruisers and two-factor named ships; Australia Australian destroyers and cruisers."""
    found: list[RuleBreach] = []
    if kind == "us_box" and builder != "usa":
        found.append(RuleBreach("27.712B", "the U.S. boxes build American ships and British CVEs", "usa", builder))
    elif kind == "canada":
        ok = builder == "britain" and (unit_type in ("dd", "ca") or (unit_type in NAMED_SHIP_TYPES and factors == 2))
        if not ok:
            found.append(
                RuleBreach(
                    "27.712C",
                    "Canada builds British destroyers, cruisers and two-factor named ships",
                    "British DD, CA or 2-factor named ship",
                    f"{builder} {unit_type}{factors}",
                )
            )
    elif kind == "australia" and not (australian and unit_type in ("dd", "ca")):
        found.append(
            RuleBreach(
                "27.712D", "Australia builds Australian destroyers and cruisers", "Australian DD or CA", unit_type
            )
        )
    return tuple(found)


AUSTRALIAN_CAP_TYPES: Final[frozenset[str]] = frozenset({"dd", "ca"})


def is_australian(nationality: str | None) -> bool:
    return nationality is not None and "australia" in nationality


def repair_location_breaches(
    kind: str,
    *,
    ship_owner: str,
    ship_faction: str | None,
    controller_faction: str | None,
    us_at_war_with_germany_or_japan: bool,
) -> tuple[RuleBreach, ...]:
    """Where a ship may be repaired (27.7264): a yard controlled by its owner's alliance faction; Western Allied ships
    also in Australia, Canada, and the U.S. boxes only once the U.S. is at war with Germany or Japan (American ships
    always in their own boxes)."""
    found: list[RuleBreach] = []
    if kind in ("canada", "australia", "us_box"):
        if ship_faction != "western_allies":
            found.append(RuleBreach("27.7264", "only Western Allied ships are repaired in the boxes", None, ship_owner))
        elif kind == "us_box" and ship_owner != "usa" and not us_at_war_with_germany_or_japan:
            found.append(
                RuleBreach("27.7264", "the U.S. boxes repair other WA ships once the U.S. is at war", None, None)
            )
    elif controller_faction is not None and ship_faction is not None and controller_faction != ship_faction:
        found.append(
            RuleBreach(
                "27.7264",
                "repairs only in a port controlled by the owner's alliance faction",
                ship_faction,
                controller_faction,
            )
        )
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Who pays (27.7264, 27.7265)
# ---------------------------------------------------------------------------------------------------------------------

VICHY_YARD: Final = "marseilles"
"""Vichy French ships may be repaired or completed at Marseilles before Vichy's activation (27.7265)."""


def repair_payer(*, yard_owner: str, ship_owner: str, captured: bool) -> str:
    """Who pays a repair: the shipyard's owner, or in a captured shipyard the ship's owner (27.7264)."""
    return ship_owner if captured else yard_owner


def vichy_pays(statuses: Mapping[str, str]) -> bool:
    """Vichy France has associated or activated (27.7265; the reading in the module docstring)."""
    return statuses.get("vichy") in ("associated", "activated") or statuses.get("france") == "vichy_activated"


def vichy_work_free(yard: str, nationality: str | None, statuses: Mapping[str, str]) -> bool:
    """Vichy French repairs and completions at Marseilles cost no BRPs until Vichy associates or activates
    (27.7265)."""
    return nationality == "vichy" and yard.replace("-", "_") == VICHY_YARD and not vichy_pays(statuses)


# ---------------------------------------------------------------------------------------------------------------------
# Shipbuilding rates (27.713, 27.731, 27.7321)
# ---------------------------------------------------------------------------------------------------------------------

RATE_CAUSES: Final[frozenset[str]] = frozenset({"rp", "mobilization", "production", "capture", "recapture", "scenario"})
"""What may change a shipbuilding rate: RPs allocated to shipbuilding, Gathering Storm / Storm Over Asia starting
mobilizations and U.S. mobilization (``mobilization``), U.S. production, capture (rate 1) and recapture, a
scenario (27.713, 27.731, 27.7321)."""

US_PRODUCTION_TENSION: Final = 50
"""U.S. production raises a box's rate only once the U.S. is at war in that theater or its tension is 50 (27.7321B)."""
US_THEATER_ENEMIES: Final[dict[str, tuple[str, ...]]] = {"pacific": ("japan",), "atlantic": ("germany", "italy")}
"""The powers whose war with the U.S. is war "in that theater" for a U.S. box (27.7321B): Japan in the Pacific,
Germany or Italy in the Atlantic."""
US_MOBILIZATION_MAX_INCREASE: Final = 1
"""A U.S. mobilization adds at most one shipbuilding point (27.7321A)."""


def rate_change_breaches(
    *,
    owner: str,
    old: int,
    new: int,
    cause: str,
    us_open_for_production: bool | None = None,
) -> tuple[RuleBreach, ...]:
    """Whether a recorded rate change has a cause the rules allow (27.713, 27.731, 27.7321).
    ``us_open_for_production``: for a U.S. box, whether the U.S. is at war in its theater or that theater's
    tension is 50 or more."""
    found: list[RuleBreach] = []
    increase = new > old
    if cause == "capture" and new != CAPTURED_YARD_RATE:
        found.append(RuleBreach("27.713", "a captured shipyard's rate is 1", CAPTURED_YARD_RATE, new))
    if not increase or cause in ("scenario", "recapture"):
        return tuple(found)
    if owner in RATE_NEVER_INCREASED:
        found.append(RuleBreach("27.731", f"{owner}'s shipbuilding rate may not be increased", old, new))
    if owner == "usa":
        if cause == "rp":
            found.append(RuleBreach("27.7321", "U.S. rates rise by mobilization or production", None, cause))
        if cause == "mobilization" and new - old > US_MOBILIZATION_MAX_INCREASE:
            found.append(RuleBreach("27.7321A", "one shipbuilding point per mobilization", old + 1, new))
        if cause == "production" and us_open_for_production is False:
            found.append(
                RuleBreach("27.7321B", "U.S. production raises a rate only at war or at tension 50", None, None)
            )
    elif cause == "production":
        found.append(RuleBreach("27.731", "production raises U.S. rates only; others use RPs", None, cause))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# American fast carriers (27.7325, 27.733)
# ---------------------------------------------------------------------------------------------------------------------

US_FAST_CARRIERS_FREE_FROM: Final[tuple[int, Season]] = (1942, "spring")
"""The restriction ends with war between the U.S. and Japan or in Spring 1942, whichever is earlier (27.7325)."""

ENTITLEMENT_SOURCES: Final[Mapping[str, frozenset[Power]]] = {
    "japanese_fast_carrier": frozenset({"japan"}),
    "axis_fast_carrier": frozenset({"germany", "italy"}),
}
"""The fast carriers laid down in this log that entitle the U.S. to one each (27.7325C; European scenarios,
27.733). The Storm Over Asia entitlements (27.7325A-B) come from the game before this one."""

SOA_ENTITLEMENTS: Final[frozenset[str]] = frozenset({"soa_cv_launched", "soa_cvb_laid_down"})


def us_fast_carriers_restricted(year: int, season: Season, japan_us_at_war: bool) -> bool:
    """American fast carriers are restricted before war with Japan and before Spring 1942 (27.7325)."""
    return not japan_us_at_war and turn_index(year, season) < turn_index(*US_FAST_CARRIERS_FREE_FROM)


def entitled_type_breach(entitlement: str | None, unit_type: str) -> RuleBreach | None:
    """Each 27.7325 event entitles the U.S. to one **CV**; 27.733 to a fast carrier of any type."""
    if unit_type in FAST_CARRIER_TYPES and entitlement != "axis_fast_carrier" and unit_type != "cv":
        return RuleBreach("27.7325", "each entitlement is for one CV", "cv", unit_type)
    return None


# ---------------------------------------------------------------------------------------------------------------------
# Minor-country naval units (27.22C)
# ---------------------------------------------------------------------------------------------------------------------

NOT_MINOR_NATIONALITIES: Final[frozenset[str]] = frozenset({*POWERS, "vichy", "free_french"})


def minor_naval_rebuild_forbidden(nationality: str, unit_type: str) -> bool:
    """Minor-country naval units are not rebuilt, except Australian cruisers and destroyers (27.22C)."""
    if unit_type not in CHART_TYPES and unit_type not in ("submarine", "asw", "transport"):
        return False
    if nationality in NOT_MINOR_NATIONALITIES:
        return False
    if is_australian(nationality):
        return unit_type not in AUSTRALIAN_CAP_TYPES
    return not nationality.startswith("commonwealth:")


# ---------------------------------------------------------------------------------------------------------------------
# Ships on a chart (27.7262, 27.7281-27.7283)
# ---------------------------------------------------------------------------------------------------------------------

CHART_ATTACK_CAUSE: Final = "strategic_bombing"
"""Ships under construction or repair may only be attacked by strategic bombing (27.7283)."""

DISPLACED_ROWS: Final[frozenset[str]] = frozenset({"2", "launch"})
"""Rows whose ships are displaced (treated as damaged) when the port is occupied or the yard captured; ships in the
third or higher rows are eliminated when the yard comes under enemy control (27.71, 27.7281, 27.7282)."""


def displacement_outcome(row: str) -> str:
    """``displaced`` for rows 2 and Launch, ``destroyed`` for rows 3 to 5 (27.7281-27.7282)."""
    return "displaced" if row in DISPLACED_ROWS else "destroyed"
