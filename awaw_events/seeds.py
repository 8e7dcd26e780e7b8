"""The dice seed a timeline rolls from: the commitment in force (its last ``game_created``, ``seed_committed`` or
``seed_revealed``) and its secret seed, held in a keys directory, never in the store."""

from __future__ import annotations

from typing import NamedTuple

from awaw_events import dice
from awaw_events.errors import InputError
from awaw_events.events import GameCreated, SeedCommitted, SeedRevealed
from awaw_events.keys import KeyRing
from awaw_events.store import GameStore


class SeedInForce(NamedTuple):
    """The dice commitment that the next roll of a timeline comes from, and whether its seed is public."""

    commitment: str | None
    revealed_at: int | None
    """the event that revealed the seed (None while it is secret)"""


_DICE_TAGS = ("game_created", "seed_committed", "seed_revealed")


def seed_in_force(store: GameStore, timeline: str) -> SeedInForce:
    """The commitment in force at the end of a timeline (its last ``game_created``, ``seed_committed`` or
    ``seed_revealed``; a branch reads its parent's before its fork)."""
    found = store.tagged(timeline, _DICE_TAGS, last=True)
    if not found:
        return SeedInForce(None, None)
    seq, event = found[0].seq, found[0].event
    if isinstance(event, SeedRevealed):
        return SeedInForce(dice.commitment(event.seed), seq)
    if isinstance(event, SeedCommitted):
        return SeedInForce(event.seed_commitment, None)
    assert isinstance(event, GameCreated)
    return SeedInForce(event.seed_commitment, None)


def held_seed(store: GameStore, keys: KeyRing, timeline: str, commitment: str) -> str | None:
    """The seed of ``commitment`` from the keys directory; a seed that an older store kept in the database is
    moved into the keys directory and deleted from the store on first use."""
    seed = keys.seed(commitment)
    if seed is not None:
        return seed
    current: str | None = timeline
    while current is not None:
        legacy = store.legacy_secret(current)
        if legacy is not None and dice.commitment(legacy) == commitment:
            keys.put_seed(commitment, legacy)
            store.forget_legacy_secret(current)
            return legacy
        current = store.timeline(current).parent
    return None


def revealed_elsewhere(store: GameStore, timeline: str, commitment: str) -> str | None:
    """The timeline of the same game (a ``--same-dice`` branch, its parent) whose log reveals the seed of
    ``commitment``, if any: the store itself says so, whatever the keys directory remembers."""
    game = store.timeline(timeline).game
    for other in store.timelines():
        if other.game != game or other.name == timeline:
            continue
        for record in store.tagged(other.name, ("seed_revealed",)):
            if isinstance(record.event, SeedRevealed) and dice.commitment(record.event.seed) == commitment:
                return other.name
    return None


def seed_for_rolling(store: GameStore, keys: KeyRing | None, timeline: str) -> str:
    """The secret seed the next roll of ``timeline`` comes from; refused when there is none, when it was revealed
    (anyone could predict the roll: in this timeline, in another of the game, or as the keys directory remembers)
    or when ``keys`` does not hold it."""
    in_force = seed_in_force(store, timeline)
    if in_force.commitment is None:
        raise InputError(
            f"{timeline!r} has no dice seed committed: record physical rolls with "
            "`awaw record GAME dice_rolled dice=[...] purpose=...`, or commit one with `awaw reseed`"
        )
    if in_force.revealed_at is not None or (keys is not None and keys.revealed(in_force.commitment)):
        where = f" in event {in_force.revealed_at}" if in_force.revealed_at else ""
        raise InputError(
            f"the dice seed of {timeline!r} was revealed{where}: anyone could predict its rolls; "
            "commit a new seed with `awaw reseed` first"
        )
    elsewhere = revealed_elsewhere(store, timeline, in_force.commitment)
    if elsewhere is not None:
        raise InputError(
            f"the dice seed of {timeline!r} was revealed in {elsewhere!r}, which rolls from the same seed: anyone "
            "could predict its rolls; commit a new seed with `awaw reseed` first"
        )
    seed = held_seed(store, keys, timeline, in_force.commitment) if keys is not None else None
    if seed is None:
        raise InputError(
            f"the seed of {timeline!r} (commitment {in_force.commitment[:12]}...) is not in this keys directory"
            f"{f' ({keys.directory})' if keys else ''}: only whoever hosts the dice can roll them"
        )
    return seed
