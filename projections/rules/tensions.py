"""Russian-German tensions (A3R App. E), the USAT changes (A3R intro) and Russian unpreparedness.

Source: A3R extract 2.5 (USAT), 2.6 (RGT: automatic, diplomatic, status and event modifiers, results, unpreparedness,
garrisons, mobilization ICs), checks C-RGT-1..C-RGT-9, worked examples T-R1, T-R2, T-U1. The tables apply to an A3R
game with option ``diplo.rgt=awaw_modified``; AWAW's own RGT table is not in the rule texts. The RGT level is board
state (``tensions["rgt"]``); what has been applied this game turn, the event modifiers in force, the DPs placed and
the mobilization ICs are politics state (:mod:`projections.politics`).
"""

from __future__ import annotations

from typing import Final, Literal

from awaw_events.gametime import turn_index

RGT_OPTION: Final = "diplo.rgt"
HOUSE_RGT: Final = "awaw_modified"
UNPREPAREDNESS_OPTION: Final = "diplo.russian_unpreparedness"
GARRISON_OPTION: Final = "diplo.rgt_russian_garrison"
GARRISON_LEVELS_OPTION: Final = "diplo.german_garrison_levels"
"""App. E "at the end of any Axis player turn in which the RGT is at level 10, 20, 30, 40 or 50" [UNSURE, A3R
extract 8.12]: ``thresholds`` (the default: RGT 10 or more requires 10 x the tens reached, at most 50) or ``exact``
(only when RGT equals one of the five levels)."""

RGT_FROM: Final = turn_index(1939, "fall")
"""RGT is recorded from Fall 1939 (App. E)."""

AUTOMATIC: Final = "automatic"
AUTOMATIC_VALUE: Final = 1
"""+1 at the start of every game turn, Fall 1939 included (App. E "Automatic Modifier")."""

AT_WAR_CODES: Final[dict[str, int]] = {"ST_AT_WAR_2PLUS": 1, "ST_AT_WAR_1": 2, "ST_AT_WAR_0": 3}
"""+1 if two or more major powers are at war with the European Axis, +2 if one, +3 if none (judged at the start of
the game turn)."""

STATUS_CODES: Final[dict[str, int]] = {
    **AT_WAR_CODES,
    "ST_JAPAN_SURRENDERED": 2,
    "ST_MOBILIZED_IC": 1,
    "ST_POLAND_UNCONQUERED": 5,
    "ST_AXIS_BALKAN_PENETRATION": 1,
    "ST_AXIS_IN_BRITAIN": 1,
    "ST_RUSSIA_BALKANS": -1,
}
"""Status modifiers (A3R extract 2.6.2), each per game turn: ``ST_MOBILIZED_IC`` per IC (its value is the count);
the Balkan items at most once a game turn; ``ST_GERMAN_EXCESS_GARRISON`` (option 15c) is computed."""

ONCE_PER_TURN: Final[frozenset[str]] = frozenset(STATUS_CODES)
"""Every status modifier counts at most once a game turn (the Balkan items say so; the others are a state)."""

EVENT_CODES: Final[dict[str, int]] = {
    "EV_PARIS": 2,
    "EV_LONDON": 2,
    "EV_BIRMINGHAM": 1,
    "EV_MANCHESTER": 1,
    "EV_AXIS_MINOR_FINLAND": 1,
    "EV_AXIS_MINOR_HUNGARY": 2,
    "EV_AXIS_MINOR_RUMANIA": 2,
    "EV_AXIS_MINOR_BULGARIA": 2,
    "EV_AXIS_MINOR_TURKEY": 6,
    "EV_AXIS_EAST_OF_PACT_EASTERN_POLAND": 4,
    "EV_AXIS_EAST_OF_PACT_BALTIC_STATES": 6,
    "EV_AXIS_EAST_OF_PACT_FINNISH_BORDER": 2,
    "EV_AXIS_EAST_OF_PACT_BESSARABIA": 2,
    "EV_AXIS_PERSIA": 2,
    "EV_RUSSIA_EASTERN_POLAND": -1,
    "EV_RUSSIA_WEST_OF_PACT_FINLAND": -2,
    "EV_RUSSIA_WEST_OF_PACT_HUNGARY": -4,
    "EV_RUSSIA_WEST_OF_PACT_RUMANIA": -4,
    "EV_RUSSIA_WEST_OF_PACT_BULGARIA": -4,
    "EV_RUSSIA_WEST_OF_PACT_TURKEY": -12,
}
"""Territorial event modifiers (A3R extract 2.6.3): applied once, negated (the same code with the opposite value)
when the territory is recaptured, and applied again if it changes hands a second time. ``EV_RUSSIA_WEST_OF_PACT_
<other minor>`` is -2 per 5 BRPs of the minor (its value is not fixed here)."""

REPEATABLE_EVENT: Final = "EV_RUSSIAN_DOW_MINOR"
REPEATABLE_VALUE: Final = -1
"""-1 for each Russian declaration of war on a minor neutral (not territorial: never negated)."""

WEST_OF_PACT_PREFIX: Final = "EV_RUSSIA_WEST_OF_PACT_"

RGT_THRESHOLDS: Final[tuple[int, ...]] = (10, 20, 30, 40, 50)
"""RGT levels at which Russia mobilizes another IC (and the German east-front garrison levels)."""

WAR_LEVEL: Final = 50
"""Russia may declare war on Germany only at RGT 50 or more; a German DoW on Russia sets RGT to 50 at the start of
the next Russian player turn; war between them counts as RGT 50 (App. E)."""

MINOR_DOW_LEVEL: Final = 25
"""From RGT 25 Russia may declare war on a bordering minor neutral that is neither Axis-controlled nor one in which
Germany has an economic interest; from 35 also on those with a German interest (still not Axis-controlled)."""
MINOR_DOW_GERMAN_INTEREST_LEVEL: Final = 35
ALWAYS_ATTACKABLE: Final[frozenset[str]] = frozenset({"baltic_states", "estonia", "latvia", "lithuania"})
"""Russia may always declare war on the Baltic States (App. E)."""

DP_LIMIT: Final = 1
"""At most one DP per side per game turn into RGT and into USAT; Russian DPs may not go into RGT (App. E, intro)."""

MOBILIZATION_CITIES: Final[tuple[str, ...]] = ("kuibyshev", "magnitogorsk", "sverdlovsk")
"""Russian mobilization and research ICs go, if possible, to Kuibyshev, Magnitogorsk and Sverdlovsk in that order,
then to any fully supplied Russian-controlled city of European Russia without an IC (App. E)."""


def at_war_code(powers_at_war: int) -> str:
    """The at-war status code for the number of major powers at war with the European Axis."""
    if powers_at_war >= 2:
        return "ST_AT_WAR_2PLUS"
    return "ST_AT_WAR_1" if powers_at_war == 1 else "ST_AT_WAR_0"


def mobilization_ics_due(highest_rgt: int) -> int:
    """Mobilization ICs Russia is due once RGT has reached ``highest_rgt`` (one at each of 10, 20, 30, 40, 50; not
    undone if RGT falls)."""
    return sum(1 for level in RGT_THRESHOLDS if highest_rgt >= level)


def german_garrison(rgt: int, mode: str = "thresholds") -> int:
    """German ground factors required on the East front at the end of an Axis player turn (App. E, A3R extract
    2.6.6): 10 x the tens RGT has reached, at most 50 (``exact``: only at exactly 10, 20, 30, 40 or 50)."""
    if mode == "exact":
        return rgt if rgt in RGT_THRESHOLDS else 0
    return 10 * (min(rgt, WAR_LEVEL) // 10) if rgt >= RGT_THRESHOLDS[0] else 0


MinorDow = Literal["allowed", "too_low", "unknown_interest", "axis_controlled"]


def russian_minor_dow(rgt: int, minor: str, *, axis_controlled: bool) -> MinorDow:
    """Whether Russia may declare war on a minor neutral at this RGT (App. E): the Baltic States always; otherwise
    from 25 unless Axis-controlled or German economic interest (which no event records: ``unknown_interest``
    between 25 and 34), from 35 unless Axis-controlled."""
    if minor in ALWAYS_ATTACKABLE:
        return "allowed"
    if rgt < MINOR_DOW_LEVEL:
        return "too_low"
    if axis_controlled:
        return "axis_controlled"
    return "allowed" if rgt >= MINOR_DOW_GERMAN_INTEREST_LEVEL else "unknown_interest"


Effect = Literal["infantry_dm", "air_drm", "reduced_zoc", "reduced_mf", "garrison"]
MfReduction = Literal["all", "infantry_only", "none"]

APPROACH2: Final[tuple[tuple[int, bool, bool, bool, MfReduction], ...]] = (
    (0, False, False, False, "none"),
    (20, True, True, True, "all"),
    (30, True, False, True, "all"),
    (35, True, False, True, "infantry_only"),
    (40, False, False, False, "none"),
    (50, False, False, False, "none"),
)
"""Approach 2 (experimental) by RGT at the DoW (A3R extract 2.6.5): from RGT, infantry -1 DM, air DRM -1, reduced
ZoC effect, reduced movement (armor 2, infantry 1; 35-39 infantry only)."""

UNPREPARED_MF: Final[dict[str, int]] = {"armor": 2, "infantry": 1}
"""Russian movement factors throughout the Russian player turn after the German attack (App. E approaches 1, 2)."""

UNPREPAREDNESS_ENDS: Final = 40
"""Russian unpreparedness applies only while RGT is below 40 (App. E)."""


def reduced_mf(approach: str, rgt_at_dow: int) -> MfReduction:
    """Which Russian units move at 2 (armor) and 1 (infantry) in the Russian player turn after the German attack:
    approach 1 all below RGT 40; approach 2 by the table (T-R2: RGT 36 -> infantry only); A3R's own rule: not in
    the texts (``none``)."""
    if approach == "approach1":
        return "all" if rgt_at_dow < UNPREPAREDNESS_ENDS else "none"
    if approach == "approach2_experimental":
        found: MfReduction = "none"
        for low, _, _, _, mf in APPROACH2:
            if rgt_at_dow >= low:
                found = mf
        return found
    return "none"


def approach2_effects(rgt_at_dow: int) -> tuple[bool, bool, bool, MfReduction]:
    """(infantry -1 DM, air DRM -1, reduced ZoC effect, reduced movement) under approach 2 (A3R extract 2.6.5)."""
    row = APPROACH2[0]
    for entry in APPROACH2:
        if rgt_at_dow >= entry[0]:
            row = entry
    return row[1], row[2], row[3], row[4]
