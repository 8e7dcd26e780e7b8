"""Resource and file misuse: every case is a clean ``Error:`` (no traceback), with nothing written."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import pytest

from awaw_events.errors import InputError
from benchmarks.inputs import nested_aliases
from replays.maps import parse_map_data
from tests.hostile.conftest import Table


def test_nested_alias_map_data_is_refused_before_anything_is_built(table: Table, tmp_path: Path) -> None:
    text = nested_aliases()
    assert len(text.encode()) < 1100
    with pytest.raises(InputError, match="aliases expand to more than 100,000 values"):
        parse_map_data(text)
    path = tmp_path / "bomb.yaml"
    path.write_text(text)
    table.refused(table.run("new", "g", "--map-data", str(path)), "aliases expand")
    assert table.rows() == []
    # one level more is refused as fast: the walk counts each anchor's size once
    with pytest.raises(InputError, match="aliases expand"):
        parse_map_data(nested_aliases(12))


def test_a_device_or_fifo_is_never_read_as_map_data_or_a_setup(table: Table, tmp_path: Path) -> None:
    table.refused(table.run("new", "g", "--map-data", "/dev/zero"), "not a plain file")
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    table.refused(table.run("new", "g", "--map-data", str(fifo)), "not a plain file")
    table.refused(table.run("new", "g", "--setup", str(fifo)), "not a plain file")
    table.refused(table.run("new", "g", "--setup", "/dev/zero"), "not a plain file")
    assert table.rows() == []


def test_a_deeply_nested_setup_is_a_clean_error(table: Table, tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("format: awaw-setup/1\nunits: " + "[" * 5000 + "]" * 5000 + "\n")
    table.refused(table.run("new", "g", "--setup", str(path)), "nest")
    path.write_text("units:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 200)))
    table.refused(table.run("new", "g", "--setup", str(path)), "nest")
    assert table.rows() == []


def test_a_setup_with_one_counter_in_two_hexes_is_refused(table: Table, tmp_path: Path) -> None:
    path = tmp_path / "twice.yaml"
    path.write_text(
        "format: awaw-setup/1\nstart: 1939-fall\nunits:\n  germany:\n    EUR:L33:\n      ger-arm-1: armor 4-6\n"
        "    EUR:L34:\n      ger-arm-1: armor 4-6\n"
    )
    table.refused(table.run("new", "g", "--setup", str(path)), "'ger-arm-1' is placed twice")
    assert table.rows() == []


def _seed_file(table: Table, who: str = "host") -> Path:
    (path,) = (table.keys(who) / "dice").glob("*.seed")
    return path


def test_an_edited_seed_file_is_refused_before_any_roll(seeded: Table) -> None:
    table = seeded
    path = _seed_file(table)
    path.write_text("66" * 32 + "\n")
    before = table.rows()
    table.refused(table.run("roll", "g", "--purpose", "crt"), "does not hash to its commitment")
    table.refused(table.run("reveal", "g"), "does not hash to its commitment")
    assert table.rows() == before


def test_a_symlinked_seed_file_is_refused(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    path = _seed_file(table)
    elsewhere = tmp_path / "elsewhere.seed"
    elsewhere.write_bytes(path.read_bytes())
    elsewhere.chmod(0o600)
    path.unlink()
    path.symlink_to(elsewhere)
    before = table.rows()
    table.refused(table.run("roll", "g", "--purpose", "crt"), "is a link")
    assert table.rows() == before


def test_a_fifo_seed_file_does_not_hang(seeded: Table) -> None:
    table = seeded
    path = _seed_file(table)
    path.unlink()
    os.mkfifo(path, 0o600)
    before = table.rows()
    table.refused(table.run("roll", "g", "--purpose", "crt"), "not a plain file")
    assert table.rows() == before


def test_an_unreadable_keys_directory_is_a_clean_error(seeded: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table = seeded
    keys = str(table.keys("host"))
    real_open = os.open

    def denied(path: str | os.PathLike[str], *args: object, **kwargs: object) -> int:
        if str(path).startswith(keys):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    before = table.rows()
    monkeypatch.setattr(os, "open", denied)
    table.refused(table.run("roll", "g", "--purpose", "crt"), "Permission denied")
    table.refused(table.run("sign", "g", "--as", "host"), "Permission denied")
    table.refused(table.run("keygen", "carol"), "Permission denied")
    monkeypatch.undo()
    assert table.rows() == before
    # a keys directory that is a file
    table.keys("file").write_text("not a directory")
    table.refused(table.run("new", "h", who="file"), "Not a directory")
    assert table.rows("h") == []


def test_a_full_disk_under_the_keys_directory(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    table.refused(table.run("new", "g"), "No space left on device")
    table.refused(table.run("keygen", "alice", who="alice"), "No space left on device")
    monkeypatch.undo()
    assert table.rows() == []
    assert not list((table.keys("host") / "dice").glob("*"))


def test_a_full_disk_under_an_export_target(seeded: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = seeded
    target = tmp_path / "out.jsonl"
    target.write_text("")
    real_replace = os.replace

    def full(src: object, dst: object) -> None:
        if str(dst) == str(target):
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", full)
    table.refused(table.run("export", "g", "-o", str(target)), "No space left on device")
    monkeypatch.undo()
    assert target.read_text() == ""
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.jsonl")] == []


def test_a_symlinked_handoffs_file_refuses_the_signature_before_it_is_written(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    notes = table.keys("alice") / "handoffs.jsonl"
    (tmp_path / "elsewhere.jsonl").write_text("")
    notes.symlink_to(tmp_path / "elsewhere.jsonl")
    before = table.rows()
    table.refused(table.run("sign", "g", "--as", "alice", who="alice"), "is a link")
    assert table.rows() == before
    notes.unlink()
    table.ok("sign", "g", "--as", "alice", who="alice")  # a retry signs once
    assert sum(b'"handoff_signed"' in row for row in table.rows()) == 1


def test_a_killed_materialize_leaves_no_temporary_file(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    output = tmp_path / "read.db"
    stale = tmp_path / ".read.db.abcd1234.tmp"
    stale.write_bytes(b"half a database")
    table.ok("materialize", "g", "-o", str(output))
    assert not stale.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".read.db")] == []


def test_materialize_overwrites_its_own_earlier_output(table: Table, tmp_path: Path) -> None:
    game = Path(__file__).parent.parent / "data" / "repairs-option.jsonl"
    table.ok("import", "h", str(game), "--no-audit")
    output = tmp_path / "read.db"
    table.ok("materialize", "h", "-o", str(output))
    table.ok("materialize", "h", "-o", str(output))
    with sqlite3.connect(output) as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 748


def test_audit_from_after_to_is_refused(seeded: Table) -> None:
    table = seeded
    result = table.run("audit", "g", "--from", "3", "--to", "1")
    assert result.exit_code == 2 and "comes after --to 1" in result.output, result.output
