"""``awaw send`` and ``awaw receive``: a turn handed over in one file. ``send`` signs the head and writes the new
events, the head and the signature as a hand-off bundle (:mod:`awaw_events.bundle`, the format ``awaw export
--with-branches`` writes); ``receive`` imports it, checks the signature against the sender's registered key and
audits the new events in one transaction (a bundle that is tampered with, cut short, signed by nobody or by the
wrong key is refused with what is wrong, and nothing is written), then shows what changed on the board."""

from __future__ import annotations

from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import click

from replays.cli.common import Context, command, domain_errors, json_option, pass_context

if TYPE_CHECKING:
    from awaw_events.store import GameStore


def handed_over(store: GameStore, game: str) -> int:
    """The event the other players hold: the last signed hand-off of the log, its own event included (every
    hand-off before this one was delivered), or 0 (the whole game: the receiver skips what it holds)."""
    signed = store.tagged(game, ("handoff_signed",), last=True)
    return signed[-1].seq if signed else 0


@command()
@click.argument("game")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The hand-off file to write (turn.awaw).")  # fmt: skip
@click.option("--as", "player", required=True, metavar="PLAYER", help="Sign as PLAYER (your key: awaw keygen).")
@click.option(
    "--since",
    type=click.IntRange(0),
    metavar="N",
    help="The event the other player holds (default: the last signed hand-off in the log).",
)
@json_option
@pass_context
def send(obj: Context, game: str, output: Path, player: str, since: int | None, as_json: bool) -> None:
    """\b
    Example:
      awaw send club -o turn.awaw --as alice
    """
    from awaw_events.bundle import write_handoff
    from awaw_events.hosting import sign_head
    from replays import formatting

    keys = obj.keys()
    with domain_errors(), obj.store() as store:
        after = handed_over(store, game) if since is None else since
        record = sign_head(store, game, player, keys=keys)
        with output.open("w", encoding="utf-8") as handle:
            written = write_handoff(store, game, after, handle)
    entry = written.timelines[0]
    if as_json:
        formatting.print_json({"game": game, "file": str(output), "from": entry.first, "to": entry.last,
                               "head": entry.head, "signed": record.seq})  # fmt: skip
        return
    click.echo(f"wrote {output}: events {entry.first} to {entry.last} of {game}, signed by {player} in event "
               f"{record.seq} (head {entry.head[:12]}...)")  # fmt: skip


@command()
@click.argument("file", type=click.File("rb"))
@click.option("--game", help="The game it extends here (default: the name it was sent with).")
@json_option
@pass_context
def receive(obj: Context, file: IO[bytes], game: str | None, as_json: bool) -> None:
    """\b
    Example:
      awaw receive turn.awaw
    """
    from replays import formatting
    from replays.handoff import receive_handoff

    with domain_errors(), obj.store() as store:
        done = receive_handoff(store, file, game=game, keys=obj.keys())
    data: dict[str, Any] = {"game": done.game, "first": done.first, "last": done.last, "signed_by": done.player,
                            "changes": done.changes, **formatting.recorded_json(done.recorded)}  # fmt: skip
    if as_json:
        formatting.print_json(data)
        return
    click.echo(f"received events {done.first} to {done.last} of {done.game}, signed by {done.player}: verified")
    for change in done.changes:
        click.echo(f"  {change}")
    formatting.print_recorded(formatting.console(), done.game, done.recorded)
