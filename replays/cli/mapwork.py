"""``awaw map calibrate``, ``awaw map sample`` and ``awaw map edit``: from a group's own map image to map data.

Each parses, calls one function of :mod:`replays.mapwork` and says what it wrote; Pillow and numpy are imported by
those functions only."""

from __future__ import annotations

from pathlib import Path

import click

from replays.cli.common import domain_errors, json_option, say


def _points(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> list[object]:
    from awaw_events.errors import InputError
    from replays.mapwork.fit import point_of

    try:
        return [point_of(v) for v in value]
    except InputError as exc:
        raise click.BadParameter(str(exc)) from None


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise click.ClickException(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


@click.command()
@click.argument("image", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--hex",
    "points",
    multiple=True,
    callback=_points,
    metavar="MAP:HEX=X,Y",
    help="A hex and the pixel of its centre on the image (X across from the left, Y down from the top); three or "
    "more on each mapboard, far apart. Repeat.",
)
@click.option(
    "--pacific-grid",
    type=click.Choice(["as_european", "mirrored"]),
    help="Fit the Pacific map with this reading of map.pacific_grid (default: the one the image shows).",
)
@click.option("--board", help="The board of a VASSAL module to calibrate (when it has several).")
@click.option(
    "--map",
    "map_",
    type=click.Choice(["EUR", "PAC"]),
    help="Which mapboard a VASSAL module's board is (default: from its name, Europe or Pacific).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The grid file to write (default: beside the image, europe.jpg -> europe.grid.json).",
)
@json_option
def calibrate(
    image: Path,
    points: list[object],
    pacific_grid: str | None,
    board: str | None,
    map_: str | None,
    output: Path | None,
    as_json: bool,
) -> None:
    """Fit each mapboard's hex grid to IMAGE (or a VASSAL module's board) and write the grid file beside it.

    From an image: name three or more hexes on each mapboard with the pixel of their centre (more check each other;
    each map is fitted on its own). An RMS residual over 0.1 hex is refused, naming the worst point. From a VASSAL
    module (.vmod): its board image and hex grid are read, and where its grid numbering names the hexes as printed
    (K37), no point is needed; else give points, each moved to the centre of the module's cell under it. For the
    Pacific map the fit says which reading of map.pacific_grid the image shows.

    \b
    Example:
      awaw map calibrate europe.jpg --hex EUR:A23=412,80 \\
          --hex EUR:K37=1660,912 --hex EUR:NN5=388,2430 --hex EUR:Z53=2801,1950
    """
    import msgspec

    from replays.mapwork.calibration import calibrate_image, calibrate_module, is_module
    from replays.mapwork.fit import Point
    from replays.mapwork.grids import encode, words

    given = [p for p in points if isinstance(p, Point)]
    with domain_errors():
        if is_module(image):
            done = calibrate_module(
                image,
                board=board,
                map_=map_,  # type: ignore[arg-type]
                points=given,
                pacific=pacific_grid,  # type: ignore[arg-type]
                output=output,
            )
        else:
            if board or map_:
                raise click.UsageError("--board and --map are for a VASSAL module (.vmod), not an image")
            done = calibrate_image(image, given, pacific=pacific_grid, output=output)  # type: ignore[arg-type]
    _write(done.path, encode(done.grid))
    lines = [f"wrote {done.path} (the grid of {done.source.label()}, {done.info.width}x{done.info.height})"]
    lines += [f"  {note}" for note in done.notes]
    lines += [f"  {words(fit)}" for _, fit in sorted(done.fits.items())]
    pac = done.fits.get("PAC")
    if pac is not None and pac.shows is not None:
        lines.append(f"  start games on this map with --option map.pacific_grid={pac.shows}")
    say(
        as_json,
        "\n".join(lines),
        {"grid_file": str(done.path), "notes": list(done.notes), **msgspec.to_builtins(done.grid)},
    )
