"""Hex control (29), supply determinations (30), declarations of war and offensives (27.12), and the French
surrender and Vichy (A3R 58), as far as the log records the facts they need."""

from __future__ import annotations

from typing import Any, Final, Literal

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttritionOccupation,
    ColonyAlignmentRolled,
    FrenchSurrenderChecked,
    HexControlChanged,
    OffensiveDeclared,
    PlayerTurnStarted,
    SupplyDetermined,
    UnitBuilt,
    UnitMoved,
    UnitRedeployed,
    VichyDecided,
    WarDeclared,
)
from awaw_events.gametime import turn_index
from awaw_events.vocab import FACTION_OF_POWER, GROUND_TYPES, POWERS, SIDE_OF_FACTION
from projections.board import Unit, at_war
from projections.rules.construction import DECLARATION_OF_WAR_COST, FULL_OFFENSIVE_COST
from replays.audit.common import rolled
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("control, supply, politics")

OCCUPATION_CAUSES: Final = frozenset(
    {"occupation", "movement", "advance_after_combat", "overrun", "exploitation", "attrition_occupation"}
)
"""Control changes that need a ground unit in the hex (29.21, 29.23)."""

AXIS_POWERS: Final = frozenset({"germany", "italy", "japan"})
FSL_CLAMP: Final = (-3, 3)
"""The French surrender level is clamped to -3..+3 "for all purposes" (A3R 58.22)."""
VOLUNTARY_FSL: Final = 1
"""A voluntary surrender sets the FSL to +1 (A3R 58.21)."""
VOLUNTARY_FROM: Final = turn_index(1940, "fall")
"""Voluntary surrender is allowed only from Fall 1940 (A3R 58.12)."""
COLONY_FREE_FRENCH_MAX: Final = 3
"""Colony roll: d6 + FSL + 3 if Vichy; 3 or less -> Free French, 4 or more -> Vichy (A3R 58.53)."""
VICHY_COLONY_BONUS: Final = 3


def _faction(controller: str) -> str | None:
    return FACTION_OF_POWER.get(controller) if controller in POWERS else None


@FAMILY.check(
    "29.21",
    "control changes by occupation only where a ground unit of the new controller's faction stands",
    reads=(HexControlChanged,),
)
def check_occupation_needs_a_unit(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause not in OCCUPATION_CAUSES:
        return
    faction = _faction(event.controller)
    if faction is None:
        return
    entered: dict[str, set[str]] = ctx.scratch.get("control_entered", {})
    # O(1) in the usual case: a unit of that faction entered the hex this player turn; else look at who stands there
    present = faction in entered.get(event.hex, ()) or any(
        u.location == event.hex and u.unit_type in GROUND_TYPES and _faction(u.owner) == faction
        for u in ctx.state.board.units.values()
    )
    if not present:
        yield c.finding(
            ctx,
            expected=f"a {event.controller} (or allied) ground unit in {event.hex}",
            recorded="none there",
            message=f"{event.hex} changes to {event.controller} by {event.cause}, "
            "but no ground unit of that side stands in the hex (29.21: ZoC or killing the defenders "
            "alone changes nothing)",
        )


@FAMILY.observe(PlayerTurnStarted)
def _new_player_turn(ctx: AuditContext[Any]) -> None:
    ctx.scratch["supply_done"] = set()
    ctx.scratch["supply_isolated"] = {}
    ctx.scratch["control_entered"] = {}


@FAMILY.observe(UnitMoved, AdvanceAfterCombat, AttritionOccupation, AirdropMade)
def _remember_entered_hexes(ctx: AuditContext[Any]) -> None:
    """Hexes ground units entered this player turn, by faction (a unit moving through a hex enters it, 29.21)."""
    entered: dict[str, set[str]] = ctx.scratch.setdefault("control_entered", {})
    event = ctx.event
    units = ctx.state.board.units
    if isinstance(event, UnitMoved | AirdropMade):
        faction = _ground_faction(units.get(event.unit))
        if faction is not None:
            for hex_ in event.path if isinstance(event, UnitMoved) else (event.target,):
                entered.setdefault(hex_, set()).add(faction)
    elif isinstance(event, AdvanceAfterCombat | AttritionOccupation):
        for move in event.moves:
            faction = _ground_faction(units.get(move.unit))
            if faction is not None:
                entered.setdefault(move.to, set()).add(faction)


def _ground_faction(unit: Unit | None) -> str | None:
    return _faction(unit.owner) if unit is not None and unit.unit_type in GROUND_TYPES else None


@FAMILY.check(
    "30.4",
    "supply is determined for the moving side only, once initially and once after combat per faction",
    reads=(SupplyDetermined,),
)
def check_supply_determinations(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    if event.side is not None and SIDE_OF_FACTION[event.faction] != event.side:
        yield c.finding(
            ctx,
            expected=f"{event.side} factions only",
            recorded=event.faction,
            message=f"{event.faction} supply determined in the {event.side} player turn: only the "
            "moving player's units are determined (30.41)",
        )
    done: set[tuple[str, str]] = ctx.scratch.setdefault("supply_done", set())
    key = (event.faction, event.determination)
    if key in done:
        yield c.finding(
            ctx,
            expected="one",
            recorded="a second",
            message=f"a second {event.determination} supply determination for {event.faction} in this "
            "player turn (30.41-30.43)",
        )
    done.add(key)


@FAMILY.observe(SupplyDetermined)
def _remember_isolation(ctx: AuditContext[SupplyDetermined]) -> None:
    event = ctx.event
    if event.determination == "initial":
        isolated: dict[str, str] = ctx.scratch.setdefault("supply_isolated", {})
        for result in event.results:
            if result.status in ("isolated", "unsupplied"):
                isolated[result.subject] = result.status
            else:
                isolated.pop(result.subject, None)


@FAMILY.check(
    "30.16",
    "ground units isolated at the initial supply determination do not move or advance",
    reads=(UnitMoved, AdvanceAfterCombat),
)
def check_isolated_units_stay(c: Check, ctx: AuditContext[Any]) -> Result:
    isolated: dict[str, str] = ctx.scratch.get("supply_isolated", {})
    if not isolated:
        return
    event = ctx.event
    if isinstance(event, UnitMoved):
        moved = [event.unit]
    elif isinstance(event, AdvanceAfterCombat):
        moved = [m.unit for m in event.moves]
    else:
        return
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
    if not event.surrenders:
        if event.paris_controller in AXIS_POWERS:
            yield c.finding(
                ctx,
                expected="surrender",
                recorded="no surrender",
                message=f"Paris is held by {event.paris_controller} at the end of the Allied player "
                "turn, so France surrenders (58.11)",
            )
        return
    if event.voluntary and turn_index(event.year, event.season) < VOLUNTARY_FROM:
        yield c.finding(
            ctx,
            expected="Fall 1940 or later",
            recorded=f"{event.season} {event.year}",
            message="France may surrender voluntarily only from Fall 1940 (58.12)",
        )
    if not event.voluntary and event.paris_controller not in AXIS_POWERS:
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
    if event.voluntary:
        expected = VOLUNTARY_FSL
    elif event.components:
        low, high = FSL_CLAMP
        expected = max(low, min(high, sum(event.components.values())))
    else:
        yield Missing(reason="the French surrender level was recorded without its components")
        return
    if event.level != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.level,
            message=f"the French surrender level is {expected} (components {event.components or 'none'}"
            f"{', voluntary' if event.voluntary else ''}, clamped to -3..+3), not {event.level} (58.21-58.22)",
        )


@FAMILY.observe(FrenchSurrenderChecked)
def _remember_fsl(ctx: AuditContext[FrenchSurrenderChecked]) -> None:
    event = ctx.event
    if event.surrenders:
        ctx.scratch["france_surrendered"] = turn_index(event.year, event.season)
        if event.level is not None:
            ctx.scratch["fsl"] = event.level


@FAMILY.observe(VichyDecided)
def _remember_vichy(ctx: AuditContext[VichyDecided]) -> None:
    ctx.scratch["vichy"] = ctx.event.established


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
    if event.outcome in ("skipped_axis", "skipped_british"):
        return
    found = rolled(ctx, event.roll)
    if found is None:
        return
    die = sum(found.dice)
    vichy = ctx.scratch.get("vichy")
    bonus = VICHY_COLONY_BONUS if vichy else 0
    if event.vichy_bonus != bonus and vichy is not None:
        yield c.finding(
            ctx,
            expected=bonus,
            recorded=event.vichy_bonus,
            message=f"the Vichy bonus is {bonus} when Vichy was {'' if vichy else 'not '}established (58.53)",
        )
    modified = die + event.fsl + bonus
    if modified <= COLONY_FREE_FRENCH_MAX:
        expected = "free_french"
    else:
        expected = "vichy" if vichy or vichy is None else "independent"
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
    surrendered = ctx.scratch.get("france_surrendered")
    if surrendered is None:
        return
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    owner = event.owner if isinstance(event, UnitBuilt) else (unit.owner if unit else None)
    nationality = event.nationality if isinstance(event, UnitBuilt) else (unit.nationality if unit else None)
    if owner == "france" and nationality == "france":
        what = "built" if isinstance(event, UnitBuilt) else "redeployed"
        yield c.finding(
            ctx,
            expected="no French units built or redeployed",
            recorded=f"{event.unit} {what}",
            message=f"a French unit is {what} after France surrendered (58.12)",
        )
