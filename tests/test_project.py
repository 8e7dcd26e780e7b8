"""Project hygiene: layering, generated docs current, every command documented in the README."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
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
        group = cli.get_command(click.Context(cli), name)
        if isinstance(group, click.Group):
            for sub in group.list_commands(click.Context(group)):
                assert f"awaw {name} {sub}" in readme, f"README.md does not show `awaw {name} {sub}`"


def test_audit_check_docs_are_current() -> None:
    from replays.audit.docs import checks_markdown

    assert (ROOT / "docs" / "audit-checks.md").read_text(encoding="utf-8") == checks_markdown(), (
        "docs/audit-checks.md is stale: run `python -m replays.audit.docs`"
    )


def test_every_projection_folds_by_handlers() -> None:
    """No projection keeps a ``step`` that sees every event: each reacts to its own event types (and to a change of
    game time) by handlers."""
    from projections.game import PROJECTIONS

    assert [name for name, module in PROJECTIONS if not hasattr(module, "HANDLERS") or hasattr(module, "step")] == []


PACKAGES = ("awaw_events", "projections", "replays")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (at module level or inside functions)."""
    paths = {_module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in paths}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module in paths:
                found.add(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in paths}
        graph[name] = found - {name}
    return graph


def test_the_import_graph_has_no_cycle() -> None:
    graph = _import_graph()
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                cycle = [*path[path.index(target) :], target] if target in path else [module, target]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


def test_no_audit_module_imports_for_side_effects() -> None:
    """Checks are listed explicitly (each family exports its FAMILY, the catalogue lists them): no module under
    replays/audit imports a module only to run it."""
    for path in (ROOT / "replays" / "audit").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "noqa: F401" not in text, f"{path.relative_to(ROOT)} imports a module for its side effects"
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "replays" for a in node.names), (
                    f"{path.relative_to(ROOT)}: `import replays...` runs a module without naming what it uses"
                )


def test_the_catalogue_lists_every_family_module() -> None:
    from replays.audit import catalogue

    families = ROOT / "replays" / "audit" / "families"
    modules = {p.stem for p in families.glob("*.py") if p.stem != "__init__"}
    modules |= {p.parent.name for p in families.glob("*/__init__.py")}  # a family split into a package
    listed = set(map(id, catalogue.FAMILIES))
    found = set()
    for name in modules:
        module = importlib.import_module(f"replays.audit.families.{name}")
        family = getattr(module, "FAMILY", None)
        assert family is not None, f"replays.audit.families.{name} defines no FAMILY"
        found.add(id(family))
        for other in vars(module).values():  # a module that defines two families (fortifications, bridgeheads)
            if type(other) is type(family) and id(other) in listed:
                found.add(id(other))
    assert found == listed


def _two_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return [block.split("```", 1)[0].strip() for block in section.split("```sh\n")[1:]]


def test_ci_runs_the_readme_commands() -> None:
    """CI installs what the README's test command installs, runs the README's main job and its test command."""
    main_job, tests = _two_commands()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    install, _, test = tests.partition(" && ")
    assert install.replace("python -m pip install ", "python -m pip install --quiet ") in ci
    assert ci.rstrip().endswith(test)
    for step in main_job.split(" && ")[1:]:  # the awaw commands, after the install
        words = step.split()
        assert " ".join(words[:2]) in ci and words[-1].split("/")[-1] in ci, step


GENERATORS = [
    ["-m", "replays.docs"],
    ["-m", "replays.audit.docs"],
    ["-m", "replays.audit.coverage"],
    ["-m", "replays.audit.checklist"],
    [str(Path(__file__).resolve().parent.parent / "benchmarks" / "synthetic.py")],
]


@pytest.mark.parametrize("command", GENERATORS, ids=lambda c: c[-1].rsplit("/", 1)[-1])
def test_the_file_writers_answer_help_without_writing(command: list[str], tmp_path: Path) -> None:
    """``python -m replays.audit.docs --help`` once wrote a file named ``--help`` (and the benchmark's archive
    writer a store of that name): help is help."""
    done = subprocess.run([sys.executable, *command, "--help"], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0 and "usage:" in done.stdout, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_no_package_source_cites_an_issue() -> None:
    """Docstrings and comments say what the code does; which issue asked for it is the history's business (git)."""
    cited = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"\bissues? \d+\b", line)
    ]
    assert cited == []


def test_pictures_work_after_the_readme_first_command() -> None:
    """The README's first command is ``python -m pip install .``: matplotlib (PNG boards, charts, the report) is a
    dependency, not an extra, and CI draws a PNG board, a chart and the report in a venv installed exactly so."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert any(d.startswith("matplotlib") for d in project["dependencies"])
    main_job, _ = _two_commands()
    assert main_job.startswith("python -m pip install . && ")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci-base-venv/bin/python -m pip install --quiet .\n" in ci
    base = ci.split(".ci-base-venv/bin/python -m pip install --quiet .\n", 1)[1].split("python -m pytest")[0]
    for picture in ("awaw board campaign-1939 --at 1939-fall -o board.png", "awaw plot", "awaw report"):
        assert picture in base


def test_the_picture_code_imports_matplotlib_only_when_it_draws() -> None:
    """Text commands start lean: importing the modules that draw (charts, plots, the board, the report) does not
    import matplotlib; drawing does."""
    code = (
        "import sys\n"
        "import replays.charts, replays.plotting, replays.report, replays.pictures.scene, replays.pictures.game\n"
        "import replays.cli.reporting\n"
        "assert 'matplotlib' not in sys.modules, sorted(m for m in sys.modules if m.startswith('matplotlib'))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
