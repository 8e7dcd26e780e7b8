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
from awaw_events.vocab import Faction, Power, SupplyStatus, SwBox, Theater, WeatherType, WeatherZone

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
    "association",
    "activation",
    "persia_route",
    "island_group",
    "dei_initial",
    "philippines_initial",
]
"""Why a hex changed hands (29; 27-30 extract 3.6): ``isolation`` 29.31; ``partisans`` a partisan entering or the
hex reverting when it leaves (29.26); ``diplomacy`` a diplomatic result of 29.41, ``association`` 29.42,
``activation`` 29.43, ``persia_route`` 29.44; ``conquest`` a minor country conquered (29.51); ``island_group`` 29.71;
``dei_initial`` and ``philippines_initial`` Japan's initial conquests (29.54)."""

FortKind = Literal["fortification", "fortress", "maginot", "west_wall", "beach_defense", "port", "island_group"]


class HexControlChanged(Event, tag="hex_control_changed", frozen=True, kw_only=True):
    """A hex changes controller (29). ``ref`` names the attack, attrition or overrun that caused it."""

    family: ClassVar[str] = "board"
    hex: Hex
    controller: Controller
    cause: ControlCause = "occupation"
    ref: Ident | None = None


class SupplyResult(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The supply status of one unit or hex at a determination (30.4-30.6).

    ``subject`` is a unit id or a hex id (``EUR:K37``: the hex's own supply, 30.12). ``source`` names the supply
    source traced from: a named source of 30.2 (``berlin``, ``urals``, ``us_atlantic``), a hex id (a bridgehead, an
    IC or a minor capital), ``exploitation`` (exploiting armor's automatic supply, 30.551A) or ``automatic`` (the
    other cases of 30.551). ``path`` is the land supply line as traced, from the hex the source supplies to the
    subject's hex, each hex next to the one before (30.321; empty: not recorded); ``sea_line`` the sea supply line
    (``sea_supply_traced.line``) the subject's supply came through, if any (30.332).
    """

    subject: Annotated[str, Meta(min_length=1, max_length=64)]
    status: SupplyStatus
    source: Annotated[str, Meta(max_length=64)] | None = None
    path: Annotated[list[Hex], Meta(max_length=200)] = []
    sea_line: Ident | None = None


class SupplyDetermined(Event, tag="supply_determined", frozen=True, kw_only=True):
    """A supply determination (initial or post-combat, 30.4): the status of each unit or hex listed."""

    family: ClassVar[str] = "board"
    faction: Faction
    determination: Literal["initial", "post_combat"]
    results: list[SupplyResult] = []


class SupplySourceDesignated(Event, tag="supply_source_designated", frozen=True, kw_only=True):
    """A faction switches a supply source on or off (30.212): ``active`` False stops it acting as a source. The
    change takes effect from the next game turn (:mod:`projections.rules.supply`, option
    ``supply.designation_timing``)."""

    family: ClassVar[str] = "board"
    faction: Faction
    source: Annotated[str, Meta(min_length=1, max_length=64)]
    active: bool


class SeaSupplyTraced(Event, tag="sea_supply_traced", frozen=True, kw_only=True):
    """A sea supply line announced at a supply determination (30.33-30.36).

    ``origin`` is a mapboard box (``box:us_atlantic``) or a port hex; ``destination`` the port, bridgehead, one-hex
    island or island group hex it ends in; ``zone`` the supply zone (or island group) it supplies, as the players
    name it; ``path`` the sea hexes and ports it passes (30.334, 30.3341). ``transports`` counts the transports
    carrying it by SW box (30.331C); ``protection`` the naval units protecting it (30.361B); ``air_cover`` the air
    units covering it (30.364). ``exception`` names why a second line to a zone is allowed: ``zoc_split`` (30.342),
    ``new_port`` (30.45), ``upgrade`` (30.46).
    """

    family: ClassVar[str] = "board"
    faction: Faction
    line: Ident
    determination: Literal["initial", "post_combat"]
    origin: Location
    destination: Location
    zone: Ident | None = None
    purpose: Literal["supply", "oil", "brp"] = "supply"
    path: Annotated[list[Location], Meta(max_length=200)] = []
    transports: dict[SwBox, int] = {}
    protection: list[UnitId] = []
    air_cover: list[UnitId] = []
    exception: Literal["zoc_split", "new_port", "upgrade"] | None = None


class SeaSupplyDeclined(Event, tag="sea_supply_declined", frozen=True, kw_only=True):
    """The moving player declines to trace sea supply to a supply zone it could supply (30.351, 30.44)."""

    family: ClassVar[str] = "board"
    faction: Faction
    zone: Ident
    determination: Literal["initial", "post_combat"]


class SeaSupplyResolved(Event, tag="sea_supply_resolved", frozen=True, kw_only=True):
    """How a sea supply line ended (30.37-30.38): delivered, disrupted or abandoned.

    ``attackers`` are the enemy air and naval units that attacked it (30.381A); ``blocked`` those kept off by air
    cover; ``protection_lost`` whether its protecting naval units were sunk or withdrew before it was attacked, or
    it took losses as its escorts were sunk (30.381B); ``reached`` the islands of a group it reached before it was
    disrupted (30.343F).
    """

    family: ClassVar[str] = "board"
    line: Ident
    outcome: Literal["delivered", "disrupted", "abandoned"]
    attackers: list[UnitId] = []
    blocked: list[UnitId] = []
    protection_lost: bool = False
    reached: list[Hex] = []


class JointControlChanged(Event, tag="joint_control_changed", frozen=True, kw_only=True):
    """Joint Western Allied control begins or ends (29.25): Britain-France, or Britain-U.S. in one theater."""

    family: ClassVar[str] = "board"
    pair: Literal["britain_france", "britain_usa"]
    theater: Theater | None = None
    active: bool


class CounterPlaced(Event, tag="counter_placed", frozen=True, kw_only=True):
    """An airbase, rocket base or port counter placed (18.142, 29.24, 30.61A). Port counters built for BRPs are
    ``fortification_built`` with ``kind: port``."""

    family: ClassVar[str] = "board"
    power: Power
    hex: Hex
    counter: Literal["airbase", "rocket_base", "port"]
    brp_cost: Brps = 0


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
    levels: dict[Faction, Annotated[int, Meta(ge=0, le=12)]] = {}
    """Each faction's winter level in the zone as claimed: the zone's level less that faction's winter preparation,
    not below 0 (34.41; 31-34 check W-03). Empty: not claimed (the audit derives them where it needs them)."""


class WinterPreparationChanged(Event, tag="winter_preparation_changed", frozen=True, kw_only=True):
    """A faction's winter preparation level changes (34.4; A3R App. K)."""

    family: ClassVar[str] = "board"
    faction: Faction
    level: Annotated[int, Meta(ge=0, le=12)]
    cause: Literal["research", "produced", "triggered", "automatic", "wa_annual", "axis_restraint", "setup"]
    rp_cost: Count = 0
    held: bool = False
    """A result produced and held back, to be triggered later: the level does not change until it is triggered
    and announced (34.434B; 31-34 extract TC-07)."""
    units: list[UnitId] = []
    """The automatic increase (34.432): the faction's ground units in the Russian winter zone (European Axis) or
    in Siberia, Manchuria, Mongolia or Tannu Tuva (Japan) at the end of the winter game turn. Empty: not
    recorded."""


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
    "CounterPlaced",
    "CounterRemoved",
    "FortKind",
    "FortificationBuilt",
    "FortificationEliminated",
    "FortificationPlaced",
    "HexControlChanged",
    "JointControlChanged",
    "PartisansPlaced",
    "RailheadBuilt",
    "RollRef",
    "SeaSupplyDeclined",
    "SeaSupplyResolved",
    "SeaSupplyTraced",
    "SiegeUpdated",
    "SupplyDetermined",
    "SupplyResult",
    "SupplySourceDesignated",
    "WeatherDetermined",
    "WinterPreparationChanged",
]
