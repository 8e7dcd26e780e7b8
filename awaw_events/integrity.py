"""The store's integrity walk (:func:`verify_chain`, behind ``awaw verify``): the hash chain of a timeline read row
by row, with what the hash does not cover (the type column, the roll count, the rulings and bookmarks indexes, and
the checks of the reader's own snapshots of it) recomputed from the chain. It reads the store's rows below the event
level, through the store's own row readers."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from awaw_events.codec import decode, tag_of
from awaw_events.events import DiceRolled
from awaw_events.snapshots import Entry
from awaw_events.store import GameStore
from awaw_events.stored import GENESIS_HASH, Problem, Record, VerifyReport, _read_row, _short, chain_hash


def verify_chain(
    store: GameStore,
    name: str,
    *,
    visit: Callable[[Record], None] | None = None,
    snapshot_keys: Sequence[str] = (),
) -> VerifyReport:
    """Walk the hash chain of a timeline: every event present, in order, readable and unchanged since it was
    written; the parts of each row the hash does not cover (the type column, the roll count) agree with the
    event; the rulings and bookmarks indexes hold exactly the timeline's rulings and bookmarks; and every snapshot
    of these events that the reader keeps for the projection versions ``snapshot_keys`` passes its check (its MAC,
    :mod:`awaw_events.snapshots`).

    ``visit`` is called with each readable record, in order (the dice and signature checks ride on this walk).
    """
    problems: list[Problem] = []
    timeline = store.timeline(name)
    pieces = store._segments(timeline, None)
    root = store.open(name).root if snapshot_keys else None
    snapshots = [(code, entry) for code in snapshot_keys for entry in store.snapshots.entries(root or "", code)]
    hashes_at: dict[int, str] = dict.fromkeys((entry.seq for _, entry in snapshots), "")
    indexed: dict[str, dict[int, bytes]] = {"ruling": {}, "bookmark_set": {}}
    previous: str | None = GENESIS_HASH
    expected = 1
    rolls = 0
    for row in store._rows(name, 1, None):
        seq = row.version
        if seq != expected:
            missing = f"event {expected}" if seq == expected + 1 else f"events {expected} to {seq - 1}"
            problems.append(Problem(expected, f"{missing} missing from the store"))
        expected = seq + 1
        try:
            stored_hash, recorded_at, stored_rolls, raw = _read_row(row.state)
            event = decode(raw)
        except (msgspec.MsgspecError, TypeError, ValueError, RecursionError) as exc:
            problems.append(Problem(seq, f"event {seq} cannot be read: {_short(exc)}"))
            previous = None
            continue
        if previous is not None and chain_hash(previous, raw) != stored_hash:
            problems.append(
                Problem(
                    seq,
                    f"event {seq} ({tag_of(event)}) does not match its hash: it was changed, "
                    "moved, or an event before it was removed",
                )
            )
        previous = stored_hash
        tag = tag_of(event)
        if row.topic != tag:
            problems.append(Problem(seq, f"event {seq} is a {tag!r}, but its row's type column says {row.topic!r}"))
        if isinstance(event, DiceRolled):
            rolls = max(rolls, event.roll)
        if stored_rolls != rolls:
            problems.append(
                Problem(
                    seq,
                    f"event {seq}'s stored roll count is {stored_rolls}, but the events up to it made {rolls} "
                    "roll(s): the count (not covered by the hash) was edited",
                )
            )
        if tag in indexed:
            indexed[tag][seq] = raw
        if seq in hashes_at:
            hashes_at[seq] = stored_hash
        if visit is not None:
            visit(Record(seq, event, stored_hash, recorded_at, stored_rolls))
    problems.extend(_check_indexes(store, pieces, indexed))
    problems.extend(_check_snapshots(store, root or "", snapshots, hashes_at))
    problems.sort(key=lambda p: p.seq)
    return VerifyReport(name, expected - 1, previous or "", tuple(problems))


def _check_indexes(
    store: GameStore, pieces: list[tuple[str, int, int | None]], indexed: dict[str, dict[int, bytes]]
) -> list[Problem]:
    """Recompute the rulings and bookmarks indexes from the chain and name every difference."""
    problems: list[Problem] = []
    for tag, kind, what in (("ruling", "rulings", "ruling"), ("bookmark_set", "bookmarks", "bookmark")):
        truth = indexed[tag]
        seen: set[int] = set()
        for stream, after, up_to in pieces:
            for seq, _topic, state in store._stream_rows(f"awaw:{kind}:{stream}", after, up_to):
                seen.add(seq)
                if seq not in truth:
                    problems.append(
                        Problem(
                            seq,
                            f"the {kind} index holds a {what} at event {seq} that the log does not have: "
                            f"it was inserted behind the log's back (it would change what `awaw state` shows)",
                        )
                    )
                elif bytes(state) != truth[seq]:
                    problems.append(Problem(seq, f"the {kind} index entry for event {seq} differs from the log"))
        for seq in sorted(set(truth) - seen):
            problems.append(
                Problem(seq, f"the {what} of event {seq} is missing from the {kind} index: it would be ignored")
            )
    return problems


def _check_snapshots(
    store: GameStore, root: str, snapshots: list[tuple[str, Entry]], hashes_at: dict[int, str]
) -> list[Problem]:
    """Name each snapshot of these events (the chain hash at its event is the timeline's there) that fails its
    check; those of other timelines (a branch after its fork) are not this one's."""
    problems: list[Problem] = []
    for code, entry in snapshots:
        if hashes_at.get(entry.seq) != entry.chain:
            continue
        if store.snapshots.load(root, code, entry) is None:
            problems.append(
                Problem(
                    entry.seq,
                    f"your snapshot at event {entry.seq} ({code}) does not carry a valid MAC: it was edited or "
                    "copied from another cache (`awaw state` does not use it)",
                )
            )
    return problems
