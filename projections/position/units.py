"""What each ground unit type may do (AWAW 10.1-10.9), asked of a position: replacements, armor whose mechanized part
is negated, specialized units, airdrops, Chindits and flak.

Not decided (the events do not record it): an air transport aborted by interception (10.54; ``airdrop_made`` has no
outcome), how many operations an offensive pays for (rule 9), and the Chindit's conversion from Indian infantry
(10.65A). Sea transport is ``unit_moved.sea_transport``; automatic supply a result whose source is ``exploitation``
or ``automatic`` (30.551)."""

from __future__ import annotations

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    BreakthroughCreated,
    CombatRoundResolved,
    ExploitationAllowance,
    ForcePoolChanged,
    OverrunResolved,
    SupplyDetermined,
    UnitBuilt,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.events import AttritionOccupation as Occupation
from projections import movement as facts
from projections.board import Unit
from projections.combat import recorded_ctl
from projections.position.combat.attacks import ctl, under_army_oil
from projections.position.core import Position, Timed, Unknown, Verdict, breach, turn_of
from projections.rules import units as rules
from projections.rules.breach import Breach
from projections.rules.combat import ctl_is_factions
from projections.rules.combat.odds import odds
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.control import theater_of
from projections.rules.movement import MAP_PREFIXES, MECHANIZED_TYPES, negates_mechanized

# ---------------------------------------------------------------------------------------------------------------------
# Replacements, flak and partisans never attack (10.23, 10.93-10.94, 11.43-11.47)


Engaging = AttackDeclared | OverrunResolved | AttritionDeclared | AttritionLossesTaken | Occupation | UnitRedeployed


def engaged(event: Engaging) -> list[tuple[str, str]]:
    """The units an event engages and what each does (attacks, overruns, is counted in an attrition ...)."""
    if isinstance(event, AttackDeclared):
        return [(a.unit, "attacks") for a in event.attackers]
    if isinstance(event, OverrunResolved):
        return [(u.unit, "overruns") for u in event.units]
    if isinstance(event, AttritionDeclared):
        return [(u.unit, "is counted in an attrition") for u in event.counted]
    if isinstance(event, AttritionLossesTaken):
        return [(u.unit, "is taken as an attrition loss") for u in event.losses]
    if isinstance(event, UnitRedeployed):
        return [(event.unit, f"redeploys ({event.kind})")]
    return [(m.unit, "occupies a hex gained by attrition") for m in event.moves]


def non_combatants(
    pos: Position,
    event: AttackDeclared | OverrunResolved | AttritionDeclared | AttritionLossesTaken | Occupation | UnitMoved,
) -> Verdict:
    """10.23: replacements and flak never attack, overrun, invade, count in an attrition or occupy its hexes; flak is
    never an attrition loss; replacements never sea transport and defend with one combat factor."""
    units = pos.board.units
    if isinstance(event, UnitMoved):
        unit = units.get(event.unit)
        if event.sea_transport and unit is not None and unit.unit_type == rules.REPLACEMENT:
            message = f"{event.unit} (replacement) is sea transported: replacement units never are (10.23)"
            yield breach("10.23", message, "no replacement unit", event.unit)
        return
    yield from _replacements_defend_with_one(pos, event)
    for unit_id, what in engaged(event):
        unit = units.get(unit_id)
        if unit is None or unit.unit_type == rules.PARTISAN:
            continue  # the partisan family says so of partisans, with the partisan rules (11.43-11.47)
        kind = unit.unit_type
        rule = rules.NO_OFFENSIVE_TYPES.get(kind)
        if kind == rules.REPLACEMENT and isinstance(event, AttritionLossesTaken):
            rule = None  # replacements are taken as attrition losses (10.23)
        if rule is not None:
            yield breach(rule, f"{unit_id} ({kind}) {what}: {kind} units never do ({rule})", f"no {kind} unit", unit_id)


def _replacements_defend_with_one(pos: Position, event: Engaging) -> Verdict:
    """10.23: a replacement has one combat factor when it defends against an offensive attack (or an overrun)."""
    if isinstance(event, AttackDeclared):
        defending = [(d.unit, d.factors) for d in event.defenders]
    elif isinstance(event, OverrunResolved):
        defending = [(d.unit, d.factors) for d in event.defending]
    else:
        return
    units = pos.board.units
    for unit_id, factors in defending:
        unit = units.get(unit_id)
        if unit is not None and unit.unit_type == rules.REPLACEMENT and factors != rules.REPLACEMENT_DEFENCE:
            message = (
                f"{unit_id} (replacement) defends with {factors} combat factors: a replacement has "
                f"{rules.REPLACEMENT_DEFENCE} when defending (10.23)"
            )
            yield breach("10.23", message, rules.REPLACEMENT_DEFENCE, factors)


def unit_counters(pos: Position, event: UnitBuilt | UnitPlaced | ForcePoolChanged) -> Verdict:
    """10.25: replacement pools never grow; specialized units are one factor and enter pools by production or
    set-up; flak units have at most three factors."""
    if isinstance(event, ForcePoolChanged):
        if event.unit_type == rules.REPLACEMENT and event.delta > 0 and event.phase != "setup":
            message = f"{event.power}'s replacement pool grows by {event.delta} ({event.cause}): replacement pools "
            message += "never grow after set-up (10.25, 10.26)"
            yield breach("10.25", message, "no growth", f"+{event.delta}")
        if (
            event.unit_type in SPECIALIZED_TYPES
            and event.delta > 0
            and event.cause not in rules.SPECIALIZED_POOL_CAUSES
        ):
            message = f"{event.unit_type} units enter {event.power}'s pool by {event.cause}: specialized units come "
            message += "from production or set-up only (10.41B; the Chindit also by research or conversion, 10.65)"
            yield breach("10.41B", message, "production or set-up", event.cause)
        return
    if event.unit_type in SPECIALIZED_TYPES and event.factors != rules.SPECIALIZED_FACTORS:
        message = f"{event.unit} is a {event.factors}-factor {event.unit_type} unit: specialized units are one factor "
        message += "each (10.41A)"
        yield breach("10.41A", message, "1 factor", f"{event.factors} factors")
    if event.unit_type == rules.FLAK and event.factors > rules.FLAK_MAX_FACTORS:
        message = f"{event.unit} is a {event.factors}-factor flak unit: a flak unit has at most three (10.99)"
        yield breach("10.99", message, f"at most {rules.FLAK_MAX_FACTORS} factors", event.factors)


def infantry_ctl(pos: Position, event: AttackDeclared) -> Verdict:
    """10.11: infantry and replacements fight at their nation's CTL, one less in limited supply or under the army
    oil effect (not slowed, 10.11), and replacements one less again (10.23)."""
    board = pos.board
    for a in event.attackers:
        unit = board.units.get(a.unit)
        if a.ctl is None or unit is None or unit.unit_type not in ("infantry", rules.REPLACEMENT):
            continue
        expected = ctl(pos, a.unit, event)
        if not isinstance(expected, int):
            if expected is not None:
                yield expected
            continue
        if a.ctl == expected:
            continue
        reduced = unit.supply == rules.MECHANIZED_NEGATING_STATUS or under_army_oil(pos, unit.owner, event)
        whose = "its faction's" if ctl_is_factions(unit.nationality, facts.faction_of(unit.owner)) else "its nation's"
        message = (
            f"{a.unit} attacks at CTL {a.ctl}; {whose} ground CTL is {recorded_ctl(board, unit)}"
            + (", less one for limited supply or the army oil effect" if reduced else "")
            + (", less one for a replacement (10.23)" if unit.unit_type == rules.REPLACEMENT else "")
            + f": {expected} (10.11, 15.81)"
        )
        yield breach("10.11", message, expected, a.ctl)


# ---------------------------------------------------------------------------------------------------------------------
# Armor whose mechanized part is negated (10.32), mechanized infantry (10.12)


def exploitation_supplied(pos: Position, unit_id: str, when: Timed) -> bool:
    """Whether armor keeps its exploitation supply status now: it exploited in the previous game turn and was not
    redeployed since (16.61, 30.551A, 30.552). "Armor units which retain their exploitation supply status are not
    subject to army oil effects" (16.61)."""
    return pos.state.combat.exploited.get(unit_id) == turn_of(when) - 1


def negated_why(pos: Position, unit: Unit, hex_: str | None, when: Timed) -> str | None:
    """Why a mechanized unit's mechanized part is negated now, or None (10.32, 10.12, 13.41F, 33.61C)."""
    if unit.supply == rules.MECHANIZED_NEGATING_STATUS:
        return "it is partially supplied (30.522B)"
    if under_army_oil(pos, unit.owner, when) and not exploitation_supplied(pos, unit.id, when):
        return "its faction is under the army oil effect (33.61C)"
    where = hex_ or unit.location
    if where.startswith(MAP_PREFIXES) and theater_of(where) == "pacific":
        if unit.unit_type == "mech_infantry":
            return "mechanized infantry in the Pacific is infantry (10.12)"
        found = pos.hex(where)
        negated = negates_mechanized(found.terrain if found else None, theater="pacific", japanese=False)
        if negated and not (unit.nationality == "japan" and found is not None and found.terrain == "jungle"):
            return f"it stands in Pacific {found.terrain if found else ''} terrain (10.32)"
    return None


def negated_mechanized(pos: Position, event: OverrunResolved | BreakthroughCreated | ExploitationAllowance) -> Verdict:
    """10.32: armor and mechanized infantry whose mechanized part is negated do not overrun, break through or
    exploit."""
    if isinstance(event, OverrunResolved):
        moving = [(u.unit, "overruns") for u in event.units]
    elif isinstance(event, BreakthroughCreated):
        moving = [(event.armor, "creates a breakthrough")]
    else:
        moving = [(event.unit, "exploits")]
    found = []
    for unit_id, what in moving:
        unit = pos.board.units.get(unit_id)
        if unit is None or unit.unit_type not in MECHANIZED_TYPES:
            continue
        why = negated_why(pos, unit, event.hex if isinstance(event, BreakthroughCreated) else None, event)
        if why is not None:
            message = f"{unit_id} {what}, but its mechanized part is negated: {why}; it acts as infantry (10.32)"
            found.append(breach("10.32", message, "a working mechanized part", f"{unit_id} negated"))
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Airdrops (10.5, 10.6)


def airdrop_timing(pos: Position, event: AirdropMade) -> Verdict:
    """10.52: airdrops come in the combat phase, before regular or exploitation combat, by airborne units and the
    Chindit."""
    unit = pos.board.units.get(event.unit)
    if unit is not None and unit.unit_type not in rules.AIRDROPPING_TYPES:
        message = f"{event.unit} ({unit.unit_type}) airdrops: only airborne units and the Chindit do (10.5, 10.6)"
        yield breach("10.5", message, "an airborne unit or the Chindit", unit.unit_type)
    if event.phase is not None and event.phase not in rules.AIRDROP_PHASES:
        message = f"{event.unit} airdrops in the {event.phase.replace('_', ' ')} phase: airdrops come just before "
        message += "regular or exploitation combat (10.52, 15.11, 16.44)"
        yield breach("10.52", message, "the combat or exploitation phase", event.phase)
    attacks = pos.state.combat.attacks.values()
    if event.phase == "exploitation" and any(a.declared.kind == "exploitation" for a in attacks):
        message = f"{event.unit} airdrops after exploitation combat began (10.52, 16.44)"
        yield breach("10.52", message, "before exploitation combat", "after an exploitation attack")
    elif event.phase == "combat" and any(a.rounds for a in attacks if a.declared.kind != "exploitation"):
        message = f"{event.unit} airdrops after regular combat began (10.52, 15.11)"
        yield breach("10.52", message, "before regular combat", "after a round of regular combat")


def airdrop_unit(pos: Position, event: AirdropMade) -> Verdict:
    """10.53: the dropping unit is fully supplied, free of the army oil effect, not air-transported this turn, of CTL
    2 or more; a Chindit drops by its own transport and never onto enemy ground units."""
    board = pos.board
    unit = board.units.get(event.unit)
    if unit is None:
        return
    problems: list[str] = []
    if unit.supply is not None and unit.supply != "full":
        problems.append(f"it is {unit.supply} supplied, not fully (10.42)")
    if under_army_oil(pos, unit.owner, event):
        problems.append("its faction is under the army oil effect (10.42, 33.61C)")
    moves = pos.state.movement
    if event.unit in moves.air_transported and moves.player_turn == (turn_of(event), event.side):
        problems.append("it was air- or sea-transported this player turn (10.53B)")
    fought = [
        a.declared.attack
        for a in pos.state.combat.attacks.values()
        if any(x.unit == event.unit and x.role != "airdropped" for x in a.declared.attackers)
    ]
    if fought:
        problems.append(f"it attacks in {', '.join(fought)} this combat phase, by land or sea (10.53B)")
    level = ctl(pos, event.unit, event)
    if isinstance(level, Unknown):
        yield level
    elif level is not None and level < rules.AIRDROP_MIN_CTL:
        problems.append(f"its CTL is {level}, below 2 (10.53D, 10.61A)")
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
        yield breach(
            "10.53", f"{event.unit} airdrops on {event.target}, but {problem}", "a unit that may airdrop", problem
        )


def airdrop_flight(pos: Position, event: AirdropMade) -> Verdict:
    """10.53A: an airdrop flies from a base within the air transport's range, with an uninverted air transport, and
    not into winter 3 or more or monsoon swamp and jungle. Zones of control have no effect on it (10.58): the range
    is counted in hexes, whatever ZoCs the flight, the base or the target lie in."""
    if event.transport != "inherent":
        transport = pos.board.units.get(event.transport)
        if transport is None or transport.unit_type != "air_transport":
            message = f"{event.unit} drops from {event.transport}, which is not an air transport unit in play (10.53A)"
            yield breach("10.53A", message, "an air transport unit in play", event.transport)
        elif transport.inverted:
            message = f"{event.unit} drops from {event.transport}, which is inverted (10.53A)"
            yield breach("10.53A", message, "an uninverted air transport", f"{event.transport} inverted")
    if event.base.startswith(MAP_PREFIXES):
        theater = theater_of(event.target)
        reach = rules.AIRDROP_RANGE[theater]
        try:
            distance: int | None = pos.grid.distance(event.base, event.target)
        except ValueError:
            distance = None
        if distance is None or distance > reach:
            message = (
                f"{event.unit} drops on {event.target} from {event.base}, "
                + (f"{distance} hexes away" if distance is not None else "on another map")
                + f": the air transport reaches {reach} in {'Europe' if theater == 'europe' else 'the Pacific'} "
                "(10.53A, 17.62)"
            )
            allowed = f"within {reach} hexes"
            yield breach("17.62", message, allowed, f"{distance if distance is not None else 'another map'}")
        elif event.range_hexes is not None and event.range_hexes != distance:
            message = f"{event.base} to {event.target} is {distance} hexes, recorded {event.range_hexes} (10.53A)"
            yield breach("10.53A", message, distance, event.range_hexes)
    yield from _base_supply(pos, event)
    yield from _airdrop_weather(pos, event)


def _base_supply(pos: Position, event: AirdropMade) -> Verdict:
    """The base got full supply at the owner's initial supply determination (10.53A): the base hex's result, else
    the air transport's."""
    if event.transport == "inherent":
        return
    results = pos.state.movement.initial_results
    status = results.get(event.base) or results.get(event.transport)
    if status is None:
        yield Unknown(reason=f"no initial supply result for the airdrop base {event.base} or {event.transport}")
    elif status != "full":
        message = f"{event.unit} drops from {event.base}, which was {status} supplied at the initial supply "
        message += "determination: the base needs full supply (10.53A)"
        yield breach("10.53A", message, "full supply", status)


def _airdrop_weather(pos: Position, event: AirdropMade) -> Verdict:
    target = pos.hex(event.target)
    if target is None or target.weather_zone is None:
        yield pos.missing_hex(event.target, "weather zone")
        return
    zone = pos.state.weather.zones.get(target.weather_zone)
    level = zone.level if zone is not None and zone.weather == "winter" else None
    monsoon = zone is not None and zone.weather == "monsoon"
    ban, unknown = rules.airdrop_weather_ban(winter_level=level, monsoon=monsoon, terrain=target.terrain)
    if monsoon and ban is None and unknown is None:
        base = pos.hex(event.base) if event.base.startswith(MAP_PREFIXES) else None
        ban, unknown = rules.airdrop_weather_ban(
            winter_level=None, monsoon=True, terrain=base.terrain if base is not None else None
        )
        ban = f"{ban} (the base)" if ban else None
    if ban is not None:
        message = f"{event.unit} drops on {event.target} in {ban} (10.53E)"
        yield breach("10.53E", message, "weather that allows an airdrop", ban)
    elif unknown is not None:
        yield pos.missing_hex(event.target, unknown)


def airdropped_units(pos: Position, event: AttackDeclared | CombatRoundResolved | AdvanceAfterCombat) -> Verdict:
    """10.55: an airdropped unit attacks only its drop hex, at 1:1 or better in the first round; it neither advances
    nor moves until the next game turn. A Chindit that dropped "may attack enemy units in an adjacent hex and advance
    after combat" (10.61D)."""
    drops = pos.state.movement.airdrops
    if not drops:
        return ()
    units = pos.board.units
    chindits = {u for u in drops if (unit := units.get(u)) is not None and unit.unit_type == rules.CHINDIT}
    if isinstance(event, AdvanceAfterCombat):
        return [
            breach(
                "10.56",
                f"{m.unit} was airdropped this game turn and advances after combat: it may not advance after combat or "
                "move until the next game turn, except by redeployment (10.56, 15.92C)",
                "no move until the next game turn",
                f"{m.unit} advances after combat",
            )
            for m in event.moves
            if m.unit in drops and m.unit not in chindits
        ]
    if isinstance(event, AttackDeclared):
        out: list[Breach | Unknown] = []
        for a in event.attackers:
            drop = drops.get(a.unit)
            if drop is not None and a.unit in chindits:
                out.extend(_chindit_attack(pos, event, a.unit, drop.hex))
                continue
            if drop is not None and a.role != "airdropped" and drop.side == event.side:
                message = f"{a.unit} airdropped this turn and also attacks in {event.attack} by land or sea (10.53B)"
                out.append(breach("10.53B", message, "no other attack", f"{a.unit} {a.role}"))
            if a.role == "airdropped" and drop is not None and drop.hex not in event.defender_hexes:
                message = f"{a.unit} dropped on {drop.hex} and attacks {', '.join(event.defender_hexes)}: an "
                message += "airdropped unit attacks only the units in its drop hex (10.55A-B, 15.44)"
                out.append(breach("10.55A", message, f"an attack on {drop.hex}", ", ".join(event.defender_hexes)))
        return out
    attack = pos.state.combat.attacks.get(event.attack)
    if event.round != 1 or attack is None or not any(a.role == "airdropped" for a in attack.declared.attackers):
        return ()
    if not attack.declared.defenders:
        return ()
    strength, defence = event.attack_strength, event.defence_strength
    if strength is None or defence is None or defence <= 0:
        return (Unknown(reason="the first round of an attack with an airdrop does not record its strengths"),)
    if strength >= defence * rules.AIRDROP_MIN_ODDS:
        return ()
    message = f"attack {event.attack} has an airdrop onto an enemy-occupied hex and its first round is at {strength} "
    message += f"to {defence}, below 1:1 (10.55C)"
    ratio = odds(strength, defence).ratio if strength > 0 else f"{strength}:{defence}"
    return (breach("10.55C", message, "1:1 or better", ratio),)


# ---------------------------------------------------------------------------------------------------------------------
# Chindits (10.6)


def chindit_attrition(pos: Position, event: Occupation) -> Verdict:
    """10.64B: of the rough terrain, Chindits occupy only jungle by attrition."""
    for m in event.moves:
        unit = pos.board.units.get(m.unit)
        if unit is None or unit.unit_type != rules.CHINDIT:
            continue
        found = pos.hex(m.to)
        if found is None or found.terrain is None:
            yield pos.missing_hex(m.to, "terrain")
        elif found.terrain in rules.CHINDIT_DM_TERRAIN and found.terrain not in rules.CHINDIT_ATTRITION_TERRAIN:
            message = f"Chindit {m.unit} occupies {m.to} ({found.terrain.replace('_', '/')}) by attrition: of the "
            message += "rough terrain, Chindits may occupy only jungle (10.64B, 14.62D)"
            yield breach("10.64B", message, "clear or jungle", f"{m.to} ({found.terrain})")


def chindit_count(pos: Position, event: UnitBuilt | UnitPlaced) -> Verdict:
    """10.65: Britain has one Chindit, two with three steps of SOA Chindit research, built in India at the British
    limit."""
    if event.unit_type != rules.CHINDIT:
        return
    board = pos.board
    chindits = {u for u, unit in board.units.items() if unit.unit_type == rules.CHINDIT}
    chindits |= {u for u, gone in board.eliminated.items() if gone.unit.unit_type == rules.CHINDIT}
    chindits.add(event.unit)
    research = pos.state.politics.research.get("britain/chindit")
    limit = rules.chindit_limit(research.steps if research is not None else 0)
    if len(chindits) > limit:
        message = (
            f"{event.unit} makes {len(chindits)} Chindits; Britain has {limit}"
            + (" (two with three steps of SOA Chindit research)" if limit == 1 else "")
            + " (10.65)"
        )
        yield breach("10.65", message, f"at most {limit}", len(chindits))
    if not isinstance(event, UnitBuilt):
        return
    payer = event.payer or event.owner
    if payer != "britain":
        message = f"Chindit {event.unit} is paid by {payer}: its BRPs count against the British limit (10.65B, 27.474D)"
        yield breach("10.65B", message, "britain", payer)
    india = "an Indian hex or the India box"
    if event.location.startswith(MAP_PREFIXES):
        found = pos.hex(event.location)
        if found is None or found.country is None:
            yield pos.missing_hex(event.location, "country")
        elif found.country != rules.CHINDIT_HOME:
            message = f"Chindit {event.unit} is built in {found.country}: only in India (10.65B)"
            yield breach("10.65B", message, india, f"{event.location} ({found.country})")
    elif event.location != "box:india":
        message = f"Chindit {event.unit} is built in {event.location}: only in India (10.65B)"
        yield breach("10.65B", message, india, event.location)


def airdrop_offensive(pos: Position, event: AirdropMade) -> Verdict:
    """10.53C: an airdrop is an offensive operation: its power has an offensive on the drop hex's front this player
    turn."""
    unit = pos.board.units.get(event.unit)
    if unit is None:
        return ()
    target = pos.hex(event.target)
    if target is None or target.front is None:
        return (pos.missing_hex(event.target, "front"),)
    moves = pos.state.movement
    if moves.player_turn == (turn_of(event), event.side) and f"{unit.owner}/{target.front}" in moves.offensives:
        return ()
    message = f"{event.unit} airdrops on {event.target}, but {unit.owner} declared no offensive on the {target.front} "
    message += "front this player turn: an airdrop is an offensive operation (10.53C, 9.42A; what each offensive pays "
    message += "for is rule 9's)"
    return (breach("10.53C", message, f"an offensive on the {target.front} front", "none declared"),)


def _chindit_attack(pos: Position, event: AttackDeclared, unit_id: str, dropped: str) -> Verdict:
    """10.61D: a Chindit that dropped attacks the enemy units of its drop hex or of a hex next to it."""
    far = [h for h in event.defender_hexes if h != dropped and not _next_to(pos, h, dropped)]
    if far:
        message = f"Chindit {unit_id} dropped on {dropped} and attacks {', '.join(far)}: it attacks only the units of "
        message += "its drop hex or of a hex next to it (10.61D)"
        yield breach("10.61D", message, f"an attack on {dropped} or a hex next to it", ", ".join(far))


def _next_to(pos: Position, a: str, b: str) -> bool:
    return a.startswith(MAP_PREFIXES) and b.startswith(MAP_PREFIXES) and pos.grid.adjacent(a, b)


def airdrop_no_automatic_supply(pos: Position, event: SupplyDetermined) -> Verdict:
    """10.57: airdropped units get no automatic supply in the game turn after the drop, even if dropped in
    exploitation; 10.62: a Chindit is always in at least limited supply."""
    units = pos.board.units
    for r in event.results:
        unit = units.get(r.subject)
        if unit is not None and unit.unit_type == rules.CHINDIT and r.status not in rules.CHINDIT_SUPPLY_FLOOR:
            message = f"Chindit {r.subject} is determined {r.status}: Chindits are always automatically in at least "
            message += "limited supply (10.62)"
            yield breach("10.62", message, "full or limited supply", f"{r.subject} {r.status}")
    dropped = pos.state.movement.airdropped_last_turn
    if not dropped or pos.state.movement.game_turn != turn_of(event):
        return
    for r in event.results:
        if r.subject in dropped and r.source in rules.NO_AUTOMATIC_SUPPLY:
            yield breach(
                "10.57",
                f"{r.subject} was airdropped last game turn and is supplied automatically ({r.source}): airdropped "
                "units get no automatic supply in the next game turn (10.57)",
                "supply traced to a source",
                f"{r.subject} {r.status} from {r.source}",
            )
