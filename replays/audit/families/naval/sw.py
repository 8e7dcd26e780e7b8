"""Strategic warfare and the Murmansk box in A3R games (App. L; checks C-SW-1 to C-SW-3), and naval combat die
modifiers.

The allocation that fights in a game turn, each turn's rounds and convoy battles, and whether unrestricted submarine
warfare stands come from :mod:`projections.sw`; the App. L arithmetic from :mod:`projections.rules.sw` (which also
says what the texts leave out: the A3R SW table, the convoy battles' BRP losses). The checks apply to A3R games
(``game_created.rules = a3r``); the sequencing follows the option ``sw.murmansk_box``. That an SW round is fought in
the right phase and that the secondary round exists only under ``best_of_awaw`` are the politics family's checks
(sequence of play, options).
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
from projections.rules.sw import (
    A3R_LOSSES_MISSING,
    CONVOY_TABLE_MISSING,
    DEFAULT_SEQUENCING,
    MURMANSK_BOX,
    MURMANSK_SW_BOX,
    SUBMARINE,
    SW_OPTION,
    SW_TABLE_MISSING,
    convoy_kills,
    parse_ratio,
    primary_kills,
    ratio_words,
    secondary_max_take,
    sw_ratio,
    turn_sub_losses,
)
from replays.audit.engine import AuditContext, Check, Family, Finding, Missing, Outcome, Result

CHECKS = Family("naval")
"""The checks of this part (listed in :data:`replays.audit.families.naval.FAMILY`)."""

NOT_TRACKED = (
    "no unit was ever allocated to this SW box or the Murmansk box in this log (units placed or redeployed to "
    "sw:atlantic, box:murmansk): the units of an SW round or convoy battle are taken as recorded"
)


def _a3r(ctx: AuditContext[Any]) -> bool:
    return ctx.meta.rules == "a3r"


def _sequencing(ctx: AuditContext[Any]) -> str:
    return ctx.meta.option(SW_OPTION, DEFAULT_SEQUENCING)


def _record(ctx: AuditContext[Any], box: str) -> swp.TurnSw:
    """This game turn's SW record of a box before the event (a fresh one, with its allocation, if none yet)."""
    return swp.turn_record(ctx.state.sw, ctx.state.board, box, game_turn(ctx.event))


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-1: the Murmansk box only under unrestricted submarine warfare
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "A3R App. L",
    "German submarines go into the Murmansk box only in turns for which unrestricted submarine warfare is declared",
    reads=(UnitRedeployed, UnitPlaced, UnitBuilt),
    id="murmansk_unrestricted",
    covers=("C-SW-1",),
)
def check_murmansk_unrestricted(c: Check, ctx: AuditContext[UnitRedeployed | UnitPlaced | UnitBuilt]) -> Result:
    event = ctx.event
    if isinstance(event, UnitRedeployed):
        if event.destination != MURMANSK_BOX:
            return ()
        unit = ctx.state.board.units.get(event.unit)
        unit_type = unit.unit_type if unit is not None else None
    else:
        if event.location != MURMANSK_BOX:
            return ()
        unit_type = event.unit_type
    if unit_type != SUBMARINE or not _a3r(ctx) or swp.unrestricted_in(ctx.state.sw, game_turn(event)):
        return ()
    return (
        c.finding(
            ctx,
            expected="unrestricted submarine warfare declared for this turn",
            recorded="not declared",
            message=f"submarine {event.unit} goes into the Murmansk box in a turn for which Germany has not declared "
            "unrestricted submarine warfare (submarine_warfare_declared; A3R App. L)",
        ),
    )


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-2: the units of each round, the secondary round
# ---------------------------------------------------------------------------------------------------------------------


def _killer_findings(
    c: Check, ctx: AuditContext[SwCombatResolved], nine_ffs: int, asw: int, what: str
) -> Iterator[Outcome]:
    """The killers recorded against the 9FFs and ASW that count (``what`` says where those come from)."""
    event = ctx.event
    if event.asw is not None and event.asw != asw:
        yield c.finding(
            ctx,
            expected=f"{asw} ASW",
            recorded=f"{event.asw} ASW",
            message=f"{asw} ASW factors count in this {event.round} SW round ({what}), not {event.asw} (A3R App. L)",
        )
    if event.nine_ffs is not None:
        if event.nine_ffs > nine_ffs:
            yield c.finding(
                ctx,
                expected=f"<= {nine_ffs} 9FFs",
                recorded=f"{event.nine_ffs} 9FFs",
                message=f"only {nine_ffs} 9FFs count in this {event.round} SW round ({what}), not {event.nine_ffs} "
                "(A3R App. L)",
            )
        elif event.nine_ffs < nine_ffs:
            yield Missing(
                reason="9FFs reduced below 9 FF by other naval actions are taken as recorded", kind="9FF reductions"
            )
        if event.asw is not None and event.killers != event.nine_ffs + event.asw:
            yield c.finding(
                ctx,
                expected=f"{event.nine_ffs + event.asw} killers",
                recorded=f"{event.killers} killers",
                message=f"{event.nine_ffs} 9FFs and {event.asw} ASW are {event.nine_ffs + event.asw} killers, not "
                f"{event.killers} (A3R App. L steps 3, 5)",
            )
        return
    if event.killers > nine_ffs + asw or event.killers < asw:
        yield c.finding(
            ctx,
            expected=f"{asw} to {nine_ffs + asw} killers",
            recorded=f"{event.killers} killers",
            message=f"this {event.round} SW round's killers are its {nine_ffs} 9FFs and {asw} ASW ({what}), not "
            f"{event.killers} (A3R App. L steps 3, 5)",
        )
    elif event.killers < nine_ffs + asw:
        yield Missing(reason="killers not split into 9FFs and ASW (nine_ffs, asw)", kind="killers by type")


def _ratio_findings(c: Check, ctx: AuditContext[SwCombatResolved]) -> Iterator[Outcome]:
    event = ctx.event
    if event.ratio is None:
        return
    truth = sw_ratio(event.submarines, event.killers)
    if parse_ratio(event.ratio) != truth:
        yield c.finding(
            ctx,
            expected=ratio_words(truth),
            recorded=event.ratio,
            message=f"{event.submarines} submarines against {event.killers} killers is an SW ratio of "
            f"{ratio_words(truth)}, not {event.ratio} (A3R App. L steps 3, 7)",
        )


def _primary(c: Check, ctx: AuditContext[SwCombatResolved]) -> Iterator[Outcome]:
    event = ctx.event
    record = _record(ctx, event.box)
    alloc = record.allocation
    yield Missing(reason=SW_TABLE_MISSING, kind="A3R SW table")
    if not alloc.tracked:
        yield Missing(reason=NOT_TRACKED, kind="no SW allocations")
        return
    subs, what = alloc.subs, "the SW-box submarines allocated before this turn"
    if _sequencing(ctx) == "a3r" and event.box == MURMANSK_SW_BOX:
        unused = alloc.murmansk_subs - record.subs_attacking
        subs, what = subs + unused, f"{what} and {unused} Murmansk-box submarines that attacked no convoy"
    if event.submarines != subs:
        yield c.finding(
            ctx,
            expected=f"{subs} submarines",
            recorded=f"{event.submarines} submarines",
            message=f"the {event.box} SW round counts {what}: {subs}, not {event.submarines} (allocations are used "
            "the turn after they are made; A3R App. L steps 2-3)",
        )
    yield from _killer_findings(c, ctx, alloc.nine_ffs, alloc.asw, "SW-box units allocated before this turn")


def _secondary(c: Check, ctx: AuditContext[SwCombatResolved]) -> Iterator[Outcome]:
    event = ctx.event
    if event.box != MURMANSK_SW_BOX:
        yield c.finding(
            ctx,
            expected=f"the {MURMANSK_SW_BOX} SW box",
            recorded=event.box,
            message="the withheld Murmansk-box submarines fight their secondary round in the Atlantic SW box "
            "(A3R App. L step 7)",
        )
        return
    record = _record(ctx, event.box)
    alloc, primary = record.allocation, record.primary
    if record.secondary is not None:
        yield c.finding(
            ctx,
            expected="one secondary round a turn",
            recorded="a second one",
            message=f"a secondary SW round was fought already this turn (event {record.secondary.seq}; A3R App. L "
            "step 7)",
        )
    if not alloc.tracked:
        yield Missing(reason=NOT_TRACKED, kind="no SW allocations")
        withheld = event.withheld if event.withheld is not None else 0
    else:
        withheld = alloc.murmansk_subs - record.subs_attacking
        if event.withheld is None:
            yield Missing(
                reason="the withheld Murmansk-box submarines of a secondary round are not recorded (withheld)",
                kind="withheld",
            )
        elif event.withheld != withheld:
            yield c.finding(
                ctx,
                expected=f"{withheld} withheld",
                recorded=f"{event.withheld} withheld",
                message=f"{alloc.murmansk_subs} Murmansk-box submarines fight this turn and {record.subs_attacking} "
                f"attacked a convoy: {withheld} join the secondary round, not {event.withheld} (A3R App. L step 7)",
            )
    base = primary.submarines if primary is not None else alloc.subs
    if alloc.tracked or primary is not None:
        subs = base + withheld
        if event.submarines != subs:
            yield c.finding(
                ctx,
                expected=f"{subs} submarines",
                recorded=f"{event.submarines} submarines",
                message=f"the secondary round's SW ratio counts the primary round's {base} submarines plus the "
                f"{withheld} withheld: {subs}, not {event.submarines} (A3R App. L step 7)",
            )
    if primary is not None:
        if event.killers != primary.killers:
            yield c.finding(
                ctx,
                expected=f"{primary.killers} killers",
                recorded=f"{event.killers} killers",
                message=f"the secondary round uses the primary round's 9FFs and ASW: {primary.killers} killers, "
                f"not {event.killers} (A3R App. L step 7)",
            )
        if event.roll is not None and event.roll == primary.roll:
            yield c.finding(
                ctx,
                expected="a new die roll",
                recorded=f"roll #{event.roll}",
                message=f"the secondary round reuses the primary round's roll #{event.roll}; a new die roll is made "
                "(A3R App. L step 7)",
            )
    elif alloc.tracked:
        yield from _killer_findings(c, ctx, alloc.nine_ffs, alloc.asw, "SW-box units allocated before this turn")
    take = secondary_max_take(event.withheld if event.withheld is not None else withheld)
    if event.brps_taken > take:
        yield c.finding(
            ctx,
            expected=f"<= {take} BRPs",
            recorded=f"{event.brps_taken} BRPs",
            message=f"the secondary round takes at most 1 BRP per withheld submarine: {take}, not "
            f"{event.brps_taken} (A3R App. L step 7)",
        )


@CHECKS.check(
    "A3R App. L",
    "an SW round counts the units allocated the turn before: the primary round the SW box's, the secondary round "
    "those plus the withheld Murmansk submarines, against the same 9FFs and ASW, with a new die, at most 1 BRP each",
    reads=(SwCombatResolved,),
    id="sw_round_units",
    covers=("C-SW-2", "C-SOP-5"),
    partly={
        "C-BRP-18": "the secondary round's take of at most 1 BRP per withheld submarine is checked here; that turn "
        "N's SR reductions and USAT use turn N-1's secondary BRPs plus turn N's naval SW BRPs is the ledger's "
        "(projections.rules.sw.sr_usat_brps gives the sum, projections.sw keeps the previous turn's rounds)",
    },
)
def check_sw_round_units(c: Check, ctx: AuditContext[SwCombatResolved]) -> Result:
    if not _a3r(ctx):
        return ()
    event = ctx.event
    if event.round == "secondary":
        if _sequencing(ctx) != "best_of_awaw":
            return ()  # a secondary round under regular A3R is the options check's (politics family)
        return (*_secondary(c, ctx), *_ratio_findings(c, ctx))
    return (*_primary(c, ctx), *_ratio_findings(c, ctx))


# ---------------------------------------------------------------------------------------------------------------------
# Sequencing: SW before the Murmansk convoy battles (best_of_awaw), after them (a3r)
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "A3R App. L",
    "SW comes before the Murmansk convoy battles and the secondary round after them (regular A3R: the convoy "
    "battles first)",
    reads=(SwCombatResolved, MurmanskConvoyBattle),
    id="sw_before_convoys",
)
def check_sw_before_convoys(c: Check, ctx: AuditContext[SwCombatResolved | MurmanskConvoyBattle]) -> Result:
    if not _a3r(ctx):
        return ()
    event = ctx.event
    order = _sequencing(ctx)
    record = _record(ctx, MURMANSK_SW_BOX)
    if isinstance(event, SwCombatResolved):
        if event.box != MURMANSK_SW_BOX or event.round != "primary" or not record.convoys or order == "a3r":
            return ()
        return (
            c.finding(
                ctx,
                expected="the primary SW round before the convoy battles",
                recorded=f"after {record.convoys} convoy battle(s)",
                message="in the Best of AWAW sequence SW is fought in the German combat phase, before the Murmansk "
                "convoy battles of the Allied redeployment phase (A3R App. L, option sw.murmansk_box)",
            ),
        )
    if order == "a3r":
        if record.primary is None:
            return ()
        return (
            c.finding(
                ctx,
                expected="the convoy battles before SW",
                recorded="after the SW round",
                message="in regular A3R the Murmansk convoy battles come before SW (option sw.murmansk_box = a3r)",
            ),
        )
    if record.primary is None and record.allocation.subs > 0:
        return (
            c.finding(
                ctx,
                expected="the primary SW round first",
                recorded="no SW round yet this turn",
                message=f"{record.allocation.subs} SW-box submarines fight this turn, but the Murmansk convoy battle "
                "comes before their SW round: SW comes first (A3R App. L)",
            ),
        )
    return ()


# ---------------------------------------------------------------------------------------------------------------------
# C-SW-3: convoy battles and the turn's submarine losses
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "A3R App. L",
    "a Murmansk convoy battle: the Murmansk submarines allocated the turn before attack or are withheld, and the "
    "escort sinks attackers one for one",
    reads=(MurmanskConvoyBattle,),
    id="murmansk_convoy",
    covers=("C-SW-3",),
)
def check_murmansk_convoy(c: Check, ctx: AuditContext[MurmanskConvoyBattle]) -> Result:
    if not _a3r(ctx):
        return ()
    event = ctx.event
    record = _record(ctx, MURMANSK_SW_BOX)
    found: list[Outcome] = [Missing(reason=CONVOY_TABLE_MISSING, kind="A3R 37.6")]
    if not record.allocation.murmansk_tracked:
        found.append(Missing(reason=NOT_TRACKED, kind="no SW allocations"))
    else:
        available = record.allocation.murmansk_subs - record.subs_attacking
        claimed = event.subs_attacking + event.subs_withheld
        if claimed != available:
            found.append(
                c.finding(
                    ctx,
                    expected=f"{available} submarines",
                    recorded=f"{event.subs_attacking} attacking + {event.subs_withheld} withheld",
                    message=f"{available} Murmansk-box submarines allocated before this turn are left to attack or "
                    f"be withheld, not {claimed} (allocations are used the turn after; A3R App. L steps 2, 6)",
                )
            )
    kills = convoy_kills(event.subs_attacking, event.escort_nine_ffs, event.escort_asw)
    if event.subs_lost != kills:
        found.append(
            c.finding(
                ctx,
                expected=f"{kills} submarines lost",
                recorded=f"{event.subs_lost} submarines lost",
                message=f"the escort's {event.escort_nine_ffs} 9FFs and {event.escort_asw} ASW sink the "
                f"{event.subs_attacking} attacking submarines one for one: {kills}, not {event.subs_lost} "
                "(A3R 37.6; App. L step 6)",
            )
        )
    return found


def _losses(c: Check, ctx: AuditContext[Any], record: swp.TurnSw, extra: int, when: str) -> Iterator[Outcome]:
    """Step 8: a turn's recorded submarine losses (its events' and ``extra``, the closing event's own) against the
    formula."""
    alloc = record.allocation
    if not alloc.tracked:
        yield Missing(reason=NOT_TRACKED, kind="no SW allocations")
        return
    primary = record.primary
    sw_nine_ffs = primary.nine_ffs if primary is not None and primary.nine_ffs is not None else alloc.nine_ffs
    deployed = alloc.subs + alloc.murmansk_subs
    asw = alloc.asw + alloc.murmansk_asw
    truth = turn_sub_losses(
        deployed=deployed, sw_nine_ffs=sw_nine_ffs, asw_allocated=asw, convoy_nine_ff_kills=record.convoy_nine_ff_kills
    )
    recorded = record.subs_lost + extra
    if recorded != truth:
        yield c.finding(
            ctx,
            expected=f"{truth} submarines lost",
            recorded=f"{recorded} submarines lost",
            message=f"{when}: {sw_nine_ffs} SW-box 9FFs + {asw} ASW allocated + {record.convoy_nine_ff_kills} sunk by "
            f"convoy 9FFs, at most the {deployed} submarines deployed, sink {truth}; the turn's rounds and convoy "
            f"battles record {recorded} (A3R App. L step 8)",
        )


def _previous_open(state: swp.SwState, box: str, turn: int) -> swp.TurnSw | None:
    """An earlier game turn's SW record of a box whose end no event marked."""
    for found in (state.turns.get(box), state.last_turns.get(box)):
        if found is not None and found.turn < turn and not found.closed:
            return found
    return None


@CHECKS.check(
    "A3R App. L",
    "a turn's submarine losses are the SW-box 9FFs not reduced below 9 FF, every ASW allocated, and the submarines "
    "convoy 9FFs sank, at most the submarines deployed; each primary-round killer sinks one submarine",
    reads=(SwCombatResolved, MurmanskConvoyBattle, PlayerTurnEnded, GameTurnEnded),
    id="sw_turn_losses",
    covers=("C-SW-3",),
)
def check_sw_turn_losses(c: Check, ctx: AuditContext[Any]) -> Result:
    if not _a3r(ctx):
        return ()
    event = ctx.event
    state, turn = ctx.state.sw, game_turn(event)
    if isinstance(event, PlayerTurnEnded | GameTurnEnded):
        if (isinstance(event, PlayerTurnEnded) and event.side != "allied") or _sequencing(ctx) != "best_of_awaw":
            return ()
        return [
            outcome
            for box, record in sorted(state.turns.items())
            if record.turn == turn and not record.closed
            for outcome in _losses(c, ctx, record, 0, "at the end of the Allied player turn")
        ]
    box = event.box if isinstance(event, SwCombatResolved) else MURMANSK_SW_BOX
    found: list[Outcome] = []
    current = state.turns.get(box)
    if current is None or current.turn != turn:  # the box's first SW event this turn: an earlier turn left open?
        before = _previous_open(state, box, turn)
        if before is not None and _sequencing(ctx) == "best_of_awaw":
            found.extend(_losses(c, ctx, before, 0, "the previous turn's SW, whose end no event marked"))
    if not isinstance(event, SwCombatResolved):
        return found
    if _sequencing(ctx) != "best_of_awaw":
        if event.round == "primary":
            found.append(Missing(reason=A3R_LOSSES_MISSING, kind="A3R losses"))
        return found
    if event.round == "primary":
        kills = primary_kills(event.submarines, event.killers)
        if event.subs_lost != kills:
            found.append(
                c.finding(
                    ctx,
                    expected=f"{kills} submarines lost",
                    recorded=f"{event.subs_lost} submarines lost",
                    message=f"each of the {event.killers} SW-box 9FFs and ASW eliminates one of the "
                    f"{event.submarines} SW-box submarines: {kills}, not {event.subs_lost} (A3R App. L step 5)",
                )
            )
        return found
    record = _record(ctx, box)
    found.extend(_losses(c, ctx, record, event.subs_lost, "after the secondary round"))
    return found


# ---------------------------------------------------------------------------------------------------------------------
# Naval combat die modifiers
# ---------------------------------------------------------------------------------------------------------------------


@CHECKS.check(
    "A3R extract 4.0",
    "a naval combat's modified die is its roll plus the modifiers recorded",
    reads=(NavalCombatResolved,),
    id="naval_combat_modifiers",
)
def check_naval_combat_modifiers(c: Check, ctx: AuditContext[NavalCombatResolved]) -> Result:
    event = ctx.event
    if not event.modifiers and event.modified_die is None:
        return ()
    found: list[Finding | Missing] = []
    if event.modifiers:
        found.append(
            Missing(
                reason="which die modifiers apply to a naval combat is the naval combat rule, not in the rule texts: "
                "the modifiers are taken as recorded",
                kind="naval combat rule",
            )
        )
    if event.modified_die is None:
        return found
    faces = dice.faces(ctx.state.dice, event.roll) if event.roll is not None else None
    if faces is None:
        found.append(Missing(reason="a naval combat's modified die with no roll to check it against", kind="no roll"))
        return found
    total = sum(faces) + sum(m.value for m in event.modifiers)
    if total != event.modified_die:
        parts = " ".join(f"{m.value:+d} ({m.code})" for m in event.modifiers)
        found.append(
            c.finding(
                ctx,
                expected=total,
                recorded=event.modified_die,
                message=f"naval combat {event.battle}: roll #{event.roll} is {sum(faces)}{' ' + parts if parts else ''}"
                f" = {total}, not {event.modified_die}",
            )
        )
    return found
