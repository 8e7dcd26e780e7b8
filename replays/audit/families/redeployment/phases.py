"""The redeployment phase and its segments (28.11-28.13, 28.31, 28.313, 28.32, 28.42, 28.45, 28.72-28.74, 28.91):
checks R-01, R-02, R-09, R-10, R-15, R-16, R-22, R-26 of the 27-30 extract and C-RED-1 of the A3R extract.

This player turn's facts (segments reached, units that SRed before the NRs, NRed, entered a box, defended an NR)
come from :mod:`projections.redeployment`.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AirMissionFlown,
    OverrunResolved,
    PlayerTurnEnded,
    UnitEliminated,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections import brp, redeployment
from projections.rules.redeployment import (
    NR_DEFENSIVE_MISSIONS,
    REDEPLOYMENT_ELIMINATION_CAUSES,
    SEGMENTS,
    TR_BOXES,
    US_BOXES,
    segment_eligibility_breaches,
)
from replays.audit.engine import AuditContext, Check, Family, Outcome, Result

CHECKS = Family("redeployment")

_NR_RANK = SEGMENTS.index("NR")


@CHECKS.check(
    "28.11",
    "redeployment happens in the redeployment phase",
    reads=(UnitRedeployed,),
    covers=("R-01", "C-RED-1"),
)
def check_redeployment_phase(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.phase is None or event.phase == "redeployment":
        return ()
    return (
        c.finding(
            ctx,
            expected="redeployment",
            recorded=event.phase,
            message=f"{event.unit} makes a {event.kind} in the {event.phase.replace('_', ' ')} phase; redeployment "
            "comes after unit construction, in the redeployment phase (28.11)",
        ),
    )


@CHECKS.check(
    "28.13",
    "redeployment segments follow TR, SR (to NR), NR, SR, TR, each with its own kind; final TRs only by units that "
    "NRed or SRed",
    reads=(UnitRedeployed,),
    covers=("R-01", "R-02", "C-RED-1"),
)
def check_redeployment_segments(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    kind = event.kind
    if event.segment not in SEGMENTS or kind == "air_transport":
        return
    segment = event.segment
    tallies, turn = ctx.state.redeployment, game_turn(event)
    last = redeployment.segment_reached(tallies, turn, event.side)
    if last is not None and SEGMENTS.index(segment) < SEGMENTS.index(last):
        yield c.finding(
            ctx,
            expected=f"{last} or later",
            recorded=segment,
            message=f"{event.unit} redeploys in segment {segment} after segment {last} has begun (28.13, 28.31)",
        )
    moved = redeployment.redeployed_this_phase(tallies, turn, event.side, event.unit)
    # whether an SR of segment B is followed by the unit's NR is judged once the NRs are over (check_sr_then_nr)
    for breach in segment_eligibility_breaches(segment, kind, nrs_this_phase=True, nred_or_sred_this_phase=moved):
        yield c.finding(
            ctx,
            expected=breach.allowed if breach.allowed is not None else "an eligible unit",
            recorded=kind,
            message=f"{event.unit}: {breach.message} ({breach.rule})",
        )


@CHECKS.check(
    "28.312",
    "units that SR before the NRs (segment B) then NR",
    reads=(UnitRedeployed, PlayerTurnEnded),
    id="sr_then_nr",
    covers=("R-02",),
)
def check_sr_then_nr(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    tallies, turn = ctx.state.redeployment, game_turn(event)
    last = redeployment.segment_reached(tallies, turn, event.side)
    if last is None or SEGMENTS.index(last) > _NR_RANK:
        return ()
    if isinstance(event, UnitRedeployed) and (
        event.segment not in SEGMENTS or SEGMENTS.index(event.segment) <= _NR_RANK
    ):
        return ()
    missing = sorted(tallies.sr_pre_nr - tallies.nred)
    return tuple(
        c.finding(
            ctx,
            expected="an NR after its SR in segment B",
            recorded="no NR",
            message=f"{unit} SRed in segment B, which only units about to NR may do, and did not NR (28.312)",
        )
        for unit in missing
    )


# ---------------------------------------------------------------------------------------------------------------------
# Naval redeployment: who defends, what goes together (28.313, 28.32, 28.533)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "28.313",
    "air and naval units that NRed or are committed to an NR, and air units SRed before the NRs, do not defend "
    "other NRs",
    reads=(AirMissionFlown, UnitRedeployed),
    id="nr_defenders",
    covers=("R-09",),
)
def check_nr_defenders(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if event.phase != "redeployment":
        return ()
    tallies = ctx.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    if isinstance(event, UnitRedeployed):
        if event.kind != "NR" or event.unit not in tallies.defended:
            return ()
        return (
            c.finding(
                ctx,
                expected="no NR after defending another NR",
                recorded=event.unit,
                message=f"{event.unit} NRs after defending another NR in this redeployment phase; units committed to "
                "an NR may not defend other NRs (28.313)",
            ),
        )
    if event.mission not in NR_DEFENSIVE_MISSIONS:
        return ()
    owners = ctx.state.board.units
    found: list[Outcome] = []
    for unit in event.units:
        record = owners.get(unit)
        if record is None or brp.side_of(record.owner) != event.side:
            continue  # the other side's interceptors
        why = "NRed" if unit in tallies.nred else "SRed before the NRs" if unit in tallies.sr_pre_nr else None
        if why is not None:
            found.append(
                c.finding(
                    ctx,
                    expected="a unit not NRed",
                    recorded=unit,
                    message=f"{unit} {why} in this redeployment phase and may not defend other NRs (28.313)",
                )
            )
    return found


@CHECKS.check(
    "28.32",
    "the units of one NR go to one destination (NRs to different destinations are protected separately), and naval "
    "units that NR on their own do not combine with the NR of ground or air units",
    reads=(UnitRedeployed,),
    id="nr_groups",
    covers=("R-10",),
)
def check_nr_groups(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.nr is None or event.kind != "NR":
        return ()
    tallies = ctx.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    out: list[Outcome] = []
    destination = tallies.nr_groups.get(event.nr)
    if destination is not None and destination != event.destination:
        out.append(
            c.finding(
                ctx,
                expected=destination,
                recorded=event.destination,
                message=f"{event.unit} NRs with {event.nr} to {event.destination}, but {event.nr} goes to "
                f"{destination}; NRs to different destinations are protected separately (28.32, 28.533)",
            )
        )
    mixed = _own_naval_with_cargo(ctx.state.board, tallies, event)
    if mixed is not None:
        out.append(
            c.finding(
                ctx,
                expected="naval units escorting, or NRing apart",
                recorded=event.nr,
                message=f"naval unit {mixed} NRs on its own in {event.nr}, which carries ground or air units; NRs of "
                "naval units not escorting do not combine with those of ground and air units (28.32)",
            )
        )
    return out


def _kinds(board: Any, members: list[str], escorting: set[str]) -> tuple[str | None, bool]:
    """The first naval unit NRing on its own among ``members``, and whether they include ground or air units."""
    own: str | None = None
    cargo = False
    for member in members:
        unit = board.units.get(member)
        if unit is None:
            continue
        if unit.unit_type in NAVAL_TYPES:
            if member not in escorting and own is None:
                own = member
        elif unit.unit_type in GROUND_TYPES or unit.unit_type in AIR_TYPES:
            cargo = True
    return own, cargo


def _own_naval_with_cargo(board: Any, tallies: Any, event: UnitRedeployed) -> str | None:
    """A naval unit NRing on its own (not escorting) in an NR that also carries ground or air units, reported at the
    event that brings the two together (28.32)."""
    earlier = list(tallies.nr_members.get(event.nr, ()))
    escorting = tallies.escorting | ({event.unit} if event.escort else set())
    own, cargo = _kinds(board, [*earlier, event.unit], escorting)
    if own is None or not cargo:
        return None
    had_own, had_cargo = _kinds(board, earlier, tallies.escorting)
    return None if had_own is not None and had_cargo else own


# ---------------------------------------------------------------------------------------------------------------------
# Tactical redeployment (28.42, 28.45) and boxes (28.72A, 28.74A)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "28.42",
    "TRing ground units make no overruns or sea transport in the redeployment phase",
    reads=(OverrunResolved, UnitRedeployed),
    id="tr_operations",
    covers=("R-15",),
)
def check_tr_operations(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if isinstance(event, OverrunResolved):
        if event.phase != "redeployment":
            return ()
        return (
            c.finding(
                ctx,
                expected="no overrun",
                recorded=event.overrun,
                message=f"overrun {event.overrun} is made in the redeployment phase; TRing units make no overruns "
                "(28.42)",
            ),
        )
    if event.kind != "TR" or event.nr is None:
        return ()
    unit = ctx.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return ()
    return (
        c.finding(
            ctx,
            expected="a TR by land",
            recorded=f"TR with {event.nr}",
            message=f"{event.unit} TRs by sea ({event.nr}); TRing ground units make no sea transport (28.42)",
        ),
    )


@CHECKS.check(
    "28.45",
    "TRs onto or off the board only through the Australia, India and Urals boxes",
    reads=(UnitRedeployed,),
    id="tr_boxes",
    covers=("R-16",),
)
def check_tr_boxes(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.kind != "TR":
        return ()
    found: list[Outcome] = []
    for end in (event.origin, event.destination):
        if end.startswith("box:") and end not in TR_BOXES:
            found.append(
                c.finding(
                    ctx,
                    expected="box:australia, box:india or box:urals",
                    recorded=end,
                    message=f"{event.unit} TRs from {event.origin} to {event.destination}; TRs onto or off the board "
                    "go only through the Australia, India and Urals boxes (28.45, 28.72C, 28.73A)",
                )
            )
    return found


@CHECKS.check(
    "28.72A",
    "a unit that redeployed into a mapboard box ends the phase there (the U.S. boxes one box for units that began "
    "in either)",
    reads=(UnitRedeployed,),
    id="box_stays",
    covers=("R-22",),
)
def check_box_stays(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    tallies = ctx.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    box = tallies.into_box.get(event.unit)
    if box is None or event.origin != box:
        return ()
    if box in US_BOXES and tallies.began.get(event.unit) in US_BOXES:
        return ()  # 28.73C, 28.74D: one box for units that began the phase in either U.S. box
    return (
        c.finding(
            ctx,
            expected=f"stays in {box}",
            recorded=f"to {event.destination}",
            message=f"{event.unit} redeployed into {box} this phase and leaves it again; a unit that redeploys into "
            "a box ends the redeployment phase there (28.72A, 28.74A)",
        ),
    )


@CHECKS.check(
    "28.91",
    "units leave play in the redeployment phase only by voluntary elimination, overstacking after a failed NR, or "
    "interception combat, recorded as such",
    reads=(UnitEliminated,),
    id="redeployment_eliminations",
    covers=("R-26",),
)
def check_redeployment_eliminations(c: Check, ctx: AuditContext[UnitEliminated]) -> Result:
    event = ctx.event
    if event.phase != "redeployment" or event.cause in REDEPLOYMENT_ELIMINATION_CAUSES:
        return ()
    return (
        c.finding(
            ctx,
            expected="voluntary, overstack, naval or air combat",
            recorded=event.cause,
            message=f"{event.unit} is eliminated in the redeployment phase with cause {event.cause!r}; a voluntary "
            "elimination is recorded as voluntary (28.91: a same-turn rebuild then costs double, 27.13A)",
        ),
    )
