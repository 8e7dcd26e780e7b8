"""Where in a set-up file a problem is: every error ``awaw new --setup`` reports names the line and the field.

Two kinds of problem: a value the file's schema refuses (:func:`schema_error`: msgspec names the path, but writes
``[...]`` for a mapping's key, so the key is found by converting the file with that mapping cut to one key at a
time), and an event a section makes that the log refuses (:func:`event_error`: the section's path, then the
event's field as deep as the file goes: ``history[13].level``, ``statuses.france.faction``).
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec
import yaml

from awaw_events.errors import InputError
from replays.maps import _field_name, _line_of

PATH_PART: Final = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|(\[\.\.\.\])")
"""A step of a msgspec error path: ``.field``, ``[3]``, or ``[...]`` (a mapping's key, which msgspec does not
name)."""

WHERE_PART: Final = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
"""A step of a set-up section's path as the events name it: ``statuses.france``, ``history[13]``."""


def schema_error(root: yaml.Node, data: dict[str, Any], exc: msgspec.ValidationError, schema: type) -> InputError:
    """The error of a value the set-up's schema refuses, naming its line and its field path with every key."""
    message, _, at = str(exc).partition(" - at `$")
    path = _path(data, at.rstrip("`"), message, schema)
    unknown = re.search(r"unknown field `([^`]+)`", message)
    if unknown:
        path = [*path, unknown.group(1)]
        message = f"unknown field {unknown.group(1)!r} (docs/setup.md lists the fields)"
    else:
        message = message[0].lower() + message[1:] if message else "invalid value"
    return InputError(message, where=f"line {_line_of(root, path, key=bool(unknown))}", field=_field_name(path))


def _path(data: dict[str, Any], at: str, message: str, schema: type) -> list[str | int]:
    """The error's path with each ``[...]`` replaced by the key whose value alone gives the same error."""
    path: list[str | int] = []
    node: Any = data
    for name, index, key in PATH_PART.findall(at):
        if key:
            if not isinstance(node, dict):
                break
            found = next((k for k in node if _fails_alone(data, path, k, message, schema)), None)
            if found is None:
                break
            path.append(str(found))
            node = node[found]
        elif name:
            path.append(name)
            node = node.get(name) if isinstance(node, dict) else None
        else:
            path.append(int(index))
            node = node[int(index)] if isinstance(node, list) and int(index) < len(node) else None
    return path


def _fails_alone(data: dict[str, Any], path: list[str | int], key: Any, message: str, schema: type) -> bool:
    """Whether the file, with the mapping at ``path`` cut to ``key`` alone, still fails with ``message``."""

    def cut(node: Any, rest: list[str | int]) -> Any:
        if not rest:
            return {key: node[key]}
        head, *tail = rest
        copy = list(node) if isinstance(node, list) else dict(node)
        copy[head] = cut(node[head], tail)  # type: ignore[index]
        return copy

    try:
        msgspec.convert(cut(data, path), schema)
    except msgspec.ValidationError as exc:
        return str(exc).partition(" - at `$")[0] == message
    return False


def event_error(exc: InputError, where: str, root: yaml.Node | None) -> InputError:
    """A problem with what a section of the set-up makes (``where``: the section's entry, ``units.germany.EUR:L33.
    ger-arm-1``): the line of the entry (as deep as the event's field goes in the file) and the field. ``exc`` is
    the log's refusal of the entry's event (its ``where`` the entry), or the section's own (its ``where`` naming
    the entry, or none and its ``field`` the entry)."""
    own = exc.where == where
    section = where if own else (exc.where or "").removeprefix("the set-up's ") or exc.field or where
    said = f"the set-up's {section}"
    if root is None:
        return InputError(exc.message, where=said, field=exc.field)
    path: list[str | int] = [name or int(index) for name, index in WHERE_PART.findall(section)]
    if own and exc.field:
        path += [name or int(index) for name, index in WHERE_PART.findall(exc.field)]
    return InputError(exc.message, where=f"line {_line_of(root, path)} ({said})", field=exc.field)
