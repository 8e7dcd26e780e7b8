"""Derived views of the naval charts: rates and capacity in force, counters and cells, when ships are due and
launched, and the running facts of the game turn as the rules read them (27-30 extract 4.5)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from awaw_events.events import UnitBuilt
from awaw_events.gametime import turn_index
from awaw_events.vocab import CHART_ROWS, SEASONS, Season
from projections.board import BoardState, at_war
from projections.naval.records import ROW_ORDER, Chart, PrewarTransports, Ship, State, cell_key, implicit_chart
from projections.rules.calendar import add_turns, season_position, seasons_until, turn_at
from projections.rules.naval import (
    ACTING_STEPS,
    CAPTURED_MODES,
    FULL_CYCLE,
    CapacityRule,
    NavalPolitics,
    expected_launch,
    naval_politics,
    one_factor_sb_cap,
    prewar_transport_shares,
    shipyard_capacity,
    shipyard_rate,
    starting_shipyard,
    us_theater,
)

# ---------------------------------------------------------------------------------------------------------------------
# Charts: rate, capacity, counters, cells (27-30 extract 4.5)
# ---------------------------------------------------------------------------------------------------------------------


def chart_of(state: State, yard: str) -> Chart | None:
    """A yard's chart before anything changes it: the one the state holds, or for a yard not yet defined nor used
    its starting values (27.731); ``None`` for an unknown yard."""
    chart = state.charts.get(yard)
    if chart is not None:
        return chart
    return implicit_chart(yard, None) if starting_shipyard(yard) is not None else None


def effective_rate(chart: Chart) -> int:
    """The rate in force: the recorded rate, or 1 at a captured / ally-recaptured yard (27.713)."""
    return shipyard_rate(chart.rate, capacity_rule_of(chart))


def capacity_rule_of(chart: Chart) -> CapacityRule:
    """The capacity rule in force: ``captured`` while the yard is held by an enemy or recaptured by an ally of its
    surrendered owner (27.713); otherwise the rule the yard was defined with (2 x rate, U.S. box 27.724B/27.743)."""
    if chart.mode in CAPTURED_MODES:
        return "captured"
    return chart.capacity_rule


def capacity(chart: Chart) -> int:
    """Counters the chart may hold (27.724B, 27.741, 27.743, 27.713): 2 x rate; U.S. box 10 while rate <= 5;
    captured yard 2."""
    return shipyard_capacity(chart.rate, capacity_rule_of(chart))


def one_factor_cap(chart: Chart) -> int:
    """Most SB per turn this yard may spend on DDs, CVEs, subs, ASW and transports: ceil(rate / 2) (27.7221A)."""
    return one_factor_sb_cap(effective_rate(chart))


def counters_on_chart(state: State, yard: str) -> int:
    """DD, CVE, cruiser and named-ship counters on the chart, all rows and columns; the Waiting for Repair box does
    not count (27.724B, 27.741; check N-03)."""
    chart = state.charts.get(yard)
    if chart is None:
        return 0
    return sum(len(ids) for ids in chart.cells.values())


def free_capacity(state: State, yard: str) -> int:
    """Capacity left on a chart (negative when over capacity, 27.741)."""
    chart = state.charts.get(yard)
    if chart is None:
        return 0
    return capacity(chart) - counters_on_chart(state, yard)


def _sorted_cell_ids(chart: Chart, keys: Iterable[str]) -> list[str]:
    ordered = sorted(keys, key=lambda k: ROW_ORDER[k.split("/", 1)[0]])
    return [ship for key in ordered for ship in chart.cells[key]]


def ships_in_column(state: State, yard: str, column: Season | None = None) -> list[str]:
    """Ship ids in one column of a yard's chart, row 5 down to Launch (27.7272: the ships that must be decided this
    unit construction phase when ``column`` is the current season, the default)."""
    chart = state.charts.get(yard)
    if chart is None:
        return []
    col = column or state.season
    return _sorted_cell_ids(chart, [k for k in chart.cells if k.endswith("/" + col)])


def ships_on_chart(state: State, yard: str) -> list[str]:
    """Every ship id on a yard's chart, by row then column."""
    chart = state.charts.get(yard)
    if chart is None:
        return []
    keys = sorted(chart.cells, key=lambda k: (ROW_ORDER[k.split("/", 1)[0]], season_position(k.split("/", 1)[1])))  # type: ignore[arg-type]
    return [ship for key in keys for ship in chart.cells[key]]


def cells(state: State, yard: str) -> dict[str, list[str]]:
    """A yard's chart as ``{"3/spring": [ship ids], ...}``, every cell of rows 5..Launch x Spring..Winter."""
    chart = state.charts.get(yard)
    found = chart.cells if chart is not None else {}
    return {cell_key(r, c): list(found.get(cell_key(r, c), ())) for r in CHART_ROWS for c in SEASONS}


def acted_this_turn(state: State, ship: Ship) -> bool:
    """Whether the ship was placed or moved on its chart in the current game turn (the owner's one decision per
    unit construction phase, 27.7272, check N-21), a set-up placement included: then a ship in the current column
    is next due four turns on."""
    last = ship.last_step
    return (
        last is not None
        and state.season != ""
        and last.turn == turn_index(state.year, state.season)
        and (last.action in ACTING_STEPS or last.action == "setup")
    )


def expected_launch_turn(state: State, ship_id: str) -> tuple[int, Season] | None:
    """The game turn a ship on a chart reaches the board if every later step is a normal continue (27.7272A, D;
    :func:`projections.rules.naval.expected_launch`); ``None`` off the chart."""
    ship = state.ships.get(ship_id)
    if ship is None or state.season == "":
        return None
    position = ship.position
    if position is None:
        return None
    season: Season = state.season  # type: ignore[assignment]
    return expected_launch(position, current=(state.year, season), acted_this_phase=acted_this_turn(state, ship))


def next_due_turn(state: State, ship_id: str) -> tuple[int, Season] | None:
    """The next game turn a ship on a chart is in the current column and must be decided (27.7272): now if it has
    not acted this turn, else when its column next comes up (four turns on for the same column, 27.7272A)."""
    ship = state.ships.get(ship_id)
    if ship is None or state.season == "" or ship.position is None or ship.column is None:
        return None
    season: Season = state.season  # type: ignore[assignment]
    wait = seasons_until(season, ship.column)
    if wait == 0 and acted_this_turn(state, ship):
        wait = FULL_CYCLE
    return add_turns(state.year, season, wait)


def turns_on_chart(ship: Ship) -> int | None:
    """Game turns from lay-down (or repair start) to launch, once launched (27.721 table: 3-factor ship 8 turns)."""
    if ship.launched_turn is None or ship.work_started_turn is None:
        return None
    return ship.launched_turn - ship.work_started_turn


def turn_label(index: int) -> str:
    """``"Fall 1940"`` for a game turn index."""
    year, season = turn_at(index)
    return f"{season.capitalize()} {year}"


# ---------------------------------------------------------------------------------------------------------------------
# Running facts of the game turn, as the rules read them (27.7223, 27.7272, 27.7322)
# ---------------------------------------------------------------------------------------------------------------------


def this_turn(state: State, year: int, season: str) -> bool:
    """Whether the state's per-turn facts belong to game turn ``(year, season)``: they do not when that turn begins
    with the event under examination (the state before it still holds the last turn's)."""
    return state.season == season and state.year == year


def column_size(state: State, yard: str, year: int, season: Season) -> int:
    """Ships in a yard's current column when its chart decisions of this game turn began (27.7272C): noted at its
    first chart event of the turn, or counted now if none came yet."""
    noted = state.column_sizes.get(yard) if this_turn(state, year, season) else None
    return noted if noted is not None else len(ships_in_column(state, yard, season))


def deferrals_so_far(state: State, yard: str, year: int, season: str) -> int:
    """Ships deferred or scuttled at a yard so far this game turn (27.7272C, E)."""
    return state.deferrals.get(yard, 0) if this_turn(state, year, season) else 0


def cves_laid_down(state: State, power: str, year: int, season: str) -> int:
    """CVE factors laid down so far this game turn for ``power`` (27.7223)."""
    return state.cve_factors.get(power, 0) if this_turn(state, year, season) else 0


def wa_transports_lost(state: State, year: int, season: str) -> int:
    """Western Allied transport factors lost in this game turn's Axis player turn (27.7322A)."""
    return sum(state.wa_transports_lost.values()) if this_turn(state, year, season) else 0


def prewar_transports(state: State, year: int, season: str) -> PrewarTransports:
    """Transports built so far this game turn in U.S. boxes before the U.S.-German war (27.7322)."""
    return state.prewar if this_turn(state, year, season) else PrewarTransports()


def politics(
    state: State, board: BoardState, year: int, wars: Callable[[str, str], bool] | None = None
) -> NavalPolitics:
    """The political facts the chart permissions of ``year`` depend on (27.7272B-C): the board's wars (or ``wars``:
    whether two powers are at war) and USJT, the year war broke out and whether Germany accelerated this year."""
    return naval_politics(
        year,
        wars if wars is not None else (lambda a, b: at_war(board, a, b)),
        board.tensions.get("usjt", 0),
        war_outbreak_year=state.war_outbreak_year,
        germany_accelerated_this_year=state.german_acceleration_year == year,
    )


def prewar_shares(
    state: State, board: BoardState, event: UnitBuilt, wars: Callable[[str, str], bool] | None = None
) -> tuple[int, int] | None:
    """(U.S. BRPs, British BRPs) of a transport built in a U.S. box before the U.S.-German war (27.7322), or ``None``
    for any other build (another unit type, no yard recorded, a yard that is not American, the wars begun).
    ``wars``: whether two powers are at war (default: a war the board records between them)."""
    if event.unit_type != "transport" or event.yard is None:
        return None
    chart = chart_of(state, event.yard)
    if chart is None:
        return None
    war = wars if wars is not None else (lambda a, b: at_war(board, a, b))
    return prewar_transport_shares(
        yard_owner=chart.owner,
        theater=us_theater(event.yard),
        payer=event.payer or event.owner,
        cost=event.cost,
        germany_us_at_war=war("germany", "usa"),
        japan_us_at_war=war("japan", "usa"),
    )
