"""The data of the charts (``awaw plot``, the HTML report): series computed from the game, no drawing.

Each chart is a :class:`Chart` of panels; each panel has an x axis of game turns (or player turns) and series of
numbers, titled in the rules' words:

* **BRPs** (27; the turn summaries of the BRP ledger, 27-30 extract 4.2): each major power's BRP base and BRPs
  available at the end of each game turn, with the BRPs it spent in each category;
* **oil** (33.42, 33.422): the oil counters in each oil reserve at the end of each player turn, against its maximum,
  counted as the rules count them: whole counters and fifths of a counter (``8 4/5``, 33.81);
* **naval construction** (27.723, 27.7272): the ships on each shipyard's Naval Construction Chart by the game turn
  they launch (or will, if every later step is a normal continue);
* **losses** (15.6, 15.62): the factors each power lost in each game turn, counted from the events as they happen
  (a unit eliminated loses its factors, a unit reduced the factors it lost), so that a unit rebuilt later still
  counts in the turn it was lost (:class:`Losses`, a reader of :mod:`replays.walk`).

A branch is compared with its parent: the parent's series from the fork on, on the same axes. :mod:`replays.plotting`
draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from awaw_events.gametime import GamePoint, turn_index
from awaw_events.store import GameStore, Record
from awaw_events.vocab import POWERS
from projections import brp as brp_ledger
from projections import naval as naval_charts
from projections.game import GameState
from projections.rules.oil import FIFTHS_PER_COUNTER
from replays.points import seq_for_game_time
from replays.state import state_at
from replays.views.brp import CATEGORY_WORDS
from replays.views.common import country
from replays.views.oil import reserve_name
from replays.walk import Reader, Touched, Walk

ChartView = Literal["brp", "oil", "naval", "losses"]
CHART_VIEWS: tuple[ChartView, ...] = ("brp", "oil", "naval", "losses")

Style = Literal["line", "bar", "point"]
Scale = Literal["number", "counters"]


class Series(NamedTuple):
    """One series: its label, the timeline it comes from, how it is drawn, and a value per x position (``None``
    where it has none). ``sizes`` are marker sizes for points (a ship's factors)."""

    label: str
    timeline: str
    style: Style
    values: tuple[float | None, ...]
    sizes: tuple[float, ...] = ()
    parent: bool = False


class Panel(NamedTuple):
    """One set of axes: a title, the x positions (turn indices) and their labels, the y label, its series.
    ``scale`` says how the y values read: plain numbers, or oil counters (``8.8`` reads ``8 4/5``)."""

    title: str
    x: tuple[int, ...]
    labels: tuple[str, ...]
    ylabel: str
    series: tuple[Series, ...]
    categories: tuple[str, ...] = ()
    scale: Scale = "number"


class Chart(NamedTuple):
    """A chart of one or more panels."""

    view: ChartView
    title: str
    panels: tuple[Panel, ...]


def turn_words(index: int) -> str:
    return naval_charts.turn_label(index)


def counters_words(value: float) -> str:
    """An amount of oil in counters as the rules count it: ``8.8`` -> ``8 4/5`` (33.81), ``0.4`` -> ``4/5``."""
    fifths = round(value * FIFTHS_PER_COUNTER)
    whole, part = divmod(abs(fifths), FIFTHS_PER_COUNTER)
    sign = "-" if fifths < 0 else ""
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole} {part}/{FIFTHS_PER_COUNTER}" if whole else f"{sign}{part}/{FIFTHS_PER_COUNTER}"


def _axis(indices: set[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    ordered = tuple(sorted(indices))
    return ordered, tuple(turn_words(i) for i in ordered)


_ORDER: dict[str, int] = {p: i for i, p in enumerate(POWERS)}


def _power_order(power: str) -> tuple[int, str]:
    return (_ORDER.get(power, len(_ORDER)), power)


class Source(NamedTuple):
    """What a timeline's charts are drawn from: its state at the end, and the losses counted on the way."""

    state: GameState
    losses: Losses


# ---------------------------------------------------------------------------------------------------------------------
# BRPs


def brp_by_turn(state: GameState) -> dict[str, dict[int, dict[str, int | None]]]:
    """Per major power, per game turn (index): BRP ``base`` and ``available`` at the end of the turn, and BRPs by
    category (the turn summaries of the ledger, then the current turn)."""
    ledger = state.brp
    found: dict[str, dict[int, dict[str, int | None]]] = {}
    for s in ledger.history:
        if s.power:
            row: dict[str, int | None] = {"base": s.base, "available": s.closing}
            row.update({c: s.by_category.get(c, 0) for c in CATEGORY_WORDS})
            found.setdefault(s.power, {})[s.turn] = row
    if ledger.season:
        now = turn_index(ledger.year, ledger.season)
        for power in ledger.base.keys() | ledger.available.keys():
            row = {"base": ledger.base.get(power), "available": ledger.available.get(power)}
            row.update({c: brp_ledger.total(ledger, power, c) for c in CATEGORY_WORDS})
            found.setdefault(power, {})[now] = row
    return found


SPENDING: tuple[str, ...] = (
    "construction",
    "repair",
    "raise",
    "fortification",
    "railhead",
    "declaration_of_war",
    "offensive",
    "grant_given",
    "oil_repair",
    "other",
)
"""The BRP spending categories drawn as stacked bars (27-30 extract 3.2)."""

LEVELS: tuple[tuple[str, str], ...] = (("BRP base", "base"), ("BRPs available", "available"))


def _brp_panels(mine: Source, theirs: Source | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = brp_by_turn(mine.state)
    other = brp_by_turn(theirs.state) if theirs is not None else {}
    panels = []
    for power in sorted(data, key=_power_order):
        turns = set(data[power]) | {t for t in other.get(power, {}) if t >= fork}
        x, labels = _axis(turns)
        rows = data[power]
        series = [Series(what, names[0], "line", tuple(rows.get(t, {}).get(key) for t in x)) for what, key in LEVELS]
        series += [
            Series(CATEGORY_WORDS[c], names[0], "bar", tuple(rows.get(t, {}).get(c) or 0 for t in x))
            for c in SPENDING
            if any(rows.get(t, {}).get(c) for t in x)
        ]
        if power in other:
            theirs_rows = other[power]
            series += [
                Series(
                    f"{what} ({names[1]})",
                    names[1],
                    "line",
                    tuple(theirs_rows.get(t, {}).get(key) if t >= fork else None for t in x),
                    parent=True,
                )
                for what, key in LEVELS
            ]
        panels.append(Panel(country(power), x, labels, "BRPs", tuple(series), SPENDING))
    return tuple(panels)


# ---------------------------------------------------------------------------------------------------------------------
# Oil


def oil_by_period(state: GameState) -> dict[str, dict[int, int]]:
    """Per oil reserve: its level (fifths) at the end of each player turn it was tracked, keyed by a sortable
    period number (``turn index * 4 + part``), from the ledger's archived periods and the current one."""
    parts = {"game_start": 0, "axis": 1, "allied": 2, "game_end": 3}
    found: dict[str, dict[int, int]] = {}
    for s in state.oil.history:
        for rid, level in s.closing.items():
            found.setdefault(rid, {})[turn_index(s.year, s.season) * 4 + parts.get(s.part, 3)] = level
    return found


def period_words(key: int) -> str:
    index, part = divmod(key, 4)
    return f"{turn_words(index)} {('start', 'Axis', 'Allied', 'end')[part]}"


def _counters(fifths: int | None) -> float | None:
    return None if fifths is None else fifths / FIFTHS_PER_COUNTER


def _oil_panels(mine: Source, theirs: Source | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = oil_by_period(mine.state)
    other = oil_by_period(theirs.state) if theirs is not None else {}
    panels = []
    for rid in sorted(data):
        periods = set(data[rid]) | {p for p in other.get(rid, {}) if p // 4 >= fork}
        x = tuple(sorted(periods))
        labels = tuple(period_words(p) for p in x)
        reserve = mine.state.oil.reserves.get(rid)
        levels = tuple(_counters(data[rid].get(p)) for p in x)
        series = [Series("oil counters in the reserve", names[0], "line", levels)]
        if reserve is not None and reserve.maximum is not None:
            most = _counters(reserve.maximum)
            series.append(Series("maximum oil reserve (33.422)", names[0], "line", tuple(most for _ in x)))
        if rid in other:
            values = tuple(_counters(other[rid].get(p)) if p // 4 >= fork else None for p in x)
            series.append(Series(f"oil counters in the reserve ({names[1]})", names[1], "line", values, parent=True))
        title = reserve_name(rid, reserve)
        panels.append(Panel(title, x, labels, "oil counters", tuple(series), scale="counters"))
    return tuple(panels)


# ---------------------------------------------------------------------------------------------------------------------
# Naval construction


def ships_by_launch(state: GameState) -> dict[str, dict[int, list[tuple[str, int]]]]:
    """Per shipyard, per launch turn (index): the ships (id, factors) launched then, or expected then if every
    later step is a normal continue (27.7272A, D; :func:`projections.naval.expected_launch_turn`)."""
    naval = state.naval
    found: dict[str, dict[int, list[tuple[str, int]]]] = {}
    for ship in naval.ships.values():
        if ship.yard is None:
            continue
        if ship.status == "launched" and ship.launched_turn is not None:
            turn = ship.launched_turn
        else:
            expected = naval_charts.expected_launch_turn(naval, ship.id)
            if expected is None:
                continue
            turn = turn_index(*expected)
        found.setdefault(ship.yard, {}).setdefault(turn, []).append((ship.id, ship.factors or 1))
    return found


def _naval_panels(mine: Source, theirs: Source | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = ships_by_launch(mine.state)
    other = ships_by_launch(theirs.state) if theirs is not None else {}
    yards = sorted(data.keys() | other.keys())
    turns = {t for by_turn in data.values() for t in by_turn} | {
        t for by_turn in other.values() for t in by_turn if t >= fork
    }
    x, labels = _axis(turns)
    series = []
    for position, yard in enumerate(yards, start=1):
        for source, name, parent in ((data, names[0], False), (other, names[1], True)):
            by_turn = source.get(yard, {})
            if not by_turn:
                continue
            values = tuple(float(position) if by_turn.get(t) and (not parent or t >= fork) else None for t in x)
            sizes = tuple(float(sum(f for _, f in by_turn.get(t, []))) for t in x)
            label = yard if not parent else f"{yard} ({name})"
            series.append(Series(label, name, "point", values, sizes, parent=parent))
    panel = Panel("Ships by shipyard and launch turn (marker: factors)", x, labels, "shipyard", tuple(series))
    return (panel._replace(categories=tuple(yards)),)


# ---------------------------------------------------------------------------------------------------------------------
# Losses


class Losses(Reader):
    """Factors lost, per nationality (the country printed on the counter: Polish units that Britain controls are
    Poland's losses) and game turn, counted as the events happen: a
    unit that leaves play eliminated (combat, attrition, surrender, a ship sunk or scuttled...) loses the factors it
    had, a unit reduced the factors it lost (15.62's partial losses). A unit built or rebuilt later takes nothing
    back: the loss stays in the turn it happened."""

    def __init__(self) -> None:
        self.by_country: dict[str, dict[int, int]] = {}
        self.units: dict[tuple[str, int], list[str]] = {}
        """The units that lost factors, by nationality and game turn (for a tooltip, a test, a hand count)."""

    def after(self, record: Record, state: GameState, touched: Touched) -> None:
        if not touched:
            return
        units, gone = state.board.units, state.board.eliminated
        for key, was in touched.items():
            if was is None:
                continue
            now = units.get(key)
            if now is None:
                out = gone.get(key)
                lost = was.factors if out is not None and out.unit is was else 0
            else:
                lost = was.factors - now.factors if now.unit_type == was.unit_type else 0
            if lost > 0:
                turn = turn_index(record.event.year, record.event.season)
                by_turn = self.by_country.setdefault(was.nationality, {})
                by_turn[turn] = by_turn.get(turn, 0) + lost
                self.units.setdefault((was.nationality, turn), []).append(key)

    def total(self, turn: int) -> int:
        return sum(by_turn.get(turn, 0) for by_turn in self.by_country.values())


def _loss_panels(mine: Source, theirs: Source | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = mine.losses.by_country
    other = theirs.losses.by_country if theirs is not None else {}
    turns = {t for v in data.values() for t in v} | {t for v in other.values() for t in v if t >= fork}
    x, labels = _axis(turns)
    series = [
        Series(country(nationality), names[0], "bar", tuple(float(data[nationality].get(t, 0)) for t in x))
        for nationality in sorted(data, key=_power_order)
    ]
    if theirs is not None and other:
        values = tuple(float(theirs.losses.total(t)) if t >= fork else None for t in x)
        series.append(Series(f"all factors lost ({names[1]})", names[1], "line", values, parent=True))
    return (Panel("Factors lost by each country (the nationality of the units)", x, labels, "factors", tuple(series)),)


# ---------------------------------------------------------------------------------------------------------------------

TITLES: dict[ChartView, str] = {
    "brp": "BRP base and BRPs available at the end of each game turn, and BRPs spent by category (27)",
    "oil": "Oil counters in each oil reserve at the end of each player turn, against its maximum (33.42, 33.422)",
    "naval": "Ships on the Naval Construction Charts, by shipyard and the game turn they launch (27.723, 27.7272)",
    "losses": "Factors eliminated and lost as partial losses, by the game turn they were lost (15.6, 15.62)",
}
"""Each chart's title, in the rules' words."""

_PANELS: dict[ChartView, Callable[[Source, Source | None, tuple[str, str], int], tuple[Panel, ...]]] = {
    "brp": _brp_panels,
    "oil": _oil_panels,
    "naval": _naval_panels,
    "losses": _loss_panels,
}


def walked(store: GameStore, timeline: str, start: int, stop: int) -> Source:
    """The state after event ``stop`` and the losses of events ``start..stop``, in one walk from the state before
    ``start``."""
    losses = Losses()
    opened = store.open(timeline)
    first = state_at(opened, start - 1, save=False) if start > 1 else None
    state = Walk([losses], first).run(opened.effective_records(max(1, start), stop))
    return Source(state, losses)


def parent_of(store: GameStore, timeline: str, *, losses: bool = True) -> tuple[str, Source, int] | None:
    """A branch's parent: its name, its charts' source (its end state, and with ``losses`` the losses from the fork
    to its end, walked), and the fork's game turn. ``None`` for a main line."""
    info = store.timeline(timeline)
    if info.parent is None:
        return None
    fork_record = store.record_at(info.parent, info.fork_at)
    if fork_record is None:
        return None
    fork = turn_index(fork_record.event.year, fork_record.event.season)
    last = store.count(info.parent)
    if losses:
        return info.parent, walked(store, info.parent, info.fork_at + 1, last), fork
    return info.parent, Source(state_at(store.open(info.parent), last, save=False), Losses()), fork


def build(
    view: ChartView,
    timeline: str,
    mine: Source,
    parent: tuple[str, Source, int] | None = None,
    *,
    first_turn: int | None = None,
) -> Chart:
    """The chart of ``view`` drawn from ``mine`` (and a parent's source from the fork on); ``first_turn`` drops the
    game turns before it."""
    theirs, names, fork = (None, (timeline, ""), 0) if parent is None else (parent[1], (timeline, parent[0]), parent[2])
    panels = _PANELS[view](mine, theirs, names, fork)
    if first_turn is not None:
        panels = tuple(_from_turn(p, first_turn, view) for p in panels)
    return Chart(view, f"{timeline}: {TITLES[view]}", panels)


def chart(store: GameStore, timeline: str, view: ChartView, *, start: int = 0, stop: int | None = None) -> Chart:
    """The chart of ``view`` for ``timeline`` up to event ``stop`` (default its end); a branch with its parent's
    series from the fork on. ``start`` drops turns before that event's game turn (losses are counted from the start
    of that game turn)."""
    last = store.count(timeline) if stop is None else stop
    first_turn: int | None = None
    begin = 1
    if start > 0:
        record = store.record_at(timeline, start)
        if record is not None:
            event = record.event
            first_turn = turn_index(event.year, event.season)
            turn = GamePoint(event.year, event.season, None, None)
            begin = min(start, seq_for_game_time(store.open(timeline), turn, before=True) + 1)
    walk = view == "losses"
    if walk:
        mine = walked(store, timeline, begin, last)
    else:
        mine = Source(state_at(store.open(timeline), last, save=False), Losses())
    return build(view, timeline, mine, parent_of(store, timeline, losses=walk), first_turn=first_turn)


def _from_turn(panel: Panel, first: int, view: ChartView) -> Panel:
    keep = [i for i, x in enumerate(panel.x) if (x // 4 if view == "oil" else x) >= first]
    return panel._replace(
        x=tuple(panel.x[i] for i in keep),
        labels=tuple(panel.labels[i] for i in keep),
        series=tuple(
            s._replace(
                values=tuple(s.values[i] for i in keep), sizes=tuple(s.sizes[i] for i in keep) if s.sizes else ()
            )
            for s in panel.series
        ),
    )


__all__ = ["CHART_VIEWS", "TITLES", "Chart", "ChartView", "Losses", "Panel", "Series", "Source", "build", "chart"]
