"""Supply (rule 30; A3R App. H and I) asked of a position: determinations and what a unit's status allows
(:mod:`.status`), supply sources, isolated ICs and construction in supplied hexes (:mod:`.sources`), land supply
lines (here: 30.31-30.329, S-20..S-23) and sea supply lines (:mod:`.sea`); 27-30 checklist 2.11, S-01..S-25; A3R
C-SUP-1, C-SUP-2.

A determination records each result's status, source and (where the players give them) the land line and the sea
line it came through; the claim queries compare them with the board (before the event), this player turn's results
and the geometry and map data. The rules are :mod:`projections.rules.supply`; the running facts
:mod:`projections.land`.

**What supply a unit or hex has** (:func:`supply_of`) is answered where the log or the map shows it: a unit's status
at its last determination, a hex's in its faction's determination, else the best status of the faction's units
standing in it; where the log is silent, the supply traced on the map (sources, lines and control, 30.2-30.3,
:mod:`.trace`). Where neither decides, the answer is None with the :class:`~projections.position.core.Unknown`
that says why.
"""

from __future__ import annotations

import functools
from typing import Any, Final

from awaw_events.events import (
    SupplyDetermined,
)
from awaw_events.events.board import SupplyResult
from awaw_events.vocab import SIDE_OF_FACTION, Faction
from projections.board import Unit
from projections.position.core import Judged, Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.supply.facts import (
    _enemy_armor,
    _enemy_zoc,
    _holder_side,
    _is_hex,
    _where,
)
from projections.position.supply.trace import trace_supply
from projections.rules.control import controller_faction, controller_side
from projections.rules.supply import AUTOMATIC_SOURCES, NEW_GUINEA, NEW_GUINEA_PORTS, RANK, supplied

LAND_LINES_MISSING: Final = Unknown(
    reason="the land supply lines are not recorded (supply_result.path)", kind="land lines"
)


def supply_of(
    pos: Position, subject: str, faction: Faction | None = None, *, this_player_turn: bool = False
) -> Judged[str | None]:
    """The supply status (``full``, ``partial``, ``unsupplied``, ``isolated``) of a unit or a hex (30.4): a unit's
    at its last determination; a hex's in the determination of ``faction`` (this player turn's only, with
    ``this_player_turn``), else the best status of the faction's units standing in it (a hex is at least as
    supplied as the units its supply reaches, 30.61's reading); with no faction, a hex's at the last determination
    that listed it. Where the log is silent, the status traced on the map for the unit's faction or ``faction``
    (:func:`~projections.position.supply.trace.trace_supply`); None, with why, where that cannot decide either."""
    if faction is None and _is_hex(subject):  # whichever side's determination listed the hex last (28.23, 28.512)
        latest = pos.state.redeployment.hex_supply.get(subject)
        return Judged(latest[0]) if latest is not None and latest[0] is not None else _not_shown(subject, "hex supply")
    board = pos.state.board
    if not _is_hex(subject):
        unit = board.units.get(subject)
        if unit is not None and unit.supply is not None:
            return Judged(unit.supply)
        owner = controller_faction(unit.owner) if unit is not None else None
        if unit is None or owner is None or not _is_hex(unit.location) or unit.id in pos.state.land.automatic:
            return _not_shown(subject, "unit supply")
        traced = trace_supply(pos, unit.location, owner, nationality=unit.nationality)
        return Judged(traced.answer.status if traced.answer is not None else None, unknown=traced.unknown)
    facts = pos.state.land
    record = facts.faction_supply.get(faction) if faction is not None else None
    if record is not None and (not this_player_turn or record.player_turn == facts.player_turn):
        found = record.statuses.get(subject)
        if found:
            return Judged(found)
    if not this_player_turn:
        best = _best_unit_supply(pos, subject, faction)
        if best is not None:
            return Judged(best)
    if faction is None:
        return _not_shown(subject, "hex supply")
    traced = trace_supply(pos, subject, faction)
    return Judged(traced.answer.status if traced.answer is not None else None, unknown=traced.unknown)


@functools.lru_cache(maxsize=4096)
def _not_shown(subject: str, kind: str) -> Judged[str | None]:
    """No status, and why: the log shows none (the same value for the same subject: asked at every redeployment)."""
    return Judged(None, unknown=(Unknown(reason=f"the supply of {subject} is not recorded", kind=kind),))


def _best_unit_supply(pos: Position, hex_: str, faction: Faction | None) -> str | None:
    found = {
        unit.supply
        for unit in pos.state.board.units.values()
        if unit.location == hex_ and unit.supply is not None and controller_faction(unit.owner) == faction
    }
    return max(found, key=lambda s: RANK.get(s, 0)) if found else None


def land_supply_lines(pos: Position, event: SupplyDetermined) -> Verdict:
    """30.321: a land supply line is a chain of adjacent controlled land hexes, free of enemy ZoCs and enemy
    partisans, from the source to the subject (New Guinea, the Burma Road and Persia as 30.325-30.327 say)"""
    traced = [r for r in event.results if r.path and supplied(r.status)]
    untraced = [r for r in event.results if not r.path and r.sea_line is None and supplied(r.status)]
    if not traced and not untraced:
        return ()
    side = SIDE_OF_FACTION[event.faction]
    armor = _enemy_armor(pos, side) if traced else {}
    found: list[Any] = []
    for result in traced:
        found.extend(_line(pos, event.faction, side, result, armor))
    for result in untraced:
        found.extend(_computed_line(pos, event, result))
    return found


def _computed_line(pos: Position, event: SupplyDetermined, result: SupplyResult) -> Verdict:
    """A result that names no line: the line traced on the map (:mod:`.trace`) must give at least the status
    recorded. Automatic supply (30.551), a neutral's own (30.48), a bridgehead's (30.25A) and what a post-combat
    determination keeps from the initial one (30.47) need no line."""
    if result.source in AUTOMATIC_SOURCES:
        return
    if event.determination == "post_combat" and supplied(pos.state.land.initial_status.get(result.subject)):
        return
    unit = pos.state.board.units.get(result.subject)
    here = _where(pos, result.subject)
    if here is None:
        yield LAND_LINES_MISSING
        return
    found = trace_supply(pos, here, event.faction, nationality=unit.nationality if unit is not None else None)
    if found.answer is None:
        yield from found.unknown
    elif RANK.get(found.answer.status, 0) < RANK.get(result.status, 0):
        yield breach(
            "30.321",
            f"{result.subject} is recorded {result.status} supply from {result.source or 'a source not named'}, "
            f"but no land supply line gives it that: traced on the map, {here} is {found.answer.describe()} "
            "(30.321, 30.22-30.27)",
            f"{found.answer.status} (traced)",
            f"{result.status} (recorded)",
        )


def _line(pos: Position, faction: Faction, side: str, result: SupplyResult, armor: dict[str, list[Unit]]) -> Verdict:
    path = result.path
    breaks = pos.grid.path_breaks(path)
    if breaks:
        yield breach(
            "30.321",
            f"{result.subject}'s supply line jumps from {path[breaks[0] - 1]} to {path[breaks[0]]} (30.321)",
            "each hex next to the one before",
            f"{path[breaks[0] - 1]} to {path[breaks[0]]}",
        )
        return
    here = _where(pos, result.subject)
    if here is not None and path[-1] != here:
        yield breach(
            "30.321",
            f"{result.subject}'s supply line ends in {path[-1]}, not where it is ({here}) (30.321)",
            f"ending in {here}",
            f"ending in {path[-1]}",
        )
    if _is_hex(result.source) and path[0] != result.source:
        yield breach(
            "30.321",
            f"{result.subject}'s supply line does not start at its source {result.source} (30.321)",
            f"starting at {result.source}",
            f"starting at {path[0]}",
        )
    yield from _line_hexes(pos, side, result)
    yield from _line_zoc(pos, side, result, armor)
    yield from _special_lines(pos, faction, result)


def _line_hexes(pos: Position, side: str, result: SupplyResult) -> Verdict:
    board = pos.state.board
    held = pos.state.land.partisan_held
    partisans = {u.location: u.owner for u in board.units.values() if u.unit_type == "partisan"}
    unknown = []
    for hex_ in result.path:
        facts = pos.hex(hex_)
        if facts is not None and facts.terrain == "sea":
            yield breach(
                "30.321",
                f"{result.subject}'s land supply line crosses the sea hex {hex_} (30.321; sea supply is 30.33)",
                "land hexes",
                f"{hex_} (sea)",
            )
            return
        holder = board.control.get(hex_)
        holder_side = _holder_side(pos, holder) if holder is not None else None
        if holder is None or (holder_side is None and holder not in board.statuses):
            unknown.append(hex_)
            continue
        if holder_side != side:
            yield breach(
                "30.321",
                f"{result.subject}'s supply line runs through {hex_}, held by {holder}: a land supply line is "
                "a line of hexes its side controls (30.321, 30.323)",
                "hexes of the supplying side",
                f"{hex_} held by {holder}",
            )
            return
        owner = partisans.get(hex_)
        if owner is not None and hex_ != result.path[-1]:
            if controller_side(owner) != side:
                yield breach(
                    "30.321",
                    f"{result.subject}'s supply line runs through enemy partisans in {hex_} (30.324)",
                    "no enemy partisans on the line",
                    f"{owner} partisans in {hex_}",
                )
            elif hex_ in held:
                yield breach(
                    "30.321",
                    f"{result.subject}'s supply line runs through {hex_}, which the supplying side holds only "
                    "through its partisans (30.324)",
                    "only partisan hexes held before the partisans came",
                    f"{hex_} taken by the partisans",
                )
    if unknown:
        yield Unknown(reason=f"who controls {unknown[0]} (on a supply line) is not recorded", kind="hex control")


def _line_zoc(pos: Position, side: str, result: SupplyResult, armor: dict[str, list[Unit]]) -> Verdict:
    if not armor:
        return
    path = result.path
    for hex_ in path[1:-1]:
        zoc = _enemy_zoc(pos, hex_, side, armor)
        if zoc:
            yield breach(
                "30.321",
                f"{result.subject}'s supply line runs through {hex_}, in an enemy armor ZoC (30.321)",
                "no enemy ZoC on the line",
                f"{hex_} in an enemy armor ZoC",
            )
            return
        if zoc is None:
            yield pos.missing_hex(hex_, "terrain (ZoC)")
            return
    if len(path) == 2:
        first = {u.id for n in pos.grid.neighbours(path[0]) for u in armor.get(n, ())}
        second = {u.id for n in pos.grid.neighbours(path[1]) for u in armor.get(n, ())}
        shared = sorted(first & second)
        if shared and _enemy_zoc(pos, path[0], side, armor) and _enemy_zoc(pos, path[1], side, armor):
            yield breach(
                "30.321",
                f"{result.subject} and its source are both in the ZoC of {shared[0]}: supply may not be traced "
                "directly between them (30.322)",
                "a line that leaves the shared ZoC",
                f"straight from {path[0]} to {path[1]}",
            )


def _special_lines(pos: Position, faction: Faction, result: SupplyResult) -> Verdict:
    path = result.path
    for index, hex_ in enumerate(path):
        facts = pos.hex(hex_)
        if facts is None or facts.area != NEW_GUINEA or facts.terrain != "jungle_mountain":
            continue
        port = facts.name in NEW_GUINEA_PORTS
        if index == len(path) - 1 and result.status == "full" and not (port and result.sea_line is not None):
            yield breach(
                "30.321",
                f"full supply may not be traced into the New Guinea jungle/mountain hex {hex_} (30.327)",
                "no full supply into New Guinea jungle/mountain",
                f"full supply to {hex_}",
            )
        elif index < len(path) - 1 and not (port and result.status == "partial"):
            yield breach(
                "30.321",
                f"supply may not be traced out of the New Guinea jungle/mountain hex {hex_} (30.327)",
                "no supply out of New Guinea jungle/mountain",
                f"through {hex_}",
            )
    routes = pos.state.politics.routes
    first = pos.hex(path[0])
    if result.source == "urals" and first is not None and first.country == "persia" and not routes.get("persia"):
        yield breach(
            "30.321",
            "Russia traces supply through the Persian edge hexes only with the Persian BRP route open "
            "(30.225B, 30.325)",
            "the Persian route open",
            f"from the Urals box through {path[0]}",
        )
    if faction == "western_allies" and result.source == "india" and result.sea_line is None:
        last = pos.hex(path[-1])
        if last is not None and last.country in ("china", "communist_china"):
            yield from _burma_road(pos, result)


def _burma_road(pos: Position, result: SupplyResult) -> Verdict:
    names = [(f.name if (f := pos.hex(h)) is not None else None) for h in result.path]
    if not pos.state.politics.routes.get("burma_road"):
        yield breach(
            "30.321",
            "the Western Allies trace land supply to China only with the Burma Road result (30.326)",
            "the Burma Road result",
            "no Burma Road",
        )
    elif "Mandalay" not in names or "Kunming" not in names or names.index("Mandalay") > names.index("Kunming"):
        yield breach(
            "30.321",
            "Western Allied land supply to China runs from the India box to Mandalay, then to Kunming (30.326)",
            "India box, Mandalay, then Kunming",
            " - ".join(result.path),
        )
