"""Fortification effects asked of a position (32.2, 32.3, 32.5, 32.6; App. G 32.2): what an attack records of the
hex's fortification, the fortification DMs a defender claims, the siege, attrition against fortified hexes,
elimination and air defense (checks F-16 to F-23, C-FRT-1 to C-FRT-3).

The fortifications of a hex are the board's counters (``fortification_placed``, ``fortification_built``): the facing
of a directional line is the ``hexsides`` its placement recorded; Singapore is the hex the map data names so. The
siege is projection state (:attr:`projections.land.LandState.sieges`): a turn is counted at the owner's first supply
determination of a game turn that leaves the hex (or its units) without full supply, and full supply ends it at once.
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import (
    AirMissionFlown,
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    FortificationEliminated,
    PlayerTurnEnded,
    SiegeUpdated,
)
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker
from awaw_events.vocab import GROUND_TYPES
from projections.board import Fortification, units_in
from projections.movement import side_of
from projections.position.core import Position, Unknown, breach
from projections.position.fortifications import Verdict, features, variant
from projections.rules import combat as combat_rules
from projections.rules import fortifications as rules
from projections.rules.control import controller_faction
from projections.rules.supply import UNSUPPLIED_STATUSES

IC_DELAY: Final = "the BRPs of a Russian IC in the hex (the 32.241 siege delay) are not in the state"


def _land_attackers(event: AttackDeclared) -> list[Attacker]:
    """Attackers that attack from an adjacent land hex (not invading from the sea, not dropped)."""
    return [a for a in event.attackers if a.role in rules.LAND_ATTACKER_ROLES and a.hexside not in ("sea", "airdrop")]


def _attack_kind(event: AttackDeclared) -> rules.AttackKind:
    if event.kind == "invasion":
        return "seaborne"
    if event.kind == "airdrop" or all(a.role == "airdropped" or a.hexside == "airdrop" for a in event.attackers):
        return "airdrop"
    return "land"


def _from_rear(event: AttackDeclared, fort: Fortification, found: tuple[rules.FortFeature, ...]) -> bool | None:
    """Whether some land attacker attacks a directional line from the rear (``None``: cannot be told): from the
    facing the placement recorded, else from the attackers' hexsides as claimed (``fortified`` in front,
    ``unfortified_of_fort_line`` behind)."""
    if not rules.DIRECTIONAL_KINDS & set(found):
        return False
    land = _land_attackers(event)
    rear = rules.attacked_from_rear((a.origin for a in land), fort.faces)
    if rear is not None:
        return rear
    if any(a.hexside == "unfortified_of_fort_line" for a in land):
        return True
    if all(a.hexside == "fortified" for a in land):
        return False
    return None


def fortification_declared(pos: Position, event: AttackDeclared) -> Verdict:
    """32.21A: an attack records the fortification of the hex it attacks (the 1:1 minimum and the mandatory Ex
    follow it)."""
    forts = pos.board.fortifications
    if variant(pos) != "awaw" or (event.fortification is None and not any(h in forts for h in event.defender_hexes)):
        return ()
    held = [f for h in event.defender_hexes if h in forts for f in features(pos, h, forts[h], "awaw")]
    expected = rules.declared_fortification(held)
    claimed = event.fortification
    if (expected is None) == (claimed is None) and not ("beach_defense" in (expected, claimed) and expected != claimed):
        return ()
    held_text = (expected or "no fortification").replace("_", " ")
    message = (
        f"attack {event.attack} on {', '.join(event.defender_hexes)}: the hex holds {held_text}, the attack "
        f"records {(claimed or 'none').replace('_', ' ')}; the 1:1 minimum and the mandatory Ex follow it "
        "(32.21A, 32.21C, 15.52, 15.55)"
    )
    return (breach("32.21A", message, expected or "none", claimed or "none"),)


def _siege_of(pos: Position, hex_: str, fort: Fortification) -> int | Unknown:
    """The siege turns of a hex, or why they cannot be known (a Russian IC's delay)."""
    siege = pos.state.land.sieges.get(hex_)
    if siege is None or not siege.turns:
        return 0
    facts = pos.hex(hex_)
    russian = controller_faction(pos.board.control.get(hex_) or fort.owner) == "russia"
    if russian and (facts is None or facts.industrial_centre is not False):
        return Unknown(reason=IC_DELAY)
    return siege.turns


def fortification_dm(pos: Position, event: AttackDeclared) -> Verdict:
    """32.21B: a defender's fortification DM items are those of its hex's fortifications against this attack, less
    the siege."""
    fort_rules = variant(pos)
    table = combat_rules.crt_table(pos.meta.rules, pos.meta.options)
    if fort_rules is None or table is None or not event.defenders:
        return
    forts, units = pos.board.fortifications, pos.board.units
    for d in event.defenders:
        codes = [(combat_rules.catalogue_code(m.code), m.value) for m in d.dms]
        claimed = sum(v for code, v in codes if code in rules.FORT_DM_CODES)
        hex_ = d.hex if d.hex is not None else event.defender_hexes[0] if len(event.defender_hexes) == 1 else None
        fort = forts.get(hex_) if hex_ is not None else None
        if fort is None and not claimed:
            continue
        if hex_ is None:
            yield Unknown(reason="the defender's hex is not recorded (defenders[].hex)")
            continue
        if any(code in rules.WEST_WALL_RIVER_CODES for code, _ in codes):
            yield Unknown(reason="a 15.321 West Wall river-and-fortification item: its river part needs the map")
            continue
        expected = _expected(pos, event, d.unit, hex_, fort, fort_rules)
        if isinstance(expected, Unknown):
            yield expected
            continue
        if claimed == expected[0]:
            continue
        raw = _raw(d.dms, table)
        if raw <= combat_rules.DM_FLOOR and raw - claimed + expected[0] <= combat_rules.DM_FLOOR:
            continue  # both at face value (15.31, 15.35; App. G 32.244)
        unit = units.get(d.unit)
        message = (
            f"attack {event.attack}: {d.unit} in {hex_} claims {claimed:+d} for fortifications and siege; "
            f"{expected[1]} gives {expected[0]:+d}"
            + (f" ({unit.supply})" if unit is not None and unit.supply in UNSUPPLIED_STATUSES else "")
        )
        yield breach("32.21B", message, f"{expected[0]:+d}", f"{claimed:+d}")


def _raw(dms: list[Modifier], table: combat_rules.CrtTable) -> int:
    raw: int = sum(m.value for m in dms)
    return raw if any(m.code in combat_rules.BASE_DM_CODES for m in dms) else raw + combat_rules.DM_BASE[table]


def _expected(
    pos: Position,
    event: AttackDeclared,
    unit_id: str,
    hex_: str,
    fort: Fortification | None,
    fort_rules: rules.FortVariant,
) -> tuple[int, str] | Unknown:
    """The fortification part of a defender's DM, and how it comes about (or why it cannot be told)."""
    if fort is None:
        return 0, f"{hex_} holds no fortification (32.31: none, or eliminated)"
    found = features(pos, hex_, fort, fort_rules)
    rear = _from_rear(event, fort, found)
    if rear is None:
        return Unknown(reason="where the attackers of a directional line attack from is not recorded (origin)")
    turns = _siege_of(pos, hex_, fort)
    if isinstance(turns, Unknown):
        return turns
    unit = pos.board.units.get(unit_id)
    kind = _attack_kind(event)
    value = rules.expected_fort_part(
        found,
        kind,
        from_rear=rear,
        also_from_land=kind == "seaborne" and bool(_land_attackers(event)),
        siege_turns=turns,
        isolated=unit is not None and unit.supply in UNSUPPLIED_STATUSES,
        variant=fort_rules,
    )
    what = ", ".join(f.replace("_", " ") for f in found) or "nothing"
    rule = "App. G 32.21" if fort_rules == "a3r_house" else "32.21B, 32.55-32.56, 32.65-32.66"
    siege = f", {turns} siege turn{'s' if turns != 1 else ''} (32.24)" if turns else ""
    return value, f"{what} against a {kind} attack{', attacked from the rear' if rear else ''}{siege} ({rule})"


def siege_updated(pos: Position, event: SiegeUpdated) -> Verdict:
    """32.24: a siege count is the turns the hex has gone without full supply; the fort DM and submarine DRM follow
    it."""
    fort_rules = variant(pos)
    if fort_rules is None:
        return
    fort = pos.board.fortifications.get(event.hex)
    if fort is None:
        yield breach("32.24", f"{event.hex} holds no fortification to besiege", "a fortified hex", event.hex)
        return
    siege = pos.state.land.sieges.get(event.hex)
    without = siege.without if siege is not None else 0
    turns_words = f"{without} turn{'s' if without != 1 else ''}"
    if event.turns_without_full_supply != without:
        message = (
            f"the supply determinations leave {event.hex} {turns_words} without full supply; recorded "
            f"{event.turns_without_full_supply} (32.241, 32.246)"
        )
        yield breach("32.241", message, without, event.turns_without_full_supply)
    turns = _siege_of(pos, event.hex, fort)
    if isinstance(turns, Unknown):
        yield turns
        return
    base = sum(
        rules.FORT_DMS[fort_rules][f].dm
        for f in features(pos, event.hex, fort, fort_rules)
        if f in rules.SIEGE_FEATURES
    )
    left = rules.siege_fort_dm(base, turns)
    if event.effective_dm is not None and event.effective_dm != left:
        message = (
            f"the fortification of {event.hex} gives +{base}, less 1 for each of {turns} siege turns: +{left}; "
            f"recorded +{event.effective_dm} (32.241; App. G 32.242)"
        )
        yield breach("32.241", message, left, event.effective_dm)
    if event.submarine_drm is None:
        return
    if fort_rules == "a3r_house":
        if not rules.house_submarines_unimpaired(base, without):
            yield Unknown(reason="App. G 32.248 does not say how much submarines are impaired")
            return
        drm = 0
    else:
        drm = rules.submarine_siege_drm(without)
    if event.submarine_drm != drm:
        message = (
            f"submarines in {event.hex}, {turns_words} without full supply, take {drm:+d} on their Naval Nationality "
            f"DRM beyond the naval oil effect; recorded {event.submarine_drm:+d} (32.248; App. G 32.248)"
        )
        yield breach("32.248", message, drm, event.submarine_drm)


def fortification_attrition(
    pos: Position, event: AttritionDeclared | AttritionOccupation | AttritionLossesTaken
) -> Verdict:
    """32.221: no attrition across a fortified enemy hexside (a unit counted whose enemy neighbours all lie across
    one), no attrition occupation across one or of a besieged fortification; (App. G) no attrition of units in an
    omnidirectional fort."""
    fort_rules = variant(pos)
    board = pos.board
    if fort_rules is None or not board.fortifications:
        return
    if isinstance(event, AttritionDeclared):
        yield from _counted_across(pos, event, fort_rules)
        return
    declared = pos.state.combat.attritions.get(event.attrition)
    attacker = declared.attacker if declared is not None else None
    if isinstance(event, AttritionLossesTaken):
        if fort_rules != "a3r_house":
            return
        for loss in event.losses:
            unit = board.units.get(loss.unit)
            fort = board.fortifications.get(unit.location) if unit is not None else None
            if unit is None or fort is None:
                continue
            if {"omni_fortification", "omni_fortress"} & set(features(pos, unit.location, fort, fort_rules)):
                message = (
                    f"{loss.unit} is in an omnidirectional fortification in {unit.location}; units there are never "
                    "attritioned (App. G 32.221, A3R 14.23D)"
                )
                yield breach("A3R App. G 32.221", message, "no attrition loss there", loss.unit)
        return
    moves = {m.to: board.units.get(m.unit) for m in event.moves}
    for hex_ in sorted({*event.hexes, *moves}):
        fort = board.fortifications.get(hex_)
        if fort is None or controller_faction(fort.owner) == attacker:
            continue
        found = features(pos, hex_, fort, fort_rules)
        counters = [f for f in found if f in rules.SIEGE_FEATURES]
        if not counters and not ("beach_defense" in found and fort.kind != "beach_defense"):
            continue  # beach defenses alone do not affect attrition (32.55); with a fort they do (32.56)
        why = _attrition_breach(pos, hex_, fort, counters, moves.get(hex_))
        if isinstance(why, Unknown):
            yield why
        elif why:
            yield breach("32.221", f"attrition {event.attrition} occupies {hex_}: {why}", "another hex", hex_)


def _counted_across(pos: Position, event: AttritionDeclared, fort_rules: rules.FortVariant) -> Verdict:
    """32.221: a unit counted in an attrition attritions across the hexsides between it and its enemy neighbours; where
    every such hexside is a fortified enemy one (an omnidirectional fortification or fortress, or a line facing
    the unit's hex: Maginot, West Wall, Sevastopol), it may not attrition."""
    board = pos.board
    for counted in event.counted:
        unit = board.units.get(counted.unit)
        if unit is None or not unit.location.startswith(("EUR:", "PAC:")):
            continue
        enemies = [h for h in pos.grid.neighbours(unit.location) if _enemy_ground(pos, h, event.side)]
        if not enemies:
            continue  # no enemy next to it: attrition_factors says whether it may count
        if all(_fortified_against(pos, h, unit.location, event.attacker, fort_rules) for h in enemies):
            message = f"attrition {event.attrition}: {counted.unit} in {unit.location} is counted, but each enemy hex "
            message += f"next to it ({', '.join(sorted(enemies))}) lies across a fortified enemy hexside (32.221)"
            yield breach("32.221", message, "no unit counted across fortified enemy hexsides only", counted.unit)


def _enemy_ground(pos: Position, hex_: str, side: str | None) -> bool:
    board = pos.board
    return any(
        (u := board.units.get(uid)) is not None
        and u.unit_type in GROUND_TYPES
        and u.unit_type != "partisan"
        and side_of(u.owner) not in (None, side)
        for uid in units_in(board, hex_)
    )


def _fortified_against(pos: Position, hex_: str, origin: str, attacker: str, fort_rules: rules.FortVariant) -> bool:
    """Whether the hexside from ``origin`` into ``hex_`` is a fortified enemy hexside (32.221)."""
    fort = pos.board.fortifications.get(hex_)
    if fort is None or controller_faction(fort.owner) == attacker:
        return False
    found = set(features(pos, hex_, fort, fort_rules))
    if found & {"omni_fortification", "omni_fortress"}:
        return True
    return bool(found & rules.DIRECTIONAL_KINDS) and origin in fort.faces


def _attrition_breach(
    pos: Position, hex_: str, fort: Fortification, counters: list[rules.FortFeature], mover: Any
) -> str | Unknown:
    """Why an attrition occupation of a fortified hex breaks 32.221 or 32.247 ('' if it does not)."""
    if pos.state.land.sieges.get(hex_) is not None:
        return "a besieged fortification is never captured by attrition (32.247)"
    if not rules.DIRECTIONAL_KINDS & set(counters):
        return "every hexside of the fortified hex is fortified; no attrition across a fortified enemy hexside (32.221)"
    origin: str | None = getattr(mover, "location", None)
    if origin is None or not fort.faces:
        return Unknown(reason="where a unit occupying a directional fortification by attrition came from is unknown")
    if origin in fort.faces:
        return f"from {origin}, across the fortified hexside of the line (32.221; only unfortified hexsides are open)"
    return ""


def fortification_eliminated(pos: Position, event: PlayerTurnEnded | FortificationEliminated) -> Verdict:
    """32.31: a fortification is eliminated when its hex comes under enemy control, and only then."""
    board = pos.board
    if isinstance(event, FortificationEliminated):
        fort = board.fortifications.get(event.hex)
        controller = board.control.get(event.hex)
        if (
            event.cause == "enemy_control"
            and fort is not None
            and controller is not None
            and controller_faction(controller) == controller_faction(fort.owner)
        ):
            message = f"the {fort.kind} in {event.hex} is removed for enemy control, but {controller} holds it"
            yield breach("32.31", message, "an enemy-controlled hex", controller)
        return
    for hex_, taken in sorted(pos.state.land.forts_lost.items()):
        fort = board.fortifications.get(hex_)
        if fort is None or board.control.get(hex_) != taken.controller:
            continue
        message = (
            f"the {fort.owner} {fort.kind.replace('_', ' ')} in {hex_} survives although {taken.controller} took the "
            f"hex (event {taken.seq}); it is eliminated when the enemy controls its hex (32.31, 32.57)"
        )
        yield breach("32.31", message, "eliminated", "still in play")


def fort_air_defense(pos: Position, event: AirMissionFlown) -> Verdict:
    """32.25: an air mission's target hex has the air defense of its fortifications: +1 for a fortification, +2 for a
    fortress."""
    target = event.target
    if target is None:
        return ()
    fort = pos.board.fortifications.get(target)
    if fort is None and not event.air_defense:
        return ()
    expected = rules.fort_air_defense(features(pos, target, fort, variant(pos) or "awaw")) if fort is not None else 0
    if not event.air_defense:
        if expected == 0:
            return ()
        return (
            Unknown(reason=f"air_mission_flown records no air defense level for the fortified hex {target} (32.25)"),
        )
    claimed = sum(m.value for m in event.air_defense if m.code in rules.AIR_DEFENSE_CODES)
    if claimed == expected:
        return ()
    what = f"its {fort.kind.replace('_', ' ')}" if fort is not None else "no fortification"
    message = (
        f"the {event.mission.replace('_', ' ')} mission on {target} meets an air defense with {claimed:+d} for "
        f"fortifications; {what} there gives {expected:+d} (32.251: a fortification +1, 32.252: a fortress +2)"
    )
    return (breach("32.25", message, f"{expected:+d}", f"{claimed:+d}"),)
