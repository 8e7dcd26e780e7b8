"""The oil ledger: reserves, oil outside reserves, expenditure by purpose and domain, and the end-of-turn rules (33).

Sources: 31-34 extract 0.3 (fifths), 1.6-1.8, 1.11-1.12 (tables), 2.3-2.6 (checks O-01..O-82), 3.6 (events),
4.1-4.4 (state and the per-player-turn ledger algorithm), 6 (worked examples), 7 (Q2); 27-30 extract 1.5 (27.35,
construction oil). Rule arithmetic comes from :mod:`projections.rules.oil`.

**Every amount is an integer number of fifths of an oil counter** (31-34 extract 0.3; 33.81: one counter converts to
five partial counters). ``FIFTHS_PER_COUNTER`` is 5.

What the projection trusts: it shows the ledger **as recorded**. Production, moves, shipment losses, expenditure and
eliminations change the holdings the events name, by the amounts they claim; a level may go **below zero** when the
log spends more than a reserve holds (the extract's invariant "a reserve never goes below 0", 4.3, is the audit's
check, O-26; this state keeps every line's level before and after so the audit can say "spent 5 fifths from a
reserve holding 4"). What the projection derives (extract 4.3 step 6, "end of player turn"):

* oil not in a reserve is removed at the end of every player turn (33.41D, 33.431);
* every tracked reserve is cut to its maximum at the end of every player turn (33.422), unless the log already
  eliminated the excess (``oil_counters_eliminated`` before ``player_turn_ended``);
* partial oil is consolidated and retained (33.83), reported per alliance faction.

State layout:

* ``reserves``: reserve id -> :class:`Reserve` (faction, location, maximum, tracking status). A second
  ``oil_reserve_defined`` for the same id changes faction, location and maximum (a capture lowering the maximum,
  33.423) and keeps the level.
* ``levels``: reserve id -> fifths, for reserves whose tracking has started (kept, frozen, once it stops).
  Partial oil lives in the reserve it was broken from: ``level % 5`` fifths of a reserve are its retained partial
  counters (extract Q2 proposal: "per faction and per source reserve").
* ``pools``: ``"<faction>/<place>"`` -> fifths: oil produced at a source and not put in a reserve, or moved to a
  supply zone (extract 4.1 ``at_source`` and ``zone_pool``). Emptied at the end of every player turn (33.431).
* the current period (a player turn, or the game-turn levels before or after the player turns): ``lines`` (one
  :class:`Line` per change, pointing at the event's sequence number) and per-period totals (produced, spent by
  purpose and by domain, shipped and transports per SW box, lost, eliminated, capped, removed, construction oil).
  At the period boundary they are archived as one :class:`TurnSummary` in ``history`` and reset.

Tracking (33.4424, 33.4624, 33.48; extract 1.7, Q&A O-23/O-24): a reserve is **untracked** until an
``oil_tracking_started`` names it (which sets its level to the event's ``initial``), and again after an
``oil_tracking_stopped`` for its faction. While a reserve is untracked nothing is counted against it: events naming
it give lines marked ``counted=False`` and leave no level. (The example campaign starts Japan's reserve, which has
no untracked period in the rules, with an explicit ``oil_tracking_started``.)
"""

from __future__ import annotations

from typing import Any, Final, Literal, NamedTuple

import msgspec

from awaw_events.events import (
    AnyEvent,
    OilCountersEliminated,
    OilExpended,
    OilMoved,
    OilProduced,
    OilReserveDefined,
    OilShipmentLost,
    OilTrackingStarted,
    OilTrackingStopped,
    PlayerTurnEnded,
)
from projections.core import Clock, Context, Handlers, Meta
from projections.rules.oil import (
    ELIMINATION_RULES,
    PartialInCap,
    construction_allowance_brps,
    partial_in_cap,
    partial_of,
    reserve_cap_excess,
    retain_partial,
)

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


_START: Final = Clock()


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


def initial() -> State:
    return State()


def clone(state: State) -> State:
    """A state with fresh containers (records are frozen and shared)."""
    return State(
        year=state.year,
        season=state.season,
        part=state.part,
        reserves=dict(state.reserves),
        levels=dict(state.levels),
        pools=dict(state.pools),
        retained=dict(state.retained),
        lines=list(state.lines),
        produced=dict(state.produced),
        spent=dict(state.spent),
        by_domain=dict(state.by_domain),
        shipped=dict(state.shipped),
        transports=dict(state.transports),
        lost=dict(state.lost),
        eliminated=dict(state.eliminated),
        capped=dict(state.capped),
        removed=dict(state.removed),
        construction=dict(state.construction),
        consolidated=dict(state.consolidated),
        retained_at_end=dict(state.retained_at_end),
        opening=dict(state.opening),
        history=list(state.history),
    )


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


# ---------------------------------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------------------------------


def _add(totals: dict[str, int], key: str, amount: int) -> None:
    totals[key] = totals.get(key, 0) + amount


def _is_empty_period(state: State) -> bool:
    return not state.lines


def _archive(state: State) -> None:
    """Close the current period: append its summary to ``history`` (if anything happened) and reset it."""
    if not _is_empty_period(state):
        state.history.append(
            TurnSummary(
                period=period_label(state.year, state.season, state.part),
                year=state.year,
                season=state.season,
                part=state.part,
                lines=len(state.lines),
                produced=state.produced,
                spent=state.spent,
                shipped=state.shipped,
                transports=state.transports,
                lost=state.lost,
                eliminated=state.eliminated,
                capped=state.capped,
                removed=state.removed,
                construction=state.construction,
                construction_brps={f: construction_allowance_brps(n) for f, n in state.construction.items()},
                retained={f: n for f, n in state.retained_at_end.items() if n},
                opening=state.opening,
                closing=dict(state.levels),
            )
        )
    # the summary now owns the old containers: start fresh ones
    state.lines = []
    state.produced = {}
    state.spent = {}
    state.by_domain = {}
    state.shipped = {}
    state.transports = {}
    state.lost = {}
    state.eliminated = {}
    state.capped = {}
    state.removed = {}
    state.construction = {}
    state.consolidated = {}
    state.retained_at_end = {}
    state.opening = dict(state.levels)


def _change(
    state: State,
    seq: int,
    kind: LineKind,
    faction: str,
    holding: str,
    amount: int,
    sign: int,
    *,
    create_pool: bool = False,
    **extra: Any,
) -> bool:
    """Apply ``sign * amount`` to a holding and write the line. Returns whether a ledger level changed.

    A reserve changes only while tracked. Oil outside reserves lives in ``pools["<faction>/<holding>"]``: an
    increase creates the pool (``create_pool``); a decrease applies only to a pool that exists (taking oil from an
    unlimited source, or one with nothing recorded, changes nothing)."""
    reserve = state.reserves.get(holding)
    if reserve is not None:
        if reserve.tracking != "tracked":
            extra.update(counted=False, rule=RULE_UNTRACKED, note=f"oil is {reserve.tracking} for this reserve")
            state.lines.append(Line(seq=seq, kind=kind, faction=faction, holding=holding, amount=amount, **extra))
            return False
        before = state.levels.get(holding, 0)
        after = before + sign * amount
        state.levels[holding] = after
        state.lines.append(
            Line(
                seq=seq, kind=kind, faction=faction, holding=holding, amount=amount, before=before, after=after, **extra
            )
        )
        return True
    key = f"{faction}/{holding}"
    pool = state.pools.get(key)
    if pool is None and not create_pool:
        extra.update(
            counted=False, note="no oil recorded here this player turn (an unlimited source, or none produced)"
        )
        state.lines.append(
            Line(seq=seq, kind=kind, faction=faction, holding=holding, amount=amount, reserve=False, **extra)
        )
        return False
    before = pool or 0
    after = before + sign * amount
    state.pools[key] = after
    state.lines.append(
        Line(
            seq=seq,
            kind=kind,
            faction=faction,
            holding=holding,
            amount=amount,
            reserve=False,
            before=before,
            after=after,
            **extra,
        )
    )
    return True


def _end_player_turn(state: State, seq: int, meta: Meta) -> None:
    """End of a player turn (extract 4.3 step 6): oil outside reserves removed (33.41D, 33.431), every tracked
    reserve cut to its maximum (33.422), partial oil consolidated and retained per faction (33.83)."""
    _remove_pools(state, seq)
    _cap_reserves(state, seq, partial_in_cap(meta.options))
    _retain_partials(state, seq)


def _remove_pools(state: State, seq: int) -> None:
    """Oil not in a reserve is removed (33.41D, 33.431)."""
    for key, amount in state.pools.items():
        if amount > 0:
            faction, _, place = key.partition("/")
            state.lines.append(
                Line(
                    seq=seq,
                    kind="removed",
                    faction=faction,
                    holding=place,
                    amount=amount,
                    reserve=False,
                    before=amount,
                    after=0,
                    rule=RULE_REMOVED,
                    note="oil not in a reserve at the end of the player turn",
                )
            )
            _add(state.removed, faction, amount)
    state.pools.clear()


class Excess(NamedTuple):
    """A tracked reserve above its maximum: its level and the fifths the end of the player turn eliminates."""

    reserve: str
    faction: str
    maximum: int
    level: int
    excess: int


def over_maximum(state: State, rule: PartialInCap) -> list[Excess]:
    """The tracked reserves now above their maximum (33.422; ``rule``: option ``oil.partial_in_cap``), in the order
    they were defined."""
    found: list[Excess] = []
    for rid, reserve in state.reserves.items():
        if reserve.tracking == "tracked" and reserve.maximum is not None:
            held = state.levels.get(rid, 0)
            excess = reserve_cap_excess(held, reserve.maximum, rule)
            if excess:
                found.append(Excess(rid, reserve.faction, reserve.maximum, held, excess))
    return found


def _cap_reserves(state: State, seq: int, rule: PartialInCap) -> None:
    """Every tracked reserve is cut to its maximum (33.422)."""
    for rid, faction, maximum, held, excess in over_maximum(state, rule):
        state.lines.append(
            Line(
                seq=seq,
                kind="capped",
                faction=faction,
                holding=rid,
                amount=excess,
                before=held,
                after=held - excess,
                rule=RULE_CAP,
                note=f"above the maximum of {maximum} fifths at the end of the player turn",
            )
        )
        state.levels[rid] = held - excess
        _add(state.capped, rid, excess)
        _add(state.eliminated, faction, excess)


def _retain_partials(state: State, seq: int) -> None:
    """Partial oil across a faction's tracked reserves is consolidated; at most 4 fifths are retained (33.83)."""
    partials: dict[str, int] = {}
    for rid, reserve in state.reserves.items():
        if reserve.tracking == "tracked":
            partials[reserve.faction] = partials.get(reserve.faction, 0) + partial_of(state.levels.get(rid, 0))
    for faction, held in partials.items():
        kept = retain_partial(held)
        state.retained[faction] = state.retained_at_end[faction] = kept.retained_fifths
        if kept.consolidated_counters:
            state.consolidated[faction] = kept.consolidated_counters
            state.lines.append(
                Line(
                    seq=seq,
                    kind="retained",
                    faction=faction,
                    holding=faction,
                    amount=held,
                    reserve=False,
                    before=held,
                    after=kept.retained_fifths,
                    rule=RULE_RETAINED,
                    note=(
                        f"{held} partial fifths across reserves: {kept.consolidated_counters} consolidate into "
                        f"whole counters, {kept.retained_fifths} retained"
                    ),
                )
            )


HANDLERS: Final = Handlers[State]()


@HANDLERS.on_time_change
def _period(state: State, event: AnyEvent, ctx: Context) -> None:
    """The period boundary: a new game turn, a new player turn, or the end-of-game-turn phase (extract 4.3)."""
    now = ctx.now
    part = now.side or ("game_end" if now.phase == "end_of_game_turn" else None)
    if now.year != state.year or now.season != state.season:
        _archive(state)
        state.year, state.season, state.part = now.year, now.season, part or "game_start"
    elif part is not None and part != state.part:
        _archive(state)
        state.part = part


@HANDLERS.on(OilReserveDefined)
def _reserve_defined(state: State, event: OilReserveDefined, ctx: Context) -> None:
    old = state.reserves.get(event.reserve)
    state.reserves[event.reserve] = (
        Reserve(faction=event.faction, location=event.location, maximum=event.maximum)
        if old is None
        else msgspec.structs.replace(old, faction=event.faction, location=event.location, maximum=event.maximum)
    )


@HANDLERS.on(OilTrackingStarted)
def _tracking_started(state: State, event: OilTrackingStarted, ctx: Context) -> None:
    old = state.reserves.get(event.reserve) or Reserve()
    state.reserves[event.reserve] = msgspec.structs.replace(old, tracking="tracked", trigger=event.trigger)
    before = state.levels.get(event.reserve)
    state.levels[event.reserve] = event.initial
    state.lines.append(
        Line(
            seq=ctx.now.seq,
            kind="tracking_started",
            faction=old.faction,
            holding=event.reserve,
            amount=event.initial,
            before=before,
            after=event.initial,
            rule=RULE_UNTRACKED,
            note=f"trigger: {event.trigger}",
        )
    )


@HANDLERS.on(OilTrackingStopped)
def _tracking_stopped(state: State, event: OilTrackingStopped, ctx: Context) -> None:
    for rid, reserve in state.reserves.items():
        if reserve.faction == event.faction and reserve.tracking == "tracked":
            state.reserves[rid] = msgspec.structs.replace(reserve, tracking="stopped")
            held = state.levels.get(rid, 0)
            state.lines.append(
                Line(
                    seq=ctx.now.seq,
                    kind="tracking_stopped",
                    faction=event.faction,
                    holding=rid,
                    amount=held,
                    before=held,
                    after=held,
                    rule="33.4624",
                    note=f"reason: {event.reason}",
                )
            )


@HANDLERS.on(OilProduced)
def _produced(state: State, event: OilProduced, ctx: Context) -> None:
    _add(state.produced, event.faction, event.amount)
    seq = ctx.now.seq
    if not event.usable:
        state.lines.append(
            Line(
                seq=seq,
                kind="produced",
                faction=event.faction,
                holding=event.reserve or event.source,
                amount=event.amount,
                reserve=event.reserve is not None,
                counted=False,
                counterpart=event.source,
                rule="33.43, 33.33B",
                note="not usable (captured this turn or held by partisans)",
            )
        )
    elif event.reserve is not None and event.reserve not in state.reserves:
        state.lines.append(
            Line(
                seq=seq,
                kind="produced",
                faction=event.faction,
                holding=event.reserve,
                amount=event.amount,
                counted=False,
                counterpart=event.source,
                note="no such reserve defined",
            )
        )
    else:
        holding = event.reserve or event.source
        _change(
            state, seq, "produced", event.faction, holding, event.amount, 1, create_pool=True, counterpart=event.source
        )


@HANDLERS.on(OilMoved)
def _moved(state: State, event: OilMoved, ctx: Context) -> None:
    seq = ctx.now.seq
    common: dict[str, Any] = {"mode": event.mode, "shipment": event.shipment, "sw_box": event.sw_box}
    origin, destination = event.origin, event.destination
    _change(state, seq, "moved_out", event.faction, origin, event.amount, -1, counterpart=destination, **common)
    _change(
        state,
        seq,
        "moved_in",
        event.faction,
        destination,
        event.amount,
        1,
        create_pool=True,
        counterpart=origin,
        **common,
    )
    if event.mode == "sea":
        box = f"{event.faction}/{event.sw_box or 'unknown'}"
        _add(state.shipped, box, event.amount)
        if event.transports:
            _add(state.transports, box, event.transports)


@HANDLERS.on(OilShipmentLost)
def _shipment_lost(state: State, event: OilShipmentLost, ctx: Context) -> None:
    _add(state.lost, event.faction, event.amount)
    _change(
        state,
        ctx.now.seq,
        "shipment_lost",
        event.faction,
        event.reserve,
        event.amount,
        -1,
        shipment=event.shipment,
        rule="33.43B",
    )


@HANDLERS.on(OilExpended)
def _expended(state: State, event: OilExpended, ctx: Context) -> None:
    _add(state.spent, f"{event.faction}/{event.purpose}", event.amount)
    _add(state.by_domain, _domain_key(event), event.amount)
    if event.purpose == "construction":
        _add(state.construction, event.faction, event.amount)
    _change(
        state,
        ctx.now.seq,
        "expended",
        event.faction,
        event.reserve,
        event.amount,
        -1,
        purpose=event.purpose,
        domain=event.domain,
        nationality=event.nationality,
    )


@HANDLERS.on(OilCountersEliminated)
def _eliminated(state: State, event: OilCountersEliminated, ctx: Context) -> None:
    _add(state.eliminated, event.faction, event.amount)
    _change(
        state,
        ctx.now.seq,
        "eliminated",
        event.faction,
        event.reserve,
        event.amount,
        -1,
        purpose=event.reason,
        rule=ELIMINATION_RULES.get(event.reason),
    )


@HANDLERS.on(PlayerTurnEnded)
def _player_turn_ended(state: State, event: PlayerTurnEnded, ctx: Context) -> None:
    _end_player_turn(state, ctx.now.seq, ctx.meta)


def _domain_key(event: OilExpended) -> str:
    """``"<faction>/<domain>/<nationality>/<purpose>"``: what one offset buys (33.55, 33.61; extract 4.2)."""
    return f"{event.faction}/{event.domain or '-'}/{event.nationality or '-'}/{event.purpose}"
