"""The game report: one self-contained HTML page to send to the other players (``awaw report``).

No network: the charts are PNG data URIs, the style and the script are inline. Sections, in order:

* ``#summary``: the game, its rules and options, the span of events and game time reported;
* ``#turns``: the end of each player turn, stepped through with buttons or the arrow keys: BRPs available, units
  in play and what changed in the player turn, in the words of the views. Each step is ``<article class="turn">``;
  a picture of the board at that point goes in the step's ``<figure class="board">``, drawn by the ``board``
  callable given to :func:`build_report` (``awaw report`` passes :func:`replays.pictures.game.report_board`: the
  board of ``awaw board`` with the moves and losses of the step, one area for every step);
* ``#timeline``: the phases played and every event, each with an anchor ``#event-N``;
* ``#charts``: the four charts of :mod:`replays.charts`;
* ``#ledgers``: the board, BRP, oil and naval views at the last point, as HTML tables;
* ``#branches``: the game's timelines, and for each branch what differs from its parent;
* ``#audit``: the audit findings, each linked to its event (and the event back to its finding).
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from awaw_events.codec import tag_of
from awaw_events.gametime import label
from awaw_events.store import GameStore, Record
from projections.core import clone
from projections.game import Fold, GameState
from replays.logview import summary
from replays.state import state_at
from replays.views import VIEWS, differences, render
from replays.views.common import Change, country

BoardPicture = Callable[[GameState, GameState], str]
"""Draws the board at the end of a player turn as inline SVG, given the state there and at the step before."""


class TurnEnd(NamedTuple):
    """The state at the end of one player turn of the report, and what changed since the previous step."""

    title: str
    seq: int
    state: GameState
    before: GameState
    changes: dict[str, list[Change]]


def _player_turn(record: Record) -> tuple[int, str, str | None]:
    e = record.event
    return (e.year, e.season, e.side)


def turn_ends(store: GameStore, timeline: str, start: int, stop: int) -> tuple[list[Record], list[TurnEnd]]:
    """The records ``start..stop`` (rulings applied) and the state at the end of each player turn among them (and
    at ``stop``), with the changes since the previous step."""
    opened = store.open(timeline)
    first = state_at(opened, start - 1, save=False) if start > 1 else state_at(opened, 0)
    records = list(opened.effective_records(start, stop))
    fold = Fold(first)
    before = first
    ends: list[TurnEnd] = []
    for index, record in enumerate(records):
        fold.push(record.seq, record.event)
        last = index == len(records) - 1
        side = record.event.side
        closes = last or (side is not None and _player_turn(records[index + 1]) != _player_turn(record))
        if closes:
            now = clone(fold.state)
            e = record.event
            title = f"{e.season.capitalize()} {e.year} " + (f"{side.capitalize()} player turn" if side else label(e))
            changes = {view: differences(before, now, view) for view in VIEWS}
            ends.append(
                TurnEnd(
                    title if not last or side else f"{label(e)} (event {record.seq})", record.seq, now, before, changes
                )
            )
            before = now
    return records, ends


# ---------------------------------------------------------------------------------------------------------------------
# HTML pieces


def esc(value: Any) -> str:
    return html.escape("" if value is None else str(value))


def table_html(table: Table, *, table_id: str | None = None) -> str:
    """A rich table of the views as an HTML table (same columns, same words)."""
    head = "".join(f"<th>{esc(c.header)}</th>" for c in table.columns)
    columns = [list(c.cells) for c in table.columns]
    rows = []
    for i in range(table.row_count):
        cells = "".join(
            f"<td{' class=num' if c.justify == 'right' else ''}>{esc(_text(columns[n][i]))}</td>"
            for n, c in enumerate(table.columns)
        )
        rows.append(f"<tr>{cells}</tr>")
    caption = f"<caption>{esc(_text(table.title))}</caption>" if table.title else ""
    ident = f' id="{esc(table_id)}"' if table_id else ""
    return f"<table{ident}>{caption}<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _text(value: Any) -> str:
    return value.plain if isinstance(value, Text) else "" if value is None else str(value)


def renderables_html(items: Iterable[RenderableType]) -> str:
    parts = []
    for item in items:
        if isinstance(item, Table):
            parts.append(table_html(item))
        elif isinstance(item, Text) and item.style == "bold":
            parts.append(f"<h3>{esc(item.plain)}</h3>")
        else:
            parts.append(f"<p>{esc(_text(item))}</p>")
    return "\n".join(parts)


def _section(ident: str, title: str, body: str) -> str:
    return f'<section id="{ident}"><h2>{esc(title)}</h2>\n{body}\n</section>'


# ---------------------------------------------------------------------------------------------------------------------
# Sections


def _summary(store: GameStore, timeline: str, records: Sequence[Record], end: GameState) -> str:
    meta = end.meta
    first, last = (records[0], records[-1]) if records else (None, None)
    rows = [
        ("timeline", timeline),
        ("rules", f"{meta.rules} ({meta.variant})"),
        ("events reported", f"{first.seq} to {last.seq}" if first and last else "none"),
        ("game time", f"{label(first.event)} to {label(last.event)}" if first and last else "-"),
        ("events in the timeline", store.count(timeline)),
        ("options", ", ".join(f"{k}={v}" for k, v in sorted(meta.options.items())) or "none"),
    ]
    body = "".join(
        f"<tr><th>{esc(k)}</th><td id='summary-{esc(k.replace(' ', '-'))}'>{esc(v)}</td></tr>" for k, v in rows
    )
    return _section("summary", f"{timeline}: game report", f"<table class=facts>{body}</table>")


def _turns(ends: Sequence[TurnEnd], board: BoardPicture | None) -> str:
    steps = []
    for number, end in enumerate(ends):
        units: dict[str, list[int]] = {}
        for unit in end.state.board.units.values():
            if not unit.location.startswith("chart:"):
                counted = units.setdefault(unit.owner, [0, 0])
                counted[0] += 1
                counted[1] += unit.factors
        brp = end.state.brp
        head = "".join(f"<th>{esc(country(p))}</th>" for p in sorted(units))
        figures = (
            f"<table class=powers><thead><tr><th></th>{head}</tr></thead><tbody>"
            f"<tr><th>units in play</th>{''.join(f'<td class=num>{units[p][0]}</td>' for p in sorted(units))}</tr>"
            f"<tr><th>factors</th>{''.join(f'<td class=num>{units[p][1]}</td>' for p in sorted(units))}</tr>"
            "<tr><th>BRPs available</th>"
            + "".join(f"<td class=num>{esc(brp.available.get(p, '-'))}</td>" for p in sorted(units))
            + "</tr></tbody></table>"
        )
        changes = [c for view in VIEWS for c in end.changes[view]]
        listed = "".join(f"<li>{esc(c.text)}</li>" for c in changes[:200])
        more = f"<li>... and {len(changes) - 200} more</li>" if len(changes) > 200 else ""
        picture = f'<figure class="board">{board(end.state, end.before)}</figure>' if board is not None else ""
        steps.append(
            f'<article class="turn" id="turn-{number}" data-seq="{end.seq}"{"" if number == 0 else " hidden"}>'
            f'<h3>{esc(end.title)} <small>after <a href="#event-{end.seq}">event {end.seq}</a></small></h3>'
            f"{picture}{figures}<h4>{len(changes)} change(s) in this step</h4><ul class=changes>{listed}{more}</ul>"
            "</article>"
        )
    nav = (
        '<nav class="stepper"><button type="button" id="prev">&larr; previous</button> '
        f'<span id="position">1 of {len(ends)}</span> '
        '<button type="button" id="next">next &rarr;</button></nav>'
    )
    return _section("turns", "The end of each player turn", nav + "".join(steps))


def _timeline(records: Sequence[Record], findings: dict[int, list[Any]]) -> str:
    phases: dict[str, list[int]] = {}
    for r in records:
        phases.setdefault(label(r.event), []).append(r.seq)
    phase_rows = "".join(
        f'<tr><td>{esc(name)}</td><td class=num><a href="#event-{seqs[0]}">{seqs[0]}</a>-{seqs[-1]}</td>'
        f"<td class=num>{len(seqs)}</td></tr>"
        for name, seqs in phases.items()
    )
    rows = []
    for r in records:
        found = findings.get(r.seq, [])
        mark = "".join(
            f' <a class=finding-link href="#finding-{r.seq}-{i}">{esc(f.rule)}</a>' for i, f in enumerate(found)
        )
        rows.append(
            f'<tr id="event-{r.seq}"{" class=has-finding" if found else ""}><td class=num>{r.seq}</td>'
            f"<td>{esc(label(r.event))}</td><td>{esc(r.event.actor)}</td><td>{esc(tag_of(r.event))}</td>"
            f"<td>{esc(summary(r))}{mark}</td></tr>"
        )
    body = (
        f"<table id=phases><caption>{len(phases)} phases</caption><thead><tr><th>phase</th><th>events</th>"
        f"<th>count</th></tr></thead><tbody>{phase_rows}</tbody></table>"
        f"<table id=events><caption>{len(records)} events</caption><thead><tr><th>#</th><th>game time</th>"
        f"<th>actor</th><th>event</th><th>details</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    return _section("timeline", "Timeline", body)


def _charts(store: GameStore, timeline: str, start: int, stop: int) -> str:
    from replays.charts import CHART_VIEWS, chart
    from replays.plotting import render as render_chart

    figures = []
    for view in CHART_VIEWS:
        data = chart(store, timeline, view, start=start, stop=stop)
        png = base64.b64encode(render_chart(data, "png")).decode()
        figures.append(
            f'<figure class="chart" id="chart-{view}"><img alt="{esc(data.title)}" src="data:image/png;base64,{png}">'
            f"<figcaption>{esc(data.title)}</figcaption></figure>"
        )
    return _section("charts", "Charts", "".join(figures))


def _ledgers(end: GameState) -> str:
    parts = [f'<div class="ledger" id="ledger-{view}">{renderables_html(render(end, view))}</div>' for view in VIEWS]
    return _section("ledgers", f"The ledgers at the end ({end.clock.label})", "".join(parts))


def _branches(store: GameStore, timeline: str) -> str:
    from replays.branching import diff

    game = store.timeline(timeline).game
    lines = [t for t in store.timelines() if t.game == game]
    rows = "".join(
        f"<tr><td>{'* ' if t.name == t.game else ''}{esc(t.name)}</td><td>{esc(t.parent or '-')}</td>"
        f"<td class=num>{t.fork_at if t.parent else '-'}</td><td class=num>{store.count(t.name)}</td></tr>"
        for t in lines
    )
    parts = [
        f"<table id=timelines><caption>{len(lines)} timeline(s); * the main line</caption><thead><tr>"
        f"<th>timeline</th><th>parent</th><th>fork after event</th><th>events</th></tr></thead><tbody>{rows}</tbody>"
        "</table>"
    ]
    for t in lines:
        if t.parent is None:
            continue
        result = diff(store, t.parent, t.name)
        changes = [c for view in VIEWS for c in result.differences[view]]
        when = "before any event" if result.point is None else str(result.point)
        items = "".join(f"<li>{esc(c.text)}</li>" for c in changes[:100]) or "<li>no differences</li>"
        parts.append(
            f'<div class="branch" id="branch-{esc(t.name)}"><h3>{esc(t.parent)} → {esc(t.name)}</h3>'
            f"<p>they share {result.divergence.shared} event(s); compared at {esc(when)} "
            f"(event {result.at_a} → event {result.at_b})</p><ul>{items}</ul></div>"
        )
    return _section("branches", "Branches", "".join(parts))


def _audit(report: Any, start: int, stop: int) -> str:
    if report.clean:
        head = f"<p id=audit-result>clean: {report.events} events checked by {report.checks} checks</p>"
    else:
        head = f"<p id=audit-result>{len(report.findings)} finding(s) in {report.events} events</p>"
    counts: dict[int, int] = {}
    rows = []
    for f in report.findings:
        n = counts.get(f.seq, 0)
        counts[f.seq] = n + 1
        rows.append(
            f'<tr id="finding-{f.seq}-{n}"><td class=num><a href="#event-{f.seq}">{f.seq}</a></td>'
            f"<td>{esc(f.game_time)}</td><td>{esc(f.event_type)}</td><td>{esc(f.rule)}</td>"
            f"<td>{esc(f.expected)}</td><td>{esc(f.recorded)}</td><td>{esc(f.message)}</td></tr>"
        )
    table = (
        "<table id=findings><thead><tr><th>event</th><th>game time</th><th>type</th><th>rule</th><th>expected</th>"
        f"<th>recorded</th><th>finding</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else ""
    )
    skipped = "".join(
        f"<li>{esc(s.rule)} {esc(s.check)}: {esc(s.reason)} ({s.times} event(s))</li>" for s in report.skipped
    )
    more = f"<h3>Not checked (the log lacks a fact these checks need)</h3><ul>{skipped}</ul>" if skipped else ""
    return _section("audit", f"Audit of events {start} to {stop}", head + table + more)


STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:78rem;padding:1rem;color:#222;background:#fff}
nav.toc a{margin-right:1rem}section{margin:2rem 0;border-top:2px solid #ccd}
table{border-collapse:collapse;margin:.5rem 0 1rem}caption{text-align:left;font-weight:bold;padding:.3rem 0}
th,td{border-bottom:1px solid #dde;padding:.15rem .5rem;text-align:left;vertical-align:top;white-space:pre-line}
td.num{text-align:right}tr.has-finding{background:#fee}tr:target{background:#ffd}
figure.chart img{max-width:100%}.stepper button{font-size:1rem}article.turn{padding:.5rem 0}
figure.board{margin:.5rem 0}figure.board svg{max-width:100%;height:auto}
ul.changes{columns:2;font-size:.9rem}a.finding-link{color:#b00;font-weight:bold;margin-left:.5rem}
"""

SCRIPT = """
(function () {
  var steps = Array.prototype.slice.call(document.querySelectorAll('article.turn'));
  var position = document.getElementById('position');
  var current = 0;
  function show(index) {
    if (!steps.length) { return; }
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach(function (step, i) { step.hidden = i !== current; });
    position.textContent = (current + 1) + ' of ' + steps.length;
  }
  document.getElementById('prev').addEventListener('click', function () { show(current - 1); });
  document.getElementById('next').addEventListener('click', function () { show(current + 1); });
  document.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowLeft') { show(current - 1); }
    if (event.key === 'ArrowRight') { show(current + 1); }
  });
  show(0);
})();
"""


def build_report(
    store: GameStore,
    timeline: str,
    *,
    start: int = 1,
    stop: int | None = None,
    board: BoardPicture | None = None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """The report of events ``start..stop`` of ``timeline`` as one self-contained HTML page."""
    from replays.audit.timelines import audit_timeline

    last = store.count(timeline) if stop is None else stop

    def step(what: str) -> None:
        if progress is not None:
            progress(what)

    step("folding")
    records, ends = turn_ends(store, timeline, start, last)
    end = ends[-1].state if ends else state_at(store.open(timeline), last, save=False)
    step("auditing")
    report = audit_timeline(store.open(timeline), start=start, stop=last)
    findings: dict[int, list[Any]] = {}
    for f in report.findings:
        findings.setdefault(f.seq, []).append(f)
    step("drawing charts")
    charts = _charts(store, timeline, start, last)
    step("writing")
    sections = [
        _summary(store, timeline, records, end),
        _turns(ends, board),
        _timeline(records, findings),
        charts,
        _ledgers(end),
        _branches(store, timeline),
        _audit(report, start, last),
    ]
    toc = " ".join(
        f'<a href="#{ident}">{name}</a>'
        for ident, name in (
            ("turns", "turns"),
            ("timeline", "timeline"),
            ("charts", "charts"),
            ("ledgers", "ledgers"),
            ("branches", "branches"),
            ("audit", "audit"),
        )
    )
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{esc(timeline)}: game report</title><style>{STYLE}</style></head><body>"
        f'<nav class="toc">{toc}</nav>\n' + "\n".join(sections) + f"\n<script>{SCRIPT}</script></body></html>\n"
    )
