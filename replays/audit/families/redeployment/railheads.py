"""Railheads (28.65; A3R option 17a, App. F): checks RH-01..RH-05 of the 27-30 extract and C-RED-5 of the A3R
extract. Costs and limits come from :mod:`projections.rules.redeployment`; the railheads built this turn from
:mod:`projections.redeployment`; a hex's city, objective, country, front and weather zone from the map data.

A military breakthrough (28.652B: a railhead then costs 1 RP) is read from a ``research_result`` of project
``military_breakthrough`` for the power.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import CounterRemoved, RailheadBuilt
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, RuleSet, power_name, sentence
from projections import land, redeployment
from projections.board import at_war
from projections.position.common import winter_preparation
from projections.position.zoc import zoc_on
from projections.rules.control import controller_faction
from projections.rules.redeployment import (
    MILITARY_BREAKTHROUGH,
    RAILHEAD_WINTER_BLOCK_LEVEL,
    railhead_breaches,
    railhead_cost,
    railheads_used,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

CHECKS = Family("redeployment")

"""The ``research_result.project`` that records a military breakthrough (28.652B)."""


def _rules(ctx: AuditContext[Any]) -> RuleSet:
    return "a3r" if ctx.meta.rules == "a3r" else "awaw"


# ---------------------------------------------------------------------------------------------------------------------
# Railheads (28.65)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "28.652",
    "a railhead costs 5 BRPs and 2 RPs (1 RP after a military breakthrough)",
    reads=(RailheadBuilt,),
    covers=("RH-02", "C-BRP-12"),
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
        if military_breakthrough(ctx, event.power):
            return
        yield Missing(reason="a railhead at 1 RP without a military breakthrough recorded (research_result)")
        return
    yield c.finding(
        ctx,
        expected=normal.rps if normal.rps == after.rps else f"{normal.rps} ({after.rps} after a military breakthrough)",
        recorded=event.rp_cost,
        message=f"{sentence(power_name(event.power))} paid {event.rp_cost} RPs for the railhead at {event.hex}; "
        f"28.652B asks {normal.rps}"
        + (f" ({after.rps} after a military breakthrough)" if normal.rps != after.rps else ""),
    )


@CHECKS.check(
    "28.654",
    "railheads: allowed builders, one per alliance faction per turn, one per hex",
    reads=(RailheadBuilt,),
    id="railhead_rules",
    covers=("RH-01", "RH-04"),
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
    place = _railhead_place(ctx) if rules == "awaw" and event.power in ("italy", "usa") else True
    if isinstance(place, Missing):
        yield place
    breaches = railhead_breaches(
        event.power,
        railheads_by_faction_this_turn=built,
        hex_has_railhead=event.hex in ctx.state.board.railheads,
        italian_place=place is True,
        us_at_war_in_theater=place is True,
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


def _railhead_place(ctx: AuditContext[RailheadBuilt]) -> bool | Missing:
    """Where Italy and the U.S. may build railheads (28.654E-F): Italy in Italy (Sicily too), or in a Mediterranean
    island or colony holding an Italian unit now; the U.S. in a theater in which it is at war (the European map:
    with Germany or Italy; the Pacific map: with Japan)."""
    event = ctx.event
    board = ctx.state.board
    if event.power == "usa":
        if event.hex.startswith("PAC:"):
            return at_war(board, "usa", "japan")
        return at_war(board, "usa", "germany") or at_war(board, "usa", "italy")
    facts = ctx.hex(event.hex)
    if facts is None or (facts.country is None and facts.front is None):
        return ctx.missing_hex(event.hex, "country")
    if facts.country in ("italy", "sicily"):
        return True
    if facts.front != "mediterranean":
        return False
    return any(u.location == event.hex and u.owner == "italy" for u in board.units.values())


def military_breakthrough(ctx: AuditContext[Any], power: str) -> bool:
    """Whether the log records a military breakthrough for ``power`` (a ``research_result`` of project
    ``military_breakthrough``; 28.652B)."""
    found = ctx.state.politics.research.get(f"{power}/{MILITARY_BREAKTHROUGH}")
    return found is not None and (found.steps > 0 or bool(found.result))


@CHECKS.check(
    "28.653",
    "a railhead goes in a fully supplied city that is not an objective, held by the builder's faction since the start "
    "of the player turn, in no enemy ZoC, where the winter result (less winter preparation) is below 5",
    reads=(RailheadBuilt,),
    id="railhead_site",
    covers=("RH-03", "C-RED-5"),
)
def check_railhead_site(c: Check, ctx: AuditContext[RailheadBuilt]) -> Result:
    event = ctx.event
    hex_ = event.hex
    state = ctx.state
    facts = ctx.hex(hex_)
    out: list[Outcome] = []
    if facts is None or facts.city is None or facts.objective is None:
        out.append(ctx.missing_hex(hex_, "city"))
    elif not facts.city or facts.objective:
        what = "not a city" if not facts.city else "an objective"
        out.append(_site(c, ctx, "a non-objective city", what, f"{hex_} is {what} (28.653, 28.654A)"))
    faction = FACTION_OF_POWER[event.power]
    holder = state.board.control.get(hex_)
    if holder is None:
        out.append(Missing(reason="who controls the railhead hex is not recorded"))
    elif controller_faction(holder) != faction or (
        hex_ in state.land.changed_hands and land.same_player_turn(state.land, event)
    ):
        out.append(
            _site(
                c,
                ctx,
                f"held by {faction} since the turn began",
                holder,
                f"{hex_} was not held by {faction} at the start of the player turn (28.653)",
            )
        )
    supply = state.redeployment.hex_supply.get(hex_)
    if supply is None:
        out.append(Missing(reason="the supply status of the railhead hex is not recorded"))
    elif supply[0] != "full" or (ctx.meta.rules == "a3r" and supply[1] is not None and "ic" in supply[1].split(":")):
        out.append(_site(c, ctx, "fully supplied", supply[0], f"{hex_} is not fully supplied ({supply[0]}) (28.653)"))
    zoc = zoc_on(ctx.position, hex_, owner=event.power).present
    if zoc is None:
        out.append(ctx.missing_hex(hex_, "terrain"))
    elif zoc:
        out.append(_site(c, ctx, "a hex in no enemy ZoC", "enemy ZoC", f"{hex_} is in an enemy ZoC (28.654B)"))
    out.extend(_winter(c, ctx, facts, faction))
    return out


def _site(c: Check, ctx: AuditContext[RailheadBuilt], expected: str, recorded: object, why: str) -> Outcome:
    return c.finding(
        ctx,
        expected=expected,
        recorded=recorded,
        message=f"{sentence(power_name(ctx.event.power))}'s railhead at {ctx.event.hex}: {why}",
    )


def _winter(c: Check, ctx: AuditContext[RailheadBuilt], facts: Any, faction: str) -> list[Outcome]:
    """No railheads under a winter result of 5 or worse, less the faction's winter preparation (28.654C)."""
    zone = facts.weather_zone if facts is not None else None
    if zone is None:
        return []
    weather = ctx.state.weather.zones.get(zone)
    if weather is None or weather.level is None:
        return []
    effective = max(0, weather.level - winter_preparation(ctx.position, faction))
    if effective < RAILHEAD_WINTER_BLOCK_LEVEL:
        return []
    return [
        _site(
            c,
            ctx,
            f"a winter result below {RAILHEAD_WINTER_BLOCK_LEVEL}",
            effective,
            f"the {zone.replace('_', ' ')} winter result is {weather.level}, {effective} after winter preparation "
            "(28.654C)",
        )
    ]


@CHECKS.check(
    "28.656",
    "railheads are never moved or destroyed: a captured one serves its new controller, an isolated one stays",
    reads=(CounterRemoved,),
    id="railhead_permanent",
    covers=("RH-05",),
)
def check_railhead_permanent(c: Check, ctx: AuditContext[CounterRemoved]) -> Result:
    event = ctx.event
    if event.counter != "railhead":
        return ()
    return (
        c.finding(
            ctx,
            expected="the railhead stays",
            recorded=f"removed ({event.cause})",
            message=f"the railhead at {event.location} is removed; railheads are never moved or destroyed (28.656)",
        ),
    )
