"""Stacks at the end of each phase (AWAW 12; 10.41E, 10.96) and the units that must be gone by then, asked of a
position: airborne left in an enemy hex after combat (10.56), flak in a hex the enemy entered (10.94), shock armies
after regular combat (12.16), partisans whose builder surrendered (11.38), the excess of a failed overrun (12.15).

Every temporary overstack is judged at the first phase end past its deadline (12.14-12.17): a failed sea transport
needs no exemption, its deadline being the end of the phase it happens in. Not decided: co-stacking of allied nations
(rule 53, not in the extracts). Pearl Harbor (12.19) is the hex the map data names so."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from awaw_events.events import UnitEliminated
from projections import movement as facts
from projections.movement import Judgement, Piece
from projections.position.core import Position, Unknown, Verdict, breach
from projections.position.france import named_hex
from projections.rules import stacks as rules
from projections.rules.breach import Breach
from projections.rules.combat.stacking import STACKING_LIMITS, StackHex, stacking_findings
from projections.rules.mapdata import HexFacts
from projections.rules.movement import MAP_PREFIXES


def _when(j: Judgement) -> str:
    what = f"the {j.phase.replace('_', ' ')} phase" if j.phase else "the phase"
    return f"at the end of {what}" + (f" ({j.side} player turn)" if j.side else "")


def _by_side(pieces: tuple[Piece, ...]) -> dict[str, list[Piece]]:
    sides: dict[str, list[Piece]] = {}
    for p in pieces:
        sides.setdefault(facts.side_of(p.owner) or p.owner, []).append(p)
    return sides


def judged_now(pos: Position) -> Judgement | None:
    """The stacks taken when a phase ended at the event just folded (None: no phase ended there)."""
    j = pos.state.movement.judgement
    return j if j is not None and j.seq == pos.state.clock.seq else None


def stacks(pos: Position, event: Any) -> Verdict:
    """12.11: at the end of each phase every hex holds at most its limit of ground units, specialized units and flak
    factors (breakthrough hexes until the end of redeployment, attrition retreats until the next movement)."""
    j = judged_now(pos)
    if j is None:  # the common case: no phase ended at this event
        return ()
    return _stacks(pos, j)


def _stacks(pos: Position, j: Judgement) -> Verdict:
    unknown_terrain: str | None = None
    for hex_ in j.occupied:
        if not hex_.startswith(MAP_PREFIXES):
            continue
        sea = rules.at_sea(pos.hex(hex_))
        if sea:
            units = ", ".join(sorted(pos.state.movement.at.get(hex_, ())))
            message = (
                f"{_when(j)}, ground units are at sea in {hex_} ({units}; 12.23: no ground unit ends a phase at sea)"
            )
            yield breach("12.23", message, "no ground unit at sea", units)
        elif sea is None and unknown_terrain is None:
            unknown_terrain = hex_
    for hex_, pieces in j.hexes.items():
        hex_facts = pos.hex(hex_) if hex_.startswith(MAP_PREFIXES) else None
        for side, mine in _by_side(pieces).items():
            if side not in j.waiting.get(hex_, ()):
                yield from _judge_stack(pos, j, hex_, mine, hex_facts)
    if unknown_terrain is not None:
        yield pos.missing_hex(unknown_terrain, "terrain")


def _judge_stack(pos: Position, j: Judgement, hex_: str, mine: list[Piece], hex_facts: HexFacts | None) -> Verdict:
    counted = rules.count((p.unit, p.unit_type, p.factors) for p in mine)
    standard, island = STACKING_LIMITS["standard"], STACKING_LIMITS["pacific_island"]
    assert standard.ground_units is not None and island.ground_units is not None
    if (
        len(counted.ground) <= island.ground_units
        and len(counted.specialized) <= (standard.specialized or 0)
        and counted.flak_factors <= (standard.flak_factors or 0)
    ):
        return
    kind, fact = rules.hex_kind(hex_, facts=hex_facts, bridgehead=hex_ in pos.board.bridgeheads)
    if kind is not None:
        found = stacking_findings(
            kind,
            ground_units=len(counted.ground),
            specialized_units=len(counted.specialized),
            flak_factors=counted.flak_factors,
        )
        yield from _breaches(pos, j, hex_, mine, counted, found)
        return
    assert fact is not None
    # A Pacific hex the map data leaves open (an island with a port or not, no island, Pearl Harbor): every kind
    # holds 3 specialized units and 3 flak factors (12.12), and none more ground units than the largest it may be.
    found = stacking_findings("standard", specialized_units=len(counted.specialized), flak_factors=counted.flak_factors)
    yield from _breaches(pos, j, hex_, mine, counted, found)
    if len(counted.ground) <= island.ground_units:
        return
    widest: StackHex = "pearl_harbor" if _may_be_pearl_harbor(pos, hex_, hex_facts) else "pacific_island_port"
    most = STACKING_LIMITS[widest].ground_units
    if most is None or len(counted.ground) <= most:
        yield pos.missing_hex(hex_, fact)
        return
    units = ", ".join(counted.ground)
    what = "Pearl Harbor" if widest == "pearl_harbor" else "a one-hex island with a port or a hex of no island"
    yield breach(
        "12.11",
        f"{_when(j)}, {hex_} holds {len(counted.ground)} ground units, more than any Pacific hex the map data leaves "
        f"open may hold ({most} in {what}; {units}; 12.11A-B, 12.19)",
        "within the limit",
        units,
    )


def _may_be_pearl_harbor(pos: Position, hex_: str, hex_facts: HexFacts | None) -> bool:
    """Whether the map data leaves open that ``hex_`` is Pearl Harbor (12.19): it names no hex so, and gives this
    one no name."""
    if hex_facts is not None and hex_facts.name is not None:
        return False
    return named_hex(pos, rules.PEARL_HARBOR) is None


def _breaches(
    pos: Position, j: Judgement, hex_: str, mine: list[Piece], counted: rules.Count, found: Iterable[Breach]
) -> Verdict:
    for b in found:
        if "ground units" in b.message and _maybe_shock_armies(pos, j, hex_, mine):
            yield Unknown(reason=f"whether the Russian 3-3 infantry overstacked in {hex_} are shock armies (12.16)")
            continue
        if "ground units" in b.message:
            listed = counted.ground
        elif "specialized" in b.message:
            listed = counted.specialized
        else:
            listed = tuple(p.unit for p in mine if p.unit_type == rules.FLAK)
        units = ", ".join(listed)
        yield breach(b.rule, f"{_when(j)}, {hex_} holds {b.message} ({units}; {b.rule})", "within the limit", units)


def _maybe_shock_armies(pos: Position, j: Judgement, hex_: str, mine: list[Piece]) -> bool:
    """A Russian 3-3 infantry may end movement overstacked next to an enemy ground unit as a shock army (12.16);
    no event records shock army results (42.241)."""
    if j.phase != "movement" or not any(
        p.owner == "russia" and p.unit_type == "infantry" and p.factors == rules.SHOCK_ARMY_FACTORS for p in mine
    ):
        return False
    at = pos.state.movement.at
    units = pos.board.units
    for n in pos.grid.neighbours(hex_) if hex_.startswith(MAP_PREFIXES) else ():
        for u in at.get(n, ()):
            other = units.get(u)
            if other is not None and facts.side_of(other.owner) not in (None, "allied"):
                return True
    return False


def stacks_at_the_end(pos: Position, event: Any) -> Verdict:
    """12.11: the stacks of a phase are judged when the next one begins; where the events stop inside a phase, the
    hexes over a limit (or ground units at sea, 12.23) are named as not checked: the phase may still put them
    right, and no event says it ended."""
    if judged_now(pos) is not None:
        return ()  # the last event closed a phase: its stacks were judged
    clock = pos.state.clock
    j, _ = facts.judgement_of(pos.state.movement, pos.state, clock, clock.seq, False)
    over = {
        hex_
        for hex_ in j.occupied
        if hex_.startswith(MAP_PREFIXES) and rules.at_sea(pos.hex(hex_)) and pos.state.movement.at.get(hex_)
    }
    for hex_, pieces in j.hexes.items():
        hex_facts = pos.hex(hex_) if hex_.startswith(MAP_PREFIXES) else None
        for side, mine in _by_side(pieces).items():
            if side not in j.waiting.get(hex_, ()) and any(
                isinstance(b, Breach) for b in _judge_stack(pos, j, hex_, mine, hex_facts)
            ):
                over.add(hex_)
    if not over:
        return ()
    hexes = sorted(over)
    named = ", ".join(hexes[:3]) + (f" and {len(hexes) - 3} more" if len(hexes) > 3 else "")
    where = _when(j).removeprefix("at the end of ")
    return (
        Unknown(
            reason=f"the events stop inside {where} with {named} over a stacking limit: stacks are judged when "
            "the phase ends, which no event records yet (12.11)",
            kind="stacks where the events stop",
        ),
    )


def gone_by_phase_end(pos: Position, event: Any) -> Verdict:
    """12.16: units that must be gone by the end of a phase are: airborne in an enemy hex after combat, flak in a hex
    the enemy entered, shock armies after regular combat, partisans whose builder surrendered."""
    j = judged_now(pos)
    if j is None:  # the common case: no phase ended at this event
        return ()
    return _gone(pos, j)


def _gone(pos: Position, j: Judgement) -> Verdict:
    when = _when(j)
    for unit_id in j.shock_armies:
        message = f"{when}, shock army {unit_id} is still in play: shock armies are eliminated after regular ground "
        message += "combat, before advance after combat (12.16, 42.241)"
        yield breach("12.16", message, "eliminated", f"{unit_id} in play")
    for unit_id, builder in j.partisans_of_surrendered:
        message = (
            f"{when}, partisan {unit_id} is still in play although {builder}, which built it, has surrendered (11.38)"
        )
        yield breach("11.38", message, "eliminated", f"{unit_id} in play")
    combat_over = j.phase in ("combat", "exploitation") or j.ends_player_turn
    dropped = set(j.airdropped)
    for hex_, pieces in j.hexes.items():
        sides = _by_side(pieces)
        if len(sides) < 2:
            continue
        pearl = combat_over and (found := pos.hex(hex_)) is not None and found.name == rules.PEARL_HARBOR
        for side, mine in sides.items():
            enemy = [p for s, ps in sides.items() if s != side for p in ps if p.unit_type != "flak"]
            if not enemy:
                continue
            if pearl and any(p.owner == "japan" for p in enemy):
                message = f"{when}, Japanese ground units occupy Pearl Harbor and {', '.join(p.unit for p in mine)} "
                message += "are still there: the excess Western Allied units are eliminated (12.19)"
                yield breach("12.19", message, "eliminated", ", ".join(p.unit for p in mine))
                continue
            for p in mine:
                if p.unit_type == "flak":
                    message = f"{when}, flak {p.unit} shares {hex_} with enemy units ({enemy[0].unit}): flak is "
                    message += "eliminated when enemy units enter its hex (10.94)"
                    yield breach("10.94", message, "eliminated", f"{p.unit} in {hex_}")
                elif combat_over and p.unit in dropped:
                    message = f"{when}, airdropped {p.unit} shares {hex_} with enemy units ({enemy[0].unit}): it is "
                    message += "eliminated after combat (10.56, 15.92C)"
                    yield breach("10.56", message, "eliminated", f"{p.unit} in {hex_}")


def overstack_choice(pos: Position, event: UnitEliminated) -> Verdict:
    """12.15: the excess of a failed overrun's overstack is eliminated from the units that did not attempt the
    overrun."""
    if event.cause != "overstack" or event.unit not in pos.state.movement.failed_overrun_units:
        return ()
    message = f"{event.unit} attempted the failed overrun and is eliminated as overstack: the excess comes from the "
    message += "units that did not attempt it (12.15, 13.531)"
    return (breach("12.15", message, "a unit that did not attempt the overrun", event.unit),)
