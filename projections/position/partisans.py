"""Partisans (AWAW 11) asked of a position: force pools, who may build them, when and for how much, where they are
placed, what they never do, their CTL, supply and hex control.

Not decided (the events or the extracts lack it): the minor countries' partisans and pools (the Minor Country Forces
Table is too garbled to use), the production results that raise pools (unless a force_pool_changed records the pool)
and Vichy's side for French partisans (11.33A). Not asked at all: partisan BRP damage (11.7: whether a partisan is
surrounded needs every neighbour's control and terrain) and offensive operations against partisans (11.82, rule 9)."""

from __future__ import annotations

from typing import Final

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    HexControlChanged,
    OverrunResolved,
    PartisansPlaced,
    SupplyDetermined,
    UnitRedeployed,
)
from awaw_events.vocab import powers_of
from projections import movement as facts
from projections.board import BoardState, war_between
from projections.position.core import Position, Unknown, Verdict, breach
from projections.position.units import engaged
from projections.position.wars import war_doubt
from projections.position.zoc import zoc_on
from projections.rules import partisans as rules
from projections.rules.combat.rounds import PARTISAN_CTL
from projections.rules.combat.strength import catalogue_code
from projections.rules.construction import BRP_COST_PER_FACTOR
from projections.rules.supply import immobile
from projections.rules.units import PARTISAN, PARTISAN_DM

PARTISAN_COST: Final = BRP_COST_PER_FACTOR["partisan"]
"""A partisan costs 2 BRPs (11.352; the construction table's)."""


def partisan_builds(pos: Position, event: PartisansPlaced) -> Verdict:
    """11.35: partisans are placed in the construction phase, within their pool, one per faction and country a turn
    (Russia two), for 2 BRPs or Russia's one free partisan a turn."""
    faction = facts.faction_of(event.owner)
    moves = pos.state.movement
    if event.phase is not None and event.phase not in rules.PARTISAN_PHASES:
        message = f"partisan {event.unit} is placed in the {event.phase.replace('_', ' ')} phase: partisans are "
        message += "placed in the unit construction phase (11.351, 11.36)"
        yield breach("11.351", message, "the unit construction phase", event.phase)
    free_russian = event.owner == "russia" and event.area in rules.FREE_RUSSIAN_AREAS
    same_turn = moves.game_turn == pos.state.clock.turn
    frees = moves.free_partisans.get(event.owner, 0) if same_turn else 0
    if event.cost == 0 and not (free_russian and frees < rules.FREE_PER_TURN):
        why = "a second free Russian partisan this turn" if free_russian else "only Russia's first in Russia/Siberia"
        message = f"partisan {event.unit} is free, but {why} costs nothing (11.352; the Communist Chinese free "
        message += "partisan needs a Sinkiang Road result)"
        yield breach("11.352", message, PARTISAN_COST, event.cost)
    elif event.cost not in (0, PARTISAN_COST):
        message = f"partisan {event.unit} costs {event.cost} BRPs: a partisan costs {PARTISAN_COST} (11.352)"
        yield breach("11.352", message, PARTISAN_COST, event.cost)
    if faction is not None and event.phase != "setup":
        limit, together = rules.builds_allowed(event.area, faction)
        built = sum(moves.partisan_builds.get(f"{faction}/{a}", 0) for a in together) if same_turn else 0
        if built >= limit:
            message = f"partisan {event.unit} is the {built + 1}th {faction.replace('_', ' ')} partisan in "
            message += f"{event.area} this turn: one per faction and country a turn, Russia two (11.353C)"
            yield breach("11.353C", message, f"at most {limit} this turn", f"{built + 1}")
    yield from _pool(pos, event, faction)


def _pool(pos: Position, event: PartisansPlaced, faction: str | None) -> Verdict:
    board = pos.board
    mine = [
        u
        for u, area in pos.state.movement.partisans.items()
        if area == event.area and (unit := board.units.get(u)) is not None and facts.faction_of(unit.owner) == faction
    ]
    count = len(mine) + 1
    recorded = board.force_pools.get(f"{event.owner}/partisan/{event.area}")
    table = rules.pool(event.area, faction or "")
    if recorded is not None:
        if count > recorded:
            message = f"partisan {event.unit} makes {count} {event.owner} partisans in {event.area}; its force pool "
            message += f"is {recorded} (11.21)"
            yield breach("11.21", message, f"at most {recorded}", count)
        return
    if table is None:
        yield Unknown(reason=f"the partisan pool of {event.area} is not recorded (force_pool_changed) nor tabled")
    elif count > table.most:
        message = f"partisan {event.unit} makes {count} {(faction or '').replace('_', ' ')} partisans in "
        message += f"{event.area}: the Major Power Partisan Table allows {table.most} at most (11.22)"
        yield breach("11.22", message, f"at most {table.most}", count)
    elif count > table.automatic:
        yield Unknown(reason=f"the results that raise the {event.area} partisan pool above {table.automatic} (11.22)")


def partisan_builders(pos: Position, event: PartisansPlaced) -> Verdict:
    """11.33: partisans are built only where and when their area allows them, by a power at war with the power they
    fight: Western Allied ones by a power at war with Germany, European Axis ones by Germany."""
    board = pos.board
    faction = facts.faction_of(event.owner)
    problems: list[str] = []
    doubts: dict[tuple[str, str], bool | None] = {}

    def not_at_war(a: str, *bs: str) -> bool:
        """Whether the record says ``a`` is at war with none of ``bs``; where a war of factions or sides leaves it
        open (and no war of theirs is certain), the pairs go to ``doubts`` and the answer is False (never accuse)."""
        wars = {(a, b): war_between(board, a, b) for b in bs}
        if True in wars.values():
            return False
        doubts.update({k: v for k, v in wars.items() if v is None})
        return None not in wars.values()

    banned = rules.NO_PARTISANS_IN.get(event.area.lower())
    if banned is not None:
        problems.append(f"no partisans are built in {event.area} ({banned})")
    table = rules.pool(event.area, faction or "")
    if table is not None and table.most == 0:
        problems.append(f"the {(faction or event.owner).replace('_', ' ')} have no partisans in {event.area} (11.22)")
    surrender = rules.NEEDS_SURRENDER.get(event.area)
    if surrender is not None and board.statuses.get(surrender[0]) not in rules.SURRENDER_STATUSES:
        problems.append(f"{surrender[0]} has not surrendered ({surrender[1]})")
    war = rules.NEEDS_RUSSIAN_WAR.get(event.area)
    if war is not None and faction == "russia" and not_at_war("russia", war[0]):
        problems.append(f"Russia is not at war with {war[0]} ({war[1]})")
    europe = event.hex.startswith("EUR:")
    if europe and faction in ("western_allies", "russia"):
        rgt = board.tensions.get("rgt", 0)
        if rgt < rules.EUROPEAN_AREAS_RGT and not_at_war("russia", "germany", "italy"):
            problems.append(f"Russia is not at war with the Axis and RGT are {rgt}, below 50 (11.32A)")
        if faction == "western_allies" and not_at_war(event.owner, "germany"):
            problems.append(f"{event.owner} is not at war with Germany (11.354)")
    if europe and faction == "european_axis" and event.owner != "germany":
        problems.append("European Axis partisans are built by Germany (11.355)")
    if event.area == "CN" and faction == "western_allies" and event.owner != "china":
        problems.append("Nationalist Chinese partisans are built by Nationalist China (11.356)")
    enemy = board.control.get(event.hex)
    fought = (
        event.area != rules.INDIA
        and enemy is not None
        and facts.side_of(enemy) not in (None, facts.side_of(event.owner))
    )
    if fought and enemy is not None and not_at_war(event.owner, enemy):
        problems.append(f"{event.owner} is not at war with {enemy}, which holds {event.hex} (11.353B)")
    for outcome in _special_cases(pos, event, faction):
        if isinstance(outcome, str):
            problems.append(outcome)
        else:
            yield outcome
    if doubts:
        yield war_doubt(doubts, "11.33")
    for problem in problems:
        message = f"partisan {event.unit} ({event.owner}, {event.area}): {problem}"
        yield breach("11.33", message, "a partisan its builder may place", problem)


def partisan_placement(pos: Position, event: PartisansPlaced) -> Verdict:
    """11.353: partisans are placed in an eligible country, in an enemy-controlled hex with no enemy unit or counter
    (airbase, rocket base, port counter, bridgehead, railhead, fortification), no IC or port, and in no enemy ZoC."""
    board = pos.board
    side = facts.side_of(event.owner)
    hex_ = event.hex
    problems: list[str] = []
    controller = board.control.get(hex_)
    if controller is None:
        yield Unknown(reason=f"who controls {hex_} is not recorded (partisans go in enemy-controlled hexes, 11.353D)")
    elif facts.side_of(controller) is None:
        yield Unknown(reason=f"whether {controller}, which holds {hex_}, is an enemy of {event.owner} (11.353D)")
    elif facts.side_of(controller) == side:
        problems.append(f"{hex_} is held by {controller}, not by the enemy (11.353D)")
    here = [u for u in board.units.values() if u.location == hex_]
    if any(facts.side_of(u.owner) != side for u in here):
        problems.append("an enemy unit stands there (11.353E)")
    if any(u.owner == event.owner and u.unit_type != PARTISAN for u in here):
        problems.append("it is not vacant (11.353D)")
    for what, present in (
        ("bridgehead", hex_ in board.bridgeheads),
        ("fortification", hex_ in board.fortifications),
        ("railhead", hex_ in board.railheads),
    ):
        if present:
            problems.append(f"it holds a {what} (11.353E)")
    for key, power in sorted(board.counters.items()):
        at, _, counter = key.rpartition("/")
        if at == hex_ and facts.side_of(power) not in (None, side):
            problems.append(f"it holds {power}'s {counter.replace('_', ' ')} counter (11.353E)")
    found = pos.hex(hex_)
    if found is None:
        yield pos.missing_hex(hex_, "country, IC and port")
    else:
        if found.industrial_centre or found.port:
            problems.append(f"it holds {'an IC' if found.industrial_centre else 'a port'} (11.353E)")
        if found.country is not None and found.country not in rules.countries(event.area):
            problems.append(f"it is in {found.country}, not in {event.area} (11.353D)")
    zoc = zoc_on(pos, hex_, owner=event.owner, when=event)
    if zoc.cost:
        problems.append(f"it is in the ZoC of {zoc.armor} (11.353E)")
    else:
        unknown = zoc.not_checked(pos, "11.353E")
        if unknown is not None:
            yield unknown
    for problem in problems:
        yield breach("11.353", f"partisan {event.unit} is placed in {hex_}, but {problem}", "an eligible hex", hex_)


def partisan_limits(
    pos: Position,
    event: UnitRedeployed | AttackDeclared | OverrunResolved | AttritionDeclared | AttritionLossesTaken,
) -> Verdict:
    """11.42: partisans stay in their country, never move by sea or redeploy, attack, overrun, count in or suffer
    attrition, and get no defensive air support."""
    partisans = pos.state.movement.partisans
    if not partisans:
        return ()
    out = []
    if isinstance(event, AttackDeclared):
        defenders = [d.unit for d in event.defenders]
        if event.das and defenders and all(u in partisans for u in defenders):
            message = f"attack {event.attack}: defensive air support for partisans alone (11.47, 18.611D)"
            out.append(breach("11.47", message, "no defensive air support", ", ".join(u.unit for u in event.das)))
    for unit_id, what in engaged(event):
        if unit_id in partisans:
            message = f"partisan {unit_id} {what}: partisans never move by sea or redeploy, make offensive operations "
            message += "or take part in attrition (11.43-11.45)"
            out.append(breach("11.43", message, "no partisan", unit_id))
    return out


def partisan_status(
    pos: Position, event: AttackDeclared | SupplyDetermined | HexControlChanged | AttritionDeclared
) -> Verdict:
    """11.48: partisans fight at CTL 1 and are always supplied; a partisan-held hex changes hands only where a
    partisan stands; partisans are never attritioned and defend at -1."""
    partisans = pos.state.movement.partisans
    meta = pos.meta
    if isinstance(event, AttritionDeclared):
        house = meta.rules == "a3r" and meta.option(*rules.ATTRITION_OPTION) == rules.ATTRITION_OPTION[1]
        if event.partisans and not house:
            message = f"attrition {event.attrition} is made against partisans: partisans may not be attritioned "
            message += "(11.45, 11.81)"
            allowed = "no attrition against partisans"
            yield breach("11.45", message, allowed, f"attrition {event.attrition} against partisans")
        return
    if isinstance(event, HexControlChanged):
        if event.cause == "partisans" and not any(u in partisans for u in pos.state.movement.at.get(event.hex, ())):
            message = f"{event.hex} changes hands to partisans, but no partisan stands there: partisans control only "
            message += "the hex they occupy (11.61)"
            yield breach("11.61", message, "a partisan in the hex", event.hex)
        return
    if not partisans:
        return
    if isinstance(event, SupplyDetermined):
        for r in event.results:
            if r.subject in partisans and immobile(r.status):
                message = f"partisan {r.subject} is determined {r.status}: partisans are always supplied (11.51)"
                yield breach("11.51", message, "supplied", f"{r.subject} {r.status}")
        return
    for d in event.defenders:
        if d.unit not in partisans:
            continue
        if d.ctl is not None and d.ctl != PARTISAN_CTL:
            message = f"partisan {d.unit} defends at CTL {d.ctl}: partisans have CTL 1 (11.48)"
            yield breach("11.48", message, PARTISAN_CTL, d.ctl)
        codes = {catalogue_code(m.code) for m in d.dms}
        if meta.rules != "a3r" and d.dms and PARTISAN_DM not in codes:
            message = f"attack {event.attack}: partisan {d.unit} defends without its -1 DM (11.46, 15.33C)"
            yield breach("11.46", message, "the partisan -1 DM", ", ".join(sorted(codes)))


def _special_cases(pos: Position, event: PartisansPlaced, faction: str | None) -> list[str | Unknown]:
    """11.33A (Vichy), 11.33C (the Ukraine), 11.34 (minor countries), 11.341 (Middle East, Ireland, India): what
    forbids the build (words), or the fact the log lacks."""
    board = pos.board
    politics = pos.state.politics
    area = event.area
    out: list[str | Unknown] = []
    if area == "FR" and politics.vichy:
        out.append(Unknown(reason="whether Vichy France was eliminated or sides with the Western Allies (11.33A)"))
    ukraine = board.diplomacy.get(rules.UKRAINE, 0)
    if faction == "russia" and ukraine >= rules.UKRAINE_RESULT:
        found = pos.hex(event.hex)
        country = found.country if found is not None else None
        if country is None:
            out.append(pos.missing_hex(event.hex, "country"))
        elif country == rules.UKRAINE:
            out.append(f"the Ukraine has a diplomatic result of {ukraine} (6 or more) (11.33C)")
    result = rules.PRODUCTION_RESULTS.get(area)
    if result is not None and not any(
        key.endswith(f"/{result}") for key in politics.research if key.startswith(f"{event.owner}/")
    ):
        out.append(Unknown(reason=f"{event.owner}'s {result.replace('_', ' ')} result (11.341) is not recorded"))
    if area == rules.INDIA:
        indian = sum(1 for a in pos.state.movement.partisans.values() if a == rules.INDIA)
        if indian >= rules.INDIAN_PARTISANS:
            out.append(f"Japan has {indian} Indian partisans already; two at most (11.341C)")
    if area == rules.IRELAND:
        if board.diplomacy.get(rules.IRELAND, 0) < rules.IRELAND_RESULT:
            out.extend(_no_allied_war_on_ireland(board))
    elif area not in rules.MAJOR_AREAS and area not in rules.PRODUCTION_RESULTS:
        if f"{faction}/{area}" in pos.state.movement.declarations:
            out.append(f"the {(faction or '').replace('_', ' ')} declared war on {area} (11.34)")
        out.append(
            Unknown(reason=f"whether {area} has partisans: the Minor Country Forces Table (11.23) is unreadable")
        )
    return out


def _no_allied_war_on_ireland(board: BoardState) -> list[str | Unknown]:
    """11.341B's other way in: an Allied declaration of war on Ireland. A war the record gives between Ireland and an
    Allied faction or side (``western_allies``, ``allies``) is one: the Allies declared it, whichever power did."""
    for key in board.wars:
        x, _, y = key.partition("|")
        other = y if x == rules.IRELAND else x if y == rules.IRELAND else None
        if other is not None and {other, *powers_of(other)} & rules.IRELAND_DECLARERS:
            return []
    return ["Ireland has no diplomatic result of 7 or more and no Allied declaration of war (11.341B)"]
