"""``awaw fortify`` (32.1, 32.15, 27.11D-F) and ``awaw supply`` (30.4): decided against the example game, they give
the events its generator records; refusals name the rule the audit would cite; where the map data traces supply
(a FICTIONAL fragment, tests/test_supply_trace.py), the trace is what is recorded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.codec import decode, encode
from awaw_events.events import AnyEvent, HexControlChanged, PhaseStarted, SupplyDetermined
from projections import game
from projections.position import Position
from replays.cli import cli
from replays.commands.base import Refusal
from replays.commands.fortify import Fortify, decide_fortify
from replays.commands.supply import Supply, decide_supply
from replays.maps import shipped_map_data
from tests.test_supply_trace import RUSSIA_1941, _pocket, moment

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LINES = EXAMPLE.read_bytes().splitlines()
EVENTS: list[AnyEvent] = [decode(line) for line in LINES]
MAP = shipped_map_data().data


def at(seq: int) -> Position:
    """The position after event ``seq`` of the example."""
    return Position(game.replay(EVENTS[:seq]), MAP)


def numbers(tag: str) -> list[int]:
    """The numbers of the example's events with tag ``tag``."""
    return [n for n, e in enumerate(EVENTS, 1) if e.__struct_config__.tag == tag]


def decided(found: list[AnyEvent] | Refusal) -> list[bytes]:
    assert not isinstance(found, Refusal), found
    return [encode(e) for e in found]


# ---------------------------------------------------------------------------------------------------------------------
# awaw fortify


KONIGSBERG, WEST_WALL = numbers("fortification_built")


def test_the_example_s_fortifications_are_what_the_command_decides() -> None:
    """Königsberg (Fall 1939): 5 BRPs + 1 RP (32.12); EUR:M27 (Spring 1940), a West Wall hex: the 32.15 upgrade."""
    konigsberg = decide_fortify(at(KONIGSBERG - 1), Fortify("germany", ("EUR:J38",), basis="city"))
    assert decided(konigsberg) == [LINES[KONIGSBERG - 1]]
    west_wall = decide_fortify(at(WEST_WALL - 1), Fortify("germany", ("EUR:M27",), basis="city"))
    assert decided(west_wall) == [LINES[WEST_WALL - 1]]
    assert json.loads(LINES[WEST_WALL - 1])["upgrade"] is True
    assert "upgrade" not in json.loads(LINES[KONIGSBERG - 1])


def test_japan_pays_no_rp_for_a_fortification() -> None:
    """32.12: 5 BRPs + 1 RP, Japan pays no RP (Japan's own build in its unit construction phase of Fall 1939)."""
    found = decide_fortify(at(KONIGSBERG - 1), Fortify("japan", ("PAC:K30",), basis="city"))
    assert not isinstance(found, Refusal), found
    (built,) = found
    assert (built.brp_cost, built.rp_cost) == (5, 0)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("after", "command", "rule", "words"),
    [
        (KONIGSBERG - 1, Fortify("italy", ("EUR:Y23",), basis="city"), "32.11", "Italy may not build"),
        (KONIGSBERG, Fortify("germany", ("EUR:L32",), basis="city"), "32.14D", "already built"),
        (numbers("unit_moved")[0], Fortify("germany", ("EUR:J38",), basis="city"), "32.11", "unit construction"),
        (KONIGSBERG - 1, Fortify("germany", ("EUR:J038",)), "the record", "unknown hex"),
        (KONIGSBERG - 1, Fortify("germany", ("EUR:J38",), kind="moat"), "the command", "build one of"),
        (KONIGSBERG - 1, Fortify("prussia", ("EUR:J38",)), "the record", "not a major power"),
        (WEST_WALL, Fortify("germany", ("EUR:M27", "EUR:N26"), kind="beach_defense"), "32.14D", "already built"),
    ],
)
def test_a_build_the_rules_forbid_is_refused_with_the_rule(after: int, command: Fortify, rule: str, words: str) -> None:
    found = decide_fortify(at(after), command)
    assert isinstance(found, Refusal), found
    assert found.rule == rule and words in found.message, found


# ---------------------------------------------------------------------------------------------------------------------
# awaw supply


def _command(event: SupplyDetermined) -> Supply:
    """The command a player types for a recorded determination: the subjects, with the status and source the
    rule-texts map data cannot trace."""
    (status,) = {r.status for r in event.results}
    (source,) = {r.source for r in event.results}
    return Supply(event.faction, tuple(r.subject for r in event.results), status, source)


@pytest.mark.parametrize("seq", numbers("supply_determined"))
def test_the_example_s_determinations_are_what_the_command_decides(seq: int) -> None:
    event = EVENTS[seq - 1]
    assert isinstance(event, SupplyDetermined)
    assert decided(decide_supply(at(seq - 1), _command(event))) == [LINES[seq - 1]]


def test_the_phase_gives_the_determination() -> None:
    """30.42-30.43: the determination of the post-combat supply phase is the post-combat one."""
    post = [n for n in numbers("supply_determined") if EVENTS[n - 1].determination == "post_combat"]  # type: ignore[union-attr]
    assert post and all(EVENTS[n - 1].phase == "post_combat_supply" for n in post)


def test_a_second_determination_and_one_out_of_its_phase_are_refused() -> None:
    first = numbers("supply_determined")[0]
    again = decide_supply(at(first), _command(EVENTS[first - 1]))  # type: ignore[arg-type]
    assert isinstance(again, Refusal) and again.rule == "30.4" and "second initial" in again.message
    combat = next(n for n, e in enumerate(EVENTS, 1) if isinstance(e, PhaseStarted) and e.phase == "combat")
    out_of_phase = decide_supply(at(combat), Supply("russia", ("rus-inf-1",), "full", "urals"))
    assert isinstance(out_of_phase, Refusal) and out_of_phase.rule == "30.4", out_of_phase


def test_without_subjects_the_faction_s_ground_units_on_the_map_are_determined() -> None:
    first = numbers("supply_determined")[0]
    found = decide_supply(at(first - 1), Supply("european_axis", status="full", source="berlin"))
    assert not isinstance(found, Refusal), found
    (event,) = found
    subjects = [r.subject for r in event.results]  # type: ignore[union-attr]
    board = at(first - 1).board
    assert subjects == sorted(subjects) and "ger-arm-1" in subjects and "ita-inf-1" in subjects
    assert all(board.units[s].location.startswith("EUR:") for s in subjects)
    assert not any(board.units[s].unit_type in ("aaf", "bb", "submarine") for s in subjects)


def test_a_status_the_map_cannot_trace_must_be_given() -> None:
    first = numbers("supply_determined")[0]
    found = decide_supply(at(first - 1), Supply("european_axis", ("ger-arm-1",)))
    assert isinstance(found, Refusal) and found.rule == "the command"
    assert "cannot trace the supply of ger-arm-1" in found.message and "--status" in found.message


def _russian_movement(broken: bool) -> Position:
    """EX-S5 on the FICTIONAL fragment: the Russian infantry in EUR:K31, ringed by German-held hexes (or not)."""
    events: list[Any]
    events, data = _pocket()
    if broken:
        events.append(HexControlChanged(**moment(**RUSSIA_1941, phase="setup"), hex="EUR:K32", controller="russia"))
    events.append(PhaseStarted(**moment(**RUSSIA_1941, phase="movement")))
    return Position(game.fold(game.initial(), events), data)


def test_a_status_below_the_trace_is_kept() -> None:
    """The command refuses what the audit finds, no more: a status better than the map traces is refused (below);
    a worse one is kept as given, as the audit keeps it (a line the map data shows may fail for a reason the data
    does not hold), and the judges the command asks pass it."""
    lower = decide_supply(_russian_movement(True), Supply("russia", ("rus-1",), "partial", "urals"))
    assert not isinstance(lower, Refusal), lower
    assert [(r.subject, r.status) for r in lower[0].results] == [("rus-1", "partial")]  # type: ignore[union-attr]


def test_where_the_map_traces_supply_the_trace_is_recorded() -> None:
    """30.321, EX-S5: ringed, the unit is unsupplied; the ring broken, it is fully supplied from the Urals."""
    ringed = decide_supply(_russian_movement(False), Supply("russia", ("rus-1",)))
    assert not isinstance(ringed, Refusal), ringed
    assert [(r.subject, r.status) for r in ringed[0].results] == [("rus-1", "unsupplied")]  # type: ignore[union-attr]
    free = decide_supply(_russian_movement(True), Supply("russia", ("rus-1",)))
    assert not isinstance(free, Refusal), free
    assert [(r.status, r.source) for r in free[0].results] == [("full", "urals")]  # type: ignore[union-attr]


def test_a_status_the_trace_contradicts_is_refused() -> None:
    found = decide_supply(_russian_movement(False), Supply("russia", ("rus-1",), "full", "urals"))
    assert isinstance(found, Refusal), found
    assert "the map traces unsupplied to rus-1" in found.message


# ---------------------------------------------------------------------------------------------------------------------
# The CLI


def _game(tmp_path: Path, last: int) -> str:
    db = str(tmp_path / "g.db")
    part = tmp_path / "part.jsonl"
    part.write_bytes(b"".join(line + b"\n" for line in LINES[:last]))
    assert CliRunner().invoke(cli, ["--db", db, "import", "g", str(part), "--no-audit"]).exit_code == 0
    return db


def test_awaw_fortify_appends_the_build_and_refuses_a_second(tmp_path: Path) -> None:
    db = _game(tmp_path, KONIGSBERG - 1)
    runner = CliRunner()
    done = runner.invoke(cli, ["--db", db, "fortify", "g", "germany", "EUR:J38", "--basis", "city", "--yes", "--json"])
    assert done.exit_code == 0, done.output
    assert [e["event"]["hexes"] for e in json.loads(done.output)["events"]] == [["EUR:J38"]]
    again = runner.invoke(cli, ["--db", db, "fortify", "g", "germany", "EUR:L32", "--yes"])
    assert again.exit_code == 1
    assert "already built a fortification-type counter this turn" in again.output and "(32.14D)" in again.output


def test_awaw_supply_dry_run_shows_and_writes_nothing(tmp_path: Path) -> None:
    first = numbers("supply_determined")[0]
    db = _game(tmp_path, first - 1)
    runner = CliRunner()
    args = ["--db", db, "supply", "g", "european_axis", "ger-arm-1", "--status", "full", "--source", "berlin"]
    shown = runner.invoke(cli, [*args, "--dry-run", "--json"])
    assert shown.exit_code == 0, shown.output
    data = json.loads(shown.output)
    assert data["dry_run"] is True and data["events"][0]["event"]["results"] == [
        {"subject": "ger-arm-1", "status": "full", "source": "berlin"}
    ]
    refused = runner.invoke(cli, ["--db", db, "supply", "g", "european_axis", "ger-arm-1", "--yes"])
    assert refused.exit_code == 1 and "give its --status" in refused.output
    head = runner.invoke(cli, ["--db", db, "head", "g"]).output
    assert head.endswith(f" {first - 1}\n")  # nothing was written
