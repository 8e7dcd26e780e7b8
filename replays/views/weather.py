"""Weather (34) and winter preparation for people, scripts and read models: each zone's weather as last determined
and each faction's winter preparation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec
from rich.console import RenderableType

from projections.weather import Weather, WeatherState
from replays.views.common import Change, arrow, cells, country, faction_of, heading, name, table

VIEW = "weather"


def _concerns(faction: str, power: str | None) -> bool:
    return power is None or faction in (power, faction_of(power))


def data(state: WeatherState, power: str | None = None) -> dict[str, Any]:
    """Weather and winter preparation as plain data (``awaw state --view weather --json``); with ``power``, only
    that power's faction's preparation (the weather concerns everyone)."""
    return {
        "zones": {k: msgspec.to_builtins(v) for k, v in sorted(state.zones.items())},
        "winter_preparation": {k: v for k, v in sorted(state.winter_preparation.items()) if _concerns(k, power)},
    }


def weather_words(weather: Weather | None) -> str:
    """``"winter (level 9)"``; ``"not determined"`` for a zone without weather."""
    if weather is None:
        return "not determined"
    return weather.weather + (f" (level {weather.level})" if weather.level is not None else "")


def _zones(state: WeatherState) -> Iterator[RenderableType]:
    if state.zones:
        found = table("Weather (34)", ("zone", "weather", "determined"))
        for zone, w in sorted(state.zones.items()):
            found.add_row(*cells(name(zone), weather_words(w), w.turn.title()))
        yield found


def _preparation(state: WeatherState, power: str | None) -> Iterator[RenderableType]:
    prep = {k: v for k, v in sorted(state.winter_preparation.items()) if _concerns(k, power)}
    if prep:
        found = table("Winter preparation (34.4)", ("faction", "level"), right=("level",))
        for faction, level in prep.items():
            found.add_row(*cells(country(faction), level))
        yield found


def render(state: WeatherState, power: str | None = None) -> list[RenderableType]:
    """Weather and winter preparation for people: only ``power``'s faction's preparation, when given."""
    return [heading("Weather"), *_zones(state), *_preparation(state, power)]


def _changes(kind: str, da: dict[str, Any], db: dict[str, Any], words: Any) -> Iterator[Change]:
    for key in sorted(da.keys() | db.keys()):
        va, vb = da.get(key), db.get(key)
        if va != vb:
            a, b = msgspec.to_builtins(va), msgspec.to_builtins(vb)
            yield Change(view=VIEW, subject=key, what=kind, a=a, b=b, text=words(key, va, vb))


def differences(a: WeatherState, b: WeatherState) -> list[Change]:
    """What differs in weather and winter preparation, each change as data and in words (``A → B``)."""
    return [
        *_changes(
            "weather",
            a.zones,
            b.zones,
            lambda z, x, y: f"weather in the {name(z)} zone: {weather_words(x)} → {weather_words(y)}",
        ),
        *_changes(
            "winter_preparation",
            a.winter_preparation,
            b.winter_preparation,
            lambda f, x, y: f"{country(f)}: winter preparation {arrow(x, y)}",
        ),
    ]


def tables(state: WeatherState) -> dict[str, list[dict[str, Any]]]:
    """Rows for read-model tables (``awaw materialize`` names them ``weather_<table>``)."""
    return {
        "zones": [{"zone": z, **msgspec.to_builtins(w)} for z, w in state.zones.items()],
        "winter_preparation": [{"faction": f, "level": n} for f, n in state.winter_preparation.items()],
    }
