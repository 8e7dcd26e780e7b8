"""Which audit checks need map data, and which map facts, read off the checks themselves.

A check needs map data when its code, or a helper it calls, can say "not checked" for want of a map fact: it calls
``missing_hex`` of the position or the audit context (``not checked: no map data for EUR:K37 (terrain)``), the
movement queries' ``unknown_fact``, :func:`projections.rules.mapdata.no_map_data`, or words a reason of its own
with "no map data" (``no map data names Berlin``). The facts are the words it passes there (``"weather zone"``,
``"port and country"``, ``"river hexsides"``), read as :func:`projections.rules.mapdata.facts_named` reads them,
and the phrases of its own reasons (``names`` a place: ``name``).

The list is generated, never kept by hand: a new check that says "no map data" is on it the day it is written, so
``awaw map check`` can say which rules a file unlocks, the audit's summary can count the applications of the checks
that use map facts, and the test suite can demand a planted fault for each (tests/audit/test_map_faults.py). The
reading follows calls to functions of :mod:`replays.audit` and :mod:`projections` through the module globals a
function names and the query a judged check asks; a helper reached only through an object's method is not followed
(the test suite also audits the shipped example and checks that every check it sees say "no map data" is here).
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Iterator
from typing import Any, Final, NamedTuple

from projections.rules.mapdata import facts_named
from replays.audit.catalogue import checks
from replays.audit.engine import Check

MARKERS: Final = frozenset({"missing_hex", "_no_map_data", "unknown_fact", "no_map_data", "unconfirmed_reason"})
"""The names whose use says that a piece of code can report a check not made for want of a map fact."""
OWN_WORDS: Final[tuple[tuple[str, str], ...]] = (
    ("no map data names", "name"),
    ("no map data lists the european objectives", "objective"),
    ("no map data gives the hexes of", "country"),
    ("no map data for the hexsides", "hexside"),
)
"""How the reasons checks word themselves name the fact they lack."""
FOLLOWED: Final = ("replays.audit", "projections")
"""Where the helpers a check calls are followed (the rest of the program is not map-aware code)."""
AMBIGUOUS: Final = frozenset({"partial"})
"""Fact names that are other words too, never read as a fact: ``partial`` is also a supply status (no check asks
whether a hex is a partial hex at the map's edge)."""
HEXSIDE: Final = "hexside"
"""The pseudo-fact of a check that needs hexside entries (rivers, all-water, impassable, fortified hexsides)."""


class MapNeed(NamedTuple):
    """A check that needs map data: its id, rule and title, and the map facts it names (``hexside`` for hexside
    entries); empty ``facts`` when its words name none this reading knows."""

    check: str
    rule: str
    title: str
    facts: tuple[str, ...]


def _codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _codes(const)


def _facts_of(code: types.CodeType) -> set[str]:
    """The facts the string constants of one piece of map-aware code name."""
    found: set[str] = set()
    strings = [c for c in code.co_consts if isinstance(c, str)]
    strings += [s for c in code.co_consts if isinstance(c, tuple) for s in c if isinstance(s, str)]
    for const in strings:
        if len(const) > 80:
            continue
        lower = const.lower()
        for phrase, fact in OWN_WORDS:
            if phrase in lower:
                found.add(fact)
        names, hexside = facts_named(const)
        parts = [p for p in lower.replace(" and ", ",").replace(" or ", ",").split(",") if p.strip()]
        if names and len(names) >= len(parts):  # every part of the words is a fact: "port and country"
            found.update(names)
        elif hexside and lower.strip() in ("hexside", "hexsides", "river hexsides", "river", "rivers"):
            found.add(HEXSIDE)
    return found - AMBIGUOUS


def _marked(code: types.CodeType) -> bool:
    return bool(MARKERS & set(code.co_names)) or any(
        isinstance(c, str) and "no map data" in c.lower() for c in code.co_consts
    )


def _followed(value: object) -> bool:
    return isinstance(value, types.FunctionType) and (value.__module__ or "").startswith(FOLLOWED)


def _helpers(code: types.CodeType, namespace: dict[str, Any]) -> Iterator[Callable[..., Any]]:
    """The functions of the followed packages a piece of code names: globals, and attributes of modules it names."""
    modules = [v for n in code.co_names if isinstance(v := namespace.get(n), types.ModuleType)]
    for n in code.co_names:
        value = namespace.get(n)
        if isinstance(value, types.FunctionType) and (value.__module__ or "").startswith(FOLLOWED):
            yield value
        for module in modules:
            attribute = getattr(module, n, None)
            if isinstance(attribute, types.FunctionType) and (attribute.__module__ or "").startswith(FOLLOWED):
                yield attribute


def _reach(function: Callable[..., Any], seen: set[Callable[..., Any]]) -> tuple[bool, set[str]]:
    """Whether ``function`` (or what it calls) can say "no map data", and the facts it names."""
    if function in seen:
        return False, set()
    seen.add(function)
    code = getattr(function, "__code__", None)
    if code is None:
        return False, set()
    namespace = getattr(function, "__globals__", {})
    aware, facts = False, set[str]()
    for cell in getattr(function, "__closure__", None) or ():  # a judged check calls its query from a closure
        try:
            inner = cell.cell_contents
        except ValueError:
            continue
        if _followed(inner):
            inner_aware, inner_facts = _reach(inner, seen)
            aware, facts = aware or inner_aware, facts | inner_facts
    for piece in _codes(code):
        marked = _marked(piece)
        if marked:
            aware = True
            facts |= _facts_of(piece)
        for helper in _helpers(piece, namespace):
            if marked:  # the words of a helper the reporting code asks which fact is missing (stacks.hex_kind)
                facts |= {f for c in _codes(helper.__code__) for f in _facts_of(c)}
            helper_aware, helper_facts = _reach(helper, seen)
            if helper_aware:
                aware = True
                facts |= helper_facts
    return aware, facts


def need_of(check: Check) -> MapNeed | None:
    """What map data a check needs, or None when it needs none."""
    seen: set[Callable[..., Any]] = set()
    aware, facts = _reach(check.function, seen)
    if check.query is not None:
        query_aware, query_facts = _reach(check.query, seen)
        aware, facts = aware or query_aware, facts | query_facts
    if not aware:
        return None
    return MapNeed(check.id, check.rule, check.title, tuple(sorted(facts)))


@functools.cache
def map_needs() -> tuple[MapNeed, ...]:
    """Every check of the audit that needs map data, in the catalogue's order (computed once a process)."""
    return tuple(n for c in checks() if (n := need_of(c)) is not None)
