"""The auditor's checklists of the rules extracts: every checklist ID, its extract, its tags and a short title.

The extracts (``../shared/rules/*-extract.md``, section 2, section 3 for the A3R extract) list every rule a program can
check from a recorded game, each with an ID (``AUD-15-07``, ``C-01``, ``B-10``, ``C-BRP-3``). The IDs are qualified by
extract because a few exist in two (``O-01`` to ``O-06``, ``F-01``) and normalised (the 31-34 and A3R extracts write
them with non-breaking hyphens). The list is committed (``checklist.tsv`` beside this module, read into :data:`ITEMS`)
so that the coverage matrix and its tests work on a fresh clone; ``python -m replays.audit.checklist RULES_DIR``
regenerates it from the extracts, and a test compares the two where the extracts are present.

Each item's clauses are the parts of its check as the extract states them: its lettered conditions (``A:``,
``B:`` ...) where it letters them, else the parts of the check sentence between top-level semicolons, lettered in
order; the item's ``Violation:`` (the fault a test plants) is kept beside them. A test plants the fault of one clause
with ``@pytest.mark.plants("S-11.B")`` (``S-11`` where the item has one clause).

Groups: mechanical = ``[M]``, ``[MECH]``; logged = ``[MECH+LOG]``, ``[MECH if logged]``, ``[S]``, ``[P]``;
map = ``[ATTR]``, ``[G]``, ``[GEO]``, ``[MAP]``; an item with several tags counts in the most demanding group it has
(map over logged over mechanical); an item with none of these (``[C]`` player choice, ``[X]`` a rule outside the
extract) is ``other``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Final, Literal, NamedTuple

Extract = Literal["10-16", "27-30", "31-34", "a3r"]
Group = Literal["mechanical", "logged", "map", "other"]

EXTRACT_FILES: Final[dict[Extract, str]] = {
    "10-16": "rules-10-16-units-movement-combat-extract.md",
    "27-30": "rules-27-30-construction-redeployment-control-supply-extract.md",
    "31-34": "rules-31-34-bridgeheads-fortifications-oil-weather-extract.md",
    "a3r": "a3r-house-rules-best-of-awaw-extract.md",
}

_GROUP_OF_TAG: Final[dict[str, Group]] = {
    "M": "mechanical",
    "MECH": "mechanical",
    "MECH+LOG": "logged",
    "MECH if logged": "logged",
    "S": "logged",
    "P": "logged",
    "ATTR": "map",
    "G": "map",
    "GEO": "map",
    "MAP": "map",
}
_RANK: Final[dict[Group, int]] = {"other": 0, "mechanical": 1, "logged": 2, "map": 3}


class Clause(NamedTuple):
    """One clause of a checklist item: its letter, what it says, and the violation the extract gives for it."""

    letter: str
    text: str
    violation: str = ""


class Item(NamedTuple):
    """One checklist entry of an extract."""

    extract: Extract
    id: str
    group: Group
    tags: str
    title: str
    clauses: tuple[Clause, ...] = ()
    violation: str = ""
    """The item's ``Violation:`` where the extract gives one for the whole item."""

    @property
    def key(self) -> str:
        """The qualified ID: ``10-16/AUD-15-07``."""
        return f"{self.extract}/{self.id}"


def normalise(identifier: str) -> str:
    """An ID as the code writes it: non-breaking hyphens made plain, a trailing dot dropped."""
    return identifier.replace("\u2011", "-").rstrip(".")


_ITEM = re.compile(r"^\* \*\*([A-Z][A-Z0-9]*(?:[\u2011-][A-Z0-9]+)+)\.?\*?\*?")
_TAG_ANYWHERE = re.compile(r"\[(MECH if logged|MECH\+LOG|MECH|ATTR|GEO|MAP|M|G|S|P|C|X)\b[^\]]*\]")


def parse(extract: Extract, text: str) -> Iterator[Item]:
    """The checklist items of one extract's text, in order."""
    heading = "## 3." if extract == "a3r" else "## 2."
    start = text.index("\n" + heading)
    end = text.index("\n## ", start + 1)
    for block in re.split(r"\n(?=\* \*\*)", text[start:end]):
        match = _ITEM.match(block)
        if match is None:
            continue
        block = re.split(r"\n#|\n-{3,}", block, maxsplit=1)[0]  # a heading or a section's rule ends the item
        tags = sorted(set(_TAG_ANYWHERE.findall(block)), key=_tag_order)
        group: Group = "other"
        for tag in tags:
            found = _GROUP_OF_TAG.get(tag, "other")
            if _RANK[found] > _RANK[group]:
                group = found
        rest = block[match.end() :]
        parts, violation = clauses(rest)
        yield Item(extract, normalise(match.group(1)), group, " ".join(tags), _title(rest), parts, violation)


def _tag_order(tag: str) -> int:
    return list(_GROUP_OF_TAG).index(tag) if tag in _GROUP_OF_TAG else len(_GROUP_OF_TAG)


def _title(rest: str) -> str:
    text = _TAG_ANYWHERE.sub("", rest.replace("*", ""))
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"^Check:\s*", "", text)
    sentence = re.split(r"(?<=[a-z)\]])\. (?=[A-Z])|\s—\s|Inputs:", text, maxsplit=1)[0].strip()
    return sentence if len(sentence) <= 110 else sentence[:107].rstrip() + "..."


_LETTERED: Final = re.compile(r"(?:^|\n)\s*\*\s+([A-H]):\s|(?<=[.*]\s)([A-H]):\s")
_MAX_CLAUSES: Final = 8
"""More parts than this between semicolons is a list inside one condition, not clauses: one clause."""


def _clean(text: str) -> str:
    text = _TAG_ANYWHERE.sub("", text.replace("*", ""))
    text = re.sub(r"\[[A-Z]+\]", "", text)  # [UNSURE], [DERIVED]
    text = re.sub(r"\s+", " ", text)
    return re.sub(r"\.\s*\+.*$", ".", text).strip(" .;")


def _short(text: str, limit: int = 100) -> str:
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


def _violation(text: str) -> str:
    return _short(_clean(text.split("Violation:", 1)[1])) if "Violation:" in text else ""


def _parts(text: str) -> list[str]:
    """``text`` split at the semicolons outside parentheses and brackets."""
    parts: list[str] = []
    depth = start = 0
    for i, char in enumerate(text):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif char == ";" and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def clauses(rest: str) -> tuple[tuple[Clause, ...], str]:
    """The clauses of an item's text (what follows its ID) and the item's own violation."""
    marks = [(m.start(), next(g for g in m.groups() if g)) for m in _LETTERED.finditer(rest)]
    letters = [letter for _, letter in marks]
    if len(marks) >= 2 and letters == [chr(ord("A") + i) for i in range(len(letters))]:
        found = []
        for (start, letter), (end, _) in zip(marks, [*marks[1:], (len(rest), "")], strict=True):
            part = re.sub(r"^\s*\*?\s*[A-H]:\s*", "", rest[start:end])
            body = part.split("Inputs:", 1)[0].split("Violation:", 1)[0]
            found.append(Clause(letter, _short(_clean(body)), _violation(part)))
        head = rest[: marks[0][0]]
        return tuple(found), _violation(head)
    check = _clean(rest.split("Inputs:", 1)[0].split("Violation:", 1)[0])
    check = re.split(r"\s—\s", re.sub(r"^\W*Check:\s*", "", check), maxsplit=1)[0]
    parts = _parts(check)
    if len(parts) > _MAX_CLAUSES:
        parts = [check]
    return tuple(Clause(chr(ord("A") + i), _short(_clean(p))) for i, p in enumerate(parts)), _violation(rest)


def from_extracts(rules_dir: Path) -> list[Item]:
    """Every checklist item of the four extracts in ``rules_dir``."""
    items: list[Item] = []
    for extract, name in EXTRACT_FILES.items():
        items.extend(parse(extract, (rules_dir / name).read_text(encoding="utf-8")))
    return items


HEADER: Final = "extract\tid\tgroup\ttags\ttitle\tclauses\tviolation"
CLAUSE_SEPARATOR: Final = " ¦ "
"""Between the clauses of the ``clauses`` column: ``A: text`` (`` => violation`` where the clause has its own)."""


def _render_clauses(found: tuple[Clause, ...]) -> str:
    return CLAUSE_SEPARATOR.join(f"{c.letter}: {c.text}" + (f" => {c.violation}" if c.violation else "") for c in found)


def _load_clauses(text: str) -> tuple[Clause, ...]:
    found = []
    for part in text.split(CLAUSE_SEPARATOR) if text else ():
        letter, _, body = part.partition(": ")
        said, _, violation = body.partition(" => ")
        found.append(Clause(letter, said, violation))
    return tuple(found)


def render(items: list[Item]) -> str:
    """The committed list: a header, then one tab-separated line per item (generated; do not edit by hand)."""
    lines = ("\t".join((*item[:5], _render_clauses(item.clauses), item.violation)) for item in items)
    return "\n".join([HEADER, *lines]) + "\n"


def load(text: str) -> tuple[Item, ...]:
    """The items of a rendered list."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER:
        raise ValueError("checklist.tsv does not start with its header")
    items = []
    for line in lines[1:]:
        extract, identifier, group, tags, title, found, violation = line.split("\t")
        items.append(Item(extract, identifier, group, tags, title, _load_clauses(found), violation))  # type: ignore[arg-type]
    return tuple(items)


ITEMS: Final = load(resources.files("replays.audit").joinpath("checklist.tsv").read_text(encoding="utf-8"))
"""Every checklist item of the four extracts, in extract order."""


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate replays/audit/checklist.tsv from the rules extracts.")
    parser.add_argument("rules_dir", nargs="?", type=Path, default=Path("../shared/rules"), help="the rules directory")
    rules_dir: Path = parser.parse_args().rules_dir
    target = Path(__file__).with_name("checklist.tsv")
    target.write_text(render(from_extracts(rules_dir)), encoding="utf-8")


if __name__ == "__main__":
    main()
