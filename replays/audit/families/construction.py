"""Unit construction (27.1-27.6, 27.8-27.9), redeployment (28) and railheads (28.65): the mechanical checks of the
27-30 extract's auditor checklist (2.1 C-01..C-05, 2.2 L-01/L-02, 2.4 P-01, 2.5 A-01, 2.7 I-01, 2.8 R-01/R-02/R-20,
2.9 RH-01..RH-04) as far as the log records the facts they need.

Costs, multipliers, limits, SR caps and railhead costs come from :mod:`projections.rules.construction` and
:mod:`projections.rules.redeployment`; the state before each event from the projections (the board's ``eliminated``
registry gives the cause and game turn of every elimination, 27.13A). What no projection keeps yet (BRP base and
this turn's losses and grants for the limit, construction spending per power and turn, NAS built per turn, SRs per
objective) is kept here in ``ctx.scratch`` under ``con_`` keys, by observers.

Choices (27-30 extract section 7):

* Oil coverage of a build is the build's claimed ``oil_covered_brps`` (open question 3); when it is not recorded the
  oil half of the multiplier cannot be verified: a claimed doubling beyond the same-turn penalty is reported as
  :class:`Missing`, never as a finding. The U.S. never pays oil doubling; Britain and France only once the Western
  Allies track oil (27.35G): :func:`projections.rules.construction.construction_oil_tracked`.
* Everything spent on building or repairing counts against the construction limit (27.31, open question 4):
  units, ship lay-downs, advances (acceleration extras included), paid launches, repair starts, raising, railheads.
  Fortifications are checked against the limit by the fortification rules' owners and are counted here too.
* The limit is recomputed (27.32-27.34) from the BRP base (``brps_set``, ``brp_base_changed``, mobilizations), the
  BRP losses, grants and iron-ore status of the turn. Where the log lacks an input (KEAs in enemy hands, Russian
  IC values) a recorded limit that could be right is reported as :class:`Missing`.
"""

from __future__ import annotations

from typing import Any, Final, Literal, cast

from awaw_events.events import (
    BrpBaseChanged,
    BrpGrantMade,
    BrpLost,
    BrpsSet,
    ConstructionLimitDeclared,
    FortificationBuilt,
    IronOreStatusChanged,
    KeaControlChanged,
    MobilizationApplied,
    OilReserveDefined,
    OilTrackingStarted,
    PartisansPlaced,
    RailheadBuilt,
    RpSpent,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
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
    Power,
    RuleSet,
    UnitType,
    power_name,
    sentence,
    type_words,
)
from projections.board import Eliminated
from projections.rules.construction import (
    BOX_LIMIT_OWNER,
    BRP_COST_PER_FACTOR,
    SPECIALIZED_TYPES,
    BoxLosses,
    LimitBreakdown,
    LimitInput,
    SameTurnRebuild,
    construction_limit,
    construction_oil_tracked,
    cost_multiplier,
    grant_raises_limit_of,
    naval_air_breaches,
    same_turn_penalty,
    specialized_rebuild_allowed,
    unit_cost,
)
from projections.rules.redeployment import (
    INVERSION_RULES,
    SEGMENTS,
    SR_AIR_FACTORS_PER_OBJECTIVE,
    SR_GROUND_UNITS_PER_OBJECTIVE,
    Segment,
    SrMove,
    railhead_breaches,
    railhead_cost,
    segment_eligibility_breaches,
    sr_air_factors,
    sr_ground_units,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("construction")
REDEPLOYMENT = Family("redeployment")

SAME_TURN_REBUILD_OPTION: Final = "econ.same_turn_rebuild"
"""A3R option 14 (A3R extract 1.2): ``double_cost`` (AWAW 27.13A) or ``a3r`` (no same-turn penalty here)."""

RAILHEAD_OPTION: Final = "redeploy.railheads"
"""A3R option 17a: railheads (28.65) are used only when it is ``on``."""

RESEARCH_PHASE_TYPES: Final[frozenset[UnitType]] = frozenset({"interceptor", "strategic_bomber"})
"""Newly produced interceptors and strategic bombers may be built at the end of the research phase, uninverted
(27.91A); every other unit is built in the unit construction phase (27.11, 27.91B)."""

BUILD_PHASES: Final = frozenset({"unit_construction"})
RESEARCH_BUILD_PHASES: Final = frozenset({"research", "sw"})
"""Where 27.91A builds may be recorded: the end of the research phase, before SW resolution."""

POOLED_LOSS_CAUSES: Final = frozenset({"transport_shortage", "bombing", "flying_bomb", "partisans", "adjacent_to_box"})
"""BRP losses pooled and divided by three for the construction limit (27.331; flying bombs are bombing)."""
ROCKET_CAUSES: Final = frozenset({"rocket"})
"""Rocket losses reduce the limit one for one (27.333)."""
VWEAPON_CAUSES: Final = frozenset({"flying_bomb", "rocket"})
"""German flying bombs and rockets raise the German limit by the BRPs Britain or Russia lost (27.34B)."""
VWEAPON_VICTIMS: Final = frozenset({"britain", "russia"})


def _when(gone: Eliminated) -> str:
    return f"{gone.season.capitalize()} {gone.year}"


def _rules(ctx: AuditContext[Any]) -> RuleSet:
    return "a3r" if ctx.meta.rules == "a3r" else "awaw"


def _same_turn_option(ctx: AuditContext[Any]) -> SameTurnRebuild:
    if ctx.meta.rules != "a3r":
        return "double_cost"
    return "a3r" if ctx.meta.option(SAME_TURN_REBUILD_OPTION, "double_cost") == "a3r" else "double_cost"


# ---------------------------------------------------------------------------------------------------------------------
# Build pricing (27.11, 27.13, 27.14, 27.35B)
# ---------------------------------------------------------------------------------------------------------------------


class Pricing:
    """One ``unit_built`` priced by the rules: 27.11 cost, the same-turn elimination, the oil coverage."""

    __slots__ = ("consistent", "covered", "expected", "gone", "multiplier", "normal", "payer", "penalty", "rate")

    def __init__(self, ctx: AuditContext[Any], event: UnitBuilt) -> None:
        self.payer: str = event.payer or event.owner
        self.rate = BRP_COST_PER_FACTOR[event.unit_type]
        self.normal = unit_cost(event.unit_type, event.factors)
        self.multiplier = event.multiplier
        gone = ctx.state.board.eliminated.get(event.unit)
        self.gone: Eliminated | None = gone
        cause = cast(EliminationCause, gone.cause) if gone is not None and gone.turn == game_turn(event) else None
        option = _same_turn_option(ctx)
        self.penalty = same_turn_penalty(cause, same_turn_rebuild=option)
        tracked = self.payer not in POWERS or construction_oil_tracked(
            self.payer, western_allies_tracking=bool(ctx.scratch.get("con_wa_oil"))
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


def pricing(ctx: AuditContext[Any]) -> Pricing:
    """The pricing of the current ``unit_built`` (computed once per event, shared by the cost checks)."""
    cached = ctx.scratch.get("con_pricing")
    if cached is not None and cached[0] == ctx.seq:
        return cast(Pricing, cached[1])
    assert isinstance(ctx.event, UnitBuilt)
    found = Pricing(ctx, ctx.event)
    ctx.scratch["con_pricing"] = (ctx.seq, found)
    return found


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
        f"{p.normal} "
        f"({p.rate} per factor){times}",
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
            f"{why} "
            f"and oil covers it: normal cost {p.normal} (27.13A)",
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

BUILD_EVENTS: Final = (UnitBuilt, ShipLaidDown, ShipAdvanced, ShipRepairStarted, ShipRaised, RailheadBuilt)


@FAMILY.check(
    "27.11",
    "units, ships and railheads are built in the unit construction phase (new SW units also at the end of research)",
    reads=BUILD_EVENTS,
)
def check_construction_phase(c: Check, ctx: AuditContext[Any]) -> Result:
    event: Any = ctx.event
    if event.phase is None or getattr(event, "setup", False):
        return
    allowed = BUILD_PHASES
    if isinstance(event, UnitBuilt) and event.unit_type in RESEARCH_PHASE_TYPES:
        allowed = BUILD_PHASES | RESEARCH_BUILD_PHASES
    if event.phase not in allowed:
        what = event.unit if isinstance(event, UnitBuilt) else getattr(event, "ship", None) or "a railhead"
        yield c.finding(
            ctx,
            expected="unit_construction",
            recorded=event.phase,
            message=f"{what} is built in the {event.phase.replace('_', ' ')} phase; construction happens in the "
            "unit construction phase (27.11, 27.91)",
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
    if event.unit_type in RESEARCH_PHASE_TYPES and event.phase in RESEARCH_BUILD_PHASES:
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


def _australian(nationality: str) -> bool:
    return "australia" in nationality


@FAMILY.check("27.61", "naval air factors built per turn stay within the power's training rate", reads=(UnitBuilt,))
def check_naval_air_rate(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type != "nas":
        return
    if _australian(event.nationality):
        yield Missing(reason="Australian naval air uses Australia's own training rate, which the rules do not give")
        return
    built: dict[tuple[int, str], int] = ctx.scratch.setdefault("con_nas", {})
    key = (game_turn(event), event.owner)
    before = built.get(key, 0)
    after = before + event.factors
    breaches = naval_air_breaches(event.owner, after)
    if not breaches or naval_air_breaches(event.owner, before):
        return
    if ctx.scratch.get("con_nas_rp", {}).get(event.owner):
        yield Missing(reason="naval air training rates raised by production RPs (42.23D) are not recorded")
        return
    allowed = breaches[0].allowed
    yield c.finding(
        ctx,
        expected=f"<= {allowed}",
        recorded=after,
        message=f"{sentence(power_name(event.owner))} has built {after} naval air factors this turn; its training "
        f"rate is "
        f"{allowed} (27.61)",
    )


@FAMILY.observe(UnitBuilt)
def _count_nas(ctx: AuditContext[UnitBuilt]) -> None:
    event = ctx.event
    if event.unit_type == "nas" and not _australian(event.nationality):
        built: dict[tuple[int, str], int] = ctx.scratch.setdefault("con_nas", {})
        key = (game_turn(event), event.owner)
        built[key] = built.get(key, 0) + event.factors


@FAMILY.observe(RpSpent)
def _naval_air_research(ctx: AuditContext[RpSpent]) -> None:
    event = ctx.event
    if "naval_air" in event.purpose:
        ctx.scratch.setdefault("con_nas_rp", {})[event.power] = True


@FAMILY.observe(OilReserveDefined, OilTrackingStarted)
def _western_allies_oil(ctx: AuditContext[Any]) -> None:
    """Western Allied construction oil is tracked from the turn after the Fall of France (27.35G, 33.48)."""
    event = ctx.event
    reserves: dict[str, str] = ctx.scratch.setdefault("con_oil_reserves", {})
    if isinstance(event, OilReserveDefined):
        reserves[event.reserve] = event.faction
    elif isinstance(event, OilTrackingStarted) and reserves.get(event.reserve) == "western_allies":
        ctx.scratch["con_wa_oil"] = True


# ---------------------------------------------------------------------------------------------------------------------
# Construction limits (27.3)
# ---------------------------------------------------------------------------------------------------------------------


class TurnFacts:
    """What a power's construction limit depends on in one game turn (27.32-27.34), as recorded so far."""

    __slots__ = ("box", "granted", "losses", "received", "rockets", "vweapon")

    def __init__(self) -> None:
        self.losses = 0
        self.rockets = 0
        self.box: dict[str, BoxLosses] = {}
        self.granted = 0
        self.received = 0
        self.vweapon = 0


def _facts(ctx: AuditContext[Any], turn: int, power: str) -> TurnFacts:
    table: dict[tuple[int, str], TurnFacts] = ctx.scratch.setdefault("con_facts", {})
    found = table.get((turn, power))
    if found is None:
        found = table[(turn, power)] = TurnFacts()
    return found


@FAMILY.observe(BrpsSet, BrpBaseChanged, MobilizationApplied)
def _base(ctx: AuditContext[Any]) -> None:
    """The BRP base of each power (27.32A): set-up / YSS values, recorded changes and mobilizations.

    ``brp_base_changed`` with cause ``mobilization`` is not added again when the mobilization itself records the
    increase (``mobilization_applied.brp_base_increase``)."""
    event = ctx.event
    base: dict[str, int] = ctx.scratch.setdefault("con_base", {})
    if isinstance(event, BrpsSet):
        base[event.power] = event.base
    elif isinstance(event, BrpBaseChanged) and event.power in base and event.cause != "mobilization":
        base[event.power] += event.delta
    elif isinstance(event, MobilizationApplied) and event.power in base:
        base[event.power] += event.brp_base_increase


@FAMILY.observe(BrpLost)
def _losses(ctx: AuditContext[BrpLost]) -> None:
    event = ctx.event
    turn = game_turn(event)
    facts = _facts(ctx, turn, event.power)
    box = event.target if event.target in BOX_LIMIT_OWNER else None
    if box is not None and event.cause in POOLED_LOSS_CAUSES | ROCKET_CAUSES:
        owner = BOX_LIMIT_OWNER[box]  # type: ignore[index]
        owner_facts = _facts(ctx, turn, owner)
        old = owner_facts.box.get(box) or BoxLosses(box=box)  # type: ignore[arg-type]
        owner_facts.box[box] = BoxLosses(
            box=old.box,
            bombing=old.bombing + (event.amount if event.cause in ("bombing", "flying_bomb") else 0),
            rockets=old.rockets + (event.amount if event.cause in ROCKET_CAUSES else 0),
            adjacency=old.adjacency + (event.amount if event.cause == "adjacent_to_box" else 0),
        )
    elif event.cause in POOLED_LOSS_CAUSES:
        facts.losses += event.amount
    elif event.cause in ROCKET_CAUSES:
        facts.rockets += event.amount
    if event.cause in VWEAPON_CAUSES and event.power in VWEAPON_VICTIMS and event.attacker == "germany":
        _facts(ctx, turn, "germany").vweapon += event.amount


@FAMILY.observe(BrpGrantMade)
def _grants(ctx: AuditContext[BrpGrantMade]) -> None:
    event = ctx.event
    turn = game_turn(event)
    _facts(ctx, turn, event.donor).granted += event.amount
    raised = grant_raises_limit_of(event.donor, event.recipient)
    if raised is not None:
        _facts(ctx, turn, raised).received += event.amount


@FAMILY.observe(IronOreStatusChanged)
def _iron_ore(ctx: AuditContext[IronOreStatusChanged]) -> None:
    ctx.scratch["con_iron_ore_cut"] = ctx.event.cut


@FAMILY.observe(KeaControlChanged)
def _keas(ctx: AuditContext[KeaControlChanged]) -> None:
    """Original KEAs in enemy hands (27.335): the recomputation does not model them, so it stands aside."""
    event = ctx.event
    held: dict[str, str] = ctx.scratch.setdefault("con_keas", {})
    if event.controller == event.original_owner:
        held.pop(event.kea, None)
    else:
        held[event.kea] = event.original_owner


def recomputed_limit(ctx: AuditContext[Any], power: str, turn: int) -> LimitBreakdown | None:
    """The construction limit of ``power`` this turn from what the log records (27.32-27.34), or ``None`` without
    a BRP base."""
    base = ctx.scratch.get("con_base", {}).get(power)
    if base is None or power not in POWERS:
        return None
    version = ctx.scratch.get("con_inputs", 0)
    cache: dict[tuple[int, str], tuple[int, LimitBreakdown]] = ctx.scratch.setdefault("con_limit_cache", {})
    hit = cache.get((turn, power))
    if hit is not None and hit[0] == version:
        return hit[1]
    facts = _facts(ctx, turn, power)
    data = LimitInput(
        power=power,
        brp_base=max(0, base),
        transport_shortage_losses=0,
        bombing_losses=facts.losses,
        rocket_losses=facts.rockets,
        box_losses=tuple(facts.box.values()),
        iron_ore_cut=power == "germany" and bool(ctx.scratch.get("con_iron_ore_cut")),
        grants_given=facts.granted,
        grants_received=facts.received,
        vweapon_bonus=facts.vweapon if power == "germany" else 0,
        variant="full" if ctx.meta.variant == "full" else "classic",
    )
    found = construction_limit(data)
    cache[(turn, power)] = (version, found)
    return found


@FAMILY.observe(
    BrpsSet, BrpBaseChanged, MobilizationApplied, BrpLost, BrpGrantMade, IronOreStatusChanged, KeaControlChanged
)
def _inputs_changed(ctx: AuditContext[Any]) -> None:
    """Any input of the construction limit changed: recomputed limits are stale (27.32-27.34)."""
    ctx.scratch["con_inputs"] = ctx.scratch.get("con_inputs", 0) + 1


def _incomplete_inputs(ctx: AuditContext[Any], power: str) -> str | None:
    """Why the recomputed limit may miss an input the log does not record, or ``None``."""
    if power in ctx.scratch.get("con_keas", {}).values():
        return "original KEAs in enemy hands (27.335)"
    if power == "russia":
        return "the BRP value of Russian ICs (27.32A)"
    if ctx.meta.variant == "full":
        return "economic preparation levels (27.336, 27.34C)"
    return None


@FAMILY.check(
    "27.32",
    "the declared construction limit is the one 27.32-27.34 give from the recorded base, losses and grants",
    reads=(ConstructionLimitDeclared,),
    id="limit_declared",
)
def check_limit_declared(c: Check, ctx: AuditContext[ConstructionLimitDeclared]) -> Result:
    event = ctx.event
    if ctx.meta.rules == "a3r":
        return
    limit = recomputed_limit(ctx, event.power, game_turn(event))
    if limit is None:
        yield Missing(reason="no BRP base recorded for the power (brps_set)")
        return
    if event.limit == limit.limit:
        return
    gap = _incomplete_inputs(ctx, event.power)
    # Russian ICs only raise the limit; KEA losses and econ prep may move it either way
    if gap is not None and (event.power != "russia" or event.limit > limit.limit):
        yield Missing(reason=f"the log does not record {gap}")
        return
    parts = [f"base {ctx.scratch['con_base'][event.power]} / 3 = {limit.basic}"]
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


@FAMILY.observe(ConstructionLimitDeclared)
def _declared(ctx: AuditContext[ConstructionLimitDeclared]) -> None:
    event = ctx.event
    ctx.scratch.setdefault("con_declared", {})[(game_turn(event), event.power)] = event.limit


SPENDING_EVENTS: Final = (
    UnitBuilt,
    ShipLaidDown,
    ShipAdvanced,
    ShipLaunched,
    ShipRepairStarted,
    ShipRaised,
    RailheadBuilt,
    FortificationBuilt,
    PartisansPlaced,
)


def construction_spend(ctx: AuditContext[Any]) -> tuple[str, int] | None:
    """(power charged, BRPs) of a construction expenditure (27.31), or ``None``."""
    event: Any = ctx.event
    naval = ctx.state.naval
    match event:
        case UnitBuilt():
            return event.payer or event.owner, event.cost
        case ShipLaidDown():
            return (event.owner, event.brps) if not event.setup else None
        case ShipAdvanced() | ShipLaunched() | ShipRaised():
            ship = naval.ships.get(event.ship)
            owner = ship.owner if ship is not None and ship.owner else None
            return (owner, event.brps) if owner and event.brps else None
        case ShipRepairStarted():
            chart = naval.charts.get(event.yard)
            ship = naval.ships.get(event.ship)
            if chart is not None and chart.mode not in ("captured", "recaptured_by_ally") and chart.owner:
                payer: str | None = chart.owner  # the yard's owner pays (27.7264)
            else:
                payer = ship.owner if ship is not None else None
            return (payer, event.brps) if payer and event.brps else None
        case RailheadBuilt():
            return event.power, event.brp_cost
        case FortificationBuilt():
            return event.power, event.brp_cost
        case PartisansPlaced():
            return (event.owner, event.cost) if event.cost else None
    return None


@FAMILY.check(
    "27.31",
    "construction BRPs spent by a power in a turn stay within its construction limit",
    reads=SPENDING_EVENTS,
    id="construction_limit",
)
def check_construction_limit(c: Check, ctx: AuditContext[Any]) -> Result:
    spend = construction_spend(ctx)
    if spend is None or not spend[1]:
        return
    power, amount = spend
    turn = game_turn(ctx.event)
    before = ctx.scratch.get("con_spent", {}).get((turn, power), 0)
    after = before + amount
    declared = ctx.scratch.get("con_declared", {}).get((turn, power))
    recomputed = recomputed_limit(ctx, power, turn) if ctx.meta.rules != "a3r" else None
    if recomputed is not None and _incomplete_inputs(ctx, power) is None:
        limit, source = recomputed.limit, "27.32-27.34 give"
    elif declared is not None:
        limit, source = declared, "it declared"
    elif recomputed is not None:
        gap = _incomplete_inputs(ctx, power)
        yield Missing(reason=f"no construction limit declared, and the log does not record {gap}")
        return
    else:
        yield Missing(reason="neither a construction limit nor a BRP base is recorded for the power")
        return
    if before <= limit < after:
        yield c.finding(
            ctx,
            expected=f"<= {limit}",
            recorded=after,
            message=f"{sentence(power_name(power))} has now spent {after} BRPs on construction this turn; the "
            f"construction "
            f"limit {source} is {limit} (27.31)",
        )


@FAMILY.observe(*SPENDING_EVENTS)
def _spent(ctx: AuditContext[Any]) -> None:
    spend = construction_spend(ctx)
    if spend is None or not spend[1]:
        return
    table: dict[tuple[int, str], int] = ctx.scratch.setdefault("con_spent", {})
    key = (game_turn(ctx.event), spend[0])
    table[key] = table.get(key, 0) + spend[1]


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
        f"28.652B "
        f"asks {normal.rps}" + (f" ({after.rps} after a military breakthrough)" if normal.rps != after.rps else ""),
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
    if rules == "a3r" and ctx.meta.option(RAILHEAD_OPTION, "off") != "on":
        yield c.finding(
            ctx,
            expected="no railheads",
            recorded=event.hex,
            message=f"{sentence(power_name(event.power))} builds a railhead at {event.hex}, but this game does not use "
            f"railheads (option {RAILHEAD_OPTION} is off)",
        )
        return
    faction = FACTION_OF_POWER[event.power]
    built = ctx.scratch.get("con_railheads", {}).get((game_turn(event), faction), 0)
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


@FAMILY.observe(RailheadBuilt)
def _railheads(ctx: AuditContext[RailheadBuilt]) -> None:
    event = ctx.event
    table: dict[tuple[int, str], int] = ctx.scratch.setdefault("con_railheads", {})
    key = (game_turn(event), FACTION_OF_POWER[event.power])
    table[key] = table.get(key, 0) + 1


# ---------------------------------------------------------------------------------------------------------------------
# Redeployment (28.1, 28.3, 28.62)
# ---------------------------------------------------------------------------------------------------------------------


@REDEPLOYMENT.check("28.11", "redeployment happens in the redeployment phase", reads=(UnitRedeployed,))
def check_redeployment_phase(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.phase is not None and event.phase != "redeployment":
        yield c.finding(
            ctx,
            expected="redeployment",
            recorded=event.phase,
            message=f"{event.unit} makes a {event.kind} in the {event.phase.replace('_', ' ')} phase; redeployment "
            "comes after unit construction, in the redeployment phase (28.11)",
        )


def _phase_key(event: Any) -> tuple[int, str | None]:
    return game_turn(event), event.side


@REDEPLOYMENT.check(
    "28.13",
    "redeployment segments follow TR, SR (to NR), NR, SR, TR, each with its own kind",
    reads=(UnitRedeployed,),
)
def check_redeployment_segments(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.segment not in SEGMENTS or event.kind == "air_transport":
        return
    segment = event.segment
    last = ctx.scratch.get("con_segment", {}).get(_phase_key(event))
    if last is not None and SEGMENTS.index(segment) < SEGMENTS.index(last):
        yield c.finding(
            ctx,
            expected=f"{last} or later",
            recorded=segment,
            message=f"{event.unit} redeploys in segment {segment} after segment {last} has begun (28.13, 28.31)",
        )
    moved = ctx.scratch.get("con_nr_sr", {}).get(_phase_key(event), set())
    kind = event.kind
    for breach in segment_eligibility_breaches(
        segment, kind, nrs_this_phase=True, nred_or_sred_this_phase=event.unit in moved
    ):
        yield c.finding(
            ctx,
            expected=breach.allowed if breach.allowed is not None else "an eligible unit",
            recorded=kind,
            message=f"{event.unit}: {breach.message} ({breach.rule})",
        )


@FAMILY.observe(UnitRedeployed)
def _segments(ctx: AuditContext[UnitRedeployed]) -> None:
    event = ctx.event
    key = _phase_key(event)
    if event.segment in SEGMENTS:
        seen: dict[tuple[int, str | None], Segment] = ctx.scratch.setdefault("con_segment", {})
        last = seen.get(key)
        if last is None or SEGMENTS.index(event.segment) > SEGMENTS.index(last):
            seen[key] = event.segment
    if event.kind in ("NR", "SR"):
        ctx.scratch.setdefault("con_nr_sr", {}).setdefault(key, set()).add(event.unit)


SrEndKind = Literal["objective", "box", "ethiopia", "other"]


def _end_kind(location: str) -> SrEndKind:
    if location == "box:ethiopia":
        return "ethiopia"
    if location.startswith("box:"):
        return "box"
    if location.startswith(("EUR:", "PAC:")):
        return "objective"
    return "other"


SrCount = tuple[tuple[int, str, str, str, str], int, int, str, str, str]


def sr_counts(ctx: AuditContext[Any]) -> list[SrCount] | None:
    """What the current SR adds to the per-objective counts (28.62C): (key, amount, cap, words, end, direction
    words), or ``None`` when the unit is unknown."""
    cached = ctx.scratch.get("con_sr_counts")
    if cached is not None and cached[0] == ctx.seq:
        return cast("list[SrCount] | None", cached[1])
    found = _sr_counts(ctx)
    ctx.scratch["con_sr_counts"] = (ctx.seq, found)
    return found


def _sr_counts(ctx: AuditContext[UnitRedeployed]) -> list[SrCount] | None:
    event = ctx.event
    unit = ctx.state.board.units.get(event.unit)
    if unit is None:
        return None
    rules = _rules(ctx)
    unit_type = cast(UnitType, unit.unit_type)
    move = SrMove(unit_type=unit_type, factors=unit.factors, origin=event.origin, destination=event.destination)
    ground = sr_ground_units(unit_type, unit.factors, ruleset=rules)
    air = sr_air_factors(move)
    faction = FACTION_OF_POWER.get(cast(Power, unit.owner), unit.owner)
    turn = game_turn(event)
    found: list[SrCount] = []
    for end, direction, into in ((event.destination, "in", "into"), (event.origin, "out", "out of")):
        if _end_kind(end) != "objective":
            continue
        for what, amount, cap, words in (
            ("ground", ground, SR_GROUND_UNITS_PER_OBJECTIVE, "ground units"),
            ("air", air, SR_AIR_FACTORS_PER_OBJECTIVE, "air factors"),
        ):
            if amount:
                found.append(((turn, faction, end, direction, what), amount, cap, words, end, into))
    return found


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
    found = sr_counts(ctx)
    if found is None:
        yield Missing(reason="the redeployed unit is not on the board, so its type and size are unknown")
        return
    counts: dict[tuple[int, str, str, str, str], int] = ctx.scratch.get("con_sr", {})
    for key, amount, cap, words, end, into in found:
        before = counts.get(key, 0)
        after = before + amount
        if before <= cap < after:
            yield c.finding(
                ctx,
                expected=f"<= {cap}",
                recorded=after,
                message=f"{event.unit} brings the {words} SRed {into} {end} this turn to {after}; 28.62C allows {cap}",
            )


@FAMILY.observe(UnitRedeployed)
def _count_srs(ctx: AuditContext[UnitRedeployed]) -> None:
    event = ctx.event
    if event.kind != "SR" or event.origin == event.destination:
        return
    counts: dict[tuple[int, str, str, str, str], int] = ctx.scratch.setdefault("con_sr", {})
    for key, amount, *_ in sr_counts(ctx) or ():
        counts[key] = counts.get(key, 0) + amount
