"""Construction limits (27.3), location limits (27.47), who pays for Commonwealth units and the transports that
carry U.S. BRPs (27.472-27.475), naval air and CVE training rates (27.61): checks L-01..L-12 and A-01..A-03 of the
27-30 extract.

The construction limit is the BRP ledger's (:mod:`projections.brp`, 27.32-27.34, recomputed from the base, losses by
cause, KEAs, grants, iron ore and V-weapons). Where the log lacks an input (the BRP value of Russian ICs while none is
recorded, economic preparation in the full game: :func:`projections.brp.limit_gap`) a recorded limit that could be
right is reported as not checked, and the 27.31 check falls back on the declared limit. This turn's builds, naval air
and CVEs come from :mod:`projections.redeployment`; where a hex lies (Siberia, Korea, Manchuria) from the map data.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from awaw_events.events import ConstructionLimitDeclared, ShipLaidDown, UnitBuilt
from awaw_events.gametime import game_turn
from awaw_events.vocab import Power, power_name, sentence, type_words
from projections import brp, redeployment
from projections.board import at_war
from projections.brp.limit import facts_of
from projections.redeployment import Build
from projections.rules.construction import (
    MINOR_TRANSPORT_BOX,
    NAVAL_AIR_TRAINING_RATE,
    BoxLosses,
    ConstructionLocation,
    LimitBreakdown,
    LocationBuild,
    australian_nas_rate_sources,
    australian_naval_air,
    box_limit_reduction,
    country_of,
    cve_breaches,
    location_limit_breaches,
    minor_payer_breaches,
    naval_air_breaches,
    transports_for,
    unit_cost,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

CHECKS = Family("construction")


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


@CHECKS.check(
    "27.32",
    "the declared construction limit is the one 27.32-27.34 give from the recorded base, losses and grants",
    reads=(ConstructionLimitDeclared,),
    id="limit_declared",
    after=True,
    covers=("L-02", "L-03", "L-04", "L-05", "L-06", "L-07", "L-08", "L-12"),
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


@CHECKS.check(
    "27.31",
    "construction BRPs spent by a power in a turn stay within its construction limit",
    reads=brp.LIMIT_EVENTS,
    id="construction_limit",
    after=True,
    covers=("L-01", "27-30/O-04"),
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
# Location limits (27.47)
# ---------------------------------------------------------------------------------------------------------------------


def location_of_build(ctx: AuditContext[Any], build: Build) -> ConstructionLocation | Missing | None:
    """Which 27.47 location limit a build counts against: Australian and Indian units by nationality (27.473B,
    27.474B); Russian units in Siberia and Japanese units in Korea or Manchuria by the map data's country of the hex
    (27.476, 27.471); ``None`` for none; :class:`Missing` when the map data does not place a Pacific hex."""
    country = country_of(build.nationality)
    if country in ("australia", "india"):
        return cast(ConstructionLocation, country)
    if build.owner not in ("russia", "japan") or not build.location.startswith("PAC:"):
        return None  # Siberia, Korea and Manchuria are on the Pacific map
    facts = ctx.hex(build.location)
    places = {p for p in (facts.country, facts.area) if p} if facts is not None else set()
    if not places:
        return ctx.missing_hex(build.location, "country")
    if build.owner == "russia" and "siberia" in places:
        return "siberia"
    if build.owner == "japan" and places & {"korea", "manchuria"}:
        return "korea_manchuria"
    return None


def _location_build(build: Build) -> LocationBuild:
    unit_type = cast(Any, build.unit_type)
    return LocationBuild(unit_type, build.factors, build.cost, unit_cost(unit_type, build.factors))


def _box_reduction(ctx: AuditContext[Any], where: ConstructionLocation) -> int:
    """This turn's reduction of the Australian or Indian limit from losses at its box (27.331B/D, 27.333)."""
    if where not in ("australia", "india"):
        return 0
    found = facts_of(ctx.state.brp, "britain").boxes.get(where)
    if found is None:
        return 0
    return box_limit_reduction(
        BoxLosses(box=where, bombing=found.bombing, rockets=found.rockets, adjacency=found.adjacency)
    )


@CHECKS.check(
    "27.47",
    "construction outside home countries stays within its location limits: Australia 9 BRPs, 3 infantry factors and "
    "1 AAF; India 3 BRPs (the Chindit aside); Siberia 6 BRPs of ground and air units; Korea and Manchuria 3 infantry "
    "factors, infantry only",
    reads=(UnitBuilt,),
    id="location_limits",
    covers=("L-09",),
)
def check_location_limits(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    this = Build(
        seq=ctx.seq,
        owner=event.owner,
        nationality=event.nationality,
        unit_type=event.unit_type,
        factors=event.factors,
        location=event.location,
        cost=event.cost,
    )
    where = location_of_build(ctx, this)
    if where is None or isinstance(where, Missing):
        return () if where is None else (where,)
    earlier = [b for b in redeployment.builds_this_turn(ctx.state.redeployment, game_turn(event)) if b.seq != ctx.seq]
    same = [_location_build(b) for b in earlier if location_of_build(ctx, b) == where]
    reduction = _box_reduction(ctx, where)
    before = {(b.message, b.allowed) for b in location_limit_breaches(where, same, box_reduction=reduction)}
    after = location_limit_breaches(where, [*same, _location_build(this)], box_reduction=reduction)
    found: list[Outcome] = []
    for breach in after:
        if (breach.message, breach.allowed) in before:
            continue
        found.append(
            c.finding(
                ctx,
                expected=f"at most {breach.allowed}" if breach.allowed is not None else "not built there",
                recorded=breach.actual,
                message=f"{event.unit} ({_unit_words(event)}): {breach.message} this turn ({breach.rule})",
            )
        )
    return found


def _unit_words(event: UnitBuilt) -> str:
    return f"a {event.factors}-factor {type_words(event.unit_type)} unit"


# ---------------------------------------------------------------------------------------------------------------------
# Commonwealth construction: payers and transports (27.472-27.475)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.472",
    "South African, Australian, Indian and Canadian units are paid by Britain or the U.S., the U.S. paying for "
    "Australia and India only once it is at war with Japan or Britain has surrendered",
    reads=(UnitBuilt,),
    id="minor_payer",
    partly={"L-10": "the U.S. pre-war grant limit its pre-war payments count against (40.x) is not in the texts"},
)
def check_minor_payer(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    country = country_of(event.nationality)
    payer = event.payer or event.owner
    board = ctx.state.board
    breaches = minor_payer_breaches(
        country,
        payer,
        us_japan_war=at_war(board, "usa", "japan"),
        britain_surrendered=board.statuses.get("britain") == "surrendered",
    )
    return tuple(
        c.finding(
            ctx,
            expected=b.allowed,
            recorded=payer,
            message=f"{sentence(power_name(payer))} pays for {event.unit}, a {country.replace('_', ' ')} unit: "
            f"{b.message} ({b.rule})",
        )
        for b in breaches
    )


@CHECKS.check(
    "27.472B",
    "one Atlantic transport per 5 U.S. BRPs spent on South African units, one Pacific transport per 5 on Australian "
    "or Indian units, in the turn",
    reads=(UnitBuilt,),
    id="minor_transports",
    covers=("L-11",),
)
def check_minor_transports(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    country = country_of(event.nationality)
    box = MINOR_TRANSPORT_BOX.get(country)
    if event.payer != "usa" or box is None:
        return ()
    brps, transports = redeployment.minor_brps(ctx.state.redeployment, game_turn(event), country)
    if not event.transports and not transports:
        return (Missing(reason="the transports used for U.S.-paid Commonwealth construction are not recorded"),)
    used = transports + event.transports.get(box, 0)
    needed = transports_for(brps + event.cost)
    if used >= needed or transports_for(brps) > transports:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at least {needed} {box} transports",
            recorded=used,
            message=f"the U.S. has now paid {brps + event.cost} BRPs for {country.replace('_', ' ')} units this turn: "
            f"one {box} transport per 5 BRPs, rounded up, is {needed}; {used} recorded (27.472B-27.474C)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Naval air and CVE training rates (27.23, 27.61)
# ---------------------------------------------------------------------------------------------------------------------


def _rate_power(ctx: AuditContext[UnitBuilt]) -> str | Missing:
    """The power whose training rate a NAS build uses (27.61, 27.61B)."""
    event = ctx.event
    if not australian_naval_air(event.nationality):
        return event.owner
    rate = event.naval_air_rate
    if rate is None:
        return Missing(reason="whose training rate an Australian naval air unit is built on (naval_air_rate)")
    if rate == "australia":
        return Missing(reason="Australian naval air on Australia's own training rate, which the rules do not give")
    return rate


@CHECKS.check(
    "27.61",
    "naval air factors built per turn stay within the training rate they are built on (Australian naval air: "
    "Britain's until the U.S. is at war with Japan, then the U.S.'s)",
    reads=(UnitBuilt,),
    covers=("A-01", "A-02"),
)
def check_naval_air_rate(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type != "nas":
        return
    power = _rate_power(ctx)
    if isinstance(power, Missing):
        yield power
        return
    if australian_naval_air(event.nationality):
        sources = australian_nas_rate_sources(us_at_war_with_japan=at_war(ctx.state.board, "usa", "japan"))
        if power not in sources:
            yield c.finding(
                ctx,
                expected=" or ".join(sorted(sources)),
                recorded=power,
                message=f"Australian naval air unit {event.unit} is built on {power_name(power)}'s training rate; "
                f"27.61B allows {' or '.join(power_name(s) for s in sorted(sources))} now",
            )
            return
    tallies = ctx.state.redeployment
    before = redeployment.naval_air_built(tallies, game_turn(event), power)
    after = before + event.factors
    breaches = naval_air_breaches(cast(Power, power), after)
    if not breaches or naval_air_breaches(cast(Power, power), before):
        return
    if power in tallies.naval_air_research:
        yield Missing(reason="naval air training rates raised by production RPs (42.23D) are not recorded")
        return
    allowed = breaches[0].allowed
    yield c.finding(
        ctx,
        expected=f"<= {allowed}",
        recorded=after,
        message=f"{after} naval air factors are now built on {power_name(power)}'s training rate this turn; the "
        f"rate is {allowed} (27.61)",
    )


@CHECKS.check(
    "27.61A",
    "CVEs laid down per turn stay within the naval air training rate (American CVEs the U.S. rate, British CVEs the "
    "British rate), without using it up",
    reads=(ShipLaidDown,),
    id="cve_rate",
    covers=("A-03",),
)
def check_cve_rate(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.unit_type != "cve" or event.setup:
        return ()
    tallies = ctx.state.redeployment
    power = event.owner
    after = redeployment.cves_laid_down(tallies, game_turn(event), power) + 1
    rate = NAVAL_AIR_TRAINING_RATE[power]
    breaches = cve_breaches(power, after, rate)
    if not breaches or after - 1 > rate:
        return ()
    if power in tallies.naval_air_research:
        return (Missing(reason="naval air training rates raised by production RPs (42.23D) are not recorded"),)
    return (
        c.finding(
            ctx,
            expected=f"<= {rate}",
            recorded=after,
            message=f"{sentence(power_name(power))} has laid down {after} CVEs this turn; CVEs are limited by its "
            f"naval air training rate, {rate} (27.61A)",
        ),
    )
