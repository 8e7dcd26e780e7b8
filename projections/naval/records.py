"""The naval construction charts' records and state: charts, ships and their chart histories, SB spent per yard
(see :mod:`projections.naval` for what each part holds and what the projection trusts)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from awaw_events.vocab import CHART_ROWS, ChartRow, Season, UnitType
from projections.core import Clock
from projections.rules.naval import MOVE_ACTIONS, CapacityRule, ChartPosition, starting_shipyard

# ---------------------------------------------------------------------------------------------------------------------
# Local vocabulary
# ---------------------------------------------------------------------------------------------------------------------

ShipStatus = Literal[
    "afloat",
    "on_chart",
    "waiting_for_repair",
    "launched",
    "damaged",
    "sunk",
    "scuttled",
    "destroyed",
    "eliminated",
]
"""Where a ship stands (27-30 extract 4.5): ``afloat`` (on the board, never on a chart here), ``on_chart`` (under
construction or repair, 27.724C), ``waiting_for_repair`` (27.724D, 27.7261), ``launched`` (placed on the board from a
chart, 27.7272D), ``damaged`` (27.7266A, raised 27.7262, displaced 27.7281), ``sunk`` (``sunk_in_port`` tells whether
it may be raised, 27.7262), ``scuttled`` (27.7272E), ``destroyed`` (eliminated on a captured chart, 27.7282),
``eliminated`` (``unit_eliminated`` of any other cause)."""

StepAction = Literal[
    "setup",
    "lay_down",
    "continue",
    "accelerate_1",
    "accelerate_2",
    "defer",
    "launch",
    "scuttle",
    "arrive_for_repair",
    "repair_start",
    "displaced",
    "destroyed",
    "sunk",
    "eliminated",
]
"""What happened to a ship on or at a chart (one :class:`ChartStep` each): placement (``setup`` 27.724E,
``lay_down`` 27.7251), the options of 27.7272A-E, the repair path (27.7261, 27.7267), and leaving the chart by
displacement, capture (27.71, 27.7281-27.7282), sinking or elimination."""

WorkKind = Literal["new", "repair"]
"""Construction or repair: treated alike once begun (27.7271), but the audit prices the start differently."""

UNKNOWN_OWNER: Final[str] = ""
"""Owner of an implicit chart whose yard is not in the starting table 27.731 and whose first event names no owner."""

# ---------------------------------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------------------------------


class ChartStep(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One step of a ship's chart history: when (game turn index and label), what, where it went and where from,
    at which yard, and what was claimed for it (SB points, BRPs)."""

    turn: int
    when: str
    action: StepAction
    yard: str | None = None
    row: ChartRow | None = None
    column: Season | None = None
    from_row: ChartRow | None = None
    from_column: Season | None = None
    sb: int = 0
    brps: int = 0
    side: str | None = None


class Ship(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A DD, CVE, cruiser or named ship as the naval charts see it (27-30 extract 4.5).

    ``owner``/``unit_type``/``factors`` are ``None`` only for a ship first met in a damage or repair event without
    having been placed, built or laid down in this log. ``row``/``column`` are set while ``status == "on_chart"``;
    ``yard`` is the chart it is on, waiting at, or was last built/repaired at. ``damaged_in``/``raised_in`` name
    the player turn (``"1940/spring/axis"``) for 27.7266A and 27.7262.
    """

    id: str
    status: ShipStatus
    owner: str | None = None
    unit_type: UnitType | None = None
    factors: int | None = None
    name: str | None = None
    yard: str | None = None
    row: ChartRow | None = None
    column: Season | None = None
    work: WorkKind | None = None
    setup: bool = False
    laid_down_turn: int | None = None
    laid_down: str | None = None
    work_started_turn: int | None = None
    launched_turn: int | None = None
    launched: str | None = None
    launch_mode: str | None = None
    damaged_in: str | None = None
    raised_in: str | None = None
    sunk_in_port: bool = False
    history: tuple[ChartStep, ...] = ()

    @property
    def label(self) -> str:
        """How a player names the ship: its name, else type and id."""
        if self.name:
            return self.name
        return f"{self.unit_type} {self.id}" if self.unit_type else self.id

    @property
    def last_move(self) -> ChartStep | None:
        """The last continue / accelerate / defer (27.7272A-C) of the current construction or repair, if any."""
        for step in reversed(self.history):
            if step.action in MOVE_ACTIONS:
                return step
            if step.action in ("lay_down", "setup", "repair_start"):
                return None
        return None

    @property
    def last_step(self) -> ChartStep | None:
        return self.history[-1] if self.history else None

    @property
    def position(self) -> ChartPosition | None:
        """The chart cell while on a chart."""
        if self.status != "on_chart" or self.row is None or self.column is None:
            return None
        return ChartPosition(self.row, self.column)


class Chart(msgspec.Struct, frozen=True, kw_only=True):
    """One shipyard's Naval Construction Chart (27.723, 27.724; 27-30 extract 4.5).

    ``rate`` is the recorded shipbuilding rate; the rate and capacity in force follow from ``mode`` (a captured or
    ally-recaptured yard: rate 1, capacity 2, 27.713) via :func:`effective_rate` and :func:`capacity`. ``cells`` maps
    ``"<row>/<column>"`` to the ship ids in that cell; ``waiting`` is the Waiting for Repair box (27.724D), which does
    not count against capacity (27.724B). Replaced, never changed: a new cells dict per change.
    """

    yard: str
    owner: str
    controller: str
    mode: str = "owned"
    location: str | None = None
    rate: int = 0
    capacity_rule: CapacityRule = "double_rate"
    defined: bool = True
    cells: dict[str, tuple[str, ...]] = {}
    waiting: tuple[str, ...] = ()


class YardSpend(msgspec.Struct, frozen=True, kw_only=True):
    """What one yard spent in one game turn: SB points (27.724A), SB on one-factor units (27.7221A), BRPs (27.72)."""

    sb: int = 0
    one_factor_sb: int = 0
    brps: int = 0


class Spend(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One naval payment of the current game turn, as claimed: the yard whose SB it used, the unit, why."""

    yard: str
    unit: str
    action: str
    sb: int
    brps: int
    one_factor: bool = False
    side: str | None = None
    phase: str | None = None


class PrewarTransports(msgspec.Struct, frozen=True, kw_only=True):
    """Transport factors built this game turn in U.S. boxes before the U.S.-German war, and who paid (27.7322)."""

    transports: int = 0
    us_brps: int = 0
    british_brps: int = 0


_START: Final = Clock()


class State(msgspec.Struct, kw_only=True):
    """The naval charts at one point of the game. Treat it as a value: only the fold machinery mutates a clone."""

    year: int = _START.year
    season: str = _START.season
    """The current game turn (before the first event: the clock's starting turn)."""
    charts: dict[str, Chart] = {}
    ships: dict[str, Ship] = {}
    spent: dict[str, YardSpend] = {}
    spent_last_turn: dict[str, YardSpend] = {}
    spends: list[Spend] = []
    brps_total: dict[str, int] = {}
    sb_total: dict[str, int] = {}
    # running facts of this game turn the rules read (reset with ``spent``)
    column_sizes: dict[str, int] = {}
    """Ships in each yard's current column when the yard's first chart event of this game turn came (27.7272C:
    Japan and the U.S. without war or tension may defer only the excess over the rate)."""
    deferrals: dict[str, int] = {}
    """Ships deferred or scuttled at each yard this game turn (27.7272C, E)."""
    cve_factors: dict[str, int] = {}
    """CVE factors laid down this game turn, by the power they are for (27.7223: within its naval air training
    rate, 27.61A)."""
    wa_transports_lost: dict[str, int] = {}
    """Western Allied transports lost in this game turn's Axis player turn, by unit, with their factors (27.7322A:
    cash and carry). By unit, so that a unit eliminated twice is lost once."""
    prewar: PrewarTransports = PrewarTransports()
    """Transports built this game turn in U.S. boxes before the U.S.-German war (27.7322)."""
    # running facts of the game
    war_outbreak_year: int | None = None
    """The year the first war was declared (27.7272B: Britain's acceleration in the year war breaks out)."""
    german_acceleration_year: int | None = None
    """The latest year Germany accelerated a ship (27.7272B: Britain may then accelerate in the outbreak year)."""
    fast_carriers: dict[str, int] = {}
    """Fast carriers (CV, CVB, CVL) laid down in this log (not printed at set-up), by power (27.7325C, 27.733)."""
    us_restricted_carriers: dict[str, int] = {}
    """American fast carriers laid down while 27.7325 restricts them, by the entitlement recorded (``""``: none)."""


ROW_ORDER: Final[dict[str, int]] = {r: i for i, r in enumerate(CHART_ROWS)}
"""Rows from 5 down to Launch (27.724C), for ordering cells."""


def cell_key(row: str, column: str) -> str:
    """The key of a chart cell: ``"3/spring"``, ``"launch/fall"``."""
    return f"{row}/{column}"


def implicit_chart(yard: str, owner: str | None) -> Chart:
    """The chart of a yard used before any ``shipyard_defined``: its starting values (27.731; ids match with ``-``
    or ``_``: ``us-atlantic`` is ``us_atlantic``), else an empty chart of ``owner`` (``defined=False``)."""
    start = starting_shipyard(yard)
    if start is not None:
        return Chart(
            yard=yard,
            owner=start.owner,
            controller=start.owner,
            rate=start.rate,
            capacity_rule=start.capacity_rule,
            defined=False,
        )
    who = owner or UNKNOWN_OWNER
    return Chart(yard=yard, owner=who, controller=who, defined=False)


def initial() -> State:
    return State()
