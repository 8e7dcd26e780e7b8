"""Bridgeheads (AWAW rule 31): numbers, and the mechanical placement and removal conditions.

Source: 31-34 extract 1.19 and checklist 2.1 (B-01..B-16). The functions check **recorded facts** (control, supply
results, DM components, nearest enemy distance); tracing supply or measuring distances needs the map and is the
caller's job.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final, Literal

import msgspec

from awaw_events.vocab import Phase, SupplyStatus, UnitType
from projections.rules.breach import Breach
from projections.rules.supply import UNSUPPLIED_STATUSES as UNSUPPLIED_STATUSES  # 31.41B reads the same statuses

BridgeheadCause = Literal["seaborne_invasion", "cross_river_attack", "crossing_arrow_attack", "overrun"]
"""How a bridgehead came about (31.12, 31.22-31.24; extract 3.4 ``BridgeheadPlaced.cause``)."""

BridgeheadTheater = Literal["europe", "pacific"]

OverrunBridgeheads = Literal["as_river", "not_superfluous"]
"""Extract B-10 [UNSURE]: 31.41C(i) does not name overrun bridgeheads (31.24). Default ``as_river``: treat them like
cross-river bridgeheads (removable as superfluous, never an attrition-occupation hex); ``not_superfluous`` reads
31.41C literally."""

OVERRUN_OPTION: Final = "bridgeheads.overrun"
"""The named option that chooses :data:`OverrunBridgeheads` (``awaw_events.options``)."""


def overrun_reading(options: Mapping[str, str]) -> OverrunBridgeheads:
    """How a game reads overrun bridgeheads under 31.41C and 31.64 (option ``bridgeheads.overrun``)."""
    value = options.get(OVERRUN_OPTION, "as_river")
    return "not_superfluous" if value == "not_superfluous" else "as_river"


RemovalReason = Literal["enemy_control", "isolation", "superfluous"]

BRIDGEHEAD_STACKING_GROUND: Final = 5
"""A bridgehead hex holds 5 ground units ... (31.51)."""

BRIDGEHEAD_STACKING_SPECIALIZED: Final = 3
"""... plus 3 specialized units; no increase on Pacific one-hex islands (31.51, 12.13)."""

MAX_ATTACKERS_FROM_BRIDGEHEAD: Final = 2
"""At most 2 ground units attack out of a bridgehead in offensive ground combat (31.61)."""

ATTACK_LIMIT_EXEMPT_TYPES: Final[frozenset[UnitType]] = frozenset({"airborne", "chindit", "marine", "commando"})
"""Unit types exempt from the 2-unit limit; also armor in a breakthrough hex and Russian 3-3 shock armies (31.61)."""

SUPERFLUOUS_RANGE: Final[dict[BridgeheadTheater, int]] = {"europe": 4, "pacific": 3}
"""A bridgehead is superfluous with no enemy unit within 4 hexes by land (Europe) or 3 (Pacific) (31.41C)."""

PLACEMENT_PHASE: Final[dict[BridgeheadCause, Phase]] = {
    "overrun": "movement",
    "seaborne_invasion": "combat",
    "cross_river_attack": "combat",
    "crossing_arrow_attack": "combat",
}
"""Bridgeheads are placed in the movement phase (overruns across rivers or crossing arrows) or the combat phase
(seaborne invasions, cross-river or crossing-arrow attacks) (31.12; check B-01)."""


RIVER_HEXSIDES: Final[frozenset[str]] = frozenset({"river", "crossing_arrow"})
"""Attack hexsides that give the defenders the +1 river DM a river or crossing-arrow bridgehead needs (31.23;
TC-17)."""

AIRDROP_HEXSIDE: Final = "airdrop"
AIRDROPPED_ROLE: Final = "airdropped"
"""How an attack records an airdropped attacker (its hexside or its role): an airdrop alone negates the river DM,
and a bridgehead is still placed if the river DM was lost only to it (31.23)."""

OFFENSIVE_ATTACK_KINDS: Final[frozenset[str]] = frozenset({"regular", "exploitation"})
"""Offensive ground combat, in which at most 2 ground units attack out of a bridgehead (31.61)."""

ROLE_TYPES: Final[dict[str, UnitType]] = {"marine": "marine"}
"""Attacker roles that stand for a unit type exempt from the 2-unit limit (31.61)."""

SHOCK_ARMY_ROLE: Final = "shock_army"
"""The attacker role of a Russian 3-3 shock army, exempt from the 2-unit limit (31.61)."""

WINTER_AND_CTL_DMS_IGNORED: Final[tuple[str, ...]] = ("exploiting_armor", "low_ctl", "winter")
"""Negative DM items (:mod:`projections.rules.combat` codes) that infantry and replacements in a bridgehead never
take (31.63B: 15.33A exploiting armor, 15.33C CTL zero or less, a "7" or worse winter effect)."""

RIVER_CAUSES: Final[tuple[str, ...]] = ("cross_river_attack", "crossing_arrow_attack")
"""Bridgehead causes that need a river or crossing-arrow hexside (31.23)."""

BRIDGEHEAD_DM_EXEMPT_TYPES: Final[frozenset[UnitType]] = frozenset({"infantry", "replacement"})
"""The unit types 31.63B exempts from those DMs."""

BRIDGEHEAD_SOURCE: Final = "bridgehead"
"""How a supply result names a bridgehead as its source: ``bridgehead`` (the subject's hex) or ``bridgehead:HEX``
(31.71; the example game writes ``bridgehead``)."""


def _river_like(cause: BridgeheadCause, overrun: OverrunBridgeheads) -> bool:
    return cause in ("cross_river_attack", "crossing_arrow_attack") or (cause == "overrun" and overrun == "as_river")


class Placement(msgspec.Struct, frozen=True):
    """The recorded facts of a bridgehead placement (extract 3.4)."""

    cause: BridgeheadCause
    phase: Phase
    from_attrition: bool = False
    declined_earlier: bool = False
    # seaborne (31.22)
    occupied_by_surviving_invader: bool = True
    hex_friendly_when_invaded: bool = False
    could_fully_supply: bool = False
    zone_could_take_sea_supply: bool = False
    for_supply: bool = False
    # river or crossing arrow (31.23)
    river_dm_applied: bool = True
    river_dm_lost_only_to_airdrop: bool = False


def seaborne_condition(*, hex_friendly_when_invaded: bool, could_fully_supply: bool) -> Literal["A", "B"] | None:
    """Which seaborne condition holds (31.22): A, the hex was not friendly when invaded; B, it was friendly but the
    invader could not fully supply it in initial supply determination (partial supply qualifies); else none."""
    if not hex_friendly_when_invaded:
        return "A"
    if not could_fully_supply:
        return "B"
    return None


def placement_findings(p: Placement) -> tuple[Breach, ...]:
    """Mechanical checks on one bridgehead placement (31.12, 31.22, 31.221, 31.23, 31.32; checks B-01, B-02 (unit
    part), B-03, B-04, B-05, B-07, B-09)."""
    found: list[Breach] = []
    if p.from_attrition:
        found.append(Breach("31.23", "no bridgehead from attrition combat"))
    if p.phase != PLACEMENT_PHASE[p.cause]:
        found.append(Breach("31.12", f"{p.cause} bridgehead placed in the {p.phase} phase"))
    if p.declined_earlier:
        found.append(Breach("31.32", "bridgehead placed after it was declined for this attack"))
    if p.cause == "seaborne_invasion":
        if not p.occupied_by_surviving_invader:
            found.append(Breach("31.22", "the hex is not occupied by a surviving seaborne invader"))
        cond = seaborne_condition(
            hex_friendly_when_invaded=p.hex_friendly_when_invaded, could_fully_supply=p.could_fully_supply
        )
        if cond is None:
            found.append(Breach("31.22", "the hex was friendly and fully supplyable"))
        if p.for_supply and p.zone_could_take_sea_supply:
            found.append(Breach("31.221", "seaborne bridgehead for supply in a zone that could take sea supply"))
    if p.cause in ("cross_river_attack", "crossing_arrow_attack") and not (
        p.river_dm_applied or p.river_dm_lost_only_to_airdrop
    ):
        found.append(Breach("31.23", "the defenders had no river or crossing-arrow DM (TC-17)"))
    return tuple(found)


class Bridgehead(msgspec.Struct, frozen=True):
    """A bridgehead in play and what is needed to judge its removal (extract 4.1)."""

    cause: BridgeheadCause
    theater: BridgeheadTheater
    requires_sea_supply: bool = True


def removal_reason(
    bh: Bridgehead,
    moment: Literal["any", "end_of_post_combat_supply", "end_of_player_turn"],
    *,
    enemy_controls_hex: bool = False,
    supply: SupplyStatus | None = None,
    nearest_enemy_land_distance: int | None = None,
    overrun: OverrunBridgeheads = "as_river",
) -> RemovalReason | None:
    """Why a bridgehead must be removed at ``moment``, or ``None`` (31.41A-C; check B-10).

    ``nearest_enemy_land_distance``: hexes by land to the nearest enemy unit of any type (``None`` = none at all).
    A seaborne bridgehead that needs no sea supply (one-hex island, beach hex with a port or in a zone with a port)
    is judged like a cross-river one under 31.41C.
    """
    if enemy_controls_hex:
        return "enemy_control"
    if moment == "end_of_post_combat_supply" and supply in UNSUPPLIED_STATUSES:
        return "isolation"
    if moment == "end_of_player_turn":
        eligible = _river_like(bh.cause, overrun) or (bh.cause == "seaborne_invasion" and not bh.requires_sea_supply)
        far = nearest_enemy_land_distance is None or nearest_enemy_land_distance > SUPERFLUOUS_RANGE[bh.theater]
        if eligible and far:
            return "superfluous"
    return None


def stacking_findings(ground_units: int, specialized_units: int) -> tuple[Breach, ...]:
    """Stacking in a bridgehead hex: at most 5 ground + 3 specialized units (31.51; check B-11)."""
    if ground_units > BRIDGEHEAD_STACKING_GROUND or specialized_units > BRIDGEHEAD_STACKING_SPECIALIZED:
        return (
            Breach(
                "31.51",
                f"{ground_units} ground + {specialized_units} specialized units in a bridgehead; at most "
                f"{BRIDGEHEAD_STACKING_GROUND} + {BRIDGEHEAD_STACKING_SPECIALIZED}",
            ),
        )
    return ()


class BridgeheadAttacker(msgspec.Struct, frozen=True):
    """A ground unit attacking out of a bridgehead (31.61)."""

    unit_type: UnitType
    armor_in_breakthrough_hex: bool = False
    russian_shock_army: bool = False


def counts_against_attack_limit(unit: BridgeheadAttacker) -> bool:
    """Whether a unit counts toward the 2-unit limit (31.61)."""
    if unit.unit_type in ATTACK_LIMIT_EXEMPT_TYPES or unit.russian_shock_army:
        return False
    return not (unit.unit_type == "armor" and unit.armor_in_breakthrough_hex)


def attack_out_findings(attackers: Iterable[BridgeheadAttacker]) -> tuple[Breach, ...]:
    """At most 2 counted ground units attack out of one bridgehead in offensive ground combat (31.61; B-13)."""
    n = sum(1 for a in attackers if counts_against_attack_limit(a))
    if n > MAX_ATTACKERS_FROM_BRIDGEHEAD:
        return (Breach("31.61", f"{n} ground units attack out of a bridgehead; at most 2 (exemptions aside)"),)
    return ()


def attrition_occupation_allowed(cause: BridgeheadCause, *, overrun: OverrunBridgeheads = "as_river") -> bool:
    """A river or crossing-arrow bridgehead is never chosen for attrition occupation; a seaborne one may be
    (31.64; check B-14)."""
    return not _river_like(cause, overrun)


def acts_as_unlimited_supply_source(cause: BridgeheadCause, *, placed_this_player_turn: bool, segment: Phase) -> bool:
    """A seaborne bridgehead is an unlimited supply source in the post-combat supply determination of the player
    turn it is placed, and only then (31.71; check B-16)."""
    return cause == "seaborne_invasion" and placed_this_player_turn and segment == "post_combat_supply"
