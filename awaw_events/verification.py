"""Verification of a timeline (``awaw verify``): the hash chain and indexes, every roll, every signed hand-off; and
whether a timeline extends a log that was handed over."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from awaw_events import dice, handoffs
from awaw_events.events import HandoffSigned
from awaw_events.integrity import verify_chain
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore, Record, VerifyReport


class Verification(NamedTuple):
    """``awaw verify``: the hash chain and the indexes, every roll, and every signed hand-off."""

    chain: VerifyReport
    dice: dice.DiceReport
    handoffs: handoffs.HandoffReport

    @property
    def ok(self) -> bool:
        return self.chain.ok and not self.dice.problems and not self.handoffs.problems


def verify_game(
    store: GameStore, timeline: str, *, keys: KeyRing | None = None, snapshot_keys: Sequence[str] = ()
) -> Verification:
    """One walk over the timeline: the hash chain, the indexes and snapshots
    (:func:`awaw_events.integrity.verify_chain`), every roll
    (numbering, and seeded rolls against a revealed seed) and every signed hand-off (against the registered keys,
    and, with ``keys``, the hand-offs signed from that keys directory)."""
    rolls = dice.RollChecker()
    signed: list[int] | None
    try:
        tagged = store.tagged(timeline, ("handoff_signed", "player_key_pinned"))
        signed = [r.event.at for r in tagged if isinstance(r.event, HandoffSigned)]
        signed += [
            r.seq - 1 for r in tagged if not isinstance(r.event, HandoffSigned)
        ]  # a pin signs the head before it
    except (msgspec.MsgspecError, TypeError, ValueError, RecursionError):
        signed = None  # an unreadable row: the walk names it; keep every hash for the signatures it can read
    checker = handoffs.HandoffChecker(signed, keys.handoffs(timeline) if keys is not None else ())

    def visit(record: Record) -> None:
        rolls.see(record.seq, record.event)
        checker.see(record)

    chain = verify_chain(store, timeline, visit=visit, snapshot_keys=snapshot_keys)
    return Verification(chain, rolls.report(), checker.report())


class Extension(NamedTuple):
    """Whether a timeline extends a log that was handed over, known by its head (hash and event count)."""

    found_at: int | None
    """the event of this timeline whose hash is the given head (None: not found)"""
    events: int


def extends(store: GameStore, timeline: str, head: str) -> Extension:
    """Does ``timeline`` extend the log whose last event has hash ``head``? (Each hash commits to every event
    before it, so finding it at event k proves the first k events are exactly those of the handed-over log.)"""
    head = head.strip().lower()
    count = 0
    for record in store.records(timeline):
        count = record.seq
        if record.hash == head:
            return Extension(record.seq, store.count(timeline))
    return Extension(None, count)
