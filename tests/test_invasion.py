"""``awaw invade`` and ``awaw bridgehead``: a seaborne invasion decided from the board (15.32B, 15.51, 15.55) and the
bridgehead its first advancing unit places (31.12, 31.22, 31.32), on the example's Oslo landing (Spring 1940)."""

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
from replays.commands.attack import Attack, Bridgehead, decide_attack, decide_bridgehead, decide_declaration
from replays.commands.base import Die, Refusal
from replays.maps import shipped_map_data

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines()
EVENTS: list[AnyEvent] = [decode(line) for line in LINES]
MAP = shipped_map_data().data


def _number(tag: str, **fields: object) -> int:
    return next(
        n
        for n, e in enumerate(EVENTS, 1)
        if e.__struct_config__.tag == tag and all(getattr(e, k, None) == v for k, v in fields.items())
    )


OSLO_FIRST = _number("air_mission_flown", ref="oslo")
"""The Oslo invasion's first event (its ground support flown)."""
OSLO_ROUND = _number("combat_round_resolved", attack="oslo")
BRIDGEHEAD = _number("bridgehead_placed", ref="oslo")
OSLO = Attack(
    "oslo",
    ("EUR:D33",),
    ("ger-inf-8", "ger-inf-9"),
    support=("ger-aaf-1",),
    sea="EUR:E33",
    bombardment=("ger-ca-1",),
)


def at(seq: int) -> Position:
    return Position(game.replay(EVENTS[:seq]), MAP)


def _encoded(events: list[AnyEvent] | Refusal) -> list[bytes]:
    assert not isinstance(events, Refusal), events
    return [encode(e) for e in events]


def test_the_oslo_invasion_decided_from_the_board_is_the_one_recorded() -> None:
    """15.55B's own case: a CTL-2 invasion at 2:1 rolls D, which becomes Ex-2 (13 = 6 invading + 5 ground support
    + 2 shore bombardment, against 2 factors at DM 3: basic 2 and the invasion's 1, 15.32A-B)."""
    decided = _encoded(decide_attack(at(OSLO_FIRST - 1), OSLO, Die(face=6)))
    assert decided == LINES[OSLO_FIRST - 1 : OSLO_ROUND]
    declared = EVENTS[OSLO_ROUND - 3]
    assert [(a.origin, a.hexside, a.role) for a in declared.attackers] == [("EUR:E33", "sea", "invading")] * 2
    assert [m.code for m in declared.defenders[0].dms] == ["basic", "invasion"]
    resolved = EVENTS[OSLO_ROUND - 1]
    assert (resolved.attack_strength, resolved.defence_strength, resolved.odds) == (13, 6, "2:1")
    assert (resolved.result, resolved.conversion) == ("Ex-2", "15.55")


def test_the_invasion_dm_is_claimed_once() -> None:
    claimed = OSLO._replace(dms={"*": ("seaborne_invasion",)})
    declared = _encoded(decide_declaration(at(OSLO_FIRST - 1), claimed))
    assert declared == LINES[OSLO_FIRST - 1 : OSLO_ROUND - 2]


@pytest.mark.parametrize(
    ("command", "rule", "words"),
    [
        (OSLO._replace(bombardment=("ger-aaf-2",)), "the command", "not a naval unit: it gives no shore bombardment"),
        (OSLO._replace(kind="regular"), "the command", "in a seaborne invasion, not a regular attack"),
        (OSLO._replace(sea="EUR:F31"), "15.21", "which is not next to it"),
    ],
)
def test_an_invasion_the_rules_refuse(command: Attack, rule: str, words: str) -> None:
    found = decide_attack(at(OSLO_FIRST - 1), command, Die(face=6))
    assert isinstance(found, Refusal), found
    assert (found.rule, words in found.message) == (rule, True), found


def test_the_bridgehead_is_placed_by_the_first_invader_to_advance() -> None:
    decided = _encoded(decide_bridgehead(at(BRIDGEHEAD - 1), Bridgehead("oslo")))
    assert decided == [LINES[BRIDGEHEAD - 1]]
    placed = EVENTS[BRIDGEHEAD - 1]
    assert (placed.hex, placed.cause, placed.first_unit, placed.faction) == (
        "EUR:D33",
        "seaborne_invasion",
        "ger-inf-8",
        "european_axis",
    )


@pytest.mark.parametrize(
    ("after", "command", "rule", "words"),
    [
        (OSLO_ROUND, Bridgehead("oslo"), "the command", "advanced into no hex"),
        (BRIDGEHEAD - 1, Bridgehead("oslo", "EUR:E33"), "the command", "advanced into EUR:D33"),
        (BRIDGEHEAD - 1, Bridgehead("narvik"), "15.2", "no attack 'narvik'"),
    ],
)
def test_a_bridgehead_the_rules_refuse(after: int, command: Bridgehead, rule: str, words: str) -> None:
    found = decide_bridgehead(at(after), command)
    assert isinstance(found, Refusal), found
    assert (found.rule, words in found.message) == (rule, True), found


def test_an_attack_that_was_no_invasion_places_no_seaborne_bridgehead() -> None:
    after_poznan = _number("advance_after_combat", attack="pol-1")
    found = decide_bridgehead(at(after_poznan), Bridgehead("pol-1", cause="seaborne_invasion"))
    assert isinstance(found, Refusal), found
    assert "cross_river_attack or crossing_arrow_attack, not 'seaborne_invasion'" in found.message


# ---------------------------------------------------------------------------------------------------------------------
# The CLI


def _game(tmp_path: Path, last: int) -> str:
    db = str(tmp_path / "g.db")
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(line + b"\n" for line in LINES[:last]))
    assert CliRunner().invoke(cli, ["--db", db, "import", "g", str(part), "--no-audit"]).exit_code == 0
    return db


INVADE = ["invade", "g", "oslo", "--on", "EUR:D33", "--from", "EUR:E33", "--with", "ger-inf-8,ger-inf-9"]


def test_awaw_invade_and_bridgehead_append_what_the_example_records(tmp_path: Path) -> None:
    db = _game(tmp_path, OSLO_FIRST - 1)
    runner = CliRunner()
    shown = runner.invoke(
        cli, ["--db", db, *INVADE, "--support", "ger-aaf-1", "--bombard", "ger-ca-1", "--dry-run", "--json"]
    )
    assert shown.exit_code == 0, shown.output
    assert [e["event"]["type"] for e in json.loads(shown.output)["events"]][-1] == "attack_declared"
    done = runner.invoke(
        cli, ["--db", db, *INVADE, "--support", "ger-aaf-1", "--bombard", "ger-ca-1", "--die", "6", "--yes", "--json"]
    )
    assert done.exit_code == 0, done.output
    assert [e["event"]["result"] for e in json.loads(done.output)["events"] if "result" in e["event"]] == ["Ex-2"]
    refused = runner.invoke(cli, ["--db", db, "bridgehead", "g", "oslo", "--yes"])
    assert (
        refused.exit_code == 1 and "to place a bridgehead" in refused.output and "nothing was written" in refused.output
    )


def test_awaw_invade_refuses_a_bombardment_by_an_air_unit_and_writes_nothing(tmp_path: Path) -> None:
    db = _game(tmp_path, OSLO_FIRST - 1)
    runner = CliRunner()
    refused = runner.invoke(cli, ["--db", db, *INVADE, "--bombard", "ger-aaf-2", "--die", "6", "--yes"])
    assert refused.exit_code == 1
    assert "ger-aaf-2 is aaf, not a naval unit" in refused.output
    head = runner.invoke(cli, ["--db", db, "head", "g"]).output
    assert head.endswith(f" {OSLO_FIRST - 1}\n")
    bad = runner.invoke(cli, ["--db", db, *INVADE, "--die", "7", "--yes"])
    assert bad.exit_code == 2 and "--die" in bad.output
