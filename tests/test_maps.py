"""Map-data files and a game's map data: the loader's errors (line, field, what was expected), the store's copy,
``awaw new --map-data``, ``awaw import --map-data`` and what an audit can resolve (docs/map-data.md, README)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from awaw_events.errors import InputError
from awaw_events.store import GameStore
from projections.core import MapDataRef
from replays import maps
from replays.cli import cli
from replays.maps import declared_map_data, parse_map_data, shipped_map_data

ROOT = Path(__file__).resolve().parent.parent

GOOD = """\
format: awaw-map-data/1
name: our-map
version: "2"
hexes:
  - hex: EUR:K37
    terrain: forest
    rules: ["our map"]
hexsides:
  - between: [EUR:K37, EUR:K38]
    river: river
    rules: ["our map"]
"""

SAMPLED = """\
    rules: ["our map"]
    provenance:
      - {fact: terrain, source: sampled, confidence: 0.8}
"""


@pytest.mark.parametrize(
    ("text", "where", "field", "message"),
    [
        (GOOD.replace("    terrain: forest", "    terain: forest"), "line 6", "hexes[0].terain", "unknown field"),
        (GOOD.replace("terrain: forest", "terrain: hills"), "line 6", "hexes[0].terrain", "invalid enum value 'hills'"),
        (GOOD.replace('version: "2"', "version: 2"), "line 3", "version", "expected `str`, got `int`"),
        (GOOD.replace("  - hex: EUR:K37", "  - hex: EUR:K377"), "line 5", "hexes[0].hex", "expected `str` matching"),
        (GOOD.replace('    rules: ["our map"]\nhexsides', "hexsides"), "line 5", "hexes[0]", "missing required field"),
        (GOOD.replace('rules: ["our map"]\nhexsides', "rules: []\nhexsides"), "line 7", "hexes[0].rules", ">= 1"),
        (GOOD.replace("EUR:K37, EUR:K38", "EUR:K37, EUR:K39"), "line 9", "hexsides[0]", "not adjacent"),
        (GOOD.replace("    river: river", "    river: creek"), "line 10", "hexsides[0].river", "invalid enum"),
        (GOOD.replace("awaw-map-data/1", "awaw-map-data/2"), "line 1", "format", "invalid enum value"),
        (GOOD + "  - between: [EUR:K38, EUR:K37]\n    rules: [x]\n", "line 12", "hexsides[1]", "described twice"),
        (GOOD.replace("    terrain: forest", "    terrain: forest\n    terrain: clear"), "line 7", "terrain", "twice"),
        (GOOD.replace("hexes:", "hexes: [oops"), "line 5", None, "not valid YAML"),
        ("- just\n- a list\n", "line 1", None, "one YAML mapping"),
        ("", "line 1", None, "one YAML mapping"),
        ("a: 1\n---\nb: 2\n", "line 2", None, "not valid YAML"),
        (GOOD.replace("    terrain: forest", "    note: 2001-13-45"), None, None, "month must be in 1..12"),
        (GOOD.replace("    terrain: forest", "    note: 2001-12-25"), "line 6", "hexes[0].note", "got `date`"),
        (
            GOOD.replace("hexes:", "extent:\n  - {map: EUR, hexes: [EUR:K37]}\nhexes:"),
            "line 11",
            "hexsides[0]",
            "outside",
        ),
        (GOOD.replace("hexes:", "extent:\n  - {map: EUR, hexes: [EUR:K38]}\nhexes:"), "line 7", "hexes[0]", "outside"),
        (
            GOOD.replace("hexes:", "extent:\n  - {map: EUR, hexes: [EUR:K39..J40]}\nhexes:"),
            "line 5",
            "extent[0]",
            "corner",
        ),
        (GOOD.replace("hexes:", "extent:\n  - {map: EUR, hexes: []}\nhexes:"), "line 5", "extent[0].hexes", ">= 1"),
        (
            GOOD.replace(
                '    rules: ["our map"]\nhexsides', SAMPLED.replace("terrain, source", "port, source") + "hexsides"
            ),
            "line 5",
            "hexes[0]",
            "'port', which this entry does not give",
        ),
        (
            GOOD.replace('    rules: ["our map"]\nhexsides', SAMPLED.replace("0.8", "80") + "hexsides"),
            "line 9",
            "hexes[0].provenance[0].confidence",
            "<= 1.0",
        ),
    ],
)
def test_bad_files_name_the_line_and_the_field(text: str, where: str, field: str | None, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_map_data(text)
    error = caught.value
    assert message.lower() in error.message.lower()
    assert (error.where, error.field) == (where, field)


def test_a_file_with_an_extent_and_sampled_facts_reads() -> None:
    text = GOOD.replace("hexes:", "extent:\n  - {map: EUR, hexes: [EUR:K37..K38]}\nhexes:").replace(
        '    rules: ["our map"]\nhexsides', SAMPLED + "hexsides"
    )
    data = parse_map_data(text)
    assert data.exists("EUR:K38") is True and data.exists("EUR:K39") is False
    assert set(data.sampled("EUR:K37")) == {"terrain"} and not data.confirmed("EUR:K37", "terrain")
    assert data.sha256 != parse_map_data(GOOD).sha256


def test_a_good_file_and_its_identity() -> None:
    data = parse_map_data(GOOD)
    assert (data.name, data.version, len(data.hexes), len(data.hexsides)) == ("our-map", "2", 1, 1)
    commented = "# our group's map\n" + GOOD.replace("EUR:K37, EUR:K38", "EUR:K38, EUR:K37")
    assert parse_map_data(commented).sha256 == data.sha256  # comments, order and spelling are not facts


def test_the_shipped_file_is_package_data() -> None:
    package_data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "maps/*.yaml" in package_data["projections.rules"]
    assert (ROOT / "projections" / "rules" / "maps" / maps.SHIPPED).read_bytes() == maps.shipped_content()
    assert shipped_map_data().source == "shipped"


def test_an_unreadable_map_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read the map-data file"):
        maps.load_map_file(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="not UTF-8"):
        maps.load_map_file(bad)


# ---------------------------------------------------------------------------------------------------------------
# A game's map data


@pytest.fixture
def run(db_path: str):  # type: ignore[no-untyped-def]
    runner = CliRunner()

    def invoke(*args: str):  # type: ignore[no-untyped-def]
        return runner.invoke(cli, ["--db", db_path, *args], catch_exceptions=False)

    return invoke


@pytest.fixture
def our_map(tmp_path: Path) -> Path:
    path = tmp_path / "our-map.yaml"
    path.write_text(GOOD)
    return path


def _first_events(run, game: str) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    return [json.loads(line)["event"] for line in run("log", game, "--json").output.splitlines()]


def test_new_records_the_shipped_map_data_by_default(run, db_path: str) -> None:  # type: ignore[no-untyped-def]
    assert run("new", "g").exit_code == 0
    used = _first_events(run, "g")[1]
    shipped = shipped_map_data().data
    assert used["type"] == "map_data_used"
    assert (used["name"], used["version"], used["sha256"], used["source"]) == (
        "rule-texts",
        shipped.version,
        shipped.sha256,
        "shipped",
    )
    with GameStore(db_path) as store:
        found = declared_map_data(store, "g")
        assert found.data == shipped and found.reason is None
        assert found.declared == MapDataRef(name="rule-texts", version=shipped.version, sha256=shipped.sha256)


def test_new_with_a_map_file_keeps_it_in_the_store(run, db_path: str, our_map: Path) -> None:  # type: ignore[no-untyped-def]
    result = run("new", "g", "--map-data", str(our_map))
    assert result.exit_code == 0
    assert "map data: our-map version 2, 1 hexes, 1 hexsides" in result.output
    assert "(our-map.yaml)" in result.output
    our_map.unlink()  # the audit needs no file outside the store
    with GameStore(db_path) as store:
        found = declared_map_data(store, "g")
        assert found.data is not None and found.data.hex("EUR:K37").terrain == "forest"  # type: ignore[union-attr]
        assert store.map_data(found.data.sha256) == GOOD.encode()


def test_a_bad_map_file_writes_nothing(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text(GOOD.replace("terrain: forest", "terrain: hills"))
    result = run("new", "g", "--map-data", str(bad))
    assert result.exit_code == 1
    assert result.output.startswith("Error: line 6, field 'hexes[0].terrain': bad.yaml: invalid enum value 'hills'")
    assert run("games").output.startswith("no games yet")


def test_a_game_imported_without_its_map_data_says_why(run, db_path: str, our_map: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("new", "g", "--map-data", str(our_map))
    exported = tmp_path / "g.jsonl"
    run("export", "g", "-o", str(exported))
    other = str(tmp_path / "other.db")
    runner = CliRunner()
    assert runner.invoke(cli, ["--db", other, "import", "h", str(exported)]).exit_code == 0
    with GameStore(other) as store:
        found = declared_map_data(store, "h")
        assert found.data is None and found.declared is not None
        assert found.reason is not None and found.reason.startswith("declared map data not available: 'our-map'")
    result = runner.invoke(cli, ["--db", other, "import", "h", str(exported), "--map-data", str(our_map)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].endswith(": the map data 'h' declares")
    with GameStore(other) as store:
        assert declared_map_data(store, "h").data == parse_map_data(GOOD)


def test_import_with_other_map_data_says_so(run, our_map: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("new", "g")
    exported = tmp_path / "g.jsonl"
    run("export", "g", "-o", str(exported))
    result = run("import", "h", str(exported), "--map-data", str(our_map))
    assert "but 'h' declares other map data: rule-texts version" in result.output


def test_no_declaration_and_hash_mismatch(db_path: str) -> None:
    from tests.conftest import created

    with GameStore(db_path) as store:
        store.create_game("g", [created()])
        assert declared_map_data(store, "g") == (None, None, "'g' declares no map data")
        data = parse_map_data(GOOD)
        ref = MapDataRef(name="our-map", version="2", sha256=data.sha256)
        store.put_map_data(data.sha256, GOOD.replace("forest", "swamp").encode())  # a copy that was changed
        found = maps.resolve_map_data(store, ref)
        assert found.data is None and found.reason is not None and found.reason.startswith("hash mismatch")
        with pytest.raises(InputError, match="SHA-256"):
            store.put_map_data("abc", b"")


def test_a_later_declaration_replaces_the_earlier(run, db_path: str, our_map: Path) -> None:  # type: ignore[no-untyped-def]
    run("new", "g")
    shipped = shipped_map_data().data
    ours = parse_map_data(GOOD)
    assert run("import", "g", "-", "--map-data", str(our_map)).exit_code == 0  # keeps the file, no events
    fields = [f"name={ours.name}", f"version={ours.version}", f"sha256={ours.sha256}", "source=our-map.yaml"]
    assert run("record", "g", "map_data_used", *fields).exit_code == 0
    with GameStore(db_path) as store:
        assert declared_map_data(store, "g").data == ours
        assert declared_map_data(store, "g", at=2).data == shipped


def test_the_readme_tells_what_ships() -> None:
    from projections.rules.mapdata import no_map_data

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shipped = shipped_map_data().data
    assert f"the {len(shipped.hexes)} hexes and {len(shipped.hexsides)} hexsides" in readme
    assert f"`{no_map_data('EUR:K37')}`" in readme
    assert f"`projections/rules/maps/{maps.SHIPPED}`" in readme
    doc = (ROOT / "docs" / "map-data.md").read_text(encoding="utf-8")
    assert f"{len(shipped.hexes)} hexes and {len(shipped.hexsides)} hexsides" in doc
