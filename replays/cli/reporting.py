"""Commands that draw and report: ``board`` (the board at a point), ``plot`` (a chart of one projection) and
``report`` (a shareable HTML page)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from replays.cli.common import Context, NoSuchPoint, command, domain_errors, json_option, pass_context, progress, say
from replays.points import resolve_point


def _area(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> dict[str, frozenset[str]] | None:
    """``--area`` values as the hexes to draw, by map (a bad block is a usage error, exit 2)."""
    from awaw_events.errors import InputError
    from replays.pictures.board import area_of

    if not value:
        return None
    try:
        return area_of(value)
    except InputError as exc:
        raise click.BadParameter(str(exc)) from None


def _image_path(_ctx: click.Context, _param: click.Parameter, value: Path) -> Path:
    if value.suffix.lower() not in (".svg", ".png"):
        raise click.BadParameter(f"{value.name!r}: expected a .svg or .png file")
    if not value.parent.is_dir():
        raise click.BadParameter(f"{str(value.parent)!r} is not a directory")
    return value


@command()
@click.argument("game")
@click.option("--at", "at", help="The point to draw: an event number, a game time or a bookmark (default: the end).")
@click.option(
    "--area",
    "area",
    multiple=True,
    callback=_area,
    metavar="MAP:RC..RC",
    help="Draw these rows and columns as printed on the map, e.g. EUR:K30..P42 (repeat for the other map; "
    "default: every hex the units, control, bridgeheads and fortifications touch, with a margin).",
)
@click.option(
    "--diff",
    "other",
    metavar="POINT|TIMELINE",
    help="Draw what changed since this point (or against this timeline): moved units with arrows from where they "
    "were, units no longer in play crossed out where they were.",
)
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    callback=_image_path,
    help="The picture to write: FILE.svg, or FILE.png (the same drawing).",
)
@click.option(
    "--image",
    "image_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draw the counters over your calibrated map image (awaw map calibrate); the picture then carries it.",
)
@click.option(
    "--grid", type=click.Path(dir_okay=False, path_type=Path), help="The image's grid file (default: beside it)."
)
@json_option
@pass_context
def board(
    obj: Context,
    game: str,
    at: str | None,
    area: dict[str, frozenset[str]] | None,
    other: str | None,
    output: Path,
    image_path: Path | None,
    grid: Path | None,
    as_json: bool,
) -> None:
    """Each hex sits where the map's grid puts it (the Pacific map by the game's map.pacific_grid option), row letters
    and column numbers on the edges, terrain and weather zones where the game's map data gives them. Units off the
    map (boxes, SW boxes, shipyard charts) are listed beside it. A pointer on a hex or a counter shows its id. With
    --image, the counters stand on your own calibrated map image (the picture then carries a copy of it).

    \b
    Example:
      awaw board club-1939 --at 1939-fall/axis/combat -o poland.svg
    """
    from replays.pictures.board import HEX_RADIUS
    from replays.pictures.game import game_board, image, points

    fmt = "svg" if output.suffix.lower() == ".svg" else "png"
    with obj.store() as store:
        chosen = points(store, game, at, other)
        with progress("folding", total=chosen.seq) as advance, domain_errors():
            picture = game_board(store, chosen, area=area, progress=advance, image=image_path, grid=grid)
    with domain_errors(), progress("drawing"):
        data = image(picture, fmt)  # type: ignore[arg-type]
    try:
        output.write_bytes(data)
    except OSError as exc:
        raise click.ClickException(f"cannot write {str(output)!r}: {exc.strerror or exc}") from None
    summary = {
        "image": str(output),
        "format": fmt,
        "width": picture.scene.width,
        "height": picture.scene.height,
        "timeline": chosen.timeline,
        "at_event": chosen.seq,
        "compared_with": None
        if chosen.other_seq is None
        else {"timeline": chosen.other_timeline, "at_event": chosen.other_seq},
        "hexes": picture.hexes,
        "hexes_not_on_the_map": picture.not_on_the_map,
        "panels": {
            p.map: {"origin": [round(p.origin[0], 2), round(p.origin[1], 2)], "hex_radius": HEX_RADIUS}
            for p in picture.panels
        },
        "units_on_the_map": dict(sorted(picture.on_map.items())),
        "units_off_the_map": dict(sorted(picture.off_map.items())),
        "units_outside_the_area": dict(sorted(picture.outside.items())),
        "moves_drawn": {k: list(v) for k, v in sorted(picture.arrows.items())},
        "crossed_out": dict(sorted(picture.crossed.items())),
    }
    say(
        as_json,
        f"wrote {output} ({picture.scene.width}x{picture.scene.height}): {picture.hexes} hexes, "
        f"{len(picture.on_map)} units on the map, {len(picture.off_map)} off it"
        + (
            f", {len(picture.arrows)} moves and {len(picture.crossed)} units gone"
            if chosen.other_seq is not None
            else ""
        ),
        summary,
    )


@command()
@click.argument("game")
@click.option(
    "--view",
    # replays.charts.CHART_VIEWS, written out: importing the charts (the views they word, the walk) at start-up costs
    # `awaw board` 20 ms (tests/test_startup.py holds the two lists equal)
    type=click.Choice(["brp", "oil", "naval", "losses"]),
    default="brp",
    show_default=True,
    help="Which chart to draw.",
)
@click.option("--from", "start", help="Start the x axis at this point's game turn.")
@click.option("--to", "stop", help="Draw the game up to this point (default: the end).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The image to write: .png or .svg (default: PNG on standard output when it is not a terminal).",
)
@json_option
@pass_context
def plot(
    obj: Context, game: str, view: str, start: str | None, stop: str | None, output: Path | None, as_json: bool
) -> None:
    """\b
    Example:
      awaw plot club-1939 --view brp -o brp.png
    """
    from replays.charts import chart
    from replays.plotting import render

    fmt = "svg" if output is not None and output.suffix.lower() == ".svg" else "png"
    if output is not None and output.suffix.lower() not in (".png", ".svg"):
        raise click.BadParameter(f"{output.name!r}: expected a .png or .svg file", param_hint="-o")
    if output is None and sys.stdout.isatty():
        raise click.UsageError("give -o FILE.png or FILE.svg (or redirect standard output to a file)")
    with obj.store() as store:
        timeline = store.open(game)
        first = resolve_point(timeline, start) if start else 0
        last = resolve_point(timeline, stop)
        with progress("folding"):
            data = chart(store, game, view, start=first, stop=last)  # type: ignore[arg-type]
    with domain_errors(), progress("drawing"):
        image = render(data, fmt)  # type: ignore[arg-type]
    if output is None:
        sys.stdout.buffer.write(image)
        return
    output.write_bytes(image)
    say(
        as_json,
        f"wrote {output} ({len(data.panels)} panel(s), {len(image)} bytes)",
        {"image": str(output), "format": fmt, "panels": [p.title for p in data.panels], "bytes": len(image)},
    )


@command()
@click.argument("game")
@click.option("--from", "start", help="Report from this point (event number, game time, bookmark).")
@click.option("--to", "stop", help="Report up to this point (default: the end).")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The HTML file to write (one self-contained page).",
)
@click.option(
    "--image",
    "image_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Draw each board over your calibrated map image: the page then carries it (send it only where it may go).",
)
@click.option(
    "--grid", type=click.Path(dir_okay=False, path_type=Path), help="The image's grid file (default: beside it)."
)
@json_option
@pass_context
def report(
    obj: Context,
    game: str,
    start: str | None,
    stop: str | None,
    output: Path,
    image_path: Path | None,
    grid: Path | None,
    as_json: bool,
) -> None:
    """The set-up and each player turn are a step: the board of the area where things happened, readable on a phone
    (zoom and pan it), with what changed in words under it; the timeline is grouped by phase. One walk of the game
    draws it all.

    \b
    Example:
      awaw report club-1939 -o report.html
    """
    import functools

    from replays.pictures.steps import report_draw
    from replays.report import build_report

    with obj.store() as store:
        timeline = store.open(game)
        first = resolve_point(timeline, start, before=True) + 1 if start else 1
        last = resolve_point(timeline, stop)
        if first > last:
            raise NoSuchPoint(f"--from {start} (event {first}) comes after --to {stop} (event {last})")
        with progress("report") as advance, domain_errors():
            stages = iter(range(1, 10))
            draw = functools.partial(report_draw, image=image_path, grid=grid)
            page = build_report(
                store, game, start=first, stop=last, draw=draw, progress=lambda _what: advance(next(stages))
            )
    output.write_text(page, encoding="utf-8")
    say(
        as_json,
        f"wrote {output}: events {first} to {last} of {game} ({len(page) // 1024} KiB)",
        {"report": str(output), "from": first, "to": last, "bytes": len(page)},
    )
