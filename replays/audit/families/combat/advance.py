"""After the rounds: advance after combat and its stacking, breakthroughs, exploitation allowances (AWAW 15.9, 12.1,
12.16, 16.1, 16.31; house 15.82). Overruns are :mod:`replays.audit.families.overruns`."""

from __future__ import annotations

from typing import Any, cast

from awaw_events.events import AdvanceAfterCombat, BreakthroughCreated, ExploitationAllowance
from awaw_events.vocab import FACTION_OF_POWER, Power
from projections.combat import Attack, house_nationality_of, unit_ctl
from projections.rules import combat as rules
from projections.rules.breach import Breach
from projections.rules.bridgeheads import UNSUPPLIED_STATUSES
from projections.rules.construction import SPECIALIZED_TYPES
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.combat.attacks import STANDARD_A3R, attack_of, crt_table

CHECKS = Family("ground combat")


@CHECKS.check(
    "15.91",
    "only surviving, supplied attackers of the final round advance, into a hex emptied of defenders",
    reads=(AdvanceAfterCombat,),
    covers=("AUD-15-16",),
)
def check_advance(c: Check, ctx: AuditContext[AdvanceAfterCombat]) -> Result:
    event = ctx.event
    if not event.moves:
        return
    found = attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    final = attack.final_fighters()
    roles = {a.unit: a.role for a in attack.declared.attackers}
    units = ctx.state.board.units
    candidates = []
    for m in event.moves:
        unit = units.get(m.unit)
        candidates.append(
            rules.AdvanceCandidate(
                unit=m.unit,
                attacked=m.unit in attack.ground,
                survived_final_round=m.unit in final and attack.left(m.unit, attack.ground.get(m.unit, 0)) > 0,
                supplied=unit is None or unit.supply not in UNSUPPLIED_STATUSES,
                airdropped=roles.get(m.unit) == "airdropped",
                defender=m.unit in attack.defenders,
            )
        )
        if roles.get(m.unit) == "shock_army":
            yield c.finding(
                ctx,
                expected="no advance",
                recorded=m.unit,
                message=f"shock army {m.unit} advanced; shock armies are eliminated after regular ground combat, "
                "before advance after combat (12.16)",
            )
        if m.to not in attack.declared.defender_hexes:
            yield c.finding(
                ctx,
                expected=" or ".join(attack.declared.defender_hexes),
                recorded=m.to,
                message=f"{m.unit} advanced to {m.to}, which is not a hex of attack {event.attack} (15.91)",
            )
    for b in rules.advance_findings(attack.all_defenders_gone(), candidates):
        yield c.finding(
            ctx, expected="no advance", recorded=b.message, message=f"attack {event.attack}: {b.message} ({b.rule})"
        )


@CHECKS.check(
    "12.11",
    "units advancing after combat fit the stacking limits of the hex",
    reads=(AdvanceAfterCombat,),
)
def check_advance_stacking(c: Check, ctx: AuditContext[AdvanceAfterCombat]) -> Result:
    event = ctx.event
    units = ctx.state.board.units
    attack = ctx.state.combat.attacks.get(event.attack)
    dropped = [a.unit for a in attack.declared.attackers if a.role == "airdropped"] if attack else []
    per_hex: dict[str, tuple[int, int]] = {}
    for m in event.moves:
        unit = units.get(m.unit)
        if unit is None or unit.unit_type == "flak":
            continue
        ground, special = per_hex.get(m.to, (0, 0))
        if unit.unit_type in SPECIALIZED_TYPES:
            per_hex[m.to] = (ground, special + 1)
        else:
            per_hex[m.to] = (ground + 1, special)
    for hex_, (ground, special) in per_hex.items():
        # the defenders are gone: besides the advancing units, only airborne dropped on the hex can be there
        special += sum(1 for u in dropped if (unit := units.get(u)) and unit.location == hex_)
        kind: rules.StackHex = "bridgehead" if hex_ in ctx.state.board.bridgeheads else "standard"
        for b in rules.stacking_findings(kind, ground_units=ground, specialized_units=special):
            yield c.finding(
                ctx,
                expected="within the limit",
                recorded=f"{ground} + {special}",
                message=f"advance into {hex_}: {b.message} ({b.rule})",
            )


def _is_armor(ctx: AuditContext[Any], attack: Attack, unit_id: str) -> bool:
    unit = ctx.state.board.units.get(unit_id)
    return (unit is not None and unit.unit_type == "armor") or any(
        a.unit == unit_id and a.armor for a in attack.declared.attackers
    )


@CHECKS.check(
    "16.11",
    "a breakthrough needs a regular attack that cleared the hex, fit armor in the final round and an advance",
    reads=(BreakthroughCreated,),
    covers=("AUD-16-01", "AUD-16-02"),
)
def check_breakthrough(c: Check, ctx: AuditContext[BreakthroughCreated]) -> Result:
    event = ctx.event
    found = attack_of(ctx, event.attack)
    if isinstance(found, Missing):
        yield found
        return
    attack = found
    final = attack.final_fighters()
    armor = []
    for u in sorted(final):
        if not _is_armor(ctx, attack, u):
            continue
        unit = ctx.state.board.units.get(u)
        supplied = unit is None or unit.supply not in rules.NOT_FULLY_SUPPLIED
        armor.append(rules.BreakthroughArmor(supplied, True, attack.ctl.get(u) or 0))
    roles = {a.unit: a.role for a in attack.declared.attackers}
    movers = [u for u in attack.advanced.get(event.hex, ()) if u in attack.ground]
    breaches = list(
        rules.breakthrough_findings(
            kind=rules.attack_kind(attack.declared.kind),
            all_defenders_eliminated=attack.all_defenders_gone(event.hex),
            final_round_armor=armor,
            advanced=bool(movers),
            advanced_only_airdropped=bool(movers) and all(roles.get(u) == "airdropped" for u in movers),
        )
    )
    if event.armor not in final or not _is_armor(ctx, attack, event.armor):
        breaches.append(Breach("16.11A", f"{event.armor} is not an armor unit that fought the final round"))
    if event.hex not in attack.declared.defender_hexes:
        breaches.append(Breach("16.11", f"{event.hex} was not attacked in attack {event.attack}"))
    undefended = not any(d.hex in (None, event.hex) for d in attack.declared.defenders)
    armor_count = sum(1 for a in attack.declared.attackers if _is_armor(ctx, attack, a.unit))
    if undefended and (attack.declared.kind != "invasion" or armor_count < rules.UNDEFENDED_BREAKTHROUGH_ARMOR):
        breaches.append(
            Breach(
                "16.14", f"{event.hex} was undefended: only a seaborne invasion by more than one armor unit makes one"
            )
        )
    for b in breaches:
        yield c.finding(
            ctx,
            expected="no breakthrough",
            recorded=event.breakthrough,
            message=f"breakthrough {event.breakthrough} in {event.hex}: {b.message} ({b.rule})",
        )


def _awaw_allowance(ctx: AuditContext[ExploitationAllowance], printed: int) -> tuple[int | None, str] | Missing:
    """The AWAW exploitation allowance before weather (16.31) and how it was read, or why it cannot be told."""
    event = ctx.event
    breakthrough = ctx.state.combat.breakthroughs.get(event.breakthrough)
    attack = ctx.state.combat.attacks.get(breakthrough.attack) if breakthrough is not None else None
    if attack is None or attack.table is None:
        return Missing(reason=f"breakthrough {event.breakthrough} was not recorded in this player turn")
    board = ctx.state.board
    ctl = unit_ctl(board, event.unit)
    unit = board.units[event.unit]
    if ctl is None:
        return Missing(reason=f"no ground CTL recorded for {FACTION_OF_POWER.get(cast(Power, unit.owner))}")
    declared = attack.declared
    allowance = rules.exploitation_allowance(
        printed,
        ctl=ctl,
        theater=rules.theater_of(declared.defender_hexes[0]),
        breakthrough_terrain=rules.breakthrough_terrain(declared.terrain),
        japanese=unit.nationality == "japan",
        invasion_breakthrough=attack.invasion,
        order=rules.exploit_order(ctx.meta.options),
    )
    return allowance, f"16.31: printed MF {printed}, CTL {ctl}, {declared.terrain or 'clear'} breakthrough hex"


@CHECKS.check(
    "16.31",
    "the exploitation allowance is the printed MF adjusted for CTL and the breakthrough hex (house 15.82)",
    reads=(ExploitationAllowance,),
    covers=("AUD-16-03", "C-CRT-7"),
    partly={
        "AUD-16-06": "weather cuts are taken as claimed; the -3 for a Russian IC or objective defended by 3+ "
        "factors (16.31E) is not recorded"
    },
)
def check_exploitation_allowance(c: Check, ctx: AuditContext[ExploitationAllowance]) -> Result:
    event = ctx.event
    table = crt_table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    unit = ctx.state.board.units.get(event.unit)
    printed = unit.movement if unit is not None else None
    if printed is None:
        yield Missing(reason=f"the printed MF of {event.unit} is not recorded (unit_placed.movement)")
        return
    if table == "a3r_house":
        nationality = house_nationality_of(ctx.state.board, event.unit)
        base: int | None = rules.house_exploitation_allowance(printed, nationality, event.year, event.season)
        why = "house 15.82: WA and Russian armor halved before Summer 1942, Italian before 1946"
    else:
        found = _awaw_allowance(ctx, printed)
        if isinstance(found, Missing):
            yield found
            return
        base, why = found
    weather = rules.weather_cut(event.modifiers)
    if base is None:
        yield c.finding(
            ctx,
            expected="no exploitation",
            recorded=event.allowance,
            message=f"{event.unit} may not exploit ({why}; CTL 0 or less, or terrain, forbids it: 15.82C, 16.31D)",
        )
        return
    expected = rules.with_weather(base, weather)
    if event.allowance != expected:
        yield c.finding(
            ctx,
            expected=expected,
            recorded=event.allowance,
            message=f"{event.unit} exploits with {expected} MF ({why}"
            + (f", weather {weather:+d}" if weather else "")
            + f"), recorded {event.allowance}",
        )
