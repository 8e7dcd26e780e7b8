"""The board of one step of the HTML report: the area where things happened in a player turn, drawn from the state
at its end, with the moves and losses since the step before; the drawing says which part of it to show first.

The area drawn is the block of rows and columns that holds the hexes of the action (moves' paths, attacks, hexes
whose control changed, units placed, lost or moved), widened by :data:`MARGIN` hexes so that the action has its
surroundings; the set-up, or a step with no action on the map, draws everything the board touches. The SVG's
``data-views`` are the areas of action, largest first (a turn may fight in Poland and in China): the part of the
drawing that shows each, the first shown first, and the size of the smallest counter inside it, so that the page's
script shows each at a scale where its counters are readable, and zooms and pans from there (:mod:`replays.report`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

import msgspec

from awaw_events.store import GameStore
from projections.game import GameState
from projections.rules.geometry import parse
from projections.rules.mapdata import MapData
from replays.maps import DeclaredMapData, describe, resolve_map_data
from replays.pictures.board import (
    HEX_RADIUS,
    HEX_WIDTH,
    LARGEST,
    BoardPicture,
    Underlay,
    area_for,
    default_area,
    draw_board,
    map_hex,
)
from replays.pictures.counters import COUNTER
from replays.pictures.game import image_beneath
from replays.pictures.scene import Group, Node, Scene, Use, to_svg

MARGIN: Final = 2
"""Hexes drawn on each side of the action."""

DrawStep = Callable[[GameState, GameState | None, frozenset[str], str, str], str]
"""Draws a step (:data:`replays.reportsteps.Draw`)."""


def _uses(
    nodes: Iterable[Node], x: float = 0.0, y: float = 0.0, scale: float = 1.0
) -> Iterator[tuple[Use, float, float]]:
    """Every ``<use>`` of a scene with its centre in scene coordinates."""
    for node in nodes:
        if isinstance(node, Group):
            yield from _uses(node.children, x + scale * node.x, y + scale * node.y, scale * node.scale)
        elif isinstance(node, Use):
            yield node, x + scale * node.x, y + scale * node.y


def counters_at(
    nodes: Iterable[Node], x: float = 0.0, y: float = 0.0, scale: float = 1.0
) -> Iterator[tuple[float, float, float]]:
    """Every counter drawn in a hex: its centre and its size across, in scene coordinates."""
    for node in nodes:
        if not isinstance(node, Group):
            continue
        gx, gy, gs = x + scale * node.x, y + scale * node.y, scale * node.scale
        if node.cls and node.cls.split()[0] == "unit" and "hex" in node.data:
            for child in node.children:
                if isinstance(child, Group):
                    yield (gx + gs * child.x, gy + gs * child.y, COUNTER * gs * child.scale)
            continue
        yield from counters_at(node.children, gx, gy, gs)


def view_box(scene: Scene, hexes: frozenset[str], room: float = HEX_RADIUS * 2) -> tuple[float, float, float, float]:
    """The part of a scene that shows ``hexes`` (the whole scene when none of them is drawn), with ``room`` around
    them: ``(x, y, width, height)``."""
    centres = [(cx, cy) for use, cx, cy in _uses(scene.children) if use.data.get("hex") in hexes]
    return _bounds(centres, scene, room) if centres else (0.0, 0.0, float(scene.width), float(scene.height))


def _bounds(centres: Sequence[tuple[float, float]], scene: Scene, room: float) -> tuple[float, float, float, float]:
    xs, ys = [c[0] for c in centres], [c[1] for c in centres]
    x0, y0 = max(0.0, min(xs) - room), max(0.0, min(ys) - room)
    x1, y1 = min(float(scene.width), max(xs) + room), min(float(scene.height), max(ys) + room)
    return (x0, y0, x1 - x0, y1 - y0)


CLUSTER: Final = 5 * HEX_WIDTH
"""Hexes of the action closer than about this (in pixels, five hexes) belong to one area of action."""


def action_views(
    scene: Scene, hexes: frozenset[str], room: float = HEX_RADIUS * 2
) -> list[tuple[int, tuple[float, float, float, float]]]:
    """The areas of action of a step, largest first: the hexes of the action drawn, grouped where they lie within
    about five hexes of each other (a turn may fight in Poland and in China), each with its hex count and the part of
    the scene that shows it."""
    centres = [(cx, cy) for use, cx, cy in _uses(scene.children) if use.data.get("hex") in hexes]
    cells: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for c in centres:
        cells.setdefault((int(c[0] // CLUSTER), int(c[1] // CLUSTER)), []).append(c)
    seen: set[tuple[int, int]] = set()
    groups: list[list[tuple[float, float]]] = []
    for cell in cells:
        if cell in seen:
            continue
        seen.add(cell)
        group: list[tuple[float, float]] = []
        waiting = [cell]
        while waiting:
            here = waiting.pop()
            group += cells[here]
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    there = (here[0] + dx, here[1] + dy)
                    if there in cells and there not in seen:
                        seen.add(there)
                        waiting.append(there)
        groups.append(group)
    groups.sort(key=len, reverse=True)
    return [(len(g), _bounds(g, scene, room)) for g in groups]


MOST_HEXES: Final = 500
"""The most hexes a step's board draws around its action (the largest areas of action first): a long game's turn
may act along every front, and each step's board is its own picture."""

SPREAD: Final = 4
"""Hexes of the action within about this many rows and columns of each other are one area of action."""


def action_area(hexes: Iterable[str], margin: int = MARGIN, most: int = MOST_HEXES) -> dict[str, frozenset[str]]:
    """The hexes to draw around the action: each area of action (hexes within about :data:`SPREAD` rows and
    columns of each other, on one map) as its block of rows and columns widened by ``margin``, the largest areas
    first, until :data:`MOST_HEXES` are drawn (the largest always)."""
    cells: dict[tuple[str, int, int], list[str]] = {}
    for h in hexes:
        p = parse(h)
        cells.setdefault((p.map, p.row // SPREAD, p.col // SPREAD), []).append(h)
    seen: set[tuple[str, int, int]] = set()
    groups: list[list[str]] = []
    for cell in cells:
        if cell in seen:
            continue
        seen.add(cell)
        group: list[str] = []
        waiting = [cell]
        while waiting:
            here = waiting.pop()
            group += cells[here]
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    there = (here[0], here[1] + dr, here[2] + dc)
                    if there in cells and there not in seen:
                        seen.add(there)
                        waiting.append(there)
        groups.append(group)
    groups.sort(key=len, reverse=True)
    found: dict[str, set[str]] = {}
    count = 0
    for group in groups:
        block = default_area(group, margin)
        size = sum(len(v) for v in block.values())
        if count and count + size > most:
            continue
        for m, part in block.items():
            found.setdefault(m, set()).update(part)
        count = sum(len(v) for v in found.values())
    return {m: frozenset(v) for m, v in found.items()}


def _on_the_area(states: Sequence[GameState], area: Mapping[str, frozenset[str]]) -> set[str]:
    """The units that stand on a hex of the area in any of the states."""
    drawn = {h for part in area.values() for h in part}
    return {k for s in states for k, u in s.board.units.items() if map_hex(u.location) in drawn}


def _drawn_only(state: GameState, keep: set[str]) -> GameState:
    """The state with only the units ``keep`` (those the picture is about: on the area at either end of the step;
    what lies elsewhere is the ledgers' to list, not each step's picture's)."""
    units = {k: u for k, u in state.board.units.items() if k in keep}
    board = msgspec.structs.replace(state.board, units=units)
    return msgspec.structs.replace(state, board=board)


def step_board(
    state: GameState,
    before: GameState | None,
    action: frozenset[str],
    *,
    map_data: MapData | None,
    notes: Sequence[str],
    title: str,
    prefix: str,
    whole: bool = False,
    underlay: Underlay | None = None,
) -> tuple[str, BoardPicture]:
    """The inline SVG of a step's board and the picture: the area of the action (with ``whole``, or without any
    action on the map, everything the board touches), with the moves and losses since ``before``; its
    ``data-views`` are its areas of action, largest first (``x y w h`` each, separated by ``;``)."""
    hexes = frozenset(h for h in map(map_hex, action) if h is not None)
    area = action_area(hexes) if hexes and not whole else area_for(state, before)
    if not whole:
        keep = _on_the_area([state] if before is None else [state, before], area)
        state = _drawn_only(state, keep)
        before = _drawn_only(before, keep) if before is not None else None
    picture = draw_board(
        state,
        map_data=map_data,
        area=area,
        before=before,
        title=title,
        subtitle="moves and losses since the step before" if before is not None else "",
        notes=notes,
        prefix=prefix,
        underlay=underlay,
    )
    views = action_views(picture.scene, hexes) or [(0, view_box(picture.scene, frozenset()))]
    drawn = list(counters_at(picture.scene.children))
    parts = []
    for _, (x, y, w, h) in views:
        inside = [size for cx, cy, size in drawn if x <= cx <= x + w and y <= cy <= y + h]
        parts.append(f"{x:.0f} {y:.0f} {w:.0f} {h:.0f} {min(inside, default=LARGEST):.2f}")
    picture.scene.data["views"] = ";".join(parts)
    picture.scene.data["action"] = str(len(hexes))
    return to_svg(picture.scene, inline=True), picture


def report_draw(
    store: GameStore, timeline: str, stop: int, *, image: Path | None = None, grid: Path | None = None
) -> DrawStep:
    """The function that draws each step of ``awaw report`` (:data:`replays.reportsteps.Draw`), with the map data
    the game declares at the end of that step (read from the walk's state, looked up once per declaration; or a
    note saying why there is none); with ``image``, over the calibrated map image (only when asked: the page then
    carries it), made once, with the house rules of the first step drawn (how the Pacific grid is read)."""
    found: dict[object, DeclaredMapData] = {}
    beneath: list[tuple[Underlay, str]] = []

    def draw(state: GameState, before: GameState | None, action: frozenset[str], title: str, prefix: str) -> str:
        declared = state.meta.map_data
        known = found.get(declared)
        if known is None:
            known = found[declared] = (
                resolve_map_data(store, declared)
                if declared is not None
                else DeclaredMapData(None, None, f"{timeline!r} declares no map data")
            )
        notes = [f"Map data: {describe(known.data)}" if known.data is not None else f"No map data: {known.reason}"]
        if image is not None and not beneath:
            said: list[str] = []
            beneath.append((image_beneath(image, grid, state.meta.options, said), " ".join(said)))
        underlay = beneath[0][0] if beneath else None
        if beneath:
            notes.append(beneath[0][1])
        whole = before is None  # the set-up: the whole opening position, its view on where the units stand
        if whole:
            action = frozenset(u.location for u in state.board.units.values())
        svg, _ = step_board(
            state,
            before,
            action,
            map_data=known.data,
            notes=notes,
            title=title,
            prefix=prefix,
            whole=whole,
            underlay=underlay,
        )
        return svg

    return draw


__all__ = ["MARGIN", "action_views", "report_draw", "step_board", "view_box"]
