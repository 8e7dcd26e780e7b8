"""``awaw materialize`` for Datasette: every column described, titles, facets, the canned queries ("BRP ledger of one
power", "all findings", "units in a hex at a point", "attacks and their rounds", "search notes, the chronicle and
citations") answering what ``awaw state`` and ``awaw audit`` answer, what happened as tables linked to the events
(moves, attacks and rounds, rolls, builds, redeployments), full-text search, and the table count it prints being
the count it wrote; tried with Datasette's own test client."""

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


@pytest.fixture(scope="module")
def wbc(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    """The historical example's read model (chronicle entries and citations to search)."""
    folder = tmp_path_factory.mktemp("wbc")
    store = folder / "store.db"
    assert run(store, "import", "wbc", str(EXAMPLES / "wbc-2023-game-1" / "game.yaml"))[0] == 0
    assert run(store, "note", "wbc", "20", "the Spain roll: see the report's 1940 paragraph")[0] == 0
    model = folder / "wbc.db"
    code, out = run(store, "materialize", "wbc", "-o", str(model))
    assert code == 0, out
    return store, model, out


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
        if name.startswith("texts_fts"):  # the full-text index's own tables: hidden
            assert tables[name] == {"hidden": True}
            continue
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


def _events_of(kind: str) -> list[dict[str, Any]]:
    lines = (EXAMPLES / "campaign-1939.jsonl").read_text().splitlines()
    return [{"seq": n, **json.loads(line)} for n, line in enumerate(lines, 1) if f'"type":"{kind}"' in line]


def test_what_happened_is_in_tables_linked_to_their_events(read_model: tuple[Path, Path, Path]) -> None:
    store, game, _ = read_model
    conn = sqlite3.connect(game)
    assert conn.execute("pragma foreign_key_check").fetchall() == []
    for table, kind in (
        ("moves", "unit_moved"),
        ("attacks", "attack_declared"),
        ("rounds", "combat_round_resolved"),
        ("rolls", "dice_rolled"),
        ("builds", "unit_built"),
        ("redeployments", "unit_redeployed"),
    ):
        seqs = [r[0] for r in conn.execute(f"select seq from {table} order by seq")]
        assert seqs == [e["seq"] for e in _events_of(kind)], table
        types = {r[0] for r in conn.execute(f"select events.type from {table} join events using (seq)")}
        assert types == {kind}, table
    foreign = {
        (table, row[2], row[3], row[4])
        for table in ("moves", "rounds", "attack_units", "texts")
        for row in conn.execute(f"pragma foreign_key_list({table})")
    }
    assert ("rounds", "attacks", "attack_seq", "seq") in foreign and ("rounds", "rolls", "roll_seq", "seq") in foreign
    assert ("moves", "events", "seq", "seq") in foreign and ("attack_units", "attacks", "attack_seq", "seq") in foreign
    # a move starts where the board had the unit before it (the first move of the game, from the state before)
    first = _events_of("unit_moved")[0]
    before = json.loads(run(store, "state", "g", "--at", str(first["seq"] - 1), "--view", "board", "--json")[1])
    row = conn.execute("select unit, from_location, to_location, path from moves where seq = ?", (first["seq"],))
    assert row.fetchone() == (
        first["unit"],
        before["board"]["units"][first["unit"]]["location"],
        first["path"][-1],
        " ".join(first["path"]),
    )
    # Lodz, by hand: pol-2 declared with ger-arm-3, ger-inf-4, 5, 6 (4 + 3 + 3 + 3 = 13) against pol-inf-3, 4, 5
    # (2 + 2 + 2 = 6); round 1 at 18 against 12 (with the AAF's support and the DM), 1:1, die 3, Ex
    lodz = conn.execute(
        "select rounds.attack_strength, rounds.defence_strength, rounds.odds, rolls.dice, rounds.result, "
        "attacks.attack_factors, attacks.defence_factors "
        "from rounds join attacks on attacks.seq = rounds.attack_seq join rolls on rolls.seq = rounds.roll_seq "
        "where rounds.attack = 'pol-2'"
    ).fetchall()
    assert lodz == [(18, 12, "1:1", "3", "Ex", 13, 6)]
    units = conn.execute("select role, factors from attack_units where attack = 'pol-2' and unit = 'ger-inf-4'")
    assert units.fetchall() == [("attacker", 3)]
    rounds = query(game, "/game/attacks_and_their_rounds.json?_shape=array")
    assert [r["result"] for r in rounds if r["attack"] == "pol-2"] == ["Ex"]


def test_facets_are_in_the_metadata_and_answer(read_model: tuple[Path, Path, Path]) -> None:
    _, game, _ = read_model
    metadata = json.loads(game.with_suffix(".metadata.json").read_text())
    tables = metadata["databases"]["game"]["tables"]
    assert tables["events"]["facets"] == ["type", "family", "actor", "phase"]
    assert tables["moves"]["facets"] == ["owner", "unit_type", "phase"]
    assert "facets" in tables["rounds"] and "facets" in tables["board_units"]
    page = query(game, "/game/moves.json?_extra=facet_results")
    facets = page["facet_results"]
    facets = facets.get("results", facets)
    owners = {f["value"]: f["count"] for f in facets["owner"]["results"]}
    conn = sqlite3.connect(game)
    assert owners == dict(conn.execute("select owner, count(*) from moves group by owner").fetchall())


def test_notes_the_chronicle_and_citations_are_searched(wbc: tuple[Path, Path, str]) -> None:
    _, model, _ = wbc
    conn = sqlite3.connect(model)
    kinds = dict(conn.execute("select kind, count(*) from texts group by kind").fetchall())
    assert kinds["note"] == 1 and kinds["chronicle"] >= 3 and kinds["citation"] >= 20
    found = query(model, "/wbc/search_the_texts.json?words=Spain&_shape=array")
    assert found and all("spain" in r["text"].lower() for r in found)
    assert {r["kind"] for r in found} >= {"chronicle", "citation", "note"}
    note = next(r for r in found if r["kind"] == "note")
    assert note["about_seq"] == 20
    searched = query(model, "/wbc/texts.json?_search=Spain&_shape=array")  # Datasette's own search box
    assert {r["seq"] for r in searched} == {r["seq"] for r in found}


def test_the_table_count_it_prints_is_the_count_it_wrote(wbc: tuple[Path, Path, str]) -> None:
    _, model, out = wbc
    conn = sqlite3.connect(model)
    names = [r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")]
    own = [n for n in names if not n.startswith("texts_fts")]
    rows = sum(conn.execute(f"select count(*) from [{n}]").fetchone()[0] for n in own)
    assert out.splitlines()[0].startswith(f"wrote {rows} row(s) in {len(own)} table(s) to {model}")
    code, again = run(wbc[0], "materialize", "wbc", "-o", str(model))
    assert code == 0, again  # over the read model it wrote, full-text index and all
    assert again.splitlines()[0] == out.splitlines()[0]
