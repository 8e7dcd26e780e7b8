"""The board on the map data (``awaw board``, the report's boards): only the hexes that exist are drawn, terrain and
coasts come from the map data (sampled terrain marked as such), every hex carries its id where it fits, and one
function puts every hex centre on the page. The game is the shipped example started with the fictional test map."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from projections.rules.geometry import Grid, hexes_of
from projections.rules.mapdata import MapData, MapFile
from replays.cli import cli
from replays.maps import load_map_file
from replays.pictures.board import PanelPlace, draw_board, hex_centre, on_the_map

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
TEST_MAP = ROOT / "examples" / "maps" / "fictional-test-map.yaml"
SVG = "{http://www.w3.org/2000/svg}"
DATA = load_map_file(TEST_MAP).data
WHOLE = "EUR:A0..NN99"
"""Every hex id of the European map's id space."""


def run(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--db", str(db), "--keys", str(db.parent / "keys"), *args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example, its map data the test map (its ``map_data_used`` says so), in a store that keeps the file."""
    folder = tmp_path_factory.mktemp("board-map")
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    used = json.loads(lines[1])
    assert used["type"] == "map_data_used"
    used.update(name=DATA.name, version=DATA.version, sha256=DATA.sha256, source=TEST_MAP.name)
    lines[1] = json.dumps(used)
    game = folder / "game.jsonl"
    game.write_text("\n".join(lines) + "\n", encoding="utf-8")
    path = folder / "game.db"
    code, printed = run(path, "import", "g", str(game), "--no-audit", "--map-data", str(TEST_MAP))
    assert code == 0, printed
    return path


def draw(db: Path, tmp_path: Path, *args: str) -> tuple[ET.Element, dict[str, object]]:
    out = tmp_path / "board.svg"
    code, printed = run(db, "board", "g", *args, "-o", str(out), "--json")
    assert code == 0, printed
    return ET.parse(out).getroot(), json.loads(printed)


def hexes_drawn(root: ET.Element) -> dict[str, ET.Element]:
    return {u.get("data-hex", ""): u for u in root.iter(f"{SVG}use") if "hex" in u.get("class", "").split()}


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def test_no_hex_the_map_data_says_does_not_exist_is_drawn(db: Path, tmp_path: Path) -> None:
    extent = DATA.extent_of("EUR")
    assert extent is not None
    root, summary = draw(db, tmp_path, "--area", WHOLE, "--at", "1939-fall/setup")
    drawn = hexes_drawn(root)
    assert set(drawn) == set(extent)  # every hex that exists, and no other
    assert summary["hexes"] == len(extent) == 1867
    assert summary["hexes_not_on_the_map"] == 40 * 100 - len(extent)
    # the default area too: the block of what the board touches, less the hexes that do not exist
    root, summary = draw(db, tmp_path)
    drawn = hexes_drawn(root)
    eur = {h for h in drawn if h.startswith("EUR:")}
    assert eur and eur <= extent
    assert any(h.startswith("PAC:") for h in drawn)  # the Pacific map has no extent: its block is drawn whole
    assert summary["hexes_not_on_the_map"] > 0


def test_terrain_coasts_rivers_and_ids_come_from_the_map_data(db: Path, tmp_path: Path) -> None:
    root, _ = draw(db, tmp_path, "--area", "EUR:G24..R44", "--at", "1939-fall/setup")
    drawn = hexes_drawn(root)
    region = hexes_of(["EUR:G24..R44"])
    assert set(drawn) == set(region)
    for h in region:
        facts = DATA.hex(h)
        assert facts is not None and drawn[h].get("data-terrain") == facts.terrain, h
    coasts = {tuple(g.get("data-between", "").split()) for g in groups(root, "coast")}
    sides = {s.between for s in DATA.hexsides if s.coast and all(h in region for h in s.between)}
    assert coasts == sides and len(coasts) == 58
    rivers = {
        tuple(g.get("data-between", "").split()) for g in groups(root, "hexside") if g.get("data-kind") == "river"
    }
    assert ("EUR:K37", "EUR:K38") in rivers and len(rivers) == 9
    ids = {g.get("data-hex"): "".join(t.text or "" for t in g.iter(f"{SVG}text")) for g in groups(root, "hex-id")}
    forts = {"EUR:M27", "EUR:N26", "EUR:O26", "EUR:P26", "EUR:Q25", "EUR:P24", "EUR:P25", "EUR:Q24"}
    assert set(ids) == set(region) - forts  # the fortification marker takes the place of the id
    assert all(ids[h] == h.split(":")[1] for h in ids)


def test_one_function_puts_every_hex_centre_on_the_page(db: Path, tmp_path: Path) -> None:
    root, summary = draw(db, tmp_path, "--area", "EUR:G24..R44", "--area", "PAC:M15..R20")
    panels = summary["panels"]
    assert isinstance(panels, dict) and set(panels) == {"EUR", "PAC"}
    geometry = Grid()
    for h, use in hexes_drawn(root).items():
        panel = panels[h.split(":")[0]]
        place = PanelPlace(h.split(":")[0], tuple(panel["origin"]), 0.0, 0.0, 0.0)  # type: ignore[arg-type]
        x, y = hex_centre(place, geometry, h)
        assert math.dist((x, y), (float(use.get("x", "nan")), float(use.get("y", "nan")))) < 0.03, h


def test_a_sampled_terrain_is_drawn_as_one_and_a_unit_off_the_extent_is_listed_outside() -> None:
    from awaw_events.events import GameCreated, UnitPlaced
    from projections.game import Fold

    raw = {
        "format": "awaw-map-data/1",
        "name": "sampled",
        "version": "1",
        "extent": [{"map": "EUR", "hexes": ["EUR:K30..K32"]}],
        "hexes": [
            {"hex": "EUR:K30", "terrain": "forest", "rules": ["x"]},
            {
                "hex": "EUR:K31",
                "terrain": "mountain",
                "rules": ["map image"],
                "provenance": [{"fact": "terrain", "source": "sampled", "confidence": 0.7}],
            },
        ],
    }
    data = MapData.of(msgspec.convert(raw, MapFile))
    fold = Fold()
    fold.push(1, GameCreated(year=1939, season="fall", phase="setup"))
    for n, (unit, where) in enumerate((("u1", "EUR:K31"), ("u2", "EUR:K33")), start=2):
        placed = UnitPlaced(
            year=1939,
            season="fall",
            phase="setup",
            unit=unit,
            owner="germany",
            nationality="germany",
            unit_type="infantry",
            factors=3,
            location=where,
        )
        fold.push(n, placed)
    picture = draw_board(fold.state, map_data=data, area={"EUR": frozenset(hexes_of(["EUR:K29..K33"]))})
    assert picture.hexes == 3 and picture.not_on_the_map == 2
    assert picture.on_map == {"u1": "EUR:K31"} and picture.outside == {"u2": "EUR:K33"}
    assert on_the_map({"EUR": frozenset({"EUR:K29", "EUR:K30"})}, data) == ({"EUR": frozenset({"EUR:K30"})}, 1)
    from replays.pictures.scene import to_svg

    svg = ET.fromstring(to_svg(picture.scene))
    drawn = hexes_drawn(svg)
    assert drawn["EUR:K31"].get("data-sampled") == "terrain" and drawn["EUR:K31"].get("data-terrain") == "mountain"
    assert drawn["EUR:K30"].get("data-sampled") is None
    assert "sampled, unconfirmed" in "".join(t.text or "" for t in drawn["EUR:K31"].iter(f"{SVG}title"))


def test_the_report_draws_the_same_board(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    code, printed = run(db, "report", "g", "--to", "1939-fall", "-o", str(out))
    assert code == 0, printed
    page = out.read_text(encoding="utf-8")
    extent = DATA.extent_of("EUR")
    assert extent is not None
    drawn = set()
    for chunk in page.split('data-hex="')[1:]:
        drawn.add(chunk.split('"', 1)[0])
    eur = {h for h in drawn if h.startswith("EUR:")}
    assert eur and eur <= extent
    assert 'class="hex-id"' in page and 'class="coast"' in page
