"""Attrition combat (AWAW rule 14.4) and the A3R house variant (A3R App. C, option ``combat.attrition``).

Sources: 10-16 extract sections 1.5, 1.6, 2.7, 5.6 and 6.2; seed ``awaw-rules-10-16-units-movement-combat.txt``
(14.41-14.44, 14.521); A3R extract 2.2, 3.5, 6.1 and 7.1 and the house text App. C (14.42-14.44, 14.521D).

The two variants share the Attrition Table cell for cell; they differ in the modifiers (AWAW 14.42B: the CTL
difference; house 14.42D: date and composition DRMs that simulate CTLs, and partisan attritions) and in the Russian
winter designation limit (14.521). Check functions return :class:`~projections.rules.oil.Breach` tuples;
``ValueError`` is only raised for misuse (a die of 7, no attritioning factors).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import GROUND_TYPES, Season
from projections.rules.breach import Breach
from projections.rules.calendar import is_before
from projections.rules.dice import DIE_FACES
from projections.rules.fortifications import FortFeature

AttritionVariant = Literal["awaw", "a3r_house"]
"""AWAW rule 14, or the A3R house App. C (option ``combat.attrition = awaw_14_house``)."""

ATTRITION_OPTION: Final = "combat.attrition"
HOUSE_ATTRITION: Final = "awaw_14_house"
"""The A3R option value that plays attrition by the house App. C (A3R extract 1.2)."""


def attrition_variant(rules: str, options: Mapping[str, str]) -> AttritionVariant | None:
    """AWAW rule 14, the house App. C (the A3R default), or ``None`` for the standard A3R attrition (``combat.attrition
    = a3r``), which the extracts do not contain."""
    if rules == "awaw":
        return "awaw"
    if rules == "a3r" and options.get(ATTRITION_OPTION, HOUSE_ATTRITION) == HOUSE_ATTRITION:
        return "a3r_house"
    return None


# ---------------------------------------------------------------------------------------------------------------
# Who attritions (14.2, 14.23; house intro)
# ---------------------------------------------------------------------------------------------------------------

NOT_COUNTED: Final = frozenset({"replacement", "flak"})
"""Ground types never counted for an attrition total (14.23; house intro: a replacement's value is not added)."""

GROUND_COUNTABLE: Final = frozenset(
    {"infantry", "mech_infantry", "armor", "airborne", "chindit", "marine", "snlf", "commando", "partisan"}
)
"""Unit types whose factors an attrition may count (air and naval units never are, 14.23)."""


def may_be_counted(unit_type: str, *, partisans_allowed: bool) -> bool:
    """Whether a unit of this type may be counted for an attrition (14.23): ground combat units, not replacements or
    flak; partisans only in a partisan attrition of the house rules (``partisans_allowed``; house 14.13-14.17)."""
    if unit_type in NOT_COUNTED or unit_type not in GROUND_COUNTABLE:
        return False
    return unit_type != "partisan" or partisans_allowed


ATTRITION_ELIMINATED_COUNTERS: Final = ("airbase", "rocket_base")
"""If attrition removes all ground units in a hex, an airbase or rocket base there is eliminated (14.523; A3R
C-ATT-10). Choice beside the rule: "all ground units" are the non-partisan ones that can hold the hex
(:data:`OCCUPATION_HOLDERS`), and the attacker's own counters are not touched."""

OCCUPATION_HOLDERS: Final = GROUND_TYPES - {"partisan"}
"""Ground units whose presence makes a hex selectable for attrition occupation (14.61, 14.62A: "a non-partisan
ground unit"; partisans take no part in attrition)."""


LOSS_ELIGIBLE: Final = GROUND_TYPES - {"partisan", "flak"}
"""Units that may be taken as attrition losses (14.51, 14.52: never partisans or flak)."""

LOSS_BOXES: Final = frozenset({"box:australia", "box:india", "box:urals"})
"""Mapboard boxes whose zones may lose units to attrition (14.52B: the zones that include the Australia, India and
Urals boxes); no other box or off-board area does."""

REMOTE_LOSS_TYPES: Final = frozenset({"infantry", "replacement"})
"""AWAW 14.52A: losses taken from the supply zone must be infantry or replacements fully supplied from that source
(the house App. C has no such limit)."""

ALIGNED_MINOR: Final = frozenset({"associated", "activated", "allied"})
"""The statuses of a minor country that attrition counts with its major power's faction: one roll per attacking
faction per enemy alliance faction's zone; an independent minor is attritioned separately (14.13, 14.31-14.33)."""

OCCUPATION_BARRED_FACTS: Final = ("capital", "objective", "industrial_centre")
"""Map-data facts of a hex that bar attrition occupation (14.62C; fortifications, railheads and river bridgeheads are
board state)."""

OCCUPATION_BARRED_TERRAIN: Final = frozenset({"forest", "jungle", "mountain", "jungle_mountain", "swamp"})
"""Terrain that may not be occupied by attrition (14.62D), with two exceptions: Japanese units and the Chindit may
occupy jungle; frozen swamp (34.23C: eastern-front swamps in winter turns) counts as clear."""


OCCUPATION_BARRED_FEATURES: Final[frozenset[FortFeature]] = frozenset(
    {"omni_fortification", "omni_fortress", "singapore"}
)
"""The fortification features that bar attrition occupation outright (14.62C: a fortress or fortification). The
directional ones (Maginot, West Wall, Sevastopol) bar it only across their fortified hexsides (14.62C, 32.221: the
fortifications family judges the hexside); beach defenses and island groups alone have no effect on attrition
(32.55, 32.6)."""


def occupation_terrain_barred(terrain: str, *, japanese: bool = False) -> bool:
    """Whether a hex's terrain bars attrition occupation (14.62D); a frozen swamp is clear terrain
    (:func:`projections.rules.weather.winter_terrain`, 34.23C) before it is asked here."""
    if terrain == "jungle" and japanese:
        return False
    return terrain in OCCUPATION_BARRED_TERRAIN


PACIFIC_FRONTS: Final = frozenset({"pacific", "asian", "southeast_asian"})
"""Fronts on the Pacific mapboard (27-30 extract 5.4), where attrition H results are halved (14.43)."""


def on_pacific_map(locations: Iterable[str], front: str) -> bool:
    """Whether an attrition is on the Pacific mapboard, where H is halved (14.41 note, 14.43): by the first counted
    unit with a map location (``PAC:`` or ``EUR:``), else by its front (:data:`PACIFIC_FRONTS`)."""
    for location in locations:
        if location[:4] in ("PAC:", "EUR:"):
            return location.startswith("PAC:")
    return front in PACIFIC_FRONTS


# ---------------------------------------------------------------------------------------------------------------
# The table (14.41; 10-16 extract 1.6; A3R extract 2.2)
# ---------------------------------------------------------------------------------------------------------------


class AttritionResult(msgspec.Struct, frozen=True):
    """C = counters the defender loses, H = hexes the attacker may occupy (14.41)."""

    counters: int
    hexes: int

    @property
    def label(self) -> str:
        """As printed: "-", "2C", "3C/1H" (0H is not printed)."""
        if self.counters == 0 and self.hexes == 0:
            return "-"
        return f"{self.counters}C" + (f"/{self.hexes}H" if self.hexes else "")


class AttritionColumn(msgspec.Struct, frozen=True):
    """A factor column of the Attrition Table: ``low``..``high`` attritioning ground factors (``high=None``: 61+)."""

    low: int
    high: int | None
    label: str


ATTRITION_COLUMNS: Final[tuple[AttritionColumn, ...]] = (
    AttritionColumn(1, 10, "1-10"),
    AttritionColumn(11, 20, "11-20"),
    AttritionColumn(21, 30, "21-30"),
    AttritionColumn(31, 40, "31-40"),
    AttritionColumn(41, 50, "41-50"),
    AttritionColumn(51, 60, "51-60"),
    AttritionColumn(61, None, "61+"),
)
"""Columns by total attritioning ground factors (14.41; extract 1.5)."""

NIL: Final = AttritionResult(0, 0)


def _r(text: str) -> AttritionResult:
    if text == "-":
        return NIL
    c, _, h = text.partition("/")
    return AttritionResult(int(c.rstrip("C")), int(h.rstrip("H")) if h else 0)


def _row(*cells: str) -> tuple[AttritionResult, ...]:
    return tuple(_r(c) for c in cells)


_TABLE: Final[dict[int, tuple[AttritionResult, ...]]] = {
    0: _row("-", "-", "1C", "2C", "2C/1H", "3C/2H", "5C/2H"),
    1: _row("-", "1C", "2C", "1C/1H", "3C/1H", "4C/2H", "5C/3H"),
    2: _row("-", "1C", "2C", "2C/1H", "3C/2H", "5C/2H", "6C/3H"),
    3: _row("-", "2C", "1C/1H", "3C/1H", "4C/2H", "5C/3H", "7C/3H"),
    4: _row("-", "2C", "2C/1H", "3C/2H", "5C/2H", "6C/3H", "7C/4H"),
    5: _row("1C", "1C/1H", "3C/1H", "4C/2H", "5C/3H", "7C/3H", "8C/4H"),
    6: _row("1C", "2C/1H", "3C/2H", "5C/2H", "6C/3H", "7C/4H", "9C/4H"),
    7: _row("2C", "3C/1H", "4C/2H", "5C/3H", "7C/3H", "8C/4H", "9C/5H"),
    8: _row("2C", "3C/2H", "5C/2H", "6C/3H", "7C/4H", "9C/4H", "10C/5H"),
    9: _row("1C/1H", "4C/2H", "5C/3H", "7C/3H", "8C/4H", "9C/5H", "11C/5H"),
    10: _row("2C/1H", "5C/2H", "6C/3H", "7C/4H", "9C/4H", "10C/5H", "11C/6H"),
    11: _row("3C/1H", "5C/3H", "7C/3H", "8C/4H", "9C/5H", "11C/5H", "12C/6H"),
}

ATTRITION_TABLES: Final[dict[AttritionVariant, dict[int, tuple[AttritionResult, ...]]]] = {
    "awaw": _TABLE,
    "a3r_house": dict(_TABLE),
}
"""Attrition Table 14.41: ``ATTRITION_TABLES[variant][row][column]``, rows 0..11 (row 11 = "11+") (10-16 extract 1.6
[RECON, high confidence; rows follow one ladder]; A3R extract 2.2: identical cells, row 0 column 11-20 read "-")."""

MIN_ROW: Final = 0
MAX_ROW: Final = 11
"""Modified rolls below 0 read as 0, above 11 as "11+" (14.43)."""

PACIFIC_HEX_DIVISOR: Final = 2
"""Attritions on the Pacific mapboard: H halved, rounded down (14.41 table note, 14.43: 12C/6H = 12C/3H)."""


def attrition_column(factors: int) -> int:
    """Column index 0..6 for the total attritioning ground factors (14.41; AUD-14-06). No attrition with 0 factors."""
    if factors <= 0:
        raise ValueError(f"an attrition needs attritioning factors, got {factors!r}")
    for i, col in enumerate(ATTRITION_COLUMNS):
        if col.high is None or factors <= col.high:
            return i
    raise AssertionError("unreachable")


def attrition_row(modified_roll: int) -> int:
    """Row read for a modified roll, clamped to 0..11+ (14.43)."""
    return max(MIN_ROW, min(MAX_ROW, modified_roll))


# ---------------------------------------------------------------------------------------------------------------
# Modifiers (14.42; house 14.42D)
# ---------------------------------------------------------------------------------------------------------------

FACTOR_BONUS_BASE: Final = 61
FACTOR_BONUS_STEP: Final = 10
"""+1 for every full ten attritioning factors over 61: 71-80 +1, 81-90 +2 ... (14.42A; 62-70 give 0)."""


FACTOR_BONUS_CODES: Final = frozenset({"factors", "gf_over_61", "factor_bonus"})
"""Recorded modifier codes for the +1 per ten factors over 61 (14.42A)."""

CTL_CODES: Final = frozenset({"ctl", "ctl_difference"})
"""Recorded modifier codes for the AWAW CTL difference (14.42B), which "does not apply to A3R"."""

HOUSE_GERMAN_DRM_CODES: Final = frozenset({"ctl_sim_allied_vs_german", "ctl_sim_german_vs_allied"})
"""The house German-heavy DRMs, which end with Spring 1942 (14.42D)."""


WINTER_CODES: Final = frozenset({"winter", "winter_prep", "winter_preparation"})
"""Recorded modifier codes for the winter preparation difference (14.42C)."""

HOUSE_SIM_PREFIX: Final = "ctl_sim"
"""Recorded modifier codes of the house CTL simulation start with this (``ctl_sim_major_vs_partisan``; 14.42D)."""

ModifierPart = Literal["factors", "ctl", "winter", "house", "other"]


def modifier_part(code: str) -> ModifierPart:
    """Which 14.42 modifier a recorded code claims: the factor bonus (A), the CTL difference (B), the winter
    preparation difference (C), the house CTL simulation (D), or something the rules do not name."""
    code = code.lower()
    if code in FACTOR_BONUS_CODES:
        return "factors"
    if code in CTL_CODES:
        return "ctl"
    if code in WINTER_CODES:
        return "winter"
    if code.startswith(HOUSE_SIM_PREFIX):
        return "house"
    return "other"


NO_MODIFIER: Final = frozenset({0})
"""A modifier the state shows to be nothing (no winter this turn; no CTL in the house rules)."""

MODIFIER_PART_RULES: Final[dict[str, str]] = {
    "ctl": "14.42B: attacker CTL - defender CTL, each its largest group's, the lower on a tie",
    "winter": "14.42C: the difference in winter preparation, each capped at the defenders' winter level",
    "house": "house 14.42D: the CTL simulation DRM for the date and both sides' compositions",
}
"""The 14.42 modifiers an audit recomputes (by :func:`modifier_part`), in the words of their rules."""

WINTER_OPTION: Final = "weather.winter"
HOUSE_WINTER: Final = "awaw_34_41_house"
"""The winter rules an A3R game plays (A3R extract 1.2 option 26): the house App. K, or standard A3R (``a3r``, not in
the extracts, whose winter preparation this module cannot know)."""


def winter_rules(rules: str, options: Mapping[str, str]) -> Literal["awaw", "a3r_house"] | None:
    """The Winter Table whose preparation levels 14.42C compares (AWAW 34.41 or the house App. K; ``None``: standard
    A3R weather)."""
    if rules == "awaw":
        return "awaw"
    return "a3r_house" if options.get(WINTER_OPTION, HOUSE_WINTER) == HOUSE_WINTER else None


def factor_modifier(factors: int) -> int:
    """``max(0, (F - 61) // 10)`` (14.42A; EX-06, T-A7)."""
    return max(0, (factors - FACTOR_BONUS_BASE) // FACTOR_BONUS_STEP)


def level_of_largest_group(groups: Iterable[tuple[int, int]]) -> int:
    """The level (CTL or winter preparation) of the largest number of factors; on a tie the lower, less favourable
    level (14.42B-C; EX-07 to EX-09). ``groups``: (level, factors) pairs; the same level may appear several times
    (factors are grouped by level, not by nationality)."""
    totals: dict[int, int] = {}
    for level, factors in groups:
        totals[level] = totals.get(level, 0) + factors
    if not totals:
        raise ValueError("no units engaged")
    top = max(totals.values())
    return min(level for level, f in totals.items() if f == top)


def level_despite(groups: Iterable[tuple[int, int]], unknown_factors: int) -> int | None:
    """:func:`level_of_largest_group` whatever levels units of ``unknown_factors`` more factors have (an Italian or
    minor unit whose CTL no event states), or None where they could change it: decided when the largest known group
    outweighs the next one by more than those factors (joining the largest only strengthens it; joining any other
    group, or forming one, still leaves it smaller: no tie to break either)."""
    pairs = list(groups)
    totals: dict[int, int] = {}
    for level, factors in pairs:
        totals[level] = totals.get(level, 0) + factors
    if not totals:
        return None
    ranked = sorted(totals.values(), reverse=True)
    second = ranked[1] if len(ranked) > 1 else 0
    if unknown_factors and ranked[0] <= second + unknown_factors:
        return None
    return level_of_largest_group(pairs)


def ctl_modifier(attacker: Iterable[tuple[int, int]], defender: Iterable[tuple[int, int]]) -> int:
    """AWAW 14.42B: attacker CTL - defender CTL, each side's CTL being that of its largest group. Not in the house
    rules (14.42B "does not apply to A3R"). [UNSURE extract 5.6/Q8] the defender's group = its units in contact."""
    return level_of_largest_group(attacker) - level_of_largest_group(defender)


def winter_modifier(
    attacker: Iterable[tuple[int, int]], defender: Iterable[tuple[int, int]], area_winter_level: int | None
) -> int:
    """14.42C: attacker prep - defender prep, each the largest group's level capped at the winter level of the
    defenders' area; 0 when winter effects do not apply there this turn (``area_winter_level=None``; EX-10: a
    Russian 6 counts as 4 in the Balkans)."""
    if area_winter_level is None:
        return 0
    a = min(level_of_largest_group(attacker), area_winter_level)
    d = min(level_of_largest_group(defender), area_winter_level)
    return a - d


HouseCategory = Literal["german", "british", "french_national", "american", "russian", "italian", "minor", "other"]
"""Nationality categories of the house CTL simulation (14.42D). ``minor`` = minor ally or minor associated units;
``other`` = anything the rule does not name (e.g. Free French, Commonwealth) [UNSURE A3R Q11]. British and French
national units count as such after a surrender (14.42D)."""

HOUSE_MAJOR_CATEGORIES: Final[frozenset[HouseCategory]] = frozenset(
    {"german", "british", "french_national", "american", "russian"}
)
"""14.42D "German, British, French national, American, or Russian units"."""

HOUSE_MINOR_CATEGORIES: Final[frozenset[HouseCategory]] = frozenset({"italian", "minor"})
"""14.42D "Italian, minor ally, or minor associated units"."""

HOUSE_EARLY_GERMAN_LAST_TURN: Final[tuple[int, Season]] = (1942, "spring")
"""The German-heavy DRMs apply "through the end of Spring 1942" (14.42D)."""

HOUSE_DRM_ALLIED_VS_GERMAN: Final = -1
HOUSE_DRM_GERMAN_VS_ALLIED: Final = 1
HOUSE_DRM_PARTISAN_VS_MAJOR: Final = -2
HOUSE_DRM_PARTISAN_VS_MINOR: Final = -1
HOUSE_DRM_MAJOR_VS_PARTISAN: Final = 2
HOUSE_DRM_MINOR_VS_PARTISAN: Final = 1
"""The house CTL-simulation DRMs (14.42D; A3R extract 2.2 codes ``CTL_SIM_*``)."""

HOUSE_CATEGORY_OF_NATIONALITY: Final[dict[str, HouseCategory]] = {
    "germany": "german",
    "britain": "british",
    "france": "french_national",
    "vichy": "french_national",
    "usa": "american",
    "russia": "russian",
    "italy": "italian",
    "free_french": "other",
    "commonwealth": "other",
    "partisan": "other",
}
"""Nationalities as the house 14.42D names them. Vichy units count as French national (T-A1); British and French
units stay so after a surrender (14.42D). Free French and Commonwealth units are not named ([UNSURE] A3R Q11:
``other``); every other nationality is a minor country's (``minor``)."""


def house_category(nationality: str) -> HouseCategory:
    """A unit's nationality category for the house 14.42D DRMs (:data:`HOUSE_CATEGORY_OF_NATIONALITY`)."""
    if nationality.startswith("commonwealth"):
        return "other"
    return HOUSE_CATEGORY_OF_NATIONALITY.get(nationality, "minor")


def composition(units: Iterable[tuple[str, int]]) -> dict[HouseCategory, int]:
    """Ground factors by house category, from (nationality, factors) pairs (14.42D)."""
    found: dict[HouseCategory, int] = {}
    for nationality, factors in units:
        category = house_category(nationality)
        found[category] = found.get(category, 0) + factors
    return found


HouseAttritionKind = Literal["conventional", "by_partisans", "against_partisans"]


def _share(composition: Mapping[HouseCategory, int], cats: frozenset[HouseCategory]) -> tuple[int, int]:
    return sum(f for c, f in composition.items() if c in cats), sum(composition.values())


def _at_least_half(part: int, total: int) -> bool:
    return total > 0 and 2 * part >= total


def _more_than_half(part: int, total: int) -> bool:
    return total > 0 and 2 * part > total


def house_ctl_sim_drm(
    kind: HouseAttritionKind,
    *,
    attacker_side: Literal["axis", "allied"],
    attackers: Mapping[HouseCategory, int],
    defenders: Mapping[HouseCategory, int],
    year: int,
    season: Season,
) -> int:
    """The house CTL-simulation DRM (14.42D; T-A1, T-A2). Compositions are ground factors by category; the
    "major" tests use >= 50 %, the "minor" ones > 50 % (so 50/50 gets the major DRM).

    * conventional, through Spring 1942: Allied attrition against a zone >= 50 % German: -1; Axis attrition by
      units >= 50 % German: +1;
    * by partisans against a zone >= 50 % major-power units: -2, > 50 % Italian/minor: -1;
    * against partisans by units >= 50 % major-power units: +2, > 50 % Italian/minor: +1.
    """
    if kind == "conventional":
        if is_before(HOUSE_EARLY_GERMAN_LAST_TURN, (year, season)):
            return 0
        german = frozenset[HouseCategory]({"german"})
        if attacker_side == "allied" and _at_least_half(*_share(defenders, german)):
            return HOUSE_DRM_ALLIED_VS_GERMAN
        if attacker_side == "axis" and _at_least_half(*_share(attackers, german)):
            return HOUSE_DRM_GERMAN_VS_ALLIED
        return 0
    composition = defenders if kind == "by_partisans" else attackers
    major, minor = (
        (HOUSE_DRM_PARTISAN_VS_MAJOR, HOUSE_DRM_PARTISAN_VS_MINOR)
        if kind == "by_partisans"
        else (HOUSE_DRM_MAJOR_VS_PARTISAN, HOUSE_DRM_MINOR_VS_PARTISAN)
    )
    if _at_least_half(*_share(composition, HOUSE_MAJOR_CATEGORIES)):
        return major
    if _more_than_half(*_share(composition, HOUSE_MINOR_CATEGORIES)):
        return minor
    return 0


# ---------------------------------------------------------------------------------------------------------------
# Resolution (14.41-14.44)
# ---------------------------------------------------------------------------------------------------------------


class AttritionOutcome(msgspec.Struct, frozen=True):
    """A resolved attrition: column, the modifier total, the modified roll and row read, and the result applied."""

    column: int
    modifier: int
    modified_roll: int
    row: int
    table_result: AttritionResult
    result: AttritionResult

    @property
    def column_label(self) -> str:
        return ATTRITION_COLUMNS[self.column].label


TWO_C: Final = AttritionResult(2, 0)
ONE_C_ONE_H: Final = AttritionResult(1, 1)
"""14.44: an attacker who obtains 1C/1H may take 2C instead; all other results stand."""


def attrition_result(
    factors: int,
    modified_roll: int,
    *,
    pacific: bool = False,
    take_2c: bool = False,
    variant: AttritionVariant = "awaw",
) -> AttritionResult:
    """The result for ``factors`` attritioning and a modified roll (14.41, 14.43, 14.44; extract 5.6).

    The 2C option is tested on the table cell, before the Pacific halving (extract 5.6 order); ``take_2c`` on any other
    cell changes nothing (the auditor flags it with :func:`attrition_findings`).
    """
    cell = ATTRITION_TABLES[variant][attrition_row(modified_roll)][attrition_column(factors)]
    result = TWO_C if take_2c and cell == ONE_C_ONE_H else cell
    if pacific:
        result = AttritionResult(result.counters, result.hexes // PACIFIC_HEX_DIVISOR)
    return result


def resolve_attrition(
    factors: int,
    die: int,
    *,
    modifiers: Iterable[int] = (),
    pacific: bool = False,
    take_2c: bool = False,
    variant: AttritionVariant = "awaw",
) -> AttritionOutcome:
    """Resolve one attrition: the factor bonus (14.42A) is added here; ``modifiers`` are the others (AWAW CTL
    14.42B, winter 14.42C, house 14.42D), computed with the functions above (DT-10, T-A8, T-A9)."""
    if not 1 <= die <= DIE_FACES:
        raise ValueError(f"an attrition die is 1-6, got {die!r}")
    total = factor_modifier(factors) + sum(modifiers)
    modified = die + total
    row = attrition_row(modified)
    column = attrition_column(factors)
    cell = ATTRITION_TABLES[variant][row][column]
    result = attrition_result(factors, modified, pacific=pacific, take_2c=take_2c, variant=variant)
    return AttritionOutcome(column, total, modified, row, cell, result)


def attrition_findings(
    outcome: AttritionOutcome,
    *,
    recorded_counters: int,
    recorded_hexes: int,
    chose_2c: bool = False,
    pacific: bool = False,
) -> tuple[Breach, ...]:
    """A recorded result against the table: the cell (halved in the Pacific), or 2C for a 1C/1H, nothing else
    (14.41, 14.44; AUD-14-08, C-ATT-7)."""
    out: list[Breach] = []
    if chose_2c and outcome.table_result != ONE_C_ONE_H:
        out.append(Breach("14.44", f"2C taken in place of {outcome.table_result.label} (only 1C/1H may be changed)"))
    expected = outcome.result
    if (recorded_counters, recorded_hexes) != (expected.counters, expected.hexes):
        allowed = {(expected.counters, expected.hexes)}
        if outcome.table_result == ONE_C_ONE_H:
            hexes = 1 // PACIFIC_HEX_DIVISOR if pacific else 1
            allowed |= {(1, hexes), (2, 0)}
        if (recorded_counters, recorded_hexes) not in allowed:
            got = AttritionResult(recorded_counters, recorded_hexes).label
            out.append(Breach("14.41", f"recorded {got}, table gives {expected.label} (row {outcome.row})"))
    return tuple(out)


def attrition_losses_required(counters: int, eligible_units: int) -> int:
    """Counters the defender removes: exactly C, or every eligible unit if fewer (14.51; AUD-14-09)."""
    return min(counters, eligible_units)


# ---------------------------------------------------------------------------------------------------------------
# Russian winter attritions (14.521)
# ---------------------------------------------------------------------------------------------------------------

RussianWinterLimit = Literal["level_difference", "six_minus_axis_prep"]
"""14.521D limit on loss + occupation designations over all Russian winter attritions of a turn: AWAW, "the difference
in winter levels applying to Russia and Germany" (read as the absolute difference); house, 6 - the Axis winter
preparation (A3R extract 6.1)."""

HOUSE_RUSSIAN_WINTER_BASE: Final = 6


def russian_winter_designation_limit(
    *,
    variant: AttritionVariant = "awaw",
    russian_level: int = 0,
    german_level: int = 0,
    axis_preparation: int = 0,
) -> int:
    """Most hexes Russia may designate (losses + occupation) in all its winter attritions of a turn (14.521;
    AUD-14-12, C-ATT-11; T-A11: Axis prep 2 -> 4)."""
    if variant == "a3r_house":
        return max(0, HOUSE_RUSSIAN_WINTER_BASE - axis_preparation)
    return abs(german_level - russian_level)
