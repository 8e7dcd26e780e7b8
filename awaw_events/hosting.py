"""The commands of whoever hosts the dice and signs hand-offs: ``awaw roll``, ``reveal``, ``reseed`` and ``sign``.

They append to a timeline through the game log (:mod:`awaw_events.log`) with the secrets of a keys directory: the
seed in force (:mod:`awaw_events.seeds`), the creator's key that signs new commitments and the key pins it vouches
for, and the players' signing keys. A game with shared dice rolls through :mod:`awaw_events.shared_dice`."""

from __future__ import annotations

import os
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from awaw_events import dice, handoffs, shared_dice, signatures
from awaw_events.codec import encode, parse_event
from awaw_events.errors import InputError
from awaw_events.events import Event, GameCreated, HandoffSigned, PlayerKeyPinned, SeedCommitted, SeedRevealed
from awaw_events.gate import CREATOR
from awaw_events.keys import HandoffNote, KeyRing, KeysError, public_hex
from awaw_events.log import Numbered, check_batch, context_of, retry_on_conflict, time_of
from awaw_events.seeds import held_seed, seed_for_rolling, seed_in_force
from awaw_events.store import GameStore, Record, chain_hash


def created_of(store: GameStore, timeline: str) -> GameCreated:
    first = store.record_at(timeline, 1)
    if first is None or not isinstance(first.event, GameCreated):
        raise InputError(f"{timeline!r} does not start with game_created")
    return first.event


def creator_signer(store: GameStore, timeline: str, keys: KeyRing) -> Ed25519PrivateKey | None:
    """The creator's key of ``timeline`` if ``keys`` holds it (None for a game that recorded none, and for a
    what-if branch reseeded by whoever made it: its dice are theirs, as ``awaw branch`` made them); refused on a
    game's main line when the game has a creator key that this keys directory does not hold."""
    public = created_of(store, timeline).creator_key
    if public is None:
        return None
    if not keys.holds_creator_key(public):
        if store.timeline(timeline).is_branch:
            return None
        raise InputError(
            f"only the creator of {timeline!r} (creator key {public[:12]}...) can do this; {keys.directory} does not "
            "hold their host.key"
        )
    return keys.creator_key()


@retry_on_conflict
def roll(
    store: GameStore,
    timeline: str,
    *,
    keys: KeyRing,
    purpose: str,
    dice_count: int = 1,
    sides: int = 6,
    modifier: int = 0,
    ref: str | None = None,
    actor: str = "system",
) -> Record:
    """``awaw roll``: derive the next roll from the timeline's committed seed and record it (with shared dice,
    from every dice player's contribution: :func:`awaw_events.shared_dice.roll`)."""
    if created_of(store, timeline).dice_mode == "shared":
        return shared_dice.roll(
            store,
            timeline,
            keys=keys,
            purpose=purpose,
            dice_count=dice_count,
            sides=sides,
            modifier=modifier,
            ref=ref,
            actor=actor,
        )
    seed = seed_for_rolling(store, keys, timeline)
    context = context_of(store, timeline)
    number = context.last_roll + 1
    faces = dice.roll_dice(seed, number, dice_count, sides)
    event = shared_dice.seeded_roll(
        store, timeline, number, faces, purpose=purpose, sides=sides, modifier=modifier, ref=ref, actor=actor
    )
    check_batch(context, [Numbered("the roll", event)])
    return store.append(timeline, [event], expected_count=context.size)[0]


def reveal(store: GameStore, timeline: str, *, keys: KeyRing) -> Record:
    """``awaw reveal``: publish the timeline's secret seed so that anyone can check every seeded roll; the keys
    directory remembers it, so no roll is made from it again (in ``--same-dice`` branches neither)."""
    if created_of(store, timeline).dice_mode == "shared":
        raise InputError(f"{timeline!r} rolls shared dice: each player reveals their own (`awaw reveal --as PLAYER`)")
    in_force = seed_in_force(store, timeline)
    if in_force.commitment is None:
        raise InputError(f"{timeline!r} has no dice seed committed")
    if in_force.revealed_at is not None:
        raise InputError(f"the dice seed of {timeline!r} was already revealed in event {in_force.revealed_at}")
    seed = held_seed(store, keys, timeline, in_force.commitment)
    if seed is None:
        raise InputError(
            f"the seed of {timeline!r} (commitment {in_force.commitment[:12]}...) is not in this keys directory "
            f"({keys.directory}): only whoever hosts the dice can reveal it"
        )
    event = SeedRevealed(**time_of(store, timeline), seed=seed)
    context = context_of(store, timeline)
    record = store.append(timeline, [event], expected_count=context.size)[0]
    keys.mark_revealed(in_force.commitment)
    return record


def reseed(store: GameStore, timeline: str, *, keys: KeyRing) -> Record:
    """``awaw reseed``: commit a new secret seed for the rolls that follow (after a reveal, or for a game that had
    none). Refused while the seed in force is still secret: reveal it first, so its rolls can be checked. The
    commitment is signed with the game's creator key, which ``keys`` must hold."""
    if created_of(store, timeline).dice_mode == "shared":
        raise InputError(f"{timeline!r} rolls shared dice: each player commits their own (`awaw reseed --as PLAYER`)")
    in_force = seed_in_force(store, timeline)
    if in_force.commitment is not None and in_force.revealed_at is None and not keys.revealed(in_force.commitment):
        raise InputError(
            f"the dice seed of {timeline!r} is still secret: `awaw reveal {timeline}` first, so that the rolls made "
            "with it can be checked, then reseed"
        )
    signer = creator_signer(store, timeline, keys)
    context = context_of(store, timeline)
    seed = dice.new_seed()
    event = SeedCommitted(
        **time_of(store, timeline), seed_commitment=dice.commitment(seed), first_roll=context.last_roll + 1
    )
    if signer is not None:
        event = sign_at(store, timeline, event, signer)
    keys.put_seed(event.seed_commitment, seed)
    return store.append(timeline, [event], expected_count=context.size)[0]


sign_at = shared_dice.sign_at


@retry_on_conflict
def pin_key(store: GameStore, timeline: str, player: str, public_key: str, *, keys: KeyRing) -> Record:
    """``awaw pin``: register ``player``'s public key in ``timeline``, vouched for (signed) by the game's creator or
    by a player whose key ``keys`` holds; refused for a player who has a key already."""
    registered = handoffs.registered_keys(
        (r.seq, r.event) for r in store.tagged(timeline, ("game_created", "player_key_pinned"))
    )
    if player in registered:
        raise InputError(f"{player!r} has a key in {timeline!r} already (event {registered[player][0]})")
    pinned = parse_event(
        {"type": "player_key_pinned", **time_of(store, timeline), "player": player, "public_key": public_key},
        where="the pin",
    )
    assert isinstance(pinned, PlayerKeyPinned)
    voucher = _voucher(store, timeline, keys, registered)
    if voucher is not None:
        by, vouching = voucher
        pinned = sign_at(store, timeline, PlayerKeyPinned(**{**_fields(pinned), "by": by}), vouching)
    return store.append(timeline, [pinned], expected_count=store.count(timeline))[0]


def _fields(event: Any) -> dict[str, Any]:
    return {name: getattr(event, name) for name in event.__struct_fields__}


# -------------------------------------------------------------------------------------------------------------
# Signed hand-offs


def sign_head(store: GameStore, timeline: str, player: str, *, keys: KeyRing, pin: bool = False) -> Record:
    """``awaw sign``: sign the head of ``timeline`` as ``player`` and record the signature (a ``handoff_signed``
    event after it); with ``pin``, a player with no registered key registers theirs first (in the same batch),
    vouched for by the game's creator or a player whose key this keys directory holds.

    The hand-off notes are opened before anything is written (a notes file that cannot be written refuses the
    signature) and written once the signature is committed; another writer appending first makes it sign the new
    head (:func:`awaw_events.log.retry_on_conflict`)."""
    key = keys.signing_key(player)
    notes = keys.open_handoff_notes()
    try:
        record, note = _sign_head(store, timeline, player, key, keys=keys, pin=pin)
    except BaseException:
        os.close(notes)
        raise
    keys.note_handoff(note, notes)
    return record


@retry_on_conflict
def _sign_head(
    store: GameStore, timeline: str, player: str, key: Ed25519PrivateKey, *, keys: KeyRing, pin: bool
) -> tuple[Record, HandoffNote]:
    public = public_hex(key)
    head = store.head_record(timeline)
    if head is None:
        raise InputError(f"{timeline!r} has no events to sign")
    registered = handoffs.registered_keys(
        (r.seq, r.event) for r in store.tagged(timeline, ("game_created", "player_key_pinned"))
    )
    when = time_of(store, timeline)
    batch: list[Event] = []
    at, digest = head.seq, head.hash
    if player not in registered:
        if not pin:
            raise InputError(
                f"{player!r} has no key registered in {timeline!r}: `awaw sign {timeline} --as {player} --pin` "
                "registers yours (the other players should check it)"
            )
        pinned = PlayerKeyPinned(**when, player=player, public_key=public)
        voucher = _voucher(store, timeline, keys, registered)
        if voucher is not None:
            by, vouching = voucher
            pinned = PlayerKeyPinned(**when, player=player, public_key=public, by=by)
            data = signatures.message(pinned, at, digest)
            assert data is not None
            pinned = PlayerKeyPinned(
                **when, player=player, public_key=public, by=by, signature=signatures.sign(vouching, data)
            )
        batch.append(pinned)
        at, digest = at + 1, chain_hash(digest, encode(pinned))
    elif registered[player][1] != public:
        raise InputError(
            f"{timeline!r} registers another key for {player!r} (event {registered[player][0]}) than the one in "
            f"{keys.directory}"
        )
    batch.append(HandoffSigned(**when, player=player, at=at, head=digest, signature=handoffs.sign(key, at, digest)))
    records = store.append(timeline, batch, expected_count=head.seq)
    first = store.record_at(timeline, 1)
    assert first is not None
    return records[-1], HandoffNote(timeline, player, at, digest, first.hash)


def _voucher(
    store: GameStore, timeline: str, keys: KeyRing, registered: dict[str, tuple[int, str]]
) -> tuple[str, Ed25519PrivateKey] | None:
    """Who vouches for a new key pin from this keys directory: the game's creator, else a player whose key it
    holds; None in a game that recorded no creator key and registers nobody (the first pin is taken on trust);
    refused otherwise."""
    created = created_of(store, timeline)
    if created.creator_key is not None and keys.holds_creator_key(created.creator_key):
        return CREATOR, keys.creator_key()
    for name, (_seq, public) in sorted(registered.items()):
        try:
            held = keys.signing_key(name)
        except KeysError:
            continue
        if public_hex(held) == public:
            return name, held
    if created.creator_key is None and not registered:
        return None
    raise InputError(
        f"a new key in {timeline!r} is vouched for by its creator or by a player with a key "
        f"({', '.join(sorted(registered)) or 'none yet'}), and {keys.directory} holds none of theirs: send them "
        f"your public key (`awaw keygen` printed it); they run `awaw pin {timeline} PLAYER KEY`"
    )
