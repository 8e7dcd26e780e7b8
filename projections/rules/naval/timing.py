"""When ships reach the board: expected launch and whole-construction simulation (27-30 extract 1.12, 4.5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from awaw_events.vocab import Season, UnitType
from projections.rules.calendar import add_turns, seasons_until, turn_index
from projections.rules.naval.chart import (
    ADVANCES_TO_LAUNCH,
    FULL_CYCLE,
    LAUNCH_ROW,
    ChartAction,
    ChartPosition,
    apply_chart_action,
    chart_action_breaches,
    lay_down_cost,
    lay_down_position,
    repair_cost,
    repair_position,
)
from projections.rules.naval.costs import IMMEDIATE_TYPES, NavalCost, immediate_build_cost

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


class ConstructionStep(msgspec.Struct, frozen=True):
    """One event of a simulated construction: when, what, the cell afterwards (``None`` off the chart), the cost."""

    turn: tuple[int, Season]
    action: Literal["lay_down", "repair_start", "build"] | ChartAction
    position: ChartPosition | None
    cost: NavalCost


class ConstructionRun(msgspec.Struct, frozen=True):
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
