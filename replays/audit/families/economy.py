"""The BRP economy: spending within the BRPs available (or the game's deficit-spending option), the A3R 35.7
prorated batches and their timing.

Sources: 27-30 extract 2.1 (C-04: the BRP ledger is never negative); A3R extract 1.2 (options 3, 4, 4a, 4b), 2.1
(App. B 35.7), 3.3 (C-BRP-1, C-BRP-2, C-BRP-4..C-BRP-11) and 5.3 (the per-turn ledger); worked examples T-B1, T-B3,
T-B4, T-B5, T-B6. Rule arithmetic comes from :mod:`projections.rules.economy`.

**Everything running comes from the BRP ledger** (:mod:`projections.brp`), which follows the recorded amounts (the
other checks judge whether those amounts are right): each expenditure with its payer and the BRPs available before
it (read after the event, :func:`projections.brp.expenditure_at`), bases, uncontrolled KEAs, the grants received
this turn, the base cuts of the player turn and the 35.7 items waiting for their batch. The ledger also settles an
Option 2 deficit at the end of the player turn. Option values are read by :mod:`projections.rules.economy`.

Options: ``econ.deficit_spending`` (``none`` default), ``econ.deficit_limits_scope``, ``econ.deficit_base_reduction``
(A3R extract 1.2; AWAW games may record the first three as house rules, ``awaw_events.options.AWAW_OPTIONS``),
``econ.brp_prorating`` (A3R games only; ``awaw_35_7`` is the package value) and ``econ.prorate_negative_rounding``
(A3R extract 2.1 [UNSURE]; ``toward_zero`` default, ``floor``).

Not checked: mutual consent to deficit spending (C-OPT-2: no event records it), conquest timing across seasons
(C-BRP-3 needs ``ConquestCompleted`` events the log does not have), recapture grace (C-BRP-5) and Russian ICs
(C-BRP-13/14).
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from awaw_events.events import (
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpSpent,
    GameTurnEnded,
    IcValueChanged,
    PlayerTurnEnded,
    SwCombatResolved,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SEASONS, SIDE_OF_FACTION, power_name
from projections import brp
from projections.brp import Accrual, Line
from projections.position.common import unknown_brps
from projections.rules.control import controller_faction
from projections.rules.economy import (
    AREA_LOSS_CAUSES,
    BATCH_POINT_PHASES,
    CHANGE_TIMING,
    DEFICIT_BANNED_YEARS,
    FRENCH_COLONY_AREAS,
    IC_CAUSE_PHASES,
    IC_STEP,
    NORTHERN_ROUTE_SEASONS,
    OPTION2_POWERS,
    PRORATE_PERCENT,
    SECONDARY_SW_BRPS_PER_SUB,
    batch_due,
    batch_findings,
    deficit_base_reduction,
    deficit_cap,
    deficit_limits_scope,
    deficit_option,
    ic_value_expected,
    negative_rounding,
    option1_end_of_turn_findings,
    prorate_batch,
    prorating_option,
    raiding_cost,
    settle_deficit,
)
from projections.rules.mapdata import resolve_place
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

FAMILY = Family("economy")


def spending(ctx: AuditContext[Any]) -> Line | None:
    """The event's expenditure as the BRP ledger charged it (read after the event): the payer (``power``), the BRPs
    (``-amount``) and the BRPs the payer had available before it (``before``, ``None`` before its first
    ``brps_set``)."""
    line = brp.expenditure_at(ctx.state.brp, ctx.seq)
    return None if line is None or not line.power else line


class DeficitCap(NamedTuple):
    """The most a power may be in deficit (A3R intro; C-BRP-9): its BRP base less its uncontrolled KEAs."""

    base: int
    keas: list[int]
    cap: int


def deficit_cap_for(ctx: AuditContext[Any], power: str) -> DeficitCap:
    """The power's deficit cap from the ledger (its base and the KEAs it does not control)."""
    ledger = ctx.state.brp
    base = ledger.base.get(power, 0)
    keas = brp.uncontrolled_kea_values(ledger, power)
    return DeficitCap(base, keas, deficit_cap(base, keas))


def batch_items(ctx: AuditContext[Any], power: str) -> tuple[Accrual, ...]:
    """The 35.7 items the ledger holds for the power's next batch (A3R extract 4.2)."""
    return ctx.state.brp.accrued.get(power, ())


# ---------------------------------------------------------------------------------------------------------------------
# Spending within the BRPs available; deficit spending (27.1; A3R intro)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "27.1",
    "a power spends no more BRPs than it has available, unless the game's deficit-spending option allows it",
    reads=brp.EXPENDITURE_EVENTS,
    after=True,
    covers=("C-04", "C-BRP-7"),
)
def check_brp_available(c: Check, ctx: AuditContext[Any]) -> Result:
    line = spending(ctx)
    if line is None:
        return
    if line.before is None:
        if line.amount:  # a cost with no BRP total to compare it with: say so
            yield unknown_brps(line.power)
        return
    power, amount, before = line.power, -line.amount, line.before
    deficit = amount - max(0, before)
    if deficit <= 0 or deficit_option(ctx.meta) != "none":
        return
    yield c.finding(
        ctx,
        expected=f"at most {max(0, before)}",
        recorded=amount,
        message=(
            f"{power_name(power)} spent {amount} BRPs with {before} available: {deficit} beyond them, and this game "
            f"does not allow deficit spending (econ.deficit_spending = none)"
        ),
    )


@FAMILY.check(
    "A3R intro",
    "deficit spending within its option: none in 1939, at most base minus uncontrolled KEAs, Option 2 powers only",
    reads=brp.EXPENDITURE_EVENTS,
    id="deficit_limits",
    after=True,
    covers=("C-BRP-8", "C-BRP-9", "C-BRP-11"),
)
def check_deficit_limits(c: Check, ctx: AuditContext[Any]) -> Result:
    option = deficit_option(ctx.meta)
    if option == "none":
        return
    line = spending(ctx)
    if line is None:
        return
    if line.before is None:
        if line.amount:
            yield unknown_brps(line.power)
        return
    power, amount, before = line.power, -line.amount, line.before
    deficit = amount - before  # the outstanding deficit after this spend
    if deficit <= 0:
        return
    base, keas, cap = deficit_cap_for(ctx, power)
    limits = deficit_limits_scope(ctx.meta) == "both_options" or option == "option2_base_reduction"
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
    covers=("C-BRP-10",),
)
def check_deficit_covered(c: Check, ctx: AuditContext[GameTurnEnded]) -> Result:
    if deficit_option(ctx.meta) != "option1_grant_matched":
        return
    ledger = ctx.state.brp
    for power in POWERS:
        left = brp.available_of(ledger, power)
        if left is None:
            continue
        for _breach in option1_end_of_turn_findings(power, left):
            received = brp.grants_received(ledger, power)
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
    covers=("C-BRP-11",),
)
def check_deficit_settled(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    meta = ctx.meta
    if deficit_option(meta) != "option2_base_reduction" or deficit_base_reduction(meta) != "one_for_one":
        return
    ledger = ctx.state.brp
    for power, left in sorted(ledger.available.items()):
        if left >= 0 or brp.side_of(power) != ctx.event.side:
            continue
        base = ledger.base.get(power, 0)
        recorded_cut = -ledger.base_cuts.get(power, 0)
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


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7: prorated batches
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "A3R 35.7",
    "a batch nets its accrued gains and losses, then prorates once by the season (100/75/50/25 %, rounded down)",
    reads=(BrpBatchApplied,),
    covers=("C-BRP-1", "C-BRP-2"),
)
def check_brp_batch(c: Check, ctx: AuditContext[BrpBatchApplied]) -> Result:
    event = ctx.event
    option = prorating_option(ctx.meta)
    if option != "awaw_35_7":
        return
    items = [a.amount for a in batch_items(ctx, event.power)]
    season = event.season
    pct = PRORATE_PERCENT[season]
    net = sum(items)
    rounding = negative_rounding(ctx.meta)
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
    "each accrued change is applied at its 35.73 point and turn: conquests at the conqueror's diplomatic phase of the "
    "next season (Axis winter conquests at the YSS), minor-country changes in the diplomatic phase they occur in, "
    "captured KEAs and ICs at the end of the capturing player's combat phase, Free French colonies at the next Allied "
    "player turn",
    reads=(BrpBatchApplied,),
    covers=("C-BRP-3", "C-BRP-4", "C-BRP-5", "C-BRP-6", "C-BRP-15"),
)
def check_brp_batch_timing(c: Check, ctx: AuditContext[BrpBatchApplied]) -> Result:
    event = ctx.event
    if prorating_option(ctx.meta) != "awaw_35_7" or event.phase is None:
        return
    turn = game_turn(event)
    for item in batch_items(ctx, event.power):
        seq, amount, cause = item.seq, item.amount, item.cause
        timing = CHANGE_TIMING.get(cast(Any, cause))
        if timing is None:
            continue
        if cause in AREA_LOSS_CAUSES:
            yield from _retaken(c, ctx, item)
        due = batch_due(cast(Any, cause), item.turn, item.side)
        point = due.point if due is not None else timing.point
        phases = BATCH_POINT_PHASES.get(point)
        if phases is not None and event.phase not in phases:
            yield c.finding(
                ctx,
                expected=point.replace("_", " "),
                recorded=event.phase,
                message=(
                    f"the {cause.replace('_', ' ')} change of {amount:+d} (event {seq}) is applied at the "
                    f"{point.replace('_', ' ')} ({timing.rule}), not in the {event.phase.replace('_', ' ')} phase"
                ),
            )
            continue
        if due is None or (due.turn == turn and due.side in (None, event.side)):
            continue
        when = f"{SEASONS[due.turn % 4].capitalize()} {1900 + due.turn // 4}" + (f" {due.side}" if due.side else "")
        yield c.finding(
            ctx,
            expected=when,
            recorded=f"{event.season.capitalize()} {event.year} {event.side or ''}".rstrip(),
            message=(
                f"the {cause.replace('_', ' ')} change of {amount:+d} (event {seq}) is due at the "
                f"{point.replace('_', ' ')} of {when} ({timing.rule}); it is applied in {event.season} {event.year}"
            ),
        )


def _retaken(c: Check, ctx: AuditContext[BrpBatchApplied], item: Accrual) -> Result:
    """A loss of a conquest, minor or colony is debited only if the owner did not recapture the area first (35.73C):
    recaptured means every hex the map data gives the area is held by the owner's side again (an allied major power's
    recapture counts, 35.73C). Choice beside the rule: a hex whose controller is a minor country is not the owner's
    side's."""
    power = ctx.event.power
    if item.area is None:
        yield Missing(
            reason=f"the {item.cause.replace('_', ' ')} (event {item.seq}) names no area: whether "
            f"{power_name(power)} retook it first (35.73C) is not checked"
        )
        return
    hexes = resolve_place(ctx.map, item.area)
    if not hexes:
        yield Missing(
            reason=f"no map data names {item.area} (its hexes: whether {power_name(power)} retook it, 35.73C)"
        )
        return
    board = ctx.state.board
    controllers = [board.control.get(h) for h in hexes]
    if any(holder is None for holder in controllers):
        yield Missing(reason=f"the control of every hex of {item.area} is not recorded (35.73C)")
        return
    side = SIDE_OF_FACTION[FACTION_OF_POWER[power]]
    sides = [SIDE_OF_FACTION[f] if (f := controller_faction(h)) is not None else None for h in controllers]
    if all(s == side for s in sides):
        yield c.finding(
            ctx,
            expected="no debit: the area was retaken",
            recorded=f"{item.amount:+d} (event {item.seq})",
            message=f"{power_name(power)}'s loss of {item.area} ({item.amount:+d}, event {item.seq}) is debited "
            f"although its side holds every hex of {item.area} again: a loss stands only if the owner did not "
            "recapture the area by the end of its next combat phase (35.73C)",
        )


@FAMILY.check(
    "A3R 35.7",
    "under 35.7 prorating, conquest and minor-country gains are accrued and prorated, not added at once",
    reads=(BrpGained,),
    id="brp_unprorated",
    covers=("C-BRP-1",),
)
def check_brp_unprorated(c: Check, ctx: AuditContext[BrpGained]) -> Result:
    event = ctx.event
    if prorating_option(ctx.meta) != "awaw_35_7":
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


# ---------------------------------------------------------------------------------------------------------------------
# Who gets which BRPs (58.31B, 58.531A)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "A3R 58.531A",
    "Free French colony BRPs go to Britain; without Vichy the Axis gain no BRPs for the colonies that would have "
    "become Vichy",
    reads=(BrpChangeAccrued, BrpGained),
    id="french_colony_brps",
    covers=("C-BRP-15",),
)
def check_french_colony_brps(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if event.cause == "free_french_colonies" and event.power != "britain":
        return (
            c.finding(
                ctx,
                expected="britain",
                recorded=event.power,
                message=f"{power_name(event.power)} receives the Free French colonies' BRPs; they go to Britain "
                "(58.531A)",
            ),
        )
    area = (event.area or "").lower()
    if area not in FRENCH_COLONY_AREAS or event.amount <= 0 or brp.side_of(event.power) != "axis":
        return ()
    if ctx.state.politics.vichy is not False:
        return ()
    return (
        c.finding(
            ctx,
            expected="no BRPs",
            recorded=f"{event.amount:+d}",
            message=f"{power_name(event.power)} gains BRPs for {event.area}; Vichy was not established, and the Axis "
            "gain no BRPs for the colonies that would have become Vichy (58.31B)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Russian ICs (A3R App. E, App. H; 37.711, 30.225E)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "A3R 37.711",
    "Russian IC values move by 5: built at 5 and grown by 5 in unit construction phases, 5 off for each use as a "
    "supply source (initial supply), 5 back at a YSS",
    reads=(IcValueChanged,),
    id="ic_value",
    partly={
        "C-BRP-13": "the year's IC value that caps a regain, and the full supply a regain needs, are not in the texts",
        "C-BRP-14": "the year's IC value (the cap of the growth) is not in the texts",
    },
)
def check_ic_value(c: Check, ctx: AuditContext[IcValueChanged]) -> Result:
    event = ctx.event
    out: list[Outcome] = []
    phases = IC_CAUSE_PHASES.get(event.cause)
    if phases is not None and event.phase is not None and event.phase not in phases:
        out.append(
            c.finding(
                ctx,
                expected=" or ".join(sorted(phases)),
                recorded=event.phase,
                message=f"the IC at {event.hex} changes ({event.cause.replace('_', ' ')}) in the "
                f"{event.phase.replace('_', ' ')} phase (App. E, 37.711, 30.225E)",
            )
        )
    before = ctx.state.brp.ics.get(event.hex)
    expected = ic_value_expected(event.cause, before)
    if expected is None:
        if event.cause in ("growth", "supply_use", "yss_regain"):
            out.append(Missing(reason="the IC's value before the change is not recorded (ic_value_changed)"))
        return out
    if event.value != expected:
        out.append(
            c.finding(
                ctx,
                expected=expected,
                recorded=event.value,
                message=f"the IC at {event.hex} goes from {before if before is not None else 'none'} to {event.value} "
                f"({event.cause.replace('_', ' ')}); the rules move it by {IC_STEP}, to {expected} (App. E, 37.711)",
            )
        )
    return out


@FAMILY.check(
    "A3R 37.711",
    "each use of a Russian IC as a supply source costs Russia 5 BRPs",
    reads=(PlayerTurnEnded,),
    id="ic_supply_cost",
    covers=("C-BRP-13",),
)
def check_ic_supply_cost(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    ledger = ctx.state.brp
    uses = brp.total(ledger, "russia", "ic_uses")
    lost = brp.total(ledger, "russia", "ic_supply_loss")
    if ctx.event.side != "allied" or lost == uses * IC_STEP:
        return ()
    if lost == 0:
        return (Missing(reason="Russia's BRP loss for using ICs as supply sources is not recorded (brp_lost)"),)
    return (
        c.finding(
            ctx,
            expected=uses * IC_STEP,
            recorded=lost,
            message=f"Russia used ICs as supply sources {uses} time(s) this turn and lost {lost} BRPs for it; each use "
            f"costs {IC_STEP} BRPs (37.711, 30.225E)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Costs of the house rules (A3R extract 2.5), grant routes (2.13), the secondary SW round (2.14)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "A3R intro",
    "raiding with ships costs 1 BRP per 3 naval factors employed, rounded up (option econ.naval_raiding_cost)",
    reads=(BrpSpent,),
    id="raiding_cost",
    covers=("C-BRP-12",),
)
def check_raiding_cost(c: Check, ctx: AuditContext[BrpSpent]) -> Result:
    event = ctx.event
    if event.category != "raiding" or ctx.meta.option("econ.naval_raiding_cost", "off") != "one_brp_per_3ff":
        return ()
    if event.factors is None:
        return (Missing(reason="the naval factors of a raid (brp_spent.factors) are not recorded"),)
    cost = raiding_cost(event.factors)
    if event.amount == cost:
        return ()
    return (
        c.finding(
            ctx,
            expected=cost,
            recorded=event.amount,
            message=f"{power_name(event.power)} pays {event.amount} BRPs for raiding with {event.factors} naval "
            f"factors; raiding costs 1 BRP per 3 factors, rounded up: {cost} (A3R intro)",
        ),
    )


@FAMILY.check(
    "A3R intro",
    "grants to Russia by the northern routes: Murmansk all year, Archangel in Summer and Fall, each only while its "
    "route is open",
    reads=(BrpGrantMade,),
    id="northern_routes",
    covers=("C-BRP-17",),
)
def check_northern_routes(c: Check, ctx: AuditContext[BrpGrantMade]) -> Result:
    event = ctx.event
    route = (event.route or "").lower()
    seasons = NORTHERN_ROUTE_SEASONS.get(route)
    if event.recipient != "russia" or seasons is None:
        return ()
    if ctx.meta.rules == "a3r" and ctx.meta.option("econ.northern_grant_routes", "murmansk_archangel") == "a3r":
        return ()
    out: list[Outcome] = []
    if event.season not in seasons:
        out.append(
            c.finding(
                ctx,
                expected=" or ".join(s for s in SEASONS if s in seasons),
                recorded=event.season,
                message=f"{power_name(event.donor)} grants {event.amount} BRPs to Russia by {route.capitalize()} in "
                f"{event.season}; the Archangel route is open in Summer and Fall only (A3R intro)",
            )
        )
    if ctx.state.redeployment.routes.get(route) is False:
        out.append(
            c.finding(
                ctx,
                expected=f"the {route} route open",
                recorded="closed",
                message=f"{power_name(event.donor)} grants {event.amount} BRPs to Russia by {route.capitalize()}, "
                "whose route is closed (A3R intro: a supply line A47/A50 - Vologda - east edge)",
            )
        )
    return out


@FAMILY.check(
    "A3R App. L",
    "in the secondary SW round the withheld Murmansk submarines take at most 1 BRP each",
    reads=(SwCombatResolved,),
    id="secondary_sw_take",
    partly={
        "C-BRP-18": "the withheld submarines are not recorded apart from the SW box's, so the take is held to 1 BRP "
        "per submarine of the round; the SR and USAT carry-over is the SW family's"
    },
)
def check_secondary_sw_take(c: Check, ctx: AuditContext[SwCombatResolved]) -> Result:
    event = ctx.event
    if event.round != "secondary":
        return ()
    most = SECONDARY_SW_BRPS_PER_SUB * event.submarines
    if event.brps_taken <= most:
        return (Missing(reason="the withheld Murmansk submarines of a secondary SW round are not recorded"),)
    return (
        c.finding(
            ctx,
            expected=f"at most {most}",
            recorded=event.brps_taken,
            message=f"the secondary SW round takes {event.brps_taken} BRPs with {event.submarines} submarines; the "
            "withheld submarines take at most 1 BRP each (App. L)",
        ),
    )
