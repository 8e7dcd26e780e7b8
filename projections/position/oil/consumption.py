"""Oil consumption and its effects asked of a position (33.5-33.7, 33.73C, 33.535; checks O-50, O-52..O-59,
O-61..O-68, O-70, O-71 of the 31-34 extract).

A payment names what it pays for (``oil_expended.pays_for``): the units of an extra operation, whose factors, types
and whereabouts the board gives, so the quantity paid for is recomputed, never read; or the operations (an attack,
mission or battle id), which are followed to the payment they rely on (33.541, 33.73A). An operation with nothing
linked is not judged against a payment; where the log cannot tell which oil domain a unit draws on (none records
it), the effect queries read a faction's offsets in any domain, which finds an operation with no offset at all.

Which side fought without oil (33.73C) is recomputed where the state can tell it: a side whose faction's oil is
tracked, with no general offset of the domain (air for air combat, naval for naval combat) in force in any oil
domain, no payment naming the battle or one of its units, and not all in the South Africa, India or Australia box
(33.4715), fought without oil, whatever the log says. Where an offset is in force somewhere the side's own domain is
not known, so the log's ``without_oil`` is taken for it. The -1 Nationality DRM of each side without oil must then be
in the combat's modifiers (code ``no_oil``): in air combat the modifiers are the attacker's net modifier (19.4), so
the attacker's -1 is -1 and the defender's is +1; in naval combat they are the roller's (``naval_combat_resolved.
roller``), and only the roller's own lack of oil touches its roll. A naval patrol (``air_mission_flown`` with
``naval_patrol``) is still in its patrol hex when the board has every unit of it in the mission's target hex as the
phasing player's combat phase starts (``phase_started``); a log that does not move patrolling units to their hex
leaves them where they were, and they are then taken to have left.
"""

from __future__ import annotations

from functools import lru_cache

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
from projections.position.core import Position, Unknown, breach
from projections.position.oil import (
    Verdict,
    faction_tracked,
    fifths,
    offsets_in_force,
    power_faction,
    reserve_of,
    tracks_any,
)
from projections.rules import oil as rules
from projections.rules.breach import Breach
from projections.rules.mapdata import MapData, resolve_place

BRITAIN = "Britain"
"""The country whose hexes decide 33.63's automatic construction effect (the map data's ``country``)."""


@lru_cache(maxsize=8)
def _british_hexes(data: MapData) -> tuple[str, ...] | None:
    """The hexes of Britain in the map data, found once per map data (a map holds thousands of hexes)."""
    return resolve_place(data, BRITAIN)


# ---------------------------------------------------------------------------------------------------------------------
# The general offsets: one counter per domain, per nationality for the WA (33.55, 33.61; O-50)


def offset_per_domain(pos: Position, event: OilExpended) -> Verdict:
    """33.55: each general offset is bought once per oil domain and player turn, by the WA per nationality (Britain,
    U.S.)."""
    if event.purpose not in rules.OFFSET_PURPOSES:
        return
    if event.faction == "western_allies":
        if event.nationality is None:
            yield Unknown(reason="a Western Allied offset that does not say whose (British or American) it is")
        elif event.nationality not in rules.WA_OIL_NATIONALITIES:
            message = (
                "Western Allied oil is bought for British or American units (33.55); not for "
                f"{power_name(event.nationality)}"
            )
            yield breach("33.55", message, "Britain or the U.S.", event.nationality)
    if event.domain is None:
        return  # which domain is not recorded: two offsets may be for two domains
    earlier = pos.state.oil.offsets.get(offset_key(event.faction, event.purpose, event.domain, event.nationality))
    if earlier is not None and earlier.turn == game_turn(event) and earlier.side == event.side:
        message = (
            f"the {power_name(event.faction)} bought the {event.purpose.replace('_', ' ')} offset for {event.domain} "
            f"twice this player turn (event {earlier.seq}): one counter per oil domain (33.61)"
        )
        yield breach("33.61", message, "one counter", "a second")


# ---------------------------------------------------------------------------------------------------------------------
# Extra operations paid for by the unit (33.71D, 33.72C-E, 33.82; O-54, O-56..O-58, O-66..O-68)


def _wrong_unit(purpose: str, unit: Unit) -> str | None:
    """Why a unit is not what an extra-operation payment covers, or None."""
    if unit.unit_type == "kamikaze":
        return "kamikazes use no oil (33.61A, 33.71D)"
    if purpose in ("strategic_air", "hump"):
        return None if unit.unit_type in AIR_TYPES else "not an air unit"
    if purpose == "heavy_ships":
        heavy = rules.is_heavy_ship(unit.unit_type, unit.factors)
        return None if heavy else "the general naval offset covers it, not heavy-ship oil (33.72B-C)"
    return None if unit.unit_type == rules.SUBMARINE_TYPE else "not a submarine"


def _free_location(pos: Position, event: OilExpended, unit: Unit) -> str | None:
    """Why a unit's whereabouts need no oil, or None (33.72E, 33.4716E). A unit in the South Africa, India or
    Australia box may be paid for: oil is what lets it be used outside the box (33.4715A-C)."""
    box = rules.SW_BOX_LOCATIONS.get(unit.location)
    if box is None:
        return None
    if unit.unit_type in rules.SW_BOX_FREE_TYPES or event.faction != "western_allies" or box != "indian_ocean":
        return "naval units in SW boxes use no oil (33.72E, 33.4716E)"
    if reserve_of(pos, event.reserve)[1] not in rules.WA_INDIAN_OCEAN_RESERVES:
        return (
            "WA ships in the Indian Ocean SW box draw oil from the South Africa, India or Australia reserve (33.4716E)"
        )
    return None


def paid_units(pos: Position, event: OilExpended) -> Verdict:
    """33.82: oil paid for named units covers what they are: strategic air by its factors, heavy ships by the ship,
    submarines by their factors; none for kamikazes, SW-box ships or units in the boxes; never split UK/U.S."""
    if event.purpose not in rules.EXTRA_OPERATION_PURPOSES or not event.pays_for:
        return
    board_units = pos.board.units
    units = [board_units[r] for r in event.pays_for if r in board_units]
    if not units:
        return  # it names operations: payment_in_force follows them
    who = power_name(event.faction)
    for unit in units:
        why = _wrong_unit(event.purpose, unit) or _free_location(pos, event, unit)
        if why is not None:
            message = f"{who} paid {event.purpose.replace('_', ' ')} oil for {unit.id}: {why}"
            yield breach("33.82", message, "no oil for it", f"{unit.id} ({unit.unit_type}, {unit.location})")
        if event.nationality is not None and event.faction == "western_allies" and unit.owner != event.nationality:
            yield breach(
                "33.82A",
                f"{power_name(event.nationality)} oil paid for {unit.id}, a {power_name(unit.owner)} unit: a fifth is "
                "never split between British and American units (33.82A, 33.55)",
                f"{power_name(event.nationality)} units",
                f"{unit.id} ({power_name(unit.owner)})",
            )
    unit_kind = rules.OIL_PURPOSES[event.purpose].unit
    quantity = len(units) if event.purpose == "heavy_ships" else sum(u.factors for u in units)
    claimed = event.detail.get(unit_kind)
    ids = ", ".join(u.id for u in units)
    if claimed is not None and claimed != quantity:
        message = f"the units paid for ({ids}) come to {quantity} {unit_kind.replace('_', ' ')}; recorded {claimed}"
        yield breach("33.82", message, quantity, claimed)
    for b in rules.expenditure_findings(event.purpose, event.amount, quantity):
        message = f"{who}: {b.message} for {ids} ({b.rule})"
        yield breach(b.rule, message, f"at least {fifths(event.amount)}", fifths(event.amount))


def uninversion_oil(pos: Position, event: OilExpended | UnitInversionChanged) -> Verdict:
    """33.91: no oil is spent on uninversion: no payment names an uninversion (unit_inversion_changed.ref)."""
    state = pos.state.oil
    if isinstance(event, UnitInversionChanged):
        if event.inverted or event.ref is None or event.ref not in state.payments:
            return ()
        ref = event.ref
        what = f"{event.unit} uninverts ({ref}) with oil paid for it in event {state.payments[ref].seq}"
    else:
        if not event.pays_for or not state.uninversions:
            return ()
        named = next((r for r in event.pays_for if r in state.uninversions), None)
        if named is None:
            return ()
        ref = named
        what = f"{power_name(event.faction)} pays oil for the uninversion {ref} (event {state.uninversions[ref]})"
    message = f"{what}: no oil is spent on uninversion (33.91)"
    return (breach("33.91", message, "no oil for an uninversion", ref),)


# ---------------------------------------------------------------------------------------------------------------------
# Operations and the payments they rely on (33.541, 33.73A; O-52, O-70)

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


def payment_in_force(pos: Position, event: Operation) -> Verdict:
    """33.541: an operation relies only on oil in force: an offset lasts to the end of the next friendly initial
    supply determination; extra-operation oil is paid in the player turn of the operation."""
    payments = pos.state.oil.payments
    if not payments:
        return ()
    now = (game_turn(event), event.side, event.phase)
    found = []
    for ref in _refs(event):
        paid = payments.get(ref)
        if paid is None:
            continue
        what = paid.purpose.replace("_", " ")
        if not rules.offset_in_force((paid.turn, paid.side), now):
            message = (
                f"{ref} relies on {what} oil paid in event {paid.seq}, which lasted only to the end of the next "
                "friendly initial supply determination (33.541)"
            )
            found.append(breach("33.541", message, "oil in force", f"paid in event {paid.seq}"))
        elif paid.purpose in rules.EXTRA_OPERATION_PURPOSES and (paid.turn, paid.side) != now[:2]:
            found.append(
                breach(
                    "33.73A",
                    f"{ref} relies on {what} oil paid in an earlier player turn (event {paid.seq}); oil for extra air "
                    "and naval units is consumed when the operation is conducted (33.73A)",
                    "paid in this player turn",
                    f"{paid.side or '-'} player turn of game turn {paid.turn} (event {paid.seq})",
                )
            )
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Operations under an oil effect (33.61A-C, 33.73C, 33.535; O-53, O-55, O-59 in part, O-65, O-71)


def _owner_faction(pos: Position, unit_ids: list[str]) -> tuple[str | None, list[Unit]]:
    units = [u for u in (pos.board.units.get(i) for i in unit_ids) if u is not None]
    return (power_faction(units[0].owner), units) if units else (None, [])


def unoffset_operations(pos: Position, event: AirMissionFlown | AirdropMade | AttackDeclared) -> Verdict:
    """33.61: with no air offset in force a faction flies no offensive air or strategic bombing; with no naval
    offset, no naval missions; with no army offset, no airdrops or seaborne invasions."""
    purpose: OilPurpose
    if isinstance(event, AirMissionFlown):
        if event.mission in rules.UNOILED_AIR_MISSIONS:
            purpose = "air_general"
        elif event.mission in rules.UNOILED_NAVAL_MISSIONS:
            purpose = "naval_general"
        else:
            return
        what, ids = f"a {event.mission.replace('_', ' ')} mission", list(event.units)
    elif isinstance(event, AirdropMade):
        purpose, what, ids = "army", "an airdrop", [event.unit]
    else:
        if event.kind != "invasion":
            return
        purpose, what, ids = "army", "a seaborne invasion", [a.unit for a in event.attackers]
    faction, units = _owner_faction(pos, ids)
    if faction is None or faction in rules.OIL_EXEMPT_FACTIONS or not faction_tracked(pos, faction):
        return
    # 33.4715: no oil effects for units in the box used there. Choice beside the rule: only an air or naval mission
    # on the box itself (air opposing bombing of the box, naval units opposing raiders there) keeps them in it; every
    # other use (a mission out of the box, an airdrop or invasion from it) takes the units out of the box's status and
    # needs oil, as 33.4715A-C say of units leaving it and of naval interceptions from it.
    if all(u.location in rules.OIL_FREE_BOXES for u in units) and (
        isinstance(event, AirMissionFlown) and all(u.location == event.target for u in units)
    ):
        return
    if isinstance(event, AirMissionFlown) and faction == "japan" and event.mission == "naval_interception":
        yield Unknown(reason="a Japanese interception without naval oil: within 4 hexes of a port in Japan? (map)")
        return
    if offsets_in_force(pos, event, faction, purpose):
        return
    domain = purpose.replace("_general", "")
    message = (
        f"the {power_name(faction)} made {what} with no {domain} oil offset in force in any domain "
        f"({rules.OIL_PURPOSES[purpose].rule})"
    )
    yield breach(rules.OIL_PURPOSES[purpose].rule, message, f"a {domain} offset in force", "none")


Combat = AirCombatResolved | NavalCombatResolved


def _unoiled(pos: Position, event: Combat, ids: list[str], purpose: str) -> bool:
    """Whether the state shows these units fought without oil (see the module docstring)."""
    faction, units = _owner_faction(pos, ids)
    if faction is None or faction in rules.OIL_EXEMPT_FACTIONS or not faction_tracked(pos, faction):
        return False
    if all(u.location in rules.OIL_FREE_BOXES for u in units):
        return False
    payments = pos.state.oil.payments
    if event.battle in payments or any(i in payments for i in ids):
        return False
    return not offsets_in_force(pos, event, faction, purpose)


def fought_without_oil(pos: Position, event: Combat) -> Verdict:
    """33.73C: air and naval units that fought without oil take a -1 Nationality DRM: the combat's no_oil modifier
    matches the sides without oil, recomputed from the offsets and payments in force."""
    claimed = sum(m.value for m in event.modifiers if m.code == rules.NO_OIL_CODE)
    if event.without_oil is None and not claimed and not pos.state.oil.reserves:
        return ()  # no oil is tracked in this game and nothing is claimed
    air = isinstance(event, AirCombatResolved)
    purpose = "air_general" if air else "naval_general"
    recorded = set(event.without_oil or ())
    sides = (
        {"attacker": [u.unit for u in event.attacker_units], "defender": [u.unit for u in event.defender_units]}
        if isinstance(event, AirCombatResolved)
        else {"attacker": list(event.attacker_units), "defender": list(event.defender_units)}
    )
    derived = {side for side, ids in sides.items() if _unoiled(pos, event, ids, purpose)}
    out: list[Breach | Unknown] = []
    if event.without_oil is not None:
        for side in sorted(derived - recorded):
            out.append(
                breach(
                    "33.73C",
                    f"{event.battle}: the {side}'s faction had no {purpose.replace('_general', '')} offset in force in "
                    "any oil domain and no oil paid for the battle or its units, so its units fought without oil "
                    "(33.73C)",
                    f"the {side} without oil",
                    f"without oil: {', '.join(sorted(recorded)) or 'none'}",
                )
            )
    unoiled = recorded | derived
    drm = rules.OIL_EFFECT_NATIONALITY_DRM
    if isinstance(event, AirCombatResolved):
        expected = drm * (("attacker" in unoiled) - ("defender" in unoiled))
    elif event.roller is None:
        if unoiled or claimed:
            out.append(Unknown(reason=f"{event.battle}: naval_combat_resolved does not say whose roll it is (roller)"))
        return out
    else:
        expected = drm if event.roller in unoiled else 0
    if claimed != expected:
        who = " and ".join(f"the {s}" for s in sorted(unoiled)) or "no side"
        message = (
            f"{event.battle}: {who} fought without oil, which gives {expected:+d} to "
            f"{'the net air modifier' if air else 'the roll'}; recorded {claimed:+d} (33.73C: -1 Nationality DRM "
            "for units without oil)"
        )
        out.append(breach("33.73C", message, f"{expected:+d} ({rules.NO_OIL_CODE})", f"{claimed:+d}"))
    return out


def patrol_oil(pos: Position, event: PhaseStarted) -> Verdict:
    """33.535: a naval patrol may rely on last turn's naval oil, but one still in its patrol hex when the combat
    phase starts needs a naval offset of the current player turn."""
    patrols = pos.state.oil.patrols
    if event.phase != "combat" or not patrols:
        return
    turn = game_turn(event)
    for seq, patrol in sorted(patrols.items(), key=lambda p: int(p[0])):
        if patrol.turn != turn or patrol.side != event.side:
            continue
        faction, units = _owner_faction(pos, list(patrol.units))
        if faction is None or any(u.location != patrol.target for u in units):
            continue  # the patrol left its hex before the combat phase (or its units are unknown)
        if faction in rules.OIL_EXEMPT_FACTIONS or not faction_tracked(pos, faction):
            continue
        if offsets_in_force(pos, event, faction, "naval_general"):
            continue  # in the combat phase only an offset bought this player turn is still in force (33.541)
        message = (
            f"the naval patrol of event {seq} ({', '.join(patrol.units)}) is still in {patrol.target} as the combat "
            f"phase starts, with no naval oil offset of this player turn in force for the {power_name(faction)}: "
            "a patrol that stays needs the current turn's naval oil (33.535)"
        )
        yield breach("33.535", message, "a naval offset of this player turn", "none in force")


# ---------------------------------------------------------------------------------------------------------------------
# Construction and growth oil (33.61D-E, 33.63; O-61..O-63), Japanese resistance (33.74; O-64) and China (33.49)


def construction_oil(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """33.61D: builds claimed at normal cost are covered by the construction oil spent: 25 BRPs a counter, 5 a
    fifth."""
    state = pos.state.oil
    for faction, claimed in state.covered.items():
        if event.side is not None and SIDE_OF_FACTION.get(faction) != event.side:  # type: ignore[call-overload]
            continue
        if not tracks_any(pos, faction):
            continue  # untracked: no tracked consumption (33.4424, 33.48)
        spent = state.construction.get(faction, 0)
        allowed = rules.construction_allowance_brps(spent)
        if claimed > allowed:
            message = (
                f"the {power_name(faction)}'s builds this player turn claim {claimed} BRPs at normal cost covered by "
                f"oil; {fifths(spent)} of construction oil covers {allowed} (33.61D, 33.82C, 27.13B)"
            )
            yield breach("33.61D", message, f"at most {allowed}", claimed)


def construction_oil_source(pos: Position, event: OilExpended) -> Verdict:
    """33.63: construction oil comes from the home country's reserve (Britain may use a zone tracing sea supply from
    the Atlantic U.S. box)."""
    if event.purpose != "construction":
        return
    home = rules.CONSTRUCTION_OIL_RESERVES.get(event.faction)
    reserve, kind = reserve_of(pos, event.reserve)
    if reserve is None:
        if event.faction == "western_allies":
            yield Unknown(reason="British construction oil from a supply zone: its sea supply is not recorded")
    elif home is not None and kind is not None and kind != home:
        message = (
            f"the {power_name(event.faction)} paid construction oil from {event.reserve}; construction oil comes from "
            "the oil status of a home-country supply zone (33.63)"
        )
        yield breach("33.63", message, f"the {home} reserve", f"{event.reserve} ({kind})")


def british_construction_effect(pos: Position, event: UnitBuilt) -> Verdict:
    """33.63: the construction oil effect applies to Britain automatically once every hex of Britain is isolated or
    Axis-held: no British build at normal cost then."""
    if event.owner != "britain" or event.multiplier != 1 or not faction_tracked(pos, "western_allies"):
        return ()
    hexes = _british_hexes(pos.map) if pos.map is not None else None
    if not hexes:
        return (Unknown(reason="no map data gives the hexes of Britain (33.63: all isolated or Axis-held?)"),)
    board, supply = pos.board.control, pos.state.land.hex_supply
    for hex_ in hexes:
        holder = board.get(hex_)
        axis = holder is not None and SIDE_OF_FACTION.get(power_faction(holder)) == "axis"  # type: ignore[call-overload]
        # Choice beside 33.63: a hex whose control never changed is Britain's, and a hex counts as isolated only
        # where a supply determination of this player turn recorded it so.
        if not axis and supply.get(hex_) != "isolated":
            return ()
    message = (
        f"every hex of Britain is isolated or Axis-held, so the construction oil effect applies to Britain "
        f"automatically (33.63): {event.unit} is built at normal cost"
    )
    return (breach("33.63", message, "double cost (the construction oil effect)", f"{event.unit} at normal cost"),)


def growth_oil(pos: Position, event: PlayerTurnStarted | PhaseStarted) -> Verdict:
    """33.61E: BRP base growth at the YSS is covered by growth oil: 25 BRPs a counter, 5 a fifth (China exempt)."""
    state = pos.state.oil
    if not state.growth or event.side is None or state.part != "game_start":
        return
    for faction in FACTIONS:
        grown = state.growth.get(faction, 0)
        if not grown or faction in rules.OIL_EXEMPT_FACTIONS or not tracks_any(pos, faction):
            continue
        spent = state.spent.get(f"{faction}/brp_growth", 0)
        allowed = rules.growth_allowance_brps(spent)
        if allowed is not None and grown > allowed:
            message = (
                f"the {power_name(faction)}'s BRP bases grew by {grown} at the Year Start Sequence; {fifths(spent)} of "
                f"growth oil covers {allowed} (33.61E, 33.82D)"
            )
            yield breach("33.61E", message, f"at most {allowed}", grown)


def resistance_oil(pos: Position, event: OilExpended) -> Verdict:
    """33.74: Japanese resistance oil is paid by the side the island-group difference favours, 1 counter a step, at
    most the steps the difference allows."""
    if event.purpose != "japanese_resistance":
        return
    delta = event.detail.get("island_group_delta")
    if delta is None:
        yield Unknown(reason="resistance oil without the island-group difference (detail.island_group_delta)")
        return
    purchase = rules.japanese_resistance_oil(delta)
    steps = event.detail.get("modifier_steps", 0)
    most = abs(purchase.modifier)
    if purchase.payer != event.faction or steps > most:
        payer, s = power_name(purchase.payer) if purchase.payer else "nobody", "s" if most != 1 else ""
        message = (
            f"an island-group difference of {delta:+d} lets {payer} buy at most {most} resistance step{s} (33.74: 2-5 "
            f"one, 6 or more two); the {power_name(event.faction)} paid for {steps}"
        )
        yield breach("33.74", message, f"{payer}, at most {most} step{s}", f"{power_name(event.faction)}, {steps}")


def no_chinese_oil(pos: Position, event: OilExpended | OilMoved) -> Verdict:
    """33.49: China has no oil: no Chinese oil is spent or moved, none paid for Chinese units (the Flying Tigers
    included); a minor country's units draw on its capital, not on counters, until it is associated or activated."""
    if event.faction in rules.OIL_EXEMPT_FACTIONS:
        message = "China has no oil effects at all, the Flying Tigers included (33.49)"
        yield breach("33.49", message, "no oil", fifths(event.amount))
        return
    if not isinstance(event, OilExpended) or not event.pays_for:
        return
    board, aligned = pos.board.units, pos.state.politics.alignment
    for ref in event.pays_for:
        unit = board.get(ref)
        if unit is None:
            continue
        if unit.owner in rules.OIL_EXEMPT_FACTIONS or unit.nationality == "communist_china":
            why = "Chinese units have no oil effects, the Flying Tigers included (33.49)"
        elif rules.minor_country(unit.nationality) and unit.nationality not in aligned:
            why = f"{power_name(unit.nationality)} draws oil from its capital until associated or activated (33.25)"
        else:
            continue
        message = f"the {power_name(event.faction)} paid oil for {unit.id}: {why}"
        yield breach("33.49", message, "no oil counters for it", f"{unit.id} ({unit.nationality})")
