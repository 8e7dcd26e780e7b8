"""Naval construction and repair (27.7): costs, the Naval Construction Chart, shipyards, per-phase options.

Sources: 27-30 extract sections 1.8-1.18, 2.6 (checks N-01..N-53), 6.1-6.4, 6.14 (DT-8..DT-16) and 7, checked
against the seed text 27.71-27.743. Chart rows run ``5, 4, 3, 2, launch`` (``ChartRow``); columns are the seasons and
wrap Winter -> Spring (``projections.rules.calendar``).

Geometry functions (:func:`lay_down_position`, :func:`repair_position`, :func:`apply_chart_action`) compute where a
ship goes; legality is reported by the ``*_breaches`` functions as :class:`RuleBreach` records. ``ValueError`` is
raised only for impossible input (a ship type that never goes on a chart, a named ship of 6 factors).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from awaw_events.vocab import CHART_ROWS, NAMED_SHIP_TYPES, ChartRow, Power, Season, UnitType
from projections.rules.calendar import add_turns, seasons_until, shift_season, turn_index
from projections.rules.construction import BRP_COST_PER_FACTOR, RuleBreach, Variant

# ---------------------------------------------------------------------------------------------------------------------
# Costs (27.72, 27.721)
# ---------------------------------------------------------------------------------------------------------------------

BRPS_PER_SB: Final[int] = 3
"""Every shipbuilding point spent is accompanied by three BRPs (27.72, 27.7251, 27.7267, 27.7272A)."""


@dataclass(frozen=True, slots=True)
class NavalCost:
    """Shipbuilding points and BRPs of one naval payment."""

    sb: int
    brps: int

    def __add__(self, other: NavalCost) -> NavalCost:
        return NavalCost(self.sb + other.sb, self.brps + other.brps)


FREE: Final[NavalCost] = NavalCost(0, 0)
"""No SB, no BRPs: deferral, free launch, cruiser repair, scuttling (27.7267, 27.7272C-E)."""

STEP_COST: Final[NavalCost] = NavalCost(1, BRPS_PER_SB)
"""One chart step: lay-down, continue, paid launch from row 2, named-ship repair start, raising (27.7251,
27.7262, 27.7267, 27.7272A)."""

ConstructionKind = Literal["transport", "sub_asw", "dd_cve", "cruiser", "named_2", "named_3", "named_4", "named_5"]
"""Rows of the Naval Repair and Construction Costs table (27.721)."""


@dataclass(frozen=True, slots=True)
class RepairConstructionCost:
    """One row of table 27.721: turns and SB to repair a damaged unit and to build a new one.

    ``0`` turns = immediate; ``None`` = not applicable (the unit is never damaged). BRPs = 3 x SB (27.72).
    """

    damaged_turns: int | None
    damaged_sb: int | None
    new_turns: int
    new_sb: int


NAVAL_REPAIR_AND_CONSTRUCTION: Final[Mapping[ConstructionKind, RepairConstructionCost]] = {
    "transport": RepairConstructionCost(0, 0, 0, 1),
    "sub_asw": RepairConstructionCost(None, None, 0, 1),
    "dd_cve": RepairConstructionCost(None, None, 1, 1),
    "cruiser": RepairConstructionCost(1, 0, 2, 2),
    "named_2": RepairConstructionCost(2, 1, 4, 2),
    "named_3": RepairConstructionCost(2, 1, 8, 3),
    "named_4": RepairConstructionCost(2, 1, 12, 4),
    "named_5": RepairConstructionCost(2, 1, 16, 5),
}
"""Naval Repair and Construction Costs, table 27.721 (27-30 extract 1.8 [RECON, high confidence]). Transports,
subs, ASW, DDs and CVEs: per factor. New construction turns assume no acceleration or deferral."""

IMMEDIATE_TYPES: Final[frozenset[UnitType]] = frozenset({"submarine", "asw", "transport"})
"""Launched immediately for 1 SB + 3 BRPs per factor, never on a chart (27.721A, 27.724B)."""

ONE_FACTOR_TYPES: Final[frozenset[UnitType]] = frozenset({"dd", "cve", "submarine", "asw", "transport"})
"""One-factor naval units: at most half a yard's rate (round up) each turn (27.7221A); never damaged except
transports (27.721)."""

DD_CVE_TYPES: Final[frozenset[UnitType]] = frozenset({"dd", "cve"})
CRUISER_FACTORS: Final[int] = 2
"""Cruisers are built in two-factor increments, one CA2 counter at a time (27.7251B)."""
NAMED_SHIP_SIZES: Final[range] = range(2, 6)
"""Named ships have 2 to 5 factors (27.721 table)."""
ACCELERABLE_SIZES: Final[frozenset[int]] = frozenset({3, 4, 5})
"""Only three-, four- and five-factor ships may be accelerated (27.7272B)."""


def construction_kind(unit_type: UnitType, factors: int) -> ConstructionKind:
    """The 27.721 row for a unit."""
    if unit_type == "transport":
        return "transport"
    if unit_type in ("submarine", "asw"):
        return "sub_asw"
    if unit_type in DD_CVE_TYPES:
        return "dd_cve"
    if unit_type == "ca":
        return "cruiser"
    if unit_type in NAMED_SHIP_TYPES:
        if factors not in NAMED_SHIP_SIZES:
            raise ValueError(f"a named ship has 2 to 5 factors, got {factors!r}")
        return _NAMED_KIND[factors]
    raise ValueError(f"{unit_type!r} is not a naval unit")


_NAMED_KIND: Final[Mapping[int, ConstructionKind]] = {
    2: "named_2",
    3: "named_3",
    4: "named_4",
    5: "named_5",
}


def new_construction_total(unit_type: UnitType, factors: int) -> NavalCost:
    """SB and BRPs to build a unit from scratch without acceleration (27.72, 27.721): N SB + 3N BRPs."""
    kind = construction_kind(unit_type, factors)
    row = NAVAL_REPAIR_AND_CONSTRUCTION[kind]
    sb = row.new_sb * factors if kind in ("transport", "sub_asw", "dd_cve") else row.new_sb
    return NavalCost(sb, sb * BRPS_PER_SB)


def immediate_build_cost(unit_type: UnitType, factors: int) -> NavalCost:
    """Subs, ASW, transports: 1 SB + 3 BRPs per factor, launched at once (27.721A)."""
    if unit_type not in IMMEDIATE_TYPES:
        raise ValueError(f"{unit_type!r} is not built immediately (27.721A)")
    return NavalCost(factors, BRP_COST_PER_FACTOR[unit_type] * factors)


# ---------------------------------------------------------------------------------------------------------------------
# Chart geometry (27.723-27.7272)
# ---------------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChartPosition:
    """A cell of a Naval Construction Chart: row (level) and season column (27.724C)."""

    row: ChartRow
    column: Season


LAUNCH_ROW: Final[ChartRow] = "launch"
ACCELERABLE_ROWS: Final[frozenset[ChartRow]] = frozenset({"5", "4", "3"})
"""Ships may be accelerated only from the 5, 4 and 3 rows (27.7272B)."""

ADVANCES_TO_LAUNCH: Final[Mapping[ChartRow, int]] = {r: len(CHART_ROWS) - 1 - i for i, r in enumerate(CHART_ROWS)}
"""Row steps still to make from each row to the Launch row: 5 -> 4, ..., 2 -> 1, launch -> 0 (27.724C)."""

CRUISER_LAY_DOWN_SHIFT: Final[int] = 2
"""Cruisers are placed on row 2, two columns to the right (27.7251B)."""
DD_CVE_LAY_DOWN_SHIFT: Final[int] = 1
"""Destroyers and CVEs go on the Launch row, one column to the right (27.7251C)."""
NAMED_REPAIR_SHIFT: Final[int] = 2
"""A damaged named ship's repair goes to the Launch row two columns on (two turns, 27.7267)."""
CRUISER_REPAIR_SHIFT: Final[int] = 1
"""A damaged cruiser's repair goes to the Launch row of the next column (one turn, 27.7267)."""
FULL_CYCLE: Final[int] = 4
"""A ship continued normally is due again four turns later (same column, 27.7272A)."""


def row_below(row: ChartRow) -> ChartRow:
    """The next row toward Launch (27.724C)."""
    if row == LAUNCH_ROW:
        raise ValueError("the Launch row has no row below it")
    return CHART_ROWS[CHART_ROWS.index(row) + 1]


def lay_down_position(unit_type: UnitType, factors: int, season: Season) -> ChartPosition:
    """Where a new ship goes on its chart when laid down in ``season`` (27.7251).

    * named ship of N factors: row N, the current column (27.7251A);
    * cruiser (2 factors): row 2, two columns right (27.7251B);
    * DD / CVE: Launch row, one column right, Winter -> Spring (27.7251C).
    """
    if unit_type in DD_CVE_TYPES:
        return ChartPosition(LAUNCH_ROW, shift_season(season, DD_CVE_LAY_DOWN_SHIFT))
    if unit_type == "ca":
        if factors != CRUISER_FACTORS:
            raise ValueError(f"cruisers are laid down two factors at a time (27.7251B), got {factors!r}")
        return ChartPosition("2", shift_season(season, CRUISER_LAY_DOWN_SHIFT))
    if unit_type in NAMED_SHIP_TYPES:
        construction_kind(unit_type, factors)  # validates the size
        return ChartPosition(_ROW_OF_SIZE[factors], season)
    raise ValueError(f"{unit_type!r} does not go on a Naval Construction Chart (27.723)")


_ROW_OF_SIZE: Final[Mapping[int, ChartRow]] = {2: "2", 3: "3", 4: "4", 5: "5"}


def lay_down_cost(unit_type: UnitType, factors: int) -> NavalCost:
    """Cost to begin a ship: 1 SB + 3 BRPs whatever its size (27.7251); DDs and CVEs per factor (27.721B)."""
    if unit_type in DD_CVE_TYPES:
        return NavalCost(factors, factors * BRPS_PER_SB)
    lay_down_position(unit_type, factors, "spring")  # validates the type and size
    return STEP_COST


def repair_position(unit_type: UnitType, season: Season) -> ChartPosition:
    """Where a damaged ship goes when its repair starts in ``season`` (27.7267): named ship -> Launch row two
    columns on; cruiser -> Launch row of the next column."""
    if unit_type == "ca":
        return ChartPosition(LAUNCH_ROW, shift_season(season, CRUISER_REPAIR_SHIFT))
    if unit_type in NAMED_SHIP_TYPES:
        return ChartPosition(LAUNCH_ROW, shift_season(season, NAMED_REPAIR_SHIFT))
    raise ValueError(f"{unit_type!r} is never repaired on a chart (27.721: one-factor units are never damaged)")


def repair_cost(unit_type: UnitType) -> NavalCost:
    """Cost to start a repair: named ship 1 SB + 3 BRPs; cruiser free (27.721 table, 27.7267)."""
    repair_position(unit_type, "spring")  # validates
    return FREE if unit_type == "ca" else STEP_COST


RAISE_COST: Final[NavalCost] = STEP_COST
"""Raising a named ship sunk in port to damaged status: 1 SB + 3 BRPs in a unit construction phase (27.7262)."""


def may_be_raised(unit_type: UnitType) -> bool:
    """Only named ships sunk in port may be raised; cruisers, DDs and CVEs sunk in port are gone (27.721, 27.7262)."""
    return unit_type in NAMED_SHIP_TYPES


ChartAction = Literal["continue", "accelerate_1", "accelerate_2", "defer", "launch", "scuttle"]
"""Per-phase options for a ship on a chart (27.7272A-E). ``continue`` from row 2 is the paid launch (27.7272D first
bullet); ``launch`` is the free launch of a ship already on the Launch row (27.7272D second bullet, 27.7273-4)."""

ACTION_COST: Final[Mapping[ChartAction, NavalCost]] = {
    "continue": STEP_COST,
    "accelerate_1": NavalCost(1, 6),
    "accelerate_2": NavalCost(1, 9),
    "defer": FREE,
    "launch": FREE,
    "scuttle": FREE,
}
"""Cost of each option: continue 1 SB + 3; accelerate one column 1 SB + 6 (3 extra); knight's move 1 SB + 9 (6
extra); defer, free launch and scuttle free (27.7272A-E)."""

ACCELERATION_EXTRA_BRPS: Final[Mapping[ChartAction, int]] = {"accelerate_1": 3, "accelerate_2": 6}
"""BRPs beyond the normal three for acceleration (27.7272B)."""

ACTION_COLUMN_SHIFT: Final[Mapping[ChartAction, int]] = {
    "continue": 0,
    "accelerate_1": -1,
    "accelerate_2": 2,
    "defer": 1,
}
"""Column move of each option: accelerate one column **left**; knight's move two columns either way (with four
columns both land on the same column); defer one column right (27.7272B-C)."""


@dataclass(frozen=True, slots=True)
class ChartMove:
    """Result of a chart option: the new cell (``None`` if the ship left the chart), its cost, and whether it was
    placed on the board (launched) or scuttled."""

    position: ChartPosition | None
    cost: NavalCost
    launched: bool = False
    scuttled: bool = False


def apply_chart_action(position: ChartPosition, action: ChartAction) -> ChartMove:
    """Where an option moves a ship and what it costs (27.7272). Legality is :func:`chart_action_breaches`.

    ``continue`` from row 2 moves the ship to Launch and places it on the board at once (27.7272D); ``launch``
    takes a ship off the Launch row free.
    """
    cost = ACTION_COST[action]
    if action == "scuttle":
        return ChartMove(None, cost, scuttled=True)
    if action == "launch":
        if position.row != LAUNCH_ROW:
            raise ValueError("only ships on the Launch row are launched free (27.7272D)")
        return ChartMove(None, cost, launched=True)
    column = shift_season(position.column, ACTION_COLUMN_SHIFT[action])
    if action == "defer":
        return ChartMove(ChartPosition(position.row, column), cost)
    new_row = row_below(position.row)
    if new_row == LAUNCH_ROW:
        return ChartMove(None, cost, launched=True)
    return ChartMove(ChartPosition(new_row, column), cost)


@dataclass(frozen=True, slots=True)
class ChartPermissions:
    """What the owner may do this phase: accelerate, defer, scuttle (27.7272B, C, E; see :func:`permissions_for`)."""

    accelerate: bool = True
    defer: bool = True
    scuttle: bool = True


def chart_action_breaches(
    action: ChartAction,
    *,
    unit_type: UnitType,
    factors: int,
    position: ChartPosition,
    season: Season,
    acted_this_phase: bool = False,
    permissions: ChartPermissions = ChartPermissions(),
) -> tuple[RuleBreach, ...]:
    """Whether an option is legal for a ship in this unit construction phase (checks N-20..N-28).

    ``acted_this_phase``: the ship was placed on the chart or already moved in this phase (placement is not an
    advance; one move per ship per phase is the extract's interpretation, open question 10).
    """
    found: list[RuleBreach] = []
    if action != "scuttle" and position.column != season:
        found.append(RuleBreach("27.7272", "only ships in the current column may be moved", season, position.column))
    if action != "scuttle" and acted_this_phase:
        rule = "27.7272B" if action in ACCELERATION_EXTRA_BRPS else "27.7272"
        found.append(RuleBreach(rule, "ship already placed or moved this phase", None, action))
    if action in ("continue", "accelerate_1", "accelerate_2", "defer") and position.row == LAUNCH_ROW:
        found.append(RuleBreach("27.7272D", "ships on the Launch row are placed on the board", "launch", action))
    if action in ACCELERATION_EXTRA_BRPS:
        if unit_type not in NAMED_SHIP_TYPES or factors not in ACCELERABLE_SIZES:
            found.append(
                RuleBreach(
                    "27.7272B", "only 3-, 4- and 5-factor ships may be accelerated", None, f"{unit_type}{factors}"
                )
            )
        if position.row not in ACCELERABLE_ROWS and position.row != LAUNCH_ROW:
            found.append(RuleBreach("27.7272B", "acceleration only from rows 5, 4 and 3", None, position.row))
        if not permissions.accelerate:
            found.append(RuleBreach("27.7272B", "this power may not accelerate now", None, action))
    if action == "defer" and not permissions.defer:
        found.append(RuleBreach("27.7272C", "this power may not defer now", None, action))
    if action == "launch" and position.row != LAUNCH_ROW:
        found.append(RuleBreach("27.7272D", "a free launch needs a ship on the Launch row", LAUNCH_ROW, position.row))
    if action == "scuttle" and not permissions.scuttle:
        found.append(RuleBreach("27.7272E", "this power may not scuttle now", None, action))
    return tuple(found)


def is_due(position: ChartPosition, season: Season) -> bool:
    """Whether a ship is in the current column and so must be decided this phase (27.7272)."""
    return position.column == season


# ---------------------------------------------------------------------------------------------------------------------
# Acceleration, deferral and scuttling permissions by power (27.7272B, C, E; extract 1.16)
# ---------------------------------------------------------------------------------------------------------------------

UsTheater = Literal["atlantic", "pacific"]
"""Which U.S. box a U.S. chart belongs to; the U.S. restrictions differ by theater (27.7272B-C)."""

USJT_NAVAL_THRESHOLD: Final[int] = 40
"""Japan and the U.S. (Pacific) may accelerate and defer once USJT are 40 or more (27.7272B-C)."""

CLASSIC_WAR_OUTBREAK_YEAR: Final[int] = 1939
"""Classic AWAW: Britain's acceleration restriction applies in 1939 (27.7272B classic box)."""

FRANCE_DEFERRAL_TRIGGERS: Final[tuple[str, ...]] = (
    "italian_dow_on_britain_or_france",
    "first_axis_full_offensive_on_western_front",
    "first_german_dow_on_western_front_minor",
)
"""France may defer from the Allied player turn after the first of these (27.7272C). The full offensive must not be
solely against Austria or Czechoslovakia."""


@dataclass(frozen=True, slots=True)
class NavalPolitics:
    """The political facts the naval permissions depend on (27.7272B-C)."""

    year: int
    italy_at_war_with_western_allies: bool = False
    war_outbreak_year: int | None = None
    """Year war broke out (full game); classic uses :data:`CLASSIC_WAR_OUTBREAK_YEAR`."""
    germany_accelerated_this_year: bool = False
    france_deferral_triggered: bool = False
    """True from the Allied player turn after the first of :data:`FRANCE_DEFERRAL_TRIGGERS`."""
    japan_us_at_war: bool = False
    usjt: int = 0
    germany_us_at_war: bool = False


def _pacific_open(p: NavalPolitics) -> bool:
    return p.japan_us_at_war or p.usjt >= USJT_NAVAL_THRESHOLD


def may_accelerate(
    power: Power, politics: NavalPolitics, *, us_theater: UsTheater | None = None, variant: Variant = "classic"
) -> bool:
    """Acceleration permission by power (27.7272B): Italy at war with the WA; Britain, in the year war breaks out
    (classic: 1939), only if Germany has accelerated; Japan and U.S. Pacific at war with each other or USJT >= 40;
    U.S. Atlantic at war with Germany; Germany, France, Russia always. China builds no ships (False)."""
    match power:
        case "germany" | "france" | "russia":
            return True
        case "italy":
            return politics.italy_at_war_with_western_allies
        case "britain":
            outbreak = CLASSIC_WAR_OUTBREAK_YEAR if variant == "classic" else politics.war_outbreak_year
            return politics.year != outbreak or politics.germany_accelerated_this_year
        case "japan":
            return _pacific_open(politics)
        case "usa":
            if us_theater is None:
                raise ValueError("us_theater is required for the U.S.")
            return _pacific_open(politics) if us_theater == "pacific" else politics.germany_us_at_war
        case _:
            return False


def deferral_allowance(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    ships_in_column: int = 0,
    rate: int = 0,
) -> int | None:
    """How many ships of the current column the power may defer (27.7272C): ``None`` = any number, else a count.

    Japan and the U.S. without war/tension may defer only the ships in excess of the shipbuilding rate
    (``ships_in_column - rate``; Japan's rate, or the U.S. rate of that theater's box) and choose which. Italy only
    at war with the WA; France only after :data:`FRANCE_DEFERRAL_TRIGGERS`; Germany, Britain, Russia freely.
    A result of 0 means every due ship must be continued (open question 8, N-27).
    """
    excess = max(0, ships_in_column - rate)
    match power:
        case "germany" | "britain" | "russia":
            return None
        case "italy":
            return None if politics.italy_at_war_with_western_allies else 0
        case "france":
            return None if politics.france_deferral_triggered else 0
        case "japan":
            return None if _pacific_open(politics) else excess
        case "usa":
            if us_theater is None:
                raise ValueError("us_theater is required for the U.S.")
            open_ = _pacific_open(politics) if us_theater == "pacific" else politics.germany_us_at_war
            return None if open_ else excess
        case _:
            return 0


def scuttle_allowance(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    ships_in_column: int = 0,
    rate: int = 0,
) -> int | None:
    """Scuttling follows the deferral restrictions, except that France may never scuttle (27.7272E)."""
    if power == "france":
        return 0
    return deferral_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)


def permissions_for(
    power: Power,
    politics: NavalPolitics,
    *,
    us_theater: UsTheater | None = None,
    variant: Variant = "classic",
    deferrals_so_far: int = 0,
    ships_in_column: int = 0,
    rate: int = 0,
) -> ChartPermissions:
    """The :class:`ChartPermissions` for one more option on a chart this phase (27-30 extract 1.16).

    ``deferrals_so_far``: ships of this column already deferred or scuttled this phase, so that Japan and the U.S.
    without war or tension stop at the excess over the rate (27.7272C, E).
    """
    defer = deferral_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)
    scuttle = scuttle_allowance(power, politics, us_theater=us_theater, ships_in_column=ships_in_column, rate=rate)
    return ChartPermissions(
        accelerate=may_accelerate(power, politics, us_theater=us_theater, variant=variant),
        defer=defer is None or deferrals_so_far < defer,
        scuttle=scuttle is None or deferrals_so_far < scuttle,
    )


# ---------------------------------------------------------------------------------------------------------------------
# Shipyards, rates and capacity (27.713, 27.7221, 27.724, 27.731, 27.7321, 27.743)
# ---------------------------------------------------------------------------------------------------------------------

ShipyardId = Literal[
    "kiel",
    "genoa",
    "trieste",
    "tokyo",
    "leningrad",
    "sevastopol",
    "glasgow",
    "canada",
    "australia",
    "lorient",
    "marseilles",
    "us_atlantic",
    "us_pacific",
]

CapacityRule = Literal["double_rate", "us_box", "captured"]
"""Capacity rules (same values as the ``shipyard_defined`` event): 2 x rate; U.S. box (10 while rate <= 5);
captured yard (2)."""


@dataclass(frozen=True, slots=True)
class Shipyard:
    """A shipyard at the start of AWAW (27.731): owner, starting rate, capacity rule."""

    owner: Power
    rate: int
    capacity_rule: CapacityRule = "double_rate"


STARTING_SHIPYARDS: Final[Mapping[ShipyardId, Shipyard]] = {
    "kiel": Shipyard("germany", 2),
    "genoa": Shipyard("italy", 1),
    "trieste": Shipyard("italy", 1),
    "tokyo": Shipyard("japan", 3),
    "leningrad": Shipyard("russia", 1),
    "sevastopol": Shipyard("russia", 1),
    "glasgow": Shipyard("britain", 4),
    "canada": Shipyard("britain", 1),
    "australia": Shipyard("britain", 1),
    "lorient": Shipyard("france", 1),
    "marseilles": Shipyard("france", 1),
    "us_atlantic": Shipyard("usa", 1, "us_box"),
    "us_pacific": Shipyard("usa", 1, "us_box"),
}
"""Starting shipyards and rates, 27.731A-G (classic AWAW uses exactly these; GS/SOA mobilizations may change the
German, Italian, British and Japanese ones in the full game)."""


def starting_rate(power: Power) -> int:
    """A power's total starting shipbuilding rate: Germany 2, Italy 2, Japan 3, Russia 2, Britain 6, France 2,
    U.S. 2 (27.731); China 0."""
    return sum(y.rate for y in STARTING_SHIPYARDS.values() if y.owner == power)


RATE_NEVER_INCREASED: Final[frozenset[Power]] = frozenset({"russia", "france"})
"""Russian and French shipbuilding rates may not be increased (27.731)."""

CAPACITY_PER_RATE: Final[int] = 2
"""Shipyard capacity = twice the shipbuilding rate (27.724B, 27.741)."""
US_BOX_MIN_CAPACITY: Final[int] = 10
"""Each U.S. box has capacity 10 while its rate is at most 5 (27.724B, 27.743)."""
US_BOX_MIN_CAPACITY_MAX_RATE: Final[int] = 5
CAPTURED_YARD_RATE: Final[int] = 1
"""A captured (or ally-recaptured) yard: rate 1, capacity 2, repairs only (27.713)."""
CAPTURED_YARD_CAPACITY: Final[int] = 2


def shipyard_capacity(rate: int, capacity_rule: CapacityRule = "double_rate") -> int:
    """Counters (DD, CVE, cruiser, named ship) a chart may hold at once (27.724B, 27.741, 27.743, 27.713)."""
    if rate < 0:
        raise ValueError(f"rate must be >= 0, got {rate!r}")
    if capacity_rule == "captured":
        return CAPTURED_YARD_CAPACITY
    if capacity_rule == "us_box" and rate <= US_BOX_MIN_CAPACITY_MAX_RATE:
        return US_BOX_MIN_CAPACITY
    return CAPACITY_PER_RATE * rate


def shipyard_rate(rate: int, capacity_rule: CapacityRule = "double_rate") -> int:
    """Effective rate: a captured yard has rate 1 whatever its owner's rate was (27.713)."""
    return CAPTURED_YARD_RATE if capacity_rule == "captured" else rate


def one_factor_sb_cap(rate: int) -> int:
    """Most SB a yard may spend per turn on DDs, CVEs, subs, ASW and transports: half its rate, rounded up
    (27.7221A, per yard). (The Canadian 18-step transport-research exception does not apply in classic AWAW and is
    not modelled.)"""
    return -(-rate // 2)


def shipyard_breaches(
    *,
    rate: int,
    capacity_rule: CapacityRule = "double_rate",
    sb_spent: int,
    one_factor_sb_spent: int,
    counters_on_chart: int,
) -> tuple[RuleBreach, ...]:
    """One yard's turn: SB <= rate (27.724A), one-factor SB <= ceil(rate/2) (27.7221A), chart counters <= capacity
    (27.741; count after launches of this phase, 27.742; Waiting for Repair excluded, 27.724B)."""
    eff = shipyard_rate(rate, capacity_rule)
    cap = shipyard_capacity(rate, capacity_rule)
    found: list[RuleBreach] = []
    if sb_spent > eff:
        found.append(RuleBreach("27.724A", "shipbuilding points exceed the yard's rate", eff, sb_spent))
    if one_factor_sb_spent > one_factor_sb_cap(eff):
        found.append(
            RuleBreach("27.7221A", "too many SB on one-factor units", one_factor_sb_cap(eff), one_factor_sb_spent)
        )
    if counters_on_chart > cap:
        found.append(RuleBreach("27.741", "chart holds more ships than the yard's capacity", cap, counters_on_chart))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Who may build what (27.7222, 27.7223, 27.7221A, 27.473B, 27.93)
# ---------------------------------------------------------------------------------------------------------------------

FAST_CARRIER_TYPES: Final[frozenset[UnitType]] = frozenset({"cv", "cvb", "cvl"})

FAST_CARRIERS_BY_POWER: Final[Mapping[Power, frozenset[UnitType]]] = {
    "usa": FAST_CARRIER_TYPES,
    "japan": FAST_CARRIER_TYPES,
    "germany": frozenset({"cvl"}),
    "italy": frozenset({"cvl"}),
    "britain": frozenset({"cvl"}),
    "russia": frozenset(),
    "france": frozenset(),
    "china": frozenset(),
}
"""Fast carriers each power may build: U.S. and Japan CV/CVB/CVL; Germany, Italy, Britain CVL only; Russia,
France, China none (27.7222)."""

CVE_USAT_THRESHOLD: Final[Mapping[Power, int]] = {"britain": 28, "usa": 35}
"""Only the U.S. builds CVEs: British CVEs from USAT 28 (cost against the U.S. grant limit, British NA training
rate), American CVEs from USAT 35 (U.S. training rate) (27.7223)."""

JAPAN_DESTROYERS_FROM: Final[tuple[int, Season]] = (1939, "fall")
"""Japan may not build destroyers until Fall 1939 (27.7221A)."""

SUBMARINES_ONLY_POWERS: Final[frozenset[Power]] = frozenset({"germany", "italy"})
"""Among subs, ASW and transports Germany and Italy build submarines only (27.93A-B; extract open question 14)."""

AUSTRALIA_IN_PLAY_CAP: Final[Mapping[UnitType, int]] = {"dd": 2, "ca": 2}
"""Australia may never have more than two destroyer factors (``dd``: factors) and two CA2s (``ca``: counters) in
play (27.473B, 27.712D)."""


def cve_allowed(for_power: Power, usat: int) -> bool:
    """Whether the U.S. may lay down a CVE for ``for_power`` at this USAT level (27.7223)."""
    threshold = CVE_USAT_THRESHOLD.get(for_power)
    return threshold is not None and usat >= threshold


def build_type_breaches(
    power: Power, unit_type: UnitType, *, year: int, season: Season, usat: int = 0, for_power: Power | None = None
) -> tuple[RuleBreach, ...]:
    """Type restrictions on a naval build (27.7222, 27.7223, 27.7221A, 27.93A-B)."""
    found: list[RuleBreach] = []
    if unit_type in FAST_CARRIER_TYPES and unit_type not in FAST_CARRIERS_BY_POWER[power]:
        found.append(RuleBreach("27.7222", f"{power} may not build {unit_type}", None, unit_type))
    if unit_type == "cve":
        target = for_power or power
        if power != "usa":
            found.append(RuleBreach("27.7223A", "only the U.S. builds CVEs", "usa", power))
        elif not cve_allowed(target, usat):
            found.append(RuleBreach("27.7223", f"USAT too low for {target} CVEs", CVE_USAT_THRESHOLD.get(target), usat))
    if unit_type == "dd" and power == "japan" and turn_index(year, season) < turn_index(*JAPAN_DESTROYERS_FROM):
        found.append(
            RuleBreach("27.7221A", "Japan may not build destroyers before Fall 1939", None, f"{season} {year}")
        )
    if power in SUBMARINES_ONLY_POWERS and unit_type in ("asw", "transport"):
        found.append(RuleBreach("27.93", f"{power} builds only submarines among subs/ASW/transports", None, unit_type))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Repairs and raising (27.7261-27.7267)
# ---------------------------------------------------------------------------------------------------------------------


def repair_start_breaches(
    unit_type: UnitType,
    owner: Power,
    *,
    in_waiting_for_repair: bool,
    damaged_this_player_turn: bool = False,
    raised_this_player_turn: bool = False,
    in_pacific: bool = False,
) -> tuple[RuleBreach, ...]:
    """Whether a repair may start (27.7261, 27.7262, 27.7266A-B)."""
    found: list[RuleBreach] = []
    if unit_type != "ca" and unit_type not in NAMED_SHIP_TYPES:
        found.append(RuleBreach("27.721", "only cruisers and named ships are repaired on a chart", None, unit_type))
    if not in_waiting_for_repair:
        found.append(RuleBreach("27.7261", "repairs start from the yard's Waiting for Repair box", None, None))
    if damaged_this_player_turn:
        found.append(RuleBreach("27.7266A", "repair may not start in the player turn of the damage", None, None))
    if raised_this_player_turn:
        found.append(RuleBreach("27.7262", "repair may not start in the player turn the ship was raised", None, None))
    if owner == "russia" and in_pacific:
        found.append(RuleBreach("27.7266B", "Russian ships in the Pacific may not be repaired", None, None))
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322)
# ---------------------------------------------------------------------------------------------------------------------

US_PREWAR_TRANSPORTS_FROM: Final[tuple[int, Season]] = (1939, "fall")
"""No U.S. transports before Fall 1939 (27.7322 classic box)."""

USAT_LEND_LEASE_THRESHOLD: Final[int] = 25
"""Once USAT are over 25 the U.S. may pay one BRP per USAT level over 25 (27.7322B)."""

CASH_AND_CARRY_LOSS_THRESHOLD: Final[int] = 5
"""Britain may pay (cash and carry) only in turns after an Axis player turn in which **more than five** WA
transports were lost (27.7322A-B)."""

TRANSPORT_COST: Final[int] = BRP_COST_PER_FACTOR["transport"]


def lend_lease_max_us_brps(usat: int) -> int:
    """Most American BRPs for pre-war transports this turn: USAT - 25, at least 0 (27.7322B)."""
    return max(0, usat - USAT_LEND_LEASE_THRESHOLD)


def cash_and_carry_allowed(wa_transports_lost_last_axis_turn: int) -> bool:
    """Britain may pay for U.S.-built transports after losing more than five in the previous Axis player turn
    (27.7322A)."""
    return wa_transports_lost_last_axis_turn > CASH_AND_CARRY_LOSS_THRESHOLD


@dataclass(frozen=True, slots=True)
class PrewarTransportPayment:
    """Who pays for pre-war U.S.-built WA transports, and what it is charged to (27.7322).

    All of it counts against the **American** construction limit (A: British payments too); the U.S. share also
    against the limit on American grants to Britain (B).
    """

    transports: int
    us_brps: int
    british_brps: int

    @property
    def us_limit_charge(self) -> int:
        return self.us_brps + self.british_brps

    @property
    def grant_limit_charge(self) -> int:
        return self.us_brps


def plan_prewar_transports(usat: int, wa_transports_lost: int, transports: int) -> PrewarTransportPayment | None:
    """The U.S. pays what lend lease allows, Britain the rest if cash and carry is open; ``None`` if the transports
    cannot be paid for this way (27.7322A-B). Britain may also choose to pay more (see
    :func:`prewar_transport_breaches`)."""
    cost = TRANSPORT_COST * transports
    us = min(cost, lend_lease_max_us_brps(usat))
    british = cost - us
    if british > 0 and not cash_and_carry_allowed(wa_transports_lost):
        return None
    return PrewarTransportPayment(transports, us, british)


def max_prewar_transports(usat: int, wa_transports_lost: int, *, british_brps: int = 0) -> int:
    """Most transports the U.S. may build pre-war this turn for the BRPs available (ignoring SB; 27.7322)."""
    brps = lend_lease_max_us_brps(usat) + (british_brps if cash_and_carry_allowed(wa_transports_lost) else 0)
    return brps // TRANSPORT_COST


def prewar_transport_breaches(
    *,
    year: int,
    season: Season,
    usat: int,
    wa_transports_lost: int,
    transports: int,
    us_brps: int,
    british_brps: int,
    us_at_war_with_germany: bool = False,
    pacific_rebuild_of_japanese_sinkings: bool = False,
) -> tuple[RuleBreach, ...]:
    """Checks N-50..N-53 for U.S. transports built before war with Germany (27.7322).

    ``pacific_rebuild_of_japanese_sinkings``: Japan-U.S. war came first and these replace transports sunk by Japan,
    built in the Pacific U.S. box: no USAT limit, outside the grant limit (27.7322C).
    """
    if us_at_war_with_germany or pacific_rebuild_of_japanese_sinkings:
        return ()
    found: list[RuleBreach] = []
    if turn_index(year, season) < turn_index(*US_PREWAR_TRANSPORTS_FROM):
        found.append(RuleBreach("27.7322", "no U.S. transports before Fall 1939", None, f"{season} {year}"))
    cost = TRANSPORT_COST * transports
    if us_brps + british_brps != cost:
        found.append(
            RuleBreach("27.7322", "payments do not add up to the transports' cost", cost, us_brps + british_brps)
        )
    if us_brps > lend_lease_max_us_brps(usat):
        found.append(RuleBreach("27.7322B", "U.S. pays more than USAT - 25", lend_lease_max_us_brps(usat), us_brps))
    if british_brps > 0 and not cash_and_carry_allowed(wa_transports_lost):
        found.append(
            RuleBreach("27.7322A", "cash and carry needs more than five WA transports lost", ">5", wa_transports_lost)
        )
    return tuple(found)


# ---------------------------------------------------------------------------------------------------------------------
# Timing: expected launch and whole-construction simulation (27-30 extract 1.12, 4.5)
# ---------------------------------------------------------------------------------------------------------------------


def expected_launch(
    position: ChartPosition, *, current: tuple[int, Season], acted_this_phase: bool = False
) -> tuple[int, Season]:
    """Game turn in which a ship on a chart reaches the board if every later step is a normal continue
    (27.7272A, D): due when its column comes up, then every four turns until it leaves row 2 or the Launch row.

    ``acted_this_phase``: it was placed or moved in the current phase, so a ship in the current column is next due
    four turns on.
    """
    wait = seasons_until(current[1], position.column)
    if wait == 0 and acted_this_phase:
        wait = FULL_CYCLE
    advances = ADVANCES_TO_LAUNCH[position.row]
    later = FULL_CYCLE * (advances - 1) if advances > 0 else 0
    return add_turns(current[0], current[1], wait + later)


@dataclass(frozen=True, slots=True)
class ConstructionStep:
    """One event of a simulated construction: when, what, the cell afterwards (``None`` off the chart), the cost."""

    turn: tuple[int, Season]
    action: Literal["lay_down", "repair_start", "build"] | ChartAction
    position: ChartPosition | None
    cost: NavalCost


@dataclass(frozen=True, slots=True)
class ConstructionRun:
    """A whole construction or repair from first payment to launch."""

    start: tuple[int, Season]
    launched: tuple[int, Season]
    turns: int
    cost: NavalCost
    steps: tuple[ConstructionStep, ...]


MAX_SIMULATED_STEPS: Final[int] = 64


def simulate_construction(
    unit_type: UnitType,
    factors: int,
    start: tuple[int, Season],
    plan: Sequence[ChartAction] = (),
    *,
    work: Literal["new", "repair"] = "new",
) -> ConstructionRun:
    """Follow one ship from lay-down (or repair start) to launch, taking the options in ``plan`` each time it is
    due (then ``continue``), and adding up turns, SB and BRPs (27.7251, 27.7267, 27.7272; extract 1.12).

    Subs, ASW and transports are built and launched at once (27.721A). Raises ``ValueError`` if the plan holds an
    option that is illegal for the ship at that point (the simulator is for legal plans).
    """
    _year, season = start
    if work == "new" and unit_type in IMMEDIATE_TYPES:
        cost = immediate_build_cost(unit_type, factors)
        return ConstructionRun(start, start, 0, cost, (ConstructionStep(start, "build", None, cost),))
    if work == "new":
        position: ChartPosition = lay_down_position(unit_type, factors, season)
        cost = lay_down_cost(unit_type, factors)
        first = ConstructionStep(start, "lay_down", position, cost)
    else:
        position = repair_position(unit_type, season)
        cost = repair_cost(unit_type)
        first = ConstructionStep(start, "repair_start", position, cost)
    steps = [first]
    total = cost
    now = start
    remaining = list(plan)
    for _ in range(MAX_SIMULATED_STEPS):
        wait = seasons_until(now[1], position.column) or FULL_CYCLE
        now = add_turns(now[0], now[1], wait)
        action: ChartAction = "launch" if position.row == LAUNCH_ROW else "continue"
        if remaining and position.row != LAUNCH_ROW:
            action = remaining.pop(0)
        breaches = chart_action_breaches(action, unit_type=unit_type, factors=factors, position=position, season=now[1])
        if breaches:
            raise ValueError(f"illegal plan step {action!r} at {position}: {breaches[0].message}")
        move = apply_chart_action(position, action)
        total = total + move.cost
        steps.append(ConstructionStep(now, action, move.position, move.cost))
        if move.position is None:
            turns = turn_index(*now) - turn_index(*start)
            return ConstructionRun(start, now, turns, total, tuple(steps))
        position = move.position
    raise ValueError("plan does not end in a launch")
