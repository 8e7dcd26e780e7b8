"""The auditor's checklists of the rules extracts: every checklist ID, its extract, its tags and a short title.

The extracts (``../shared/rules/*-extract.md``, section 2, section 3 for the A3R extract) list every rule a program can
check from a recorded game, each with an ID (``AUD-15-07``, ``C-01``, ``B-10``, ``C-BRP-3``). The IDs are qualified by
extract because a few exist in two (``O-01`` to ``O-06``, ``F-01``) and normalised (the 31-34 and A3R extracts write
them with non-breaking hyphens). The list is committed (``checklist.tsv`` beside this module, read into :data:`ITEMS`)
so that the coverage matrix and its tests work on a fresh clone; ``python -m replays.audit.checklist RULES_DIR``
regenerates it from the extracts, and a test compares the two where the extracts are present.

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


class Item(NamedTuple):
    """One checklist entry of an extract."""

    extract: Extract
    id: str
    group: Group
    tags: str
    title: str

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
        block = block.split("\n#", 1)[0]
        tags = sorted(set(_TAG_ANYWHERE.findall(block)), key=_tag_order)
        group: Group = "other"
        for tag in tags:
            found = _GROUP_OF_TAG.get(tag, "other")
            if _RANK[found] > _RANK[group]:
                group = found
        yield Item(extract, normalise(match.group(1)), group, " ".join(tags), _title(block[match.end() :]))


def _tag_order(tag: str) -> int:
    return list(_GROUP_OF_TAG).index(tag) if tag in _GROUP_OF_TAG else len(_GROUP_OF_TAG)


def _title(rest: str) -> str:
    text = _TAG_ANYWHERE.sub("", rest.replace("*", ""))
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"^Check:\s*", "", text)
    sentence = re.split(r"(?<=[a-z)\]])\. (?=[A-Z])|\s—\s|Inputs:", text, maxsplit=1)[0].strip()
    return sentence if len(sentence) <= 110 else sentence[:107].rstrip() + "..."


def from_extracts(rules_dir: Path) -> list[Item]:
    """Every checklist item of the four extracts in ``rules_dir``."""
    items: list[Item] = []
    for extract, name in EXTRACT_FILES.items():
        items.extend(parse(extract, (rules_dir / name).read_text(encoding="utf-8")))
    return items


HEADER: Final = "extract\tid\tgroup\ttags\ttitle"


def render(items: list[Item]) -> str:
    """The committed list: a header, then one tab-separated line per item (generated; do not edit by hand)."""
    return "\n".join([HEADER, *("\t".join(item) for item in items)]) + "\n"


def load(text: str) -> tuple[Item, ...]:
    """The items of a rendered list."""
    lines = text.splitlines()
    if not lines or lines[0] != HEADER:
        raise ValueError("checklist.tsv does not start with its header")
    items = []
    for line in lines[1:]:
        extract, identifier, group, tags, title = line.split("\t")
        items.append(Item(extract, identifier, group, tags, title))  # type: ignore[arg-type]
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
