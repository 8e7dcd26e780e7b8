"""Strategic warfare allocations and each game turn's SW record (A3R App. L; rules in :mod:`projections.rules.sw`).

What it keeps:

* ``posts``: every unit allocated to an SW box or the Murmansk box (``unit_placed``, ``unit_built`` or
  ``unit_redeployed`` to ``sw:<box>`` or ``box:murmansk``), with the box and the first game turn it fights in
  (allocations are used the turn after they are made, set-up and year start ones at once: App. L step 2). A unit
  leaves its post when it is redeployed, moved or eliminated. Units' types and factors are read from the board when
  asked (:func:`allocation`), so a ship reduced by other naval actions counts as it now is.
* ``tracked``: the boxes any unit was ever allocated to. A log that never records allocations as units in the boxes
  cannot be checked for them (the checks then say so instead of reading an empty box as zero).
* ``unrestricted``: whether Germany's unrestricted submarine warfare stands, and the last game turn in which it stood
  (App. L: submarines go into the Murmansk box only in turns for which it is declared).
* ``turns``: the current game turn's SW by SW box (:class:`TurnSw`): the allocation that fights this turn (taken
  when the turn's first SW event comes), the primary and secondary rounds and the Murmansk convoy battles as
  recorded, and whether the turn's SW is over (``closed``: the secondary round, or the end of the Allied player turn
  or of the game turn). ``last_turns``: the previous game turn's, kept for one turn (its secondary round's BRPs count
  towards the next turn's SR reductions and USAT, App. L; and a turn whose end no event marked is checked then).
"""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import (
    AnyEvent,
    GameTurnEnded,
    MurmanskConvoyBattle,
    PlayerTurnEnded,
    SubmarineWarfareDeclared,
    SwCombatResolved,
    UnitBuilt,
    UnitEliminated,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
)
from awaw_events.vocab import FACTION_OF_POWER, SIDE_OF_FACTION
from projections.core import Context, Handlers
from projections.rules.sw import (
    ASW,
    FLEET_TYPES,
    MURMANSK_BOX,
    MURMANSK_SW_BOX,
    SUBMARINE,
    convoy_nine_ff_kills,
    fights_from,
    is_sw_location,
    nine_ffs,
    sw_box_location,
)

HANDLERS: Final = Handlers["SwState"]()


class Post(msgspec.Struct, frozen=True, kw_only=True):
    """A unit on SW duty: where, and from which game turn (index) it fights."""

    location: str
    fights_from: int


class Allocation(msgspec.Struct, frozen=True, kw_only=True):
    """What fights in one game turn in an SW box and, for the Atlantic, the Murmansk box (App. L steps 2-3):
    German submarine factors, Western Allied ASW factors and 9FFs. ``tracked`` / ``murmansk_tracked``: units were
    ever allocated to the SW box / the Murmansk box in this log (else the counts say nothing)."""

    subs: int = 0
    asw: int = 0
    nine_ffs: int = 0
    murmansk_subs: int = 0
    murmansk_asw: int = 0
    tracked: bool = False
    murmansk_tracked: bool = False


class SwRound(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """An SW round as recorded (``sw_combat_resolved``)."""

    submarines: int
    killers: int
    nine_ffs: int | None = None
    asw: int | None = None
    withheld: int | None = None
    roll: int | None = None
    subs_lost: int = 0
    brps_taken: int = 0
    seq: int = 0


class TurnSw(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One SW box's game turn (App. L steps 3-8): the allocation that fights, the rounds and convoy battles as
    recorded, and whether the turn's SW is over."""

    turn: int
    allocation: Allocation
    primary: SwRound | None = None
    secondary: SwRound | None = None
    convoys: int = 0
    subs_attacking: int = 0
    subs_withheld: int = 0
    convoy_lost: int = 0
    convoy_nine_ff_kills: int = 0
    closed: bool = False

    @property
    def subs_lost(self) -> int:
        """Submarines lost this turn as recorded: the rounds' and the convoy battles'."""
        rounds = sum(r.subs_lost for r in (self.primary, self.secondary) if r is not None)
        return rounds + self.convoy_lost


class SwState(msgspec.Struct, kw_only=True):
    posts: dict[str, Post] = {}
    tracked: set[str] = set()
    unrestricted: bool = False
    unrestricted_last_turn: int | None = None
    turns: dict[str, TurnSw] = {}
    last_turns: dict[str, TurnSw] = {}


def initial() -> SwState:
    return SwState()


# ---------------------------------------------------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------------------------------------------------


def unrestricted_in(state: SwState, turn: int) -> bool:
    """Unrestricted submarine warfare stands in game turn ``turn`` (now, or it stood earlier in that turn)."""
    return state.unrestricted or state.unrestricted_last_turn == turn


def allocation(state: SwState, board: object, box: str, turn: int) -> Allocation:
    """What fights in game turn ``turn`` in SW box ``box`` (and, for the Atlantic box, the Murmansk box), from the
    posts and the board's units as they are now (App. L steps 2-3)."""
    units = getattr(board, "units", {})
    location = sw_box_location(box)
    places = (location, MURMANSK_BOX) if box == MURMANSK_SW_BOX else (location,)
    subs = asw = fleet = m_subs = m_asw = 0
    for unit_id, post in state.posts.items():
        if post.location not in places or post.fights_from > turn:
            continue
        unit = units.get(unit_id)
        if unit is None or unit.location != post.location:
            continue
        axis = SIDE_OF_FACTION.get(FACTION_OF_POWER.get(unit.owner, ""), "") == "axis"  # type: ignore[call-overload]
        murmansk = post.location == MURMANSK_BOX
        if unit.unit_type == SUBMARINE and axis:
            if murmansk:
                m_subs += unit.factors
            else:
                subs += unit.factors
        elif unit.unit_type == ASW and not axis:
            if murmansk:
                m_asw += unit.factors
            else:
                asw += unit.factors
        elif unit.unit_type in FLEET_TYPES and not axis and not murmansk:
            fleet += unit.factors
    return Allocation(
        subs=subs,
        asw=asw,
        nine_ffs=nine_ffs(fleet),
        murmansk_subs=m_subs,
        murmansk_asw=m_asw,
        tracked=location in state.tracked,
        murmansk_tracked=box == MURMANSK_SW_BOX and MURMANSK_BOX in state.tracked,
    )


def turn_record(state: SwState, board: object, box: str, turn: int) -> TurnSw:
    """The game turn's SW record of a box as it stands (a fresh one, with its allocation, before its first event)."""
    found = state.turns.get(box)
    if found is not None and found.turn == turn:
        return found
    return TurnSw(turn=turn, allocation=allocation(state, board, box, turn))


# ---------------------------------------------------------------------------------------------------------------------
# Folding
# ---------------------------------------------------------------------------------------------------------------------


@HANDLERS.on_time_change
def _new_turn(state: SwState, event: AnyEvent, ctx: Context) -> None:
    if ctx.new_turn:
        state.last_turns = state.turns
        state.turns = {}


def _post(state: SwState, unit: str, location: str, ctx: Context) -> None:
    if is_sw_location(location):
        state.posts[unit] = Post(location=location, fights_from=fights_from(ctx.now.turn, ctx.now.phase))
        state.tracked.add(location)
    else:
        state.posts.pop(unit, None)


@HANDLERS.on(UnitPlaced, UnitBuilt)
def _placed(state: SwState, event: UnitPlaced | UnitBuilt, ctx: Context) -> None:
    _post(state, event.unit, event.location, ctx)


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: SwState, event: UnitRedeployed, ctx: Context) -> None:
    _post(state, event.unit, event.destination, ctx)


@HANDLERS.on(UnitMoved)
def _moved(state: SwState, event: UnitMoved, ctx: Context) -> None:
    if event.unit in state.posts or is_sw_location(event.path[-1]):
        _post(state, event.unit, event.path[-1], ctx)


@HANDLERS.on(UnitEliminated)
def _eliminated(state: SwState, event: UnitEliminated, ctx: Context) -> None:
    state.posts.pop(event.unit, None)


@HANDLERS.on(SubmarineWarfareDeclared)
def _declared(state: SwState, event: SubmarineWarfareDeclared, ctx: Context) -> None:
    if state.unrestricted or event.unrestricted:
        state.unrestricted_last_turn = ctx.now.turn
    state.unrestricted = event.unrestricted


def _record(state: SwState, ctx: Context, box: str) -> TurnSw:
    return turn_record(state, ctx.game.board, box, ctx.now.turn)


@HANDLERS.on(SwCombatResolved)
def _sw_round(state: SwState, event: SwCombatResolved, ctx: Context) -> None:
    record = _record(state, ctx, event.box)
    found = SwRound(
        submarines=event.submarines,
        killers=event.killers,
        nine_ffs=event.nine_ffs,
        asw=event.asw,
        withheld=event.withheld,
        roll=event.roll,
        subs_lost=event.subs_lost,
        brps_taken=event.brps_taken,
        seq=ctx.now.seq,
    )
    if event.round == "secondary":
        record = msgspec.structs.replace(record, secondary=found, closed=True)
    else:
        record = msgspec.structs.replace(record, primary=found)
    state.turns[event.box] = record


@HANDLERS.on(MurmanskConvoyBattle)
def _convoy(state: SwState, event: MurmanskConvoyBattle, ctx: Context) -> None:
    record = _record(state, ctx, MURMANSK_SW_BOX)
    state.turns[MURMANSK_SW_BOX] = msgspec.structs.replace(
        record,
        convoys=record.convoys + 1,
        subs_attacking=record.subs_attacking + event.subs_attacking,
        subs_withheld=event.subs_withheld,
        convoy_lost=record.convoy_lost + event.subs_lost,
        convoy_nine_ff_kills=record.convoy_nine_ff_kills
        + convoy_nine_ff_kills(event.subs_attacking, event.escort_nine_ffs),
    )


@HANDLERS.on(PlayerTurnEnded, GameTurnEnded)
def _turn_ended(state: SwState, event: PlayerTurnEnded | GameTurnEnded, ctx: Context) -> None:
    if isinstance(event, PlayerTurnEnded) and event.side != "allied":
        return
    for box, record in state.turns.items():
        if not record.closed:
            state.turns[box] = msgspec.structs.replace(record, closed=True)
