"""The record itself: what ``awaw record`` and ``awaw import`` refuse (a unit that is not on the board, a unit moved by
the other side, a hex misspelt) is a finding here, for the logs imported with ``--lenient`` and those recorded
before the refusals existed; and where the rules leave control of a unit open (a minor's units moved by another
power of its side), the record keeps the event and this family names it.

The problems are :func:`replays.records.problems`, the one home of what the record refuses, so the refusals and
the findings agree (the audit's own record-keeping: these checks judge no rule of the game). Moves (``unit_moved``)
are left to the movement family's ``mover`` check, which says the same of them with the movement rules at hand.
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import UnitMoved
from replays import records
from replays.audit.engine import AuditContext, Check, Family, Result, check

READS: Final = tuple(kind for kind in records.CHECKS if kind is not UnitMoved)
"""The events whose references the record checks, but for moves."""


def _found(ctx: AuditContext[Any]) -> tuple[records.Problem, ...]:
    return records.problems(ctx.state.board, ctx.event)


def _expected(p: records.Problem) -> str:
    if p.kind == "hex":
        return "a hex id in its one spelling"
    return "a unit in play, moved by its owner" if p.refused else "moved by its owner"


def check_units(c: Check, ctx: AuditContext[Any]) -> Result:
    found = ctx.cached(_found)
    return [
        c.finding(ctx, expected=_expected(p), recorded=p.field, message=p.message) for p in found if p.kind == "unit"
    ]


def check_hexes(c: Check, ctx: AuditContext[Any]) -> Result:
    found = ctx.cached(_found)
    return [
        c.finding(ctx, expected=_expected(p), recorded=p.field, message=p.message) for p in found if p.kind == "hex"
    ]


UNITS = "a unit an event names is in play, and a unit it moves is moved by its owner (an ally, where control is open)"
HEXES = "a hex is written in its one spelling (EUR:K7, not EUR:K07)"

FAMILY: Final = Family(
    "record",
    check(check_units, "record", UNITS, reads=READS, id="record_units"),
    check(check_hexes, "record", HEXES, reads=READS, id="record_hexes"),
)
