"""Supply sources (30.2, 30.29; A3R App. H and I), isolated ICs (30.267B) and construction in supplied hexes (30.61):
S-14..S-16, S-24, S-25, C-SUP-1, C-SUP-2.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AttackDeclared,
    CounterPlaced,
    FortificationBuilt,
    PlayerTurnEnded,
    SupplyDetermined,
    UnitBuilt,
)
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Faction
from projections.rules.control import SURRENDER_STATUSES, controller_faction, controller_side
from projections.rules.supply import (
    AUTOMATIC_SOURCES,
    HOUSE_IC_SUPPLY,
    IC_SUPPLY_OPTION,
    RANK,
    SURRENDERED_CAPITALS,
    Source,
    may_draw,
    sources,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.supply.common import (
    _enemy_zoc,
    _is_hex,
    _named_hex,
    _where,
)

CHECKS = Family("supply")


# ---------------------------------------------------------------------------------------------------------------------
# Sources (30.2, 30.29; A3R App. I)


def _sources_of(ctx: AuditContext[Any]) -> dict[str, Source]:
    meta = ctx.meta
    return sources(meta.rules, meta.options)


@CHECKS.check(
    "30.2",
    "each result's source supplies that faction and that much: no Western Allied-Russian sharing, limited sources "
    "give partial supply, capitals of powers that surrendered are limited and enemy-held ones supply no one, a "
    "bridgehead only in its placement turn and not in an enemy ZoC",
    reads=(SupplyDetermined,),
    covers=("S-14", "S-15", "S-16", "C-SUP-1"),
)
def check_supply_sources(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    table = _sources_of(ctx)
    found: list[Any] = []
    for result in event.results:
        source = result.source
        if source is None:
            continue
        if source in AUTOMATIC_SOURCES:
            found.extend(_automatic_source(c, ctx, event, result))
        elif _is_hex(source):
            found.extend(_hex_source(c, ctx, event, result, source))
        else:
            spec = table.get(source)
            if spec is None:
                found.append(
                    Missing(
                        reason=f"{source!r} is not a supply source the rules name (30.2); a hex source is named by "
                        "its hex id",
                        kind="source not named by the rules",
                    )
                )
            else:
                found.extend(_named_source(c, ctx, event, result, source, spec))
    return found


def _unit_nationality(ctx: AuditContext[Any], subject: str) -> str | None:
    unit = ctx.state.board.units.get(subject)
    return unit.nationality if unit is not None else None


def _named_source(
    c: Check, ctx: AuditContext[Any], event: SupplyDetermined, result: SupplyResult, name: str, spec: Source
) -> Result:
    board = ctx.state.board
    owner = spec.faction
    where = _named_hex(ctx, name)
    if spec.scope == "controller":
        holder = board.control.get(where) if where is not None else None
        if holder is None:
            yield Missing(
                reason=f"who controls {name} is not known (map data names it, and hex control)", kind="source"
            )
            return
        owner = FACTION_OF_POWER.get(holder, owner)  # type: ignore[call-overload]
    allowed = may_draw(event.faction, owner, nationality=_unit_nationality(ctx, result.subject))
    if allowed == "no":
        yield c.finding(
            ctx,
            expected=f"a source of {event.faction}",
            recorded=f"{name} ({owner})",
            message=f"{result.subject} ({event.faction}) may not draw supply from {name}, a {owner} source "
            "(30.29: no Western Allied and Russian sharing, no Japanese use of Russian sources)",
        )
        return
    limited = spec.kind == "limited" or allowed == "limited"
    capital = spec.capital_of
    surrendered = capital is not None and capital in SURRENDERED_CAPITALS and _surrendered(ctx, capital)
    if capital is not None and not surrendered:
        held = board.control.get(where) if where is not None else None
        if where is None:
            yield Missing(reason=f"no map data names {name} (who holds the capital, 30.263)", kind="no map data (name)")
        elif held is not None and controller_side(held) != controller_side(capital):
            yield c.finding(
                ctx,
                expected="no supply",
                recorded=f"{result.status} from {name}",
                message=f"{name} is held by {held} while {capital} has not surrendered: it supplies neither side "
                "(30.263)",
            )
            return
    if result.status == "full" and (limited or surrendered):
        why = f"{capital} has surrendered (30.23, 30.263)" if surrendered else f"{name} is a limited source (30.26)"
        yield c.finding(
            ctx,
            expected="partial at most",
            recorded="full",
            message=f"{result.subject} draws full supply from {name}, but {why}",
        )
    yield from _source_conditions(c, ctx, result, name, spec, where)


def _surrendered(ctx: AuditContext[Any], power: str) -> bool:
    if power == "france" and ctx.state.politics.french_surrender is not None:
        return True
    return ctx.state.board.statuses.get(power) in SURRENDER_STATUSES


def _source_conditions(
    c: Check, ctx: AuditContext[Any], result: SupplyResult, name: str, spec: Source, where: str | None
) -> Result:
    if spec.scope == "in_hex":
        here = _where(ctx, result.subject)
        if where is None or here is None:
            yield Missing(
                reason=f"no map data names {name} (it supplies only the units in it)", kind="no map data (name)"
            )
        elif here != where:
            yield c.finding(
                ctx,
                expected=f"only units in {name}",
                recorded=f"{result.subject} in {here}",
                message=f"{name} supplies only the units in its own hex ({spec.rule})",
            )
    needs = spec.needs or ""
    if needs.startswith("not_surrendered:") and _surrendered(ctx, needs.split(":", 1)[1]):
        yield c.finding(
            ctx,
            expected="no supply",
            recorded=f"{result.status} from {name}",
            message=f"the {name} box is no source once {needs.split(':', 1)[1]} has surrendered ({spec.rule})",
        )
    if needs == "ukraine_axis" and SIDE_OF_FACTION.get(ctx.state.politics.alignment.get("ukraine")) != "axis":  # type: ignore[call-overload]
        yield c.finding(
            ctx,
            expected="the Ukraine associated with or allied to Germany",
            recorded="not",
            message=f"Kiev is a source only while the Ukraine is associated with or allied to Germany ({spec.rule})",
        )


def _hex_source(c: Check, ctx: AuditContext[Any], event: SupplyDetermined, result: SupplyResult, hex_: str) -> Result:
    board = ctx.state.board
    if hex_ in board.bridgeheads:
        yield from _bridgehead_source(c, ctx, event, result, hex_)
        return
    if hex_ in ctx.state.brp.ics or ((facts := ctx.hex(hex_)) is not None and facts.industrial_centre):
        yield from _ic_source(c, ctx, event, result, hex_)
        return
    facts = ctx.hex(hex_)
    if facts is not None and facts.capital and facts.country is not None:
        nationality = _unit_nationality(ctx, result.subject)
        if result.status == "full" and nationality != facts.country:
            yield c.finding(
                ctx,
                expected="partial at most",
                recorded="full",
                message=f"{result.subject}: a minor capital ({hex_}) gives full supply only to its own country's "
                "units, limited supply to others (30.24, 30.264)",
            )
        return
    yield Missing(reason=f"{hex_} is not a known supply source (no bridgehead, IC or capital there)", kind="hex source")


def _bridgehead_source(
    c: Check, ctx: AuditContext[Any], event: SupplyDetermined, result: SupplyResult, hex_: str
) -> Result:
    bridgehead = ctx.state.board.bridgeheads[hex_]
    facts = ctx.state.land
    if (
        bridgehead.cause != "seaborne_invasion"
        or hex_ not in facts.bridgeheads_placed
        or event.determination != "post_combat"
        or bridgehead.faction != event.faction
    ):
        yield c.finding(
            ctx,
            expected="only the faction's seaborne bridgehead, at the post-combat determination of its placement turn",
            recorded=f"{bridgehead.cause.replace('_', ' ')} bridgehead placed {bridgehead.placed}",
            message=f"{result.subject} draws supply from the bridgehead in {hex_}: a bridgehead placed by seaborne "
            "invasion is a source only at the post-combat supply determination of the player turn it is placed "
            "(30.25A-B)",
        )
        return
    armor = _enemy_zoc(ctx, hex_, SIDE_OF_FACTION[event.faction])
    if armor is True:
        yield c.finding(
            ctx,
            expected="no supply traced out of it",
            recorded=f"{result.status} from {hex_}",
            message=f"the bridgehead in {hex_} is in an enemy ZoC: no supply may be traced out of it (30.25A, 30.321)",
        )
    elif armor is None:
        yield ctx.missing_hex(hex_, "terrain (ZoC)")


def _ic_source(c: Check, ctx: AuditContext[Any], event: SupplyDetermined, result: SupplyResult, hex_: str) -> Result:
    here = _where(ctx, result.subject)
    house = ctx.meta.rules == "a3r" and ctx.meta.option(IC_SUPPLY_OPTION, HOUSE_IC_SUPPLY) == HOUSE_IC_SUPPLY
    if here != hex_:
        yield c.finding(
            ctx,
            expected=f"only units in {hex_}",
            recorded=f"{result.subject} in {here}",
            message=f"an IC supplies only the units in its own hex (30.267A, A3R 37.71): {result.subject} is not in "
            f"{hex_}",
        )
        return
    holder_side = controller_side(ctx.state.board.control.get(hex_))
    if SIDE_OF_FACTION[event.faction] == "axis" and holder_side == "axis" and house:
        yield c.finding(
            ctx,
            expected="no supply from a captured IC",
            recorded=f"{result.status} from {hex_}",
            message="under the house rules the Axis may not draw supply from captured ICs (A3R App. I 30.292)",
        )
    elif result.status == "full" and not (house and event.faction == "russia"):
        yield c.finding(
            ctx,
            expected="partial at most",
            recorded="full",
            message=f"an IC is a limited source (30.267A): {result.subject} gets at most partial supply from it",
        )


def _automatic_source(c: Check, ctx: AuditContext[Any], event: SupplyDetermined, result: SupplyResult) -> Result:
    source = result.source
    if source == "bridgehead":
        here = _where(ctx, result.subject)
        if here is None or here not in ctx.state.board.bridgeheads:
            yield c.finding(
                ctx,
                expected="a bridgehead in the subject's hex",
                recorded=f"{result.subject} in {here}",
                message=f"{result.subject} names a bridgehead as its source, but none is in its hex (30.25A)",
            )
        else:
            yield from _bridgehead_source(c, ctx, event, result, here)
    elif source == "automatic":
        unit = ctx.state.board.units.get(result.subject)
        if unit is not None and unit.unit_type in ("partisan", "chindit"):
            return
        if unit is not None and unit.owner == "japan":
            facts = ctx.hex(unit.location) if _is_hex(unit.location) else None
            if facts is None or facts.country is None:
                yield ctx.missing_hex(unit.location, "country")
            elif facts.country != "japan":
                yield c.finding(
                    ctx,
                    expected="a unit in Japan",
                    recorded=f"{result.subject} in {unit.location}",
                    message="only Japanese units in Japan are supplied automatically (30.551D)",
                )
            return
        yield c.finding(
            ctx,
            expected="partisans, Chindits or Japanese units in Japan",
            recorded=result.subject,
            message=f"{result.subject} is not among the units supplied automatically (30.551B-D)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# ICs (30.267B; A3R App. H) and construction (27.43A, 30.61)


@CHECKS.check(
    "30.267",
    "an IC hex whose units have no other supply defends 1 DM lower per turn of isolation, one turn later per 5 BRPs "
    "in the IC",
    reads=(AttackDeclared,),
    covers=("S-24",),
)
def check_ic_isolation_dm(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    ics = ctx.state.brp.ics
    if not ics:
        return ()
    counts = ctx.state.land.ic_isolation
    found = []
    for defender in ctx.event.defenders:
        hex_ = defender.hex
        if hex_ is None or hex_ not in ics:
            continue
        expected = max(0, counts.get(hex_, 0) - ics[hex_] // 5)
        claimed = -sum(m.value for m in defender.dms if m.code == "isolated")
        if claimed != expected:
            found.append(
                c.finding(
                    ctx,
                    expected=f"isolated DM -{expected}" if expected else "no isolation DM",
                    recorded=f"-{claimed}" if claimed else "none",
                    message=f"{defender.unit} in the IC hex {hex_}: {counts.get(hex_, 0)} turn(s) of isolation, "
                    f"delayed {ics[hex_] // 5} by the IC's {ics[hex_]} BRPs, give a DM of -{expected} (30.267B)",
                )
            )
    return found


@CHECKS.check(
    "30.61",
    "units, airbases, rocket bases and port counters are built only in fully supplied hexes",
    reads=(UnitBuilt, CounterPlaced, FortificationBuilt),
    covers=("S-25",),
)
def check_construction_needs_full_supply(
    c: Check, ctx: AuditContext[UnitBuilt | CounterPlaced | FortificationBuilt]
) -> Result:
    event = ctx.event
    if isinstance(event, UnitBuilt):
        hexes, power, what = [event.location], event.owner, event.unit
    elif isinstance(event, CounterPlaced):
        hexes, power, what = [event.hex], event.power, f"a {event.counter.replace('_', ' ')}"
    elif event.kind == "port":
        hexes, power, what = list(event.hexes), event.power, "a port counter"
    else:
        return ()
    faction = FACTION_OF_POWER[power]
    record = ctx.state.land.faction_supply.get(faction)
    statuses = record.statuses if record is not None else {}
    found: list[Any] = []
    for hex_ in hexes:
        if not _is_hex(hex_):
            continue
        status = statuses.get(hex_) or _best_unit_supply(ctx, hex_, faction)
        if status is None:
            found.append(Missing(reason=f"the supply of {hex_} is not recorded (30.61)", kind="hex supply"))
        elif status != "full":
            found.append(
                c.finding(
                    ctx,
                    expected="a fully supplied hex",
                    recorded=f"{hex_} {status}",
                    message=f"{what} is built in {hex_}, which has {status} supply: construction needs full supply "
                    "(27.43A, 30.61A, 30.61D)",
                )
            )
    return found


def _best_unit_supply(ctx: AuditContext[Any], hex_: str, faction: Faction) -> str | None:
    found = {
        unit.supply
        for unit in ctx.state.board.units.values()
        if unit.location == hex_ and unit.supply is not None and controller_faction(unit.owner) == faction
    }
    return max(found, key=lambda s: RANK.get(s, 0)) if found else None


@CHECKS.check(
    "A3R 37.71",
    "a Russian IC used as a source supplies only Russian units in its hex, is declared at the initial determination "
    "and costs the IC 5 BRPs",
    reads=(SupplyDetermined, PlayerTurnEnded),
    covers=("C-SUP-2",),
)
def check_russian_ic_supply(c: Check, ctx: AuditContext[SupplyDetermined | PlayerTurnEnded]) -> Result:
    meta = ctx.meta
    if meta.rules != "a3r" or meta.option(IC_SUPPLY_OPTION, HOUSE_IC_SUPPLY) != HOUSE_IC_SUPPLY:
        return ()
    event = ctx.event
    ics = ctx.state.brp.ics
    if isinstance(event, PlayerTurnEnded):
        facts = ctx.state.land
        unpaid = sorted(set(facts.ic_used) - facts.ic_paid)
        return [
            c.finding(
                ctx,
                expected="the IC's value reduced by 5 (ic_value_changed, cause supply_use)",
                recorded="not paid",
                message=f"the IC in {hex_} supplied units this player turn, which costs the IC and Russia 5 BRPs "
                "(A3R App. H 37.711)",
            )
            for hex_ in unpaid
        ]
    found = []
    for result in event.results:
        if result.source is None or result.source not in ics:
            continue
        unit = ctx.state.board.units.get(result.subject)
        russian = unit is not None and unit.owner == "russia"
        if not russian or event.determination != "initial":
            found.append(
                c.finding(
                    ctx,
                    expected="Russian units, declared at the initial determination",
                    recorded=f"{result.subject} at the {event.determination.replace('_', '-')} determination",
                    message=f"a Russian IC ({result.source}) supplies only Russian units in its hex and is declared "
                    "during initial supply determination (A3R App. H 37.71)",
                )
            )
    return found
