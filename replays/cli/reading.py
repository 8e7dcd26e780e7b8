"""Commands that read and check the log: ``log``, ``export``, ``games``, ``verify``, ``head``, ``schema``."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING

import click
import msgspec

from awaw_events.errors import AwawError
from awaw_events.events import AnyEvent
from awaw_events.gametime import GamePoint
from replays import formatting, logview
from replays.cli.common import Context, command, domain_errors, json_option, pass_context, point, progress
from replays.points import check_span
from replays.views.common import folded

if TYPE_CHECKING:  # `awaw log` needs none of these: the YAML reader, the hand-offs, the verifier, the files
    from awaw_events import handoffs
    from awaw_events.log import Verification
    from awaw_events.store import GameStore

# Each command imports what it needs when it runs (tests/test_startup.py): `awaw log` loads neither the YAML
# parser (awaw_events.io) nor the log's verifier (awaw_events.log) nor the hand-offs.


@command("log")
@click.argument("game")
@click.option("--turn", callback=point, help="Only this span: 1940-spring, 1940-spring/axis, 1940-spring/axis/combat.")
@click.option("--power", help="Only events by or about this power, faction or minor country (spain).")
@click.option("--type", "kind", help="Only this event type (unit_built) or family (naval).")
@json_option
@pass_context
def log_(obj: Context, game: str, turn: GamePoint | None, power: str | None, kind: str | None, as_json: bool) -> None:
    """\b
    Example:
      awaw log club-1939 --turn 1940-spring/axis --power germany
      awaw log wbc23 --power spain
    """
    with obj.store() as store:
        if turn is not None:
            check_span(store.open(game), turn)
        rows = list(logview.select(store, game, logview.LogFilter(turn, power, kind)))
    if as_json:
        formatting.print_json_lines(logview.as_json(rows))
        return
    formatting.print_log(formatting.console(), rows, f"{game}: {len(rows)} event(s)")


@command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "yaml"]), help="Default: from -o's extension, else jsonl.")
@click.option(
    "--with-branches",
    "with_branches",
    is_flag=True,
    help="Write one bundle: the game, each branch from its fork, their bookmarks, notes and rulings, and the map "
    "data (docs/bundle.md); `awaw import` restores them all.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path),
    help="Write to this file instead of standard output.",
)
@pass_context
def export(obj: Context, game: str, fmt: str | None, with_branches: bool, output: Path | None) -> None:
    """With --with-branches, one file holds the whole game with its variations, as a PGN study does: the main line,
    each branch from the event after its fork, their bookmarks and notes (events too) and the map data the game
    declares.

    \b
    Example:
      awaw export club-1939 -o club-1939.jsonl
      awaw export club-1939 --with-branches -o club-1939.awaw
    """
    from awaw_events import io as event_io
    from replays.cli import files

    with domain_errors():
        if with_branches and fmt == "yaml":
            raise AwawError("a bundle (--with-branches) is JSON Lines; --format yaml writes one timeline alone")
        chosen = fmt or ("jsonl" if with_branches or output is None else event_io.format_for(output.name))
        if output is not None:
            files.check_event_file(output, obj.db)
    with obj.store() as store:
        store.timeline(game)
        if with_branches:
            _export_bundle(store, game, output)
            return
        events = store.events(game)
        if output is None:
            _export(events, chosen, sys.stdout)
        else:
            with files.replaced(output) as temp, temp.open("w", encoding="utf-8", newline="\n") as handle:
                count = _export(events, chosen, handle)
            click.echo(f"exported {count} event(s) to {output}", err=True)


def _export_bundle(store: GameStore, game: str, output: Path | None) -> None:
    from awaw_events.bundle import write_game
    from replays.cli import files

    if output is None:
        write_game(store, game, sys.stdout)
        return
    with files.replaced(output) as temp, temp.open("w", encoding="utf-8", newline="\n") as handle:
        written = write_game(store, game, handle)
    click.echo(
        f"exported {written.game} with {len(written.timelines)} timeline(s), {written.events} event(s), to {output}",
        err=True,
    )


def _export(events: Iterator[AnyEvent], fmt: str, handle: IO[str]) -> int:
    if fmt == "yaml":
        from awaw_events import io as event_io

        return event_io.write_yaml(events, handle)
    count = 0
    encoder = msgspec.json.Encoder()
    for event in events:
        handle.write(encoder.encode(event).decode() + "\n")
        count += 1
    return count


@command()
@json_option
@pass_context
def games(obj: Context, as_json: bool) -> None:
    """\b
    Example:
      awaw games
    """
    with obj.store() as store:
        rows = [(t, store.count(t.name)) for t in store.timelines()]
    rows.sort(key=lambda row: (row[0].game, row[0].name != row[0].game, row[0].name))  # each main line first
    if as_json:
        formatting.print_json(
            [{**t._asdict(), "main_line": t.name == t.game, "events": n, "own_events": n - t.fork_at} for t, n in rows]
        )
        return
    if not rows:
        click.echo("no games yet: start one with `awaw new GAME` or `awaw import GAME FILE`")
        return
    formatting.show(formatting.console(), formatting.games_table(rows))


@command()
@click.argument("game")
@click.option(
    "--against",
    metavar="HASH|FILE",
    help="A head hash (from `awaw head`) or an exported log: prove GAME extends it, or name where they part.",
)
@json_option
@pass_context
def verify(obj: Context, game: str, against: str | None, as_json: bool) -> None:
    """Exit 1 on any problem.

    \b
    Example:
      awaw verify club-1939
    """
    from awaw_events.log import verify_game
    from projections.game import CODE_VERSION

    with obj.store() as store:
        with progress(f"verifying {game}"):
            result = verify_game(store, game, keys=obj.keys(), snapshot_keys=(CODE_VERSION,))
        handoff = _against(store, game, against) if against else None
    lines = formatting.verify_lines(result.chain) + formatting.dice_lines(result.dice) + _handoff_lines(result)
    if result.trust:
        lines += ["trust events written behind the trust commands' back:", *(f"  {p.message}" for p in result.trust)]
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
                "problems": [{"seq": p.seq, "message": p.message} for p in result.chain.problems]
                + [{"seq": p.seq, "message": p.message} for p in result.dice.problems]
                + [{"seq": p.seq, "message": p.message} for p in result.handoffs.problems]
                + [{"seq": p.seq, "message": p.message} for p in result.trust],
                "dice": {
                    "verified": result.dice.verified,
                    "unrevealed": result.dice.unrevealed,
                    "physical": result.dice.physical,
                },
                "handoffs": {
                    "signed": result.handoffs.signed,
                    "remembered_checked": result.handoffs.notes,
                    "keys": [entry._asdict() for entry in result.handoffs.keys],
                },
                "against": None if handoff is None else {"ok": handoff[0], "message": handoff[1]},
            }
        )
    else:
        for line in lines:
            click.echo(folded(line))
    if not ok:
        sys.exit(1)


def _handoff_lines(result: Verification) -> list[str]:
    report = result.handoffs
    signed = ", ".join(f"{who} up to event {at}" for who, at in report.signed.items()) or "none"
    mine = f"; {report.notes} signed from your keys checked" if report.notes else ""
    lines = [f"signed hand-offs: {signed}{mine}"] + [f"  event {p.seq}: {p.message}" for p in report.problems]
    keys = [f"  {_key_words(entry)}" for entry in report.keys]
    return lines + (["players' keys:", *keys] if keys else [])


def _key_words(entry: handoffs.KeyEntry) -> str:
    """``alice: key 1a2b3c4d5e6f... pinned at event 12, vouched for by bob``."""
    if entry.by == "game_created":
        where = f"registered with the game (event {entry.seq})"
    else:
        voucher = {"": "vouched for by nobody", "@creator": "vouched for by the creator"}.get(
            entry.by, f"vouched for by {entry.by}"
        )
        where = f"pinned at event {entry.seq}, {voucher}"
    return f"{entry.player}: key {entry.public_key[:12]}... {where}"


def _key_changes(store: GameStore, game: str, events: list[AnyEvent], name: str) -> list[str]:
    """The players whose key (or where it was pinned) differs between GAME and a copy held before."""
    from awaw_events import handoffs

    theirs = {e.player: e for e in handoffs.key_history(enumerate(events, start=1))}
    ours = {e.player: e for e in handoffs.key_history((r.seq, r.event) for r in store.records(game))}
    changed = []
    for player in sorted(theirs.keys() & ours.keys()):
        old, new = theirs[player], ours[player]
        if (old.public_key, old.seq) != (new.public_key, new.seq):
            changed.append(f"  {player}'s key differs from {name} (re-pinned after a rewrite?):")
            changed.append(f"    there {old.public_key[:12]}... at event {old.seq}")
            changed.append(f"    here {new.public_key[:12]}... at event {new.seq}")
    return changed


def _against(store: GameStore, game: str, against: str) -> tuple[bool, str]:
    from awaw_events import io as event_io
    from awaw_events.log import Divergence, extends, shared_prefix

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
        with path.open("rb") as handle:
            events = [n.event for n in event_io.read_events(handle, event_io.format_for(path.name))]
    try:
        shared = shared_prefix(store, game, events)
    except Divergence as exc:
        return False, "\n".join([f"against {path.name}: {exc.message}", *_key_changes(store, game, events, path.name)])
    if shared < len(events):
        return False, (
            f"against {path.name}: {game} holds only the first {shared} of its {len(events)} events "
            "(the file extends the game)"
        )
    return True, f"against {path.name}: {game} extends it ({len(events)} shared event(s))"


@command()
@click.argument("game")
@json_option
@pass_context
def head(obj: Context, game: str, as_json: bool) -> None:
    """\b
    Example:
      awaw head club-1939
    """
    with obj.store() as store:
        last = store.head_record(game)
    count, digest = (last.seq, last.hash) if last else (0, "0" * 64)
    if as_json:
        formatting.print_json({"timeline": game, "events": count, "head": digest})
    else:
        click.echo(f"{digest} {count}")


@command()
def schema() -> None:
    """\b
    Example:
      awaw schema > events.schema.json
    """
    formatting.print_json(msgspec.json.schema(AnyEvent))
