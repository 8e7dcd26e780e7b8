"""Commands about stores themselves: ``copy`` (games between SQLite and PostgreSQL) and ``orphans``."""

from __future__ import annotations

import click

from awaw_events.copying import copy_games
from awaw_events.store import open_store
from replays import formatting
from replays.cli.common import Context, command, domain_errors, json_option, pass_context, progress


@command("copy")
@click.argument("source", metavar="SRC_STORE")
@click.argument("target", metavar="DST_STORE")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option(
    "--with-secrets",
    is_flag=True,
    help="Put the dice seeds that a store made before the keys directory kept beside the games into your keys "
    "directory (--keys), so that you can roll on from the copy. Seeds in a keys directory never move.",
)
@json_option
@pass_context
def copy(obj: Context, source: str, target: str, games: tuple[str, ...], with_secrets: bool, as_json: bool) -> None:
    """Every timeline goes along (the main line and its branches), and so do rulings, bookmarks, dice commitments
    and the map data the game declares; nothing is written if a game already exists in DST_STORE, and the copy is
    checked against the source's head hash of every timeline before it is committed. Without GAME, every game is
    copied. Secret dice seeds are in no store: they stay in the keys directory of whoever hosts the dice.

    \b
    Example:
      awaw copy awaw.db backup.db club-1939
    """
    keys = obj.keys() if with_secrets else None
    with domain_errors(), open_store(source) as src, open_store(target) as dst, progress("copying") as advance:
        copied = copy_games(src, dst, games, secrets=keys, progress=advance)
    if as_json:
        formatting.print_json([c._asdict() for c in copied])
        return
    if not copied:
        click.echo("no games to copy")
    for c in copied:
        seeds = f", {c.secrets} old seed(s) into {keys.directory}" if keys is not None else ""
        click.echo(f"copied {c.game}: {c.timelines} timeline(s), {c.events} event(s){seeds}; head {c.head}")


@command()
@click.option("--delete", is_flag=True, help="Remove the rows listed (they are unreachable: no command reads them).")
@json_option
@pass_context
def orphans(obj: Context, delete: bool, as_json: bool) -> None:
    """An import interrupted between its two steps by an older version of awaw left its events without a game;
    a pruned branch leaves its events too. Neither is shown by any command. This lists them, with their rows and
    bytes; --delete removes them, checking again under the store's write lock.

    \b
    Example:
      awaw orphans --delete
    """
    with obj.store() as store:
        found = store.remove_unreachable() if delete else store.unreachable()
    if as_json:
        formatting.print_json([f._asdict() for f in found])
        return
    if not found:
        click.echo("no unreachable rows: every stored row belongs to a timeline")
        return
    verb = "removed" if delete else "found"
    total = sum(f.rows for f in found)
    click.echo(f"{verb} {total} unreachable row(s) in {len(found)} stream(s):")
    for f in found:
        click.echo(f"  {f.stream}: {f.rows} row(s), {f.size} bytes ({f.reason})")
    if not delete:
        click.echo("remove them with `awaw orphans --delete`")
