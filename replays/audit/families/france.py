"""The French surrender, Vichy France and the Free French (A3R App. J, rule 58; option ``france.surrender``):
C-FRA-1..C-FRA-7, worked examples T-FR1..T-FR4.

The surrender level is recomputed part by part from the state (58.21): who holds Paris, Lyon and Marseilles and the
French objectives (board control, the map data naming the hexes), the French ground factors in France and the French
fleet (board units), the turn, the DPs placed in France and the Anglo-French research result (politics). The rules
are :mod:`projections.rules.france`. In an A3R game that keeps A3R's own French rules (``france.surrender=a3r``) the
house checks do not apply, and say so.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    ColonyAlignmentRolled,
    DiplomaticResult,
    FrenchForcesAssigned,
    FrenchSurrenderChecked,
    TensionChanged,
    UnitBuilt,
    UnitRedeployed,
    VichyDecided,
    WarDeclared,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections.board import at_war
from projections.position.common import rolled
from projections.rules.control import controller_side
from projections.rules.france import (
    ANGLO_FRENCH_PROJECTS,
    CITY_VALUES,
    COLONIAL_DOW_MODIFIER,
    COLONY_GROUPS,
    COMPONENTS,
    FLEET_ROUNDING_OPTION,
    FORBIDDEN_VICHY_MODIFIER,
    FORCE_WORDS,
    FREE_FRENCH_FORCES,
    FSL_RANGE,
    NOT_ROLLED,
    VICHY_FORCES,
    anglo_french_part,
    axis_controlled,
    city_part,
    clamp_fsl,
    colony_alignment,
    colony_bonus,
    dps_part,
    fleet_part,
    ground_part,
    may_surrender_voluntarily,
    objectives_part,
    turn_part,
    vichy_fsl_modifier,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("France and Vichy")

OWN_RULES = Missing(
    reason="the game keeps A3R's own French surrender rules (france.surrender=a3r), which are not in the rule texts",
    kind="A3R French rules",
)


def _own_rules(ctx: AuditContext[Any]) -> bool:
    """An A3R game that does not use the house French rules (option ``france.surrender``)."""
    meta = ctx.meta
    return meta.rules == "a3r" and meta.option("france.surrender", "a3r") != "awaw_58_house"


def _named_hex(ctx: AuditContext[Any], name: str) -> str | None:
    data = ctx.map
    if data is None:
        return None
    return next((f.hex for f in data.hexes if f.name == name), None)


@FAMILY.check(
    "A3R 58.11",
    "France surrenders at the end of an Allied player turn with Paris Axis-held, or voluntarily from Fall 1940",
    reads=(FrenchSurrenderChecked,),
    covers=("C-FRA-1",),
)
def check_french_surrender_trigger(c: Check, ctx: AuditContext[FrenchSurrenderChecked]) -> Result:
    if _own_rules(ctx):
        return (OWN_RULES,)
    event = ctx.event
    found: list[Any] = []
    if event.side not in (None, "allied"):
        found.append(
            c.finding(
                ctx,
                expected="the Allied player turn",
                recorded=event.side,
                message="the French surrender is checked at the end of the Allied player turn (58.11)",
            )
        )
    paris = _named_hex(ctx, "Paris")
    held = ctx.state.board.control.get(paris) if paris is not None else None
    if held is not None and held != event.paris_controller:
        found.append(
            c.finding(
                ctx,
                expected=held,
                recorded=event.paris_controller,
                message=f"Paris ({paris}) is held by {held}, not {event.paris_controller} (58.11)",
            )
        )
    paris_lost = axis_controlled(held or event.paris_controller)
    if not event.surrenders:
        if paris_lost:
            found.append(
                c.finding(
                    ctx,
                    expected="surrender",
                    recorded="no surrender",
                    message=f"Paris is held by {held or event.paris_controller} at the end of the Allied player "
                    "turn, so France surrenders (58.11)",
                )
            )
        return found
    if event.voluntary and not may_surrender_voluntarily(event.year, event.season):
        found.append(
            c.finding(
                ctx,
                expected="Fall 1940 or later",
                recorded=f"{event.season} {event.year}",
                message="France may surrender voluntarily only from Fall 1940 (58.12)",
            )
        )
    if not event.voluntary and not paris_lost:
        found.append(
            c.finding(
                ctx,
                expected="Paris Axis-controlled",
                recorded=f"Paris held by {event.paris_controller}",
                message="France surrenders without losing Paris and without choosing to (58.11)",
            )
        )
    return found


@FAMILY.check(
    "A3R 58.12",
    "no French construction or redeployment after the surrender",
    reads=(UnitBuilt, UnitRedeployed),
    covers=("C-FRA-1",),
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


# ---------------------------------------------------------------------------------------------------------------------
# The French surrender level (58.21, 58.22)


def _fsl_parts(ctx: AuditContext[FrenchSurrenderChecked]) -> tuple[dict[str, int], list[Any]]:
    """Each component of the FSL as the state gives it, and what could not be computed (as ``Missing``)."""
    event = ctx.event
    board = ctx.state.board
    parts: dict[str, int] = {}
    missing: list[Any] = []
    for code, (name, _) in CITY_VALUES.items():
        hex_ = _named_hex(ctx, name)
        held = board.control.get(hex_) if hex_ is not None else None
        if code == "FSL_PARIS" and held is None:
            held = event.paris_controller
        if held is None:
            missing.append(
                Missing(reason=f"who holds {name} is not known (map data naming it, hex control)", kind=code)
            )
        else:
            parts[code] = city_part(code, held)
    objectives = _french_objectives(ctx)
    if isinstance(objectives, int):
        parts["FSL_OBJECTIVES"] = objectives_part(objectives)
    else:
        missing.append(objectives)
    ground = _french_ground(ctx)
    if isinstance(ground, int):
        parts["FSL_GROUND"] = ground_part(ground)
    else:
        missing.append(ground)
    fleet = sum(
        u.factors
        for u in board.units.values()
        if u.nationality == "france" and u.unit_type in NAVAL_TYPES and u.location[:4] in ("EUR:", "PAC:", "box:")
    )
    parts["FSL_FLEET"] = fleet_part(fleet, ctx.meta.option(FLEET_ROUNDING_OPTION, "down"))
    parts["FSL_TURN"] = turn_part(event.year, event.season)
    dps = ctx.state.politics.dps_in_france
    parts["FSL_DPS"] = dps_part(dps.get(f"{event.year}/axis", 0), dps.get(f"{event.year}/allied", 0))
    best = max(
        (
            max(r.steps, _number(r.result))
            for r in ctx.state.politics.research.values()
            if r.project in ANGLO_FRENCH_PROJECTS and controller_side(r.power) == "allied"
        ),
        default=None,
    )
    parts["FSL_ANGLO_FRENCH"] = anglo_french_part(best)
    return parts, missing


def _number(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


def _french_objectives(ctx: AuditContext[Any]) -> int | Missing:
    """European objectives under French control other than Lyon and Marseilles (58.21A), from the map data's
    objectives and hex control."""
    data = ctx.map
    objectives = [f for f in data.with_fact("objective") if f.objective and f.hex.startswith("EUR:")] if data else []
    if not objectives:
        return Missing(reason="no map data lists the European objectives (58.21A)", kind="FSL_OBJECTIVES")
    count = 0
    for facts in objectives:
        if facts.name in ("Lyon", "Marseilles"):
            continue
        held = ctx.state.board.control.get(facts.hex)
        if held is None:
            return Missing(
                reason=f"who holds the objective {facts.hex} is not recorded (58.21A)", kind="FSL_OBJECTIVES"
            )
        count += held == "france"
    return count


def _french_ground(ctx: AuditContext[Any]) -> int | Missing:
    """French ground factors in France (58.21B): units of French nationality in hexes the map data places in
    France."""
    total = 0
    for unit in ctx.state.board.units.values():
        if unit.nationality != "france" or unit.unit_type not in GROUND_TYPES or not unit.location.startswith("EUR:"):
            continue
        facts = ctx.hex(unit.location)
        if facts is None or facts.country is None:
            return ctx.missing_hex(unit.location, "country")
        if facts.country == "france":
            total += unit.factors
    return total


@FAMILY.check(
    "A3R 58.22",
    "the French surrender level is the clamped sum of its parts, each as the state gives it (+1 if voluntary)",
    reads=(FrenchSurrenderChecked,),
    covers=("C-FRA-2",),
)
def check_french_surrender_level(c: Check, ctx: AuditContext[FrenchSurrenderChecked]) -> Result:
    event = ctx.event
    if event.level is None or not event.surrenders:
        return ()
    if _own_rules(ctx):
        return (OWN_RULES,)
    low, high = FSL_RANGE
    if event.voluntary:
        if event.level != 1:
            return (
                c.finding(
                    ctx,
                    expected=1,
                    recorded=event.level,
                    message="a voluntary surrender sets the French surrender level to +1 (58.21)",
                ),
            )
        return ()
    parts, missing = _fsl_parts(ctx)
    if not event.components and missing:
        return (
            Missing(
                reason="the French surrender level was recorded without its parts, some of which the state "
                "cannot give (58.21)",
                kind="FSL parts",
            ),
            *missing,
        )
    found: list[Any] = list(missing)
    unknown = sorted(set(event.components) - set(COMPONENTS))
    if unknown:
        found.append(
            c.finding(
                ctx,
                expected=f"parts of 58.21 ({', '.join(COMPONENTS)})",
                recorded=", ".join(unknown),
                message=f"{', '.join(unknown)} is no part of the French surrender level (58.21A-F)",
            )
        )
    total = 0
    for code in COMPONENTS:
        claimed = event.components.get(code, 0)
        if code not in parts:
            total += claimed  # taken as recorded: reported as not checked above
            continue
        total += parts[code]
        if event.components and claimed != parts[code]:
            found.append(
                c.finding(
                    ctx,
                    expected=f"{code} {parts[code]:+d}",
                    recorded=f"{claimed:+d}",
                    message=f"{code} is {parts[code]:+d} from the state at the surrender, not {claimed:+d} (58.21)",
                )
            )
    expected = clamp_fsl(total)
    if event.level != expected:
        found.append(
            c.finding(
                ctx,
                expected=expected,
                recorded=event.level,
                message=f"the French surrender level is {expected} (parts {total:+d}, clamped to {low}..+{high}), not "
                f"{event.level} (58.21-58.22)",
            )
        )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Vichy, the colonies and the forces (58.3-58.6)


@FAMILY.check(
    "A3R 58.31",
    "Vichy is not established once the US and Germany are at war",
    reads=(VichyDecided,),
    covers=("C-FRA-3",),
)
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
    "one colony roll each for Lebanon-Syria and North Africa after the Vichy decision: d6 + FSL (+3 with Vichy), "
    "3 or less Free French",
    reads=(ColonyAlignmentRolled,),
    covers=("C-FRA-4",),
)
def check_colony_alignment(c: Check, ctx: AuditContext[ColonyAlignmentRolled]) -> Result:
    event = ctx.event
    politics = ctx.state.politics
    found: list[Any] = []
    if politics.french_surrender is None or politics.vichy is None or event.group not in COLONY_GROUPS:
        found.append(
            c.finding(
                ctx,
                expected="a roll for Lebanon-Syria or North Africa after the surrender and the Vichy decision",
                recorded=event.group if politics.vichy is not None else f"{event.group} before {_missing(politics)}",
                message="after France surrenders and the Axis decide on Vichy, one die each is rolled for "
                "Lebanon-Syria and for Tunisia-Algeria-Morocco (58.531)",
            )
        )
    elif event.group in politics.colony_rolls:
        found.append(
            c.finding(
                ctx,
                expected="one roll per colony group",
                recorded=f"a second {event.group} roll",
                message=f"{event.group} was already rolled for (event {politics.colony_rolls[event.group]}; 58.531)",
            )
        )
    if event.outcome in NOT_ROLLED:
        return found
    die = _die(ctx, event.roll)
    if die is None:
        return found
    surrender = politics.french_surrender
    if surrender is not None and surrender.level is not None and event.fsl != surrender.level:
        found.append(
            c.finding(
                ctx,
                expected=surrender.level,
                recorded=event.fsl,
                message=f"{event.group}: the colony roll uses FSL {event.fsl}, but France surrendered at FSL "
                f"{surrender.level} (event {surrender.seq}; 58.53)",
            )
        )
    vichy = politics.vichy
    bonus = colony_bonus(vichy)
    if event.vichy_bonus != bonus and vichy is not None:
        found.append(
            c.finding(
                ctx,
                expected=bonus,
                recorded=event.vichy_bonus,
                message=f"the Vichy bonus is {bonus} when Vichy was {'' if vichy else 'not '}established (58.53)",
            )
        )
    modified = die + event.fsl + bonus
    expected = colony_alignment(modified, vichy)
    if event.outcome != expected:
        found.append(
            c.finding(
                ctx,
                expected=expected,
                recorded=event.outcome,
                message=f"{event.group}: die {die} + FSL {event.fsl} + {bonus} = {modified} gives "
                f"{expected.replace('_', ' ')}, not {event.outcome.replace('_', ' ')} (58.53)",
            )
        )
    return found


def _missing(politics: Any) -> str:
    return "the surrender" if politics.french_surrender is None else "the Vichy decision"


def _die(ctx: AuditContext[Any], number: int | None) -> int | None:
    found = rolled(ctx.position, number)
    return sum(found.dice) if found is not None else None


@FAMILY.check(
    "A3R 58.6",
    "Free French and Vichy forces stay within their table rows for the FSL, Free French chosen first",
    reads=(FrenchForcesAssigned,),
    id="french_forces",
    covers=("C-FRA-5",),
)
def check_french_forces(c: Check, ctx: AuditContext[FrenchForcesAssigned]) -> Result:
    event = ctx.event
    politics = ctx.state.politics
    level = politics.french_surrender.level if politics.french_surrender is not None else None
    if level is None or politics.vichy is None:
        return (Missing(reason="French forces assigned without a recorded FSL and Vichy decision (58.6)"),)
    found: list[Any] = []
    if event.free_french and "vichy" in politics.forces_assigned:
        found.append(
            c.finding(
                ctx,
                expected="Free French chosen first",
                recorded="after the Vichy forces",
                message="the Allied player selects the Free French forces before the Axis player selects Vichy's "
                "(58.611)",
            )
        )
    tables = [("Free French", event.free_french, FREE_FRENCH_FORCES[politics.vichy][level])]
    if event.vichy:
        vichy_row = VICHY_FORCES[level] if politics.vichy else (0, 0, 0, 0)
        tables.append(("Vichy", event.vichy, vichy_row))
    for name, units, row in tables:
        have = _forces(ctx, units)
        over = [f"{have[i]} {FORCE_WORDS[i]} (table {row[i]})" for i in range(4) if have[i] > row[i]]
        if over:
            found.append(
                c.finding(
                    ctx,
                    expected=f"at most {', '.join(f'{row[i]} {FORCE_WORDS[i]}' for i in range(4))}",
                    recorded="; ".join(over),
                    message=f"{name} forces exceed their table row for FSL {level:+d}"
                    f"{'' if name == 'Vichy' else (' with Vichy' if politics.vichy else ' without Vichy')} "
                    f"({'58.631' if name == 'Vichy' else '58.621'})",
                )
            )
    return found


def _forces(ctx: AuditContext[Any], units: list[str]) -> tuple[int, int, int, int]:
    infantry = armor = air = naval = 0
    board = ctx.state.board
    for unit_id in units:
        unit = board.units.get(unit_id)
        if unit is None:
            continue
        if unit.unit_type == "armor":
            armor += 1
        elif unit.unit_type in GROUND_TYPES:
            infantry += unit.factors
        elif unit.unit_type in AIR_TYPES:
            air += unit.factors
        elif unit.unit_type in NAVAL_TYPES:
            naval += unit.factors
    return infantry, armor, air, naval


# ---------------------------------------------------------------------------------------------------------------------
# Interactions with Vichy (58.7, 58.8)


@FAMILY.check(
    "A3R 58.7",
    "no Axis DoW on Vichy before the Axis and the US are at war; an Allied DoW on a single Vichy colony changes no "
    "tension",
    reads=(WarDeclared, TensionChanged),
    id="vichy_declarations",
    covers=("C-FRA-6",),
)
def check_vichy_declarations(c: Check, ctx: AuditContext[WarDeclared | TensionChanged]) -> Result:
    event = ctx.event
    if isinstance(event, TensionChanged):
        dows = ctx.state.politics.colonial_dows
        if event.track != "usat" or not dows or dows[-1] != (game_turn(ctx.event), event.side):
            return ()
        if any("vichy" in m.code.lower() or "colonial" in m.code.lower() for m in event.modifiers) or (
            "vichy" in event.cause or "colonial" in event.cause
        ):
            return (
                c.finding(
                    ctx,
                    expected="no USAT change",
                    recorded=f"USAT {event.old} -> {event.new}",
                    message="an Allied declaration of war on a single Vichy colony has no USAT effect (58.73)",
                ),
            )
        return ()
    target = event.target
    if not (target == "vichy" or target.startswith("vichy:")):
        return ()
    axis = controller_side(event.aggressor) == "axis"
    interactions = ctx.meta.option("france.vichy_interactions", "off") == "on"
    board = ctx.state.board
    if axis and interactions and not (at_war(board, "usa", "germany") or at_war(board, "usa", "italy")):
        return (
            c.finding(
                ctx,
                expected="the Axis at war with the US first",
                recorded=f"{event.aggressor} declares war on {target}",
                message="the Axis may declare war on Vichy only once the Axis and the US are at war (58.72)",
            ),
        )
    return ()


@FAMILY.check(
    "A3R 58.8",
    "Vichy diplomatic rolls add +1 (FSL above 0) or -1 (below), +1 per Allied DoW on a single colony (not the "
    "current one in Germany's reaction roll), and not the old 8+ France modifier",
    reads=(DiplomaticResult,),
    id="vichy_roll_modifiers",
    covers=("C-FRA-7",),
)
def check_vichy_roll_modifiers(c: Check, ctx: AuditContext[DiplomaticResult]) -> Result:
    event = ctx.event
    if event.country != "vichy" or _own_rules(ctx):
        return ()
    roll = rolled(ctx.position, event.roll)
    if roll is None:
        return (Missing(reason="the Vichy roll's modifiers are on its dice_rolled event, which is not recorded"),)
    politics = ctx.state.politics
    level = politics.french_surrender.level if politics.french_surrender is not None else None
    codes: dict[str, int] = {}
    for m in roll.modifiers:
        codes[m.code.lower()] = codes.get(m.code.lower(), 0) + m.value
    found: list[Any] = []
    if FORBIDDEN_VICHY_MODIFIER in codes:
        found.append(
            c.finding(
                ctx,
                expected="no 8+ France modifier",
                recorded=f"{FORBIDDEN_VICHY_MODIFIER} {codes[FORBIDDEN_VICHY_MODIFIER]:+d}",
                message="the A3R modifier +1 for an 8+ result for France is removed under these rules (58.8)",
            )
        )
    if level is not None and codes.get("fsl", 0) != vichy_fsl_modifier(level):
        found.append(
            c.finding(
                ctx,
                expected=f"fsl {vichy_fsl_modifier(level):+d}",
                recorded=f"{codes.get('fsl', 0):+d}",
                message=f"the FSL was {level:+d}: Vichy rolls take +1 above 0, -1 below 0 (58.8)",
            )
        )
    dows = politics.colonial_dows
    expected = len(dows)
    if event.segment == "reaction" and dows:
        last = dows[-1]
        expected -= sum(1 for d in dows if d == last)
    if codes.get(COLONIAL_DOW_MODIFIER, 0) != expected:
        found.append(
            c.finding(
                ctx,
                expected=f"{COLONIAL_DOW_MODIFIER} {expected:+d}",
                recorded=f"{codes.get(COLONIAL_DOW_MODIFIER, 0):+d}",
                message=f"{len(dows)} Allied declaration(s) of war on single Vichy colonies: +1 each on Vichy rolls, "
                "the current one not in Germany's reaction roll (58.73)",
            )
        )
    return found
