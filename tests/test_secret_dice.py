"""Dice that stay secret (issue 17): the store holds only commitments; the seed lives in the dice host's keys
directory; no roll from a revealed seed; a hand-recorded seeded roll is checked at once; old stores migrate."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events import dice
from awaw_events.errors import InputError
from awaw_events.events import DiceRolled, GameCreated, SeedCommitted, SeedRevealed
from awaw_events.hosting import reseed, reveal, roll
from awaw_events.keys import KeyRing, KeysError
from awaw_events.log import record_event, start_game, verify_game
from awaw_events.seeds import seed_in_force
from awaw_events.store import GameStore
from replays.branching import create_branch
from replays.cli import cli
from tests.conftest import created, phase


def _commitment(store: GameStore, game: str = "g") -> str:
    first = store.record_at(game, 1)
    assert first is not None and isinstance(first.event, GameCreated) and first.event.seed_commitment
    return first.event.seed_commitment


def _all_bytes(db: str) -> bytes:
    """The database file and its companions, as an attacker who copies them sees them."""
    return b"".join(Path(db + suffix).read_bytes() for suffix in ("", "-wal", "-shm") if Path(db + suffix).exists())


def test_the_seed_is_nowhere_in_the_database_files(tmp_path: Path, keys: KeyRing) -> None:
    db = str(tmp_path / "g.db")
    with GameStore(db) as store:
        start_game(store, "g", keys=keys)
        store.append("g", [phase("combat")])
        roll(store, "g", keys=keys, purpose="crt")
        create_branch(store, "g", None, "alt", keys=keys)
        branch_commit = store.record_at("g/alt", 4)
        assert branch_commit is not None and isinstance(branch_commit.event, SeedCommitted)
        seeds = [keys.seed(_commitment(store)), keys.seed(branch_commit.event.seed_commitment)]
    assert all(seeds)
    data = _all_bytes(db)
    for seed in seeds:
        assert seed is not None
        assert seed.encode() not in data
        assert bytes.fromhex(seed) not in data


def test_key_files_are_owner_only(tmp_path: Path) -> None:
    keys = KeyRing(tmp_path / "fresh" / "keys")
    seed = dice.new_seed()
    path = keys.put_seed(dice.commitment(seed), seed)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(keys.directory.stat().st_mode) == 0o700
    keys.generate("alice")
    assert stat.S_IMODE((keys.directory / "sign" / "alice.key").stat().st_mode) == 0o600


def test_a_seed_file_others_can_read_is_refused(keys: KeyRing) -> None:
    seed = dice.new_seed()
    path = keys.put_seed(dice.commitment(seed), seed)
    os.chmod(path, 0o644)
    with pytest.raises(KeysError, match=r"can be read by others.*chmod 600"):
        keys.seed(dice.commitment(seed))


def test_roll_after_a_reveal_is_refused_until_a_reseed(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", keys=keys)
    store.append("g", [phase("combat")])
    roll(store, "g", keys=keys, purpose="crt")
    reveal(store, "g", keys=keys)
    count = store.count("g")
    with pytest.raises(InputError, match=r"was revealed in event 4: anyone could predict.*awaw reseed"):
        roll(store, "g", keys=keys, purpose="crt")
    assert store.count("g") == count
    committed = reseed(store, "g", keys=keys).event
    assert isinstance(committed, SeedCommitted) and committed.first_roll == 2
    second = roll(store, "g", keys=keys, purpose="crt").event
    assert isinstance(second, DiceRolled) and second.roll == 2
    seed = keys.seed(committed.seed_commitment)
    assert seed is not None and second.dice == dice.roll_dice(seed, 2)
    report = verify_game(store, "g")
    assert report.ok and report.dice.verified == 1 and report.dice.unrevealed == 1


def test_reseed_is_refused_while_the_seed_is_secret(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", keys=keys)
    with pytest.raises(InputError, match="still secret: `awaw reveal g` first"):
        reseed(store, "g", keys=keys)


def test_a_physical_dice_game_can_commit_a_seed_later(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", seeded=False)
    with pytest.raises(InputError, match="no dice seed committed"):
        roll(store, "g", keys=keys, purpose="crt")
    reseed(store, "g", keys=keys)
    assert seed_in_force(store, "g").commitment is not None
    assert roll(store, "g", keys=keys, purpose="crt").seq == 3


def test_only_the_dice_host_can_roll(store: GameStore, keys: KeyRing, tmp_path: Path) -> None:
    start_game(store, "g", keys=keys)
    other = KeyRing(tmp_path / "bob")
    with pytest.raises(InputError, match=r"is not in this keys directory.*only whoever hosts the dice"):
        roll(store, "g", keys=other, purpose="crt")
    with pytest.raises(InputError, match="only whoever hosts the dice can reveal"):
        reveal(store, "g", keys=other)


def test_a_rolled_seed_that_was_revealed_elsewhere_is_not_rolled_again(store: GameStore, keys: KeyRing) -> None:
    """A --same-dice branch shares its parent's seed: once it is revealed on the parent, the branch stops too."""
    start_game(store, "g", keys=keys)
    store.append("g", [phase("combat")])
    create_branch(store, "g", None, "same", reroll=False)
    reveal(store, "g", keys=keys)
    assert seed_in_force(store, "g/same").revealed_at is None  # the branch's own log does not show the reveal
    with pytest.raises(InputError, match="was revealed: anyone could predict"):
        roll(store, "g/same", keys=keys, purpose="crt")


def test_a_branch_rolls_from_its_own_seed_in_the_keys_directory(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", keys=keys)
    store.append("g", [phase("combat")])
    create_branch(store, "g", None, "alt", keys=keys)
    in_force = seed_in_force(store, "g/alt")
    assert in_force.commitment is not None and in_force.commitment != _commitment(store)
    seed = keys.seed(in_force.commitment)
    assert seed is not None
    rolled = roll(store, "g/alt", keys=keys, purpose="crt").event
    assert isinstance(rolled, DiceRolled) and rolled.dice == dice.roll_dice(seed, 1)


def test_a_hand_recorded_seeded_roll_is_checked_at_once(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", keys=keys)
    store.append("g", [phase("combat")])
    seed = keys.seed(_commitment(store))
    assert seed is not None
    truth = dice.roll_dice(seed, 1)[0]
    wrong = truth % 6 + 1
    count = store.count("g")
    with pytest.raises(InputError, match="field 'dice': roll #1 does not match the committed seed"):
        record_event(store, "g", "dice_rolled", ["source=seeded", f"dice=[{wrong}]", "purpose=crt"], keys=keys)
    assert store.count("g") == count
    with pytest.raises(InputError, match="not in this keys directory"):
        record_event(store, "g", "dice_rolled", ["source=seeded", f"dice=[{truth}]", "purpose=crt"])
    recorded = record_event(store, "g", "dice_rolled", ["source=seeded", f"dice=[{truth}]", "purpose=crt"], keys=keys)
    assert recorded.seq == count + 1
    # a typed roll where the dice are committed is refused (the option dice.physical allows it: tests/hostile)
    with pytest.raises(InputError, match="field 'source': this game rolls committed dice"):
        record_event(store, "g", "dice_rolled", [f"dice=[{wrong}]", "purpose=crt"])
    assert store.count("g") == count + 1


def test_record_seeded_through_the_cli_names_the_field(tmp_path: Path, keys: KeyRing) -> None:
    db = str(tmp_path / "c.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "new", "g"]).exit_code == 0
    with GameStore(db) as store:
        seed = keys.seed(_commitment(store))
    assert seed is not None
    truth = dice.roll_dice(seed, 1)[0]
    args = ["--db", db, "record", "g", "dice_rolled", "source=seeded", "purpose=crt"]
    refused = runner.invoke(cli, [*args, f"dice=[{truth % 6 + 1}]"])
    assert refused.exit_code == 1
    assert refused.output.startswith("Error: the event, field 'dice': roll #1 does not match the committed seed")
    # awaw new wrote game_created and map_data_used: the roll is event 3.
    assert runner.invoke(cli, [*args, f"dice=[{truth}]"]).output == (
        f"recorded event 3 (Fall 1939 setup): Dice rolled: roll #1 for CRT: die {truth} from the seed\n"
        "the audit finds nothing wrong with it\n"
    )


def test_verify_names_a_roll_made_after_its_seed_was_revealed() -> None:
    seed = "5e" * 32
    events = [
        (1, created(seed_commitment=dice.commitment(seed))),
        (2, DiceRolled(year=1939, season="fall", roll=1, purpose="crt", dice=dice.roll_dice(seed, 1), source="seeded")),
        (3, SeedRevealed(year=1939, season="fall", seed=seed)),
        (4, DiceRolled(year=1939, season="fall", roll=2, purpose="crt", dice=dice.roll_dice(seed, 2), source="seeded")),
    ]
    report = dice.check_rolls(events)
    assert report.verified == 1
    assert [p.message for p in report.problems] == [
        "event 4: roll #2 comes from a seed already revealed in event 3: anyone holding the log could predict it "
        "(a new seed must be committed first)"
    ]


def _plant_legacy_seed(store: GameStore, name: str, seed: str) -> None:
    """What stores made before issue 17 held: the seed in a row of stored_events beside the timeline."""
    stream = "awaw:secret:" + store.timeline(name).stream
    with store.transaction():
        store._insert([(stream, 1, "secret", seed.encode())], "planted twice")


def test_a_seed_kept_in_an_old_store_moves_to_the_keys_directory(store: GameStore, keys: KeyRing) -> None:
    seed = dice.new_seed()
    store.create_game("g", [created(seed_commitment=dice.commitment(seed)), phase("combat")])
    _plant_legacy_seed(store, "g", seed)
    assert store.legacy_secret("g") == seed
    rolled = roll(store, "g", keys=keys, purpose="crt").event
    assert isinstance(rolled, DiceRolled) and rolled.dice == dice.roll_dice(seed, 1)
    assert keys.seed(dice.commitment(seed)) == seed
    assert store.legacy_secret("g") is None


def test_the_migrated_seed_is_gone_from_the_sqlite_file(tmp_path: Path, keys: KeyRing) -> None:
    db = str(tmp_path / "old.db")
    seed = dice.new_seed()
    with GameStore(db) as store:
        store.create_game("g", [created(seed_commitment=dice.commitment(seed)), phase("combat")])
        _plant_legacy_seed(store, "g", seed)
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert seed.encode() in _all_bytes(db)
    with GameStore(db) as store:
        reveal(store, "g", keys=keys)  # any dice command migrates
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = conn.execute("SELECT count(*) FROM stored_events WHERE originator_id LIKE 'awaw:secret:%'").fetchone()
    assert rows == (0,)
    # the seed is now public in the log (the reveal); before it, no copy of the old row is left behind
    stored = _all_bytes(db)
    assert stored.count(seed.encode()) == 1


def test_a_legacy_seed_for_another_commitment_is_not_used(store: GameStore, keys: KeyRing) -> None:
    store.create_game("g", [created(seed_commitment=dice.commitment(dice.new_seed())), phase("combat")])
    _plant_legacy_seed(store, "g", dice.new_seed())
    with pytest.raises(InputError, match="not in this keys directory"):
        roll(store, "g", keys=keys, purpose="crt")
