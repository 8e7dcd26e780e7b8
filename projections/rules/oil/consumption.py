"""What oil buys and when: the cost of each purpose, oil effects and domains, Pearl Harbor, Japanese resistance
(33.5-33.8, 33.424, 33.74; 31-34 extract 1.11-1.13, 4.2)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from awaw_events.events.oil import OilPurpose
from awaw_events.vocab import PLAYER_TURN_PHASES, POWERS, SIDES, Faction, Phase, Power
from projections.rules.breach import Breach
from projections.rules.oil.fifths import FIFTHS_PER_COUNTER, _ceil_div, _non_negative, counters
from projections.rules.oil.reserves import RESERVES, ReserveId
from projections.rules.weather import OFFENSIVE_AIR_MISSIONS

# ---------------------------------------------------------------------------------------------------------------
# Consumption by purpose (33.5-33.7, 33.8; extract 1.11, 1.12)
# ---------------------------------------------------------------------------------------------------------------

AIR_FACTORS_PER_FIFTH: Final = 5
"""One fifth lets 5 air factors conduct or oppose strategic bombing, or fly the Hump (33.82A)."""

SHIPS_PER_FIFTH: Final = 1
"""One fifth lets one fast 4/5-factor BB, CV or CVB operate (33.72C, 33.82B)."""

SUB_FACTORS_PER_FIFTH: Final = 5
"""One fifth covers 1-5 submarine factors, rounded up (33.72D, 33.82B)."""

BRPS_PER_FIFTH: Final = 5
"""One fifth covers 5 BRPs of construction at normal cost, or of BRP base growth (33.82C, D); a counter, 25."""

OilService = Literal["air", "naval", "army", "construction", "economic"]
"""The five oil effects (33.61A-E)."""

Unit = Literal["none", "air_factors", "ships", "sub_factors", "brps", "modifier_steps"]


class PurposeCost(msgspec.Struct, frozen=True):
    """How one purpose is paid for (extract table 1.11).

    ``counter_covers``: quantity one full counter covers (``None`` = everything of that kind in the domain).
    ``per_fifth``: quantity one fifth covers, or ``None`` if fifths may not be used (33.81).
    ``unit``: what the quantity counts. ``timing``: when it may be bought (33.52, 33.73A).
    """

    service: OilService
    unit: Unit
    counter_covers: int | None
    per_fifth: int | None
    timing: str
    rule: str


OIL_PURPOSES: Final[dict[OilPurpose, PurposeCost]] = {
    "air_general": PurposeCost("air", "none", None, None, "oil adjustment, initial or post-combat supply",
                               "33.61A, 33.71B-C"),
    "naval_general": PurposeCost("naval", "none", None, None, "oil adjustment, initial or post-combat supply",
                                 "33.61B, 33.72B"),
    "army": PurposeCost("army", "none", None, None, "oil adjustment, initial or post-combat supply", "33.61C"),
    "strategic_air": PurposeCost("air", "air_factors", None, AIR_FACTORS_PER_FIFTH, "when conducted",
                                 "33.71D, 33.82A"),
    "hump": PurposeCost("air", "air_factors", None, AIR_FACTORS_PER_FIFTH, "when conducted", "33.71D, 33.82A"),
    "heavy_ships": PurposeCost("naval", "ships", None, SHIPS_PER_FIFTH, "when conducted", "33.72C, 33.82B"),
    "submarines": PurposeCost("naval", "sub_factors", None, SUB_FACTORS_PER_FIFTH, "when conducted",
                              "33.72D, 33.82B"),
    "construction": PurposeCost("construction", "brps", 25, BRPS_PER_FIFTH, "unit construction phase",
                                "33.61D, 33.82C"),
    "brp_growth": PurposeCost("economic", "brps", 25, BRPS_PER_FIFTH, "YSS", "33.61E, 33.82D"),
    "japanese_resistance": PurposeCost("economic", "modifier_steps", 1, None, "end of game turn", "33.74"),
    "local_naval": PurposeCost("naval", "none", None, None, "from Spring 1944, in Brunei or Palembang", "33.4522"),
    "other": PurposeCost("economic", "none", None, None, "-", "33.5"),
}  # fmt: skip
"""Cost of each purpose (33.5-33.7; extract table 1.11). The general air, naval and army offsets cost exactly one
full counter per oil domain (per nationality for Britain and the U.S., 33.55)."""

OFFSET_PHASES: Final[frozenset[Phase]] = frozenset({"oil_adjustment", "initial_supply", "post_combat_supply"})
"""General air, naval and army offsets are bought in the oil adjustment phase, initial supply determination or
post-combat supply determination (33.52A; check O-51)."""

PURPOSE_PHASES: Final[dict[OilPurpose, frozenset[Phase]]] = {
    "air_general": OFFSET_PHASES,
    "naval_general": OFFSET_PHASES,
    "army": OFFSET_PHASES,
    "construction": frozenset({"unit_construction"}),
    "brp_growth": frozenset({"year_start"}),
    "japanese_resistance": frozenset({"end_of_game_turn"}),
}
"""When each purpose may be paid (33.52A, 33.61D, 33.61E, 33.73A, 33.74; the ``timing`` column of
:data:`OIL_PURPOSES`, which states it in words). Strategic air, the Hump, heavy ships and submarines are paid "at any
time during either player turn" (33.73A): no phase."""

SWAPPABLE_FOR_A_COUNTER: Final[frozenset[OilPurpose]] = frozenset({"strategic_air", "hump", "heavy_ships"})
"""Purposes for which one full counter covers everything of the kind, whatever the quantity (33.71D, 33.72C)."""

FIFTHS_ALLOWED_PURPOSES: Final[frozenset[OilPurpose]] = frozenset(
    p for p, cost in OIL_PURPOSES.items() if cost.per_fifth is not None
)
"""Purposes partial counters may pay for: strategic air and the Hump, heavy ships and submarines, construction,
BRP growth (33.81A-D). Not the general air, naval or army effects (33.81, by omission [RECON])."""

FREE_OIL_USES: Final[dict[str, str]] = {
    "kamikaze": "33.61A, 33.71D",
    "uninversion": "33.91",
    "non_inverted_heavy_ship_interception": "33.72C",
    "naval_units_in_sw_boxes": "33.72E",
    "wa_naval_atlantic_pacific_sw_boxes": "33.4716E",
    "japan_home_waters_interception": "33.61B",
    "units_inside_sa_india_australia_boxes": "33.4715",
}
"""Uses that cost no oil, with their rules (extract 1.11). Check O-66: no oil is recorded for these."""


def oil_cost_fifths(purpose: OilPurpose, quantity: int = 0) -> int:
    """The fifths one expenditure for ``purpose`` needs (33.61, 33.7, 33.82; checks O-50, O-54, O-56, O-57, O-82).

    ``quantity`` is in the purpose's unit (air factors, ships, submarine factors, BRPs, resistance steps). Where a
    full counter covers everything of its kind (strategic air, heavy ships), the cheaper of the counter and the
    fifths is returned; submarines have no counter of their own (the general naval offset covers them).
    """
    _non_negative("quantity", quantity)
    cost = OIL_PURPOSES[purpose]
    if cost.unit == "none":
        return FIFTHS_PER_COUNTER
    if cost.unit == "modifier_steps":
        return counters(quantity)
    assert cost.per_fifth is not None
    fifths = _ceil_div(quantity, cost.per_fifth)
    if purpose in SWAPPABLE_FOR_A_COUNTER:
        return min(fifths, FIFTHS_PER_COUNTER)
    return fifths


def oil_allowance(purpose: OilPurpose, fifths: int) -> int:
    """What ``fifths`` of oil buys for a fifths-payable purpose, in its unit: air factors, ships, submarine factors
    or BRPs (33.82; TC-04, TC-15). A full counter on strategic air or heavy ships covers all (use ``oil_cost``)."""
    _non_negative("fifths", fifths)
    per = OIL_PURPOSES[purpose].per_fifth
    if per is None:
        raise ValueError(f"{purpose!r} is not paid by the fifth (33.81)")
    return per * fifths


def construction_allowance_brps(fifths: int) -> int:
    """BRPs of units buildable at normal cost: 25 per counter + 5 per fifth (33.61D, 33.81C; TC-04)."""
    return oil_allowance("construction", fifths)


def double_cost_brps(normal_cost_brps: int, oil_fifths: int) -> int:
    """BRPs of builds beyond the oil allowance; those are charged double (33.61D, 27.13B; check O-61)."""
    _non_negative("normal_cost_brps", normal_cost_brps)
    return max(0, normal_cost_brps - construction_allowance_brps(oil_fifths))


def growth_allowance_brps(fifths: int, *, power: Power | None = None) -> int | None:
    """BRP base growth the YSS oil allows: 25 per counter + 5 per fifth; China is exempt (``None`` = no limit)
    (33.61E, 33.82D; check O-63)."""
    if power == "china":
        return None
    return oil_allowance("brp_growth", fifths)


def expenditure_findings(purpose: OilPurpose, fifths: int, quantity: int = 0) -> tuple[Breach, ...]:
    """One recorded expenditure: the general offsets take exactly one full counter; fifths-payable purposes must
    pay at least what the quantity needs (33.61A-C, 33.81, 33.82; checks O-50, O-54, O-56, O-57, O-80)."""
    _non_negative("fifths", fifths)
    cost = OIL_PURPOSES[purpose]
    if purpose in ("air_general", "naval_general", "army", "local_naval"):
        if fifths != FIFTHS_PER_COUNTER:
            return (Breach("33.81", f"{purpose} offset paid with {fifths} fifths; it takes exactly one full counter"),)
        return ()
    if purpose == "japanese_resistance":
        if fifths != counters(quantity):
            return (Breach("33.74", f"{quantity} resistance steps cost {counters(quantity)} fifths, paid {fifths}"),)
        if fifths % FIFTHS_PER_COUNTER:
            return (Breach("33.74", "resistance oil is paid in whole counters"),)
        return ()
    if cost.per_fifth is None:
        return ()
    need = oil_cost_fifths(purpose, quantity)
    if fifths < need:
        return (Breach(cost.rule, f"{purpose}: {quantity} {cost.unit} need {need} fifths, paid {fifths}"),)
    return ()


def shortfall_fifths(available: int, spent: int) -> int:
    """By how many fifths a spend exceeds what is available (0 if covered). A reserve never goes below 0
    (extract 4.3 invariant)."""
    _non_negative("available", available)
    _non_negative("spent", spent)
    return max(0, spent - available)


def available_findings(available: int, spent: int, *, where: str = "reserve") -> tuple[Breach, ...]:
    """ "Spent more than available": oil spent from a reserve, pool or retained fifths that do not hold it
    (extract 4.3: no debt, no negative reserves; checks O-26, O-81)."""
    short = shortfall_fifths(available, spent)
    if short:
        return (Breach("33.4", f"{spent} fifths spent from {where} holding {available} ({short} short)"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# Oil effects (33.61, 33.63; extract 1.13) and oil domains (extract 4.2)
# ---------------------------------------------------------------------------------------------------------------

OIL_EFFECT_NATIONALITY_DRM: Final = -1
"""Air or Naval Nationality DRM when the air or naval effect is not offset, or units fight without oil (33.61A-B,
33.73C)."""

NO_OIL_CODE: Final = "no_oil"
"""The ``Modifier.code`` of the -1 Nationality DRM of units that fought without oil in an air or naval combat's
modifiers (33.73C)."""

OIL_EFFECT_CTL: Final = -1
"""CTL of all ground units under the army oil effect (33.61C)."""

UNOILED_ARMOR_MOVEMENT: Final[dict[str, int]] = {"europe": 3, "pacific": 2}
"""Armor (and WA mechanized infantry in Europe) under the army effect move 3 (Europe) or 2 (Pacific) (33.61C)."""

JAPAN_HOME_INTERCEPT_HEXES: Final = 4
"""Japanese ships based in Japan intercept within 4 hexes of a Japanese port in Japan without oil (33.61B)."""

OIL_EFFECTS: Final[dict[OilService, tuple[str, ...]]] = {
    "air": (
        "Air Nationality DRM -1",
        "no offensive operations, search, air cover, naval strikes at sea, strategic bombing or Hump flights",
        "defensive air only in the base hex",
        "Japanese air units in Japan exempt from the search, air cover, naval-strike and defensive limits",
        "staging and redeployment free",
    ),
    "naval": (
        "Naval Nationality DRM -1 (not Japanese home-waters interception)",
        "no offensive operations, sea-supply protection, sea escort or interception (subs in fortified ports excepted)",
        "submarine warfare only with submarine oil (33.72D)",
        "no onboard sea escort by transports (21.64G)",
        "changing base and redeploying free",
    ),
    "army": (
        "CTL -1 for all ground units",
        "no sea transport or seaborne invasion from the location",
        "no attrition losses from a zone that last sea-supplied the attrition zone (14.52A)",
        "armor and WA mech infantry in Europe act as infantry (move 3 Europe / 2 Pacific, no ZoC, no breakthrough)",
        "no airdrops",
        "equal to partial supply and not cumulative with it (30.52)",
    ),
    "construction": ("builds beyond 25 BRPs per counter + 5 per fifth cost double (27.13B)",),
    "economic": ("YSS BRP growth limited to 25 BRPs per counter + 5 per fifth; China exempt",),
}
"""What an unoffset oil effect does (33.61A-E; extract 1.13), as reference data for the audit's messages."""

OFFSET_SERVICES: Final[tuple[OilService, ...]] = ("air", "naval", "army")
"""Services bought per oil domain with one full counter each (33.52A, 33.61A-C)."""

WA_OIL_NATIONALITIES: Final[tuple[Power, ...]] = ("britain", "usa")
"""The WA buy offsets separately for British and American service branches (33.55)."""

OIL_EXEMPT_FACTIONS: Final[frozenset[Faction]] = frozenset({"china"})
"""China has no oil effects at all, the Flying Tigers included (33.49)."""

RESERVE_DOMAINS: Final[dict[ReserveId, tuple[str, ...]]] = {r: spec.sources for r, spec in RESERVES.items()}
"""Reserve oil domains: the unlimited supply sources that share one oil status (33.441, 33.451, 33.461, 33.471;
extract 4.2). Zone domains (33.533, 33.534) are named by the supply zone and pay from local or shipped-in oil."""


# ---------------------------------------------------------------------------------------------------------------
# Pearl Harbor oil strike (33.424) and Japanese resistance (33.74)
# ---------------------------------------------------------------------------------------------------------------


def pearl_harbor_strike_loss(air_attack_result: int, reserve_fifths: int = counters(3)) -> int:
    """Fifths destroyed by a second Pearl Harbor strike: 1/2/all 3 counters for results 1/2/3+, none for 0
    (33.424; TC-14). Never more than the reserve holds."""
    _non_negative("air_attack_result", air_attack_result)
    return min(reserve_fifths, counters(min(air_attack_result, 3)))


RESISTANCE_DELTA_STEPS: Final[tuple[tuple[int, int], ...]] = ((6, 2), (2, 1))
"""Island-group difference thresholds and the resistance modifier they buy: >= 6 -> 2, >= 2 -> 1 (33.74)."""


class ResistancePurchase(msgspec.Struct, frozen=True):
    """The Japanese resistance modifier an island-group difference allows, and who pays how many fifths (33.74)."""

    modifier: int
    payer: Faction | None
    fifths: int


def japanese_resistance_oil(island_group_delta: int) -> ResistancePurchase:
    """``delta`` = island groups Japan controls - those the WA control. The benefiting side pays one counter per
    modifier step at the end of the game turn (33.74, 33.52D; TC-16, check O-64)."""
    size = abs(island_group_delta)
    for threshold, steps in RESISTANCE_DELTA_STEPS:
        if size >= threshold:
            if island_group_delta > 0:
                return ResistancePurchase(steps, "japan", counters(steps))
            return ResistancePurchase(-steps, "western_allies", counters(steps))
    return ResistancePurchase(0, None, 0)


# ---------------------------------------------------------------------------------------------------------------
# How long a payment lasts (33.541), extra operations (33.73A) and what needs no oil (33.4715, 33.72E, 33.4716E)
# ---------------------------------------------------------------------------------------------------------------

OFFSET_LASTS_UNTIL: Final[Phase] = "initial_supply"
"""An air, naval or army offset, or an additional-unit payment, lasts until the end of the initial supply
determination phase of the friendly player turn after it was used (33.541; check O-52)."""

EXTRA_OPERATION_PURPOSES: Final[frozenset[OilPurpose]] = frozenset(
    {"strategic_air", "hump", "heavy_ships", "submarines"}
)
"""Oil for additional air and naval units, consumed when the operation is conducted (33.73A; check O-70)."""

OFFSET_PURPOSES: Final[frozenset[OilPurpose]] = frozenset({"air_general", "naval_general", "army"})
"""The general offsets: one full counter per oil domain (and per nationality for the WA), each effect once a player
turn (33.52A, 33.55, 33.61A-C; check O-50)."""

_PHASE_ORDER: Final[dict[str, int]] = {p: i for i, p in enumerate(PLAYER_TURN_PHASES)}
_SIDE_ORDER: Final[dict[str, int]] = {s: i for i, s in enumerate(SIDES)}


def _moment(turn: int, side: str | None, phase: str | None) -> tuple[int, int, int]:
    return (turn, _SIDE_ORDER.get(side or "", -1), _PHASE_ORDER.get(phase or "", -1))


def offset_in_force(paid: tuple[int, str | None], now: tuple[int, str | None, str | None]) -> bool:
    """Whether a payment made in player turn ``paid`` (game turn index, side) still holds at ``now`` (game turn
    index, side, phase): until the end of initial supply determination of the same side's player turn in the next
    game turn (33.541). Phases run in the order of the sequence of play (Axis player turn first)."""
    turn, side = paid
    return _moment(*now) <= _moment(turn + 1, side, OFFSET_LASTS_UNTIL)


UNOILED_AIR_MISSIONS: Final = OFFENSIVE_AIR_MISSIONS
"""Air missions the air oil effect bans: offensive operations and strategic bombing (33.61A)."""

UNOILED_NAVAL_MISSIONS: Final[frozenset[str]] = frozenset({"naval_patrol", "naval_interception", "shore_bombardment"})
"""Naval missions the naval oil effect bans: offensive operations and interception (33.61B)."""

CONSTRUCTION_OIL_RESERVES: Final[dict[Faction, ReserveId]] = {
    "european_axis": "ea",
    "japan": "jp",
    "russia": "ru",
    "western_allies": "wa_eu",
}
"""The reserve of each faction's home-country supply zone with an unlimited supply source, whose oil status decides
the construction oil effect (33.63; Britain's: London and Paris, the WA Europe reserve)."""

OIL_FREE_BOXES: Final[dict[str, str]] = {
    "box:south_africa": "33.4715A",
    "box:india": "33.4715B",
    "box:australia": "33.4715C",
}
"""Units inside the South Africa, India and Australia boxes have no oil effects while they stay there (33.4715)."""

SW_BOX_LOCATIONS: Final[dict[str, str]] = {"sw:atlantic": "atlantic", "sw:pacific": "pacific", "sw:indian_ocean":
                                           "indian_ocean"}  # fmt: skip
"""Units in an SW box (``Location``) and the box."""

WA_INDIAN_OCEAN_RESERVES: Final[frozenset[str]] = frozenset({"wa_sa", "wa_ind", "wa_aus"})
"""Western Allied ships in the Indian Ocean SW box (other than ASW and transports) draw oil from the South Africa,
India or Australia reserve (33.4716E, which the extract reads as overriding 33.72E: Q7)."""

SW_BOX_FREE_TYPES: Final[frozenset[str]] = frozenset({"asw", "transport"})
"""Naval units that never need oil in any SW box (33.4716E)."""

HEAVY_SHIP_TYPES: Final[frozenset[str]] = frozenset({"bb", "bc", "cv", "cvb"})
"""Ship types that need their own oil (33.72C): fast 4- and 5-factor battleships (battlecruisers are read as fast
battleships), fleet and large carriers. CVLs and 2- or 3-factor capital ships are covered by the general naval
offset (33.72B)."""

HEAVY_BATTLESHIP_FACTORS: Final[frozenset[int]] = frozenset({4, 5})
"""A battleship needs its own oil only as a 4- or 5-factor ship (33.72C)."""


def is_heavy_ship(unit_type: str, factors: int) -> bool:
    """A fast 4/5-factor BB (or BC), a CV or a CVB: the ships 33.72C puts under their own oil."""
    if unit_type in ("bb", "bc"):
        return factors in HEAVY_BATTLESHIP_FACTORS
    return unit_type in HEAVY_SHIP_TYPES


SUBMARINE_TYPE: Final = "submarine"

OIL_PAID_UNIT_TYPES: Final[dict[OilPurpose, frozenset[str] | None]] = {
    "heavy_ships": HEAVY_SHIP_TYPES,
    "submarines": frozenset({SUBMARINE_TYPE}),
    "strategic_air": None,
    "hump": None,
}
"""The units each extra-operation payment may name (``None``: any air unit; the quantity is its air factors)."""

NOT_MINOR_NATIONALITIES: Final[frozenset[str]] = frozenset({"free_french", "communist_china", "vichy", "partisan",
                                                             "partisans", "vlasov"})  # fmt: skip
"""Nationalities that are neither a major power nor a minor country with a capital of its own (the Free French draw
British oil, 33.551; Communist China has none, 33.49). Commonwealth nationalities are written ``commonwealth:...``."""


def minor_country(nationality: str) -> bool:
    """Whether a unit's nationality is a minor country's: its units draw oil from its capital, not from counters,
    until it is associated or activated (33.25)."""
    return nationality not in POWERS and ":" not in nationality and nationality not in NOT_MINOR_NATIONALITIES
