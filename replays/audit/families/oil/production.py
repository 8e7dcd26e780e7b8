"""Oil sources, production, damage, repair and synthetic plants (33.2, 33.3, 33.41A, 33.43, 33.4521; checks O-01,
O-02, O-04..O-11, O-33 of the 31-34 extract).

Who holds an oil center comes from its hex (the hex an oil event gave, or the one the map data names) and the board's
control; the turn and cause of its last capture, its damage markers and the plants in play from the oil projection's
running facts (:mod:`projections.oil.facts`). Choices beside the rules: a capture's damage is counted on the
defenders of the captured hex in the attack or overrun that took it (33.33B "the defending factors, taking into
account the defender's DM"); a damaged plant's output follows option ``oil.damaged_plant`` (extract Q3) and its own
repair option ``oil.plant_self_repair`` (Q4).
"""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import (
    OilEmbargoImposed,
    OilFacilityDamaged,
    OilFacilityRepaired,
    OilPlantBuilt,
    OilProduced,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import SIDE_OF_FACTION, Faction, power_name
from projections.board import at_war, war_key
from projections.oil import plants_of
from projections.rules.combat import DefendingUnit, defence_strength
from projections.rules.oil import (
    CAPTURE_DEFENSE_CAUSES,
    EMBARGO_USJT,
    GROUND_COMBAT_CAUSES,
    MAX_SYNTHETIC_PLANTS,
    NO_CAPTURE_DAMAGE_CAUSES,
    OIL_CENTERS,
    OIL_EXEMPT_FACTIONS,
    OIL_SOURCES,
    PERSIAN_OIL_CENTERS,
    PERSIAN_ROUTE,
    REPAIR_MARKERS_PER_TURN,
    REPAIRING_POWERS,
    SYNTHETIC_PLANT_DESTROYED_AT,
    SYNTHETIC_PLANT_RP_COST,
    DrawContext,
    capture_damage_markers,
    damaged_plant_reading,
    draw_findings,
    embargo_findings,
    international_market_fifths,
    oil_center_max_damage,
    oil_plant_findings,
    oil_plant_rp_cost,
    oil_source_production,
    plant_self_repair_reading,
)
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import FAMILY, controller_at, controller_of, fifths, place_hex, power_faction

"""``route_status_changed.route`` of the Persian BRP route (33.4622)."""


def _source_hex(ctx: AuditContext[OilProduced]) -> str | None:
    event = ctx.event
    return event.hex or place_hex(
        ctx, event.facility if event.source == "synthetic_plant" and event.facility else event.source
    )


# ---------------------------------------------------------------------------------------------------------------------
# What a source produces (33.2, 33.32A, 33.33A; O-01, O-10, O-11)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.2",
    "a source produces its 33.2 oil less its damage (33.33A centers, 33.32A plants); the Urals 1 + ICs diverted",
    reads=(OilProduced,),
    covers=("31-34/O-01", "31-34/O-10", "31-34/O-11"),
)
def check_oil_output(c: Check, ctx: AuditContext[OilProduced]) -> Result:
    event = ctx.event
    source = event.source
    facilities = ctx.state.oil.facilities
    if source in OIL_CENTERS:
        facility = facilities.get(source)
        markers = facility.markers if facility is not None else 0
        markers = min(markers, oil_center_max_damage(source))
        expected = oil_source_production(source, markers=markers)
        why = f"{source} with {markers} damage marker{'s' if markers != 1 else ''} (33.22, 33.33A)"
    elif source == "synthetic_plant":
        if event.facility is None or event.facility not in facilities:
            yield Missing(reason="synthetic plant output whose plant is not named (oil_produced.facility)")
            return
        plant = facilities[event.facility]
        if plant.destroyed is not None:
            how = "its hex passed to the enemy" if plant.destroyed == "enemy_control" else "it carries 5 markers"
            yield c.finding(
                ctx,
                expected=0,
                recorded=event.amount,
                message=f"plant {event.facility} is destroyed ({how}, 33.32B) and produces no oil; recorded "
                f"{fifths(event.amount)}",
            )
            return
        reading = damaged_plant_reading(ctx.state.meta.options)
        expected = oil_source_production(source, markers=plant.markers, plant=reading)
        why = f"plant {event.facility} with {plant.markers} damage marker{'s' if plant.markers != 1 else ''} (33.32A)"
    elif source == "urals_box":
        if event.ics_diverted is None:
            if event.amount < (oil_source_production(source) or 0):
                yield c.finding(
                    ctx,
                    expected="at least 5",
                    recorded=event.amount,
                    message=f"the Urals box produces at least one counter (33.21B); recorded {fifths(event.amount)}",
                )
            elif event.amount > (oil_source_production(source) or 0):
                yield Missing(reason="Urals production above one counter without the ICs diverted (ics_diverted)")
            return
        expected = oil_source_production(source, ics_diverted=event.ics_diverted)
        why = f"the Urals box with {event.ics_diverted} IC(s) diverted (33.21B, 37.65)"
    else:
        return  # unlimited (U.S. boxes), or the market (market_oil); unknown names: oil_source_access
    if expected is not None and event.amount != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.amount,
            message=f"{why} produces {fifths(expected)}; {power_name(event.faction)} recorded {fifths(event.amount)}",
        )


@FAMILY.check(
    "33.4521",
    "Japan's market oil follows the embargo: unlimited until the turn after it, then 3, 3, then none; none at war "
    "with the U.S. (but in the turn war is declared)",
    reads=(OilProduced,),
    covers=("31-34/O-33",),
)
def check_market_oil(c: Check, ctx: AuditContext[OilProduced]) -> Result:
    event = ctx.event
    if event.source != "international_market" or event.faction != "japan":
        return
    board = ctx.state.board
    turn = game_turn(event)
    embargo = ctx.state.oil.embargo
    since = None if embargo is None else turn - embargo
    declared = board.wars.get(war_key("japan", "usa"))
    rules = "full" if ctx.state.meta.variant == "full" else "classic"
    if rules == "full" and since is not None and since > 0:
        yield Missing(reason="market oil outside Classic depends on the Dutch East Indies flags, not recorded")
        return
    expected = international_market_fifths(
        since,
        at_war_with_usa=declared is not None,
        war_declared_this_turn=declared == f"{event.season} {event.year}",
    )
    if expected is None or event.amount == expected:
        return
    if declared is not None:
        why = "Japan is at war with the U.S."
    else:
        why = f"the embargo was imposed {since} game turn{'s' if since != 1 else ''} ago (33.4521)"
    yield c.finding(
        ctx,
        expected=expected,
        recorded=event.amount,
        message=f"Japan receives {fifths(expected)} from the international market: {why}; recorded "
        f"{fifths(event.amount)}",
    )


@FAMILY.check(
    "33.45211",
    "the oil embargo is imposed once, at USJT 20 or more, and never lifted",
    reads=(OilEmbargoImposed,),
    covers=("31-34/O-33",),
)
def check_embargo(c: Check, ctx: AuditContext[OilEmbargoImposed]) -> Result:
    event = ctx.event
    if ctx.state.oil.embargo is not None:
        yield c.finding(
            ctx,
            expected="once",
            recorded="again",
            message="the oil embargo on Japan is imposed a second time; it is never lifted (33.45211)",
        )
    usjt = event.usjt if event.usjt is not None else ctx.state.board.tensions.get("usjt")
    if usjt is None:
        yield Missing(reason="the USJT level at the embargo is not recorded")
        return
    for _breach in embargo_findings(usjt):
        yield c.finding(
            ctx,
            expected=f"USJT at least {EMBARGO_USJT}",
            recorded=usjt,
            message=f"the U.S. imposed the oil embargo at USJT {usjt}; it needs {EMBARGO_USJT} (33.45211A)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Who may draw on which source (33.41A, 33.43, 33.44-33.47, 33.33B, 33.49; O-02, O-04, O-05)
# ---------------------------------------------------------------------------------------------------------------------


def _draw_context(ctx: AuditContext[OilProduced], controller: Any) -> DrawContext:
    event = ctx.event
    state = ctx.state
    turn = game_turn(event)
    hex_ = _source_hex(ctx)
    capture = state.oil.captures.get(hex_) if hex_ is not None else None
    captured_now = capture is not None and capture.turn == turn
    persian = state.oil.routes.get(PERSIAN_ROUTE)
    drawn = sum(
        line.amount
        for line in state.oil.lines
        if line.kind == "produced" and line.faction == "russia" and line.counterpart in PERSIAN_OIL_CENTERS
    )
    return DrawContext(
        controller=controller,
        captured_this_turn=captured_now,
        germany_russia_at_war=at_war(state.board, "germany", "russia"),
        rgt=state.board.tensions.get("rgt", 0),
        persian_route_opened_previous_turn=persian is not None and persian < turn,
        allies_control_turkey=state.politics.alignment.get("turkey") in ("western_allies", "russia"),
        controlled_at_start_of_player_turn=not (captured_now and capture is not None and capture.side == event.side),
        persia_already_drawn_fifths=drawn,
    )


@FAMILY.check(
    "33.44",
    "a faction draws only on sources it may use: held by it (or neutral where allowed), not captured this turn, not "
    "held by partisans; never China",
    reads=(OilProduced,),
    covers=("31-34/O-02", "31-34/O-04", "31-34/O-05"),
)
def check_oil_source_access(c: Check, ctx: AuditContext[OilProduced]) -> Result:
    event = ctx.event
    who = power_name(event.faction)
    if event.faction in OIL_EXEMPT_FACTIONS:
        yield c.finding(
            ctx,
            expected="no oil",
            recorded=event.source,
            message=f"{who} have no oil: China is exempt from every oil rule (33.49)",
        )
        return
    if not event.usable or event.source not in OIL_SOURCES:
        if event.source not in OIL_SOURCES:
            yield Missing(reason=f"oil produced at {event.source!r}, which is not an oil source of 33.2")
        return
    source = event.source
    controller: Any = "neutral"
    if source in OIL_CENTERS:
        hex_ = _source_hex(ctx)
        if hex_ is not None:
            controller = controller_at(ctx, hex_, source)
        else:
            controller, why = controller_of(ctx, source)
            if why is not None:
                yield why
    # control unknown: only what control does not decide
    context = DrawContext(controller=event.faction) if controller is None else _draw_context(ctx, controller)
    for breach in draw_findings(event.faction, source, event.amount, context):
        yield c.finding(
            ctx,
            expected="no oil from it",
            recorded=fifths(event.amount),
            message=f"{who} drew oil from {source}: {breach.message} ({breach.rule})",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Damage and repair (33.32, 33.33, 33.331; O-06, O-07, O-08)
# ---------------------------------------------------------------------------------------------------------------------


def _capture_defence(ctx: AuditContext[OilFacilityDamaged], hex_: str, ref: str | None, cause: str) -> int | None:
    """The defending factors with DM of the hex's defenders in the attack or overrun that captured it."""
    combat = ctx.state.combat
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


@FAMILY.check(
    "33.33B",
    "a center captured by ground combat takes floor(defence with DM / 5) markers, capped; none through diplomacy, "
    "the Persian route, a surrender or partisans, and none on a friendly center",
    reads=(OilFacilityDamaged,),
    covers=("31-34/O-06",),
)
def check_capture_damage(c: Check, ctx: AuditContext[OilFacilityDamaged]) -> Result:
    event = ctx.event
    name = event.facility
    facility = ctx.state.oil.facilities.get(name)
    hex_ = event.hex or (facility.hex if facility is not None else None) or place_hex(ctx, name)
    if event.cause == "bombing":
        yield from _friendly_bombing(c, ctx, hex_)
        return
    if name not in OIL_CENTERS:
        return  # a plant captured is destroyed (33.32B), not damaged
    if hex_ is None:
        yield Missing(reason=f"capture damage at {name}, whose hex is not recorded (oil_facility_damaged.hex)")
        return
    capture = ctx.state.oil.captures.get(hex_)
    if capture is None or capture.turn != game_turn(event):
        yield c.finding(
            ctx,
            expected="a capture this turn",
            recorded="capture damage",
            message=f"{name} ({hex_}) did not change hands this turn: no capture damage (33.33B)",
        )
        return
    if capture.cause in NO_CAPTURE_DAMAGE_CAUSES or capture.cause not in GROUND_COMBAT_CAUSES:
        yield c.finding(
            ctx,
            expected=0,
            recorded=event.markers,
            message=f"{name} changed hands by {capture.cause.replace('_', ' ')}, not ground combat: it takes no "
            f"capture damage (33.33B)",
        )
        return
    if capture.cause not in CAPTURE_DEFENSE_CAUSES:
        yield Missing(reason=f"capture damage after a {capture.cause.replace('_', ' ')}: no defence total recorded")
        return
    defence = _capture_defence(ctx, hex_, event.ref or capture.ref, capture.cause)
    if defence is None:
        yield Missing(reason="capture damage whose attack or overrun is not in this player turn's combat (ref)")
        return
    existing = facility.markers if facility is not None else 0
    expected = capture_damage_markers(defence, name, existing)
    if event.markers != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.markers,
            message=f"{name} was taken against {defence} defending factors with DM: floor({defence}/5) markers, "
            f"at most {oil_center_max_damage(name)} in all ({existing} already), is {expected}; "
            f"recorded {event.markers} (33.33B, 33.33C)",
        )


def _friendly_bombing(c: Check, ctx: AuditContext[OilFacilityDamaged], hex_: str | None) -> Result:
    """A player may not damage an oil center under friendly control (33.33B)."""
    event = ctx.event
    if event.actor in ("system", "referee") or event.facility not in OIL_CENTERS:
        return
    who = controller_at(ctx, hex_, event.facility) if hex_ is not None else controller_of(ctx, event.facility)[0]
    if who is not None and who == power_faction(event.actor):
        yield c.finding(
            ctx,
            expected="no damage",
            recorded=event.markers,
            message=f"{power_name(event.actor)} damaged {event.facility}, which its own side holds (33.33B)",
        )


@FAMILY.check(
    "33.33C",
    "damage never exceeds the zero-production level (6 / 4 Baku / 2 Grozny and Maikop); a plant is gone at 5",
    reads=(OilFacilityDamaged,),
    covers=("31-34/O-07",),
)
def check_damage_maximum(c: Check, ctx: AuditContext[OilFacilityDamaged]) -> Result:
    event = ctx.event
    facility = ctx.state.oil.facilities.get(event.facility)
    existing = facility.markers if facility is not None else 0
    if event.facility in OIL_CENTERS:
        most = oil_center_max_damage(event.facility)
        if existing + event.markers > most:
            yield c.finding(
                ctx,
                expected=f"at most {most - existing}",
                recorded=event.markers,
                message=f"{event.facility} carries {existing} damage markers and takes {event.markers} more: its "
                f"maximum damage is {most}, the level that stops its production (33.33C)",
            )
    elif facility is not None and facility.destroyed is not None:
        yield c.finding(
            ctx,
            expected="no damage",
            recorded=event.markers,
            message=f"plant {event.facility} is already destroyed (33.32B)",
        )
    elif existing + event.markers > SYNTHETIC_PLANT_DESTROYED_AT:
        yield c.finding(
            ctx,
            expected=f"at most {SYNTHETIC_PLANT_DESTROYED_AT - existing}",
            recorded=event.markers,
            message=f"plant {event.facility} is destroyed at {SYNTHETIC_PLANT_DESTROYED_AT} markers (33.32B); it "
            f"carried {existing} and is given {event.markers}",
        )


@FAMILY.check(
    "33.331",
    "Germany, Japan, Britain and Russia remove at most 2 markers a turn from facilities they hold, at the end of "
    "their player turn; a plant loses 1 a turn by itself",
    reads=(OilFacilityRepaired,),
    covers=("31-34/O-08",),
)
def check_oil_repair(c: Check, ctx: AuditContext[OilFacilityRepaired]) -> Result:
    event = ctx.event
    who = power_name(event.power)
    facility = ctx.state.oil.facilities.get(event.facility)
    existing = facility.markers if facility is not None else 0
    if event.markers > existing:
        yield c.finding(
            ctx,
            expected=f"at most {existing}",
            recorded=event.markers,
            message=f"{who} removed {event.markers} markers from {event.facility}, which carried {existing}",
        )
    if event.automatic:
        if facility is not None and facility.kind != "plant":
            yield c.finding(
                ctx,
                expected="a plant",
                recorded=event.facility,
                message=f"only synthetic plants repair themselves (26.72B); {event.facility} is an oil center",
            )
        elif event.markers > 1:
            yield c.finding(
                ctx,
                expected=1,
                recorded=event.markers,
                message=f"a plant loses one damage marker a turn by itself (26.72B, 33.32A); recorded {event.markers}",
            )
    counted = plant_self_repair_reading(ctx.state.meta.options) == "counted"
    if event.automatic and not counted:
        return
    if event.power not in REPAIRING_POWERS:
        yield c.finding(
            ctx,
            expected="Germany, Japan, Britain or Russia",
            recorded=event.power,
            message=f"{who} may not repair oil facilities (33.331)",
        )
        return
    repairs = ctx.state.oil.repairs
    done = repairs.get(event.power, 0) + repairs.get(f"{event.power}/plant", 0) * counted + event.markers
    if done > REPAIR_MARKERS_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {REPAIR_MARKERS_PER_TURN}",
            recorded=done,
            message=f"{who} removed {done} damage markers this turn; at most {REPAIR_MARKERS_PER_TURN} (33.331)",
        )
    if event.phase not in (None, "end_of_player_turn") or (
        event.side is not None and event.side != _side_of(event.power)
    ):
        yield c.finding(
            ctx,
            expected="the end of its own player turn",
            recorded=f"{event.side or '-'} {event.phase or '-'}",
            message=f"{who} repaired oil damage outside the end of its own player turn (33.331)",
        )
    if event.facility in OIL_CENTERS:
        holder, why = controller_of(ctx, event.facility)
        if why is not None:
            yield why
        elif holder != power_faction(event.power):
            yield c.finding(
                ctx,
                expected=f"held by {power_name(power_faction(event.power))}",
                recorded=f"held by {power_name(holder or 'nobody')}",
                message=f"{who} repaired {event.facility}, which it does not hold (33.331)",
            )


def _side_of(power: str) -> str:
    return SIDE_OF_FACTION[cast(Faction, power_faction(power))]


# ---------------------------------------------------------------------------------------------------------------------
# Synthetic plants (33.23, 33.234; O-09)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.234",
    "a synthetic plant costs 5 RPs less 1 per military breakthrough, is built at the start of the Axis player turn "
    "where 33.231-33.232 allow, at most 6 German and 2 Japanese; never Russian",
    reads=(OilPlantBuilt,),
    covers=("31-34/O-09",),
)
def check_oil_plant_built(c: Check, ctx: AuditContext[OilPlantBuilt]) -> Result:
    event = ctx.event
    who = power_name(event.power)
    if event.power not in MAX_SYNTHETIC_PLANTS:
        yield c.finding(
            ctx,
            expected="Germany or Japan",
            recorded=event.power,
            message=f"{who} may not produce synthetic oil plants (33.233)",
        )
        return
    if event.breakthroughs is None:
        if event.rp_cost > SYNTHETIC_PLANT_RP_COST:
            yield c.finding(
                ctx,
                expected=f"at most {SYNTHETIC_PLANT_RP_COST}",
                recorded=event.rp_cost,
                message=f"a synthetic plant costs {SYNTHETIC_PLANT_RP_COST} RPs (33.234); recorded {event.rp_cost}",
            )
        elif event.rp_cost < SYNTHETIC_PLANT_RP_COST:
            yield Missing(reason="a synthetic plant below 5 RPs without its military breakthroughs (breakthroughs)")
    elif event.rp_cost != oil_plant_rp_cost(event.breakthroughs):
        cost = oil_plant_rp_cost(event.breakthroughs)
        yield c.finding(
            ctx,
            expected=cost,
            recorded=event.rp_cost,
            message=f"a synthetic plant costs 5 RPs less 1 per military breakthrough: {event.breakthroughs} "
            f"breakthrough(s) make {cost}; recorded {event.rp_cost} (33.234, 42.24F)",
        )
    if event.side not in (None, "axis") or event.phase not in (None, "oil_adjustment", "diplomacy"):
        yield c.finding(
            ctx,
            expected="the start of the Axis player turn",
            recorded=f"{event.side or '-'} {event.phase or '-'}",
            message="synthetic plants are produced at the start of the Axis player turn (33.234)",
        )
    if event.location is None:
        yield Missing(reason="a synthetic plant whose objective is not recorded (oil_plant_built.location)")
        return
    if event.power == "japan" and event.research_steps is None:
        yield Missing(reason="a Japanese plant without the research steps behind it (research_steps)")
    existing = plants_of(ctx.state.oil, event.power)
    for breach in oil_plant_findings(event.power, event.location, existing, research_steps=event.research_steps or 99):
        yield c.finding(
            ctx,
            expected="a plant the rules allow",
            recorded=event.location,
            message=f"{who} built a synthetic plant at {event.location}: {breach.message} ({breach.rule})",
        )
