"""The oil ledger's checks: spending only what a reserve holds, the cost of each purpose and when it is bought, sea
shipments, reserve maxima and retained partial counters at the end of a player turn (33.4-33.8; checks O-20, O-29,
O-30, O-38, O-50, O-51, O-54, O-56, O-57, O-64, O-80..O-82)."""

from __future__ import annotations

from typing import Any

from awaw_events.events import OilCountersEliminated, OilExpended, OilMoved, PlayerTurnEnded
from awaw_events.vocab import FACTIONS, SIDE_OF_FACTION, power_name
from projections import oil as ledger
from projections.rules.oil import (
    EA_DESTROYER_FACTORS_PER_OIL_COUNTER,
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
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import FAMILY, fifths, holding

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
        place, verb = event.reserve, "spent"
    else:
        assert isinstance(event, OilMoved)
        place, verb = event.origin, "moved"
    held = holding(ctx, event.faction, place)
    if held is None:
        return
    available = max(0, held)
    for _breach in available_findings(available, event.amount, where=place):
        yield c.finding(
            ctx,
            expected=f"at most {available}",
            recorded=event.amount,
            message=(
                f"{power_name(event.faction)} {verb} {fifths(event.amount)} from {place}, which held "
                f"{fifths(available)}: {event.amount - available} short"
            ),
        )


# ---------------------------------------------------------------------------------------------------------------------
# The cost of each purpose (33.5-33.8; O-50, O-54, O-56, O-57, O-61, O-63, O-80, O-82)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.6",
    "an oil expenditure costs what its purpose needs (a full counter per offset, fifths per quantity)",
    reads=(OilExpended,),
    covers=("31-34/O-50", "31-34/O-54", "31-34/O-56", "31-34/O-57", "31-34/O-80", "31-34/O-82"),
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
                    f"{power_name(event.faction)} paid {fifths(spent)} for {event.purpose} ({what}); "
                    f"{cost.rule} takes {fifths(expected)}"
                ),
            )
        return
    need = oil_cost_fifths(event.purpose, quantity)
    if spent == need or (event.purpose in SWAPPABLE_FOR_A_COUNTER and spent == FIFTHS_PER_COUNTER):
        return
    what = f"{quantity} {unit.replace('_', ' ')}"
    allowed = f"{fifths(need)}" + (" or one full counter" if event.purpose in SWAPPABLE_FOR_A_COUNTER else "")
    yield c.finding(
        ctx,
        expected=need,
        recorded=spent,
        message=f"{power_name(event.faction)} paid {fifths(spent)} for {event.purpose} ({what}); {cost.rule}: "
        f"{allowed}",
    )


@FAMILY.check(
    "33.52",
    "offsets are bought in oil adjustment or supply determination; construction, growth, resistance oil in theirs",
    reads=(OilExpended,),
    covers=("31-34/O-51",),
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
    "oil goes by sea in whole counters, one transport (EA: 3 destroyer factors) each, in the owner's supply "
    "determination; never Russian oil",
    reads=(OilMoved,),
    covers=("31-34/O-29", "31-34/O-30"),
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
            message=f"{who} shipped {fifths(event.amount)} by sea; only whole oil counters move by sea (33.43B)",
        )
    if event.faction == "european_axis":
        yield from _destroyer_escort(c, ctx, whole)
        return
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


def _destroyer_escort(c: Check, ctx: AuditContext[OilMoved], whole: int) -> Result:
    """The European Axis escort oil by sea with 3 destroyer factors a counter (33.43B)."""
    event = ctx.event
    if event.destroyer_factors is None:
        yield Missing(reason="a European Axis oil shipment does not record its destroyer escort (destroyer_factors)")
        return
    need = EA_DESTROYER_FACTORS_PER_OIL_COUNTER * whole
    if event.destroyer_factors < need:
        yield c.finding(
            ctx,
            expected=need,
            recorded=event.destroyer_factors,
            message=(
                f"the European Axis shipped {whole} oil counter{'s' if whole != 1 else ''} escorted by "
                f"{event.destroyer_factors} destroyer factors; each counter needs "
                f"{EA_DESTROYER_FACTORS_PER_OIL_COUNTER} (33.43B)"
            ),
        )


# ---------------------------------------------------------------------------------------------------------------------
# End of a player turn: reserve maxima (33.422; O-20) and retained partial counters (33.83; O-81)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.422",
    "at the end of a player turn no reserve holds more than its maximum (the excess is eliminated); the South "
    "Africa box holds at most 3 whatever is promised to India",
    reads=(PlayerTurnEnded,),
    covers=("31-34/O-20", "31-34/O-38"),
)
def check_reserve_maximum(c: Check, ctx: AuditContext[Any]) -> Result:
    turn = f"the {ctx.event.side} player turn" if ctx.event.side else "the player turn"
    rule = partial_in_cap(ctx.state.meta.options)
    for rid, _faction, maximum, held, excess in ledger.over_maximum(ctx.state.oil, rule, ctx.state.meta.variant):
        yield c.finding(
            ctx,
            expected=f"at most {maximum}",
            recorded=held,
            message=(
                f"reserve {rid} holds {fifths(held)} at the end of {turn}, above its maximum of "
                f"{fifths(maximum)}; the {excess} excess fifths were not eliminated (33.422)"
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
    held = holding(ctx, event.faction, event.reserve)
    maximum = ledger.maximum_of(reserve, ctx.state.meta.variant) if reserve is not None else None
    if maximum is None or held is None:
        return
    # the larger reading of the excess: partial oil counted toward the maximum (option oil.partial_in_cap)
    excess = reserve_cap_excess(held, maximum, "counted")
    if event.amount > excess:
        yield c.finding(
            ctx,
            expected=f"at most {excess}",
            recorded=event.amount,
            message=(
                f"{fifths(event.amount)} eliminated from {event.reserve} as over its maximum, but it held "
                f"{fifths(held)} against a maximum of {fifths(maximum)} ({excess} over)"
            ),
        )


@FAMILY.check(
    "33.83",
    "at the end of its player turn an alliance faction keeps at most 4 partial oil counters (fifths)",
    reads=(PlayerTurnEnded,),
    covers=("31-34/O-81",),
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
