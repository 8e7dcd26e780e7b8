"""``awaw map calibrate``, ``awaw map sample`` and ``awaw map edit``: from a group's own map image to map data.

Each parses, calls one function of :mod:`replays.mapwork` and says what it wrote; Pillow and numpy are imported by
those functions only."""

from __future__ import annotations

from pathlib import Path

import click

from replays.cli.common import domain_errors, json_option, say
from replays.cli.common import progress as progress_bar


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


def _names(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for v in value:
        what, sep, name = v.partition("=")
        if not (sep and what.strip() and name.strip()):
            raise click.BadParameter(
                f"{v!r}: expected HEX=TERRAIN (EUR:K37=forest) or HEXSIDE=LINE (EUR:K36/K37=river)"
            )
        found[what.strip()] = name.strip()
    return found


@click.command()
@click.argument("image", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--grid", type=click.Path(dir_okay=False, path_type=Path), help="The grid file (default: beside IMAGE).")
@click.option(
    "--legend",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The legend file naming each colour (default: beside IMAGE, europe.jpg -> europe.legend).",
)
@click.option(
    "--name",
    "names",
    multiple=True,
    callback=_names,
    metavar="HEX=TERRAIN|HEXSIDE=LINE",
    help="Name a colour by a hex that shows it (EUR:K37=forest) or a hexside's line (EUR:K36/K37=river). Repeat.",
)
@click.option(
    "--area",
    multiple=True,
    metavar="MAP:RC..RC",
    help="Sample only these rows and columns (EUR:K30..P42; repeat). Default: every hex on the image.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The map-data file to write (default: beside IMAGE, europe.jpg -> europe.sampled.yaml).",
)
@click.option("--map-name", help="The name the map-data file gives itself (default: from the image's file name).")
@json_option
def sample(
    image: Path,
    grid: Path | None,
    legend: Path | None,
    names: dict[str, str],
    area: tuple[str, ...],
    output: Path | None,
    map_name: str | None,
    as_json: bool,
) -> None:
    """Read each hex's colours and each hexside's lines off IMAGE, and propose map data from the colours you name.

    The first run writes a legend beside the image: one line a colour found, with the hexes that show it. Replace
    each ? with a terrain (or a hexside line: river, canal), or name a colour by pointing at one hex or hexside
    with --name, and run again: the named colours become a map-data file in which every fact is marked source:
    sampled with a confidence, until a person confirms it (awaw map edit). A colour left ? proposes nothing.

    \b
    Example:
      awaw map sample europe.jpg --name EUR:H30=sea --name EUR:K36/K37=river
    """
    from replays.mapwork.proposing import sample_image

    with domain_errors(), progress_bar("reading the image") as advance:
        done = sample_image(
            image, grid=grid, legend=legend, names=names, area=area, output=output, name=map_name, progress=advance
        )
    _write(done.legend_path, done.legend_text.encode())
    if done.text is not None:
        _write(done.output, done.text.encode())
    colours = [g for g in done.groups if g.kind != "grid"]
    named = sum(1 for e in done.legend if e.kind != "grid" and e.name is not None)
    lines = [
        f"read {done.hexes} hexes and {done.hexsides} hexsides of {done.image.source.label()}: "
        f"{sum(g.kind == 'hex' for g in colours)} hex colours, {sum(g.kind == 'line' for g in colours)} line colours",
        f"wrote {done.legend_path}: {named} of {sum(e.kind != 'grid' for e in done.legend)} colours named",
    ]
    p = done.proposal
    if p is None:
        lines.append(
            f"name the colours in {done.legend_path} (each line says which hexes show it), or point at one "
            "(--name EUR:K37=forest), then run again"
        )
    else:
        lines.append(
            f"wrote {done.output}: terrain of {p.terrain} hexes, {p.hexsides} river hexsides, each marked "
            "source: sampled"
        )
        lines.append(f"  and the rule texts' {done.rule_texts} facts, confirmed, with their rules")
        if done.set_aside:
            lines.append(f"  {len(done.set_aside)} sampled facts set aside: the rule texts give otherwise (--json)")
        if p.unnamed_hexes or p.unnamed_sides:
            lines.append(
                f"  not named (nothing proposed): {p.unnamed_hexes} hexes, {p.unnamed_sides} hexsides of "
                f"{len(p.unnamed)} colours"
            )
    say(
        as_json,
        "\n".join(lines),
        {
            "image": done.image.source.label(),
            "hexes_read": done.hexes,
            "hexsides_read": done.hexsides,
            "legend": str(done.legend_path),
            "colours": [
                {
                    "kind": g.kind,
                    "colour": g.colour,
                    "mark": g.mark,
                    "count": len(g.members),
                    "examples": list(g.members[:3]),
                }
                for g in done.groups
            ],
            "map_file": str(done.output) if done.text is not None else None,
            "rule_texts_facts": done.rule_texts,
            "set_aside": list(done.set_aside),
            "terrain": p.terrain if p else 0,
            "river_hexsides": p.hexsides if p else 0,
            "unnamed_hexes": p.unnamed_hexes if p else None,
            "unnamed_hexsides": p.unnamed_sides if p else None,
        },
    )


@click.command()
@click.argument("map_file", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "--image",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draw the grid over this calibrated image (or VASSAL module); the page then carries a copy of it.",
)
@click.option(
    "--grid", type=click.Path(dir_okay=False, path_type=Path), help="The image's grid file (default: beside it)."
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The page to write (default: beside FILE, our-map.yaml -> our-map.edit.html).",
)
@json_option
def edit(map_file: Path, image: Path | None, grid: Path | None, output: Path | None, as_json: bool) -> None:
    """Write one self-contained HTML page that edits the map-data FILE in a browser, over its image with --image.

    Paint terrain, countries, weather zones and fronts on hexes, click hexsides for rivers, canals, crossing arrows
    and all-water sides, confirm sampled facts in bulk by confidence, and save the file (the browser's download,
    under FILE's name). The page needs no network. With --image it carries a reduced copy of your image: keep it
    to your group; the file it saves never holds the image.

    \b
    Example:
      awaw map edit europe.sampled.yaml --image europe.jpg
    """
    from replays.mapwork.editor import edit_page

    with domain_errors(), progress_bar("writing the page"):
        page = edit_page(map_file, image=image, grid=grid)
    target = output or map_file.with_name(map_file.name.rsplit(".", 1)[0] + ".edit.html")
    _write(target, page.html.encode())
    say(
        as_json,
        f"wrote {target}: {page.hexes} hexes, {page.hexsides} hexsides, {page.sampled} sampled facts to confirm"
        + (" (the page carries your map image)" if page.image else "")
        + f"; open it in a browser, edit, and save {map_file.name}",
        {
            "page": str(target),
            "map_file": str(map_file),
            "hexes": page.hexes,
            "hexsides": page.hexsides,
            "sampled": page.sampled,
            "image": page.image,
        },
    )
