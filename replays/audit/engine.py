"""The audit engine: recompute, from the events and the rules, everything the players claimed.

A *check* is a function registered for the event types it reads. The engine walks the effective log (rulings
applied), keeps the projections folded up to the event under examination, and calls each check with an
:class:`AuditContext`: the event, its number, the state **before** it, and the audit's own scratch memory (rolls by
number, attacks declared ...). A check yields :class:`Finding` values (data, never exceptions) or, when the log
lacks a fact it needs, :class:`Missing` (reported once per check: which check could not be made, and why).

Checks are grouped by rule system in :mod:`replays.audit.families`; ``awaw audit --list-checks`` and
``docs/audit-checks.md`` list them all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final, NamedTuple, TypeAlias

import msgspec

from awaw_events.codec import tag_of
from awaw_events.events import Event
from awaw_events.gametime import label
from awaw_events.store import Numbered, Record
from projections.game import Fold, GameState


class Finding(msgspec.Struct, frozen=True, kw_only=True):
    """A discrepancy between what the players recorded and what the rules give."""

    seq: int
    game_time: str
    event_type: str
    rule: str
    check: str
    expected: str
    recorded: str
    message: str


class Missing(msgspec.Struct, frozen=True, kw_only=True):
    """A check that could not be made because the log does not record a fact it needs."""

    reason: str


class Skipped(msgspec.Struct, frozen=True, kw_only=True):
    """A check the audit could not make (reported once per check, with the first event it concerned)."""

    check: str
    rule: str
    first_seq: int
    times: int
    reason: str


class AuditContext:
    """What a check sees: the event under examination and the game before it."""

    __slots__ = ("event", "scratch", "seq", "state")

    def __init__(self, state: GameState, scratch: dict[str, Any]) -> None:
        self.state = state
        self.scratch = scratch
        self.seq = 0
        self.event: Event = Event(year=1939, season="fall")

    def finding(self, check: Check, *, expected: object, recorded: object, message: str) -> Finding:
        """A finding about the current event."""
        return Finding(
            seq=self.seq,
            game_time=label(self.event),
            event_type=tag_of(self.event),
            rule=check.rule,
            check=check.id,
            expected=str(expected),
            recorded=str(recorded),
            message=message,
        )

    @property
    def meta(self) -> Any:
        return self.state.meta


Result: TypeAlias = Iterator[Finding | Missing]
CheckFunction: TypeAlias = Callable[["Check", AuditContext], Result]


class Check(NamedTuple):
    """One mechanical rule check."""

    id: str
    rule: str
    title: str
    reads: tuple[type[Event], ...]
    function: CheckFunction
    family: str

    def finding(self, ctx: AuditContext, *, expected: object, recorded: object, message: str) -> Finding:
        return ctx.finding(self, expected=expected, recorded=recorded, message=message)


REGISTRY: Final[list[Check]] = []

Observer: TypeAlias = Callable[[AuditContext], None]
OBSERVERS: Final[list[tuple[tuple[type[Event], ...], Observer]]] = []
"""Functions that keep the audit's scratch memory (rolls by number, attacks declared ...) up to date; they run
after the checks of an event."""


def check(
    rule: str, title: str, *, reads: tuple[type[Event], ...], family: str, id: str | None = None
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check of rule ``rule`` on the event types it ``reads``."""

    def register(function: CheckFunction) -> CheckFunction:
        REGISTRY.append(Check(id or function.__name__.removeprefix("check_"), rule, title, reads, function, family))
        return function

    return register


def observe(*reads: type[Event]) -> Callable[[Observer], Observer]:
    """Register a scratch-memory keeper for the given event types."""

    def register(function: Observer) -> Observer:
        OBSERVERS.append((reads, function))
        return function

    return register


def checks(rule_prefix: str | None = None) -> list[Check]:
    """Every registered check (importing the check modules), optionally those whose rule starts with a prefix."""
    import replays.audit.families  # noqa: F401 - registers every check

    found = [
        c for c in REGISTRY if rule_prefix is None or c.rule.startswith(rule_prefix) or c.id.startswith(rule_prefix)
    ]
    return sorted(found, key=lambda c: (c.family, _rule_key(c.rule), c.id))


def _rule_key(rule: str) -> tuple[Any, ...]:
    parts: list[Any] = []
    for piece in rule.replace("A3R ", "").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append((int(digits) if digits else 0, piece))
    return tuple(parts)


class AuditReport(NamedTuple):
    """What an audit found: findings in log order, and the checks it could not make."""

    findings: tuple[Finding, ...]
    skipped: tuple[Skipped, ...]
    events: int
    checks: int

    @property
    def clean(self) -> bool:
        return not self.findings


def audit(
    records: Iterable[Record | Numbered],
    *,
    rule_prefix: str | None = None,
    start: int = 1,
    state: GameState | None = None,
    progress: Callable[[int], None] | None = None,
) -> AuditReport:
    """Audit the effective records (rulings applied). Events before ``start`` are folded but not checked."""
    selected = checks(rule_prefix)
    by_type: dict[type[Event], list[Check]] = {}
    for c in selected:
        for kind in c.reads:
            by_type.setdefault(kind, []).append(c)
    observers: dict[type[Event], list[Observer]] = {}
    for reads, function in OBSERVERS:
        for kind in reads:
            observers.setdefault(kind, []).append(function)
    fold = Fold(state)
    ctx = AuditContext(fold.state, {})  # the fold's working state: the state before each event, updated in place
    findings: list[Finding] = []
    first_missing: dict[str, tuple[Check, int, str]] = {}  # check id -> (check, first event, reason)
    missing_times: dict[str, int] = {}
    count = 0
    checks_for, observers_for, push = by_type.get, observers.get, fold.push
    for record in records:
        seq, event = record.seq, record.event
        kind = type(event)
        ctx.seq, ctx.event = seq, event
        if seq >= start:
            count += 1
            for c in checks_for(kind, ()):
                for outcome in c.function(c, ctx):
                    if isinstance(outcome, Finding):
                        findings.append(outcome)
                    elif c.id in missing_times:
                        missing_times[c.id] += 1
                    else:
                        missing_times[c.id] = 1
                        first_missing[c.id] = (c, seq, outcome.reason)
            if progress is not None and count % 10_000 == 0:
                progress(count)
        for function in observers_for(kind, ()):
            function(ctx)
        push(seq, event)
    skipped = tuple(
        Skipped(check=c.id, rule=c.rule, first_seq=first, times=missing_times[key], reason=reason)
        for key, (c, first, reason) in first_missing.items()
    )
    return AuditReport(tuple(findings), skipped, count, len(selected))


def iter_checks_markdown() -> Iterator[str]:
    """``docs/audit-checks.md``: every check with its rule, what it checks and the events it reads."""
    all_checks = checks()
    yield "# Audit checks"
    yield ""
    yield "Generated from `replays/audit/families/` by `python -m replays.audit.docs`; do not edit by hand."
    yield ""
    yield f"{len(all_checks)} checks. `awaw audit --list-checks` prints the same table."
    yield ""
    family = None
    for c in all_checks:
        if c.family != family:
            family = c.family
            yield ""
            yield f"## {family}"
            yield ""
            yield "| rule | check | what it checks | events it reads |"
            yield "|---|---|---|---|"
        reads = ", ".join(f"`{tag_of(k)}`" for k in c.reads)
        yield f"| {c.rule} | `{c.id}` | {c.title} | {reads} |"


def audit_timeline(
    store: Any,
    timeline: str,
    *,
    start: int = 1,
    stop: int | None = None,
    rule_prefix: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> AuditReport:
    """Audit events ``start..stop`` of a timeline (the effective log).

    The events before ``start`` are folded and observed but not checked: the checks' memory (rolls by number,
    attacks declared, spending this turn ...) is not part of a projection snapshot, so it is rebuilt from the start.
    """
    from replays.state import effective_events

    last = store.count(timeline) if stop is None else stop
    return audit(effective_events(store, timeline, 1, last), rule_prefix=rule_prefix, start=start, progress=progress)
