"""An attack declared: who attacks whom and from where, the DM items claimed and whether each applies, support limits,
attack stacking, who attacks in exploitation, and the order of the combat phase (AWAW 15.11, 15.2-15.4, 15.47,
15.632, 16.41; house intro, 15.642, App. C-1).

The attack's geometry is the game's grid: an attacker attacks from a hex next to the defender (an airborne unit
dropped on it: from the hex itself), from its declared origin or, without one, from where the board has it. A DM item
is tested against the state where the state can tell: the unit's type, nationality and CTL, the attack's kind and
attackers, the fortifications on the board, the winter level of the defender's zone; terrain and hexside items need
the game's map data, and without it they are not decided."""

from __future__ import annotations

from typing import Final

from awaw_events.events import AirdropMade, AirMissionFlown, AttackDeclared
from awaw_events.events.combat import Defender
from awaw_events.vocab import FACTION_OF_POWER, GROUND_TYPES
from projections.board import units_in
from projections.movement import faction_of, side_of
from projections.position.combat.attacks import STANDARD_A3R, crt_table, ctl, known
from projections.position.common import enemy_controller, on_map, winter_preparation
from projections.position.core import Position, Unknown, Verdict, breach
from projections.position.units import negated_why
from projections.rules import air, stacks
from projections.rules import combat as rules
from projections.rules.attrition import winter_rules
from projections.rules.weather import INFANTRY_DM_LEVEL, winter_terrain


def dm_items(pos: Position, event: AttackDeclared) -> Verdict:
    """15.3: each claimed DM item has its catalogue value, and the items can apply together."""
    table = crt_table(pos)
    if table is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    catalogue = rules.AWAW_DMS if table == "awaw" else rules.HOUSE_DMS
    base = rules.DM_BASE[table]
    for d in event.defenders:
        codes: list[str] = []
        for m in d.dms:
            if m.code in rules.BASE_DM_CODES:
                if m.value != base:
                    yield breach("15.3", f"{d.unit}: the basic multiplier is {base}, recorded {m.value}", base, m.value)
                continue
            code = rules.catalogue_code(m.code)
            if table == "a3r_house" and code == rules.A3R_BASE_CODE:
                continue
            spec = catalogue.get(code)
            if spec is None:
                yield Unknown(reason=f"DM item {m.code!r} is not in the catalogue; its value is taken as claimed")
                continue
            codes.append(code)
            ok = m.value == spec.value or (spec.per_turn and m.value * spec.value > 0 and m.value % spec.value == 0)
            if not ok:
                message = f"{d.unit}: DM item {code} is worth {spec.value:+d} ({spec.rule}), recorded {m.value:+d}"
                yield breach("15.3", message, spec.value, m.value)
        found = rules.dm_findings(codes, variant=table, options=pos.meta.options)
        if found:
            yield breach(
                "15.3",
                f"{d.unit}: {'; '.join(f'{b.message} ({b.rule})' for b in found)}",
                "compatible DM items",
                ", ".join(codes),
            )


def support_limits(pos: Position, event: AttackDeclared) -> Verdict:
    """15.632: ground support, DAS and (house) shore bombardment within the 3:1 limits."""
    table = crt_table(pos)
    if table is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    ground = sum(a.factors for a in event.attackers)
    defending = sum(d.factors for d in event.defenders)
    support = sum(s.factors for s in event.ground_support)
    das = sum(s.factors for s in event.das)
    air_rules = table == "awaw" or air.house_air_combat(pos.meta.rules, pos.meta.options)
    limits = rules.support_findings(
        ground_support=support,
        attacking_ground_factors=ground,
        das=das if air_rules else 0,
        defending_ground_factors=defending,
    )
    for b in limits:
        what, amount, of = ("ground support", support, ground) if b.rule == "15.632" else ("DAS", das, defending)
        limit = rules.air_support_limit(of)
        message = (
            f"{amount} {what} factors in attack {event.attack}; 3:1 allows {limit} for {of} ground factors ({b.rule})"
        )
        yield breach(b.rule, message, f"at most {limit}", amount)
    if table == "a3r_house" and event.shore_bombardment:
        invading = sum(a.factors for a in event.attackers if a.role == "invading" or event.kind == "invasion")
        fleet = sum(s.factors for s in event.shore_bombardment)
        limit = rules.shore_bombardment_limit(invading)
        if fleet > limit:
            message = f"{fleet} shore bombardment factors in attack {event.attack}; the house 3:1 limit allows "
            message += f"{limit} for {invading} invading ground factors (15.642)"
            yield breach("15.642", message, f"at most {limit}", fleet)


def attack_origins(pos: Position, event: AttackDeclared) -> Verdict:
    """15.47: at most two ground units attack out of one hex; at most three shock armies per attack."""
    units = pos.board.units
    by_hex: dict[str, list[rules.AttackerKind]] = {}
    for a in event.attackers:
        unit = units.get(a.unit)
        kind = rules.attacker_kind(a.role, unit.unit_type if unit is not None else None)
        by_hex.setdefault(a.origin or f"(no origin: {a.unit})", []).append(kind)
    for b in rules.attack_origin_findings(by_hex):
        yield breach(b.rule, f"attack {event.attack}: {b.message} ({b.rule})", "within the limit", b.message)


def attacker_roles(pos: Position, event: AttackDeclared) -> Verdict:
    """12.16: a shock army is a Russian 3-3 infantry unit in a regular ground attack; 16.14, 10.71: reserve armor is
    an armor unit held in reserve during a seaborne invasion. The role is derived from the unit and the attack, never
    believed: each exempts its unit from 15.47's two ground units attacking out of a hex."""
    units = pos.board.units
    for a in event.attackers:
        if a.role not in (SHOCK_ARMY, RESERVE_ARMOR):
            continue
        unit = units.get(a.unit)
        if unit is None:
            yield Unknown(
                reason=f"attack {event.attack}: {a.unit}, claimed {a.role.replace('_', ' ')}, is not on the board"
            )
            continue
        if a.role == SHOCK_ARMY:
            wrong = _not_a_shock_army(unit.owner, unit.unit_type, unit.factors, event.kind)
            rule, allowed = "12.16", "a Russian 3-3 infantry unit in a regular attack"
        else:
            wrong = _not_reserve_armor(unit.unit_type, event.kind, a.hexside)
            rule, allowed = "16.14", "an armor unit invading from the sea"
        if wrong is not None:
            message = (
                f"attack {event.attack}: {a.unit} attacks as {a.role.replace('_', ' ')}, but {wrong} ({rule}; the "
            )
            message += "role exempts it from 15.47)"
            yield breach(rule, message, allowed, f"{a.unit} ({unit.owner} {unit.factors}-factor {unit.unit_type})")


SHOCK_ARMY: Final = "shock_army"
RESERVE_ARMOR: Final = "reserve_armor"


def _not_a_shock_army(owner: str, unit_type: str, factors: int, kind: str) -> str | None:
    if owner != "russia" or unit_type != "infantry" or factors != stacks.SHOCK_ARMY_FACTORS:
        return f"it is a {owner} {factors}-factor {unit_type.replace('_', ' ')} unit, not a Russian 3-3 infantry"
    if kind == "exploitation":
        return "shock armies fight in regular ground attacks (they are gone before exploitation, 42.241)"
    return None


def _not_reserve_armor(unit_type: str, kind: str, hexside: str | None) -> str | None:
    if unit_type != "armor":
        return f"it is {unit_type.replace('_', ' ')}, not armor"
    if kind != "invasion" and hexside != "sea":
        return "only armor invading from the sea is held in reserve (10.71)"
    return None


def attackers(pos: Position, event: AttackDeclared) -> Verdict:
    """15.21: ground units attack (air units support them, 15.4), next to every attacked hex (airborne dropped: on
    it), a hex that holds an enemy ground unit or is an enemy's; replacements and partisans never attack; each
    claimed CTL is the unit's (15.81; one less exploiting from an invasion breakthrough, 16.15)."""
    units = pos.board.units
    attack = event.attack
    yield from _targets(pos, event)
    for a in event.attackers:
        unit = units.get(a.unit)
        if unit is not None and unit.unit_type in rules.NEVER_ATTACK:
            message = f"attack {attack}: {a.unit} is a {unit.unit_type} unit, which never attacks (15.21, 10.2, 11.8)"
            yield breach("15.21", message, "units that may attack", f"{a.unit} ({unit.unit_type})")
        elif unit is not None and unit.unit_type not in GROUND_TYPES:
            message = f"attack {attack}: {a.unit} is {unit.unit_type}: ground units attack; air units support (15.21, "
            message += "15.4)"
            yield breach("15.21", message, "ground units", f"{a.unit} ({unit.unit_type})")
        if unit is not None and unit.unit_type == "airborne" and a.factors != rules.AIRBORNE_FACTORS:
            message = f"attack {attack}: airborne {a.unit} attacks with {a.factors} factors; an airborne unit's "
            message += f"combat factor is {rules.AIRBORNE_FACTORS} (10.51; house intro, air.airdrop)"
            yield breach("10.51", message, rules.AIRBORNE_FACTORS, a.factors)
        level = known(ctl(pos, a.unit)) if a.ctl is not None else None
        if level is not None and a.ctl != level and not (event.kind == "exploitation" and a.ctl == level - 1):
            message = f"attack {attack}: {a.unit} claims CTL {a.ctl}; its nation's ground CTL, less 1 in partial "
            message += f"supply or under the army oil effect, gives {level} (15.8, 15.81, 33.61C; 16.15 in "
            message += "exploitation from an invasion)"
            yield breach("15.81", message, level, a.ctl)
        origin = a.origin or (unit.location if unit is not None else None)
        if origin is None or not on_map(origin, *event.defender_hexes):
            continue
        for h in event.defender_hexes:
            if a.role == "airdropped" or a.hexside == "airdrop":
                ok = origin == h or (a.origin is None and len(event.defender_hexes) > 1)
            else:
                ok = pos.grid.adjacent(origin, h)
            if not ok:
                message = f"attack {attack}: {a.unit} attacks {h} from {origin}, which is not next to it (15.21; in a "
                message += "multi-hex attack every attacker is next to every attacked hex, 15.44)"
                yield breach("15.21", message, f"a hex next to {h}" if a.role != "airdropped" else h, origin)


def _targets(pos: Position, event: AttackDeclared) -> Verdict:
    """15.21: an attacked hex holds a defending enemy ground unit (the declaration lists it there) or is an enemy's;
    a hex whose controller the board does not know and that lists no defender is not decided."""
    listed = {d.hex for d in event.defenders}
    if None in listed or (len(event.defender_hexes) == 1 and event.defenders):
        return  # a defender whose hex is not recorded may stand in any of them
    units = pos.board.units
    lead = (
        event.actor
        if faction_of(event.actor)
        else next((u.owner for a in event.attackers if (u := units.get(a.unit))), None)
    )
    for h in event.defender_hexes:
        if h in listed or lead is None:
            continue
        controller = pos.board.control.get(h)
        if controller is None:
            yield Unknown(reason=f"attack {event.attack}: who holds {h}, where no defender is listed, is not recorded")
        elif not enemy_controller(pos, lead, controller):
            message = f"attack {event.attack}: {h} holds no enemy ground unit and is not an enemy hex ({controller} "
            message += "holds it): nothing to attack (15.21)"
            yield breach("15.21", message, "a hex with enemy ground units or an enemy's", h)


def attacked_once(pos: Position, event: AttackDeclared) -> Verdict:
    """15.46: a defending unit is attacked once in the regular combat phase (a second faction may attack it again)."""
    seen = pos.state.combat.regular_defenders
    if event.kind == "exploitation" or not seen:
        return
    faction = next((faction_of(u.owner) for a in event.attackers if (u := pos.board.units.get(a.unit))), None)
    for d in event.defenders:
        earlier = seen.get(d.unit)
        if earlier is not None and earlier[0] != event.attack and earlier[1] == faction:
            message = f"attack {event.attack}: {d.unit} was already attacked in attack {earlier[0]} this combat phase "
            message += "(15.46: once in regular combat, except by a second alliance faction)"
            yield breach("15.46", message, "each defender attacked once", d.unit)


def _winter_level(pos: Position, d: Defender, faction: str | None) -> int | Unknown | None:
    """The defender's effective winter level this turn (None: no winter), or why it cannot be told."""
    hex_ = d.hex or (unit.location if (unit := pos.board.units.get(d.unit)) else None)
    if hex_ is None:
        return Unknown(reason=f"where defender {d.unit} stands is not recorded")
    facts = pos.hex(hex_)
    if facts is None or facts.weather_zone is None:
        return pos.missing_hex(hex_, "weather zone")
    weather = pos.state.weather.zones.get(facts.weather_zone)
    if weather is None or weather.weather != "winter":
        return None
    if weather.level is None or winter_rules(pos.meta.rules, pos.meta.options) is None or faction is None:
        return Unknown(reason=f"the winter level of {d.unit}'s zone is not known")
    return max(0, weather.level - winter_preparation(pos, faction))


def _item_problem(pos: Position, event: AttackDeclared, d: Defender, code: str) -> str | Unknown | None:
    """Why a claimed DM item cannot apply to a defender in this attack (None: it may)."""
    board = pos.board
    unit = board.units.get(d.unit)
    kind = unit.unit_type if unit is not None else None
    nationality = unit.nationality if unit is not None else None
    if code == "invasion" and event.kind != "invasion":
        return "the attack is not a seaborne invasion (15.32B)"
    if code == "partisan" and kind not in (None, "partisan"):
        return f"{d.unit} is not a partisan unit (15.33C)"
    if code in ("italian_outside_med", "italian_collapse") and nationality not in (None, "italy"):
        return f"{d.unit} is not Italian (15.33B)"
    if code == "minor_outside_home" and nationality in FACTION_OF_POWER:
        return f"{d.unit} is a major power's unit, not a minor country's (15.33B)"
    if code in ("low_ctl", "winter", "exploiting_armor") and kind in rules.SPECIALIZED_NO_NEGATIVE_DM:
        return f"{d.unit} is {kind}, which these DMs never reduce (15.331, 10.41F)"
    if code == "exploiting_armor":
        if event.kind != "exploitation":
            return "the attack is not an exploitation attack (15.33A)"
        levels = [known(ctl(pos, a.unit)) for a in event.attackers if a.armor]
        if not any(c is not None and c >= rules.EXPLOITING_ARMOR_DM_MIN_CTL for c in levels):
            return "no exploiting armor with CTL 2 or more attacks (15.33A)"
    if code == "low_ctl":
        level = known(ctl(pos, d.unit))
        if level is not None and level > 0:
            return f"{d.unit}'s CTL is {level}, not 0 or less (15.33C)"
    if code in rules.FORT_DM_KINDS and d.hex is not None:
        built = board.fortifications.get(d.hex)
        facts = pos.hex(d.hex)
        printed = facts.fortification if facts is not None else None
        if built is None and printed is None:
            if pos.map is not None and facts is not None:
                return f"{d.hex} has no fortification on the board or in the map data (15.32E-F)"
            return pos.missing_hex(d.hex, "fortification")
    if code == "winter":
        winter = _winter_level(pos, d, faction_of(unit.owner) if unit is not None else None)
        if isinstance(winter, Unknown):
            return winter
        if winter is None or winter < INFANTRY_DM_LEVEL:
            return f"the winter level where {d.unit} defends is {winter or 0}, below {INFANTRY_DM_LEVEL} (15.33H)"
    if code in ("rough", "jungle_mountain") and d.hex is not None:
        facts = pos.hex(d.hex)
        if facts is None or facts.terrain is None:
            return pos.missing_hex(d.hex, "terrain")
        terrain: str | None = facts.terrain
        if pos.meta.rules == "awaw":  # AWAW 34.23C; the house App. K does not carry it
            terrain = winter_terrain(facts.terrain, season=event.season, front=facts.front)
        if terrain is None:
            return pos.missing_hex(d.hex, "front")  # a swamp in winter: frozen only on the eastern front (34.23C)
        if terrain not in rules.ROUGH_TERRAIN[code]:
            frozen = " (frozen swamp, treated as clear: 34.23C)" if terrain != facts.terrain else ""
            return f"{d.hex} is {facts.terrain}{frozen} (15.32D)"
    return None


def dm_applies(pos: Position, event: AttackDeclared) -> Verdict:
    """15.32: each claimed DM item applies: the unit's type, nationality and CTL, the attack, forts, winter, terrain."""
    if not event.defenders or crt_table(pos) is None:
        return
    for d in event.defenders:
        for m in d.dms:
            code = rules.catalogue_code(m.code)
            problem = _item_problem(pos, event, d, code)
            if isinstance(problem, str):
                message = f"attack {event.attack}: {d.unit} claims the {code} DM, but {problem}"
                yield breach("15.32", message, f"no {code} DM", f"{m.code} {m.value:+d}")
            elif problem is not None:
                yield problem
    awaw_style = pos.meta.rules == "awaw" or rules.airdrop_rule(pos.meta.options) == "awaw_style"
    if awaw_style and all(a.role == "airdropped" for a in event.attackers):
        for d in event.defenders:
            if not any(rules.catalogue_code(m.code) in rules.AIRDROP_ONLY_DMS for m in d.dms):
                message = f"attack {event.attack}: {d.unit} is attacked only by dropped airborne and gets +1 DM (+2 "
                message += "armor and specialized units; 15.32H, 10.55D; house intro)"
                allowed = "the DM for defending against an airdrop alone"
                yield breach("15.32H", message, allowed, ", ".join(m.code for m in d.dms) or "no DM items")


def exploitation_attackers(pos: Position, event: AttackDeclared) -> Verdict:
    """16.41: exploitation attacks: only exploiting armor, airborne dropping, fresh ground support; no naval
    missions."""
    if event.kind != "exploitation":
        return
    combat = pos.state.combat
    exploiting = {u for bt in combat.breakthroughs.values() for u in bt.routes}
    on_breakthrough = {bt.hex for bt in combat.breakthroughs.values()}
    units = pos.board.units
    for a in event.attackers:
        unit = units.get(a.unit)
        kind = unit.unit_type if unit is not None else ("armor" if a.armor else None)
        if kind is None:
            yield Unknown(reason=f"exploitation attacker {a.unit} is not on the board")
            continue
        if kind == "airborne" and a.role == "airdropped":
            dropped = combat.airdrops.get(a.unit)
            if a.unit in combat.attacked or (dropped is not None and dropped[1] == "combat"):
                earlier = "fought" if a.unit in combat.attacked else "dropped"
                message = f"exploitation attack {event.attack}: airborne {a.unit} {earlier} earlier this player turn; "
                message += "only airborne units that have not dropped or fought this player turn drop to attack in "
                message += "exploitation (16.41B)"
                yield breach("16.41", message, "an airborne unit fresh this player turn", a.unit)
            continue
        if not (kind == "armor" and (a.unit in exploiting or (unit is not None and unit.location in on_breakthrough))):
            why = "is not an exploiting armor unit" if kind == "armor" else f"is {kind}"
            message = f"exploitation attack {event.attack}: {a.unit} {why} (16.41)"
            yield breach("16.41", message, "exploiting armor or dropping airborne", a.unit)
        elif unit is not None and (negated := negated_why(pos, unit, a.origin, event)) is not None:
            message = f"exploitation attack {event.attack}: {a.unit}'s mechanized part is negated ({negated}); only "
            message += "exploiting armor with its mechanized part intact attacks in exploitation (16.41A, 10.32)"
            yield breach("16.41", message, "exploiting armor with its mechanized part intact", a.unit)
    flown = {s.unit for x in combat.attacks.values() for s in (*x.declared.ground_support, *x.declared.das)}
    for s in event.ground_support:
        if s.unit in flown:
            message = f"exploitation attack {event.attack}: {s.unit} flies ground support after an earlier mission "
            message += "this player turn (16.41, 18.41)"
            yield breach("16.41", message, "air units that flew no earlier mission", s.unit)
    if event.shore_bombardment:
        message = f"exploitation attack {event.attack} has shore bombardment; no naval missions are flown or sailed "
        message += "in exploitation (16.43)"
        yield breach("16.43", message, "no naval missions", ", ".join(s.unit for s in event.shore_bombardment))


def exploitation_missions(pos: Position, event: AirMissionFlown | AttackDeclared) -> Verdict:
    """16.43: no naval missions during exploitation, and of the air missions only land-based ground support,
    defensive air support, interception of it, airdrops, their interception and counter-interception; naval air
    flying ground support in an exploitation attack may fly from a carrier, which no event records (undecided)."""
    if isinstance(event, AttackDeclared):
        if event.kind != "exploitation":
            return
        units = pos.board.units
        carried = [
            s.unit for s in event.ground_support if (u := units.get(s.unit)) is not None and u.unit_type == "nas"
        ]
        if carried:
            yield Unknown(
                reason=f"whether {', '.join(carried)} flies ground support in exploitation attack {event.attack} from "
                "land or from a carrier (16.43: land-based ground support only) is not recorded",
                kind="carrier basing",
            )
        return
    if event.phase != "exploitation":
        return
    mission = event.mission.replace("_", " ")
    if event.mission in rules.EXPLOITATION_NAVAL_MISSIONS:
        message = f"{', '.join(event.units)} fly or sail a {mission} mission during exploitation: naval missions are "
        message += "prohibited then (16.43)"
        yield breach("16.43", message, "no naval missions", event.mission)
    elif event.mission in rules.EXPLOITATION_BANNED_AIR_MISSIONS:
        message = f"{', '.join(event.units)} fly a {mission} mission during exploitation: only ground support, "
        message += "defensive air support, its interception, airdrops, their interception and counter-interception "
        message += "are permitted (16.43)"
        yield breach("16.43", message, "a mission 16.43 permits", event.mission)


def combat_order(pos: Position, event: AttackDeclared | AirdropMade | AirMissionFlown) -> Verdict:
    """15.11: the combat phase's order: missions, airdrops, regular attacks, placement, exploitation movement, then
    attacks."""
    combat = pos.state.combat
    if isinstance(event, AttackDeclared):
        moving = [bt.hex for bt in combat.breakthroughs.values() if bt.routes]
        if event.kind != "exploitation" and moving:
            message = f"regular attack {event.attack} is declared after exploitation movement from {moving[0]} began "
            message += "(15.11-15.14, 16.21: exploitation follows all regular combat)"
            yield breach("15.11", message, "regular attacks before exploitation", event.attack)
    elif isinstance(event, AirdropMade):
        begun = [a.declared.attack for a in combat.attacks.values() if a.declared.kind in rules.REGULAR_ATTACK_KINDS]
        if event.phase == "combat" and begun:
            message = f"{event.unit} drops on {event.target} after regular attack {begun[0]} was declared: regular "
            message += "airdrops come before the regular ground attacks (15.11, 15.12)"
            yield breach("15.11", message, "airdrops before regular ground attacks", event.unit)
    else:
        attack = combat.attacks.get(event.ref) if event.ref is not None else None
        if event.mission == "ground_support" and attack is not None and attack.rounds:
            message = (
                f"ground support for attack {event.ref} is flown after its first round (15.11: air missions come first)"
            )
            yield breach("15.11", message, "ground support flown before the attack", ", ".join(event.units))


def collective_attack(pos: Position, event: AttackDeclared) -> Verdict:
    """15.41: all the defending ground units in an attacked hex are attacked together (a Japanese seaborne invasion or
    airdrop on Pearl Harbor counts two of them, 12.19); 15.43: an attacking ground unit applies its whole combat
    factor to one attack, never to two in a phase."""
    board = pos.board
    if event.defenders:  # without them recorded, 15.21's check says what it can
        listed = {d.unit for d in event.defenders}
        for hex_ in event.defender_hexes:
            if not on_map(hex_):
                continue
            missing = sorted(
                u
                for u in units_in(board, hex_)
                if u not in listed
                and (unit := board.units.get(u)) is not None
                and unit.unit_type in GROUND_TYPES
                and unit.unit_type != "flak"
                and side_of(unit.owner) not in (None, event.side)
            )
            if not missing:
                continue
            pearl = _pearl_harbor(pos, event, hex_)
            if isinstance(pearl, Unknown):
                yield pearl
            elif not pearl:
                message = f"attack {event.attack}: {', '.join(missing)} in {hex_} not attacked; all the defending "
                message += "ground units in a hex are attacked together (15.41)"
                yield breach("15.41", message, f"every defending ground unit in {hex_}", ", ".join(missing))
    earlier = {
        a.unit: attack.declared.attack
        for attack in pos.state.combat.attacks.values()
        if attack.declared.phase == event.phase and attack.declared.attack != event.attack
        for a in attack.declared.attackers
    }
    for a in event.attackers:
        unit = board.units.get(a.unit)
        if a.unit in earlier:
            message = f"attack {event.attack}: {a.unit} already attacked in attack {earlier[a.unit]} this "
            message += f"{(event.phase or 'combat').replace('_', ' ')} phase; a unit's whole combat factor goes to one "
            message += "attack (15.43)"
            yield breach("15.43", message, "one attack a phase", a.unit)
        elif (
            unit is not None
            and unit.unit_type in GROUND_TYPES
            and unit.unit_type != "airborne"
            and a.factors < unit.factors
        ):
            message = f"attack {event.attack}: {a.unit} attacks with {a.factors} of its {unit.factors} combat factors; "
            message += "an attacking unit may not split its combat factor (15.43)"
            yield breach("15.43", message, unit.factors, a.factors)


def _pearl_harbor(pos: Position, event: AttackDeclared, hex_: str) -> bool | Unknown:
    """Whether 12.19's exception holds: a Japanese seaborne invasion or airdrop on Pearl Harbor (only two of its
    units count toward its defence, 15.41)."""
    japanese = event.actor == "japan" or any(
        (u := pos.board.units.get(a.unit)) is not None and u.owner == "japan" for a in event.attackers
    )
    seaborne = event.kind == "invasion" or any(
        a.role == "airdropped" or a.hexside == "airdrop" for a in event.attackers
    )
    if not (japanese and seaborne and hex_.startswith("PAC:")):
        return False
    facts = pos.hex(hex_)
    if facts is None or facts.name is None:
        return pos.missing_hex(hex_, "name")
    return facts.name == stacks.PEARL_HARBOR


def box_attacks(pos: Position, event: AttackDeclared) -> Verdict:
    """15.23: no ground attack from the mapboard into a mapboard box or out of one; ground combat involving units next
    to or in the Australia, India and Urals boxes is by attrition (the map data's ``box`` of the hexes involved)."""
    units = pos.board.units
    origins = []
    for a in event.attackers:
        unit = units.get(a.unit)
        origin = a.origin or (unit.location if unit is not None else None)
        if origin is None:
            continue
        origins.append(origin)
        if origin.startswith(rules.BOX_PREFIX) and any(on_map(h) for h in event.defender_hexes):
            message = f"attack {event.attack}: {a.unit} attacks {', '.join(event.defender_hexes)} out of the mapboard "
            message += (
                f"box {origin.removeprefix(rules.BOX_PREFIX)}: no ground attack between the map and a box (15.23)"
            )
            yield breach("15.23", message, "no attack out of a box", origin)
    for hex_ in dict.fromkeys((*event.defender_hexes, *(o for o in origins if on_map(o)))):
        facts = pos.hex(hex_) if on_map(hex_) else None
        if facts is not None and facts.box in rules.ATTRITION_ONLY_BOXES:
            message = f"attack {event.attack}: {hex_} lies next to the {facts.box.title()} box, where ground combat is "
            message += "by attrition only (15.23)"
            yield breach("15.23", message, "attrition", f"a ground attack involving {hex_}")
            return
