"""One judge per rule: the commands decide with the position's queries, the audit asks the same ones, and
the commands reach the audit only through the runner that previews the audit of decided events.

The import graph is read from the source (ast), not grepped: a module reaches another through any chain of imports
inside the project.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("awaw_events", "projections", "replays")
RUNNER = "replays.commands.runner"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            yield base
            yield from (f"{base}.{a.name}" for a in node.names)


def graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    return {name: {i for i in _imports(path, name) if i in modules} for name, path in modules.items()}


def reaches(edges: dict[str, set[str]], start: str, *, avoiding: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        here = todo.pop()
        for nxt in edges.get(here, ()):
            if nxt != avoiding and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_commands_reach_the_audit_only_through_the_preview_runner() -> None:
    edges = graph()
    commands = [m for m in edges if m.startswith("replays.commands") and m != RUNNER]
    assert commands
    bad = {m: sorted(r for r in reaches(edges, m, avoiding=RUNNER) if r.startswith("replays.audit")) for m in commands}
    assert {m: found for m, found in bad.items() if found} == {}


def test_the_scan_follows_a_chain_of_imports() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": set(), "r": {"c"}}
    assert reaches(edges, "a", avoiding="r") == {"b", "c"}
    assert reaches(edges, "r", avoiding="b") == {"c"}
