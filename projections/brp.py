"""The BRP ledger: base, available BRPs, every addition, loss and expenditure, deficits, A3R 35.7 batches and the
construction limit of each major power, turn by turn.

Sources: 27-30 extract 1.1-1.5 (costs, limits, oil), 2.1-2.3 (checks C-01..C-06, L-01..L-12), 3.2 (economy
events), 4.2-4.3 (the ledger state) and 4.9 (how events change it); A3R extract 1.2 (options 3, 4, 4a, 4b, 14),
2.1 (App. B 35.7 prorating and timing), 3.3 (C-BRP-1..11), 4.2 and 5.3 (the per-turn ledger algorithm). Rule
arithmetic comes from :mod:`projections.rules.construction` (27.3 limit) and :mod:`projections.rules.economy`
(35.7 prorating, Option 2 settlement).

**What the ledger trusts.** It shows the economy *as recorded*: every cost is the one its event claims, and each
cost lives on exactly one event (``awaw_events.events.economy``):

===============================================  ===========================================  =====================
event                                            who pays / gains                             category
===============================================  ===========================================  =====================
``unit_built.cost``                              ``payer``, else ``owner`` (payer's limit)    construction
``partisans_placed.cost``                        ``owner`` (27.11B, 27.31 partisans)          construction
``ship_laid_down/advanced/launched.brps``        the ship's owner                             construction
``ship_repair_started.brps``                     the yard's owner; the ship's owner in a      repair
                                                 captured yard (27.7264)
``ship_raised.brps``                             the ship's owner (27.7263)                   raise
``war_declared.brp_cost``                        the aggressor (27.12)                        declaration_of_war
``offensive_declared.brp_cost``                  ``power`` (27.12; A3R 9.6)                   offensive
``fortification_built.brp_cost``                 ``power`` (27.11D-F)                         fortification
``railhead_built.brp_cost``                      ``power`` (27.11D, 28.652)                   railhead
``brp_grant_made``                               donor minus, recipient plus if a major       grant_given /
                                                 power (27.334, 27.34A)                       grant_received
``brp_spent``                                    ``power``; its category mapped by            repair, raise,
                                                 :data:`SPEND_CATEGORY`                       offensive, other
``oil_facility_repaired.brp_cost``               ``power`` (33.331)                           oil_repair
``brp_gained`` / ``brp_lost``                    ``power``: added / lost at once              gained / lost
``brp_batch_applied.applied``                    ``power``: the claimed 35.7 batch            batch
``brps_set``                                     sets base and available (set-up, YSS)        set
``brp_base_changed``, ``mobilization_applied``   the BRP base (27.32A, 27.335)                base
===============================================  ===========================================  =====================

Ship owners come from ``ship_laid_down``, ``unit_placed`` and ``unit_built`` of chart ships (and
``unit_transferred``); a ship never seen is charged to its yard's owner (``shipyard_defined``); a cost whose payer is
still unknown is kept as a line with ``power=""`` (``unattributed``).

**What the ledger derives** (27-30 extract 4.2; A3R extract 5.2-5.3):

* ``available`` changes only once a power's BRPs are known (its first ``brps_set``); lines before that carry no
  balance. Available BRPs may go below zero: the deficit is ``-available`` (A3R intro, option 4); whether it was
  allowed is the audit's question (C-04, C-BRP-7..11).
* Option 2 (``econ.deficit_spending = option2_base_reduction``): at ``player_turn_ended`` each power of that side
  still in deficit is settled by :func:`projections.rules.economy.settle_deficit`: available is reset to 0 (a
  ``settlement`` line). The base cut itself is a *recorded* fact (``brp_base_changed``), as the economy audit
  expects; the line carries the rules' ``base_after`` in ``rules`` so a checker can compare. Under
  ``econ.deficit_base_reduction = growth_rate_at_yss`` the uncovered amount waits in ``yss_deficit`` until the next
  YSS ``brps_set``.
* A3R 35.7 (``econ.brp_prorating = awaw_35_7``, A3R games): ``brp_change_accrued`` items wait in ``accrued``; a
  ``brp_batch_applied`` applies its **claimed** amount and nets and prorates the power's accrued items with
  :func:`projections.rules.economy.prorate_batch` (``rules`` on the line), then clears them (as the economy audit
  does: one batch takes every item accrued for the power). Without prorating the rules' amount is the plain sum.
* The construction limit (27.3) of every power with a base, recomputed whenever an input changes, with
  :func:`projections.rules.construction.construction_limit`: base (+ Russian IC values, - enemy-held original
  KEAs, 27.32A/27.335), this turn's pooled losses (transport shortage, bombing incl. flying bombs, partisans,
  adjacency to boxes; 27.331), rockets (27.333), box caps (27.331B/D, 27.333), Swedish iron ore (27.332), grants
  given and received (27.334, 27.34A) and German V-weapon damage (27.34B). The claimed
  ``construction_limit_declared`` value is kept beside it. Construction spending counted against the limit
  (:data:`LIMIT_CATEGORIES`) and what remains are kept per power and turn.

**Turns.** The current game turn's lines and totals live in the state; at the first event of a new game turn each
power's turn is archived as one :class:`TurnSummary` in ``history`` and the lines are dropped, so the state does not
grow with every event of a long game. ``opening`` is the BRPs available at the start of the turn: a ``brps_set`` in
the set-up or Year Start Sequence phase opens the turn at the value it sets (the YSS comes before any player turn).
For every power with known BRPs: ``closing == opening + additions - losses - spent + adjustments``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal, cast

import msgspec

from awaw_events.events import (
    AnyEvent,
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpLost,
    BrpSpent,
    BrpsSet,
    ConstructionLimitDeclared,
    FortificationBuilt,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
    MobilizationApplied,
    OffensiveDeclared,
    OilFacilityRepaired,
    PartisansPlaced,
    PlayerTurnEnded,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    ShipyardControlChanged,
    ShipyardDefined,
    StatusChanged,
    UnitBuilt,
    UnitPlaced,
    UnitTransferred,
    WarDeclared,
)
from awaw_events.vocab import CHART_TYPES, FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, Power
from projections.core import Context, Meta
from projections.rules.construction import (
    BOX_LIMIT_OWNER,
    COMMONWEALTH_PORTION,
    BoxLosses,
    EnemyHeldKea,
    LimitInput,
    construction_limit,
    grant_raises_limit_of,
)
from projections.rules.economy import (
    PRORATE_PERCENT,
    DeficitBaseReduction,
    DeficitOption,
    NegativeRounding,
    ProratingOption,
    deficit_cap,
    prorate_batch,
    settle_deficit,
)

# ---------------------------------------------------------------------------------------------------------------------
# Local vocabulary and options
# ---------------------------------------------------------------------------------------------------------------------

LineKind = Literal["set", "base", "addition", "loss", "expenditure", "batch", "accrued", "settlement"]
"""What a ledger line records: ``set`` (``brps_set``: set-up and YSS values), ``base`` (a BRP base change, 27.32A;
``before``/``after`` are the base), ``addition``/``loss`` (gains, received grants, losses), ``expenditure`` (a cost
by :data:`Category`), ``batch`` (a 35.7 batch applied), ``accrued`` (a 35.7 item waiting for its batch; changes
nothing yet) and ``settlement`` (the Option 2 end-of-player-turn reset of a deficit, derived)."""

Category = Literal[
    "construction",
    "declaration_of_war",
    "offensive",
    "grant_given",
    "grant_received",
    "fortification",
    "railhead",
    "repair",
    "raise",
    "oil_repair",
    "other",
    "gained",
    "lost",
    "batch",
    "set",
    "deficit_settled",
    "mobilization",
    "base_change",
    "accrued",
]
"""Ledger categories: the expenditures of 27-30 extract 3.2 / 4.2 (construction ... other), additions and losses
(``grant_received``, ``gained``, ``lost``, ``batch``), and the rest (``set``, ``deficit_settled``, base changes,
``accrued``)."""

EXPENDITURE_CATEGORIES: Final[tuple[Category, ...]] = (
    "construction",
    "declaration_of_war",
    "offensive",
    "grant_given",
    "fortification",
    "railhead",
    "repair",
    "raise",
    "oil_repair",
    "other",
)
"""Expenditure categories, in display order (27-30 extract 3.2 ``BrpSpent`` categories; A3R extract 4.2)."""

SPEND_CATEGORY: Final[dict[str, Category]] = {
    "repair": "repair",
    "raise": "raise",
    "raiding": "offensive",
    "research": "other",
    "diplomacy": "other",
    "other": "other",
}
"""``brp_spent.category`` -> ledger category. Raiding with ships is a naval offensive operation (A3R extract 2.5,
option 28); research and diplomacy have no category of their own in the ledger (the line keeps the original in
``detail``)."""

LIMIT_CATEGORIES: Final[frozenset[Category]] = frozenset(
    {"construction", "fortification", "railhead", "repair", "raise"}
)
"""Spending counted against the payer's construction limit (27.31: air, ground, naval and SW units, fortifications,
railheads, ports, partisans). Naval repair starts and raising sunk ships are not named by 27.31; the 27-30 extract
(open question 4, L-01) reads "all BRPs spent on building or repairing units count", and so does the construction
audit: default ``counted`` (option :data:`REPAIRS_OPTION`)."""

RepairsInLimit = Literal["counted", "excluded"]
"""Option ``econ.limit_counts_repairs`` (local to this projection; 27-30 extract open question 4): do naval repair
starts and raisings count against the construction limit? ``counted`` (default) or ``excluded``."""

REPAIRS_OPTION: Final = "econ.limit_counts_repairs"
DEFICIT_OPTION: Final = "econ.deficit_spending"
REDUCTION_OPTION: Final = "econ.deficit_base_reduction"
PRORATING_OPTION: Final = "econ.brp_prorating"
ROUNDING_OPTION: Final = "econ.prorate_negative_rounding"

POOLED_LOSS_FIELD: Final[dict[str, str]] = {
    "transport_shortage": "transport_shortage",
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "partisans": "partisans",
    "adjacent_to_box": "adjacency",
}
"""BRP losses pooled for the limit, -1 per 3 (27.331); flying bombs count as bombing (27.331B)."""

ROCKET_CAUSES: Final[frozenset[str]] = frozenset({"rocket"})
"""Rocket losses reduce the limit 1:1 (27.333)."""

VWEAPON_CAUSES: Final[frozenset[str]] = frozenset({"flying_bomb", "rocket"})
VWEAPON_VICTIMS: Final[frozenset[str]] = frozenset({"britain", "russia"})
"""BRPs Britain or Russia lose to German flying bombs and rockets raise the German limit this turn (27.34B)."""

KEA_BOMBING_CAUSES: Final[frozenset[str]] = frozenset({"bombing", "flying_bomb"})
"""Bombing of a KEA in the turn it is captured is deducted from its value first (27.335)."""

COMMONWEALTH_COUNTRIES: Final[frozenset[str]] = frozenset({"australia", "india"})
"""The British Commonwealth portion (40) is kept for the British limit unless Australia or India has surrendered
(27.335). [Interpretation] once one has, the text gives no other figure: no portion is protected (0)."""

SETUP_PHASES: Final[frozenset[str]] = frozenset({"setup", "year_start"})
"""A ``brps_set`` in these phases opens the turn at the value it sets (set-up; the YSS precedes the player turns)."""

OPTION2: Final = "option2_base_reduction"


def deficit_option(meta: Meta) -> DeficitOption:
    """The game's ``econ.deficit_spending`` option (A3R extract 1.2 #4; default ``none``)."""
    value = meta.option(DEFICIT_OPTION, "none")
    return cast(DeficitOption, value if value in ("option1_grant_matched", OPTION2) else "none")


def deficit_reduction(meta: Meta) -> DeficitBaseReduction:
    """``econ.deficit_base_reduction`` (A3R extract 1.2 #4b; default ``one_for_one``)."""
    value = meta.option(REDUCTION_OPTION, "one_for_one")
    return "growth_rate_at_yss" if value == "growth_rate_at_yss" else "one_for_one"


def prorating_option(meta: Meta) -> ProratingOption:
    """35.7 prorating applies to A3R games that record ``econ.brp_prorating = awaw_35_7`` (A3R extract 1.2 #3)."""
    return "awaw_35_7" if meta.rules == "a3r" and meta.option(PRORATING_OPTION, "a3r") == "awaw_35_7" else "a3r"


def negative_rounding(meta: Meta) -> NegativeRounding:
    """``econ.prorate_negative_rounding`` (A3R extract 2.1 [UNSURE], Q4; default ``toward_zero``)."""
    return "floor" if meta.option(ROUNDING_OPTION, "toward_zero") == "floor" else "toward_zero"


def repairs_in_limit(meta: Meta) -> RepairsInLimit:
    """``econ.limit_counts_repairs`` (see :data:`RepairsInLimit`; default ``counted``)."""
    return "excluded" if meta.option(REPAIRS_OPTION, "counted") == "excluded" else "counted"


def counts_against_limit(category: Category, *, repairs: RepairsInLimit = "counted") -> bool:
    """Whether spending of ``category`` counts against the construction limit (27.31; 27-30 extract Q4)."""
    if category in ("repair", "raise") and repairs == "excluded":
        return False
    return category in LIMIT_CATEGORIES


# ---------------------------------------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------------------------------------


class Line(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One ledger line (27-30 extract 4.2: ``{turn, side, phase, category, amount, ref_event_id}``).

    ``seq`` is the event's sequence number. ``amount`` is the signed change to available BRPs (to the base for
    ``kind="base"``; the raw item for ``accrued``); ``before``/``after`` the balance around it (``None`` while the
    power's BRPs are unknown, and for ``accrued``). ``limit``: counted against the construction limit. ``rules``:
    what the rules give where the ledger computes it (35.7 batch amount; the Option 2 base after settlement).
    """

    seq: int
    power: str
    kind: LineKind
    category: Category
    amount: int
    before: int | None = None
    after: int | None = None
    limit: bool = False
    side: str | None = None
    phase: str | None = None
    ref: str | None = None
    rules: int | None = None
    detail: str | None = None


class Accrual(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A 35.7 gain or loss waiting for its batch (A3R extract 4.2 ``BrpChangeAccrued``)."""

    seq: int
    amount: int
    cause: str
    turn: int
    area: str | None = None


class BoxFacts(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """BRPs lost this turn at a mapboard box (27.331B, 27.331D, 27.333), for the box owner's limit."""

    bombing: int = 0
    rockets: int = 0
    adjacency: int = 0


class LimitFacts(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """This turn's inputs of one power's construction limit besides its base (27.331-27.334, 27.34A-B)."""

    transport_shortage: int = 0
    bombing: int = 0
    partisans: int = 0
    adjacency: int = 0
    rockets: int = 0
    boxes: dict[str, BoxFacts] = {}
    kea_bombing: dict[str, int] = {}
    grants_given: int = 0
    grants_received: int = 0
    vweapon: int = 0


class Limit(msgspec.Struct, frozen=True, kw_only=True):
    """The construction limit computed for the turn, with its parts (27-30 extract 1.4 formula; 27.32-27.34)."""

    adj_base: int
    basic: int
    pooled_losses: int
    pooled_reduction: int
    rocket_reduction: int
    box_reduction: int
    iron_ore_reduction: int
    grant_reduction: int
    econ_prep_reduction: int
    reductions: int
    grant_increase: int
    vweapon_increase: int
    econ_prep_increase: int
    increases: int
    limit: int


class Declared(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """The limit a power claims for the turn (``construction_limit_declared``) and its claimed breakdown."""

    seq: int
    limit: int
    components: dict[str, int] = {}


class Kea(msgspec.Struct, frozen=True, kw_only=True):
    """A key economic area: its original owner, controller, value and the game turn it last changed hands (27.335)."""

    original_owner: str
    controller: str
    value: int
    turn: int


class Yard(msgspec.Struct, frozen=True, kw_only=True):
    """A shipyard's owner and control mode: who pays for repairs there (27.7264)."""

    owner: str
    mode: str = "owned"


class TurnSummary(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One power's finished game turn, archived at the turn boundary (27-30 extract 4.2; A3R extract 5.1 history).

    ``by_category`` holds magnitudes (expenditures, gains, losses) and the signed batch total.
    """

    turn: int
    year: int
    season: str
    power: str
    base_opening: int | None = None
    base: int | None = None
    opening: int | None = None
    closing: int | None = None
    additions: int = 0
    losses: int = 0
    spent: int = 0
    adjustments: int = 0
    by_category: dict[str, int] = {}
    construction_spent: int = 0
    limit: int | None = None
    limit_declared: int | None = None
    deficit_peak: int = 0
    batch_rules: int | None = None
    lines: int = 0


class State(msgspec.Struct, kw_only=True):
    """Every power's BRP ledger. Treat it as a value: only the fold machinery mutates a fresh clone.

    Per-turn containers (reset at each game turn): ``opening``, ``base_opening``, ``totals`` (``"<power>/<key>"``:
    categories, ``additions``, ``losses``, ``spent``, ``adjustments``, ``net``, ``limit_spent``, ``batch_rules``,
    mobilization bookkeeping), ``deficit_peak``, ``facts``, ``declared`` and ``lines``.
    """

    turn: int = 0
    year: int = 0
    season: str = ""
    base: dict[str, int] = {}
    available: dict[str, int] = {}
    opening: dict[str, int] = {}
    base_opening: dict[str, int] = {}
    totals: dict[str, int] = {}
    deficit_peak: dict[str, int] = {}
    facts: dict[str, LimitFacts] = {}
    limits: dict[str, Limit] = {}
    declared: dict[str, Declared] = {}
    lines: list[Line] = []
    accrued: dict[str, tuple[Accrual, ...]] = {}
    yss_deficit: dict[str, int] = {}
    iron_ore_cut: bool = False
    keas: dict[str, Kea] = {}
    ics: dict[str, int] = {}
    commonwealth: dict[str, str] = {}
    ship_owners: dict[str, str] = {}
    yards: dict[str, Yard] = {}
    history: list[TurnSummary] = []


def initial() -> State:
    return State()


def clone(state: State) -> State:
    """A state with fresh containers (records are frozen and shared)."""
    return State(
        turn=state.turn,
        year=state.year,
        season=state.season,
        base=dict(state.base),
        available=dict(state.available),
        opening=dict(state.opening),
        base_opening=dict(state.base_opening),
        totals=dict(state.totals),
        deficit_peak=dict(state.deficit_peak),
        facts=dict(state.facts),
        limits=dict(state.limits),
        declared=dict(state.declared),
        lines=list(state.lines),
        accrued=dict(state.accrued),
        yss_deficit=dict(state.yss_deficit),
        iron_ore_cut=state.iron_ore_cut,
        keas=dict(state.keas),
        ics=dict(state.ics),
        commonwealth=dict(state.commonwealth),
        ship_owners=dict(state.ship_owners),
        yards=dict(state.yards),
        history=list(state.history),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Queries (for the audit and the views)
# ---------------------------------------------------------------------------------------------------------------------


def total(state: State, power: str, key: str) -> int:
    """This turn's total of ``key`` for ``power`` (a :data:`Category`, or ``additions``, ``losses``, ``spent``,
    ``adjustments``, ``limit_spent``)."""
    return state.totals.get(f"{power}/{key}", 0)


def available_of(state: State, power: str) -> int | None:
    """BRPs the power has available now (negative in deficit), or ``None`` before its first ``brps_set``."""
    return state.available.get(power)


def deficit_of(state: State, power: str) -> int:
    """The power's outstanding deficit: BRPs spent beyond those available (A3R intro, option 4)."""
    return max(0, -state.available.get(power, 0))


def construction_spent(state: State, power: str) -> int:
    """BRPs the power spent this turn against its construction limit (27.31, :data:`LIMIT_CATEGORIES`)."""
    return total(state, power, "limit_spent")


def construction_remaining(state: State, power: str) -> int | None:
    """Computed limit minus construction spent this turn, or ``None`` without a base (27.31)."""
    limit = state.limits.get(power)
    return None if limit is None else limit.limit - construction_spent(state, power)


def uncontrolled_kea_values(state: State, power: str) -> list[int]:
    """BRP values of the power's own KEAs it does not control (A3R intro deficit cap; C-BRP-9)."""
    return [k.value for k in state.keas.values() if k.original_owner == power and k.controller != power]


def deficit_cap_of(state: State, power: str) -> int | None:
    """The most the power may be in deficit: base minus uncontrolled KEAs (A3R intro), or ``None`` without a base."""
    base = state.base.get(power)
    return None if base is None else deficit_cap(base, uncontrolled_kea_values(state, power))


def enemy_controlled(controller: str, owner: str) -> bool:
    """Whether ``controller`` is an enemy of ``owner`` for 27.335: not the owner, and not a major power of the same
    side. [Interpretation] a controller that is not a major power (partisans, a minor) counts as enemy."""
    if controller == owner:
        return False
    faction = FACTION_OF_POWER.get(cast(Power, controller))
    own = FACTION_OF_POWER.get(cast(Power, owner))
    if faction is None or own is None:
        return True
    return SIDE_OF_FACTION[faction] != SIDE_OF_FACTION[own]


def side_of(power: str) -> str | None:
    faction = FACTION_OF_POWER.get(cast(Power, power))
    return None if faction is None else SIDE_OF_FACTION[faction]


def turn_label(year: int, season: str) -> str:
    return f"{season.capitalize()} {year}" if season else "before the game"


def power_name(power: str) -> str:
    if power == "usa":
        return "U.S."
    return power.replace("_", " ").title() if power else "Unattributed"


# ---------------------------------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------------------------------


def _add(totals: dict[str, int], key: str, amount: int) -> None:
    totals[key] = totals.get(key, 0) + amount


def _archive(state: State) -> None:
    """Close the current game turn: one :class:`TurnSummary` per power with a ledger or lines; reset the turn."""
    if state.turn:
        touched = {line.power for line in state.lines}
        totals = state.totals
        for power in sorted(state.available.keys() | touched | state.base.keys()):
            by_category = {c: totals[f"{power}/{c}"] for c in _SUMMARY_CATEGORIES if totals.get(f"{power}/{c}", 0) != 0}
            limit = state.limits.get(power)
            declared = state.declared.get(power)
            state.history.append(
                TurnSummary(
                    turn=state.turn,
                    year=state.year,
                    season=state.season,
                    power=power,
                    base_opening=state.base_opening.get(power),
                    base=state.base.get(power),
                    opening=state.opening.get(power),
                    closing=state.available.get(power),
                    additions=totals.get(f"{power}/additions", 0),
                    losses=totals.get(f"{power}/losses", 0),
                    spent=totals.get(f"{power}/spent", 0),
                    adjustments=totals.get(f"{power}/adjustments", 0),
                    by_category=by_category,
                    construction_spent=totals.get(f"{power}/limit_spent", 0),
                    limit=limit.limit if limit is not None else None,
                    limit_declared=declared.limit if declared is not None else None,
                    deficit_peak=state.deficit_peak.get(power, 0),
                    batch_rules=totals.get(f"{power}/batch_rules"),
                    lines=sum(1 for line in state.lines if line.power == power),
                )
            )
    state.lines = []
    state.totals = {}
    state.deficit_peak = {}
    state.facts = {}
    state.declared = {}
    state.opening = dict(state.available)
    state.base_opening = dict(state.base)


def _open_turn(state: State, ctx: Context) -> None:
    _archive(state)
    now = ctx.now
    state.turn = now.turn
    state.year = now.year
    state.season = now.season
    for power in state.base:
        _recompute_limit(state, power, ctx.meta)


def _recompute_limit(state: State, power: str, meta: Meta) -> None:
    """The power's construction limit for this turn from its base and this turn's facts (27.32-27.34)."""
    base = state.base.get(power)
    if base is None or power not in _POWER_SET:
        return
    facts = state.facts.get(power) or _NO_FACTS
    keas = tuple(
        EnemyHeldKea(
            value=k.value,
            bombing_loss_when_captured=facts.kea_bombing.get(name, 0) if k.turn == state.turn else 0,
        )
        for name, k in state.keas.items()
        if k.original_owner == power and enemy_controlled(k.controller, power)
    )
    surrendered = any(state.commonwealth.get(c) == "surrendered" for c in COMMONWEALTH_COUNTRIES)
    found = construction_limit(
        LimitInput(
            power=cast(Power, power),
            brp_base=max(0, base),
            russian_ic_value=sum(state.ics.values()) if power == "russia" else 0,
            enemy_held_keas=keas,
            commonwealth_portion=0 if surrendered else COMMONWEALTH_PORTION,
            transport_shortage_losses=facts.transport_shortage,
            bombing_losses=facts.bombing,
            partisan_losses=facts.partisans,
            box_adjacency_losses=facts.adjacency,
            rocket_losses=facts.rockets,
            box_losses=tuple(
                BoxLosses(box=cast(Any, box), bombing=b.bombing, rockets=b.rockets, adjacency=b.adjacency)
                for box, b in sorted(facts.boxes.items())
            ),
            iron_ore_cut=power == "germany" and state.iron_ore_cut,
            grants_given=facts.grants_given,
            grants_received=facts.grants_received,
            vweapon_bonus=facts.vweapon if power == "germany" else 0,
            variant="full" if meta.variant == "full" else "classic",
        )
    )
    state.limits[power] = Limit(
        adj_base=found.adj_base,
        basic=found.basic,
        pooled_losses=found.pooled_losses,
        pooled_reduction=found.pooled_reduction,
        rocket_reduction=found.rocket_reduction,
        box_reduction=found.box_reduction,
        iron_ore_reduction=found.iron_ore_reduction,
        grant_reduction=found.grant_reduction,
        econ_prep_reduction=found.econ_prep_reduction,
        reductions=found.reductions,
        grant_increase=found.grant_increase,
        vweapon_increase=found.vweapon_increase,
        econ_prep_increase=found.econ_prep_increase,
        increases=found.increases,
        limit=found.limit,
    )


def _change(
    state: State,
    ctx: Context,
    power: str,
    kind: LineKind,
    category: Category,
    amount: int,
    *,
    ref: str | None = None,
    limit: bool = False,
    rules: int | None = None,
    detail: str | None = None,
) -> None:
    """Apply a signed change to available BRPs and record it (totals by category and direction, the line)."""
    totals = state.totals
    before = state.available.get(power)
    after = None
    if before is not None:
        after = before + amount
        state.available[power] = after
        _add(totals, f"{power}/net", amount)
        if after < 0 and -after > state.deficit_peak.get(power, 0):
            state.deficit_peak[power] = -after
    if kind == "expenditure":
        _add(totals, f"{power}/spent", -amount)
        _add(totals, f"{power}/{category}", -amount)
        if limit:
            _add(totals, f"{power}/limit_spent", -amount)
    elif kind == "batch":
        _add(totals, f"{power}/batch", amount)
        _add(totals, f"{power}/additions" if amount >= 0 else f"{power}/losses", abs(amount))
    elif kind == "addition":
        _add(totals, f"{power}/additions", amount)
        _add(totals, f"{power}/{category}", amount)
    elif kind == "loss":
        _add(totals, f"{power}/losses", -amount)
        _add(totals, f"{power}/{category}", -amount)
    else:  # set (outside set-up/YSS), settlement
        _add(totals, f"{power}/adjustments", amount)
        _add(totals, f"{power}/{category}", amount)
    now = ctx.now
    state.lines.append(
        Line(
            seq=now.seq,
            power=power,
            kind=kind,
            category=category,
            amount=amount,
            before=before,
            after=after,
            limit=limit,
            side=now.side,
            phase=now.phase,
            ref=ref,
            rules=rules,
            detail=detail,
        )
    )


def _spend(
    state: State,
    ctx: Context,
    power: str | None,
    category: Category,
    amount: int,
    *,
    ref: str | None = None,
    detail: str | None = None,
) -> None:
    """An expenditure of ``amount`` BRPs by ``power`` (``None``: payer unknown, kept unattributed)."""
    if amount == 0:
        return
    limit = counts_against_limit(category, repairs=repairs_in_limit(ctx.meta)) and bool(power)
    _change(state, ctx, power or "", "expenditure", category, -amount, ref=ref, limit=limit, detail=detail)


def _facts(state: State, power: str) -> LimitFacts:
    return state.facts.get(power) or _NO_FACTS


def _set_base(state: State, ctx: Context, power: str, delta: int, category: Category, detail: str | None) -> None:
    """A change to the BRP base (27.32A): a ``base`` line; the limit is recomputed (increases count this turn)."""
    before = state.base.get(power)
    after = None if before is None else before + delta
    if after is not None:
        state.base[power] = after
        _recompute_limit(state, power, ctx.meta)
    _add(state.totals, f"{power}/base_change", delta)
    now = ctx.now
    state.lines.append(
        Line(
            seq=now.seq,
            power=power,
            kind="base",
            category=category,
            amount=delta,
            before=before,
            after=after,
            side=now.side,
            phase=now.phase,
            detail=detail,
        )
    )


def _mobilization(state: State, ctx: Context, power: str, key: str, amount: int) -> None:
    """A mobilization base increase recorded by ``mobilization_applied`` or by ``brp_base_changed`` (cause
    ``mobilization``), or by both: the two are one change recorded twice, so the base rises by the larger total of
    either kind this turn (27.32A; the construction audit counts ``mobilization_applied`` only)."""
    totals = state.totals
    applied_before = max(totals.get(f"{power}/mob_applied", 0), totals.get(f"{power}/mob_changed", 0))
    _add(totals, f"{power}/{key}", amount)
    applied_after = max(totals.get(f"{power}/mob_applied", 0), totals.get(f"{power}/mob_changed", 0))
    delta = applied_after - applied_before
    detail = None if delta == amount else f"{amount:+d} recorded; {delta:+d} beyond the mobilization already applied"
    _set_base(state, ctx, power, delta, "mobilization", detail)


BOX_CAUSE_FIELD: Final[dict[str, str]] = {
    "bombing": "bombing",
    "flying_bomb": "bombing",
    "rocket": "rockets",
    "adjacent_to_box": "adjacency",
}
"""Losses at the Australia, India and Urals boxes that reduce the box owner's limit, capped per turn (27.331B,
27.331D, 27.333): bombing (flying bombs included), rockets and Axis units adjacent to the box."""


def _loss_facts(state: State, event: BrpLost, meta: Meta) -> None:
    """Feed a BRP loss into the construction-limit inputs of this turn (27.331-27.333, 27.335, 27.34B).

    A loss whose ``target`` is a mapboard box goes to the box owner's capped box losses (Britain for Australia and
    India, Russia for the Urals); other pooled causes are pooled for the losing power; rockets count 1:1.
    """
    cause = event.cause
    power = event.power
    amount = event.amount
    changed: list[str] = []
    box_field = BOX_CAUSE_FIELD.get(cause)
    target = event.target
    if box_field is not None and target in BOX_LIMIT_OWNER:
        owner = BOX_LIMIT_OWNER[cast(Any, target)]
        facts = _facts(state, owner)
        old = facts.boxes.get(cast(str, target)) or BoxFacts()
        new = msgspec.structs.replace(old, **{box_field: getattr(old, box_field) + amount})
        state.facts[owner] = msgspec.structs.replace(facts, boxes={**facts.boxes, cast(str, target): new})
        changed.append(owner)
    elif cause in POOLED_LOSS_FIELD:
        field = POOLED_LOSS_FIELD[cause]
        facts = _facts(state, power)
        updates: dict[str, Any] = {field: getattr(facts, field) + amount}
        if cause in KEA_BOMBING_CAUSES and target is not None:
            updates["kea_bombing"] = {**facts.kea_bombing, target: facts.kea_bombing.get(target, 0) + amount}
        state.facts[power] = msgspec.structs.replace(facts, **updates)
        changed.append(power)
    elif cause in ROCKET_CAUSES:
        facts = _facts(state, power)
        state.facts[power] = msgspec.structs.replace(facts, rockets=facts.rockets + amount)
        changed.append(power)
    if cause in VWEAPON_CAUSES and power in VWEAPON_VICTIMS and event.attacker == "germany":
        facts = _facts(state, "germany")
        state.facts["germany"] = msgspec.structs.replace(facts, vweapon=facts.vweapon + amount)
        changed.append("germany")
    for p in changed:
        _recompute_limit(state, p, meta)


def _settle(state: State, ctx: Context, side: str | None) -> None:
    """Option 2 end-of-player-turn settlement of the side's deficits (A3R intro; extract 5.3 step I)."""
    if side is None or deficit_option(ctx.meta) != OPTION2:
        return
    reduction = deficit_reduction(ctx.meta)
    for power, left in sorted(state.available.items()):
        if left >= 0 or side_of(power) != side:
            continue
        base = state.base.get(power, 0)
        settled = settle_deficit(base, left, reduction=reduction)
        if reduction == "growth_rate_at_yss":
            _add(state.yss_deficit, power, settled.uncovered)
            detail = f"{settled.uncovered} uncovered: settled at the next YSS (growth rate)"
            rules = None
        else:
            detail = f"{settled.uncovered} uncovered: the base falls by as much (record it with brp_base_changed)"
            rules = settled.base_after
        _change(
            state,
            ctx,
            power,
            "settlement",
            "deficit_settled",
            settled.available_after - left,
            rules=rules,
            detail=detail,
        )


def _ship_payer(state: State, ship: str, yard: str | None) -> str | None:
    owner = state.ship_owners.get(ship)
    if owner is not None:
        return owner
    known = state.yards.get(yard) if yard is not None else None
    return known.owner if known is not None else None


def _repair_payer(state: State, ship: str, yard: str) -> str | None:
    """Repairs are paid by the shipyard's owner, or in a captured shipyard by the ship's owner (27.7264). A yard
    recaptured by an ally of its owner counts as captured [interpretation, as the construction audit]."""
    known = state.yards.get(yard)
    if known is not None and known.mode not in ("captured", "recaptured_by_ally"):
        return known.owner
    return _ship_payer(state, ship, yard)


def step(state: State, event: AnyEvent, ctx: Context) -> None:
    """Apply one event to a private working state (see :mod:`projections.core`)."""
    now = ctx.now
    if now.season != state.season or now.year != state.year:
        _open_turn(state, ctx)
    if type(event) not in HANDLED:
        return
    meta = ctx.meta
    match event:
        # --- base and available -------------------------------------------------------------------------------
        case BrpsSet():
            power = event.power
            before = state.available.get(power)
            state.base[power] = event.base
            state.available[power] = event.available
            net = state.totals.get(f"{power}/net", 0)
            if before is None or ctx.now.phase in SETUP_PHASES:
                state.opening[power] = event.available - net
                state.base_opening[power] = event.base
                if ctx.now.phase == "year_start":
                    state.yss_deficit.pop(power, None)
            else:
                adjustment = event.available - before
                _add(state.totals, f"{power}/net", adjustment)
                _add(state.totals, f"{power}/adjustments", adjustment)
                _add(state.totals, f"{power}/set", adjustment)
            if event.available < 0 and -event.available > state.deficit_peak.get(power, 0):
                state.deficit_peak[power] = -event.available

            state.lines.append(
                Line(
                    seq=now.seq,
                    power=power,
                    kind="set",
                    category="set",
                    amount=event.available - (before or 0),
                    before=before,
                    after=event.available,
                    side=now.side,
                    phase=now.phase,
                    detail=f"base {event.base}" + (f", growth {event.growth}" if event.growth is not None else ""),
                )
            )
            _recompute_limit(state, power, meta)
        case BrpBaseChanged():
            if event.cause == "mobilization":
                _mobilization(state, ctx, event.power, "mob_changed", event.delta)
            else:
                _set_base(state, ctx, event.power, event.delta, "base_change", event.cause)
        case MobilizationApplied():
            if event.brp_base_increase:
                _mobilization(state, ctx, event.power, "mob_applied", event.brp_base_increase)
        case BrpGained():
            _change(state, ctx, event.power, "addition", "gained", event.amount, ref=event.area, detail=event.cause)
        case BrpLost():
            _change(state, ctx, event.power, "loss", "lost", -event.amount, ref=event.target, detail=event.cause)
            _loss_facts(state, event, meta)
        # --- A3R 35.7 -----------------------------------------------------------------------------------------
        case BrpChangeAccrued():
            item = Accrual(seq=ctx.now.seq, amount=event.amount, cause=event.cause, turn=ctx.now.turn, area=event.area)
            state.accrued[event.power] = (*state.accrued.get(event.power, ()), item)

            state.lines.append(
                Line(
                    seq=now.seq,
                    power=event.power,
                    kind="accrued",
                    category="accrued",
                    amount=event.amount,
                    side=now.side,
                    phase=now.phase,
                    ref=event.area,
                    detail=event.cause,
                )
            )
        case BrpBatchApplied():
            items = [a.amount for a in state.accrued.pop(event.power, ())]
            season = ctx.now.season
            if prorating_option(meta) == "awaw_35_7":
                rules = prorate_batch(items, season, negative_rounding=negative_rounding(meta))
                pct = PRORATE_PERCENT[season]
            else:
                rules, pct = sum(items), 100
            _add(state.totals, f"{event.power}/batch_rules", rules)
            _change(
                state,
                ctx,
                event.power,
                "batch",
                "batch",
                event.applied,
                rules=rules,
                detail=(
                    f"claimed net {event.net:+d} at {event.percent} %; accrued net {sum(items):+d} at {pct} % "
                    f"gives {rules:+d}"
                ),
            )
        # --- grants --------------------------------------------------------------------------------------------
        case BrpGrantMade():
            donor = event.donor
            _change(state, ctx, donor, "expenditure", "grant_given", -event.amount, ref=event.recipient)
            facts = _facts(state, donor)
            state.facts[donor] = msgspec.structs.replace(facts, grants_given=facts.grants_given + event.amount)
            _recompute_limit(state, donor, meta)
            if event.recipient in _POWER_SET:
                _change(state, ctx, event.recipient, "addition", "grant_received", event.amount, ref=donor)
            raised = grant_raises_limit_of(donor, event.recipient)
            if raised is not None:
                facts = _facts(state, raised)
                state.facts[raised] = msgspec.structs.replace(
                    facts, grants_received=facts.grants_received + event.amount
                )
                _recompute_limit(state, raised, meta)
        # --- expenditures --------------------------------------------------------------------------------------
        case UnitBuilt():
            if event.unit_type in CHART_TYPES:
                state.ship_owners[event.unit] = event.owner
            _spend(state, ctx, event.payer or event.owner, "construction", event.cost, ref=event.unit)
        case PartisansPlaced():
            _spend(state, ctx, event.owner, "construction", event.cost, ref=event.unit)
        case ShipLaidDown():
            state.ship_owners[event.ship] = event.owner
            if not event.setup:
                _spend(state, ctx, event.owner, "construction", event.brps, ref=event.ship)
        case ShipAdvanced() | ShipLaunched():
            payer = _ship_payer(state, event.ship, event.yard)
            _spend(state, ctx, payer, "construction", event.brps, ref=event.ship)
        case ShipRepairStarted():
            _spend(state, ctx, _repair_payer(state, event.ship, event.yard), "repair", event.brps, ref=event.ship)
        case ShipRaised():
            _spend(state, ctx, _ship_payer(state, event.ship, event.yard), "raise", event.brps, ref=event.ship)
        case FortificationBuilt():
            _spend(
                state, ctx, event.power, "fortification", event.brp_cost, ref=",".join(event.hexes), detail=event.kind
            )
        case RailheadBuilt():
            _spend(state, ctx, event.power, "railhead", event.brp_cost, ref=event.hex)
        case WarDeclared():
            _spend(state, ctx, event.aggressor, "declaration_of_war", event.brp_cost, ref=event.target)
        case OffensiveDeclared():
            _spend(state, ctx, event.power, "offensive", event.brp_cost, ref=event.front, detail=event.kind)
        case OilFacilityRepaired():
            _spend(state, ctx, event.power, "oil_repair", event.brp_cost, ref=event.facility)
        case BrpSpent():
            category = SPEND_CATEGORY.get(event.category, "other")
            detail = None if category == event.category else event.category
            _spend(state, ctx, event.power, category, event.amount, ref=event.ref, detail=detail)
        # --- limit inputs --------------------------------------------------------------------------------------
        case ConstructionLimitDeclared():
            state.declared[event.power] = Declared(
                seq=ctx.now.seq, limit=event.limit, components=dict(event.components)
            )
        case IronOreStatusChanged():
            state.iron_ore_cut = event.cut
            _recompute_limit(state, "germany", meta)
        case KeaControlChanged():
            state.keas[event.kea] = Kea(
                original_owner=event.original_owner,
                controller=event.controller,
                value=event.value,
                turn=ctx.now.turn,
            )
            _recompute_limit(state, event.original_owner, meta)
        case IcValueChanged():
            # [interpretation] a captured IC is no longer under Russian control (27.32A): its value leaves the sum
            if event.cause == "capture":
                state.ics.pop(event.hex, None)
            else:
                state.ics[event.hex] = event.value
            _recompute_limit(state, "russia", meta)
        case StatusChanged():
            if event.country in COMMONWEALTH_COUNTRIES:
                state.commonwealth[event.country] = event.status
                _recompute_limit(state, "britain", meta)
        # --- owners --------------------------------------------------------------------------------------------
        case UnitPlaced():
            if event.unit_type in CHART_TYPES:
                state.ship_owners[event.unit] = event.owner
        case UnitTransferred():
            if event.unit in state.ship_owners:
                state.ship_owners[event.unit] = event.new_owner
        case ShipyardDefined():
            state.yards[event.yard] = Yard(owner=event.owner)
        case ShipyardControlChanged():
            old = state.yards.get(event.yard)
            owner = old.owner if old is not None else event.controller
            state.yards[event.yard] = Yard(owner=owner, mode=event.mode)
        # --- end of player turn --------------------------------------------------------------------------------
        case PlayerTurnEnded():
            _settle(state, ctx, event.side or ctx.now.side)
        case _:
            pass


HANDLED: Final[frozenset[type]] = frozenset(
    {
        BrpsSet,
        BrpBaseChanged,
        MobilizationApplied,
        BrpGained,
        BrpLost,
        BrpChangeAccrued,
        BrpBatchApplied,
        BrpGrantMade,
        UnitBuilt,
        PartisansPlaced,
        ShipLaidDown,
        ShipAdvanced,
        ShipLaunched,
        ShipRepairStarted,
        ShipRaised,
        FortificationBuilt,
        RailheadBuilt,
        WarDeclared,
        OffensiveDeclared,
        OilFacilityRepaired,
        BrpSpent,
        ConstructionLimitDeclared,
        IronOreStatusChanged,
        KeaControlChanged,
        IcValueChanged,
        StatusChanged,
        UnitPlaced,
        UnitTransferred,
        ShipyardDefined,
        ShipyardControlChanged,
        PlayerTurnEnded,
    }
)
"""Event types the ledger reads; others only move the turn (a fast exit on the hot path)."""

_POWER_SET: Final[frozenset[str]] = frozenset(POWERS)
_NO_FACTS: Final = LimitFacts()
_SUMMARY_CATEGORIES: Final[tuple[str, ...]] = (
    *EXPENDITURE_CATEGORIES,
    "grant_received",
    "gained",
    "lost",
    "batch",
    "set",
    "deficit_settled",
    "base_change",
)


def lines_of(state: State, power: str, kinds: Iterable[LineKind] | None = None) -> list[Line]:
    """The current turn's lines of one power (optionally of some kinds)."""
    wanted = None if kinds is None else frozenset(kinds)
    return [line for line in state.lines if line.power == power and (wanted is None or line.kind in wanted)]
