"""The Naval Construction Charts: the lay-down of a new ship, who may build which naval units, CVEs and training
rates, the units built at once (27.7251, 27.713, 27.721A, 27.722, 27.7223; checks N-01..N-04, N-16, A-03), and the
options each unit construction phase: continue, accelerate, defer, launch, scuttle, and every due ship decided
(27.7272A-E; checks N-20..N-28).

A chart option is asked as the event that records it (``ship_advanced``, ``ship_deferred``, ``ship_launched``,
``ship_scuttled``); :func:`chart_option` reads it once for every query that asks (the ship and its cell before it,
the option, the breaches of :func:`projections.rules.naval.chart_action_breaches` under the owner's permissions), and
:func:`option_outcome` says where the option takes the ship and what it costs, for the queries and for ``awaw
build --chart`` alike.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from awaw_events.events import (
    PhaseStarted,
    ShipAdvanced,
    ShipDeferred,
    ShipLaidDown,
    ShipLaunched,
    ShipRepairStarted,
    ShipScuttled,
    UnitBuilt,
)
from awaw_events.gametime import game_turn, parse_game_point, turn_index
from awaw_events.vocab import (
    CHART_TYPES,
    FACTION_OF_POWER,
    NAVAL_TYPES,
    PHASES,
    POWERS,
    SIDE_OF_FACTION,
    Power,
    power_name,
)
from awaw_events.vocab import type_words as words
from projections import naval as charts
from projections.position.core import Position, Unknown, breach
from projections.position.naval import (
    Verdict,
    acted,
    cell_words,
    cost_words,
    paid_words,
    ship_words,
    vichy_cost,
    where,
    yard_chart,
)
from projections.position.wars import Wars, readings, war_doubt, wars_of
from projections.rules import naval as rules
from projections.rules.breach import Breach
from projections.rules.calendar import shift_season
from projections.rules.construction import NAVAL_AIR_TRAINING_RATE

# ---------------------------------------------------------------------------------------------------------------------
# Lay-down (27.7251, 27.713, 27.722)


def lay_down_cell(pos: Position, event: ShipLaidDown) -> Verdict:
    """27.7251: a new ship goes to the chart cell 27.7251 gives."""
    if event.setup:
        return ()
    name = event.name or event.ship
    try:
        truth = rules.lay_down_position(event.unit_type, event.factors, event.season)
    except ValueError as error:
        allowed = "a DD, CVE, 2-factor cruiser or named ship of 2 to 5 factors"
        message = f"{name} cannot be laid down on a chart: {error}"
        return (breach("27.7251", message, allowed, f"{event.unit_type}{event.factors}"),)
    if (event.row, event.column) == (truth.row, truth.column):
        return ()
    cell, claimed = where(truth.row, truth.column), where(event.row, event.column)
    message = (
        f"{name} ({event.factors}-factor {words(event.unit_type)}) laid down in {event.season.capitalize()} goes to "
        f"{cell}, not {claimed} (27.7251)"
    )
    return (breach("27.7251", message, cell, claimed),)


def lay_down_cost(pos: Position, event: ShipLaidDown) -> Verdict:
    """27.7251: laying a ship down costs 1 SB + 3 BRPs (per factor for DDs and CVEs)."""
    if event.setup:
        return ()
    try:
        truth = rules.lay_down_cost(event.unit_type, event.factors)
    except ValueError:
        return ()  # reported by lay_down_cell
    if (event.sb, event.brps) == (truth.sb, truth.brps):
        return ()
    message = f"laying down {event.name or event.ship} costs {cost_words(truth)}, not {paid_words(event)} (27.7251)"
    return (breach("27.7251", message, cost_words(truth), paid_words(event)),)


def captured_yard(pos: Position, event: ShipLaidDown | ShipRepairStarted) -> Verdict:
    """27.713: captured shipyards are never used for new construction, and repair only once the yard's owner has
    surrendered."""
    chart = pos.state.naval.charts.get(event.yard)
    if chart is None or chart.mode not in rules.CAPTURED_MODES:
        return ()
    if isinstance(event, ShipRepairStarted):
        status = pos.board.statuses.get(chart.owner)
        if status == "surrendered":
            return ()
        owner = power_name(chart.owner) if chart.owner in POWERS else chart.owner
        message = (
            f"{event.yard} is a captured shipyard: it repairs only once its original owner, {owner}, has surrendered "
            "(27.713)"
        )
        return (breach("27.713", message, f"{chart.owner} surrendered", status or "not surrendered"),)
    if event.setup:
        return ()
    message = (
        f"{event.yard} is a captured shipyard ({chart.mode.replace('_', ' ')}): it may only repair cruisers and named "
        f"ships, not build {event.name or event.ship} (27.713)"
    )
    return (breach("27.713", message, "repairs only", f"{event.ship} laid down"),)


def _build_power(pos: Position, event: ShipLaidDown | UnitBuilt) -> tuple[Power, Power | None]:
    """(builder, power the ship is for): CVEs are built by the yard's owner (the U.S.) for their owner (27.7223)."""
    owner = event.owner
    if event.unit_type != "cve":
        return owner, None
    chart = yard_chart(pos, event.yard) if event.yard is not None else None
    return (chart.owner if chart is not None and chart.owner in POWERS else owner), owner


def naval_build_type(pos: Position, event: ShipLaidDown | UnitBuilt) -> Verdict:
    """27.722: who may build which naval units: fast carriers (27.7222), CVEs (27.7223), Japanese DDs (27.7221A),
    German and Italian submarines only (27.93)."""
    if (isinstance(event, ShipLaidDown) and event.setup) or event.unit_type not in NAVAL_TYPES:
        return ()
    builder, for_power = _build_power(pos, event)
    usat = pos.board.tensions.get("usat", 0)
    name = event.name or (event.ship if isinstance(event, ShipLaidDown) else event.unit)
    found = rules.build_type_breaches(
        builder, event.unit_type, year=event.year, season=event.season, usat=usat, for_power=for_power
    )
    what = f"{power_name(builder)} builds {words(event.unit_type)} {name}"
    return [
        breach(
            b.rule, f"{what}: {b.message} ({b.rule})", "not allowed" if b.allowed is None else b.allowed, str(b.actual)
        )
        for b in found
    ]


def cve_training_rate(pos: Position, event: ShipLaidDown) -> Verdict:
    """27.7223: CVEs laid down per turn stay within the training rate of the power they are for (27.61A)."""
    if event.setup or event.unit_type != "cve":
        return ()
    before = charts.cves_laid_down(pos.state.naval, event.owner, event.year, event.season)
    after = before + event.factors
    rate = NAVAL_AIR_TRAINING_RATE[event.owner]
    if not before <= rate < after:
        return ()
    message = (
        f"{after} CVE factors laid down for {power_name(event.owner)} this turn; CVEs are limited by its naval air "
        f"training rate, {rate} (27.7223, 27.61A)"
    )
    return (breach("27.7223", message, f"<= {rate}", after),)


def immediate_build(pos: Position, event: UnitBuilt) -> Verdict:
    """27.721A: subs, ASW and transports use 1 SB per factor of a recorded yard; chart ships are laid down, not
    built."""
    if event.unit_type in CHART_TYPES:
        message = (
            f"{words(event.unit_type)} {event.name or event.unit} is built at once, but DDs, CVEs, cruisers and named "
            "ships go through a shipyard chart (27.7251)"
        )
        return (breach("27.7251", message, "ship_laid_down", "unit_built"),)
    if event.unit_type not in rules.IMMEDIATE_TYPES:
        return ()
    if event.yard is None:
        return (Unknown(reason="the shipyard whose SB a sub, ASW or transport used is not recorded (yard)"),)
    truth = rules.immediate_build_cost(event.unit_type, event.factors)
    if event.sb == truth.sb:
        return ()
    message = (
        f"{event.factors}-factor {words(event.unit_type)} {event.unit} uses {truth.sb} SB at {event.yard}, not "
        f"{event.sb} (1 SB + 3 BRPs per factor, 27.721A)"
    )
    return (breach("27.721A", message, f"{truth.sb} SB", f"{event.sb} SB"),)


# ---------------------------------------------------------------------------------------------------------------------
# Options each unit construction phase (27.7272)

ChartEvent = ShipAdvanced | ShipDeferred | ShipLaunched | ShipScuttled


class ChartOption(NamedTuple):
    """A chart option as the rules see it: the ship and its cell before the event, the option, its breaches; ``skip``
    says why the option is not judged (a ship never laid down, a launch its advance already made); ``doubt``: what
    is not checked of the permissions, where they turn on a war of factions the record cannot split (the rules of
    the breaches some readings of the wars find and others do not)."""

    ship: charts.Ship | None
    chart: charts.Chart | None
    position: rules.ChartPosition | None
    action: rules.ChartAction | None
    breaches: tuple[Breach, ...]
    skip: str | None
    doubt: tuple[Unknown, tuple[str, ...]] | None = None

    def of(self, *rule: str) -> list[Breach]:
        return [b for b in self.breaches if b.rule in rule]

    def doubted(self, *rule: str) -> list[Unknown]:
        """What is not checked of ``rule`` for a war the record cannot tell of (nothing where the readings agree)."""
        if self.doubt is None or not set(rule) & set(self.doubt[1]):
            return []
        return [self.doubt[0]]


def chart_option(pos: Position, event: ChartEvent) -> ChartOption:
    """The chart option an event records (computed once for the position, however many queries ask)."""
    mode = event.mode if isinstance(event, ShipAdvanced) else None
    return pos.cached(_option, type(event), event.ship, event.yard, mode, event.year, event.season)


def _option(pos: Position, kind: type, ship_id: str, yard: str, mode: Any, year: int, season: Any) -> ChartOption:
    ship = pos.state.naval.ships.get(ship_id)
    chart = yard_chart(pos, yard)
    at = ship.position if ship is not None else None
    if ship is None or ship.unit_type is None or ship.factors is None:
        return ChartOption(ship, chart, at, None, (), "a ship that was never laid down or placed in this log")
    turn = turn_index(year, season)
    if kind is ShipLaunched and _launched_by_advance(ship, turn):
        return ChartOption(ship, chart, at, None, (), "launched already by its advance from row 2")
    if at is None:
        return ChartOption(ship, chart, None, None, (), None)
    action: rules.ChartAction
    if kind is ShipAdvanced:
        action = mode
    elif kind is ShipLaunched:
        action = "launch" if at.row == rules.LAUNCH_ROW else "continue"
    else:
        action = "defer" if kind is ShipDeferred else "scuttle"
    owner = ship.owner or (chart.owner if chart is not None else "")
    theater = rules.us_theater(yard) if owner == "usa" else None
    permitted = owner in POWERS and (owner != "usa" or theater is not None)
    naval = pos.state.naval
    unit_type, factors = ship.unit_type, ship.factors

    def found_under(wars: Wars | None) -> tuple[Breach, ...]:
        kwargs: dict[str, Any] = {}
        if permitted:
            war = None if wars is None else (lambda a, b: wars[(a, b)])
            kwargs["permissions"] = rules.permissions_for(
                cast(Power, owner),
                charts.politics(naval, pos.board, year, war),
                us_theater=theater,
                variant="full" if pos.meta.variant == "full" else "classic",
                deferrals_so_far=charts.deferrals_so_far(naval, yard, year, season),
                ships_in_column=charts.column_size(naval, yard, year, season),
                rate=charts.effective_rate(chart) if chart is not None else 0,
            )
        return rules.chart_action_breaches(
            action,
            unit_type=unit_type,
            factors=factors,
            position=at,
            season=season,
            acted_this_phase=acted(ship, turn),
            **kwargs,
        )

    wars = wars_of(pos.board, *rules.POLITICS_WARS)
    if not permitted or None not in wars.values():
        return ChartOption(ship, chart, at, action, found_under(None), None)
    each = [found_under(reading) for reading in readings(wars)]
    certain = tuple(b for b in each[0] if all(b in f for f in each[1:]))
    differ = sorted({b.rule for f in each for b in f if b not in certain})
    doubt = (war_doubt(wars, "27.7272B-C"), tuple(differ)) if differ else None
    return ChartOption(ship, chart, at, action, certain, None, doubt)


def _launched_by_advance(ship: charts.Ship, turn: int) -> bool:
    """The ship reached the Launch row by a paid advance this turn: the launch that follows is free (27.7272D)."""
    if ship.status == "launched" and ship.launched_turn == turn:
        return True
    last = ship.last_step
    return (
        ship.status == "on_chart"
        and ship.row == rules.LAUNCH_ROW
        and last is not None
        and last.turn == turn
        and last.action in ("continue", "accelerate_1", "accelerate_2")
    )


class Outcome(NamedTuple):
    """Where a chart option takes a ship (``position``; None once it leaves the chart, ``launched`` onto the board)
    and what it costs the ship (27.7272, 27.7265)."""

    position: rules.ChartPosition | None
    launched: bool
    cost: rules.NavalCost


def option_outcome(pos: Position, ship: charts.Ship, yard: str, action: rules.ChartAction) -> Outcome | None:
    """What an option does to a ship on its chart (None where the rules give no outcome: a free launch off another
    row)."""
    assert ship.position is not None
    try:
        found = rules.apply_chart_action(ship.position, action)
    except ValueError:
        return None
    return Outcome(found.position, found.launched, vichy_cost(pos, ship.id, yard, found.cost))


def chart_column(pos: Position, event: ChartEvent) -> Verdict:
    """27.7272: only ships in the current column are moved or launched, each once per phase, and never at
    placement."""
    m = chart_option(pos, event)
    if m.skip is not None:
        return () if m.ship is not None else (Unknown(reason=f"chart options of {m.skip}"),)
    if m.position is None:
        assert m.ship is not None
        status = m.ship.status.replace("_", " ")
        message = (
            f"{ship_words(m.ship, event.ship)} is not on a chart ({status}), so it cannot be moved, launched or "
            "scuttled there (27.7272)"
        )
        return (breach("27.7272", message, "a ship on the chart", status),)
    found = m.of("27.7272")
    column = m.position.column
    wrong = [b for b in found if b.actual == column]
    name, now = ship_words(m.ship, event.ship), event.season.capitalize()
    out = []
    for b in wrong or found:  # a ship out of its column is reported once, for the column
        if b.actual == column:
            message = (
                f"{name} is in the {column.capitalize()} column; in {now} only ships in the {now} column may be moved "
                "or launched (27.7272)"
            )
            out.append(
                breach("27.7272", message, f"{str(b.allowed).capitalize()} column", f"{column.capitalize()} column")
            )
        else:
            message = (
                f"{name} was already placed or moved on the chart this phase; it may not move again before its column "
                "next comes up (27.7272)"
            )
            out.append(breach("27.7272", message, "one decision per phase", "a second one"))
    return out


def advance_cell(pos: Position, event: ShipAdvanced) -> Verdict:
    """27.7272A: an advance moves the ship to the cell its option gives."""
    m = chart_option(pos, event)
    if m.ship is None or m.position is None or m.action is None or m.of("27.7272D"):
        return ()
    outcome = option_outcome(pos, m.ship, event.yard, m.action)
    if outcome is None or (outcome.position is None and not outcome.launched):
        return ()
    at = outcome.position
    truth = (at.row, at.column) if at is not None else (rules.LAUNCH_ROW, m.position.column)
    if (event.row, event.column) == truth or (event.row == rules.LAUNCH_ROW == truth[0]):
        return ()  # launched at once from row 2: the column is immaterial (27.7272D)
    cell, claimed = where(*truth), where(event.row, event.column)
    message = (
        f"{ship_words(m.ship, event.ship)} on {where(m.position.row, m.position.column)}: "
        f"{event.mode.replace('_', ' ')} takes it to {cell}, not {claimed} (27.7272A-B)"
    )
    return (breach("27.7272A", message, cell, claimed),)


def advance_cost(pos: Position, event: ShipAdvanced) -> Verdict:
    """27.7272: continuing costs 1 SB + 3 BRPs; accelerating 1 SB + 6 or 9."""
    truth = vichy_cost(pos, event.ship, event.yard, rules.ACTION_COST[event.mode])
    if (event.sb, event.brps) == (truth.sb, truth.brps):
        return ()
    message = (
        f"{event.mode.replace('_', ' ')} of {event.ship} costs {cost_words(truth)}, not {paid_words(event)} "
        "(27.7272A-B)"
    )
    return (breach("27.7272", message, cost_words(truth), paid_words(event)),)


def acceleration(pos: Position, event: ShipAdvanced) -> Verdict:
    """27.7272B: acceleration: 3- to 5-factor ships, from rows 5, 4, 3, not at placement, by a power allowed to."""
    m = chart_option(pos, event)
    found = m.of("27.7272B")
    if not found:
        return m.doubted("27.7272B")
    assert m.ship is not None
    why = "; ".join(
        "it was placed or moved this phase" if b.message.startswith("ship already") else b.message for b in found
    )
    message = (
        f"{ship_words(m.ship, event.ship)} ({m.ship.factors}-factor {words(str(m.ship.unit_type))}, "
        f"{power_name(str(m.ship.owner))}) may not be accelerated: {why} (27.7272B)"
    )
    return (breach("27.7272B", message, "a legal acceleration", event.mode),)


def deferral(pos: Position, event: ShipDeferred) -> Verdict:
    """27.7272C: a deferral moves the ship one column right, free, by a power allowed to defer."""
    m = chart_option(pos, event)
    if m.skip is not None or m.position is None:
        return
    assert m.ship is not None
    name = ship_words(m.ship, event.ship)
    truth = shift_season(m.position.column, 1)
    if event.column != truth and m.position.row != rules.LAUNCH_ROW:
        message = (
            f"deferring {name} moves it one column right, from {m.position.column.capitalize()} to "
            f"{truth.capitalize()}, not to {event.column.capitalize()} (27.7272C)"
        )
        yield breach("27.7272C", message, f"{truth.capitalize()} column", f"{event.column.capitalize()} column")
    if m.ship.owner == "france" and m.of("27.7272C"):
        yield Unknown(reason="France's deferral triggers other than an Italian declaration of war are not tracked")
        return
    for b in m.of("27.7272C", "27.7272D"):
        message = f"{name} ({power_name(str(m.ship.owner))}) may not be deferred: {b.message} ({b.rule})"
        yield breach(b.rule, message, "continue or launch", "defer")
    yield from m.doubted("27.7272C")


def launch(pos: Position, event: ShipAdvanced | ShipLaunched) -> Verdict:
    """27.7272D: launches: from row 2 for 1 SB + 3 BRPs, or free from the Launch row; Launch-row ships are not
    moved."""
    m = chart_option(pos, event)
    name = ship_words(m.ship, event.ship)
    if isinstance(event, ShipAdvanced):
        message = f"{name} is on the Launch row: it is placed on the board, free, not moved (27.7272D)"
        return [breach("27.7272D", message, "launch", event.mode) for _ in m.of("27.7272D")]
    if m.skip is not None:
        if m.ship is None or not (event.sb or event.brps):
            return ()
        message = f"{name} was paid for by its advance to the Launch row; the launch itself is free (27.7272D)"
        return (breach("27.7272D", message, cost_words(rules.NavalCost(0, 0)), paid_words(event)),)
    if m.ship is None or m.position is None or m.action is None:
        return ()
    outcome = option_outcome(pos, m.ship, event.yard, m.action)
    assert outcome is not None  # a launch is taken as a continue off any row but Launch
    if not outcome.launched:
        cell = cell_words(m.position.row)
        message = (
            f"{name} is on {cell}: only ships on row 2 (paying 1 SB + 3 BRPs) or on the Launch row (free) are "
            "launched (27.7272D)"
        )
        return (breach("27.7272D", message, "row 2 or the Launch row", cell),)
    if (event.sb, event.brps) == (outcome.cost.sb, outcome.cost.brps):
        return ()
    row = "row 2" if m.action == "continue" else "the Launch row"
    message = f"launching {name} from {row} costs {cost_words(outcome.cost)}, not {paid_words(event)} (27.7272D)"
    return (breach("27.7272D", message, cost_words(outcome.cost), paid_words(event)),)


def scuttle(pos: Position, event: ShipScuttled) -> Verdict:
    """27.7272E: scuttling follows the deferral permissions; France never scuttles."""
    m = chart_option(pos, event)
    if m.ship is None:
        return ()
    message = f"{ship_words(m.ship, event.ship)} ({power_name(str(m.ship.owner))}) may not be scuttled now (27.7272E)"
    return [breach("27.7272E", message, "no scuttling", "scuttled") for _ in m.of("27.7272E")] or m.doubted("27.7272E")


def _construction_played_before(pos: Position, event: PhaseStarted) -> bool:
    """Whether this player turn's unit construction phase was played in the game the position came from: the game
    resumes (``game_created.resumes``) after it, in the same player turn; its ship decisions are not in the set-up."""
    resumes = pos.state.meta.resumes
    if resumes is None:
        return False
    point = parse_game_point(resumes)
    same_turn = (point.year, point.season, point.side) == (event.year, event.season, event.side)
    return same_turn and point.phase is not None and PHASES.index(point.phase) > PHASES.index("unit_construction")


def due_ships_decided(pos: Position, event: PhaseStarted) -> Verdict:
    """27.7272: by the end of unit construction every ship in the current column was continued, accelerated,
    deferred or launched."""
    if event.phase != "redeployment" or event.side is None or _construction_played_before(pos, event):
        return
    state, turn = pos.state.naval, game_turn(event)
    for yard, chart in sorted(state.charts.items()):
        if chart.owner not in POWERS or SIDE_OF_FACTION[FACTION_OF_POWER[chart.owner]] != event.side:
            continue
        for ship_id in charts.ships_in_column(state, yard, event.season):
            ship = state.ships.get(ship_id)
            if ship is None or ship.row is None or acted(ship, turn):
                continue
            if ship.row == rules.LAUNCH_ROW:
                message = (
                    f"{ship_words(ship, ship_id)} is still on the Launch row of {yard}'s {event.season.capitalize()} "
                    "column after unit construction: it is placed on the board this phase (27.7272D, 27.7273-27.7274)"
                )
            else:
                message = (
                    f"{ship_words(ship, ship_id)} on {where(ship.row, event.season)} at {yard} was neither continued, "
                    "accelerated nor deferred this unit construction phase (27.7272)"
                )
            yield breach("27.7272", message, "a decision", "none")
