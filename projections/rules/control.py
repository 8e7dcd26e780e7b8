"""Hex control (rule 29): how a hex changes hands, and which alliance faction a controller belongs to.

Source: 27-30 extract 1.27 (control changes) and checklist 2.10 (H-01..H-11). Who controls each hex is board state
(:attr:`projections.board.BoardState.control`); the hexes ground units entered this player turn are running facts
of :mod:`projections.land`.
"""

from __future__ import annotations

from typing import Final, cast

from awaw_events.vocab import FACTION_OF_POWER, Faction, Power, Theater

OCCUPATION_CAUSES: Final[frozenset[str]] = frozenset(
    {"occupation", "movement", "advance_after_combat", "overrun", "exploitation", "attrition_occupation"}
)
"""Control changes that need a ground unit of the new controller's faction in the hex: a unit entering or moving
through it (29.21, 29.22); armor ZoC, or killing the defenders without advancing, changes nothing (29.21, 29.23;
check H-02)."""

SETUP_CAUSE: Final = "setup"
"""A control change recorded at set-up: the hex did not change hands in play."""

PACIFIC_MAP_PREFIX: Final = "PAC:"
"""Hexes of the Pacific map are in the Pacific theater; every other hex is in the European theater."""


def controller_faction(controller: str | None) -> Faction | None:
    """The alliance faction of a hex's controller (29; 27-30 extract 5.1), or ``None`` when nobody is recorded or
    the controller is a minor country (whose alliance the board state does not give)."""
    if controller is None:
        return None
    return FACTION_OF_POWER.get(cast(Power, controller))


def theater_of(hex_id: str) -> Theater:
    """The theater of a hex, from its map (``PAC:`` the Pacific, otherwise Europe)."""
    return "pacific" if hex_id.startswith(PACIFIC_MAP_PREFIX) else "europe"
