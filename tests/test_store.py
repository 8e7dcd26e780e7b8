"""The store contract, run against every backend: atomic batches, optimistic concurrency, hash chain, branches."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from awaw_events.codec import encode
from awaw_events.errors import ConflictError, GameExistsError, GameNotFoundError
from awaw_events.integrity import verify_chain
from awaw_events.store import GENESIS_HASH, GameStore, chain_hash
from tests.conftest import armor, created, phase, roll


def test_create_append_read(store: GameStore) -> None:
    store.create_game("g", [created(title="t")])
    records = store.append("g", [phase("combat"), roll(1), roll(2)], expected_count=1)
    assert [r.seq for r in records] == [2, 3, 4]
    assert store.count("g") == 4
    events = list(store.events("g"))
    assert events[0] == created(title="t")
    assert events[2:] == [roll(1), roll(2)]
    assert [r.seq for r in store.records("g", start=2, stop=3)] == [2, 3]
    assert store.record_at("g", 3) is not None
    assert store.record_at("g", 9) is None


def test_hash_chain_is_sha256_of_previous_and_canonical_bytes(store: GameStore) -> None:
    store.create_game("g", [created(), phase("combat")])
    first, second = store.records("g")
    assert first.hash == chain_hash(GENESIS_HASH, encode(created()))
    assert second.hash == chain_hash(first.hash, encode(phase("combat")))
    report = verify_chain(store, "g")
    assert report.ok
    assert report.events == 2
    assert report.head == second.hash


def test_same_events_same_chain_in_any_store(store: GameStore, tmp_path: Path) -> None:
    events = [created(), phase("combat"), roll(1)]
    store.create_game("a", events)
    with GameStore(str(tmp_path / "other.db")) as other:
        other.create_game("b", events)
        assert verify_chain(store, "a").head == verify_chain(other, "b").head


def test_stale_writer_gets_a_conflict_and_writes_nothing(store: GameStore) -> None:
    store.create_game("g", [created()])
    store.append("g", [phase("combat")], expected_count=1)
    with pytest.raises(ConflictError, match="has 2 events, not the 1"):
        store.append("g", [roll(1), roll(2)], expected_count=1)
    assert store.count("g") == 2


def test_game_names(store: GameStore) -> None:
    store.create_game("g", [created()])
    with pytest.raises(GameExistsError):
        store.create_game("g", [created()])
    with pytest.raises(GameNotFoundError, match="no game or timeline named 'h'"):
        store.count("h")


def test_branch_shares_the_prefix_without_copying(store: GameStore) -> None:
    store.create_game("g", [created(), phase("combat"), roll(1), roll(2)])
    store.create_branch("g", "g/what-if", 2)
    assert store.own_count("g/what-if") == 0
    assert store.count("g/what-if") == 2
    store.append("g/what-if", [roll(1, dice=[6])], expected_count=2)
    store.append("g", [roll(3)], expected_count=4)
    assert list(store.events("g/what-if"))[2:] == [roll(1, dice=[6])]
    assert len(list(store.events("g"))) == 5
    assert verify_chain(store, "g/what-if").ok
    # a branch of a branch
    store.create_branch("g/what-if", "g/deeper", 3)
    store.append("g/deeper", [roll(2, dice=[1])])
    assert list(store.events("g/deeper"))[2:] == [roll(1, dice=[6]), roll(2, dice=[1])]
    assert verify_chain(store, "g/deeper").ok


def test_two_writers_on_one_base(tmp_path: Path) -> None:
    """Two processes' worth of writers append to the same timeline at the same base: one wins, one conflicts."""
    path = str(tmp_path / "race.db")
    with GameStore(path) as setup:
        setup.create_game("g", [created()])
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def writer(n: int) -> None:
        with GameStore(path) as mine:
            barrier.wait()
            try:
                mine.append("g", [armor(f"u{n}-a"), armor(f"u{n}-b")], expected_count=1)
                outcomes.append("ok")
            except ConflictError:
                outcomes.append("conflict")

    threads = [threading.Thread(target=writer, args=(n,)) for n in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["conflict", "ok"]
    with GameStore(path) as check:
        events = list(check.events("g"))
        assert len(events) == 3
        units = {e.unit for e in events[1:]}  # type: ignore[union-attr]
        assert units in ({"u1-a", "u1-b"}, {"u2-a", "u2-b"})
        assert verify_chain(check, "g").ok


def test_writers_without_expected_count_serialize(tmp_path: Path) -> None:
    """Without an expected count, a writer that loses the race still fails whole, never interleaves."""
    path = str(tmp_path / "race.db")
    with GameStore(path) as a, GameStore(path) as b:
        a.create_game("g", [created()])
        a.append("g", [armor("x")])
        b.append("g", [armor("y")])
        assert [r.seq for r in b.records("g")] == [1, 2, 3]
        assert verify_chain(b, "g").ok


def _tamper(path: str, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql, params)
    conn.close()


def test_verify_names_a_changed_byte(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    with GameStore(path) as s:
        s.create_game("g", [created(), armor("a", cost=8), armor("b", cost=8), phase("redeployment")])
    conn = sqlite3.connect(path)
    stream, state = conn.execute(
        "SELECT originator_id, state FROM stored_events WHERE originator_version = 3 AND originator_id LIKE 'game:%'"
    ).fetchone()
    conn.close()
    assert b'"cost":8' in state
    _tamper(
        path,
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 3",
        state.replace(b'"cost":8', b'"cost":4'),
        stream,
    )
    with GameStore(path) as s:
        report = verify_chain(s, "g")
    assert not report.ok
    assert [p.seq for p in report.problems] == [3]
    assert "event 3 (unit_built) does not match its hash" in report.problems[0].message


def test_verify_names_a_deleted_row_and_a_swap(tmp_path: Path) -> None:
    path = str(tmp_path / "t.db")
    with GameStore(path) as s:
        s.create_game("g", [created(), armor("a"), armor("b"), armor("c"), phase("redeployment")])
        stream = s.timeline("g").stream
    _tamper(path, "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 3", stream)
    with GameStore(path) as s:
        report = verify_chain(s, "g")
    assert report.problems[0].seq == 3
    assert "event 3 missing" in report.problems[0].message

    path2 = str(tmp_path / "t2.db")
    with GameStore(path2) as s:
        s.create_game("g", [created(), armor("a"), armor("b"), phase("redeployment")])
        stream = s.timeline("g").stream
    conn = sqlite3.connect(path2)
    with conn:
        rows = dict(
            conn.execute(
                "SELECT originator_version, state FROM stored_events WHERE originator_id = ?", (stream,)
            ).fetchall()
        )
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 2", (rows[3], stream)
        )
        conn.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 3", (rows[2], stream)
        )
    conn.close()
    with GameStore(path2) as s:
        report = verify_chain(s, "g")
    assert [p.seq for p in report.problems][:1] == [2]


def test_a_held_list_of_timelines_sees_other_writers_after_the_block(store: GameStore) -> None:
    """``timelines_held`` reads the list of timelines once (issue 15: a round trip a look-up on PostgreSQL); a
    write from another store object is seen at once outside the block and after it, this store's own writes at once
    inside it, and a write transaction inside it reads the list afresh."""
    if store.url == ":memory:":
        pytest.skip("a second store object on ':memory:' is another database")
    store.create_game("g", [created(), phase("combat"), roll(1)])
    with GameStore(store.url) as other:
        assert other.exists("g")
        other.create_branch("g", "g/seen", 2)
        assert store.exists("g/seen")  # no block: another object's write is seen at once
        with store.timelines_held():
            other.create_branch("g", "g/later", 2)
            other.rename("g/seen", "g/renamed")
            assert store.exists("g/seen") and not store.exists("g/later")  # the list as the block found it
            assert store.count("g/seen") == 2
            store.create_branch("g", "g/mine", 3)  # a write transaction reads the list afresh
            assert store.exists("g/mine") and store.exists("g/later") and not store.exists("g/seen")
            other.delete_timeline("g/later")
            assert store.exists("g/later")
        assert not store.exists("g/later") and store.exists("g/renamed")
        assert {t.name for t in store.timelines()} == {t.name for t in other.timelines()}


def test_the_state_at_a_point_reads_the_list_of_timelines_once(
    store: GameStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from awaw_events.store import REGISTRY_STREAM
    from replays.state import state_at

    store.create_game("g", [created(), phase("combat"), roll(1), roll(2)])
    store.create_branch("g", "b", 3)
    reads: list[object] = []
    real = store._read

    def counted(sql: str, params: Any) -> Any:
        reads.append(params[0])
        return real(sql, params)

    monkeypatch.setattr(store, "_read", counted)
    state_at(store.open("b"), 3, save=False)
    assert reads.count(REGISTRY_STREAM) == 1
    assert len(reads) > 3  # it reads events, rulings and snapshots: the count above is not vacuous
