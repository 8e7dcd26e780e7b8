"""What-if timelines: branches, promotion, pruning, and diffs between timelines.

Branches are a tree of timelines, like the variations of a PGN game: a branch has a parent, the event it forks
after, and its own events; its history is the parent's prefix plus its own. Creating a branch copies nothing (one
registry record and the branch's dice commitment), so it costs the same whatever the parent's length. A branch
re-rolls its dice from its own committed seed: its first event is a ``seed_committed`` for the rolls after the fork,
and the seed goes into the keys directory of whoever made the branch (never into the store). A ``--same-dice``
branch commits nothing: it rolls on from the parent's seed, held by whoever holds the parent's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final, NamedTuple

from awaw_events import dice
from awaw_events.errors import InputError, PointError
from awaw_events.events import AnyEvent, SeedCommitted
from awaw_events.gametime import GamePoint, label, parse_game_point, time_key
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore, Record, TimelineEntry
from replays.points import check_span, last_in_place, resolve_point, seq_for_game_time
from replays.state import state_at
from replays.views import VIEWS, Change
from replays.views import differences as view_differences

_BRANCH: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def branch_name(store: GameStore, parent: str, name: str) -> str:
    """A branch is named ``GAME/NAME`` (names are unique within a game); NAME starts with a letter or digit and
    holds letters, digits, ``.``, ``_`` and ``-`` (so never empty, ``.`` or ``..``)."""
    game = store.timeline(parent).game
    short = name.removeprefix(game + "/")
    if not _BRANCH.match(short):
        raise InputError(
            f"invalid branch name {name!r}: use letters, digits, '.', '_' or '-', starting with a letter or digit"
        )
    return f"{game}/{short}"


def create_branch(
    store: GameStore,
    parent: str,
    point: str | None,
    name: str,
    *,
    reroll: bool = True,
    keys: KeyRing | None = None,
) -> TimelineEntry:
    """``awaw branch``: a new timeline sharing ``parent``'s events up to ``point`` (default: its end).

    With ``reroll`` the branch gets its own secret seed, committed in its first event and kept in ``keys``, for
    every roll after the fork.
    """
    if reroll and keys is None:
        raise InputError("a branch with its own dice needs a keys directory for its seed (or --same-dice)")
    full = branch_name(store, parent, name)
    fork_at = resolve_point(store.open(parent), point)
    if fork_at < 1:
        raise InputError(f"a branch forks after at least the first event of {parent!r}")
    from awaw_events.log import context_of  # the log's writer: a branch is made, a diff or a board reads

    context = context_of(store, parent, fork_at)
    seed = dice.new_seed() if reroll else None
    if seed is not None and keys is not None:
        keys.put_seed(dice.commitment(seed), seed)  # before the branch exists: no commitment nobody holds
    timeline = store.create_branch(parent, full, fork_at)
    if seed is not None:
        fork = store.record_at(parent, fork_at)
        assert fork is not None
        when = fork.event
        commit = SeedCommitted(
            year=when.year,
            season=when.season,
            side=when.side,
            phase=when.phase,
            seed_commitment=dice.commitment(seed),
            first_roll=context.last_roll + 1,
        )
        store.append(full, [commit], expected_count=fork_at)
    return timeline


def children(store: GameStore, name: str) -> list[TimelineEntry]:
    return [t for t in store.timelines() if t.parent == name]


def promote(store: GameStore, branch: str, *, keep_old_as: str = "previous-main") -> tuple[str, str]:
    """Make a branch the game's main line; the old main line stays, as the branch ``GAME/<keep_old_as>``."""
    timeline = store.timeline(branch)
    if not timeline.is_branch or branch == timeline.game:
        raise InputError(f"{branch!r} is already the main line of {timeline.game!r}")
    old_name = branch_name(store, timeline.game, keep_old_as)
    if store.exists(old_name):
        raise InputError(f"a timeline named {old_name!r} already exists: choose another name for the old main line")
    store.rename(timeline.game, old_name)
    store.rename(branch, timeline.game)
    return timeline.game, old_name


def delete_branch(store: GameStore, name: str) -> None:
    """Delete a branch from which nothing forks. Main lines are never deleted (their events stay in the store)."""
    timeline = store.timeline(name)
    if name == timeline.game:
        raise InputError(f"{name!r} is the main line of its game; only branches can be deleted")
    forks = children(store, name)
    if forks:
        raise InputError(f"{name!r} cannot be deleted: {', '.join(t.name for t in forks)} fork(s) from it")
    store.delete_timeline(name)


# -------------------------------------------------------------------------------------------------------------
# Diffs


class Divergence(NamedTuple):
    """Where two timelines part: the number of events they share, and what each has after that."""

    shared: int
    only_a: list[Record]
    only_b: list[Record]


def _lineage(store: GameStore, name: str) -> list[tuple[str, int]]:
    """(stream, events of that stream's timeline taken) from the root down to the timeline itself."""
    chain: list[tuple[str, int]] = []
    timeline: TimelineEntry | None = store.timeline(name)
    upper: int | None = None
    while timeline is not None:
        chain.append((timeline.stream, upper if upper is not None else store.count(timeline.name)))
        upper = timeline.fork_at
        timeline = store.timeline(timeline.parent) if timeline.parent else None
    chain.reverse()
    return chain


def _known_shared(store: GameStore, a: str, b: str) -> int:
    """Events two timelines share by construction (a common ancestor's prefix), without reading them."""
    shared = 0
    for (stream_a, upto_a), (stream_b, upto_b) in zip(_lineage(store, a), _lineage(store, b), strict=False):
        if stream_a != stream_b:
            break
        shared = min(upto_a, upto_b)
        if upto_a != upto_b:
            break
    return shared


def divergence(store: GameStore, a: str, b: str, *, limit: int = 200) -> Divergence:
    """The first event where two timelines part (by hash: same events, same chain), and up to ``limit`` of the
    events each has that the other lacks."""
    start = _known_shared(store, a, b) + 1
    left = store.records(a, start=start)
    right = store.records(b, start=start)
    shared = start - 1
    only_a: list[Record] = []
    only_b: list[Record] = []
    for ra, rb in _zip_longest(left, right):
        if ra is not None and rb is not None and ra.hash == rb.hash and not only_a and not only_b:
            shared = ra.seq
            continue
        if ra is not None and len(only_a) < limit:
            only_a.append(ra)
        if rb is not None and len(only_b) < limit:
            only_b.append(rb)
        if len(only_a) >= limit and len(only_b) >= limit:
            break
    return Divergence(shared, only_a, only_b)


def _zip_longest(a: Iterator[Record], b: Iterator[Record]) -> Iterator[tuple[Record | None, Record | None]]:
    while True:
        x, y = next(a, None), next(b, None)
        if x is None and y is None:
            return
        yield x, y


class Diff(NamedTuple):
    """``awaw diff``: where two timelines part, and how their states differ at one game time (``point``), which is
    event ``at_a`` of ``a`` and event ``at_b`` of ``b``."""

    a: str
    b: str
    at_a: int
    at_b: int
    divergence: Divergence
    differences: dict[str, list[Change]]
    point: GamePoint | None = None

    @property
    def same(self) -> bool:
        """Whether the timelines have the same events and the same states at the point compared."""
        return not (self.divergence.only_a or self.divergence.only_b or any(self.differences.values()))


def _game_time(event: AnyEvent) -> GamePoint:
    return GamePoint(event.year, event.season, event.side, event.phase)


def compared_point(store: GameStore, a: str, b: str, at: str | None = None) -> GamePoint | None:
    """The game time at which ``awaw diff`` compares two timelines.

    By default the latest game time both reach: the phase of whichever last event comes first in the sequence of
    play (a branch against its parent, or two siblings, compared at the end of the last phase both have played).
    A game time given with ``at`` is that time on both sides; an event number or a bookmark is that event's game
    time on ``a``. ``None`` only for the point before any event (``at="0"``).
    """
    if at is None:
        last_a = last_in_place(store.open(a))
        last_b = last_in_place(store.open(b))
        if last_a is None or last_b is None:
            return None
        first = last_a if time_key(last_a.event) <= time_key(last_b.event) else last_b
        return _game_time(first.event)
    try:
        point = parse_game_point(at)
    except PointError:
        seq = resolve_point(store.open(a), at)
        record = store.record_at(a, seq) if seq else None
        return None if record is None else _game_time(record.event)
    check_span(store.open(a), point)
    check_span(store.open(b), point)
    return point


def diff(store: GameStore, a: str, b: str, *, at: str | None = None, views: tuple[str, ...] = VIEWS) -> Diff:
    """Compare two timelines: the first divergence, the events each lacks, and the state differences at one game
    time on both sides (:func:`compared_point`), each change as data with its sentence."""
    point = compared_point(store, a, b, at)
    opened_a, opened_b = store.open(a), store.open(b)
    at_a = 0 if point is None else seq_for_game_time(opened_a, point)
    at_b = 0 if point is None else seq_for_game_time(opened_b, point)
    state_a = state_at(opened_a, at_a)
    state_b = state_at(opened_b, at_b)
    differences = {view: view_differences(state_a, state_b, view) for view in views}
    return Diff(a, b, at_a, at_b, divergence(store, a, b), differences, point)


def describe(record: Record) -> str:
    """One line for an event in a diff: number, game time, type."""
    event: AnyEvent = record.event
    return f"{record.seq} {label(event)} {event.__struct_config__.tag}"
