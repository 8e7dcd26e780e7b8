"""Helpers for audit tests: run the audit over a list of events as if they were a stored log."""

from __future__ import annotations

from collections.abc import Sequence

from awaw_events.events import Event
from awaw_events.store import Record
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport


def records(events: Sequence[Event]) -> list[Record]:
    return [Record(seq, event, "", "", 0) for seq, event in enumerate(events, start=1)]  # type: ignore[arg-type]


def run(events: Sequence[Event], rule: str | None = None) -> AuditReport:
    """Audit a list of events (numbered from 1) with the checks whose rule starts with ``rule``."""
    return audit(records(events), rule_prefix=rule)


def findings(events: Sequence[Event], rule: str | None = None) -> list[tuple[int, str, str]]:
    """(event number, check id, message) of every finding."""
    return [(f.seq, f.check, f.message) for f in run(events, rule).findings]
