"""The compact map source (docs/map-source.md): what it reads, what it refuses (line and column), the canonical YAML
it compiles to, the round trip through ``decompile``, and ``awaw map compile`` / ``awaw map decompile``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.errors import InputError
from projections.rules.mapdata import MapData
from replays.cli import cli
from replays.maps import parse_map_data, shipped_map_data
from replays.mapwork.source import NotCompact, compile_source, decompile, emit_yaml, leading_comments

ROOT = Path(__file__).resolve().parent.parent
TEST_MAP_SOURCE = ROOT / "examples" / "maps" / "fictional-test-map.awmap"
TEST_MAP = ROOT / "examples" / "maps" / "fictional-test-map.yaml"
DOC = ROOT / "docs" / "map-source.md"

SOURCE = """\
# Our map.
format: awaw-map-source/1
name: our-map
version: 2
description: The European map, rows K to M.

rules our map = *

map EUR extent
K30 c3 f ~2 .        # K30 K31 K32 clear, K33 forest, K34 K35 sea, K36 exists (terrain not given)
L29 c2 _ m2          # no L31
M29 c5

country germany = K30..K33 L29..L30 M29..M31
country poland = L32..L33 M32..M33
coastal yes = K32..K33
coastal no = *
name Lake #7 = L30
port yes = K33

K32/L32 river
K33/K34 coast
L32/L33 river rules="our map, 13.43" note="the # Vistula"  # a comment
"""


def compiled(text: str = SOURCE) -> MapData:
    return MapData.of(compile_source(text))


def test_rows_regions_and_hexsides_compile_to_the_facts() -> None:
    data = compiled()
    assert (data.name, data.version, data.description) == ("our-map", "2", "The European map, rows K to M.")
    assert data.exists("EUR:K36") is True and data.exists("EUR:L31") is False and data.exists("EUR:K37") is False
    extent = data.extent_of("EUR")
    assert extent is not None and len(extent) == 16
    terrain = {h.hex: h.terrain for h in data.hexes}
    assert terrain["EUR:K32"] == "clear" and terrain["EUR:K33"] == "forest" and terrain["EUR:K35"] == "sea"
    assert terrain["EUR:K36"] is None and terrain["EUR:L33"] == "mountain"
    k33 = data.hex("EUR:K33")
    assert k33 is not None and (k33.country, k33.port, k33.coastal, k33.rules) == ("germany", True, True, ("our map",))
    assert data.hex("EUR:L30").name == "Lake #7"  # type: ignore[union-attr]  # a # in a name is text
    # '*' is every other land hex of the extent: not the sea, not the hexes given the fact
    coastal = {h.hex: h.coastal for h in data.hexes}
    assert coastal["EUR:K36"] is False and coastal["EUR:M33"] is False and coastal["EUR:K34"] is None
    assert coastal["EUR:K32"] is True
    river = data.hexside("EUR:L33", "EUR:L32")
    assert river is not None and river.river == "river" and river.note == "the # Vistula"
    assert river.rules == ("13.43", "our map")
    coast = data.hexside("EUR:K33", "EUR:K34")
    assert coast is not None and coast.coast is True


def test_the_yaml_it_writes_reads_back_to_the_same_facts() -> None:
    data = compiled()
    text = emit_yaml(data, header=leading_comments(SOURCE))
    assert text.startswith("# Our map.\nformat: awaw-map-data/1\n")
    again = parse_map_data(text)
    assert again.sha256 == data.sha256 and again.description == data.description
    assert emit_yaml(again, header=leading_comments(text)) == text


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        (("K30 c3 f ~2 .", "K30 c3 x ~2 ."), "line 10, column 8", "'x' is not a terrain code"),
        (("K30 c3 f ~2 .", "K30 c3 f0 ~2 ."), "line 10, column 8", "a run of 0 hexes"),
        (("K30 c3 f ~2 .", "K30 c71"), "line 10, column 5", "runs past column 99"),
        (("M29 c5", "M29 c5\nM29 c"), "line 13, column 5", "in two rows of the extent"),
        (("port yes = K33", "port maybe = K33"), "line 19, column 6", "port is yes or no, not 'maybe'"),
        (("port yes = K33", "port yes = K33 K99..K9"), "line 19, column 16", "north-west corner"),
        (("port yes = K33", "port yes = KK33X"), "line 19, column 12", "not a hex id"),
        (("port yes = K33", "harbour yes = K33"), "line 19, column 1", "'harbour' is not a hex fact"),
        (("port yes = K33", "port yes K33"), "line 19, column 1", "expected 'FACT VALUE = HEXES'"),
        (("port yes = K33", "country france = K30"), "line 19, column 18", "line 14 gives it germany"),
        (("port yes = K33", "terrain hills = K30"), "line 19, column 9", "terrain is one of"),
        (("K33/K34 coast", "K33/K34 creek"), "line 22, column 9", "'creek' is not a hexside code"),
        (("K33/K34 coast", "K33/K35 coast"), None, "not adjacent"),
        (("K33/K34 coast", "K33/K34 coast=maybe"), "line 22, column 9", "coast is yes or no"),
        (("K33/K34 coast", 'K33/K34 note="open'), "line 22, column 8", "cannot read the hexside's codes"),
        (("K32/L32 river", "K32/L31 river"), "line 21, column 1", "EUR:L31 is outside the extent"),
        (("map EUR extent", "map EUR extent\nmap EUR"), "line 10, column 1", "'map EUR' is given twice"),
        (("rules our map = *\n", ""), "line 9, column 5", "EUR:K30 has no rules"),
        (("version: 2\n", ""), "line 1", "the header needs version"),
        (("format: awaw-map-source/1", "format: awaw-map-source/9"), "line 1", "format is 'awaw-map-source/1'"),
        (("port yes = K33", "name: late"), "line 19, column 1", "comes before the first section"),
        (("port yes = K33", "?? = K33"), "line 19, column 1", "expected a header line"),
        (("map EUR extent", "K30 c"), "line 9, column 1", "belongs in a 'map EUR' section"),
    ],
)
def test_a_bad_source_names_the_line_and_column(change: tuple[str, str], where: str | None, message: str) -> None:
    old, new = change
    assert old in SOURCE
    with pytest.raises(InputError) as caught:
        compile_source(SOURCE.replace(old, new, 1))
    assert message in caught.value.message
    if where is not None:
        assert caught.value.where == where


def test_ids_without_a_map_outside_a_section_and_star_without_an_extent_are_refused() -> None:
    head = "format: awaw-map-source/1\nname: t\nversion: 1\nrules x = *\n"
    with pytest.raises(InputError, match="names no map") as caught:
        compile_source(head + "port yes = K33\n")
    assert caught.value.where == "line 5, column 12"
    with pytest.raises(InputError, match="'map EUR extent' section"):
        compile_source(head + "port yes = *\n")
    with pytest.raises(InputError, match="EUR has no extent rows"):
        compile_source(head + "map EUR\nK30 c\nport yes = *\n")
    with pytest.raises(InputError, match=r"'\.'"):
        compile_source(head + "map EUR\nK30 c.\n")
    assert compiled(head + "port yes = EUR:K33 PAC:A1\n").hex("PAC:A1") is not None  # full ids anywhere


def test_sampled_facts_in_the_source() -> None:
    text = SOURCE + "sampled terrain 0.8 = K30\nK30/K31 river sampled=river:0.6\n"
    data = compiled(text)
    assert set(data.sampled("EUR:K30")) == {"terrain"} and data.sampled("EUR:K30")["terrain"].confidence == 0.8
    assert set(data.sampled_side("EUR:K30", "EUR:K31")) == {"river"}
    assert compiled(decompile(data)).sha256 == data.sha256


@pytest.mark.parametrize("name", ["shipped", "test map", "doc"])
def test_decompile_then_compile_gives_the_same_yaml(name: str) -> None:
    if name == "shipped":
        text = shipped_map_data().content.decode("utf-8")
    elif name == "test map":
        text = TEST_MAP.read_text(encoding="utf-8")
    else:
        text = emit_yaml(compiled(), header="from the docs")
    data = parse_map_data(text)
    canonical = emit_yaml(data, header=leading_comments(text))
    source = decompile(data, header=leading_comments(text))
    again = compile_source(source)
    assert emit_yaml(MapData.of(again), header=leading_comments(source)) == canonical
    assert MapData.of(again).sha256 == data.sha256


def test_the_test_map_yaml_is_its_compiled_source() -> None:
    source = TEST_MAP_SOURCE.read_text(encoding="utf-8")
    expected = emit_yaml(MapData.of(compile_source(source)), header=leading_comments(source))
    assert TEST_MAP.read_text(encoding="utf-8") == expected, (
        "examples/maps/fictional-test-map.yaml is stale: run "
        "awaw map compile examples/maps/fictional-test-map.awmap -o examples/maps/fictional-test-map.yaml"
    )
    # compile(decompile(yaml)) == yaml, byte for byte
    yaml_text = TEST_MAP.read_text(encoding="utf-8")
    data = parse_map_data(yaml_text)
    back = decompile(data, header=leading_comments(yaml_text))
    assert emit_yaml(MapData.of(compile_source(back)), header=leading_comments(back)) == yaml_text


def test_what_the_compact_format_cannot_write_is_refused() -> None:
    text = (
        "format: awaw-map-data/1\nname: t\nversion: '1'\nhexes:\n  - {hex: EUR:K3, note: \"two\\nlines\", rules: [x]}\n"
    )
    with pytest.raises(NotCompact, match="one line"):
        decompile(parse_map_data(text))
    text = "format: awaw-map-data/1\nname: t\nversion: '1'\nhexes:\n  - {hex: EUR:K3, rules: ['a, b']}\n"
    with pytest.raises(NotCompact, match="comma"):
        decompile(parse_map_data(text))


def test_the_documented_example_compiles() -> None:
    doc = DOC.read_text(encoding="utf-8")
    example = doc.split("```text\n", 1)[1].split("```", 1)[0]
    data = compiled(example)
    assert data.name == "our-map" and len(data.hexsides) == 3


# ---------------------------------------------------------------------------------------------------------------------
# The commands


def test_compile_writes_the_yaml_and_says_what_it_wrote(tmp_path: Path) -> None:
    src = tmp_path / "our.awmap"
    src.write_text(SOURCE, encoding="utf-8")
    out = tmp_path / "our.yaml"
    result = CliRunner().invoke(cli, ["map", "compile", str(src), "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = parse_map_data(out.read_text(encoding="utf-8"))
    assert data.sha256 == compiled().sha256
    assert "our-map version 2, 16 hex and 3 hexside entries, extent EUR 16 hexes" in result.output
    as_json = CliRunner().invoke(cli, ["map", "compile", str(src), "-o", str(out), "--json"])
    summary = json.loads(as_json.output)
    assert summary["sha256"] == data.sha256 and summary["extent"] == {"EUR": 16}
    printed = CliRunner().invoke(cli, ["map", "compile", str(src)])
    assert printed.output == out.read_text(encoding="utf-8")


def test_a_bad_source_writes_nothing_and_names_the_place(tmp_path: Path) -> None:
    src = tmp_path / "our.awmap"
    src.write_text(SOURCE.replace("K30 c3 f", "K30 c3 q"), encoding="utf-8")
    out = tmp_path / "our.yaml"
    result = CliRunner().invoke(cli, ["map", "compile", str(src), "-o", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith("Error: line 10, column 8: 'q' is not a terrain code")
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["our.awmap"]
    # an older good file stays as it was
    out.write_text("format: awaw-map-data/1\n", encoding="utf-8")
    CliRunner().invoke(cli, ["map", "compile", str(src), "-o", str(out)])
    assert out.read_text(encoding="utf-8") == "format: awaw-map-data/1\n"


def test_compile_never_writes_over_the_store_or_a_file_that_is_not_map_data(tmp_path: Path) -> None:
    src = tmp_path / "our.awmap"
    src.write_text(SOURCE, encoding="utf-8")
    notes = tmp_path / "notes.txt"
    notes.write_text("our notes\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["map", "compile", str(src), "-o", str(notes)])
    assert result.exit_code == 1 and "is not map data; refusing to write over it" in result.output
    assert notes.read_text(encoding="utf-8") == "our notes\n"
    db = tmp_path / "awaw.db"
    assert CliRunner().invoke(cli, ["--db", str(db), "new", "g"]).exit_code == 0
    result = CliRunner().invoke(cli, ["--db", str(db), "map", "compile", str(src), "-o", str(db)])
    assert result.exit_code == 1 and "is the store itself" in result.output
    result = CliRunner().invoke(cli, ["map", "compile", str(tmp_path / "missing.awmap")])
    assert result.exit_code == 2


def test_decompile_writes_a_source_that_compiles_back(tmp_path: Path) -> None:
    out = tmp_path / "test-map.awmap"
    result = CliRunner().invoke(cli, ["map", "decompile", str(TEST_MAP), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert (
        MapData.of(compile_source(out.read_text(encoding="utf-8"))).sha256
        == parse_map_data(TEST_MAP.read_bytes()).sha256
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: awaw-map-data/1\nname: t\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["map", "decompile", str(bad)])
    assert result.exit_code == 1 and "bad.yaml" in result.output and "version" in result.output
