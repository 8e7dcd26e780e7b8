"""What the verbs print: the events to append with the audit's preview, what was appended and what the dice decided,
and refusals (shared by the plain verbs, :mod:`replays.cli.table`, and the staged turn, :mod:`replays.cli.play`)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from awaw_events.events import AnyEvent
    from replays.commands.base import Refusal
    from replays.commands.runner import Look


def line(seq: int, event: AnyEvent, width: int) -> list[str]:
    """An event to append, in words: its number and game time, then what it does, wrapped at spaces."""
    from awaw_events.gametime import label
    from replays.eventwords import describe
    from replays.views.common import wrapped

    return wrapped(f"{seq:>5}  {label(event)}: {describe(event)}", width, "  ", "         ")


def refused(refusal: Refusal, as_json: bool) -> None:
    from replays import formatting

    if as_json:
        formatting.print_json({"refused": True, "rule": refusal.rule, "message": refusal.message})
    click.echo(f"Error: {refusal}; nothing was written", err=True)
    sys.exit(1)


def show_preview(seen: Look, events: list[AnyEvent], report: Any, extra: str, dry_run: bool) -> None:
    from rich.text import Text

    from replays import formatting

    out = formatting.console()
    if events:
        out.print(Text(f"{'would append' if dry_run else 'to append'} {len(events)} event(s):"))
        for i, e in enumerate(events):
            for text in line(seen.size + 1 + i, e, out.width):
                out.print(Text(text))
    if extra:
        out.print(Text(extra))
    if report.findings:
        out.print(Text(f"the audit would find {len(report.findings)} problem(s):"))
        formatting.print_findings(out, report.findings)


def show_done(game: str, done: Any, as_json: bool, *, shown: int = 0) -> None:
    """What was appended (the events the preview did not show: ``shown`` of them it did), what the dice decided,
    and the audit of it."""
    from rich.text import Text

    from awaw_events.codec import to_builtins
    from replays import formatting

    if as_json:
        formatting.print_json(
            {
                "game": game,
                "first": done.first or None,
                "last": done.last or None,
                "events": [{"seq": r.seq, "event": to_builtins(r.event)} for r in done.records],
                **formatting.recorded_json(done),
            }
        )
        return
    out = formatting.console()
    if not done.written:
        out.print(Text("nothing to append"))
        return
    rest = done.records[shown:]
    out.print(Text(f"appended events {done.first} to {done.last} to {game}" + (":" if rest else "")))
    for r in rest:
        for text in line(r.seq, r.event, out.width):
            out.print(Text(text))
    for text in outcomes(done.records):
        out.print(Text(text))
    formatting.print_recorded(out, game, done)


def outcomes(records: Sequence[Any]) -> list[str]:
    """What the dice decided, in words: ``pol-1 round 1: 23 against 8 is 2:1; die 6 (#2) reads D``."""
    from awaw_events.dice import dice_words
    from awaw_events.events import AttritionResolved, CombatRoundResolved, DiceRolled

    faces: dict[int, list[int]] = {}
    found: list[str] = []
    for r in records:
        event = r.event
        if isinstance(event, DiceRolled):
            faces[event.roll] = event.dice
        elif isinstance(event, CombatRoundResolved):
            odds = f"{event.attack_strength} against {event.defence_strength} is {event.odds}"
            if event.roll is None:
                found.append(f"{event.attack} round {event.round}: {odds}: no roll, {event.result}")
                continue
            die = dice_words(faces.get(event.roll, []))
            modified = f", {event.modified_die} with the round's +{event.round - 1}" if event.round > 1 else ""
            found.append(
                f"{event.attack} round {event.round}: {odds}; {die} (#{event.roll}){modified} reads {event.result}"
            )
        elif isinstance(event, AttritionResolved):
            die = dice_words(faces.get(event.roll, []))
            found.append(
                f"{event.attrition}: {die} (#{event.roll}), modified {event.modified_die}, column {event.column}: "
                f"{event.losses}C {event.hexes}H"
            )
    return found
