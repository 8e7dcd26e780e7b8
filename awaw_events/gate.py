"""The trust gate: what a timeline accepts from input (``record``, ``import``, ``insert``, a ruling's replacements).

The log's own checks (:mod:`awaw_events.log`) keep a batch *sound*; the gate keeps its trust events *authentic*.
The events that only their owners may write are accepted from input only when they are, verifiably, what the
owning command writes:

* ``seed_committed``: after the commitment before it was revealed, signed by the game's creator (host dice) or by
  the committing dice player (shared dice), over the head it follows (:mod:`awaw_events.signatures`);
* ``seed_revealed``: a seed that opens the commitment in force (its player's, with shared dice), not revealed before;
* ``dice_contributed``: by a dice player with an unrevealed commitment, for their next rolls, signed by them;
* ``player_key_pinned``: for a player with no key yet, vouched for (signed) by a player with a key or the creator;
* ``handoff_signed``: a signature that verifies with the player's key, of the hash the signed event really has;
* ``map_data_used``: the one ``awaw new`` writes (event 2), or signed by the creator;
* ``dice_rolled``: a seeded roll from a commitment in force and not revealed (checked against the seed when the
  keys directory holds it; with shared dice, against the contributions); a typed (physical) roll in a game created
  with committed dice only where the option ``dice.physical`` allows it for the roll's purpose (a game created with
  physical dice takes typed rolls, in its branches and after a reseed too);
* ``ruling``: never voids ``game_created``, ``map_data_used`` or a trust event, and never replaces a seeded roll
  with a typed one.

A game made before ``game_created`` recorded a creator key cannot sign; its unsigned commitments, pins and map-data
changes, and its typed rolls, are still accepted from an import (a copy of such a game must read as before) but
never from ``record``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Final

from awaw_events import dice, handoffs, signatures
from awaw_events.codec import encode, tag_of
from awaw_events.errors import InputError
from awaw_events.events import (
    AnyEvent,
    DiceContributed,
    DiceRolled,
    Event,
    GameCreated,
    HandoffSigned,
    MapDataUsed,
    PlayerKeyPinned,
    Ruling,
    SeedCommitted,
    SeedRevealed,
)
from awaw_events.keys import KeyRing
from awaw_events.store import GENESIS_HASH, GameStore, chain_hash

PHYSICAL_OPTION: Final = "dice.physical"
"""The option saying where a game that rolls committed dice accepts typed (physical) rolls: ``never``, ``any`` or
one roll purpose (README: "Trust")."""

TRUST_TAGS: Final = (
    "game_created",
    "seed_committed",
    "seed_revealed",
    "dice_contributed",
    "player_key_pinned",
)
"""The events the gate reads from the store to know the trust state at the end of a timeline."""

NEVER_VOIDED: Final = frozenset(
    {
        "game_created",
        "map_data_used",
        "seed_committed",
        "seed_revealed",
        "dice_contributed",
        "player_key_pinned",
        "handoff_signed",
    }
)
"""What a ruling may not void: the game's identity, the map its checks read, and the trust events."""

CREATOR: Final = "@creator"

_WATCHED: Final = frozenset(
    {
        GameCreated,
        DiceRolled,
        SeedCommitted,
        SeedRevealed,
        DiceContributed,
        PlayerKeyPinned,
        HandoffSigned,
        MapDataUsed,
        Ruling,
    }
)
"""The events the gate looks at (and learns from); every other passes untouched."""


def physical_allowed(options: dict[str, str], purpose: str) -> bool:
    """Whether a game's options let a typed roll stand for ``purpose`` where the dice are committed."""
    value = options.get(PHYSICAL_OPTION, "never")
    return value == "any" or value == purpose


class TrustGate:
    """The gate of one timeline, for one write: :meth:`begin` reads the trust state at its end, :meth:`check`
    looks at each batch in order (``first``: the number its first event will have) and returns the problems.

    ``owner_only``: input typed by hand (``record``), where even a game made before signatures accepts no
    unsigned trust event. ``keys``: the writer's keys directory (a seeded roll is checked against the seed it
    holds)."""

    def __init__(self, store: GameStore, timeline: str, *, keys: KeyRing | None = None, owner_only: bool = False):
        self.store = store
        self.timeline = timeline
        self.keys = keys
        self.owner_only = owner_only
        self.ledger = dice.Ledger()
        self.created: GameCreated | None = None
        self.registered: dict[str, tuple[int, str]] = {}
        self.size = 0
        self.hashes: dict[int, str] = {}
        self.unhashed: deque[tuple[int, AnyEvent]] = deque()  # batch events whose hash is not computed yet

    def begin(self, size: int) -> None:
        self.size = size
        if size == 0:
            return
        for record in self.store.tagged(self.timeline, TRUST_TAGS, stop=size):
            self._see(record.seq, record.event)
        for record in self.store.tagged(self.timeline, ("dice_rolled",), stop=size, last=True):
            self.ledger.see(record.seq, record.event)

    # -- hashes ------------------------------------------------------------------------------------------------

    def _hash(self, seq: int) -> str:
        """The chain hash of event ``seq`` (0: the genesis), from the store or computed along the batch."""
        if seq == 0:
            return GENESIS_HASH
        if seq in self.hashes:
            return self.hashes[seq]
        while self.unhashed and self.unhashed[0][0] <= seq:
            number, event = self.unhashed.popleft()
            self.hashes[number] = chain_hash(self._hash(number - 1), encode(event))
        if seq not in self.hashes:
            record = self.store.record_at(self.timeline, seq)
            self.hashes[seq] = record.hash if record is not None else ""
        return self.hashes[seq]

    def _signed(self, event: Event, seq: int, public: str | None, signature: str | None) -> bool:
        data = signatures.message(event, seq - 1, self._hash(seq - 1))
        return public is not None and data is not None and signatures.valid(public, data, signature)

    # -- the batch ---------------------------------------------------------------------------------------------

    def check(self, first: int, batch: Sequence[tuple[str, AnyEvent]]) -> list[InputError]:
        problems: list[InputError] = []
        self.unhashed.clear()  # the batches before are in the store now (or the write was refused)
        for offset, (where, event) in enumerate(batch):
            seq = first + offset
            self.unhashed.append((seq, event))
            if type(event) not in _WATCHED:  # the event classes are final: most events concern no trust
                continue
            problem = self._problem(seq, event, batch, offset)
            if problem is not None:
                field, message = problem
                problems.append(InputError(message, where=where, field=field))
            self._see(seq, event)
        self.size = first + len(batch) - 1
        return problems

    def _see(self, seq: int, event: AnyEvent) -> None:
        if isinstance(event, GameCreated):
            self.created = event
        if isinstance(event, GameCreated | PlayerKeyPinned):
            for player, registered in handoffs.registered_keys([(seq, event)]).items():
                self.registered.setdefault(player, registered)
        self.ledger.see(seq, event)

    def _legacy(self) -> bool:
        """A game made before it recorded a creator key: its unsigned trust events pass an import."""
        return self.created is not None and self.created.creator_key is None and not self.owner_only

    def _problem(
        self, seq: int, event: AnyEvent, batch: Sequence[tuple[str, AnyEvent]], offset: int
    ) -> tuple[str, str] | None:
        if isinstance(event, DiceRolled):
            return self._roll(event)
        if isinstance(event, SeedCommitted):
            return self._commit(seq, event)
        if isinstance(event, SeedRevealed):
            return self._reveal(event)
        if isinstance(event, DiceContributed):
            return self._contribution(seq, event)
        if isinstance(event, PlayerKeyPinned):
            return self._pin(seq, event)
        if isinstance(event, HandoffSigned):
            return self._handoff(seq, event)
        if isinstance(event, MapDataUsed):
            return self._map_data(seq, event)
        if isinstance(event, Ruling):
            return self._ruling(seq, event, batch, offset)
        return None

    def _roll(self, event: DiceRolled) -> tuple[str, str] | None:
        ledger = self.ledger
        if event.source == "physical":
            created = self.created
            options = created.options if created is not None else {}
            committed = created is not None and (created.dice_mode == "shared" or created.seed_commitment is not None)
            if committed and not self._legacy() and not physical_allowed(options, event.purpose):
                return (
                    "source",
                    f"this game rolls committed dice: a typed ({event.purpose}) roll is refused unless the game's "
                    f"option {PHYSICAL_OPTION} allows it (`awaw roll` makes the roll)",
                )
            return None
        if ledger.mode == "shared":
            truth = ledger.faces(event)
            if truth is None:
                missing = ", ".join(repr(p) for p in ledger.missing(event.roll))
                return "roll", f"roll #{event.roll} needs the contribution of {missing} first (`awaw contribute`)"
            if truth != event.dice:
                return "dice", f"roll #{event.roll} is not what the players' contributions give ({truth})"
            return None
        current = ledger.in_force()
        if current is None:
            return "source", "a seeded roll needs a committed seed, and this game has none"
        if current in ledger.revealed or (self.keys is not None and self.keys.revealed(current)):
            return "source", "the seed in force was revealed: anyone could predict this roll (`awaw reseed` first)"
        seed = self.keys.seed(current) if self.keys is not None else None
        if seed is not None and dice.roll_dice(seed, event.roll, len(event.dice), event.sides) != event.dice:
            return "dice", f"roll #{event.roll} does not match the committed seed: a seeded roll is the seed's"
        return None

    def _commit(self, seq: int, event: SeedCommitted) -> tuple[str, str] | None:
        player = event.player or ""
        shared = self.ledger.mode == "shared"
        if shared != bool(player):
            need = "names the dice player whose secret it commits" if shared else "names no player (host dice)"
            return "player", f"a seed_committed of this game {need}"
        if shared and player not in self.ledger.players:
            return "player", f"{player!r} is not one of the game's dice players ({', '.join(self.ledger.players)})"
        current = self.ledger.in_force(player)
        if current is not None and current not in self.ledger.revealed:
            return "seed_commitment", "the seed in force is still secret: it is revealed before a new one is committed"
        if shared:
            expected = max(self.ledger.next_roll, self.ledger.next_contribution(player))
            if event.first_roll != expected:
                return "first_roll", f"{player!r}'s next secret is for the rolls from #{expected}"
            key = self.registered.get(player, (0, None))[1]
            if not self._signed(event, seq, key, event.signature):
                return "signature", f"a commitment of {player!r} is signed with their registered key (`awaw reseed`)"
            return None
        creator = self.created.creator_key if self.created is not None else None
        if creator is None and self._legacy():
            return None
        if not self._signed(event, seq, creator, event.signature):
            return "signature", "a new dice commitment is signed by the game's creator (`awaw reseed` on their keys)"
        return None

    def _reveal(self, event: SeedRevealed) -> tuple[str, str] | None:
        player = event.player or ""
        current = self.ledger.in_force(player)
        whose = f"{player!r}'s" if player else "the game's"
        if current is None:
            return "seed", f"{whose} dice have no commitment to reveal"
        if current in self.ledger.revealed:
            return "seed", f"{whose} seed in force was already revealed"
        if dice.commitment(event.seed) != current:
            return "seed", f"this seed does not open {whose} commitment in force ({current[:12]}...)"
        return None

    def _contribution(self, seq: int, event: DiceContributed) -> tuple[str, str] | None:
        player = event.player
        if self.ledger.mode != "shared" or player not in self.ledger.players:
            return "player", f"{player!r} is not a dice player of a shared dice game"
        current = self.ledger.in_force(player)
        if current is None or current in self.ledger.revealed:
            return "player", f"{player!r} has no unrevealed commitment to contribute from (`awaw reseed` first)"
        expected = self.ledger.next_contribution(player)
        if event.first_roll != expected:
            return "first_roll", f"{player!r}'s next contribution is to roll #{expected}, not #{event.first_roll}"
        if not self._signed(event, seq, self.registered.get(player, (0, None))[1], event.signature):
            return "signature", f"a contribution of {player!r} is signed with their registered key"
        return None

    def _pin(self, seq: int, event: PlayerKeyPinned) -> tuple[str, str] | None:
        if event.player in self.registered:
            return "player", f"{event.player!r} has a key already (event {self.registered[event.player][0]})"
        if not event.by:
            if self._legacy() or (self.created is not None and not self.created.creator_key and not self.registered):
                return None
            return "by", "a key pin is vouched for by a player with a key or by the game's creator (`awaw sign --pin`)"
        creator = self.created.creator_key if self.created is not None else None
        voucher = creator if event.by == CREATOR else self.registered.get(event.by, (0, None))[1]
        if not self._signed(event, seq, voucher, event.signature):
            return "signature", f"the pin is not signed by {event.by!r}'s registered key"
        return None

    def _handoff(self, seq: int, event: HandoffSigned) -> tuple[str, str] | None:
        if event.player not in self.registered:
            return "player", f"{event.player!r} has no registered key"
        if not handoffs.signature_ok(self.registered[event.player][1], event.at, event.head, event.signature):
            return "signature", f"the signature does not verify with {event.player!r}'s registered key"
        if event.at < seq and self._hash(event.at) != event.head:
            return "head", f"event {event.at} does not have the hash this signature covers"
        return None

    def _map_data(self, seq: int, event: MapDataUsed) -> tuple[str, str] | None:
        if seq == 2:
            return None  # the declaration `awaw new` writes right after game_created
        creator = self.created.creator_key if self.created is not None else None
        if creator is None and self._legacy():
            return None
        if not self._signed(event, seq, creator, event.signature):
            return "signature", "a change of map data is signed by the game's creator (`awaw record` on their keys)"
        return None

    def _ruling(
        self, seq: int, event: Ruling, batch: Sequence[tuple[str, AnyEvent]], offset: int
    ) -> tuple[str, str] | None:
        replacements = [e for _, e in batch[offset + 1 : offset + 1 + event.replacements]]
        typed = any(isinstance(e, DiceRolled) and e.source == "physical" for e in replacements)
        for index, target in enumerate(event.voids):
            voided = self._event_at(target, seq, batch, offset)
            if voided is None:
                continue
            tag = tag_of(voided)
            if tag in NEVER_VOIDED:
                return f"voids[{index}]", f"a ruling cannot void event {target} ({tag}): it is not a disputed play"
            if typed and isinstance(voided, DiceRolled) and voided.source == "seeded":
                return f"voids[{index}]", f"a ruling cannot replace the seeded roll of event {target} with a typed one"
        return None

    def _event_at(self, target: int, seq: int, batch: Sequence[tuple[str, AnyEvent]], offset: int) -> Event | None:
        if target >= seq:
            return None
        index = offset - (seq - target)
        if index >= 0:
            return batch[index][1]
        record = self.store.record_at(self.timeline, target)
        return record.event if record is not None else None
