"""Stacks at the end of each phase (AWAW 12; 10.41E, 10.96) and the units that must be gone by then: airborne left
in an enemy hex after combat (10.56), flak in a hex the enemy entered (10.94), shock armies after regular combat
(12.16), partisans whose builder surrendered (11.38).

Sources: 10-16 extract 1.4 and checklists 2.2 (AUD-10-11, AUD-10-25, AUD-10-37), 2.3 (AUD-11-08), 2.4 (AUD-12-01 to
12-05), 6.1 (EX-05), 6.5 (DT-13). The limits are :mod:`projections.rules.combat.stacking`; what counts, the hex
kinds and the deadlines of temporary overstacks :mod:`projections.rules.stacks`; the stacks themselves are taken by
:mod:`projections.movement` when a phase ends (:class:`projections.movement.Judgement`) and read here on the event
that opened the next phase.

Every temporary overstack is judged at the first phase end past its deadline (12.14-12.17): a failed sea transport
needs no exemption, its deadline being the end of the phase it happens in. Not checked: co-stacking of allied nations
(rule 53, not in the extracts). Pearl Harbor (12.19) is the hex the map data names so.
"""

from __future__ import annotations

from typing import Any, Final

from awaw_events.events import EVENT_TYPES, UnitEliminated
from projections import movement as facts
from projections.movement import Judgement, Piece
from projections.rules import stacks as rules
from projections.rules.combat.stacking import STACKING_LIMITS, stacking_findings
from projections.rules.movement import MAP_PREFIXES
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY = Family("stacking")

PHASE_EVENTS: Final = tuple(kind for kind in EVENT_TYPES if not kind.annotation)
"""Any event may be the first of a new phase (the judgement is read on it)."""

ON_MAP: Final = MAP_PREFIXES


def _when(j: Judgement) -> str:
    what = f"the {j.phase.replace('_', ' ')} phase" if j.phase else "the phase"
    return f"at the end of {what}" + (f" ({j.side} player turn)" if j.side else "")


def _by_side(pieces: tuple[Piece, ...]) -> dict[str, list[Piece]]:
    sides: dict[str, list[Piece]] = {}
    for p in pieces:
        sides.setdefault(facts.side_of(p.owner) or p.owner, []).append(p)
    return sides


@FAMILY.check(
    "12.11",
    "at the end of each phase every hex holds at most its limit of ground units, specialized units and flak "
    "factors (breakthrough hexes until the end of redeployment, attrition retreats until the next movement)",
    reads=PHASE_EVENTS,
    id="stacks",
    after=True,
    covers=("AUD-12-01", "AUD-10-11", "AUD-12-05", "AUD-12-04", "AUD-12-02", "R-08", "C-RED-8"),
    partly={
        "P-08": "units built are judged with the player turn's stacks at the end of redeployment, not at placement "
        "(12.22, 28.91 read as letting construction overstack until then; 27.46 reads stricter)"
    },
)
def check_stacks(c: Check, ctx: AuditContext[Any]) -> Result:
    j = ctx.state.movement.judgement
    if j is None or j.seq != ctx.seq:  # the common case: no phase ended at this event
        return ()
    return _stacks(c, ctx, j)


def _stacks(c: Check, ctx: AuditContext[Any], j: Judgement) -> Result:
    unknown_terrain: str | None = None
    for hex_ in j.occupied:
        if not hex_.startswith(ON_MAP):
            continue
        sea = rules.at_sea(ctx.hex(hex_))
        if sea:
            units = ", ".join(sorted(ctx.state.movement.at.get(hex_, ())))
            yield c.finding(
                ctx,
                expected="no ground unit at sea",
                recorded=units,
                message=f"{_when(j)}, ground units are at sea in {hex_} ({units}; 12.23: no ground unit ends a "
                "phase at sea)",
            )
        elif sea is None and unknown_terrain is None:
            unknown_terrain = hex_
    for hex_, pieces in j.hexes.items():
        hex_facts = ctx.hex(hex_) if hex_.startswith(ON_MAP) else None
        for side, mine in _by_side(pieces).items():
            if side in j.waiting.get(hex_, ()):
                continue
            yield from _judge_stack(c, ctx, j, hex_, side, mine, hex_facts)
    if unknown_terrain is not None:
        yield ctx.missing_hex(unknown_terrain, "terrain")


def _judge_stack(
    c: Check, ctx: AuditContext[Any], j: Judgement, hex_: str, side: str, mine: list[Piece], hex_facts: Any
) -> Result:
    counted = rules.count((p.unit, p.unit_type, p.factors) for p in mine)
    standard = STACKING_LIMITS["standard"]
    island = STACKING_LIMITS["pacific_island"]
    assert standard.ground_units is not None and island.ground_units is not None
    within_any = (
        len(counted.ground) <= island.ground_units
        and len(counted.specialized) <= (standard.specialized or 0)
        and counted.flak_factors <= (standard.flak_factors or 0)
    )
    if within_any:
        return
    kind, fact = rules.hex_kind(hex_, facts=hex_facts, bridgehead=hex_ in ctx.state.board.bridgeheads)
    if kind is None:
        assert fact is not None
        if len(counted.ground) > island.ground_units:
            yield ctx.missing_hex(hex_, fact)
        return
    for b in stacking_findings(
        kind,
        ground_units=len(counted.ground),
        specialized_units=len(counted.specialized),
        flak_factors=counted.flak_factors,
    ):
        if "ground units" in b.message and _maybe_shock_armies(ctx, j, hex_, mine):
            yield Missing(reason=f"whether the Russian 3-3 infantry overstacked in {hex_} are shock armies (12.16)")
            continue
        if "ground units" in b.message:
            listed = counted.ground
        elif "specialized" in b.message:
            listed = counted.specialized
        else:
            listed = tuple(p.unit for p in mine if p.unit_type == rules.FLAK)
        units = ", ".join(listed)
        yield c.finding(
            ctx,
            expected="within the limit",
            recorded=units,
            message=f"{_when(j)}, {hex_} holds {b.message} ({units}; {b.rule})",
        )


def _maybe_shock_armies(ctx: AuditContext[Any], j: Judgement, hex_: str, mine: list[Piece]) -> bool:
    """A Russian 3-3 infantry may end movement overstacked next to an enemy ground unit as a shock army (12.16);
    no event records shock army results (42.241)."""
    if j.phase != "movement" or not any(
        p.owner == "russia" and p.unit_type == "infantry" and p.factors == rules.SHOCK_ARMY_FACTORS for p in mine
    ):
        return False
    at = ctx.state.movement.at
    units = ctx.state.board.units
    for n in ctx.grid.neighbours(hex_) if hex_.startswith(ON_MAP) else ():
        for u in at.get(n, ()):
            other = units.get(u)
            if other is not None and facts.side_of(other.owner) not in (None, "allied"):
                return True
    return False


@FAMILY.check(
    "12.16",
    "units that must be gone by the end of a phase are: airborne in an enemy hex after combat, flak in a hex the "
    "enemy entered, shock armies after regular combat, partisans whose builder surrendered",
    reads=PHASE_EVENTS,
    id="gone_by_phase_end",
    after=True,
    covers=("AUD-12-03", "AUD-11-08"),
    partly={
        "AUD-10-25": "the elimination of airdropped units sharing a hex with the enemy after combat (10.56)",
        "AUD-10-37": "flak eliminated when the enemy enters its hex (10.94)",
    },
)
def check_gone_by_phase_end(c: Check, ctx: AuditContext[Any]) -> Result:
    j = ctx.state.movement.judgement
    if j is None or j.seq != ctx.seq:  # the common case: no phase ended at this event
        return ()
    return _gone(c, ctx, j)


def _gone(c: Check, ctx: AuditContext[Any], j: Judgement) -> Result:
    when = _when(j)
    for unit_id in j.shock_armies:
        yield c.finding(
            ctx,
            expected="eliminated",
            recorded=f"{unit_id} in play",
            message=f"{when}, shock army {unit_id} is still in play: shock armies are eliminated after regular "
            "ground combat, before advance after combat (12.16, 42.241)",
        )
    for unit_id, builder in j.partisans_of_surrendered:
        yield c.finding(
            ctx,
            expected="eliminated",
            recorded=f"{unit_id} in play",
            message=f"{when}, partisan {unit_id} is still in play although {builder}, which built it, has "
            "surrendered (11.38)",
        )
    combat_over = j.phase in ("combat", "exploitation") or j.ends_player_turn
    dropped = set(j.airdropped)
    for hex_, pieces in j.hexes.items():
        sides = _by_side(pieces)
        if len(sides) < 2:
            continue
        pearl = combat_over and (found := ctx.hex(hex_)) is not None and found.name == rules.PEARL_HARBOR
        for side, mine in sides.items():
            enemy = [p for s, ps in sides.items() if s != side for p in ps if p.unit_type != "flak"]
            if not enemy:
                continue
            if pearl and any(p.owner == "japan" for p in enemy):
                yield c.finding(
                    ctx,
                    expected="eliminated",
                    recorded=", ".join(p.unit for p in mine),
                    message=f"{when}, Japanese ground units occupy Pearl Harbor and {', '.join(p.unit for p in mine)} "
                    "are still there: the excess Western Allied units are eliminated (12.19)",
                )
                continue
            for p in mine:
                if p.unit_type == "flak":
                    yield c.finding(
                        ctx,
                        expected="eliminated",
                        recorded=f"{p.unit} in {hex_}",
                        message=f"{when}, flak {p.unit} shares {hex_} with enemy units ({enemy[0].unit}): flak is "
                        "eliminated when enemy units enter its hex (10.94)",
                    )
                elif combat_over and p.unit in dropped:
                    yield c.finding(
                        ctx,
                        expected="eliminated",
                        recorded=f"{p.unit} in {hex_}",
                        message=f"{when}, airdropped {p.unit} shares {hex_} with enemy units ({enemy[0].unit}): it "
                        "is eliminated after combat (10.56, 15.92C)",
                    )


@FAMILY.check(
    "12.15",
    "the excess of a failed overrun's overstack is eliminated from the units that did not attempt the overrun",
    reads=(UnitEliminated,),
    id="overstack_choice",
    covers=("AUD-12-02",),
)
def check_overstack_choice(c: Check, ctx: AuditContext[UnitEliminated]) -> Result:
    event = ctx.event
    if event.cause != "overstack" or event.unit not in ctx.state.movement.failed_overrun_units:
        return ()
    return (
        c.finding(
            ctx,
            expected="a unit that did not attempt the overrun",
            recorded=event.unit,
            message=f"{event.unit} attempted the failed overrun and is eliminated as overstack: the excess comes from "
            "the units that did not attempt it (12.15, 13.531)",
        ),
    )
