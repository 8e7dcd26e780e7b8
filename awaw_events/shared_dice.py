"""Shared dice: the commands of a game whose rolls no single player controls (``dice_mode: shared``).

Every dice player commits a secret of their own (``awaw reseed GAME --as PLAYER``: a ``seed_committed`` signed with
their key, the secret kept in their keys directory); each contributes to the rolls to come
(``awaw contribute GAME --as PLAYER [--rolls N]``: a signed ``dice_contributed``); a roll is made once every dice
player's contribution to its number is published (``awaw roll``, which adds the roller's own contribution if it
is the one missing), and anyone recomputes its faces from them at once (:func:`awaw_events.dice.shared_faces`).
``awaw reveal GAME --as PLAYER`` publishes a player's secret, against which anyone checks all their contributions;
a player reveals at each hand-off and commits a new secret (README: "Trust", with the limits of the protocol).
"""

from __future__ import annotations

from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from awaw_events import dice, handoffs, signatures
from awaw_events.codec import encode, parse_event
from awaw_events.errors import InputError
from awaw_events.events import AnyEvent, DiceContributed, SeedCommitted, SeedRevealed
from awaw_events.gate import TRUST_TAGS
from awaw_events.keys import KeyRing, public_hex
from awaw_events.log import Numbered, check_batch, context_of, retry_on_conflict, time_of
from awaw_events.store import GameStore, Record, chain_hash

MAX_CONTRIBUTIONS = 1000
"""The most rolls one ``dice_contributed`` covers."""


def sign_at(store: GameStore, timeline: str, event: Any, key: Ed25519PrivateKey, *, before: Any = ()) -> Any:
    """``event`` (a signed trust event) with its signature for its place: right after the head, or after the
    events ``before`` of the same batch."""
    head = store.head_record(timeline)
    at, digest = (head.seq, head.hash) if head is not None else (0, "")
    for earlier in before:
        at, digest = at + 1, chain_hash(digest, encode(earlier))
    data = signatures.message(event, at, digest)
    assert data is not None
    fields = {name: getattr(event, name) for name in event.__struct_fields__}
    return type(event)(**{**fields, "signature": signatures.sign(key, data)})


def ledger_of(store: GameStore, timeline: str) -> dice.Ledger:
    """The dice commitments, reveals and contributions at the end of ``timeline``."""
    ledger = dice.Ledger()
    for record in store.tagged(timeline, TRUST_TAGS):
        ledger.see(record.seq, record.event)
    for record in store.tagged(timeline, ("dice_rolled",), last=True):
        ledger.see(record.seq, record.event)
    return ledger


def _player_key(store: GameStore, timeline: str, player: str, keys: KeyRing, ledger: dice.Ledger) -> Ed25519PrivateKey:
    if ledger.mode != "shared":
        raise InputError(f"{timeline!r} does not roll shared dice")
    if player not in ledger.players:
        raise InputError(f"{player!r} is not a dice player of {timeline!r} ({', '.join(ledger.players)})")
    key = keys.signing_key(player)
    registered = handoffs.registered_keys(
        (r.seq, r.event) for r in store.tagged(timeline, ("game_created", "player_key_pinned"))
    )
    if registered.get(player, (0, ""))[1] != public_hex(key):
        raise InputError(f"{timeline!r} registers another key for {player!r} than the one in {keys.directory}")
    return key


def _secret(keys: KeyRing, ledger: dice.Ledger, player: str, timeline: str) -> tuple[str, str]:
    """The commitment in force of ``player`` and its secret from ``keys`` (refused when revealed or not held)."""
    current = ledger.in_force(player)
    if current is None or current in ledger.revealed:
        raise InputError(f"{player!r} has no unrevealed secret in {timeline!r}: `awaw reseed {timeline} --as {player}`")
    secret = keys.seed(current)
    if secret is None:
        raise InputError(f"{player!r}'s secret ({current[:12]}...) is not in {keys.directory}")
    return current, secret


@retry_on_conflict
def commit(store: GameStore, timeline: str, player: str, *, keys: KeyRing) -> Record:
    """``awaw reseed GAME --as PLAYER``: commit a new secret of ``player`` (the first, or after their reveal)."""
    ledger = ledger_of(store, timeline)
    key = _player_key(store, timeline, player, keys, ledger)
    current = ledger.in_force(player)
    if current is not None and current not in ledger.revealed:
        raise InputError(f"{player!r}'s secret is still unrevealed: `awaw reveal {timeline} --as {player}` first")
    secret = dice.new_seed()
    event = SeedCommitted(
        **time_of(store, timeline),
        seed_commitment=dice.commitment(secret),
        first_roll=max(ledger.next_roll, ledger.next_contribution(player)),
        player=player,
    )
    event = sign_at(store, timeline, event, key)
    keys.put_seed(event.seed_commitment, secret)
    return store.append(timeline, [event], expected_count=store.count(timeline))[0]


def _contribution(
    store: GameStore, timeline: str, player: str, count: int, *, keys: KeyRing, before: Any = ()
) -> DiceContributed:
    ledger = ledger_of(store, timeline)
    key = _player_key(store, timeline, player, keys, ledger)
    _, secret = _secret(keys, ledger, player, timeline)
    first = ledger.next_contribution(player)
    event = DiceContributed(
        **time_of(store, timeline),
        player=player,
        first_roll=first,
        values=dice.contributions(secret, first, count),
        signature="0" * 128,
    )
    return sign_at(store, timeline, event, key, before=before)  # type: ignore[no-any-return]


@retry_on_conflict
def contribute(store: GameStore, timeline: str, player: str, *, keys: KeyRing, rolls: int = 1) -> Record:
    """``awaw contribute``: publish ``player``'s contributions to their next ``rolls`` rolls."""
    if not 1 <= rolls <= MAX_CONTRIBUTIONS:
        raise InputError(f"contribute to 1 to {MAX_CONTRIBUTIONS} rolls at a time, not {rolls}", field="rolls")
    event = _contribution(store, timeline, player, rolls, keys=keys)
    return store.append(timeline, [event], expected_count=store.count(timeline))[0]


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
    """``awaw roll`` with shared dice: the next roll from every dice player's contribution to it; a contribution
    still missing is added first when ``keys`` holds that player's secret, else the roll is refused naming who
    must contribute."""
    ledger = ledger_of(store, timeline)
    context = context_of(store, timeline)
    number = context.last_roll + 1
    batch: list[AnyEvent] = []
    for player in ledger.missing(number):
        current = ledger.in_force(player)
        if current is None or current in ledger.revealed or keys.seed(current) is None:
            continue
        if ledger.next_contribution(player) != number:
            continue
        batch.append(_contribution(store, timeline, player, 1, keys=keys, before=batch))
        ledger.see(context.size + len(batch), batch[-1])
    missing = ledger.missing(number)
    if missing:
        who = ", ".join(repr(p) for p in missing)
        raise InputError(
            f"roll #{number} of {timeline!r} waits for the contribution of {who}: "
            f"`awaw contribute {timeline} --as PLAYER` in their keys directory"
        )
    faces = dice.shared_faces([ledger.contributed[p][number] for p in ledger.players], number, dice_count, sides)
    rolled = seeded_roll(
        store, timeline, number, faces, purpose=purpose, sides=sides, modifier=modifier, ref=ref, actor=actor
    )
    numbered = [Numbered("the contribution", e) for e in batch] + [Numbered("the roll", rolled)]
    check_batch(context, numbered)
    return store.append(timeline, [*batch, rolled], expected_count=context.size)[-1]


def seeded_roll(
    store: GameStore,
    timeline: str,
    number: int,
    faces: list[int],
    *,
    purpose: str,
    sides: int,
    modifier: int,
    ref: str | None,
    actor: str,
) -> AnyEvent:
    """The ``dice_rolled`` event of a seeded roll, at the game time of the end of ``timeline``."""
    fields: dict[str, Any] = {
        "type": "dice_rolled",
        **time_of(store, timeline),
        "actor": actor,
        "roll": number,
        "purpose": purpose,
        "dice": faces,
        "sides": sides,
        "source": "seeded",
    }
    if modifier:
        fields["modifiers"] = [{"code": "modifier", "value": modifier}]
    if ref:
        fields["ref"] = ref
    return parse_event(fields, where="the roll")


@retry_on_conflict
def reveal(store: GameStore, timeline: str, player: str, *, keys: KeyRing) -> Record:
    """``awaw reveal GAME --as PLAYER``: publish ``player``'s secret in force, against which anyone checks every
    contribution it made; no contribution comes from it again."""
    ledger = ledger_of(store, timeline)
    _player_key(store, timeline, player, keys, ledger)
    current, secret = _secret(keys, ledger, player, timeline)
    event = SeedRevealed(**time_of(store, timeline), seed=secret, player=player)
    record = store.append(timeline, [event], expected_count=store.count(timeline))[0]
    keys.mark_revealed(current)
    return record
