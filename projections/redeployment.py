"""This game turn's redeployments and construction tallies: what the per-turn caps of rules 27.61 and 28 count.

* SRs per objective (28.62C): ground units and air factors SRed into and out of each objective this turn, by
  alliance faction, counted by :func:`projections.rules.redeployment.sr_tallies` from the unit on the board;
* the redeployment segments of the current player turn (28.13): the furthest segment reached, and the units that
  NRed or SRed (28.315);
* railheads built this turn by each alliance faction (28.654D);
* naval air factors built this turn by each power (27.61; Australian naval air uses its own rate, 27.61B), and the
  powers that ever spent RPs on naval air training (42.23D), which the log does not otherwise detail.

Game-turn tallies are forgotten at the first event of the next game turn and the segment record at the next player
turn, so the state stays small. A reader asks with the game turn (and side) it is about: a check of the first event
of a new turn, which sees the state before that event, gets nothing from the turn before (the queries below).
"""

from __future__ import annotations

from typing import Any, Final, cast

import msgspec

from awaw_events.events import RailheadBuilt, RpSpent, UnitBuilt, UnitRedeployed
from awaw_events.vocab import FACTION_OF_POWER, Power, UnitType
from projections.core import Context, Handlers
from projections.rules.construction import australian_naval_air
from projections.rules.redeployment import SEGMENTS, Segment, SrTally, sr_tallies


class RedeploymentState(msgspec.Struct, kw_only=True):
    """This turn's tallies. Treat it as a value: only the fold mutates a fresh clone."""

    turn: int = -1
    """The game turn the tallies belong to."""
    srs: dict[str, int] = {}
    """28.62C counts by :func:`sr_key` (faction, objective, ``in``/``out``, ``ground``/``air``)."""
    railheads: dict[str, int] = {}
    """Railheads built this turn, by alliance faction (28.654D)."""
    naval_air: dict[str, int] = {}
    """Naval air factors built this turn, by power (27.61; not Australian naval air)."""
    naval_air_research: set[str] = set()
    """Powers that spent RPs on naval air training (42.23D raises their rates)."""
    player_turn: tuple[int, str | None] = (-1, None)
    """The player turn (game turn, side) ``segment`` and ``redeployed`` belong to."""
    segment: Segment | None = None
    """The furthest redeployment segment reached in the player turn (28.13)."""
    redeployed: set[str] = set()
    """Units that NRed or SRed in the player turn (28.315)."""


HANDLERS: Final = Handlers[RedeploymentState]()


def initial() -> RedeploymentState:
    return RedeploymentState()


def clone(state: RedeploymentState) -> RedeploymentState:
    return RedeploymentState(
        turn=state.turn,
        srs=dict(state.srs),
        railheads=dict(state.railheads),
        naval_air=dict(state.naval_air),
        naval_air_research=set(state.naval_air_research),
        player_turn=state.player_turn,
        segment=state.segment,
        redeployed=set(state.redeployed),
    )


# ---------------------------------------------------------------------------------------------------------------------
# Queries
# ---------------------------------------------------------------------------------------------------------------------


def sr_key(faction: str, tally: SrTally) -> str:
    """The key of one 28.62C count: ``"<faction>|<objective>|<in/out>|<ground/air>"``."""
    return f"{faction}|{tally.end}|{tally.direction}|{tally.what}"


def srs_counted(state: RedeploymentState, turn: int, faction: str, tally: SrTally) -> int:
    """What the faction has SRed this game turn for the count ``tally`` adds to (28.62C)."""
    return state.srs.get(sr_key(faction, tally), 0) if state.turn == turn else 0


def railheads_built(state: RedeploymentState, turn: int, faction: str) -> int:
    """Railheads the faction built in game turn ``turn`` so far (28.654D)."""
    return state.railheads.get(faction, 0) if state.turn == turn else 0


def naval_air_built(state: RedeploymentState, turn: int, power: str) -> int:
    """Naval air factors the power built in game turn ``turn`` so far (27.61)."""
    return state.naval_air.get(power, 0) if state.turn == turn else 0


def segment_reached(state: RedeploymentState, turn: int, side: str | None) -> Segment | None:
    """The furthest redeployment segment of the player turn (``turn``, ``side``) so far (28.13)."""
    return state.segment if state.player_turn == (turn, side) else None


def redeployed_this_phase(state: RedeploymentState, turn: int, side: str | None, unit: str) -> bool:
    """Whether ``unit`` NRed or SRed earlier in the player turn (``turn``, ``side``) (28.315)."""
    return state.player_turn == (turn, side) and unit in state.redeployed


def sr_of(board: Any, event: UnitRedeployed, ruleset: str) -> tuple[str, tuple[SrTally, ...]] | None:
    """The faction making an SR and what it adds to the 28.62C counts, from the unit on ``board`` (a
    :class:`projections.board.BoardState`); ``None`` when the unit is not on the board."""
    unit = board.units.get(event.unit)
    if unit is None:
        return None
    tallies = sr_tallies(
        cast(UnitType, unit.unit_type),
        unit.factors,
        event.origin,
        event.destination,
        ruleset="a3r" if ruleset == "a3r" else "awaw",
    )
    return FACTION_OF_POWER.get(cast(Power, unit.owner), unit.owner), tallies


# ---------------------------------------------------------------------------------------------------------------------
# The fold
# ---------------------------------------------------------------------------------------------------------------------


def _this_turn(state: RedeploymentState, ctx: Context) -> None:
    turn = ctx.now.turn
    if state.turn != turn:
        state.turn = turn
        state.srs = {}
        state.railheads = {}
        state.naval_air = {}


@HANDLERS.on_time_change
def _new_turn(state: RedeploymentState, event: object, ctx: Context) -> None:
    if ctx.new_turn:
        _this_turn(state, ctx)


@HANDLERS.on(UnitRedeployed)
def _redeployed(state: RedeploymentState, event: UnitRedeployed, ctx: Context) -> None:
    _this_turn(state, ctx)
    key = (ctx.now.turn, event.side)
    if state.player_turn != key:
        state.player_turn, state.segment, state.redeployed = key, None, set()
    if event.segment in SEGMENTS:
        segment = event.segment
        if state.segment is None or SEGMENTS.index(segment) > SEGMENTS.index(state.segment):
            state.segment = segment
    if event.kind in ("NR", "SR"):
        state.redeployed.add(event.unit)
    if event.kind != "SR" or event.origin == event.destination:
        return
    found = sr_of(ctx.game.board, event, ctx.meta.rules)
    if found is None:
        return
    faction, tallies = found
    for tally in tallies:
        key_ = sr_key(faction, tally)
        state.srs[key_] = state.srs.get(key_, 0) + tally.amount


@HANDLERS.on(RailheadBuilt)
def _railhead(state: RedeploymentState, event: RailheadBuilt, ctx: Context) -> None:
    _this_turn(state, ctx)
    faction = FACTION_OF_POWER[event.power]
    state.railheads[faction] = state.railheads.get(faction, 0) + 1


@HANDLERS.on(UnitBuilt)
def _built(state: RedeploymentState, event: UnitBuilt, ctx: Context) -> None:
    if event.unit_type == "nas" and not australian_naval_air(event.nationality):
        _this_turn(state, ctx)
        state.naval_air[event.owner] = state.naval_air.get(event.owner, 0) + event.factors


@HANDLERS.on(RpSpent)
def _rps(state: RedeploymentState, event: RpSpent, ctx: Context) -> None:
    if "naval_air" in event.purpose:
        state.naval_air_research.add(event.power)
