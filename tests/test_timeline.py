"""A timeline opened once (:meth:`GameStore.open`): its registry entry, length and rulings read in one read
transaction and handed down as a value, so ``awaw audit`` and ``awaw state`` on a game with a ruling read the list
of timelines once and the rulings once, whatever the points and the audit ask (on PostgreSQL each read is a round
trip); and the opened timeline reads the log as it stood when it was opened."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.errors import GameNotFoundError
from awaw_events.events import Ruling
from awaw_events.store import REGISTRY_STREAM, GameStore
from replays.cli import cli
from replays.points import resolve_point
from replays.state import state_at
from tests.conftest import POSTGRES_DSN, _postgres_store, created, phase, roll

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _kind(stream: object) -> str:
    text = str(stream)
    if text == REGISTRY_STREAM:
        return "registry"
    for kind in ("rulings", "bookmarks", "snapshot"):
        if text.startswith(f"awaw:{kind}:"):
            return kind
    return "events"


@pytest.fixture(params=["sqlite", *(["postgres"] if POSTGRES_DSN else [])])
def ruled(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[..., Counter[str]]:
    """The disputed turn with the Lodz ruling (it voids event 321 and replaces it), and a way to run a command on it
    that counts the store's reads by what they read."""
    if request.param == "postgres":
        _postgres_store().close()  # an empty database
        db = str(POSTGRES_DSN)
    else:
        db = str(tmp_path / "g.db")
    runner = CliRunner()
    game = (EXAMPLES / "disputed-turn.jsonl").read_text() + (EXAMPLES / "lodz-ruling.jsonl").read_text()
    (tmp_path / "g.jsonl").write_text(game)
    assert runner.invoke(cli, ["--db", db, "import", "g", str(tmp_path / "g.jsonl"), "--no-audit"]).exit_code == 0

    def counted(*args: str) -> Counter[str]:
        reads: Counter[str] = Counter()
        real = GameStore._read

        def read(self: GameStore, sql: str, params: Any) -> Any:
            reads[_kind(params[0]) if params else "events"] += 1
            return real(self, sql, params)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(GameStore, "_read", read)
            result = runner.invoke(cli, ["--db", db, *args])
        assert result.exit_code in (0, 1), result.output  # 1: the audit has findings
        return reads

    return counted


@pytest.mark.parametrize(
    "command",
    [
        ("audit", "g"),
        ("audit", "g", "--from", "1939-fall/axis/combat", "--to", "330"),
        ("state", "g"),
        ("state", "g", "--at", "1939-fall/axis/combat", "--view", "board"),
        ("state", "g", "--at", "321", "--before"),
    ],
)
def test_a_command_reads_the_list_of_timelines_and_the_rulings_once(
    ruled: Callable[..., Counter[str]], command: tuple[str, ...]
) -> None:
    reads = ruled(*command)
    assert reads["registry"] == 1
    assert reads["rulings"] == 1
    assert reads["events"] > 1  # it reads events: the counts above are not vacuous


def _ruling(voids: list[int]) -> Ruling:
    return Ruling(
        year=1939, season="fall", side="axis", phase="combat", voids=voids, reason="recorded twice", rule="2.1"
    )  # type: ignore[arg-type]


def test_an_opened_timeline_reads_the_log_as_it_stood_when_opened(store: GameStore) -> None:
    store.create_game("g", [created(), phase("combat"), roll(1), roll(2)])
    store.append("g", [_ruling([3])])
    opened = store.open("g")
    store.append("g", [roll(3), _ruling([4])])
    assert (opened.name, opened.count) == ("g", 5)
    assert [s for s, _ in opened.rulings] == [5]
    assert [r.seq for r in opened.records()] == [1, 2, 3, 4, 5]
    assert [n.seq for n in opened.effective_events(1, 5)] == [1, 2, 4, 5]
    assert opened.record_at(6) is None and opened.record_at(0) is None
    assert resolve_point(opened, None) == 5
    again = store.open("g")
    assert again.count == 7
    assert [n.seq for n in again.effective_events(1, 7)] == [1, 2, 5, 6, 7]
    assert state_at(opened, 5, save=False) == state_at(again, 5, save=False)


def test_an_opened_branch_reads_its_parent_before_the_fork(store: GameStore) -> None:
    store.create_game("g", [created(), phase("combat"), roll(1), roll(2)])
    store.create_branch("g", "g/b", 3)
    empty = store.open("g/b")
    assert empty.count == 3 and [r.seq for r in empty.records()] == [1, 2, 3]
    store.append("g/b", [roll(7), _ruling([2])])
    branch = store.open("g/b")
    assert branch.count == 5 and branch.entry.parent == "g"
    assert [(r.seq, r.event) for r in branch.records()] == [
        (r.seq, r.event) for r in [*store.records("g", stop=3), *store.records("g/b", start=4)]
    ]
    assert [s for s, _ in branch.rulings] == [5]
    assert [r.seq for r in branch.records(2, 4)] == [2, 3, 4]
    assert [n.seq for n in branch.effective_events(1, 5)] == [1, 3, 4, 5]


def test_opening_a_timeline_that_is_not_there_names_the_ones_that_are(store: GameStore) -> None:
    store.create_game("g", [created()])
    with pytest.raises(GameNotFoundError, match=r"no game or timeline named 'h' \(known: g\)"):
        store.open("h")


def test_opening_reads_in_one_read_transaction(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry, the length and the rulings are read inside one read transaction (a consistent view), and no read
    of the registry or of the rulings follows when the state and the points are asked for."""
    store.create_game("g", [created(), phase("combat"), roll(1), roll(2)])
    store.append("g", [_ruling([3])])
    inside: list[bool] = []
    real = store._read

    def read(sql: str, params: Any) -> Any:
        inside.append(store._reading is not None)
        return real(sql, params)

    monkeypatch.setattr(store, "_read", read)
    opened = store.open("g")
    assert inside and all(inside)
    del inside[:]
    monkeypatch.setattr(store, "_read", lambda sql, params: inside.append(_kind(params[0])) or real(sql, params))
    state_at(opened, resolve_point(opened, "4"), save=False)
    assert "registry" not in inside and "rulings" not in inside and "events" in inside
