"""Overruns (AWAW 13.5, 15.34; A3R house App. C-1 where ``combat.crt = awaw_15_house``).

Sources: 10-16 extract 2.6 (AUD-13-11 to AUD-13-20), 5.7 and 6.5 (DT-09). Every number comes from
:mod:`projections.rules.combat` (the 6:1 minimum, the two-unit limit, DMs and strengths); the overruns of the
current player turn are projection state (:attr:`projections.combat.CombatState.overruns`).

How the facts are read:

* The defence is recomputed from the defending units and the DM items recorded for them (``overrun_resolved.
  defending``: DMs apply to overruns, 13.51, 15.34) plus the DAS that survived interception; without the defenders
  it is taken as recorded (reported as not checked). The attack is the overrunning units' factors plus ground
  support.
* The hexside: the overrunning units enter from ``origin``, one hex next to the target (13.52); where that hex is
  a breakthrough hex of this player turn, at most two armor units move from it into one hex to overrun (13.522).
* A failed overrun must be followed by an attack on the hex in the next combat phase by the overrunning units
  (13.531): checked when the player turn's exploitation (or attrition) phase starts.
"""

from __future__ import annotations

from typing import Any, Final, cast

from awaw_events.events import OverrunResolved, PhaseStarted
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.rules import combat as rules
from projections.rules.attrition import winter_rules
from projections.rules.breach import Breach
from projections.rules.geometry import GeometryError, parse
from projections.rules.weather import OVERRUN_AIRDROP_BAN_LEVEL, WINTER_PREPARATION_START
from replays.audit.engine import AuditContext, Check, Family, Missing, Result

FAMILY: Final = Family("overruns")


def _on_map(*hexes: str) -> bool:
    try:
        for h in hexes:
            parse(h)
    except GeometryError:
        return False
    return True


@FAMILY.check(
    "13.52",
    "overruns: one or two armor or mechanized units, at 6:1 or better when successful",
    reads=(OverrunResolved,),
    id="overrun",
    covers=("AUD-13-11", "AUD-13-18"),
)
def check_overrun(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    units = []
    for u in event.units:
        unit = ctx.state.board.units.get(u.unit)
        if unit is None:
            yield Missing(reason=f"overrunning unit {u.unit} is not on the board")
            return
        kind: rules.OverrunUnitKind = unit.unit_type if unit.unit_type in ("armor", "mech_infantry") else "other"  # type: ignore[assignment]
        units.append(rules.OverrunUnit(kind))
    a, d = event.attack_strength, event.defence_strength
    same_side = event.origin is None or not _on_map(event.origin, event.target)
    same_side = same_side or ctx.grid.adjacent(event.origin, event.target)  # type: ignore[arg-type]
    breaches = list(
        rules.overrun_findings(
            units,
            attack=a,
            defence=d,
            theater=rules.theater_of(event.target),
            same_hexside=same_side,
            beach_hex_by_invaders=event.invading,
        )
    )
    odds_ok = a > 0 and d > 0 and rules.overrun_odds_ok(a, d)
    if not event.success:
        breaches = [b for b in breaches if "6:1 needed" not in b.message]
        if odds_ok:
            breaches.append(Breach("13.531", f"recorded as failed at {rules.odds(a, d).ratio}, which succeeds"))
    ratio = rules.odds(a, d).ratio if a > 0 and d > 0 else f"{a}:{d}"
    for b in breaches:
        yield c.finding(
            ctx,
            expected="6:1 or better" if "6:1" in b.message else "a legal overrun",
            recorded=ratio,
            message=f"overrun {event.overrun} of {event.target} ({a} vs {d}): {b.message} ({b.rule})",
        )


@FAMILY.check(
    "15.34",
    "an overrun's strengths: the defenders' factors x their DMs plus surviving DAS; the units' factors plus support",
    reads=(OverrunResolved,),
    covers=("AUD-13-12",),
)
def check_overrun_strengths(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    table = rules.crt_table(ctx.meta.rules, ctx.meta.options)
    attack = rules.attack_strength(sum(u.factors for u in event.units), sum(s.factors for s in event.ground_support))
    if attack < event.attack_strength and not event.ground_support:
        yield Missing(reason="the overrun's ground support is not recorded (overrun_resolved.ground_support)")
    elif attack != event.attack_strength:
        yield c.finding(
            ctx,
            expected=attack,
            recorded=event.attack_strength,
            message=f"overrun {event.overrun}: the overrunning units and their ground support give {attack} "
            f"(13.52, 13.53), recorded {event.attack_strength}",
        )
    if not event.defending:
        yield Missing(reason="the overrun's defenders and their DMs are not recorded (overrun_resolved.defending)")
        return
    if table is None:
        yield Missing(reason="the standard A3R combat rules (combat.crt = a3r) are not in the extracts")
        return
    defending = [rules.DefendingUnit(d.factors, rules.claimed_dm(d.dms, variant=table)) for d in event.defending]
    das = sum(s.factors for s in event.das)
    defence = rules.defence_strength(defending, das)
    if defence != event.defence_strength:
        parts = " + ".join(f"{u.factors}x{u.dm}" for u in defending) + (f" + DAS {das}" if das else "")
        yield c.finding(
            ctx,
            expected=defence,
            recorded=event.defence_strength,
            message=f"overrun {event.overrun}: the defence is {parts} = {defence} (DMs apply to overruns, 13.51, "
            f"15.34), recorded {event.defence_strength}",
        )
    listed = set(event.defenders)
    if listed and listed != {d.unit for d in event.defending}:
        yield c.finding(
            ctx,
            expected=", ".join(sorted(listed)),
            recorded=", ".join(sorted(d.unit for d in event.defending)),
            message=f"overrun {event.overrun}: the defenders with DMs are not the defenders listed",
        )


@FAMILY.check(
    "13.522",
    "no more than two armor units move from one breakthrough hex into the same hex to overrun",
    reads=(OverrunResolved,),
    covers=("AUD-13-14",),
)
def check_breakthrough_overruns(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    combat = ctx.state.combat
    if event.origin is None or event.origin not in {bt.hex for bt in combat.breakthroughs.values()}:
        return
    earlier = sum(
        len(o.units) for o in combat.overruns.values() if o.origin == event.origin and o.target == event.target
    )
    total = earlier + len(event.units)
    if total > rules.OVERRUN_MAX_UNITS:
        yield c.finding(
            ctx,
            expected=f"at most {rules.OVERRUN_MAX_UNITS} units",
            recorded=total,
            message=f"{total} armor units move from breakthrough hex {event.origin} into {event.target} to overrun "
            f"(13.522: no more than {rules.OVERRUN_MAX_UNITS})",
        )


@FAMILY.check(
    "13.531",
    "overrun results: the overrun units gone, support inverted; a failed one is not repeated and is attacked",
    reads=(OverrunResolved, PhaseStarted),
    covers=("AUD-13-15", "AUD-13-16"),
    partly={
        "AUD-15-03": "the mandatory attacks of failed overruns are checked; those after airdrops on enemy units, "
        "uninterfered invasions and tactical atomic attacks are not"
    },
)
def check_failed_overrun(c: Check, ctx: AuditContext[OverrunResolved | PhaseStarted]) -> Result:
    if not ctx.state.combat.overruns:
        return ()
    return list(_failed_overrun(c, ctx))


def _failed_overrun(c: Check, ctx: AuditContext[OverrunResolved | PhaseStarted]) -> Result:
    event = ctx.event
    combat = ctx.state.combat
    failed = [o for o in combat.overruns.values() if not o.success]
    if isinstance(event, PhaseStarted) and event.phase in rules.PHASES_AFTER_COMBAT:
        yield from _overrun_results(c, ctx)
    if not failed:
        return
    if isinstance(event, OverrunResolved):
        for o in failed:
            if o.target == event.target and o.phase == event.phase:
                yield c.finding(
                    ctx,
                    expected="no second overrun",
                    recorded=event.overrun,
                    message=f"overrun {event.overrun} of {event.target} follows the failed overrun {o.overrun} of "
                    "that hex in the same phase (13.531)",
                )
        return
    if event.phase not in rules.PHASES_AFTER_COMBAT or event.phase is None:
        return
    attacks = [a.declared for a in combat.attacks.values() if a.declared.kind != "exploitation"]
    for o in failed:
        if o.phase == "exploitation":
            continue
        units = {u.unit for u in o.units if u.unit in ctx.state.board.units}
        made = any(o.target in a.defender_hexes and units <= {x.unit for x in a.attackers} for a in attacks)
        if units and not made:
            yield c.finding(
                ctx,
                expected=f"an attack on {o.target} by {', '.join(sorted(units))}",
                recorded="no attack",
                message=f"the overrun {o.overrun} of {o.target} failed; its units must attack the hex in the combat "
                "phase that follows (13.531, 15.22)",
            )


def _overrun_results(c: Check, ctx: AuditContext[Any]) -> Result:
    """13.53-13.54: every unit of a successful overrun is off the board and its supporting air is inverted."""
    board = ctx.state.board
    for o in ctx.state.combat.overruns.values():
        if not o.success:
            continue
        for u in o.defenders:
            if u in board.units:
                yield c.finding(
                    ctx,
                    expected="eliminated",
                    recorded=f"{u} in {board.units[u].location}",
                    message=f"overrun {o.overrun} succeeded, but {u} is still on the board: overrun units are "
                    "eliminated at once (13.54)",
                )
        for s in o.ground_support:
            air = board.units.get(s.unit)
            if air is not None and not air.inverted:
                yield c.finding(
                    ctx,
                    expected="inverted",
                    recorded=f"{s.unit} uninverted",
                    message=f"{s.unit} supported the successful overrun {o.overrun} and is not inverted (13.53)",
                )


@FAMILY.check(
    "13.57",
    "no overrun where the overrunning faction's winter level is 3 or more",
    reads=(OverrunResolved,),
    partly={
        "AUD-13-19": "winter only, and only where the map data gives the target's weather zone; mud (13.57) "
        "is not checked"
    },
)
def check_overrun_winter(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    if event.season not in ("fall", "winter"):
        return
    facts = ctx.hex(event.target)
    if facts is None or facts.weather_zone is None:
        yield ctx.missing_hex(event.target, "weather zone")
        return
    weather = ctx.state.weather.zones.get(facts.weather_zone)
    if weather is None or weather.weather != "winter" or weather.level is None:
        return
    unit = ctx.state.board.units.get(event.units[0].unit)
    faction = FACTION_OF_POWER.get(cast(Power, unit.owner)) if unit is not None else None
    table = winter_rules(ctx.meta.rules, ctx.meta.options)
    if faction is None or table is None:
        yield Missing(reason=f"the winter preparation of the units overrunning {event.target} is not known")
        return
    prep = ctx.state.weather.winter_preparation.get(faction, WINTER_PREPARATION_START[table][faction])
    level = max(0, weather.level - prep)
    if level >= OVERRUN_AIRDROP_BAN_LEVEL:
        yield c.finding(
            ctx,
            expected=f"a winter level below {OVERRUN_AIRDROP_BAN_LEVEL}",
            recorded=level,
            message=f"overrun {event.overrun} of {event.target} at winter level {level} (raw {weather.level} less "
            f"preparation {prep}); level {OVERRUN_AIRDROP_BAN_LEVEL} and above prohibit overruns (13.57, 34.41)",
        )


@FAMILY.check(
    "13.51",
    "an overrun is an offensive operation of the overrunning power, and no airdrop assists it in the movement phase",
    reads=(OverrunResolved,),
    covers=("AUD-13-17", "AUD-13-20"),
)
def check_overrun_operation(c: Check, ctx: AuditContext[OverrunResolved]) -> Result:
    event = ctx.event
    combat = ctx.state.combat
    unit = ctx.state.board.units.get(event.units[0].unit)
    if unit is not None:
        facts = ctx.hex(event.target)
        front = facts.front if facts is not None else None
        paid = {f for p, f in combat.offensives if p == unit.owner}
        if not paid or (front is not None and front not in paid):
            where = f" on the {front} front" if front is not None else ""
            yield c.finding(
                ctx,
                expected=f"an offensive operation of {unit.owner}{where}",
                recorded="none",
                message=f"overrun {event.overrun} of {event.target}: {unit.owner} paid for no offensive operation"
                f"{where} this player turn; overruns are offensive operations (13.51, rule 9)",
            )
    if event.phase == "movement":
        for u, (target, phase) in combat.airdrops.items():
            if target == event.target and phase == "movement":
                yield c.finding(
                    ctx,
                    expected="no airdrop",
                    recorded=u,
                    message=f"{u} dropped on {event.target} in the movement phase to assist overrun {event.overrun}; "
                    "airdrops never assist overruns in the movement phase (13.532)",
                )
