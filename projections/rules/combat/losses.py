"""Loss requirements (AWAW 15.61, 15.62, 15.551; house 2.3.3) and the support limits (15.632, 15.642, 18.614).

Sources: 10-16 extract 5.3 (AUD-15-13); A3R extract 2.3.3 and App. C-1, C-2 (C-CRT-5, C-AIR-5).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Final, Literal

import msgspec

from awaw_events.vocab import CombatResult
from projections.rules.breach import Breach
from projections.rules.combat.odds import BELOW_1_4, CrtTable, ceil_div
from projections.rules.combat.results import ResultContext, fort_step
from projections.rules.combat.strength import DM_FLOOR, DefendingUnit, das_strength, defence_strength

# ---------------------------------------------------------------------------------------------------------------
# Loss requirements (15.61, 15.62; extract 5.3; house 2.3.3)
# ---------------------------------------------------------------------------------------------------------------

LossMeasure = Literal["face", "modified"]
DBase = Literal["ground_face", "ground_and_das_face"]
"""What a "d" halves: the defending ground face factors (AWAW extract default, Q2; DAS may still pay, 15.631) or
ground + DAS factors (house extract default, A3R Q10)."""

D_BASE_DEFAULT: Final[dict[CrtTable, DBase]] = {"awaw": "ground_face", "a3r_house": "ground_and_das_face"}


EX_K_RESULTS: Final[frozenset[CombatResult]] = frozenset({"Ex-1", "Ex-2", "Ex-3"})
"""The Ex-k results: the defender loses everything, the attacker its factors at the defenders' DM lowered by k
(15.61; 15.55, 15.551)."""


class SideLoss(msgspec.Struct, frozen=True):
    """One side's loss requirement: ``everything`` or at least ``factors``, counted in ``measure`` (face factors, or
    DM-modified strength with DAS at its strength)."""

    everything: bool = False
    factors: int = 0
    measure: LossMeasure = "face"


class LossRequirement(msgspec.Struct, frozen=True):
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
        return LossRequirement(result, _cap(ceil_div(dfn, 2), attack), NO_LOSS)
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
        return LossRequirement(result, NO_LOSS, _cap(ceil_div(halved, 2), total))
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


class LossPool(msgspec.Struct, frozen=True):
    """What one side may lose in a round, as the loss checks count it: whole ground units by id, and air and fleet
    factors one token each (``"unit#0"``, ``"unit#1"``: lost factor by factor, 10-16 extract 5.3), each with its
    value (face factors, or DM-modified strength); ``air`` names the tokens that are air factors."""

    units: dict[str, int]
    air: frozenset[str] = frozenset()


def factor_tokens(unit: str, count: int, value: int = 1) -> dict[str, int]:
    """``count`` factors of ``unit`` as pool tokens, each worth ``value``."""
    return {f"{unit}#{i}": value for i in range(count)}


def attacker_loss_pool(ground: Mapping[str, int], air: Mapping[str, int], fleet: Mapping[str, int]) -> LossPool:
    """The attacker's pool: the ground units fighting the round (factors left; units with none left are gone), and
    the ground support and shore bombardment factors left (face value, 15.61)."""
    units = {u: f for u, f in ground.items() if f > 0}
    air_tokens: dict[str, int] = {}
    for u, f in air.items():
        air_tokens.update(factor_tokens(u, f))
    units.update(air_tokens)
    for u, f in fleet.items():
        units.update(factor_tokens(u, f))
    return LossPool(units, frozenset(air_tokens))


def defender_loss_pool(
    ground: Mapping[str, DefendingUnit], das: Mapping[str, int], *, modified: bool, invasion: bool = False
) -> LossPool:
    """The defender's pool: whole ground units (face factors, or factors x DM when ``modified``) and DAS factor by
    factor (at its strength when modified: tripled against an invasion, 18.611B)."""
    units = {u: d.factors * (d.dm if modified else 1) for u, d in ground.items()}
    per = das_strength(1, invasion=invasion) if modified else 1
    air_tokens: dict[str, int] = {}
    for u, f in das.items():
        air_tokens.update(factor_tokens(u, f, per))
    units.update(air_tokens)
    return LossPool(units, frozenset(air_tokens))


def lost_tokens(pool: Mapping[str, int], losses: Iterable[tuple[str, int]]) -> tuple[list[str], list[str]]:
    """Recorded losses (unit, factors) as pool entries, and the units that could not be found in the pool (did not
    fight the round, or have fewer factors left)."""
    lost: list[str] = []
    strays: list[str] = []
    for unit, factors in losses:
        if unit in pool:
            lost.append(unit)
            continue
        tokens = [f"{unit}#{i}" for i in range(factors)]
        if factors == 0 or any(t not in pool for t in tokens):
            strays.append(unit)
        else:
            lost.extend(tokens)
    return lost, strays


class MixedCtlAttacker(msgspec.Struct, frozen=True):
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
    converted = fort_step(rolled, ctx, defender_converts=True)
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


def legal_after_involuntary_air_losses(
    lost: Sequence[str], pool: LossPool, need: int | None, *, table: CrtTable = "awaw"
) -> bool:
    """House 15.632: air above 3:1 of the surviving ground units (all of it when none survive) is eliminated too, so
    an attacker loss set with more air than the requirement needs is legal if removing that involuntary air leaves a
    legal set (the last air tokens recorded are taken as the involuntary ones)."""
    air = pool.air
    ground_left = sum(v for u, v in pool.units.items() if u not in air and u not in lost and "#" not in u)
    air_total = sum(pool.units[t] for t in air)
    extra = involuntary_air_losses(air_total, ground_left, final_round=True, table=table)
    lost_air = [t for t in lost if t in air]
    drop = lost_air[len(lost_air) - min(extra, len(lost_air)) :] if extra else []
    if not drop:
        return False
    trimmed_pool = {u: v for u, v in pool.units.items() if u not in drop}
    trimmed = [u for u in lost if u not in drop]
    return not loss_set_findings(trimmed, trimmed_pool, need)
