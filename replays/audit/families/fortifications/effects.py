"""Fortification effects (32.2, 32.3, 32.5, 32.6; App. G 32.2): what an attack records of the hex's fortification,
the fortification DMs a defender claims, the siege, attrition against fortified hexes and elimination: checks F-16
to F-23, C-FRT-1 to C-FRT-3 (F-22: the fortifications' part of an air mission's air defense level).

The fortifications of a hex are the board's counters (``fortification_placed``, ``fortification_built``): the
facing of a directional line is the ``hexsides`` its placement recorded; Singapore is the hex the map data names
so. The siege is projection state (:attr:`projections.land.LandState.sieges`): a turn is counted at the owner's
first supply determination of a game turn that leaves the hex (or its units) without full supply, and full supply
ends it at once.
"""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.events import (
    AirMissionFlown,
    AttackDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    FortificationEliminated,
    PlayerTurnEnded,
    SiegeUpdated,
)
from awaw_events.events.base import Modifier
from awaw_events.events.combat import Attacker
from projections.board import Fortification
from projections.rules import combat as combat_rules
from projections.rules.control import controller_faction
from projections.rules.fortifications import (
    AIR_DEFENSE_CODES,
    DIRECTIONAL_KINDS,
    FORT_DM_CODES,
    FORT_DMS,
    LAND_ATTACKER_ROLES,
    SIEGE_FEATURES,
    WEST_WALL_RIVER_CODES,
    AttackKind,
    FortFeature,
    FortVariant,
    attacked_from_rear,
    declared_fortification,
    expected_fort_part,
    fort_air_defense,
    house_submarines_unimpaired,
    siege_fort_dm,
    submarine_siege_drm,
)
from projections.rules.supply import UNSUPPLIED_STATUSES
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.fortifications.base import FAMILY, features, variant

IC_DELAY: Final = "the BRPs of a Russian IC in the hex (the 32.241 siege delay) are not in the state"


def _land_attackers(event: AttackDeclared) -> list[Attacker]:
    """Attackers that attack from an adjacent land hex (not invading from the sea, not dropped)."""
    return [a for a in event.attackers if a.role in LAND_ATTACKER_ROLES and a.hexside not in ("sea", "airdrop")]


def _attack_kind(event: AttackDeclared) -> AttackKind:
    if event.kind == "invasion":
        return "seaborne"
    if event.kind == "airdrop" or all(a.role == "airdropped" or a.hexside == "airdrop" for a in event.attackers):
        return "airdrop"
    return "land"


def _from_rear(event: AttackDeclared, fort: Fortification, found: tuple[FortFeature, ...]) -> bool | None:
    """Whether some land attacker attacks a directional line from the rear (``None``: cannot be told): from the
    facing the placement recorded, else from the attackers' hexsides as claimed (``fortified`` in front,
    ``unfortified_of_fort_line`` behind)."""
    if not DIRECTIONAL_KINDS & set(found):
        return False
    land = _land_attackers(event)
    rear = attacked_from_rear((a.origin for a in land), fort.faces)
    if rear is not None:
        return rear
    if any(a.hexside == "unfortified_of_fort_line" for a in land):
        return True
    if all(a.hexside == "fortified" for a in land):
        return False
    return None


def _hex_of(event: AttackDeclared, hex_: str | None) -> str | None:
    if hex_ is not None:
        return hex_
    return event.defender_hexes[0] if len(event.defender_hexes) == 1 else None


@FAMILY.check(
    "32.21A",
    "an attack records the fortification of the hex it attacks (the 1:1 minimum and the mandatory Ex follow it)",
    reads=(AttackDeclared,),
    covers=("F-16", "F-18"),
)
def check_fortification_declared(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    forts = ctx.state.board.fortifications
    if variant(ctx) != "awaw" or (event.fortification is None and not any(h in forts for h in event.defender_hexes)):
        return
    held: list[FortFeature] = []
    for hex_ in event.defender_hexes:
        fort = forts.get(hex_)
        if fort is not None:
            held.extend(features(ctx, hex_, fort, "awaw"))
    expected = declared_fortification(held)
    claimed = event.fortification
    if (expected is None) != (claimed is None) or ("beach_defense" in (expected, claimed) and expected != claimed):
        hexes = ", ".join(event.defender_hexes)
        held_text = (expected or "no fortification").replace("_", " ")
        claim_text = (claimed or "none").replace("_", " ")
        yield c.finding(
            ctx,
            expected=expected or "none",
            recorded=claimed or "none",
            message=f"attack {event.attack} on {hexes}: the hex holds {held_text}, the attack records {claim_text}; "
            "the 1:1 minimum and the mandatory Ex follow it (32.21A, 32.21C, 15.52, 15.55)",
        )


def _siege_of(ctx: AuditContext[Any], hex_: str, fort: Fortification) -> int | Missing:
    """The siege turns of a hex, or why they cannot be known (a Russian IC's delay)."""
    siege = ctx.state.land.sieges.get(hex_)
    if siege is None or not siege.turns:
        return 0
    facts = ctx.hex(hex_)
    russian = controller_faction(ctx.state.board.control.get(hex_) or fort.owner) == "russia"
    if russian and (facts is None or facts.industrial_centre is not False):
        return Missing(reason=IC_DELAY)
    return siege.turns


@FAMILY.check(
    "32.21B",
    "a defender's fortification DM items are those of its hex's fortifications against this attack, less the siege",
    reads=(AttackDeclared,),
    covers=("F-17", "F-20", "F-23", "C-FRT-1", "C-FRT-2"),
)
def check_fortification_dm(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    rules = variant(ctx)
    table = combat_rules.crt_table(ctx.meta.rules, ctx.meta.options)
    if rules is None or table is None or not event.defenders:
        return
    forts = ctx.state.board.fortifications
    units = ctx.state.board.units
    for d in event.defenders:
        codes = [(combat_rules.catalogue_code(m.code), m.value) for m in d.dms]
        claimed = sum(v for code, v in codes if code in FORT_DM_CODES)
        hex_ = _hex_of(event, d.hex)
        fort = forts.get(hex_) if hex_ is not None else None
        if fort is None and not claimed:
            continue
        if hex_ is None:
            yield Missing(reason="the defender's hex is not recorded (defenders[].hex)")
            continue
        if any(code in WEST_WALL_RIVER_CODES for code, _ in codes):
            yield Missing(reason="a 15.321 West Wall river-and-fortification item: its river part needs the map")
            continue
        expected = _expected(ctx, event, d.unit, hex_, fort, rules)
        if isinstance(expected, Missing):
            yield expected
            continue
        if claimed == expected[0]:
            continue
        raw = _raw(d.dms, table)
        if raw <= combat_rules.DM_FLOOR and raw - claimed + expected[0] <= combat_rules.DM_FLOOR:
            continue  # both at face value (15.31, 15.35; App. G 32.244)
        unit = units.get(d.unit)
        yield c.finding(
            ctx,
            expected=f"{expected[0]:+d}",
            recorded=f"{claimed:+d}",
            message=f"attack {event.attack}: {d.unit} in {hex_} claims {claimed:+d} for fortifications and siege; "
            f"{expected[1]} gives {expected[0]:+d}"
            + (f" ({unit.supply})" if unit is not None and unit.supply in UNSUPPLIED_STATUSES else ""),
        )


def _raw(dms: list[Modifier], table: combat_rules.CrtTable) -> int:
    items = list(dms)
    raw: int = sum(m.value for m in items)
    return raw if any(m.code in combat_rules.BASE_DM_CODES for m in items) else raw + combat_rules.DM_BASE[table]


def _expected(
    ctx: AuditContext[AttackDeclared],
    event: AttackDeclared,
    unit_id: str,
    hex_: str,
    fort: Fortification | None,
    rules: FortVariant,
) -> tuple[int, str] | Missing:
    """The fortification part of a defender's DM, and how it comes about (or why it cannot be told)."""
    if fort is None:
        return 0, f"{hex_} holds no fortification (32.31: none, or eliminated)"
    found = features(ctx, hex_, fort, rules)
    rear = _from_rear(event, fort, found)
    if rear is None:
        return Missing(reason="where the attackers of a directional line attack from is not recorded (origin)")
    turns = _siege_of(ctx, hex_, fort)
    if isinstance(turns, Missing):
        return turns
    unit = ctx.state.board.units.get(unit_id)
    isolated = unit is not None and unit.supply in UNSUPPLIED_STATUSES
    kind = _attack_kind(event)
    value = expected_fort_part(
        found,
        kind,
        from_rear=rear,
        also_from_land=kind == "seaborne" and bool(_land_attackers(event)),
        siege_turns=turns,
        isolated=isolated,
        variant=rules,
    )
    what = ", ".join(f.replace("_", " ") for f in found) or "nothing"
    rule = "App. G 32.21" if rules == "a3r_house" else "32.21B, 32.55-32.56, 32.65-32.66"
    siege = f", {turns} siege turn{'s' if turns != 1 else ''} (32.24)" if turns else ""
    rear_text = ", attacked from the rear" if rear else ""
    return value, f"{what} against a {kind} attack{rear_text}{siege} ({rule})"


def _base_dm(found: tuple[FortFeature, ...], rules: FortVariant) -> int:
    return sum(FORT_DMS[rules][f].dm for f in found if f in SIEGE_FEATURES)


@FAMILY.check(
    "32.24",
    "a siege count is the turns the hex has gone without full supply; the fort DM and submarine DRM follow it",
    reads=(SiegeUpdated,),
    covers=("F-20", "F-21", "C-FRT-2"),
)
def check_siege_updated(c: Check, ctx: AuditContext[SiegeUpdated]) -> Result:
    event = ctx.event
    rules = variant(ctx)
    if rules is None:
        return
    fort = ctx.state.board.fortifications.get(event.hex)
    if fort is None:
        yield c.finding(
            ctx,
            expected="a fortified hex",
            recorded=event.hex,
            message=f"{event.hex} holds no fortification to besiege",
        )
        return
    siege = ctx.state.land.sieges.get(event.hex)
    without = siege.without if siege is not None else 0
    if event.turns_without_full_supply != without:
        yield c.finding(
            ctx,
            expected=without,
            recorded=event.turns_without_full_supply,
            message=f"the supply determinations leave {event.hex} {without} turn{'s' if without != 1 else ''} "
            f"without full supply; recorded {event.turns_without_full_supply} (32.241, 32.246)",
        )
    turns = _siege_of(ctx, event.hex, fort)
    if isinstance(turns, Missing):
        yield turns
        return
    base = _base_dm(features(ctx, event.hex, fort, rules), rules)
    left = siege_fort_dm(base, turns)
    if event.effective_dm is not None and event.effective_dm != left:
        yield c.finding(
            ctx,
            expected=left,
            recorded=event.effective_dm,
            message=f"the fortification of {event.hex} gives +{base}, less 1 for each of {turns} siege turns: "
            f"+{left}; recorded +{event.effective_dm} (32.241; App. G 32.242)",
        )
    if event.submarine_drm is None:
        return
    if rules == "a3r_house":
        if not house_submarines_unimpaired(base, without):
            yield Missing(reason="App. G 32.248 does not say how much submarines are impaired")
            return
        drm = 0
    else:
        drm = submarine_siege_drm(without)
    if event.submarine_drm != drm:
        yield c.finding(
            ctx,
            expected=drm,
            recorded=event.submarine_drm,
            message=f"submarines in {event.hex}, {without} turn{'s' if without != 1 else ''} without full supply, take "
            f"{drm:+d} on their Naval Nationality DRM beyond the naval oil effect; recorded {event.submarine_drm:+d} "
            "(32.248; App. G 32.248)",
        )


def _attacker_faction(ctx: AuditContext[Any], attrition: str) -> str | None:
    declared = ctx.state.combat.attritions.get(attrition)
    return declared.attacker if declared is not None else None


@FAMILY.check(
    "32.221",
    "no attrition occupation across a fortified enemy hexside or of a besieged fortification; (App. G) no attrition "
    "of units in an omnidirectional fort",
    reads=(AttritionOccupation, AttritionLossesTaken),
    partly={
        "F-19": "only occupations are checked: which enemy hexes the counted units attrition across is not recorded",
        "C-FRT-3": "only occupations and losses are checked: which enemy hexes the counted units attrition across "
        "is not recorded",
    },
)
def check_fortification_attrition(c: Check, ctx: AuditContext[AttritionOccupation | AttritionLossesTaken]) -> Result:
    event = ctx.event
    rules = variant(ctx)
    board = ctx.state.board
    if rules is None or not board.fortifications:
        return
    attacker = _attacker_faction(ctx, event.attrition)
    if isinstance(event, AttritionLossesTaken):
        if rules != "a3r_house":
            return
        for loss in event.losses:
            unit = board.units.get(loss.unit)
            fort = board.fortifications.get(unit.location) if unit is not None else None
            if unit is None or fort is None:
                continue
            if {"omni_fortification", "omni_fortress"} & set(features(ctx, unit.location, fort, rules)):
                yield c.finding(
                    ctx,
                    expected="no attrition loss there",
                    recorded=loss.unit,
                    message=f"{loss.unit} is in an omnidirectional fortification in {unit.location}; units there are "
                    "never attritioned (App. G 32.221, A3R 14.23D)",
                )
        return
    moves = {m.to: board.units.get(m.unit) for m in event.moves}
    for hex_ in sorted({*event.hexes, *moves}):
        fort = board.fortifications.get(hex_)
        if fort is None or controller_faction(fort.owner) == attacker:
            continue
        found = features(ctx, hex_, fort, rules)
        counters = [f for f in found if f in SIEGE_FEATURES]
        if not counters and not ("beach_defense" in found and fort.kind != "beach_defense"):
            continue  # beach defenses alone do not affect attrition (32.55); with a fort they do (32.56)
        why = _attrition_breach(ctx, hex_, fort, counters, moves.get(hex_))
        if isinstance(why, Missing):
            yield why
        elif why:
            yield c.finding(
                ctx,
                expected="another hex",
                recorded=hex_,
                message=f"attrition {event.attrition} occupies {hex_}: {why}",
            )


def _attrition_breach(
    ctx: AuditContext[Any], hex_: str, fort: Fortification, counters: list[FortFeature], mover: Any
) -> str | Missing:
    """Why an attrition occupation of a fortified hex breaks 32.221 or 32.247 ('' if it does not)."""
    if ctx.state.land.sieges.get(hex_) is not None:
        return "a besieged fortification is never captured by attrition (32.247)"
    if not DIRECTIONAL_KINDS & set(counters):
        return "every hexside of the fortified hex is fortified; no attrition across a fortified enemy hexside (32.221)"
    origin = cast(str | None, getattr(mover, "location", None))
    if origin is None or not fort.faces:
        return Missing(reason="where a unit occupying a directional fortification by attrition came from is unknown")
    if origin in fort.faces:
        return f"from {origin}, across the fortified hexside of the line (32.221; only unfortified hexsides are open)"
    return ""


@FAMILY.check(
    "32.31",
    "a fortification is eliminated when its hex comes under enemy control, and only then",
    reads=(PlayerTurnEnded, FortificationEliminated),
    covers=("F-23",),
)
def check_fortification_eliminated(c: Check, ctx: AuditContext[PlayerTurnEnded | FortificationEliminated]) -> Result:
    board = ctx.state.board
    event = ctx.event
    if isinstance(event, FortificationEliminated):
        fort = board.fortifications.get(event.hex)
        controller = board.control.get(event.hex)
        if (
            event.cause == "enemy_control"
            and fort is not None
            and controller is not None
            and controller_faction(controller) == controller_faction(fort.owner)
        ):
            yield c.finding(
                ctx,
                expected="an enemy-controlled hex",
                recorded=controller,
                message=f"the {fort.kind} in {event.hex} is removed for enemy control, but {controller} holds it",
            )
        return
    for hex_, taken in sorted(ctx.state.land.forts_lost.items()):
        fort = board.fortifications.get(hex_)
        if fort is None or board.control.get(hex_) != taken.controller:
            continue
        yield c.finding(
            ctx,
            expected="eliminated",
            recorded="still in play",
            message=(
                f"the {fort.owner} {fort.kind.replace('_', ' ')} in {hex_} survives although {taken.controller} took "
                f"the hex (event {taken.seq}); it is eliminated when the enemy controls its hex (32.31, 32.57)"
            ),
        )


@FAMILY.check(
    "32.25",
    "an air mission's target hex has the air defense of its fortifications: +1 for a fortification, +2 for a fortress",
    reads=(AirMissionFlown,),
    id="fort_air_defense",
    covers=("F-22",),
)
def check_fort_air_defense(c: Check, ctx: AuditContext[AirMissionFlown]) -> Result:
    event = ctx.event
    target = event.target
    if target is None:
        return ()
    fort = ctx.state.board.fortifications.get(target)
    if fort is None and not event.air_defense:
        return ()
    fort_rules = variant(ctx) or "awaw"
    expected = fort_air_defense(features(ctx, target, fort, fort_rules)) if fort is not None else 0
    if not event.air_defense:
        if expected == 0:
            return ()
        why = f"air_mission_flown records no air defense level for the fortified hex {target} (32.25)"
        return (Missing(reason=why),)
    claimed = sum(m.value for m in event.air_defense if m.code in AIR_DEFENSE_CODES)
    if claimed == expected:
        return ()
    what = f"its {fort.kind.replace('_', ' ')}" if fort is not None else "no fortification"
    return (
        c.finding(
            ctx,
            expected=f"{expected:+d}",
            recorded=f"{claimed:+d}",
            message=f"the {event.mission.replace('_', ' ')} mission on {target} meets an air defense with "
            f"{claimed:+d} for fortifications; {what} there gives {expected:+d} (32.251: a fortification +1, 32.252: a "
            "fortress +2)",
        ),
    )
