"""Weather and winter preparation asked of a position (AWAW rule 34; A3R house App. K when ``weather.winter =
awaw_34_41_house``): each zone's weather and winter level (:mod:`.zones`), winter preparation (:mod:`.preparation`),
what the level, mud and monsoon forbid where they hold and the Axis operations limit (:mod:`.operations`), offensives
in mud, the spring allowance of 34.25 and the Bessarabian border war (:mod:`.fronts`). This module holds what they
share: the game's Winter Table, naming zones and factions, and each faction's winter level where a hex lies.

Sources: 31-34 extract 2.7 (checks W-01..W-18), 1.20-1.24 and 4.5, section 6 (TC-06, TC-07, TC-13); A3R extract 2.8,
3.13 (C-WEA-1..C-WEA-4) and 7.7 (T-W1). Tables come from :mod:`projections.rules.weather`; the winter die from the
dice record; each zone's weather this turn, preparation levels (as recorded, else as the rules start them), results
produced this year and held back, the Fall's Axis operations from the weather projection (:mod:`projections.weather`);
this turn's attacks and breakthroughs from :mod:`projections.combat`; units and wars from the board.

Which Winter Table: AWAW games use 34.41; A3R games use the house App. K table when the option ``weather.winter`` is
``awaw_34_41_house`` (the package value). With ``weather.winter = a3r`` the standard A3R weather rules apply, which
the extracts do not contain: those queries say so (:data:`STANDARD_A3R`). A hex's weather zone comes from the map
data (``HexFacts.weather_zone``); where the data does not give it the query says "not checked: no map data for
EUR:K37 (weather zone)".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from awaw_events.events import Event
from awaw_events.gametime import game_turn
from awaw_events.options import WEATHER_FIXED_PREPARATION
from awaw_events.vocab import FACTION_OF_POWER, Power, WeatherZone
from projections.board import Unit
from projections.position.core import Position, Unknown
from projections.rules import weather as rules
from projections.rules.breach import Breach
from projections.weather import determined_in
from projections.weather import preparation as prepared

Verdict = Iterable[Breach | Unknown]

STANDARD_A3R: Final = "the standard A3R weather rules (weather.winter = a3r) are not in the extracts"


def table_of(pos: Position) -> rules.WinterTable | None:
    """The game's Winter Table: AWAW 34.41, the A3R house App. K, or ``None`` for standard A3R weather."""
    return rules.winter_table(pos.meta.rules, pos.meta.options)


def zone_name(zone: str) -> str:
    return rules.ZONE_NAMES.get(cast(WeatherZone, zone), zone)


def turn_name(event: Event) -> str:
    return f"{event.season.capitalize()} {event.year}"


def seen(pos: Position, event: Event) -> set[str] | frozenset[str]:
    """Zones whose weather was determined in the event's game turn (before it)."""
    return determined_in(pos.state.weather, game_turn(event))


def faction_name(faction: str) -> str:
    return faction.replace("_", " ").title()


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def fixed_reading(pos: Position) -> rules.FixedLevelPreparation:
    """Option ``weather.fixed_preparation`` (31-34 extract Q12): whether preparation reduces the fixed levels."""
    return "not_reduced" if pos.meta.options.get(WEATHER_FIXED_PREPARATION) == "not_reduced" else "reduced"


def zone_of(pos: Position, hex_: str) -> tuple[str | None, Unknown | None]:
    """A hex's weather zone from the map data (``HexFacts.weather_zone``), or why it is unknown."""
    facts = pos.hex(hex_)
    if facts is None or facts.weather_zone is None:
        return None, pos.missing_hex(hex_, "weather zone")
    return facts.weather_zone, None


def weather_in(pos: Position, zone: str, event: Event) -> tuple[str | None, Unknown | None]:
    """The zone's weather in the event's game turn, as determined, or why it is not known."""
    weather = pos.state.weather.zones.get(zone)
    if weather is None or weather.turn != f"{event.season} {event.year}":
        return None, Unknown(reason=f"no weather_determined for the {zone} zone this game turn")
    return weather.weather, None


def minor_of(pos: Position, nationality: str) -> str | None:
    """The nationality if its units have a winter preparation of their own (Finland and Sweden, 34.42; the house
    partisans, App. K), else None."""
    table = table_of(pos)
    return nationality if table is not None and nationality in rules.MINOR_WINTER_PREPARATION_START[table] else None


def unit_faction(unit: Unit) -> str | None:
    """The alliance faction a unit fights for (its owner's)."""
    return FACTION_OF_POWER.get(cast(Power, unit.owner))


def level_in_zone(
    pos: Position, zone: str, faction: str, event: Event, minor: str | None = None
) -> tuple[int | None, Unknown | None]:
    """``faction``'s winter level in ``zone`` in the event's game turn: the zone's level as determined less the
    faction's preparation (a Finnish or Swedish unit's own, 34.42), not below 0 (34.41). 0 where the zone has no
    winter this turn; ``None`` with the reason when its weather was not determined this turn."""
    table = table_of(pos)
    if table is None:
        return None, Unknown(reason=STANDARD_A3R)
    weather = pos.state.weather.zones.get(zone)
    if weather is None or weather.turn != f"{event.season} {event.year}":
        return None, Unknown(reason=f"no weather_determined for the {zone} zone this game turn")
    if weather.weather != "winter":
        return 0, None
    if weather.level is None:
        return None, Unknown(reason=f"the {zone} zone's winter level is not recorded")
    prep = prepared(pos.state.weather, faction, table, minor)
    fixed = zone in rules.FIXED_WINTER_LEVELS
    return rules.effective_winter_level(weather.level, prep, fixed=fixed, fixed_preparation=fixed_reading(pos)), None


def level_at(
    pos: Position, hex_: str, faction: str, event: Event, minor: str | None = None
) -> tuple[int | None, str | None, Unknown | None]:
    """``faction``'s winter level in the hex's zone in the event's game turn, the zone, or why it cannot be told."""
    zone, why = zone_of(pos, hex_)
    if zone is None:
        return None, None, why
    level, why = level_in_zone(pos, zone, faction, event, minor)
    return level, zone, why


def in_border_war(pos: Position, units: list[Unit]) -> bool:
    """Whether an operation by ``units`` belongs to the border war between Russia and Rumania over Bessarabia, which
    winter does not touch (34.32C): that war is on (and no other war involving either since), and they are Russian
    or Rumanian units."""
    if not pos.state.weather.border_war or not units:
        return False
    return all(u.owner == "russia" or u.nationality == "rumania" for u in units)
