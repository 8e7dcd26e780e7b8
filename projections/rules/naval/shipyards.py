"""Shipyards: rates, capacity, captured yards, who may build which naval units, repairs and raising (27.713-27.743,
27.7222-27.7223, 27.7261-27.7267, 27.93; 27-30 extract 1.17-1.18)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import NAMED_SHIP_TYPES, Power, Season, UnitType
from projections.rules.calendar import turn_index
from projections.rules.construction import RuleBreach
from projections.rules.naval.permissions import UsTheater

# ---------------------------------------------------------------------------------------------------------------------
# Shipyards, rates and capacity (27.713, 27.7221, 27.724, 27.731, 27.7321, 27.743)
# ---------------------------------------------------------------------------------------------------------------------

ShipyardId = Literal[
    "kiel",
    "genoa",
    "trieste",
    "tokyo",
    "leningrad",
    "sevastopol",
    "glasgow",
    "canada",
    "australia",
    "lorient",
    "marseilles",
    "us_atlantic",
    "us_pacific",
]


def us_theater(yard: str) -> UsTheater | None:
    """Which U.S. box a yard id names (``us-pacific``, ``us_atlantic`` ...), by its name; ``None`` for any other
    yard. The U.S. acceleration and deferral permissions differ by box (27.7272B-C), and so does 27.7322C."""
    key = yard.replace("-", "_").lower()
    if "pacific" in key:
        return "pacific"
    if "atlantic" in key:
        return "atlantic"
    return None


CAPTURED_MODES: Final[frozenset[str]] = frozenset({"captured", "recaptured_by_ally"})
"""Yard modes (``shipyard_control_changed.mode``) under which a yard only repairs, at rate 1 and capacity 2: held by
an enemy, or recaptured by an ally of its surrendered owner (27.713)."""

CapacityRule = Literal["double_rate", "us_box", "captured"]
"""Capacity rules (same values as the ``shipyard_defined`` event): 2 x rate; U.S. box (10 while rate <= 5);
captured yard (2)."""


class Shipyard(msgspec.Struct, frozen=True):
    """A shipyard at the start of AWAW (27.731): owner, starting rate, capacity rule."""

    owner: Power
    rate: int
    capacity_rule: CapacityRule = "double_rate"


STARTING_SHIPYARDS: Final[Mapping[ShipyardId, Shipyard]] = {
    "kiel": Shipyard("germany", 2),
    "genoa": Shipyard("italy", 1),
    "trieste": Shipyard("italy", 1),
    "tokyo": Shipyard("japan", 3),
    "leningrad": Shipyard("russia", 1),
    "sevastopol": Shipyard("russia", 1),
    "glasgow": Shipyard("britain", 4),
    "canada": Shipyard("britain", 1),
    "australia": Shipyard("britain", 1),
    "lorient": Shipyard("france", 1),
    "marseilles": Shipyard("france", 1),
    "us_atlantic": Shipyard("usa", 1, "us_box"),
    "us_pacific": Shipyard("usa", 1, "us_box"),
}
"""Starting shipyards and rates, 27.731A-G (classic AWAW uses exactly these; GS/SOA mobilizations may change the
German, Italian, British and Japanese ones in the full game)."""


def starting_shipyard(yard: str) -> Shipyard | None:
    """A yard's entry in the starting table 27.731, by its id written with ``-`` or ``_`` (``us-atlantic`` is
    ``us_atlantic``); ``None`` for a yard the table does not name."""
    return STARTING_SHIPYARDS.get(yard.replace("-", "_"))  # type: ignore[call-overload, no-any-return]


def starting_rate(power: Power) -> int:
    """A power's total starting shipbuilding rate: Germany 2, Italy 2, Japan 3, Russia 2, Britain 6, France 2,
    U.S. 2 (27.731); China 0."""
    return sum(y.rate for y in STARTING_SHIPYARDS.values() if y.owner == power)


RATE_NEVER_INCREASED: Final[frozenset[Power]] = frozenset({"russia", "france"})
"""Russian and French shipbuilding rates may not be increased (27.731)."""

CAPACITY_PER_RATE: Final[int] = 2
"""Shipyard capacity = twice the shipbuilding rate (27.724B, 27.741)."""
US_BOX_MIN_CAPACITY: Final[int] = 10
"""Each U.S. box has capacity 10 while its rate is at most 5 (27.724B, 27.743)."""
US_BOX_MIN_CAPACITY_MAX_RATE: Final[int] = 5
CAPTURED_YARD_RATE: Final[int] = 1
"""A captured (or ally-recaptured) yard: rate 1, capacity 2, repairs only (27.713)."""
CAPTURED_YARD_CAPACITY: Final[int] = 2


def shipyard_capacity(rate: int, capacity_rule: CapacityRule = "double_rate") -> int:
    """Counters (DD, CVE, cruiser, named ship) a chart may hold at once (27.724B, 27.741, 27.743, 27.713)."""
    if rate < 0:
        raise ValueError(f"rate must be >= 0, got {rate!r}")
    if capacity_rule == "captured":
        return CAPTURED_YARD_CAPACITY
    if capacity_rule == "us_box" and rate <= US_BOX_MIN_CAPACITY_MAX_RATE:
        return US_BOX_MIN_CAPACITY
    return CAPACITY_PER_RATE * rate


def shipyard_rate(rate: int, capacity_rule: CapacityRule = "double_rate") -> int:
    """Effective rate: a captured yard has rate 1 whatever its owner's rate was (27.713)."""
    return CAPTURED_YARD_RATE if capacity_rule == "captured" else rate


def one_factor_sb_cap(rate: int) -> int:
    """Most SB a yard may spend per turn on DDs, CVEs, subs, ASW and transports: half its rate, rounded up
    (27.7221A, per yard). (The Canadian 18-step transport-research exception does not apply in classic AWAW and is
    not modelled.)"""
    return -(-rate // 2)


def shipyard_breaches(
    *,
    rate: int,
    capacity_rule: CapacityRule = "double_rate",
    sb_spent: int,
    one_factor_sb_spent: int,
    counters_on_chart: int,
) -> tuple[RuleBreach, ...]:
    """One yard's turn: SB <= rate (27.724A), one-factor SB <= ceil(rate/2) (27.7221A), chart counters <= capacity
    (27.741; count after launches of this phase, 27.742; Waiting for Repair excluded, 27.724B)."""
    eff = shipyard_rate(rate, capacity_rule)
    cap = shipyard_capacity(rate, capacity_rule)
    found: list[RuleBreach] = []
    if sb_spent > eff:
        found.append(RuleBreach("27.724A", "shipbuilding points exceed the yard's rate", eff, sb_spent))
    if one_factor_sb_spent > one_factor_sb_cap(eff):
        found.append(
            RuleBreach("27.7221A", "too many SB on one-factor units", one_factor_sb_cap(eff), one_factor_sb_spent)
        )
    if counters_on_chart > cap:
        found.append(RuleBreach("27.741", "chart holds more ships than the yard's capacity", cap, counters_on_chart))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Who may build what (27.7222, 27.7223, 27.7221A, 27.473B, 27.93)
# ---------------------------------------------------------------------------------------------------------------------

FAST_CARRIER_TYPES: Final[frozenset[UnitType]] = frozenset({"cv", "cvb", "cvl"})

FAST_CARRIERS_BY_POWER: Final[Mapping[Power, frozenset[UnitType]]] = {
    "usa": FAST_CARRIER_TYPES,
    "japan": FAST_CARRIER_TYPES,
    "germany": frozenset({"cvl"}),
    "italy": frozenset({"cvl"}),
    "britain": frozenset({"cvl"}),
    "russia": frozenset(),
    "france": frozenset(),
    "china": frozenset(),
}
"""Fast carriers each power may build: U.S. and Japan CV/CVB/CVL; Germany, Italy, Britain CVL only; Russia,
France, China none (27.7222)."""

CVE_USAT_THRESHOLD: Final[Mapping[Power, int]] = {"britain": 28, "usa": 35}
"""Only the U.S. builds CVEs: British CVEs from USAT 28 (cost against the U.S. grant limit, British NA training
rate), American CVEs from USAT 35 (U.S. training rate) (27.7223)."""

JAPAN_DESTROYERS_FROM: Final[tuple[int, Season]] = (1939, "fall")
"""Japan may not build destroyers until Fall 1939 (27.7221A)."""

SUBMARINES_ONLY_POWERS: Final[frozenset[Power]] = frozenset({"germany", "italy"})
"""Among subs, ASW and transports Germany and Italy build submarines only (27.93A-B; extract open question 14)."""

AUSTRALIA_IN_PLAY_CAP: Final[Mapping[UnitType, int]] = {"dd": 2, "ca": 2}
"""Australia may never have more than two destroyer factors (``dd``: factors) and two CA2s (``ca``: counters) in
play (27.473B, 27.712D)."""


def cve_allowed(for_power: Power, usat: int) -> bool:
    """Whether the U.S. may lay down a CVE for ``for_power`` at this USAT level (27.7223)."""
    threshold = CVE_USAT_THRESHOLD.get(for_power)
    return threshold is not None and usat >= threshold


def build_type_breaches(
    power: Power, unit_type: UnitType, *, year: int, season: Season, usat: int = 0, for_power: Power | None = None
) -> tuple[RuleBreach, ...]:
    """Type restrictions on a naval build (27.7222, 27.7223, 27.7221A, 27.93A-B)."""
    found: list[RuleBreach] = []
    if unit_type in FAST_CARRIER_TYPES and unit_type not in FAST_CARRIERS_BY_POWER[power]:
        found.append(RuleBreach("27.7222", f"{power} may not build {unit_type}", None, unit_type))
    if unit_type == "cve":
        target = for_power or power
        if power != "usa":
            found.append(RuleBreach("27.7223A", "only the U.S. builds CVEs", "usa", power))
        elif not cve_allowed(target, usat):
            found.append(RuleBreach("27.7223", f"USAT too low for {target} CVEs", CVE_USAT_THRESHOLD.get(target), usat))
    if unit_type == "dd" and power == "japan" and turn_index(year, season) < turn_index(*JAPAN_DESTROYERS_FROM):
        found.append(
            RuleBreach("27.7221A", "Japan may not build destroyers before Fall 1939", None, f"{season} {year}")
        )
    if power in SUBMARINES_ONLY_POWERS and unit_type in ("asw", "transport"):
        found.append(RuleBreach("27.93", f"{power} builds only submarines among subs/ASW/transports", None, unit_type))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Repairs and raising (27.7261-27.7267)
# ---------------------------------------------------------------------------------------------------------------------


def repair_start_breaches(
    unit_type: UnitType,
    owner: Power,
    *,
    in_waiting_for_repair: bool,
    damaged_this_player_turn: bool = False,
    raised_this_player_turn: bool = False,
    in_pacific: bool = False,
) -> tuple[RuleBreach, ...]:
    """Whether a repair may start (27.7261, 27.7262, 27.7266A-B)."""
    found: list[RuleBreach] = []
    if unit_type != "ca" and unit_type not in NAMED_SHIP_TYPES:
        found.append(RuleBreach("27.721", "only cruisers and named ships are repaired on a chart", None, unit_type))
    if not in_waiting_for_repair:
        found.append(RuleBreach("27.7261", "repairs start from the yard's Waiting for Repair box", None, None))
    if damaged_this_player_turn:
        found.append(RuleBreach("27.7266A", "repair may not start in the player turn of the damage", None, None))
    if raised_this_player_turn:
        found.append(RuleBreach("27.7262", "repair may not start in the player turn the ship was raised", None, None))
    if owner == "russia" and in_pacific:
        found.append(RuleBreach("27.7266B", "Russian ships in the Pacific may not be repaired", None, None))
    return tuple(found)
