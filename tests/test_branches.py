"""What-if branches, diffs, promotion and pruning, on the example game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import msgspec
import pytest

from awaw_events.errors import InputError
from awaw_events.events import SeedCommitted
from awaw_events.gametime import GamePoint
from awaw_events.integrity import verify_chain
from awaw_events.io import read_events
from awaw_events.keys import KeyRing
from awaw_events.log import append_events, numbered
from awaw_events.store import GameStore
from projections.game import replay
from replays.branching import create_branch, delete_branch, diff, divergence, promote
from replays.points import seq_for_game_time
from replays.state import state_at
from tests.conftest import armor

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"


@pytest.fixture(scope="module")
def example_events() -> list:  # type: ignore[type-arg]
    with EXAMPLE.open() as handle:
        return [n.event for n in read_events(handle, "jsonl")]


@pytest.fixture
def game(tmp_path: Path, example_events: list) -> GameStore:  # type: ignore[type-arg]
    store = GameStore(str(tmp_path / "b.db"))
    append_events(store, "g", numbered(example_events))
    return store


def _dump(path: Path, stream: str) -> list[tuple[int, bytes]]:
    conn = sqlite3.connect(path)
    rows = conn.execute(
        "SELECT originator_version, state FROM stored_events WHERE originator_id = ? ORDER BY 1", (stream,)
    ).fetchall()
    conn.close()
    return rows


def _spring_1940_build(unit: str) -> object:
    return msgspec.structs.replace(armor(unit), year=1940, season="summer", side="allied")


@pytest.mark.parametrize("point", ["100", "1939-fall/axis/combat", "1939-winter", "700"])
def test_each_side_equals_a_fold_of_its_own_events(game: GameStore, tmp_path: Path, point: str, keys: KeyRing) -> None:
    parent_stream = game.timeline("g").stream
    before = _dump(tmp_path / "b.db", parent_stream)
    timeline = create_branch(game, "g", point, "what-if", keys=keys)
    assert timeline.name == "g/what-if"
    fork = timeline.fork_at
    first = list(game.events("g/what-if"))[fork]
    assert isinstance(first, SeedCommitted)
    # different events on both sides (game time after the fork, so they are valid on both)
    append_events(game, "g/what-if", numbered([_spring_1940_build("branch-only")]))
    append_events(game, "g", numbered([_spring_1940_build("main-only")]))
    assert _dump(tmp_path / "b.db", parent_stream)[: len(before)] == before  # the parent is untouched
    for name in ("g", "g/what-if"):
        events = list(game.events(name))
        assert state_at(game.open(name), len(events)) == replay(events)
    main_units = state_at(game.open("g"), game.count("g")).board.units
    branch_units = state_at(game.open("g/what-if"), game.count("g/what-if")).board.units
    assert "main-only" in main_units and "main-only" not in branch_units
    assert "branch-only" in branch_units and "branch-only" not in main_units
    div = divergence(game, "g", "g/what-if", limit=10_000)
    assert div.shared == fork
    assert div.only_b[0].seq == fork + 1 and isinstance(div.only_b[0].event, SeedCommitted)
    assert div.only_a[-1].event.unit == "main-only"  # type: ignore[union-attr]


def test_diff_names_state_differences(game: GameStore, keys: KeyRing) -> None:
    create_branch(game, "g", None, "more-armor", keys=keys)
    append_events(game, "g/more-armor", numbered([_spring_1940_build("extra-armor")]))
    result = diff(game, "g", "g/more-armor", at="1940-spring")  # a game time the two timelines both reach
    assert result.divergence.shared == game.count("g")
    assert result.differences["board"] == []  # the build comes later, in Summer 1940
    assert result.at_a == result.at_b - 1 == game.count("g")  # the branch's own dice commitment
    result = diff(game, "g/more-armor", "g")  # by default: the latest game time both reach
    assert result.point == GamePoint(1940, "spring", None, "end_of_game_turn")


def test_diff_compares_at_the_latest_game_time_both_reach(game: GameStore, keys: KeyRing) -> None:
    create_branch(game, "g", "1940-spring/axis/movement", "early", keys=keys)
    build = msgspec.structs.replace(armor("extra-armor"), year=1940, season="spring", side="axis")
    append_events(game, "g/early", numbered([build]))
    result = diff(game, "g", "g/early")
    assert result.point == GamePoint(1940, "spring", "axis", "unit_construction")
    assert result.at_a == seq_for_game_time(game.open("g"), result.point) < game.count("g")
    board = {c.subject: c for c in result.differences["board"]}
    assert (board["extra-armor"].a, board["extra-armor"].b) == (None, "EUR:K30")
    assert board["ger-ca-1"].b == "EUR:E33"  # sunk at Oslo in g, still afloat in the branch
    assert not result.same
    sibling = create_branch(game, "g", "1940-spring/axis/movement", "sibling", keys=keys).name
    result = diff(game, "g/early", sibling)
    assert result.point == GamePoint(1940, "spring", "axis", "movement")
    assert all(not changes for changes in result.differences.values())
    fork = game.timeline("g/early").fork_at
    by_number = diff(game, "g", "g/early", at=str(fork - 50))  # an event number: its game time on g
    record = game.record_at("g", fork - 50)
    assert record is not None
    assert by_number.point == GamePoint(record.event.year, record.event.season, record.event.side, record.event.phase)


def test_branches_of_branches_and_pruning(game: GameStore, keys: KeyRing) -> None:
    create_branch(game, "g", "300", "a", keys=keys)
    create_branch(game, "g/a", None, "b", keys=keys)
    assert game.timeline("g/b").parent == "g/a"
    with pytest.raises(InputError, match="'g/a' cannot be deleted: g/b fork"):
        delete_branch(game, "g/a")
    delete_branch(game, "g/b")
    delete_branch(game, "g/a")
    assert [t.name for t in game.timelines()] == ["g"]
    with pytest.raises(InputError, match="is the main line"):
        delete_branch(game, "g")


def test_promote_keeps_the_old_main_line(game: GameStore, keys: KeyRing) -> None:
    count = game.count("g")
    create_branch(game, "g", "500", "alt", keys=keys)
    append_events(game, "g/alt", numbered([_spring_1940_build("alt-only")]))
    promote(game, "g/alt")
    assert game.count("g") == 502
    assert game.count("g/previous-main") == count
    assert verify_chain(game, "g").ok and verify_chain(game, "g/previous-main").ok
    assert "alt-only" in state_at(game.open("g"), 502).board.units
