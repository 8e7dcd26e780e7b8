"""Receiving a turn: a hand-off bundle imported, its signature checked and its new events audited in one
transaction of the store, and what it changed on the board in words.

The bundle's last event must be a ``handoff_signed`` whose signature verifies with the key the game registers for
its player and that signs the event before it (the head the sender handed over): a bundle that carries no
signature, or one that does not verify (an event changed after signing, a signature copied from another hand-off,
a player with no registered key), is refused and nothing is written. The import itself refuses a bundle cut short,
a tampered event whose hashes no longer chain, and one that does not extend the receiver's copy
(:func:`awaw_events.bundle.import_bundle`).
"""

from __future__ import annotations

from typing import IO, NamedTuple

from awaw_events.errors import InputError
from awaw_events.events import HandoffSigned
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore
from awaw_events.verification import verify_game
from replays.recording import Recorded, import_bundle_checked
from replays.state import state_at


class Received(NamedTuple):
    game: str
    first: int
    last: int
    player: str
    changes: list[str]
    recorded: Recorded


def receive_handoff(store: GameStore, handle: IO[bytes], *, game: str | None = None, keys: KeyRing) -> Received:
    """Import a hand-off bundle whole or not at all (see the module's text)."""
    from replays import views

    with store.transaction():
        done = import_bundle_checked(store, handle, game=game, keys=keys)
        if done.kind != "handoff":
            raise InputError("not a hand-off: `awaw import` reads a game bundle", where="line 1")
        ((imported, recorded),) = done.timelines
        name = imported.name
        if not imported.written:
            raise InputError(f"{name!r} holds every event of this hand-off already: nothing to receive")
        last = store.record_at(name, imported.last)
        assert last is not None
        if not isinstance(last.event, HandoffSigned):
            raise InputError(f"the hand-off's last event ({imported.last}) is no signature: it is not signed")
        signed = last.event
        if signed.at != imported.last - 1:
            raise InputError(f"the signature covers event {signed.at}, not the hand-off's head {imported.last - 1}")
        problems = [p for p in verify_game(store, name).handoffs.problems if p.seq >= imported.first]
        if problems:
            raise InputError(f"event {problems[0].seq}: {problems[0].message}; nothing was written")
        before = state_at(store.open(name), imported.first - 1, save=False)
        after = state_at(store.open(name), imported.last, save=False)
    changes = [c.text for c in views.differences(before, after, "board") if c.text]
    return Received(name, imported.first, imported.last, signed.player, changes, recorded)
