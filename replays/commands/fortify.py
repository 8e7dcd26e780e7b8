"""``awaw fortify``: a fortification, a pair of beach defenses, an island-group fortification or a port built in the
unit construction phase (32.1, 32.5, 32.6, 27.11D-F; 31-34 extract 1.16).

:func:`decide_fortify` drafts the ``fortification_built`` a player's build records: the price of 32.12 (5 BRPs + 1
RP, Japan no RP; a port the 27.11F price, :data:`projections.rules.construction.BRP_COST_PER_COUNTER`), the 32.15
upgrade where the hex is a West Wall hex (a fortification there makes it a fortress), and the basis of 32.13A the
map data gives (a city, a hex open to seaborne invasion, Japan's jungle), else the player's. The build is refused at
the first breach of the position's queries (:data:`JUDGES`, the ones the fortifications family of the audit asks of
a recorded one: who builds, when, where, how many this turn, control, supply, ZoC, winter, nationality) and of what
it spends (:data:`replays.commands.economy.SPENT`: the BRPs available, the construction limit).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, FortificationBuilt
from awaw_events.vocab import POWERS
from projections.position import Position
from projections.position.fortifications import builds, west_wall_hex
from projections.rules import fortifications as rules
from projections.rules.construction import BRP_COST_PER_COUNTER
from replays import records
from replays.commands.base import COMMAND, Query, Refusal, judged_in_turn, now
from replays.commands.economy import SPENT

KINDS: Final = ("fortification", "beach_defense", "island_group", "port")
"""What ``awaw fortify`` builds (``fortification_built.kind``): the three builds that share the one-per-turn slot of
32.14D, and a port (27.11F)."""

JUDGES: Final[dict[type, tuple[Query, ...]]] = {
    FortificationBuilt: (
        builds.fortification_builder,
        builds.fortification_phase,
        builds.fortification_cost,
        builds.island_group_payer,
        builds.fortification_counters,
        builds.fortification_per_turn,
        builds.fortification_hex,
        builds.fortification_control,
        builds.fortification_terrain,
        builds.fortification_zoc,
        builds.fortification_winter,
        builds.fortification_nationality,
        builds.house_fortification,
        builds.island_group_islands,
    )
}
"""The position's queries on a build, in the order a refusal names the first breach: the fortifications family's
of the audit (F-01..F-15, F-24, C-FRT-4)."""


class Fortify(NamedTuple):
    """``power`` builds a ``kind`` (:data:`KINDS`) in ``hexes`` (two for a pair of beach defenses, 32.53);
    ``islands``: the one-hex islands of a group that benefit (32.65); ``basis``: why the hex may be fortified
    (32.13A: ``city``, ``invasion_hex``, ``jungle``), where the map data does not say."""

    power: str
    hexes: tuple[str, ...]
    kind: str = "fortification"
    islands: tuple[str, ...] = ()
    basis: str | None = None


def decide_fortify(pos: Position, command: Fortify) -> list[AnyEvent] | Refusal:
    """The ``fortification_built`` of a build, or the first rule it breaks."""
    event = draft_fortify(pos, command)
    return event if isinstance(event, Refusal) else judged_in_turn(pos, [event], JUDGES, SPENT)


def draft_fortify(pos: Position, command: Fortify) -> AnyEvent | Refusal:
    """The event of a build as the record has it, at the price of 32.12 (27.11F for a port), before the rules are
    asked; or why the record refuses it."""
    power = command.power
    if power not in POWERS:
        return Refusal(records.RULE, f"{power!r} is not a major power: only major powers build fortifications")
    if command.kind not in KINDS:
        return Refusal(COMMAND, f"{command.kind!r}: build one of {', '.join(KINDS)}")
    if not command.hexes:
        return Refusal(COMMAND, "name the hex the build goes in")
    for field, hex_ in (*(("hex", h) for h in command.hexes), *(("island", h) for h in command.islands)):
        spelled = records.hex_problem(hex_, field)
        if spelled is not None:
            return Refusal(records.RULE, spelled.message)
    when = now(pos.state)
    if "phase" not in when:
        return Refusal(COMMAND, "the game is between phases: fortifications are built in a phase (32.11)")
    if command.kind == "port":
        brps, rps = BRP_COST_PER_COUNTER["port"].brps, 0
    else:
        cost = rules.fort_cost(power, rules.BUILD_KIND[command.kind])
        brps, rps = cost.brps, cost.rps
    fields: dict[str, Any] = {
        "type": "fortification_built",
        **when,
        "actor": power,
        "power": power,
        "kind": command.kind,
        "hexes": list(command.hexes),
        "brp_cost": brps,
        "rp_cost": rps,
        "basis": command.basis or basis_of(pos, command),
    }
    if command.kind == "fortification" and all(west_wall_hex(pos, h) for h in command.hexes):
        fields["upgrade"] = True  # 32.15: a West Wall hex fortified becomes a fortress
    if command.islands:
        fields["islands"] = list(command.islands)
    return parse_event(fields, where="the fortification")


def basis_of(pos: Position, command: Fortify) -> str:
    """Why the hex may take the build, as the map data gives it (32.13A: a city, a hex open to seaborne invasion,
    Japan's jungle; 32.52: a beach; 32.62: an island group; 27.11F: a port); ``other`` where it does not say."""
    if command.kind == "beach_defense":
        return "beach"
    if command.kind in ("island_group", "port"):
        return command.kind
    facts = pos.hex(command.hexes[0])
    if facts is None:
        return "other"
    if facts.city:
        return "city"
    if facts.beach or facts.island:
        return "invasion_hex"
    if command.power == "japan" and facts.terrain in ("jungle", "jungle_mountain"):
        return "jungle"
    return "other"
