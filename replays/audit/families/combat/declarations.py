"""Attack declarations: DM items, support limits, attack stacking (AWAW 15.3, 15.47, 15.632, 18.614, 12.16; house
15.642)."""

from __future__ import annotations

from awaw_events.events import AttackDeclared
from projections.rules import air
from projections.rules import combat as rules
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.combat.attacks import STANDARD_A3R, breach_text, crt_table

CHECKS = Family("ground combat")


@CHECKS.check(
    "15.3",
    "each claimed DM item has its catalogue value, and the items can apply together",
    reads=(AttackDeclared,),
    covers=("C-CRT-8",),
)
def check_dm_items(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    table = crt_table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    catalogue = rules.AWAW_DMS if table == "awaw" else rules.HOUSE_DMS
    base = rules.DM_BASE[table]
    for d in event.defenders:
        codes: list[str] = []
        for m in d.dms:
            if m.code in rules.BASE_DM_CODES:
                if m.value != base:
                    yield c.finding(
                        ctx,
                        expected=base,
                        recorded=m.value,
                        message=f"{d.unit}: the basic multiplier is {base}, recorded {m.value}",
                    )
                continue
            code = rules.catalogue_code(m.code)
            if table == "a3r_house" and code == rules.A3R_BASE_CODE:
                continue
            spec = catalogue.get(code)
            if spec is None:
                yield Missing(reason=f"DM item {m.code!r} is not in the catalogue; its value is taken as claimed")
                continue
            codes.append(code)
            ok = m.value == spec.value or (spec.per_turn and m.value * spec.value > 0 and m.value % spec.value == 0)
            if not ok:
                yield c.finding(
                    ctx,
                    expected=spec.value,
                    recorded=m.value,
                    message=f"{d.unit}: DM item {code} is worth {spec.value:+d} ({spec.rule}), recorded {m.value:+d}",
                )
        breaches = rules.dm_findings(codes, variant=table, options=ctx.meta.options)
        if breaches:
            yield c.finding(
                ctx,
                expected="compatible DM items",
                recorded=", ".join(codes),
                message=f"{d.unit}: {breach_text(breaches)}",
            )


@CHECKS.check(
    "15.632",
    "ground support, DAS and (house) shore bombardment within the 3:1 limits",
    reads=(AttackDeclared,),
    covers=("C-AIR-5",),
)
def check_support_limits(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    table = crt_table(ctx)
    if table is None:
        yield Missing(reason=STANDARD_A3R)
        return
    ground = sum(a.factors for a in event.attackers)
    defending = sum(d.factors for d in event.defenders)
    support = sum(s.factors for s in event.ground_support)
    das = sum(s.factors for s in event.das)
    air_rules = table == "awaw" or air.house_air_combat(ctx.meta.rules, ctx.meta.options)
    breaches = rules.support_findings(
        ground_support=support,
        attacking_ground_factors=ground,
        das=das if air_rules else 0,
        defending_ground_factors=defending,
    )
    for b in breaches:
        limit = rules.air_support_limit(ground if b.rule == "15.632" else defending)
        what, amount, base = ("ground support", support, ground) if b.rule == "15.632" else ("DAS", das, defending)
        yield c.finding(
            ctx,
            expected=f"at most {limit}",
            recorded=amount,
            message=f"{amount} {what} factors in attack {event.attack}; 3:1 allows {limit} for {base} ground "
            f"factors ({b.rule})",
        )
    if table == "a3r_house" and event.shore_bombardment:
        invading = sum(a.factors for a in event.attackers if a.role == "invading" or event.kind == "invasion")
        fleet = sum(s.factors for s in event.shore_bombardment)
        limit = rules.shore_bombardment_limit(invading)
        if fleet > limit:
            yield c.finding(
                ctx,
                expected=f"at most {limit}",
                recorded=fleet,
                message=f"{fleet} shore bombardment factors in attack {event.attack}; the house 3:1 limit allows "
                f"{limit} for {invading} invading ground factors (15.642)",
            )


@CHECKS.check(
    "15.47",
    "at most two ground units attack out of one hex; at most three shock armies per attack",
    reads=(AttackDeclared,),
    covers=("AUD-15-08", "AUD-16-12"),
)
def check_attack_origins(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    event = ctx.event
    units = ctx.state.board.units
    by_hex: dict[str, list[rules.AttackerKind]] = {}
    for a in event.attackers:
        unit = units.get(a.unit)
        kind = rules.attacker_kind(a.role, unit.unit_type if unit is not None else None)
        by_hex.setdefault(a.origin or f"(no origin: {a.unit})", []).append(kind)
    for b in rules.attack_origin_findings(by_hex):
        yield c.finding(
            ctx,
            expected="within the limit",
            recorded=b.message,
            message=f"attack {event.attack}: {b.message} ({b.rule})",
        )
