"""What supply reads of the board and the map data: hex ids, where a result's subject stands, the hex the map data
names so, fortified hexes, enemy armor and the ZoCs it casts, and whose side the holder of a hex is on."""

from __future__ import annotations

import functools

from awaw_events.vocab import SIDE_OF_FACTION
from projections.board import Unit
from projections.position.core import Position
from projections.rules.control import controller_side
from projections.rules.mapdata import MapData
from projections.rules.zoc import exerts, extends


def _is_hex(text: str | None) -> bool:
    return text is not None and text[:4] in ("EUR:", "PAC:")


def _where(pos: Position, subject: str) -> str | None:
    """The hex of a result's subject: the hex itself, or the unit's location."""
    if _is_hex(subject):
        return subject
    unit = pos.state.board.units.get(subject)
    return unit.location if unit is not None and _is_hex(unit.location) else None


def _named_hex(pos: Position, name: str) -> str | None:
    data = pos.map
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


def _fortified(pos: Position, hex_: str) -> bool:
    """A fortress or fortification in the hex: placed or built (board), or printed on the map (30.542A)."""
    fort = pos.state.board.fortifications.get(hex_)
    if fort is not None and fort.kind not in ("port", "beach_defense", "island_group"):
        return True
    facts = pos.hex(hex_)
    return facts is not None and facts.fortification is not None


def _enemy_armor(pos: Position, side: str) -> dict[str, list[Unit]]:
    found: dict[str, list[Unit]] = {}
    for unit in pos.state.board.units.values():
        if exerts(unit.unit_type, unit.supply) and controller_side(unit.owner) not in (None, side):
            found.setdefault(unit.location, []).append(unit)
    return found


def _enemy_zoc(pos: Position, hex_: str, side: str, armor: dict[str, list[Unit]] | None = None) -> bool | None:
    """Whether an enemy armor ZoC covers ``hex_`` (None: the map data lacks a fact it needs)."""
    armor = _enemy_armor(pos, side) if armor is None else armor
    fortified = (
        hex_ in pos.state.board.fortifications and controller_side(pos.state.board.fortifications[hex_].owner) == side
    )
    unknown = False
    for near in pos.grid.neighbours(hex_):
        for unit in armor.get(near, ()):
            covered = extends(
                near, hex_, map_data=pos.map, enemy_fortified=fortified, neutral=False, japanese=unit.owner == "japan"
            )
            if covered:
                return True
            unknown = unknown or covered is None
    return None if unknown else False


def _holder_side(pos: Position, holder: str) -> str | None:
    """The side of a hex's controller: a major power's, or that of the faction a minor is aligned with."""
    side = controller_side(holder)
    if side is not None:
        return side
    aligned = pos.state.politics.alignment.get(holder)
    return SIDE_OF_FACTION[aligned] if aligned is not None else None  # type: ignore[index]
