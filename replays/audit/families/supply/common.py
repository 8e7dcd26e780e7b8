"""What the supply checks share: reading a result's subject and source, fortified hexes, enemy armor ZoCs."""

from __future__ import annotations

import functools
from typing import Any

from projections.board import Unit
from projections.rules.control import controller_side
from projections.rules.mapdata import MapData
from projections.rules.zoc import exerts, extends
from replays.audit.engine import AuditContext, Missing

LAND_LINES_MISSING = Missing(reason="the land supply lines are not recorded (supply_result.path)", kind="land lines")


def _is_hex(text: str | None) -> bool:
    return text is not None and text[:4] in ("EUR:", "PAC:")


def _where(ctx: AuditContext[Any], subject: str) -> str | None:
    """The hex of a result's subject: the hex itself, or the unit's location."""
    if _is_hex(subject):
        return subject
    unit = ctx.state.board.units.get(subject)
    return unit.location if unit is not None and _is_hex(unit.location) else None


def _named_hex(ctx: AuditContext[Any], name: str) -> str | None:
    data = ctx.map
    if data is None:
        return None
    return _hex_named(data, name.replace("_", " ").lower())


@functools.lru_cache(maxsize=4096)
def _hex_named(data: MapData, wanted: str) -> str | None:
    """The first hex of the map data whose name is ``wanted`` (lower case), once per map data and name: every
    supply determination asks for the same sources."""
    for facts in data.hexes:
        if facts.name is not None and facts.name.lower() == wanted:
            return facts.hex
    return None


def _fortified(ctx: AuditContext[Any], hex_: str) -> bool:
    """A fortress or fortification in the hex: placed or built (board), or printed on the map (30.542A)."""
    fort = ctx.state.board.fortifications.get(hex_)
    if fort is not None and fort.kind not in ("port", "beach_defense", "island_group"):
        return True
    facts = ctx.hex(hex_)
    return facts is not None and facts.fortification is not None


def _enemy_armor(ctx: AuditContext[Any], side: str) -> dict[str, list[Unit]]:
    found: dict[str, list[Unit]] = {}
    for unit in ctx.state.board.units.values():
        if exerts(unit.unit_type, unit.supply) and controller_side(unit.owner) not in (None, side):
            found.setdefault(unit.location, []).append(unit)
    return found


def _enemy_zoc(ctx: AuditContext[Any], hex_: str, side: str, armor: dict[str, list[Unit]] | None = None) -> bool | None:
    """Whether an enemy armor ZoC covers ``hex_`` (None: the map data lacks a fact it needs)."""
    armor = _enemy_armor(ctx, side) if armor is None else armor
    fortified = (
        hex_ in ctx.state.board.fortifications and controller_side(ctx.state.board.fortifications[hex_].owner) == side
    )
    unknown = False
    for near in ctx.grid.neighbours(hex_):
        for unit in armor.get(near, ()):
            covered = extends(
                near, hex_, map_data=ctx.map, enemy_fortified=fortified, neutral=False, japanese=unit.owner == "japan"
            )
            if covered:
                return True
            unknown = unknown or covered is None
    return None if unknown else False
