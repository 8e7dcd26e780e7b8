"""Projection snapshots: a reader's own cache of the state at points of a game, so that a command folds only the
events since the nearest one.

A snapshot is the state after event ``seq`` of a game's effective log, as the projection code of one version
(``code``) folds it. The events up to ``seq`` are named by their chain hash at ``seq`` (``chain``: each hash commits
to every event before it), and the game by the hash of its first event (``root``), so a snapshot fits every
timeline, branch and copy of the game that holds those events, in any store, and no other.

Who writes them, under which key: each reader, for themselves. :class:`SnapshotCache` keeps them in the reader's
own directory (``snapshots/`` of the keys directory, owner-only), each with a MAC (HMAC-SHA256 under the reader's
``snapshot.key``) of the code version, the event number, the chain hash and the data; one whose MAC fails (edited,
or copied from someone else's cache) is never used. The shared store holds none: a snapshot that another player or a
league server wrote could say anything, and nobody can check it but by folding the events again (README, Trust).

Disk is bounded: in each game's directory the lasting snapshots (one every :data:`EVERY` events, or as ``awaw
snapshot --every`` asks) and the :data:`HEADS` latest others (the ends of the timelines last written or read) are
kept, and the whole cache stays within its budget (:data:`BUDGET`, 256 MiB): past it, the snapshots least recently
used go first. A snapshot is
the state in msgpack, compressed (about 170 KB at 60,000 events).

:class:`MemorySnapshots` keeps them in the process alone (a library user's store, the tests): nothing outlives it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
import stat
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Final, NamedTuple, Protocol

EVERY: Final = 2_000
"""Events between the snapshots of the grid: the state at any point is at most this many events of folding away
from one (once a fold has passed there)."""

HEADS: Final = 4
"""Snapshots of timelines' ends kept per game (those most recently written or read): the others are lasting."""

BUDGET: Final = 256 << 20
"""The most disk the cache takes (bytes); past it, the least recently used snapshots are removed."""

_NAME: Final = re.compile(r"^(\d{1,12})-([0-9a-f]{64})(\.end)?\.snap$")
"""A snapshot's file: ``<seq>-<chain>.snap`` (lasting) or ``<seq>-<chain>.end.snap`` (the end of a timeline)."""
_HEX64: Final = re.compile(r"^[0-9a-f]{64}$")
_CODE: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
_MAC_BYTES: Final = 32
_MAX_FILE: Final = 256 << 20


class Entry(NamedTuple):
    """A snapshot the cache holds: after event ``seq`` of the chain whose hash there is ``chain``."""

    seq: int
    chain: str


class Snapshots(Protocol):
    """Where snapshots are kept (:class:`SnapshotCache`, :class:`MemorySnapshots`)."""

    def entries(self, root: str, code: str) -> list[Entry]:
        """The snapshots of a game (by ``root``) for a code version, latest first (not yet checked)."""
        ...

    def load(self, root: str, code: str, entry: Entry) -> bytes | None:
        """A snapshot's data, if it is there and passes its check (else None: never used)."""
        ...

    def keep(self, root: str, code: str, entry: Entry, data: bytes, *, lasting: bool = False) -> None:
        """Keep a snapshot (a cache: failing to keep one is not an error); ``lasting``: one of the grid, kept while
        there is room, else the end of a timeline, one of the few latest kept."""
        ...


class MemorySnapshots:
    """Snapshots kept in this process only."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, str], dict[Entry, bytes]] = {}

    def entries(self, root: str, code: str) -> list[Entry]:
        return sorted(self._kept.get((root, code), {}), reverse=True)

    def load(self, root: str, code: str, entry: Entry) -> bytes | None:
        return self._kept.get((root, code), {}).get(entry)

    def keep(self, root: str, code: str, entry: Entry, data: bytes, *, lasting: bool = False) -> None:
        self._kept.setdefault((root, code), {})[entry] = data


class SnapshotCache:
    """A reader's snapshots in a directory of their own: ``DIR/<root>/<code>/<seq>-<chain>.snap``, each file the MAC
    under ``key`` followed by the compressed state."""

    def __init__(self, directory: str | os.PathLike[str], key: bytes, *, budget: int = BUDGET) -> None:
        self.directory = Path(directory)
        self.key = key
        self.budget = budget

    def __repr__(self) -> str:
        return f"SnapshotCache({str(self.directory)!r})"

    # -- reading ---------------------------------------------------------------------------------------------

    def _game_dir(self, root: str, code: str) -> Path | None:
        if not _HEX64.match(root) or not _CODE.match(code):
            return None
        return self.directory / root / code

    def entries(self, root: str, code: str) -> list[Entry]:
        where = self._game_dir(root, code)
        if where is None:
            return []
        try:
            names = os.listdir(where)
        except OSError:
            return []
        found = {Entry(int(m.group(1)), m.group(2)) for name in names if (m := _NAME.match(name))}
        return sorted(found, reverse=True)

    def _mac(self, code: str, entry: Entry, body: bytes) -> bytes:
        head = b"awaw-snapshot/v2\0%s\0%d\0%s\0" % (code.encode(), entry.seq, entry.chain.encode())
        return hmac.new(self.key, head + body, hashlib.sha256).digest()

    def load(self, root: str, code: str, entry: Entry) -> bytes | None:
        where = self._game_dir(root, code)
        if where is None:
            return None
        path = where / f"{entry.seq}-{entry.chain}.snap"
        stored = _read_plain(path)
        if stored is None:
            path = where / f"{entry.seq}-{entry.chain}.end.snap"
            stored = _read_plain(path)
        if stored is None or len(stored) < _MAC_BYTES:
            return None
        mac, body = stored[:_MAC_BYTES], stored[_MAC_BYTES:]
        if not hmac.compare_digest(mac, self._mac(code, entry, body)):
            return None
        try:
            data = zlib.decompress(body)
        except zlib.error:
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # used: the last to go when the cache is over its budget
        return data

    # -- writing ---------------------------------------------------------------------------------------------

    def keep(self, root: str, code: str, entry: Entry, data: bytes, *, lasting: bool = False) -> None:
        where = self._game_dir(root, code)
        if where is None:
            return
        body = zlib.compress(data, 1)
        name = f"{entry.seq}-{entry.chain}{'' if lasting else '.end'}.snap"
        try:
            _private_dirs(self.directory, where)
            _write_replacing(where / name, self._mac(code, entry, body) + body)
        except OSError:
            return  # a full disk or a read-only home: the snapshot is only a cache
        self._trim(where, name)

    def _trim(self, where: Path, name: str) -> None:
        """Keep the lasting snapshots and the :data:`HEADS` latest ends in this game's directory (``name``, just
        written, among them), then the whole cache within its budget."""
        heads = sorted(
            ((info.st_mtime, path) for path, info in _stats(where) if _is_end(path) and path.name != name),
            reverse=True,
        )
        for _, path in heads[HEADS - 1 :]:
            _remove(path)
        kept_files = sorted((info.st_mtime, info.st_size, path) for path, info in _stats(self.directory, depth=3))
        total = sum(size for _, size, _ in kept_files)
        for _, size, path in kept_files:
            if total <= self.budget:
                break
            _remove(path)
            total -= size

    def size(self) -> int:
        """The bytes the cache takes on disk."""
        return sum(info.st_size for _, info in _stats(self.directory, depth=3))


def _is_end(path: Path) -> bool:
    found = _NAME.match(path.name)
    return found is not None and found.group(3) is not None


def _stats(where: Path, depth: int = 1) -> Iterator[tuple[Path, os.stat_result]]:
    """The snapshot files ``depth`` levels below ``where``, with their sizes and times (one removed meanwhile by
    another process is left out)."""
    for path in _files(where, depth):
        try:
            yield path, path.stat()
        except OSError:
            continue


def _files(where: Path, depth: int = 1) -> Iterator[Path]:
    """The snapshot files ``depth`` levels below ``where``."""
    try:
        children = list(os.scandir(where))
    except OSError:
        return
    for child in children:
        if depth > 1:
            if child.is_dir(follow_symlinks=False):
                yield from _files(Path(child.path), depth - 1)
        elif child.is_file(follow_symlinks=False) and _NAME.match(child.name):
            yield Path(child.path)


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()


def _private_dirs(top: Path, where: Path) -> None:
    """Create ``where`` (below ``top``) and the directories between, owner-only."""
    top.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    current = top
    current.mkdir(mode=0o700, exist_ok=True)
    for part in where.relative_to(top).parts:
        current = current / part
        current.mkdir(mode=0o700, exist_ok=True)


def _write_replacing(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (a temporary file that takes its name in one step), owner-only."""
    temp = path.with_name(f".{path.name}.tmp-{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(temp, path)
    finally:
        _remove(temp)


def _read_plain(path: Path) -> bytes | None:
    """A plain file's bytes, never through a link or from a FIFO or device (None if it is not one)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > _MAX_FILE:
                return None
            return handle.read(_MAX_FILE + 1)
        except OSError:
            return None
