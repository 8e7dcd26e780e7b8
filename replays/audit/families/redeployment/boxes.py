"""Mapboard boxes, theaters and carriers in redeployment (28.343, 28.73-28.76): checks R-13, R-21, R-23..R-25 of the
27-30 extract. This player turn's NRs and U.S.-box factors, and who declared war on whom, come from
:mod:`projections.redeployment`; whether a hex is all sea from the map data.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import BrpGrantMade, UnitRedeployed
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, GROUND_TYPES, NAVAL_TYPES
from projections import redeployment
from projections.board import Unit, at_war
from projections.rules.control import controller_faction
from projections.rules.redeployment import US_BOXES, box_user_allowed, russia_to_pacific_allowed, us_box_transports
from replays.audit.engine import AuditContext, Check, Family, Missing, Outcome, Result

CHECKS = Family("redeployment")


def _is_hex(location: str) -> bool:
    return location.startswith(("EUR:", "PAC:"))


def _unit(ctx: AuditContext[UnitRedeployed]) -> Unit | None:
    return ctx.state.board.units.get(ctx.event.unit)


def _faction(owner: str) -> str | None:
    return controller_faction(owner)


# ---------------------------------------------------------------------------------------------------------------------
# Boxes and theaters (28.73-28.76)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "28.75",
    "mapboard boxes by nationality: U.S. boxes American, British and Canadian units; South Africa, India and "
    "Australia Western Allied units; the Urals Russian units",
    reads=(UnitRedeployed,),
    id="box_users",
    partly={"R-21": "the connections of 28.751-28.756 (map edges, SW boxes' transports) are not traced"},
)
def check_box_users(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    unit = _unit(ctx)
    if unit is None:
        return ()
    faction = _faction(unit.owner)
    out: list[Outcome] = []
    for box in (event.origin, event.destination):
        if box.startswith("box:") and not box_user_allowed(box, unit.nationality, faction):
            out.append(
                c.finding(
                    ctx,
                    expected="a unit the box admits",
                    recorded=f"{unit.nationality} in {box}",
                    message=f"{event.unit} ({unit.nationality}) redeploys via {box}, which it may not use (28.75)",
                )
            )
    return out


@CHECKS.check(
    "28.73E",
    "Russian units go from Europe or the Urals box to the Pacific only once Japan declared war on Russia, or Russia "
    "is at war with Germany or Japan and Germany surrendered or Russia holds its own territory",
    reads=(UnitRedeployed,),
    id="russia_to_pacific",
    partly={
        "R-23": "whether Russia controls every hex of Russia, eastern Poland and the Baltic States needs the map "
        "data's countries; only the wars and Germany's surrender are judged"
    },
)
def check_russia_to_pacific(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    unit = _unit(ctx)
    if unit is None or unit.owner != "russia":
        return ()
    from_europe = event.origin.startswith("EUR:") or event.origin == "box:urals"
    if not (from_europe and event.destination.startswith("PAC:")):
        return ()
    tallies, board = ctx.state.redeployment, ctx.state.board
    allowed = russia_to_pacific_allowed(
        japan_russia_war_by_japan=redeployment.declared_war(tallies, "japan", "russia"),
        russia_declared_on_japan_or_germany=redeployment.declared_war(tallies, "russia", "japan")
        or redeployment.declared_war(tallies, "russia", "germany"),
        germany_declared_on_russia=redeployment.declared_war(tallies, "germany", "russia"),
        germany_surrendered=board.statuses.get("germany") == "surrendered",
        russia_holds_its_territory=None,
    )
    if allowed is None:
        return (Missing(reason="whether Russia holds all of Russia, eastern Poland and the Baltic States (28.73E)"),)
    if allowed:
        return ()
    return (
        c.finding(
            ctx,
            expected="no Russian redeployment to the Pacific yet",
            recorded=f"{event.origin} to {event.destination}",
            message=f"Russian unit {event.unit} redeploys from {event.origin} to the Pacific; 28.73E allows it only "
            "after Japan declares war on Russia, or in a Russo-German or Russo-Japanese war once Germany surrendered "
            "or Russia holds its own territory",
        ),
    )


def _atlantic(location: str) -> bool:
    return location.startswith("EUR:") or location in ("box:us_atlantic", "sw:atlantic", "box:south_africa")


@CHECKS.check(
    "28.73D",
    "American naval units do not protect Atlantic NRs before the U.S. is at war with Germany",
    reads=(UnitRedeployed,),
    id="us_atlantic_escort",
    covers=("R-24",),
)
def check_us_atlantic_escort(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    event = ctx.event
    if event.kind != "NR" or event.nr is None:
        return ()
    unit = _unit(ctx)
    if unit is None or not (_atlantic(event.origin) or _atlantic(event.destination)):
        return ()
    if at_war(ctx.state.board, "usa", "germany"):
        return ()
    if unit.owner != "usa" or unit.unit_type not in NAVAL_TYPES:
        # another unit joining an NR an American naval unit already protects
        tallies = ctx.state.redeployment
        if not redeployment.this_player_turn(tallies, game_turn(event), event.side):
            return ()
        board = ctx.state.board
        for member in tallies.nr_members.get(event.nr, ()):
            found = board.units.get(member)
            if found is not None and found.owner == "usa" and found.unit_type in NAVAL_TYPES:
                return (_us_escort_finding(c, ctx, member, event.nr),)
        return ()
    tallies = ctx.state.redeployment
    members = (
        tallies.nr_members.get(event.nr, ())
        if redeployment.this_player_turn(tallies, game_turn(event), event.side)
        else ()
    )
    if not members:
        return ()  # the first unit of the NR: protection shows once another unit joins it (check at their events)
    return (_us_escort_finding(c, ctx, event.unit, event.nr),)


def _us_escort_finding(c: Check, ctx: AuditContext[UnitRedeployed], unit: str, nr: str) -> Outcome:
    return c.finding(
        ctx,
        expected="no American protection before war with Germany",
        recorded=nr,
        message=f"American naval unit {unit} protects the Atlantic NR {nr} before the U.S. is at war with Germany "
        "(28.73D)",
    )


@CHECKS.check(
    "28.76",
    "one transport per 5 ground or air factors redeployed from a U.S. box to the board, and per 5 BRPs the U.S. "
    "grants, rounded up",
    reads=(UnitRedeployed, BrpGrantMade),
    id="us_box_transports",
    covers=("R-25",),
)
def check_us_box_transports(c: Check, ctx: AuditContext[Any]) -> Result:
    event = ctx.event
    if isinstance(event, BrpGrantMade):
        if event.donor != "usa" or event.purpose == "minor_construction":
            return ()
        if not event.transports:
            return (Missing(reason="the transports a U.S. grant used are not recorded"),)
        needed = us_box_transports(event.amount)
        used = sum(event.transports.values())
        if used >= needed:
            return ()
        return (
            c.finding(
                ctx,
                expected=f"at least {needed}",
                recorded=used,
                message=f"the U.S. grants {event.amount} BRPs with {used} transports; one per 5 BRPs, rounded up, is "
                f"{needed} (28.76)",
            ),
        )
    unit = _unit(ctx)
    if event.origin not in US_BOXES or not _is_hex(event.destination) or unit is None:
        return ()
    if unit.unit_type not in GROUND_TYPES and unit.unit_type not in AIR_TYPES:
        return ()
    tallies = ctx.state.redeployment
    factors, transports = (
        tallies.us_box if redeployment.this_player_turn(tallies, game_turn(event), event.side) else (0, 0)
    )
    if not event.transports and not transports:
        return (Missing(reason="the transports used from the U.S. boxes are not recorded"),)
    needed = us_box_transports(factors + unit.factors)
    used = transports + sum(event.transports.values())
    if used >= needed or us_box_transports(factors) > transports:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at least {needed}",
            recorded=used,
            message=f"{factors + unit.factors} ground and air factors have left the U.S. boxes for the board this "
            f"turn; one transport per 5, rounded up, is {needed}; {used} recorded (28.76)",
        ),
    )


@CHECKS.check(
    "28.343",
    "naval air units do not redeploy to or from a fast carrier at sea being NRed",
    reads=(UnitRedeployed,),
    id="naval_air_at_sea",
    covers=("R-13",),
)
def check_naval_air_at_sea(c: Check, ctx: AuditContext[UnitRedeployed]) -> Result:
    """[Reading] a naval air unit is at sea only aboard a carrier, and in the redeployment phase a carrier at sea is
    one being NRed: a NAS TR or SR that begins or ends in an all-sea hex (the map data's terrain) goes to or from such
    a carrier. NAS NRing with their carrier (the same ``nr``) move with it and are not judged here."""
    event = ctx.event
    if event.kind not in ("TR", "SR"):
        return ()
    unit = _unit(ctx)
    if unit is None or unit.unit_type != "nas":
        return ()
    out: list[Outcome] = []
    for end in (event.origin, event.destination):
        if not _is_hex(end):
            continue
        facts = ctx.hex(end)
        if facts is None or facts.terrain is None:
            out.append(ctx.missing_hex(end, "terrain"))
        elif facts.terrain == "sea":
            out.append(
                c.finding(
                    ctx,
                    expected="a land base or a carrier in port",
                    recorded=end,
                    message=f"naval air unit {event.unit} {event.kind}s {'from' if end == event.origin else 'to'} "
                    f"{end}, an all-sea hex: a carrier at sea being NRed (28.343)",
                )
            )
    return out
