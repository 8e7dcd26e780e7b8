"""Control by occupation and its limits: a ground unit must enter (29.21), causes the rules allow (29.11), no
transfer to allies and home-country reversion (29.22B, 29.24), partisans (29.26), joint control (29.25) and counters
in partners' hexes (29.24A-B): H-01..H-04, H-11, H-12.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    CounterPlaced,
    FortificationBuilt,
    HexControlChanged,
    JointControlChanged,
    PlayerTurnEnded,
)
from awaw_events.vocab import GROUND_TYPES
from projections import land
from projections.position.common import units_unknown
from projections.rules.control import (
    OCCUPATION_CAUSES,
    SETUP_CAUSE,
    SURRENDER_STATUSES,
    controller_faction,
    controller_side,
    is_major,
    joint_control_holds,
    reversion,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.control.common import SEA, _previous

CHECKS = Family("hex control")


@CHECKS.check(
    "29.21",
    "control changes by occupation only where a ground unit of the new controller's faction stands",
    reads=(HexControlChanged,),
    covers=("H-02",),
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
    unknown = units_unknown(
        ctx.position, faction
    )  # no unit of the side recorded at all: "none there" would mean nothing
    if unknown is not None:
        return (unknown,)
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


@CHECKS.check(
    "29.11",
    "every control change has a cause the rules allow at that point; sea hexes are never controlled",
    reads=(HexControlChanged,),
    covers=("H-01",),
)
def check_control_cause(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    found: list[Any] = []
    facts = ctx.hex(event.hex)
    if facts is None or facts.terrain is None:
        found.append(ctx.missing_hex(event.hex, "terrain"))
    elif facts.terrain == SEA:
        found.append(
            c.finding(
                ctx,
                expected="no controller",
                recorded=event.controller,
                message=f"{event.hex} is a sea hex: sea hexes are not controlled by anyone (29.11)",
            )
        )
    cause = event.cause
    if cause == SETUP_CAUSE:
        if event.side is not None or event.phase not in (None, "setup"):
            found.append(
                c.finding(
                    ctx,
                    expected="set-up",
                    recorded=f"{event.side or ''} {event.phase or ''}".strip(),
                    message=f"{event.hex}: a control change by set-up during play (29.11: control at the start is "
                    "the scenario's; later it changes only by the causes of 29.2-29.7)",
                )
            )
    elif cause == "surrender":
        found.extend(_surrender_cause(c, ctx))
    elif cause in ("association", "activation"):
        found.extend(_alignment_cause(c, ctx))
    elif cause == "persia_route":
        open_ = ctx.state.politics.routes.get("persia", False)
        if controller_faction(event.controller) != "western_allies" or not open_:
            found.append(
                c.finding(
                    ctx,
                    expected="Western Allies with the Persian route open",
                    recorded=f"{event.controller}, route {'open' if open_ else 'not open'}",
                    message=f"{event.hex}: Persian hexes go to the Western Allies when they activate the Persian BRP "
                    "route (29.44)",
                )
            )
    elif cause == "other":
        found.append(Missing(reason=f"control change cause 'other' is taken as recorded ({event.hex})", kind="other"))
    return found


def _surrender_cause(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    previous = _previous(ctx)
    statuses = ctx.state.board.statuses
    fallen = previous is not None and (
        statuses.get(previous) in SURRENDER_STATUSES
        or (previous == "france" and ctx.state.politics.french_surrender is not None)
    )
    if previous is not None and not fallen:
        yield c.finding(
            ctx,
            expected=f"{previous} surrendered",
            recorded=f"{previous} {statuses.get(previous, 'not surrendered')}",
            message=f"{ctx.event.hex} changes by surrender, but {previous}, which held it, has not surrendered (29.61)",
        )


def _alignment_cause(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    previous = _previous(ctx)
    if previous is None or is_major(previous):
        return
    status = ctx.state.board.statuses.get(previous)
    aligned = ctx.state.politics.alignment.get(previous)
    wanted = {"association": ("associated",), "activation": ("activated", "allied")}[event.cause]
    if status not in wanted or aligned != controller_faction(event.controller):
        yield c.finding(
            ctx,
            expected=f"{previous} {' or '.join(wanted)} with {controller_faction(event.controller)}",
            recorded=f"{previous} {status or 'neutral'}" + (f" with {aligned}" if aligned else ""),
            message=f"{event.hex} passes by {event.cause} to {event.controller}, but {previous} has not "
            f"{'associated' if event.cause == 'association' else 'activated'} with its faction (29.42, 29.43)",
        )


@CHECKS.check(
    "29.24",
    "control never passes to an ally; an ally recapturing a home-country hex returns it to its home power",
    reads=(HexControlChanged,),
    covers=("H-03",),
)
def check_ally_hexes(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause not in OCCUPATION_CAUSES and event.cause != "home_reversion":
        return ()
    previous = _previous(ctx)
    new_side = controller_side(event.controller)
    if previous is None or new_side is None or previous == event.controller:
        return ()
    board = ctx.state.board
    if is_major(previous) and controller_side(previous) == new_side and event.cause != "home_reversion":
        hold = ctx.state.land.partisan_held.get(event.hex)
        if hold is not None and hold.partisan_power == previous:
            # 29.22C: a unit entering a hex a friendly partisan holds takes it. [interpretation] Only a hex the
            # partisans hold (took with cause ``partisans``, 29.26): a partisan standing in its own side's hex does
            # not let an ally take that hex, which 29.24 forbids.
            return ()
        return (
            c.finding(
                ctx,
                expected=f"{previous} keeps it",
                recorded=event.controller,
                message=f"{event.hex} is held by {previous}, an ally of {event.controller}: moving through an "
                "ally's hex does not change its control (29.24)",
            ),
        )
    facts = ctx.hex(event.hex)
    if facts is None or facts.country is None:
        return (ctx.missing_hex(event.hex, "country"),)
    surrendered = frozenset(p for p, s in board.statuses.items() if s in SURRENDER_STATUSES)
    home = reversion(facts.country, event.controller, surrendered=surrendered)
    if event.cause == "home_reversion" and home is None:
        return (
            c.finding(
                ctx,
                expected="no reversion",
                recorded=event.controller,
                message=f"{event.hex} ({facts.country}) is not a home-country hex that reverts to {event.controller} "
                "(29.22B)",
            ),
        )
    if home is not None and home != event.controller and controller_side(previous) != new_side:
        return (
            c.finding(
                ctx,
                expected=home,
                recorded=event.controller,
                message=f"{event.hex} is in {facts.country}'s home country: recaptured by an ally it reverts to "
                f"{home} (29.22B)",
            ),
        )
    return ()


@CHECKS.check(
    "29.26",
    "a hex partisans hold reverts to its previous controller when they leave or are eliminated",
    reads=(HexControlChanged, PlayerTurnEnded),
    covers=("H-04",),
)
def check_partisan_hexes_revert(c: Check, ctx: AuditContext[HexControlChanged | PlayerTurnEnded]) -> Result:
    held = ctx.state.land.partisan_held
    if not held:
        return ()
    event = ctx.event
    board = ctx.state.board
    if isinstance(event, HexControlChanged):
        hold = held.get(event.hex)
        if hold is None or event.cause != "partisans" or hold.previous is None:
            return ()
        if event.controller != hold.previous:
            return (
                c.finding(
                    ctx,
                    expected=hold.previous,
                    recorded=event.controller,
                    message=f"{event.hex}: a hex partisans held reverts to {hold.previous}, which controlled it "
                    "before them (29.26, 11.61)",
                ),
            )
        return ()
    partisans = {(u.location, u.owner) for u in board.units.values() if u.unit_type == "partisan"}
    found = []
    for hex_, hold in held.items():
        if (hex_, hold.partisan_power) in partisans or board.control.get(hex_) != hold.partisan_power:
            continue
        found.append(
            c.finding(
                ctx,
                expected=f"back to {hold.previous or 'its previous controller'}",
                recorded=f"{hold.partisan_power} still",
                message=f"{hex_}: no {hold.partisan_power} partisan is there any more, so the hex reverts to "
                f"{hold.previous or 'its previous controller'} (29.26)",
            )
        )
    return found


@CHECKS.check(
    "29.25",
    "joint Western Allied control holds only while its conditions do",
    reads=(JointControlChanged,),
    covers=("H-11",),
)
def check_joint_control(c: Check, ctx: AuditContext[JointControlChanged]) -> Result:
    event = ctx.event
    holds = joint_control_holds(event.pair, event.theater, set(ctx.state.board.wars))
    if holds == event.active:
        return ()
    if event.pair == "britain_france":
        why = "Russia at war with Germany, and Britain and France both at war with Germany"
    else:
        why = f"the U.S. at war in the {event.theater or 'European'} theater"
    return (
        c.finding(
            ctx,
            expected="active" if holds else "not active",
            recorded="active" if event.active else "not active",
            message=f"joint {event.pair.replace('_', '-')} control needs {why} (29.25): the wars recorded "
            f"{'satisfy' if holds else 'do not satisfy'} it",
        ),
    )


@CHECKS.check(
    "29.24",
    "airbases, rocket bases and port counters go only in hexes of the placer's own alliance faction",
    reads=(CounterPlaced, FortificationBuilt),
    id="counters_in_partner_hexes",
    covers=("H-12",),
)
def check_counters_in_partner_hexes(c: Check, ctx: AuditContext[CounterPlaced | FortificationBuilt]) -> Result:
    event = ctx.event
    if isinstance(event, FortificationBuilt):
        if event.kind != "port":
            return ()
        hexes = event.hexes
        what = "port counter"
    else:
        hexes = [event.hex]
        what = event.counter.replace("_", " ")
    own = controller_faction(event.power)
    found: list[Any] = []
    for hex_ in hexes:
        holder = ctx.state.board.control.get(hex_)
        theirs = controller_faction(holder)
        if holder is None:
            found.append(Missing(reason=f"who controls {hex_} is not recorded", kind="hex control"))
        elif theirs != own:
            found.append(
                c.finding(
                    ctx,
                    expected=f"a hex of {own}",
                    recorded=f"{hex_} held by {holder}",
                    message=f"{event.power} places a {what} in {hex_}, held by {holder}: only hexes of an alliance "
                    "faction partner take them; the Western Allies and Russia never in each other's (29.24A-B)",
                )
            )
    return found
