"""Oil: production, movement, expenditure, reserves, partial counters, facilities (rule 33).

Source: 31-34 extract 3.6. All amounts are in **fifths** of an oil counter (33.8 partial counters), so no floats.
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Brps, Count, Event, Fifths, Hex, Ident, Location, Name
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

ReserveKind = Literal["ea", "jp", "ru", "wa_eu", "wa_ind", "wa_sa", "wa_ph", "wa_aus", "wa_mnl"]
"""The nine oil reserves of 33.421-33.422 (31-34 extract 1.6, 4.1): European Axis, Japan, Russia, and the Western
Allied reserves of Europe, the India box, the South Africa box, Pearl Harbor, the Australia box and Manila."""

RussiaRoute = Literal["murmansk", "persia", "turkey", "siberia"]
"""The routes of Western Allied oil to Russia (33.4623; 31-34 extract 1.10)."""


class OilReserveDefined(Event, tag="oil_reserve_defined", frozen=True, kw_only=True):
    """An oil reserve of a faction: where it is and its maximum (33.421, 33.422). Amounts in fifths."""

    family: ClassVar[str] = "oil"
    reserve: Ident
    faction: Faction
    location: Location
    maximum: Fifths
    kind: ReserveKind | None = None
    """Which reserve of 33.422 this is, when its id does not say (``wa_south_africa`` and ``wa_sa`` do): the audit
    computes its maximum and starting level from the rules. ``None``: told by the id, else not known."""


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
    hex: Hex | None = None
    """The source's hex (an oil center or a plant): whose control and capture the audit reads (33.41A, 33.43,
    33.33B). ``None``: not recorded (the audit then uses a hex an earlier oil event gave for the source)."""
    facility: Name | None = None
    """The synthetic plant that produced (``oil_plant_built.facility``) when ``source`` is ``synthetic_plant``."""
    ics_diverted: Count | None = None
    """The Urals box: the Russian ICs diverted to oil production (33.21B, 37.65). ``None``: not recorded."""


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
    destroyer_factors: Count | None = None
    """The European Axis's sea escort: 3 destroyer factors per counter (33.43B). ``None``: not recorded."""
    transports_available: Count | None = None
    """The faction's transports in the SW box at the start of the turn (after inversions): at most half of them,
    rounded up, carry oil (33.4523, 33.473). ``None``: not recorded."""
    route: RussiaRoute | None = None
    """Western Allied oil sent to Russia: the route it takes (33.4623). ``None``: not oil for Russia, or not
    recorded."""


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
    pays_for: list[Ident] = []
    """What the payment offsets: the units (air units of a strategic bombing, heavy ships, submarines), the
    operations (an attack, a mission or battle ``ref``) or the builds it pays for (33.52, 33.541, 33.7). The audit
    recomputes the quantity from the units and follows each operation to the payment it relies on. Empty: not
    recorded."""


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
    attack_result: Annotated[int, Meta(ge=0, le=10)] | None = None
    """The Pearl Harbor strike: the air attack's result on the Naval Attack Table, no DRMs (33.424). ``None``: not
    recorded."""
    strike: Annotated[int, Meta(ge=1, le=10)] | None = None
    """The Pearl Harbor strike: which air strike of Japan's surprise attack it was (the second, 33.424)."""


class OilFacilityDamaged(Event, tag="oil_facility_damaged", frozen=True, kw_only=True):
    """Damage markers on an oil center or synthetic plant (33.32, 33.33)."""

    family: ClassVar[str] = "oil"
    facility: Name
    markers: Annotated[int, Meta(ge=1, le=10)]
    cause: Literal["bombing", "capture"]
    ref: Ident | None = None
    hex: Hex | None = None
    """The facility's hex (its control decides who may damage it). ``None``: not recorded."""


class OilFacilityRepaired(Event, tag="oil_facility_repaired", frozen=True, kw_only=True):
    """Damage markers removed (33.331)."""

    family: ClassVar[str] = "oil"
    facility: Name
    power: Power
    markers: Annotated[int, Meta(ge=1, le=10)]
    brp_cost: Brps = 0
    automatic: bool = False
    """A synthetic plant's own repair of one marker a turn (26.72B, 33.32A), apart from the two markers a power
    may remove (33.331)."""


class OilPlantBuilt(Event, tag="oil_plant_built", frozen=True, kw_only=True):
    """A synthetic oil plant built (33.234)."""

    family: ClassVar[str] = "oil"
    power: Power
    facility: Name
    rp_cost: Count = 0
    location: Name | None = None
    """The objective the plant stands in (a German objective, 33.231C; Harbin or Mukden, 33.232C), lower case.
    ``None``: not recorded."""
    hex: Hex | None = None
    """The plant's hex. ``None``: not recorded."""
    breakthroughs: Count | None = None
    """The builder's military breakthroughs, each taking 1 RP off the cost (33.234, 42.24F). ``None``: not recorded."""
    research_steps: Count | None = None
    """Japan: the Storm Over Asia economic-preparation steps reached (15 for a first plant, 18 for a second,
    33.232B). ``None``: not recorded."""


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
    "ReserveKind",
    "RussiaRoute",
]
