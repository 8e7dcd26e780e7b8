"""The board picture (``awaw board``): hexes at their true positions from the geometry, every unit in its hex (or
listed off the map), control, bridgeheads and fortifications as the state has them, terrain and weather zones from
the map data, arrows and crosses for ``--diff``, a PNG of the same drawing, and clean errors.

Every expectation comes from somewhere else than the drawing: the geometry (``projections.rules.geometry``), the
state as ``awaw state --json`` prints it, or the example's event file itself.
"""

from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from projections.rules.geometry import Grid, grid, label, parse
from replays.pictures.counters import ELIMINATED, colour
from replays.views.common import name
from tests.build import awaw

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
EVENTS = [json.loads(line) for line in EXAMPLE.read_text().splitlines()]
SETUP_END = max(n for n, e in enumerate(EVENTS, 1) if e.get("phase") == "setup")
FALL_1939_END = max(n for n, e in enumerate(EVENTS, 1) if (e["year"], e["season"]) == (1939, "fall"))
SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.011  # coordinates are written with two decimals


def run(db: Path, *args: str) -> tuple[int, str]:
    return awaw(db, *args, keys=db.parent / "keys")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("board") / "game.db"
    assert run(path, "import", "g", str(EXAMPLE))[0] == 0
    return path


class Drawn(NamedTuple):
    root: ET.Element
    summary: dict[str, Any]
    hexes: dict[str, tuple[float, float]]
    units: dict[str, ET.Element]
    radius: float


def _translate(element: ET.Element) -> tuple[float, float, float]:
    found = re.fullmatch(
        r"(?:translate\(([-\d.]+) ([-\d.]+)\))?\s*(?:scale\(([-\d.]+)\))?", element.get("transform", "").strip()
    )
    assert found is not None, element.get("transform")
    x, y, s = found.groups()
    return float(x or 0), float(y or 0), float(s or 1)


def _classes(element: ET.Element) -> set[str]:
    return set(element.get("class", "").split())


def draw(db: Path, tmp_path: Path, *args: str, name: str = "board.svg") -> Drawn:
    out = tmp_path / name
    code, printed = run(db, "board", "g", *args, "-o", str(out), "--json")
    assert code == 0, printed
    root = ET.parse(out).getroot()
    hexes = {
        u.get("data-hex", ""): (float(u.get("x", "nan")), float(u.get("y", "nan")))
        for u in root.iter(f"{SVG}use")
        if "hex" in _classes(u)
    }
    units: dict[str, ET.Element] = {}
    for g in root.iter(f"{SVG}g"):
        if "unit" in _classes(g):
            unit = g.get("data-unit", "")
            assert unit not in units or "gone" in _classes(g) | _classes(units[unit]), f"{unit} drawn twice"
            units[unit if "gone" not in _classes(g) else f"gone:{unit}"] = g
    return Drawn(root, json.loads(printed), hexes, units, float(root.get("data-hex-radius", "nan")))


def state(db: Path, at: str, timeline: str = "g") -> dict[str, Any]:
    code, printed = run(db, "state", timeline, "--at", at, "--view", "board", "--json")
    assert code == 0, printed
    board: dict[str, Any] = json.loads(printed)["board"]
    return board


def is_hex(where: str) -> bool:
    return where.startswith(("EUR:", "PAC:"))


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.dist(a, b) < TOLERANCE * 2


# ---------------------------------------------------------------------------------------------------------------------
# Positions


def test_hexes_are_at_their_true_positions_and_neighbours_touch(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--at", "1939-fall")
    geometry = Grid()
    assert drawn.radius > 0 and len(drawn.hexes) == drawn.summary["hexes"]
    for map_ in ("EUR", "PAC"):
        mine = {h: p for h, p in drawn.hexes.items() if h.startswith(map_)}
        assert mine, map_
        offsets = {
            (round(x - drawn.radius * cx, 1), round(y - drawn.radius * cy, 1))
            for h, (x, y) in mine.items()
            for cx, cy in [geometry.centre(h)]
        }
        assert len(offsets) == 1, f"{map_}: the hexes are not the geometry's centres moved by one offset"
        pairs = 0
        for h, p in mine.items():
            for n in geometry.neighbours(h):
                if n in mine:
                    assert abs(math.dist(p, mine[n]) - math.sqrt(3) * drawn.radius) < TOLERANCE * 2, (h, n)
                    pairs += 1
            for n in geometry.ring(h, 2):
                if n in mine:
                    assert math.dist(p, mine[n]) > 1.7 * math.sqrt(3) * drawn.radius, (h, n)
        assert pairs > len(mine)  # most hexes have drawn neighbours


def test_the_default_area_is_the_block_of_what_the_board_touches_with_a_margin(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--at", "1939-fall")
    board = state(db, "1939-fall")
    touched = {u["location"] for u in board["units"].values() if is_hex(u["location"])}
    touched |= {*board["control"], *board["bridgeheads"], *board["fortifications"]}
    for map_ in ("EUR", "PAC"):
        ps = [parse(h) for h in touched if h.startswith(map_)]
        rows = range(min(p.row for p in ps) - 1, max(p.row for p in ps) + 2)
        cols = range(min(p.col for p in ps) - 1, max(p.col for p in ps) + 2)
        block = {label(map_, r, c) for r in rows for c in cols}  # type: ignore[arg-type]
        assert {h for h in drawn.hexes if h.startswith(map_)} == block


def test_row_letters_and_column_numbers_are_on_the_edges(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--area", "EUR:K30..P42")
    assert set(drawn.hexes) == {label("EUR", r, c) for r in range(10, 16) for c in range(30, 43)}
    width = math.sqrt(3) * drawn.radius
    south = (
        drawn.hexes["EUR:L30"][0] - drawn.hexes["EUR:K30"][0],
        drawn.hexes["EUR:L30"][1] - drawn.hexes["EUR:K30"][1],
    )
    seen = set()
    for g in drawn.root.iter(f"{SVG}g"):
        text = g.find(f"{SVG}text")
        if "row-label" in _classes(g) or "column-label" in _classes(g):
            assert text is not None
            at = (float(text.get("x", "nan")), float(text.get("y", "nan")))
            edge = g.get("data-edge")
            if "row-label" in _classes(g):
                row = g.get("data-row", "")
                assert text.text == row
                first, last = drawn.hexes[f"EUR:{row}30"], drawn.hexes[f"EUR:{row}42"]
                expected = (first[0] - width, first[1]) if edge == "west" else (last[0] + width, last[1])
            else:
                col = g.get("data-column", "")
                assert text.text == col
                first, last = drawn.hexes[f"EUR:K{col}"], drawn.hexes[f"EUR:P{col}"]
                expected = (
                    (first[0] - south[0], first[1] - south[1])
                    if edge == "north"
                    else (last[0] + south[0], last[1] + south[1])
                )
            assert close(at, expected), (g.attrib, at, expected)
            seen.add((text.text, edge))
    assert seen == {(r, e) for r in "KLMNOP" for e in ("west", "east")} | {
        (str(c), e) for c in range(30, 43) for e in ("north", "south")
    }


# ---------------------------------------------------------------------------------------------------------------------
# Units


def _check_units(drawn: Drawn, board: dict[str, Any]) -> None:
    units = {k: v for k, v in drawn.units.items() if not k.startswith("gone:")}
    assert set(units) == set(board["units"])
    half_square = 1.268 * drawn.radius / 2  # the largest square inside a hex
    for unit_id, g in units.items():
        expected = board["units"][unit_id]
        where = expected["location"]
        assert g.get("data-nationality") == expected["nationality"] and g.get("data-factors") == str(
            expected["factors"]
        )
        title = g.find(f"{SVG}title")
        assert title is not None and title.text is not None and title.text.startswith(f"{unit_id} ")
        rect = g.find(f"{SVG}g/{SVG}rect")
        assert rect is not None and rect.get("fill") == colour(expected["nationality"])
        if is_hex(where):
            assert g.get("data-hex") == where and g.get("data-location") is None
            x, y, _ = _translate(g)
            assert close((x, y), drawn.hexes[where]), f"{unit_id} is not drawn at the centre of {where}"
            inner = g.find(f"{SVG}g")
            assert inner is not None
            dx, dy, scale = _translate(inner)
            half = 20 * scale  # counters are drawn 40 wide, then scaled
            assert abs(dx) + half <= half_square + TOLERANCE and abs(dy) + half <= half_square + TOLERANCE
            assert where in title.text
        else:
            assert g.get("data-hex") is None and g.get("data-location") == where
    assert drawn.summary["units_on_the_map"] == {
        k: v["location"] for k, v in board["units"].items() if is_hex(v["location"])
    }


@pytest.mark.parametrize("point", [str(SETUP_END), "1939-fall", "Poland falls", "1940-spring"])
def test_every_unit_is_drawn_in_its_hex_or_listed_off_the_map(db: Path, tmp_path: Path, point: str) -> None:
    _check_units(draw(db, tmp_path, "--at", point), state(db, point))


def test_the_set_up_is_where_the_events_put_it(db: Path, tmp_path: Path) -> None:
    """Against the event file itself, not the fold: every counter placed at set-up is drawn where it was placed."""
    drawn = draw(db, tmp_path, "--at", str(SETUP_END))
    placed = {e["unit"]: e for e in EVENTS[:SETUP_END] if e["type"] == "unit_placed"}
    assert len(placed) > 100
    for unit_id, event in placed.items():
        g = drawn.units[unit_id]
        assert g.get("data-hex" if is_hex(event["location"]) else "data-location") == event["location"]
        assert g.get("data-type") == event["unit_type"]
    stacks: dict[str, list[str]] = {}
    for unit_id, event in placed.items():
        stacks.setdefault(event["location"], []).append(unit_id)
    biggest = max((h for h in stacks if is_hex(h)), key=lambda h: len(stacks[h]))
    offsets = {_translate(drawn.units[u].find(f"{SVG}g"))[:2] for u in stacks[biggest]}  # type: ignore[arg-type]
    assert len(offsets) == len(stacks[biggest]), "the counters of a stack overlap"
    last: dict[str, str] = {}  # eliminated in the first turn and not built again
    for e in EVENTS[SETUP_END:FALL_1939_END]:
        if e["type"] in ("unit_eliminated", "unit_built", "unit_placed"):
            last[e["unit"]] = e["type"]
    gone = {u for u, kind in last.items() if kind == "unit_eliminated"}
    assert gone and not gone & set(draw(db, tmp_path, "--at", "1939-fall").units)


def test_control_fortifications_and_bridgeheads_are_the_states(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--at", "1940-spring")
    board = state(db, "1940-spring")
    controllers = {
        u.get("data-hex"): u.get("data-controller")
        for u in drawn.root.iter(f"{SVG}use")
        if "hex" in _classes(u) and u.get("data-controller")
    }
    assert controllers == board["control"]
    forts = {
        g.get("data-hex"): g.get("data-kind") for g in drawn.root.iter(f"{SVG}g") if "fortification" in _classes(g)
    }
    assert forts == {h: f["kind"] for h, f in board["fortifications"].items()}
    bridgeheads = {
        g.get("data-hex"): g.get("data-faction") for g in drawn.root.iter(f"{SVG}g") if "bridgehead" in _classes(g)
    }
    assert bridgeheads == {h: b["faction"] for h, b in board["bridgeheads"].items()} and bridgeheads
    code, printed = run(db, "state", "g", "--at", "1940-spring", "--view", "weather", "--json")
    assert code == 0, printed
    zones = json.loads(printed)["weather"]["zones"]
    weather = {g.get("data-zone"): g for g in drawn.root.iter(f"{SVG}g") if "weather" in _classes(g)}
    assert set(weather) == set(zones) and zones
    for zone, found in zones.items():
        text = weather[zone].find(f"{SVG}text")
        assert text is not None and text.text is not None
        assert text.text.split(": ", 1) == [
            name(zone),
            found["weather"] + (f" (level {found['level']})" if found.get("level") is not None else ""),
        ]
    for u in drawn.root.iter(f"{SVG}use"):
        title = u.find(f"{SVG}title")
        assert title is not None and title.text is not None and title.text.split()[0] == u.get("data-hex")


def test_an_area_draws_those_hexes_and_counts_the_rest(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--at", "1939-fall", "--area", "EUR:K30..P42", "--area", "PAC:N15..Q18")
    board = state(db, "1939-fall")
    expected = {label("EUR", r, c) for r in range(10, 16) for c in range(30, 43)}
    expected |= {label("PAC", r, c) for r in range(13, 17) for c in range(15, 19)}
    assert set(drawn.hexes) == expected
    maps = [g.get("data-map") for g in drawn.root.iter(f"{SVG}g") if "map" in _classes(g)]
    assert maps == ["EUR", "PAC"]
    inside = {k: v["location"] for k, v in board["units"].items() if v["location"] in expected}
    outside = {k: v["location"] for k, v in board["units"].items() if is_hex(v["location"]) and k not in inside}
    assert inside and outside
    assert drawn.summary["units_on_the_map"] == inside
    assert drawn.summary["units_outside_the_area"] == outside
    assert not set(outside) & set(drawn.units)
    for unit_id, where in inside.items():
        assert close(_translate(drawn.units[unit_id])[:2], drawn.hexes[where])


# ---------------------------------------------------------------------------------------------------------------------
# --diff


def test_diff_draws_an_arrow_for_each_move_and_crosses_out_each_unit_gone(db: Path, tmp_path: Path) -> None:
    drawn = draw(db, tmp_path, "--at", "1939-fall", "--diff", str(SETUP_END))
    before, after = state(db, str(SETUP_END))["units"], state(db, "1939-fall")["units"]
    moved = {
        k: (before[k]["location"], u["location"])
        for k, u in after.items()
        if k in before and before[k]["location"] != u["location"]
    }
    on_maps = {k: v for k, v in moved.items() if is_hex(v[0]) and is_hex(v[1])}
    assert len(on_maps) >= 10
    arrows = {}
    for g in drawn.root.iter(f"{SVG}g"):
        if "move" in _classes(g):
            line, head = g.find(f"{SVG}polyline"), g.find(f"{SVG}polygon")
            assert line is not None and head is not None
            start = tuple(float(v) for v in line.get("points", "").split()[0].split(","))
            tip = tuple(float(v) for v in head.get("points", "").split()[0].split(","))
            a, b = g.get("data-from", ""), g.get("data-to", "")
            assert close(start, drawn.hexes[a]) and close(tip, drawn.hexes[b])  # type: ignore[arg-type]
            arrows[g.get("data-unit")] = (a, b)
    assert arrows == on_maps
    elsewhere = {g.get("data-unit") for g in drawn.root.iter(f"{SVG}g") if "move-elsewhere" in _classes(g)}
    assert elsewhere == set(moved) - set(on_maps)
    gone = {k: u["location"] for k, u in before.items() if k not in after}
    assert gone
    crossed = {}
    for key, g in drawn.units.items():
        if key.startswith("gone:"):
            unit_id = key.removeprefix("gone:")
            where = g.get("data-hex") or g.get("data-location")
            crossed[unit_id] = where
            assert is_hex(where or "") == (g.get("data-hex") is not None)
            if g.get("data-hex"):
                assert close(_translate(g)[:2], drawn.hexes[where or ""])
            reds = [p for p in g.iter(f"{SVG}polyline") if p.get("stroke") == ELIMINATED]
            assert len(reds) == 2, f"{unit_id} is not crossed out"
    assert crossed == gone == drawn.summary["crossed_out"]
    assert {k: tuple(v) for k, v in drawn.summary["moves_drawn"].items()} == on_maps


def test_diff_against_a_branch(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    assert run(db, "import", "disputed", str(ROOT / "examples" / "disputed-turn.jsonl"))[0] == 0
    assert run(db, "branch", "disputed", "ruled")[0] == 0
    assert run(db, "import", "disputed/ruled", str(ROOT / "examples" / "lodz-ruling.jsonl"))[0] == 0
    out = tmp_path / "ruled.svg"
    code, printed = run(db, "board", "disputed/ruled", "--diff", "disputed", "-o", str(out), "--json")
    assert code == 0, printed
    summary = json.loads(printed)
    mine = state(db, str(summary["at_event"]), "disputed/ruled")["units"]
    theirs = state(db, str(summary["compared_with"]["at_event"]), "disputed")["units"]
    gone = {k: u["location"] for k, u in theirs.items() if k not in mine}
    assert gone and summary["crossed_out"] == gone  # the ruling's German losses
    crossed = {g.get("data-unit") for g in ET.parse(out).getroot().iter(f"{SVG}g") if "gone" in _classes(g)}
    assert crossed == set(gone)


# ---------------------------------------------------------------------------------------------------------------------
# Map data and the Pacific option

OUR_MAP = """\
format: awaw-map-data/1
name: test-map
version: "1"
hexes:
  - hex: EUR:K37
    name: Lodz
    terrain: forest
    rules: ["test"]
  - hex: EUR:K38
    weather_zone: eastern_poland
    rules: ["test"]
hexsides:
  - between: [EUR:K37, EUR:K38]
    river: river
    rules: ["test"]
"""


def _placed(unit: str, where: str) -> str:
    return json.dumps(
        {
            "type": "unit_placed",
            "year": 1939,
            "season": "fall",
            "phase": "setup",
            "unit": unit,
            "owner": "germany",
            "nationality": "germany",
            "unit_type": "infantry",
            "factors": 3,
            "location": where,
        }
    )


def test_terrain_weather_zones_hexsides_and_the_pacific_option(tmp_path: Path) -> None:
    db = tmp_path / "game.db"
    (tmp_path / "map.yaml").write_text(OUR_MAP)
    code, out = run(db, "new", "g", "--option", "map.pacific_grid=mirrored", "--map-data", str(tmp_path / "map.yaml"))
    assert code == 0, out
    events = tmp_path / "units.jsonl"
    where = {"a": "EUR:K37", "b": "EUR:K38", "c": "PAC:K30", "d": "PAC:L31", "e": "PAC:L29"}
    events.write_text("\n".join(_placed(u, h) for u, h in where.items()) + "\n")
    assert run(db, "import", "g", str(events))[0] == 0
    drawn = draw(db, tmp_path)
    uses = {u.get("data-hex"): u for u in drawn.root.iter(f"{SVG}use")}
    assert uses["EUR:K37"].get("data-terrain") == "forest" and uses["EUR:K37"].get("href", "").endswith("hex-forest")
    assert uses["EUR:K38"].get("data-weather-zone") == "eastern_poland"
    assert uses["EUR:K36"].get("data-terrain") is None and uses["EUR:K36"].get("href") == "#hex"
    title = uses["EUR:K37"].find(f"{SVG}title")
    assert title is not None and title.text is not None and title.text.startswith("EUR:K37 Lodz")
    zones = [g for g in drawn.root.iter(f"{SVG}g") if "weather-zone" in _classes(g)]
    assert [g.get("data-hex") for g in zones] == ["EUR:K38"]
    sides = [g for g in drawn.root.iter(f"{SVG}g") if "hexside" in _classes(g)]
    assert [g.get("data-between") for g in sides] == ["EUR:K37 EUR:K38"]
    line = sides[0].find(f"{SVG}polyline")
    assert line is not None
    ends = [tuple(float(v) for v in p.split(",")) for p in line.get("points", "").split()]
    a, b = drawn.hexes["EUR:K37"], drawn.hexes["EUR:K38"]
    middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert close(((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2), middle)
    assert abs(math.dist(ends[0], ends[1]) - drawn.radius) < 2 * TOLERANCE  # a hexside is one radius long
    mirrored = grid({"map.pacific_grid": "mirrored"})
    assert mirrored.adjacent("PAC:K30", "PAC:L31") and not mirrored.adjacent("PAC:K30", "PAC:L29")
    width = math.sqrt(3) * drawn.radius
    c, d, e = (_translate(drawn.units[u])[:2] for u in "cde")
    assert abs(math.dist(c, d) - width) < 2 * TOLERANCE  # neighbours under the game's option
    assert math.dist(c, e) > 1.5 * width  # neighbours only under the default reading
    offsets = {
        (round(x - drawn.radius * mirrored.centre(h)[0], 1), round(y - drawn.radius * mirrored.centre(h)[1], 1))
        for h, (x, y) in drawn.hexes.items()
        if h.startswith("PAC")
    }
    assert len(offsets) == 1


# ---------------------------------------------------------------------------------------------------------------------
# PNG


def test_the_png_is_the_same_drawing(db: Path, tmp_path: Path) -> None:
    image = pytest.importorskip("matplotlib.image", reason="PNG boards need the charts extra (matplotlib)")
    args = ("--at", "1939-fall", "--area", "EUR:I28..P42")
    svg = draw(db, tmp_path, *args)
    png = tmp_path / "board.png"
    code, printed = run(db, "board", "g", *args, "-o", str(png), "--json")
    assert code == 0, printed
    pixels = image.imread(io.BytesIO(png.read_bytes()), format="png")
    assert png.read_bytes().startswith(b"\x89PNG")
    assert pixels.shape[:2] == (int(svg.root.get("height", "0")), int(svg.root.get("width", "0")))
    assert pixels[..., :3].std() > 0.05
    alone = [
        (u, g) for u, g in svg.units.items()
        if g.get("data-hex") and sum(o.get("data-hex") == g.get("data-hex") for o in svg.units.values()) == 1
    ]  # fmt: skip
    assert alone
    for _unit_id, g in alone:
        x, y, _ = _translate(g)
        inner = g.find(f"{SVG}g")
        assert inner is not None
        dx, dy, scale = _translate(inner)
        px, py = x + dx - 17 * scale, y + dy + 6 * scale  # inside the counter, left of its symbol and factors
        fill = colour(g.get("data-nationality"))
        expected = [int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        found = pixels[round(py), round(px), :3]
        assert max(abs(found - expected)) < 0.08, (g.get("data-unit"), found, expected)


# ---------------------------------------------------------------------------------------------------------------------
# Errors


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--area", "K30..P42"], 2, "not a hex id: 'K30'"),
        (["--area", "EUR:P42..K30"], 2, "north-west corner"),
        (["--area", "EUR:K30..PAC:P42"], 2, "one map"),
        (["--area", "EUR:K30..P420"], 2, "not a hex id"),
        (["--area", "EUR:K30-P42"], 2, "not a hex id"),
        (["--at", "1945-spring"], 2, "has not reached 1945-spring"),
        (["--at", "99999"], 2, "not 99999"),
        (["--at", "1940-sprung"], 2, "1940-sprung"),
        (["--diff", "nosuch"], 2, "names no timeline"),
        (["--diff", "1942-spring"], 2, "has not reached 1942-spring"),
    ],
)
def test_bad_areas_and_points_are_clean_errors(
    db: Path, tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    out = tmp_path / "board.svg"
    found, printed = run(db, "board", "g", *args, "-o", str(out))
    assert found == code, printed
    assert message in printed and "Traceback" not in printed
    assert not out.exists()


def test_bad_outputs_and_games_are_clean_errors(db: Path, tmp_path: Path) -> None:
    for args, code, message in [
        (["g", "-o", str(tmp_path / "board.txt")], 2, "expected a .svg or .png file"),
        (["g", "-o", str(tmp_path / "missing" / "board.svg")], 2, "is not a directory"),
        (["nosuch", "-o", str(tmp_path / "board.svg")], 1, "no game or timeline named 'nosuch'"),
        (["g"], 2, "Missing option '-o'"),
    ]:
        found, printed = run(db, "board", *args)
        assert found == code and message in printed, printed
    assert not list(tmp_path.rglob("board.*"))
