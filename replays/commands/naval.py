"""``awaw build SHIP --yard YARD`` and ``awaw build SHIP --chart ACTION``: ships on the Naval Construction Charts
(27.72-27.73).

A ship is laid down in the cell 27.7251 gives for its type and size, at the cost it gives (1 SB + 3 BRPs; DDs and
CVEs per factor); a ship in the current column is continued, accelerated, deferred or launched (27.7272), to the
cell and at the cost :func:`projections.position.naval.charts.option_outcome` gives. A continue from row 2 is the
paid launch (27.7272D): the ship leaves the chart for its yard's hex or box. Each is refused at the first breach of
the position's queries on it (:data:`JUDGES`, the ones the naval, construction and economy families of the audit ask
of a recorded one).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast, get_args

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, ShipAdvanced, ShipDeferred, ShipLaidDown, ShipLaunched, ShipScuttled
from awaw_events.vocab import UnitType
from projections.position import Position
from projections.position.construction import costs
from projections.position.naval import charts, yards
from projections.rules import naval as rules
from replays import records
from replays.commands.base import COMMAND, Query, Refusal, judged_in_turn, now
from replays.commands.economy import SPENT, limit_declaration

ACTIONS: Final = ("lay_down", *get_args(rules.ChartAction))
"""What a player does with a ship on a chart: lay it down, or one of the options of 27.7272."""

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    ShipLaidDown: (
        costs.construction_phase,
        charts.lay_down_cell,
        charts.lay_down_cost,
        charts.captured_yard,
        charts.naval_build_type,
        yards.build_location,
        yards.us_fast_carriers,
        yards.australian_cap,
        charts.cve_training_rate,
        costs.cve_rate,
        yards.yard_rate,
        yards.one_factor_rate,
        yards.yard_capacity,
    ),
    ShipAdvanced: (
        costs.construction_phase,
        charts.chart_column,
        charts.launch,
        charts.acceleration,
        charts.advance_cell,
        charts.advance_cost,
        yards.yard_rate,
        yards.one_factor_rate,
    ),
    ShipDeferred: (charts.chart_column, charts.deferral),
    ShipLaunched: (charts.chart_column, charts.launch, yards.yard_rate, yards.one_factor_rate),
    ShipScuttled: (charts.chart_column, charts.scuttle),
}
"""The position's queries on each chart event, in the order a refusal names the first breach: the same functions the
audit asks of a recorded one."""


class Ship(NamedTuple):
    """Lay down ``ship`` at ``yard`` (``unit_type``, ``factors``, ``name``; for ``power``, default the yard's
    owner), or do ``action`` with a ship already on its chart."""

    ship: str
    action: str = "lay_down"
    yard: str | None = None
    unit_type: str | None = None
    factors: int | None = None
    name: str | None = None
    power: str | None = None


def decide_ship(pos: Position, command: Ship) -> list[AnyEvent] | Refusal:
    """The construction limit (where the ship's chart step is the power's first construction paid this turn) and the
    chart event of a ship, or the first rule they break."""
    events = draft_ship(pos, command)
    return events if isinstance(events, Refusal) else judged_in_turn(pos, events, JUDGES, SPENT)


def draft_ship(pos: Position, command: Ship) -> list[AnyEvent] | Refusal:
    """The events of a ship's chart step as the record has them (the construction limit declared by the power's
    first construction paid this turn: :func:`~replays.commands.economy.limit_declaration`; the chart event at the
    cell and cost the position gives), before the rules are asked; or why the record refuses them."""
    if command.action not in ACTIONS:
        return Refusal(COMMAND, f"a ship is laid down or {', '.join(ACTIONS[1:])}, not {command.action!r}")
    if command.action == "lay_down":
        found = _lay_down(pos, command)
    else:
        found = _option(pos, command, cast(rules.ChartAction, command.action))
    if isinstance(found, Refusal):
        return found
    event = parse_event({**now(pos.state), **found}, where="the ship")
    paid = getattr(event, "brps", 0) and not getattr(event, "setup", False)
    return [*(limit_declaration(pos, event.actor) if paid and event.actor else ()), event]


def _option(pos: Position, command: Ship, action: rules.ChartAction) -> dict[str, Any] | Refusal:
    """The fields of a chart option's event: the cell it takes the ship to and its cost, from the position."""
    naval = pos.state.naval
    ship = naval.ships.get(command.ship)
    if ship is None or ship.status != "on_chart" or ship.yard is None or ship.position is None:
        return Refusal(records.RULE, f"{command.ship} is on no Naval Construction Chart")
    chart = naval.charts.get(ship.yard)
    if chart is None or ship.unit_type is None or ship.factors is None:
        return Refusal(records.RULE, f"the chart of {command.ship} ({ship.yard}) is not recorded")
    base: dict[str, Any] = {"actor": chart.owner, "yard": ship.yard, "ship": command.ship}
    if action == "scuttle":
        return {"type": "ship_scuttled", **base}
    outcome = charts.option_outcome(pos, ship, ship.yard, action)
    if outcome is None:  # a free launch off another row: the launch query names the rule
        return {"type": "ship_launched", **base, "mode": "free", "location": chart.location or f"chart:{ship.yard}"}
    cost = {"sb": outcome.cost.sb, "brps": outcome.cost.brps}
    if action == "defer":
        assert outcome.position is not None
        return {"type": "ship_deferred", **base, "column": outcome.position.column}
    if outcome.launched and action in ("continue", "launch"):
        mode = "free" if action == "launch" else "paid_from_row2"
        location = chart.location or f"chart:{ship.yard}"
        return {"type": "ship_launched", **base, "mode": mode, "location": location, **cost}
    to = outcome.position or rules.ChartPosition(rules.LAUNCH_ROW, ship.position.column)  # accelerated off row 2
    return {"type": "ship_advanced", **base, "mode": action, "row": to.row, "column": to.column, **cost}


def _lay_down(pos: Position, command: Ship) -> dict[str, Any] | Refusal:
    if command.yard is None or command.unit_type is None or command.factors is None:
        return Refusal(COMMAND, "a ship is laid down at a yard, with its type and factors")
    chart = pos.state.naval.charts.get(command.yard)
    if chart is None:
        known = ", ".join(sorted(pos.state.naval.charts)) or "none"
        return Refusal("27.723", f"no shipyard {command.yard!r} is recorded (yards: {known})")
    if command.ship in pos.board.units or command.ship in pos.state.naval.ships:
        return Refusal(records.RULE, f"{command.ship} is already in play: name a new counter")
    unit_type = cast(UnitType, command.unit_type)
    try:
        position = rules.lay_down_position(unit_type, command.factors, pos.state.clock.season)
        cost = rules.lay_down_cost(unit_type, command.factors)
    except ValueError:  # no cell for it: the lay_down_cell query says why (27.7251)
        position, cost = rules.ChartPosition(rules.LAUNCH_ROW, pos.state.clock.season or "spring"), rules.STEP_COST
    owner = command.power or chart.owner
    fields: dict[str, Any] = {
        "type": "ship_laid_down",
        "actor": owner,
        "yard": command.yard,
        "ship": command.ship,
        "owner": owner,
        "unit_type": unit_type,
        "factors": command.factors,
        "row": position.row,
        "column": position.column,
        "sb": cost.sb,
        "brps": cost.brps,
    }
    if command.name is not None:
        fields["name"] = command.name
    return fields
