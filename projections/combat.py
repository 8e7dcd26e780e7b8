"""The combat of the current player turn: attacks declared (with what the board looked like when they were), overruns,
breakthroughs, attrition combats, and the units that attacked.

Sources: 10-16 extract 4.5 (combat-phase state, reset each player turn), 4.6 (event transitions). The rules read
these running facts (a unit attacks once a turn, 15.1; an advance belongs to an attack; a breakthrough to a regular
attack, 16.11; a bridgehead to the attack or attrition that made it, 31.1), and so do the audit's checks: they are
state, folded once here, not memory kept by a check.

Everything here is forgotten at the start of the next player turn.
"""

from __future__ import annotations

from typing import Final

import msgspec

from awaw_events.events import AttackDeclared, AttritionDeclared, BreakthroughCreated, OverrunResolved
from projections.core import Context, Handlers


class Attack(msgspec.Struct, frozen=True, kw_only=True):
    """An attack declared this player turn: the declaration, its event number, and who controlled each defending hex
    when it was declared."""

    seq: int
    declared: AttackDeclared
    hex_control: dict[str, str | None] = {}


class Breakthrough(msgspec.Struct, frozen=True, kw_only=True):
    """A breakthrough created this player turn (16.1): the attack it came from and its hex."""

    seq: int
    attack: str
    hex: str


class CombatState(msgspec.Struct, kw_only=True):
    """This player turn's combat. Treat it as a value: only the fold mutates a fresh clone."""

    turn: tuple[int, str | None] = (-1, None)
    """The player turn (game turn index, side) these facts belong to."""
    attacks: dict[str, Attack] = {}
    attritions: dict[str, AttritionDeclared] = {}
    breakthroughs: dict[str, Breakthrough] = {}
    overruns: dict[str, OverrunResolved] = {}
    attacked: set[str] = set()
    """Units that attacked (or overran) this player turn."""


HANDLERS: Final = Handlers[CombatState]()


def initial() -> CombatState:
    return CombatState()


def clone(state: CombatState) -> CombatState:
    return CombatState(
        turn=state.turn,
        attacks=dict(state.attacks),
        attritions=dict(state.attritions),
        breakthroughs=dict(state.breakthroughs),
        overruns=dict(state.overruns),
        attacked=set(state.attacked),
    )


@HANDLERS.on_time_change
def _new_player_turn(state: CombatState, event: object, ctx: Context) -> None:
    if ctx.new_player_turn:
        state.turn = (ctx.now.turn, ctx.now.side)
        state.attacks = {}
        state.attritions = {}
        state.breakthroughs = {}
        state.overruns = {}
        state.attacked = set()


@HANDLERS.on(AttackDeclared)
def _attack(state: CombatState, event: AttackDeclared, ctx: Context) -> None:
    control = ctx.game.board.control
    state.attacks[event.attack] = Attack(
        seq=ctx.now.seq, declared=event, hex_control={h: control.get(h) for h in event.defender_hexes}
    )
    state.attacked.update(a.unit for a in event.attackers)


@HANDLERS.on(OverrunResolved)
def _overrun(state: CombatState, event: OverrunResolved, ctx: Context) -> None:
    state.overruns[event.overrun] = event
    state.attacked.update(u.unit for u in event.units)


@HANDLERS.on(BreakthroughCreated)
def _breakthrough(state: CombatState, event: BreakthroughCreated, ctx: Context) -> None:
    state.breakthroughs[event.breakthrough] = Breakthrough(seq=ctx.now.seq, attack=event.attack, hex=event.hex)


@HANDLERS.on(AttritionDeclared)
def _attrition(state: CombatState, event: AttritionDeclared, ctx: Context) -> None:
    state.attritions[event.attrition] = event
