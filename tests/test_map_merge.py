"""``awaw map merge`` (replays/mapwork/merging.py) as a careless user runs it: the same file twice, a file of
another extent, contradicting facts, a missing file; and what it promises: OTHER's facts added to BASE's, a sampled
fact never overriding a confirmed one, every contradiction listed with both values and nothing written unless
``--prefer`` says whose value wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from projections.rules.mapdata import MapData, row_runs
from replays.cli import cli
from replays.maps import load_map_file, parse_map_data, shipped_map_data
from replays.mapwork.merging import MergeError, merge

TEST_MAP = Path(__file__).resolve().parents[1] / "examples" / "maps" / "fictional-test-map.yaml"

HEAD = "format: awaw-map-data/1\nname: {name}\nversion: '1'\n"


def data(name: str, body: str) -> MapData:
    return parse_map_data(HEAD.format(name=name) + body, source=name)


def write(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.format(name=name) + body, encoding="utf-8")
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["map", "merge", *args])
    return result.exit_code, result.output


OURS = """\
hexes:
  - {hex: EUR:K37, terrain: forest, rules: [our map]}
  - {hex: EUR:K38, terrain: clear, rules: [our map]}
hexsides:
  - {between: [EUR:K36, EUR:K37], river: river, rules: [our map]}
"""
ANNA = """\
hexes:
  - {hex: EUR:K37, terrain: forest, country: poland, rules: [anna's map]}
  - {hex: EUR:K39, terrain: swamp, rules: [map image],
     provenance: [{fact: terrain, source: sampled, confidence: 0.8}]}
hexsides:
  - {between: [EUR:K37, EUR:K38], river: canal, rules: [anna's map]}
"""


def test_other_files_facts_are_added_with_their_rules_and_provenance() -> None:
    done = merge(data("ours", OURS), data("anna", ANNA))
    assert done.file is not None and not done.contradictions
    merged = MapData.of(done.file)
    assert merged.hex("EUR:K37").country == "poland"  # type: ignore[union-attr]
    assert merged.hex("EUR:K37").rules == ("anna's map", "our map")  # type: ignore[union-attr]
    assert merged.written("EUR:K39").terrain == "swamp" and merged.hex("EUR:K39").terrain is None  # type: ignore[union-attr]
    assert merged.sampled("EUR:K39")["terrain"].confidence == 0.8  # still sampled, unconfirmed
    assert merged.hexside("EUR:K37", "EUR:K38").river == "canal"  # type: ignore[union-attr]
    assert merged.hexside("EUR:K36", "EUR:K37").river == "river"  # type: ignore[union-attr]
    assert sorted(done.added) == [
        "EUR:K37 country: poland",
        "EUR:K37/K38 river: canal",
        "EUR:K39 terrain: swamp (sampled, 0.80)",
    ]
    assert merged.name == "ours"


def test_a_sampled_fact_never_overrides_a_confirmed_one_either_way() -> None:
    sampled = """\
hexes:
  - {hex: EUR:K37, terrain: clear, rules: [map image], provenance: [{fact: terrain, source: sampled, confidence: 0.99}]}
  - {hex: EUR:K38, terrain: clear, rules: [map image], provenance: [{fact: terrain, source: sampled, confidence: 0.5}]}
"""
    confirmed = data("ours", OURS)
    for base, other in ((confirmed, data("s", sampled)), (data("s", sampled), confirmed)):
        done = merge(base, other)
        assert done.file is not None and not done.contradictions
        merged = MapData.of(done.file)
        assert merged.hex("EUR:K37").terrain == "forest"  # type: ignore[union-attr]  # the confirmed value
        assert merged.hex("EUR:K38").terrain == "clear" and not merged.sampled("EUR:K38")  # type: ignore[union-attr]
        assert len(done.set_aside) == 1 and "EUR:K37 terrain: clear (sampled, 0.99)" in done.set_aside[0]
    assert merge(data("s", sampled), confirmed).confirmed == ("EUR:K38 terrain: clear",)


def test_the_same_file_twice_changes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "merged.yaml"
    code, said = run(str(TEST_MAP), str(TEST_MAP), "-o", str(out))
    assert code == 0, said
    assert load_map_file(out).data == load_map_file(TEST_MAP).data  # the same facts, the same sha256
    assert "0 facts of fictional-test-map.yaml added" in said and "gives no fact that" in said


def test_the_rule_texts_merged_into_an_empty_file_are_the_rule_texts(tmp_path: Path) -> None:
    empty = write(tmp_path, "empty", "")
    shipped = tmp_path / "rule-texts.yaml"
    shipped.write_bytes(shipped_map_data().content)
    out = tmp_path / "merged.yaml"
    code, said = run(str(empty), str(shipped), "-o", str(out), "--json", "--version", "2")
    assert code == 0, said
    assert json.loads(said)["version"] == "2" and load_map_file(out).data.version == "2"
    assert load_map_file(out).data == shipped_map_data().data
    assert len(json.loads(said)["added"]) == 101  # every fact the rule texts give


def test_contradictions_are_listed_with_both_values_and_nothing_is_written(tmp_path: Path) -> None:
    base = write(tmp_path, "ours", OURS)
    other = write(tmp_path, "bob", "hexes:\n  - {hex: EUR:K37, terrain: mountain, rules: [bob's map]}\n")
    out = tmp_path / "merged.yaml"
    code, said = run(str(base), str(other), "-o", str(out))
    assert code == 1 and not out.exists()
    assert "contradiction: EUR:K37 terrain" in said
    assert "BASE ours.yaml: forest" in said and "OTHER bob.yaml: mountain" in said
    assert "nothing written: 1 contradictions; choose with --prefer base or --prefer other" in said
    code, printed = run(str(base), str(other), "-o", str(out), "--json")
    assert code == 1 and not out.exists()
    assert json.loads(printed)["contradictions"] == [
        {"entry": "EUR:K37", "fact": "terrain", "base": "forest", "other": "mountain"}
    ]
    for prefer, terrain in (("base", "forest"), ("other", "mountain")):
        code, said = run(str(base), str(other), "-o", str(out), "--prefer", prefer, "--version", "2")
        assert code == 0, said
        assert load_map_file(out).data.hex("EUR:K37").terrain == terrain  # type: ignore[union-attr]
        assert f"(--prefer {prefer})" in said


def test_a_file_of_another_extent(tmp_path: Path) -> None:
    """A file whose extent of a map differs from the test map's contradicts it; a file that describes a hex the
    test map's extent leaves out, or whose extent leaves out a hex the test map describes, is refused, naming the
    entry; the extent of a map the test map gives none of is added."""
    out = tmp_path / "merged.yaml"
    small = write(tmp_path, "small", "extent:\n  - {map: EUR, hexes: [EUR:K30..P42]}\n")
    code, said = run(str(TEST_MAP), str(small), "-o", str(out))
    assert code == 1 and not out.exists()
    assert "contradiction: EUR extent" in said and "78 hexes" in said
    stray = write(tmp_path, "stray", "hexes:\n  - {hex: EUR:KK60, terrain: clear, rules: [x]}\n")
    code, said = run(str(TEST_MAP), str(stray), "-o", str(out))
    assert code != 0 and not out.exists()
    assert "cannot merge: EUR:KK60 (from OTHER) is outside the EUR extent of BASE" in said
    with pytest.raises(MergeError, match="EUR:KK60"):
        merge(load_map_file(TEST_MAP).data, load_map_file(stray).data)
    pacific = write(tmp_path, "pacific", "extent:\n  - {map: PAC, hexes: [PAC:A1..C9]}\n")
    code, said = run(str(TEST_MAP), str(pacific), "-o", str(out))
    assert code != 0 and not out.exists()  # the test map describes Pacific hexes that extent leaves out
    assert "PAC:A23 (from BASE) is outside the PAC extent of OTHER" in said
    test_map = load_map_file(TEST_MAP).data
    used = {f.hex for f in test_map.written_hexes} | {h for s in test_map.written_hexsides for h in s.between}
    blocks = row_runs(sorted({h for h in used if h.startswith("PAC:")} | {"PAC:B5"}))
    pacific = write(tmp_path, "pacific", f"extent:\n  - {{map: PAC, hexes: [{', '.join(blocks)}]}}\n")
    code, said = run(str(TEST_MAP), str(pacific), "-o", str(out), "--version", "1.1")
    assert code == 0, said  # another mapboard's extent adds to the file's
    assert load_map_file(out).data.exists("PAC:B5") is True
    assert load_map_file(out).data.extent_of("EUR") == test_map.extent_of("EUR")


def test_merged_facts_that_differ_from_bases_need_a_version_of_their_own(tmp_path: Path) -> None:
    """A game names its map data by name, version and hash: a merged file with BASE's name and version but other
    facts is never written; the same facts keep BASE's version without being asked."""
    base, other = write(tmp_path, "ours", OURS), write(tmp_path, "anna", ANNA)
    out = tmp_path / "merged.yaml"
    for extra, said_of in (((), "no --version"), (("--version", "1"), "--version '1', which is BASE's")):
        code, said = run(str(base), str(other), "-o", str(out), *extra)
        assert code == 2 and not out.exists(), said
        assert f"differ from BASE's (ours version '1') and {said_of} was given" in said
        assert "for example --version '2'" in said and "nothing was written" in said
    code, said = run(str(base), str(other), "-o", str(out), "--version", "x" * 41)
    assert code == 2 and not out.exists() and "1 to 40 characters" in said
    code, said = run(str(base), str(other), "-o", str(out), "--version", "2")
    assert code == 0 and "(version 2)" in said, said
    merged = load_map_file(out).data
    assert (merged.name, merged.version) == ("ours", "2")
    merged_file = merge(data("ours", OURS), data("anna", ANNA)).file
    assert merged_file is not None and merged.sha256 == MapData.of(merged_file).sha256
    assert merged.sha256 != load_map_file(base).data.sha256
    code, said = run(str(base), str(base), "-o", str(tmp_path / "same.yaml"))
    assert code == 0, said
    assert load_map_file(tmp_path / "same.yaml").data.version == "1"  # the same facts: BASE's version


def test_a_missing_file_or_one_that_is_not_map_data_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "merged.yaml"
    code, said = run(str(TEST_MAP), str(tmp_path / "nowhere.yaml"), "-o", str(out))
    assert code == 2 and "nowhere.yaml" in said and not out.exists()
    broken = tmp_path / "broken.yaml"
    broken.write_text(HEAD.format(name="broken") + "hexes:\n  - {hex: EUR:K37, terrain: lava, rules: [x]}\n")
    code, said = run(str(TEST_MAP), str(broken), "-o", str(out))
    assert code != 0 and "broken.yaml" in said and "terrain" in said and not out.exists()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code, said = run(str(TEST_MAP), str(TEST_MAP), "-o", str(notes))
    assert code != 0 and "refusing to write over it" in said and notes.read_text() == "my notes\n"
