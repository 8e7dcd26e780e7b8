"""The units of a board picture: what changed since an earlier board (``--diff``), each unit's group (its id,
``data-`` attributes and title) and the order of a stack."""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from projections.board import BoardState, Unit
from replays.pictures.counters import type_kind
from replays.pictures.scene import Group
from replays.views.board import unit_words
from replays.views.common import name


class Changes(NamedTuple):
    """From an earlier board to the one drawn: units moved (from, to), units no longer in play (as they were), and
    units in play that were not."""

    moved: dict[str, tuple[str, str]]
    gone: dict[str, Unit]
    new: frozenset[str]


def changes(before: BoardState, after: BoardState) -> Changes:
    """What changed from ``before`` to ``after``: moved (a new location), gone (not in play any more), new."""
    moved = {
        k: (before.units[k].location, u.location)
        for k, u in after.units.items()
        if k in before.units and before.units[k].location != u.location
    }
    gone = {k: u for k, u in before.units.items() if k not in after.units}
    return Changes(moved, gone, frozenset(after.units.keys() - before.units.keys()))


def ident(prefix: str, kind: str, key: str) -> str:
    """An SVG id: ``prefix`` (one per board of a page), the kind (``unit``, ``move``...) and the key, with any
    character an id should not hold replaced (``data-`` attributes keep the key as it is)."""
    return prefix + kind + "-" + re.sub(r"[^A-Za-z0-9_.-]", "-", key)


_KIND_ORDER: Final = {"ground": 0, "air": 1, "naval": 2}


def stack_order(unit: Unit) -> tuple[str, int, str, str]:
    """The order of the counters of a stack: by nationality, ground then air then naval, type, id."""
    return (unit.nationality, _KIND_ORDER[type_kind(unit.unit_type)], unit.unit_type, unit.id)


def unit_title(unit: Unit, where: str, status: str, change: Changes | None, after: BoardState) -> str:
    """The tooltip of a counter: the unit in words (its id first), where it is, and what changed."""
    text = f"{unit_words(unit)} at {where}"
    if status == "moved" and change is not None:
        text += f"; moved from {change.moved[unit.id][0]}"
    elif status == "new":
        text += "; new in play"
    elif status == "gone":
        gone = after.eliminated.get(unit.id)
        text = f"{unit_words(unit)}, was at {where}; " + (
            f"eliminated ({name(gone.cause)}, {gone.season.capitalize()} {gone.year})" if gone else "no longer in play"
        )
    return text


def unit_group(unit: Unit, where: str, status: str, title: str, prefix: str) -> Group:
    """The group of one counter, its class (``unit``, and ``moved``, ``new`` or ``gone``), ``data-unit``, the unit's
    facts, and ``data-hex`` (on the map) or ``data-location`` (off it); the caller places it and adds the counter."""
    data = {
        "unit": unit.id,
        "owner": unit.owner,
        "nationality": unit.nationality,
        "type": unit.unit_type,
        "kind": type_kind(unit.unit_type),
        "factors": str(unit.factors),
    }
    data["hex" if where.startswith(("EUR:", "PAC:")) else "location"] = where
    if status != "in-play":
        data["change"] = status
    cls = "unit" + ("" if status == "in-play" else f" {status}")
    return Group(ident=ident(prefix, "unit", unit.id), cls=cls, title=title, data=data)
