"""Commands on timelines: ``branch``, ``promote``, ``prune``, ``diff``, ``bookmark``, ``note``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from replays import formatting
from replays.branching import Diff, create_branch, delete_branch
from replays.branching import diff as diff_timelines
from replays.branching import promote as promote_branch
from replays.cli.common import Context, command, json_option, pass_context, progress, say, views_of
from replays.points import resolve_point
from replays.views import VIEWS

if TYPE_CHECKING:
    from awaw_events.store import Record

# `awaw diff` prints lines of words: neither the log's writer (awaw_events.log, for bookmark and note) nor the log
# view's rows (for --json) are imported unless asked for.


@command("branch")
@click.argument("game")
@click.argument("name")
@click.option("--at", "at", help="Fork after this point (event number, game time, bookmark); default the end.")
@click.option("--same-dice", is_flag=True, help="Keep the parent's dice (no new seed for the branch's rolls).")
@json_option
@pass_context
def branch_(obj: Context, game: str, name: str, at: str | None, same_dice: bool, as_json: bool) -> None:
    """\b
    Example:
      awaw branch club-1939 no-sealion --at 1940-summer/axis
    """
    with obj.store() as store:
        timeline = create_branch(store, game, at, name, reroll=not same_dice, keys=obj.keys())
    dice_note = "same dice as the parent" if same_dice else "its own committed dice seed"
    say(
        as_json,
        f"created {timeline.name}: forks from {game} after event {timeline.fork_at}, {dice_note}",
        {"timeline": timeline.name, "parent": game, "fork_at": timeline.fork_at, "own_dice": not same_dice},
    )


@command()
@click.argument("branch")
@click.option(
    "--keep-old-as", default="previous-main", show_default=True, help="The branch name the old main line keeps."
)
@json_option
@pass_context
def promote(obj: Context, branch: str, keep_old_as: str, as_json: bool) -> None:
    """\b
    Example:
      awaw promote club-1939/no-sealion
    """
    with obj.store() as store:
        main, old = promote_branch(store, branch, keep_old_as=keep_old_as)
    say(as_json, f"{branch} is now {main}; the old main line is {old}", {"main_line": main, "old_main_line": old})


@command()
@click.argument("branch")
@json_option
@pass_context
def prune(obj: Context, branch: str, as_json: bool) -> None:
    """\b
    Example:
      awaw prune club-1939/no-sealion
    """
    with obj.store() as store:
        delete_branch(store, branch)
    say(as_json, f"deleted {branch}", {"deleted": branch})


class DiffTrouble(click.ClickException):
    """Any error of ``awaw diff``: exit code 2, so that 1 keeps meaning "they differ"."""

    exit_code = 2


@command("diff")
@click.argument("a")
@click.argument("b")
@click.option(
    "--at",
    "at",
    help="Compare at this game time on both sides (an event number or bookmark: that event's game time on A). "
    "Default: the latest game time both reach.",
)
@click.option("--view", type=click.Choice([*VIEWS, "all"]), default="all", show_default=True)
@json_option
@pass_context
def diff_(obj: Context, a: str, b: str, at: str | None, view: str, as_json: bool) -> None:
    """Exit code 0 when they are the same, 1 when they differ, 2 on an error (like diff(1)).

    \b
    Example:
      awaw diff club-1939 club-1939/no-sealion --view board
    """
    try:
        with obj.store() as store, progress(f"comparing {a} and {b}"):
            result = diff_timelines(store, a, b, at=at, views=views_of(view))
    except click.ClickException as exc:
        raise DiffTrouble(exc.format_message()) from None
    _print_diff(result, a, b, as_json)
    if not result.same:
        raise SystemExit(1)


def _print_diff(result: Diff, a: str, b: str, as_json: bool) -> None:
    div = result.divergence
    if as_json:
        formatting.print_json(
            {
                "a": a,
                "b": b,
                "shared_events": div.shared,
                "first_divergence": div.shared + 1,
                "only_a": [logview_row(r) for r in div.only_a],
                "only_b": [logview_row(r) for r in div.only_b],
                "at": None if result.point is None else str(result.point),
                "at_a": result.at_a,
                "at_b": result.at_b,
                "same": result.same,
                "differences": {k: [c.as_json(a, b) for c in v] for k, v in result.differences.items()},
            }
        )
        return
    from replays.views.common import folded, width

    columns = width()  # a console made once, not once a line
    for line in formatting.diff_lines(result):
        click.echo(folded(line, "      ", columns))


def logview_row(record: Record) -> dict[str, object]:
    from replays import logview

    return next(logview.as_json([logview.Row(record)]))


@command()
@click.argument("game")
@click.argument("name")
@click.option("--at", "at", help="The point to bookmark (default: the end).")
@json_option
@pass_context
def bookmark(obj: Context, game: str, name: str, at: str | None, as_json: bool) -> None:
    """\b
    Example:
      awaw bookmark club-1939 "Barbarossa begins" --at 1941-summer/axis
    """
    from awaw_events.log import record_event

    with obj.store() as store:
        seq = resolve_point(store.open(game), at)
        rec = record_event(store, game, "bookmark_set", [f"name={json.dumps(name)}", f"at={seq}"])
    say(
        as_json,
        f"bookmarked event {seq} of {game} as {name!r} (event {rec.seq})",
        {"bookmark": name, "at": seq, "seq": rec.seq},
    )


@command()
@click.argument("game")
@click.argument("event", type=int)
@click.argument("text")
@json_option
@pass_context
def note(obj: Context, game: str, event: int, text: str, as_json: bool) -> None:
    """\b
    Example:
      awaw note club-1939 321 "the die rolled off the table"
    """
    from awaw_events.log import record_event

    with obj.store() as store:
        rec = record_event(store, game, "note_added", [f"about={event}", f"text={json.dumps(text)}"])
    say(as_json, f"noted event {event} of {game} (event {rec.seq})", {"about": event, "seq": rec.seq})
