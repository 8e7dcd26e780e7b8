"""Commands that show the state: ``state``, ``snapshot``, ``materialize``, ``replay``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from replays.cli.common import (
    Context,
    NoSuchPoint,
    command,
    domain_errors,
    json_option,
    pass_context,
    power_option,
    progress,
    say,
    views_of,
)
from replays.points import resolve_point
from replays.state import SNAPSHOT_EVERY, build_snapshots, state_at
from replays.views import VIEWS

# Each command imports what it renders when it runs: `awaw state --view brp` loads neither the read model's
# sqlite-utils (which loads numpy), nor the replay's walkers, nor the other views (tests/test_startup.py).


@command()
@click.argument("game")
@click.option("--at", "at", help="An event number, a game time (1940-spring, 1940-spring/axis/combat) or a bookmark.")
@click.option("--before", is_flag=True, help="The state at the start of that point instead of its end.")
@click.option(
    "--view", type=click.Choice([*VIEWS, "all"]), default="all", show_default=True, help="Which projection to show."
)
@power_option
@json_option
@pass_context
def state(obj: Context, game: str, at: str | None, before: bool, view: str, power: str | None, as_json: bool) -> None:
    """\b
    Example:
      awaw state club-1939 --at 1939-fall/axis/combat --view board
    """
    from replays.views import data as view_data
    from replays.views import render as view_render

    with obj.store() as store:
        timeline = store.open(game)
        seq = resolve_point(timeline, at, before=before)
        with progress("folding", total=seq) as advance:
            snapshot = state_at(timeline, seq, progress=advance)
        places = None
        if "politics" in views_of(view):
            from replays.maps import places_named

            places = places_named(store, snapshot)
    if as_json:
        from replays import formatting

        views = {name: view_data(snapshot, name, power, places) for name in views_of(view)}
        header = {"timeline": game, "at_event": seq, "game_time": snapshot.clock.label, "power": power}
        formatting.print_json({**header, **views})
        return
    from rich.text import Text

    from replays.views import common

    out = common.console()
    whose = f", {common.country(power)} only" if power else ""
    out.print(Text(f"{game} after event {seq} ({snapshot.clock.label}){whose}"))
    for name in views_of(view):
        out.print()
        common.render(out, view_render(snapshot, name, power, places))


@command()
@click.argument("game")
@click.option(
    "--every",
    default=SNAPSHOT_EVERY,
    show_default=True,
    type=click.IntRange(100, 1_000_000),
    help="Events between snapshots.",
)
@json_option
@pass_context
def snapshot(obj: Context, game: str, every: int, as_json: bool) -> None:
    """\b
    Example:
      awaw snapshot club-1939
    """
    with obj.store() as store:
        timeline = store.open(game)
        with progress("folding", total=timeline.count) as advance:
            count = build_snapshots(timeline, every=every, progress=advance)
    say(as_json, f"{game}: {count} snapshot(s), one every {every} events", {"snapshots": count, "every": every})


@command()
@click.argument("game")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(path_type=Path),
    help="The SQLite file to write the read-model tables to (a new file, or a read model written before).",
)
@click.option("--at", "at", help="The point to materialize (default: the end).")
@click.option(
    "--metadata",
    "metadata_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write Datasette's metadata (titles, column descriptions, canned queries). "
    "Default: FILE.metadata.json beside the database.",
)
@json_option
@pass_context
def materialize(
    obj: Context, game: str, output: Path, at: str | None, metadata_path: Path | None, as_json: bool
) -> None:
    """\b
    Example:
      awaw materialize club-1939 -o club-1939-read.db
    """
    import shutil  # with its archive formats (bz2, lzma): a read model's copy needs it, a view does not

    import sqlite_utils

    from replays.cli import files
    from replays.materialize import materialize as write_read_model
    from replays.readmodel import metadata as read_model_metadata

    with domain_errors():
        files.check_read_model(output, obj.db)
    with obj.store() as store:
        seq = resolve_point(store.open(game), at)
        with files.replaced(output) as temp, progress("materializing", total=seq) as advance:
            if output.exists() and output.stat().st_size:
                shutil.copyfile(output, temp)
            db = sqlite_utils.Database(temp)
            try:
                counts = write_read_model(store, game, db, seq, progress=advance)
            finally:
                db.close()
    target = metadata_path or output.with_suffix(".metadata.json")
    written = sqlite_utils.Database(output)
    try:
        target.write_text(json.dumps(read_model_metadata(written, output.stem), indent=2) + "\n", encoding="utf-8")
    finally:
        written.close()
    say(
        as_json,
        f"wrote {sum(counts.values())} row(s) in {len(counts)} table(s) to {output} (after event {seq})\n"
        f"browse it: datasette {output} -m {target}",
        {"database": str(output), "metadata": str(target), "at_event": seq, "rows": counts},
    )


@command()
@click.argument("game")
@click.option("--from", "start", help="Start at this point (event number, game time, bookmark).")
@click.option("--to", "stop", help="Stop at this point.")
@click.option(
    "--by",
    type=click.Choice(["event", "phase"]),
    default="event",
    show_default=True,
    help="One step per event, or per phase.",
)
@click.option(
    "--view",
    type=click.Choice([*VIEWS, "all"]),
    default="all",
    show_default=True,
    help="Which projections' changes to show.",
)
@click.option(
    "--step",
    "interactive",
    is_flag=True,
    help="Interactive: n next, p previous, t turn, g event, v view, e end, q quit.",
)
@json_option
@pass_context
def replay(
    obj: Context, game: str, start: str | None, stop: str | None, by: str, view: str, interactive: bool, as_json: bool
) -> None:
    """\b
    Example:
      awaw replay club-1939 --from 1939-fall/axis --by phase
    """
    from replays import formatting
    from replays.replay import narrative
    from replays.replay import steps as replay_steps
    from replays.stepper import Stepper, terminal_key
    from replays.views import common

    if interactive and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.UsageError("--step needs a terminal; without it, replay prints the whole narrative")
    with obj.store() as store:
        timeline = store.open(game)
        first = resolve_point(timeline, start, before=True) + 1 if start else 1
        last = resolve_point(timeline, stop)
        if first > last:
            raise NoSuchPoint(
                f"--from {start} (event {first}) comes after --to {stop} (event {last}): nothing to replay"
            )
        walk = replay_steps(
            store,
            game,
            start=first,
            stop=last,
            by=by,  # type: ignore[arg-type]
            views=views_of(view),
        )
        if interactive:
            Stepper(
                walk,
                read_key=terminal_key,
                prompt=lambda text: click.prompt(text, default="", show_default=False),
                echo=click.echo,
                width=common.console().width,
            ).run()
        elif as_json:
            formatting.print_json_lines(step.as_json() for step in walk)
        else:
            width = common.console().width
            for step in walk:
                for line in narrative(step, width if width < common.WIDE else None):
                    click.echo(line)
