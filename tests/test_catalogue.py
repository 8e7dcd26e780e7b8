"""The event catalogue: one union, unique stable tags, frozen keyword-only structs, lossless codec."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events import codec
from awaw_events.errors import InputError
from awaw_events.events import EVENT_TYPES, AnyEvent, DiceRolled, Event, UnitBuilt
from awaw_events.events.base import Modifier
from tests import strategies

TAGS = [codec.tag_of(cls) for cls in EVENT_TYPES]


def test_every_event_class_is_in_the_union() -> None:
    defined = set(_subclasses(Event))
    assert defined == set(EVENT_TYPES)
    union = set(AnyEvent.__args__)  # type: ignore[attr-defined]
    assert union == set(EVENT_TYPES)


RECORDED_SCHEMA = Path(__file__).parent / "data" / "event-schema.json"
"""``awaw schema`` (the JSON Schema of the union) without its descriptions and titles, as it stood when the catalogue
was listed once (124 tags). The catalogue may grow only in ways that keep every stored event decoding as it did: new
tags, new fields that are not required, a Literal widened, a string limit raised; never a tag reused, a field
retyped, renamed or dropped, or a field made required. The descriptions are the events' docstrings, which may be
reworded."""


def _structure(node: object) -> object:
    if isinstance(node, dict):
        return {k: _structure(v) for k, v in node.items() if k not in ("description", "title")}
    if isinstance(node, list):
        return [_structure(v) for v in node]
    return node


def _breaks(old: object, new: object, where: str) -> Iterator[str]:
    """Where a value valid under ``old`` may fail under ``new`` (a stored event that would no longer decode)."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key, was in old.items():
            if key not in new:
                if key not in ("maxLength", "minLength"):
                    yield f"{where}.{key}: gone"
                continue
            now = new[key]
            if key == "enum":
                if not set(was) <= set(now):
                    yield f"{where}: values {sorted(set(was) - set(now))} dropped"
            elif key == "maxLength":
                if now < was:
                    yield f"{where}: maxLength {was} -> {now}"
            elif key == "minLength":
                if now > was:
                    yield f"{where}: minLength {was} -> {now}"
            elif key == "required":
                if extra := sorted(set(now) - set(was)):
                    yield f"{where}: {extra} made required"
            elif key in ("properties", "$defs", "mapping"):
                for name, shape in was.items():
                    if name not in now:
                        yield f"{where}.{name}: gone"
                    else:
                        yield from _breaks(shape, now[name], f"{where}.{name}")
            elif key == "anyOf" and isinstance(now, list):
                for option in was:
                    if all(any(_breaks(option, other, where)) for other in now):
                        yield f"{where}: option {option} gone"
            else:
                yield from _breaks(was, now, f"{where}.{key}")
        for key in new.keys() - old.keys():
            if key in ("maxLength", "minLength", "maximum", "minimum", "pattern"):
                yield f"{where}: {key} {new[key]} added"
    elif old != new:
        yield f"{where}: {old!r} -> {new!r}"


def test_every_event_stored_before_decodes_as_it_did() -> None:
    """The catalogue as recorded (tests/data/event-schema.json) is kept: each tag names the same event, each field
    is there with a type that accepts what it accepted, and no field was made required."""
    recorded = json.loads(RECORDED_SCHEMA.read_text(encoding="utf-8"))
    now = json.loads(msgspec.json.encode(_structure(msgspec.json.schema(AnyEvent))))
    assert list(_breaks(recorded, now, "schema")) == []
    assert set(TAGS) >= set(recorded["discriminator"]["mapping"])


def test_the_schema_check_finds_a_field_retyped_dropped_or_made_required() -> None:
    old = {
        "$defs": {
            "E": {
                "type": "object",
                "properties": {"a": {"type": "integer"}, "b": {"enum": ["x", "y"]}},
                "required": ["a"],
            }
        }
    }
    widened = {
        "$defs": {
            "E": {
                "type": "object",
                "properties": {"a": {"type": "integer"}, "b": {"enum": ["x", "y", "z"]}, "c": {"type": "string"}},
                "required": ["a"],
            }
        }
    }
    assert list(_breaks(old, widened, "s")) == []
    retyped = {
        "$defs": {
            "E": {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b": {"enum": ["x"]}},
                "required": ["a", "b"],
            }
        }
    }
    assert len(list(_breaks(old, retyped, "s"))) == 3
    assert list(_breaks(old, {"$defs": {}}, "s")) == ["s.E: gone"]


def test_the_catalogue_lists_every_event_once() -> None:
    """``awaw_events/events/__init__.py`` names each event class once, in the union; the registry is read from it."""
    import ast
    from pathlib import Path

    import awaw_events.events

    tree = ast.parse(Path(awaw_events.events.__file__).read_text(encoding="utf-8"))
    names = [n.id for n in ast.walk(tree) if isinstance(n, ast.Name)]
    for cls in EVENT_TYPES:
        assert names.count(cls.__name__) == 1, cls.__name__
    assert dict(zip(TAGS, EVENT_TYPES, strict=True)) == codec.EVENT_CLASSES


def _subclasses(cls: type) -> set[type]:
    found = set()
    for sub in cls.__subclasses__():
        found.add(sub)
        found |= _subclasses(sub)
    return found


def test_tags_are_unique_explicit_snake_case() -> None:
    assert len(TAGS) == len(set(TAGS))
    for cls, tag in zip(EVENT_TYPES, TAGS, strict=True):
        assert re.fullmatch(r"[a-z][a-z0-9]*(_[a-z0-9]+)*", tag), tag
        # explicit: the tag is not msgspec's default (the class name)
        assert tag != cls.__name__


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=TAGS)
def test_events_are_frozen_keyword_only_and_documented(cls: type[Event]) -> None:
    config = cls.__struct_config__
    assert config.frozen
    assert config.tag_field == "type"
    assert config.omit_defaults
    assert cls.__doc__
    assert len(cls.__doc__.strip()) > 20
    assert cls.family != "core"
    with pytest.raises(TypeError):
        cls(1939, "fall")  # type: ignore[call-arg]


def test_a_tag_survives_a_class_rename() -> None:
    """Stored data names the tag, never the class: decoding does not depend on the Python name."""
    data = b'{"type":"unit_built","year":1939,"season":"fall","unit":"a","owner":"germany","nationality":"germany",'
    data += b'"unit_type":"armor","factors":4,"location":"EUR:K30","cost":8}'
    event = codec.decode(data)
    assert isinstance(event, UnitBuilt)
    assert codec.encode(event) == data


@pytest.mark.parametrize("cls", EVENT_TYPES, ids=TAGS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_round_trip_every_event_type(cls: type[Event], data: st.DataObject) -> None:
    event = data.draw(strategies.event(cls))
    encoded = codec.encode(event)
    decoded = codec.decode(encoded)
    assert decoded == event
    assert codec.encode(decoded) == encoded
    # user input path: the same event as plain data passes strict validation (cross-field checks aside)
    if not event.check():
        assert codec.parse_event(msgspec.json.decode(encoded)) == event


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"type": "nope", "year": 1939, "season": "fall"}, "type", "unknown event type 'nope'"),
        ({"year": 1939, "season": "fall"}, "type", "missing the event type"),
        (
            {"type": "dice_rolled", "year": 1939, "season": "fall", "roll": 1, "purpose": "crt", "dice": [7]},
            "dice[0]",
            "a d6 shows 1 to 6, got 7",
        ),
        (
            {"type": "dice_rolled", "year": 1939, "season": "fall", "roll": 1, "purpose": "crt", "dice": [0]},
            "dice[0]",
            "Expected `int` >= 1",
        ),
        (
            {"type": "dice_rolled", "year": 1939, "season": "autumn", "roll": 1, "purpose": "crt", "dice": [1]},
            "season",
            "'autumn' is not allowed; expected one of: fall, spring, summer, winter",
        ),
        (
            {
                "type": "unit_built",
                "year": 1939,
                "season": "fall",
                "unit": "a",
                "owner": "germany",
                "nationality": "germany",
                "unit_type": "armor",
                "factors": "4",
                "location": "EUR:K30",
                "cost": 8,
            },
            "factors",
            "Expected `int`, got `str`",
        ),
        (
            {
                "type": "unit_built",
                "year": 1939,
                "season": "fall",
                "unit": "a",
                "owner": "germany",
                "nationality": "germany",
                "unit_type": "armor",
                "factors": 4,
                "location": "K30",
                "cost": 8,
            },
            "location",
            "not a valid place 'K30': expected where a counter is: a hex (EUR:K37)",
        ),
        (
            {"type": "unit_built", "year": 1939, "season": "fall", "unit": "a"},
            "owner",
            "missing required field 'owner'",
        ),
        (
            {"type": "phase_started", "year": 1939, "season": "fall", "colour": "red"},
            "colour",
            "unknown field 'colour'",
        ),
    ],
)
def test_strict_input_names_the_field(data: dict[str, object], field: str, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)) as info:
        codec.parse_event(data, where="line 7")
    assert info.value.field == field
    assert info.value.where == "line 7"
    assert str(info.value).startswith(f"line 7, field {field!r}: ")


def test_dice_total_counts_modifiers() -> None:
    roll = DiceRolled(
        year=1939, season="fall", roll=1, purpose="crt", dice=[3, 4], modifiers=[Modifier(code="round", value=1)]
    )
    assert roll.total == 8


def test_schema_covers_every_tag() -> None:
    schema = msgspec.json.schema(AnyEvent)
    text = msgspec.json.encode(schema).decode()
    for tag in TAGS:
        assert f'"{tag}"' in text


def test_no_family_shadows_another_in_the_catalogue() -> None:
    """The catalogue gathers the families by star import: a name two families export must be the same object, or
    the later family would silently replace the earlier one's under ``awaw_events.events``."""
    import importlib

    seen: dict[str, object] = {}
    for family in ("game", "politics", "units", "combat", "board", "economy", "oil", "naval", "chronicle"):
        module = importlib.import_module(f"awaw_events.events.{family}")
        for name in module.__all__:
            assert seen.setdefault(name, getattr(module, name)) is getattr(module, name), (family, name)
