"""Bridgeheads asked of a position (AWAW rule 31): placement, removal, stacking, attacks out of them, their defence,
attrition occupation and supply (checks B-01 to B-16 of the 31-34 extract).

The attack or overrun a bridgehead names is :mod:`projections.combat` state; the bridgeheads due for removal, their
post-combat supply and those removed this player turn are :mod:`projections.land`'s. Hexsides (rivers, crossing
arrows), beach hexes, one-hex islands and ports come from the map data, or are left undecided. A bridgehead of the
set-up (or of the history before the game) was placed in the game it came from: no placement rule judges it.
"""

from __future__ import annotations

from collections.abc import Iterable
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
from projections.position.common import before_the_game
from projections.position.core import Position, Unknown, breach
from projections.position.fortifications import units_in, west_wall_hex
from projections.rules import bridgeheads as rules
from projections.rules import combat as combat_rules
from projections.rules.breach import Breach
from projections.rules.combat.stacking import STACKED_GROUND_TYPES
from projections.rules.construction import SPECIALIZED_TYPES
from projections.rules.control import controller_faction, theater_of
from projections.rules.fortifications import MAGINOT_HEXES

Verdict = Iterable[Breach | Unknown]


def _words(cause: str) -> str:
    return cause.replace("_", " ")


# ---------------------------------------------------------------------------------------------------------------------
# Placement (31.12, 31.2, 31.3; B-01 to B-09)


def _placement(pos: Position, event: BridgeheadPlaced) -> tuple[rules.Placement, list[Unknown]]:
    """The recorded facts of a placement, and what the log lacks to tell them (this player turn's attacks and
    attritions are :mod:`projections.combat`'s)."""
    combat = pos.state.combat
    missing: list[Unknown] = []
    attack = combat.attacks.get(event.ref) if event.ref else None
    facts: dict[str, Any] = {
        "cause": event.cause,
        "phase": event.phase or "",
        "from_attrition": event.phase == "attrition" or event.ref in combat.attritions,
    }
    if event.cause == "seaborne_invasion":
        unit = pos.board.units.get(event.first_unit) if event.first_unit else None
        invaders = {a.unit for a in attack.declared.attackers if a.role == "invading"} if attack else None
        if event.first_unit is None:
            missing.append(Unknown(reason="bridgehead_placed does not name the first unit"))
        else:
            port = _port(pos, event.hex)
            commando_in_port = unit is not None and unit.unit_type == "commando" and port is not False
            if commando_in_port and port is None:
                missing.append(pos.missing_hex(event.hex, "port"))
            facts["occupied_by_surviving_invader"] = (
                unit is not None
                and unit.location == event.hex
                and unit.unit_type != "airborne"
                and not (commando_in_port and port)
                and (invaders is None or event.first_unit in invaders)
            )
        if attack is None:
            missing.append(Unknown(reason="the invasion's attack_declared is not in this player turn"))
        else:
            friendly = controller_faction(attack.hex_control.get(event.hex)) == event.faction
            facts["hex_friendly_when_invaded"] = friendly
            if friendly:
                supply = pos.state.land.hex_supply.get(event.hex) or _units_supply(pos, event)
                if supply is None:
                    missing.append(Unknown(reason="condition B: no initial supply result for the invaded friendly hex"))
                facts["could_fully_supply"] = supply == "full"
    elif event.cause in rules.RIVER_CAUSES:
        if attack is None:
            missing.append(Unknown(reason="the attack's attack_declared is not in this player turn"))
        else:
            attackers = attack.declared.attackers
            ground = _ground(attackers)
            across = bool(ground) and all(a.hexside in rules.RIVER_HEXSIDES for a in ground)
            dropped = len(ground) < len(attackers)
            facts["river_dm_applied"] = across and not dropped
            facts["river_dm_lost_only_to_airdrop"] = across and dropped
    return rules.Placement(**facts), missing


def _ground(attackers: Iterable[Any]) -> list[Any]:
    return [a for a in attackers if a.role != rules.AIRDROPPED_ROLE and a.hexside != rules.AIRDROP_HEXSIDE]


def _port(pos: Position, hex_: str) -> bool | None:
    facts = pos.hex(hex_)
    return facts.port if facts is not None else None


def _units_supply(pos: Position, event: BridgeheadPlaced) -> str | None:
    """The best supply status of the placing faction's units in the hex (their initial determination this turn)."""
    found = {u.supply for u in units_in(pos.board, event.hex) if controller_faction(u.owner) == event.faction}
    return next((s for s in ("full", "partial", "unsupplied", "isolated") if s in found), None)


def bridgehead_phase(pos: Position, event: BridgeheadPlaced) -> Verdict:
    """31.12: a bridgehead is placed in the movement phase (overruns) or the combat phase (attacks), never from
    attrition."""
    if before_the_game(pos, event):
        return ()
    facts = _placement(pos, event)[0]
    placement = rules.Placement(cause=facts.cause, phase=facts.phase, from_attrition=facts.from_attrition)
    where = f"the {_words(event.cause)} bridgehead in {event.hex}"
    return [
        breach("31.12", f"{where}: {b.message} ({b.rule})", b.rule, str(event.phase))
        for b in rules.placement_findings(placement)
    ]


def bridgehead_seaborne(pos: Position, event: BridgeheadPlaced) -> Verdict:
    """31.22: a seaborne bridgehead: a beach hex or one-hex island held by a surviving invader, not friendly when
    invaded or not fully suppliable."""
    if before_the_game(pos, event) or event.cause != "seaborne_invasion":
        return
    placement, missing = _placement(pos, event)
    yield from missing
    for b in rules.placement_findings(placement):
        if b.rule == "31.22":
            yield breach(
                "31.22",
                f"the seaborne bridgehead in {event.hex}: {b.message} ({event.first_unit}; 31.22)",
                "a surviving seaborne invader in the hex, not friendly or not fully suppliable",
                str(event.first_unit),
            )
    facts = pos.hex(event.hex)
    if facts is not None and facts.beach is False and facts.island is False:
        message = f"{event.hex} is neither a beach hex nor a one-hex island; no seaborne bridgehead (31.22)"
        yield breach("31.22", message, "a beach hex or a one-hex island", event.hex)
    elif facts is None or not (facts.beach or facts.island):
        yield pos.missing_hex(event.hex, "beach or one-hex island")


def bridgehead_river(pos: Position, event: BridgeheadPlaced) -> Verdict:
    """31.23: a river or crossing-arrow bridgehead only where the defenders had the river DM (or lost it only to an
    airdrop); in Maginot and West Wall hexes only with every non-airborne attacker across the Rhine."""
    if before_the_game(pos, event) or event.cause not in rules.RIVER_CAUSES:
        return
    placement, missing = _placement(pos, event)
    yield from missing
    if missing:
        return
    ground = _ground(pos.state.combat.attacks[cast(str, event.ref)].declared.attackers)
    if not (placement.river_dm_applied or placement.river_dm_lost_only_to_airdrop):
        message = (
            f"the bridgehead in {event.hex}: in attack {event.ref} some ground attackers were not across a river or "
            "crossing arrow, so the defenders had no river DM (31.23, TC-17)"
        )
        yield breach("31.23", message, "all ground attackers across the river or crossing arrow", str(event.ref))
    if (event.hex in MAGINOT_HEXES or west_wall_hex(pos, event.hex)) and not all(a.hexside == "river" for a in ground):
        message = (
            f"{event.hex} is a Maginot or West Wall hex: a bridgehead there needs every non-airborne attacker on the "
            "other side of the Rhine (31.23)"
        )
        yield breach("31.23", message, "every non-airborne attacker across the Rhine", str(event.ref))
    yield from _hexsides(pos, event.hex, [a.origin for a in ground])


def _hexsides(pos: Position, hex_: str, origins: list[str | None]) -> Verdict:
    """The claimed river or crossing-arrow hexsides against the map data: undecided where the data does not give the
    hexside as one (its format has no "no river": an absent fact is unknown)."""
    for origin in origins:
        if origin is None:
            yield Unknown(reason="an attacker's origin hex is not recorded: its hexside cannot be read on the map")
            continue
        side = pos.hexside(origin, hex_)
        if side is None or (side.river is None and not side.crossing_arrow):
            yield pos.missing_hex(origin, "river hexsides")


def bridgehead_occupied(pos: Position, event: BridgeheadPlaced) -> Verdict:
    """31.32: an attack's bridgehead is placed once its first surviving ground unit occupies the hex."""
    if before_the_game(pos, event) or event.cause not in rules.RIVER_CAUSES:
        return  # seaborne: 31.22's surviving invader; overruns: 31.31
    attacks = pos.state.combat.attacks
    attack = attacks.get(event.ref) if event.ref else None
    if attack is None:
        return  # bridgehead_river says so
    if f"{event.ref}|{event.hex}" in pos.state.land.bridgeheads_declined:
        message = (
            f"attack {event.ref}'s bridgehead in {event.hex} was declined when its units advanced; declining is final "
            "(31.32)"
        )
        yield breach("31.32", message, "no bridgehead: declined", f"a bridgehead in {event.hex}")
    last = next(reversed(attacks))
    if last != event.ref:
        # Choice beside 31.32: an attack's advance (and the placement right after its first unit) is over once the
        # next attack is declared.
        message = (
            f"attack {event.ref}'s bridgehead in {event.hex} is placed after attack {last} was declared: it is placed "
            "as the first surviving ground unit occupies the hex, before the advance ends (31.32)"
        )
        yield breach("31.32", message, f"right after attack {event.ref}'s advance", f"after attack {last} was declared")
    if event.hex not in attack.advanced:
        message = (
            f"no unit of attack {event.ref} has advanced into {event.hex}; the bridgehead is placed after its first "
            "surviving ground unit occupies the hex (31.32)"
        )
        yield breach("31.32", message, f"an advance of attack {event.ref} into {event.hex} first", "no advance")


def bridgehead_overrun(pos: Position, event: BridgeheadPlaced) -> Verdict:
    """31.24: an overrun bridgehead follows the successful overrun of its hex, across a river or crossing arrow."""
    if before_the_game(pos, event) or event.cause != "overrun":
        return
    overruns = pos.state.combat.overruns
    overrun = overruns.get(event.ref) if event.ref else None
    if overrun is None:
        yield Unknown(reason="the overrun a bridgehead names is not in this player turn (overrun_resolved)")
        return
    if not overrun.success or overrun.target != event.hex:
        yield breach(
            "31.24",
            f"overrun {event.ref} did not take {event.hex}; an overrun bridgehead goes on the hex entered by the "
            "overrun (31.24)",
            f"a successful overrun of {event.hex}",
            f"{overrun.target}, {'success' if overrun.success else 'failed'}",
        )
    last = next(reversed(overruns))
    if last != event.ref:
        message = (
            f"the bridgehead of overrun {event.ref} is placed after another overrun; it is placed immediately after "
            "its overrun (31.31)"
        )
        yield breach("31.31", message, f"right after overrun {event.ref}", f"after overrun {last}")
    if event.across is None:
        yield Unknown(reason="bridgehead_placed does not record the hex the overrun came from (across)")
    elif not pos.grid.adjacent(event.across, event.hex):
        message = f"{event.across} is not next to {event.hex}: the overrun cannot have crossed from it (31.24)"
        yield breach("31.24", message, f"a hex next to {event.hex}", event.across)
    else:
        yield from _hexsides(pos, event.hex, [event.across])


# ---------------------------------------------------------------------------------------------------------------------
# Removal (31.41; B-10)


def bridgehead_kept(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """31.41: a bridgehead is removed as soon as the enemy controls its hex, and when unsupplied after post-combat
    supply."""
    board = pos.board
    for hex_, due in sorted(pos.state.land.bridgeheads_due.items()):
        bh = board.bridgeheads.get(hex_)
        if bh is None:
            continue
        if due.reason == "enemy_control":
            if controller_faction(board.control.get(hex_)) == bh.faction:
                continue
            why = f"{due.detail} took the hex (event {due.seq}; 31.41A)"
        else:
            why = f"it was {due.detail} at post-combat supply (event {due.seq}; 31.41B)"
        yield breach("31.41", f"the bridgehead in {hex_} stays in play although {why}", "removed", "still in play")


def bridgehead_removal(pos: Position, event: BridgeheadRemoved) -> Verdict:
    """31.41: a removed bridgehead existed and its reason holds (enemy control; isolation; superfluous at the turn's
    end)."""
    board = pos.board
    found = board.bridgeheads.get(event.hex)
    if found is None:
        yield breach("31.41", f"no bridgehead is in {event.hex} to remove", "a bridgehead", "none")
        return
    bh = land.bridgehead_rules(board, event.hex)
    side = SIDE_OF_FACTION.get(cast(Faction, found.faction))
    if event.reason == "enemy_control":
        controller = board.control.get(event.hex)
        enemy = controller is not None and controller_faction(controller) != found.faction
        if rules.removal_reason(bh, "any", enemy_controls_hex=enemy) != "enemy_control":
            message = f"the bridgehead in {event.hex} is removed for enemy control, but {controller} holds the hex"
            yield breach("31.41A", message, "an enemy-controlled hex", str(controller))
    elif event.reason == "isolation":
        if event.phase != "post_combat_supply" or event.side != side:
            yield breach(
                "31.41B",
                "an unsupplied bridgehead is removed at the end of its owner's post-combat supply determination "
                "(31.41B)",
                f"the {side} post-combat supply determination",
                f"{event.side} {event.phase}",
            )
        supply = pos.state.land.bridgehead_supply.get(event.hex)
        if supply is None:
            yield Unknown(reason="no post-combat supply result is recorded for the bridgehead")
        elif rules.removal_reason(bh, "end_of_post_combat_supply", supply=cast(Any, supply)) != "isolation":
            message = f"the bridgehead in {event.hex} is removed as isolated; its post-combat supply was {supply}"
            yield breach("31.41B", message, "isolated", supply)
    elif event.reason == "superfluous":
        if event.phase not in ("end_of_player_turn", None) or event.side != side:
            message = "a superfluous bridgehead is removed at the end of its owner's player turn (31.41C)"
            yield breach("31.41C", message, f"the end of the {side} player turn", f"{event.side} {event.phase}")
        superfluous = _superfluous(pos, event.hex)
        if isinstance(superfluous, Unknown):
            yield superfluous
        elif not superfluous:
            message = f"the {_words(found.cause)} bridgehead in {event.hex} is not superfluous (31.41C)"
            yield breach("31.41C", message, "kept", "removed as superfluous")


def _superfluous(pos: Position, hex_: str) -> bool | Unknown:
    """Whether a bridgehead is superfluous (31.41C): a river or crossing-arrow one (an overrun one too, under
    ``bridgeheads.overrun = as_river``), or a seaborne one that needs no sea supply (one-hex island, beach hex with a
    port), with no enemy unit of any type within 4 hexes by land (Europe) or 3 (Pacific). The grid distance is never
    more than the distance by land: with an enemy unit within it, the land distance needs the map."""
    board = pos.board
    bh = board.bridgeheads[hex_]
    if bh.cause == "overrun" and rules.overrun_reading(pos.meta.options) == "not_superfluous":
        return False
    if bh.cause == "seaborne_invasion":
        facts = pos.hex(hex_)
        if facts is None or (facts.island is None and facts.port is None):
            return pos.missing_hex(hex_, "one-hex island and port")
        if not (facts.island or facts.port):
            return Unknown(reason="whether a seaborne bridgehead's supply zone holds a port (31.41C) is not recorded")
    near = pos.grid.within(hex_, rules.SUPERFLUOUS_RANGE[theater_of(hex_)])
    side = SIDE_OF_FACTION.get(cast(Faction, bh.faction))
    for unit in board.units.values():
        if unit.location in near:
            faction = controller_faction(unit.owner)
            if faction is None or SIDE_OF_FACTION.get(faction) != side:
                return Unknown(
                    reason="an enemy unit is within range of a bridgehead: the distance by land needs the map"
                )
    return True


def bridgehead_superfluous(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """31.41C: a superfluous bridgehead is removed at the end of its owner's player turn."""
    for hex_, bh in sorted(pos.board.bridgeheads.items()):
        if SIDE_OF_FACTION.get(cast(Faction, bh.faction)) != event.side:
            continue
        superfluous = _superfluous(pos, hex_)
        if isinstance(superfluous, Unknown):
            yield superfluous
        elif superfluous:
            message = (
                f"the {_words(bh.cause)} bridgehead in {hex_} has no enemy unit within "
                f"{rules.SUPERFLUOUS_RANGE[theater_of(hex_)]} hexes: it is removed at the end of its owner's player "
                "turn (31.41C)"
            )
            yield breach("31.41C", message, "removed", "still in play")


# ---------------------------------------------------------------------------------------------------------------------
# Stacking, combat and supply (31.5-31.7; B-11 to B-16)


def _stack_kind(pos: Position, hex_: str, bridgehead: bool) -> combat_rules.StackHex | Unknown:
    """The stacking kind of a hex: Pacific one-hex islands keep their limit with a bridgehead (31.51, 12.13)."""
    if theater_of(hex_) == "pacific":
        facts = pos.hex(hex_)
        if facts is None or facts.island is None:
            return pos.missing_hex(hex_, "one-hex island")
        if facts.island:
            return "pacific_island_port" if facts.port else "pacific_island"
    return "bridgehead" if bridgehead else "standard"


def bridgehead_stacking(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """31.51: at the end of a player turn a bridgehead hex holds at most 5 ground + 3 specialized units; one whose
    bridgehead was removed is back to normal stacking."""
    board = pos.board
    removed = {
        h: f
        for h, f in pos.state.land.bridgeheads_removed.items()
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
        kind = _stack_kind(pos, hex_, hex_ in board.bridgeheads)
        if isinstance(kind, Unknown):
            if ground > combat_rules.STACKING_LIMITS["pacific_island"].ground_units:  # type: ignore[operator]
                yield kind
            continue
        gone = " (its bridgehead was removed: the owner eliminates the excess, 31.52)" if hex_ in removed else ""
        for b in combat_rules.stacking_findings(
            kind, ground_units=ground, specialized_units=special, flak_factors=flak
        ):
            message = f"{hex_} at the end of the {event.side} player turn: {b.message} ({b.rule}){gone}"
            yield breach(b.rule, message, "within the limit", f"{ground} + {special}")


def bridgehead_attack_out(pos: Position, event: AttackDeclared) -> Verdict:
    """31.61: at most 2 ground units attack out of a bridgehead in offensive ground combat (exemptions aside)."""
    board = pos.board
    if event.kind not in rules.OFFENSIVE_ATTACK_KINDS or not board.bridgeheads:
        return
    breakthroughs = {b.hex for b in pos.state.combat.breakthroughs.values()}
    by_origin: dict[str, list[rules.BridgeheadAttacker]] = {}
    for a in event.attackers:
        if a.origin is None or a.origin not in board.bridgeheads:
            continue
        unit = board.units.get(a.unit)
        kind = rules.ROLE_TYPES.get(a.role) or (unit.unit_type if unit is not None else "infantry")
        by_origin.setdefault(a.origin, []).append(
            rules.BridgeheadAttacker(
                unit_type=cast(UnitType, kind),
                armor_in_breakthrough_hex=(a.armor or kind == "armor") and a.origin in breakthroughs,
                russian_shock_army=a.role == rules.SHOCK_ARMY_ROLE,
            )
        )
    for origin, attackers in sorted(by_origin.items()):
        for b in rules.attack_out_findings(attackers):
            message = f"attack {event.attack}: {b.message} (from the bridgehead in {origin})"
            yield breach("31.61", message, "at most 2", len(attackers))


def bridgehead_attrition(pos: Position, event: AttritionOccupation) -> Verdict:
    """31.64: a river or crossing-arrow bridgehead hex is never taken by attrition occupation."""
    board = pos.board
    if not board.bridgeheads:
        return
    reading = rules.overrun_reading(pos.meta.options)
    for hex_ in sorted(set(event.hexes) | {m.to for m in event.moves}):
        bh = board.bridgeheads.get(hex_)
        if bh is None or rules.attrition_occupation_allowed(cast(rules.BridgeheadCause, bh.cause), overrun=reading):
            continue
        message = (
            f"{hex_} holds a {_words(bh.cause)} bridgehead of the {power_name(bh.faction)}; such a hex is never taken "
            "by attrition occupation (31.64)"
        )
        yield breach("31.64", message, "another hex", hex_)


def bridgehead_defence(pos: Position, event: AttackDeclared) -> Verdict:
    """31.63: every ground unit in a bridgehead defends; its infantry and replacements take no exploiting-armor,
    low-CTL or winter DM."""
    board = pos.board
    held = [h for h in event.defender_hexes if h in board.bridgeheads]
    if not held:
        return
    listed = {d.unit for d in event.defenders}
    for hex_ in held:
        faction = board.bridgeheads[hex_].faction
        for unit in units_in(board, hex_):
            ours = (
                unit.unit_type in STACKED_GROUND_TYPES | SPECIALIZED_TYPES and controller_faction(unit.owner) == faction
            )
            if ours and unit.id not in listed and event.defenders:
                message = (
                    f"attack {event.attack}: {unit.id} in the bridgehead in {hex_} does not defend; all the ground "
                    "units in a bridgehead defend (31.63A)"
                )
                yield breach("31.63A", message, "every ground unit in the bridgehead", ", ".join(sorted(listed)))
    for d in event.defenders:
        defending = board.units.get(d.unit)
        if defending is None or (d.hex or defending.location) not in held:
            continue
        if cast(UnitType, defending.unit_type) not in rules.BRIDGEHEAD_DM_EXEMPT_TYPES:
            continue
        for m in d.dms:
            if combat_rules.catalogue_code(m.code) in rules.WINTER_AND_CTL_DMS_IGNORED:
                message = (
                    f"attack {event.attack}: {d.unit} ({defending.unit_type}) defends in a bridgehead and takes no "
                    f"{_words(m.code)} DM (31.63B)"
                )
                yield breach("31.63B", message, "no such DM", m.code)


def bridgehead_supply_source(pos: Position, event: SupplyDetermined) -> Verdict:
    """31.71: a seaborne bridgehead is an unlimited supply source only in the post-combat determination of its
    turn."""
    board = pos.board
    now = f"{event.season.capitalize()} {event.year} {(event.side or '').capitalize()}"
    segment: Phase = "post_combat_supply" if event.determination == "post_combat" else "initial_supply"
    for result in event.results:
        source = result.source
        if source is None or not (source.startswith(rules.BRIDGEHEAD_SOURCE) or source in board.bridgeheads):
            continue
        hex_ = source.removeprefix(rules.BRIDGEHEAD_SOURCE).removeprefix(":") or None
        if hex_ is None:
            unit = board.units.get(result.subject)
            hex_ = unit.location if unit is not None else result.subject
        bh = board.bridgeheads.get(hex_)
        placed_now = bh is not None and bh.placed.startswith(now)
        if bh is None or not rules.acts_as_unlimited_supply_source(
            cast(rules.BridgeheadCause, bh.cause), placed_this_player_turn=placed_now, segment=segment
        ):
            what = "no bridgehead" if bh is None else f"a {_words(bh.cause)} bridgehead placed {bh.placed}"
            yield breach(
                "31.71",
                f"{result.subject} is supplied from the bridgehead in {hex_}: {what}; a seaborne bridgehead is an "
                "unlimited supply source only in the post-combat supply determination of the player turn it is "
                "placed (31.71)",
                "a seaborne bridgehead placed this player turn, in post-combat supply",
                f"{what}; {event.determination} determination",
            )
