"""The Naval Construction Chart: cells, where a ship is laid down or repaired, and the per-phase options
(27.723-27.7272; 27-30 extract 1.9-1.15)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

import msgspec

from awaw_events.options import INTERPRETATION_OPTIONS, NAVAL_ADVANCE_TO_LAUNCH
from awaw_events.vocab import CHART_ROWS, NAMED_SHIP_TYPES, ChartRow, Season, UnitType
from projections.rules.calendar import shift_season
from projections.rules.construction import RuleBreach
from projections.rules.naval.costs import (
    ACCELERABLE_SIZES,
    BRPS_PER_SB,
    CRUISER_FACTORS,
    DD_CVE_TYPES,
    FREE,
    STEP_COST,
    NavalCost,
    construction_kind,
)

# ---------------------------------------------------------------------------------------------------------------------
# Chart geometry (27.723-27.7272)
# ---------------------------------------------------------------------------------------------------------------------

MOVE_ACTIONS: Final[frozenset[str]] = frozenset({"continue", "accelerate_1", "accelerate_2", "defer"})
"""Chart options that move a ship within the chart (27.7272A-C): what "how it last moved" reports."""


class ChartPosition(msgspec.Struct, frozen=True):
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


ACTING_STEPS: Final[frozenset[str]] = frozenset(
    {"lay_down", "repair_start", "continue", "accelerate_1", "accelerate_2", "defer"}
)
"""Chart steps that use up a ship's one decision of the unit construction phase: a lay-down, a repair start, a
continue, an acceleration or a deferral bars another move or a launch of that ship in the same game turn (27.7272;
check N-21; the extract's open question 10). Set-up placements do not count."""

AdvanceToLaunch = Literal["launch_at_once", "stay_on_launch_row"]
"""Option ``naval.advance_to_launch``: what a recorded ``ship_advanced`` to the Launch row does.

``launch_at_once`` (default): a ship moved down from row 2 to Launch "is immediately placed on the board" (27.7272D,
27-30 extract 4.9: "if to Launch from row 2 -> also ShipLaunched"), so it leaves the chart and frees capacity in
the same phase (27.742); a later ``ship_launched`` only adds its mode, location and any payment.
``stay_on_launch_row``: the ship waits on the Launch row until a ``ship_launched`` is recorded (for logs that
always record the launch separately and want the capacity counted until then)."""


def launches_at_once(options: Mapping[str, str]) -> bool:
    """Whether an advance to the Launch row places the ship on the board at once (option ``naval.advance_to_launch``,
    default ``launch_at_once``; 27.7272D)."""
    default = INTERPRETATION_OPTIONS[NAVAL_ADVANCE_TO_LAUNCH].default
    return options.get(NAVAL_ADVANCE_TO_LAUNCH, default) == "launch_at_once"


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


class ChartMove(msgspec.Struct, frozen=True):
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


class ChartPermissions(msgspec.Struct, frozen=True):
    """What the owner may do this phase: accelerate, defer, scuttle (27.7272B, C, E; see :func:`permissions_for`)."""

    accelerate: bool = True
    defer: bool = True
    scuttle: bool = True


EVERY_OPTION: Final = ChartPermissions()
"""Every option permitted (accelerate, defer and scuttle): the default when the caller knows of no restriction."""


def chart_action_breaches(
    action: ChartAction,
    *,
    unit_type: UnitType,
    factors: int,
    position: ChartPosition,
    season: Season,
    acted_this_phase: bool = False,
    permissions: ChartPermissions = EVERY_OPTION,
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
