"""Commands that write the log: ``new``, ``import``, ``insert``, ``record``, ``roll``, ``reveal``."""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, Any, get_args

import click
import msgspec

from awaw_events import io as event_io
from awaw_events.codec import tag_of, to_builtins
from awaw_events.dice import dice_words
from awaw_events.events import EVENT_TYPES, DiceRolled, Ruling
from awaw_events.events.game import RollPurpose
from awaw_events.gametime import parse_game_point
from awaw_events.hosting import reveal, roll
from awaw_events.log import start_game
from replays import logview
from replays.cli.common import Context, command, domain_errors, json_option, pass_context, progress, say

if TYPE_CHECKING:
    from collections.abc import Sequence

    from awaw_events.store import Record
    from replays.recording import Recorded, StrictRefusal
EVENT_TAGS = sorted(tag_of(cls) for cls in EVENT_TYPES)


@command()
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
    "--scenario", type=click.File("rb"), help="Set-up events (JSON Lines or YAML) to record after game_created."
)
@click.option(
    "--setup",
    "setup_file",
    type=click.Path(dir_okay=False),
    help="A set-up file (docs/setup.md; `awaw setup` writes one from any point of a game): the position, the rule "
    "set, the options and the game turn the game starts from.",
)
@click.option("--title", default="", help="A title for the game.")
@click.option("--start", default=None, help="The game turn the game starts in (default: 1939-fall, or the set-up's).")
@click.option("--physical-dice", is_flag=True, help="No secret seed: every roll will be typed in from real dice.")
@click.option(
    "--shared-dice",
    "dice_players",
    metavar="PLAYER,PLAYER",
    default="",
    help="Dice no single player controls: each of these players (registered with --player) commits a secret.",
)
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="NAME=PUBLIC_KEY",
    help="A player's Ed25519 public key (from `awaw keygen`), registered for signed hand-offs (repeatable).",
)
@click.option(
    "--map-data",
    "map_file",
    type=click.Path(dir_okay=False),
    help="The map-data file the game's checks read (docs/map-data.md). Default: the map data that ships with "
    "awaw-events (the facts the rule texts give by hex id).",
)
@json_option
@pass_context
def new(
    obj: Context,
    game: str,
    rules: str,
    options: tuple[str, ...],
    scenario: IO[bytes] | None,
    setup_file: str | None,
    title: str,
    start: str | None,
    physical_dice: bool,
    dice_players: str,
    players: tuple[str, ...],
    map_file: str | None,
    as_json: bool,
) -> None:
    """With --setup FILE, the game starts from the position the set-up file describes (its rule set and options unless
    --rules or --option say otherwise, and its game turn); --scenario records set-up events instead.

    \b
    Example:
      awaw new club-1939 --setup examples/setup-1939.yaml
    """
    from replays import maps

    source = click.get_current_context().get_parameter_source
    with domain_errors():
        parsed = dict(_split_option(o) for o in options)
        player_keys = dict(_split_option(p, "--player") for p in players)
        loaded = maps.load_map_file(map_file) if map_file else maps.shipped_map_data()
        if setup_file is not None:
            if scenario is not None:
                raise click.UsageError("--setup and --scenario both set the game up: give one")
            from replays import setup as setups

            text = event_io.read_file(setup_file, what="set-up file")
            found = setups.parse_setup(text, source=setup_file)
            at = setups.start_point(found)
            if start is not None and parse_game_point(start)[:2] != at[:2]:
                raise click.BadParameter(f"the set-up starts in {found.start}, not {start}", param_hint="--start")
            point = parse_game_point(f"{at.year}-{at.season}")
            setup, resumes = setups.setup_events(found), setups.resumes(found)
            if source("rules") is click.core.ParameterSource.DEFAULT:
                rules = found.rules
            parsed = {**found.options, **parsed}
            title = title or found.title
            variant, scenario_name = found.variant, found.scenario
            declared = loaded.declaration()
            wanted = found.map_data.get("sha256")
            if wanted and wanted != declared.sha256:
                click.echo(
                    "Warning: the set-up was written from a game that declared map data "
                    f"{found.map_data.get('name')!r} (sha256 {wanted[:12]}...); this game declares "
                    f"{declared.name!r}: pass --map-data FILE",
                    err=True,
                )
        else:
            variant, scenario_name, resumes = "classic", "campaign-1939", None
            point = parse_game_point(start or "1939-fall")
            setup = event_io.read_events(scenario, event_io.format_for(scenario.name)) if scenario else []
    keys = obj.keys()
    with obj.store() as store:
        records = start_game(
            store,
            game,
            rules=rules,
            options=parsed,
            title=title,
            start=point,
            variant=variant,
            scenario=scenario_name,
            setup=setup,
            seeded=not physical_dice,
            keys=keys,
            player_keys=player_keys,
            map_data=loaded.declaration(),
            dice_players=[p.strip() for p in dice_players.split(",") if p.strip()],
            resumes=resumes,
        )
    dice = "physical dice" if physical_dice else f"seeded dice (commitment recorded; the seed is in {keys.directory})"
    if dice_players:
        dice = f"shared dice ({dice_players}: each runs `awaw reseed {game} --as PLAYER`)"
    say(
        as_json,
        f"created {game}: {rules} rules, {len(records)} event(s), {dice}\n"
        f"map data: {maps.describe(loaded.data)} ({loaded.source})",
        {"game": game, "rules": rules, "events": len(records), "seeded": not physical_dice},
    )


def _split_option(text: str, hint: str = "--option") -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep:
        raise click.BadParameter(f"expected NAME=VALUE, got {text!r}", param_hint=hint)
    return name.strip(), value.strip()


def checking_options(func: Any) -> Any:
    """``--lenient``, ``--strict`` and ``--no-audit``: what a command that appends does with what it cannot accept
    and with what breaks a rule."""
    func = click.option(
        "--no-audit", "no_audit", is_flag=True, help="Do not audit the new events (a long archive: `awaw audit` later)."
    )(func)
    func = click.option(
        "--strict",
        is_flag=True,
        help="Write nothing, and exit 1, when the audit finds anything in the new events.",
    )(func)
    return click.option(
        "--lenient",
        is_flag=True,
        help="Keep events that cannot be true (a unit not on the board, a unit moved by the other side, a hex "
        "misspelt: a historical log with gaps) and report each; by default they are refused and nothing is written.",
    )(func)


def _report(obj: Context, game: str, done: Recorded, as_json: bool, text: str, data: dict[str, Any]) -> None:
    """What an append did, then what was kept and what the audit says of the new events."""
    from replays import formatting

    if as_json:
        formatting.print_json({**data, **formatting.recorded_json(done)})
        return
    click.echo(text)
    formatting.print_recorded(formatting.console(), game, done)


def strict_refused(game: str, exc: StrictRefusal, as_json: bool) -> None:
    """``--strict`` and the audit found something: what it found, and that nothing was written (exit 1)."""
    from replays import formatting

    if as_json:
        formatting.print_json(
            {"written": 0, "findings": [msgspec.to_builtins(f) for f in exc.report.findings], "error": str(exc)}
        )
    else:
        formatting.print_audit(formatting.console(), game, exc.first, exc.last, exc.report, unchecked=False)
    click.echo(f"Error: {exc}", err=True)
    sys.exit(1)


@command("import")
@click.argument("game")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "yaml"]),
    help="The file's format (default: from its extension; jsonl for standard input).",
)
@click.option(
    "--map-data",
    "map_file",
    type=click.Path(dir_okay=False),
    help="A map-data file to keep in the store with the game (the one its map_data_used event names), so that "
    "its audit can read it.",
)
@checking_options
@json_option
@pass_context
def import_(
    obj: Context,
    game: str,
    file: IO[bytes],
    fmt: str | None,
    map_file: str | None,
    lenient: bool,
    strict: bool,
    no_audit: bool,
    as_json: bool,
) -> None:
    """Into a game that does not exist yet, the file's game_created event creates it. The file is read as a stream
    and written in one transaction, so a file of any length is imported in flat memory, whole or not at all.
    An event that cannot be true (a unit not on the board, a unit moved by the other side) is refused with its
    line (--lenient keeps it); the audit's findings about the new events are printed (--strict: refused).
    A bundle (`awaw export --with-branches`) restores the game as GAME with every branch from its fork, appending
    only what this store lacks.

    \b
    Example:
      awaw import club-1939 turn-3.jsonl
      awaw import club-1939 club-1939.awaw
    """
    from replays import maps

    file = _peekable(file)
    if _is_bundle(file):
        _import_bundle(obj, game, file, lenient, strict, no_audit, as_json)
        return

    with domain_errors():
        name = getattr(file, "name", "-")
        chosen = fmt or (
            "jsonl" if name in ("-", "<stdin>") or not isinstance(name, str) else event_io.format_for(name)
        )
        loaded = maps.load_map_file(map_file) if map_file else None
    from replays.recording import StrictRefusal, import_stream

    try:
        with obj.store() as store, progress("importing") as advance:
            done = import_stream(
                store,
                game,
                event_io.iter_events(file, chosen),  # type: ignore[arg-type]
                lenient=lenient,
                strict=strict,
                audited=not no_audit,
                progress=advance,
                keys=obj.keys(),
            )
            kept = maps.keep_for_game(store, game, loaded) if loaded is not None else None
    except StrictRefusal as exc:
        strict_refused(game, exc, as_json)
    data = {
        "game": game,
        "in_file": done.read,
        "imported": done.written,
        "first": done.first or None,
        "last": done.last or None,
    }
    if done.written:
        text = f"imported {done.written} event(s) into {game}: events {done.first} to {done.last}"
    elif done.read:
        text = f"{game} already holds all {done.read} event(s) of the file; nothing was written"
    else:
        text = "no events in the file; nothing was written"
    if kept:
        text += f"\n{kept}"
    _report(obj, game, done, as_json, text, data)


def _peekable(file: IO[bytes]) -> IO[bytes]:
    """A handle whose first bytes can be looked at without reading them (a test's bytes become a buffered one)."""
    import io

    return file if hasattr(file, "peek") else io.BufferedReader(file)  # type: ignore[type-var]


def _is_bundle(file: IO[bytes]) -> bool:
    from awaw_events.bundle import is_bundle

    return is_bundle(file.peek(64)[:64])  # type: ignore[attr-defined]


def _import_bundle(
    obj: Context, game: str, file: IO[bytes], lenient: bool, strict: bool, no_audit: bool, as_json: bool
) -> None:
    from replays import formatting
    from replays.recording import StrictRefusal, import_bundle_checked

    try:
        with obj.store() as store, progress("importing") as advance:
            done = import_bundle_checked(
                store,
                file,
                game=game,
                lenient=lenient,
                strict=strict,
                audited=not no_audit,
                progress=advance,
                keys=obj.keys(),
            )
    except StrictRefusal as exc:
        strict_refused(game, exc, as_json)
    if as_json:
        formatting.print_json(
            {
                "game": game,
                "bundle": done.kind,
                "timelines": [
                    {
                        "timeline": t.name,
                        "created": t.created,
                        "in_file": t.carried,
                        "imported": t.written,
                        "first": t.first or None,
                        "last": t.last or None,
                        **formatting.recorded_json(recorded),
                    }
                    for t, recorded in done.timelines
                ],
            }
        )
        return
    out = formatting.console()
    for t, recorded in done.timelines:
        made = "new timeline " if t.created else ""
        if t.written:
            click.echo(f"imported {t.written} event(s) into {made}{t.name}: events {t.first} to {t.last}")
        else:
            held = f"{made}{t.name} already holds all {t.carried} of its event(s) in the bundle"
            click.echo(f"{held}; nothing was written")
        formatting.print_recorded(out, t.name, recorded)


@command()
@click.argument("game")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--after",
    "after",
    help="The point the events stand after: an event number, a game time or a bookmark (default: the place their "
    "game time gives, after the last event not later than the first of them).",
)
@click.option("--reason", default="", help="Why: where the fact was found (kept in the ruling).")
@click.option("--agreed-by", "agreed_by", multiple=True, metavar="PLAYER", help="A player who agrees (repeatable).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "yaml"]),
    help="The file's format (default: from its extension; jsonl for standard input).",
)
@click.option(
    "--lenient",
    is_flag=True,
    help="Keep what cannot be true where the events stand (a unit not on the board there, a hex misspelt) and list "
    "it: a historical record with gaps.",
)
@json_option
@pass_context
def insert(
    obj: Context,
    game: str,
    file: IO[bytes],
    after: str | None,
    reason: str,
    agreed_by: tuple[str, ...],
    fmt: str | None,
    lenient: bool,
    as_json: bool,
) -> None:
    """A fact found later (a correction in time) is appended with a ruling that places it after an earlier event:
    state, replay and the audit read it there, and every existing event, branch and bookmark keeps its number.

    \b
    Example:
      awaw insert club-1939 found.jsonl --after 1940-spring/axis \\
          --reason "a roll left out"
    """
    from awaw_events.corrections import insert_events
    from replays.points import resolve_point
    from replays.records import Referee
    from replays.state import keep_end

    with domain_errors():
        name = getattr(file, "name", "-")
        chosen = fmt or (
            "jsonl" if name in ("-", "<stdin>") or not isinstance(name, str) else event_io.format_for(name)
        )
        events = event_io.read_events(file, chosen)  # type: ignore[arg-type]
    with obj.store() as store:
        place = resolve_point(store.open(game), after) if after is not None else None
        referee = Referee(lenient=lenient)  # what cannot be true where the events stand is refused, as on import
        with domain_errors():
            records = insert_events(
                store, game, events, after=place, reason=reason, agreed_by=agreed_by, referee=referee, keys=obj.keys()
            )
        keep_end(store.open(game))  # the state with the insertion, from the last snapshot before it
    corrections = _corrections(records)
    lines = [
        f"inserted {len(seqs)} event(s) into {game} after event {place}: ruling {ruling}, "
        f"events {seqs[0]} to {seqs[-1]}"
        for ruling, place, seqs in corrections
    ]
    text = "\n".join([*lines, "every other event keeps its number"])
    kept = [f"  event {k.seq} ({k.where}), field {k.field!r}: {k.message}" for k in referee.kept]
    if kept:
        text += f"\nkept, with {len(kept)} problem(s) the record would refuse or the rules leave open:\n" + "\n".join(
            kept
        )
    first_ruling, first_place, first_seqs = corrections[0]
    data: dict[str, Any] = {"game": game, "ruling": first_ruling, "after": first_place, "inserted": first_seqs}
    if len(corrections) > 1:  # facts of different dates, each inserted at its own place
        data["corrections"] = [{"ruling": r, "after": a, "inserted": i} for r, a, i in corrections]
    if lenient:  # what --lenient kept
        data["kept"] = [k._asdict() for k in referee.kept]
    say(as_json, text, data)


def _corrections(records: Sequence[Record]) -> list[tuple[int, int, list[int]]]:
    """The corrections in time an insert appended: each ruling's number, the event it inserts after, and the
    numbers of the events it inserts."""
    found: list[tuple[int, int, list[int]]] = []
    for record in records:
        event = record.event
        if isinstance(event, Ruling) and event.insert_after is not None:
            found.append((record.seq, event.insert_after, []))
        else:
            found[-1][2].append(record.seq)
    return found


@command()
@click.argument("game")
@click.argument("event_type", metavar="TYPE", type=click.Choice(EVENT_TAGS))
@click.argument("fields", nargs=-1, metavar="FIELD=VALUE...")
@checking_options
@json_option
@pass_context
def record(
    obj: Context,
    game: str,
    event_type: str,
    fields: tuple[str, ...],
    lenient: bool,
    strict: bool,
    no_audit: bool,
    as_json: bool,
) -> None:
    """Lists and objects are JSON (dice=[4,2]). Game time defaults to the last event's; a dice_rolled roll number
    (#1, #2 ...) defaults to the next one. An event that cannot be true (a unit not on the board, a unit moved by
    the other side) is refused (--lenient keeps it); the audit's findings about the event are printed at once
    (--strict: refused, exit 1).

    \b
    Example (die 5):
      awaw record mygame dice_rolled purpose=crt dice=[5] actor=germany
    """
    from replays.eventwords import describe
    from replays.recording import StrictRefusal, record_checked

    try:
        with obj.store() as store:
            done = record_checked(
                store, game, event_type, fields, keys=obj.keys(), lenient=lenient, strict=strict, audited=not no_audit
            )
    except StrictRefusal as exc:
        strict_refused(game, exc, as_json)
    rec = done.records[0]
    _report(
        obj,
        game,
        done,
        as_json,
        f"recorded event {rec.seq} ({logview.when(rec)}): {describe(rec.event)}",
        {"seq": rec.seq, "event": to_builtins(rec.event), "hash": rec.hash},
    )


@command("roll")
@click.argument("game")
@click.option(
    "--purpose",
    required=True,
    type=click.Choice(sorted(get_args(RollPurpose))),
    metavar="PURPOSE",
    help=f"What the roll decides: {', '.join(sorted(get_args(RollPurpose)))}.",
)
@click.option("--dice", "count", default=1, show_default=True, type=click.IntRange(1, 10), help="How many dice.")
@click.option("--sides", default=6, show_default=True, type=click.IntRange(2, 100), help="Faces per die.")
@click.option("--modifier", default=0, show_default=True, type=int, help="A modifier added to the total.")
@click.option("--for", "ref", help="What the roll is for (an attack id, a battle id ...).")
@click.option("--actor", default="system", show_default=True, help="Who rolls.")
@json_option
@pass_context
def roll_(
    obj: Context,
    game: str,
    purpose: str,
    count: int,
    sides: int,
    modifier: int,
    ref: str | None,
    actor: str,
    as_json: bool,
) -> None:
    """\b
    Example:
      awaw roll club-1939 --purpose crt
    """
    with obj.store() as store:
        rec = roll(
            store,
            game,
            keys=obj.keys(),
            purpose=purpose,
            dice_count=count,
            sides=sides,
            modifier=modifier,
            ref=ref,
            actor=actor,
        )
    event = rec.event
    assert isinstance(event, DiceRolled)
    total = f" = {event.total}" if len(event.dice) > 1 or event.total != event.dice[0] else ""
    say(
        as_json,
        f"roll #{event.roll}: {dice_words(event.dice)}{total} (event {rec.seq})",
        {"seq": rec.seq, "roll": event.roll, "dice": list(event.dice), "total": event.total, "purpose": purpose},
    )


@command("reveal")
@click.argument("game")
@click.option("--as", "player", help="Shared dice: the dice player revealing their own secret.")
@json_option
@pass_context
def reveal_(obj: Context, game: str, player: str | None, as_json: bool) -> None:
    """Shared dice: --as PLAYER reveals that player's secret (at a hand-off, or on demand in a dispute); they then
    commit a new one with `awaw reseed GAME --as PLAYER` before contributing again.

    \b
    Example:
      awaw reveal mygame
    """
    from awaw_events import shared_dice

    with obj.store() as store:
        if player is not None:
            rec = shared_dice.reveal(store, game, player, keys=obj.keys())
        else:
            rec = reveal(store, game, keys=obj.keys())
    say(
        as_json,
        f"seed revealed in event {rec.seq}; `awaw verify {game}` now checks every seeded roll",
        {"seq": rec.seq, "game": game},
    )
