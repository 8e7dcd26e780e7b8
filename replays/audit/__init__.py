"""Audit a game against the rules: findings as data, one check per mechanical rule (see :mod:`.engine`)."""

from replays.audit.engine import (
    AuditContext,
    AuditReport,
    Check,
    Finding,
    Missing,
    Skipped,
    audit,
    check,
    checks,
    observe,
)

__all__ = [
    "AuditContext",
    "AuditReport",
    "Check",
    "Finding",
    "Missing",
    "Skipped",
    "audit",
    "check",
    "checks",
    "observe",
]
