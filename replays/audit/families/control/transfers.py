"""Control by diplomacy (29.41), minor conquest (29.51, 29.53), Japan's initial conquests (29.54) and island groups
(29.71): H-07..H-10.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    HexControlChanged,
    PlayerTurnEnded,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import GROUND_TYPES, NAVAL_TYPES, SIDE_OF_FACTION
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
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.control.common import _named_hex, _previous, _units_in

CHECKS = Family("hex control")


@CHECKS.check(
    "29.41",
    "a diplomatic result gives the minor's hexes to the faction only at 8+ (Axis) or -1 or less (Allies), and not "
    "hexes another faction's units occupy",
    reads=(HexControlChanged,),
    covers=("H-07",),
)
def check_diplomatic_transfer(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause != "diplomacy":
        return ()
    previous = _previous(ctx)
    faction = controller_faction(event.controller)
    country = previous if previous is not None and not is_major(previous) else None
    if country is None:
        facts = ctx.hex(event.hex)
        country = facts.country if facts is not None else None
    if country is None or faction is None:
        return (ctx.missing_hex(event.hex, "country"),)
    found: list[Any] = []
    result = ctx.state.politics.diplomatic.get(country)
    if result is None or result[2] != game_turn(ctx.event) or result[0] != faction:
        found.append(
            c.finding(
                ctx,
                expected=f"a diplomatic result for {country} in {faction}'s favour this turn",
                recorded="none" if result is None else f"{result[0]} {result[1]}",
                message=f"{event.hex} passes to {event.controller} by diplomacy without a diplomatic result for "
                f"{country} this turn in that faction's favour (29.41)",
            )
        )
    elif not diplomatic_control(faction, result[1]):
        found.append(
            c.finding(
                ctx,
                expected="8 or more (Axis), -1 or less (Western Allies, Russia)",
                recorded=result[1],
                message=f"a diplomatic result of {result[1]} does not give {faction} control of {country}'s hexes "
                "(29.41)",
            )
        )
    others = [
        u.id
        for u in _units_in(ctx.state.board, event.hex)
        if controller_faction(u.owner) not in (None, faction) and u.unit_type in GROUND_TYPES
    ]
    if others:
        found.append(
            c.finding(
                ctx,
                expected="not a hex occupied by another faction",
                recorded=f"{', '.join(others)} there",
                message=f"{event.hex} is occupied by another faction's units ({', '.join(others)}): a diplomatic "
                "result does not give it (29.41)",
            )
        )
    return found


@CHECKS.check(
    "29.54",
    "Japan's initial Dutch East Indies and Philippine transfers: at the end of the first Japanese combat phase "
    "with their conditions met",
    reads=(HexControlChanged, PlayerTurnEnded),
    covers=("H-08",),
)
def check_japanese_initial_conquests(c: Check, ctx: AuditContext[HexControlChanged | PlayerTurnEnded]) -> Result:
    event = ctx.event
    politics = ctx.state.politics
    if isinstance(event, PlayerTurnEnded):
        return _philippine_survivors(c, ctx)
    if event.cause not in JAPANESE_INITIAL:
        return ()
    found: list[Any] = []
    earlier = politics.japanese_initial.get(event.cause)
    if event.controller != "japan" or event.side not in (None, "axis") or event.phase not in (None, "combat"):
        found.append(
            c.finding(
                ctx,
                expected="Japan, at the end of a Japanese combat phase",
                recorded=f"{event.controller}, {event.side or ''} {event.phase or ''}".strip(),
                message=f"{event.hex}: the initial Japanese transfers happen at the end of a Japanese combat phase "
                "(29.54)",
            )
        )
    elif earlier is not None and earlier[0] != game_turn(ctx.event):
        found.append(
            c.finding(
                ctx,
                expected="normal control rules",
                recorded=event.cause,
                message=f"{event.hex}: the initial transfer ({event.cause}) happened in an earlier turn; later "
                "conquests follow the normal rules (29.54, 83.22A)",
            )
        )
    elif event.cause == "dei_initial":
        found.extend(_dei_conditions(c, ctx))
    else:
        manila = _named_hex(ctx, "Manila")
        if manila is None:
            found.append(Missing(reason="no map data names Manila (29.54)", kind="no map data (name)"))
        elif ctx.state.board.control.get(manila) != "japan":
            found.append(
                c.finding(
                    ctx,
                    expected="Manila Japanese",
                    recorded=f"Manila held by {ctx.state.board.control.get(manila, 'nobody recorded')}",
                    message=f"{event.hex}: the Philippines pass to Japan only once Japan controls Manila (29.54)",
                )
            )
    return found


def _dei_conditions(c: Check, ctx: AuditContext[Any]) -> Result:
    statuses = ctx.state.board.statuses
    missing = [a for a in DEI_KEY_AREAS if statuses.get(a) != "conquered"]
    if missing:
        yield c.finding(
            ctx,
            expected="Java, Sumatra and South Borneo conquered",
            recorded=f"{', '.join(missing)} not conquered",
            message=f"{ctx.event.hex}: the Dutch East Indies pass to Japan only once Java, Sumatra and South Borneo "
            "are conquered (29.54, 89.23)",
        )
    allied = [
        u.id for u in _units_in(ctx.state.board, ctx.event.hex) if SIDE_OF_FACTION.get(_faction(u.owner)) == "allied"
    ]
    if allied:
        yield c.finding(
            ctx,
            expected="not a hex with Allied units",
            recorded=", ".join(allied),
            message=f"{ctx.event.hex} holds Allied units: the initial Dutch East Indies transfer leaves such hexes "
            "out (29.54)",
        )


def _faction(power: str) -> Any:
    return controller_faction(power)


def _philippine_survivors(c: Check, ctx: AuditContext[Any]) -> Result:
    found = ctx.state.politics.japanese_initial.get("philippines_initial")
    if found is None or found[0] != game_turn(ctx.event) or ctx.event.side not in (None, "axis"):
        return ()
    hexes = set(found[1])
    left = [
        u.id
        for u in ctx.state.board.units.values()
        if u.location in hexes
        and controller_side(u.owner) == "allied"
        and (u.unit_type in GROUND_TYPES or (u.owner == "usa" and u.unit_type in NAVAL_TYPES))
    ]
    if not left:
        return ()
    return (
        c.finding(
            ctx,
            expected="Allied ground units eliminated, U.S. naval units displaced",
            recorded=f"{', '.join(left)} still there",
            message="when the Philippines pass to Japan, surviving Allied ground units there surrender and U.S. "
            f"naval units are displaced (29.54): {', '.join(left)} remain",
        ),
    )


@CHECKS.check(
    "29.51",
    "a minor country's hexes pass by conquest to its conqueror at the end of the conquering power's player turn; "
    "a colony's hexes never pass by conquest",
    reads=(HexControlChanged,),
    covers=("H-09",),
)
def check_minor_conquest(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause != "conquest":
        return ()
    previous = _previous(ctx)
    faction = controller_faction(event.controller)
    if event.phase is not None and event.phase not in CONQUEST_PHASES:
        return (
            c.finding(
                ctx,
                expected="the end of the player turn",
                recorded=event.phase,
                message=f"{event.hex}: a conquered minor's hexes pass at the end of the conquering power's player "
                "turn (29.51, 83.22)",
            ),
        )
    if previous is not None and is_major(previous):
        return (
            c.finding(
                ctx,
                expected="a minor country's hex",
                recorded=f"held by {previous}",
                message=f"{event.hex} is held by {previous}: colonies count as conquered before the game, so taking "
                "a colonial capital does not pass the colony's hexes (29.53); only a minor's hexes pass by conquest",
            ),
        )
    if previous is None:
        return (Missing(reason=f"{event.hex}: which minor country held it is not recorded"),)
    board = ctx.state.board
    aligned = ctx.state.politics.alignment.get(previous)
    if board.statuses.get(previous) != "conquered" or aligned != faction:
        return (
            c.finding(
                ctx,
                expected=f"{previous} conquered by {faction}",
                recorded=f"{previous} {board.statuses.get(previous, 'not conquered')}"
                + (f" ({aligned})" if aligned else ""),
                message=f"{event.hex} passes by conquest to {event.controller}, but {previous} has not been "
                "conquered by that faction (29.51)",
            ),
        )
    if event.side is not None and controller_side(event.controller) != event.side:
        return (
            c.finding(
                ctx,
                expected="the conqueror's player turn",
                recorded=f"the {event.side} player turn",
                message=f"{event.hex}: a minor passes at the end of the conquering power's own player turn (29.51)",
            ),
        )
    return ()


@CHECKS.check(
    "29.71",
    "island groups change hands only at the end of the moving side's post-combat supply determination, and only "
    "unoccupied islands",
    reads=(HexControlChanged,),
    partly={
        "H-10": "29.71A-C need the islands' occupancy at the end of the previous player turn and during the opposing "
        "one, and the opponent's sea supply to the group, which the projections do not keep; the timing and the "
        "islands being unoccupied are checked"
    },
)
def check_island_groups(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause != "island_group":
        return ()
    faction = controller_faction(event.controller)
    if faction is None:
        return ()
    found: list[Any] = []
    if event.phase not in (None, ISOLATION_PHASE) or (faction, "post_combat") not in ctx.state.land.determinations:
        found.append(
            c.finding(
                ctx,
                expected="after the post-combat supply determination",
                recorded=event.phase or "before it",
                message=f"{event.hex}: island groups change hands at the end of the moving side's post-combat supply "
                "determination segment (29.71)",
            )
        )
    side = SIDE_OF_FACTION[faction]
    occupied = [u.id for u in _units_in(ctx.state.board, event.hex) if controller_side(u.owner) not in (None, side)]
    if occupied:
        found.append(
            c.finding(
                ctx,
                expected="an unoccupied island",
                recorded=", ".join(occupied),
                message=f"{event.hex}: only unoccupied enemy islands pass with their group (29.71)",
            )
        )
    return found
