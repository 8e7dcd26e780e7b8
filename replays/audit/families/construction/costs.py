"""Unit construction (27.1-27.6, 27.8-27.9), redeployment (28) and railheads (28.65): the mechanical checks of the
27-30 extract's auditor checklist (2.1 C-01..C-05, 2.2 L-01/L-02, 2.4 P-01, 2.5 A-01, 2.7 I-01, 2.8 R-01/R-02/R-20,
2.9 RH-01..RH-04) as far as the log records the facts they need.

Costs, multipliers, phases, SR caps and railhead costs come from :mod:`projections.rules.construction` and
:mod:`projections.rules.redeployment`. Everything running comes from the projections: the board's ``eliminated``
registry (the cause and game turn of every elimination, 27.13A), the oil reserves (27.35G), the BRP ledger
(:mod:`projections.brp`: each power's construction limit with its parts, the limit it declared, and the spending the
ledger counted against it, payer and option ``econ.limit_counts_repairs`` included) and this turn's tallies
(:mod:`projections.redeployment`: naval air built, railheads, SRs per objective, redeployment segments). A check
reads them and computes nothing the ledger already computed, so the audit and ``awaw state`` agree.

Choices (27-30 extract section 7):

* Oil coverage of a build is the build's claimed ``oil_covered_brps`` (open question 3); when it is not recorded the
  oil half of the multiplier cannot be verified: a claimed doubling beyond the same-turn penalty is reported as
  :class:`Missing`, never as a finding. The U.S. never pays oil doubling; Britain and France only once the Western
  Allies track oil (27.35G): :func:`projections.rules.construction.construction_oil_tracked`.
* The construction limit is the ledger's (27.32-27.34). Where the log lacks an input (the BRP value of Russian ICs
  while none is recorded, economic preparation in the full game: :func:`projections.brp.limit_gap`) a recorded limit
  that could be right is reported as :class:`Missing`, and the 27.31 check falls back on the declared limit.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from awaw_events.events import (
    ConstructionLimitDeclared,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
    UnitRedeployed,
)
from awaw_events.events.units import EliminationCause
from awaw_events.gametime import game_turn
from awaw_events.vocab import (
    AIR_TYPES,
    FACTION_OF_POWER,
    NAVAL_TYPES,
    POWERS,
    RuleSet,
    power_name,
    sentence,
    type_words,
)
from projections import brp, redeployment
from projections.board import Eliminated
from projections.rules.construction import (
    BRP_COST_PER_FACTOR,
    SPECIALIZED_TYPES,
    LimitBreakdown,
    australian_naval_air,
    build_phases,
    built_uninverted,
    construction_oil_tracked,
    cost_multiplier,
    naval_air_breaches,
    same_turn_penalty,
    same_turn_rebuild,
    specialized_rebuild_allowed,
    unit_cost,
)
from projections.rules.redeployment import (
    INVERSION_RULES,
    SEGMENTS,
    SR_CAPS,
    railhead_breaches,
    railhead_cost,
    railheads_used,
    segment_eligibility_breaches,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("construction")
REDEPLOYMENT = Family("redeployment")


def _when(gone: Eliminated) -> str:
    return f"{gone.season.capitalize()} {gone.year}"


def _rules(ctx: AuditContext[Any]) -> RuleSet:
    return "a3r" if ctx.meta.rules == "a3r" else "awaw"


def western_allies_track_oil(ctx: AuditContext[Any]) -> bool:
    """Whether Western Allied oil is tracked (from the turn after the Fall of France, 27.35G, 33.48): a Western
    Allied reserve of the oil projection has had its tracking started."""
    return any(r.faction == "western_allies" and r.tracking != "untracked" for r in ctx.state.oil.reserves.values())


# ---------------------------------------------------------------------------------------------------------------------
# Build pricing (27.11, 27.13, 27.14, 27.35B)
# ---------------------------------------------------------------------------------------------------------------------


class Pricing:
    """One ``unit_built`` priced by the rules: 27.11 cost, the same-turn elimination, the oil coverage."""

    __slots__ = ("consistent", "covered", "expected", "gone", "multiplier", "normal", "payer", "penalty", "rate")

    def __init__(self, ctx: AuditContext[UnitBuilt]) -> None:
        event = ctx.event
        self.payer: str = event.payer or event.owner
        self.rate = BRP_COST_PER_FACTOR[event.unit_type]
        self.normal = unit_cost(event.unit_type, event.factors)
        self.multiplier = event.multiplier
        gone = ctx.state.board.eliminated.get(event.unit)
        self.gone: Eliminated | None = gone
        cause = cast(EliminationCause, gone.cause) if gone is not None and gone.turn == game_turn(event) else None
        option = same_turn_rebuild(ctx.meta)
        self.penalty = same_turn_penalty(cause, same_turn_rebuild=option)
        tracked = self.payer not in POWERS or construction_oil_tracked(
            self.payer,
            western_allies_tracking=self.payer in ("britain", "france") and western_allies_track_oil(ctx),
        )
        if not tracked:
            self.covered: int | None = self.normal
        elif event.oil_covered_brps is None:
            self.covered = None
        else:
            self.covered = min(event.oil_covered_brps, self.normal)
        if self.covered is None:
            self.expected: int | None = None
        else:
            covered_rate = cost_multiplier(cause, True, same_turn_rebuild=option)
            oil_rate = cost_multiplier(cause, False, same_turn_rebuild=option)
            self.expected = self.covered * covered_rate + (self.normal - self.covered) * oil_rate
        partial = self.covered is not None and 0 < self.covered < self.normal
        self.consistent = partial or event.cost == self.normal * self.multiplier

    @property
    def uncovered(self) -> int | None:
        return None if self.covered is None else self.normal - self.covered


def pricing(ctx: AuditContext[UnitBuilt]) -> Pricing:
    """The pricing of the current ``unit_built`` (computed once per event, shared by the cost checks)."""
    return ctx.cached(Pricing)


def _unit_words(event: UnitBuilt) -> str:
    return f"a {event.factors}-factor {type_words(event.unit_type)} unit"


@FAMILY.check("27.11", "a unit costs its 27.11 BRPs per factor (times the multiplier claimed)", reads=(UnitBuilt,))
def check_unit_cost(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    p = pricing(ctx)
    if p.consistent:
        return
    expected = p.normal * p.multiplier
    times = f", x{p.multiplier} = {expected}" if p.multiplier > 1 else ""
    yield c.finding(
        ctx,
        expected=expected,
        recorded=event.cost,
        message=f"{sentence(power_name(p.payer))} paid {event.cost} BRPs for {_unit_words(event)}; 27.11 gives "
        f"{p.normal} ({p.rate} per factor){times}",
    )


def _cause_words(gone: Eliminated) -> str:
    return f"eliminated ({gone.cause.replace('_', ' ')}) in {_when(gone)}"


@FAMILY.check(
    "27.13",
    "a unit eliminated by isolation or voluntarily is rebuilt the same game turn at double cost, later at normal cost",
    reads=(UnitBuilt,),
)
def check_same_turn_rebuild(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    p = pricing(ctx)
    if not p.consistent:
        return
    if p.penalty:
        assert p.gone is not None
        if p.covered is None:
            if p.multiplier < 2:
                yield c.finding(
                    ctx,
                    expected=2 * p.normal,
                    recorded=event.cost,
                    message=f"{event.unit} was {_cause_words(p.gone)} and is rebuilt in the same game turn: 27.13A "
                    f"doubles its cost to {2 * p.normal} BRPs, not {event.cost}",
                )
        elif p.uncovered == 0 and event.cost != p.expected:
            yield c.finding(
                ctx,
                expected=p.expected,
                recorded=event.cost,
                message=f"{event.unit} was {_cause_words(p.gone)} and is rebuilt in the same game turn with oil "
                f"covering it: 27.13A gives double cost, {p.expected} BRPs, not {event.cost}",
            )
        return
    if p.uncovered == 0 and event.cost != p.normal:
        why = (
            f"it was {_cause_words(p.gone)}, which does not double the cost"
            if p.gone is not None
            else "it was not eliminated this game turn"
        )
        yield c.finding(
            ctx,
            expected=p.normal,
            recorded=event.cost,
            message=f"{sentence(power_name(p.payer))} paid {event.cost} BRPs (x{p.multiplier}) for {event.unit}, but "
            f"{why} and oil covers it: normal cost {p.normal} (27.13A)",
        )


@FAMILY.check(
    "27.14",
    "a same-turn rebuild not covered by oil costs triple (never quadruple)",
    reads=(UnitBuilt,),
)
def check_triple_cost(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    p = pricing(ctx)
    if not (p.consistent and p.penalty):
        return
    assert p.gone is not None
    if p.covered is None:
        if p.multiplier == 3:
            yield Missing(reason="a tripled rebuild without the oil coverage (oil_covered_brps) it depends on")
        return
    if p.uncovered and event.cost != p.expected:
        yield c.finding(
            ctx,
            expected=p.expected,
            recorded=event.cost,
            message=f"{event.unit} was {_cause_words(p.gone)} and is rebuilt the same game turn with "
            f"{p.uncovered} of its {p.normal} BRPs not covered by oil: 27.14 triples that part (not x4), "
            f"{p.expected} BRPs in all, not {event.cost}",
        )


@FAMILY.check(
    "27.35B",
    "builds beyond the faction's oil coverage cost double (27.13B)",
    reads=(UnitBuilt,),
    id="oil_doubling",
)
def check_oil_doubling(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    p = pricing(ctx)
    if not p.consistent or p.penalty:
        return
    if p.covered is None:
        if p.multiplier > 1:
            yield Missing(reason="a doubled build without the oil coverage (oil_covered_brps) it depends on")
        return
    if p.uncovered and event.cost != p.expected:
        yield c.finding(
            ctx,
            expected=p.expected,
            recorded=event.cost,
            message=f"{p.uncovered} of the {p.normal} BRPs of {event.unit} lie beyond the oil coverage: 27.35B "
            f"doubles them, {p.expected} BRPs in all, not {event.cost}",
        )


# ---------------------------------------------------------------------------------------------------------------------
# When and how units are built (27.11, 27.21, 27.81, 27.91)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "27.11",
    "units, ships and railheads are built in the unit construction phase (new SW units also at the end of research)",
    reads=(UnitBuilt, ShipLaidDown, ShipAdvanced, ShipRepairStarted, ShipRaised, RailheadBuilt),
)
def check_construction_phase(c: Check, ctx: AuditContext[Any]) -> Result:
    event: Any = ctx.event
    if event.phase is None or getattr(event, "setup", False):
        return ()
    built = isinstance(event, UnitBuilt)
    if event.phase in build_phases(event.unit_type if built else None):
        return ()
    what = event.unit if built else getattr(event, "ship", None) or "a railhead"
    return (
        c.finding(
            ctx,
            expected="unit_construction",
            recorded=event.phase,
            message=f"{what} is built in the {event.phase.replace('_', ' ')} phase; construction happens in the "
            "unit construction phase (27.11, 27.91)",
        ),
    )


@FAMILY.check(
    "27.21",
    "specialized units are not rebuilt in the player turn of their elimination",
    reads=(UnitBuilt,),
)
def check_specialized_rebuild(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type not in SPECIALIZED_TYPES:
        return
    gone = ctx.state.board.eliminated.get(event.unit)
    same = gone is not None and gone.turn == game_turn(event) and gone.side == event.side
    if not specialized_rebuild_allowed(event.unit_type, eliminated_this_player_turn=same):
        assert gone is not None
        yield c.finding(
            ctx,
            expected="a later player turn",
            recorded=f"{event.season} {event.year} {event.side}",
            message=f"{type_words(event.unit_type)} unit {event.unit} was eliminated in this player turn and may "
            "not be rebuilt before the next (27.21)",
        )


@FAMILY.check("27.81", "new air and naval units enter play inverted", reads=(UnitBuilt,))
def check_built_inverted(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type not in AIR_TYPES and event.unit_type not in NAVAL_TYPES:
        return
    if built_uninverted(event.unit_type, event.phase):
        return  # 27.91A: new interceptors and bombers built after research are placed uninverted
    rule = INVERSION_RULES["constructed_or_repaired"]
    if event.inverted != rule.inverted:
        yield c.finding(
            ctx,
            expected="inverted",
            recorded="uninverted",
            message=f"new {type_words(event.unit_type)} unit {event.unit} is placed uninverted; constructed air and "
            "naval units enter play inverted (27.81)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Naval air training rate (27.61)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check("27.61", "naval air factors built per turn stay within the power's training rate", reads=(UnitBuilt,))
def check_naval_air_rate(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type != "nas":
        return
    if australian_naval_air(event.nationality):
        yield Missing(reason="Australian naval air uses Australia's own training rate, which the rules do not give")
        return
    tallies = ctx.state.redeployment
    before = redeployment.naval_air_built(tallies, game_turn(event), event.owner)
    after = before + event.factors
    breaches = naval_air_breaches(event.owner, after)
    if not breaches or naval_air_breaches(event.owner, before):
        return
    if event.owner in tallies.naval_air_research:
        yield Missing(reason="naval air training rates raised by production RPs (42.23D) are not recorded")
        return
    allowed = breaches[0].allowed
    yield c.finding(
        ctx,
        expected=f"<= {allowed}",
        recorded=after,
        message=f"{sentence(power_name(event.owner))} has built {after} naval air factors this turn; its training "
        f"rate is {allowed} (27.61)",
    )


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits (27.3)
# ---------------------------------------------------------------------------------------------------------------------


class LimitInForce(NamedTuple):
    """The construction limit a power's spending is held to this turn, and where it comes from (27.31): the ledger's
    computed limit (27.32-27.34), else the limit the power declared. ``limit`` is ``None`` when neither is known,
    with the reason."""

    limit: int | None
    source: str
    missing: str | None = None


def computed_limit(ctx: AuditContext[Any], power: str) -> LimitBreakdown | None:
    """The power's construction limit this turn as the ledger computes it (27.32-27.34), with its parts; ``None``
    without a BRP base, and in A3R games (whose limits the audit takes as declared)."""
    return ctx.state.brp.limits.get(power) if ctx.meta.rules != "a3r" else None


def limit_in_force(ctx: AuditContext[Any], power: str) -> LimitInForce:
    """The limit the 27.31 check holds ``power`` to, from the ledger after the event (computed in AWAW games when the
    log records every input; otherwise the declared one)."""
    ledger = ctx.state.brp
    computed = computed_limit(ctx, power)
    gap = brp.limit_gap(ledger, power, ctx.meta) if computed is not None else None
    declared = ledger.declared.get(power)
    if computed is not None and gap is None:
        return LimitInForce(computed.limit, "27.32-27.34 give")
    if declared is not None:
        return LimitInForce(declared.limit, "it declared")
    if computed is not None:
        return LimitInForce(None, "", f"no construction limit declared, and the log does not record {gap}")
    return LimitInForce(None, "", "neither a construction limit nor a BRP base is recorded for the power")


class Spending(NamedTuple):
    """An event's spending counted against the payer's construction limit (27.31), as the ledger counted it."""

    power: str
    amount: int
    before: int
    after: int


def limit_spending(ctx: AuditContext[Any]) -> Spending | None:
    """What the event spent against its payer's construction limit, and the payer's construction spending this turn
    before and after it (read from the ledger after the event), or ``None``."""
    line = brp.expenditure_at(ctx.state.brp, ctx.seq)
    if line is None or not line.limit:
        return None
    after = brp.construction_spent(ctx.state.brp, line.power)
    return Spending(line.power, -line.amount, after + line.amount, after)


@FAMILY.check(
    "27.32",
    "the declared construction limit is the one 27.32-27.34 give from the recorded base, losses and grants",
    reads=(ConstructionLimitDeclared,),
    id="limit_declared",
    after=True,
)
def check_limit_declared(c: Check, ctx: AuditContext[ConstructionLimitDeclared]) -> Result:
    event = ctx.event
    if ctx.meta.rules == "a3r":
        return
    ledger = ctx.state.brp
    limit = computed_limit(ctx, event.power)
    if limit is None:
        yield Missing(reason="no BRP base recorded for the power (brps_set)")
        return
    if event.limit == limit.limit:
        return
    gap = brp.limit_gap(ledger, event.power, ctx.meta)
    # Russian ICs only raise the limit; econ prep may move it either way
    if gap is not None and (event.power != "russia" or event.limit > limit.limit):
        yield Missing(reason=f"the log does not record {gap}")
        return
    base = "base" if limit.adj_base == ledger.base.get(event.power) else "adjusted base"
    parts = [f"{base} {limit.adj_base} / 3 = {limit.basic}"]
    if limit.reductions:
        parts.append(f"- {limit.reductions} (losses, grants given, iron ore)")
    if limit.increases:
        parts.append(f"+ {limit.increases} (grants received, V-weapons)")
    yield c.finding(
        ctx,
        expected=limit.limit,
        recorded=event.limit,
        message=f"{sentence(power_name(event.power))} declares a construction limit of {event.limit}; 27.32-27.34 give "
        f"{limit.limit} ({' '.join(parts)})",
    )


@FAMILY.check(
    "27.31",
    "construction BRPs spent by a power in a turn stay within its construction limit",
    reads=brp.LIMIT_EVENTS,
    id="construction_limit",
    after=True,
)
def check_construction_limit(c: Check, ctx: AuditContext[Any]) -> Result:
    spending = limit_spending(ctx)
    if spending is None:
        return
    power, _, before, after = spending
    limit, source, missing = limit_in_force(ctx, power)
    if limit is None:
        yield Missing(reason=cast(str, missing))
        return
    if before <= limit < after:
        yield c.finding(
            ctx,
            expected=f"<= {limit}",
            recorded=after,
            message=f"{sentence(power_name(power))} has now spent {after} BRPs on construction this turn; the "
            f"construction limit {source} is {limit} (27.31)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.65)
# ---------------------------------------------------------------------------------------------------------------------


@REDEPLOYMENT.check(
    "28.652",
    "a railhead costs 5 BRPs and 2 RPs (1 RP after a military breakthrough)",
    reads=(RailheadBuilt,),
)
def check_railhead_cost(c: Check, ctx: AuditContext[RailheadBuilt]) -> Result:
    event = ctx.event
    rules = _rules(ctx)
    normal = railhead_cost(ruleset=rules)
    after = railhead_cost(military_breakthrough=True, ruleset=rules)
    if event.brp_cost != normal.brps:
        yield c.finding(
            ctx,
            expected=normal.brps,
            recorded=event.brp_cost,
            message=f"{sentence(power_name(event.power))} paid {event.brp_cost} BRPs for the railhead at {event.hex}; "
            f"a railhead costs {normal.brps} (27.11D, 28.652A)",
        )
    if event.rp_cost == normal.rps:
        return
    if event.rp_cost == after.rps:
        yield Missing(reason="military breakthroughs (which lower a railhead to 1 RP) are not recorded")
        return
    yield c.finding(
        ctx,
        expected=normal.rps if normal.rps == after.rps else f"{normal.rps} ({after.rps} after a military breakthrough)",
        recorded=event.rp_cost,
        message=f"{sentence(power_name(event.power))} paid {event.rp_cost} RPs for the railhead at {event.hex}; "
        f"28.652B asks {normal.rps}"
        + (f" ({after.rps} after a military breakthrough)" if normal.rps != after.rps else ""),
    )


@REDEPLOYMENT.check(
    "28.654",
    "railheads: allowed builders, one per alliance faction per turn, one per hex",
    reads=(RailheadBuilt,),
    id="railhead_rules",
)
def check_railhead_rules(c: Check, ctx: AuditContext[RailheadBuilt]) -> Result:
    event = ctx.event
    rules = _rules(ctx)
    if not railheads_used(ctx.meta):
        yield c.finding(
            ctx,
            expected="no railheads",
            recorded=event.hex,
            message=f"{sentence(power_name(event.power))} builds a railhead at {event.hex}, but this game does not use "
            "railheads (option redeploy.railheads is off)",
        )
        return
    faction = FACTION_OF_POWER[event.power]
    built = redeployment.railheads_built(ctx.state.redeployment, game_turn(event), faction)
    breaches = railhead_breaches(
        event.power,
        railheads_by_faction_this_turn=built,
        hex_has_railhead=event.hex in ctx.state.board.railheads,
        italian_place=True,
        us_at_war_in_theater=True,
        ruleset=rules,
    )
    if breaches:
        yield c.finding(
            ctx,
            expected="; ".join(str(b.allowed) for b in breaches if b.allowed is not None) or "no railhead",
            recorded=event.hex,
            message=f"{sentence(power_name(event.power))}'s railhead at {event.hex}: "
            + "; ".join(f"{b.message} ({b.rule})" for b in breaches),
        )
    if rules == "awaw" and event.power in ("italy", "usa"):
        yield Missing(reason="where Italy and the U.S. may build railheads (28.654E-F) depends on map facts")


# ---------------------------------------------------------------------------------------------------------------------
# Redeployment (28.1, 28.3, 28.62)
# ---------------------------------------------------------------------------------------------------------------------


@REDEPLOYMENT.check("28.11", "redeployment happens in the redeployment phase", reads=(UnitRedeployed,))
def check_redeployment_phase(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.phase is None or event.phase == "redeployment":
        return ()
    return (
        c.finding(
            ctx,
            expected="redeployment",
            recorded=event.phase,
            message=f"{event.unit} makes a {event.kind} in the {event.phase.replace('_', ' ')} phase; redeployment "
            "comes after unit construction, in the redeployment phase (28.11)",
        ),
    )


@REDEPLOYMENT.check(
    "28.13",
    "redeployment segments follow TR, SR (to NR), NR, SR, TR, each with its own kind",
    reads=(UnitRedeployed,),
)
def check_redeployment_segments(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    kind = event.kind
    if event.segment not in SEGMENTS or kind == "air_transport":
        return
    segment = event.segment
    tallies, turn = ctx.state.redeployment, game_turn(event)
    last = redeployment.segment_reached(tallies, turn, event.side)
    if last is not None and SEGMENTS.index(segment) < SEGMENTS.index(last):
        yield c.finding(
            ctx,
            expected=f"{last} or later",
            recorded=segment,
            message=f"{event.unit} redeploys in segment {segment} after segment {last} has begun (28.13, 28.31)",
        )
    moved = redeployment.redeployed_this_phase(tallies, turn, event.side, event.unit)
    for breach in segment_eligibility_breaches(segment, kind, nrs_this_phase=True, nred_or_sred_this_phase=moved):
        yield c.finding(
            ctx,
            expected=breach.allowed if breach.allowed is not None else "an eligible unit",
            recorded=kind,
            message=f"{event.unit}: {breach.message} ({breach.rule})",
        )


@REDEPLOYMENT.check(
    "28.62C",
    "per objective and turn, at most 2 ground units and 5 air factors SR in, and as many out",
    reads=(UnitRedeployed,),
    id="sr_caps",
)
def check_sr_caps(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.kind != "SR":
        return
    if event.origin == event.destination:
        yield c.finding(
            ctx,
            expected="another objective",
            recorded=event.destination,
            message=f"{event.unit} SRs from {event.origin} to the same place (28.62A)",
        )
        return
    found = redeployment.sr_of(ctx.state.board, event, ctx.meta.rules)
    if found is None:
        yield Missing(reason="the redeployed unit is not on the board, so its type and size are unknown")
        return
    faction, tallies = found
    turn = game_turn(event)
    for tally in tallies:
        cap = SR_CAPS[tally.what]
        before = redeployment.srs_counted(ctx.state.redeployment, turn, faction, tally)
        after = before + tally.amount
        if before <= cap < after:
            words = "ground units" if tally.what == "ground" else "air factors"
            into = "into" if tally.direction == "in" else "out of"
            yield c.finding(
                ctx,
                expected=f"<= {cap}",
                recorded=after,
                message=f"{event.unit} brings the {words} SRed {into} {tally.end} this turn to {after}; 28.62C "
                f"allows {cap}",
            )
