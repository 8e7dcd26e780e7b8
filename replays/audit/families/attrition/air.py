"""Air combat (A3R house App. C-2, 19.2-19.42; option ``air.combat = awaw_17_19_house``) and jets (17.53)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AirCombatResolved,
    AirMissionFlown,
    UnitBuilt,
)
from awaw_events.events.base import UnitFactors
from projections.rules import air
from replays.audit.common import rolled
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

CHECKS = Family("attrition and air combat")


@CHECKS.check(
    "19.42",
    "each side's air combat result is the table's for its factors and modified 2d6",
    reads=(AirCombatResolved,),
    partly={
        "C-AIR-2": "the Air Nationality DRMs (A3R Table 26.6) are not in the sources: the recorded net modifier is "
        "applied, equal and opposite",
        "C-AIR-3": "the allocation of losses by type (19.6) and to uninverted units first (19.64) is not recorded",
    },
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


@CHECKS.check(
    "17.531",
    "jets fly only the missions 17.53 allows: never ground support, DAS or bombing",
    reads=(AirMissionFlown,),
)
def check_jet_missions(c: Check, ctx: AuditContext[AirMissionFlown]) -> Result:
    event = ctx.event
    if event.mission not in air.JET_FORBIDDEN_FLOWN or not air.house_air_combat(ctx.meta.rules, ctx.meta.options):
        return
    units = ctx.state.board.units
    for u in event.units:
        unit = units.get(u)
        if unit is not None and unit.unit_type == "jet":
            yield c.finding(
                ctx,
                expected="a mission jets may fly",
                recorded=f"{u}: {event.mission}",
                message=f"jet {u} flies {event.mission.replace('_', ' ')}; jets never fly ground support, DAS, "
                "bombing or attacks on naval units (17.531)",
            )


def _air_row(ctx: AuditContext[Any], units: list[UnitFactors], squadrons: bool) -> tuple[int, int] | None:
    """A side's table row (17.55) and its jet factors, from its units' types on the board (None: a unit unknown)."""
    board = ctx.state.board
    army = jets = nas = 0
    for u in units:
        unit = board.units.get(u.unit)
        if unit is None:
            return None
        if unit.unit_type == "jet":
            jets += u.factors
        elif unit.unit_type == "nas":
            nas += u.factors
        else:
            army += u.factors
    return air.air_combat_strength(army, jets, nas, in_squadrons=squadrons), jets


@CHECKS.check(
    "19.2",
    "each side's air combat row is its AAF + 3 x jets (squadrons with naval air); single-round battles have one round",
    reads=(AirCombatResolved,),
    covers=("C-AIR-1", "C-AIR-8"),
)
def check_air_rows(c: Check, ctx: AuditContext[AirCombatResolved]) -> Result:
    event = ctx.event
    if not air.house_air_combat(ctx.meta.rules, ctx.meta.options):
        return
    for b in air.air_rounds_findings(event.case, event.round) if event.case is not None else ():
        yield c.finding(
            ctx,
            expected="one round",
            recorded=f"round {event.round}",
            message=f"air battle {event.battle}: {b.message}; counterair against a naval base fights one air round per "
            f"naval round ({b.rule})",
        )
    if not event.attacker_units or not event.defender_units:
        yield Missing(reason="the air units engaged are not recorded (air_combat_resolved.attacker_units)")
        return
    board = ctx.state.board
    squadrons = any(
        (unit := board.units.get(u.unit)) is not None and unit.unit_type == "nas"
        for u in (*event.attacker_units, *event.defender_units)
    )
    for side, units, recorded in (
        ("attacker", event.attacker_units, event.attacker_factors),
        ("defender", event.defender_units, event.defender_factors),
    ):
        found = _air_row(ctx, units, squadrons)
        if found is None:
            yield Missing(reason=f"an air unit of the {side} is not on the board")
            continue
        if found[0] != recorded:
            yield c.finding(
                ctx,
                expected=found[0],
                recorded=recorded,
                message=f"air battle {event.battle}: the {side}'s units read row {found[0]} (AAF + 3 x jet factors"
                + (", in squadrons with naval air" if squadrons else "")
                + f"; 17.55, 19.2), recorded {recorded}",
            )


@CHECKS.check(
    "17.54",
    "jets are built after a 13+ jet research result, at 3 BRPs a factor",
    reads=(UnitBuilt,),
    covers=("C-AIR-4",),
)
def check_jet_builds(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type != "jet" or not air.house_air_combat(ctx.meta.rules, ctx.meta.options):
        return
    best = ctx.state.combat.jet_research.get(event.owner)
    for b in air.jet_build_findings(event.factors, event.cost, best):
        yield c.finding(
            ctx,
            expected="a legal jet build",
            recorded=f"{event.unit}: {event.factors} factors, {event.cost} BRPs",
            message=f"jet {event.unit} built by {event.owner} (best jet research result "
            f"{best if best is not None else 'none'}): {b.message} ({b.rule})",
        )
