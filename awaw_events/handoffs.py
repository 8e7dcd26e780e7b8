"""Signed hand-offs: each player signs the head of the log they hand over, with an Ed25519 key.

A hash chain alone proves nothing to someone who does not hold an older copy: whoever can write the store can
change an event and recompute every later hash, or cut the tail. A player's signature of a head (the hash of event
``at``, which commits to every event before it) is recorded in the log as a ``handoff_signed`` event; ``verify``
checks it against the public key the player registered in ``game_created`` (or pinned later with
``player_key_pinned``). A rewrite of any event up to ``at`` no longer matches the signed head, and a fresh signature
needs the player's private key. Cutting the signature out of the log (with the tail, or in a rewrite) is noticed by
the player who signed it: their keys directory remembers every hand-off they signed.

Ed25519 comes from ``cryptography`` (pyca), the maintained binding of OpenSSL every major Python project relies on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from awaw_events import signatures
from awaw_events.events import Event, GameCreated, HandoffSigned, PlayerKeyPinned
from awaw_events.keys import HandoffNote
from awaw_events.store import Record

SCHEME: Final = "awaw-handoff/v1"


def message(at: int, head: str) -> bytes:
    """The bytes a player signs: ``awaw-handoff/v1:{at}:{head}``."""
    return signatures.handoff_message(at, head)


def sign(key: Ed25519PrivateKey, at: int, head: str) -> str:
    """The signature (hex) of the head ``head`` of event ``at``."""
    return key.sign(message(at, head)).hex()


def signature_ok(public_key: str, at: int, head: str, signature: str) -> bool:
    """Whether ``signature`` is the signature of (``at``, ``head``) by the holder of ``public_key``."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key)).verify(
            bytes.fromhex(signature), message(at, head)
        )
    except (InvalidSignature, ValueError):
        return False
    return True


def registered_keys(events: Iterable[tuple[int, Event]]) -> dict[str, tuple[int, str]]:
    """Each player's registered key and the event that registered it (the first registration counts)."""
    keys: dict[str, tuple[int, str]] = {}
    for seq, event in events:
        if isinstance(event, GameCreated):
            for player, key in event.player_keys.items():
                keys.setdefault(player, (seq, key))
        elif isinstance(event, PlayerKeyPinned):
            keys.setdefault(event.player, (seq, event.public_key))
    return keys


class HandoffProblem(NamedTuple):
    seq: int
    message: str


class KeyEntry(NamedTuple):
    """A player's key as the log registers it: where, and who vouched for it."""

    player: str
    public_key: str
    seq: int
    by: str
    """``game_created`` for a key registered with the game; a player or ``@creator`` for a vouched pin; empty for
    a pin made before pins were vouched for"""


class HandoffReport(NamedTuple):
    """What checking the signed hand-offs found."""

    problems: tuple[HandoffProblem, ...]
    signed: dict[str, int]
    """each player's latest valid signature: the event it covers"""
    notes: int
    """hand-offs remembered in the keys directory that were checked"""
    keys: tuple[KeyEntry, ...] = ()
    """every player's key, in the order they were registered"""


def key_history(events: Iterable[tuple[int, Event]]) -> list[KeyEntry]:
    """Each player's registered key, where it was registered and who vouched for it (the first counts)."""
    found: dict[str, KeyEntry] = {}
    for seq, event in events:
        if isinstance(event, GameCreated):
            for player, key in event.player_keys.items():
                found.setdefault(player, KeyEntry(player, key, seq, "game_created"))
        elif isinstance(event, PlayerKeyPinned):
            found.setdefault(event.player, KeyEntry(event.player, event.public_key, seq, event.by))
    return list(found.values())


class HandoffChecker:
    """Checks the signed hand-offs of a timeline during ``verify``'s one walk over it.

    ``needed`` are the events whose hashes the signatures and notes name (found beforehand from the few
    ``handoff_signed`` events), so the walk keeps only those hashes, whatever the length of the log (None: keep
    every hash, when the signatures could not be listed beforehand).
    """

    def __init__(self, needed: Iterable[int] | None, notes: Iterable[HandoffNote] = ()) -> None:
        self.notes = list(notes)
        self.keep_all = needed is None
        self.hashes: dict[int, str] = dict.fromkeys([*(needed or ()), *(n.at for n in self.notes)], "")
        self.keys: dict[str, tuple[int, str]] = {}
        self.entries: list[KeyEntry] = []
        self.creator: str | None = None
        self.problems: list[HandoffProblem] = []
        self.signed: dict[str, int] = {}
        self.signatures: set[tuple[str, int, str]] = set()
        self.first = ""
        self.count = 0

    def see(self, record: Record) -> None:
        seq, event = record.seq, record.event
        self.count = seq
        if seq == 1:
            self.first = record.hash
        if self.keep_all or seq in self.hashes:
            self.hashes[seq] = record.hash
        if isinstance(event, GameCreated):
            self.keys.update(registered_keys([(seq, event)]))
            self.entries.extend(key_history([(seq, event)]))
            self.creator = event.creator_key
        elif isinstance(event, PlayerKeyPinned):
            self._pin(seq, event)
        elif isinstance(event, HandoffSigned):
            self._signed(seq, event)

    def _pin(self, seq: int, event: PlayerKeyPinned) -> None:
        if event.player in self.keys:
            at, _ = self.keys[event.player]
            self.problems.append(
                HandoffProblem(
                    seq,
                    f"event {seq} pins a second key for {event.player!r} (registered at event {at}); "
                    "signatures with it do not count",
                )
            )
            return
        if event.by or self.creator is not None:
            voucher = self.creator if event.by == "@creator" else self.keys.get(event.by, (0, None))[1]
            data = signatures.message(event, seq - 1, self.hashes.get(seq - 1, ""))
            if voucher is None or data is None or not signatures.valid(voucher, data, event.signature):
                self.problems.append(
                    HandoffProblem(
                        seq,
                        f"event {seq} pins a key for {event.player!r} that nobody with a key vouched for "
                        f"({event.by or 'no voucher'}): signatures with it do not count",
                    )
                )
                return
        self.keys[event.player] = (seq, event.public_key)
        self.entries.append(KeyEntry(event.player, event.public_key, seq, event.by))

    def _signed(self, seq: int, event: HandoffSigned) -> None:
        who = event.player
        if who not in self.keys:
            self.problems.append(
                HandoffProblem(seq, f"event {seq}: a hand-off signed by {who!r}, who has no registered key")
            )
            return
        if event.at >= seq:
            self.problems.append(HandoffProblem(seq, f"event {seq}: {who!r} signs event {event.at}, not before it"))
            return
        if not signature_ok(self.keys[who][1], event.at, event.head, event.signature):
            self.problems.append(
                HandoffProblem(seq, f"event {seq}: {who!r}'s signature does not verify with their registered key")
            )
            return
        actual = self.hashes.get(event.at, "")
        if actual != event.head:
            self.problems.append(
                HandoffProblem(
                    event.at,
                    f"event {seq}: {who!r} signed event {event.at} with hash {event.head[:12]}..., but event "
                    f"{event.at} now has hash {actual[:12] or 'none'}...: events up to {event.at} were changed "
                    f"after {who!r} signed them",
                )
            )
            return
        self.signed[who] = max(self.signed.get(who, 0), event.at)
        self.signatures.add((who, event.at, event.head))

    def report(self) -> HandoffReport:
        problems = list(self.problems)
        for note in self.notes:
            problems.extend(self._check_note(note))
        problems.sort(key=lambda p: p.seq)
        return HandoffReport(tuple(problems), dict(sorted(self.signed.items())), len(self.notes), tuple(self.entries))

    def _check_note(self, note: HandoffNote) -> list[HandoffProblem]:
        mine = f"you signed event {note.at} as {note.player!r}"
        if note.first != self.first:
            return [
                HandoffProblem(
                    1,
                    f"{mine} in a game whose first event had hash {note.first[:12]}...; this log's first event has "
                    f"{self.first[:12] or 'none'}...: it was rewritten from its start "
                    "(or is another game of this name)",
                )
            ]
        if note.at > self.count:
            return [
                HandoffProblem(
                    self.count + 1, f"{mine}, but the log has only {self.count} event(s): its tail was cut off"
                )
            ]
        if self.hashes.get(note.at) != note.head:
            return [HandoffProblem(note.at, f"{mine}, and event {note.at} has changed since (its hash differs)")]
        if (note.player, note.at, note.head) not in self.signatures:
            return [
                HandoffProblem(
                    note.at + 1,
                    f"{mine}, but your signature is no longer in the log: the events after it were rewritten",
                )
            ]
        return []
