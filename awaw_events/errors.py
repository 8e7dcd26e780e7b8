"""A small rooted error tree with domain names (STYLE 12). Messages are lowercase and quote bad input with ``!r``."""

from __future__ import annotations

from collections.abc import Sequence


class AwawError(Exception):
    """The root of every error this project raises on purpose."""


class InputError(AwawError, ValueError):
    """An event (or a value typed at the command line) that cannot enter the log.

    ``where`` names the place (``line 12``, ``document 3``, ``argument 2``), ``field`` the field path.
    """

    def __init__(self, message: str, *, where: str | None = None, field: str | None = None) -> None:
        self.message = message
        self.where = where
        self.field = field
        parts = [p for p in (where, f"field {field!r}" if field else None) if p]
        super().__init__(f"{', '.join(parts)}: {message}" if parts else message)


class BatchRejected(InputError):
    """A batch of events kept out of the log; ``errors`` lists each problem with its line and field."""

    def __init__(self, errors: Sequence[InputError]) -> None:
        self.errors = list(errors)
        first = self.errors[0]
        more = f" (and {len(self.errors) - 1} more problem(s))" if len(self.errors) > 1 else ""
        super().__init__(first.message + more, where=first.where, field=first.field)


class GameNotFoundError(AwawError, LookupError):
    """No game or timeline of that name."""


class GameExistsError(AwawError):
    """A game of that name already exists."""


class ConflictError(AwawError):
    """Someone appended to the timeline first: this batch was written on a stale view, and nothing of it was kept."""


class PointError(AwawError, ValueError):
    """A point of a game (``--at``) that cannot be parsed or is not in the game."""


class StoreError(AwawError):
    """The store itself failed: a file that is not a store (or a damaged one), an unreachable server."""


class StoreBusyError(StoreError):
    """Another writer held the store's write lock for too long; nothing was written."""


class UnreadableEventError(StoreError):
    """A stored event whose bytes cannot be decoded: the store was damaged or edited by hand."""
