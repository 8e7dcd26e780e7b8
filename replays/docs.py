"""Generated documentation: ``docs/events.md`` from the event catalogue (a test keeps it current).

Regenerate with ``python -m replays.docs``.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import msgspec
from msgspec import inspect as mi

from awaw_events.codec import tag_of
from awaw_events.events import EVENT_TYPES, Event
from replays import generate

_BASE_FIELDS = frozenset(f.name for f in msgspec.structs.fields(Event))


def type_name(t: mi.Type) -> str:
    """A short readable name for a msgspec type."""
    if isinstance(t, mi.Metadata):
        return type_name(t.type)
    if isinstance(t, mi.UnionType):
        return " or ".join(type_name(x) for x in t.types)
    if isinstance(t, mi.LiteralType):
        values = [str(v) for v in t.values]
        return "one of " + ", ".join(f"`{v}`" for v in values) if len(values) <= 8 else f"one of {len(values)} values"
    if isinstance(t, mi.ListType):
        return f"list of {type_name(t.item_type)}"
    if isinstance(t, mi.DictType):
        return f"map {type_name(t.key_type)} to {type_name(t.value_type)}"
    if isinstance(t, mi.StructType):
        return t.cls.__name__
    if isinstance(t, mi.IntType):
        bounds = [f">= {t.ge}" if t.ge is not None else "", f"<= {t.le}" if t.le is not None else ""]
        extra = ", ".join(b for b in bounds if b)
        return f"int ({extra})" if extra else "int"
    if isinstance(t, mi.StrType):
        return "str" if t.pattern is None else "str (pattern)"
    if isinstance(t, mi.NoneType):
        return "null"
    if isinstance(t, mi.BoolType):
        return "bool"
    return type(t).__name__.removesuffix("Type").lower()


def _description(t: mi.Type) -> str:
    extra = getattr(t, "extra", None) or {}
    if isinstance(t, mi.UnionType):
        return next((_description(x) for x in t.types if _description(x)), "")
    if isinstance(t, mi.Metadata):
        return str(t.extra_json_schema.get("description", "")) if t.extra_json_schema else ""
    return str(extra.get("description", ""))


def events_markdown() -> str:
    """The event catalogue as Markdown."""
    lines = [
        "# Event catalogue",
        "",
        "Generated from `awaw_events/events/` by `python -m replays.docs`; do not edit by hand.",
        "",
        "Every event is a JSON object whose `type` is its tag. Every event also has the game-time fields "
        "`year`, `season` (`spring`, `summer`, `fall`, `winter`), `side` (`axis`, `allied`, or absent for "
        "game-turn level events), `phase`, `segment`, and `actor` (a major power, `system` or `referee`). "
        "Fields with a default may be left out.",
        "",
        "Every event may also say how it is known (games rebuilt from reports): `provenance` (`table`, the default: "
        "recorded at the table; `reported`: from a report after the fact; `inferred`: deduced, stated by no source; "
        "`invented`: made up to fill a gap), `citation` (its source), `until` (an approximate game time: it "
        "happened at some game turn from its own to this one, `YEAR-SEASON`; it sorts at the start of the range) "
        'and `unknown` (the fields whose values the record does not know; a die roll with `unknown: ["dice"]` '
        "has no faces). The audit grades no inferred, invented or unknown value.",
        "",
        f"{len(EVENT_TYPES)} event types.",
        "",
    ]
    families: dict[str, list[type[Event]]] = {}
    for cls in EVENT_TYPES:
        families.setdefault(cls.family, []).append(cls)
    lines.append("| family | events |")
    lines.append("|---|---|")
    for family, classes in families.items():
        lines.append(f"| {family} | {', '.join(f'`{tag_of(c)}`' for c in classes)} |")
    lines.append("")
    for family, classes in families.items():
        lines += [f"## {family}", ""]
        for cls in classes:
            info = mi.type_info(cls)
            assert isinstance(info, mi.StructType)
            doc = inspect.cleandoc(cls.__doc__ or "")
            lines += [f"### `{tag_of(cls)}`", "", doc, ""]
            own = [f for f in info.fields if f.name not in _BASE_FIELDS]
            if own:
                lines += ["| field | type | required | default | notes |", "|---|---|---|---|---|"]
                for field in own:
                    default = ""
                    if field.default is not msgspec.NODEFAULT:
                        default = f"`{msgspec.json.encode(field.default).decode()}`"
                    elif field.default_factory is not msgspec.NODEFAULT:
                        default = f"`{msgspec.json.encode(field.default_factory()).decode()}`"
                    lines.append(
                        f"| `{field.encode_name}` | {type_name(field.type)} | {'yes' if field.required else ''} "
                        f"| {default} | {_description(field.type)} |"
                    )
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def main() -> None:
    generate.write(events_markdown, default=Path("docs/events.md"), what="the event catalogue")


if __name__ == "__main__":
    main()
