"""The keys directory: what a player keeps outside every store (issue 17).

The shared database (a SQLite file passed around, a league's PostgreSQL server) holds only what anyone may read:
the events, the dice commitments, the players' public keys. What must stay private lives in a directory of the
person who holds it, created owner-only (``0700``; files ``0600``), the way ``ssh`` keeps ``~/.ssh``:

``dice/<commitment>.seed``
    a dice seed, named by its public commitment ``sha256(seed)``, so that the file fits the game (and every
    ``--same-dice`` branch of it) whatever the game or timeline is called, and cannot be mixed up.
    ``dice/<commitment>.revealed`` marks a seed published by ``awaw reveal``: no roll is made from it again.
``sign/<player>.key``
    a player's Ed25519 private key (PKCS#8 PEM), with ``sign/<player>.pub`` beside it (the public key, hex).
``snapshot.key``
    the key that authenticates the projection snapshots this person stores, so that an edited snapshot is never
    used (:mod:`awaw_events.store`).
``handoffs.jsonl``
    every hand-off this person signed (game, event, head hash, the game's first hash), so that their ``verify``
    notices a signed head that a later rewrite removed from the store.

Key files that others can read are refused (like ``ssh``), with the ``chmod`` that fixes them.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
from pathlib import Path
from typing import Final, NamedTuple

import msgspec
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from awaw_events.errors import AwawError

_HEX64: Final = re.compile(r"^[0-9a-f]{64}$")
_PLAYER: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_PRIVATE_BITS: Final = stat.S_IRWXG | stat.S_IRWXO


class KeysError(AwawError):
    """A key or seed that is missing, malformed or readable by others."""


class HandoffNote(NamedTuple):
    """A hand-off this person signed, as remembered in their keys directory."""

    game: str
    player: str
    at: int
    head: str
    first: str
    """the hash of the game's first event (which game this was)"""


class _HandoffLine(msgspec.Struct, frozen=True):
    game: str
    player: str
    at: int
    head: str
    first: str


def check_player_name(player: str) -> str:
    if not _PLAYER.match(player):
        raise KeysError(f"invalid player name {player!r}: use letters, digits, '.', '_' or '-'")
    return player


class KeyRing:
    """One person's keys directory (``--keys DIR`` or ``AWAW_KEYS``)."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)

    def __repr__(self) -> str:
        return f"KeyRing({str(self.directory)!r})"

    # -- files ---------------------------------------------------------------------------------------------------

    def _dir(self, *parts: str) -> Path:
        """A directory of the keys directory, created owner-only (``0700``) if it is missing."""
        path = self.directory.joinpath(*parts)
        try:
            self.directory.parent.mkdir(parents=True, exist_ok=True)
            for folder in (self.directory, path):
                folder.mkdir(mode=0o700, exist_ok=True)
        except OSError as exc:
            raise KeysError(f"cannot create the keys directory {str(path)!r}: {exc.strerror or exc}") from None
        return path

    def _write_private(self, path: Path, data: bytes, *, replace: bool = False) -> None:
        """Write a file that only its owner can read, never through a link, never seen half-written.

        The bytes go to a temporary file first; it then takes its name in one step: ``os.replace`` when
        ``replace``, else ``os.link``, which fails when the name exists (so a key is never overwritten, and a
        process reading the key while another makes it sees no file or the whole key, never an empty one).
        """
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
        target = path.with_name(path.name + ".tmp-" + secrets.token_hex(4))
        try:
            fd = os.open(target, flags, 0o600)
        except OSError as exc:
            raise KeysError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if replace:
                os.replace(target, path)
            else:
                try:
                    os.link(target, path)
                except FileExistsError:
                    raise KeysError(f"{str(path)!r} already exists; refusing to overwrite a key") from None
                except OSError as exc:
                    raise KeysError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        finally:
            with contextlib.suppress(OSError):
                target.unlink()

    def _read_private(self, path: Path) -> bytes | None:
        """A private file's bytes (None when missing); refused when group or others may read it."""
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise KeysError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None
        if os.name == "posix" and info.st_mode & _PRIVATE_BITS:
            raise KeysError(
                f"{str(path)!r} can be read by others (mode {stat.filemode(info.st_mode)}): "
                f"run `chmod 600 {path}` if nobody else has read it, or make a new one"
            )
        try:
            return path.read_bytes()
        except OSError as exc:
            raise KeysError(f"cannot read {str(path)!r}: {exc.strerror or exc}") from None

    # -- dice seeds ----------------------------------------------------------------------------------------------

    def _seed_path(self, commitment: str) -> Path:
        if not _HEX64.match(commitment):
            raise KeysError(f"not a seed commitment: {commitment!r}")
        return self.directory / "dice" / f"{commitment}.seed"

    def put_seed(self, commitment: str, seed: str) -> Path:
        """Keep a dice seed under its commitment (the caller checks that it is ``sha256(seed)``)."""
        path = self._seed_path(commitment)
        self._dir("dice")
        if path.exists():
            existing = self.seed(commitment)
            if existing == seed:
                return path
            raise KeysError(f"{str(path)!r} already holds another seed")
        self._write_private(path, seed.encode() + b"\n")
        return path

    def seed(self, commitment: str) -> str | None:
        """The seed of a commitment, if this keys directory holds it."""
        data = self._read_private(self._seed_path(commitment))
        if data is None:
            return None
        seed = data.decode("ascii", "replace").strip()
        if not _HEX64.match(seed):
            raise KeysError(f"{str(self._seed_path(commitment))!r} does not hold a seed (64 hex digits)")
        return seed

    def mark_revealed(self, commitment: str) -> None:
        """Remember that a seed was published: no roll is made from it again, in any timeline."""
        path = self._seed_path(commitment).with_suffix(".revealed")
        self._dir("dice")
        path.touch(mode=0o600, exist_ok=True)

    def revealed(self, commitment: str) -> bool:
        return self._seed_path(commitment).with_suffix(".revealed").exists()

    # -- signing keys --------------------------------------------------------------------------------------------

    def _sign_path(self, player: str) -> Path:
        return self.directory / "sign" / f"{check_player_name(player)}.key"

    def generate(self, player: str) -> str:
        """Make an Ed25519 key pair for ``player``; returns the public key (hex). Never overwrites a key."""
        path = self._sign_path(player)
        self._dir("sign")
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        self._write_private(path, pem)
        public = public_hex(key)
        path.with_suffix(".pub").write_text(public + "\n", encoding="ascii")
        return public

    def signing_key(self, player: str) -> Ed25519PrivateKey:
        """The private key of ``player`` (an error naming ``awaw keygen`` when there is none)."""
        path = self._sign_path(player)
        data = self._read_private(path)
        if data is None:
            raise KeysError(f"no signing key for {player!r} in {str(self.directory)!r}: make one with `awaw keygen`")
        try:
            key = serialization.load_pem_private_key(data, password=None)
        except (ValueError, TypeError) as exc:
            raise KeysError(f"{str(path)!r} is not a readable Ed25519 private key: {exc}") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise KeysError(f"{str(path)!r} is not an Ed25519 private key")
        return key

    # -- snapshot key --------------------------------------------------------------------------------------------

    def snapshot_key(self) -> bytes:
        """The key that authenticates this person's stored snapshots (made on first use)."""
        path = self.directory / "snapshot.key"
        data = self._read_private(path)
        if data is None:
            self._dir()
            with contextlib.suppress(KeysError):
                self._write_private(path, secrets.token_hex(32).encode() + b"\n")
            data = self._read_private(path) or b""
        text = data.decode("ascii", "replace").strip()
        if not _HEX64.match(text):
            raise KeysError(f"{str(path)!r} does not hold a key (64 hex digits)")
        return bytes.fromhex(text)

    # -- hand-offs signed ----------------------------------------------------------------------------------------

    def note_handoff(self, note: HandoffNote) -> None:
        """Remember a signed hand-off (appended; the file stays owner-only)."""
        path = self.directory / "handoffs.jsonl"
        self._dir()
        line = msgspec.json.encode(_HandoffLine(*note)) + b"\n"
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
        fd = os.open(path, flags, 0o600)
        with os.fdopen(fd, "ab") as handle:
            handle.write(line)

    def handoffs(self, game: str) -> list[HandoffNote]:
        """The hand-offs of ``game`` (by name) signed from this keys directory."""
        data = self._read_private(self.directory / "handoffs.jsonl")
        if not data:
            return []
        found: list[HandoffNote] = []
        for number, line in enumerate(data.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                item = msgspec.json.decode(line, type=_HandoffLine)
            except msgspec.MsgspecError:
                raise KeysError(f"{str(self.directory / 'handoffs.jsonl')!r}, line {number}: unreadable") from None
            if item.game == game:
                found.append(HandoffNote(item.game, item.player, item.at, item.head, item.first))
        return found


def public_hex(key: Ed25519PrivateKey) -> str:
    """The raw 32-byte public key of a private key, hex."""
    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw.hex()
