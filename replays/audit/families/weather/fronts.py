"""Weather that differs along a front: the 14-BRP limit on offensives in mud and Russia's CTL in mud (34.22,
34.221), the spring allowance of limited offensives east of the pact line or in Siberia (34.25), and the border war
over Bessarabia, which winter does not touch (34.32C); checks W-05, W-16 and W-18 of the 31-34 extract.

Where an offensive's BRPs are spent is ``offensive_declared.weather_zone`` (None: not recorded, then the limits are
not checked for it and the check says so); the weather projection sums each faction's paid and free BRPs by zone
this game turn (:func:`projections.weather.offensives_in`). Choices beside the rules, each written at its check: the
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
from projections.rules.economy import FULL_OFFENSIVE_BRPS
from projections.rules.weather import (
    BORDER_WAR_PARTIES,
    MUD_EXEMPT_FACTIONS,
    MUD_OFFENSIVE_BRP_LIMIT,
    SEASONAL_WEATHER,
    SPRING_ALLOWANCE_ZONES,
    SPRING_LIMITED_OFFENSIVE_BRPS,
)
from projections.weather import offensives_in
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.weather.base import FAMILY, table_of, zone_name, zone_of


def _zone_weather(ctx: AuditContext[Any], zone: str) -> tuple[str | None, Missing | None]:
    """The zone's weather this game turn, as determined, or why not known."""
    weather = ctx.state.weather.zones.get(zone)
    event = ctx.event
    if weather is None or weather.turn != f"{event.season} {event.year}":
        return None, Missing(reason=f"no weather_determined for the {zone} zone this game turn")
    return weather.weather, None


def _mud_zones(ctx: AuditContext[Any]) -> list[str]:
    """The zones that can be in mud this season (34.31), whose weather this turn is mud as determined."""
    season = ctx.event.season
    return [
        zone
        for zone, by_season in SEASONAL_WEATHER.items()
        if by_season.get(season) == "mud" and _zone_weather(ctx, zone)[0] == "mud"
    ]


@FAMILY.check(
    "34.22A",
    "in mud an alliance faction spends at most 14 BRPs of offensive operations (not counting those against "
    "partisans; Russia exempt), the free limited offensives of 34.25 included",
    reads=(OffensiveDeclared,),
    id="mud_offensives",
    after=True,
    covers=("31-34/W-05",),
)
def check_mud_offensives(c: Check, ctx: AuditContext[OffensiveDeclared]) -> Result:
    event = ctx.event
    if event.season != "spring" or event.against_partisans or table_of(ctx) != "awaw":
        return ()  # mud is AWAW's (34.22); the house App. K has winter only
    faction = FACTION_OF_POWER[event.power]
    if faction in MUD_EXEMPT_FACTIONS or event.front not in SPRING_ALLOWANCE_ZONES:
        return ()  # mud lies on the eastern and Asian fronts only (34.31)
    if event.weather_zone is None:
        return (Missing(reason="offensive_declared records no weather zone: the mud limit (34.22A) is not judged"),)
    weather, why = _zone_weather(ctx, event.weather_zone)
    if why is not None:
        return (why,)
    if weather != "mud":
        return ()
    paid, free = offensives_in(ctx.state.weather, game_turn(event), faction, event.weather_zone)
    total = paid + free
    if total <= MUD_OFFENSIVE_BRP_LIMIT or total - event.brp_cost - event.free_brps > MUD_OFFENSIVE_BRP_LIMIT:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at most {MUD_OFFENSIVE_BRP_LIMIT}",
            recorded=total,
            message=f"{power_name(faction)} now has {total} BRPs of offensive operations in mud in "
            f"{zone_name(event.weather_zone)} this turn: at most {MUD_OFFENSIVE_BRP_LIMIT} (34.22A; only Russia "
            "may run full offensives in mud, 34.221)",
        ),
    )


@FAMILY.check(
    "34.221",
    "Russian armor exploiting from a breakthrough created in mud, or through mud, attacks with its CTL less 1",
    reads=(AttackDeclared,),
    id="russian_mud_ctl",
    covers=("31-34/W-05",),
)
def check_russian_mud_ctl(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    if event.kind != "exploitation" or event.season != "spring" or table_of(ctx) != "awaw":
        return
    board = ctx.state.board.units
    breakthroughs = ctx.state.combat.breakthroughs.values()
    for a in event.attackers:
        unit = board.get(a.unit)
        if a.ctl is None or unit is None or unit.owner != "russia" or unit.unit_type != "armor":
            continue
        crossed = next(([b.hex, *b.routes[a.unit]] for b in breakthroughs if a.unit in b.routes), None)
        ctl = known_ctl(ctx.state.board, a.unit)
        if crossed is None or ctl is None:
            continue
        muddy = None
        for hex_ in crossed:
            zone, why = zone_of(ctx, hex_)
            if why is not None:
                yield why
                break
            if zone is not None and _zone_weather(ctx, zone)[0] == "mud":
                muddy = hex_
                break
        # Choice: 34.221 names no exception, so the mud -1 is taken on top of the CTL the board gives (its -1 for
        # partial supply included), never below 0.
        if muddy is not None and a.ctl > max(0, ctl - 1):
            yield c.finding(
                ctx,
                expected=max(0, ctl - 1),
                recorded=a.ctl,
                message=f"attack {event.attack}: Russian armor {a.unit} exploits from or through mud ({muddy}) and "
                f"attacks with CTL {a.ctl}; its CTL {ctl} less 1 gives {max(0, ctl - 1)} (34.221, 41.925)",
            )


@FAMILY.check(
    "34.25",
    "free limited offensives in a spring turn: only with a full offensive of the faction west of the pact line (on the "
    "Asian front outside Siberia), only east of it (in Siberia etc.), at most 14 BRPs, and no attrition on that front",
    reads=(OffensiveDeclared, AttritionDeclared),
    id="spring_allowance",
    after=True,
    covers=("31-34/W-16",),
)
def check_spring_allowance(c: Check, ctx: AuditContext[OffensiveDeclared | AttritionDeclared]) -> Result:
    event = ctx.event
    if isinstance(event, AttritionDeclared):
        return _allowance_attrition(c, ctx)  # type: ignore[arg-type]
    if not event.free_brps:
        return ()
    faction = FACTION_OF_POWER[event.power]
    zones = SPRING_ALLOWANCE_ZONES.get(event.front)
    wrong: str | None = None
    if event.season != "spring" or zones is None:
        wrong = "only in a spring turn, on the eastern or Asian front"
    elif event.kind != "limited":
        wrong = f"only limited offensive operations, not a {event.kind} one"
    elif event.weather_zone is None:
        return (Missing(reason="offensive_declared records no weather zone for its free BRPs (34.25)"),)
    elif event.weather_zone != zones[0]:
        wrong = f"only in {zone_name(zones[0])}, not in {zone_name(event.weather_zone)}"
    if wrong is None and zones is not None:
        full = _full_offensive(ctx, faction, event.front, zones[1])
        if isinstance(full, Missing):
            return (full,)
        if not full:
            wrong = f"only with a full offensive of the {power_name(faction)} on the {event.front} front outside it"
    if wrong is None:
        _, free = offensives_in(ctx.state.weather, game_turn(event), faction, cast(str, event.weather_zone))
        if free > SPRING_LIMITED_OFFENSIVE_BRPS:
            wrong = f"at most {SPRING_LIMITED_OFFENSIVE_BRPS} BRPs a turn; now {free}"
    if wrong is None:
        return ()
    return (
        c.finding(
            ctx,
            expected="free limited offensives as 34.25 allows them",
            recorded=f"{event.free_brps} free BRPs",
            message=f"{power_name(event.power)} carries out {event.free_brps} BRPs of offensive operations at no "
            f"cost: {wrong} (34.25)",
        ),
    )


def _full_offensive(ctx: AuditContext[Any], faction: str, front: str, zones: frozenset[Any]) -> bool | Missing:
    """Whether the faction paid a full offensive on ``front`` this game turn in one of ``zones`` (34.25), as the BRP
    ledger and the offensives' weather zones tell."""
    _, full = brp.offensives_on(ctx.state.brp, faction, front)
    if not full:
        return False
    turn = game_turn(ctx.event)
    weather = ctx.state.weather
    if any(offensives_in(weather, turn, faction, zone)[0] >= FULL_OFFENSIVE_BRPS for zone in zones):
        return True
    if any(offensives_in(weather, turn, faction, zone)[0] >= FULL_OFFENSIVE_BRPS for zone in SEASONAL_WEATHER):
        return False  # the full offensive was conducted elsewhere (in the mud itself)
    return Missing(reason=f"the full offensive on the {front} front records no weather zone (34.25)")


def _allowance_attrition(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    zones = SPRING_ALLOWANCE_ZONES.get(event.front)
    if event.season != "spring" or zones is None:
        return ()
    _, free = offensives_in(ctx.state.weather, game_turn(event), event.attacker, zones[0])
    if not free:
        return ()
    return (
        c.finding(
            ctx,
            expected="no attrition",
            recorded=f"attrition {event.attrition}",
            message=f"{power_name(event.attacker)} attritions on the {event.front} front in a turn it carried out "
            f"{free} BRPs of free limited offensives under 34.25, which allows no attrition combat",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# The Bessarabian border war (34.32C; W-18)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "34.32C",
    "a border war (no winter effects) is one between Russia and Rumania only",
    reads=(WarDeclared,),
    id="border_war",
    covers=("31-34/W-18",),
)
def check_border_war(c: Check, ctx: AuditContext[WarDeclared]) -> Result:
    event = ctx.event
    if not event.border_war or {event.aggressor, event.target} == BORDER_WAR_PARTIES:
        return ()
    return (
        c.finding(
            ctx,
            expected="Russia and Rumania",
            recorded=f"{event.aggressor} and {event.target}",
            message=f"the war of {power_name(event.aggressor)} on {event.target.title()} is marked a border war: only "
            "the border war between Russia and Rumania over Bessarabia is spared winter effects (34.32C)",
        ),
    )
