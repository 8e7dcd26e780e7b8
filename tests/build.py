"""The tests' builder: games and positions made the way players make them, and audits of them.

A position is written in one line (:mod:`replays.notation`) and becomes the events ``awaw new --setup`` records for
it: :func:`position` starts the game in a store of its own with :func:`awaw_events.log.start_game`, as the command
does, so a test's position is a real game's opening, never a hand-made imitation of one::

    events = position("1939-fall axis movement | ger: arm-3 4-6 EUR:M35 | ctrl poland EUR:L36")
    report = audit([*events, move("ger-arm-3", "EUR:M35", "EUR:M36")])
"""

from __future__ import annotations

from collections.abc import Sequence

from awaw_events.events import AnyEvent, Event, GameCreated, MapDataUsed
from awaw_events.gametime import GamePoint
from awaw_events.log import MapDataFile, start_game
from awaw_events.store import GameStore, Record
from projections.core import MapDataRef
from projections.rules.mapdata import MapData
from replays import notation
from replays.audit.catalogue import audit as run_audit
from replays.audit.engine import AuditReport
from replays.setup import setup_events, start_point


def position(line: str, *, map_data: MapDataFile | None = None) -> list[AnyEvent]:
    """The events a game starts with from the position ``line`` describes, as ``awaw new --setup`` records them:
    ``game_created`` (the line's rule set and options), ``map_data_used`` when ``map_data`` is given, the set-up
    events and those that bring the clock to the point of play."""
    setup = notation.parse_line(line)
    point = start_point(setup)
    with GameStore(":memory:") as store:
        start_game(
            store,
            "position",
            rules=setup.rules,
            options=setup.options,
            title=setup.title,
            start=GamePoint(point.year, point.season),
            variant=setup.variant,
            scenario=setup.scenario,
            setup=setup_events(setup),
            seeded=False,
            map_data=map_data,
        )
        return list(store.events("position"))


def game(line: str, *events: Event, name: str = "g", store: GameStore | None = None) -> GameStore:
    """A stored game started from ``line`` with ``events`` after its opening (a ``:memory:`` store unless one is
    given)."""
    from awaw_events.log import append_events, numbered

    store = store or GameStore(":memory:")
    opening = position(line)
    append_events(store, name, numbered([*opening, *events]))
    return store


def records(events: Sequence[Event | AnyEvent]) -> list[Record]:
    """The events numbered from 1, as records of a stored log."""
    return [Record(seq, event, "", "", 0) for seq, event in enumerate(events, start=1)]  # type: ignore[arg-type]


def declared(data: MapData) -> MapDataUsed:
    """The ``map_data_used`` event of a test's map data."""
    return MapDataUsed(
        year=1939, season="fall", phase="setup", name=data.name, version=data.version, sha256=data.sha256
    )


def audit(events: Sequence[Event | AnyEvent], rule: str | None = None, data: MapData | None = None) -> AuditReport:
    """The audit of ``events`` (numbered from 1) with the checks whose rule starts with ``rule``; with ``data``, the
    game declares that map data (a ``map_data_used`` right after ``game_created`` unless the events hold one)."""
    listed = list(events)
    if data is None:
        return run_audit(records(listed), rule_prefix=rule)
    if not any(isinstance(e, MapDataUsed) for e in listed):
        first = 1 if listed and isinstance(listed[0], GameCreated) else 0
        listed = [*listed[:first], declared(data), *listed[first:]]

    def maps(ref: MapDataRef) -> tuple[MapData | None, str | None]:
        return (data, None) if ref.sha256 == data.sha256 else (None, "not the test's map data")

    return run_audit(records(listed), rule_prefix=rule, maps=maps)
