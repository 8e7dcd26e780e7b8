"""``awaw materialize`` walks the timeline once (issue 15): its tables are the ones a plain, slow reading of the log
gives, row for row and in the same order: the events, where each unit stood (compared with every unit after every
board event), the audit's findings and the state's tables."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_events.codec import tag_of, to_builtins
from awaw_events.gametime import label
from awaw_events.io import read_events
from awaw_events.log import append_events, numbered
from awaw_events.store import GameStore
from benchmarks.synthetic import events as synthetic_events
from projections import board
from projections.game import Fold
from replays import materialize as materialize_module
from replays.audit.timelines import audit_timeline
from replays.materialize import materialize
from replays.views import tables
from replays.walk import WatchedUnits

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
WBC = ROOT / "examples" / "wbc-2023-game-1" / "game.yaml"
LODZ = ROOT / "examples" / "lodz-ruling.jsonl"


def _store(tmp: Path, events: list[Any]) -> GameStore:
    store = GameStore(str(tmp / "s.db"))
    append_events(store, "g", numbered(events))
    return store


def _read(path: Path, fmt: str) -> list[Any]:
    with path.open() as handle:
        return [n.event for n in read_events(handle, fmt)]  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> GameStore:
    return _store(tmp_path_factory.mktemp("example"), _read(EXAMPLE, "jsonl"))


@pytest.fixture(scope="module")
def ruled(tmp_path_factory: pytest.TempPathFactory) -> GameStore:
    """The example game with the ruling of examples/lodz-ruling.jsonl (it voids and replaces a combat's events)."""
    events = _read(EXAMPLE, "jsonl")
    store = _store(tmp_path_factory.mktemp("ruled"), events)
    append_events(store, "g", numbered(_read(LODZ, "jsonl"), first=len(events) + 1))
    return store


@pytest.fixture(scope="module")
def wbc(tmp_path_factory: pytest.TempPathFactory) -> GameStore:
    return _store(tmp_path_factory.mktemp("wbc"), _read(WBC, "yaml"))


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> GameStore:
    return _store(tmp_path_factory.mktemp("synthetic"), list(synthetic_events(4_000)))


def _span(unit: board.Unit, since: int, until: int | None) -> tuple[Any, ...]:
    return (
        unit.id,
        unit.owner,
        unit.nationality,
        unit.unit_type,
        unit.factors,
        unit.location,
        unit.inverted,
        since,
        until,
    )


def _cell(value: Any) -> Any:
    return json.dumps(value, default=repr, ensure_ascii=False) if isinstance(value, (dict, list, tuple)) else value


def expected_tables(store: GameStore, seq: int) -> dict[str, list[Any]]:
    """Every table's rows the slow way: each event folded on its own, every unit compared after every board event
    (the way materialize read the log before it walked once), the audit run apart."""
    fold = Fold()
    standing: dict[str, tuple[int, board.Unit]] = {}
    history: list[tuple[Any, ...]] = []
    events: list[tuple[Any, ...]] = []
    for record in store.open("g").effective_records(1, seq):
        event = record.event
        fold.push(record.seq, event)
        data = json.dumps(to_builtins(event), ensure_ascii=False)
        when = (event.year, event.season, event.side, event.phase)
        events.append(
            (record.seq, label(event), *when, event.actor, tag_of(event), type(event).family, data, record.hash)
        )
        if type(event) not in board.HANDLERS.by_type:
            continue
        units = fold.state.board.units
        for unit_id in [u for u, (_, unit) in standing.items() if units.get(u) is not unit]:
            since, unit = standing.pop(unit_id)
            history.append(_span(unit, since, record.seq))
        for unit_id, unit in units.items():
            if unit_id not in standing:
                standing[unit_id] = (record.seq, unit)
    history += [_span(unit, since, None) for since, unit in standing.values()]
    counts: dict[int, int] = {}
    findings = []
    for f in audit_timeline(store.open("g"), stop=seq).findings:
        n = counts[f.seq] = counts.get(f.seq, -1) + 1
        findings.append((f.seq, n, f.game_time, f.event_type, f.rule, f.check, f.expected, f.recorded, f.message))
    events.sort()  # the table's key is the event's number: replacements stand at their own numbers
    found: dict[str, list[Any]] = {"events": events, "unit_history": history, "findings": findings}
    for name, rows in tables(fold.result()).items():
        found[name] = [{k: _cell(v) for k, v in row.items()} for row in rows]
    return found


def written_tables(store: GameStore, seq: int, path: Path) -> dict[str, list[dict[str, Any]]]:
    """Each table's rows in the order written, as dicts of their cells."""
    counts = materialize(store, "g", sqlite_utils.Database(path), seq)
    conn = sqlite3.connect(path)
    found: dict[str, list[dict[str, Any]]] = {}
    try:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
            if name.startswith("texts_fts"):
                continue  # the full-text index of the texts table
            cursor = conn.execute(f"SELECT * FROM [{name}] ORDER BY rowid")
            columns = [c[0] for c in cursor.description]
            found[name] = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
    finally:
        conn.close()
    assert {n: len(found.get(n, ())) for n in counts} == counts
    assert set(counts) == set(found)  # the tables it says it wrote are the tables in the file
    return found


def _compare(store: GameStore, seq: int, path: Path) -> dict[str, list[dict[str, Any]]]:
    written = written_tables(store, seq, path)
    expected = expected_tables(store, seq)
    assert {n for n, rows in expected.items() if rows} <= set(written)
    for name, rows in expected.items():
        got = written.get(name, [])
        if name in ("events", "unit_history", "findings"):
            assert [tuple(row.values()) for row in got] == rows, name
        else:  # the state's tables: a column a row does not have is empty in the table
            assert [{k: v for k, v in row.items() if v is not None} for row in got] == [
                {k: v for k, v in row.items() if v is not None} for row in rows
            ], name
    return written


def test_the_example_game_is_written_as_a_slow_reading_gives_it(example: GameStore, tmp_path: Path) -> None:
    written = _compare(example, example.count("g"), tmp_path / "m.db")
    assert len(written["unit_history"]) > 300


@pytest.mark.parametrize("back", [0, 4])
def test_a_ruling_is_applied_as_a_slow_reading_applies_it(ruled: GameStore, tmp_path: Path, back: int) -> None:
    """At the end, and part-way through the ruling's replacements (``back`` events before the end)."""
    seq = ruled.count("g") - back
    written = _compare(ruled, seq, tmp_path / "m.db")
    assert any(row["type"] == "ruling" for row in written["events"])
    assert len(written["events"]) < seq  # the events the ruling voids are not in the effective log


def test_approximate_game_times_keep_their_range(wbc: GameStore, tmp_path: Path) -> None:
    written = _compare(wbc, wbc.count("g"), tmp_path / "m.db")
    labels = [row["game_time"] for row in written["events"]]
    assert any(" to " in text for text in labels) and any(" to " not in text for text in labels)


@pytest.mark.parametrize(("at", "batch"), [(None, None), (2_345, 7)])
def test_a_synthetic_campaign_is_written_as_a_slow_reading_gives_it(
    synthetic: GameStore, tmp_path: Path, at: int | None, batch: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the end of the archive, and mid-way with the rows written a few at a time as the walk goes."""
    if batch is not None:
        monkeypatch.setattr(materialize_module, "BATCH", batch)
    seq = synthetic.count("g") if at is None else at
    written = _compare(synthetic, seq, tmp_path / "m.db")
    history = written["unit_history"]
    assert max(row["from_seq"] for row in history) <= seq
    assert sum(1 for row in history if row["until_seq"] is not None) > 500  # units moved, changed and died


_OPS = st.lists(
    st.tuples(st.sampled_from(["set", "del", "pop", "setdefault", "update", "popitem"]), st.integers(0, 9)),
    max_size=60,
)


@settings(max_examples=200, deadline=None)
@given(ops=_OPS)
def test_the_watched_board_knows_its_own_order_and_what_changed(ops: list[tuple[str, int]]) -> None:
    """Whatever handlers do to the units, the watched dict orders its keys as a dict does and names every key
    whose value changed since it was last asked."""
    unit = board.Unit(id="u", owner="germany", nationality="germany", unit_type="infantry", factors=1, location="x")
    watched = WatchedUnits({"k0": unit, "k1": unit})
    watched.take()
    before = dict(watched)
    for n, (op, k) in enumerate(ops):
        key, value = (
            f"k{k}",
            board.Unit(
                id=str(n), owner="germany", nationality="germany", unit_type="infantry", factors=1, location="x"
            ),
        )
        if op == "set":
            watched[key] = value
        elif op == "del" and key in watched:
            del watched[key]
        elif op == "pop":
            watched.pop(key, None)
        elif op == "setdefault":
            watched.setdefault(key, value)
        elif op == "update":
            watched.update({key: value, f"k{(k + 3) % 10}": value})
        elif op == "popitem" and watched:
            watched.popitem()
    assert sorted(watched, key=watched.order.__getitem__) == list(watched)
    changed = {k for k in before.keys() | watched.keys() if before.get(k) is not watched.get(k)}
    was = watched.take()
    assert changed <= was.keys()
    assert all(was[k] is before.get(k) for k in was)  # each as it stood before the first change


def test_the_findings_come_from_the_kept_audit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second read model of a game checks no event and folds each once (its walk): the audit's findings are the
    reports the first one's audit kept, and the tables are the same."""
    from replays.audit import engine

    store = _store(tmp_path, _read(EXAMPLE, "jsonl"))
    seq = store.count("g")
    first = written_tables(store, seq, tmp_path / "a.db")
    pushed: list[int] = []
    original = Fold.push

    def counted(self: Any, number: int, event: Any) -> None:
        pushed.append(number)
        original(self, number, event)

    monkeypatch.setattr(Fold, "push", counted)
    monkeypatch.setattr(engine, "run", lambda *a, **k: pytest.fail("audited again"))
    again = written_tables(store, seq, tmp_path / "b.db")
    assert sorted(pushed) == list(range(1, seq + 1))
    assert again == first
