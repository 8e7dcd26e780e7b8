"""Views: the projections for people (tables in the words of the rules), for scripts (plain data) and for read
models (rows). One module per projection; the projections themselves only fold."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from projections.game import GameState
from replays.views import board, brp, naval, oil

MODULES: dict[str, ModuleType] = {"board": board, "brp": brp, "oil": oil, "naval": naval}
"""The view module of each projection, by the name ``--view`` uses."""


def data(state: GameState, name: str) -> dict[str, Any]:
    """One projection as plain data: ``board``, ``brp``, ``oil`` or ``naval``."""
    return MODULES[name].data(getattr(state, name))  # type: ignore[no-any-return]


def differences(a: GameState, b: GameState, name: str, label_a: str = "A", label_b: str = "B") -> list[str]:
    """How one projection differs between two states, in words."""
    return MODULES[name].differences(getattr(a, name), getattr(b, name), label_a, label_b)  # type: ignore[no-any-return]


def tables(state: GameState) -> dict[str, list[dict[str, Any]]]:
    """Every projection's read-model rows, by table name (``<view>_<table>``)."""
    found: dict[str, list[dict[str, Any]]] = {}
    for name, module in MODULES.items():
        for table, rows in module.tables(getattr(state, name)).items():
            found[f"{name}_{table}"] = rows
    return found
