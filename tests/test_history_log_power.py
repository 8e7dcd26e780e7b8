"""``awaw log --power`` reads whom a coarse fact is by and against: an operation a source reports, one it says was
planned, a power conquered, a concession and the game's winner, a theater's quiet recorded by a faction. A power
named in those fields matches, as does a minor country, the faction or side a power belongs to, and the powers of a
faction or side named there."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.codec import parse_event
from replays.cli import cli
from replays.logview import LogFilter, named
from tests.build import records
from tests.conftest import created

_ROWS: tuple[dict[str, Any], ...] = (
    {  # 2: Germany's attack on Yugoslavia, hexes unknown
        "type": "operation_reported",
        "year": 1941,
        "season": "spring",
        "kind": "attack",
        "by": "germany",
        "against": "yugoslavia",
        "places": ["belgrade"],
        "result": "success",
    },
    {  # 3: the Western Allies' invasion of France, against Germany
        "type": "operation_reported",
        "year": 1944,
        "season": "spring",
        "kind": "invasion",
        "by": "western_allies",
        "against": "germany",
        "places": ["normandy"],
    },
    {  # 4: the Axis plans an attack on Spain
        "type": "operation_planned",
        "year": 1944,
        "season": "summer",
        "kind": "attack",
        "by": "axis",
        "against": "spain",
        "planned_for": "1944-fall",
    },
    {  # 5: the Pacific quiet, as the Japanese player recorded it
        "type": "theater_quiet",
        "year": 1944,
        "season": "summer",
        "actor": "japan",
        "theater": "pacific",
    },
    {  # 6: Germany conquered by Russia
        "type": "power_conquered",
        "year": 1946,
        "season": "spring",
        "power": "germany",
        "by": "russia",
    },
    {  # 7: the Axis concedes, the Allies win
        "type": "game_ended",
        "year": 1946,
        "season": "spring",
        "winner": "allies",
        "how": "concession",
        "conceded_by": "axis",
    },
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The small log, imported once."""
    where = tmp_path_factory.mktemp("log-power")
    game = where / "game.jsonl"
    first = {"type": "game_created", "year": 1939, "season": "fall", "phase": "setup"}
    game.write_text("".join(json.dumps(r) + "\n" for r in (first, *_ROWS)))
    done = CliRunner().invoke(cli, ["--db", str(where / "g.db"), "import", "g", str(game)])
    assert done.exit_code == 0, done.output
    return str(where / "g.db")


def _seqs(db: str, *args: str) -> list[int]:
    out = CliRunner().invoke(cli, ["--db", db, "log", "g", "--json", *args])
    assert out.exit_code == 0, out.output
    return [json.loads(line)["seq"] for line in out.output.splitlines()]


@pytest.mark.parametrize(
    ("power", "seqs"),
    [
        ("yugoslavia", [2]),  # a minor country an operation is against
        ("spain", [4]),  # a minor country a plan is against
        ("germany", [2, 3, 4, 6, 7]),  # by it, against it, in the Axis that planned and conceded, conquered
        ("italy", [4, 7]),  # only as one of the Axis
        ("russia", [6, 7]),  # the conqueror, one of the Allies who won (not of the Western Allies, who invaded)
        ("france", [3, 7]),  # of the Western Allies, who invaded; of the Allies, who won
        ("western_allies", [3, 7]),  # the faction itself, and the side it is of
        ("european_axis", [2, 3, 4, 6, 7]),  # the faction for its powers: Germany's, and the Axis's
        ("japan", [4, 5, 7]),  # the quiet it recorded; of the Axis
    ],
)
def test_log_power_reads_the_by_and_against_of_coarse_facts(db: str, power: str, seqs: list[int]) -> None:
    assert _seqs(db, "--power", power) == seqs


def test_a_game_ended_in_a_draw_names_no_side() -> None:
    draw = records([created(), parse_event({"type": "game_ended", "year": 1946, "season": "spring", "winner": "draw"})])
    assert not LogFilter(power="germany").matches(draw[1]) and "draw" not in named(draw[1].event)


def test_a_player_pinning_a_key_is_not_an_operation_by_a_power() -> None:
    """A key's pin names who vouches for it in ``by``: a player's name, not a power, whatever it is spelt."""
    pin = parse_event(
        {
            "type": "player_key_pinned",
            "year": 1939,
            "season": "fall",
            "player": "ann",
            "public_key": "0" * 64,
            "by": "germany",
        }
    )
    assert "germany" not in named(pin)
