"""The French surrender, Vichy France and the French colonies (A3R App. J, rule 58; option ``france.surrender``).

Source: A3R extract 2.7 (58.11, 58.12, 58.21, 58.22, 58.31, 58.53, 58.6-58.8), checks C-FRA-1..C-FRA-7, worked
examples T-FR1..T-FR4. Whether and when France surrendered, the French surrender level (FSL) recorded then and
whether Vichy was established are state of :mod:`projections.politics`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, cast

from awaw_events.gametime import turn_index
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Power

ColonyOutcome = Literal["free_french", "vichy", "independent", "skipped_axis", "skipped_british"]

FSL_RANGE: Final[tuple[int, int]] = (-3, 3)
"""The French surrender level is clamped to -3..+3 "for all purposes" (58.22)."""

VOLUNTARY_FSL: Final = 1
"""A voluntary surrender sets the FSL to +1 (58.21)."""

VOLUNTARY_SURRENDER_FROM: Final = turn_index(1940, "fall")
"""France may surrender voluntarily only from Fall 1940 (58.12)."""

COLONY_FREE_FRENCH_MAX: Final = 3
"""A colony roll of d6 + FSL (+3 with Vichy) of 3 or less makes the colony Free French, 4 or more Vichy (58.53)."""

VICHY_COLONY_BONUS: Final = 3
"""Added to each colony roll when Vichy was established (58.53)."""

NOT_ROLLED: Final[frozenset[ColonyOutcome]] = frozenset({"skipped_axis", "skipped_british"})
"""Colonies not rolled for: Axis-controlled ones stay Axis conquests (58.533), British-controlled ones become Free
French (58.534)."""


def axis_controlled(controller: str) -> bool:
    """Whether a hex's controller is an Axis power (Paris Axis-held makes France surrender, 58.11)."""
    faction = FACTION_OF_POWER.get(cast(Power, controller))
    return faction is not None and SIDE_OF_FACTION[faction] == "axis"


def may_surrender_voluntarily(year: int, season: str) -> bool:
    """France may choose to surrender only from Fall 1940 (58.12)."""
    return turn_index(year, season) >= VOLUNTARY_SURRENDER_FROM


def clamp_fsl(value: int) -> int:
    """The FSL clamped to -3..+3 (58.22)."""
    low, high = FSL_RANGE
    return max(low, min(high, value))


def surrender_level(components: Mapping[str, int], *, voluntary: bool) -> int | None:
    """The French surrender level: +1 for a voluntary surrender, else the clamped sum of its components (58.21,
    58.22; T-FR1: +2 +1 -2 -2 = -1; T-FR3: +5 clamps to +3). ``None`` when neither is known."""
    if voluntary:
        return VOLUNTARY_FSL
    if not components:
        return None
    return clamp_fsl(sum(components.values()))


def colony_bonus(vichy: bool | None) -> int:
    """What Vichy adds to a colony roll: 3 if it was established, else nothing (58.53)."""
    return VICHY_COLONY_BONUS if vichy else 0


def colony_alignment(modified_roll: int, vichy: bool | None) -> ColonyOutcome:
    """A rolled colony's alignment (58.53): 3 or less Free French; 4 or more Vichy, or an independent neutral minor
    when Vichy was not established (58.532). ``vichy`` None (not recorded) reads as established."""
    if modified_roll <= COLONY_FREE_FRENCH_MAX:
        return "free_french"
    return "independent" if vichy is False else "vichy"


# ---------------------------------------------------------------------------------------------------------------------
# The components of the French surrender level (58.21), each recomputed from the state

COMPONENTS: Final[tuple[str, ...]] = (
    "FSL_PARIS",
    "FSL_LYON",
    "FSL_MARSEILLES",
    "FSL_OBJECTIVES",
    "FSL_GROUND",
    "FSL_FLEET",
    "FSL_TURN",
    "FSL_DPS",
    "FSL_ANGLO_FRENCH",
)
"""The parts of the FSL (A3R extract 2.7.2, 58.21A-F), by the codes a ``french_surrender_checked`` names them."""

CITY_VALUES: Final[dict[str, tuple[str, int]]] = {
    "FSL_PARIS": ("Paris", 2),
    "FSL_LYON": ("Lyon", 1),
    "FSL_MARSEILLES": ("Marseilles", 1),
}
"""+2 for Axis control of Paris, +1 each for Lyon and Marseilles (58.21A); the map data names their hexes."""

FULL_FLEET: Final = 27
"""+1 for every three naval factors the French fleet is below 27 (58.21C)."""

FLEET_ROUNDING_OPTION: Final = "france.fsl_fleet_rounding"
"""58.21C "+1 for every three naval factors ... below 27" [UNSURE, A3R extract 8.13]: ``down`` (the default,
floor((27 - FF) / 3)) or ``up``."""

ANGLO_FRENCH_RESULT: Final = 7
"""-1 if the Western Allies achieved a 7+ Anglo-French cooperation research result (58.21F)."""

ANGLO_FRENCH_PROJECTS: Final[frozenset[str]] = frozenset({"anglo_french", "anglo_french_cooperation"})


def city_part(code: str, controller: str | None) -> int:
    """+2 (Paris) or +1 (Lyon, Marseilles) when the Axis control the city (58.21A)."""
    return CITY_VALUES[code][1] if controller is not None and axis_controlled(controller) else 0


def objectives_part(french_objectives: int) -> int:
    """-1 for each European objective under French control other than Lyon and Marseilles (58.21A)."""
    return -french_objectives


def ground_part(french_ground_factors: int) -> int:
    """-1 for every ten French ground factors in France, rounded up (58.21B; T-FR1: 18 -> -2)."""
    return -((french_ground_factors + 9) // 10)


def fleet_part(fleet_factors: int, rounding: str = "down") -> int:
    """+1 for every three naval factors the French fleet is below 27 (58.21C)."""
    short = max(0, FULL_FLEET - fleet_factors)
    return (short + 2) // 3 if rounding == "up" else short // 3


def turn_part(year: int, season: str) -> int:
    """The turn of surrender (58.21D): Spring 1940 or earlier +2, Summer 1940 0, Fall 1940 -2, Winter 1940 or later
    -4."""
    index = turn_index(year, season)
    if index <= turn_index(1940, "spring"):
        return 2
    if index == turn_index(1940, "summer"):
        return 0
    return -2 if index == turn_index(1940, "fall") else -4


def anglo_french_part(best_result: int | None) -> int:
    """-1 after a 7+ Anglo-French cooperation research result (58.21F)."""
    return -1 if best_result is not None and best_result >= ANGLO_FRENCH_RESULT else 0


def dps_part(axis_dps: int, allied_dps: int) -> int:
    """Axis and Western Allied DPs in France, as reduced by covert operations (58.21E): positive favours the Axis."""
    return axis_dps - allied_dps


# ---------------------------------------------------------------------------------------------------------------------
# Free French and Vichy forces (58.6)

Forces = tuple[int, int, int, int]
"""Infantry factors, 3-5 armor units, air factors, naval (fleet) factors (58.612)."""

FREE_FRENCH_FORCES: Final[dict[bool, dict[int, Forces]]] = {
    True: {3: (0, 0, 0, 0), 2: (1, 0, 0, 0), 1: (2, 0, 0, 0), 0: (3, 0, 0, 0), -1: (6, 0, 0, 2), -2: (6, 0, 1, 5),
           -3: (6, 0, 2, 7)},
    False: {3: (3, 0, 0, 0), 2: (6, 0, 0, 2), 1: (6, 0, 1, 5), 0: (6, 0, 2, 7), -1: (9, 0, 2, 10), -2: (12, 0, 2, 12),
            -3: (9, 1, 2, 14)},
}  # fmt: skip
"""The Free French Forces Table (58.621), by whether Vichy was established and the FSL (A3R extract 2.7.4)."""

VICHY_FORCES: Final[dict[int, Forces]] = {
    3: (12, 1, 3, 14), 2: (15, 0, 3, 12), 1: (12, 0, 3, 10), 0: (12, 0, 2, 7), -1: (12, 0, 1, 5), -2: (12, 0, 0, 2),
    -3: (10, 0, 0, 0),
}  # fmt: skip
"""The Vichy France Forces Table (58.631; none if Vichy is not established; A3R extract 2.7.5)."""

FORCE_WORDS: Final[tuple[str, ...]] = ("infantry factors", "3-5 armor units", "air factors", "naval factors")

COLONY_GROUPS: Final[frozenset[str]] = frozenset({"levant", "north_africa"})
"""One colony roll each for Lebanon-Syria and for Tunisia-Algeria-Morocco (58.531)."""

VICHY_FSL_POSITIVE: Final = 1
VICHY_FSL_NEGATIVE: Final = -1
"""Vichy diplomatic rolls: +1 if the FSL is above 0, -1 if below (58.8)."""

FORBIDDEN_VICHY_MODIFIER: Final = "france_8plus"
"""The A3R modifier "+1 if an 8+ result for France occurred" is removed under these rules (58.8)."""

COLONIAL_DOW_MODIFIER: Final = "colonial_dow"
"""+1 on Vichy rolls for each Allied declaration of war on a single Vichy colony (58.73); Germany's reaction roll
after such a DoW does not count the current one."""


def vichy_fsl_modifier(fsl: int) -> int:
    """What the FSL adds to a Vichy diplomatic roll (58.8)."""
    if fsl > 0:
        return VICHY_FSL_POSITIVE
    return VICHY_FSL_NEGATIVE if fsl < 0 else 0
