"""Formatting for the command line: rich tables for people, JSON for scripts. No logic lives here."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
from rich import box
from rich.console import Console
from rich.table import Table

from awaw_events.store import Record, Timeline, VerifyReport
from replays import logview


def console() -> Console:
    """A console on standard output: no colour or wrapping surprises when piped."""
    plain = Console(highlight=False, soft_wrap=False)
    return plain if plain.is_terminal else Console(highlight=False, soft_wrap=False, width=160)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def print_json(data: Any) -> None:
    """One JSON document on standard output."""
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n")


def print_json_lines(items: Iterable[Any]) -> None:
    encoder = msgspec.json.Encoder()
    for item in items:
        sys.stdout.write(encoder.encode(item).decode() + "\n")


def log_table(records: Sequence[Record], title: str) -> Table:
    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("game time", no_wrap=True)
    table.add_column("actor", no_wrap=True)
    table.add_column("event", no_wrap=True)
    table.add_column("details", overflow="fold")
    for record in records:
        table.add_row(
            str(record.seq),
            logview.when(record),
            record.event.actor,
            str(record.event.__struct_config__.tag),
            logview.summary(record),
        )
    return table


def games_table(rows: Sequence[tuple[Timeline, int]]) -> Table:
    table = Table(box=box.SIMPLE_HEAD)
    table.add_column("timeline", no_wrap=True)
    table.add_column("game", no_wrap=True)
    table.add_column("parent", no_wrap=True)
    table.add_column("fork at", justify="right")
    table.add_column("events", justify="right")
    table.add_column("own events", justify="right")
    for timeline, count in rows:
        table.add_row(
            timeline.name,
            timeline.game,
            timeline.parent or "-",
            str(timeline.fork_at) if timeline.parent else "-",
            str(count),
            str(count - timeline.fork_at),
        )
    return table


def verify_lines(report: VerifyReport) -> list[str]:
    if report.ok:
        return [f"{report.timeline}: {report.events} events, hash chain intact", f"head {report.head}"]
    lines = [f"{report.timeline}: {len(report.problems)} problem(s) in {report.events} events"]
    lines += [f"  event {p.seq}: {p.message}" for p in report.problems]
    return lines
