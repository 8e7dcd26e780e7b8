"""What the weather forbids where it holds, asked of a position: the Winter Table's gates by level, the Axis
operations limit in the Russian winter zone, mud, monsoon, mountains and lakes in winter (34.22-34.26, 34.41; checks
W-05..W-11, W-17, C-WEA-3 and C-WEA-4).

Where an operation takes place is a hex; its weather zone, terrain, front and area come from the map data. The level
that gates an operation is the acting faction's: the zone's level this game turn less that faction's preparation
(Finnish and Swedish units: their own, 34.42). Choices beside the rules: an exploitation is judged where it starts
(its breakthrough hex, or the hex an exploiting unit moves from); the Axis air that counts as one operation is the
ground support flown in the zone's attacks this player turn (34.23E: 15 factors or more); a breakthrough in the zone
counts as the operation "create a breakthrough and exploit from it" when it is created.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from awaw_events.events import (
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    BreakthroughCreated,
    Event,
    ExploitationAllowance,
    FortificationBuilt,
    OverrunResolved,
    RailheadBuilt,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, GROUND_TYPES, power_name
from projections.board import Unit
from projections.position.common import before_the_game
from projections.position.core import Position, Unknown, breach
from projections.position.fortifications import variant
from projections.position.weather import (
    Verdict,
    in_border_war,
    level_at,
    level_in_zone,
    minor_of,
    table_of,
    unit_faction,
    weather_in,
    zone_name,
    zone_of,
)
from projections.rules import weather as rules
from projections.rules.breach import Breach
from projections.rules.combat import weather_cut
from projections.rules.control import theater_of

WINTER_ZONE: Final = "russian_winter"
MONSOON_MAP: Final = "PAC:"
"""India, Ceylon, Burma, Thailand and French Indochina, the monsoon zone (34.33), lie on the Pacific map."""
LAKE_LADOGA: Final = "EUR:C45"
"""No air unit may base in C45 (Lake Ladoga) in winter turns (34.23C)."""


def _on_map(location: str) -> bool:
    return location[:4] in ("EUR:", "PAC:")


def _wintry(pos: Position, event: Event, hex_: str) -> bool:
    """Whether winter can hold in the hex this game turn: every zone in a winter turn; in a fall turn only Siberia,
    Manchuria, Mongolia and Tannu Tuva, which lie on the Pacific map (34.32D), and only under AWAW 34.41 (the house
    table has no fall roll)."""
    if event.season == "winter":
        return True
    return event.season == "fall" and hex_.startswith("PAC:") and table_of(pos) == "awaw"


def _units(pos: Position, ids: Iterable[str]) -> list[Unit]:
    board = pos.board.units
    return [u for u in (board.get(i) for i in ids) if u is not None]


def _actor(pos: Position, ids: Iterable[str]) -> tuple[str | None, str | None]:
    """The faction of the units (the first known one), and their minor nationality if they are all Finnish or all
    Swedish (34.42, 34.26)."""
    units = _units(pos, ids)
    if not units:
        return None, None
    minors = {u.nationality for u in units}
    minor = minor_of(pos, next(iter(minors))) if len(minors) == 1 else None
    return unit_faction(units[0]), minor


def _partisan_target(pos: Position, event: AttackDeclared) -> bool:
    if event.kind == "partisans":
        return True
    defenders = _units(pos, [d.unit for d in event.defenders])
    return bool(defenders) and all(u.unit_type == "partisan" for u in defenders)


# ---------------------------------------------------------------------------------------------------------------------
# The Winter Table's gates (34.41; W-07, C-WEA-4)

Gated = (
    AttackDeclared | OverrunResolved | AirdropMade | RailheadBuilt | FortificationBuilt | UnitMoved | AirMissionFlown
)


def _gated(pos: Position, event: Gated) -> tuple[list[str], list[str], int, str] | None:
    """(hexes, acting units, the level from which it is banned, what it is) for an operation the Winter Table
    gates, or None."""
    if isinstance(event, OverrunResolved):
        return [event.target], [u.unit for u in event.units], rules.OVERRUN_AIRDROP_BAN_LEVEL, "an overrun"
    if isinstance(event, AirdropMade):
        return [event.target], [event.unit], rules.OVERRUN_AIRDROP_BAN_LEVEL, "an airdrop"
    if isinstance(event, RailheadBuilt):
        return [event.hex], [], rules.FORT_RAILHEAD_BAN_LEVEL, "a railhead"
    if isinstance(event, FortificationBuilt):
        if event.kind == "port" or variant(pos) == "awaw":
            return None  # AWAW: 32.14C, which fortification_winter judges (with the same level)
        return list(event.hexes), [], rules.FORT_RAILHEAD_BAN_LEVEL, "a fortification"
    if isinstance(event, UnitMoved):
        if not event.exploitation:
            return None
        unit = pos.board.units.get(event.unit)
        start = [unit.location] if unit is not None and _on_map(unit.location) else []
        return start, [event.unit], rules.EXPLOITATION_BAN_LEVEL, "exploitation"
    if isinstance(event, AirMissionFlown):
        if event.mission not in rules.OFFENSIVE_AIR_MISSIONS or event.target is None or not _on_map(event.target):
            return None
        return [event.target], list(event.units), rules.GROUND_ATTACK_BAN_LEVEL, "offensive air"
    attackers = [a.unit for a in event.attackers]
    if event.kind == "exploitation":
        return list(event.defender_hexes), attackers, rules.EXPLOITATION_BAN_LEVEL, "an exploitation attack"
    if _partisan_target(pos, event):
        return None
    return list(event.defender_hexes), attackers, rules.GROUND_ATTACK_BAN_LEVEL, "a ground attack on non-partisan units"


def winter_gates(pos: Position, event: Gated) -> Verdict:
    """34.41: the Winter Table's gates where the acting faction's level reaches them: 3 no overruns or airdrops, 5
    no railheads (nor fortifications, where 32.14C does not judge them: A3R App. K), 6 no exploitation, 9 no ground
    attacks on non-partisans or offensive air, DAS only over its base."""
    if event.season not in ("winter", "fall") or (type(event) is UnitMoved and not event.exploitation):
        return ()
    found = _gated(pos, event)
    if found is None:
        return ()
    hexes, ids, ban, what = found
    faction: str | None
    if isinstance(event, RailheadBuilt | FortificationBuilt):
        if before_the_game(pos, event):
            return ()  # a railhead or fortification of the set-up was built in the game the position came from
        faction, minor = FACTION_OF_POWER[event.power], None
    else:
        if in_border_war(pos, _units(pos, ids)):
            return ()  # 34.32C: no winter effects in the border war over Bessarabia
        faction, minor = _actor(pos, ids)
    if faction is None:
        return ()
    out: list[Breach | Unknown] = []
    for hex_ in hexes:
        if not _wintry(pos, event, hex_):
            continue
        level, zone, why = level_at(pos, hex_, faction, event, minor)
        if why is not None:
            out.append(why)
        elif level is not None and level >= ban:
            message = (
                f"{what} in {hex_} ({zone_name(zone or '')}) at winter level {level} for the {power_name(faction)}: "
                f"banned from level {ban} (34.41)"
            )
            out.append(breach("34.41", message, f"winter level below {ban}", f"level {level}"))
            break
    if isinstance(event, AttackDeclared) and event.das:
        out.extend(_das_over_base(pos, event))
    return out


def _das_over_base(pos: Position, event: AttackDeclared) -> Verdict:
    """From level 9, defensive air support only in the hex where the air units are based (34.41)."""
    for support in event.das:
        unit = pos.board.units.get(support.unit)
        faction = unit_faction(unit) if unit is not None else None
        if unit is None or faction is None or unit.location in event.defender_hexes:
            continue
        if not _wintry(pos, event, event.defender_hexes[0]):
            continue
        level, _, why = level_at(pos, event.defender_hexes[0], faction, event)
        if why is not None:
            yield why
        elif level is not None and level >= rules.GROUND_ATTACK_BAN_LEVEL:
            message = (
                f"at winter level {level} {unit.id} gives defensive air support only in the hex where it is based "
                f"(34.41 level 9), not from {unit.location}"
            )
            yield breach("34.41", message, "DAS from its own hex", f"{unit.id} from {unit.location}")


def winter_exploitation_cut(pos: Position, event: ExploitationAllowance) -> Verdict:
    """34.41: an exploitation allowance takes the winter cut of the breakthrough hex's level (1-5; halved in the
    Pacific), and none from level 6."""
    breakthrough = pos.state.combat.breakthroughs.get(event.breakthrough)
    unit = pos.board.units.get(event.unit)
    faction = unit_faction(unit) if unit is not None else None
    if breakthrough is None or unit is None or faction is None:
        return
    claimed = weather_cut(event.modifiers)
    level: int | None = 0  # 34.32C: no winter effects in the border war over Bessarabia
    if _wintry(pos, event, breakthrough.hex) and not in_border_war(pos, [unit]):
        level, _, why = level_at(pos, breakthrough.hex, faction, event)
        if why is not None:
            yield why
            return
    assert level is not None
    if level >= rules.EXPLOITATION_BAN_LEVEL:
        return  # winter_gates: no exploitation at all
    expected = -rules.exploitation_movement_cut(level, theater_of(breakthrough.hex))
    if claimed != expected:
        message = (
            f"{event.unit} exploits from {breakthrough.hex} at winter level {level}: the Winter Table cuts its "
            f"movement by {-expected} (34.41; halved in the Pacific); recorded {claimed:+d}"
        )
        yield breach("34.41", message, expected, claimed)


# ---------------------------------------------------------------------------------------------------------------------
# The Axis operations limit in the Russian winter zone (34.23E, 34.26; W-06, W-17, C-WEA-3)


def _in_zone(pos: Position, hexes: Iterable[str], zone: str) -> tuple[bool, Unknown | None]:
    for hex_ in hexes:
        found, why = zone_of(pos, hex_)
        if why is not None:
            return False, why
        if found == zone:
            return True, None
    return False, None


def _axis_ops(pos: Position, event: AttackDeclared | BreakthroughCreated) -> tuple[int, int, Unknown | None]:
    """This player turn's Axis operations in the Russian winter zone, this event included: (all operations, those
    not made by Finns or Swedes alone), or why they cannot be counted."""
    combat = pos.state.combat
    attacks: list[AttackDeclared] = [a.declared for a in combat.attacks.values()]
    if isinstance(event, AttackDeclared):
        attacks.append(event)
    counted = own = air = 0
    for attack in attacks:
        faction, minor = _actor(pos, [a.unit for a in attack.attackers])
        if faction != "european_axis" or attack.kind in ("partisans", "exploitation"):
            continue
        inside, why = _in_zone(pos, attack.defender_hexes, WINTER_ZONE)
        if why is not None:
            return 0, 0, why
        if inside and not all(u.unit_type == "partisan" for u in _units(pos, [d.unit for d in attack.defenders])):
            counted += 1
            own += minor is None
            air += sum(s.factors for s in attack.ground_support)
    breakthroughs = [b.hex for b in combat.breakthroughs.values()]
    if isinstance(event, BreakthroughCreated):
        breakthroughs.append(event.hex)
    made = 0
    for hex_ in breakthroughs:
        inside, why = _in_zone(pos, [hex_], WINTER_ZONE)
        if why is not None:
            return 0, 0, why
        made += inside
    used_air = 1 if air >= rules.COUNTED_AIR_FACTORS else 0
    return counted + used_air + made, own + used_air + made, None


def axis_winter_ops(pos: Position, event: AttackDeclared | BreakthroughCreated) -> Verdict:
    """34.23E: Axis operations in the Russian winter zone in a winter turn: at most 9 - L (each non-partisan attack,
    15+ air factors, each breakthrough exploited); breakthroughs only at L <= 5; Finns and Swedes up to their own
    allowance."""
    if event.season != "winter":
        return
    if isinstance(event, AttackDeclared):
        ids, hexes = [a.unit for a in event.attackers], list(event.defender_hexes)
    else:
        ids, hexes = [event.armor], [event.hex]
    faction, _ = _actor(pos, ids)
    if faction != "european_axis":
        return
    inside, why = _in_zone(pos, hexes, WINTER_ZONE)
    if why is not None:
        yield why
        return
    if not inside:
        return
    level, why = level_in_zone(pos, WINTER_ZONE, "european_axis", event)
    if why is not None or level is None:
        yield why or Unknown(reason="the Axis winter level is unknown")
        return
    total, own, why = _axis_ops(pos, event)
    if why is not None:
        yield why
        return
    allowed = rules.axis_winter_ops_allowed(level)
    finnish_level, _ = level_in_zone(pos, WINTER_ZONE, "european_axis", event, "finland")
    finnish = rules.axis_winter_ops_allowed(finnish_level if finnish_level is not None else level)
    with_finns = total > own
    if own > allowed or total > max(allowed, finnish):
        yield breach(
            "34.23E",
            f"the Axis make {total} operations in the Russian winter zone this turn at winter level {level}: 9 - "
            f"{level} = {allowed} allowed"
            + (f", {finnish} with the Finns' and Swedes' own (34.23E, 34.26)" if with_finns else " (34.23E)"),
            f"at most {allowed}" + (f" ({finnish} with the Finns and Swedes)" if with_finns else ""),
            total,
        )
    most = rules.BREAKTHROUGH_EXPLOIT_MAX_LEVEL
    if isinstance(event, BreakthroughCreated) and level > most:
        message = (
            f"an Axis breakthrough in the Russian winter zone at winter level {level}: breaking through and exploiting "
            f"needs level {most} or less (34.23E)"
        )
        yield breach("34.23E", message, f"winter level {most} or less", f"level {level}")


# ---------------------------------------------------------------------------------------------------------------------
# Mud, monsoon, mountains and lakes (34.22-34.24, 34.331; W-05, W-08..W-11)


def _weather_here(pos: Position, event: Event, hex_: str) -> tuple[str | None, str | None, Unknown | None]:
    """(the hex's zone, its weather this game turn) or why not known."""
    zone, why = zone_of(pos, hex_)
    if zone is None:
        return None, None, why
    weather, why = weather_in(pos, zone, event)
    return zone, weather, why


MudEvent = OverrunResolved | AttackDeclared | UnitMoved | BreakthroughCreated


def mud(pos: Position, event: MudEvent) -> Verdict:
    """34.22: in mud (spring, Russian winter zone and Siberia group) no overrun, exploitation or breakthrough except
    by Russia."""
    if event.season != "spring" or (type(event) is UnitMoved and not event.exploitation) or table_of(pos) != "awaw":
        return ()  # mud is AWAW's (34.22); the house App. K has winter only
    if isinstance(event, OverrunResolved):
        hexes, ids, what = [event.target], [u.unit for u in event.units], "an overrun"
    elif isinstance(event, AttackDeclared):
        if event.kind != "exploitation":
            return ()
        hexes, ids, what = list(event.defender_hexes), [a.unit for a in event.attackers], "an exploitation attack"
    elif isinstance(event, UnitMoved):
        hexes, ids, what = [h for h in event.path if _on_map(h)], [event.unit], "exploitation"
    else:
        hexes, ids, what = [event.hex], [event.armor], "a breakthrough"
    faction, _ = _actor(pos, ids)
    if faction is None or faction in rules.MUD_EXEMPT_FACTIONS:
        return ()
    for hex_ in hexes:
        zone, weather, why = _weather_here(pos, event, hex_)
        if why is not None:
            return (why,)
        if weather == "mud":
            message = (
                f"{what} by the {power_name(faction)} in {hex_}, in mud ({zone_name(zone or '')}): no overruns, "
                "exploitation or breakthroughs in mud (34.22; only Russia, 34.221)"
            )
            return (breach("34.22", message, "no mud", f"{hex_} in mud"),)
    return ()


def monsoon(pos: Position, event: UnitMoved | AttackDeclared) -> Verdict:
    """34.24: in monsoon (summer: India, Ceylon, Burma, Thailand, Indochina) no unit enters a swamp, jungle or
    jungle/mountain hex, attacks into one or attacks from one; Japan exempt in its surprise turn."""
    if event.season != "summer" or table_of(pos) != "awaw":
        return ()  # monsoon is AWAW's (34.24); the house App. K has winter only
    if isinstance(event, UnitMoved):
        if not any(h.startswith(MONSOON_MAP) for h in event.path):
            return ()  # the monsoon zone lies on the Pacific map
        ids = [event.unit]
        checks = [(h, "enters") for h in event.path if h.startswith(MONSOON_MAP)]
    else:
        if not any(h.startswith(MONSOON_MAP) for h in event.defender_hexes):
            return ()
        ids = [a.unit for a in event.attackers]
        checks = [(h, "attacks into") for h in event.defender_hexes]
        checks += [(u.location, "attacks out of") for u in _units(pos, ids) if u.location.startswith(MONSOON_MAP)]
    units = _units(pos, ids)
    if not units or (pos.state.weather.surprise == game_turn(event) and all(u.owner == "japan" for u in units)):
        return ()  # 34.331: Japanese forces ignore monsoon in the turn of their surprise attack
    for hex_, how in checks:
        facts = pos.hex(hex_)
        if facts is None or facts.weather_zone is None or facts.terrain is None:
            return (pos.missing_hex(hex_, "weather zone and terrain"),)
        if facts.weather_zone != "monsoon" or facts.terrain not in rules.MONSOON_TERRAIN:
            continue
        _, weather, why = _weather_here(pos, event, hex_)
        if why is not None:
            return (why,)
        if weather == "monsoon":
            message = (
                f"{units[0].id} {how} {hex_} ({facts.terrain.replace('_', '/')}) in the monsoon: monsoon closes swamp, "
                "jungle and jungle/mountain hexes (34.24A-B)"
            )
            return (
                breach("34.24", message, f"no unit {how} {facts.terrain} in monsoon", f"{units[0].id} {how} {hex_}"),
            )
    return ()


def winter_mountains(pos: Position, event: BreakthroughCreated | UnitMoved) -> Verdict:
    """34.23B: in winter no breakthrough in a mountain hex, and no exploitation out of one, on the western and
    eastern fronts and in Siberia, Manchuria, Mongolia and Tannu Tuva."""
    if event.season != "winter" or (type(event) is UnitMoved and not event.exploitation) or table_of(pos) != "awaw":
        return ()  # 34.23B is AWAW's; the house App. K does not carry it
    if isinstance(event, UnitMoved):
        unit = pos.board.units.get(event.unit)
        if unit is None or not _on_map(unit.location):
            return ()
        hex_, what = unit.location, f"{event.unit} exploits out of"
    else:
        hex_, what = event.hex, "a breakthrough in"
    facts = pos.hex(hex_)
    if facts is None or facts.terrain is None or (facts.front is None and facts.weather_zone is None):
        return (pos.missing_hex(hex_, "terrain and front"),)
    if facts.terrain != "mountain" or not (
        facts.front in rules.WINTER_MOUNTAIN_FRONTS or facts.weather_zone == "siberia"
    ):
        return ()
    message = f"{what} {hex_}, a mountain hex, in a winter turn (34.23B)"
    return (breach("34.23B", message, "no mountain hex in winter", f"{hex_} (mountain)"),)


def frozen_lakes(pos: Position, event: UnitMoved | UnitRedeployed) -> Verdict:
    """34.23C: in winter no air unit bases in C45 (Lake Ladoga) and no ground unit moves or redeploys across a lake
    hexside."""
    if event.season != "winter":
        return ()
    path = list(event.path) if isinstance(event, UnitMoved) else [*event.path, event.destination]
    end = path[-1] if path else None
    if (pos.map is None and end != LAKE_LADOGA) or table_of(pos) != "awaw":
        return ()  # 34.23C is AWAW's; the house App. K does not carry it
    unit = pos.board.units.get(event.unit)
    if unit is None:
        return ()
    if unit.unit_type in AIR_TYPES and end == LAKE_LADOGA:
        message = f"{unit.id} bases at {LAKE_LADOGA} (Lake Ladoga) in a winter turn: air units may not (34.23C)"
        return (breach("34.23C", message, "no air base at C45", f"{unit.id} to {LAKE_LADOGA}"),)
    if unit.unit_type not in GROUND_TYPES or pos.map is None:
        return ()
    start = unit.location
    for step in path:
        if _on_map(start) and _on_map(step):
            side = pos.map.hexside(start, step)
            if side is not None and side.all_water == "lake":
                message = (
                    f"{unit.id} crosses the lake hexside {start}-{step}: frozen lakes are clear only for tracing "
                    "supply (34.23C)"
                )
                return (breach("34.23C", message, "no lake crossing", f"{start}-{step}"),)
        start = step
    return ()


def winter_invasions(pos: Position, event: AttackDeclared) -> Verdict:
    """34.23A: in winter no seaborne invasion of the Aleutians."""
    if event.season != "winter" or event.kind != "invasion" or table_of(pos) != "awaw":
        return ()
    out: list[Breach | Unknown] = []
    for hex_ in event.defender_hexes:
        facts = pos.hex(hex_)
        if facts is None or facts.area is None:
            out.append(pos.missing_hex(hex_, "area"))
        elif facts.area.lower() == "aleutians":
            message = f"a seaborne invasion of {hex_} in the Aleutians in a winter turn (34.23A)"
            out.append(breach("34.23A", message, "no invasion in winter", f"{hex_} (Aleutians)"))
    return out
