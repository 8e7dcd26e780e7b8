"""``awaw map sample``: the legend a person names once, naming by pointing at a hex, what is proposed (sampled,
unconfirmed, never mixed with a person's facts), and each careless call refused with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from replays.cli import cli
from replays.maps import load_map_file, shipped_map_data
from replays.mapwork.legend import Entry, LegendError, parse_legend, write_legend
from replays.mapwork.synthetic import Drawn
from tests.mapwork.kit import clicks, confirmed_facts, drawn, hex_args, rule_texts_lost


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["map", *args])
    return result.exit_code, result.output


@pytest.fixture
def calibrated(tmp_path: Path) -> Drawn:
    picture = drawn(tmp_path)
    code, out = run("calibrate", str(picture.path), *hex_args(clicks(picture)))
    assert code == 0, out
    return picture


def test_the_first_run_writes_a_legend_to_name_and_no_map_data(calibrated: Drawn, tmp_path: Path) -> None:
    code, out = run("sample", str(calibrated.path))
    assert code == 0, out
    legend = (tmp_path / "map.legend").read_text()
    assert legend.startswith("# awaw map legend 1: what each colour of ")
    entries = parse_legend(legend)
    assert entries and all(e.name is None for e in entries if e.kind != "grid")
    assert "name the colours in" in out
    assert not (tmp_path / "map.sampled.yaml").exists()


def test_naming_by_pointing_proposes_sampled_facts(calibrated: Drawn, tmp_path: Path) -> None:
    sea = next(h for h, t in sorted(calibrated.terrain.items()) if t == "sea")
    river = sorted(calibrated.rivers)[0]
    side = f"{river[0]}/{river[1].split(':')[1]}"
    code, out = run("sample", str(calibrated.path), "--name", f"{sea}=sea", "--name", f"{side}=river", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["terrain"] == sum(t == "sea" for t in calibrated.terrain.values())
    assert data["river_hexsides"] >= 0.9 * len(calibrated.rivers)
    loaded = load_map_file(tmp_path / "map.sampled.yaml").data
    assert {f.terrain for f in loaded.written_hexes if f.provenance} == {"sea"}
    # nothing sampled is confirmed (checks read none of it): the confirmed facts are the rule texts', all of them
    assert confirmed_facts(loaded) == confirmed_facts(shipped_map_data().data)
    assert rule_texts_lost(loaded) == []
    assert all(loaded.sampled(f.hex)["terrain"].source == "sampled" for f in loaded.written_hexes if f.provenance)
    assert data["rule_texts_facts"] == 101 and data["set_aside"] == []
    # the names are kept in the legend: the next run needs no --name
    code, out = run("sample", str(calibrated.path))
    assert code == 0 and "terrain of 16 hexes" in out, out


def test_a_legend_serves_another_scan_of_the_same_map(calibrated: Drawn, tmp_path: Path) -> None:
    """The legend is matched by colour: named once, it names a second scan (other noise, another turn)."""
    sea = next(h for h, t in sorted(calibrated.terrain.items()) if t == "sea")
    run("sample", str(calibrated.path), "--name", f"{sea}=sea")
    other = drawn(tmp_path, "again.jpg", rotate=-2.0, scale=0.8, seed=9)
    assert run("calibrate", str(other.path), *hex_args(clicks(other)))[0] == 0
    code, out = run("sample", str(other.path), "--legend", str(tmp_path / "map.legend"))
    assert code == 0, out
    loaded = load_map_file(tmp_path / "again.sampled.yaml").data
    assert {f.hex for f in loaded.written_hexes if f.provenance} == {h for h, t in other.terrain.items() if t == "sea"}


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--name", "EUR:A1=sea"], 1, "EUR:A1 is not among the hexes sampled"),
        (["--name", "EUR:H30=seaa"], 1, "'seaa' is not one of clear, forest"),
        (["--name", "EUR:H30/H32=river"], 1, "not adjacent"),
        (["--name", "EUR:H30"], 2, "expected HEX=TERRAIN"),
        (["--area", "EUR:A1..B3"], 1, "no hex of the area asked for lies on the image"),
        (["--area", "PAC:A1..B3"], 1, "PAC:A1 is on a map this image's grid does not fit"),
    ],
)
def test_careless_calls_are_refused_with_nothing_written(
    calibrated: Drawn, tmp_path: Path, args: list[str], code: int, message: str
) -> None:
    got, out = run("sample", str(calibrated.path), *args)
    assert got == code and message in out, out
    assert not (tmp_path / "map.legend").exists() and not (tmp_path / "map.sampled.yaml").exists()


def test_an_image_changed_since_its_calibration_is_refused(calibrated: Drawn, tmp_path: Path) -> None:
    with open(calibrated.path, "ab") as f:
        f.write(b"\0")
    code, out = run("sample", str(calibrated.path))
    assert code == 1 and "is not the image the grid was fitted to" in out and "calibrate it again" in out


def test_an_image_never_calibrated_says_what_to_do(tmp_path: Path) -> None:
    picture = drawn(tmp_path)
    code, out = run("sample", str(picture.path))
    assert code == 1 and "calibrate the image first" in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("hex #a8cde7 seaa", "line 2: 'seaa' is not a terrain"),
        ("line #a8cde7 mountain", "line 2: 'mountain' is not a hexside line"),
        ("hex a8cde7 sea", "line 2: 'a8cde7' is not a colour"),
        ("line #a8cde7+#000000 river", "line 2: only a hex colour has a mark"),
        ("hexes #a8cde7 sea", "line 2: 'hexes' is not hex, line or grid"),
        ("hex #a8cde7 sea water", "line 2: one name a colour"),
    ],
)
def test_a_legend_typo_names_its_line(line: str, message: str) -> None:
    with pytest.raises(LegendError, match=message):
        parse_legend(f"# a comment\n{line}\n")


def test_a_legend_reads_back_as_written() -> None:
    entries = [
        Entry("hex", "#a8cde7", None, "sea", "16 hexes"),
        Entry("hex", "#c6a577", "#74532a", None, "32 hexes"),
        Entry("line", "#3a5784", None, "river", "on 57 hexsides"),
        Entry("grid", "#6e6860", None, None, "the outline"),
    ]
    back = parse_legend(write_legend(entries, "map.jpg"))
    assert [(e.kind, e.colour, e.mark, e.name, e.note) for e in back] == [
        ("hex", "#a8cde7", None, "sea", "16 hexes"),
        ("hex", "#c6a577", "#74532a", None, "32 hexes"),
        ("line", "#3a5784", None, "river", "on 57 hexsides"),
        ("grid", "#6e6860", None, "-", "the outline"),
    ]
    assert parse_legend("hex #A8CDE7 sea #no space before the comment\n")[0].name == "sea"


def test_the_image_never_reaches_the_game(calibrated: Drawn, tmp_path: Path) -> None:
    """A game started with the sampled map data keeps that file in its store: no pixel of the image goes with it."""
    sea = next(h for h, t in sorted(calibrated.terrain.items()) if t == "sea")
    assert run("sample", str(calibrated.path), "--name", f"{sea}=sea")[0] == 0
    sampled = tmp_path / "map.sampled.yaml"
    db = tmp_path / "game.db"
    result = CliRunner().invoke(cli, ["--db", str(db), "new", "g", "--map-data", str(sampled)])
    assert result.exit_code == 0, result.output
    image = calibrated.path.read_bytes()
    stored = db.read_bytes()
    chunks = [image[i : i + 64] for i in range(0, len(image) - 64, len(image) // 20)]
    assert not any(chunk in stored for chunk in chunks)
    assert b"JFIF" not in stored and b"data:image" not in stored and b"JFIF" not in sampled.read_bytes()
