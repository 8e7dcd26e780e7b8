"""The version of the audit's code, as a kept audit report is keyed by it: a hash of the sources of every package
whose code can change what an audit finds.

A report kept by :mod:`replays.audit.reuse` is used again only by the same code: the event types and their decoding
(:mod:`awaw_events`), the fold, the position and the rules with their tables and shipped map data
(:mod:`projections`), the checks and the engine (:mod:`replays.audit`), and the modules of :mod:`replays` that the
audit reads the state and the map data through. Any change to any of their files (a check fixed, a table corrected,
a new field) changes the hash, and every kept report of the old code is left unused (the cache's budget removes it
in time). The hash is computed once per process (about 240 files, 13 ms).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
from pathlib import Path
from typing import Final

PACKAGES: Final = ("awaw_events", "projections", "replays.audit")
"""The packages whose every source and data file goes into the hash."""

MODULES: Final = ("replays.maps", "replays.records", "replays.state")
"""Modules of :mod:`replays` outside the audit package that the checks or the audit read through (map data, the
record's own problems, snapshots)."""

SUFFIXES: Final = frozenset({".py", ".yaml", ".yml", ".tsv", ".json", ".toml", ".csv"})
"""The files hashed: sources and the data they load (tables, the shipped map data)."""


def _files() -> list[tuple[str, Path]]:
    found: list[tuple[str, Path]] = []
    for name in PACKAGES:
        module = importlib.import_module(name)
        assert module.__file__ is not None
        top = Path(module.__file__).parent
        for path in top.rglob("*"):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file():
                found.append((f"{name}/{path.relative_to(top).as_posix()}", path))
    for name in MODULES:
        module = importlib.import_module(name)
        assert module.__file__ is not None
        found.append((name, Path(module.__file__)))
    return sorted(found)


@functools.cache
def code_hash() -> str:
    """The hash (sha256, hex) of the audit's code: every file's name and bytes, in order of name."""
    digest = hashlib.sha256(b"awaw-audit-code/v1\0")
    for name, path in _files():
        data = path.read_bytes()
        digest.update(b"%s\0%d\0" % (name.encode(), len(data)))
        digest.update(data)
    return digest.hexdigest()
