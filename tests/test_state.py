"""State at any point: points, snapshots (a cache that never changes an answer), rulings, read models."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlite_utils
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.errors import PointError
from awaw_events.events import Ruling
from awaw_events.io import read_events
from awaw_events.log import append_events, numbered
from awaw_events.store import GameStore
from projections.game import CODE_VERSION, replay
from replays.materialize import materialize
from replays.points import resolve_point
from replays.state import build_snapshots, state_at

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"


@pytest.fixture(scope="module")
def events() -> list:  # type: ignore[type-arg]
    with EXAMPLE.open() as handle:
        return [n.event for n in read_events(handle, "jsonl")]


@pytest.fixture(scope="module")
def snapshotted(tmp_path_factory: pytest.TempPathFactory, events: list) -> GameStore:  # type: ignore[type-arg]
    store = GameStore(str(tmp_path_factory.mktemp("state") / "s.db"))
    append_events(store, "g", numbered(events))
    assert build_snapshots(store.open("g"), every=50) == len(events) // 50
    return store


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_state_from_a_snapshot_equals_a_full_fold(snapshotted: GameStore, events: list, data: st.DataObject) -> None:  # type: ignore[type-arg]
    point = data.draw(st.integers(0, len(events)))
    assert state_at(snapshotted.open("g"), point, save=False) == replay(events[:point])


def test_snapshots_are_kept_on_the_grid_and_the_nearest_is_read(snapshotted: GameStore) -> None:
    found = snapshotted.snapshot_at_or_before("g", 175, CODE_VERSION)
    assert found is not None
    assert found[0] == 150


@pytest.mark.parametrize(
    ("text", "before"),
    [
        ("1939-fall", False),
        ("1939-fall", True),
        ("1939-winter", True),
        ("1939-fall/axis", False),
        ("1939-fall/allied", True),
        ("1939-fall/setup", False),
        ("1940-spring/year_start", True),
        ("1940-spring/axis/combat", False),
        ("1940-spring/axis/combat", True),
    ],
)
def test_points_resolve_by_game_time(snapshotted: GameStore, events: list, text: str, before: bool) -> None:  # type: ignore[type-arg]
    """A game time names the end of its span (or its start with ``before``), found by binary search."""
    from awaw_events.gametime import parse_game_point

    point = parse_game_point(text)
    inside = [i for i, e in enumerate(events, start=1) if point.contains(e)]
    assert resolve_point(snapshotted.open("g"), text, before=before) == (inside[0] - 1 if before else inside[-1])


def test_event_numbers_and_bookmarks(snapshotted: GameStore) -> None:
    assert resolve_point(snapshotted.open("g"), "12") == 12
    assert resolve_point(snapshotted.open("g"), "12", before=True) == 11
    name, at = next((b.name, b.at) for _, b in snapshotted.bookmarks("g"))
    assert resolve_point(snapshotted.open("g"), name) == at


def test_bad_points_are_explained(snapshotted: GameStore) -> None:
    count = snapshotted.count("g")
    with pytest.raises(PointError, match=f"has events 1 to {count}, not 900"):
        resolve_point(snapshotted.open("g"), "900")
    with pytest.raises(PointError, match="is neither an event number, a game time"):
        resolve_point(snapshotted.open("g"), "barbarossa")


def test_a_ruling_makes_older_snapshots_stale(tmp_path: Path, events: list) -> None:  # type: ignore[type-arg]
    store = GameStore(str(tmp_path / "r.db"))
    append_events(store, "g", numbered(events))
    build_snapshots(store.open("g"), every=100)
    # void the elimination of a Polish unit in Fall 1939: every later snapshot is stale
    target = next(i for i, e in enumerate(events, start=1) if type(e).__name__ == "UnitEliminated")
    unit = events[target - 1].unit
    last = events[-1]
    ruling = Ruling(
        year=last.year, season=last.season, side=last.side, phase=last.phase, voids=[target], rule="15.6", reason="test"
    )
    append_events(store, "g", numbered([ruling], first=len(events) + 1))
    state = state_at(store.open("g"), store.count("g"), save=False)
    assert unit in state.board.units
    expected = replay([e for i, e in enumerate(events, start=1) if i != target] + [ruling])
    assert state.board == expected.board


def test_materialize_writes_plain_tables(snapshotted: GameStore, tmp_path: Path) -> None:
    path = tmp_path / "read.db"
    count = snapshotted.count("g")
    counts = materialize(snapshotted, "g", sqlite_utils.Database(path), count)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == count
    assert conn.execute("SELECT at_event FROM awaw_meta").fetchone()[0] == count
    assert counts["board_units"] == conn.execute("SELECT count(*) FROM board_units").fetchone()[0] > 100
    conn.close()
