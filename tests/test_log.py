"""What may enter a timeline: game_created first, game time in order, gap-free dice, references backwards."""

from __future__ import annotations

import pytest

from awaw_events.events import BookmarkSet, NoteAdded, PhaseStarted, Ruling
from awaw_events.log import BatchRejected, LogContext, Numbered, append_events, numbered, validate_batch
from awaw_events.store import GameStore
from tests.conftest import armor, created, phase, roll


def problems(events: list, context: LogContext | None = None) -> list[tuple[str | None, str | None, str]]:
    _, errors = validate_batch(context or LogContext(), numbered(events, prefix="line"))
    return [(e.where, e.field, e.message) for e in errors]


def test_a_sound_batch_passes() -> None:
    assert problems([created(), phase("movement"), phase("combat"), roll(1), roll(2)]) == []


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([phase("combat")], ("line 1", "type", "a game starts with a game_created event, not 'phase_started'")),
        ([created(), created()], ("line 2", "type", "a game has one game_created event, and it comes first")),
        (
            [created(), phase("combat"), phase("movement")],
            (
                "line 3",
                "phase",
                "out of game-time order: Fall 1939 Axis movement comes before event 2 (phase_started, Fall 1939 Axis "
                "combat); to record a fact found later at its own game time, use `awaw insert`",
            ),
        ),
        (
            [created(), phase("combat", side="allied"), phase("combat", side="axis")],
            (
                "line 3",
                "phase",
                "out of game-time order: Fall 1939 Axis combat comes before event 2 (phase_started, Fall 1939 Allied "
                "combat); to record a fact found later at its own game time, use `awaw insert`",
            ),
        ),
        ([created(), roll(2)], ("line 2", "roll", "dice are numbered without gaps: expected roll #1, got #2")),
        ([created(), roll(1), roll(1)], ("line 3", "roll", "dice are numbered without gaps: expected roll #2, got #1")),
        (
            [created(), PhaseStarted(year=1939, season="summer")],
            (
                "line 2",
                "season",
                "out of game-time order: Summer 1939 comes before event 1 (game_created, Fall 1939 setup); to record "
                "a fact found later at its own game time, use `awaw insert`",
            ),
        ),
        (
            [created(), NoteAdded(year=1939, season="fall", about=2, text="x")],
            ("line 2", "about", "refers to event 2, but this is event 2: only earlier events can be named"),
        ),
        (
            [created(), Ruling(year=1939, season="fall", voids=[5])],
            ("line 2", "voids[0]", "refers to event 5, but this is event 2: only earlier events can be named"),
        ),
    ],
)
def test_problems_name_line_and_field(events: list, expected: tuple[str, str, str]) -> None:
    assert problems(events)[0] == expected


def test_annotations_may_carry_an_earlier_game_time() -> None:
    later = PhaseStarted(year=1940, season="spring", side="axis", phase="movement")
    note = NoteAdded(year=1939, season="fall", about=2, text="the invasion of Poland")
    mark = BookmarkSet(year=1939, season="fall", name="Poland falls", at=2)
    assert problems([created(), later, note, mark]) == []


def test_combat_result_must_refer_to_an_existing_roll() -> None:
    from awaw_events.events import CombatRoundResolved

    result = CombatRoundResolved(year=1939, season="fall", side="axis", phase="combat", attack="a1", roll=1, result="D")
    assert problems([created(), result]) == [("line 2", "roll", "refers to roll #1, but no roll has been made")]
    assert problems([created(), roll(1), result]) == []


def test_append_is_all_or_nothing(store: GameStore) -> None:
    append_events(store, "g", numbered([created(), phase("combat"), roll(1)]))
    good = [roll(2), armor("a"), armor("b")]
    bad = [roll(2), roll(5), armor("a")]
    with pytest.raises(BatchRejected) as info:
        append_events(store, "g", [Numbered(f"line {i}", e) for i, e in enumerate(bad, start=1)])
    assert str(info.value) == "line 2, field 'roll': dice are numbered without gaps: expected roll #3, got #5"
    assert store.count("g") == 3
    append_events(store, "g", numbered(good))
    assert store.count("g") == 6


def test_validation_continues_across_chunks(store: GameStore) -> None:
    events = [created(), phase("combat"), *(roll(n) for n in range(1, 30))]
    append_events(store, "g", numbered(events), chunk=7)
    assert store.count("g") == 31
    with pytest.raises(BatchRejected, match="expected roll #30, got #31"):
        append_events(store, "g", numbered([roll(31)]), chunk=7)
