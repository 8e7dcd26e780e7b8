"""The ledger itself: lines and totals, the base, additions and losses, 35.7 batches, Option 2 settlements, and the
archive of each finished game turn (27-30 extract 4.2, 4.9; A3R extract 5.2-5.3)."""

from __future__ import annotations

from typing import Final

from awaw_events.events import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpLost,
    BrpsSet,
    MobilizationApplied,
    PlayerTurnEnded,
)
from projections.brp.limit import loss_facts, recompute_all, recompute_limit
from projections.brp.queries import side_of
from projections.brp.state import HANDLERS, SUMMARY_CATEGORIES, Accrual, Category, Line, LineKind, State, TurnSummary
from projections.core import Context
from projections.rules.economy import (
    PRORATE_PERCENT,
    deficit_base_reduction,
    deficit_option,
    negative_rounding,
    prorate_batch,
    prorating_option,
    settle_deficit,
)

SETUP_PHASES: Final[frozenset[str]] = frozenset({"setup", "year_start"})
"""A ``brps_set`` in these phases opens the turn at the value it sets (set-up; the YSS precedes the player turns)."""


def add(totals: dict[str, int], key: str, amount: int) -> None:
    totals[key] = totals.get(key, 0) + amount


def change(
    state: State,
    ctx: Context,
    power: str,
    kind: LineKind,
    category: Category,
    amount: int,
    *,
    ref: str | None = None,
    limit: bool = False,
    limit_power: str | None = None,
    limit_doubt: bool = False,
    rules: int | None = None,
    detail: str | None = None,
) -> None:
    """Apply a signed change to available BRPs and record it (totals by category and direction, the line).
    ``limit_power``: the power whose construction limit an expenditure counts against when not the payer's;
    ``limit_doubt``: the record's wars leave that in doubt (kept as ``POWER/limit_doubt``)."""
    totals = state.totals
    before = state.available.get(power)
    after = None
    if before is not None:
        after = before + amount
        state.available[power] = after
        add(totals, f"{power}/net", amount)
        if after < 0 and -after > state.deficit_peak.get(power, 0):
            state.deficit_peak[power] = -after
    if kind == "expenditure":
        add(totals, f"{power}/spent", -amount)
        add(totals, f"{power}/{category}", -amount)
        if limit:
            add(totals, f"{limit_power or power}/limit_spent", -amount)
            if limit_doubt:
                add(totals, f"{limit_power or power}/limit_doubt", -amount)
    elif kind == "batch":
        add(totals, f"{power}/batch", amount)
        add(totals, f"{power}/additions" if amount >= 0 else f"{power}/losses", abs(amount))
    elif kind == "addition":
        add(totals, f"{power}/additions", amount)
        add(totals, f"{power}/{category}", amount)
    elif kind == "loss":
        add(totals, f"{power}/losses", -amount)
        add(totals, f"{power}/{category}", -amount)
    else:  # set (outside set-up/YSS), settlement
        add(totals, f"{power}/adjustments", amount)
        add(totals, f"{power}/{category}", amount)
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
            limit_power=limit_power if limit else None,
            limit_doubt=limit_doubt and limit,
            side=now.side,
            phase=now.phase,
            ref=ref,
            rules=rules,
            detail=detail,
        )
    )


# ---------------------------------------------------------------------------------------------------------------------
# Turns
# ---------------------------------------------------------------------------------------------------------------------


def _summary(state: State, power: str) -> TurnSummary:
    totals = state.totals
    by_category: dict[str, int] = {
        c: totals[f"{power}/{c}"] for c in SUMMARY_CATEGORIES if totals.get(f"{power}/{c}", 0) != 0
    }
    limit = state.limits.get(power)
    declared = state.declared.get(power)
    return TurnSummary(
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


@HANDLERS.on_time_change
def _new_turn(state: State, event: object, ctx: Context) -> None:
    """At the first event of a new game turn, archive each power's finished turn as one :class:`TurnSummary` in
    ``history``, drop the lines and totals, and open the turn at the BRPs and base each power has."""
    now = ctx.now
    if now.season == state.season and now.year == state.year:
        return
    if not state.season and state.lines:
        # events folded before game time first moved (at the default clock) belong to the turn of that clock
        previous = ctx.previous
        state.turn, state.year, state.season = previous.turn, previous.year, previous.season
    if state.season:
        touched = {line.power for line in state.lines}
        for power in sorted(state.available.keys() | touched | state.base.keys()):
            state.history.append(_summary(state, power))
        state.lines = []
        state.totals = {}
        state.deficit_peak = {}
        state.facts = {}
        state.declared = {}
        state.offensives = {}
        state.partisan_offensives = {}
        state.paid = {}
        state.done = {}
        state.attritions = {}
        state.opening = dict(state.available)
        state.base_opening = dict(state.base)
    state.turn = now.turn
    state.year = now.year
    state.season = now.season
    recompute_all(state, ctx.meta)


# ---------------------------------------------------------------------------------------------------------------------
# The base and available BRPs
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(BrpsSet)
def _brps_set(state: State, event: BrpsSet, ctx: Context) -> None:
    now = ctx.now
    power = event.power
    before = state.available.get(power)
    if event.unknown:  # what the record does not know stays unknown (None), never a placeholder
        if "base" not in event.unknown:
            state.base[power] = event.base
        if "available" in event.unknown:
            state.available.pop(power, None)
            return
    else:
        state.base[power] = event.base
    state.available[power] = event.available
    if before is None or now.phase in SETUP_PHASES:
        state.opening[power] = event.available - state.totals.get(f"{power}/net", 0)
        state.base_opening[power] = event.base
        if now.phase == "year_start":
            state.yss_deficit.pop(power, None)
    else:
        adjustment = event.available - before
        add(state.totals, f"{power}/net", adjustment)
        add(state.totals, f"{power}/adjustments", adjustment)
        add(state.totals, f"{power}/set", adjustment)
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
    recompute_limit(state, power, ctx.meta)


def set_base(state: State, ctx: Context, power: str, delta: int, category: Category, detail: str | None) -> None:
    """A change to the BRP base (27.32A): a ``base`` line; the limit is recomputed (increases count this turn)."""
    before = state.base.get(power)
    after = None if before is None else before + delta
    if after is not None:
        state.base[power] = after
        recompute_limit(state, power, ctx.meta)
    add(state.totals, f"{power}/base_change", delta)
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
    either kind this turn (27.32A)."""
    totals = state.totals
    applied_before = max(totals.get(f"{power}/mob_applied", 0), totals.get(f"{power}/mob_changed", 0))
    add(totals, f"{power}/{key}", amount)
    applied_after = max(totals.get(f"{power}/mob_applied", 0), totals.get(f"{power}/mob_changed", 0))
    delta = applied_after - applied_before
    detail = None if delta == amount else f"{amount:+d} recorded; {delta:+d} beyond the mobilization already applied"
    set_base(state, ctx, power, delta, "mobilization", detail)


@HANDLERS.on(BrpBaseChanged)
def _base_changed(state: State, event: BrpBaseChanged, ctx: Context) -> None:
    if event.delta < 0:
        add(state.base_cuts, event.power, event.delta)
    if event.cause == "mobilization":
        _mobilization(state, ctx, event.power, "mob_changed", event.delta)
    else:
        set_base(state, ctx, event.power, event.delta, "base_change", event.cause)


@HANDLERS.on(MobilizationApplied)
def _mobilized(state: State, event: MobilizationApplied, ctx: Context) -> None:
    if event.brp_base_increase:
        _mobilization(state, ctx, event.power, "mob_applied", event.brp_base_increase)


@HANDLERS.on(BrpGained)
def _gained(state: State, event: BrpGained, ctx: Context) -> None:
    change(state, ctx, event.power, "addition", "gained", event.amount, ref=event.area, detail=event.cause)


@HANDLERS.on(BrpLost)
def _lost(state: State, event: BrpLost, ctx: Context) -> None:
    change(state, ctx, event.power, "loss", "lost", -event.amount, ref=event.target, detail=event.cause)
    if event.cause == "ic_supply_use":
        add(state.totals, f"{event.power}/ic_supply_loss", event.amount)
    loss_facts(state, event, ctx.meta)


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7: accrued items and batches
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(BrpChangeAccrued)
def _accrued(state: State, event: BrpChangeAccrued, ctx: Context) -> None:
    now = ctx.now
    item = Accrual(seq=now.seq, amount=event.amount, cause=event.cause, turn=now.turn, area=event.area, side=now.side)
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


@HANDLERS.on(BrpBatchApplied)
def _batch(state: State, event: BrpBatchApplied, ctx: Context) -> None:
    """The claimed batch is applied; the rules' amount nets and prorates every item accrued for the power (35.71,
    35.72) and is kept beside it (``rules``); the items are cleared."""
    items = [a.amount for a in state.accrued.pop(event.power, ())]
    season = ctx.now.season
    if prorating_option(ctx.meta) == "awaw_35_7":
        rules = prorate_batch(items, season, negative_rounding=negative_rounding(ctx.meta))
        pct = PRORATE_PERCENT[season]
    else:
        rules, pct = sum(items), 100
    add(state.totals, f"{event.power}/batch_rules", rules)
    detail = f"claimed net {event.net:+d} at {event.percent} %; accrued net {sum(items):+d} at {pct} % gives {rules:+d}"
    change(state, ctx, event.power, "batch", "batch", event.applied, rules=rules, detail=detail)


# ---------------------------------------------------------------------------------------------------------------------
# Option 2: the end-of-player-turn settlement
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on(PlayerTurnEnded)
def _player_turn_ended(state: State, event: PlayerTurnEnded, ctx: Context) -> None:
    """Option 2 settles the deficits of the side ending its player turn (A3R intro; extract 5.3 step I); the base
    cuts recorded in the player turn are then forgotten."""
    side = event.side or ctx.now.side
    if side is not None and deficit_option(ctx.meta) == "option2_base_reduction":
        _settle(state, ctx, side)
    state.base_cuts = {}


def _settle(state: State, ctx: Context, side: str) -> None:
    reduction = deficit_base_reduction(ctx.meta)
    for power, left in sorted(state.available.items()):
        if left >= 0 or side_of(power) != side:
            continue
        settled = settle_deficit(state.base.get(power, 0), left, reduction=reduction)
        rules: int | None
        if reduction == "growth_rate_at_yss":
            add(state.yss_deficit, power, settled.uncovered)
            detail = f"{settled.uncovered} uncovered: settled at the next YSS (growth rate)"
            rules = None
        else:
            detail = f"{settled.uncovered} uncovered: the base falls by as much (record it with brp_base_changed)"
            rules = settled.base_after
        change(
            state,
            ctx,
            power,
            "settlement",
            "deficit_settled",
            settled.available_after - left,
            rules=rules,
            detail=detail,
        )
