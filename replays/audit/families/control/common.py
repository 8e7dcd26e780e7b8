"""What the hex control checks share: who held a hex, the units in it, the hex the map data names."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    HexControlChanged,
)
from awaw_events.vocab import Faction
from projections.board import BoardState, units_in
from projections.rules.control import (
    controller_faction,
)
from replays.audit.engine import AuditContext

SEA = "sea"


def _previous(ctx: AuditContext[HexControlChanged]) -> str | None:
    return ctx.state.board.control.get(ctx.event.hex)


def _units_in(board: BoardState, hex_: str) -> list[Any]:
    """The units in a hex, in the board's order, read from the board's index (no pass over every unit but where
    several stand and their order is needed)."""
    ids = units_in(board, hex_)
    if len(ids) < 2:
        return [board.units[i] for i in ids]
    return [u for u in board.units.values() if u.id in ids]


def _named_hex(ctx: AuditContext[Any], name: str) -> str | None:
    """The hex the map data names ``name`` (None when the map data does not name it)."""
    data = ctx.map
    if data is None:
        return None
    for facts in data.hexes:
        if facts.name == name:
            return facts.hex
    return None


def _minor_faction(ctx: AuditContext[Any], controller: str | None) -> Faction | None:
    """The faction of a controller: a major power's, or the faction a minor country is aligned with."""
    faction = controller_faction(controller)
    if faction is not None or controller is None:
        return faction
    found = ctx.state.politics.alignment.get(controller)
    return found  # type: ignore[return-value]
