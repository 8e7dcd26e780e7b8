"""The shipped examples follow the hex geometry (10-16 extract 1.15, issue 10): every ``unit_moved`` step joins
adjacent hexes from where the unit stands, its movement factors cover the hexes entered, land attackers attack from
where they stand into an adjacent hex, and the games declare the shipped map data."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

from awaw_events.codec import decode
from awaw_events.events import AnyEvent, AttackDeclared, MapDataUsed, UnitMoved, UnitRedeployed
from projections import game
from projections.rules.geometry import adjacent, path_breaks
from replays.maps import shipped_map_data

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GAMES = {
    "campaign-1939": ("campaign-1939.jsonl",),
    "disputed-turn": ("disputed-turn.jsonl",),
    "disputed-turn+ruling": ("disputed-turn.jsonl", "lodz-ruling.jsonl"),
}


def _events(files: Iterable[str]) -> list[AnyEvent]:
    return [decode(line) for name in files for line in (EXAMPLES / name).read_bytes().splitlines()]


def _on_map(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


def geometry_problems(events: Iterable[AnyEvent]) -> Iterator[str]:
    """Every way the events part from the geometry, folding the board to know where each unit stands."""
    fold = game.Fold()
    for seq, event in enumerate(events, start=1):
        units = fold.state.board.units
        match event:
            case UnitMoved(unit=unit, path=path, mf_used=mf, breakthrough=breakthrough, exploitation=exploiting):
                start = units[unit].location
                found = fold.state.combat.breakthroughs.get(breakthrough) if exploiting and breakthrough else None
                placed = found is not None and path[0] == found.hex != start  # 16.21: placing costs nothing (16.23)
                if path[0] == start:
                    yield f"event {seq}: {unit}'s path starts with the hex it stands in ({start})"
                chain = [start, *path]
                if all(_on_map(h) for h in chain):
                    for i in path_breaks(chain):
                        yield f"event {seq}: {unit} steps from {chain[i - 1]} to {chain[i]}, which are not adjacent"
                if mf is None or mf < len(path) - placed:
                    yield f"event {seq}: {unit} enters {len(path)} hexes for {mf} MF (13.41B: 1 MF a hex at least)"
            case UnitRedeployed(unit=unit, origin=origin) if units[unit].location != origin:
                yield f"event {seq}: {unit} redeploys from {origin} but stands in {units[unit].location}"
            case AttackDeclared(attackers=attackers, defender_hexes=targets):
                for a in attackers:
                    if a.role != "land":
                        continue
                    if a.origin != units[a.unit].location:
                        yield f"event {seq}: {a.unit} attacks from {a.origin} but stands in {units[a.unit].location}"
                    if a.origin is not None and not any(adjacent(a.origin, h) for h in targets):
                        yield f"event {seq}: {a.unit} attacks {targets} from {a.origin}, which is not adjacent"
            case _:
                pass
        fold.push(seq, event)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_move_and_attack_of_the_examples_follows_the_geometry(name: str) -> None:
    events = _events(GAMES[name])
    assert [e for e in events if isinstance(e, UnitMoved)], "the example moves units"
    assert list(geometry_problems(events)) == []


def _planted(change: Any) -> list[AnyEvent]:
    events = _events(GAMES["campaign-1939"])
    index = next(i for i, e in enumerate(events) if isinstance(e, UnitMoved) and e.unit == "rus-inf-7")
    events[index] = msgspec.structs.replace(events[index], **change(events[index]))  # type: ignore[type-var]
    return events


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (lambda e: {"path": ["EUR:K40", "EUR:K39"]}, "steps from EUR:L41 to EUR:K40"),  # the old example's L42->K40
        (lambda e: {"path": ["EUR:L41", *e.path]}, "starts with the hex it stands in"),
        (lambda e: {"mf_used": 2}, "enters 3 hexes for 2 MF"),
    ],
)
def test_a_move_off_the_geometry_is_caught(change: Any, found: str) -> None:
    problems = list(geometry_problems(_planted(change)))
    assert problems and found in problems[0]


def test_the_examples_declare_the_shipped_map_data() -> None:
    shipped = shipped_map_data().data
    for name, files in GAMES.items():
        declared = [e for e in _events(files) if isinstance(e, MapDataUsed)]
        assert [(d.name, d.version, d.sha256, d.source) for d in declared] == [
            (shipped.name, shipped.version, shipped.sha256, "shipped")
        ], f"{name}: regenerate the examples (python examples/make_campaign_1939.py; make_disputed_turn.py)"
