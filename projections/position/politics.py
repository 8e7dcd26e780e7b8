"""Politics asked of a position: declarations of war and offensives (27.12), the rule options of an A3R game (A3R
1.1-1.2, C-OPT-1..3) and the house sequence of play (A3R intro, App. L, 14.12; C-SOP-1..7). Russian-German tensions
are :mod:`projections.position.tensions`.

The options are the game's meta; which player turns and research phases a game turn had, the DPs placed and the
alignments are politics state (:mod:`projections.politics`). The rules are :mod:`projections.rules.sequence`,
:mod:`awaw_events.options` and :mod:`projections.rules.houserules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from awaw_events.codec import tag_of
from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    GameCreated,
    GameTurnEnded,
    OffensiveDeclared,
    PhaseStarted,
    PlayerTurnStarted,
    RailheadBuilt,
    ResearchResult,
    RuleOptionChanged,
    SwCombatResolved,
    UnitInversionChanged,
    UnitMoved,
    UnitRedeployed,
    WarDeclared,
)
from awaw_events.options import A3R_OPTIONS, inconsistencies
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, power_name, powers_of
from projections.position.common import before_the_game
from projections.position.core import Position, Unknown, breach, turn_of
from projections.rules.breach import Breach
from projections.rules.construction import DECLARATION_OF_WAR_COST, FULL_OFFENSIVE_COST
from projections.rules.control import controller_side
from projections.rules.houserules import OPTION_GATES
from projections.rules.sequence import DIPLOMACY_PHASE, SW_PREFIX, house_sequence, sw_allocation_allowed

Verdict = Iterable[Breach | Unknown]


def house_sop(pos: Position) -> bool:
    """An A3R game that plays the house sequence of play (A3R intro)."""
    meta = pos.meta
    return meta.rules == "a3r" and house_sequence(meta.rules, meta.options)


# ---------------------------------------------------------------------------------------------------------------------
# 27.12 costs


def declaration_cost(pos: Position, event: WarDeclared) -> Verdict:
    """27.12: a declaration of war costs 35 BRPs against a major power, 10 against a minor; a war begun before the
    game, none."""
    if before_the_game(pos, event):  # a war already under way when the game starts: paid before it, if at all
        if not event.brp_cost:
            return ()
        return (
            breach(
                "27.12",
                f"{event.aggressor} is charged {event.brp_cost} BRPs for a war on {event.target} begun before the "
                "game; what was paid before the game is not charged in it",
                0,
                event.brp_cost,
            ),
        )
    if event.aggressor not in POWERS:
        return (
            Unknown(
                reason=f"not checked: a declaration of war by the {power_name(event.aggressor)}, not by a power of "
                "it (27.12 charges the power that declares: the record does not say which)",
                kind="faction",
            ),
        )
    if event.target not in POWERS and powers_of(event.target):
        return (
            Unknown(
                reason=f"not checked: a declaration of war on the {power_name(event.target)}, not on a power of it "
                "(27.12 charges 35 BRPs a major power: the record does not say which it names)",
                kind="faction",
            ),
        )
    kind: Literal["major", "minor"] = "major" if event.target in POWERS else "minor"
    cost = DECLARATION_OF_WAR_COST[kind]
    if event.since_year is not None or event.brp_cost == cost:  # a war under way at a set-up declares nothing
        return ()
    return (
        breach(
            "27.12",
            f"{event.aggressor} paid {event.brp_cost} BRPs to declare war on {event.target}; a declaration against "
            f"a {kind} power costs {cost} (27.12)",
            cost,
            event.brp_cost,
        ),
    )


def full_offensive_cost(pos: Position, event: OffensiveDeclared) -> Verdict:
    """27.12: a full offensive costs 15 BRPs."""
    if event.kind != "full" or event.brp_cost == FULL_OFFENSIVE_COST:
        return ()
    return (
        breach(
            "27.12",
            f"{event.power} paid {event.brp_cost} BRPs for a full offensive on the {event.front} front; a full "
            f"offensive costs {FULL_OFFENSIVE_COST} (27.12)",
            FULL_OFFENSIVE_COST,
            event.brp_cost,
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Options (A3R 1.1-1.2)


def options_recorded(
    pos: Position, event: GameCreated | RuleOptionChanged | RailheadBuilt | SwCombatResolved | AttritionDeclared
) -> Verdict:
    """A3R 1.1: an A3R game fixes every option of table 1.2 at creation, each with a value the table allows, and no
    event comes under an option value that disables it."""
    if isinstance(event, GameCreated):
        return _created_options(event)
    if pos.meta.rules != "a3r":
        return ()
    if isinstance(event, RuleOptionChanged):
        option = A3R_OPTIONS.get(event.option)
        if option is None or event.new in option.values:
            return ()
        why = f"option {event.option} takes one of {', '.join(option.values)} (A3R 1.2)"
        return (breach("A3R 1.2", why, " or ".join(option.values), event.new),)
    gate = OPTION_GATES.get(tag_of(event))
    if gate is None:
        return ()
    if (isinstance(event, SwCombatResolved) and event.round != "secondary") or (
        isinstance(event, AttritionDeclared) and not event.partisans
    ):
        return ()
    name, values = gate.option, gate.allows
    value = pos.meta.option(name, A3R_OPTIONS[name].default)
    if value in values:
        return ()
    return (
        breach(
            "A3R 1.2",
            f"the game plays {name}={value}, under which this event cannot happen: {gate.why} (A3R 1.2)",
            f"{name}={' or '.join(values)}",
            f"{name}={value}",
        ),
    )


def _created_options(event: GameCreated) -> Verdict:
    if event.rules != "a3r":
        return ()
    missing = sorted(set(A3R_OPTIONS) - set(event.options))
    bad = [f"{k}={v}" for k, v in event.options.items() if k in A3R_OPTIONS and v not in A3R_OPTIONS[k].values]
    found = []
    if missing:
        found.append(
            breach(
                "A3R 1.1",
                "an A3R game records every house-rule option at creation, defaults included (A3R 1.1)",
                "every option of table 1.2",
                f"{len(missing)} missing ({', '.join(missing[:3])}{' ...' if len(missing) > 3 else ''})",
            )
        )
    if bad:
        why = f"option values that table 1.2 does not allow: {', '.join(bad)} (A3R 1.2)"
        found.append(breach("A3R 1.2", why, "values table 1.2 allows", ", ".join(bad)))
    return found


def deficit_consent(pos: Position, event: GameCreated | RuleOptionChanged) -> Verdict:
    """A3R intro: deficit spending is agreed by every player."""
    option = "econ.deficit_spending"
    if isinstance(event, GameCreated):
        value = event.options.get(option, "none")
        agreed = set(event.consented_by.get(option, ()))
        players = set(event.players) | set(event.player_keys)
    else:
        if event.option != option:
            return ()
        value, agreed, players = event.new, set(event.consented_by), set(pos.state.politics.players)
    if value == "none":
        return ()
    if not players:
        return (Unknown(reason="the game names no players, so their consent to deficit spending cannot be checked"),)
    missing = sorted(players - agreed)
    if not missing:
        return ()
    return (
        breach(
            "A3R intro",
            f"deficit spending ({value}) needs the mutual consent of the players; {', '.join(missing)} did not "
            "consent (A3R intro)",
            f"consent of {', '.join(sorted(players))}",
            f"consent of {', '.join(sorted(agreed)) or 'nobody'}",
        ),
    )


def options_consistent(pos: Position, event: GameCreated | RuleOptionChanged) -> Verdict:
    """A3R 1.2: the options of a game do not contradict each other."""
    options = dict(event.options) if isinstance(event, GameCreated) else {**pos.meta.options, event.option: event.new}
    return [
        breach("A3R 1.2", problem, "consistent options", f"{name}={options.get(name)}")
        for name, problem in inconsistencies(options)
    ]


# ---------------------------------------------------------------------------------------------------------------------
# The house sequence of play (A3R intro, App. L; 14.12)

AXIS_FIRST = "the Axis move first each game turn, with no initiative from BRP levels (A3R intro)"


def axis_first(pos: Position, event: PlayerTurnStarted) -> Verdict:
    """A3R intro: the Axis player turn comes first in every game turn, once each."""
    if not house_sop(pos):
        return ()
    politics = pos.state.politics
    started = politics.sides_started if politics.game_turn == turn_of(event) else ()
    if event.side is not None and (event.side in started or (event.side == "axis" and started)):
        order = " then ".join((*started, event.side))
        return (breach("A3R intro", AXIS_FIRST, "the Axis player turn, then the Allied one", order),)
    if event.side == "allied" and "axis" not in started:
        return (breach("A3R intro", AXIS_FIRST, "the Axis player turn first", "the Allied player turn first"),)
    return ()


def joint_research(pos: Position, event: PhaseStarted | ResearchResult | GameTurnEnded) -> Verdict:
    """A3R intro: one joint research phase opens each game turn, before both player turns."""
    if not house_sop(pos):
        return ()
    politics = pos.state.politics
    current = politics.game_turn == turn_of(event)
    phases = politics.research_phases if current else 0
    started = politics.sides_started if current else ()
    if isinstance(event, GameTurnEnded):
        if phases or not started:
            return ()
        why = "each game turn opens with one joint research phase (A3R intro)"
        return (breach("A3R intro", why, "one research phase", "none"),)
    if isinstance(event, ResearchResult):
        if event.side is None and event.phase in (None, "research"):
            return ()
        return (
            breach(
                "A3R intro",
                "research is resolved in the joint research phase at the start of the game turn (A3R intro)",
                "the joint research phase",
                f"{event.side or ''} {event.phase or ''}".strip(),
            ),
        )
    if event.phase != "research" or not (event.side is not None or phases or started):
        return ()
    why = "a second one" if phases else ("after a player turn" if started else f"in the {event.side} turn")
    return (
        breach(
            "A3R intro",
            f"a research phase {why}: all players perform one joint research phase at the start of each game turn "
            "(A3R intro)",
            "one joint research phase before both player turns",
            why,
        ),
    )


def diplomacy_in_own_turn(pos: Position, event: DiplomaticPointsAllocated | DiplomaticResult) -> Verdict:
    """A3R intro: each side places DPs and rolls diplomacy in the diplomatic phase at the start of its own player
    turn (the roll of a diplomatic result is the ``dice_rolled`` it names: the result is checked, not each roll)."""
    if not house_sop(pos):
        return ()
    side: str = SIDE_OF_FACTION[event.faction]
    if isinstance(event, DiplomaticResult):
        side = controller_side(event.actor) or side
    if event.phase == DIPLOMACY_PHASE and event.side == side:
        return ()
    return (
        breach(
            "A3R intro",
            "each side's diplomacy happens in the diplomatic phase at the start of its own player turn (A3R intro)",
            f"the {side} diplomatic phase",
            f"{event.side or ''} {event.phase or 'no phase'}".strip(),
        ),
    )


def sw_in_combat_phase(pos: Position, event: SwCombatResolved) -> Verdict:
    """A3R intro: raiders and strategic warfare are fought in the owner's combat phase (App. L: the secondary round
    after the Allied convoy battle)."""
    if not house_sop(pos):
        return ()
    side, phase = ("allied", "redeployment") if event.round == "secondary" else ("axis", "combat")
    if event.side in (None, side) and event.phase in (None, phase):
        return ()
    return (
        breach(
            "A3R intro",
            "submarine warfare is fought in the owner's combat phase; the secondary Murmansk round after the Allied "
            "convoy battle (A3R intro, App. L)",
            f"the {side} {phase} phase",
            f"{event.side or ''} {event.phase or ''}".strip(),
        ),
    )


def sw_allocation_timing(pos: Position, event: UnitRedeployed | UnitInversionChanged) -> Verdict:
    """A3R intro: SW allocations change only at the end of the owner's redeployment phase in Spring, Summer and Fall
    (or in the YSS), and units sent to an SW box inverted stay inverted through the opposing player's next turn."""
    if not house_sop(pos):
        return ()
    if isinstance(event, UnitInversionChanged):
        held = pos.state.politics.to_sw_inverted.get(event.unit)
        if held is None or event.inverted:
            return ()
        turn, side = held
        opposing_next = (turn, "allied") if side == "axis" else (turn + 1, "axis")
        if (turn_of(event), event.side) not in ((turn, side), opposing_next):
            return ()
        return (
            breach(
                "A3R intro",
                f"{event.unit} went to SW duty inverted: it stays inverted through the opposing player's next turn "
                "(A3R intro)",
                "inverted through the opposing player's next turn",
                f"{event.unit} uninverted",
            ),
        )
    if not (event.destination.startswith(SW_PREFIX) or event.origin.startswith(SW_PREFIX)):
        return ()
    unit = pos.board.units.get(event.unit)
    own = unit is None or event.side is None or controller_side(unit.owner) == event.side
    if sw_allocation_allowed(event.phase, event.season) and own:
        return ()
    return (
        breach(
            "A3R intro",
            f"{event.unit} changes SW allocation outside the owner's redeployment phase of a Spring, Summer or Fall "
            "turn (A3R intro, App. L)",
            "the end of the owner's Spring, Summer or Fall redeployment phase, or the YSS",
            f"{event.season} {event.side or ''} {event.phase or ''}".strip(),
        ),
    )


def attacked_minor_moves_with_defender(pos: Position, event: UnitMoved | AttackDeclared) -> Verdict:
    """A3R intro: an attacked non-aligned minor moves and fights in the player turn of the side that did not attack
    it."""
    if not house_sop(pos):
        return ()
    units = pos.board.units
    ids = [event.unit] if isinstance(event, UnitMoved) else [a.unit for a in event.attackers]
    found = []
    for unit_id in ids:
        unit = units.get(unit_id)
        if unit is None or unit.nationality in FACTION_OF_POWER or unit.nationality in pos.state.politics.alignment:
            continue
        minor = unit.nationality
        wars = [key.split("|") for key in pos.board.wars if minor in key.split("|")]
        attackers = {controller_side(p) for parties in wars for p in parties if p != minor}
        if event.side is not None and event.side in attackers:
            found.append(
                breach(
                    "A3R intro",
                    f"{minor} is not aligned and was attacked by the {event.side} side: its units move and fight with "
                    "the other side (A3R intro)",
                    f"the player turn of the side that did not attack {minor}",
                    f"{unit_id} in the {event.side} player turn",
                )
            )
    return found


def attrition_last(pos: Position, event: AttackDeclared) -> Verdict:
    """14.12: attrition comes after all regular and exploitation combat of the player turn (the attacks declared,
    exploitation attacks included)."""
    done = pos.state.politics.attrition_turn
    if done is None or done != (turn_of(event), event.side) or not house_sop(pos):
        return ()
    return (
        breach(
            "14.12",
            f"attack {event.attack} ({event.kind}) follows an attrition in the same player turn: attrition comes "
            "after all regular and exploitation combat (14.12, A3R intro)",
            "no combat after the attrition",
            f"{event.kind} attack {event.attack} after an attrition",
        ),
    )
