"""What the naval checks share: naming cells, costs and ships in messages, a yard's chart, whether a ship acted."""

from __future__ import annotations

from typing import Any

from awaw_events.events import Event
from awaw_events.gametime import game_turn
from awaw_events.vocab import Season
from projections import naval as charts
from projections.rules.naval import ACTING_STEPS, LAUNCH_ROW, NavalCost, vichy_work_free
from replays.audit.engine import AuditContext


def cell_words(row: str, column: str) -> str:
    return "the Launch row" if row == LAUNCH_ROW else f"row {row}"


def where(row: str, column: str) -> str:
    return f"{cell_words(row, column)}, {column.capitalize()} column"


def cost_words(cost: NavalCost) -> str:
    return f"{cost.sb} SB + {cost.brps} BRPs"


def ship_words(ship: charts.Ship | None, ship_id: str) -> str:
    if ship is None:
        return ship_id
    return ship.name or ship_id


def season(ctx: AuditContext[Event]) -> Season:
    return ctx.event.season


def acted(ctx: AuditContext[Any], ship: charts.Ship) -> bool:
    """The ship was laid down, started repair or moved on its chart this game turn (27.7272, N-21)."""
    last = ship.last_step
    return last is not None and last.turn == game_turn(ctx.event) and last.action in ACTING_STEPS


def yard_chart(ctx: AuditContext[Any], yard: str) -> charts.Chart | None:
    """The yard's chart before the event; an undefined starting yard gets its 27.731 values."""
    return charts.chart_of(ctx.state.naval, yard)


def this_turn(ctx: AuditContext[Any]) -> tuple[int, Season]:
    """The game turn of the event under examination, as the naval queries take it."""
    event: Any = ctx.event
    return event.year, event.season


def vichy_cost(ctx: AuditContext[Any], ship_id: str, yard: str, cost: NavalCost) -> NavalCost:
    """A cost as it is for the ship: Vichy French repairs and completions at Marseilles cost no BRPs until Vichy
    associates or activates (27.7265)."""
    unit = ctx.state.board.units.get(ship_id)
    nationality = unit.nationality if unit is not None else None
    if cost.brps and vichy_work_free(yard, nationality, ctx.state.board.statuses):
        return NavalCost(cost.sb, 0)
    return cost
