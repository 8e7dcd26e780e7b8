"""Inversion of air and naval units after construction, missions and redeployment (27.82, 28.46, 28.52, 28.81-28.83;
18.524, 18.564, 18.618; A3R option 13, mod. AWAW 33.7): checks I-02, R-18, R-27 of the 27-30 extract and
C-INV-1..C-INV-4 of the A3R extract, with the 28.81 worked examples (EX-I1..EX-I3).

The holds are projection state (:mod:`projections.redeployment`): a new air or naval unit may uninvert only at the
end of the player turn it was built or launched in; one that redeploys to a new base in that turn, an inverted unit
that redeploys, and an uninverted air unit that SRs to another front stay inverted through the next opposing player
turn. A unit under a hold that flies a mission, or is uninverted, is a finding; so is a mission by a unit the board
shows inverted, or by one that flew a mission that inverts it and was not uninverted since.

:func:`end_of_player_turn` is the one judge of what turns face up when a player turn ends (27-30 extract 1.20):
``awaw end-phase`` records what it answers, and the audit compares each recorded uninversion with it. Leaving a unit
inverted that may turn face up is no finding: 27.82 says units "may be uninverted".

Reading (27.82, 28.46, 28.77, 28.81D, 28.82B: "remain inverted through the following opposing player turn"): a unit
held through the opposing player turn turns face up at the end of that player turn, ready for its owner's next
one; under A3R option 13 (units uninvert only in their owner's player turn) it turns face up at the end of its
owner's next player turn.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from awaw_events.events import AirMissionFlown, UnitInversionChanged
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, NAVAL_TYPES
from projections import brp, redeployment
from projections.position.core import Judged, Position, Unknown, breach
from projections.position.movement import Verdict
from projections.redeployment import Hold
from projections.rules.breach import Breach
from projections.rules.redeployment import OFF_BOARD, UNINVERSION_PHASES, one_operation_per_turn


def front_of(pos: Position, location: str) -> str | None:
    """The front of a hex by the game's map data (None when unknown or not a hex)."""
    facts = pos.hex(location) if location.startswith(("EUR:", "PAC:")) else None
    return facts.front if facts is not None else None


def active_hold(pos: Position, event: Any, unit: str) -> Hold | Unknown | None:
    """The hold ``unit`` is under now: a hold whose front change (28.81A) the map data confirms, or :class:`Missing`
    when it does not know the fronts."""
    return held(pos, unit, (game_turn(event), event.side))


def held(pos: Position, unit: str, now: tuple[int, str | None]) -> Hold | Unknown | None:
    """The hold ``unit`` is under in player turn ``now`` (see :func:`active_hold`)."""
    hold = redeployment.hold_of(pos.state.redeployment, unit, now)
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


class Face(NamedTuple):
    """What becomes of one inverted air or naval unit when a player turn ends: it turns face up, or it stays
    inverted; the rule that says so and why, in a player's words."""

    unit: str
    face_up: bool
    rule: str
    why: str


def end_of_player_turn(pos: Position, turn: int, side: str) -> Judged[tuple[Face, ...]]:
    """The inverted air and naval units on the board whose fate the end of player turn (``turn``, ``side``) decides
    (27-30 extract 1.20; 27.82, 28.46, 28.77, 28.81-28.83; A3R option 13), by unit id: the phasing side's (each
    turns face up unless a hold keeps it inverted) and the other side's held through this player turn (face up at
    its end, AWAW). ``unknown`` names the units whose hold the map data cannot decide (28.81A fronts): they stay."""
    faces: list[Face] = []
    unknown: list[Unknown] = []
    for unit in sorted(pos.board.units.values(), key=lambda u: u.id):
        if not unit.inverted or unit.unit_type not in AIR_TYPES | NAVAL_TYPES:
            continue
        if unit.location.startswith(("chart:", "pool")):
            continue
        face = unit_at_end(pos, unit.id, turn, side)
        if isinstance(face, Unknown):
            unknown.append(face)
            faces.append(Face(unit.id, False, "28.81A", f"whether its SR changed fronts is unknown ({face.reason})"))
        elif face is not None:
            faces.append(face)
    return Judged(tuple(faces), (), tuple(unknown))


def unit_at_end(pos: Position, unit_id: str, turn: int, side: str, *, bars: bool = True) -> Face | Unknown | None:
    """Whether one air or naval unit turns face up at the end of player turn (``turn``, ``side``), and by which
    rule; None when this player turn's end does not concern it (another side's unit held by nothing here).
    ``bars=False`` leaves out what A3R option 13 bars (:func:`house_bars`, which :func:`uninversion` judges)."""
    unit = pos.board.units.get(unit_id)
    if unit is None:
        return None
    now = (turn, side)
    owner_side = brp.side_of(unit.owner)
    hold = held(pos, unit_id, now)
    if isinstance(hold, Unknown):
        return hold
    house = one_operation_per_turn(pos.meta)
    if hold is not None and hold.kind == "through_opposing":
        if hold.since == now:
            return Face(unit_id, False, hold.rule, _why(hold))
        if hold.opposing == now and not house:
            return Face(unit_id, True, hold.rule, "held through this opposing player turn, it turns face up at its end")
        if owner_side != side:
            return Face(unit_id, False, hold.rule, _why(hold))
    if owner_side != side:
        return None
    barred = house_bars(pos, unit_id, now) if bars else ()
    if barred:
        return Face(unit_id, False, "A3R 33.7", barred[0].message)
    if hold is not None:
        return Face(unit_id, True, hold.rule, "it may turn face up at the end of the player turn it was built in")
    return Face(unit_id, True, "27.82", "inverted units turn face up at the end of their player turn")


def house_bars(pos: Position, unit_id: str, now: tuple[int, str | None]) -> tuple[Breach, ...]:
    """What keeps a unit inverted under A3R option 13 (mod. AWAW 33.7): not fully supplied at the last
    determination, or under an air or naval oil effect accepted this player turn (none when the option is not in
    force; a supply not recorded bars nothing here: the check says it is not checked)."""
    if not one_operation_per_turn(pos.meta):
        return ()
    out: list[Breach] = []
    unit = pos.board.units.get(unit_id)
    if unit is not None and unit.supply is not None and unit.supply != "full":
        out.append(
            breach(
                "A3R 33.7",
                f"{unit_id}'s supply is {unit.supply}; only fully supplied units uninvert (A3R intro, mod. AWAW 33.7)",
                "fully supplied",
                unit.supply,
            )
        )
    tallies = pos.state.redeployment
    effect = tallies.oil_effects.get(unit_id)
    if effect in ("air", "naval") and redeployment.this_player_turn(tallies, now[0], now[1]):
        out.append(
            breach(
                "A3R 33.7",
                f"{unit_id} is under the {effect} oil effect accepted this player turn; units under an oil effect "
                "are not uninverted (A3R intro, mod. AWAW 33.7)",
                "no oil effect",
                f"{effect} oil effect",
            )
        )
    return tuple(out)


def inversion_holds(pos: Position, event: Any) -> Verdict:
    """27.82: new air and naval units stay inverted until the end of their player turn, and through the next
    opposing player turn if they redeployed to a new base; so do inverted units that redeploy and air units that
    SR to another front"""
    now = (game_turn(event), event.side)
    if isinstance(event, UnitInversionChanged):
        if event.inverted:
            return ()
        found: Hold | Face | Unknown | None
        if event.phase in UNINVERSION_PHASES and event.side is not None:
            found = unit_at_end(pos, event.unit, now[0], event.side, bars=False)
            if isinstance(found, Face) and found.face_up:
                found = None
        else:
            found = active_hold(pos, event, event.unit)
        if isinstance(found, Unknown):
            return (found,)
        if found is None:
            return ()
        return (
            breach(
                "27.82",
                f"{event.unit} is uninverted in the {(event.phase or 'game').replace('_', ' ')} phase, but "
                f"{found.why if isinstance(found, Face) else _why(found)}",
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


def nr_attacked_on_board(pos: Position, event: AirMissionFlown) -> Verdict:
    """28.522, 28.531: NRs to and from mapboard boxes are attacked and intercepted only in on-board sea hexes: a
    mission the other side flies against an NR in the redeployment phase never targets a mapboard or SW box"""
    target = event.target
    if event.phase != "redeployment" or event.side is None or target is None or not target.startswith(OFF_BOARD):
        return
    units = pos.state.board.units
    attackers = [u for u in event.units if u in units and brp.side_of(units[u].owner) not in (None, event.side)]
    if attackers:
        yield breach(
            "28.522",
            f"{', '.join(attackers)} fly a {event.mission.replace('_', ' ')} mission against a redeployment in "
            f"{target}; NRs to and from mapboard boxes may only be attacked and intercepted in on-board sea hexes "
            "(28.522, 28.531)",
            "an on-board sea hex",
            target,
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
    out.extend(house_bars(pos, event.unit, (game_turn(event), event.side)))
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
