"""Attrition: who is counted, the modifiers of 14.42 recomputed from the state, the table, losses and the order of
combat (AWAW 14.1-14.5; house App. C)."""

from __future__ import annotations

from typing import NamedTuple, cast

from awaw_events.events import (
    AttackDeclared,
    AttritionDeclared,
    AttritionLossesTaken,
    AttritionResolved,
)
from awaw_events.events.base import UnitFactors
from awaw_events.gametime import game_turn
from awaw_events.vocab import FACTION_OF_POWER, FACTIONS, SIDE_OF_FACTION, Faction, Power, Season, power_name
from projections import brp
from projections.combat import known_ctl
from projections.position.attrition import STANDARD_A3R, game_variant
from projections.position.common import die_face, on_map
from projections.position.core import Position, Unknown, breach
from projections.position.movement import Verdict
from projections.rules import attrition as rules
from projections.rules.calendar import is_before
from projections.rules.economy import LIMITED_OFFENSIVE_MAX, attrition_allowed
from projections.rules.texts import cited
from projections.rules.weather import MINOR_WINTER_PREPARATION_START, WINTER_PREPARATION_START, minor_winter_preparation


def _on_pacific_map(pos: Position, event: AttritionDeclared) -> bool:
    units = pos.state.board.units
    locations = (unit.location for u in event.counted if (unit := units.get(u.unit)) is not None)
    return rules.on_pacific_map(locations, event.front)


def attrition_factors(pos: Position, event: AttritionDeclared) -> Verdict:
    """14.41: the attrition total is the counted factors, of units that may be counted"""
    variant = game_variant(pos)
    if variant is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    total = sum(u.factors for u in event.counted)
    if event.counted and total != event.factors:
        yield breach(
            "14.41",
            f"attrition {event.attrition}: the counted units total {total} factors, recorded {event.factors}",
            total,
            event.factors,
        )
    for u in event.counted:
        unit = pos.state.board.units.get(u.unit)
        if unit is None:
            continue
        if not rules.may_be_counted(unit.unit_type, partisans_allowed=event.partisans and variant == "a3r_house"):
            yield breach(
                "14.41",
                f"attrition {event.attrition} counts {u.unit}, a {unit.unit_type} unit: replacements, flak, "
                "partisans (in a conventional attrition), air and naval units are never counted (14.23)",
                "ground units that may attrition",
                f"{u.unit} ({unit.unit_type})",
            )


def attrition_units_once(pos: Position, event: AttritionDeclared) -> Verdict:
    """14.23: no unit counted for attrition attacked this combat phase or was counted in another attrition this
    game turn"""
    if game_variant(pos) is None:
        return
    attacked = pos.state.combat.attacked
    counted = pos.state.combat.counted_in(game_turn(event))
    for u in event.counted:
        if u.unit in attacked:
            yield breach(
                "14.23",
                f"attrition {event.attrition} counts {u.unit}, which attacked in this combat phase (14.23A)",
                "units that made no offensive operation",
                u.unit,
            )
        elif u.unit in counted and counted[u.unit] != event.attrition:
            yield breach(
                "14.23",
                f"attrition {event.attrition} counts {u.unit}, already counted in attrition "
                f"{counted[u.unit]} this game turn (14.21, 14.23B)",
                "units not counted before this game turn",
                u.unit,
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


def _ctl_groups(pos: Position, units: list[UnitFactors]) -> tuple[list[tuple[int, int]], list[UnitFactors]]:
    """(CTL, factors) of the units whose CTL is known, and the units whose CTL is not (Italian, minor: 15.8)."""
    found: list[tuple[int, int]] = []
    unknown: list[UnitFactors] = []
    for u in units:
        level = known_ctl(pos.state.board, u.unit)
        if level is None:
            unknown.append(u)
        else:
            found.append((level, u.factors))
    return found, unknown


def _side_ctl(pos: Position, units: list[UnitFactors], who: str) -> int | str:
    """14.42B: the CTL of a side's largest group, decided even with units of unknown CTL among them where those
    cannot change which group is largest; else why it is taken as recorded."""
    known, unknown = _ctl_groups(pos, units)
    level = rules.level_despite(known, sum(u.factors for u in unknown))
    if level is not None:
        return level
    first = unknown[0].unit if unknown else "the counted units"
    return f"no ground CTL known for {who}{first} (14.42B taken as recorded)"


def _ctl(pos: Position, decl: AttritionDeclared) -> tuple[frozenset[int] | None, str | None]:
    """14.42B: the attacker's CTL (its largest group's) minus the defender's, or why it is taken as recorded."""
    top = _side_ctl(pos, decl.counted, "")
    if isinstance(top, str):
        return None, top
    if decl.defenders:
        bottom = _side_ctl(pos, decl.defenders, "defender ")
        if isinstance(bottom, str):
            return None, bottom
        return frozenset({top - bottom}), None
    faction = _faction_of_target(decl.target)
    level = pos.state.board.ctl.get(f"{faction}/ground") if faction is not None else None
    if level is None:
        return None, f"no ground CTL known for {decl.target} (14.42B taken as recorded)"
    # the defender's largest group has its faction's CTL, or one less (partial supply, replacements: 15.81, 10.23)
    return frozenset({top - level, top - level + 1}), (
        "the defending units engaged are not recorded (attrition_declared.defenders): 14.42B checked within its range"
    )


def _preparation(pos: Position, unit_id: str, table: str) -> int | None:
    unit = pos.state.board.units.get(unit_id)
    if unit is None:
        return None
    if unit.unit_type == "partisan" and table == "a3r_house":
        return MINOR_WINTER_PREPARATION_START["a3r_house"]["partisans"]
    faction = FACTION_OF_POWER.get(cast(Power, unit.owner))
    if faction is None:
        return None
    level = pos.state.weather.winter_preparation.get(faction, WINTER_PREPARATION_START[table][faction])  # type: ignore[index]
    if unit.nationality in FACTION_OF_POWER:
        return level
    return minor_winter_preparation(unit.nationality, level, table=table)  # type: ignore[arg-type]


def _winter(
    pos: Position, year: int, season: Season, decl: AttritionDeclared
) -> tuple[frozenset[int] | None, str | None]:
    """14.42C: the preparation difference where winter applies to the defenders this turn, or why it is taken as
    recorded."""
    if season in ("spring", "summer"):
        return rules.NO_MODIFIER, None  # no zone has winter weather in spring or summer (34.21-34.33)
    if decl.zone is None:
        return None, "the defenders' weather zone is not recorded (attrition_declared.zone; 14.42C taken as recorded)"
    weather = pos.state.weather.zones.get(decl.zone)
    now = f"{season} {year}"
    if weather is None or weather.turn != now:
        return None, f"no weather recorded for {decl.zone} this turn (14.42C taken as recorded)"
    if weather.weather != "winter":
        return rules.NO_MODIFIER, None
    if weather.level is None:
        return None, f"no winter level recorded for {decl.zone} this turn (14.42C taken as recorded)"
    table = rules.winter_rules(pos.meta.rules, pos.meta.options)
    if table is None:
        return None, "standard A3R winter preparation is not in the extracts (14.42C taken as recorded)"
    if not decl.defenders:
        return None, "the defending units engaged are not recorded (attrition_declared.defenders; 14.42C as recorded)"
    sides: list[list[tuple[int, int]]] = []
    for units in (decl.counted, decl.defenders):
        groups: list[tuple[int, int]] = []
        for u in units:
            level = _preparation(pos, u.unit, table)
            if level is None:
                return None, f"the winter preparation of {u.unit} is not known (14.42C taken as recorded)"
            groups.append((level, u.factors))
        sides.append(groups)
    return frozenset({rules.winter_modifier(sides[0], sides[1], weather.level)}), None


def _house(
    pos: Position, year: int, season: Season, decl: AttritionDeclared
) -> tuple[frozenset[int] | None, str | None]:
    """House 14.42D: the CTL simulation DRM from the date and the compositions of both sides."""
    units = pos.state.board.units

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
        if kind == "conventional" and is_before(rules.HOUSE_EARLY_GERMAN_LAST_TURN, (year, season)):
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
        year=year,
        season=season,
    )
    return frozenset({drm}), None


def expected_modifiers(pos: Position, event: AttritionResolved) -> Expected | None:
    """The 14.42B-D modifiers of the attrition an ``attrition_resolved`` names (computed once per event)."""
    return pos.cached(_expected, event.attrition, event.year, event.season)


def _expected(pos: Position, attrition: str, year: int, season: Season) -> Expected | None:
    variant = game_variant(pos)
    decl = pos.state.combat.attritions.get(attrition)
    if variant is None or decl is None:
        return None
    notes: list[str] = []
    if variant == "awaw":
        ctl, note = _ctl(pos, decl)
        house: frozenset[int] | None = rules.NO_MODIFIER
    else:
        ctl, note = rules.NO_MODIFIER, None
        house, why = _house(pos, year, season, decl)
        notes += [why] if why else []
    notes += [note] if note else []
    winter, why = _winter(pos, year, season, decl)
    notes += [why] if why else []
    return Expected(ctl, winter, house, tuple(notes))


def _recorded(event: AttritionResolved, part: rules.ModifierPart) -> int:
    return sum(m.value for m in event.modifiers if rules.modifier_part(m.code) == part)


def other_totals(pos: Position, event: AttritionResolved) -> frozenset[int]:
    """The totals the modifiers other than the factor bonus may have: the computed ones, the recorded values where
    the state cannot tell (and where the recorded value is one the state allows, that one)."""
    expected = expected_modifiers(pos, event)
    totals = {_recorded(event, "other")}
    for part in ("ctl", "winter", "house"):
        allowed = getattr(expected, part) if expected is not None else None
        recorded = _recorded(event, part)
        values = {recorded} if allowed is None or recorded in allowed else set(allowed)
        totals = {t + v for t in totals for v in values}
    return frozenset(totals)


def attrition_modifiers(pos: Position, event: AttritionResolved) -> Verdict:
    """14.42: attrition modifiers: the factor bonus, CTL and winter differences (house: CTL simulation) the state
    gives"""
    variant = game_variant(pos)
    decl = pos.state.combat.attritions.get(event.attrition)
    if variant is None or decl is None:
        return
    bonus = rules.factor_modifier(decl.factors)
    expected = expected_modifiers(pos, event)
    if expected is not None:
        for note in expected.notes:
            yield Unknown(reason=note)
        for part, text in rules.MODIFIER_PART_RULES.items():
            if part == "ctl" and variant == "a3r_house":
                continue  # reported below in the house rules' words
            allowed = getattr(expected, part)
            recorded = _recorded(event, part)  # type: ignore[arg-type]
            if allowed is not None and recorded not in allowed:
                want = " or ".join(f"{v:+d}" for v in sorted(allowed))
                yield breach(
                    "14.42",
                    f"attrition {event.attrition}: the state gives {part} {want} ({text}); recorded {recorded:+d}",
                    want,
                    f"{recorded:+d}",
                )
        if any(rules.modifier_part(m.code) == "other" for m in event.modifiers):
            yield Unknown(reason="a modifier code 14.42 does not name is taken as recorded")
    for m in event.modifiers:
        code = m.code.lower()
        if code in rules.FACTOR_BONUS_CODES and m.value != bonus:
            yield breach(
                "14.42",
                f"attrition {event.attrition}: {decl.factors} factors give {bonus:+d} (+1 per full ten over "
                f"61, 14.42A), recorded {m.value:+d}",
                f"{bonus:+d}",
                f"{m.value:+d}",
            )
        if variant == "a3r_house" and code in rules.CTL_CODES:
            yield breach(
                "14.42",
                f"attrition {event.attrition} claims a CTL difference of {m.value:+d}; the house rules replace "
                "it with the 14.42D DRMs (14.42B does not apply to A3R)",
                "no CTL modifier",
                f"{m.value:+d}",
            )


def attrition_result(pos: Position, event: AttritionResolved) -> Verdict:
    """14.41: the attrition column, modified roll and result are the table's (Pacific H halved; 2C only for 1C/1H)"""
    variant = game_variant(pos)
    if variant is None:
        yield Unknown(reason=STANDARD_A3R)
        return
    decl = pos.state.combat.attritions.get(event.attrition)
    if decl is None:
        yield Unknown(reason=f"attrition {event.attrition} was not declared (no attrition_declared)")
        return
    if decl.factors <= 0:
        yield breach(
            "14.41",
            f"attrition {event.attrition} is resolved with no attritioning factors (14.41)",
            "at least 1 factor",
            0,
        )
        return
    column = rules.ATTRITION_COLUMNS[rules.attrition_column(decl.factors)].label
    if event.column is not None and event.column != column:
        yield breach(
            "14.41",
            f"attrition {event.attrition}: {decl.factors} factors read the {column} column, recorded "
            f"{event.column} (14.41)",
            column,
            event.column,
        )
    die = die_face(pos, event.roll)
    if die is None:
        return
    pacific = _on_pacific_map(pos, decl)
    outcomes = [
        rules.resolve_attrition(
            decl.factors, die, modifiers=[total], pacific=pacific, take_2c=event.chose_2c, variant=variant
        )
        for total in sorted(other_totals(pos, event))
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
        yield breach(
            "14.41",
            f"attrition {event.attrition}: die {die} {outcome.modifier:+d} = {outcome.modified_roll} "
            f"(factor bonus {rules.factor_modifier(decl.factors):+d} and the 14.42B-D modifiers the state gives), "
            f"recorded {event.modified_die}",
            outcome.modified_roll,
            event.modified_die,
        )
    breaches = rules.attrition_findings(
        outcome, recorded_counters=event.losses, recorded_hexes=event.hexes, chose_2c=event.chose_2c, pacific=pacific
    )
    halved = ", H halved on the Pacific map" if pacific else ""
    for b in breaches:
        yield breach(
            "14.41",
            f"attrition {event.attrition}: die {die}, row {outcome.row}, column {outcome.column_label} gives "
            f"{outcome.table_result.label}{halved}; {b.message} ({b.rule})",
            outcome.result.label,
            rules.AttritionResult(event.losses, event.hexes).label,
        )


def attrition_losses(pos: Position, event: AttritionLossesTaken) -> Verdict:
    """14.51: the defender loses exactly C counters (fewer only if it has no more eligible units), recorded once"""
    if game_variant(pos) is None:
        return
    if event.attrition in pos.state.combat.attrition_losses:
        message = f"attrition {event.attrition}: its losses are already recorded: the defender loses C counters "
        message += "once (14.51)"
        yield breach("14.51", message, "the losses recorded once", "losses again")
        return
    counters = pos.state.combat.attrition_results.get(event.attrition)
    if counters is None:
        yield Unknown(reason=f"attrition {event.attrition} has no recorded result")
        return
    lost = len({u.unit for u in event.losses})
    if lost > counters:
        yield breach(
            "14.51",
            f"attrition {event.attrition}: {lost} counters removed for a {counters}C result (14.51: exactly C)",
            counters,
            lost,
        )
    elif lost < counters:
        decl = pos.state.combat.attritions.get(event.attrition)
        gone = {u.unit for u in event.losses}
        units = pos.state.board.units
        spared = sorted(
            d.unit
            for d in (decl.defenders if decl is not None else [])
            if d.unit not in gone and (unit := units.get(d.unit)) is not None and unit.unit_type in rules.LOSS_ELIGIBLE
        )
        if spared:
            yield breach(
                "14.51",
                f"attrition {event.attrition}: {lost} counters removed for a {counters}C result while "
                f"{', '.join(spared)}, in contact and eligible, survived (14.51: exactly C, fewer only when no "
                "eligible unit is left)",
                counters,
                lost,
            )
        else:
            yield Unknown(
                reason="fewer than C counters lost: the units eligible beyond those in contact are not recorded (14.51)"
            )


def _nationality(pos: Position, unit_id: str) -> str | None:
    board = pos.state.board
    unit = board.units.get(unit_id)
    if unit is None and (gone := board.eliminated.get(unit_id)) is not None:
        unit = gone.unit
    return unit.nationality if unit is not None else None


def contact_limit(pos: Position, event: AttritionLossesTaken) -> Verdict:
    """14.522: no more counters of a nationality are lost than it has in contact with the attritioning units"""
    decl = pos.state.combat.attritions.get(event.attrition)
    if game_variant(pos) is None or decl is None:
        return
    if not decl.defenders:
        yield Unknown(reason="the defending units in contact are not recorded (attrition_declared.defenders; 14.522)")
        return
    contact: dict[str, int] = {}
    for d in decl.defenders:
        nationality = _nationality(pos, d.unit)
        if nationality is not None:
            contact[nationality] = contact.get(nationality, 0) + 1
    lost: dict[str, int] = {}
    for u in {u.unit for u in event.losses}:
        nationality = _nationality(pos, u)
        if nationality is not None:
            lost[nationality] = lost.get(nationality, 0) + 1
    for nationality, n in sorted(lost.items()):
        if n > contact.get(nationality, 0):
            yield breach(
                "14.522",
                f"attrition {event.attrition}: {n} {nationality} counters lost with "
                f"{contact.get(nationality, 0)} in contact with the attritioning units (14.52C, 14.522)",
                f"at most {contact.get(nationality, 0)}",
                n,
            )


def attrition_last(pos: Position, event: AttackDeclared) -> Verdict:
    """14.12: attrition comes after all regular and exploitation combat of the player turn"""
    attritions = pos.state.combat.attritions
    if not attritions or game_variant(pos) is None:
        return ()
    first = next(iter(attritions))
    return [
        breach(
            "14.12",
            f"attack {event.attack} is declared after attrition {first} of this player turn; attrition is "
            "resolved after all regular and exploitation combat (14.12)",
            "no attack after an attrition",
            event.attack,
        )
    ]


def one_roll_per_zone(pos: Position, event: AttritionDeclared) -> Verdict:
    """14.31: one attrition roll per attacking faction against each enemy attrition zone per turn; a major power and
    its associated, activated or allied minors are one faction, an independent minor its own (14.13, 14.33)"""
    if game_variant(pos) is None:
        return
    if event.attrition_zone is None:
        yield Unknown(reason="the attrition zone attritioned is not recorded (attrition_declared.attrition_zone)")
        return
    target = _enemy_faction(pos, event.target)
    for other in pos.state.combat.attritions.values():
        same = (other.attacker, _enemy_faction(pos, other.target), other.attrition_zone, other.partisans)
        if other.attrition != event.attrition and same == (
            event.attacker,
            target,
            event.attrition_zone,
            event.partisans,
        ):
            yield breach(
                "14.31",
                f"attrition {event.attrition}: {event.attacker} already attritioned {event.target}'s zone "
                f"{event.attrition_zone} this turn ({other.attrition}); one roll per faction per enemy zone (14.13, "
                "14.31)",
                "one roll per zone",
                event.attrition,
            )


def _enemy_faction(pos: Position, target: str) -> str:
    """The alliance faction an attrition is made against (14.13, 14.31-14.33): a major power's faction, an
    associated, activated or allied minor's (``status_changed.faction``); an independent minor is its own."""
    if target in FACTIONS:
        return target
    faction = FACTION_OF_POWER.get(cast(Power, target))
    if faction is not None:
        return faction
    aligned = pos.state.politics.alignment.get(target)
    return aligned if aligned is not None and pos.board.statuses.get(target) in rules.ALIGNED_MINOR else target


def loss_sources(pos: Position, event: AttritionLossesTaken) -> Verdict:
    """14.52: attrition losses come from the zone, or from the supply zone only when every unit attritioned was
    fully supplied"""
    decl = pos.state.combat.attritions.get(event.attrition)
    if game_variant(pos) is None or decl is None:
        return
    board = pos.state.board
    for u in event.losses:
        unit = board.units.get(u.unit)
        boxes = rules.LOSS_BOXES if pos.meta.rules == "awaw" else frozenset()
        if unit is not None and not on_map(unit.location) and unit.location not in boxes:
            yield breach(
                "14.52",
                f"attrition {event.attrition}: {u.unit} is lost from {unit.location}; no attrition losses come "
                "from mapboard boxes or off-board areas (14.52B)",
                "units on the map",
                f"{u.unit} in {unit.location}",
            )
    if not event.from_supply_zone:
        return
    if not decl.defenders:
        yield Unknown(reason="the defending units are not recorded (attrition_declared.defenders; 14.52A)")
        return
    short = sorted(d.unit for d in decl.defenders if (x := board.units.get(d.unit)) is not None and x.supply != "full")
    for remote in event.from_supply_zone:
        unit = board.units.get(remote)
        kind = unit.unit_type if unit is not None else None
        problems = []
        if short:
            problems.append(f"{', '.join(short)} attritioned were not fully supplied")
        if pos.meta.rules == "awaw" and kind not in rules.REMOTE_LOSS_TYPES:
            problems.append(f"{remote} is {kind}, and only infantry and replacements are taken from a supply zone")
        for p in problems:
            yield breach(
                "14.52",
                f"attrition {event.attrition}: {remote} is taken from the supply zone, but {p} (14.52A)",
                "losses from the attrition zone",
                remote,
            )


def attrition_permitted(pos: Position, event: AttritionDeclared) -> Verdict:
    """A3R 9.61: a faction attritions on a front only if it spends less than 15 BRPs of offensive operations there
    that turn (AWAW 9.6; A3R with ``ops.offensives = awaw_9_6``).

    Offensives against partisans only are paid, but their BRPs are not taken into account in determining whether an
    attrition is permitted on the same front (11.82): :func:`projections.brp.offensives_on` leaves them out."""
    if not offensive_rules(pos):
        return ()
    total, _ = brp.offensives_on(pos.state.brp, event.attacker, event.front, for_attrition=True)
    if attrition_allowed(total):
        return ()
    return (
        breach(
            cited(pos.meta.rules, "A3R 9.61"),
            f"{power_name(event.attacker)} attritions on the {event.front} front after spending {total} BRPs of "
            "offensive operations there this turn; attrition needs less than 15 (9.61)",
            f"less than {LIMITED_OFFENSIVE_MAX + 1} BRPs of offensives",
            total,
        ),
    )


def offensive_rules(pos: Position) -> bool:
    """Whether the AWAW 9.6 offensive rules apply: every AWAW game; A3R games with ``ops.offensives = awaw_9_6``."""
    return pos.meta.rules != "a3r" or pos.meta.option("ops.offensives", "awaw_9_6") == "awaw_9_6"
