"""Importers and exporters: JSON Lines and YAML, on open handles (STYLE 11: only the CLI opens files).

JSON Lines: one event object per line, blank lines allowed. YAML: a list of event mappings, or several documents
each holding one mapping or a list of them (a file per turn is natural). Every problem names its line.

Input is read as bytes and must be UTF-8 (a leading byte-order mark is allowed); a line that is not, a line longer
than :data:`MAX_LINE`, a value nested deeper than :data:`MAX_DEPTH` or a YAML document that expands beyond
:data:`MAX_NODES` values is refused with its line, like any other bad event (issue 17).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Final, Literal

import msgspec
import yaml

from awaw_events.codec import encode, parse_event, to_builtins
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent, Event
from awaw_events.log import MAX_ERRORS, BatchRejected, Numbered

Format = Literal["jsonl", "yaml"]

MAX_LINE: Final = 1 << 20
"""The longest JSON Lines line read (1 MiB; the largest event is a few KiB)."""
MAX_DEPTH: Final = 64
"""The deepest nesting of lists and mappings in one YAML event (events nest three levels at most); JSON nested
beyond msgspec's recursion limit is refused as well."""
MAX_NODES: Final = 100_000
"""The most values one YAML event may expand to (aliases included)."""
MAX_YAML: Final = 256 << 20
"""The largest YAML file read (256 MiB; use JSON Lines for whole archives)."""

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


def _not_utf8(data: bytes, exc: UnicodeDecodeError, where: str) -> InputError:
    return InputError(
        f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column {exc.start + 1} (save the file as UTF-8)",
        where=where,
    )


def _shifted(exc: UnicodeDecodeError, by: int) -> UnicodeDecodeError:
    return UnicodeDecodeError(exc.encoding, exc.object[by:], exc.start - by, exc.end - by, exc.reason)


def _lines(handle: IO[str] | IO[bytes]) -> Iterator[tuple[str, str]]:
    """The lines of a file with their numbers, decoded as UTF-8, each at most :data:`MAX_LINE` bytes."""
    number = 0
    while True:
        where = f"line {number + 1}"
        try:
            line = handle.readline(MAX_LINE + 2)
        except UnicodeDecodeError as exc:  # a text handle decodes ahead, a block at a time
            raise InputError(
                f"not UTF-8 text ({exc.reason}); save the file as UTF-8", where=f"line {number + 1} or later"
            ) from None
        if not line:
            return
        number += 1
        if isinstance(line, bytes):
            if len(line.rstrip(b"\r\n")) > MAX_LINE:
                raise InputError(f"longer than {MAX_LINE:,} bytes: not an event (is this an event file?)", where=where)
            try:
                text = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise _not_utf8(line, exc, where) from None
        else:
            text = line
            if len(text.rstrip("\r\n")) > MAX_LINE:
                raise InputError(f"longer than {MAX_LINE:,} characters: not an event", where=where)
        yield where, text.removeprefix("\ufeff") if number == 1 else text


def _raw_jsonl(handle: IO[str] | IO[bytes]) -> Iterator[tuple[str, Any]]:
    for where, line in _lines(handle):
        if not line.strip():
            continue
        try:
            value = msgspec.json.decode(line)
        except msgspec.DecodeError as exc:
            raise InputError(f"not valid JSON: {exc}", where=where) from None
        except RecursionError:
            raise InputError("nested too deeply: not an event", where=where) from None
        yield where, value


def _yaml_text(handle: IO[str] | IO[bytes]) -> str:
    data = handle.read(MAX_YAML + 1)
    if len(data) > MAX_YAML:
        raise InputError(f"a YAML file larger than {MAX_YAML >> 20} MiB: export large games as JSON Lines")
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        line = data.count(b"\n", 0, exc.start) + 1
        raise _not_utf8(data[line_start:], _shifted(exc, line_start), f"line {line}") from None


def _check_node(node: yaml.Node, where: str) -> None:
    """Refuse a YAML value nested too deeply or expanding (through aliases) to too many values."""
    stack: list[tuple[yaml.Node, int]] = [(node, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if depth > MAX_DEPTH or seen > MAX_NODES:
            raise InputError(
                f"nested more than {MAX_DEPTH} levels deep or expanding to more than {MAX_NODES:,} values "
                "(YAML aliases?): not an event",
                where=where,
            )
        if isinstance(item, yaml.SequenceNode):
            stack.extend((child, depth + 1) for child in item.value)
        elif isinstance(item, yaml.MappingNode):
            for key, value in item.value:
                stack.extend(((key, depth + 1), (value, depth + 1)))


def _raw_yaml(handle: IO[str] | IO[bytes]) -> Iterator[tuple[str, Any]]:
    loader = _SafeLoader(_yaml_text(handle))
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
                _check_node(item, where)
                yield where, loader.construct_object(item, deep=True)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(
            f"not valid YAML: {getattr(exc, 'problem', exc)}",
            where=f"line {mark.line + 1}" if mark is not None else None,
        ) from None
    except RecursionError:
        raise InputError(f"YAML nested more than {MAX_DEPTH} levels deep: not an event") from None
    finally:
        loader.dispose()


def read_events(
    handle: IO[str] | IO[bytes], fmt: Format, *, progress: Callable[[int], None] | None = None, every: int = 1000
) -> list[Numbered]:
    """Read and strictly validate every event of a file; raise :class:`BatchRejected` listing each bad one."""
    raw = _raw_jsonl(handle) if fmt == "jsonl" else _raw_yaml(handle)
    events: list[Numbered] = []
    errors: list[InputError] = []
    try:
        for where, obj in raw:
            try:
                events.append(Numbered(where, _parse(obj, where)))
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


def _parse(obj: Any, where: str) -> AnyEvent:
    try:
        return parse_event(obj, where=where)
    except RecursionError:
        raise InputError("nested too deeply: not an event", where=where) from None


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
