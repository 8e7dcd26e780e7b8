"""Weather by zone and season asked of a position: the winter rolls and their levels, fixed levels, each faction's
level (34.2, 34.3, 34.41; checks W-01..W-04, W-15 and C-WEA-1)."""

from __future__ import annotations

from typing import Final

from awaw_events.events import GameTurnEnded, WeatherDetermined
from awaw_events.vocab import WeatherZone
from projections.position.common import rolled
from projections.position.core import Position, Unknown, breach
from projections.position.weather import (
    STANDARD_A3R,
    Verdict,
    faction_name,
    fixed_reading,
    seen,
    table_of,
    turn_name,
    zone_name,
)
from projections.rules import weather as rules
from projections.weather import preparation

A3R: Final = Unknown(reason=STANDARD_A3R)


def weather_type(pos: Position, event: WeatherDetermined) -> Verdict:
    """34.3: each zone's weather type is the one its season gives."""
    table = table_of(pos)
    if table is None:
        return (A3R,)
    expected = rules.weather_for(event.zone, event.season)
    if (table == "a3r_house" and expected != "winter") or event.weather == expected:
        return ()  # App. K covers winter only; mud and monsoon are AWAW 34.22-34.33
    message = f"{zone_name(event.zone)} has {expected} weather in {event.season}, recorded {event.weather} (34.3)"
    return (breach("34.3", message, expected, event.weather),)


def weather_once(pos: Position, event: WeatherDetermined) -> Verdict:
    """34.23: a zone's weather is determined once per game turn."""
    if event.zone not in seen(pos, event):
        return ()
    message = f"the weather of {zone_name(event.zone)} is determined a second time in {turn_name(event)}"
    return (breach("34.23", message, "once per game turn", "again"),)


def winter_roll(pos: Position, event: WeatherDetermined) -> Verdict:
    """34.41: a rolled winter level is one d6 plus the zone's modifier (Winter Table)."""
    table = table_of(pos)
    if table is None:
        yield A3R
        return
    modifier = rules.winter_roll_modifier(event.zone, event.season, table=table)
    if modifier is None:
        return
    zone = zone_name(event.zone)
    if event.roll is None:
        message = f"no winter die was rolled for {zone} in {turn_name(event)} (34.32: one die + {modifier})"
        yield breach("34.32", message, "a winter die", "no roll")
        return
    roll = rolled(pos, event.roll)
    if roll is None:
        return  # the dice family reports a roll that was never made
    sides = rules.DIE_SIDES
    if len(roll.dice) != 1 or roll.sides != sides:
        message = f"the Winter Table takes one d{sides}; roll #{event.roll} is {len(roll.dice)}d{roll.sides}"
        yield breach("34.41", message, f"one d{sides}", f"{len(roll.dice)}d{roll.sides}")
        return
    die = roll.dice[0]
    if not 1 <= die <= sides:
        return  # the dice family reports a face off its die
    raw = rules.raw_winter_level(die, event.zone, event.season, table=table)
    claimed = sum(m.value for m in event.modifiers)
    if event.modifiers and claimed != modifier:
        message = f"the winter die for {zone} in {event.season} is modified by +{modifier}; recorded {claimed:+d}"
        yield breach("34.41", message, f"+{modifier}", f"{claimed:+d}")
    if event.level != raw:
        message = f"{zone}'s winter level is die {die} + {modifier} = {raw}; recorded {event.level}"
        yield breach("34.41", message, raw, event.level)


def fixed_winter_level(pos: Position, event: WeatherDetermined) -> Verdict:
    """34.32: fixed winter levels (6 west and east of the pact line, 4 Mediterranean); no roll where none is made."""
    table = table_of(pos)
    if table is None:
        yield A3R
        return
    if rules.winter_roll_required(event.zone, event.season, table=table):
        return
    zone = zone_name(event.zone)
    if event.roll is not None:
        message = f"no winter die is rolled for {zone} in {event.season} (34.32), but roll #{event.roll} was used"
        yield breach("34.32", message, "no roll", f"roll #{event.roll}")
    fixed = rules.raw_winter_level(None, event.zone, event.season, table=table)
    if fixed and event.level != fixed:
        message = f"{zone}'s winter level is fixed at {fixed} in winter (34.32); recorded {event.level}"
        yield breach("34.32", message, fixed, event.level)
    elif not fixed and event.level:
        message = f"{zone} has no winter level in {event.season}; recorded {event.level}"
        yield breach("34.32", message, "none", event.level)


def winter_rolls_made(pos: Position, event: GameTurnEnded) -> Verdict:
    """34.32: every winter die due this game turn was rolled (Russian zone each winter; Siberia each fall and
    winter)."""
    table = table_of(pos)
    if table is None:
        yield A3R
        return
    if not pos.state.weather.zones:
        yield Unknown(reason="the log records no weather")
        return
    determined = seen(pos, event)
    zone: WeatherZone
    for zone in rules.SEASONAL_WEATHER:
        modifier = rules.winter_roll_modifier(zone, event.season, table=table)
        if modifier is not None and zone not in determined:
            message = (
                f"no winter roll (one die + {modifier}) was recorded for {zone_name(zone)} in {turn_name(event)} "
                "(34.32)"
            )
            yield breach("34.32", message, f"a winter roll for {zone}", "none")


def faction_levels(pos: Position, event: WeatherDetermined) -> Verdict:
    """34.41: each faction's winter level in a zone is the zone's level less that faction's preparation, not below
    0."""
    if not event.levels:
        return
    table = table_of(pos)
    if table is None:
        yield A3R
        return
    raw = event.level if event.weather == "winter" else 0
    if raw is None:
        yield Unknown(reason=f"{zone_name(event.zone)}'s winter level is not recorded, only each faction's")
        return
    fixed = event.zone in rules.FIXED_WINTER_LEVELS
    for faction, claimed in event.levels.items():
        prep = preparation(pos.state.weather, faction, table)
        expected = rules.effective_winter_level(raw, prep, fixed=fixed, fixed_preparation=fixed_reading(pos))
        if claimed != expected:
            message = (
                f"the {faction_name(faction)} are at winter level {expected} in {zone_name(event.zone)} ({raw} less "
                f"their preparation {prep}, as announced so far: 34.41, 34.434B); recorded {claimed}"
            )
            yield breach("34.41", message, expected, claimed)
