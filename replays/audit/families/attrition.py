"""Attrition (AWAW rule 14; A3R house App. C when ``combat.attrition = awaw_14_house``) and air combat (A3R house
App. C-2, only when ``air.combat = awaw_17_19_house``).

Sources: 10-16 extract 2.7 (AUD-14-04, 14-06 to 14-09), 5.6 and 6.2 (EX-06, EX-15 to EX-17, DT-10); A3R extract 2.2,
2.4, 3.5 (C-ATT-2 to C-ATT-7), 3.7 (C-AIR-1 to C-AIR-3), 7.1 and 7.3 (T-A1 to T-A10, T-AIR2 to T-AIR4). Every number
comes from :mod:`projections.rules.attrition` and :mod:`projections.rules.air`.

Which table: AWAW games use rule 14; A3R games use the house App. C when ``combat.attrition`` is ``awaw_14_house``
(the package value, the default); with ``a3r`` the standard A3R attrition applies, which the extracts do not contain.

How the facts are read:

* The attritions declared this player turn, their recorded results, the units that attacked this player turn and the
  units counted for attrition this game turn are projection state (:class:`projections.combat.CombatState`). The
  Pacific halving of H (14.41 note, 14.43) applies when the counted units stand on the Pacific map (``PAC:`` hexes),
  or, without their locations, on the Pacific, Asian and Southeast Asian fronts (which lie on the Pacific map).
* Modifiers: the factor bonus (14.42A) is recomputed (a recorded ``factors`` / ``gf_over_61`` item is compared with
  it); the others (AWAW CTL 14.42B, winter 14.42C, house CTL simulation 14.42D) are taken as recorded, since the log
  does not record the defending units engaged, except that a house game may not claim a CTL difference (14.42B) and
  the German-heavy house DRMs end with Spring 1942 (14.42D).
* Air combat: the roll referred to by ``air_combat_resolved`` shows four dice, the attacker's 2d6 then the
  defender's; the recorded modifiers are the attacker's net modifier, the defender's is its negative (19.31).
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import (
    AirCombatResolved,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionResolved,
)
from awaw_events.gametime import game_turn
from projections.rules import air
from projections.rules import attrition as rules
from projections.rules.calendar import is_before
from replays.audit.common import die_face, rolled
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("attrition and air combat")

STANDARD_A3R: Final = "the standard A3R attrition rules (combat.attrition = a3r) are not in the extracts"


def _variant(ctx: AuditContext[Any]) -> rules.AttritionVariant | None:
    return rules.attrition_variant(ctx.meta.rules, ctx.meta.options)


def _on_pacific_map(ctx: AuditContext[Any], event: AttritionDeclared) -> bool:
    units = ctx.state.board.units
    locations = (unit.location for u in event.counted if (unit := units.get(u.unit)) is not None)
    return rules.on_pacific_map(locations, event.front)


@FAMILY.check(
    "14.41",
    "the attrition total is the counted factors, of units that may be counted",
    reads=(AttritionDeclared,),
)
def check_attrition_factors(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    variant = _variant(ctx)
    if variant is None:
        yield Missing(reason=STANDARD_A3R)
        return
    total = sum(u.factors for u in event.counted)
    if event.counted and total != event.factors:
        yield c.finding(
            ctx,
            expected=total,
            recorded=event.factors,
            message=f"attrition {event.attrition}: the counted units total {total} factors, recorded {event.factors}",
        )
    for u in event.counted:
        unit = ctx.state.board.units.get(u.unit)
        if unit is None:
            continue
        if not rules.may_be_counted(unit.unit_type, partisans_allowed=event.partisans and variant == "a3r_house"):
            yield c.finding(
                ctx,
                expected="ground units that may attrition",
                recorded=f"{u.unit} ({unit.unit_type})",
                message=f"attrition {event.attrition} counts {u.unit}, a {unit.unit_type} unit: replacements, flak, "
                "partisans (in a conventional attrition), air and naval units are never counted (14.23)",
            )


@FAMILY.check(
    "14.23",
    "no unit counted for attrition attacked this combat phase or was counted in another attrition this game turn",
    reads=(AttritionDeclared,),
)
def check_attrition_units_once(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    if _variant(ctx) is None:
        return
    attacked = ctx.state.combat.attacked
    counted = ctx.state.combat.counted_in(game_turn(event))
    for u in event.counted:
        if u.unit in attacked:
            yield c.finding(
                ctx,
                expected="units that made no offensive operation",
                recorded=u.unit,
                message=f"attrition {event.attrition} counts {u.unit}, which attacked in this combat phase (14.23A)",
            )
        elif u.unit in counted and counted[u.unit] != event.attrition:
            yield c.finding(
                ctx,
                expected="units not counted before this game turn",
                recorded=u.unit,
                message=f"attrition {event.attrition} counts {u.unit}, already counted in attrition "
                f"{counted[u.unit]} this game turn (14.21, 14.23B)",
            )


def _other_modifiers(event: AttritionResolved) -> list[int]:
    """The recorded modifiers other than the factor bonus (which is recomputed)."""
    return [m.value for m in event.modifiers if not rules.is_factor_bonus(m.code)]


@FAMILY.check(
    "14.42",
    "attrition modifiers: the factor bonus, and (house) no CTL difference and no German DRM after Spring 1942",
    reads=(AttritionResolved,),
)
def check_attrition_modifiers(c: Check, ctx: AuditContext[AttritionResolved]) -> Result:
    event = ctx.event
    variant = _variant(ctx)
    decl = ctx.state.combat.attritions.get(event.attrition)
    if variant is None or decl is None:
        return
    bonus = rules.factor_modifier(decl.factors)
    for m in event.modifiers:
        code = m.code.lower()
        if code in rules.FACTOR_BONUS_CODES and m.value != bonus:
            yield c.finding(
                ctx,
                expected=f"{bonus:+d}",
                recorded=f"{m.value:+d}",
                message=f"attrition {event.attrition}: {decl.factors} factors give {bonus:+d} (+1 per full ten over "
                f"61, 14.42A), recorded {m.value:+d}",
            )
        if variant == "a3r_house" and code in rules.CTL_CODES:
            yield c.finding(
                ctx,
                expected="no CTL modifier",
                recorded=f"{m.value:+d}",
                message=f"attrition {event.attrition} claims a CTL difference of {m.value:+d}; the house rules replace "
                "it with the 14.42D DRMs (14.42B does not apply to A3R)",
            )
        late = is_before(rules.HOUSE_EARLY_GERMAN_LAST_TURN, (event.year, event.season))
        if variant == "a3r_house" and code in rules.HOUSE_GERMAN_DRM_CODES and late and m.value:
            yield c.finding(
                ctx,
                expected="0",
                recorded=f"{m.value:+d}",
                message=f"attrition {event.attrition} claims {m.code} {m.value:+d} in {event.season} {event.year}; "
                "the German-heavy DRMs apply only through Spring 1942 (14.42D)",
            )


@FAMILY.check(
    "14.41",
    "the attrition column, modified roll and result are the table's (Pacific H halved; 2C only for 1C/1H)",
    reads=(AttritionResolved,),
    id="attrition_result",
)
def check_attrition_result(c: Check, ctx: AuditContext[AttritionResolved]) -> Result:
    event = ctx.event
    variant = _variant(ctx)
    if variant is None:
        yield Missing(reason=STANDARD_A3R)
        return
    decl = ctx.state.combat.attritions.get(event.attrition)
    if decl is None:
        yield Missing(reason=f"attrition {event.attrition} was not declared (no attrition_declared)")
        return
    if decl.factors <= 0:
        yield c.finding(
            ctx,
            expected="at least 1 factor",
            recorded=0,
            message=f"attrition {event.attrition} is resolved with no attritioning factors (14.41)",
        )
        return
    column = rules.ATTRITION_COLUMNS[rules.attrition_column(decl.factors)].label
    if event.column is not None and event.column != column:
        yield c.finding(
            ctx,
            expected=column,
            recorded=event.column,
            message=f"attrition {event.attrition}: {decl.factors} factors read the {column} column, recorded "
            f"{event.column} (14.41)",
        )
    die = die_face(ctx, event.roll)
    if die is None:
        return
    pacific = _on_pacific_map(ctx, decl)
    outcome = rules.resolve_attrition(
        decl.factors, die, modifiers=_other_modifiers(event), pacific=pacific, take_2c=event.chose_2c, variant=variant
    )
    if event.modified_die is not None and event.modified_die != outcome.modified_roll:
        yield c.finding(
            ctx,
            expected=outcome.modified_roll,
            recorded=event.modified_die,
            message=f"attrition {event.attrition}: die {die} {outcome.modifier:+d} = {outcome.modified_roll} "
            f"(factor bonus {rules.factor_modifier(decl.factors):+d} and the recorded modifiers; 14.42), recorded "
            f"{event.modified_die}",
        )
    breaches = rules.attrition_findings(
        outcome, recorded_counters=event.losses, recorded_hexes=event.hexes, chose_2c=event.chose_2c, pacific=pacific
    )
    halved = ", H halved on the Pacific map" if pacific else ""
    for b in breaches:
        yield c.finding(
            ctx,
            expected=outcome.result.label,
            recorded=rules.AttritionResult(event.losses, event.hexes).label,
            message=f"attrition {event.attrition}: die {die}, row {outcome.row}, column {outcome.column_label} gives "
            f"{outcome.table_result.label}{halved}; {b.message} ({b.rule})",
        )


@FAMILY.check(
    "14.51",
    "the defender loses exactly C counters (fewer only if it has no more eligible units)",
    reads=(AttritionLossesTaken,),
)
def check_attrition_losses(c: Check, ctx: AuditContext[AttritionLossesTaken]) -> Result:
    event = ctx.event
    if _variant(ctx) is None:
        return
    counters = ctx.state.combat.attrition_results.get(event.attrition)
    if counters is None:
        yield Missing(reason=f"attrition {event.attrition} has no recorded result")
        return
    lost = len({u.unit for u in event.losses})
    if lost > counters:
        yield c.finding(
            ctx,
            expected=counters,
            recorded=lost,
            message=f"attrition {event.attrition}: {lost} counters removed for a {counters}C result (14.51: exactly C)",
        )
    elif lost < counters:
        yield Missing(reason="fewer than C counters lost: the log does not say how many units were eligible (14.51)")


# ---------------------------------------------------------------------------------------------------------------
# Air combat (house App. C-2, 19.2-19.42)
# ---------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "19.42",
    "each side's air combat result is the table's for its factors and modified 2d6",
    reads=(AirCombatResolved,),
)
def check_air_combat(c: Check, ctx: AuditContext[AirCombatResolved]) -> Result:
    event = ctx.event
    if not air.house_air_combat(ctx.meta.rules, ctx.meta.options):
        return
    found = rolled(ctx, event.roll)
    if found is None:
        return
    faces = found.dice
    if len(faces) != air.AIR_DICE or any(not 1 <= f <= 6 for f in faces):
        yield Missing(reason="an air combat roll needs four dice: the attacker's 2d6, then the defender's")
        return
    modifier = sum(m.value for m in event.modifiers)
    a_roll = faces[0] + faces[1] + modifier
    b_roll = faces[2] + faces[3] - modifier
    for side, strength, roll, elim, abort, enemy, target in (
        (
            "attacker",
            event.attacker_factors,
            a_roll,
            event.defender_eliminated,
            event.defender_aborted,
            event.defender_factors,
            "defender",
        ),
        (
            "defender",
            event.defender_factors,
            b_roll,
            event.attacker_eliminated,
            event.attacker_aborted,
            event.attacker_factors,
            "attacker",
        ),
    ):
        if strength <= 0:
            continue
        result = air.air_combat_result(strength, roll)
        for b in air.air_round_findings(
            strength, roll, recorded_eliminated=elim, recorded_aborted=abort, enemy_factors=enemy
        ):
            yield c.finding(
                ctx,
                expected=result.label,
                recorded=f"{elim}/{abort}",
                message=f"air battle {event.battle} round {event.round}: the {side}'s {strength} factors roll "
                f"{roll} ({air.clamp_air_dice(roll)} on the table) = {result.label} against the {target}'s {enemy} "
                f"factors; {b.message} ({b.rule})",
            )
