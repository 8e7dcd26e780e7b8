"""Trust events only from the trust commands: a forged commitment, reveal, roll, pin, signature or map-data change
is refused from ``record``, ``import``, ``insert`` and a ruling's replacements, with nothing written; the genuine
ones, in a copy of the game handed over, are accepted."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from awaw_events import dice
from tests.hostile.conftest import Table

OWN_SEED = "66" * 32
OWN_COMMITMENT = dice.commitment(OWN_SEED)


def _export(table: Table, path: Path, game: str = "g") -> Path:
    table.ok("export", game, "-o", str(path))
    return path


def _lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _write(path: Path, events: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(e) + "\n" for e in events))
    return path


def _last_time(table: Table) -> dict[str, object]:
    return {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}


def test_a_player_cannot_take_over_the_committed_dice(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    before = table.rows()
    table.refused(
        table.run("record", "g", "seed_committed", f"seed_commitment={OWN_COMMITMENT}", "first_roll=1", who="alice"),
        "seed_commitment",
    )
    forged = _write(
        tmp_path / "forged.jsonl",
        [{"type": "seed_committed", **_last_time(table), "seed_commitment": OWN_COMMITMENT, "first_roll": 1}],
    )
    table.refused(table.run("import", "g", str(forged), who="alice"), "seed_commitment")
    assert table.rows() == before
    # even after the host's reveal, a commitment is the creator's to sign
    table.ok("reveal", "g")
    revealed = table.rows()
    table.refused(
        table.run("record", "g", "seed_committed", f"seed_commitment={OWN_COMMITMENT}", "first_roll=1", who="alice"),
        "signed by the game's creator",
    )
    table.refused(table.run("import", "g", str(forged), who="alice"), "signed by the game's creator")
    table.refused(table.run("reseed", "g", who="alice"), "only the creator")
    assert table.rows() == revealed
    table.ok("reseed", "g")  # the host's own reseed is signed and accepted


def test_a_player_cannot_block_the_reveal(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    table.ok("roll", "g", "--purpose", "crt")
    before = table.rows()
    table.refused(table.run("record", "g", "seed_revealed", f"seed={OWN_SEED}", who="alice"), "does not open")
    replacement = _write(tmp_path / "r.jsonl", [{"type": "seed_revealed", **_last_time(table), "seed": OWN_SEED}])
    result = table.run("rule", "g", "--void", "3", "--replace", str(replacement), "--reason", "x", who="alice")
    table.refused(result, "does not open")
    assert table.rows() == before
    table.ok("reveal", "g")  # the host still reveals, and every roll verifies
    assert "1 seeded roll(s) verified" in table.ok("verify", "g").output


def test_a_typed_roll_is_refused_where_dice_are_committed(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    before = table.rows()
    table.refused(table.run("record", "g", "dice_rolled", "purpose=crt", "dice=[6]", who="alice"), "dice.physical")
    typed = _write(
        tmp_path / "typed.jsonl",
        [{"type": "dice_rolled", **_last_time(table), "roll": 1, "purpose": "crt", "dice": [6]}],
    )
    table.refused(table.run("import", "g", str(typed), who="alice"), "dice.physical")
    table.refused(table.run("insert", "g", str(typed), "--after", "2", who="alice"), "dice.physical")
    assert table.rows() == before


def test_typed_rolls_where_the_game_allows_them_are_marked(table: Table) -> None:
    table.ok("new", "g", "--option", "dice.physical=weather")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    table.refused(table.run("record", "g", "dice_rolled", "purpose=crt", "dice=[6]"), "dice.physical")
    table.ok("record", "g", "dice_rolled", "purpose=weather", "dice=[3]")
    assert "physical" in table.ok("log", "g").output


def test_a_ruling_cannot_turn_a_seeded_roll_into_a_typed_one(table: Table, tmp_path: Path) -> None:
    table.ok("new", "g", "--option", "dice.physical=any")
    table.ok("record", "g", "phase_started", "side=axis", "phase=combat")
    table.ok("roll", "g", "--purpose", "crt")
    before = table.rows()
    typed = _write(
        tmp_path / "typed.jsonl",
        [{"type": "dice_rolled", **_last_time(table), "roll": 2, "purpose": "crt", "dice": [6]}],
    )
    result = table.run("rule", "g", "--void", "4", "--replace", str(typed), "--reason", "re-roll", who="alice")
    table.refused(result, "seeded roll of event 4 with a typed one")
    assert table.rows() == before


def test_the_hosts_import_and_insert_refuse_a_seeded_roll_the_seed_does_not_give(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    with table.store() as store:
        first = store.record_at("g", 1)
    assert first is not None
    seed = (table.keys("host") / "dice" / f"{first.event.seed_commitment}.seed").read_text().strip()  # type: ignore[attr-defined]
    truth = dice.roll_dice(seed, 1, 1, 6)[0]
    wrong = truth % 6 + 1
    forged = _write(
        tmp_path / "forged.jsonl",
        [
            {
                "type": "dice_rolled",
                **_last_time(table),
                "roll": 1,
                "purpose": "crt",
                "dice": [wrong],
                "source": "seeded",
            }
        ],
    )
    before = table.rows()
    table.refused(table.run("import", "g", str(forged)), "does not match the committed seed")
    table.refused(table.run("insert", "g", str(forged), "--after", "2"), "does not match the committed seed")
    assert table.rows() == before


def test_a_seeded_roll_after_the_reveal_is_refused_from_import(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    table.ok("reveal", "g")
    late = _write(
        tmp_path / "late.jsonl",
        [{"type": "dice_rolled", **_last_time(table), "roll": 1, "purpose": "crt", "dice": [6], "source": "seeded"}],
    )
    before = table.rows()
    table.refused(table.run("import", "g", str(late), who="alice"), "revealed")
    assert table.rows() == before


def test_a_forged_handoff_signature_is_refused(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    table.ok("sign", "g", "--as", "alice", who="alice")
    exported = _lines(_export(table, tmp_path / "g.jsonl"))
    signed = exported[-1]
    assert signed["type"] == "handoff_signed"
    before = table.rows()
    again = dict(signed, at=2)  # a genuine signature moved to another event
    table.refused(table.run("import", "g", str(_write(tmp_path / "f.jsonl", [again])), who="bob"), "signature")
    bad = dict(signed, player="bob")
    table.refused(table.run("import", "g", str(_write(tmp_path / "b.jsonl", [bad])), who="bob"), "signature")
    table.refused(
        table.run(
            "record",
            "g",
            "handoff_signed",
            "player=bob",
            "at=2",
            f"head={'0' * 64}",
            f"signature={'0' * 128}",
            who="bob",
        ),
        "signature",
    )
    assert table.rows() == before


def test_a_key_pin_needs_a_voucher(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    carol = table.key_of("carol")
    before = table.rows()
    table.refused(
        table.run("record", "g", "player_key_pinned", "player=carol", f"public_key={carol}", who="carol"), "vouched"
    )
    table.refused(table.run("sign", "g", "--as", "carol", "--pin", who="carol"), "vouched for by its creator")
    unsigned = _write(
        tmp_path / "pin.jsonl",
        [{"type": "player_key_pinned", **_last_time(table), "player": "carol", "public_key": carol}],
    )
    table.refused(table.run("import", "g", str(unsigned), who="carol"), "vouched")
    assert table.rows() == before
    table.ok("pin", "g", "carol", carol, who="alice")  # alice vouches for carol
    table.ok("sign", "g", "--as", "carol", who="carol")
    assert table.ok("verify", "g").exit_code == 0


def test_a_map_data_change_is_the_creators(seeded: Table, tmp_path: Path) -> None:
    table = seeded
    before = table.rows()
    fake = hashlib.sha256(b"my own map").hexdigest()
    result = table.run("record", "g", "map_data_used", "name=mine", "version=1", f"sha256={fake}", who="alice")
    table.refused(result, "signed by the game's creator")
    assert table.rows() == before


def test_a_ruling_cannot_void_the_game_or_its_map_data(seeded: Table) -> None:
    table = seeded
    before = table.rows()
    for target, tag in (("1", "game_created"), ("2", "map_data_used")):
        result = table.run("rule", "g", "--void", target, "--reason", "gone", who="alice")
        table.refused(result, tag)
    assert table.rows() == before


def test_the_opponents_copy_with_the_hosts_trust_events_imports(seeded: Table, tmp_path: Path) -> None:
    """A legal hand-off is never refused: the host rolls, reveals, reseeds, pins, signs; the copy imports whole
    into a fresh store (the opponent's) and on top of the prefix the opponent already holds."""
    table = seeded
    table.ok("roll", "g", "--purpose", "crt")
    _export(table, tmp_path / "early.jsonl")
    table.ok("roll", "g", "--purpose", "crt", "--dice", "2")
    table.ok("reveal", "g")
    table.ok("reseed", "g")
    table.ok("roll", "g", "--purpose", "crt")
    carol = table.key_of("carol")
    table.ok("pin", "g", "carol", carol)
    table.ok("sign", "g", "--as", "alice", who="alice")
    table.ok("sign", "g", "--as", "carol", who="carol")
    full = _export(table, tmp_path / "full.jsonl")
    theirs = Table(str(tmp_path / "bob.db"), tmp_path)
    theirs.ok("import", "g", str(tmp_path / "early.jsonl"), who="bob")
    theirs.ok("import", "g", str(full), who="bob")
    assert theirs.rows() == table.rows()
    fresh = Table(str(tmp_path / "fresh.db"), tmp_path)
    fresh.ok("import", "g", str(full), who="bob")
    assert fresh.rows() == table.rows()
    assert fresh.ok("verify", "g", who="bob").exit_code == 0


def test_trust_events_written_straight_into_the_store_are_named_by_verify(seeded: Table) -> None:
    """Whoever can write the store can append behind the trust gate's back (a few lines of Python): verify asks the
    gate about every event, so the forged commitment, the map-data change and the typed roll are named."""
    from awaw_events.events import DiceRolled, MapDataUsed, SeedCommitted

    table = seeded
    table.ok("reveal", "g")
    when = {"year": 1939, "season": "fall", "side": "axis", "phase": "combat"}
    with table.store() as store:
        store.append(
            "g",
            [
                SeedCommitted(**when, seed_commitment=OWN_COMMITMENT, first_roll=1),  # type: ignore[arg-type]
                MapDataUsed(**when, name="mine", version="1", sha256="ab" * 32),  # type: ignore[arg-type]
                DiceRolled(**when, roll=1, purpose="crt", dice=[6]),  # type: ignore[arg-type]
            ],
        )
    result = table.run("verify", "g", who="bob")
    assert result.exit_code == 1
    assert "trust events written behind the trust commands' back:" in result.output
    for seq, words in ((5, "signed by the game's creator"), (6, "change of map data"), (7, "dice.physical")):
        assert any(line.startswith(f"  event {seq}: ") and words in line for line in result.output.splitlines()), (
            result.output
        )
