"""The BRP ledger's vocabulary, records and state (27-30 extract 4.2-4.3; A3R extract 4.2, 5.1-5.3)."""

from __future__ import annotations

from typing import Final, Literal

import msgspec

from projections.core import Handlers
from projections.rules.construction import LimitBreakdown

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

SUMMARY_CATEGORIES: Final[tuple[Category, ...]] = (
    *EXPENDITURE_CATEGORIES,
    "grant_received",
    "gained",
    "lost",
    "batch",
    "set",
    "deficit_settled",
    "base_change",
)
"""The categories a turn's summary totals (:attr:`TurnSummary.by_category`), in display order."""

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


class Line(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One ledger line (27-30 extract 4.2: ``{turn, side, phase, category, amount, ref_event_id}``).

    ``seq`` is the event's sequence number. ``amount`` is the signed change to available BRPs (to the base for
    ``kind="base"``; the raw item for ``accrued``); ``before``/``after`` the balance around it (``None`` while the
    power's BRPs are unknown, and for ``accrued``). ``limit``: counted against the construction limit;
    ``limit_power``: the power whose limit that is when it is not the payer's (the U.S. for Britain's cash-and-carry
    transports, 27.7322A); ``limit_doubt``: the record's wars leave that in doubt (a war of factions). ``rules``:
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
    limit_power: str | None = None
    limit_doubt: bool = False
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
    side: str | None = None
    """The player turn it was accrued in (35.73B-D: applied at the end of a phase of that player turn)."""


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


class Operation(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An offensive operation this turn (A3R 9.62-9.64): paid for by ``power`` on ``front`` (``seq``: the payment), or
    carried out by ``powers`` (``seq``: the attack, overrun or airdrop; ``front`` when the event names it)."""

    seq: int
    side: str | None = None
    power: str = ""
    powers: tuple[str, ...] = ()
    front: str | None = None


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
    mobilization bookkeeping), ``deficit_peak``, ``facts``, ``declared`` and ``lines``. ``base_cuts`` is reset at
    each ``player_turn_ended``.
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
    limits: dict[str, LimitBreakdown] = {}
    """The construction limit of every major power with a base, this turn, with its parts (27.32-27.34)."""
    declared: dict[str, Declared] = {}
    lines: list[Line] = []
    accrued: dict[str, tuple[Accrual, ...]] = {}
    yss_deficit: dict[str, int] = {}
    iron_ore_cut: bool = False
    keas: dict[str, Kea] = {}
    ics: dict[str, int] = {}
    commonwealth: dict[str, str] = {}
    base_cuts: dict[str, int] = {}
    """BRP base reductions recorded (``brp_base_changed``, negative) since the last ``player_turn_ended``: what an
    Option 2 settlement is judged by (A3R extract 5.3 step I)."""
    offensives: dict[str, int] = {}
    """Offensive BRPs this turn by ``"<power>|<front>"`` (27.12; A3R 9.61-9.64)."""
    partisan_offensives: dict[str, int] = {}
    """Of those, the BRPs of offensive operations against partisans only (``offensive_declared.against_partisans``),
    which do not count in determining whether an attrition is permitted on the front (11.82, 9.61)."""
    paid: dict[str, Operation] = {}
    """Operations paid for this turn (``offensive_declared.operations``), by operation id (A3R 9.63)."""
    done: dict[str, Operation] = {}
    """Operations carried out this turn (attacks, overruns, airdrops), by operation id (A3R 9.63)."""
    attritions: dict[str, int] = {}
    """Attritions this turn by ``"<faction>|<front>"``: the first one's event (A3R 9.61, 9.64)."""
    history: list[TurnSummary] = []


HANDLERS: Final = Handlers[State]()
"""The ledger's handlers, one per event type (registered by :mod:`.ledger`, :mod:`.limit` and :mod:`.spending`)."""


def initial() -> State:
    return State()
