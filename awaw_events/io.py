"""Importers and exporters: JSON Lines and YAML, on open handles (STYLE 11: only the CLI opens files).

JSON Lines: one event object per line, blank lines allowed. YAML: a list of event mappings, or several documents
each holding one mapping or a list of them (a file per turn is natural). Every problem names its line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Literal

import msgspec
import yaml

from awaw_events.codec import encode, parse_event, to_builtins
from awaw_events.errors import InputError
from awaw_events.events import Event
from awaw_events.log import MAX_ERRORS, BatchRejected, Numbered

Format = Literal["jsonl", "yaml"]

_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SafeDumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def format_for(filename: str) -> Format:
    """The format a file name implies (``.jsonl``/``.json``/``.ndjson`` or ``.yaml``/``.yml``)."""
    lowered = filename.lower()
    if lowered.endswith((".yaml", ".yml")):
        return "yaml"
    if lowered.endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"
    raise InputError(f"cannot tell the format of {filename!r}: name it .jsonl or .yaml, or pass --format")


def _raw_jsonl(handle: IO[str]) -> Iterator[tuple[str, Any]]:
    for number, line in enumerate(handle, start=1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            yield where, msgspec.json.decode(line)
        except msgspec.DecodeError as exc:
            raise InputError(f"not valid JSON: {exc}", where=where) from None


def _raw_yaml(handle: IO[str]) -> Iterator[tuple[str, Any]]:
    loader = _SafeLoader(handle)
    try:
        document = 0
        while loader.check_node():
            document += 1
            node = loader.get_node()
            if node is None:
                continue
            items = node.value if isinstance(node, yaml.SequenceNode) else [node]
            for item in items:
                where = f"line {item.start_mark.line + 1}"
                yield where, loader.construct_object(item, deep=True)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(
            f"not valid YAML: {getattr(exc, 'problem', exc)}",
            where=f"line {mark.line + 1}" if mark is not None else None,
        ) from None
    finally:
        loader.dispose()


def read_events(
    handle: IO[str], fmt: Format, *, progress: Callable[[int], None] | None = None, every: int = 1000
) -> list[Numbered]:
    """Read and strictly validate every event of a file; raise :class:`BatchRejected` listing each bad one."""
    raw = _raw_jsonl(handle) if fmt == "jsonl" else _raw_yaml(handle)
    events: list[Numbered] = []
    errors: list[InputError] = []
    try:
        for where, obj in raw:
            try:
                events.append(Numbered(where, parse_event(obj, where=where)))
            except InputError as exc:
                errors.append(exc)
                if len(errors) >= MAX_ERRORS:
                    break
            if progress and len(events) % every == 0:
                progress(len(events))
    except InputError as exc:
        errors.append(exc)
    if errors:
        raise BatchRejected(errors)
    return events


def write_jsonl(events: Iterable[Event], handle: IO[bytes]) -> int:
    """Write events as canonical JSON Lines; returns how many."""
    count = 0
    for event in events:
        handle.write(encode(event) + b"\n")
        count += 1
    return count


def write_yaml(events: Iterable[Event], handle: IO[str]) -> int:
    """Write events as one YAML list of mappings (the ``type`` key first); returns how many."""
    items = [to_builtins(e) for e in events]
    yaml.dump(items, handle, Dumper=_SafeDumper, sort_keys=False, allow_unicode=True, default_flow_style=None)
    return len(items)
