"""The staged turn (``awaw play``): a draft kept in the player's keys directory, never in the store; it survives a
killed process, remembers its base, is decided again when the log moves, keeps every die once shown, and is held
by one session at a time. Each promise is tried here as a careless or hostile user would."""

from __future__ import annotations

import json
import os
import signal
import stat
import sys
from pathlib import Path

import pytest

from awaw_events.store import GameStore
from projections.position import Position
from replays.commands.runner import look
from replays.play.words import completions
from tests.build import awaw

ROOT = Path(__file__).resolve().parent.parent
SETUP = str(ROOT / "examples" / "setup-1939.yaml")
TO_COMBAT = ["w poland", "m ger-inf-3 M34", "o eastern"]
ATTACK = "a L34 from K34 M34 ger-arm-1 +ger-aaf-1 +ger-aaf-2"


@pytest.fixture
def club(tmp_path: Path) -> tuple[Path, Path]:
    db, keys = tmp_path / "club.db", tmp_path / "keys"
    code, out = awaw(db, "new", "club", "--setup", SETUP, "--physical-dice", keys=keys)
    assert code == 0, out
    return db, keys


def play(where: tuple[Path, Path], *lines: str) -> tuple[int, str]:
    db, keys = where
    return awaw(db, "play", "club", "--as", "germany", *lines, keys=keys)


def count(db: Path) -> int:
    with GameStore(str(db)) as store:
        return store.count("club")


def test_staged_actions_stay_out_of_the_store_until_commit(club: tuple[Path, Path]) -> None:
    db, keys = club
    before = count(db)
    code, out = play(club, *TO_COMBAT)
    assert code == 0, out
    assert "staged: m ger-inf-3 EUR:M34" in out and "staged: o germany eastern" in out
    assert count(db) == before  # nothing in the log
    drafts = list((keys / "drafts").rglob("club.json"))
    assert len(drafts) == 1 and stat.S_IMODE(drafts[0].stat().st_mode) == 0o600
    assert b"ger-inf-3" in drafts[0].read_bytes()
    code, out = play(club, "show draft")
    assert "w germany poland" in out and "m ger-inf-3 EUR:M34" in out
    code, out = play(club, "commit")
    assert code == 0 and "the audit finds nothing" in out, out
    assert count(db) > before
    assert not list((keys / "drafts").rglob("club.json"))  # an empty draft leaves no file


def test_undo_takes_back_the_last_action_and_its_phases(club: tuple[Path, Path]) -> None:
    code, out = play(club, "w poland", "m ger-inf-3 M33", "u", "show draft")
    assert code == 0, out
    assert "undone: m ger-inf-3 EUR:M33" in out
    assert out.rstrip().endswith("w germany poland")
    code, out = play(club, "u", "u")
    assert code == 1 and "nothing is staged: the log holds everything up to event" in out


def test_an_illegal_move_is_refused_with_the_rule_and_the_alternatives(club: tuple[Path, Path]) -> None:
    code, out = play(club, "w poland", "m ger-inf-3 L34")  # Polish units hold L34
    assert code == 1
    assert (
        "refused: ger-inf-3 enters EUR:L34, held by pol-inf-1" in out
        and "(13.46, 13.5)" in out
        and "reachable from EUR:L32: EUR:K32 (1" in out
    ), out
    code, out = play(club, "show draft")
    assert "L34" not in out  # nothing of it was staged


def test_a_die_once_shown_is_in_the_log_and_an_undo_keeps_it(tmp_path: Path) -> None:
    db, keys = tmp_path / "seeded.db", tmp_path / "keys"
    assert awaw(db, "new", "club", "--setup", SETUP, keys=keys)[0] == 0  # seeded dice, the seed in `keys`
    where = (db, keys)
    code, out = play(where, *TO_COMBAT, ATTACK, "u", ATTACK)
    assert code == 0 and "undone: a EUR:L34" in out, out  # an attack taken back before its roll
    code, out = play(where, "roll")
    assert code == 0, out
    log = [json.loads(line) for line in awaw(db, "export", "club", keys=keys)[1].splitlines()]
    rolls = [(e["roll"], e["dice"]) for e in log if e["type"] == "dice_rolled"]
    assert [r for r, _ in rolls] == [1]
    code, out = play(where, "o germany western", "u", "u")
    assert "undone: o germany western" in out, out  # what was staged after the roll is taken back
    assert "nothing is staged" in out  # the attack and its roll are in the log: an undo cannot reach them
    log = [json.loads(line) for line in awaw(db, "export", "club", keys=keys)[1].splitlines()]
    assert [(e["roll"], e["dice"]) for e in log if e["type"] == "dice_rolled"] == rolls  # number and faces kept
    with GameStore(str(db)) as store:
        assert look(store, "club").position.next_roll == 2


def test_commit_decides_again_when_the_log_moved(club: tuple[Path, Path]) -> None:
    db, keys = club
    assert play(club, "w poland")[0] == 0
    assert play(club, "commit")[0] == 0
    assert play(club, "m ger-arm-4 M33", "m ger-inf-3 M34")[0] == 0
    # the log moves behind the draft's back: a note, the phases to movement and ger-inf-3 moved one hex (1 of its
    # 3 MF) by plain commands, so that the staged move to M34 (3 MF) no longer holds
    assert awaw(db, "note", "club", "1", "a note", keys=keys)[0] == 0
    for _ in range(3):
        assert awaw(db, "end-phase", "club", "--yes", keys=keys)[0] == 0
    code, out = awaw(db, "move", "club", "ger-inf-3", "EUR:K32", "--yes", keys=keys)
    assert code == 0, out
    before = count(db)
    code, out = play(club, "commit")
    assert code == 1
    assert "the log moved since the draft" in out and "m ger-inf-3 EUR:M34" in out, out
    assert "m ger-arm-4" not in out.split("no longer allowed:")[1]  # that one still holds
    assert count(db) == before  # nothing written
    code, out = play(club, "u", "commit")  # the move that no longer holds taken back, the rest decided again
    assert code == 0 and "appended events" in out, out
    log = [json.loads(line) for line in awaw(db, "export", "club", keys=keys)[1].splitlines()]
    assert [e["unit"] for e in log if e["type"] == "unit_moved"] == ["ger-inf-3", "ger-arm-4"]
    assert [e["type"] for e in log].count("phase_started") == 1 + 3  # diplomacy, then the three the log ended


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_a_killed_session_keeps_its_draft_and_two_sessions_never_share_one(club: tuple[Path, Path]) -> None:
    pexpect = pytest.importorskip("pexpect")
    db, keys = club
    env = {**os.environ, "AWAW_DB": str(db), "AWAW_KEYS": str(keys), "NO_COLOR": "1", "TERM": "xterm",
           "PROMPT_TOOLKIT_NO_CPR": "1"}  # fmt: skip
    child = pexpect.spawn(sys.executable, ["-m", "replays", "play", "club", "--as", "germany"], cwd=str(ROOT),
                          env=env, encoding="utf-8", timeout=120, dimensions=(40, 80))  # fmt: skip
    child.expect(r"club [a-z0-9 ]+>")
    child.send("w poland\r")
    child.expect("staged: w germany poland")
    child.expect(r"club [a-z0-9 ]+>")
    # a second session on the same draft is refused while the first holds it, and changes nothing
    code, out = play(club, "m ger-inf-3 M34")
    assert code == 1 and "is open in another awaw play (pid" in out, out
    child.kill(signal.SIGKILL)
    child.close()
    code, out = play(club, "show draft")
    assert code == 0 and "holds 1 staged action(s)" in out and "w germany poland" in out, out
    assert "ger-inf-3" not in out


def test_completion_offers_verbs_units_hexes_and_countries(club: tuple[Path, Path]) -> None:
    db, _ = club
    with GameStore(str(db)) as store:
        pos: Position = look(store, "club").position
    assert completions(pos, "ro") == ["roll", "round"]
    assert "ger-arm-1" in completions(pos, "m ger-arm")
    assert "ger-arm-1" in completions(pos, "m arm-1")
    assert "+ger-aaf-1" in completions(pos, "a L34 +ger-aaf")
    assert completions(pos, "w pol") == ["poland"]
    assert "EUR:H32" in completions(pos, "r ger-inf-3 EUR:H3") and "Copenhagen" in completions(pos, "r x Cop")


def test_force_records_a_forbidden_move_as_disputed_and_the_audit_lists_it(club: tuple[Path, Path]) -> None:
    db, keys = club
    assert play(club, "w poland", "e", "e", "e", "commit")[0] == 0  # to the movement phase
    before = count(db)
    code, out = awaw(db, "move", "club", "ger-inf-3", "EUR:L33", "EUR:L34", "--yes", keys=keys)
    assert code == 1 and "held by pol-inf-1, pol-inf-2" in out and count(db) == before  # refused, nothing written
    code, out = awaw(db, "move", "club", "ger-inf-99", "EUR:L33", "--force", "--yes", keys=keys)
    assert code == 1 and count(db) == before  # the record's refusals are never forced
    code, out = awaw(db, "move", "club", "ger-inf-3", "EUR:L33", "EUR:L34", "--force", "--yes", keys=keys)
    assert code == 0, out
    log = [json.loads(line) for line in awaw(db, "export", "club", keys=keys)[1].splitlines()][before:]
    assert [e["type"] for e in log] == ["unit_moved", "note_added"]  # no control change drawn from it
    move, note = log
    assert move["mf_used"] == 2  # the position's cost of L33 and L34, not a number typed in
    assert note["about"] == before + 1 and note["text"].startswith("disputed (--force): ger-inf-3 enters EUR:L34")
    code, out = awaw(db, "audit", "club", "--from", str(before + 1), "--json", keys=keys)
    findings = json.loads(out)["findings"]
    assert code == 1 and [(f["seq"], f["rule"]) for f in findings] == [(before + 1, "13.46")]
    # the same through the staged turn
    code, out = play(club, "m ger-arm-4 L34 --force", "commit")
    assert code == 0 and "the audit finds 1 problem(s)" in out, out


def test_an_attack_the_audit_would_flag_is_refused_with_who_could_attack_and_forced_is_listed(
    club: tuple[Path, Path],
) -> None:
    db, keys = club
    assert play(club, *TO_COMBAT, "commit")[0] == 0
    code, out = play(club, "a L37 from K34")  # K34 is not next to Warsaw's hex
    assert code == 1
    assert "refused: attack l37-1: ger-inf-1 attacks EUR:L37 from EUR:K34, which is not next to it" in out, out
    assert "ground units next to EUR:L37: " in out and "--force records it as a disputed action (15.21)" in out
    before = count(db)
    code, out = play(club, "a L37 from K34 --force", "roll 2")
    assert code == 0 and "appended events" in out, out
    log = [json.loads(line) for line in awaw(db, "export", "club", keys=keys)[1].splitlines()][before:]
    declared = next(i for i, e in enumerate(log) if e["type"] == "attack_declared")
    notes = [e for e in log if e["type"] == "note_added"]
    assert [n["about"] for n in notes] == [before + 1 + declared]
    assert notes[0]["text"].startswith("disputed (--force): attack l37-1: ger-inf-1 attacks EUR:L37 from EUR:K34")
    code, out = awaw(db, "audit", "club", "--from", str(before + 1), "--json", keys=keys)
    assert code == 1 and {f["rule"] for f in json.loads(out)["findings"]} == {"15.21"}
