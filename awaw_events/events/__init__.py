"""The event catalogue: every event class, and ``AnyEvent``, the one tagged union of them all.

The union below is the one list of event types: each family module (``game``, ``politics``, ``units`` ...) defines
its events (and names them in its ``__all__``, which brings them here), and the registry of classes by tag
(:data:`EVENT_TYPES`, :data:`awaw_events.codec.EVENT_CLASSES`) is read from the union. Its order is the catalogue's
(grouped by family): it is the order of ``awaw schema``, whose output a test keeps byte for byte.
"""

from typing import Final, TypeAlias, get_args

from awaw_events.events.base import Event as Event
from awaw_events.events.board import *
from awaw_events.events.chronicle import *
from awaw_events.events.combat import *
from awaw_events.events.economy import *
from awaw_events.events.game import *
from awaw_events.events.naval import *
from awaw_events.events.oil import *
from awaw_events.events.outcomes import *
from awaw_events.events.politics import *
from awaw_events.events.units import *

AnyEvent: TypeAlias = (
    # game
    GameCreated
    | MapDataUsed
    | MapDataChanged
    | RuleOptionChanged
    | GameTurnStarted
    | GameTurnEnded
    | PlayerTurnStarted
    | PlayerTurnEnded
    | PhaseStarted
    | PhaseEnded
    | YearStarted
    | ResearchResult
    | DiceRolled
    | SeedRevealed
    | SeedCommitted
    | DiceContributed
    | Ruling
    | BookmarkSet
    | NoteAdded
    | PlayerKeyPinned
    | HandoffSigned
    # politics
    | WarDeclared
    | TensionChanged
    | StatusChanged
    | DiplomaticResult
    | MobilizationApplied
    | RouteStatusChanged
    | FrenchSurrenderChecked
    | VichyDecided
    | ColonyAlignmentRolled
    | FrenchForcesAssigned
    | DiplomaticPointsAllocated
    # units
    | UnitPlaced
    | UnitBuilt
    | UnitMoved
    | UnitRedeployed
    | UnitEliminated
    | UnitReduced
    | UnitInversionChanged
    | ForcePoolChanged
    | CtlSet
    | UnitTransferred
    | AirMissionFlown
    | OilEffectAccepted
    | RpSpent
    # combat
    | OffensiveDeclared
    | AttackDeclared
    | CombatRoundResolved
    | CombatLossesTaken
    | AttackEnded
    | AdvanceAfterCombat
    | OverrunResolved
    | BreakthroughCreated
    | ExploitationAllowance
    | AttritionDeclared
    | AttritionResolved
    | AttritionLossesTaken
    | AttritionOccupation
    | AirdropMade
    | AirCombatResolved
    | NavalCombatResolved
    | SwCombatResolved
    # board
    | HexControlChanged
    | SupplyDetermined
    | BridgeheadPlaced
    | BridgeheadRemoved
    | FortificationBuilt
    | FortificationPlaced
    | FortificationEliminated
    | RailheadBuilt
    | WeatherDetermined
    | WinterPreparationChanged
    | PartisansPlaced
    | SiegeUpdated
    | CounterRemoved
    | CounterPlaced
    | SupplySourceDesignated
    | SeaSupplyTraced
    | SeaSupplyDeclined
    | SeaSupplyResolved
    | JointControlChanged
    # economy
    | BrpsSet
    | BrpBaseChanged
    | BrpLost
    | BrpGained
    | BrpChangeAccrued
    | BrpBatchApplied
    | BrpGrantMade
    | BrpSpent
    | ConstructionLimitDeclared
    | IronOreStatusChanged
    | KeaControlChanged
    | IcValueChanged
    # oil
    | OilReserveDefined
    | OilTrackingStarted
    | OilTrackingStopped
    | OilProduced
    | OilMoved
    | OilShipmentLost
    | OilExpended
    | OilCountersEliminated
    | OilFacilityDamaged
    | OilFacilityRepaired
    | OilPlantBuilt
    | OilEmbargoImposed
    # naval
    | ShipyardDefined
    | SubmarineWarfareDeclared
    | MurmanskConvoyBattle
    | ShipbuildingRateChanged
    | ShipyardControlChanged
    | ShipLaidDown
    | ShipAdvanced
    | ShipDeferred
    | ShipLaunched
    | ShipScuttled
    | ShipDamaged
    | ShipSunk
    | ShipRaised
    | ShipArrivedForRepair
    | ShipRepairStarted
    | ShipDisplacedFromChart
    # chronicle
    | ChronicleEntry
    | AreaControlled
    | DiplomaticOutcome
    | TrackValue
    | RandomEventDrawn
    # outcome
    | GameEnded
    | PowerConquered
    | OperationReported
    | OperationPlanned
    | TheaterQuiet
)
"""Every event type, as one msgspec tagged union (tag field ``type``)."""

EVENT_TYPES: Final[tuple[type[Event], ...]] = get_args(AnyEvent)
"""Every event class, in catalogue order (grouped by family), read from :data:`AnyEvent`."""
