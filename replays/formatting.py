"""Formatting for the command line: rich tables for people, JSON for scripts. No logic lives here.

Text for people is in words at any width: events as sentences (:mod:`replays.eventwords`), never a tag, a check's
id or a field path; a table too wide for the terminal is shown one row after another (:func:`show`), and findings
are laid out one under another below :data:`FINDINGS_TABLE_WIDTH` columns; nothing is cut or split mid-word."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import msgspec
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from replays.eventwords import describe, event_name, who
from replays.views.common import plain_words, wrapped
from replays.views.common import show as show

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
    """The events in words: number, game time, who recorded it, what happened (and the rulings on it)."""
    from replays import logview

    table = Table(title=title, box=box.SIMPLE_HEAD, show_lines=False, expand=False)
    table.add_column("#", justify="right", overflow="fold")
    table.add_column("game time", overflow="fold")
    table.add_column("by", overflow="fold")
    table.add_column("what happened", overflow="fold")
    if any(row.status for row in rows):
        table.add_column("ruling", overflow="fold")
    for row in rows:
        record = row.record
        cells: list[str | Text] = [
            str(record.seq),
            logview.when(record),
            who(record.event),
            Text(describe(record.event)),
        ]
        if len(table.columns) > len(cells):
            cells.append(row.status)
        table.add_row(*cells)
    return table


def print_log(out: Console, rows: Sequence[logview.Row], title: str) -> None:
    """``awaw log`` for people: a table where it fits, each event under its number and game time where it does
    not (every word whole)."""
    from replays import logview

    table = log_table(rows, title)
    if out.width >= FINDINGS_TABLE_WIDTH:
        show(out, table)
        return
    out.print(Text(title))
    for row in rows:
        record = row.record
        status = f" ({row.status})" if row.status else ""
        head = f"{record.seq}  {logview.when(record)}, {who(record.event)}{status}"
        for line in wrapped(head, out.width):
            out.print(Text(line))
        for line in wrapped(describe(record.event), out.width, "    ", "    "):
            out.print(Text(line))


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
    """The audit's checks in words: family, rule, what each checks and the events it reads (ids: ``--json``)."""
    table = Table(box=box.SIMPLE_HEAD, title=f"{len(checks)} audit checks")
    for column in ("family", "rule", "what it checks", "events it reads"):
        table.add_column(column, overflow="fold")
    for c in checks:
        table.add_row(c.family, c.rule, plain_words(c.title), ", ".join(event_name(k).lower() for k in c.reads))
    return table


FINDINGS_TABLE_WIDTH = 100
"""Below this width findings are laid out one under another, each line in words (a table's columns would be too
narrow to read)."""


def event_words(tag: str) -> str:
    """An event type (a finding's ``event_type``) in words: ``combat_round_resolved`` -> "Combat round resolved"."""
    from awaw_events.codec import EVENT_CLASSES

    kind = EVENT_CLASSES.get(tag)
    return event_name(kind) if kind is not None else tag.replace("_", " ")


def findings_table(findings: Iterable[Any]) -> Table:
    """Audit findings, one a row: the event, its game time and kind, the rule, expected, recorded, the finding."""
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("event", "game time", "what", "rule", "expected", "recorded", "finding"):
        table.add_column(column, overflow="fold")
    for f in findings:
        table.add_row(
            str(f.seq),
            f.game_time,
            event_words(f.event_type),
            f.rule,
            Text(f.expected),
            Text(f.recorded),
            Text(plain_words(f.message)),
        )
    return table


def finding_lines(f: Any, width: int) -> list[str]:
    """One finding laid out vertically: its event, then the rule with what the rules give and what was recorded,
    then the finding in words, each wrapped at spaces."""
    lines = wrapped(f"event {f.seq}, {f.game_time}: {event_words(f.event_type).lower()}", width, "  ", "    ")
    lines += wrapped(f"rule {f.rule}: expected {f.expected}, recorded {f.recorded}", width, "    ", "      ")
    lines += wrapped(plain_words(f.message), width, "    ", "      ")
    return lines


def print_findings(out: Console, findings: Sequence[Any]) -> None:
    """Findings as a table at :data:`FINDINGS_TABLE_WIDTH` columns or more, one under another below."""
    if out.width >= FINDINGS_TABLE_WIDTH:
        show(out, findings_table(findings))
        return
    for f in findings:
        for line in finding_lines(f, out.width):
            out.print(Text(line))


def _check_titles() -> dict[str, str]:
    from replays.audit.catalogue import checks

    return {c.id: c.title for c in checks()}


def _lines(out: Console, text: str, indent: str = "  ", hang: str = "    ") -> None:
    for line in wrapped(text, out.width, indent, hang) if out.width < 100_000 else [indent + text]:
        out.print(Text(line))


def print_audit(out: Console, game: str, first: int, last: int, report: Any, *, unchecked: bool = True) -> None:
    """The audit for people: each finding with its event, rule, expected and recorded values, then what could
    not be checked (unless ``unchecked`` is False: a command that appended a few events lists only findings)."""
    span = f"events {first} to {last}" if last >= first else "no events"
    if report.clean:
        out.print(Text(f"{game}: clean ({report.events} events checked by {report.checks} checks, {span})"))
    else:
        out.print(Text(f"{game}: {len(report.findings)} finding(s) in {report.events} events ({span})"))
        print_findings(out, report.findings)
    if report.ungraded:
        out.print(Text("shown, not graded (inferred, invented or unknown values; not counted as findings):"))
        for f in report.ungraded:
            kind = event_words(f.event_type).lower()
            _lines(out, f"{f.seq} {f.game_time}, {kind}, rule {f.rule}: {plain_words(f.message)}")
    if report.skipped and unchecked:
        out.print(Text("not checked (the log lacks a fact these checks need):"))
        from replays.audit.rulesets import NO_AWAW_KIND

        titles = _check_titles()
        unjudged = [s for s in report.skipped if s.kind == NO_AWAW_KIND]
        unmade = {s.check for s in unjudged}  # an AWAW game is not judged by them: what else they lacked is moot
        for s in report.skipped:
            if s.check in unmade:
                if s is unjudged[0]:
                    _lines(out, unjudged_words(unjudged))
                continue
            title = plain_words(titles.get(s.check, s.check))
            reason = plain_words(s.reason)
            _lines(out, f"{s.rule} ({title}): {reason} ({s.times} event(s), first event {s.first_seq})")
    for words in (checked_words(report, listed=unchecked), map_words(report)):
        for line in wrapped(words, out.width) if out.width < 100_000 else [words]:
            out.print(Text(line))


def map_words(report: Any) -> str:
    """How many check applications needed map facts and how many of them the game's map data answered, in words a
    player reads right: ``map data: rule-texts version 1 answered 30 of the 254 check applications that needed map
    facts (11.8 %)``; with none, ``map data: none (the game declares no map data ...): 254 check applications needed
    map facts, and none of them could be checked against the map``."""
    needed = report.map_needed
    if not report.map_used:
        why = f" ({report.map_reason})" if report.map_reason else ""
        if not needed:
            return f"map data: none{why}; no check here needed map facts"
        return (
            f"map data: none{why}; {needed:,} check applications needed map facts, and none of them could be "
            "checked against the map"
        )
    used = ", then ".join(report.map_used)
    if not needed:
        return f"map data: {used}; no check here needed map facts"
    share = f"{100 * report.map_answered / needed:.1f} %"
    return (
        f"map data: {used} answered {report.map_answered:,} of the {needed:,} check applications that needed map "
        f"facts ({share})"
    )


def unjudged_words(skipped: list[Any]) -> str:
    """The A3R checks an AWAW game is not judged by, on one line: ``A3R rules (3 check(s), 5 application(s), first
    event 2): not checked: the AWAW rule texts give no rule for deficit spending or the Russian-German tensions``."""
    subjects: list[str] = []
    for s in skipped:
        subject = s.reason.partition(" give no rule for ")[2]
        if subject not in subjects:
            subjects.append(subject)
    listed = ", ".join(subjects[:-1]) + f" or {subjects[-1]}" if len(subjects) > 1 else subjects[0]
    times, first = sum(s.times for s in skipped), min(s.first_seq for s in skipped)
    return (
        f"A3R rules ({len(skipped)} check(s), {times} application(s), first event {first}): not checked: the AWAW rule "
        f"texts give no rule for {listed}"
    )


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
            lines += [f"  {r.seq} {logview.when(r)}: {describe(r.event)}" for r in records[:20]]
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
            about = f", {k.field.replace('_', ' ')}" if k.field else ""
            _lines(out, f"event {k.seq} ({k.where}){about}: {plain_words(k.message)} [{verdict}]")
    report = recorded.audit
    if report is None:
        return
    if report.clean:
        out.print(Text("the audit finds nothing wrong with it" if recorded.written == 1 else "the audit finds nothing"))
        return
    out.print(Text(f"the audit finds {len(report.findings)} problem(s) (kept: the record holds what was claimed):"))
    print_findings(out, report.findings[:SHOWN_FINDINGS])
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
