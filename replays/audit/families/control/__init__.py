"""Hex control (rule 29): occupation, allies and home countries, partisans, isolation, diplomacy, conquest, Japan's
initial conquests, island groups, joint control and counters in partners' hexes (27-30 checklist 2.10, H-01..H-12).

Who controls a hex is board state (before the event); the hexes entered, the hexes partisans hold, the hexes that
changed hands by isolation, each faction's hex supply and where each side stood when the player turn began are
running facts of :mod:`projections.land`; diplomatic results, alignments and Japan's initial transfers are politics
state. The rules are :mod:`projections.rules.control`.

The checks are in three modules: :mod:`.occupation` (H-01..H-04, H-11, H-12), :mod:`.isolation` (H-05, H-06) and
:mod:`.transfers` (H-07..H-10); :mod:`.common` holds what they share.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.control import isolation, occupation, transfers

FAMILY: Final = Family("hex control")
"""Every hex control check."""
for _part in (occupation.CHECKS, isolation.CHECKS, transfers.CHECKS):
    FAMILY.checks.extend(_part.checks)
