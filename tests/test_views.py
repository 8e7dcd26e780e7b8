"""The views people read: every projection's own view, at 80 columns without a cut cell, full width in a file,
filtered by power, with nothing stored left out and no internal field names; change lines in plain words."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.events import CtlSet, DiplomaticResult, StatusChanged, TensionChanged, WarDeclared
from awaw_events.store import GameStore
from projections.game import GameState, fold
from replays.cli import cli
from replays.points import resolve_point
from replays.state import state_at
from replays.views import MODULES, render
from replays.views.common import console
from tests.build import awaw

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
POINTS = ("1939-fall/setup", "1939-fall/axis/combat", "1939-winter", "1940-spring/axis/combat", "1940-spring")
BOX = set("─━│┃┌┐└┘├┤┬┴┼╴╶")


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("views") / "game.db"
    result = CliRunner().invoke(cli, ["--db", str(path), "import", "g", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def states(example_db: Path) -> dict[str, GameState]:
    store = GameStore(str(example_db))
    try:
        return {p: state_at(store.open("g"), resolve_point(store.open("g"), p), save=False) for p in POINTS}
    finally:
        store.close()


def text_of(state: GameState, view: str, width: int, power: str | None = None) -> str:
    buffer = io.StringIO()
    out = console(width=width, file=buffer)
    for item in render(state, view, power):
        out.print(item)
    return buffer.getvalue()


def words(text: str) -> set[str]:
    return {w for w in text.split() if not set(w) <= BOX}


def run(db: Path, *args: str, env: dict[str, str | None] | None = None) -> tuple[int, str]:
    return awaw(db, *args, env=env or {"COLUMNS": None})


@pytest.mark.parametrize("view", list(MODULES))
@pytest.mark.parametrize("point", POINTS)
def test_every_view_fits_80_columns_without_cutting_a_cell(states: dict[str, GameState], view: str, point: str) -> None:
    narrow = text_of(states[point], view, 80)
    wide = text_of(states[point], view, 100_000)
    assert "…" not in narrow
    assert max(len(line) for line in narrow.splitlines()) <= 80
    # wrapping moves whole words to the next line; a word folded or cut in two would be a new word
    assert words(narrow) <= words(wide), sorted(words(narrow) - words(wide))[:10]
    assert words(wide) <= words(narrow), sorted(words(wide) - words(narrow))[:10]


@pytest.mark.parametrize("power", ["germany", "britain", "japan", "usa"])
def test_views_of_one_power_fit_80_columns_too(states: dict[str, GameState], power: str) -> None:
    for view in MODULES:
        narrow = text_of(states["1940-spring"], view, 80, power)
        assert max(len(line) for line in narrow.splitlines()) <= 80
        assert words(narrow) == words(text_of(states["1940-spring"], view, 100_000, power))


def test_piped_output_is_full_width_not_160_columns(example_db: Path) -> None:
    code, out = run(example_db, "state", "g", "--view", "board")
    assert code == 0
    germany_hexes = next(line for line in out.splitlines() if line.lstrip().startswith("Germany ") and "EUR:" in line)
    assert germany_hexes.count("EUR:") == 15  # all of Germany's hexes on one line: nothing wrapped
    code, narrow = run(example_db, "state", "g", "--view", "board", env={"COLUMNS": "80"})
    assert max(len(line) for line in narrow.splitlines()) <= 80
    assert all(line.count("EUR:") < 15 for line in narrow.splitlines())
    code, out = run(example_db, "log", "g")
    first = next(line for line in out.splitlines() if "Game created" in line)
    assert "Classic campaign game" in first and "house-rule option" in first and len(first) > 160  # one line


def test_no_internal_field_names_in_the_views(example_db: Path) -> None:
    code, out = run(example_db, "state", "g")
    assert code == 0
    for internal in (
        "laid_down_turn",
        "work_started_turn",
        "yss_deficit",
        "deficit_peak",
        "base_opening",
        "capacity_rule",
        "one_factor",
        "by_category",
        "{",
        "entries}",
    ):
        assert internal not in out, internal
    for term in ("BRP base", "construction limit (27.3)", "Oil reserves (33.42)", "waiting for repair Gneisenau"):
        assert term in out, term


def test_no_identifiers_in_the_words_people_read(example_db: Path) -> None:
    """Ids (``wa_india``, ``us_atlantic``) never reach the text views: no snake_case token, and the U.S. is never
    spelt "Us" (a title-cased id)."""
    for args in (("state", "g"), ("state", "g", "--at", "400")):
        code, out = run(example_db, *args)
        assert code == 0
        assert re.findall(r"\b[a-z]+_[a-z0-9_]+\b", out) == [], args
        assert re.findall(r"\bUs [A-Z]", out) == [], args
    assert "U.S. Atlantic box" in run(example_db, "state", "g")[1]


def test_power_filter(example_db: Path, states: dict[str, GameState]) -> None:
    end = states["1940-spring"]
    german = {u for u, unit in end.board.units.items() if unit.owner == "germany"}
    others = set(end.board.units) - german
    code, out = run(example_db, "state", "g", "--power", "germany")
    assert code == 0
    shown = words(out)
    assert german <= shown
    assert not others & shown
    assert "Britain:" not in out and "Japan:" not in out  # no other power's units or ledger
    code, out = run(example_db, "state", "g", "--power", "germany", "--json")
    data = json.loads(out)
    assert set(data["board"]["units"]) == german
    assert set(data["brp"]["powers"]) == {"germany"}
    assert set(data["oil"]["reserves"]) == {"european_axis"}
    assert {c["owner"] for c in data["naval"]["charts"].values()} == {"germany"}
    code, out = run(example_db, "state", "g", "--power", "germny")
    assert code == 2
    assert "'germny' is not a major power" in out and "germany, italy" in out


def test_everything_stored_is_visible(states: dict[str, GameState]) -> None:
    when = {"year": 1940, "season": "summer", "side": "allied", "phase": "diplomacy"}
    state = fold(
        states["1940-spring"],
        [
            DiplomaticResult(**when, country="sweden", faction="european_axis", result=7),  # type: ignore[arg-type]
            StatusChanged(**when, country="sweden", status="associated"),  # type: ignore[arg-type]
            TensionChanged(**when, track="usat", old=7, new=12),  # type: ignore[arg-type]
            CtlSet(**when, faction="russia", domain="air", level=3),  # type: ignore[arg-type]
            WarDeclared(**when, aggressor="italy", target="greece", brp_cost=10),  # type: ignore[arg-type]
        ],
    )
    text = text_of(state, "board", 80)
    assert re.search(r"Sweden\s+associated\s+7", text)
    assert re.search(r"U\.S\. Atlantic tension \(USAT\)\s+12", text)
    assert re.search(r"Russia\s+3\s+1", text)  # air CTL, ground CTL
    assert re.search(r"Russia\s+6", text_of(state, "weather", 80))  # winter preparation: the weather view
    assert re.search(r"Greece and Italy\s+Summer 1940", text)
    assert "Railheads" not in text  # nothing recorded, nothing shown


def _seq_of(*fragments: str) -> int:
    for number, text in enumerate(EXAMPLE.read_text().splitlines(), start=1):
        if all(f in text for f in fragments):
            return number
    raise AssertionError(fragments)


def test_change_lines_in_plain_words(example_db: Path) -> None:
    seq = _seq_of('"type":"war_declared"', '"target":"denmark"')
    before = json.loads(run(example_db, "state", "g", "--at", str(seq - 1), "--view", "brp", "--json")[1])
    after = json.loads(run(example_db, "state", "g", "--at", str(seq), "--view", "brp", "--json")[1])
    a, b = before["brp"]["powers"]["germany"]["available"], after["brp"]["powers"]["germany"]["available"]
    assert a > b
    code, out = run(example_db, "replay", "g", "--from", str(seq), "--to", str(seq))
    assert code == 0
    assert f"    Germany: {a - b} BRPs fewer available, {a} → {b}" in out.splitlines()
    assert "    Denmark and Germany: at war from Spring 1940" in out.splitlines()


def test_replay_json_is_data(example_db: Path) -> None:
    seq = _seq_of('"type":"war_declared"', '"target":"denmark"')
    code, out = run(example_db, "replay", "g", "--from", str(seq), "--to", str(seq), "--json")
    assert code == 0
    step = json.loads(out)
    event = step["events"][0]
    assert (event["seq"], event["type"], event["aggressor"], event["target"]) == (
        seq,
        "war_declared",
        "germany",
        "denmark",
    )
    assert isinstance(event["brp_cost"], int)
    available = next(c for c in step["changes"]["brp"] if c["subject"] == "germany" and c["what"] == "available")
    assert available["before"] - available["after"] == event["brp_cost"]
    war = next(c for c in step["changes"]["board"] if c["what"] == "war")
    assert (war["subject"], war["before"]) == ("denmark|germany", None)


def test_every_command_that_prints_takes_json() -> None:
    import click

    from replays.cli import COMMANDS

    def commands(group: click.Group, names: list[str], prefix: str = "") -> list[tuple[str, click.Command]]:
        found = []
        for name in names:
            command = group.get_command(click.Context(group), name)
            assert command is not None
            if isinstance(command, click.Group):  # a group prints nothing itself: its commands do
                found += commands(command, command.list_commands(click.Context(command)), f"{prefix}{name} ")
            else:
                found.append((prefix + name, command))
        return found

    for name, command in commands(cli, list(COMMANDS)):
        options = {opt for param in command.params for opt in getattr(param, "opts", [])}
        # export and schema print events or JSON anyway; map decompile prints a source file
        assert "--json" in options or name in ("export", "schema", "map decompile"), name


def test_json_everywhere_is_data(tmp_path: Path) -> None:
    db = tmp_path / "j.db"

    def data(*args: str) -> dict[str, object]:
        code, out = run(db, *args, "--json")
        assert code == 0, out
        found: dict[str, object] = json.loads(out)
        return found

    assert data("new", "j")["game"] == "j"
    recorded = data("record", "j", "note_added", "about=1", 'text="first"')
    assert recorded["event"]["type"] == "note_added"  # type: ignore[index]
    rolled = data("roll", "j", "--purpose", "crt", "--dice", "2")
    assert rolled["total"] == sum(rolled["dice"])  # type: ignore[arg-type]
    assert data("branch", "j", "b")["fork_at"] == rolled["seq"]
    assert data("bookmark", "j", "start", "--at", "1")["at"] == 1
    assert data("note", "j", "1", "hello")["about"] == 1
    assert data("snapshot", "j")["every"] == 2000
    assert data("promote", "j/b") == {"main_line": "j", "old_main_line": "j/previous-main"}
    assert data("branch", "j", "c")["timeline"] == "j/c"
    assert data("prune", "j/c") == {"deleted": "j/c"}
    assert data("reveal", "j")["game"] == "j"
