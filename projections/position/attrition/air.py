"""Air combat (A3R house App. C-2, 19.2-19.42; option ``air.combat = awaw_17_19_house``) and jets (17.53)."""

from __future__ import annotations

from awaw_events.events import (
    AirCombatResolved,
    AirMissionFlown,
    CombatRoundResolved,
    PhaseStarted,
    UnitBuilt,
)
from awaw_events.events.base import UnitFactors
from projections.position.common import rolled
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.rules import air
from projections.rules import combat as rules_combat


def air_combat(pos: Position, event: AirCombatResolved) -> Verdict:
    """19.42: each side's air combat result is the table's for its factors and modified 2d6"""
    if not air.house_air_combat(pos.meta.rules, pos.meta.options):
        return
    found = rolled(pos, event.roll)
    if found is None:
        return
    rolls = _rolls(pos, event)
    if rolls is None:
        yield Unknown(reason="an air combat roll needs four dice: the attacker's 2d6, then the defender's")
        return
    for (side, target), roll in zip((("attacker", "defender"), ("defender", "attacker")), rolls, strict=True):
        strength, enemy = getattr(event, f"{side}_factors"), getattr(event, f"{target}_factors")
        elim, abort = getattr(event, f"{target}_eliminated"), getattr(event, f"{target}_aborted")
        if strength <= 0:
            continue
        result = air.air_combat_result(strength, roll)
        for b in air.air_round_findings(
            strength, roll, recorded_eliminated=elim, recorded_aborted=abort, enemy_factors=enemy
        ):
            yield breach(
                "19.42",
                f"air battle {event.battle} round {event.round}: the {side}'s {strength} factors roll "
                f"{roll} ({air.clamp_air_dice(roll)} on the table) = {result.label} against the {target}'s {enemy} "
                f"factors; {b.message} ({b.rule})",
                result.label,
                f"{elim}/{abort}",
            )


def jet_missions(pos: Position, event: AirMissionFlown) -> Verdict:
    """17.531: jets fly only the missions 17.53 allows: never ground support, DAS or bombing"""
    if event.mission not in air.JET_FORBIDDEN_FLOWN or not air.house_air_combat(pos.meta.rules, pos.meta.options):
        return
    units = pos.state.board.units
    for u in event.units:
        unit = units.get(u)
        if unit is not None and unit.unit_type == "jet":
            yield breach(
                "17.531",
                f"jet {u} flies {event.mission.replace('_', ' ')}; jets never fly ground support, DAS, "
                "bombing or attacks on naval units (17.531)",
                "a mission jets may fly",
                f"{u}: {event.mission}",
            )


def _air_row(pos: Position, units: list[UnitFactors], squadrons: bool) -> tuple[int, int] | None:
    """A side's table row (17.55) and its jet factors, from its units' types on the board (None: a unit unknown)."""
    board = pos.state.board
    army = jets = nas = 0
    for u in units:
        unit = board.units.get(u.unit)
        if unit is None:
            return None
        if unit.unit_type == "jet":
            jets += u.factors
        elif unit.unit_type == "nas":
            nas += u.factors
        else:
            army += u.factors
    return air.air_combat_strength(army, jets, nas, in_squadrons=squadrons), jets


def air_rows(pos: Position, event: AirCombatResolved) -> Verdict:
    """19.2: each side's air combat row is its AAF + 3 x jets (squadrons with naval air); single-round battles have
    one round"""
    if not air.house_air_combat(pos.meta.rules, pos.meta.options):
        return
    for b in air.air_rounds_findings(event.case, event.round) if event.case is not None else ():
        yield breach(
            "19.2",
            f"air battle {event.battle}: {b.message}; counterair against a naval base fights one air round per "
            f"naval round ({b.rule})",
            "one round",
            f"round {event.round}",
        )
    if not event.attacker_units or not event.defender_units:
        yield Unknown(reason="the air units engaged are not recorded (air_combat_resolved.attacker_units)")
        return
    board = pos.state.board
    squadrons = any(
        (unit := board.units.get(u.unit)) is not None and unit.unit_type == "nas"
        for u in (*event.attacker_units, *event.defender_units)
    )
    for side, units, recorded in (
        ("attacker", event.attacker_units, event.attacker_factors),
        ("defender", event.defender_units, event.defender_factors),
    ):
        found = _air_row(pos, units, squadrons)
        if found is None:
            yield Unknown(reason=f"an air unit of the {side} is not on the board")
            continue
        if found[0] != recorded:
            yield breach(
                "19.2",
                f"air battle {event.battle}: the {side}'s units read row {found[0]} (AAF + 3 x jet factors"
                + (", in squadrons with naval air" if squadrons else "")
                + f"; 17.55, 19.2), recorded {recorded}",
                found[0],
                recorded,
            )


def jet_builds(pos: Position, event: UnitBuilt) -> Verdict:
    """17.54: jets are built after a 13+ jet research result, at 3 BRPs a factor"""
    if event.unit_type != "jet" or not air.house_air_combat(pos.meta.rules, pos.meta.options):
        return
    best = pos.state.combat.jet_research.get(event.owner)
    for b in air.jet_build_findings(event.factors, event.cost, best):
        yield breach(
            "17.54",
            f"jet {event.unit} built by {event.owner} (best jet research result "
            f"{best if best is not None else 'none'}): {b.message} ({b.rule})",
            "a legal jet build",
            f"{event.unit}: {event.factors} factors, {event.cost} BRPs",
        )


def _rolls(pos: Position, event: AirCombatResolved) -> tuple[int, int] | None:
    """The attacker's and the defender's modified 2d6 (19.21, 19.31), or None when the roll is not usable."""
    found = rolled(pos, event.roll)
    if found is None or len(found.dice) != air.AIR_DICE or any(not 1 <= f <= 6 for f in found.dice):
        return None
    faces = found.dice
    modifier = sum(m.value for m in event.modifiers)
    return faces[0] + faces[1] + modifier, faces[2] + faces[3] - modifier


def _types(pos: Position, units: list[UnitFactors]) -> dict[str, str] | None:
    """Each engaged unit's type for 19.61: its nationality, jets apart (None: a unit not on the board)."""
    found: dict[str, str] = {}
    for u in units:
        unit = pos.state.board.units.get(u.unit)
        if unit is None:
            return None
        found[u.unit] = f"{unit.nationality}/{'jet' if unit.unit_type == 'jet' else 'air'}"
    return found


def air_losses(pos: Position, event: AirCombatResolved) -> Verdict:
    """19.6: air losses are shared among the types of a mixed force, and counterair hits uninverted units first"""
    if not air.house_air_combat(pos.meta.rules, pos.meta.options):
        return
    if not (event.attacker_losses or event.attacker_aborts or event.defender_losses or event.defender_aborts):
        if event.attacker_eliminated or event.defender_eliminated or event.attacker_aborted or event.defender_aborted:
            yield Unknown(reason="which air units took the losses is not recorded (air_combat_resolved.*_losses)")
        return
    rolls = _rolls(pos, event)
    if rolls is None:
        return
    for (side, other), roll in zip((("attacker", "defender"), ("defender", "attacker")), reversed(rolls), strict=True):
        units, strength = getattr(event, f"{side}_units"), getattr(event, f"{other}_factors")
        lost, aborted = getattr(event, f"{side}_losses"), getattr(event, f"{side}_aborts")
        types = _types(pos, units)
        if types is None or strength <= 0 or not (lost or aborted):
            continue  # the side's losses by unit are not recorded (the result check reads the totals)
        factors: dict[str, int] = {}
        for u in units:
            factors[types[u.unit]] = factors.get(types[u.unit], 0) + u.factors
        recorded: dict[str, air.AirResult] = {t: air.AirResult(0, 0) for t in factors}
        for group, is_elim in ((lost, True), (aborted, False)):
            for u in group:
                kind = types.get(u.unit)
                if kind is not None:
                    bump = air.AirResult(u.factors, 0) if is_elim else air.AirResult(0, u.factors)
                    recorded[kind] = recorded[kind] + bump
        result = air.air_combat_result(strength, roll)
        types_list = [air.AirType(name, f) for name, f in factors.items()]
        for b in air.air_loss_findings(result, types_list, recorded):
            yield breach(
                "19.6",
                f"air battle {event.battle}: the {side}'s losses ({result.label}): {b.message} ({b.rule})",
                "losses shared as 19.6 does",
                ", ".join(f"{t} {r.label}" for t, r in recorded.items()),
            )
        if side == "defender" and event.case == "counterair":
            board = pos.state.board
            inverted = {u.unit for u in units if (x := board.units.get(u.unit)) is not None and x.inverted}
            spared = [u.unit for u in units if u.unit not in inverted and u.unit not in {x.unit for x in lost}]
            hit = sorted({u.unit for u in lost} & inverted)
            wasted = sorted({u.unit for u in aborted} & inverted)
            if hit and spared:
                yield breach(
                    "19.6",
                    f"air battle {event.battle}: inverted {', '.join(hit)} eliminated while uninverted "
                    f"{', '.join(spared)} survived (19.64)",
                    "uninverted units eliminated first",
                    ", ".join(hit),
                )
            if wasted:
                yield breach(
                    "19.6",
                    f"air battle {event.battle}: aborts have no effect on inverted units (19.64)",
                    "no aborts on inverted units",
                    ", ".join(wasted),
                )


def das(pos: Position, event: AirMissionFlown | CombatRoundResolved | PhaseStarted) -> Verdict:
    """18.619: DAS: only what the interceptors' final roll spared supports; deferred DAS only below 1:1, and the
    attack is made"""
    combat = pos.state.combat
    if isinstance(event, AirMissionFlown):
        quiet = event.mission != "deferred_das"
    else:
        quiet = not (combat.das_left if isinstance(event, CombatRoundResolved) else combat.deferred_das)
    return () if quiet else list(_das(pos, event))


def _das(pos: Position, event: AirMissionFlown | CombatRoundResolved | PhaseStarted) -> Verdict:
    combat = pos.state.combat
    if isinstance(event, AirMissionFlown):
        attack = combat.attacks.get(event.ref) if event.ref is not None else None
        if event.mission != "deferred_das" or attack is None:
            return
        mine = set(event.units)
        das = sum(attack.left(u, f) for u, f in attack.das.items() if u not in mine)
        defence = rules_combat.defence_strength(attack.defending_units(), das, invasion=attack.invasion)
        strength = attack.attack_now(frozenset(attack.ground_alive()))
        if strength > 0 and defence > 0 and not air.deferred_das_allowed(strength, defence):
            yield breach(
                "18.619",
                f"deferred DAS flown against attack {event.ref} at {strength} against {defence}; deferred DAS "
                "only meets attacks announced at odds below 1:1 (18.619)",
                "an attack announced below 1:1",
                rules_combat.odds(strength, defence).ratio,
            )
        return
    if isinstance(event, CombatRoundResolved):
        attack = combat.attacks.get(event.attack)
        left = combat.das_left.get(event.attack)
        if event.round != 1 or attack is None or left is None:
            return
        declared = sum(attack.das.values())
        if declared > left:
            yield breach(
                "18.619",
                f"attack {event.attack}: {declared} DAS factors support the defence, but only {left} were "
                "neither eliminated nor aborted by the interceptors' final roll (18.563)",
                f"at most {left} DAS factors",
                declared,
            )
        return
    if event.phase not in ("exploitation", "attrition"):
        return
    for ref in sorted(combat.deferred_das):
        attack = combat.attacks.get(ref)
        if attack is not None and not attack.rounds:
            yield breach(
                "18.619",
                f"deferred DAS was flown against attack {ref}, which was never resolved: the attacker must "
                "complete it (18.619)",
                f"attack {ref} resolved",
                "no round",
            )
