"""Commands that draw and report: ``plot`` (a chart of one projection) and ``report`` (a shareable HTML page)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from replays.charts import CHART_VIEWS
from replays.cli.common import Context, NoSuchPoint, command, domain_errors, json_option, pass_context, progress, say
from replays.state import resolve_point


@command()
@click.argument("game")
@click.option(
    "--view", type=click.Choice(list(CHART_VIEWS)), default="brp", show_default=True, help="Which chart to draw."
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
    """Draw a chart of GAME: BRPs, oil reserves, ships on the naval charts or factors lost, by turn."""
    from replays.charts import chart
    from replays.plotting import render

    fmt = "svg" if output is not None and output.suffix.lower() == ".svg" else "png"
    if output is not None and output.suffix.lower() not in (".png", ".svg"):
        raise click.BadParameter(f"{output.name!r}: expected a .png or .svg file", param_hint="-o")
    if output is None and sys.stdout.isatty():
        raise click.UsageError("give -o FILE.png or FILE.svg (or redirect standard output to a file)")
    with obj.store() as store:
        first = resolve_point(store, game, start) if start else 0
        last = resolve_point(store, game, stop)
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
@json_option
@pass_context
def report(obj: Context, game: str, start: str | None, stop: str | None, output: Path, as_json: bool) -> None:
    """Write a self-contained HTML report of GAME: turns, timeline, charts, ledgers, branches and audit findings."""
    from replays.report import build_report

    with obj.store() as store:
        first = resolve_point(store, game, start, before=True) + 1 if start else 1
        last = resolve_point(store, game, stop)
        if first > last:
            raise NoSuchPoint(f"--from {start} (event {first}) comes after --to {stop} (event {last})")
        with progress("report") as advance, domain_errors():
            stages = iter(range(1, 10))
            page = build_report(store, game, start=first, stop=last, progress=lambda _what: advance(next(stages)))
    output.write_text(page, encoding="utf-8")
    say(
        as_json,
        f"wrote {output}: events {first} to {last} of {game} ({len(page) // 1024} KiB)",
        {"report": str(output), "from": first, "to": last, "bytes": len(page)},
    )
