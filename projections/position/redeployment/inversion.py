"""Inversion of air and naval units after construction, missions and redeployment (27.82, 28.46, 28.52, 28.81-28.83;
18.524, 18.564, 18.618; A3R option 13, mod. AWAW 33.7): checks I-02, R-18, R-27 of the 27-30 extract and
C-INV-1..C-INV-4 of the A3R extract, with the 28.81 worked examples (EX-I1..EX-I3).

The holds are projection state (:mod:`projections.redeployment`): a new air or naval unit may uninvert only at the
end of the player turn it was built or launched in; one that redeploys to a new base in that turn, an inverted unit
that redeploys, and an uninverted air unit that SRs to another front stay inverted through the next opposing player
turn. A unit under a hold that flies a mission, or is uninverted, is a finding; so is a mission by a unit the board
shows inverted, or by one that flew a mission that inverts it and was not uninverted since.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import AirMissionFlown, UnitInversionChanged
from awaw_events.gametime import game_turn
from projections import brp, redeployment
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.redeployment import Hold
from projections.rules.breach import Breach
from projections.rules.redeployment import UNINVERSION_PHASES, one_operation_per_turn


def front_of(pos: Position, location: str) -> str | None:
    """The front of a hex by the game's map data (None when unknown or not a hex)."""
    facts = pos.hex(location) if location.startswith(("EUR:", "PAC:")) else None
    return facts.front if facts is not None else None


def active_hold(pos: Position, event: Any, unit: str) -> Hold | Unknown | None:
    """The hold ``unit`` is under now: a hold whose front change (28.81A) the map data confirms, or :class:`Missing`
    when it does not know the fronts."""
    hold = redeployment.hold_of(pos.state.redeployment, unit, (game_turn(event), event.side))
    if hold is None or hold.front_change is None:
        return hold
    a, b = (front_of(pos, where) for where in hold.front_change)
    if a is None or b is None:
        unknown = hold.front_change[0] if a is None else hold.front_change[1]
        return pos.missing_hex(unknown, "front")
    return hold if a != b else None


def _why(hold: Hold) -> str:
    if hold.kind == "end_of_player_turn":
        return f"it was built or launched this player turn and may uninvert only at its end ({hold.rule})"
    return f"it stays inverted through the next opposing player turn ({hold.rule})"


def inversion_holds(pos: Position, event: Any) -> Verdict:
    """27.82: new air and naval units stay inverted until the end of their player turn, and through the next
    opposing player turn if they redeployed to a new base; so do inverted units that redeploy and air units that
    SR to another front"""
    now = (game_turn(event), event.side)
    if isinstance(event, UnitInversionChanged):
        if event.inverted:
            return ()
        hold = active_hold(pos, event, event.unit)
        if isinstance(hold, Unknown):
            return (hold,)
        if hold is None or _may_uninvert(pos, event, hold, now):
            return ()
        return (
            breach(
                "27.82",
                f"{event.unit} is uninverted in the {(event.phase or 'game').replace('_', ' ')} phase, but "
                f"{_why(hold)}",
                "inverted",
                "uninverted",
            ),
        )
    out: list[Breach | Unknown] = []
    for unit in event.units:
        hold = active_hold(pos, event, unit)
        if isinstance(hold, Unknown):
            out.append(hold)
        elif hold is not None:
            out.append(
                breach(
                    "27.82",
                    f"{unit} flies a {event.mission.replace('_', ' ')} mission, but {_why(hold)}",
                    "no mission",
                    f"{event.mission} by {unit}",
                )
            )
    return out


def _may_uninvert(pos: Position, event: Any, hold: Hold, now: tuple[int, str | None]) -> bool:
    """Whether a held unit may be uninverted now: at the end of its own player turn (end-of-player-turn holds), or at
    the end of the opposing player turn it is held through (AWAW; A3R option 13 allows no uninversion in an opposing
    player turn)."""
    phase = event.phase
    if hold.kind == "end_of_player_turn":
        return now == hold.since and phase in UNINVERSION_PHASES
    return now == hold.opposing and phase in UNINVERSION_PHASES and not one_operation_per_turn(pos.meta)


def mission_ready(pos: Position, event: AirMissionFlown) -> Verdict:
    """28.522: only uninverted units fly missions (interceptions of NRs included); a unit inverted by a mission
    (DAS, interception, counterair; every operation under A3R option 13) flies no other before it is uninverted"""
    now = (game_turn(event), event.side)
    state = pos.state
    tallies = state.redeployment
    for unit in event.units:
        if redeployment.hold_of(tallies, unit, now) is not None:
            continue  # inversion_holds judges it
        found = state.board.units.get(unit)
        if found is None:
            yield Unknown(reason="a unit flying a mission is not on the board")
            continue
        if found.location.startswith("sw:") and one_operation_per_turn(pos.meta):
            continue  # naval units in an SW box are exempt from the one-operation rule
        if found.inverted:
            yield breach(
                "28.522",
                f"{unit} flies a {event.mission.replace('_', ' ')} mission while inverted; only uninverted "
                "units fly missions and intercept (28.522, 18.5)",
                "an uninverted unit",
                f"{unit} inverted",
            )
            continue
        used = tallies.used.get(unit)
        if used is not None and (used[1], used[2]) != now:
            yield Unknown(reason="whether a unit was uninverted since its mission of an earlier player turn")
        elif used is not None:
            yield breach(
                "28.522",
                f"{unit} flies a {event.mission.replace('_', ' ')} mission after the mission of event "
                f"{used[0]}, which inverted it, without being uninverted since (18.524, 18.564, 18.618; A3R: one "
                "operation per unit per player turn)",
                "uninverted since its last mission",
                f"{unit} flew at event {used[0]}",
            )


def uninversion(pos: Position, event: UnitInversionChanged) -> Verdict:
    """an air or naval unit is uninverted only in its owner's player turn, fully supplied and under no oil effect,
    and not before the end of a player turn in which it flew"""
    if event.inverted or not one_operation_per_turn(pos.meta):
        return ()
    state = pos.state
    unit = state.board.units.get(event.unit)
    if unit is None:
        return (Unknown(reason="the uninverted unit is not on the board"),)
    out: list[Breach | Unknown] = []
    if event.side is not None and brp.side_of(unit.owner) != event.side:
        out.append(
            breach(
                "A3R 33.7",
                f"{event.unit} is uninverted in the opposing player turn; units are uninverted only in their "
                "owner's player turn (A3R intro, mod. AWAW 33.7)",
                f"the {brp.side_of(unit.owner)} player turn",
                f"the {event.side} player turn",
            )
        )
    if unit.supply is None:
        out.append(Unknown(reason="the uninverted unit's supply at the last determination is not recorded"))
    elif unit.supply != "full":
        out.append(
            breach(
                "A3R 33.7",
                f"{event.unit} is uninverted while {unit.supply}; only fully supplied units uninvert "
                "(A3R intro, mod. AWAW 33.7)",
                "fully supplied",
                unit.supply,
            )
        )
    effect = state.redeployment.oil_effects.get(event.unit)
    if effect in ("air", "naval") and redeployment.this_player_turn(state.redeployment, game_turn(event), event.side):
        out.append(
            breach(
                "A3R 33.7",
                f"{event.unit} is uninverted under the {effect} oil effect accepted this player turn; units "
                "under an oil effect are not uninverted (A3R intro, mod. AWAW 33.7)",
                "no oil effect",
                f"{effect} oil effect",
            )
        )
    used = state.redeployment.used.get(event.unit)
    if (
        used is not None
        and (used[1], used[2]) == (game_turn(event), event.side)
        and event.phase not in UNINVERSION_PHASES
    ):
        out.append(
            breach(
                "A3R 33.7",
                f"{event.unit} flew this player turn (event {used[0]}) and is uninverted before its end; a "
                "unit used in a player turn stays inverted until the end of it (A3R intro, mod. AWAW 33.7)",
                "at the end of the player turn",
                (event.phase or "").replace("_", " "),
            )
        )
    return out
