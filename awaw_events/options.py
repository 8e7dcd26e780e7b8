"""House-rule options a game records in its ``game_created`` event (A3R extract section 1.2, "Best of AWAW" 2007).

Every option has the value ``a3r`` (or ``off``/``none``), meaning the standard A3R rule, and the values the house
package suggests; the default here is the package's (bold) value. An A3R game records **every** option, defaults
included, so that an audit never guesses (A3R extract 1.1). Options marked optional in the package are recorded
all the same.

Choices made here where the extract gives no default:
* ``air.combat``: the package lists AWAW air combat as optional; default ``a3r`` (the extract's bold value).
* ``econ.deficit_spending``: needs mutual consent; default ``none`` (the A3R rule).
* ``diplo.russian_unpreparedness``: the extract says "No default. Record it"; we default to ``a3r`` (the base game's
  rule) and record it explicitly like every other option.
* ``map.pacific_grid``: the orientation of the Pacific map's hex grid, which no rule text states (10-16 extract
  1.15 marks it [UNSURE]): ``as_european`` (the extract's default: the neighbours of the European map) or
  ``mirrored`` (rows offset the other way). Both readings are written out in :mod:`projections.rules.geometry`.
* ``supply.designation_timing`` (30.212), ``diplo.german_garrison_levels`` (A3R App. E) and
  ``france.fsl_fleet_rounding`` (A3R 58.21C): readings the extracts mark [UNSURE], each written out beside its rule
  (:mod:`projections.rules.supply`, :mod:`projections.rules.tensions`, :mod:`projections.rules.france`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple, get_args

from awaw_events.errors import InputError
from awaw_events.events.game import RollPurpose


class Option(NamedTuple):
    """One house-rule option: its values, the default, and the rule it comes from."""

    values: tuple[str, ...]
    default: str
    rule: str


# The names of the options the naval, oil and weather rules read (one spelling, used as keys below and by readers).
NAVAL_ADVANCE_TO_LAUNCH: Final = "naval.advance_to_launch"
OIL_PARTIAL_IN_CAP: Final = "oil.partial_in_cap"
OIL_DAMAGED_PLANT: Final = "oil.damaged_plant"
OIL_PLANT_SELF_REPAIR: Final = "oil.plant_self_repair"
WEATHER_FIXED_PREPARATION: Final = "weather.fixed_preparation"
WEATHER_WINTER: Final = "weather.winter"


A3R_OPTIONS: Final[dict[str, Option]] = {
    "naval.strait_restrictions": Option(("a3r", "awaw_21_211_c_g"), "awaw_21_211_c_g", "App. A 21.211; 28.514"),
    "map.beach_hexes": Option(("a3r", "awaw_eto"), "awaw_eto", "intro"),
    "econ.brp_prorating": Option(("a3r", "awaw_35_7"), "awaw_35_7", "App. B 35.7"),
    "econ.deficit_spending": Option(("none", "option1_grant_matched", "option2_base_reduction"), "none", "intro"),
    "econ.deficit_limits_scope": Option(("both_options", "option2_only"), "both_options", "intro"),
    "econ.deficit_base_reduction": Option(("one_for_one", "growth_rate_at_yss"), "one_for_one", "intro"),
    "sop.variant": Option(("a3r", "best_of_awaw"), "best_of_awaw", "intro"),
    "combat.attrition": Option(("a3r", "awaw_14_house"), "awaw_14_house", "App. C"),
    "combat.crt": Option(("a3r", "awaw_15_house"), "awaw_15_house", "App. C-1"),
    "air.combat": Option(("a3r", "awaw_17_19_house"), "a3r", "App. C-2"),
    "air.airdrop": Option(("a3r", "awaw_style"), "awaw_style", "intro (AWAW 10.55C-D)"),
    "ops.offensives": Option(("a3r", "awaw_9_6"), "awaw_9_6", "App. D"),
    "units.replacements": Option(("a3r", "awaw_style"), "awaw_style", "intro"),
    "units.partisans": Option(("a3r", "house"), "house", "intro; 14.13-14.17"),
    "units.air_naval_uninversion": Option(("a3r", "awaw_33_7_mod"), "awaw_33_7_mod", "intro (mod. AWAW 33.7)"),
    "econ.same_turn_rebuild": Option(("a3r", "double_cost"), "double_cost", "intro"),
    "diplo.rgt": Option(("a3r", "awaw_modified"), "awaw_modified", "App. E"),
    "diplo.rgt_russian_garrison": Option(("off", "on"), "off", "App. E"),
    "diplo.russian_unpreparedness": Option(("a3r", "approach1", "approach2_experimental"), "a3r", "App. E"),
    "diplo.rgt_excess_garrison_modifier": Option(("off", "on"), "off", "App. E"),
    "diplo.usat_changes": Option(("a3r", "on"), "on", "intro"),
    "redeploy.rules": Option(("a3r", "awaw_28_mod"), "awaw_28_mod", "App. F"),
    "redeploy.railheads": Option(("off", "on"), "off", "28.65"),
    "redeploy.russia_wa_sr_ground": Option(("a3r", "on"), "on", "28.7"),
    "terrain.rough": Option(("a3r", "awaw"), "awaw", "intro"),
    "move.min_one_hex": Option(("a3r", "on"), "on", "intro"),
    "terrain.chott_el_jerid_winter": Option(("off", "on"), "on", "intro"),
    "forts.effects": Option(("a3r", "awaw_32_2_mod"), "awaw_32_2_mod", "App. G"),
    "supply.ic_supply": Option(("a3r", "awaw_37_7_mod"), "awaw_37_7_mod", "App. H"),
    "supply.sources": Option(("a3r", "awaw_30_2_mod"), "awaw_30_2_mod", "App. I"),
    "econ.northern_grant_routes": Option(("a3r", "murmansk_archangel"), "murmansk_archangel", "intro"),
    "france.surrender": Option(("a3r", "awaw_58_house"), "a3r", "App. J"),
    "france.vichy_interactions": Option(("off", "on"), "off", "58.7"),
    WEATHER_WINTER: Option(("a3r", "awaw_34_41_house"), "awaw_34_41_house", "App. K"),
    "sw.murmansk_box": Option(("a3r", "best_of_awaw"), "best_of_awaw", "App. L"),
    "econ.naval_raiding_cost": Option(("off", "one_brp_per_3ff"), "off", "intro"),
}
"""The options of A3R extract table 1.2, by id."""

FORTS_OPTION: Final = "forts.effects"
"""A3R option: fortification effects and construction (App. G)."""

HOUSE_FORTS: Final = "awaw_32_2_mod"
"""The package value of ``forts.effects``: the house App. G (modified AWAW 32.2) instead of the A3R rulebook."""

AWAW_OPTIONS: Final[dict[str, Option]] = {
    "econ.deficit_spending": A3R_OPTIONS["econ.deficit_spending"],
    "econ.deficit_limits_scope": A3R_OPTIONS["econ.deficit_limits_scope"],
    "econ.deficit_base_reduction": A3R_OPTIONS["econ.deficit_base_reduction"],
}
"""Options an AWAW (standard rules) game may record: deficit spending is a house rule players may adopt."""


INTERPRETATION_OPTIONS: Final[dict[str, Option]] = {
    "combat.fort_conversion": Option(("mandatory", "defender_option"), "mandatory", "15.55"),
    "combat.d_base": Option(
        ("ground_face", "ground_and_das_face"), "ground_face", "15.61 (house: ground_and_das_face)"
    ),
    "combat.mixed_rounds": Option(("all_must_qualify", "qualifying_units_continue"), "all_must_qualify", "A3R 15.71"),
    "combat.crt_above_6": Option(("read_as_6", "unconfirmed"), "read_as_6", "15.6, 15.75 (10-16 extract 1.7, Q1)"),
    "combat.exploit_order": Option(("halve_then_terrain", "terrain_then_halve"), "halve_then_terrain", "16.31D"),
    "combat.joint_attacks": Option(("faction", "side"), "faction", "15.551, 15.46"),
    "econ.prorate_negative_rounding": Option(("toward_zero", "floor"), "toward_zero", "A3R 35.7"),
    "econ.limit_counts_repairs": Option(("counted", "excluded"), "counted", "27.31"),
    NAVAL_ADVANCE_TO_LAUNCH: Option(("launch_at_once", "stay_on_launch_row"), "launch_at_once", "27.7272D"),
    OIL_PARTIAL_IN_CAP: Option(("excluded", "counted"), "excluded", "33.422, 33.83"),
    OIL_DAMAGED_PLANT: Option(
        ("less_a_fifth_per_marker", "undamaged_only"), "less_a_fifth_per_marker", "33.32A, 33.4422 (31-34 Q3)"
    ),
    OIL_PLANT_SELF_REPAIR: Option(("separate", "counted"), "separate", "33.331, 26.72B (31-34 Q4)"),
    WEATHER_FIXED_PREPARATION: Option(("reduced", "not_reduced"), "reduced", "34.32, 34.41 (31-34 Q12)"),
    "map.pacific_grid": Option(("as_european", "mirrored"), "as_european", "10-16 extract 1.15 [UNSURE]"),
    "bridgeheads.overrun": Option(("as_river", "not_superfluous"), "as_river", "31.41C, 31.64 (31-34 extract B-10)"),
    "supply.designation_timing": Option(("next_turn", "off_at_once"), "next_turn", "30.212 [UNSURE]"),
    "diplo.german_garrison_levels": Option(("thresholds", "exact"), "thresholds", "A3R App. E [UNSURE]"),
    "france.fsl_fleet_rounding": Option(("down", "up"), "down", "A3R 58.21C [UNSURE]"),
}
"""Readings of ambiguous rule texts that players may choose, for either rule set (each module that reads one
documents both readings next to its rule). Not filled in by default: a game that does not name one uses the
reading the extracts propose, which is the default shown here."""


TABLE_OPTIONS: Final[dict[str, Option]] = {
    "dice.physical": Option(("never", "any", *get_args(RollPurpose)), "never", "README: Trust"),
    "history.phaseless": Option(("season_start", "season_end"), "season_start", "README: Replaying historical games"),
}
"""How the table plays, for either rule set: ``dice.physical`` says where a game that rolls committed dice accepts
a roll typed in from real dice (``never``; ``any``; or one purpose, such as ``weather``); ``history.phaseless`` where
an event dated only by its season stands in it (:data:`PHASELESS`). Not rules of the game."""

PHASELESS: Final = "history.phaseless"
"""Where an event that names no player turn and no phase (a fact dated only by its season) stands: ``season_start``
(the rest of its season may follow it) or ``season_end`` (only the next season may). See
:mod:`awaw_events.ordering`."""

PHASELESS_AT_END: Final = "season_end"


# The names of the options the rules read, spelled once (their values are declared in the tables above).
DEFICIT_SPENDING: Final = "econ.deficit_spending"
DEFICIT_LIMITS_SCOPE: Final = "econ.deficit_limits_scope"
DEFICIT_BASE_REDUCTION: Final = "econ.deficit_base_reduction"
BRP_PRORATING: Final = "econ.brp_prorating"
PRORATE_NEGATIVE_ROUNDING: Final = "econ.prorate_negative_rounding"
LIMIT_COUNTS_REPAIRS: Final = "econ.limit_counts_repairs"
SAME_TURN_REBUILD: Final = "econ.same_turn_rebuild"
RAILHEADS: Final = "redeploy.railheads"


def defaults(rules: str) -> dict[str, str]:
    """The options a game of this rule set has when it names none (A3R: the package values of table 1.2)."""
    return {name: option.default for name, option in A3R_OPTIONS.items()} if rules == "a3r" else {}


def resolve_options(rules: str, given: Mapping[str, str]) -> dict[str, str]:
    """The full option set a new game records: the given values checked, and (for A3R) every default filled in.

    Raises :class:`InputError` naming an unknown option or value.
    """
    table = (A3R_OPTIONS if rules == "a3r" else AWAW_OPTIONS) | INTERPRETATION_OPTIONS | TABLE_OPTIONS
    for name, value in given.items():
        if name not in table:
            raise InputError(
                f"unknown option {name!r} for {rules} games; known: {', '.join(sorted(table))}", field=name
            )
        if value not in table[name].values:
            raise InputError(f"option {name!r} takes one of {', '.join(table[name].values)}, not {value!r}", field=name)
    resolved = defaults(rules) | dict(given)
    for name, problem in inconsistencies(resolved):
        raise InputError(problem, field=name)
    return resolved


def inconsistencies(options: Mapping[str, str]) -> list[tuple[str, str]]:
    """Options that contradict each other (A3R extract 1.2 "Dependencies", check C-OPT-3): (the option, why)."""
    found: list[tuple[str, str]] = []
    if options.get("diplo.russian_unpreparedness") == "approach1" and options.get("diplo.rgt_russian_garrison") == "on":
        found.append(
            (
                "diplo.rgt_russian_garrison",
                "diplo.rgt_russian_garrison must be 'off' with diplo.russian_unpreparedness=approach1 (A3R App. E)",
            )
        )
    if options.get("france.vichy_interactions") == "on" and options.get("france.surrender", "a3r") != "awaw_58_house":
        found.append(
            (
                "france.vichy_interactions",
                "france.vichy_interactions needs france.surrender=awaw_58_house (A3R 58.7 is part of App. J)",
            )
        )
    return found
