"""Where naval units are built and repaired, who pays, how shipyard rates change, American fast carriers, the
Australian cap and minor-country ships (27.22C, 27.711-27.712, 27.7264-27.7265, 27.731, 27.7321, 27.7325, 27.733,
27.473B; checks N-05, N-06, N-10, N-15, N-18, N-19, N-33). The rules are :mod:`projections.rules.naval.status`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from awaw_events.events import (
    MobilizationApplied,
    ShipbuildingRateChanged,
    ShipLaidDown,
    ShipRepairStarted,
    UnitBuilt,
)
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, POWERS, power_name, type_words
from projections.board import at_war
from projections.rules.naval import (
    AUSTRALIA_IN_PLAY_CAP,
    AUSTRALIAN_CAP_TYPES,
    CAPTURED_MODES,
    ENTITLEMENT_SOURCES,
    FAST_CARRIER_TYPES,
    IMMEDIATE_TYPES,
    RATE_CAUSES,
    SOA_ENTITLEMENTS,
    US_PRODUCTION_TENSION,
    chart_build_breaches,
    entitled_type_breach,
    immediate_build_box_allowed,
    is_australian,
    minor_naval_rebuild_forbidden,
    rate_change_breaches,
    repair_location_breaches,
    repair_payer,
    us_fast_carriers_restricted,
    us_theater,
    yard_kind,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result
from replays.audit.families.naval.common import ship_words, yard_chart

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""


def _faction(who: str | None) -> str | None:
    if who is None:
        return None
    return who if who in FACTIONS else FACTION_OF_POWER.get(who)  # type: ignore[call-overload]


# ---------------------------------------------------------------------------------------------------------------------
# Where ships are built (27.711, 27.712)
# ---------------------------------------------------------------------------------------------------------------------


def _immediate_place(c: Check, ctx: AuditContext[UnitBuilt]) -> Iterator[Outcome]:
    event = ctx.event
    where = event.location
    if where.startswith("box:"):
        if not immediate_build_box_allowed(event.owner, where):
            yield c.finding(
                ctx,
                expected="a home-country port, a U.S. box (U.S.) or Canada (Britain)",
                recorded=where,
                message=f"{power_name(event.owner)} builds {type_words(event.unit_type)} {event.unit} in {where}: "
                "submarines, ASW and transports are built in a home-country port, either U.S. box (U.S.) or "
                "Canada (Britain) (27.711)",
            )
        return
    if not where.startswith(("EUR:", "PAC:")):
        return
    facts = ctx.hex(where)
    if facts is None or facts.port is None or facts.country is None:
        yield ctx.missing_hex(where, "port and country")
        return
    if not facts.port or facts.country != event.owner:
        yield c.finding(
            ctx,
            expected=f"a port in {power_name(event.owner)}",
            recorded=f"{where} ({'a port' if facts.port else 'no port'} in {facts.country})",
            message=f"{type_words(event.unit_type)} {event.unit} is built in {where}, not a port of "
            f"{power_name(event.owner)}'s home country (27.711A)",
        )
    holder = ctx.state.board.control.get(where)
    if holder is not None and _faction(holder) not in (None, _faction(event.owner)):
        yield c.finding(
            ctx,
            expected=f"controlled by {power_name(event.owner)}'s faction",
            recorded=f"controlled by {holder}",
            message=f"{where} is controlled by {holder}: naval units are built only in controlled ports (27.711A)",
        )
    yield Missing(
        reason="whether the port of a new sub, ASW or transport is fully supplied is not checked", kind="supply"
    )


@CHECKS.check(
    "27.711",
    "naval units are built where 27.711-27.712 allow: subs, ASW and transports in a home-country port, a U.S. box or "
    "Canada; ships in Canada and Australia only of the kinds those yards build",
    reads=(UnitBuilt, ShipLaidDown),
    id="build_location",
    partly={
        "N-10": "the map data format has no anchor symbol, and no state gives a port's supply: home-country ports "
        "(map data country and port), boxes, control and what Canada, Australia and the U.S. boxes build are checked",
    },
)
def check_build_location(c: Check, ctx: AuditContext[UnitBuilt | ShipLaidDown]) -> Result:
    event = ctx.event
    if isinstance(event, UnitBuilt):
        if event.unit_type not in IMMEDIATE_TYPES:
            return ()
        return tuple(_immediate_place(c, ctx))  # type: ignore[arg-type]
    if event.setup:
        return ()
    chart = yard_chart(ctx, event.yard)
    kind = yard_kind(event.yard, chart.location if chart is not None else None)
    if kind == "port" or event.unit_type == "cve":
        return ()  # CVEs: who builds them for whom is naval_build_type's (27.7223)
    australian = kind == "australia" and event.owner == "britain"
    return tuple(
        c.finding(
            ctx,
            expected=str(b.allowed),
            recorded=str(b.actual),
            message=f"{event.name or event.ship} laid down at {event.yard}: {b.message} ({b.rule})",
        )
        for b in chart_build_breaches(kind, event.owner, event.unit_type, event.factors, australian=australian)
    )


# ---------------------------------------------------------------------------------------------------------------------
# Repairs: where, who pays (27.7264, 27.7265)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.7264",
    "repairs in a yard of the owner's alliance faction (WA ships also in Australia, Canada, the U.S. boxes once the "
    "U.S. is at war), paid by the yard's owner, or the ship's in a captured yard",
    reads=(ShipRepairStarted,),
    id="repair_place_and_payer",
    covers=("N-05",),
    partly={
        "N-33": "the map data format has no anchor symbol, and no state gives a port's supply: the yard's controller, "
        "the boxes and the U.S. war condition are checked",
    },
)
def check_repair_place_and_payer(c: Check, ctx: AuditContext[ShipRepairStarted]) -> Result:
    event = ctx.event
    ship = ctx.state.naval.ships.get(event.ship)
    chart = yard_chart(ctx, event.yard)
    if ship is None or ship.owner is None or chart is None:
        return ()
    name = ship_words(ship, event.ship)
    board = ctx.state.board
    found: list[Outcome] = []
    kind = yard_kind(event.yard, chart.location)
    at_war_us = at_war(board, "usa", "germany") or at_war(board, "usa", "japan")
    for breach in repair_location_breaches(
        kind,
        ship_owner=ship.owner,
        ship_faction=_faction(ship.owner),
        controller_faction=_faction(chart.controller),
        us_at_war_with_germany_or_japan=at_war_us,
    ):
        found.append(
            c.finding(
                ctx,
                expected=str(breach.allowed or "a legal repair location"),
                recorded=f"{event.yard} ({chart.controller})",
                message=f"{name} ({power_name(ship.owner)}) may not be repaired at {event.yard}: {breach.message} "
                f"({breach.rule})",
            )
        )
    if event.payer is not None:
        truth = repair_payer(yard_owner=chart.owner, ship_owner=ship.owner, captured=chart.mode in CAPTURED_MODES)
        if event.payer != truth:
            found.append(
                c.finding(
                    ctx,
                    expected=truth,
                    recorded=event.payer,
                    message=f"the repair of {name} at {event.yard} is paid by {power_name(truth)}: the shipyard's "
                    "owner, or the ship's owner in a captured shipyard (27.7264)",
                )
            )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Shipbuilding rates (27.713, 27.731, 27.7321)
# ---------------------------------------------------------------------------------------------------------------------


def _us_open_for_production(ctx: AuditContext[Any], yard: str) -> bool | None:
    theater = us_theater(yard)
    board = ctx.state.board
    if theater == "pacific":
        return at_war(board, "usa", "japan") or board.tensions.get("usjt", 0) >= US_PRODUCTION_TENSION
    if theater == "atlantic":
        war = at_war(board, "usa", "germany") or at_war(board, "usa", "italy")
        return war or board.tensions.get("usat", 0) >= US_PRODUCTION_TENSION
    return None


@CHECKS.check(
    "27.731",
    "shipbuilding rates change only for the causes the rules give: never up for Russia and France, the U.S. by one "
    "per mobilization or by production once at war or at tension 50, a captured yard to 1",
    reads=(ShipbuildingRateChanged, MobilizationApplied),
    id="rate_change",
    partly={
        "N-06": "which tension triggered a U.S. mobilization is not recorded (mobilization_applied has no track), so "
        "the theater of its increase is not checked; a cause 'other' is taken as recorded",
    },
)
def check_rate_change(c: Check, ctx: AuditContext[ShipbuildingRateChanged | MobilizationApplied]) -> Result:
    event = ctx.event
    if isinstance(event, MobilizationApplied):
        if not event.shipbuilding_increase or event.yard is None:
            return ()
        yard, cause = event.yard, "mobilization"
        chart = yard_chart(ctx, yard)
        old = chart.rate if chart is not None else 0
        new = old + event.shipbuilding_increase
    else:
        yard, cause = event.yard, event.cause
        chart = yard_chart(ctx, yard)
        old = chart.rate if chart is not None else 0
        new = event.rate
        if cause == "other":
            return (Missing(reason="a shipbuilding rate change with no cause recorded (cause 'other')"),)
    owner = chart.owner if chart is not None else ""
    if owner not in POWERS:
        return ()
    breaches = list(
        rate_change_breaches(
            owner=owner, old=old, new=new, cause=cause, us_open_for_production=_us_open_for_production(ctx, yard)
        )
    )
    if cause not in RATE_CAUSES:
        return (
            c.finding(
                ctx,
                expected=", ".join(sorted(RATE_CAUSES)),
                recorded=cause,
                message=f"{yard}'s rate changes from {old} to {new} for {cause!r}, not a cause 27.713, 27.731 or "
                "27.7321 gives",
            ),
        )
    return tuple(
        c.finding(
            ctx,
            expected=str(b.allowed if b.allowed is not None else "no such change"),
            recorded=f"{old} -> {new} ({cause})",
            message=f"{yard} ({power_name(owner)}): {b.message} ({b.rule})",
        )
        for b in breaches
    )


# ---------------------------------------------------------------------------------------------------------------------
# American fast carriers (27.7325, 27.733)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "27.7325",
    "before war with Japan and Spring 1942 each American fast carrier laid down answers to an unused entitlement",
    reads=(ShipLaidDown,),
    id="us_fast_carriers",
    partly={
        "N-15": "the Storm Over Asia entitlements (27.7325A-B: Japanese CVs launched, CVBs laid down in SOA) come from "
        "the game before this log and are taken as recorded (ship_laid_down.entitlement)",
    },
)
def check_us_fast_carriers(c: Check, ctx: AuditContext[ShipLaidDown]) -> Result:
    event = ctx.event
    if event.setup or event.owner != "usa" or event.unit_type not in FAST_CARRIER_TYPES:
        return ()
    board = ctx.state.board
    if not us_fast_carriers_restricted(event.year, event.season, at_war(board, "japan", "usa")):
        return ()
    name = event.name or event.ship
    found: list[Outcome] = []
    breach = entitled_type_breach(event.entitlement, event.unit_type)
    if breach is not None:
        found.append(
            c.finding(
                ctx,
                expected="cv",
                recorded=event.unit_type,
                message=f"{name}: before war with Japan and Spring 1942 each entitlement lets the U.S. lay down one CV "
                f"(27.7325), not a {event.unit_type.upper()}",
            )
        )
    kind = event.entitlement
    if kind is None:
        found.append(
            Missing(
                reason="an American fast carrier laid down under 27.7325 names no entitlement", kind="no entitlement"
            )
        )
        return found
    if kind in SOA_ENTITLEMENTS:
        found.append(
            Missing(reason="Storm Over Asia entitlements (27.7325A-B) are taken as recorded", kind="SOA entitlement")
        )
        return found
    naval = ctx.state.naval
    available = sum(naval.fast_carriers.get(p, 0) for p in ENTITLEMENT_SOURCES[kind])
    used = naval.us_restricted_carriers.get(kind, 0)
    if used + 1 > available:
        found.append(
            c.finding(
                ctx,
                expected=f"<= {available}",
                recorded=used + 1,
                message=f"{name} would be American fast carrier {used + 1} laid down for "
                f"{kind.replace('_', ' ')}s, but only {available} were laid down (27.7325C, 27.733)",
            )
        )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Australia and minor countries (27.473B, 27.712D, 27.22C)
# ---------------------------------------------------------------------------------------------------------------------


def _australian_in_play(ctx: AuditContext[Any], unit_type: str) -> int:
    """Australian destroyer factors or cruiser counters in play: on the board and on the Australia chart."""
    count = 0
    for unit in ctx.state.board.units.values():
        if unit.unit_type == unit_type and is_australian(unit.nationality):
            count += unit.factors if unit_type == "dd" else 1
    naval = ctx.state.naval
    for ship in naval.ships.values():
        if ship.status == "on_chart" and ship.work == "new" and ship.unit_type == unit_type and ship.yard is not None:
            chart = naval.charts.get(ship.yard)
            if yard_kind(ship.yard, chart.location if chart is not None else None) == "australia":
                count += (ship.factors or 0) if unit_type == "dd" else 1
    return count


@CHECKS.check(
    "27.712D",
    "Australia never has more than two destroyer factors and two CA2s in play (being built included)",
    reads=(ShipLaidDown, UnitBuilt),
    id="australian_cap",
    covers=("N-18",),
)
def check_australian_cap(c: Check, ctx: AuditContext[ShipLaidDown | UnitBuilt]) -> Result:
    event = ctx.event
    if event.unit_type not in AUSTRALIAN_CAP_TYPES:
        return ()
    if isinstance(event, ShipLaidDown):
        if event.setup:
            return ()
        chart = yard_chart(ctx, event.yard)
        if yard_kind(event.yard, chart.location if chart is not None else None) != "australia":
            return ()
        adding = event.factors if event.unit_type == "dd" else 1
    else:
        if not is_australian(event.nationality):
            return ()
        adding = event.factors if event.unit_type == "dd" else 1
    cap = AUSTRALIA_IN_PLAY_CAP[event.unit_type]
    total = _australian_in_play(ctx, event.unit_type) + adding
    if total <= cap:
        return ()
    what = "destroyer factors" if event.unit_type == "dd" else "CA2s"
    return (
        c.finding(
            ctx,
            expected=f"<= {cap}",
            recorded=total,
            message=f"Australia would have {total} {what} in play; no more than {cap} may be (27.712D, 27.473B)",
        ),
    )


@CHECKS.check(
    "27.22C",
    "minor-country naval units are not rebuilt (except Australian cruisers and destroyers)",
    reads=(UnitBuilt,),
    id="minor_naval_rebuild",
    covers=("N-19",),
)
def check_minor_naval_rebuild(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if not minor_naval_rebuild_forbidden(event.nationality, event.unit_type):
        return ()
    return (
        c.finding(
            ctx,
            expected="not rebuilt",
            recorded=f"{event.nationality} {event.unit_type} built",
            message=f"{type_words(event.unit_type)} {event.unit} is a {event.nationality} naval unit: minor-country "
            "naval units may not be rebuilt, except Australian cruisers and destroyers (27.22C)",
        ),
    )
