"""The house sequence of play (A3R intro, App. L; 14.12): C-SOP-1..C-SOP-7."""

from __future__ import annotations

from awaw_events.events import (
    AttackDeclared,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    GameTurnEnded,
    PhaseStarted,
    PlayerTurnStarted,
    ResearchResult,
    SwCombatResolved,
    UnitInversionChanged,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION
from projections.rules.sequence import DIPLOMACY_PHASE, SW_PREFIX, sw_allocation_allowed
from replays.audit.engine import AuditContext, Check, Family, Result
from replays.audit.families.politics.common import _house_sop, _side

CHECKS = Family("politics")


# ---------------------------------------------------------------------------------------------------------------------
# Sequence of play (A3R intro)


@CHECKS.check(
    "A3R intro",
    "the Axis player turn comes first in every game turn, once each",
    reads=(PlayerTurnStarted,),
    id="axis_first",
    covers=("C-SOP-1",),
)
def check_axis_first(c: Check, ctx: AuditContext[PlayerTurnStarted]) -> Result:
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    politics = ctx.state.politics
    started = politics.sides_started if politics.game_turn == game_turn(ctx.event) else ()
    if event.side is not None and (event.side in started or (event.side == "axis" and started)):
        return (
            c.finding(
                ctx,
                expected="the Axis player turn, then the Allied one",
                recorded=f"{' then '.join((*started, event.side))}",
                message="the Axis move first each game turn, with no initiative from BRP levels (A3R intro)",
            ),
        )
    if event.side == "allied" and "axis" not in started:
        return (
            c.finding(
                ctx,
                expected="the Axis player turn first",
                recorded="the Allied player turn first",
                message="the Axis move first each game turn, with no initiative from BRP levels (A3R intro)",
            ),
        )
    return ()


@CHECKS.check(
    "A3R intro",
    "one joint research phase opens each game turn, before both player turns",
    reads=(PhaseStarted, ResearchResult, GameTurnEnded),
    id="joint_research",
    covers=("C-SOP-2",),
)
def check_joint_research(c: Check, ctx: AuditContext[PhaseStarted | ResearchResult | GameTurnEnded]) -> Result:
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    politics = ctx.state.politics
    current = politics.game_turn == game_turn(ctx.event)
    phases = politics.research_phases if current else 0
    started = politics.sides_started if current else ()
    if isinstance(event, GameTurnEnded):
        if phases == 0 and started:
            return (
                c.finding(
                    ctx,
                    expected="one research phase",
                    recorded="none",
                    message="each game turn opens with one joint research phase (A3R intro)",
                ),
            )
        return ()
    if isinstance(event, ResearchResult):
        if event.side is not None or event.phase not in (None, "research"):
            return (
                c.finding(
                    ctx,
                    expected="the joint research phase",
                    recorded=f"{event.side or ''} {event.phase or ''}".strip(),
                    message="research is resolved in the joint research phase at the start of the game turn "
                    "(A3R intro)",
                ),
            )
        return ()
    if event.phase != "research":
        return ()
    if event.side is not None or phases or started:
        why = "a second one" if phases else ("after a player turn" if started else f"in the {event.side} turn")
        return (
            c.finding(
                ctx,
                expected="one joint research phase before both player turns",
                recorded=why,
                message=f"a research phase {why}: all players perform one joint research phase at the start of each "
                "game turn (A3R intro)",
            ),
        )
    return ()


@CHECKS.check(
    "A3R intro",
    "each side places DPs and rolls diplomacy in the diplomatic phase at the start of its own player turn",
    reads=(DiplomaticPointsAllocated, DiplomaticResult),
    id="diplomacy_in_own_turn",
    covers=("C-SOP-3",),
)
def check_diplomacy_in_own_turn(c: Check, ctx: AuditContext[DiplomaticPointsAllocated | DiplomaticResult]) -> Result:
    """(The roll of a diplomatic result is the ``dice_rolled`` it names: the result is checked, not each roll.)"""
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    side: str = SIDE_OF_FACTION[event.faction]
    if isinstance(event, DiplomaticResult):
        side = _side(event.actor) or side
    if event.phase == DIPLOMACY_PHASE and (side is None or event.side == side):
        return ()
    return (
        c.finding(
            ctx,
            expected=f"the {side or 'own'} diplomatic phase",
            recorded=f"{event.side or ''} {event.phase or 'no phase'}".strip(),
            message="each side's diplomacy happens in the diplomatic phase at the start of its own player turn "
            "(A3R intro)",
        ),
    )


@CHECKS.check(
    "A3R intro",
    "raiders and strategic warfare are fought in the owner's combat phase (App. L: the secondary round after the "
    "Allied convoy battle)",
    reads=(SwCombatResolved,),
    id="sw_in_combat_phase",
    covers=("C-SOP-4",),
)
def check_sw_in_combat_phase(c: Check, ctx: AuditContext[SwCombatResolved]) -> Result:
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    if event.round == "secondary":
        wanted: tuple[str | None, tuple[str | None, ...]] = ("allied", ("redeployment",))
    else:
        wanted = ("axis", ("combat",))
    if event.side in (None, wanted[0]) and event.phase in (None, *wanted[1]):
        return ()
    return (
        c.finding(
            ctx,
            expected=f"the {wanted[0]} {' or '.join(p or '' for p in wanted[1])} phase",
            recorded=f"{event.side or ''} {event.phase or ''}".strip(),
            message="submarine warfare is fought in the owner's combat phase; the secondary Murmansk round after the "
            "Allied convoy battle (A3R intro, App. L)",
        ),
    )


@CHECKS.check(
    "A3R intro",
    "SW allocations change only at the end of the owner's redeployment phase in Spring, Summer and Fall (or in the "
    "YSS), and units sent to an SW box inverted stay inverted through the opposing player's next turn",
    reads=(UnitRedeployed, UnitInversionChanged),
    id="sw_allocation_timing",
    covers=("C-SOP-5",),
)
def check_sw_allocation_timing(c: Check, ctx: AuditContext[UnitRedeployed | UnitInversionChanged]) -> Result:
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    if isinstance(event, UnitInversionChanged):
        held = ctx.state.politics.to_sw_inverted.get(event.unit)
        if held is None or event.inverted:
            return ()
        turn, side = held
        now = (game_turn(ctx.event), event.side)
        opposing_next = (turn, "allied") if side == "axis" else (turn + 1, "axis")
        if now in ((turn, side), opposing_next):
            return (
                c.finding(
                    ctx,
                    expected="inverted through the opposing player's next turn",
                    recorded=f"{event.unit} uninverted",
                    message=f"{event.unit} went to SW duty inverted: it stays inverted through the opposing player's "
                    "next turn (A3R intro)",
                ),
            )
        return ()
    if not (event.destination.startswith(SW_PREFIX) or event.origin.startswith(SW_PREFIX)):
        return ()
    unit = ctx.state.board.units.get(event.unit)
    own = unit is None or event.side is None or _side(unit.owner) == event.side
    if sw_allocation_allowed(event.phase, event.season) and own:
        return ()
    return (
        c.finding(
            ctx,
            expected="the end of the owner's Spring, Summer or Fall redeployment phase, or the YSS",
            recorded=f"{event.season} {event.side or ''} {event.phase or ''}".strip(),
            message=f"{event.unit} changes SW allocation outside the owner's redeployment phase of a Spring, Summer "
            "or Fall turn (A3R intro, App. L)",
        ),
    )


@CHECKS.check(
    "A3R intro",
    "an attacked non-aligned minor moves and fights in the player turn of the side that did not attack it",
    reads=(UnitMoved, AttackDeclared),
    id="attacked_minor_moves_with_defender",
    covers=("C-SOP-6",),
)
def check_attacked_minor(c: Check, ctx: AuditContext[UnitMoved | AttackDeclared]) -> Result:
    if not _house_sop(ctx):
        return ()
    event = ctx.event
    units = ctx.state.board.units
    ids = [event.unit] if isinstance(event, UnitMoved) else [a.unit for a in event.attackers]
    found = []
    for unit_id in ids:
        unit = units.get(unit_id)
        if unit is None or unit.nationality in FACTION_OF_POWER:
            continue
        minor = unit.nationality
        if minor in ctx.state.politics.alignment:
            continue
        attackers = {
            _side(p) for key in ctx.state.board.wars if minor in key.split("|") for p in key.split("|") if p != minor
        }
        if event.side is not None and event.side in attackers:
            found.append(
                c.finding(
                    ctx,
                    expected=f"the player turn of the side that did not attack {minor}",
                    recorded=f"{unit_id} in the {event.side} player turn",
                    message=f"{minor} is not aligned and was attacked by the {event.side} side: its units move and "
                    "fight with the other side (A3R intro)",
                )
            )
    return found


@CHECKS.check(
    "14.12",
    "attrition comes after all regular and exploitation combat of the player turn",
    reads=(AttackDeclared,),
    id="attrition_last",
    covers=("C-SOP-7",),
)
def check_attrition_last(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    """Regular and exploitation combat are the attacks declared (``attack_declared``, exploitation attacks included)."""
    done = ctx.state.politics.attrition_turn
    event = ctx.event
    if done is None or done != (game_turn(event), event.side) or not _house_sop(ctx):
        return ()
    return (
        c.finding(
            ctx,
            expected="no combat after the attrition",
            recorded=f"{event.kind} attack {event.attack} after an attrition",
            message=f"attack {event.attack} ({event.kind}) follows an attrition in the same player turn: attrition "
            "comes after all regular and exploitation combat (14.12, A3R intro)",
        ),
    )
