"""Naval construction charts: shipyards, ships laid down, advanced, accelerated, deferred, launched, repaired.

Source: 27-30 extract 3.4 (rule 27.7). Chart positions and costs are what the player *claimed*; the naval
projection places ships by the rules (27.7251, 27.7267, 27.7272) and the audit compares.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Brps, Event, Factors, Ident, Location, Name, RollRef, UnitId
from awaw_events.vocab import ChartRow, Power, Season, UnitType

SbPoints = Annotated[int, Meta(ge=0, le=30, description="Shipbuilding points (27.724A).")]

FastCarrierEntitlement = Literal["soa_cv_launched", "soa_cvb_laid_down", "japanese_fast_carrier", "axis_fast_carrier"]
"""What lets the U.S. lay down a fast carrier before war with Japan and Spring 1942: a Japanese CV launched (other
than Akagi and Kaga) or CVB laid down during Storm Over Asia (27.7325A-B), a Japanese fast carrier laid down during
AWAW (27.7325C), or, in a European scenario, a German or Italian fast carrier laid down (27.733)."""


class ShipyardDefined(Event, tag="shipyard_defined", frozen=True, kw_only=True):
    """A shipyard and its chart (27.723, 27.724, 27.731): owner, where ships launch, rate, capacity rule."""

    family: ClassVar[str] = "naval"
    yard: Ident
    owner: Power
    location: Location
    rate: Annotated[int, Meta(ge=0, le=12)]
    capacity_rule: Literal["double_rate", "us_box", "captured"] = "double_rate"


class ShipbuildingRateChanged(Event, tag="shipbuilding_rate_changed", frozen=True, kw_only=True):
    """A shipyard's rate changes (RPs, mobilization, production, capture; 27.713, 27.731, 27.7321)."""

    family: ClassVar[str] = "naval"
    yard: Ident
    rate: Annotated[int, Meta(ge=0, le=12)]
    cause: Name = "other"


class ShipyardControlChanged(Event, tag="shipyard_control_changed", frozen=True, kw_only=True):
    """A shipyard captured or recaptured (27.71, 27.713)."""

    family: ClassVar[str] = "naval"
    yard: Ident
    controller: Power
    mode: Literal["owned", "captured", "recaptured_by_owner", "recaptured_by_ally"]


class ShipLaidDown(Event, tag="ship_laid_down", frozen=True, kw_only=True):
    """A DD, CVE, cruiser or named ship placed on a chart (27.7251), or printed on it at set-up (``setup``).

    ``row``/``column`` are the claimed chart cell; ``sb``/``brps`` the claimed payment (1 SB + 3 BRPs, per factor
    for DDs and CVEs). Set-up placements pay nothing.
    """

    family: ClassVar[str] = "naval"
    yard: Ident
    ship: UnitId
    owner: Power
    unit_type: UnitType
    factors: Factors
    name: Name | None = None
    row: ChartRow
    column: Season
    sb: SbPoints = 0
    brps: Brps = 0
    setup: bool = False
    entitlement: FastCarrierEntitlement | None = None
    """For an American fast carrier laid down before war with Japan and before Spring 1942: the event that permits
    it (27.7325A-C, 27.733). None: not recorded."""


class ShipAdvanced(Event, tag="ship_advanced", frozen=True, kw_only=True):
    """A ship in the current column continued or accelerated (27.7272A-B), to the claimed cell."""

    family: ClassVar[str] = "naval"
    yard: Ident
    ship: UnitId
    mode: Literal["continue", "accelerate_1", "accelerate_2"] = "continue"
    row: ChartRow
    column: Season
    sb: SbPoints = 1
    brps: Brps = 3


class ShipDeferred(Event, tag="ship_deferred", frozen=True, kw_only=True):
    """A ship deferred one column to the right (27.7272C)."""

    family: ClassVar[str] = "naval"
    yard: Ident
    ship: UnitId
    column: Season
    basis: Literal["voluntary", "excess_over_rate"] = "voluntary"


class ShipLaunched(Event, tag="ship_launched", frozen=True, kw_only=True):
    """A ship leaves the chart for the board, inverted (27.7272D, 27.7273-27.7274, 27.82B).

    ``paid_from_row2``: paid 1 SB + 3 BRPs to go from row 2; ``free``: it was on the Launch row already.
    """

    family: ClassVar[str] = "naval"
    yard: Ident
    ship: UnitId
    mode: Literal["paid_from_row2", "free"] = "free"
    location: Location
    sb: SbPoints = 0
    brps: Brps = 0


class ShipScuttled(Event, tag="ship_scuttled", frozen=True, kw_only=True):
    """A ship on a chart scuttled (27.7272E): removed, capacity freed."""

    family: ClassVar[str] = "naval"
    yard: Ident
    ship: UnitId


class ShipDamaged(Event, tag="ship_damaged", frozen=True, kw_only=True):
    """A named ship or cruiser damaged (27.7266A, 27.721)."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    cause: Name = "naval_combat"
    ref: Ident | None = None


class ShipSunk(Event, tag="ship_sunk", frozen=True, kw_only=True):
    """A ship sunk; one sunk in port may later be raised if it is a named ship (27.721, 27.7262).

    ``cause`` as for ``ship_damaged`` (``naval_combat``, ``air_attack``, ``strategic_bombing`` ...; None: not
    recorded): ships on a chart may only be attacked by strategic bombing (27.7283)."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    in_port: bool = False
    ref: Ident | None = None
    cause: Name | None = None


class ShipRaised(Event, tag="ship_raised", frozen=True, kw_only=True):
    """A named ship sunk in port raised to damaged status: 1 SB + 3 BRPs (27.7262, 27.7263)."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    yard: Ident
    sb: SbPoints = 1
    brps: Brps = 3


class ShipArrivedForRepair(Event, tag="ship_arrived_for_repair", frozen=True, kw_only=True):
    """A damaged ship enters a shipyard's Waiting for Repair box (27.7261, 27.7281)."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    yard: Ident


class ShipRepairStarted(Event, tag="ship_repair_started", frozen=True, kw_only=True):
    """Repair begins: the ship goes to the Launch row (27.7264, 27.7267); named ships pay 1 SB + 3 BRPs."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    yard: Ident
    column: Season
    sb: SbPoints = 0
    brps: Brps = 0
    payer: Power | None = None
    """Who paid the BRPs, as claimed (27.7264: the shipyard's owner; the ship's owner in a captured shipyard). None:
    not recorded (the BRP ledger charges the payer 27.7264 names)."""


class ShipDisplacedFromChart(Event, tag="ship_displaced_from_chart", frozen=True, kw_only=True):
    """A ship pushed off a chart when its port is occupied or its yard captured; it becomes damaged (27.71)."""

    family: ClassVar[str] = "naval"
    ship: UnitId
    yard: Ident
    reason: Literal["port_occupied", "yard_captured"]
    destroyed: bool = False


class SubmarineWarfareDeclared(Event, tag="submarine_warfare_declared", frozen=True, kw_only=True):
    """Germany declares unrestricted submarine warfare, or ends it (``unrestricted=False``). A declaration stands
    from its game turn until it is ended; German submarines go to the Murmansk box only in game turns in which it
    stands (A3R App. L)."""

    family: ClassVar[str] = "naval"
    power: Power = "germany"
    unrestricted: bool = True


class MurmanskConvoyBattle(Event, tag="murmansk_convoy_battle", frozen=True, kw_only=True):
    """A Murmansk convoy attacked by Murmansk-box submarines in the Allied redeployment phase (A3R 37.6, SoP step
    13e; App. L step 6): the escort (9FFs and ASW), the submarines that attack and those withheld, the submarines the
    escort sinks (one for one) and the BRPs the convoy loses."""

    family: ClassVar[str] = "naval"
    convoy: Ident
    escort_nine_ffs: Factors = 0
    escort_asw: Factors = 0
    subs_attacking: Factors
    subs_withheld: Factors = 0
    subs_lost: Factors = 0
    brps_lost: Brps = 0
    roll: RollRef | None = None


__all__ = [
    "FastCarrierEntitlement",
    "MurmanskConvoyBattle",
    "SbPoints",
    "ShipAdvanced",
    "ShipArrivedForRepair",
    "ShipDamaged",
    "ShipDeferred",
    "ShipDisplacedFromChart",
    "ShipLaidDown",
    "ShipLaunched",
    "ShipRaised",
    "ShipRepairStarted",
    "ShipScuttled",
    "ShipSunk",
    "ShipbuildingRateChanged",
    "ShipyardControlChanged",
    "ShipyardDefined",
    "SubmarineWarfareDeclared",
]
