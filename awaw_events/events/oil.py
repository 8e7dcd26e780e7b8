"""Oil: production, movement, expenditure, reserves, partial counters, facilities (rule 33).

Source: 31-34 extract 3.6. All amounts are in **fifths** of an oil counter (33.8 partial counters), so no floats.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Brps, Count, Event, Fifths, Ident, Location, Name
from awaw_events.vocab import Faction, Power, SwBox

OilPurpose = Literal[
    "air_general",
    "naval_general",
    "army",
    "strategic_air",
    "hump",
    "heavy_ships",
    "submarines",
    "construction",
    "brp_growth",
    "japanese_resistance",
    "local_naval",
    "other",
]
"""What oil is spent on (33.5-33.7; 31-34 extract 3.6 ``OilExpended``)."""


class OilReserveDefined(Event, tag="oil_reserve_defined", frozen=True, kw_only=True):
    """An oil reserve of a faction: where it is and its maximum (33.421, 33.422). Amounts in fifths."""

    family: ClassVar[str] = "oil"
    reserve: Ident
    faction: Faction
    location: Location
    maximum: Fifths


class OilTrackingStarted(Event, tag="oil_tracking_started", frozen=True, kw_only=True):
    """Oil starts being tracked for a reserve (33.4424, 33.4624, 33.48), with its deemed starting level."""

    family: ClassVar[str] = "oil"
    reserve: Ident
    trigger: Name
    initial: Fifths


class OilTrackingStopped(Event, tag="oil_tracking_stopped", frozen=True, kw_only=True):
    """Oil stops being tracked for a faction (33.4624: Russia)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    reason: Name = "other"


class OilProduced(Event, tag="oil_produced", frozen=True, kw_only=True):
    """Oil produced at a source in the oil adjustment phase (33.2, 33.41A)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    source: Name
    amount: Fifths
    reserve: Ident | None = None
    usable: bool = True


class OilMoved(Event, tag="oil_moved", frozen=True, kw_only=True):
    """Oil moved by land or sea from a source, box or reserve to a reserve (33.43, 33.4523, 33.473)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    origin: Ident
    destination: Ident
    amount: Fifths
    mode: Literal["land", "sea"] = "land"
    shipment: Ident | None = None
    sw_box: SwBox | None = None
    transports: Count = 0


class OilShipmentLost(Event, tag="oil_shipment_lost", frozen=True, kw_only=True):
    """Oil lost at sea from a shipment (33.43B)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    shipment: Ident
    reserve: Ident
    amount: Fifths


class OilExpended(Event, tag="oil_expended", frozen=True, kw_only=True):
    """Oil spent from a reserve for a purpose and an oil domain (33.5-33.8). ``amount`` in fifths.

    For ``construction`` each whole counter covers 25 BRPs of builds at normal cost (27.35A).
    """

    family: ClassVar[str] = "oil"
    faction: Faction
    reserve: Ident
    purpose: OilPurpose
    amount: Fifths
    domain: Name | None = None
    nationality: Power | None = None
    detail: dict[str, int] = {}


class OilCountersEliminated(Event, tag="oil_counters_eliminated", frozen=True, kw_only=True):
    """Oil removed at the end of a player turn (33.41D, 33.431, 33.422 reserve maximum, 33.425, 33.424)."""

    family: ClassVar[str] = "oil"
    faction: Faction
    reserve: Ident
    amount: Fifths
    reason: Literal[
        "over_reserve_max",
        "unused_at_source",
        "not_in_reserve",
        "reserve_eliminated",
        "pearl_harbor_strike",
        "other",
    ]


class OilFacilityDamaged(Event, tag="oil_facility_damaged", frozen=True, kw_only=True):
    """Damage markers on an oil center or synthetic plant (33.32, 33.33)."""

    family: ClassVar[str] = "oil"
    facility: Name
    markers: Annotated[int, Meta(ge=1, le=10)]
    cause: Literal["bombing", "capture"]
    ref: Ident | None = None


class OilFacilityRepaired(Event, tag="oil_facility_repaired", frozen=True, kw_only=True):
    """Damage markers removed (33.331)."""

    family: ClassVar[str] = "oil"
    facility: Name
    power: Power
    markers: Annotated[int, Meta(ge=1, le=10)]
    brp_cost: Brps = 0


class OilPlantBuilt(Event, tag="oil_plant_built", frozen=True, kw_only=True):
    """A synthetic oil plant built (33.234)."""

    family: ClassVar[str] = "oil"
    power: Power
    facility: Name
    rp_cost: Count = 0


class OilEmbargoImposed(Event, tag="oil_embargo_imposed", frozen=True, kw_only=True):
    """The U.S. oil embargo on Japan (33.45211)."""

    family: ClassVar[str] = "oil"
    usjt: Annotated[int, Meta(ge=0, le=200)] | None = None


__all__ = [
    "OilCountersEliminated",
    "OilEmbargoImposed",
    "OilExpended",
    "OilFacilityDamaged",
    "OilFacilityRepaired",
    "OilMoved",
    "OilPlantBuilt",
    "OilProduced",
    "OilPurpose",
    "OilReserveDefined",
    "OilShipmentLost",
    "OilTrackingStarted",
    "OilTrackingStopped",
]
