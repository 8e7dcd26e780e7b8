"""The coarse facts of a historical game in words a player reads (tests/test_text_width.py's checks, on a small log
of every kind): an operation reported without its hexes, one planned, a theater quiet, a power conquered, the game's
end. ``awaw log`` gives each a sentence, and the politics view's operations read "attack in El Alamein against
Britain", never a tag, a field value ("against western_allies") or a country's id in lower case."""

from __future__ import annotations

import json
import re

import pytest

from tests.test_text_width import Session, _problems

ROWS: tuple[dict[str, object], ...] = (
    {"type": "game_created", "year": 1939, "season": "fall", "phase": "setup"},
    {
        "type": "operation_planned",
        "year": 1939,
        "season": "winter",
        "kind": "war_entry",
        "by": "usa",
        "against": "european_axis",
        "basis": "implication",
        "unknown": ["planned_for"],
    },
    {
        "type": "operation_planned",
        "year": 1940,
        "season": "spring",
        "kind": "attack",
        "by": "axis",
        "against": "yugoslavia",
        "planned_for": "1941-spring",
    },
    {"type": "theater_quiet", "year": 1940, "season": "spring", "theater": "pacific"},
    {
        "type": "operation_reported",
        "year": 1941,
        "season": "summer",
        "kind": "attack",
        "by": "european_axis",
        "against": "britain",
        "places": ["el_alamein", "EUR:Q33"],
        "result": "partial",
    },
    {
        "type": "operation_reported",
        "year": 1944,
        "season": "spring",
        "kind": "invasion",
        "by": "western_allies",
        "against": "germany",
        "places": ["normandy"],
    },
    {"type": "power_conquered", "year": 1946, "season": "spring", "power": "germany", "by": "allies"},
    {
        "type": "game_ended",
        "year": 1946,
        "season": "spring",
        "winner": "allies",
        "how": "concession",
        "conceded_by": "axis",
        "level": "decisive",
    },
)
IDS = ("european_axis", "western_allies", "britain", "germany", "usa", "yugoslavia", "axis", "allies", "pacific")
"""The ids the log gives powers, factions, sides, countries and theaters: none may be read in lower case."""


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, str]]:
    folder = tmp_path_factory.mktemp("outcome-words")
    game = folder / "game.jsonl"
    game.write_text("".join(json.dumps(r) + "\n" for r in ROWS))
    s = Session(folder)
    s.run("import", "g", str(game), compare=False)
    s.run("log", "g")
    s.run("state", "g", "--view", "politics")
    s.run("state", "g", "--view", "politics", "--power", "britain")
    return {command: (narrow, wide) for command, narrow, wide in s.outputs[1:]}


def test_coarse_facts_read_at_80_columns_with_no_internal_name(outputs: dict[str, tuple[str, str]]) -> None:
    problems = [f"awaw {c}: {p}" for c, (narrow, wide) in outputs.items() for p in _problems(narrow, wide)]
    assert not problems, "\n".join(problems)
    for command, (narrow, wide) in outputs.items():
        for text in (narrow, wide):
            lowered = [i for i in IDS if re.search(rf"(?<![\w:/-]){i}(?![\w-])", text)]
            assert lowered == [], (command, lowered)


def test_the_log_tells_each_coarse_fact_in_a_sentence(outputs: dict[str, tuple[str, str]]) -> None:
    _, wide = outputs["log g"]
    for sentence in (
        "Operation reported: attack by the European Axis in El Alamein, EUR:Q33 against Britain: partly succeeded",
        "Operation reported: invasion by the Western Allies in Normandy against Germany: result not reported",
        "Operation planned: war entry by the U.S. against the European Axis, for a game turn the source does not "
        "give (what the position implied)",
        "Operation planned: attack by the Axis against Yugoslavia, for Spring 1941 (a plan)",
        "Theater quiet: the Pacific theater was quiet",
        "Power conquered: Germany conquered by the Allies",
        "Game ended: the Allies won (decisive victory), by concession of the Axis",
    ):
        assert sentence in " ".join(wide.split()), sentence


def test_the_politics_view_names_each_reported_operation_in_words(outputs: dict[str, tuple[str, str]]) -> None:
    _, wide = outputs["state g --view politics"]
    flat = " ".join(wide.split())
    assert "attack in El Alamein, EUR:Q33 against Britain" in flat
    assert "invasion in Normandy against Germany" in flat
    _, britain = outputs["state g --view politics --power britain"]
    assert "El Alamein" in britain and "Normandy" in britain  # against Britain; by the Western Allies, its faction
