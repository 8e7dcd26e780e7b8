"""``awaw audit``: the game against the rules."""

from __future__ import annotations

import sys

import click
import msgspec

from awaw_events.codec import tag_of
from awaw_events.errors import UnreadableEventError
from replays import formatting
from replays.audit.catalogue import checks as audit_checks
from replays.audit.timelines import audit_timeline
from replays.cli.common import Context, command, json_option, pass_context, progress
from replays.points import resolve_point


@command()
@click.argument("game", required=False)
@click.option(
    "--from",
    "start",
    help="Check from this point (event number, game time, bookmark); the state before it is still folded.",
)
@click.option("--to", "stop", help="Check up to this point.")
@click.option("--rule", "rule_prefix", help="Only checks whose rule number (or check id) starts with this, e.g. 15.")
@click.option("--list-checks", is_flag=True, help="List every check (rule, what it checks, events it reads) and exit.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    help="Processes to audit in, each a range of the timeline (default 1, keeping each range's report in your "
    "cache so the next audit re-checks only what changed; with more, nothing is kept). The findings are the same.",
)
@json_option
@pass_context
def audit(
    obj: Context,
    game: str | None,
    start: str | None,
    stop: str | None,
    rule_prefix: str | None,
    list_checks: bool,
    jobs: int | None,
    as_json: bool,
) -> None:
    """Exit code 0 when clean, 1 when there are findings, 2 when the log cannot be read.

    \b
    Example:
      awaw audit club-1939 --from 1940-spring --rule 15
    """
    if list_checks:
        listed = audit_checks(rule_prefix)
        if as_json:
            formatting.print_json(
                [
                    {
                        "id": c.id,
                        "rule": c.rule,
                        "family": c.family,
                        "title": c.title,
                        "reads": [tag_of(k) for k in c.reads],
                    }
                    for c in listed
                ]
            )
        else:
            formatting.show(formatting.console(), formatting.checks_table(listed))
        return
    if game is None:
        raise click.UsageError("GAME is required unless --list-checks is given")
    unreadable: Exception | None = None
    with obj.store() as store:
        timeline = store.open(game)
        first = resolve_point(timeline, start, before=True) + 1 if start else 1
        last = resolve_point(timeline, stop)
        if first > last + 1 or (start and stop and first > last):
            raise click.BadParameter(
                f"--from {start} (event {first}) comes after --to {stop} (event {last}): nothing to check",
                param_hint="--from",
            )
        try:
            with progress("auditing", total=last - first + 1) as advance:
                report = audit_timeline(
                    timeline, start=first, stop=last, rule_prefix=rule_prefix, progress=advance, jobs=jobs
                )
        except (msgspec.DecodeError, msgspec.ValidationError, UnreadableEventError) as exc:
            unreadable = exc
    if unreadable is not None:
        click.echo(f"Error: the log of {game!r} cannot be read: {unreadable}", err=True)
        sys.exit(2)
    if as_json:
        formatting.print_json(
            {
                "timeline": game,
                "from": first,
                "to": last,
                "events": report.events,
                "checks": report.checks,
                "clean": report.clean,
                "findings": [msgspec.to_builtins(f) for f in report.findings],
                "not_checked": [msgspec.to_builtins(s) for s in report.skipped],
                "not_graded": [msgspec.to_builtins(f) for f in report.ungraded],
                "applied": report.applied,
                "unchecked": report.unchecked,
                "checked_share": round(report.checked_share, 4),
                "events_read_by_no_check": report.unread,
                "map_data": {
                    "used": list(report.map_used),
                    "none_because": report.map_reason or None,
                    "needed": report.map_needed,
                    "answered": report.map_answered,
                },
            }
        )
    else:
        formatting.print_audit(formatting.console(), game, first, last, report)
    if not report.clean:
        sys.exit(1)
