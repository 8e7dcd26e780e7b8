"""Overruns (AWAW 13.5, 15.34; A3R house App. C-1 where ``combat.crt = awaw_15_house``), asked of a position.

How the facts are read:

* The defence is recomputed from the defending units and the DM items recorded for them (``overrun_resolved.
  defending``: DMs apply to overruns, 13.51, 15.34) plus the DAS that survived interception; without the defenders
  it is taken as recorded (not decided). The attack is the overrunning units' factors plus ground support.
* The hexside: the overrunning units enter from ``origin``, one hex next to the target (13.52); where that hex is
  a breakthrough hex of this player turn, at most two armor units move from it into one hex to overrun (13.522).
* Invading (13.58: "units conducting seaborne invasions (21.51) may not overrun the beach hex"): derived from the
  events, never believed. An overrunning unit invades the hex it overruns when a sea move of this player turn
  (``unit_moved.sea_transport``) ended in that hex, or when it attacked that hex in a seaborne invasion this player
  turn (``attack_declared.kind`` is ``invasion``). A unit that debarked in a port and overruns inland from it is
  not invading (13.58 names only invaders); a recorded ``invading: true`` is the log's own statement of the fault
  and stands.
* A failed overrun must be followed by an attack on the hex in the next combat phase by the overrunning units
  (13.531): judged when the player turn's exploitation (or attrition) phase starts."""

from __future__ import annotations

from awaw_events.events import OverrunResolved, PhaseStarted
from projections import movement as facts
from projections.position.combat.attacks import STANDARD_A3R
from projections.position.common import on_map, winter_preparation
from projections.position.core import Position, Unknown, Verdict, breach
from projections.rules import combat as rules
from projections.rules.attrition import winter_rules
from projections.rules.breach import Breach
from projections.rules.weather import OVERRUN_AIRDROP_BAN_LEVEL


def overrun(pos: Position, event: OverrunResolved) -> Verdict:
    """13.52: overruns: one or two armor or mechanized units, at 6:1 or better when successful."""
    units = []
    for u in event.units:
        unit = pos.board.units.get(u.unit)
        if unit is None:
            return (Unknown(reason=f"overrunning unit {u.unit} is not on the board"),)
        kind: rules.OverrunUnitKind = unit.unit_type if unit.unit_type in ("armor", "mech_infantry") else "other"  # type: ignore[assignment]
        units.append(rules.OverrunUnit(kind))
    a, d = event.attack_strength, event.defence_strength
    came = invaders(pos, event)
    same_side = event.origin is None or not on_map(event.origin, event.target)
    same_side = same_side or pos.grid.adjacent(event.origin, event.target)  # type: ignore[arg-type]
    found = list(
        rules.overrun_findings(
            units,
            attack=a,
            defence=d,
            theater=rules.theater_of(event.target),
            same_hexside=same_side,
            beach_hex_by_invaders=event.invading and not came,
        )
    )
    if came:
        why = "; ".join(f"{unit} {how}" for unit, how in came.items())
        recorded = "" if event.invading else "; the overrun records invading: false"
        found.append(Breach("13.58", f"invading units may not overrun the beach hex: {why}{recorded}"))
    if not event.success:
        found = [b for b in found if "6:1 needed" not in b.message]
        if a > 0 and d > 0 and rules.overrun_odds_ok(a, d):
            found.append(Breach("13.531", f"recorded as failed at {rules.odds(a, d).ratio}, which succeeds"))
    ratio = rules.odds(a, d).ratio if a > 0 and d > 0 else f"{a}:{d}"
    return [
        breach(
            b.rule,
            f"overrun {event.overrun} of {event.target} ({a} vs {d}): {b.message} ({b.rule})",
            "6:1 or better" if "6:1" in b.message else "a legal overrun",
            ratio,
        )
        for b in found
    ]


def invaders(pos: Position, event: OverrunResolved) -> dict[str, str]:
    """13.58: the overrunning units that are invading the hex they overrun, each with how the events show it (see
    the module's notes): carried into it by sea, or attacking it in a seaborne invasion this player turn."""
    by_sea = pos.state.movement.by_sea
    invasions = [
        a.declared
        for a in pos.state.combat.attacks.values()
        if a.declared.kind == "invasion" and event.target in a.declared.defender_hexes
    ]
    found: dict[str, str] = {}
    for u in event.units:
        if by_sea.get(u.unit) == event.target:
            found[u.unit] = f"was carried by sea into {event.target} this player turn (unit_moved.sea_transport)"
        elif invasion := next((i for i in invasions if any(x.unit == u.unit for x in i.attackers)), None):
            found[u.unit] = f"invaded {event.target} in attack {invasion.attack} this player turn (21.51)"
    return found


def overrun_strengths(pos: Position, event: OverrunResolved) -> Verdict:
    """15.34: an overrun's strengths: the defenders' factors x their DMs plus surviving DAS; the units' factors plus
    support."""
    table = rules.crt_table(pos.meta.rules, pos.meta.options)
    attack = rules.attack_strength(sum(u.factors for u in event.units), sum(s.factors for s in event.ground_support))
    where = f"overrun {event.overrun}"
    if attack < event.attack_strength and not event.ground_support:
        yield Unknown(reason="the overrun's ground support is not recorded (overrun_resolved.ground_support)")
    elif attack != event.attack_strength:
        message = f"{where}: the overrunning units and their ground support give {attack} (13.52, 13.53), recorded "
        message += f"{event.attack_strength}"
        yield breach("13.52", message, attack, event.attack_strength)
    if not event.defending:
        yield Unknown(reason="the overrun's defenders and their DMs are not recorded (overrun_resolved.defending)")
        return
    if table is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    defending = [rules.DefendingUnit(d.factors, rules.claimed_dm(d.dms, variant=table)) for d in event.defending]
    das = sum(s.factors for s in event.das)
    defence = rules.defence_strength(defending, das)
    if defence != event.defence_strength:
        parts = " + ".join(f"{u.factors}x{u.dm}" for u in defending) + (f" + DAS {das}" if das else "")
        message = f"{where}: the defence is {parts} = {defence} (DMs apply to overruns, 13.51, 15.34), recorded "
        message += f"{event.defence_strength}"
        yield breach("15.34", message, defence, event.defence_strength)
    listed = set(event.defenders)
    if listed and listed != {d.unit for d in event.defending}:
        message = f"{where}: the defenders with DMs are not the defenders listed"
        yield breach("15.34", message, ", ".join(sorted(listed)), ", ".join(sorted(d.unit for d in event.defending)))


def breakthrough_overruns(pos: Position, event: OverrunResolved) -> Verdict:
    """13.522: no more than two armor units move from one breakthrough hex into the same hex to overrun."""
    combat = pos.state.combat
    if event.origin is None or event.origin not in {bt.hex for bt in combat.breakthroughs.values()}:
        return ()
    earlier = sum(
        len(o.units) for o in combat.overruns.values() if o.origin == event.origin and o.target == event.target
    )
    total = earlier + len(event.units)
    if total <= rules.OVERRUN_MAX_UNITS:
        return ()
    message = f"{total} armor units move from breakthrough hex {event.origin} into {event.target} to overrun (13.522: "
    message += f"no more than {rules.OVERRUN_MAX_UNITS})"
    return (breach("13.522", message, f"at most {rules.OVERRUN_MAX_UNITS} units", total),)


def failed_overrun(pos: Position, event: OverrunResolved | PhaseStarted) -> Verdict:
    """13.531: overrun results: the overrun units gone, support inverted; a failed one is not repeated and is
    attacked."""
    combat = pos.state.combat
    if not combat.overruns:
        return ()
    out: list[Breach | Unknown] = []
    failed = [o for o in combat.overruns.values() if not o.success]
    if isinstance(event, OverrunResolved):
        for o in failed:
            if o.target == event.target and o.phase == event.phase:
                message = f"overrun {event.overrun} of {event.target} follows the failed overrun {o.overrun} of that "
                message += "hex in the same phase (13.531)"
                out.append(breach("13.531", message, "no second overrun", event.overrun))
        return out
    out.extend(_stayed(pos, [o for o in failed if o.phase == pos.state.clock.phase]))
    if event.phase not in rules.PHASES_AFTER_COMBAT or event.phase is None:
        return out
    out.extend(_overrun_results(pos))
    attacks = [a.declared for a in combat.attacks.values() if a.declared.kind != "exploitation"]
    for o in failed:
        if o.phase == "exploitation":
            continue
        units = {u.unit for u in o.units if u.unit in pos.board.units}
        made = [a for a in attacks if o.target in a.defender_hexes and units <= {x.unit for x in a.attackers}]
        if units and not made:
            message = f"the overrun {o.overrun} of {o.target} failed; its units must attack the hex in the combat "
            message += "phase that follows (13.531, 15.22)"
            out.append(breach("13.531", message, f"an attack on {o.target} by {', '.join(sorted(units))}", "no attack"))
        air = {s.unit for s in o.ground_support if s.unit in pos.board.units}
        if units and made and not any(air <= {s.unit for s in a.ground_support} for a in made):
            missing = ", ".join(sorted(air - {s.unit for a in made for s in a.ground_support}))
            message = f"the overrun {o.overrun} of {o.target} failed; the air units that supported it ({missing}) "
            message += "must fly ground support in the attack on the hex that follows (13.531)"
            out.append(breach("13.531", message, f"{missing} in the attack on {o.target}", "not in the attack"))
    return out


def _stayed(pos: Position, failed: list[OverrunResolved]) -> Verdict:
    """13.531: "The ground units which attempted the overrun remain in the hex from which they attempted the
    overrun": judged when the phase of a failed overrun ends (units eliminated for overstacking, 12.15, are gone)."""
    units = pos.board.units
    for o in failed:
        if o.origin is None:
            continue
        for u in o.units:
            unit = units.get(u.unit)
            if unit is not None and unit.location != o.origin:
                message = f"{u.unit} attempted the failed overrun {o.overrun} of {o.target} from {o.origin} and ends "
                message += f"the phase in {unit.location}: it remains in the hex it overran from (13.531)"
                yield breach("13.531", message, o.origin, unit.location)


def _overrun_results(pos: Position) -> Verdict:
    """13.53-13.54: every unit of a successful overrun is off the board and its supporting air is inverted."""
    board = pos.board
    for o in pos.state.combat.overruns.values():
        if not o.success:
            continue
        for u in o.defenders:
            if u in board.units:
                message = f"overrun {o.overrun} succeeded, but {u} is still on the board: overrun units are "
                message += "eliminated at once (13.54)"
                yield breach("13.54", message, "eliminated", f"{u} in {board.units[u].location}")
        for mover in o.units:
            gone = board.eliminated.get(mover.unit)
            if gone is not None and gone.cause == "overrun" and gone.ref in (None, o.overrun):
                message = f"{mover.unit} overran in {o.overrun} and is eliminated for it: the moving player suffers no "
                message += "losses in an overrun (13.54)"
                yield breach("13.54", message, "no loss to the overrunning units", f"{mover.unit} eliminated")
        for s in o.ground_support:
            air = board.units.get(s.unit)
            if air is not None and not air.inverted:
                message = f"{s.unit} supported the successful overrun {o.overrun} and is not inverted (13.53)"
                yield breach("13.53", message, "inverted", f"{s.unit} uninverted")


def overrun_winter(pos: Position, event: OverrunResolved) -> Verdict:
    """13.57: no overrun where the overrunning faction's winter level is 3 or more."""
    if event.season not in ("fall", "winter"):
        return ()
    found = pos.hex(event.target)
    if found is None or found.weather_zone is None:
        return (pos.missing_hex(event.target, "weather zone"),)
    weather = pos.state.weather.zones.get(found.weather_zone)
    if weather is None or weather.weather != "winter" or weather.level is None:
        return ()
    unit = pos.board.units.get(event.units[0].unit)
    faction = facts.faction_of(unit.owner) if unit is not None else None
    if faction is None or winter_rules(pos.meta.rules, pos.meta.options) is None:
        return (Unknown(reason=f"the winter preparation of the units overrunning {event.target} is not known"),)
    prep = winter_preparation(pos, faction)
    level = max(0, weather.level - prep)
    if level < OVERRUN_AIRDROP_BAN_LEVEL:
        return ()
    message = f"overrun {event.overrun} of {event.target} at winter level {level} (raw {weather.level} less "
    message += f"preparation {prep}); level {OVERRUN_AIRDROP_BAN_LEVEL} and above prohibit overruns (13.57, 34.41)"
    return (breach("13.57", message, f"a winter level below {OVERRUN_AIRDROP_BAN_LEVEL}", level),)


def overrun_operation(pos: Position, event: OverrunResolved) -> Verdict:
    """13.51: an overrun is an offensive operation of the overrunning power, and no airdrop assists it in the
    movement phase."""
    combat = pos.state.combat
    unit = pos.board.units.get(event.units[0].unit)
    out = []
    if unit is not None:
        found = pos.hex(event.target)
        front = found.front if found is not None else None
        paid = {f for p, f in combat.offensives if p == unit.owner}
        if not paid or (front is not None and front not in paid):
            where = f" on the {front} front" if front is not None else ""
            message = f"overrun {event.overrun} of {event.target}: {unit.owner} paid for no offensive "
            message += f"operation{where} this player turn; overruns are offensive operations (13.51, rule 9)"
            out.append(breach("13.51", message, f"an offensive operation of {unit.owner}{where}", "none"))
    if event.phase == "movement":
        for u, (target, phase) in combat.airdrops.items():
            if target == event.target and phase == "movement":
                message = f"{u} dropped on {event.target} in the movement phase to assist overrun {event.overrun}; "
                message += "airdrops never assist overruns in the movement phase (13.532)"
                out.append(breach("13.532", message, "no airdrop", u))
    return out
