"""Land supply lines (30.31-30.329): S-20..S-23."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    SupplyDetermined,
)
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import SIDE_OF_FACTION, Faction
from projections.board import Unit
from projections.rules.control import controller_side
from projections.rules.supply import NEW_GUINEA, NEW_GUINEA_PORTS, supplied
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.supply.common import (
    LAND_LINES_MISSING,
    _enemy_armor,
    _enemy_zoc,
    _is_hex,
    _where,
)

CHECKS = Family("supply")


# ---------------------------------------------------------------------------------------------------------------------
# Land supply lines (30.31-30.329)


@CHECKS.check(
    "30.321",
    "a land supply line is a chain of adjacent controlled land hexes, free of enemy ZoCs and enemy partisans, from "
    "the source to the subject (New Guinea, the Burma Road and Persia as 30.325-30.327 say)",
    reads=(SupplyDetermined,),
    covers=("S-20", "S-21", "S-22", "S-23"),
)
def check_land_supply_lines(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    traced = [r for r in event.results if r.path and supplied(r.status)]
    if not traced:
        return (LAND_LINES_MISSING,) if any(supplied(r.status) and r.sea_line is None for r in event.results) else ()
    side = SIDE_OF_FACTION[event.faction]
    armor = _enemy_armor(ctx, side)
    found: list[Any] = []
    for result in traced:
        found.extend(_line(c, ctx, event.faction, side, result, armor))
    return found


def _line(
    c: Check, ctx: AuditContext[Any], faction: Faction, side: str, result: SupplyResult, armor: dict[str, list[Unit]]
) -> Result:
    path = result.path
    breaks = ctx.grid.path_breaks(path)
    if breaks:
        yield c.finding(
            ctx,
            expected="each hex next to the one before",
            recorded=f"{path[breaks[0] - 1]} to {path[breaks[0]]}",
            message=f"{result.subject}'s supply line jumps from {path[breaks[0] - 1]} to {path[breaks[0]]} (30.321)",
        )
        return
    here = _where(ctx, result.subject)
    if here is not None and path[-1] != here:
        yield c.finding(
            ctx,
            expected=f"ending in {here}",
            recorded=f"ending in {path[-1]}",
            message=f"{result.subject}'s supply line ends in {path[-1]}, not where it is ({here}) (30.321)",
        )
    if _is_hex(result.source) and path[0] != result.source:
        yield c.finding(
            ctx,
            expected=f"starting at {result.source}",
            recorded=f"starting at {path[0]}",
            message=f"{result.subject}'s supply line does not start at its source {result.source} (30.321)",
        )
    yield from _line_hexes(c, ctx, side, result)
    yield from _line_zoc(c, ctx, side, result, armor)
    yield from _special_lines(c, ctx, faction, result)


def _holder_side(ctx: AuditContext[Any], holder: str) -> str | None:
    """The side of a hex's controller: a major power's, or that of the faction a minor is aligned with."""
    side = controller_side(holder)
    if side is not None:
        return side
    aligned = ctx.state.politics.alignment.get(holder)
    return SIDE_OF_FACTION[aligned] if aligned is not None else None  # type: ignore[index]


def _line_hexes(c: Check, ctx: AuditContext[Any], side: str, result: SupplyResult) -> Result:
    board = ctx.state.board
    held = ctx.state.land.partisan_held
    partisans = {u.location: u.owner for u in board.units.values() if u.unit_type == "partisan"}
    unknown = []
    for hex_ in result.path:
        facts = ctx.hex(hex_)
        if facts is not None and facts.terrain == "sea":
            yield c.finding(
                ctx,
                expected="land hexes",
                recorded=f"{hex_} (sea)",
                message=f"{result.subject}'s land supply line crosses the sea hex {hex_} (30.321; sea supply is 30.33)",
            )
            return
        holder = board.control.get(hex_)
        holder_side = _holder_side(ctx, holder) if holder is not None else None
        if holder is None or (holder_side is None and holder not in board.statuses):
            unknown.append(hex_)
            continue
        if holder_side != side:
            yield c.finding(
                ctx,
                expected="hexes of the supplying side",
                recorded=f"{hex_} held by {holder}",
                message=f"{result.subject}'s supply line runs through {hex_}, held by {holder}: a land supply line is "
                "a line of hexes its side controls (30.321, 30.323)",
            )
            return
        owner = partisans.get(hex_)
        if owner is not None and hex_ != result.path[-1]:
            if controller_side(owner) != side:
                yield c.finding(
                    ctx,
                    expected="no enemy partisans on the line",
                    recorded=f"{owner} partisans in {hex_}",
                    message=f"{result.subject}'s supply line runs through enemy partisans in {hex_} (30.324)",
                )
            elif hex_ in held:
                yield c.finding(
                    ctx,
                    expected="only partisan hexes held before the partisans came",
                    recorded=f"{hex_} taken by the partisans",
                    message=f"{result.subject}'s supply line runs through {hex_}, which the supplying side holds only "
                    "through its partisans (30.324)",
                )
    if unknown:
        yield Missing(reason=f"who controls {unknown[0]} (on a supply line) is not recorded", kind="hex control")


def _line_zoc(
    c: Check, ctx: AuditContext[Any], side: str, result: SupplyResult, armor: dict[str, list[Unit]]
) -> Result:
    if not armor:
        return
    path = result.path
    for hex_ in path[1:-1]:
        zoc = _enemy_zoc(ctx, hex_, side, armor)
        if zoc:
            yield c.finding(
                ctx,
                expected="no enemy ZoC on the line",
                recorded=f"{hex_} in an enemy armor ZoC",
                message=f"{result.subject}'s supply line runs through {hex_}, in an enemy armor ZoC (30.321)",
            )
            return
        if zoc is None:
            yield ctx.missing_hex(hex_, "terrain (ZoC)")
            return
    if len(path) == 2:
        first = {u.id for n in ctx.grid.neighbours(path[0]) for u in armor.get(n, ())}
        second = {u.id for n in ctx.grid.neighbours(path[1]) for u in armor.get(n, ())}
        shared = sorted(first & second)
        if shared and _enemy_zoc(ctx, path[0], side, armor) and _enemy_zoc(ctx, path[1], side, armor):
            yield c.finding(
                ctx,
                expected="a line that leaves the shared ZoC",
                recorded=f"straight from {path[0]} to {path[1]}",
                message=f"{result.subject} and its source are both in the ZoC of {shared[0]}: supply may not be traced "
                "directly between them (30.322)",
            )


def _special_lines(c: Check, ctx: AuditContext[Any], faction: Faction, result: SupplyResult) -> Result:
    path = result.path
    for index, hex_ in enumerate(path):
        facts = ctx.hex(hex_)
        if facts is None or facts.area != NEW_GUINEA or facts.terrain != "jungle_mountain":
            continue
        port = facts.name in NEW_GUINEA_PORTS
        if index == len(path) - 1 and result.status == "full" and not (port and result.sea_line is not None):
            yield c.finding(
                ctx,
                expected="no full supply into New Guinea jungle/mountain",
                recorded=f"full supply to {hex_}",
                message=f"full supply may not be traced into the New Guinea jungle/mountain hex {hex_} (30.327)",
            )
        elif index < len(path) - 1 and not (port and result.status == "partial"):
            yield c.finding(
                ctx,
                expected="no supply out of New Guinea jungle/mountain",
                recorded=f"through {hex_}",
                message=f"supply may not be traced out of the New Guinea jungle/mountain hex {hex_} (30.327)",
            )
    routes = ctx.state.politics.routes
    first = ctx.hex(path[0])
    if result.source == "urals" and first is not None and first.country == "persia" and not routes.get("persia"):
        yield c.finding(
            ctx,
            expected="the Persian route open",
            recorded=f"from the Urals box through {path[0]}",
            message="Russia traces supply through the Persian edge hexes only with the Persian BRP route open "
            "(30.225B, 30.325)",
        )
    if faction == "western_allies" and result.source == "india" and result.sea_line is None:
        last = ctx.hex(path[-1])
        if last is not None and last.country in ("china", "communist_china"):
            yield from _burma_road(c, ctx, result)


def _burma_road(c: Check, ctx: AuditContext[Any], result: SupplyResult) -> Result:
    names = [(f.name if (f := ctx.hex(h)) is not None else None) for h in result.path]
    if not ctx.state.politics.routes.get("burma_road"):
        yield c.finding(
            ctx,
            expected="the Burma Road result",
            recorded="no Burma Road",
            message="the Western Allies trace land supply to China only with the Burma Road result (30.326)",
        )
    elif "Mandalay" not in names or "Kunming" not in names or names.index("Mandalay") > names.index("Kunming"):
        yield c.finding(
            ctx,
            expected="India box, Mandalay, then Kunming",
            recorded=" - ".join(result.path),
            message="Western Allied land supply to China runs from the India box to Mandalay, then to Kunming (30.326)",
        )
