"""What the record refuses: events that cannot be true of the game as its board stands.

A claim that breaks a rule (too many movement factors, a wrong CRT result) is kept, because disputes are about
exactly those, and the audit names it. What cannot be true is another matter: a unit that was never placed, a unit
no longer on the board, a unit moved by a power of the other side, a hex id written in a spelling no other event
uses. ``awaw record`` and ``awaw import`` refuse such an event with its line, its field and the reason, and write
nothing; with ``--lenient`` (a historical log with gaps) they keep it and report each problem, and the audit reports
the same problems as findings (the ``record`` family of :mod:`replays.audit.families.records`, and for moves the
movement family's ``mover`` check).

**Who may move a unit.** The owner the board records. Where the rules leave control of a unit open, another power
moving it is a finding, not a refusal: the units of a minor country (or of a nationality that is not its owner's,
such as ``commonwealth:canada``) are played by a side, and which major power of that side moves them is the
players' arrangement (A3R intro, option ``sop.variant`` (f): an attacked minor moves with the side that did not
attack it). A power of the other side never moves them. An actor that is not a major power (``system``,
``referee``) moves nothing on its own account and is not questioned.

**Which hexes exist.** The hex id space is geometry's (rows A-NN, columns 0-99: the event schema already refuses
anything else); a hex must be written in its one spelling (``EUR:K7``, not ``EUR:K07``), or the board would hold a
unit at a location no other event names. Map data lists no map's full extent, so a hex beyond a printed edge is not
refused (the checks that read map data say what they cannot check).

:class:`Referee` folds the board along the events of an import or a record (the board projection's own handlers:
one fold, of the board alone, so the import stays fast) and asks :func:`problems` of each event before it is folded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from awaw_events import rulings as rulings_mod
from awaw_events.errors import InputError
from awaw_events.events import (
    AdvanceAfterCombat,
    AirMissionFlown,
    AnyEvent,
    AttackDeclared,
    AttritionLossesTaken,
    AttritionOccupation,
    BreakthroughCreated,
    CombatLossesTaken,
    ExploitationAllowance,
    HexControlChanged,
    Ruling,
    UnitBuilt,
    UnitEliminated,
    UnitInversionChanged,
    UnitMoved,
    UnitPlaced,
    UnitRedeployed,
    UnitReduced,
    UnitTransferred,
)
from awaw_events.log import Numbered
from awaw_events.store import GameStore
from awaw_events.store import Numbered as StoredEvent
from awaw_events.vocab import SIDE_OF_POWER
from projections import board as board_mod
from projections.board import BoardState
from projections.core import Clock, Context, Meta, clock_after, clone
from projections.rules.geometry import GeometryError, canonical
from projections.rules.movement import CONTROL_OPEN_RULE, who_moves

if TYPE_CHECKING:  # the whole game's fold is imported only when a referee needs it (an existing game, a ruling)
    from projections.game import GameState

RULE: Final = "the record"
"""What a refusal cites: not a rule of the game, the record itself (it cannot be true)."""

OFF_BOARD: Final = ("pool", "chart:")
"""Locations of units that are not on the board: the force pool and the shipyard charts (mapboard and SW boxes are
part of the board)."""


class Problem(NamedTuple):
    """One thing wrong with an event: the field, the reason, and whether it is refused (cannot be true) or only a
    finding (the rules leave it open)."""

    field: str
    message: str
    refused: bool = True
    kind: str = "unit"
    """``unit`` (a unit not in play, or moved by a power that does not own it) or ``hex`` (a hex misspelt)."""


def _gone(board: BoardState, unit_id: str) -> str:
    gone = board.eliminated.get(unit_id)
    if gone is None:
        return f"unknown unit {unit_id!r}: no unit of that id was placed or built"
    cause = gone.cause.replace("_", " ")
    return f"{unit_id} is not on the board: it was eliminated ({cause}) in {gone.season.capitalize()} {gone.year}"


def unit_problem(board: BoardState, unit_id: str, field: str) -> Problem | None:
    """A unit an event names must be in play."""
    if unit_id in board.units:
        return None
    return Problem(field, _gone(board, unit_id))


def mover_problem(board: BoardState, unit_id: str, actor: str, field: str, verb: str = "moves") -> Problem | None:
    """A unit an event moves must be in play and be moved by its owner (or, where control is open, a power of its
    side: a finding)."""
    unit = board.units.get(unit_id)
    if unit is None:
        return Problem(field, _gone(board, unit_id))
    mover = who_moves(owner=unit.owner, nationality=unit.nationality, actor=actor)
    if mover == "owner":
        return None
    if mover == "ally":
        return Problem(
            "actor",
            f"{unit_id} ({unit.nationality}) belongs to {unit.owner}, and {actor}, of the same side, {verb} it: "
            f"which power of a side plays such a unit is the players' arrangement ({CONTROL_OPEN_RULE})",
            refused=False,
        )
    return Problem(
        "actor",
        f"{unit_id} belongs to {unit.owner}: {actor} cannot move it: a power moves its own units (13.4)",
    )


def attacker_problem(
    board: BoardState, unit_id: str, actor: str, field: str, verb: str = "attacks with"
) -> Problem | None:
    """A unit an attack declares attacking must be in play and of the declaring power's side. Units of several powers
    of one side attack together where the rules allow it (a joint German-Italian attack, 15.551: which powers may,
    the position's :func:`projections.position.combat.attacks.joint_attack` judges); the other side's never. A minor
    country's unit moved by another power of its side is a finding, as for a move (:func:`mover_problem`)."""
    unit = board.units.get(unit_id)
    if unit is None:
        return Problem(field, _gone(board, unit_id))
    mover = who_moves(owner=unit.owner, nationality=unit.nationality, actor=actor)
    if (
        mover == "other"
        and SIDE_OF_POWER.get(unit.owner) == SIDE_OF_POWER.get(actor)
        and unit.nationality == unit.owner
    ):
        return None  # a major power's unit attacking with an ally's (15.551)
    return mover_problem(board, unit_id, actor, field, verb)


def on_board_problem(board: BoardState, unit_id: str, field: str) -> Problem | None:
    """A unit that moves on the map must stand on the board, not in the force pool or on a shipyard chart."""
    unit = board.units.get(unit_id)
    if unit is not None and unit.location.startswith(OFF_BOARD):
        return Problem(field, f"{unit_id} is not on the board (it is in {unit.location}): only units on the board move")
    return None


_SPELLED: set[str] = set()
"""Locations already found well spelled (a few thousand hexes at most): an import asks about every step of every
path."""


def hex_problem(location: str, field: str) -> Problem | None:
    """A hex must be written in its one spelling (geometry's canonical id)."""
    if location in _SPELLED or not location.startswith(("EUR:", "PAC:")):
        return None
    try:
        spelled = canonical(location)
    except GeometryError as exc:
        return Problem(field, f"unknown hex {location!r}: {exc}", kind="hex")
    if spelled != location:
        return Problem(field, f"unknown hex {location!r}: the hex is written {spelled!r}", kind="hex")
    _SPELLED.add(location)
    return None


def _units(board: BoardState, ids: Sequence[tuple[str, str]]) -> Iterator[Problem]:
    for field, unit_id in ids:
        found = unit_problem(board, unit_id, field)
        if found is not None:
            yield found


def _moved(board: BoardState, event: UnitMoved) -> Iterator[Problem]:
    unit = board.units.get(event.unit)
    if (
        unit is not None
        and who_moves(owner=unit.owner, nationality=unit.nationality, actor=event.actor) == "owner"
        and not unit.location.startswith(OFF_BOARD)
        and _SPELLED.issuperset(event.path)
    ):
        return  # the common case, quickly
    found = mover_problem(board, event.unit, event.actor, "unit")
    if found is not None:
        yield found
        if found.field == "unit":
            return
    found = on_board_problem(board, event.unit, "unit")
    if found is not None:
        yield found
    for i, hex_ in enumerate(event.path):
        found = hex_problem(hex_, f"path[{i}]")
        if found is not None:
            yield found


def _redeployed(board: BoardState, event: UnitRedeployed) -> Iterator[Problem]:
    found = mover_problem(board, event.unit, event.actor, "unit", "redeploys")
    if found is not None:
        yield found
    for field, hex_ in (("destination", event.destination), *((f"path[{i}]", h) for i, h in enumerate(event.path))):
        found = hex_problem(hex_, field)
        if found is not None:
            yield found


def _moves(board: BoardState, event: AdvanceAfterCombat | AttritionOccupation) -> Iterator[Problem]:
    # an advance after combat moves the attack's attackers, an ally's among them in a joint attack (15.91, 15.551)
    joint = isinstance(event, AdvanceAfterCombat)
    for i, move in enumerate(event.moves):
        field = f"moves[{i}].unit"
        problem = attacker_problem if joint else mover_problem
        found = problem(board, move.unit, event.actor, field, "advances")
        if found is not None:
            yield found
        found = hex_problem(move.to, f"moves[{i}].to")
        if found is not None:
            yield found


def _attack(board: BoardState, event: AttackDeclared) -> Iterator[Problem]:
    for i, a in enumerate(event.attackers):
        found = attacker_problem(board, a.unit, event.actor, f"attackers[{i}].unit")
        if found is not None:
            yield found
    yield from _units(board, [(f"defenders[{i}].unit", d.unit) for i, d in enumerate(event.defenders)])
    for name in ("ground_support", "shore_bombardment", "das"):
        yield from _units(board, [(f"{name}[{i}].unit", u.unit) for i, u in enumerate(getattr(event, name))])
    for i, hex_ in enumerate(event.defender_hexes):
        found = hex_problem(hex_, f"defender_hexes[{i}]")
        if found is not None:
            yield found


def _placed(board: BoardState, event: UnitPlaced | UnitBuilt) -> Iterator[Problem]:
    there = board.units.get(event.unit)
    if there is not None:
        yield Problem("unit", f"{event.unit} is already in play (in {there.location}): a unit id names one counter")
    found = hex_problem(event.location, "location")
    if found is not None:
        yield found


def _one(field: str, unit_of: Callable[[Any], str]) -> Callable[[BoardState, Any], Iterator[Problem]]:
    def check(board: BoardState, event: Any) -> Iterator[Problem]:
        found = unit_problem(board, unit_of(event), field)
        if found is not None:
            yield found

    return check


def _losses(board: BoardState, event: CombatLossesTaken | AttritionLossesTaken) -> Iterator[Problem]:
    return _units(board, [(f"losses[{i}].unit", u.unit) for i, u in enumerate(event.losses)])


def _mission(board: BoardState, event: AirMissionFlown) -> Iterator[Problem]:
    return _units(board, [(f"units[{i}]", u) for i, u in enumerate(event.units)])


def _control(board: BoardState, event: HexControlChanged) -> Iterator[Problem]:
    found = hex_problem(event.hex, "hex")
    if found is not None:
        yield found


CHECKS: Final[dict[type, Callable[[BoardState, Any], Iterator[Problem]]]] = {
    UnitMoved: _moved,
    UnitRedeployed: _redeployed,
    AdvanceAfterCombat: _moves,
    AttritionOccupation: _moves,
    AttackDeclared: _attack,
    UnitPlaced: _placed,
    UnitBuilt: _placed,
    UnitEliminated: _one("unit", lambda e: e.unit),
    UnitReduced: _one("unit", lambda e: e.unit),
    UnitInversionChanged: _one("unit", lambda e: e.unit),
    UnitTransferred: _one("unit", lambda e: e.unit),
    ExploitationAllowance: _one("unit", lambda e: e.unit),
    BreakthroughCreated: _one("armor", lambda e: e.armor),
    CombatLossesTaken: _losses,
    AttritionLossesTaken: _losses,
    AirMissionFlown: _mission,
    HexControlChanged: _control,
}
"""The events the record checks, and how (events of other types reference nothing the board holds)."""


def problems(board: BoardState, event: AnyEvent) -> tuple[Problem, ...]:
    """What cannot be true of ``event`` on ``board`` (the board before it), and what the rules leave open."""
    check = CHECKS.get(type(event))
    return tuple(check(board, event)) if check is not None else ()


class Kept(NamedTuple):
    """A problem of an event kept anyway (``--lenient``, or a finding where control is open)."""

    seq: int
    where: str
    field: str
    message: str
    refused: bool


class _Board:
    """A board being folded event by event, with the rule set and the clock its handlers read."""

    def __init__(self, board: BoardState, meta: Meta, clock: Clock) -> None:
        self.board, self.meta, self.clock = board, meta, clock

    @classmethod
    def of(cls, state: GameState) -> _Board:
        return cls(clone(state.board), state.meta, state.clock)

    def fold(self, seq: int, event: AnyEvent, handler: Callable[..., None]) -> None:
        """The board projection's handler of the event (the board's handlers read only the game time of the event,
        so the clock is kept for the events they see)."""
        previous = self.clock
        now = self.clock = clock_after(previous, event, seq)
        handler(self.board, event, Context(meta=self.meta, previous=previous, now=now))


class Referee:
    """Refuses what cannot be true along an import or a record (:class:`awaw_events.log.Referee`).

    ``begin`` takes the board at the end of the timeline (from the state at that point: snapshots make it quick);
    ``check`` asks :func:`problems` of each event and folds it into the board with the board projection's handlers.
    A ruling changes what the log means: its replacement events are checked against the board at the place where
    they stand in the effective log (before the first event the ruling voids, or right after the event a correction
    in time inserts them after), and after them the board is folded again from the start, from the effective log
    (rulings are rare). With ``lenient``, nothing is refused: every problem is kept in :attr:`kept`, as are the
    problems the rules leave open.
    """

    def __init__(self, *, lenient: bool = False) -> None:
        self.lenient = lenient
        self.kept: list[Kept] = []
        self._store: GameStore | None = None
        self._timeline = ""
        self._at = _Board(board_mod.initial(), Meta(), Clock())
        self._place: _Board | None = None
        """Where a ruling's replacement events stand, while they are checked (None otherwise)."""
        self._rebuild_at: int | None = None

    def begin(self, store: GameStore, timeline: str, size: int) -> None:
        self._store, self._timeline = store, timeline
        self.kept, self._rebuild_at, self._place = [], None, None
        if size == 0:  # a new game: an empty board (no need for the whole fold's machinery)
            self._at = _Board(board_mod.initial(), Meta(), Clock())
        else:
            self._at = _Board.of(_state_at(store, timeline, size))

    def check(self, first: int, batch: Sequence[Numbered]) -> list[InputError]:
        errors: list[InputError] = []
        handler_of = board_mod.HANDLERS.by_type.get
        lookup = CHECKS.get
        for offset, (where, event) in enumerate(batch):
            seq = first + offset
            at = self._place or self._at
            kind = type(event)
            check = lookup(kind)
            if check is not None:
                for p in check(at.board, event):
                    if p.refused and not self.lenient:
                        errors.append(InputError(p.message, where=where, field=p.field))
                    else:
                        self.kept.append(Kept(seq, where, p.field, p.message, p.refused))
            handler = handler_of(kind)
            if handler is not None:
                at.fold(seq, event, handler)
            if isinstance(event, Ruling):
                self._rebuild_at = seq + event.replacements
                self._place = self._place_of(event, batch[:offset], first) if event.replacements else None
            if self._rebuild_at is not None and seq >= self._rebuild_at:
                self._rebuild(batch[: offset + 1], first)
        return errors

    def _effective(self, batch: Sequence[Numbered], first: int) -> tuple[rulings_mod.RulingIndex, list[StoredEvent]]:
        """The rulings and the effective log of the stored events, then ``batch`` (numbered from ``first``)."""
        store = self._store
        stored: list[StoredEvent] = []
        if store is not None and first > 1:
            stored = list(store.numbered(self._timeline, stop=first - 1))
        events = stored + [StoredEvent(first + i, n.event) for i, n in enumerate(batch)]
        index = rulings_mod.index([(n.seq, n.event) for n in events if isinstance(n.event, Ruling)])
        return index, list(rulings_mod.effective(events, index, lambda s: events[s - 1]))

    def _place_of(self, ruling: Ruling, before: Sequence[Numbered], first: int) -> _Board | None:
        """The board where the replacement events of ``ruling`` stand (None when the place is not in the effective
        log, as for a ruling on a voided event: they are then checked against the board as it is)."""
        index, effective = self._effective(before, first)
        seqs = [n.seq for n in effective]
        if ruling.insert_after is not None:
            if ruling.insert_after not in seqs:
                return None
            cut = seqs.index(ruling.insert_after) + 1
            earlier = index.inserted_after.get(ruling.insert_after, ())  # corrections at the same place, before it
            while cut < len(seqs) and seqs[cut] in earlier:
                cut += 1
        elif ruling.voids and min(ruling.voids) in seqs:
            cut = seqs.index(min(ruling.voids))
        else:
            return None
        from projections import game

        return _Board.of(game.fold_numbered(game.initial(), ((n.seq, n.event) for n in effective[:cut])))

    def _rebuild(self, batch: Sequence[Numbered], first: int) -> None:
        """The board of the effective log up to the end of ``batch`` (stored events, then the batch so far)."""
        self._rebuild_at, self._place = None, None
        _, effective = self._effective(batch, first)
        from projections import game

        self._at = _Board.of(game.fold_numbered(game.initial(), ((n.seq, n.event) for n in effective)))


def _state_at(store: GameStore, timeline: str, size: int) -> GameState:
    """The state at the end of the timeline before the write, kept as a snapshot when it was folded (from the
    nearest one): the audit of the new events starts from it, and folds only them."""
    from replays.state import state_at

    return state_at(store.open(timeline), size)
