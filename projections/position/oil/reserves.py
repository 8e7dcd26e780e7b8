"""Oil reserves asked of a position: their maxima from control, starting and deemed levels, tracking, what a reserve
may lose, and oil left outside reserves (33.41D, 33.42-33.425, 33.431, 33.4424, 33.4624, 33.48; checks O-20..O-28 of
the 31-34 extract).

A reserve's maximum comes from the rules, never from the log: the South Africa and Australia boxes and the Classic
India box have fixed maxima (33.422, 33.431); the others count the places of 33.422 their faction holds, which the
position reads from the board's control of the hexes the map data names (``not checked: no map data names Berlin``
otherwise). Tracking starts (33.4424, 33.4624, 33.48) are read from the wars, France's surrender and the captures the
state records. A set-up that resumes a position taken during play records a reserve as play left it: its level and
maximum are what they were then, not the rules' start (:func:`~projections.position.common.from_play`).
"""

from __future__ import annotations

from typing import Final, cast

from awaw_events.events import (
    Event,
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
from projections.board import war_key
from projections.oil import level
from projections.position.common import from_play
from projections.position.core import Position, Unknown, breach
from projections.position.oil import Verdict, controlled, fifths, place_hex, reserve_of
from projections.rules import oil as rules
from projections.rules.breach import Breach
from projections.rules.control import controller_faction

SETUP: Final = "setup"
"""A tracking start recorded at set-up is the game's starting reserve (33.422; O-22)."""
NOT_33422 = "is none the 33.422 names (oil_reserve_defined.kind)"


def rule_maximum(pos: Position, kind: rules.ReserveId) -> tuple[int | None, list[Unknown]]:
    """A reserve's maximum in fifths by the rules, from the control of its 33.422 places; or what is missing."""
    fixed = rules.fixed_reserve_max(kind, variant=pos.meta.variant)
    if fixed is not None:
        return fixed, []
    if kind == "wa_ind":
        return None, [Unknown(reason="the India box maximum outside Classic depends on research the log lacks")]
    spec = rules.RESERVES[kind]
    held, missing = controlled(pos, spec.faction, spec.max_locations)
    return (None, missing) if missing else (rules.reserve_max_fifths(kind, held), [])


# ---------------------------------------------------------------------------------------------------------------------
# Maxima (33.422, 33.423; O-20)


def reserve_declared(pos: Position, event: OilReserveDefined) -> Verdict:
    """33.422: a reserve's declared maximum is the rules' (2 a German or Japanese city, 1 a Russian place, 2 a
    British city; South Africa, Australia and Classic India 3) for the control when it is declared."""
    if from_play(pos, event):
        return  # declared in the game the position was taken from, for the control then
    kind = rules.reserve_kind(event.reserve, event.kind)
    if kind is None:
        yield Unknown(reason=f"reserve {event.reserve!r} {NOT_33422}")
        return
    spec = rules.RESERVES[kind]
    if event.faction != spec.faction:
        message = (
            f"reserve {event.reserve} ({kind}) belongs to the {power_name(spec.faction)} (33.421), not the "
            f"{power_name(event.faction)}"
        )
        yield breach("33.421", message, spec.faction, event.faction)
    maximum, missing = rule_maximum(pos, kind)
    yield from missing
    if maximum is not None and event.maximum != maximum:
        message = (
            f"reserve {event.reserve}'s maximum is {fifths(maximum)} by 33.422 ({spec.rule}); declared "
            f"{fifths(event.maximum)}"
        )
        yield breach("33.422", message, maximum, event.maximum)


def reserve_maximum_by_control(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.422: at the end of a player turn a reserve holds no more than the maximum its faction's control now allows
    (33.423)."""
    state = pos.state.oil
    reading = rules.partial_in_cap(pos.meta.options)
    for rid, reserve in state.reserves.items():
        kind = reserve.kind
        if reserve.tracking != "tracked" or kind not in rules.RESERVES or rules.fixed_reserve_max(kind):
            continue  # fixed maxima: reserve_maximum
        maximum, missing = rule_maximum(pos, kind)
        yield from missing
        declared = reserve.maximum
        if maximum is None or (declared is not None and declared <= maximum):
            continue  # reserve_maximum holds the reserve to the (lower) declared maximum
        held = state.levels.get(rid, 0)
        excess = rules.reserve_cap_excess(held, maximum, reading)
        if excess:
            message = (
                f"reserve {rid} holds {fifths(held)} at the end of the player turn; the places its faction holds now "
                f"allow {fifths(maximum)} (33.422, 33.423): {excess} fifths were not eliminated"
            )
            yield breach("33.423", message, f"at most {maximum}", held)


# ---------------------------------------------------------------------------------------------------------------------
# Starting and deemed levels, tracking (33.422, 33.4424, 33.4624, 33.48; O-22..O-24)


def _axis_took(pos: Position, centers: tuple[str, ...]) -> list[str]:
    """The centers among ``centers`` the Axis captured (the last change of their hex gave them to the EA)."""
    taken = []
    for center in centers:
        hex_ = place_hex(pos, center)
        capture = pos.state.oil.captures.get(hex_) if hex_ is not None else None
        if capture is not None and controller_faction(capture.controller) == "european_axis":
            taken.append(center)
    return taken


def tracking_trigger(pos: Position, event: Event, kind: rules.ReserveId) -> tuple[bool | None, str]:
    """Whether the event that starts a reserve's tracking has happened before the event's player turn, and what it
    is (``None``: the log cannot tell)."""
    board = pos.board
    now = game_turn(event)
    if kind == "ea":
        war = _war_turn(board.wars.get(war_key("germany", "russia")))
        rgt = board.tensions.get("rgt", 0)
        return (war is not None and war < now) or rgt >= rules.EA_PLOESTI_RGT_BAR, (
            "the first Axis player turn after war between Germany and Russia, or RGT 45 (33.4424)"
        )
    if kind == "wa_eu":
        fell = pos.state.politics.french_surrender
        return fell is not None and fell.turn < now, "the first Allied player turn after France falls (33.48)"
    if kind == "ru":
        what = "an Axis capture of Maikop, Grozny or Baku (33.4624)"
        taken = _axis_took(pos, rules.RUSSIAN_TRACKING_CENTERS)
        if not taken and any(place_hex(pos, center) is None for center in rules.RUSSIAN_TRACKING_CENTERS):
            return None, what
        return bool(taken), what
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


def tracking_started(pos: Position, event: OilTrackingStarted) -> Verdict:
    """33.4424: tracking starts with the starting or deemed reserve (EA 10, WA Europe 6, Russia its maximum then) at
    its trigger, never before."""
    kind = reserve_of(pos, event.reserve)[1] or rules.reserve_kind(event.reserve)
    if kind is None:
        yield Unknown(reason=f"reserve {event.reserve!r} {NOT_33422}")
        return
    if event.phase == SETUP:
        if from_play(pos, event):
            return  # the level of a later start point is what it was then, not the rules' start (33.422)
        start = rules.RESERVE_START_FIFTHS[kind]
        if kind == "wa_ind" and pos.meta.variant != "classic":
            yield Unknown(reason="the India box starts full, at a maximum set by research the log lacks")
        elif event.initial != start:
            message = (
                f"reserve {event.reserve} starts the game at {fifths(start)} (33.422); recorded {fifths(event.initial)}"
            )
            yield breach("33.422", message, start, event.initial)
        return
    happened, what = tracking_trigger(pos, event, kind)
    if happened is None:
        yield Unknown(reason=f"whether {what} happened: no map data names the centers")
    elif not happened:
        message = f"oil tracking of reserve {event.reserve} starts at {what}, which has not come"
        yield breach("33.4424", message, what, "tracking started")
    if kind == "ru":
        expected, missing = rule_maximum(pos, "ru")
        yield from missing
    else:
        expected = rules.DEEMED_RESERVE_FIFTHS.get(kind, rules.RESERVE_START_FIFTHS[kind])
    if expected is not None and event.initial != expected:
        message = (
            f"reserve {event.reserve} starts being tracked at {fifths(expected)} (the deemed level: 33.4424, "
            f"33.4624, 33.48); recorded {fifths(event.initial)}"
        )
        yield breach("33.4424", message, expected, event.initial)


def tracking_due(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.4424: tracking starts at its trigger: by the end of the EA, WA or Russian player turn it concerns the
    reserve is tracked."""
    factions = {"axis": ("european_axis", "japan"), "allied": ("western_allies", "russia")}.get(event.side or "", ())
    for rid, reserve in pos.state.oil.reserves.items():
        kind = cast(rules.ReserveId, reserve.kind)
        if reserve.tracking != "untracked" or kind not in ("ea", "wa_eu", "ru"):
            continue
        if rules.RESERVES[kind].faction not in factions:
            continue
        happened, what = tracking_trigger(pos, event, kind)
        if happened:
            message = f"reserve {rid} is still untracked at the end of this player turn; its tracking starts at {what}"
            yield breach("33.4424", message, "tracked", "untracked")


def tracking_stopped(pos: Position, event: OilTrackingStopped) -> Verdict:
    """33.4624: Russia stops tracking only when it starts a player turn holding Maikop, Grozny and Baku with 6 in
    reserve."""
    if event.faction != "russia":
        message = f"only Russia stops tracking oil (33.4624), not the {power_name(event.faction)}"
        yield breach("33.4624", message, "Russia", event.faction)
        return
    if event.side not in (None, "allied") or event.phase not in (None, "diplomacy", "oil_adjustment"):
        yield breach(
            "33.4624",
            "Russia stops tracking oil at the start of its player turn (33.4624)",
            "the start of the Russian player turn",
            f"{event.side or '-'} {event.phase or '-'}",
        )
    state = pos.state.oil
    levels = [
        state.levels.get(rid, 0) for rid, r in state.reserves.items() if r.kind == "ru" and r.tracking == "tracked"
    ]
    held, missing = controlled(pos, "russia", rules.RUSSIAN_TRACKING_CENTERS)
    yield from missing
    if missing:
        return
    level = levels[0] if levels else 0
    if not rules.russia_tracking_stops(russian_controlled=held, reserve_fifths=level):
        lost = ", ".join(sorted(set(rules.RUSSIAN_TRACKING_CENTERS) - held)) or "none"
        yield breach(
            "33.4624",
            f"Russia stopped tracking oil holding {fifths(level)} (not held: {lost}); it stops only with all three "
            "centers and exactly 6 counters (33.4624)",
            f"Maikop, Grozny and Baku held, {fifths(rules.counters(6))} in reserve",
            f"{fifths(level)}; not held: {lost}",
        )


# ---------------------------------------------------------------------------------------------------------------------
# What a reserve may gain and lose (33.423-33.425; O-25..O-28)


def no_captured_oil(pos: Position, event: OilExpended | OilMoved | OilProduced) -> Verdict:
    """33.423: oil counters are never captured: a faction spends, moves or adds oil only to its own reserves (WA oil
    may go to Russia)."""
    reserves = pos.state.oil.reserves
    names: tuple[str, ...]
    if isinstance(event, OilExpended):
        names = (event.reserve,)
    elif isinstance(event, OilMoved):
        names = (event.origin,)
        dest = reserves.get(event.destination)
        to_russia = event.faction == "western_allies" and dest is not None and dest.faction == "russia"
        if dest is not None and dest.faction != event.faction and not to_russia:
            yield _foreign(event, event.destination, dest.faction, "into")
    else:
        names = (event.reserve,) if event.reserve is not None else ()
    for name in names:
        found = reserves.get(name)
        if found is not None and found.faction != event.faction:
            yield _foreign(event, name, found.faction, "from")


def _foreign(event: OilExpended | OilMoved | OilProduced, reserve: str, owner: str, way: str) -> Breach:
    who = power_name(event.faction)
    return breach(
        "33.423",
        f"the {who} took oil {way} reserve {reserve}, which belongs to the {power_name(owner)}: oil counters are never "
        "captured (33.423)",
        f"a {who} reserve",
        f"{reserve} ({power_name(owner)})",
    )


def reserve_losses(pos: Position, event: OilCountersEliminated) -> Verdict:
    """33.424: a reserve loses oil only by use, the end-of-turn cap, the Pearl Harbor strike (1/2/3 for results
    1/2/3+) or 33.425's elimination."""
    reserve, kind = reserve_of(pos, event.reserve)
    if reserve is None:
        return  # oil outside reserves: removed at the end of the turn (33.41D, 33.431)
    reason = event.reason
    if reason == "over_reserve_max":
        if event.phase not in (None, "end_of_player_turn"):
            message = (
                f"oil over reserve {event.reserve}'s maximum is eliminated at the end of a player turn (33.422), not "
                f"in the {event.phase.replace('_', ' ')} phase"
            )
            yield breach("33.422", message, "the end of a player turn", event.phase)
    elif reason == "pearl_harbor_strike":
        yield from _pearl_harbor(pos, event, kind)
    elif reason == "reserve_eliminated":
        yield from _wa_europe_eliminated(pos, event, kind)
    else:
        message = (
            f"reserve {event.reserve} lost {fifths(event.amount)} ({reason.replace('_', ' ')}); a reserve loses oil "
            "only by use, the end-of-turn cap or the Pearl Harbor strike (33.424)"
        )
        yield breach("33.424", message, "use, the cap, the Pearl Harbor strike or 33.425", reason)


def _pearl_harbor(pos: Position, event: OilCountersEliminated, kind: rules.ReserveId | None) -> Verdict:
    if kind != "wa_ph":
        message = f"the Pearl Harbor strike destroys oil of the Pearl Harbor reserve only (33.424), not {event.reserve}"
        yield breach("33.424", message, "the Pearl Harbor reserve", event.reserve)
        return
    declared = pos.board.wars.get(war_key("japan", "usa"))
    if event.side != "axis" or declared != f"{event.season} {event.year}":
        message = (
            "the Pearl Harbor oil strike is made only during Japan's initial surprise attack, in the turn Japan goes "
            "to war with the U.S. (33.424)"
        )
        yield breach("33.424", message, "Japan's surprise attack", f"{event.season} {event.year}")
    if event.strike is not None and event.strike != 2:
        message = f"only a second air strike on Pearl Harbor attacks its oil (33.424); recorded strike {event.strike}"
        yield breach("33.424", message, "the second strike", f"strike {event.strike}")
    if event.attack_result is None:
        yield Unknown(reason="a Pearl Harbor oil strike without its Naval Attack Table result (attack_result)")
        return
    held = level(pos.state.oil, event.reserve) or 0
    loss = rules.pearl_harbor_strike_loss(event.attack_result, max(0, held))
    if event.amount != loss:
        message = (
            f"a Pearl Harbor strike result of {event.attack_result} destroys {fifths(loss)} (1, 2 or all 3 counters, "
            f"no DRMs: 33.424); recorded {fifths(event.amount)}"
        )
        yield breach("33.424", message, loss, event.amount)


def _wa_europe_eliminated(pos: Position, event: OilCountersEliminated, kind: rules.ReserveId | None) -> Verdict:
    if kind != "wa_eu":
        message = f"33.425 eliminates only the Western Allies' Europe reserve, not {event.reserve}"
        yield breach("33.425", message, "the WA Europe reserve", event.reserve)
        return
    held, missing = controlled(pos, "european_axis", tuple(sorted(rules.WA_EU_ELIMINATION_LOCATIONS)))
    yield from missing
    if not missing and rules.wa_europe_reserve_status(held) != "eliminated":
        free = ", ".join(sorted(rules.WA_EU_ELIMINATION_LOCATIONS - held))
        message = (
            "the WA Europe reserve is eliminated only once the Axis hold Paris, London, Birmingham and Manchester "
            f"(33.425); not Axis-held: {free}"
        )
        yield breach("33.425", message, "Paris, London, Birmingham and Manchester Axis-held", f"not Axis-held: {free}")


def wa_europe_usable(pos: Position, event: OilExpended | OilMoved) -> Verdict:
    """33.425: the WA Europe reserve: usable only with sea supply from the Atlantic U.S. box once Paris and London
    fall, and gone once Birmingham and Manchester do too."""
    if reserve_of(pos, event.reserve if isinstance(event, OilExpended) else event.origin)[1] != "wa_eu":
        return
    held, missing = controlled(pos, "european_axis", tuple(sorted(rules.WA_EU_ELIMINATION_LOCATIONS)))
    yield from missing
    status = None if missing else rules.wa_europe_reserve_status(held)
    if status == "eliminated":
        message = "the Axis hold Paris, London, Birmingham and Manchester: the WA Europe reserve is eliminated (33.425)"
        yield breach("33.425", message, "no WA Europe reserve", fifths(event.amount))
    elif status == "us_sea_supply_only":
        yield Unknown(reason="the WA Europe reserve with Paris and London Axis-held: its sea supply is not recorded")


# ---------------------------------------------------------------------------------------------------------------------
# Oil outside reserves (33.41D, 33.431; O-21)


def stale_oil(pos: Position, event: OilExpended | OilMoved) -> Verdict:
    """33.431: oil left at a source or outside a reserve is removed at the end of the player turn: none is used or
    moved in a later one."""
    place = event.reserve if isinstance(event, OilExpended) else event.origin
    state = pos.state.oil
    if place in state.reserves or f"{event.faction}/{place}" in state.pools:
        return ()
    source = rules.OIL_SOURCES.get(place)  # type: ignore[call-overload]
    limited = place in rules.OIL_CENTERS or place == "urals_box" or (source is not None and source.kind == "plant")
    if not limited and place not in state.facilities:
        return ()  # unlimited sources (the U.S. boxes, the market) and supply zones hold what is shipped in
    message = (
        f"the {power_name(event.faction)} used {fifths(event.amount)} at {place}, where no oil was produced this "
        "player turn: oil outside a reserve is removed at the end of each player turn (33.41D, 33.431)"
    )
    return (breach("33.431", message, "oil produced this player turn", f"{fifths(event.amount)} at {place}"),)
