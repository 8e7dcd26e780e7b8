"""Rulings: a disputed event is never edited or deleted; a ``ruling`` voids it, or replaces it (issue 3).

The *effective* log of a timeline up to a point is its records with every voided event left out and each ruling's
replacement events standing in the place of the first event it voids. Projections, replays and the audit read the
effective log; ``awaw log`` shows the originals marked as voided or replaced, with the ruling that did it.

A ruling may void an earlier ruling (a ruling reversed): the earlier ruling then has no effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple, Protocol, TypeVar

from awaw_events.events import AnyEvent, Ruling


class _Numbered(Protocol):
    @property
    def seq(self) -> int: ...

    @property
    def event(self) -> AnyEvent: ...


R = TypeVar("R", bound=_Numbered)


class RulingIndex(NamedTuple):
    """Which events the rulings up to a point void, and what replaces them."""

    voided_by: dict[int, int]
    """voided event -> the ruling that voided it"""
    replacements_at: dict[int, tuple[int, ...]]
    """first voided event of a ruling -> the replacement events to fold in its place"""
    replacement_of: dict[int, int]
    """replacement event -> its ruling"""

    @property
    def empty(self) -> bool:
        return not self.voided_by

    def first_affected(self) -> int | None:
        """The earliest event whose meaning a ruling changed (snapshots taken after it are stale)."""
        return min(self.voided_by, default=None)


def index(rulings: Iterable[tuple[int, Ruling]], *, stop: int | None = None) -> RulingIndex:
    """Index the rulings (with their sequence numbers, in order) that stand at event ``stop``."""
    active: dict[int, Ruling] = {}
    for seq, ruling in rulings:
        if stop is not None and seq > stop:
            break
        for target in ruling.voids:
            active.pop(target, None)  # a ruling voiding a ruling reverses it
        active[seq] = ruling
    voided_by: dict[int, int] = {}
    replacements_at: dict[int, tuple[int, ...]] = {}
    replacement_of: dict[int, int] = {}
    for seq, ruling in active.items():
        for target in ruling.voids:
            voided_by[target] = seq
        replacements = tuple(r for r in range(seq + 1, seq + 1 + ruling.replacements) if stop is None or r <= stop)
        for r in replacements:
            replacement_of[r] = seq
        if replacements:
            replacements_at[min(ruling.voids)] = replacements
    return RulingIndex(voided_by, replacements_at, replacement_of)


def effective(records: Iterable[R], rulings: RulingIndex, fetch: Callable[[int], R]) -> Iterator[R]:
    """The effective records: voided ones dropped, replacements moved to the place of what they replace."""
    if rulings.empty:
        yield from records
        return
    for record in records:
        seq = record.seq
        if seq in rulings.replacements_at:
            for replacement in rulings.replacements_at[seq]:
                if replacement not in rulings.voided_by:
                    yield fetch(replacement)
        if seq in rulings.voided_by or seq in rulings.replacement_of:
            continue
        yield record
