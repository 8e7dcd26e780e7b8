"""What the weather checks share: the family, the game's Winter Table, naming zones and factions, and each faction's
winter level where a hex lies (the hex's weather zone from the map data, the zone's level this game turn from the
weather projection, the faction's preparation as recorded or as the rules start it)."""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.gametime import game_turn
from awaw_events.options import WEATHER_FIXED_PREPARATION
from awaw_events.vocab import FACTION_OF_POWER, Power, WeatherZone
from projections.board import Unit
from projections.rules.weather import (
    FIXED_WINTER_LEVELS,
    MINOR_WINTER_PREPARATION_START,
    ZONE_NAMES,
    FixedLevelPreparation,
    WinterTable,
    effective_winter_level,
    winter_table,
)
from projections.weather import determined_in, preparation
from replays.audit.engine import AuditContext, Family, Missing

FAMILY: Final = Family("weather")
"""Weather and winter preparation checks (34; A3R App. K)."""

STANDARD_A3R: Final = "the standard A3R weather rules (weather.winter = a3r) are not in the extracts"


def table_of(ctx: AuditContext[Any]) -> WinterTable | None:
    """The game's Winter Table: AWAW 34.41, the A3R house App. K, or ``None`` for standard A3R weather."""
    return winter_table(ctx.state.meta.rules, ctx.state.meta.options)


def zone_name(zone: str) -> str:
    return ZONE_NAMES.get(cast(WeatherZone, zone), zone)


def turn_name(ctx: AuditContext[Any]) -> str:
    return f"{ctx.event.season.capitalize()} {ctx.event.year}"


def seen(ctx: AuditContext[Any]) -> set[str] | frozenset[str]:
    """Zones whose weather was determined in the current game turn (before this event)."""
    return determined_in(ctx.state.weather, game_turn(ctx.event))


def faction_name(faction: str) -> str:
    return faction.replace("_", " ").title()


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def fixed_reading(ctx: AuditContext[Any]) -> FixedLevelPreparation:
    """Option ``weather.fixed_preparation`` (31-34 extract Q12): whether preparation reduces the fixed levels."""
    value = ctx.state.meta.options.get(WEATHER_FIXED_PREPARATION)
    return "not_reduced" if value == "not_reduced" else "reduced"


def zone_of(ctx: AuditContext[Any], hex_: str) -> tuple[str | None, Missing | None]:
    """A hex's weather zone from the map data (``HexFacts.weather_zone``), or why it is unknown."""
    facts = ctx.hex(hex_)
    if facts is None or facts.weather_zone is None:
        return None, ctx.missing_hex(hex_, "weather zone")
    return facts.weather_zone, None


def minor_of(ctx: AuditContext[Any], nationality: str) -> str | None:
    """The nationality if its units have a winter preparation of their own (Finland and Sweden, 34.42; the house
    partisans, App. K), else None."""
    table = table_of(ctx)
    return nationality if table is not None and nationality in MINOR_WINTER_PREPARATION_START[table] else None


def unit_faction(unit: Unit) -> str | None:
    """The alliance faction a unit fights for (its owner's)."""
    return FACTION_OF_POWER.get(cast(Power, unit.owner))


def level_in_zone(
    ctx: AuditContext[Any], zone: str, faction: str, minor: str | None = None
) -> tuple[int | None, Missing | None]:
    """``faction``'s winter level in ``zone`` this game turn: the zone's level as determined this turn less the
    faction's preparation (a Finnish or Swedish unit's own, 34.42), not below 0 (34.41). 0 where the zone has no
    winter this turn; ``None`` with the reason when its weather was not determined this turn."""
    table = table_of(ctx)
    if table is None:
        return None, Missing(reason=STANDARD_A3R)
    weather = ctx.state.weather.zones.get(zone)
    event = ctx.event
    if weather is None or weather.turn != f"{event.season} {event.year}":
        return None, Missing(reason=f"no weather_determined for the {zone} zone this game turn")
    if weather.weather != "winter":
        return 0, None
    if weather.level is None:
        return None, Missing(reason=f"the {zone} zone's winter level is not recorded")
    prep = preparation(ctx.state.weather, faction, table, minor)
    fixed = zone in FIXED_WINTER_LEVELS
    return effective_winter_level(weather.level, prep, fixed=fixed, fixed_preparation=fixed_reading(ctx)), None


def level_at(
    ctx: AuditContext[Any], hex_: str, faction: str, minor: str | None = None
) -> tuple[int | None, str | None, Missing | None]:
    """``faction``'s winter level in the hex's zone this game turn, the zone, or why it cannot be told."""
    zone, why = zone_of(ctx, hex_)
    if zone is None:
        return None, None, why
    level, why = level_in_zone(ctx, zone, faction, minor)
    return level, zone, why


def in_border_war(ctx: AuditContext[Any], units: list[Unit]) -> bool:
    """Whether an operation by ``units`` belongs to the border war between Russia and Rumania over Bessarabia, which
    winter does not touch (34.32C): that war is on (and no other war involving either since), and they are Russian
    or Rumanian units."""
    if not ctx.state.weather.border_war or not units:
        return False
    return all(u.owner == "russia" or u.nationality == "rumania" for u in units)
