"""Attrition occupation (14.6), the Russian winter designations (14.521) and the bases of hexes attrition empties
(14.523: the board's ``counters``, from ``counter_placed`` and ``counter_removed``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

from awaw_events.events import (
    AttritionOccupation,
    AttritionResolved,
    PlayerTurnEnded,
)
from awaw_events.vocab import FACTION_OF_POWER, GROUND_TYPES
from projections.board import units_in
from projections.movement import side_of
from projections.position.attrition import game_variant
from projections.position.common import on_map
from projections.position.core import Position, Unknown, breach, turn_of
from projections.position.fortifications import features
from projections.position.fortifications import variant as fortification_variant
from projections.position.movement import Verdict
from projections.rules import attrition as rules
from projections.rules import bridgeheads
from projections.rules.supply import UNSUPPLIED_STATUSES
from projections.rules.weather import WINTER_PREPARATION_START, winter_terrain


def power_faction(power: str) -> str:
    """The alliance faction of a major power (any other owner: itself)."""
    return FACTION_OF_POWER.get(power, power)  # type: ignore[call-overload,no-any-return]


def _fortified(pos: Position, hex_: str) -> str | None:
    """The fortification of a hex that bars its attrition occupation outright (14.62C), in words, or None."""
    fort = pos.state.board.fortifications.get(hex_)
    if fort is None:
        return None
    fort_rules = fortification_variant(pos)
    if fort_rules is None:  # standard A3R: the counters' effects are undecided; a fort or fortress bars all the same
        return fort.kind if fort.kind in ("fortification", "fortress", "port") else None
    if fort.kind == "port" or rules.OCCUPATION_BARRED_FEATURES & set(features(pos, hex_, fort, fort_rules)):
        return fort.kind
    return None


def _holds_defender(pos: Position, event: AttritionOccupation, hex_: str) -> bool | Unknown:
    """Whether ``hex_`` holds a non-partisan ground unit of the attrition's enemy (14.61, 14.62A; in an attrition of
    partisans, a partisan: C-ATT-9); unknown where some unit moved in this attrition phase before the occupation was
    recorded (a retreat, 14.71)."""
    board = pos.state.board
    partisans = pos.state.combat.attritions[event.attrition].partisans
    for u in units_in(board, hex_):
        unit = board.units.get(u)
        if (
            unit is not None
            and unit.unit_type in GROUND_TYPES
            and (partisans or unit.unit_type != "partisan")
            and side_of(unit.owner) not in (None, event.side)
        ):
            return True
    moves = pos.state.movement
    if moves.phase == (turn_of(event), event.side, event.phase) and moves.spent:
        return Unknown(reason=f"units moved in this attrition phase before {hex_} was occupied: what it held (14.61)")
    return False


def _non_partisans(pos: Position, event: AttritionOccupation, hex_: str) -> list[str]:
    """The enemy ground units in ``hex_`` that are not partisans."""
    board = pos.state.board
    return sorted(
        u
        for u in units_in(board, hex_)
        if (unit := board.units.get(u)) is not None
        and unit.unit_type in GROUND_TYPES
        and unit.unit_type != "partisan"
        and side_of(unit.owner) not in (None, event.side)
    )


def _occupation_problems(pos: Position, event: AttritionOccupation, hex_: str, wiped: bool) -> Iterator[str | Unknown]:
    """Why one selected hex may not be occupied (14.61, 14.62A-E, 14.64), or what cannot be told."""
    board = pos.state.board
    house = game_variant(pos) == "a3r_house"
    record = pos.state.combat.attrition_losses.get(event.attrition, {})
    here = record.get(hex_)
    partisans = pos.state.combat.attritions[event.attrition].partisans
    if here is not None and not wiped:
        if here.emptied:
            yield "no non-partisan defending ground unit is left in it (14.62A)"
        elif set(record) == {hex_} and house:
            yield "the defender took all of this attrition's losses from it (house 14.62B)"
        elif set(record) == {hex_} and here.largest_taken:
            yield "the defender took all of this attrition's losses from it, its largest unit included (14.62B)"
    elif not wiped and on_map(hex_):
        held = _holds_defender(pos, event, hex_)
        if isinstance(held, Unknown):
            yield held
        elif not held:
            yield "it holds no non-partisan enemy ground unit (14.61, 14.62A)"
    if partisans and not wiped and on_map(hex_):
        others = _non_partisans(pos, event, hex_)
        if others:
            yield f"it holds {', '.join(others)}: an attrition of partisans takes only hexes of partisans (C-ATT-9)"
    bridgehead = board.bridgeheads.get(hex_)
    if (
        house
        and bridgehead is not None
        and bridgeheads.attrition_occupation_allowed(
            cast(bridgeheads.BridgeheadCause, bridgehead.cause), overrun=bridgeheads.overrun_reading(pos.meta.options)
        )
    ):  # the others are barred in both rules (31.64: bridgehead_attrition)
        what = bridgehead.cause.replace("_", " ")
        yield f"it holds a {what} bridgehead: in the house rules any bridgehead bars it (house 14.62C)"
    for attack in pos.state.combat.attacks.values():
        if hex_ in attack.declared.defender_hexes and attack.all_defenders_gone(hex_):
            yield f"attack {attack.declared.attack} eliminated all its defenders this turn (14.63)"
    fortified = _fortified(pos, hex_)
    if fortified is not None:
        yield f"it holds a {fortified.replace('_', ' ')} (14.62C)"
    if hex_ in board.railheads:
        yield "it holds a railhead (14.62C)"
    facts = pos.hex(hex_)
    key = [k for k in rules.OCCUPATION_BARRED_FACTS if facts is not None and getattr(facts, k)]
    if facts is not None and facts.name == "Luxembourg":
        key = [k for k in key if k != "capital"]  # 14.62C: Luxembourg, which has no capital, may be taken
    if key:
        yield f"it is a {' and '.join(k.replace('_', ' ') for k in key)} hex (14.62C)"
    terrain = None if facts is None else winter_terrain(facts.terrain, season=event.season, front=facts.front)
    if facts is None or facts.terrain is None:
        yield pos.missing_hex(hex_, "terrain")
    elif terrain is None:
        yield pos.missing_hex(hex_, "front")  # a swamp in winter: frozen only on the eastern front (34.23C)
    else:
        movers = [board.units.get(m.unit) for m in event.moves if m.to == hex_]
        japanese = bool(movers) and all(u is not None and u.nationality in ("japan", "chindit") for u in movers)
        if rules.occupation_terrain_barred(terrain, japanese=japanese):
            yield f"it is {terrain} (14.62D)"
    counted = pos.state.combat.attritions[event.attrition].counted
    near = [
        u.unit
        for u in counted
        if (unit := board.units.get(u.unit)) is not None
        and on_map(unit.location, hex_)
        and pos.grid.adjacent(unit.location, hex_)
    ]
    if on_map(hex_) and not near:
        yield "no unit counted in this attrition stands next to it (14.61)"
    if not any(m.to == hex_ for m in event.moves):
        yield "no attritioning unit advances into it (14.64)"
    yield from _advances(pos, event, hex_)


def _advances(pos: Position, event: AttritionOccupation, hex_: str) -> Iterator[str | Unknown]:
    """Why a unit advancing into ``hex_`` may not: not next to it (14.64), unsupplied at this player turn's initial
    supply determination (14.61), or across a river or crossing-arrow hexside (14.62E: a hex bounded by rivers is
    occupied only by units attritioning across other hexsides)."""
    board = pos.state.board
    initial = pos.state.land.initial_status
    for m in event.moves:
        unit = board.units.get(m.unit)
        if m.to != hex_ or unit is None or not on_map(unit.location, hex_):
            continue
        if not pos.grid.adjacent(unit.location, hex_):
            yield f"{m.unit} advances into it from {unit.location}, which is not next to it (14.64)"
            continue
        status = initial.get(m.unit)
        if status in UNSUPPLIED_STATUSES:
            yield f"{m.unit} advances into it, {status} at the initial supply determination (14.61)"
        side = pos.hexside(unit.location, hex_)
        if side is not None and (side.river is not None or side.crossing_arrow):
            across = "a crossing arrow" if side.crossing_arrow else f"a {side.river}"
            yield f"{m.unit} advances into it across {across} from {unit.location} (14.62E)"
        elif pos.hex(hex_) is not None:
            yield pos.missing_hex(unit.location, "river hexsides")


def attrition_occupation(pos: Position, event: AttritionOccupation) -> Verdict:
    """14.62: attrition occupation: at most H hexes, each eligible, next to a counted unit, with a unit advancing
    into it"""
    combat = pos.state.combat
    decl = combat.attritions.get(event.attrition)
    if game_variant(pos) is None or decl is None:
        return
    allowed = combat.attrition_hexes.get(event.attrition)
    lost = {u for hl in combat.attrition_losses.get(event.attrition, {}).values() for u, _ in hl.lost}
    wiped = game_variant(pos) == "awaw" and bool(decl.defenders) and all(d.unit in lost for d in decl.defenders)
    if allowed is None:
        yield Unknown(reason=f"attrition {event.attrition} has no recorded result")
    elif len(event.hexes) > allowed and not wiped:
        yield breach(
            "14.62",
            f"attrition {event.attrition} occupies {len(event.hexes)} hexes for a {allowed}H result (14.61; "
            "more only when every defending unit of the zone was eliminated, 14.65)",
            f"at most {allowed} hexes",
            len(event.hexes),
        )
    counted = {u.unit for u in decl.counted}
    for m in event.moves:
        if m.unit not in counted:
            yield breach(
                "14.62",
                f"attrition {event.attrition}: {m.unit} advances but took no part in the attrition (14.61)",
                "units counted in the attrition",
                m.unit,
            )
    for hex_ in event.hexes:
        for problem in _occupation_problems(pos, event, hex_, wiped):
            if isinstance(problem, Unknown):
                yield problem
                continue
            yield breach(
                "14.62", f"attrition {event.attrition} occupies {hex_}, but {problem}", "an eligible hex", hex_
            )


def _winter_limit(pos: Position, variant: rules.AttritionVariant) -> int | Unknown:
    """The most hexes Russia may designate in all its winter attritions of this turn (14.521D)."""
    table = rules.winter_rules(pos.meta.rules, pos.meta.options)
    if table is None:
        return Unknown(reason="standard A3R winter preparation is not in the extracts (14.521)")
    axis = pos.state.weather.winter_preparation.get("european_axis", WINTER_PREPARATION_START[table]["european_axis"])
    if variant == "a3r_house":
        return rules.russian_winter_designation_limit(variant=variant, axis_preparation=axis)
    weather = pos.state.weather.zones.get("russian_winter")
    if weather is None or weather.level is None:
        return Unknown(reason="no winter level recorded for the Russian winter zone this turn (14.521D)")
    russia = pos.state.weather.winter_preparation.get("russia", WINTER_PREPARATION_START[table]["russia"])
    return rules.russian_winter_designation_limit(
        variant=variant,
        russian_level=max(0, weather.level - russia),
        german_level=max(0, weather.level - axis),
    )


def winter_designations(pos: Position, event: AttritionResolved) -> Verdict:
    """14.521: Russian winter designations: Russian attritions in winter, within C and H and the turn's limit, no
    hex twice"""
    designated = [*event.loss_hexes, *event.occupation_hexes]
    variant = game_variant(pos)
    decl = pos.state.combat.attritions.get(event.attrition)
    if not designated or variant is None or decl is None:
        return
    problems: list[str] = []
    if decl.attacker != "russia" or event.season != "winter":
        problems.append(f"only Russian attritions in winter turns designate hexes ({decl.attacker}, {event.season})")
    if len(event.loss_hexes) > event.losses:
        problems.append(f"{len(event.loss_hexes)} loss hexes for {event.losses}C")
    if len(event.occupation_hexes) > event.hexes:
        problems.append(f"{len(event.occupation_hexes)} occupation hexes for {event.hexes}H")
    both = sorted(set(event.loss_hexes) & set(event.occupation_hexes))
    if both:
        problems.append(f"{', '.join(both)} designated for both losses and occupation")
    fortified = sorted(h for h in event.loss_hexes if h in pos.state.board.fortifications)
    if fortified:
        problems.append(f"loss hexes {', '.join(fortified)} are fortified")
    limit = _winter_limit(pos, variant)
    if isinstance(limit, Unknown):
        yield limit
    else:
        total = pos.state.combat.winter_designations + len(designated)
        if total > limit:
            problems.append(f"{total} hexes designated this turn, the limit is {limit}")
    for p in problems:
        yield breach(
            "14.521", f"attrition {event.attrition}: {p} (14.521)", "designations 14.521 allows", ", ".join(designated)
        )


def attrition_emptied_bases(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """14.523: an airbase or rocket base in a hex whose ground units attrition all removed is eliminated by the end
    of the player turn"""
    combat = pos.state.combat
    if not combat.attrition_losses:
        return
    board = pos.state.board
    for attrition, hexes in sorted(combat.attrition_losses.items()):
        declared = combat.attritions.get(attrition)
        for hex_, loss in sorted(hexes.items()):
            if not loss.emptied:
                continue
            for kind in rules.ATTRITION_ELIMINATED_COUNTERS:
                owner = board.counters.get(f"{hex_}/{kind}")
                if owner is None or (declared is not None and power_faction(owner) == declared.attacker):
                    continue
                yield breach(
                    "14.523",
                    f"attrition {attrition} removed every ground unit from {hex_}: the "
                    f"{kind.replace('_', ' ')} {owner.title()} placed there is eliminated with them (14.523); no "
                    "counter_removed records it",
                    f"the {kind.replace('_', ' ')} eliminated",
                    "still in play",
                )
