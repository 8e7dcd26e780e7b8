"""Hex control (rule 29) asked of a position: occupation, allies and home countries, partisans, joint control and
counters in partners' hexes (:mod:`.occupation`: H-01..H-04, H-11, H-12), isolation (:mod:`.isolation`: H-05,
H-06), diplomacy, conquest, Japan's initial conquests and island groups (:mod:`.transfers`: H-07..H-10).

Who controls a hex is board state (before the event); the hexes entered, the hexes partisans hold, the hexes that
changed hands by isolation, each faction's hex supply and where each side stood when the player turn began are
running facts of :mod:`projections.land`; diplomatic results, alignments and Japan's initial transfers are politics
state. The rules are :mod:`projections.rules.control`.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import HexControlChanged
from awaw_events.vocab import Faction
from projections.board import BoardState, units_in
from projections.position.core import Position
from projections.rules.control import controller_faction

SEA = "sea"


def _previous(pos: Position, event: HexControlChanged) -> str | None:
    return pos.state.board.control.get(event.hex)


def _units_in(board: BoardState, hex_: str) -> list[Any]:
    """The units in a hex, in the board's order, read from the board's index (no pass over every unit but where
    several stand and their order is needed)."""
    ids = units_in(board, hex_)
    if len(ids) < 2:
        return [board.units[i] for i in ids]
    return [u for u in board.units.values() if u.id in ids]


def _named_hex(pos: Position, name: str) -> str | None:
    """The hex the map data names ``name`` (None when the map data does not name it)."""
    data = pos.map
    if data is None:
        return None
    for facts in data.hexes:
        if facts.name == name:
            return facts.hex
    return None


def _minor_faction(pos: Position, controller: str | None) -> Faction | None:
    """The faction of a controller: a major power's, or the faction a minor country is aligned with."""
    faction = controller_faction(controller)
    if faction is not None or controller is None:
        return faction
    found = pos.state.politics.alignment.get(controller)
    return found  # type: ignore[return-value]
