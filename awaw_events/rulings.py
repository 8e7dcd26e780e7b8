"""Rulings: a disputed event is never edited or deleted; a ``ruling`` voids it, or replaces it.

The *effective* log of a timeline up to a point is its records with every voided event left out and each ruling's
replacement events standing in the place of the first event it voids. Projections, replays and the audit read the
effective log; ``awaw log`` shows the originals marked as voided or replaced, with the ruling that did it.

A ruling may void an earlier ruling (a ruling reversed): the earlier ruling then has no effect.

A ruling with ``insert_after`` is a correction in time: it voids nothing, and its replacement events stand
right after the event it names, at their own game time; every other event keeps its number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, Protocol, TypeVar

from awaw_events.events import AnyEvent, Ruling


class _Numbered(Protocol):
    @property
    def seq(self) -> int: ...

    @property
    def event(self) -> AnyEvent: ...


R = TypeVar("R", bound=_Numbered)


class RulingIndex(NamedTuple):
    """Which events the rulings up to a point void, what replaces them, and what corrections in time insert."""

    voided_by: dict[int, int]
    """voided event -> the ruling that voided it"""
    replacements_at: dict[int, tuple[int, ...]]
    """first voided event of a ruling -> the replacement events to fold in its place"""
    replacement_of: dict[int, int]
    """replacement (or inserted) event -> its ruling"""
    inserted_after: dict[int, tuple[int, ...]] = {}
    """event -> the events corrections in time insert right after it, in the order of their rulings"""

    @property
    def empty(self) -> bool:
        return not self.voided_by and not self.inserted_after

    def first_affected(self) -> int | None:
        """The earliest event whose meaning a ruling changed (snapshots taken after it are stale)."""
        return min((*self.voided_by, *(k + 1 for k in self.inserted_after)), default=None)

    def anchor_of(self, seq: int) -> int | None:
        """The event an inserted event stands after (None for an event that was not inserted)."""
        for anchor, inserted in self.inserted_after.items():
            if seq in inserted:
                return anchor
        return None


def _standing(rulings: Iterable[tuple[int, Ruling]], stop: int | None) -> dict[int, Ruling]:
    """The rulings that stand at event ``stop`` (a ruling voiding a ruling reverses it)."""
    active: dict[int, Ruling] = {}
    for seq, ruling in rulings:
        if stop is not None and seq > stop:
            break
        for target in ruling.voids:
            active.pop(target, None)
        active[seq] = ruling
    return active


def index(rulings: Iterable[tuple[int, Ruling]], *, stop: int | None = None) -> RulingIndex:
    """Index the rulings (with their sequence numbers, in order) that stand at event ``stop``.

    Rulings that void and replace count from their own place: at a point before a ruling, the log reads as it
    did before it. Corrections in time (``insert_after``) are facts about the past and count wherever their place
    is reached: pass every ruling of the timeline, and an insertion after event ``k <= stop`` stands at ``stop``
    even when its ruling was recorded after ``stop``.
    """
    every = list(rulings)
    active = _standing(every, stop)
    voided_by: dict[int, int] = {}
    replacements_at: dict[int, tuple[int, ...]] = {}
    replacement_of: dict[int, int] = {}
    inserted_after: dict[int, tuple[int, ...]] = {}
    for seq, ruling in active.items():
        if ruling.insert_after is not None:
            continue
        for target in ruling.voids:
            voided_by[target] = seq
        replacements = tuple(r for r in range(seq + 1, seq + 1 + ruling.replacements) if stop is None or r <= stop)
        for r in replacements:
            replacement_of[r] = seq
        if replacements and ruling.voids:
            replacements_at[min(ruling.voids)] = replacements
    standing = _standing(every, None)
    for seq, ruling in every:
        anchor = ruling.insert_after
        if anchor is None or (stop is not None and anchor > stop):
            continue
        inserted = tuple(range(seq + 1, seq + 1 + ruling.replacements))
        for r in inserted:
            replacement_of[r] = seq
        if seq in standing:
            inserted_after[anchor] = (*inserted_after.get(anchor, ()), *inserted)
        else:  # a correction reversed by a later ruling: what it inserted stands nowhere
            for r in inserted:
                voided_by.setdefault(r, seq)
    return RulingIndex(voided_by, replacements_at, replacement_of, inserted_after)


def effective(records: Iterable[R], rulings: RulingIndex, fetch: Callable[[int], R]) -> Iterator[R]:
    """The effective records: voided ones dropped, replacements moved to the place of what they replace, inserted
    ones right after the event they stand after."""
    if rulings.empty:
        yield from records
        return
    voided = rulings.voided_by
    for record in records:
        seq = record.seq
        if seq in rulings.replacements_at:
            for replacement in rulings.replacements_at[seq]:
                if replacement not in voided:
                    yield fetch(replacement)
        if seq not in voided and seq not in rulings.replacement_of:
            yield record
        if seq in rulings.inserted_after:
            for inserted in rulings.inserted_after[seq]:
                if inserted not in voided:
                    yield fetch(inserted)


def inserted_events(rulings: Sequence[tuple[int, Ruling]]) -> frozenset[int]:
    """The events corrections in time inserted (they stand earlier in the game than where they are stored, so the
    game time the log has reached is never read from them)."""
    return frozenset(
        r
        for seq, ruling in rulings
        if ruling.insert_after is not None
        for r in range(seq + 1, seq + 1 + ruling.replacements)
    )
