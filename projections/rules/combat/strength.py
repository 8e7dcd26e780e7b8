"""Defense multipliers (AWAW 15.3; A3R house intro, App. G, App. K) and the strengths of both sides (15.41, 15.51).

Sources: 10-16 extract 1.9, 5.1 (AUD-15-05, EX-18 to EX-21); A3R extract 0.3, 2.3.3 (C-CRT-8).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Literal

import msgspec

from awaw_events.events.base import Modifier
from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------
# Defense multipliers (15.3; extract 1.9; A3R house intro, App. G, App. K)
# ---------------------------------------------------------------------------------------------------------------

DmVariant = Literal["awaw", "a3r_house"]


class DmSpec(msgspec.Struct, frozen=True):
    """One DM item: its value, the rule, and whether it is counted once per turn (15.33D siege and isolation)."""

    value: int
    rule: str
    per_turn: bool = False


DM_BASE: Final[dict[DmVariant, int]] = {"awaw": 2, "a3r_house": 1}
"""The multiplier every defender starts from, added automatically (never claim it as an item): AWAW the basic +2 DM
of 15.32A ("regardless of terrain"); A3R house face value 1, each "+1 DM" adding one (A3R extract 0.3 and 2.3.3; the
15.551 example's "DM of 3" = 6 factors defending at 18)."""

DM_FLOOR: Final = 1
"""Units never defend at less than face value: the net multiplier is at least 1 (15.31, 15.35)."""

AWAW_DMS: Final[dict[str, DmSpec]] = {
    # positive (15.32)
    "invasion": DmSpec(1, "15.32B"),
    "river": DmSpec(1, "15.32C"),
    "rough": DmSpec(1, "15.32D"),
    "jungle_mountain": DmSpec(2, "15.32D"),
    "fortress": DmSpec(2, "15.32E"),
    "fortification": DmSpec(1, "15.32F"),
    "beach_defense": DmSpec(1, "15.32G, 32.55"),
    "airdrop_only_infantry": DmSpec(1, "15.32H, 10.55D"),
    "airdrop_only_armor_specialized": DmSpec(2, "15.32H, 10.55D"),
    "west_wall_river_fort_split": DmSpec(1, "15.321"),
    "west_wall_river_fort_same": DmSpec(2, "15.321"),
    # negative (15.33)
    "exploiting_armor": DmSpec(-1, "15.33A"),
    "italian_outside_med": DmSpec(-1, "15.33B"),
    "italian_collapse": DmSpec(-1, "15.33B, 56.73"),
    "minor_outside_home": DmSpec(-1, "15.33B"),
    "low_ctl": DmSpec(-1, "15.33C, 15.82E"),
    "partisan": DmSpec(-1, "15.33C, 11.46"),
    "siege": DmSpec(-1, "15.33D, 32.241", per_turn=True),
    "isolated": DmSpec(-1, "15.33D", per_turn=True),
    "japanese_surprise": DmSpec(-1, "15.33E"),
    "nationalist_chinese": DmSpec(-1, "15.33F"),
    "russian_unprepared": DmSpec(-1, "15.33G, 63.52"),
    "winter": DmSpec(-1, "15.33H, 34.41"),
    "chindit": DmSpec(-1, "15.33I, 10.64A"),
}
"""AWAW DM items (15.32, 15.321, 15.33; extract 1.9 P2-P10, N1-N13). The basic +2 (P1) is :data:`DM_BASE`.
Beach defense + fortification = +2 against invasion, +1 otherwise (32.56): claim both items against an invasion
(beach defense counts only against invasions). 15.321: the West Wall river+fortification items *replace* ``river``
and ``fortification``. P9 (airdrop only) is added to the basic +2 (extract Q6, [UNSURE] reading kept).
``siege``/``isolated`` count once per turn (claim them with ``turns``)."""

A3R_BASE_CODE: Final = "a3r_base"
"""House claims of an A3R base-game DM that is not in our sources (e.g. river lines): the value is taken as claimed
and cannot be checked here."""

HOUSE_DMS: Final[dict[str, DmSpec]] = {
    "rough": DmSpec(1, "A3R intro (terrain.rough)"),
    "fortification": DmSpec(1, "App. G 32.21A"),
    "fortress": DmSpec(2, "App. G 32.21B"),
    "maginot": DmSpec(2, "App. G 32.21C"),
    "west_wall": DmSpec(1, "App. G 32.21D"),
    "partisan": DmSpec(-1, "A3R intro (units.partisans)"),
    "airdrop_only": DmSpec(1, "A3R intro (air.airdrop; AWAW 10.55D)"),
    "winter": DmSpec(-1, "App. K level 7"),
    "siege": DmSpec(-1, "App. G 32.24", per_turn=True),
}
"""A3R house DM items (multiplier base 1): rough terrain +1 (option ``terrain.rough = awaw``), fortifications App. G
(option ``forts.effects``; see also :func:`projections.rules.fortifications.fort_dm`), partisans -1 (option
``units.partisans = house``), attacked only by airdropped airborne +1 (option ``air.airdrop = awaw_style``),
infantry and replacements at winter level 7+ -1 (App. K), the simple siege -1 per turn (App. G 32.24)."""

HOUSE_DM_OPTION: Final[dict[str, tuple[str, str]]] = {
    "rough": ("terrain.rough", "awaw"),
    "partisan": ("units.partisans", "house"),
    "airdrop_only": ("air.airdrop", "awaw_style"),
    "fortification": ("forts.effects", "awaw_32_2_mod"),
    "fortress": ("forts.effects", "awaw_32_2_mod"),
    "maginot": ("forts.effects", "awaw_32_2_mod"),
    "west_wall": ("forts.effects", "awaw_32_2_mod"),
    "siege": ("forts.effects", "awaw_32_2_mod"),
}
"""House DM items that exist only under an option: item -> (option id, value that enables it) (A3R extract 1.2)."""

DM_EXCLUSIVE: Final[tuple[tuple[str, str, str], ...]] = (
    ("rough", "jungle_mountain", "15.32D"),
    ("airdrop_only_infantry", "airdrop_only_armor_specialized", "15.32H"),
    ("west_wall_river_fort_split", "river", "15.321"),
    ("west_wall_river_fort_split", "fortification", "15.321"),
    ("west_wall_river_fort_same", "river", "15.321"),
    ("west_wall_river_fort_same", "fortification", "15.321"),
    ("west_wall_river_fort_split", "west_wall_river_fort_same", "15.321"),
    ("airdrop_only_infantry", "river", "15.32C (an airdrop negates the river)"),
    ("airdrop_only_armor_specialized", "river", "15.32C (an airdrop negates the river)"),
    ("fortress", "maginot", "App. G 32.21"),
)
"""Pairs of DM items that cannot both apply to one unit in one attack, with the rule that says so."""


AIRBORNE_FACTORS: Final = 1
"""An airborne unit's basic combat factor is 1 in every case (10.51, 10-16 extract 7.1; A3R house intro,
``air.airdrop``)."""

NEVER_ATTACK: Final = frozenset({"replacement", "partisan", "flak"})
"""Ground units that never attack (15.21: not replacements or partisans, 10.2, 11.8; flak has no combat factor)."""

ATTRITION_ONLY_BOXES: Final = frozenset({"australia", "india", "urals"})
"""15.23: ground combat involving units next to or in the Australia, India and Urals boxes is resolved by attrition
(the map data's ``box`` of a hex names the box it lies next to)."""
BOX_PREFIX: Final = "box:"
"""A mapboard box as a location (``box:urals``): 15.23, no ground attack between the map and a box."""

SPECIALIZED_NO_NEGATIVE_DM: Final = frozenset({"airborne", "marine", "snlf", "commando", "chindit"})
"""Units the infantry DMs never reduce: 15.33A, 15.33C and 15.33H do not apply to them (15.331, 10.41F)."""

EXPLOITING_ARMOR_DM_MIN_CTL: Final = 2

EXPLOITING_ARMOR_DM_TYPES: Final = frozenset({"infantry"})
"""15.33A: the -1 applies to infantry attacked by exploiting armor (not to specialized units, 15.331)."""

BASIC_DM_ITEM: Final[dict[DmVariant, tuple[str, str]]] = {"awaw": ("basic", "15.32A"), "a3r_house": ("base", "A3R 0.3")}
"""The item that claims a defender's basic multiplier (:data:`DM_BASE`; one of :data:`BASE_DM_CODES`) and its rule,
as a declaration lists it."""
"""15.33A: the -1 applies when at least one exploiting armor unit with a CTL of two or more attacks."""

FORT_DM_KINDS: Final = frozenset({"fortification", "fortress", "maginot", "west_wall"})
"""DM items that need a fortification or fortress in (or a fortified line along) the defender's hex (15.32E-F)."""

ROUGH_TERRAIN: Final[dict[str, frozenset[str]]] = {
    "rough": frozenset({"forest", "jungle", "mountain", "swamp"}),
    "jungle_mountain": frozenset({"jungle_mountain"}),
}
"""The map-data terrains each terrain DM item needs (15.32D: +1 forest, jungle, mountain, swamp; +2
jungle/mountain; house ``terrain.rough``: forest, mountain, swamp)."""

AIRDROP_ONLY_DMS: Final = frozenset({"airdrop_only_infantry", "airdrop_only_armor_specialized", "airdrop_only"})
"""The items of a defender attacked only by dropped airborne units (15.32H, 10.55D; house ``air.airdrop``)."""


class DmClaim(msgspec.Struct, frozen=True):
    """A DM item claimed for a defending unit; ``turns`` counts per-turn items (15.33D); ``value`` is only read for
    the house :data:`A3R_BASE_CODE` item."""

    code: str
    turns: int = 1
    value: int | None = None


def _catalogue(variant: DmVariant) -> Mapping[str, DmSpec]:
    return AWAW_DMS if variant == "awaw" else HOUSE_DMS


def _as_claim(item: str | DmClaim) -> DmClaim:
    return DmClaim(item) if isinstance(item, str) else item


def dm_item_value(item: str | DmClaim, *, variant: DmVariant = "awaw") -> int:
    """The value of one claimed DM item (15.32, 15.33; house). Raises ``ValueError`` for an unknown code."""
    claim = _as_claim(item)
    if variant == "a3r_house" and claim.code == A3R_BASE_CODE:
        if claim.value is None:
            raise ValueError("an a3r_base DM claim needs its value")
        return claim.value
    spec = _catalogue(variant).get(claim.code)
    if spec is None:
        raise ValueError(f"unknown {variant} DM item {claim.code!r}")
    if claim.turns < 1 or (claim.turns > 1 and not spec.per_turn):
        raise ValueError(f"DM item {claim.code!r} cannot count {claim.turns!r} turns")
    return spec.value * claim.turns


def net_dm(items: Iterable[str | DmClaim], *, variant: DmVariant = "awaw") -> int:
    """The unit's multiplier: variant base + all items, floored at face value 1 (15.31, 15.35; EX-18 to EX-21)."""
    raw = DM_BASE[variant] + sum(dm_item_value(i, variant=variant) for i in items)
    return max(DM_FLOOR, raw)


BASE_DM_CODES: Final = frozenset({"basic", "base"})
"""DM item codes that claim the basic multiplier itself (AWAW +2, 15.32A; house face value 1)."""

DM_ALIASES: Final[dict[str, str]] = {
    "rough_terrain": "rough",
    "seaborne_invasion": "invasion",
    "fort": "fortification",
}
"""Spellings players use for catalogue DM items (the example game writes ``rough_terrain``, ``seaborne_invasion``)."""


def catalogue_code(code: str) -> str:
    """A claimed DM item's code as the catalogue spells it (:data:`DM_ALIASES`)."""
    return DM_ALIASES.get(code, code)


def claimed_dm(claims: Iterable[Modifier], *, variant: DmVariant = "awaw") -> int:
    """The multiplier a defender's claimed items give, as recorded: their values, plus the basic multiplier unless
    one is claimed as an item (:data:`BASE_DM_CODES`), never below face value (15.31, 15.35; house base 1). Unlike
    :func:`net_dm` it takes the recorded values (``dm_findings`` and the catalogue check them)."""
    items = list(claims)
    raw = sum(m.value for m in items)
    if not any(m.code in BASE_DM_CODES for m in items):
        raw += DM_BASE[variant]
    return max(DM_FLOOR, raw)


def dm_findings(
    items: Iterable[str | DmClaim],
    *,
    variant: DmVariant = "awaw",
    options: Mapping[str, str] | None = None,
) -> tuple[Breach, ...]:
    """Problems with a unit's claimed DM items (AUD-15-05, C-CRT-8): unknown codes, duplicates, exclusive pairs
    (:data:`DM_EXCLUSIVE`), and house items whose option is off (``options``: option id -> value; a missing option
    takes the package value, i.e. the item is allowed)."""
    claims = [_as_claim(i) for i in items]
    out: list[Breach] = []
    table = _catalogue(variant)
    seen: set[str] = set()
    for c in claims:
        if c.code in seen and c.code != A3R_BASE_CODE:
            out.append(Breach("15.35", f"DM item {c.code!r} claimed twice"))
        seen.add(c.code)
        if c.code not in table and not (variant == "a3r_house" and c.code == A3R_BASE_CODE):
            out.append(Breach("15.3", f"unknown {variant} DM item {c.code!r}"))
            continue
        if variant == "a3r_house" and options is not None and c.code in HOUSE_DM_OPTION:
            option, enabling = HOUSE_DM_OPTION[c.code]
            if options.get(option, enabling) != enabling:
                out.append(Breach(table[c.code].rule, f"DM item {c.code!r} needs option {option} = {enabling}"))
    for a, b, rule in DM_EXCLUSIVE:
        if a in seen and b in seen:
            out.append(Breach(rule, f"DM items {a!r} and {b!r} cannot both apply"))
    return tuple(out)


class DefendingUnit(msgspec.Struct, frozen=True):
    """A defending ground unit: printed combat factors and its net multiplier (see :func:`net_dm`)."""

    factors: int
    dm: int

    @property
    def strength(self) -> int:
        """Printed factors x net DM, never below face value (15.31)."""
        return self.factors * max(DM_FLOOR, self.dm)


def unit_defence_strength(factors: int, items: Iterable[str | DmClaim], *, variant: DmVariant = "awaw") -> int:
    """A unit's defensive strength: printed factors x :func:`net_dm` (15.31; EX-18: a 2-5 armor in clear = 4)."""
    return factors * net_dm(items, variant=variant)


DAS_INVASION_MULTIPLIER: Final = 3
"""DAS against a seaborne invasion is tripled, unaffected by the ground DMs (15.51, 18.611B-C); the tripled value
also counts for the attacker's losses (house 18.611B; taken as the AWAW reading too, extract Q3)."""


def das_strength(das_factors: int, *, invasion: bool = False) -> int:
    """Defensive air support strength: basic factors, x3 against a seaborne invasion (15.51, 18.611)."""
    return das_factors * (DAS_INVASION_MULTIPLIER if invasion else 1)


def defence_strength(defenders: Iterable[DefendingUnit], das_factors: int = 0, *, invasion: bool = False) -> int:
    """Total defence: sum of ground strengths (factors x DM) + DAS strength (15.41, 15.51; extract 5.1)."""
    return sum(u.strength for u in defenders) + das_strength(das_factors, invasion=invasion)


def attack_strength(ground_factors: int, ground_support: int = 0, shore_bombardment: int = 0) -> int:
    """Attack strength: printed ground factors + ground-support air factors + shore-bombardment fleet factors; the
    attacker's DMs never apply (15.31, 15.51)."""
    return ground_factors + ground_support + shore_bombardment
