"""Hex control (29), supply determinations (30), declarations of war and offensives (27.12), and the French
surrender and Vichy (A3R 58), as far as the log records the facts they need."""

from __future__ import annotations

from typing import Literal

from awaw_events.events import (
    AdvanceAfterCombat,
    ColonyAlignmentRolled,
    FrenchSurrenderChecked,
    HexControlChanged,
    OffensiveDeclared,
    SupplyDetermined,
    UnitBuilt,
    UnitMoved,
    UnitRedeployed,
    VichyDecided,
    WarDeclared,
)
from awaw_events.vocab import GROUND_TYPES, POWERS
from projections import land
from projections.board import at_war
from projections.rules.construction import DECLARATION_OF_WAR_COST, FULL_OFFENSIVE_COST
from projections.rules.control import OCCUPATION_CAUSES, controller_faction
from projections.rules.france import (
    FSL_RANGE,
    NOT_ROLLED,
    axis_controlled,
    colony_alignment,
    colony_bonus,
    may_surrender_voluntarily,
    surrender_level,
)
from projections.rules.supply import determined_by
from replays.audit.common import rolled
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("control, supply, politics")


@FAMILY.check(
    "29.21",
    "control changes by occupation only where a ground unit of the new controller's faction stands",
    reads=(HexControlChanged,),
)
def check_occupation_needs_a_unit(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause not in OCCUPATION_CAUSES:
        return ()
    faction = controller_faction(event.controller)
    if faction is None:
        return ()
    state = ctx.state
    # O(1) in the usual case: a unit of that faction entered the hex this player turn; else look at who stands there
    if land.entered(state.land, event, event.hex, faction):
        return ()
    if any(
        u.location == event.hex and u.unit_type in GROUND_TYPES and controller_faction(u.owner) == faction
        for u in state.board.units.values()
    ):
        return ()
    return (
        c.finding(
            ctx,
            expected=f"a {event.controller} (or allied) ground unit in {event.hex}",
            recorded="none there",
            message=f"{event.hex} changes to {event.controller} by {event.cause}, "
            "but no ground unit of that side stands in the hex (29.21: ZoC or killing the defenders "
            "alone changes nothing)",
        ),
    )


@FAMILY.check(
    "30.4",
    "supply is determined for the moving side only, once initially and once after combat per faction",
    reads=(SupplyDetermined,),
)
def check_supply_determinations(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    if not determined_by(event.faction, event.side):
        yield c.finding(
            ctx,
            expected=f"{event.side} factions only",
            recorded=event.faction,
            message=f"{event.faction} supply determined in the {event.side} player turn: only the "
            "moving player's units are determined (30.41)",
        )
    facts = ctx.state.land
    if (event.faction, event.determination) in facts.determinations and land.same_player_turn(facts, event):
        yield c.finding(
            ctx,
            expected="one",
            recorded="a second",
            message=f"a second {event.determination} supply determination for {event.faction} in this "
            "player turn (30.41-30.43)",
        )


@FAMILY.check(
    "30.16",
    "ground units isolated at the initial supply determination do not move or advance",
    reads=(UnitMoved, AdvanceAfterCombat),
)
def check_isolated_units_stay(c: Check, ctx: AuditContext[UnitMoved | AdvanceAfterCombat]) -> Result:
    facts = ctx.state.land
    isolated = facts.isolated
    event = ctx.event
    if not isolated or not land.same_player_turn(facts, event):
        return
    moved = [event.unit] if isinstance(event, UnitMoved) else [m.unit for m in event.moves]
    for unit_id in moved:
        unit = ctx.state.board.units.get(unit_id)
        if unit_id in isolated and unit is not None and unit.unit_type in GROUND_TYPES:
            yield c.finding(
                ctx,
                expected="no move",
                recorded=f"{unit_id} moves",
                message=f"{unit_id} was {isolated[unit_id]} at this player turn's initial supply "
                "determination and may not move or advance (30.16, 30.531)",
            )


@FAMILY.check(
    "27.12",
    "a declaration of war costs 35 BRPs against a major power, 10 against a minor",
    reads=(WarDeclared,),
)
def check_declaration_cost(c: Check, ctx: AuditContext[WarDeclared]) -> Result:
    event = ctx.event
    kind: Literal["major", "minor"] = "major" if event.target in POWERS else "minor"
    cost = DECLARATION_OF_WAR_COST[kind]
    if event.brp_cost != cost:
        yield c.finding(
            ctx,
            expected=cost,
            recorded=event.brp_cost,
            message=f"{event.aggressor} paid {event.brp_cost} BRPs to declare war on {event.target}; a "
            f"declaration against a {kind} power costs {cost} (27.12)",
        )


@FAMILY.check("27.12", "a full offensive costs 15 BRPs", reads=(OffensiveDeclared,), id="full_offensive_cost")
def check_full_offensive_cost(c: Check, ctx: AuditContext[OffensiveDeclared]) -> Result:
    event = ctx.event
    if event.kind == "full" and event.brp_cost != FULL_OFFENSIVE_COST:
        yield c.finding(
            ctx,
            expected=FULL_OFFENSIVE_COST,
            recorded=event.brp_cost,
            message=f"{event.power} paid {event.brp_cost} BRPs for a full offensive on the {event.front} "
            f"front; a full offensive costs {FULL_OFFENSIVE_COST} (27.12)",
        )


@FAMILY.check(
    "A3R 58.11",
    "France surrenders at the end of an Allied player turn with Paris Axis-held, or voluntarily from Fall 1940",
    reads=(FrenchSurrenderChecked,),
)
def check_french_surrender_trigger(c: Check, ctx: AuditContext[FrenchSurrenderChecked]) -> Result:
    event = ctx.event
    if event.side not in (None, "allied"):
        yield c.finding(
            ctx,
            expected="the Allied player turn",
            recorded=event.side,
            message="the French surrender is checked at the end of the Allied player turn (58.11)",
        )
    paris_lost = axis_controlled(event.paris_controller)
    if not event.surrenders:
        if paris_lost:
            yield c.finding(
                ctx,
                expected="surrender",
                recorded="no surrender",
                message=f"Paris is held by {event.paris_controller} at the end of the Allied player "
                "turn, so France surrenders (58.11)",
            )
        return
    if event.voluntary and not may_surrender_voluntarily(event.year, event.season):
        yield c.finding(
            ctx,
            expected="Fall 1940 or later",
            recorded=f"{event.season} {event.year}",
            message="France may surrender voluntarily only from Fall 1940 (58.12)",
        )
    if not event.voluntary and not paris_lost:
        yield c.finding(
            ctx,
            expected="Paris Axis-controlled",
            recorded=f"Paris held by {event.paris_controller}",
            message="France surrenders without losing Paris and without choosing to (58.11)",
        )


@FAMILY.check(
    "A3R 58.22",
    "the French surrender level is the clamped sum of its components (+1 if voluntary)",
    reads=(FrenchSurrenderChecked,),
)
def check_french_surrender_level(c: Check, ctx: AuditContext[FrenchSurrenderChecked]) -> Result:
    event = ctx.event
    if event.level is None:
        return
    expected = surrender_level(event.components, voluntary=event.voluntary)
    if expected is None:
        yield Missing(reason="the French surrender level was recorded without its components")
        return
    if event.level != expected:
        low, high = FSL_RANGE
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.level,
            message=f"the French surrender level is {expected} (components {event.components or 'none'}"
            f"{', voluntary' if event.voluntary else ''}, clamped to {low}..+{high}), not {event.level} (58.21-58.22)",
        )


@FAMILY.check("A3R 58.31", "Vichy is not established once the US and Germany are at war", reads=(VichyDecided,))
def check_vichy_allowed(c: Check, ctx: AuditContext[VichyDecided]) -> Result:
    event = ctx.event
    if event.established and (event.us_germany_at_war or at_war(ctx.state.board, "usa", "germany")):
        yield c.finding(
            ctx,
            expected="no Vichy",
            recorded="Vichy established",
            message="Vichy France may not be established when France surrenders after the US and "
            "Germany are at war (58.31)",
        )


@FAMILY.check(
    "A3R 58.53",
    "a colony's alignment follows d6 + FSL (+3 with Vichy): 3 or less Free French",
    reads=(ColonyAlignmentRolled,),
)
def check_colony_alignment(c: Check, ctx: AuditContext[ColonyAlignmentRolled]) -> Result:
    event = ctx.event
    if event.outcome in NOT_ROLLED:
        return
    found = rolled(ctx, event.roll)
    if found is None:
        return
    die = sum(found.dice)
    surrender = ctx.state.politics.french_surrender
    if surrender is not None and surrender.level is not None and event.fsl != surrender.level:
        yield c.finding(
            ctx,
            expected=surrender.level,
            recorded=event.fsl,
            message=f"{event.group}: the colony roll uses FSL {event.fsl}, but France surrendered at FSL "
            f"{surrender.level} (event {surrender.seq}; 58.53)",
        )
    vichy = ctx.state.politics.vichy
    bonus = colony_bonus(vichy)
    if event.vichy_bonus != bonus and vichy is not None:
        yield c.finding(
            ctx,
            expected=bonus,
            recorded=event.vichy_bonus,
            message=f"the Vichy bonus is {bonus} when Vichy was {'' if vichy else 'not '}established (58.53)",
        )
    modified = die + event.fsl + bonus
    expected = colony_alignment(modified, vichy)
    if event.outcome != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.outcome,
            message=f"{event.group}: die {die} + FSL {event.fsl} + {bonus} = {modified} gives "
            f"{expected.replace('_', ' ')}, not {event.outcome.replace('_', ' ')} (58.53)",
        )


@FAMILY.check(
    "A3R 58.12",
    "no French construction or redeployment after the surrender",
    reads=(UnitBuilt, UnitRedeployed),
)
def check_no_french_builds_after_surrender(c: Check, ctx: AuditContext[UnitBuilt | UnitRedeployed]) -> Result:
    if ctx.state.politics.french_surrender is None:
        return
    event = ctx.event
    owner: str | None
    nationality: str | None
    if isinstance(event, UnitBuilt):
        owner, nationality = event.owner, event.nationality
    else:
        unit = ctx.state.board.units.get(event.unit)
        owner, nationality = (unit.owner, unit.nationality) if unit is not None else (None, None)
    if owner == "france" and nationality == "france":
        what = "built" if isinstance(event, UnitBuilt) else "redeployed"
        yield c.finding(
            ctx,
            expected="no French units built or redeployed",
            recorded=f"{event.unit} {what}",
            message=f"a French unit is {what} after France surrendered (58.12)",
        )
