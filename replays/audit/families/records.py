"""The record itself: what ``awaw record`` and ``awaw import`` refuse (a unit that is not on the board, a unit moved by
the other side, a hex misspelt) is a finding here, for the logs imported with ``--lenient`` and those recorded
before the refusals existed; and where the rules leave control of a unit open (a minor's units moved by another
power of its side), the record keeps the event and this family names it.

The problems are :func:`replays.records.problems`, the one home of what the record refuses, so the refusals and
the findings agree. Moves (``unit_moved``) are left to the movement family's ``mover`` check, which says the same of
them with the movement rules at hand.
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import UnitMoved
from replays import records
from replays.audit.engine import AuditContext, Check, Family, Result

FAMILY = Family("record")

READS: Final = tuple(kind for kind in records.CHECKS if kind is not UnitMoved)
"""The events whose references the record checks, but for moves."""


def _found(ctx: AuditContext[Any]) -> tuple[records.Problem, ...]:
    return records.problems(ctx.state.board, ctx.event)


@FAMILY.check(
    "record",
    "a unit an event names is in play, and a unit it moves is moved by its owner (an ally, where control is open)",
    reads=READS,
    id="record_units",
)
def check_units(c: Check, ctx: AuditContext[Any]) -> Result:
    found = ctx.cached(_found)
    if not found:
        return ()  # the common case: a list, not a generator that yields nothing (the engine's hot path)
    return [
        c.finding(
            ctx,
            expected="a unit in play, moved by its owner" if p.refused else "moved by its owner",
            recorded=p.field,
            message=p.message,
        )
        for p in found
        if p.kind == "unit"
    ]


@FAMILY.check(
    "record",
    "a hex is written in its one spelling (EUR:K7, not EUR:K07)",
    reads=READS,
    id="record_hexes",
)
def check_hexes(c: Check, ctx: AuditContext[Any]) -> Result:
    found = ctx.cached(_found)
    if not found:
        return ()
    return [
        c.finding(ctx, expected="a hex id in its one spelling", recorded=p.field, message=p.message)
        for p in found
        if p.kind == "hex"
    ]
