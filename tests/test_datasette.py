"""``awaw materialize`` for Datasette: every column described, titles, and the canned queries ("BRP ledger of one
power", "all findings", "units in a hex at a point") answering what ``awaw state`` and ``awaw audit`` answer, tried
with Datasette's own test client."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.build import awaw as run

datasette_app = pytest.importorskip("datasette.app", reason="the datasette extra is not installed")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
LAST = len((EXAMPLES / "campaign-1939.jsonl").read_text().splitlines())
POINTS = (150, 300, 400, 600, LAST)
DISPUTED = (EXAMPLES / "disputed-turn.jsonl").read_text().splitlines()
LODZ = next(n for n, line in enumerate(DISPUTED, 1) if "combat_round_resolved" in line and '"pol-2"' in line)


@pytest.fixture(scope="module")
def read_model(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    folder = tmp_path_factory.mktemp("datasette")
    store = folder / "store.db"
    assert run(store, "import", "g", str(EXAMPLES / "campaign-1939.jsonl"))[0] == 0
    assert run(store, "import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"))[0] == 0
    game = folder / "game.db"
    code, out = run(store, "materialize", "g", "-o", str(game))
    assert code == 0, out
    assert f"datasette {game} -m {folder / 'game.metadata.json'}" in out
    disputed = folder / "disputed.db"
    assert run(store, "materialize", "disputed", "-o", str(disputed))[0] == 0
    return store, game, disputed


def query(db: Path, path: str) -> Any:
    metadata = json.loads(db.with_suffix(".metadata.json").read_text())
    ds = datasette_app.Datasette([str(db)], metadata=metadata)

    async def get() -> Any:
        response = await ds.client.get(path)
        assert response.status_code == 200, response.text
        return response.json() if ".json" in path else response.text

    return asyncio.run(get())


def test_every_column_of_every_table_is_described(read_model: tuple[Path, Path, Path]) -> None:
    _, game, _ = read_model
    metadata = json.loads(game.with_suffix(".metadata.json").read_text())
    tables = metadata["databases"]["game"]["tables"]
    conn = sqlite3.connect(game)
    names = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    assert {"events", "findings", "unit_history", "board_units", "brp_turns", "oil_reserves", "naval_ships"} <= set(
        names
    )
    for name in names:
        columns = [r[1] for r in conn.execute(f"pragma table_info({name})")]
        assert tables[name]["title"] and tables[name]["description"], name
        assert set(tables[name]["columns"]) == set(columns), (name, set(columns) - set(tables[name]["columns"]))
    page = query(game, "/game/board_units")
    assert "Units in play" in page and "the counter id" in page


def test_brp_ledger_of_one_power(read_model: tuple[Path, Path, Path]) -> None:
    store, game, _ = read_model
    rows = query(game, "/game/brp_ledger_of_one_power.json?power=germany&_shape=array")
    assert [r["turn"] for r in rows] == ["Fall 1939", "Winter 1939", "Spring 1940 (so far)"]
    for row, point in zip(rows, ("1939-fall", "1939-winter", "1940-spring"), strict=True):
        ledger = json.loads(run(store, "state", "g", "--at", point, "--view", "brp", "--json")[1])["brp"]
        germany = ledger["powers"]["germany"]
        assert (row["available_at_end"], row["base"], row["construction_limit"]) == (
            germany["available"],
            germany["base"],
            germany["construction_limit"],
        )
    assert query(game, "/game/brp_ledger_of_one_power.json?power=atlantis&_shape=array") == []


def test_all_findings(read_model: tuple[Path, Path, Path]) -> None:
    store, game, disputed = read_model
    rows = query(disputed, "/disputed/all_findings.json?_shape=array")
    audit = json.loads(run(store, "audit", "disputed", "--json")[1])["findings"]
    assert [(r["seq"], r["rule"], r["expected"], r["recorded"]) for r in rows] == [
        (f["seq"], f["rule"], f["expected"], f["recorded"]) for f in audit
    ]
    assert rows[0]["seq"] == LODZ and rows[0]["actor"] == "germany"
    assert query(game, "/game/all_findings.json?_shape=array") == []  # a clean game: the query still answers


def test_units_in_a_hex_at_a_point(read_model: tuple[Path, Path, Path]) -> None:
    store, game, _ = read_model
    conn = sqlite3.connect(game)
    for seq in POINTS:
        board = json.loads(run(store, "state", "g", "--at", str(seq), "--view", "board", "--json")[1])["board"]
        expected = {(u["location"], uid) for uid, u in board["units"].items()}
        stood = {
            (location, unit)
            for location, unit in conn.execute(
                "select location, unit from unit_history where from_seq <= ? and (until_seq is null or until_seq > ?)",
                (seq, seq),
            )
        }
        assert stood == expected, seq
        warsaw = query(game, f"/game/units_in_a_hex_at_a_point.json?hex=EUR:L37&event={seq}&_shape=array")
        assert {r["unit"] for r in warsaw} == {uid for where, uid in expected if where == "EUR:L37"}
