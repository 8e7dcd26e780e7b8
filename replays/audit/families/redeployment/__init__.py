"""Redeployment (28), railheads (28.65) and the inversion of air and naval units (27.8, 28.8; A3R option 13): the
redeployment phase and its segments (:mod:`.phases`), who goes where and how (:mod:`.ends`), boxes and
theaters (:mod:`.boxes`), inversion
(:mod:`.inversion`) and railheads (:mod:`.railheads`). Checks R-01..R-27, RH-01..RH-05 and I-02 of the 27-30 extract;
C-RED-1..C-RED-8 and C-INV-1..C-INV-4 of the A3R extract.

Everything running is projection state (:mod:`projections.redeployment`: SRs per objective, segments, NR groups,
boxes entered, inversion holds and units used, the latest supply of hexes; the board's control, units and railheads;
the land projection's hexes that changed hands this player turn). Hex facts come from the game's map data.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.redeployment import boxes, ends, inversion, phases, railheads

FAMILY: Final = Family("redeployment")
"""Every redeployment, railhead and inversion check."""
for _part in (phases.CHECKS, ends.CHECKS, boxes.CHECKS, inversion.CHECKS, railheads.CHECKS):
    FAMILY.checks.extend(_part.checks)
