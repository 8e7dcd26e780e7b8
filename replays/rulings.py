"""Rulings as a verb: ``awaw rule GAME --void 320 [--replace FILE] --reason TEXT [--by NAME] [--dry-run]`` writes
the ``ruling`` event and its replacement events in one append, and shows the audit of the turn of the voided events
before and after it. A dry run does all of it inside the store's transaction and rolls it back: the players see the
audit the ruling would give, from the same code that writes it, and nothing is written.

"The turn" is the player turn (or, for game-turn level events, the game turn) of the first voided event: the audit
folds the effective log from the start and checks that span, once as it stood and once with the ruling applied
(the replacements standing in the place of the first voided event, :mod:`awaw_events.rulings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from awaw_events import rulings as rulings_mod
from awaw_events.codec import parse_event
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent
from awaw_events.gametime import GamePoint
from awaw_events.log import Numbered, context_of, numbered
from awaw_events.store import GameStore
from awaw_events.store import Numbered as StoredEvent
from projections.core import MapDataRef
from projections.rules.mapdata import MapData
from replays.audit.catalogue import audit
from replays.audit.engine import AuditReport
from replays.maps import resolve_map_data
from replays.points import seq_for_game_time
from replays.recording import Recorded, append_decided

TIME_FIELDS = ("year", "season", "side", "phase")


class Span(NamedTuple):
    """The events a ruling's audit looks at: ``first`` to ``last``, and what they are (``Fall 1939 Axis``)."""

    first: int
    last: int
    label: str


def turn_of(store: GameStore, timeline: str, seq: int) -> Span:
    """The player turn (or game turn, for game-turn level events) event ``seq`` belongs to, as event numbers."""
    record = store.record_at(timeline, seq)
    if record is None:
        raise InputError(f"{timeline!r} has no event {seq}")
    event = record.event
    point = GamePoint(event.year, event.season, event.side, None)
    first = seq_for_game_time(store.open(timeline), point, before=True) + 1
    last = seq_for_game_time(store.open(timeline), point)
    side = f" {event.side.capitalize()}" if event.side else ""
    return Span(first, max(last, seq), f"{event.season.capitalize()} {event.year}{side}")


def audit_span(store: GameStore, timeline: str, span: Span, *, rulings_at: int) -> AuditReport:
    """The audit of a span of the effective log, with the rulings that stand at event ``rulings_at``."""
    index = rulings_mod.index(store.rulings(timeline, stop=rulings_at), stop=rulings_at)

    def fetch(seq: int) -> StoredEvent:
        return next(store.numbered(timeline, start=seq, stop=seq))

    def maps(declared: MapDataRef) -> tuple[MapData | None, str | None]:
        found = resolve_map_data(store, declared)
        return found.data, found.reason

    records = rulings_mod.effective(store.numbered(timeline, stop=span.last), index, fetch)
    return audit(records, start=span.first, maps=maps)


class Ruled(NamedTuple):
    """A ruling written (or, ``dry_run``, written and rolled back): the append, the span audited, and the audit
    before and after."""

    recorded: Recorded
    span: Span
    before: AuditReport
    after: AuditReport
    dry_run: bool = False


class _RolledBack(Exception):
    """Ends a dry run's transaction (so that it rolls back), carrying what the ruling would have been."""

    def __init__(self, ruled: Ruled) -> None:
        super().__init__("dry run")
        self.ruled = ruled


def ruling_events(
    store: GameStore,
    timeline: str,
    voids: Sequence[int],
    replacements: Sequence[Numbered],
    *,
    reason: str,
    by: Sequence[str] = (),
    rule: str = "",
) -> list[Numbered]:
    """The ruling (at the game time of the last event, by the referee) and its replacement events."""
    if not voids:
        raise InputError("a ruling voids at least one event (--void)", field="voids")
    count = store.count(timeline)
    last = store.head_record(timeline)
    if last is None:
        raise InputError(f"{timeline!r} has no events")
    for seq in voids:
        if not 1 <= seq <= count:
            raise InputError(f"{timeline!r} has events 1 to {count}, not {seq}", field="voids")
    when: dict[str, Any] = {k: getattr(last.event, k) for k in TIME_FIELDS if getattr(last.event, k) is not None}
    fields: dict[str, Any] = {
        "type": "ruling",
        **when,
        "actor": "referee",
        "voids": sorted(set(voids)),
        "replacements": len(replacements),
        "agreed_by": list(by),
        "reason": reason,
    }
    if rule:
        fields["rule"] = rule
    ruling = parse_event(fields, where="the ruling")
    return [Numbered("the ruling", ruling), *replacements]


def rule(
    store: GameStore,
    timeline: str,
    voids: Sequence[int],
    replacements: Sequence[Numbered] = (),
    *,
    reason: str,
    by: Sequence[str] = (),
    rule_number: str = "",
    dry_run: bool = False,
) -> Ruled:
    """Write a ruling and its replacements, all or nothing, and audit the turn before and after it; with
    ``dry_run``, roll it all back at the end (the same checks, numbers and audits; nothing written)."""
    try:
        with store.transaction():
            count = context_of(store, timeline).size
            events = ruling_events(store, timeline, voids, replacements, reason=reason, by=by, rule=rule_number)
            span = turn_of(store, timeline, min(voids))
            before = audit_span(store, timeline, span, rulings_at=count)
            done = append_decided(store, timeline, events, expected_count=count, audited=False)
            after = audit_span(store, timeline, span, rulings_at=done.last)
            ruled = Ruled(done, span, before, after, dry_run)
            if dry_run:
                raise _RolledBack(ruled)
    except _RolledBack as stop:
        return stop.ruled
    return ruled


def replacements_of(events: Sequence[AnyEvent]) -> list[Numbered]:
    """Replacement events given as events (a library caller's, not a file's)."""
    return numbered(events, prefix="replacement")
