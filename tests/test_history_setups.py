"""A set-up keeps every kind of state the record holds: research results, places controlled, diplomatic outcomes,
tracks beyond the tension tracks, powers conquered and the chronicle (``awaw setup --at`` writes them as the
``history``; ``awaw new --setup`` records them at their own game turns)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from replays.cli import cli

ROOT = Path(__file__).resolve().parent.parent
KEPT = ("research", "diplomatic_outcomes", "areas", "tracks", "chronicle", "conquered", "random_events")


def _awaw(db: str, *args: str) -> str:
    out = CliRunner().invoke(cli, ["--db", db, *args])
    assert out.exit_code == 0, out.output
    return out.output


def _politics(db: str, game: str, *at: str) -> dict[str, Any]:
    data = json.loads(_awaw(db, "state", game, *at, "--view", "politics", "--json"))
    return data.get("politics", data)


def _without_numbers(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_numbers(v) for k, v in value.items() if k != "seq"}
    if isinstance(value, list):
        return [_without_numbers(v) for v in value]
    return value


def test_a_set_up_at_a_point_keeps_research_places_outcomes_tracks_and_the_chronicle(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    _awaw(db, "import", "wbc23", str(ROOT / "examples/wbc-2023-game-1/game.yaml"))
    setup = tmp_path / "spring-1940.yaml"
    _awaw(db, "setup", "wbc23", "--at", "1940-spring", "-o", str(setup))
    assert "history:" in setup.read_text()
    _awaw(db, "new", "again", "--setup", str(setup), "--physical-dice")
    before, after = _politics(db, "wbc23", "--at", "1940-spring"), _politics(db, "again")
    assert before["research"] and before["areas"] and before["chronicle"] and before["diplomatic_outcomes"]
    assert before["random_events"]
    for kind in KEPT:
        assert _without_numbers(after[kind]) == _without_numbers(before[kind]), kind
    # how each fact is known is kept with it
    assert after["areas"]["china"]["provenance"] == "inferred"
    assert after["chronicle"][0]["when"] == "Spring 1935 to Winter 1938"
    # and the new game's audit reads them as history, charging nothing
    assert "clean" in _awaw(db, "audit", "again")


def test_a_set_up_with_no_political_facts_has_no_history(tmp_path: Path) -> None:
    db = str(tmp_path / "g.db")
    _awaw(db, "new", "plain", "--physical-dice")
    assert "history" not in _awaw(db, "setup", "plain")


def _views(db: str, game: str, *at: str) -> dict[str, Any]:
    """The board and politics views of a game at a point, without event numbers (a new game numbers afresh)."""
    return {
        view: _without_numbers(json.loads(_awaw(db, "state", game, *at, "--view", view, "--json"))[view])
        for view in ("board", "politics")
    }


@pytest.mark.parametrize("at", [("--at", "1939-summer"), ("--at", "1940-spring"), ("--at", "1940-summer"), ()])
def test_a_set_up_at_any_point_of_the_wbc_game_gives_back_the_same_state(tmp_path: Path, at: tuple[str, ...]) -> None:
    """``awaw setup --at POINT`` then ``awaw new --setup``: the board and politics views are the same, every fact
    with how it is known: the French surrender (who held Paris, its citation, its level), when Vichy was decided,
    the operation reported in Egypt with its fields, the factions of the statuses, the wars with who declared them,
    research, places, diplomatic outcomes, the chronicle. The new game audits clean."""
    db = str(tmp_path / "g.db")
    _awaw(db, "import", "wbc23", str(ROOT / "examples/wbc-2023-game-1/game.yaml"))
    setup = tmp_path / "at.yaml"
    _awaw(db, "setup", "wbc23", *at, "-o", str(setup))
    _awaw(db, "new", "again", "--setup", str(setup), "--physical-dice")
    before, after = _views(db, "wbc23", *at), _views(db, "again")
    assert after == before
    politics, board = before["politics"], before["board"]
    assert politics["french_surrender"]["paris_controller"] == "germany" and politics["french_surrender"]["level"] == 1
    assert "1939 paragraph" in politics["french_surrender"]["citation"]
    assert board["known"]["war:britain|germany"]["provenance"] == "inferred"
    if not at or at[1] == "1940-summer":
        assert politics["vichy_decision"]["when"] == "Summer 1940" and politics["alignment"]["vichy"] == "european_axis"
    if not at:
        assert politics["operations"][0]["places"] == ["egypt"] and politics["operations"][0]["against"] == "britain"
    assert "clean" in _awaw(db, "audit", "again")


def test_a_set_up_keeps_table_facts_of_every_kind(tmp_path: Path) -> None:
    """Recorded at the table: a French surrender with its parts, Vichy not established after a U.S.-German war, a
    diplomatic result, a minor's status with its faction, a war a faction declared, an operation and the game's end
    by concession: each comes back from the set-up."""
    from awaw_events.codec import parse_event
    from projections.game import replay
    from replays.setup import dump, parse_setup, position, setup_events, setup_of

    def ev(tag: str, season: str, year: int = 1941, **fields: Any) -> Any:
        return parse_event({"type": tag, "year": year, "season": season, **fields})

    created = ev("game_created", "fall", 1939, phase="setup")
    record = [
        created,
        ev("war_declared", "fall", 1939, side="axis", phase="diplomacy", aggressor="european_axis",
           target="western_allies", brp_cost=0),
        ev("war_declared", "winter", 1940, side="axis", phase="diplomacy", aggressor="germany", target="usa",
           brp_cost=35),
        ev("french_surrender_checked", "spring", side="allied", phase="end_of_player_turn",
           paris_controller="germany", components={"territory": 2, "fleet": -1}, level=1, surrenders=True),
        ev("vichy_decided", "spring", side="allied", phase="end_of_player_turn", established=False,
           us_germany_at_war=True),
        ev("diplomatic_result", "summer", side="axis", phase="diplomacy", country="spain", faction="european_axis",
           result=3),
        ev("status_changed", "summer", side="axis", phase="diplomacy", country="hungary", status="associated",
           faction="european_axis"),
        ev("operation_reported", "fall", kind="invasion", by="western_allies", places=["norway"], result="failure"),
        ev("game_ended", "winter", winner="axis", how="concession", conceded_by="allies"),
    ]  # fmt: skip
    state = replay(record)
    setup = parse_setup(dump(setup_of(state)))
    again = replay([created, *(n.event for n in setup_events(setup))])
    assert position(again) == position(state)
    for kind in ("french_surrender", "vichy_decision", "diplomatic", "alignment", "operations", "ended"):
        kept, was = (_undated(msgspec.to_builtins(getattr(s.politics, kind))) for s in (again, state))
        assert kept == was, kind
    # a fact of the record is dated by its game turn: its player turn and phase are not kept
    assert again.politics.french_surrender is not None and again.politics.french_surrender.when == "Spring 1941"
    assert state.politics.french_surrender is not None and state.politics.french_surrender.components
    assert (
        again.board.declared
        == state.board.declared
        == {
            "european_axis|western_allies": "european_axis",
            "germany|usa": "germany",
        }
    )


def _undated(value: Any) -> Any:
    """A fact without its event number and game time."""
    if isinstance(value, dict):
        return {k: _undated(v) for k, v in value.items() if k not in ("seq", "when")}
    if isinstance(value, list | tuple):
        return [_undated(v) for v in value]
    return value


STATUSES = "statuses:\n  hungary: {status: associated, faction: european_axis}\n"
"""A statuses section added by hand at the end of the file (the example's statuses are in its history)."""


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("status: surrendered, faction: european_axis", "status: surrendered, faction: nobody"),
         "field 'faction': 'nobody' is not allowed"),
        (("  level: 1\n", "  level: 9\n"), "field 'level': Expected `int` <= 3"),
        (("", STATUSES.replace("european_axis", "nobody")), "(the set-up's statuses.hungary), field 'faction'"),
        (("", STATUSES.replace("faction", "factoin")), "field 'statuses.hungary.factoin': unknown field"),
        (("places: [egypt]", "places: []"), "field 'places'"),
    ],
)  # fmt: skip
def test_a_hand_edited_set_up_with_a_bad_field_names_its_line_and_writes_nothing(
    tmp_path: Path, change: tuple[str, str], expected: str
) -> None:
    db = str(tmp_path / "g.db")
    _awaw(db, "import", "wbc23", str(ROOT / "examples/wbc-2023-game-1/game.yaml"))
    good = tmp_path / "good.yaml"
    _awaw(db, "setup", "wbc23", "-o", str(good))
    text = good.read_text()
    assert change[0] in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(change[0], change[1], 1) if change[0] else text + change[1])
    changed = change[1].strip().splitlines()[-1]
    line = next(n for n, row in enumerate(bad.read_text().splitlines(), 1) if changed in row)
    out = CliRunner().invoke(cli, ["--db", db, "new", "again", "--setup", str(bad), "--physical-dice"])
    assert out.exit_code == 1
    assert f"line {line}" in out.output and expected in out.output, out.output
    assert "again" not in _awaw(db, "games")


def test_the_wbc_audit_counts_the_facts_it_read_and_applies_no_check_to_prose() -> None:
    """The audit's summary of the historical game says how many recorded facts it could read against the rules and
    how many it could not; its prose facts (the chronicle, the operation, the plans, the random event) take no check
    application: without them, the applications are the same and the facts no check reads fewer by as many."""
    from awaw_events.io import read_events
    from replays.audit.catalogue import audit
    from replays.formatting import checked_words
    from tests.build import records

    with (ROOT / "examples/wbc-2023-game-1/game.yaml").open() as handle:
        events = [n.event for n in read_events(handle, "yaml")]
    report = audit(records(events))
    prose = [e for e in events if type(e).prose]
    bare = audit(records([e for e in events if not type(e).prose]))
    assert len(prose) == 11 and report.applied == bare.applied and report.unchecked == bare.unchecked
    assert (report.events, report.unread) == (30, 11 + bare.unread)
    assert checked_words(report).endswith(
        f"checked {report.applied - report.unchecked} of {report.applied} check applications "
        f"({(report.applied - report.unchecked) / report.applied:.1%}); {report.unchecked} not checked (above); "
        f"{report.unread} of 30 events are read by no check".replace("%", " %")
    )


def test_a_set_up_restates_how_a_hex_s_control_is_known() -> None:
    """A hex's control a report gives (with its citation), and control a report gives without naming the hex, come
    back from the set-up with how they are known, in its history at their own game turn; a table record of control
    stays in ``control``."""
    from awaw_events.codec import parse_event
    from projections.game import replay
    from replays.setup import dump, parse_setup, position, setup_events, setup_of

    def ev(tag: str, season: str, year: int = 1940, **fields: Any) -> Any:
        return parse_event({"type": tag, "year": year, "season": season, **fields})

    created = ev("game_created", "fall", 1939, phase="setup")
    record = [
        created,
        ev("hex_control_changed", "fall", 1939, phase="setup", hex="EUR:K38", controller="germany", cause="setup"),
        ev("hex_control_changed", "spring", side="axis", phase="combat", hex="EUR:K37", controller="germany",
           provenance="reported", citation="a report: Germany took Warsaw"),
        ev("hex_control_changed", "spring", until="1940-summer", hex="EUR:A1", controller="usa", cause="other",
           unknown=["hex"], provenance="reported", citation="a report: the U.S. held a hex of Iceland"),
    ]  # fmt: skip
    state = replay(record)
    written = setup_of(state)
    assert written["control"] == {"germany": ["EUR:K38"]}
    assert [(e["hex"], e["controller"], e["provenance"]) for e in written["history"]] == [
        ("EUR:K37", "germany", "reported"),
        ("EUR:A1", "usa", "reported"),
    ]
    again = replay([created, *(n.event for n in setup_events(parse_setup(dump(written))))])
    assert position(again) == position(state)
    assert again.board.control == {"EUR:K38": "germany", "EUR:K37": "germany"}  # the hex no source names: none

    def known(board: Any) -> dict[str, Any]:
        """How each fact is known, without its event number and game time (a fact of the record is dated by its
        game turn in a set-up: its player turn and phase are not kept)."""
        facts = {k if not k.startswith("control?") else "control?": v for k, v in board.known.items()}
        return {k: _undated(msgspec.to_builtins(v)) for k, v in facts.items()}

    assert known(again.board) == known(state.board)
    assert known(state.board)["control:EUR:K37"]["citation"] == "a report: Germany took Warsaw"
    assert known(again.board)["control?"] == {"provenance": "reported", "citation": "a report: the U.S. held a hex "
                                              "of Iceland", "unknown": ["hex"], "value": "usa"}  # fmt: skip
    assert [again.board.known[k].when for k in sorted(again.board.known)] == [
        "Spring 1940",
        "Spring 1940 to Summer 1940",
    ]


OLD_SETUP = """\
format: awaw-setup/1
start: 1939-winter
wars:
  belgium|germany: fall 1939
  britain|germany: fall 1939
  finland|russia: winter 1939
"""
"""A set-up written before wars kept their aggressor: each war under the board's sorted key."""


def test_an_old_set_up_s_wars_still_load_as_they_meant() -> None:
    """Before the aggressor was kept, a set-up wrote each war under its sorted key and was read with the first side
    that may declare war as the aggressor (a minor country never declares: 27.12 charges majors). Now that keys are
    written aggressor first, such a file still loads, each war with the aggressor it was read with: no minor
    country refused as an aggressor, and two powers in their sorted order as before."""
    from awaw_events.codec import parse_event
    from projections.game import replay
    from replays.setup import parse_setup, setup_events

    created = parse_event({"type": "game_created", "year": 1939, "season": "winter", "phase": "setup"})
    state = replay([created, *(n.event for n in setup_events(parse_setup(OLD_SETUP)))])
    assert state.board.declared == {
        "belgium|germany": "germany",
        "britain|germany": "britain",
        "finland|russia": "russia",
    }
    assert set(state.board.wars) == {"belgium|germany", "britain|germany", "finland|russia"}
