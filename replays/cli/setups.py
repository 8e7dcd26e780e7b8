"""``awaw setup``: the position of a game at any point, written as a set-up file (docs/setup.md) that ``awaw new
--setup`` starts a new game from."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from replays.cli.common import Context, command, domain_errors, json_option, pass_context


@command("setup")
@click.argument("game")
@click.option("--at", "at", help="The point (event number, game time, bookmark); default: the end of the log.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the set-up to this file (default: standard output).",
)
@click.option("--title", default="", help="A title for the set-up (default: the game and the point).")
@json_option
@pass_context
def setup(obj: Context, game: str, at: str | None, output: Path | None, title: str, as_json: bool) -> None:
    """Units and where they stand, control, CTLs, bridgeheads, fortifications, wars, statuses, tracks, the BRP, oil
    and naval balances, the force pools and the record's political facts (research, places, outcomes, the
    chronicle) at their own game turns (docs/setup.md); not the ledgers' history, not event numbers.

    \b
    Example:
      awaw setup campaign-1939 --at 1939-fall/axis/combat -o poland.yaml
    """
    from replays import formatting
    from replays import setup as setups
    from replays.cli import files
    from replays.points import resolve_point
    from replays.state import state_at

    with domain_errors():
        if output is not None:
            files.check_target(output, obj.db)
            if output.exists() and output.stat().st_size and not output.read_bytes().lstrip().startswith(b"#"):
                raise files.OutputError(f"{str(output)!r} exists and is not a set-up file; refusing to write over it")
    with obj.store() as store:
        timeline = store.open(game)
        seq = resolve_point(timeline, at)
        state = state_at(timeline, seq)
    label = f"{game} at {at}" if at else f"{game} after event {seq}"
    data = setups.setup_of(state, title=title or label)
    text = setups.dump(data)
    if as_json:
        formatting.print_json({"game": game, "at_event": seq, "setup": data, "output": str(output) if output else None})
        if output is None:
            return
    if output is None:
        sys.stdout.write(text)
        return
    with domain_errors(), files.replaced(output) as temp:
        temp.write_text(text, encoding="utf-8")
    if not as_json:
        click.echo(f"wrote the position of {game} after event {seq} ({state.clock.label}) to {output}", err=True)
