"""Unit construction costs (27.11-27.14, 27.21), construction phases (27.11, 27.91) and construction oil (27.35).

Sources: 27-30 extract sections 1.1-1.3, 1.5, 2.1, 7 (open question 3). The A3R house rule ``econ.same_turn_rebuild``
(A3R extract 1.2 option 14) is the ``same_turn_rebuild`` keyword.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, Literal

import msgspec

from awaw_events.events.units import EliminationCause
from awaw_events.options import SAME_TURN_REBUILD
from awaw_events.vocab import (
    FACTION_OF_POWER,
    Faction,
    Phase,
    Power,
    UnitType,
)
from projections.core import Meta
from projections.rules.breach import Breach

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


class CounterCost(msgspec.Struct, frozen=True):
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

SAME_TURN_PENALTY_CAUSES: Final[frozenset[EliminationCause]] = frozenset(
    {"isolation", "isolated_unpaid_offensive", "voluntary"}
)
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


class BuildItem(msgspec.Struct, frozen=True):
    """One build of an alliance faction in a unit construction phase, in the order the player made them.

    ``normal_cost`` is the 27.11 cost (:func:`unit_cost`, :func:`counter_cost` or a naval installment).
    """

    normal_cost: int
    eliminated_this_game_turn_by: EliminationCause | None = None
    label: str = ""


class PricedBuild(msgspec.Struct, frozen=True):
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


def oil_faction_builds(builds: Mapping[Power, Sequence[BuildItem]], faction: Faction) -> tuple[BuildItem, ...]:
    """The builds that share one alliance faction's oil coverage, in power order (27.35F pools Germany and Italy).

    Convenience for callers that keep builds per power; powers come in the mapping's order.
    """
    return tuple(b for p, items in builds.items() if FACTION_OF_POWER[p] == faction for b in items)
