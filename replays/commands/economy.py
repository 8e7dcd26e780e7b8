"""``awaw build``, ``awaw redeploy`` and ``awaw spend``: construction (27), redeployment (28) and BRP spending on
offensives, declarations of war and grants (27.12, 27.334).

* :func:`decide_build`: a unit built (or rebuilt: an eliminated unit's counter, its type, factors and nationality
  from the board) in the unit construction phase (27.11), priced by the audit's own pricing of 27.11, 27.13-27.14
  and 27.35B, entering inverted when air or naval (27.81); the first build of a power in a turn declares its
  construction limit as the ledger computes it (27.32-27.34).
* :func:`decide_redeploy`: a unit's strategic (or tactical, naval) redeployment, refused at the first breach that the
  position's redeployment queries find (:data:`REDEPLOY_JUDGES`: the ones the audit asks of a recorded one).
* :func:`decide_spend`: a full offensive (15 BRPs), a declaration of war (35 BRPs against a major power, 10 against
  a minor) or a grant, at the costs of 27.12.
"""

from __future__ import annotations

from typing import Any, Final, Literal, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, UnitBuilt
from awaw_events.vocab import AIR_TYPES, NAVAL_TYPES, POWERS
from projections.position import Position
from projections.position.redeployment import ends, phases
from projections.position.supply import status
from projections.rules.construction import costs
from replays import records
from replays.audit.families.construction import pricing
from replays.commands.base import Refusal, first_refusal, now, own_unit, probe

BUILD_PHASE: Final = "unit_construction"

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
    faction's oil covers (27.35A), where the faction tracks oil for construction."""

    unit: str
    at: str
    power: str | None = None
    unit_type: str | None = None
    factors: int | None = None
    nationality: str | None = None
    payer: str | None = None
    oil_covered: int | None = None


class Redeploy(NamedTuple):
    """Redeploy ``unit`` to ``to`` (``kind``: SR, TR, NR or air transport), through the hexes ``via``."""

    unit: str
    to: str
    kind: str = "SR"
    via: tuple[str, ...] = ()
    actor: str | None = None


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
    """The construction limit (first build of the power this turn) and the unit built, or why not."""
    when = now(pos.state)
    if when.get("phase") not in costs.BUILD_PHASES | costs.RESEARCH_BUILD_PHASES:
        return Refusal("27.11", f"units are built in the unit construction phase; this is the {when.get('phase')}")
    board = pos.board
    there = board.units.get(command.unit)
    if there is not None:
        return Refusal(records.RULE, f"{command.unit} is already in play (in {there.location}): name a new counter")
    gone = board.eliminated.get(command.unit)
    power = command.power or (gone.unit.owner if gone is not None else None)
    unit_type = command.unit_type or (gone.unit.unit_type if gone is not None else None)
    factors = command.factors if command.factors is not None else (gone.unit.factors if gone is not None else None)
    if power is None or power not in POWERS:
        return Refusal("27.11", "a unit is built by a major power: name it")
    if unit_type is None or factors is None:
        return Refusal("27.11", f"{command.unit} is a new counter: give its type and factors")
    spelled = records.hex_problem(command.at, "at")
    if spelled is not None:
        return Refusal(records.RULE, spelled.message)
    nationality = command.nationality or (gone.unit.nationality if gone is not None else power)
    events: list[AnyEvent] = []
    ledger = pos.state.brp
    if power not in ledger.declared and power in ledger.limits and pos.state.meta.rules != "a3r":
        limit = ledger.limits[power]
        components = {"basic": limit.basic}
        if limit.reductions:
            components["reductions"] = -limit.reductions
        if limit.increases:
            components["increases"] = limit.increases
        events.append(
            parse_event(
                {
                    "type": "construction_limit_declared",
                    **when,
                    "actor": power,
                    "power": power,
                    "limit": limit.limit,
                    "components": components,
                },
                where="the construction limit",
            )
        )
    fields: dict[str, Any] = {
        "type": "unit_built",
        **when,
        "actor": power,
        "unit": command.unit,
        "owner": power,
        "nationality": nationality,
        "unit_type": unit_type,
        "factors": factors,
        "location": command.at,
        "cost": 0,
        "inverted": unit_type in AIR_TYPES | NAVAL_TYPES and not costs.built_uninverted(unit_type, when.get("phase")),
    }
    if command.payer is not None:
        fields["payer"] = command.payer
    if command.oil_covered is not None:
        fields["oil_covered_brps"] = command.oil_covered
    draft = parse_event(fields, where="the build")
    assert isinstance(draft, UnitBuilt)
    priced = pricing(probe(pos, draft, pos.state.clock.seq + len(events) + 1))
    multiplier: int
    if priced.expected is None:  # oil tracked, coverage not given: the same-turn penalty alone (27.13A)
        multiplier = costs.MULTIPLIER_BY_PENALTIES[int(priced.penalty)]
        cost = priced.normal * multiplier
    else:
        cost = priced.expected
        whole = priced.normal and cost % priced.normal == 0
        multiplier = cost // priced.normal if whole else 1  # partly covered: no one multiplier (27.35B)
    fields["cost"] = cost
    if multiplier > 1:
        fields["multiplier"] = multiplier
    events.append(parse_event(fields, where="the build"))
    return events


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
    return parse_event(fields, where="the redeployment")


def decide_spend(pos: Position, command: Spend) -> list[AnyEvent] | Refusal:
    """An offensive, a declaration of war or a grant, at the price 27.12 gives, or why not."""
    when = now(pos.state)
    power = command.power
    if power not in POWERS:
        return Refusal("27.1", f"{power!r} is not a major power: only major powers spend BRPs")
    base = {**when, "actor": power}
    if command.what == "offensive":
        if command.front is None:
            return Refusal("27.12", "an offensive is declared on a front: name it")
        cost = command.cost
        if cost is None:
            if command.kind != "full":
                return Refusal(
                    "27.12", f"the rules price the full offensive only: give the cost of a {command.kind} one"
                )
            cost = costs.FULL_OFFENSIVE_COST
        return [
            parse_event(
                {
                    "type": "offensive_declared",
                    **base,
                    "power": power,
                    "front": command.front,
                    "kind": command.kind,
                    "brp_cost": cost,
                },
                where="the offensive",
            )
        ]
    if command.what == "war":
        target = command.target
        if target is None or target == power:
            return Refusal("27.12", "a declaration of war names another country")
        if "|".join(sorted((power, target))) in pos.board.wars:
            return Refusal("27.12", f"{power} is already at war with {target}")
        kind: Literal["major", "minor"] = "major" if target in POWERS else "minor"
        return [
            parse_event(
                {
                    "type": "war_declared",
                    **base,
                    "aggressor": power,
                    "target": target,
                    "brp_cost": command.cost if command.cost is not None else costs.DECLARATION_OF_WAR_COST[kind],
                },
                where="the declaration of war",
            )
        ]
    if command.what == "grant":
        if command.target is None or command.amount is None or command.amount <= 0:
            return Refusal("27.334", "a grant names its recipient and an amount of BRPs")
        fields: dict[str, Any] = {
            "type": "brp_grant_made",
            **base,
            "donor": power,
            "recipient": command.target,
            "amount": command.amount,
        }
        if command.route is not None:
            fields["route"] = command.route
        return [parse_event(fields, where="the grant")]
    return Refusal("27.1", f"spend on {', '.join(SPENDING)}, not {command.what!r}")
