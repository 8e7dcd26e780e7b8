"""Supply determinations and what a unit's status allows: determined twice (30.4), kept until the next initial one
(30.43, 30.47), elimination by isolation (30.54), no moves without supply (30.531), partial supply impairments (30.52),
exploiting armor's automatic supply (30.551) and source designation (30.212): S-01, S-02, S-11..S-13, S-17..S-19.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AdvanceAfterCombat,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    AttritionOccupation,
    PlayerTurnEnded,
    SupplyDetermined,
    UnitEliminated,
    UnitMoved,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, FACTION_OF_POWER, GROUND_TYPES, NAVAL_TYPES
from projections import land
from projections.board import Unit
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.supply.facts import _fortified, _is_hex
from projections.rules.supply import (
    DESIGNATION_OPTION,
    EXCEPTION_RULES,
    OFFENSIVE_MISSIONS,
    PARTIAL_ARMOR_MF,
    PARTIAL_MECH_TYPES,
    automatic_supply_valid,
    designated_active,
    determined_by,
    downgrade,
    immobile,
    isolation_exception,
    supplied,
)

# ---------------------------------------------------------------------------------------------------------------------
# Determinations (30.4)


def supply_determinations(pos: Position, event: SupplyDetermined | PlayerTurnEnded) -> Verdict:
    """30.4: supply is determined for the moving side only, initially then after combat, once each per faction;
    units isolated at the initial determination are determined again after combat"""
    facts = pos.state.land
    if isinstance(event, PlayerTurnEnded):
        return _post_combat_made(pos)
    found: list[Any] = []
    if not determined_by(event.faction, event.side):
        found.append(
            breach(
                "30.4",
                f"{event.faction} supply determined in the {event.side} player turn: only the "
                "moving player's units are determined (30.41)",
                f"{event.side} factions only",
                event.faction,
            )
        )
    same = land.same_player_turn(facts, event)
    if (event.faction, event.determination) in facts.determinations and same:
        found.append(
            breach(
                "30.4",
                f"a second {event.determination} supply determination for {event.faction} in this "
                "player turn (30.41-30.43)",
                "one",
                "a second",
            )
        )
    elif event.determination == "post_combat" and not (same and (event.faction, "initial") in facts.determinations):
        found.append(
            breach(
                "30.4",
                f"{event.faction}: the post-combat supply determination follows an initial one in the "
                "movement phase (30.42, 30.43)",
                "the initial determination first",
                "post-combat without an initial one",
            )
        )
    wanted = ("movement", "initial_supply") if event.determination == "initial" else ("post_combat_supply",)
    if event.phase is not None and event.phase not in wanted:
        found.append(
            breach(
                "30.4",
                f"the {event.determination.replace('_', '-')} supply determination belongs in the "
                f"{' or '.join(w.replace('_', ' ') for w in wanted)} phase (30.14, 30.42, 30.43)",
                " or ".join(w.replace("_", " ") for w in wanted),
                event.phase.replace("_", " "),
            )
        )
    return found


def _post_combat_made(pos: Position) -> Verdict:
    facts = pos.state.land
    if not facts.isolated:
        return
    units = pos.state.board.units
    for faction in {FACTION_OF_POWER.get(units[u].owner) for u in facts.isolated if u in units}:  # type: ignore[call-overload]
        if faction is not None and (faction, "post_combat") not in facts.determinations:
            yield breach(
                "30.4",
                f"{faction} had units without supply at the initial determination but made no "
                "post-combat determination: their supply is resolved then (30.43, 30.541)",
                "a post-combat supply determination",
                "none",
            )


def post_combat_retrace(pos: Position, event: SupplyDetermined) -> Verdict:
    """30.43: post-combat supply re-traces only to what had no (or limited) supply at the initial determination;
    supply once obtained lasts until the next initial determination"""
    if event.determination != "post_combat" or not land.same_player_turn(pos.state.land, event):
        return
    initial = pos.state.land.initial_status
    for result in event.results:
        before = initial.get(result.subject)
        if before is not None and downgrade(before, result.status):
            yield breach(
                "30.43",
                f"{result.subject} had {before} supply at the initial determination: it keeps it until "
                "the next initial determination, and post-combat supply re-traces only to what was not fully "
                "supplied (30.43, 30.47)",
                f"{before} (as at the initial determination)",
                result.status,
            )


# ---------------------------------------------------------------------------------------------------------------------
# Isolation (30.53, 30.54)


def _exception(pos: Position, unit: Unit) -> str | None:
    hex_ = unit.location
    facts = pos.hex(hex_) if _is_hex(hex_) else None
    port_or_island = None
    if facts is not None and (facts.port or facts.island):
        port_or_island = True
    elif facts is not None and facts.port is False and facts.island is not True:
        port_or_island = False
    return isolation_exception(
        naval_or_air=unit.unit_type in NAVAL_TYPES or unit.unit_type in AIR_TYPES,
        fortified=_fortress(pos, hex_, facts),
        pacific=hex_.startswith("PAC:"),
        port_or_island=port_or_island,
        nationality=unit.nationality,
        owner=unit.owner,
        terrain=facts.terrain if facts is not None else None,
        country=facts.country if facts is not None else None,
    )


def _fortress(pos: Position, hex_: str, facts: object | None) -> bool | None:
    """Whether a fortress or fortification saves a unit in ``hex_`` from isolation (30.542A): one on the board or
    printed on the map; where the map data has no entry for the hex, undecided (None), never "none there", so that a
    unit in a printed fortress the data leaves out is not eliminated by the audit's say-so."""
    if not _is_hex(hex_):
        return False
    if _fortified(pos, hex_):
        return True
    return None if facts is None else False


def isolation_elimination(pos: Position, event: UnitEliminated | PlayerTurnEnded) -> Verdict:
    """30.541: ground units without supply at both determinations are eliminated at the end of the post-combat one,
    unless 30.542 saves them; nothing else is eliminated by isolation"""
    if isinstance(event, PlayerTurnEnded):
        return _survivors(pos, event)
    if event.cause != "isolation":
        return ()
    unit = pos.state.board.units.get(event.unit)
    if unit is None:
        return ()
    facts = pos.state.land
    problem = None
    if unit.unit_type not in GROUND_TYPES:
        problem = ("never", "air and naval units are never eliminated by isolation (30.16, 30.542E)")
    elif event.unit not in facts.isolated or not land.same_player_turn(facts, event):
        problem = (
            "unsupplied at this player turn's initial determination",
            "it had supply at the initial one (30.541)",
        )
    elif supplied(facts.post_status.get(event.unit)):
        problem = ("no supply after combat", f"it got {facts.post_status[event.unit]} supply after combat (30.541)")
    elif event.phase is not None and event.phase != "post_combat_supply":
        problem = ("the end of the post-combat determination", f"it is removed in the {event.phase} phase (30.541)")
    if problem is not None:
        return (
            breach(
                "30.541",
                f"{event.unit} is eliminated by isolation, but {problem[1]}",
                problem[0],
                f"{event.unit} eliminated by isolation",
            ),
        )
    saved = _exception(pos, unit)
    if saved == "unknown":
        return (pos.missing_hex(unit.location, "fort, port, terrain or country (30.542)"),)
    if saved is not None:
        return (
            breach(
                "30.541",
                f"{event.unit} in {unit.location} is not eliminated by isolation ({saved.replace('_', ' ')}, "
                f"{EXCEPTION_RULES[saved]})",  # type: ignore[index]
                "not eliminated",
                f"{event.unit} eliminated by isolation",
            ),
        )
    return ()


def _survivors(pos: Position, event: Any) -> Verdict:
    facts = pos.state.land
    if not facts.isolated or not land.same_player_turn(facts, event):
        return
    for unit_id in facts.isolated:
        unit = pos.state.board.units.get(unit_id)
        if unit is None or unit.unit_type not in GROUND_TYPES or supplied(facts.post_status.get(unit_id)):
            continue
        faction = FACTION_OF_POWER.get(unit.owner)  # type: ignore[call-overload]
        if faction is None or (faction, "post_combat") not in facts.determinations:
            continue  # reported by supply_determinations
        saved = _exception(pos, unit)
        if saved == "unknown":
            yield pos.missing_hex(unit.location, "fort, port, terrain or country (30.542)")
        elif saved is None:
            yield breach(
                "30.541",
                f"{unit_id} had no supply at either determination and no exception of 30.542 applies: "
                "it is eliminated at the end of the post-combat supply determination (30.541)",
                f"{unit_id} eliminated",
                f"{unit_id} still in {unit.location}",
            )


def isolated_units_stay(
    pos: Position, event: UnitMoved | AdvanceAfterCombat | AttritionOccupation | UnitRedeployed
) -> Verdict:
    """30.16: ground units without supply do not move, advance after combat or into attrition hexes, or redeploy"""
    facts = pos.state.land
    if isinstance(event, UnitRedeployed):
        unit = pos.state.board.units.get(event.unit)
        if unit is None or unit.unit_type not in GROUND_TYPES or not immobile(unit.supply or "full"):
            return ()
        return (
            breach(
                "30.16",
                f"{event.unit} has no supply ({unit.supply}) and may not redeploy (30.531, 30.61E)",
                "no redeployment",
                f"{event.unit} redeploys",
            ),
        )
    isolated = facts.isolated
    if not isolated or not land.same_player_turn(facts, event):
        return ()
    moved = [event.unit] if isinstance(event, UnitMoved) else [m.unit for m in event.moves]
    found = []
    for unit_id in moved:
        unit = pos.state.board.units.get(unit_id)
        if unit_id in isolated and unit is not None and unit.unit_type in GROUND_TYPES:
            found.append(
                breach(
                    "30.16",
                    f"{unit_id} was {isolated[unit_id]} at this player turn's initial supply "
                    "determination and may not move or advance (30.16, 30.531)",
                    "no move",
                    f"{unit_id} moves",
                )
            )
    return found


def partial_supply_impairments(
    pos: Position, event: AirdropMade | UnitMoved | AirMissionFlown | AttackDeclared
) -> Verdict:
    """30.52: partially supplied units keep their impairments: no airdrop or seaborne invasion, armor moves 3 (2 in
    the Pacific), air only defends its own base, naval units do not intercept"""
    units = pos.state.board.units
    if isinstance(event, UnitMoved):
        unit = units.get(event.unit)
        if unit is None or unit.supply != "partial" or unit.unit_type not in PARTIAL_MECH_TYPES:
            return ()
        if unit.unit_type == "mech_infantry" and (unit.owner not in ("britain", "usa") or unit.location[:4] != "EUR:"):
            return ()
        limit = PARTIAL_ARMOR_MF["pacific" if unit.location.startswith("PAC:") else "europe"]
        if event.mf_used is None:
            return (
                Unknown(reason=f"{event.unit} moves in partial supply; its movement factors used are not recorded"),
            )
        if event.mf_used <= limit:
            return ()
        return (
            breach(
                "30.52",
                f"{event.unit} is in partial supply: it loses its mechanized component and moves at most "
                f"{limit} (30.522B)",
                f"at most {limit} MF",
                f"{event.mf_used} MF",
            ),
        )
    if isinstance(event, AirdropMade):
        unit = units.get(event.unit)
        if unit is None or unit.supply not in ("partial", "unsupplied", "isolated"):
            return ()
        return (
            breach(
                "30.52",
                f"{event.unit} is not fully supplied: airborne units in partial supply may not airdrop "
                "(30.522C, 30.53)",
                "no airdrop",
                f"{event.unit} drops ({unit.supply} supply)",
            ),
        )
    if isinstance(event, AttackDeclared):
        return _partial_invaders(pos, event)
    return _partial_air(pos, event)


def _partial_invaders(pos: Position, event: AttackDeclared) -> Verdict:
    if event.kind != "invasion":
        return
    units = pos.state.board.units
    for attacker in event.attackers:
        unit = units.get(attacker.unit)
        if attacker.role == "invading" and unit is not None and unit.supply in ("partial", "unsupplied", "isolated"):
            yield breach(
                "30.52",
                f"{attacker.unit} is not fully supplied and may not sea transport or invade (30.522D)",
                "no seaborne invasion",
                f"{attacker.unit} invades ({unit.supply} supply)",
            )


def _partial_air(pos: Position, event: AirMissionFlown) -> Verdict:
    units = pos.state.board.units
    for unit_id in event.units:
        unit = units.get(unit_id)
        if unit is None or unit.supply not in ("partial", "unsupplied", "isolated"):
            continue
        naval = unit.unit_type in NAVAL_TYPES
        if naval and unit.unit_type == "submarine":
            exempt = _fortified_port(pos, unit.location)
            if exempt is not False:
                if isinstance(exempt, Unknown):
                    yield exempt
                continue  # 30.524A, 32.248: submarines in a fortified port are not impaired
        if event.mission in OFFENSIVE_MISSIONS or (naval and event.mission == "naval_interception"):
            why = "may not intercept (22.11B, 30.524A)" if naval else "flies no offensive missions (30.523A)"
            yield breach(
                "30.52",
                f"{unit_id} is based in a {unit.supply} hex and {why}",
                f"no {event.mission.replace('_', ' ')}",
                f"{unit_id} ({unit.supply} base)",
            )
        elif event.target is not None and event.target != unit.location and not naval:
            yield breach(
                "30.52",
                f"{unit_id} is based in a {unit.supply} hex: defensive air activities only in its own hex (30.523A)",
                f"only its own hex {unit.location}",
                f"{event.mission.replace('_', ' ')} over {event.target}",
            )


def _fortified_port(pos: Position, hex_: str) -> bool | Unknown:
    """Whether a fortification or fortress stands in ``hex_`` (30.524A's exception for submarines, 32.248): on the
    board, or printed on the map; where the map data has no entry for the hex, undecided."""
    if _fortified(pos, hex_):
        return True
    if not _is_hex(hex_):
        return False
    if pos.hex(hex_) is None:
        return pos.missing_hex(hex_, "fortification (30.524A: a submarine in a fortified port is not impaired)")
    return False


# ---------------------------------------------------------------------------------------------------------------------
# Automatic supply of exploiting armor (30.551A, 30.552) and source designation (30.212)


def automatic_supply(pos: Position, event: SupplyDetermined | UnitMoved) -> Verdict:
    """30.551: exploiting armor is automatically supplied only in the game turn after it exploited, not after
    redeploying in its exploitation turn, and may not exploit again on that supply"""
    facts = pos.state.land
    if isinstance(event, UnitMoved):
        if not event.exploitation or event.unit not in facts.automatic or not land.same_player_turn(facts, event):
            return ()
        return (
            breach(
                "30.551",
                f"{event.unit} is supplied only automatically after its exploitation: it may not exploit "
                "this turn unless supplied normally (30.551A)",
                "no exploitation",
                f"{event.unit} exploits",
            ),
        )
    found = []
    turn = game_turn(event)
    for result in event.results:
        if result.source != "exploitation":
            continue
        exploited = facts.exploited.get(result.subject)
        if exploited is None or not automatic_supply_valid(exploited[0], turn, redeployed=exploited[1]):
            why = (
                "it did not exploit in the previous game turn"
                if exploited is None or exploited[0] + 1 != turn
                else "it redeployed in the player turn it exploited (30.552)"
            )
            found.append(
                breach(
                    "30.551",
                    f"{result.subject} claims exploiting armor's automatic supply, but {why} (30.551A)",
                    "no automatic supply",
                    f"{result.status} (exploitation)",
                )
            )
    return found


def source_designation(pos: Position, event: SupplyDetermined) -> Verdict:
    """30.212: a supply source switched on or off acts as designated only from the next game turn"""
    designations = pos.state.land.designations
    if not designations:
        return
    timing = pos.meta.option(DESIGNATION_OPTION, "next_turn")
    turn = game_turn(event)
    for result in event.results:
        key = f"{event.faction}/{result.source}"
        if result.source is None or key not in designations or not supplied(result.status):
            continue
        active, since = designations[key]
        if not designated_active(active, since, turn, timing):
            yield breach(
                "30.212",
                f"{result.source} was switched {'on' if active else 'off'} "
                f"{'this game turn' if since == turn else 'earlier'}: a designation takes effect from the next "
                "game turn (30.212)",
                f"{result.source} not a source this turn",
                f"{result.subject} {result.status} from {result.source}",
            )
