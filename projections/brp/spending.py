"""Expenditures: who pays what, by category, and whether it counts against the construction limit (27.1, 27.12,
27.31, 27.7264; A3R extract 4.2).

Each cost lives on exactly one event and the ledger charges it as recorded. Ships' and shipyards' owners come from
the naval projection (``ctx.game.naval``, folded before this one): a ship's installments and raising are paid by its
owner, repairs by the shipyard's owner or, in a captured shipyard, by the ship's owner
(:func:`projections.rules.construction.installment_payer`, :func:`~projections.rules.construction.repair_payer`).
A cost whose payer is unknown is kept as a line with ``power=""`` (unattributed).
"""

from __future__ import annotations

from itertools import product
from typing import Any, Final

from awaw_events.events import (
    AirdropMade,
    AttackDeclared,
    AttritionDeclared,
    BrpGrantMade,
    BrpSpent,
    FortificationBuilt,
    OffensiveDeclared,
    OilFacilityRepaired,
    OverrunResolved,
    PartisansPlaced,
    RailheadBuilt,
    ShipAdvanced,
    ShipLaidDown,
    ShipLaunched,
    ShipRaised,
    ShipRepairStarted,
    UnitBuilt,
    WarDeclared,
)
from awaw_events.vocab import FACTION_OF_POWER, POWERS
from projections.board import war_between
from projections.brp.ledger import change
from projections.brp.limit import grant_facts
from projections.brp.state import HANDLERS, SPEND_CATEGORY, Category, Operation, State
from projections.core import Context
from projections.naval.queries import chart_of, prewar_shares
from projections.rules.construction import counts_against_limit, installment_payer, repair_payer, repairs_in_limit
from projections.rules.naval.transports import PREWAR_TRANSPORT_WARS, limit_charged_to

EXPENDITURE_EVENTS: Final = (
    UnitBuilt,
    ShipLaidDown,
    ShipAdvanced,
    ShipLaunched,
    ShipRepairStarted,
    ShipRaised,
    RailheadBuilt,
    FortificationBuilt,
    PartisansPlaced,
    WarDeclared,
    OffensiveDeclared,
    BrpSpent,
    BrpGrantMade,
    OilFacilityRepaired,
)
"""The events that spend BRPs (one cost each): construction (27.11, 27.7, 27.11D-F), declarations of war and
offensives (27.12), grants (27.334), oil facility repairs (33.331) and the rest (``brp_spent``)."""

LIMIT_EVENTS: Final = (
    UnitBuilt,
    ShipLaidDown,
    ShipAdvanced,
    ShipLaunched,
    ShipRepairStarted,
    ShipRaised,
    RailheadBuilt,
    FortificationBuilt,
    PartisansPlaced,
    BrpSpent,
)
"""The expenditures that may count against the construction limit (27.31): construction, ship installments,
repairs and raising (also as ``brp_spent``), fortifications, railheads, partisans."""

_POWER_SET: Final[frozenset[str]] = frozenset(POWERS)


def spend(
    state: State,
    ctx: Context,
    power: str | None,
    category: Category,
    amount: int,
    *,
    ref: str | None = None,
    detail: str | None = None,
    limit_power: str | None = None,
    limit_doubt: bool = False,
) -> None:
    """An expenditure of ``amount`` BRPs by ``power`` (``None``: payer unknown, kept unattributed); ``limit_power``:
    whose construction limit it counts against when not the payer's (``limit_doubt``: the wars leave that in
    doubt)."""
    if amount == 0:
        return
    limit = bool(power) and counts_against_limit(category, repairs=repairs_in_limit(ctx.meta))
    change(
        state,
        ctx,
        power or "",
        "expenditure",
        category,
        -amount,
        ref=ref,
        limit=limit,
        limit_power=limit_power,
        limit_doubt=limit_doubt,
        detail=detail,
    )


def build_limit_power(ctx: Context, event: UnitBuilt) -> tuple[str | None, bool]:
    """Whose construction limit a build counts against when not its payer's, and whether the record's wars leave
    that in doubt. A transport built in a U.S. box before the U.S.-German war and paid by Britain counts against the
    U.S. limit (27.7322A: "This BRP expenditure counts against the American, not the British, construction limit").
    Where a war of factions may or may not be the U.S.-German war (:func:`projections.board.war_between`), the
    ledger reads it as no war, as :func:`projections.board.at_war` does, and marks the charge as in doubt."""
    if event.unit_type != "transport" or event.yard is None:
        return None, False
    naval, board = ctx.game.naval, ctx.game.board
    known = {pair: war_between(board, *pair) for pair in PREWAR_TRANSPORT_WARS}
    doubtful = [pair for pair, at_war in known.items() if at_war is None]
    answers: list[str | None] = []
    for values in product((True, False), repeat=len(doubtful)):  # the last reading: every war in doubt is none
        reading = {**known, **dict(zip(doubtful, values, strict=True))}

        def wars(a: str, b: str, reading: dict[tuple[str, str], bool | None] = reading) -> bool:
            return bool(reading[(a, b)])

        answers.append(limit_charged_to(prewar_shares(naval, board, event, wars)))
    return answers[-1], len(set(answers)) > 1


def _ship_and_yard(ctx: Context, ship: str, yard: str) -> tuple[str | None, str | None, str | None]:
    """The ship's owner, the shipyard's owner and its control mode, as the naval projection knows them."""
    naval: Any = ctx.game.naval
    found = naval.ships.get(ship)
    chart = chart_of(naval, yard)  # an undefined starting yard (us-pacific) has its 27.731 values, as on the charts
    ship_owner = (found.owner if found is not None else None) or None
    if chart is None:
        return ship_owner, None, None
    return ship_owner, chart.owner or None, chart.mode


@HANDLERS.on(UnitBuilt)
def _unit_built(state: State, event: UnitBuilt, ctx: Context) -> None:
    limit_power, doubt = build_limit_power(ctx, event)
    payer = event.payer or event.owner
    spend(state, ctx, payer, "construction", event.cost, ref=event.unit, limit_power=limit_power, limit_doubt=doubt)


@HANDLERS.on(PartisansPlaced)
def _partisans(state: State, event: PartisansPlaced, ctx: Context) -> None:
    spend(state, ctx, event.owner, "construction", event.cost, ref=event.unit)


@HANDLERS.on(ShipLaidDown)
def _laid_down(state: State, event: ShipLaidDown, ctx: Context) -> None:
    if not event.setup:
        spend(state, ctx, event.owner, "construction", event.brps, ref=event.ship)


@HANDLERS.on(ShipAdvanced, ShipLaunched)
def _installment(state: State, event: ShipAdvanced | ShipLaunched, ctx: Context) -> None:
    ship_owner, yard_owner, _ = _ship_and_yard(ctx, event.ship, event.yard)
    spend(state, ctx, installment_payer(ship_owner, yard_owner), "construction", event.brps, ref=event.ship)


@HANDLERS.on(ShipRepairStarted)
def _repair(state: State, event: ShipRepairStarted, ctx: Context) -> None:
    ship_owner, yard_owner, mode = _ship_and_yard(ctx, event.ship, event.yard)
    spend(state, ctx, repair_payer(ship_owner, yard_owner, mode), "repair", event.brps, ref=event.ship)


@HANDLERS.on(ShipRaised)
def _raised(state: State, event: ShipRaised, ctx: Context) -> None:
    ship_owner, yard_owner, _ = _ship_and_yard(ctx, event.ship, event.yard)
    spend(state, ctx, installment_payer(ship_owner, yard_owner), "raise", event.brps, ref=event.ship)


@HANDLERS.on(FortificationBuilt)
def _fortification(state: State, event: FortificationBuilt, ctx: Context) -> None:
    spend(state, ctx, event.power, "fortification", event.brp_cost, ref=",".join(event.hexes), detail=event.kind)


@HANDLERS.on(RailheadBuilt)
def _railhead(state: State, event: RailheadBuilt, ctx: Context) -> None:
    spend(state, ctx, event.power, "railhead", event.brp_cost, ref=event.hex)


@HANDLERS.on(WarDeclared)
def _war(state: State, event: WarDeclared, ctx: Context) -> None:
    if event.aggressor not in FACTION_OF_POWER:  # a faction or side declared: 27.12 charges a power, not named
        return
    spend(state, ctx, event.aggressor, "declaration_of_war", event.brp_cost, ref=event.target)


@HANDLERS.on(OffensiveDeclared)
def _offensive(state: State, event: OffensiveDeclared, ctx: Context) -> None:
    spend(state, ctx, event.power, "offensive", event.brp_cost, ref=event.front, detail=event.kind)
    key = f"{event.power}|{event.front}"
    state.offensives[key] = state.offensives.get(key, 0) + event.brp_cost
    if event.against_partisans:
        state.partisan_offensives[key] = state.partisan_offensives.get(key, 0) + event.brp_cost
    paid = Operation(seq=ctx.now.seq, side=ctx.now.side, power=event.power, front=event.front)
    for op in event.operations:
        state.paid.setdefault(op, paid)


def _done(state: State, ctx: Context, op: str, units: list[str], front: str | None) -> None:
    """An operation carried out: who carried it out (the owners of its units, as the board knows them)."""
    board = ctx.game.board
    powers = tuple(sorted({u.owner for u in (board.units.get(unit) for unit in units) if u is not None}))
    state.done.setdefault(op, Operation(seq=ctx.now.seq, side=ctx.now.side, powers=powers, front=front))


@HANDLERS.on(AttackDeclared)
def _attack(state: State, event: AttackDeclared, ctx: Context) -> None:
    _done(state, ctx, event.attack, [a.unit for a in event.attackers], event.front)


@HANDLERS.on(OverrunResolved)
def _overrun(state: State, event: OverrunResolved, ctx: Context) -> None:
    _done(state, ctx, event.overrun, [u.unit for u in event.units], None)


@HANDLERS.on(AirdropMade)
def _airdrop(state: State, event: AirdropMade, ctx: Context) -> None:
    _done(state, ctx, event.unit, [event.unit], None)


@HANDLERS.on(AttritionDeclared)
def _attrition(state: State, event: AttritionDeclared, ctx: Context) -> None:
    state.attritions.setdefault(f"{event.attacker}|{event.front}", ctx.now.seq)


@HANDLERS.on(OilFacilityRepaired)
def _oil_repair(state: State, event: OilFacilityRepaired, ctx: Context) -> None:
    spend(state, ctx, event.power, "oil_repair", event.brp_cost, ref=event.facility)


@HANDLERS.on(BrpSpent)
def _brp_spent(state: State, event: BrpSpent, ctx: Context) -> None:
    category = SPEND_CATEGORY.get(event.category, "other")
    detail = None if category == event.category else event.category
    spend(state, ctx, event.power, category, event.amount, ref=event.ref, detail=detail)


@HANDLERS.on(BrpGrantMade)
def _grant(state: State, event: BrpGrantMade, ctx: Context) -> None:
    """The donor pays (not against its limit); a major power receiving it gains the BRPs; both limits move
    (27.334, 27.34A)."""
    donor = event.donor
    change(state, ctx, donor, "expenditure", "grant_given", -event.amount, ref=event.recipient)
    grant_facts(state, donor, event.recipient, event.amount, ctx.meta)
    if event.recipient in _POWER_SET:
        change(state, ctx, event.recipient, "addition", "grant_received", event.amount, ref=donor)
