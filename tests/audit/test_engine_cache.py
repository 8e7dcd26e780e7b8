"""``ctx.cached`` holds for one side of the fold: a check run after the event never sees what a check run before it
computed from the state before the event."""

from __future__ import annotations

from awaw_events.events import UnitMoved, UnitPlaced
from replays.audit import engine
from replays.audit.engine import AuditContext, Check, Family, Result
from tests.build import records
from tests.conftest import created, phase

PROBE = Family("cache probe")


def _where(ctx: AuditContext[UnitMoved]) -> str | None:
    unit = ctx.state.board.units.get(ctx.event.unit)
    return None if unit is None else unit.location


@PROBE.check("13.4", "where the unit stands before its move", reads=(UnitMoved,), id="probe_before")
def check_before(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    yield c.finding(ctx, expected="", recorded=ctx.cached(_where), message="before")


@PROBE.check("13.4", "where the unit stands after its move", reads=(UnitMoved,), id="probe_after", after=True)
def check_after(c: Check, ctx: AuditContext[UnitMoved]) -> Result:
    yield c.finding(ctx, expected="", recorded=ctx.cached(_where), message="after")


def test_a_check_after_the_fold_reads_the_state_after_it() -> None:
    placed = UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        actor="germany",
        unit="ger-inf-1",
        unit_type="infantry",
        nationality="germany",
        owner="germany",
        factors=3,
        location="EUR:M30",
    )
    move = UnitMoved(
        year=1939,
        season="fall",
        side="axis",
        phase="movement",
        actor="germany",
        unit="ger-inf-1",
        path=["EUR:M30", "EUR:M31"],
    )
    report = engine.run(PROBE.checks, records([created(), placed, phase("movement"), move]))
    seen = {f.message: f.recorded for f in report.findings}
    assert seen == {"before": "EUR:M30", "after": "EUR:M31"}
