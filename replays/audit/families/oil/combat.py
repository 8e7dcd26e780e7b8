"""Air and naval units that fight without oil (33.73C) and naval patrols that stay into the combat phase (33.535);
checks O-65 and O-71 of the 31-34 extract.

Which side fought without oil is recomputed where the state can tell it: a side whose faction's oil is tracked, with
no general offset of the domain (air for air combat, naval for naval combat) in force in any oil domain, no payment
naming the battle or one of its units, and not all in the South Africa, India or Australia box (33.4715), fought
without oil, whatever the log says. Where an offset is in force somewhere the side's own domain is not known (no event
records a unit's oil domain), so the log's ``without_oil`` is taken for it. The -1 Nationality DRM of each side
without oil must then be in the combat's modifiers (code ``no_oil``): in air combat the modifiers are the attacker's
net modifier (19.4), so the attacker's -1 is -1 and the defender's is +1; in naval combat they are the roller's
(``naval_combat_resolved.roller``), and only the roller's own lack of oil touches its roll.

A naval patrol (``air_mission_flown`` with ``naval_patrol``) is still in its patrol hex when the board has every unit
of it in the mission's target hex as the phasing player's combat phase starts (``phase_started``); a log that does
not move patrolling units to their hex leaves them where they were, and they are then taken to have left.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import AirCombatResolved, NavalCombatResolved, PhaseStarted
from awaw_events.gametime import game_turn
from awaw_events.vocab import power_name
from projections.rules.oil import NO_OIL_CODE, OIL_EFFECT_NATIONALITY_DRM, OIL_EXEMPT_FACTIONS, OIL_FREE_BOXES
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import FAMILY, faction_tracked, offsets_in_force, power_faction

Combat = AirCombatResolved | NavalCombatResolved


def _sides(event: Combat) -> dict[str, list[str]]:
    if isinstance(event, AirCombatResolved):
        return {"attacker": [u.unit for u in event.attacker_units], "defender": [u.unit for u in event.defender_units]}
    return {"attacker": list(event.attacker_units), "defender": list(event.defender_units)}


def _unoiled(ctx: AuditContext[Combat], ids: list[str], purpose: str) -> bool:
    """Whether the state shows these units fought without oil (see the module docstring)."""
    board = ctx.state.board.units
    units = [u for u in (board.get(i) for i in ids) if u is not None]
    if not units:
        return False
    faction = power_faction(units[0].owner)
    if faction in OIL_EXEMPT_FACTIONS or not faction_tracked(ctx, faction):
        return False
    if all(u.location in OIL_FREE_BOXES for u in units):
        return False
    payments = ctx.state.oil.payments
    if ctx.event.battle in payments or any(i in payments for i in ids):
        return False
    return not offsets_in_force(ctx, faction, purpose)


@FAMILY.check(
    "33.73C",
    "air and naval units that fought without oil take a -1 Nationality DRM: the combat's no_oil modifier matches the "
    "sides without oil, recomputed from the offsets and payments in force",
    reads=(AirCombatResolved, NavalCombatResolved),
    id="fought_without_oil",
    covers=("31-34/O-65",),
)
def check_fought_without_oil(c: Check, ctx: AuditContext[Combat]) -> Result:
    event = ctx.event
    claimed = sum(m.value for m in event.modifiers if m.code == NO_OIL_CODE)
    if event.without_oil is None and not claimed and not ctx.state.oil.reserves:
        return ()  # no oil is tracked in this game and nothing is claimed
    air = isinstance(event, AirCombatResolved)
    purpose = "air_general" if air else "naval_general"
    recorded = set(event.without_oil or ())
    derived = {side for side, ids in _sides(event).items() if _unoiled(ctx, ids, purpose)}
    out: list[Any] = []
    for side in sorted(derived - recorded):
        if event.without_oil is not None:
            out.append(
                c.finding(
                    ctx,
                    expected=f"the {side} without oil",
                    recorded=f"without oil: {', '.join(sorted(recorded)) or 'none'}",
                    message=f"{event.battle}: the {side}'s faction had no {purpose.replace('_general', '')} offset in "
                    "force in any oil domain and no oil paid for the battle or its units, so its units fought "
                    "without oil (33.73C)",
                )
            )
    unoiled = recorded | derived
    if isinstance(event, AirCombatResolved):
        expected = OIL_EFFECT_NATIONALITY_DRM * (("attacker" in unoiled) - ("defender" in unoiled))
    elif event.roller is None:
        if unoiled or claimed:
            out.append(Missing(reason=f"{event.battle}: naval_combat_resolved does not say whose roll it is (roller)"))
        return out
    else:
        expected = OIL_EFFECT_NATIONALITY_DRM if event.roller in unoiled else 0
    if claimed != expected:
        who = " and ".join(f"the {s}" for s in sorted(unoiled)) or "no side"
        out.append(
            c.finding(
                ctx,
                expected=f"{expected:+d} ({NO_OIL_CODE})",
                recorded=f"{claimed:+d}",
                message=f"{event.battle}: {who} fought without oil, which gives {expected:+d} to "
                f"{'the net air modifier' if air else 'the roll'}; recorded {claimed:+d} (33.73C: -1 Nationality DRM "
                "for units without oil)",
            )
        )
    return out


@FAMILY.check(
    "33.535",
    "a naval patrol may rely on last turn's naval oil, but one still in its patrol hex when the combat phase starts "
    "needs a naval offset of the current player turn",
    reads=(PhaseStarted,),
    id="patrol_oil",
    covers=("31-34/O-71",),
)
def check_patrol_oil(c: Check, ctx: AuditContext[PhaseStarted]) -> Result:
    event = ctx.event
    patrols = ctx.state.oil.patrols
    if event.phase != "combat" or not patrols:
        return
    turn = game_turn(event)
    board = ctx.state.board.units
    for seq, patrol in sorted(patrols.items(), key=lambda p: int(p[0])):
        if patrol.turn != turn or patrol.side != event.side:
            continue
        units = [u for u in (board.get(i) for i in patrol.units) if u is not None]
        if not units or any(u.location != patrol.target for u in units):
            continue  # the patrol left its hex before the combat phase (or its units are unknown)
        faction = power_faction(units[0].owner)
        if faction in OIL_EXEMPT_FACTIONS or not faction_tracked(ctx, faction):
            continue
        if offsets_in_force(ctx, faction, "naval_general"):
            continue  # in the combat phase only an offset bought this player turn is still in force (33.541)
        yield c.finding(
            ctx,
            expected="a naval offset of this player turn",
            recorded="none in force",
            message=f"the naval patrol of event {seq} ({', '.join(patrol.units)}) is still in {patrol.target} as the "
            f"combat phase starts, with no naval oil offset of this player turn in force for the "
            f"{power_name(faction)}: a patrol that stays needs the current turn's naval oil (33.535)",
        )
