"""Supply determinations (rule 30): when they are made, and what a unit without supply may not do.

Source: 27-30 extract checklist 2.11 (S-01, S-11, S-12), 30.14-30.16, 30.41-30.43, 30.531. Tracing supply needs the
map and is not done here; these are the facts the recorded determinations are checked against. Which
determinations were made this player turn and which units were isolated at the initial one are running facts of
:mod:`projections.land`.
"""

from __future__ import annotations

from typing import Final, Literal

from awaw_events.vocab import SIDE_OF_FACTION, Faction, Side, SupplyStatus

Determination = Literal["initial", "post_combat"]
"""The two supply determinations of a player turn: initial (movement phase) and post-combat (30.41-30.43)."""

UNSUPPLIED_STATUSES: Final[frozenset[SupplyStatus]] = frozenset({"unsupplied", "isolated"})
"""Results with neither full nor partial (limited) supply. A ground unit with one at the initial determination does
not move, advance after combat or redeploy that player turn (30.16, 30.531; check S-12); a bridgehead with one at
its owner's post-combat determination is removed (31.41B)."""


def determined_by(faction: Faction, side: Side | None) -> bool:
    """Supply is determined only for the moving player's units: the faction belongs to the side whose player turn
    it is (30.41; check S-01). True when the player turn is not recorded."""
    return side is None or SIDE_OF_FACTION[faction] == side


def immobile(status: str) -> bool:
    """A ground unit with this status at the initial supply determination may not move or advance (30.16, 30.531)."""
    return status in UNSUPPLIED_STATUSES
