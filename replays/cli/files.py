"""Files the CLI writes: never the store, never a file of another kind, never half-written.

``awaw export -o`` and ``awaw materialize -o`` check their target first (the store itself and its companion files,
a database where an event file is expected, a file that is not SQLite or a database with tables of its own where a
read model is expected, a directory that does not exist), write to a temporary file beside it, and put it in
place only when the whole output is written.
"""

from __future__ import annotations

import contextlib
import glob
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from awaw_events.errors import AwawError

SQLITE_MAGIC: Final = b"SQLite format 3\x00"
READ_MODEL_TABLES: Final = (
    "events",
    "awaw_meta",
    "findings",
    "unit_history",
    "moves",
    "attacks",
    "attack_units",
    "rolls",
    "rounds",
    "builds",
    "redeployments",
    "texts",
    "texts_fts",
    "texts_fts_data",
    "texts_fts_idx",
    "texts_fts_docsize",
    "texts_fts_config",
)
"""The tables ``awaw materialize`` writes that no projection prefixes."""


class OutputError(AwawError):
    """A file the command must not write, or cannot."""


def store_file(db: str) -> Path | None:
    """The SQLite file of a store address (None for ``:memory:`` and PostgreSQL)."""
    if db.startswith(("postgresql://", "postgres://")) or db == ":memory:":
        return None
    return Path(db.removeprefix("sqlite:///"))


def _same(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _is_store(path: Path, db: str) -> bool:
    store = store_file(db)
    if store is None:
        return False
    target = path.resolve()
    for suffix in ("", "-wal", "-shm", "-journal"):
        companion = store.with_name(store.name + suffix)
        if _same(path, companion) or target == companion.resolve():
            return True
    return False


def _head(path: Path, size: int = 64) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(size)
    except OSError as exc:
        raise OutputError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None


def check_target(path: Path, db: str) -> None:
    """What every output needs: a directory that exists, not a directory itself, not the store."""
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputError(f"cannot write {str(path)!r}: the directory {str(parent)!r} does not exist")
    if path.is_dir():
        raise OutputError(f"cannot write {str(path)!r}: it is a directory")
    if _is_store(path, db):
        raise OutputError(f"{str(path)!r} is the store itself ({db}); refusing to write over it")


def check_event_file(path: Path, db: str) -> None:
    """An export's target: refused when it is the store, a SQLite database, or a file that is not an event file."""
    check_target(path, db)
    if not path.exists() or path.stat().st_size == 0:
        return
    head = _head(path)
    if head.startswith(SQLITE_MAGIC):
        raise OutputError(f"{str(path)!r} is a SQLite database, not an event file; refusing to write over it")
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start and not start.startswith((b"{", b"-", b"#", b"[", b"type")):
        raise OutputError(
            f"{str(path)!r} exists and is not an event file (JSON Lines or YAML); refusing to write over it"
        )


def check_read_model(path: Path, db: str) -> None:
    """A read model's target: a new or empty file, or a SQLite file holding only an earlier read model."""
    check_target(path, db)
    if not path.exists() or path.stat().st_size == 0:
        return
    if not _head(path).startswith(SQLITE_MAGIC):
        raise OutputError(f"{str(path)!r} is not a SQLite database; refusing to write over it")
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.DatabaseError as exc:
        raise OutputError(f"{str(path)!r} cannot be read as a SQLite database: {exc}") from None
    from replays.readmodel import TABLE_PREFIXES  # the tables materialize writes, named once

    own = [
        t
        for t in tables
        if t not in READ_MODEL_TABLES and t.split("_", 1)[0] not in TABLE_PREFIXES and not t.startswith("sqlite_")
    ]
    if "stored_events" in tables:
        raise OutputError(f"{str(path)!r} is an awaw store; refusing to write read-model tables into it")
    if own or (tables and "awaw_meta" not in tables):
        names = ", ".join(own or tables)
        raise OutputError(
            f"{str(path)!r} holds tables of its own ({names}); materialize writes only to a new file "
            "or to a read model it wrote before"
        )


def _remove_stale(parent: Path, name: str) -> None:
    """Remove the temporary files a killed run left beside ``name``; a live run holds a lock on its own, so it is
    never taken for stale."""
    for candidate in parent.glob(f".{glob.escape(name)}.*.tmp"):
        try:
            fd = os.open(candidate, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            if _locked(fd):
                continue
            with contextlib.suppress(OSError):
                candidate.unlink()
        finally:
            os.close(fd)


def _locked(fd: int) -> bool:
    """Whether another process holds the lock of a temporary file (taking it if not)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no flock (Windows): keep every temporary file
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    return False


@contextlib.contextmanager
def replaced(path: Path) -> Iterator[Path]:
    """A temporary file beside ``path`` that takes its place only if the block finishes (nothing half-written).

    The temporary files a killed run left are removed first; a write that fails (a full disk) is an
    :class:`OutputError` and leaves ``path`` as it was."""
    parent = path.parent if str(path.parent) else Path(".")
    _remove_stale(parent, path.name)
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    _locked(fd)  # held until the file is in place: another run never takes it for stale
    temp = Path(name)
    try:
        yield temp
        if path.exists():
            with contextlib.suppress(OSError):
                os.chmod(temp, path.stat().st_mode & 0o777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, path)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()
