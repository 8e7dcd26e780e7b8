"""What several families of checks share: reading rolls, naming things in messages, enemy ZoCs at a hex."""

from __future__ import annotations

from typing import Any

from awaw_events.events import DiceRolled
from awaw_events.vocab import FACTION_OF_POWER
from projections import dice
from projections.board import at_war
from projections.rules.control import controller_faction, controller_side
from projections.rules.dice import DIE_FACES
from projections.rules.weather import winter_table
from projections.rules.zoc import exerts, extends
from projections.weather import preparation
from replays.audit.engine import AuditContext


def rolled(ctx: AuditContext[Any], number: int | None) -> DiceRolled | None:
    """The ``dice_rolled`` event of roll ``number``, if the dice record holds it (the dice family reports a roll that
    was never made)."""
    if number is None:
        return None
    found = dice.roll(ctx.state.dice, number)
    return found.event if found is not None else None


def die_face(ctx: AuditContext[Any], number: int | None) -> int | None:
    """The face of the single die of roll ``number`` (None when unknown or not a face of a six-sided die)."""
    found = rolled(ctx, number)
    if found is None or not found.dice:
        return None
    face = found.dice[0]
    return face if 1 <= face <= DIE_FACES else None


def enemy_zoc_at(ctx: AuditContext[Any], hex_: str, owner: str) -> bool | None:
    """Whether the armor ZoC of a power at war with ``owner``'s alliance faction covers ``hex_`` (10.34-10.342, by
    :mod:`projections.rules.zoc`; 27.44: no ZoC of a future enemy, one not yet at war); None when the map data lacks a
    fact it needs. Scans the board once (for events that happen a few times a turn: builds, railheads)."""
    board = ctx.state.board
    own = controller_faction(owner)
    side = controller_side(owner)
    allies = [p for p, f in FACTION_OF_POWER.items() if f == own]
    neighbours = set(ctx.grid.neighbours(hex_))
    fort = board.fortifications.get(hex_)
    fortified = fort is not None and controller_side(fort.owner) == side
    unknown = False
    for unit in board.units.values():
        if unit.location not in neighbours or not exerts(unit.unit_type, unit.supply):
            continue
        if controller_side(unit.owner) in (None, side) or not any(at_war(board, p, unit.owner) for p in allies):
            continue
        covered = extends(
            unit.location,
            hex_,
            map_data=ctx.map,
            enemy_fortified=fortified,
            neutral=False,
            japanese=unit.owner == "japan",
        )
        if covered:
            return True
        unknown = unknown or covered is None
    return None if unknown else False


def winter_preparation(ctx: AuditContext[Any], faction: str) -> int:
    """A faction's winter preparation level: as last recorded, else its starting level under the game's Winter
    Table (34.41; A3R App. K; Japan starts at 2), else 0 for a game without one (standard A3R weather)."""
    meta = ctx.state.meta
    table = winter_table(meta.rules, meta.options)
    if table is None:
        return ctx.state.weather.winter_preparation.get(faction, 0)
    return preparation(ctx.state.weather, faction, table)
