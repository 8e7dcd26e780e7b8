"""A staged turn: the actions a player has decided but not yet appended, kept beside the log, not in it.

A draft lives in the player's own keys directory (:meth:`awaw_events.keys.KeyRing.draft_path`), so that an opponent
who shares the store (a league's PostgreSQL server) never reads it. It is written whole after every action (a
killed process loses nothing it showed), it remembers the head it was decided on (``base_count``, ``base_head``: if
the log has moved since, the actions are decided again from their ``line``), and one process at a time holds it
(:func:`hold`): a second ``awaw play`` on the same draft is refused, never interleaved.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

import msgspec

from awaw_events.codec import decode, encode
from awaw_events.errors import AwawError
from awaw_events.events import AnyEvent
from awaw_events.keys import KeyRing

FORMAT: Final = "awaw-draft/1"


class DraftError(AwawError):
    """A draft that cannot be read, or that another process holds."""


class Action(msgspec.Struct, frozen=True, kw_only=True):
    """One staged action: the words that decide it again, and the events they decided."""

    line: str
    events: tuple[str, ...]
    """Each event as its stored JSON (:func:`awaw_events.codec.encode`)."""

    def decoded(self) -> list[AnyEvent]:
        return [decode(e) for e in self.events]


class Draft(msgspec.Struct, frozen=True, kw_only=True):
    """The staged turn of one timeline, decided on the log as it was after ``base_count`` events."""

    format: str = FORMAT
    timeline: str
    game: str
    """The hash of the game's first event: a draft belongs to one game, whatever the store's name for it."""
    base_count: int
    base_head: str
    actions: tuple[Action, ...] = ()

    def events(self) -> list[AnyEvent]:
        return [e for a in self.actions for e in a.decoded()]

    def staged(self, line: str, events: Sequence[AnyEvent]) -> Draft:
        """This draft with one more action."""
        action = Action(line=line, events=tuple(encode(e).decode() for e in events))
        return msgspec.structs.replace(self, actions=(*self.actions, action))

    def undone(self) -> Draft:
        """This draft without its last action."""
        return msgspec.structs.replace(self, actions=self.actions[:-1])

    def rebased(self, count: int, head: str, actions: Sequence[Action] = ()) -> Draft:
        """The draft decided again on the log after ``count`` events."""
        return msgspec.structs.replace(self, base_count=count, base_head=head, actions=tuple(actions))


_DECODER: Final = msgspec.json.Decoder(Draft)


def path_of(ring: KeyRing, game: str, timeline: str) -> Path:
    return ring.draft_path(game, timeline)


def load(ring: KeyRing, game: str, timeline: str) -> Draft | None:
    """The draft of ``timeline`` kept in ``ring`` (None: there is none)."""
    path = ring.draft_path(game, timeline)
    data = ring.read_draft(path)
    if data is None:
        return None
    try:
        draft = _DECODER.decode(data)
    except msgspec.MsgspecError as exc:
        raise DraftError(f"the draft {str(path)!r} is unreadable ({exc}); remove it to start the turn again") from None
    if draft.format != FORMAT or draft.game != game or draft.timeline != timeline:
        raise DraftError(f"the draft {str(path)!r} is not a {FORMAT} draft of {timeline!r}")
    return draft


def save(ring: KeyRing, draft: Draft) -> None:
    """Write the draft whole; an empty draft leaves no file."""
    path = ring.draft_path(draft.game, draft.timeline)
    if not draft.actions:
        ring.remove_draft(path)
        return
    ring.write_draft(path, msgspec.json.encode(draft))


@contextmanager
def hold(ring: KeyRing, game: str, timeline: str) -> Iterator[None]:
    """Hold the draft of ``timeline`` for this process (an advisory lock on a file beside it); raises
    :class:`DraftError` at once if another process holds it."""
    path = ring.draft_path(game, timeline).with_suffix(".lock")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
            raise DraftError(
                f"the draft of {timeline!r} is open in another awaw play ({holder}): finish or quit it first"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}".encode(), 0)
        yield
    finally:
        os.close(fd)
