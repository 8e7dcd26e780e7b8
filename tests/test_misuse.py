"""Misuse refused (issue 17): bad input bytes, outputs onto the store or onto files of another kind, bad branch
names, missing directories, damaged database files. Each gives a clean ``Error:`` (exit 1) and writes nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from awaw_events import codec
from awaw_events import io as event_io
from awaw_events.errors import InputError
from awaw_events.log import BatchRejected
from replays.cli import cli
from tests.conftest import armor, created, phase


def jsonl(*events: object) -> str:
    return "".join(codec.encode(e).decode() + "\n" for e in events)  # type: ignore[arg-type]


GOOD = jsonl(created(), phase("unit_construction"), armor("a"))


@pytest.fixture
def run(db_path: str):  # type: ignore[no-untyped-def]
    runner = CliRunner()

    def invoke(*args: str, input: bytes | str | None = None) -> Result:
        return runner.invoke(cli, ["--db", db_path, *args], input=input)

    return invoke


def _clean_error(result: Result, starts: str) -> None:
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.output.startswith("Error: " + starts), result.output


def _count(db_path: str) -> int:
    if not Path(db_path).exists():
        return 0
    with sqlite3.connect(db_path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        if "stored_events" not in tables:
            return 0
        return int(conn.execute("SELECT count(*) FROM stored_events").fetchone()[0])


# ---------------------------------------------------------------------------------------------------------------
# Input bytes


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            GOOD.encode() + '{"type":"note_added","text":"Café"}\n'.encode("latin-1"),
            "line 4: not UTF-8 text: byte 0xe9",
        ),
        (GOOD.encode().replace(b'"fall"', b'"f\xffll"', 1), "line 1: not UTF-8 text: byte 0xff at column"),
        (GOOD.encode() + b'{"type":' + b"[" * 50_000 + b"]" * 50_000 + b"}\n", "line 4: nested too deeply"),
        (GOOD.encode() + b'{"x":"' + b"a" * (event_io.MAX_LINE + 10) + b'"}\n', "line 4: longer than 1,048,576 bytes"),
        ("\ufeff".encode() + GOOD.encode() + b"\x00\x01\n", "line 4: not valid JSON"),
    ],
    ids=["latin-1", "bad-byte", "deep", "huge-line", "nul-after-bom"],
)
def test_bad_input_bytes_name_the_line_and_write_nothing(
    run, tmp_path: Path, db_path: str, data: bytes, expected: str
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    _clean_error(run("import", "g", str(path)), expected)
    _clean_error(run("import", "g", "-", input=data), expected)
    assert _count(db_path) == 0


def test_a_byte_order_mark_is_accepted(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bom.jsonl"
    path.write_bytes("\ufeff".encode() + GOOD.encode())
    assert (
        run("import", "g", str(path)).output == "imported 3 event(s) into g: events 1 to 3\nthe audit finds nothing\n"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("- type: game_created\n  year: 1939\n  season: fall\n  title: Café\n".encode("latin-1"), "line 4: not UTF-8"),
        (b"- " + b"[" * 200 + b"]" * 200 + b"\n", "line 1: nested more than 64 levels deep"),
        (
            b"a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            b"e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n",
            "line 1: nested more than 64 levels deep or expanding to more than 100,000 values",
        ),
    ],
    ids=["latin-1", "deep", "alias-bomb"],
)
def test_bad_yaml_names_the_line_and_writes_nothing(
    run, tmp_path: Path, db_path: str, text: bytes, expected: str
) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.yaml"
    path.write_bytes(text)
    _clean_error(run("import", "g", str(path)), expected)
    assert _count(db_path) == 0


def test_text_handles_are_checked_too() -> None:
    """The library reads text handles as well (a decoding error there still names its line)."""
    import io

    handle = io.TextIOWrapper(io.BytesIO(GOOD.encode() + b"\xe9\n"), encoding="utf-8")
    with pytest.raises(BatchRejected, match="line 1 or later: not UTF-8 text"):
        event_io.read_events(handle, "jsonl")


def test_a_deeply_nested_value_typed_at_record(run) -> None:  # type: ignore[no-untyped-def]
    run("new", "g", "--physical-dice")
    result = run("record", "g", "note_added", "about=1", "text=" + "[" * 5000 + "]" * 5000)
    _clean_error(result, "argument 2, field 'text': not valid JSON: nested too deeply")


# ---------------------------------------------------------------------------------------------------------------
# Outputs


def _game(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "good.jsonl"
    path.write_text(GOOD)
    assert run("import", "g", str(path)).exit_code == 0


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_export_onto_the_store_is_refused(run, tmp_path: Path, db_path: str, suffix: str) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    before = Path(db_path).read_bytes()
    _clean_error(run("export", "g", "--format", "jsonl", "-o", db_path + suffix), f"'{db_path}{suffix}' is the store")
    assert Path(db_path).read_bytes() == before
    assert run("verify", "g").exit_code == 0


def test_export_onto_the_store_through_another_path_is_refused(run, tmp_path: Path, db_path: str) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    link = tmp_path / "link.jsonl"
    link.symlink_to(db_path)
    _clean_error(run("export", "g", "-o", str(link)), f"'{link}' is the store")
    assert run("verify", "g").exit_code == 0


def test_export_onto_another_database_or_a_foreign_file_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE mine (x)")
    _clean_error(run("export", "g", "--format", "jsonl", "-o", str(other)), f"'{other}' is a SQLite database")
    notes = tmp_path / "notes.jsonl"
    notes.write_text("my notes, not events\n")
    _clean_error(run("export", "g", "-o", str(notes)), f"'{notes}' exists and is not an event file")
    assert notes.read_text() == "my notes, not events\n"
    previous = tmp_path / "previous.jsonl"
    previous.write_text(GOOD)
    assert run("export", "g", "-o", str(previous)).exit_code == 0  # an earlier export is replaced


def test_export_into_a_missing_directory(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    _clean_error(run("export", "g", "-o", "nodir/x.jsonl"), "cannot write 'nodir/x.jsonl': the directory 'nodir'")


def test_materialize_refuses_foreign_files_and_the_store(run, tmp_path: Path, db_path: str) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    _clean_error(run("materialize", "g", "-o", str(text)), f"'{text}' is not a SQLite database")
    other = tmp_path / "mine.db"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE events (mine)")
        conn.execute("CREATE TABLE board_units (mine)")
        conn.execute("CREATE TABLE accounts (id)")
    _clean_error(run("materialize", "g", "-o", str(other)), f"'{other}' holds tables of its own (accounts)")
    with sqlite3.connect(other) as conn:
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master")} == {"events", "board_units", "accounts"}
    before = _count(db_path)
    _clean_error(run("materialize", "g", "-o", db_path), f"'{db_path}' is the store")
    with sqlite3.connect(db_path) as conn:
        assert {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")} == {"stored_events"}
    assert _count(db_path) == before
    _clean_error(run("materialize", "g", "-o", "nodir/rm.db"), "cannot write 'nodir/rm.db': the directory 'nodir'")


def test_materialize_replaces_its_own_read_model(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    target = tmp_path / "rm.db"
    assert run("materialize", "g", "-o", str(target)).exit_code == 0
    assert run("materialize", "g", "-o", str(target), "--at", "2").exit_code == 0
    with sqlite3.connect(target) as conn:
        assert conn.execute("SELECT at_event FROM awaw_meta").fetchone() == (2,)


@pytest.mark.parametrize("name", ["", ".", "..", "g/", "g/..", "a/b", "-x", " x"])
def test_bad_branch_names_are_refused(run, tmp_path: Path, name: str) -> None:  # type: ignore[no-untyped-def]
    _game(run, tmp_path)
    _clean_error(run("branch", "g", "--same-dice", "--", name), "invalid branch name")
    assert [line.split()[0] for line in run("games").output.splitlines() if line.startswith("g")] in ([], ["g"])
    assert run("branch", "g", "ok", "--same-dice").exit_code == 0
    _clean_error(run("promote", "g/ok", f"--keep-old-as={name}"), "invalid branch name")


def test_no_branch_is_created_for_a_bad_name(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import json

    _game(run, tmp_path)
    run("branch", "g", "", "--same-dice")
    run("branch", "g", "..", "--same-dice")
    assert [t["name"] for t in json.loads(run("games", "--json").output)] == ["g"]


# ---------------------------------------------------------------------------------------------------------------
# Damaged database files


def _damaged(db_path: str, how: str) -> None:
    data = bytearray(Path(db_path).read_bytes())
    if how == "truncated":
        data = data[: len(data) // 3]
    elif how == "zeroed":
        data[4096:8192] = bytes(4096)
    elif how == "header":
        data[:16] = b"not a database!!"
    elif how == "garbage":
        data = bytearray(b"\x13\x37" * 40_000)
    Path(db_path).write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["truncated", "zeroed", "header", "garbage"])
def test_a_damaged_database_file_gives_a_clean_error(run, tmp_path: Path, db_path: str, how: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "big.jsonl"
    path.write_text(jsonl(created(), phase("unit_construction"), *(armor(f"u{i}") for i in range(300))))
    assert run("import", "g", str(path)).exit_code == 0
    for suffix in ("-wal", "-shm"):
        Path(db_path + suffix).unlink(missing_ok=True)
    _damaged(db_path, how)
    for command in (
        ["verify", "g"],
        ["log", "g"],
        ["games"],
        ["state", "g"],
        ["record", "g", "note_added", "about=1", "text=x"],
    ):
        result = run(*command)
        assert isinstance(result.exception, SystemExit), (command, result.exception)
        assert result.exit_code == 1, (command, result.output)
        assert result.output.startswith(("Error: cannot open the store", "Error: the store cannot be read")), (
            command,
            result.output,
        )


def test_input_error_names_are_kept() -> None:
    error = InputError("x", where="line 3", field="dice")
    assert str(error) == "line 3, field 'dice': x"
