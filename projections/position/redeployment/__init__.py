"""Redeployment (28), railheads (28.65) and the inversion of air and naval units (27.8, 28.8; A3R option 13) asked of
a position: the redeployment phase, its segments, boxes and theaters (:mod:`.phases`), who goes where and how
(:mod:`.ends`), inversion (:mod:`.inversion`) and railheads (:mod:`.railheads`). The claim queries take
the event (``unit_redeployed``, ``railhead_built`` ...): ``awaw redeploy`` asks them of the redeployment it drafts, the
audit of the one recorded.

Everything running is projection state (:mod:`projections.redeployment`: SRs per objective, segments, NR groups,
boxes entered, inversion holds and units used, the latest supply of hexes; the board's control, units and railheads;
the land projection's hexes that changed hands this player turn). Hex facts come from the game's map data.
"""

from __future__ import annotations

from awaw_events.events import UnitRedeployed
from projections.board import Unit
from projections.position.core import Position
from projections.rules.control import controller_faction


def _is_hex(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


def _unit(pos: Position, event: UnitRedeployed) -> Unit | None:
    return pos.state.board.units.get(event.unit)


def _faction(owner: str) -> str | None:
    return controller_faction(owner)
