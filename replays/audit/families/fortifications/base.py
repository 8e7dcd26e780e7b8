"""What the fortification and bridgehead checks share: the two families, the rule set a game plays, and the facts
they read from the state and the map data (a hex's fortification features, its supply, its units)."""

from __future__ import annotations

from typing import Any, Final

from awaw_events.options import A3R_OPTIONS, FORTS_OPTION
from projections.board import BoardState, Fortification, Unit
from projections.rules.fortifications import (
    WEST_WALL_HEXES,
    FortFeature,
    FortVariant,
    fort_variant,
    hex_features,
)
from replays.audit.engine import AuditContext, Family

FAMILY: Final = Family("fortifications")
"""Fortification, beach-defense and island-group checks (32; App. G)."""

BRIDGEHEADS: Final = Family("bridgeheads")
"""Bridgehead checks (31)."""

STANDARD_A3R: Final = "the standard A3R fortification rules are not in the extracts"


def variant(ctx: AuditContext[Any]) -> FortVariant | None:
    """``awaw`` (rule 32), ``a3r_house`` (App. G), or ``None`` (standard A3R: not checked)."""
    meta = ctx.state.meta
    return fort_variant(meta.rules, meta.option(FORTS_OPTION, A3R_OPTIONS[FORTS_OPTION].default))


def west_wall_hex(ctx: AuditContext[Any], hex_: str) -> bool:
    """A West Wall hex (32.44B): the rules' list, or the map data's ``fortification: west_wall``."""
    facts = ctx.hex(hex_)
    return hex_ in WEST_WALL_HEXES or (facts is not None and facts.fortification == "west_wall")


def features(
    ctx: AuditContext[Any], hex_: str, fort: Fortification, fort_rules: FortVariant
) -> tuple[FortFeature, ...]:
    """The fortification features of a hex from its counters on the board (and, for Singapore, the map's name)."""
    facts = ctx.hex(hex_)
    return hex_features(
        fort.kind,
        beach_defense=fort.beach_defense is not None,
        island_group=fort.island_group is not None,
        directional=bool(fort.faces),
        west_wall_hex=west_wall_hex(ctx, hex_),
        singapore=facts is not None and facts.name == "Singapore",
        variant=fort_rules,
    )


def units_in(board: BoardState, hex_: str) -> list[Unit]:
    """The units in a hex (a scan of the board: call it only for rare events)."""
    return [u for u in board.units.values() if u.location == hex_]


def hex_supply(ctx: AuditContext[Any], hex_: str) -> str | None:
    """The latest supply status of a hex: its own result this player turn, else the best status of the units in it
    (their latest determination), or ``None`` when nothing says."""
    own = ctx.state.land.hex_supply.get(hex_)
    if own is not None:
        return own
    found = {u.supply for u in units_in(ctx.state.board, hex_) if u.supply is not None}
    for status in ("full", "partial", "unsupplied", "isolated"):
        if status in found:
            return status
    return None
