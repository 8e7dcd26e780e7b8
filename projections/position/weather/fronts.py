"""Weather that differs along a front asked of a position: the 14-BRP limit on offensives in mud and Russia's CTL in
mud (34.22, 34.221), the spring allowance of limited offensives east of the pact line or in Siberia (34.25), and the
border war over Bessarabia, which winter does not touch (34.32C); checks W-05, W-16 and W-18 of the 31-34 extract.

Where an offensive's BRPs are spent is ``offensive_declared.weather_zone`` (None: not recorded, then the limits are
undecided for it and the query says so); the weather projection sums each faction's paid and free BRPs by zone this
game turn (:func:`projections.weather.offensives_in`). Choices beside the rules, each written at its query: the
limits are per alliance faction, as the A3R 9.62 front limit; the free limited offensives of 34.25 count against the
mud limit too (34.22A limits offensive operations in mud; 34.25 makes 14 of them free, not extra).
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import AttackDeclared, AttritionDeclared, OffensiveDeclared, WarDeclared
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, power_name
from projections import brp
from projections.combat import known_ctl
from projections.position.core import Position, Unknown, breach
from projections.position.weather import Verdict, table_of, weather_in, zone_name, zone_of
from projections.rules import weather as rules
from projections.rules.economy import FULL_OFFENSIVE_BRPS
from projections.weather import offensives_in


def mud_offensives(pos: Position, event: OffensiveDeclared) -> Verdict:
    """34.22A: in mud an alliance faction spends at most 14 BRPs of offensive operations (not counting those against
    partisans; Russia exempt), the free limited offensives of 34.25 included."""
    if event.season != "spring" or event.against_partisans or table_of(pos) != "awaw":
        return ()  # mud is AWAW's (34.22); the house App. K has winter only
    faction = FACTION_OF_POWER[event.power]
    if faction in rules.MUD_EXEMPT_FACTIONS or event.front not in rules.SPRING_ALLOWANCE_ZONES:
        return ()  # mud lies on the eastern and Asian fronts only (34.31)
    if event.weather_zone is None:
        return (Unknown(reason="offensive_declared records no weather zone: the mud limit (34.22A) is not judged"),)
    weather, why = weather_in(pos, event.weather_zone, event)
    if why is not None:
        return (why,)
    if weather != "mud":
        return ()
    paid, free = offensives_in(pos.state.weather, game_turn(event), faction, event.weather_zone)
    total, most = paid + free, rules.MUD_OFFENSIVE_BRP_LIMIT
    if total <= most or total - event.brp_cost - event.free_brps > most:
        return ()
    message = (
        f"{power_name(faction)} now has {total} BRPs of offensive operations in mud in "
        f"{zone_name(event.weather_zone)} this turn: at most {most} (34.22A; only Russia may run full offensives "
        "in mud, 34.221)"
    )
    return (breach("34.22A", message, f"at most {most}", total),)


def russian_mud_ctl(pos: Position, event: AttackDeclared) -> Verdict:
    """34.221: Russian armor exploiting from a breakthrough created in mud, or through mud, attacks with its CTL less
    1."""
    if event.kind != "exploitation" or event.season != "spring" or table_of(pos) != "awaw":
        return
    board = pos.board.units
    breakthroughs = pos.state.combat.breakthroughs.values()
    for a in event.attackers:
        unit = board.get(a.unit)
        if a.ctl is None or unit is None or unit.owner != "russia" or unit.unit_type != "armor":
            continue
        crossed = next(([b.hex, *b.routes[a.unit]] for b in breakthroughs if a.unit in b.routes), None)
        ctl = known_ctl(pos.board, a.unit)
        if crossed is None or ctl is None:
            continue
        muddy = None
        for hex_ in crossed:
            zone, why = zone_of(pos, hex_)
            if why is not None:
                yield why
                break
            if zone is not None and weather_in(pos, zone, event)[0] == "mud":
                muddy = hex_
                break
        # Choice: 34.221 names no exception, so the mud -1 is taken on top of the CTL the board gives (its -1 for
        # partial supply included), never below 0.
        if muddy is not None and a.ctl > max(0, ctl - 1):
            message = (
                f"attack {event.attack}: Russian armor {a.unit} exploits from or through mud ({muddy}) and attacks "
                f"with CTL {a.ctl}; its CTL {ctl} less 1 gives {max(0, ctl - 1)} (34.221, 41.925)"
            )
            yield breach("34.221", message, max(0, ctl - 1), a.ctl)


def spring_allowance(pos: Position, event: OffensiveDeclared | AttritionDeclared) -> Verdict:
    """34.25: free limited offensives in a spring turn: only with a full offensive of the faction west of the pact
    line (on the Asian front outside Siberia), only east of it (in Siberia etc.), at most 14 BRPs, and no attrition
    on that front."""
    if isinstance(event, AttritionDeclared):
        return _allowance_attrition(pos, event)
    if not event.free_brps:
        return ()
    faction = FACTION_OF_POWER[event.power]
    zones = rules.SPRING_ALLOWANCE_ZONES.get(event.front)
    wrong: str | None = None
    if event.season != "spring" or zones is None:
        wrong = "only in a spring turn, on the eastern or Asian front"
    elif event.kind != "limited":
        wrong = f"only limited offensive operations, not a {event.kind} one"
    elif event.weather_zone is None:
        return (Unknown(reason="offensive_declared records no weather zone for its free BRPs (34.25)"),)
    elif event.weather_zone != zones[0]:
        wrong = f"only in {zone_name(zones[0])}, not in {zone_name(event.weather_zone)}"
    if wrong is None and zones is not None:
        full = _full_offensive(pos, event, faction, zones[1])
        if isinstance(full, Unknown):
            return (full,)
        if not full:
            wrong = f"only with a full offensive of the {power_name(faction)} on the {event.front} front outside it"
    if wrong is None:
        _, free = offensives_in(pos.state.weather, game_turn(event), faction, cast(str, event.weather_zone))
        if free > rules.SPRING_LIMITED_OFFENSIVE_BRPS:
            wrong = f"at most {rules.SPRING_LIMITED_OFFENSIVE_BRPS} BRPs a turn; now {free}"
    if wrong is None:
        return ()
    message = (
        f"{power_name(event.power)} carries out {event.free_brps} BRPs of offensive operations at no cost: {wrong}"
    )
    message = f"{message} (34.25)"
    return (breach("34.25", message, "free limited offensives as 34.25 allows them", f"{event.free_brps} free BRPs"),)


def _full_offensive(pos: Position, event: OffensiveDeclared, faction: str, zones: frozenset[Any]) -> bool | Unknown:
    """Whether the faction paid a full offensive on the event's front this game turn in one of ``zones`` (34.25), as
    the BRP ledger and the offensives' weather zones tell."""
    _, full = brp.offensives_on(pos.state.brp, faction, event.front)
    if not full:
        return False
    turn, weather = game_turn(event), pos.state.weather
    if any(offensives_in(weather, turn, faction, zone)[0] >= FULL_OFFENSIVE_BRPS for zone in zones):
        return True
    if any(offensives_in(weather, turn, faction, zone)[0] >= FULL_OFFENSIVE_BRPS for zone in rules.SEASONAL_WEATHER):
        return False  # the full offensive was conducted elsewhere (in the mud itself)
    return Unknown(reason=f"the full offensive on the {event.front} front records no weather zone (34.25)")


def _allowance_attrition(pos: Position, event: AttritionDeclared) -> Verdict:
    zones = rules.SPRING_ALLOWANCE_ZONES.get(event.front)
    if event.season != "spring" or zones is None:
        return ()
    _, free = offensives_in(pos.state.weather, game_turn(event), event.attacker, zones[0])
    if not free:
        return ()
    message = (
        f"{power_name(event.attacker)} attritions on the {event.front} front in a turn it carried out {free} BRPs "
        "of free limited offensives under 34.25, which allows no attrition combat"
    )
    return (breach("34.25", message, "no attrition", f"attrition {event.attrition}"),)


def border_war(pos: Position, event: WarDeclared) -> Verdict:
    """34.32C: a border war (no winter effects) is one between Russia and Rumania only."""
    if not event.border_war or {event.aggressor, event.target} == rules.BORDER_WAR_PARTIES:
        return ()
    message = (
        f"the war of {power_name(event.aggressor)} on {event.target.title()} is marked a border war: only the "
        "border war between Russia and Rumania over Bessarabia is spared winter effects (34.32C)"
    )
    return (breach("34.32C", message, "Russia and Rumania", f"{event.aggressor} and {event.target}"),)
