"""``awaw overrun``: an overrun decided from the board (13.5, 15.34), on the example's overrun of Copenhagen (Spring
1940): two German 4-6 armor units with 5 factors of ground support against a 1-factor Danish infantry at DM 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.codec import decode, encode
from awaw_events.events import AnyEvent
from projections import game
from projections.position import Position
from replays.cli import cli
from replays.commands.base import Refusal
from replays.commands.move import Move, decide_move
from replays.commands.overrun import Overrun, decide_overrun
from replays.maps import shipped_map_data

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines()
EVENTS: list[AnyEvent] = [decode(line) for line in LINES]
MAP = shipped_map_data().data
FIRST = next(n for n, e in enumerate(EVENTS, 1) if getattr(e, "ref", None) == "denmark-overrun")
"""The overrun's first event (its ground support flown)."""
COPENHAGEN = "EUR:H32"
DENMARK = Overrun("denmark-overrun", COPENHAGEN, ("ger-arm-4", "ger-arm-5"), support=("ger-aaf-2",))


def at(seq: int) -> Position:
    return Position(game.replay(EVENTS[:seq]), MAP)


def test_the_overrun_of_copenhagen_decided_from_the_board_is_the_one_recorded() -> None:
    """4 + 4 armor + 5 ground support = 13 against 1 x 2 = 2: 6:1, enough (13.52); the defender is eliminated
    (13.54) and the attacker loses nothing."""
    decided = decide_overrun(at(FIRST - 1), DENMARK)
    assert not isinstance(decided, Refusal), decided
    assert [encode(e) for e in decided] == LINES[FIRST - 1 : FIRST + 3]
    resolved = decided[2]
    assert (resolved.attack_strength, resolved.defence_strength, resolved.success) == (13, 2, True)
    assert (resolved.origin, [d.unit for d in resolved.defending]) == ("EUR:I32", ["den-inf-1"])
    assert [e.__struct_config__.tag for e in decided[3:]] == ["unit_eliminated"]


def test_the_move_into_the_overrun_hex_pays_the_overrun_mf() -> None:
    """13.41E: one MF to enter the hex and one more for the overrun."""
    moved = decide_move(at(FIRST + 3), Move("ger-arm-4", (COPENHAGEN,)))
    assert not isinstance(moved, Refusal), moved
    assert moved[0].mf_used == 2


def test_an_overrun_below_6_to_1_fails_and_eliminates_nothing() -> None:
    """8 against 2 is 4:1: the overrun fails (13.531); it is recorded as failed, not refused."""
    decided = decide_overrun(at(FIRST - 1), DENMARK._replace(support=()))
    assert not isinstance(decided, Refusal), decided
    (resolved,) = decided
    assert (resolved.attack_strength, resolved.defence_strength, resolved.success) == (8, 2, False)


@pytest.mark.parametrize(
    ("after", "command", "rule", "words"),
    [
        (FIRST - 1, DENMARK._replace(units=("ger-arm-4", "ger-arm-5", "ger-arm-1")), "the command", "not 3"),
        (FIRST - 1, DENMARK._replace(target="EUR:I31"), "the command", "holds no enemy ground unit"),
        (FIRST - 1, DENMARK._replace(units=("ger-arm-4", "ger-inf-8")), "the command", "they overrun from one hex"),
        (FIRST - 1, DENMARK._replace(support=("ger-arm-1",)), "15.4", "not an air unit"),
        (FIRST - 4, DENMARK, "13.52", "through the same hexside"),
    ],
)
def test_an_overrun_the_rules_refuse(after: int, command: Overrun, rule: str, words: str) -> None:
    found = decide_overrun(at(after), command)
    assert isinstance(found, Refusal), found
    assert (found.rule, words in found.message) == (rule, True), found


def test_an_overrun_outside_movement_is_refused() -> None:
    combat = next(n for n, e in enumerate(EVENTS, 1) if getattr(e, "phase", None) == "combat" and n > FIRST)
    found = decide_overrun(at(combat), DENMARK)
    assert isinstance(found, Refusal) and "movement or exploitation phase" in found.message, found


def _game(tmp_path: Path, last: int) -> str:
    db = str(tmp_path / "g.db")
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(line + b"\n" for line in LINES[:last]))
    assert CliRunner().invoke(cli, ["--db", db, "import", "g", str(part), "--no-audit"]).exit_code == 0
    return db


def test_awaw_overrun_shows_and_appends_and_refuses_writing_nothing(tmp_path: Path) -> None:
    db = _game(tmp_path, FIRST - 1)
    runner = CliRunner()
    args = ["--db", db, "overrun", "g", "denmark-overrun", "--on", COPENHAGEN, "--with", "ger-arm-4,ger-arm-5"]
    refused = runner.invoke(cli, [*args, "--support", "ger-arm-1", "--yes"])
    assert refused.exit_code == 1 and "not an air unit" in refused.output and "nothing was written" in refused.output
    assert runner.invoke(cli, ["--db", db, "head", "g"]).output.endswith(f" {FIRST - 1}\n")
    shown = runner.invoke(cli, [*args, "--support", "ger-aaf-2", "--dry-run", "--json"])
    assert shown.exit_code == 0, shown.output
    events = [e["event"] for e in json.loads(shown.output)["events"]]
    assert [e["type"] for e in events][-2:] == ["overrun_resolved", "unit_eliminated"]
    done = runner.invoke(cli, [*args, "--support", "ger-aaf-2", "--yes"])
    assert done.exit_code == 0, done.output
    assert runner.invoke(cli, ["--db", db, "head", "g"]).output.endswith(f" {FIRST + 3}\n")
