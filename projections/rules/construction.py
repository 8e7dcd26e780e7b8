"""Unit construction: BRP costs, cost multipliers, construction oil, construction limits and sub-limits (rule 27).

Sources: 27-30 extract sections 1.1-1.7, 2.1-2.5, 6.14 and 7, checked against the seed text (27.11-27.61). The
A3R house rule ``econ.same_turn_rebuild`` (A3R extract 1.2 option 14) is the ``same_turn_rebuild`` keyword.
Naval construction (27.7) is in :mod:`projections.rules.naval`.

Everything here is integer arithmetic; fractions round down where the rules say "rounded down" (27.32A, 27.331,
27.334, 27.34A). Checks return :class:`RuleBreach` records; ``ValueError`` is raised only for impossible input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, cast

from awaw_events.events.economy import LossCause
from awaw_events.events.units import MULTIPLIER_CAUSES, EliminationCause
from awaw_events.options import LIMIT_COUNTS_REPAIRS, SAME_TURN_REBUILD
from awaw_events.vocab import (
    AIR_TYPES,
    FACTION_OF_POWER,
    GROUND_TYPES,
    POWERS,
    SIDE_OF_FACTION,
    Faction,
    Phase,
    Power,
    UnitType,
)
from projections.core import Meta
from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------------
# Shared result record
# ---------------------------------------------------------------------------------------------------------------------


RuleBreach = Breach
"""The rules modules' one breach record (:class:`projections.rules.breach.Breach`), by its older name here."""


Variant = Literal["classic", "full"]
"""Classic AWAW fixes the Gathering Storm / Storm Over Asia results; ``full`` uses them (27-30 extract 5.7)."""

SameTurnRebuild = Literal["double_cost", "a3r"]
"""A3R option ``econ.same_turn_rebuild`` (A3R extract 1.2 #14). ``double_cost`` is AWAW 27.13A / 30.544 and the
house package value; ``a3r`` switches the same-turn penalty off here (the standard A3R rule is not in the project's
sources, so no other penalty is applied)."""


def same_turn_rebuild(meta: Meta) -> SameTurnRebuild:
    """The game's reading of option ``econ.same_turn_rebuild``: AWAW games always double (27.13A)."""
    if meta.rules != "a3r":
        return "double_cost"
    return "a3r" if meta.option(SAME_TURN_REBUILD, "double_cost") == "a3r" else "double_cost"


# ---------------------------------------------------------------------------------------------------------------------
# 1. BRP costs (27.11, 27.12)
# ---------------------------------------------------------------------------------------------------------------------

BRP_COST_PER_FACTOR: Final[Mapping[UnitType, int]] = {
    # 27.11A: one BRP per factor
    "infantry": 1,
    "mech_infantry": 1,  # [interpretation] WA mechanized infantry is infantry (10.1, 10.12); 27.11A "Infantry"
    "replacement": 1,
    "nas": 1,
    "kamikaze": 1,
    "flak": 1,
    # 27.11B: two BRPs per factor
    "armor": 2,
    "partisan": 2,
    # 27.11C: three BRPs per factor -- specialized units
    "airborne": 3,
    "chindit": 3,
    "marine": 3,
    "snlf": 3,  # Japanese SNLF are priced as marines (10-16 extract 7.1: "Marines (U.S.) / SNLF (Japan) ... 3 BRPs")
    "commando": 3,
    # 27.11C: air units
    "aaf": 3,
    "jet": 3,
    "air_transport": 3,
    "strategic_bomber": 3,
    "interceptor": 3,
    # 27.11C, 27.72: naval units (3 BRPs and 1 SB per factor; schedule in 27.7)
    "dd": 3,
    "cve": 3,
    "ca": 3,
    "bb": 3,
    "bc": 3,
    "pb": 3,
    "cv": 3,
    "cvb": 3,
    "cvl": 3,
    "transport": 3,
    "submarine": 3,
    "asw": 3,
}
"""BRPs per combat factor at normal cost, rule 27.11A-C and the BRP Costs Chart 27.12 (27-30 extract 1.1-1.2).

The 27.12 chart omits air transports; 27.11C prices them at 3. Naval units pay in installments (27.7)."""

SPECIALIZED_TYPES: Final[frozenset[UnitType]] = frozenset({"airborne", "chindit", "marine", "snlf", "commando"})
"""Specialized units, 27.11C; they may not be rebuilt in the player turn of their elimination (27.21).
SNLF are included as the Japanese marines (10-16 extract 7.1, 10.71)."""

CounterItem = Literal["fortification", "railhead", "beach_defense", "port"]
"""Counters priced per counter rather than per factor (27.11D-F)."""


@dataclass(frozen=True, slots=True)
class CounterCost:
    """``brps`` buys ``counters`` counters (beach defenses come two to a purchase, 27.11E)."""

    brps: int
    counters: int
    rule: str


BRP_COST_PER_COUNTER: Final[Mapping[CounterItem, CounterCost]] = {
    "fortification": CounterCost(5, 1, "27.11D"),
    "railhead": CounterCost(5, 1, "27.11D, 28.652A"),
    "beach_defense": CounterCost(5, 2, "27.11E"),
    "port": CounterCost(10, 1, "27.11F"),
}
"""Per-counter costs, 27.11D-F / BRP Costs Chart 27.12. Railheads also cost RPs (28.652B, see redeployment)."""

WarTarget = Literal["major", "minor"]

DECLARATION_OF_WAR_COST: Final[Mapping[WarTarget, int]] = {"major": 35, "minor": 10}
"""BRPs to declare war on a major / minor power, BRP Costs Chart 27.12."""

FULL_OFFENSIVE_COST: Final[int] = 15
"""BRPs for a full offensive, BRP Costs Chart 27.12 (A3R 9.63 the same)."""

# The limited/participation offensive per-factor costs of the 27.12 chart were lost in the OCR and belong to rule 9
# (27-30 extract 1.2 [UNSURE], open question 1); they are deliberately not encoded here.


def unit_cost(unit_type: UnitType, factors: int) -> int:
    """Normal BRP cost of ``factors`` combat factors of ``unit_type``: rate x factors (27.11A-C, 27.12)."""
    if factors < 0:
        raise ValueError(f"factors must be >= 0, got {factors!r}")
    return BRP_COST_PER_FACTOR[unit_type] * factors


def counter_cost(item: CounterItem, counters: int) -> int:
    """Normal BRP cost of ``counters`` fortification / railhead / beach-defense / port counters (27.11D-F).

    Beach defenses cost 5 BRPs per **two** counters (27.11E); an odd number is charged for the whole last pair
    [interpretation: counters come two to a purchase]. An auditor flags odd purchases with
    :data:`BEACH_DEFENSE_COUNTERS_PER_PURCHASE`.
    """
    if counters < 0:
        raise ValueError(f"counters must be >= 0, got {counters!r}")
    cost = BRP_COST_PER_COUNTER[item]
    purchases = -(-counters // cost.counters)
    return purchases * cost.brps


BEACH_DEFENSE_COUNTERS_PER_PURCHASE: Final[int] = BRP_COST_PER_COUNTER["beach_defense"].counters
"""Beach defenses are bought two counters for 5 BRPs (27.11E)."""

# ---------------------------------------------------------------------------------------------------------------------
# 2. Multipliers (27.13, 27.14, 27.35B-C, 30.544) and construction oil (27.35)
# ---------------------------------------------------------------------------------------------------------------------

SAME_TURN_PENALTY_CAUSES: Final[frozenset[EliminationCause]] = frozenset(MULTIPLIER_CAUSES)
"""Eliminations that double a rebuild in the same game turn: isolation, isolated unpaid offensive (9.82),
voluntary (27.13A, 30.544). "Turn" is the game turn (30.544)."""

Multiplier = Literal[1, 2, 3]

MULTIPLIER_BY_PENALTIES: Final[tuple[Multiplier, Multiplier, Multiplier]] = (1, 2, 3)
"""Cost multiplier by number of penalties (same-turn rebuild, construction oil): x1, x2, x3 -- never x4 (27.14)."""


def same_turn_penalty(
    eliminated_this_game_turn_by: EliminationCause | None,
    *,
    same_turn_rebuild: SameTurnRebuild = "double_cost",
) -> bool:
    """Whether a rebuild carries the same-game-turn penalty (27.13A, 30.544; A3R option 14)."""
    if same_turn_rebuild == "a3r":
        return False
    return eliminated_this_game_turn_by in SAME_TURN_PENALTY_CAUSES


def cost_multiplier(
    eliminated_this_game_turn_by: EliminationCause | None,
    oil_covered: bool,
    *,
    same_turn_rebuild: SameTurnRebuild = "double_cost",
) -> Multiplier:
    """Multiplier on the 27.11 cost: x2 same-turn rebuild (27.13A), x2 not oil-covered (27.13B, 27.35B), x3 both
    (27.14, 27.35C).

    ``eliminated_this_game_turn_by`` is the cause of the unit's elimination **in the current game turn**, or
    ``None`` if it was not eliminated this game turn (a rebuild in a later turn pays normal cost, 27.13A).
    """
    penalties = int(same_turn_penalty(eliminated_this_game_turn_by, same_turn_rebuild=same_turn_rebuild))
    penalties += 0 if oil_covered else 1
    return MULTIPLIER_BY_PENALTIES[penalties]


def build_cost(
    unit_type: UnitType,
    factors: int,
    *,
    eliminated_this_game_turn_by: EliminationCause | None = None,
    oil_covered: bool = True,
    same_turn_rebuild: SameTurnRebuild = "double_cost",
) -> int:
    """BRPs actually paid for a unit: :func:`unit_cost` x :func:`cost_multiplier` (27.11-27.14)."""
    mult = cost_multiplier(eliminated_this_game_turn_by, oil_covered, same_turn_rebuild=same_turn_rebuild)
    return unit_cost(unit_type, factors) * mult


BUILD_PHASES: Final[frozenset[Phase]] = frozenset({"unit_construction"})
"""Units, ships and railheads are built in the unit construction phase (27.11, 27.91B)."""

RESEARCH_BUILD_TYPES: Final[frozenset[UnitType]] = frozenset({"interceptor", "strategic_bomber"})
"""Newly produced interceptors and strategic bombers may also be built at the end of the research phase, and are
then placed uninverted (27.91A)."""

RESEARCH_BUILD_PHASES: Final[frozenset[Phase]] = frozenset({"research", "sw"})
"""Where 27.91A builds may be recorded: the end of the research phase, before SW resolution."""


def build_phases(unit_type: UnitType | None) -> frozenset[Phase]:
    """The phases in which a unit of ``unit_type`` (``None``: a ship step or a railhead) may be built (27.11, 27.91)."""
    if unit_type in RESEARCH_BUILD_TYPES:
        return BUILD_PHASES | RESEARCH_BUILD_PHASES
    return BUILD_PHASES


def built_uninverted(unit_type: UnitType, phase: str | None) -> bool:
    """A new interceptor or strategic bomber built at the end of the research phase enters uninverted (27.91A); every
    other new air or naval unit enters inverted (27.81)."""
    return unit_type in RESEARCH_BUILD_TYPES and phase in RESEARCH_BUILD_PHASES


def specialized_rebuild_allowed(unit_type: UnitType, *, eliminated_this_player_turn: bool) -> bool:
    """Specialized units may not be rebuilt in the player turn in which they were eliminated, at any price (27.21)."""
    return not (unit_type in SPECIALIZED_TYPES and eliminated_this_player_turn)


OIL_COUNTER_COVERS_BRPS: Final[int] = 25
"""Each oil counter used against construction oil effects covers 25 BRPs of builds at normal cost (27.35A)."""


def oil_coverage(oil_counters: int) -> int:
    """BRPs of builds an alliance faction may make at normal cost: 25 per oil counter (27.35A)."""
    if oil_counters < 0:
        raise ValueError(f"oil counters must be >= 0, got {oil_counters!r}")
    return OIL_COUNTER_COVERS_BRPS * oil_counters


OilBlockMeasure = Literal["normal_cost", "paid_cost"]
"""How the 25-BRP blocks are measured (27-30 extract 1.5 [UNSURE] (a), open question 3). ``normal_cost`` (default,
"25 BRPs of units ... at normal construction costs"): a covered build uses its 27.11 cost of the block.
``paid_cost``: a covered same-turn rebuild uses its doubled cost of the block."""

OilSplit = Literal["split", "whole_build"]
"""Whether one build may straddle the end of the covered amount (open question 3 (b)). ``split`` (default, reading
"the first 25 BRPs of builds" as a running total): the covered part pays the covered rate, the rest the oil rate.
``whole_build``: a build not wholly covered is wholly uncovered (and leaves the remainder for later builds)."""


@dataclass(frozen=True, slots=True)
class BuildItem:
    """One build of an alliance faction in a unit construction phase, in the order the player made them.

    ``normal_cost`` is the 27.11 cost (:func:`unit_cost`, :func:`counter_cost` or a naval installment).
    """

    normal_cost: int
    eliminated_this_game_turn_by: EliminationCause | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class PricedBuild:
    """A build priced under construction oil effects (27.35): how much of its normal cost was covered, and the cost."""

    label: str
    normal_cost: int
    covered_normal: int
    uncovered_normal: int
    same_turn_penalty: bool
    cost: int
    coverage_used: int


def price_builds(
    builds: Iterable[BuildItem],
    oil_counters: int | None,
    *,
    measure: OilBlockMeasure = "normal_cost",
    split: OilSplit = "split",
    same_turn_rebuild: SameTurnRebuild = "double_cost",
) -> tuple[PricedBuild, ...]:
    """Price a faction's builds in order under construction oil effects (27.13, 27.14, 27.35A-C, 27.35F).

    Builds of Germany and Italy go in one list (pooled European Axis coverage, 27.35F); each power's total is still
    checked against its own limit. ``oil_counters=None`` means the faction does not track construction oil (the
    Western Allies before the turn after the Fall of France, the U.S. always; 27.35G): every build is covered.
    """
    remaining = None if oil_counters is None else oil_coverage(oil_counters)
    priced: list[PricedBuild] = []
    for item in builds:
        if item.normal_cost < 0:
            raise ValueError(f"normal cost must be >= 0, got {item.normal_cost!r}")
        penalty = same_turn_penalty(item.eliminated_this_game_turn_by, same_turn_rebuild=same_turn_rebuild)
        covered_rate = cost_multiplier(item.eliminated_this_game_turn_by, True, same_turn_rebuild=same_turn_rebuild)
        oil_rate = cost_multiplier(item.eliminated_this_game_turn_by, False, same_turn_rebuild=same_turn_rebuild)
        block_rate = covered_rate if measure == "paid_cost" else 1
        if remaining is None:
            covered = item.normal_cost
        else:
            coverable = remaining // block_rate
            if split == "split":
                covered = min(item.normal_cost, coverable)
            else:
                covered = item.normal_cost if item.normal_cost <= coverable else 0
        used = covered * block_rate
        if remaining is not None:
            remaining -= used
        uncovered = item.normal_cost - covered
        priced.append(
            PricedBuild(
                label=item.label,
                normal_cost=item.normal_cost,
                covered_normal=covered,
                uncovered_normal=uncovered,
                same_turn_penalty=penalty,
                cost=covered * covered_rate + uncovered * oil_rate,
                coverage_used=used,
            )
        )
    return tuple(priced)


def construction_oil_tracked(power: Power, *, western_allies_tracking: bool) -> bool:
    """Whether a power's builds are subject to construction oil effects at all (27.35G, 33.48).

    The U.S. has unlimited oil; Western Allied oil is tracked only from the turn after the Fall of France
    (``western_allies_tracking``), and then only British construction needs it. Other powers: always.
    """
    if power == "usa":
        return False
    if power in ("britain", "france"):
        return power == "britain" and western_allies_tracking
    return True


RESISTANCE_OIL_POWERS: Final[frozenset[Power]] = frozenset({"britain", "russia"})
"""Powers for which construction oil effects matter to the resistance level (27.35E)."""


def construction_oil_effect_incurred(power: Power, oil_counters_used: int) -> bool:
    """Britain and Russia count as having incurred the construction oil effect for resistance purposes unless at
    least one oil counter was used to reduce construction costs (27.35E). Other powers: ``False`` (no such rule)."""
    return power in RESISTANCE_OIL_POWERS and oil_counters_used < 1


# ---------------------------------------------------------------------------------------------------------------------
# 3. Construction limits (27.3)
# ---------------------------------------------------------------------------------------------------------------------

BASIC_LIMIT_DIVISOR: Final[int] = 3
"""Basic construction limit = BRP base / 3, rounded down (27.32A)."""

POOLED_LOSS_DIVISOR: Final[int] = 3
"""Transport shortage, bombing (incl. flying bombs), partisan and box-adjacency losses: -1 per 3 BRPs, totalled then
rounded down (27.331)."""

GRANT_DIVISOR: Final[int] = 3
"""Grants: donor -1 and recipient +1 per 3 BRPs granted, rounded down (27.334, 27.34A)."""

IRON_ORE_REDUCTION: Final[int] = 5
"""Germany's limit -5 while Swedish iron ore is cut off; not cumulative (27.332, 86.42)."""

TRANSPORT_SHORTAGE_POWERS: Final[frozenset[Power]] = frozenset({"britain", "japan"})
"""Only Britain and Japan suffer transport shortages (27.331A, 20.635)."""

COMMONWEALTH_PORTION: Final[int] = 40
"""The Commonwealth portion of the British BRP base, always counted for the British limit whatever KEAs in
Britain are lost, unless Australia or India has surrendered (27.335)."""

MapboardBox = Literal["australia", "india", "urals"]

BOX_REDUCTION_CAP: Final[Mapping[MapboardBox, int]] = {"australia": 3, "india": 3, "urals": 15}
"""Caps per turn on limit reductions from bombing + rockets + adjacent Axis units at a box, all causes together
(27.331B, 27.331D, 27.333 last paragraph)."""

BOX_LIMIT_OWNER: Final[Mapping[MapboardBox, Power]] = {
    "australia": "britain",
    "india": "britain",
    "urals": "russia",
}
"""Major power whose limit a box's losses reduce (27.331B/D, 27.333): Australia and India -> Britain (and their own
location limits), Urals -> Russia."""

ECON_PREP_POWERS: Final[frozenset[Power]] = frozenset({"germany", "britain", "russia", "japan", "china"})
"""Powers whose limits depend on GS (Germany, Britain, Russia) or SOA (Japan, China) econ-prep research (27.336)."""

ECON_PREP_MODIFIER: Final[Mapping[int, int]] = {0: -3, 1: -2, 2: -1, 3: 0, 4: 1, 5: 2, 6: 3}
"""Limit modifier by levels of economic preparation research: 0/1/2 -> -3/-2/-1 (27.336), 4/5/6 -> +1/+2/+3
(27.34C). Neither applies in classic AWAW."""

GRANT_PARTNERS_NOT_RAISING_BRITISH_LIMIT: Final[frozenset[str]] = frozenset(
    {"canada", "south_africa", "australia", "india"}
)
"""American grants to these do not raise the British limit (27.34A, 40.244)."""

BoxLossRatio = Literal["pooled", "one_to_one"]
"""How bombing and adjacency losses at a box reduce limits (open question 5). ``pooled`` (default, the 27.331
wording "for every three BRPs lost because of ... bombing ... and Axis units adjacent to mapboard boxes"): they join
the pooled total divided by 3; rockets stay 1:1 (27.333). ``one_to_one``: every BRP lost at a box is -1, up to the
cap."""

NegativeLimit = Literal["allow_then_add", "clamp_before_increases"]
"""Whether basic - reductions may go below 0 before the increases are added (open question 6). The extract's formula
adds increases to the unclamped value (``allow_then_add``, default); the final limit is never below 0."""


@dataclass(frozen=True, slots=True)
class EnemyHeldKea:
    """A key economic area originally controlled by the power and now under enemy control (27.335)."""

    value: int
    bombing_loss_when_captured: int = 0
    """BRPs lost to bombing of this KEA in the turn it was captured: deducted from its value first (27.335)."""


@dataclass(frozen=True, slots=True)
class BoxLosses:
    """BRPs lost this turn at a mapboard box (27.331B, 27.331D, 27.333)."""

    box: MapboardBox
    bombing: int = 0
    rockets: int = 0
    adjacency: int = 0


@dataclass(frozen=True, slots=True)
class LimitInput:
    """Everything the construction limit of one power in one turn depends on (27.32-27.34).

    ``grants_received`` must exclude grants that do not raise this limit (e.g. U.S. grants to Canada, South Africa,
    Australia or India for Britain, 40.244; see :func:`grant_raises_limit_of`).
    """

    power: Power
    brp_base: int
    russian_ic_value: int = 0
    enemy_held_keas: tuple[EnemyHeldKea, ...] = ()
    commonwealth_portion: int = COMMONWEALTH_PORTION
    transport_shortage_losses: int = 0
    bombing_losses: int = 0
    partisan_losses: int = 0
    box_adjacency_losses: int = 0
    rocket_losses: int = 0
    box_losses: tuple[BoxLosses, ...] = ()
    iron_ore_cut: bool = False
    grants_given: int = 0
    grants_received: int = 0
    vweapon_bonus: int = 0
    """Germany: BRPs lost by Britain or Russia to German flying bombs and rockets this turn (27.34B)."""
    econ_prep_levels: int | None = None
    variant: Variant = "classic"


@dataclass(frozen=True, slots=True)
class LimitBreakdown:
    """The construction limit and how it was reached (27-30 extract 1.4 [DESIGN] formula)."""

    adj_base: int
    basic: int
    pooled_losses: int
    pooled_reduction: int
    rocket_reduction: int
    box_reduction: int
    iron_ore_reduction: int
    grant_reduction: int
    econ_prep_reduction: int
    reductions: int
    grant_increase: int
    vweapon_increase: int
    econ_prep_increase: int
    increases: int
    limit: int


def _box_reduction(box: BoxLosses, ratio: BoxLossRatio, other_pooled: int) -> tuple[int, int]:
    """(capped limit reduction from one box, pooled BRPs it adds) for 27.331B/D and 27.333."""
    pooled = box.bombing + box.adjacency
    if ratio == "pooled":
        share = (other_pooled + pooled) // POOLED_LOSS_DIVISOR - other_pooled // POOLED_LOSS_DIVISOR
        raw = share + box.rockets
    else:
        raw = pooled + box.rockets
    return min(BOX_REDUCTION_CAP[box.box], raw), pooled


def adjusted_base(
    power: Power,
    brp_base: int,
    *,
    russian_ic_value: int = 0,
    enemy_held_keas: Sequence[EnemyHeldKea] = (),
    commonwealth_portion: int = COMMONWEALTH_PORTION,
) -> int:
    """BRP base used for the basic limit (27.32A, 27.335): + Russian IC values; - values of the power's original
    KEAs now enemy-held, net of bombing in the capture turn; Britain never below its Commonwealth portion through
    KEA losses (27.335: the portion "is always included")."""
    if brp_base < 0:
        raise ValueError(f"BRP base must be >= 0, got {brp_base!r}")
    base = brp_base + (russian_ic_value if power == "russia" else 0)
    kea = sum(max(0, k.value - k.bombing_loss_when_captured) for k in enemy_held_keas)
    if power == "britain":
        kea = min(kea, max(0, base - commonwealth_portion))
    return max(0, base - kea)


def econ_prep_modifier(power: Power, levels: int | None, variant: Variant) -> int:
    """Limit modifier for GS/SOA economic preparation research (27.336, 27.34C); 0 in classic AWAW or when no level
    is recorded, and for powers the rule does not name."""
    if variant == "classic" or levels is None or power not in ECON_PREP_POWERS:
        return 0
    if levels < 0:
        raise ValueError(f"econ-prep levels must be >= 0, got {levels!r}")
    return ECON_PREP_MODIFIER[min(levels, max(ECON_PREP_MODIFIER))]


def construction_limit(
    data: LimitInput,
    *,
    box_loss_ratio: BoxLossRatio = "pooled",
    negative_limit: NegativeLimit = "allow_then_add",
) -> LimitBreakdown:
    """A power's construction limit for a turn, with its parts (27.32-27.34, 27.335, 27.336, 27.34C).

    * basic = floor(adjusted base / 3) (27.32A, 27.335);
    * reductions: floor((transport shortage + bombing + partisans + box adjacency) / 3) (27.331); rockets 1:1
      (27.333); box losses capped at Australia 3 / India 3 / Urals 15 per turn from all causes (27.333);
      iron ore 5 (27.332); floor(grants given / 3) (27.334); econ prep 0-2 levels (27.336, not classic);
    * increases, after all reductions (27.34A): floor(grants received / 3); German V-weapon bonus (27.34B); econ
      prep 4-6 levels (27.34C, not classic).
    """
    if data.iron_ore_cut and data.power != "germany":
        raise ValueError("iron ore reduction applies to Germany only (27.332)")
    if data.vweapon_bonus and data.power != "germany":
        raise ValueError("the V-weapon increase applies to Germany only (27.34B)")
    adj = adjusted_base(
        data.power,
        data.brp_base,
        russian_ic_value=data.russian_ic_value,
        enemy_held_keas=data.enemy_held_keas,
        commonwealth_portion=data.commonwealth_portion,
    )
    basic = adj // BASIC_LIMIT_DIVISOR
    other_pooled = (
        data.transport_shortage_losses + data.bombing_losses + data.partisan_losses + data.box_adjacency_losses
    )
    box_red = 0
    box_pooled = 0
    for box in data.box_losses:
        if BOX_LIMIT_OWNER[box.box] != data.power:
            raise ValueError(f"losses at the {box.box} box do not reduce the {data.power} limit")
        red, pooled = _box_reduction(box, box_loss_ratio, other_pooled + box_pooled)
        box_red += red
        box_pooled += pooled
    pooled_red = other_pooled // POOLED_LOSS_DIVISOR
    iron = IRON_ORE_REDUCTION if data.iron_ore_cut else 0
    grant_red = data.grants_given // GRANT_DIVISOR
    prep = econ_prep_modifier(data.power, data.econ_prep_levels, data.variant)
    prep_red = -prep if prep < 0 else 0
    prep_inc = prep if prep > 0 else 0
    reductions = pooled_red + data.rocket_losses + box_red + iron + grant_red + prep_red
    grant_inc = data.grants_received // GRANT_DIVISOR
    increases = grant_inc + data.vweapon_bonus + prep_inc
    after_reductions = basic - reductions
    if negative_limit == "clamp_before_increases":
        after_reductions = max(0, after_reductions)
    return LimitBreakdown(
        adj_base=adj,
        basic=basic,
        pooled_losses=other_pooled + box_pooled,
        pooled_reduction=pooled_red,
        rocket_reduction=data.rocket_losses,
        box_reduction=box_red,
        iron_ore_reduction=iron,
        grant_reduction=grant_red,
        econ_prep_reduction=prep_red,
        reductions=reductions,
        grant_increase=grant_inc,
        vweapon_increase=data.vweapon_bonus,
        econ_prep_increase=prep_inc,
        increases=increases,
        limit=max(0, after_reductions + increases),
    )


def grant_limit_effect(amount: int) -> int:
    """Limit change from a grant of ``amount`` BRPs: donor -n, recipient +n, n = floor(amount / 3) (27.334, 27.34A)."""
    if amount < 0:
        raise ValueError(f"grant must be >= 0, got {amount!r}")
    return amount // GRANT_DIVISOR


_POWER_BY_NAME: Final[Mapping[str, Power]] = {p: p for p in POWERS}


def grant_raises_limit_of(donor: Power, recipient: str) -> Power | None:
    """The major power whose limit a grant raises: the recipient if it is a major power; ``None`` for grants to
    Canada, South Africa, Australia or India (they do not raise the British limit, 27.34A, 40.244) or to other
    minors."""
    del donor  # the rule names U.S. grants; any grant to these minors raises no major power's limit
    if recipient in GRANT_PARTNERS_NOT_RAISING_BRITISH_LIMIT:
        return None
    return _POWER_BY_NAME.get(recipient)


def limit_breaches(spent: int, limit: int) -> tuple[RuleBreach, ...]:
    """Construction BRPs spent (at the cost actually paid, multipliers included) vs the limit (27.31, 27.35D)."""
    if spent > limit:
        return (RuleBreach("27.31", "construction spending exceeds the construction limit", limit, spent),)
    return ()


# ---------------------------------------------------------------------------------------------------------------------
# 3a. What feeds the limit: BRP losses by cause, KEAs, the Commonwealth portion (27.331-27.335, 27.34B)
# ---------------------------------------------------------------------------------------------------------------------

PooledInput = Literal["transport_shortage", "bombing", "partisans", "adjacency"]
"""The pooled loss inputs of :class:`LimitInput` (27.331): transport shortage, bombing, partisans, box adjacency."""

POOLED_LOSS_INPUT: Final[Mapping[LossCause, PooledInput]] = {
    "transport_shortage": "transport_shortage",
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "partisans": "partisans",
    "adjacent_to_box": "adjacency",
}
"""BRP losses pooled for the losing power's limit, -1 per 3 (27.331); flying bombs count as bombing (27.331B)."""

BoxInput = Literal["bombing", "rockets", "adjacency"]

BOX_LOSS_INPUT: Final[Mapping[LossCause, BoxInput]] = {
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "rocket": "rockets",
    "adjacent_to_box": "adjacency",
}
"""Losses at the Australia, India and Urals boxes that reduce the box owner's limit, capped per turn (27.331B,
27.331D, 27.333): bombing (flying bombs included), rockets and Axis units adjacent to the box."""

ROCKET_LOSS_CAUSES: Final[frozenset[LossCause]] = frozenset({"rocket"})
"""Rocket losses reduce the limit one for one (27.333)."""

VWEAPON_CAUSES: Final[frozenset[LossCause]] = frozenset({"flying_bomb", "rocket"})
VWEAPON_VICTIMS: Final[frozenset[Power]] = frozenset({"britain", "russia"})
"""BRPs Britain or Russia lose to German flying bombs and rockets raise the German limit this turn (27.34B)."""

KEA_BOMBING_CAUSES: Final[frozenset[LossCause]] = frozenset({"bombing", "flying_bomb"})
"""Bombing of a KEA in the turn it is captured is deducted from its value first (27.335)."""

COMMONWEALTH_COUNTRIES: Final[frozenset[str]] = frozenset({"australia", "india"})
"""The British Commonwealth portion (40) is kept for the British limit unless Australia or India has surrendered
(27.335). [Interpretation] once one has, the text gives no other figure: no portion is protected (0)."""


def box_of(target: str | None) -> MapboardBox | None:
    """The mapboard box a loss's ``target`` names, if it is one whose losses feed a limit (27.331B/D, 27.333)."""
    if target == "australia" or target == "india" or target == "urals":
        return cast(MapboardBox, target)
    return None


def vweapon_bonus_of(cause: LossCause, victim: str, attacker: str | None) -> bool:
    """Whether a BRP loss raises the German limit: Britain or Russia hit by German flying bombs or rockets (27.34B)."""
    return cause in VWEAPON_CAUSES and victim in VWEAPON_VICTIMS and attacker == "germany"


def commonwealth_portion(statuses: Mapping[str, str]) -> int:
    """The part of the British base KEA losses never remove: 40, or 0 once Australia or India has surrendered
    (27.335; ``statuses``: the political status of each Commonwealth country)."""
    surrendered = any(statuses.get(c) == "surrendered" for c in COMMONWEALTH_COUNTRIES)
    return 0 if surrendered else COMMONWEALTH_PORTION


def enemy_controlled(controller: str, owner: str) -> bool:
    """Whether ``controller`` is an enemy of ``owner`` for 27.335: not the owner, and not a major power of the same
    side. [Interpretation] a controller that is not a major power (partisans, a minor) counts as enemy."""
    if controller == owner:
        return False
    faction = FACTION_OF_POWER.get(cast(Power, controller))
    own = FACTION_OF_POWER.get(cast(Power, owner))
    if faction is None or own is None:
        return True
    return SIDE_OF_FACTION[faction] != SIDE_OF_FACTION[own]


# ---------------------------------------------------------------------------------------------------------------------
# 3c. What counts against the limit, and who pays (27.31, 27.7, 27.7264)
# ---------------------------------------------------------------------------------------------------------------------

LIMIT_SPENDING: Final[frozenset[str]] = frozenset({"construction", "fortification", "railhead", "repair", "raise"})
"""Spending counted against the payer's construction limit (27.31: air, ground, naval and SW units, fortifications,
railheads, ports, partisans). Naval repair starts and raising sunk ships are not named by 27.31; the 27-30 extract
(open question 4, L-01) reads "all BRPs spent on building or repairing units count": option
``econ.limit_counts_repairs`` (:data:`RepairsInLimit`)."""

REPAIR_SPENDING: Final[frozenset[str]] = frozenset({"repair", "raise"})
"""The spending option ``econ.limit_counts_repairs = excluded`` leaves out of the limit (27-30 extract Q4)."""

RepairsInLimit = Literal["counted", "excluded"]
"""Option ``econ.limit_counts_repairs`` (27-30 extract open question 4): do naval repair starts and raisings count
against the construction limit? ``counted`` (default) or ``excluded``."""


def repairs_in_limit(meta: Meta) -> RepairsInLimit:
    """The game's ``econ.limit_counts_repairs`` (default ``counted``)."""
    return "excluded" if meta.option(LIMIT_COUNTS_REPAIRS, "counted") == "excluded" else "counted"


def counts_against_limit(category: str, *, repairs: RepairsInLimit = "counted") -> bool:
    """Whether spending of a ledger ``category`` counts against the construction limit (27.31; 27-30 extract Q4)."""
    if repairs == "excluded" and category in REPAIR_SPENDING:
        return False
    return category in LIMIT_SPENDING


CAPTURED_YARD_MODES: Final[frozenset[str]] = frozenset({"captured", "recaptured_by_ally"})
"""Shipyard control modes in which a repair is paid by the ship's owner, not the yard's (27.7264). [Interpretation]
a yard recaptured by an ally of its owner counts as captured."""


def installment_payer(ship_owner: str | None, yard_owner: str | None) -> str | None:
    """Who pays a ship's lay-down, advance, launch or raising: its owner (27.7, 27.7263). [Interpretation] a ship the
    log never placed is charged to its shipyard's owner; ``None`` when neither is known."""
    return ship_owner or yard_owner or None


def repair_payer(ship_owner: str | None, yard_owner: str | None, yard_mode: str | None) -> str | None:
    """Who pays a naval repair: the shipyard's owner, or in a captured shipyard the ship's owner (27.7264). A yard
    whose owner is unknown charges the ship's owner."""
    if yard_owner and yard_mode not in CAPTURED_YARD_MODES:
        return yard_owner
    return installment_payer(ship_owner, yard_owner)


# ---------------------------------------------------------------------------------------------------------------------
# 3b. Per-location construction sub-limits (27.47)
# ---------------------------------------------------------------------------------------------------------------------

ConstructionLocation = Literal["australia", "india", "siberia", "korea_manchuria"]


@dataclass(frozen=True, slots=True)
class LocationLimit:
    """Per-turn construction caps at a location outside a home country (27.47). ``None``: no cap of that kind."""

    payer_powers: frozenset[Power]
    brps: int | None = None
    infantry_factors: int | None = None
    aaf_factors: int | None = None
    allowed_types: frozenset[UnitType] | None = None
    excluded_types: frozenset[UnitType] = frozenset()
    """Types whose cost does not count against this location's BRP cap (but does count for the payer)."""
    measure_normal_cost: bool = False
    """Count BRPs at normal cost (Siberia: "at the normal BRP cost", 27.476) rather than as paid."""
    rule: str = ""


LOCATION_LIMITS: Final[Mapping[ConstructionLocation, LocationLimit]] = {
    "australia": LocationLimit(
        payer_powers=frozenset({"britain", "usa"}),
        brps=9,
        infantry_factors=3,
        aaf_factors=1,
        rule="27.473B",
    ),
    "india": LocationLimit(
        payer_powers=frozenset({"britain", "usa"}),
        brps=3,
        excluded_types=frozenset({"chindit"}),
        rule="27.474B, 27.474D",
    ),
    "siberia": LocationLimit(
        payer_powers=frozenset({"russia"}),
        brps=6,
        allowed_types=GROUND_TYPES | AIR_TYPES,
        measure_normal_cost=True,
        rule="27.476",
    ),
    "korea_manchuria": LocationLimit(
        payer_powers=frozenset({"japan"}),
        infantry_factors=3,
        allowed_types=frozenset({"infantry"}),
        rule="27.471",
    ),
}
"""Per-turn limits: Australia 9 BRPs, <= 3 infantry factors, <= 1 AAF (27.473B); India 3 BRPs, the Chindit not
counted (27.474B, D); Siberia <= 6 BRPs of ground/air at normal cost (27.476); Japan <= 3 infantry factors in Korea
and Manchuria together, infantry only (27.471). The spending also counts against the payer's limit."""

EXCLUDED_FROM_LOCATION_LIMITS: Final[frozenset[CounterItem]] = frozenset({"fortification", "railhead"})
"""Forts and railheads do not count against the 27.47 location limits (27.47)."""


@dataclass(frozen=True, slots=True)
class LocationBuild:
    """A unit built at a 27.47 location this turn: type, factors, BRPs paid and normal cost."""

    unit_type: UnitType
    factors: int
    brps_paid: int
    normal_cost: int


def location_limit_breaches(
    location: ConstructionLocation,
    builds: Sequence[LocationBuild],
    *,
    box_reduction: int = 0,
) -> tuple[RuleBreach, ...]:
    """Check one turn's builds at a location against its 27.47 caps (forts and railheads are not passed in).

    ``box_reduction``: the Australian/Indian limit reduction this turn from bombing, rockets and adjacent Japanese
    units (27.331B/D, 27.333; at most 3), see :func:`box_limit_reduction`.
    """
    lim = LOCATION_LIMITS[location]
    found: list[RuleBreach] = []
    if lim.allowed_types is not None:
        for b in builds:
            if b.unit_type not in lim.allowed_types:
                found.append(RuleBreach(lim.rule, f"{b.unit_type} may not be built in {location}", None, b.unit_type))
    if lim.brps is not None:
        counted = [b for b in builds if b.unit_type not in lim.excluded_types]
        spent = sum(b.normal_cost if lim.measure_normal_cost else b.brps_paid for b in counted)
        allowed = max(0, lim.brps - box_reduction)
        if spent > allowed:
            found.append(RuleBreach(lim.rule, f"{location} construction BRPs exceed its limit", allowed, spent))
    if lim.infantry_factors is not None:
        inf = sum(b.factors for b in builds if b.unit_type == "infantry")
        if inf > lim.infantry_factors:
            found.append(RuleBreach(lim.rule, f"too many infantry factors in {location}", lim.infantry_factors, inf))
    if lim.aaf_factors is not None:
        aaf = sum(b.factors for b in builds if b.unit_type == "aaf")
        if aaf > lim.aaf_factors:
            found.append(RuleBreach(lim.rule, f"too many AAF factors in {location}", lim.aaf_factors, aaf))
    return tuple(found)


def box_limit_reduction(box: BoxLosses, *, box_loss_ratio: BoxLossRatio = "pooled") -> int:
    """Reduction of the Australian or Indian (or, for the Urals, the Russian box share) limit from one box's losses
    this turn, capped per 27.333 (Australia 3, India 3, Urals 15)."""
    red, _ = _box_reduction(box, box_loss_ratio, 0)
    return red


# ---------------------------------------------------------------------------------------------------------------------
# 4. Naval air training (27.6)
# ---------------------------------------------------------------------------------------------------------------------

NAVAL_AIR_TRAINING_RATE: Final[Mapping[Power, int]] = {
    "usa": 4,
    "japan": 3,
    "britain": 2,
    "germany": 1,
    "italy": 1,
    "france": 0,
    "russia": 0,
    "china": 0,
}
"""NAS factors (new and rebuilt) a power may build per turn (27.61, 27.61A); raised by production RPs (42.23D).
France, Russia and China may never build naval air."""

NEVER_BUILD_NAVAL_AIR: Final[frozenset[Power]] = frozenset({"france", "russia", "china"})
"""27.61: these powers may never build naval air units (production cannot change that)."""

NasRateSource = Literal["australia", "britain", "usa"]


def australian_naval_air(nationality: str) -> bool:
    """Australian naval air is built on Australia's own training rate (27.61B), which the rules do not give."""
    return "australia" in nationality


def australian_nas_rate_sources(*, us_at_war_with_japan: bool) -> frozenset[NasRateSource]:
    """Whose training rate may build Australian NAS (27.61B): Australia's own; Britain's until the U.S. is at war
    with Japan; the U.S.'s once it is. [Reading of open question 13: Britain's rate stops when the U.S. rate starts.]"""
    return frozenset({"australia", "usa"}) if us_at_war_with_japan else frozenset({"australia", "britain"})


def naval_air_breaches(power: Power, nas_factors_built: int, *, rate_increase: int = 0) -> tuple[RuleBreach, ...]:
    """NAS factors built this turn vs the training rate (27.61, 27.61A)."""
    allowed = 0 if power in NEVER_BUILD_NAVAL_AIR else NAVAL_AIR_TRAINING_RATE[power] + rate_increase
    if nas_factors_built > allowed:
        return (
            RuleBreach("27.61", f"{power} built more NAS factors than its training rate", allowed, nas_factors_built),
        )
    return ()


def oil_faction_builds(builds: Mapping[Power, Sequence[BuildItem]], faction: Faction) -> tuple[BuildItem, ...]:
    """The builds that share one alliance faction's oil coverage, in power order (27.35F pools Germany and Italy).

    Convenience for callers that keep builds per power; powers come in the mapping's order.
    """
    return tuple(b for p, items in builds.items() if FACTION_OF_POWER[p] == faction for b in items)
