"""Oil by sea and oil for Russia (33.43, 33.4523, 33.4623, 33.472-33.473; checks O-31, O-32, O-34..O-36 of the
31-34 extract; O-29 and O-30, the escort and the segment, are :mod:`.ledger`'s ``oil_shipment``).

What one SW box may carry is half the transports available there at the start of the turn, rounded up (Japan at
most 6): ``oil_moved.transports_available`` records them. Where oil goes is read from the reserve the shipment names
(``wa_sa`` is the South Africa box, ``wa_ind`` the India box) or the place (``suez``, ``basra``, ``abadan``).
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import OilExpended, OilMoved, PlayerTurnEnded
from awaw_events.gametime import turn_index
from awaw_events.vocab import power_name
from projections.board import war_key
from projections.rules.oil import (
    FIFTHS_PER_COUNTER,
    JAPAN_MAX_OIL_SHIPPED_COUNTERS,
    JAPANESE_OIL_PORTS,
    PACIFIC_RESERVES,
    PERSIAN_ROUTE,
    PREWAR_INDIA_INVERTED_TRANSPORTS,
    PREWAR_PACIFIC_OIL_TRANSPORTS,
    RUSSIA_OIL_ROUTES,
    SEA_PLACES,
    SEA_ROUTES,
    WA_MOSUL_TO_RUSSIA_MAX_FIFTHS,
    oil_shipping_capacity,
)
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import FAMILY, controller_of, fifths, reserve_of

LOCAL_NAVAL_FROM: Final = turn_index(1944, "spring")
"""From Spring 1944 Brunei and Palembang oil may offset naval oil effects there, for ships based in those ports
(33.4522)."""


def _place(ctx: AuditContext[Any], name: str) -> str:
    """A shipment's end as a place of 33.473: a reserve's box or reserve kind, else the name itself."""
    _, kind = reserve_of(ctx, name)
    if kind is None:
        return name
    return SEA_PLACES.get(kind, kind)


@FAMILY.check(
    "33.473",
    "oil shipped from one SW box in a turn is at most half its transports, rounded up (Japan at most 6)",
    reads=(OilMoved,),
    covers=("31-34/O-31",),
)
def check_shipping_capacity(c: Check, ctx: AuditContext[OilMoved]) -> Result:
    event = ctx.event
    if event.mode != "sea" or event.faction in ("european_axis", "russia"):
        return
    before = ctx.state.oil.shipped.get(f"{event.faction}/{event.sw_box or 'unknown'}", 0)
    total = (before + event.amount) // FIFTHS_PER_COUNTER
    if event.transports_available is None:
        if event.faction == "japan" and total > JAPAN_MAX_OIL_SHIPPED_COUNTERS:
            cap = JAPAN_MAX_OIL_SHIPPED_COUNTERS
        else:
            yield Missing(reason="a sea shipment without the transports available in its SW box (transports_available)")
            return
    else:
        cap = oil_shipping_capacity(event.transports_available, event.faction)
    if total > cap:
        box = (event.sw_box or "its").replace("_", " ")
        yield c.finding(
            ctx,
            expected=f"at most {cap} counters",
            recorded=total,
            message=f"the {power_name(event.faction)} shipped {total} oil counters from the {box} SW box this "
            f"turn; {event.transports_available if event.transports_available is not None else 'its'} transports "
            f"carry at most {cap} (half, rounded up{', Japan at most 6' if event.faction == 'japan' else ''}; "
            f"33.4523, 33.473)",
        )


@FAMILY.check(
    "33.4523",
    "Japan ships Brunei oil while it holds Balikpapan and Palembang oil while it holds Batavia, to its reserve; "
    "local naval oil there only from Spring 1944",
    reads=(OilMoved, OilExpended),
    covers=("31-34/O-32",),
)
def check_japanese_dei_oil(c: Check, ctx: AuditContext[OilMoved | OilExpended]) -> Result:
    event = ctx.event
    if event.faction != "japan":
        return
    if isinstance(event, OilExpended):
        if event.purpose == "local_naval" and turn_index(event.year, event.season) < LOCAL_NAVAL_FROM:
            yield c.finding(
                ctx,
                expected="from Spring 1944",
                recorded=f"{event.season} {event.year}",
                message="Brunei and Palembang oil offsets naval oil effects there only from Spring 1944 (33.4522)",
            )
        return
    port = JAPANESE_OIL_PORTS.get(event.origin)
    if port is None:
        return
    _, kind = reserve_of(ctx, event.destination)
    if kind != "jp":
        yield c.finding(
            ctx,
            expected="the Japanese reserve",
            recorded=event.destination,
            message=f"{event.origin} oil goes to the Japanese reserve (33.4523); no reserve may be made there, and "
            f"it was moved to {event.destination}",
        )
    holder, why = controller_of(ctx, port)
    if why is not None:
        yield why
    elif holder != "japan":
        yield c.finding(
            ctx,
            expected=f"{port.title()} held by Japan",
            recorded=f"held by {power_name(holder or 'nobody')}",
            message=f"Japan ships {event.origin.title()} oil only while it holds {port.title()} (33.4523)",
        )


@FAMILY.check(
    "33.4623",
    "WA oil to Russia: at most 2 counters via Murmansk, 1 via Persia, 1 via Turkey, 1 via Siberia a turn, over open "
    "routes, a transport a counter via Murmansk and Siberia",
    reads=(OilMoved,),
    covers=("31-34/O-34",),
)
def check_russia_oil(c: Check, ctx: AuditContext[OilMoved]) -> Result:
    event = ctx.event
    dest, _ = reserve_of(ctx, event.destination)
    to_russia = event.faction == "western_allies" and dest is not None and dest.faction == "russia"
    if event.route is None:
        if to_russia:
            yield Missing(reason="WA oil sent to Russia without its route (oil_moved.route)")
        return
    route = event.route
    spec = RUSSIA_OIL_ROUTES[route]
    opened = ctx.state.oil.routes.get(route)
    now = turn_index(event.year, event.season)
    if opened is None or (route == PERSIAN_ROUTE and opened >= now):
        when = " on a previous turn" if route == PERSIAN_ROUTE else ""
        yield c.finding(
            ctx,
            expected=f"the {route} route open{when}",
            recorded="closed" if opened is None else "opened this turn",
            message=f"WA oil went to Russia via {route.title()}, a route not open{when} (33.4623)",
        )
    sent = (ctx.state.oil.to_russia.get(route, 0) + event.amount + FIFTHS_PER_COUNTER - 1) // FIFTHS_PER_COUNTER
    if sent > spec.max_counters:
        yield c.finding(
            ctx,
            expected=f"at most {spec.max_counters}",
            recorded=sent,
            message=f"{sent} oil counters went to Russia via {route.title()} this turn; at most {spec.max_counters} "
            f"(33.4623)",
        )
    need = spec.transports_per_counter * ((event.amount + FIFTHS_PER_COUNTER - 1) // FIFTHS_PER_COUNTER)
    if event.transports < need:
        yield c.finding(
            ctx,
            expected=need,
            recorded=event.transports,
            message=f"oil via {route.title()} needs a WA transport a counter: {need}; recorded {event.transports} "
            f"(33.4623)",
        )


@FAMILY.check(
    "33.4722",
    "WA Mosul oil never goes in Indian Ocean transports and at most 1 counter a turn to Russia; Persian oil leaves "
    "Persia only by Indian Ocean transport from Abadan; WA Brunei, Palembang and Ploesti oil stays in its zone",
    reads=(OilMoved,),
    partly={"31-34/O-35": "where the oil is used: the supply zone of the units and hexes it serves is not recorded"},
)
def check_wa_restricted_oil(c: Check, ctx: AuditContext[OilMoved]) -> Result:
    event = ctx.event
    if event.faction != "western_allies":
        return
    origin = event.origin
    problem = None
    if origin == "mosul":
        if event.sw_box == "indian_ocean":
            problem = "Mosul's oil may not be shipped in Indian Ocean transports (33.4722)"
        elif event.route is not None and (
            ctx.state.oil.to_russia.get(event.route, 0) + event.amount > WA_MOSUL_TO_RUSSIA_MAX_FIFTHS
        ):
            problem = "at most one Mosul counter a turn goes to Russia, through Turkey (33.4722)"
    elif origin == "ahwaz" and event.mode == "sea":
        problem = "Ahwaz oil serves units and hexes in Persia only (33.4723)"
    elif origin == "abadan" and event.mode == "sea" and event.sw_box not in (None, "indian_ocean"):
        problem = "Abadan oil leaves Persia only in Indian Ocean transports (33.4723)"
    elif origin in ("brunei", "palembang", "ploesti") and event.mode == "sea":
        problem = f"WA oil from {origin.title()} serves only its own supply zone (33.4724)"
    if problem is not None:
        yield c.finding(
            ctx,
            expected="oil kept where 33.472 allows",
            recorded=f"{fifths(event.amount)} {event.mode} {event.sw_box or ''}".strip(),
            message=problem,
        )


@FAMILY.check(
    "33.4731",
    "WA sea routes: Atlantic from the Atlantic U.S. box to a WA port or South Africa; Pacific from the Pacific U.S. "
    "box to Pearl Harbor, Australia or Manila; Indian Ocean from Abadan or South Africa to India, Suez, Basra, "
    "South Africa or Abadan",
    reads=(OilMoved,),
    covers=("31-34/O-36",),
)
def check_wa_sea_routes(c: Check, ctx: AuditContext[OilMoved]) -> Result:
    event = ctx.event
    if event.mode != "sea" or event.faction != "western_allies" or event.route is not None:
        return
    if event.sw_box is None:
        yield Missing(reason="a Western Allied oil shipment without its SW box (oil_moved.sw_box)")
        return
    origin, dest = _place(ctx, event.origin), _place(ctx, event.destination)
    routes = SEA_ROUTES[event.sw_box]
    allowed = routes.get(origin)
    ok = allowed is not None and (
        dest in allowed or ("wa_port" in allowed and dest not in PACIFIC_RESERVES and dest != "india_box")
    )
    if not ok:
        box = event.sw_box.replace("_", " ")
        yield c.finding(
            ctx,
            expected=", ".join(f"{o} -> {'/'.join(sorted(d))}" for o, d in routes.items()),
            recorded=f"{origin} -> {dest}",
            message=f"Western Allied oil shipped in {box} transports from {origin} to {dest}: the {box} route does "
            f"not go there (33.4731-33.4733)",
        )


def _wa_transports(ctx: AuditContext[Any], box: str) -> int:
    """The Western Allied transports in an SW box (the board's units there)."""
    where = f"sw:{box}"
    return sum(
        1
        for u in ctx.state.board.units.values()
        if u.location == where and u.unit_type == "transport" and u.owner in ("britain", "usa", "france")
    )


@FAMILY.check(
    "33.4732A",
    "before war with Japan the WA assign 3 Pacific transports to oil each Allied player turn (no reserve change); "
    "before the Britain-Japan war they invert 3 Indian Ocean transports",
    reads=(PlayerTurnEnded,),
    covers=("31-34/O-37",),
)
def check_prewar_transports(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    if ctx.event.side != "allied":
        return
    state = ctx.state.oil
    wars = ctx.state.board.wars
    pacific_reserves = any(r.kind in PACIFIC_RESERVES for r in state.reserves.values())
    at_war = war_key("japan", "usa") in wars or war_key("britain", "japan") in wars
    if pacific_reserves and not at_war:
        have = _wa_transports(ctx, "pacific")
        need = min(PREWAR_PACIFIC_OIL_TRANSPORTS, have)
        used = state.transports.get("western_allies/pacific", 0)
        if used < need:
            yield c.finding(
                ctx,
                expected=f"{need} Pacific transports on oil",
                recorded=used,
                message=f"before war with Japan the Western Allies assign {PREWAR_PACIFIC_OIL_TRANSPORTS} Pacific "
                f"transports to carry oil each turn, with no effect on the reserves (33.4732A); {used} this turn",
            )
    if war_key("britain", "japan") not in wars:
        have = _wa_transports(ctx, "indian_ocean")
        need = min(PREWAR_INDIA_INVERTED_TRANSPORTS, have)
        done = state.inverted.get("indian_ocean", 0)
        if done < need:
            yield c.finding(
                ctx,
                expected=f"{need} Indian Ocean transports inverted",
                recorded=done,
                message=f"before the Britain-Japan war the Western Allies invert {PREWAR_INDIA_INVERTED_TRANSPORTS} "
                f"Indian Ocean transports at the start of each Allied player turn (33.4733B-C); {done} this turn",
            )
