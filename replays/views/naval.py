"""The naval construction charts for people and read models: plain data (``--json``), differences in words,
read-model rows."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from projections.naval import (
    Chart,
    ChartStep,
    Ship,
    State,
    YardSpend,
    _turn_label,
    capacity,
    capacity_rule_of,
    counters_on_chart,
    effective_rate,
    expected_launch_turn,
    one_factor_cap,
)


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
    data: dict[str, Any] = msgspec.to_builtins(ship)
    data.pop("history", None)
    data["steps"] = len(ship.history)
    move = ship.last_move
    if move is not None:
        data["last_move"] = move.action
        data["last_moved"] = move.when
    data["expected_launch"] = _turn_label(expected_launch_turn(state, ship.id))
    return dict(sorted(data.items()))


def _shown(ship: Ship) -> bool:
    """Whether a ship belongs to the naval view: it has been on or at a chart, or lies sunk in port and may be
    raised (27.7262). Ships merely afloat, damaged or sunk at sea are the board's story."""
    return bool(ship.history) or ship.sunk_in_port or ship.raised_in is not None


def data(state: State) -> dict[str, Any]:
    """The charts as plain data (``awaw state --view naval --json``)."""
    return {
        "turn": f"{state.season.capitalize()} {state.year}" if state.season else None,
        "charts": {yard: _chart_summary(state, chart) for yard, chart in sorted(state.charts.items())},
        "ships": {sid: _ship_summary(state, s) for sid, s in sorted(state.ships.items()) if _shown(s)},
    }


_ROW_WORDS: Final[dict[str, str]] = {"launch": "the Launch row"}


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
                    detail += f" at {ship.yard}"
            prefix = "still " if other is not None and other.status != "on_chart" else ""
            return f"{prefix}on {_row_words(ship.row)}{detail}"
        case "launched":
            return f"launched in {ship.launched}"
        case "waiting_for_repair":
            return f"waiting for repair at {ship.yard}"
        case "sunk":
            return "sunk in port" if ship.sunk_in_port else "sunk"
        case "afloat":
            return "afloat"
        case _:
            return ship.status.replace("_", " ")


def differences(a: State, b: State, label_a: str = "A", label_b: str = "B") -> list[str]:
    """The differences between two naval states in words a player understands, e.g. "Bismarck launched in Fall
    1940 in A, still on row 2 in B"."""
    lines: list[str] = []
    for yard in sorted(a.charts.keys() | b.charts.keys()):
        ca, cb = a.charts.get(yard), b.charts.get(yard)
        if ca is None or cb is None:
            lines.append(f"shipyard {yard}: only in {label_a if ca is not None else label_b}")
            continue
        if ca.rate != cb.rate:
            lines.append(f"{yard}: shipbuilding rate {ca.rate} in {label_a}, {cb.rate} in {label_b}")
        if capacity(ca) != capacity(cb):
            lines.append(f"{yard}: capacity {capacity(ca)} in {label_a}, {capacity(cb)} in {label_b}")
        if (ca.controller, ca.mode) != (cb.controller, cb.mode):
            lines.append(
                f"{yard}: controlled by {ca.controller} ({ca.mode}) in {label_a}, "
                f"by {cb.controller} ({cb.mode}) in {label_b}"
            )
        sa, sb = a.spent.get(yard) or YardSpend(), b.spent.get(yard) or YardSpend()
        if sa.sb != sb.sb:
            lines.append(f"{yard}: {sa.sb} SB spent this turn in {label_a}, {sb.sb} in {label_b}")
        if sa.one_factor_sb != sb.one_factor_sb:
            lines.append(
                f"{yard}: {sa.one_factor_sb} SB on one-factor units this turn in {label_a}, "
                f"{sb.one_factor_sb} in {label_b}"
            )
        if sa.brps != sb.brps:
            lines.append(f"{yard}: {sa.brps} BRPs spent on the chart this turn in {label_a}, {sb.brps} in {label_b}")
    for ship_id in sorted(a.ships.keys() | b.ships.keys()):
        sa_, sb_ = a.ships.get(ship_id), b.ships.get(ship_id)
        if sa_ == sb_ or not any(s is not None and _shown(s) for s in (sa_, sb_)):
            continue
        ship = sa_ or sb_
        assert ship is not None
        wa, wb = _where(sa_, sb_), _where(sb_, sa_)
        if wa != wb:
            lines.append(f"{ship.label} {wa} in {label_a}, {wb} in {label_b}")
            continue
        assert sa_ is not None and sb_ is not None
        ma, mb = sa_.last_move, sb_.last_move
        if ma != mb:
            lines.append(f"{ship.label}: {_move_words(ma)} in {label_a}, {_move_words(mb)} in {label_b}")
        elif sa_.damaged_in != sb_.damaged_in:
            lines.append(
                f"{ship.label}: damaged in {sa_.damaged_in or 'no turn'} in {label_a}, "
                f"in {sb_.damaged_in or 'no turn'} in {label_b}"
            )
        elif sa_.factors != sb_.factors:
            lines.append(f"{ship.label}: {sa_.factors} factors in {label_a}, {sb_.factors} in {label_b}")
        elif len(sa_.history) != len(sb_.history):
            lines.append(f"{ship.label}: {len(sa_.history)} chart steps in {label_a}, {len(sb_.history)} in {label_b}")
    return lines


_MOVE_WORDS: Final[dict[str, str]] = {
    "continue": "continued",
    "accelerate_1": "accelerated one column",
    "accelerate_2": "accelerated two columns",
    "defer": "deferred",
}


def _move_words(step: ChartStep | None) -> str:
    if step is None:
        return "not moved since it was placed"
    where = f" from {_row_words(step.from_row)}" if step.from_row else ""
    return f"{_MOVE_WORDS.get(step.action, step.action)}{where} in {step.when}"


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize``)."""
    yards = []
    for yard, chart in state.charts.items():
        row = _chart_summary(state, chart)
        row.pop("cells")
        row["waiting_for_repair"] = ",".join(chart.waiting)
        yards.append({"yard": yard, **row})
    ship_rows = []
    step_rows = []
    for ship_id, ship in state.ships.items():
        data = _ship_summary(state, ship)
        ship_rows.append({"ship": ship_id, **{k: v for k, v in data.items() if k != "id"}})
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
