"""The board for people and for scripts: units in play by power and hex, eliminated units, hex control,
bridgeheads (31), fortifications (32), railheads, combat training levels (15.8), wars, tensions, political statuses
and diplomatic results; and the rows of the read-model tables. Weather and winter preparation are
:mod:`replays.views.weather`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

import msgspec
from rich.console import RenderableType

from awaw_events.vocab import SEASONS
from projections.board import BoardState, Eliminated, Known, Unit
from replays.views.common import (
    TRACK_NAMES,
    Change,
    arrow,
    cells,
    country,
    faction_of,
    heading,
    line,
    location,
    name,
    table,
)

VIEW = "board"


# ---------------------------------------------------------------------------------------------------------------------
# Filters


def _owned(unit: Unit, power: str | None) -> bool:
    return power is None or unit.owner == power


def _concerns(key: str, power: str | None) -> bool:
    """Whether a key naming powers or factions (``britain|germany``, ``european_axis/ground``) concerns ``power``."""
    if power is None:
        return True
    parts = set(key.replace("|", "/").split("/"))
    return power in parts or faction_of(power) in parts


# ---------------------------------------------------------------------------------------------------------------------
# Data (``--json``)


def data(state: BoardState, power: str | None = None) -> dict[str, Any]:
    """The board as plain data (``awaw state --view board --json``), optionally only what concerns one power."""
    faction = faction_of(power) if power else None
    mine = {power, faction} if power else None
    return {
        "units": {k: msgspec.to_builtins(v) for k, v in sorted(state.units.items()) if _owned(v, power)},
        "eliminated": {
            k: {
                "cause": v.cause,
                "when": f"{v.season} {v.year}",
                "unit_type": v.unit.unit_type,
                "owner": v.unit.owner,
                "nationality": v.unit.nationality,
                "factors": v.unit.factors,
            }
            for k, v in sorted(state.eliminated.items())
            if _owned(v.unit, power)
        },
        "force_pools": {k: v for k, v in sorted(state.force_pools.items()) if _concerns(k, power)},
        "control": {h: c for h, c in sorted(state.control.items()) if mine is None or c in mine},
        "bridgeheads": {
            h: msgspec.to_builtins(b) for h, b in sorted(state.bridgeheads.items()) if mine is None or b.faction in mine
        },
        "fortifications": {
            h: msgspec.to_builtins(f)
            for h, f in sorted(state.fortifications.items())
            if mine is None or f.owner in mine
        },
        "railheads": {h: p for h, p in sorted(state.railheads.items()) if mine is None or p in mine},
        "wars": sorted(k for k in state.wars if _concerns(k, power)),
        "wars_since": {k: v for k, v in sorted(state.wars.items()) if _concerns(k, power)},
        "tensions": dict(sorted(state.tensions.items())),
        "statuses": dict(sorted(state.statuses.items())),
        "diplomacy": dict(sorted(state.diplomacy.items())),
        "ctl": {k: v for k, v in sorted(state.ctl.items()) if _concerns(k, power)},
        "known": {
            k: msgspec.to_builtins(v)
            for k, v in sorted(state.known.items())
            if not k.startswith("control?") and (power is None or _concerns(k.partition(":")[2], power))
        },
        "control_without_hex": [
            msgspec.to_builtins(v)
            for k, v in sorted(state.known.items())
            if k.startswith("control?") and (mine is None or v.value in mine)
        ],
    }


# ---------------------------------------------------------------------------------------------------------------------
# For people


def unit_words(unit: Unit) -> str:
    """A counter as a player names it: ``ger-arm-1 armor 4``, ``bismarck BB Bismarck 4``, with what is unusual
    about it (another nationality than its owner's, inverted, damaged, supply)."""
    parts = [unit.id, name(unit.unit_type)]
    if unit.name:
        parts.append(unit.name)
    parts.append(str(unit.factors))
    notes = []
    if unit.nationality != unit.owner:
        notes.append(country(unit.nationality))
    if unit.inverted:
        notes.append("inverted")
    if unit.damaged:
        notes.append("damaged")
    if unit.supply:
        notes.append(f"{name(unit.supply)} supply")
    return " ".join(parts) + (f" ({', '.join(notes)})" if notes else "")


def _stacks(units: list[Unit]) -> dict[str, list[Unit]]:
    stacks: dict[str, list[Unit]] = {}
    for unit in sorted(units, key=lambda u: (u.location, u.id)):
        stacks.setdefault(unit.location, []).append(unit)
    return stacks


def _units(state: BoardState, power: str | None) -> Iterator[RenderableType]:
    owners = sorted({u.owner for u in state.units.values() if _owned(u, power)})
    if not owners:
        yield line("Units in play: none")
    for owner in owners:
        units = [u for u in state.units.values() if u.owner == owner]
        factors = sum(u.factors for u in units)
        found = table(f"{country(owner)}: {len(units)} units in play, {factors} factors", ("where", "units"))
        for where, stack in _stacks(units).items():
            found.add_row(*cells(location(where), "\n".join(unit_words(u) for u in stack)))
        yield found


def _eliminated(state: BoardState, power: str | None) -> Iterator[RenderableType]:
    gone = [e for e in state.eliminated.values() if _owned(e.unit, power)]
    if not gone:
        yield line("Eliminated units: none")
        return
    found = table("Eliminated units", ("unit", "nationality", "when", "cause"))
    for e in sorted(gone, key=lambda e: (e.turn, e.unit.id)):
        unit = msgspec.structs.replace(e.unit, nationality=e.unit.owner, supply=None, inverted=False, damaged=False)
        found.add_row(*cells(unit_words(unit), country(e.unit.nationality), _when(e), name(e.cause)))
    yield found


def _when(e: Eliminated) -> str:
    return f"{e.season.capitalize()} {e.year}" + (f" {e.side.capitalize()}" if e.side else "")


def known_words(known: Known | None) -> str:
    """How a fact is known when not from the table, in words: ``reported, Summer 1939 to Winter 1939; not known:
    cause`` (empty for a table record)."""
    if known is None:
        return ""
    parts = [known.provenance] if known.provenance != "table" else []
    parts.append(known.when)
    if known.unknown:
        parts.append("not known: " + ", ".join(name(k) for k in known.unknown))
    return ", ".join(parts[:2]) + "".join(f"; {p}" for p in parts[2:])


def _by_holder(state: BoardState, title: str, power: str | None) -> Iterator[RenderableType]:
    faction = faction_of(power) if power else None
    holders: dict[str, list[str]] = {}
    for key, holder in sorted(state.control.items()):
        if power is None or holder in (power, faction):
            holders.setdefault(holder, []).append(key)
    unplaced = [k for k in state.known.values() if k.value and (power is None or k.value in (power, faction))]
    if not holders and not unplaced:
        yield line(f"{title}: none recorded")
        return
    if holders:
        found = table(title, ("", "hexes"))
        for holder, keys in sorted(holders.items()):
            shown = [
                f"{k} ({known_words(state.known[f'control:{k}'])})" if f"control:{k}" in state.known else k
                for k in keys
            ]
            found.add_row(*cells(country(holder), ", ".join(shown)))
        yield found
    for known in unplaced:
        yield line(f"{title} a source gives without its hex: {country(known.value)} ({known_words(known)})")


TENSION_TITLES: Final[dict[str | None, str]] = {"a3r": "Tension tracks (A3R App. E)"}
"""The tension tracks' heading by the game's rule set: A3R App. E gives the tracks; the AWAW rule texts here only
read their levels (RGT, USAT, USJT in 11.32, 27.7321, 34.4 ...), so an AWAW game's heading cites no rule."""


def _politics(state: BoardState, power: str | None, rules: str | None = None) -> Iterator[RenderableType]:
    wars = sorted((k, v) for k, v in state.wars.items() if _concerns(k, power))
    if wars:
        doubtful = any(f"war:{k}" in state.known for k, _ in wars)
        found = table("Wars", ("belligerents", "since", *(("how it is known",) if doubtful else ())))
        for key, since in wars:
            said = (known_words(state.known.get(f"war:{key}")),) if doubtful else ()
            found.add_row(*cells(" and ".join(country(p) for p in key.split("|")), seasons(since), *said))
        yield found
    else:
        yield line("Wars: none")
    if state.tensions:
        found = table(TENSION_TITLES.get(rules, "Tension tracks"), ("track", "level"), right=("level",))
        for track, level in sorted(state.tensions.items()):
            found.add_row(*cells(TRACK_NAMES.get(track, name(track)), level))
        yield found
    if state.statuses or state.diplomacy:
        countries = sorted(state.statuses.keys() | state.diplomacy.keys())
        doubtful = any(f"{what}:{k}" in state.known for k in countries for what in ("status", "diplomacy"))
        columns = ("country", "political status", "diplomatic result (29.41)")
        found = table("Countries", (*columns, *(("how it is known",) if doubtful else ())))
        for key in countries:
            how = state.known.get(f"status:{key}") or state.known.get(f"diplomacy:{key}")
            extra = (known_words(how),) if doubtful else ()
            found.add_row(*cells(country(key), name(state.statuses.get(key)), state.diplomacy.get(key, "-"), *extra))
        yield found


def _markers(state: BoardState, power: str | None) -> Iterator[RenderableType]:
    faction = faction_of(power) if power else None
    mine = None if power is None else {power, faction}
    bridgeheads = [(h, b) for h, b in sorted(state.bridgeheads.items()) if mine is None or b.faction in mine]
    if bridgeheads:
        found = table("Bridgeheads (31)", ("hex", "faction", "cause", "placed"))
        for hex_, b in bridgeheads:
            found.add_row(*cells(hex_, country(b.faction), name(b.cause), b.placed))
        yield found
    forts = [(h, f) for h, f in sorted(state.fortifications.items()) if mine is None or f.owner in mine]
    if forts:
        found = table("Fortifications (32)", ("hex", "kind", "owner", "built"))
        for hex_, f in forts:
            found.add_row(*cells(hex_, name(f.kind), country(f.owner), "at set-up" if f.built == "setup" else f.built))
        yield found
    rails = [(h, p) for h, p in sorted(state.railheads.items()) if mine is None or p in mine]
    if rails:
        found = table("Railheads (28.652)", ("hex", "power"))
        for hex_, p in rails:
            found.add_row(*cells(hex_, country(p)))
        yield found
    pools = {k: v for k, v in sorted(state.force_pools.items()) if _concerns(k, power)}
    if pools:
        found = table("Force pool changes (27.5)", ("power / unit type / area", "factors"), right=("factors",))
        for key, factors in pools.items():
            found.add_row(*cells(" / ".join(name(p) for p in key.split("/")), f"{factors:+d}"))
        yield found


def _ctls(state: BoardState, power: str | None) -> Iterator[RenderableType]:
    ctl = {k: v for k, v in sorted(state.ctl.items()) if _concerns(k, power)}
    factions = sorted({k.partition("/")[0] for k in ctl})
    if factions:
        domains = sorted({k.partition("/")[2] for k in ctl})
        found = table("Combat training levels (15.8)", ("faction", *(f"{d} CTL" for d in domains)))
        for faction in factions:
            found.add_row(*cells(country(faction), *(ctl.get(f"{faction}/{d}", "-") for d in domains)))
        yield found


def render(state: BoardState, power: str | None = None, rules: str | None = None) -> list[RenderableType]:
    """The board for people: what concerns ``power`` only, when given; ``rules``: the game's rule set (``awaw``,
    ``a3r``), whose rule numbers the headings cite."""
    return [
        heading("Board"),
        *_units(state, power),
        *_eliminated(state, power),
        *_by_holder(state, "Hex control", power),
        *_markers(state, power),
        *_ctls(state, power),
        *_politics(state, power, rules),
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Differences


def _unit_changes(a: BoardState, b: BoardState) -> Iterator[Change]:
    for unit_id in sorted(a.units.keys() | b.units.keys()):
        ua, ub = a.units.get(unit_id), b.units.get(unit_id)
        if ua == ub:
            continue
        if ub is None:
            assert ua is not None
            gone = b.eliminated.get(unit_id)
            now = f"eliminated ({name(gone.cause)})" if gone else "not in play"
            yield Change(
                view=VIEW,
                subject=unit_id,
                what="location",
                a=ua.location,
                b=None,
                text=f"{unit_words(ua)}: {location(ua.location)} → {now}",
            )
        elif ua is None:
            gone = a.eliminated.get(unit_id)
            was = f"eliminated ({name(gone.cause)})" if gone else "not in play"
            yield Change(
                view=VIEW,
                subject=unit_id,
                what="location",
                a=None,
                b=ub.location,
                text=f"{unit_words(ub)}: {was} → {location(ub.location)}",
            )
        else:
            yield from _unit_change(ua, ub)


def _unit_change(ua: Unit, ub: Unit) -> Iterator[Change]:
    who = f"{ua.id} {name(ua.unit_type)}" + (f" {ua.name}" if ua.name else "")
    for field, what in (
        ("location", "moved"),
        ("factors", "factors"),
        ("owner", "owner"),
        ("nationality", "nationality"),
        ("supply", "supply"),
        ("inverted", "inverted"),
        ("damaged", "damaged"),
    ):
        va, vb = getattr(ua, field), getattr(ub, field)
        if va == vb:
            continue
        if isinstance(va, bool):
            text = f"{who}: {'no longer ' if va else ''}{what}"
        elif field == "location":
            text = f"{who}: moved {location(va)} → {location(vb)}"
        elif field in ("owner", "nationality"):
            text = f"{who}: {what} {arrow(country(va), country(vb))}"
        else:
            text = f"{who}: {what} {arrow(va, vb)}"
        yield Change(view=VIEW, subject=ua.id, what=field, a=va, b=vb, text=text)


def seasons(text: str) -> str:
    """A game time kept in words, with its seasons capitalised: ``spring 1939 to fall 1939`` -> ``Spring 1939 to
    Fall 1939``."""
    return " ".join(w.capitalize() if w in SEASONS else w for w in text.split())


def _war_words(key: str, since_a: str | None, since_b: str | None) -> str:
    pair = " and ".join(country(p) for p in key.split("|"))
    if since_a is None:
        return f"{pair}: at war from {seasons(str(since_b))}"
    if since_b is None:
        return f"{pair}: no longer at war"
    return f"{pair}: at war since {seasons(since_a)} → since {seasons(since_b)}"


def _keyed_changes(kind: str, da: dict[str, Any], db: dict[str, Any], words: Any) -> Iterator[Change]:
    for key in sorted(da.keys() | db.keys()):
        va, vb = da.get(key), db.get(key)
        if va != vb:
            plain_a = msgspec.to_builtins(va)
            plain_b = msgspec.to_builtins(vb)
            yield Change(
                view=VIEW, subject=key, what=kind, a=plain_a, b=plain_b, text=words(key, va, vb).replace("None", "none")
            )


def differences(a: BoardState, b: BoardState) -> list[Change]:
    """What differs between two boards, each change as data and in words (``A → B``)."""
    found = list(_unit_changes(a, b))
    found += _keyed_changes(
        "control", a.control, b.control, lambda h, x, y: f"{h}: controlled by {country(x)} → {country(y)}"
    )
    found += _keyed_changes(
        "bridgehead",
        a.bridgeheads,
        b.bridgeheads,
        lambda h, x, y: f"bridgehead at {h}: {'placed' if x is None else 'removed' if y is None else 'changed'}",
    )
    found += _keyed_changes(
        "fortification",
        a.fortifications,
        b.fortifications,
        lambda h, x, y: (
            f"{(x or y).kind.replace('_', ' ')} at {h}: "
            + ("built" if x is None else "eliminated" if y is None else "changed")
        ),
    )
    found += _keyed_changes(
        "railhead", a.railheads, b.railheads, lambda h, x, y: f"railhead at {h}: {'built' if x is None else 'removed'}"
    )
    found += _keyed_changes("war", a.wars, b.wars, _war_words)
    found += _keyed_changes(
        "tension", a.tensions, b.tensions, lambda t, x, y: f"{TRACK_NAMES.get(t, t)}: {arrow(x, y)}"
    )
    found += _keyed_changes(
        "status", a.statuses, b.statuses, lambda c, x, y: f"{country(c)}: {arrow(name(x) if x else None, name(y))}"
    )
    found += _keyed_changes(
        "diplomacy", a.diplomacy, b.diplomacy, lambda c, x, y: f"{country(c)}: diplomatic result {arrow(x, y)}"
    )
    found += _keyed_changes(
        "ctl",
        a.ctl,
        b.ctl,
        lambda k, x, y: f"{country(k.partition('/')[0])}: {k.partition('/')[2]} CTL {arrow(x, y)}",
    )
    found += _keyed_changes(
        "force_pool", a.force_pools, b.force_pools, lambda k, x, y: f"force pool {k}: {arrow(x, y)} factors"
    )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Read-model rows


def tables(state: BoardState) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``board_<table>``)."""
    return {
        "units": [msgspec.to_builtins(u) for u in state.units.values()],
        "eliminated_units": [
            {
                "id": k,
                "cause": v.cause,
                "year": v.year,
                "season": v.season,
                "side": v.side,
                "ref": v.ref,
                "owner": v.unit.owner,
                "nationality": v.unit.nationality,
                "unit_type": v.unit.unit_type,
                "factors": v.unit.factors,
            }
            for k, v in state.eliminated.items()
        ],
        "hex_control": [{"hex": h, "controller": c} for h, c in state.control.items()],
        "bridgeheads": [{"hex": h, **msgspec.to_builtins(b)} for h, b in state.bridgeheads.items()],
        "fortifications": [{"hex": h, **msgspec.to_builtins(f)} for h, f in state.fortifications.items()],
        "railheads": [{"hex": h, "power": p} for h, p in state.railheads.items()],
        "force_pools": [{"pool": k, "factors": v} for k, v in state.force_pools.items()],
        "wars": [{"war": k, "belligerents": k.replace("|", ", "), "since": v} for k, v in state.wars.items()],
        "tensions": [{"track": k, "level": v} for k, v in state.tensions.items()],
        "countries": [
            {"country": c, "status": state.statuses.get(c), "diplomatic_result": state.diplomacy.get(c)}
            for c in sorted(state.statuses.keys() | state.diplomacy.keys())
        ],
        "levels": [
            {"key": k, "faction": k.partition("/")[0], "what": f"{k.partition('/')[2]} CTL", "level": v}
            for k, v in state.ctl.items()
        ],
    }
