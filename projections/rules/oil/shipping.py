"""Oil by sea, the Japanese embargo schedule, WA oil shipments to Russia (33.43, 33.452, 33.4623; 31-34 extract
1.8-1.10)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from awaw_events.events.oil import RussiaRoute
from awaw_events.vocab import Faction, Phase, SwBox
from projections.rules.breach import Breach
from projections.rules.oil.fifths import FIFTHS_PER_COUNTER, _ceil_div, _non_negative, counters

# ---------------------------------------------------------------------------------------------------------------
# Sea shipment (33.43B, 33.4523, 33.473; extract 1.8)
# ---------------------------------------------------------------------------------------------------------------

SEA_SHIPMENT_PHASES: Final[frozenset[Phase]] = frozenset({"initial_supply", "post_combat_supply"})
"""Oil moves by sea only in initial or post-combat supply determination of the owning player's turn (33.43, 33.4523,
33.473; check O-29)."""

JAPANESE_OIL_PORTS: Final[dict[str, str]] = {"brunei": "balikpapan", "palembang": "batavia"}
"""Japan ships Brunei oil only while it controls Balikpapan, Palembang oil only while it controls Batavia
(33.4523A-B)."""

SEA_PLACES: Final[dict[str, str]] = {"wa_sa": "south_africa_box", "wa_ind": "india_box"}
"""Reserves (by kind) that are the places of 33.473's shipping routes."""

PACIFIC_RESERVES: Final[frozenset[str]] = frozenset({"wa_ph", "wa_aus", "wa_mnl"})
"""Reserves supplied from the Pacific U.S. box only, never through the Indian Ocean (33.4732)."""

TRANSPORTS_PER_OIL_COUNTER: Final = 1
"""Japan, the WA and WA oil to Russia: one transport sea escorts each oil counter (33.43B, 33.4523, 33.473)."""

EA_DESTROYER_FACTORS_PER_OIL_COUNTER: Final = 3
"""The European Axis escort each oil counter with 3 destroyer factors (33.43B)."""

JAPAN_MAX_OIL_SHIPPED_COUNTERS: Final = 6
"""Japan ships at most 6 counters per turn: the production of Brunei and Palembang (33.4523)."""

SEA_ROUTES: Final[dict[SwBox, dict[str, frozenset[str]]]] = {
    "atlantic": {"us_atlantic_box": frozenset({"wa_port", "south_africa_box"})},
    "pacific": {"us_pacific_box": frozenset({"wa_ph", "wa_aus", "wa_mnl"})},
    "indian_ocean": {
        "abadan": frozenset({"south_africa_box", "india_box", "suez", "basra"}),
        "south_africa_box": frozenset({"india_box", "suez", "abadan", "basra"}),
    },
}
"""WA oil shipping routes by SW box: origin -> destinations (33.4731-33.4733; check O-36). ``wa_port`` = any
eligible WA-controlled port."""


def oil_shipping_capacity(transports_available: int, faction: Faction) -> int:
    """Most oil counters (whole counters) a faction may ship from one SW box per turn: half the transports
    available there, rounded up; Japan at most 6 (33.4523, 33.473; TC-09, TC-10). Russia never ships (33.43B)."""
    _non_negative("transports_available", transports_available)
    if faction == "russia":
        return 0
    cap = _ceil_div(transports_available, 2)
    return min(cap, JAPAN_MAX_OIL_SHIPPED_COUNTERS) if faction == "japan" else cap


def shipment_findings(
    faction: Faction,
    fifths: int,
    *,
    transports: int = 0,
    destroyer_factors: int = 0,
    shipped_this_turn_fifths: int = 0,
    transports_available: int = 0,
) -> tuple[Breach, ...]:
    """A sea shipment of ``fifths`` (whole counters only): escort and per-box capacity (33.43B, 33.4523, 33.473;
    checks O-30, O-31). ``shipped_this_turn_fifths`` = earlier shipments from the same SW box this turn."""
    _non_negative("fifths", fifths)
    if faction == "russia":
        return (Breach("33.43B", "Russia may not ship oil by sea"),)
    found: list[Breach] = []
    whole, rest = divmod(fifths, FIFTHS_PER_COUNTER)
    if rest:
        found.append(Breach("33.43B", f"{fifths} fifths shipped: only whole counters move by sea"))
    if faction == "european_axis":
        if destroyer_factors < EA_DESTROYER_FACTORS_PER_OIL_COUNTER * whole:
            found.append(
                Breach("33.43B", f"{whole} counters need {3 * whole} destroyer factors, had {destroyer_factors}")
            )
    else:
        if transports < TRANSPORTS_PER_OIL_COUNTER * whole:
            found.append(Breach("33.43B", f"{whole} counters need {whole} transports, had {transports}"))
        cap = oil_shipping_capacity(transports_available, faction)
        total = (shipped_this_turn_fifths + fifths) // FIFTHS_PER_COUNTER
        if total > cap:
            found.append(Breach("33.473" if faction != "japan" else "33.4523",
                                f"{total} counters shipped from one SW box; the limit is {cap}"))  # fmt: skip
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# The Japanese embargo schedule (33.4521, 33.45211; extract 1.9)
# ---------------------------------------------------------------------------------------------------------------

EMBARGO_USJT: Final = 20
"""The U.S. may impose the oil embargo once USJT reaches 20; it is never lifted (33.45211A)."""

EMBARGO_PARTIAL_TURNS: Final = 2
"""The partial embargo lasts the two Japanese turns after the embargo turn (33.4521B)."""

EMBARGO_PARTIAL_FIFTHS: Final = 15
"""Three counters per turn from the market under the partial embargo (33.4521B)."""

MarketRules = Literal["classic", "full"]


def international_market_fifths(
    turns_since_embargo: int | None,
    *,
    at_war_with_usa: bool = False,
    war_declared_this_turn: bool = False,
    japanese_dei_flags: int = 0,
    british_dei_flags: int = 0,
    rules: MarketRules = "classic",
) -> int | None:
    """Oil Japan receives from the international market this game turn, in fifths; ``None`` = unlimited
    (33.4521, 33.45211; TC-01, check O-33).

    ``turns_since_embargo``: ``None`` if no embargo yet, 0 in the embargo turn, 1 the next game turn, and so on.
    DEI flag modifiers (33.45211B) apply only outside Classic.
    """
    if at_war_with_usa and not war_declared_this_turn:
        return 0
    if turns_since_embargo is None or turns_since_embargo == 0:
        return None
    if turns_since_embargo < 0:
        raise ValueError(f"turns_since_embargo must not be negative, not {turns_since_embargo!r}")
    jp = japanese_dei_flags if rules == "full" else 0
    br = british_dei_flags if rules == "full" else 0
    if turns_since_embargo <= EMBARGO_PARTIAL_TURNS:
        return max(0, EMBARGO_PARTIAL_FIFTHS + counters(jp) - counters(br))
    return counters(jp)


def embargo_findings(usjt: int) -> tuple[Breach, ...]:
    """The embargo is imposed only at USJT >= 20 (33.45211A)."""
    if usjt < EMBARGO_USJT:
        return (Breach("33.45211A", f"oil embargo imposed at USJT {usjt}; needs {EMBARGO_USJT}"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# WA oil shipments to Russia (33.4623; extract 1.10)
# ---------------------------------------------------------------------------------------------------------------

RussiaOilRoute = RussiaRoute
"""The routes of WA oil to Russia (33.4623): ``oil_moved.route``."""


class RussiaOilRouteSpec(msgspec.Struct, frozen=True):
    """A route for WA oil to Russia: most counters per turn, and transports needed per counter (33.4623)."""

    max_counters: int
    transports_per_counter: int


RUSSIA_OIL_ROUTES: Final[dict[RussiaOilRoute, RussiaOilRouteSpec]] = {
    "murmansk": RussiaOilRouteSpec(2, 1),
    "persia": RussiaOilRouteSpec(1, 0),
    "turkey": RussiaOilRouteSpec(1, 0),
    "siberia": RussiaOilRouteSpec(1, 1),
}
"""WA oil to Russia per route and turn (33.4623; extract table 1.10)."""

PERSIAN_ROUTE: Final[RussiaOilRoute] = "persia"
"""The Persian route (33.4623), which must be opened on an earlier turn before oil moves along it."""

OIL_COUNTER_BRP_EQUIVALENT: Final = 10
"""Each counter shipped to Russia counts 10 BRPs against the route limit and the overall grant limit; BRP levels are
not changed (33.4623)."""


def russia_oil_brp_equivalent(fifths: int) -> int:
    """BRPs charged to route and grant limits for oil shipped to Russia (33.4623; TC-19: 3 counters -> 30)."""
    _non_negative("fifths", fifths)
    return _ceil_div(fifths, FIFTHS_PER_COUNTER) * OIL_COUNTER_BRP_EQUIVALENT


def russia_shipment_findings(
    route: RussiaOilRoute, fifths: int, *, transports: int = 0, route_open: bool = True
) -> tuple[Breach, ...]:
    """WA oil to Russia on one route in one turn (33.4623; check O-34)."""
    _non_negative("fifths", fifths)
    spec = RUSSIA_OIL_ROUTES[route]
    found: list[Breach] = []
    n = _ceil_div(fifths, FIFTHS_PER_COUNTER)
    if not route_open:
        found.append(Breach("33.4623", f"oil sent via {route} while the route is closed"))
    if n > spec.max_counters:
        found.append(Breach("33.4623", f"{n} counters via {route}; at most {spec.max_counters} per turn"))
    if transports < n * spec.transports_per_counter:
        found.append(Breach("33.4623", f"{n} counters via {route} need {n * spec.transports_per_counter} transports"))
    return tuple(found)
