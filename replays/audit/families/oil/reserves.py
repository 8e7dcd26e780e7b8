"""Oil reserves: their maxima from control, starting and deemed levels, tracking, what a reserve may lose, and oil
left outside reserves (33.41D, 33.42-33.425, 33.431, 33.4424, 33.4624, 33.48; checks O-20..O-28 of the 31-34
extract).

A reserve's maximum comes from the rules, never from the log: the South Africa and Australia boxes and the Classic
India box have fixed maxima (33.422, 33.431); the others count the places of 33.422 their faction holds, which the
audit reads from the board's control of the hexes the map data names (``not checked: no map data names Berlin``
otherwise). Tracking starts (33.4424, 33.4624, 33.48) are read from the wars, France's surrender and the captures
the state records.
"""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.events import (
    OilCountersEliminated,
    OilExpended,
    OilMoved,
    OilProduced,
    OilReserveDefined,
    OilTrackingStarted,
    OilTrackingStopped,
    PlayerTurnEnded,
)
from awaw_events.gametime import game_turn, turn_index
from awaw_events.vocab import power_name
from projections import oil as ledger
from projections.board import war_key
from projections.position.common import from_play
from projections.rules.control import controller_faction
from projections.rules.oil import (
    DEEMED_RESERVE_FIFTHS,
    EA_PLOESTI_RGT_BAR,
    OIL_CENTERS,
    OIL_SOURCES,
    RESERVE_START_FIFTHS,
    RESERVES,
    RUSSIAN_TRACKING_CENTERS,
    WA_EU_ELIMINATION_LOCATIONS,
    ReserveId,
    counters,
    fixed_reserve_max,
    partial_in_cap,
    pearl_harbor_strike_loss,
    reserve_cap_excess,
    reserve_kind,
    reserve_max_fifths,
    russia_tracking_stops,
    wa_europe_reserve_status,
)
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import (
    FAMILY,
    controlled,
    fifths,
    place_hex,
    reserve_of,
)

SETUP: Final = "setup"
"""A tracking start recorded at set-up is the game's starting reserve (33.422; O-22)."""


def rule_maximum(ctx: AuditContext[Any], kind: ReserveId) -> tuple[int | None, list[Missing]]:
    """A reserve's maximum in fifths by the rules, from the control of its 33.422 places; or what is missing."""
    variant = ctx.state.meta.variant
    fixed = fixed_reserve_max(kind, variant=variant)
    if fixed is not None:
        return fixed, []
    if kind == "wa_ind":
        return None, [Missing(reason="the India box maximum outside Classic depends on research the log lacks")]
    spec = RESERVES[kind]
    held, missing = controlled(ctx, spec.faction, spec.max_locations)
    if missing:
        return None, missing
    return reserve_max_fifths(kind, held), []


# ---------------------------------------------------------------------------------------------------------------------
# Maxima (33.422, 33.423; O-20)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.422",
    "a reserve's declared maximum is the rules' (2 a German or Japanese city, 1 a Russian place, 2 a British city; "
    "South Africa, Australia and Classic India 3) for the control when it is declared",
    reads=(OilReserveDefined,),
    covers=("31-34/O-20",),
)
def check_reserve_declared(c: Check, ctx: AuditContext[OilReserveDefined]) -> Result:
    event = ctx.event
    if from_play(ctx.position, event):
        return  # declared in the game the position was taken from, for the control then
    kind = reserve_kind(event.reserve, event.kind)
    if kind is None:
        yield Missing(reason=f"reserve {event.reserve!r} is none the 33.422 names (oil_reserve_defined.kind)")
        return
    spec = RESERVES[kind]
    if event.faction != spec.faction:
        yield c.finding(
            ctx,
            expected=spec.faction,
            recorded=event.faction,
            message=f"reserve {event.reserve} ({kind}) belongs to the {power_name(spec.faction)} (33.421), not "
            f"the {power_name(event.faction)}",
        )
    maximum, missing = rule_maximum(ctx, kind)
    yield from missing
    if maximum is not None and event.maximum != maximum:
        yield c.finding(
            ctx,
            expected=maximum,
            recorded=event.maximum,
            message=f"reserve {event.reserve}'s maximum is {fifths(maximum)} by 33.422 ({spec.rule}); declared "
            f"{fifths(event.maximum)}",
        )


@FAMILY.check(
    "33.422",
    "at the end of a player turn a reserve holds no more than the maximum its faction's control now allows (33.423)",
    reads=(PlayerTurnEnded,),
    id="reserve_maximum_by_control",
    covers=("31-34/O-20",),
)
def check_reserve_maximum_by_control(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    state = ctx.state.oil
    rule = partial_in_cap(ctx.state.meta.options)
    for rid, reserve in state.reserves.items():
        kind = reserve.kind
        if reserve.tracking != "tracked" or kind not in RESERVES or fixed_reserve_max(kind):
            continue  # fixed maxima: reserve_maximum
        maximum, missing = rule_maximum(ctx, kind)
        yield from missing
        declared = reserve.maximum
        if maximum is None or (declared is not None and declared <= maximum):
            continue  # reserve_maximum holds the reserve to the (lower) declared maximum
        held = state.levels.get(rid, 0)
        excess = reserve_cap_excess(held, maximum, rule)
        if excess:
            yield c.finding(
                ctx,
                expected=f"at most {maximum}",
                recorded=held,
                message=f"reserve {rid} holds {fifths(held)} at the end of the player turn; the places its faction "
                f"holds now allow {fifths(maximum)} (33.422, 33.423): {excess} fifths were not eliminated",
            )


# ---------------------------------------------------------------------------------------------------------------------
# Starting and deemed levels, tracking (33.422, 33.4424, 33.4624, 33.48; O-22..O-24)
# ---------------------------------------------------------------------------------------------------------------------


def _axis_took(ctx: AuditContext[Any], centers: tuple[str, ...]) -> list[str]:
    """The centers among ``centers`` the Axis captured (the last change of their hex gave them to the EA)."""
    taken = []
    for center in centers:
        hex_ = place_hex(ctx, center)
        capture = ctx.state.oil.captures.get(hex_) if hex_ is not None else None
        if capture is not None and controller_faction(capture.controller) == "european_axis":
            taken.append(center)
    return taken


def _trigger(ctx: AuditContext[Any], kind: ReserveId) -> tuple[bool | None, str]:
    """Whether the event that starts a reserve's tracking has happened before the current player turn, and what it
    is (``None``: the log cannot tell)."""
    board = ctx.state.board
    now = game_turn(ctx.event)
    if kind == "ea":
        war = _war_turn(board.wars.get(war_key("germany", "russia")))
        rgt = board.tensions.get("rgt", 0)
        return (war is not None and war < now) or rgt >= EA_PLOESTI_RGT_BAR, (
            "the first Axis player turn after war between Germany and Russia, or RGT 45 (33.4424)"
        )
    if kind == "wa_eu":
        fell = ctx.state.politics.french_surrender
        return fell is not None and fell.turn < now, "the first Allied player turn after France falls (33.48)"
    if kind == "ru":
        known = [place_hex(ctx, center) for center in RUSSIAN_TRACKING_CENTERS]
        if any(h is None for h in known) and not _axis_took(ctx, RUSSIAN_TRACKING_CENTERS):
            return None, "an Axis capture of Maikop, Grozny or Baku (33.4624)"
        return bool(_axis_took(ctx, RUSSIAN_TRACKING_CENTERS)), "an Axis capture of Maikop, Grozny or Baku (33.4624)"
    if kind in ("wa_ph", "wa_aus", "wa_mnl"):
        pacific = board.wars.get(war_key("japan", "usa")) or board.wars.get(war_key("japan", "britain"))
        return pacific is not None, "war between Japan and the Western Allies (33.4732A)"
    if kind == "wa_ind":
        return board.wars.get(war_key("japan", "britain")) is not None, "war between Britain and Japan (33.4733B)"
    return True, "the start of the game (33.422)"


def _war_turn(when: str | None) -> int | None:
    """The game turn (index) of a war recorded as ``"summer 1941"``."""
    if when is None:
        return None
    season, _, year = when.partition(" ")
    return turn_index(int(year), season)


@FAMILY.check(
    "33.4424",
    "tracking starts with the starting or deemed reserve (EA 10, WA Europe 6, Russia its maximum then) at its "
    "trigger, never before",
    reads=(OilTrackingStarted,),
    covers=("31-34/O-22", "31-34/O-23"),
)
def check_tracking_started(c: Check, ctx: AuditContext[OilTrackingStarted]) -> Result:
    event = ctx.event
    kind = reserve_of(ctx, event.reserve)[1] or reserve_kind(event.reserve)
    if kind is None:
        yield Missing(reason=f"reserve {event.reserve!r} is none the 33.422 names (oil_reserve_defined.kind)")
        return
    if event.phase == SETUP:
        if from_play(ctx.position, event):
            return  # the level of a later start point is what it was then, not the rules' start (33.422)
        start = RESERVE_START_FIFTHS[kind]
        if kind == "wa_ind" and ctx.state.meta.variant != "classic":
            yield Missing(reason="the India box starts full, at a maximum set by research the log lacks")
        elif event.initial != start:
            yield c.finding(
                ctx,
                expected=start,
                recorded=event.initial,
                message=f"reserve {event.reserve} starts the game at {fifths(start)} (33.422); recorded "
                f"{fifths(event.initial)}",
            )
        return
    happened, what = _trigger(ctx, kind)
    if happened is None:
        yield Missing(reason=f"whether {what} happened: no map data names the centers")
    elif not happened:
        yield c.finding(
            ctx,
            expected=what,
            recorded="tracking started",
            message=f"oil tracking of reserve {event.reserve} starts at {what}, which has not come",
        )
    if kind == "ru":
        maximum, missing = rule_maximum(ctx, "ru")
        yield from missing
        expected = maximum
    else:
        expected = DEEMED_RESERVE_FIFTHS.get(kind, RESERVE_START_FIFTHS[kind])
    if expected is not None and event.initial != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.initial,
            message=f"reserve {event.reserve} starts being tracked at {fifths(expected)} (the deemed level: "
            f"33.4424, 33.4624, 33.48); recorded {fifths(event.initial)}",
        )


@FAMILY.check(
    "33.4424",
    "tracking starts at its trigger: by the end of the EA, WA or Russian player turn it concerns the reserve is "
    "tracked",
    reads=(PlayerTurnEnded,),
    id="tracking_due",
    covers=("31-34/O-23",),
)
def check_tracking_due(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    side = ctx.event.side
    for rid, reserve in ctx.state.oil.reserves.items():
        kind = reserve.kind
        if reserve.tracking != "untracked" or kind not in ("ea", "wa_eu", "ru"):
            continue
        if RESERVES[cast(ReserveId, kind)].faction not in _factions(side):
            continue
        happened, what = _trigger(ctx, cast(ReserveId, kind))
        if happened:
            yield c.finding(
                ctx,
                expected="tracked",
                recorded="untracked",
                message=f"reserve {rid} is still untracked at the end of this player turn; its tracking starts at "
                f"{what}",
            )


def _factions(side: str | None) -> tuple[str, ...]:
    return {"axis": ("european_axis", "japan"), "allied": ("western_allies", "russia")}.get(side or "", ())


@FAMILY.check(
    "33.4624",
    "Russia stops tracking only when it starts a player turn holding Maikop, Grozny and Baku with 6 in reserve",
    reads=(OilTrackingStopped,),
    covers=("31-34/O-24",),
)
def check_tracking_stopped(c: Check, ctx: AuditContext[OilTrackingStopped]) -> Result:
    event = ctx.event
    if event.faction != "russia":
        yield c.finding(
            ctx,
            expected="Russia",
            recorded=event.faction,
            message=f"only Russia stops tracking oil (33.4624), not the {power_name(event.faction)}",
        )
        return
    if event.side not in (None, "allied") or event.phase not in (None, "diplomacy", "oil_adjustment"):
        yield c.finding(
            ctx,
            expected="the start of the Russian player turn",
            recorded=f"{event.side or '-'} {event.phase or '-'}",
            message="Russia stops tracking oil at the start of its player turn (33.4624)",
        )
    state = ctx.state.oil
    levels = [
        state.levels.get(rid, 0) for rid, r in state.reserves.items() if r.kind == "ru" and r.tracking == "tracked"
    ]
    held, missing = controlled(ctx, "russia", RUSSIAN_TRACKING_CENTERS)
    yield from missing
    if missing:
        return
    level = levels[0] if levels else 0
    if not russia_tracking_stops(russian_controlled=held, reserve_fifths=level):
        lost = ", ".join(sorted(set(RUSSIAN_TRACKING_CENTERS) - held)) or "none"
        yield c.finding(
            ctx,
            expected=f"Maikop, Grozny and Baku held, {fifths(counters(6))} in reserve",
            recorded=f"{fifths(level)}; not held: {lost}",
            message=f"Russia stopped tracking oil holding {fifths(level)} (not held: {lost}); it stops only with all "
            f"three centers and exactly 6 counters (33.4624)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# What a reserve may gain and lose (33.423-33.425; O-25..O-28)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.423",
    "oil counters are never captured: a faction spends, moves or adds oil only to its own reserves (WA oil may go "
    "to Russia)",
    reads=(OilExpended, OilMoved, OilProduced),
    covers=("31-34/O-25",),
)
def check_no_captured_oil(c: Check, ctx: AuditContext[OilExpended | OilMoved | OilProduced]) -> Result:
    event = ctx.event
    reserves = ctx.state.oil.reserves
    names: tuple[str, ...]
    if isinstance(event, OilExpended):
        names = (event.reserve,)
    elif isinstance(event, OilMoved):
        names = (event.origin,)
        dest = reserves.get(event.destination)
        to_russia = event.faction == "western_allies" and dest is not None and dest.faction == "russia"
        if dest is not None and dest.faction != event.faction and not to_russia:
            yield _foreign(c, ctx, event.destination, dest.faction, "into")
    else:
        names = (event.reserve,) if event.reserve is not None else ()
    for name in names:
        found = reserves.get(name)
        if found is not None and found.faction != event.faction:
            yield _foreign(c, ctx, name, found.faction, "from")


def _foreign(c: Check, ctx: AuditContext[Any], reserve: str, owner: str, way: str) -> Any:
    event = ctx.event
    return c.finding(
        ctx,
        expected=f"a {power_name(event.faction)} reserve",
        recorded=f"{reserve} ({power_name(owner)})",
        message=f"the {power_name(event.faction)} took oil {way} reserve {reserve}, which belongs to the "
        f"{power_name(owner)}: oil counters are never captured (33.423)",
    )


@FAMILY.check(
    "33.424",
    "a reserve loses oil only by use, the end-of-turn cap, the Pearl Harbor strike (1/2/3 for results 1/2/3+) or "
    "33.425's elimination",
    reads=(OilCountersEliminated,),
    covers=("31-34/O-26", "31-34/O-27"),
)
def check_reserve_losses(c: Check, ctx: AuditContext[OilCountersEliminated]) -> Result:
    event = ctx.event
    reserve, kind = reserve_of(ctx, event.reserve)
    if reserve is None:
        return  # oil outside reserves: removed at the end of the turn (33.41D, 33.431)
    reason = event.reason
    if reason == "over_reserve_max":
        if event.phase not in (None, "end_of_player_turn"):
            yield c.finding(
                ctx,
                expected="the end of a player turn",
                recorded=event.phase,
                message=f"oil over reserve {event.reserve}'s maximum is eliminated at the end of a player turn "
                f"(33.422), not in the {event.phase.replace('_', ' ')} phase",
            )
    elif reason == "pearl_harbor_strike":
        yield from _pearl_harbor(c, ctx, kind)
    elif reason == "reserve_eliminated":
        yield from _wa_europe_eliminated(c, ctx, kind)
    else:
        yield c.finding(
            ctx,
            expected="use, the cap, the Pearl Harbor strike or 33.425",
            recorded=reason,
            message=f"reserve {event.reserve} lost {fifths(event.amount)} ({reason.replace('_', ' ')}); a reserve "
            f"loses oil only by use, the end-of-turn cap or the Pearl Harbor strike (33.424)",
        )


def _pearl_harbor(c: Check, ctx: AuditContext[OilCountersEliminated], kind: ReserveId | None) -> Result:
    event = ctx.event
    if kind != "wa_ph":
        yield c.finding(
            ctx,
            expected="the Pearl Harbor reserve",
            recorded=event.reserve,
            message=f"the Pearl Harbor strike destroys oil of the Pearl Harbor reserve only (33.424), not "
            f"{event.reserve}",
        )
        return
    declared = ctx.state.board.wars.get(war_key("japan", "usa"))
    if event.side != "axis" or declared != f"{event.season} {event.year}":
        yield c.finding(
            ctx,
            expected="Japan's surprise attack",
            recorded=f"{event.season} {event.year}",
            message="the Pearl Harbor oil strike is made only during Japan's initial surprise attack, in the turn "
            "Japan goes to war with the U.S. (33.424)",
        )
    if event.strike is not None and event.strike != 2:
        yield c.finding(
            ctx,
            expected="the second strike",
            recorded=f"strike {event.strike}",
            message=f"only a second air strike on Pearl Harbor attacks its oil (33.424); recorded strike "
            f"{event.strike}",
        )
    if event.attack_result is None:
        yield Missing(reason="a Pearl Harbor oil strike without its Naval Attack Table result (attack_result)")
        return
    held = ledger.level(ctx.state.oil, event.reserve) or 0
    loss = pearl_harbor_strike_loss(event.attack_result, max(0, held))
    if event.amount != loss:
        yield c.finding(
            ctx,
            expected=loss,
            recorded=event.amount,
            message=f"a Pearl Harbor strike result of {event.attack_result} destroys {fifths(loss)} (1, 2 or all 3 "
            f"counters, no DRMs: 33.424); recorded {fifths(event.amount)}",
        )


def _wa_europe_eliminated(c: Check, ctx: AuditContext[OilCountersEliminated], kind: ReserveId | None) -> Result:
    event = ctx.event
    if kind != "wa_eu":
        yield c.finding(
            ctx,
            expected="the WA Europe reserve",
            recorded=event.reserve,
            message=f"33.425 eliminates only the Western Allies' Europe reserve, not {event.reserve}",
        )
        return
    held, missing = controlled(ctx, "european_axis", tuple(sorted(WA_EU_ELIMINATION_LOCATIONS)))
    yield from missing
    if not missing and wa_europe_reserve_status(held) != "eliminated":
        free = ", ".join(sorted(WA_EU_ELIMINATION_LOCATIONS - held))
        yield c.finding(
            ctx,
            expected="Paris, London, Birmingham and Manchester Axis-held",
            recorded=f"not Axis-held: {free}",
            message=f"the WA Europe reserve is eliminated only once the Axis hold Paris, London, Birmingham and "
            f"Manchester (33.425); not Axis-held: {free}",
        )


@FAMILY.check(
    "33.425",
    "the WA Europe reserve: usable only with sea supply from the Atlantic U.S. box once Paris and London fall, and "
    "gone once Birmingham and Manchester do too",
    reads=(OilExpended, OilMoved),
    covers=("31-34/O-28",),
)
def check_wa_europe_usable(c: Check, ctx: AuditContext[OilExpended | OilMoved]) -> Result:
    event = ctx.event
    name = event.reserve if isinstance(event, OilExpended) else event.origin
    _, kind = reserve_of(ctx, name)
    if kind != "wa_eu":
        return
    held, missing = controlled(ctx, "european_axis", tuple(sorted(WA_EU_ELIMINATION_LOCATIONS)))
    if missing:
        yield from missing
        return
    status = wa_europe_reserve_status(held)
    if status == "eliminated":
        yield c.finding(
            ctx,
            expected="no WA Europe reserve",
            recorded=fifths(event.amount),
            message="the Axis hold Paris, London, Birmingham and Manchester: the WA Europe reserve is eliminated "
            "(33.425)",
        )
    elif status == "us_sea_supply_only":
        yield Missing(reason="the WA Europe reserve with Paris and London Axis-held: its sea supply is not recorded")


# ---------------------------------------------------------------------------------------------------------------------
# Oil outside reserves (33.41D, 33.431; O-21)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.431",
    "oil left at a source or outside a reserve is removed at the end of the player turn: none is used or moved "
    "in a later one",
    reads=(OilExpended, OilMoved),
    covers=("31-34/O-21",),
)
def check_stale_oil(c: Check, ctx: AuditContext[OilExpended | OilMoved]) -> Result:
    event = ctx.event
    place = event.reserve if isinstance(event, OilExpended) else event.origin
    state = ctx.state.oil
    if place in state.reserves or f"{event.faction}/{place}" in state.pools:
        return
    source = OIL_SOURCES.get(place)  # type: ignore[call-overload]
    limited = place in OIL_CENTERS or place == "urals_box" or (source is not None and source.kind == "plant")
    if not limited and place not in state.facilities:
        return  # unlimited sources (the U.S. boxes, the market) and supply zones hold what is shipped in
    yield c.finding(
        ctx,
        expected="oil produced this player turn",
        recorded=f"{fifths(event.amount)} at {place}",
        message=f"the {power_name(event.faction)} used {fifths(event.amount)} at {place}, where no oil was produced "
        f"this player turn: oil outside a reserve is removed at the end of each player turn (33.41D, 33.431)",
    )
