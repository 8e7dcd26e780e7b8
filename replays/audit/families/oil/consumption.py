"""Oil consumption and its effects (33.5-33.7; checks O-50, O-52..O-59, O-61..O-64, O-66..O-68, O-70 of the
31-34 extract).

A payment names what it pays for (``oil_expended.pays_for``): the units of an extra operation, whose factors, types
and whereabouts the board gives, so the quantity paid for is recomputed, never read; or the operations (an attack,
mission or battle id), which are followed to the payment they rely on (33.541, 33.73A). An operation with nothing
linked is not checked against a payment; where the log cannot tell which oil domain a unit draws on (none records
it), the effect checks read a faction's offsets in any domain, which finds an operation with no offset at all.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from awaw_events.events import (
    AirCombatResolved,
    AirdropMade,
    AirMissionFlown,
    AttackDeclared,
    NavalCombatResolved,
    OilExpended,
    OilMoved,
    OverrunResolved,
    PhaseStarted,
    PlayerTurnEnded,
    PlayerTurnStarted,
    UnitBuilt,
    UnitInversionChanged,
)
from awaw_events.events.oil import OilPurpose
from awaw_events.gametime import game_turn
from awaw_events.vocab import AIR_TYPES, FACTIONS, SIDE_OF_FACTION, power_name
from projections.board import Unit
from projections.oil.facts import offset_key
from projections.rules.mapdata import MapData, resolve_place
from projections.rules.oil import (
    CONSTRUCTION_OIL_RESERVES,
    EXTRA_OPERATION_PURPOSES,
    OFFSET_PURPOSES,
    OIL_EXEMPT_FACTIONS,
    OIL_FREE_BOXES,
    OIL_PURPOSES,
    SUBMARINE_TYPE,
    SW_BOX_FREE_TYPES,
    SW_BOX_LOCATIONS,
    UNOILED_AIR_MISSIONS,
    UNOILED_NAVAL_MISSIONS,
    WA_INDIAN_OCEAN_RESERVES,
    WA_OIL_NATIONALITIES,
    construction_allowance_brps,
    expenditure_findings,
    growth_allowance_brps,
    is_heavy_ship,
    japanese_resistance_oil,
    minor_country,
    offset_in_force,
)
from replays.audit.engine import AuditContext, Check, Missing, Result
from replays.audit.families.oil.base import FAMILY, faction_tracked, fifths, offsets_in_force, power_faction, reserve_of

BRITAIN = "Britain"
"""The country whose hexes decide 33.63's automatic construction effect (the map data's ``country``)."""


@lru_cache(maxsize=8)
def _british_hexes(data: MapData) -> tuple[str, ...] | None:
    """The hexes of Britain in the map data, found once per map data (a map holds thousands of hexes)."""
    return resolve_place(data, BRITAIN)


# ---------------------------------------------------------------------------------------------------------------------
# The general offsets: one counter per domain, per nationality for the WA (33.55, 33.61; O-50)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.55",
    "each general offset is bought once per oil domain and player turn, by the WA per nationality (Britain, U.S.)",
    reads=(OilExpended,),
    covers=("31-34/O-50",),
)
def check_offset_per_domain(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    if event.purpose not in OFFSET_PURPOSES:
        return
    if event.faction == "western_allies":
        if event.nationality is None:
            yield Missing(reason="a Western Allied offset that does not say whose (British or American) it is")
        elif event.nationality not in WA_OIL_NATIONALITIES:
            yield c.finding(
                ctx,
                expected="Britain or the U.S.",
                recorded=event.nationality,
                message=f"Western Allied oil is bought for British or American units (33.55); not for "
                f"{power_name(event.nationality)}",
            )
    if event.domain is None:
        return  # which domain is not recorded: two offsets may be for two domains
    key = offset_key(event.faction, event.purpose, event.domain, event.nationality)
    earlier = ctx.state.oil.offsets.get(key)
    if earlier is not None and earlier.turn == game_turn(event) and earlier.side == event.side:
        domain = event.domain
        yield c.finding(
            ctx,
            expected="one counter",
            recorded="a second",
            message=f"the {power_name(event.faction)} bought the {event.purpose.replace('_', ' ')} offset for "
            f"{domain} twice this player turn (event {earlier.seq}): one counter per oil domain (33.61)",
        )


# ---------------------------------------------------------------------------------------------------------------------
# Extra operations paid for by the unit (33.71D, 33.72C-E, 33.82; O-54, O-56..O-58, O-66..O-68)
# ---------------------------------------------------------------------------------------------------------------------


def _quantity(purpose: str, units: list[Unit]) -> int:
    if purpose == "heavy_ships":
        return len(units)
    return sum(u.factors for u in units)


def _wrong_unit(purpose: str, unit: Unit) -> str | None:
    """Why a unit is not what an extra-operation payment covers, or None."""
    if unit.unit_type == "kamikaze":
        return "kamikazes use no oil (33.61A, 33.71D)"
    if purpose in ("strategic_air", "hump"):
        return None if unit.unit_type in AIR_TYPES else "not an air unit"
    if purpose == "heavy_ships":
        if not is_heavy_ship(unit.unit_type, unit.factors):
            return "the general naval offset covers it, not heavy-ship oil (33.72B-C)"
        return None
    return None if unit.unit_type == SUBMARINE_TYPE else "not a submarine"


def _free_location(ctx: AuditContext[OilExpended], unit: Unit) -> str | None:
    """Why a unit's whereabouts need no oil, or None (33.72E, 33.4716E). A unit in the South Africa, India or
    Australia box may be paid for: oil is what lets it be used outside the box (33.4715A-C)."""
    event = ctx.event
    box = SW_BOX_LOCATIONS.get(unit.location)
    if box is None:
        return None
    if unit.unit_type in SW_BOX_FREE_TYPES or event.faction != "western_allies" or box != "indian_ocean":
        return "naval units in SW boxes use no oil (33.72E, 33.4716E)"
    _, kind = reserve_of(ctx, event.reserve)
    if kind not in WA_INDIAN_OCEAN_RESERVES:
        return (
            "WA ships in the Indian Ocean SW box draw oil from the South Africa, India or Australia reserve (33.4716E)"
        )
    return None


@FAMILY.check(
    "33.82",
    "oil paid for named units covers what they are: strategic air by its factors, heavy ships by the ship, "
    "submarines by their factors; none for kamikazes, SW-box ships or units in the boxes; never split UK/U.S.",
    reads=(OilExpended,),
    covers=("31-34/O-54", "31-34/O-56", "31-34/O-57", "31-34/O-58", "31-34/O-66"),
)
def check_paid_units(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    if event.purpose not in EXTRA_OPERATION_PURPOSES or not event.pays_for:
        return
    board_units = ctx.state.board.units
    units = [board_units[r] for r in event.pays_for if r in board_units]
    if not units:
        return  # it names operations: payment_in_force follows them
    who = power_name(event.faction)
    for unit in units:
        why = _wrong_unit(event.purpose, unit) or _free_location(ctx, unit)
        if why is not None:
            yield c.finding(
                ctx,
                expected="no oil for it",
                recorded=f"{unit.id} ({unit.unit_type}, {unit.location})",
                message=f"{who} paid {event.purpose.replace('_', ' ')} oil for {unit.id}: {why}",
            )
        if event.nationality is not None and event.faction == "western_allies" and unit.owner != event.nationality:
            yield c.finding(
                ctx,
                expected=f"{power_name(event.nationality)} units",
                recorded=f"{unit.id} ({power_name(unit.owner)})",
                message=f"{power_name(event.nationality)} oil paid for {unit.id}, a {power_name(unit.owner)} unit: a "
                f"fifth is never split between British and American units (33.82A, 33.55)",
            )
    unit_kind = OIL_PURPOSES[event.purpose].unit
    quantity = _quantity(event.purpose, units)
    claimed = event.detail.get(unit_kind)
    if claimed is not None and claimed != quantity:
        yield c.finding(
            ctx,
            expected=quantity,
            recorded=claimed,
            message=f"the units paid for ({', '.join(u.id for u in units)}) come to {quantity} "
            f"{unit_kind.replace('_', ' ')}; recorded {claimed}",
        )
    for breach in expenditure_findings(event.purpose, event.amount, quantity):
        yield c.finding(
            ctx,
            expected=f"at least {fifths(event.amount)}",
            recorded=fifths(event.amount),
            message=f"{who}: {breach.message} for {', '.join(u.id for u in units)} ({breach.rule})",
        )


@FAMILY.check(
    "33.91",
    "no oil is spent on uninversion: no payment names an uninversion (unit_inversion_changed.ref)",
    reads=(OilExpended, UnitInversionChanged),
    id="uninversion_oil",
    covers=("31-34/O-66",),
)
def check_uninversion_oil(c: Check, ctx: AuditContext[OilExpended | UnitInversionChanged]) -> Result:
    event = ctx.event
    state = ctx.state.oil
    if isinstance(event, UnitInversionChanged):
        if event.inverted or event.ref is None or event.ref not in state.payments:
            return ()
        paid, ref = state.payments[event.ref], event.ref
        what = f"{event.unit} uninverts ({ref}) with oil paid for it in event {paid.seq}"
    else:
        if not event.pays_for or not state.uninversions:
            return ()
        named = next((r for r in event.pays_for if r in state.uninversions), None)
        if named is None:
            return ()
        ref = named
        what = f"{power_name(event.faction)} pays oil for the uninversion {ref} (event {state.uninversions[ref]})"
    return (
        c.finding(
            ctx,
            expected="no oil for an uninversion",
            recorded=ref,
            message=f"{what}: no oil is spent on uninversion (33.91)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Operations and the payments they rely on (33.541, 33.73A; O-52, O-70)
# ---------------------------------------------------------------------------------------------------------------------

Operation = AttackDeclared | AirMissionFlown | NavalCombatResolved | AirCombatResolved | AirdropMade | OverrunResolved


def _refs(event: Operation) -> list[str]:
    if isinstance(event, AttackDeclared):
        return [event.attack, *(s.unit for s in event.ground_support), *(s.unit for s in event.das)]
    if isinstance(event, AirMissionFlown):
        return [*([event.ref] if event.ref else []), *event.units]
    if isinstance(event, NavalCombatResolved):
        return [event.battle, *event.attacker_units, *event.defender_units]
    if isinstance(event, AirCombatResolved):
        return [event.battle]
    if isinstance(event, AirdropMade):
        return [event.unit]
    return [event.overrun, *(u.unit for u in event.units)]


@FAMILY.check(
    "33.541",
    "an operation relies only on oil in force: an offset lasts to the end of the next friendly initial supply "
    "determination; extra-operation oil is paid in the player turn of the operation",
    reads=(AttackDeclared, AirMissionFlown, NavalCombatResolved, AirCombatResolved, AirdropMade, OverrunResolved),
    covers=("31-34/O-52", "31-34/O-70"),
)
def check_payment_in_force(c: Check, ctx: AuditContext[Operation]) -> Result:
    payments = ctx.state.oil.payments
    if not payments:
        return ()
    event = ctx.event
    now = (game_turn(event), event.side, event.phase)
    found = []
    for ref in _refs(event):
        paid = payments.get(ref)
        if paid is None:
            continue
        when = f"{paid.side or '-'} player turn of game turn {paid.turn} (event {paid.seq})"
        if not offset_in_force((paid.turn, paid.side), now):
            found.append(
                c.finding(
                    ctx,
                    expected="oil in force",
                    recorded=f"paid in event {paid.seq}",
                    message=f"{ref} relies on {paid.purpose.replace('_', ' ')} oil paid in event {paid.seq}, which "
                    f"lasted only to the end of the next friendly initial supply determination (33.541)",
                )
            )
        elif paid.purpose in EXTRA_OPERATION_PURPOSES and (paid.turn, paid.side) != now[:2]:
            found.append(
                c.finding(
                    ctx,
                    expected="paid in this player turn",
                    recorded=when,
                    message=f"{ref} relies on {paid.purpose.replace('_', ' ')} oil paid in an earlier player turn "
                    f"(event {paid.seq}); oil for extra air and naval units is consumed when the operation is "
                    f"conducted (33.73A)",
                )
            )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Operations under an oil effect (33.61A-C; O-53, O-55, O-59 in part)
# ---------------------------------------------------------------------------------------------------------------------

NO_DOMAIN = "which oil domain a unit draws on (the log records no unit's oil domain or oil status)"


def _owner_faction(ctx: AuditContext[Any], unit_ids: list[str]) -> tuple[str | None, list[Unit]]:
    units = [u for u in (ctx.state.board.units.get(i) for i in unit_ids) if u is not None]
    if not units:
        return None, []
    return power_faction(units[0].owner), units


def _used_in_box(event: AirMissionFlown | AirdropMade | AttackDeclared, units: list[Unit]) -> bool:
    """Whether an operation by units in a South Africa, India or Australia box keeps them in it (33.4715): an air or
    naval mission on the box itself (air opposing bombing of the box, naval units opposing raiders there). Choice
    beside the rule: every other use (a mission out of the box, an airdrop or invasion from it) takes the units out of
    the box's status and needs oil, as 33.4715A-C say of units leaving it and of naval interceptions from it."""
    return isinstance(event, AirMissionFlown) and all(u.location == event.target for u in units)


@FAMILY.check(
    "33.61",
    "with no air offset in force a faction flies no offensive air or strategic bombing; with no naval offset, no "
    "naval missions; with no army offset, no airdrops or seaborne invasions",
    reads=(AirMissionFlown, AirdropMade, AttackDeclared),
    covers=("31-34/O-68",),
    partly={"31-34/O-53": NO_DOMAIN, "31-34/O-55": NO_DOMAIN, "31-34/O-59": NO_DOMAIN},
)
def check_unoffset_operations(c: Check, ctx: AuditContext[AirMissionFlown | AirdropMade | AttackDeclared]) -> Result:
    event = ctx.event
    purpose: OilPurpose
    if isinstance(event, AirMissionFlown):
        if event.mission in UNOILED_AIR_MISSIONS:
            purpose, what = "air_general", f"a {event.mission.replace('_', ' ')} mission"
        elif event.mission in UNOILED_NAVAL_MISSIONS:
            purpose, what = "naval_general", f"a {event.mission.replace('_', ' ')} mission"
        else:
            return
        ids = list(event.units)
    elif isinstance(event, AirdropMade):
        purpose, what, ids = "army", "an airdrop", [event.unit]
    else:
        if event.kind != "invasion":
            return
        purpose, what, ids = "army", "a seaborne invasion", [a.unit for a in event.attackers]
    faction, units = _owner_faction(ctx, ids)
    if faction is None or faction in OIL_EXEMPT_FACTIONS or not faction_tracked(ctx, faction):
        return
    if all(u.location in OIL_FREE_BOXES for u in units) and _used_in_box(event, units):
        return  # 33.4715: no oil effects for units in the box used there
    if isinstance(event, AirMissionFlown) and faction == "japan" and event.mission == "naval_interception":
        yield Missing(reason="a Japanese interception without naval oil: within 4 hexes of a port in Japan? (map)")
        return
    if offsets_in_force(ctx, faction, purpose):
        return
    yield c.finding(
        ctx,
        expected=f"a {purpose.replace('_general', '')} offset in force",
        recorded="none",
        message=f"the {power_name(faction)} made {what} with no {purpose.replace('_general', '')} oil offset in "
        f"force in any domain ({OIL_PURPOSES[purpose].rule})",
    )


# ---------------------------------------------------------------------------------------------------------------------
# Construction and growth oil (33.61D-E; O-61, O-63) and Japanese resistance (33.74; O-64)
# ---------------------------------------------------------------------------------------------------------------------


@FAMILY.check(
    "33.61D",
    "builds claimed at normal cost are covered by the construction oil spent: 25 BRPs a counter, 5 a fifth",
    reads=(PlayerTurnEnded,),
    covers=("31-34/O-61",),
)
def check_construction_oil(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    state = ctx.state.oil
    side = ctx.event.side
    for faction, claimed in state.covered.items():
        if side is not None and SIDE_OF_FACTION.get(faction) != side:  # type: ignore[call-overload]
            continue
        if not any(r.faction == faction and r.tracking == "tracked" for r in state.reserves.values()):
            continue  # untracked: no tracked consumption (33.4424, 33.48)
        spent = state.construction.get(faction, 0)
        allowed = construction_allowance_brps(spent)
        if claimed > allowed:
            yield c.finding(
                ctx,
                expected=f"at most {allowed}",
                recorded=claimed,
                message=f"the {power_name(faction)}'s builds this player turn claim {claimed} BRPs at normal cost "
                f"covered by oil; {fifths(spent)} of construction oil covers {allowed} (33.61D, 33.82C, 27.13B)",
            )


@FAMILY.check(
    "33.63",
    "construction oil comes from the home country's reserve (Britain may use a zone tracing sea supply from the "
    "Atlantic U.S. box)",
    reads=(OilExpended,),
    covers=("31-34/O-62",),
)
def check_construction_oil_source(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    if event.purpose != "construction":
        return
    home = CONSTRUCTION_OIL_RESERVES.get(event.faction)
    reserve, kind = reserve_of(ctx, event.reserve)
    if reserve is None:
        if event.faction == "western_allies":
            yield Missing(reason="British construction oil from a supply zone: its sea supply is not recorded")
        return
    if home is not None and kind is not None and kind != home:
        yield c.finding(
            ctx,
            expected=f"the {home} reserve",
            recorded=f"{event.reserve} ({kind})",
            message=f"the {power_name(event.faction)} paid construction oil from {event.reserve}; construction oil "
            f"comes from the oil status of a home-country supply zone (33.63)",
        )


@FAMILY.check(
    "33.63",
    "the construction oil effect applies to Britain automatically once every hex of Britain is isolated or Axis-held: "
    "no British build at normal cost then",
    reads=(UnitBuilt,),
    id="british_construction_effect",
    covers=("31-34/O-62",),
)
def check_british_construction_effect(c: Check, ctx: AuditContext[UnitBuilt]) -> Result:
    event = ctx.event
    if event.owner != "britain" or event.multiplier != 1 or not faction_tracked(ctx, "western_allies"):
        return ()
    hexes = _british_hexes(ctx.map) if ctx.map is not None else None
    if not hexes:
        return (Missing(reason="no map data gives the hexes of Britain (33.63: all isolated or Axis-held?)"),)
    board, supply = ctx.state.board.control, ctx.state.land.hex_supply
    for hex_ in hexes:
        holder = board.get(hex_)
        axis = holder is not None and SIDE_OF_FACTION.get(power_faction(holder)) == "axis"  # type: ignore[call-overload]
        # Choice beside 33.63: a hex whose control never changed is Britain's, and a hex counts as isolated only
        # where a supply determination of this player turn recorded it so.
        if not axis and supply.get(hex_) != "isolated":
            return ()
    return (
        c.finding(
            ctx,
            expected="double cost (the construction oil effect)",
            recorded=f"{event.unit} at normal cost",
            message=f"every hex of Britain is isolated or Axis-held, so the construction oil effect applies to "
            f"Britain automatically (33.63): {event.unit} is built at normal cost",
        ),
    )


@FAMILY.check(
    "33.61E",
    "BRP base growth at the YSS is covered by growth oil: 25 BRPs a counter, 5 a fifth (China exempt)",
    reads=(PlayerTurnStarted, PhaseStarted),
    covers=("31-34/O-63",),
)
def check_growth_oil(c: Check, ctx: AuditContext[PlayerTurnStarted | PhaseStarted]) -> Result:
    state = ctx.state.oil
    if not state.growth or ctx.event.side is None or state.part != "game_start":
        return
    for faction in FACTIONS:
        grown = state.growth.get(faction, 0)
        if (
            not grown
            or faction in OIL_EXEMPT_FACTIONS
            or not any(r.faction == faction and r.tracking == "tracked" for r in state.reserves.values())
        ):
            continue
        spent = state.spent.get(f"{faction}/brp_growth", 0)
        allowed = growth_allowance_brps(spent)
        if allowed is not None and grown > allowed:
            yield c.finding(
                ctx,
                expected=f"at most {allowed}",
                recorded=grown,
                message=f"the {power_name(faction)}'s BRP bases grew by {grown} at the Year Start Sequence; "
                f"{fifths(spent)} of growth oil covers {allowed} (33.61E, 33.82D)",
            )


@FAMILY.check(
    "33.74",
    "Japanese resistance oil is paid by the side the island-group difference favours, 1 counter a step, at most "
    "the steps the difference allows",
    reads=(OilExpended,),
    covers=("31-34/O-64",),
)
def check_resistance_oil(c: Check, ctx: AuditContext[OilExpended]) -> Result:
    event = ctx.event
    if event.purpose != "japanese_resistance":
        return
    delta = event.detail.get("island_group_delta")
    if delta is None:
        yield Missing(reason="resistance oil without the island-group difference (detail.island_group_delta)")
        return
    purchase = japanese_resistance_oil(delta)
    steps = event.detail.get("modifier_steps", 0)
    if purchase.payer != event.faction or steps > abs(purchase.modifier):
        most = abs(purchase.modifier)
        payer = power_name(purchase.payer) if purchase.payer else "nobody"
        yield c.finding(
            ctx,
            expected=f"{payer}, at most {most} step{'s' if most != 1 else ''}",
            recorded=f"{power_name(event.faction)}, {steps}",
            message=f"an island-group difference of {delta:+d} lets {payer} buy at most {most} resistance "
            f"step{'s' if most != 1 else ''} (33.74: 2-5 one, 6 or more two); the {power_name(event.faction)} "
            f"paid for {steps}",
        )


@FAMILY.check(
    "33.49",
    "China has no oil: no Chinese oil is spent or moved, none paid for Chinese units (the Flying Tigers included); "
    "a minor country's units draw on its capital, not on counters, until it is associated or activated",
    reads=(OilExpended, OilMoved),
    covers=("31-34/O-67",),
)
def check_no_chinese_oil(c: Check, ctx: AuditContext[OilExpended | OilMoved]) -> Result:
    event = ctx.event
    if event.faction in OIL_EXEMPT_FACTIONS:
        yield c.finding(
            ctx,
            expected="no oil",
            recorded=fifths(event.amount),
            message="China has no oil effects at all, the Flying Tigers included (33.49)",
        )
        return
    if not isinstance(event, OilExpended) or not event.pays_for:
        return
    board = ctx.state.board.units
    aligned = ctx.state.politics.alignment
    for ref in event.pays_for:
        unit = board.get(ref)
        if unit is None:
            continue
        if unit.owner in OIL_EXEMPT_FACTIONS or unit.nationality == "communist_china":
            why = "Chinese units have no oil effects, the Flying Tigers included (33.49)"
        elif minor_country(unit.nationality) and unit.nationality not in aligned:
            why = f"{power_name(unit.nationality)} draws oil from its capital until associated or activated (33.25)"
        else:
            continue
        yield c.finding(
            ctx,
            expected="no oil counters for it",
            recorded=f"{unit.id} ({unit.nationality})",
            message=f"the {power_name(event.faction)} paid oil for {unit.id}: {why}",
        )
