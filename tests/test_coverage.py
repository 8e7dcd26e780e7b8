"""The coverage matrix cannot drift: every checklist ID of the extracts is in it, checks name only real IDs, an
implemented item has a test that plants its fault, and the committed list of IDs matches the extracts."""

from __future__ import annotations

import ast
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
        for identifier in (*c.covers, *(i for i, _ in c.partly)):
            coverage.resolve(identifier)  # raises for an unknown or ambiguous ID


def test_no_item_is_both_implemented_and_noted_as_not_possible() -> None:
    implemented = {coverage.resolve(i).key for c in checks() for i in c.covers}
    stale = sorted(implemented & set(coverage.notes()))
    assert not stale, f"replays/audit/notes lists items a check implements: {stale}"


def _planted() -> set[str]:
    """Checklist items that some test marks with ``@pytest.mark.plants(...)``."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "plants"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                found |= {coverage.resolve(a.value).key for a in node.args if isinstance(a, ast.Constant)}
    return found


def test_every_implemented_item_has_a_test_that_plants_its_fault() -> None:
    implemented = {coverage.resolve(i).key for c in checks() for i in c.covers}
    missing = sorted(implemented - _planted())
    assert not missing, f"implemented checklist items with no @pytest.mark.plants test: {missing}"


@pytest.mark.skipif(not RULES.is_dir(), reason="the rules extracts are not beside this checkout (../shared/rules)")
def test_the_committed_list_matches_the_extracts() -> None:
    assert checklist.from_extracts(RULES) == list(ITEMS)
