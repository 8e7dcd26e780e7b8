"""The keys directory: what a player keeps outside every store.

The shared database (a SQLite file passed around, a league's PostgreSQL server) holds only what anyone may read:
the events, the dice commitments, the players' public keys. What must stay private lives in a directory of the
person who holds it, created owner-only (``0700``; files ``0600``), the way ``ssh`` keeps ``~/.ssh``:

``dice/<commitment>.seed``
    a dice seed, named by its public commitment ``sha256(seed)``, so that the file fits the game (and every
    ``--same-dice`` branch of it) whatever the game or timeline is called, and cannot be mixed up.
    ``dice/<commitment>.revealed`` marks a seed published by ``awaw reveal``: no roll is made from it again.
``sign/<player>.key``
    a player's Ed25519 private key (PKCS#8 PEM), with ``sign/<player>.pub`` beside it (the public key, hex).
``host.key``
    the Ed25519 key of the games this person creates (its public half is ``creator_key`` in ``game_created``): it
    signs their later dice commitments, the key pins they vouch for and map-data changes.
``snapshot.key``
    the key that authenticates the projection snapshots this person stores, so that an edited snapshot is never
    used (:mod:`awaw_events.store`).
``handoffs.jsonl``
    every hand-off this person signed (game, event, head hash, the game's first hash), so that their ``verify``
    notices a signed head that a later rewrite removed from the store.

Key files that others can read are refused (like ``ssh``), with the ``chmod`` that fixes them; so are key files
that are links, FIFOs or devices (read as files they would hang or lie), and a seed that does not hash to the
commitment it is filed under.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import secrets
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Final, NamedTuple

import msgspec

from awaw_events.errors import AwawError

if TYPE_CHECKING:  # the signing library is loaded by the commands that sign, not by every reader of the snapshot key
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

_HEX64: Final = re.compile(r"^[0-9a-f]{64}$")
_PLAYER: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_PRIVATE_BITS: Final = stat.S_IRWXG | stat.S_IRWXO
_MAX_KEY_FILE: Final = 16 << 20
"""The largest private file read (the hand-off notes grow by a line a hand-off; a key is a few hundred bytes)."""


class KeysError(AwawError):
    """A key or seed that is missing, malformed or readable by others."""


def _oserror(what: str, path: Path, exc: OSError) -> KeysError:
    return KeysError(f"cannot {what} {str(path)!r}: {exc.strerror or exc}")


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
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
            except OSError as exc:  # a full disk, a quota
                raise _oserror("write", path, exc) from None
            if replace:
                try:
                    os.replace(target, path)
                except OSError as exc:
                    raise _oserror("write", path, exc) from None
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

    def _make_once(self, path: Path, data: bytes) -> None:
        """Write a key made on first use; another process that made it first wins (its key is used)."""
        try:
            self._write_private(path, data)
        except KeysError:
            if not self._exists(path):
                raise

    def _read_private(self, path: Path) -> bytes | None:
        """A private file's bytes (None when missing); refused when group or others may read it, and when it is a
        link, a FIFO or a device (opened without following a link and without blocking, then checked)."""
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            return None
        except OSError as exc:
            if path.is_symlink():
                raise KeysError(f"{str(path)!r} is a link: a key file is a plain file of its own") from None
            raise _oserror("read", path, exc) from None
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise KeysError(f"{str(path)!r} is not a plain file (a FIFO, a device or a directory?)")
            if os.name == "posix" and info.st_mode & _PRIVATE_BITS:
                raise KeysError(
                    f"{str(path)!r} can be read by others (mode {stat.filemode(info.st_mode)}): "
                    f"run `chmod 600 {path}` if nobody else has read it, or make a new one"
                )
            try:
                data = handle.read(_MAX_KEY_FILE + 1)
            except OSError as exc:
                raise _oserror("read", path, exc) from None
        if len(data) > _MAX_KEY_FILE:
            raise KeysError(f"{str(path)!r} is larger than {_MAX_KEY_FILE >> 20} MiB: not a key file")
        return data

    def _exists(self, path: Path) -> bool:
        """Whether a name exists in the keys directory (a link counts, wherever it points)."""
        try:
            os.lstat(path)
        except (FileNotFoundError, NotADirectoryError):
            return False
        except OSError as exc:
            raise _oserror("read", path, exc) from None
        return True

    # -- dice seeds ----------------------------------------------------------------------------------------------

    def _seed_path(self, commitment: str) -> Path:
        if not _HEX64.match(commitment):
            raise KeysError(f"not a seed commitment: {commitment!r}")
        return self.directory / "dice" / f"{commitment}.seed"

    def put_seed(self, commitment: str, seed: str) -> Path:
        """Keep a dice seed under its commitment (the caller checks that it is ``sha256(seed)``)."""
        path = self._seed_path(commitment)
        if _commitment(seed) != commitment:
            raise KeysError(f"the seed does not hash to the commitment {commitment[:12]}... it would be kept under")
        self._dir("dice")
        if self._exists(path):
            existing = self.seed(commitment)
            if existing == seed:
                return path
            raise KeysError(f"{str(path)!r} already holds another seed")
        self._write_private(path, seed.encode() + b"\n")
        return path

    def seed(self, commitment: str) -> str | None:
        """The seed of a commitment, if this keys directory holds it; refused if the file holds a seed that does
        not hash to the commitment (edited, or another seed's file copied or linked there): no roll comes from it."""
        path = self._seed_path(commitment)
        data = self._read_private(path)
        if data is None:
            return None
        seed = data.decode("ascii", "replace").strip()
        if not _HEX64.match(seed):
            raise KeysError(f"{str(path)!r} does not hold a seed (64 hex digits)")
        if _commitment(seed) != commitment:
            raise KeysError(
                f"{str(path)!r} holds a seed that does not hash to its commitment {commitment[:12]}... (edited or "
                "copied from another seed): no roll is made from it; restore the right file from a backup"
            )
        return seed

    def mark_revealed(self, commitment: str) -> None:
        """Remember that a seed was published: no roll is made from it again, in any timeline."""
        path = self._seed_path(commitment).with_suffix(".revealed")
        self._dir("dice")
        try:
            path.touch(mode=0o600, exist_ok=True)
        except OSError as exc:
            raise _oserror("write", path, exc) from None

    def revealed(self, commitment: str) -> bool:
        return self._exists(self._seed_path(commitment).with_suffix(".revealed"))

    # -- signing keys --------------------------------------------------------------------------------------------

    def _sign_path(self, player: str) -> Path:
        return self.directory / "sign" / f"{check_player_name(player)}.key"

    def generate(self, player: str) -> str:
        """Make an Ed25519 key pair for ``player``; returns the public key (hex). Never overwrites a key."""
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        path = self._sign_path(player)
        self._dir("sign")
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        self._write_private(path, pem)
        public = public_hex(key)
        self._write_private(path.with_suffix(".pub"), (public + "\n").encode("ascii"), replace=True)
        return public

    def signing_key(self, player: str) -> Ed25519PrivateKey:
        """The private key of ``player`` (an error naming ``awaw keygen`` when there is none)."""
        path = self._sign_path(player)
        data = self._read_private(path)
        if data is None:
            raise KeysError(f"no signing key for {player!r} in {str(self.directory)!r}: make one with `awaw keygen`")
        return _private_key(path, data)

    # -- the creator's key --------------------------------------------------------------------------------------

    def creator_key(self) -> Ed25519PrivateKey:
        """The Ed25519 key of the games this person creates (``host.key``, made on first use)."""
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        path = self.directory / "host.key"
        data = self._read_private(path)
        if data is None:
            self._dir()
            pem = Ed25519PrivateKey.generate().private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            )
            self._make_once(path, pem)
            data = self._read_private(path) or b""
        return _private_key(path, data)

    def holds_creator_key(self, public: str) -> bool:
        """Whether this keys directory holds the creator key whose public half is ``public``."""
        if self._read_private(self.directory / "host.key") is None:
            return False
        return public_hex(self.creator_key()) == public

    # -- snapshot key --------------------------------------------------------------------------------------------

    def snapshot_key(self) -> bytes:
        """The key that authenticates this person's stored snapshots (made on first use)."""
        path = self.directory / "snapshot.key"
        data = self._read_private(path)
        if data is None:
            self._dir()
            self._make_once(path, secrets.token_hex(32).encode() + b"\n")
            data = self._read_private(path) or b""
        text = data.decode("ascii", "replace").strip()
        if not _HEX64.match(text):
            raise KeysError(f"{str(path)!r} does not hold a key (64 hex digits)")
        return bytes.fromhex(text)

    # -- hand-offs signed ----------------------------------------------------------------------------------------

    def open_handoff_notes(self) -> int:
        """Open the hand-off notes for appending (owner-only, never through a link), before the signature is
        written: a notes file that cannot be written refuses the signature instead of losing its note."""
        path = self.directory / "handoffs.jsonl"
        self._dir()
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags, 0o600)
        except OSError as exc:
            if path.is_symlink():
                raise KeysError(f"{str(path)!r} is a link: the hand-off notes are a plain file of their own") from None
            raise _oserror("write", path, exc) from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise KeysError(f"{str(path)!r} is not a plain file")
        return fd

    def note_handoff(self, note: HandoffNote, fd: int | None = None) -> None:
        """Remember a signed hand-off (appended to the notes, opened by :meth:`open_handoff_notes` if ``fd`` is
        not given; the file stays owner-only)."""
        line = msgspec.json.encode(_HandoffLine(*note)) + b"\n"
        path = self.directory / "handoffs.jsonl"
        with os.fdopen(self.open_handoff_notes() if fd is None else fd, "ab") as handle:
            try:
                handle.write(line)
                handle.flush()
            except OSError as exc:
                raise _oserror("write", path, exc) from None

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

    # -- staged turns (drafts) -----------------------------------------------------------------------------------

    def draft_path(self, game: str, timeline: str) -> Path:
        """Where the draft of ``timeline`` (of the game whose first event hashes to ``game``) is kept: this
        person's keys directory, never a store another player can read."""
        name = "".join(c if c.isalnum() or c in "-_." else "~" for c in timeline)
        self._dir("drafts")
        return self._dir("drafts", game[:16]) / f"{name}.json"

    def read_draft(self, path: Path) -> bytes | None:
        """A draft's bytes (None: no draft)."""
        return self._read_private(path)

    def write_draft(self, path: Path, data: bytes) -> None:
        """Write a draft whole (a killed process leaves the previous draft or this one, never half of one)."""
        self._write_private(path, data, replace=True)

    def remove_draft(self, path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise _oserror("remove", path, exc) from None


def _private_key(path: Path, data: bytes) -> Ed25519PrivateKey:
    """The Ed25519 private key of a PKCS#8 PEM file's bytes."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError) as exc:
        raise KeysError(f"{str(path)!r} is not a readable Ed25519 private key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeysError(f"{str(path)!r} is not an Ed25519 private key")
    return key


def _commitment(seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def public_hex(key: Ed25519PrivateKey) -> str:
    """The raw 32-byte public key of a private key, hex."""
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return raw.hex()
