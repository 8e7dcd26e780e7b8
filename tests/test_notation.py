"""Positions in one line (``replays/notation.py``): a line reads as the set-up file it abbreviates, a game started
from it is the game ``awaw new --setup`` starts from that file (one code path), and every mistake names its
column."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from awaw_events.errors import InputError
from awaw_events.events import GameCreated, HexControlChanged, UnitPlaced
from awaw_events.store import GameStore
from projections.game import replay
from replays.cli import cli
from replays.maps import shipped_map_data
from replays.notation import parse_line
from replays.setup import parse_setup, setup_events
from tests.build import audit, game, position

LINE = (
    "1939-fall axis movement | ger: arm-3 4-6 EUR:M35, inf-1 EUR:L35 | poland@brit: arm-1 2-5 EUR:L37"
    " | ctl ger 2 | ctrl poland EUR:L36 EUR:L37 | brp ger 150/110, brit 125 | war ger poland"
)
YAML = """\
format: awaw-setup/1
start: 1939-fall/axis/movement
brps:
  germany: {base: 150, available: 110}
  britain: {base: 125, available: 125}
ctl: {european_axis: {ground: 2}}
wars: {germany|poland: fall 1939}
control: {poland: [EUR:L36, EUR:L37]}
units:
  germany:
    EUR:M35: {ger-arm-3: armor 4-6}
    EUR:L35: {ger-inf-1: infantry 3}
  britain:
    EUR:L37: {pol-arm-1: armor 2-5 poland}
"""


def test_a_line_is_the_set_up_file_it_abbreviates() -> None:
    assert setup_events(parse_line(LINE)) == setup_events(parse_setup(YAML))


def test_a_game_from_a_line_is_the_game_awaw_new_starts_from_the_file(tmp_path: Path) -> None:
    (tmp_path / "p.yaml").write_text(YAML)
    db = str(tmp_path / "g.db")
    made = CliRunner().invoke(cli, ["--db", db, "new", "g", "--setup", str(tmp_path / "p.yaml"), "--physical-dice"])
    assert made.exit_code == 0, made.output
    with GameStore(db) as store:
        recorded = list(store.events("g"))
    first = recorded[0]
    assert isinstance(first, GameCreated) and first.creator_key is not None  # the keys directory's, not the line's
    recorded[0] = msgspec.structs.replace(first, creator_key=None)
    built = position(LINE, map_data=shipped_map_data().declaration())
    assert built == recorded
    assert replay(built) == replay(recorded)


def test_the_position_reads_like_the_rule() -> None:
    events = position(LINE)
    placed = {e.unit: (e.owner, e.nationality, e.unit_type, e.factors, e.movement, e.location) for e in events
              if isinstance(e, UnitPlaced)}  # fmt: skip
    assert placed == {
        "ger-arm-3": ("germany", "germany", "armor", 4, 6, "EUR:M35"),
        "ger-inf-1": ("germany", "germany", "infantry", 3, None, "EUR:L35"),
        "pol-arm-1": ("britain", "poland", "armor", 2, 5, "EUR:L37"),
    }
    state = replay(events)
    assert state.clock.label == "Fall 1939 Axis movement"
    assert {h: state.board.control[h] for h in ("EUR:L36", "EUR:L37")} == {"EUR:L36": "poland", "EUR:L37": "poland"}
    assert [e.hex for e in events if isinstance(e, HexControlChanged)] == ["EUR:L36", "EUR:L37"]


def test_a_game_built_from_a_line_audits_as_its_events_do() -> None:
    store = game(LINE)
    events = list(store.events("g"))
    assert events == position(LINE)
    assert audit(events).findings == audit(position(LINE)).findings


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [
        ("1939-fal", 1, "expected YEAR-SEASON (1939-fall), got '1939-fal'"),
        ("1939-fall axis sideways", 16, "expected a phase, got 'sideways'"),
        ("1939-fall sideways", 11, "expected a side (axis, allied) or a phase, got 'sideways'"),
        ("1939-fall | ger: foo-1 EUR:L35", 18, "expected KIND-TAG, KIND a unit type or one of inf, mech"),
        ("1939-fall | ger: inf-1", 18, "expected a unit: KIND-TAG [FACTORS] LOCATION"),
        ("1939-fall | ger: inf-1 3-3 L35", 28, "expected a location (EUR:M35"),
        ("1939-fall | ger: inf-1 3-3 EUR:L35 upside", 36, "expected 'inverted' or 'damaged' after the location"),
        ("1939-fall | ger: inf-1 EUR:L35, inf-1 EUR:L36", 33, "ger-inf-1 is placed twice"),
        ("1939-fall | poland: inf-1 EUR:L35", 13, "a minor country's units name the power that plays them"),
        ("1939-fall | poland@xyz: inf-1 EUR:L35", 20, "expected a major power"),
        ("1939-fall | ctl ger 2, rus air x", 32, "expected a level (a number), got 'x'"),
        ("1939-fall | ctl ger sea 2", 21, "expected a domain (ground, air, naval), got 'sea'"),
        ("1939-fall | ctrl poland EUR:L99x", 25, "expected a hex (EUR:M35, PAC:DD11), got 'EUR:L99x'"),
        ("1939-fall || ger: inf-1 EUR:L35", 12, "an empty section"),
        ("1939-fall | ger: inf-1 EUR:L35 |", 33, "an empty section"),
        ("1939-fall | blah", 13, "expected NATIONALITY: units, or a keyword (ctl, ctrl, brp"),
        ("1939-fall | brp ger", 13, "expected brp POWER BASE[/AVAILABLE]"),
        ("1939-fall | status poland nonsense", 13, "'nonsense' is not allowed; expected one of: activated"),
        ("1939-fall | option deficit", 20, "expected ID=VALUE, got 'deficit'"),
        ("1939-fall | ger: inf-1 3-13 EUR:L35", 18, "expected `int` <= 12 (units.germany.EUR:L35.ger-inf-1)"),
    ],
)
def test_every_mistake_names_its_column(line: str, column: int, message: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_line(line)
    assert raised.value.where == f"column {column}"
    assert raised.value.message.startswith(message), raised.value.message
