"""The French surrender, Vichy France and the Free French asked of a position (A3R App. J, rule 58; option
``france.surrender``): C-FRA-1..C-FRA-7, worked examples T-FR1..T-FR4.

The surrender level is recomputed part by part from the position (58.21): who holds Paris, Lyon and Marseilles and
the French objectives (board control, the map data naming the hexes), the French ground factors in France and the
French fleet (board units), the turn, the DPs placed in France and the Anglo-French research result (politics). The
rules are :mod:`projections.rules.france`. In an A3R game that keeps A3R's own French rules (``france.surrender=a3r``)
the house queries do not apply, and say so.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from awaw_events.events import (
    AreaControlled,
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
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES, power_name, powers_of, side_of
from projections.board import war_between
from projections.politics import PoliticsState
from projections.position.common import rolled
from projections.position.core import Position, Unknown, breach, turn_of
from projections.rules.breach import Breach
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

Verdict = Iterable[Breach | Unknown]

OWN_RULES: Final = Unknown(
    reason="the game keeps A3R's own French surrender rules (france.surrender=a3r), which are not in the rule texts",
    kind="A3R French rules",
)


def own_rules(pos: Position) -> bool:
    """An A3R game that does not use the house French rules (option ``france.surrender``)."""
    meta = pos.meta
    return meta.rules == "a3r" and meta.option("france.surrender", "a3r") != "awaw_58_house"


def named_hex(pos: Position, name: str) -> str | None:
    """The hex the map data names ``name`` (Paris, Lyon ...), if it names one."""
    data = pos.map
    return next((f.hex for f in data.hexes if f.name == name), None) if data is not None else None


def paris_taken(pos: Position, event: AreaControlled) -> Verdict:
    """A3R 58.11: a source's "Paris fell to the Axis" means France surrenders at the end of that Allied player turn.

    The check of the surrender is :func:`surrender_trigger`, on the record's ``french_surrender_checked``; a named
    place held by the Axis before France has surrendered is listed as not checked, with what it implies, until the
    record says how France fell."""
    controller = event.controller
    axis = axis_controlled(controller) or any(axis_controlled(p) for p in powers_of(controller))
    if own_rules(pos) or event.place != "paris" or not axis or event.extent == "none":
        return ()
    if pos.state.politics.french_surrender is not None or pos.board.statuses.get("france") == "surrendered":
        return ()
    return (
        Unknown(
            reason=f"not checked: Paris held by {power_name(controller)} and France not surrendered: France "
            "surrenders at the end of the Allied player turn with Paris Axis-controlled (A3R 58.11); the record "
            "has no french_surrender_checked to read",
            kind="Paris taken",
        ),
    )


def surrender_trigger(pos: Position, event: FrenchSurrenderChecked) -> Verdict:
    """A3R 58.11: France surrenders at the end of an Allied player turn with Paris Axis-held, or voluntarily from
    Fall 1940 (58.12)."""
    if own_rules(pos):
        return (OWN_RULES,)
    found: list[Breach] = []
    if event.side not in (None, "allied"):
        found.append(
            breach(
                "58.11",
                "the French surrender is checked at the end of the Allied player turn (58.11)",
                "the Allied player turn",
                event.side,
            )
        )
    paris = named_hex(pos, "Paris")
    held = pos.board.control.get(paris) if paris is not None else None
    claimed = event.paris_controller
    if held is not None and held != claimed:
        found.append(breach("58.11", f"Paris ({paris}) is held by {held}, not {claimed} (58.11)", held, claimed))
    paris_lost = axis_controlled(held or claimed)
    if not event.surrenders:
        if paris_lost:
            found.append(
                breach(
                    "58.11",
                    f"Paris is held by {held or claimed} at the end of the Allied player turn, so France surrenders "
                    "(58.11)",
                    "surrender",
                    "no surrender",
                )
            )
        return found
    if event.voluntary and not may_surrender_voluntarily(event.year, event.season):
        found.append(
            breach(
                "58.12",
                "France may surrender voluntarily only from Fall 1940 (58.12)",
                "Fall 1940 or later",
                f"{event.season} {event.year}",
            )
        )
    if not event.voluntary and not paris_lost:
        found.append(
            breach(
                "58.11",
                "France surrenders without losing Paris and without choosing to (58.11)",
                "Paris Axis-controlled",
                f"Paris held by {claimed}",
            )
        )
    return found


def no_french_builds_after_surrender(pos: Position, event: UnitBuilt | UnitRedeployed) -> Verdict:
    """A3R 58.12: no French construction or redeployment after the surrender."""
    if pos.state.politics.french_surrender is None:
        return ()
    owner: str | None
    nationality: str | None
    if isinstance(event, UnitBuilt):
        owner, nationality = event.owner, event.nationality
    else:
        unit = pos.board.units.get(event.unit)
        owner, nationality = (unit.owner, unit.nationality) if unit is not None else (None, None)
    if owner != "france" or nationality != "france":
        return ()
    what = "built" if isinstance(event, UnitBuilt) else "redeployed"
    return (
        breach(
            "58.12",
            f"a French unit is {what} after France surrendered (58.12)",
            "no French units built or redeployed",
            f"{event.unit} {what}",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# The French surrender level (58.21, 58.22)


def fsl_parts(pos: Position, event: FrenchSurrenderChecked) -> tuple[dict[str, int], list[Unknown]]:
    """Each part of the French surrender level as the position gives it at the surrender (58.21A-F), and what it
    cannot give."""
    board = pos.board
    parts: dict[str, int] = {}
    missing: list[Unknown] = []
    for code, (name, _) in CITY_VALUES.items():
        hex_ = named_hex(pos, name)
        held = board.control.get(hex_) if hex_ is not None else None
        if code == "FSL_PARIS" and held is None:
            held = event.paris_controller
        if held is None:
            missing.append(
                Unknown(reason=f"who holds {name} is not known (map data naming it, hex control)", kind=code)
            )
        else:
            parts[code] = city_part(code, held)
    for code, counted, part in (
        ("FSL_OBJECTIVES", _french_objectives(pos), objectives_part),
        ("FSL_GROUND", _french_ground(pos), ground_part),
    ):
        if isinstance(counted, int):
            parts[code] = part(counted)
        else:
            missing.append(counted)
    fleet = sum(
        u.factors
        for u in board.units.values()
        if u.nationality == "france" and u.unit_type in NAVAL_TYPES and u.location[:4] in ("EUR:", "PAC:", "box:")
    )
    parts["FSL_FLEET"] = fleet_part(fleet, pos.meta.option(FLEET_ROUNDING_OPTION, "down"))
    parts["FSL_TURN"] = turn_part(event.year, event.season)
    dps = pos.state.politics.dps_in_france
    parts["FSL_DPS"] = dps_part(dps.get(f"{event.year}/axis", 0), dps.get(f"{event.year}/allied", 0))
    best = max(
        (
            max(r.steps, _number(r.result))
            for r in pos.state.politics.research.values()
            if r.project in ANGLO_FRENCH_PROJECTS and controller_side(r.power) == "allied"
        ),
        default=None,
    )
    parts["FSL_ANGLO_FRENCH"] = anglo_french_part(best)
    return parts, missing


def _number(text: str) -> int:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


def _french_objectives(pos: Position) -> int | Unknown:
    """European objectives under French control other than Lyon and Marseilles (58.21A), from the map data's
    objectives and hex control."""
    data = pos.map
    objectives = [f for f in data.with_fact("objective") if f.objective and f.hex.startswith("EUR:")] if data else []
    if not objectives:
        return Unknown(reason="no map data lists the European objectives (58.21A)", kind="FSL_OBJECTIVES")
    count = 0
    for facts in objectives:
        if facts.name in ("Lyon", "Marseilles"):
            continue
        held = pos.board.control.get(facts.hex)
        if held is None:
            return Unknown(
                reason=f"who holds the objective {facts.hex} is not recorded (58.21A)", kind="FSL_OBJECTIVES"
            )
        count += held == "france"
    return count


def _french_ground(pos: Position) -> int | Unknown:
    """French ground factors in France (58.21B): units of French nationality in hexes the map data places in
    France."""
    total = 0
    for unit in pos.board.units.values():
        if unit.nationality != "france" or unit.unit_type not in GROUND_TYPES or not unit.location.startswith("EUR:"):
            continue
        facts = pos.hex(unit.location)
        if facts is None or facts.country is None:
            return pos.missing_hex(unit.location, "country")
        if facts.country == "france":
            total += unit.factors
    return total


def surrender_level(pos: Position, event: FrenchSurrenderChecked) -> Verdict:
    """A3R 58.22: the French surrender level is the clamped sum of its parts, each as the state gives it (+1 if
    voluntary)."""
    if event.level is None or not event.surrenders:
        return ()
    if own_rules(pos):
        return (OWN_RULES,)
    low, high = FSL_RANGE
    if event.voluntary:
        if event.level == 1:
            return ()
        return (breach("58.21", "a voluntary surrender sets the French surrender level to +1 (58.21)", 1, event.level),)
    parts, missing = fsl_parts(pos, event)
    if not event.components and missing:
        why = "the French surrender level was recorded without its parts, some of which the state cannot give (58.21)"
        return (Unknown(reason=why, kind="FSL parts"), *missing)
    found: list[Breach | Unknown] = list(missing)
    unknown = sorted(set(event.components) - set(COMPONENTS))
    if unknown:
        found.append(
            breach(
                "58.21",
                f"{', '.join(unknown)} is no part of the French surrender level (58.21A-F)",
                f"parts of 58.21 ({', '.join(COMPONENTS)})",
                ", ".join(unknown),
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
                breach(
                    "58.21",
                    f"{code} is {parts[code]:+d} from the state at the surrender, not {claimed:+d} (58.21)",
                    f"{code} {parts[code]:+d}",
                    f"{claimed:+d}",
                )
            )
    expected = clamp_fsl(total)
    if event.level != expected:
        found.append(
            breach(
                "58.22",
                f"the French surrender level is {expected} (parts {total:+d}, clamped to {low}..+{high}), not "
                f"{event.level} (58.21-58.22)",
                expected,
                event.level,
            )
        )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Vichy, the colonies and the forces (58.3-58.6)


def vichy_allowed(pos: Position, event: VichyDecided) -> Verdict:
    """A3R 58.31: Vichy is not established once the US and Germany are at war."""
    if not event.established:
        return ()
    # a war of a faction or side (the European Axis on the Western Allies) is not read as one of the U.S. and
    # Germany: the rule needs the two powers, and a report's "war on the Allies" may not include the U.S.
    war = True if event.us_germany_at_war else war_between(pos.board, "usa", "germany")
    if war:
        why = "Vichy France may not be established when France surrenders after the US and Germany are at war (58.31)"
        return (breach("58.31", why, "no Vichy", "Vichy established"),)
    if war is None:
        return (
            Unknown(
                reason="not checked: whether the U.S. and Germany are at war (58.31): the record's war is one of a "
                "faction or side, and does not say whether it includes both",
                kind="faction war",
            ),
        )
    return ()


def colony_alignment_roll(pos: Position, event: ColonyAlignmentRolled) -> Verdict:
    """A3R 58.53: one colony roll each for Lebanon-Syria and North Africa after the Vichy decision: d6 + FSL (+3 with
    Vichy), 3 or less Free French."""
    politics = pos.state.politics
    found: list[Breach] = []
    if politics.french_surrender is None or politics.vichy is None or event.group not in COLONY_GROUPS:
        found.append(
            breach(
                "58.531",
                "after France surrenders and the Axis decide on Vichy, one die each is rolled for Lebanon-Syria and "
                "for Tunisia-Algeria-Morocco (58.531)",
                "a roll for Lebanon-Syria or North Africa after the surrender and the Vichy decision",
                event.group if politics.vichy is not None else f"{event.group} before {_before(politics)}",
            )
        )
    elif event.group in politics.colony_rolls:
        found.append(
            breach(
                "58.531",
                f"{event.group} was already rolled for (event {politics.colony_rolls[event.group]}; 58.531)",
                "one roll per colony group",
                f"a second {event.group} roll",
            )
        )
    roll = rolled(pos, event.roll) if event.outcome not in NOT_ROLLED else None
    if roll is None:
        return found
    die = sum(roll.dice)
    surrender = politics.french_surrender
    if surrender is not None and surrender.level is not None and event.fsl != surrender.level:
        found.append(
            breach(
                "58.53",
                f"{event.group}: the colony roll uses FSL {event.fsl}, but France surrendered at FSL "
                f"{surrender.level} (event {surrender.seq}; 58.53)",
                surrender.level,
                event.fsl,
            )
        )
    vichy = politics.vichy
    bonus = colony_bonus(vichy)
    if event.vichy_bonus != bonus and vichy is not None:
        why = f"the Vichy bonus is {bonus} when Vichy was {'' if vichy else 'not '}established (58.53)"
        found.append(breach("58.53", why, bonus, event.vichy_bonus))
    modified = die + event.fsl + bonus
    expected = colony_alignment(modified, vichy)
    if event.outcome != expected:
        found.append(
            breach(
                "58.53",
                f"{event.group}: die {die} + FSL {event.fsl} + {bonus} = {modified} gives "
                f"{expected.replace('_', ' ')}, not {event.outcome.replace('_', ' ')} (58.53)",
                expected,
                event.outcome,
            )
        )
    return found


def _before(politics: PoliticsState) -> str:
    return "the surrender" if politics.french_surrender is None else "the Vichy decision"


def french_forces(pos: Position, event: FrenchForcesAssigned) -> Verdict:
    """A3R 58.6: Free French and Vichy forces stay within their table rows for the FSL, Free French chosen first."""
    politics = pos.state.politics
    level = politics.french_surrender.level if politics.french_surrender is not None else None
    if level is None or politics.vichy is None:
        return (Unknown(reason="French forces assigned without a recorded FSL and Vichy decision (58.6)"),)
    found: list[Breach] = []
    if event.free_french and "vichy" in politics.forces_assigned:
        found.append(
            breach(
                "58.611",
                "the Allied player selects the Free French forces before the Axis player selects Vichy's (58.611)",
                "Free French chosen first",
                "after the Vichy forces",
            )
        )
    tables = [("Free French", event.free_french, FREE_FRENCH_FORCES[politics.vichy][level])]
    if event.vichy:
        tables.append(("Vichy", event.vichy, VICHY_FORCES[level] if politics.vichy else (0, 0, 0, 0)))
    for name, units, row in tables:
        have = _forces(pos, units)
        over = [f"{have[i]} {FORCE_WORDS[i]} (table {row[i]})" for i in range(4) if have[i] > row[i]]
        if over:
            rule = "58.631" if name == "Vichy" else "58.621"
            vichy = "" if name == "Vichy" else (" with Vichy" if politics.vichy else " without Vichy")
            found.append(
                breach(
                    rule,
                    f"{name} forces exceed their table row for FSL {level:+d}{vichy} ({rule})",
                    f"at most {', '.join(f'{row[i]} {FORCE_WORDS[i]}' for i in range(4))}",
                    "; ".join(over),
                )
            )
    return found


def _forces(pos: Position, units: list[str]) -> tuple[int, int, int, int]:
    """Infantry factors, armor units, air factors and naval factors among ``units`` (the rows of 58.62-58.63)."""
    infantry = armor = air = naval = 0
    for unit_id in units:
        unit = pos.board.units.get(unit_id)
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


def vichy_declarations(pos: Position, event: WarDeclared | TensionChanged) -> Verdict:
    """A3R 58.7: no Axis DoW on Vichy before the Axis and the US are at war; an Allied DoW on a single Vichy colony
    changes no tension."""
    if isinstance(event, TensionChanged):
        dows = pos.state.politics.colonial_dows
        if event.track != "usat" or not dows or dows[-1] != (turn_of(event), event.side):
            return ()
        coded = any("vichy" in m.code.lower() or "colonial" in m.code.lower() for m in event.modifiers)
        if coded or "vichy" in event.cause or "colonial" in event.cause:
            why = "an Allied declaration of war on a single Vichy colony has no USAT effect (58.73)"
            return (breach("58.73", why, "no USAT change", f"USAT {event.old} -> {event.new}"),)
        return ()
    target = event.target
    if not (target == "vichy" or target.startswith("vichy:")):
        return ()
    axis = side_of(event.aggressor) == "axis"  # a faction or side of the Axis declaring is the Axis (58.72)
    interactions = pos.meta.option("france.vichy_interactions", "off") == "on"
    if not axis or not interactions:
        return ()
    board = pos.board
    wars = {war_between(board, "usa", "germany"), war_between(board, "usa", "italy")}
    if True in wars:
        return ()
    if None in wars:  # a war of a faction or side: not read as one of the U.S. (as at 58.31)
        return (
            Unknown(
                reason="not checked: whether the Axis and the U.S. are at war (58.72): the record's war is one of a "
                "faction or side, and does not say whether it includes the U.S.",
                kind="faction war",
            ),
        )
    return (
        breach(
            "58.72",
            "the Axis may declare war on Vichy only once the Axis and the US are at war (58.72)",
            "the Axis at war with the US first",
            f"{event.aggressor} declares war on {target}",
        ),
    )


def vichy_roll_modifiers(pos: Position, event: DiplomaticResult) -> Verdict:
    """A3R 58.8: Vichy diplomatic rolls add +1 (FSL above 0) or -1 (below), +1 per Allied DoW on a single colony
    (not the current one in Germany's reaction roll), and not the old 8+ France modifier."""
    if event.country != "vichy" or own_rules(pos):
        return ()
    roll = rolled(pos, event.roll)
    if roll is None:
        return (Unknown(reason="the Vichy roll's modifiers are on its dice_rolled event, which is not recorded"),)
    politics = pos.state.politics
    level = politics.french_surrender.level if politics.french_surrender is not None else None
    codes: dict[str, int] = {}
    for m in roll.modifiers:
        codes[m.code.lower()] = codes.get(m.code.lower(), 0) + m.value
    found: list[Breach] = []
    if FORBIDDEN_VICHY_MODIFIER in codes:
        found.append(
            breach(
                "58.8",
                "the A3R modifier +1 for an 8+ result for France is removed under these rules (58.8)",
                "no 8+ France modifier",
                f"{FORBIDDEN_VICHY_MODIFIER} {codes[FORBIDDEN_VICHY_MODIFIER]:+d}",
            )
        )
    if level is not None and codes.get("fsl", 0) != vichy_fsl_modifier(level):
        found.append(
            breach(
                "58.8",
                f"the FSL was {level:+d}: Vichy rolls take +1 above 0, -1 below 0 (58.8)",
                f"fsl {vichy_fsl_modifier(level):+d}",
                f"{codes.get('fsl', 0):+d}",
            )
        )
    dows = politics.colonial_dows
    expected = len(dows)
    if event.segment == "reaction" and dows:
        expected -= sum(1 for d in dows if d == dows[-1])
    if codes.get(COLONIAL_DOW_MODIFIER, 0) != expected:
        found.append(
            breach(
                "58.73",
                f"{len(dows)} Allied declaration(s) of war on single Vichy colonies: +1 each on Vichy rolls, the "
                "current one not in Germany's reaction roll (58.73)",
                f"{COLONIAL_DOW_MODIFIER} {expected:+d}",
                f"{codes.get(COLONIAL_DOW_MODIFIER, 0):+d}",
            )
        )
    return found
