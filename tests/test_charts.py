"""Charts: each chart's data series equal the ledgers (read back through ``awaw state --json`` at each turn), the
figure is drawn from those series, a branch is drawn against its parent from the fork, and the images are real."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from awaw_events.store import GameStore
from replays.charts import Chart, Series, chart, turn_words
from replays.cli import cli
from replays.views.brp import CATEGORY_WORDS
from replays.views.common import country

matplotlib = pytest.importorskip("matplotlib", reason="the charts extra (matplotlib) is not installed")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "campaign-1939.jsonl"
LAST = len(EXAMPLE.read_text().splitlines())
CATEGORY = {words: category for category, words in CATEGORY_WORDS.items()}
SIDE = {
    "germany": "axis",
    "italy": "axis",
    "japan": "axis",
    "britain": "allied",
    "france": "allied",
    "usa": "allied",
    "russia": "allied",
    "china": "allied",
}


@pytest.fixture(scope="module")
def example_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("charts") / "game.db"
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", str(path), "import", "g", str(EXAMPLE)]).exit_code == 0
    assert runner.invoke(cli, ["--db", str(path), "branch", "g", "alt", "--at", "1939-winter"]).exit_code == 0
    return path


@pytest.fixture(scope="module")
def charts(example_db: Path) -> dict[str, Chart]:
    store = GameStore(str(example_db))
    try:
        found = {view: chart(store, "g", view) for view in ("brp", "oil", "naval", "losses")}  # type: ignore[arg-type]
        found["brp-alt"] = chart(store, "g/alt", "brp")
        return found
    finally:
        store.close()


def state_json(db: Path, point: str, view: str, timeline: str = "g") -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["--db", str(db), "state", timeline, "--at", point, "--view", view, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)[view]
    return data


def point_of(label: str) -> str:
    season, year = label.split()
    return f"{year}-{season.lower()}"


def series(panel_series: tuple[Series, ...], label: str) -> Series:
    return next(s for s in panel_series if s.label == label)


def test_brp_series_equal_the_ledgers_at_each_turn(charts: dict[str, Chart], example_db: Path) -> None:
    brp = charts["brp"]
    assert [p.title for p in brp.panels] == [
        "Germany",
        "Italy",
        "Japan",
        "Britain",
        "France",
        "U.S.",
        "Russia",
        "China",
    ]
    germany = brp.panels[0]
    assert germany.labels == ("Fall 1939", "Winter 1939", "Spring 1940")
    for index, label in enumerate(germany.labels):
        ledger = state_json(example_db, point_of(label), "brp")
        for panel in brp.panels:
            power = next(p for p in ledger["powers"] if country(p) == panel.title)
            assert series(panel.series, "BRPs available").values[index] == ledger["powers"][power]["available"]
            assert series(panel.series, "BRP base").values[index] == ledger["powers"][power]["base"]
            spent = ledger["by_category"].get(power, {})
            for s in panel.series:
                if s.style == "bar":
                    assert s.values[index] == spent.get(CATEGORY[s.label], 0), (power, s.label, label)
    assert sum(series(germany.series, "declarations of war (27.12)").values) == 10 + 20  # Poland; Denmark, Norway


def test_oil_series_equal_the_ledger_at_each_player_turn(charts: dict[str, Chart], example_db: Path) -> None:
    (japan,) = (p for p in charts["oil"].panels if p.title.startswith("japan"))
    level = series(japan.series, "oil in the reserve (fifths)")
    maximum = series(japan.series, "maximum (33.422)")
    checked = 0
    for index, label in enumerate(japan.labels):
        turn, part = label.rsplit(" ", 1)
        if part not in ("Axis", "Allied"):
            continue
        ledger = state_json(example_db, f"{point_of(turn)}/{part.lower()}", "oil")
        assert level.values[index] == ledger["reserves"]["japan"]["level"], label
        assert maximum.values[index] == ledger["reserves"]["japan"]["maximum"] == 50
        checked += 1
    assert checked == 3  # Fall 1939, Winter 1939, Spring 1940 Axis


def test_naval_series_are_the_ships_by_yard_and_launch_turn(charts: dict[str, Chart], example_db: Path) -> None:
    (panel,) = charts["naval"].panels
    ships = state_json(example_db, str(LAST), "naval")["ships"]
    expected: dict[tuple[str, str], int] = {}
    for ship in ships.values():
        when = ship.get("launched") or ship.get("expected_launch")
        if when and ship.get("yard"):
            expected[(ship["yard"], when)] = expected.get((ship["yard"], when), 0) + ship["factors"]
    drawn = {
        (s.label, panel.labels[i]): int(s.sizes[i])
        for s in panel.series
        for i, v in enumerate(s.values)
        if v is not None
    }
    assert drawn == expected
    assert ("kiel", "Spring 1942") in drawn  # Tirpitz, expected in Spring 1942


def test_losses_series_equal_the_eliminated_units(charts: dict[str, Chart], example_db: Path) -> None:
    (panel,) = charts["losses"].panels
    eliminated = state_json(example_db, str(LAST), "board")["eliminated"]
    expected: dict[tuple[str, str], int] = {}
    for unit in eliminated.values():
        key = ({"axis": "Axis", "allied": "Allies"}[SIDE[unit["owner"]]], unit["when"].title())
        expected[key] = expected.get(key, 0) + unit["factors"]
    drawn = {(s.label, panel.labels[i]): v for s in panel.series for i, v in enumerate(s.values) if v}
    assert drawn == expected


def test_a_branch_is_drawn_against_its_parent_from_the_fork(charts: dict[str, Chart]) -> None:
    germany_alt = charts["brp-alt"].panels[0]
    germany = charts["brp"].panels[0]
    parent = series(germany_alt.series, "BRPs available (g)")
    assert parent.parent and parent.timeline == "g"
    mine = series(germany.series, "BRPs available")
    for index, label in enumerate(germany_alt.labels):
        expected = mine.values[germany.labels.index(label)] if label != "Fall 1939" else None
        assert parent.values[index] == expected, label
    assert germany_alt.labels == germany.labels
    assert series(germany_alt.series, "BRPs available").values == (72, 45, None)  # the branch stops in Winter 1939


def test_the_figure_is_drawn_from_the_series(charts: dict[str, Chart]) -> None:
    from replays.plotting import figure

    fig = figure(charts["losses"])
    (ax, *_) = fig.axes
    lines = {line.get_label(): list(line.get_ydata()) for line in ax.get_lines()}
    for s in charts["losses"].panels[0].series:
        assert lines[s.label] == [v for v in s.values if v is not None]
    assert [t.get_text() for t in ax.get_xticklabels()] == list(charts["losses"].panels[0].labels)
    matplotlib.pyplot.close(fig)


@pytest.mark.parametrize("view", ["brp", "oil", "naval", "losses"])
def test_plot_writes_a_png_of_the_right_size_that_is_not_blank(example_db: Path, tmp_path: Path, view: str) -> None:
    from matplotlib import image

    out = tmp_path / f"{view}.png"
    result = CliRunner().invoke(cli, ["--db", str(example_db), "plot", "g", "--view", view, "-o", str(out)])
    assert result.exit_code == 0, result.output
    pixels = image.imread(io.BytesIO(out.read_bytes()), format="png")
    height, width = pixels.shape[:2]
    assert (width, height) in ((900, 480), (1680, 680))  # one panel 9x4.8 in, eight panels 4x2 at 100 dpi
    assert pixels[..., :3].std() > 0.05  # not blank


def test_plot_svg_and_bad_outputs(example_db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    out = tmp_path / "c.svg"
    assert runner.invoke(cli, ["--db", str(example_db), "plot", "g", "--view", "oil", "-o", str(out)]).exit_code == 0
    text = out.read_text()
    assert text.startswith("<?xml") and "<svg" in text and turn_words(158) in text
    bad = runner.invoke(cli, ["--db", str(example_db), "plot", "g", "-o", str(tmp_path / "c.txt")])
    assert bad.exit_code == 2 and "expected a .png or .svg file" in bad.output
    late = runner.invoke(cli, ["--db", str(example_db), "plot", "g", "--to", "1941-spring", "-o", str(out)])
    assert late.exit_code == 2 and "has not reached 1941-spring" in late.output
    monkeypatch.setitem(__import__("sys").modules, "matplotlib", None)
    missing = runner.invoke(cli, ["--db", str(example_db), "plot", "g", "-o", str(out)])
    assert missing.exit_code == 1 and "pip install 'awaw-events[charts]'" in missing.output
