"""What each trust event's Ed25519 signature covers, and the one place signatures are made and checked.

A trust event that only its owner may write carries a signature over the head it follows: ``at`` (the number of
the event before it) and that event's chain hash, which commits to every event before, so a signature fits one
place of one game and cannot be copied into another game or another place. The messages (ASCII)::

    awaw-handoff/v1:{at}:{head}                                     handoff_signed (the head itself is signed)
    awaw-seed/v1:{at}:{head}:{player}:{first_roll}:{commitment}     seed_committed (player empty: host dice)
    awaw-pin/v1:{at}:{head}:{player}:{public_key}                   player_key_pinned
    awaw-map/v1:{at}:{head}:{sha256}                                map_data_used after the game's start
    awaw-contribution/v1:{at}:{head}:{player}:{first_roll}:{digest} dice_contributed (digest: sha256 of the values)

Ed25519 comes from ``cryptography`` (pyca), the maintained binding of OpenSSL.
"""

from __future__ import annotations

import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from awaw_events.events import DiceContributed, Event, MapDataUsed, PlayerKeyPinned, SeedCommitted


def handoff_message(at: int, head: str) -> bytes:
    return f"awaw-handoff/v1:{at}:{head}".encode("ascii")


def message(event: Event, at: int, head: str) -> bytes | None:
    """The bytes the signature of a signed trust event covers, at its place (None: not a signed event)."""
    if isinstance(event, SeedCommitted):
        return f"awaw-seed/v1:{at}:{head}:{event.player or ''}:{event.first_roll}:{event.seed_commitment}".encode()
    if isinstance(event, PlayerKeyPinned):
        return f"awaw-pin/v1:{at}:{head}:{event.player}:{event.public_key}".encode()
    if isinstance(event, MapDataUsed):
        return f"awaw-map/v1:{at}:{head}:{event.sha256}".encode()
    if isinstance(event, DiceContributed):
        digest = hashlib.sha256("".join(event.values).encode()).hexdigest()
        return f"awaw-contribution/v1:{at}:{head}:{event.player}:{event.first_roll}:{digest}".encode()
    return None


def sign(key: Ed25519PrivateKey, data: bytes) -> str:
    """The signature (hex) of ``data``."""
    return key.sign(data).hex()


def valid(public_key: str, data: bytes, signature: str | None) -> bool:
    """Whether ``signature`` is the signature of ``data`` by the holder of ``public_key`` (hex)."""
    if not signature:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_key)).verify(bytes.fromhex(signature), data)
    except (InvalidSignature, ValueError):
        return False
    return True
