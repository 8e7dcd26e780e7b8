"""One clone for every projection's state (projections.core.clone): equal to its original, sharing no container
with it, so a fold that changes the clone in place never changes a state a caller holds."""

from __future__ import annotations

from pathlib import Path

import msgspec

from awaw_events import io
from projections import game
from projections.core import clone

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "campaign-1939.jsonl"


def _containers(value: object, path: str, found: dict[str, int]) -> None:
    """Every dict, list and set in a state, two levels into dicts, and in its nested (mutable) states."""
    if isinstance(value, dict | list | set):
        found[path] = id(value)
        if isinstance(value, dict) and path.count("[") < 2:
            for key, inner in value.items():
                _containers(inner, f"{path}[{key!r}]", found)
    elif isinstance(value, msgspec.Struct) and not value.__struct_config__.frozen:
        for name in value.__struct_fields__:
            _containers(getattr(value, name), f"{path}.{name}", found)


def _example() -> game.GameState:
    with EXAMPLE.open("rb") as handle:
        return game.fold(game.initial(), [n.event for n in io.read_events(handle, "jsonl")])


def test_a_clone_equals_its_state_and_shares_no_container_with_it() -> None:
    state = _example()
    copy = clone(state)
    assert copy == state
    before: dict[str, int] = {}
    after: dict[str, int] = {}
    _containers(state, "state", before)
    _containers(copy, "state", after)
    assert len(before) > 100  # the example fills every projection: the walk saw them
    assert [path for path, ident in before.items() if after.get(path) == ident] == []


def test_changing_a_clone_leaves_the_state_as_it_was() -> None:
    state = _example()
    copy = clone(state)
    where = next(location for location, units in copy.board.units_at.items() if units)
    copy.board.units_at[where].clear()
    copy.board.units.clear()
    copy.brp.lines.append(copy.brp.lines[0])
    assert state.board.units_at[where]
    assert state.board.units
    assert len(state.brp.lines) == len(copy.brp.lines) - 1
