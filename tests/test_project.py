"""Project hygiene: layering, generated docs current, every command documented in the README."""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest

from replays.cli import cli
from replays.docs import events_markdown

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"awaw_events": {"projections", "replays"}, "projections": {"replays"}}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_lower_layers_do_not_import_higher_ones(package: str) -> None:
    for path in (ROOT / package).rglob("*.py"):
        bad = _imports(path) & FORBIDDEN[package]
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_projections_do_no_io() -> None:
    banned = {"sqlite3", "os", "pathlib", "random", "time", "datetime", "secrets", "socket", "subprocess"}
    for path in (ROOT / "projections").rglob("*.py"):
        bad = _imports(path) & banned
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_event_docs_are_current() -> None:
    assert (ROOT / "docs" / "events.md").read_text(encoding="utf-8") == events_markdown(), (
        "docs/events.md is stale: run `python -m replays.docs`"
    )


def test_readme_mentions_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in cli.list_commands(click.Context(cli)):
        assert f"awaw {name}" in readme, f"README.md does not show `awaw {name}`"


def test_audit_check_docs_are_current() -> None:
    from replays.audit.docs import checks_markdown

    assert (ROOT / "docs" / "audit-checks.md").read_text(encoding="utf-8") == checks_markdown(), (
        "docs/audit-checks.md is stale: run `python -m replays.audit.docs`"
    )


@pytest.mark.parametrize("name", ["board", "brp", "oil", "naval"])
def test_each_projection_declares_the_events_it_handles(name: str) -> None:
    """``step`` returns early for events outside HANDLED, so HANDLED must list every class its match names."""
    import importlib
    import inspect

    module = importlib.import_module(f"projections.{name}")
    tree = ast.parse(inspect.getsource(module.step))
    matched = {n.cls.id for n in ast.walk(tree) if isinstance(n, ast.MatchClass) and isinstance(n.cls, ast.Name)}
    assert {cls.__name__ for cls in module.HANDLED} == matched
