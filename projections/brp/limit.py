"""The construction limit (27.3) of every major power, recomputed whenever one of its inputs changes.

:func:`projections.rules.construction.construction_limit` computes it from the base (+ Russian IC values, - enemy-held
original KEAs, 27.32A/27.335), this turn's pooled losses (transport shortage, bombing incl. flying bombs, partisans,
adjacency to boxes; 27.331), rockets (27.333), box caps (27.331B/D, 27.333), Swedish iron ore (27.332), grants given
and received (27.334, 27.34A) and German V-weapon damage (27.34B). The claimed ``construction_limit_declared`` value
is kept beside it.
"""

from __future__ import annotations

from typing import Final, cast

import msgspec

from awaw_events.events import (
    BrpLost,
    ConstructionLimitDeclared,
    IcValueChanged,
    IronOreStatusChanged,
    KeaControlChanged,
    StatusChanged,
)
from awaw_events.vocab import POWERS, Power
from projections.brp.state import HANDLERS, BoxFacts, Declared, Kea, LimitFacts, State
from projections.core import Context, Meta
from projections.rules.construction import (
    BOX_LIMIT_OWNER,
    BOX_LOSS_INPUT,
    COMMONWEALTH_COUNTRIES,
    KEA_BOMBING_CAUSES,
    POOLED_LOSS_INPUT,
    ROCKET_LOSS_CAUSES,
    BoxLosses,
    EnemyHeldKea,
    LimitInput,
    MapboardBox,
    box_of,
    commonwealth_portion,
    construction_limit,
    enemy_controlled,
    grant_raises_limit_of,
    vweapon_bonus_of,
)

_POWER_SET: Final[frozenset[str]] = frozenset(POWERS)
_NO_FACTS: Final = LimitFacts()


def facts_of(state: State, power: str) -> LimitFacts:
    """This turn's limit inputs of ``power`` besides its base (none yet: all zero)."""
    return state.facts.get(power) or _NO_FACTS


def limit_input(state: State, power: Power, base: int, meta: Meta) -> LimitInput:
    """Everything the power's construction limit depends on this turn, as the ledger knows it (27.32-27.34)."""
    facts = facts_of(state, power)
    keas = tuple(
        EnemyHeldKea(
            value=k.value,
            bombing_loss_when_captured=facts.kea_bombing.get(name, 0) if k.turn == state.turn else 0,
        )
        for name, k in state.keas.items()
        if k.original_owner == power and enemy_controlled(k.controller, power)
    )
    return LimitInput(
        power=power,
        brp_base=max(0, base),
        russian_ic_value=sum(state.ics.values()) if power == "russia" else 0,
        enemy_held_keas=keas,
        commonwealth_portion=commonwealth_portion(state.commonwealth),
        transport_shortage_losses=facts.transport_shortage,
        bombing_losses=facts.bombing,
        partisan_losses=facts.partisans,
        box_adjacency_losses=facts.adjacency,
        rocket_losses=facts.rockets,
        box_losses=tuple(
            BoxLosses(box=cast(MapboardBox, box), bombing=b.bombing, rockets=b.rockets, adjacency=b.adjacency)
            for box, b in sorted(facts.boxes.items())
        ),
        iron_ore_cut=power == "germany" and state.iron_ore_cut,
        grants_given=facts.grants_given,
        grants_received=facts.grants_received,
        vweapon_bonus=facts.vweapon if power == "germany" else 0,
        variant="full" if meta.variant == "full" else "classic",
    )


def recompute_limit(state: State, power: str, meta: Meta) -> None:
    """The power's construction limit for this turn from its base and this turn's facts (27.32-27.34)."""
    base = state.base.get(power)
    if base is None or power not in _POWER_SET:
        return
    state.limits[power] = construction_limit(limit_input(state, cast(Power, power), base, meta))


def recompute_all(state: State, meta: Meta) -> None:
    for power in state.base:
        recompute_limit(state, power, meta)


def limit_gap(state: State, power: str, meta: Meta) -> str | None:
    """What the computed limit of ``power`` may miss because the log does not record it, or ``None``: the BRP value
    of Russian ICs while no IC value is recorded (27.32A), economic preparation levels in the full game (27.336,
    27.34C)."""
    if power == "russia" and not state.ics:
        return "the BRP value of Russian ICs (27.32A)"
    if meta.variant == "full":
        return "economic preparation levels (27.336, 27.34C)"
    return None


def loss_facts(state: State, event: BrpLost, meta: Meta) -> None:
    """Feed a BRP loss into the construction-limit inputs of this turn (27.331-27.333, 27.335, 27.34B).

    A loss whose ``target`` is a mapboard box goes to the box owner's capped box losses (Britain for Australia and
    India, Russia for the Urals); other pooled causes are pooled for the losing power; rockets count 1:1.
    """
    cause, power, amount, target = event.cause, event.power, event.amount, event.target
    changed: list[str] = []
    box_field = BOX_LOSS_INPUT.get(cause)
    box = box_of(target)
    if box_field is not None and box is not None:
        owner = BOX_LIMIT_OWNER[box]
        facts = facts_of(state, owner)
        old = facts.boxes.get(box) or BoxFacts()
        new = msgspec.structs.replace(old, **{box_field: getattr(old, box_field) + amount})
        state.facts[owner] = msgspec.structs.replace(facts, boxes={**facts.boxes, box: new})
        changed.append(owner)
    elif cause in POOLED_LOSS_INPUT:
        field = POOLED_LOSS_INPUT[cause]
        facts = facts_of(state, power)
        updated = msgspec.structs.replace(facts, **{field: getattr(facts, field) + amount})
        if cause in KEA_BOMBING_CAUSES and target is not None:
            bombed = {**facts.kea_bombing, target: facts.kea_bombing.get(target, 0) + amount}
            updated = msgspec.structs.replace(updated, kea_bombing=bombed)
        state.facts[power] = updated
        changed.append(power)
    elif cause in ROCKET_LOSS_CAUSES:
        facts = facts_of(state, power)
        state.facts[power] = msgspec.structs.replace(facts, rockets=facts.rockets + amount)
        changed.append(power)
    if vweapon_bonus_of(cause, power, event.attacker):
        facts = facts_of(state, "germany")
        state.facts["germany"] = msgspec.structs.replace(facts, vweapon=facts.vweapon + amount)
        changed.append("germany")
    for p in changed:
        recompute_limit(state, p, meta)


def grant_facts(state: State, donor: str, recipient: str, amount: int, meta: Meta) -> None:
    """A grant lowers the donor's limit and raises a major recipient's (27.334, 27.34A; not U.S. grants to the
    Commonwealth, 40.244)."""
    facts = facts_of(state, donor)
    state.facts[donor] = msgspec.structs.replace(facts, grants_given=facts.grants_given + amount)
    recompute_limit(state, donor, meta)
    raised = grant_raises_limit_of(cast(Power, donor), recipient)
    if raised is not None:
        facts = facts_of(state, raised)
        state.facts[raised] = msgspec.structs.replace(facts, grants_received=facts.grants_received + amount)
        recompute_limit(state, raised, meta)


@HANDLERS.on(ConstructionLimitDeclared)
def _declared(state: State, event: ConstructionLimitDeclared, ctx: Context) -> None:
    state.declared[event.power] = Declared(seq=ctx.now.seq, limit=event.limit, components=dict(event.components))


@HANDLERS.on(IronOreStatusChanged)
def _iron_ore(state: State, event: IronOreStatusChanged, ctx: Context) -> None:
    state.iron_ore_cut = event.cut
    recompute_limit(state, "germany", ctx.meta)


@HANDLERS.on(KeaControlChanged)
def _kea(state: State, event: KeaControlChanged, ctx: Context) -> None:
    state.keas[event.kea] = Kea(
        original_owner=event.original_owner, controller=event.controller, value=event.value, turn=ctx.now.turn
    )
    recompute_limit(state, event.original_owner, ctx.meta)


@HANDLERS.on(IcValueChanged)
def _ic(state: State, event: IcValueChanged, ctx: Context) -> None:
    # [interpretation] a captured IC is no longer under Russian control (27.32A): its value leaves the sum
    if event.cause == "supply_use":
        state.totals["russia/ic_uses"] = state.totals.get("russia/ic_uses", 0) + 1
    if event.cause == "capture":
        state.ics.pop(event.hex, None)
    else:
        state.ics[event.hex] = event.value
    recompute_limit(state, "russia", ctx.meta)


@HANDLERS.on(StatusChanged)
def _status(state: State, event: StatusChanged, ctx: Context) -> None:
    if event.country in COMMONWEALTH_COUNTRIES:
        state.commonwealth[event.country] = event.status
        recompute_limit(state, "britain", ctx.meta)
