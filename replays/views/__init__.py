"""Views: the projections for people (tables in the words of the rules, at any width), for scripts (plain data)
and for read models (rows). One module per projection; the projections themselves only fold."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from replays.views.common import Change

if TYPE_CHECKING:
    from rich.console import RenderableType

    from projections.game import GameState
    from replays.views.politics import Places


class _Registry(Mapping[str, ModuleType]):
    """The view modules by name, each imported the first time it is asked for: a command that renders one view
    loads that one alone."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self._names = names

    def __getitem__(self, name: str) -> ModuleType:
        if name not in self._names:
            raise KeyError(name)
        return importlib.import_module(f"{__name__}.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


MODULES: Final[Mapping[str, ModuleType]] = _Registry(("board", "brp", "oil", "naval", "weather", "politics"))
"""The view module of each projection (``replays.views.<name>``), by the name ``--view`` uses: the registry of
views."""

VIEWS: Final[tuple[str, ...]] = tuple(MODULES)
"""The projections people look at, by the name ``awaw state --view`` uses, in the order they are shown."""

PLACED: frozenset[str] = frozenset({"politics"})
"""The views that show places named by sources, with their hexes when given the map data's answer (``places``)."""


RULED: frozenset[str] = frozenset({"board", "politics"})
"""The views whose rule citations depend on the game's rule set (``rules``: an AWAW game is not shown A3R rule
numbers)."""
DIFF_RULED: frozenset[str] = frozenset({"politics"})
"""The views whose differences cite rule numbers, and so take the game's rule set."""


def data(state: GameState, name: str, power: str | None = None, places: Places | None = None) -> dict[str, Any]:
    """One projection as plain data (``board``, ``brp``, ``oil``, ``naval``, ``weather`` or ``politics``),
    optionally one power's part; ``places``: the hexes the map data gives the places sources name."""
    if name in PLACED:
        return MODULES[name].data(getattr(state, name), power, places)  # type: ignore[no-any-return]
    return MODULES[name].data(getattr(state, name), power)  # type: ignore[no-any-return]


def render(state: GameState, name: str, power: str | None = None, places: Places | None = None) -> list[RenderableType]:
    """One projection for people: rich tables in the words of the rules (of the game's rule set)."""
    ruled: dict[str, Any] = {"rules": state.meta.rules} if name in RULED else {}
    if name in PLACED:
        return MODULES[name].render(getattr(state, name), power, places, **ruled)  # type: ignore[no-any-return]
    return MODULES[name].render(getattr(state, name), power, **ruled)  # type: ignore[no-any-return]


def differences(a: GameState, b: GameState, name: str) -> list[Change]:
    """How one projection differs from state ``a`` to state ``b``: each change as data with its sentence (citing
    the rule numbers of the game's rule set, where a view's sentences cite any)."""
    ruled: dict[str, Any] = {"rules": b.meta.rules} if name in DIFF_RULED else {}
    return MODULES[name].differences(getattr(a, name), getattr(b, name), **ruled)  # type: ignore[no-any-return]


def tables(state: GameState) -> dict[str, list[dict[str, Any]]]:
    """Every projection's read-model rows, by table name (``<view>_<table>``)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for name, module in MODULES.items():
        for table, rows in module.tables(getattr(state, name)).items():
            found[f"{name}_{table}"] = rows
    return found


__all__ = ["MODULES", "VIEWS", "Change", "data", "differences", "render", "tables"]
