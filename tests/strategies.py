"""Hypothesis strategies for every event type, derived from the catalogue's own type information.

The strategy of a field follows its msgspec type and constraints (ranges, lengths, patterns, literals), so a new
event type or field is covered by the round-trip tests without writing anything here.
"""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import strategies as st
from msgspec import inspect as mi

from awaw_events.events import Event

_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=20)


def for_type(t: mi.Type) -> st.SearchStrategy[Any]:
    if isinstance(t, mi.Metadata):
        return for_type(t.type)
    if isinstance(t, mi.UnionType):
        return st.one_of([for_type(x) for x in t.types])
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.IntType):
        low = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else -1000)
        high = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else 1000)
        return st.integers(low, high)
    if isinstance(t, mi.StrType):
        if t.pattern is not None:
            return st.from_regex(t.pattern, fullmatch=True).filter(
                lambda s: (t.max_length is None or len(s) <= t.max_length) and len(s) >= (t.min_length or 0)
            )
        return st.text(
            st.characters(codec="utf-8", exclude_categories=("Cs",)),
            min_size=t.min_length or 0,
            max_size=min(t.max_length or 20, 20),
        )
    if isinstance(t, mi.ListType):
        return st.lists(for_type(t.item_type), min_size=t.min_length or 0, max_size=min(t.max_length or 3, 3))
    if isinstance(t, mi.VarTupleType):
        items = st.lists(for_type(t.item_type), min_size=t.min_length or 0, max_size=min(t.max_length or 3, 3))
        return items.map(tuple)
    if isinstance(t, mi.DictType):
        return st.dictionaries(for_type(t.key_type), for_type(t.value_type), max_size=3)
    if isinstance(t, mi.StructType):
        return struct(t.cls)
    raise NotImplementedError(f"no strategy for {t!r}")


def struct(cls: type[msgspec.Struct]) -> st.SearchStrategy[Any]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    required = {f.name: for_type(f.type) for f in info.fields if f.required}
    optional = {f.name: for_type(f.type) for f in info.fields if not f.required}
    return st.fixed_dictionaries(required, optional=optional).map(lambda kw: cls(**kw))


def event(cls: type[Event]) -> st.SearchStrategy[Any]:
    """Valid-by-type events of one class (cross-field checks such as die faces are not enforced here)."""
    return struct(cls)
