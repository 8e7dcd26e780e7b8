"""One hand-off: ``awaw send`` signs the head and writes the new events as a hand-off bundle; ``awaw receive``
verifies, imports and audits them in another store and shows what changed. A bundle tampered with, unsigned or cut
short is refused with what is wrong, and nothing is written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.build import awaw

ROOT = Path(__file__).resolve().parent.parent
SETUP = str(ROOT / "examples" / "setup-1939.yaml")


@pytest.fixture
def two(tmp_path: Path) -> dict[str, tuple[Path, Path]]:
    """Alice's store and keys, and Bob's, holding the same opening (signed by Alice, imported by Bob)."""
    alice = (tmp_path / "alice.db", tmp_path / "alice-keys")
    bob = (tmp_path / "bob.db", tmp_path / "bob-keys")
    assert awaw(alice[0], "keygen", "alice", keys=alice[1])[0] == 0
    assert awaw(alice[0], "new", "club", "--setup", SETUP, "--physical-dice", keys=alice[1])[0] == 0
    assert awaw(alice[0], "sign", "club", "--as", "alice", "--pin", keys=alice[1])[0] == 0
    start = tmp_path / "start.jsonl"
    start.write_text(awaw(alice[0], "export", "club", keys=alice[1])[1])
    assert awaw(bob[0], "import", "club", str(start), keys=bob[1])[0] == 0
    return {"alice": alice, "bob": bob}


def _other_digit(match: re.Match[str]) -> str:
    return match[1] + ("1" if match[2] != "1" else "2")


def head(where: tuple[Path, Path]) -> dict[str, object]:
    found: dict[str, object] = json.loads(awaw(where[0], "head", "club", "--json", keys=where[1])[1])
    return found


def a_turn(two: dict[str, tuple[Path, Path]], tmp_path: Path) -> Path:
    db, keys = two["alice"]
    code, out = awaw(db, "play", "club", "--as", "germany", "w poland", "m ger-inf-3 M34", "commit", keys=keys)
    assert code == 0, out
    turn = tmp_path / "turn.awaw"
    code, out = awaw(db, "send", "club", "-o", str(turn), "--as", "alice", keys=keys)
    assert code == 0 and "signed by alice" in out, out
    return turn


def test_a_turn_round_trips_with_its_signature_checked(two: dict[str, tuple[Path, Path]], tmp_path: Path) -> None:
    turn = a_turn(two, tmp_path)
    code, out = awaw(two["bob"][0], "receive", str(turn), keys=two["bob"][1])
    assert code == 0, out
    assert "signed by alice: verified" in out
    assert "ger-inf-3 infantry: moved EUR:L32 → EUR:M34" in out and "Germany and Poland: at war" in out
    assert "the audit finds nothing" in out
    assert head(two["bob"]) == head(two["alice"])
    assert awaw(two["bob"][0], "verify", "club", keys=two["bob"][1])[0] == 0
    # the next hand-off carries only what came after this one
    db, keys = two["alice"]
    assert awaw(db, "play", "club", "--as", "germany", "m ger-arm-4 M33", "commit", keys=keys)[0] == 0
    code, out = awaw(db, "send", "club", "-o", str(tmp_path / "next.awaw"), "--as", "alice", "--json", keys=keys)
    sent = json.loads(out)
    assert sent["to"] - sent["from"] == 1  # the move and the signature
    code, out = awaw(two["bob"][0], "receive", str(tmp_path / "next.awaw"), "--json", keys=two["bob"][1])
    assert code == 0 and json.loads(out)["signed_by"] == "alice", out


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda lines: [line.replace("EUR:M34", "EUR:M35") for line in lines], "does not have the hash"),
        (
            lambda lines: [line for line in lines if '"handoff_signed"' not in line],
            "the bundle holds 8 of its events, the header says 9",
        ),
        (lambda lines: lines[:-1], "cut short"),
        (lambda lines: [re.sub(r'("signature":")([0-9a-f])', _other_digit, line) for line in lines], "signature"),
    ],
    ids=["an-event-changed", "no-signature", "cut-short", "signature-changed"],
)
def test_a_spoilt_hand_off_is_refused_and_nothing_is_written(
    two: dict[str, tuple[Path, Path]], tmp_path: Path, spoil: object, said: str
) -> None:
    turn = a_turn(two, tmp_path)
    bad = tmp_path / "bad.awaw"
    lines = turn.read_text().splitlines()
    bad.write_text("\n".join(spoil(lines)) + "\n")  # type: ignore[operator]
    before = head(two["bob"])
    code, out = awaw(two["bob"][0], "receive", str(bad), keys=two["bob"][1])
    assert code == 1 and out.startswith("Error: "), out
    assert said in out
    assert head(two["bob"]) == before


def test_an_unsigned_hand_off_is_refused(two: dict[str, tuple[Path, Path]], tmp_path: Path) -> None:
    from awaw_events.bundle import write_handoff
    from awaw_events.store import GameStore

    db, keys = two["alice"]
    assert awaw(db, "play", "club", "--as", "germany", "w poland", "commit", keys=keys)[0] == 0
    unsigned = tmp_path / "unsigned.awaw"
    with GameStore(str(db)) as store, unsigned.open("w", encoding="utf-8") as handle:
        write_handoff(store, "club", int(head(two["bob"])["events"]), handle)  # type: ignore[call-overload]
    before = head(two["bob"])
    code, out = awaw(two["bob"][0], "receive", str(unsigned), keys=two["bob"][1])
    assert code == 1 and "is no signature: it is not signed" in out, out
    assert head(two["bob"]) == before
