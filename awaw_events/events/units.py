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
    Modifier,
    Name,
    UnitId,
)
from awaw_events.vocab import Faction, Front, Power, SupplyStatus, SwBox, Theater, UnitType

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
    transports: dict[SwBox, int] = {}
    """Transports used for a minor country's construction paid by the U.S.: one Atlantic transport per 5 U.S. BRPs
    for South Africa, one Pacific transport per 5 for Australia or India (27.472B, 27.473C, 27.474C)."""
    naval_air_rate: Literal["australia", "britain", "usa"] | None = None
    """Whose naval air training rate an Australian NAS is built on (27.61B); None: not recorded."""
    elite: bool = False
    """Built as an elite unit (rebuilt elite Japanese NAS come back as normal NAS, 27.23)."""
    supply: SupplyStatus | None = None
    """The supply status the new unit takes, that of its hex or box (27.43A); None: not recorded."""
    front: Front | None = None
    """The front a new strategic bomber or interceptor is assigned to in its SW box (27.92)."""
    movement: Annotated[int, Meta(ge=0, le=12)] | None = None
    """The movement factors printed on the counter (armor and specialized units move their printed MF, 10-16
    extract 1.1); None: not recorded."""


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
    sea_transport: bool = False
    """The move is a sea transport (13.32, 21.43): the path goes by sea from the port of embarkation to the port of
    debarkation, and ground movement costs, hexside bans and zones of control do not apply to it."""


class UnitRedeployed(Event, tag="unit_redeployed", frozen=True, kw_only=True):
    """Tactical, strategic or naval redeployment (28): TR, SR or NR, with its segment (28.13)."""

    family: ClassVar[str] = "units"
    unit: UnitId
    kind: Literal["TR", "SR", "NR", "air_transport"]
    origin: Location
    destination: Location
    path: list[Location] = []
    nr: Ident | None = None
    air_transport: UnitId | None = None
    """The air transport unit carrying a ground unit (28.36); None: not air transported, or not recorded."""
    escort: bool = False
    """A naval unit that protects the NR it is part of (sea escort, 28.32), rather than redeploying on its own."""
    transports: dict[SwBox, int] = {}
    """Transports of the SW boxes used, for redeployments from a U.S. box to the board (28.76: one per 5 factors)."""
    origin_front: Front | None = None
    destination_front: Front | None = None
    """The fronts the redeployment leaves and reaches (28.81: an air unit that SRs to another front is inverted);
    None: not recorded (the map data's front of the hex is used where it has one)."""


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
    ref: Ident | None = None
    """An id for this change, so that a payment can name it (``oil_expended.pays_for``: no oil is spent on an
    uninversion, 33.91); None: not named."""


class ForcePoolChanged(Event, tag="force_pool_changed", frozen=True, kw_only=True):
    """A change to a force pool: factors of a unit type that may be built (10.25, 11.2, 27.5, 27.61A, 27.91A)."""

    family: ClassVar[str] = "units"
    power: Power
    unit_type: UnitType
    area: Name | None = None
    delta: Annotated[int, Meta(ge=-99, le=99)]
    cause: Name = "scenario"


class CtlSet(Event, tag="ctl_set", frozen=True, kw_only=True):
    """A faction's combat training level in a domain (15.8), or one nation's of it (``nationality``)."""

    family: ClassVar[str] = "units"
    faction: Faction
    domain: Literal["ground", "air", "naval"]
    level: Annotated[int, Meta(ge=0, le=6)]
    nationality: Nationality | None = None
    """The nation whose own level this is, where it is not its faction's: Italy's CTL 1 beside Germany's 2 (14.43,
    15.551; each unit's CTL is its own nation's). None: the faction's level (Germany's for the European Axis)."""


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
    air_defense: list[Modifier] = []
    """The air defense level of the target hex the mission meets, by component (``fortification`` +1, ``fortress``
    +2: 32.25; other codes as the rules the game follows give them); [] = not recorded."""


class OilEffectAccepted(Event, tag="oil_effect_accepted", frozen=True, kw_only=True):
    """A faction accepts (does not offset) an oil effect for a domain and service (33.521)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    domain: Name
    service: Literal["air", "naval", "army", "strategic_air", "heavy_ships", "submarines", "construction"]
    voluntary: bool = False
    units: list[UnitId] = []
    """The units the effect falls on, where the log lists them (a unit under an air or naval oil effect is not
    uninverted, A3R option 13; a ground unit under the army effect does not NR, A3R 28.22); [] = not listed."""


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
