"""Weather and winter preparation (AWAW rule 34; A3R house App. K): each zone's weather, each faction's winter
preparation, and the running facts the weather rules read.

Sources: 31-34 extract 4.5 (weather state), 2.7 (checks W-01..W-04, W-12..W-14); A3R extract 2.8, 3.13.

What the projection trusts: it shows the weather **as recorded**. A zone's weather and raw winter level are what its
last ``weather_determined`` claims; a faction's preparation is the level its last ``winter_preparation_changed``
claims. Whether those are what the rules give (the season's weather, die + modifier, one level per result) is the
audit's question; this state gives it what it needs besides the event:

* ``determined``: the zones whose weather was determined in the current game turn (34.23: once per game turn; 34.32:
  every winter die due this turn is rolled). Kept for one game turn: the next turn's first determination replaces it.
* ``produced``: winter preparation results bought by research or production this year, by faction (34.433: one per
  year). Kept for one year.
"""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import WeatherDetermined, WinterPreparationChanged
from projections.core import Context, Handlers
from projections.rules.weather import COUNTED_PRODUCTION_CAUSES


class Weather(msgspec.Struct, frozen=True, kw_only=True):
    """A zone's weather as last determined: its type (34.3), its raw winter level (34.32, 34.41; ``None`` when the
    log gives none) and the game turn (``"fall 1939"``)."""

    weather: str
    level: int | None = None
    turn: str = ""


class WeatherState(msgspec.Struct, kw_only=True):
    """Weather and winter preparation at one point of the game. Treat it as a value: only the fold mutates a clone."""

    zones: dict[str, Weather] = {}
    """Each zone's latest weather, by zone (``russian_winter``, ``western`` ...)."""
    winter_preparation: dict[str, int] = {}
    """Each faction's winter preparation level as last recorded (34.4), by faction."""
    determined_turn: int = -1
    """The game turn (index) ``determined`` belongs to: the latest turn with a weather determination."""
    determined: set[str] = set()
    """Zones whose weather was determined in game turn ``determined_turn`` (34.23, 34.32)."""
    produced_year: int = 0
    """The year ``produced`` belongs to."""
    produced: dict[str, int] = {}
    """Winter preparation results bought by research or production in ``produced_year``, by faction (34.433)."""


HANDLERS: Final = Handlers[WeatherState]()


def initial() -> WeatherState:
    return WeatherState()


def clone(state: WeatherState) -> WeatherState:
    return WeatherState(
        zones=dict(state.zones),
        winter_preparation=dict(state.winter_preparation),
        determined_turn=state.determined_turn,
        determined=set(state.determined),
        produced_year=state.produced_year,
        produced=dict(state.produced),
    )


def determined_in(state: WeatherState, turn: int) -> set[str] | frozenset[str]:
    """The zones whose weather was determined in game turn ``turn`` (an index; 34.23)."""
    return state.determined if state.determined_turn == turn else frozenset()


def produced_in(state: WeatherState, faction: str, year: int) -> int:
    """Winter preparation results ``faction`` bought by research or production in ``year`` so far (34.433)."""
    return state.produced.get(faction, 0) if state.produced_year == year else 0


@HANDLERS.on(WeatherDetermined)
def _weather(state: WeatherState, event: WeatherDetermined, ctx: Context) -> None:
    now = ctx.now
    state.zones[event.zone] = Weather(weather=event.weather, level=event.level, turn=f"{now.season} {now.year}")
    if state.determined_turn != now.turn:
        state.determined_turn = now.turn
        state.determined = set()
    state.determined.add(event.zone)


@HANDLERS.on(WinterPreparationChanged)
def _preparation(state: WeatherState, event: WinterPreparationChanged, ctx: Context) -> None:
    state.winter_preparation[event.faction] = event.level
    if event.cause in COUNTED_PRODUCTION_CAUSES:
        if state.produced_year != event.year:
            state.produced_year = event.year
            state.produced = {}
        state.produced[event.faction] = state.produced.get(event.faction, 0) + 1
