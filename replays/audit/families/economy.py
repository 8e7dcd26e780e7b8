"""The BRP economy: spending within the BRPs available (or the game's deficit-spending option), the A3R 35.7
prorated batches and their timing.

Sources: 27-30 extract 2.1 (C-04: the BRP ledger is never negative); A3R extract 1.2 (options 3, 4, 4a, 4b), 2.1
(App. B 35.7), 3.3 (C-BRP-1, C-BRP-2, C-BRP-4..C-BRP-11) and 5.3 (the per-turn ledger); worked examples T-B1, T-B3,
T-B4, T-B5, T-B6. Rule arithmetic comes from :mod:`projections.rules.economy`.

**Available BRPs** come from the BRP ledger projection (:mod:`projections.brp`), which follows the recorded amounts
(the other checks judge whether those amounts are right), so a spending check compares a claimed spend with the
BRPs the log says were left; the ledger also settles an Option 2 deficit at the end of the player turn.

Options: ``econ.deficit_spending`` (``none`` default), ``econ.deficit_limits_scope``, ``econ.deficit_base_reduction``
(A3R extract 1.2; AWAW games may record the first three as house rules, ``awaw_events.options.AWAW_OPTIONS``),
``econ.brp_prorating`` (A3R games only; ``awaw_35_7`` is the package value) and ``econ.prorate_negative_rounding``
(A3R extract 2.1 [UNSURE]; ``toward_zero`` default, ``floor``).

Not checked: mutual consent to deficit spending (C-OPT-2: no event records it), conquest timing across seasons
(C-BRP-3 needs ``ConquestCompleted`` events the log does not have), recapture grace (C-BRP-5) and Russian ICs
(C-BRP-13/14).
"""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.events import (
    BrpBaseChanged,
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpSpent,
    GameTurnEnded,
    OffensiveDeclared,
    OilFacilityRepaired,
    PlayerTurnEnded,
    WarDeclared,
)
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, Power, power_name
from projections import brp
from projections.rules.economy import (
    CHANGE_TIMING,
    DEFICIT_BANNED_YEARS,
    OPTION2_POWERS,
    PRORATE_PERCENT,
    DeficitBaseReduction,
    DeficitLimitsScope,
    DeficitOption,
    NegativeRounding,
    ProratingOption,
    batch_findings,
    deficit_cap,
    option1_end_of_turn_findings,
    prorate_batch,
    settle_deficit,
)
from replays.audit.engine import AuditContext, Check, Family, Result
from replays.audit.families.construction import SPENDING_EVENTS, construction_spend

FAMILY = Family("economy")

OTHER_SPENDING: Final = (WarDeclared, OffensiveDeclared, BrpSpent, BrpGrantMade, OilFacilityRepaired)
"""Expenditures outside construction: declarations of war and offensives (27.12), repairs, research and the rest
(``brp_spent``), grants made (27.334), oil facility repairs (33.331)."""

ALL_SPENDING: Final = (*SPENDING_EVENTS, *OTHER_SPENDING)

DEFICIT_OPTION: Final = "econ.deficit_spending"
SCOPE_OPTION: Final = "econ.deficit_limits_scope"
REDUCTION_OPTION: Final = "econ.deficit_base_reduction"
PRORATING_OPTION: Final = "econ.brp_prorating"
ROUNDING_OPTION: Final = "econ.prorate_negative_rounding"

BATCH_PHASES: Final[dict[str, frozenset[str]]] = {
    "diplomatic_phase": frozenset({"diplomacy"}),
    "combat_phase_end": frozenset({"combat"}),
    "yss": frozenset({"year_start"}),
    "allied_turn_start": frozenset({"diplomacy", "research", "game_turn_start"}),
}
"""The phases in which each 35.73 batch point lies (A3R extract 2.1 and 5.3: the end of a diplomatic phase, the
end of a combat phase, the YSS, the start of the Allied player turn)."""


# ---------------------------------------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------------------------------------


def deficit_option(ctx: AuditContext[Any]) -> DeficitOption:
    value = ctx.state.meta.option(DEFICIT_OPTION, "none")
    return cast(DeficitOption, value if value in ("option1_grant_matched", "option2_base_reduction") else "none")


def prorating_option(ctx: AuditContext[Any]) -> ProratingOption:
    """35.7 prorating applies only to A3R games that record ``econ.brp_prorating = awaw_35_7``."""
    meta = ctx.state.meta
    return "awaw_35_7" if meta.rules == "a3r" and meta.option(PRORATING_OPTION, "a3r") == "awaw_35_7" else "a3r"


def _rounding(ctx: AuditContext[Any]) -> NegativeRounding:
    return "floor" if ctx.state.meta.option(ROUNDING_OPTION, "toward_zero") == "floor" else "toward_zero"


def _scope(ctx: AuditContext[Any]) -> DeficitLimitsScope:
    value = ctx.state.meta.option(SCOPE_OPTION, "both_options")
    return "option2_only" if value == "option2_only" else "both_options"


def _reduction(ctx: AuditContext[Any]) -> DeficitBaseReduction:
    value = ctx.state.meta.option(REDUCTION_OPTION, "one_for_one")
    return "growth_rate_at_yss" if value == "growth_rate_at_yss" else "one_for_one"


# ---------------------------------------------------------------------------------------------------------------------
# The running ledger (scratch)
# ---------------------------------------------------------------------------------------------------------------------


def spend_of(ctx: AuditContext[Any]) -> tuple[str, int] | None:
    """(power charged, BRPs) of the event's expenditure, or ``None``."""
    event: Any = ctx.event
    match event:
        case WarDeclared():
            return event.aggressor, event.brp_cost
        case OffensiveDeclared():
            return event.power, event.brp_cost
        case BrpSpent():
            return event.power, event.amount
        case BrpGrantMade():
            return event.donor, event.amount
        case OilFacilityRepaired():
            return (event.power, event.brp_cost) if event.brp_cost else None
    return construction_spend(ctx)


def available(ctx: AuditContext[Any], power: str) -> int | None:
    """BRPs the power has available before the event, or ``None`` before the log sets them (the BRP ledger's
    figure, :func:`projections.brp.available_of`)."""
    return brp.available_of(ctx.state.brp, power)


@FAMILY.observe(BrpGrantMade)
def _grants(ctx: AuditContext[BrpGrantMade]) -> None:
    """Grants received this game turn, for Option 1 (a deficit up to the incoming grants)."""
    event = ctx.event
    if brp.available_of(ctx.state.brp, event.recipient) is not None:
        grants: dict[tuple[str, int, str], int] = ctx.scratch.setdefault("econ_grants", {})
        key = (event.recipient, event.year, event.season)
        grants[key] = grants.get(key, 0) + event.amount


def uncontrolled_kea_values(ctx: AuditContext[Any], power: str) -> list[int]:
    """BRP values of the power's own key economic areas that it does not control (A3R intro, C-BRP-9)."""
    return brp.uncontrolled_kea_values(ctx.state.brp, power)


# ---------------------------------------------------------------------------------------------------------------------
# Spending within the BRPs available; deficit spending (27.1; A3R intro)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "27.1",
    "a power spends no more BRPs than it has available, unless the game's deficit-spending option allows it",
    reads=ALL_SPENDING,
)
def check_brp_available(c: Check, ctx: AuditContext[Any]) -> Result:
    spend = spend_of(ctx)
    if spend is None or not spend[1]:
        return
    power, amount = spend
    before = available(ctx, power)
    if before is None:
        return
    deficit = amount - max(0, before)
    if deficit <= 0 or deficit_option(ctx) != "none":
        return
    yield c.finding(
        ctx,
        expected=f"at most {max(0, before)}",
        recorded=amount,
        message=(
            f"{power_name(power)} spent {amount} BRPs with {before} available: {deficit} beyond them, and this game "
            f"does "
            f"not allow deficit spending (econ.deficit_spending = none)"
        ),
    )


@FAMILY.check(
    "A3R intro",
    "deficit spending within its option: none in 1939, at most base minus uncontrolled KEAs, Option 2 powers only",
    reads=ALL_SPENDING,
    id="deficit_limits",
)
def check_deficit_limits(c: Check, ctx: AuditContext[Any]) -> Result:
    option = deficit_option(ctx)
    if option == "none":
        return
    spend = spend_of(ctx)
    if spend is None or not spend[1]:
        return
    power, amount = spend
    before = available(ctx, power)
    if before is None:
        return
    deficit = amount - before  # the outstanding deficit after this spend
    if deficit <= 0:
        return
    base = ctx.state.brp.base.get(power, 0)
    keas = uncontrolled_kea_values(ctx, power)
    limits = _scope(ctx) == "both_options" or option == "option2_base_reduction"
    year = ctx.event.year
    # Option 1's grant condition is judged at the end of the game turn (deficit_covered_by_grants)
    if limits and year in DEFICIT_BANNED_YEARS:
        yield c.finding(
            ctx,
            expected=f"at most {max(0, before)}",
            recorded=amount,
            message=(
                f"{power_name(power)} spent {amount} BRPs with {before} available, a deficit of {deficit} in {year}; "
                f"deficit spending is not allowed in {year}"
            ),
        )
    cap = deficit_cap(base, keas)
    if limits and deficit > cap:
        yield c.finding(
            ctx,
            expected=f"at most {cap}",
            recorded=deficit,
            message=(
                f"{power_name(power)}'s deficit reaches {deficit} BRPs; it may not exceed its base of {base} less "
                f"{sum(keas)} for uncontrolled key economic areas ({cap})"
            ),
        )
    if option == "option2_base_reduction" and power not in OPTION2_POWERS:
        yield c.finding(
            ctx,
            expected="Germany, Russia, Britain or the U.S.",
            recorded=power,
            message=(
                f"{power_name(power)} spent {deficit} BRPs beyond those available; under Option 2 only "
                f"{', '.join(power_name(p) for p in sorted(OPTION2_POWERS))} may"
            ),
        )


@FAMILY.check(
    "A3R intro",
    "Option 1: by the end of the game turn the grants a power received cover its deficit",
    reads=(GameTurnEnded,),
    id="deficit_covered_by_grants",
)
def check_deficit_covered(c: Check, ctx: AuditContext[Any]) -> Result:
    if deficit_option(ctx) != "option1_grant_matched":
        return
    grants: dict[tuple[str, int, str], int] = ctx.scratch.get("econ_grants", {})
    for power in POWERS:
        left = available(ctx, power)
        if left is None:
            continue
        for _breach in option1_end_of_turn_findings(power, left):
            received = grants.get((power, ctx.event.year, ctx.event.season), 0)
            yield c.finding(
                ctx,
                expected="at least 0",
                recorded=left,
                message=(
                    f"{power_name(power)} ends the game turn {-left} BRPs in deficit; under Option 1 a deficit must be "
                    f"matched by the turn's incoming grants ({received} received)"
                ),
            )


@FAMILY.check(
    "A3R intro",
    "Option 2: an uncovered deficit at the end of the player turn cuts the BRP base",
    reads=(PlayerTurnEnded,),
    id="deficit_settled",
)
def check_deficit_settled(c: Check, ctx: AuditContext[Any]) -> Result:
    if deficit_option(ctx) != "option2_base_reduction" or _reduction(ctx) != "one_for_one":
        return
    cuts: dict[str, int] = ctx.scratch.get("econ_base_cuts", {})
    for power, left in sorted(ctx.state.brp.available.items()):
        side = SIDE_OF_FACTION.get(FACTION_OF_POWER.get(cast(Power, power), "china"))
        if left >= 0 or side != ctx.event.side:
            continue
        base = ctx.state.brp.base.get(power, 0)
        recorded_cut = -cuts.get(power, 0)
        original = base + recorded_cut
        settled = settle_deficit(original, left)
        if recorded_cut < settled.uncovered:
            yield c.finding(
                ctx,
                expected=f"base {settled.base_after}",
                recorded=f"base {base}",
                message=(
                    f"{power_name(power)} ends its player turn {settled.uncovered} BRPs in deficit; under Option 2 its "
                    f"base falls from {original} to {settled.base_after}, recorded {base}"
                ),
            )


@FAMILY.observe(BrpBaseChanged)
def _base_cuts(ctx: AuditContext[BrpBaseChanged]) -> None:
    """Base reductions recorded in the current player turn (the Option 2 settlement, A3R extract 5.3 step I)."""
    event = ctx.event
    if event.delta < 0:
        cuts: dict[str, int] = ctx.scratch.setdefault("econ_base_cuts", {})
        cuts[event.power] = cuts.get(event.power, 0) + event.delta


@FAMILY.observe(PlayerTurnEnded)
def _new_player_turn(ctx: AuditContext[Any]) -> None:
    """The base cuts of a player turn are judged at its end (the ledger itself settles the deficit)."""
    ctx.scratch["econ_base_cuts"] = {}


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7: prorated batches
# ---------------------------------------------------------------------------------------------------------------------


def _accrued(ctx: AuditContext[Any]) -> dict[str, list[tuple[int, int, str]]]:
    """Accrued items not yet applied, by power: (event number, amount, cause)."""
    found: dict[str, list[tuple[int, int, str]]] = ctx.scratch.setdefault("econ_accrued", {})
    return found


@FAMILY.observe(BrpChangeAccrued)
def _accrue(ctx: AuditContext[BrpChangeAccrued]) -> None:
    event = ctx.event
    _accrued(ctx).setdefault(event.power, []).append((ctx.seq, event.amount, event.cause))


@FAMILY.observe(BrpBatchApplied)
def _applied(ctx: AuditContext[BrpBatchApplied]) -> None:
    _accrued(ctx).pop(ctx.event.power, None)


@FAMILY.check(
    "A3R 35.7",
    "a batch nets its accrued gains and losses, then prorates once by the season (100/75/50/25 %, rounded down)",
    reads=(BrpBatchApplied,),
)
def check_brp_batch(c: Check, ctx: AuditContext[BrpBatchApplied]) -> Result:
    event = ctx.event
    option = prorating_option(ctx)
    if option != "awaw_35_7":
        return
    items = [amount for _, amount, _ in _accrued(ctx).get(event.power, [])]
    season = event.season
    pct = PRORATE_PERCENT[season]
    net = sum(items)
    rounding = _rounding(ctx)
    expected = prorate_batch(items, season, negative_rounding=rounding)
    listed = ", ".join(f"{v:+d}" for v in items) or "nothing"
    if event.net != net:
        yield c.finding(
            ctx,
            expected=net,
            recorded=event.net,
            message=f"{power_name(event.power)}'s batch nets {listed} to {net:+d}; recorded {event.net:+d} (35.72)",
        )
    if event.percent != pct:
        yield c.finding(
            ctx,
            expected=f"{pct} %",
            recorded=f"{event.percent} %",
            message=f"BRP changes applied in {season} are prorated at {pct} %; recorded {event.percent} % (35.71)",
        )
    for _breach in batch_findings(items, season, event.applied, option=option, negative_rounding=rounding):
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.applied,
            message=(
                f"{power_name(event.power)}'s batch ({listed}) nets to {net:+d}; {pct} % in {season}, rounded down, "
                f"gives {expected:+d}; recorded {event.applied:+d} (35.71-35.72)"
            ),
        )


@FAMILY.check(
    "A3R 35.73",
    "each accrued change is applied at its 35.73 point: diplomatic phase, end of combat phase, YSS, Allied turn start",
    reads=(BrpBatchApplied,),
)
def check_brp_batch_timing(c: Check, ctx: AuditContext[BrpBatchApplied]) -> Result:
    event = ctx.event
    if prorating_option(ctx) != "awaw_35_7" or event.phase is None:
        return
    for seq, amount, cause in _accrued(ctx).get(event.power, []):
        timing = CHANGE_TIMING.get(cast(Any, cause))
        if timing is None:
            continue
        phases = BATCH_PHASES.get(timing.point)
        if phases is None or event.phase in phases:
            continue
        yield c.finding(
            ctx,
            expected=timing.point.replace("_", " "),
            recorded=event.phase,
            message=(
                f"the {cause.replace('_', ' ')} change of {amount:+d} (event {seq}) is applied at the "
                f"{timing.point.replace('_', ' ')} ({timing.rule}), not in the {event.phase.replace('_', ' ')} phase"
            ),
        )


@FAMILY.check(
    "A3R 35.7",
    "under 35.7 prorating, conquest and minor-country gains are accrued and prorated, not added at once",
    reads=(BrpGained,),
    id="brp_unprorated",
)
def check_brp_unprorated(c: Check, ctx: AuditContext[BrpGained]) -> Result:
    event = ctx.event
    if prorating_option(ctx) != "awaw_35_7":
        return
    timing = CHANGE_TIMING.get(event.cause)
    if timing is None or not timing.prorated:
        return
    pct = PRORATE_PERCENT[event.season]
    yield c.finding(
        ctx,
        expected="brp_change_accrued + brp_batch_applied",
        recorded=f"+{event.amount} at once",
        message=(
            f"{power_name(event.power)} gained {event.amount} BRPs for {event.cause.replace('_', ' ')} at once; "
            f"under 35.7 "
            f"the gain is prorated ({event.season}: {pct} %) and applied at the {timing.point.replace('_', ' ')} "
            f"({timing.rule})"
        ),
    )
