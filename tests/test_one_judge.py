"""One judge per rule: the commands decide with the position's queries, the audit asks the same ones, and
the commands reach the audit only through the runner that previews the audit of decided events.

The import graph is read from the source (ast), not grepped: a module reaches another through any chain of imports
inside the project.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from replays.audit.engine import judge

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


# ---------------------------------------------------------------------------------------------------------------------
# The commands ask the audit's queries, and judge no audited rule on their own


def _command_modules() -> dict[str, ModuleType]:
    return {
        name: importlib.import_module(name)
        for name in sorted(_module_name(p) for p in (ROOT / "replays" / "commands").glob("*.py"))
    }


def _tables(module: ModuleType) -> Iterator[tuple[str, object]]:
    """The module-level UPPERCASE tuples and dicts a command module defines (not those it imports)."""
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        for target in targets:
            if isinstance(target, ast.Name) and target.id.isupper():
                value = getattr(module, target.id)
                if isinstance(value, (tuple, dict)):
                    yield target.id, value


def _callables(table: object) -> Iterator[Callable[..., object]]:
    for item in table.values() if isinstance(table, dict) else table:  # type: ignore[attr-defined]
        for found in item if isinstance(item, tuple) else (item,):
            if callable(found):
                yield found


def _audited() -> tuple[set[object], set[str]]:
    from replays.audit.catalogue import FAMILIES

    checks = [c for family in FAMILIES for c in family.checks]
    return {c.query for c in checks if c.query is not None}, {c.rule for c in checks}


def test_every_table_of_queries_in_the_commands_holds_only_queries_the_audit_asks() -> None:
    asked, _ = _audited()
    tables = {
        f"{name}.{table}": [f for f in _callables(value) if f.__module__.startswith("projections.position")]
        for name, module in _command_modules().items()
        for table, value in _tables(module)
    }
    assert len([t for t, queries in tables.items() if queries]) >= 10  # BUILD_JUDGES, DECLARATION, JUDGES ...
    not_asked = {
        t: [f"{f.__module__}.{f.__qualname__}" for f in found if f not in asked] for t, found in tables.items()
    }
    assert {t: found for t, found in not_asked.items() if found} == {}


STILL_JUDGED_IN_A_COMMAND: dict[tuple[str, str], str] = {}
"""Literal refusals in replays/commands under a rule some check of the audit also judges, each with why the command
judges it itself (file, rule) -> reason. Empty: every such refusal drafts its event and asks the position's query
(the one the audit asks), and what a command cannot draft (a field not given, a name no catalogue holds) cites
``the command`` (replays.commands.base.COMMAND) or ``the record``, never an audited rule's number."""


def _literal_refusals(path: Path) -> Iterator[tuple[int, str]]:
    """Each ``Refusal(rule, ...)`` whose rule is written out in the call: a string, or an expression that computes it
    (which must be read to be trusted); a name (``records.RULE``, ``COMMAND``, a breach's ``found.rule``) is not."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Refusal" and node.args:
            rule = node.args[0]
            if isinstance(rule, ast.Constant) and isinstance(rule.value, str):
                yield node.lineno, rule.value
            elif not isinstance(rule, ast.Name | ast.Attribute):
                yield node.lineno, ast.unparse(rule)


def test_no_command_refuses_on_its_own_under_a_rule_the_audit_checks() -> None:
    _, rules = _audited()
    found = {
        (str(path.relative_to(ROOT)), rule): line
        for path in sorted((ROOT / "replays" / "commands").glob("*.py"))
        for line, rule in _literal_refusals(path)
        if rule in rules or not rule[:1].isdigit()
    }
    assert set(found) - set(STILL_JUDGED_IN_A_COMMAND) == set(), found
    assert all(STILL_JUDGED_IN_A_COMMAND.values())


def test_the_refusal_scan_sees_a_rule_written_out(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text(
        'def f(r):\n    Refusal("15.21", "x")\n    Refusal(r if r else "13.4", "y")\n    Refusal(COMMAND, "z")\n',
        encoding="utf-8",
    )
    assert list(_literal_refusals(path)) == [(2, "15.21"), (3, "r if r else '13.4'")]


# ---------------------------------------------------------------------------------------------------------------------
# The audit's own bodies read the event


OWN_RECORD_KEEPING: dict[str, str] = {
    "replays.audit.families.dice.check_roll_numbering": "reads the event's number in the log (ctx.seq), the audit's "
    "own record-keeping, beside the event: the position's dice.roll_numbering judges",
    "replays.audit.families.dice.check_seeded_rolls": "writes its findings on the earlier roll events the revealed "
    "seed contradicts (their numbers and game times), the audit's own record-keeping: the position's "
    "dice.seeded_rolls judges",
}
"""Family bodies that read more of the audit context than the event (and the position), and why."""


def _context_parameter(function: ast.FunctionDef) -> str | None:
    for arg in function.args.args:
        hint = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        if hint.startswith("AuditContext") or arg.arg == "ctx":
            return arg.arg
    return None


def _family_functions() -> Iterator[tuple[str, ast.FunctionDef, ast.Module]]:
    for path in sorted((ROOT / "replays" / "audit" / "families").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                yield f"{_module_name(path)}.{node.name}", node, tree


def _reads(function: ast.FunctionDef, parameter: str, attribute: str) -> bool:
    return any(
        isinstance(n, ast.Attribute)
        and n.attr == attribute
        and isinstance(n.value, ast.Name)
        and n.value.id == parameter
        for n in ast.walk(function)
    )


def _reading_the_event() -> tuple[dict[str, str], set[str]]:
    """The family functions taking the audit context (name -> its parameter), and those reading the event: directly
    (``ctx.event``) or through a function of their module that does (``ctx.cached(_found)``)."""
    taking: dict[str, str] = {}
    bodies: dict[str, tuple[ast.FunctionDef, str]] = {}
    for name, function, _ in _family_functions():
        parameter = _context_parameter(function)
        if parameter is not None:
            taking[name] = parameter
            bodies[name] = (function, parameter)
    reading = {name for name, (f, p) in bodies.items() if _reads(f, p, "event")}
    while True:
        more = {
            name
            for name, (f, _) in bodies.items()
            if name not in reading
            and any(isinstance(n, ast.Name) and f"{name.rpartition('.')[0]}.{n.id}" in reading for n in ast.walk(f))
        }
        if not more:
            return taking, reading
        reading |= more


def test_no_audit_family_body_takes_the_context_without_reading_the_event() -> None:
    taking, reading = _reading_the_event()
    assert taking  # the dice and record bodies at least
    assert sorted(set(taking) - reading) == []
    beyond = {
        name
        for name, function, _ in _family_functions()
        if name in taking
        and any(
            (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id == taking[name]
                and n.attr not in ("event", "position", "cached", "state")
            )
            or (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Finding")
            for n in ast.walk(function)
        )
    }  # reads the audit's own record-keeping (ctx.seq), or writes findings of events other than its own
    assert beyond == set(OWN_RECORD_KEEPING), beyond


def _annotated(query: Callable[..., object]) -> tuple[type, ...] | None:
    """The event types a query's ``event`` annotation names (None: it names none, ``Any`` or ``Event``)."""
    try:
        return judge(query, "").reads  # type: ignore[arg-type]
    except ValueError:
        return None


def test_a_family_names_what_a_check_reads_only_where_its_query_does_not() -> None:
    """``judge`` reads the event types from the query's ``event`` annotation: a family that writes them again (and
    imports the event classes to do so) repeats the query, and the two can drift apart."""
    repeated = []
    for path in sorted((ROOT / "replays" / "audit" / "families").rglob("*.py")):
        module = importlib.import_module(_module_name(path))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "judge":
                for keyword in node.keywords:
                    if keyword.arg == "reads":
                        query = eval(ast.unparse(node.args[0]), vars(module))
                        given = eval(ast.unparse(keyword.value), vars(module))
                        if given == _annotated(query):
                            repeated.append(f"{path.name}:{node.lineno} {query.__name__}")
    assert repeated == []
