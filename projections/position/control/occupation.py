"""Control by occupation and its limits: a ground unit must enter (29.21), causes the rules allow (29.11), no
transfer to allies and home-country reversion (29.22B, 29.24), partisans (29.26), joint control (29.25) and counters
in partners' hexes (29.24A-B): H-01..H-04, H-11, H-12.
"""

from __future__ import annotations

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
from projections.position.control import SEA, _previous
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
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


def occupation_needs_a_unit(pos: Position, event: HexControlChanged) -> Verdict:
    """29.21: control changes by occupation only where a ground unit of the new controller's faction stands"""
    if event.cause not in OCCUPATION_CAUSES:
        return ()
    faction = controller_faction(event.controller)
    if faction is None:
        return ()
    state = pos.state
    # O(1) in the usual case: a unit of that faction entered the hex this player turn; else look at who stands there
    if land.entered(state.land, event, event.hex, faction):
        return ()
    if any(
        u.location == event.hex and u.unit_type in GROUND_TYPES and controller_faction(u.owner) == faction
        for u in state.board.units.values()
    ):
        return ()
    unknown = units_unknown(pos, faction)  # no unit of the side recorded at all: "none there" would mean nothing
    if unknown is not None:
        return (unknown,)
    return (
        breach(
            "29.21",
            f"{event.hex} changes to {event.controller} by {event.cause}, "
            "but no ground unit of that side stands in the hex (29.21: ZoC or killing the defenders "
            "alone changes nothing)",
            f"a {event.controller} (or allied) ground unit in {event.hex}",
            "none there",
        ),
    )


def control_cause(pos: Position, event: HexControlChanged) -> Verdict:
    """29.11: every control change has a cause the rules allow at that point; sea hexes are never controlled"""
    facts = pos.hex(event.hex)
    if facts is None or facts.terrain is None:
        yield pos.missing_hex(event.hex, "terrain")
    elif facts.terrain == SEA:
        yield breach(
            "29.11",
            f"{event.hex} is a sea hex: sea hexes are not controlled by anyone (29.11)",
            "no controller",
            event.controller,
        )
    cause = event.cause
    if cause == SETUP_CAUSE:
        if event.side is not None or event.phase not in (None, "setup"):
            yield breach(
                "29.11",
                f"{event.hex}: a control change by set-up during play (29.11: control at the start is "
                "the scenario's; later it changes only by the causes of 29.2-29.7)",
                "set-up",
                f"{event.side or ''} {event.phase or ''}".strip(),
            )
    elif cause == "surrender":
        yield from _surrender_cause(pos, event)
    elif cause in ("association", "activation"):
        yield from _alignment_cause(pos, event)
    elif cause == "persia_route":
        open_ = pos.state.politics.routes.get("persia", False)
        if controller_faction(event.controller) != "western_allies" or not open_:
            yield breach(
                "29.11",
                f"{event.hex}: Persian hexes go to the Western Allies when they activate the Persian BRP route (29.44)",
                "Western Allies with the Persian route open",
                f"{event.controller}, route {'open' if open_ else 'not open'}",
            )
    elif cause == "other":
        yield Unknown(reason=f"control change cause 'other' is taken as recorded ({event.hex})", kind="other")


def _surrender_cause(pos: Position, event: HexControlChanged) -> Verdict:
    previous = _previous(pos, event)
    statuses = pos.state.board.statuses
    fallen = previous is not None and (
        statuses.get(previous) in SURRENDER_STATUSES
        or (previous == "france" and pos.state.politics.french_surrender is not None)
    )
    if previous is not None and not fallen:
        yield breach(
            "29.11",
            f"{event.hex} changes by surrender, but {previous}, which held it, has not surrendered (29.61)",
            f"{previous} surrendered",
            f"{previous} {statuses.get(previous, 'not surrendered')}",
        )


def _alignment_cause(pos: Position, event: HexControlChanged) -> Verdict:
    previous = _previous(pos, event)
    if previous is None or is_major(previous):
        return
    status = pos.state.board.statuses.get(previous)
    aligned = pos.state.politics.alignment.get(previous)
    wanted = {"association": ("associated",), "activation": ("activated", "allied")}[event.cause]
    if status not in wanted or aligned != controller_faction(event.controller):
        yield breach(
            "29.11",
            f"{event.hex} passes by {event.cause} to {event.controller}, but {previous} has not "
            f"{'associated' if event.cause == 'association' else 'activated'} with its faction (29.42, 29.43)",
            f"{previous} {' or '.join(wanted)} with {controller_faction(event.controller)}",
            f"{previous} {status or 'neutral'}" + (f" with {aligned}" if aligned else ""),
        )


def ally_hexes(pos: Position, event: HexControlChanged) -> Verdict:
    """29.24: control never passes to an ally; an ally recapturing a home-country hex returns it to its home power"""
    if event.cause not in OCCUPATION_CAUSES and event.cause != "home_reversion":
        return ()
    previous = _previous(pos, event)
    new_side = controller_side(event.controller)
    if previous is None or new_side is None or previous == event.controller:
        return ()
    board = pos.state.board
    if is_major(previous) and controller_side(previous) == new_side and event.cause != "home_reversion":
        hold = pos.state.land.partisan_held.get(event.hex)
        if hold is not None and hold.partisan_power == previous:
            # 29.22C: a unit entering a hex a friendly partisan holds takes it. [interpretation] Only a hex the
            # partisans hold (took with cause ``partisans``, 29.26): a partisan standing in its own side's hex does
            # not let an ally take that hex, which 29.24 forbids.
            return ()
        return (
            breach(
                "29.24",
                f"{event.hex} is held by {previous}, an ally of {event.controller}: moving through an "
                "ally's hex does not change its control (29.24)",
                f"{previous} keeps it",
                event.controller,
            ),
        )
    facts = pos.hex(event.hex)
    if facts is None or facts.country is None:
        return (pos.missing_hex(event.hex, "country"),)
    surrendered = frozenset(p for p, s in board.statuses.items() if s in SURRENDER_STATUSES)
    home = reversion(facts.country, event.controller, surrendered=surrendered)
    if event.cause == "home_reversion" and home is None:
        return (
            breach(
                "29.24",
                f"{event.hex} ({facts.country}) is not a home-country hex that reverts to {event.controller} (29.22B)",
                "no reversion",
                event.controller,
            ),
        )
    if home is not None and home != event.controller and controller_side(previous) != new_side:
        return (
            breach(
                "29.24",
                f"{event.hex} is in {facts.country}'s home country: recaptured by an ally it reverts to "
                f"{home} (29.22B)",
                home,
                event.controller,
            ),
        )
    return ()


def partisan_hexes_revert(pos: Position, event: HexControlChanged | PlayerTurnEnded) -> Verdict:
    """29.26: a hex partisans hold reverts to its previous controller when they leave or are eliminated"""
    held = pos.state.land.partisan_held
    if not held:
        return ()
    board = pos.state.board
    if isinstance(event, HexControlChanged):
        hold = held.get(event.hex)
        if hold is None or event.cause != "partisans" or hold.previous is None:
            return ()
        if event.controller != hold.previous:
            return (
                breach(
                    "29.26",
                    f"{event.hex}: a hex partisans held reverts to {hold.previous}, which controlled it "
                    "before them (29.26, 11.61)",
                    hold.previous,
                    event.controller,
                ),
            )
        return ()
    partisans = {(u.location, u.owner) for u in board.units.values() if u.unit_type == "partisan"}
    found = []
    for hex_, hold in held.items():
        if (hex_, hold.partisan_power) in partisans or board.control.get(hex_) != hold.partisan_power:
            continue
        found.append(
            breach(
                "29.26",
                f"{hex_}: no {hold.partisan_power} partisan is there any more, so the hex reverts to "
                f"{hold.previous or 'its previous controller'} (29.26)",
                f"back to {hold.previous or 'its previous controller'}",
                f"{hold.partisan_power} still",
            )
        )
    return found


def joint_control(pos: Position, event: JointControlChanged) -> Verdict:
    """29.25: joint Western Allied control holds only while its conditions do"""
    holds = joint_control_holds(event.pair, event.theater, set(pos.state.board.wars))
    if holds == event.active:
        return ()
    if event.pair == "britain_france":
        why = "Russia at war with Germany, and Britain and France both at war with Germany"
    else:
        why = f"the U.S. at war in the {event.theater or 'European'} theater"
    return (
        breach(
            "29.25",
            f"joint {event.pair.replace('_', '-')} control needs {why} (29.25): the wars recorded "
            f"{'satisfy' if holds else 'do not satisfy'} it",
            "active" if holds else "not active",
            "active" if event.active else "not active",
        ),
    )


def counters_in_partner_hexes(pos: Position, event: CounterPlaced | FortificationBuilt) -> Verdict:
    """29.24: airbases, rocket bases and port counters go only in hexes of the placer's own alliance faction"""
    if isinstance(event, FortificationBuilt):
        if event.kind != "port":
            return
        hexes = event.hexes
        what = "port counter"
    else:
        hexes = [event.hex]
        what = event.counter.replace("_", " ")
    own = controller_faction(event.power)
    for hex_ in hexes:
        holder = pos.state.board.control.get(hex_)
        theirs = controller_faction(holder)
        if holder is None:
            yield Unknown(reason=f"who controls {hex_} is not recorded", kind="hex control")
        elif theirs != own:
            yield breach(
                "29.24",
                f"{event.power} places a {what} in {hex_}, held by {holder}: only hexes of an alliance "
                "faction partner take them; the Western Allies and Russia never in each other's (29.24A-B)",
                f"a hex of {own}",
                f"{hex_} held by {holder}",
            )
