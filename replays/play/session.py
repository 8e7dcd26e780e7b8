"""A staged turn against a stored game: actions decided on the draft's position, shown with the audit's preview,
taken back with an undo, and appended together by a commit (:mod:`awaw_events.drafts` keeps them).

* The draft's position is the log after the draft's base event plus the staged events. When the log has moved
  since (the other player appended, a ruling), the actions are decided again from their lines on the log as it is;
  what no longer holds is named and nothing is written (:class:`Stale`).
* A roll is never staged: a die once shown is in the log. ``roll`` appends the staged actions, the declaration and
  the roll and its reading in one transaction, so an undo, a quit or a killed process cannot take a die back, and
  the next roll has the next number.
* Every append goes through :func:`replays.commands.runner.commit` (one transaction, the audit of what it wrote).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from awaw_events import drafts
from awaw_events.codec import parse_event
from awaw_events.drafts import Draft
from awaw_events.events import AnyEvent, NoteAdded
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore
from projections import game
from projections.position import Position
from replays.commands.base import Die, Refusal, now
from replays.commands.force import DISPUTED
from replays.commands.runner import Look, commit, die_for, look, preview, seeded
from replays.play.verbs import Said, Verb, parse
from replays.recording import Recorded


class Staged(NamedTuple):
    """An action staged: the verb, its events (numbered from ``first``) and the audit's preview of them."""

    verb: Verb
    events: list[AnyEvent]
    first: int
    report: object


def _disputed(event: AnyEvent) -> bool:
    return isinstance(event, NoteAdded) and event.text.startswith(DISPUTED)


def disputed_notes(pos: Position, findings: Sequence[Any]) -> list[AnyEvent]:
    """A note on each event a forced action breaks a rule in (``findings``: the audit's), naming it disputed."""
    when = now(pos.state)
    by_seq: dict[int, list[str]] = {}
    for f in findings:
        by_seq.setdefault(f.seq, []).append(f"{f.message} ({f.rule})" if f.rule not in f.message else f.message)
    return [
        parse_event({"type": "note_added", **when, "about": seq, "text": DISPUTED + "; ".join(texts)}, where="note")
        for seq, texts in sorted(by_seq.items())
    ]


class Stale(NamedTuple):
    """Staged actions that no longer hold on the log as it is now: each line and why."""

    moved_from: int
    moved_to: int
    refused: tuple[tuple[str, Refusal], ...]


class Session:
    """One player's staged turn of ``timeline`` in ``store``, kept in ``ring`` (hold it with
    :func:`awaw_events.drafts.hold` while the session lives)."""

    def __init__(self, store: GameStore, ring: KeyRing, timeline: str, power: str | None = None) -> None:
        self.store, self.ring, self.timeline, self.power = store, ring, timeline, power
        first = store.record_at(timeline, 1)
        if first is None:
            raise drafts.DraftError(f"{timeline!r} has no events: start it with awaw new")
        self.game = first.hash
        found = drafts.load(ring, self.game, timeline)
        self.draft = found if found is not None else self._empty()
        self._position: Position | None = None
        self._base: Look | None = None

    # -- the draft and its position ----------------------------------------------------------------------------

    def _head(self) -> tuple[int, str]:
        last = self.store.head_record(self.timeline)
        return (last.seq, last.hash) if last is not None else (0, "")

    def _empty(self) -> Draft:
        count, head = self._head()
        return Draft(timeline=self.timeline, game=self.game, base_count=count, base_head=head)

    def moved(self) -> bool:
        """Whether the log has moved since the draft's base."""
        return self._head() != (self.draft.base_count, self.draft.base_head)

    def base(self) -> Look:
        if self._base is None:
            self._base = look(self.store, self.timeline, self.draft.base_count)
        return self._base

    def position(self) -> Position:
        """The draft's position: the log at the draft's base, and the staged events."""
        if self._position is None:
            base = self.base().position
            events = self.draft.events()
            self._position = (
                Position(game.fold(base.state, events), base.map, map_reason=base.map_reason) if events else base
            )
        return self._position

    def size(self) -> int:
        """The events the draft's position holds (the log's base and the staged ones)."""
        return self.draft.base_count + sum(len(a.events) for a in self.draft.actions)

    def _set(self, draft: Draft) -> None:
        if (draft.base_count, draft.base_head) != (self.draft.base_count, self.draft.base_head):
            self._base = None
        self.draft = draft
        self._position = None
        drafts.save(self.ring, draft)

    def lines(self) -> list[str]:
        return [a.line for a in self.draft.actions]

    def awaiting_roll(self) -> Verb | None:
        """The staged verb whose die is still to roll (the last action, when it rolls)."""
        if not self.draft.actions:
            return None
        before = self._without_last()
        verb = parse(before, self.draft.actions[-1].line, self.power)
        return verb if isinstance(verb, Verb) and verb.rolls is not None else None

    def _without_last(self) -> Position:
        base = self.base().position
        events = [e for a in self.draft.actions[:-1] for e in a.decoded()]
        return Position(game.fold(base.state, events), base.map, map_reason=base.map_reason) if events else base

    # -- staging -----------------------------------------------------------------------------------------------

    def read(self, text: str) -> Verb | Said | Refusal:
        return parse(self.position(), text, self.power)

    def stage(self, verb: Verb) -> Staged | Refusal:
        """Decide ``verb`` on the draft's position and stage it (nothing is appended)."""
        if self.awaiting_roll() is not None:
            return Refusal("15.6", "the staged attack waits for its die: roll, or undo it first")
        pos = self.position()
        decided = verb.decide(pos)
        if isinstance(decided, Refusal):
            return decided
        first = self.size() + 1
        report = preview(Look(pos, first - 1), decided)
        if report.findings and not verb.force:
            found = report.findings[0]
            instead = f"; {verb.instead(pos)}" if verb.instead is not None else ""
            return Refusal(found.rule, f"{found.message}{instead}; --force records it as a disputed action")
        if report.findings and not any(_disputed(e) for e in decided):
            decided = [*decided, *disputed_notes(pos, report.findings)]
        self._set(self.draft.staged(verb.line, decided))
        return Staged(verb, decided, first, report)

    def undo(self) -> str | Refusal:
        """Take back the last staged action (its line is returned)."""
        if not self.draft.actions:
            count = self.draft.base_count
            return Refusal(
                "undo",
                f"nothing is staged: the log holds everything up to event {count} (a die once shown stays there)",
            )
        line = self.draft.actions[-1].line
        self._set(self.draft.undone())
        return line

    def drop(self) -> None:
        """Forget the whole draft."""
        self._set(self._empty())

    # -- deciding again and appending --------------------------------------------------------------------------

    def redecide(self) -> Stale | None:
        """Decide the staged actions again on the log as it is now; the draft then stands on the new head. Returns
        what no longer holds (the draft is left as it was) or None."""
        count, head = self._head()
        now = look(self.store, self.timeline)
        pos = now.position
        refused: list[tuple[str, Refusal]] = []
        rebased = self.draft.rebased(count, head)
        for action in self.draft.actions:
            verb = parse(pos, action.line, self.power)
            decided = (
                verb.decide(pos) if isinstance(verb, Verb) else Refusal("input", f"{action.line!r} stages nothing")
            )
            if isinstance(decided, Refusal):
                refused.append((action.line, decided))
                continue
            rebased = rebased.staged(action.line, decided)
            pos = Position(game.fold(pos.state, decided), pos.map, map_reason=pos.map_reason)
        if refused:
            return Stale(self.draft.base_count, count, tuple(refused))
        self._set(rebased)
        return None

    def commit(self, die: Die | None = None) -> Recorded | Stale | Refusal:
        """Append every staged action in one transaction (with ``die``, the awaited roll too), after deciding them
        again if the log has moved; the draft is then empty on the new head."""
        if self.moved():
            stale = self.redecide()
            if stale is not None:
                return stale
        rolling = self.awaiting_roll()
        events = self.draft.events()
        if rolling is not None:
            if die is None:
                return Refusal("15.6", "the staged attack waits for its die: roll it, or undo it")
            assert rolling.rolls is not None
            rolled = rolling.rolls(self._without_last(), die)
            if isinstance(rolled, Refusal):
                return rolled
            notes = [e for e in self.draft.actions[-1].decoded() if _disputed(e)]
            events = [e for a in self.draft.actions[:-1] for e in a.decoded()] + rolled + notes
        if not events:
            return Refusal("commit", "nothing is staged")
        done = commit(self.store, self.timeline, lambda _pos: list(events), expected_count=self.draft.base_count)
        if isinstance(done, Refusal):
            return done
        self._set(self._empty())
        return done

    def seeded(self) -> bool:
        return seeded(self.store, self.timeline)

    def die(self, face: int | None) -> Die:
        """The die of the awaited roll: ``face`` typed in, else the game's next seeded roll."""
        return die_for(self.store, self.ring, self.timeline, face)

    def next_roll(self) -> int:
        return self.position().next_roll
