"""The coverage matrix cannot drift: every checklist ID of the extracts is in it, checks name only real IDs, a
covered item has a test that plants its fault, an item is called recomputed only with a planted-fault test for each
of its clauses, and the committed list of IDs and clauses matches the extracts."""

from __future__ import annotations

from pathlib import Path

import pytest

from replays.audit import checklist, coverage
from replays.audit.catalogue import checks
from replays.audit.checklist import ITEMS

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT.parent / "shared" / "rules"


def test_the_coverage_doc_is_current() -> None:
    assert (ROOT / "docs" / "audit-coverage.md").read_text(encoding="utf-8") == coverage.coverage_markdown(), (
        "docs/audit-coverage.md is stale: run `python -m replays.audit.coverage`"
    )


def test_every_checklist_item_is_in_the_matrix_once() -> None:
    rows = coverage.matrix(checks())
    assert [r.item.key for r in rows] == [i.key for i in ITEMS]
    assert len({i.key for i in ITEMS}) == len(ITEMS)


def test_ids_resolve_only_when_they_exist_and_are_unambiguous() -> None:
    assert coverage.resolve("AUD-15-07").key == "10-16/AUD-15-07"
    assert coverage.resolve("31-34/O-01").extract == "31-34"
    with pytest.raises(KeyError, match="several extracts"):
        coverage.resolve("O-01")
    with pytest.raises(KeyError, match="no checklist item"):
        coverage.resolve("AUD-99-99")


def test_every_id_a_check_names_exists() -> None:
    for c in checks():
        for identifier in (*c.covers, *(i for i, _ in c.partly), *(i for i, _ in c.trusts)):
            coverage.clause_of(identifier)  # raises for an unknown or ambiguous ID, or a clause it does not have


def test_no_item_is_both_covered_and_noted_as_needing_a_fact() -> None:
    covered = {coverage.resolve(i).key for c in checks() for i in c.covers}
    stale = sorted(covered & set(coverage.notes()))
    assert not stale, f"replays/audit/notes lists items a check implements: {stale}"


def test_every_covered_item_has_a_test_that_plants_its_fault() -> None:
    covered = {coverage.resolve(i).key for c in checks() for i in c.covers}
    missing = sorted(covered - set(coverage.planted()))
    assert not missing, f"covered checklist items with no @pytest.mark.plants test: {missing}"


def test_an_item_is_recomputed_only_with_a_planted_fault_for_each_clause() -> None:
    plants = coverage.planted()
    for row in coverage.matrix(checks(), plants):
        letters = plants.get(row.item.key, frozenset())
        if row.state == "recomputed":
            assert row.item.clauses, row.item.key
            if len(row.item.clauses) == 1:
                assert letters, row.item.key
            else:
                assert {c.letter for c in row.item.clauses} <= letters, row.item.key
        elif row.state == "partial" and row.item.key in {coverage.resolve(i).key for c in checks() for i in c.covers}:
            said = [m for c in checks() for i, m in c.partly if coverage.resolve(i).key == row.item.key]
            assert row.note.startswith("no planted-fault test for clause") or all(m in row.note for m in said), row
            assert said or row.note.startswith("no planted-fault test for clause"), row


def test_clauses_are_read_from_the_extracts_and_planted_by_letter() -> None:
    b10 = coverage.resolve("31-34/B-10")
    assert [c.letter for c in b10.clauses] == ["A", "B", "C"]
    assert b10.clauses[0].violation == "the bridgehead still exists after HexControlChanged to the enemy"
    assert [c.text for c in coverage.resolve("AUD-15-02").clauses] == [
        "attackers: ground units adjacent to the defender (airborne: on top)",
        "not replacements or partisans",
        "not units in swamp/jungle/jungle-mountain hexes during monsoon, nor attacks into them (15.21, 34....",
    ]
    assert coverage.resolve("C-OPT-2").violation == "deficit spending with no recorded consent"
    assert coverage.clause_of("31-34/B-10.B") == (b10, "B")
    with pytest.raises(KeyError, match="no clause 'D'"):
        coverage.clause_of("31-34/B-10.D")
    single = coverage.resolve("S-20")
    assert coverage.unplanted(single, frozenset({""})) == ()
    assert coverage.unplanted(b10, frozenset({"", "A"})) == ("B", "C")


def test_states_follow_the_declarations(tmp_path: Path) -> None:
    """A covered item with a marker for each clause is recomputed, one clause short partial (named), and an item
    a check trusts is trusted whatever else says so."""
    from replays.audit.engine import check

    b10 = coverage.resolve("31-34/B-10")

    def nothing(c: object, ctx: object) -> tuple[()]:
        return ()

    made = check(nothing, "31.41", "t", reads=(), covers=("31-34/B-10",))
    trusting = check(nothing, "31.41", "t", reads=(), trusts={"31-34/B-10": "the removal as recorded"})
    row = {r.item.key: r for r in coverage.matrix([made], {b10.key: frozenset("ABC")})}[b10.key]
    assert row.state == "recomputed"
    row = {r.item.key: r for r in coverage.matrix([made], {b10.key: frozenset("AB")})}[b10.key]
    assert (row.state, row.note) == ("partial", "no planted-fault test for clause C")
    row = {r.item.key: r for r in coverage.matrix([made, trusting], {b10.key: frozenset("ABC")})}[b10.key]
    assert (row.state, row.note) == ("trusted", "the removal as recorded")
    halved = check(nothing, "31.41", "t", reads=(), partly={"31-34/B-10.B": "its second half needs a fact"})
    row = {r.item.key: r for r in coverage.matrix([made, halved], {b10.key: frozenset("ABC")})}[b10.key]
    assert (row.state, row.note) == ("partial", "clause B: its second half needs a fact")


def test_an_item_named_whole_in_partly_stays_partial_when_every_clause_is_planted() -> None:
    """A check that covers an item and a check (the same or another) that names the item, no clause letter, in
    ``partly``: the item is partial with what ``partly`` says, however many of its clauses are planted."""
    from replays.audit.engine import check

    b10 = coverage.resolve("31-34/B-10")

    def nothing(c: object, ctx: object) -> tuple[()]:
        return ()

    made = check(nothing, "31.41", "t", reads=(), covers=("31-34/B-10",))
    whole = check(nothing, "31.41", "t", reads=(), partly={"31-34/B-10": "the removal's timing needs a fact"})
    both = check(nothing, "31.41", "t", reads=(), covers=("31-34/B-10",), partly={"31-34/B-10": "only the ground half"})
    rows = {r.item.key: r for r in coverage.matrix([made, whole], {b10.key: frozenset("ABC")})}
    assert (rows[b10.key].state, rows[b10.key].note) == ("partial", "the removal's timing needs a fact")
    rows = {r.item.key: r for r in coverage.matrix([both], {b10.key: frozenset("ABC")})}
    assert (rows[b10.key].state, rows[b10.key].note) == ("partial", "only the ground half")
    rows = {r.item.key: r for r in coverage.matrix([made], {b10.key: frozenset("ABC")})}
    assert rows[b10.key].state == "recomputed"


@pytest.mark.skipif(not RULES.is_dir(), reason="the rules extracts are not beside this checkout (../shared/rules)")
def test_the_committed_list_matches_the_extracts() -> None:
    assert checklist.from_extracts(RULES) == list(ITEMS)
