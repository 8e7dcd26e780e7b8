"""Construction costs, multipliers and oil (27.11-27.14, 27.21, 27.35), when units are built (27.11, 27.91) and how
they enter play (27.81): checks C-01..C-05, O-01..O-05, P-01 and I-01 of the 27-30 extract.

Costs and multipliers come from :mod:`projections.rules.construction`; the elimination registry (cause and game turn,
27.13A) from the board; the construction oil a faction committed from the oil projection (25 BRPs a counter, 5 a
fifth, 27.35A); the BRPs its builds claimed covered from :mod:`projections.redeployment`.

Choices (27-30 extract section 7): the oil coverage of a build is its claimed ``oil_covered_brps`` (open question 3),
held to what the faction committed (27.35A, F: Germany and Italy share the European Axis amount); when it is not
recorded the oil half of the multiplier cannot be verified, and a doubling beyond the same-turn penalty is reported
as not checked, never as a finding. The U.S. never pays oil doubling; Britain and France only once the Western Allies
track oil (27.35G): :func:`projections.rules.construction.construction_oil_tracked`.
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import (
    OilEffectAccepted,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
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
from projections import oil, redeployment
from projections.board import Eliminated
from projections.rules.construction import (
    BRP_COST_PER_FACTOR,
    OIL_COUNTER_COVERS_BRPS,
    RESISTANCE_OIL_POWERS,
    SPECIALIZED_TYPES,
    build_phases,
    built_uninverted,
    construction_oil_tracked,
    cost_multiplier,
    same_turn_penalty,
    same_turn_rebuild,
    specialized_rebuild_allowed,
    unit_cost,
)
from projections.rules.redeployment import INVERSION_RULES
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

CHECKS = Family("construction")


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

    __slots__ = (
        "consistent",
        "covered",
        "expected",
        "gone",
        "multiplier",
        "normal",
        "payer",
        "penalty",
        "rate",
        "tracked",
    )

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
        self.tracked = tracked
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


@CHECKS.check(
    "27.11",
    "a unit costs its 27.11 BRPs per factor (times the multiplier claimed)",
    reads=(UnitBuilt,),
    covers=("C-01",),
)
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


@CHECKS.check(
    "27.13",
    "a unit eliminated by isolation or voluntarily is rebuilt the same game turn at double cost, later at normal cost",
    reads=(UnitBuilt,),
    covers=("C-02", "C-03", "AUD-13-03", "C-BRP-12"),
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


@CHECKS.check(
    "27.14",
    "a same-turn rebuild not covered by oil costs triple (never quadruple)",
    reads=(UnitBuilt,),
    covers=("C-02",),
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


@CHECKS.check(
    "27.35B",
    "builds beyond the faction's oil coverage cost double (27.13B)",
    reads=(UnitBuilt,),
    id="oil_doubling",
    covers=("C-02", "27-30/O-03"),
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


@CHECKS.check(
    "27.11",
    "units, ships and railheads are built in the unit construction phase (new SW units also at the end of research)",
    reads=(UnitBuilt, ShipLaidDown, ShipAdvanced, ShipRepairStarted, ShipRaised, RailheadBuilt),
    covers=("C-05",),
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


@CHECKS.check(
    "27.21",
    "specialized units are not rebuilt in the player turn of their elimination",
    reads=(UnitBuilt,),
    covers=("P-01",),
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


@CHECKS.check("27.81", "new air and naval units enter play inverted", reads=(UnitBuilt,), covers=("I-01",))
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
# Construction oil (27.35A-F)
# ---------------------------------------------------------------------------------------------------------------------


def _payer_faction(event: UnitBuilt) -> str:
    payer = event.payer or event.owner
    return FACTION_OF_POWER[payer]


@CHECKS.check(
    "27.35A",
    "builds at normal cost stay within 25 BRPs per oil counter (5 per fifth) the alliance faction committed to "
    "construction, Germany and Italy sharing the European Axis amount",
    reads=(UnitBuilt,),
    id="oil_coverage",
    covers=("27-30/O-01", "27-30/O-02"),
)
def check_oil_coverage(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    claimed = event.oil_covered_brps
    if not claimed:
        return ()
    p = pricing(ctx)
    if not p.tracked:
        return ()  # no construction oil effects for this payer (27.35G)
    faction = _payer_faction(event)
    committed = oil.construction_covered_brps(ctx.state.oil, faction)
    before = redeployment.oil_covered(ctx.state.redeployment, game_turn(event), faction)
    covered = min(claimed, p.normal)
    if before + covered <= committed:
        return ()
    counters, fifths = divmod(oil.construction_fifths(ctx.state.oil, faction), 5)
    shared = " (Germany and Italy share it, 27.35F)" if faction == "european_axis" else ""
    return (
        c.finding(
            ctx,
            expected=f"at most {max(0, committed - before)} covered",
            recorded=covered,
            message=f"{event.unit} claims {covered} BRPs covered by oil; {power_name(faction)} committed "
            f"{counters} counter(s) and {fifths} fifth(s) to construction this turn, covering {committed} BRPs at "
            f"{OIL_COUNTER_COVERS_BRPS} a counter{shared}, {before} of them already used (27.35A-B)",
        ),
    )


@CHECKS.check(
    "27.35E",
    "Britain and Russia incur the construction oil effect for resistance unless they used an oil counter for "
    "construction",
    reads=(OilEffectAccepted,),
    id="construction_oil_effect",
    partly={
        "27-30/O-05": "only an effect accepted although an oil counter was used is caught: the resistance level it "
        "feeds (rules 54, 59) is not in the texts, and the log records the flag only as oil_effect_accepted"
    },
)
def check_construction_oil_effect(c: Check, ctx: AuditContext[OilEffectAccepted]) -> Result:
    event = ctx.event
    if event.service != "construction" or event.faction not in ("russia", "western_allies"):
        return ()
    fifths = oil.construction_fifths(ctx.state.oil, event.faction)
    if fifths < 5:
        return ()
    powers = " and ".join(power_name(p) for p in sorted(RESISTANCE_OIL_POWERS) if FACTION_OF_POWER[p] == event.faction)
    return (
        c.finding(
            ctx,
            expected="no construction oil effect",
            recorded="accepted",
            message=f"{power_name(event.faction)} accepts the construction oil effect after committing "
            f"{fifths // 5} oil counter(s) to construction this turn; {powers} incur it only when no counter was "
            "used (27.35E)",
        ),
    )
