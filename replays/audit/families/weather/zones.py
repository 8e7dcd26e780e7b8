"""Weather by zone and season: the winter rolls and their levels, fixed levels, each faction's level (34.2, 34.3,
34.41; checks W-01..W-04, W-15 and C-WEA-1)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import GameTurnEnded, WeatherDetermined
from awaw_events.vocab import WeatherZone
from projections.position.common import rolled
from projections.rules.weather import (
    DIE_SIDES,
    FIXED_WINTER_LEVELS,
    SEASONAL_WEATHER,
    effective_winter_level,
    raw_winter_level,
    weather_for,
    winter_roll_modifier,
    winter_roll_required,
)
from projections.weather import preparation
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.weather.base import (
    FAMILY,
    STANDARD_A3R,
    faction_name,
    fixed_reading,
    seen,
    table_of,
    turn_name,
    zone_name,
)

# ---------------------------------------------------------------------------------------------------------------------
# Weather by zone and season (34.2, 34.3; W-01..W-04)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "34.3",
    "each zone's weather type is the one its season gives",
    reads=(WeatherDetermined,),
    covers=("31-34/W-04",),
)
def check_weather_type(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    expected = weather_for(event.zone, event.season)
    if table == "a3r_house" and expected != "winter":
        return  # App. K covers winter only; mud and monsoon are AWAW 34.22-34.33
    if event.weather != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.weather,
            message=f"{zone_name(event.zone)} has {expected} weather in {event.season}, recorded {event.weather} "
            f"(34.3)",
        )


@FAMILY.check(
    "34.23", "a zone's weather is determined once per game turn", reads=(WeatherDetermined,), covers=("31-34/W-01",)
)
def check_weather_once(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    if event.zone in seen(ctx):
        yield c.finding(
            ctx,
            expected="once per game turn",
            recorded="again",
            message=f"the weather of {zone_name(event.zone)} is determined a second time in {turn_name(ctx)}",
        )


@FAMILY.check(
    "34.41",
    "a rolled winter level is one d6 plus the zone's modifier (Winter Table)",
    reads=(WeatherDetermined,),
    covers=("31-34/W-02", "C-WEA-1"),
)
def check_winter_roll(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    modifier = winter_roll_modifier(event.zone, event.season, table=table)
    if modifier is None:
        return
    zone = zone_name(event.zone)
    if event.roll is None:
        yield c.finding(
            ctx,
            expected="a winter die",
            recorded="no roll",
            message=f"no winter die was rolled for {zone} in {turn_name(ctx)} (34.32: one die + {modifier})",
        )
        return
    roll = rolled(ctx.position, event.roll)
    if roll is None:
        return  # the dice family reports a roll that was never made
    if len(roll.dice) != 1 or roll.sides != DIE_SIDES:
        yield c.finding(
            ctx,
            expected=f"one d{DIE_SIDES}",
            recorded=f"{len(roll.dice)}d{roll.sides}",
            message=f"the Winter Table takes one d{DIE_SIDES}; roll #{event.roll} is {len(roll.dice)}d{roll.sides}",
        )
        return
    die = roll.dice[0]
    if not 1 <= die <= DIE_SIDES:
        return  # the dice family reports a face off its die
    raw = raw_winter_level(die, event.zone, event.season, table=table)
    claimed = sum(m.value for m in event.modifiers)
    if event.modifiers and claimed != modifier:
        yield c.finding(
            ctx,
            expected=f"+{modifier}",
            recorded=f"{claimed:+d}",
            message=f"the winter die for {zone} in {event.season} is modified by +{modifier}; recorded {claimed:+d}",
        )
    if event.level != raw:
        yield c.finding(
            ctx,
            expected=raw,
            recorded=event.level,
            message=f"{zone}'s winter level is die {die} + {modifier} = {raw}; recorded {event.level}",
        )


@FAMILY.check(
    "34.32",
    "fixed winter levels (6 west and east of the pact line, 4 Mediterranean); no roll where none is made",
    reads=(WeatherDetermined,),
    covers=("31-34/W-01", "31-34/W-03", "C-WEA-1"),
)
def check_fixed_winter_level(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    if winter_roll_required(event.zone, event.season, table=table):
        return
    zone = zone_name(event.zone)
    if event.roll is not None:
        yield c.finding(
            ctx,
            expected="no roll",
            recorded=f"roll #{event.roll}",
            message=f"no winter die is rolled for {zone} in {event.season} (34.32), but roll #{event.roll} was used",
        )
    fixed = raw_winter_level(None, event.zone, event.season, table=table)
    if fixed and event.level != fixed:
        yield c.finding(
            ctx,
            expected=fixed,
            recorded=event.level,
            message=f"{zone}'s winter level is fixed at {fixed} in winter (34.32); recorded {event.level}",
        )
    elif not fixed and event.level:
        yield c.finding(
            ctx,
            expected="none",
            recorded=event.level,
            message=f"{zone} has no winter level in {event.season}; recorded {event.level}",
        )


@FAMILY.check(
    "34.32",
    "every winter die due this game turn was rolled (Russian zone each winter; Siberia each fall and winter)",
    reads=(GameTurnEnded,),
    id="winter_rolls_made",
    covers=("31-34/W-01",),
)
def check_winter_rolls_made(c: Check, ctx: AuditContext[Any]) -> Result:
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    if not ctx.state.weather.zones:
        yield Missing(reason="the log records no weather")
        return
    determined = seen(ctx)
    zone: WeatherZone
    for zone in SEASONAL_WEATHER:
        modifier = winter_roll_modifier(zone, ctx.event.season, table=table)
        if modifier is not None and zone not in determined:
            yield c.finding(
                ctx,
                expected=f"a winter roll for {zone}",
                recorded="none",
                message=f"no winter roll (one die + {modifier}) was recorded for {zone_name(zone)} in "
                f"{turn_name(ctx)} (34.32)",
            )


@FAMILY.check(
    "34.41",
    "each faction's winter level in a zone is the zone's level less that faction's preparation, not below 0",
    reads=(WeatherDetermined,),
    covers=("31-34/W-03", "31-34/W-15", "C-WEA-1"),
)
def check_faction_levels(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    if not event.levels:
        return
    table = table_of(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    raw = event.level if event.weather == "winter" else 0
    if raw is None:
        yield Missing(reason=f"{zone_name(event.zone)}'s winter level is not recorded, only each faction's")
        return
    fixed = event.zone in FIXED_WINTER_LEVELS
    for faction, claimed in event.levels.items():
        prep = preparation(ctx.state.weather, faction, table)
        expected = effective_winter_level(raw, prep, fixed=fixed, fixed_preparation=fixed_reading(ctx))
        if claimed != expected:
            yield c.finding(
                ctx,
                expected=expected,
                recorded=claimed,
                message=f"the {faction_name(faction)} are at winter level {expected} in {zone_name(event.zone)} "
                f"({raw} less their preparation {prep}, as announced so far: 34.41, 34.434B); recorded {claimed}",
            )
