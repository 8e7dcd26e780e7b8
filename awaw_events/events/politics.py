"""Diplomacy and the political state the rules depend on: wars, tensions, surrenders, France and Vichy.

Sources: 27-30 extract 3.1; 31-34 extract 3.2; A3R extract 4.3 (tensions) and 4.5 (France, rule 58).
"""

from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from awaw_events.events.base import Brps, Event, Hex, Modifier, Name, RollRef, SignedBrps, TurnRef, UnitId, Year
from awaw_events.vocab import Belligerent, Faction, Power, Season

Country = Annotated[
    str,
    Meta(
        min_length=2,
        max_length=40,
        pattern=r"^[a-z][a-z_:]*$",
        description="A major power or a minor country/area id, snake_case (``germany``, ``poland``).",
    ),
]

Track = Literal["rgt", "usat", "usjt"]
"""Russian-German tension, US Atlantic tension, US-Japanese tension."""

Status = Literal[
    "neutral",
    "associated",
    "activated",
    "allied",
    "conquered",
    "surrendered",
    "re_entered",
    "fallen",
    "vichy_established",
    "vichy_activated",
]


class WarDeclared(Event, tag="war_declared", frozen=True, kw_only=True):
    """A declaration of war, with the BRPs the aggressor claims to have paid (27.12: 35 major, 10 minor).

    ``aggressor`` is a major power, or a faction or side where a source says a side declared ("the Axis declared
    war on the Allies"): the war stands between the names recorded, and a rule that needs the power that declared
    (27.12: who pays) says it cannot tell. Such a declaration charges no power's BRPs.
    """

    family: ClassVar[str] = "politics"
    aggressor: Belligerent
    target: Country
    brp_cost: Brps
    surprise: bool = False
    since_year: Year | None = None
    since_season: Season | None = None
    """A war already under way when a set-up begins (``awaw new --setup``, docs/setup.md): when it began. Such an
    event declares nothing: it costs nothing, and the rules of declarations do not apply to it."""
    since_until: TurnRef | None = None
    """Of a war under way at a set-up whose beginning the record knows only as a range (an ``until`` of the
    declaration): the range's last turn, ``YEAR-SEASON``."""
    border_war: bool = False
    """A border war between Russia and Rumania over Bessarabia, not a general war (34.32C: no winter effects in it)."""


class TensionChanged(Event, tag="tension_changed", frozen=True, kw_only=True):
    """A tension track moves (RGT, USAT, USJT; A3R App. E; 27.7322 uses the effective USAT)."""

    family: ClassVar[str] = "politics"
    track: Track
    old: Annotated[int, Meta(ge=0, le=200)]
    new: Annotated[int, Meta(ge=0, le=200)]
    cause: Name = "other"
    modifiers: list[Modifier] = []


class StatusChanged(Event, tag="status_changed", frozen=True, kw_only=True):
    """A country's political status changes: surrender, fall of France, Vichy, minor association/conquest."""

    family: ClassVar[str] = "politics"
    country: Country
    status: Status
    faction: Faction | None = None
    resistance: Annotated[int, Meta(ge=-20, le=20)] | None = None


class DiplomaticResult(Event, tag="diplomatic_result", frozen=True, kw_only=True):
    """The result applied to a minor country on the diplomatic table (29.41, 28.22C)."""

    family: ClassVar[str] = "politics"
    country: Country
    faction: Faction
    result: Annotated[int, Meta(ge=-10, le=20)]
    roll: RollRef | None = None


class MobilizationApplied(Event, tag="mobilization_applied", frozen=True, kw_only=True):
    """A mobilization: BRP base increase and any U.S. shipbuilding increase (27.32A, 27.7321A).

    A Russian IC built by mobilization or research (A3R App. E) names its city (``ic_city``, e.g. ``kuibyshev``),
    its hex and whether it comes from mobilization or research (``ic_origin``).
    """

    family: ClassVar[str] = "politics"
    power: Power
    brp_base_increase: SignedBrps = 0
    shipbuilding_increase: Annotated[int, Meta(ge=0, le=5)] = 0
    yard: Name | None = None
    ic_city: Country | None = None
    ic_hex: Hex | None = None
    ic_origin: Literal["mobilization", "research"] | None = None


class DiplomaticPointsAllocated(Event, tag="diplomatic_points_allocated", frozen=True, kw_only=True):
    """Diplomatic points placed in a country or a tension track (A3R App. E, intro "USAT"; 58.21E).

    ``target`` is a country (``france``) or ``rgt``/``usat``; ``covert_reductions`` the DPs the other side's covert
    operations took off (58.21E counts the DPs "as reduced by covert operations").
    """

    family: ClassVar[str] = "politics"
    faction: Faction
    target: Country
    dps: Annotated[int, Meta(ge=0, le=20)]
    covert_reductions: Annotated[int, Meta(ge=0, le=20)] = 0


class RouteStatusChanged(Event, tag="route_status_changed", frozen=True, kw_only=True):
    """A supply/BRP route opens or closes (Murmansk, Persia, Turkey, Siberia; 33.4622-33.4623)."""

    family: ClassVar[str] = "politics"
    route: Name
    open: bool


class FrenchSurrenderChecked(Event, tag="french_surrender_checked", frozen=True, kw_only=True):
    """The French surrender check at the end of an Allied player turn (A3R 58.11, 58.12, 58.21, 58.22).

    ``components`` are the claimed parts of the French surrender level (FSL) by name; ``level`` the clamped FSL.
    """

    family: ClassVar[str] = "france"
    paris_controller: Country
    voluntary: bool = False
    components: dict[str, int] = {}
    level: Annotated[int, Meta(ge=-3, le=3)] | None = None
    surrenders: bool


class VichyDecided(Event, tag="vichy_decided", frozen=True, kw_only=True):
    """Whether the Axis establish Vichy France after a French surrender (58.31)."""

    family: ClassVar[str] = "france"
    established: bool
    us_germany_at_war: bool = False


class ColonyAlignmentRolled(Event, tag="colony_alignment_rolled", frozen=True, kw_only=True):
    """A French colony group's alignment roll (58.53): Free French, Vichy or independent."""

    family: ClassVar[str] = "france"
    group: Literal["levant", "north_africa", "west_africa", "indochina", "other"]
    roll: RollRef
    fsl: Annotated[int, Meta(ge=-3, le=3)]
    vichy_bonus: Annotated[int, Meta(ge=0, le=3)] = 0
    outcome: Literal["free_french", "vichy", "independent", "skipped_axis", "skipped_british"]


class FrenchForcesAssigned(Event, tag="french_forces_assigned", frozen=True, kw_only=True):
    """French units kept as Free French, added to the British force pool, or given to Vichy (58.6, 58.621, 58.631)."""

    family: ClassVar[str] = "france"
    free_french: list[UnitId] = []
    to_british_pool: list[UnitId] = []
    vichy: list[UnitId] = []
    eliminated: list[UnitId] = []


__all__ = [
    "ColonyAlignmentRolled",
    "Country",
    "DiplomaticPointsAllocated",
    "DiplomaticResult",
    "FrenchForcesAssigned",
    "FrenchSurrenderChecked",
    "MobilizationApplied",
    "RouteStatusChanged",
    "Status",
    "StatusChanged",
    "TensionChanged",
    "Track",
    "VichyDecided",
    "WarDeclared",
]
