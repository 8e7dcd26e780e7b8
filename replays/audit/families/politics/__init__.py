"""Politics: declarations of war and offensives (27.12), the rule options of an A3R game (A3R 1.1-1.2, C-OPT-1..3),
the house sequence of play (A3R intro, C-SOP-1..7) and the Russian-German tensions (A3R App. E, C-RGT-1..9).

The options are the game's meta; which player turns and research phases a game turn had, the RGT modifiers applied
this game turn and in force, the DPs placed and the mobilization ICs are politics state (:mod:`projections.politics`).
The rules are :mod:`projections.rules.sequence` and :mod:`projections.rules.tensions`.

The checks are in three modules: :mod:`.options`, :mod:`.sequence` and :mod:`.tensions`; :mod:`.common` holds what
they share.
"""

from __future__ import annotations

from typing import Final

from replays.audit.engine import Family
from replays.audit.families.politics import options, sequence, tensions

FAMILY: Final = Family("politics")
"""Every politics check."""
for _part in (options.CHECKS, sequence.CHECKS, tensions.CHECKS):
    FAMILY.checks.extend(_part.checks)
