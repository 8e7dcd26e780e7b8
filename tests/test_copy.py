"""``awaw copy``: games with all their timelines between stores (SQLite and PostgreSQL), whole or not at all."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from awaw_events import dice
from awaw_events.copying import copy_games
from awaw_events.errors import GameExistsError, GameNotFoundError, InputError, StoreError
from awaw_events.events import MapDataUsed
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore
from replays.cli import cli
from tests.conftest import POSTGRES_DSN, _postgres_store, created, phase

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def awaw(db: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--db", db, *args], catch_exceptions=False)


@pytest.fixture
def source(tmp_path: Path) -> str:
    """A store with a game holding every kind of record: a ruling, a bookmark, a note, a branch of a branch, a
    promoted branch, seeded rolls (a secret seed) and a pruned branch."""
    db = str(tmp_path / "source.db")
    assert awaw(db, "import", "disputed", str(EXAMPLES / "disputed-turn.jsonl")).exit_code == 0
    assert awaw(db, "import", "disputed", str(EXAMPLES / "lodz-ruling.jsonl")).exit_code == 0
    assert awaw(db, "bookmark", "disputed", "lodz", "--at", "320").exit_code == 0
    assert awaw(db, "note", "disputed", "320", "the die was a 3").exit_code == 0
    assert awaw(db, "branch", "disputed", "what-if", "--at", "310").exit_code == 0
    assert awaw(db, "branch", "disputed/what-if", "deeper").exit_code == 0
    assert awaw(db, "branch", "disputed", "gone").exit_code == 0
    assert awaw(db, "prune", "disputed/gone").exit_code == 0
    assert awaw(db, "new", "seeded").exit_code == 0
    assert awaw(db, "roll", "seeded", "--purpose", "crt").exit_code == 0
    assert awaw(db, "branch", "seeded", "alt").exit_code == 0
    assert awaw(db, "promote", "seeded/alt").exit_code == 0
    assert awaw(db, "roll", "seeded", "--purpose", "crt").exit_code == 0
    return db


def heads(db: str) -> dict[str, tuple[str, int]]:
    """Every timeline's head hash and event count."""
    with GameStore(db) as store:
        found = {}
        for t in store.timelines():
            head = store.head_record(t.name)
            assert head is not None
            found[t.name] = (head.hash, head.seq)
        return found


def describe(store: GameStore) -> dict[str, object]:
    """Everything a copy must carry, read back through the store."""
    out: dict[str, object] = {}
    for t in store.timelines():
        records = list(store.records(t.name))
        out[t.name] = {
            "game": t.game,
            "parent": t.parent,
            "fork_at": t.fork_at,
            "records": [(r.seq, r.hash, r.recorded_at, r.rolls) for r in records],
            "rulings": [(s, r.voids) for s, r in store.rulings(t.name)],
            "bookmarks": [(s, b.name) for s, b in store.bookmarks(t.name)],
        }
    return out


TARGETS = ["sqlite", *(["postgres"] if POSTGRES_DSN else [])]


@pytest.fixture(params=TARGETS)
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "target.db")
    _postgres_store().close()  # an empty database
    assert POSTGRES_DSN is not None
    return POSTGRES_DSN


def test_copy_round_trips_every_timeline_with_the_same_heads(source: str, target: str, tmp_path: Path) -> None:
    result = awaw(source, "copy", source, target)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("copied disputed: 3 timeline(s), ")
    with GameStore(source) as a, GameStore(target) as b:
        assert describe(b) == describe(a)
        assert _secret_rows(b) == 0  # no seed is in a store
        assert b.map_data(_declared(a, "seeded")) == a.map_data(_declared(a, "seeded")) is not None
    back = str(tmp_path / "back.db")
    assert awaw(source, "copy", target, back, "disputed", "seeded").exit_code == 0
    assert heads(back) == heads(source)
    assert awaw(back, "verify", "disputed").exit_code == 0
    assert awaw(back, "verify", "seeded").exit_code == 0
    assert awaw(back, "audit", "disputed", "--from", "1939-fall/axis/combat").exit_code == 0  # the ruling holds
    state = json.loads(awaw(back, "state", "disputed", "--at", "lodz", "--json").output)
    assert state == json.loads(awaw(source, "state", "disputed", "--at", "lodz", "--json").output)


def _secret_rows(store: GameStore) -> int:
    return int(store._read("SELECT COUNT(*) FROM {t} WHERE originator_id LIKE 'awaw:secret:%'", [])[0][0])


def _declared(store: GameStore, game: str) -> str:
    found = store.tagged(game, ("map_data_used",))
    assert isinstance(found[0].event, MapDataUsed)
    return found[0].event.sha256


def test_the_dice_host_rolls_on_from_a_copy_and_nobody_else_does(source: str, tmp_path: Path) -> None:
    """Seeds live in the keys directory of whoever hosts the dice, never in a store: a copy carries none, and the
    host rolls on from it; another keys directory cannot."""
    copy = str(tmp_path / "copy.db")
    assert awaw(source, "copy", source, copy, "seeded").exit_code == 0
    rolled = awaw(copy, "roll", "seeded", "--purpose", "crt")
    assert rolled.exit_code == 0, rolled.output
    assert rolled.output == awaw(source, "roll", "seeded", "--purpose", "crt").output  # the same next roll
    other = awaw(copy, "roll", "seeded", "--purpose", "crt", "--keys", str(tmp_path / "someone-else"))
    assert other.exit_code == 1
    assert "is not in this keys directory" in other.output


def test_seeds_an_old_store_kept_move_only_when_asked(tmp_path: Path) -> None:
    """A store made before the keys directory kept each seed beside its game: --with-secrets puts it into the
    copier's keys directory, and without it the seed stays behind."""
    old = str(tmp_path / "old.db")
    seed = dice.new_seed()
    with GameStore(old) as store:
        store.create_game("g", [created(seed_commitment=dice.commitment(seed)), phase("combat")])
        with store.transaction():
            store._insert([("awaw:secret:" + store.timeline("g").stream, 1, "secret", seed.encode())], "twice")
    plain, moved = str(tmp_path / "plain.db"), str(tmp_path / "moved.db")
    mine = str(tmp_path / "my-keys")
    assert awaw(old, "copy", old, plain, "--keys", mine).exit_code == 0
    assert KeyRing(mine).seed(dice.commitment(seed)) is None
    assert awaw(plain, "roll", "g", "--purpose", "crt", "--keys", mine).exit_code == 1
    result = awaw(old, "copy", old, moved, "--with-secrets", "--json", "--keys", mine)
    assert json.loads(result.output)[0]["secrets"] == 1
    assert KeyRing(mine).seed(dice.commitment(seed)) == seed
    with GameStore(moved) as store:
        assert _secret_rows(store) == 0
    assert awaw(moved, "roll", "g", "--purpose", "crt", "--keys", mine).output.startswith("roll #1: ")


def test_an_existing_game_is_refused_and_nothing_is_written(source: str, tmp_path: Path) -> None:
    target = str(tmp_path / "target.db")
    assert awaw(target, "new", "seeded", "--physical-dice").exit_code == 0
    before = heads(target)
    with GameStore(source) as src, GameStore(target) as dst, pytest.raises(GameExistsError, match="'seeded'"):
        copy_games(src, dst)  # disputed would fit, seeded does not: neither is copied
    assert heads(target) == before
    result = awaw(source, "copy", source, target)
    assert result.exit_code == 1
    assert "already exist" in result.output


def test_a_damaged_source_is_refused(source: str, tmp_path: Path) -> None:
    with sqlite3.connect(source) as db:
        (stream,) = db.execute(
            "SELECT originator_id FROM stored_events WHERE originator_id LIKE 'game:%' AND originator_version = 300"
        ).fetchone()
        state = db.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 200", [stream]
        ).fetchone()[0]
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 200",
            [state.replace(b'"year":1939', b'"year":1940', 1), stream],
        )
    target = str(tmp_path / "target.db")
    with GameStore(source) as src, GameStore(target) as dst:
        with pytest.raises(StoreError, match="event 200 of 'disputed' does not chain"):
            copy_games(src, dst, ["disputed"])
        assert dst.timelines() == []


def test_what_cannot_be_copied(source: str) -> None:
    with GameStore(source) as src:
        with pytest.raises(InputError, match="the same store"):
            copy_games(src, src)
        with pytest.raises(GameNotFoundError, match="is a branch of 'disputed'"):
            copy_games(src, GameStore(":memory:"), ["disputed/what-if"])
        with pytest.raises(GameNotFoundError, match="no game or timeline named 'nope'"):
            copy_games(src, GameStore(":memory:"), ["nope"])
