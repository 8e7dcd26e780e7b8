"""Verification of a timeline (``awaw verify``): the hash chain and indexes, every roll, every signed hand-off, every
trust event as the trust gate reads it (:mod:`awaw_events.gate`: one judge for what may be written and what is
checked afterwards); and whether a timeline extends a log that was handed over."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import msgspec

from awaw_events import dice, handoffs
from awaw_events.events import DiceRolled, HandoffSigned, MapDataUsed, Ruling, SeedCommitted
from awaw_events.gate import TrustGate
from awaw_events.integrity import verify_chain
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore, Record, VerifyReport


class Verification(NamedTuple):
    """``awaw verify``: the hash chain and the indexes, every roll, and every signed hand-off."""

    chain: VerifyReport
    dice: dice.DiceReport
    handoffs: handoffs.HandoffReport
    trust: tuple[dice.DiceProblem, ...] = ()
    """trust events the trust gate would refuse (written behind its back: straight into the store)"""

    @property
    def ok(self) -> bool:
        return self.chain.ok and not self.dice.problems and not self.handoffs.problems and not self.trust


_GATED = (SeedCommitted, MapDataUsed, Ruling, DiceRolled)
"""The events whose gate problems ``verify`` reports itself (reveals are the roll checker's, pins and signatures the
hand-off checker's); a seeded roll is the roll checker's too, so of a roll only a typed one is asked about."""


def _fork_points(store: GameStore, timeline: str) -> frozenset[int]:
    """The first event of each branch on the way to ``timeline``: where ``awaw branch`` commits the branch's dice,
    for whoever made it (not the game's creator)."""
    points: set[int] = set()
    current = store.timeline(timeline)
    while current.parent is not None:
        points.add(current.fork_at + 1)
        current = store.timeline(current.parent)
    return frozenset(points)


class _TrustWalk:
    """The trust gate asked about each event as ``verify``'s walk passes it, with the hashes the walk reads."""

    def __init__(self, store: GameStore, timeline: str) -> None:
        self.gate = TrustGate(store, timeline)
        self.forks = _fork_points(store, timeline)
        self.previous = ""
        self.problems: list[dice.DiceProblem] = []

    def see(self, record: Record) -> None:
        event, seq = record.event, record.seq
        self.gate.hashes = {seq - 1: self.previous} if seq > 1 else {}
        found = self.gate.check(seq, [(f"event {seq}", event)])
        self.previous = record.hash
        if not found or not isinstance(event, _GATED):
            return
        if isinstance(event, DiceRolled) and event.source == "seeded":
            return
        if isinstance(event, SeedCommitted) and seq in self.forks:
            return
        self.problems.extend(dice.DiceProblem(seq, f"event {seq}: {p.message}") for p in found)


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
    trust = _TrustWalk(store, timeline)

    def visit(record: Record) -> None:
        rolls.see(record.seq, record.event)
        checker.see(record)
        trust.see(record)

    chain = verify_chain(store, timeline, visit=visit, snapshot_keys=snapshot_keys)
    return Verification(chain, rolls.report(), checker.report(), tuple(trust.problems))


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
