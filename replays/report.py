"""The game report: one self-contained HTML page to send to the other players (``awaw report``), readable on a phone.

No network: the charts are PNG data URIs, the style and the script are inline. It is drawn in **one walk** of the
timeline (:mod:`replays.walk`): its fold gives each step's board once, when the step ends, the losses of the charts
and the timeline's events in words; no step is folded again. The audit's findings are the audit's own
(:func:`replays.audit.timelines.audit_timeline`, in this process): the reports of the ranges your cache keeps are
used again, and only the others are folded and checked (then kept, so the next report or audit of the game pays
for its new events only). Sections, in order:

* ``#summary``: the game, its rules and options, the span of events and game time reported;
* ``#turns``: the set-up as a step of its own, then each player turn, stepped through with buttons or the arrow
  keys: the board of the area where things happened in that turn (:mod:`replays.pictures.steps`), at a scale where
  every counter is readable (at least :data:`COUNTER_PIXELS` pixels across), zoomed and panned with the buttons, the
  wheel or a finger; the figures of each power; and what changed, in words, under it. Each step is
  ``<article class="turn">``;
* ``#timeline``: the events phase by phase, in words, each phase folded open or shut, each event with an anchor
  ``#event-N``;
* ``#charts``: the four charts of :mod:`replays.charts`;
* ``#ledgers``: the board, BRP, oil, naval, weather and politics views at the end, as HTML tables;
* ``#branches``: the game's timelines, and for each branch what differs from its parent;
* ``#audit``: the audit findings, each linked to its event (and the event back to its finding).

At 390 pixels (a phone) the page is one column; tables scroll inside their own box, so nothing overflows the page.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from awaw_events.gametime import label
from awaw_events.store import GameStore, Record
from projections.game import GameState
from replays.reportsteps import Draw, Phase, Phases, Step, Steps
from replays.views import VIEWS, render
from replays.views.common import country, plain_words

COUNTER_PIXELS: Final = 24
"""The fewest pixels across a counter on the report's board (at any width, a phone's included)."""
SHOWN_CHANGES: Final = 200
"""Changes listed under a step's board (the rest are counted)."""


def esc(value: Any) -> str:
    return html.escape("" if value is None else str(value))


def _text(value: Any) -> str:
    return value.plain if isinstance(value, Text) else "" if value is None else str(value)


def table_html(table: Table, *, table_id: str | None = None) -> str:
    """A rich table of the views as an HTML table (same columns, same words), in a box that scrolls sideways."""
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
    return (
        f"<div class=scroll><table{ident}>{caption}<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


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


def _summary(store: GameStore, timeline: str, records: tuple[Record | None, Record | None], end: GameState) -> str:
    meta = end.meta
    first, last = records
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
    return _section("summary", f"{timeline}: game report", f"<div class=scroll><table class=facts>{body}</table></div>")


def _figures(step: Step) -> str:
    owners = sorted(step.units)
    head = "".join(f"<th>{esc(country(p))}</th>" for p in owners)
    units = "".join(f"<td class=num>{step.units[p][0]}</td>" for p in owners)
    factors = "".join(f"<td class=num>{step.units[p][1]}</td>" for p in owners)
    brps = "".join(f"<td class=num>{esc(step.available.get(p, '-'))}</td>" for p in owners)
    return (
        f"<div class=scroll><table class=powers><thead><tr><th></th>{head}</tr></thead><tbody>"
        f"<tr><th>units in play</th>{units}</tr><tr><th>factors</th>{factors}</tr>"
        f"<tr><th>BRPs available</th>{brps}</tr></tbody></table></div>"
    )


VIEW_TITLES: Final = {
    "board": "On the board",
    "brp": "BRPs",
    "oil": "Oil",
    "naval": "Naval construction",
    "weather": "Weather",
    "politics": "Politics",
}


def _changes(step: Step) -> str:
    """What changed in the step, in words, by projection; the set-up's, being the whole opening position, folded."""
    total = sum(len(v) for v in step.changes.values())
    parts = []
    shown = 0
    for view in VIEWS:
        items = step.changes.get(view, [])
        if not items:
            continue
        room = max(0, SHOWN_CHANGES - shown)
        listed = "".join(f"<li>{esc(c.text)}</li>" for c in items[:room])
        more = f"<li>... and {len(items) - room} more</li>" if len(items) > room else ""
        shown += min(room, len(items))
        parts.append(f"<h5>{esc(VIEW_TITLES.get(view, view))}</h5><ul class=changes>{listed}{more}</ul>")
    if not parts:
        return "<p class=changes-none>Nothing changed in this step.</p>"
    if step.setup:
        owners = ", ".join(f"{country(p)} {n} units ({f} factors)" for p, (n, f) in step.units.items())
        return (
            f"<p class=opening>The opening position: {esc(owners) or 'no units'}.</p>"
            f"<details class=changes><summary>Everything the set-up placed ({total})</summary>{''.join(parts)}"
            "</details>"
        )
    action = f"{len(step.action)} hex(es) where things happened" if step.action else "no action on the map"
    return f"<h4>What changed ({total}; {esc(action)})</h4>{''.join(parts)}"


ZOOM: Final = (
    '<div class="zoom" role="group" aria-label="zoom and pan the board">'
    '<button type="button" data-zoom="in" aria-label="zoom in">+</button>'
    '<button type="button" data-zoom="out" aria-label="zoom out">&minus;</button>'
    '<button type="button" data-zoom="action">the area of action</button>'
    '<button type="button" data-zoom="all">the whole area</button></div>'
)


def _turns(steps: Sequence[Step]) -> str:
    articles = []
    for step in steps:
        span = f"events {step.first} to {step.last}" if step.last > step.first else f"event {step.first}"
        picture = f'<figure class="board">{ZOOM}<div class=viewport>{step.board}</div></figure>' if step.board else ""
        articles.append(
            f'<article class="turn" id="turn-{step.number}" data-seq="{step.last}"'
            f"{' data-setup' if step.setup else ''}{'' if step.number == 0 else ' hidden'}>"
            f'<h3>{esc(step.title)} <small>{span}, to <a href="#event-{step.last}">event {step.last}</a></small></h3>'
            f"{picture}{_figures(step)}{_changes(step)}</article>"
        )
    nav = (
        '<nav class="stepper"><button type="button" id="prev">&larr; previous</button> '
        f'<span id="position">1 of {len(steps)}</span> '
        '<button type="button" id="next">next &rarr;</button></nav>'
    )
    return _section("turns", "Step by step: the set-up, then each player turn", nav + "".join(articles))


def _timeline(phases: Sequence[Phase], findings: dict[int, list[Any]], total: int) -> str:
    """The events phase by phase, in words; the phases with a finding are open."""
    parts = []
    for n, phase in enumerate(phases):
        rows = []
        flagged = False
        for seq, by, words in phase.events:
            found = findings.get(seq, [])
            flagged = flagged or bool(found)
            mark = "".join(
                f' <a class=finding-link href="#finding-{seq}-{i}">{esc(f.rule)}</a>' for i, f in enumerate(found)
            )
            rows.append(
                f'<li id="event-{seq}"{" class=has-finding" if found else ""}><span class=seq>{seq}</span> '
                f"<span class=by>{esc(by)}</span> {esc(words)}{mark}</li>"
            )
        first, last = phase.events[0][0], phase.events[-1][0]
        span = f"event {first}" if first == last else f"events {first} to {last}"
        parts.append(
            f'<details class=phase id="phase-{n}"{" open" if flagged else ""}><summary>{esc(phase.title)} '
            f"<small>{span} ({len(phase.events)})</small></summary><ol class=events>{''.join(rows)}</ol></details>"
        )
    head = f"<p id=timeline-count>{total} events in {len(phases)} phases</p>"
    return _section("timeline", "Timeline, phase by phase", head + "".join(parts))


def _charts(charts: Sequence[Any]) -> str:
    from replays.plotting import render as render_chart

    figures = []
    for data in charts:
        png = base64.b64encode(render_chart(data, "png")).decode()
        figures.append(
            f'<figure class="chart" id="chart-{data.view}"><img alt="{esc(data.title)}" '
            f'src="data:image/png;base64,{png}"><figcaption>{esc(data.title)}</figcaption></figure>'
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
        f"<div class=scroll><table id=timelines><caption>{len(lines)} timeline(s); * the main line</caption><thead>"
        f"<tr><th>timeline</th><th>parent</th><th>fork after event</th><th>events</th></tr></thead><tbody>{rows}"
        "</tbody></table></div>"
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
    from replays.formatting import event_words

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
            f"<td>{esc(f.game_time)}</td><td>{esc(event_words(f.event_type))}</td><td>{esc(f.rule)}</td>"
            f"<td>{esc(f.expected)}</td><td>{esc(f.recorded)}</td><td>{esc(plain_words(f.message))}</td></tr>"
        )
    table = (
        "<div class=scroll><table id=findings><thead><tr><th>event</th><th>game time</th><th>what</th><th>rule</th>"
        f"<th>expected</th><th>recorded</th><th>finding</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        if rows
        else ""
    )
    skipped = "".join(
        f"<li>{esc(s.rule)}: {esc(plain_words(s.reason))} ({s.times} event(s))</li>" for s in report.skipped
    )
    more = f"<h3>Not checked (the log lacks a fact these checks need)</h3><ul>{skipped}</ul>" if skipped else ""
    return _section("audit", f"Audit of events {start} to {stop}", head + table + more)


STYLE = f"""
*{{box-sizing:border-box}}
body{{font-family:system-ui,sans-serif;margin:0 auto;max-width:80rem;padding:.75rem;color:#222;background:#fff;
line-height:1.35;overflow-wrap:anywhere}}
nav.toc{{position:sticky;top:0;background:#fff;padding:.4rem 0;z-index:2;border-bottom:1px solid #ccd}}
nav.toc a{{margin-right:.9rem;display:inline-block}}
section{{margin:1.5rem 0;border-top:2px solid #ccd}}
.scroll{{max-width:100%;overflow-x:auto}}
table{{border-collapse:collapse;margin:.5rem 0 1rem}}caption{{text-align:left;font-weight:bold;padding:.3rem 0}}
th,td{{border-bottom:1px solid #dde;padding:.15rem .5rem;text-align:left;vertical-align:top;overflow-wrap:normal}}
td.num{{text-align:right}}tr.has-finding,li.has-finding{{background:#fee}}tr:target,li:target{{background:#ffd}}
figure{{margin:.5rem 0}}figure.chart img{{max-width:100%;height:auto}}
.stepper{{display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}}.stepper button,.zoom button{{font-size:1rem;
padding:.35rem .7rem;min-height:2.4rem}}
article.turn{{padding:.5rem 0}}article.turn,figure.board{{scroll-margin-top:4.5rem}}
figure.board{{position:relative;border:1px solid #ccd}}
figure.board .zoom{{position:absolute;top:.3rem;right:.3rem;z-index:1;display:flex;gap:.25rem;flex-wrap:wrap}}
figure.board .viewport{{width:100%;height:min(75vh,48rem);overflow:hidden;touch-action:none;cursor:grab;
background:#f6f4ee}}
figure.board svg{{width:100%;height:100%;display:block}}
ul.changes{{columns:2;font-size:.92rem;padding-left:1.2rem}}
a.finding-link{{color:#b00;font-weight:bold;margin-left:.5rem}}
details.phase{{border-bottom:1px solid #eee;padding:.2rem 0}}details.phase summary{{cursor:pointer;font-weight:600}}
ol.events{{list-style:none;padding-left:.4rem;font-size:.92rem}}ol.events li{{margin:.15rem 0}}
span.seq{{display:inline-block;min-width:3.2em;color:#666}}span.by{{color:#555}}
@media (max-width:40rem){{body{{padding:.5rem}}ul.changes{{columns:1}}h2{{font-size:1.25rem}}
figure.board .viewport{{height:70vh}}nav.toc a{{margin-right:.6rem}}}}
/* counters at least {COUNTER_PIXELS} pixels across: see the script */
"""

SCRIPT = f"""
(function () {{
  var MIN = {COUNTER_PIXELS} * 1.1;  /* a little over: a counter's drawn square is inset in its box */
  function Board(figure) {{
    var svg = figure.querySelector('svg');
    var box = figure.querySelector('.viewport');
    var full = [0, 0, +svg.getAttribute('width'), +svg.getAttribute('height')];
    var areas = (svg.dataset.views || full.join(' ')).split(';').map(function (v) {{
      return v.split(' ').map(Number);
    }});
    var area = 0;
    var label = figure.querySelector('[data-zoom=action]');
    var view = areas[0].slice();
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    function set(v) {{
      var w = box.clientWidth || 1, h = box.clientHeight || 1;
      /* an area of action: the widest view that keeps its smallest counter MIN pixels across */
      var most = v.length > 4 ? w * v[4] / MIN : Infinity;
      var vw = Math.min(Math.max(v[2], 40), most, full[2] * 1.5);
      var vh = vw * h / w;
      var cx = v[0] + v[2] / 2, cy = v[1] + v[3] / 2;
      view = [cx - vw / 2, cy - vh / 2, vw, vh];
      svg.setAttribute('viewBox', view.join(' '));
    }}
    this.fit = function (what) {{
      if (what === 'next') {{ area = (area + 1) % areas.length; }}
      if (what === 'first') {{ area = 0; }}
      if (label) {{
        label.textContent = areas.length > 1 ? 'area of action ' + (area + 1) + ' of ' + areas.length
          : 'the area of action';
      }}
      set(what === 'all' ? full : areas[area]);
    }};
    function zoom(factor, px, py) {{
      var w = box.clientWidth || 1, h = box.clientHeight || 1;
      var ux = view[0] + view[2] * (px === undefined ? 0.5 : px / w);
      var uy = view[1] + view[3] * (py === undefined ? 0.5 : py / h);
      var nw = view[2] * factor, nh = view[3] * factor;
      set([ux - (ux - view[0]) * factor, uy - (uy - view[1]) * factor, nw, nh]);
    }}
    figure.querySelectorAll('[data-zoom]').forEach(function (b) {{
      b.addEventListener('click', function () {{
        var z = b.dataset.zoom;
        if (z === 'in') {{ zoom(0.7); }} else if (z === 'out') {{ zoom(1 / 0.7); }}
        else {{ this.fit(z === 'action' ? 'next' : z); }}
      }}.bind(this));
    }}, this);
    box.addEventListener('wheel', function (e) {{
      e.preventDefault();
      var r = box.getBoundingClientRect();
      zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
    }}, {{passive: false}});
    var drag = null;
    box.addEventListener('pointerdown', function (e) {{
      drag = {{x: e.clientX, y: e.clientY, v: view.slice()}};
      box.setPointerCapture(e.pointerId);
    }});
    box.addEventListener('pointermove', function (e) {{
      if (!drag) {{ return; }}
      var k = view[2] / (box.clientWidth || 1);
      view = [drag.v[0] - (e.clientX - drag.x) * k, drag.v[1] - (e.clientY - drag.y) * k, drag.v[2], drag.v[3]];
      svg.setAttribute('viewBox', view.join(' '));
    }});
    box.addEventListener('pointerup', function () {{ drag = null; }});
  }}
  var steps = Array.prototype.slice.call(document.querySelectorAll('article.turn'));
  var boards = steps.map(function (step) {{
    var figure = step.querySelector('figure.board');
    return figure ? new Board(figure) : null;
  }});
  var position = document.getElementById('position');
  var current = 0;
  function show(index) {{
    if (!steps.length) {{ return; }}
    current = Math.max(0, Math.min(steps.length - 1, index));
    steps.forEach(function (step, i) {{ step.hidden = i !== current; }});
    position.textContent = (current + 1) + ' of ' + steps.length;
    if (boards[current]) {{ boards[current].fit('first'); }}
  }}
  document.getElementById('prev').addEventListener('click', function () {{ show(current - 1); }});
  document.getElementById('next').addEventListener('click', function () {{ show(current + 1); }});
  document.addEventListener('keydown', function (event) {{
    if (event.key === 'ArrowLeft') {{ show(current - 1); }}
    if (event.key === 'ArrowRight') {{ show(current + 1); }}
  }});
  window.addEventListener('resize', function () {{ if (boards[current]) {{ boards[current].fit('same'); }} }});
  show(0);
}})();
"""


def page(title: str, sections: Sequence[str]) -> str:
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
        f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>"
        f'<nav class="toc">{toc}</nav>\n' + "\n".join(sections) + f"\n<script>{SCRIPT}</script></body></html>\n"
    )


def build_report(
    store: GameStore,
    timeline: str,
    *,
    start: int = 1,
    stop: int | None = None,
    draw: Callable[[GameStore, str, int], Draw] | None = None,
    progress: Callable[[str], None] | None = None,
) -> str:
    """The report of events ``start..stop`` of ``timeline`` as one self-contained HTML page, drawn in one walk.

    ``draw(store, timeline, stop)`` gives the function that draws a step's board (``awaw report`` passes
    :func:`replays.pictures.steps.report_draw`); without it the steps have no board."""
    from replays import charts as charts_mod
    from replays.audit.timelines import audit_timeline, collector_at_rest
    from replays.state import state_at
    from replays.walk import Walk

    opened = store.open(timeline)
    last = opened.count if stop is None else stop

    def step(what: str) -> None:
        if progress is not None:
            progress(what)

    step("auditing")
    report = audit_timeline(opened, start=start, stop=last, jobs=1)
    step("walking")
    first = state_at(opened, start - 1, save=False) if start > 1 else None
    steps = Steps(first if first is not None else GameState(), draw(store, timeline, last) if draw else None)
    phases = Phases()
    losses = charts_mod.Losses()
    walk = Walk([steps, phases, losses], first)
    ends: list[Record | None] = [None, None]

    def records() -> Iterable[Record]:
        for record in opened.effective_records(start, last):
            if ends[0] is None:
                ends[0] = record
            ends[1] = record
            yield record

    with collector_at_rest():
        end = walk.run(records())
    findings: dict[int, list[Any]] = {}
    for f in report.findings:
        findings.setdefault(f.seq, []).append(f)
    step("drawing charts")
    parent = charts_mod.parent_of(store, timeline)
    source = charts_mod.Source(end, losses)
    first_record = ends[0]
    first_turn = None
    if start > 1 and first_record is not None:
        from awaw_events.gametime import turn_index

        first_turn = turn_index(first_record.event.year, first_record.event.season)
    charts = [charts_mod.build(v, timeline, source, parent, first_turn=first_turn) for v in charts_mod.CHART_VIEWS]
    step("writing")
    total = sum(len(p.events) for p in phases.phases)
    sections = [
        _summary(store, timeline, (ends[0], ends[1]), end),
        _turns(steps.steps),
        _timeline(phases.phases, findings, total),
        _charts(charts),
        _ledgers(end),
        _branches(store, timeline),
        _audit(report, start, last),
    ]
    return page(f"{timeline}: game report", sections)


__all__ = ["COUNTER_PIXELS", "build_report", "esc", "page", "renderables_html", "table_html"]
