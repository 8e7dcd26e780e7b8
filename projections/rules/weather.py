"""Weather (AWAW rule 34) and the A3R house Winter Table (A3R App. K, option ``weather.winter``).

Sources: 31-34 extract 1.20-1.24, 2.7 and 4.5; A3R extract 2.8 and 3.13. Zones are the ``WeatherZone`` literals of
``awaw_events.vocab`` (31-34 extract 5.5): ``russian_winter`` (eastern front east of the printed Nazi-Soviet Pact line,
plus Finland), ``siberia`` (Siberia, Manchuria, Mongolia, Tannu Tuva), ``eastern_poland`` (eastern front west of the
pact line, less Finland), ``western`` (western front), ``mediterranean`` (Mediterranean-front hexes in continental
Europe; not the islands), ``monsoon`` (India, Ceylon, Burma, Thailand, French Indochina), ``clear`` (everywhere else).

Two Winter Tables: ``"awaw"`` (34.41) and ``"a3r_house"`` (A3R App. K, "34.41 with some mods"). Their twelve levels
and gates are the same; the house table has no Pacific rolls (A3R has no Pacific map), other starting preparation
levels, and two extra preparation sources (see :func:`winter_preparation`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.options import WEATHER_WINTER
from awaw_events.vocab import Faction, Power, Season, WeatherType, WeatherZone
from projections.rules.breach import Breach

WinterTable = Literal["awaw", "a3r_house"]
"""Which Winter Table: AWAW 34.41, or the A3R house App. K (option ``weather.winter = awaw_34_41_house``)."""

HOUSE_WINTER: Final = "awaw_34_41_house"
"""The value of option ``weather.winter`` that selects the house Winter Table (A3R App. K; the package value)."""


def winter_table(rule_set: str, options: Mapping[str, str]) -> WinterTable | None:
    """The game's Winter Table: AWAW 34.41 for AWAW games; for A3R games the house App. K table while option
    ``weather.winter`` is ``awaw_34_41_house`` (its package value, the default), else ``None``: the standard A3R
    weather rules (``weather.winter = a3r``), which the extracts do not contain."""
    if rule_set != "a3r":
        return "awaw"
    return "a3r_house" if options.get(WEATHER_WINTER, HOUSE_WINTER) == HOUSE_WINTER else None


Theater = Literal["europe", "pacific"]

DIE_SIDES: Final = 6
""""One die is rolled" (Winter Table); AWAW uses six-sided dice (31-34 extract Q11 default: d6)."""

# ---------------------------------------------------------------------------------------------------------------
# Weather by zone and season (34.1, 34.3; extract 1.20)
# ---------------------------------------------------------------------------------------------------------------

SEASONAL_WEATHER: Final[dict[WeatherZone, dict[Season, WeatherType]]] = {
    "russian_winter": {"spring": "mud", "summer": "clear", "fall": "clear", "winter": "winter"},
    "siberia": {"spring": "mud", "summer": "clear", "fall": "winter", "winter": "winter"},
    "eastern_poland": {"spring": "clear", "summer": "clear", "fall": "clear", "winter": "winter"},
    "western": {"spring": "clear", "summer": "clear", "fall": "clear", "winter": "winter"},
    "mediterranean": {"spring": "clear", "summer": "clear", "fall": "clear", "winter": "winter"},
    "monsoon": {"spring": "clear", "summer": "monsoon", "fall": "clear", "winter": "clear"},
    "clear": {"spring": "clear", "summer": "clear", "fall": "clear", "winter": "clear"},
}
"""Weather type by zone and season (34.21-34.33; extract table 1.20)."""

WEATHER_ZONES: Final[tuple[WeatherZone, ...]] = tuple(zone for zone in SEASONAL_WEATHER if zone != "clear")
"""The weather zones the maps are divided into, in the order 34.21-34.33 takes them (``clear`` is no zone: the
weather of a hex outside them)."""

ZONE_NAMES: Final[dict[WeatherZone, str]] = {
    "russian_winter": "the Russian winter zone",
    "siberia": "Siberia/Manchuria/Mongolia/Tannu Tuva",
    "eastern_poland": "the eastern front west of the pact line",
    "western": "the western front",
    "mediterranean": "the continental Mediterranean front",
    "monsoon": "the monsoon zone",
    "clear": "the clear-weather zone",
}
"""Each zone in the words of 34.2-34.3 (see the module docstring for what each covers)."""

WINTER_ROLL_MODIFIERS: Final[dict[WinterTable, dict[tuple[WeatherZone, Season], int]]] = {
    "awaw": {("russian_winter", "winter"): 5, ("siberia", "winter"): 5, ("siberia", "fall"): 2},
    "a3r_house": {("russian_winter", "winter"): 5},
}
"""Winter Table modifiers: one die + 5 in winter turns in the Russian winter zone; +5 winter and +2 fall in Siberia,
Manchuria, Mongolia and Tannu Tuva (34.41 modifiers, 34.32C-D). The house table has only the Russian roll (App. K)."""

FIXED_WINTER_LEVELS: Final[dict[WeatherZone, int]] = {"eastern_poland": 6, "western": 6, "mediterranean": 4}
"""Automatic winter levels in winter turns (34.32A-B; App. K): 6 west of the pact line, 6 western front, 4 in the
continental Mediterranean front."""

FixedLevelPreparation = Literal["reduced", "not_reduced"]
"""Whether winter preparation reduces the fixed levels (31-34 extract Q12): default ``reduced``, since 34.41 reduces
winter effects "in areas affected by winter"."""


def weather_for(zone: WeatherZone, season: Season) -> WeatherType:
    """The weather type of a zone in a season (34.21-34.33; check W-04)."""
    return SEASONAL_WEATHER[zone][season]


def winter_roll_modifier(zone: WeatherZone, season: Season, *, table: WinterTable = "awaw") -> int | None:
    """The modifier of the winter die roll for a zone and season, or ``None`` when no roll is made (W-01, W-02)."""
    return WINTER_ROLL_MODIFIERS[table].get((zone, season))


def winter_roll_required(zone: WeatherZone, season: Season, *, table: WinterTable = "awaw") -> bool:
    """A winter die is rolled at the start of this game turn for this zone (34.23, 34.32C-D; check W-01)."""
    return winter_roll_modifier(zone, season, table=table) is not None


def _check_die(die: int) -> None:
    if not 1 <= die <= DIE_SIDES:
        raise ValueError(f"a winter die reads 1-{DIE_SIDES}, not {die!r}")


def raw_winter_level(die: int | None, zone: WeatherZone, season: Season, *, table: WinterTable = "awaw") -> int:
    """The zone's winter level before preparation: die + modifier for rolled zones, the fixed level for fixed zones
    in winter, else 0 (34.32, 34.41; checks W-02, W-03). ``die`` must be given exactly when a roll is required."""
    modifier = winter_roll_modifier(zone, season, table=table)
    if modifier is not None:
        if die is None:
            raise ValueError(f"{zone} in {season} needs a winter die")
        _check_die(die)
        return die + modifier
    if die is not None:
        raise ValueError(f"no winter die is rolled for {zone} in {season}")
    if season == "winter":
        return FIXED_WINTER_LEVELS.get(zone, 0)
    return 0


def effective_winter_level(
    raw: int, preparation: int, *, fixed: bool = False, fixed_preparation: FixedLevelPreparation = "reduced"
) -> int:
    """A faction's winter level: ``max(0, raw - preparation)`` (34.41; extract 1.20). Preparation is capped at 6.
    For fixed zones, preparation applies unless ``fixed_preparation="not_reduced"`` (extract Q12)."""
    if raw < 0 or preparation < 0:
        raise ValueError(f"winter levels are not negative: raw {raw!r}, preparation {preparation!r}")
    if fixed and fixed_preparation == "not_reduced":
        return raw
    return max(0, raw - min(preparation, MAX_WINTER_PREPARATION))


def winter_level(
    die: int | None,
    zone: WeatherZone,
    season: Season,
    *,
    preparation: int = 0,
    table: WinterTable = "awaw",
    fixed_preparation: FixedLevelPreparation = "reduced",
) -> int:
    """One faction's effective winter level in a zone this game turn: the raw level (die + modifier, or fixed)
    less that faction's winter preparation, not below 0 (34.32, 34.41; check W-03; TC-13, T-W1)."""
    raw = raw_winter_level(die, zone, season, table=table)
    fixed = season == "winter" and zone in FIXED_WINTER_LEVELS
    return effective_winter_level(raw, preparation, fixed=fixed, fixed_preparation=fixed_preparation)


def winter_roll_findings(
    die: int, zone: WeatherZone, season: Season, recorded_raw: int, *, table: WinterTable = "awaw"
) -> tuple[Breach, ...]:
    """A recorded winter roll: a roll is due, and the recorded level matches die + modifier (checks W-01, W-02)."""
    modifier = winter_roll_modifier(zone, season, table=table)
    if modifier is None:
        return (Breach("34.32", f"no winter roll is made for {zone} in {season}"),)
    _check_die(die)
    if recorded_raw != die + modifier:
        return (Breach("34.41", f"die {die} + {modifier} gives level {die + modifier}, recorded {recorded_raw}"),)
    return ()


# ---------------------------------------------------------------------------------------------------------------
# The Winter Table (34.41, extract 1.21; A3R App. K, extract 2.8)
# ---------------------------------------------------------------------------------------------------------------

MAX_WINTER_LEVEL: Final = 11
"""The highest row of the Winter Table (34.41); a raw level of die 6 + 5 reaches it."""

WINTER_TABLE_TEXT: Final[dict[WinterTable, tuple[str, ...]]] = {
    "awaw": (
        "No effect.",
        "Movement of armor units during exploitation reduced by 1.",
        "Movement of armor units during exploitation reduced by 2.",
        "Movement of armor units during exploitation reduced by 3; overruns and airdrops are prohibited.",
        "Movement of armor units during exploitation reduced by 4.",
        "Movement of armor units during exploitation reduced by 5. Fortifications and railheads may not be "
        "constructed.",
        "Exploitation is prohibited.",
        "CTL reduced by one. Infantry units and replacements -1 DM unless defending in a capital, objective hex, IC, "
        "bridgehead or railhead.",
        "Air Nationality DRM reduced by one.",
        "Ground attacks against non-partisan units and offensive air operations are prohibited. Defensive air "
        "support only in the hex where the air factors are based.",
        "Enemy units spend only one, not two, movement factors to leave the ZoC of armor units (not in the Pacific).",
        "Armor units are treated as infantry units.",
    ),
    "a3r_house": (
        "No effect",
        "Armor exploitation movement -1",
        "Armor exploitation movement -2",
        "Armor exploitation movement -3; overruns and airdrops prohibited",
        "Armor exploitation movement -4",
        "Armor exploitation movement -5; fortifications and railheads may not be built",
        "Exploitation prohibited",
        "CTL reduced by 1 (no CTL in A3R). Infantry and replacements -1 DM ('DRM' in the text) unless defending in a "
        "capital, objective, IC, bridgehead or railhead",
        "Air Nationality DRM -1",
        "Ground attacks against non-partisan units and offensive air operations prohibited. DAS only in the base hex",
        "Enemy units pay 1 (not 2) MF to leave the ZoC of armor units",
        "Armor units are treated as infantry",
    ),
}
"""The Winter Table rows 0-11, each including all lower rows (34.41; App. K). AWAW row 7 holds "CTL reduced by one"
(31-34 extract Q1 default; 31.63B and 15.33G put the infantry DM at 7). The house text's level-7 "DRM" is read as DM
(A3R extract 0.2)."""

EXPLOITATION_CUT_MAX_LEVEL: Final = 5
"""Levels 1-5 cut exploiting armor movement by the level (34.41)."""

OVERRUN_AIRDROP_BAN_LEVEL: Final = 3
"""From level 3: no overruns and no airdrops (34.41)."""

FORT_RAILHEAD_BAN_LEVEL: Final = 5
"""From level 5: fortifications and railheads may not be built (34.41, 32.14C)."""

EXPLOITATION_BAN_LEVEL: Final = 6
"""From level 6: exploitation prohibited (34.41)."""

INFANTRY_DM_LEVEL: Final = 7
"""From level 7: CTL -1; infantry and replacements -1 DM outside capitals, objectives, ICs, bridgeheads, railheads."""

WINTER_INFANTRY_DM: Final = -1
"""The level-7 DM of infantry and replacements (34.41)."""

AIR_DRM_LEVEL: Final = 8
"""From level 8: Air Nationality DRM -1 (34.41)."""

GROUND_ATTACK_BAN_LEVEL: Final = 9
"""From level 9: no ground attacks on non-partisan units, no offensive air; DAS only in the base hex (34.41)."""

ZOC_EXIT_LEVEL: Final = 10
"""From level 10: enemy units pay 1 MF to leave an armor ZoC; not in the Pacific (34.41)."""

ARMOR_AS_INFANTRY_LEVEL: Final = 11
"""At level 11: armor treated as infantry (34.41)."""


class WinterEffects(msgspec.Struct, frozen=True):
    """What a winter level does, cumulatively (34.41; checks W-07, C-WEA-4)."""

    level: int
    exploitation_movement_cut: int
    overruns_and_airdrops_banned: bool
    fortifications_and_railheads_banned: bool
    exploitation_banned: bool
    ctl_reduced: bool
    infantry_dm: int
    air_nationality_drm: int
    ground_attacks_and_offensive_air_banned: bool
    armor_zoc_exit_one_mf: bool
    armor_as_infantry: bool


def exploitation_movement_cut(level: int, theater: Theater = "europe") -> int:
    """Movement cut for exploiting armor at levels 1-5; halved, rounded down, in the Pacific (34.41 notes)."""
    cut = min(max(level, 0), EXPLOITATION_CUT_MAX_LEVEL)
    return cut // 2 if theater == "pacific" else cut


def exploiting_armor_movement(movement: int, level: int, theater: Theater = "europe") -> int:
    """Exploiting armor's movement after the winter cut: always at least one hex (34.41 notes), 0 when exploitation
    is prohibited (level 6+)."""
    if level >= EXPLOITATION_BAN_LEVEL:
        return 0
    return max(1, movement - exploitation_movement_cut(level, theater))


def winter_effects(level: int, theater: Theater = "europe") -> WinterEffects:
    """The cumulative effects of a winter level (34.41; App. K). Level 10 does not apply in the Pacific."""
    if not 0 <= level <= MAX_WINTER_LEVEL:
        raise ValueError(f"winter levels run 0-{MAX_WINTER_LEVEL}, not {level!r}")
    return WinterEffects(
        level=level,
        exploitation_movement_cut=exploitation_movement_cut(level, theater),
        overruns_and_airdrops_banned=level >= OVERRUN_AIRDROP_BAN_LEVEL,
        fortifications_and_railheads_banned=level >= FORT_RAILHEAD_BAN_LEVEL,
        exploitation_banned=level >= EXPLOITATION_BAN_LEVEL,
        ctl_reduced=level >= INFANTRY_DM_LEVEL,
        infantry_dm=WINTER_INFANTRY_DM if level >= INFANTRY_DM_LEVEL else 0,
        air_nationality_drm=-1 if level >= AIR_DRM_LEVEL else 0,
        ground_attacks_and_offensive_air_banned=level >= GROUND_ATTACK_BAN_LEVEL,
        armor_zoc_exit_one_mf=level >= ZOC_EXIT_LEVEL and theater != "pacific",
        armor_as_infantry=level >= ARMOR_AS_INFANTRY_LEVEL,
    )


def winter_attrition_drm(raw_level: int, attacker_preparation: int, defender_preparation: int) -> int:
    """Attrition DRM from winter preparation: +/-1 per level of difference (34.41 notes; App. K), measured on the
    effective levels so a side cannot gain from preparation beyond the area's level (A3R T-W1: raw 9, Russia 6 vs
    Axis 2 -> +4)."""
    defender = effective_winter_level(raw_level, defender_preparation)
    attacker = effective_winter_level(raw_level, attacker_preparation)
    return defender - attacker


# ---------------------------------------------------------------------------------------------------------------
# Axis operations in the Russian winter zone (34.23E; extract 1.22; App. K)
# ---------------------------------------------------------------------------------------------------------------

AXIS_WINTER_OPS_CEILING: Final = 9
"""For every Axis winter level below 9, one operation (Winter Table notes): ``ops = max(0, 9 - L)``."""

COUNTED_AIR_FACTORS: Final = 15
"""Using 15 or more air factors for offensive operations counts as one operation; 14 or fewer count nothing."""

BREAKTHROUGH_EXPLOIT_MAX_LEVEL: Final = 5
"""Exploiting from a breakthrough hex is allowed only at Axis level 5 or less (Winter Table notes)."""


def axis_winter_ops_allowed(level: int) -> int:
    """Axis operations allowed in the Russian winter zone at effective level ``level`` (34.23E; TC-13)."""
    return max(0, AXIS_WINTER_OPS_CEILING - level)


def axis_winter_ops_used(ground_attacks: int, offensive_air_factors: int, breakthrough_exploitations: int) -> int:
    """Operations counted: each non-partisan ground attack 1, air use of 15+ factors 1 (once), each breakthrough
    hex exploited from 1. Overruns and attacks on partisans are free (34.23E)."""
    air = 1 if offensive_air_factors >= COUNTED_AIR_FACTORS else 0
    return ground_attacks + air + breakthrough_exploitations


def axis_winter_ops_findings(
    level: int, ground_attacks: int, offensive_air_factors: int, breakthrough_exploitations: int
) -> tuple[Breach, ...]:
    """The Axis logistic limit in the Russian winter zone (34.23E; checks W-06, C-WEA-3)."""
    found: list[Breach] = []
    used = axis_winter_ops_used(ground_attacks, offensive_air_factors, breakthrough_exploitations)
    allowed = axis_winter_ops_allowed(level)
    if used > allowed:
        found.append(Breach("34.23E", f"{used} Axis operations at winter level {level}; {allowed} allowed"))
    if breakthrough_exploitations and level > BREAKTHROUGH_EXPLOIT_MAX_LEVEL:
        found.append(Breach("34.41", f"exploitation from a breakthrough at winter level {level}"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Mud and monsoon (34.22, 34.24, 34.25; extract 1.23)
# ---------------------------------------------------------------------------------------------------------------

MUD_OFFENSIVE_BRP_LIMIT: Final = 14
"""In mud, at most 14 BRPs of offensive operations, not counting offensives against partisans (34.22)."""

SPRING_LIMITED_OFFENSIVE_BRPS: Final = 14
"""A spring full offensive west of the pact line (or on the Asian front) allows up to 14 BRPs of limited offensives
east of it (or in Siberia etc.) at no extra cost, with no attrition (34.25A-B)."""

BORDER_WAR_PARTIES: Final[frozenset[str]] = frozenset({"russia", "rumania"})
"""Winter effects do not apply to a border war between Russia and Rumania over Bessarabia (34.32C). Choice beside the
rule: the exemption lasts until another war involving Russia or Rumania is declared (then the war is a general one)."""

SPRING_ALLOWANCE_ZONES: Final[dict[str, tuple[WeatherZone, frozenset[WeatherZone | None]]]] = {
    "eastern": ("russian_winter", frozenset({"eastern_poland"})),
    "asian": ("siberia", frozenset({"clear", "monsoon"})),
}
"""34.25A-B by front: where the free limited offensives of a spring full offensive go (east of the pact line; Siberia,
Manchuria, Mongolia and Tannu Tuva) and where that full offensive must be conducted (the eastern front west of the
pact line; the Asian front outside those areas)."""

MONSOON_TERRAIN: Final[frozenset[str]] = frozenset({"swamp", "jungle", "jungle_mountain"})
"""Terrain that monsoon closes to entry and offensives (34.24)."""

MUD_EXEMPT_FACTIONS: Final[frozenset[Faction]] = frozenset({"russia"})
"""Russia may run full offensives, overrun, break through and exploit in mud (34.221)."""


def mud_findings(
    faction: Faction,
    offensive_brps: int,
    *,
    overruns: int = 0,
    exploitations: int = 0,
    breakthroughs_in_mud: int = 0,
) -> tuple[Breach, ...]:
    """Mud limits for a faction's operations in mud (34.22; check W-05). ``offensive_brps`` excludes BRPs spent on
    offensives against partisans. Russia is exempt (34.221)."""
    if faction in MUD_EXEMPT_FACTIONS:
        return ()
    found: list[Breach] = []
    if offensive_brps > MUD_OFFENSIVE_BRP_LIMIT:
        found.append(Breach("34.22", f"{offensive_brps} BRPs of offensives in mud; at most {MUD_OFFENSIVE_BRP_LIMIT}"))
    if overruns:
        found.append(Breach("34.22", "overrun in mud"))
    if exploitations:
        found.append(Breach("34.22", "exploitation in mud"))
    if breakthroughs_in_mud:
        found.append(Breach("34.22", "breakthrough in a mud hex"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Winter preparation (34.4, extract 1.24; A3R App. K)
# ---------------------------------------------------------------------------------------------------------------

OFFENSIVE_AIR_MISSIONS: Final[frozenset[str]] = frozenset({"ground_support", "counterair", "bombing", "escort"})
"""``air_mission_flown`` missions that are offensive air operations: banned from winter level 9 (34.41), counted in
the Axis operations limit (34.23E) and by the house restraint bonus (App. K); and banned by the air oil effect
(33.61A: offensive operations and strategic bombing)."""

WINTER_MOUNTAIN_FRONTS: Final[frozenset[str]] = frozenset({"western", "eastern"})
"""Fronts where winter bars breakthroughs in, and exploitation out of, mountain hexes (34.23B), as do Siberia,
Manchuria, Mongolia and Tannu Tuva; not the continental Mediterranean front."""

AUTOMATIC_INCREASE_ZONES: Final[dict[Faction, WeatherZone]] = {"european_axis": "russian_winter", "japan": "siberia"}
"""Where a ground unit must be for the automatic increase (34.432): the Russian winter zone for the European Axis;
Siberia, Manchuria, Mongolia and Tannu Tuva for Japan."""

MAX_WINTER_PREPARATION: Final = 6
"""No nationality's winter preparation exceeds 6 (34.41; App. K)."""

WINTER_PREPARATION_START: Final[dict[WinterTable, dict[Faction, int]]] = {
    "awaw": {"european_axis": 0, "japan": 2, "western_allies": 0, "russia": 6, "china": 0},
    "a3r_house": {"european_axis": 0, "japan": 0, "western_allies": 0, "russia": 6, "china": 0},
}
"""Starting winter preparation (34.41A-D; App. K "Russia, Finland, Sweden and partisans 6, others 0"). China is
"other" (0)."""

MINOR_WINTER_PREPARATION_START: Final[dict[WinterTable, dict[str, int]]] = {
    "awaw": {"finland": 6, "sweden": 6},
    "a3r_house": {"finland": 6, "sweden": 6, "partisans": 6},
}
"""Minors (and, in the house rules, partisans) that start at 6; other minors start at 0 (34.42; App. K)."""

GERMANY_FIRST_TURN_PREPARATION: Final = 2
"""Germany's level when attacking Austria, Czechoslovakia or Poland in the first turn after its own aggression
(34.41A exception)."""

AUTOMATIC_INCREASE: Final = 2
"""+2 at the end of each qualifying winter game turn (34.432; App. K "two results per previous winter")."""

PRODUCTION_RESULTS_PER_YEAR: Final = 1
"""At most one production-bought preparation result per year; automatic increases do not count (34.431, 34.433)."""

AUTOMATIC_INCREASE_WARS: Final[dict[Faction, Power]] = {"european_axis": "germany", "japan": "japan"}
"""Who gains the automatic +2 at the end of a winter game turn at war with Russia (34.432), and the power whose war
with Russia counts."""

PREPARATION_PRODUCERS: Final[frozenset[Faction]] = frozenset({"european_axis", "japan", "western_allies"})
"""Factions that may raise preparation by production; Russia may not (34.431, 42.24H). The house rules open the
research project to the Axis and the WA (App. K)."""

PRODUCTION_CAUSES: Final[frozenset[str]] = frozenset({"research", "produced", "triggered"})
"""Causes (``winter_preparation_changed.cause``) of a one-level increase bought by production (34.431, 34.434B):
each result is one level (31-34 extract TC-07)."""

COUNTED_PRODUCTION_CAUSES: Final[frozenset[str]] = frozenset({"research", "produced"})
"""Causes counted against the one-result-per-year limit (34.433): triggering a result held back is not a new one."""

WA_HOUSE_WINTER_FROM_YEAR: Final = 1942
"""House rule: the WA gain +1 preparation each winter from Winter 1942 (App. K; A3R extract Q15: that winter too)."""


def axis_fall_restraint_bonus(*, exploited_in_fall: bool, offensive_air_in_fall: bool) -> int:
    """House rule: +1 Axis preparation for the ensuing winter turn if the Axis did not exploit in the Russian winter
    zone in the Fall turn, +1 if they flew no offensive air there (App. K; A3R extract Q14: that winter only)."""
    return (0 if exploited_in_fall else 1) + (0 if offensive_air_in_fall else 1)


HOUSE_AXIS_MAX_RESTRAINT: Final = axis_fall_restraint_bonus(exploited_in_fall=False, offensive_air_in_fall=False)
"""The largest house Axis restraint bonus: +1 for no exploitation, +1 for no offensive air (App. K)."""


def winter_preparation(
    faction: Faction,
    *,
    table: WinterTable = "awaw",
    produced_results: int = 0,
    qualifying_winters: int = 0,
    winter_year: int | None = None,
    fall_restraint_bonus: int = 0,
    germany_first_turn_exception: bool = False,
) -> int:
    """A faction's winter preparation level in a winter turn (34.41-34.434; App. K; checks W-12, C-WEA-2).

    ``produced_results``: production/research results triggered and announced so far (34.434B).
    ``qualifying_winters``: earlier winter game turns at war with Russia with a ground unit in the zone (34.432).
    ``winter_year``: the year of this winter turn, for the house WA +1 per winter from 1942.
    ``fall_restraint_bonus``: the house Axis bonus for this winter (:func:`axis_fall_restraint_bonus`).
    """
    if min(produced_results, qualifying_winters, fall_restraint_bonus) < 0:
        raise ValueError("winter preparation inputs must not be negative")
    level = WINTER_PREPARATION_START[table][faction]
    if germany_first_turn_exception and faction == "european_axis" and table == "awaw":
        level = max(level, GERMANY_FIRST_TURN_PREPARATION)
    if faction in PREPARATION_PRODUCERS:
        level += produced_results
    if faction in AUTOMATIC_INCREASE_WARS:
        level += AUTOMATIC_INCREASE * qualifying_winters
    if table == "a3r_house":
        if faction == "western_allies" and winter_year is not None:
            level += max(0, winter_year - WA_HOUSE_WINTER_FROM_YEAR + 1)
        if faction == "european_axis":
            level += fall_restraint_bonus
    return min(level, MAX_WINTER_PREPARATION)


def minor_winter_preparation(minor: str, faction_level: int, *, table: WinterTable = "awaw") -> int:
    """A minor's level: its own start (0; Finland and Sweden 6) plus its controlling faction's level, at most 6
    (34.42)."""
    base = MINOR_WINTER_PREPARATION_START[table].get(minor, 0)
    return min(MAX_WINTER_PREPARATION, base + faction_level)


def preparation_production_findings(faction: Faction, results_by_year: Mapping[int, int]) -> tuple[Breach, ...]:
    """Produced preparation: never by Russia, at most one result per year (34.431, 34.433; check W-13)."""
    found: list[Breach] = []
    for year, n in sorted(results_by_year.items()):
        if n and faction not in PREPARATION_PRODUCERS:
            found.append(Breach("34.431", f"{faction} may not produce winter preparation ({year})"))
        elif n > PRODUCTION_RESULTS_PER_YEAR:
            found.append(Breach("34.433", f"{n} winter preparation results produced in {year}; at most 1"))
    return tuple(found)


FROZEN_SWAMP_FRONTS: Final[frozenset[str]] = frozenset({"eastern"})
"""34.23C: "all eastern front swamp hexes are frozen in winter turns. Frozen swamp hexes are treated as clear hexes
for all purposes"."""


def winter_terrain(terrain: str | None, *, season: str, front: str | None) -> str | None:
    """The terrain a hex counts as this season (34.23C): an eastern-front swamp is clear in a winter turn; None
    (unknown) for a winter swamp whose front the map data does not give."""
    if terrain != "swamp" or season != "winter":
        return terrain
    if front is None:
        return None
    return "clear" if front in FROZEN_SWAMP_FRONTS else terrain
