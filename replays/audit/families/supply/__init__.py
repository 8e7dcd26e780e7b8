"""Supply (rule 30; A3R App. H and I): determinations, what units without supply may not do, elimination by
isolation, supply sources and their restrictions, land supply lines, construction in supplied hexes (27-30
checklist 2.11, S-01, S-02, S-11..S-25; A3R C-SUP-1, C-SUP-2). Sea supply lines (S-03..S-10) are
:mod:`.sea`.

A determination records each result's status, source and (where the players give them) the land line and the sea
line it came through; the checks compare them with the board (before the event), this player turn's results and the
geometry and map data. The rules are :mod:`projections.rules.supply`; the running facts :mod:`projections.land`.

The checks are in four modules: :mod:`.status` (determinations and what a status allows), :mod:`.sources`,
:mod:`.lines` (land supply lines) and :mod:`.sea` (sea supply lines); :mod:`.common` holds what they share.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.supply import lines, sea, sources, status

FAMILY: Final = Family("supply")
"""Every supply check."""
for _part in (status.CHECKS, sources.CHECKS, lines.CHECKS, sea.CHECKS):
    FAMILY.checks.extend(_part.checks)
