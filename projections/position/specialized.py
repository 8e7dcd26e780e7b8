"""Specialized units in combat (AWAW 10.41E-F, 10.55D-E, 10.64A, 10.7, 10.8, 12.19), asked of a position: the DM
items that depend on the unit type or on who attacks, the invasion stacking limit, the commando port raid and
Pearl Harbor's defenders."""

from __future__ import annotations

from typing import Final

from awaw_events.events import AttackDeclared, BridgeheadPlaced
from awaw_events.events.combat import Attacker
from projections import movement as facts
from projections.board import Unit
from projections.position.core import Position, Unknown, Verdict, breach
from projections.rules import units as rules
from projections.rules.combat.stacking import PEARL_HARBOR_DEFENDERS
from projections.rules.combat.strength import catalogue_code
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.control import theater_of
from projections.rules.movement import MAP_PREFIXES
from projections.rules.stacks import NON_SPECIALIZED_GROUND, PEARL_HARBOR

NOT_AWAW: Final = "DM items by unit type are checked for AWAW games (the house DMs are the ground combat family's)"


def _type(units: dict[str, Unit], unit_id: str) -> str | None:
    unit = units.get(unit_id)
    return unit.unit_type if unit is not None else None


def _airdropped(a: Attacker) -> bool:
    return a.role == "airdropped" or a.hexside == "airdrop"


def unit_type_dms(pos: Position, event: AttackDeclared) -> Verdict:
    """10.41F: DM items by unit type: no exploiting-armor or winter -1 for specialized units, the airdrop-only DM by
    type and no river DM against an airdrop, the Chindit -1 only in rough terrain, the invasion +1 unless marines are
    half."""
    if pos.meta.rules == "a3r":
        yield Unknown(reason=NOT_AWAW)
        return
    units = pos.board.units
    dropped = [a for a in event.attackers if _airdropped(a)]
    only_airdrop = bool(dropped) and len(dropped) == len(event.attackers)
    invading = [a for a in event.attackers if a.role in rules.INVADING_ROLES]
    marines = sum(a.factors for a in invading if _type(units, a.unit) in rules.MARINE_TYPES)
    cancelled = rules.invasion_dm_cancelled(marines, sum(a.factors for a in invading))
    for d in event.defenders:
        codes = {catalogue_code(m.code) for m in d.dms}
        kind = _type(units, d.unit)
        problems: list[str] = []
        if kind in SPECIALIZED_TYPES and codes & rules.SPECIALIZED_NEVER_DM:
            problems.append(f"{kind} units take no {', '.join(sorted(codes & rules.SPECIALIZED_NEVER_DM))} DM (10.41F)")
        want = rules.airdrop_only_dm(kind) if only_airdrop and kind is not None else None
        have = codes & rules.AIRDROP_DM_CODES
        if want is not None and want not in codes:
            problems.append(f"attacked only by airdrop, it takes the {want} DM (10.55D, 15.32H)")
        elif have and (want is None or have != {want}):
            why = "it is not attacked by airdrop alone" if not only_airdrop else f"a {kind} unit takes {want}"
            problems.append(f"{', '.join(sorted(have))} does not apply: {why} (10.55D)")
        if rules.RIVER_DM in codes and dropped:
            problems.append("an airdrop in the attack cancels the river DM (10.55E, 15.32C)")
        if rules.CHINDIT_DM in codes:
            problems.extend(_chindit_dm(pos, event, d.hex))
        if event.kind == "invasion":
            if cancelled and rules.INVASION_DM in codes:
                problems.append(
                    f"marines or SNLF are {marines} of the {sum(a.factors for a in invading)} invading factors (half "
                    "or more): no invasion DM (10.71, 15.32B)"
                )
            elif not cancelled and rules.INVASION_DM not in codes and invading:
                problems.append("defending against a seaborne invasion, it takes the invasion +1 (15.32B)")
        for problem in problems:
            message = f"attack {event.attack}: defender {d.unit}: {problem}"
            yield breach("10.41F", message, "the DM items its type takes", ", ".join(sorted(codes)) or "none")


def _chindit_dm(pos: Position, event: AttackDeclared, hex_: str | None) -> list[str]:
    """Why the Chindit -1 (N13) does not apply: no Chindit attacks from a hex clear of other Western Allied ground
    units (in or next to it), or the defender is not in rough terrain (10.64A, 15.33I)."""
    units = pos.board.units
    at = pos.state.movement.at
    chindits = [a for a in event.attackers if _type(units, a.unit) == rules.CHINDIT]
    if not chindits:
        return ["no Chindit attacks: no Chindit DM (10.64A)"]
    out: list[str] = []
    alone = False
    for a in chindits:
        origin = a.origin or (units[a.unit].location if a.unit in units else None)
        if origin is None or not origin.startswith(MAP_PREFIXES):
            continue
        others = [
            u
            for h in (origin, *pos.grid.neighbours(origin))
            for u in at.get(h, ())
            if (other := units.get(u)) is not None
            and other.unit_type != rules.CHINDIT
            and facts.faction_of(other.owner) == "western_allies"
        ]
        alone = alone or not others
    if not alone:
        out.append("every attacking Chindit has other Western Allied ground units in or next to its hex (10.64A)")
    found = pos.hex(hex_) if hex_ is not None else None
    terrain = (found.terrain if found is not None else None) or event.terrain
    if terrain is not None and terrain not in rules.CHINDIT_DM_TERRAIN:
        out.append(f"the defender is in {terrain} terrain, not jungle, mountain or swamp (15.33I)")
    return out


def invasion_stack(pos: Position, event: AttackDeclared) -> Verdict:
    """10.41E: at most two embarked ground units attack in a seaborne invasion, besides marines, SNLF and (with WA
    CTL 2) commandos."""
    if event.kind != "invasion":
        return ()
    units = pos.board.units
    wa_ctl = pos.board.ctl.get("western_allies/ground")
    counted = []
    for a in event.attackers:
        kind = _type(units, a.unit)
        if a.role not in rules.INVADING_ROLES or kind in rules.MARINE_TYPES:
            continue
        if kind == rules.COMMANDO and wa_ctl is not None and wa_ctl >= rules.COMMANDO_FREE_CTL:
            continue
        counted.append(a.unit)
    if len(counted) <= rules.INVASION_STACK:
        return ()
    message = f"invasion {event.attack}: {len(counted)} embarked ground units attack ({', '.join(counted)}); two may, "
    message += "besides marines, SNLF and commandos (commandos only with WA CTL 2) (10.41E, 10.72, 10.82)"
    return (breach("10.41E", message, f"at most {rules.INVASION_STACK}", ", ".join(counted)),)


def commando_raid(pos: Position, event: AttackDeclared | BridgeheadPlaced) -> Verdict:
    """10.81: a commando raid lands in an undefended port within 10 hexes (Europe) or 5 (Pacific), with WA CTL 2, and
    places no bridgehead."""
    units = pos.board.units
    if isinstance(event, BridgeheadPlaced):
        attack = pos.state.combat.attacks.get(event.ref or "")
        if attack is not None and _commando_raid(units, attack.declared):
            message = f"a bridgehead is placed in {event.hex} after commando raid {event.ref}: a commando port "
            message += "invasion places none (10.81)"
            yield breach("10.81", message, "no bridgehead", event.hex)
        return
    if not _commando_raid(units, event):
        return
    wa_ctl = pos.board.ctl.get("western_allies/ground")
    if wa_ctl is None or wa_ctl < rules.COMMANDO_FREE_CTL:
        message = f"commando raid {event.attack} with a WA CTL of {wa_ctl}: commandos raid only with CTL 2 (10.83)"
        yield breach("10.83", message, "WA CTL 2 or more", str(wa_ctl))
    if event.defenders:
        message = (
            f"commando raid {event.attack} lands on defended units: the port must hold no enemy ground unit (10.81)"
        )
        yield breach("10.81", message, "an undefended port", ", ".join(d.unit for d in event.defenders))
    for hex_ in event.defender_hexes:
        port = pos.hex(hex_)
        if port is None or port.port is None:
            yield pos.missing_hex(hex_, "port")
        elif not port.port:
            yield breach("10.81", f"commando raid {event.attack} on {hex_}, not a port", "a port", hex_)
        reach = rules.COMMANDO_RANGE[theater_of(hex_)]
        for a in event.attackers:
            if a.origin and a.origin.startswith(MAP_PREFIXES) and a.origin[:4] == hex_[:4]:
                far = pos.grid.distance(a.origin, hex_)
                if far > reach:
                    message = f"commando {a.unit} raids {hex_} from {a.origin}, {far} hexes away (10.81, 21.512A)"
                    yield breach("10.81", message, f"within {reach} hexes", far)


def _commando_raid(units: dict[str, Unit], attack: AttackDeclared) -> bool:
    """An invasion by commandos alone: a commando port raid (10.81)."""
    invading = [a for a in attack.attackers if a.role in rules.INVADING_ROLES]
    return (
        attack.kind == "invasion" and bool(invading) and all(_type(units, a.unit) == rules.COMMANDO for a in invading)
    )


def pearl_harbor_defenders(pos: Position, event: AttackDeclared) -> Verdict:
    """12.19: against a Japanese invasion or airdrop, only two non-specialized units defend Pearl Harbor."""
    units = pos.board.units
    japanese = any((u := units.get(a.unit)) is not None and u.owner == "japan" for a in event.attackers)
    if not japanese or not (event.kind == "invasion" or any(_airdropped(a) for a in event.attackers)):
        return
    for hex_ in event.defender_hexes:
        found = pos.hex(hex_)
        if found is None or found.name is None:
            yield pos.missing_hex(hex_, "name")
            continue
        if found.name != PEARL_HARBOR:
            continue
        defending = [
            d.unit for d in event.defenders if d.hex in (hex_, None) and _type(units, d.unit) in NON_SPECIALIZED_GROUND
        ]
        if len(defending) > PEARL_HARBOR_DEFENDERS:
            message = f"attack {event.attack}: {len(defending)} non-specialized units defend Pearl Harbor against a "
            message += "Japanese invasion or airdrop; two do (12.19)"
            allowed = f"at most {PEARL_HARBOR_DEFENDERS} non-specialized defenders"
            yield breach("12.19", message, allowed, ", ".join(defending))
