"""The commands of whoever hosts the dice and signs hand-offs: ``awaw roll``, ``reveal``, ``reseed`` and ``sign``.

They append to a timeline through the game log (:mod:`awaw_events.log`) with the secrets of a keys directory: the
seed in force (:mod:`awaw_events.seeds`) and the players' signing keys."""

from __future__ import annotations

from typing import Any

from awaw_events import dice, handoffs
from awaw_events.codec import encode, parse_event
from awaw_events.errors import InputError
from awaw_events.events import Event, HandoffSigned, PlayerKeyPinned, SeedCommitted, SeedRevealed
from awaw_events.keys import HandoffNote, KeyRing, public_hex
from awaw_events.log import Numbered, check_batch, context_of, retry_on_conflict, time_of
from awaw_events.seeds import held_seed, seed_for_rolling, seed_in_force
from awaw_events.store import GameStore, Record, chain_hash


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
    """``awaw roll``: derive the next roll from the timeline's committed seed and record it."""
    seed = seed_for_rolling(store, keys, timeline)
    context = context_of(store, timeline)
    number = context.last_roll + 1
    fields: dict[str, Any] = {
        "type": "dice_rolled",
        **time_of(store, timeline),
        "actor": actor,
        "roll": number,
        "purpose": purpose,
        "dice": dice.roll_dice(seed, number, dice_count, sides),
        "sides": sides,
        "source": "seeded",
    }
    if modifier:
        fields["modifiers"] = [{"code": "modifier", "value": modifier}]
    if ref:
        fields["ref"] = ref
    event = parse_event(fields, where="the roll")
    check_batch(context, [Numbered("the roll", event)])
    return store.append(timeline, [event], expected_count=context.size)[0]


def reveal(store: GameStore, timeline: str, *, keys: KeyRing) -> Record:
    """``awaw reveal``: publish the timeline's secret seed so that anyone can check every seeded roll; the keys
    directory remembers it, so no roll is made from it again (in ``--same-dice`` branches neither)."""
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
    none). Refused while the seed in force is still secret: reveal it first, so its rolls can be checked."""
    in_force = seed_in_force(store, timeline)
    if in_force.commitment is not None and in_force.revealed_at is None and not keys.revealed(in_force.commitment):
        raise InputError(
            f"the dice seed of {timeline!r} is still secret: `awaw reveal {timeline}` first, so that the rolls made "
            "with it can be checked, then reseed"
        )
    context = context_of(store, timeline)
    seed = dice.new_seed()
    event = SeedCommitted(
        **time_of(store, timeline), seed_commitment=dice.commitment(seed), first_roll=context.last_roll + 1
    )
    keys.put_seed(event.seed_commitment, seed)
    return store.append(timeline, [event], expected_count=context.size)[0]


# -------------------------------------------------------------------------------------------------------------
# Signed hand-offs


def sign_head(store: GameStore, timeline: str, player: str, *, keys: KeyRing, pin: bool = False) -> Record:
    """``awaw sign``: sign the head of ``timeline`` as ``player`` and record the signature (a ``handoff_signed``
    event after it); with ``pin``, a player with no registered key registers theirs first (in the same batch)."""
    key = keys.signing_key(player)
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
    keys.note_handoff(HandoffNote(timeline, player, at, digest, first.hash))
    return records[-1]
