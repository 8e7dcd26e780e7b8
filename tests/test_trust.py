"""Trust: verifiable dice, hand-offs between copies of a game, rulings instead of rewrites."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from awaw_events import dice
from awaw_events.dice import dice_words
from awaw_events.events import CombatRoundResolved, DiceRolled, GameCreated, Ruling, SeedRevealed
from awaw_events.hosting import roll as roll_command
from awaw_events.keys import KeyRing
from awaw_events.log import append_events, extends, numbered, start_game, verify_game
from awaw_events.store import GameStore
from replays.cli import cli
from replays.state import state_at
from tests.conftest import armor, created, phase

SEED = "5e" * 32


def test_the_documented_ten_lines_reproduce_face() -> None:
    import hashlib
    import hmac

    def face(seed_hex: str, roll: int, index: int, sides: int) -> int:
        key = bytes.fromhex(seed_hex)
        limit = 2**64 - (2**64 % sides)
        counter = 0
        while True:
            msg = f"awaw-dice/v1/{roll}/{index}/{counter}".encode()
            value = int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest()[:8], "big")
            if value < limit:
                return value % sides + 1
            counter += 1

    for n in range(1, 50):
        assert face(SEED, n, 0, 6) == dice.face(SEED, n, 0, 6)
        assert face(SEED, n, 1, 10) == dice.face(SEED, n, 1, 10)


@pytest.mark.parametrize("sides", [6, 10])
def test_rolls_are_uniform(sides: int) -> None:
    """Chi-square goodness of fit over 12,000 rolls with a fixed seed (critical values at p = 0.001)."""
    rolls = 12_000
    counts = [0] * sides
    for n in range(1, rolls + 1):
        counts[dice.face(SEED, n, 0, sides) - 1] += 1
    expected = rolls / sides
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    critical = {6: 20.515, 10: 27.877}[sides]
    assert chi2 < critical, (chi2, counts)
    assert min(counts) > 0


def _physical(n: int, faces: list[int]) -> DiceRolled:
    return DiceRolled(year=1939, season="fall", side="axis", phase="combat", roll=n, purpose="crt", dice=faces)


def _seed_of(store: GameStore, keys: KeyRing, game: str = "g") -> str:
    first = store.record_at(game, 1)
    assert first is not None and isinstance(first.event, GameCreated) and first.event.seed_commitment
    seed = keys.seed(first.event.seed_commitment)
    assert seed is not None
    return seed


def test_seeded_rolls_reproduce_after_the_reveal(store: GameStore, keys: KeyRing) -> None:
    start_game(store, "g", keys=keys)
    store.append("g", [phase("combat")])
    for _ in range(5):
        roll_command(store, "g", keys=keys, purpose="crt", dice_count=2)
    before = verify_game(store, "g")
    assert before.ok and before.dice.unrevealed == 5 and before.dice.verified == 0
    seed = _seed_of(store, keys)
    exported = "".join(msgspec.json.encode(e).decode() for e in store.events("g"))
    assert seed not in exported
    from awaw_events.hosting import reveal

    reveal(store, "g", keys=keys)
    after = verify_game(store, "g")
    assert after.ok and after.dice.verified == 5 and after.dice.unrevealed == 0


def test_a_forged_roll_is_named(store: GameStore, keys: KeyRing) -> None:
    records = start_game(store, "g", keys=keys)
    created_event = records[0].event
    seed = _seed_of(store, keys)
    true_faces = dice.roll_dice(seed, 1, 1, 6)
    forged = [(true_faces[0] % 6) + 1]
    events = [
        (1, created_event),
        (2, DiceRolled(year=1939, season="fall", roll=1, purpose="crt", dice=forged, source="seeded")),
        (3, DiceRolled(year=1939, season="fall", roll=1, purpose="crt", dice=[2])),
        (4, SeedRevealed(year=1939, season="fall", seed=seed)),
    ]
    report = dice.check_rolls(events)
    messages = [p.message for p in report.problems]
    assert messages == [
        "event 3 reuses roll #1; the next roll was #2",
        f"event 2: roll #1 shows {dice_words(forged)}, but the revealed seed gives {dice_words(true_faces)}",
    ]


def test_a_reveal_that_does_not_match_the_commitment() -> None:
    report = dice.check_rolls(
        [
            (1, created(seed_commitment=dice.commitment(SEED))),
            (2, SeedRevealed(year=1939, season="fall", seed="00" * 32)),
        ]
    )
    assert report.problems[0].message.startswith("event 2 reveals a seed that does not match the commitment")


def test_head_and_extension(store: GameStore) -> None:
    store.create_game("g", [created(), phase("combat")])
    head = store.head_record("g")
    assert head is not None
    store.append("g", [armor("a")])
    found = extends(store, "g", head.hash)
    assert found.found_at == 2 and found.events == 3
    assert extends(store, "g", "ab" * 32).found_at is None


def _combat(result: str, roll_no: int = 1) -> CombatRoundResolved:
    return CombatRoundResolved(
        year=1939, season="fall", side="axis", phase="combat", attack="warsaw", roll=roll_no, result=result
    )  # type: ignore[arg-type]


def test_a_ruling_replaces_a_combat_result_and_the_board_follows(store: GameStore) -> None:
    from awaw_events.events import UnitEliminated, UnitPlaced

    polish = UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit="pol-inf-1",
        owner="britain",
        nationality="poland",
        unit_type="infantry",
        factors=2,
        location="EUR:K35",
    )
    eliminated = UnitEliminated(
        year=1939, season="fall", side="axis", phase="combat", unit="pol-inf-1", cause="combat", ref="warsaw"
    )
    events = [created(), polish, phase("combat"), _physical(1, [6]), _combat("D"), eliminated, armor("x")]
    append_events(store, "g", numbered(events))
    assert "pol-inf-1" not in state_at(store.open("g"), 7, save=False).board.units
    ruling = Ruling(
        year=1939,
        season="fall",
        side="axis",
        phase="unit_construction",
        actor="referee",
        voids=[5, 6],
        replacements=1,
        rule="15.6",
        agreed_by=["axis", "allied"],
        reason="the die was a 6 at 1:1: the CRT gives Ex, not D",
    )
    append_events(store, "g", numbered([ruling, _combat("Ex")], first=8))
    now = state_at(store.open("g"), store.count("g"), save=False)
    assert "pol-inf-1" in now.board.units
    assert "x" in now.board.units
    # the original events stay in the log
    assert [r.event for r in store.records("g", start=5, stop=6)] == [_combat("D"), eliminated]


def test_log_shows_voided_and_replaced_events(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    with GameStore(db) as store:
        append_events(store, "g", numbered([created(), phase("combat"), _physical(1, [6]), _combat("D")]))
        ruling = Ruling(
            year=1939,
            season="fall",
            side="axis",
            phase="combat",
            voids=[4],
            replacements=1,
            rule="15.6",
            reason="wrong column",
        )
        append_events(store, "g", numbered([ruling, _combat("Ex")], first=5))
    rows = [
        json.loads(line) for line in CliRunner().invoke(cli, ["--db", db, "log", "g", "--json"]).output.splitlines()
    ]
    assert rows[3]["voided_by"] == 5
    assert rows[5]["replaces"] == [4]
    table = CliRunner().invoke(cli, ["--db", db, "log", "g"]).output
    assert "voided by 5" in table and "replaces 4" in table


def test_the_seed_is_in_no_export_and_no_log_before_the_reveal(tmp_path: Path, keys: KeyRing) -> None:
    db = str(tmp_path / "s.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", db, "new", "g"]).exit_code == 0
    for _ in range(3):
        assert runner.invoke(cli, ["--db", db, "roll", "g", "--purpose", "crt"]).exit_code == 0
    with GameStore(db) as store:
        seed = _seed_of(store, keys)
    assert seed.encode() not in Path(db).read_bytes()
    outputs = [
        runner.invoke(cli, ["--db", db, *args]).output
        for args in (
            ["export", "g"],
            ["export", "g", "--format", "yaml"],
            ["log", "g"],
            ["log", "g", "--json"],
            ["verify", "g", "--json"],
            ["state", "g", "--json"],
        )
    ]
    assert all(seed not in out for out in outputs)
    assert runner.invoke(cli, ["--db", db, "reveal", "g"]).exit_code == 0
    assert seed in runner.invoke(cli, ["--db", db, "export", "g"]).output
    assert json.loads(runner.invoke(cli, ["--db", db, "verify", "g", "--json"]).output)["dice"]["verified"] == 3
