"""Copying games between stores (``awaw copy``): SQLite to PostgreSQL and back, whole or not at all.

A game goes with every timeline it has (the main line and its branches, with their names and fork points), and so
with its rulings, bookmarks and dice commitments, which are events. Records are copied as stored (their recording
times and roll counts kept), each one checked on the way: its number follows, and its hash chains onto the one
before, so a damaged source is refused rather than copied. Snapshots are a cache and are rebuilt where needed.
Everything lands in one transaction of the destination, which ends by comparing every timeline's head hash with
the source's; the map data the game declares (kept in the store under its hash) goes along.

Secret dice seeds are in no store (they live in the keys directory of whoever hosts the dice), so a copy carries
none. A store made before that kept them beside the games; those move only when asked, into a keys directory, so
that whoever hosts the dice can roll on from the copy.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import NamedTuple

from awaw_events import dice
from awaw_events.errors import GameExistsError, GameNotFoundError, InputError, StoreError
from awaw_events.events import MapDataChanged, MapDataUsed
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore, TimelineEntry


class Copied(NamedTuple):
    """One game copied: its timelines, the events they hold themselves, its head, and the seeds that older stores
    kept beside it that went into a keys directory (only when asked)."""

    game: str
    timelines: int
    events: int
    head: str
    secrets: int


def _same_store(a: GameStore, b: GameStore) -> bool:
    if a.kind != b.kind:
        return False
    if a.kind == "sqlite" and ":memory:" not in (a.url, b.url):
        return os.path.realpath(a.url.removeprefix("sqlite:///")) == os.path.realpath(b.url.removeprefix("sqlite:///"))
    return a.url == b.url


def _parents_first(timelines: Sequence[TimelineEntry]) -> list[TimelineEntry]:
    """Timelines ordered so that each comes after its parent (a promoted branch keeps its parent: the old main)."""
    ordered: list[TimelineEntry] = []
    placed: set[str] = set()
    waiting = list(timelines)
    while waiting:
        ready = [t for t in waiting if t.parent is None or t.parent in placed]
        if not ready:  # pragma: no cover - a registry always has roots
            raise StoreError(f"the timelines {', '.join(t.name for t in waiting)} have no root to start from")
        for timeline in ready:
            ordered.append(timeline)
            placed.add(timeline.name)
        waiting = [t for t in waiting if t.name not in placed]
    return ordered


def copy_games(
    source: GameStore,
    target: GameStore,
    games: Sequence[str] = (),
    *,
    secrets: KeyRing | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Copied]:
    """Copy ``games`` (default: every game of ``source``) into ``target``; returns what was copied.

    Nothing is written if any game (or any of its timelines) already exists in ``target``, if the source is damaged,
    or if a head differs at the end. With ``secrets``, the seeds an older ``source`` kept beside the games go into
    that keys directory (after the events).
    """
    if _same_store(source, target):
        raise InputError(f"the source and the destination are the same store ({source.url!r})")
    everything = source.timelines()
    names = list(dict.fromkeys(games)) or list(dict.fromkeys(t.game for t in everything))
    for name in names:
        timeline = source.timeline(name)  # GameNotFoundError names the known ones
        if timeline.game != name:
            raise GameNotFoundError(f"{name!r} is a branch of {timeline.game!r}: copy the game, its branches go along")
    copied: list[Copied] = []
    done = 0
    with target.transaction():
        for game in names:
            timelines = _parents_first([t for t in everything if t.game == game])
            taken = [t.name for t in timelines if target.exists(t.name)]
            if taken:
                raise GameExistsError(
                    f"{', '.join(map(repr, taken))} already exist(s) in {target.url!r}; nothing was copied"
                )
            events = 0
            for timeline in timelines:
                target.add_timeline(timeline)
                _copy_map_data(source, target, timeline.name)
                own = source.stored(timeline.name, start=timeline.fork_at + 1)
                head = target.append_stored(timeline.name, own)
                events += (head.seq if head else 0) - timeline.fork_at
                done += (head.seq if head else 0) - timeline.fork_at
                if progress:
                    progress(done)
            for timeline in timelines:
                theirs, ours = source.head_record(timeline.name), target.head_record(timeline.name)
                if (theirs and theirs.hash) != (ours and ours.hash):
                    raise StoreError(
                        f"the copy of {timeline.name!r} does not end at the source's head; nothing was copied"
                    )
            main = target.head_record(game)
            copied.append(Copied(game, len(timelines), events, main.hash if main else "", 0))
    if secrets is not None:
        copied = [c._replace(secrets=_move_legacy_seeds(source, secrets, c.game, everything)) for c in copied]
    return copied


def _copy_map_data(source: GameStore, target: GameStore, timeline: str) -> None:
    """The map-data files a timeline declares, kept in the target store under their hashes as in the source."""
    for record in source.tagged(timeline, ("map_data_used", "map_data_changed")):
        if (
            isinstance(record.event, (MapDataUsed, MapDataChanged))
            and (content := source.map_data(record.event.sha256)) is not None
        ):
            target.put_map_data(record.event.sha256, content)


def _move_legacy_seeds(source: GameStore, keys: KeyRing, game: str, timelines: Sequence[TimelineEntry]) -> int:
    """The dice seeds an older store kept beside a game's timelines, put into ``keys`` (the source keeps them)."""
    moved = 0
    for timeline in timelines:
        if timeline.game == game and (seed := source.legacy_secret(timeline.name)) is not None:
            keys.put_seed(dice.commitment(seed), seed)
            moved += 1
    return moved
