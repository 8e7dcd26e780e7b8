"""The one record every rules check function returns: which rule is broken, and how.

The rules layer knows nothing about events; the audit wraps a breach in its own ``Finding`` with the event.
"""

from __future__ import annotations

import msgspec


class Breach(msgspec.Struct, frozen=True):
    """One broken rule: the rule number, a readable message, and (where a number is at stake) what the rule
    allows and what happened."""

    rule: str
    message: str
    allowed: int | str | None = None
    actual: int | str | None = None
