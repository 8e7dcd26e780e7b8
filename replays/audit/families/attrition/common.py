"""What the attrition and air combat checks share: which attrition rules a game plays, and whether hex ids are on the
maps (geometry needs map-qualified hexes)."""

from __future__ import annotations

from typing import Any, Final

from projections.rules import attrition as rules
from projections.rules.geometry import GeometryError, parse
from replays.audit.engine import AuditContext

STANDARD_A3R: Final = "the standard A3R attrition rules (combat.attrition = a3r) are not in the extracts"


def game_variant(ctx: AuditContext[Any]) -> rules.AttritionVariant | None:
    """AWAW rule 14, the house App. C, or ``None`` for the standard A3R attrition (not in the extracts)."""
    return rules.attrition_variant(ctx.meta.rules, ctx.meta.options)


def on_map(*hexes: str) -> bool:
    """Whether every location is a hex of the maps (not a box or an off-map area)."""
    try:
        for h in hexes:
            parse(h)
    except GeometryError:
        return False
    return True
