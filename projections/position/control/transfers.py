"""Control by isolation (29.31, 29.32), diplomacy (29.41), minor conquest (29.51, 29.53), Japan's initial conquests
(29.54) and island groups (29.71): H-05..H-10.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AirMissionFlown,
    HexControlChanged,
    PlayerTurnEnded,
    SupplyDetermined,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import GROUND_TYPES, NAVAL_TYPES, SIDE_OF_FACTION, Faction
from projections import land
from projections.position.control import _minor_faction, _named_hex, _previous, _units_in
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.supply.trace import trace_supply
from projections.rules.control import (
    CONQUEST_PHASES,
    DEI_KEY_AREAS,
    ISOLATION_PHASE,
    JAPANESE_INITIAL,
    controller_faction,
    controller_side,
    diplomatic_control,
    is_major,
)
from projections.rules.supply import supplied


def isolation_transfer(pos: Position, event: HexControlChanged) -> Verdict:
    """29.31: pockets change hands by isolation only at the end of the moving side's post-combat supply
    determination, and only when 29.31 A, B and C hold"""
    if event.cause != "isolation":
        return ()
    faction = controller_faction(event.controller)
    previous = _previous(pos, event)
    if faction is None:
        return (Unknown(reason=f"{event.hex} changes by isolation to {event.controller}, not a major power"),)
    side = SIDE_OF_FACTION[faction]
    found: list[Any] = list(_isolation_timing(pos, event, faction, side, previous))
    if found:
        return found
    found.extend(_isolation_a(pos, event, side, previous))
    found.extend(_isolation_b(pos, event, side))
    found.extend(_isolation_c(pos, event, faction, side))
    return found


def _isolation_timing(
    pos: Position, event: HexControlChanged, faction: Faction, side: str, previous: str | None
) -> Verdict:
    facts = pos.state.land
    if event.side is not None and event.side != side:
        yield breach(
            "29.31",
            f"{event.hex}: only the moving side gains hexes by isolation (29.31)",
            f"the {side} player turn",
            f"the {event.side} player turn",
        )
    elif (event.phase is not None and event.phase != ISOLATION_PHASE) or (
        (faction, "post_combat") not in facts.determinations
    ):
        yield breach(
            "29.31",
            f"{event.hex}: isolated hexes change hands at the end of the moving side's post-combat supply "
            "determination segment (29.31)",
            "after the post-combat supply determination",
            event.phase or "before it",
        )
    elif previous is not None and not is_major(previous):
        declared = pos.state.board.wars
        now = f"{event.season} {event.year}"
        if any(turn == now and previous in key.split("|") for key, turn in declared.items()):
            yield breach(
                "29.31",
                f"{event.hex}: {previous} was first attacked this turn and counts as supplied (30.48), so "
                "29.31 does not apply to its hexes (29.31)",
                f"{previous} keeps it",
                event.controller,
            )


def _isolation_a(pos: Position, event: HexControlChanged, side: str, previous: str | None) -> Verdict:
    """A: the hex got no full or limited supply in the opponent's previous player turn."""
    enemy = _minor_faction(pos, previous)
    if enemy is None:
        yield Unknown(reason=f"{event.hex}: whom the hex belonged to is not known (its supply in the opponent's turn)")
        return
    turn = game_turn(event)
    wanted = (turn - 1, "allied") if side == "axis" else (turn, "axis")
    record = pos.state.land.faction_supply.get(enemy)
    status = record.statuses.get(event.hex) if record is not None and record.player_turn == wanted else None
    if status is None:
        yield Unknown(
            reason=f"{event.hex}: its supply in {enemy}'s previous player turn is not recorded (a hex result of "
            "supply_determined)",
            kind="hex supply in the opponent's turn",
        )
    elif supplied(status):
        yield breach(
            "29.31",
            f"{event.hex} had {status} supply in {enemy}'s previous player turn: it does not evaporate (29.31A)",
            "no supply in the opponent's previous player turn",
            status,
        )


def _isolation_b(pos: Position, event: HexControlChanged, side: str) -> Verdict:
    """B: no enemy unit or counter in or next to the hex when the moving player's turn began."""
    enemy_side = "allied" if side == "axis" else "axis"
    near = (event.hex, *pos.grid.neighbours(event.hex))
    there = pos.state.land.presence.get(enemy_side, frozenset())
    close = [h for h in near if h in there]
    if close:
        yield breach(
            "29.31",
            f"{event.hex}: the {enemy_side} side had a unit or counter in {', '.join(close)} when the player "
            "turn began, so the hex does not evaporate (29.31B)",
            "no enemy unit or counter in or next to the hex",
            f"{enemy_side} in {', '.join(close)}",
        )
        return
    unknown = []
    for h in near:
        facts = pos.hex(h)
        if facts is None or facts.industrial_centre is None:
            unknown.append(h)
        elif facts.industrial_centre:
            yield breach(
                "29.31",
                f"{event.hex}: an IC in {h} keeps the pocket from evaporating (29.31B)",
                "no IC in or next to the hex",
                f"an IC in {h}",
            )
            return
    if unknown:
        yield pos.missing_hex(unknown[0], "industrial_centre")


def _isolation_c(pos: Position, event: HexControlChanged, faction: Faction, side: str) -> Verdict:
    """C: next to a supplied hex the moving player controls (the last determination's, else traced on the map: the
    moving side's supply at the end of its post-combat determination is the board's, :mod:`..supply.trace`)."""
    board = pos.state.board
    ours = [h for h in pos.grid.neighbours(event.hex) if controller_side(board.control.get(h)) == side]
    if not ours:
        yield breach(
            "29.31",
            f"{event.hex} is next to no hex the {side} side controls (29.31C)",
            f"next to a supplied {side} hex",
            "no neighbour of the moving side",
        )
        return
    record = pos.state.land.faction_supply.get(faction)
    statuses = record.statuses if record is not None and record.player_turn == pos.state.land.player_turn else {}
    if any(supplied(statuses.get(h)) for h in ours):
        return
    ours_set = set(ours)
    if any(
        u.location in ours_set and supplied(u.supply) and controller_side(u.owner) == side for u in board.units.values()
    ):
        return
    traced = [trace_supply(pos, h, faction) for h in ours]
    if any(t.answer is not None and supplied(t.answer.status) for t in traced):
        return
    if all(t.answer is not None for t in traced):
        yield breach(
            "29.31",
            f"{event.hex} is next to no supplied {side} hex: traced on the map, "
            + ", ".join(f"{h} is {t.answer.describe()}" for h, t in zip(ours, traced, strict=True) if t.answer)
            + " (29.31C)",
            f"next to a supplied {side} hex",
            "no supplied neighbour of the moving side",
        )
        return
    yield Unknown(
        reason=f"{event.hex}: the supply of the neighbouring {side} hexes ({', '.join(ours)}) is not recorded",
        kind="hex supply of the moving side",
    )


def isolation_gains_unused(pos: Position, event: SupplyDetermined | AirMissionFlown) -> Verdict:
    """29.32: hexes gained by isolation carry no supply line and no air or naval unit until the next turn"""
    gained = pos.state.land.isolation_gained
    if not gained or not land.same_player_turn(pos.state.land, event):
        return ()
    found: list[Any] = []
    if isinstance(event, AirMissionFlown):
        units = pos.state.board.units
        for unit_id in event.units:
            unit = units.get(unit_id)
            if unit is not None and unit.location in gained:
                found.append(
                    breach(
                        "29.32",
                        f"{unit_id} flies from {unit.location}, gained by isolation this player turn: such "
                        "hexes serve no air or naval unit until the next turn (29.32)",
                        "not from a hex gained by isolation this turn",
                        f"{unit_id} in {unit.location}",
                    )
                )
        return found
    traced = False
    for result in event.results:
        if not result.path:
            continue
        traced = True
        through = [h for h in result.path[:-1] if h in gained]
        if through:
            found.append(
                breach(
                    "29.32",
                    f"{result.subject}'s supply line runs through {', '.join(through)}, gained by isolation "
                    "this player turn: supply is not traced through them until the next turn (29.32)",
                    "no supply through hexes gained by isolation this turn",
                    f"through {', '.join(through)}",
                )
            )
    if not traced:
        found.append(
            Unknown(reason="the land supply lines are not recorded (supply_result.path)", kind="land supply lines")
        )
    return found


def diplomatic_transfer(pos: Position, event: HexControlChanged) -> Verdict:
    """29.41: a diplomatic result gives the minor's hexes to the faction only at 8+ (Axis) or -1 or less (Allies),
    and not hexes another faction's units occupy"""
    if event.cause != "diplomacy":
        return ()
    previous = _previous(pos, event)
    faction = controller_faction(event.controller)
    country = previous if previous is not None and not is_major(previous) else None
    if country is None:
        facts = pos.hex(event.hex)
        country = facts.country if facts is not None else None
    if country is None or faction is None:
        return (pos.missing_hex(event.hex, "country"),)
    found: list[Any] = []
    result = pos.state.politics.diplomatic.get(country)
    if result is None or result[2] != game_turn(event) or result[0] != faction:
        found.append(
            breach(
                "29.41",
                f"{event.hex} passes to {event.controller} by diplomacy without a diplomatic result for "
                f"{country} this turn in that faction's favour (29.41)",
                f"a diplomatic result for {country} in {faction}'s favour this turn",
                "none" if result is None else f"{result[0]} {result[1]}",
            )
        )
    elif not diplomatic_control(faction, result[1]):
        found.append(
            breach(
                "29.41",
                f"a diplomatic result of {result[1]} does not give {faction} control of {country}'s hexes (29.41)",
                "8 or more (Axis), -1 or less (Western Allies, Russia)",
                result[1],
            )
        )
    # "hexes occupied by units belonging to another alliance faction" (29.41): any unit, ground, air or naval
    others = [u.id for u in _units_in(pos.state.board, event.hex) if controller_faction(u.owner) not in (None, faction)]
    if others:
        found.append(
            breach(
                "29.41",
                f"{event.hex} is occupied by another faction's units ({', '.join(others)}): a diplomatic "
                "result does not give it (29.41)",
                "not a hex occupied by another faction",
                f"{', '.join(others)} there",
            )
        )
    return found


def japanese_initial_conquests(pos: Position, event: HexControlChanged | PlayerTurnEnded) -> Verdict:
    """29.54: Japan's initial Dutch East Indies and Philippine transfers: at the end of the first Japanese combat
    phase with their conditions met"""
    politics = pos.state.politics
    if isinstance(event, PlayerTurnEnded):
        return _philippine_survivors(pos, event)
    if event.cause not in JAPANESE_INITIAL:
        return ()
    found: list[Any] = []
    earlier = politics.japanese_initial.get(event.cause)
    if event.controller != "japan" or event.side not in (None, "axis") or event.phase not in (None, "combat"):
        found.append(
            breach(
                "29.54",
                f"{event.hex}: the initial Japanese transfers happen at the end of a Japanese combat phase (29.54)",
                "Japan, at the end of a Japanese combat phase",
                f"{event.controller}, {event.side or ''} {event.phase or ''}".strip(),
            )
        )
    elif earlier is not None and earlier[0] != game_turn(event):
        found.append(
            breach(
                "29.54",
                f"{event.hex}: the initial transfer ({event.cause}) happened in an earlier turn; later "
                "conquests follow the normal rules (29.54, 83.22A)",
                "normal control rules",
                event.cause,
            )
        )
    elif event.cause == "dei_initial":
        found.extend(_dei_conditions(pos, event))
    else:
        manila = _named_hex(pos, "Manila")
        if manila is None:
            found.append(Unknown(reason="no map data names Manila (29.54)", kind="no map data (name)"))
        elif pos.state.board.control.get(manila) != "japan":
            found.append(
                breach(
                    "29.54",
                    f"{event.hex}: the Philippines pass to Japan only once Japan controls Manila (29.54)",
                    "Manila Japanese",
                    f"Manila held by {pos.state.board.control.get(manila, 'nobody recorded')}",
                )
            )
    return found


def _dei_conditions(pos: Position, event: Any) -> Verdict:
    statuses = pos.state.board.statuses
    missing = [a for a in DEI_KEY_AREAS if statuses.get(a) != "conquered"]
    if missing:
        yield breach(
            "29.54",
            f"{event.hex}: the Dutch East Indies pass to Japan only once Java, Sumatra and South Borneo "
            "are conquered (29.54, 89.23)",
            "Java, Sumatra and South Borneo conquered",
            f"{', '.join(missing)} not conquered",
        )
    allied = [u.id for u in _units_in(pos.state.board, event.hex) if SIDE_OF_FACTION.get(_faction(u.owner)) == "allied"]
    if allied:
        yield breach(
            "29.54",
            f"{event.hex} holds Allied units: the initial Dutch East Indies transfer leaves such hexes out (29.54)",
            "not a hex with Allied units",
            ", ".join(allied),
        )


def _faction(power: str) -> Any:
    return controller_faction(power)


def _philippine_survivors(pos: Position, event: Any) -> Verdict:
    found = pos.state.politics.japanese_initial.get("philippines_initial")
    if found is None or found[0] != game_turn(event) or event.side not in (None, "axis"):
        return ()
    hexes = set(found[1])
    left = [
        u.id
        for u in pos.state.board.units.values()
        if u.location in hexes
        and controller_side(u.owner) == "allied"
        and (u.unit_type in GROUND_TYPES or (u.owner == "usa" and u.unit_type in NAVAL_TYPES))
    ]
    if not left:
        return ()
    return (
        breach(
            "29.54",
            "when the Philippines pass to Japan, surviving Allied ground units there surrender and U.S. "
            f"naval units are displaced (29.54): {', '.join(left)} remain",
            "Allied ground units eliminated, U.S. naval units displaced",
            f"{', '.join(left)} still there",
        ),
    )


def minor_conquest(pos: Position, event: HexControlChanged) -> Verdict:
    """29.51: a minor country's hexes pass by conquest to its conqueror at the end of the conquering power's player
    turn; a colony's hexes never pass by conquest"""
    if event.cause != "conquest":
        return ()
    previous = _previous(pos, event)
    faction = controller_faction(event.controller)
    if event.phase is not None and event.phase not in CONQUEST_PHASES:
        return (
            breach(
                "29.51",
                f"{event.hex}: a conquered minor's hexes pass at the end of the conquering power's player "
                "turn (29.51, 83.22)",
                "the end of the player turn",
                event.phase,
            ),
        )
    if previous is not None and is_major(previous):
        return (
            breach(
                "29.51",
                f"{event.hex} is held by {previous}: colonies count as conquered before the game, so taking "
                "a colonial capital does not pass the colony's hexes (29.53); only a minor's hexes pass by conquest",
                "a minor country's hex",
                f"held by {previous}",
            ),
        )
    if previous is None:
        return (Unknown(reason=f"{event.hex}: which minor country held it is not recorded"),)
    board = pos.state.board
    aligned = pos.state.politics.alignment.get(previous)
    if board.statuses.get(previous) != "conquered" or aligned != faction:
        return (
            breach(
                "29.51",
                f"{event.hex} passes by conquest to {event.controller}, but {previous} has not been "
                "conquered by that faction (29.51)",
                f"{previous} conquered by {faction}",
                f"{previous} {board.statuses.get(previous, 'not conquered')}" + (f" ({aligned})" if aligned else ""),
            ),
        )
    if event.side is not None and controller_side(event.controller) != event.side:
        return (
            breach(
                "29.51",
                f"{event.hex}: a minor passes at the end of the conquering power's own player turn (29.51)",
                "the conqueror's player turn",
                f"the {event.side} player turn",
            ),
        )
    return ()


def island_groups(pos: Position, event: HexControlChanged) -> Verdict:
    """29.71: island groups change hands only at the end of the moving side's post-combat supply determination, and
    only unoccupied islands"""
    if event.cause != "island_group":
        return
    faction = controller_faction(event.controller)
    if faction is None:
        return
    if event.phase not in (None, ISOLATION_PHASE) or (faction, "post_combat") not in pos.state.land.determinations:
        yield breach(
            "29.71",
            f"{event.hex}: island groups change hands at the end of the moving side's post-combat supply "
            "determination segment (29.71)",
            "after the post-combat supply determination",
            event.phase or "before it",
        )
    side = SIDE_OF_FACTION[faction]
    occupied = [u.id for u in _units_in(pos.state.board, event.hex) if controller_side(u.owner) not in (None, side)]
    if occupied:
        yield breach(
            "29.71",
            f"{event.hex}: only unoccupied enemy islands pass with their group (29.71)",
            "an unoccupied island",
            ", ".join(occupied),
        )
