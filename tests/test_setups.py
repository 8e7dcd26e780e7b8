"""Set-ups (issue 11, item 4): ``awaw setup`` then ``awaw new --setup`` gives back the position exactly, at the end of
any phase of the example; the example's opening position ships as a set-up; a hand-written set-up starts a game;
a bad one is refused with its line and field, and nothing is written."""

from __future__ import annotations

import itertools
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_events.codec import decode
from awaw_events.events import AnyEvent
from awaw_events.gametime import GamePoint, time_key
from awaw_events.log import start_game
from awaw_events.store import GameStore
from projections import game
from replays.cli import cli
from replays.maps import shipped_map_data
from replays.setup import dump, parse_setup, position, resumes, setup_events, setup_of, start_point
from replays.state import state_at

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
SHIPPED_SETUP = ROOT / "examples" / "setup-1939.yaml"
EVENTS: list[AnyEvent] = [decode(line) for line in EXAMPLE.read_bytes().splitlines()]
PHASE_ENDS = [i for i in range(1, len(EVENTS)) if time_key(EVENTS[i]) != time_key(EVENTS[i - 1])] + [len(EVENTS)]
"""The last event of every phase (and game-turn step) of the example."""

SETUP_END = 278


def _new_game(text: str) -> game.GameState:
    found = parse_setup(text)
    store = GameStore(":memory:")
    point = start_point(found)
    start_game(
        store, "n", rules=found.rules, options=found.options, start=GamePoint(point.year, point.season),
        variant=found.variant, scenario=found.scenario, setup=setup_events(found), seeded=False,
        map_data=shipped_map_data().declaration(), resumes=resumes(found),
    )  # fmt: skip
    return state_at(store.open("n"), store.count("n"))


def _differences(a: dict[str, object], b: dict[str, object]) -> dict[str, object]:
    return {k: (a[k], b.get(k)) for k in a if a[k] != b.get(k)}


def test_every_phase_end_of_the_example_comes_back_exactly() -> None:
    """The library path, at every one of the example's phase ends."""
    assert len(PHASE_ENDS) > 80
    state = game.initial()
    previous = 0
    for end in PHASE_ENDS:
        state = game.fold(state, EVENTS[previous:end])
        previous = end
        again = _new_game(dump(setup_of(state)))
        assert _differences(position(state), position(again)) == {}, f"after event {end} ({state.clock.label})"


@pytest.fixture(scope="module")
def example_db() -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "example.db")
        result = CliRunner().invoke(cli, ["--db", db, "import", "ex", str(EXAMPLE), "--no-audit"])
        assert result.exit_code == 0, result.output
        yield db


NAMES = itertools.count()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(end=st.sampled_from(PHASE_ENDS))
def test_awaw_setup_then_awaw_new_reproduce_a_random_phase_end(example_db: str, tmp_path: Path, end: int) -> None:
    runner = CliRunner()
    name = f"n{next(NAMES)}"
    path = tmp_path / f"{name}.yaml"
    wrote = runner.invoke(cli, ["--db", example_db, "setup", "ex", "--at", str(end), "-o", str(path)])
    assert wrote.exit_code == 0, wrote.output
    made = runner.invoke(cli, ["--db", example_db, "new", name, "--setup", str(path), "--physical-dice"])
    assert made.exit_code == 0, made.output
    with GameStore(example_db) as store:
        original = state_at(store.open("ex"), end, save=False)
        again = state_at(store.open(name), store.count(name), save=False)
    assert _differences(position(original), position(again)) == {}


def test_the_example_opening_position_ships_as_a_set_up(example_db: str, tmp_path: Path) -> None:
    runner = CliRunner()
    title = "The example's opening position: examples/campaign-1939.jsonl at the end of its set-up (Fall 1939)"
    written = runner.invoke(cli, ["--db", example_db, "setup", "ex", "--at", "1939-fall/setup", "--title", title])
    assert written.exit_code == 0
    assert written.stdout == SHIPPED_SETUP.read_text(), "regenerate examples/setup-1939.yaml (docs/setup.md)"
    made = runner.invoke(cli, ["--db", example_db, "new", "opening", "--setup", str(SHIPPED_SETUP)])
    assert made.exit_code == 0, made.output
    with GameStore(example_db) as store:
        assert store.count("opening") == 277  # the example's 278 set-up events, less its note
        assert (
            _differences(
                position(state_at(store.open("ex"), SETUP_END, save=False)),
                position(state_at(store.open("opening"), 277, save=False)),
            )
            == {}
        )
    audited = runner.invoke(cli, ["--db", example_db, "audit", "opening"])
    assert audited.exit_code == 0, audited.output


HAND_WRITTEN = """\
format: awaw-setup/1
title: A border skirmish
start: 1939-fall/axis/movement
brps:
  germany: {base: 150, available: 90}
ctl:
  european_axis: {ground: 2}
wars:
  germany|poland: fall 1939
control:
  germany: [EUR:L33]
  poland: [EUR:L34, EUR:M33]
units:
  germany:
    EUR:L33:
      ger-arm-1: armor 4-6
      ger-aaf-1: aaf 5 inverted
  britain:
    EUR:L34: {pol-inf-1: infantry 2-3 poland}
"""


@pytest.fixture
def awaw(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = str(tmp_path / "g.db")
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--db", db, *args], input=input)

    return invoke


def test_a_reported_game_with_approximate_dates_comes_back_exactly(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The WBC 2023 game's wars began at a date the report gives only as a range (``until``, issue 16): its set-up
    keeps the range (``spring 1939 to fall 1939``), and the new game's position, wars included, is the same. The
    wars are inferred, so the set-up restates them in its history, with who declared them and how they are known."""
    assert awaw("import", "wbc", str(ROOT / "examples" / "wbc-2023-game-1" / "game.yaml")).exit_code == 0
    path = tmp_path / "wbc.yaml"
    assert awaw("setup", "wbc", "-o", str(path)).exit_code == 0
    wars = [e for e in parse_setup(path.read_text()).history if e["type"] == "war_declared"]
    assert [(w["aggressor"], w["target"], w["since_season"], w["since_year"], w["since_until"]) for w in wars] == [
        ("germany", "britain", "spring", 1939, "1939-fall"),
        ("germany", "france", "spring", 1939, "1939-fall"),
    ]
    assert {w["provenance"] for w in wars} == {"inferred"}
    made = awaw("new", "again", "--setup", str(path), "--physical-dice")
    assert made.exit_code == 0, made.output
    with GameStore(str(tmp_path / "g.db")) as store:
        original = position(state_at(store.open("wbc"), store.count("wbc"), save=False))
        again = position(state_at(store.open("again"), store.count("again"), save=False))
    assert original["wars"] == {
        "britain|germany": "spring 1939 to fall 1939",
        "france|germany": "spring 1939 to fall 1939",
    }
    assert _differences(original, again) == {}


def test_a_hand_written_set_up_starts_a_game_where_it_says(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "skirmish.yaml"
    path.write_text(HAND_WRITTEN)
    made = awaw("new", "g", "--setup", str(path), "--physical-dice", "--json")
    assert made.exit_code == 0, made.output
    board = json.loads(awaw("state", "g", "--view", "board", "--json").output)["board"]
    units = board["units"]
    assert units["ger-arm-1"]["location"] == "EUR:L33" and units["ger-arm-1"]["movement"] == 6
    assert units["ger-aaf-1"]["inverted"] is True
    assert (units["pol-inf-1"]["owner"], units["pol-inf-1"]["nationality"]) == ("britain", "poland")
    assert (
        json.loads(awaw("state", "g", "--view", "brp", "--json").output)["brp"]["powers"]["germany"]["available"] == 90
    )
    refused = awaw("move", "g", "ger-arm-1", "EUR:L34", "--yes")  # the Polish infantry holds it (13.46)
    assert refused.exit_code == 1 and "(13.46" in refused.output and "nothing was written" in refused.output
    moved = awaw("move", "g", "ger-arm-1", "EUR:M33", "--yes")  # play goes on in the movement phase
    assert moved.exit_code == 0, moved.output
    assert "Hex control changed: EUR:M33 now controlled by Germany (movement)" in moved.output


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("units:", "unitz:"), "line 13, field 'unitz': unknown field 'unitz' (docs/setup.md lists the fields)"),
        (("armor 4-6", "armour four"), "field 'units.germany.EUR:L33.ger-arm-1': expected 'TYPE FACTORS"),
        (("base: 150", "base: lots"), "line 5, field 'brps.germany.base': expected `int`, got `str`"),
        (("format: awaw-setup/1", "format: setup/9"), "line 1, field 'format': invalid enum value 'setup/9'"),
        (("EUR:L33:\n", "EUR:L333:\n"), "field 'location'"),
    ],
)
def test_a_bad_set_up_is_refused_with_its_line_and_field(awaw, tmp_path: Path, change, expected: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.yaml"
    path.write_text(HAND_WRITTEN.replace(*change))
    made = awaw("new", "g", "--setup", str(path), "--physical-dice")
    assert made.exit_code != 0
    assert expected in made.output
    assert awaw("games").output.startswith("no games yet")


def test_setup_and_scenario_do_not_go_together(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.yaml"
    path.write_text(HAND_WRITTEN)
    refused = awaw("new", "g", "--setup", str(path), "--scenario", str(path))
    assert refused.exit_code == 2
    assert "--setup and --scenario" in refused.output


def test_awaw_setup_refuses_to_write_over_what_is_not_a_set_up(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "s.yaml"
    path.write_text(HAND_WRITTEN)
    assert awaw("new", "g", "--setup", str(path), "--physical-dice").exit_code == 0
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes\n")
    refused = awaw("setup", "g", "-o", str(precious))
    assert refused.exit_code == 1
    assert precious.read_text() == "my notes\n"
    assert awaw("setup", "g", "--at", "1950-spring").exit_code == 2
