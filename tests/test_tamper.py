"""Tamper evidence without trusting the file (issue 17): each promise of the README's Trust section, attacked the way
someone holding the database file would attack it (SQL edits, every later hash recomputed)."""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events import handoffs
from awaw_events.codec import encode
from awaw_events.events import HandoffSigned, PlayerKeyPinned, Ruling
from awaw_events.hosting import sign_head
from awaw_events.keys import KeyRing
from awaw_events.log import append_events, numbered, start_game, verify_game
from awaw_events.snapshots import SnapshotCache
from awaw_events.store import GENESIS_HASH, GameStore, chain_hash
from projections.game import CODE_VERSION
from replays.cli import cli
from replays.state import build_snapshots, state_at
from tests.conftest import armor, created, phase, roll

# ---------------------------------------------------------------------------------------------------------------
# An attacker's tools: SQL on the database file


def _rows(db: str, stream: str) -> list[tuple[int, bytes]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id = ? ORDER BY originator_version",
            (stream,),
        ).fetchall()


def rewrite(db: str, stream: str, seq: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Change event ``seq`` and recompute every later hash, as a careful forger would."""
    rows = _rows(db, stream)
    previous = GENESIS_HASH
    with sqlite3.connect(db) as conn:
        for version, state in rows:
            _hash, recorded_at, rolls, event = json.loads(state)
            if version == seq:
                change(event)
            raw = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
            previous = chain_hash(previous, raw)
            new = b'["%s","%s",%d,%s]' % (previous.encode(), recorded_at.encode(), rolls, raw)
            conn.execute(
                "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
                (new, stream, version),
            )


def execute(db: str, sql: str, *params: object) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(sql, params)


def _cost(value: int) -> Callable[[dict[str, Any]], None]:
    def change(event: dict[str, Any]) -> None:
        event["cost"] = value

    return change


# ---------------------------------------------------------------------------------------------------------------
# A play-by-e-mail game with two players' keys


@pytest.fixture
def players(tmp_path: Path) -> dict[str, KeyRing]:
    rings = {name: KeyRing(tmp_path / f"keys-{name}") for name in ("alice", "bob")}
    for name, ring in rings.items():
        ring.generate(name)
    return rings


def _public(ring: KeyRing, name: str) -> str:
    return (ring.directory / "sign" / f"{name}.pub").read_text().strip()


@pytest.fixture
def signed_game(tmp_path: Path, players: dict[str, KeyRing]) -> tuple[str, str]:
    """Events 1-5, alice signs 5 (event 6), events 7-8, bob signs 8 (event 9), events 10-11. Returns (db, stream)."""
    db = str(tmp_path / "pbem.db")
    alice, bob = players["alice"], players["bob"]
    with GameStore(db) as store:
        start_game(
            store,
            "g",
            keys=alice,
            player_keys={"alice": _public(alice, "alice"), "bob": _public(bob, "bob")},
        )
        store.append("g", [phase("unit_construction"), armor("a"), armor("b"), armor("c")])
        sign_head(store, "g", "alice", keys=alice)
        store.append("g", [armor("d"), armor("e")])
        sign_head(store, "g", "bob", keys=bob)
        store.append("g", [armor("f"), armor("g")])
        assert verify_game(store, "g", keys=alice).ok
        return db, store.timeline("g").stream


def _verify(db: str, keys: KeyRing | None = None) -> list[str]:
    with GameStore(db) as store:
        result = verify_game(store, "g", keys=keys)
    return [p.message for p in (*result.chain.problems, *result.dice.problems, *result.handoffs.problems)]


# ---------------------------------------------------------------------------------------------------------------
# Detected


def test_a_change_with_every_later_hash_recomputed_is_caught_by_a_later_signature(
    signed_game: tuple[str, str],
) -> None:
    db, stream = signed_game
    rewrite(db, stream, 3, _cost(2))
    problems = _verify(db)  # no old head, no keys: the signatures in the log suffice
    assert any(
        "'alice' signed event 5 with hash" in p and "were changed after 'alice' signed them" in p for p in problems
    )
    assert any("'bob' signed event 8" in p for p in problems)
    assert not any("does not match its hash" in p for p in problems)  # the chain itself is consistent


def test_a_change_between_two_signatures_is_caught_by_the_later_one_only(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game
    rewrite(db, stream, 7, _cost(2))
    problems = _verify(db)
    assert len(problems) == 1 and "'bob' signed event 8" in problems[0]


def test_a_changed_head_in_a_signature_does_not_verify(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game

    def forge(event: dict[str, Any]) -> None:
        event["head"] = "ab" * 32

    rewrite(db, stream, 6, forge)
    problems = _verify(db)
    assert problems[0] == "event 6: 'alice''s signature does not verify with their registered key"
    assert problems[1].startswith("event 9: 'bob' signed event 8 with hash")  # the rewrite moved every later hash
    assert len(problems) == 2


def test_a_signature_by_a_key_the_game_never_registered(tmp_path: Path, players: dict[str, KeyRing]) -> None:
    db = str(tmp_path / "u.db")
    mallory = KeyRing(tmp_path / "mallory")
    mallory.generate("mallory")
    with GameStore(db) as store:
        start_game(store, "g", seeded=False, player_keys={"alice": _public(players["alice"], "alice")})
        head = store.head_record("g")
        assert head is not None
        forged = HandoffSigned(
            year=1939,
            season="fall",
            phase="setup",
            player="alice",
            at=1,
            head=head.hash,
            signature=handoffs.sign(mallory.signing_key("mallory"), 1, head.hash),
        )
        unknown = forged.__class__(**{**_fields(forged), "player": "mallory"})
        store.append("g", [forged, unknown])  # written behind the trust gate's back (tests/hostile: it refuses them)
        report = verify_game(store, "g")
    assert [p.message for p in report.handoffs.problems] == [
        "event 2: 'alice''s signature does not verify with their registered key",
        "event 3: a hand-off signed by 'mallory', who has no registered key",
    ]


def _fields(event: Any) -> dict[str, Any]:
    return {f: getattr(event, f) for f in event.__struct_fields__}


def test_a_second_key_pinned_for_a_registered_player_does_not_count(
    tmp_path: Path, players: dict[str, KeyRing]
) -> None:
    db = str(tmp_path / "p.db")
    mallory = KeyRing(tmp_path / "mallory")
    mallory.generate("bob")  # a key under bob's name, held by someone else
    with GameStore(db) as store:
        start_game(store, "g", seeded=False, player_keys={"bob": _public(players["bob"], "bob")})
        pin = PlayerKeyPinned(year=1939, season="fall", phase="setup", player="bob", public_key=_public(mallory, "bob"))
        store.append("g", [pin])  # written behind the trust gate's back (tests/hostile: it refuses it)
        with pytest.raises(Exception, match="registers another key for 'bob'"):
            sign_head(store, "g", "bob", keys=mallory)
        head = store.head_record("g")
        assert head is not None
        forged = HandoffSigned(
            year=1939,
            season="fall",
            phase="setup",
            player="bob",
            at=2,
            head=head.hash,
            signature=handoffs.sign(mallory.signing_key("bob"), 2, head.hash),
        )
        store.append("g", [forged])
        messages = [p.message for p in verify_game(store, "g").handoffs.problems]
    assert messages == [
        "event 2 pins a second key for 'bob' (registered at event 1); signatures with it do not count",
        "event 3: 'bob''s signature does not verify with their registered key",
    ]


def test_a_cut_tail_is_caught_by_the_signer_who_remembers_it(
    signed_game: tuple[str, str], players: dict[str, KeyRing]
) -> None:
    db, stream = signed_game
    execute(db, "DELETE FROM stored_events WHERE originator_id = ? AND originator_version > 7", stream)
    assert _verify(db) == []  # alice's signature of 5 still holds; bob's signature went with the tail
    assert _verify(db, players["bob"]) == [
        "you signed event 8 as 'bob', but the log has only 7 event(s): its tail was cut off"
    ]
    assert _verify(db, players["alice"]) == []


def test_a_rewrite_that_drops_a_signature_is_caught_by_its_signer(
    signed_game: tuple[str, str], players: dict[str, KeyRing]
) -> None:
    db, stream = signed_game

    def into_a_note(event: dict[str, Any]) -> None:  # bob's signature becomes a harmless note
        event.clear()
        event.update({"type": "note_added", "year": 1939, "season": "fall", "about": 1, "text": "-"})

    rewrite(db, stream, 9, into_a_note)
    execute(
        db, "UPDATE stored_events SET topic = 'note_added' WHERE originator_id = ? AND originator_version = 9", stream
    )
    assert _verify(db) == []
    assert _verify(db, players["bob"]) == [
        "you signed event 8 as 'bob', but your signature is no longer in the log: the events after it were rewritten"
    ]


def test_a_rewrite_from_the_first_event_is_caught_by_a_signer(
    signed_game: tuple[str, str], players: dict[str, KeyRing]
) -> None:
    db, stream = signed_game

    def new_title(event: dict[str, Any]) -> None:
        event["title"] = "rewritten"

    rewrite(db, stream, 1, new_title)
    problems = _verify(db, players["alice"])
    assert any("it was rewritten from its start" in p for p in problems)


def test_a_ruling_inserted_into_the_index_is_named(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game
    ruling = Ruling(year=1939, season="fall", phase="unit_construction", voids=[3])
    execute(
        db,
        "INSERT INTO stored_events (originator_id, originator_version, topic, state) VALUES (?, 10, 'ruling', ?)",
        f"awaw:rulings:{stream}",
        encode(ruling),
    )
    problems = _verify(db)
    assert problems == [
        "the rulings index holds a ruling at event 10 that the log does not have: it was inserted behind the log's "
        "back (it would change what `awaw state` shows)"
    ]


def test_a_bookmark_removed_from_its_index_is_named(tmp_path: Path) -> None:
    db = str(tmp_path / "b.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "new", "g", "--physical-dice"]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "bookmark", "g", "start"]).exit_code == 0
    execute(db, "DELETE FROM stored_events WHERE originator_id LIKE 'awaw:bookmarks:%'")
    result = runner.invoke(cli, ["--db", db, "verify", "g"])
    assert result.exit_code == 1
    # awaw new wrote game_created and map_data_used: the bookmark is event 3.
    assert "  event 3: the bookmark of event 3 is missing from the bookmarks index: it would be ignored" in (
        result.output.splitlines()
    )


def _cache(keys_dir: Path) -> SnapshotCache:
    keys = KeyRing(keys_dir)
    return SnapshotCache(keys.directory / "snapshots", keys.snapshot_key())


def test_an_edited_snapshot_is_named_and_never_shown(tmp_path: Path, keys_dir: Path) -> None:
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    events = [created(), phase("unit_construction")] + [armor(f"u{i}") for i in range(250)]
    with GameStore(db) as store:
        append_events(store, "g", numbered(events))
        store.snapshots = _cache(keys_dir)
        assert build_snapshots(store.open("g"), every=100) == 2
        truth = state_at(store.open("g"), 252, save=False)
    before = json.loads(runner.invoke(cli, ["--db", db, "state", "g", "--at", "200", "--json"]).output)
    (path,) = (keys_dir / "snapshots").glob(f"*/{CODE_VERSION}/200-*.snap")
    stored = path.read_bytes()
    body = zlib.decompress(stored[32:])
    assert b"u150" in body
    path.write_bytes(stored[:32] + zlib.compress(body.replace(b"u150", b"x150")))
    after = json.loads(runner.invoke(cli, ["--db", db, "state", "g", "--at", "200", "--json"]).output)
    assert after == before
    verify = runner.invoke(cli, ["--db", db, "verify", "g"])
    assert verify.exit_code == 1
    assert (
        f"  event 200: your snapshot at event 200 ({CODE_VERSION}) does not carry a valid MAC: it was edited or "
        "copied from another cache (`awaw state` does not use it)"
    ) in verify.output.splitlines()
    with GameStore(db) as store:
        store.snapshots = _cache(keys_dir)
        assert state_at(store.open("g"), 252, save=False) == truth


def test_a_snapshot_made_with_someone_elses_key_is_not_used(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    mine, theirs = _cache(tmp_path / "mine"), _cache(tmp_path / "theirs")
    with GameStore(db) as store:
        append_events(store, "g", numbered([created(), phase("unit_construction"), armor("a"), armor("b")]))
        store.snapshots = theirs
        store.put_snapshot("g", 3, CODE_VERSION, b"not a state")
        assert store.snapshot_at_or_before("g", 4, CODE_VERSION) is not None
    for path in theirs.directory.rglob("*.snap"):  # their cache copied into mine, file for file
        target = mine.directory / path.relative_to(theirs.directory)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(path.read_bytes())
    with GameStore(db) as other:
        other.snapshots = mine
        assert mine.entries(other.open("g").root or "", CODE_VERSION)  # the file is there ...
        assert other.snapshot_at_or_before("g", 4, CODE_VERSION) is None  # ... and never used
        assert "b" in state_at(other.open("g"), 4, save=False).board.units


def test_the_store_holds_no_snapshot_and_a_league_server_cannot_plant_one(tmp_path: Path, keys_dir: Path) -> None:
    """Snapshots are each reader's own: a command that keeps them writes nothing into the shared store."""
    db = str(tmp_path / "league.db")
    runner = CliRunner()
    events = [created(), phase("unit_construction")] + [armor(f"u{i}") for i in range(300)]
    with GameStore(db) as store:
        append_events(store, "g", numbered(events))
    rows = sqlite3.connect(db).execute("SELECT COUNT(*) FROM stored_events").fetchone()[0]
    assert runner.invoke(cli, ["--db", db, "snapshot", "g", "--every", "100"]).exit_code == 0
    assert runner.invoke(cli, ["--db", db, "state", "g"]).exit_code == 0
    assert sqlite3.connect(db).execute("SELECT COUNT(*) FROM stored_events").fetchone()[0] == rows
    assert len(list((keys_dir / "snapshots").rglob("*.snap"))) >= 3


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (b"\xff\xfe not json", "event 3 cannot be read: "),
        (b'["' + b"a" * 64 + b'","t",0,{"type":"unit_built"}]', "event 3 cannot be read: "),
        (b'["zz","t",0,{"type":"phase_started","year":1939,"season":"fall"}]', "its stored hash 'zz' is not a SHA-256"),
        (12345, "event 3 cannot be read: "),
        (b"[" * 100_000, "event 3 cannot be read: "),
    ],
)
def test_unreadable_event_bytes_are_a_named_problem(tmp_path: Path, state: object, message: str) -> None:
    db = str(tmp_path / "u.db")
    runner = CliRunner()
    with GameStore(db) as store:
        append_events(store, "g", numbered([created(), phase("combat"), roll(1), roll(2)]))
        stream = store.timeline("g").stream
    execute(db, "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 3", state, stream)
    result = runner.invoke(cli, ["--db", db, "verify", "g"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert any(line.startswith("  event 3") and message in line for line in result.output.splitlines())
    assert "event 3: event 3" not in result.output  # the event is named once
    if "SHA-256" in message:
        return  # the event itself reads; only verify cares about its hash
    for command in (["log", "g"], ["export", "g"], ["state", "g"], ["roll", "g", "--purpose", "crt"]):
        other = runner.invoke(cli, ["--db", db, *command])
        assert other.exit_code == 1, command
        assert isinstance(other.exception, SystemExit), (command, other.exception)
        assert other.output.startswith("Error: "), command


def test_a_lowered_roll_counter_cannot_make_a_roll_number_reused(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    runner = CliRunner()
    with GameStore(db) as store:
        append_events(store, "g", numbered([created(), phase("combat"), roll(1), roll(2), armor("x")]))
        stream = store.timeline("g").stream
    for version in (3, 4, 5):
        (state,) = [
            r[0]
            for r in sqlite3.connect(db).execute(
                "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?", (stream, version)
            )
        ]
        tampered = state.replace(b'",%d,{' % (version - 2 if version < 5 else 2), b'",0,{')
        assert tampered != state
        execute(
            db,
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            tampered,
            stream,
            version,
        )
    result = runner.invoke(cli, ["--db", db, "record", "g", "dice_rolled", "purpose=crt", "dice=[3]"])
    assert result.exit_code == 0, result.output
    with GameStore(db) as store:
        last = store.head_record("g")
        assert last is not None and getattr(last.event, "roll", None) == 3
    verify = runner.invoke(cli, ["--db", db, "verify", "g"])
    assert verify.exit_code == 1
    assert (
        "  event 5's stored roll count is 0, but the events up to it made 2 roll(s): the count (not covered "
        "by the hash) was edited"
    ) in verify.output.splitlines()


def test_an_edited_type_column_is_named(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game
    execute(
        db, "UPDATE stored_events SET topic = 'note_added' WHERE originator_id = ? AND originator_version = 3", stream
    )
    assert _verify(db) == ["event 3 is a 'unit_built', but its row's type column says 'note_added'"]


# ---------------------------------------------------------------------------------------------------------------
# Not detected (the README says so): each limit shown


def test_not_detected_a_rewrite_after_the_last_signature(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game
    rewrite(db, stream, 10, _cost(2))
    assert _verify(db) == []  # only a copy or a head sent before (verify --against) shows it


def test_not_detected_a_cut_of_unsigned_events_by_someone_who_did_not_sign_them(
    signed_game: tuple[str, str], players: dict[str, KeyRing]
) -> None:
    db, stream = signed_game
    execute(db, "DELETE FROM stored_events WHERE originator_id = ? AND originator_version > 9", stream)
    assert _verify(db, players["alice"]) == []
    assert _verify(db, players["bob"]) == []


def test_not_detected_a_relogged_game_with_stolen_keys_except_by_the_signers(
    signed_game: tuple[str, str], players: dict[str, KeyRing], tmp_path: Path
) -> None:
    """Whoever holds every signer's private key can re-make the log and sign it anew: only the signers' own
    memory of what they signed (their keys directory) shows the rewrite."""
    db, _stream = signed_game
    with GameStore(db) as store:
        events = [r.event for r in store.records("g") if not isinstance(r.event, HandoffSigned)]
    forged_db = str(tmp_path / "forged.db")
    thief = {name: KeyRing(tmp_path / f"thief-{name}") for name in players}
    for name, ring in thief.items():  # copies of the private keys, not of the hand-off memory
        (ring.directory / "sign").mkdir(parents=True, mode=0o700)
        key_file = players[name].directory / "sign" / f"{name}.key"
        (ring.directory / "sign" / f"{name}.key").write_bytes(key_file.read_bytes())
        (ring.directory / "sign" / f"{name}.key").chmod(0o600)
    changed = [*events[:3], armor("b", cost=2), *events[4:]]
    with GameStore(forged_db) as store:
        append_events(store, "g", numbered(changed[:5]))
        sign_head(store, "g", "alice", keys=thief["alice"])
        append_events(store, "g", numbered(changed[5:7], first=7))
        sign_head(store, "g", "bob", keys=thief["bob"])
        append_events(store, "g", numbered(changed[7:], first=10))
    assert _verify(forged_db) == []
    assert "and event 5 has changed since" in _verify(forged_db, players["alice"])[0]
    assert "and event 8 has changed since" in _verify(forged_db, players["bob"])[0]


def test_not_detected_a_game_rewritten_with_new_player_keys_by_those_who_did_not_sign(
    signed_game: tuple[str, str], players: dict[str, KeyRing], tmp_path: Path
) -> None:
    _db, _stream = signed_game  # alice signed the real game
    mallory = KeyRing(tmp_path / "mallory")
    public = {name: mallory.generate(name) for name in ("alice", "bob")}
    forged_db = str(tmp_path / "new-keys.db")
    with GameStore(forged_db) as store:
        start_game(store, "g", seeded=False, player_keys=public)
        store.append("g", [phase("unit_construction"), armor("a", cost=1)])
        sign_head(store, "g", "alice", keys=mallory)
        sign_head(store, "g", "bob", keys=mallory)
    assert _verify(forged_db) == []
    assert _verify(forged_db, KeyRing(tmp_path / "a-bystander")) == []
    assert "it was rewritten from its start" in _verify(forged_db, players["alice"])[0]


def test_not_detected_the_recording_times(signed_game: tuple[str, str]) -> None:
    db, stream = signed_game
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE stored_events SET state = CAST(replace(CAST(state AS TEXT), '\",\"20', '\",\"19') AS BLOB) "
            "WHERE originator_id = ?",
            (stream,),
        )
        assert (
            b'","19' in conn.execute("SELECT state FROM stored_events WHERE originator_id = ?", (stream,)).fetchone()[0]
        )
    assert _verify(db) == []


def test_a_changed_ruling_index_entry_is_named(tmp_path: Path) -> None:
    db = str(tmp_path / "ri.db")
    with GameStore(db) as store:
        events = [created(), phase("unit_construction"), armor("a"), armor("b")]
        ruling = Ruling(year=1939, season="fall", phase="unit_construction", voids=[3])
        append_events(store, "g", numbered([*events, ruling]))
        stream = store.timeline("g").stream
    other = Ruling(year=1939, season="fall", phase="unit_construction", voids=[4])
    execute(
        db,
        "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 5",
        encode(other),
        f"awaw:rulings:{stream}",
    )
    assert _verify(db) == ["the rulings index entry for event 5 differs from the log"]


def test_an_export_that_fails_leaves_the_old_file_alone(tmp_path: Path) -> None:
    db = str(tmp_path / "e.db")
    runner = CliRunner()
    with GameStore(db) as store:
        append_events(store, "g", numbered([created(), phase("combat"), roll(1), roll(2)]))
        stream = store.timeline("g").stream
    target = tmp_path / "g.jsonl"
    assert runner.invoke(cli, ["--db", db, "export", "g", "-o", str(target)]).exit_code == 0
    before = target.read_bytes()
    execute(
        db, "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 3", b"\xff", stream
    )
    result = runner.invoke(cli, ["--db", db, "export", "g", "-o", str(target)])
    assert result.exit_code == 1 and result.output.startswith("Error: event 3 of 'g' cannot be read from the store")
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".g.jsonl")] == []
