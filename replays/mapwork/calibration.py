"""``awaw map calibrate``: an image and the hexes a person points at, or a VASSAL module's board and its grid, to a
grid file (:mod:`replays.mapwork.grids`) with every mapboard fitted on its own (:mod:`replays.mapwork.fit`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final, NamedTuple

from projections.rules.geometry import MapName, PacificGrid, parse
from replays.mapwork import vassal
from replays.mapwork.fit import CalibrationError, MapFit, Point, fit_map, fit_maps
from replays.mapwork.grids import GridFile, default_path, grid_file
from replays.mapwork.raster import ImageInfo, ImageSource, identify

MODULE_SUFFIXES: Final = (".vmod", ".vext", ".zip")
KEEP_POINTS: Final = 200
"""A module's grid gives thousands of points; the grid file keeps this many of them (and the worst)."""


class Calibrated(NamedTuple):
    """A calibration: the grid file and where it goes, the image, and notes for the person (which board, which
    points moved to the module's cells)."""

    grid: GridFile
    path: Path
    source: ImageSource
    info: ImageInfo
    fits: dict[MapName, MapFit]
    notes: tuple[str, ...]


def is_module(path: Path) -> bool:
    return path.suffix.lower() in MODULE_SUFFIXES


def _on_image(points: Sequence[Point], info: ImageInfo, label: str) -> None:
    for p in points:
        if not (0 <= p.x < info.width and 0 <= p.y < info.height):
            raise CalibrationError(
                f"{p.hex}={p.x:g},{p.y:g} is outside {label!r} ({info.width}x{info.height} pixels; X across from the "
                "left, Y down from the top)"
            )


def calibrate_image(
    image: Path, points: Sequence[Point], *, pacific: PacificGrid | None = None, output: Path | None = None
) -> Calibrated:
    """The grid of an image file from the hexes a person points at (three or more on each map on it)."""
    source = ImageSource(image)
    info = identify(source)
    _on_image(points, info, str(image))
    fits = fit_maps(points, pacific=pacific)
    path = output or default_path(image)
    return Calibrated(grid_file(source, info, fits, written_to=path), path, source, info, fits, ())


def calibrate_module(
    module: Path,
    *,
    board: str | None = None,
    map_: MapName | None = None,
    points: Sequence[Point] = (),
    pacific: PacificGrid | None = None,
    output: Path | None = None,
) -> Calibrated:
    """The grid of a VASSAL module's board: from the module's own numbering where it names hexes as AWAW ids,
    else from the points given, each moved to the centre of the module's cell under it."""
    boards = vassal.read_module(module)
    chosen = vassal.choose_board(boards, board, module)
    source = ImageSource(module, vassal.image_member(module, chosen))
    info = identify(source)
    notes = [f"board {chosen.name!r}, image {source.member}"]
    given_maps = {parse(p.hex).map for p in points}
    if map_ is None:
        map_ = vassal.map_of_board(chosen) or (next(iter(given_maps)) if len(given_maps) == 1 else None)
    if points:
        _on_image(points, info, source.label())
        if chosen.has_hex_grid:
            snapped = []
            for p in points:
                at = vassal.snap(chosen, p.x, p.y)
                snapped.append(p if at is None else Point(p.hex, *at))
            points = snapped
            notes.append("each point moved to the centre of the module's grid cell under it")
        fits = fit_maps(points, pacific=pacific)
        origin = vassal.describe(chosen) + ", points given" if chosen.has_hex_grid else f"VASSAL board {chosen.name!r}"
    else:
        if not chosen.has_hex_grid:
            raise CalibrationError(
                f"board {chosen.name!r} of {str(module)!r} has no hex grid: give three hexes on it with --hex"
            )
        if map_ is None:
            raise CalibrationError(f"which mapboard is board {chosen.name!r}? name it with --map EUR or --map PAC")
        named, total = vassal.named_points(chosen, map_, info.width, info.height)
        if len(named) < 3:
            example = next((c.name for c in vassal.cells(chosen, info.width, info.height) if c.name), None)
            how = f"names its cells like {example!r}" if example else "names no cell"
            raise CalibrationError(
                f"board {chosen.name!r} of {str(module)!r} {how}, not as AWAW hex ids (K37): give three hexes with "
                "--hex MAP:HEX=X,Y (each is moved to the centre of the module's cell under it)"
            )
        try:
            fits = {map_: fit_map(named, pacific=pacific)}
        except CalibrationError as exc:
            raise CalibrationError(
                f"the grid numbering of board {chosen.name!r} does not follow the AWAW hex ids ({exc}): give three "
                "hexes with --hex MAP:HEX=X,Y (each is moved to the centre of the module's cell under it)"
            ) from None
        notes.append(f"{len(named)} of the module's {total} cells on the image are named as AWAW hexes")
        origin = vassal.describe(chosen)
    if map_ is not None and set(fits) != {map_}:
        raise CalibrationError(f"board {chosen.name!r} is the {map_} map, but the hexes given are on {sorted(fits)}")
    path = output or default_path(module, chosen.name if sum(b.has_hex_grid for b in boards) > 1 else None)
    grid = grid_file(source, info, fits, written_to=path, board=chosen.name, origin=origin, keep_points=KEEP_POINTS)
    return Calibrated(grid, path, source, info, fits, tuple(notes))
