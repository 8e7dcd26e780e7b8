"""The board for people and read models: plain data (``--json``), differences in words, read-model rows."""

from __future__ import annotations

from typing import Any

import msgspec

from projections.board import BoardState, Unit, Weather

# -------------------------------------------------------------------------------------------------------------
# Views


def data(state: BoardState) -> dict[str, Any]:
    """The board as plain data (``awaw state --view board --json``)."""
    return {
        "units": {k: msgspec.to_builtins(v) for k, v in sorted(state.units.items())},
        "eliminated": {
            k: {
                "cause": v.cause,
                "when": f"{v.season} {v.year}",
                "unit_type": v.unit.unit_type,
                "owner": v.unit.owner,
                "factors": v.unit.factors,
            }
            for k, v in sorted(state.eliminated.items())
        },
        "force_pools": dict(sorted(state.force_pools.items())),
        "control": dict(sorted(state.control.items())),
        "bridgeheads": {k: msgspec.to_builtins(v) for k, v in sorted(state.bridgeheads.items())},
        "fortifications": {k: msgspec.to_builtins(v) for k, v in sorted(state.fortifications.items())},
        "railheads": dict(sorted(state.railheads.items())),
        "weather": {k: msgspec.to_builtins(v) for k, v in sorted(state.weather.items())},
        "winter_preparation": dict(sorted(state.winter_preparation.items())),
        "wars": sorted(state.wars),
        "tensions": dict(sorted(state.tensions.items())),
        "statuses": dict(sorted(state.statuses.items())),
        "ctl": dict(sorted(state.ctl.items())),
    }


def _unit_words(unit: Unit) -> str:
    name = f" {unit.name}" if unit.name else ""
    return f"{unit.owner} {unit.unit_type}{name} ({unit.id}, {unit.factors})"


def differences(a: BoardState, b: BoardState, label_a: str = "A", label_b: str = "B") -> list[str]:
    """The differences between two boards, in words a player understands."""
    lines: list[str] = []
    for unit_id in sorted(a.units.keys() | b.units.keys()):
        ua, ub = a.units.get(unit_id), b.units.get(unit_id)
        if ua == ub:
            continue
        if ub is None:
            assert ua is not None
            gone = b.eliminated.get(unit_id)
            where = f"eliminated ({gone.cause}) in {label_b}" if gone else f"not in play in {label_b}"
            lines.append(f"{_unit_words(ua)}: at {ua.location} in {label_a}, {where}")
        elif ua is None:
            gone = a.eliminated.get(unit_id)
            where = f"eliminated ({gone.cause}) in {label_a}" if gone else f"not in play in {label_a}"
            lines.append(f"{_unit_words(ub)}: {where}, at {ub.location} in {label_b}")
        else:
            changes = []
            if ua.location != ub.location:
                changes.append(f"at {ua.location} in {label_a}, at {ub.location} in {label_b}")
            if ua.factors != ub.factors:
                changes.append(f"{ua.factors} factors in {label_a}, {ub.factors} in {label_b}")
            for flag in ("inverted", "damaged"):
                if getattr(ua, flag) != getattr(ub, flag):
                    changes.append(f"{flag} in {label_a if getattr(ua, flag) else label_b} only")
            if ua.supply != ub.supply:
                changes.append(f"supply {ua.supply or 'unknown'} in {label_a}, {ub.supply or 'unknown'} in {label_b}")
            if ua.owner != ub.owner:
                changes.append(f"owned by {ua.owner} in {label_a}, by {ub.owner} in {label_b}")
            lines.append(f"{_unit_words(ua)}: " + "; ".join(changes))
    for hex_ in sorted(a.control.keys() | b.control.keys()):
        ca, cb = a.control.get(hex_), b.control.get(hex_)
        if ca != cb:
            lines.append(
                f"{hex_}: controlled by {ca or 'nobody recorded'} in {label_a}, "
                f"by {cb or 'nobody recorded'} in {label_b}"
            )
    for name, da, db in (
        ("bridgehead", a.bridgeheads, b.bridgeheads),
        ("fortification", a.fortifications, b.fortifications),
    ):
        for hex_ in sorted(da.keys() ^ db.keys()):
            lines.append(f"{name} at {hex_}: only in {label_a if hex_ in da else label_b}")
    for zone in sorted(a.weather.keys() | b.weather.keys()):
        wa, wb = a.weather.get(zone), b.weather.get(zone)
        if wa != wb:
            lines.append(f"weather in {zone}: {_weather_words(wa)} in {label_a}, {_weather_words(wb)} in {label_b}")
    for key in sorted(a.wars.keys() ^ b.wars.keys()):
        lines.append(f"war {key.replace('|', ' vs ')}: only in {label_a if key in a.wars else label_b}")
    for track in sorted(a.tensions.keys() | b.tensions.keys()):
        if a.tensions.get(track) != b.tensions.get(track):
            lines.append(f"{track.upper()}: {a.tensions.get(track)} in {label_a}, {b.tensions.get(track)} in {label_b}")
    for country in sorted(a.statuses.keys() | b.statuses.keys()):
        if a.statuses.get(country) != b.statuses.get(country):
            lines.append(
                f"{country}: {a.statuses.get(country, 'no status')} in {label_a}, "
                f"{b.statuses.get(country, 'no status')} in {label_b}"
            )
    return lines


def _weather_words(weather: Weather | None) -> str:
    if weather is None:
        return "not determined"
    return weather.weather + (f" level {weather.level}" if weather.level is not None else "")


def tables(state: BoardState) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize``)."""
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
                "unit_type": v.unit.unit_type,
                "factors": v.unit.factors,
            }
            for k, v in state.eliminated.items()
        ],
        "hex_control": [{"hex": h, "controller": c} for h, c in state.control.items()],
        "bridgeheads": [{"hex": h, **msgspec.to_builtins(b)} for h, b in state.bridgeheads.items()],
        "fortifications": [{"hex": h, **msgspec.to_builtins(f)} for h, f in state.fortifications.items()],
        "weather": [{"zone": z, **msgspec.to_builtins(w)} for z, w in state.weather.items()],
        "force_pools": [{"pool": k, "factors": v} for k, v in state.force_pools.items()],
    }
