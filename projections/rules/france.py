"""The French surrender, Vichy France and the French colonies (A3R App. J, rule 58; option ``france.surrender``).

Source: A3R extract 2.7.1-2.7.3 (58.11, 58.12, 58.21, 58.22, 58.31, 58.53), checks C-FRA-1..C-FRA-4, worked examples
T-FR1..T-FR4. Whether and when France surrendered, the French surrender level (FSL) recorded then and whether Vichy
was established are state of :mod:`projections.politics`.
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
