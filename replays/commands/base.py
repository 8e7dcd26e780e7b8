"""What every command shares: the refusal, the position a decision reads, and the words for game time and units.

A command is a frozen value (a :class:`~typing.NamedTuple`) that says what a player does; its ``decide_*`` function
reads the game state (:class:`projections.game.GameState` at the end of the log) and returns the events to append or
a :class:`Refusal` naming the rule that forbids it (STYLE 6; the functional examples of the eventsourcing library:
commands return events, only the store appends). Decisions are pure: the die of a seeded roll comes in as a
:data:`Roller` (a function of the roll's number, deterministic given the seed), a physical die as a number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NamedTuple, TypeAlias, cast

from awaw_events.events import AnyEvent
from awaw_events.vocab import FACTION_OF_POWER, POWERS, SIDE_OF_FACTION, Power
from projections.board import Unit
from projections.game import GameState, fold
from projections.position.core import Position
from projections.rules.breach import Breach
from projections.rules.texts import awaw_rule
from replays import records

Roller: TypeAlias = Callable[[int, int], list[int]]
"""``roller(number, dice)``: the faces of roll ``number`` (a seeded roll: the seed's, :func:`awaw_events.dice.
roll_dice`)."""


COMMAND: Final = "the command"
"""What a refusal cites where the command as given cannot be drafted into an event (a field it needs is not given,
a name that neither the rules' catalogue nor this turn's record holds, a table the extracts do not give): not a rule
of the game, so no check of the audit judges it. A rule the audit checks is cited only by the position's query that
judges the drafted event (:func:`first_refusal`)."""


class Refusal(NamedTuple):
    """A command the rules (or the record) do not allow: the rule and why."""

    rule: str
    message: str

    def __str__(self) -> str:
        """The message with the rule, unless the message already closes with a citation of it."""
        _, sep, cited = self.message.rpartition(" (")
        if sep and cited.endswith(")") and self.rule in cited.rstrip(")").split(", "):
            return self.message
        return f"{self.message} ({self.rule})"


class Die(NamedTuple):
    """Where a command's die comes from: a physical die typed in (``face``), or the game's next seeded roll
    (``roller``). Neither: the decision stops before the roll (a preview)."""

    face: int | None = None
    roller: Roller | None = None

    @property
    def known(self) -> bool:
        return self.face is not None or self.roller is not None

    def roll(self, number: int, count: int = 1) -> tuple[list[int], str]:
        """The faces of roll ``number`` and their source (``physical`` or ``seeded``)."""
        if self.face is not None:
            return [self.face], "physical"
        assert self.roller is not None, "no die: decide the preview only"
        return self.roller(number, count), "seeded"


NO_DIE: Final = Die()


def now(state: GameState) -> dict[str, Any]:
    """The game time of the next event: that of the last event (the clock), with its side and phase."""
    clock = state.clock
    found = {"year": clock.year, "season": clock.season, "side": clock.side, "phase": clock.phase}
    return {k: v for k, v in found.items() if v is not None}


def side_of(power: str) -> str | None:
    """The side of a major power (``axis`` or ``allied``), None otherwise."""
    faction = FACTION_OF_POWER.get(cast(Power, power))
    return SIDE_OF_FACTION[faction] if faction is not None else None


def faction_of(power: str) -> str | None:
    return FACTION_OF_POWER.get(cast(Power, power))


Query: TypeAlias = Callable[[Position, Any], Iterable[object]]
"""A position's query on a claim (:mod:`projections.position`): its breaches and what it could not decide."""


def judged_in_turn(
    pos: Position,
    events: list[AnyEvent],
    judges: Mapping[type, Sequence[Query]],
    after: Sequence[Query] = (),
) -> list[AnyEvent] | Refusal:
    """Decided events, each asked the judges of its type on the state before it (the events decided before it
    folded) and the ``after`` judges on the state after it, or the refusal at the first breach."""
    state = pos.state
    for event in events:
        asked = judges.get(type(event))
        stop = first_refusal(Position(state, pos.map, map_reason=pos.map_reason), event, asked) if asked else None
        state = fold(state, [event])
        if stop is None and after:
            stop = first_refusal(Position(state, pos.map, map_reason=pos.map_reason), event, after)
        if stop is not None:
            return stop
    return events


def unit_in_play(pos: Position, unit_id: str) -> Unit | Refusal:
    """The unit on the board, or the record's refusal (unknown unit, eliminated)."""
    problem = records.unit_problem(pos.board, unit_id, "unit")
    if problem is not None:
        return Refusal(records.RULE, problem.message)
    return pos.board.units[unit_id]


def acting(pos: Position, unit_id: str, actor: str | None, verb: str = "moves") -> tuple[Unit, str] | Refusal:
    """A unit in play and the power that acts with it (its owner unless ``actor`` names a major power), before
    anyone judges whether that power may (a move: the movement queries' ``mover``)."""
    unit = unit_in_play(pos, unit_id)
    if isinstance(unit, Refusal):
        return unit
    power = actor or unit.owner
    if power not in POWERS:
        return Refusal(records.RULE, f"{power!r} is not a major power: a power {verb} its units")
    return unit, power


def own_unit(pos: Position, unit_id: str, actor: str | None, verb: str = "moves") -> tuple[Unit, str] | Refusal:
    """A unit the player flies, redeploys or attritions with, and the power that acts (:func:`acting`), refused where
    the record refuses that power moving it (:func:`replays.records.mover_problem`: the record family's check of the
    audit asks the same function)."""
    found = acting(pos, unit_id, actor, verb)
    if isinstance(found, Refusal):
        return found
    problem = records.mover_problem(pos.board, unit_id, found[1], "unit", verb)
    if problem is not None and problem.refused:
        return Refusal(records.RULE, problem.message)
    return found


def first_refusal(
    pos: Position, event: Any, judges: Iterable[Callable[[Position, Any], Iterable[object]]]
) -> Refusal | None:
    """The refusal of the first breach that the position's claim queries ``judges`` find in a drafted event, in
    their order (the queries the audit asks of the recorded event); None when none is broken for certain (what they
    cannot decide, the preview's audit lists as not checked). In an AWAW game a breach of an A3R rule the AWAW rule
    texts do not give is no refusal: the audit reports such a check as not made there (replays.audit.rulesets), so
    the command must not refuse what that audit would not find; one they reproduce is refused citing the AWAW rule."""
    awaw = pos.meta.rules == "awaw"
    for judge in judges:
        for found in judge(pos, event):
            if type(found) is Breach:
                rule = awaw_rule(found.rule) if awaw and found.rule.startswith("A3R") else found.rule
                if rule is not None:
                    return Refusal(rule, found.message)
    return None
