"""Air combat (A3R house App. C-2: AWAW 17.5, 18.5-18.6, 19; optional rule ``air.combat = awaw_17_19_house``).

Sources: A3R extract 2.4 (tables and reading rules), 3.7 (checks C-AIR-1 to C-AIR-8), 6.3 and 7.3 (worked examples);
house text App. C-2 (17.5 jets, 18.52 counterair, 18.56 interception of DAS, 18.61 DAS, 19 air combat).

The Air Nationality DRMs come from A3R Table 26.6, which is not in our sources: callers pass each nationality's DRM
(Sweden and Finland are 0, 19.31A). Check functions return :class:`~projections.rules.oil.Breach` tuples;
``ValueError`` is only raised for misuse (dice outside 2-12, negative factors).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, Literal

import msgspec

from awaw_events.events.combat import AirCombatCase
from projections.rules.breach import Breach
from projections.rules.combat import air_support_limit, odds
from projections.rules.weather import AIR_DRM_LEVEL

AIR_OPTION: Final = "air.combat"
HOUSE_AIR: Final = "awaw_17_19_house"
"""The A3R option value that plays air combat by the house App. C-2 (A3R extract 1.2; not the default)."""


def house_air_combat(rules: str, options: Mapping[str, str]) -> bool:
    """Whether an A3R game plays air combat by the house App. C-2 (``air.combat = awaw_17_19_house``)."""
    return rules == "a3r" and options.get(AIR_OPTION, "a3r") == HOUSE_AIR


# ---------------------------------------------------------------------------------------------------------------
# Air Combat Table 19.2 (A3R extract 2.4.1)
# ---------------------------------------------------------------------------------------------------------------


class AirResult(msgspec.Struct, frozen=True):
    """An Air Combat Table result "x/y": x enemy factors (or squadrons) eliminated, y forced to abort (19.42)."""

    eliminated: int
    aborted: int

    def __add__(self, other: AirResult) -> AirResult:
        return AirResult(self.eliminated + other.eliminated, self.aborted + other.aborted)

    @property
    def label(self) -> str:
        return f"{self.eliminated}/{self.aborted}"


def _row(*cells: str) -> tuple[AirResult, ...]:
    out: list[AirResult] = []
    for cell in cells:
        e, _, a = cell.partition("/")
        out.append(AirResult(int(e), int(a)))
    return tuple(out)


AIR_DICE: Final = 4
"""An air combat round: both sides roll 2d6 at once (19.21), recorded as one roll of four dice (the attacker's 2d6,
then the defender's)."""

MIN_DICE: Final = 2
MAX_DICE: Final = 12
"""Each side rolls two dice (19.21); a modified roll below 2 counts as 2 (19.42); above 12 reads the "12+" column."""

MAX_ROW: Final = 20
"""The table has rows 1-20; larger forces read the 20 row plus the row making up the total (19.2 box)."""

AIR_COMBAT_TABLE: Final[dict[int, tuple[AirResult, ...]]] = {
    1: _row("0/0", "0/0", "0/1", "0/1", "1/0", "1/0", "1/1", "1/1", "1/2", "1/2", "1/3"),
    2: _row("0/1", "0/1", "1/0", "1/0", "1/1", "1/1", "1/2", "1/2", "1/3", "1/3", "2/2"),
    3: _row("1/0", "1/0", "1/1", "1/1", "1/2", "1/2", "1/3", "1/3", "2/2", "2/3", "2/4"),
    4: _row("1/1", "1/1", "1/2", "1/2", "1/3", "1/3", "2/2", "2/3", "2/4", "3/3", "3/4"),
    5: _row("1/2", "1/2", "1/3", "1/3", "2/2", "2/3", "2/4", "3/3", "3/4", "3/5", "4/4"),
    6: _row("1/2", "1/3", "1/3", "2/2", "2/3", "2/4", "3/3", "3/4", "3/5", "4/4", "4/5"),
    7: _row("1/3", "1/3", "2/2", "2/3", "2/4", "3/3", "3/4", "3/5", "4/4", "4/5", "4/6"),
    8: _row("1/3", "2/2", "2/3", "2/4", "3/3", "3/4", "3/5", "4/4", "4/5", "4/6", "5/5"),
    9: _row("2/2", "2/3", "2/4", "3/3", "3/4", "3/5", "4/4", "4/5", "4/6", "5/5", "5/6"),
    10: _row("2/3", "2/4", "3/3", "3/4", "3/5", "4/4", "4/5", "4/6", "5/5", "5/6", "5/7"),
    11: _row("2/4", "3/3", "3/4", "3/5", "4/4", "4/5", "4/6", "5/5", "5/6", "5/7", "6/6"),
    12: _row("3/3", "3/4", "3/5", "4/4", "4/5", "4/6", "5/5", "5/6", "5/7", "6/6", "6/7"),
    13: _row("3/4", "3/5", "4/4", "4/5", "4/6", "5/5", "5/6", "5/7", "6/6", "6/7", "6/8"),
    14: _row("3/5", "4/4", "4/5", "4/6", "5/5", "5/6", "5/7", "6/6", "6/7", "6/8", "7/7"),
    15: _row("4/4", "4/5", "4/6", "5/5", "5/6", "5/7", "6/6", "6/7", "6/8", "7/7", "7/8"),
    16: _row("4/5", "4/6", "5/5", "5/6", "5/7", "6/6", "6/7", "6/8", "7/7", "7/8", "7/9"),
    17: _row("4/6", "5/5", "5/6", "5/7", "6/6", "6/7", "6/8", "7/7", "7/8", "7/9", "8/8"),
    18: _row("5/5", "5/6", "5/7", "6/6", "6/7", "6/8", "7/7", "7/8", "7/9", "8/8", "8/9"),
    19: _row("5/6", "5/7", "6/6", "6/7", "6/8", "7/7", "7/8", "7/9", "8/8", "8/9", "8/10"),
    20: _row("5/7", "6/6", "6/7", "6/8", "7/7", "7/8", "7/9", "8/8", "8/9", "8/10", "9/9"),
}
"""Air Combat Table 19.2: ``AIR_COMBAT_TABLE[factors][dice - 2]`` for dice 2..12+ (A3R extract 2.4.1; row 1 prints
"0" for no result; row 15 dice 9 "6fl" read as 6/7 [RECON, certain: rows 5-20 follow one diagonal])."""


def clamp_air_dice(modified_roll: int) -> int:
    """Below 2 reads as 2 (19.42); above 12 reads the "12+" column (table)."""
    return max(MIN_DICE, min(MAX_DICE, modified_roll))


def air_combat_result(strength: int, modified_roll: int) -> AirResult:
    """The result a side inflicts with ``strength`` factors (or squadrons) and a modified 2d6 roll (19.2, 19.42).

    More than 20: the "20" row plus the row needed to make up the total, the roll unmodified for size (19.2 box);
    above 40 the 20 row is repeated (A3R Q18 default; T-AIR3: 27 factors, roll 7 -> 7/8 + 3/3 = 10/11).
    """
    if strength < 0:
        raise ValueError(f"negative air strength {strength!r}")
    col = clamp_air_dice(modified_roll) - MIN_DICE
    total = AirResult(0, 0)
    left = strength
    while left > 0:
        chunk = min(left, MAX_ROW)
        total = total + AIR_COMBAT_TABLE[chunk][col]
        left -= chunk
    return total


# ---------------------------------------------------------------------------------------------------------------
# Strength (17.55) and modifiers (19.31, 17.56; App. K)
# ---------------------------------------------------------------------------------------------------------------

JET_AAF_EQUIVALENT: Final = 3
"""Each jet factor counts as three AAF for the attack level (17.55)."""

SQUADRONS_PER_AIR_FACTOR: Final = 3
"""Against NAS, forces are counted in squadrons: 1 air factor = 3 squadrons; 1 jet factor = 3 jet squadrons, each
worth 3 air squadrons (17.55)."""

JET_SQUADRONS_PER_JET_MODIFIER: Final = 3
"""+/-1 per jet factor, or per three jet squadrons, engaged (19.31B, 17.56)."""


def air_combat_strength(army_air: int = 0, jets: int = 0, nas_squadrons: int = 0, *, in_squadrons: bool = False) -> int:
    """The row a side reads (C-AIR-1): AAF + 3 x jet factors; in squadrons when NAS are involved (3 per AAF, 9 per
    jet factor, plus the NAS squadrons) (17.55, 19.42)."""
    if min(army_air, jets, nas_squadrons) < 0:
        raise ValueError("negative air factors")
    if not in_squadrons:
        if nas_squadrons:
            raise ValueError("NAS squadrons need in_squadrons=True")
        return army_air + JET_AAF_EQUIVALENT * jets
    return SQUADRONS_PER_AIR_FACTOR * army_air + SQUADRONS_PER_AIR_FACTOR * JET_AAF_EQUIVALENT * jets + nas_squadrons


HOUSE_NATIONALITY_DRM_OVERRIDES: Final[dict[str, int]] = {"sweden": 0, "finland": 0}
"""19.31A: the Air Nationality DRM of Sweden and Finland is 0 (the others come from A3R Table 26.6)."""

WINTER_AIR_DRM: Final = -1
"""App. K: Air Nationality DRM -1 at winter level 8 or more (``weather.AIR_DRM_LEVEL``)."""

RUSSIAN_UNPREPARED_AIR_DRM: Final = -1
"""App. E approach 2: -1 Russian Air Nationality DRM at RGT 20-29 at the DoW."""

AIR_COVER_MODIFIER: Final = -1
"""19.31C: an adverse 1 for a force attacking naval units at sea that meets defending air cover."""


def nationality_drm(
    base: int, *, nationality: str = "", winter_level: int | None = None, russian_unprepared: bool = False
) -> int:
    """One nationality's Air Nationality DRM with the house adjustments (19.31A; App. K level 8; App. E)."""
    drm = HOUSE_NATIONALITY_DRM_OVERRIDES.get(nationality, base)
    if winter_level is not None and winter_level >= AIR_DRM_LEVEL:
        drm += WINTER_AIR_DRM
    if russian_unprepared:
        drm += RUSSIAN_UNPREPARED_AIR_DRM
    return drm


class AirSide(msgspec.Struct, frozen=True):
    """One side of an air combat round: the Air Nationality DRMs of the nationalities still present, jet factors
    engaged, and whether it attacks naval units at sea against air cover (19.31)."""

    nationality_drms: Sequence[int] = (0,)
    jets: int = 0
    jet_squadrons: int = 0
    attacking_naval_units_vs_air_cover: bool = False

    @property
    def drm(self) -> int:
        """A mixed side uses its lowest DRM (19.31A)."""
        return min(self.nationality_drms) if self.nationality_drms else 0

    @property
    def jet_count(self) -> int:
        """Jet factors for the modifier: factors + squadrons / 3 (17.56)."""
        return self.jets + self.jet_squadrons // JET_SQUADRONS_PER_JET_MODIFIER


def air_combat_modifier(side: AirSide, enemy: AirSide) -> int:
    """The net modifier to ``side``'s roll; the enemy's is its negative (19.31; C-AIR-2; T-AIR2, T-AIR4).

    Nationality: the difference of the two sides' (lowest) DRMs; jets: +/-1 per net jet factor; air cover: an
    adverse 1 for the side attacking naval units at sea.
    """
    total = side.drm - enemy.drm
    total += side.jet_count - enemy.jet_count
    if side.attacking_naval_units_vs_air_cover:
        total += AIR_COVER_MODIFIER
    if enemy.attacking_naval_units_vs_air_cover:
        total -= AIR_COVER_MODIFIER
    return total


class AirRound(msgspec.Struct, frozen=True):
    """One simultaneous round: each side's strength, modifier, modified roll and the result it inflicts (19.41)."""

    a_strength: int
    b_strength: int
    a_modifier: int
    b_modifier: int
    a_roll: int
    b_roll: int
    a_inflicts: AirResult
    b_inflicts: AirResult


def air_combat_round(a_strength: int, a_dice: int, b_strength: int, b_dice: int, a: AirSide, b: AirSide) -> AirRound:
    """Resolve one round: both sides roll 2d6 with equal and opposite modifiers, sizes taken before losses (19.21,
    19.31, 19.41). ``*_dice`` are the unmodified 2d6 totals."""
    for dice in (a_dice, b_dice):
        if not MIN_DICE <= dice <= MAX_DICE:
            raise ValueError(f"2d6 is 2-12, got {dice!r}")
    mod = air_combat_modifier(a, b)
    a_roll, b_roll = a_dice + mod, b_dice - mod
    return AirRound(
        a_strength,
        b_strength,
        mod,
        -mod,
        a_roll,
        b_roll,
        air_combat_result(a_strength, a_roll),
        air_combat_result(b_strength, b_roll),
    )


def air_round_findings(
    strength: int, modified_roll: int, *, recorded_eliminated: int, recorded_aborted: int, enemy_factors: int
) -> tuple[Breach, ...]:
    """A recorded result against the table: eliminations as the table gives (capped at the enemy force), aborts at
    most the table's (excess aborts are ignored, 19.42; C-AIR-3)."""
    res = air_combat_result(strength, modified_roll)
    want_elim = min(res.eliminated, enemy_factors)
    max_abort = min(res.aborted, enemy_factors - want_elim)
    out: list[Breach] = []
    if recorded_eliminated != want_elim:
        out.append(Breach("19.42", f"{recorded_eliminated} eliminated, table gives {res.label} -> {want_elim}"))
    if recorded_aborted != max_abort:
        out.append(Breach("19.42", f"{recorded_aborted} aborted, table gives {res.label} -> {max_abort}"))
    return tuple(out)


# ---------------------------------------------------------------------------------------------------------------
# Mixed-force losses (19.6) and counterair (19.64)
# ---------------------------------------------------------------------------------------------------------------


class AirType(msgspec.Struct, frozen=True):
    """One "type" of a mixed force: a nationality, or army air vs jets (19.61); its factors and Air Nationality DRM."""

    name: str
    factors: int
    drm: int = 0


class AirLossAllocation(msgspec.Struct, frozen=True):
    """Losses per type: (eliminated, aborted). ``owner_choice``: types tied on factors and DRM, so the owner chooses
    which takes the remnant (19.62): any permutation among tied types is legal."""

    per_type: Mapping[str, AirResult]
    owner_choice: bool


RemnantRule = Literal["largest_type", "spread"]
"""19.61 "any remnant being taken by the type having the most factors" (``largest_type``, default) or spread over
the types in priority order, "as equally as possible" (19.63) (they differ only with 3+ types)."""


def _priority(types: Sequence[AirType]) -> list[AirType]:
    return sorted(types, key=lambda t: (-t.factors, t.drm, t.name))


def _deal(quota: list[int], cap: list[int], amount: int) -> None:
    while amount > 0 and any(q < c for q, c in zip(quota, cap, strict=True)):
        for i in range(len(quota)):
            if amount and quota[i] < cap[i]:
                quota[i] += 1
                amount -= 1


def allocate_air_losses(
    result: AirResult, types: Sequence[AirType], *, remnant: RemnantRule = "largest_type"
) -> AirLossAllocation:
    """Share a result among the types of a mixed force (19.61-19.63; T-AIR1: 1/1 against 3 US + 1 UK AAF -> one US
    eliminated, one UK aborted).

    Eliminations and aborts are totalled and shared as equally as possible, the remnant to the type with the most
    factors (tie: the lower DRM; still tied: the owner's choice, 19.62); then eliminations are assigned first, in
    priority order, and the rest of each share are aborts. No type loses more than it has; excess aborts are ignored.
    """
    order = _priority([t for t in types if t.factors > 0])
    if not order:
        return AirLossAllocation({}, False)
    total_factors = sum(t.factors for t in order)
    elim = min(result.eliminated, total_factors)
    total = min(elim + result.aborted, total_factors)
    cap = [t.factors for t in order]
    n = len(order)
    quota = [min(total // n, c) for c in cap]
    rest = total - sum(quota)
    if remnant == "largest_type":
        take = min(total % n, cap[0] - quota[0])
        quota[0] += take
        rest -= take
    _deal(quota, cap, rest)
    elims = [0] * n
    _deal(elims, quota, elim)
    per_type = {t.name: AirResult(e, q - e) for t, e, q in zip(order, elims, quota, strict=True)}
    keys = [(t.factors, t.drm) for t in order]
    return AirLossAllocation(per_type, len(set(keys)) != len(keys))


def air_loss_findings(
    result: AirResult,
    types: Sequence[AirType],
    recorded: Mapping[str, AirResult],
    *,
    remnant: RemnantRule = "largest_type",
) -> tuple[Breach, ...]:
    """Recorded mixed-force losses against :func:`allocate_air_losses`; among types tied on factors and DRM any
    permutation is accepted (19.62; C-AIR-3)."""
    alloc = allocate_air_losses(result, types, remnant=remnant)
    groups: dict[tuple[int, int], list[str]] = {}
    for t in types:
        if t.factors > 0:
            groups.setdefault((t.factors, t.drm), []).append(t.name)
    out: list[Breach] = []
    zero = AirResult(0, 0)
    for names in groups.values():
        want = sorted((alloc.per_type[n].eliminated, alloc.per_type[n].aborted) for n in names)
        got = sorted((recorded.get(n, zero).eliminated, recorded.get(n, zero).aborted) for n in names)
        if want != got:
            out.append(Breach("19.6", f"losses for {', '.join(names)}: recorded {got}, expected {want}"))
    return tuple(out)


class CounterairLosses(msgspec.Struct, frozen=True):
    """Counterair results against a hex with uninverted and inverted units (19.64)."""

    uninverted_eliminated: int
    uninverted_aborted: int
    inverted_eliminated: int


def counterair_losses(result: AirResult, *, uninverted: int, inverted: int) -> CounterairLosses:
    """19.64: results hit uninverted units first; surplus eliminations then hit inverted units; aborts have no
    effect on inverted units."""
    ue = min(result.eliminated, uninverted)
    ie = min(result.eliminated - ue, inverted)
    ua = min(result.aborted, uninverted - ue)
    return CounterairLosses(ue, ua, ie)


# ---------------------------------------------------------------------------------------------------------------
# Jets (17.5) and mission numbers (18.52, 18.56, 18.61, 19.1)
# ---------------------------------------------------------------------------------------------------------------

AirMission = Literal[
    "counterair",
    "escort_attack_naval_in_port",
    "escort_bombing",
    "intercept_das",
    "escort_das",
    "oppose_bombing",
    "intercept_air_transport",
    "counter_intercept_air_transport",
    "air_cover",
    "attack_naval",
    "escort_attack_naval_at_sea",
    "bombing",
    "ground_support",
    "das",
]

JET_MISSIONS: Final[frozenset[AirMission]] = frozenset(
    {
        "counterair",
        "escort_attack_naval_in_port",
        "escort_bombing",
        "intercept_das",
        "escort_das",
        "oppose_bombing",
        "intercept_air_transport",
        "counter_intercept_air_transport",
    }
)
"""Missions jets may fly (17.53A-H); the others are forbidden (17.531)."""

JET_FORBIDDEN_FLOWN: Final = frozenset({"das", "deferred_das", "ground_support", "bombing", "shore_bombardment"})
"""``air_mission_flown`` missions jets never fly (17.531: no air cover, attacks on naval units, bombing, ground
support or DAS); the event's coarser ``interception``, ``escort`` and ``counterair`` may be jet missions (17.53)."""

JET_PROJECT: Final = "jet"
"""Research results whose project names jets (``research_result.project``; 17.54: a 13+ result)."""

JET_BRP_COST: Final = 3
"""Each jet factor costs 3 BRPs (17.54)."""

JET_RESEARCH_RESULT: Final = 13
"""Jets may be built only after a "13+" jet research result (17.54)."""


def jet_findings(mission: AirMission) -> tuple[Breach, ...]:
    """Jets fly only the 17.53 missions (17.531; C-AIR-4)."""
    if mission in JET_MISSIONS:
        return ()
    return (Breach("17.531", f"jets may not fly {mission}"),)


def jet_build_findings(factors: int, brps_paid: int, best_research_result: int | None) -> tuple[Breach, ...]:
    """Jet construction: 3 BRPs per factor, only after a 13+ result (17.54; C-AIR-4)."""
    out: list[Breach] = []
    if best_research_result is None or best_research_result < JET_RESEARCH_RESULT:
        out.append(Breach("17.54", f"jets built without a {JET_RESEARCH_RESULT}+ research result"))
    if brps_paid != JET_BRP_COST * factors:
        out.append(Breach("17.54", f"{factors} jet factors cost {JET_BRP_COST * factors} BRPs, paid {brps_paid}"))
    return tuple(out)


def das_limit(defending_ground_factors: int) -> int:
    """DAS that may join a ground combat: 3 x the defending ground factors, DMs ignored; escorting jets excluded
    (18.614, 18.6141; C-AIR-5)."""
    return air_support_limit(defending_ground_factors)


def das_findings(das_factors: int, defending_ground_factors: int) -> tuple[Breach, ...]:
    """DAS joining the ground combat may not exceed the 3:1 limit (18.614). Extra committed factors are allowed but
    take no part (18.614A-C); record only the participating ones here."""
    limit = das_limit(defending_ground_factors)
    if das_factors <= limit:
        return ()
    return (Breach("18.614", f"{das_factors} DAS factors exceed 3 x {defending_ground_factors} = {limit}"),)


def deferred_das_allowed(attack: int, defence: int) -> bool:
    """Deferred DAS only against an announced attack at odds below 1:1; the attacker must then complete the attack
    (18.619; C-AIR-7)."""
    return odds(attack, defence).below_1_1


SINGLE_ROUND_CASES: Final[dict[Literal["a3r_house", "awaw"], frozenset[AirCombatCase]]] = {
    "a3r_house": frozenset({"counterair_naval_base"}),
    "awaw": frozenset(
        {
            "counterair_naval_base",
            "air_transport",
            "naval_at_sea",
            "strategic_bombing",
            "carrier_strike_land_base",
            "naval_patrol",
        }
    ),
}
"""Air combats limited to one round (per naval round / per hex) (19.12; C-AIR-8). House: only counterair from
land-based air attacks on naval bases; AWAW-HT lists more (A3R extract 6.3, option ``air.single_round_cases``).
Otherwise air combat goes on until one side is eliminated or withdraws (19.11)."""


def air_rounds_findings(
    case: AirCombatCase, rounds: int, *, rules: Literal["a3r_house", "awaw"] = "a3r_house"
) -> tuple[Breach, ...]:
    """More than one air round where 19.12 allows only one (C-AIR-8)."""
    if rounds > 1 and case in SINGLE_ROUND_CASES[rules]:
        return (Breach("19.12", f"{rounds} air combat rounds in a single-round case ({case})"),)
    return ()
