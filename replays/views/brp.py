"""The BRP ledgers for people and for scripts: each major power's BRP base, BRPs available, what was added, lost
and spent this turn, the construction limit (27.3) and what remains of it, deficits (A3R option 4), BRPs awaiting a
35.7 batch, the ledger lines, earlier turns and key economic areas; and the rows of the read-model tables.

Every derived figure (the limit, what remains, the deficit and its cap) comes from :mod:`projections.brp`'s queries.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import msgspec
from rich.console import RenderableType

from awaw_events.gametime import turn_index
from awaw_events.vocab import POWERS
from projections.brp import (
    Line,
    State,
    TurnSummary,
    construction_remaining,
    construction_spent,
    deficit_cap_of,
    deficit_of,
    total,
    turn_label,
)
from replays.views.common import (
    Change,
    cells,
    change_of_number,
    change_of_value,
    country,
    heading,
    line,
    powers_by_side,
    table,
)

VIEW = "brp"

CATEGORY_WORDS: Final[dict[str, str]] = {
    "construction": "construction (27.1)",
    "repair": "naval repairs (27.726)",
    "raise": "raising sunk ships (27.7262)",
    "fortification": "fortifications (27.11D-F)",
    "railhead": "railheads (28.652)",
    "declaration_of_war": "declarations of war (27.12)",
    "offensive": "offensive operations (27.12)",
    "grant_given": "grants given (27.34)",
    "oil_repair": "oil facility repairs (33.331)",
    "other": "other spending",
    "grant_received": "grants received (27.34)",
    "gained": "BRPs gained",
    "lost": "BRPs lost",
    "batch": "35.7 batches applied",
    "set": "BRPs set (set-up, YSS)",
    "deficit_settled": "deficits settled (A3R option 2)",
    "mobilization": "mobilization (27.32A)",
    "base_change": "BRP base changes",
    "accrued": "awaiting a 35.7 batch",
}
"""Each ledger category (:data:`projections.brp.Category`) in the words of the rules, in display order."""


def _powers(state: State) -> list[str]:
    touched = {line.power for line in state.lines}
    return sorted(state.available.keys() | state.base.keys() | touched | state.accrued.keys())


def _shown(state: State, power: str | None) -> list[str]:
    return [p for p in _powers(state) if power is None or p == power]


# ---------------------------------------------------------------------------------------------------------------------
# Data (``--json``)


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
        "construction_remaining": construction_remaining(state, power),
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


def data(state: State, power: str | None = None) -> dict[str, Any]:
    """The ledgers as plain data (``awaw state --view brp --json``): the current turn per power, spending by
    category, construction limits, pending 35.7 items, this turn's lines and the archived turns."""
    powers = _shown(state, power)
    by_category = {
        p or "unattributed": {c: total(state, p, c) for c in CATEGORY_WORDS if total(state, p, c) != 0} for p in powers
    }
    limits = {p: limit_view(state, p) for p in powers}
    return {
        "turn": turn_label(state.year, state.season),
        "powers": {p or "unattributed": power_view(state, p) for p in powers},
        "by_category": {p: v for p, v in by_category.items() if v},
        "construction_limits": {p: v for p, v in limits.items() if v is not None},
        "accrued": {
            p: [msgspec.to_builtins(a) for a in items]
            for p, items in sorted(state.accrued.items())
            if power is None or p == power
        },
        "lines": [msgspec.to_builtins(x) for x in state.lines if power is None or x.power == power],
        "history": [msgspec.to_builtins(s) for s in state.history if power is None or s.power == power],
        "iron_ore_cut": state.iron_ore_cut,
        "keas": {
            k: msgspec.to_builtins(v)
            for k, v in sorted(state.keas.items())
            if power is None or power in (v.original_owner, v.controller)
        },
        "russian_ics": dict(sorted(state.ics.items())) if power in (None, "russia") else {},
        "offensives": {
            k: v for k, v in sorted(state.offensives.items()) if power is None or k.partition("|")[0] == power
        },
    }


# ---------------------------------------------------------------------------------------------------------------------
# For people


def _rows(state: State, powers: list[str]) -> list[tuple[str, list[int | None]]]:
    """The rows of the ledger table: always the main figures; the others only where some power has them."""
    figures = {p: power_view(state, p) for p in powers}
    rows: list[tuple[str, str, bool]] = [
        ("BRP base", "base", True),
        ("BRPs at the start of the turn", "opening", True),
        ("additions (gains, grants received)", "additions", False),
        ("losses", "losses", False),
        ("spent", "spent", True),
        ("adjustments", "adjustments", False),
        ("BRPs available", "available", True),
        ("in deficit (A3R option 4)", "deficit", False),
        ("deepest deficit this turn", "deficit_peak", False),
        ("awaiting a 35.7 batch", "accrued_net", False),
        ("deficit carried to the YSS (A3R option 4b)", "yss_deficit", False),
        ("construction limit (27.3)", "construction_limit", True),
        ("construction limit declared", "limit_declared", False),
        ("spent against the limit (27.31)", "construction_spent", True),
        ("construction limit remaining", "construction_remaining", True),
    ]
    found = []
    for words, key, always in rows:
        values = [figures[p][key] for p in powers]
        if always or any(v not in (None, 0) for v in values):
            found.append((words, values))
    if any(figures[p]["deficit"] or figures[p]["deficit_peak"] for p in powers):
        found.append(("deficit allowed (A3R intro)", [figures[p]["deficit_cap"] for p in powers]))
    return found


def _ledger(state: State, power: str | None) -> Iterator[RenderableType]:
    for side, powers in powers_by_side(p for p in _shown(state, power) if p):
        found = table(
            f"{side}: BRP ledgers, {turn_label(state.year, state.season)}",
            ("", *(country(p) for p in powers)),
            right=[country(p) for p in powers],
        )
        for words, values in _rows(state, powers):
            found.add_row(*cells(words, *("-" if v is None else v for v in values)))
        yield found
    if "" in _shown(state, power):
        yield line(f"Costs whose payer is not known yet: {-total(state, '', 'net')} BRPs (see the ledger lines)")


def _categories(state: State, power: str | None) -> Iterator[RenderableType]:
    for side, powers in powers_by_side(p for p in _shown(state, power) if p):
        used = [c for c in CATEGORY_WORDS if any(total(state, p, c) for p in powers) and c not in ("set", "accrued")]
        if not used:
            continue
        found = table(
            f"{side}: BRPs by category this turn",
            ("", *(country(p) for p in powers)),
            right=[country(p) for p in powers],
        )
        for category in used:
            found.add_row(*cells(CATEGORY_WORDS[category], *(total(state, p, category) or "-" for p in powers)))
        yield found


def line_words(entry: Line) -> str:
    """A ledger line's cause in words: its category, and the detail the event gave."""
    words = CATEGORY_WORDS.get(entry.category, entry.category.replace("_", " "))
    if entry.kind == "base":
        words = "BRP base"
    detail = entry.detail or entry.ref
    return words + (f": {detail.replace('_', ' ')}" if detail else "")


def _lines(state: State, power: str | None) -> Iterator[RenderableType]:
    entries = [x for x in state.lines if power is None or x.power == power]
    if not entries:
        yield line("Ledger lines this turn: none")
        return
    found = table(
        f"Ledger lines, {turn_label(state.year, state.season)}",
        ("event", "power", "what", "BRPs", "available after"),
        right=("event", "BRPs", "available after"),
    )
    for x in entries:
        amount = f"{x.amount:+d}" if x.kind != "set" else str(x.after)
        after = "-" if x.after is None else str(x.after)
        if x.kind == "base":
            after = f"base {after}"
        found.add_row(*cells(x.seq, country(x.power) if x.power else "payer unknown", line_words(x), amount, after))
    yield found


def _history(state: State, power: str | None) -> Iterator[RenderableType]:
    turns: dict[int, dict[str, TurnSummary]] = {}
    labels: dict[int, str] = {}
    for s in state.history:
        if power is None or s.power == power:
            turns.setdefault(s.turn, {})[s.power] = s
            labels[s.turn] = turn_label(s.year, s.season)
    if not turns:
        return
    everyone = {p for by_power in turns.values() for p in by_power if p}
    for side, powers in powers_by_side(everyone):
        found = table(
            f"{side}: earlier turns, BRPs available at the end (of the base)",
            ("turn", *(country(p) for p in powers)),
            right=[country(p) for p in powers],
        )
        for turn in sorted(turns):
            row = []
            for p in powers:
                found_turn = turns[turn].get(p)
                closing = None if found_turn is None else found_turn.closing
                row.append("-" if found_turn is None or closing is None else f"{closing} ({found_turn.base})")
            found.add_row(*cells(labels[turn], *row))
        yield found


def _economy(state: State, power: str | None) -> Iterator[RenderableType]:
    keas = [(k, v) for k, v in sorted(state.keas.items()) if power is None or power in (v.original_owner, v.controller)]
    if keas:
        found = table("Key economic areas (27.335)", ("area", "owner", "controller", "BRPs"), right=("BRPs",))
        for key, kea in keas:
            found.add_row(*cells(key, country(kea.original_owner), country(kea.controller), kea.value))
        yield found
    if state.ics and power in (None, "russia"):
        found = table("Russian industrial centres (27.32A)", ("area", "BRPs"), right=("BRPs",))
        for key, value in sorted(state.ics.items()):
            found.add_row(*cells(key, value))
        yield found
    if state.iron_ore_cut:
        yield line("Swedish iron ore is cut off (27.332)")


def render(state: State, power: str | None = None) -> list[RenderableType]:
    """The ledgers for people: what concerns ``power`` only, when given."""
    return [
        heading("BRP ledgers"),
        *_ledger(state, power),
        *_categories(state, power),
        *_lines(state, power),
        *_history(state, power),
        *_economy(state, power),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Differences


def _closings(state: State) -> dict[str, dict[int, TurnSummary]]:
    found: dict[str, dict[int, TurnSummary]] = {}
    for s in state.history:
        found.setdefault(s.power, {})[s.turn] = s
    return found


def differences(a: State, b: State) -> list[Change]:
    """What differs between two sets of ledgers, each change as data and in words (``A → B``)."""
    found: list[Change] = []
    order: dict[str, int] = {p: i for i, p in enumerate(POWERS)}
    powers = sorted(
        (a.available.keys() | b.available.keys() | a.base.keys() | b.base.keys()) - {""},
        key=lambda p: order.get(p, len(order)),
    )
    for power in powers:
        for what, va, vb in (
            ("available", a.available.get(power), b.available.get(power)),
            ("in the BRP base", a.base.get(power), b.base.get(power)),
            ("spent on construction this turn", construction_spent(a, power), construction_spent(b, power)),
        ):
            if va != vb:
                found.append(change_of_number(VIEW, power, what, va, vb, "BRPs"))
        for what, va, vb in (
            ("construction limit", _limit(a, power), _limit(b, power)),
            ("declared construction limit", _declared(a, power), _declared(b, power)),
            (
                "BRPs awaiting a 35.7 batch",
                sum(x.amount for x in a.accrued.get(power, ())),
                sum(x.amount for x in b.accrued.get(power, ())),
            ),
        ):
            if va != vb:
                found.append(change_of_value(VIEW, power, what, va, vb))
    if a.iron_ore_cut != b.iron_ore_cut:
        found.append(
            Change(
                view=VIEW,
                subject="sweden",
                what="iron_ore_cut",
                a=a.iron_ore_cut,
                b=b.iron_ore_cut,
                text=f"Swedish iron ore: {'cut off' if a.iron_ore_cut else 'flowing'} → "
                f"{'cut off' if b.iron_ore_cut else 'flowing'}",
            )
        )
    ha, hb = _closings(a), _closings(b)
    for power in sorted((ha.keys() & hb.keys()) - {""}, key=lambda p: order.get(p, len(order))):
        for turn in sorted(ha[power].keys() & hb[power].keys()):
            sa, sb = ha[power][turn], hb[power][turn]
            if sa.closing != sb.closing:
                what = f"at the end of {turn_label(sa.year, sa.season)}"
                found.append(change_of_number(VIEW, power, what, sa.closing, sb.closing, "BRPs"))
                break
    return found


def _limit(state: State, power: str) -> int | None:
    found = state.limits.get(power)
    return None if found is None else found.limit


def _declared(state: State, power: str) -> int | None:
    found = state.declared.get(power)
    return None if found is None else found.limit


# ---------------------------------------------------------------------------------------------------------------------
# Read-model rows


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``brp_<table>``): ``powers`` (the current turn
    per power), ``lines`` (this turn's ledger lines, ``seq`` first), ``turns`` (archived turn summaries, key
    ``<turn index>:<power>``) and ``accruals`` (35.7 items awaiting their batch)."""
    label = turn_label(state.year, state.season)
    index = turn_index(state.year, state.season) if state.season else None
    powers = [
        {
            "power": p,
            "turn": label,
            "turn_index": index,
            **{k: v for k, v in power_view(state, p).items() if k != "remaining_declared"},
        }
        for p in _powers(state)
    ]
    line_columns = ("seq", "power", "kind", "category", "amount", "before", "after", "limit", "side", "phase")
    extra = ("ref", "rules", "detail")
    return {
        "powers": powers,
        "lines": [
            {
                **{c: getattr(x, c) for c in line_columns},
                "turn": label,
                **{c: getattr(x, c) for c in extra},
                "words": line_words(x),
            }
            for x in state.lines
        ],
        "turns": [
            {
                "key": f"{s.turn}:{s.power}",
                "turn": turn_label(s.year, s.season),
                "turn_index": s.turn,
                "year": s.year,
                "season": s.season,
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
                **{f"by_{c}": s.by_category.get(c, 0) for c in CATEGORY_WORDS},
            }
            for s in state.history
        ],
        "accruals": [
            {"seq": a.seq, "power": p, "amount": a.amount, "cause": a.cause, "area": a.area, "turn": a.turn}
            for p, items in sorted(state.accrued.items())
            for a in items
        ],
    }
