"""Stub: the oil projection (being written). Interface: see projections/core.py."""

from __future__ import annotations

from typing import Any

import msgspec

from awaw_events.events import AnyEvent
from projections.core import Context


class State(msgspec.Struct, kw_only=True):
    pass


def initial() -> State:
    return State()


def clone(state: State) -> State:
    return State()


def step(state: State, event: AnyEvent, ctx: Context) -> None:
    return None


def summary(state: State) -> dict[str, Any]:
    return {}


def differences(a: State, b: State, label_a: str = "A", label_b: str = "B") -> list[str]:
    return []


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    return {}
