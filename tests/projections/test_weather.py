"""The weather projection (34): each zone's weather, each faction's winter preparation, the zones determined this game
turn (34.23) and the preparation results produced this year (34.433)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import AnyEvent, GameTurnEnded, WeatherDetermined, WinterPreparationChanged
from projections import weather
from projections.game import GameState, decode_state, encode_state, fold, replay
from replays.views import weather as weather_view


def at(year: int, season: str, cls: type[Any], **fields: Any) -> AnyEvent:
    event: AnyEvent = cls(year=year, season=season, **fields)
    return event


def determined(year: int, season: str, zone: str, kind: str, level: int | None = None) -> AnyEvent:
    return at(year, season, WeatherDetermined, zone=zone, weather=kind, level=level)


def prepared(year: int, season: str, faction: str, level: int, cause: str = "produced") -> AnyEvent:
    return at(year, season, WinterPreparationChanged, faction=faction, level=level, cause=cause)


def test_each_zone_keeps_its_latest_weather() -> None:
    state = replay(
        [
            determined(1941, "fall", "russian_winter", "clear"),
            determined(1941, "winter", "russian_winter", "winter", 9),
            determined(1941, "winter", "western", "winter", 6),
        ]
    ).weather
    assert state.zones == {
        "russian_winter": weather.Weather(weather="winter", level=9, turn="winter 1941"),
        "western": weather.Weather(weather="winter", level=6, turn="winter 1941"),
    }


def test_zones_determined_are_those_of_the_latest_turn_with_weather() -> None:
    events = [
        determined(1941, "fall", "siberia", "winter", 4),
        determined(1941, "fall", "western", "clear"),
        determined(1941, "winter", "russian_winter", "winter", 8),
    ]
    state = replay(events).weather
    winter_1941 = replay(events[:1]).clock.turn + 1
    assert weather.determined_in(state, winter_1941) == {"russian_winter"}
    assert weather.determined_in(state, winter_1941 - 1) == frozenset()  # the fall's set is forgotten
    assert weather.determined_in(replay(events[:2]).weather, winter_1941 - 1) == {"siberia", "western"}


def test_a_game_turn_without_weather_has_no_zones_determined() -> None:
    state = replay([determined(1941, "fall", "siberia", "winter", 4), at(1941, "winter", GameTurnEnded)])
    assert weather.determined_in(state.weather, state.clock.turn) == frozenset()


def test_preparation_follows_the_recorded_level() -> None:
    state = replay([prepared(1941, "fall", "european_axis", 0, "setup"), prepared(1941, "winter", "european_axis", 2)])
    assert state.weather.winter_preparation == {"european_axis": 2}


def test_results_produced_are_counted_per_faction_for_the_current_year() -> None:
    events = [
        prepared(1941, "spring", "european_axis", 1, "research"),
        prepared(1941, "summer", "european_axis", 2, "produced"),
        prepared(1941, "summer", "japan", 3, "produced"),
        prepared(1941, "fall", "european_axis", 3, "triggered"),  # triggering a held result is not a new one
        prepared(1941, "winter", "european_axis", 5, "automatic"),
    ]
    state = replay(events).weather
    assert weather.produced_in(state, "european_axis", 1941) == 2
    assert weather.produced_in(state, "japan", 1941) == 1
    assert weather.produced_in(state, "western_allies", 1941) == 0
    later = fold(replay(events), [prepared(1942, "spring", "japan", 4, "research")]).weather
    assert weather.produced_in(later, "japan", 1942) == 1
    assert weather.produced_in(later, "european_axis", 1942) == 0
    assert weather.produced_in(later, "european_axis", 1941) == 0  # last year's count is gone
    assert later.produced == {"japan": 1}


def test_the_state_does_not_grow_with_the_game() -> None:
    events: list[AnyEvent] = []
    for year in range(1940, 1946):
        for season in ("spring", "summer", "fall", "winter"):
            events += [determined(year, season, "western", "clear"), prepared(year, season, "japan", 2, "research")]
    state = replay(events).weather
    assert state.determined == {"western"}
    assert state.produced == {"japan": 4}
    assert len(state.zones) == 1


def test_the_weather_state_survives_a_snapshot() -> None:
    state = replay([determined(1941, "winter", "western", "winter", 6), prepared(1941, "winter", "japan", 3)])
    assert decode_state(encode_state(state)).weather == state.weather
    assert isinstance(decode_state(encode_state(state)), GameState)


def test_the_view_shows_zones_and_preparation_and_their_differences() -> None:
    a = replay([determined(1941, "winter", "western", "winter", 6), prepared(1941, "winter", "japan", 3)]).weather
    b = replay([determined(1941, "winter", "western", "winter", 5)]).weather
    assert weather_view.data(a) == {
        "zones": {"western": {"weather": "winter", "level": 6, "turn": "winter 1941"}},
        "winter_preparation": {"japan": 3},
    }
    assert weather_view.data(a, "germany")["winter_preparation"] == {}  # Japan's is not Germany's
    assert [c.text for c in weather_view.differences(a, b)] == [
        "weather in the western zone: winter (level 6) → winter (level 5)",
        "Japan: winter preparation 3 → none",
    ]
    assert weather_view.tables(a) == {
        "zones": [{"zone": "western", "weather": "winter", "level": 6, "turn": "winter 1941"}],
        "winter_preparation": [{"faction": "japan", "level": 3}],
    }
