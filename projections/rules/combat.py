"""Ground combat (AWAW rules 12, 13.5, 15, 16) and the A3R house variant (A3R App. C-1).

Sources: 10-16 extract sections 1.4, 1.7-1.12, 2.4, 2.6, 2.8, 2.9, 5.1-5.8 and 6.3; seeds
``awaw-rules-10-16-units-movement-combat.txt`` (the authority for AWAW) and ``awaw-rules-15-offensive-combat.txt`` (a
cleaner copy of rule 15 from another printing, used where it reads better and noted where it differs); A3R extract 2.3,
3.6, 6.2 and the house text App. C-1 (option ``combat.crt = awaw_15_house``, here ``table="a3r_house"``).

What is here, all as data plus small pure functions:

* odds (15.51, 15.52) and the odds-based prohibitions (15.52, 15.74; house airdrop rule);
* defense multipliers (15.3; A3R house intro and App. G) and defensive strength;
* the Combat Results Table (15.6) with the round DRM (15.75) and the substitutions 15.53-15.551;
* loss requirements per result (15.61-15.62; house 2.3.3) and the "no unnecessary losses" test;
* rounds: CTLs (15.8) or the house nationality-and-date table (App. C-1 15.71-15.72);
* support limits (3:1 DAS and air support; house 15.632, 15.642), advance after combat (15.9), breakthroughs (16.1),
  exploitation allowances (16.31, 15.82D; house 15.82);
* overruns (13.5, 15.34) and stacking (12, 15.47).

Check functions return :class:`~projections.rules.oil.Breach` tuples (empty = legal); ``ValueError`` is only raised
for misuse (a die of 7, a negative strength, an unknown code).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from awaw_events.vocab import CombatResult, Season, Theater
from projections.rules.breach import Breach
from projections.rules.calendar import is_before
from projections.rules.dice import DIE_FACES

# ---------------------------------------------------------------------------------------------------------------
# Shared names
# ---------------------------------------------------------------------------------------------------------------

CrtTable = Literal["awaw", "a3r_house"]
"""Which combat rules: AWAW rule 15, or the A3R house App. C-1 (option ``combat.crt = awaw_15_house``)."""


def _check_die(die: int) -> None:
    if not 1 <= die <= DIE_FACES:
        raise ValueError(f"a combat die is 1-6, got {die!r}")


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


# ---------------------------------------------------------------------------------------------------------------
# Odds (15.51, 15.52; extract 1.8 and 5.1; house 2.3.2)
# ---------------------------------------------------------------------------------------------------------------

OddsColumn = Literal["1:4", "1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]
"""The eight columns of the Combat Results Table (15.6), worst to best for the attacker."""

ODDS_COLUMNS: Final[tuple[OddsColumn, ...]] = get_args(OddsColumn)

BELOW_1_4: Final = "below_1:4"
"""Column id of an attack below 1:4: the attacker is eliminated with no loss to the defender and no die is rolled
(15.52). Spelt as in ``CombatRoundResolved.odds``."""

ColumnId = OddsColumn | Literal["below_1:4"]

MAX_COLUMN_MULTIPLE: Final = 5
"""Attacks above 5:1 are allowed but resolved on the 5:1 column (15.52)."""

MIN_COLUMN_DIVISOR: Final = 4
"""Attacks below 1:4 are allowed but the attacker is eliminated automatically (15.52)."""

OVERRUN_MIN_MULTIPLE: Final = 6
"""Overruns need odds of 6:1 or better, computed like ground combat odds with DMs (13.52, 15.34)."""


@dataclass(frozen=True, slots=True)
class Odds:
    """An attack's odds (15.51, 15.52): the true ratio with fractions dropped in the defender's favour, the CRT
    column used, and flags.

    ``multiple`` is ``attack // defence`` (the ``n`` of ``n:1``; 0 below 1:1); ``divisor`` is
    ``ceil(defence / attack)`` (the ``k`` of ``1:k``; 1 at or above 1:1).
    """

    attack: int
    defence: int
    ratio: str
    column: ColumnId
    multiple: int
    divisor: int

    @property
    def attacker_eliminated(self) -> bool:
        """Below 1:4: the attacker is eliminated, no loss to the defender, no roll (15.52)."""
        return self.column == BELOW_1_4

    @property
    def capped(self) -> bool:
        """Above 5:1, resolved on the 5:1 column (15.52)."""
        return self.multiple > MAX_COLUMN_MULTIPLE

    @property
    def below_1_1(self) -> bool:
        """Odds worse than 1:1 (the threshold of 15.52's prohibitions and 15.74)."""
        return self.multiple < 1


def odds(attack: int, defence: int) -> Odds:
    """The odds of ``attack`` against ``defence`` strength (15.51, 15.52; extract 5.1; EX-22).

    "Fractions are ignored" in the defender's favour: ``floor(A/D):1`` when A >= D, else ``1:ceil(D/A)`` (20 vs 10
    = 2:1, 19 vs 10 = 1:1, 5 vs 13 = 1:3). Above 5:1 the 5:1 column is used; below 1:4 the column is
    ``"below_1:4"``. Raises ``ValueError`` for a non-positive strength (an undefended hex is not a ground attack).
    """
    if attack <= 0 or defence <= 0:
        raise ValueError(f"odds need positive strengths, got {attack!r} vs {defence!r}")
    if attack >= defence:
        n = attack // defence
        column: ColumnId = ODDS_COLUMNS[ODDS_COLUMNS.index("1:1") + min(n, MAX_COLUMN_MULTIPLE) - 1]
        return Odds(attack, defence, f"{n}:1", column, n, 1)
    k = _ceil_div(defence, attack)
    column = BELOW_1_4 if k > MIN_COLUMN_DIVISOR else ODDS_COLUMNS[MIN_COLUMN_DIVISOR - k]
    return Odds(attack, defence, f"1:{k}", column, 0, k)


def odds_column(attack: int, defence: int) -> ColumnId:
    """The CRT column id for ``attack`` vs ``defence`` (15.51, 15.52): ``"1:4"`` .. ``"5:1"`` or ``"below_1:4"``."""
    return odds(attack, defence).column


def column_index(column: OddsColumn) -> int:
    """Position of a column, 0 for 1:4 .. 7 for 5:1 (to compare columns: a higher index is better odds)."""
    return ODDS_COLUMNS.index(column)


def column_findings(attack: int, defence: int, recorded: str) -> tuple[Breach, ...]:
    """The recorded column must be the actual odds: the attacker may not pick a lower column (15.52; AUD-15-09,
    C-CRT-1; e.g. 19 vs 10 resolved on 2:1)."""
    expected = odds_column(attack, defence)
    if recorded == expected:
        return ()
    return (Breach("15.52", f"{attack} vs {defence} is {expected}, recorded {recorded!r}"),)


MinOddsScope = Literal["french_or_chinese", "airdrop", "invasion", "fortified"]
"""Attacks that AWAW forbids below 1:1 (15.52: 75.21, 80.21, 10.55C, 21.5152, 32.21A)."""

AWAW_NO_SUB_1_1: Final[dict[MinOddsScope, str]] = {
    "french_or_chinese": "15.52 (75.21, 80.21)",
    "airdrop": "15.52 (10.55C)",
    "invasion": "15.52 (21.5152)",
    "fortified": "15.52 (32.21A)",
}
"""AWAW: these attacks may not be made below 1:1 (15.52). Airdrops: first round only (10.55C, 15.74)."""

HOUSE_NO_SUB_1_1: Final[dict[MinOddsScope, str]] = {"airdrop": "A3R intro (AWAW 10.55C)"}
"""A3R house: only an airdrop's first round must be at 1:1 or better (intro, option ``air.airdrop = awaw_style``);
no French/Chinese, invasion or fortification minimum (A3R extract 6.2)."""

FURTHER_ROUND_STOP_BELOW_1_1: Final[frozenset[MinOddsScope]] = frozenset({"french_or_chinese", "invasion", "fortified"})
"""AWAW 15.74: if losses drop the odds below 1:1 in invasions, attacks on fortifications/fortresses and French or
Communist Chinese attacks, no further rounds; airdrop battles may go on (10.55C). The house 15.74 has no such stop.
[UNSURE 0.1/Q9] 15.52 says "French and Chinese", 15.74 "French or Communist Chinese": one scope name for both."""


def min_odds_findings(
    attack: int,
    defence: int,
    scopes: Collection[MinOddsScope],
    *,
    round_no: int = 1,
    table: CrtTable = "awaw",
    airdrop_rule: Literal["awaw_style", "a3r"] = "awaw_style",
) -> tuple[Breach, ...]:
    """Attacks prohibited below 1:1 (15.52; house intro airdrops; AUD-15-09, C-CRT-6).

    Round 1 only: later rounds are governed by :func:`odds_stop_further_rounds` (15.74). ``airdrop_rule`` is the
    house option ``air.airdrop`` (``a3r`` drops the house airdrop minimum; AWAW always has it).
    """
    if round_no != 1 or not odds(attack, defence).below_1_1:
        return ()
    rules = AWAW_NO_SUB_1_1 if table == "awaw" else HOUSE_NO_SUB_1_1
    out: list[Breach] = []
    for scope in sorted(scopes):
        if scope not in rules or (table == "a3r_house" and airdrop_rule == "a3r"):
            continue
        out.append(Breach(rules[scope], f"{scope} attack at {odds(attack, defence).ratio} (below 1:1)"))
    return tuple(out)


def odds_stop_further_rounds(
    attack: int, defence: int, scopes: Collection[MinOddsScope], *, table: CrtTable = "awaw"
) -> bool:
    """Whether recalculated odds below 1:1 forbid the next round (15.74): AWAW invasions, fortified hexes, French or
    Communist Chinese attacks; never airdrop battles; never in the house rules (house 15.74)."""
    if table != "awaw" or not odds(attack, defence).below_1_1:
        return False
    return any(s in FURTHER_ROUND_STOP_BELOW_1_1 for s in scopes)


# ---------------------------------------------------------------------------------------------------------------
# Defense multipliers (15.3; extract 1.9; A3R house intro, App. G, App. K)
# ---------------------------------------------------------------------------------------------------------------

DmVariant = Literal["awaw", "a3r_house"]


@dataclass(frozen=True, slots=True)
class DmSpec:
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


@dataclass(frozen=True, slots=True)
class DmClaim:
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


@dataclass(frozen=True, slots=True)
class DefendingUnit:
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


# ---------------------------------------------------------------------------------------------------------------
# Combat Results Table (15.6; house App. C-1)
# ---------------------------------------------------------------------------------------------------------------

_AWAW_CRT: Final[dict[OddsColumn, tuple[CombatResult, ...]]] = {
    "1:4": ("A", "A", "A", "A", "A", "Ex"),
    "1:3": ("A", "A", "A", "A", "Ex", "Ex"),
    "1:2": ("A", "A", "a", "Ex", "Ex", "Ex"),
    "1:1": ("A", "a", "Ex", "Ex-1", "Ex-2", "d"),
    "2:1": ("a", "Ex", "Ex-1", "Ex-2", "d", "D"),
    "3:1": ("Ex", "Ex-1", "Ex-2", "d", "D", "D"),
    "4:1": ("Ex-1", "Ex-2", "d", "D", "D", "D"),
    "5:1": ("Ex-2", "d", "D", "D", "D", "D"),
}

CRT: Final[dict[CrtTable, dict[OddsColumn, tuple[CombatResult, ...]]]] = {
    "awaw": _AWAW_CRT,
    "a3r_house": dict(_AWAW_CRT),
}
"""Combat Results Table 15.6: ``CRT[table][column][row - 1]`` for rows 1-6 (10-16 extract 1.7 [RECON, high
confidence]; checked against the clean rule-15 copy and the Suez example). The house App. C-1 table has identical
cells (A3R extract 2.3.1, 6.2). Ex-3 is not on the table; it only comes from 15.55C."""

ROUND_DRM_PER_PREVIOUS_ROUND: Final = 1
"""+1 to the attacker's die for each previous round of the attack (15.75)."""

CRT_MAX_ROW: Final = 6
"""The table stops at row 6. Modified rolls above 6 (rounds 2+) are read as row 6: the extracts' default (10-16
extract 1.7 and Q1; A3R extract Q7), flagged by :attr:`CrtLookup.clamped` so an audit can mark the round as needing
rule confirmation."""

RESULT_ORDER: Final[tuple[CombatResult, ...]] = ("A", "a", "Ex", "Ex-1", "Ex-2", "Ex-3", "d", "D")
"""Results from worst to best for the attacker (10-16 extract 1.7 check on the reading)."""


@dataclass(frozen=True, slots=True)
class CrtLookup:
    """One CRT reading: the modified die, the row read, whether it was clamped, and the result."""

    column: OddsColumn
    modified_die: int
    row: int
    clamped: bool
    result: CombatResult


def modified_combat_die(die: int, round_no: int = 1) -> int:
    """The attacker's die + 1 per previous round (15.75: +1 in round 2, +2 in round 3)."""
    _check_die(die)
    if round_no < 1:
        raise ValueError(f"rounds start at 1, got {round_no!r}")
    return die + ROUND_DRM_PER_PREVIOUS_ROUND * (round_no - 1)


def crt_lookup(column: OddsColumn, die: int, round_no: int = 1, *, table: CrtTable = "awaw") -> CrtLookup:
    """Read the CRT (15.6, 15.75; AUD-15-10, C-CRT-2). ``column`` may not be ``"below_1:4"`` (no roll, 15.52)."""
    if column not in CRT[table]:
        raise ValueError(f"no CRT column {column!r} (below 1:4 is not rolled)")
    modified = modified_combat_die(die, round_no)
    row = min(modified, CRT_MAX_ROW)
    return CrtLookup(column, modified, row, modified > CRT_MAX_ROW, CRT[table][column][row - 1])


def crt_result(column: OddsColumn, die: int, round_no: int = 1, *, table: CrtTable = "awaw") -> CombatResult:
    """The CRT result for ``column`` and an unmodified ``die`` in round ``round_no`` (15.6, 15.75), before any
    substitution (see :func:`permitted_results`)."""
    return crt_lookup(column, die, round_no, table=table).result


# --- substitutions (15.53-15.551; house 15.53-15.54) ------------------------------------------------------------

FortConversion = Literal["mandatory", "defender_option"]
"""How 15.55 treats Ex-2/D: ``mandatory`` = the 10-16 text ("are treated as"; d only at the defender's option), the
extract's reading and the default; ``defender_option`` = the clean rule-15 copy ("At the defender's option ... may be
treated as") for every conversion."""

FORT_CONVERSION_MANDATORY: Final[dict[int, dict[CombatResult, CombatResult]]] = {
    1: {"Ex-2": "Ex-1", "D": "Ex-1"},
    2: {"D": "Ex-2"},
    3: {"D": "Ex-3"},
}
"""15.55A-C: against forts and in invasion combat, by the lowest attacking CTL (1 = CTL <= 1, 3 = CTL >= 3)."""

FORT_CONVERSION_DEFENDER_OPTION: Final[dict[int, dict[CombatResult, CombatResult]]] = {
    1: {"d": "Ex-1"},
    2: {"d": "Ex-2"},
    3: {"d": "Ex-3"},
}
"""15.55A-C: the defender may treat a "d" as Ex-1/2/3 by the lowest attacking CTL."""


def fort_conversion_level(lowest_attacking_ctl: int) -> int:
    """The 15.55 line used: 1 for CTL <= 1, 2 for CTL 2, 3 for CTL >= 3 (15.55A-C, 15.551)."""
    return max(1, min(3, lowest_attacking_ctl))


@dataclass(frozen=True, slots=True)
class ResultContext:
    """Facts that decide which substitutions apply to an attack (15.53-15.551; house 15.53-15.54).

    * ``fort_scope``: AWAW 15.55 applies: invasion combat or an attack on a hex with a fortification or fortress
      (not beach defenses attacked from land, directional forts attacked from behind, tactical atomic attacks; see
      :func:`projections.rules.fortifications.mandatory_ex_applies`). Ignored by the house table (no 15.55).
    * ``lowest_attacking_ctl``: the lowest CTL among the round's attacking ground units (15.551).
    * ``initial_japanese_surprise_turn``: the 15.55 exception (51.721).
    * ``early_german``: 15.54 applies to this attack (see :func:`early_german_applies`).
    """

    table: CrtTable = "awaw"
    fort_scope: bool = False
    lowest_attacking_ctl: int = 1
    initial_japanese_surprise_turn: bool = False
    early_german: bool = False
    fort_conversion: FortConversion = "mandatory"


def _fort_step(result: CombatResult, ctx: ResultContext, *, defender_converts: bool) -> CombatResult:
    if ctx.table != "awaw" or not ctx.fort_scope or ctx.initial_japanese_surprise_turn:
        return result
    level = fort_conversion_level(ctx.lowest_attacking_ctl)
    mandatory = FORT_CONVERSION_MANDATORY[level]
    if result in mandatory and (ctx.fort_conversion == "mandatory" or defender_converts):
        return mandatory[result]
    optional = FORT_CONVERSION_DEFENDER_OPTION[level]
    if result in optional and defender_converts:
        return optional[result]
    return result


def _attacker_step(result: CombatResult, ctx: ResultContext, *, attacker_takes_ex: bool) -> CombatResult:
    if result == "d" and attacker_takes_ex:
        result = "Ex"  # 15.53; early German: the d -> Ex-1 of 15.53's exception follows from 15.54 below
    if result == "Ex" and ctx.early_german:
        result = "Ex-1"  # 15.54 (mandatory)
    return result


def final_result(
    rolled: CombatResult,
    ctx: ResultContext,
    *,
    attacker_takes_ex: bool = False,
    defender_converts: bool = False,
    defender_first: bool = True,
) -> CombatResult:
    """The result applied after substitutions (15.53-15.551; extract 5.2).

    ``attacker_takes_ex``: the attacker takes Ex for a d (15.53; Ex-1 in the early-German cases). ``defender_converts``:
    the defender uses his 15.55 option. ``defender_first``: which option is exercised first when both could apply
    to a "d" ([UNSURE] extract Q4; :func:`permitted_results` accepts either order).
    """
    if defender_first:
        result = _fort_step(rolled, ctx, defender_converts=defender_converts)
        return _attacker_step(result, ctx, attacker_takes_ex=attacker_takes_ex)
    result = _attacker_step(rolled, ctx, attacker_takes_ex=attacker_takes_ex)
    return _fort_step(result, ctx, defender_converts=defender_converts)


def permitted_results(rolled: CombatResult, ctx: ResultContext) -> frozenset[CombatResult]:
    """Every result the players may legally apply for a rolled result, over all the choices the rules give
    (15.53-15.551; AUD-15-11, C-CRT-2). A recorded result outside this set is a violation."""
    return frozenset(
        final_result(rolled, ctx, attacker_takes_ex=a, defender_converts=d, defender_first=f)
        for a in (False, True)
        for d in (False, True)
        for f in (False, True)
    )


def result_findings(rolled: CombatResult, recorded: CombatResult, ctx: ResultContext) -> tuple[Breach, ...]:
    """A recorded (applied) result must be one of :func:`permitted_results` (15.53-15.551)."""
    allowed = permitted_results(rolled, ctx)
    if recorded in allowed:
        return ()
    rule = "15.55" if ctx.fort_scope and ctx.table == "awaw" else ("15.54" if ctx.early_german else "15.53")
    options = ", ".join(r for r in RESULT_ORDER if r in allowed)
    return (Breach(rule, f"rolled {rolled}, recorded {recorded}; permitted: {options}"),)


def check_round_result(
    column: OddsColumn,
    die: int,
    round_no: int,
    recorded: CombatResult,
    ctx: ResultContext | None = None,
) -> tuple[Breach, ...]:
    """A round's recorded result against the CRT reading and the permitted substitutions (15.6, 15.75, 15.53-15.551)."""
    context = ctx or ResultContext()
    rolled = crt_result(column, die, round_no, table=context.table)
    return result_findings(rolled, recorded, context)


AttackKind = Literal["regular", "exploitation", "overrun"]
EarlyGermanArea = Literal["poland", "western_front", "gs_minor", "other"]
"""Where a German attack takes place, for 15.54: Poland; the western front; (AWAW full game) a minor country Germany
attacked in the final turn of Gathering Storm; elsewhere."""

EARLY_GERMAN_KINDS: Final[dict[CrtTable, frozenset[AttackKind]]] = {
    "awaw": frozenset({"exploitation"}),
    "a3r_house": frozenset({"exploitation", "overrun"}),
}
"""15.54 applies to exploitation attacks (AWAW; with at least one German armor) and also to overruns (house)."""

EARLY_GERMAN_WESTERN_TURNS: Final = 2
"""The first two Axis player turns with western-front offensive operations (15.54B)."""

EARLY_GERMAN_HOUSE_POLAND: Final[tuple[int, Season]] = (1939, "fall")
"""House/clean copy 15.54A: Poland in Fall 1939."""

EARLY_GERMAN_HOUSE_LAST_TURN: Final[tuple[int, Season]] = (1940, "summer")
"""House/clean copy 15.54B: no later than Summer 1940 ("normally Spring 1940 and Summer 1940")."""

EARLY_GERMAN_AWAW_MAX_TURNS_AFTER_WAR: Final = 4
"""AWAW 15.54B: no later than four turns after the outbreak of war."""


def early_german_window(
    area: EarlyGermanArea,
    *,
    table: CrtTable = "awaw",
    year: int,
    season: Season,
    western_offensive_turn: int | None = None,
    turns_since_war_began: int | None = None,
    edition: Literal["full", "classic"] = "full",
) -> bool:
    """Whether a German attack is in an early-German window (15.54; T-C7).

    ``western_offensive_turn``: 1 or 2 for the first two Axis player turns with western-front offensive ground or
    air operations (AWAW: not solely against Austria or Czechoslovakia). AWAW full game (10-16 text): A a minor
    Germany attacked in the final GS turn (``gs_minor``); B the western front, those two turns, no later than four
    turns after the war began. AWAW classic: Poland, and the first two turns of the German attack in the west.
    House (and the clean rule-15 copy): A Poland in Fall 1939; B the western front, those two turns, no later than
    Summer 1940.
    """
    western = area == "western_front" and western_offensive_turn is not None
    western = western and 1 <= (western_offensive_turn or 0) <= EARLY_GERMAN_WESTERN_TURNS
    if table == "a3r_house":
        if area == "poland":
            return (year, season) == EARLY_GERMAN_HOUSE_POLAND
        return western and not is_before(EARLY_GERMAN_HOUSE_LAST_TURN, (year, season))
    if edition == "classic":
        return area == "poland" or western
    if area == "gs_minor":
        return True
    if not western:
        return False
    return turns_since_war_began is None or turns_since_war_began <= EARLY_GERMAN_AWAW_MAX_TURNS_AFTER_WAR


def early_german_applies(*, kind: AttackKind, german: bool, in_window: bool, table: CrtTable = "awaw") -> bool:
    """15.54: Ex -> Ex-1 for German attacks of the listed kinds in the window. ``german``: AWAW, at least one German
    armor unit attacks; house, a German attack."""
    return german and in_window and kind in EARLY_GERMAN_KINDS[table]


# ---------------------------------------------------------------------------------------------------------------
# Loss requirements (15.61, 15.62; extract 5.3; house 2.3.3)
# ---------------------------------------------------------------------------------------------------------------

LossMeasure = Literal["face", "modified"]
DBase = Literal["ground_face", "ground_and_das_face"]
"""What a "d" halves: the defending ground face factors (AWAW extract default, Q2; DAS may still pay, 15.631) or
ground + DAS factors (house extract default, A3R Q10)."""

D_BASE_DEFAULT: Final[dict[CrtTable, DBase]] = {"awaw": "ground_face", "a3r_house": "ground_and_das_face"}


@dataclass(frozen=True, slots=True)
class SideLoss:
    """One side's loss requirement: ``everything`` or at least ``factors``, counted in ``measure`` (face factors, or
    DM-modified strength with DAS at its strength)."""

    everything: bool = False
    factors: int = 0
    measure: LossMeasure = "face"


@dataclass(frozen=True, slots=True)
class LossRequirement:
    """Both sides' losses for one result (15.61)."""

    result: CombatResult | Literal["below_1:4"]
    attacker: SideLoss
    defender: SideLoss


NO_LOSS: Final = SideLoss()
ALL: Final = SideLoss(everything=True)


def _cap(need: int, available: int) -> SideLoss:
    return ALL if need >= available else SideLoss(factors=need)


def ex_k_attacker_loss(defenders: Iterable[DefendingUnit], das: int, k: int) -> int:
    """Ex-k attacker loss: the defenders' ground factors at their DM lowered by k (never below 0) plus the DAS strength
    (15.61 Ex-1/2/3; EX-23: 6 factors at DM 3, Ex-1 -> 12; DT-06: 3 x 2 + 2 = 8)."""
    return sum(u.factors * max(0, max(DM_FLOOR, u.dm) - k) for u in defenders) + das


def losses_required(
    result: CombatResult,
    *,
    attack: int,
    defenders: Sequence[DefendingUnit],
    das_factors: int = 0,
    invasion: bool = False,
    table: CrtTable = "awaw",
    d_base: DBase | None = None,
) -> LossRequirement:
    """The factors each side must lose for ``result`` (15.61, 15.62 round up; house 2.3.3; extract 5.3).

    ``attack`` = attack strength (face factors + ground support + bombardment: the attacker's losses are counted in
    face factors). The defence strength is computed from ``defenders`` and DAS (tripled against invasions, and the
    tripled value counts for the attacker's losses, 18.611B). Ex at equal strengths: both sides lose everything
    (each side's "at least an equal number" is all it has). Air losses on D and after the last round: see
    :func:`involuntary_air_losses`.
    """
    das = das_strength(das_factors, invasion=invasion)
    dfn = defence_strength(defenders, das_factors, invasion=invasion)
    ground_face = sum(u.factors for u in defenders)
    if result == "none":
        return LossRequirement(result, NO_LOSS, NO_LOSS)
    if result == "A":
        return LossRequirement(result, _cap(dfn, attack), NO_LOSS)
    if result == "a":
        return LossRequirement(result, _cap(_ceil_div(dfn, 2), attack), NO_LOSS)
    if result == "Ex":
        if attack > dfn:
            return LossRequirement(result, SideLoss(factors=dfn), ALL)
        if attack < dfn:
            return LossRequirement(result, ALL, SideLoss(factors=attack, measure="modified"))
        return LossRequirement(result, ALL, ALL)
    if result in ("Ex-1", "Ex-2", "Ex-3"):
        k = int(result[-1])
        return LossRequirement(result, _cap(ex_k_attacker_loss(defenders, das, k), attack), ALL)
    if result == "d":
        base = d_base or D_BASE_DEFAULT[table]
        halved = ground_face + (das_factors if base == "ground_and_das_face" else 0)
        total = ground_face + das_factors
        return LossRequirement(result, NO_LOSS, _cap(_ceil_div(halved, 2), total))
    return LossRequirement(result, NO_LOSS, ALL)  # "D"


def automatic_elimination() -> LossRequirement:
    """Below 1:4: the attacker loses its entire force, the defender nothing, no roll (15.52)."""
    return LossRequirement(BELOW_1_4, ALL, NO_LOSS)


NeedFn = Callable[[frozenset[str]], int]


def loss_set_findings(
    lost: Collection[str],
    pool: Mapping[str, int],
    need: int | NeedFn | None,
    *,
    rule: str = "15.62",
) -> tuple[Breach, ...]:
    """Whether a set of units removed meets a loss requirement without unnecessary eliminations (15.62; 14.51).

    ``pool``: unit id -> value (face factors, or DM-modified strength when the requirement is "modified");
    ``need``: factors required, ``None`` for everything, or a function of the *surviving* unit ids (used for the mixed
    CTL rule 15.551). A set is legal when it is everything, or its total reaches the need and no unit in it could be
    spared (swapping a larger unit for a smaller one to save it is allowed, 15.62; DT-05, DT-08).
    """
    unknown = [u for u in lost if u not in pool]
    if unknown:
        raise ValueError(f"lost units not in the pool: {sorted(unknown)!r}")
    lost_set = frozenset(lost)
    everyone = frozenset(pool)

    def need_for(removed: frozenset[str]) -> int | None:
        if need is None or isinstance(need, int):
            return need
        return need(everyone - removed)

    def sufficient(removed: frozenset[str]) -> bool:
        if removed == everyone:
            return True
        required = need_for(removed)
        return required is not None and sum(pool[u] for u in removed) >= required

    if not sufficient(lost_set):
        required = need_for(lost_set)
        want = "everything" if required is None else f"{required}"
        return (Breach(rule, f"losses {sum(pool[u] for u in lost_set)} do not meet the requirement ({want})"),)
    spare = sorted(u for u in lost_set if sufficient(lost_set - {u}))
    if spare:
        return (Breach(rule, f"unnecessary losses: {spare!r} could be spared"),)
    return ()


@dataclass(frozen=True, slots=True)
class MixedCtlAttacker:
    """An attacking unit in a 15.551 mixed-CTL attack: its face factors and CTL. Air units: ``ctl=None`` (the lowest
    attacking CTL is read from ground units)."""

    factors: int
    ctl: int | None


def mixed_ctl_need(
    rolled: CombatResult,
    survivors: Iterable[MixedCtlAttacker],
    defenders: Sequence[DefendingUnit],
    das: int = 0,
) -> int:
    """15.551: the attacker's requirement recomputed for the lowest CTL among surviving ground attackers (EX-23).
    ``das`` is the DAS strength (already tripled for an invasion)."""
    ctls = [u.ctl for u in survivors if u.ctl is not None]
    if not ctls:
        return 0
    ctx = ResultContext(fort_scope=True, lowest_attacking_ctl=min(ctls))
    converted = _fort_step(rolled, ctx, defender_converts=True)
    if converted not in ("Ex-1", "Ex-2", "Ex-3"):
        return 0
    return ex_k_attacker_loss(defenders, das, int(converted[-1]))


def mixed_ctl_loss_findings(
    rolled: CombatResult,
    attackers: Mapping[str, MixedCtlAttacker],
    lost: Collection[str],
    defenders: Sequence[DefendingUnit],
    das: int = 0,
) -> tuple[Breach, ...]:
    """The attacker's losses in a mixed-CTL attack on a fortified hex (15.551; EX-23, the Suez example): legal when
    the requirement for the lowest CTL still present among survivors is met without unnecessary losses."""

    def need(survivor_ids: frozenset[str]) -> int:
        return mixed_ctl_need(rolled, (attackers[u] for u in survivor_ids), defenders, das)

    pool = {u: a.factors for u, a in attackers.items()}
    return loss_set_findings(lost, pool, need, rule="15.551")


# ---------------------------------------------------------------------------------------------------------------
# Rounds and CTLs (15.7, 15.8; house 15.71-15.72, 15.81-15.82)
# ---------------------------------------------------------------------------------------------------------------

RoundsModel = Literal["ctl", "nationality_date"]
"""AWAW: rounds gated by CTL (15.82A). House: by nationality and date (App. C-1 15.71, 15.72)."""


def rounds_allowed_by_ctl(ctl: int) -> int:
    """Rounds a unit with this CTL may fight: CTL <= 1 one round, CTL n n rounds (15.82A). The same for ground-support
    air and shore-bombarding or transporting naval units (15.82B); DAS is never limited."""
    return max(1, ctl)


def ctl_allows_round(ctl: int, round_no: int) -> bool:
    """Whether a unit of this CTL takes part in round ``round_no`` (15.71, 15.82A-B; DT-03)."""
    return rounds_allowed_by_ctl(ctl) >= round_no


CTL_PARTIAL_SUPPLY_OR_OIL: Final = -1
"""Ground units in partial supply or under army oil effects: CTL -1, not cumulative (15.81, 30.522A, 33.61C)."""

CTL_INVASION_BREAKTHROUGH: Final = -1
"""Armor exploiting from a breakthrough made by a seaborne invasion: CTL -1 during that exploitation (16.15)."""

PARTISAN_CTL: Final = 1
"""Partisans always have CTL 1, never raised by research (11.48)."""


def effective_ctl(
    faction_ctl: int, *, partial_supply_or_army_oil: bool = False, invasion_breakthrough_exploitation: bool = False
) -> int:
    """A unit's CTL after reductions (15.81, 16.15; AUD-15-15). The supply and oil -1 is counted once."""
    ctl = faction_ctl
    if partial_supply_or_army_oil:
        ctl += CTL_PARTIAL_SUPPLY_OR_OIL
    if invasion_breakthrough_exploitation:
        ctl += CTL_INVASION_BREAKTHROUGH
    return ctl


HouseNationality = Literal["germany", "italy", "britain", "france", "usa", "russia", "partisan", "other"]
"""Attacking nationalities for the house rounds table (App. C-1 15.71-15.72). ``other``: minors, Finns, Free French,
Vichy and anyone else the table does not name."""

Turn = tuple[int, Season]

HOUSE_ROUND_FROM: Final[dict[HouseNationality, tuple[Turn | None, Turn | None]]] = {
    "germany": ((0, "spring"), (1946, "spring")),
    "britain": ((1942, "summer"), (1946, "spring")),
    "france": ((1942, "summer"), (1946, "spring")),
    "usa": ((1942, "summer"), (1946, "spring")),
    "russia": ((1942, "summer"), (1946, "spring")),
    "italy": ((1946, "spring"), None),
    "partisan": (None, None),
    "other": (None, None),
}
"""House table 2.3.4: (first turn it may start round 2, first turn it may start rounds 3+); ``None`` = never.
Germany always (turn 0 stands for "always"); WA and Russia "after the start of the Summer 1942 turn"; all three from
1946 for round 3+; Italy round 2 from 1946, never round 3; partisans never (15.71, 15.72). Unlisted nationalities
fight one round only (A3R extract Q9 default)."""

MixedRounds = Literal["all_must_qualify", "qualifying_units_continue"]
"""House attacks with several nationalities: a further round only if every attacking nationality may start it (the
A3R extract Q9 default), or the qualifying units continue alone (like AWAW CTL drop-outs)."""


def house_may_start_round(nationality: HouseNationality, round_no: int, year: int, season: Season) -> bool:
    """Whether attackers of this nationality may start round ``round_no`` in this turn (house 15.71, 15.72; T-C6)."""
    if round_no <= 1:
        return True
    start = HOUSE_ROUND_FROM[nationality][0 if round_no == 2 else 1]
    return start is not None and not is_before((year, season), start)


def round_participants(
    round_no: int,
    attackers: Mapping[str, int | HouseNationality],
    *,
    model: RoundsModel = "ctl",
    year: int | None = None,
    season: Season | None = None,
    mixed: MixedRounds = "all_must_qualify",
) -> frozenset[str]:
    """The attacking units that may fight round ``round_no`` (15.71, 15.82A; house 15.71-15.72).

    ``attackers``: unit id -> CTL (``model="ctl"``) or house nationality (``model="nationality_date"``, which needs
    ``year`` and ``season``). An empty set means the attack may not continue.
    """
    if model == "ctl":
        return frozenset(u for u, c in attackers.items() if isinstance(c, int) and ctl_allows_round(c, round_no))
    if year is None or season is None:
        raise ValueError("the nationality_date model needs the year and season")
    ok = {u for u, n in attackers.items() if isinstance(n, str) and house_may_start_round(n, round_no, year, season)}
    if mixed == "all_must_qualify" and len(ok) != len(attackers):
        return frozenset()
    return frozenset(ok)


def next_round_findings(
    round_no: int,
    *,
    attackers_alive: int,
    defenders_alive: int,
    participants: Collection[str],
    attack: int | None = None,
    defence: int | None = None,
    scopes: Collection[MinOddsScope] = (),
    table: CrtTable = "awaw",
) -> tuple[Breach, ...]:
    """Whether round ``round_no`` (>= 2) may be fought (15.71-15.74; AUD-15-14, C-CRT-4): both sides still have a
    ground unit, some attacker may fight it (``participants`` from :func:`round_participants`), and (AWAW) the
    recalculated odds do not forbid it (15.74). ``attackers_alive``/``defenders_alive`` count ground units."""
    if round_no < 2:
        return ()
    rule = "15.71" if round_no == 2 else "15.72"
    out: list[Breach] = []
    if attackers_alive <= 0 or defenders_alive <= 0:
        out.append(Breach(rule, f"round {round_no} fought after one side lost all its ground units"))
    if not participants:
        why = "CTL" if table == "awaw" else "nationality and date"
        out.append(Breach("15.82A" if table == "awaw" else rule, f"no attacker may fight round {round_no} ({why})"))
    if (
        attack is not None
        and defence is not None
        and attack > 0
        and defence > 0
        and odds_stop_further_rounds(attack, defence, scopes, table=table)
    ):
        out.append(Breach("15.74", f"round {round_no} at {odds(attack, defence).ratio}: below 1:1 stops this attack"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# Support limits (15.632, 15.642, 18.614; house App. C-1, C-2)
# ---------------------------------------------------------------------------------------------------------------

AIR_SUPPORT_RATIO: Final = 3
"""The 3:1 air support limit: air factors supporting one side of a ground battle <= 3 x that side's ground factors at
face value, DMs ignored (18.614 for DAS; 15.632 "the 3:1 air support limit for ground combat" for ground support
[UNSURE: 18.55 is not in our sources; read as the same ratio against the attacking ground factors])."""

SHORE_BOMBARDMENT_RATIO: Final = 3
"""House 15.642: the 3:1 limit on shore bombardment, re-applied each round [UNSURE: read as fleet factors <= 3 x the
invading ground factors]. AWAW replaces it with a Naval Nationality DRM limit (21.526, not in our sources)."""


def air_support_limit(ground_factors: int) -> int:
    """Most air factors that may support ``ground_factors`` (face value) in one battle (18.614, 15.632)."""
    return AIR_SUPPORT_RATIO * ground_factors


def shore_bombardment_limit(ground_factors: int) -> int:
    """House: most shore-bombardment fleet factors for ``ground_factors`` invading (house 15.642)."""
    return SHORE_BOMBARDMENT_RATIO * ground_factors


def support_findings(
    *,
    ground_support: int = 0,
    attacking_ground_factors: int = 0,
    das: int = 0,
    defending_ground_factors: int = 0,
) -> tuple[Breach, ...]:
    """The 3:1 limits when ground combat is resolved: DAS <= 3 x defending ground face factors (18.614, C-AIR-5);
    ground support <= 3 x attacking ground face factors (15.632). Escorting jets are not counted (18.6141)."""
    out: list[Breach] = []
    if das > air_support_limit(defending_ground_factors):
        limit = air_support_limit(defending_ground_factors)
        out.append(Breach("18.614", f"DAS {das} exceeds 3 x {defending_ground_factors} = {limit}"))
    if ground_support > air_support_limit(attacking_ground_factors):
        limit = air_support_limit(attacking_ground_factors)
        out.append(
            Breach("15.632", f"ground support {ground_support} exceeds 3 x {attacking_ground_factors} = {limit}")
        )
    return tuple(out)


AirRatioModel = Literal["none", "non_final_rounds", "every_round"]
"""When air above the 3:1 limit after ground losses is eliminated (15.632): ``none`` = the 10-16 text (no such
rule; air survives unless the final result needs it); ``non_final_rounds`` = the clean rule-15 copy; ``every_round``
= house (final round included, and all supporting air dies with the last ground unit)."""

AIR_RATIO_DEFAULT: Final[dict[CrtTable, AirRatioModel]] = {"awaw": "none", "a3r_house": "every_round"}


def involuntary_air_losses(
    air_factors: int,
    surviving_ground_factors: int,
    *,
    final_round: bool,
    table: CrtTable = "awaw",
    model: AirRatioModel | None = None,
) -> int:
    """Air factors eliminated at the end of a round for exceeding 3:1 after ground losses (15.632; C-CRT-5)."""
    rule = model or AIR_RATIO_DEFAULT[table]
    if rule == "none" or (rule == "non_final_rounds" and final_round):
        return 0
    if rule == "every_round" and surviving_ground_factors == 0:
        return air_factors
    return max(0, air_factors - air_support_limit(surviving_ground_factors))


INVASION_DESTROYER_SHARE: Final = 3
"""At least one third (rounded down) of invasion-combat ground losses come from destroyers (15.642, 21.517H)."""


def invasion_destroyer_losses(total_attacker_losses: int) -> int:
    """Minimum destroyer factors among invasion-combat losses: floor(losses / 3) (15.642; AUD-15-13)."""
    return total_attacker_losses // INVASION_DESTROYER_SHARE


def fleet_loss_findings(fleet_losses: int, bombardment_factors: int) -> tuple[Breach, ...]:
    """Fleet factors taken as ground losses may not exceed the bombardment component (15.641B)."""
    if fleet_losses <= bombardment_factors:
        return ()
    return (Breach("15.641", f"{fleet_losses} fleet losses exceed the bombardment of {bombardment_factors}"),)


# ---------------------------------------------------------------------------------------------------------------
# Advance after combat and breakthroughs (15.9, 16.1)
# ---------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AdvanceCandidate:
    """A unit that advances after combat, with the facts 15.91-15.92 test."""

    unit: str
    attacked: bool = True
    survived_final_round: bool = True
    supplied: bool = True
    airdropped: bool = False
    defender: bool = False


def advance_findings(all_defenders_eliminated: bool, advancing: Iterable[AdvanceCandidate]) -> tuple[Breach, ...]:
    """Mechanical advance-after-combat checks (15.91, 15.92A, C, D; AUD-15-16). Stacking and the exploitation chain
    (15.92B, 16.47) need the map."""
    out: list[Breach] = []
    units = list(advancing)
    if units and not all_defenders_eliminated:
        out.append(Breach("15.91", "advance although not all defending ground units were eliminated"))
    for u in units:
        if u.defender:
            out.append(Breach("15.92D", f"defending unit {u.unit} advanced"))
        elif not (u.attacked and u.survived_final_round):
            out.append(Breach("15.91", f"{u.unit} did not fight and survive the final round"))
        elif not u.supplied:
            out.append(Breach("15.92A", f"unsupplied unit {u.unit} advanced"))
        elif u.airdropped:
            out.append(Breach("15.92C", f"airdropped unit {u.unit} must stay in its drop hex"))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class BreakthroughArmor:
    """An armor unit in the final round of an attack, with the 16.11A facts."""

    fully_supplied: bool
    mechanized_intact: bool
    ctl: int


BREAKTHROUGH_MIN_CTL: Final = 1
"""Armor with CTL 0 or less may not create breakthroughs or exploit (15.82C, 16.11A)."""


def breakthrough_findings(
    *,
    kind: AttackKind,
    all_defenders_eliminated: bool,
    final_round_armor: Iterable[BreakthroughArmor],
    advanced: bool,
    advanced_only_airdropped: bool = False,
) -> tuple[Breach, ...]:
    """Whether a claimed breakthrough qualifies (16.11, 16.13, 15.82C; AUD-16-01): a regular attack (not an overrun
    or exploitation attack) eliminated every defender, the final round had a fully supplied armor unit with its
    mechanized part intact and CTL >= 1, and some surviving attacker (not an airborne dropped on the hex) advanced."""
    out: list[Breach] = []
    if kind != "regular":
        out.append(Breach("16.13", f"no breakthrough from an {kind} attack"))
    if not all_defenders_eliminated:
        out.append(Breach("16.11", "defending ground units survived"))
    if not any(a.fully_supplied and a.mechanized_intact and a.ctl >= BREAKTHROUGH_MIN_CTL for a in final_round_armor):
        out.append(Breach("16.11A", "no fully supplied, mechanized armor with CTL >= 1 in the final round"))
    if not advanced or advanced_only_airdropped:
        out.append(Breach("16.11B", "no surviving attacker (other than a dropped airborne) advanced"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# Exploitation movement allowance (16.31, 15.82D; house 15.82; extract 1.12, 5.8)
# ---------------------------------------------------------------------------------------------------------------

BreakthroughTerrain = Literal["clear", "forest", "mountain", "swamp", "jungle", "jungle_mountain", "other"]

EUROPE_ROUGH_BREAKTHROUGH: Final[frozenset[BreakthroughTerrain]] = frozenset({"mountain", "forest", "swamp"})
"""Europe: exploiting from a breakthrough hex with mountain, forest or swamp costs -1 MF (16.31D)."""

EUROPE_ROUGH_BREAKTHROUGH_MF: Final = -1

PACIFIC_NO_EXPLOIT: Final[frozenset[BreakthroughTerrain]] = frozenset(
    {"mountain", "forest", "jungle", "jungle_mountain", "swamp"}
)
"""Pacific: no exploitation from breakthrough hexes with these terrains; Japanese armor may exploit from jungle
(16.31D)."""

RUSSIAN_IC_OBJECTIVE_MF: Final = -3
"""Exploiting from an IC or objective in Russia defended by 3+ ground factors: -3 MF (16.31E)."""

RUSSIAN_IC_OBJECTIVE_MIN_DEFENDERS: Final = 3

MIN_EXPLOITATION_MF: Final = 1
"""Always at least one hex (13.411, 16.31E)."""

ExploitOrder = Literal["halve_then_terrain", "terrain_then_halve"]
"""Order of the CTL-1 halving and the 16.31D -1 ([UNSURE] extract Q7/DT-11): the extract's pseudocode halves first
(default)."""


def exploitation_allowance(
    printed_mf: int,
    *,
    ctl: int,
    theater: Theater = "europe",
    breakthrough_terrain: BreakthroughTerrain = "clear",
    japanese: bool = False,
    russian_ic_or_objective_defenders: int = 0,
    invasion_breakthrough: bool = False,
    mechanized_intact: bool = True,
    order: ExploitOrder = "halve_then_terrain",
) -> int | None:
    """AWAW exploitation MF before weather, or ``None`` if the unit may not exploit (16.31, 15.82C-D, 16.15; DT-11).

    ``ctl`` is the faction CTL after 15.81 reductions; 16.15's -1 for invasion breakthroughs is applied here.
    ``russian_ic_or_objective_defenders``: the ground factors that defended a Russian IC/objective breakthrough hex
    (16.31E). Weather cuts are applied per area while moving (34.41; ``weather.exploiting_armor_movement``).
    """
    c = effective_ctl(ctl, invasion_breakthrough_exploitation=invasion_breakthrough)
    if c < BREAKTHROUGH_MIN_CTL or not mechanized_intact:
        return None
    pacific_blocked = theater == "pacific" and breakthrough_terrain in PACIFIC_NO_EXPLOIT
    if pacific_blocked and not (japanese and breakthrough_terrain == "jungle"):
        return None
    rough = theater == "europe" and breakthrough_terrain in EUROPE_ROUGH_BREAKTHROUGH
    mf = printed_mf
    if order == "terrain_then_halve" and rough:
        mf += EUROPE_ROUGH_BREAKTHROUGH_MF
    if c == 1:
        mf = _ceil_div(mf, 2)
    if order == "halve_then_terrain" and rough:
        mf += EUROPE_ROUGH_BREAKTHROUGH_MF
    if russian_ic_or_objective_defenders >= RUSSIAN_IC_OBJECTIVE_MIN_DEFENDERS:
        mf += RUSSIAN_IC_OBJECTIVE_MF
    return max(MIN_EXPLOITATION_MF, mf)


HOUSE_EXPLOIT_HALVED_UNTIL: Final[dict[HouseNationality, Turn]] = {
    "britain": (1942, "summer"),
    "france": (1942, "summer"),
    "usa": (1942, "summer"),
    "russia": (1942, "summer"),
    "italy": (1946, "spring"),
}
"""House 15.82: exploitation MA halved (round up, before weather) before the start of these turns: WA and Russian
armor before Summer 1942, Italian armor before 1946."""


def house_exploitation_allowance(printed_mf: int, nationality: HouseNationality, year: int, season: Season) -> int:
    """House exploitation MA before weather (house 15.82; T-C8: Russian MA 5 in Fall 1941 -> 3)."""
    until = HOUSE_EXPLOIT_HALVED_UNTIL.get(nationality)
    if until is not None and is_before((year, season), until):
        return _ceil_div(printed_mf, 2)
    return printed_mf


# ---------------------------------------------------------------------------------------------------------------
# Overruns (13.5, 15.34; extract 5.7)
# ---------------------------------------------------------------------------------------------------------------

OverrunUnitKind = Literal["armor", "mech_infantry", "other"]

OVERRUN_MAX_UNITS: Final = 2
"""No more than two armor or mechanized infantry units overrun together (13.52)."""

OVERRUN_EXTRA_MF: Final = 1
"""Each overrunning unit pays one extra MF to occupy the overrun hex (13.52, 13.41E)."""


@dataclass(frozen=True, slots=True)
class OverrunUnit:
    """An overrunning unit: kind, whether its mechanized part works, MF left before entering, cost to enter."""

    kind: OverrunUnitKind
    mechanized_intact: bool = True
    mf_left: int | None = None
    entry_cost: int = 1


def overrun_odds_ok(attack: int, defence: int) -> bool:
    """6:1 or better, with DMs and air on both sides (13.52, 15.34; DT-09)."""
    return odds(attack, defence).multiple >= OVERRUN_MIN_MULTIPLE


def overrun_findings(
    units: Sequence[OverrunUnit],
    *,
    attack: int,
    defence: int,
    same_hexside: bool = True,
    theater: Theater = "europe",
    beach_hex_by_invaders: bool = False,
) -> tuple[Breach, ...]:
    """Overrun legality arithmetic (13.51, 13.52, 13.58, 15.34; AUD-13-11 to 13-13, 13-18). ``attack`` = the
    overrunning factors + ground support; ``defence`` = factors x DM + surviving DAS (see :func:`defence_strength`).
    In the Pacific, mechanized infantry counts as infantry and may not overrun (10.12)."""
    out: list[Breach] = []
    if not 1 <= len(units) <= OVERRUN_MAX_UNITS:
        out.append(Breach("13.52", f"{len(units)} units overrun (1 or 2 allowed)"))
    if not any(u.kind == "armor" for u in units):
        out.append(Breach("13.52", "no armor unit in the overrun"))
    for i, u in enumerate(units):
        if u.kind == "other" or (u.kind == "mech_infantry" and theater == "pacific"):
            out.append(Breach("13.51", f"unit {i} ({u.kind}) may not overrun"))
        if not u.mechanized_intact:
            out.append(Breach("13.52", f"unit {i} has no functional mechanized component"))
        if u.mf_left is not None and u.mf_left < u.entry_cost + OVERRUN_EXTRA_MF:
            out.append(Breach("13.52", f"unit {i} lacks the MF to overrun ({u.mf_left} < {u.entry_cost} + 1)"))
    if not same_hexside:
        out.append(Breach("13.52", "overrunning units must enter through the same hexside"))
    if beach_hex_by_invaders:
        out.append(Breach("13.58", "invading units may not overrun the beach hex"))
    if attack <= 0 or defence <= 0 or not overrun_odds_ok(attack, defence):
        ratio = odds(attack, defence).ratio if attack > 0 and defence > 0 else f"{attack}:{defence}"
        out.append(Breach("13.52", f"overrun at {ratio}; 6:1 needed"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# Stacking (12, 15.47; extract 1.4)
# ---------------------------------------------------------------------------------------------------------------

StackHex = Literal[
    "standard", "pacific_island", "pacific_island_port", "bridgehead", "pearl_harbor", "mapboard_box", "breakthrough"
]
"""Kinds of hex for stacking. A bridgehead on a Pacific one-hex island is a ``pacific_island*`` (12.13)."""


@dataclass(frozen=True, slots=True)
class StackingLimit:
    """Limits in one kind of hex: non-specialized ground units, specialized units (airborne, Chindit, marine,
    commando) and flak factors; ``None`` = unlimited."""

    ground_units: int | None
    specialized: int | None
    flak_factors: int | None
    rule: str


SPECIALIZED_PER_HEX: Final = 3
FLAK_FACTORS_PER_HEX: Final = 3

STACKING_LIMITS: Final[dict[StackHex, StackingLimit]] = {
    "standard": StackingLimit(2, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11A, 12.12"),
    "pacific_island": StackingLimit(1, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11B, 12.12"),
    "pacific_island_port": StackingLimit(2, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.11B, 12.12"),
    "bridgehead": StackingLimit(5, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.13"),
    "pearl_harbor": StackingLimit(5, SPECIALIZED_PER_HEX, FLAK_FACTORS_PER_HEX, "12.19"),
    "mapboard_box": StackingLimit(None, None, None, "12.18"),
    "breakthrough": StackingLimit(None, None, None, "12.14, 16.23, 16.51 (until the end of redeployment)"),
}
"""Stacking limits (12.11-12.19; extract 1.4; DT-13). Specialized units and flak stack in addition to the ground
units "regardless of the presence of any other units" (12.12). Breakthrough hexes are unlimited until the end of the
attacker's redeployment phase (12.14)."""

PEARL_HARBOR_DEFENDERS: Final = 2
"""Only two non-specialized units count for Pearl Harbor's defense against a Japanese invasion or airdrop (12.19)."""


def stacking_findings(
    kind: StackHex, *, ground_units: int = 0, specialized_units: int = 0, flak_factors: int = 0
) -> tuple[Breach, ...]:
    """A final stack against the limits (12.11-12.19; AUD-12-01). Temporary overstacks (12.14-12.17) have their own
    deadlines and are not checked here."""
    limit = STACKING_LIMITS[kind]
    out: list[Breach] = []
    for count, cap, what in (
        (ground_units, limit.ground_units, "ground units"),
        (specialized_units, limit.specialized, "specialized units"),
        (flak_factors, limit.flak_factors, "flak factors"),
    ):
        if cap is not None and count > cap:
            out.append(Breach(limit.rule, f"{count} {what} in a {kind} hex (limit {cap})"))
    return tuple(out)


ATTACKERS_PER_HEX: Final = 2
"""Only two ground units may attack out of one hex (15.47), not counting the exempt kinds below."""

AttackerKind = Literal["ground", "breakthrough_armor", "airborne", "commando", "marine", "chindit", "shock_army"]

ATTACK_STACKING_EXEMPT: Final[frozenset[AttackerKind]] = frozenset(
    {"breakthrough_armor", "airborne", "commando", "marine", "chindit", "shock_army"}
)
"""Exceptions to 15.47: armor in a breakthrough hex (16.45), airborne, commandos, marines, Chindits, shock armies."""

SHOCK_ARMIES_PER_ATTACK: Final = 3
"""At most three shock armies (nine factors) per ground attack (12.16)."""


def attack_origin_findings(attackers_by_hex: Mapping[str, Sequence[AttackerKind]]) -> tuple[Breach, ...]:
    """At most two non-exempt ground units attack out of one hex, at most three shock armies per attack (15.47,
    12.16; AUD-15-08, AUD-12-03)."""
    out: list[Breach] = []
    shock = 0
    for hex_id, kinds in sorted(attackers_by_hex.items()):
        counted = sum(1 for k in kinds if k not in ATTACK_STACKING_EXEMPT)
        shock += sum(1 for k in kinds if k == "shock_army")
        if counted > ATTACKERS_PER_HEX:
            out.append(Breach("15.47", f"{counted} ground units attack out of {hex_id} (limit {ATTACKERS_PER_HEX})"))
    if shock > SHOCK_ARMIES_PER_ATTACK:
        out.append(Breach("12.16", f"{shock} shock armies in one attack (limit {SHOCK_ARMIES_PER_ATTACK})"))
    return tuple(out)
