"""What may follow what in a log: game-time order, pre-game history, dice numbers and references to earlier events.

:func:`validate_batch` checks a batch of events against the end of a timeline (its :class:`LogContext`) and
returns every problem, each naming the event (line or document index) and the field; :mod:`awaw_events.log` rejects
a batch with any. An event out of game-time order is refused with the earlier event it falls before, by number,
and the way to record a fact found later at its own time (``awaw insert``).

An event that names neither a player turn nor a phase (a fact a report dates only by its season) stands somewhere
in its season: it may follow any event of the same season, and it does not move the log's game time back. What may
follow it is the table option ``history.phaseless`` (:data:`awaw_events.options.PHASELESS`): ``season_start`` (the
default) lets the rest of its season follow; ``season_end`` only the next season.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from awaw_events import rulings as rulings_mod
from awaw_events.codec import tag_of
from awaw_events.errors import InputError
from awaw_events.events import (
    AnyEvent,
    BookmarkSet,
    DiceRolled,
    Event,
    GameCreated,
    HandoffSigned,
    NoteAdded,
    Ruling,
    SeedCommitted,
)
from awaw_events.gametime import TimeKey, before_start, label, time_key
from awaw_events.options import PHASELESS, PHASELESS_AT_END
from awaw_events.store import PAGE, GameStore

MAX_ERRORS = 20
"""How many problems one rejected batch reports at most."""


NOT_HISTORY: Final = frozenset({"calendar"})
"""Event families that never stand as pre-game history: the game's own sequence of play (turns and phases)."""

INSERT_HINT: Final = "to record a fact found later at its own game time, use `awaw insert`"
"""What every game-time order error offers."""

Earlier = tuple[int, Event]
"""An earlier event of the log, with its number: what an order error names."""


class LogContext(NamedTuple):
    """What validation needs to know about a timeline before a batch: its size, game time and dice count."""

    size: int = 0
    last_time: TimeKey | None = None
    start_time: TimeKey | None = None
    last_roll: int = 0
    has_game: bool = False
    replacements_due: int = 0
    """Events still to come that replace voided ones (exempt from game-time order)."""
    inserting: bool = False
    """The events still due are inserted by a correction in time (``ruling.insert_after``), not replacements."""
    history_time: TimeKey | None = None
    """The game time of the last event dated before the game starts (pre-game history, accepted in the set-up)."""
    last_event: Earlier | None = None
    """The event that set ``last_time`` (named by an order error)."""
    history_event: Earlier | None = None
    """The event that set ``history_time``."""
    phaseless_end: bool = False
    """The game's ``history.phaseless`` is ``season_end``: an event without a phase stands at its season's end."""


def context_of(store: GameStore, timeline: str, at: int | None = None) -> LogContext:
    """The validation context after event ``at`` (default: the end of the timeline), read backwards from there
    (paging back only as far as needed)."""
    count = store.count(timeline) if at is None else at
    if count == 0:
        return LogContext()
    first = store.record_at(timeline, 1)
    start_time = time_key(first.event) if first else None
    phaseless_end = first is not None and _phaseless_end(first.event)
    last_roll = last_roll_of(store, timeline, count)
    last_time: TimeKey | None = None
    last_event: Earlier | None = None
    stop = count
    page = 8  # the last event that is not an annotation is almost always the last event
    rulings = store.rulings(timeline, stop=count)
    inserted = rulings_mod.inserted_events(rulings)
    settled = False
    while stop >= 1 and not settled:
        start = max(1, stop - page + 1)
        page = min(page * 8, PAGE)
        for record in reversed(list(store.records(timeline, start=start, stop=stop))):
            if record.event.annotation or record.seq in inserted:
                continue
            key = _bound(record.event, time_key(record.event), phaseless_end)
            if last_time is not None and key[:2] != last_time[:2]:
                settled = True  # an event without a phase of a later season: its season's start stands
                break
            if last_time is None or key > last_time:
                last_time, last_event = key, (record.seq, record.event)
            if phaseless_end or not phaseless(record.event):
                settled = True  # an event with a phase: the log's game time (an event after it in its season has
                break  # none, and did not move time back)
        stop = start - 1
    due = 0
    inserting = False
    if rulings:
        seq, ruling = rulings[-1]
        due = max(0, seq + ruling.replacements - count)
        inserting = ruling.insert_after is not None
    history: TimeKey | None = None
    history_event: Earlier | None = None
    if start_time is not None and last_time is not None and last_time <= start_time:
        # still in the set-up: pre-game history may follow, in date order after the history recorded so far
        history_event = _last_history(store, timeline, count, start_time)
        history = time_key(history_event[1]) if history_event is not None else None
        last_time = start_time
        last_event = (1, first.event) if first is not None else None
    return LogContext(
        count, last_time, start_time, last_roll, True, due, inserting, history, last_event, history_event, phaseless_end
    )


def _phaseless_end(created: Event) -> bool:
    options = getattr(created, "options", None) or {}
    return bool(options.get(PHASELESS) == PHASELESS_AT_END)


def _last_history(store: GameStore, timeline: str, count: int, start_time: TimeKey) -> Earlier | None:
    """The latest event of the pre-game history in a log still in its set-up (read once, the set-up only)."""
    latest: TimeKey | None = None
    found: Earlier | None = None
    for record in store.records(timeline, start=1, stop=count):
        key = time_key(record.event)
        if not record.event.annotation and key[:2] < start_time[:2] and (latest is None or key > latest):
            latest, found = key, (record.seq, record.event)
    return found


def last_roll_of(store: GameStore, timeline: str, at: int) -> int:
    """The number of the last roll up to event ``at``, from the last ``dice_rolled`` event itself.

    The running count stored beside each event is not covered by the hash, so it is never trusted alone: the
    larger of the two counts (a count edited down cannot make a roll number be used twice; ``verify`` names the
    edit).
    """
    stored = store.record_at(timeline, at)
    found = store.tagged(timeline, ("dice_rolled",), stop=at, last=True)
    from_events = found[0].event.roll if found and isinstance(found[0].event, DiceRolled) else 0
    return max(from_events, stored.rolls if stored else 0)


class Numbered(NamedTuple):
    """An event read from input, with where it came from (``line 12``)."""

    where: str
    event: AnyEvent


SEASON_END: Final = (9, 99)
"""The side and phase ranks of a season's end, after every phase of it."""


def phaseless(event: Event) -> bool:
    """Whether an event stands somewhere in its season, not at a point of it: it names neither a player turn nor a
    phase, and is no part of the sequence of play itself (turns and phases) and no annotation."""
    return (
        event.phase is None
        and event.side is None
        and not event.annotation
        and event.family not in NOT_HISTORY
        and type(event) is not GameCreated
    )


def _bound(event: Event, key: TimeKey, at_end: bool) -> TimeKey:
    """The game time an event leaves for the next one to follow: its own, or for an event without a phase the
    start (or, by option, the end) of its season."""
    if at_end and phaseless(event):
        return TimeKey(key[0], key[1], *SEASON_END)
    return key


def falls_before(key: TimeKey, bound: TimeKey, loose: bool) -> bool:
    """Whether a game time comes before a bound: for an event without a phase, whether its season does."""
    return key[:2] < bound[:2] if loose else key < bound


def out_of_order(event: Event, key: TimeKey, earlier: Earlier | None, bound: TimeKey, what: str = "") -> str:
    """The message of an event that comes before an earlier one: it names that event, by number, and the fix."""
    if earlier is None:
        return f"out of game-time order: {label(event)} comes before the previous event's game time; {INSERT_HINT}"
    seq, other = earlier
    end = " (it stands at the end of its season: option history.phaseless)" if bound[2:] == SEASON_END else ""
    return (
        f"out of game-time order: {label(event)} comes before {what}event {seq} ({tag_of(other)}, "
        f"{label(other)}){end}; {INSERT_HINT}"
    )


def validate_batch(context: LogContext, batch: Sequence[Numbered]) -> tuple[LogContext, list[InputError]]:
    """Check a batch against the timeline's end: the context after it, and every problem (at most ``MAX_ERRORS``)."""
    errors: list[InputError] = []
    (count, last_time, start_time, last_roll, has_game, due, inserting, history, last_event, history_event, at_end) = (
        context
    )
    for where, event in batch:
        seq = count + 1
        replacing = due > 0
        key = _time_key(event)
        loose = phaseless(event)
        # Pre-game history: an event dated before the game starts is accepted while the log is still in
        # its set-up (nothing of the game proper recorded yet), in date order among the history; so is one that a
        # correction in time inserts (its place is checked against the log by check_insertions).
        pre_game = not event.annotation and event.family not in NOT_HISTORY and before_start(key, start_time)
        in_setup = last_time is None or start_time is None or last_time <= start_time
        history_ok = pre_game and ((replacing and inserting) or (in_setup and not replacing))
        problem: tuple[str, str] | None
        if history_ok and not replacing and history is not None and falls_before(key, history, loose):
            problem = (
                "season" if key[:2] != history[:2] else "phase",
                out_of_order(event, key, history_event, history, "the pre-game history recorded before it, "),
            )
        else:
            previous = None if replacing or history_ok else last_time
            problem = _check_one(
                event, key, seq, previous, None if history_ok else start_time, last_roll, has_game, loose
            )
            if problem is not None and problem[1] == _ORDER:
                assert previous is not None
                problem = (problem[0], out_of_order(event, key, last_event, previous))
        if problem:
            field, message = problem
            errors.append(InputError(message, where=where, field=field))
            if len(errors) >= MAX_ERRORS:
                break
        count = seq
        if type(event) is GameCreated:
            has_game = True
            start_time = key
            at_end = _phaseless_end(event)
        if replacing:
            due -= 1
        elif history_ok:
            if history is None or not loose or key[:2] > history[:2]:
                history, history_event = _bound(event, key, at_end), (seq, event)
        elif not event.annotation and (last_time is None or not loose or key[:2] > last_time[:2] or at_end):
            last_time, last_event = _bound(event, key, at_end), (seq, event)
        if isinstance(event, Ruling):
            due = event.replacements
            inserting = event.insert_after is not None
        if isinstance(event, DiceRolled):
            last_roll = event.roll
    after = LogContext(
        count, last_time, start_time, last_roll, has_game, due, inserting, history, last_event, history_event, at_end
    )
    return after, errors


_TIME_KEYS: dict[tuple[int, str, str | None, str | None], TimeKey] = {}

_ORDER: Final = "out of order"
""":func:`_check_one`'s message for an event out of game-time order (the caller words it, naming the event)."""


def _time_key(event: Event) -> TimeKey:
    """:func:`time_key`, remembered (a few thousand game times at most): an import asks it for every event."""
    where = (event.year, event.season, event.side, event.phase)
    key = _TIME_KEYS.get(where)
    if key is None:
        key = _TIME_KEYS[where] = time_key(event)
    return key


def _check_one(
    event: Event,
    key: TimeKey,
    seq: int,
    last_time: TimeKey | None,
    start_time: TimeKey | None,
    last_roll: int,
    has_game: bool,
    loose: bool = False,
) -> tuple[str, str] | None:
    kind = type(event)  # the event classes are final: comparing types is isinstance, for less
    if kind is GameCreated:
        if has_game or seq != 1:
            return "type", "a game has one game_created event, and it comes first"
        return None
    if not has_game:
        return "type", f"a game starts with a game_created event, not {event.__struct_config__.tag!r}"
    if last_time is not None and not event.annotation and falls_before(key, last_time, loose):
        return ("season" if key[:2] != last_time[:2] else "phase"), _ORDER
    if start_time is not None and key[:2] < start_time[:2]:
        return "year", f"{label(event)} is before the game starts"
    if kind is DiceRolled:
        if event.roll != last_roll + 1:  # type: ignore[attr-defined]
            return "roll", f"dice are numbered without gaps: expected roll #{last_roll + 1}, got #{event.roll}"  # type: ignore[attr-defined]
        return None
    if kind is SeedCommitted:
        first, shared = event.first_roll, event.player is not None  # type: ignore[attr-defined]
        if first != last_roll + 1 and not (shared and first > last_roll):
            return "first_roll", f"the next roll is #{last_roll + 1}, not #{first}"
    roll = getattr(event, "roll", None)
    if isinstance(roll, int) and roll > last_roll:
        made = f"only {last_roll} rolls have been made (#1 to #{last_roll})" if last_roll else "no roll has been made"
        return "roll", f"refers to roll #{roll}, but {made}"
    refs: list[tuple[str, int]] = []
    if kind is Ruling:
        refs = [(f"voids[{i}]", ref) for i, ref in enumerate(event.voids)]  # type: ignore[attr-defined]
        if event.insert_after is not None:  # type: ignore[attr-defined]
            refs.append(("insert_after", event.insert_after))  # type: ignore[attr-defined]
    elif kind is BookmarkSet:
        refs = [("at", event.at)]  # type: ignore[attr-defined]
    elif kind is NoteAdded:
        refs = [("about", event.about)]  # type: ignore[attr-defined]
    elif kind is HandoffSigned:
        refs = [("at", event.at)]  # type: ignore[attr-defined]
    for field, ref in refs:
        if ref >= seq:
            return field, f"refers to event {ref}, but this is event {seq}: only earlier events can be named"
    return None
