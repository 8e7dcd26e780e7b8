"""What the hex control checks share: who held a hex, the units in it, the hex the map data names."""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    HexControlChanged,
)
from awaw_events.vocab import Faction
from projections.board import BoardState
from projections.rules.control import (
    controller_faction,
)
from replays.audit.engine import AuditContext, Missing

SEA = "sea"

_cache: dict[tuple[str, str, str], Missing] = {}
"""``ctx.missing_hex`` answers, kept: every control change of a game without map data asks the same few."""


def _missing_hex(ctx: AuditContext[Any], hex_: str, fact: str) -> Missing:
    """``ctx.missing_hex(hex_, fact)``, built once per hex, fact and reason (checks on every control change ask)."""
    key = (hex_, fact, ctx.map_reason if ctx.map is None else "")
    found = _cache.get(key)
    if found is None:
        if len(_cache) > 20_000:
            _cache.clear()
        found = _cache[key] = ctx.missing_hex(hex_, fact)
    return found


def _previous(ctx: AuditContext[HexControlChanged]) -> str | None:
    return ctx.state.board.control.get(ctx.event.hex)


def _units_in(board: BoardState, hex_: str) -> list[Any]:
    return [u for u in board.units.values() if u.location == hex_]


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
