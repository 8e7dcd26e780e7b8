"""Offensive operations and the attrition they leave room for (A3R App. D 9.61-9.64 and intro, option
``ops.offensives = awaw_9_6``; AWAW 27.12, 9.6), asked of a position: C-OFF-1..C-OFF-6 of the A3R extract, with
T-U1.

Everything running is the BRP ledger's (:mod:`projections.brp`): the offensive BRPs each power spent on each front
this turn, the operations each payment names (``offensive_declared.operations``), the attacks, overruns and airdrops
carried out, and the fronts each faction attritioned on. So "paid once, used once" is judged both ways: an operation
two payments name, a paid operation never carried out, and an operation carried out by a power that neither paid a
full offensive on its front nor named it in a payment. A3R games playing the standard A3R offensive rules
(``ops.offensives = a3r``) are not judged: those rules are not in the project's texts."""

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
from projections.position.attrition.modifiers import attrition_permitted as permitted
from projections.position.attrition.modifiers import offensive_rules
from projections.position.core import Position, Unknown, Verdict, breach
from projections.rules.economy import (
    LIMITED_OFFENSIVE_MAX,
    USAT_FULL_OFFENSIVES_CAUSE,
    USAT_OFFENSIVE_CAUSE,
    attrition_allowed,
    offensive_front_breach,
    usat_offensive_modifier,
)
from projections.rules.texts import cited


def offensive_front_total(pos: Position, event: OffensiveDeclared) -> Verdict:
    """A3R 9.62: an alliance faction spends at most 14 BRPs of offensive operations on a front unless one of its major
    powers paid a 15-BRP full offensive there."""
    if not offensive_rules(pos):
        return ()
    faction = FACTION_OF_POWER[event.power]
    total, full = brp.offensives_on(pos.state.brp, faction, event.front)
    if (
        offensive_front_breach(total, full_offensive_paid=full) is None
        or total - event.brp_cost > LIMITED_OFFENSIVE_MAX
    ):
        return ()
    message = f"{power_name(faction)} has now spent {total} BRPs of offensive operations on the {event.front} front "
    message += "this turn with no major power paying a full offensive there (15 BRPs); limited offensives stop at "
    message += f"{LIMITED_OFFENSIVE_MAX} (9.62, 9.63)"
    return (
        breach(
            cited(pos.meta.rules, "A3R 9.62"),
            message,
            f"at most {LIMITED_OFFENSIVE_MAX} without a full offensive",
            total,
        ),
    )


def attrition_permitted(pos: Position, event: AttritionDeclared | OffensiveDeclared) -> Verdict:
    """A3R 9.61: a faction attritions on a front only if it spends less than 15 BRPs of offensive operations there
    that turn; exploitation on an attrition front keeps that total at 14 or less.

    The attrition itself is :func:`projections.position.attrition.modifiers.attrition_permitted`, which awaw
    attrition asks; offensives against partisans count for neither (11.82)."""
    if not offensive_rules(pos):
        return ()
    if isinstance(event, AttritionDeclared):
        return permitted(pos, event)
    ledger = pos.state.brp
    faction = FACTION_OF_POWER[event.power]
    first = ledger.attritions.get(f"{faction}|{event.front}")
    if first is None or event.against_partisans:
        return ()
    total, _ = brp.offensives_on(ledger, faction, event.front, for_attrition=True)
    if attrition_allowed(total) or not attrition_allowed(total - event.brp_cost):
        return ()
    message = f"{sentence(power_name(event.power))}'s offensive operations bring {power_name(faction)}'s total on the "
    message += f"{event.front} front to {total} BRPs, on a front it attritions on (event {first}); exploitation there "
    message += f"keeps the total at {LIMITED_OFFENSIVE_MAX} or less (9.64, 9.61)"
    return (breach(cited(pos.meta.rules, "A3R 9.64"), message, f"at most {LIMITED_OFFENSIVE_MAX}", total),)


def operation_paid_once(pos: Position, event: OffensiveDeclared) -> Verdict:
    """A3R 9.63: each operation is paid once: no operation is named by two payments."""
    paid = pos.state.brp.paid
    return tuple(
        breach(
            cited(pos.meta.rules, "A3R 9.63"),
            f"{sentence(power_name(event.power))} pays for operation {op}, which the payment of event {paid[op].seq} "
            f"({power_name(paid[op].power)}) already paid for (9.63)",
            "an operation paid once",
            op,
        )
        for op in event.operations
        if op in paid
    )


def operations_paid_and_used(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """A3R 9.63: by the end of the player turn every operation paid was carried out, and every operation carried
    out was paid: by a full offensive of each of its powers on its front, or by a payment naming it."""
    if not offensive_rules(pos):
        return ()
    ledger = pos.state.brp
    side = event.side
    out: list[Any] = [
        breach(
            cited(pos.meta.rules, "A3R 9.63"),
            f"{sentence(power_name(paid.power))} paid for operation {op} (event {paid.seq}), which was never carried "
            "out this player turn (9.62-9.63)",
            f"operation {op} carried out",
            "never carried out",
        )
        for op, paid in sorted(ledger.paid.items())
        if paid.side == side and op not in ledger.done
    ]
    named = any(p.side == side for p in ledger.paid.values())
    for op, done in sorted(ledger.done.items()):
        if done.side != side or op in ledger.paid:
            continue
        unpaid = [p for p in done.powers if not _full_offensive(ledger, p, done.front)]
        if not unpaid:
            continue
        if not named or done.front is None:
            broke = [p for p in unpaid if _paid_nothing(ledger, p, done.front)]
            if not broke:
                out.append(Unknown(reason="which payment an operation was paid with (offensive_declared.operations)"))
                continue
            where = f" on the {done.front} front" if done.front is not None else ""
            message = f"operation {op} (event {done.seq}) by {', '.join(power_name(p) for p in broke)}: they spent no "
            message += f"BRPs on offensive operations{where} this turn, so no payment can be its (9.63)"
            out.append(
                breach(
                    cited(pos.meta.rules, "A3R 9.63"),
                    message,
                    "a payment by each of its powers, or full offensives",
                    op,
                )
            )
            continue
        message = f"operation {op} (event {done.seq}) by {', '.join(power_name(p) for p in unpaid)} is named by no "
        message += f"payment, and they paid no full offensive on the {done.front} front (9.63)"
        out.append(breach(cited(pos.meta.rules, "A3R 9.63"), message, "a payment naming it, or full offensives", op))
    return out


def _paid_nothing(ledger: brp.State, power: str, front: str | None) -> bool:
    """Whether ``power`` certainly spent no offensive BRPs this turn on ``front`` (with the front unknown, anywhere):
    none at all, or all of them declared on other fronts (a ``brp_spent`` of offensive operations names none)."""
    spent = ledger.totals.get(f"{power}/offensive", 0)
    if spent == 0:
        return True
    if front is None:
        return False
    declared = {
        key.partition("|")[2]: brps for key, brps in ledger.offensives.items() if key.partition("|")[0] == power
    }
    return not declared.get(front) and sum(declared.values()) >= spent


def _full_offensive(ledger: brp.State, power: str, front: str | None) -> bool:
    """Whether ``power`` paid a full offensive (15 BRPs) on ``front`` this turn; with the front unknown, anywhere."""
    return any(
        key.partition("|")[0] == power and (front is None or key.partition("|")[2] == front) and brps >= 15
        for key, brps in ledger.offensives.items()
    )


def no_lent_italians(pos: Position, event: UnitPlaced | UnitTransferred) -> Verdict:
    """A3R intro: no lent Italian units: Italian units stay under Italy."""
    if pos.meta.rules != "a3r" or not offensive_rules(pos):
        return ()
    if isinstance(event, UnitPlaced):
        lent = event.nationality == "italy" and event.owner != "italy"
        owner = event.owner
    else:
        found = pos.board.units.get(event.unit)
        nationality = event.nationality or (found.nationality if found is not None else "")
        lent, owner = nationality == "italy" and event.new_owner != "italy", event.new_owner
    if not lent:
        return ()
    message = f"Italian unit {event.unit} is put under {power_name(owner)}; the house offensive rules remove lent "
    message += "Italian units (A3R intro)"
    return (breach("A3R intro", message, "owned by Italy", owner),)


def usat_offensives(pos: Position, event: TensionChanged) -> Verdict:
    """A3R intro: USAT rises by floor((S + 7) / 15) for the S BRPs of Axis offensive operations of the turn, in place
    of the A3R modifier for Axis full offensives."""
    if event.track.lower() != "usat" or pos.meta.rules != "a3r" or pos.meta.option("diplo.usat_changes", "on") != "on":
        return ()
    codes = {m.code: m.value for m in event.modifiers}
    if event.cause == USAT_FULL_OFFENSIVES_CAUSE or USAT_FULL_OFFENSIVES_CAUSE in codes:
        message = (
            "USAT moves for Axis full offensives; the house modifier for Axis offensive BRPs replaces it (A3R intro)"
        )
        return (breach("A3R intro", message, f"the {USAT_OFFENSIVE_CAUSE} modifier only", USAT_FULL_OFFENSIVES_CAUSE),)
    if USAT_OFFENSIVE_CAUSE in codes:
        claimed = codes[USAT_OFFENSIVE_CAUSE]
    elif event.cause == USAT_OFFENSIVE_CAUSE:
        claimed = event.new - event.old
    else:
        return ()
    spent = _axis_offensive_brps(pos, event)
    expected = usat_offensive_modifier(spent)
    if claimed == expected:
        return ()
    message = f"the Axis spent {spent} BRPs on offensive operations this turn: USAT +1 per 15, a remnant of 8 or more "
    message += f"counting, gives +{expected}; recorded {claimed:+d} (A3R intro)"
    return (breach("A3R intro", message, f"+{expected}", f"{claimed:+d}"),)


def _axis_offensive_brps(pos: Position, event: TensionChanged) -> int:
    """The Axis offensive BRPs of the game turn the modifier is for: this turn's, or, for a change recorded at the
    start of the next game turn (no player turn), the last archived turn's."""
    ledger = pos.state.brp
    if event.side is not None or (game_turn(event) == ledger.turn and ledger.offensives):
        return brp.offensive_brps_of_side(ledger, "axis")
    previous = max((s.turn for s in ledger.history), default=None)
    return sum(
        s.by_category.get("offensive", 0)
        for s in ledger.history
        if s.turn == previous and brp.side_of(s.power) == "axis"
    )
