"""Who may build what, where, and on whose account: restrictions (27.2), placement (27.4, 27.47), naval air and CVE
training rates (27.61), SW units (27.9) and the minor countries' payers and transports (27.472-27.475).

Sources: 27-30 extract sections 1.6, 1.7, 1.19, 2.4 (P-01..P-11), 2.5 (A-01..A-04), 2.7 (I-03..I-05); seed text
27.22, 27.23, 27.42-27.477, 27.61, 27.91-27.94. Countries, colonies and home-country parts are map data
(:mod:`projections.rules.mapdata` ``country``/``area``); this module says what the rules make of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import NAVAL_TYPES, Power, UnitType
from projections.rules.construction.costs import RuleBreach

# ---------------------------------------------------------------------------------------------------------------------
# Nationalities
# ---------------------------------------------------------------------------------------------------------------------


def country_of(nationality: str) -> str:
    """The country a counter's nationality names: ``commonwealth:canada`` -> ``canada``, ``germany`` -> ``germany``."""
    return nationality.rsplit(":", 1)[-1]


MINOR_PAYER_COUNTRIES: Final[frozenset[str]] = frozenset({"south_africa", "australia", "india", "canada"})
"""Commonwealth countries whose units Britain or the U.S. pay for (27.472-27.475)."""

PAYERS: Final[frozenset[Power]] = frozenset({"britain", "usa"})
"""The powers that may pay for South African, Australian, Indian and Canadian construction (27.472B-27.475C)."""

US_PAYS_AFTER_PACIFIC_WAR: Final[frozenset[str]] = frozenset({"australia", "india"})
"""The U.S. pays for Australian and Indian units only from the first Allied player turn in which they may be built
after war between Japan and the U.S. breaks out or Britain surrenders (27.473C, 27.474C)."""


def minor_payer_breaches(
    country: str, payer: str, *, us_japan_war: bool, britain_surrendered: bool
) -> tuple[RuleBreach, ...]:
    """A Commonwealth build's payer (27.472B, 27.473C, 27.474C, 27.475C; check L-10): Britain or the U.S.; the U.S.
    for Australia and India only once the U.S. is at war with Japan or Britain has surrendered. [Reading] the first
    Allied player turn "following the outbreak" is the one whose construction phase comes after the war began, so
    the war being on at the build is the test."""
    if country not in MINOR_PAYER_COUNTRIES:
        return ()
    if payer not in PAYERS:
        return (RuleBreach("27.472-27.475", f"{country} units are paid by Britain or the U.S.", "britain, usa", payer),)
    if payer == "usa" and country in US_PAYS_AFTER_PACIFIC_WAR and not (us_japan_war or britain_surrendered):
        rule = "27.473C" if country == "australia" else "27.474C"
        return (
            RuleBreach(
                rule,
                f"the U.S. pays for {country} units only after war between Japan and the U.S. or a British surrender",
                "britain",
                payer,
            ),
        )
    return ()


TransportBox = Literal["atlantic", "pacific"]

MINOR_TRANSPORT_BOX: Final[Mapping[str, TransportBox]] = {
    "south_africa": "atlantic",
    "australia": "pacific",
    "india": "pacific",
}
"""The SW box whose transports carry U.S. BRPs for a minor's construction (27.472B, 27.473C, 27.474C). Canada needs
none (27.475C)."""

BRPS_PER_TRANSPORT: Final[int] = 5
"""One transport for every five U.S. BRPs (27.472B-27.474C; 28.76 says "round up", the reading used here)."""


def transports_for(brps: int) -> int:
    """Transports needed to carry ``brps`` U.S. BRPs: one per five, rounded up (27.472B; 28.76; extract open question
    15)."""
    return -(-brps // BRPS_PER_TRANSPORT)


# ---------------------------------------------------------------------------------------------------------------------
# Restrictions (27.21-27.23)
# ---------------------------------------------------------------------------------------------------------------------

REBUILD_RATE_COUNTRIES: Final[frozenset[str]] = frozenset({"vlasov", "wang", "ina"})
"""Vlasov, Wang and Indian National Army units are rebuilt only at their rebuild rate up to their force pool limit
(27.22B); the rates are in other rules."""

MAJOR_COUNTRIES: Final[frozenset[str]] = frozenset(
    {"germany", "italy", "japan", "britain", "france", "usa", "russia", "china"}
)

REBUILDABLE_MINOR_NAVAL: Final[Mapping[str, frozenset[UnitType]]] = {"australia": frozenset({"ca", "dd"})}
"""Minor-country naval units are never rebuilt, except Australian cruisers and destroyers (27.22C)."""


def never_rebuilt(nationality: str, unit_type: UnitType, location: str) -> str | None:
    """Why a unit may never be rebuilt (27.22A, 27.22C), or ``None``: Dutch units in the Pacific; minor-country naval
    units other than Australian cruisers and destroyers."""
    country = country_of(nationality)
    if country == "netherlands" and location.startswith("PAC:"):
        return "Dutch units in the Pacific are never rebuilt (27.22A)"
    rebuildable = REBUILDABLE_MINOR_NAVAL.get(country, frozenset())
    if unit_type in NAVAL_TYPES and country not in MAJOR_COUNTRIES and unit_type not in rebuildable:
        return "minor-country naval units are never rebuilt, except Australian cruisers and destroyers (27.22C)"
    return None


ELITE_REBUILT_AS_NORMAL: Final[frozenset[tuple[str, UnitType]]] = frozenset({("japan", "nas")})
"""Elite Japanese NAS are rebuilt as normal NAS (27.23, 17.352)."""


# ---------------------------------------------------------------------------------------------------------------------
# Placement (27.42-27.477)
# ---------------------------------------------------------------------------------------------------------------------

HOME_COUNTRIES: Final[Mapping[Power, frozenset[str]]] = {
    "germany": frozenset({"germany", "east_prussia"}),
    "italy": frozenset({"italy", "sicily"}),
    "japan": frozenset({"japan", "kyushu", "shikoku", "honshu", "hokkaido"}),
    "britain": frozenset({"britain", "ulster"}),
    "france": frozenset({"france"}),
    "russia": frozenset({"russia"}),
    "usa": frozenset(),
    "china": frozenset({"china", "nationalist_china", "communist_china"}),
}
"""The map data's ``country`` (or ``area``) values of each power's home country (27.42A-H): East Prussia and Sicily
are integral parts of Germany and Italy; Japan is Kyushu, Shikoku, Honshu and Hokkaido. U.S. units are built in the
U.S. boxes (27.42G)."""

NOT_HOME: Final[Mapping[Power, frozenset[str]]] = {
    "italy": frozenset({"sardinia"}),
    "japan": frozenset({"karafuto", "kuriles", "okinawa"}),
    "france": frozenset({"corsica"}),
    "russia": frozenset({"eastern_europe", "mongolia", "tannu_tuva"}),
    "china": frozenset({"manchuria"}),
}
"""Parts a power may not build in although map data may show them inside its country (27.42B, C, E, F, H; 27.476)."""

HOME_BOXES: Final[Mapping[Power, frozenset[str]]] = {
    "russia": frozenset({"box:urals"}),
    "usa": frozenset({"box:us_atlantic", "box:us_pacific"}),
}
"""Mapboard boxes a power builds in as home (27.42F Urals, 27.42G the U.S. boxes)."""

OUTSIDE_HOME: Final[Mapping[Power, frozenset[str]]] = {
    "japan": frozenset({"korea", "manchuria"}),
    "russia": frozenset({"siberia"}),
}
"""Places outside the home country a major power may build in under 27.47 limits (27.471 Japan, 27.476 Siberia)."""

COMMONWEALTH_PLACES: Final[Mapping[str, frozenset[str]]] = {
    "south_africa": frozenset({"box:south_africa"}),
    "australia": frozenset({"box:australia", "australia"}),
    "india": frozenset({"box:india", "india"}),
    "canada": frozenset({"box:canada"}),
}
"""Where Commonwealth units are built: a box, or hexes of the country (27.472A, 27.473A, 27.474A, 27.475A)."""

CANADA_ONLY: Final[frozenset[UnitType]] = frozenset({"armor", "infantry"})
"""The Canadian 4-5 armor and 3-4 infantry units are built in Canada (27.475A)."""

CHINDIT_PLACES: Final[frozenset[str]] = frozenset({"box:india", "india"})
"""The Chindit is built in an eligible Indian hex or the India box (27.474D)."""

PlaceVerdict = Literal["ok", "no", "unknown"]


def place_verdict(allowed: frozenset[str], location: str, country: str | None) -> PlaceVerdict:
    """Whether ``location`` (a box, or a hex whose map-data country is ``country``) is one of the ``allowed`` places
    (boxes by id, hexes by country); ``unknown`` for a hex the map data does not place."""
    if location in allowed:
        return "ok"
    if location.startswith("box:") or location.startswith("sw:"):
        return "no"
    if country is None:
        return "unknown"
    return "ok" if country in allowed else "no"


def home_verdict(power: Power, location: str, country: str | None, area: str | None) -> PlaceVerdict:
    """Whether a major power's unit may be built at ``location`` as far as its home country goes (27.42, 27.47):
    the home country or a home box, or an exception place of 27.471/27.476; parts 27.42 excludes are refused."""
    if location in HOME_BOXES.get(power, frozenset()):
        return "ok"
    if location.startswith("box:") or location.startswith("sw:"):
        return "no"
    if not HOME_COUNTRIES[power] and not OUTSIDE_HOME.get(power):
        return "no"  # the U.S. builds only in its boxes (27.42G)
    if country is None and area is None:
        return "unknown"
    places = {p for p in (country, area) if p}
    if places & NOT_HOME.get(power, frozenset()):
        return "no"
    allowed = HOME_COUNTRIES[power] | OUTSIDE_HOME.get(power, frozenset())
    return "ok" if places & allowed else "no"


# ---------------------------------------------------------------------------------------------------------------------
# Naval air and CVE training (27.61, 27.61A-B)
# ---------------------------------------------------------------------------------------------------------------------


def cve_breaches(power: Power, cves_this_turn: int, rate: int) -> tuple[RuleBreach, ...]:
    """CVEs laid down in a turn are limited by, but not counted against, the relevant naval air training rate: the
    U.S. rate for American CVEs, the British rate for British CVEs (27.61A, 27.7223B, 27.7274; open question 12)."""
    if cves_this_turn > rate:
        why = f"{power} laid down more CVEs than its naval air training rate"
        return (RuleBreach("27.61A", why, rate, cves_this_turn),)
    return ()


# ---------------------------------------------------------------------------------------------------------------------
# SW units (27.91-27.94)
# ---------------------------------------------------------------------------------------------------------------------

SW_AIR_TYPES: Final[frozenset[UnitType]] = frozenset({"interceptor", "strategic_bomber"})


class SwPlacement(msgspec.Struct, frozen=True):
    """Where a power places new strategic bombers and interceptors (27.92)."""

    boxes: frozenset[str]
    fronts: frozenset[str] | None
    """The fronts they may be assigned to; ``None``: any front."""


SW_AIR_PLACEMENT: Final[Mapping[Power, SwPlacement]] = {
    "germany": SwPlacement(frozenset({"sw:atlantic"}), None),
    "japan": SwPlacement(frozenset({"sw:pacific"}), None),
    "britain": SwPlacement(frozenset({"sw:atlantic"}), None),
    "usa": SwPlacement(frozenset({"sw:atlantic", "sw:pacific"}), None),
    "russia": SwPlacement(frozenset({"sw:atlantic", "sw:pacific"}), frozenset({"eastern", "asian"})),
}
"""27.92A-E. The U.S. places them in the SW box of a theater in which it is at war, otherwise in that theater's
U.S. box (:data:`US_BOX_OF_SW_BOX`)."""

US_BOX_OF_SW_BOX: Final[Mapping[str, str]] = {"sw:atlantic": "box:us_atlantic", "sw:pacific": "box:us_pacific"}

US_SW_WARS: Final[tuple[tuple[str, str], ...]] = (("usa", "germany"), ("usa", "italy"), ("usa", "japan"))
"""The wars that open the U.S. SW boxes (27.92D): the Atlantic (with Germany or Italy), the Pacific (with Japan)."""


def sw_air_placement_breaches(
    power: Power,
    location: str,
    front: str | None,
    *,
    us_at_war_in: frozenset[str] = frozenset(),
) -> tuple[RuleBreach, ...]:
    """A new strategic bomber or interceptor's box and front (27.92; check I-03). ``us_at_war_in``: the SW boxes
    (``sw:atlantic``, ``sw:pacific``) of the theaters in which the U.S. is at war."""
    rule = SW_AIR_PLACEMENT.get(power)
    if rule is None:
        return (RuleBreach("27.92", f"{power} does not build strategic bombers or interceptors", None, location),)
    found: list[RuleBreach] = []
    if power == "usa":
        allowed = frozenset(box if box in us_at_war_in else US_BOX_OF_SW_BOX[box] for box in rule.boxes)
    else:
        allowed = rule.boxes
    if location not in allowed:
        where = ", ".join(sorted(allowed))
        found.append(RuleBreach("27.92", "new SW air units go to the SW box the rule names", where, location))
    if rule.fronts is not None and front is not None and front not in rule.fronts:
        why = "Russian SW air units go on the eastern or Asian front"
        found.append(RuleBreach("27.92E", why, ", ".join(sorted(rule.fronts)), front))
    return tuple(found)


SW_NAVAL_TYPES: Final[frozenset[UnitType]] = frozenset({"submarine", "asw", "transport"})

SW_NAVAL_BUILDERS: Final[Mapping[Power, frozenset[UnitType]]] = {
    "germany": frozenset({"submarine"}),
    "italy": frozenset({"submarine"}),
    "japan": SW_NAVAL_TYPES,
    "britain": SW_NAVAL_TYPES,
    "usa": SW_NAVAL_TYPES,
}
"""Who builds submarines, ASW and transports, and which (27.93A-F; open question 14: Germany and Italy "(submarines
only)"). Canada builds Western Allied ASW and transports and British submarines (27.475B, 27.93E)."""

SW_NAVAL_PLACES: Final[Mapping[Power, frozenset[str]]] = {
    "germany": frozenset({"germany", "east_prussia"}),
    "italy": frozenset({"italy", "sicily"}),
    "japan": frozenset({"japan", "kyushu", "shikoku", "honshu", "hokkaido"}),
    "britain": frozenset({"britain", "ulster", "box:canada"}),
    "usa": frozenset({"box:us_atlantic", "box:us_pacific"}),
}
"""Where new submarines, ASW and transports are placed: a port of the home country, Canada, or a U.S. box (27.93)."""

SW_BOX_FROM: Final[Mapping[str, frozenset[str]]] = {
    "sw:atlantic": frozenset({"EUR", "box:us_atlantic", "box:canada"}),
    "sw:pacific": frozenset({"PAC", "box:us_pacific"}),
    "sw:indian_ocean": frozenset({"PAC"}),
}
"""Where units built may be redeployed to each SW box from (27.94): the Atlantic SW box from Europe (the European
map) or the Atlantic U.S. box, the Pacific SW box from Japan or the Pacific U.S. box, the Indian Ocean SW box only
Japanese submarines built in Japan."""


def sw_box_transfer_breach(power: Power, unit_type: UnitType, built_at: str, box: str) -> RuleBreach | None:
    """A new submarine, ASW or transport redeployed to an SW box it may not go to from where it was built (27.94)."""
    allowed = SW_BOX_FROM.get(box)
    if allowed is None:
        return None
    origin = built_at.split(":", 1)[0] if built_at.startswith(("EUR:", "PAC:")) else built_at
    ok = origin in allowed
    if box == "sw:indian_ocean":
        ok = ok and power == "japan" and unit_type == "submarine"
    if ok:
        return None
    return RuleBreach("27.94", f"a unit built at {built_at} may not redeploy to {box}", None, box)


RESEARCH_BUILD_ORDER: Final[tuple[str, str]] = ("axis", "allied")
"""Research-phase SW builds: the Axis place theirs first, then the Allies (27.91A)."""
