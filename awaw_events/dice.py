"""Verifiable dice: rolls derived from a committed secret seed (issue 3).

Construction (``hmac-sha256-v1``), checkable with ten lines of Python::

    import hashlib, hmac
    def face(seed_hex: str, roll: int, index: int, sides: int) -> int:
        key = bytes.fromhex(seed_hex)
        limit = 2**64 - (2**64 % sides)          # reject the biased tail: every face equally likely
        counter = 0
        while True:
            msg = f"awaw-dice/v1/{roll}/{index}/{counter}".encode()
            value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
            if value < limit:
                return value % sides + 1
            counter += 1

The game's first event publishes ``sha256(seed)`` (the commitment); the seed stays private in the store until
``awaw reveal`` publishes it, after which anyone holding the log can recompute every seeded roll and check the
commitment. Each roll's number is gap-free, so a log restarted to re-roll shows the gap.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

SCHEME = "hmac-sha256-v1"


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes, hex."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The public commitment to a seed: ``sha256(seed bytes)``, hex."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def face(seed: str, roll: int, index: int, sides: int) -> int:
    """The face of die ``index`` (0-based) of roll number ``roll``: uniform on 1..sides by rejection sampling."""
    if sides < 2:
        raise ValueError(f"a die has at least 2 sides, not {sides}")
    key = bytes.fromhex(seed)
    limit = 2**64 - (2**64 % sides)
    counter = 0
    while True:
        msg = f"awaw-dice/v1/{roll}/{index}/{counter}".encode()
        value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
        if value < limit:
            return value % sides + 1
        counter += 1


def roll_dice(seed: str, roll: int, count: int = 1, sides: int = 6) -> list[int]:
    """The faces of roll number ``roll``."""
    return [face(seed, roll, index, sides) for index in range(count)]
