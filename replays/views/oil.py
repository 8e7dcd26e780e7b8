"""The oil ledger for people and for scripts: oil reserves (33.42) with their levels in counters and fifths and
their maxima (33.422), oil outside reserves (33.41D, 33.431), partial oil counters retained (33.83), this period's
production and expenditure, the ledger lines and earlier periods; and the rows of the read-model tables."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import msgspec
from rich.console import RenderableType

from projections.oil import Line, Reserve, State, partial_fifths, period_label
from projections.rules.oil import FIFTHS_PER_COUNTER, construction_allowance_brps, partial_of
from replays.views.common import Change, cells, country, faction_of, heading, line, location, name, table

VIEW = "oil"

PART_WORDS: Final[dict[str, str]] = {"game_start": "start of the game turn", "game_end": "end of the game turn"}


def fifths_words(fifths: int | None) -> str:
    """``44`` -> ``"44 fifths (8 counters + 4 fifths)"``; ``None`` -> ``"not tracked"``."""
    if fifths is None:
        return "not tracked"
    whole, part = divmod(abs(fifths), FIFTHS_PER_COUNTER)
    sign = "-" if fifths < 0 else ""
    counters = f"{sign}{whole} counter{'s' if whole != 1 else ''}"
    return f"{fifths} fifths ({counters} + {part} fifths)" if part else f"{fifths} fifths ({counters})"


def counters_words(fifths: int | None) -> str:
    """``44`` -> ``"8 4/5 counters"``: how a player counts the oil on the board."""
    if fifths is None:
        return "not tracked"
    whole, part = divmod(abs(fifths), FIFTHS_PER_COUNTER)
    sign = "-" if fifths < 0 else ""
    return f"{sign}{whole}" + (f" {part}/{FIFTHS_PER_COUNTER}" if part else "") + " counters"


def counters(fifths: int | None) -> str:
    """``44`` -> ``"8 4/5"`` (counters and fifths of a counter, 33.81); ``None`` -> ``"-"``."""
    if fifths is None:
        return "-"
    return counters_words(fifths).removesuffix(" counters")


def reserve_name(rid: str, reserve: Reserve | None) -> str:
    """An oil reserve as the rules name it (33.422): its faction, and where a faction has several, which one:
    ``European Axis oil reserve``, ``Western Allies oil reserve (India box)``, ``... (Europe)``."""
    if reserve is None:
        return f"{name(rid)} oil reserve"
    own = country(reserve.faction)
    rest = rid.removeprefix(reserve.faction).removeprefix("wa").strip("_")
    if not rest:
        return f"{own} oil reserve"
    where = location(reserve.location) if reserve.location.startswith("box:") else country(rest)
    return f"{own} oil reserve ({where})"


def period_words(year: int, season: str, part: str) -> str:
    if not season:
        return "before the game"
    return f"{season.capitalize()} {year}, " + PART_WORDS.get(part, f"{part.capitalize()} player turn")


def _mine(faction: str, power: str | None) -> bool:
    return power is None or faction in (power, faction_of(power))


# ---------------------------------------------------------------------------------------------------------------------
# Data (``--json``)


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


def data(state: State, power: str | None = None) -> dict[str, Any]:
    """The oil ledger as plain data (``awaw state --view oil --json``), optionally one power's faction only."""

    def keep(key: str) -> bool:
        return _mine(key.partition("/")[0], power)

    factions = sorted({r.faction for r in state.reserves.values()} | state.construction.keys())
    return {
        "period": period_label(state.year, state.season, state.part),
        "reserves": {
            rid: _reserve_view(state, rid, r) for rid, r in sorted(state.reserves.items()) if _mine(r.faction, power)
        },
        "pools": {k: v for k, v in sorted(state.pools.items()) if keep(k)},
        "partial_fifths": {f: partial_fifths(state, f) for f in factions if f and _mine(f, power)},
        "retained": {k: v for k, v in sorted(state.retained.items()) if keep(k)},
        "turn": {
            "produced": {k: v for k, v in sorted(state.produced.items()) if keep(k)},
            "spent": {k: v for k, v in sorted(state.spent.items()) if keep(k)},
            "by_domain": {k: v for k, v in sorted(state.by_domain.items()) if keep(k)},
            "shipped": {k: v for k, v in sorted(state.shipped.items()) if keep(k)},
            "transports": {k: v for k, v in sorted(state.transports.items()) if keep(k)},
            "lost": {k: v for k, v in sorted(state.lost.items()) if keep(k)},
            "eliminated": {k: v for k, v in sorted(state.eliminated.items()) if keep(k)},
            "capped": dict(sorted(state.capped.items())),
            "removed": {k: v for k, v in sorted(state.removed.items()) if keep(k)},
            "construction": {
                f: {"fifths": n, "covered_brps": construction_allowance_brps(n)}
                for f, n in sorted(state.construction.items())
                if keep(f)
            },
            "consolidated": {k: v for k, v in sorted(state.consolidated.items()) if keep(k)},
            "lines": [msgspec.to_builtins(x) for x in state.lines if _mine(x.faction, power)],
        },
        "history": [msgspec.to_builtins(s) for s in state.history],
    }


# ---------------------------------------------------------------------------------------------------------------------
# For people


def _reserves(state: State, power: str | None) -> Iterator[RenderableType]:
    reserves = [(rid, r) for rid, r in sorted(state.reserves.items()) if _mine(r.faction, power)]
    if not reserves:
        yield line("Oil reserves: none defined")
        return
    found = table(
        "Oil reserves (33.42), in oil counters",
        ("reserve", "where", "oil", "maximum (33.422)", "tracked"),
        right=("oil", "maximum (33.422)"),
    )
    for rid, r in reserves:
        held = state.levels.get(rid)
        tracked = "yes" if r.tracking == "tracked" else "no"
        if r.trigger:
            tracked += f" (since {name(r.trigger)})"
        found.add_row(*cells(country(r.faction), location(r.location), counters(held), counters(r.maximum), tracked))
    yield found
    partials = {f: partial_fifths(state, f) for f in sorted({r.faction for _, r in reserves})}
    if any(partials.values()):
        yield line(
            "Partial oil counters retained (33.83): "
            + ", ".join(f"{country(f)} {n}/{FIFTHS_PER_COUNTER}" for f, n in partials.items() if n)
        )


def _pools(state: State, power: str | None) -> Iterator[RenderableType]:
    pools = [(k, v) for k, v in sorted(state.pools.items()) if _mine(k.partition("/")[0], power) and v]
    if pools:
        found = table("Oil outside reserves, removed at the end of the player turn (33.41D, 33.431)", ("", "oil"))
        for key, fifths in pools:
            faction, _, place = key.partition("/")
            found.add_row(*cells(f"{country(faction)} at {location(place)}", counters_words(fifths)))
        yield found


def _period(state: State, power: str | None) -> Iterator[RenderableType]:
    rows: list[tuple[str, str]] = []
    for key, fifths in sorted(state.produced.items()):
        if _mine(key, power):
            rows.append((f"{country(key)}: produced", counters_words(fifths)))
    for key, fifths in sorted(state.spent.items()):
        faction, _, purpose = key.partition("/")
        if _mine(faction, power):
            rows.append((f"{country(faction)}: spent on {name(purpose)}", counters_words(fifths)))
    for key, fifths in sorted(state.shipped.items()):
        faction, _, box = key.partition("/")
        if _mine(faction, power):
            transports = state.transports.get(key, 0)
            rows.append(
                (
                    f"{country(faction)}: shipped through the {name(box)} SW box",
                    f"{counters_words(fifths)}, {transports} transport(s)",
                )
            )
    for key, fifths in sorted(state.lost.items()):
        if _mine(key, power):
            rows.append((f"{country(key)}: lost in shipment", counters_words(fifths)))
    for key, fifths in sorted(state.capped.items()):
        reserve = state.reserves.get(key)
        if reserve is not None and _mine(reserve.faction, power):
            rows.append((f"{key}: cut to its maximum (33.422)", counters_words(fifths)))
    for key, fifths in sorted(state.removed.items()):
        if _mine(key, power):
            rows.append((f"{country(key)}: removed, not in a reserve (33.431)", counters_words(fifths)))
    for key, fifths in sorted(state.consolidated.items()):
        if _mine(key, power):
            rows.append((f"{country(key)}: partial oil consolidated (33.83)", counters_words(fifths)))
    for key, fifths in sorted(state.eliminated.items()):
        if _mine(key, power):
            rows.append((f"{country(key)}: eliminated", counters_words(fifths)))
    for key, fifths in sorted(state.construction.items()):
        if _mine(key, power):
            rows.append(
                (
                    f"{country(key)}: construction oil (27.35)",
                    f"{counters_words(fifths)}, covers {construction_allowance_brps(fifths)} BRPs",
                )
            )
    title = f"Oil this period: {period_words(state.year, state.season, state.part)}"
    if not rows:
        yield line(f"{title}: nothing produced or spent")
        return
    found = table(title, ("", "oil"))
    for words, amount in rows:
        found.add_row(*cells(words, amount))
    yield found


def line_words(entry: Line) -> str:
    """An oil ledger line's cause in words."""
    parts = [name(entry.kind)]
    if entry.purpose:
        parts.append(f"for {name(entry.purpose)}")
    if entry.counterpart:
        parts.append(f"with {name(entry.counterpart)}")
    if entry.note:
        parts.append(f"({entry.note})")
    if entry.rule:
        parts.append(f"[{entry.rule}]")
    if not entry.counted:
        parts.append("(not counted: untracked)")
    return " ".join(parts)


def _lines(state: State, power: str | None) -> Iterator[RenderableType]:
    entries = [x for x in state.lines if _mine(x.faction, power)]
    if not entries:
        return
    found = table(
        "Oil ledger lines this period (fifths of a counter)",
        ("event", "faction", "holding", "what", "fifths", "after"),
        right=("event", "fifths", "after"),
    )
    for x in entries:
        after = "-" if x.after is None else x.after
        found.add_row(*cells(x.seq, country(x.faction), x.holding, line_words(x), x.amount, after))
    yield found


def _history(state: State, power: str | None) -> Iterator[RenderableType]:
    reserves = {rid: r.faction for rid, r in state.reserves.items() if _mine(r.faction, power)}
    periods = [s for s in state.history if any(rid in reserves for rid in s.closing)]
    if not periods:
        return
    rids = sorted({rid for s in periods for rid in s.closing if rid in reserves})
    found = table("Earlier periods: oil counters in each reserve at the end", ("period", *rids), right=rids)
    for s in periods:
        found.add_row(*cells(period_words(s.year, s.season, s.part), *(counters(s.closing.get(r)) for r in rids)))
    yield found


def render(state: State, power: str | None = None) -> list[RenderableType]:
    """The oil ledger for people (counters and fifths of a counter, 33.81): ``power``'s faction only, when given."""
    return [
        heading("Oil"),
        *_reserves(state, power),
        *_pools(state, power),
        *_period(state, power),
        *_lines(state, power),
        *_history(state, power),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Differences


def differences(a: State, b: State) -> list[Change]:
    """What differs between two oil ledgers, each change as data and in words (``A → B``)."""
    found: list[Change] = []
    for rid in sorted(a.reserves.keys() | b.reserves.keys()):
        ra, rb = a.reserves.get(rid), b.reserves.get(rid)
        reserve = ra or rb
        assert reserve is not None
        title = f"{country(reserve.faction)} oil reserve {rid}"
        if ra is None or rb is None:
            text = f"{title}: {'defined' if ra is None else 'gone'}"
            found.append(Change(view=VIEW, subject=rid, what="reserve", a=ra is not None, b=rb is not None, text=text))
            continue
        if ra.tracking != rb.tracking:
            text = f"{title}: {name(ra.tracking)} → {name(rb.tracking)}"
            found.append(Change(view=VIEW, subject=rid, what="tracking", a=ra.tracking, b=rb.tracking, text=text))
        la, lb = a.levels.get(rid), b.levels.get(rid)
        if la != lb:
            if la is not None and lb is not None:
                more = "more" if lb > la else "less"
                text = f"{title}: {abs(lb - la)} fifths {more} oil, {counters_words(la)} → {counters_words(lb)}"
            else:
                text = f"{title}: {counters_words(la)} → {counters_words(lb)}"
            found.append(Change(view=VIEW, subject=rid, what="level", a=la, b=lb, text=text))
        if ra.maximum != rb.maximum:
            text = f"{title}: maximum {counters_words(ra.maximum)} → {counters_words(rb.maximum)}"
            found.append(Change(view=VIEW, subject=rid, what="maximum", a=ra.maximum, b=rb.maximum, text=text))
    for key in sorted(a.pools.keys() | b.pools.keys()):
        pa, pb = a.pools.get(key, 0), b.pools.get(key, 0)
        if pa != pb:
            faction, _, place = key.partition("/")
            text = f"{country(faction)} oil at {location(place)}: {counters_words(pa)} → {counters_words(pb)}"
            found.append(Change(view=VIEW, subject=key, what="pool", a=pa, b=pb, text=text))
    for faction in sorted(a.construction.keys() | b.construction.keys()):
        ca, cb = a.construction.get(faction, 0), b.construction.get(faction, 0)
        if ca != cb:
            text = (
                f"{country(faction)}: construction oil this turn {counters_words(ca)} → {counters_words(cb)} "
                f"(covers {construction_allowance_brps(ca)} → {construction_allowance_brps(cb)} BRPs)"
            )
            found.append(Change(view=VIEW, subject=faction, what="construction", a=ca, b=cb, text=text))
    for faction in sorted(a.retained.keys() | b.retained.keys()):
        ta, tb = a.retained.get(faction, 0), b.retained.get(faction, 0)
        if ta != tb:
            text = f"{country(faction)}: partial oil retained {ta}/5 → {tb}/5"
            found.append(Change(view=VIEW, subject=faction, what="retained", a=ta, b=tb, text=text))
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Read-model rows


def tables(state: State) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``oil_<table>``)."""
    return {
        "reserves": [{"reserve": rid, **_reserve_view(state, rid, r)} for rid, r in state.reserves.items()],
        "pools": [
            {"pool": key, "faction": key.partition("/")[0], "place": key.partition("/")[2], "fifths": n}
            for key, n in state.pools.items()
        ],
        "lines": [{**{f: getattr(x, f) for f in Line.__struct_fields__}, "words": line_words(x)} for x in state.lines],
        "turns": [
            {
                "period": f"{s.period}/{faction}",
                "turn": s.period,
                "year": s.year,
                "season": s.season,
                "part": s.part,
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
        "reserve_levels": [
            {"key": f"{s.period}/{rid}", "turn": s.period, "reserve": rid, "opening": s.opening.get(rid), "closing": n}
            for s in state.history
            for rid, n in s.closing.items()
        ],
    }
