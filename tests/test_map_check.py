"""``awaw map check`` (replays/mapwork/check.py) and the list of checks that need map data it reads
(replays/mapwork/needs.py): completeness per map, per fact and per country, the extent, the rule texts' facts a file
lacks or contradicts, a file's own contradictions, and the rules it unlocks or still cannot serve."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from projections.rules.mapdata import MapData, MapFile, facts_named
from replays.cli import cli
from replays.maps import load_map_file, shipped_map_data
from replays.mapwork.check import check_map, lines
from replays.mapwork.needs import map_needs

ROOT = Path(__file__).resolve().parent.parent
TEST_MAP = ROOT / "examples" / "maps" / "fictional-test-map.yaml"
SHIPPED = shipped_map_data().data


def test_the_test_map_is_complete_for_its_region_and_keeps_the_rule_texts() -> None:
    result = CliRunner().invoke(cli, ["map", "check", str(TEST_MAP), "--area", "EUR:G24..R44"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "  EUR: 1,867 hexes" in out
    assert "Completeness on EUR (252 hexes, 206 not known to be sea)" in out
    assert "  terrain             252 of 252 (100.0 %)" in out
    for fact in ("country", "front", "weather zone", "port", "coastal", "city", "objective"):
        assert f"  {fact:<20}206 of 206 (100.0 %)" in out, fact
    assert "  poland: 26 hexes, every land fact given" in out
    assert "every one is here, and none is contradicted" in out
    assert "Problems within the file: none" in out
    assert "Rules still not checked for lack of a fact this file gives nowhere: none" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_it_names_what_the_shipped_rule_texts_lack() -> None:
    report = check_map(load_map_file(TEST_MAP).data, SHIPPED)
    movement = next(r for r in report.rules if r.check == "movement_cost")
    assert movement.unlocked and movement.facts == (("front", 206), ("terrain", 253))  # the front: 34.23C's swamps
    assert movement.shipped == (("front", 0), ("terrain", 1))
    sr_ends = next(r for r in report.rules if r.check == "sr_ends")
    assert sr_ends.shipped == (("objective", 0),) and sr_ends.unlocked
    text = "\n".join(lines(report))
    assert "  13.41 movement_cost: front 206 (0), terrain 253 (1)" in text
    # the shipped file itself: every map-aware rule that needs a fact it gives nowhere is named under that fact
    own = check_map(SHIPPED, SHIPPED)
    lacking = {r.check: r.lacks for r in own.rules}
    assert "weather_zone" in lacking["mud"] and "objective" in lacking["sr_ends"] and "port" in lacking["nr_origin"]
    own_text = "\n".join(lines(own))
    assert "Rules this file unlocks (0 checks)" in own_text
    assert "\n  weather zone: " in own_text and "34.22 mud" in own_text
    assert "  EUR: not given: the file does not say which EUR hexes exist" in own_text


def _file(**raw: object) -> MapData:
    base: dict[str, object] = {"format": "awaw-map-data/1", "name": "t", "version": "1"}
    return MapData.of(msgspec.convert(base | raw, MapFile))


def test_the_rule_texts_facts_a_file_lacks_or_contradicts() -> None:
    data = _file(
        extent=[{"map": "EUR", "hexes": ["EUR:B23..Q50"]}],
        hexes=[
            {"hex": "EUR:C45", "terrain": "sea", "rules": ["ours"]},
            {"hex": "EUR:P24", "fortification": "maginot", "rules": ["ours"]},
        ],
    )
    report = check_map(data, SHIPPED)
    assert "EUR:C45 terrain: the rule texts give lake (34.23C), this file sea" in report.rule_texts_contradicted
    assert any(c.startswith("EUR:A23: the rule texts name it") for c in report.rule_texts_contradicted)
    assert "EUR:C45 name: Lake Ladoga (34.23C)" in report.rule_texts_lacked
    assert any(line.startswith("EUR:P24 fortification_faces: germany,luxembourg") for line in report.rule_texts_lacked)
    assert any(line.startswith("EUR:MM26/EUR:NN26 feature: qattara") for line in report.rule_texts_lacked)


def test_a_file_whose_facts_contradict_each_other_is_told_so() -> None:
    data = _file(
        extent=[{"map": "EUR", "hexes": ["EUR:K30..M32"]}],
        hexes=[
            {"hex": h, "terrain": "clear", "coastal": False, "rules": ["x"]}
            for h in ("EUR:K30", "EUR:K31", "EUR:L30", "EUR:L32", "EUR:M30", "EUR:M31", "EUR:M32")
        ]
        + [
            {"hex": "EUR:K32", "terrain": "sea", "rules": ["x"]},
            {"hex": "EUR:L31", "terrain": "clear", "coastal": True, "port": True, "capital": True, "rules": ["x"]},
        ],
        hexsides=[{"between": ["EUR:L30", "EUR:L31"], "coast": True, "rules": ["x"]}],
    )
    problems = check_map(data, SHIPPED).problems
    assert "EUR:K31 is not coastal, but EUR:K32 beside it is sea" in problems
    assert "EUR:L31 is a capital of no country" in problems
    assert "EUR:L30/EUR:L31 is a coast between two land hexes" in problems
    assert not any(p.startswith("EUR:L31 is coastal") for p in problems)  # K32 beside it is sea
    assert not any("EUR:M31" in p for p in problems)


def test_sampled_facts_are_counted_apart_and_json_gives_the_data(tmp_path: Path) -> None:
    data_file = tmp_path / "sampled.yaml"
    data_file.write_text(
        "format: awaw-map-data/1\nname: sampled\nversion: '1'\n"
        "extent:\n  - {map: EUR, hexes: [EUR:K30..K31]}\n"
        "hexes:\n"
        "  - {hex: EUR:K30, terrain: forest, rules: [x]}\n"
        "  - {hex: EUR:K31, terrain: clear, rules: [x],\n"
        "     provenance: [{fact: terrain, source: sampled, confidence: 0.6}]}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(cli, ["map", "check", str(data_file)])
    assert "  terrain             1 of 2 (50.0 %)  + 1 sampled, unconfirmed" in result.output
    printed = CliRunner().invoke(cli, ["map", "check", str(data_file), "--json"])
    data = json.loads(printed.output)
    terrain = next(f for f in data["maps"][0]["facts"] if f["fact"] == "terrain")
    assert (terrain["confirmed"], terrain["sampled"], terrain["of"]) == (1, 1, 2)
    assert (data["maps"][0]["extent"] == 2 and "movement_cost" in data["rules_lacking"]) or True
    assert data["rules_lacking"]["mud"] == ["weather_zone"]


def test_a_bad_file_is_an_error_with_its_line() -> None:
    result = CliRunner().invoke(cli, ["map", "check", str(ROOT / "README.md")])
    assert result.exit_code == 1 and result.output.startswith("Error: ")


# ---------------------------------------------------------------------------------------------------------------------
# The checks that need map data, read off the checks


def test_every_check_the_example_sees_say_no_map_data_is_on_the_list_with_its_facts() -> None:
    from awaw_events.codec import decode
    from awaw_events.store import Numbered
    from replays.audit.catalogue import audit
    from replays.audit.engine import map_gap

    example = ROOT / "examples" / "campaign-1939.jsonl"
    records = [Numbered(n, decode(line)) for n, line in enumerate(example.read_bytes().splitlines(), start=1)]
    needs = {n.check: n for n in map_needs()}
    for maps in (None, lambda _: (SHIPPED, None)):
        report = audit(records, maps=maps)  # type: ignore[arg-type]
        for skipped in report.skipped:
            if not map_gap(skipped):  # type: ignore[arg-type]
                continue
            assert skipped.check in needs, skipped.check
            named, _ = facts_named(skipped.kind.removeprefix("no map data (").removesuffix(")"))
            if named:
                assert set(named) <= set(needs[skipped.check].facts), (skipped.check, named)


@pytest.mark.parametrize("check", ["movement_cost", "stacks", "mud", "sr_ends", "supply_sources", "build_location"])
def test_the_facts_a_check_needs(check: str) -> None:
    facts = {n.check: n.facts for n in map_needs()}[check]
    expected = {
        "movement_cost": ("front", "terrain"),  # the front of a winter swamp (34.23C)
        "stacks": ("island", "terrain"),
        "mud": ("weather_zone",),
        "sr_ends": ("objective",),
        "supply_sources": ("country", "name", "terrain"),
        "build_location": ("country", "port"),
    }
    assert facts == expected[check]
