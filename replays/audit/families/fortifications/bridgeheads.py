"""Bridgeheads (AWAW rule 31): placement, removal, stacking, attacks out of them, their defence, attrition occupation
and supply (checks B-01 to B-16).

The attack or overrun a bridgehead names is :mod:`projections.combat` state; the bridgeheads due for removal, their
post-combat supply and those removed this player turn are :mod:`projections.land`'s. Hexsides (rivers, crossing
arrows), beach hexes, one-hex islands and ports come from the map data, or are reported as not checked.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from awaw_events.events import (
    AttackDeclared,
    AttritionOccupation,
    BridgeheadPlaced,
    BridgeheadRemoved,
    PlayerTurnEnded,
    SupplyDetermined,
)
from awaw_events.vocab import SIDE_OF_FACTION, Faction, Phase, UnitType, power_name
from projections import land
from projections.board import BoardState
from projections.position.common import before_the_game
from projections.rules import combat as combat_rules
from projections.rules.bridgeheads import (
    AIRDROP_HEXSIDE,
    AIRDROPPED_ROLE,
    BRIDGEHEAD_DM_EXEMPT_TYPES,
    BRIDGEHEAD_SOURCE,
    OFFENSIVE_ATTACK_KINDS,
    RIVER_CAUSES,
    RIVER_HEXSIDES,
    ROLE_TYPES,
    SHOCK_ARMY_ROLE,
    SUPERFLUOUS_RANGE,
    WINTER_AND_CTL_DMS_IGNORED,
    BridgeheadAttacker,
    BridgeheadCause,
    Placement,
    acts_as_unlimited_supply_source,
    attack_out_findings,
    attrition_occupation_allowed,
    overrun_reading,
    placement_findings,
    removal_reason,
)
from projections.rules.combat.stacking import STACKED_GROUND_TYPES
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.control import controller_faction, theater_of
from projections.rules.fortifications import MAGINOT_HEXES
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.fortifications.base import BRIDGEHEADS, units_in, west_wall_hex


def _placement(ctx: AuditContext[BridgeheadPlaced]) -> tuple[Placement, list[str | Missing]]:
    """The recorded facts of a placement, and the facts the log lacks (this player turn's attacks and attritions
    are :mod:`projections.combat`'s)."""
    event = ctx.event
    combat = ctx.state.combat
    missing: list[str | Missing] = []
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
            commando_in_port = unit is not None and unit.unit_type == "commando" and _port(ctx, event.hex) is not False
            if commando_in_port and _port(ctx, event.hex) is None:
                missing.append(ctx.missing_hex(event.hex, "port"))
            facts["occupied_by_surviving_invader"] = (
                unit is not None
                and unit.location == event.hex
                and unit.unit_type != "airborne"
                and not (commando_in_port and _port(ctx, event.hex))
                and (invaders is None or event.first_unit in invaders)
            )
        if attack is None:
            missing.append("the invasion's attack_declared is not in this player turn")
        else:
            friendly = controller_faction(attack.hex_control.get(event.hex)) == event.faction
            facts["hex_friendly_when_invaded"] = friendly
            if friendly:
                supply = ctx.state.land.hex_supply.get(event.hex) or _units_supply(ctx.state.board, event)
                if supply is None:
                    missing.append("condition B: no initial supply result for the invaded friendly hex")
                facts["could_fully_supply"] = supply == "full"
    elif event.cause in RIVER_CAUSES:
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


def _port(ctx: AuditContext[Any], hex_: str) -> bool | None:
    facts = ctx.hex(hex_)
    return facts.port if facts is not None else None


def _units_supply(board: BoardState, event: BridgeheadPlaced) -> str | None:
    """The best supply status of the placing faction's units in the hex (their initial determination this turn)."""
    found = {u.supply for u in units_in(board, event.hex) if controller_faction(u.owner) == event.faction}
    return next((s for s in ("full", "partial", "unsupplied", "isolated") if s in found), None)


def _report(missing: list[str | Missing]) -> Result:
    return [m if isinstance(m, Missing) else Missing(reason=m) for m in missing]


@BRIDGEHEADS.check(
    "31.12",
    "a bridgehead is placed in the movement phase (overruns) or the combat phase (attacks), never from attrition",
    reads=(BridgeheadPlaced,),
    covers=("B-01", "B-07"),
)
def check_bridgehead_phase(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if before_the_game(ctx.position, event):
        return  # a bridgehead of the set-up (or history) was placed before the game: its phase is not this game's
    facts, _ = ctx.cached(_placement)
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
    "a seaborne bridgehead: a beach hex or one-hex island held by a surviving invader, not friendly when invaded or "
    "not fully suppliable",
    reads=(BridgeheadPlaced,),
    covers=("B-02", "B-03"),
)
def check_bridgehead_seaborne(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if before_the_game(ctx.position, event) or event.cause != "seaborne_invasion":
        return
    placement, missing = ctx.cached(_placement)
    yield from _report(missing)
    for breach in placement_findings(placement):
        if breach.rule == "31.22":
            yield c.finding(
                ctx,
                expected="a surviving seaborne invader in the hex, not friendly or not fully suppliable",
                recorded=event.first_unit,
                message=f"the seaborne bridgehead in {event.hex}: {breach.message} ({event.first_unit}; 31.22)",
            )
    facts = ctx.hex(event.hex)
    if facts is None or (facts.beach is None and facts.island is None):
        yield ctx.missing_hex(event.hex, "beach or one-hex island")
    elif not facts.beach and not facts.island:
        if facts.beach is False and facts.island is not None:
            yield c.finding(
                ctx,
                expected="a beach hex or a one-hex island",
                recorded=event.hex,
                message=f"{event.hex} is neither a beach hex nor a one-hex island; no seaborne bridgehead (31.22)",
            )
        else:
            yield ctx.missing_hex(event.hex, "beach or one-hex island")


@BRIDGEHEADS.check(
    "31.23",
    "a river or crossing-arrow bridgehead only where the defenders had the river DM (or lost it only to an airdrop); "
    "in Maginot and West Wall hexes only with every non-airborne attacker across the Rhine",
    reads=(BridgeheadPlaced,),
    covers=("B-05", "B-06"),
)
def check_bridgehead_river(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if before_the_game(ctx.position, event) or event.cause not in RIVER_CAUSES:
        return
    placement, missing = ctx.cached(_placement)
    yield from _report(missing)
    if missing:
        return
    attack = ctx.state.combat.attacks[cast(str, event.ref)]
    line = event.hex in MAGINOT_HEXES or west_wall_hex(ctx, event.hex)
    ground = [a for a in attack.declared.attackers if a.role != AIRDROPPED_ROLE and a.hexside != AIRDROP_HEXSIDE]
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
    if line and not all(a.hexside == "river" for a in ground):
        yield c.finding(
            ctx,
            expected="every non-airborne attacker across the Rhine",
            recorded=event.ref,
            message=f"{event.hex} is a Maginot or West Wall hex: a bridgehead there needs every non-airborne attacker "
            "on the other side of the Rhine (31.23)",
        )
    yield from _hexsides(ctx, event.hex, [(a.origin, a.hexside) for a in ground])


def _hexsides(ctx: AuditContext[Any], hex_: str, sides: list[tuple[str | None, str]]) -> Result:
    """The claimed river or crossing-arrow hexsides against the map data: not checked where the data does not give
    the hexside as one (its format has no "no river": an absent fact is unknown)."""
    for origin, _ in sides:
        if origin is None:
            yield Missing(reason="an attacker's origin hex is not recorded: its hexside cannot be read on the map")
            continue
        side = ctx.map.hexside(origin, hex_) if ctx.map is not None else None
        if side is None or (side.river is None and not side.crossing_arrow):
            yield ctx.missing_hex(origin, "river hexsides")


@BRIDGEHEADS.check(
    "31.32",
    "an attack's bridgehead is placed once its first surviving ground unit occupies the hex",
    reads=(BridgeheadPlaced,),
    covers=("B-09",),
)
def check_bridgehead_occupied(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if before_the_game(ctx.position, event) or event.cause not in RIVER_CAUSES:
        return  # seaborne: 31.22's surviving invader; overruns: 31.31
    attacks = ctx.state.combat.attacks
    attack = attacks.get(event.ref) if event.ref else None
    if attack is None:
        return  # reported by check_bridgehead_river
    if f"{event.ref}|{event.hex}" in ctx.state.land.bridgeheads_declined:
        yield c.finding(
            ctx,
            expected="no bridgehead: declined",
            recorded=f"a bridgehead in {event.hex}",
            message=f"attack {event.ref}'s bridgehead in {event.hex} was declined when its units advanced; declining "
            "is final (31.32)",
        )
    last = next(reversed(attacks))
    if last != event.ref:
        # Choice beside 31.32: an attack's advance (and the placement right after its first unit) is over once the
        # next attack is declared.
        yield c.finding(
            ctx,
            expected=f"right after attack {event.ref}'s advance",
            recorded=f"after attack {last} was declared",
            message=f"attack {event.ref}'s bridgehead in {event.hex} is placed after attack {last} was declared: it is "
            "placed as the first surviving ground unit occupies the hex, before the advance ends (31.32)",
        )
    if event.hex not in attack.advanced:
        yield c.finding(
            ctx,
            expected=f"an advance of attack {event.ref} into {event.hex} first",
            recorded="no advance",
            message=f"no unit of attack {event.ref} has advanced into {event.hex}; the bridgehead is placed after its "
            "first surviving ground unit occupies the hex (31.32)",
        )


@BRIDGEHEADS.check(
    "31.24",
    "an overrun bridgehead follows the successful overrun of its hex, across a river or crossing arrow",
    reads=(BridgeheadPlaced,),
    covers=("B-08",),
)
def check_bridgehead_overrun(c: Check, ctx: AuditContext[BridgeheadPlaced]) -> Result:
    event = ctx.event
    if before_the_game(ctx.position, event) or event.cause != "overrun":
        return
    overruns = ctx.state.combat.overruns
    overrun = overruns.get(event.ref) if event.ref else None
    if overrun is None:
        yield Missing(reason="the overrun a bridgehead names is not in this player turn (overrun_resolved)")
        return
    if not overrun.success or overrun.target != event.hex:
        yield c.finding(
            ctx,
            expected=f"a successful overrun of {event.hex}",
            recorded=f"{overrun.target}, {'success' if overrun.success else 'failed'}",
            message=f"overrun {event.ref} did not take {event.hex}; an overrun bridgehead goes on the hex entered "
            "by the overrun (31.24)",
        )
    if next(reversed(overruns)) != event.ref:
        yield c.finding(
            ctx,
            expected=f"right after overrun {event.ref}",
            recorded=f"after overrun {next(reversed(overruns))}",
            message=f"the bridgehead of overrun {event.ref} is placed after another overrun; it is placed "
            "immediately after its overrun (31.31)",
        )
    if event.across is None:
        yield Missing(reason="bridgehead_placed does not record the hex the overrun came from (across)")
        return
    if not ctx.grid.adjacent(event.across, event.hex):
        yield c.finding(
            ctx,
            expected=f"a hex next to {event.hex}",
            recorded=event.across,
            message=f"{event.across} is not next to {event.hex}: the overrun cannot have crossed from it (31.24)",
        )
        return
    yield from _hexsides(ctx, event.hex, [(event.across, "river")])


@BRIDGEHEADS.check(
    "31.41",
    "a bridgehead is removed as soon as the enemy controls its hex, and when unsupplied after post-combat supply",
    reads=(PlayerTurnEnded,),
    id="bridgehead_kept",
    covers=("B-10",),
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
    covers=("B-10",),
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
    elif event.reason == "superfluous":
        if event.phase not in ("end_of_player_turn", None) or event.side != owner_side:
            yield c.finding(
                ctx,
                expected=f"the end of the {owner_side} player turn",
                recorded=f"{event.side} {event.phase}",
                message="a superfluous bridgehead is removed at the end of its owner's player turn (31.41C)",
            )
        superfluous = _superfluous(ctx, event.hex)
        if isinstance(superfluous, Missing):
            yield superfluous
        elif not superfluous:
            yield c.finding(
                ctx,
                expected="kept",
                recorded="removed as superfluous",
                message=f"the {found.cause.replace('_', ' ')} bridgehead in {event.hex} is not superfluous (31.41C)",
            )


@BRIDGEHEADS.check(
    "31.61",
    "at most 2 ground units attack out of a bridgehead in offensive ground combat (exemptions aside)",
    reads=(AttackDeclared,),
    covers=("B-13",),
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
    covers=("B-14",),
)
def check_bridgehead_attrition(c: Check, ctx: AuditContext[AttritionOccupation]) -> Result:
    event = ctx.event
    board = ctx.state.board
    if not board.bridgeheads:
        return
    targets = set(event.hexes) | {m.to for m in event.moves}
    reading = overrun_reading(ctx.meta.options)
    for hex_ in sorted(targets):
        bh = board.bridgeheads.get(hex_)
        if bh is None or attrition_occupation_allowed(cast(BridgeheadCause, bh.cause), overrun=reading):
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


def _superfluous(ctx: AuditContext[Any], hex_: str) -> bool | Missing:
    """Whether a bridgehead is superfluous (31.41C): a river or crossing-arrow one (an overrun one too, under
    ``bridgeheads.overrun = as_river``), or a seaborne one that needs no sea supply (one-hex island, beach hex with a
    port), with no enemy unit of any type within 4 hexes by land (Europe) or 3 (Pacific). The grid distance is never
    more than the distance by land: with an enemy unit within it, the land distance needs the map."""
    board = ctx.state.board
    bh = board.bridgeheads[hex_]
    if bh.cause == "overrun" and overrun_reading(ctx.meta.options) == "not_superfluous":
        return False
    if bh.cause == "seaborne_invasion":
        facts = ctx.hex(hex_)
        if facts is None or (facts.island is None and facts.port is None):
            return ctx.missing_hex(hex_, "one-hex island and port")
        if not (facts.island or facts.port):
            return Missing(reason="whether a seaborne bridgehead's supply zone holds a port (31.41C) is not recorded")
    near = ctx.grid.within(hex_, SUPERFLUOUS_RANGE[theater_of(hex_)])
    side = SIDE_OF_FACTION.get(cast(Faction, bh.faction))
    for unit in board.units.values():
        if unit.location in near:
            faction = controller_faction(unit.owner)
            if faction is None or SIDE_OF_FACTION.get(faction) != side:
                return Missing(
                    reason="an enemy unit is within range of a bridgehead: the distance by land needs the map"
                )
    return True


@BRIDGEHEADS.check(
    "31.41C",
    "a superfluous bridgehead is removed at the end of its owner's player turn",
    reads=(PlayerTurnEnded,),
    covers=("B-10",),
)
def check_bridgehead_superfluous(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    event = ctx.event
    for hex_, bh in sorted(ctx.state.board.bridgeheads.items()):
        if SIDE_OF_FACTION.get(cast(Faction, bh.faction)) != event.side:
            continue
        superfluous = _superfluous(ctx, hex_)
        if isinstance(superfluous, Missing):
            yield superfluous
        elif superfluous:
            yield c.finding(
                ctx,
                expected="removed",
                recorded="still in play",
                message=f"the {bh.cause.replace('_', ' ')} bridgehead in {hex_} has no enemy unit within "
                f"{SUPERFLUOUS_RANGE[theater_of(hex_)]} hexes: it is removed at the end of its owner's player turn "
                "(31.41C)",
            )


def _stack_kind(ctx: AuditContext[Any], hex_: str, bridgehead: bool) -> combat_rules.StackHex | Missing:
    """The stacking kind of a hex: Pacific one-hex islands keep their limit with a bridgehead (31.51, 12.13)."""
    if theater_of(hex_) == "pacific":
        facts = ctx.hex(hex_)
        if facts is None or facts.island is None:
            return ctx.missing_hex(hex_, "one-hex island")
        if facts.island:
            return "pacific_island_port" if facts.port else "pacific_island"
    return "bridgehead" if bridgehead else "standard"


@BRIDGEHEADS.check(
    "31.51",
    "at the end of a player turn a bridgehead hex holds at most 5 ground + 3 specialized units; one whose bridgehead "
    "was removed is back to normal stacking",
    reads=(PlayerTurnEnded,),
    covers=("B-11", "B-12"),
)
def check_bridgehead_stacking(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    event = ctx.event
    board = ctx.state.board
    removed = {
        h: f
        for h, f in ctx.state.land.bridgeheads_removed.items()
        if SIDE_OF_FACTION.get(cast(Faction, f)) == event.side and h not in board.bridgeheads
    }
    hexes = {**{h: b.faction for h, b in board.bridgeheads.items()}, **removed}
    if not hexes:
        return
    counts: dict[str, list[int]] = {}
    for unit in board.units.values():
        faction = hexes.get(unit.location)
        if faction is None or controller_faction(unit.owner) != faction:
            continue
        count = counts.setdefault(unit.location, [0, 0, 0])
        if unit.unit_type == "flak":
            count[2] += unit.factors
        elif unit.unit_type in SPECIALIZED_TYPES:
            count[1] += 1
        elif unit.unit_type in STACKED_GROUND_TYPES:
            count[0] += 1
    for hex_, (ground, special, flak) in sorted(counts.items()):
        kind = _stack_kind(ctx, hex_, hex_ in board.bridgeheads)
        if isinstance(kind, Missing):
            if ground > combat_rules.STACKING_LIMITS["pacific_island"].ground_units:  # type: ignore[operator]
                yield kind
            continue
        for b in combat_rules.stacking_findings(
            kind, ground_units=ground, specialized_units=special, flak_factors=flak
        ):
            gone = " (its bridgehead was removed: the owner eliminates the excess, 31.52)" if hex_ in removed else ""
            yield c.finding(
                ctx,
                expected="within the limit",
                recorded=f"{ground} + {special}",
                message=f"{hex_} at the end of the {event.side} player turn: {b.message} ({b.rule}){gone}",
            )


@BRIDGEHEADS.check(
    "31.63",
    "every ground unit in a bridgehead defends; its infantry and replacements take no exploiting-armor, low-CTL or "
    "winter DM",
    reads=(AttackDeclared,),
    covers=("B-15",),
)
def check_bridgehead_defence(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    board = ctx.state.board
    held = [h for h in event.defender_hexes if h in board.bridgeheads]
    if not held:
        return
    units = board.units
    listed = {d.unit for d in event.defenders}
    for hex_ in held:
        faction = board.bridgeheads[hex_].faction
        for unit in units_in(board, hex_):
            ours = (
                unit.unit_type in STACKED_GROUND_TYPES | SPECIALIZED_TYPES and controller_faction(unit.owner) == faction
            )
            if ours and unit.id not in listed and event.defenders:
                yield c.finding(
                    ctx,
                    expected="every ground unit in the bridgehead",
                    recorded=", ".join(sorted(listed)),
                    message=f"attack {event.attack}: {unit.id} in the bridgehead in {hex_} does not defend; all "
                    "the ground units in a bridgehead defend (31.63A)",
                )
    for d in event.defenders:
        defending = units.get(d.unit)
        where = d.hex or (defending.location if defending is not None else None)
        if where not in held or defending is None:
            continue
        if cast(UnitType, defending.unit_type) not in BRIDGEHEAD_DM_EXEMPT_TYPES:
            continue
        for m in d.dms:
            if combat_rules.catalogue_code(m.code) in WINTER_AND_CTL_DMS_IGNORED:
                yield c.finding(
                    ctx,
                    expected="no such DM",
                    recorded=m.code,
                    message=f"attack {event.attack}: {d.unit} ({defending.unit_type}) defends in a bridgehead and "
                    f"takes no {m.code.replace('_', ' ')} DM (31.63B)",
                )


@BRIDGEHEADS.check(
    "31.71",
    "a seaborne bridgehead is an unlimited supply source only in the post-combat determination of its turn",
    reads=(SupplyDetermined,),
    covers=("B-16",),
)
def check_bridgehead_supply_source(c: Check, ctx: AuditContext[SupplyDetermined]) -> Result:
    event = ctx.event
    board = ctx.state.board
    now = f"{event.season.capitalize()} {event.year} {(event.side or '').capitalize()}"
    segment: Phase = "post_combat_supply" if event.determination == "post_combat" else "initial_supply"
    for result in event.results:
        source = result.source
        if source is None or not (source.startswith(BRIDGEHEAD_SOURCE) or source in board.bridgeheads):
            continue
        hex_ = source.removeprefix(BRIDGEHEAD_SOURCE).removeprefix(":") or None
        if hex_ is None:
            unit = board.units.get(result.subject)
            hex_ = unit.location if unit is not None else result.subject
        bh = board.bridgeheads.get(hex_)
        placed_now = bh is not None and bh.placed.startswith(now)
        if bh is None or not acts_as_unlimited_supply_source(
            cast(BridgeheadCause, bh.cause), placed_this_player_turn=placed_now, segment=segment
        ):
            what = "no bridgehead" if bh is None else f"a {bh.cause.replace('_', ' ')} bridgehead placed {bh.placed}"
            yield c.finding(
                ctx,
                expected="a seaborne bridgehead placed this player turn, in post-combat supply",
                recorded=f"{what}; {event.determination} determination",
                message=f"{result.subject} is supplied from the bridgehead in {hex_}: {what}; a seaborne bridgehead is "
                "an unlimited supply source only in the post-combat supply determination of the player turn it is "
                "placed (31.71)",
            )
