"""The oil ledger for people and read models: plain data (``--json``), differences in words, read-model rows."""

from __future__ import annotations

from typing import Any

import msgspec

from projections.oil import Reserve, State, partial_fifths, partial_of, period_label
from projections.rules.oil import FIFTHS_PER_COUNTER, construction_allowance_brps


def fifths_words(fifths: int | None) -> str:
    """``44`` -> ``"44 fifths (8 counters + 4 fifths)"``; ``None`` -> ``"not tracked"``."""
    if fifths is None:
        return "not tracked"
    whole, part = divmod(abs(fifths), FIFTHS_PER_COUNTER)
    sign = "-" if fifths < 0 else ""
    counters = f"{sign}{whole} counter{'s' if whole != 1 else ''}"
    return f"{fifths} fifths ({counters} + {part} fifths)" if part else f"{fifths} fifths ({counters})"


def _reserve_view(state: State, rid: str, reserve: Reserve) -> dict[str, Any]:
    held = state.levels.get(rid)
    return {
        "faction": reserve.faction,
        "location": reserve.location,
        "maximum": reserve.maximum,
        "tracking": reserve.tracking,
        "trigger": reserve.trigger,
        "level": held,
        "counters": None if held is None else held // FIFTHS_PER_COUNTER,
        "partial_fifths": None if held is None else partial_of(held),
    }


def data(state: State) -> dict[str, Any]:
    """The oil ledger as plain data (``awaw state --view oil --json``)."""
    factions = sorted({r.faction for r in state.reserves.values()} | state.construction.keys())
    return {
        "period": period_label(state.year, state.season, state.part),
        "reserves": {rid: _reserve_view(state, rid, r) for rid, r in sorted(state.reserves.items())},
        "pools": dict(sorted(state.pools.items())),
        "partial_fifths": {f: partial_fifths(state, f) for f in factions if f},
        "retained": dict(sorted(state.retained.items())),
        "turn": {
            "produced": dict(sorted(state.produced.items())),
            "spent": dict(sorted(state.spent.items())),
            "by_domain": dict(sorted(state.by_domain.items())),
            "shipped": dict(sorted(state.shipped.items())),
            "transports": dict(sorted(state.transports.items())),
            "lost": dict(sorted(state.lost.items())),
            "eliminated": dict(sorted(state.eliminated.items())),
            "capped": dict(sorted(state.capped.items())),
            "removed": dict(sorted(state.removed.items())),
            "construction": {
                f: {"fifths": n, "covered_brps": construction_allowance_brps(n)}
                for f, n in sorted(state.construction.items())
            },
            "consolidated": dict(sorted(state.consolidated.items())),
            "lines": [msgspec.to_builtins(line) for line in state.lines],
        },
        "history": [msgspec.to_builtins(s) for s in state.history],
    }


def differences(a: State, b: State, label_a: str = "A", label_b: str = "B") -> list[str]:
    """The differences between two oil ledgers, in words a player understands."""
    lines: list[str] = []
    for rid in sorted(a.reserves.keys() | b.reserves.keys()):
        ra, rb = a.reserves.get(rid), b.reserves.get(rid)
        if ra is None or rb is None:
            lines.append(f"oil reserve {rid}: only in {label_a if rb is None else label_b}")
            continue
        name = f"{ra.faction or rb.faction} oil reserve {rid}"
        if ra.tracking != rb.tracking:
            lines.append(f"{name}: {ra.tracking} in {label_a}, {rb.tracking} in {label_b}")
        la, lb = a.levels.get(rid), b.levels.get(rid)
        if la != lb:
            lines.append(f"{name}: {fifths_words(la)} in {label_a}, {fifths_words(lb)} in {label_b}")
        if ra.maximum != rb.maximum:
            lines.append(f"{name}: maximum {ra.maximum} fifths in {label_a}, {rb.maximum} in {label_b}")
    for key in sorted(a.pools.keys() | b.pools.keys()):
        pa, pb = a.pools.get(key, 0), b.pools.get(key, 0)
        if pa != pb:
            faction, _, place = key.partition("/")
            lines.append(f"{faction} oil at {place}: {pa} fifths in {label_a}, {pb} in {label_b}")
    for faction in sorted(a.construction.keys() | b.construction.keys()):
        ca, cb = a.construction.get(faction, 0), b.construction.get(faction, 0)
        if ca != cb:
            lines.append(
                f"{faction}: {ca} fifths of construction oil this turn in {label_a} (covers "
                f"{construction_allowance_brps(ca)} BRPs), {cb} in {label_b} ({construction_allowance_brps(cb)} BRPs)"
            )
    for faction in sorted(a.retained.keys() | b.retained.keys()):
        ta, tb = a.retained.get(faction, 0), b.retained.get(faction, 0)
        if ta != tb:
            lines.append(f"{faction}: {ta} partial fifths retained in {label_a}, {tb} in {label_b}")
    return lines


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize``)."""
    return {
        "reserves": [{"reserve": rid, **_reserve_view(state, rid, r)} for rid, r in state.reserves.items()],
        "pools": [
            {"pool": key, "faction": key.partition("/")[0], "place": key.partition("/")[2], "fifths": n}
            for key, n in state.pools.items()
        ],
        "lines": [
            {
                "seq": line.seq,
                "kind": line.kind,
                "faction": line.faction,
                "holding": line.holding,
                "reserve": line.reserve,
                "amount": line.amount,
                "before": line.before,
                "after": line.after,
                "counted": line.counted,
                "purpose": line.purpose,
                "domain": line.domain,
                "nationality": line.nationality,
                "counterpart": line.counterpart,
                "shipment": line.shipment,
                "mode": line.mode,
                "sw_box": line.sw_box,
                "rule": line.rule,
                "note": line.note,
            }
            for line in state.lines
        ],
        "turns": [
            {
                "period": f"{s.period}/{faction}",
                "turn": s.period,
                "faction": faction,
                "produced": s.produced.get(faction, 0),
                "spent": sum(n for k, n in s.spent.items() if k.partition("/")[0] == faction),
                "shipped": sum(n for k, n in s.shipped.items() if k.partition("/")[0] == faction),
                "lost": s.lost.get(faction, 0),
                "eliminated": s.eliminated.get(faction, 0),
                "removed": s.removed.get(faction, 0),
                "construction": s.construction.get(faction, 0),
                "construction_brps": s.construction_brps.get(faction, 0),
                "retained": s.retained.get(faction, 0),
            }
            for s in state.history
            for faction in sorted(
                {k.partition("/")[0] for k in (*s.spent, *s.shipped)}
                | s.produced.keys()
                | s.lost.keys()
                | s.eliminated.keys()
                | s.removed.keys()
                | s.construction.keys()
            )
        ],
    }
