"""``awaw supply``: a faction's supply determination (30.4): initial in the movement (or initial supply) phase,
post-combat in the post-combat supply phase (30.42, 30.43; 27-30 checklist 2.11, S-01).

:func:`decide_supply` records the status of each unit or hex determined as the position traces it on the map
(:func:`projections.position.supply.trace.trace_supply`: the source it reaches and by which line, 30.2-30.3); where
the position cannot trace it (map data that lacks a fact, a sea line not recorded), the status and source the
player gives, or a refusal that says what the position lacks. Without subjects, the faction's ground units on the
map (30.41: the moving player's ground units), and after combat only those the initial determination did not find
fully supplied (30.43). The determination is refused at the first breach of the position's queries on a recorded
one (:data:`JUDGES`, the supply family's of the audit and the others it answers to: once each per player turn and
in its phase, supply kept after combat, sources, land lines, automatic supply): a status better than the map gives,
a source that does not supply the faction.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple, get_args

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, SupplyDetermined
from awaw_events.vocab import FACTIONS, GROUND_TYPES, SupplyStatus
from projections.position import Position, bridgeheads, movement
from projections.position.combat import advance
from projections.position.control import transfers
from projections.position.supply import land_supply_lines, sea, sources, status
from projections.position.supply.facts import _is_hex
from projections.position.supply.trace import trace_supply
from projections.rules.control import controller_faction
from projections.rules.supply import RANK
from replays import records
from replays.commands.base import COMMAND, Query, Refusal, judged_in_turn, now

STATUSES: Final[tuple[str, ...]] = get_args(SupplyStatus)
"""The statuses a determination records (30.4-30.6)."""

POST_COMBAT_PHASE: Final = "post_combat_supply"
"""The phase of the post-combat determination (30.43); any other phase's is the initial one (30.42), which the
judges refuse outside the movement and initial supply phases."""

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    SupplyDetermined: (
        status.supply_determinations,
        status.post_combat_retrace,
        status.automatic_supply,
        status.source_designation,
        sources.supply_sources,
        sources.russian_ic_supply,
        land_supply_lines,
        sea.sea_supplied_type,
        bridgeheads.bridgehead_supply_source,
        advance.exploitation_supply,
        movement.order_of_movement,
        transfers.isolation_gains_unused,
    )
}
"""The position's queries on a determination, in the order a refusal names the first breach: those the audit asks
of a recorded ``supply_determined``."""


class Supply(NamedTuple):
    """``faction`` determines the supply of ``subjects`` (unit ids or hexes; none: :func:`default_subjects`).
    ``status`` and ``source``: what the player gives for a subject the position cannot trace (``berlin``, a hex,
    ``bridgehead``, ``automatic``); where the position traces it, its trace is recorded (a different status is
    refused)."""

    faction: str
    subjects: tuple[str, ...] = ()
    status: str | None = None
    source: str | None = None


def decide_supply(pos: Position, command: Supply) -> list[AnyEvent] | Refusal:
    """The ``supply_determined`` of the determination, or the first rule it breaks."""
    event = draft_supply(pos, command)
    return event if isinstance(event, Refusal) else judged_in_turn(pos, [event], JUDGES)


def draft_supply(pos: Position, command: Supply) -> AnyEvent | Refusal:
    """The determination as the record has it, each subject's status traced on the map or given, before the rules
    are asked; or why it cannot be drafted."""
    faction = command.faction
    if faction not in FACTIONS:
        return Refusal(COMMAND, f"{faction!r} is not an alliance faction: one of {', '.join(FACTIONS)}")
    if command.status is not None and command.status not in STATUSES:
        return Refusal(COMMAND, f"{command.status!r} is no supply status: one of {', '.join(STATUSES)}")
    when = now(pos.state)
    if "phase" not in when or "side" not in when:
        return Refusal(COMMAND, "the game is in no phase of a player turn: supply is determined in one (30.41-30.43)")
    determination = "post_combat" if when["phase"] == POST_COMBAT_PHASE else "initial"
    subjects = command.subjects or default_subjects(pos, faction, determination)
    if not subjects:
        return Refusal(COMMAND, f"the {faction} have no ground unit on the map to determine: name the subjects")
    results: list[dict[str, Any]] = []
    for subject in subjects:
        result = _result(pos, faction, subject, command)
        if isinstance(result, Refusal):
            return result
        results.append(result)
    fields = {"type": "supply_determined", **when, "faction": faction, "determination": determination}
    return parse_event({**fields, "results": results}, where="the supply determination")


def _result(pos: Position, faction: str, subject: str, command: Supply) -> dict[str, Any] | Refusal:
    """One subject's result: the trace where the position decides it, else the player's status and source."""
    unit = pos.board.units.get(subject)
    if unit is None and not _is_hex(subject):
        return Refusal(records.RULE, f"unknown unit {subject!r}: name a unit in play or a hex")
    if _is_hex(subject):
        spelled = records.hex_problem(subject, "subject")
        if spelled is not None:
            return Refusal(records.RULE, spelled.message)
    where = unit.location if unit is not None else subject
    traced = trace_supply(pos, where, faction, nationality=unit.nationality if unit is not None else None)  # type: ignore[arg-type]
    found = traced.answer
    if found is not None and command.status is not None and RANK[command.status] > RANK[found.status]:
        return Refusal(
            COMMAND,
            f"the map traces {found.describe()} to {subject} (30.2-30.3): leave out --status {command.status}",
        )
    if found is not None and command.status not in (None, found.status):
        # Lower than the trace: kept as given, as the audit keeps it (a line the map data shows may still fail for a
        # reason it does not hold); the command refuses only what the audit would find.
        found = None
    if found is not None:
        result: dict[str, Any] = {"subject": subject, "status": found.status}
        if found.source is not None:
            result["source"] = found.source
        if found.sea_line is not None:
            result["sea_line"] = found.sea_line
        return result
    if command.status is None:
        why = "; ".join(sorted({u.reason for u in traced.unknown})) or "no trace"
        return Refusal(COMMAND, f"the position cannot trace the supply of {subject} ({why}): give its --status")
    result = {"subject": subject, "status": command.status}
    if command.source is not None:
        result["source"] = command.source
    return result


def default_subjects(pos: Position, faction: str, determination: str) -> tuple[str, ...]:
    """The faction's ground units on the map (30.41), by id; after combat, those not fully supplied at the initial
    determination (30.43: supply once obtained lasts until the next initial determination)."""
    initial = pos.state.land.initial_status
    return tuple(
        unit.id
        for unit in sorted(pos.board.units.values(), key=lambda u: u.id)
        if unit.unit_type in GROUND_TYPES
        and _is_hex(unit.location)
        and controller_faction(unit.owner) == faction
        and (determination == "initial" or initial.get(unit.id) != "full")
    )
