"""Reading a game's log for people: the filters of ``awaw log``, the rulings marked on each event, and the log as
JSON lines (the events in words are :mod:`replays.eventwords`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from awaw_events.codec import tag_of, to_builtins
from awaw_events.errors import InputError
from awaw_events.events import EVENT_TYPES
from awaw_events.gametime import GamePoint, label
from awaw_events.store import GameStore, Record, Timeline
from awaw_events.vocab import POWERS, powers_of
from replays.points import seq_for_game_time

_TIME_KEYS = frozenset({"type", "year", "season", "side", "phase", "segment", "actor"})
_POWER_FIELDS = (
    "power",
    "owner",
    "aggressor",
    "donor",
    "recipient",
    "payer",
    "nationality",
    "controller",
    "country",
    "target",
    "place",
    "faction",
    "side_of",
)
_OUTCOME_FIELDS = ("by", "against", "conceded_by")
"""The fields of an outcome event (:mod:`awaw_events.events.outcomes`) that name a power, faction, side or minor
country it is by or about: an operation's or a plan's ``by`` and ``against``, a conquest's ``by``, a concession's
``conceded_by`` (a game's ``winner`` where it names a side). Elsewhere ``by`` is a player's name (a key's pin)."""
_COUNTRY = re.compile(r"^[a-z][a-z_:]*$")
"""A power, faction or country id, as events spell them (:data:`awaw_events.events.politics.Country`)."""
FAMILIES = frozenset(cls.family for cls in EVENT_TYPES)
TAGS = frozenset(tag_of(cls) for cls in EVENT_TYPES)


class LogFilter(NamedTuple):
    """What ``awaw log`` shows: a span of game time, a power, an event type or family."""

    turn: GamePoint | None = None
    power: str | None = None
    kind: str | None = None

    def check(self) -> None:
        if self.power is not None and not _COUNTRY.match(self.power):
            raise InputError(
                f"not a power or country: {self.power!r}; expected a snake_case name ({', '.join(POWERS)}, "
                "a faction such as european_axis, or a minor country such as spain)",
                field="power",
            )
        if self.kind is not None and self.kind not in TAGS | FAMILIES:
            raise InputError(
                f"unknown event type or family {self.kind!r} (families: {', '.join(sorted(FAMILIES))})",
                field="type",
            )

    def matches(self, record: Record) -> bool:
        event = record.event
        if self.turn is not None and not self.turn.contains(event):
            return False
        if self.kind is not None and self.kind not in (tag_of(event), type(event).family):
            return False
        if self.power is None:
            return True
        names = named(event)
        return self.power in names or any(p in names for p in powers_of(self.power))


def named(event: Any) -> set[str]:
    """The powers, factions and countries an event is by or about (a faction or side: its powers too)."""
    about = getattr(event, "about", ())  # a chronicle entry's countries (a note's is the event it is on)
    names = {event.actor, *(getattr(event, f, None) for f in _POWER_FIELDS)}
    names.update(about if isinstance(about, list | tuple) else ())
    if type(event).family == "outcome":
        names.update(getattr(event, f, None) for f in _OUTCOME_FIELDS)
        winner = getattr(event, "winner", None)  # a game's end: won by a side (not a draw, nor none)
        if isinstance(winner, str) and powers_of(winner):
            names.add(winner)
    for group in [n for n in names if isinstance(n, str) and n not in POWERS]:
        names.update(powers_of(group))
    return names


class Row(NamedTuple):
    """A record as ``awaw log`` shows it: with the ruling that voided it, or the events it replaces."""

    record: Record
    voided_by: int | None = None
    replaces: tuple[int, ...] = ()
    inserted_after: int | None = None
    """For an event a correction in time inserted: the event it stands after in the game."""

    @property
    def status(self) -> str:
        if self.voided_by is not None:
            return f"voided by {self.voided_by}"
        if self.replaces:
            return "replaces " + ", ".join(str(s) for s in self.replaces)
        if self.inserted_after is not None:
            return f"stands after {self.inserted_after}"
        return ""


def select(store: GameStore, timeline: str, log_filter: LogFilter) -> Iterator[Row]:
    """The records of a timeline that pass a filter, marked with the rulings that stand at its end. With a span of
    game time, only the records that may fall in it are read (:func:`span_records`)."""
    log_filter.check()
    opened = store.open(timeline)
    index = opened.ruling_index()
    replaced = {
        seq: tuple(v for v, r in index.voided_by.items() if r == ruling) for seq, ruling in index.replacement_of.items()
    }
    anchors = {seq: anchor for anchor, inserted in index.inserted_after.items() for seq in inserted}
    seen = log_filter.power is None or log_filter.power in POWERS
    candidates = opened.records() if log_filter.turn is None else span_records(opened, log_filter.turn)
    for record in candidates:
        if log_filter.matches(record):
            seen = True
            yield Row(record, index.voided_by.get(record.seq), replaced.get(record.seq, ()), anchors.get(record.seq))
        elif not seen and log_filter.power in named(record.event):
            seen = True
    if not seen and log_filter.turn is not None:  # the name may be used outside the span: look at the whole log
        seen = any(log_filter.power in named(record.event) for record in opened.records())
    if not seen:  # a name no event of the game uses: most likely misspelt
        raise InputError(
            f"no event of {timeline!r} is by or about {log_filter.power!r} (powers: {', '.join(POWERS)}; a minor "
            "country by the name its events give it)",
            field="power",
        )


def span_records(timeline: Timeline, span: GamePoint) -> list[Record]:
    """Every record that may fall in a span of game time (:meth:`GamePoint.contains` says which do), in log order,
    read without decoding the rest of the log: the events that the log's order places in the span's game turn
    (found by binary search, :func:`replays.points.seq_for_game_time`), the events elsewhere whose own time that order
    does not bound (annotations, and approximate times stored at the turn their range begins:
    :meth:`Timeline.off_order`), and the events a ruling moved (replacements and corrections in time, stored after
    the events they stand among)."""
    turn = GamePoint(span.year, span.season)
    first = seq_for_game_time(timeline, turn, before=True) + 1
    last = seq_for_game_time(timeline, turn)
    found = {record.seq: record for record in timeline.records(first, last)}
    for start, stop in ((1, first - 1), (last + 1, timeline.count)):
        if start <= stop:
            found.update((record.seq, record) for record in timeline.off_order(start, stop))
    for seq in timeline.ruling_index().replacement_of:
        if seq not in found and (record := timeline.record_at(seq)) is not None:
            found[seq] = record
    return [found[seq] for seq in sorted(found)]


def when(record: Record) -> str:
    return label(record.event)


def as_json(rows: Iterable[Row]) -> Iterator[dict[str, Any]]:
    """Rows as JSON objects for scripts: sequence number, hash, recording time, the event, and ruling marks."""
    for row in rows:
        record = row.record
        data: dict[str, Any] = {
            "seq": record.seq,
            "hash": record.hash,
            "recorded_at": record.recorded_at,
            "event": to_builtins(record.event),
        }
        if row.voided_by is not None:
            data["voided_by"] = row.voided_by
        if row.replaces:
            data["replaces"] = list(row.replaces)
        if row.inserted_after is not None:
            data["stands_after"] = row.inserted_after
        yield data
