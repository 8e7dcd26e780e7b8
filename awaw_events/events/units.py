"""Units on the board: placement, construction, movement, redeployment, elimination, inversion, force pools, CTLs.

Sources: 10-16 extract 3.1-3.2 (units, movement, overruns), 27-30 extract 3.3 (construction, elimination, inversion)
and 3.5 (redeployment). Construction costs are what the player *claimed* to pay; the audit recomputes them (27.11,
27.13, 27.14) and the BRP ledger charges the claimed amount.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import (
    Brps,
    Count,
    Event,
    Factors,
    Ident,
    Location,
    Name,
    UnitId,
)
from awaw_events.vocab import Faction, Power, Theater, UnitType

Nationality = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=40,
        pattern=r"^[a-z][a-z_:]*$",
        description="Nationality of a counter: a power or minor (``germany``, ``rumania``, ``commonwealth:canada``).",
    ),
]

EliminationCause = Literal[
    "combat",
    "overrun",
    "attrition",
    "isolation",
    "isolated_unpaid_offensive",
    "voluntary",
    "overstack",
    "naval_combat",
    "air_combat",
    "surrender",
    "airdrop",
    "shock_army_expiry",
    "other",
]
"""Why a unit was eliminated (10-16 extract 3.1 ``UnitEliminated``; 27.13A and 30.544 depend on it)."""


class UnitPlaced(Event, tag="unit_placed", frozen=True, kw_only=True):
    """A counter placed at set-up or entering play without construction (scenario, production, Vichy forces).

    Ships on a shipyard chart at set-up are ``ship_laid_down`` with ``setup=true`` instead.
    """

    family: ClassVar[str] = "units"
    unit: UnitId
    owner: Power
    nationality: Nationality
    unit_type: UnitType
    factors: Factors
    location: Location
    name: Name | None = None
    movement: Annotated[int, Meta(ge=0, le=12)] | None = None
    inverted: bool = False


class UnitBuilt(Event, tag="unit_built", frozen=True, kw_only=True):
    """A unit constructed in a unit construction phase (27.1-27.6, 27.8, 27.9; naval immediate builds 27.721A).

    ``cost`` is the BRPs the payer claims to have spent; ``multiplier`` the claimed 1/2/3 (27.13, 27.14);
    ``oil_covered_brps`` how much of the normal cost lies within the faction's oil-covered amount (27.35A).
    ``yard``/``sb`` record the shipbuilding points of subs, ASW and transports (27.7221).
    """

    family: ClassVar[str] = "units"
    unit: UnitId
    owner: Power
    nationality: Nationality
    unit_type: UnitType
    factors: Factors
    location: Location
    cost: Brps
    payer: Power | None = None
    rebuild: bool = False
    multiplier: Annotated[int, Meta(ge=1, le=3)] = 1
    oil_covered_brps: Brps | None = None
    yard: Ident | None = None
    sb: Annotated[int, Meta(ge=0, le=30)] = 0
    name: Name | None = None
    inverted: bool = True


class UnitMoved(Event, tag="unit_moved", frozen=True, kw_only=True):
    """A unit's move in the movement or exploitation phase (13.4, 16.3), as the path of locations it entered.

    ``path`` lists the hexes the unit enters, in order, and **not** the hex it starts in (the board knows where that
    is): the last is where it stops, and each step joins adjacent hexes, the first one to the starting hex (10-16
    extract 1.15). ``mf_used`` is the movement factors the move spent (13.41: terrain, ZoCs, overruns).
    """

    family: ClassVar[str] = "units"
    unit: UnitId
    path: Annotated[list[Location], Meta(min_length=1, max_length=40)]
    mf_used: Annotated[int, Meta(ge=0, le=40)] | None = None
    exploitation: bool = False
    breakthrough: Ident | None = None


class UnitRedeployed(Event, tag="unit_redeployed", frozen=True, kw_only=True):
    """Tactical, strategic or naval redeployment (28): TR, SR or NR, with its segment (28.13)."""

    family: ClassVar[str] = "units"
    unit: UnitId
    kind: Literal["TR", "SR", "NR", "air_transport"]
    origin: Location
    destination: Location
    path: list[Location] = []
    nr: Ident | None = None


class UnitEliminated(Event, tag="unit_eliminated", frozen=True, kw_only=True):
    """A unit removed from play (to its force pool unless it can never return). ``ref`` names the attack, attrition
    or overrun id that caused it."""

    family: ClassVar[str] = "units"
    unit: UnitId
    cause: EliminationCause
    ref: Ident | None = None


class UnitReduced(Event, tag="unit_reduced", frozen=True, kw_only=True):
    """A multi-factor counter loses factors without being eliminated (air and naval factor losses, 15.63)."""

    family: ClassVar[str] = "units"
    unit: UnitId
    factors_lost: Annotated[int, Meta(ge=1, le=99)]
    ref: Ident | None = None


class UnitInversionChanged(Event, tag="unit_inversion_changed", frozen=True, kw_only=True):
    """An air/naval unit inverted (used) or uninverted (27.8, 28.46, 28.77, 28.8; A3R option 13)."""

    family: ClassVar[str] = "units"
    unit: UnitId
    inverted: bool
    cause: Literal["mission", "constructed", "launched", "redeployed", "end_of_player_turn", "other"] = "other"


class ForcePoolChanged(Event, tag="force_pool_changed", frozen=True, kw_only=True):
    """A change to a force pool: factors of a unit type that may be built (10.25, 11.2, 27.5, 27.61A, 27.91A)."""

    family: ClassVar[str] = "units"
    power: Power
    unit_type: UnitType
    area: Name | None = None
    delta: Annotated[int, Meta(ge=-99, le=99)]
    cause: Name = "scenario"


class CtlSet(Event, tag="ctl_set", frozen=True, kw_only=True):
    """A faction's combat training level in a domain (15.8)."""

    family: ClassVar[str] = "units"
    faction: Faction
    domain: Literal["ground", "air", "naval"]
    level: Annotated[int, Meta(ge=0, le=6)]


class UnitTransferred(Event, tag="unit_transferred", frozen=True, kw_only=True):
    """A counter changes owner without leaving play (French fleet to Vichy, 58.6; captured units)."""

    family: ClassVar[str] = "units"
    unit: UnitId
    new_owner: Power
    nationality: Nationality | None = None


class AirMissionFlown(Event, tag="air_mission_flown", frozen=True, kw_only=True):
    """An air (or naval) mission: counterair, interception, DAS, ground support, escort, bombing (A3R 2.4.5)."""

    family: ClassVar[str] = "units"
    mission: Literal[
        "counterair",
        "interception",
        "das",
        "deferred_das",
        "escort",
        "ground_support",
        "bombing",
        "naval_patrol",
        "naval_interception",
        "shore_bombardment",
        "air_transport",
        "other",
    ]
    units: Annotated[list[UnitId], Meta(min_length=1)]
    target: Location | None = None
    ref: Ident | None = None


class OilEffectAccepted(Event, tag="oil_effect_accepted", frozen=True, kw_only=True):
    """A faction accepts (does not offset) an oil effect for a domain and service (33.521)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    domain: Name
    service: Literal["air", "naval", "army", "strategic_air", "heavy_ships", "submarines", "construction"]
    voluntary: bool = False


class RpSpent(Event, tag="rp_spent", frozen=True, kw_only=True):
    """Research points spent (railheads 28.652, shipbuilding 27.731, naval air training 27.61, winter prep 34.431)."""

    family: ClassVar[str] = "economy"
    power: Power
    amount: Count
    purpose: Name


__all__ = [
    "AirMissionFlown",
    "CtlSet",
    "EliminationCause",
    "ForcePoolChanged",
    "Nationality",
    "OilEffectAccepted",
    "RpSpent",
    "Theater",
    "UnitBuilt",
    "UnitEliminated",
    "UnitInversionChanged",
    "UnitMoved",
    "UnitPlaced",
    "UnitRedeployed",
    "UnitReduced",
    "UnitTransferred",
]
