"""``awaw end-phase``: the current phase ends and the next one of the sequence of play begins (27-30 extract 5.3;
31-34 extract 5.3): ``phase_started`` within a player turn; at the end of a player turn, the inverted air and naval
units that turn face up then (the position's answer, 27-30 extract 1.20: a unit a rule holds inverted stays so) and
the oil of each tracked reserve above its maximum, eliminated (33.422: under the game's reading of option
``oil.partial_in_cap``, :func:`projections.oil.over_maximum`), ``player_turn_ended``, and the other side's player
turn (the Axis move first, A3R intro) or the end of the game turn; then the next game turn. A player turn whose
``player_turn_ended`` is recorded does not end again.

The game-turn level steps that need rolls or choices (weather, the Year Start Sequence, research) are recorded with
``awaw record`` or ``awaw roll`` in the game-turn phases; ``end-phase`` from any of them starts the Axis player turn.

A phase the rules do not let end is refused, as the audit would flag its end: a hex over its stacking limit or a unit
that must be gone (12.11-12.19), an airdrop or a failed overrun not followed by its attack (15.22, 13.531), armor
overstacked after exploitation (16.51), an offensive operation paid and never made (A3R 9.63).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from awaw_events.codec import parse_event
from awaw_events.events import AnyEvent, OilCountersEliminated, PhaseStarted, PlayerTurnEnded
from awaw_events.gametime import turn_index
from awaw_events.vocab import PLAYER_TURN_PHASES, SIDES
from projections.oil import over_maximum
from projections.position import Position, offensives, overruns, stacking
from projections.position.combat import advance
from projections.position.oil import ledger
from projections.position.redeployment import inversion
from projections.redeployment import turn_ended_at
from projections.rules.calendar import turn_at
from projections.rules.oil.reserves import partial_in_cap
from projections.rules.sequence import FIRST_SIDE
from replays.commands.base import Query, Refusal, judged_in_turn

END_OF_PLAYER_TURN: Final = "end_of_player_turn"
END_OF_GAME_TURN: Final = "end_of_game_turn"
OPENING: Final[dict[type, tuple[Query, ...]]] = {
    PhaseStarted: (advance.exploitation_stacking, advance.airdrop_attacks, overruns.failed_overrun),
    PlayerTurnEnded: (offensives.operations_paid_and_used,),
    OilCountersEliminated: (ledger.over_maximum_elimination,),
}
"""The position's queries on the events that end a phase, each asked on the state before it."""
CLOSING: Final = (stacking.stacks, stacking.gone_by_phase_end)
"""The queries on the stacks taken when a phase ends, asked on the state after the event that ends it."""


class EndPhase(NamedTuple):
    """End the current phase (no options: the sequence of play says what comes next)."""


def decide_end_phase(pos: Position, command: EndPhase | None = None) -> list[AnyEvent] | Refusal:
    """The events that end the current phase and begin the next, or why the rules do not let it end."""
    decided = _sequence(pos)
    return decided if isinstance(decided, Refusal) else judged_in_turn(pos, decided, OPENING, CLOSING)


def _sequence(pos: Position) -> list[AnyEvent] | Refusal:
    clock = pos.state.clock
    if clock.seq == 0:
        return Refusal("27-30 extract 5.3", "the game has not begun")
    turn = {"year": clock.year, "season": clock.season}
    phase, side = clock.phase, clock.side
    if side is not None and phase in PLAYER_TURN_PHASES:
        index = PLAYER_TURN_PHASES.index(phase)
        if phase != END_OF_PLAYER_TURN:
            return [_event("phase_started", turn, side=side, phase=PLAYER_TURN_PHASES[index + 1])]
        ended = turn_ended_at(pos.state.redeployment, clock.turn, side)
        if ended is not None:
            return Refusal(
                "27-30 extract 5.3",
                f"the {side} player turn has ended already (player_turn_ended, event {ended}); record what follows "
                "it with awaw record",
            )
        events = [*over_the_maximum(pos, turn, side), *uninvert(pos, turn, side)]
        events.append(_event("player_turn_ended", turn, side=side, phase=END_OF_PLAYER_TURN))
        if side == FIRST_SIDE:  # the Axis move first, then the Allies (A3R intro; 27-30 extract 5.3)
            return [*events, *_player_turn(turn, next(s for s in SIDES if s != FIRST_SIDE))]
        return [*events, _event("game_turn_ended", turn, phase=END_OF_GAME_TURN)]
    if side is not None and phase is None:
        return [_event("phase_started", turn, side=side, phase=PLAYER_TURN_PHASES[0])]
    if phase == END_OF_GAME_TURN:
        year, season = turn_at(turn_index(clock.year, clock.season) + 1)
        return [_event("game_turn_started", {"year": year, "season": season})]
    if phase == "setup":
        return [_event("game_turn_started", turn, phase="game_turn_start")]
    return _player_turn(turn, FIRST_SIDE)


def _event(tag: str, turn: dict[str, Any], **when: Any) -> AnyEvent:
    return parse_event({"type": tag, **turn, **when}, where="the sequence of play")


def _player_turn(turn: dict[str, Any], side: str) -> list[AnyEvent]:
    return [_event("player_turn_started", turn, side=side), _event("phase_started", turn, side=side, phase="diplomacy")]


def uninvert(pos: Position, turn: dict[str, Any], side: str) -> list[AnyEvent]:
    """The ``unit_inversion_changed`` events that turn face up the units the position says turn face up at the end
    of this player turn (27-30 extract 1.20: 27.82, 28.46, 28.77, 28.81-28.83)."""
    faces = inversion.end_of_player_turn(pos, pos.state.clock.turn, side).answer
    return [
        _event(
            "unit_inversion_changed",
            turn,
            side=side,
            phase=END_OF_PLAYER_TURN,
            unit=face.unit,
            inverted=False,
            cause="end_of_player_turn",
        )
        for face in faces
        if face.face_up
    ]


def over_the_maximum(pos: Position, turn: dict[str, Any], side: str) -> list[AnyEvent]:
    """The ``oil_counters_eliminated`` events that cut each tracked reserve to its maximum at the end of a player turn
    (33.422), as the oil ledger finds the excess under the game's reading of option ``oil.partial_in_cap``."""
    state = pos.state
    excess = over_maximum(state.oil, partial_in_cap(state.meta.options), state.meta.variant)
    return [
        _event(
            "oil_counters_eliminated",
            turn,
            side=side,
            phase=END_OF_PLAYER_TURN,
            faction=found.faction,
            reserve=found.reserve,
            amount=found.excess,
            reason="over_reserve_max",
        )
        for found in excess
    ]
