"""Validation messages for people: a msgspec error about an event turned into what was wrong and what is allowed.

msgspec says ``Invalid enum value 'crtt' - at `$.purpose``` or dumps the regular expression a string failed; a
player needs the values a field accepts (``crt``, ``air_combat`` ...) or the form it expects (``EUR:K37``). The
event class knows both: its fields' ``Literal`` values and the descriptions given with their constraints.
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec.inspect as mi

HEX_FORM: Final = "a hex with its map prefix, as printed on the map: EUR:K37, PAC:DD11"
"""How a player writes a hex (27-30 extract 5.5); said instead of the pattern that checks it."""


def split_path(message: str) -> tuple[str, str | None]:
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


def _steps(path: str) -> list[str | int]:
    steps: list[str | int] = []
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        steps.append(int(part[1:-1]) if part.startswith("[") else part)
    return steps


def _plain(info: Any) -> list[Any]:
    """The member types of ``info`` without ``None`` and without metadata wrappers (descriptions kept apart)."""
    if isinstance(info, mi.UnionType):
        return [t for member in info.types for t in _plain(member) if not isinstance(t, mi.NoneType)]
    return [info]


def _description(info: Any) -> str | None:
    for member in _plain(info):
        if isinstance(member, mi.Metadata):
            found = (member.extra_json_schema or {}).get("description")
            if found:
                return str(found).replace("``", "")
    return None


def _unwrap(info: Any) -> list[Any]:
    return [m.type if isinstance(m, mi.Metadata) else m for m in _plain(info)]


def field_type(cls: type, path: str | None) -> Any:
    """The msgspec type info of the field ``path`` (``purpose``, ``path[0]``, ``attackers[0].owner``) of ``cls``."""
    info: Any = mi.type_info(cls)
    for step in _steps(path or ""):
        found = None
        for member in _unwrap(info):
            if isinstance(step, str) and isinstance(member, mi.StructType):
                found = next((f.type for f in member.fields if f.encode_name == step), None)
            elif isinstance(step, int) and isinstance(member, mi.ListType | mi.SetType | mi.VarTupleType):
                found = member.item_type
            elif isinstance(step, int) and isinstance(member, mi.TupleType) and step < len(member.item_types):
                found = member.item_types[step]
            elif isinstance(step, str) and isinstance(member, mi.DictType):
                found = member.value_type
            if found is not None:
                break
        if found is None:
            return None
        info = found
    return info


def value_at(data: Any, path: str | None) -> Any:
    """The value at ``path`` in plain data (``None`` when the path leads nowhere)."""
    for step in _steps(path or ""):
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def explain(message: str, cls: type, data: Any = None) -> tuple[str, str | None]:
    """Our message for a msgspec validation error on an event of ``cls`` (and the field path it names).

    An invalid enum value lists the values the field accepts; a string that fails its pattern says the expected
    form (a hex as ``EUR:K37``, else the description given with the field) instead of the regular expression.
    ``data`` is the event as typed, to quote the value that failed.
    """
    text, path = split_path(message)
    info = field_type(cls, path)
    value = value_at(data, path) if path else None
    got = "" if value is None else f" {value!r}"
    if text.startswith("Invalid enum value") and info is not None:
        allowed = [v for m in _unwrap(info) if isinstance(m, mi.LiteralType) for v in m.values]
        if allowed:
            bad = text.removeprefix("Invalid enum value").strip() or got.strip()
            return f"{bad} is not allowed; expected one of: {', '.join(str(v) for v in sorted(allowed, key=str))}", path
    if "matching regex" in text and info is not None:
        patterns = [m.pattern or "" for m in _unwrap(info) if isinstance(m, mi.StrType)]
        form = (_description(info) or "").rstrip(".")
        if patterns and all(p.startswith("^(EUR|PAC)") for p in patterns):
            return f"not a hex{got}: expected {HEX_FORM}", path
        if form:
            what = "place" if any("(EUR|PAC)" in p for p in patterns) else "value"
            return f"not a valid {what}{got}: expected {form[0].lower()}{form[1:]}", path
    return text, path
