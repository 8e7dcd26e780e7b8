"""The grid file: where each mapboard's hex grid lies on one image (``awaw map calibrate`` writes it).

A small JSON file beside the image, ``europe.grid.json`` for ``europe.jpg``: the image it belongs to (its file name,
or a VASSAL module and the image inside it, with the size and SHA-256 it had when calibrated), and for each map on
it the fitted affine map, the reading of the grid (``map.pacific_grid`` for the Pacific map, and the reading the
image shows), the points the fit came from with their residuals, and where they came from (a person's ``--hex``
points, or a VASSAL module's grid). The image itself is never in the file; every command that reads both checks that
the image is still the one the grid was fitted to.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Final, Literal, NamedTuple

import msgspec
from msgspec import Meta

from awaw_events.errors import InputError
from projections.rules.geometry import MapName, PacificGrid, canonical, parse
from replays.mapwork.fit import Affine, MapFit, Point
from replays.mapwork.raster import ImageInfo, ImageSource

FORMAT: Final = "awaw-map-grid/1"
SUFFIX: Final = ".grid.json"


class GridPoint(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A point the fit came from: a hex, its pixel, and how far the fit puts the hex from it (in hexes)."""

    hex: str
    x: float
    y: float
    residual: float


class MapGrid(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One map's grid on the image: ``x = a*u + b*v + c``, ``y = d*u + e*v + f`` from grid coordinates."""

    map: Literal["EUR", "PAC"]
    grid: Literal["as_european", "mirrored"]
    affine: Annotated[tuple[float, ...], Meta(min_length=6, max_length=6)]
    points: tuple[GridPoint, ...]
    rms: float
    hex_px: float
    rotation: float
    shows: Literal["as_european", "mirrored"] | None = None
    source: str = "points"

    def fit(self) -> MapFit:
        affine = Affine(*self.affine)
        pts = tuple(Point(p.hex, p.x, p.y) for p in self.points)
        return MapFit(self.map, self.grid, affine, pts, tuple(p.residual for p in self.points), self.shows)


class ImageRecord(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """The image a grid belongs to: a file (relative to the grid file's folder when it was beside it), or
    ``member`` inside the VASSAL module ``file``; with its size and SHA-256 when calibrated."""

    file: str
    member: str | None = None
    board: str | None = None
    width: int
    height: int
    sha256: str


class GridFile(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A grid file as written (see the module's docstring)."""

    format: Literal["awaw-map-grid/1"]
    image: ImageRecord
    maps: tuple[MapGrid, ...]

    def fits(self) -> dict[MapName, MapFit]:
        return {m.map: m.fit() for m in self.maps}

    def fit(self, map_: str) -> MapFit | None:
        return next((m.fit() for m in self.maps if m.map == map_), None)


class GridError(InputError):
    """A grid file that cannot be read, or an image that is not the one its grid was fitted to."""


def map_grid(fit: MapFit, *, source: str = "points", keep_points: int | None = None) -> MapGrid:
    """A fit as written in a grid file (``keep_points``: at most that many points, spread over the fit's, for a
    VASSAL grid's thousands)."""
    chosen = range(len(fit.points))
    if keep_points is not None and len(fit.points) > keep_points:
        step = len(fit.points) / keep_points
        chosen = sorted({int(i * step) for i in range(keep_points)} | {fit.points.index(fit.worst)})  # type: ignore[assignment]
    points = tuple(
        GridPoint(hex=fit.points[i].hex, x=fit.points[i].x, y=fit.points[i].y, residual=round(fit.residuals[i], 4))
        for i in chosen
    )
    return MapGrid(
        map=fit.map,
        grid=fit.grid,
        affine=tuple(fit.affine),
        points=points,
        rms=round(fit.rms, 4),
        hex_px=round(fit.affine.hex_px, 3),
        rotation=round(fit.affine.rotation, 3),
        shows=fit.shows,
        source=source,
    )


def grid_file(
    source: ImageSource,
    info: ImageInfo,
    fits: Mapping[MapName, MapFit],
    *,
    written_to: Path,
    board: str | None = None,
    origin: str = "points",
    keep_points: int | None = None,
) -> GridFile:
    """The grid file for ``fits`` on the image ``source`` (its path recorded relative to the folder of
    ``written_to`` when it lies under it, else as given)."""
    try:
        shown = str(source.path.resolve().relative_to(written_to.resolve().parent))
    except ValueError:
        shown = str(source.path)
    return GridFile(
        format=FORMAT,
        image=ImageRecord(
            file=shown, member=source.member, board=board, width=info.width, height=info.height, sha256=info.sha256
        ),
        maps=tuple(map_grid(f, source=origin, keep_points=keep_points) for _, f in sorted(fits.items())),
    )


def encode(grid: GridFile) -> bytes:
    return msgspec.json.format(msgspec.json.encode(grid), indent=2) + b"\n"


def read_grid(path: Path) -> GridFile:
    """A grid file, checked: raises :class:`GridError` naming the file and what is wrong."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise GridError(
            f"no grid file {str(path)!r}: calibrate the image first (awaw map calibrate IMAGE --hex ...)"
        ) from None
    except OSError as exc:
        raise GridError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
    try:
        found = msgspec.json.decode(data, type=GridFile)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise GridError(f"{str(path)!r} is not a grid file ({FORMAT}): {exc}") from None
    for m in found.maps:
        if not all(math.isfinite(v) for v in m.affine) or Affine(*m.affine).determinant <= 0:
            raise GridError(f"{str(path)!r}: the {m.map} grid's affine map is degenerate or mirrored")
        for p in m.points:
            if parse(canonical(p.hex)).map != m.map:
                raise GridError(f"{str(path)!r}: the {m.map} grid names {p.hex!r}, a hex of another map")
    return found


def default_path(image: Path, board: str | None = None) -> Path:
    """Where the grid of an image goes by default: ``europe.jpg`` -> ``europe.grid.json`` beside it
    (``module.vmod`` with a board named -> ``module-Board.grid.json``)."""
    stem = image.name[: -len(SUFFIX)] if image.name.endswith(SUFFIX) else image.stem
    if board:
        stem += "-" + "".join(c if c.isalnum() or c in "-_." else "_" for c in board)
    return image.with_name(stem + SUFFIX)


def image_source(grid: GridFile, grid_path: Path) -> ImageSource:
    """The image a grid file names, found relative to the grid file's folder first."""
    given = Path(grid.image.file)
    path = given if given.is_absolute() else grid_path.parent / given
    if not path.exists() and given.exists():
        path = given
    return ImageSource(path, grid.image.member)


def check_image(grid: GridFile, info: ImageInfo, source: ImageSource) -> None:
    """Refuse an image that is not the one the grid was fitted to (another SHA-256 or another size)."""
    if info.sha256 != grid.image.sha256 or (info.width, info.height) != (grid.image.width, grid.image.height):
        raise GridError(
            f"{source.label()!r} is not the image the grid was fitted to ({grid.image.width}x{grid.image.height}, "
            f"SHA-256 {grid.image.sha256[:12]}...; this one is {info.width}x{info.height}, {info.sha256[:12]}...): "
            "calibrate it again"
        )


def words(fit: MapGrid | MapFit, chosen: PacificGrid | None = None) -> str:
    """One line about a map's grid: how many points, the residual, the hex's size and the turn, and for the Pacific
    map the orientation the image shows."""
    f = fit.fit() if isinstance(fit, MapGrid) else fit
    line = (
        f"{f.map}: {len(f.points)} points, RMS residual {f.rms:.3f} hex (worst {f.worst.hex}, "
        f"{max(f.residuals):.3f}), a hex {f.affine.hex_px:.1f} px, turned {f.affine.rotation:+.1f}°"
    )
    if f.map == "PAC":
        line += (
            f"; the image shows map.pacific_grid={f.shows}"
            if f.shows
            else "; the points cannot tell the Pacific orientation"
        )
    if f.exact:
        line += "; three points fit exactly: a fourth would check them"
    return line


class CalibratedImage(NamedTuple):
    """An image and its grid, checked to belong together."""

    grid: GridFile
    grid_path: Path
    source: ImageSource
    info: ImageInfo


def open_calibrated(image: Path, grid: Path | None = None) -> CalibratedImage:
    """An image (a file, or a VASSAL module) and its grid file (``grid``, else the one beside it), or a grid file
    and the image it names; raises :class:`GridError` when they are not the pair calibrated together."""
    from replays.mapwork.raster import identify

    if image.name.endswith(SUFFIX) and grid is None:
        grid_path = image
    else:
        grid_path = grid or default_path(image)
        if grid is None and not grid_path.exists():
            others = sorted(image.parent.glob(f"{image.stem}-*{SUFFIX}"))
            if others:
                raise GridError(
                    f"no grid file {str(grid_path)!r}; give one with --grid: {', '.join(str(o) for o in others)}"
                )
    found = read_grid(grid_path)
    source = image_source(found, grid_path)
    if grid_path != image:
        source = ImageSource(image, found.image.member)
    info = identify(source)
    check_image(found, info, source)
    return CalibratedImage(found, grid_path, source, info)
