"""Russian-German tensions asked of a position (A3R App. E; C-RGT-1..C-RGT-9): the RGT total and its modifiers, DP
limits, Russian declarations, mobilization ICs, the German garrison and Russian unpreparedness. The rules are
:mod:`projections.rules.tensions`; what was applied this game turn and the ICs mobilized are politics state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

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
from awaw_events.options import A3R_OPTIONS
from awaw_events.vocab import GROUND_TYPES, POWERS, SIDE_OF_FACTION
from projections.board import war_between
from projections.position.core import Position, Unknown, breach, turn_of
from projections.position.wars import war_doubt
from projections.rules import tensions as rules
from projections.rules.breach import Breach
from projections.rules.control import SURRENDER_STATUSES
from projections.rules.tensions import (
    AT_WAR_CODES,
    AUTOMATIC,
    AUTOMATIC_VALUE,
    DP_LIMIT,
    EVENT_CODES,
    GARRISON_LEVELS_OPTION,
    HOUSE_RGT,
    MOBILIZATION_CITIES,
    ONCE_PER_TURN,
    REPEATABLE_EVENT,
    REPEATABLE_VALUE,
    RGT_FROM,
    RGT_OPTION,
    STATUS_CODES,
    UNPREPARED_MF,
    UNPREPAREDNESS_OPTION,
    WAR_LEVEL,
    approach2_effects,
    at_war_code,
    mobilization_ics_due,
    reduced_mf,
    russian_minor_dow,
)

Verdict = Iterable[Breach | Unknown]
RULE: Final = "A3R App. E"

OTHER_RGT: Final = Unknown(
    reason="RGT modifiers are taken as recorded: the game does not play the house RGT table (A3R App. E), and AWAW's "
    "own table is not in the rule texts",
    kind="RGT table",
)


def house_rgt(pos: Position) -> bool:
    """An A3R game that plays the house RGT table (A3R App. E)."""
    return pos.meta.rules == "a3r" and pos.meta.option(RGT_OPTION, HOUSE_RGT) == HOUSE_RGT


def _applied(pos: Position, when: TensionChanged | GameTurnEnded | PlayerTurnEnded) -> dict[str, int]:
    """The RGT modifiers applied so far in the game turn of ``when``."""
    politics = pos.state.politics
    return politics.rgt_applied if politics.game_turn == turn_of(when) else {}


def rgt_turn_start(pos: Position, event: TensionChanged | GameTurnEnded | PlayerTurnEnded) -> Verdict:
    """A3R App. E: a tension level moves by the sum of its modifiers; RGT gains +1 each game turn from Fall 1939, and
    its status modifiers match the state at the start of the turn."""
    if not isinstance(event, TensionChanged):
        return _rgt_turn_end(pos, event)
    found: list[Breach | Unknown] = []
    was = pos.board.tensions.get(event.track, 0)
    change = sum(m.value for m in event.modifiers)
    if event.old != was or (event.modifiers and event.new != event.old + change):
        found.append(
            breach(
                RULE,
                f"{event.track.upper()} stood at {was}; its modifiers add {change} (A3R App. E: a cumulative total)",
                f"{was} + {change} = {was + change}" if event.modifiers else f"from {was}",
                f"{event.old} -> {event.new}",
            )
        )
    if event.track != "rgt":
        return found
    if not house_rgt(pos):
        found.append(OTHER_RGT)
        return found
    applied = _applied(pos, event)
    for m in event.modifiers:
        value = STATUS_CODES.get(m.code) if m.code != "ST_MOBILIZED_IC" else None
        if m.code == AUTOMATIC and (m.value != AUTOMATIC_VALUE or applied.get(AUTOMATIC)):
            found.append(_twice(m.code, m.value, AUTOMATIC_VALUE))
        elif m.code in ONCE_PER_TURN and applied.get(m.code):
            found.append(_twice(m.code, m.value, None))
        elif value is not None and m.value != value:
            found.append(_twice(m.code, m.value, value))
    found.extend(_status_at_turn_start(pos, event))
    return found


def _twice(code: str, value: int, expected: int | None) -> Breach:
    if expected is None:
        why = f"{code} is applied a second time this game turn (A3R App. E)"
        return breach(RULE, why, f"{code} once a game turn", "a second time")
    why = f"{code} is worth {expected:+d} once each game turn (A3R App. E)"
    return breach(RULE, why, f"{code} {expected:+d}, once a game turn", f"{value:+d}")


def _status_at_turn_start(pos: Position, event: TensionChanged) -> Iterable[Breach | Unknown]:
    codes = {m.code: m.value for m in event.modifiers}
    board = pos.board
    if "ST_POLAND_UNCONQUERED" in codes and board.statuses.get("poland") == "conquered":
        why = "Poland is conquered: the +5 for Poland unconquered does not apply (A3R App. E)"
        yield breach(RULE, why, "no Poland modifier", "ST_POLAND_UNCONQUERED")
    if AUTOMATIC not in codes or turn_of(event) < RGT_FROM:
        return
    axis = ("germany", "italy")
    wars = {p: (war_between(board, p, "germany"), war_between(board, p, "italy")) for p in POWERS if p not in axis}
    at_war_with_axis = sum(True in w for w in wars.values())
    in_doubt = [(p, "european_axis") for p, w in wars.items() if None in w and True not in w]
    wanted = at_war_code(at_war_with_axis)
    recorded = [code for code in codes if code in AT_WAR_CODES]
    possible = {at_war_code(at_war_with_axis + n) for n in range(len(in_doubt) + 1)}
    if in_doubt and len(possible) > 1 and len(recorded) == 1 and recorded[0] in possible:
        # a war of factions or sides that may or may not hold these powers: the count is one of several
        yield war_doubt(dict.fromkeys(in_doubt), "A3R App. E")
    elif recorded != [wanted]:
        yield breach(
            RULE,
            f"{at_war_with_axis} major power(s) at war with the European Axis at the start of the turn give {wanted} "
            "(A3R App. E)",
            f"{wanted} {AT_WAR_CODES[wanted]:+d}",
            ", ".join(recorded) or "none",
        )
    japan_out = board.statuses.get("japan") in SURRENDER_STATUSES
    if japan_out != ("ST_JAPAN_SURRENDERED" in codes):
        yield breach(
            RULE,
            f"Japan {'has' if japan_out else 'has not'} surrendered at the start of the turn (A3R App. E)",
            "ST_JAPAN_SURRENDERED +2" if japan_out else "no Japan modifier",
            "present" if "ST_JAPAN_SURRENDERED" in codes else "absent",
        )
    mobilized = sum(1 for ic in pos.state.politics.mobilized if ic.origin == "mobilization")
    if codes.get("ST_MOBILIZED_IC", 0) != mobilized:
        yield breach(
            RULE,
            f"Russia has {mobilized} IC(s) placed by mobilization: +1 each (A3R App. E)",
            f"ST_MOBILIZED_IC {mobilized:+d}",
            f"{codes.get('ST_MOBILIZED_IC', 0):+d}",
        )


def _rgt_turn_end(pos: Position, event: GameTurnEnded | PlayerTurnEnded) -> Verdict:
    if not house_rgt(pos) or turn_of(event) < RGT_FROM:
        return ()
    applied = _applied(pos, event)
    if isinstance(event, GameTurnEnded):
        if applied.get(AUTOMATIC):
            return ()
        why = "RGT gains +1 at the start of every game turn, Fall 1939 included (A3R App. E)"
        return (breach(RULE, why, "RGT +1 (automatic)", "none"),)
    if event.side != "axis" or pos.board.statuses.get("poland") == "conquered" or applied.get("ST_POLAND_UNCONQUERED"):
        return ()
    why = "Poland is unconquered at the end of the Axis player turn: RGT +5 (A3R App. E)"
    return (breach(RULE, why, "ST_POLAND_UNCONQUERED +5", "none"),)


def dp_limits(pos: Position, event: DiplomaticPointsAllocated) -> Verdict:
    """A3R App. E: at most one Western Allied and one Axis DP a game turn into RGT and into USAT; no Russian DPs into
    RGT."""
    if event.target not in ("rgt", "usat") or pos.meta.rules != "a3r":
        return ()
    if event.target == "rgt" and event.faction == "russia":
        why = "Russian DPs may not be placed into RGT (A3R App. E)"
        return (breach(RULE, why, "no Russian DPs in RGT", f"{event.dps} DP"),)
    side = SIDE_OF_FACTION[event.faction]
    politics = pos.state.politics
    before = politics.dps_this_turn.get(f"{side}/{event.target}", 0) if politics.game_turn == turn_of(event) else 0
    if before + event.dps <= DP_LIMIT:
        return ()
    return (
        breach(
            RULE,
            f"the {side} side places {before + event.dps} DPs into {event.target.upper()} this game turn; each side "
            f"may place at most {DP_LIMIT} (A3R App. E, intro)",
            f"at most {DP_LIMIT} DP a game turn",
            f"{before + event.dps}",
        ),
    )


def rgt_event_modifiers(pos: Position, event: TensionChanged | PlayerTurnEnded) -> Verdict:
    """A3R App. E: territorial RGT event modifiers apply once, are negated on recapture and apply again on a second
    change; a Russian DoW on a minor gives -1 each."""
    if not house_rgt(pos):
        return ()
    politics = pos.state.politics
    applied = _applied(pos, event)
    dows = _russian_minor_dows(pos, event)
    if isinstance(event, PlayerTurnEnded):
        if event.side != "allied" or applied.get(REPEATABLE_EVENT, 0) >= dows:
            return ()
        return (
            breach(
                RULE,
                f"Russia declared war on {dows} minor neutral(s) this game turn: RGT -1 each (A3R App. E)",
                f"{REPEATABLE_EVENT} x{dows}",
                f"x{applied.get(REPEATABLE_EVENT, 0)}",
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
                    breach(
                        RULE,
                        "RGT -1 for each Russian declaration of war against a minor neutral (A3R App. E)",
                        f"-1 for each of {dows} Russian DoW(s) on a minor this turn",
                        f"{m.value:+d} (#{seen[m.code]})",
                    )
                )
            continue
        value = EVENT_CODES.get(m.code)
        if value is None:
            continue
        active = politics.rgt_events.get(m.code, False)
        if abs(m.value) != abs(value):
            why = f"{m.code} is worth {value:+d} (A3R App. E)"
            found.append(breach(RULE, why, f"{m.code} {value:+d} (or {-value:+d} when negated)", f"{m.value:+d}"))
        elif (m.value == value) == active:
            found.append(
                breach(
                    RULE,
                    f"{m.code} is {'already in force' if active else 'not in force'}: a territorial event modifier "
                    "applies once, is negated when the territory is recaptured, and applies again on a second change "
                    "of hands (A3R App. E)",
                    "negation" if active else "application",
                    "applied again" if active else "negated while not in force",
                )
            )
    return found


def _russian_minor_dows(pos: Position, event: TensionChanged | PlayerTurnEnded) -> int:
    now = f"{event.season} {event.year}"
    return sum(
        1
        for key, when in pos.board.wars.items()
        if when == now and "russia" in key.split("|") and any(p not in POWERS for p in key.split("|"))
    )


def russian_declarations(pos: Position, event: WarDeclared | PlayerTurnEnded) -> Verdict:
    """A3R App. E: Russia declares war on Germany only at RGT 50, on minors only at the levels App. E allows; a German
    DoW on Russia raises RGT to 50 by the next Russian player turn."""
    if not house_rgt(pos):
        return ()
    rgt = pos.board.tensions.get("rgt", 0)
    german = pos.state.politics.rgt_at_german_dow
    if isinstance(event, PlayerTurnEnded):
        if event.side == "allied" and german is not None and german[1] == turn_of(event) and rgt < WAR_LEVEL:
            why = "after a German DoW on Russia, RGT is 50 from the start of the next Russian player turn (A3R App. E)"
            return (breach(RULE, why, f"RGT {WAR_LEVEL}", f"RGT {rgt}"),)
        return ()
    if event.aggressor != "russia":
        return ()
    if event.target == "germany":
        if rgt >= WAR_LEVEL or german is not None:
            return ()
        why = "Russia may declare war on Germany only at RGT 50 or more (A3R App. E)"
        return (breach(RULE, why, f"RGT {WAR_LEVEL} or more", f"RGT {rgt}"),)
    if event.target in POWERS or german is not None:
        return ()
    aligned = pos.state.politics.alignment.get(event.target)
    axis_controlled = aligned is not None and SIDE_OF_FACTION[aligned] == "axis"  # type: ignore[index]
    verdict = russian_minor_dow(rgt, event.target, axis_controlled=axis_controlled)
    if verdict == "allowed":
        return ()
    if verdict == "unknown_interest":
        why = (
            f"whether Germany has an economic interest in {event.target} is not recorded (RGT {rgt} allows the DoW "
            "only without one, A3R App. E)"
        )
        return (Unknown(reason=why),)
    cause = "RGT is below 25" if verdict == "too_low" else f"{event.target} is Axis-controlled"
    why = f"Russia may not declare war on {event.target}: {cause} (A3R App. E)"
    return (breach(RULE, why, "no Russian DoW", f"RGT {rgt}"),)


def mobilization_ics(pos: Position, event: MobilizationApplied) -> Verdict:
    """A3R App. E: mobilization ICs come at RGT 10, 20, 30, 40 and 50, at most every other turn before 50, in
    Kuibyshev, Magnitogorsk and Sverdlovsk first, in the unit construction phase."""
    if event.ic_origin is None or not house_rgt(pos):
        return ()
    politics = pos.state.politics
    found: list[Breach | Unknown] = []
    if event.phase not in (None, "unit_construction"):
        why = "mobilized and researched ICs are built in the unit construction phase (A3R App. E)"
        found.append(breach(RULE, why, "the unit construction phase", event.phase))
    found.extend(_ic_city(pos, event))
    if event.ic_origin != "mobilization":
        return found
    earlier = [ic for ic in politics.mobilized if ic.origin == "mobilization"]
    turn = turn_of(event)
    due = mobilization_ics_due(max(politics.rgt_highest, pos.board.tensions.get("rgt", 0)))
    if len(earlier) + 1 > due:
        found.append(
            breach(
                RULE,
                f"RGT has reached {politics.rgt_highest}: Russia mobilizes one IC at each of 10, 20, 30, 40 and 50 "
                "(A3R App. E)",
                f"{due} mobilization IC(s) so far",
                f"{len(earlier) + 1}",
            )
        )
    if earlier:
        last = earlier[-1].turn
        wartime = politics.rgt_50_turn is not None and politics.rgt_50_turn <= turn
        first_wartime = wartime and last == politics.rgt_50_turn - 1 and turn == politics.rgt_50_turn  # type: ignore[operator]
        if turn - last < (1 if wartime else 2) or first_wartime:
            found.append(
                breach(
                    RULE,
                    "Russia may not create mobilization ICs faster than one every other turn until RGT 50, then one "
                    "a turn (A3R App. E)",
                    "one every other turn before RGT 50, one a turn after"
                    + (" (and not in the turn RGT reached 50 after one the turn before)" if first_wartime else ""),
                    f"the previous one {turn - last} turn(s) ago",
                )
            )
    return found


def _ic_city(pos: Position, event: MobilizationApplied) -> Verdict:
    built = {ic.city for ic in pos.state.politics.mobilized}
    first = next((city for city in MOBILIZATION_CITIES if city not in built), None)
    if event.ic_city is None:
        return (Unknown(reason="the city of a Russian mobilization or research IC is not recorded (ic_city)"),)
    if first is None or event.ic_city == first:
        return ()
    if event.ic_city in MOBILIZATION_CITIES:
        why = (
            f"Russian ICs go to Kuibyshev, Magnitogorsk and Sverdlovsk in that order: {first} comes first (A3R App. E)"
        )
        return (breach(RULE, why, first, event.ic_city),)
    why = (
        f"an IC in {event.ic_city} before {first}: whether {first} could take it (Russian control, full supply) is "
        "not recorded"
    )
    return (Unknown(reason=why),)


def german_garrison(pos: Position, event: PlayerTurnEnded) -> Verdict:
    """A3R App. E: at the end of an Axis player turn with RGT 10 or more, German ground factors on the East front
    meet the garrison RGT requires."""
    if event.side != "axis" or not house_rgt(pos):
        return ()
    rgt = pos.board.tensions.get("rgt", 0)
    required = rules.german_garrison(rgt, pos.meta.option(GARRISON_LEVELS_OPTION, "thresholds"))
    if not required:
        return ()
    total = 0
    for unit in pos.board.units.values():
        if unit.owner != "germany" or unit.unit_type not in GROUND_TYPES or not unit.location.startswith("EUR:"):
            continue
        facts = pos.hex(unit.location)
        if facts is None or facts.front is None:
            return (pos.missing_hex(unit.location, "front"),)
        if facts.front == "eastern":
            total += unit.factors
    if total >= required:
        return ()
    return (
        breach(
            RULE,
            f"RGT {rgt} requires {required} German ground factors on the East front at the end of the Axis player "
            "turn (A3R App. E)",
            f"at least {required} German ground factors on the East front",
            total,
        ),
    )


def unpreparedness(pos: Position, event: UnitMoved | AttackDeclared) -> Verdict:
    """A3R App. E: Russian unpreparedness in the first turn of a German invasion follows the chosen approach and the
    RGT at the DoW: movement of Russian units, the infantry DM."""
    german = pos.state.politics.rgt_at_german_dow
    if german is None or german[1] != turn_of(event) or not house_rgt(pos):
        return ()
    approach = pos.meta.option(UNPREPAREDNESS_OPTION, A3R_OPTIONS[UNPREPAREDNESS_OPTION].default)
    rgt = german[0]
    if isinstance(event, AttackDeclared):
        return tuple(_unprepared_dm(pos, event, approach, rgt))
    if event.side != "allied":
        return ()
    unit = pos.board.units.get(event.unit)
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
        breach(
            RULE,
            f"in the Russian player turn after the German attack (RGT {rgt} at the DoW, {approach}), Russian "
            f"{unit.unit_type} moves at most {limit} (A3R App. E)",
            f"at most {limit} MF",
            f"{spent} MF",
        ),
    )


def _unprepared_dm(pos: Position, event: AttackDeclared, approach: str, rgt: int) -> Verdict:
    if event.side != "axis":
        return
    units = pos.board.units
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
                facts = pos.hex(defender.hex)
                if facts is None or facts.objective is None:
                    yield pos.missing_hex(defender.hex, "objective")
                    continue
                due = not (facts.objective or facts.industrial_centre)
        else:
            continue
        if claimed != due:
            yield breach(
                RULE,
                f"{defender.unit}: under {approach} with RGT {rgt} at the DoW, Russian infantry "
                f"{'takes' if due else 'does not take'} -1 DM in the first turn of the invasion (A3R App. E)",
                "russian_unprepared -1" if due else "no unpreparedness DM",
                "claimed" if claimed else "not claimed",
            )
