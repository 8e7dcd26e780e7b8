"""The board picture of a game in a store: the points to draw and compare (``awaw board --at --diff``) and the map
data the game declared. The report's boards, one per step around its action, are :mod:`replays.pictures.steps`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal, NamedTuple

from awaw_events.errors import PointError
from awaw_events.store import GameStore
from projections.game import GameState
from replays.branching import compared_point
from replays.maps import DeclaredMapData, describe, resolve_map_data
from replays.pictures.board import (
    Area,
    BoardPicture,
    Underlay,
    area_for,
    area_words,
    draw_board,
)
from replays.pictures.scene import to_png, to_svg
from replays.points import resolve_point, seq_for_game_time
from replays.state import state_at

ImageFormat = Literal["svg", "png"]


class Points(NamedTuple):
    """The point drawn (event ``seq`` of ``timeline``) and the point compared with (``other_seq`` of
    ``other_timeline``), if any."""

    timeline: str
    seq: int
    other_timeline: str | None = None
    other_seq: int | None = None


def points(store: GameStore, timeline: str, at: str | None, other: str | None) -> Points:
    """Resolve ``--at`` and ``--diff``. ``--diff`` names a point of the same timeline (event number, game time,
    bookmark) or another timeline; against a timeline both sides are drawn at the game time ``awaw diff`` compares
    (by default the latest both reach; ``--at`` a game time on both, an event number its game time here)."""
    if other is None:
        return Points(timeline, resolve_point(store.open(timeline), at))
    if other != timeline and store.exists(other):
        point = compared_point(store, timeline, other, at)
        if point is None:
            return Points(timeline, 0, other, 0)
        return Points(
            timeline, seq_for_game_time(store.open(timeline), point), other, seq_for_game_time(store.open(other), point)
        )
    seq = resolve_point(store.open(timeline), at)
    try:
        return Points(timeline, seq, timeline, resolve_point(store.open(timeline), other))
    except PointError as exc:
        raise PointError(f"--diff {other!r} names no timeline in this store, and no point: {exc}") from None


def _when(state: GameState, seq: int) -> str:
    return f"event {seq} ({state.clock.label})" if seq else "the start (no event)"


def game_board(
    store: GameStore,
    chosen: Points,
    *,
    area: Area | None = None,
    progress: Callable[[int], None] | None = None,
    image: Path | None = None,
    grid: Path | None = None,
) -> BoardPicture:
    """The board at ``chosen.seq`` of ``chosen.timeline``, against the point compared with if there is one, with the
    map data the game declared (or a note saying why there is none); with ``image``, the calibrated image of the
    map beneath the counters (:mod:`replays.mapwork.underlay`, ``grid`` its grid file if not beside it)."""
    state = state_at(store.open(chosen.timeline), chosen.seq, progress=progress)
    before = None
    subtitle = ""
    if chosen.other_timeline is not None and chosen.other_seq is not None:
        before = state_at(store.open(chosen.other_timeline), chosen.other_seq)
        whose = "" if chosen.other_timeline == chosen.timeline else f" of {chosen.other_timeline}"
        subtitle = f"moves and losses since {_when(before, chosen.other_seq)}{whose}"
    found = _declared_map_data(store, chosen.timeline, state)
    area = area if area is not None else area_for(state, before)
    notes = [
        f"Map data: {describe(found.data)}" if found.data is not None else f"No map data: {found.reason}",
        f"Area: {area_words(area)} ({sum(len(h) for h in area.values())} hexes)",
    ]
    beneath = image_beneath(image, grid, state.meta.options, notes) if image is not None else None
    picture = draw_board(
        state,
        map_data=found.data,
        area=area,
        before=before,
        title=f"{chosen.timeline}: the board after {_when(state, chosen.seq)}",
        subtitle=subtitle,
        notes=notes,
        underlay=beneath,
    )
    return picture


def _declared_map_data(store: GameStore, timeline: str, state: GameState) -> DeclaredMapData:
    """The map data the game declared up to the state drawn, as :func:`replays.maps.declared_map_data` finds it,
    read from the state already folded (not folded a second time)."""
    declared = state.meta.map_data
    if declared is None:
        return DeclaredMapData(None, None, f"{timeline!r} declares no map data")
    return resolve_map_data(store, declared)


def image_beneath(image: Path, grid: Path | None, options: Mapping[str, str], notes: list[str]) -> Underlay:
    """The calibrated image beneath the board (the Pacific grid read as the game reads it), each panel's picture
    made once; a note says the picture carries it."""
    import functools

    from projections.rules.geometry import grid as game_grid
    from replays.mapwork.grids import open_calibrated
    from replays.mapwork.underlay import underlay

    calibrated = open_calibrated(image, grid)
    notes.append(f"Beneath: the map image {calibrated.source.label()} (yours: keep it to your group)")
    return functools.lru_cache(maxsize=8)(underlay(calibrated, game_grid(options).pacific))


def image(picture: BoardPicture, fmt: ImageFormat) -> bytes:
    """The picture as a standalone SVG file or a PNG of the same drawing."""
    return to_svg(picture.scene).encode() if fmt == "svg" else to_png(picture.scene)
