"""Map versions (``awaw map use``, ``map_data_changed``): a game moves to a newer version of its map data as an
event; before it is appended, the hexes the new extent drops, the facts it gives otherwise and what the audit would
now find are listed; from the change on, the checks read the new data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.events import MapDataChanged
from awaw_events.store import GameStore
from projections.rules.mapdata import MapData
from replays.cli import cli
from replays.maps import declared_map_data, load_map_file
from replays.mapwork.source import compile_source, emit_yaml, leading_comments
from replays.state import state_at

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
LAST = len(EXAMPLE.read_bytes().splitlines())
"""The example's last event (its generator decides how many there are)."""
TEST_MAP = ROOT / "examples" / "maps" / "fictional-test-map.yaml"
SOURCE = ROOT / "examples" / "maps" / "fictional-test-map.awmap"


def run(db: Path, *args: str, given: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), "--keys", str(db.parent / "keys"), *args], input=given)
    return result.exit_code, result.output


@pytest.fixture
def version_2(tmp_path: Path) -> Path:
    """The test map's version 2: L33 (which the example's armor enters) forest, E22 (Scapa Flow) off the map."""
    text = SOURCE.read_text(encoding="utf-8")
    for old, new in (
        ("version: 1\n", "version: 2\n"),
        ("L15 .9 c21 .14", "L15 .9 c9 f c11 .14"),
        ("E20 .42", "E20 .2 _ .39"),
    ):
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "fictional-test-map-2.yaml"
    path.write_text(emit_yaml(MapData.of(compile_source(text)), header=leading_comments(text)), encoding="utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "game.db"
    assert run(path, "import", "g", str(EXAMPLE), "--no-audit")[0] == 0
    return path


def test_what_a_change_does_is_listed_before_it_is_appended(db: Path, version_2: Path) -> None:
    code, out = run(db, "map", "use", "g", str(TEST_MAP), "--dry-run")
    assert code == 0, out
    assert "g uses rule-texts version 1" in out
    assert "its extent leaves out 0 of the 158 hexes the game has used" in out
    assert "it gives otherwise 0 fact(s) of the hexes the game has used" in out  # the test map keeps the rule texts
    assert f"read with it, the {LAST} events give 0 finding(s) they do not give now" in out
    assert f"would append: event {LAST + 1} map_data_changed" in out
    assert run(db, "map", "use", "g", str(TEST_MAP), "--yes", "--reason", "our map")[0] == 0
    code, out = run(db, "map", "use", "g", str(version_2), "--dry-run")
    assert code == 0, out
    assert "g uses fictional-test-map version 1" in out
    assert "its extent leaves out 1 of the 158 hexes the game has used:\n  EUR:E22\n" in out
    assert "it gives otherwise 1 fact(s) of the hexes the game has used:\n  EUR:L33 terrain: clear -> forest\n" in out
    assert f"read with it, the {LAST + 1} events give 3 finding(s) they do not give now:\n" in out
    assert "  event 298 13.41 movement_cost: ger-inf-3's move into EUR:L33, EUR:M33,\n" in out
    assert "  event 299 13.41 movement_cost: ger-arm-4's move into EUR:K32, EUR:L32," in out
    assert max(len(line) for line in out.splitlines()) <= 80
    data = json.loads(run(db, "map", "use", "g", str(version_2), "--dry-run", "--json")[1])
    assert data["dropped"] == ["EUR:E22"] and data["changed"][0]["where"] == "EUR:L33"
    assert [(f["seq"], f["check"]) for f in data["new_findings"]] == [
        (298, "movement_cost"),
        (298, "movement_cost"),
        (299, "movement_cost"),
    ]
    with GameStore(str(db)) as store:
        assert store.count("g") == LAST + 1  # the dry runs wrote nothing


def test_the_change_is_an_event_and_the_checks_follow_it(db: Path, version_2: Path) -> None:
    code, out = run(db, "map", "use", "g", str(TEST_MAP), "--reason", "our map", "--agreed-by", "anna", given="y\n")
    assert code == 0, out
    assert f"recorded in event {LAST + 1}: g uses fictional-test-map version 1 from here on" in out
    new = load_map_file(TEST_MAP).data
    with GameStore(str(db)) as store:
        record = next(iter(store.records("g", start=LAST + 1)))
        event = record.event
        assert isinstance(event, MapDataChanged)
        assert (event.name, event.version, event.sha256, event.reason, event.agreed_by) == (
            new.name,
            new.version,
            new.sha256,
            "our map",
            ["anna"],
        )
        assert event.previous_sha256 == declared_map_data(store, "g", at=LAST).data.sha256  # type: ignore[union-attr]
        assert (event.year, event.season) == (1940, "spring")
        found = declared_map_data(store, "g")
        assert found.data == new and store.map_data(new.sha256) is not None  # the file is kept in the store
        assert state_at(store.open("g"), LAST + 1).meta.map_data.sha256 == new.sha256  # type: ignore[union-attr]
        assert state_at(store.open("g"), LAST).meta.map_data.sha256 != new.sha256  # type: ignore[union-attr]
    # the game's audit reads the new data from the change on, and stays clean
    code, out = run(db, "audit", "g")
    assert code == 0, out


def test_a_change_nobody_agreed_to_or_that_changes_nothing_writes_nothing(
    db: Path, version_2: Path, tmp_path: Path
) -> None:
    code, out = run(db, "map", "use", "g", str(TEST_MAP), given="n\n")
    assert code == 1 and "nothing was written" in out
    assert run(db, "map", "use", "g", str(TEST_MAP), "--yes")[0] == 0
    code, out = run(db, "map", "use", "g", str(TEST_MAP), "--yes")
    assert code == 1 and "already uses these facts" in out
    code, out = run(db, "map", "use", "nope", str(TEST_MAP), "--yes")
    assert code == 1 and "no game or timeline named 'nope'" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: awaw-map-data/1\nname: t\nversion: 2\n", encoding="utf-8")
    code, out = run(db, "map", "use", "g", str(bad), "--yes")
    assert code == 1 and "line 3" in out and "version" in out
    with GameStore(str(db)) as store:
        assert store.count("g") == LAST + 1


def test_a_copied_game_keeps_the_map_data_it_moved_to(db: Path, tmp_path: Path) -> None:
    assert run(db, "map", "use", "g", str(TEST_MAP), "--yes")[0] == 0
    other = tmp_path / "other.db"
    code, out = run(db, "copy", str(db), str(other), "g")
    assert code == 0, out
    with GameStore(str(other)) as store:
        found = declared_map_data(store, "g")
        assert found.data is not None and found.data.name == "fictional-test-map"
