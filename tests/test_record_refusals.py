"""The record refuses what cannot be true and warns about what breaks a rule (issue 11, item 2).

Tried as the issue tried it, on the example's Fall 1939 Axis movement phase (after event 298: ger-inf-7 stands in
EUR:M28, the Polish units belong to Britain). The refusals and the audit's findings agree: what ``record`` refuses,
an import with ``--lenient`` keeps, and the audit names it.

Moves (``unit_moved``) are found by the movement family's ``mover`` and ``path`` checks (issue 11 item 3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

import pytest
from click.testing import CliRunner, Result

from awaw_events.events import Ruling, UnitEliminated, UnitMoved, UnitPlaced
from awaw_events.log import import_events, numbered
from awaw_events.store import GameStore
from replays.audit.catalogue import audit
from replays.cli import cli
from replays.records import Referee
from tests.conftest import created

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "campaign-1939.jsonl"
MOVEMENT_PHASE = 299
"""The example's Fall 1939 Axis movement phase: its phase_started and both German moves are in."""

WHEN = {"year": 1939, "season": "fall", "side": "axis", "phase": "movement"}


@pytest.fixture
def awaw(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = str(tmp_path / "g.db")
    runner = CliRunner()

    def invoke(*args: str, input: str | None = None) -> Result:
        return runner.invoke(cli, ["--db", db, *args], input=input)

    return invoke


@pytest.fixture
def movement(awaw, tmp_path: Path):  # type: ignore[no-untyped-def]
    """The example up to its Fall 1939 Axis movement phase, as game ``g``."""
    head = tmp_path / "head.jsonl"
    head.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:MOVEMENT_PHASE]))
    assert awaw("import", "g", str(head), "--no-audit").exit_code == 0
    return awaw


def _count(awaw) -> int:  # type: ignore[no-untyped-def]
    return int(awaw("head", "g").output.split()[-1])


def _line(event: dict[str, object]) -> str:
    return json.dumps({**WHEN, **event}) + "\n"


def test_a_move_of_a_unit_that_does_not_exist_is_refused(movement) -> None:  # type: ignore[no-untyped-def]
    result = movement("record", "g", "unit_moved", "unit=ger-inf-33", 'path=["EUR:M29"]', "actor=germany")
    assert result.exit_code == 1
    assert result.output == (
        "Error: the event, field 'unit': unknown unit 'ger-inf-33': no unit of that id was placed or built; "
        "nothing was written\n"
    )
    assert _count(movement) == MOVEMENT_PHASE


def test_germany_moving_a_polish_unit_is_refused(movement) -> None:  # type: ignore[no-untyped-def]
    result = movement("record", "g", "unit_moved", "unit=pol-inf-7", 'path=["EUR:L38"]', "actor=germany")
    assert result.exit_code == 1
    assert (
        "field 'actor': pol-inf-7 belongs to britain: germany cannot move it: a power moves its own units (13.4)"
        in (result.output)
    )
    assert _count(movement) == MOVEMENT_PHASE


def test_an_eliminated_unit_is_not_on_the_board(awaw, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    head = tmp_path / "head.jsonl"
    head.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:320]))  # pol-inf-1 gone at 313
    awaw("import", "g", str(head), "--no-audit")
    result = awaw("record", "g", "unit_eliminated", "unit=pol-inf-1", "cause=combat")
    assert result.exit_code == 1
    assert "pol-inf-1 is not on the board: it was eliminated (combat) in Fall 1939" in result.output
    assert _count(awaw) == 320


def test_a_misspelt_hex_is_refused(movement) -> None:  # type: ignore[no-untyped-def]
    result = movement("record", "g", "hex_control_changed", "hex=EUR:M07", "controller=germany")
    assert result.exit_code == 1
    assert "field 'hex': unknown hex 'EUR:M07': the hex is written 'EUR:M7'" in result.output


def test_a_rule_broken_is_kept_and_the_audit_speaks_at_once(movement) -> None:  # type: ignore[no-untyped-def]
    """A declaration of war on a minor costs 10 BRPs (27.12): one paid at 5 is kept, and named at once."""
    args = ("record", "g", "war_declared", "aggressor=germany", "target=denmark", "brp_cost=5", "actor=germany")
    strict = movement(*args, "--strict")
    assert strict.exit_code == 1
    assert "27.12" in strict.output
    assert "with --strict nothing was written" in strict.output
    assert _count(movement) == MOVEMENT_PHASE
    kept = movement(*args)
    assert kept.exit_code == 0
    assert kept.output.startswith(
        f"recorded event {MOVEMENT_PHASE + 1} (Fall 1939 Axis movement): War declared: Germany declares war on Denmark"
    )
    assert "the audit finds 1 problem(s) (kept: the record holds what was claimed):" in kept.output
    assert "declaration_cost" not in kept.output  # the finding in words, with its rule
    assert "27.12" in kept.output
    data = json.loads(movement(*args[:-1], "actor=germany", "brp_cost=6", "--json").output)
    assert data["seq"] == MOVEMENT_PHASE + 2
    assert [f["rule"] for f in data["findings"]] == ["27.12"]


def test_a_jump_across_the_map_is_kept_with_the_findings_printed(movement) -> None:  # type: ignore[no-untyped-def]
    result = movement("record", "g", "unit_moved", "unit=ger-inf-7", 'path=["EUR:AA40"]', "mf_used=1", "actor=germany")
    assert result.exit_code == 0
    assert result.output.startswith(
        f"recorded event {MOVEMENT_PHASE + 1} (Fall 1939 Axis movement): Unit moved: ger-inf-7 moves to EUR:AA40"
    )
    assert "the audit finds" in result.output
    assert "AA40" in result.output
    assert _count(movement) == MOVEMENT_PHASE + 1
    strict = movement(
        "record", "g", "unit_moved", "unit=ger-inf-7", 'path=["EUR:M28"]', "mf_used=1", "actor=germany", "--strict"
    )  # the jump back: as far, and as much a finding
    assert strict.exit_code == 1
    assert "not adjacent" in strict.output
    assert _count(movement) == MOVEMENT_PHASE + 1


def test_an_ally_moving_a_minors_unit_is_kept_as_open(movement) -> None:  # type: ignore[no-untyped-def]
    """Who of the Allies plays the Polish units is the players' arrangement: France moving one is kept, named."""
    result = movement(
        "record",
        "g",
        "unit_redeployed",
        "unit=pol-inf-7",
        "kind=SR",
        "origin=EUR:L39",
        "destination=EUR:L38",
        "actor=france",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [(k["field"], k["refused"]) for k in data["kept"]] == [("actor", False)]
    assert [f["check"] for f in data["findings"] if f["rule"] == "record"] == ["record_units"]


BAD_EVENTS = [
    pytest.param({"type": "unit_moved", "actor": "germany", "unit": "ger-inf-33", "path": ["EUR:M29"]}, id="unknown"),
    pytest.param({"type": "unit_moved", "actor": "germany", "unit": "pol-inf-7", "path": ["EUR:L38"]}, id="foreign"),
    pytest.param({"type": "unit_eliminated", "unit": "ger-inf-33", "cause": "combat"}, id="unknown-eliminated"),
    pytest.param(
        {
            "type": "unit_redeployed",
            "actor": "germany",
            "unit": "pol-inf-8",
            "kind": "SR",
            "origin": "EUR:O35",
            "destination": "EUR:O36",
        },
        id="foreign-redeployed",
    ),
    pytest.param({"type": "hex_control_changed", "hex": "EUR:M07", "controller": "germany"}, id="misspelt-hex"),
    pytest.param(
        {
            "type": "unit_placed",
            "unit": "ger-inf-7",
            "owner": "germany",
            "nationality": "germany",
            "unit_type": "infantry",
            "factors": 3,
            "location": "EUR:M29",
        },
        id="placed-twice",
    ),
]


@pytest.mark.parametrize("bad", BAD_EVENTS)
def test_what_import_refuses_lenient_keeps_and_the_audit_finds(movement, tmp_path: Path, bad) -> None:  # type: ignore[no-untyped-def]
    good = {"type": "unit_moved", "actor": "germany", "unit": "ger-inf-7", "path": ["EUR:M29"], "mf_used": 1}
    path = tmp_path / "turn.jsonl"
    path.write_text(_line(good) + _line(bad))
    refused = movement("import", "g", str(path))
    assert refused.exit_code == 1
    assert refused.output.startswith("Error: line 2, field ")
    assert refused.output.endswith("; nothing was written\n")
    assert _count(movement) == MOVEMENT_PHASE
    kept = movement("import", "g", str(path), "--lenient", "--json")
    assert kept.exit_code == 0, kept.output
    data = json.loads(kept.output)
    assert data["imported"] == 2
    assert {k["seq"] for k in data["kept"]} == {MOVEMENT_PHASE + 2}
    assert all(k["refused"] for k in data["kept"])
    assert MOVEMENT_PHASE + 2 in {f["seq"] for f in data["findings"]}, "the audit names what the record refuses"


def test_every_refusal_has_its_finding(tmp_path: Path) -> None:
    """The record family reports each problem of the events it reads (all but moves) as a finding, one a problem."""
    store = GameStore(":memory:")
    lines = EXAMPLE.read_text().splitlines(keepends=True)[:MOVEMENT_PHASE]
    head = tmp_path / "head.jsonl"
    head.write_text("".join(lines))
    from awaw_events import io as event_io

    with head.open("rb") as f:
        import_events(store, "g", event_io.iter_events(f, "jsonl"))
    bad = [
        UnitEliminated(**WHEN, unit="ger-inf-33", cause="combat"),  # type: ignore[arg-type]
        UnitEliminated(**WHEN, unit="ger-inf-34", cause="combat"),  # type: ignore[arg-type]
    ]
    referee = Referee(lenient=True)
    done = import_events(store, "g", numbered(bad, first=MOVEMENT_PHASE + 1), referee=referee)
    report = audit(store.numbered("g"), start=done.first)
    assert [k.seq for k in referee.kept] == [f.seq for f in report.findings if f.rule == "record"]
    assert [k.message for k in referee.kept] == [f.message for f in report.findings if f.rule == "record"]


def test_the_shipped_logs_and_the_benchmark_archive_import_without_refusals() -> None:
    """The example, the disputed turn and its ruling, the WBC 2023 game and the facts found later in it, and the
    synthetic archive: the record refuses nothing of them and keeps nothing open."""
    from awaw_events import io as event_io
    from awaw_events.corrections import insert_events
    from benchmarks.synthetic import events

    store = GameStore(":memory:")
    for game, files in (
        ("example", ["campaign-1939.jsonl"]),
        ("disputed", ["disputed-turn.jsonl", "lodz-ruling.jsonl"]),
    ):
        for name in files:
            referee = Referee()
            with (ROOT / "examples" / name).open("rb") as f:
                import_events(store, game, event_io.iter_events(f, "jsonl"), referee=referee)
            assert referee.kept == []
    referee = Referee()
    import_events(store, "synthetic", numbered(list(events(20_000))), referee=referee)
    assert referee.kept == []
    wbc = ROOT / "examples" / "wbc-2023-game-1"
    with (wbc / "game.yaml").open("rb") as f:
        import_events(store, "wbc", event_io.iter_events(f, "yaml"), referee=referee)
    assert referee.kept == []
    with (wbc / "found-later.yaml").open("rb") as f:
        later = [n for n in event_io.iter_events(f, "yaml") if not isinstance(n, Exception)]
    insert_events(store, "wbc", later, referee=referee)
    assert referee.kept == [] and store.count("wbc") == 34  # 30, a ruling and 3 facts found later


def test_a_ruling_that_voids_an_elimination_puts_the_unit_back() -> None:
    """After a ruling, the referee reads the effective log: a unit whose elimination was voided is on the board."""
    placed = UnitPlaced(
        year=1939,
        season="fall",
        phase="setup",
        unit="ger-inf-1",
        owner="germany",
        nationality="germany",
        unit_type="infantry",
        factors=3,
        location="EUR:K34",
    )
    gone = UnitEliminated(**WHEN, unit="ger-inf-1", cause="combat")  # type: ignore[arg-type]
    ruling = Ruling(**WHEN, actor="referee", voids=[3], reason="the unit was never attacked")  # type: ignore[arg-type]
    moved = UnitMoved(**WHEN, actor="germany", unit="ger-inf-1", path=["EUR:K35"], mf_used=1)  # type: ignore[arg-type]
    for chunk in (1, 2, 10):
        store = GameStore(":memory:")
        import_events(store, "g", numbered([created(), placed, gone, ruling, moved]), chunk=chunk, referee=Referee())
        assert store.count("g") == 5
    store = GameStore(":memory:")
    with pytest.raises(Exception, match="ger-inf-1 is not on the board"):
        import_events(store, "g", numbered([created(), placed, gone, moved]), referee=Referee())


def test_an_import_reports_first_and_last_event_of_an_append(movement, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Appending to a game names the first event appended, not the last twice (it did before issue 11)."""
    path = tmp_path / "more.jsonl"
    good = [
        {"type": "unit_moved", "actor": "germany", "unit": "ger-inf-7", "path": ["EUR:M29"], "mf_used": 1},
        {"type": "unit_moved", "actor": "germany", "unit": "ger-inf-7", "path": ["EUR:M30"], "mf_used": 1},
    ]
    path.write_text("".join(_line(e) for e in good))
    result = movement("import", "g", str(path), "--no-audit")
    assert result.output == f"imported 2 event(s) into g: events {MOVEMENT_PHASE + 1} to {MOVEMENT_PHASE + 2}\n"


COMBAT: Final = 330
"""The example after its Lodz attack: ger-inf-4, which stood in EUR:M35 at the movement phase, was eliminated at
event 323; ger-arm-7 is built only at event 376."""

LATER_MOVE = {
    "type": "unit_moved",
    **WHEN,
    "actor": "germany",
    "unit": "ger-inf-4",
    "path": ["EUR:N35", "EUR:M35"],
    "mf_used": 2,
}
"""A move of the movement phase, found after the combat that eliminated the unit."""


@pytest.fixture
def combat(awaw, tmp_path: Path):  # type: ignore[no-untyped-def]
    head = tmp_path / "combat.jsonl"
    head.write_text("".join(EXAMPLE.read_text().splitlines(keepends=True)[:COMBAT]))
    assert awaw("import", "g", str(head), "--no-audit").exit_code == 0
    return awaw


def test_a_correction_in_time_is_checked_where_it_stands_and_a_copy_imports_back(combat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A fact inserted at its own game time is checked against the board at its place, not at the end of the log
    (where its unit may be gone): the game, exported, imports back; a typo in the inserted fact is still refused."""
    later = tmp_path / "later.jsonl"
    later.write_text(json.dumps(LATER_MOVE) + "\n")
    inserted = combat("insert", "g", str(later), "--after", str(MOVEMENT_PHASE), "--reason", "found later")
    assert inserted.exit_code == 0, inserted.output
    exported = tmp_path / "all.jsonl"
    exported.write_text(combat("export", "g").output)
    copied = combat("import", "copy", str(exported))
    assert copied.exit_code == 0, copied.output
    assert combat("head", "copy").output.split()[-1] == str(COMBAT + 2)
    typo = tmp_path / "typo.jsonl"
    typo.write_text(exported.read_text().replace('"unit":"ger-inf-4","path"', '"unit":"ger-inf-44","path"'))
    refused = combat("import", "typo", str(typo))
    assert refused.exit_code == 1
    assert f"line {COMBAT + 2}, field 'unit': unknown unit 'ger-inf-44'" in refused.output


def _ruling(**fields: object) -> str:
    return _line({"type": "ruling", "phase": "combat", "actor": "referee", "reason": "agreed", **fields})


def test_a_rulings_replacements_are_checked_where_they_stand(combat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Replacements stand in the place of the first event a ruling voids: a unit in play there may be named (though
    gone since), and a unit built only later may not (though on the board now)."""
    path = tmp_path / "ruling.jsonl"
    path.write_text(_ruling(voids=[MOVEMENT_PHASE], replacements=1) + json.dumps(LATER_MOVE) + "\n")
    kept = combat("import", "g", str(path), "--no-audit")
    assert kept.exit_code == 0, kept.output
    built_later = {**LATER_MOVE, "unit": "ger-arm-7"}
    path.write_text(_ruling(voids=[MOVEMENT_PHASE - 1], replacements=1) + json.dumps(built_later) + "\n")
    refused = combat("import", "g", str(path), "--no-audit")
    assert refused.exit_code == 1
    assert "line 2, field 'unit': unknown unit 'ger-arm-7'" in refused.output
    assert _count(combat) == COMBAT + 2


def test_insert_refuses_what_cannot_be_true_where_the_events_stand(combat, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``awaw insert`` checks like ``import``: a typo is refused and nothing is written; ``--lenient`` keeps it and
    names it; a unit gone by the end of the log but in play where the fact stands is no problem."""
    typo = tmp_path / "typo.jsonl"
    typo.write_text(json.dumps({**LATER_MOVE, "unit": "ger-inf-44"}) + "\n")
    after = ("--after", str(MOVEMENT_PHASE), "--reason", "found later")
    refused = combat("insert", "g", str(typo), *after)
    assert refused.exit_code == 1
    assert "field 'unit': unknown unit 'ger-inf-44'" in refused.output
    assert _count(combat) == COMBAT
    kept = combat("insert", "g", str(typo), *after, "--lenient", "--json")
    assert kept.exit_code == 0, kept.output
    assert [k["field"] for k in json.loads(kept.output)["kept"]] == ["unit"]
    assert _count(combat) == COMBAT + 2
    good = tmp_path / "good.jsonl"
    good.write_text(json.dumps(LATER_MOVE) + "\n")
    inserted = combat("insert", "g", str(good), *after)
    assert inserted.exit_code == 0, inserted.output
    assert "kept" not in inserted.output
