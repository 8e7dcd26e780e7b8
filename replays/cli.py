"""``awaw``: record, import, export, show and verify A World at War game logs.

The CLI only parses, calls one library function and formats (STYLE 10). Domain errors become ``Error: ...`` with
exit code 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar, get_args

import click
import msgspec
import sqlite_utils
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from awaw_events import io as event_io
from awaw_events.codec import tag_of
from awaw_events.errors import AwawError
from awaw_events.events import EVENT_TYPES, AnyEvent, DiceRolled
from awaw_events.events.game import RollPurpose
from awaw_events.gametime import GamePoint, parse_game_point
from awaw_events.log import (
    BatchRejected,
    Divergence,
    append_events,
    extends,
    record_event,
    reveal,
    roll,
    shared_prefix,
    start_game,
    verify_game,
)
from awaw_events.store import GameStore, Record, open_store
from projections.core import VIEWS
from projections.game import view as projection_view
from replays import formatting, logview
from replays.audit.engine import audit_timeline
from replays.audit.engine import checks as audit_checks
from replays.branching import create_branch, delete_branch
from replays.branching import diff as diff_timelines
from replays.branching import promote as promote_branch
from replays.materialize import materialize as write_read_model
from replays.replay import narrative
from replays.replay import steps as replay_steps
from replays.state import SNAPSHOT_EVERY, build_snapshots, resolve_point, state_at
from replays.stepper import Stepper, terminal_key

F = TypeVar("F", bound=Callable[..., Any])

EVENT_TAGS = sorted(tag_of(cls) for cls in EVENT_TYPES)


class Context:
    """What every command shares: where the store is."""

    def __init__(self, db: str) -> None:
        self.db = db

    @contextmanager
    def store(self) -> Iterator[GameStore]:
        with domain_errors():
            store = open_store(self.db)
        try:
            with domain_errors():
                yield store
        finally:
            store.close()


@contextmanager
def domain_errors() -> Iterator[None]:
    """Turn domain errors into ``Error: ...`` messages (exit 1); a rejected batch lists each problem."""
    try:
        yield
    except BatchRejected as exc:
        lines = [str(e) for e in exc.errors]
        more = "" if len(lines) == 1 else f"{len(lines)} problems, nothing was written:\n  " + "\n  ".join(lines)
        raise click.ClickException(more or lines[0] + "; nothing was written") from None
    except AwawError as exc:
        raise click.ClickException(str(exc)) from None


pass_context = click.make_pass_decorator(Context)


def json_option(func: F) -> F:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts instead of a table.")(func)


def _point(_ctx: click.Context, _param: click.Parameter, value: str | None) -> GamePoint | None:
    if value is None:
        return None
    with domain_errors():
        return parse_game_point(value)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="awaw-events")
@click.option(
    "--db",
    envvar="AWAW_DB",
    default="awaw.db",
    show_default=True,
    help="The store: a SQLite file, ':memory:', or a postgresql://user:pass@host/db address. Env: AWAW_DB.",
)
@click.pass_context
def cli(ctx: click.Context, db: str) -> None:
    """Event-sourced game logs for A World at War and Advanced Third Reich.

    Every player action and die roll is an immutable event; the state of the game at any point is rebuilt from
    them, and the log can be verified, branched and audited against the rules.
    """
    ctx.obj = Context(db)


@cli.command()
@click.argument("game")
@click.option(
    "--rules",
    type=click.Choice(["awaw", "a3r"]),
    default="awaw",
    show_default=True,
    help="The rule set: A World at War, or Advanced Third Reich with the Best of AWAW house rules.",
)
@click.option(
    "--option",
    "options",
    multiple=True,
    metavar="NAME=VALUE",
    help="A house-rule option (repeatable), e.g. econ.deficit_spending=option1_grant_matched.",
)
@click.option(
    "--scenario", type=click.File("r"), help="Set-up events (JSON Lines or YAML) to record after game_created."
)
@click.option("--title", default="", help="A title for the game.")
@click.option("--start", default="1939-fall", show_default=True, help="The game turn the game starts in.")
@click.option("--physical-dice", is_flag=True, help="No secret seed: every roll will be typed in from real dice.")
@pass_context
def new(
    obj: Context,
    game: str,
    rules: str,
    options: tuple[str, ...],
    scenario: IO[str] | None,
    title: str,
    start: str,
    physical_dice: bool,
) -> None:
    """Start GAME: record its rule set, options and dice commitment in its first event."""
    with domain_errors():
        parsed = dict(_split_option(o) for o in options)
        point = parse_game_point(start)
        setup = event_io.read_events(scenario, event_io.format_for(scenario.name)) if scenario else []
    with obj.store() as store:
        records = start_game(
            store, game, rules=rules, options=parsed, title=title, start=point, setup=setup, seeded=not physical_dice
        )
    dice = "physical dice" if physical_dice else "seeded dice (commitment recorded)"
    click.echo(f"created {game}: {rules} rules, {len(records)} event(s), {dice}")


def _split_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint="--option")
    return name.strip(), value.strip()


@cli.command("import")
@click.argument("game")
@click.argument("file", type=click.File("r"))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "yaml"]),
    help="The file's format (default: from its extension; jsonl for standard input).",
)
@pass_context
def import_(obj: Context, game: str, file: IO[str], fmt: str | None) -> None:
    """Append the events of FILE (JSON Lines or YAML, - for standard input) to GAME, all or nothing.

    Into a game that does not exist yet, the file's game_created event creates it.
    """
    with domain_errors():
        chosen = fmt or ("jsonl" if file.name in ("-", "<stdin>") else event_io.format_for(file.name))
    with _progress("reading") as advance, domain_errors():
        batch = event_io.read_events(file, chosen, progress=advance)  # type: ignore[arg-type]
    with obj.store() as store, _progress("checking", total=len(batch)) as advance:
        records = append_events(store, game, batch, progress=advance)
    if records:
        click.echo(f"imported {len(records)} event(s) into {game}: events {records[0].seq} to {records[-1].seq}")
    elif batch:
        click.echo(f"{game} already holds all {len(batch)} event(s) of the file; nothing was written")
    else:
        click.echo("no events in the file; nothing was written")


@contextmanager
def _progress(label: str, total: int | None = None) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error for long work (only on a terminal)."""
    progress = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        transient=True,
        console=formatting.err_console(),
        disable=not sys.stderr.isatty(),
    )
    with progress:
        task = progress.add_task(label, total=total)
        yield lambda done: progress.update(task, completed=done)


@cli.command()
@click.argument("game")
@click.argument("event_type", metavar="TYPE", type=click.Choice(EVENT_TAGS))
@click.argument("fields", nargs=-1, metavar="FIELD=VALUE...")
@pass_context
def record(obj: Context, game: str, event_type: str, fields: tuple[str, ...]) -> None:
    """Append one event of TYPE to GAME, typed as FIELD=VALUE words.

    Lists and objects are JSON (dice=[4,2]). Game time defaults to the last event's; a dice_rolled roll number
    defaults to the next one. Example: awaw record mygame dice_rolled purpose=crt dice=[5] actor=germany
    """
    with obj.store() as store:
        rec = record_event(store, game, event_type, fields)
    click.echo(f"recorded event {rec.seq}: {event_type} ({logview.when(rec)})")


@cli.command("roll")
@click.argument("game")
@click.option(
    "--purpose",
    required=True,
    type=click.Choice(sorted(get_args(RollPurpose))),
    help="What the roll decides.",
)
@click.option("--dice", "count", default=1, show_default=True, type=click.IntRange(1, 10), help="How many dice.")
@click.option("--sides", default=6, show_default=True, type=click.IntRange(2, 100), help="Faces per die.")
@click.option("--modifier", default=0, show_default=True, type=int, help="A modifier added to the total.")
@click.option("--for", "ref", help="What the roll is for (an attack id, a battle id ...).")
@click.option("--actor", default="system", show_default=True, help="Who rolls.")
@pass_context
def roll_(
    obj: Context, game: str, purpose: str, count: int, sides: int, modifier: int, ref: str | None, actor: str
) -> None:
    """Roll dice for GAME from its committed secret seed, and record the roll."""
    with obj.store() as store:
        rec = roll(store, game, purpose=purpose, dice_count=count, sides=sides, modifier=modifier, ref=ref, actor=actor)
    event = rec.event
    assert isinstance(event, DiceRolled)
    click.echo(f"roll {event.roll}: {event.dice} = {event.total} (event {rec.seq})")


@cli.command("reveal")
@click.argument("game")
@pass_context
def reveal_(obj: Context, game: str) -> None:
    """Publish GAME's secret dice seed, so that anyone holding the log can check every seeded roll."""
    with obj.store() as store:
        rec = reveal(store, game)
    click.echo(f"seed revealed in event {rec.seq}; `awaw verify {game}` now checks every seeded roll")


@cli.command("log")
@click.argument("game")
@click.option("--turn", callback=_point, help="Only this span: 1940-spring, 1940-spring/axis, 1940-spring/axis/combat.")
@click.option("--power", help="Only events by or about this major power.")
@click.option("--type", "kind", help="Only this event type (unit_built) or family (naval).")
@json_option
@pass_context
def log_(obj: Context, game: str, turn: GamePoint | None, power: str | None, kind: str | None, as_json: bool) -> None:
    """Show the events of GAME: a table, or JSON lines with --json."""
    with obj.store() as store:
        rows = list(logview.select(store, game, logview.LogFilter(turn, power, kind)))
    if as_json:
        formatting.print_json_lines(logview.as_json(rows))
        return
    formatting.console().print(formatting.log_table(rows, f"{game}: {len(rows)} event(s)"))


@cli.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "yaml"]), help="Default: from -o's extension, else jsonl.")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, writable=True, path_type=Path),
    help="Write to this file instead of standard output.",
)
@pass_context
def export(obj: Context, game: str, fmt: str | None, output: Path | None) -> None:
    """Write every event of GAME as JSON Lines or YAML (import reads it back identically)."""
    with domain_errors():
        chosen = fmt or (event_io.format_for(output.name) if output else "jsonl")
    with obj.store() as store:
        store.timeline(game)
        events = store.events(game)
        if output is None:
            _export(events, chosen, sys.stdout)
        else:
            with output.open("w", encoding="utf-8", newline="\n") as handle:
                count = _export(events, chosen, handle)
            click.echo(f"exported {count} event(s) to {output}", err=True)


def _export(events: Iterator[AnyEvent], fmt: str, handle: IO[str]) -> int:
    if fmt == "yaml":
        return event_io.write_yaml(events, handle)
    count = 0
    encoder = msgspec.json.Encoder()
    for event in events:
        handle.write(encoder.encode(event).decode() + "\n")
        count += 1
    return count


@cli.command()
@json_option
@pass_context
def games(obj: Context, as_json: bool) -> None:
    """List the games in the store and their timelines."""
    with obj.store() as store:
        rows = [(t, store.count(t.name)) for t in store.timelines()]
    if as_json:
        formatting.print_json([{**t._asdict(), "events": n, "own_events": n - t.fork_at} for t, n in rows])
        return
    if not rows:
        click.echo("no games yet: start one with `awaw new GAME` or `awaw import GAME FILE`")
        return
    formatting.console().print(formatting.games_table(rows))


@cli.command()
@click.argument("game")
@click.option(
    "--against",
    metavar="HASH|FILE",
    help="A head hash (from `awaw head`) or an exported log: prove GAME extends it, or name where they part.",
)
@json_option
@pass_context
def verify(obj: Context, game: str, against: str | None, as_json: bool) -> None:
    """Check GAME: its hash chain (no stored event changed, removed or moved) and every die roll. Exit 1 on any
    problem."""
    with obj.store() as store:
        result = verify_game(store, game)
        handoff = _against(store, game, against) if against else None
    lines = formatting.verify_lines(result.chain) + formatting.dice_lines(result.dice)
    ok = result.ok
    if handoff is not None:
        ok = ok and handoff[0]
        lines.append(handoff[1])
    if as_json:
        formatting.print_json(
            {
                "timeline": game,
                "events": result.chain.events,
                "head": result.chain.head,
                "ok": ok,
                "problems": [p._asdict() for p in result.chain.problems] + [p._asdict() for p in result.dice.problems],
                "dice": {
                    "verified": result.dice.verified,
                    "unrevealed": result.dice.unrevealed,
                    "physical": result.dice.physical,
                },
                "against": None if handoff is None else {"ok": handoff[0], "message": handoff[1]},
            }
        )
    else:
        for line in lines:
            click.echo(line)
    if not ok:
        sys.exit(1)


def _against(store: GameStore, game: str, against: str) -> tuple[bool, str]:
    text = against.strip()
    if len(text) == 64 and all(c in "0123456789abcdefABCDEF" for c in text):
        found = extends(store, game, text)
        if found.found_at is None:
            return False, f"against {text[:12]}...: not found in {game}: it does not extend that log"
        return True, (
            f"against {text[:12]}...: {game} extends that log (its event {found.found_at}; "
            f"{found.events - found.found_at} event(s) since)"
        )
    path = Path(text)
    with domain_errors():
        if not path.exists():
            raise AwawError(f"--against takes a 64-character head hash or an exported log file; {text!r} is neither")
        with path.open(encoding="utf-8") as handle:
            events = [n.event for n in event_io.read_events(handle, event_io.format_for(path.name))]
    try:
        shared = shared_prefix(store, game, events)
    except Divergence as exc:
        return False, f"against {path.name}: {exc.message}"
    if shared < len(events):
        return False, (
            f"against {path.name}: {game} holds only the first {shared} of its {len(events)} events "
            "(the file extends the game)"
        )
    return True, f"against {path.name}: {game} extends it ({len(events)} shared event(s))"


@cli.command()
@click.argument("game")
@json_option
@pass_context
def head(obj: Context, game: str, as_json: bool) -> None:
    """Print the hash of GAME's last event and the event count: what to send with a play-by-e-mail hand-off."""
    with obj.store() as store:
        last = store.head_record(game)
    count, digest = (last.seq, last.hash) if last else (0, "0" * 64)
    if as_json:
        formatting.print_json({"timeline": game, "events": count, "head": digest})
    else:
        click.echo(f"{digest} {count}")


@cli.command()
def schema() -> None:
    """Print the JSON Schema of every event type (the tagged union)."""
    formatting.print_json(msgspec.json.schema(AnyEvent))


def _views(value: str) -> tuple[str, ...]:
    return VIEWS if value == "all" else (value,)


@cli.command()
@click.argument("game")
@click.option("--at", "at", help="An event number, a game time (1940-spring, 1940-spring/axis/combat) or a bookmark.")
@click.option("--before", is_flag=True, help="The state at the start of that point instead of its end.")
@click.option(
    "--view", type=click.Choice([*VIEWS, "all"]), default="all", show_default=True, help="Which projection to show."
)
@json_option
@pass_context
def state(obj: Context, game: str, at: str | None, before: bool, view: str, as_json: bool) -> None:
    """Show the state of GAME at any point: board, BRP ledgers, oil reserves, naval construction charts."""
    with obj.store() as store:
        seq = resolve_point(store, game, at, before=before)
        snapshot = state_at(store, game, seq)
    views = {name: projection_view(snapshot, name) for name in _views(view)}
    if as_json:
        formatting.print_json({"timeline": game, "at_event": seq, "game_time": snapshot.clock.label, **views})
        return
    out = formatting.console()
    out.print(f"{game} after event {seq} ({snapshot.clock.label})")
    for name, data in views.items():
        formatting.print_view(out, name, data)


@cli.command()
@click.argument("game")
@click.option(
    "--every",
    default=SNAPSHOT_EVERY,
    show_default=True,
    type=click.IntRange(100, 1_000_000),
    help="Events between snapshots.",
)
@pass_context
def snapshot(obj: Context, game: str, every: int) -> None:
    """Fold GAME once and store projection snapshots, so the state at any point comes back fast."""
    with obj.store() as store:
        count = build_snapshots(store, game, every=every)
    click.echo(f"{game}: {count} snapshot(s), one every {every} events")


@cli.command()
@click.argument("game")
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The SQLite file to write the read-model tables to.",
)
@click.option("--at", "at", help="The point to materialize (default: the end).")
@pass_context
def materialize(obj: Context, game: str, output: Path, at: str | None) -> None:
    """Write GAME's projections as plain SQLite tables (units, ledger lines, oil lines, chart rows) for Datasette."""
    with obj.store() as store:
        seq = resolve_point(store, game, at)
        counts = write_read_model(store, game, sqlite_utils.Database(output), seq)
    click.echo(f"wrote {sum(counts.values())} row(s) in {len(counts)} table(s) to {output} (after event {seq})")


@cli.command()
@click.argument("game", required=False)
@click.option(
    "--from",
    "start",
    help="Check from this point (event number, game time, bookmark); the state before it is still folded.",
)
@click.option("--to", "stop", help="Check up to this point.")
@click.option("--rule", "rule_prefix", help="Only checks whose rule number (or check id) starts with this, e.g. 15.")
@click.option("--list-checks", is_flag=True, help="List every check (rule, what it checks, events it reads) and exit.")
@json_option
@pass_context
def audit(
    obj: Context,
    game: str | None,
    start: str | None,
    stop: str | None,
    rule_prefix: str | None,
    list_checks: bool,
    as_json: bool,
) -> None:
    """Audit GAME against the rules: every discrepancy between what was recorded and what the rules give.

    Exit code 0 when clean, 1 when there are findings, 2 when the log cannot be read.
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
            formatting.console().print(formatting.checks_table(listed))
        return
    if game is None:
        raise click.UsageError("GAME is required unless --list-checks is given")
    try:
        with obj.store() as store:
            first = resolve_point(store, game, start, before=True) + 1 if start else 1
            last = resolve_point(store, game, stop)
            with _progress("auditing", total=last - first + 1) as advance:
                report = audit_timeline(store, game, start=first, stop=last, rule_prefix=rule_prefix, progress=advance)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        click.echo(f"Error: the log of {game!r} cannot be read: {exc}", err=True)
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
            }
        )
    else:
        formatting.print_audit(formatting.console(), game, first, last, report)
    if not report.clean:
        sys.exit(1)


@cli.command()
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
    """Walk GAME event by event (or phase by phase), showing what each step changed in each projection."""
    if interactive and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.UsageError("--step needs a terminal; without it, replay prints the whole narrative")
    with obj.store() as store:
        first = resolve_point(store, game, start, before=True) + 1 if start else 1
        last = resolve_point(store, game, stop)
        walk = replay_steps(
            store,
            game,
            start=first,
            stop=last,
            by=by,  # type: ignore[arg-type]
            views=_views(view),
        )
        if interactive:
            Stepper(
                walk,
                read_key=terminal_key,
                prompt=lambda text: click.prompt(text, default="", show_default=False),
                echo=click.echo,
            ).run()
        elif as_json:
            formatting.print_json_lines(step.as_json() for step in walk)
        else:
            for step in walk:
                for line in narrative(step):
                    click.echo(line)


@cli.command("branch")
@click.argument("game")
@click.argument("name")
@click.option("--at", "at", help="Fork after this point (event number, game time, bookmark); default the end.")
@click.option("--same-dice", is_flag=True, help="Keep the parent's dice (no new seed for the branch's rolls).")
@pass_context
def branch_(obj: Context, game: str, name: str, at: str | None, same_dice: bool) -> None:
    """Create the what-if timeline GAME/NAME, sharing GAME's events up to --at without copying them."""
    with obj.store() as store:
        timeline = create_branch(store, game, at, name, reroll=not same_dice)
    dice_note = "same dice as the parent" if same_dice else "its own committed dice seed"
    click.echo(f"created {timeline.name}: forks from {game} after event {timeline.fork_at}, {dice_note}")


@cli.command()
@click.argument("branch")
@click.option(
    "--keep-old-as", default="previous-main", show_default=True, help="The branch name the old main line keeps."
)
@pass_context
def promote(obj: Context, branch: str, keep_old_as: str) -> None:
    """Make BRANCH its game's main line; the old main line stays as a branch."""
    with obj.store() as store:
        main, old = promote_branch(store, branch, keep_old_as=keep_old_as)
    click.echo(f"{branch} is now {main}; the old main line is {old}")


@cli.command()
@click.argument("branch")
@pass_context
def prune(obj: Context, branch: str) -> None:
    """Delete BRANCH, if nothing forks from it (main lines are never deleted)."""
    with obj.store() as store:
        delete_branch(store, branch)
    click.echo(f"deleted {branch}")


@cli.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--at", "at", help="Compare the states at this point (default: the end of each).")
@click.option("--view", type=click.Choice([*VIEWS, "all"]), default="all", show_default=True)
@json_option
@pass_context
def diff_(obj: Context, a: str, b: str, at: str | None, view: str, as_json: bool) -> None:
    """Compare timelines A and B: where they part, what each has that the other lacks, and how their states differ."""
    with obj.store() as store:
        result = diff_timelines(store, a, b, at=at, views=_views(view))
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
                "at_a": result.at_a,
                "at_b": result.at_b,
                "differences": result.differences,
            }
        )
        return
    for line in formatting.diff_lines(result):
        click.echo(line)


def logview_row(record: Record) -> dict[str, object]:
    return next(logview.as_json([logview.Row(record)]))


@cli.command()
@click.argument("game")
@click.argument("name")
@click.option("--at", "at", help="The point to bookmark (default: the end).")
@pass_context
def bookmark(obj: Context, game: str, name: str, at: str | None) -> None:
    """Bookmark a point of GAME by NAME ("Barbarossa begins"); any --at, --from or --to accepts the name."""
    with obj.store() as store:
        seq = resolve_point(store, game, at)
        rec = record_event(store, game, "bookmark_set", [f"name={json.dumps(name)}", f"at={seq}"])
    click.echo(f"bookmarked event {seq} of {game} as {name!r} (event {rec.seq})")


@cli.command()
@click.argument("game")
@click.argument("event", type=int)
@click.argument("text")
@pass_context
def note(obj: Context, game: str, event: int, text: str) -> None:
    """Annotate EVENT of GAME with TEXT (the note is an event itself; the annotated event is unchanged)."""
    with obj.store() as store:
        rec = record_event(store, game, "note_added", [f"about={event}", f"text={json.dumps(text)}"])
    click.echo(f"noted event {event} of {game} (event {rec.seq})")
