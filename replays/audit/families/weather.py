"""Weather and winter preparation (AWAW rule 34; A3R house App. K when ``weather.winter = awaw_34_41_house``).

Sources: 31-34 extract 2.7 (checks W-01..W-04, W-12..W-14), 1.20-1.21 and 1.24; A3R extract 2.8 and 3.13 (C-WEA-1,
C-WEA-2). Tables come from :mod:`projections.rules.weather`; the winter die from the dice record
(:mod:`projections.dice`); preparation levels before each change, the zones already determined this game turn and
the results produced this year from the weather projection (:mod:`projections.weather`).

Which Winter Table: AWAW games use 34.41; A3R games use the house App. K table when the option
``weather.winter`` is ``awaw_34_41_house`` (the package value). With ``weather.winter = a3r`` the standard A3R weather
rules apply, which the extracts do not contain: those checks report themselves as not made (``Missing``).

Not checked (the events do not record the facts): each faction's effective level (the log records the zone's raw
level), the zone of a hex (W-05..W-11 need the map), the unit in the winter zone behind an automatic increase
(34.432), and the house Axis restraint conditions (no exploitation or offensive air in the Fall).
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import GameTurnEnded, WeatherDetermined, WinterPreparationChanged
from awaw_events.gametime import game_turn
from awaw_events.vocab import Faction, WeatherZone
from projections.board import at_war
from projections.rules.weather import (
    AUTOMATIC_INCREASE,
    AUTOMATIC_INCREASE_WARS,
    COUNTED_PRODUCTION_CAUSES,
    DIE_SIDES,
    GERMANY_FIRST_TURN_PREPARATION,
    HOUSE_AXIS_MAX_RESTRAINT,
    MAX_WINTER_PREPARATION,
    PREPARATION_PRODUCERS,
    PRODUCTION_CAUSES,
    SEASONAL_WEATHER,
    WA_HOUSE_WINTER_FROM_YEAR,
    WINTER_PREPARATION_START,
    ZONE_NAMES,
    WinterTable,
    preparation_production_findings,
    raw_winter_level,
    weather_for,
    winter_roll_modifier,
    winter_roll_required,
    winter_table,
)
from projections.weather import determined_in, produced_in
from replays.audit.common import rolled
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("weather")

STANDARD_A3R: Final = "the standard A3R weather rules (weather.winter = a3r) are not in the extracts"


def _table(ctx: AuditContext[Any]) -> WinterTable | None:
    """The game's Winter Table: AWAW 34.41, the A3R house App. K, or ``None`` for standard A3R weather."""
    return winter_table(ctx.state.meta.rules, ctx.state.meta.options)


def _zone(zone: str) -> str:
    return ZONE_NAMES.get(zone, zone)  # type: ignore[call-overload, no-any-return]


def _turn(ctx: AuditContext[Any]) -> str:
    return f"{ctx.event.season.capitalize()} {ctx.event.year}"


def _seen(ctx: AuditContext[Any]) -> set[str] | frozenset[str]:
    """Zones whose weather was determined in the current game turn (before this event)."""
    return determined_in(ctx.state.weather, game_turn(ctx.event))


# ---------------------------------------------------------------------------------------------------------------------
# Weather by zone and season (34.2, 34.3; W-01..W-04)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check("34.3", "each zone's weather type is the one its season gives", reads=(WeatherDetermined,))
def check_weather_type(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = _table(ctx)
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
            message=f"{_zone(event.zone)} has {expected} weather in {event.season}, recorded {event.weather} (34.3)",
        )


@FAMILY.check("34.23", "a zone's weather is determined once per game turn", reads=(WeatherDetermined,))
def check_weather_once(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    if event.zone in _seen(ctx):
        yield c.finding(
            ctx,
            expected="once per game turn",
            recorded="again",
            message=f"the weather of {_zone(event.zone)} is determined a second time in {_turn(ctx)}",
        )


@FAMILY.check(
    "34.41",
    "a rolled winter level is one d6 plus the zone's modifier (Winter Table)",
    reads=(WeatherDetermined,),
)
def check_winter_roll(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    modifier = winter_roll_modifier(event.zone, event.season, table=table)
    if modifier is None:
        return
    zone = _zone(event.zone)
    if event.roll is None:
        yield c.finding(
            ctx,
            expected="a winter die",
            recorded="no roll",
            message=f"no winter die was rolled for {zone} in {_turn(ctx)} (34.32: one die + {modifier})",
        )
        return
    roll = rolled(ctx, event.roll)
    if roll is None:
        return  # the dice family reports a roll that was never made
    if len(roll.dice) != 1 or roll.sides != DIE_SIDES:
        yield c.finding(
            ctx,
            expected=f"one d{DIE_SIDES}",
            recorded=f"{len(roll.dice)}d{roll.sides}",
            message=f"the Winter Table takes one d{DIE_SIDES}; roll {event.roll} is {len(roll.dice)}d{roll.sides}",
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
)
def check_fixed_winter_level(c: Check, ctx: AuditContext[WeatherDetermined]) -> Result:
    event = ctx.event
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    if winter_roll_required(event.zone, event.season, table=table):
        return
    zone = _zone(event.zone)
    if event.roll is not None:
        yield c.finding(
            ctx,
            expected="no roll",
            recorded=f"roll {event.roll}",
            message=f"no winter die is rolled for {zone} in {event.season} (34.32), but roll {event.roll} was used",
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
)
def check_winter_rolls_made(c: Check, ctx: AuditContext[Any]) -> Result:
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    if not ctx.state.weather.zones:
        yield Missing(reason="the log records no weather")
        return
    seen = _seen(ctx)
    zone: WeatherZone
    for zone in SEASONAL_WEATHER:
        modifier = winter_roll_modifier(zone, ctx.event.season, table=table)
        if modifier is not None and zone not in seen:
            yield c.finding(
                ctx,
                expected=f"a winter roll for {zone}",
                recorded="none",
                message=f"no winter roll (one die + {modifier}) was recorded for {_zone(zone)} in {_turn(ctx)} (34.32)",
            )


# ---------------------------------------------------------------------------------------------------------------------
# Winter preparation (34.4; W-12..W-14; A3R App. K, C-WEA-2)
# ---------------------------------------------------------------------------------------------------------------------


def _faction(faction: str) -> str:
    return faction.replace("_", " ").title()


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@FAMILY.check(
    "34.41",
    "winter preparation starts at its 34.41 level (Russia 6, Japan 2, others 0; house: Japan 0) and stays <= 6",
    reads=(WinterPreparationChanged,),
)
def check_preparation_level(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = _faction(event.faction)
    if event.level > MAX_WINTER_PREPARATION:
        yield c.finding(
            ctx,
            expected=f"at most {MAX_WINTER_PREPARATION}",
            recorded=event.level,
            message=(
                f"{_possessive(who)} winter preparation is set to {event.level}; it never exceeds "
                f"{MAX_WINTER_PREPARATION}"
            ),
        )
    if event.cause != "setup":
        return
    start = WINTER_PREPARATION_START[table][event.faction]
    allowed = {start}
    if table == "awaw" and event.faction == "european_axis":
        allowed.add(GERMANY_FIRST_TURN_PREPARATION)  # 34.41A: first-turn attacks after German aggression
    if event.level not in allowed:
        yield c.finding(
            ctx,
            expected=start,
            recorded=event.level,
            message=f"{who} start with winter preparation {start}, recorded {event.level}",
        )


def _expected_after(ctx: AuditContext[Any], faction: str, increase: int) -> tuple[int, int] | None:
    """(level before, level after an increase capped at 6), or ``None`` when the level before is unknown."""
    before = ctx.state.weather.winter_preparation.get(faction)
    if before is None:
        return None
    return before, min(MAX_WINTER_PREPARATION, before + increase)


@FAMILY.check(
    "34.431",
    "winter preparation bought by production: not by Russia, one level per result",
    reads=(WinterPreparationChanged,),
)
def check_preparation_production(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in PRODUCTION_CAUSES:
        return
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = _faction(event.faction)
    if event.faction not in PREPARATION_PRODUCERS:
        yield c.finding(
            ctx,
            expected="no production",
            recorded=event.cause,
            message=f"{who} may not raise winter preparation by production (34.431, 42.24H)",
        )
        return
    expected = _expected_after(ctx, event.faction, 1)
    if expected is not None and event.level != expected[1]:
        yield c.finding(
            ctx,
            expected=expected[1],
            recorded=event.level,
            message=(
                f"one winter preparation result takes {who} from {expected[0]} to {expected[1]}; recorded {event.level}"
            ),
        )


@FAMILY.check(
    "34.433",
    "at most one winter preparation result produced per year per faction",
    reads=(WinterPreparationChanged,),
)
def check_preparation_per_year(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in COUNTED_PRODUCTION_CAUSES or event.faction not in PREPARATION_PRODUCERS:
        return
    earlier = produced_in(ctx.state.weather, event.faction, event.year)
    for _breach in preparation_production_findings(event.faction, {event.year: earlier + 1}):
        yield c.finding(
            ctx,
            expected="at most 1",
            recorded=earlier + 1,
            message=(
                f"{_faction(event.faction)} produce winter preparation result number {earlier + 1} in "
                f"{event.year}; 34.433 allows one per year"
            ),
        )


@FAMILY.check(
    "34.432",
    "the automatic +2 goes to the EA or Japan at the end of a winter game turn at war with Russia",
    reads=(WinterPreparationChanged,),
)
def check_preparation_automatic(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause != "automatic":
        return
    table = _table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    who = _faction(event.faction)
    power = AUTOMATIC_INCREASE_WARS.get(event.faction)
    if power is None:
        yield c.finding(
            ctx,
            expected="European Axis or Japan",
            recorded=event.faction,
            message=f"{who} gain no automatic winter preparation; only the European Axis and Japan do (34.432)",
        )
        return
    if event.season != "winter":
        yield c.finding(
            ctx,
            expected="winter",
            recorded=event.season,
            message=(
                f"{_possessive(who)} automatic winter preparation comes at the end of a winter game turn, "
                f"not {event.season}"
            ),
        )
    if not at_war(ctx.state.board, power, "russia"):
        yield c.finding(
            ctx,
            expected=f"{power} at war with Russia",
            recorded="not at war",
            message=f"{who} gain the automatic +{AUTOMATIC_INCREASE} only while {power} is at war with Russia (34.432)",
        )
    expected = _expected_after(ctx, event.faction, AUTOMATIC_INCREASE)
    if expected is not None and event.level != expected[1]:
        yield c.finding(
            ctx,
            expected=expected[1],
            recorded=event.level,
            message=(
                f"the automatic +{AUTOMATIC_INCREASE} takes {who} from {expected[0]} to {expected[1]}; "
                f"recorded {event.level}"
            ),
        )


@FAMILY.check(
    "A3R App. K",
    "house preparation: WA +1 each winter from 1942, Axis restraint bonus of at most +2, only under the house table",
    reads=(WinterPreparationChanged,),
)
def check_preparation_house(c: Check, ctx: AuditContext[WinterPreparationChanged]) -> Result:
    event = ctx.event
    if event.cause not in ("wa_annual", "axis_restraint"):
        return
    table = _table(ctx)
    who = _faction(event.faction)
    if table != "a3r_house":
        yield c.finding(
            ctx,
            expected="no house preparation",
            recorded=event.cause,
            message=(
                f"{_possessive(who)} {event.cause} winter preparation is a house rule (App. K) this game does not use"
            ),
        )
        return
    expected_faction: Faction = "western_allies" if event.cause == "wa_annual" else "european_axis"
    if event.faction != expected_faction:
        yield c.finding(
            ctx,
            expected=expected_faction,
            recorded=event.faction,
            message=f"{event.cause} winter preparation goes to the {_faction(expected_faction)}, not the {who}",
        )
        return
    before = ctx.state.weather.winter_preparation.get(event.faction)
    if event.cause == "wa_annual":
        if event.season != "winter" or event.year < WA_HOUSE_WINTER_FROM_YEAR:
            yield c.finding(
                ctx,
                expected=f"a winter from {WA_HOUSE_WINTER_FROM_YEAR}",
                recorded=_turn(ctx),
                message=(
                    f"the Western Allies gain +1 winter preparation each winter from Winter "
                    f"{WA_HOUSE_WINTER_FROM_YEAR}, not in {_turn(ctx)} (App. K)"
                ),
            )
        expected = _expected_after(ctx, event.faction, 1)
        if expected is not None and event.level != expected[1]:
            yield c.finding(
                ctx,
                expected=expected[1],
                recorded=event.level,
                message=f"the WA winter +1 takes them from {expected[0]} to {expected[1]}; recorded {event.level}",
            )
        return
    if before is not None and event.level > before and event.season != "winter":
        yield c.finding(
            ctx,
            expected="the ensuing winter turn",
            recorded=_turn(ctx),
            message=f"the Axis restraint bonus applies to the winter after the Fall, not to {_turn(ctx)} (App. K)",
        )
    if before is not None and event.level - before > HOUSE_AXIS_MAX_RESTRAINT:
        yield c.finding(
            ctx,
            expected=f"at most +{HOUSE_AXIS_MAX_RESTRAINT}",
            recorded=f"+{event.level - before}",
            message=(
                f"the Axis restraint bonus is at most +{HOUSE_AXIS_MAX_RESTRAINT} (no exploitation, no offensive "
                f"air); recorded {before} to {event.level}"
            ),
        )
