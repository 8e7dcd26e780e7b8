"""``awaw build``, ``awaw redeploy`` and ``awaw spend``: construction (27), redeployment (28) and BRP spending on
offensives, declarations of war and grants (27.12, 27.334).

* :func:`decide_build`: a unit built (or rebuilt: an eliminated unit's counter, its type, factors and nationality
  from the board), priced by the position (:func:`projections.position.construction.costs.pricing`: 27.11,
  27.13-27.14, 27.35B) and entering inverted when air or naval (27.81); the first build of a power in a turn
  declares its construction limit as the ledger computes it (27.32-27.34). Refused at the first breach of the
  position's queries on a build (:data:`BUILD_JUDGES`, the ones the construction, naval, economy, France
  and unit types families of the audit ask of a recorded one).
* :func:`decide_redeploy`: a unit's strategic (or tactical, naval) redeployment, refused at the first breach that the
  position's redeployment queries find (:data:`REDEPLOY_JUDGES`: the ones the audit asks of a recorded one).
* :func:`decide_spend`: a full offensive, a declaration of war or a grant, at the price the politics queries of
  27.12 give, refused at the first breach of :data:`SPEND_JUDGES`.

What an expenditure spends is asked of the position it leads to (:data:`SPENT`: the BRPs available, the deficit
options, the construction limit).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import (
    AnyEvent,
    BrpGrantMade,
    OffensiveDeclared,
    UnitBuilt,
    WarDeclared,
)
from awaw_events.vocab import POWERS
from projections.position import Position, economy, france, politics, tensions, units
from projections.position.construction import costs, placement
from projections.position.naval import charts, sw, yards
from projections.position.redeployment import ends, phases
from projections.position.supply import sources, status
from projections.rules.breach import Breach
from projections.rules.naval.costs import IMMEDIATE_TYPES, immediate_build_cost
from replays import records
from replays.commands.base import COMMAND, Query, Refusal, first_refusal, judged_in_turn, now, own_unit

BUILD_JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    UnitBuilt: (
        costs.construction_phase,
        units.unit_counters,
        france.no_french_builds_after_surrender,
        costs.specialized_rebuild,
        placement.never_rebuilt,
        yards.minor_naval_rebuild,
        placement.elite_rebuilt,
        charts.immediate_build,
        charts.naval_build_type,
        yards.australian_cap,
        placement.home_country,
        placement.canada_and_chindit,
        placement.colonial_rebuild,
        placement.sw_air_placement,
        placement.sw_naval_placement,
        placement.research_build_order,
        yards.build_location,
        sw.murmansk_unrestricted,
        placement.build_control,
        sources.construction_needs_full_supply,
        placement.build_supply,
        placement.russian_build_supply,
        placement.build_zoc,
        costs.location_limits,
        costs.minor_payer,
        costs.minor_transports,
        costs.naval_air_rate,
        costs.oil_coverage,
        costs.unit_cost,
        costs.same_turn_rebuild,
        costs.triple_cost,
        costs.oil_doubling,
        costs.built_inverted,
        yards.yard_rate,
        yards.one_factor_rate,
        yards.prewar_transports,
    )
}
"""The position's queries on a build, in the order a refusal names the first breach: the same functions the audit
asks of a recorded ``unit_built``."""

SPEND_JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    WarDeclared: (politics.declaration_cost, tensions.russian_declarations, france.vichy_declarations),
    OffensiveDeclared: (politics.full_offensive_cost,),
    BrpGrantMade: (economy.northern_routes,),
}
"""The position's queries on a declaration of war, an offensive and a grant (the politics, France and economy
families' of the audit)."""

PRICES: Final[dict[type, Query]] = {
    WarDeclared: politics.declaration_cost,
    OffensiveDeclared: politics.full_offensive_cost,
}
"""The 27.12 queries that price a declaration of war and an offensive: what they allow is the price."""

SPENT: Final = (costs.construction_limit, economy.brp_available, economy.deficit_limits)
"""The queries asked of the position after an event: what it spent, within the BRPs available (27.1, the deficit
options) and the construction limit (27.31)."""

REDEPLOY_JUDGES: Final = (
    phases.redeployment_phase,
    ends.redeployment_eligible,
    status.isolated_units_stay,
    phases.redeployment_segments,
    phases.tr_boxes,
    phases.box_stays,
    phases.box_users,
    phases.russia_to_pacific,
    ends.sr_ends,
    ends.redeployment_path,
    ends.redeployment_enemy_adjacent,
    ends.nr_origin,
    ends.nr_ports_and_straits,
    ends.ground_over_water,
    ends.air_range,
    ends.air_transport,
    ends.sr_caps,
    ends.russia_wa_sr,
    phases.naval_air_at_sea,
)
"""The position's queries on a redeployment, in the order a refusal names the first breach: the same functions the
redeployment family of the audit (and the supply family's 30.16) asks of a recorded one."""

SPENDING: Final = ("offensive", "war", "grant")
"""What ``awaw spend`` buys: an offensive operation, a declaration of war, a BRP grant."""


class Build(NamedTuple):
    """Build ``unit`` (a new counter id, or an eliminated unit's to rebuild it) of ``unit_type`` with ``factors`` in
    ``at``, for ``power`` (default: the eliminated unit's owner); ``oil_covered``: the BRPs of its cost that the
    faction's oil covers (27.35A), where the faction tracks oil for construction; ``yard``: the shipyard whose
    shipbuilding points a submarine, ASW or transport takes, one per factor (27.721A)."""

    unit: str
    at: str
    power: str | None = None
    unit_type: str | None = None
    factors: int | None = None
    nationality: str | None = None
    payer: str | None = None
    oil_covered: int | None = None
    yard: str | None = None


class Redeploy(NamedTuple):
    """Redeploy ``unit`` to ``to`` (``kind``: SR, TR, NR or air transport), through the hexes ``via``; ``nr``: the
    naval redeployment it sails in, where several units move as one (28.5)."""

    unit: str
    to: str
    kind: str = "SR"
    via: tuple[str, ...] = ()
    actor: str | None = None
    nr: str | None = None


class Spend(NamedTuple):
    """``power`` spends BRPs: ``what`` is ``offensive`` (on ``front``, of ``kind``), ``war`` (on ``target``) or
    ``grant`` (of ``amount`` to ``target``, by ``route``). ``cost``: the BRPs, where the rules give no price (an
    offensive other than a full one)."""

    power: str
    what: str
    target: str | None = None
    front: str | None = None
    kind: str = "full"
    amount: int | None = None
    route: str | None = None
    cost: int | None = None


def decide_build(pos: Position, command: Build) -> list[AnyEvent] | Refusal:
    """The construction limit (first build of the power this turn) and the unit built, or the first rule they
    break."""
    events = draft_build(pos, command)
    return events if isinstance(events, Refusal) else judged_in_turn(pos, events, BUILD_JUDGES, SPENT)


def draft_build(pos: Position, command: Build) -> list[AnyEvent] | Refusal:
    """The events of a build as the record has them (the construction limit declared by the power's first build of
    the turn, and ``unit_built`` at the position's price), before the rules are asked; or why the record refuses
    them."""
    board = pos.board
    there = board.units.get(command.unit)
    if there is not None:
        return Refusal(records.RULE, f"{command.unit} is already in play (in {there.location}): name a new counter")
    gone = board.eliminated.get(command.unit)
    was = gone.unit if gone is not None else None
    power = command.power or (was.owner if was is not None else None)
    unit_type = command.unit_type or (was.unit_type if was is not None else None)
    factors = command.factors if command.factors is not None else (was.factors if was is not None else None)
    if power is None or power not in POWERS:
        return Refusal(COMMAND, "a unit is built by a major power: name it")
    if unit_type is None or factors is None:
        return Refusal(COMMAND, f"{command.unit} is a new counter: give its type and factors")
    spelled = records.hex_problem(command.at, "at")
    if spelled is not None:
        return Refusal(records.RULE, spelled.message)
    when = now(pos.state)
    if "phase" not in when:
        return Refusal(COMMAND, "the game is between phases: a build is made in a phase (27.11: unit construction)")
    events: list[AnyEvent] = limit_declaration(pos, power)
    fields: dict[str, Any] = {
        "type": "unit_built",
        **when,
        "actor": power,
        "unit": command.unit,
        "owner": power,
        "nationality": command.nationality or (was.nationality if was is not None else power),
        "unit_type": unit_type,
        "factors": factors,
        "location": command.at,
        "cost": 0,
        "inverted": bool(costs.enters_inverted(unit_type, when.get("phase"))),
    }
    if command.payer is not None:
        fields["payer"] = command.payer
    if command.oil_covered is not None:
        fields["oil_covered_brps"] = command.oil_covered
    if command.yard is not None:
        if unit_type not in IMMEDIATE_TYPES:
            return Refusal(COMMAND, f"a {unit_type} takes no shipbuilding points when it is built: name no yard")
        fields |= {"yard": command.yard, "sb": immediate_build_cost(unit_type, factors).sb}
    draft = parse_event(fields, where="the build")
    assert isinstance(draft, UnitBuilt)
    priced = costs.pricing(pos, draft)
    fields["cost"] = priced.cost
    if priced.multiplier > 1:
        fields["multiplier"] = priced.multiplier
    events.append(parse_event(fields, where="the build"))
    return events


def limit_declaration(pos: Position, power: str) -> list[AnyEvent]:
    """The ``construction_limit_declared`` that the power's first construction of the turn (a unit built, a ship's
    chart step paid) records, at the limit the ledger computes (27.32-27.34); none where the power declared it
    already this turn or the ledger computes none."""
    limit = costs.computed_limit(pos, power)
    if limit is None or power in pos.state.brp.declared:
        return []
    components = {"basic": limit.basic}
    if limit.reductions:
        components["reductions"] = -limit.reductions
    if limit.increases:
        components["increases"] = limit.increases
    declared = {"actor": power, "power": power, "limit": limit.limit, "components": components}
    return [parse_event({"type": "construction_limit_declared", **now(pos.state), **declared}, where="the limit")]


def decide_redeploy(pos: Position, command: Redeploy) -> list[AnyEvent] | Refusal:
    """The redeployment of a unit, or the first rule it breaks."""
    event = draft_redeploy(pos, command)
    if isinstance(event, Refusal):
        return event
    refused = first_refusal(pos, event, REDEPLOY_JUDGES)
    return [event] if refused is None else refused


def draft_redeploy(pos: Position, command: Redeploy) -> AnyEvent | Refusal:
    """The ``unit_redeployed`` event of a command, as the record has it, before the rules are asked; or why the
    record refuses it."""
    found = own_unit(pos, command.unit, command.actor, "redeploys")
    if isinstance(found, Refusal):
        return found
    unit, power = found
    for field, hex_ in (("to", command.to), *(("via", h) for h in command.via)):
        spelled = records.hex_problem(hex_, field)
        if spelled is not None:
            return Refusal(records.RULE, spelled.message)
    if command.to == unit.location:
        return Refusal("28.1", f"{unit.id} already stands in {command.to}")
    fields: dict[str, Any] = {
        "type": "unit_redeployed",
        **now(pos.state),
        "actor": power,
        "unit": unit.id,
        "kind": command.kind,
        "origin": unit.location,
        "destination": command.to,
    }
    if command.via:
        fields["path"] = list(command.via)
    if command.nr is not None:
        fields["nr"] = command.nr
    return parse_event(fields, where="the redeployment")


def decide_spend(pos: Position, command: Spend) -> list[AnyEvent] | Refusal:
    """An offensive, a declaration of war or a grant, at the price 27.12 gives, or the first rule it breaks."""
    event = draft_spend(pos, command)
    return event if isinstance(event, Refusal) else judged_in_turn(pos, [event], SPEND_JUDGES, SPENT)


def draft_spend(pos: Position, command: Spend) -> AnyEvent | Refusal:
    """The event of an expenditure as the record has it, at the price 27.12 gives, before the rules are asked; or
    why the record refuses it."""
    power = command.power
    if power not in POWERS:
        return Refusal(records.RULE, f"{power!r} is not a major power: only major powers spend BRPs")
    base = {**now(pos.state), "actor": power}
    fields: dict[str, Any]
    if command.what == "offensive":
        if command.front is None:
            return Refusal(COMMAND, "an offensive is declared on a front: name it")
        if command.cost is None and command.kind != "full":
            return Refusal(COMMAND, f"the rules price the full offensive only: give the cost of a {command.kind} one")
        fields = {"type": "offensive_declared", "power": power, "front": command.front, "kind": command.kind}
    elif command.what == "war":
        target = command.target
        if target is None or target == power:
            return Refusal(COMMAND, "a declaration of war names another country")
        if "|".join(sorted((power, target))) in pos.board.wars:
            return Refusal(records.RULE, f"{power} is already at war with {target}: the board holds that war")
        fields = {"type": "war_declared", "aggressor": power, "target": target}
    elif command.what == "grant":
        if command.target is None or command.amount is None or command.amount <= 0:
            return Refusal("27.334", "a grant names its recipient and an amount of BRPs")
        fields = {"type": "brp_grant_made", "donor": power, "recipient": command.target, "amount": command.amount}
        if command.route is not None:
            fields["route"] = command.route
        return parse_event({**base, **fields}, where="the grant")
    else:
        return Refusal(COMMAND, f"spend on {', '.join(SPENDING)}, not {command.what!r}")
    where = f"the {command.what}"
    draft = parse_event({**base, **fields, "brp_cost": command.cost or 0}, where=where)
    if command.cost is None:  # the price: what the 27.12 query allows a draft at no cost (none before the game)
        allowed = [b.allowed for b in PRICES[type(draft)](pos, draft) if type(b) is Breach]
        if allowed and isinstance(allowed[0], int):
            draft = parse_event({**base, **fields, "brp_cost": allowed[0]}, where=where)
    return draft
