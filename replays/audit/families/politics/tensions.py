"""Russian-German tensions, DP limits, Russian declarations, mobilization ICs, garrisons and unpreparedness (A3R
App. E): C-RGT-1..C-RGT-9.
"""

from __future__ import annotations

from typing import Any

from awaw_events.events import (
    AttackDeclared,
    DiplomaticPointsAllocated,
    GameTurnEnded,
    MobilizationApplied,
    PlayerTurnEnded,
    TensionChanged,
    UnitMoved,
    WarDeclared,
)
from awaw_events.gametime import game_turn
from awaw_events.options import A3R_OPTIONS
from awaw_events.vocab import GROUND_TYPES, POWERS, SIDE_OF_FACTION
from projections.board import at_war
from projections.rules.control import SURRENDER_STATUSES
from projections.rules.tensions import (
    AT_WAR_CODES,
    AUTOMATIC,
    AUTOMATIC_VALUE,
    DP_LIMIT,
    EVENT_CODES,
    GARRISON_LEVELS_OPTION,
    MOBILIZATION_CITIES,
    ONCE_PER_TURN,
    REPEATABLE_EVENT,
    REPEATABLE_VALUE,
    RGT_FROM,
    STATUS_CODES,
    UNPREPARED_MF,
    UNPREPAREDNESS_OPTION,
    WAR_LEVEL,
    approach2_effects,
    at_war_code,
    german_garrison,
    mobilization_ics_due,
    reduced_mf,
    russian_minor_dow,
)
from replays.audit.engine import AuditContext, Check, Family, Missing, Result
from replays.audit.families.politics.common import _a3r, _house_rgt

CHECKS = Family("politics")

OTHER_RGT = Missing(
    reason="RGT modifiers are taken as recorded: the game does not play the house RGT table (A3R App. E), and AWAW's "
    "own table is not in the rule texts",
    kind="RGT table",
)


# ---------------------------------------------------------------------------------------------------------------------
# Russian-German tensions (A3R App. E)


@CHECKS.check(
    "A3R App. E",
    "a tension level moves by the sum of its modifiers; RGT gains +1 each game turn from Fall 1939, and its status "
    "modifiers match the state at the start of the turn",
    reads=(TensionChanged, GameTurnEnded, PlayerTurnEnded),
    id="rgt_turn_start",
    covers=("C-RGT-1", "C-RGT-3"),
)
def check_rgt_turn_start(c: Check, ctx: AuditContext[TensionChanged | GameTurnEnded | PlayerTurnEnded]) -> Result:
    event = ctx.event
    if not isinstance(event, TensionChanged):
        return _rgt_turn_end(c, ctx)
    found: list[Any] = []
    was = ctx.state.board.tensions.get(event.track, 0)
    change = sum(m.value for m in event.modifiers)
    if event.old != was or (event.modifiers and event.new != event.old + change):
        found.append(
            c.finding(
                ctx,
                expected=f"{was} + {change} = {was + change}" if event.modifiers else f"from {was}",
                recorded=f"{event.old} -> {event.new}",
                message=f"{event.track.upper()} stood at {was}; its modifiers add {change} (A3R App. E: a cumulative "
                "total)",
            )
        )
    if event.track != "rgt":
        return found
    if not _house_rgt(ctx):
        found.append(OTHER_RGT)
        return found
    applied = ctx.state.politics.rgt_applied if ctx.state.politics.game_turn == game_turn(ctx.event) else {}
    for m in event.modifiers:
        value = STATUS_CODES.get(m.code) if m.code != "ST_MOBILIZED_IC" else None
        if m.code == AUTOMATIC and (m.value != AUTOMATIC_VALUE or applied.get(AUTOMATIC)):
            found.append(_twice(c, ctx, m.code, m.value, AUTOMATIC_VALUE))
        elif m.code in ONCE_PER_TURN and applied.get(m.code):
            found.append(_twice(c, ctx, m.code, m.value, None))
        elif value is not None and m.value != value:
            found.append(_twice(c, ctx, m.code, m.value, value))
    found.extend(_status_at_turn_start(c, ctx, event))
    return found


def _twice(c: Check, ctx: AuditContext[Any], code: str, value: int, expected: int | None) -> Any:
    if expected is None:
        return c.finding(
            ctx,
            expected=f"{code} once a game turn",
            recorded="a second time",
            message=f"{code} is applied a second time this game turn (A3R App. E)",
        )
    return c.finding(
        ctx,
        expected=f"{code} {expected:+d}, once a game turn",
        recorded=f"{value:+d}",
        message=f"{code} is worth {expected:+d} once each game turn (A3R App. E)",
    )


def _status_at_turn_start(c: Check, ctx: AuditContext[Any], event: TensionChanged) -> Result:
    codes = {m.code: m.value for m in event.modifiers}
    board = ctx.state.board
    if "ST_POLAND_UNCONQUERED" in codes and board.statuses.get("poland") == "conquered":
        yield c.finding(
            ctx,
            expected="no Poland modifier",
            recorded="ST_POLAND_UNCONQUERED",
            message="Poland is conquered: the +5 for Poland unconquered does not apply (A3R App. E)",
        )
    if AUTOMATIC not in codes:
        return
    if game_turn(ctx.event) < RGT_FROM:
        return
    at_war_with_axis = sum(
        1
        for p in POWERS
        if p not in ("germany", "italy") and (at_war(board, p, "germany") or at_war(board, p, "italy"))
    )
    wanted = at_war_code(at_war_with_axis)
    recorded = [code for code in codes if code in AT_WAR_CODES]
    if recorded != [wanted]:
        yield c.finding(
            ctx,
            expected=f"{wanted} {AT_WAR_CODES[wanted]:+d}",
            recorded=", ".join(recorded) or "none",
            message=f"{at_war_with_axis} major power(s) at war with the European Axis at the start of the turn give "
            f"{wanted} (A3R App. E)",
        )
    japan_out = board.statuses.get("japan") in SURRENDER_STATUSES
    if japan_out != ("ST_JAPAN_SURRENDERED" in codes):
        yield c.finding(
            ctx,
            expected="ST_JAPAN_SURRENDERED +2" if japan_out else "no Japan modifier",
            recorded="present" if "ST_JAPAN_SURRENDERED" in codes else "absent",
            message=f"Japan {'has' if japan_out else 'has not'} surrendered at the start of the turn (A3R App. E)",
        )
    mobilized = sum(1 for ic in ctx.state.politics.mobilized if ic.origin == "mobilization")
    if codes.get("ST_MOBILIZED_IC", 0) != mobilized:
        yield c.finding(
            ctx,
            expected=f"ST_MOBILIZED_IC {mobilized:+d}",
            recorded=f"{codes.get('ST_MOBILIZED_IC', 0):+d}",
            message=f"Russia has {mobilized} IC(s) placed by mobilization: +1 each (A3R App. E)",
        )


def _rgt_turn_end(c: Check, ctx: AuditContext[Any]) -> Result:
    if not _house_rgt(ctx) or game_turn(ctx.event) < RGT_FROM:
        return ()
    event = ctx.event
    politics = ctx.state.politics
    applied = politics.rgt_applied if politics.game_turn == game_turn(ctx.event) else {}
    if isinstance(event, GameTurnEnded):
        if applied.get(AUTOMATIC):
            return ()
        return (
            c.finding(
                ctx,
                expected="RGT +1 (automatic)",
                recorded="none",
                message="RGT gains +1 at the start of every game turn, Fall 1939 included (A3R App. E)",
            ),
        )
    if event.side != "axis" or ctx.state.board.statuses.get("poland") == "conquered":
        return ()
    if applied.get("ST_POLAND_UNCONQUERED"):
        return ()
    return (
        c.finding(
            ctx,
            expected="ST_POLAND_UNCONQUERED +5",
            recorded="none",
            message="Poland is unconquered at the end of the Axis player turn: RGT +5 (A3R App. E)",
        ),
    )


@CHECKS.check(
    "A3R App. E",
    "at most one Western Allied and one Axis DP a game turn into RGT and into USAT; no Russian DPs into RGT",
    reads=(DiplomaticPointsAllocated,),
    id="dp_limits",
    covers=("C-RGT-2",),
)
def check_dp_limits(c: Check, ctx: AuditContext[DiplomaticPointsAllocated]) -> Result:
    event = ctx.event
    if event.target not in ("rgt", "usat") or not _a3r(ctx):
        return ()
    if event.target == "rgt" and event.faction == "russia":
        return (
            c.finding(
                ctx,
                expected="no Russian DPs in RGT",
                recorded=f"{event.dps} DP",
                message="Russian DPs may not be placed into RGT (A3R App. E)",
            ),
        )
    side = SIDE_OF_FACTION[event.faction]
    politics = ctx.state.politics
    before = (
        politics.dps_this_turn.get(f"{side}/{event.target}", 0) if politics.game_turn == game_turn(ctx.event) else 0
    )
    if before + event.dps <= DP_LIMIT:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at most {DP_LIMIT} DP a game turn",
            recorded=f"{before + event.dps}",
            message=f"the {side} side places {before + event.dps} DPs into {event.target.upper()} this game turn; "
            f"each side may place at most {DP_LIMIT} (A3R App. E, intro)",
        ),
    )


@CHECKS.check(
    "A3R App. E",
    "territorial RGT event modifiers apply once, are negated on recapture and apply again on a second change; a "
    "Russian DoW on a minor gives -1 each",
    reads=(TensionChanged, PlayerTurnEnded),
    id="rgt_event_modifiers",
    covers=("C-RGT-4",),
)
def check_rgt_event_modifiers(c: Check, ctx: AuditContext[TensionChanged | PlayerTurnEnded]) -> Result:
    if not _house_rgt(ctx):
        return ()
    event = ctx.event
    politics = ctx.state.politics
    applied = politics.rgt_applied if politics.game_turn == game_turn(ctx.event) else {}
    dows = _russian_minor_dows(ctx)
    if isinstance(event, PlayerTurnEnded):
        if event.side != "allied" or applied.get(REPEATABLE_EVENT, 0) >= dows:
            return ()
        return (
            c.finding(
                ctx,
                expected=f"{REPEATABLE_EVENT} x{dows}",
                recorded=f"x{applied.get(REPEATABLE_EVENT, 0)}",
                message=f"Russia declared war on {dows} minor neutral(s) this game turn: RGT -1 each (A3R App. E)",
            ),
        )
    if event.track != "rgt":
        return ()
    found = []
    seen = dict(applied)
    for m in event.modifiers:
        if m.code == REPEATABLE_EVENT:
            seen[m.code] = seen.get(m.code, 0) + 1
            if m.value != REPEATABLE_VALUE or seen[m.code] > dows:
                found.append(
                    c.finding(
                        ctx,
                        expected=f"-1 for each of {dows} Russian DoW(s) on a minor this turn",
                        recorded=f"{m.value:+d} (#{seen[m.code]})",
                        message="RGT -1 for each Russian declaration of war against a minor neutral (A3R App. E)",
                    )
                )
            continue
        value = EVENT_CODES.get(m.code)
        if value is None:
            continue
        active = politics.rgt_events.get(m.code, False)
        if abs(m.value) != abs(value):
            found.append(
                c.finding(
                    ctx,
                    expected=f"{m.code} {value:+d} (or {-value:+d} when negated)",
                    recorded=f"{m.value:+d}",
                    message=f"{m.code} is worth {value:+d} (A3R App. E)",
                )
            )
        elif (m.value == value) == active:
            found.append(
                c.finding(
                    ctx,
                    expected="negation" if active else "application",
                    recorded="applied again" if active else "negated while not in force",
                    message=f"{m.code} is {'already in force' if active else 'not in force'}: a territorial event "
                    "modifier applies once, is negated when the territory is recaptured, and applies again on a second "
                    "change of hands (A3R App. E)",
                )
            )
    return found


def _russian_minor_dows(ctx: AuditContext[Any]) -> int:
    now = f"{ctx.event.season} {ctx.event.year}"
    return sum(
        1
        for key, when in ctx.state.board.wars.items()
        if when == now and "russia" in key.split("|") and any(p not in POWERS for p in key.split("|"))
    )


@CHECKS.check(
    "A3R App. E",
    "Russia declares war on Germany only at RGT 50, on minors only at the levels App. E allows; a German DoW on "
    "Russia raises RGT to 50 by the next Russian player turn",
    reads=(WarDeclared, PlayerTurnEnded),
    id="russian_declarations",
    covers=("C-RGT-5",),
)
def check_russian_declarations(c: Check, ctx: AuditContext[WarDeclared | PlayerTurnEnded]) -> Result:
    if not _house_rgt(ctx):
        return ()
    event = ctx.event
    rgt = ctx.state.board.tensions.get("rgt", 0)
    german = ctx.state.politics.rgt_at_german_dow
    if isinstance(event, PlayerTurnEnded):
        if event.side == "allied" and german is not None and german[1] == game_turn(ctx.event) and rgt < WAR_LEVEL:
            return (
                c.finding(
                    ctx,
                    expected=f"RGT {WAR_LEVEL}",
                    recorded=f"RGT {rgt}",
                    message="after a German DoW on Russia, RGT is 50 from the start of the next Russian player turn "
                    "(A3R App. E)",
                ),
            )
        return ()
    if event.aggressor != "russia":
        return ()
    if event.target == "germany":
        if rgt >= WAR_LEVEL or german is not None:
            return ()
        return (
            c.finding(
                ctx,
                expected=f"RGT {WAR_LEVEL} or more",
                recorded=f"RGT {rgt}",
                message="Russia may declare war on Germany only at RGT 50 or more (A3R App. E)",
            ),
        )
    if event.target in POWERS or german is not None:
        return ()
    aligned = ctx.state.politics.alignment.get(event.target)
    verdict = russian_minor_dow(
        rgt,
        event.target,
        axis_controlled=aligned is not None and SIDE_OF_FACTION[aligned] == "axis",  # type: ignore[index]
    )
    if verdict == "allowed":
        return ()
    if verdict == "unknown_interest":
        return (
            Missing(
                reason=f"whether Germany has an economic interest in {event.target} is not recorded (RGT {rgt} allows "
                "the DoW only without one, A3R App. E)"
            ),
        )
    why = "RGT is below 25" if verdict == "too_low" else f"{event.target} is Axis-controlled"
    return (
        c.finding(
            ctx,
            expected="no Russian DoW",
            recorded=f"RGT {rgt}",
            message=f"Russia may not declare war on {event.target}: {why} (A3R App. E)",
        ),
    )


@CHECKS.check(
    "A3R App. E",
    "mobilization ICs come at RGT 10, 20, 30, 40 and 50, at most every other turn before 50, in Kuibyshev, "
    "Magnitogorsk and Sverdlovsk first, in the unit construction phase",
    reads=(MobilizationApplied,),
    id="mobilization_ics",
    covers=("C-RGT-6",),
)
def check_mobilization_ics(c: Check, ctx: AuditContext[MobilizationApplied]) -> Result:
    event = ctx.event
    if event.ic_origin is None or not _house_rgt(ctx):
        return ()
    politics = ctx.state.politics
    found: list[Any] = []
    if event.phase not in (None, "unit_construction"):
        found.append(
            c.finding(
                ctx,
                expected="the unit construction phase",
                recorded=event.phase,
                message="mobilized and researched ICs are built in the unit construction phase (A3R App. E)",
            )
        )
    found.extend(_ic_city(c, ctx, event))
    if event.ic_origin != "mobilization":
        return found
    earlier = [ic for ic in politics.mobilized if ic.origin == "mobilization"]
    turn = game_turn(ctx.event)
    due = mobilization_ics_due(max(politics.rgt_highest, ctx.state.board.tensions.get("rgt", 0)))
    if len(earlier) + 1 > due:
        found.append(
            c.finding(
                ctx,
                expected=f"{due} mobilization IC(s) so far",
                recorded=f"{len(earlier) + 1}",
                message=f"RGT has reached {politics.rgt_highest}: Russia mobilizes one IC at each of 10, 20, 30, 40 "
                "and 50 (A3R App. E)",
            )
        )
    if earlier:
        last = earlier[-1].turn
        at_war = politics.rgt_50_turn is not None and politics.rgt_50_turn <= turn
        gap = 1 if at_war else 2
        first_wartime = at_war and last == politics.rgt_50_turn - 1 and turn == politics.rgt_50_turn  # type: ignore[operator]
        if turn - last < gap or first_wartime:
            found.append(
                c.finding(
                    ctx,
                    expected="one every other turn before RGT 50, one a turn after"
                    + (" (and not in the turn RGT reached 50 after one the turn before)" if first_wartime else ""),
                    recorded=f"the previous one {turn - last} turn(s) ago",
                    message="Russia may not create mobilization ICs faster than one every other turn until RGT 50, "
                    "then one a turn (A3R App. E)",
                )
            )
    return found


def _ic_city(c: Check, ctx: AuditContext[MobilizationApplied], event: MobilizationApplied) -> Result:
    built = {ic.city for ic in ctx.state.politics.mobilized}
    first = next((city for city in MOBILIZATION_CITIES if city not in built), None)
    if event.ic_city is None:
        yield Missing(reason="the city of a Russian mobilization or research IC is not recorded (ic_city)")
    elif first is not None and event.ic_city != first:
        if event.ic_city in MOBILIZATION_CITIES:
            yield c.finding(
                ctx,
                expected=first,
                recorded=event.ic_city,
                message=f"Russian ICs go to Kuibyshev, Magnitogorsk and Sverdlovsk in that order: {first} comes first "
                "(A3R App. E)",
            )
        else:
            yield Missing(
                reason=f"an IC in {event.ic_city} before {first}: whether {first} could take it (Russian control, full "
                "supply) is not recorded"
            )


@CHECKS.check(
    "A3R App. E",
    "at the end of an Axis player turn with RGT 10 or more, German ground factors on the East front meet the "
    "garrison RGT requires",
    reads=(PlayerTurnEnded,),
    id="german_garrison",
    covers=("C-RGT-7",),
)
def check_german_garrison(c: Check, ctx: AuditContext[PlayerTurnEnded]) -> Result:
    if ctx.event.side != "axis" or not _house_rgt(ctx):
        return ()
    rgt = ctx.state.board.tensions.get("rgt", 0)
    required = german_garrison(rgt, ctx.meta.option(GARRISON_LEVELS_OPTION, "thresholds"))
    if not required:
        return ()
    total = 0
    for unit in ctx.state.board.units.values():
        if unit.owner != "germany" or unit.unit_type not in GROUND_TYPES or not unit.location.startswith("EUR:"):
            continue
        facts = ctx.hex(unit.location)
        if facts is None or facts.front is None:
            return (ctx.missing_hex(unit.location, "front"),)
        if facts.front == "eastern":
            total += unit.factors
    if total >= required:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at least {required} German ground factors on the East front",
            recorded=total,
            message=f"RGT {rgt} requires {required} German ground factors on the East front at the end of the Axis "
            "player turn (A3R App. E)",
        ),
    )


@CHECKS.check(
    "A3R App. E",
    "Russian unpreparedness in the first turn of a German invasion follows the chosen approach and the RGT at the "
    "DoW: movement of Russian units, the infantry DM",
    reads=(UnitMoved, AttackDeclared),
    id="unpreparedness",
    partly={
        "C-RGT-9": "the Air Nationality DRM and the reduced ZoC effect are not checked (the air combat and movement "
        "events do not name the Russian side's modifier); movement and the infantry DM are"
    },
)
def check_unpreparedness(c: Check, ctx: AuditContext[UnitMoved | AttackDeclared]) -> Result:
    german = ctx.state.politics.rgt_at_german_dow
    if german is None or german[1] != game_turn(ctx.event) or not _house_rgt(ctx):
        return ()
    event = ctx.event
    approach = ctx.meta.option(UNPREPAREDNESS_OPTION, A3R_OPTIONS[UNPREPAREDNESS_OPTION].default)
    rgt = german[0]
    if isinstance(event, AttackDeclared):
        return _unprepared_dm(c, ctx, event, approach, rgt)
    if event.side != "allied":
        return ()
    unit = ctx.state.board.units.get(event.unit)
    if unit is None or unit.owner != "russia" or unit.unit_type not in UNPREPARED_MF:
        return ()
    reduction = reduced_mf(approach, rgt)
    if reduction == "none" or (reduction == "infantry_only" and unit.unit_type != "infantry"):
        return ()
    limit = UNPREPARED_MF[unit.unit_type]
    spent = event.mf_used if event.mf_used is not None else len(event.path)
    if spent <= limit:
        return ()
    return (
        c.finding(
            ctx,
            expected=f"at most {limit} MF",
            recorded=f"{spent} MF",
            message=f"in the Russian player turn after the German attack (RGT {rgt} at the DoW, {approach}), Russian "
            f"{unit.unit_type} moves at most {limit} (A3R App. E)",
        ),
    )


def _unprepared_dm(c: Check, ctx: AuditContext[Any], event: AttackDeclared, approach: str, rgt: int) -> Result:
    if event.side != "axis":
        return
    units = ctx.state.board.units
    armor = any(a.armor for a in event.attackers)
    for defender in event.defenders:
        unit = units.get(defender.unit)
        if unit is None or unit.owner != "russia" or unit.unit_type != "infantry":
            continue
        claimed = any(m.code == "russian_unprepared" for m in defender.dms)
        if approach == "approach1":
            due: bool | None = rgt < 40
        elif approach == "approach2_experimental":
            due = approach2_effects(rgt)[0] and armor
            if due and defender.hex is not None:
                facts = ctx.hex(defender.hex)
                if facts is None or facts.objective is None:
                    yield ctx.missing_hex(defender.hex, "objective")
                    continue
                due = not (facts.objective or facts.industrial_centre)
        else:
            continue
        if claimed != due:
            yield c.finding(
                ctx,
                expected="russian_unprepared -1" if due else "no unpreparedness DM",
                recorded="claimed" if claimed else "not claimed",
                message=f"{defender.unit}: under {approach} with RGT {rgt} at the DoW, Russian infantry "
                f"{'takes' if due else 'does not take'} -1 DM in the first turn of the invasion (A3R App. E)",
            )
