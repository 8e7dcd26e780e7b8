"""Encoding and decoding events: one canonical JSON encoding, one decoder built once (STYLE 2).

The canonical encoding (msgspec JSON, fields in definition order, defaults omitted) is what the hash chain covers,
so two copies of a game that hold the same events have the same hashes whatever store they live in.

Stored events are decoded leniently (a newer field from a newer version is ignored); input from users is decoded
strictly by :func:`parse_event`: unknown types and unknown fields are errors that name the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

import msgspec

from awaw_events.errors import InputError
from awaw_events.events import EVENT_TYPES, AnyEvent, Event

_ENCODER: Final = msgspec.json.Encoder()
_DECODER: Final[msgspec.json.Decoder[AnyEvent]] = msgspec.json.Decoder(AnyEvent)

EVENT_CLASSES: Final[dict[str, type[Event]]] = {str(cls.__struct_config__.tag): cls for cls in EVENT_TYPES}
"""Every event class by its tag."""

_INPUT_KEYS: Final[msgspec.json.Decoder[dict[str, msgspec.Raw]]] = msgspec.json.Decoder(dict[str, msgspec.Raw])
_ALLOWED: Final[dict[bytes, frozenset[str]]] = {
    msgspec.json.encode(tag): frozenset(cls.__struct_encode_fields__) | {"type"} for tag, cls in EVENT_CLASSES.items()
}
"""The keys an input object of each type may have, by the type's tag as JSON (``b'"unit_built"'``)."""


def tag_of(cls: type[Event] | Event) -> str:
    """The stable tag of an event class or event (``unit_built``)."""
    kind = cls if isinstance(cls, type) else type(cls)
    return str(kind.__struct_config__.tag)


encode: Final[Callable[[Event], bytes]] = _ENCODER.encode
"""The canonical JSON encoding of one event (the encoder's own method: an import calls it a million times)."""


def decode(data: bytes | str) -> AnyEvent:
    """Decode one stored event."""
    return _DECODER.decode(data)


def to_builtins(event: Event) -> dict[str, Any]:
    """The event as plain JSON-compatible data (the ``type`` tag first)."""
    data: dict[str, Any] = msgspec.to_builtins(event)
    return data


def _field_path(message: str) -> tuple[str, str | None]:
    """Split a msgspec validation message into its text and the field path it names.

    ``Expected `int`, got `str` - at `$.dice[0]``` gives ``("Expected `int`, got `str`", "dice[0]")``;
    ``Object missing required field `owner` - at `$.attackers[0]``` gives the path ``attackers[0].owner``.
    """
    text, _, path = message.partition(" - at `$")
    path = path.rstrip("`").lstrip(".")
    missing = "missing required field `"
    if missing in text:
        name = text.split(missing, 1)[1].split("`", 1)[0]
        return f"missing required field {name!r}", f"{path}.{name}" if path else name
    return text, path or None


def parse_event(obj: object, *, where: str | None = None, strict: bool = True) -> AnyEvent:
    """Validate one event typed by a user (a mapping from JSON or YAML) strictly.

    Raises :class:`InputError` naming ``where`` and the field for an unknown type, an unknown or missing field,
    a value of the wrong type or out of range, or a cross-field problem (a die face above its die size).
    ``strict=False`` accepts numbers and booleans written as strings (values typed at the command line).
    """
    if not isinstance(obj, dict):
        raise InputError(f"expected an event object, got {type(obj).__name__}", where=where)
    tag = obj.get("type")
    if tag is None:
        raise InputError("missing the event type", where=where, field="type")
    cls = EVENT_CLASSES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        raise InputError(f"unknown event type {tag!r} (see `awaw schema`)", where=where, field="type")
    known = set(cls.__struct_encode_fields__) | {"type"}
    for key in obj:
        if key not in known:
            raise InputError(
                f"unknown field {key!r} for {tag!r}; expected one of: {', '.join(sorted(known - {'type'}))}",
                where=where,
                field=str(key),
            )
    try:
        # Into the event's own class, known from its tag: converting into the 107-member union costs 50 times more.
        event: AnyEvent = msgspec.convert(obj, cls, strict=strict)  # type: ignore[assignment]
    except msgspec.ValidationError as exc:
        from awaw_events.messages import explain

        text, field = explain(str(exc), cls, obj)
        raise InputError(text, where=where, field=field) from None
    for field_name, problem in event.check():
        raise InputError(problem, where=where, field=field_name)
    return event


def parse_json_event(line: bytes | str, *, where: str | None = None) -> AnyEvent:
    """Decode and validate one event typed by a user as a JSON object, as strictly as :func:`parse_event`.

    The fast path is one pass of the union's decoder built once. The decoder ignores unknown fields and input must
    not have any: a line that is the event's own canonical encoding (an ``awaw export``, byte for byte) has none,
    which re-encoding the event shows for a fraction of a second decode; any other line has its keys looked at
    (a second, cheaper decode). Anything the fast path refuses goes through :func:`parse_event` for the message
    that names the field. A test holds the two paths to the same verdict.
    """
    try:
        event = _DECODER.decode(line)
        if (_ENCODER.encode(event) == line or _known_keys(line)) and not event.check():
            return event
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError):
        pass
    text = line
    if isinstance(line, bytes):
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise not_utf8(line, exc, where) from None
    try:
        obj = msgspec.json.decode(text)
    except msgspec.DecodeError as exc:
        raise InputError(f"not valid JSON: {exc}", where=where) from None
    except RecursionError:
        raise InputError("nested too deeply: not an event", where=where) from None
    try:
        return parse_event(obj, where=where)
    except RecursionError:
        raise InputError("nested too deeply: not an event", where=where) from None


def _known_keys(line: bytes | str) -> bool:
    """Whether every key of a JSON event object is a field of its type (or the ``type`` tag)."""
    keys = _INPUT_KEYS.decode(line)
    tag = keys.get("type")
    allowed = _ALLOWED.get(bytes(tag)) if tag is not None else None
    return allowed is not None and keys.keys() <= allowed


def not_utf8(data: bytes, exc: UnicodeDecodeError, where: str | None) -> InputError:
    """The error for input bytes that are not UTF-8, naming the first bad byte and its column."""
    return InputError(
        f"not UTF-8 text: byte 0x{data[exc.start]:02x} at column {exc.start + 1} (save the file as UTF-8)",
        where=where,
    )


class Difference(NamedTuple):
    """Where two events first differ: the field (a path into nested values, ``losses[1].factors``; ``type`` when
    they are of different types) and its value in each, as canonical JSON (``None``: the field is absent)."""

    field: str
    first: str | None
    second: str | None

    def words(self, first: str = "the first", second: str = "the second") -> str:
        """``field 'result': the store has "Ex", the file has "D"``."""

        def has(value: str | None) -> str:
            return f"has {value}" if value is not None else "does not have it"

        return f"field {self.field!r}: {first} {has(self.first)}, {second} {has(self.second)}"


def first_difference(a: Event, b: Event) -> Difference | None:
    """The first field (in the order of ``a``'s encoding, then ``b``'s) whose values differ, descending into lists
    and objects; ``None`` if the two encode alike."""
    if type(a) is not type(b):
        return Difference("type", _json(tag_of(a)), _json(tag_of(b)))
    return _differ(msgspec.json.decode(encode(a)), msgspec.json.decode(encode(b)), "")


def _json(value: Any) -> str:
    return _ENCODER.encode(value).decode()


def _differ(a: Any, b: Any, path: str) -> Difference | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in dict.fromkeys([*a, *b]):
            where = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                return Difference(where, _json(a[key]) if key in a else None, _json(b[key]) if key in b else None)
            found = _differ(a[key], b[key], where)
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for index in range(max(len(a), len(b))):
            where = f"{path}[{index}]"
            if index >= len(a) or index >= len(b):
                return Difference(
                    where, _json(a[index]) if index < len(a) else None, _json(b[index]) if index < len(b) else None
                )
            found = _differ(a[index], b[index], where)
            if found is not None:
                return found
        return None
    return None if a == b and type(a) is type(b) else Difference(path or "value", _json(a), _json(b))
