"""The position's movement queries, asked by ``awaw move`` and by the audit alike: a path priced from the position
(terrain, ZoCs), refused when the unit cannot pay for it, and the hexes a unit can reach.

The example game's Fall 1939 Axis movement phase (after event 297): ``ger-arm-3`` (armor 4-6) stands in EUR:M35;
the Polish armor ``pol-arm-1`` (played by Britain) stands in EUR:L37, next to EUR:L36, so leaving L36 costs 2 more
(13.41D); Poland is at war with Germany, Britain not yet.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.codec import decode
from awaw_events.events import UnitMoved
from projections import game
from projections.position import Position
from projections.position import movement as queries
from projections.position.zoc import zoc_on
from projections.rules.breach import Breach
from replays.cli import cli
from replays.commands.base import Refusal
from replays.commands.move import Move, decide_move, reach
from replays.maps import shipped_map_data

ROOT = Path(__file__).resolve().parent.parent
LINES = (ROOT / "examples" / "campaign-1939.jsonl").read_bytes().splitlines()
EVENTS = [decode(line) for line in LINES]
MOVEMENT = 297  # the Axis movement phase has begun; no ground unit has moved yet


@pytest.fixture(scope="module")
def pos() -> Position:
    return Position(game.replay(EVENTS[:MOVEMENT]), shipped_map_data().data)


def test_the_polish_armor_zoc_reaches_l36_though_britain_plays_it(pos: Position) -> None:
    found = zoc_on(pos, "EUR:L36", owner="germany", when=pos.state.clock)
    assert found.cost == 2 and found.armor == "pol-arm-1"  # 13.41D: Poland is at war with Germany
    assert zoc_on(pos, "EUR:L35", owner="germany", when=pos.state.clock).cost == 0  # not next to any Polish armor


def test_the_move_records_the_mf_the_position_computes(pos: Position) -> None:
    decided = decide_move(pos, Move("ger-arm-3", ("EUR:L36", "EUR:K36")))
    assert not isinstance(decided, Refusal)
    move = decided[0]
    assert isinstance(move, UnitMoved)
    assert move.mf_used == 4  # 1 to enter L36, 1 to enter K36, 2 to leave the Polish armor's ZoC at L36 (13.41D)


def test_a_path_over_the_allowance_is_refused_naming_what_is_left_and_the_cost(pos: Position) -> None:
    path = ("EUR:L36", "EUR:K36", "EUR:J36", "EUR:I36", "EUR:H36")
    refused = decide_move(pos, Move("ger-arm-3", path))
    assert isinstance(refused, Refusal)
    assert refused.rule == "13.42"
    assert "has 6 MF left" in refused.message and "at least 7 MF" in refused.message
    assert "2 more to leave the ZoC of pol-arm-1 at EUR:L36 (13.41D)" in refused.message


def test_the_audit_asks_the_same_query_and_finds_a_recorded_cost_too_low(pos: Position) -> None:
    recorded = UnitMoved(
        year=1939, season="fall", side="axis", phase="movement", actor="germany", unit="ger-arm-3",
        path=["EUR:L36", "EUR:K36"], mf_used=2,
    )  # fmt: skip
    breaches = [b for b in queries.movement_cost(pos, recorded) if isinstance(b, Breach)]
    assert [b.allowed for b in breaches] == ["at least 4"]  # the unknown terrain counts the least it can cost


def test_an_enemy_held_hex_is_refused(pos: Position) -> None:
    refused = decide_move(pos, Move("ger-arm-3", ("EUR:M36",)))  # pol-inf-3 and pol-inf-4 hold it
    assert isinstance(refused, Refusal) and refused.rule == "13.46"


def test_the_reachable_hexes_are_within_what_is_left_and_avoid_the_enemy(pos: Position) -> None:
    found = reach(pos, "ger-arm-3")
    assert not isinstance(found, Refusal)
    hexes = {r.hex: r for r in found.answer}
    assert hexes["EUR:L36"].cost == 1 and hexes["EUR:L36"].path == ("EUR:L36",)
    assert "EUR:M36" not in hexes and "EUR:L37" not in hexes  # held by Polish units (13.46)
    assert all(r.cost <= 6 for r in hexes.values())
    assert not any(r.exact for r in hexes.values())  # the shipped map data gives no terrain here
    # each listed path is one the command accepts, at the cost listed
    for target in ("EUR:K36", "EUR:J35"):
        decided = decide_move(pos, Move("ger-arm-3", hexes[target].path))
        assert not isinstance(decided, Refusal)
        assert decided[0].mf_used == hexes[target].cost  # type: ignore[union-attr]


def test_awaw_move_with_no_hex_lists_where_the_unit_can_go(tmp_path: Path) -> None:
    source = tmp_path / "cut.jsonl"
    source.write_bytes(b"\n".join(LINES[:MOVEMENT]) + b"\n")
    runner = CliRunner()
    db = str(tmp_path / "g.db")
    assert runner.invoke(cli, ["--db", db, "import", "g", str(source), "--no-audit"]).exit_code == 0
    listed = runner.invoke(cli, ["--db", db, "move", "g", "ger-arm-3", "--json"])
    assert listed.exit_code == 0, listed.output
    import json

    found = json.loads(listed.output)
    assert {"hex": "EUR:L36", "mf": 1, "exact": False, "path": ["EUR:L36"]} in found["reachable"]
    shown = runner.invoke(cli, ["--db", db, "move", "g", "ger-arm-3"])
    assert shown.exit_code == 0 and "EUR:K36" in shown.output
    assert all(len(line) <= 80 for line in shown.output.splitlines())
    not_here = runner.invoke(cli, ["--db", db, "move", "g", "ger-aaf-3"])
    assert not_here.exit_code == 1 and "then determines supply" in not_here.output  # 13.11: air units move first


def test_reach_asks_whether_the_unit_may_move_now_of_the_audits_own_judges(pos: Position) -> None:
    """13.11 and 13.4: whether a unit may move now is what ``mover`` and ``order_of_movement`` answer of a recorded
    move; ``reach`` asks those two of a trial move, so the command and the audit cannot disagree."""
    polish = reach(pos, "pol-arm-1")  # a Polish unit in the Axis player turn
    assert isinstance(polish, Refusal) and polish.rule == "13.4"
    before = Position(game.replay(EVENTS[:290]), shipped_map_data().data)
    assert before.state.clock.phase != "movement"
    early = reach(before, "ger-arm-3")
    assert isinstance(early, Refusal) and early.rule == "13.11"
    flying = reach(pos, "ger-aaf-3")  # after the Axis supply determination: air units moved before it
    assert isinstance(flying, Refusal) and flying.rule == "13.11"
    first = Position(game.replay(EVENTS[: MOVEMENT - 1]), shipped_map_data().data)  # before the determination
    air = reach(first, "ger-aaf-3")
    assert not isinstance(air, Refusal)
    assert air.answer == () and "reach by MF is for ground units (13.41)" in air.unknown[0].reason
