"""Fortifications, beach defenses and island groups (AWAW rule 32), and the A3R house variant (A3R App. G).

Sources: 31-34 extract 1.16-1.18, 2.2 and 4.6; A3R extract 2.9, 3.10, 6.4 and 7.4 (option ``forts.effects``:
``awaw_32_2_mod`` = the house App. G, here ``variant="a3r_house"``).

The two variants differ (A3R extract 6.4): the house rules keep the four basic DMs (+1 fortification, +2 fortress,
+2 Maginot, +1 West Wall), drop the 1:1 minimum and the mandatory Ex, use a simple siege decrement that goes on into
the hex's other DMs, and let Germany build 5-BRP forts by research. AWAW adds Sevastopol, Singapore, beach defenses,
island groups, the 1:1 minimum, the mandatory Ex-1/2/3, the Russian-IC siege delay and the submarine DRM.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Final, Literal

import msgspec

from awaw_events.options import HOUSE_FORTS
from awaw_events.vocab import Faction, Phase, Power
from projections.rules.breach import Breach
from projections.rules.weather import FORT_RAILHEAD_BAN_LEVEL

FortVariant = Literal["awaw", "a3r_house"]
"""AWAW 32.2, or the A3R house App. G (option ``forts.effects = awaw_32_2_mod``)."""


def fort_variant(rules: str, forts_effects: str) -> FortVariant | None:
    """The fortification rules a game plays: AWAW games rule 32 (``awaw``); A3R games the house App. G
    (``a3r_house``) when ``forts.effects = awaw_32_2_mod`` (the package value), else the standard A3R rulebook,
    which the extracts do not contain (``None``: not checked)."""
    if rules != "a3r":
        return "awaw"
    return "a3r_house" if forts_effects == HOUSE_FORTS else None


# ---------------------------------------------------------------------------------------------------------------
# Costs and construction limits (32.1, 32.5, 32.6; extract 1.16)
# ---------------------------------------------------------------------------------------------------------------

FortBuildKind = Literal["fortification", "beach_defenses", "island_group"]
"""The three builds that share the one-per-turn slot (32.14D, 32.53, 32.63)."""

FORT_BUILDERS: Final[frozenset[Power]] = frozenset({"germany", "japan", "russia", "britain", "usa"})
"""Only Germany, Japan, Russia, Britain and the U.S. build fortifications; never Italy, France, China or minors
(32.11; check F-01)."""

FORT_BUILD_PHASE: Final[Phase] = "unit_construction"
"""Fortifications are built in the unit construction phase (32.11; check F-02)."""

FORT_BRP_COST: Final = 5
"""Each fortification, pair of beach defenses or island-group fortification costs 5 BRPs (32.12, 32.53, 32.61)."""

FORT_RP_COST: Final = 1
"""... and 1 RP; Japan pays no RP (32.12)."""

FORT_RP_EXEMPT: Final[frozenset[Power]] = frozenset({"japan"})
"""Powers that pay no RP for fortifications (32.12)."""

BEACH_DEFENSE_COUNTERS_PER_BUILD: Final = 2
"""One beach-defense build places two counters (32.53)."""

MAX_BEACH_DEFENSES_PER_HEX: Final = 1
"""At most one beach defense per hex (32.54)."""

FORT_BUILDS_PER_FACTION_PER_TURN: Final = 1
"""Per alliance faction per turn, one of: a fortification, a pair of beach defenses, an island group (32.14D, 32.53,
32.63; 31-34 extract Q14: per game turn)."""

WA_PACIFIC_FORT_USJT: Final = 40
"""The WA may fortify in the Pacific from the turn after Japan declares war on Britain, or at USJT 40 (32.14H)."""

BUILD_KIND: Final[dict[str, FortBuildKind]] = {
    "fortification": "fortification",
    "fortress": "fortification",
    "maginot": "fortification",
    "west_wall": "fortification",
    "beach_defense": "beach_defenses",
    "island_group": "island_group",
}
"""A recorded ``fortification_built.kind`` as one of the three builds sharing the one-per-turn slot (32.14D, 32.53,
32.63). Ports (27.11F) are not fortifications and have no entry."""

FORT_COUNTER_KINDS: Final[frozenset[str]] = frozenset({"fortification", "fortress", "maginot", "west_wall"})
"""Counters that make a hex "already fortified" (32.14A)."""

ADDED_COUNTER_KINDS: Final[frozenset[str]] = frozenset({"beach_defense", "island_group"})
"""Counters a fortified hex may receive in a later turn, kept beside its fortification (32.56, 32.66)."""

SIEGE_KINDS: Final[frozenset[str]] = frozenset({"fortification", "fortress", "maginot", "west_wall"})
"""Counters a siege weakens: fortifications and fortresses (32.241)."""

DIRECTIONAL_KINDS: Final[frozenset[str]] = frozenset({"maginot", "west_wall", "sevastopol"})
"""Fortifications that face some hexsides only: the Maginot Line, the West Wall and Sevastopol (32.43-32.44)."""

LAND_ATTACKER_ROLES: Final[frozenset[str]] = frozenset({"land", "reserve_armor", "shock_army", "marine"})
"""Attacker roles that attack across a hexside by land, the ones a directional fortification's facing concerns
(32.43-32.44; seaborne and airdropped attackers are not)."""

NATIONALITY_RULES: Final[tuple[str, ...]] = ("32.14E", "32.14F", "32.14G", "32.14H")
"""The nationality restrictions among :func:`fort_build_findings` (European Axis builds by Germany, WA builds in
British or U.S. hexes, the U.S. only where at war, WA Pacific builds only after Japan's war on Britain or at USJT
40; checks F-11..F-13)."""


class FortCost(msgspec.Struct, frozen=True):
    """BRPs and RPs of one build."""

    brps: int
    rps: int


def fort_cost(power: Power, kind: FortBuildKind = "fortification") -> FortCost:
    """Cost of one build: 5 BRPs + 1 RP, Japan 0 RP (32.12, 32.51, 32.53, 32.61; TC-18, check F-03)."""
    del kind  # the three kinds cost the same (32.51, 32.61)
    return FortCost(FORT_BRP_COST, 0 if power in FORT_RP_EXEMPT else FORT_RP_COST)


def island_group_payer(*, usa_at_war_with_japan: bool, group_occupied_by_usa: bool = False) -> Power:
    """Who pays for a WA island-group fortification: the U.S., or Britain while Japan has attacked only Britain and
    the U.S. is not at war, except for groups the U.S. occupies (32.61; check F-04)."""
    return "usa" if usa_at_war_with_japan or group_occupied_by_usa else "britain"


class FortBuild(msgspec.Struct, frozen=True):
    """The recorded facts of one fortification build, for :func:`fort_build_findings`."""

    power: Power
    faction: Faction
    kind: FortBuildKind
    phase: Phase
    brps_paid: int
    rps_paid: int
    builds_this_turn_before: int = 0
    winter_level: int = 0
    hex_country: str | None = None
    hex_controller: Power | None = None
    italy_surrendered: bool = False
    theater: Literal["europe", "pacific"] = "europe"
    usa_at_war_in_theater: bool = False
    japan_war_on_britain_before_this_turn: bool = False
    usjt: int = 0
    hex_already_fortified: bool = False
    west_wall_hex: bool = False
    beach_defenses_in_hex: int = 0
    one_hex_island: bool = False


ITALIAN_TERRITORY: Final[frozenset[str]] = frozenset({"italy", "sicily", "sardinia"})
"""Germany may not fortify Italy, Sicily or Sardinia before Italy surrenders (32.14E)."""


def fort_build_findings(build: FortBuild) -> tuple[Breach, ...]:
    """Mechanical checks on one fortification, beach-defense or island-group build (32.11-32.15, 32.52-32.54,
    32.61-32.63; checks F-01..F-04, F-07, F-09..F-14). Terrain, supply and ZoC checks need the map."""
    b = build
    found: list[Breach] = []
    if b.power not in FORT_BUILDERS:
        found.append(Breach("32.11", f"{b.power} may not build fortifications"))
    if b.phase != FORT_BUILD_PHASE:
        found.append(Breach("32.11", f"fortification built in the {b.phase} phase"))
    cost = fort_cost(b.power, b.kind)
    if (b.brps_paid, b.rps_paid) != (cost.brps, cost.rps):
        found.append(
            Breach("32.12", f"paid {b.brps_paid} BRPs + {b.rps_paid} RP; the cost is {cost.brps} + {cost.rps}")
        )
    if b.builds_this_turn_before >= FORT_BUILDS_PER_FACTION_PER_TURN:
        found.append(Breach("32.14D", f"second fortification-type build by {b.faction} this turn"))
    if b.winter_level >= FORT_RAILHEAD_BAN_LEVEL:
        found.append(Breach("32.14C", f"build under winter level {b.winter_level} (5 or worse)"))
    if b.kind == "fortification" and b.hex_already_fortified and not b.west_wall_hex:
        found.append(Breach("32.14A", "the hex already holds a fortification or fortress"))
    if b.kind == "beach_defenses":
        if b.beach_defenses_in_hex >= MAX_BEACH_DEFENSES_PER_HEX:
            found.append(Breach("32.54", "the hex already holds a beach defense"))
        if b.one_hex_island:
            found.append(Breach("32.52", "beach defenses on a one-hex island"))
    if b.faction == "european_axis":
        if b.power != "germany":
            found.append(Breach("32.14E", "European Axis fortifications must be built by Germany"))
        if b.hex_country in ITALIAN_TERRITORY and not b.italy_surrendered:
            found.append(Breach("32.14E", f"German fortification in {b.hex_country} before Italy surrendered"))
    if b.faction == "western_allies":
        if b.hex_controller is not None and b.hex_controller not in ("britain", "usa"):
            found.append(Breach("32.14F", f"WA fortification in a hex controlled by {b.hex_controller}"))
        if b.power == "usa" and not b.usa_at_war_in_theater:
            found.append(Breach("32.14G", "the U.S. builds only in a theater where it is at war"))
        if b.theater == "pacific" and not (b.japan_war_on_britain_before_this_turn or b.usjt >= WA_PACIFIC_FORT_USJT):
            found.append(Breach("32.14H", "WA Pacific fortification before Japan's war on Britain or USJT 40"))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------
# Effects: DMs by feature (32.2, 32.5, 32.6; extract 1.17; A3R App. G, extract 2.9)
# ---------------------------------------------------------------------------------------------------------------

FortFeature = Literal[
    "omni_fortification",
    "omni_fortress",
    "maginot",
    "west_wall",
    "sevastopol",
    "singapore",
    "beach_defense",
    "island_group",
]
"""Fortification features a hex may hold. Directional features (Maginot, West Wall, Sevastopol) help only against
attacks from the hexes they face; a West Wall hex that is fortified becomes an omnidirectional fortress (32.15)."""

AttackKind = Literal["land", "seaborne", "airdrop"]


class FeatureDm(msgspec.Struct, frozen=True):
    """A feature's DM, the attacks it applies to, and whether it is directional (lost to any attack from the rear)."""

    dm: int
    attacks: frozenset[AttackKind]
    directional: bool
    rule: str


_ALL: Final[frozenset[AttackKind]] = frozenset({"land", "seaborne", "airdrop"})
_FRONTAL: Final[frozenset[AttackKind]] = frozenset({"land", "airdrop"})
_SEA: Final[frozenset[AttackKind]] = frozenset({"seaborne"})

FORT_DMS: Final[dict[FortVariant, dict[FortFeature, FeatureDm]]] = {
    "awaw": {
        "omni_fortification": FeatureDm(1, _ALL, False, "32.21B"),
        "omni_fortress": FeatureDm(2, _ALL, False, "32.21B"),
        "maginot": FeatureDm(2, _FRONTAL, True, "32.21B"),
        "west_wall": FeatureDm(1, _FRONTAL, True, "32.21B"),
        "sevastopol": FeatureDm(2, _FRONTAL, True, "32.21B (against Axis attacks)"),
        "singapore": FeatureDm(2, _SEA, False, "32.21B"),
        "beach_defense": FeatureDm(1, _SEA, False, "32.55"),
        "island_group": FeatureDm(1, _SEA, False, "32.65"),
    },
    "a3r_house": {
        "omni_fortification": FeatureDm(1, _ALL, False, "App. G 32.21A"),
        "omni_fortress": FeatureDm(2, _ALL, False, "App. G 32.21B"),
        "maginot": FeatureDm(2, _FRONTAL, True, "App. G 32.21C"),
        "west_wall": FeatureDm(1, _FRONTAL, True, "App. G 32.21D"),
    },
}
"""Defense modifiers of fortification features (AWAW 32.21B, 32.55, 32.65; A3R App. G 32.21A-D; extract tables
1.17 and 2.9). Features in one hex add up: beach defense + fortification = +2 against seaborne invasion and +1
otherwise (32.56); island group + fortification = +2 against seaborne invasion (32.66). A house West Wall hex with an
omnidirectional fortification (research 7-8) is recorded as ``omni_fortification`` alone (it replaces the West Wall)."""


def fort_dm(
    features: Collection[FortFeature],
    attack: AttackKind,
    *,
    from_rear: bool = False,
    beach_also_attacked_from_land: bool = False,
    variant: FortVariant = "awaw",
) -> int:
    """The hex's fortification DM against one attack, before any siege reduction (32.21B, 32.55, 32.56, 32.65,
    32.66; App. G; check F-17, C-FRT-1).

    ``from_rear``: some enemy unit attacks from the rear, so directional features give nothing (32.21B).
    ``beach_also_attacked_from_land``: beach defenses are lost if the defenders are also attacked from an adjacent
    land hex (32.55); an airdrop alone does not cancel them.
    """
    table = FORT_DMS[variant]
    total = 0
    for feature in features:
        if feature not in table:
            raise ValueError(f"{feature!r} is not a fortification feature in the {variant} rules")
        entry = table[feature]
        if attack not in entry.attacks or (entry.directional and from_rear):
            continue
        if feature in ("beach_defense", "singapore") and beach_also_attacked_from_land:
            continue  # 32.55; Singapore "defends normally if any enemy units attack by land or airdrop" (32.21B)
        total += entry.dm
    return total


# ---------------------------------------------------------------------------------------------------------------
# What a hex holds, and the DM a defender there should claim (checks F-17, F-20, C-FRT-1, C-FRT-2)
# ---------------------------------------------------------------------------------------------------------------

SIEGE_FEATURES: Final[frozenset[FortFeature]] = frozenset(
    {"omni_fortification", "omni_fortress", "maginot", "west_wall", "sevastopol", "singapore"}
)
"""Features whose positive DM a siege reduces: fortifications and fortresses, not beach defenses or island groups
(32.241; App. G 32.242)."""

FORT_DM_CODES: Final[frozenset[str]] = frozenset(
    {"fortification", "fortress", "beach_defense", "maginot", "west_wall", "island_group", "siege"}
)
"""DM items of a defender (``attack_declared.defenders[].dms``, codes as :mod:`projections.rules.combat` spells them)
that make up its fortification DM: the fortification features and the siege reduction (15.32E-G, 15.33D, 32.2;
App. G). Their recorded values add up to the fortification part of the defender's DM."""

WEST_WALL_RIVER_CODES: Final[frozenset[str]] = frozenset({"west_wall_river_fort_split", "west_wall_river_fort_same"})
"""15.321 items that stand for a West Wall fortification and a river together (the river part needs the map)."""

DeclaredFort = Literal["fortification", "fortress", "maginot", "west_wall", "beach_defense"]

_DECLARED: Final[dict[FortFeature, DeclaredFort]] = {
    "omni_fortress": "fortress",
    "sevastopol": "fortress",
    "singapore": "fortress",
    "maginot": "maginot",
    "omni_fortification": "fortification",
    "west_wall": "west_wall",
    "beach_defense": "beach_defense",
}


def hex_features(
    kind: str,
    *,
    beach_defense: bool = False,
    island_group: bool = False,
    directional: bool = False,
    west_wall_hex: bool = False,
    singapore: bool = False,
    variant: FortVariant = "awaw",
) -> tuple[FortFeature, ...]:
    """The fortification features of a hex from its counters (:class:`projections.board.Fortification`).

    A fortification built in a West Wall hex is the 32.15 upgrade: a fortress in AWAW, an omnidirectional
    fortification in the house rules (App. G, research 7-8). A fortress with recorded facing hexes is directional
    (Sevastopol, 32.43B); ``singapore`` marks the fortress that holds only against seaborne invasion (32.43C, Classic).
    The house rules know only the four basic features (App. G): there a fortress is omnidirectional, and beach
    defenses and island groups give nothing."""
    found: list[FortFeature] = []
    if kind == "fortification":
        found.append("omni_fortress" if west_wall_hex and variant == "awaw" else "omni_fortification")
    elif kind == "fortress":
        if variant != "awaw":
            found.append("omni_fortress")
        else:
            found.append("singapore" if singapore else "sevastopol" if directional else "omni_fortress")
    elif kind in ("maginot", "west_wall"):
        found.append("maginot" if kind == "maginot" else "west_wall")
    beach_defense = beach_defense or kind == "beach_defense"
    island_group = island_group or kind == "island_group"
    if beach_defense:
        found.append("beach_defense")
    if island_group:
        found.append("island_group")
    return tuple(f for f in found if f in FORT_DMS[variant])


def declared_fortification(features: Collection[FortFeature]) -> DeclaredFort | None:
    """What ``attack_declared.fortification`` should record for a hex with ``features``: its strongest counter
    (fortress, Maginot, fortification, West Wall), else its beach defense; ``None`` for none (an island group alone
    has no value there: attacks on it are invasions, which carry their own 1:1 minimum and 15.55)."""
    order: tuple[FortFeature, ...] = (
        "omni_fortress",
        "sevastopol",
        "singapore",
        "maginot",
        "omni_fortification",
        "west_wall",
    )
    for feature in order:
        if feature in features:
            return _DECLARED[feature]
    return "beach_defense" if "beach_defense" in features else None


def attacked_from_rear(origins: Iterable[str | None], faces: Collection[str]) -> bool | None:
    """Whether some land attacker attacks a directional fortification from the rear, i.e. from a hex it does not
    face (32.21A-B); ``None`` when an origin or the facing is not recorded."""
    if not faces:
        return None
    rear = False
    for origin in origins:
        if origin is None:
            return None
        rear = rear or origin not in faces
    return rear


def expected_fort_part(
    features: Collection[FortFeature],
    attack: AttackKind,
    *,
    from_rear: bool = False,
    also_from_land: bool = False,
    siege_turns: int = 0,
    isolated: bool = False,
    variant: FortVariant = "awaw",
) -> int:
    """The fortification part of a defender's DM: the features' DM against this attack (:func:`fort_dm`) less the
    siege (checks F-17, F-20, C-FRT-1, C-FRT-2).

    AWAW (32.241): the siege takes 1 a turn off the fortification or fortress DM, down to nothing; the isolation DM
    beyond it (32.242) is an isolation item of its own. House (App. G 32.242-32.244): the same, and isolated units go
    on losing 1 a turn from their other DMs (to face value: the caller applies the floor). A3R T-F2: Malta +4 with a
    +2 fortress, cut in Spring 1942, isolated: Winter 1942 (3 turns) gives 2 - 3 = -1, +4 -> +1."""
    if siege_turns < 0:
        raise ValueError(f"siege turns must not be negative, not {siege_turns!r}")
    total = fort_dm(
        features, attack, from_rear=from_rear, beach_also_attacked_from_land=also_from_land, variant=variant
    )
    counters = fort_dm(
        [f for f in features if f in SIEGE_FEATURES],
        attack,
        from_rear=from_rear,
        beach_also_attacked_from_land=also_from_land,
        variant=variant,
    )
    reduction = min(siege_turns, counters)
    if variant == "a3r_house" and isolated:
        base = sum(FORT_DMS[variant][f].dm for f in features if f in SIEGE_FEATURES)
        reduction += max(0, siege_turns - base)
    return total - reduction


FORT_AIR_DEFENSE_BONUS: Final[dict[str, int]] = {"fortification": 1, "fortress": 2}
"""A fortification (directional included) adds 1 to its hex's air defense level, a fortress 2 (32.251, 32.252)."""

AIR_DEFENSE_FORTRESSES: Final[frozenset[str]] = frozenset({"omni_fortress", "maginot", "sevastopol", "singapore"})
"""Features that are fortresses for air defense: the omnidirectional fortress and the directional fortresses of 32.43
(the Maginot Line, Sevastopol, Singapore); the West Wall and the omnidirectional fortification are fortifications
(32.44B, 32.1). Beach defenses and island groups are neither (32.5, 32.6): they add nothing (choice beside 32.25,
which names fortifications and fortresses only)."""

AIR_DEFENSE_CODES: Final[frozenset[str]] = frozenset(FORT_AIR_DEFENSE_BONUS)
"""The ``Modifier.code`` values of an air defense level's fortification component (``fortification``, ``fortress``)."""


def fort_air_defense(features: tuple[FortFeature, ...]) -> int:
    """What a hex's fortifications add to its air defense level: 2 for a fortress, 1 for a fortification, 0 for none
    (32.251, 32.252; the largest feature counts, choice beside the rule: the two are not added)."""
    if any(f in AIR_DEFENSE_FORTRESSES for f in features):
        return FORT_AIR_DEFENSE_BONUS["fortress"]
    if any(f in ("omni_fortification", "west_wall") for f in features):
        return FORT_AIR_DEFENSE_BONUS["fortification"]
    return 0


FORT_MIN_ODDS: Final[tuple[int, int]] = (1, 1)
"""AWAW: attacks on fortified hexes only at 1:1 or better; below 1:1 after an adverse result the attack is aborted
(32.21A). The house rules drop this (A3R extract 6.4)."""

MANDATORY_EX_RESULTS: Final[tuple[str, ...]] = ("Ex-1", "Ex-2", "Ex-3")
"""AWAW: against fortified hexes the attacker always takes Ex-1, Ex-2 or Ex-3 at the defender's choice (32.21C,
15.55). Not in the house rules."""


def odds_minimum_applies(
    features: Collection[FortFeature], *, from_rear: bool = False, variant: FortVariant = "awaw"
) -> bool:
    """Whether the 1:1 minimum binds this attack (32.21A; check F-16): any fortress, fortification, beach defense
    or fortified island group, unless the only features are directional ones (or beach defenses) attacked from the
    rear. Applies even when isolation negated the DM. Never in the house rules."""
    if variant != "awaw":
        return False
    for feature in features:
        entry = FORT_DMS["awaw"][feature]
        if from_rear and (entry.directional or feature == "beach_defense"):
            continue
        return True
    return False


def mandatory_ex_applies(
    features: Collection[FortFeature],
    attack: AttackKind,
    *,
    from_rear: bool = False,
    tactical_atomic: bool = False,
    variant: FortVariant = "awaw",
) -> bool:
    """Whether an Ex result against this hex is a mandatory Ex-1/2/3 (32.21C; check F-18): any fortification,
    fortress, beach defense or fortified one-hex island, except beach defenses attacked from land, directional
    fortifications attacked from behind and tactical atomic attacks. Never in the house rules."""
    if variant != "awaw" or tactical_atomic:
        return False
    for feature in features:
        entry = FORT_DMS["awaw"][feature]
        if entry.directional and from_rear:
            continue
        if feature in ("beach_defense", "island_group", "singapore") and attack != "seaborne":
            continue
        return True
    return False


# ---------------------------------------------------------------------------------------------------------------
# Starting fortifications (32.4; extract 1.18)
# ---------------------------------------------------------------------------------------------------------------

StartKind = Literal["omni_fortress", "dir_fortress", "dir_fortification", "dir_fortress_vs_seaborne"]


class StartingFort(msgspec.Struct, frozen=True):
    """A fortification present at the start (32.41-32.44)."""

    location: str
    kind: StartKind
    hexes: tuple[str, ...]
    facing: str
    rule: str
    owner: str = ""
    """The power whose fortification it is at the start (32.42-32.44)."""


START_KIND_RECORDS: Final[dict[str, tuple[str, ...]]] = {
    "omni_fortress": ("fortress",),
    "dir_fortress": ("maginot", "fortress"),
    "dir_fortification": ("west_wall", "maginot", "fortification"),
    "dir_fortress_vs_seaborne": ("fortress",),
}
"""The ``fortification_placed.kind`` values that record each kind of starting fortification (32.42-32.44)."""

MAGINOT_HEXES: Final[tuple[str, ...]] = ("EUR:P24", "EUR:P25", "EUR:Q24")
"""Maginot Line hexes; their hexsides face Germany and Luxembourg (32.43A)."""

WEST_WALL_HEXES: Final[tuple[str, ...]] = ("EUR:M27", "EUR:N26", "EUR:O26", "EUR:P26", "EUR:Q25")
"""West Wall hexes (O26 with the letter O, extract 0.1); their hexsides face Belgium, Luxembourg and France (32.44B)."""

STARTING_FORTIFICATIONS_CLASSIC: Final[tuple[StartingFort, ...]] = (
    StartingFort("gibraltar", "omni_fortress", (), "all", "32.42A", "britain"),
    StartingFort("malta", "omni_fortress", (), "all", "32.42B", "britain"),
    StartingFort("maginot", "dir_fortress", MAGINOT_HEXES, "germany_luxembourg", "32.43A", "france"),
    StartingFort("sevastopol", "dir_fortress", ("EUR:V38",), "EUR:U38, EUR:U39", "32.43B", "russia"),
    StartingFort("singapore", "dir_fortress_vs_seaborne", (), "seaborne", "32.43, 32.44C not in Classic", "britain"),
    StartingFort("west_wall", "dir_fortification", WEST_WALL_HEXES, "belgium_luxembourg_france", "32.44B", "germany"),
)
"""Fortifications at the start of Classic AWAW, "regardless of when war breaks out" (32.41; check F-25)."""


def starting_fortifications(
    *,
    rules: Literal["classic", "full"] = "classic",
    maginot_upgraded: bool = False,
    west_wall_researched: bool = False,
    singapore_steps: int = 0,
    singapore_results: int = 0,
) -> tuple[StartingFort, ...]:
    """The starting fortifications for the ruleset (32.4; extract 1.18). Full AWAW: Maginot is a fortress only if
    upgraded by French GS research (else a directional fortification), the West Wall exists only if researched
    (GS 6.54A), and Singapore follows the British SoA ladder (6.911A-D; the highest seaborne rung is kept, and the
    ground-attack rung between DD11 and Singapore is reported as a second entry)."""
    if rules == "classic":
        return STARTING_FORTIFICATIONS_CLASSIC
    forts = [STARTING_FORTIFICATIONS_CLASSIC[0], STARTING_FORTIFICATIONS_CLASSIC[1]]
    forts.append(
        StartingFort(
            "maginot", "dir_fortress" if maginot_upgraded else "dir_fortification", MAGINOT_HEXES,
            "germany_luxembourg", "32.43A, 32.44A", "france",
        )
    )  # fmt: skip
    forts.append(STARTING_FORTIFICATIONS_CLASSIC[3])
    if singapore_results >= 1:
        forts.append(StartingFort("singapore", "dir_fortress_vs_seaborne", (), "seaborne", "6.911B", "britain"))
    elif singapore_steps >= 3:
        forts.append(StartingFort("singapore", "dir_fortification", (), "seaborne", "6.911A", "britain"))
    if singapore_results >= 2:
        forts.append(StartingFort("singapore", "dir_fortress", (), "PAC:DD11", "6.911D", "britain"))
    elif singapore_steps >= 9:
        forts.append(StartingFort("singapore", "dir_fortification", (), "PAC:DD11", "6.911C", "britain"))
    if west_wall_researched:
        forts.append(STARTING_FORTIFICATIONS_CLASSIC[5])
    return tuple(forts)


# ---------------------------------------------------------------------------------------------------------------
# Siege (32.24; extract 4.6; A3R App. G 32.24, extract 2.9)
# ---------------------------------------------------------------------------------------------------------------

IC_SIEGE_DELAY_BRPS: Final = 5
"""A Russian-controlled IC delays the siege one turn per 5 BRPs in it (32.241, 37.72)."""


def ic_siege_delay_turns(ic_brps: int) -> int:
    """Turns a Russian IC delays the siege: one per full 5 BRPs (32.241)."""
    if ic_brps < 0:
        raise ValueError(f"IC BRPs must not be negative, not {ic_brps!r}")
    return ic_brps // IC_SIEGE_DELAY_BRPS


class SiegeState(msgspec.Struct, frozen=True):
    """Per fortified hex: siege turns counted, and Russian-IC delay turns still to absorb (extract 4.6)."""

    siege_turns: int = 0
    ic_delay_remaining: int = 0
    turns_without_full_supply: int = 0


def siege_step(state: SiegeState, *, fully_supplied: bool, ic_brps: int = 0) -> SiegeState:
    """Advance a hex's siege by one turn's supply result (32.241, 32.245, 32.246; extract 4.6, check F-20).

    ``fully_supplied``: full supply from an unlimited major-power source, or an unlimited source in the hex itself.
    Full supply restores everything at once. Extract Q8 default: one step per game turn, at the owner's supply
    determination.
    """
    if fully_supplied:
        return SiegeState(0, ic_siege_delay_turns(ic_brps), 0)
    without = state.turns_without_full_supply + 1
    delay = state.ic_delay_remaining if state.turns_without_full_supply else ic_siege_delay_turns(ic_brps)
    if delay > 0:
        return SiegeState(state.siege_turns, delay - 1, without)
    return SiegeState(state.siege_turns + 1, 0, without)


def siege_fort_dm(base_dm: int, siege_turns: int) -> int:
    """The fortification's DM under siege: ``max(0, base - siege_turns)`` (32.241; check F-20)."""
    return max(0, base_dm - siege_turns)


def siege_excess_isolation(base_dm: int, siege_turns: int) -> int:
    """Extra DM loss for isolated units (and units that came by sea) once the fort DM is gone: ``max(0, turns -
    base)`` (32.242). Partially supplied units and units that came by land or air take none (32.243, 32.244)."""
    return max(0, siege_turns - base_dm)


def submarine_siege_drm(turns_without_full_supply: int) -> int:
    """The extra Naval Nationality DRM of submarines in an isolated fortified port, on top of the -1 naval oil effect:
    -1 for each turn beyond the first without full supply, no limit (32.248; TC-05: cut Spring 1942 -> Summer -1,
    Fall -2)."""
    if turns_without_full_supply < 0:
        raise ValueError("turns must not be negative")
    return -max(0, turns_without_full_supply - 1)


def house_siege_hex_dm(fort_dm: int, other_dm: int, turns_without_full_supply: int, *, isolated: bool = True) -> int:
    """House siege (App. G 32.242-32.244): the fort DM falls 1 per turn without full supply; then, for isolated units,
    the hex's other DMs go on falling 1 per turn to face value. Supplied units keep their other DMs (32.243).
    A3R T-F2: Malta +4, cut Spring 1942 -> +3 Summer, +2 Fall, +1 Winter 1942."""
    if min(fort_dm, other_dm, turns_without_full_supply) < 0:
        raise ValueError("DMs and turns must not be negative")
    fort_left = max(0, fort_dm - turns_without_full_supply)
    if not isolated:
        return fort_left + other_dm
    return max(0, fort_dm + other_dm - turns_without_full_supply)


def house_submarines_unimpaired(fort_dm: int, turns_without_full_supply: int) -> bool:
    """House 32.248: submarines operate unimpaired from an isolated fortified port until isolation has negated the
    fort DM and started on the hex's other DMs ("one and two turns, respectively" = fortification and fortress).
    Reading: unimpaired while ``turns <= fort_dm`` (A3R extract 6.4 "subs unimpaired for 1-2 turns")."""
    return turns_without_full_supply <= fort_dm


# ---------------------------------------------------------------------------------------------------------------
# German fortification research (A3R App. G 32.21 table; extract 2.9, 7.4)
# ---------------------------------------------------------------------------------------------------------------

HOUSE_GERMAN_FORT_BRPS: Final = 5
"""House rule: with a 7-8 research result Germany builds one fortification per turn in any Axis hex for 5 BRPs."""

WEST_WALL_UPGRADE_BRPS_PER_HEX: Final = 5
"""House rule: with 9+ the five West Wall hexes may be upgraded to omnidirectional forts, 1-5 per turn, 5 BRPs each."""

MAX_WEST_WALL_UPGRADES_PER_TURN: Final = 5

HOUSE_FORTS_PER_TURN: Final = 1

FORT_RESEARCH_POWER: Final[Power] = "germany"
"""Only Germany researches fortifications in the house rules (App. G)."""


def fort_research_result(power: str, project: str, result: str) -> int | None:
    """A recorded research result read as Germany's fortification research result (App. G): the first number of
    the result of a German project whose name mentions fortifications; ``None`` for any other research."""
    if power != FORT_RESEARCH_POWER or "fort" not in project:
        return None
    number = re.search(r"\d+", result)
    return int(number.group()) if number else None


def house_build_counts(*, upgrade: bool, hexes: int) -> tuple[int, int]:
    """What one recorded German house build counts toward the turn's limits: (fortifications, West Wall hexes
    upgraded) (App. G: one fortification a turn, 1-5 West Wall upgrades, each hex an upgrade)."""
    return (0, hexes) if upgrade else (1, 0)


class FortResearchEffect(msgspec.Struct, frozen=True):
    """What a German fortification research result allows (App. G table). ``bracket`` is the printed bracketed
    value, meaning unknown (A3R extract Q17)."""

    low: int
    high: int | None
    west_wall_fortified: bool
    may_build_forts: bool
    may_upgrade_west_wall: bool
    bracket: int | None


GERMAN_FORT_RESEARCH: Final[tuple[FortResearchEffect, ...]] = (
    FortResearchEffect(1, 3, False, False, False, None),
    FortResearchEffect(4, 5, False, False, False, 1),
    FortResearchEffect(6, 6, True, False, False, 2),
    FortResearchEffect(7, 8, True, True, False, 3),
    FortResearchEffect(9, None, True, True, True, None),
)
"""German fortification research results (App. G, 32.21): 6 West Wall west-facing forts; 7-8 one 5-BRP fort per
turn; 9+ West Wall upgrades."""


def german_fort_research(result: int) -> FortResearchEffect:
    """The effect row of a German fortification research result (App. G). Results below 1 have no effect."""
    for row in GERMAN_FORT_RESEARCH:
        if result >= row.low and (row.high is None or result <= row.high):
            return row
    return GERMAN_FORT_RESEARCH[0]


def house_german_fort_cost(forts: int, west_wall_upgrades: int) -> int:
    """BRPs of a turn's German house builds: 5 per fort, 5 per West Wall hex upgraded (App. G; T-F1: Berlin + 3
    West Wall hexes = 20)."""
    return HOUSE_GERMAN_FORT_BRPS * forts + WEST_WALL_UPGRADE_BRPS_PER_HEX * west_wall_upgrades


def house_german_fort_findings(
    research_result: int, forts: int, west_wall_upgrades: int, brps_paid: int
) -> tuple[Breach, ...]:
    """One turn's German house fortification builds, gated by research (App. G; checks C-FRT-4, C-BRP-12)."""
    effect = german_fort_research(research_result)
    found: list[Breach] = []
    if forts and not effect.may_build_forts:
        found.append(Breach("App. G 32.21", f"German fortification with research result {research_result} (needs 7+)"))
    if forts > HOUSE_FORTS_PER_TURN:
        found.append(Breach("App. G 32.21", f"{forts} German fortifications in one turn; at most 1"))
    if west_wall_upgrades and not effect.may_upgrade_west_wall:
        found.append(Breach("App. G 32.21", f"West Wall upgrade with research result {research_result} (needs 9+)"))
    if west_wall_upgrades > MAX_WEST_WALL_UPGRADES_PER_TURN:
        found.append(Breach("App. G 32.21", f"{west_wall_upgrades} West Wall upgrades; at most 5"))
    expected = house_german_fort_cost(forts, west_wall_upgrades)
    if brps_paid != expected:
        found.append(Breach("App. G 32.21", f"paid {brps_paid} BRPs; the builds cost {expected}"))
    return tuple(found)
