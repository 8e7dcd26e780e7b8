"""Nothing to invent: attack, attrition, offensive and breakthrough ids are generated from the position (the map
data's name of the hex, else the hex), unique in the player turn, through the commands a player types."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from awaw_events.codec import decode
from awaw_events.events import AnyEvent
from projections import game
from projections.position import Position
from replays.cli import cli
from replays.commands.ids import attack_id, attrition_id, breakthrough_id, fresh, offensive_id, place, slug
from replays.maps import shipped_map_data

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
EVENTS: list[AnyEvent] = [decode(line) for line in EXAMPLE.read_bytes().splitlines()]
AXIS_COMBAT = 303
"""The example just before its first attack (the Axis combat phase of Fall 1939, the offensive paid)."""


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Warsaw", "warsaw"), ("Brest-Litovsk", "brest-litovsk"), ("EUR:L34", "l34"), ("Lake Ladoga", "lake-ladoga")],
)
def test_slug(text: str, expected: str) -> None:
    assert slug(text) == expected


def test_fresh_takes_the_first_free_number() -> None:
    assert fresh("warsaw", {}) == "warsaw-1"
    assert fresh("warsaw", {"warsaw-1", "warsaw-3"}) == "warsaw-2"


def test_a_hex_is_named_by_the_map_data_else_by_itself() -> None:
    pos = Position(game.replay(EVENTS[:AXIS_COMBAT]), shipped_map_data().data)
    assert place(pos, "EUR:H32") == "copenhagen"  # the shipped data names it (A3R App. A 21.211D)
    assert place(pos, "EUR:L34") == "l34"  # no name given: the hex's own, never an invented one
    assert attack_id(pos, ["EUR:L34"]) == "l34-1"
    assert attrition_id(pos, "china") == "china-1"
    assert breakthrough_id(pos, "l34-1", "EUR:L34") == "bt-l34"
    assert offensive_id(pos, "germany", "western") == "western-1939-fall"
    assert offensive_id(pos, "germany", "eastern") == "eastern-1939-fall-2"  # event 302 paid one this turn


@pytest.fixture
def awaw(tmp_path: Path) -> object:
    head = tmp_path / "head.jsonl"
    head.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:287]))
    db = tmp_path / "g.db"
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", str(db), "import", "g", str(head), "--no-audit"]).exit_code == 0

    def invoke(*args: str) -> Result:
        return runner.invoke(cli, ["--db", str(db), *args])

    return invoke


def test_a_turn_with_no_invented_id(awaw) -> None:  # type: ignore[no-untyped-def]
    script = [
        "end-phase g",
        "spend g germany war poland",
        *["end-phase g"] * 3,
        "move g ger-inf-3 EUR:L33 EUR:M33 EUR:M34",
        "move g ger-arm-4 EUR:K32 EUR:L32 EUR:L33 EUR:M33",
        *["end-phase g"] * 2,
        "spend g germany offensive --front eastern",
        "attack g --on EUR:L34 --with ger-arm-1,ger-inf-1,ger-inf-2,ger-inf-3 --support ger-aaf-1,ger-aaf-2 --die 6",
        "losses g l34-1",
        "advance g l34-1 ger-arm-1 --breakthrough",
        "end-phase g",
        "move g ger-arm-2 EUR:L34 EUR:L35 EUR:L36 --breakthrough bt-l34",
        "end-phase g",
        "attrition g --target china --front asian --with jap-inf-1,jap-inf-2,jap-inf-3,jap-inf-4 --die 4",
    ]
    for line in script:
        result = awaw(*line.split(), "--yes")
        assert result.exit_code == 0, f"{line}\n{result.output}"
    log = [json.loads(line) for line in awaw("export", "g").output.splitlines()]
    named = {e["type"]: e for e in log if e["type"] in ("offensive_declared", "attack_declared", "attrition_declared")}
    assert named["offensive_declared"]["offensive"] == "eastern-1939-fall"
    assert named["attack_declared"]["attack"] == "l34-1"
    assert named["attrition_declared"]["attrition"] == "china-1"
    assert [e["breakthrough"] for e in log if e["type"] == "breakthrough_created"] == ["bt-l34"]
    audited = awaw("audit", "g", "--from", "288", "--json")
    assert json.loads(audited.output)["clean"] is True, audited.output


def test_a_second_attack_on_a_hex_gets_the_next_number(awaw) -> None:  # type: ignore[no-untyped-def]
    for line in ["end-phase g", "spend g germany war poland", *["end-phase g"] * 5]:
        assert awaw(*line.split(), "--yes").exit_code == 0
    first = awaw("attack", "g", "--on", "EUR:L34", "--with", "ger-inf-1", "--die", "1", "--yes", "--json")
    assert first.exit_code == 0, first.output
    second = awaw("attack", "g", "--on", "EUR:L34", "--with", "ger-inf-2", "--dry-run", "--json")
    # 15.46: "A ground unit may only be attacked once during the regular combat phase": the Poles in L34 were, so
    # the second attack is refused, and the refusal names it by the next number
    assert second.exit_code != 0 and "attack l34-2: pol-inf-1 was already attacked in attack l34-1" in second.output


def test_the_generated_ids_are_shown_in_the_help() -> None:
    result = CliRunner().invoke(cli, ["attack", "--help"])
    assert "[ATTACK]" in result.output and "warsaw-1" in result.output
