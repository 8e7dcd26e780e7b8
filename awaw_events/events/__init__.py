"""The event catalogue: every event class, and ``AnyEvent``, the one tagged union of them all."""

from typing import Final, TypeAlias

from awaw_events.events.base import Event
from awaw_events.events.board import (
    BridgeheadPlaced,
    BridgeheadRemoved,
    CounterPlaced,
    CounterRemoved,
    FortificationBuilt,
    FortificationEliminated,
    FortificationPlaced,
    HexControlChanged,
    JointControlChanged,
    PartisansPlaced,
    RailheadBuilt,
    SeaSupplyDeclined,
    SeaSupplyResolved,
    SeaSupplyTraced,
    SiegeUpdated,
    SupplyDetermined,
    SupplySourceDesignated,
    WeatherDetermined,
    WinterPreparationChanged,
)
from awaw_events.events.chronicle import (
    AreaControlled,
    ChronicleEntry,
    DiplomaticOutcome,
    TrackValue,
)
from awaw_events.events.combat import (
    AdvanceAfterCombat,
    AirCombatResolved,
    AirdropMade,
    AttackDeclared,
    AttackEnded,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    AttritionResolved,
    BreakthroughCreated,
    CombatLossesTaken,
    CombatRoundResolved,
    ExploitationAllowance,
    NavalCombatResolved,
    OffensiveDeclared,
    OverrunResolved,
    SwCombatResolved,
)
from awaw_events.events.economy import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    ConstructionLimitDeclared,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
)
from awaw_events.events.game import (
    BookmarkSet,
    DiceContributed,
    DiceRolled,
    GameCreated,
    GameTurnEnded,
    GameTurnStarted,
    HandoffSigned,
    MapDataUsed,
    NoteAdded,
    PhaseEnded,
    PhaseStarted,
    PlayerKeyPinned,
    PlayerTurnEnded,
    PlayerTurnStarted,
    ResearchResult,
    RuleOptionChanged,
    Ruling,
    SeedCommitted,
    SeedRevealed,
    YearStarted,
)
from awaw_events.events.naval import (
    MurmanskConvoyBattle,
    ShipAdvanced,
    ShipArrivedForRepair,
    ShipbuildingRateChanged,
    ShipDamaged,
    ShipDeferred,
    ShipDisplacedFromChart,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipScuttled,
    ShipSunk,
    ShipyardControlChanged,
    ShipyardDefined,
    SubmarineWarfareDeclared,
)
from awaw_events.events.oil import (
    OilCountersEliminated,
    OilEmbargoImposed,
    OilExpended,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilMoved,
    OilPlantBuilt,
    OilProduced,
    OilReserveDefined,
    OilShipmentLost,
    OilTrackingStarted,
    OilTrackingStopped,
)
from awaw_events.events.politics import (
    ColonyAlignmentRolled,
    DiplomaticPointsAllocated,
    DiplomaticResult,
    FrenchForcesAssigned,
    FrenchSurrenderChecked,
    MobilizationApplied,
    RouteStatusChanged,
    StatusChanged,
    TensionChanged,
    VichyDecided,
    WarDeclared,
)
from awaw_events.events.units import (
    AirMissionFlown,
    CtlSet,
    ForcePoolChanged,
    OilEffectAccepted,
    RpSpent,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    UnitReduced,
    UnitTransferred,
)

AnyEvent: TypeAlias = (
    GameCreated
    | MapDataUsed
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
    | ChronicleEntry
    | AreaControlled
    | DiplomaticOutcome
    | TrackValue
)
"""Every event type, as one msgspec tagged union (tag field ``type``)."""

EVENT_TYPES: Final[tuple[type[Event], ...]] = (
    GameCreated,
    MapDataUsed,
    RuleOptionChanged,
    GameTurnStarted,
    GameTurnEnded,
    PlayerTurnStarted,
    PlayerTurnEnded,
    PhaseStarted,
    PhaseEnded,
    YearStarted,
    ResearchResult,
    DiceRolled,
    SeedRevealed,
    SeedCommitted,
    DiceContributed,
    Ruling,
    BookmarkSet,
    NoteAdded,
    PlayerKeyPinned,
    HandoffSigned,
    WarDeclared,
    TensionChanged,
    StatusChanged,
    DiplomaticResult,
    MobilizationApplied,
    RouteStatusChanged,
    FrenchSurrenderChecked,
    VichyDecided,
    ColonyAlignmentRolled,
    FrenchForcesAssigned,
    DiplomaticPointsAllocated,
    UnitPlaced,
    UnitBuilt,
    UnitMoved,
    UnitRedeployed,
    UnitEliminated,
    UnitReduced,
    UnitInversionChanged,
    ForcePoolChanged,
    CtlSet,
    UnitTransferred,
    AirMissionFlown,
    OilEffectAccepted,
    RpSpent,
    OffensiveDeclared,
    AttackDeclared,
    CombatRoundResolved,
    CombatLossesTaken,
    AttackEnded,
    AdvanceAfterCombat,
    OverrunResolved,
    BreakthroughCreated,
    ExploitationAllowance,
    AttritionDeclared,
    AttritionResolved,
    AttritionLossesTaken,
    AttritionOccupation,
    AirdropMade,
    AirCombatResolved,
    NavalCombatResolved,
    SwCombatResolved,
    HexControlChanged,
    SupplyDetermined,
    BridgeheadPlaced,
    BridgeheadRemoved,
    FortificationBuilt,
    FortificationPlaced,
    FortificationEliminated,
    RailheadBuilt,
    WeatherDetermined,
    WinterPreparationChanged,
    PartisansPlaced,
    SiegeUpdated,
    CounterRemoved,
    CounterPlaced,
    SupplySourceDesignated,
    SeaSupplyTraced,
    SeaSupplyDeclined,
    SeaSupplyResolved,
    JointControlChanged,
    BrpsSet,
    BrpBaseChanged,
    BrpLost,
    BrpGained,
    BrpChangeAccrued,
    BrpBatchApplied,
    BrpGrantMade,
    BrpSpent,
    ConstructionLimitDeclared,
    IronOreStatusChanged,
    KeaControlChanged,
    IcValueChanged,
    OilReserveDefined,
    OilTrackingStarted,
    OilTrackingStopped,
    OilProduced,
    OilMoved,
    OilShipmentLost,
    OilExpended,
    OilCountersEliminated,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilPlantBuilt,
    OilEmbargoImposed,
    ShipyardDefined,
    SubmarineWarfareDeclared,
    MurmanskConvoyBattle,
    ShipbuildingRateChanged,
    ShipyardControlChanged,
    ShipLaidDown,
    ShipAdvanced,
    ShipDeferred,
    ShipLaunched,
    ShipScuttled,
    ShipDamaged,
    ShipSunk,
    ShipRaised,
    ShipArrivedForRepair,
    ShipRepairStarted,
    ShipDisplacedFromChart,
    ChronicleEntry,
    AreaControlled,
    DiplomaticOutcome,
    TrackValue,
)
"""Every event class, in catalogue order (grouped by family)."""

__all__ = [
    "EVENT_TYPES",
    "AdvanceAfterCombat",
    "AirCombatResolved",
    "AirMissionFlown",
    "AirdropMade",
    "AnyEvent",
    "AreaControlled",
    "AttackDeclared",
    "AttackEnded",
    "AttritionDeclared",
    "AttritionLossesTaken",
    "AttritionOccupation",
    "AttritionResolved",
    "BookmarkSet",
    "BreakthroughCreated",
    "BridgeheadPlaced",
    "BridgeheadRemoved",
    "BrpBaseChanged",
    "BrpBatchApplied",
    "BrpChangeAccrued",
    "BrpGained",
    "BrpGrantMade",
    "BrpLost",
    "BrpSpent",
    "BrpsSet",
    "ChronicleEntry",
    "ColonyAlignmentRolled",
    "CombatLossesTaken",
    "CombatRoundResolved",
    "ConstructionLimitDeclared",
    "CounterPlaced",
    "CounterRemoved",
    "CtlSet",
    "DiceContributed",
    "DiceRolled",
    "DiplomaticOutcome",
    "DiplomaticPointsAllocated",
    "DiplomaticResult",
    "Event",
    "ExploitationAllowance",
    "ForcePoolChanged",
    "FortificationBuilt",
    "FortificationEliminated",
    "FortificationPlaced",
    "FrenchForcesAssigned",
    "FrenchSurrenderChecked",
    "GameCreated",
    "GameTurnEnded",
    "GameTurnStarted",
    "HandoffSigned",
    "HexControlChanged",
    "IcValueChanged",
    "IronOreStatusChanged",
    "JointControlChanged",
    "KeaControlChanged",
    "MapDataUsed",
    "MobilizationApplied",
    "MurmanskConvoyBattle",
    "NavalCombatResolved",
    "NoteAdded",
    "OffensiveDeclared",
    "OilCountersEliminated",
    "OilEffectAccepted",
    "OilEmbargoImposed",
    "OilExpended",
    "OilFacilityDamaged",
    "OilFacilityRepaired",
    "OilMoved",
    "OilPlantBuilt",
    "OilProduced",
    "OilReserveDefined",
    "OilShipmentLost",
    "OilTrackingStarted",
    "OilTrackingStopped",
    "OverrunResolved",
    "PartisansPlaced",
    "PhaseEnded",
    "PhaseStarted",
    "PlayerKeyPinned",
    "PlayerTurnEnded",
    "PlayerTurnStarted",
    "RailheadBuilt",
    "ResearchResult",
    "RouteStatusChanged",
    "RpSpent",
    "RuleOptionChanged",
    "Ruling",
    "SeaSupplyDeclined",
    "SeaSupplyResolved",
    "SeaSupplyTraced",
    "SeedCommitted",
    "SeedRevealed",
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
    "SiegeUpdated",
    "StatusChanged",
    "SubmarineWarfareDeclared",
    "SupplyDetermined",
    "SupplySourceDesignated",
    "SwCombatResolved",
    "TensionChanged",
    "TrackValue",
    "UnitBuilt",
    "UnitEliminated",
    "UnitInversionChanged",
    "UnitMoved",
    "UnitPlaced",
    "UnitRedeployed",
    "UnitReduced",
    "UnitTransferred",
    "VichyDecided",
    "WarDeclared",
    "WeatherDetermined",
    "WinterPreparationChanged",
    "YearStarted",
]
