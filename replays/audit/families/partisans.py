"""Partisans (AWAW 11): force pools, who may build them, when and for how much, where they are placed, where they
move, what they never do, their CTL, supply and hex control.

Sources: 10-16 extract checklist 2.3 (AUD-11-01 to AUD-11-15), 1.13-1.14; the rules text 11.2-11.8. Tables are
:mod:`projections.rules.partisans`; the partisans in play with their areas, this game turn's builds and where ground
units stand are running facts of :mod:`projections.movement`; zones of control are read as the movement checks read
them (:func:`projections.position.zoc.zoc_on`).

Reported as not checked (the events or the extracts lack it): the minor countries' partisans and pools (the Minor
Country Forces Table is too garbled to use), the production results that raise pools (unless a force_pool_changed
records the pool) and Vichy's side for French partisans (11.33A). Not checked at all: partisan BRP damage (11.7:
whether a partisan is surrounded needs every neighbour's control and terrain) and offensive operations against
partisans (11.82, rule 9).
"""

from __future__ import annotations

from typing import Any, Final

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
from projections import movement as facts
from projections.board import at_war
from projections.position.zoc import zoc_on
from projections.rules import partisans as rules
from projections.rules.combat.rounds import PARTISAN_CTL
from projections.rules.combat.strength import catalogue_code
from projections.rules.construction import BRP_COST_PER_FACTOR
from projections.rules.supply import immobile
from projections.rules.units import PARTISAN, PARTISAN_DM
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("partisans")

PARTISAN_COST: Final = BRP_COST_PER_FACTOR["partisan"]
"""A partisan costs 2 BRPs (11.352; the construction table's)."""


def _faction(owner: str) -> str | None:
    return facts.faction_of(owner)


@FAMILY.check(
    "11.35",
    "partisans are placed in the construction phase, within their pool, one per faction and country a turn (Russia "
    "two), for 2 BRPs or Russia's one free partisan a turn",
    reads=(PartisansPlaced,),
    id="partisan_builds",
    covers=("AUD-11-03", "AUD-11-04", "AUD-11-05", "AUD-11-01"),
)
def check_partisan_builds(c: Check, ctx: AuditContext[PartisansPlaced]) -> Result:
    event = ctx.event
    faction = _faction(event.owner)
    moves = ctx.state.movement
    if event.phase is not None and event.phase not in rules.PARTISAN_PHASES:
        yield c.finding(
            ctx,
            expected="the unit construction phase",
            recorded=event.phase,
            message=f"partisan {event.unit} is placed in the {event.phase.replace('_', ' ')} phase: partisans are "
            "placed in the unit construction phase (11.351, 11.36)",
        )
    free_russian = event.owner == "russia" and event.area in rules.FREE_RUSSIAN_AREAS
    same_turn = moves.game_turn == ctx.state.clock.turn
    frees = moves.free_partisans.get(event.owner, 0) if same_turn else 0
    if event.cost == 0 and not (free_russian and frees < rules.FREE_PER_TURN):
        why = "a second free Russian partisan this turn" if free_russian else "only Russia's first in Russia/Siberia"
        yield c.finding(
            ctx,
            expected=PARTISAN_COST,
            recorded=event.cost,
            message=f"partisan {event.unit} is free, but {why} costs nothing (11.352; the Communist Chinese free "
            "partisan needs a Sinkiang Road result)",
        )
    elif event.cost not in (0, PARTISAN_COST):
        yield c.finding(
            ctx,
            expected=PARTISAN_COST,
            recorded=event.cost,
            message=f"partisan {event.unit} costs {event.cost} BRPs: a partisan costs {PARTISAN_COST} (11.352)",
        )
    if faction is not None and event.phase != "setup":
        limit, together = rules.builds_allowed(event.area, faction)
        built = sum(moves.partisan_builds.get(f"{faction}/{a}", 0) for a in together) if same_turn else 0
        if built >= limit:
            yield c.finding(
                ctx,
                expected=f"at most {limit} this turn",
                recorded=f"{built + 1}",
                message=f"partisan {event.unit} is the {built + 1}th {faction.replace('_', ' ')} partisan in "
                f"{event.area} this turn: one per faction and country a turn, Russia two (11.353C)",
            )
    yield from _pool(c, ctx, faction)


def _pool(c: Check, ctx: AuditContext[PartisansPlaced], faction: str | None) -> Result:
    event = ctx.event
    board = ctx.state.board
    mine = [
        u
        for u, area in ctx.state.movement.partisans.items()
        if area == event.area and (unit := board.units.get(u)) is not None and _faction(unit.owner) == faction
    ]
    count = len(mine) + 1
    recorded = board.force_pools.get(f"{event.owner}/partisan/{event.area}")
    table = rules.pool(event.area, faction or "")
    if recorded is not None:
        if count > recorded:
            yield c.finding(
                ctx,
                expected=f"at most {recorded}",
                recorded=count,
                message=f"partisan {event.unit} makes {count} {event.owner} partisans in {event.area}; its force pool "
                f"is {recorded} (11.21)",
            )
        return
    if table is None:
        yield Missing(reason=f"the partisan pool of {event.area} is not recorded (force_pool_changed) nor tabled")
        return
    if count > table.most:
        yield c.finding(
            ctx,
            expected=f"at most {table.most}",
            recorded=count,
            message=f"partisan {event.unit} makes {count} {(faction or '').replace('_', ' ')} partisans in "
            f"{event.area}: the Major Power Partisan Table allows {table.most} at most (11.22)",
        )
    elif count > table.automatic:
        yield Missing(reason=f"the results that raise the {event.area} partisan pool above {table.automatic} (11.22)")


@FAMILY.check(
    "11.33",
    "partisans are built only where and when their area allows them, by a power at war with the power they fight: "
    "Western Allied ones by a power at war with Germany, European Axis ones by Germany",
    reads=(PartisansPlaced,),
    id="partisan_builders",
    covers=("AUD-11-07", "AUD-11-02"),
)
def check_partisan_builders(c: Check, ctx: AuditContext[PartisansPlaced]) -> Result:
    event = ctx.event
    board = ctx.state.board
    faction = _faction(event.owner)
    problems: list[str] = []
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
    if war is not None and faction == "russia" and not at_war(board, "russia", war[0]):
        problems.append(f"Russia is not at war with {war[0]} ({war[1]})")
    europe = event.hex.startswith("EUR:")
    if europe and faction in ("western_allies", "russia"):
        rgt = board.tensions.get("rgt", 0)
        if not any(at_war(board, "russia", axis) for axis in ("germany", "italy")) and rgt < rules.EUROPEAN_AREAS_RGT:
            problems.append(f"Russia is not at war with the Axis and RGT are {rgt}, below 50 (11.32A)")
        if faction == "western_allies" and not at_war(board, event.owner, "germany"):
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
    if fought and enemy is not None and not at_war(board, event.owner, enemy):
        problems.append(f"{event.owner} is not at war with {enemy}, which holds {event.hex} (11.353B)")
    special = _special_cases(ctx, faction)
    for outcome in special:
        if isinstance(outcome, str):
            problems.append(outcome)
        else:
            yield outcome
    for problem in problems:
        yield c.finding(
            ctx,
            expected="a partisan its builder may place",
            recorded=problem,
            message=f"partisan {event.unit} ({event.owner}, {event.area}): {problem}",
        )


@FAMILY.check(
    "11.353",
    "partisans are placed in an eligible country, in an enemy-controlled hex with no enemy unit or counter, no IC "
    "or port, and in no enemy ZoC",
    reads=(PartisansPlaced,),
    id="partisan_placement",
    covers=("AUD-11-06",),
)
def check_partisan_placement(c: Check, ctx: AuditContext[PartisansPlaced]) -> Result:
    event = ctx.event
    board = ctx.state.board
    side = facts.side_of(event.owner)
    hex_ = event.hex
    problems: list[str] = []
    controller = board.control.get(hex_)
    if controller is None:
        yield Missing(reason=f"who controls {hex_} is not recorded (partisans go in enemy-controlled hexes, 11.353D)")
    elif facts.side_of(controller) is None:
        yield Missing(reason=f"whether {controller}, which holds {hex_}, is an enemy of {event.owner} (11.353D)")
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
    facts_ = ctx.hex(hex_)
    if facts_ is None:
        yield ctx.missing_hex(hex_, "country, IC and port")
    else:
        if facts_.industrial_centre or facts_.port:
            problems.append(f"it holds {'an IC' if facts_.industrial_centre else 'a port'} (11.353E)")
        if facts_.country is not None and facts_.country not in rules.countries(event.area):
            problems.append(f"it is in {facts_.country}, not in {event.area} (11.353D)")
    zoc = zoc_on(ctx.position, hex_, owner=event.owner, when=event)
    if zoc.cost:
        problems.append(f"it is in the ZoC of {zoc.armor} (11.353E)")
    elif zoc.unknown is not None:
        yield ctx.missing_hex(*zoc.unknown)
    for problem in problems:
        yield c.finding(
            ctx,
            expected="an eligible hex",
            recorded=hex_,
            message=f"partisan {event.unit} is placed in {hex_}, but {problem}",
        )


MOVES: Final = (UnitRedeployed, AttackDeclared, OverrunResolved, AttritionDeclared, AttritionLossesTaken)


@FAMILY.check(
    "11.42",
    "partisans stay in their country, never move by sea or redeploy, attack, overrun, count in or suffer attrition, "
    "and get no defensive air support",
    reads=MOVES,
    id="partisan_limits",
    covers=("AUD-11-10",),
)
def check_partisan_limits(c: Check, ctx: AuditContext[Any]) -> Result:
    moves = ctx.state.movement
    if not moves.partisans:
        return ()
    return _limits(c, ctx)


def _limits(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    partisans = ctx.state.movement.partisans
    if isinstance(event, AttackDeclared):
        listed = [(a.unit, "attacks") for a in event.attackers]
        defenders = [d.unit for d in event.defenders]
        if event.das and defenders and all(u in partisans for u in defenders):
            yield c.finding(
                ctx,
                expected="no defensive air support",
                recorded=", ".join(u.unit for u in event.das),
                message=f"attack {event.attack}: defensive air support for partisans alone (11.47, 18.611D)",
            )
    elif isinstance(event, UnitRedeployed):
        listed = [(event.unit, f"redeploys ({event.kind})")]
    elif isinstance(event, OverrunResolved):
        listed = [(u.unit, "overruns") for u in event.units]
    elif isinstance(event, AttritionDeclared):
        listed = [(u.unit, "is counted in an attrition") for u in event.counted]
    else:
        listed = [(u.unit, "is taken as an attrition loss") for u in event.losses]
    for unit_id, what in listed:
        if unit_id in partisans:
            yield c.finding(
                ctx,
                expected="no partisan",
                recorded=unit_id,
                message=f"partisan {unit_id} {what}: partisans never move by sea or redeploy, make offensive "
                "operations or take part in attrition (11.43-11.45)",
            )


@FAMILY.check(
    "11.48",
    "partisans fight at CTL 1 and are always supplied; a partisan-held hex changes hands only where a partisan "
    "stands; partisans are never attritioned and defend at -1",
    reads=(AttackDeclared, SupplyDetermined, HexControlChanged, AttritionDeclared),
    id="partisan_status",
    covers=("AUD-11-11", "AUD-11-15"),
    partly={
        "AUD-11-12": "control by partisans only where one stands; reversion when it leaves and the uses a "
        "partisan-held hex denies (air basing, redeployment, objectives) are not checked"
    },
)
def check_partisan_status(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    partisans = ctx.state.movement.partisans
    meta = ctx.state.meta
    if isinstance(event, AttritionDeclared):
        house = meta.rules == "a3r" and meta.option(*rules.ATTRITION_OPTION) == rules.ATTRITION_OPTION[1]
        if event.partisans and not house:
            yield c.finding(
                ctx,
                expected="no attrition against partisans",
                recorded=f"attrition {event.attrition} against partisans",
                message=f"attrition {event.attrition} is made against partisans: partisans may not be attritioned "
                "(11.45, 11.81)",
            )
        return
    if isinstance(event, HexControlChanged):
        if event.cause == "partisans" and not any(u in partisans for u in ctx.state.movement.at.get(event.hex, ())):
            yield c.finding(
                ctx,
                expected="a partisan in the hex",
                recorded=event.hex,
                message=f"{event.hex} changes hands to partisans, but no partisan stands there: partisans control only "
                "the hex they occupy (11.61)",
            )
        return
    if not partisans:
        return
    if isinstance(event, SupplyDetermined):
        for r in event.results:
            if r.subject in partisans and immobile(r.status):
                yield c.finding(
                    ctx,
                    expected="supplied",
                    recorded=f"{r.subject} {r.status}",
                    message=f"partisan {r.subject} is determined {r.status}: partisans are always supplied (11.51)",
                )
        return
    for d in event.defenders:
        if d.unit not in partisans:
            continue
        if d.ctl is not None and d.ctl != PARTISAN_CTL:
            yield c.finding(
                ctx,
                expected=PARTISAN_CTL,
                recorded=d.ctl,
                message=f"partisan {d.unit} defends at CTL {d.ctl}: partisans have CTL 1 (11.48)",
            )
        codes = {catalogue_code(m.code) for m in d.dms}
        if meta.rules != "a3r" and d.dms and PARTISAN_DM not in codes:
            yield c.finding(
                ctx,
                expected="the partisan -1 DM",
                recorded=", ".join(sorted(codes)),
                message=f"attack {event.attack}: partisan {d.unit} defends without its -1 DM (11.46, 15.33C)",
            )


def _special_cases(ctx: AuditContext[PartisansPlaced], faction: str | None) -> list[str | Missing]:
    """11.33A (Vichy), 11.33C (the Ukraine), 11.34 (minor countries), 11.341 (Middle East, Ireland, India): what
    forbids the build (words), or the fact the log lacks (``Missing``)."""
    event = ctx.event
    board = ctx.state.board
    politics = ctx.state.politics
    area = event.area
    out: list[str | Missing] = []
    if area == "FR" and politics.vichy:
        out.append(Missing(reason="whether Vichy France was eliminated or sides with the Western Allies (11.33A)"))
    ukraine = board.diplomacy.get(rules.UKRAINE, 0)
    if faction == "russia" and ukraine >= rules.UKRAINE_RESULT:
        found = ctx.hex(event.hex)
        country = found.country if found is not None else None
        if country is None:
            out.append(ctx.missing_hex(event.hex, "country"))
        elif country == rules.UKRAINE:
            out.append(f"the Ukraine has a diplomatic result of {ukraine} (6 or more) (11.33C)")
    result = rules.PRODUCTION_RESULTS.get(area)
    if result is not None and not any(
        key.endswith(f"/{result}") for key in politics.research if key.startswith(f"{event.owner}/")
    ):
        out.append(Missing(reason=f"{event.owner}'s {result.replace('_', ' ')} result (11.341) is not recorded"))
    if area == rules.INDIA:
        indian = sum(1 for a in ctx.state.movement.partisans.values() if a == rules.INDIA)
        if indian >= rules.INDIAN_PARTISANS:
            out.append(f"Japan has {indian} Indian partisans already; two at most (11.341C)")
    if area == rules.IRELAND:
        allied = any(at_war(board, power, rules.IRELAND) for power in ("britain", "france", "usa", "russia"))
        if board.diplomacy.get(rules.IRELAND, 0) < rules.IRELAND_RESULT and not allied:
            out.append("Ireland has no diplomatic result of 7 or more and no Allied declaration of war (11.341B)")
    elif area not in rules.MAJOR_AREAS and area not in rules.PRODUCTION_RESULTS:
        if f"{faction}/{area}" in ctx.state.movement.declarations:
            out.append(f"the {(faction or '').replace('_', ' ')} declared war on {area} (11.34)")
        out.append(
            Missing(reason=f"whether {area} has partisans: the Minor Country Forces Table (11.23) is unreadable")
        )
    return out
