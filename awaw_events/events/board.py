"""The map state: hex control, supply determinations, bridgeheads, fortifications, railheads, weather.

Sources: 27-30 extract 3.6 (hex control), 3.7 (supply); 31-34 extract 3.3-3.5 (weather, bridgeheads,
fortifications); A3R extract 4.6 (winter, supply, railheads).
"""

from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from awaw_events.events.base import (
    Brps,
    Count,
    Event,
    Hex,
    Ident,
    Location,
    Modifier,
    Name,
    RollRef,
    UnitId,
)
from awaw_events.vocab import Faction, Power, SupplyStatus, WeatherType, WeatherZone

Controller = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=40,
        pattern=r"^[a-z][a-z_:]*$",
        description="Who controls a hex: a major power or a minor country id.",
    ),
]

ControlCause = Literal[
    "setup",
    "occupation",
    "movement",
    "advance_after_combat",
    "overrun",
    "attrition_occupation",
    "exploitation",
    "isolation",
    "partisans",
    "diplomacy",
    "surrender",
    "conquest",
    "home_reversion",
    "other",
]
"""Why a hex changed hands (29; 27-30 extract 3.6)."""

FortKind = Literal["fortification", "fortress", "maginot", "west_wall", "beach_defense", "port", "island_group"]


class HexControlChanged(Event, tag="hex_control_changed", frozen=True, kw_only=True):
    """A hex changes controller (29). ``ref`` names the attack, attrition or overrun that caused it."""

    family: ClassVar[str] = "board"
    hex: Hex
    controller: Controller
    cause: ControlCause = "occupation"
    ref: Ident | None = None


class SupplyResult(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The supply status of one unit or hex at a determination (30.4-30.6)."""

    subject: Annotated[str, Meta(min_length=1, max_length=64)]
    status: SupplyStatus
    source: Annotated[str, Meta(max_length=64)] | None = None


class SupplyDetermined(Event, tag="supply_determined", frozen=True, kw_only=True):
    """A supply determination (initial or post-combat, 30.4): the status of each unit or hex listed."""

    family: ClassVar[str] = "board"
    faction: Faction
    determination: Literal["initial", "post_combat"]
    results: list[SupplyResult] = []


class BridgeheadPlaced(Event, tag="bridgehead_placed", frozen=True, kw_only=True):
    """A bridgehead placed (31.1-31.3), by seaborne invasion, cross-river or crossing-arrow attack, or overrun."""

    family: ClassVar[str] = "board"
    hex: Hex
    faction: Faction
    cause: Literal["seaborne_invasion", "cross_river_attack", "crossing_arrow_attack", "overrun"]
    ref: Ident | None = None
    first_unit: UnitId | None = None
    across: Hex | None = None
    """The hex the attack or overrun came from across the river or crossing arrow (31.23, 31.24): the check of the
    hexside reads it. ``None``: not recorded."""


class BridgeheadRemoved(Event, tag="bridgehead_removed", frozen=True, kw_only=True):
    """A bridgehead removed (31.41): enemy control, isolation, or no longer needed."""

    family: ClassVar[str] = "board"
    hex: Hex
    reason: Literal["enemy_control", "isolation", "superfluous", "voluntary"]


class FortificationBuilt(Event, tag="fortification_built", frozen=True, kw_only=True):
    """A fortification, beach defenses (two counters), port, or island-group fortification built (27.11D-F, 32.1).

    ``brp_cost`` and ``rp_cost`` are the claimed payment.
    """

    family: ClassVar[str] = "board"
    power: Power
    kind: FortKind
    hexes: Annotated[list[Hex], Meta(min_length=1, max_length=2)]
    brp_cost: Brps
    rp_cost: Count = 0
    basis: Literal["city", "invasion_hex", "jungle", "beach", "port", "island_group", "other"] = "other"
    upgrade: bool = False
    islands: list[Hex] = []
    """An island-group fortification: the one-hex islands of the group that benefit, those the faction controlled
    and fully supplied at the start of its player turn (32.65). Empty: not recorded (``hexes`` stand for them)."""


class FortificationPlaced(Event, tag="fortification_placed", frozen=True, kw_only=True):
    """A fortification present at set-up (32.4): no cost."""

    family: ClassVar[str] = "board"
    hex: Hex
    kind: FortKind
    owner: Power
    hexsides: list[Hex] = []


class FortificationEliminated(Event, tag="fortification_eliminated", frozen=True, kw_only=True):
    """A fortification removed when the enemy controls its hex (32.31, 32.57, 32.68)."""

    family: ClassVar[str] = "board"
    hex: Hex
    cause: Literal["enemy_control", "siege", "other"] = "enemy_control"


class RailheadBuilt(Event, tag="railhead_built", frozen=True, kw_only=True):
    """A railhead (28.65; A3R option 17a): 5 BRPs plus 2 RPs (1 after a military breakthrough)."""

    family: ClassVar[str] = "board"
    power: Power
    hex: Hex
    brp_cost: Brps
    rp_cost: Count = 0


class WeatherDetermined(Event, tag="weather_determined", frozen=True, kw_only=True):
    """The weather of a zone this game turn (34.1-34.3); winter zones roll on the Winter Table (34.41).

    ``level`` is the claimed winter level; ``roll`` the winter die. Fixed zones carry no roll.
    """

    family: ClassVar[str] = "board"
    zone: WeatherZone
    weather: WeatherType
    level: Annotated[int, Meta(ge=0, le=12)] | None = None
    roll: RollRef | None = None
    modifiers: list[Modifier] = []


class WinterPreparationChanged(Event, tag="winter_preparation_changed", frozen=True, kw_only=True):
    """A faction's winter preparation level changes (34.4; A3R App. K)."""

    family: ClassVar[str] = "board"
    faction: Faction
    level: Annotated[int, Meta(ge=0, le=12)]
    cause: Literal["research", "produced", "triggered", "automatic", "wa_annual", "axis_restraint", "setup"]
    rp_cost: Count = 0


class PartisansPlaced(Event, tag="partisans_placed", frozen=True, kw_only=True):
    """Partisans appear in a hex (11.3): a unit with its area, built or free."""

    family: ClassVar[str] = "board"
    unit: UnitId
    owner: Power
    area: Name
    hex: Hex
    factors: Annotated[int, Meta(ge=1, le=9)] = 1
    cost: Brps = 0


class SiegeUpdated(Event, tag="siege_updated", frozen=True, kw_only=True):
    """A fortified hex's siege counter (32.2 A3R App. G; 31-34 extract 4.6)."""

    family: ClassVar[str] = "board"
    hex: Hex
    turns_without_full_supply: Annotated[int, Meta(ge=0, le=40)]
    effective_dm: Annotated[int, Meta(ge=0, le=5)] | None = None
    """The fortification's DM left after the siege (32.241; App. G 32.242). ``None``: not claimed."""
    submarine_drm: Annotated[int, Meta(ge=-40, le=0)] | None = None
    """The extra Naval Nationality DRM claimed for submarines operating from the port this turn, beyond the -1 of the
    naval oil effect (32.248). ``None``: not claimed."""


class CounterRemoved(Event, tag="counter_removed", frozen=True, kw_only=True):
    """A marker counter removed (airbase, rocket base, railhead) (14.523)."""

    family: ClassVar[str] = "board"
    location: Location
    counter: Literal["airbase", "rocket_base", "railhead", "other"]
    cause: Name = "other"


__all__ = [
    "BridgeheadPlaced",
    "BridgeheadRemoved",
    "ControlCause",
    "Controller",
    "CounterRemoved",
    "FortKind",
    "FortificationBuilt",
    "FortificationEliminated",
    "FortificationPlaced",
    "HexControlChanged",
    "PartisansPlaced",
    "RailheadBuilt",
    "RollRef",
    "SiegeUpdated",
    "SupplyDetermined",
    "SupplyResult",
    "WeatherDetermined",
    "WinterPreparationChanged",
]
