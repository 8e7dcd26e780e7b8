"""``awaw rule``: settle a dispute with a ruling event (voiding events, with replacements), and see the audit of the
turn before and after it."""

from __future__ import annotations

from typing import IO

import click
import msgspec

from replays.cli.common import Context, command, domain_errors, json_option, pass_context


@command("rule")
@click.argument("game")
@click.option("--void", "voids", multiple=True, required=True, type=click.IntRange(1), metavar="EVENT",
              help="An event the ruling voids (repeatable).")  # fmt: skip
@click.option(
    "--replace",
    "replacement_file",
    type=click.File("rb"),
    help="Events (JSON Lines or YAML, - for standard input) that stand in the place of the voided ones.",
)
@click.option("--reason", required=True, help="Why: what the players agreed, in words.")
@click.option("--by", "by", multiple=True, metavar="NAME", help="Who agreed to the ruling (repeatable).")
@click.option("--citing", default="", metavar="RULE", help="The rule the ruling applies (15.6).")
@click.option(
    "--dry-run",
    is_flag=True,
    help="Show the ruling and the audit before and after it, and write nothing (to agree on it first).",
)
@json_option
@pass_context
def rule(
    obj: Context,
    game: str,
    voids: tuple[int, ...],
    replacement_file: IO[bytes] | None,
    reason: str,
    by: tuple[str, ...],
    citing: str,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Nobody edits the record: the voided events stay, marked; the effective log (what states, replays and audits
    read) leaves them out and puts the replacements in their place. --dry-run shows the same ruling and the audit
    after it, and writes nothing.

    \b
    Example:
      awaw rule disputed --void 321 --replace examples/lodz-fix.jsonl \\
          --reason "1:1 and die 3 is Ex" --by alice --by bob --dry-run
    """
    from awaw_events import io as event_io
    from replays import formatting
    from replays import rulings as rulings_lib
    from replays.views.common import folded

    with domain_errors():
        replacements = []
        if replacement_file is not None:
            name = getattr(replacement_file, "name", "-")
            fmt = "jsonl" if name in ("-", "<stdin>") else event_io.format_for(name)
            replacements = event_io.read_events(replacement_file, fmt)
    with obj.store() as store:
        ruled = rulings_lib.rule(
            store, game, voids, replacements, reason=reason, by=by, rule_number=citing, dry_run=dry_run
        )
    done, span = ruled.recorded, ruled.span
    if as_json:
        formatting.print_json(
            {
                "game": game,
                "dry_run": dry_run,
                "written": not dry_run,
                "ruling": done.first,
                "voids": sorted(set(voids)),
                "replacements": list(range(done.first + 1, done.last + 1)),
                "turn": {"label": span.label, "first": span.first, "last": span.last},
                "before": [msgspec.to_builtins(f) for f in ruled.before.findings],
                "after": [msgspec.to_builtins(f) for f in ruled.after.findings],
            }
        )
        return
    out = formatting.console()
    voided = ", ".join(str(v) for v in sorted(set(voids)))
    replaced = f", replaced by events {done.first + 1} to {done.last}" if done.last > done.first else ""
    if dry_run:
        click.echo(folded(f"dry run: the ruling would be event {done.first}: voids {voided}{replaced}"))
    else:
        click.echo(folded(f"ruling recorded in event {done.first}: voids {voided}{replaced}"))
    click.echo(folded(f"the audit of {span.label} (events {span.first} to {span.last}) before the ruling:"))
    formatting.print_audit(out, game, span.first, span.last, ruled.before, unchecked=False)
    click.echo("and with the ruling:")
    formatting.print_audit(out, game, span.first, span.last, ruled.after, unchecked=False)
    if dry_run:
        click.echo(folded("dry run: nothing was written (run it again without --dry-run to record the ruling)"))
