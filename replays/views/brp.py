"""The BRP ledgers for people and read models: plain data (``--json``), differences in words, read-model rows."""

from __future__ import annotations

from typing import Any

import msgspec

from projections.brp import (
    _SUMMARY_CATEGORIES,
    State,
    TurnSummary,
    construction_spent,
    deficit_cap_of,
    deficit_of,
    power_name,
    total,
    turn_label,
)


def _powers(state: State) -> list[str]:
    touched = {line.power for line in state.lines}
    return sorted(state.available.keys() | state.base.keys() | touched | state.accrued.keys())


def power_view(state: State, power: str) -> dict[str, Any]:
    """One power's ledger for the current turn, as flat plain data (one row of the ``powers`` table)."""
    limit = state.limits.get(power)
    declared = state.declared.get(power)
    spent_limit = construction_spent(state, power)
    return {
        "base": state.base.get(power),
        "base_opening": state.base_opening.get(power),
        "opening": state.opening.get(power),
        "available": state.available.get(power),
        "deficit": deficit_of(state, power),
        "deficit_peak": state.deficit_peak.get(power, 0),
        "deficit_cap": deficit_cap_of(state, power),
        "additions": total(state, power, "additions"),
        "losses": total(state, power, "losses"),
        "spent": total(state, power, "spent"),
        "adjustments": total(state, power, "adjustments"),
        "construction_spent": spent_limit,
        "construction_limit": limit.limit if limit is not None else None,
        "construction_remaining": limit.limit - spent_limit if limit is not None else None,
        "limit_declared": declared.limit if declared is not None else None,
        "remaining_declared": declared.limit - spent_limit if declared is not None else None,
        "accrued_net": sum(a.amount for a in state.accrued.get(power, ())),
        "yss_deficit": state.yss_deficit.get(power, 0),
    }


def limit_view(state: State, power: str) -> dict[str, Any] | None:
    """The computed construction limit's parts and the declared value and components (27.32-27.34)."""
    limit = state.limits.get(power)
    declared = state.declared.get(power)
    if limit is None and declared is None:
        return None
    found: dict[str, Any] = msgspec.to_builtins(limit) if limit is not None else {}
    found["declared"] = declared.limit if declared is not None else None
    found["declared_components"] = dict(sorted(declared.components.items())) if declared is not None else None
    return found


def data(state: State) -> dict[str, Any]:
    """The ledgers as plain data (``awaw state --view brp --json``): the current turn per power, spending by
    category, construction limits, pending 35.7 items, this turn's lines and the archived turns."""
    powers = _powers(state)
    by_category = {
        p or "unattributed": {c: total(state, p, c) for c in _SUMMARY_CATEGORIES if total(state, p, c) != 0}
        for p in powers
    }
    limits = {p: limit_view(state, p) for p in powers}
    return {
        "turn": turn_label(state.year, state.season),
        "powers": {p or "unattributed": power_view(state, p) for p in powers},
        "by_category": {p: v for p, v in by_category.items() if v},
        "construction_limits": {p: v for p, v in limits.items() if v is not None},
        "accrued": {p: [msgspec.to_builtins(a) for a in items] for p, items in sorted(state.accrued.items())},
        "lines": [msgspec.to_builtins(line) for line in state.lines],
        "history": [msgspec.to_builtins(s) for s in state.history],
        "iron_ore_cut": state.iron_ore_cut,
        "keas": {k: msgspec.to_builtins(v) for k, v in sorted(state.keas.items())},
        "russian_ics": dict(sorted(state.ics.items())),
    }


def _closings(state: State) -> dict[str, dict[int, TurnSummary]]:
    found: dict[str, dict[int, TurnSummary]] = {}
    for s in state.history:
        found.setdefault(s.power, {})[s.turn] = s
    return found


def differences(a: State, b: State, label_a: str = "A", label_b: str = "B") -> list[str]:
    """The differences between two sets of ledgers, in words a player understands."""
    lines: list[str] = []
    for power in sorted((a.available.keys() | b.available.keys() | a.base.keys() | b.base.keys()) - {""}):
        name = power_name(power)
        va, vb = a.available.get(power), b.available.get(power)
        if va != vb:
            if va is None or vb is None:
                lines.append(f"{name}: BRPs recorded only in {label_a if vb is None else label_b}")
            else:
                more = label_a if va > vb else label_b
                lines.append(
                    f"{name}: {abs(va - vb)} BRPs more available in {more} ({va} in {label_a}, {vb} in {label_b})"
                )
        ba, bb = a.base.get(power), b.base.get(power)
        if ba != bb and ba is not None and bb is not None:
            lines.append(f"{name}: BRP base {ba} in {label_a}, {bb} in {label_b}")
        ca, cb = construction_spent(a, power), construction_spent(b, power)
        if ca != cb:
            lines.append(f"{name}: {ca} BRPs spent on construction this turn in {label_a}, {cb} in {label_b}")
        la, lb = a.limits.get(power), b.limits.get(power)
        if la is not None and lb is not None and la.limit != lb.limit:
            lines.append(f"{name}: construction limit {la.limit} in {label_a}, {lb.limit} in {label_b}")
        da, db = a.declared.get(power), b.declared.get(power)
        if da != db and da is not None and db is not None and da.limit != db.limit:
            lines.append(f"{name}: declared construction limit {da.limit} in {label_a}, {db.limit} in {label_b}")
        qa = sum(x.amount for x in a.accrued.get(power, ()))
        qb = sum(x.amount for x in b.accrued.get(power, ()))
        if qa != qb:
            lines.append(f"{name}: {qa:+d} BRPs awaiting a 35.7 batch in {label_a}, {qb:+d} in {label_b}")
    if a.iron_ore_cut != b.iron_ore_cut:
        lines.append(f"Swedish iron ore cut off in {label_a if a.iron_ore_cut else label_b} only")
    ha, hb = _closings(a), _closings(b)
    for power in sorted((ha.keys() & hb.keys()) - {""}):
        for turn in sorted(ha[power].keys() & hb[power].keys()):
            sa, sb = ha[power][turn], hb[power][turn]
            if sa.closing != sb.closing:
                lines.append(
                    f"{power_name(power)}: ended {turn_label(sa.year, sa.season)} with {sa.closing} BRPs in "
                    f"{label_a}, {sb.closing} in {label_b}"
                )
                break
    return lines


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``brp_<table>``): ``powers`` (the current turn
    per power), ``lines`` (this turn's ledger lines, ``seq`` first), ``turns`` (archived turn summaries, key
    ``<turn index>:<power>``) and ``accruals`` (35.7 items awaiting their batch)."""
    label = turn_label(state.year, state.season)
    powers = []
    for p in _powers(state):
        limit = state.limits.get(p)
        declared = state.declared.get(p)
        spent = construction_spent(state, p)
        powers.append(
            {
                "power": p,
                "turn": label,
                "base": state.base.get(p),
                "opening": state.opening.get(p),
                "available": state.available.get(p),
                "deficit": deficit_of(state, p),
                "additions": total(state, p, "additions"),
                "losses": total(state, p, "losses"),
                "spent": total(state, p, "spent"),
                "construction_spent": spent,
                "construction_limit": limit.limit if limit is not None else None,
                "construction_remaining": limit.limit - spent if limit is not None else None,
                "construction_limit_declared": declared.limit if declared is not None else None,
                "accrued_net": sum(a.amount for a in state.accrued.get(p, ())),
            }
        )
    line_columns = ("seq", "power", "kind", "category", "amount", "before", "after", "limit", "side", "phase")
    extra = ("ref", "rules", "detail")
    return {
        "powers": powers,
        "lines": [
            {
                **{c: getattr(line, c) for c in line_columns},
                "turn": label,
                **{c: getattr(line, c) for c in extra},
            }
            for line in state.lines
        ],
        "turns": [
            {
                "key": f"{s.turn}:{s.power}",
                "turn": turn_label(s.year, s.season),
                "power": s.power,
                "base_opening": s.base_opening,
                "base": s.base,
                "opening": s.opening,
                "closing": s.closing,
                "additions": s.additions,
                "losses": s.losses,
                "spent": s.spent,
                "adjustments": s.adjustments,
                "construction_spent": s.construction_spent,
                "limit": s.limit,
                "limit_declared": s.limit_declared,
                "deficit_peak": s.deficit_peak,
                "batch_rules": s.batch_rules,
                "lines": s.lines,
                **{f"by_{c}": s.by_category.get(c, 0) for c in _SUMMARY_CATEGORIES},
            }
            for s in state.history
        ],
        "accruals": [
            {"seq": a.seq, "power": p, "amount": a.amount, "cause": a.cause, "area": a.area, "turn": a.turn}
            for p, items in sorted(state.accrued.items())
            for a in items
        ],
    }
