"""The BRP economy asked of a position: spending within the BRPs available (or the game's deficit-spending option),
the A3R 35.7 prorated batches and their timing, Russian ICs, raiding costs, grant routes and the secondary SW take.

Sources: 27-30 extract 2.1 (C-04: the BRP ledger is never negative); A3R extract 1.2 (options 3, 4, 4a, 4b), 2.1
(App. B 35.7), 3.3 (C-BRP-1, C-BRP-2, C-BRP-4..C-BRP-11) and 5.3 (the per-turn ledger); worked examples T-B1, T-B3,
T-B4, T-B5, T-B6. Rule arithmetic comes from :mod:`projections.rules.economy`.

**Everything running comes from the BRP ledger** (:mod:`projections.brp`), which follows the recorded amounts (the
other queries judge whether those amounts are right): each expenditure with its payer and the BRPs available before
it, bases, uncontrolled KEAs, the grants received this turn, the base cuts of the player turn and the 35.7 items
waiting for their batch. The ledger also settles an Option 2 deficit at the end of the player turn. A query on an
expenditure (:func:`brp_available`, :func:`deficit_limits`) reads the position *after* the event, whose clock names
it: the ledger's line for it says who paid and what was left (:func:`spending`); a command asks them of the position
its drafted event leads to.

Options: ``econ.deficit_spending`` (``none`` default), ``econ.deficit_limits_scope``, ``econ.deficit_base_reduction``
(A3R extract 1.2; AWAW games may record the first three as house rules, ``awaw_events.options.AWAW_OPTIONS``),
``econ.brp_prorating`` (A3R games only; ``awaw_35_7`` is the package value) and ``econ.prorate_negative_rounding``
(A3R extract 2.1 [UNSURE]; ``toward_zero`` default, ``floor``).

Not decided: mutual consent to deficit spending (C-OPT-2: the politics queries), conquest timing across seasons
(C-BRP-3 needs ``ConquestCompleted`` events the log does not have), recapture grace (C-BRP-5) and Russian ICs
(C-BRP-13/14).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple, cast

from awaw_events.events import (
    BrpBatchApplied,
    BrpChangeAccrued,
    BrpGained,
    BrpGrantMade,
    BrpSpent,
    Event,
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
from projections.position.core import Position, Unknown, breach
from projections.rules import economy as rules
from projections.rules.breach import Breach
from projections.rules.control import controller_faction
from projections.rules.mapdata import resolve_place

Verdict = Iterable[Breach | Unknown]


def spending(pos: Position) -> Line | None:
    """The expenditure of the event the position comes after, as the BRP ledger charged it: the payer (``power``),
    the BRPs (``-amount``) and the BRPs the payer had available before it (``before``, ``None`` before its first
    ``brps_set``)."""
    line = brp.expenditure_at(pos.state.brp, pos.state.clock.seq)
    return None if line is None or not line.power else line


class DeficitCap(NamedTuple):
    """The most a power may be in deficit (A3R intro; C-BRP-9): its BRP base less its uncontrolled KEAs."""

    base: int
    keas: list[int]
    cap: int


def deficit_cap_for(pos: Position, power: str) -> DeficitCap:
    """The power's deficit cap from the ledger (its base and the KEAs it does not control)."""
    ledger = pos.state.brp
    base = ledger.base.get(power, 0)
    keas = brp.uncontrolled_kea_values(ledger, power)
    return DeficitCap(base, keas, rules.deficit_cap(base, keas))


def batch_items(pos: Position, power: str) -> tuple[Accrual, ...]:
    """The 35.7 items the ledger holds for the power's next batch (A3R extract 4.2)."""
    return pos.state.brp.accrued.get(power, ())


def _spent(pos: Position) -> tuple[str, int, int] | Unknown | None:
    """The payer, the BRPs and what it had before, of the expenditure the position comes after (an unknown total:
    :func:`projections.position.common.unknown_brps`)."""
    line = spending(pos)
    if line is None:
        return None
    if line.before is None:  # a cost with no BRP total to compare it with: say so
        return unknown_brps(line.power) if line.amount else None
    return line.power, -line.amount, line.before


# ---------------------------------------------------------------------------------------------------------------------
# Spending within the BRPs available; deficit spending (27.1; A3R intro)


def brp_available(pos: Position, event: Event) -> Verdict:
    """27.1: a power spends no more BRPs than it has available, unless the game's deficit-spending option allows
    it."""
    found = _spent(pos)
    if found is None or isinstance(found, Unknown):
        return () if found is None else (found,)
    power, amount, before = found
    deficit = amount - max(0, before)
    if deficit <= 0 or rules.deficit_option(pos.meta) != "none":
        return ()
    message = (
        f"{power_name(power)} spent {amount} BRPs with {before} available: {deficit} beyond them, and this game "
        f"does not allow deficit spending (econ.deficit_spending = none)"
    )
    return (breach("27.1", message, f"at most {max(0, before)}", amount),)


def deficit_limits(pos: Position, event: Event) -> Verdict:
    """A3R intro: deficit spending within its option: none in 1939, at most base minus uncontrolled KEAs, Option 2
    powers only."""
    option = rules.deficit_option(pos.meta)
    found = None if option == "none" else _spent(pos)
    if found is None or isinstance(found, Unknown):
        return () if found is None else (found,)
    power, amount, before = found
    deficit = amount - before  # the outstanding deficit after this spend
    if deficit <= 0:
        return ()
    base, keas, cap = deficit_cap_for(pos, power)
    limits = rules.deficit_limits_scope(pos.meta) == "both_options" or option == "option2_base_reduction"
    year, who = event.year, power_name(power)
    out = []
    # Option 1's grant condition is judged at the end of the game turn (deficit_covered_by_grants)
    if limits and year in rules.DEFICIT_BANNED_YEARS:
        message = (
            f"{who} spent {amount} BRPs with {before} available, a deficit of {deficit} in {year}; deficit spending "
            f"is not allowed in {year}"
        )
        out.append(breach("A3R intro", message, f"at most {max(0, before)}", amount))
    if limits and deficit > cap:
        message = (
            f"{who}'s deficit reaches {deficit} BRPs; it may not exceed its base of {base} less {sum(keas)} for "
            f"uncontrolled key economic areas ({cap})"
        )
        out.append(breach("A3R intro", message, f"at most {cap}", deficit))
    if option == "option2_base_reduction" and power not in rules.OPTION2_POWERS:
        message = (
            f"{who} spent {deficit} BRPs beyond those available; under Option 2 only "
            f"{', '.join(power_name(p) for p in sorted(rules.OPTION2_POWERS))} may"
        )
        out.append(breach("A3R intro", message, "Germany, Russia, Britain or the U.S.", power))
    return out


def deficit_covered_by_grants(pos: Position, event: GameTurnEnded) -> Verdict:
    """A3R intro: Option 1: by the end of the game turn the grants a power received cover its deficit."""
    if rules.deficit_option(pos.meta) != "option1_grant_matched":
        return
    ledger = pos.state.brp
    for power in POWERS:
        left = brp.available_of(ledger, power)
        if left is None:
            continue
        for _breach in rules.option1_end_of_turn_findings(power, left):
            message = (
                f"{power_name(power)} ends the game turn {-left} BRPs in deficit; under Option 1 a deficit must be "
                f"matched by the turn's incoming grants ({brp.grants_received(ledger, power)} received)"
            )
            yield breach("A3R intro", message, "at least 0", left)


def deficit_settled(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """A3R intro: Option 2: an uncovered deficit at the end of the player turn cuts the BRP base."""
    meta = pos.meta
    if rules.deficit_option(meta) != "option2_base_reduction" or rules.deficit_base_reduction(meta) != "one_for_one":
        return
    ledger = pos.state.brp
    for power, left in sorted(ledger.available.items()):
        if left >= 0 or brp.side_of(power) != event.side:
            continue
        base = ledger.base.get(power, 0)
        original = base - ledger.base_cuts.get(power, 0)
        settled = rules.settle_deficit(original, left)
        if original - base < settled.uncovered:
            message = (
                f"{power_name(power)} ends its player turn {settled.uncovered} BRPs in deficit; under Option 2 its "
                f"base falls from {original} to {settled.base_after}, recorded {base}"
            )
            yield breach("A3R intro", message, f"base {settled.base_after}", f"base {base}")


# ---------------------------------------------------------------------------------------------------------------------
# A3R 35.7: prorated batches


def brp_batch(pos: Position, event: BrpBatchApplied) -> Verdict:
    """A3R 35.7: a batch nets its accrued gains and losses, then prorates once by the season (100/75/50/25 %,
    rounded down)."""
    option = rules.prorating_option(pos.meta)
    if option != "awaw_35_7":
        return
    items = [a.amount for a in batch_items(pos, event.power)]
    season, who = event.season, power_name(event.power)
    pct, net = rules.PRORATE_PERCENT[season], sum(items)
    rounding = rules.negative_rounding(pos.meta)
    expected = rules.prorate_batch(items, season, negative_rounding=rounding)
    listed = ", ".join(f"{v:+d}" for v in items) or "nothing"
    if event.net != net:
        yield breach(
            "35.72", f"{who}'s batch nets {listed} to {net:+d}; recorded {event.net:+d} (35.72)", net, event.net
        )
    if event.percent != pct:
        message = f"BRP changes applied in {season} are prorated at {pct} %; recorded {event.percent} % (35.71)"
        yield breach("35.71", message, f"{pct} %", f"{event.percent} %")
    for _breach in rules.batch_findings(items, season, event.applied, option=option, negative_rounding=rounding):
        message = (
            f"{who}'s batch ({listed}) nets to {net:+d}; {pct} % in {season}, rounded down, gives {expected:+d}; "
            f"recorded {event.applied:+d} (35.71-35.72)"
        )
        yield breach("35.71", message, expected, event.applied)


def brp_batch_timing(pos: Position, event: BrpBatchApplied) -> Verdict:
    """A3R 35.73: each accrued change is applied at its 35.73 point and turn: conquests at the conqueror's
    diplomatic phase of the next season (Axis winter conquests at the YSS), minor-country changes in the diplomatic
    phase they occur in, captured KEAs and ICs at the end of the capturing player's combat phase, Free French
    colonies at the next Allied player turn."""
    if rules.prorating_option(pos.meta) != "awaw_35_7" or event.phase is None:
        return
    turn = game_turn(event)
    for item in batch_items(pos, event.power):
        seq, amount, cause = item.seq, item.amount, item.cause
        timing = rules.CHANGE_TIMING.get(cast(Any, cause))
        if timing is None:
            continue
        if cause in rules.AREA_LOSS_CAUSES:
            yield from _retaken(pos, event, item)
        due = rules.batch_due(cast(Any, cause), item.turn, item.side)
        point = due.point if due is not None else timing.point
        phases = rules.BATCH_POINT_PHASES.get(point)
        what, at = cause.replace("_", " "), point.replace("_", " ")
        if phases is not None and event.phase not in phases:
            message = (
                f"the {what} change of {amount:+d} (event {seq}) is applied at the {at} ({timing.rule}), not in the "
                f"{event.phase.replace('_', ' ')} phase"
            )
            yield breach(timing.rule, message, at, event.phase)
            continue
        if due is None or (due.turn == turn and due.side in (None, event.side)):
            continue
        when = f"{SEASONS[due.turn % 4].capitalize()} {1900 + due.turn // 4}" + (f" {due.side}" if due.side else "")
        message = (
            f"the {what} change of {amount:+d} (event {seq}) is due at the {at} of {when} ({timing.rule}); it is "
            f"applied in {event.season} {event.year}"
        )
        applied = f"{event.season.capitalize()} {event.year} {event.side or ''}".rstrip()
        yield breach(timing.rule, message, when, applied)


def _retaken(pos: Position, event: BrpBatchApplied, item: Accrual) -> Verdict:
    """A loss of a conquest, minor or colony is debited only if the owner did not recapture the area first (35.73C):
    recaptured means every hex the map data gives the area is held by the owner's side again (an allied major power's
    recapture counts, 35.73C). Choice beside the rule: a hex whose controller is a minor country is not the owner's
    side's."""
    power = event.power
    if item.area is None:
        yield Unknown(
            reason=f"the {item.cause.replace('_', ' ')} (event {item.seq}) names no area: whether "
            f"{power_name(power)} retook it first (35.73C) is not checked"
        )
        return
    hexes = resolve_place(pos.map, item.area)
    if not hexes:
        yield Unknown(
            reason=f"no map data names {item.area} (its hexes: whether {power_name(power)} retook it, 35.73C)"
        )
        return
    controllers = [pos.board.control.get(h) for h in hexes]
    if any(holder is None for holder in controllers):
        yield Unknown(reason=f"the control of every hex of {item.area} is not recorded (35.73C)")
        return
    side = SIDE_OF_FACTION[FACTION_OF_POWER[power]]
    if all(f is not None and SIDE_OF_FACTION[f] == side for f in map(controller_faction, controllers)):
        message = (
            f"{power_name(power)}'s loss of {item.area} ({item.amount:+d}, event {item.seq}) is debited although its "
            f"side holds every hex of {item.area} again: a loss stands only if the owner did not recapture the area "
            "by the end of its next combat phase (35.73C)"
        )
        yield breach("35.73C", message, "no debit: the area was retaken", f"{item.amount:+d} (event {item.seq})")


def brp_unprorated(pos: Position, event: BrpGained) -> Verdict:
    """A3R 35.7: under 35.7 prorating, conquest and minor-country gains are accrued and prorated, not added at
    once."""
    if rules.prorating_option(pos.meta) != "awaw_35_7":
        return ()
    timing = rules.CHANGE_TIMING.get(event.cause)
    if timing is None or not timing.prorated:
        return ()
    message = (
        f"{power_name(event.power)} gained {event.amount} BRPs for {event.cause.replace('_', ' ')} at once; under "
        f"35.7 the gain is prorated ({event.season}: {rules.PRORATE_PERCENT[event.season]} %) and applied at the "
        f"{timing.point.replace('_', ' ')} ({timing.rule})"
    )
    return (breach("35.71", message, "brp_change_accrued + brp_batch_applied", f"+{event.amount} at once"),)


# ---------------------------------------------------------------------------------------------------------------------
# Who gets which BRPs (58.31B, 58.531A)


def french_colony_brps(pos: Position, event: BrpChangeAccrued | BrpGained) -> Verdict:
    """A3R 58.531A: Free French colony BRPs go to Britain; without Vichy the Axis gain no BRPs for the colonies that
    would have become Vichy."""
    who = power_name(event.power)
    if event.cause == "free_french_colonies" and event.power != "britain":
        message = f"{who} receives the Free French colonies' BRPs; they go to Britain (58.531A)"
        return (breach("58.531A", message, "britain", event.power),)
    area = (event.area or "").lower()
    if area not in rules.FRENCH_COLONY_AREAS or event.amount <= 0 or brp.side_of(event.power) != "axis":
        return ()
    if pos.state.politics.vichy is not False:
        return ()
    message = (
        f"{who} gains BRPs for {event.area}; Vichy was not established, and the Axis gain no BRPs for the colonies "
        "that would have become Vichy (58.31B)"
    )
    return (breach("58.31B", message, "no BRPs", f"{event.amount:+d}"),)


# ---------------------------------------------------------------------------------------------------------------------
# Russian ICs (A3R App. E, App. H; 37.711, 30.225E)


def ic_value(pos: Position, event: IcValueChanged) -> Verdict:
    """A3R 37.711: Russian IC values move by 5: built at 5 and grown by 5 in unit construction phases, 5 off for
    each use as a supply source (initial supply), 5 back at a YSS."""
    out: list[Breach | Unknown] = []
    cause = event.cause.replace("_", " ")
    phases = rules.IC_CAUSE_PHASES.get(event.cause)
    if phases is not None and event.phase is not None and event.phase not in phases:
        message = (
            f"the IC at {event.hex} changes ({cause}) in the {event.phase.replace('_', ' ')} phase (App. E, 37.711, "
            "30.225E)"
        )
        out.append(breach("37.711", message, " or ".join(sorted(phases)), event.phase))
    before = pos.state.brp.ics.get(event.hex)
    expected = rules.ic_value_expected(event.cause, before)
    if expected is None:
        if event.cause in ("growth", "supply_use", "yss_regain"):
            out.append(Unknown(reason="the IC's value before the change is not recorded (ic_value_changed)"))
    elif event.value != expected:
        message = (
            f"the IC at {event.hex} goes from {before if before is not None else 'none'} to {event.value} ({cause}); "
            f"the rules move it by {rules.IC_STEP}, to {expected} (App. E, 37.711)"
        )
        out.append(breach("37.711", message, expected, event.value))
    return out


def ic_supply_cost(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """A3R 37.711: each use of a Russian IC as a supply source costs Russia 5 BRPs."""
    ledger = pos.state.brp
    uses = brp.total(ledger, "russia", "ic_uses")
    lost = brp.total(ledger, "russia", "ic_supply_loss")
    if event.side != "allied" or lost == uses * rules.IC_STEP:
        return ()
    if lost == 0:
        return (Unknown(reason="Russia's BRP loss for using ICs as supply sources is not recorded (brp_lost)"),)
    message = (
        f"Russia used ICs as supply sources {uses} time(s) this turn and lost {lost} BRPs for it; each use costs "
        f"{rules.IC_STEP} BRPs (37.711, 30.225E)"
    )
    return (breach("37.711", message, uses * rules.IC_STEP, lost),)


# ---------------------------------------------------------------------------------------------------------------------
# Costs of the house rules (A3R extract 2.5), grant routes (2.13), the secondary SW round (2.14)


def raiding_cost(pos: Position, event: BrpSpent) -> Verdict:
    """A3R intro: raiding with ships costs 1 BRP per 3 naval factors employed, rounded up (option
    econ.naval_raiding_cost)."""
    if event.category != "raiding" or pos.meta.option("econ.naval_raiding_cost", "off") != "one_brp_per_3ff":
        return ()
    if event.factors is None:
        return (Unknown(reason="the naval factors of a raid (brp_spent.factors) are not recorded"),)
    cost = rules.raiding_cost(event.factors)
    if event.amount == cost:
        return ()
    message = (
        f"{power_name(event.power)} pays {event.amount} BRPs for raiding with {event.factors} naval factors; raiding "
        f"costs 1 BRP per 3 factors, rounded up: {cost} (A3R intro)"
    )
    return (breach("A3R intro", message, cost, event.amount),)


def northern_routes(pos: Position, event: BrpGrantMade) -> Verdict:
    """A3R intro: grants to Russia by the northern routes: Murmansk all year, Archangel in Summer and Fall, each only
    while its route is open."""
    route = (event.route or "").lower()
    seasons = rules.NORTHERN_ROUTE_SEASONS.get(route)
    if event.recipient != "russia" or seasons is None:
        return ()
    if pos.meta.rules == "a3r" and pos.meta.option("econ.northern_grant_routes", "murmansk_archangel") == "a3r":
        return ()
    out = []
    grant = f"{power_name(event.donor)} grants {event.amount} BRPs to Russia by {route.capitalize()}"
    if event.season not in seasons:
        message = f"{grant} in {event.season}; the Archangel route is open in Summer and Fall only (A3R intro)"
        out.append(breach("A3R intro", message, " or ".join(s for s in SEASONS if s in seasons), event.season))
    if pos.state.redeployment.routes.get(route) is False:
        message = f"{grant}, whose route is closed (A3R intro: a supply line A47/A50 - Vologda - east edge)"
        out.append(breach("A3R intro", message, f"the {route} route open", "closed"))
    return out


def secondary_sw_take(pos: Position, event: SwCombatResolved) -> Verdict:
    """A3R App. L: in the secondary SW round the withheld Murmansk submarines take at most 1 BRP each."""
    if event.round != "secondary":
        return ()
    most = rules.SECONDARY_SW_BRPS_PER_SUB * event.submarines
    if event.brps_taken <= most:
        return (Unknown(reason="the withheld Murmansk submarines of a secondary SW round are not recorded"),)
    message = (
        f"the secondary SW round takes {event.brps_taken} BRPs with {event.submarines} submarines; the withheld "
        "submarines take at most 1 BRP each (App. L)"
    )
    return (breach("A3R App. L", message, f"at most {most}", event.brps_taken),)
