"""``awaw oil-produce``, ``awaw oil-spend`` and the end of a player turn's oil: decided from the position (33.2-33.8,
33.422), on the example's Japanese oil (the international market, the army and general air offsets, construction and
growth oil)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.codec import decode, encode
from awaw_events.events import AnyEvent, OilProduced, PlayerTurnEnded
from projections import game
from projections.position import Position
from replays.cli import cli
from replays.commands.base import Refusal
from replays.commands.oil import Produce, Spend, decide_produce, decide_spend_oil
from replays.commands.phase import decide_end_phase
from replays.maps import shipped_map_data

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines()
EVENTS: list[AnyEvent] = [decode(line) for line in LINES]
MAP = shipped_map_data().data


def _numbers(tag: str, **fields: object) -> list[int]:
    return [
        n
        for n, e in enumerate(EVENTS, 1)
        if e.__struct_config__.tag == tag and all(getattr(e, k, None) == v for k, v in fields.items())
    ]


def at(seq: int) -> Position:
    return Position(game.replay(EVENTS[:seq]), MAP)


MARKET = _numbers("oil_produced")[0]
ARMY = _numbers("oil_expended", purpose="army")[0]
CONSTRUCTION = _numbers("oil_expended", purpose="construction")[0]
GROWTH = _numbers("oil_expended", purpose="brp_growth")[0]


@pytest.mark.parametrize(
    ("number", "command"),
    [
        pytest.param(MARKET, Produce("japan", "international_market", 15), id="market"),
        pytest.param(ARMY, Spend("japan", "army"), id="army-offset-a-counter"),
        pytest.param(ARMY + 1, Spend("japan", "air_general"), id="air-offset-a-counter"),
        pytest.param(CONSTRUCTION, Spend("japan", "construction", 10), id="construction-a-fifth-per-5-brps"),
        pytest.param(GROWTH, Spend("japan", "brp_growth", 10), id="growth-a-fifth-per-5-brps"),
    ],
)
def test_the_oil_decided_is_the_oil_recorded(number: int, command: Produce | Spend) -> None:
    decide = decide_produce if isinstance(command, Produce) else decide_spend_oil
    decided = decide(at(number - 1), command)  # type: ignore[arg-type]
    assert not isinstance(decided, Refusal), decided
    assert [encode(e) for e in decided] == [LINES[number - 1]]


def test_construction_oil_rounds_a_part_of_5_brps_up_to_a_fifth() -> None:
    """33.82C: one fifth covers 5 BRPs of construction at normal cost, so 11 BRPs need 3 fifths."""
    decided = decide_spend_oil(at(CONSTRUCTION - 1), Spend("japan", "construction", 11))
    assert not isinstance(decided, Refusal), decided
    assert (decided[0].amount, decided[0].detail) == (3, {"brps": 11})


@pytest.mark.parametrize(
    ("after", "command", "rule", "words"),
    [
        (CONSTRUCTION - 1, Spend("japan", "army"), "33.52", "only in initial supply or oil adjustment"),
        (ARMY - 1, Spend("japan", "construction", 10), "33.52", "only in unit construction"),
        (ARMY - 1, Spend("japan", "army", reserve="germany"), "the command", "'germany' is no oil reserve of japan"),
        (ARMY - 1, Spend("japan", "rum"), "the command", "'rum' is no oil purpose"),
        (ARMY - 1, Spend("japan", "construction"), "the command", "paid by its quantity"),
        (MARKET - 1, Produce("japan", "international_market", 0), "the command", "at least 1"),
        (CONSTRUCTION - 1, Spend("japan", "construction", 500), "33.5", "45 short"),
    ],
)
def test_oil_the_rules_refuse(after: int, command: Produce | Spend, rule: str, words: str) -> None:
    decide = decide_produce if isinstance(command, Produce) else decide_spend_oil
    found = decide(at(after), command)  # type: ignore[arg-type]
    assert isinstance(found, Refusal), found
    assert (found.rule, words in found.message) == (rule, True), found


def test_the_end_of_a_player_turn_eliminates_the_oil_above_the_maximum() -> None:
    """33.422: at the end of each player turn the excess over a tracked reserve's maximum is eliminated. Japan's
    reserve holds 53 fifths at the end of the Axis Fall 1939 player turn against a maximum of 10 counters: under the
    game's default reading of oil.partial_in_cap (excluded) its 3 partial fifths are not held against the maximum,
    and nothing is eliminated; with 2 more counters produced, 2 counters are."""
    ended = _numbers("player_turn_ended", side="axis")[0]
    last = ended - 1
    while EVENTS[last - 1].__struct_config__.tag == "unit_inversion_changed":
        last -= 1
    pos = at(last)
    assert not [e for e in _decided(pos) if e.__struct_config__.tag == "oil_counters_eliminated"]
    produced = OilProduced(
        year=1939, season="fall", side="axis", phase="end_of_player_turn", actor="japan", faction="japan",
        source="international_market", amount=10, reserve="japan",
    )  # fmt: skip
    over = Position(game.fold(pos.state, [produced]), MAP)
    eliminated = [e for e in _decided(over) if e.__struct_config__.tag == "oil_counters_eliminated"]
    assert [(e.reserve, e.amount, e.reason) for e in eliminated] == [("japan", 10, "over_reserve_max")]
    after = game.fold(over.state, _decided(over))
    assert after.oil.levels["japan"] == 53


def _decided(pos: Position) -> list[AnyEvent]:
    decided = decide_end_phase(pos)
    assert not isinstance(decided, Refusal), decided
    assert any(isinstance(e, PlayerTurnEnded) for e in decided)
    return decided


def _game(tmp_path: Path, last: int) -> str:
    db = str(tmp_path / "g.db")
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(line + b"\n" for line in LINES[:last]))
    assert CliRunner().invoke(cli, ["--db", db, "import", "g", str(part), "--no-audit"]).exit_code == 0
    return db


def test_awaw_oil_produce_and_spend_append_and_refuse_writing_nothing(tmp_path: Path) -> None:
    db = _game(tmp_path, MARKET - 1)
    runner = CliRunner()
    produce = ["--db", db, "oil-produce", "g", "japan", "international_market"]
    done = runner.invoke(cli, [*produce, "15", "--yes", "--json"])
    assert done.exit_code == 0, done.output
    assert [e["event"]["amount"] for e in json.loads(done.output)["events"]] == [15]
    refused = runner.invoke(cli, ["--db", db, "oil-spend", "g", "japan", "construction", "10", "--yes"])
    assert refused.exit_code == 1 and "(33.52)" in refused.output and "nothing was written" in refused.output
    assert runner.invoke(cli, ["--db", db, "head", "g"]).output.endswith(f" {MARKET}\n")
    shown = runner.invoke(cli, ["--db", db, "oil-spend", "g", "japan", "army", "--dry-run", "--json"])
    assert shown.exit_code == 0, shown.output
    assert [e["event"]["amount"] for e in json.loads(shown.output)["events"]] == [5]
    bad = runner.invoke(cli, [*produce, "0"])
    assert bad.exit_code == 2 and "AMOUNT" in bad.output
