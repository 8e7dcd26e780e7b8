"""Keys whose history shows, and the smaller holes: a re-pin after a rewrite, a deleted reveal marker, an inserted
roll, a copy of edited rows, a signature racing an import."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests.hostile.conftest import Table


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text().splitlines() if line.strip()]


def test_a_re_pin_after_a_rewrite_shows_to_whoever_holds_the_older_copy(table: Table, tmp_path: Path) -> None:
    bob = table.key_of("bob")
    table.ok("new", "g", "--player", f"bob={bob}")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    table.ok("export", "g", "-o", str(tmp_path / "before.jsonl"))
    alice = table.key_of("alice")
    table.ok("pin", "g", "alice", alice)  # the creator vouches for alice's key
    table.ok("sign", "g", "--as", "alice", who="alice")
    verified = table.ok("verify", "g").output
    assert "alice: key " + alice[:12] + "... pinned at event 4, vouched for by the creator" in verified
    assert "bob: key " + bob[:12] + "... registered with the game (event 1)" in verified
    listed = json.loads(table.ok("verify", "g", "--json").output)["handoffs"]["keys"]
    assert listed == [
        {"player": "bob", "public_key": bob, "seq": 1, "by": "game_created"},
        {"player": "alice", "public_key": alice, "seq": 4, "by": "@creator"},
    ]
    table.ok("export", "g", "-o", str(tmp_path / "held.jsonl"))  # the copy a third party holds
    # bob rewrites the log from before alice's pin, and pins a key of his own making under her name
    rewritten = Table(str(tmp_path / "rewritten.db"), tmp_path)
    rewritten.ok("import", "g", str(tmp_path / "before.jsonl"), who="bob")
    fake = rewritten.ok("keygen", "alice", who="bob").output.split()[0]
    rewritten.ok("pin", "g", "alice", fake, who="bob")
    rewritten.ok("sign", "g", "--as", "alice", who="bob")
    third = rewritten.run("verify", "g", "--against", str(tmp_path / "held.jsonl"), who="carol")
    assert third.exit_code == 1, third.output
    assert f"alice: key {fake[:12]}... pinned at event 4, vouched for by bob" in third.output
    assert "alice's key differs from held.jsonl" in third.output, third.output


def test_a_pin_written_behind_the_gate_is_named_by_verify(seeded: Table) -> None:
    table = seeded
    from awaw_events.events import PlayerKeyPinned

    carol = table.key_of("carol")
    with table.store() as store:
        store.append("g", [PlayerKeyPinned(year=1939, season="fall", phase="combat", player="carol", public_key=carol)])
    result = table.run("verify", "g")
    assert result.exit_code == 1
    assert "pins a key for 'carol' that nobody with a key vouched for" in result.output


def test_a_deleted_reveal_marker_does_not_reopen_a_seed(seeded: Table) -> None:
    table = seeded
    table.ok("branch", "g", "what-if", "--at", "3", "--same-dice")
    table.ok("reveal", "g/what-if")
    for marker in (table.keys("host") / "dice").glob("*.revealed"):
        marker.unlink()
    before = table.rows()
    table.refused(table.run("roll", "g", "--purpose", "crt"), "was revealed in 'g/what-if'")
    assert table.rows() == before


def test_an_inserted_roll_makes_no_roll_order_finding(table: Table, tmp_path: Path) -> None:
    table.ok("new", "g", "--physical-dice")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    for face in (1, 2, 3, 4):
        table.ok("record", "g", "dice_rolled", "purpose=other", f"dice=[{face}]")
    found = tmp_path / "found.jsonl"
    found.write_text(
        json.dumps(
            {
                "type": "dice_rolled",
                "year": 1939,
                "season": "fall",
                "side": "axis",
                "phase": "combat",
                "roll": 5,
                "purpose": "other",
                "dice": [6],
            }
        )
        + "\n"
    )
    table.ok("insert", "g", str(found), "--after", "3", "--reason", "a roll the first pass missed")
    audit = table.run("audit", "g")
    assert "goes backwards" not in audit.output, audit.output
    assert "already used" not in audit.output


def test_copy_refuses_an_edited_type_column_or_roll_count(tmp_path: Path) -> None:
    source = tmp_path / "src.db"
    table = Table(str(source), tmp_path)
    table.ok("new", "g", "--physical-dice")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    table.ok("record", "g", "dice_rolled", "purpose=other", "dice=[3]")
    with table.store() as store:
        stream = store.timeline("g").stream
    with sqlite3.connect(source) as conn:
        (state,) = conn.execute(
            "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 4", (stream,)
        ).fetchone()
    edited_count = state.replace(b",1,", b",0,", 1)
    assert edited_count != state
    for sql, params, what in (
        (
            "UPDATE stored_events SET topic = 'note_added' WHERE originator_id = ? AND originator_version = 3",
            (stream,),
            "type column",
        ),
        (
            "UPDATE stored_events SET topic = 'phase_started' WHERE originator_id = ? AND originator_version = 3",
            (stream,),
            None,
        ),
        (
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = 4",
            (edited_count, stream),
            "roll count",
        ),
    ):
        with sqlite3.connect(source) as conn:
            conn.execute(sql, params)
        if what is None:
            continue  # put back
        target = tmp_path / f"dst-{what.replace(' ', '-')}.db"
        table.refused(table.run("copy", str(source), str(target)), f"edited {what}")
        assert Table(str(target), tmp_path).rows() == []


def test_sign_retries_when_an_import_appended_first(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    db = table.db
    events = [
        {
            "type": "note_added",
            "year": 1939,
            "season": "fall",
            "side": "axis",
            "phase": "combat",
            "about": 2,
            "text": f"note {i}",
        }
        for i in range(200)
    ]
    files = []
    for n in range(4):
        path = tmp_path / f"notes-{n}.jsonl"
        path.write_text("".join(json.dumps(e) + "\n" for e in events))
        files.append(path)
    base = [sys.executable, "-m", "replays", "--db", db]
    procs = [
        subprocess.Popen(
            [*base, "--keys", str(table.keys("alice")), "sign", "g", "--as", "alice"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(4)
    ] + [
        subprocess.Popen(
            [*base, "--keys", str(table.keys("host")), "import", "g", str(f), "--no-audit"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for f in files
    ]
    outputs = [(p.returncode, out) for p in procs for out, _ in [p.communicate(timeout=300)]]
    assert all(code == 0 for code, _ in outputs), outputs
    assert table.ok("verify", "g").exit_code == 0
