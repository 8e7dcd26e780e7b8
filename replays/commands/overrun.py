"""``awaw overrun``: one or two armor or mechanized units overrun a hex in the movement or exploitation phase (AWAW
13.5, 15.34).

The decision lists the overrunning units (their factors, the hex they enter from), the ground support flown for it
and every enemy ground unit in the target with its DM items (the basic DM, the fortification the board shows and
those the player claims: DMs apply to overruns, 13.51, 15.34), computes both strengths as a ground attack's (15.51)
and whether they make the 6:1 an overrun needs (13.52); a successful overrun eliminates the defenders (13.54). The
units then move on with ``awaw move``, which charges each the overrun MF (13.41E). Each decided overrun is asked
the position's overrun queries (:mod:`projections.position.overruns`, the ones the audit asks) and refused at the
first breach with its rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, OverrunResolved
from awaw_events.vocab import GROUND_TYPES
from projections.position import Position, overruns, units
from projections.rules import combat as rules
from projections.rules.sequence import MOVE_PHASES
from replays.commands.attack import dm_items, missions
from replays.commands.base import COMMAND, Query, Refusal, judged_in_turn, now, own_unit, side_of

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    OverrunResolved: (
        overruns.overrun,
        overruns.overrun_strengths,
        overruns.breakthrough_overruns,
        overruns.overrun_winter,
        overruns.overrun_operation,
        units.negated_mechanized,
    ),
}
"""The position's queries on an overrun (the overruns family of the audit asks them of a recorded one)."""


class Overrun(NamedTuple):
    """Overrun ``target`` with ``units`` (one or two, standing in one hex next to it); ``support``: air units flying
    ground support; ``dms``: DM items claimed, by defending unit or for all under ``*`` (the basic DM is always
    counted)."""

    overrun: str
    target: str
    units: tuple[str, ...]
    support: tuple[str, ...] = ()
    dms: Mapping[str, tuple[str, ...]] = {}
    actor: str | None = None


def decide_overrun(pos: Position, command: Overrun) -> list[AnyEvent] | Refusal:
    """The ground support, the overrun and, if it succeeds, the defenders' elimination; or why the rules refuse."""
    when = now(pos.state)
    if when.get("phase") not in MOVE_PHASES:
        return Refusal(COMMAND, f"units overrun as they move, in the movement or exploitation phase; this is the "
                       f"{when.get('phase')}")  # fmt: skip
    if command.overrun in pos.state.combat.overruns:
        return Refusal(COMMAND, f"overrun {command.overrun!r} was already resolved this player turn: name a new one")
    if not 1 <= len(command.units) <= rules.OVERRUN_MAX_UNITS:
        return Refusal(COMMAND, f"an overrun is made by one or two units, not {len(command.units)}")
    listed: list[dict[str, Any]] = []
    power = None
    for unit_id in command.units:
        found = own_unit(pos, unit_id, command.actor or power, "overruns with")
        if isinstance(found, Refusal):
            return found
        unit, power = found
        listed.append({"unit": unit_id, "factors": unit.factors, "origin": unit.location})
    assert power is not None
    origins = sorted({u["origin"] for u in listed})
    if len(origins) > 1:
        return Refusal(COMMAND, f"the overrunning units stand in {', '.join(origins)}: they overrun from one hex, "
                       "across one hexside; name those of one hex")  # fmt: skip
    defending: list[dict[str, Any]] = []
    for u in pos.board.units.values():
        if u.location != command.target or u.unit_type not in GROUND_TYPES or side_of(u.owner) == side_of(power):
            continue
        items = dm_items(pos, [*command.dms.get("*", ()), *command.dms.get(u.id, ())], u.id, command.target, power)
        if isinstance(items, Refusal):
            return items
        defending.append({"unit": u.id, "factors": u.factors, "hex": command.target, "dms": items})
    if not defending:
        return Refusal(COMMAND, f"{command.target} holds no enemy ground unit to overrun: move into it")
    support = missions(pos, command.support, "ground_support", command.target, command.overrun, when, power)
    if isinstance(support, Refusal):
        return support
    table = rules.crt_table(pos.meta.rules, pos.meta.options) or "awaw"
    attack = rules.attack_strength(sum(u["factors"] for u in listed), sum(int(s["factors"]) for s in support[1]))
    defence = rules.defence_strength(
        [rules.DefendingUnit(d["factors"], rules.claimed_dm(_modifiers(d["dms"]), variant=table)) for d in defending]
    )
    success = rules.overrun_odds_ok(attack, defence)
    base = {**when, "actor": power}
    resolved = {"type": "overrun_resolved", **base, "overrun": command.overrun,
                "units": [{"unit": u["unit"], "factors": u["factors"]} for u in listed], "target": command.target,
                "defence_strength": defence, "attack_strength": attack, "success": success,
                "defenders": [d["unit"] for d in defending], "defending": defending, "ground_support": support[1],
                "origin": origins[0]}  # fmt: skip
    events: list[AnyEvent] = [*support[0], parse_event(resolved, where="the overrun")]
    if success:  # 13.54: the defenders are eliminated
        for d in defending:
            gone = {"type": "unit_eliminated", **when, "unit": d["unit"], "cause": "overrun", "ref": command.overrun}
            events.append(parse_event(gone, where="the elimination"))
    return judged_in_turn(pos, events, JUDGES)


def _modifiers(items: list[dict[str, Any]]) -> list[Any]:
    from awaw_events.events.base import Modifier

    return [Modifier(code=i["code"], value=i["value"], rule=i["rule"]) for i in items]


__all__ = ["JUDGES", "Overrun", "decide_overrun"]
