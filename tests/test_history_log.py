"""Issue 16, the log: pre-game history in the set-up, and corrections in time that insert a fact found later at its
own game time while every event, branch and bookmark keeps its number."""

from __future__ import annotations

from typing import Any

import pytest

from awaw_events.codec import parse_event
from awaw_events.corrections import insert_events
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent, Ruling
from awaw_events.log import BatchRejected, Numbered, append_events, numbered
from awaw_events.placement import insertion_point
from awaw_events.store import GameStore
from replays.branching import create_branch, diff
from replays.points import resolve_point
from replays.state import build_snapshots, state_at


def ev(tag: str, year: int, season: str, **fields: Any) -> AnyEvent:
    return parse_event({"type": tag, "year": year, "season": season, **fields})


def created(season: str = "fall") -> AnyEvent:
    return ev("game_created", 1939, season, phase="setup")


def area(year: int, season: str, place: str, **fields: Any) -> AnyEvent:
    return ev("area_controlled", year, season, place=place, controller="germany", provenance="reported", **fields)


def chronicle(year: int, season: str, text: str, **fields: Any) -> AnyEvent:
    return ev("chronicle_entry", year, season, text=text, **fields)


def problems(events: list[AnyEvent]) -> list[tuple[str, str | None, str]]:
    from awaw_events.log import LogContext, validate_batch

    return [(e.where or "", e.field, e.message) for e in validate_batch(LogContext(), numbered(events))[1]]


# ---------------------------------------------------------------------------------------------------------------------
# Pre-game history


def test_pre_game_history_is_accepted_in_the_set_up_in_date_order() -> None:
    assert (
        problems(
            [
                created(),
                area(1938, "fall", "czechoslovakia"),
                ev("war_declared", 1939, "fall", phase="setup", aggressor="japan", target="china", brp_cost=0),
                area(1938, "winter", "danzig"),  # history after a set-up event: still the set-up
                ev("phase_started", 1939, "fall", side="axis", phase="movement"),
            ]
        )
        == []
    )


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        (
            [created(), area(1938, "winter", "danzig"), area(1938, "fall", "czechoslovakia")],
            (
                "event 3",
                "season",
                "out of game-time order: Fall 1938 comes before the pre-game history recorded before it, event 2 "
                "(area_controlled, Winter 1938); to record a fact found later at its own game time, use `awaw insert`",
            ),
        ),
        (
            [created(), ev("phase_started", 1939, "fall", side="axis", phase="movement"), area(1938, "fall", "x_y")],
            (
                "event 3",
                "season",
                "out of game-time order: Fall 1938 comes before event 2 (phase_started, Fall 1939 Axis movement)",
            ),
        ),
        (
            [created(), ev("phase_started", 1939, "summer", phase="research")],
            (
                "event 2",
                "season",
                "out of game-time order: Summer 1939 research comes before event 1 (game_created, Fall 1939 setup)",
            ),
        ),
    ],
)
def test_history_is_refused_out_of_order_after_the_game_began_and_for_the_calendar(
    events: list[AnyEvent], expected: tuple[str, str, str]
) -> None:
    found = problems(events)
    assert found and found[0][:2] == expected[:2]
    assert found[0][2].startswith(expected[2])


def test_pre_game_history_in_a_later_batch_reads_the_stored_set_up(store: GameStore) -> None:
    append_events(store, "g", numbered([created(), area(1938, "winter", "danzig")]))
    append_events(store, "g", [Numbered("line 1", area(1939, "spring", "memel"))])
    with pytest.raises(BatchRejected, match=r"history recorded before it, event 3 \(area_controlled, Spring 1939\)"):
        append_events(store, "g", [Numbered("line 1", area(1938, "fall", "sudetenland"))])
    append_events(store, "g", [Numbered("line 1", ev("phase_started", 1939, "fall", side="axis", phase="movement"))])
    with pytest.raises(BatchRejected, match=r"before event 4 \(phase_started, Fall 1939 Axis movement\).*awaw insert"):
        append_events(store, "g", [Numbered("line 1", area(1939, "summer", "memel"))])


# ---------------------------------------------------------------------------------------------------------------------
# Corrections in time


def turn(year: int, season: str) -> list[AnyEvent]:
    return [
        ev("phase_started", year, season, side="axis", phase="movement"),
        ev("track_value", year, season, side="axis", phase="movement", track="usjt", value=year - 1930),
    ]


@pytest.fixture
def game(store: GameStore) -> GameStore:
    events = [created(), *turn(1939, "fall"), *turn(1939, "winter"), *turn(1940, "spring"), *turn(1940, "summer")]
    append_events(store, "g", numbered(events))  # events 1..9
    return store


def tracks_at(store: GameStore, seq: int) -> dict[str, Any]:
    return {k: v.value for k, v in state_at(store.open("g"), seq, save=False).politics.tracks.items()}


def inserted_fact(value: int = 7) -> AnyEvent:
    return ev(
        "track_value",
        1939,
        "winter",
        side="axis",
        phase="combat",
        track="aggression_index",
        value=value,
        power="japan",
        provenance="reported",
        citation="found later",
    )


def test_a_fact_found_later_keeps_every_number_branch_and_bookmark(game: GameStore) -> None:
    store = game
    append_events(store, "g", numbered([ev("bookmark_set", 1940, "summer", name="spring", at=7)], first=10))
    create_branch(store, "g", "7", "what-if", reroll=False)
    before = [(r.seq, r.hash) for r in store.records("g")]
    records = insert_events(store, "g", [Numbered("line 1", inserted_fact())], reason="found in the report")
    ruling = records[0].event
    assert isinstance(ruling, Ruling) and ruling.insert_after == 5  # after the last event of Winter 1939 Axis ...
    assert [(r.seq, r.hash) for r in store.records("g")][: len(before)] == before  # nothing renumbered or rewritten
    assert [r.seq for r in records] == [11, 12]
    assert resolve_point(store.open("g"), "spring") == 7  # the bookmark names the same event
    assert store.timeline("g/what-if").fork_at == 7  # the branch forks where it did
    # ... and the game reads the fact at its own game time, at every point from its place on
    order = [n.seq for n in store.open("g").effective_events(1, store.count("g"))]
    assert order == [1, 2, 3, 4, 5, 12, 6, 7, 8, 9, 10, 11]
    assert tracks_at(store, 4) == {}
    assert tracks_at(store, 5) == tracks_at(store, 7) == {"japan/aggression_index": 7}
    assert resolve_point(store.open("g"), "1939-winter") == 5
    assert tracks_at(store, resolve_point(store.open("g"), "1939-winter")) == {"japan/aggression_index": 7}
    assert resolve_point(store.open("g"), "1940-summer") == store.count("g")
    # the branch forked before the correction does not have it: diff says so
    assert {k: v.value for k, v in state_at(store.open("g/what-if"), 7, save=False).politics.tracks.items()} != {
        "japan/aggression_index": 7
    }
    assert diff(store, "g", "g/what-if").divergence.only_a


def test_a_correction_is_checked_against_its_place(game: GameStore) -> None:
    store = game
    with pytest.raises(BatchRejected, match="does not fall between the events around its place") as caught:
        insert_events(store, "g", [Numbered("line 1", inserted_fact())], after=2)
    assert caught.value.where == "line 1"
    late = ev("track_value", 1940, "fall", track="usjt", value=1)
    with pytest.raises(BatchRejected, match="does not fall between"):
        insert_events(store, "g", [Numbered("line 1", late)], after=3)
    note = ev("note_added", 1939, "fall", about=2, text="x")
    with pytest.raises(BatchRejected, match="not annotations"):
        insert_events(store, "g", [Numbered("line 1", note)], after=3)
    with pytest.raises(InputError, match="cannot insert after event 10"):
        insert_events(store, "g", [Numbered("line 1", inserted_fact())], after=10)
    assert store.count("g") == 9  # nothing was written


def test_an_imported_correction_is_checked_the_same_way(game: GameStore) -> None:
    store = game
    ruling = ev("ruling", 1940, "summer", insert_after=2, replacements=1)
    with pytest.raises(BatchRejected, match="does not fall between"):
        append_events(store, "g", numbered([ruling, inserted_fact()], first=10))
    ruling = ev("ruling", 1940, "summer", insert_after=5, replacements=1)
    append_events(store, "g", numbered([ruling, inserted_fact()], first=10))
    # an inserted event is no place to insert after, nor is a voided one
    again = ev("ruling", 1940, "summer", insert_after=11, replacements=1)
    with pytest.raises(BatchRejected, match="itself moved by a ruling"):
        append_events(store, "g", numbered([again, inserted_fact(8)], first=12))


def test_a_correction_can_be_reversed_by_a_ruling(game: GameStore) -> None:
    store = game
    insert_events(store, "g", [Numbered("line 1", inserted_fact())], after=5)
    assert tracks_at(store, 9) == {"japan/aggression_index": 7}
    append_events(store, "g", numbered([ev("ruling", 1940, "summer", voids=[10])], first=12))
    assert tracks_at(store, 9) == {} and tracks_at(store, 12) == {}


def test_snapshots_taken_before_a_correction_are_not_used_after_it(game: GameStore) -> None:
    store = game
    assert build_snapshots(store.open("g"), every=2) == 4
    insert_events(store, "g", [Numbered("line 1", inserted_fact())], after=5)
    for seq in range(1, store.count("g") + 1):
        fresh = state_at(store.open("g"), seq, save=False)
        assert state_at(store.open("g"), seq).politics == fresh.politics, seq
    assert build_snapshots(store.open("g"), every=2) == 5
    assert tracks_at(store, 8) == {"japan/aggression_index": 7}
    assert state_at(store.open("g"), 8).politics.tracks["japan/aggression_index"].value == 7


def test_pre_game_history_found_later_goes_among_the_history(store: GameStore) -> None:
    append_events(
        store,
        "g",
        numbered([created(), area(1938, "fall", "czechoslovakia"), area(1939, "spring", "memel"), *turn(1939, "fall")]),
    )
    danzig = area(1938, "winter", "danzig")
    assert insertion_point(store, "g", danzig) == 2
    insert_events(store, "g", [Numbered("line 1", danzig)])
    assert [n.seq for n in store.open("g").effective_events(1, store.count("g"))] == [1, 2, 7, 3, 4, 5, 6]
    with pytest.raises(BatchRejected, match="pre-game history goes in the set-up"):
        insert_events(store, "g", [Numbered("line 1", area(1938, "spring", "austria"))], after=4)
    with pytest.raises(BatchRejected, match="the pre-game history around its place"):
        insert_events(store, "g", [Numbered("line 1", area(1937, "spring", "austria"))], after=3)


def test_insert_needs_events_and_a_game(game: GameStore) -> None:
    with pytest.raises(InputError, match="nothing to insert"):
        insert_events(game, "g", [])
    with pytest.raises(InputError, match="no game or branch named"):
        insert_events(game, "nope", [Numbered("line 1", inserted_fact())])
    with pytest.raises(InputError, match="cannot insert after event 0"):
        insert_events(game, "g", [Numbered("line 1", inserted_fact())], after=0)
