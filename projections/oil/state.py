"""The oil projection's records, state and queries (33; 31-34 extract 4.1): see :mod:`projections.oil`."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from projections.core import Clock, Handlers
from projections.rules.oil import construction_allowance_brps, partial_of

# ---------------------------------------------------------------------------------------------------------------------
# Local vocabulary
# ---------------------------------------------------------------------------------------------------------------------

TrackingStatus = Literal["untracked", "tracked", "stopped"]
"""Whether oil is counted for a reserve: ``untracked`` until ``oil_tracking_started`` (33.4424 EA, 33.4624 Russia,
33.48 WA; extract 1.7), ``tracked``, or ``stopped`` after ``oil_tracking_stopped`` (33.4624)."""

LineKind = Literal[
    "tracking_started",
    "tracking_stopped",
    "produced",
    "moved_out",
    "moved_in",
    "shipment_lost",
    "expended",
    "eliminated",
    "capped",
    "removed",
    "retained",
]
"""What a ledger line records: the log's events (``produced`` 33.41A, ``moved_out``/``moved_in`` 33.43,
``shipment_lost`` 33.43B, ``expended`` 33.5-33.8, ``eliminated`` 33.41D/33.422/33.424/33.425/33.431, tracking
33.4424/33.4624/33.48) and what the projection derives at the end of a player turn (``capped`` 33.422, ``removed``
33.41D/33.431, ``retained`` 33.83)."""

PeriodPart = Literal["game_start", "axis", "allied", "game_end"]
"""The parts of a game turn the ledger archives separately: the game-turn phases before the player turns (YSS BRP
growth oil, 33.61E), the two player turns, and the end of the game turn (Japanese resistance oil, 33.52D, 33.74)."""

RULE_CAP: Final = "33.422"
"""Reserve maxima apply at the end of each player turn; the excess is eliminated (33.422, check O-20)."""
RULE_REMOVED: Final = "33.41D, 33.431"
"""Oil not in a reserve (left at a source or in a supply zone) is removed at the end of each player turn (O-21)."""
RULE_RETAINED: Final = "33.83"
"""At most 80% of a counter (4 fifths) retained per alliance faction; more consolidates into a counter (O-81)."""
RULE_UNTRACKED: Final = "33.4424, 33.4624, 33.48"
"""Oil is not counted for a reserve before its tracking starts or after it stops (extract 1.7, O-23)."""


# ---------------------------------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------------------------------


class Reserve(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An oil reserve (33.42, 33.421): its faction, where its counters sit, its maximum in fifths (33.422; ``None``
    until an ``oil_reserve_defined`` gives it), whether oil is tracked, and what started tracking."""

    faction: str = ""
    location: str = ""
    maximum: int | None = None
    tracking: TrackingStatus = "untracked"
    trigger: str | None = None
    kind: str | None = None
    """Which reserve of 33.422 it is (``ea``, ``wa_sa`` ...; :func:`projections.rules.oil.reserve_kind`), or
    ``None`` when neither the id nor ``oil_reserve_defined.kind`` says."""
    started: int | None = None
    """The game turn (index) its tracking started."""


class Line(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One change to one holding (a reserve, or oil outside reserves), with the level before and after.

    ``seq`` is the event's sequence number (``ctx.now.seq``). ``holding`` is the reserve id or the place named by
    the event; ``reserve`` says which. ``before``/``after`` are ``None`` when nothing was counted (an untracked
    reserve, or oil taken from a place where none was recorded: an unlimited source such as a U.S. box). A
    decrease is written as a positive ``amount``; ``after`` may be negative (the audit's O-26)."""

    seq: int
    kind: LineKind
    faction: str
    holding: str
    amount: int
    reserve: bool = True
    before: int | None = None
    after: int | None = None
    counted: bool = True
    purpose: str | None = None
    domain: str | None = None
    nationality: str | None = None
    counterpart: str | None = None
    shipment: str | None = None
    mode: str | None = None
    sw_box: str | None = None
    rule: str | None = None
    note: str | None = None


class TurnSummary(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One archived period (a player turn, or the game-turn phases around them): its totals in fifths.

    Keys: ``produced``/``lost``/``eliminated``/``removed``/``construction``/``retained`` by faction; ``spent`` by
    ``"<faction>/<purpose>"``; ``shipped``/``transports`` by ``"<faction>/<sw_box>"``; ``capped``, ``opening`` and
    ``closing`` by reserve id. ``construction_brps`` is the normal-cost BRPs the construction oil covers (27.35A,
    33.82C)."""

    period: str
    year: int
    season: str
    part: str
    lines: int = 0
    produced: dict[str, int] = {}
    spent: dict[str, int] = {}
    shipped: dict[str, int] = {}
    transports: dict[str, int] = {}
    lost: dict[str, int] = {}
    eliminated: dict[str, int] = {}
    capped: dict[str, int] = {}
    removed: dict[str, int] = {}
    construction: dict[str, int] = {}
    construction_brps: dict[str, int] = {}
    retained: dict[str, int] = {}
    opening: dict[str, int] = {}
    closing: dict[str, int] = {}


class Facility(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An oil facility (33.3): an oil center, named by its source (``ploesti``), or a synthetic plant, named by
    ``oil_plant_built.facility``. ``markers`` are its damage markers as recorded (33.32, 33.33); ``hex`` the hex an
    oil event gave for it; a plant's builder, objective and game turn built (33.23); ``destroyed`` why a plant is
    gone (five markers or enemy control, 33.32B)."""

    kind: Literal["center", "plant"]
    source: str
    markers: int = 0
    hex: str | None = None
    power: str | None = None
    location: str | None = None
    built: int | None = None
    destroyed: str | None = None


class Capture(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The last change of a hex's control (29): when (game turn index, player turn), to whom, how, and the attack
    or attrition that did it (33.43 the turn of capture, 33.33B capture damage and partisans, 33.4624)."""

    turn: int
    side: str | None
    controller: str
    cause: str
    seq: int
    ref: str | None = None
    previous: str | None = None


class Payment(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An oil payment linked to what it pays for (``oil_expended.pays_for``): when, by whom, for what purpose
    (33.52, 33.541, 33.73A)."""

    seq: int
    turn: int
    side: str | None
    phase: str | None
    faction: str
    purpose: str
    reserve: str


_START: Final = Clock()


class Patrol(msgspec.Struct, frozen=True, kw_only=True):
    """A naval patrol flown (33.535): when (game turn index and side), where, and with which units."""

    turn: int
    side: str | None
    target: str
    units: tuple[str, ...]


class State(msgspec.Struct, kw_only=True):
    """The oil ledger at one point of the game. Treat it as a value: only the fold machinery mutates a fresh clone."""

    year: int = _START.year
    season: str = _START.season
    """The game turn of the current period (before the first event: the clock's starting turn)."""
    part: str = "game_start"
    reserves: dict[str, Reserve] = {}
    levels: dict[str, int] = {}
    pools: dict[str, int] = {}
    retained: dict[str, int] = {}
    # the current period
    lines: list[Line] = []
    produced: dict[str, int] = {}
    spent: dict[str, int] = {}
    by_domain: dict[str, int] = {}
    shipped: dict[str, int] = {}
    transports: dict[str, int] = {}
    lost: dict[str, int] = {}
    eliminated: dict[str, int] = {}
    capped: dict[str, int] = {}
    removed: dict[str, int] = {}
    construction: dict[str, int] = {}
    consolidated: dict[str, int] = {}
    retained_at_end: dict[str, int] = {}
    opening: dict[str, int] = {}
    history: list[TurnSummary] = []
    # running facts the oil rules read besides the ledger (folded by :mod:`projections.oil.facts`)
    facilities: dict[str, Facility] = {}
    """Oil centers and synthetic plants named by oil events, by name."""
    plant_hexes: dict[str, str] = {}
    """The hex of each synthetic plant in play whose hex is known, by plant (33.32B: destroyed on enemy control)."""
    captures: dict[str, Capture] = {}
    """The last control change of every hex whose control changed, by hex."""
    repairs: dict[str, int] = {}
    """Damage markers each power removed this period: at its discretion by power (33.331), a plant's own repair
    under ``"<power>/plant"`` (26.72B)."""
    embargo: int | None = None
    """The game turn (index) the U.S. imposed the oil embargo on Japan (33.45211); None before it."""
    routes: dict[str, int] = {}
    """Open routes (Murmansk, Persia, Turkey, Siberia, and the Persian BRP route) and the game turn each opened."""
    to_russia: dict[str, int] = {}
    """Western Allied oil sent to Russia this period by route, in fifths (33.4623)."""
    covered: dict[str, int] = {}
    """Normal-cost BRPs of builds this period that their ``unit_built.oil_covered_brps`` claims oil covers, by
    alliance faction (33.61D, 27.35A)."""
    growth: dict[str, int] = {}
    """BRP base growth recorded at the Year Start Sequence this period, by alliance faction (33.61E)."""
    payments: dict[str, Payment] = {}
    """The oil payments of the current and the previous game turn, by what each pays for (33.541)."""
    inverted: dict[str, int] = {}
    """Western Allied transports inverted this period, by SW box (33.4733B-C: 3 Indian Ocean transports before the
    Britain-Japan war)."""
    patrols: dict[str, Patrol] = {}
    """The naval patrols flown this player turn (``air_mission_flown`` with ``naval_patrol``), by event: those still
    in their patrol hex in the combat phase need the current turn's naval oil (33.535)."""
    uninversions: dict[str, int] = {}
    """Uninversions the log names (``unit_inversion_changed.ref``), by ref: the event (33.91: no oil is spent on
    uninversion, so no payment may name one)."""
    offsets: dict[str, Payment] = {}
    """The latest general offset (air, naval, army) of each ``"<faction>/<purpose>/<domain>/<nationality>"``, for
    the current and the previous game turn (33.52A, 33.541)."""


def initial() -> State:
    return State()


# ---------------------------------------------------------------------------------------------------------------------
# Queries (for the audit and the views)
# ---------------------------------------------------------------------------------------------------------------------


def level(state: State, reserve: str) -> int | None:
    """A reserve's level in fifths, or ``None`` if oil has never been tracked for it."""
    return state.levels.get(reserve)


def is_tracked(state: State, reserve: str) -> bool:
    """Whether oil is counted for the reserve now (33.4424, 33.4624, 33.48)."""
    found = state.reserves.get(reserve)
    return found is not None and found.tracking == "tracked"


def partial_fifths(state: State, faction: str) -> int:
    """The partial oil a faction holds, summed over its tracked reserves (33.83: at most 4 are retained)."""
    return sum(
        partial_of(state.levels.get(rid, 0))
        for rid, r in state.reserves.items()
        if r.faction == faction and r.tracking == "tracked"
    )


def construction_fifths(state: State, faction: str) -> int:
    """Oil a faction committed to construction in the current period, in fifths (33.61D, 27.35A)."""
    return state.construction.get(faction, 0)


def construction_covered_brps(state: State, faction: str) -> int:
    """Normal-cost BRPs of builds the faction's construction oil covers this period: 25 per counter, 5 per fifth
    (27.35A, 33.81C, 33.82C). Germany and Italy share the European Axis amount (27.35F)."""
    return construction_allowance_brps(state.construction.get(faction, 0))


def period_label(year: int, season: str, part: str) -> str:
    """A period as a game point (``1941-summer/axis``, ``1942-spring/game_start``)."""
    return f"{year}-{season}/{part}"


HANDLERS: Final = Handlers[State]()
"""The oil projection's handlers (the ledger's in :mod:`projections.oil.ledger`, the running facts' in
:mod:`projections.oil.facts`)."""
