"""Recording with the rules at hand: ``awaw record`` and ``awaw import`` refuse what cannot be true and show, at
once, what the audit says of the events they append.

* What cannot be true (:mod:`replays.records`) is refused with its line, field and reason, and nothing is written;
  ``lenient`` keeps it (a historical log with gaps) and reports each problem.
* What breaks a rule is kept (disputes are about exactly these), and the audit of the new events is returned with
  them: the caller prints it. ``strict`` refuses the whole append when the audit finds anything
  (:class:`StrictRefusal`: nothing is written).

A record and a table command's events are appended and audited in one transaction of the store; so is an import
under ``strict``, whose refusal rolls the append back. Any other import is audited once it is committed (the audit
then only reports: the write lock is free for others, and a long import is audited in one process a core).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, NamedTuple

from awaw_events.bundle import TimelineImported, import_bundle
from awaw_events.errors import InputError
from awaw_events.keys import KeyRing
from awaw_events.log import Imported, Numbered, import_events, record_event
from awaw_events.store import GameStore, Record
from replays.records import Kept, Referee

if TYPE_CHECKING:  # the audit is imported when it runs: an import with --no-audit does without it
    from replays.audit.engine import AuditReport


class StrictRefusal(Exception):
    """``--strict``: the audit found something in the events, so none of them was written (not an
    :class:`~awaw_events.errors.AwawError`: the command shows the findings, not only a message)."""

    def __init__(self, report: AuditReport, first: int, last: int) -> None:
        self.report, self.first, self.last = report, first, last
        super().__init__(
            f"the audit finds {len(report.findings)} problem(s) in events {first} to {last}; with --strict nothing "
            "was written"
        )


def audit_new(store: GameStore, timeline: str, first: int, last: int) -> AuditReport:
    """The audit of events ``first..last`` of a timeline (the effective log), from the state before them (the
    nearest snapshot and the events since it); the state its fold reaches at the timeline's end is kept as the
    next command's snapshot."""
    from projections.game import Fold
    from replays.audit.catalogue import audit, store_maps
    from replays.state import keep, state_at

    opened = store.open(timeline)
    fold = Fold(state_at(opened, first - 1))
    report = audit(opened.effective_events(first, last), start=first, fold=fold, maps=store_maps(store))
    if last == opened.count:
        keep(opened, last, fold.state)
    return report


class Recorded(NamedTuple):
    """What a record or an import appended, the problems kept (``lenient``, or open to the players), and the audit
    of the new events (None when not audited)."""

    first: int
    last: int
    kept: tuple[Kept, ...]
    audit: AuditReport | None
    records: tuple[Record, ...] = ()
    read: int = 0

    @property
    def written(self) -> int:
        return self.last - self.first + 1 if self.last else 0


def _finish(
    store: GameStore, timeline: str, first: int, last: int, referee: Referee, *, audited: bool, strict: bool
) -> AuditReport | None:
    report = audit_new(store, timeline, first, last) if audited and last >= first > 0 else None
    if strict and report is not None and report.findings:
        raise StrictRefusal(report, first, last)
    return report


def _keep_end(store: GameStore, timeline: str, done: Recorded) -> Recorded:
    """After a write that no audit folded to its end: keep the state at the end (the next command's snapshot)."""
    if done.audit is None and done.last:
        from replays.state import keep_end

        keep_end(store.open(timeline))
    return done


def record_checked(
    store: GameStore,
    timeline: str,
    tag: str,
    assignments: Sequence[str],
    *,
    keys: KeyRing | None = None,
    lenient: bool = False,
    strict: bool = False,
    audited: bool = True,
) -> Recorded:
    """``awaw record``: one event typed as ``FIELD=VALUE`` words (:func:`awaw_events.log.record_event`), refused if it
    cannot be true, with the audit's findings about it."""
    referee = Referee(lenient=lenient)
    with store.transaction():
        rec = record_event(store, timeline, tag, assignments, keys=keys, referee=referee)
        report = _finish(store, timeline, rec.seq, rec.seq, referee, audited=audited, strict=strict)
    return _keep_end(store, timeline, Recorded(rec.seq, rec.seq, tuple(referee.kept), report, (rec,), 1))


def import_stream(
    store: GameStore,
    timeline: str,
    items: Iterable[Numbered | InputError],
    *,
    lenient: bool = False,
    strict: bool = False,
    audited: bool = True,
    progress: Callable[[int], None] | None = None,
    keys: KeyRing | None = None,
) -> Recorded:
    """``awaw import``: a stream of events appended whole or not at all (:func:`awaw_events.log.import_events`),
    each looked at against the board as it stands, with the audit's findings about the new events."""
    referee = Referee(lenient=lenient)
    with store.transaction():
        done: Imported = import_events(store, timeline, items, progress=progress, referee=referee, keys=keys)
        report = _finish(store, timeline, done.first, done.last, referee, audited=audited and strict, strict=strict)
    if audited and not strict and done.last >= done.first > 0:
        from replays.audit.timelines import audit_timeline  # the audit is imported when it runs

        # written and committed: the audit only reports, so it reads the new events after the commit (the write
        # lock is free again), in one process a core for a long import
        report = audit_timeline(store.open(timeline), start=done.first, stop=done.last)
    return _keep_end(store, timeline, Recorded(done.first, done.last, tuple(referee.kept), report, (), done.read))


def append_decided(
    store: GameStore,
    timeline: str,
    events: Sequence[Numbered],
    *,
    expected_count: int,
    strict: bool = False,
    audited: bool = True,
) -> Recorded:
    """Append the events a table command decided (:mod:`replays.commands`) against the timeline as it was when they
    were decided (``expected_count``: a conflict if someone appended since), with the audit of them."""
    referee = Referee()
    with store.transaction():
        done = import_events(store, timeline, events, expected_count=expected_count, referee=referee)
        report = _finish(store, timeline, done.first, done.last, referee, audited=audited, strict=strict)
        records = tuple(store.records(timeline, start=done.first, stop=done.last)) if done.last else ()
    return _keep_end(store, timeline, Recorded(done.first, done.last, tuple(referee.kept), report, records, done.read))


class BundleRecorded(NamedTuple):
    """A bundle imported: each timeline's part (what it appended, the problems kept, the audit of its new events)."""

    game: str
    kind: str
    timelines: tuple[tuple[TimelineImported, Recorded], ...]


def import_bundle_checked(
    store: GameStore,
    handle: IO[bytes],
    *,
    game: str | None = None,
    lenient: bool = False,
    strict: bool = False,
    audited: bool = True,
    progress: Callable[[int], None] | None = None,
    keys: KeyRing | None = None,
) -> BundleRecorded:
    """``awaw import`` of a bundle (:func:`awaw_events.bundle.import_bundle`): every timeline whole or none, each
    new event looked at against the board as ``import`` looks at it, and the audit of each timeline's new events
    (inside the transaction with ``strict``, which refuses the whole bundle on a finding)."""
    referees: dict[str, Referee] = {}

    def referee(name: str) -> Referee:
        return referees.setdefault(name, Referee(lenient=lenient))

    with store.transaction():
        header, done = import_bundle(store, handle, game=game, referee=referee, progress=progress, keys=keys)
        reports = {
            t.name: _finish(store, t.name, t.first, t.last, referees[t.name], audited=audited and strict, strict=strict)
            for t in done
        }
    if audited and not strict:
        from replays.audit.timelines import audit_timeline

        reports = {
            t.name: audit_timeline(store.open(t.name), start=t.first, stop=t.last) if t.last >= t.first > 0 else None
            for t in done
        }
    parts = tuple(
        (
            t,
            _keep_end(
                store,
                t.name,
                Recorded(t.first, t.last, tuple(referees[t.name].kept), reports.get(t.name), (), t.carried),
            ),
        )
        for t in done
    )
    return BundleRecorded(game or header.game, header.kind, parts)
