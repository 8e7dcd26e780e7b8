"""The redeployment phase and its segments (28.11-28.13, 28.31, 28.313, 28.32, 28.42, 28.45, 28.72-28.74, 28.91),
mapboard boxes, theaters and carriers (28.343, 28.73-28.76): checks R-01, R-02, R-09, R-10, R-13, R-15, R-16,
R-21..R-26 of the 27-30 extract and C-RED-1 of the A3R extract.

This player turn's facts (segments reached, units that SRed before the NRs, NRed, entered a box, defended an NR,
NR groups and U.S.-box factors) and who declared war on whom come from :mod:`projections.redeployment`; whether a
hex is all sea from the map data.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    BrpGrantMade,
    OverrunResolved,
    UnitEliminated,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections import brp, redeployment
from projections.board import Unit, war_between
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.position.redeployment import _faction, _is_hex, _unit
from projections.position.wars import declared_by, doubt, readings
from projections.rules.breach import Breach
from projections.rules.control import controller_side
from projections.rules.redeployment import (
    NR_DEFENSIVE_MISSIONS,
    REDEPLOYMENT_ELIMINATION_CAUSES,
    RUSSIAN_TERRITORY,
    SAARE,
    SEGMENTS,
    TR_BOXES,
    US_BOXES,
    box_user_allowed,
    russia_to_pacific_allowed,
    segment_eligibility_breaches,
)
from projections.rules.redeployment import us_box_transports as transports_needed

_NR_RANK = SEGMENTS.index("NR")


def redeployment_phase(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.11: redeployment happens in the redeployment phase"""
    if event.phase is None or event.phase == "redeployment":
        return ()
    return (
        breach(
            "28.11",
            f"{event.unit} makes a {event.kind} in the {event.phase.replace('_', ' ')} phase; redeployment "
            "comes after unit construction, in the redeployment phase (28.11)",
            "redeployment",
            event.phase,
        ),
    )


def redeployment_segments(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.13: redeployment segments follow TR, SR (to NR), NR, SR, TR, each with its own kind; final TRs only by
    units that NRed or SRed"""
    kind = event.kind
    if event.segment not in SEGMENTS or kind == "air_transport":
        return
    segment = event.segment
    tallies, turn = pos.state.redeployment, game_turn(event)
    last = redeployment.segment_reached(tallies, turn, event.side)
    if last is not None and SEGMENTS.index(segment) < SEGMENTS.index(last):
        yield breach(
            "28.13",
            f"{event.unit} redeploys in segment {segment} after segment {last} has begun (28.13, 28.31)",
            f"{last} or later",
            segment,
        )
    moved = redeployment.redeployed_this_phase(tallies, turn, event.side, event.unit)
    # whether an SR of segment B is followed by the unit's NR is judged once the NRs are over (check_sr_then_nr)
    for found in segment_eligibility_breaches(segment, kind, nrs_this_phase=True, nred_or_sred_this_phase=moved):
        yield breach(
            "28.13",
            f"{event.unit}: {found.message} ({found.rule})",
            found.allowed if found.allowed is not None else "an eligible unit",
            kind,
        )


def sr_then_nr(pos: Position, event: Any) -> Verdict:
    """28.312: units that SR before the NRs (segment B) then NR"""
    tallies, turn = pos.state.redeployment, game_turn(event)
    last = redeployment.segment_reached(tallies, turn, event.side)
    if last is None or SEGMENTS.index(last) > _NR_RANK:
        return ()
    if isinstance(event, UnitRedeployed) and (
        event.segment not in SEGMENTS or SEGMENTS.index(event.segment) <= _NR_RANK
    ):
        return ()
    missing = sorted(tallies.sr_pre_nr - tallies.nred)
    return tuple(
        breach(
            "28.312",
            f"{unit} SRed in segment B, which only units about to NR may do, and did not NR (28.312)",
            "an NR after its SR in segment B",
            "no NR",
        )
        for unit in missing
    )


# ---------------------------------------------------------------------------------------------------------------------
# Naval redeployment: who defends, what goes together (28.313, 28.32, 28.533)
# ---------------------------------------------------------------------------------------------------------------------


def nr_defenders(pos: Position, event: Any) -> Verdict:
    """28.313: air and naval units that NRed or are committed to an NR, and air units SRed before the NRs, do not
    defend other NRs"""
    if event.phase != "redeployment":
        return ()
    tallies = pos.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    if isinstance(event, UnitRedeployed):
        if event.kind != "NR" or event.unit not in tallies.defended:
            return ()
        return (
            breach(
                "28.313",
                f"{event.unit} NRs after defending another NR in this redeployment phase; units committed to "
                "an NR may not defend other NRs (28.313)",
                "no NR after defending another NR",
                event.unit,
            ),
        )
    if event.mission not in NR_DEFENSIVE_MISSIONS:
        return ()
    owners = pos.state.board.units
    found: list[Breach | Unknown] = []
    for unit in event.units:
        record = owners.get(unit)
        if record is None or brp.side_of(record.owner) != event.side:
            continue  # the other side's interceptors
        why = "NRed" if unit in tallies.nred else "SRed before the NRs" if unit in tallies.sr_pre_nr else None
        if why is not None:
            found.append(
                breach(
                    "28.313",
                    f"{unit} {why} in this redeployment phase and may not defend other NRs (28.313)",
                    "a unit not NRed",
                    unit,
                )
            )
    return found


def nr_groups(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.32: the units of one NR go to one destination (NRs to different destinations are protected separately),
    and naval units that NR on their own do not combine with the NR of ground or air units"""
    if event.nr is None or event.kind != "NR":
        return ()
    tallies = pos.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    out: list[Breach | Unknown] = []
    destination = tallies.nr_groups.get(event.nr)
    if destination is not None and destination != event.destination:
        out.append(
            breach(
                "28.32",
                f"{event.unit} NRs with {event.nr} to {event.destination}, but {event.nr} goes to "
                f"{destination}; NRs to different destinations are protected separately (28.32, 28.533)",
                destination,
                event.destination,
            )
        )
    mixed = _own_naval_with_cargo(pos.state.board, tallies, event)
    if mixed is not None:
        out.append(
            breach(
                "28.32",
                f"naval unit {mixed} NRs on its own in {event.nr}, which carries ground or air units; NRs of "
                "naval units not escorting do not combine with those of ground and air units (28.32)",
                "naval units escorting, or NRing apart",
                event.nr,
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


def tr_operations(pos: Position, event: Any) -> Verdict:
    """28.42: TRing ground units make no overruns or sea transport in the redeployment phase"""
    if isinstance(event, OverrunResolved):
        if event.phase != "redeployment":
            return ()
        return (
            breach(
                "28.42",
                f"overrun {event.overrun} is made in the redeployment phase; TRing units make no overruns (28.42)",
                "no overrun",
                event.overrun,
            ),
        )
    if event.kind != "TR" or event.nr is None:
        return ()
    unit = pos.state.board.units.get(event.unit)
    if unit is None or unit.unit_type not in GROUND_TYPES:
        return ()
    return (
        breach(
            "28.42",
            f"{event.unit} TRs by sea ({event.nr}); TRing ground units make no sea transport (28.42)",
            "a TR by land",
            f"TR with {event.nr}",
        ),
    )


def tr_boxes(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.45: TRs onto or off the board only through the Australia, India and Urals boxes"""
    if event.kind != "TR":
        return ()
    found: list[Breach | Unknown] = []
    for end in (event.origin, event.destination):
        if end.startswith("box:") and end not in TR_BOXES:
            found.append(
                breach(
                    "28.45",
                    f"{event.unit} TRs from {event.origin} to {event.destination}; TRs onto or off the board "
                    "go only through the Australia, India and Urals boxes (28.45, 28.72C, 28.73A)",
                    "box:australia, box:india or box:urals",
                    end,
                )
            )
    return found


def box_stays(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.72A: a unit that redeployed into a mapboard box ends the phase there (the U.S. boxes one box for units
    that began in either)"""
    tallies = pos.state.redeployment
    if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
        return ()
    box = tallies.into_box.get(event.unit)
    if box is None or event.origin != box:
        return ()
    if box in US_BOXES and tallies.began.get(event.unit) in US_BOXES:
        return ()  # 28.73C, 28.74D: one box for units that began the phase in either U.S. box
    return (
        breach(
            "28.72A",
            f"{event.unit} redeployed into {box} this phase and leaves it again; a unit that redeploys into "
            "a box ends the redeployment phase there (28.72A, 28.74A)",
            f"stays in {box}",
            f"to {event.destination}",
        ),
    )


def redeployment_eliminations(pos: Position, event: UnitEliminated) -> Verdict:
    """28.91: units leave play in the redeployment phase only by voluntary elimination, overstacking after a failed
    NR, or interception combat, recorded as such"""
    if event.phase != "redeployment" or event.cause in REDEPLOYMENT_ELIMINATION_CAUSES:
        return ()
    return (
        breach(
            "28.91",
            f"{event.unit} is eliminated in the redeployment phase with cause {event.cause!r}; a voluntary "
            "elimination is recorded as voluntary (28.91: a same-turn rebuild then costs double, 27.13A)",
            "voluntary, overstack, naval or air combat",
            event.cause,
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Boxes and theaters (28.73-28.76)
# ---------------------------------------------------------------------------------------------------------------------


def box_users(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.75: mapboard boxes by nationality: U.S. boxes American, British and Canadian units; South Africa, India
    and Australia Western Allied units; the Urals Russian units"""
    unit = _unit(pos, event)
    if unit is None:
        return ()
    faction = _faction(unit.owner)
    out: list[Breach | Unknown] = []
    for box in (event.origin, event.destination):
        if box.startswith("box:") and not box_user_allowed(box, unit.nationality, faction):
            out.append(
                breach(
                    "28.75",
                    f"{event.unit} ({unit.nationality}) redeploys via {box}, which it may not use (28.75)",
                    "a unit the box admits",
                    f"{unit.nationality} in {box}",
                )
            )
    return out


def russia_to_pacific(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.73E: Russian units go from Europe or the Urals box to the Pacific only once Japan declared war on Russia,
    or Russia is at war with Germany or Japan and Germany surrendered or Russia holds its own territory"""
    unit = _unit(pos, event)
    if unit is None or unit.owner != "russia":
        return ()
    from_europe = event.origin.startswith("EUR:") or event.origin == "box:urals"
    if not (from_europe and event.destination.startswith("PAC:")):
        return ()
    tallies, board = pos.state.redeployment, pos.state.board
    asked = (("japan", "russia"), ("russia", "japan"), ("russia", "germany"), ("germany", "russia"))
    declared = {pair: declared_by(tallies.aggressors, *pair) for pair in asked}
    answers = {
        russia_to_pacific_allowed(
            japan_russia_war_by_japan=reading[("japan", "russia")],
            russia_declared_on_japan_or_germany=reading[("russia", "japan")] or reading[("russia", "germany")],
            germany_declared_on_russia=reading[("germany", "russia")],
            germany_surrendered=board.statuses.get("germany") == "surrendered",
            russia_holds_its_territory=None,
        )
        for reading in readings(declared)
    }
    allowed = answers.pop() if len(answers) == 1 else (None if False not in answers else "doubt")
    if allowed == "doubt":
        return (doubt("28.73E", "who declared war on Russia or on whom Russia declared war"),)
    if allowed is None:
        lost = _russian_territory_lost(pos, event, unit.unit_type)
        if lost is None:
            return (
                Unknown(reason="whether Russia holds all of Russia, eastern Poland and the Baltic States (28.73E)"),
            )
        return (
            breach(
                "28.73E",
                f"Russian unit {event.unit} redeploys from {event.origin} to the Pacific while {lost[1]} controls "
                f"{lost[0]} ({lost[2]}); with Germany not surrendered, 28.73E allows it only once Russia controls "
                "all of Russia, eastern Poland and the Baltic States",
                "Russia controlling all of its territory",
                f"{lost[0]} held by {lost[1]}",
            ),
        )
    if allowed:
        return ()
    return (
        breach(
            "28.73E",
            f"Russian unit {event.unit} redeploys from {event.origin} to the Pacific; 28.73E allows it only "
            "after Japan declares war on Russia, or in a Russo-German or Russo-Japanese war once Germany surrendered "
            "or Russia holds its own territory",
            "no Russian redeployment to the Pacific yet",
            f"{event.origin} to {event.destination}",
        ),
    )


def _russian_territory_lost(pos: Position, event: UnitRedeployed, unit_type: str) -> tuple[str, str, str] | None:
    """A hex of Russia, eastern Poland or the Baltic States (the map data's country) that an Axis power controls, as
    (hex, controller, country), or ``None`` when the board and the map data name none: then whether Russia holds
    all of them is not known, for a hex the map data does not describe may be lost (28.73E). Saare does not count
    for ground and air units from the Urals box."""
    if pos.map is None:
        return None
    urals = event.origin == "box:urals" and (unit_type in GROUND_TYPES or unit_type in AIR_TYPES)
    for hex_, holder in pos.state.board.control.items():
        if controller_side(holder) != "axis":
            continue
        facts = pos.hex(hex_)
        if facts is None or facts.country not in RUSSIAN_TERRITORY or (urals and facts.name == SAARE):
            continue
        return hex_, holder, facts.country
    return None


def _atlantic(location: str) -> bool:
    return location.startswith("EUR:") or location in ("box:us_atlantic", "sw:atlantic", "box:south_africa")


def us_atlantic_escort(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.73D: American naval units do not protect Atlantic NRs before the U.S. is at war with Germany"""
    if event.kind != "NR" or event.nr is None:
        return ()
    unit = _unit(pos, event)
    if unit is None or not (_atlantic(event.origin) or _atlantic(event.destination)):
        return ()
    war = war_between(pos.state.board, "usa", "germany")
    if war:
        return ()
    found = _us_escort(pos, event, unit, event.nr)
    if war is None and found:  # a war of factions may be the U.S.-German war: never a finding
        return (doubt("28.73D", "whether the U.S. is at war with Germany"),)
    return found


def _us_escort(pos: Position, event: UnitRedeployed, unit: Unit, nr: str) -> Verdict:
    """28.73D's finding before the U.S.-German war: an American naval unit protecting the Atlantic NR ``nr``."""
    if unit.owner != "usa" or unit.unit_type not in NAVAL_TYPES:
        # another unit joining an NR an American naval unit already protects
        tallies = pos.state.redeployment
        if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
            return ()
        board = pos.state.board
        for member in tallies.nr_members.get(nr, ()):
            found = board.units.get(member)
            if found is not None and found.owner == "usa" and found.unit_type in NAVAL_TYPES:
                return (_us_escort_finding(member, nr),)
        return ()
    tallies = pos.state.redeployment
    members = (
        tallies.nr_members.get(nr, ()) if redeployment.this_player_turn(tallies, game_turn(event), event.side) else ()
    )
    if not members:
        return ()  # the first unit of the NR: protection shows once another unit joins it (check at their events)
    return (_us_escort_finding(event.unit, nr),)


def _us_escort_finding(unit: str, nr: str) -> Breach | Unknown:
    return breach(
        "28.73D",
        f"American naval unit {unit} protects the Atlantic NR {nr} before the U.S. is at war with Germany (28.73D)",
        "no American protection before war with Germany",
        nr,
    )


def us_box_transports(pos: Position, event: Any) -> Verdict:
    """28.76: one transport per 5 ground or air factors redeployed from a U.S. box to the board, and per 5 BRPs the
    U.S. grants, rounded up"""
    if isinstance(event, BrpGrantMade):
        if event.donor != "usa" or event.purpose == "minor_construction":
            return ()
        if not event.transports:
            return (Unknown(reason="the transports a U.S. grant used are not recorded"),)
        needed = transports_needed(event.amount)
        used = sum(event.transports.values())
        if used >= needed:
            return ()
        return (
            breach(
                "28.76",
                f"the U.S. grants {event.amount} BRPs with {used} transports; one per 5 BRPs, rounded up, is "
                f"{needed} (28.76)",
                f"at least {needed}",
                used,
            ),
        )
    unit = _unit(pos, event)
    if event.origin not in US_BOXES or not _is_hex(event.destination) or unit is None:
        return ()
    if unit.unit_type not in GROUND_TYPES and unit.unit_type not in AIR_TYPES:
        return ()
    tallies = pos.state.redeployment
    factors, transports = (
        tallies.us_box if redeployment.this_player_turn(tallies, game_turn(event), event.side) else (0, 0)
    )
    if not event.transports and not transports:
        return (Unknown(reason="the transports used from the U.S. boxes are not recorded"),)
    needed = transports_needed(factors + unit.factors)
    used = transports + sum(event.transports.values())
    if used >= needed or transports_needed(factors) > transports:
        return ()
    return (
        breach(
            "28.76",
            f"{factors + unit.factors} ground and air factors have left the U.S. boxes for the board this "
            f"turn; one transport per 5, rounded up, is {needed}; {used} recorded (28.76)",
            f"at least {needed}",
            used,
        ),
    )


def naval_air_at_sea(pos: Position, event: UnitRedeployed) -> Verdict:
    """28.343: naval air units do not redeploy to or from a fast carrier at sea being NRed

    [Reading] a naval air unit is at sea only aboard a carrier, and in the redeployment phase a carrier at sea is
    one being NRed: a NAS TR or SR that begins or ends in an all-sea hex (the map data's terrain) goes to or from such
    a carrier. NAS NRing with their carrier (the same ``nr``) move with it and are not judged here."""
    if event.kind not in ("TR", "SR"):
        return ()
    unit = _unit(pos, event)
    if unit is None or unit.unit_type != "nas":
        return ()
    out: list[Breach | Unknown] = []
    for end in (event.origin, event.destination):
        if not _is_hex(end):
            continue
        facts = pos.hex(end)
        if facts is None or facts.terrain is None:
            out.append(pos.missing_hex(end, "terrain"))
        elif facts.terrain == "sea":
            out.append(
                breach(
                    "28.343",
                    f"naval air unit {event.unit} {event.kind}s {'from' if end == event.origin else 'to'} "
                    f"{end}, an all-sea hex: a carrier at sea being NRed (28.343)",
                    "a land base or a carrier in port",
                    end,
                )
            )
    return out
