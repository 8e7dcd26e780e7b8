"""Shipyards: the limits each turn (rate, the one-factor share, capacity: 27.724A, 27.7221A, 27.741; checks
N-01..N-03), American pre-war transports (27.7322; N-50..N-53), where naval units are built and repaired and who
pays, how shipyard rates change, American fast carriers, the Australian cap and minor-country ships (27.22C,
27.711-27.712, 27.7264-27.7265, 27.731, 27.7321, 27.7325, 27.733, 27.473B; N-05, N-06, N-10, N-15, N-18, N-19,
N-33). The rules are :mod:`projections.rules.naval`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from awaw_events.events import (
    Event,
    MobilizationApplied,
    ShipAdvanced,
    ShipbuildingRateChanged,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
)
from awaw_events.vocab import POWERS, power_name, type_words
from projections import naval as charts
from projections.position.core import Position, Unknown, breach
from projections.position.naval import Verdict, faction_of, ship_words, yard_chart
from projections.position.wars import Wars, either_way, same_either_way, war_doubt, wars_of
from projections.rules import naval as rules
from projections.rules.breach import Breach

# ---------------------------------------------------------------------------------------------------------------------
# Shipyard rate, one-factor share and capacity (27.724A, 27.7221A, 27.741)


class YardUse(NamedTuple):
    """What an event spends at a yard and the yard's standing after it (SB spent this turn, SB on one-factor units,
    counters on its chart), with the breaches that standing makes that the one before it did not; ``chart`` is
    None for a yard never defined."""

    yard: str
    chart: charts.Chart | None
    after: tuple[int, int, int]
    new: tuple[Breach, ...]


def _spends(pos: Position, event: Event) -> tuple[str, int, bool, int] | None:
    """The yard an event uses, its SB, whether they go to a one-factor unit, and the counters it adds to the chart."""
    match event:
        case ShipLaidDown() if not event.setup:
            return event.yard, event.sb, event.unit_type in rules.ONE_FACTOR_TYPES, 1
        case ShipAdvanced():
            launched = event.row == rules.LAUNCH_ROW and rules.launches_at_once(pos.meta.options)
            return event.yard, event.sb, False, -1 if launched else 0
        case ShipLaunched():
            ship = pos.state.naval.ships.get(event.ship)
            on_chart = ship is not None and ship.status == "on_chart" and ship.yard == event.yard
            one = ship is not None and ship.unit_type in rules.ONE_FACTOR_TYPES
            return event.yard, event.sb, one, -1 if on_chart else 0
        case ShipRepairStarted():
            return event.yard, event.sb, False, 1
        case ShipRaised():
            return event.yard, event.sb, False, 0
        case UnitBuilt() if event.yard is not None:
            return event.yard, event.sb, event.unit_type in rules.ONE_FACTOR_TYPES, 0
    return None


def yard_use(pos: Position, event: Event) -> YardUse | None:
    """An event's use of a yard (computed once for the position, however many queries ask)."""
    found = _spends(pos, event)
    return None if found is None else pos.cached(_yard_use, *found, event.year, event.season)


def _yard_use(pos: Position, yard: str, sb: int, one: bool, counters: int, year: int, season: str) -> YardUse:
    state = pos.state.naval
    chart = yard_chart(pos, yard)
    spent = state.spent.get(yard) if charts.this_turn(state, year, season) else None
    on_chart = charts.counters_on_chart(state, yard)
    before = (0, 0, on_chart) if spent is None else (spent.sb, spent.one_factor_sb, on_chart)
    after = (before[0] + sb, before[1] + (sb if one else 0), before[2] + counters)
    if chart is None:
        return YardUse(yard, None, after, ())
    rule = charts.capacity_rule_of(chart)

    def breaches(spent_sb: int, one_sb: int, on_chart: int) -> tuple[Breach, ...]:
        return rules.shipyard_breaches(
            rate=chart.rate,
            capacity_rule=rule,
            sb_spent=spent_sb,
            one_factor_sb_spent=one_sb,
            counters_on_chart=on_chart,
        )

    old = {b.rule for b in breaches(*before)}
    return YardUse(yard, chart, after, tuple(b for b in breaches(*after) if b.rule not in old))


def _yard(pos: Position, event: Event, rule: str) -> Verdict:
    use = yard_use(pos, event)
    if use is None:
        return ()
    if use.chart is None:
        return (
            (Unknown(reason="a shipyard used before it was defined (shipyard_defined)"),) if rule == "27.724A" else ()
        )
    sb, one, counters = use.after
    out = []
    for b in use.new:
        if b.rule != rule:
            continue
        if rule == "27.724A":
            message = f"{use.yard} has now spent {sb} SB this turn; its shipbuilding rate is {b.allowed} (27.724A)"
        elif rule == "27.7221A":
            message = (
                f"{use.yard} has now spent {one} SB on destroyers, CVEs, submarines, ASW and transports this turn; "
                f"at most half its rate, rounded up, {b.allowed}, may go to one-factor units (27.7221A)"
            )
        else:
            message = (
                f"{use.yard}'s chart now holds {counters} ships; its capacity is {b.allowed} (27.741; launches earlier "
                "in the phase free space, 27.742)"
            )
        out.append(breach(rule, message, f"<= {b.allowed}", str(b.actual)))
    return out


def yard_rate(pos: Position, event: Event) -> Verdict:
    """27.724A: SB spent at a shipyard in a turn stay within its rate."""
    return _yard(pos, event, "27.724A")


def one_factor_rate(pos: Position, event: Event) -> Verdict:
    """27.7221A: at most half a yard's rate (rounded up) goes to one-factor naval units each turn."""
    return _yard(pos, event, "27.7221A")


def yard_capacity(pos: Position, event: Event) -> Verdict:
    """27.741: a chart never holds more ships than the yard's capacity."""
    return _yard(pos, event, "27.741")


# ---------------------------------------------------------------------------------------------------------------------
# American pre-war transports (27.7322)


def prewar_transports(pos: Position, event: UnitBuilt) -> Verdict:
    """27.7322: U.S.-built transports before war with Germany: U.S. BRPs <= USAT - 25, Britain pays only after > 5
    losses."""
    naval = pos.state.naval
    wars = wars_of(pos.board, ("germany", "usa"), ("japan", "usa"))
    same, found = same_either_way(wars, lambda w: charts.prewar_shares(naval, pos.board, event, lambda a, b: w[(a, b)]))
    if not same:
        return (war_doubt(wars, "27.7322"),)
    if found is None:
        return ()
    us, british = found
    before = charts.prewar_transports(naval, event.year, event.season)
    usat = pos.board.tensions.get("usat", 0)
    lost = charts.wa_transports_lost(naval, event.year, event.season)

    def breaches(n: int, u: int, b: int) -> set[tuple[str, str]]:
        if n == 0:
            return set()  # nothing built yet: no breach (27.7322's date rule included)
        return {
            (x.rule, x.message)
            for x in rules.prewar_transport_breaches(
                year=event.year,
                season=event.season,
                usat=usat,
                wa_transports_lost=lost,
                transports=n,
                us_brps=u,
                british_brps=b,
            )
            if x.message != "payments do not add up to the transports' cost"  # priced by the 27.11 check
        }

    us_after, british_after = before.us_brps + us, before.british_brps + british
    new = breaches(before.transports + event.factors, us_after, british_after) - breaches(
        before.transports, before.us_brps, before.british_brps
    )
    paid = f"U.S. {us_after} BRPs, Britain {british_after} BRPs"
    what = (
        f"transport {event.unit} built in {event.yard} before the U.S. is at war with Germany (USAT {usat}, {lost} WA "
        "transports lost in the Axis player turn)"
    )
    return [
        breach(rule, f"{what}: {message} ({rule})", "a legal pre-war transport", paid) for rule, message in sorted(new)
    ]


# ---------------------------------------------------------------------------------------------------------------------
# Where ships are built (27.711, 27.712)


def _immediate_place(pos: Position, event: UnitBuilt) -> Verdict:
    place = event.location
    if place.startswith("box:"):
        if not rules.immediate_build_box_allowed(event.owner, place):
            message = (
                f"{power_name(event.owner)} builds {type_words(event.unit_type)} {event.unit} in {place}: submarines, "
                "ASW and transports are built in a home-country port, either U.S. box (U.S.) or Canada (Britain) "
                "(27.711)"
            )
            yield breach("27.711", message, "a home-country port, a U.S. box (U.S.) or Canada (Britain)", place)
        return
    if not place.startswith(("EUR:", "PAC:")):
        return
    facts = pos.hex(place)
    if facts is None or facts.port is None or facts.country is None:
        yield pos.missing_hex(place, "port and country")
        return
    if not facts.port or facts.country != event.owner:
        message = (
            f"{type_words(event.unit_type)} {event.unit} is built in {place}, not a port of "
            f"{power_name(event.owner)}'s home country (27.711A)"
        )
        recorded = f"{place} ({'a port' if facts.port else 'no port'} in {facts.country})"
        yield breach("27.711A", message, f"a port in {power_name(event.owner)}", recorded)
    holder = pos.board.control.get(place)
    if holder is not None and faction_of(holder) not in (None, faction_of(event.owner)):
        message = f"{place} is controlled by {holder}: naval units are built only in controlled ports (27.711A)"
        yield breach(
            "27.711A", message, f"controlled by {power_name(event.owner)}'s faction", f"controlled by {holder}"
        )
    yield Unknown(
        reason="whether the port of a new sub, ASW or transport is fully supplied is not checked", kind="supply"
    )


def build_location(pos: Position, event: UnitBuilt | ShipLaidDown) -> Verdict:
    """27.711: naval units are built where 27.711-27.712 allow: subs, ASW and transports in a home-country port, a
    U.S. box or Canada; ships in Canada and Australia only of the kinds those yards build."""
    if isinstance(event, UnitBuilt):
        return tuple(_immediate_place(pos, event)) if event.unit_type in rules.IMMEDIATE_TYPES else ()
    if event.setup:
        return ()
    kind = _yard_kind(pos, event.yard)
    if kind == "port" or event.unit_type == "cve":
        return ()  # CVEs: who builds them for whom is naval_build_type's (27.7223)
    australian = kind == "australia" and event.owner == "britain"
    found = rules.chart_build_breaches(kind, event.owner, event.unit_type, event.factors, australian=australian)
    what = f"{event.name or event.ship} laid down at {event.yard}"
    return [breach(b.rule, f"{what}: {b.message} ({b.rule})", str(b.allowed), str(b.actual)) for b in found]


def _yard_kind(pos: Position, yard: str) -> Any:
    chart = yard_chart(pos, yard)
    return rules.yard_kind(yard, chart.location if chart is not None else None)


# ---------------------------------------------------------------------------------------------------------------------
# Repairs: where, who pays (27.7264, 27.7265)


def repair_place_and_payer(pos: Position, event: ShipRepairStarted) -> Verdict:
    """27.7264: repairs in a yard of the owner's alliance faction (WA ships also in Australia, Canada, the U.S. boxes
    once the U.S. is at war), paid by the yard's owner, or the ship's in a captured yard."""
    ship = pos.state.naval.ships.get(event.ship)
    chart = yard_chart(pos, event.yard)
    if ship is None or ship.owner is None or chart is None:
        return ()
    name = f"{ship_words(ship, event.ship)} ({power_name(ship.owner)})"
    kind, owner = rules.yard_kind(event.yard, chart.location), ship.owner

    def where(wars: Wars) -> tuple[Breach, ...]:
        return rules.repair_location_breaches(
            kind,
            ship_owner=owner,
            ship_faction=faction_of(owner),
            controller_faction=faction_of(chart.controller),
            us_at_war_with_germany_or_japan=any(wars.values()),
        )

    found = either_way(wars_of(pos.board, ("usa", "germany"), ("usa", "japan")), "27.7264", where)
    out: list[Breach | Unknown] = [
        breach(
            b.rule,
            f"{name} may not be repaired at {event.yard}: {b.message} ({b.rule})",
            str(b.allowed or "a legal repair location"),
            f"{event.yard} ({chart.controller})",
        )
        if isinstance(b, Breach)
        else b
        for b in found
    ]
    if event.payer is not None:
        truth = rules.repair_payer(
            yard_owner=chart.owner, ship_owner=ship.owner, captured=chart.mode in rules.CAPTURED_MODES
        )
        if event.payer != truth:
            message = (
                f"the repair of {ship_words(ship, event.ship)} at {event.yard} is paid by {power_name(truth)}: the "
                "shipyard's owner, or the ship's owner in a captured shipyard (27.7264)"
            )
            out.append(breach("27.7264", message, truth, event.payer))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Shipbuilding rates (27.713, 27.731, 27.7321)


def _us_open_for_production(pos: Position, yard: str, wars: Wars) -> bool | None:
    """Whether a U.S. box's theater is open to production (27.7321B: the U.S. at war there, or its tension at 50),
    under a reading of the wars; None for a yard that is no U.S. box."""
    theater = rules.us_theater(yard)
    if theater is None:
        return None
    track = "usjt" if theater == "pacific" else "usat"
    war = any(wars.get(("usa", enemy), False) for enemy in rules.US_THEATER_ENEMIES[theater])
    return war or pos.board.tensions.get(track, 0) >= rules.US_PRODUCTION_TENSION


def rate_change(pos: Position, event: ShipbuildingRateChanged | MobilizationApplied) -> Verdict:
    """27.731: shipbuilding rates change only for the causes the rules give: never up for Russia and France, the U.S.
    by one per mobilization or by production once at war or at tension 50, a captured yard to 1."""
    if isinstance(event, MobilizationApplied):
        if not event.shipbuilding_increase or event.yard is None:
            return ()
        yard, cause = event.yard, "mobilization"
    else:
        yard, cause = event.yard, event.cause
        if cause == "other":
            return (Unknown(reason="a shipbuilding rate change with no cause recorded (cause 'other')"),)
    chart = yard_chart(pos, yard)
    old = chart.rate if chart is not None else 0
    new = old + event.shipbuilding_increase if isinstance(event, MobilizationApplied) else event.rate
    owner = chart.owner if chart is not None else ""
    if owner not in POWERS:
        return ()
    if cause not in rules.RATE_CAUSES:
        message = (
            f"{yard}'s rate changes from {old} to {new} for {cause!r}, not a cause 27.713, 27.731 or 27.7321 gives"
        )
        return (breach("27.731", message, ", ".join(sorted(rules.RATE_CAUSES)), cause),)
    theater = rules.us_theater(yard)
    enemies = rules.US_THEATER_ENEMIES.get(theater, ()) if theater is not None else ()

    def change(wars: Wars) -> tuple[Breach, ...]:
        us_open = _us_open_for_production(pos, yard, wars)
        return rules.rate_change_breaches(owner=owner, old=old, new=new, cause=cause, us_open_for_production=us_open)

    found = either_way(wars_of(pos.board, *(("usa", e) for e in enemies)), "27.7321B", change)
    return [
        breach(
            b.rule,
            f"{yard} ({power_name(owner)}): {b.message} ({b.rule})",
            str(b.allowed if b.allowed is not None else "no such change"),
            f"{old} -> {new} ({cause})",
        )
        if isinstance(b, Breach)
        else b
        for b in found
    ]


# ---------------------------------------------------------------------------------------------------------------------
# American fast carriers (27.7325, 27.733)


def us_fast_carriers(pos: Position, event: ShipLaidDown) -> Verdict:
    """27.7325: before war with Japan and Spring 1942 each American fast carrier laid down answers to an unused
    entitlement."""
    if event.setup or event.owner != "usa" or event.unit_type not in rules.FAST_CARRIER_TYPES:
        return ()
    wars = wars_of(pos.board, ("japan", "usa"))
    same, restricted = same_either_way(
        wars, lambda w: rules.us_fast_carriers_restricted(event.year, event.season, w[("japan", "usa")])
    )
    if not same:
        return (war_doubt(wars, "27.7325"),)
    if not restricted:
        return ()
    name = event.name or event.ship
    out: list[Breach | Unknown] = []
    if rules.entitled_type_breach(event.entitlement, event.unit_type) is not None:
        message = (
            f"{name}: before war with Japan and Spring 1942 each entitlement lets the U.S. lay down one CV (27.7325), "
            f"not a {event.unit_type.upper()}"
        )
        out.append(breach("27.7325", message, "cv", event.unit_type))
    kind = event.entitlement
    if kind is None:
        reason = "an American fast carrier laid down under 27.7325 names no entitlement"
        return [*out, Unknown(reason=reason, kind="no entitlement")]
    if kind in rules.SOA_ENTITLEMENTS:
        reason = "Storm Over Asia entitlements (27.7325A-B) are taken as recorded"
        return [*out, Unknown(reason=reason, kind="SOA entitlement")]
    naval = pos.state.naval
    available = sum(naval.fast_carriers.get(p, 0) for p in rules.ENTITLEMENT_SOURCES[kind])
    used = naval.us_restricted_carriers.get(kind, 0)
    if used + 1 > available:
        message = (
            f"{name} would be American fast carrier {used + 1} laid down for {kind.replace('_', ' ')}s, but only "
            f"{available} were laid down (27.7325C, 27.733)"
        )
        out.append(breach("27.7325C", message, f"<= {available}", used + 1))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Australia and minor countries (27.473B, 27.712D, 27.22C)


def _australian_in_play(pos: Position, unit_type: str) -> int:
    """Australian destroyer factors or cruiser counters in play: on the board and on the Australia chart."""
    count = sum(
        (u.factors if unit_type == "dd" else 1)
        for u in pos.board.units.values()
        if u.unit_type == unit_type and rules.is_australian(u.nationality)
    )
    return count + sum(
        ((ship.factors or 0) if unit_type == "dd" else 1)
        for ship in pos.state.naval.ships.values()
        if ship.status == "on_chart"
        and ship.work == "new"
        and ship.unit_type == unit_type
        and ship.yard is not None
        and _yard_kind(pos, ship.yard) == "australia"
    )


def australian_cap(pos: Position, event: ShipLaidDown | UnitBuilt) -> Verdict:
    """27.712D: Australia never has more than two destroyer factors and two CA2s in play (being built included)."""
    if event.unit_type not in rules.AUSTRALIAN_CAP_TYPES:
        return ()
    if isinstance(event, ShipLaidDown):
        if event.setup or _yard_kind(pos, event.yard) != "australia":
            return ()
    elif not rules.is_australian(event.nationality):
        return ()
    cap = rules.AUSTRALIA_IN_PLAY_CAP[event.unit_type]
    total = _australian_in_play(pos, event.unit_type) + (event.factors if event.unit_type == "dd" else 1)
    if total <= cap:
        return ()
    what = "destroyer factors" if event.unit_type == "dd" else "CA2s"
    message = f"Australia would have {total} {what} in play; no more than {cap} may be (27.712D, 27.473B)"
    return (breach("27.712D", message, f"<= {cap}", total),)


def minor_naval_rebuild(pos: Position, event: UnitBuilt) -> Verdict:
    """27.22C: minor-country naval units are not rebuilt (except Australian cruisers and destroyers)."""
    if not rules.minor_naval_rebuild_forbidden(event.nationality, event.unit_type):
        return ()
    message = (
        f"{type_words(event.unit_type)} {event.unit} is a {event.nationality} naval unit: minor-country naval units "
        "may not be rebuilt, except Australian cruisers and destroyers (27.22C)"
    )
    return (breach("27.22C", message, "not rebuilt", f"{event.nationality} {event.unit_type} built"),)
