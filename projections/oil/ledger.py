"""The oil ledger's fold: reserves, oil outside reserves, expenditure by purpose and domain, and the end-of-turn
rules (33.41D, 33.422, 33.431, 33.83; 31-34 extract 4.3). See :mod:`projections.oil` for what it trusts and
derives."""

from __future__ import annotations

from typing import Any, NamedTuple

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
from projections.core import Context, Meta
from projections.oil.facts import forget_old_payments, learn_source, record_payment
from projections.oil.state import (
    HANDLERS,
    RULE_CAP,
    RULE_REMOVED,
    RULE_RETAINED,
    RULE_UNTRACKED,
    Line,
    LineKind,
    Reserve,
    State,
    TurnSummary,
    period_label,
)
from projections.rules.oil import (
    ELIMINATION_RULES,
    RESERVES,
    PartialInCap,
    construction_allowance_brps,
    fixed_reserve_max,
    partial_in_cap,
    partial_of,
    reserve_cap_excess,
    reserve_kind,
    retain_partial,
)

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
    state.repairs = {}
    state.to_russia = {}
    state.covered = {}
    state.growth = {}
    state.inverted = {}


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
    _cap_reserves(state, seq, partial_in_cap(meta.options), meta.variant)
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


def maximum_of(reserve: Reserve, variant: str = "classic") -> int | None:
    """The maximum a reserve is held to at the end of a player turn: the rules' own where no control decides it
    (the South Africa and Australia boxes, the India box in Classic: 33.422, 33.431), else the declared one
    (``oil_reserve_defined.maximum``, which the audit compares with control where the map data names the
    places)."""
    fixed = fixed_reserve_max(reserve.kind, variant=variant) if reserve.kind in RESERVES else None
    return fixed if fixed is not None else reserve.maximum


def over_maximum(state: State, rule: PartialInCap, variant: str = "classic") -> list[Excess]:
    """The tracked reserves now above their maximum (33.422; ``rule``: option ``oil.partial_in_cap``), in the order
    they were defined."""
    found: list[Excess] = []
    for rid, reserve in state.reserves.items():
        maximum = maximum_of(reserve, variant)
        if reserve.tracking == "tracked" and maximum is not None:
            held = state.levels.get(rid, 0)
            excess = reserve_cap_excess(held, maximum, rule)
            if excess:
                found.append(Excess(rid, reserve.faction, maximum, held, excess))
    return found


def _cap_reserves(state: State, seq: int, rule: PartialInCap, variant: str) -> None:
    """Every tracked reserve is cut to its maximum (33.422)."""
    for rid, faction, maximum, held, excess in over_maximum(state, rule, variant):
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


@HANDLERS.on_time_change
def _period(state: State, event: AnyEvent, ctx: Context) -> None:
    """The period boundary: a new game turn, a new player turn, or the end-of-game-turn phase (extract 4.3)."""
    now = ctx.now
    part = now.side or ("game_end" if now.phase == "end_of_game_turn" else None)
    if now.year != state.year or now.season != state.season:
        _archive(state)
        forget_old_payments(state, now.turn)
        state.year, state.season, state.part = now.year, now.season, part or "game_start"
    elif part is not None and part != state.part:
        _archive(state)
        state.part = part


@HANDLERS.on(OilReserveDefined)
def _reserve_defined(state: State, event: OilReserveDefined, ctx: Context) -> None:
    old = state.reserves.get(event.reserve)
    kind = reserve_kind(event.reserve, event.kind)
    state.reserves[event.reserve] = (
        Reserve(faction=event.faction, location=event.location, maximum=event.maximum, kind=kind)
        if old is None
        else msgspec.structs.replace(
            old, faction=event.faction, location=event.location, maximum=event.maximum, kind=kind
        )
    )


@HANDLERS.on(OilTrackingStarted)
def _tracking_started(state: State, event: OilTrackingStarted, ctx: Context) -> None:
    old = state.reserves.get(event.reserve) or Reserve(kind=reserve_kind(event.reserve))
    state.reserves[event.reserve] = msgspec.structs.replace(
        old, tracking="tracked", trigger=event.trigger, started=ctx.now.turn
    )
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
    learn_source(state, event)
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
    if event.route is not None:
        _add(state.to_russia, event.route, event.amount)
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
    record_payment(state, event, ctx)
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
