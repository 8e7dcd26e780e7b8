"""What each ground unit type may do (AWAW 10.1-10.9): replacements, armor whose mechanized part is negated,
specialized units, airdrops, Chindits, marines and commandos in invasions, flak, and the DM items that depend on
the unit type.

Sources: 10-16 extract checklists 2.1-2.2 (AUD-10-02 to AUD-10-37), 1.9 (DM items), 1.11 (CTLs), 1.13 (costs).
Rules tables are :mod:`projections.rules.units` (unit types), :mod:`projections.rules.combat.strength` (DM items),
:mod:`projections.rules.combat.rounds` (CTLs); the airdrops of this game turn and the units air-transported this
player turn are running facts of :mod:`projections.movement`.

Not checked here (the events do not record it): an air transport aborted by interception (10.54; ``airdrop_made``
has no outcome), how many operations an offensive pays for (rule 9), and the Chindit's conversion from Indian
infantry (10.65A). Sea transport is ``unit_moved.sea_transport``; automatic supply a result whose source is
``exploitation`` or ``automatic`` (30.551).
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    BreakthroughCreated,
    CombatRoundResolved,
    ExploitationAllowance,
    ForcePoolChanged,
    OverrunResolved,
    SupplyDetermined,
    UnitBuilt,
    UnitPlaced,
)
from awaw_events.gametime import game_turn
from projections import movement as facts
from projections.board import Unit
from projections.rules import units as rules
from projections.rules.combat.odds import odds
from projections.rules.combat.rounds import effective_ctl
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.control import theater_of
from projections.rules.movement import MAP_PREFIXES, MECHANIZED_TYPES, negates_mechanized
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("unit types")


def _units(ctx: AuditContext[Any]) -> dict[str, Unit]:
    return ctx.state.board.units


def _this_turn_oil(ctx: AuditContext[Any], owner: str) -> bool:
    moves = ctx.state.movement
    event = ctx.event
    return moves.player_turn == (game_turn(event), event.side) and facts.faction_of(owner) in moves.army_oil


# ---------------------------------------------------------------------------------------------------------------------
# Replacements, flak and partisans never attack (10.23, 10.93-10.94, 11.43-11.47)

NO_ATTACK_EVENTS: Final = (
    AttackDeclared,
    OverrunResolved,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
)


@FAMILY.check(
    "10.23",
    "replacements and flak never attack, overrun, invade, count in an attrition or occupy its hexes; flak is never "
    "an attrition loss",
    reads=NO_ATTACK_EVENTS,
    id="non_combatants",
    covers=("AUD-10-04", "AUD-10-37"),
)
def check_non_combatants(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    units = _units(ctx)
    if isinstance(event, AttackDeclared):
        listed = [(a.unit, "attacks") for a in event.attackers]
    elif isinstance(event, OverrunResolved):
        listed = [(u.unit, "overruns") for u in event.units]
    elif isinstance(event, AttritionDeclared):
        listed = [(u.unit, "is counted in an attrition") for u in event.counted]
    elif isinstance(event, AttritionLossesTaken):
        listed = [(u.unit, "is taken as an attrition loss") for u in event.losses]
    else:
        listed = [(m.unit, "occupies a hex gained by attrition") for m in event.moves]
    for unit_id, what in listed:
        unit = units.get(unit_id)
        if unit is None:
            continue
        kind = unit.unit_type
        if kind == rules.PARTISAN:
            continue  # the partisan family says so, with the partisan rules (11.43-11.47)
        rule = rules.NO_OFFENSIVE_TYPES.get(kind)
        if kind == rules.REPLACEMENT and isinstance(event, AttritionLossesTaken):
            rule = None  # replacements are taken as attrition losses (10.23)
        if rule is not None:
            yield c.finding(
                ctx,
                expected=f"no {kind} unit",
                recorded=unit_id,
                message=f"{unit_id} ({kind}) {what}: {kind} units never do ({rule})",
            )


@FAMILY.check(
    "10.25",
    "replacement pools never grow; specialized units are one factor and enter pools by production or set-up; flak "
    "units have at most three factors",
    reads=(UnitBuilt, UnitPlaced, ForcePoolChanged),
    id="unit_counters",
    covers=("AUD-10-05", "AUD-10-10"),
)
def check_unit_counters(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    setup = event.phase == "setup"
    if isinstance(event, ForcePoolChanged):
        if event.unit_type == rules.REPLACEMENT and event.delta > 0 and not setup:
            yield c.finding(
                ctx,
                expected="no growth",
                recorded=f"+{event.delta}",
                message=f"{event.power}'s replacement pool grows by {event.delta} ({event.cause}): replacement pools "
                "never grow after set-up (10.25, 10.26)",
            )
        grows = event.delta > 0 and event.cause not in rules.SPECIALIZED_POOL_CAUSES
        if event.unit_type in SPECIALIZED_TYPES and grows:
            yield c.finding(
                ctx,
                expected="production or set-up",
                recorded=event.cause,
                message=f"{event.unit_type} units enter {event.power}'s pool by {event.cause}: specialized units come "
                "from production or set-up only (10.41B; the Chindit also by research or conversion, 10.65)",
            )
        return
    if event.unit_type in SPECIALIZED_TYPES and event.factors != rules.SPECIALIZED_FACTORS:
        yield c.finding(
            ctx,
            expected="1 factor",
            recorded=f"{event.factors} factors",
            message=f"{event.unit} is a {event.factors}-factor {event.unit_type} unit: specialized units are one "
            "factor each (10.41A)",
        )
    if event.unit_type == rules.FLAK and event.factors > rules.FLAK_MAX_FACTORS:
        yield c.finding(
            ctx,
            expected=f"at most {rules.FLAK_MAX_FACTORS} factors",
            recorded=event.factors,
            message=f"{event.unit} is a {event.factors}-factor flak unit: a flak unit has at most three (10.99)",
        )


@FAMILY.check(
    "10.11",
    "infantry and replacements fight at their faction's CTL, one less in limited supply or under the army oil "
    "effect (not slowed, 10.11), and replacements one less again (10.23)",
    reads=(AttackDeclared,),
    id="infantry_ctl",
    covers=("AUD-10-02",),
)
def check_infantry_ctl(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    board = ctx.state.board
    for a in ctx.event.attackers:
        unit = board.units.get(a.unit)
        if a.ctl is None or unit is None or unit.unit_type not in ("infantry", rules.REPLACEMENT):
            continue
        level = board.ctl.get(f"{facts.faction_of(unit.owner)}/ground")
        if level is None:
            yield Missing(reason=f"the ground CTL of {unit.owner}'s faction is not recorded (ctl_set)")
            continue
        reduced = unit.supply == rules.MECHANIZED_NEGATING_STATUS or _this_turn_oil(ctx, unit.owner)
        expected = effective_ctl(level, partial_supply_or_army_oil=reduced)
        if unit.unit_type == rules.REPLACEMENT:
            expected -= 1
        if a.ctl != expected:
            why = "limited supply or the army oil effect, " if reduced else ""
            yield c.finding(
                ctx,
                expected=expected,
                recorded=a.ctl,
                message=f"{a.unit} attacks at CTL {a.ctl}; its faction's ground CTL is {level}"
                + (f", less one for {why.rstrip(', ')}" if reduced else "")
                + (", less one for a replacement (10.23)" if unit.unit_type == rules.REPLACEMENT else "")
                + f": {expected} (10.11, 15.81)",
            )


# ---------------------------------------------------------------------------------------------------------------------
# Armor whose mechanized part is negated (10.32), mechanized infantry (10.12)


def _negated_why(ctx: AuditContext[Any], unit: Unit, hex_: str | None) -> str | None:
    """Why a mechanized unit's mechanized part is negated now, or None (10.32, 10.12, 13.41F, 33.61C)."""
    if unit.supply == rules.MECHANIZED_NEGATING_STATUS:
        return "it is partially supplied (30.522B)"
    if _this_turn_oil(ctx, unit.owner):
        return "its faction is under the army oil effect (33.61C)"
    where = hex_ or unit.location
    if where.startswith(MAP_PREFIXES) and theater_of(where) == "pacific":
        if unit.unit_type == "mech_infantry":
            return "mechanized infantry in the Pacific is infantry (10.12)"
        facts_ = ctx.hex(where)
        negated = negates_mechanized(facts_.terrain if facts_ else None, theater="pacific", japanese=False)
        if negated and not (unit.nationality == "japan" and facts_ is not None and facts_.terrain == "jungle"):
            return f"it stands in Pacific {facts_.terrain if facts_ else ''} terrain (10.32)"
    return None


@FAMILY.check(
    "10.32",
    "armor and mechanized infantry whose mechanized part is negated do not overrun, break through or exploit",
    reads=(OverrunResolved, BreakthroughCreated, ExploitationAllowance),
    id="negated_mechanized",
    covers=("AUD-10-06", "AUD-10-03"),
)
def check_negated_mechanized(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    units = _units(ctx)
    if isinstance(event, OverrunResolved):
        moving = [(u.unit, "overruns") for u in event.units]
    elif isinstance(event, BreakthroughCreated):
        moving = [(event.armor, "creates a breakthrough")]
    else:
        moving = [(event.unit, "exploits")]
    found = []
    for unit_id, what in moving:
        unit = units.get(unit_id)
        if unit is None or unit.unit_type not in MECHANIZED_TYPES:
            continue
        why = _negated_why(ctx, unit, event.hex if isinstance(event, BreakthroughCreated) else None)
        if why is not None:
            found.append(
                c.finding(
                    ctx,
                    expected="a working mechanized part",
                    recorded=f"{unit_id} negated",
                    message=f"{unit_id} {what}, but its mechanized part is negated: {why}; it acts as infantry (10.32)",
                )
            )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Airdrops (10.5, 10.6)


@FAMILY.check(
    "10.52",
    "airdrops come in the combat phase, before regular or exploitation combat, by airborne units and the Chindit",
    reads=(AirdropMade,),
    id="airdrop_timing",
    covers=("AUD-10-15",),
)
def check_airdrop_timing(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    event = ctx.event
    unit = _units(ctx).get(event.unit)
    if unit is not None and unit.unit_type not in rules.AIRDROPPING_TYPES:
        yield c.finding(
            ctx,
            expected="an airborne unit or the Chindit",
            recorded=unit.unit_type,
            message=f"{event.unit} ({unit.unit_type}) airdrops: only airborne units and the Chindit do (10.5, 10.6)",
        )
    if event.phase is not None and event.phase not in rules.AIRDROP_PHASES:
        yield c.finding(
            ctx,
            expected="the combat or exploitation phase",
            recorded=event.phase,
            message=f"{event.unit} airdrops in the {event.phase.replace('_', ' ')} phase: airdrops come just before "
            "regular or exploitation combat (10.52, 15.11, 16.44)",
        )
    attack_started = any(
        a.declared.kind != "exploitation" and a.seq < ctx.seq for a in ctx.state.combat.attacks.values()
    )
    if event.phase == "exploitation" and any(
        a.declared.kind == "exploitation" for a in ctx.state.combat.attacks.values()
    ):
        yield c.finding(
            ctx,
            expected="before exploitation combat",
            recorded="after an exploitation attack",
            message=f"{event.unit} airdrops after exploitation combat began (10.52, 16.44)",
        )
    elif event.phase == "combat" and attack_started and _regular_round_fought(ctx):
        yield c.finding(
            ctx,
            expected="before regular combat",
            recorded="after a round of regular combat",
            message=f"{event.unit} airdrops after regular combat began (10.52, 15.11)",
        )


def _regular_round_fought(ctx: AuditContext[Any]) -> bool:
    return any(a.rounds for a in ctx.state.combat.attacks.values() if a.declared.kind != "exploitation")


@FAMILY.check(
    "10.53",
    "the dropping unit is fully supplied, free of the army oil effect, not air-transported this turn, of CTL 2 or "
    "more; a Chindit drops by its own transport and never onto enemy ground units",
    reads=(AirdropMade,),
    id="airdrop_unit",
    covers=("AUD-10-14", "AUD-10-19", "AUD-10-28", "AUD-10-17"),
)
def check_airdrop_unit(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    event = ctx.event
    board = ctx.state.board
    unit = board.units.get(event.unit)
    if unit is None:
        return
    problems: list[str] = []
    if unit.supply is not None and unit.supply != "full":
        problems.append(f"it is {unit.supply} supplied, not fully (10.42)")
    if _this_turn_oil(ctx, unit.owner):
        problems.append("its faction is under the army oil effect (10.42, 33.61C)")
    moves = ctx.state.movement
    if event.unit in moves.air_transported and moves.player_turn == (game_turn(event), event.side):
        problems.append("it was air- or sea-transported this player turn (10.53B)")
    fought = [
        a.declared.attack
        for a in ctx.state.combat.attacks.values()
        if any(x.unit == event.unit and x.role != "airdropped" for x in a.declared.attackers)
    ]
    if fought:
        problems.append(f"it attacks in {', '.join(fought)} this combat phase, by land or sea (10.53B)")
    level = board.ctl.get(f"{facts.faction_of(unit.owner)}/ground")
    if level is None:
        yield Missing(reason=f"the ground CTL of {unit.owner}'s faction is not recorded (ctl_set)")
    else:
        ctl = effective_ctl(level, partial_supply_or_army_oil=unit.supply == "partial")
        if ctl < rules.AIRDROP_MIN_CTL:
            problems.append(f"its CTL is {ctl}, below 2 (10.53D, 10.61A)")
    if unit.unit_type == rules.CHINDIT:
        if event.transport != "inherent":
            problems.append(f"a Chindit needs no air transport, not {event.transport} (10.61)")
        enemy = [
            u
            for u in moves.at.get(event.target, ())
            if (other := board.units.get(u)) is not None and facts.side_of(other.owner) != facts.side_of(unit.owner)
        ]
        if enemy:
            problems.append(f"a Chindit never drops onto enemy ground units ({', '.join(sorted(enemy))}; 10.61)")
    elif event.transport == "inherent":
        problems.append("an airborne unit drops from an air transport unit (10.53A)")
    for problem in problems:
        yield c.finding(
            ctx,
            expected="a unit that may airdrop",
            recorded=problem,
            message=f"{event.unit} airdrops on {event.target}, but {problem}",
        )


@FAMILY.check(
    "10.53A",
    "an airdrop flies from a base within the air transport's range, with an uninverted air transport, and not "
    "into winter 3 or more or monsoon swamp and jungle",
    reads=(AirdropMade,),
    id="airdrop_flight",
    covers=("AUD-10-20", "AUD-10-16"),
)
def check_airdrop_flight(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    event = ctx.event
    board = ctx.state.board
    if event.transport != "inherent":
        transport = board.units.get(event.transport)
        if transport is None or transport.unit_type != "air_transport":
            yield c.finding(
                ctx,
                expected="an air transport unit in play",
                recorded=event.transport,
                message=f"{event.unit} drops from {event.transport}, which is not an air transport unit in play "
                "(10.53A)",
            )
        elif transport.inverted:
            yield c.finding(
                ctx,
                expected="an uninverted air transport",
                recorded=f"{event.transport} inverted",
                message=f"{event.unit} drops from {event.transport}, which is inverted (10.53A)",
            )
    if event.base.startswith(MAP_PREFIXES):
        theater = theater_of(event.target)
        reach = rules.AIRDROP_RANGE[theater]
        try:
            distance = ctx.grid.distance(event.base, event.target)
        except ValueError:
            distance = None
        if distance is None or distance > reach:
            yield c.finding(
                ctx,
                expected=f"within {reach} hexes",
                recorded=f"{distance if distance is not None else 'another map'}",
                message=f"{event.unit} drops on {event.target} from {event.base}, "
                + (f"{distance} hexes away" if distance is not None else "on another map")
                + f": the air transport reaches {reach} in {'Europe' if theater == 'europe' else 'the Pacific'} "
                "(10.53A, 17.62)",
            )
        elif event.range_hexes is not None and event.range_hexes != distance:
            yield c.finding(
                ctx,
                expected=distance,
                recorded=event.range_hexes,
                message=f"{event.base} to {event.target} is {distance} hexes, recorded {event.range_hexes} (10.53A)",
            )
    yield from _base_supply(c, ctx)
    yield from _airdrop_weather(c, ctx)


def _base_supply(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    """The base got full supply at the owner's initial supply determination (10.53A): the base hex's result, else
    the air transport's."""
    event = ctx.event
    if event.transport == "inherent":
        return
    results = ctx.state.movement.initial_results
    status = results.get(event.base) or results.get(event.transport)
    if status is None:
        yield Missing(reason=f"no initial supply result for the airdrop base {event.base} or {event.transport}")
    elif status != "full":
        yield c.finding(
            ctx,
            expected="full supply",
            recorded=status,
            message=f"{event.unit} drops from {event.base}, which was {status} supplied at the initial supply "
            "determination: the base needs full supply (10.53A)",
        )


def _airdrop_weather(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    event = ctx.event
    target = ctx.hex(event.target)
    if target is None or target.weather_zone is None:
        yield ctx.missing_hex(event.target, "weather zone")
        return
    zone = ctx.state.weather.zones.get(target.weather_zone)
    level = zone.level if zone is not None and zone.weather == "winter" else None
    monsoon = zone is not None and zone.weather == "monsoon"
    ban, unknown = rules.airdrop_weather_ban(winter_level=level, monsoon=monsoon, terrain=target.terrain)
    if monsoon and ban is None and unknown is None:
        base = ctx.hex(event.base) if event.base.startswith(MAP_PREFIXES) else None
        ban, unknown = rules.airdrop_weather_ban(
            winter_level=None, monsoon=True, terrain=base.terrain if base is not None else None
        )
        ban = f"{ban} (the base)" if ban else None
    if ban is not None:
        yield c.finding(
            ctx,
            expected="weather that allows an airdrop",
            recorded=ban,
            message=f"{event.unit} drops on {event.target} in {ban} (10.53E)",
        )
    elif unknown is not None:
        yield ctx.missing_hex(event.target, unknown)


@FAMILY.check(
    "10.55",
    "an airdropped unit attacks only its drop hex, at 1:1 or better in the first round; it neither advances nor "
    "moves until the next game turn",
    reads=(AttackDeclared, CombatRoundResolved, AdvanceAfterCombat),
    id="airdropped_units",
    covers=("AUD-10-22", "AUD-10-23", "AUD-10-25"),
)
def check_airdropped_units(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    drops = ctx.state.movement.airdrops
    if not drops:
        return ()
    if isinstance(event, AdvanceAfterCombat):
        return [_stays(c, ctx, m.unit, "advances after combat") for m in event.moves if m.unit in drops]
    if isinstance(event, AttackDeclared):
        out = []
        for a in event.attackers:
            drop = drops.get(a.unit)
            if drop is not None and a.role != "airdropped" and drop.side == event.side:
                out.append(
                    c.finding(
                        ctx,
                        expected="no other attack",
                        recorded=f"{a.unit} {a.role}",
                        message=f"{a.unit} airdropped this turn and also attacks in {event.attack} by land or sea "
                        "(10.53B)",
                    )
                )
            if a.role == "airdropped" and drop is not None and drop.hex not in event.defender_hexes:
                out.append(
                    c.finding(
                        ctx,
                        expected=f"an attack on {drop.hex}",
                        recorded=", ".join(event.defender_hexes),
                        message=f"{a.unit} dropped on {drop.hex} and attacks {', '.join(event.defender_hexes)}: an "
                        "airdropped unit attacks only the units in its drop hex (10.55A-B, 15.44)",
                    )
                )
        return out
    return _first_round_odds(c, ctx)


def _stays(c: Check, ctx: AuditContext[Any], unit: str, what: str) -> Any:
    return c.finding(
        ctx,
        expected="no move until the next game turn",
        recorded=f"{unit} {what}",
        message=f"{unit} was airdropped this game turn and {what}: it may not advance after combat or move until "
        "the next game turn, except by redeployment (10.56, 15.92C)",
    )


def _first_round_odds(c: Check, ctx: AuditContext[CombatRoundResolved]) -> Result:
    event = ctx.event
    attack = ctx.state.combat.attacks.get(event.attack)
    if event.round != 1 or attack is None or not any(a.role == "airdropped" for a in attack.declared.attackers):
        return ()
    if not attack.declared.defenders:
        return ()
    a, d = event.attack_strength, event.defence_strength
    if a is None or d is None or d <= 0:
        return (Missing(reason="the first round of an attack with an airdrop does not record its strengths"),)
    if a >= d * rules.AIRDROP_MIN_ODDS:
        return ()
    return (
        c.finding(
            ctx,
            expected="1:1 or better",
            recorded=odds(a, d).ratio if a > 0 else f"{a}:{d}",
            message=f"attack {event.attack} has an airdrop onto an enemy-occupied hex and its first round is at "
            f"{a} to {d}, below 1:1 (10.55C)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Chindits (10.6)


@FAMILY.check(
    "10.64B",
    "of the rough terrain, Chindits occupy only jungle by attrition",
    reads=(AttritionOccupation,),
    id="chindit_attrition",
    covers=("AUD-10-31",),
)
def check_chindit_attrition(c: Check, ctx: AuditContext[AttritionOccupation]) -> Result:
    units = _units(ctx)
    for m in ctx.event.moves:
        unit = units.get(m.unit)
        if unit is None or unit.unit_type != rules.CHINDIT:
            continue
        facts_ = ctx.hex(m.to)
        if facts_ is None or facts_.terrain is None:
            yield ctx.missing_hex(m.to, "terrain")
        elif facts_.terrain in rules.CHINDIT_DM_TERRAIN and facts_.terrain not in rules.CHINDIT_ATTRITION_TERRAIN:
            yield c.finding(
                ctx,
                expected="clear or jungle",
                recorded=f"{m.to} ({facts_.terrain})",
                message=f"Chindit {m.unit} occupies {m.to} ({facts_.terrain.replace('_', '/')}) by attrition: of the "
                "rough terrain, Chindits may occupy only jungle (10.64B, 14.62D)",
            )


@FAMILY.check(
    "10.65",
    "Britain has one Chindit, two with three steps of SOA Chindit research, built in India at the British limit",
    reads=(UnitBuilt, UnitPlaced),
    id="chindit_count",
    partly={
        "AUD-10-32": "the conversion of three Indian infantry factors (10.65A) is not recorded; where it is built "
        "needs the map data's country"
    },
)
def check_chindit_count(c: Check, ctx: AuditContext[UnitBuilt | UnitPlaced]) -> Result:
    event = ctx.event
    if event.unit_type != rules.CHINDIT:
        return
    board = ctx.state.board
    chindits = {u for u, unit in board.units.items() if unit.unit_type == rules.CHINDIT}
    chindits |= {u for u, gone in board.eliminated.items() if gone.unit.unit_type == rules.CHINDIT}
    chindits.add(event.unit)
    research = ctx.state.politics.research.get("britain/chindit")
    limit = rules.chindit_limit(research.steps if research is not None else 0)
    if len(chindits) > limit:
        yield c.finding(
            ctx,
            expected=f"at most {limit}",
            recorded=len(chindits),
            message=f"{event.unit} makes {len(chindits)} Chindits; Britain has {limit}"
            + (" (two with three steps of SOA Chindit research)" if limit == 1 else "")
            + " (10.65)",
        )
    if isinstance(event, UnitBuilt):
        payer = event.payer or event.owner
        if payer != "britain":
            yield c.finding(
                ctx,
                expected="britain",
                recorded=payer,
                message=f"Chindit {event.unit} is paid by {payer}: its BRPs count against the British limit "
                "(10.65B, 27.474D)",
            )
        if event.location.startswith(MAP_PREFIXES):
            facts_ = ctx.hex(event.location)
            if facts_ is None or facts_.country is None:
                yield ctx.missing_hex(event.location, "country")
            elif facts_.country != rules.CHINDIT_HOME:
                yield c.finding(
                    ctx,
                    expected="an Indian hex or the India box",
                    recorded=f"{event.location} ({facts_.country})",
                    message=f"Chindit {event.unit} is built in {facts_.country}: only in India (10.65B)",
                )
        elif event.location != "box:india":
            yield c.finding(
                ctx,
                expected="an Indian hex or the India box",
                recorded=event.location,
                message=f"Chindit {event.unit} is built in {event.location}: only in India (10.65B)",
            )


@FAMILY.check(
    "10.53C",
    "an airdrop is an offensive operation: its power has an offensive on the drop hex's front this player turn",
    reads=(AirdropMade,),
    id="airdrop_offensive",
    covers=("AUD-10-18",),
)
def check_airdrop_offensive(c: Check, ctx: AuditContext[AirdropMade]) -> Result:
    event = ctx.event
    unit = _units(ctx).get(event.unit)
    if unit is None:
        return
    target = ctx.hex(event.target)
    if target is None or target.front is None:
        yield ctx.missing_hex(event.target, "front")
        return
    moves = ctx.state.movement
    this_turn = moves.player_turn == (game_turn(event), event.side)
    if not this_turn or f"{unit.owner}/{target.front}" not in moves.offensives:
        yield c.finding(
            ctx,
            expected=f"an offensive on the {target.front} front",
            recorded="none declared",
            message=f"{event.unit} airdrops on {event.target}, but {unit.owner} declared no offensive on the "
            f"{target.front} front this player turn: an airdrop is an offensive operation (10.53C, 9.42A; what each "
            "offensive pays for is rule 9's)",
        )


@FAMILY.check(
    "10.57",
    "airdropped units get no automatic supply in the game turn after the drop, even if dropped in exploitation",
    reads=(SupplyDetermined,),
    id="airdrop_no_automatic_supply",
    covers=("AUD-10-26",),
)
def check_airdrop_no_automatic_supply(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    dropped = ctx.state.movement.airdropped_last_turn
    if not dropped or ctx.state.movement.game_turn != game_turn(ctx.event):
        return
    for r in ctx.event.results:
        if r.subject in dropped and r.source in rules.NO_AUTOMATIC_SUPPLY:
            yield c.finding(
                ctx,
                expected="supply traced to a source",
                recorded=f"{r.subject} {r.status} from {r.source}",
                message=f"{r.subject} was airdropped last game turn and is supplied automatically ({r.source}): "
                "airdropped units get no automatic supply in the next game turn (10.57)",
            )
