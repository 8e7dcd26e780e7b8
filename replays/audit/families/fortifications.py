"""Fortifications (AWAW rule 32, 27.11D-F; A3R house App. G) and bridgeheads (AWAW rule 31).

Sources: 31-34 extract 2.1 (B-01..B-16), 2.2 (F-01..F-25), 1.16, 1.19; A3R extract 2.9, 3.10 (C-FRT-4) and 3.3
(C-BRP-12); 27-30 extract 1.1 (27.11D-F). Tables and checks come from :mod:`projections.rules.fortifications`,
:mod:`projections.rules.bridgeheads` and :mod:`projections.rules.construction`. The state before the event gives
the rest: hex control, fortifications, bridgeheads, wars, tensions and statuses (:mod:`projections.board`); this
turn's attacks, attritions and breakthroughs (:mod:`projections.combat`); hexes that changed hands, fortifications
lost, bridgeheads due for removal and their supply, this turn's builds (:mod:`projections.land`); research results
(:mod:`projections.politics`).

Rule set: AWAW games use rule 32. A3R games use the house App. G when ``forts.effects = awaw_32_2_mod`` (the
package value): Germany builds 5-BRP fortifications and upgrades West Wall hexes as its fortification research
allows. Builds by other powers in an A3R game, or any build under ``forts.effects = a3r``, follow the A3R
rulebook, which the extracts do not contain (reported as ``Missing``).

Not checked (the events do not record the facts; they need the map): the hex's terrain (F-05, B-02 terrain, F-14
beach hexes and one-hex islands), full supply of the hex (F-06 supply), enemy ZoC (F-08), the hex's weather zone
(F-09), the hex's country (F-11 Italy), the starting fortifications (F-25: Gibraltar, Malta and Singapore have no
hex in the rules table), seaborne condition B and 31.221 (supply capability), bridgehead stacking (B-11) and the
superfluous-bridgehead distance (B-10C).
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from awaw_events.events import (
    AttackDeclared,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    FortificationBuilt,
    FortificationEliminated,
    PlayerTurnEnded,
)
from awaw_events.options import A3R_OPTIONS, FORTS_OPTION
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION, Faction, Power, UnitType, power_name
from projections import land
from projections.board import at_war, war_key
from projections.rules.bridgeheads import (
    AIRDROP_HEXSIDE,
    AIRDROPPED_ROLE,
    OFFENSIVE_ATTACK_KINDS,
    RIVER_HEXSIDES,
    ROLE_TYPES,
    SHOCK_ARMY_ROLE,
    BridgeheadAttacker,
    BridgeheadCause,
    Placement,
    attack_out_findings,
    attrition_occupation_allowed,
    placement_findings,
    removal_reason,
)
from projections.rules.construction import BRP_COST_PER_COUNTER
from projections.rules.control import controller_faction, theater_of
from projections.rules.fortifications import (
    BUILD_KIND,
    FORT_BUILD_PHASE,
    FORT_BUILDERS,
    FORT_BUILDS_PER_FACTION_PER_TURN,
    FORT_COUNTER_KINDS,
    HOUSE_FORTS_PER_TURN,
    MAX_WEST_WALL_UPGRADES_PER_TURN,
    NATIONALITY_RULES,
    WEST_WALL_HEXES,
    FortBuild,
    FortVariant,
    fort_build_findings,
    fort_cost,
    fort_research_result,
    fort_variant,
    house_build_counts,
    house_german_fort_findings,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("fortifications")
BRIDGEHEADS = Family("bridgeheads")

STANDARD_A3R = "the standard A3R fortification rules are not in the extracts"


def _variant(ctx: AuditContext[Any]) -> FortVariant | None:
    """``awaw`` (rule 32), ``a3r_house`` (App. G), or ``None`` (standard A3R: not checked)."""
    meta = ctx.state.meta
    return fort_variant(meta.rules, meta.option(FORTS_OPTION, A3R_OPTIONS[FORTS_OPTION].default))


# ---------------------------------------------------------------------------------------------------------------------
# Fortification builds (32.1, 32.5, 32.6, 27.11D-F)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "32.11",
    "fortifications are built by Germany, Japan, Russia, Britain or the U.S.",
    reads=(FortificationBuilt,),
)
def check_fortification_builder(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    variant = _variant(ctx)
    if event.kind == "port" or variant is None:
        return
    allowed = FORT_BUILDERS if variant == "awaw" else frozenset({"germany"})
    if event.power not in allowed:
        if variant == "a3r_house":
            yield Missing(reason=f"{STANDARD_A3R} (only Germany's App. G builds are checked)")
            return
        yield c.finding(
            ctx,
            expected="Germany, Japan, Russia, Britain or the U.S.",
            recorded=event.power,
            message=f"{power_name(event.power)} may not build fortifications (32.11)",
        )


@FAMILY.check(
    "32.11",
    "fortifications and ports are built in the unit construction phase",
    reads=(FortificationBuilt,),
    id="fortification_phase",
)
def check_fortification_phase(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.phase is not None and event.phase != FORT_BUILD_PHASE:
        yield c.finding(
            ctx,
            expected=FORT_BUILD_PHASE,
            recorded=event.phase,
            message=(
                f"{power_name(event.power)} built a {event.kind.replace('_', ' ')} in the "
                f"{event.phase.replace('_', ' ')} phase; construction happens in the unit construction phase"
            ),
        )


@FAMILY.check(
    "32.12",
    "a fortification, pair of beach defenses or island group costs 5 BRPs + 1 RP (Japan no RP); a port 10 BRPs",
    reads=(FortificationBuilt,),
)
def check_fortification_cost(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    who = power_name(event.power)
    if event.kind == "port":
        port = BRP_COST_PER_COUNTER["port"]
        if event.brp_cost != port.brps:
            yield c.finding(
                ctx,
                expected=port.brps,
                recorded=event.brp_cost,
                message=f"{who} paid {event.brp_cost} BRPs for a port; {port.rule} gives {port.brps}",
            )
        return
    if _variant(ctx) != "awaw":
        return  # App. G prices are check_house_fortification's
    kind = BUILD_KIND[event.kind]
    cost = fort_cost(event.power, kind)
    if (event.brp_cost, event.rp_cost) != (cost.brps, cost.rps):
        what = {"fortification": "a fortification", "beach_defenses": "a pair of beach defenses"}.get(
            kind, "an island-group fortification"
        )
        yield c.finding(
            ctx,
            expected=f"{cost.brps} BRPs + {cost.rps} RP",
            recorded=f"{event.brp_cost} BRPs + {event.rp_cost} RP",
            message=(
                f"{who} paid {event.brp_cost} BRPs + {event.rp_cost} RP for {what}; 32.12 gives "
                f"{cost.brps} BRPs + {cost.rps} RP (27.11D-E)"
            ),
        )


@FAMILY.check(
    "32.53",
    "a beach-defense build places two counters in two hexes; other builds one counter",
    reads=(FortificationBuilt,),
)
def check_fortification_counters(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if _variant(ctx) != "awaw":
        return
    if event.kind == "beach_defense":
        if len(set(event.hexes)) != BRP_COST_PER_COUNTER["beach_defense"].counters:
            yield c.finding(
                ctx,
                expected="2 hexes",
                recorded=", ".join(event.hexes),
                message=(
                    f"one beach-defense build places two counters, at most one per hex (32.53, 32.54); "
                    f"recorded {', '.join(event.hexes)}"
                ),
            )
    elif len(event.hexes) != 1 and not event.upgrade:
        yield c.finding(
            ctx,
            expected="1 hex",
            recorded=", ".join(event.hexes),
            message=f"one {event.kind.replace('_', ' ')} build places one counter; recorded {', '.join(event.hexes)}",
        )


@FAMILY.check(
    "32.14D",
    "one fortification, pair of beach defenses or island group per alliance faction per turn",
    reads=(FortificationBuilt,),
)
def check_fortification_per_turn(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind == "port" or _variant(ctx) != "awaw":
        return
    faction = FACTION_OF_POWER[event.power]
    earlier = land.fort_builds(ctx.state.land, event, faction)
    if len(earlier) >= FORT_BUILDS_PER_FACTION_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {FORT_BUILDS_PER_FACTION_PER_TURN}",
            recorded=len(earlier) + 1,
            message=(
                f"the {power_name(faction)} already built a fortification-type counter this turn (event {earlier[0]}); "
                f"32.14D allows {FORT_BUILDS_PER_FACTION_PER_TURN} fortification, pair of beach defenses "
                "or island group"
            ),
        )


@FAMILY.check(
    "32.14A",
    "no build in a hex already fortified (West Wall hexes upgrade to fortresses); one beach defense per hex",
    reads=(FortificationBuilt,),
)
def check_fortification_hex(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind == "port" or _variant(ctx) is None:
        return
    forts = ctx.state.board.fortifications
    for hex_ in event.hexes:
        there = forts.get(hex_)
        west_wall = hex_ in WEST_WALL_HEXES
        if event.upgrade and not west_wall:
            yield c.finding(
                ctx,
                expected="a West Wall hex",
                recorded=hex_,
                message=f"{hex_} is not a West Wall hex; only West Wall hexes are upgraded to fortresses (32.15)",
            )
        if there is None:
            continue
        if event.kind == "beach_defense" and there.kind == "beach_defense":
            yield c.finding(
                ctx,
                expected="no beach defense there",
                recorded=there.kind,
                message=f"{hex_} already holds a beach defense (built {there.built}); at most one per hex (32.54)",
            )
        elif event.kind != "beach_defense" and there.kind in FORT_COUNTER_KINDS:
            if west_wall and there.built == "setup" and there.kind == "west_wall":
                continue  # 32.15: fortifying a West Wall hex makes it a fortress
            yield c.finding(
                ctx,
                expected="an unfortified hex",
                recorded=there.kind,
                message=(
                    f"{hex_} already holds a {there.kind.replace('_', ' ')} ({there.built}); 32.14A forbids a second"
                ),
            )


@FAMILY.check(
    "32.13C",
    "the hex is held by the builder's faction (beach defenses: its power) since the start of its player turn",
    reads=(FortificationBuilt,),
)
def check_fortification_control(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind == "port" or _variant(ctx) != "awaw":
        return
    faction = FACTION_OF_POWER[event.power]
    facts = ctx.state.land
    changed = facts.changed_hands if land.same_player_turn(facts, event) else frozenset()
    for hex_ in event.hexes:
        controller = ctx.state.board.control.get(hex_)
        holder = controller_faction(controller)
        if controller is None or holder is None:
            continue  # unknown, or a minor country's id: its alliance is not in the board state
        if event.kind == "beach_defense" and controller != event.power:
            yield c.finding(
                ctx,
                expected=event.power,
                recorded=controller,
                message=f"beach defenses in {hex_} are built by the power controlling it (32.52), here {controller}",
            )
        elif holder != faction:
            yield c.finding(
                ctx,
                expected=faction,
                recorded=controller,
                message=f"{power_name(event.power)} fortified {hex_}, which {controller} controls (32.13C)",
            )
        elif hex_ in changed:
            yield c.finding(
                ctx,
                expected="controlled at the start of the player turn",
                recorded="captured this player turn",
                message=(
                    f"{hex_} changed hands this player turn; fortifications go only in hexes held at its start (32.13C)"
                ),
            )


@FAMILY.check(
    "32.14E",
    "EA forts by Germany; WA forts in British or U.S. hexes, by Britain or a U.S. at war there; Pacific limits",
    reads=(FortificationBuilt,),
)
def check_fortification_nationality(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind == "port" or _variant(ctx) != "awaw":
        return
    board = ctx.state.board
    hex_ = event.hexes[0]
    theater = theater_of(hex_)
    enemies = ("japan",) if theater == "pacific" else ("germany", "italy")
    war_on_britain = board.wars.get(war_key("japan", "britain"))
    cost = fort_cost(event.power)
    build = FortBuild(
        power=event.power,
        faction=FACTION_OF_POWER[event.power],
        kind=BUILD_KIND[event.kind],
        phase=FORT_BUILD_PHASE,
        brps_paid=cost.brps,
        rps_paid=cost.rps,
        hex_controller=cast(Power | None, board.control.get(hex_)),
        italy_surrendered=board.statuses.get("italy") == "surrendered",
        theater=theater,
        usa_at_war_in_theater=any(at_war(board, "usa", e) for e in enemies),
        japan_war_on_britain_before_this_turn=(
            war_on_britain is not None and war_on_britain != f"{event.season} {event.year}"
        ),
        usjt=board.tensions.get("usjt", 0),
    )
    for breach in fort_build_findings(build):
        if breach.rule in NATIONALITY_RULES:
            yield c.finding(
                ctx, expected=breach.rule, recorded=event.power, message=f"{breach.message} ({breach.rule})"
            )


def _german_fort_research(ctx: AuditContext[Any]) -> int | None:
    """Germany's latest recorded fortification research result (App. G)."""
    latest: tuple[int, int] | None = None
    for research in ctx.state.politics.research.values():
        result = fort_research_result(research.power, research.project, research.result)
        if result is not None and (latest is None or research.seq > latest[0]):
            latest = (research.seq, result)
    return latest[1] if latest is not None else None


@FAMILY.check(
    "A3R App. G 32.21",
    "house German forts: 5 BRPs, one a turn, research 7+; West Wall upgrades 5 BRPs a hex, 1-5 a turn, 9+",
    reads=(FortificationBuilt,),
)
def check_house_fortification(c: Check, ctx: AuditContext[FortificationBuilt]) -> Result:
    event = ctx.event
    if event.kind == "port" or _variant(ctx) != "a3r_house" or event.power != "germany":
        return
    research = _german_fort_research(ctx)
    if research is None:
        yield Missing(reason="no German fortification research result is recorded")
        return
    forts, upgrades = house_build_counts(upgrade=event.upgrade, hexes=len(event.hexes))
    for breach in house_german_fort_findings(research, forts, upgrades, event.brp_cost):
        yield c.finding(ctx, expected=breach.rule, recorded=event.brp_cost, message=breach.message)
    done = land.german_house_builds(ctx.state.land, event)
    if forts and done[0] + forts > HOUSE_FORTS_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {HOUSE_FORTS_PER_TURN}",
            recorded=done[0] + forts,
            message=f"Germany builds fortification number {done[0] + forts} this turn; App. G allows one",
        )
    if upgrades and done[1] + upgrades > MAX_WEST_WALL_UPGRADES_PER_TURN:
        yield c.finding(
            ctx,
            expected=f"at most {MAX_WEST_WALL_UPGRADES_PER_TURN}",
            recorded=done[1] + upgrades,
            message=f"{done[1] + upgrades} West Wall hexes upgraded this turn; App. G allows 1 to 5",
        )


@FAMILY.check(
    "32.31",
    "a fortification is eliminated when its hex comes under enemy control, and only then",
    reads=(PlayerTurnEnded, FortificationEliminated),
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


# ---------------------------------------------------------------------------------------------------------------------
# Bridgeheads (31)
# ---------------------------------------------------------------------------------------------------------------------


def _placement(ctx: AuditContext[BridgeheadPlaced]) -> tuple[Placement, list[str]]:
    """The recorded facts of a placement, and the facts the log lacks (this player turn's attacks and attritions
    are :mod:`projections.combat`'s)."""
    event = ctx.event
    combat = ctx.state.combat
    missing: list[str] = []
    attack = combat.attacks.get(event.ref) if event.ref else None
    facts: dict[str, Any] = {
        "cause": event.cause,
        "phase": event.phase or "",
        "from_attrition": event.phase == "attrition" or event.ref in combat.attritions,
    }
    if event.cause == "seaborne_invasion":
        unit = ctx.state.board.units.get(event.first_unit) if event.first_unit else None
        invaders = {a.unit for a in attack.declared.attackers if a.role == "invading"} if attack else None
        if event.first_unit is None:
            missing.append("bridgehead_placed does not name the first unit")
        else:
            facts["occupied_by_surviving_invader"] = (
                unit is not None
                and unit.location == event.hex
                and unit.unit_type != "airborne"
                and (invaders is None or event.first_unit in invaders)
            )
        if attack is None:
            missing.append("the invasion's attack_declared is not in this player turn")
        else:
            friendly = controller_faction(attack.hex_control.get(event.hex)) == event.faction
            facts["hex_friendly_when_invaded"] = friendly
            if friendly:
                missing.append("condition B (the hex could not be fully supplied) needs the supply trace")
    elif event.cause in ("cross_river_attack", "crossing_arrow_attack"):
        if attack is None:
            missing.append("the attack's attack_declared is not in this player turn")
        else:
            attackers = attack.declared.attackers
            ground = [a for a in attackers if a.role != AIRDROPPED_ROLE and a.hexside != AIRDROP_HEXSIDE]
            across = bool(ground) and all(a.hexside in RIVER_HEXSIDES for a in ground)
            dropped = len(ground) < len(attackers)
            facts["river_dm_applied"] = across and not dropped
            facts["river_dm_lost_only_to_airdrop"] = across and dropped
    return Placement(**facts), missing


@BRIDGEHEADS.check(
    "31.12",
    "a bridgehead is placed in the movement phase (overruns) or the combat phase (attacks), never from attrition",
    reads=(BridgeheadPlaced,),
)
def check_bridgehead_phase(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    facts, _ = ctx.cached(_placement)
    # only the phase and the cause: the other conditions are the other checks'
    placement = Placement(cause=facts.cause, phase=facts.phase, from_attrition=facts.from_attrition)
    for breach in placement_findings(placement):
        yield c.finding(
            ctx,
            expected=breach.rule,
            recorded=event.phase,
            message=f"the {event.cause.replace('_', ' ')} bridgehead in {event.hex}: {breach.message} ({breach.rule})",
        )


@BRIDGEHEADS.check(
    "31.22",
    "a seaborne bridgehead is held by a surviving invader, in a hex not friendly when invaded (condition A)",
    reads=(BridgeheadPlaced,),
)
def check_bridgehead_seaborne(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if event.cause != "seaborne_invasion":
        return
    placement, missing = ctx.cached(_placement)
    for reason in missing:
        yield Missing(reason=reason)
    for breach in placement_findings(placement):
        if breach.rule == "31.22":
            yield c.finding(
                ctx,
                expected="a surviving seaborne invader in the hex",
                recorded=event.first_unit,
                message=f"the seaborne bridgehead in {event.hex}: {breach.message} ({event.first_unit}; 31.22)",
            )


@BRIDGEHEADS.check(
    "31.23",
    "a river or crossing-arrow bridgehead only where the defenders had the river DM (or lost it only to an airdrop)",
    reads=(BridgeheadPlaced,),
)
def check_bridgehead_river(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if event.cause not in ("cross_river_attack", "crossing_arrow_attack"):
        return
    placement, missing = ctx.cached(_placement)
    for reason in missing:
        yield Missing(reason=reason)
    if missing:
        return
    for breach in placement_findings(dataclasses.replace(placement, from_attrition=False)):
        if breach.rule == "31.23":
            yield c.finding(
                ctx,
                expected="all ground attackers across the river or crossing arrow",
                recorded=event.ref,
                message=(
                    f"the bridgehead in {event.hex}: in attack {event.ref} some ground attackers were not across a "
                    f"river or crossing arrow, so the defenders had no river DM (31.23, TC-17)"
                ),
            )


@BRIDGEHEADS.check(
    "31.41",
    "a bridgehead is removed as soon as the enemy controls its hex, and when unsupplied after post-combat supply",
    reads=(PlayerTurnEnded,),
    id="bridgehead_kept",
)
def check_bridgehead_kept(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    board = ctx.state.board
    for hex_, due in sorted(ctx.state.land.bridgeheads_due.items()):
        bh = board.bridgeheads.get(hex_)
        if bh is None:
            continue
        if due.reason == "enemy_control":
            if controller_faction(board.control.get(hex_)) == bh.faction:
                continue
            message = (
                f"the bridgehead in {hex_} stays in play although {due.detail} took the hex (event {due.seq}; 31.41A)"
            )
        else:
            message = (
                f"the bridgehead in {hex_} stays in play although it was {due.detail} at post-combat supply "
                f"(event {due.seq}; 31.41B)"
            )
        yield c.finding(ctx, expected="removed", recorded="still in play", message=message)


@BRIDGEHEADS.check(
    "31.41",
    "a removed bridgehead existed and its reason holds (enemy control; isolation; superfluous at the turn's end)",
    reads=(BridgeheadRemoved,),
    id="bridgehead_removal",
)
def check_bridgehead_removal(c: Check, ctx: AuditContext[BridgeheadRemoved]) -> Result:
    event = ctx.event
    board = ctx.state.board
    found = board.bridgeheads.get(event.hex)
    if found is None:
        yield c.finding(
            ctx, expected="a bridgehead", recorded="none", message=f"no bridgehead is in {event.hex} to remove"
        )
        return
    bh = land.bridgehead_rules(board, event.hex)
    owner_side = SIDE_OF_FACTION.get(cast(Faction, found.faction))
    if event.reason == "enemy_control":
        controller = board.control.get(event.hex)
        enemy = controller is not None and controller_faction(controller) != found.faction
        if removal_reason(bh, "any", enemy_controls_hex=enemy) != "enemy_control":
            yield c.finding(
                ctx,
                expected="an enemy-controlled hex",
                recorded=controller,
                message=f"the bridgehead in {event.hex} is removed for enemy control, but {controller} holds the hex",
            )
    elif event.reason == "isolation":
        if event.phase != "post_combat_supply" or event.side != owner_side:
            yield c.finding(
                ctx,
                expected=f"the {owner_side} post-combat supply determination",
                recorded=f"{event.side} {event.phase}",
                message=(
                    "an unsupplied bridgehead is removed at the end of its owner's post-combat supply "
                    "determination (31.41B)"
                ),
            )
        supply = ctx.state.land.bridgehead_supply.get(event.hex)
        if supply is None:
            yield Missing(reason="no post-combat supply result is recorded for the bridgehead")
        elif removal_reason(bh, "end_of_post_combat_supply", supply=cast(Any, supply)) != "isolation":
            yield c.finding(
                ctx,
                expected="isolated",
                recorded=supply,
                message=f"the bridgehead in {event.hex} is removed as isolated; its post-combat supply was {supply}",
            )
    elif event.reason == "superfluous" and (
        event.phase not in ("end_of_player_turn", None) or event.side != owner_side
    ):
        yield c.finding(
            ctx,
            expected=f"the end of the {owner_side} player turn",
            recorded=f"{event.side} {event.phase}",
            message="a superfluous bridgehead is removed at the end of its owner's player turn (31.41C)",
        )
    # whether it was superfluous (no enemy unit within 4 or 3 hexes by land, and for a seaborne bridgehead
    # no need of sea supply) needs the map (B-10C)


@BRIDGEHEADS.check(
    "31.61",
    "at most 2 ground units attack out of a bridgehead in offensive ground combat (exemptions aside)",
    reads=(AttackDeclared,),
)
def check_bridgehead_attack_out(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    board = ctx.state.board
    if event.kind not in OFFENSIVE_ATTACK_KINDS or not board.bridgeheads:
        return
    breakthroughs = {b.hex for b in ctx.state.combat.breakthroughs.values()}
    by_origin: dict[str, list[BridgeheadAttacker]] = {}
    for a in event.attackers:
        if a.origin is None or a.origin not in board.bridgeheads:
            continue
        unit = board.units.get(a.unit)
        kind = ROLE_TYPES.get(a.role) or (unit.unit_type if unit is not None else "infantry")
        by_origin.setdefault(a.origin, []).append(
            BridgeheadAttacker(
                unit_type=cast(UnitType, kind),
                armor_in_breakthrough_hex=(a.armor or kind == "armor") and a.origin in breakthroughs,
                russian_shock_army=a.role == SHOCK_ARMY_ROLE,
            )
        )
    for origin, attackers in sorted(by_origin.items()):
        for breach in attack_out_findings(attackers):
            yield c.finding(
                ctx,
                expected="at most 2",
                recorded=len(attackers),
                message=f"attack {event.attack}: {breach.message} (from the bridgehead in {origin})",
            )


@BRIDGEHEADS.check(
    "31.64",
    "a river or crossing-arrow bridgehead hex is never taken by attrition occupation",
    reads=(AttritionOccupation,),
)
def check_bridgehead_attrition(c: Check, ctx: AuditContext[AttritionOccupation]) -> Result:
    event = ctx.event
    board = ctx.state.board
    if not board.bridgeheads:
        return
    targets = set(event.hexes) | {m.to for m in event.moves}
    for hex_ in sorted(targets):
        bh = board.bridgeheads.get(hex_)
        if bh is None or attrition_occupation_allowed(cast(BridgeheadCause, bh.cause)):
            continue
        yield c.finding(
            ctx,
            expected="another hex",
            recorded=hex_,
            message=(
                f"{hex_} holds a {bh.cause.replace('_', ' ')} bridgehead of the {power_name(bh.faction)}; such a hex "
                "is never taken by attrition occupation (31.64)"
            ),
        )
