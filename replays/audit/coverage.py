"""The coverage matrix: for every checklist item of the rules extracts, what the audit does with it.

Each item is in one state:

* ``recomputed``: a check names it in ``covers`` (the audit derives the fact and judges the claim) and a test plants
  the fault of each of its clauses (``@pytest.mark.plants("S-11.B")``; ``"S-11"`` where the item has one clause);
* ``partial``: a check covers it but some clause has no planted-fault test (the clauses are named), or a check names
  it in ``partly``, with what is missing (an item or a clause named in ``partly``, ``S-25`` or ``S-25.A``, keeps the
  item partial even where a check covers it and a test plants the part of each clause that is checked);
* ``trusted``: a check names it in ``trusts``: it reads the claim back instead of deriving it (what it trusts);
* ``needs a fact``: no check can make it yet; ``notes/<family>.yaml`` (beside this module) names the fact no event
  records, or the map data it needs;
* ``not possible``: a note that starts ``not possible:`` says why no check ever can;
* ``open``: none of these yet (work to do).

The clauses are the extracts' (``checklist.tsv``, :mod:`replays.audit.checklist`); the planted-fault markers are
read from the tests (:func:`planted`). ``docs/audit-coverage.md`` is generated from the checks, the notes, the
markers and ``checklist.tsv`` by ``python -m replays.audit.coverage``; tests keep it current and true.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Final, Literal, NamedTuple, get_args

import yaml

from replays import generate
from replays.audit.catalogue import checks as all_checks
from replays.audit.checklist import EXTRACT_FILES, ITEMS, Extract, Group, Item
from replays.audit.engine import Check

State = Literal["recomputed", "partial", "trusted", "needs a fact", "not possible", "open"]
NOT_POSSIBLE: Final = "not possible:"
"""How a note says that no check ever can make its item (the rest of the note says why)."""
TESTS: Final = Path(__file__).resolve().parent.parent.parent / "tests"
"""Where the planted-fault tests are (a checkout's ``tests``)."""

BY_KEY: Final[dict[str, Item]] = {item.key: item for item in ITEMS}
_BY_ID: Final[dict[str, list[Item]]] = {}
for _item in ITEMS:
    _BY_ID.setdefault(_item.id, []).append(_item)


def resolve(identifier: str) -> Item:
    """The checklist item an ID names: qualified (``31-34/O-01``) or plain where only one extract has it (a
    clause's letter after a dot, ``S-11.B``, names the item all the same: :func:`clause_of`)."""
    identifier = identifier.split(".", 1)[0] if "." in identifier else identifier
    if "/" in identifier:
        if identifier not in BY_KEY:
            raise KeyError(f"no checklist item {identifier!r}")
        return BY_KEY[identifier]
    found = _BY_ID.get(identifier, [])
    if not found:
        raise KeyError(f"no checklist item {identifier!r} in any extract")
    if len(found) > 1:
        raise KeyError(f"{identifier!r} is in several extracts: write {' or '.join(i.key for i in found)}")
    return found[0]


def clause_of(identifier: str) -> tuple[Item, str]:
    """The item and the clause letter an ID names (``S-11.B`` -> S-11, ``B``; ``S-11`` -> S-11, ``""``)."""
    item = resolve(identifier)
    _, _, letter = identifier.partition(".")
    if letter and letter not in {c.letter for c in item.clauses}:
        raise KeyError(f"{item.key} has no clause {letter!r} (its clauses: {' '.join(c.letter for c in item.clauses)})")
    return item, letter


def planted(tests: Path = TESTS) -> dict[str, frozenset[str]]:
    """The clauses each checklist item has a planted-fault test for (``@pytest.mark.plants(...)`` in ``tests``),
    by qualified ID: the letters, and ``""`` for a marker naming the item alone."""
    found: dict[str, set[str]] = {}
    for path in sorted(tests.rglob("*.py")) if tests.is_dir() else ():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "plants"
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "mark"
            ):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        item, letter = clause_of(arg.value)
                        found.setdefault(item.key, set()).add(letter)
    return {key: frozenset(letters) for key, letters in found.items()}


def unplanted(item: Item, letters: frozenset[str]) -> tuple[str, ...]:
    """The clauses of ``item`` no marker plants (a marker naming the item alone plants it only if it has one
    clause)."""
    if len(item.clauses) <= 1:
        return () if letters else tuple(c.letter for c in item.clauses) or ("A",)
    return tuple(c.letter for c in item.clauses if c.letter not in letters)


def notes() -> dict[str, str]:
    """Items no check can make yet, with the missing fact (``notes/*.yaml``), by qualified ID."""
    found: dict[str, str] = {}
    for entry in sorted(resources.files("replays.audit").joinpath("notes").iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        raw = yaml.safe_load(entry.read_text(encoding="utf-8")) or {}
        for key, value in raw.items():
            item = resolve(str(key)).key
            if item in found:
                raise ValueError(f"{item} is noted twice (notes/{entry.name} and another file)")
            found[item] = str(value)
    return found


class Row(NamedTuple):
    item: Item
    state: State
    checks: tuple[str, ...]
    note: str


def matrix(checks: Iterable[Check], plants: Mapping[str, frozenset[str]] | None = None) -> list[Row]:
    """The state of every checklist item, in extract order (``plants``: :func:`planted`'s, read from the tests when
    not given)."""
    plants = planted() if plants is None else plants
    full: dict[str, list[str]] = {}
    part: dict[str, list[tuple[str, str]]] = {}
    short: dict[str, list[str]] = {}  # what `partly` says is missing, by item: "clause A: ..." or the item's own
    trust: dict[str, list[tuple[str, str]]] = {}
    for c in checks:
        for identifier in c.covers:
            full.setdefault(resolve(identifier).key, []).append(c.id)
        for identifier, missing in c.partly:
            item, letter = clause_of(identifier)
            part.setdefault(item.key, []).append((c.id, missing))
            short.setdefault(item.key, []).append(f"clause {letter}: {missing}" if letter else missing)
        for identifier, trusted in c.trusts:
            trust.setdefault(resolve(identifier).key, []).append((c.id, trusted))
    gaps = notes()
    rows: list[Row] = []
    for item in ITEMS:
        key = item.key
        if key in trust:
            rows.append(Row(item, "trusted", tuple(c for c, _ in trust[key]), "; ".join(t for _, t in trust[key])))
        elif key in full:
            unmarked = unplanted(item, plants.get(key, frozenset()))
            if not unmarked and key not in short:
                rows.append(Row(item, "recomputed", tuple(full[key]), ""))
            elif not unmarked:
                rows.append(Row(item, "partial", tuple(full[key]), "; ".join(short[key])))
            else:
                said = "no planted-fault test for clause " + ", ".join(unmarked)
                noted = [m for _, m in part.get(key, ())]
                rows.append(Row(item, "partial", tuple(full[key]), "; ".join([said, *noted])))
        elif key in part:
            rows.append(Row(item, "partial", tuple(c for c, _ in part[key]), "; ".join(m for _, m in part[key])))
        elif key in gaps:
            note = gaps[key]
            if note.startswith(NOT_POSSIBLE):
                rows.append(Row(item, "not possible", (), note.removeprefix(NOT_POSSIBLE).strip()))
            else:
                rows.append(Row(item, "needs a fact", (), note))
        else:
            rows.append(Row(item, "open", (), ""))
    return rows


def share(rows: Iterable[Row], extract: Extract | None = None, groups: tuple[Group, ...] = ()) -> tuple[int, int]:
    """(recomputed, total) among the rows of an extract (all extracts: None) and groups (all: empty)."""
    chosen = [
        r for r in rows if (extract is None or r.item.extract == extract) and (not groups or r.item.group in groups)
    ]
    return sum(r.state == "recomputed" for r in chosen), len(chosen)


def _pct(done: int, total: int) -> str:
    return f"{done} of {total} ({100 * done / total:.0f}%)" if total else "-"


def iter_markdown(rows: list[Row]) -> Iterator[str]:
    yield "# Audit coverage"
    yield ""
    yield (
        "Generated by `python -m replays.audit.coverage` from the checks (`covers`, `partly`, `trusts`), the "
        "planted-fault tests (`@pytest.mark.plants`), `replays/audit/notes/*.yaml` and the checklists of the rules "
        "extracts (`replays/audit/checklist.tsv`, with each item's clauses); do not edit by hand. An item is "
        "*recomputed* only where a check derives it and a test plants the fault of each of its clauses."
    )
    yield ""
    states_in_order: tuple[State, ...] = get_args(State)
    yield "| extract | items | " + " | ".join(states_in_order) + " | mechanical + logged recomputed | map recomputed |"
    yield "|---|---|" + "---|" * len(states_in_order) + "---|---|"
    for extract in EXTRACT_FILES:
        counts = Counter(r.state for r in rows if r.item.extract == extract)
        states = " | ".join(str(counts[s]) for s in states_in_order)
        yield (
            f"| {extract} | {sum(counts.values())} | {states} | "
            f"{_pct(*share(rows, extract, ('mechanical', 'logged')))} | {_pct(*share(rows, extract, ('map',)))} |"
        )
    counts = Counter(r.state for r in rows)
    states = " | ".join(str(counts[s]) for s in states_in_order)
    yield (
        f"| all | {len(rows)} | {states} | {_pct(*share(rows, None, ('mechanical', 'logged')))} | "
        f"{_pct(*share(rows, None, ('map',)))} |"
    )
    for extract, name in EXTRACT_FILES.items():
        yield ""
        yield f"## {extract} (`{name}`)"
        yield ""
        yield "| ID | group | state | checks | what the item is | clauses | what is missing |"
        yield "|---|---|---|---|---|---|---|"
        for r in rows:
            if r.item.extract == extract:
                checks = ", ".join(f"`{c}`" for c in r.checks)
                note = r.note.replace("|", "\\|")
                title = r.item.title.replace("|", "\\|")
                clauses = " ".join(c.letter for c in r.item.clauses) if len(r.item.clauses) > 1 else ""
                yield f"| {r.item.id} | {r.item.group} | {r.state} | {checks} | {title} | {clauses} | {note} |"


def coverage_markdown() -> str:
    return "\n".join(iter_markdown(matrix(all_checks()))).rstrip() + "\n"


def main() -> None:
    generate.write(coverage_markdown, default=Path("docs/audit-coverage.md"), what="the audit coverage matrix")


if __name__ == "__main__":
    main()
