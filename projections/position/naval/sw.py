"""Strategic warfare and the Murmansk box in A3R games (App. L; checks C-SW-1 to C-SW-3), and naval combat die
modifiers.

The allocation that fights in a game turn, each turn's rounds and convoy battles, and whether unrestricted submarine
warfare stands come from :mod:`projections.sw`; the App. L arithmetic from :mod:`projections.rules.sw` (which also
says what the texts leave out: the A3R SW table, the convoy battles' BRP losses). The queries apply to A3R games
(``game_created.rules = a3r``); the sequencing follows the option ``sw.murmansk_box``. That an SW round is fought in
the right phase and that the secondary round exists only under ``best_of_awaw`` are the politics queries' (sequence
of play, options).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from awaw_events.events import (
    GameTurnEnded,
    MurmanskConvoyBattle,
    NavalCombatResolved,
    PlayerTurnEnded,
    SwCombatResolved,
    UnitBuilt,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.gametime import game_turn
from projections import dice
from projections import sw as swp
from projections.position.core import Position, Unknown, breach
from projections.position.naval import Verdict
from projections.rules import sw as rules
from projections.rules.breach import Breach

Outcome = Breach | Unknown

NOT_TRACKED = (
    "no unit was ever allocated to this SW box or the Murmansk box in this log (units placed or redeployed to "
    "sw:atlantic, box:murmansk): the units of an SW round or convoy battle are taken as recorded"
)
APP_L = "A3R App. L"


def _sequencing(pos: Position) -> str:
    return pos.meta.option(rules.SW_OPTION, rules.DEFAULT_SEQUENCING)


def _record(pos: Position, box: str, event: Any) -> swp.TurnSw:
    """This game turn's SW record of a box before the event (a fresh one, with its allocation, if none yet)."""
    return swp.turn_record(pos.state.sw, pos.board, box, game_turn(event))


def _untracked() -> Unknown:
    return Unknown(reason=NOT_TRACKED, kind="no SW allocations")


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-1: the Murmansk box only under unrestricted submarine warfare


def murmansk_unrestricted(pos: Position, event: UnitRedeployed | UnitPlaced | UnitBuilt) -> Verdict:
    """A3R App. L: German submarines go into the Murmansk box only in turns for which unrestricted submarine
    warfare is declared."""
    if isinstance(event, UnitRedeployed):
        if event.destination != rules.MURMANSK_BOX:
            return ()
        unit = pos.board.units.get(event.unit)
        unit_type = unit.unit_type if unit is not None else None
    else:
        if event.location != rules.MURMANSK_BOX:
            return ()
        unit_type = event.unit_type
    if unit_type != rules.SUBMARINE or pos.meta.rules != "a3r" or swp.unrestricted_in(pos.state.sw, game_turn(event)):
        return ()
    message = (
        f"submarine {event.unit} goes into the Murmansk box in a turn for which Germany has not declared unrestricted "
        "submarine warfare (submarine_warfare_declared; A3R App. L)"
    )
    return (breach(APP_L, message, "unrestricted submarine warfare declared for this turn", "not declared"),)


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-2: the units of each round, the secondary round


def _killers(event: SwCombatResolved, nine_ffs: int, asw: int, what: str) -> Iterator[Outcome]:
    """The killers recorded against the 9FFs and ASW that count (``what`` says where those come from)."""
    kind = event.round
    if event.asw is not None and event.asw != asw:
        message = f"{asw} ASW factors count in this {kind} SW round ({what}), not {event.asw} (A3R App. L)"
        yield breach(APP_L, message, f"{asw} ASW", f"{event.asw} ASW")
    if event.nine_ffs is not None:
        if event.nine_ffs > nine_ffs:
            message = f"only {nine_ffs} 9FFs count in this {kind} SW round ({what}), not {event.nine_ffs} (A3R App. L)"
            yield breach(APP_L, message, f"<= {nine_ffs} 9FFs", f"{event.nine_ffs} 9FFs")
        elif event.nine_ffs < nine_ffs:
            reason = "9FFs reduced below 9 FF by other naval actions are taken as recorded"
            yield Unknown(reason=reason, kind="9FF reductions")
        total = event.nine_ffs + (event.asw or 0)
        if event.asw is not None and event.killers != total:
            message = (
                f"{event.nine_ffs} 9FFs and {event.asw} ASW are {total} killers, not {event.killers} (A3R App. L steps "
                "3, 5)"
            )
            yield breach(APP_L, message, f"{total} killers", f"{event.killers} killers")
        return
    if event.killers > nine_ffs + asw or event.killers < asw:
        message = (
            f"this {kind} SW round's killers are its {nine_ffs} 9FFs and {asw} ASW ({what}), not {event.killers} "
            "(A3R App. L steps 3, 5)"
        )
        yield breach(APP_L, message, f"{asw} to {nine_ffs + asw} killers", f"{event.killers} killers")
    elif event.killers < nine_ffs + asw:
        yield Unknown(reason="killers not split into 9FFs and ASW (nine_ffs, asw)", kind="killers by type")


def _ratio(event: SwCombatResolved) -> Iterator[Outcome]:
    if event.ratio is None:
        return
    truth = rules.sw_ratio(event.submarines, event.killers)
    if rules.parse_ratio(event.ratio) != truth:
        message = (
            f"{event.submarines} submarines against {event.killers} killers is an SW ratio of "
            f"{rules.ratio_words(truth)}, not {event.ratio} (A3R App. L steps 3, 7)"
        )
        yield breach(APP_L, message, rules.ratio_words(truth), event.ratio)


def _primary(pos: Position, event: SwCombatResolved) -> Iterator[Outcome]:
    record = _record(pos, event.box, event)
    alloc = record.allocation
    yield Unknown(reason=rules.SW_TABLE_MISSING, kind="A3R SW table")
    if not alloc.tracked:
        yield _untracked()
        return
    subs, what = alloc.subs, "the SW-box submarines allocated before this turn"
    if _sequencing(pos) == "a3r" and event.box == rules.MURMANSK_SW_BOX:
        unused = alloc.murmansk_subs - record.subs_attacking
        subs, what = subs + unused, f"{what} and {unused} Murmansk-box submarines that attacked no convoy"
    if event.submarines != subs:
        message = (
            f"the {event.box} SW round counts {what}: {subs}, not {event.submarines} (allocations are used the turn "
            "after they are made; A3R App. L steps 2-3)"
        )
        yield breach(APP_L, message, f"{subs} submarines", f"{event.submarines} submarines")
    yield from _killers(event, alloc.nine_ffs, alloc.asw, "SW-box units allocated before this turn")


def _secondary(pos: Position, event: SwCombatResolved) -> Iterator[Outcome]:
    if event.box != rules.MURMANSK_SW_BOX:
        message = (
            "the withheld Murmansk-box submarines fight their secondary round in the Atlantic SW box (A3R App. L step "
            "7)"
        )
        yield breach(APP_L, message, f"the {rules.MURMANSK_SW_BOX} SW box", event.box)
        return
    record = _record(pos, event.box, event)
    alloc, primary = record.allocation, record.primary
    if record.secondary is not None:
        message = f"a secondary SW round was fought already this turn (event {record.secondary.seq}; A3R App. L step 7)"
        yield breach(APP_L, message, "one secondary round a turn", "a second one")
    if not alloc.tracked:
        yield _untracked()
        withheld = event.withheld if event.withheld is not None else 0
    else:
        withheld = alloc.murmansk_subs - record.subs_attacking
        if event.withheld is None:
            reason = "the withheld Murmansk-box submarines of a secondary round are not recorded (withheld)"
            yield Unknown(reason=reason, kind="withheld")
        elif event.withheld != withheld:
            message = (
                f"{alloc.murmansk_subs} Murmansk-box submarines fight this turn and {record.subs_attacking} attacked a "
                f"convoy: {withheld} join the secondary round, not {event.withheld} (A3R App. L step 7)"
            )
            yield breach(APP_L, message, f"{withheld} withheld", f"{event.withheld} withheld")
    base = primary.submarines if primary is not None else alloc.subs
    if (alloc.tracked or primary is not None) and event.submarines != base + withheld:
        subs = base + withheld
        message = (
            f"the secondary round's SW ratio counts the primary round's {base} submarines plus the {withheld} "
            f"withheld: {subs}, not {event.submarines} (A3R App. L step 7)"
        )
        yield breach(APP_L, message, f"{subs} submarines", f"{event.submarines} submarines")
    if primary is not None:
        if event.killers != primary.killers:
            message = (
                f"the secondary round uses the primary round's 9FFs and ASW: {primary.killers} killers, not "
                f"{event.killers} (A3R App. L step 7)"
            )
            yield breach(APP_L, message, f"{primary.killers} killers", f"{event.killers} killers")
        if event.roll is not None and event.roll == primary.roll:
            message = (
                f"the secondary round reuses the primary round's roll #{event.roll}; a new die roll is made (A3R App. "
                "L step 7)"
            )
            yield breach(APP_L, message, "a new die roll", f"roll #{event.roll}")
    elif alloc.tracked:
        yield from _killers(event, alloc.nine_ffs, alloc.asw, "SW-box units allocated before this turn")
    take = rules.secondary_max_take(event.withheld if event.withheld is not None else withheld)
    if event.brps_taken > take:
        message = (
            f"the secondary round takes at most 1 BRP per withheld submarine: {take}, not {event.brps_taken} (A3R App. "
            "L step 7)"
        )
        yield breach(APP_L, message, f"<= {take} BRPs", f"{event.brps_taken} BRPs")


def sw_round_units(pos: Position, event: SwCombatResolved) -> Verdict:
    """A3R App. L: an SW round counts the units allocated the turn before: the primary round the SW box's, the
    secondary round those plus the withheld Murmansk submarines, against the same 9FFs and ASW, with a new die, at
    most 1 BRP each."""
    if pos.meta.rules != "a3r":
        return ()
    if event.round != "secondary":
        return (*_primary(pos, event), *_ratio(event))
    if _sequencing(pos) != "best_of_awaw":
        return ()  # a secondary round under regular A3R is the options query's (politics)
    return (*_secondary(pos, event), *_ratio(event))


# ---------------------------------------------------------------------------------------------------------------------
# Sequencing: SW before the Murmansk convoy battles (best_of_awaw), after them (a3r)


def sw_before_convoys(pos: Position, event: SwCombatResolved | MurmanskConvoyBattle) -> Verdict:
    """A3R App. L: SW comes before the Murmansk convoy battles and the secondary round after them (regular A3R: the
    convoy battles first)."""
    if pos.meta.rules != "a3r":
        return ()
    order = _sequencing(pos)
    record = _record(pos, rules.MURMANSK_SW_BOX, event)
    if isinstance(event, SwCombatResolved):
        if event.box != rules.MURMANSK_SW_BOX or event.round != "primary" or not record.convoys or order == "a3r":
            return ()
        message = (
            "in the Best of AWAW sequence SW is fought in the German combat phase, before the Murmansk convoy battles "
            "of the Allied redeployment phase (A3R App. L, option sw.murmansk_box)"
        )
        allowed = "the primary SW round before the convoy battles"
        return (breach(APP_L, message, allowed, f"after {record.convoys} convoy battle(s)"),)
    if order == "a3r":
        if record.primary is None:
            return ()
        message = "in regular A3R the Murmansk convoy battles come before SW (option sw.murmansk_box = a3r)"
        return (breach(APP_L, message, "the convoy battles before SW", "after the SW round"),)
    if record.primary is not None or record.allocation.subs <= 0:
        return ()
    message = (
        f"{record.allocation.subs} SW-box submarines fight this turn, but the Murmansk convoy battle comes before "
        "their SW round: SW comes first (A3R App. L)"
    )
    return (breach(APP_L, message, "the primary SW round first", "no SW round yet this turn"),)


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-3: convoy battles and the turn's submarine losses


def murmansk_convoy(pos: Position, event: MurmanskConvoyBattle) -> Verdict:
    """A3R App. L: a Murmansk convoy battle: the Murmansk submarines allocated the turn before attack or are
    withheld, and the escort sinks attackers one for one."""
    if pos.meta.rules != "a3r":
        return ()
    record = _record(pos, rules.MURMANSK_SW_BOX, event)
    out: list[Outcome] = [Unknown(reason=rules.CONVOY_TABLE_MISSING, kind="A3R 37.6")]
    if not record.allocation.murmansk_tracked:
        out.append(_untracked())
    else:
        available = record.allocation.murmansk_subs - record.subs_attacking
        claimed = event.subs_attacking + event.subs_withheld
        if claimed != available:
            message = (
                f"{available} Murmansk-box submarines allocated before this turn are left to attack or be withheld, "
                f"not {claimed} (allocations are used the turn after; A3R App. L steps 2, 6)"
            )
            recorded = f"{event.subs_attacking} attacking + {event.subs_withheld} withheld"
            out.append(breach(APP_L, message, f"{available} submarines", recorded))
    kills = rules.convoy_kills(event.subs_attacking, event.escort_nine_ffs, event.escort_asw)
    if event.subs_lost != kills:
        message = (
            f"the escort's {event.escort_nine_ffs} 9FFs and {event.escort_asw} ASW sink the {event.subs_attacking} "
            f"attacking submarines one for one: {kills}, not {event.subs_lost} (A3R 37.6; App. L step 6)"
        )
        out.append(breach(APP_L, message, f"{kills} submarines lost", f"{event.subs_lost} submarines lost"))
    return out


def _losses(record: swp.TurnSw, extra: int, when: str) -> Iterator[Outcome]:
    """Step 8: a turn's recorded submarine losses (its events' and ``extra``, the closing event's own) against the
    formula."""
    alloc = record.allocation
    if not alloc.tracked:
        yield _untracked()
        return
    primary = record.primary
    sw_nine_ffs = primary.nine_ffs if primary is not None and primary.nine_ffs is not None else alloc.nine_ffs
    deployed, asw = alloc.subs + alloc.murmansk_subs, alloc.asw + alloc.murmansk_asw
    truth = rules.turn_sub_losses(
        deployed=deployed, sw_nine_ffs=sw_nine_ffs, asw_allocated=asw, convoy_nine_ff_kills=record.convoy_nine_ff_kills
    )
    recorded = record.subs_lost + extra
    if recorded != truth:
        message = (
            f"{when}: {sw_nine_ffs} SW-box 9FFs + {asw} ASW allocated + {record.convoy_nine_ff_kills} sunk by convoy "
            f"9FFs, at most the {deployed} submarines deployed, sink {truth}; the turn's rounds and convoy battles "
            f"record {recorded} (A3R App. L step 8)"
        )
        yield breach(APP_L, message, f"{truth} submarines lost", f"{recorded} submarines lost")


def _previous_open(state: swp.SwState, box: str, turn: int) -> swp.TurnSw | None:
    """An earlier game turn's SW record of a box whose end no event marked."""
    for found in (state.turns.get(box), state.last_turns.get(box)):
        if found is not None and found.turn < turn and not found.closed:
            return found
    return None


def sw_turn_losses(
    pos: Position, event: SwCombatResolved | MurmanskConvoyBattle | PlayerTurnEnded | GameTurnEnded
) -> Verdict:
    """A3R App. L: a turn's submarine losses are the SW-box 9FFs not reduced below 9 FF, every ASW allocated, and
    the submarines convoy 9FFs sank, at most the submarines deployed; each primary-round killer sinks one
    submarine."""
    if pos.meta.rules != "a3r":
        return ()
    state, turn, house = pos.state.sw, game_turn(event), _sequencing(pos) == "best_of_awaw"
    if isinstance(event, PlayerTurnEnded | GameTurnEnded):
        if (isinstance(event, PlayerTurnEnded) and event.side != "allied") or not house:
            return ()
        at_end = "at the end of the Allied player turn"
        return [
            outcome
            for _, record in sorted(state.turns.items())
            if record.turn == turn and not record.closed
            for outcome in _losses(record, 0, at_end)
        ]
    box = event.box if isinstance(event, SwCombatResolved) else rules.MURMANSK_SW_BOX
    out: list[Outcome] = []
    current = state.turns.get(box)
    if current is None or current.turn != turn:  # the box's first SW event this turn: an earlier turn left open?
        before = _previous_open(state, box, turn)
        if before is not None and house:
            out.extend(_losses(before, 0, "the previous turn's SW, whose end no event marked"))
    if not isinstance(event, SwCombatResolved):
        return out
    if not house:
        if event.round == "primary":
            out.append(Unknown(reason=rules.A3R_LOSSES_MISSING, kind="A3R losses"))
        return out
    if event.round != "primary":
        return [*out, *_losses(_record(pos, box, event), event.subs_lost, "after the secondary round")]
    kills = rules.primary_kills(event.submarines, event.killers)
    if event.subs_lost != kills:
        message = (
            f"each of the {event.killers} SW-box 9FFs and ASW eliminates one of the {event.submarines} SW-box "
            f"submarines: {kills}, not {event.subs_lost} (A3R App. L step 5)"
        )
        out.append(breach(APP_L, message, f"{kills} submarines lost", f"{event.subs_lost} submarines lost"))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Naval combat die modifiers


def naval_combat_modifiers(pos: Position, event: NavalCombatResolved) -> Verdict:
    """A3R extract 4.0: a naval combat's modified die is its roll plus the modifiers recorded."""
    if not event.modifiers and event.modified_die is None:
        return ()
    out: list[Outcome] = []
    if event.modifiers:
        reason = (
            "which die modifiers apply to a naval combat is the naval combat rule, not in the rule texts: the "
            "modifiers are taken as recorded"
        )
        out.append(Unknown(reason=reason, kind="naval combat rule"))
    if event.modified_die is None:
        return out
    faces = dice.faces(pos.state.dice, event.roll) if event.roll is not None else None
    if faces is None:
        out.append(Unknown(reason="a naval combat's modified die with no roll to check it against", kind="no roll"))
        return out
    total = sum(faces) + sum(m.value for m in event.modifiers)
    if total != event.modified_die:
        parts = " ".join(f"{m.value:+d} ({m.code})" for m in event.modifiers)
        message = (
            f"naval combat {event.battle}: roll #{event.roll} is {sum(faces)}{' ' + parts if parts else ''} = {total}, "
            f"not {event.modified_die}"
        )
        out.append(breach("A3R extract 4.0", message, total, event.modified_die))
    return out
