"""Importers and exporters: JSON Lines and YAML, on open handles (STYLE 11: only the CLI opens files).

JSON Lines: one event object per line, blank lines allowed. YAML: a list of event mappings, or several documents
each holding one mapping or a list of them (a file per turn is natural). Every problem names its line.

Reading is a stream (:func:`iter_events`): an event at a time, so a file of any length is read in flat memory;
JSON Lines go to the event decoder as bytes, line by line.

Input is read as bytes and must be UTF-8 (a leading byte-order mark is allowed); a line that is not, a line longer
than :data:`MAX_LINE`, a value nested deeper than :data:`MAX_DEPTH` or a YAML document that expands beyond
:data:`MAX_NODES` values is refused with its line, like any other bad event.

The other files people hand in (map data, set-ups) are read by :func:`read_file` (a plain file, bounded in size,
never a FIFO or a device) and composed by :func:`compose_yaml`, which first walks the parser's event stream to
bound the nesting and what aliases expand to, in time linear in the file: a kilobyte of nested aliases (a "billion
laughs") is refused before anything is built from it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, Final, Literal

import yaml

from awaw_events.codec import encode, not_utf8, parse_event, parse_json_event, to_builtins
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


_not_utf8 = not_utf8


def _shifted(exc: UnicodeDecodeError, by: int) -> UnicodeDecodeError:
    return UnicodeDecodeError(exc.encoding, exc.object[by:], exc.start - by, exc.end - by, exc.reason)


_BLOCK: Final = 1 << 20
"""Bytes read at a time: few reads, so the import's writer thread rarely waits for the lock on the interpreter."""


def _blocks(handle: IO[str] | IO[bytes]) -> Iterator[list[Any]]:
    """The lines of a file without their ends, a block at a time (split at ``\\n`` alone, as ``readline`` does; a
    ``\\r`` before it is whitespace to the decoder). A line longer than :data:`MAX_LINE` comes last, cut, for the
    caller to refuse."""
    rest: Any = None
    while True:
        block: Any = handle.read(_BLOCK)
        if not block:
            if rest:
                yield [rest]
            return
        if rest:
            block = rest + block
        lines = block.split(b"\n" if isinstance(block, bytes) else "\n")
        rest = lines.pop()
        if len(rest) > MAX_LINE + 1:
            yield [*lines, rest]
            return
        if lines:
            yield lines


def _jsonl(handle: IO[str] | IO[bytes]) -> Iterator[Numbered | InputError]:
    """Each line's event, or the error naming the line; reading stops at a line that is too long or at bytes a
    text handle cannot decode (what follows cannot be trusted to be lines)."""
    number = 0
    blocks = _blocks(handle)
    while True:
        try:
            lines = next(blocks, None)
        except UnicodeDecodeError as exc:  # a text handle decodes ahead, a block at a time
            yield InputError(
                f"not UTF-8 text ({exc.reason}); save the file as UTF-8", where=f"line {number + 1} or later"
            )
            return
        if lines is None:
            return
        for line in lines:
            number += 1
            if len(line) > MAX_LINE:
                too_long = len(line.rstrip(b"\r")) if isinstance(line, bytes) else len(line.rstrip("\r"))
                if too_long > MAX_LINE:
                    unit = "bytes: not an event (is this an event file?)"
                    if not isinstance(line, bytes):
                        unit = "characters: not an event"
                    yield InputError(f"longer than {MAX_LINE:,} {unit}", where=f"line {number}")
                    return
            if number == 1:
                line = line.removeprefix(b"\xef\xbb\xbf") if isinstance(line, bytes) else line.removeprefix("\ufeff")
            if line.isspace() or not line:
                continue
            where = f"line {number}"
            try:
                yield Numbered(where, parse_json_event(line, where=where))
            except InputError as exc:
                yield exc


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


def _yaml(handle: IO[str] | IO[bytes]) -> Iterator[Numbered | InputError]:
    try:
        for where, obj in _raw_yaml(handle):
            try:
                yield Numbered(where, _parse(obj, where))
            except InputError as exc:
                yield exc
    except InputError as exc:  # the file itself cannot be read on
        yield exc


def iter_events(handle: IO[str] | IO[bytes], fmt: Format) -> Iterator[Numbered | InputError]:
    """Every event of a file in order, each strictly validated, or the :class:`InputError` naming its line.

    Reading goes on after a bad event (each line of JSON Lines stands alone), but not after a YAML syntax error,
    a line too long, or bytes that a text handle cannot decode: the rest of such a file cannot be read.
    """
    return _jsonl(handle) if fmt == "jsonl" else _yaml(handle)


def read_events(
    handle: IO[str] | IO[bytes], fmt: Format, *, progress: Callable[[int], None] | None = None, every: int = 1000
) -> list[Numbered]:
    """Read and strictly validate every event of a (small) file; raise :class:`BatchRejected` listing each bad one.

    For long files use :func:`iter_events` with :func:`awaw_events.log.import_events`, which never holds the
    whole file.
    """
    events: list[Numbered] = []
    errors: list[InputError] = []
    for item in iter_events(handle, fmt):
        if isinstance(item, InputError):
            errors.append(item)
            if len(errors) >= MAX_ERRORS:
                break
            continue
        events.append(item)
        if progress and len(events) % every == 0:
            progress(len(events))
    if errors:
        raise BatchRejected(errors)
    return events


MAX_FILE: Final = 64 << 20
"""The largest map-data or set-up file read (64 MiB; the shipped map data is a few KiB)."""


def read_file(path: str | os.PathLike[str], *, what: str, limit: int = MAX_FILE) -> bytes:
    """The bytes of a plain file handed in by a person: refused cleanly when it is missing, unreadable, a
    directory, a FIFO or a device (which would hang or never end), or larger than ``limit``."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(f"cannot read the {what} {name!r}: {exc.strerror or exc}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"the {what} {name!r} is not a plain file (a FIFO, a device or a directory?)")
        if info.st_size > limit:
            raise InputError(f"the {what} {name!r} is larger than {limit >> 20} MiB: not a {what}")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise InputError(f"cannot read the {what} {name!r}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise InputError(f"the {what} {name!r} is larger than {limit >> 20} MiB: not a {what}")
    return data


def yaml_error(exc: yaml.YAMLError) -> InputError:
    """A YAML syntax error as an :class:`InputError` naming its line."""
    mark = getattr(exc, "problem_mark", None)
    return InputError(
        f"not valid YAML: {getattr(exc, 'problem', None) or exc}",
        where=f"line {mark.line + 1}" if mark is not None else None,
    )


def check_yaml(text: str, *, max_depth: int = MAX_DEPTH, max_aliased: int = MAX_NODES) -> None:
    """Refuse a YAML text nested deeper than ``max_depth`` or whose aliases expand to more than ``max_aliased``
    values, from the parser's event stream alone (nothing is built; each anchor's expanded size is counted once,
    so a file of nested aliases is refused in time linear in its length)."""
    sizes: dict[str, int] = {}
    frames: list[list[Any]] = []  # [anchor, values so far], one per open collection
    aliased = 0
    try:
        for event in yaml.parse(text, Loader=_SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                size = sizes.get(event.anchor or "", 1)
                aliased += size
                if aliased > max_aliased:
                    raise InputError(
                        f"YAML aliases expand to more than {max_aliased:,} values (a YAML bomb?)",
                        where=_line(event),
                    )
                if frames:
                    frames[-1][1] += size
            elif isinstance(event, yaml.ScalarEvent):
                if event.anchor:
                    sizes[event.anchor] = 1
                if frames:
                    frames[-1][1] += 1
            elif isinstance(event, yaml.CollectionStartEvent):
                frames.append([event.anchor, 1])
                if len(frames) > max_depth:
                    raise InputError(f"YAML nested more than {max_depth} levels deep", where=_line(event))
            elif isinstance(event, yaml.CollectionEndEvent) and frames:
                anchor, size = frames.pop()
                if anchor:
                    sizes[anchor] = size
                if frames:
                    frames[-1][1] += size
    except yaml.YAMLError as exc:
        raise yaml_error(exc) from None


def _line(event: yaml.Event) -> str | None:
    mark = event.start_mark
    return f"line {mark.line + 1}" if mark is not None else None


def compose_yaml(text: str) -> yaml.Node | None:
    """The node tree of a (single-document) YAML text, after :func:`check_yaml` bounded it."""
    check_yaml(text)
    try:
        return yaml.compose(text, Loader=_SafeLoader)
    except yaml.YAMLError as exc:
        raise yaml_error(exc) from None
    except RecursionError:
        raise InputError(f"YAML nested more than {MAX_DEPTH} levels deep") from None


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
