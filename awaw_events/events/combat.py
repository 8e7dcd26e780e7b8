"""Offensives, ground attacks and their rounds, overruns, breakthroughs, attrition, air and naval combat.

Sources: 10-16 extract 3.2-3.4 (attacks, rounds, losses, advance, breakthroughs, attrition); A3R extract 4.4
(house combat, air combat 17-19, SW). Each action records what the player *claimed* (odds, DMs, result applied,
losses) and refers to its ``dice_rolled`` event by roll number, so the audit recomputes the truth and compares.
"""

from typing import Annotated, ClassVar, Literal

import msgspec
from msgspec import Meta

from awaw_events.events.base import (
    Brps,
    Event,
    Factors,
    Hex,
    Ident,
    Location,
    Modifier,
    Move,
    Name,
    RollRef,
    UnitFactors,
    UnitId,
)
from awaw_events.vocab import CombatResult, Faction, Front, Power, WeatherZone

HexsideKind = Literal["clear", "river", "crossing_arrow", "fortified", "unfortified_of_fort_line", "sea", "airdrop"]
"""How an attacker attacks across its hexside (15.4, 10-16 extract 3.3)."""

Terrain = Literal["clear", "forest", "mountain", "swamp", "desert", "jungle", "city", "other"]
"""Terrain of a defending hex as declared with an attack (checks that need the map read it from here)."""


CombatSide = Literal["attacker", "defender"]
"""One side of an air or naval combat."""


class Attacker(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An attacking ground unit: factors used, where it attacks from, across what, its claimed CTL."""

    unit: UnitId
    factors: Factors
    origin: Location | None = None
    hexside: HexsideKind = "clear"
    ctl: Annotated[int, Meta(ge=0, le=6)] | None = None
    role: Literal["land", "invading", "airdropped", "reserve_armor", "shock_army", "marine"] = "land"
    armor: bool = False


class Defender(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A defending unit: printed factors, the DM items claimed for it (15.3) and its hex."""

    unit: UnitId
    factors: Factors
    hex: Hex | None = None
    dms: list[Modifier] = []
    ctl: Annotated[int, Meta(ge=0, le=6)] | None = None


class OffensiveDeclared(Event, tag="offensive_declared", frozen=True, kw_only=True):
    """An offensive operation paid for on a front (27.12: full offensive 15 BRPs; A3R option 10)."""

    family: ClassVar[str] = "combat"
    power: Power
    front: Front
    kind: Literal["full", "limited", "participation", "exploitation", "airborne", "naval", "raiding"]
    brp_cost: Brps
    offensive: Ident | None = None
    """An id for this payment, for the log's cross-references (None: not named)."""
    operations: list[Ident] = []
    """The operations this payment pays for: the ids of the attacks, overruns, airdrops and exploitation attacks
    (``attack_declared.attack``, ``overrun_resolved.overrun``, ``airdrop_made.unit``) carried out with it, so that
    each operation is paid once and each payment used (A3R 9.62-9.64); [] = not recorded."""
    weather_zone: WeatherZone | None = None
    """The weather zone the operations it pays for are carried out in, where the weather differs along the front
    (34.22: at most 14 BRPs of offensives in mud; 34.25: a spring full offensive west of the pact line, or on the Asian
    front, and the limited offensives it allows east of the line or in Siberia); None: not recorded."""
    against_partisans: bool = False
    """Offensive operations against partisans only (34.22A: not counted against the 14-BRP mud limit)."""
    free_brps: Brps = 0
    """BRPs of limited offensive operations carried out at no BRP cost under a spring full offensive west of the pact
    line or on the Asian front (34.25A-B: up to 14 east of the line, or in Siberia, Manchuria, Mongolia and Tannu
    Tuva); ``brp_cost`` is what is paid on top."""


class AttackDeclared(Event, tag="attack_declared", frozen=True, kw_only=True):
    """A ground attack (15.2, 15.4): who attacks whom from where, with which support, in what terrain."""

    family: ClassVar[str] = "combat"
    attack: Ident
    kind: Literal["regular", "exploitation", "invasion", "airdrop", "failed_overrun", "partisans"] = "regular"
    defender_hexes: Annotated[list[Hex], Meta(min_length=1, max_length=6)]
    attackers: Annotated[list[Attacker], Meta(min_length=1)]
    defenders: list[Defender] = []
    ground_support: list[UnitFactors] = []
    shore_bombardment: list[UnitFactors] = []
    das: list[UnitFactors] = []
    terrain: Terrain | None = None
    fortification: Literal["fortification", "fortress", "maginot", "west_wall", "beach_defense"] | None = None
    country: Name | None = None
    """The country of the attacked hex (15.54: Poland, a minor Germany attacked; None: not recorded, the map data may
    give it)."""
    front: Front | None = None
    """The front of the attacked hex (15.54B: the western front; None: not recorded, the map data may give it)."""


class CombatRoundResolved(Event, tag="combat_round_resolved", frozen=True, kw_only=True):
    """One combat round (15.5-15.7): the claimed strengths, odds column, modified die and result applied."""

    family: ClassVar[str] = "combat"
    attack: Ident
    round: Annotated[int, Meta(ge=1, le=10)] = 1
    attack_strength: Factors | None = None
    defence_strength: Factors | None = None
    odds: Annotated[str, Meta(pattern=r"^(\d+:\d+|below_1:4)$")] | None = None
    roll: RollRef | None = None
    """The ``dice_rolled`` event of the round; None for an attack below 1:4, which needs no roll (15.51, 15.52)."""
    modified_die: Annotated[int, Meta(ge=-5, le=20)] | None = None
    result: CombatResult
    conversion: Literal["none", "d_to_Ex", "d_to_Ex-1", "early_german_Ex-1", "15.55", "15.551"] = "none"


class CombatLossesTaken(Event, tag="combat_losses_taken", frozen=True, kw_only=True):
    """The losses one side removes for a round's result (15.61-15.64, 15.551): units and factors."""

    family: ClassVar[str] = "combat"
    attack: Ident
    round: Annotated[int, Meta(ge=1, le=10)] = 1
    loser: Literal["attacker", "defender"]
    losses: list[UnitFactors] = []


class AttackEnded(Event, tag="attack_ended", frozen=True, kw_only=True):
    """An attack ends after a round, with the reason (15.71-15.75)."""

    family: ClassVar[str] = "combat"
    attack: Ident
    after_round: Annotated[int, Meta(ge=1, le=10)]
    reason: Literal[
        "defender_eliminated",
        "attacker_eliminated",
        "abandoned",
        "ctl_limit",
        "odds_below_1to1",
        "below_1to4",
        "result",
    ]


class AdvanceAfterCombat(Event, tag="advance_after_combat", frozen=True, kw_only=True):
    """Units that advance into the vacated hex after combat (15.9). May be empty."""

    family: ClassVar[str] = "combat"
    attack: Ident
    moves: list[Move] = []
    bridgehead_declined: bool = False
    """The attacker declines to place the bridgehead the advance into the hex its units entered would allow (31.32:
    declining is final, no later placement there from this attack)."""


class OverrunResolved(Event, tag="overrun_resolved", frozen=True, kw_only=True):
    """An overrun (13.5, 15.34): 1-2 units against a hex during movement; success needs the ratio the rules give."""

    family: ClassVar[str] = "combat"
    overrun: Ident
    units: Annotated[list[UnitFactors], Meta(min_length=1, max_length=2)]
    target: Hex
    defence_strength: Factors
    attack_strength: Factors
    success: bool
    defenders: list[UnitId] = []
    defending: list[Defender] = []
    """The defending units with their DM items (13.51, 15.34: DMs apply to overruns), to recompute the defence."""
    ground_support: list[UnitFactors] = []
    das: list[UnitFactors] = []
    """Defensive air support that survived interception (13.53)."""
    origin: Hex | None = None
    """The hex the overrunning units enter the overrun hex from (13.52: one hexside; None: not recorded)."""
    invading: bool = False
    """The overrunning units invaded this turn and the target is their beach hex (13.58 forbids it)."""


class BreakthroughCreated(Event, tag="breakthrough_created", frozen=True, kw_only=True):
    """A breakthrough hex created by an armor unit's advance (16.1)."""

    family: ClassVar[str] = "combat"
    breakthrough: Ident
    attack: Ident
    hex: Hex
    armor: UnitId


class ExploitationAllowance(Event, tag="exploitation_allowance", frozen=True, kw_only=True):
    """The claimed exploitation movement allowance of an exploiting unit (16.31; 10-16 extract 1.12)."""

    family: ClassVar[str] = "combat"
    unit: UnitId
    breakthrough: Ident
    allowance: Annotated[int, Meta(ge=0, le=12)]
    modifiers: list[Modifier] = []


class AttritionDeclared(Event, tag="attrition_declared", frozen=True, kw_only=True):
    """Attrition combat on a front (14.2, 14.3): the counted factors and the modifiers claimed."""

    family: ClassVar[str] = "combat"
    attrition: Ident
    attacker: Faction
    target: Name
    front: Front
    counted: list[UnitFactors] = []
    factors: Annotated[int, Meta(ge=0, le=500)]
    zone: WeatherZone | None = None
    partisans: bool = False
    defenders: list[UnitFactors] = []
    """The defending units engaged (in contact with the counted units): their CTLs and winter preparation give the
    14.42B-C modifiers, their nationalities the house 14.42D DRMs and the 14.522 contact limits ([] = not recorded)."""
    attrition_zone: Name | None = None
    """The enemy attrition zone attritioned (14.13, 14.31: one roll per faction per zone and turn; None: not
    recorded)."""


class AttritionResolved(Event, tag="attrition_resolved", frozen=True, kw_only=True):
    """The attrition result (14.41-14.44; house App. C): C (factor losses) and H (hexes to occupy) claimed."""

    family: ClassVar[str] = "combat"
    attrition: Ident
    roll: RollRef
    modifiers: list[Modifier] = []
    modified_die: Annotated[int, Meta(ge=-10, le=20)] | None = None
    column: Annotated[str, Meta(max_length=12)] | None = None
    losses: Annotated[int, Meta(ge=0, le=20)]
    hexes: Annotated[int, Meta(ge=0, le=20)]
    chose_2c: bool = False
    loss_hexes: list[Hex] = []
    """Russian winter attritions (14.521): the hexes Russia designates for losses (one Axis unit lost from each)."""
    occupation_hexes: list[Hex] = []
    """Russian winter attritions (14.521): the hexes Russia designates for occupation (it must occupy them)."""


class AttritionLossesTaken(Event, tag="attrition_losses_taken", frozen=True, kw_only=True):
    """The defender's units removed for an attrition result (14.5)."""

    family: ClassVar[str] = "combat"
    attrition: Ident
    losses: list[UnitFactors] = []
    from_supply_zone: list[UnitId] = []
    """Lost units taken from the supply zone of the unlimited source that supplied the attritioned units, not from
    the attrition zone itself (14.52A; the others come from the attrition zone)."""


class AttritionOccupation(Event, tag="attrition_occupation", frozen=True, kw_only=True):
    """The hexes the attacker occupies for an attrition H result (14.6, 14.7)."""

    family: ClassVar[str] = "combat"
    attrition: Ident
    hexes: list[Hex] = []
    moves: list[Move] = []


class AirdropMade(Event, tag="airdrop_made", frozen=True, kw_only=True):
    """An airborne unit dropped from a base hex onto a target hex (10.5, 10.6, 16.42)."""

    family: ClassVar[str] = "combat"
    unit: UnitId
    base: Location
    target: Hex
    transport: UnitId | Literal["inherent"] = "inherent"
    range_hexes: Annotated[int, Meta(ge=0, le=20)] | None = None


AirCombatCase = Literal[
    "counterair_naval_base",
    "counterair",
    "das_interception",
    "air_transport",
    "naval_at_sea",
    "strategic_bombing",
    "carrier_strike_land_base",
    "naval_patrol",
]
"""What an air battle is part of (19.11-19.12: some are limited to one round)."""


class AirCombatResolved(Event, tag="air_combat_resolved", frozen=True, kw_only=True):
    """One round of air combat on the Air Combat Table 19.2 (A3R App. C-2, optional rule ``air.combat``)."""

    family: ClassVar[str] = "combat"
    battle: Ident
    round: Annotated[int, Meta(ge=1, le=10)] = 1
    attacker_factors: Factors
    defender_factors: Factors
    roll: RollRef
    modifiers: list[Modifier] = []
    attacker_eliminated: Factors = 0
    attacker_aborted: Factors = 0
    defender_eliminated: Factors = 0
    defender_aborted: Factors = 0
    case: AirCombatCase | None = None
    """What the battle is part of (19.12: counterair against a naval base is one air round per naval round)."""
    attacker_units: list[UnitFactors] = []
    defender_units: list[UnitFactors] = []
    """The air units engaged on each side and their factors ([] = not recorded): the table row is AAF + 3 x jets,
    in squadrons when naval air is involved (17.55, 19.2)."""
    attacker_losses: list[UnitFactors] = []
    attacker_aborts: list[UnitFactors] = []
    defender_losses: list[UnitFactors] = []
    defender_aborts: list[UnitFactors] = []
    """Which units took the round's eliminations and aborts ([] = not recorded; 19.6 shares them among types)."""
    ref: Ident | None = None
    """The attack (or mission) the battle belongs to: an interception of DAS names the attack the DAS supports."""
    without_oil: list[CombatSide] | None = None
    """The sides whose air units fought without oil (33.73C: a -1 Air Nationality DRM each, in ``modifiers`` with the
    code ``no_oil``, from the attacker's side like the rest of the net modifier); None: not recorded."""


class NavalCombatResolved(Event, tag="naval_combat_resolved", frozen=True, kw_only=True):
    """A naval combat or interception; damage and sinkings follow as ``ship_damaged`` / ``ship_sunk`` events.

    ``modifiers`` are the die-roll modifiers claimed, one by one (A3R extract 4.0: modifiers are recorded as
    ``[{code, value}]``, never only as a modified total) and ``modified_die`` the modified die they give: the audit
    checks that the two agree with the roll. Which modifiers apply is the naval combat rule, which is not in the rule
    texts of this project.
    """

    family: ClassVar[str] = "combat"
    battle: Ident
    location: Location
    attacker_units: list[UnitId] = []
    defender_units: list[UnitId] = []
    roll: RollRef | None = None
    outcome: Annotated[str, Meta(max_length=200)] = ""
    modifiers: list[Modifier] = []
    modified_die: Annotated[int, Meta(ge=-10, le=30)] | None = None
    roller: CombatSide | None = None
    """Whose die roll this is: ``modifiers`` are that side's (None: not recorded)."""
    without_oil: list[CombatSide] | None = None
    """The sides whose naval units fought without oil (33.73C: a -1 Naval Nationality DRM on their roll, code
    ``no_oil`` in ``modifiers``); None: not recorded."""


class SwCombatResolved(Event, tag="sw_combat_resolved", frozen=True, kw_only=True):
    """A strategic warfare round in an SW box (A3R App. L): subs, killers, BRPs taken, subs lost.

    The killers by type (App. L steps 3, 5 and 8): ``nine_ffs``, the SW-box 9FFs (groups of nine naval factors) that
    count, none reduced below 9 FF by other naval actions, and ``asw``, the SW-box ASW factors; ``killers`` is their
    sum. ``withheld`` (secondary round only): the Murmansk-box submarines that did not attack a convoy and join this
    round (App. L step 7); ``submarines`` includes them. ``ratio`` is the SW ratio claimed, subs to killers
    (``7:6``, ``1.5:1``). ``None`` means not recorded.
    """

    family: ClassVar[str] = "combat"
    box: Literal["atlantic", "pacific", "indian_ocean", "murmansk"]
    round: Literal["primary", "secondary"] = "primary"
    submarines: Factors
    killers: Factors
    roll: RollRef | None = None
    brps_taken: Brps = 0
    subs_lost: Factors = 0
    nine_ffs: Factors | None = None
    asw: Factors | None = None
    withheld: Factors | None = None
    ratio: Annotated[str, Meta(pattern=r"^\d+(\.\d+)?:\d+(\.\d+)?$")] | None = None


__all__ = [
    "AdvanceAfterCombat",
    "AirCombatCase",
    "AirCombatResolved",
    "AirdropMade",
    "AttackDeclared",
    "AttackEnded",
    "Attacker",
    "AttritionDeclared",
    "AttritionLossesTaken",
    "AttritionOccupation",
    "AttritionResolved",
    "BreakthroughCreated",
    "CombatLossesTaken",
    "CombatRoundResolved",
    "CombatSide",
    "Defender",
    "ExploitationAllowance",
    "HexsideKind",
    "NavalCombatResolved",
    "OffensiveDeclared",
    "OverrunResolved",
    "SwCombatResolved",
    "Terrain",
]
