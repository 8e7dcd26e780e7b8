"""The oil ledger asked of a position: spending only what a reserve holds, the cost of each purpose and when it is
bought, sea shipments and their escorts, the oil one SW box may carry, Japanese Dutch East Indies oil, oil for
Russia, WA routes and restricted oil, reserve maxima and retained partial counters at the end of a player turn
(33.4-33.8; checks O-20, O-29..O-32, O-34..O-38, O-50, O-51, O-54, O-56, O-57, O-64, O-80..O-82).

What one SW box may carry is half the transports available there at the start of the turn, rounded up (Japan at
most 6): ``oil_moved.transports_available`` records them. Where oil goes is read from the reserve the shipment names
(``wa_sa`` is the South Africa box, ``wa_ind`` the India box) or the place (``suez``, ``basra``, ``abadan``).
"""

from __future__ import annotations

from typing import Final

from awaw_events.events import OilCountersEliminated, OilExpended, OilMoved, PlayerTurnEnded
from awaw_events.gametime import turn_index
from awaw_events.vocab import FACTIONS, SIDE_OF_FACTION, power_name
from projections.board import war_key
from projections.oil import maximum_of, over_maximum, partial_fifths
from projections.position.core import Position, Unknown, breach
from projections.position.oil import Verdict, controller_of, fifths, holding, reserve_of
from projections.rules import oil as rules

LOCAL_NAVAL_FROM: Final = turn_index(1944, "spring")
"""From Spring 1944 Brunei and Palembang oil may offset naval oil effects there, for ships based in those ports
(33.4522)."""


def _counters(fifths_: int) -> int:
    """Whole oil counters a number of fifths takes (rounded up)."""
    return (fifths_ + rules.FIFTHS_PER_COUNTER - 1) // rules.FIFTHS_PER_COUNTER


# ---------------------------------------------------------------------------------------------------------------------
# Spending and moving only what is held (33.4, 33.5; O-26)


def oil_available(pos: Position, event: OilExpended | OilMoved) -> Verdict:
    """33.5: oil is spent or moved only from a reserve (or place) that holds it."""
    place, verb = (event.reserve, "spent") if isinstance(event, OilExpended) else (event.origin, "moved")
    held = holding(pos, event.faction, place)
    if held is None:
        return
    available = max(0, held)
    for _ in rules.available_findings(available, event.amount, where=place):
        message = (
            f"{power_name(event.faction)} {verb} {fifths(event.amount)} from {place}, which held {fifths(available)}: "
            f"{event.amount - available} short"
        )
        yield breach("33.5", message, f"at most {available}", event.amount)


# ---------------------------------------------------------------------------------------------------------------------
# The cost of each purpose (33.5-33.8; O-50, O-54, O-56, O-57, O-61, O-63, O-80, O-82)


def oil_cost(pos: Position, event: OilExpended) -> Verdict:
    """33.6: an oil expenditure costs what its purpose needs (a full counter per offset, fifths per quantity)."""
    cost = rules.OIL_PURPOSES[event.purpose]
    unit = cost.unit
    if unit == "none":
        quantity = 0
    elif unit in event.detail:
        quantity = event.detail[unit]
    else:
        yield Unknown(reason=f"oil_expended for {event.purpose} does not record its quantity (detail.{unit})")
        return
    spent, who = event.amount, power_name(event.faction)
    if unit == "none" or event.purpose == "japanese_resistance":
        if rules.expenditure_findings(event.purpose, spent, quantity):
            expected = rules.FIFTHS_PER_COUNTER if unit == "none" else quantity * rules.FIFTHS_PER_COUNTER
            what = "an offset" if unit == "none" else f"{quantity} resistance step{'s' if quantity != 1 else ''}"
            message = f"{who} paid {fifths(spent)} for {event.purpose} ({what}); {cost.rule} takes {fifths(expected)}"
            yield breach(cost.rule, message, expected, spent)
        return
    need = rules.oil_cost_fifths(event.purpose, quantity)
    swappable = event.purpose in rules.SWAPPABLE_FOR_A_COUNTER
    if spent == need or (swappable and spent == rules.FIFTHS_PER_COUNTER):
        return
    allowed = f"{fifths(need)}" + (" or one full counter" if swappable else "")
    message = (
        f"{who} paid {fifths(spent)} for {event.purpose} ({quantity} {unit.replace('_', ' ')}); {cost.rule}: {allowed}"
    )
    yield breach(cost.rule, message, need, spent)


def oil_timing(pos: Position, event: OilExpended) -> Verdict:
    """33.52: offsets are bought in oil adjustment or supply determination; construction, growth, resistance oil in
    theirs."""
    allowed = rules.PURPOSE_PHASES.get(event.purpose)
    if allowed is None or event.phase is None or event.phase in allowed:
        return ()
    names = " or ".join(sorted(p.replace("_", " ") for p in allowed))
    message = (
        f"{power_name(event.faction)} bought {event.purpose} oil in the {event.phase.replace('_', ' ')} phase; "
        f"{rules.OIL_PURPOSES[event.purpose].rule} allows it only in {names}"
    )
    return (breach("33.52", message, names, event.phase),)


# ---------------------------------------------------------------------------------------------------------------------
# Sea shipments (33.43, 33.4523, 33.473; O-29..O-32)


def oil_shipment(pos: Position, event: OilMoved) -> Verdict:
    """33.43: oil goes by sea in whole counters, one transport (EA: 3 destroyer factors) each, in the owner's supply
    determination; never Russian oil."""
    if event.mode != "sea":
        return
    who = power_name(event.faction)
    if event.faction == "russia":
        yield breach("33.43B", "Russia may not ship oil by sea (33.43B)", "no sea shipment", "sea")
        return
    side = SIDE_OF_FACTION[event.faction]
    if event.phase is not None and (
        event.phase not in rules.SEA_SHIPMENT_PHASES or (event.side and event.side != side)
    ):
        turn = f"the {event.side} player turn's " if event.side else ""
        message = (
            f"{who} shipped oil by sea in {turn}{event.phase.replace('_', ' ')} phase; sea shipments are made only in "
            "the owner's initial or post-combat supply determination (33.43)"
        )
        yield breach("33.43", message, f"{side} initial or post-combat supply", f"{event.side or '-'} {event.phase}")
    whole, part = divmod(event.amount, rules.FIFTHS_PER_COUNTER)
    if part:
        message = f"{who} shipped {fifths(event.amount)} by sea; only whole oil counters move by sea (33.43B)"
        yield breach("33.43B", message, "whole counters", event.amount)
    counters = f"{whole} oil counter{'s' if whole != 1 else ''}"
    if event.faction == "european_axis":  # escorted by 3 destroyer factors a counter (33.43B)
        if event.destroyer_factors is None:
            yield Unknown(
                reason="a European Axis oil shipment does not record its destroyer escort (destroyer_factors)"
            )
            return
        need = rules.EA_DESTROYER_FACTORS_PER_OIL_COUNTER * whole
        if event.destroyer_factors < need:
            message = (
                f"the European Axis shipped {counters} escorted by {event.destroyer_factors} destroyer factors; each "
                f"counter needs {rules.EA_DESTROYER_FACTORS_PER_OIL_COUNTER} (33.43B)"
            )
            yield breach("33.43B", message, need, event.destroyer_factors)
        return
    need = rules.TRANSPORTS_PER_OIL_COUNTER * whole
    if event.transports < need:
        message = (
            f"{who} shipped {counters} with {event.transports} transport{'s' if event.transports != 1 else ''}; each "
            "counter needs one (33.43B)"
        )
        yield breach("33.43B", message, need, event.transports)


def shipping_capacity(pos: Position, event: OilMoved) -> Verdict:
    """33.473: oil shipped from one SW box in a turn is at most half its transports, rounded up (Japan at most
    6)."""
    if event.mode != "sea" or event.faction in ("european_axis", "russia"):
        return
    before = pos.state.oil.shipped.get(f"{event.faction}/{event.sw_box or 'unknown'}", 0)
    total = (before + event.amount) // rules.FIFTHS_PER_COUNTER
    japan = event.faction == "japan"
    if event.transports_available is None:
        if not (japan and total > rules.JAPAN_MAX_OIL_SHIPPED_COUNTERS):
            yield Unknown(reason="a sea shipment without the transports available in its SW box (transports_available)")
            return
        cap = rules.JAPAN_MAX_OIL_SHIPPED_COUNTERS
    else:
        cap = rules.oil_shipping_capacity(event.transports_available, event.faction)
    if total > cap:
        box = (event.sw_box or "its").replace("_", " ")
        had = event.transports_available if event.transports_available is not None else "its"
        message = (
            f"the {power_name(event.faction)} shipped {total} oil counters from the {box} SW box this turn; {had} "
            f"transports carry at most {cap} (half, rounded up{', Japan at most 6' if japan else ''}; 33.4523, 33.473)"
        )
        yield breach("33.473", message, f"at most {cap} counters", total)


def japanese_dei_oil(pos: Position, event: OilMoved | OilExpended) -> Verdict:
    """33.4523: Japan ships Brunei oil while it holds Balikpapan and Palembang oil while it holds Batavia, to its
    reserve; local naval oil there only from Spring 1944."""
    if event.faction != "japan":
        return
    if isinstance(event, OilExpended):
        if event.purpose == "local_naval" and turn_index(event.year, event.season) < LOCAL_NAVAL_FROM:
            message = "Brunei and Palembang oil offsets naval oil effects there only from Spring 1944 (33.4522)"
            yield breach("33.4522", message, "from Spring 1944", f"{event.season} {event.year}")
        return
    port = rules.JAPANESE_OIL_PORTS.get(event.origin)
    if port is None:
        return
    if reserve_of(pos, event.destination)[1] != "jp":
        message = (
            f"{event.origin} oil goes to the Japanese reserve (33.4523); no reserve may be made there, and it was "
            f"moved to {event.destination}"
        )
        yield breach("33.4523", message, "the Japanese reserve", event.destination)
    holder, why = controller_of(pos, port)
    if why is not None:
        yield why
    elif holder != "japan":
        message = f"Japan ships {event.origin.title()} oil only while it holds {port.title()} (33.4523)"
        yield breach("33.4523", message, f"{port.title()} held by Japan", f"held by {power_name(holder or 'nobody')}")


def russia_oil(pos: Position, event: OilMoved) -> Verdict:
    """33.4623: WA oil to Russia: at most 2 counters via Murmansk, 1 via Persia, 1 via Turkey, 1 via Siberia a turn,
    over open routes, a transport a counter via Murmansk and Siberia."""
    dest, _ = reserve_of(pos, event.destination)
    if event.route is None:
        if event.faction == "western_allies" and dest is not None and dest.faction == "russia":
            yield Unknown(reason="WA oil sent to Russia without its route (oil_moved.route)")
        return
    route = event.route
    spec = rules.RUSSIA_OIL_ROUTES[route]
    opened = pos.state.oil.routes.get(route)
    if opened is None or (route == rules.PERSIAN_ROUTE and opened >= turn_index(event.year, event.season)):
        when = " on a previous turn" if route == rules.PERSIAN_ROUTE else ""
        yield breach(
            "33.4623",
            f"WA oil went to Russia via {route.title()}, a route not open{when} (33.4623)",
            f"the {route} route open{when}",
            "closed" if opened is None else "opened this turn",
        )
    sent = _counters(pos.state.oil.to_russia.get(route, 0) + event.amount)
    if sent > spec.max_counters:
        message = (
            f"{sent} oil counters went to Russia via {route.title()} this turn; at most {spec.max_counters} (33.4623)"
        )
        yield breach("33.4623", message, f"at most {spec.max_counters}", sent)
    need = spec.transports_per_counter * _counters(event.amount)
    if event.transports < need:
        message = (
            f"oil via {route.title()} needs a WA transport a counter: {need}; recorded {event.transports} (33.4623)"
        )
        yield breach("33.4623", message, need, event.transports)


def wa_restricted_oil(pos: Position, event: OilMoved) -> Verdict:
    """33.4722: WA Mosul oil never goes in Indian Ocean transports and at most 1 counter a turn to Russia; Persian
    oil leaves Persia only by Indian Ocean transport from Abadan; WA Brunei, Palembang and Ploesti oil stays in its
    zone."""
    if event.faction != "western_allies":
        return ()
    origin, sea = event.origin, event.mode == "sea"
    problem = None
    if origin == "mosul":
        if event.sw_box == "indian_ocean":
            problem = "Mosul's oil may not be shipped in Indian Ocean transports (33.4722)"
        elif event.route is not None and (
            pos.state.oil.to_russia.get(event.route, 0) + event.amount > rules.WA_MOSUL_TO_RUSSIA_MAX_FIFTHS
        ):
            problem = "at most one Mosul counter a turn goes to Russia, through Turkey (33.4722)"
    elif origin == "ahwaz" and sea:
        problem = "Ahwaz oil serves units and hexes in Persia only (33.4723)"
    elif origin == "abadan" and sea and event.sw_box not in (None, "indian_ocean"):
        problem = "Abadan oil leaves Persia only in Indian Ocean transports (33.4723)"
    elif origin in ("brunei", "palembang", "ploesti") and sea:
        problem = f"WA oil from {origin.title()} serves only its own supply zone (33.4724)"
    if problem is None:
        return ()
    recorded = f"{fifths(event.amount)} {event.mode} {event.sw_box or ''}".strip()
    return (breach("33.4722", problem, "oil kept where 33.472 allows", recorded),)


def _place(pos: Position, name: str) -> str:
    """A shipment's end as a place of 33.473: a reserve's box or reserve kind, else the name itself."""
    kind = reserve_of(pos, name)[1]
    return name if kind is None else rules.SEA_PLACES.get(kind, kind)


def wa_sea_routes(pos: Position, event: OilMoved) -> Verdict:
    """33.4731: WA sea routes: Atlantic from the Atlantic U.S. box to a WA port or South Africa; Pacific from the
    Pacific U.S. box to Pearl Harbor, Australia or Manila; Indian Ocean from Abadan or South Africa to India, Suez,
    Basra, South Africa or Abadan."""
    if event.mode != "sea" or event.faction != "western_allies" or event.route is not None:
        return ()
    if event.sw_box is None:
        return (Unknown(reason="a Western Allied oil shipment without its SW box (oil_moved.sw_box)"),)
    origin, dest = _place(pos, event.origin), _place(pos, event.destination)
    routes = rules.SEA_ROUTES[event.sw_box]
    allowed = routes.get(origin)
    if allowed is not None and (
        dest in allowed or ("wa_port" in allowed and dest not in rules.PACIFIC_RESERVES and dest != "india_box")
    ):
        return ()
    box = event.sw_box.replace("_", " ")
    return (
        breach(
            "33.4731",
            f"Western Allied oil shipped in {box} transports from {origin} to {dest}: the {box} route does not go "
            "there (33.4731-33.4733)",
            ", ".join(f"{o} -> {'/'.join(sorted(d))}" for o, d in routes.items()),
            f"{origin} -> {dest}",
        ),
    )


def _wa_transports(pos: Position, box: str) -> int:
    """The Western Allied transports in an SW box (the board's units there)."""
    where = f"sw:{box}"
    return sum(
        1
        for u in pos.board.units.values()
        if u.location == where and u.unit_type == "transport" and u.owner in ("britain", "usa", "france")
    )


def prewar_transports(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.4732A: before war with Japan the WA assign 3 Pacific transports to oil each Allied player turn (no reserve
    change); before the Britain-Japan war they invert 3 Indian Ocean transports."""
    if event.side != "allied":
        return
    state, wars = pos.state.oil, pos.board.wars
    pacific_reserves = any(r.kind in rules.PACIFIC_RESERVES for r in state.reserves.values())
    if pacific_reserves and war_key("japan", "usa") not in wars and war_key("britain", "japan") not in wars:
        need = min(rules.PREWAR_PACIFIC_OIL_TRANSPORTS, _wa_transports(pos, "pacific"))
        used = state.transports.get("western_allies/pacific", 0)
        if used < need:
            message = (
                f"before war with Japan the Western Allies assign {rules.PREWAR_PACIFIC_OIL_TRANSPORTS} Pacific "
                f"transports to carry oil each turn, with no effect on the reserves (33.4732A); {used} this turn"
            )
            yield breach("33.4732A", message, f"{need} Pacific transports on oil", used)
    if war_key("britain", "japan") not in wars:
        need = min(rules.PREWAR_INDIA_INVERTED_TRANSPORTS, _wa_transports(pos, "indian_ocean"))
        done = state.inverted.get("indian_ocean", 0)
        if done < need:
            message = (
                "before the Britain-Japan war the Western Allies invert "
                f"{rules.PREWAR_INDIA_INVERTED_TRANSPORTS} Indian Ocean transports at the start of each Allied player "
                f"turn (33.4733B-C); {done} this turn"
            )
            yield breach("33.4733B", message, f"{need} Indian Ocean transports inverted", done)


# ---------------------------------------------------------------------------------------------------------------------
# End of a player turn: reserve maxima (33.422; O-20) and retained partial counters (33.83; O-81)


def reserve_maximum(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.422: at the end of a player turn no reserve holds more than its maximum (the excess is eliminated); the
    South Africa box holds at most 3 whatever is promised to India."""
    turn = f"the {event.side} player turn" if event.side else "the player turn"
    reading = rules.partial_in_cap(pos.meta.options)
    for rid, reserve in pos.state.oil.reserves.items():
        if reserve.tracking == "tracked" and reserve.kind not in rules.RESERVES:
            yield Unknown(
                reason=f"reserve {rid!r} is none the 33.422 names (oil_reserve_defined.kind): its maximum is the one "
                "declared, not the rules' (33.422A-I)",
                kind="reserve not named by 33.422",
            )
    for rid, _, maximum, held, excess in over_maximum(pos.state.oil, reading, pos.meta.variant):
        message = (
            f"reserve {rid} holds {fifths(held)} at the end of {turn}, above its maximum of {fifths(maximum)}; the "
            f"{excess} excess fifths were not eliminated (33.422)"
        )
        yield breach("33.422", message, f"at most {maximum}", held)


def over_maximum_elimination(pos: Position, event: OilCountersEliminated) -> Verdict:
    """33.422: oil eliminated as over a reserve's maximum is no more than the excess."""
    if event.reason != "over_reserve_max":
        return ()
    reserve = pos.state.oil.reserves.get(event.reserve)
    held = holding(pos, event.faction, event.reserve)
    maximum = maximum_of(reserve, pos.meta.variant) if reserve is not None else None
    if maximum is None or held is None:
        return ()
    # the larger reading of the excess: partial oil counted toward the maximum (option oil.partial_in_cap)
    excess = rules.reserve_cap_excess(held, maximum, "counted")
    if event.amount <= excess:
        return ()
    message = (
        f"{fifths(event.amount)} eliminated from {event.reserve} as over its maximum, but it held {fifths(held)} "
        f"against a maximum of {fifths(maximum)} ({excess} over)"
    )
    return (breach("33.422", message, f"at most {excess}", event.amount),)


def partial_retained(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.83: at the end of its player turn an alliance faction keeps at most 4 partial oil counters (fifths)."""
    state = pos.state.oil
    most = rules.MAX_RETAINED_FIFTHS
    for faction in FACTIONS:
        if event.side is not None and SIDE_OF_FACTION[faction] != event.side:
            continue
        held = partial_fifths(state, faction)
        for _ in rules.retention_findings(held):
            where = ", ".join(
                f"{rid} {rules.partial_of(state.levels.get(rid, 0))}"
                for rid, r in sorted(state.reserves.items())
                if r.faction == faction and r.tracking == "tracked" and rules.partial_of(state.levels.get(rid, 0))
            )
            message = (
                f"{power_name(faction)} end their player turn with {held} partial oil fifths ({where}); 33.83 lets an "
                f"alliance faction keep at most {most}: {held - held % rules.FIFTHS_PER_COUNTER} should have been "
                "consolidated into full counters"
            )
            yield breach("33.83", message, f"at most {most}", held)
