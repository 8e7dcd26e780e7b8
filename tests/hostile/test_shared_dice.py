"""Dice no single player controls: two players' secrets, each roll from both, every roll checked after the reveals."""

from __future__ import annotations

import secrets as random_secrets
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events import dice, shared_dice
from awaw_events.errors import InputError
from awaw_events.events import DiceContributed, PhaseStarted, SeedRevealed
from awaw_events.keys import KeyRing
from awaw_events.log import BatchRejected, import_events, numbered, start_game, verify_game
from awaw_events.store import GameStore
from tests.hostile.conftest import Table

PLAYERS = ("alice", "bob")


def _table_game(tmp_path: Path) -> tuple[GameStore, dict[str, KeyRing]]:
    keys = {p: KeyRing(tmp_path / f"keys-{p}") for p in PLAYERS}
    public = {p: keys[p].generate(p) for p in PLAYERS}
    store = GameStore(":memory:")
    start_game(store, "g", keys=keys["alice"], player_keys=public, dice_players=PLAYERS)
    store.append("g", [PhaseStarted(year=1939, season="fall", side="axis", phase="combat")])
    for player in PLAYERS:
        shared_dice.commit(store, "g", player, keys=keys[player])
    return store, keys


def test_a_shared_dice_game_at_the_table(table: Table) -> None:
    alice, bob = table.key_of("alice"), table.key_of("bob")
    table.ok("new", "g", "--shared-dice", "alice,bob", "--player", f"alice={alice}", "--player", f"bob={bob}")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    table.ok("reseed", "g", "--as", "alice", who="alice")
    table.ok("reseed", "g", "--as", "bob", who="bob")
    before = table.rows()
    table.refused(table.run("roll", "g", "--purpose", "crt", who="alice"), "waits for the contribution of 'bob'")
    table.refused(table.run("roll", "g", "--purpose", "crt", who="host"), "waits for the contribution of")
    table.refused(table.run("record", "g", "dice_rolled", "purpose=crt", "dice=[6]", who="alice"), "dice.physical")
    assert table.rows() == before
    table.ok("contribute", "g", "--as", "bob", "--rolls", "3", who="bob")
    for _ in range(3):
        table.ok("roll", "g", "--purpose", "crt", "--dice", "2", who="alice")
    table.refused(table.run("roll", "g", "--purpose", "crt", who="alice"), "waits for the contribution of 'bob'")
    assert "3 awaiting" in table.ok("verify", "g").output
    table.ok("reveal", "g", "--as", "alice", who="alice")
    table.ok("reveal", "g", "--as", "bob", who="bob")
    assert "3 seeded roll(s) verified" in table.ok("verify", "g").output
    # a player reseeds after the reveal and play rolls on
    table.ok("reseed", "g", "--as", "alice", who="alice")
    table.ok("reseed", "g", "--as", "bob", who="bob")
    table.ok("contribute", "g", "--as", "alice", who="alice")
    table.ok("roll", "g", "--purpose", "crt", who="bob")
    # the copy handed over, every trust event in it, imports whole elsewhere and verifies
    exported = table.root / "shared.jsonl"
    table.ok("export", "g", "-o", str(exported))
    theirs = Table(str(table.root / "theirs.db"), table.root)
    theirs.ok("import", "g", str(exported), who="carol")
    assert theirs.rows() == table.rows()
    assert theirs.ok("verify", "g", who="carol").exit_code == 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rolls=st.lists(st.tuples(st.integers(1, 3), st.sampled_from([6, 10])), min_size=1, max_size=12))
def test_every_roll_verifies_after_both_reveals(
    tmp_path_factory: pytest.TempPathFactory, rolls: list[tuple[int, int]]
) -> None:
    store, keys = _table_game(tmp_path_factory.mktemp("shared"))
    shared_dice.contribute(store, "g", "bob", keys=keys["bob"], rolls=len(rolls))
    for count, sides in rolls:
        shared_dice.roll(store, "g", keys=keys["alice"], purpose="crt", dice_count=count, sides=sides)
    assert verify_game(store, "g").dice.unrevealed == len(rolls)
    for player in PLAYERS:
        shared_dice.reveal(store, "g", player, keys=keys[player])
    report = verify_game(store, "g").dice
    assert report.problems == () and report.verified == len(rolls)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(who=st.sampled_from(PLAYERS), rolls=st.integers(1, 6))
def test_a_secret_changed_after_its_commitment_is_detected(
    tmp_path_factory: pytest.TempPathFactory, who: str, rolls: int
) -> None:
    store, keys = _table_game(tmp_path_factory.mktemp("changed"))
    other = "bob" if who == "alice" else "alice"
    shared_dice.contribute(store, "g", other, keys=keys[other], rolls=rolls)
    for _ in range(rolls):
        shared_dice.roll(store, "g", keys=keys[who], purpose="crt")
    count = store.count("g")
    changed = dice.new_seed()  # the secret `who` would rather have committed
    when = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}
    with pytest.raises(BatchRejected, match=f"does not open {who!r}'s commitment"):
        import_events(store, "g", numbered([SeedRevealed(**when, seed=changed, player=who)], first=count + 1))
    assert store.count("g") == count
    # contributions made from another secret than the one committed are named once the committed one is revealed
    ledger = shared_dice.ledger_of(store, "g")
    first = ledger.next_contribution(who)
    forged = DiceContributed(
        **when, player=who, first_roll=first, values=dice.contributions(changed, first, 1), signature="0" * 128
    )
    store.append("g", [shared_dice.sign_at(store, "g", forged, keys[who].signing_key(who))])
    for player in PLAYERS:
        shared_dice.reveal(store, "g", player, keys=keys[player])
    problems = [p.message for p in verify_game(store, "g").dice.problems]
    assert any(
        f"{who!r}'s contribution to roll #{first} is not the one their revealed secret gives" in m for m in problems
    ), problems


def test_one_players_secret_alone_does_not_determine_a_roll() -> None:
    alice = "a1" * 32
    for roll in range(1, 21):
        mine = dice.contribution(alice, roll)
        faces = {
            dice.shared_faces([mine, dice.contribution(random_secrets.token_hex(32), roll)], roll)[0]
            for _ in range(200)
        }
        assert faces == {1, 2, 3, 4, 5, 6}, (roll, faces)  # every face is still possible, whatever alice holds


def test_no_one_contributes_for_another(tmp_path: Path) -> None:
    store, _ = _table_game(tmp_path)
    count = store.count("g")
    mallory = KeyRing(tmp_path / "mallory")
    mallory.generate("bob")  # a key under bob's name
    with pytest.raises(InputError, match="registers another key for 'bob'"):
        shared_dice.contribute(store, "g", "bob", keys=mallory)
    when = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}
    forged = DiceContributed(**when, player="bob", first_roll=1, values=["00" * 32], signature="0" * 128)
    forged = shared_dice.sign_at(store, "g", forged, mallory.signing_key("bob"))
    with pytest.raises(BatchRejected, match="signed with their registered key"):
        import_events(store, "g", numbered([forged], first=count + 1))
    assert store.count("g") == count
