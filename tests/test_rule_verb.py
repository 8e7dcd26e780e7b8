"""Rulings as a verb: ``awaw rule`` writes the ruling the disputed turn's players agreed (the same events
``examples/lodz-ruling.jsonl`` holds, byte for byte) and shows the turn's audit before and after it; ``--dry-run``
shows the same and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from replays.cli import cli

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
REASON = "18 against 12 is 1:1 and the die was 3: the CRT gives Ex, not D; Germany removes its losses"


@pytest.fixture
def awaw(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = str(tmp_path / "g.db")
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--db", db, *args], input=input)

    assert invoke("import", "disputed", str(EXAMPLES / "disputed-turn.jsonl"), "--no-audit").exit_code == 0
    return invoke


@pytest.fixture
def replacements() -> Path:
    """The shipped replacement file: the ruling file's events after its ruling."""
    path = EXAMPLES / "lodz-fix.jsonl"
    assert path.read_text() == "".join((EXAMPLES / "lodz-ruling.jsonl").read_text().splitlines(keepends=True)[1:])
    return path


RULING = ("--reason", REASON, "--by", "axis player", "--by", "allied player", "--citing", "15.6")


def test_a_dry_run_shows_the_audit_before_and_after_and_writes_nothing(awaw, replacements: Path) -> None:  # type: ignore[no-untyped-def]
    head = awaw("head", "disputed").output
    dry = awaw("rule", "disputed", "--void", "321", "--replace", str(replacements), *RULING, "--dry-run")
    assert dry.exit_code == 0, dry.output
    lines = dry.output.splitlines()
    assert lines[0] == "dry run: the ruling would be event 330: voids 321, replaced by events 331 to 336"
    assert lines[-1].startswith("dry run: nothing was written")
    before, _, after = dry.output.partition("and with the ruling:")
    assert "disputed: 1 finding(s)" in before and "15.6" in before
    assert "disputed: clean" in after
    assert awaw("head", "disputed").output == head  # nothing written: the same head, the same 329 events
    assert awaw("verify", "disputed").exit_code == 0
    assert "voided by" not in awaw("log", "disputed", "--turn", "1939-fall/axis/combat").output
    data = json.loads(awaw("rule", "disputed", "--void", "321", "--replace", str(replacements), *RULING,
                           "--dry-run", "--json").output)  # fmt: skip
    assert (data["dry_run"], data["written"], data["ruling"], data["replacements"]) == (
        True,
        False,
        330,
        [331, 332, 333, 334, 335, 336],
    )
    assert [f["rule"] for f in data["before"]] == ["15.6"] and data["after"] == []
    # the real thing afterwards gives exactly what the dry run showed
    done = awaw("rule", "disputed", "--void", "321", "--replace", str(replacements), *RULING)
    assert done.exit_code == 0
    assert done.output.splitlines()[1:] == lines[1:-1]
    assert awaw("head", "disputed").output.endswith(" 336\n")


def test_a_dry_run_that_cannot_be_is_refused_like_the_ruling(awaw) -> None:  # type: ignore[no-untyped-def]
    result = awaw("rule", "disputed", "--void", "999", "--reason", "x", "--dry-run")
    assert result.exit_code == 1 and "has events 1 to 329, not 999" in result.output


def test_a_ruling_written_with_the_verb_is_the_one_the_example_records(awaw, replacements: Path) -> None:  # type: ignore[no-untyped-def]
    result = awaw(
        "rule", "disputed", "--void", "321", "--replace", str(replacements), "--reason", REASON,
        "--by", "axis player", "--by", "allied player", "--citing", "15.6",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "ruling recorded in event 330: voids 321, replaced by events 331 to 336"
    assert lines[1] == "the audit of Fall 1939 Axis (events 288 to 329) before the ruling:"
    assert "disputed: 1 finding(s)" in result.output
    before, _, after = result.output.partition("and with the ruling:")
    assert "15.6" in before and "Ex" in before
    assert "disputed: clean" in after
    exported = awaw("export", "disputed").output
    expected = (EXAMPLES / "disputed-turn.jsonl").read_text() + (EXAMPLES / "lodz-ruling.jsonl").read_text()
    assert exported == expected
    assert "voided by 330" in awaw("log", "disputed", "--turn", "1939-fall/axis/combat").output


def test_a_ruling_that_only_voids_shows_the_audit_as_data(awaw) -> None:  # type: ignore[no-untyped-def]
    result = awaw("rule", "disputed", "--void", "321", "--reason", "recorded twice", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["ruling"], data["voids"], data["replacements"]) == (330, [321], [])
    assert [f["rule"] for f in data["before"]] == ["15.6"]
    assert data["turn"] == {"label": "Fall 1939 Axis", "first": 288, "last": 329}


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--void", "999", "--reason", "x"), "has events 1 to 329, not 999"),
        (("--void", "321"), "Missing option '--reason'"),
        (("--reason", "x"), "Missing option '--void'"),
    ],
)
def test_a_ruling_that_cannot_be_is_refused_and_nothing_is_written(awaw, args, words: str) -> None:  # type: ignore[no-untyped-def]
    result = awaw("rule", "disputed", *args)
    assert result.exit_code != 0
    assert words in result.output
    assert awaw("head", "disputed").output.endswith(" 329\n")


def test_a_bad_replacement_file_is_refused_with_its_line(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type":"unit_eliminated","year":1939,"season":"fall","unit":"ger-inf-4"}\n')
    result = awaw("rule", "disputed", "--void", "321", "--replace", str(path), "--reason", "x")
    assert result.exit_code == 1
    assert "line 1, field 'cause'" in result.output
    assert awaw("head", "disputed").output.endswith(" 329\n")
