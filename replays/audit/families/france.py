"""The French surrender, Vichy France and the Free French (A3R App. J, rule 58; option ``france.surrender``):
C-FRA-1..C-FRA-7. Each check asks a query of :mod:`projections.position.france`; in an A3R game that keeps A3R's own
French rules (``france.surrender=a3r``) the house checks do not apply, and say so.
"""

from __future__ import annotations

from projections.position import france as q
from replays.audit.engine import Family, judge

FAMILY = Family(
    "France and Vichy",
    judge(q.paris_taken, "A3R 58.11", partly={"C-FRA-1": "a named place: listed, not checked"},
          needs=("place", "controller", "extent")),
    judge(q.surrender_trigger, "A3R 58.11", id="french_surrender_trigger",
          covers=("C-FRA-1",), needs=("paris_controller", "surrenders", "voluntary")),
    judge(q.no_french_builds_after_surrender, "A3R 58.12", covers=("C-FRA-1",)),
    judge(q.surrender_level, "A3R 58.22", id="french_surrender_level",
          covers=("C-FRA-2",), needs=("level", "surrenders", "voluntary", "components", "paris_controller")),
    judge(q.vichy_allowed, "A3R 58.31", covers=("C-FRA-3",),
          needs=("established", "us_germany_at_war")),
    judge(q.colony_alignment_roll, "A3R 58.53", id="colony_alignment",
          covers=("C-FRA-4",)),
    judge(q.french_forces, "A3R 58.6", covers=("C-FRA-5",)),
    judge(q.vichy_declarations, "A3R 58.7", covers=("C-FRA-6",)),
    judge(q.vichy_roll_modifiers, "A3R 58.8", covers=("C-FRA-7",)),
)  # fmt: skip
