"""Control by isolation (29.31, 29.32): H-05, H-06."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AirMissionFlown,
    HexControlChanged,
    SupplyDetermined,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import SIDE_OF_FACTION, Faction
from projections import land
from projections.rules.control import (
    ISOLATION_PHASE,
    controller_faction,
    controller_side,
    is_major,
)
from projections.rules.supply import supplied
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.control.common import _minor_faction, _previous

CHECKS = Family("hex control")


@CHECKS.check(
    "29.31",
    "pockets change hands by isolation only at the end of the moving side's post-combat supply determination, "
    "and only when 29.31 A, B and C hold",
    reads=(HexControlChanged,),
    covers=("H-05",),
)
def check_isolation_transfer(c: Check, ctx: AuditContext[HexControlChanged]) -> Result:
    event = ctx.event
    if event.cause != "isolation":
        return ()
    faction = controller_faction(event.controller)
    previous = _previous(ctx)
    if faction is None:
        return (Missing(reason=f"{event.hex} changes by isolation to {event.controller}, not a major power"),)
    side = SIDE_OF_FACTION[faction]
    found: list[Any] = list(_isolation_timing(c, ctx, faction, side, previous))
    if found:
        return found
    found.extend(_isolation_a(c, ctx, side, previous))
    found.extend(_isolation_b(c, ctx, side))
    found.extend(_isolation_c(c, ctx, faction, side))
    return found


def _isolation_timing(
    c: Check, ctx: AuditContext[HexControlChanged], faction: Faction, side: str, previous: str | None
) -> Result:
    event = ctx.event
    facts = ctx.state.land
    if event.side is not None and event.side != side:
        yield c.finding(
            ctx,
            expected=f"the {side} player turn",
            recorded=f"the {event.side} player turn",
            message=f"{event.hex}: only the moving side gains hexes by isolation (29.31)",
        )
    elif (event.phase is not None and event.phase != ISOLATION_PHASE) or (
        (faction, "post_combat") not in facts.determinations
    ):
        yield c.finding(
            ctx,
            expected="after the post-combat supply determination",
            recorded=event.phase or "before it",
            message=f"{event.hex}: isolated hexes change hands at the end of the moving side's post-combat supply "
            "determination segment (29.31)",
        )
    elif previous is not None and not is_major(previous):
        declared = ctx.state.board.wars
        now = f"{event.season} {event.year}"
        if any(turn == now and previous in key.split("|") for key, turn in declared.items()):
            yield c.finding(
                ctx,
                expected=f"{previous} keeps it",
                recorded=event.controller,
                message=f"{event.hex}: {previous} was first attacked this turn and counts as supplied (30.48), so "
                "29.31 does not apply to its hexes (29.31)",
            )


def _isolation_a(c: Check, ctx: AuditContext[HexControlChanged], side: str, previous: str | None) -> Result:
    """A: the hex got no full or limited supply in the opponent's previous player turn."""
    event = ctx.event
    enemy = _minor_faction(ctx, previous)
    if enemy is None:
        yield Missing(reason=f"{event.hex}: whom the hex belonged to is not known (its supply in the opponent's turn)")
        return
    turn = game_turn(ctx.event)
    wanted = (turn - 1, "allied") if side == "axis" else (turn, "axis")
    record = ctx.state.land.faction_supply.get(enemy)
    status = record.statuses.get(event.hex) if record is not None and record.player_turn == wanted else None
    if status is None:
        yield Missing(
            reason=f"{event.hex}: its supply in {enemy}'s previous player turn is not recorded (a hex result of "
            "supply_determined)",
            kind="hex supply in the opponent's turn",
        )
    elif supplied(status):
        yield c.finding(
            ctx,
            expected="no supply in the opponent's previous player turn",
            recorded=status,
            message=f"{event.hex} had {status} supply in {enemy}'s previous player turn: it does not evaporate "
            "(29.31A)",
        )


def _isolation_b(c: Check, ctx: AuditContext[HexControlChanged], side: str) -> Result:
    """B: no enemy unit or counter in or next to the hex when the moving player's turn began."""
    event = ctx.event
    enemy_side = "allied" if side == "axis" else "axis"
    near = (event.hex, *ctx.grid.neighbours(event.hex))
    there = ctx.state.land.presence.get(enemy_side, frozenset())
    close = [h for h in near if h in there]
    if close:
        yield c.finding(
            ctx,
            expected="no enemy unit or counter in or next to the hex",
            recorded=f"{enemy_side} in {', '.join(close)}",
            message=f"{event.hex}: the {enemy_side} side had a unit or counter in {', '.join(close)} when the player "
            "turn began, so the hex does not evaporate (29.31B)",
        )
        return
    unknown = []
    for h in near:
        facts = ctx.hex(h)
        if facts is None or facts.industrial_centre is None:
            unknown.append(h)
        elif facts.industrial_centre:
            yield c.finding(
                ctx,
                expected="no IC in or next to the hex",
                recorded=f"an IC in {h}",
                message=f"{event.hex}: an IC in {h} keeps the pocket from evaporating (29.31B)",
            )
            return
    if unknown:
        yield ctx.missing_hex(unknown[0], "industrial_centre")


def _isolation_c(c: Check, ctx: AuditContext[HexControlChanged], faction: Faction, side: str) -> Result:
    """C: next to a supplied hex the moving player controls."""
    event = ctx.event
    board = ctx.state.board
    ours = [h for h in ctx.grid.neighbours(event.hex) if controller_side(board.control.get(h)) == side]
    if not ours:
        yield c.finding(
            ctx,
            expected=f"next to a supplied {side} hex",
            recorded="no neighbour of the moving side",
            message=f"{event.hex} is next to no hex the {side} side controls (29.31C)",
        )
        return
    record = ctx.state.land.faction_supply.get(faction)
    statuses = record.statuses if record is not None and record.player_turn == ctx.state.land.player_turn else {}
    if any(supplied(statuses.get(h)) for h in ours):
        return
    ours_set = set(ours)
    if any(
        u.location in ours_set and supplied(u.supply) and controller_side(u.owner) == side for u in board.units.values()
    ):
        return
    yield Missing(
        reason=f"{event.hex}: the supply of the neighbouring {side} hexes ({', '.join(ours)}) is not recorded",
        kind="hex supply of the moving side",
    )


@CHECKS.check(
    "29.32",
    "hexes gained by isolation carry no supply line and no air or naval unit until the next turn",
    reads=(SupplyDetermined, AirMissionFlown),
    covers=("H-06",),
)
def check_isolation_gains_unused(c: Check, ctx: AuditContext[SupplyDetermined | AirMissionFlown]) -> Result:
    gained = ctx.state.land.isolation_gained
    if not gained or not land.same_player_turn(ctx.state.land, ctx.event):
        return ()
    event = ctx.event
    found: list[Any] = []
    if isinstance(event, AirMissionFlown):
        units = ctx.state.board.units
        for unit_id in event.units:
            unit = units.get(unit_id)
            if unit is not None and unit.location in gained:
                found.append(
                    c.finding(
                        ctx,
                        expected="not from a hex gained by isolation this turn",
                        recorded=f"{unit_id} in {unit.location}",
                        message=f"{unit_id} flies from {unit.location}, gained by isolation this player turn: such "
                        "hexes serve no air or naval unit until the next turn (29.32)",
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
                c.finding(
                    ctx,
                    expected="no supply through hexes gained by isolation this turn",
                    recorded=f"through {', '.join(through)}",
                    message=f"{result.subject}'s supply line runs through {', '.join(through)}, gained by isolation "
                    "this player turn: supply is not traced through them until the next turn (29.32)",
                )
            )
    if not traced:
        found.append(
            Missing(reason="the land supply lines are not recorded (supply_result.path)", kind="land supply lines")
        )
    return found
