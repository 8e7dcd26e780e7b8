"""The naval construction charts for people and for scripts: each shipyard's chart (27.723, 27.724) with its
shipbuilding rate, capacity and what it spent this turn, the ships on it by row and column, the Waiting for Repair
box, and every ship built or repaired with when it was laid down and when it is expected to launch; and the rows of
the read-model tables.

Derived figures (effective rate, capacity, the one-factor cap, expected launch) come from
:mod:`projections.naval`'s queries.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import msgspec
from rich.console import RenderableType

from awaw_events.vocab import CHART_ROWS, SEASONS
from projections.naval import (
    Chart,
    ChartStep,
    Ship,
    State,
    YardSpend,
    capacity,
    capacity_rule_of,
    counters_on_chart,
    effective_rate,
    expected_launch_turn,
    one_factor_cap,
)
from replays.views.common import Change, cells, country, heading, line, name, table

VIEW = "naval"

_ROW_WORDS: Final[dict[str, str]] = {"launch": "the Launch row"}
_MOVE_WORDS: Final[dict[str, str]] = {
    "continue": "continued",
    "accelerate_1": "accelerated one column",
    "accelerate_2": "accelerated two columns",
    "defer": "deferred",
}
STATUS_WORDS: Final[dict[str, str]] = {
    "afloat": "afloat",
    "on_chart": "on the chart",
    "waiting_for_repair": "in the Waiting for Repair box",
    "launched": "launched",
    "damaged": "damaged",
    "sunk": "sunk",
    "scuttled": "scuttled",
    "destroyed": "destroyed on a captured chart",
    "eliminated": "eliminated",
}
"""A ship's status (:data:`projections.naval.ShipStatus`) in words."""


def _turn_words(turn: tuple[int, str] | None) -> str | None:
    return None if turn is None else f"{turn[1].capitalize()} {turn[0]}"


def _yard_name(yard: str) -> str:
    """A shipyard as the charts name it: ``kiel`` -> ``Kiel``, ``us-atlantic`` -> ``U.S. Atlantic``."""
    if yard.startswith("us-"):
        return "U.S. " + country(yard[3:].replace("-", "_"))
    return country(yard.replace("-", "_"))


def _mine(owner: str | None, power: str | None) -> bool:
    return power is None or owner == power


def _shown(ship: Ship) -> bool:
    """Whether a ship belongs to the naval view: it has been on or at a chart, or lies sunk in port and may be
    raised (27.7262). Ships merely afloat, damaged or sunk at sea are the board's story."""
    return bool(ship.history) or ship.sunk_in_port or ship.raised_in is not None


# ---------------------------------------------------------------------------------------------------------------------
# Data (``--json``)


def _chart_summary(state: State, chart: Chart) -> dict[str, Any]:
    spend = state.spent.get(chart.yard) or YardSpend()
    return {
        "owner": chart.owner,
        "controller": chart.controller,
        "mode": chart.mode,
        "location": chart.location,
        "defined": chart.defined,
        "rate": chart.rate,
        "effective_rate": effective_rate(chart),
        "capacity": capacity(chart),
        "capacity_rule": capacity_rule_of(chart),
        "counters": counters_on_chart(state, chart.yard),
        "cells": {k: list(v) for k, v in sorted(chart.cells.items())},
        "waiting_for_repair": list(chart.waiting),
        "sb_spent": spend.sb,
        "one_factor_sb_spent": spend.one_factor_sb,
        "one_factor_sb_cap": one_factor_cap(chart),
        "brps_spent": spend.brps,
        "brps_total": state.brps_total.get(chart.yard, 0),
        "sb_total": state.sb_total.get(chart.yard, 0),
    }


def _ship_summary(state: State, ship: Ship) -> dict[str, Any]:
    found: dict[str, Any] = msgspec.to_builtins(ship)
    found.pop("history", None)
    found["steps"] = len(ship.history)
    move = ship.last_move
    if move is not None:
        found["last_move"] = move.action
        found["last_moved"] = move.when
    found["expected_launch"] = _turn_words(expected_launch_turn(state, ship.id))
    return dict(sorted(found.items()))


def data(state: State, power: str | None = None) -> dict[str, Any]:
    """The charts as plain data (``awaw state --view naval --json``), optionally one power's yards and ships."""
    return {
        "turn": f"{state.season.capitalize()} {state.year}" if state.season else None,
        "charts": {
            yard: _chart_summary(state, chart)
            for yard, chart in sorted(state.charts.items())
            if power is None or power in (chart.owner, chart.controller)
        },
        "ships": {
            sid: _ship_summary(state, s)
            for sid, s in sorted(state.ships.items())
            if _shown(s) and _mine(s.owner, power)
        },
    }


# ---------------------------------------------------------------------------------------------------------------------
# For people


def _yards(state: State, power: str | None) -> Iterator[RenderableType]:
    charts = [c for _, c in sorted(state.charts.items()) if power is None or power in (c.owner, c.controller)]
    if not charts:
        yield line("Shipyards: none")
        return
    found = table(
        "Shipyards (27.723): shipbuilding rate, capacity (27.724B) and spending this turn",
        ("yard", "owner", "rate", "capacity", "ships", "spent this turn"),
        right=("rate", "capacity", "ships"),
    )
    for chart in charts:
        spend = state.spent.get(chart.yard) or YardSpend()
        owner = country(chart.owner)
        if chart.controller != chart.owner:
            owner += f", held by {country(chart.controller)} ({name(chart.mode)})"
        spent = f"{spend.sb} SB, {spend.brps} BRPs"
        if spend.one_factor_sb:
            spent += f"; {spend.one_factor_sb} SB on one-factor units (at most {one_factor_cap(chart)})"
        whole = (state.sb_total.get(chart.yard, 0), state.brps_total.get(chart.yard, 0))
        if any(whole):
            spent = (spent if spend.sb or spend.brps else "nothing") + f" (whole game: {whole[0]} SB, {whole[1]} BRPs)"
        found.add_row(
            *cells(
                _yard_name(chart.yard),
                owner,
                effective_rate(chart),
                capacity(chart),
                counters_on_chart(state, chart.yard),
                spent if spend.sb or spend.brps or any(whole) else "-",
            )
        )
    yield found


def _grid(state: State, chart: Chart) -> RenderableType:
    """A chart as printed: rows 5 to Launch, columns Spring to Winter, the ships in each cell."""
    title = f"{_yard_name(chart.yard)} naval construction chart"
    if chart.waiting:
        title += ": waiting for repair " + ", ".join(_ship_name(state, s) for s in chart.waiting)
    found = table(title, ("row", *(s.capitalize() for s in SEASONS)))
    for row in CHART_ROWS:
        found.add_row(
            *cells(
                "Launch" if row == "launch" else row,
                *(", ".join(_ship_name(state, s) for s in chart.cells.get(f"{row}/{col}", ())) for col in SEASONS),
            )
        )
    return found


def _ship_name(state: State, ship_id: str) -> str:
    ship = state.ships.get(ship_id)
    if ship is None:
        return ship_id
    kind = name(ship.unit_type) if ship.unit_type else ""
    return f"{ship.name} ({ship.id})" if ship.name else f"{kind} {ship.id}".strip()


def where_words(ship: Ship) -> str:
    """Where a ship stands, in words: ``row 2, Winter column at Kiel``, ``launched in Spring 1940``."""
    match ship.status:
        case "on_chart":
            row = "the Launch row" if ship.row == "launch" else f"row {ship.row}"
            return f"{row}, {str(ship.column).capitalize()} column"
        case "launched":
            return f"launched in {ship.launched}"
        case "sunk":
            return "sunk in port (may be raised, 27.7262)" if ship.sunk_in_port else "sunk"
        case _:
            return STATUS_WORDS.get(ship.status, name(ship.status))


def _ships(state: State, power: str | None) -> Iterator[RenderableType]:
    ships = [s for _, s in sorted(state.ships.items()) if _shown(s) and _mine(s.owner, power)]
    if not ships:
        return
    found = table(
        "Ships built or repaired on the charts",
        ("ship", "yard", "where", "laid down", "expected launch (27.7272)"),
    )
    for ship in ships:
        move = ship.last_move
        begun = ship.laid_down or "-"
        if ship.work == "repair":
            begun = "repair begun"
        elif ship.setup:
            begun = "at set-up"
        where = where_words(ship)
        if move is not None and ship.status == "on_chart":
            where += f" ({_MOVE_WORDS.get(move.action, move.action)} in {move.when})"
        found.add_row(
            *cells(
                " ".join(str(p) for p in (ship.name or ship.id, name(ship.unit_type), ship.factors) if p is not None),
                _yard_name(ship.yard) if ship.yard else "-",
                where,
                begun,
                _turn_words(expected_launch_turn(state, ship.id)) or "-",
            )
        )
    yield found


def _payments(state: State, power: str | None) -> Iterator[RenderableType]:
    owners = {yard: chart.owner for yard, chart in state.charts.items()}
    spends = [s for s in state.spends if power is None or owners.get(s.yard) == power]
    if not spends:
        return
    found = table("Naval payments this turn (27.72)", ("yard", "ship", "for", "SB", "BRPs"), right=("SB", "BRPs"))
    for s in spends:
        what = _MOVE_WORDS.get(s.action, name(s.action)) + (" (one-factor unit)" if s.one_factor else "")
        found.add_row(*cells(_yard_name(s.yard), _ship_name(state, s.unit), what, s.sb, s.brps))
    yield found


def render(state: State, power: str | None = None) -> list[RenderableType]:
    """The naval construction charts for people: ``power``'s yards and ships only, when given."""
    turn = f", {state.season.capitalize()} {state.year}" if state.season else ""
    charts = [
        c
        for _, c in sorted(state.charts.items())
        if (c.cells or c.waiting) and (power is None or power in (c.owner, c.controller))
    ]
    return [
        heading(f"Naval construction{turn}"),
        *_yards(state, power),
        *(_grid(state, c) for c in charts),
        *_ships(state, power),
        *_payments(state, power),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Differences


def _row_words(row: str | None) -> str:
    return _ROW_WORDS.get(row or "", f"row {row}")


def _where(ship: Ship | None, other: Ship | None) -> str:
    """A ship's standing in words, with ``other`` (the same ship in the other state) deciding the detail."""
    if ship is None:
        return "not on any chart"
    match ship.status:
        case "on_chart":
            detail = ""
            if other is not None and other.status == "on_chart":
                if other.row == ship.row and other.column != ship.column:
                    detail = f", {str(ship.column).capitalize()} column"
                if other.yard != ship.yard:
                    detail += f" at {_yard_name(ship.yard or '')}"
            return f"on {_row_words(ship.row)}{detail}"
        case "launched":
            return f"launched in {ship.launched}"
        case "waiting_for_repair":
            return f"waiting for repair at {_yard_name(ship.yard or '')}"
        case "sunk":
            return "sunk in port" if ship.sunk_in_port else "sunk"
        case _:
            return STATUS_WORDS.get(ship.status, ship.status.replace("_", " "))


def _move_words(step: ChartStep | None) -> str:
    if step is None:
        return "not moved since it was placed"
    where = f" from {_row_words(step.from_row)}" if step.from_row else ""
    return f"{_MOVE_WORDS.get(step.action, step.action)}{where} in {step.when}"


def _yard_changes(a: State, b: State) -> Iterator[Change]:
    for yard in sorted(a.charts.keys() | b.charts.keys()):
        ca, cb = a.charts.get(yard), b.charts.get(yard)
        title = f"{_yard_name(yard)} shipyard"
        if ca is None or cb is None:
            text = f"{title}: {'defined' if ca is None else 'gone'}"
            yield Change(view=VIEW, subject=yard, what="chart", a=ca is not None, b=cb is not None, text=text)
            continue
        sa, sb = a.spent.get(yard) or YardSpend(), b.spent.get(yard) or YardSpend()
        for what, va, vb in (
            ("shipbuilding rate", ca.rate, cb.rate),
            ("capacity", capacity(ca), capacity(cb)),
            ("controller", f"{ca.controller} ({ca.mode})", f"{cb.controller} ({cb.mode})"),
            ("SB spent this turn", sa.sb, sb.sb),
            ("SB spent on one-factor units this turn", sa.one_factor_sb, sb.one_factor_sb),
            ("BRPs spent on the chart this turn", sa.brps, sb.brps),
        ):
            if va != vb:
                yield Change(view=VIEW, subject=yard, what=what, a=va, b=vb, text=f"{title}: {what} {va} → {vb}")


def differences(a: State, b: State) -> list[Change]:
    """What differs between two naval states, each change as data and in words (``A → B``), e.g. "Bismarck: on
    row 2 → launched in Fall 1940"."""
    found = list(_yard_changes(a, b))
    for ship_id in sorted(a.ships.keys() | b.ships.keys()):
        sa_, sb_ = a.ships.get(ship_id), b.ships.get(ship_id)
        if sa_ == sb_ or not any(s is not None and _shown(s) for s in (sa_, sb_)):
            continue
        ship = sa_ or sb_
        assert ship is not None
        wa, wb = _where(sa_, sb_), _where(sb_, sa_)
        status_a = None if sa_ is None else sa_.status
        status_b = None if sb_ is None else sb_.status
        if wa != wb:
            text = f"{ship.label}: {wa} → {wb}"
            found.append(Change(view=VIEW, subject=ship_id, what="where", a=status_a, b=status_b, text=text))
            continue
        assert sa_ is not None and sb_ is not None
        ma, mb = sa_.last_move, sb_.last_move
        if ma != mb:
            text = f"{ship.label}: {_move_words(ma)} → {_move_words(mb)}"
            va = None if ma is None else ma.action
            vb = None if mb is None else mb.action
            found.append(Change(view=VIEW, subject=ship_id, what="last_move", a=va, b=vb, text=text))
        elif sa_.damaged_in != sb_.damaged_in:
            text = f"{ship.label}: damaged in {sa_.damaged_in or 'no turn'} → {sb_.damaged_in or 'no turn'}"
            found.append(
                Change(view=VIEW, subject=ship_id, what="damaged_in", a=sa_.damaged_in, b=sb_.damaged_in, text=text)
            )
        elif sa_.factors != sb_.factors:
            text = f"{ship.label}: {sa_.factors} → {sb_.factors} factors"
            found.append(Change(view=VIEW, subject=ship_id, what="factors", a=sa_.factors, b=sb_.factors, text=text))
        elif len(sa_.history) != len(sb_.history):
            text = f"{ship.label}: {len(sa_.history)} → {len(sb_.history)} chart steps"
            found.append(
                Change(view=VIEW, subject=ship_id, what="steps", a=len(sa_.history), b=len(sb_.history), text=text)
            )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Read-model rows


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``naval_<table>``)."""
    yards = []
    for yard, chart in state.charts.items():
        row = _chart_summary(state, chart)
        row.pop("cells")
        row["waiting_for_repair"] = ",".join(chart.waiting)
        yards.append({"yard": yard, **row})
    ship_rows = []
    step_rows = []
    for ship_id, ship in state.ships.items():
        found = _ship_summary(state, ship)
        ship_rows.append({"ship": ship_id, **{k: v for k, v in found.items() if k != "id"}})
        for n, s in enumerate(ship.history):
            step_rows.append({"ship_step": f"{ship_id}#{n}", "ship": ship_id, "n": n, **msgspec.to_builtins(s)})
    cell_rows = [
        {
            "cell": f"{yard}/{key}#{n}",
            "yard": yard,
            "row": key.split("/", 1)[0],
            "column": key.split("/", 1)[1],
            "position": n,
            "ship": ship,
        }
        for yard, chart in state.charts.items()
        for key, ids in chart.cells.items()
        for n, ship in enumerate(ids)
    ]
    spend_rows = [{"spend": n, **msgspec.to_builtins(s)} for n, s in enumerate(state.spends)]
    return {
        "yards": yards,
        "ships": ship_rows,
        "cells": cell_rows,
        "steps": step_rows,
        "spends": spend_rows,
    }
