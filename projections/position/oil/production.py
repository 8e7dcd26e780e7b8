"""Oil sources, production, damage, repair and synthetic plants asked of a position (33.2, 33.3, 33.41A, 33.43,
33.4521; checks O-01, O-02, O-04..O-11, O-33 of the 31-34 extract).

Who holds an oil center comes from its hex (the hex an oil event gave, or the one the map data names) and the board's
control; the turn and cause of its last capture, its damage markers and the plants in play from the oil projection's
running facts (:mod:`projections.oil.facts`). Oil the set-up leaves at a source (its ``oil_outside``) was produced in
the game the position came from: no production rule judges it. Choices beside the rules: a capture's damage is
counted on the defenders of the captured hex in the attack or overrun that took it (33.33B "the defending factors,
taking into account the defender's DM"); a damaged plant's output follows option ``oil.damaged_plant`` (extract Q3)
and its own repair option ``oil.plant_self_repair`` (Q4).
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import OilEmbargoImposed, OilFacilityDamaged, OilFacilityRepaired, OilPlantBuilt, OilProduced
from awaw_events.gametime import game_turn
from awaw_events.vocab import SIDE_OF_FACTION, Faction, power_name
from projections.board import war_between, war_key
from projections.oil import plants_of
from projections.position.common import before_the_game
from projections.position.core import Position, Unknown, breach
from projections.position.oil import Verdict, controller_at, controller_of, fifths, place_hex, power_faction
from projections.position.wars import war_doubt
from projections.rules import oil as rules
from projections.rules.combat import DefendingUnit, defence_strength


def _markers(n: int) -> str:
    return f"{n} damage marker{'s' if n != 1 else ''}"


# ---------------------------------------------------------------------------------------------------------------------
# What a source produces (33.2, 33.32A, 33.33A, 33.4521; O-01, O-10, O-11, O-33)


def oil_output(pos: Position, event: OilProduced) -> Verdict:
    """33.2: a source produces its 33.2 oil less its damage (33.33A centers, 33.32A plants); the Urals 1 + ICs
    diverted."""
    if before_the_game(pos, event):
        return  # oil the set-up leaves at a source was produced before the game
    source = event.source
    facilities = pos.state.oil.facilities
    if source in rules.OIL_CENTERS:
        facility = facilities.get(source)
        markers = min(facility.markers if facility is not None else 0, rules.oil_center_max_damage(source))
        expected = rules.oil_source_production(source, markers=markers)
        why = f"{source} with {_markers(markers)} (33.22, 33.33A)"
    elif source == "synthetic_plant":
        if event.facility is None or event.facility not in facilities:
            yield Unknown(reason="synthetic plant output whose plant is not named (oil_produced.facility)")
            return
        plant = facilities[event.facility]
        if plant.destroyed is not None:
            how = "its hex passed to the enemy" if plant.destroyed == "enemy_control" else "it carries 5 markers"
            message = (
                f"plant {event.facility} is destroyed ({how}, 33.32B) and produces no oil; recorded "
                f"{fifths(event.amount)}"
            )
            yield breach("33.32B", message, 0, event.amount)
            return
        reading = rules.damaged_plant_reading(pos.meta.options)
        expected = rules.oil_source_production(source, markers=plant.markers, plant=reading)
        why = f"plant {event.facility} with {_markers(plant.markers)} (33.32A)"
    elif source == "urals_box":
        if event.ics_diverted is None:
            least = rules.oil_source_production(source) or 0
            if event.amount < least:
                message = f"the Urals box produces at least one counter (33.21B); recorded {fifths(event.amount)}"
                yield breach("33.21B", message, "at least 5", event.amount)
            elif event.amount > least:
                yield Unknown(reason="Urals production above one counter without the ICs diverted (ics_diverted)")
            return
        expected = rules.oil_source_production(source, ics_diverted=event.ics_diverted)
        why = f"the Urals box with {event.ics_diverted} IC(s) diverted (33.21B, 37.65)"
    else:
        return  # unlimited (U.S. boxes), or the market (market_oil); unknown names: oil_source_access
    if expected is not None and event.amount != expected:
        message = f"{why} produces {fifths(expected)}; {power_name(event.faction)} recorded {fifths(event.amount)}"
        yield breach("33.2", message, expected, event.amount)


def market_oil(pos: Position, event: OilProduced) -> Verdict:
    """33.4521: Japan's market oil follows the embargo: unlimited until the turn after it, then 3, 3, then none; none
    at war with the U.S. (but in the turn war is declared)."""
    if before_the_game(pos, event):
        return  # oil the set-up leaves at a source was produced before the game
    if event.source != "international_market" or event.faction != "japan":
        return
    embargo = pos.state.oil.embargo
    since = None if embargo is None else game_turn(event) - embargo
    declared = pos.board.wars.get(war_key("japan", "usa"))
    if pos.meta.variant == "full" and since is not None and since > 0:
        yield Unknown(reason="market oil outside Classic depends on the Dutch East Indies flags, not recorded")
        return
    expected = rules.international_market_fifths(
        since, at_war_with_usa=declared is not None, war_declared_this_turn=declared == f"{event.season} {event.year}"
    )
    if expected is None or event.amount == expected:
        return
    if declared is not None:
        why = "Japan is at war with the U.S."
    else:
        why = f"the embargo was imposed {since} game turn{'s' if since != 1 else ''} ago (33.4521)"
    message = f"Japan receives {fifths(expected)} from the international market: {why}; recorded {fifths(event.amount)}"
    yield breach("33.4521", message, expected, event.amount)


def embargo(pos: Position, event: OilEmbargoImposed) -> Verdict:
    """33.45211: the oil embargo is imposed once, at USJT 20 or more, and never lifted."""
    if pos.state.oil.embargo is not None:
        message = "the oil embargo on Japan is imposed a second time; it is never lifted (33.45211)"
        yield breach("33.45211", message, "once", "again")
    usjt = event.usjt if event.usjt is not None else pos.board.tensions.get("usjt")
    if usjt is None:
        yield Unknown(reason="the USJT level at the embargo is not recorded")
        return
    for _ in rules.embargo_findings(usjt):
        message = f"the U.S. imposed the oil embargo at USJT {usjt}; it needs {rules.EMBARGO_USJT} (33.45211A)"
        yield breach("33.45211A", message, f"USJT at least {rules.EMBARGO_USJT}", usjt)


# ---------------------------------------------------------------------------------------------------------------------
# Who may draw on which source (33.41A, 33.43, 33.44-33.47, 33.33B, 33.49; O-02, O-04, O-05)


def _source_hex(pos: Position, event: OilProduced) -> str | None:
    named = event.facility if event.source == "synthetic_plant" and event.facility else event.source
    return event.hex or place_hex(pos, named)


def _draw_context(pos: Position, event: OilProduced, controller: Any) -> rules.DrawContext:
    state = pos.state
    turn = game_turn(event)
    hex_ = _source_hex(pos, event)
    capture = state.oil.captures.get(hex_) if hex_ is not None else None
    captured_now = capture is not None and capture.turn == turn
    persian = state.oil.routes.get(rules.PERSIAN_ROUTE)
    drawn = sum(
        line.amount
        for line in state.oil.lines
        if line.kind == "produced" and line.faction == "russia" and line.counterpart in rules.PERSIAN_OIL_CENTERS
    )
    return rules.DrawContext(
        controller=controller,
        captured_this_turn=captured_now,
        germany_russia_at_war=war_between(state.board, "germany", "russia") is True,
        rgt=state.board.tensions.get("rgt", 0),
        persian_route_opened_previous_turn=persian is not None and persian < turn,
        allies_control_turkey=state.politics.alignment.get("turkey") in ("western_allies", "russia"),
        controlled_at_start_of_player_turn=not (captured_now and capture is not None and capture.side == event.side),
        persia_already_drawn_fifths=drawn,
    )


def oil_source_access(pos: Position, event: OilProduced) -> Verdict:
    """33.44: a faction draws only on sources it may use: held by it (or neutral where allowed), not captured this
    turn, not held by partisans; never China."""
    if before_the_game(pos, event):
        return  # oil the set-up leaves at a source was produced before the game
    who = power_name(event.faction)
    if event.faction in rules.OIL_EXEMPT_FACTIONS:
        message = f"{who} have no oil: China is exempt from every oil rule (33.49)"
        yield breach("33.49", message, "no oil", event.source)
        return
    source = event.source
    if source not in rules.OIL_SOURCES:
        yield Unknown(reason=f"oil produced at {source!r}, which is not an oil source of 33.2")
        return
    if not event.usable:
        return
    controller: Any = "neutral"
    if source in rules.OIL_CENTERS:
        hex_ = _source_hex(pos, event)
        if hex_ is not None:
            controller = controller_at(pos, hex_, source)
        else:
            controller, why = controller_of(pos, source)
            if why is not None:
                yield why
    # control unknown: only what control does not decide
    context = (
        rules.DrawContext(controller=event.faction) if controller is None else _draw_context(pos, event, controller)
    )
    if (
        context.controller == "russia"
        and event.faction == "european_axis"
        and source == "ploesti"
        and context.rgt < rules.EA_PLOESTI_RGT_BAR
        and war_between(pos.board, "germany", "russia") is None
    ):  # 33.4421A turns on a war the record gives only as one of factions or sides
        yield war_doubt({("germany", "russia"): None}, "33.4421A")
    for b in rules.draw_findings(event.faction, source, event.amount, context):
        message = f"{who} drew oil from {source}: {b.message} ({b.rule})"
        yield breach(b.rule, message, "no oil from it", fifths(event.amount))


# ---------------------------------------------------------------------------------------------------------------------
# Damage and repair (33.32, 33.33, 33.331; O-06, O-07, O-08)


def _capture_defence(pos: Position, hex_: str, ref: str | None, cause: str) -> int | None:
    """The defending factors with DM of the hex's defenders in the attack or overrun that captured it."""
    combat = pos.state.combat
    if ref is None:
        return None
    if cause == "overrun":
        overrun = combat.overruns.get(ref)
        return overrun.defence_strength if overrun is not None else None
    attack = combat.attacks.get(ref)
    if attack is None or not attack.dm:
        return None
    units = [
        DefendingUnit(d.factors, attack.dm.get(u, 1)) for u, d in attack.defenders.items() if d.hex in (None, hex_)
    ]
    return defence_strength(units)


def capture_damage(pos: Position, event: OilFacilityDamaged) -> Verdict:
    """33.33B: a center captured by ground combat takes floor(defence with DM / 5) markers, capped; none through
    diplomacy, the Persian route, a surrender or partisans, and none on a friendly center."""
    name = event.facility
    facility = pos.state.oil.facilities.get(name)
    hex_ = event.hex or (facility.hex if facility is not None else None) or place_hex(pos, name)
    if event.cause == "bombing":
        if event.actor in ("system", "referee") or name not in rules.OIL_CENTERS:
            return  # a player may not damage an oil center under friendly control (33.33B)
        who = controller_at(pos, hex_, name) if hex_ is not None else controller_of(pos, name)[0]
        if who is not None and who == power_faction(event.actor):
            message = f"{power_name(event.actor)} damaged {name}, which its own side holds (33.33B)"
            yield breach("33.33B", message, "no damage", event.markers)
        return
    if name not in rules.OIL_CENTERS:
        return  # a plant captured is destroyed (33.32B), not damaged
    if hex_ is None:
        yield Unknown(reason=f"capture damage at {name}, whose hex is not recorded (oil_facility_damaged.hex)")
        return
    capture = pos.state.oil.captures.get(hex_)
    if capture is None or capture.turn != game_turn(event):
        message = f"{name} ({hex_}) did not change hands this turn: no capture damage (33.33B)"
        yield breach("33.33B", message, "a capture this turn", "capture damage")
        return
    if capture.cause in rules.NO_CAPTURE_DAMAGE_CAUSES or capture.cause not in rules.GROUND_COMBAT_CAUSES:
        message = (
            f"{name} changed hands by {capture.cause.replace('_', ' ')}, not ground combat: it takes no capture damage "
            "(33.33B)"
        )
        yield breach("33.33B", message, 0, event.markers)
        return
    if capture.cause not in rules.CAPTURE_DEFENSE_CAUSES:
        yield Unknown(reason=f"capture damage after a {capture.cause.replace('_', ' ')}: no defence total recorded")
        return
    defence = _capture_defence(pos, hex_, event.ref or capture.ref, capture.cause)
    if defence is None:
        yield Unknown(reason="capture damage whose attack or overrun is not in this player turn's combat (ref)")
        return
    existing = facility.markers if facility is not None else 0
    expected = rules.capture_damage_markers(defence, name, existing)
    if event.markers != expected:
        message = (
            f"{name} was taken against {defence} defending factors with DM: floor({defence}/5) markers, at most "
            f"{rules.oil_center_max_damage(name)} in all ({existing} already), is {expected}; recorded {event.markers} "
            "(33.33B, 33.33C)"
        )
        yield breach("33.33B", message, expected, event.markers)


def damage_maximum(pos: Position, event: OilFacilityDamaged) -> Verdict:
    """33.33C: damage never exceeds the zero-production level (6 / 4 Baku / 2 Grozny and Maikop); a plant is gone
    at 5."""
    facility = pos.state.oil.facilities.get(event.facility)
    existing = facility.markers if facility is not None else 0
    if event.facility in rules.OIL_CENTERS:
        most = rules.oil_center_max_damage(event.facility)
        if existing + event.markers > most:
            message = (
                f"{event.facility} carries {existing} damage markers and takes {event.markers} more: its maximum "
                f"damage is {most}, the level that stops its production (33.33C)"
            )
            yield breach("33.33C", message, f"at most {most - existing}", event.markers)
    elif facility is not None and facility.destroyed is not None:
        message = f"plant {event.facility} is already destroyed (33.32B)"
        yield breach("33.32B", message, "no damage", event.markers)
    elif existing + event.markers > rules.SYNTHETIC_PLANT_DESTROYED_AT:
        most = rules.SYNTHETIC_PLANT_DESTROYED_AT
        message = (
            f"plant {event.facility} is destroyed at {most} markers (33.32B); it carried {existing} and is given "
            f"{event.markers}"
        )
        yield breach("33.32B", message, f"at most {most - existing}", event.markers)


def oil_repair(pos: Position, event: OilFacilityRepaired) -> Verdict:
    """33.331: Germany, Japan, Britain and Russia remove at most 2 markers a turn from facilities they hold, at the
    end of their player turn; a plant loses 1 a turn by itself."""
    who = power_name(event.power)
    facility = pos.state.oil.facilities.get(event.facility)
    existing = facility.markers if facility is not None else 0
    if event.markers > existing:
        message = f"{who} removed {event.markers} markers from {event.facility}, which carried {existing}"
        yield breach("33.331", message, f"at most {existing}", event.markers)
    if event.automatic:
        if facility is not None and facility.kind != "plant":
            message = f"only synthetic plants repair themselves (26.72B); {event.facility} is an oil center"
            yield breach("26.72B", message, "a plant", event.facility)
        elif event.markers > 1:
            message = f"a plant loses one damage marker a turn by itself (26.72B, 33.32A); recorded {event.markers}"
            yield breach("26.72B", message, 1, event.markers)
    counted = rules.plant_self_repair_reading(pos.meta.options) == "counted"
    if event.automatic and not counted:
        return
    if event.power not in rules.REPAIRING_POWERS:
        message = f"{who} may not repair oil facilities (33.331)"
        yield breach("33.331", message, "Germany, Japan, Britain or Russia", event.power)
        return
    repairs = pos.state.oil.repairs
    done = repairs.get(event.power, 0) + repairs.get(f"{event.power}/plant", 0) * counted + event.markers
    most = rules.REPAIR_MARKERS_PER_TURN
    if done > most:
        message = f"{who} removed {done} damage markers this turn; at most {most} (33.331)"
        yield breach("33.331", message, f"at most {most}", done)
    own_side = SIDE_OF_FACTION[cast(Faction, power_faction(event.power))]
    if event.phase not in (None, "end_of_player_turn") or (event.side is not None and event.side != own_side):
        message = f"{who} repaired oil damage outside the end of its own player turn (33.331)"
        yield breach("33.331", message, "the end of its own player turn", f"{event.side or '-'} {event.phase or '-'}")
    if event.facility in rules.OIL_CENTERS:
        holder, why = controller_of(pos, event.facility)
        if why is not None:
            yield why
        elif holder != power_faction(event.power):
            yield breach(
                "33.331",
                f"{who} repaired {event.facility}, which it does not hold (33.331)",
                f"held by {power_name(power_faction(event.power))}",
                f"held by {power_name(holder or 'nobody')}",
            )


# ---------------------------------------------------------------------------------------------------------------------
# Synthetic plants (33.23, 33.234; O-09)


def oil_plant_built(pos: Position, event: OilPlantBuilt) -> Verdict:
    """33.234: a synthetic plant costs 5 RPs less 1 per military breakthrough, is built at the start of the Axis
    player turn where 33.231-33.232 allow, at most 6 German and 2 Japanese; never Russian."""
    who = power_name(event.power)
    if event.power not in rules.MAX_SYNTHETIC_PLANTS:
        message = f"{who} may not produce synthetic oil plants (33.233)"
        yield breach("33.233", message, "Germany or Japan", event.power)
        return
    full = rules.SYNTHETIC_PLANT_RP_COST
    if event.breakthroughs is None:
        if event.rp_cost > full:
            message = f"a synthetic plant costs {full} RPs (33.234); recorded {event.rp_cost}"
            yield breach("33.234", message, f"at most {full}", event.rp_cost)
        elif event.rp_cost < full:
            yield Unknown(reason="a synthetic plant below 5 RPs without its military breakthroughs (breakthroughs)")
    elif event.rp_cost != (cost := rules.oil_plant_rp_cost(event.breakthroughs)):
        message = (
            f"a synthetic plant costs 5 RPs less 1 per military breakthrough: {event.breakthroughs} breakthrough(s) "
            f"make {cost}; recorded {event.rp_cost} (33.234, 42.24F)"
        )
        yield breach("33.234", message, cost, event.rp_cost)
    if event.side not in (None, "axis") or event.phase not in (None, "oil_adjustment", "diplomacy"):
        yield breach(
            "33.234",
            "synthetic plants are produced at the start of the Axis player turn (33.234)",
            "the start of the Axis player turn",
            f"{event.side or '-'} {event.phase or '-'}",
        )
    if event.location is None:
        yield Unknown(reason="a synthetic plant whose objective is not recorded (oil_plant_built.location)")
        return
    if event.power == "japan" and event.research_steps is None:
        yield Unknown(reason="a Japanese plant without the research steps behind it (research_steps)")
    existing = plants_of(pos.state.oil, event.power)
    for b in rules.oil_plant_findings(event.power, event.location, existing, research_steps=event.research_steps or 99):
        message = f"{who} built a synthetic plant at {event.location}: {b.message} ({b.rule})"
        yield breach(b.rule, message, "a plant the rules allow", event.location)
