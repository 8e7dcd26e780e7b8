"""``awaw build SHIP --yard YARD`` and ``awaw build SHIP --chart ACTION``: ships on the Naval Construction Charts
(27.72-27.73).

A ship is laid down in the cell 27.7251 gives for its type and size, at the cost it gives (1 SB + 3 BRPs; DDs and
CVEs per factor); a ship in the current column is continued, accelerated, deferred or launched (27.7272), to the
cell and at the cost :func:`projections.rules.naval.apply_chart_action` gives, and refused where
:func:`projections.rules.naval.chart_action_breaches` forbids it. A continue from row 2 is the paid launch
(27.7272D): the ship leaves the chart for its yard's hex or box.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, cast, get_args

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent
from awaw_events.vocab import Season, UnitType
from projections.position import Position
from projections.rules import naval as rules
from replays import records
from replays.audit.families.naval.common import acted
from replays.commands.base import Refusal, now, probe

ACTIONS: Final = ("lay_down", *get_args(rules.ChartAction))
"""What a player does with a ship on a chart: lay it down, or one of the options of 27.7272."""

BUILD_PHASE: Final = "unit_construction"


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
    """The chart event of a ship, or why the rules refuse it."""
    when = now(pos.state)
    if when.get("phase") != BUILD_PHASE:
        return Refusal("27.7272", f"ships are built in the unit construction phase; this is the {when.get('phase')}")
    if command.action not in ACTIONS:
        return Refusal("27.7272", f"a ship is laid down or {', '.join(ACTIONS[1:])}, not {command.action!r}")
    if command.action == "lay_down":
        return _lay_down(pos, command, when)
    naval = pos.state.naval
    ship = naval.ships.get(command.ship)
    if ship is None or ship.status != "on_chart" or ship.yard is None or ship.row is None or ship.column is None:
        return Refusal(records.RULE, f"{command.ship} is on no Naval Construction Chart")
    chart = naval.charts.get(ship.yard)
    if chart is None or ship.unit_type is None or ship.factors is None:
        return Refusal(records.RULE, f"the chart of {command.ship} ({ship.yard}) is not recorded")
    action = cast(rules.ChartAction, command.action)
    position = rules.ChartPosition(ship.row, ship.column)
    season = cast(Season, when["season"])
    breaches = rules.chart_action_breaches(
        action,
        unit_type=ship.unit_type,
        factors=ship.factors,
        position=position,
        season=season,
        acted_this_phase=_acted(pos, command.ship),
    )
    if breaches:
        return Refusal(breaches[0].rule, f"{command.ship}: {breaches[0].message}")
    move = rules.apply_chart_action(position, action)
    base: dict[str, Any] = {**when, "actor": chart.owner, "yard": ship.yard, "ship": command.ship}
    cost = {"sb": move.cost.sb, "brps": move.cost.brps}
    if move.launched:
        mode = "free" if action == "launch" else "paid_from_row2"
        location = chart.location or f"chart:{ship.yard}"
        fields = {"type": "ship_launched", **base, "mode": mode, "location": location, **cost}
    elif action == "defer":
        assert move.position is not None
        fields = {"type": "ship_deferred", **base, "column": move.position.column}
    elif action == "scuttle":
        fields = {"type": "ship_scuttled", **base}
    else:
        assert move.position is not None
        fields = {"type": "ship_advanced", **base, "mode": action, "row": move.position.row,
                  "column": move.position.column, **cost}  # fmt: skip
    return [parse_event(fields, where="the ship")]


def _acted(pos: Position, ship_id: str) -> bool:
    """The ship was laid down, started repair or moved on its chart this game turn (the audit's own reading)."""
    ship = pos.state.naval.ships.get(ship_id)
    if ship is None:
        return False
    draft = parse_event({"type": "phase_started", **now(pos.state)}, where="the ship")
    return acted(probe(pos, draft, pos.state.clock.seq + 1), ship)


def _lay_down(pos: Position, command: Ship, when: dict[str, Any]) -> list[AnyEvent] | Refusal:
    if command.yard is None or command.unit_type is None or command.factors is None:
        return Refusal("27.7251", "a ship is laid down at a yard, with its type and factors")
    chart = pos.state.naval.charts.get(command.yard)
    if chart is None:
        known = ", ".join(sorted(pos.state.naval.charts)) or "none"
        return Refusal("27.723", f"no shipyard {command.yard!r} is recorded (yards: {known})")
    if command.ship in pos.board.units or command.ship in pos.state.naval.ships:
        return Refusal(records.RULE, f"{command.ship} is already in play: name a new counter")
    unit_type = cast(UnitType, command.unit_type)
    try:
        position = rules.lay_down_position(unit_type, command.factors, cast(Season, when["season"]))
        cost = rules.lay_down_cost(unit_type, command.factors)
    except ValueError as exc:
        return Refusal("27.7251", str(exc))
    owner = command.power or chart.owner
    fields: dict[str, Any] = {
        "type": "ship_laid_down",
        **when,
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
    return [parse_event(fields, where="the ship")]
