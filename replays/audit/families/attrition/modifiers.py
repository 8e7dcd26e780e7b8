"""Attrition: who is counted, the modifiers of 14.42 recomputed from the state, the table, losses and the order of
combat (AWAW 14.1-14.5; house App. C)."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionResolved,
)
from awaw_events.events.base import UnitFactors
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, SIDE_OF_FACTION, Faction, Power
from projections.combat import known_ctl
from projections.position.common import die_face
from projections.rules import attrition as rules
from projections.rules.calendar import is_before
from projections.rules.weather import MINOR_WINTER_PREPARATION_START, WINTER_PREPARATION_START, minor_winter_preparation
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.attrition.common import STANDARD_A3R, game_variant, on_map

CHECKS = Family("attrition and air combat")


def _on_pacific_map(ctx: AuditContext[Any], event: AttritionDeclared) -> bool:
    units = ctx.state.board.units
    locations = (unit.location for u in event.counted if (unit := units.get(u.unit)) is not None)
    return rules.on_pacific_map(locations, event.front)


@CHECKS.check(
    "14.41",
    "the attrition total is the counted factors, of units that may be counted",
    reads=(AttritionDeclared,),
    covers=("AUD-14-06", "C-ATT-4"),
    partly={
        "AUD-14-04": "adjacency to enemy units on the front and across passable hexsides needs fronts and hexside "
        "data; the offensive-operation and once-a-turn rules are checked"
    },
)
def check_attrition_factors(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    variant = game_variant(ctx)
    if variant is None:
        yield Missing(reason=STANDARD_A3R)
        return
    total = sum(u.factors for u in event.counted)
    if event.counted and total != event.factors:
        yield c.finding(
            ctx,
            expected=total,
            recorded=event.factors,
            message=f"attrition {event.attrition}: the counted units total {total} factors, recorded {event.factors}",
        )
    for u in event.counted:
        unit = ctx.state.board.units.get(u.unit)
        if unit is None:
            continue
        if not rules.may_be_counted(unit.unit_type, partisans_allowed=event.partisans and variant == "a3r_house"):
            yield c.finding(
                ctx,
                expected="ground units that may attrition",
                recorded=f"{u.unit} ({unit.unit_type})",
                message=f"attrition {event.attrition} counts {u.unit}, a {unit.unit_type} unit: replacements, flak, "
                "partisans (in a conventional attrition), air and naval units are never counted (14.23)",
            )


@CHECKS.check(
    "14.23",
    "no unit counted for attrition attacked this combat phase or was counted in another attrition this game turn",
    reads=(AttritionDeclared,),
    covers=("C-ATT-2", "C-ATT-3"),
)
def check_attrition_units_once(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    if game_variant(ctx) is None:
        return
    attacked = ctx.state.combat.attacked
    counted = ctx.state.combat.counted_in(game_turn(event))
    for u in event.counted:
        if u.unit in attacked:
            yield c.finding(
                ctx,
                expected="units that made no offensive operation",
                recorded=u.unit,
                message=f"attrition {event.attrition} counts {u.unit}, which attacked in this combat phase (14.23A)",
            )
        elif u.unit in counted and counted[u.unit] != event.attrition:
            yield c.finding(
                ctx,
                expected="units not counted before this game turn",
                recorded=u.unit,
                message=f"attrition {event.attrition} counts {u.unit}, already counted in attrition "
                f"{counted[u.unit]} this game turn (14.21, 14.23B)",
            )


class Expected(NamedTuple):
    """The modifiers of 14.42 an attrition's state gives, each as the values it may take (one value when the state
    decides it; several when the log leaves a choice; ``None`` when the state cannot tell and the recorded value is
    taken), and why anything is taken as recorded."""

    ctl: frozenset[int] | None
    winter: frozenset[int] | None
    house: frozenset[int] | None
    notes: tuple[str, ...]


def _faction_of_target(target: str) -> Faction | None:
    if target in FACTIONS:
        return target
    return FACTION_OF_POWER.get(cast(Power, target))


def _ctl_groups(ctx: AuditContext[Any], units: list[UnitFactors]) -> list[tuple[int, int]] | str:
    """(CTL, factors) of units, or the first unit whose CTL is not known."""
    found: list[tuple[int, int]] = []
    for u in units:
        level = known_ctl(ctx.state.board, u.unit)
        if level is None:
            return u.unit
        found.append((level, u.factors))
    return found


def _ctl(ctx: AuditContext[Any], decl: AttritionDeclared) -> tuple[frozenset[int] | None, str | None]:
    """14.42B: the attacker's CTL (its largest group's) minus the defender's, or why it is taken as recorded."""
    attackers = _ctl_groups(ctx, decl.counted)
    if isinstance(attackers, str) or not attackers:
        return None, f"no ground CTL known for {attackers or 'the counted units'} (14.42B taken as recorded)"
    if decl.defenders:
        defenders = _ctl_groups(ctx, decl.defenders)
        if isinstance(defenders, str):
            return None, f"no ground CTL known for defender {defenders} (14.42B taken as recorded)"
        return frozenset({rules.ctl_modifier(attackers, defenders)}), None
    faction = _faction_of_target(decl.target)
    level = ctx.state.board.ctl.get(f"{faction}/ground") if faction is not None else None
    if level is None:
        return None, f"no ground CTL known for {decl.target} (14.42B taken as recorded)"
    top = rules.level_of_largest_group(attackers)
    # the defender's largest group has its faction's CTL, or one less (partial supply, replacements: 15.81, 10.23)
    return frozenset({top - level, top - level + 1}), (
        "the defending units engaged are not recorded (attrition_declared.defenders): 14.42B checked within its range"
    )


def _preparation(ctx: AuditContext[Any], unit_id: str, table: str) -> int | None:
    unit = ctx.state.board.units.get(unit_id)
    if unit is None:
        return None
    if unit.unit_type == "partisan" and table == "a3r_house":
        return MINOR_WINTER_PREPARATION_START["a3r_house"]["partisans"]
    faction = FACTION_OF_POWER.get(cast(Power, unit.owner))
    if faction is None:
        return None
    level = ctx.state.weather.winter_preparation.get(faction, WINTER_PREPARATION_START[table][faction])  # type: ignore[index]
    if unit.nationality in FACTION_OF_POWER:
        return level
    return minor_winter_preparation(unit.nationality, level, table=table)  # type: ignore[arg-type]


def _winter(ctx: AuditContext[Any], decl: AttritionDeclared) -> tuple[frozenset[int] | None, str | None]:
    """14.42C: the preparation difference where winter applies to the defenders this turn, or why it is taken as
    recorded."""
    event = ctx.event
    if event.season in ("spring", "summer"):
        return rules.NO_MODIFIER, None  # no zone has winter weather in spring or summer (34.21-34.33)
    if decl.zone is None:
        return None, "the defenders' weather zone is not recorded (attrition_declared.zone; 14.42C taken as recorded)"
    weather = ctx.state.weather.zones.get(decl.zone)
    now = f"{event.season} {event.year}"
    if weather is None or weather.turn != now:
        return None, f"no weather recorded for {decl.zone} this turn (14.42C taken as recorded)"
    if weather.weather != "winter":
        return rules.NO_MODIFIER, None
    if weather.level is None:
        return None, f"no winter level recorded for {decl.zone} this turn (14.42C taken as recorded)"
    table = rules.winter_rules(ctx.meta.rules, ctx.meta.options)
    if table is None:
        return None, "standard A3R winter preparation is not in the extracts (14.42C taken as recorded)"
    if not decl.defenders:
        return None, "the defending units engaged are not recorded (attrition_declared.defenders; 14.42C as recorded)"
    sides: list[list[tuple[int, int]]] = []
    for units in (decl.counted, decl.defenders):
        groups: list[tuple[int, int]] = []
        for u in units:
            level = _preparation(ctx, u.unit, table)
            if level is None:
                return None, f"the winter preparation of {u.unit} is not known (14.42C taken as recorded)"
            groups.append((level, u.factors))
        sides.append(groups)
    return frozenset({rules.winter_modifier(sides[0], sides[1], weather.level)}), None


def _house(ctx: AuditContext[Any], decl: AttritionDeclared) -> tuple[frozenset[int] | None, str | None]:
    """House 14.42D: the CTL simulation DRM from the date and the compositions of both sides."""
    units = ctx.state.board.units

    def made_of(group: list[UnitFactors]) -> list[tuple[str, int]] | None:
        found = [(unit.nationality, u.factors) for u in group if (unit := units.get(u.unit)) is not None]
        return found if len(found) == len(group) else None

    attackers = made_of(decl.counted)
    defenders = made_of(decl.defenders) if decl.defenders else None
    if attackers is None:
        return None, "a counted unit is not on the board (14.42D taken as recorded)"
    partisans_attack = any(
        (unit := units.get(u.unit)) is not None and unit.unit_type == "partisan" for u in decl.counted
    )
    kind: rules.HouseAttritionKind = (
        ("by_partisans" if partisans_attack else "against_partisans") if decl.partisans else "conventional"
    )
    if kind != "against_partisans" and defenders is None:
        if kind == "conventional" and is_before(rules.HOUSE_EARLY_GERMAN_LAST_TURN, (ctx.event.year, ctx.event.season)):
            return rules.NO_MODIFIER, None
        if kind == "conventional" and SIDE_OF_FACTION.get(decl.attacker) == "axis":
            defenders = []
        else:
            return None, "the defending units engaged are not recorded (attrition_declared.defenders; 14.42D)"
    drm = rules.house_ctl_sim_drm(
        kind,
        attacker_side=SIDE_OF_FACTION.get(decl.attacker, "axis"),
        attackers=rules.composition(attackers),
        defenders=rules.composition(defenders or []),
        year=ctx.event.year,
        season=ctx.event.season,
    )
    return frozenset({drm}), None


def expected_modifiers(ctx: AuditContext[AttritionResolved]) -> Expected | None:
    """The 14.42B-D modifiers of the attrition an ``attrition_resolved`` names (computed once per event)."""
    return ctx.cached(_expected)


def _expected(ctx: AuditContext[AttritionResolved]) -> Expected | None:
    variant = game_variant(ctx)
    decl = ctx.state.combat.attritions.get(ctx.event.attrition)
    if variant is None or decl is None:
        return None
    notes: list[str] = []
    if variant == "awaw":
        ctl, note = _ctl(ctx, decl)
        house: frozenset[int] | None = rules.NO_MODIFIER
    else:
        ctl, note = rules.NO_MODIFIER, None
        house, why = _house(ctx, decl)
        notes += [why] if why else []
    notes += [note] if note else []
    winter, why = _winter(ctx, decl)
    notes += [why] if why else []
    return Expected(ctl, winter, house, tuple(notes))


def _recorded(event: AttritionResolved, part: rules.ModifierPart) -> int:
    return sum(m.value for m in event.modifiers if rules.modifier_part(m.code) == part)


def other_totals(ctx: AuditContext[AttritionResolved]) -> frozenset[int]:
    """The totals the modifiers other than the factor bonus may have: the computed ones, the recorded values where
    the state cannot tell (and where the recorded value is one the state allows, that one)."""
    event = ctx.event
    expected = expected_modifiers(ctx)
    totals = {_recorded(event, "other")}
    for part in ("ctl", "winter", "house"):
        allowed = getattr(expected, part) if expected is not None else None
        recorded = _recorded(event, part)
        values = {recorded} if allowed is None or recorded in allowed else set(allowed)
        totals = {t + v for t in totals for v in values}
    return frozenset(totals)


@CHECKS.check(
    "14.42",
    "attrition modifiers: the factor bonus, CTL and winter differences (house: CTL simulation) the state gives",
    reads=(AttritionResolved,),
    covers=("AUD-14-07", "C-ATT-5", "C-ATT-6"),
)
def check_attrition_modifiers(c: Check, ctx: AuditContext[AttritionResolved]) -> Result:
    event = ctx.event
    variant = game_variant(ctx)
    decl = ctx.state.combat.attritions.get(event.attrition)
    if variant is None or decl is None:
        return
    bonus = rules.factor_modifier(decl.factors)
    expected = expected_modifiers(ctx)
    if expected is not None:
        for note in expected.notes:
            yield Missing(reason=note)
        for part, text in rules.MODIFIER_PART_RULES.items():
            if part == "ctl" and variant == "a3r_house":
                continue  # reported below in the house rules' words
            allowed = getattr(expected, part)
            recorded = _recorded(event, part)  # type: ignore[arg-type]
            if allowed is not None and recorded not in allowed:
                want = " or ".join(f"{v:+d}" for v in sorted(allowed))
                yield c.finding(
                    ctx,
                    expected=want,
                    recorded=f"{recorded:+d}",
                    message=f"attrition {event.attrition}: the state gives {part} {want} ({text}); recorded "
                    f"{recorded:+d}",
                )
        if any(rules.modifier_part(m.code) == "other" for m in event.modifiers):
            yield Missing(reason="a modifier code 14.42 does not name is taken as recorded")
    for m in event.modifiers:
        code = m.code.lower()
        if code in rules.FACTOR_BONUS_CODES and m.value != bonus:
            yield c.finding(
                ctx,
                expected=f"{bonus:+d}",
                recorded=f"{m.value:+d}",
                message=f"attrition {event.attrition}: {decl.factors} factors give {bonus:+d} (+1 per full ten over "
                f"61, 14.42A), recorded {m.value:+d}",
            )
        if variant == "a3r_house" and code in rules.CTL_CODES:
            yield c.finding(
                ctx,
                expected="no CTL modifier",
                recorded=f"{m.value:+d}",
                message=f"attrition {event.attrition} claims a CTL difference of {m.value:+d}; the house rules replace "
                "it with the 14.42D DRMs (14.42B does not apply to A3R)",
            )


@CHECKS.check(
    "14.41",
    "the attrition column, modified roll and result are the table's (Pacific H halved; 2C only for 1C/1H)",
    reads=(AttritionResolved,),
    id="attrition_result",
    covers=("AUD-14-08", "C-ATT-7"),
)
def check_attrition_result(c: Check, ctx: AuditContext[AttritionResolved]) -> Result:
    event = ctx.event
    variant = game_variant(ctx)
    if variant is None:
        yield Missing(reason=STANDARD_A3R)
        return
    decl = ctx.state.combat.attritions.get(event.attrition)
    if decl is None:
        yield Missing(reason=f"attrition {event.attrition} was not declared (no attrition_declared)")
        return
    if decl.factors <= 0:
        yield c.finding(
            ctx,
            expected="at least 1 factor",
            recorded=0,
            message=f"attrition {event.attrition} is resolved with no attritioning factors (14.41)",
        )
        return
    column = rules.ATTRITION_COLUMNS[rules.attrition_column(decl.factors)].label
    if event.column is not None and event.column != column:
        yield c.finding(
            ctx,
            expected=column,
            recorded=event.column,
            message=f"attrition {event.attrition}: {decl.factors} factors read the {column} column, recorded "
            f"{event.column} (14.41)",
        )
    die = die_face(ctx.position, event.roll)
    if die is None:
        return
    pacific = _on_pacific_map(ctx, decl)
    outcomes = [
        rules.resolve_attrition(
            decl.factors, die, modifiers=[total], pacific=pacific, take_2c=event.chose_2c, variant=variant
        )
        for total in sorted(other_totals(ctx))
    ]
    matching = [
        o
        for o in outcomes
        if not rules.attrition_findings(
            o, recorded_counters=event.losses, recorded_hexes=event.hexes, chose_2c=event.chose_2c, pacific=pacific
        )
    ]
    outcome = (matching or outcomes)[0]
    rolls = {o.modified_roll for o in outcomes}
    if event.modified_die is not None and event.modified_die not in rolls:
        yield c.finding(
            ctx,
            expected=outcome.modified_roll,
            recorded=event.modified_die,
            message=f"attrition {event.attrition}: die {die} {outcome.modifier:+d} = {outcome.modified_roll} "
            f"(factor bonus {rules.factor_modifier(decl.factors):+d} and the 14.42B-D modifiers the state gives), "
            f"recorded {event.modified_die}",
        )
    breaches = rules.attrition_findings(
        outcome, recorded_counters=event.losses, recorded_hexes=event.hexes, chose_2c=event.chose_2c, pacific=pacific
    )
    halved = ", H halved on the Pacific map" if pacific else ""
    for b in breaches:
        yield c.finding(
            ctx,
            expected=outcome.result.label,
            recorded=rules.AttritionResult(event.losses, event.hexes).label,
            message=f"attrition {event.attrition}: die {die}, row {outcome.row}, column {outcome.column_label} gives "
            f"{outcome.table_result.label}{halved}; {b.message} ({b.rule})",
        )


@CHECKS.check(
    "14.51",
    "the defender loses exactly C counters (fewer only if it has no more eligible units)",
    reads=(AttritionLossesTaken,),
    covers=("AUD-14-09",),
)
def check_attrition_losses(c: Check, ctx: AuditContext[AttritionLossesTaken]) -> Result:
    event = ctx.event
    if game_variant(ctx) is None:
        return
    counters = ctx.state.combat.attrition_results.get(event.attrition)
    if counters is None:
        yield Missing(reason=f"attrition {event.attrition} has no recorded result")
        return
    lost = len({u.unit for u in event.losses})
    if lost > counters:
        yield c.finding(
            ctx,
            expected=counters,
            recorded=lost,
            message=f"attrition {event.attrition}: {lost} counters removed for a {counters}C result (14.51: exactly C)",
        )
    elif lost < counters:
        decl = ctx.state.combat.attritions.get(event.attrition)
        gone = {u.unit for u in event.losses}
        units = ctx.state.board.units
        spared = sorted(
            d.unit
            for d in (decl.defenders if decl is not None else [])
            if d.unit not in gone and (unit := units.get(d.unit)) is not None and unit.unit_type in rules.LOSS_ELIGIBLE
        )
        if spared:
            yield c.finding(
                ctx,
                expected=counters,
                recorded=lost,
                message=f"attrition {event.attrition}: {lost} counters removed for a {counters}C result while "
                f"{', '.join(spared)}, in contact and eligible, survived (14.51: exactly C, fewer only when no "
                "eligible unit is left)",
            )
        else:
            yield Missing(
                reason="fewer than C counters lost: the units eligible beyond those in contact are not recorded (14.51)"
            )


def _nationality(ctx: AuditContext[Any], unit_id: str) -> str | None:
    board = ctx.state.board
    unit = board.units.get(unit_id)
    if unit is None and (gone := board.eliminated.get(unit_id)) is not None:
        unit = gone.unit
    return unit.nationality if unit is not None else None


@CHECKS.check(
    "14.522",
    "no more counters of a nationality are lost than it has in contact with the attritioning units",
    reads=(AttritionLossesTaken,),
    covers=("AUD-14-11",),
)
def check_contact_limit(c: Check, ctx: AuditContext[AttritionLossesTaken]) -> Result:
    event = ctx.event
    decl = ctx.state.combat.attritions.get(event.attrition)
    if game_variant(ctx) is None or decl is None:
        return
    if not decl.defenders:
        yield Missing(reason="the defending units in contact are not recorded (attrition_declared.defenders; 14.522)")
        return
    contact: dict[str, int] = {}
    for d in decl.defenders:
        nationality = _nationality(ctx, d.unit)
        if nationality is not None:
            contact[nationality] = contact.get(nationality, 0) + 1
    lost: dict[str, int] = {}
    for u in {u.unit for u in event.losses}:
        nationality = _nationality(ctx, u)
        if nationality is not None:
            lost[nationality] = lost.get(nationality, 0) + 1
    for nationality, n in sorted(lost.items()):
        if n > contact.get(nationality, 0):
            yield c.finding(
                ctx,
                expected=f"at most {contact.get(nationality, 0)}",
                recorded=n,
                message=f"attrition {event.attrition}: {n} {nationality} counters lost with "
                f"{contact.get(nationality, 0)} in contact with the attritioning units (14.52C, 14.522)",
            )


@CHECKS.check(
    "14.12",
    "attrition comes after all regular and exploitation combat of the player turn",
    reads=(AttackDeclared,),
    covers=("AUD-14-01",),
    partly={
        "AUD-15-01": "the order checked: attrition last (14.12), exploitation movement before exploitation attacks "
        "(16.44); air missions, airdrops and the return of naval units are not ordered"
    },
)
def check_attrition_last(c: Check, ctx: AuditContext[AttackDeclared]) -> Result:
    attritions = ctx.state.combat.attritions
    if not attritions or game_variant(ctx) is None:
        return ()
    first = next(iter(attritions))
    return [
        c.finding(
            ctx,
            expected="no attack after an attrition",
            recorded=ctx.event.attack,
            message=f"attack {ctx.event.attack} is declared after attrition {first} of this player turn; attrition is "
            "resolved after all regular and exploitation combat (14.12)",
        )
    ]


@CHECKS.check(
    "14.31",
    "one attrition roll per attacking faction against each enemy attrition zone per turn",
    reads=(AttritionDeclared,),
    covers=("AUD-14-02", "C-ATT-1"),
)
def check_one_roll_per_zone(c: Check, ctx: AuditContext[AttritionDeclared]) -> Result:
    event = ctx.event
    if game_variant(ctx) is None:
        return
    if event.attrition_zone is None:
        yield Missing(reason="the attrition zone attritioned is not recorded (attrition_declared.attrition_zone)")
        return
    for other in ctx.state.combat.attritions.values():
        same = (other.attacker, other.target, other.attrition_zone, other.partisans)
        if other.attrition != event.attrition and same == (
            event.attacker,
            event.target,
            event.attrition_zone,
            event.partisans,
        ):
            yield c.finding(
                ctx,
                expected="one roll per zone",
                recorded=event.attrition,
                message=f"attrition {event.attrition}: {event.attacker} already attritioned {event.target}'s zone "
                f"{event.attrition_zone} this turn ({other.attrition}); one roll per faction per enemy zone (14.13, "
                "14.31)",
            )


@CHECKS.check(
    "14.52",
    "attrition losses come from the zone, or from the supply zone only when every unit attritioned was fully supplied",
    reads=(AttritionLossesTaken,),
    covers=("C-ATT-8",),
    partly={"AUD-14-10": "the supply zones and their sources are not map data: the source of each loss is as recorded"},
)
def check_loss_sources(c: Check, ctx: AuditContext[AttritionLossesTaken]) -> Result:
    event = ctx.event
    decl = ctx.state.combat.attritions.get(event.attrition)
    if game_variant(ctx) is None or decl is None:
        return
    board = ctx.state.board
    for u in event.losses:
        unit = board.units.get(u.unit)
        boxes = rules.LOSS_BOXES if ctx.meta.rules == "awaw" else frozenset()
        if unit is not None and not on_map(unit.location) and unit.location not in boxes:
            yield c.finding(
                ctx,
                expected="units on the map",
                recorded=f"{u.unit} in {unit.location}",
                message=f"attrition {event.attrition}: {u.unit} is lost from {unit.location}; no attrition losses come "
                "from mapboard boxes or off-board areas (14.52B)",
            )
    if not event.from_supply_zone:
        return
    if not decl.defenders:
        yield Missing(reason="the defending units are not recorded (attrition_declared.defenders; 14.52A)")
        return
    short = sorted(d.unit for d in decl.defenders if (x := board.units.get(d.unit)) is not None and x.supply != "full")
    for remote in event.from_supply_zone:
        unit = board.units.get(remote)
        kind = unit.unit_type if unit is not None else None
        problems = []
        if short:
            problems.append(f"{', '.join(short)} attritioned were not fully supplied")
        if ctx.meta.rules == "awaw" and kind not in rules.REMOTE_LOSS_TYPES:
            problems.append(f"{remote} is {kind}, and only infantry and replacements are taken from a supply zone")
        for p in problems:
            yield c.finding(
                ctx,
                expected="losses from the attrition zone",
                recorded=remote,
                message=f"attrition {event.attrition}: {remote} is taken from the supply zone, but {p} (14.52A)",
            )
