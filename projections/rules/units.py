"""What each ground unit type may do (AWAW 10.1-10.9): replacements, armor whose mechanized part is negated,
specialized units (airborne, Chindits, marines and SNLF, commandos), airdrops, and flak.

Sources: 10-16 extract 1.1, 1.4, 1.9, 1.11, 1.13 and checklists 2.1-2.2 (AUD-10-02 to AUD-10-37), 7.1 (unit types).
Costs are :mod:`projections.rules.construction` (27.11), movement factors :mod:`projections.rules.movement`, stacking
:mod:`projections.rules.stacks`, DM items :mod:`projections.rules.combat.strength` (15.3); the unit-type rules that
say which of those apply to whom live here.

Choices where the texts are open:

* "Restrictive winter weather" (10.53E) is read as a winter zone whose recorded winter level is 3 or more: the
  extract gives no other test.
* A Chindit counts among the specialized units that an airdrop-only DM (10.55D) and the invasion limit treat as
  "specialized"; SNLF are Japanese marines throughout (10.7).
"""

from __future__ import annotations

from typing import Final

from awaw_events.vocab import Theater
from projections.rules.construction import SPECIALIZED_TYPES

SPECIALIZED_FACTORS: Final = 1
"""Each specialized unit is one factor (10.41A)."""

SPECIALIZED_POOL_CAUSES: Final[frozenset[str]] = frozenset(
    {"scenario", "setup", "production", "research", "conversion"}
)
"""How specialized units enter force pools: production (42.24B), set-up, and for the Chindit research or the
conversion of Indian infantry (10.41B, 10.65)."""

REPLACEMENT: Final = "replacement"
FLAK: Final = "flak"
PARTISAN: Final = "partisan"

REPLACEMENT_DEFENCE: Final = 1
"""Replacements have one combat factor when defending against enemy offensive attacks (10.23)."""

NO_OFFENSIVE_TYPES: Final[dict[str, str]] = {
    REPLACEMENT: "10.23",
    FLAK: "10.93",
    PARTISAN: "11.43-11.47",
}
"""Units that never attack, overrun, join an attack or an invasion, are never counted in an attrition, never taken
as attrition losses (but replacements are) and never occupy a hex gained by attrition, with the rule."""

ATTRITION_LOSS_EXEMPT: Final[dict[str, str]] = {FLAK: "10.94, 14.76", PARTISAN: "11.47"}
"""Units never taken as attrition losses (replacements are taken, 10.23)."""

REPLACEMENT_POOL_GROWS: Final = False
"""Replacement force pools never grow after set-up (10.25, 10.26)."""

FLAK_MAX_FACTORS: Final = 3
"""A flak unit has at most three factors (10.99)."""

MECHANIZED_NEGATING_STATUS: Final = "partial"
"""Partial supply negates the mechanized part of armor (and WA mechanized infantry) (30.522B, 10.32, 13.41F)."""

# ---------------------------------------------------------------------------------------------------------------
# Airdrops (10.5, 10.6)

AIRDROP_PHASES: Final[frozenset[str]] = frozenset({"combat", "exploitation"})
"""Airdrops are made in the combat phase, before regular or before exploitation combat (10.52, 15.11, 16.44)."""

AIRDROP_RANGE: Final[dict[Theater, int]] = {"europe": 4, "pacific": 3}
"""The air transport's operational range: 4 hexes in Europe, 3 in the Pacific (10.53A, 17.62)."""

AIRDROP_MIN_CTL: Final = 2
"""Airborne units and the Chindit airdrop only with a CTL of 2 or more (10.53D, 10.61A)."""

AIRDROP_WINTER_LIMIT: Final = 3
"""No airdrop into a hex whose winter effect is 3 or more (10.53E)."""

MONSOON_NO_DROP_TERRAIN: Final[frozenset[str]] = frozenset({"swamp", "jungle", "jungle_mountain"})
"""Under the monsoon, no airdrop from or into swamp, jungle or jungle/mountain (10.53E)."""

AIRDROP_MIN_ODDS: Final = 1
"""An airdrop onto an enemy-occupied hex needs the first round at 1:1 or better (10.55C)."""

NO_AUTOMATIC_SUPPLY: Final[frozenset[str]] = frozenset({"exploitation", "automatic"})
"""Supply sources that are automatic supply (30.551; among :data:`projections.rules.supply.AUTOMATIC_SOURCES`):
airdropped units get none in the game turn after the drop, even if dropped in exploitation (10.57)."""

AIRDROPPING_TYPES: Final[frozenset[str]] = frozenset({"airborne", "chindit"})
"""Units that airdrop (10.5, 10.6)."""

CHINDIT: Final = "chindit"
CHINDIT_LIMIT: Final = 1
"""Britain has one Chindit, or two with three steps of SOA Chindit research (10.65)."""
CHINDIT_LIMIT_WITH_RESEARCH: Final = 2
CHINDIT_RESEARCH_STEPS: Final = 3
CHINDIT_FRONT: Final = "southeast_asian"
"""Chindits are used only on the Southeast Asian front of the Pacific map (10.66)."""
CHINDIT_HOME: Final = "india"
"""They do not leave India before Britain and Japan are at war (10.66)."""
CHINDIT_SUPPLY_FLOOR: Final[frozenset[str]] = frozenset({"full", "partial"})
"""A Chindit is always at least in limited supply (10.62)."""
CHINDIT_ATTRITION_TERRAIN: Final[frozenset[str]] = frozenset({"jungle"})
"""Of the rough terrain, a Chindit may occupy jungle by attrition (not swamp, mountain, jungle/mountain) (10.64B)."""
CHINDIT_DM_TERRAIN: Final[frozenset[str]] = frozenset({"jungle", "mountain", "jungle_mountain", "swamp"})
"""The Chindit -1 DM applies to defenders in these hexes only (10.64A, 15.33I)."""

# ---------------------------------------------------------------------------------------------------------------
# Marines, SNLF, commandos, invasions (10.7, 10.8, 10.41E)

INVADING_ROLES: Final[frozenset[str]] = frozenset({"invading", "marine"})
"""Attacker roles (``attack_declared``) of the units that invade from the sea, the ones the invasion DM, the
invasion limit and the marine share count (10.71, 10.41E, 15.32B)."""
MARINE_TYPES: Final[frozenset[str]] = frozenset({"marine", "snlf"})
"""U.S. marines and Japanese SNLF (10.7)."""
COMMANDO: Final = "commando"
INVASION_STACK: Final = 2
"""At most two embarked ground units attack in a seaborne invasion, marines and commandos aside (10.41E, 10.72,
10.82; 21.517A)."""
COMMANDO_FREE_CTL: Final = 2
"""Commandos are outside the invasion limit (and raid ports) only with a WA CTL of 2 or more (10.83)."""
COMMANDO_RANGE: Final[dict[Theater, int]] = {"europe": 10, "pacific": 5}
"""A commando port invasion reaches 10 hexes in Europe, 5 in the Pacific (10.81, 21.512A)."""

# ---------------------------------------------------------------------------------------------------------------
# DM items by unit type (10.41F, 10.55D-E, 10.64A, 10.71, 11.46; the items are 15.3's)

SPECIALIZED_NEVER_DM: Final[frozenset[str]] = frozenset({"exploiting_armor", "winter"})
"""Specialized units never take the exploiting-armor (15.33A) or winter (15.33H) -1 DM (10.41F)."""

AIRDROP_ONLY_DM: Final[dict[str, str]] = {
    "infantry": "airdrop_only_infantry",
    "mech_infantry": "airdrop_only_infantry",
    REPLACEMENT: "airdrop_only_infantry",
    PARTISAN: "airdrop_only_infantry",
    "armor": "airdrop_only_armor_specialized",
    **dict.fromkeys(SPECIALIZED_TYPES, "airdrop_only_armor_specialized"),
}
"""The DM item of a unit attacked only by airdrop: +1 infantry, replacements, partisans; +2 armor and specialized
units (10.55D, 15.32H)."""

AIRDROP_DM_CODES: Final[frozenset[str]] = frozenset(AIRDROP_ONLY_DM.values())
RIVER_DM: Final = "river"
"""An airdrop on the defender cancels the river or crossing-arrow +1 (10.55E, 15.32C)."""
INVASION_DM: Final = "invasion"
PARTISAN_DM: Final = "partisan"
"""Partisans always defend at -1 (15.33C, 11.46)."""
CHINDIT_DM: Final = "chindit"


def invasion_dm_cancelled(marine_factors: int, invading_factors: int) -> bool:
    """The +1 invasion DM is dropped when at least half the ground factors engaged in invasion combat are U.S.
    marines or Japanese SNLF (10.71, 15.32B); commandos never count (10.84)."""
    return invading_factors > 0 and 2 * marine_factors >= invading_factors


def airdrop_only_dm(unit_type: str) -> str | None:
    """The DM item a unit attacked only by airdrop takes (10.55D), None for a type with none."""
    return AIRDROP_ONLY_DM.get(unit_type)


def airdrop_weather_ban(
    *, winter_level: int | None, monsoon: bool, terrain: str | None
) -> tuple[str | None, str | None]:
    """Why weather forbids an airdrop into a hex (10.53E), and the fact that is unknown when it cannot say."""
    if winter_level is not None and winter_level >= AIRDROP_WINTER_LIMIT:
        return f"winter effect {winter_level} (3 or more) in the target hex", None
    if monsoon:
        if terrain is None:
            return None, "terrain"
        if terrain in MONSOON_NO_DROP_TERRAIN:
            return f"monsoon in a {terrain.replace('_', '/')} hex", None
    return None, None


def chindit_limit(research_steps: int) -> int:
    """How many Chindits Britain may have (10.65)."""
    return CHINDIT_LIMIT_WITH_RESEARCH if research_steps >= CHINDIT_RESEARCH_STEPS else CHINDIT_LIMIT
