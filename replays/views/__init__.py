"""Views: the projections for people (tables in the words of the rules, at any width), for scripts (plain data)
and for read models (rows). One module per projection; the projections themselves only fold."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Final

from rich.console import RenderableType

from projections.game import GameState
from replays.views import board, brp, naval, oil, politics, weather
from replays.views.common import Change
from replays.views.politics import Places

MODULES: dict[str, ModuleType] = {
    "board": board,
    "brp": brp,
    "oil": oil,
    "naval": naval,
    "weather": weather,
    "politics": politics,
}
"""The view module of each projection, by the name ``--view`` uses: the registry of views."""

VIEWS: Final[tuple[str, ...]] = tuple(MODULES)
"""The projections people look at, by the name ``awaw state --view`` uses, in the order they are shown."""

PLACED: frozenset[str] = frozenset({"politics"})
"""The views that show places named by sources, with their hexes when given the map data's answer (``places``)."""


def data(state: GameState, name: str, power: str | None = None, places: Places | None = None) -> dict[str, Any]:
    """One projection as plain data (``board``, ``brp``, ``oil``, ``naval``, ``weather`` or ``politics``),
    optionally one power's part; ``places``: the hexes the map data gives the places sources name."""
    if name in PLACED:
        return MODULES[name].data(getattr(state, name), power, places)  # type: ignore[no-any-return]
    return MODULES[name].data(getattr(state, name), power)  # type: ignore[no-any-return]


def render(state: GameState, name: str, power: str | None = None, places: Places | None = None) -> list[RenderableType]:
    """One projection for people: rich tables in the words of the rules."""
    if name in PLACED:
        return MODULES[name].render(getattr(state, name), power, places)  # type: ignore[no-any-return]
    return MODULES[name].render(getattr(state, name), power)  # type: ignore[no-any-return]


def differences(a: GameState, b: GameState, name: str) -> list[Change]:
    """How one projection differs from state ``a`` to state ``b``: each change as data with its sentence."""
    return MODULES[name].differences(getattr(a, name), getattr(b, name))  # type: ignore[no-any-return]


def tables(state: GameState) -> dict[str, list[dict[str, Any]]]:
    """Every projection's read-model rows, by table name (``<view>_<table>``)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for name, module in MODULES.items():
        for table, rows in module.tables(getattr(state, name)).items():
            found[f"{name}_{table}"] = rows
    return found


__all__ = ["MODULES", "VIEWS", "Change", "data", "differences", "render", "tables"]
