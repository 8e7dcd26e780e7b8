"""The data of the charts (``awaw plot``, the HTML report): series computed from the projections, no drawing.

Each chart is a :class:`Chart` of panels; each panel has an x axis of game turns (or player turns) and series of
numbers, every one read from a ledger: BRP base and available per major power by turn with spending by category
(the BRP ledger's turn summaries, 27-30 extract 4.2), oil reserves against their maxima by period (the oil ledger,
33.42), ships on the naval construction charts by shipyard and launch turn (27.7272) and factors eliminated per
turn (the board). A branch is compared with its parent: the parent's series from the fork on, on the same axes.
:mod:`replays.plotting` draws them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple

from awaw_events.gametime import turn_index
from awaw_events.store import GameStore
from awaw_events.vocab import POWERS
from projections import brp as brp_ledger
from projections import naval as naval_charts
from projections.game import GameState
from replays.state import state_at
from replays.views.brp import CATEGORY_WORDS
from replays.views.common import country, side_of

ChartView = Literal["brp", "oil", "naval", "losses"]
CHART_VIEWS: tuple[ChartView, ...] = ("brp", "oil", "naval", "losses")

Style = Literal["line", "bar", "point"]


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
    """One set of axes: a title, the x positions (turn indices) and their labels, the y label, its series."""

    title: str
    x: tuple[int, ...]
    labels: tuple[str, ...]
    ylabel: str
    series: tuple[Series, ...]
    categories: tuple[str, ...] = ()


class Chart(NamedTuple):
    """A chart of one or more panels."""

    view: ChartView
    title: str
    panels: tuple[Panel, ...]


def turn_words(index: int) -> str:
    return naval_charts.turn_label(index)


def _axis(indices: set[int]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    ordered = tuple(sorted(indices))
    return ordered, tuple(turn_words(i) for i in ordered)


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


def _brp_panels(mine: GameState, theirs: GameState | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = brp_by_turn(mine)
    other = brp_by_turn(theirs) if theirs is not None else {}
    order: dict[str, int] = {p: i for i, p in enumerate(POWERS)}
    panels = []
    for power in sorted(data, key=lambda p: order.get(p, 99)):
        turns = set(data[power]) | {t for t in other.get(power, {}) if t >= fork}
        x, labels = _axis(turns)
        rows = data[power]
        series = [
            Series(f"{what}", names[0], "line", tuple(rows.get(t, {}).get(key) for t in x))
            for what, key in (("BRP base", "base"), ("BRPs available", "available"))
        ]
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
                for what, key in (("BRP base", "base"), ("BRPs available", "available"))
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


def _oil_panels(mine: GameState, theirs: GameState | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = oil_by_period(mine)
    other = oil_by_period(theirs) if theirs is not None else {}
    panels = []
    for rid in sorted(data):
        periods = set(data[rid]) | {p for p in other.get(rid, {}) if p // 4 >= fork}
        x = tuple(sorted(periods))
        labels = tuple(period_words(p) for p in x)
        reserve = mine.oil.reserves.get(rid)
        maximum = None if reserve is None or reserve.maximum is None else reserve.maximum
        series = [Series("oil in the reserve (fifths)", names[0], "line", tuple(data[rid].get(p) for p in x))]
        if maximum is not None:
            series.append(Series("maximum (33.422)", names[0], "line", tuple(float(maximum) for _ in x)))
        if rid in other:
            values = tuple(other[rid].get(p) if p // 4 >= fork else None for p in x)
            series.append(Series(f"oil in the reserve ({names[1]})", names[1], "line", values, parent=True))
        faction = country(reserve.faction) if reserve is not None else ""
        panels.append(Panel(f"{rid} ({faction})", x, labels, "fifths of an oil counter", tuple(series)))
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


def _naval_panels(mine: GameState, theirs: GameState | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = ships_by_launch(mine)
    other = ships_by_launch(theirs) if theirs is not None else {}
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


def losses_by_turn(state: GameState) -> dict[str, dict[int, int]]:
    """Per side (``axis``/``allied``, by the eliminated unit's owner): factors eliminated per game turn."""
    found: dict[str, dict[int, int]] = {}
    for gone in state.board.eliminated.values():
        side = side_of(gone.unit.owner) or "other"
        by_turn = found.setdefault(side, {})
        by_turn[gone.turn] = by_turn.get(gone.turn, 0) + gone.unit.factors
    return found


def _loss_panels(mine: GameState, theirs: GameState | None, names: tuple[str, str], fork: int) -> tuple[Panel, ...]:
    data = losses_by_turn(mine)
    other = losses_by_turn(theirs) if theirs is not None else {}
    turns = {t for v in data.values() for t in v} | {t for v in other.values() for t in v if t >= fork}
    x, labels = _axis(turns)
    series = []
    for side in ("axis", "allied", "other"):
        words = {"axis": "Axis", "allied": "Allies", "other": "others"}[side]
        if side in data:
            series.append(Series(words, names[0], "line", tuple(float(data[side].get(t, 0)) for t in x)))
        if side in other:
            values = tuple(float(other[side].get(t, 0)) if t >= fork else None for t in x)
            series.append(Series(f"{words} ({names[1]})", names[1], "line", values, parent=True))
    return (Panel("Factors eliminated per game turn", x, labels, "factors", tuple(series)),)


# ---------------------------------------------------------------------------------------------------------------------

_PANELS: dict[ChartView, tuple[str, Callable[..., tuple[Panel, ...]]]] = {
    "brp": ("BRP base and BRPs available by turn, with spending by category", _brp_panels),
    "oil": ("Oil reserves against their maxima (33.422)", _oil_panels),
    "naval": ("Ships on the naval construction charts by shipyard and launch turn (27.7272)", _naval_panels),
    "losses": ("Factors eliminated per game turn", _loss_panels),
}


def chart(store: GameStore, timeline: str, view: ChartView, *, start: int = 0, stop: int | None = None) -> Chart:
    """The chart of ``view`` for ``timeline`` up to event ``stop`` (default its end); a branch with its parent's
    series from the fork on. ``start`` drops turns before that event's game turn."""
    last = store.count(timeline) if stop is None else stop
    mine = state_at(store.open(timeline), last, save=False)
    info = store.timeline(timeline)
    theirs: GameState | None = None
    fork = 0
    names = (timeline, info.parent or "")
    if info.parent is not None:
        fork_record = store.record_at(info.parent, info.fork_at)
        if fork_record is not None:
            fork = turn_index(fork_record.event.year, fork_record.event.season)
            theirs = state_at(store.open(info.parent), store.count(info.parent), save=False)
    title, build = _PANELS[view]
    panels = build(mine, theirs, names, fork)
    if start > 0:
        record = store.record_at(timeline, start)
        if record is not None:
            panels = tuple(_from_turn(p, turn_index(record.event.year, record.event.season), view) for p in panels)
    return Chart(view, f"{timeline}: {title}", panels)


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
