"""Offensive operations and the attrition they leave room for (A3R App. D 9.61-9.64 and intro, option
``ops.offensives = awaw_9_6``; AWAW 27.12, 9.6): checks C-OFF-1..C-OFF-6 of the A3R extract, with T-U1.

Everything running is the BRP ledger's (:mod:`projections.brp`): the offensive BRPs each power spent on each front
this turn, the operations each payment names (``offensive_declared.operations``), the attacks, overruns and airdrops
carried out, and the fronts each faction attritioned on. So "paid once, used once" is checked both ways: an
operation two payments name, a paid operation never carried out, and an operation carried out by a power that
neither paid a full offensive on its front nor named it in a payment.

A3R games playing the standard A3R offensive rules (``ops.offensives = a3r``) are not checked here: those rules are
not in the project's texts.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AttritionDeclared,
    OffensiveDeclared,
    PlayerTurnEnded,
    TensionChanged,
    UnitPlaced,
    UnitTransferred,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, power_name, sentence
from projections import brp
from projections.position.attrition.modifiers import attrition_permitted, offensive_rules
from projections.rules.economy import (
    LIMITED_OFFENSIVE_MAX,
    USAT_FULL_OFFENSIVES_CAUSE,
    USAT_OFFENSIVE_CAUSE,
    attrition_allowed,
    offensive_front_breach,
    usat_offensive_modifier,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

FAMILY = Family("offensives")


def house_offensives(ctx: AuditContext[Any]) -> bool:
    """Whether the AWAW 9.6 offensive rules apply (:func:`projections.position.attrition.modifiers.offensive_rules`)."""
    return offensive_rules(ctx.position)


@FAMILY.check(
    "A3R 9.62",
    "an alliance faction spends at most 14 BRPs of offensive operations on a front unless one of its major powers "
    "paid a 15-BRP full offensive there",
    reads=(OffensiveDeclared,),
    id="offensive_front_total",
    after=True,
    covers=("C-OFF-1",),
)
def check_offensive_front_total(c: Check, ctx: AuditContext[OffensiveDeclared]) -> Result:
    event = ctx.event
    if not house_offensives(ctx):
        return ()
    faction = FACTION_OF_POWER[event.power]
    total, full = brp.offensives_on(ctx.state.brp, faction, event.front)
    breach = offensive_front_breach(total, full_offensive_paid=full)
    if breach is None or total - event.brp_cost > LIMITED_OFFENSIVE_MAX:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at most {LIMITED_OFFENSIVE_MAX} without a full offensive",
            recorded=total,
            message=f"{power_name(faction)} has now spent {total} BRPs of offensive operations on the {event.front} "
            "front this turn with no major power paying a full offensive there (15 BRPs); limited offensives stop "
            f"at {LIMITED_OFFENSIVE_MAX} (9.62, 9.63)",
        ),
    )


@FAMILY.check(
    "A3R 9.61",
    "a faction attritions on a front only if it spends less than 15 BRPs of offensive operations there that turn; "
    "exploitation on an attrition front keeps that total at 14 or less",
    reads=(AttritionDeclared, OffensiveDeclared),
    id="attrition_permitted",
    after=True,
    covers=("C-OFF-2", "C-OFF-3"),
)
def check_attrition_permitted(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if not house_offensives(ctx):
        return ()
    ledger = ctx.state.brp
    if isinstance(event, AttritionDeclared):
        return attrition_permitted(ctx.position, event)  # the position's query, which awaw attrition asks too
    faction = FACTION_OF_POWER[event.power]
    first = ledger.attritions.get(f"{faction}|{event.front}")
    if first is None or event.against_partisans:
        return ()  # offensives against partisans do not count against the attrition front (11.82)
    total, _ = brp.offensives_on(ledger, faction, event.front, for_attrition=True)
    if attrition_allowed(total) or not attrition_allowed(total - event.brp_cost):
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at most {LIMITED_OFFENSIVE_MAX}",
            recorded=total,
            message=f"{sentence(power_name(event.power))}'s offensive operations bring {power_name(faction)}'s total "
            f"on the {event.front} front to {total} BRPs, on a front it attritions on (event {first}); exploitation "
            f"there keeps the total at {LIMITED_OFFENSIVE_MAX} or less (9.64, 9.61)",
        ),
    )


@FAMILY.check(
    "A3R 9.63",
    "each operation is paid once: no operation is named by two payments",
    reads=(OffensiveDeclared,),
    id="operation_paid_once",
    covers=("C-OFF-4",),
)
def check_operation_paid_once(c: Check, ctx: AuditContext[OffensiveDeclared]) -> Result:
    event = ctx.event
    paid = ctx.state.brp.paid
    return tuple(
        c.finding(
            ctx,
            expected="an operation paid once",
            recorded=op,
            message=f"{sentence(power_name(event.power))} pays for operation {op}, which the payment of event "
            f"{paid[op].seq} ({power_name(paid[op].power)}) already paid for (9.63)",
        )
        for op in event.operations
        if op in paid
    )


@FAMILY.check(
    "A3R 9.63",
    "by the end of the player turn every operation paid was carried out, and every operation carried out was paid: "
    "by a full offensive of each of its powers on its front, or by a payment naming it",
    reads=(PlayerTurnEnded,),
    id="operations_paid_and_used",
    covers=("C-OFF-4",),
)
def check_operations_paid_and_used(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    event = ctx.event
    if not house_offensives(ctx):
        return ()
    ledger = ctx.state.brp
    side = event.side
    out: list[Outcome] = []
    for op, paid in sorted(ledger.paid.items()):
        if paid.side == side and op not in ledger.done:
            out.append(
                c.finding(
                    ctx,
                    expected=f"operation {op} carried out",
                    recorded="never carried out",
                    message=f"{sentence(power_name(paid.power))} paid for operation {op} (event {paid.seq}), which "
                    "was never carried out this player turn (9.62-9.63)",
                )
            )
    named = any(p.side == side for p in ledger.paid.values())
    for op, done in sorted(ledger.done.items()):
        if done.side != side or op in ledger.paid:
            continue
        unpaid = [p for p in done.powers if not _full_offensive(ledger, p, done.front)]
        if not unpaid:
            continue
        if not named or done.front is None:
            out.append(Missing(reason="which payment an operation was paid with (offensive_declared.operations)"))
            continue
        out.append(
            c.finding(
                ctx,
                expected="a payment naming it, or full offensives",
                recorded=op,
                message=f"operation {op} (event {done.seq}) by {', '.join(power_name(p) for p in unpaid)} is named "
                f"by no payment, and they paid no full offensive on the {done.front} front (9.63)",
            )
        )
    return out


def _full_offensive(ledger: brp.State, power: str, front: str | None) -> bool:
    """Whether ``power`` paid a full offensive (15 BRPs) on ``front`` this turn; with the front unknown, anywhere."""
    return any(
        key.partition("|")[0] == power and (front is None or key.partition("|")[2] == front) and brps >= 15
        for key, brps in ledger.offensives.items()
    )


@FAMILY.check(
    "A3R intro",
    "no lent Italian units: Italian units stay under Italy",
    reads=(UnitPlaced, UnitTransferred),
    id="no_lent_italians",
    covers=("C-OFF-5",),
)
def check_no_lent_italians(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if ctx.meta.rules != "a3r" or not house_offensives(ctx):
        return ()
    if isinstance(event, UnitPlaced):
        lent = event.nationality == "italy" and event.owner != "italy"
        unit, owner = event.unit, event.owner
    else:
        found = ctx.state.board.units.get(event.unit)
        nationality = event.nationality or (found.nationality if found is not None else "")
        lent = nationality == "italy" and event.new_owner != "italy"
        unit, owner = event.unit, event.new_owner
    if not lent:
        return ()
    return (
        c.finding(
            ctx,
            expected="owned by Italy",
            recorded=owner,
            message=f"Italian unit {unit} is put under {power_name(owner)}; the house offensive rules remove lent "
            "Italian units (A3R intro)",
        ),
    )


@FAMILY.check(
    "A3R intro",
    "USAT rises by floor((S + 7) / 15) for the S BRPs of Axis offensive operations of the turn, in place of the A3R "
    "modifier for Axis full offensives",
    reads=(TensionChanged,),
    id="usat_offensives",
    covers=("C-OFF-6",),
)
def check_usat_offensives(c: Check, ctx: AuditContext[TensionChanged]) -> Result:
    event = ctx.event
    if event.track.lower() != "usat" or ctx.meta.rules != "a3r":
        return ()
    if ctx.meta.option("diplo.usat_changes", "on") != "on":
        return ()
    codes = {m.code: m.value for m in event.modifiers}
    if event.cause == USAT_FULL_OFFENSIVES_CAUSE or USAT_FULL_OFFENSIVES_CAUSE in codes:
        return (
            c.finding(
                ctx,
                expected=f"the {USAT_OFFENSIVE_CAUSE} modifier only",
                recorded=USAT_FULL_OFFENSIVES_CAUSE,
                message="USAT moves for Axis full offensives; the house modifier for Axis offensive BRPs replaces it "
                "(A3R intro)",
            ),
        )
    if USAT_OFFENSIVE_CAUSE in codes:
        claimed = codes[USAT_OFFENSIVE_CAUSE]
    elif event.cause == USAT_OFFENSIVE_CAUSE:
        claimed = event.new - event.old
    else:
        return ()
    spent = _axis_offensive_brps(ctx)
    expected = usat_offensive_modifier(spent)
    if claimed == expected:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"+{expected}",
            recorded=f"{claimed:+d}",
            message=f"the Axis spent {spent} BRPs on offensive operations this turn: USAT +1 per 15, a remnant of 8 or "
            f"more counting, gives +{expected}; recorded {claimed:+d} (A3R intro)",
        ),
    )


def _axis_offensive_brps(ctx: AuditContext[TensionChanged]) -> int:
    """The Axis offensive BRPs of the game turn the modifier is for: this turn's, or, for a change recorded at the
    start of the next game turn (no player turn), the last archived turn's."""
    ledger = ctx.state.brp
    event = ctx.event
    if event.side is not None or (game_turn(event) == ledger.turn and ledger.offensives):
        return brp.offensive_brps_of_side(ledger, "axis")
    previous = max((s.turn for s in ledger.history), default=None)
    return sum(
        s.by_category.get("offensive", 0)
        for s in ledger.history
        if s.turn == previous and brp.side_of(s.power) == "axis"
    )
