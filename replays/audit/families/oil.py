"""Oil (AWAW rule 33): spending only what a reserve holds, the cost of each purpose, when offsets are bought, sea
shipments, reserve maxima and retained partial counters at the end of a player turn.

Sources: 31-34 extract 2.4-2.6 (checks O-20, O-26, O-29, O-30, O-50, O-51, O-54, O-56, O-57, O-61, O-63, O-80..O-82),
1.11-1.12 (costs) and 4.3 (the ledger). Arithmetic comes from :mod:`projections.rules.oil`; reserve levels, maxima
and tracking from the oil projection (:mod:`projections.oil`, the state **before** the event). All amounts are in
fifths of an oil counter (extract 0.3).

What the log does not record and is therefore not checked here: the transports available in an SW box (the
shipping capacity, O-31), the EA's destroyer escort (O-30 for the European Axis), supply-zone membership (O-35,
O-69), and which units an offset covered (O-53, O-55, O-59).
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import OilCountersEliminated, OilExpended, OilMoved, PlayerTurnEnded
from awaw_events.vocab import FACTIONS, SIDE_OF_FACTION, power_name
from projections import oil as ledger
from projections.rules.oil import (
    FIFTHS_PER_COUNTER,
    MAX_RETAINED_FIFTHS,
    OIL_PURPOSES,
    PURPOSE_PHASES,
    SEA_SHIPMENT_PHASES,
    SWAPPABLE_FOR_A_COUNTER,
    TRANSPORTS_PER_OIL_COUNTER,
    available_findings,
    expenditure_findings,
    oil_cost_fifths,
    partial_in_cap,
    partial_of,
    reserve_cap_excess,
    retention_findings,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("oil")


def _fifths(n: int) -> str:
    """``7`` -> ``"7 fifths (1 counter + 2)"`` for messages."""
    whole, part = divmod(n, FIFTHS_PER_COUNTER)
    if n < FIFTHS_PER_COUNTER:
        return f"{n} fifth{'s' if n != 1 else ''}"
    counters = f"{whole} counter{'s' if whole != 1 else ''}"
    return f"{n} fifths ({counters}{f' + {part}' if part else ''})"


def _holding(ctx: AuditContext[Any], faction: str, holding: str) -> int | None:
    """Fifths held by a tracked reserve, or by the faction's recorded oil outside reserves at ``holding``; ``None``
    when nothing is counted there (an untracked reserve, an unlimited source)."""
    state = ctx.state.oil
    if holding in state.reserves:
        return ledger.level(state, holding) if ledger.is_tracked(state, holding) else None
    return state.pools.get(f"{faction}/{holding}")


# ---------------------------------------------------------------------------------------------------------------------
# Spending and moving only what is held (33.4, 33.5; O-26)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.5",
    "oil is spent or moved only from a reserve (or place) that holds it",
    reads=(OilExpended, OilMoved),
    covers=("27-30/O-06",),
)
def check_oil_available(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if isinstance(event, OilExpended):
        holding, verb = event.reserve, "spent"
    else:
        assert isinstance(event, OilMoved)
        holding, verb = event.origin, "moved"
    held = _holding(ctx, event.faction, holding)
    if held is None:
        return
    available = max(0, held)
    for _breach in available_findings(available, event.amount, where=holding):
        yield c.finding(
            ctx,
            expected=f"at most {available}",
            recorded=event.amount,
            message=(
                f"{power_name(event.faction)} {verb} {_fifths(event.amount)} from {holding}, which held "
                f"{_fifths(available)}: {event.amount - available} short"
            ),
        )


# ---------------------------------------------------------------------------------------------------------------------
# The cost of each purpose (33.5-33.8; O-50, O-54, O-56, O-57, O-61, O-63, O-80, O-82)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.6",
    "an oil expenditure costs what its purpose needs (a full counter per offset, fifths per quantity)",
    reads=(OilExpended,),
)
def check_oil_cost(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    cost = OIL_PURPOSES[event.purpose]
    unit = cost.unit
    if unit == "none":
        quantity = 0
    elif unit in event.detail:
        quantity = event.detail[unit]
    else:
        yield Missing(reason=f"oil_expended for {event.purpose} does not record its quantity (detail.{unit})")
        return
    spent = event.amount
    breaches = expenditure_findings(event.purpose, spent, quantity)
    if unit == "none" or event.purpose == "japanese_resistance":
        expected = FIFTHS_PER_COUNTER if unit == "none" else quantity * FIFTHS_PER_COUNTER
        if breaches:
            what = "an offset" if unit == "none" else f"{quantity} resistance step{'s' if quantity != 1 else ''}"
            yield c.finding(
                ctx,
                expected=expected,
                recorded=spent,
                message=(
                    f"{power_name(event.faction)} paid {_fifths(spent)} for {event.purpose} ({what}); "
                    f"{cost.rule} takes {_fifths(expected)}"
                ),
            )
        return
    need = oil_cost_fifths(event.purpose, quantity)
    if spent == need or (event.purpose in SWAPPABLE_FOR_A_COUNTER and spent == FIFTHS_PER_COUNTER):
        return
    what = f"{quantity} {unit.replace('_', ' ')}"
    allowed = f"{_fifths(need)}" + (" or one full counter" if event.purpose in SWAPPABLE_FOR_A_COUNTER else "")
    yield c.finding(
        ctx,
        expected=need,
        recorded=spent,
        message=f"{power_name(event.faction)} paid {_fifths(spent)} for {event.purpose} ({what}); {cost.rule}: "
        f"{allowed}",
    )


@FAMILY.check(
    "33.52",
    "offsets are bought in oil adjustment or supply determination; construction, growth, resistance oil in theirs",
    reads=(OilExpended,),
)
def check_oil_timing(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    allowed = PURPOSE_PHASES.get(event.purpose)
    if allowed is None or event.phase is None or event.phase in allowed:
        return
    names = " or ".join(sorted(p.replace("_", " ") for p in allowed))
    yield c.finding(
        ctx,
        expected=names,
        recorded=event.phase,
        message=(
            f"{power_name(event.faction)} bought {event.purpose} oil in the {event.phase.replace('_', ' ')} phase; "
            f"{OIL_PURPOSES[event.purpose].rule} allows it only in {names}"
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Sea shipments (33.43; O-29, O-30)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.43",
    "oil goes by sea in whole counters, one transport each, in the owner's supply determination; never Russian oil",
    reads=(OilMoved,),
)
def check_oil_shipment(c: Check, ctx: AuditContext[OilMoved]) -> Result:
    event = ctx.event
    if event.mode != "sea":
        return
    who = power_name(event.faction)
    if event.faction == "russia":
        yield c.finding(
            ctx, expected="no sea shipment", recorded="sea", message="Russia may not ship oil by sea (33.43B)"
        )
        return
    side = SIDE_OF_FACTION[event.faction]
    if event.phase is not None and (event.phase not in SEA_SHIPMENT_PHASES or (event.side and event.side != side)):
        turn = f"the {event.side} player turn's " if event.side else ""
        yield c.finding(
            ctx,
            expected=f"{side} initial or post-combat supply",
            recorded=f"{event.side or '-'} {event.phase}",
            message=(
                f"{who} shipped oil by sea in {turn}{event.phase.replace('_', ' ')} phase; sea shipments are made "
                f"only in the owner's initial or post-combat supply determination (33.43)"
            ),
        )
    whole, part = divmod(event.amount, FIFTHS_PER_COUNTER)
    if part:
        yield c.finding(
            ctx,
            expected="whole counters",
            recorded=event.amount,
            message=f"{who} shipped {_fifths(event.amount)} by sea; only whole oil counters move by sea (33.43B)",
        )
    if event.faction == "european_axis":
        return  # escorted by destroyer factors, which oil_moved does not record (33.43B)
    need = TRANSPORTS_PER_OIL_COUNTER * whole
    if event.transports < need:
        yield c.finding(
            ctx,
            expected=need,
            recorded=event.transports,
            message=(
                f"{who} shipped {whole} oil counter{'s' if whole != 1 else ''} with {event.transports} "
                f"transport{'s' if event.transports != 1 else ''}; each counter needs one (33.43B)"
            ),
        )


# ---------------------------------------------------------------------------------------------------------------------
# End of a player turn: reserve maxima (33.422; O-20) and retained partial counters (33.83; O-81)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.422",
    "at the end of a player turn no reserve holds more than its maximum (the excess is eliminated)",
    reads=(PlayerTurnEnded,),
)
def check_reserve_maximum(c: Check, ctx: AuditContext[Any]) -> Result:
    turn = f"the {ctx.event.side} player turn" if ctx.event.side else "the player turn"
    rule = partial_in_cap(ctx.state.meta.options)
    for rid, _faction, maximum, held, excess in ledger.over_maximum(ctx.state.oil, rule):
        yield c.finding(
            ctx,
            expected=f"at most {maximum}",
            recorded=held,
            message=(
                f"reserve {rid} holds {_fifths(held)} at the end of {turn}, above its maximum of "
                f"{_fifths(maximum)}; the {excess} excess fifths were not eliminated (33.422)"
            ),
        )


@FAMILY.check(
    "33.422",
    "oil eliminated as over a reserve's maximum is no more than the excess",
    reads=(OilCountersEliminated,),
    id="over_maximum_elimination",
)
def check_over_maximum_elimination(c: Check, ctx: AuditContext[OilCountersEliminated]) -> Result:
    event = ctx.event
    if event.reason != "over_reserve_max":
        return
    state = ctx.state.oil
    reserve = state.reserves.get(event.reserve)
    held = _holding(ctx, event.faction, event.reserve)
    if reserve is None or reserve.maximum is None or held is None:
        return
    # the larger reading of the excess: partial oil counted toward the maximum (option oil.partial_in_cap)
    excess = reserve_cap_excess(held, reserve.maximum, "counted")
    if event.amount > excess:
        yield c.finding(
            ctx,
            expected=f"at most {excess}",
            recorded=event.amount,
            message=(
                f"{_fifths(event.amount)} eliminated from {event.reserve} as over its maximum, but it held "
                f"{_fifths(held)} against a maximum of {_fifths(reserve.maximum)} ({excess} over)"
            ),
        )


@FAMILY.check(
    "33.83",
    "at the end of its player turn an alliance faction keeps at most 4 partial oil counters (fifths)",
    reads=(PlayerTurnEnded,),
)
def check_partial_retained(c: Check, ctx: AuditContext[Any]) -> Result:
    state = ctx.state.oil
    side = ctx.event.side
    for faction in FACTIONS:
        if side is not None and SIDE_OF_FACTION[faction] != side:
            continue
        held = ledger.partial_fifths(state, faction)
        for _breach in retention_findings(held):
            where = ", ".join(
                f"{rid} {partial_of(state.levels.get(rid, 0))}"
                for rid, r in sorted(state.reserves.items())
                if r.faction == faction and r.tracking == "tracked" and partial_of(state.levels.get(rid, 0))
            )
            yield c.finding(
                ctx,
                expected=f"at most {MAX_RETAINED_FIFTHS}",
                recorded=held,
                message=(
                    f"{power_name(faction)} end their player turn with {held} partial oil fifths ({where}); 33.83 "
                    f"lets an "
                    f"alliance faction keep at most {MAX_RETAINED_FIFTHS}: "
                    f"{held - held % FIFTHS_PER_COUNTER} should have been consolidated into full counters"
                ),
            )
