"""Formatting for the command line: rich tables for people, JSON for scripts. No logic lives here."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:  # JSON output (every command's --json) needs none of these
    from awaw_events.dice import DiceReport
    from awaw_events.store import TimelineEntry, VerifyReport
    from replays import logview


def console() -> Console:
    """A console on standard output: the terminal's width on a terminal, full width in a file or a pipe."""
    from replays.views.common import console as views_console

    return views_console()


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def print_json(data: Any) -> None:
    """One JSON document on standard output."""
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(data), indent=2).decode() + "\n")


def print_json_lines(items: Iterable[Any]) -> None:
    encoder = msgspec.json.Encoder()
    for item in items:
        sys.stdout.write(encoder.encode(item).decode() + "\n")


def log_table(rows: Sequence[logview.Row], title: str) -> Table:
    from replays import logview

    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    table.add_column("#", justify="right", overflow="fold")
    table.add_column("game time", overflow="fold")
    table.add_column("actor", overflow="fold")
    table.add_column("event", overflow="fold")
    table.add_column("details", overflow="fold")
    if any(row.status for row in rows):
        table.add_column("ruling", overflow="fold")
    for row in rows:
        record = row.record
        cells: list[str | Text] = [
            str(record.seq),
            logview.when(record),
            record.event.actor,
            str(record.event.__struct_config__.tag),
            Text(logview.summary(record)),
        ]
        if len(table.columns) > len(cells):
            cells.append(row.status)
        table.add_row(*cells)
    return table


def games_table(rows: Sequence[tuple[TimelineEntry, int]]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, caption="* the game's main line (what `awaw promote` changes)")
    table.add_column("timeline", no_wrap=True)
    table.add_column("game", no_wrap=True)
    table.add_column("parent", no_wrap=True)
    table.add_column("fork at", justify="right")
    table.add_column("events", justify="right")
    table.add_column("own events", justify="right")
    for timeline, count in rows:
        table.add_row(
            f"* {timeline.name}" if timeline.name == timeline.game else f"  {timeline.name}",
            timeline.game,
            timeline.parent or "-",
            str(timeline.fork_at) if timeline.parent else "-",
            str(count),
            str(count - timeline.fork_at),
        )
    return table


def dice_lines(report: DiceReport) -> list[str]:
    lines = [
        f"dice: {report.verified} seeded roll(s) verified, {report.unrevealed} awaiting the seed's reveal, "
        f"{report.physical} physical (unverifiable)"
    ]
    lines += [_problem(p.seq, p.message) for p in report.problems]
    return lines


def _problem(seq: int, message: str) -> str:
    """A problem found at event ``seq``, naming the event once."""
    return f"  {message}" if message.startswith(f"event {seq}") else f"  event {seq}: {message}"


def verify_lines(report: VerifyReport) -> list[str]:
    if report.ok:
        return [f"{report.timeline}: {report.events} events, hash chain intact", f"head {report.head}"]
    lines = [f"{report.timeline}: {len(report.problems)} problem(s) in {report.events} events"]
    lines += [_problem(p.seq, p.message) for p in report.problems]
    return lines


def _point_words(point: Any) -> str:
    parts = [point.season.capitalize(), str(point.year)]
    if point.side:
        parts.append(point.side.capitalize())
    if point.phase:
        parts.append(point.phase.replace("_", " "))
    return " ".join(parts)


def checks_table(checks: Sequence[Any]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title=f"{len(checks)} audit checks")
    for column in ("family", "rule", "check", "what it checks", "events it reads"):
        table.add_column(column, overflow="fold")
    for c in checks:
        table.add_row(c.family, c.rule, c.id, c.title, ", ".join(str(k.__struct_config__.tag) for k in c.reads))
    return table


def findings_table(findings: Iterable[Any]) -> Table:
    """Audit findings, one a row: the event, its game time and type, the rule, expected, recorded, the finding."""
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("event", "game time", "type", "rule", "expected", "recorded", "finding"):
        table.add_column(column, overflow="fold")
    for f in findings:
        table.add_row(
            str(f.seq), f.game_time, f.event_type, f.rule, Text(f.expected), Text(f.recorded), Text(f.message)
        )
    return table


def print_audit(out: Console, game: str, first: int, last: int, report: Any, *, unchecked: bool = True) -> None:
    """The audit for people: each finding with its event, rule, expected and recorded values, then what could
    not be checked (unless ``unchecked`` is False: a command that appended a few events lists only findings)."""
    span = f"events {first} to {last}" if last >= first else "no events"
    if report.clean:
        out.print(Text(f"{game}: clean ({report.events} events checked by {report.checks} checks, {span})"))
    else:
        out.print(Text(f"{game}: {len(report.findings)} finding(s) in {report.events} events ({span})"))
        out.print(findings_table(report.findings))
    if report.ungraded:
        out.print(Text("shown, not graded (inferred, invented or unknown values; not counted as findings):"))
        for f in report.ungraded:
            out.print(Text(f"  {f.seq} {f.game_time} {f.event_type} {f.rule}: {f.message}"))
    if report.skipped and unchecked:
        out.print(Text("not checked (the log lacks a fact these checks need):"))
        for s in report.skipped:
            out.print(Text(f"  {s.rule} {s.check}: {s.reason} ({s.times} event(s), first event {s.first_seq})"))
    out.print(Text(checked_words(report, listed=unchecked)))


def checked_words(report: Any, *, listed: bool = True) -> str:
    """How much of the game the audit could check: ``checked 1,204 of 1,250 check applications (96.3 %); 46 not
    checked`` (``(above)`` when the list of what was not checked is printed, ``listed``)."""
    unread = f"; {report.unread:,} of {report.events:,} events are read by no check" if report.unread else ""
    if not report.applied:
        return f"checked: no check applied to these events{unread}"
    made = report.applied - report.unchecked
    share = f"{100 * report.checked_share:.1f} %"
    rest = f"; {report.unchecked:,} not checked{' (above)' if listed else ''}" if report.unchecked else ""
    return f"checked {made:,} of {report.applied:,} check applications ({share}){rest}{unread}"


def diff_lines(result: Any) -> list[str]:
    """A diff for people: where the timelines part, the events each lacks, and the state differences."""
    from replays import logview

    div = result.divergence
    lines = [f"{result.a} and {result.b} share their first {div.shared} event(s)"]
    if div.only_a or div.only_b:
        lines.append(f"they part at event {div.shared + 1}")
    for name, records in ((result.a, div.only_a), (result.b, div.only_b)):
        if records:
            lines.append(f"only in {name} ({len(records)}{'+' if len(records) >= 200 else ''}):")
            lines += [
                f"  {r.seq} {logview.when(r)} {r.event.__struct_config__.tag} {logview.summary(r)}".rstrip()
                for r in records[:20]
            ]
            if len(records) > 20:
                lines.append(f"  ... and {len(records) - 20} more")
    when = "before the first event" if result.point is None else f"at the end of {_point_words(result.point)}"
    lines.append(f"state {when}: {result.a} after event {result.at_a} → {result.b} after event {result.at_b}")
    any_difference = False
    for items in result.differences.values():
        for item in items:
            lines.append(f"  {item.text}")
            any_difference = True
    if not any_difference:
        lines.append("  no differences")
    return lines


SHOWN_FINDINGS = 20
"""How many findings a command that appended events prints (``awaw audit`` lists them all)."""


def print_recorded(out: Console, game: str, recorded: Any) -> None:
    """After a record, an import or a table command: the problems kept (``--lenient``, or left open by the rules)
    and the audit of the new events."""
    if recorded.kept:
        out.print(Text(f"kept, with {len(recorded.kept)} problem(s) the record would refuse or the rules leave open:"))
        for k in recorded.kept:
            verdict = "cannot be true" if k.refused else "open"
            out.print(Text(f"  event {k.seq} ({k.where}), field {k.field!r}: {k.message} [{verdict}]"))
    report = recorded.audit
    if report is None:
        return
    if report.clean:
        out.print(Text("the audit finds nothing wrong with it" if recorded.written == 1 else "the audit finds nothing"))
        return
    out.print(Text(f"the audit finds {len(report.findings)} problem(s) (kept: the record holds what was claimed):"))
    out.print(findings_table(report.findings[:SHOWN_FINDINGS]))
    if len(report.findings) > SHOWN_FINDINGS:
        more = len(report.findings) - SHOWN_FINDINGS
        out.print(Text(f"  ... and {more} more: `awaw audit {game} --from {recorded.first}` lists them all"))


def recorded_json(recorded: Any) -> dict[str, Any]:
    """The same as data: the problems kept and the audit's findings (what a ``--json`` caller adds to its output)."""
    report = recorded.audit
    return {
        "kept": [k._asdict() for k in recorded.kept],
        "audited": report is not None,
        "findings": [msgspec.to_builtins(f) for f in report.findings] if report is not None else [],
    }
