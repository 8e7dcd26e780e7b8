"""Which house rules a game plays (A3R options)."""

from __future__ import annotations

from typing import Any

from projections.rules.control import controller_side
from projections.rules.sequence import house_sequence
from projections.rules.tensions import (
    HOUSE_RGT,
    RGT_OPTION,
)
from replays.audit.engine import AuditContext


def _a3r(ctx: AuditContext[Any]) -> bool:
    return ctx.meta.rules == "a3r"


def _house_rgt(ctx: AuditContext[Any]) -> bool:
    return ctx.meta.rules == "a3r" and ctx.meta.option(RGT_OPTION, HOUSE_RGT) == HOUSE_RGT


def _house_sop(ctx: AuditContext[Any]) -> bool:
    meta = ctx.meta
    return meta.rules == "a3r" and house_sequence(meta.rules, meta.options)


def _side(power: str) -> str | None:
    return controller_side(power)
